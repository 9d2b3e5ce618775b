"""``ddaydesk supply SAVE_OR_SCENARIO``: which units are in supply, through which chain, and
why not (JSON schema in docs/cli.md)."""

from __future__ import annotations

import argparse
import dataclasses
import sys

from ddaydesk.cli.output import emit_json, print_problems
from ddaydesk.formats.errors import FormatError
from ddaydesk.rules.supply import compute_supply, load_supply_params
from ddaydesk.rules.supply.adapter import from_game_state
from ddaydesk.rules.supply.hooks import OPTION_OF_SIDE

HELP = "show every unit's supply line (chain, lengths against limits) or why it has none"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", metavar="SAVE_OR_SCENARIO", help="a saved game (.json) or a scenario (.yaml: its start)")
    p.add_argument("--side", help="only this side's units and capacity holders (allied, german)")
    p.add_argument("--turn", type=int, help="game turn instead of the position's (weather counts from turn 6 in D-Day '77)")
    p.add_argument("--weather", help="clear, rain, mud or snow instead of the position's (D-Day '77)")
    p.add_argument("--json", action="store_true", help="print the JSON report (docs/cli.md)")


def run(args: argparse.Namespace) -> int:
    from ddaydesk.engine import Game, load_game
    from ddaydesk.engine.savefile import is_save
    from ddaydesk.formats.scenariofile import load_scenario

    try:
        if is_save(args.path):
            game = load_game(args.path)
        else:
            scenario = load_scenario(args.path)
            load_supply_params(scenario.system.id)  # a system without supply lines stops here
            game = Game(scenario)
        sc = game.state.scenario
        params = load_supply_params(sc.system.id)
    except FormatError as exc:
        print_problems(exc.problems)
        return 1
    problems: list[str] = []
    if args.side is not None and args.side not in sc.system.sides:
        problems.append(f"--side: {args.side!r} is not a side of {sc.system.id} ({', '.join(sc.system.sides)})")
    weathers = params.children("weather.range_reduction")
    if args.weather is not None and weathers and args.weather not in weathers:
        problems.append(f"--weather: {args.weather!r} is not one of {', '.join(weathers)}")
    if problems:
        for m in problems:
            print(f"ddaydesk supply: {m}", file=sys.stderr)
        return 2
    inp = from_game_state(game.state)
    inp = dataclasses.replace(inp, turn=inp.turn if args.turn is None else args.turn,
                              weather=inp.weather if args.weather is None else args.weather)
    result = compute_supply(inp, params)
    result.notes += [f"optional rule {opt} is off in this game: {side} supply is shown as if it were on"
                     for side, opt in OPTION_OF_SIDE.items()
                     if sc.system.id == "dday77" and not game.state.options.get(opt)]
    report = result.to_json(args.side)
    if args.json:
        emit_json({"path": args.path, "scenario": sc.id, "turn": inp.turn, "phase": game.state.phase,
                   "weather": inp.weather, **report})
        return 0
    for note in report["notes"]:
        print(f"note: {note}")
    for u in report["units"]:
        if u["supplied"]:
            how = " -> ".join(f"{leg['to']} ({leg['length']}/{leg['limit'] if leg['limit'] is not None else 'any'})"
                              for leg in u["chain"]) or u["status"]
            print(f"{u['id']:24} in supply      {how}")
        else:
            why = u["why"] or {}
            print(f"{u['id']:24} OUT OF SUPPLY {_why_text(why)}")
    for c in report["capacity"]:
        cap = "unlimited" if c["capacity"] is None else f"{c['used']}/{c['capacity']}"
        print(f"{c['id']:24} capacity {cap}{'' if c['supplied'] else ' (HQ out of supply)'}")
    s = report["summary"]
    print(f"{s['supplied']} of {s['units']} units in supply")
    return 0


def _why_text(why: dict) -> str:
    reason = why.get("reason", "")
    if reason in ("hq_full", "sc_full"):
        return "full: " + ", ".join(f"{f.get('hq') or f.get('sc')} ({len(f['units'])}/{f['capacity']})"
                                    for f in why.get("full", ()))
    if reason == "blocked":
        b = why["blocked"]
        at = ", ".join(f"{x['by']} at {x['hex']}" for x in b["at"])
        return f"line to {b['to']} ({b['length']}/{b['limit']}) blocked: {at}"
    if reason == "too_far":
        n = why["nearest"]
        return f"nearest {n['to']} is {n['length']} hexes, limit {n['limit']} (over by {n['over_by']})"
    if reason == "isolated_fortress":
        return "isolated fortress"
    if reason == "stands_on":
        return f"stands on {why['terrain']}: no line starts there ({why['rule']})"
    if why.get("no_sc"):
        return f"no SC on the map: every Allied line ends at one ({why['no_sc']})"
    return "no source or supplied HQ can be reached"
