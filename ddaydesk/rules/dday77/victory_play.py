"""Victory judged at the end of each game turn (hook ``victory``; ``rules/victory.py``).

The facts: combat units on the map per side, Allied combat units in supply in the target
region (out of supply = listed in ``state.record("supply")["unsupplied"]`` by the supply hook;
without it every unit counts as supplied), and the named places each side controls. A result
goes to ``state.game["outcome"]`` (``winner``, ``reason``, ``rule``, ``turn``) and ends the game
(``state.phase = OVER``).
"""

from __future__ import annotations

from ddaydesk.engine.actions import Changes
from ddaydesk.engine.phases import OVER
from ddaydesk.engine.state import GameState
from ddaydesk.rules.dday77.common import is_combat, on_map
from ddaydesk.rules.dday77.control import controlled_names
from ddaydesk.rules.victory import VictoryFacts, condition_names, conditions, judge, target_region


def facts(state: GameState) -> VictoryFacts:
    sc = state.scenario
    sides = sc.system.sides
    counts = {s: sum(1 for k in on_map(state, s) if is_combat(state, k)) for s in sides}
    supplied: dict[str, int] = {}
    for c in conditions(sc.victory, sc.system.id).values():
        if c["kind"] == "units_in_region":
            region = target_region(c, sc.board)
            if region:
                places = sc.board.regions[region].places
                there = [k for k in on_map(state, "allied") if is_combat(state, k) and state.place[k] in places]
                # (the supply record is traced when first read: only when there is someone to count)
                unsupplied = set((state.record("supply") or {}).get("unsupplied", ())) if there else set()
                supplied[region] = sum(1 for k in there if sc.units[k].id not in unsupplied)
    return VictoryFacts(state.turn, sc.last_turn, counts, supplied, controlled_names(state))


def check_victory(state: GameState, ch: Changes) -> None:
    sc = state.scenario
    if not sc.victory or sc.victory not in condition_names(sc.system.id):
        return  # conditions this table does not define (test scenarios): play to the last turn
    out = judge(sc.victory, facts(state), sc.board, sc.system.id)
    if out is not None:
        state.game["outcome"] = {"winner": out.winner, "reason": out.reason, "rule": out.rule, "turn": state.turn}
        state.phase = OVER  # the engine stops here: no more actions
        ch.notes.append(f"{out.winner} wins on turn {state.turn}: {out.reason} ({out.rule})")
