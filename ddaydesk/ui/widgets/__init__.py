"""Widgets of the main window: docks, the hand-over screen, the turn track, the stack inspector."""
