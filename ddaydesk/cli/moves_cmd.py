"""``ddaydesk moves SAVE_OR_SCENARIO UNIT``: where a unit may move, with cost and path."""

from __future__ import annotations

import argparse

from ddaydesk.cli.output import emit_json, print_problems
from ddaydesk.formats.errors import FormatError, Problem

HELP = "list the places a unit can reach now (cheapest cost and path), from a save or a scenario's start"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="SAVE_OR_SCENARIO", help="a saved game (.json) or a scenario (.yaml)")
    p.add_argument("unit", metavar="UNIT", help="unit id as in the scenario")
    p.add_argument("--mode", choices=("normal", "strategic", "surprise"), default="normal",
                   help="movement mode (default normal)")
    p.add_argument("--json", action="store_true", help="print JSON (docs/cli.md)")


def run(args: argparse.Namespace) -> int:
    from ddaydesk.engine import Game, load_game, reach
    from ddaydesk.engine.movement import move_problem
    from ddaydesk.engine.savefile import is_save
    from ddaydesk.engine.tables import SCALE
    from ddaydesk.formats.scenariofile import load_scenario

    try:
        game = load_game(args.file) if is_save(args.file) else Game(load_scenario(args.file))
    except FormatError as exc:
        print_problems(exc.problems)
        return 1
    state = game.state
    board = state.scenario.board
    if args.unit not in state.scenario.unit_index:
        print_problems([Problem(args.file, 0, 0, f"no unit {args.unit!r} in scenario {state.scenario.id}")])
        return 1
    k = state.unit(args.unit)
    # The range ignores whose phase it is (a planning aid); say if the unit could move now.
    try:
        problem = move_problem(state, k, args.mode, "all")
        r = reach(state, k, args.mode)
    except FormatError as exc:  # a system without movement points (D-Day2, D-Day Dice)
        print_problems(exc.problems)
        return 1
    places = [{"hex": board.labels[i], "cost": r.cost(i), "path": [board.labels[p] for p in r.path(i)],
               "zoc_stop": i in r.zoc_stops} for i in r.dest]
    out = {
        "unit": args.unit, "turn": state.turn, "phase": state.phase, "mode": args.mode,
        "from": board.labels[r.start] if r.start >= 0 else None, "mp": r.mp / SCALE,
        "can_move_now": problem is None, "why_not": problem, "reachable": places,
    }
    if args.json:
        emit_json(out)
        return 0
    where = out["from"] or "off the map (entering)"
    print(f"{args.unit} at {where}, {out['mp']:g} MP ({args.mode}), turn {state.turn} {state.phase}")
    if problem:
        print(f"  cannot move now: {problem}")
    for p in places:
        stop = "  (enemy ZOC: stops)" if p["zoc_stop"] else ""
        print(f"  {p['hex']}  {p['cost']:>4g} MP  {' > '.join(p['path'])}{stop}")
    return 0
