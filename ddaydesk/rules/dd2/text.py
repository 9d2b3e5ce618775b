"""D-Day2 actions in words, and the zone each one is about: for the hot-seat window's action
list, its click-on-a-zone menu and the log pane. Pure, no Qt."""

from __future__ import annotations

from ddaydesk.engine import Action, EndPhase, GameState, Move
from ddaydesk.rules.dd2.actions import (
    BlockhouseFire,
    Bomb,
    Bombard,
    Casualties,
    Fight,
    GoAshore,
    ParaDrop,
    Patrol,
    Reinforce,
    RollReinforcements,
)
from ddaydesk.rules.dd2.state import DD2State

ENDING = {"naval": "forgo the remaining naval shots", "bombing": "send the bombers (resolve the bombing)",
          "patrol": "launch the patrols (German AA fires)", "allied_move": "end the Allied moves",
          "german_move": "end the German moves", "allied_reinforce": "end Allied reinforcement",
          "german_reinforce": "end German reinforcement"}


def zone_name(s: DD2State, z: int) -> str:
    name = s.board.name_of(z)
    return f"{s.label(z)} {name}" if name else s.label(z)


def action_zone(gs: GameState, a: Action) -> int:
    """The zone an action is about (where the player clicks for it), or -1."""
    s = DD2State(gs)
    if isinstance(a, Move):
        return s.zone[s.k(a.unit)]
    if isinstance(a, Bomb):
        return a.target
    if isinstance(a, Patrol | Reinforce):
        return a.place
    if isinstance(a, Bombard | GoAshore):
        return s.zone[s.k(a.unit)]
    return -1


def action_text(gs: GameState, a: Action) -> str:
    """One line for a player: 'move g12-arm (armour) from 12 Carentan to 13 Isigny-sur-Mer'."""
    s = DD2State(gs)

    def unit(uid: str) -> str:
        return f"{uid} ({s.type(s.k(uid)).replace('_', ' ')})"

    if isinstance(a, EndPhase):
        return ENDING.get(s.phase, "end the phase")
    if isinstance(a, Move):
        return f"move {unit(a.unit)} from {zone_name(s, s.zone[s.k(a.unit)])} to {zone_name(s, a.to)}"
    if isinstance(a, GoAshore):
        return f"land {unit(a.unit)} in {zone_name(s, s.zone[s.k(a.unit)])}"
    if isinstance(a, Bombard):
        return f"naval shot at {unit(a.unit)} in {zone_name(s, s.zone[s.k(a.unit)])}"
    if isinstance(a, Bomb):
        return f"send {a.unit} against {zone_name(s, a.target)}"
    if isinstance(a, Patrol):
        return f"{a.n} fighter{'s' if a.n > 1 else ''} on patrol over {zone_name(s, a.place)}"
    if isinstance(a, Reinforce):
        return f"place {unit(a.unit)} at {zone_name(s, a.place)}"
    if isinstance(a, Casualties):
        return "lose " + ", ".join(unit(u) for u in a.units)
    return {ParaDrop: "para surprise attack (9 dice)", BlockhouseFire: "blockhouses fire at the beaches",
            Fight: "fight every battle (one round)", RollReinforcements: "roll for reinforcements"
            }.get(type(a), a.describe(s.board))
