"""The game engine (no Qt): state, sequence of play, actions, the action log, dice, views, movement."""
