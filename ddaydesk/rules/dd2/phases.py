"""D-Day2's phases: whose each is, which a player ends, what is left to do in them (the
``when:`` conditions and the handlers read these), and what a firing step does once its last
casualty is picked.
"""

from __future__ import annotations

from ddaydesk.rules.dd2 import fire
from ddaydesk.rules.dd2.state import LAND_TYPES, DD2State

MOVE_PHASES = {"allied_move": "allied", "german_move": "german"}
BATTLE_PHASES = {"allied_battle": "allied", "german_battle": "german"}
REINFORCE_PHASES = {"allied_reinforce": "allied", "german_reinforce": "german"}
# Phases a player ends (end_phase): forgo the remaining naval shots, resolve the bombing,
# launch the patrols, end moves, end placement. The others end when their step is done.
ENDED_BY_PLAYER = ("naval", "bombing", "patrol", *MOVE_PHASES, *REINFORCE_PHASES)
# What ends each of the others, in the player's words (a refused end of phase says it).
STEP_DONE = {"para": "once the para surprise attack is made", "blockhouse_fire": "once the blockhouses have fired",
             "allied_battle": "once every battle is fought", "german_battle": "once every battle is fought",
             "end_of_turn": "at the end of the turn"}


def blockhouses(s: DD2State) -> list[int]:
    return [k for k in range(len(s.zone)) if s.type(k) == "blockhouse" and s.alive(k)]


def free_bombers(s: DD2State) -> list[int]:
    return [k for k in s.in_box("usaaf") if s.type(k) == "bomber" and s.units[k].id not in s.game["bombs"]]


def free_fighters(s: DD2State) -> list[int]:
    return [k for k in s.in_box("usaaf") if s.type(k) == "fighter"]


def bomb_zones(s: DD2State) -> list[int]:
    """Zones a bomber may attack: German units there and no Allied ground unit (DD2-AIR-01)."""
    return [z for z in range(s.board.n) if s.in_zone(z, "german") and not s.in_zone(z, "allied", LAND_TYPES)]


def can_fire_at_beach(s: DD2State) -> bool:
    return any(s.on_beach(bz) and any(s.in_zone(z, "german", ("blockhouse",)) for z in zs)
               for bz, zs in s.info.fire.items())


def settle(s: DD2State) -> None:
    """After the last casualty choice of a firing step: what the step does next."""
    if s.pending:
        return
    if s.phase == "bombing":
        fire.aa_at_bombers(s)
    if s.phase in BATTLE_PHASES:
        fire.retreat(s)
    s.ch.end_phase = True
