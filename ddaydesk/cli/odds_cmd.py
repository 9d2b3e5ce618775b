"""``ddaydesk odds SAVE_OR_SCENARIO --attackers ID,ID --target HEX``: strengths, column and the
exact outcome distribution of a proposed attack (JSON schema in docs/cli.md)."""

from __future__ import annotations

import argparse
import dataclasses

from ddaydesk.cli.output import emit_json, print_problems
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.combat import Declaration, Support, TurnInfo, assess, outcome_distribution
from ddaydesk.rules.combat.limits import support_limits
from ddaydesk.rules.combat.position import situation_from_scenario
from ddaydesk.rules.combat.state_adapter import situation

HELP = "odds of a proposed attack: strengths with rule lines, CRT column, outcome distribution"

_INT_KEYS = ("nbp", "cas", "naval")
_CUP_KEYS = {"draw": "attacker_draws", "defend": "defender_draws"}
_FLAGS = ("cds", "attacker_mines", "defender_mines")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", metavar="SAVE_OR_SCENARIO",
                   help="a saved game (its current position and support left) or a scenario (its start)")
    p.add_argument("--attackers", default="", help="attacking unit ids, comma separated (none: a bombardment)")
    p.add_argument("--target", required=True, metavar="HEX", help="the defending hex's printed number")
    p.add_argument("--support", action="append", default=[], metavar="KEY=VALUE",
                   help="nbp=N, cas=N, cds, naval=N, draw=CUP+CUP (attacker's cups), defend=CUP+CUP, "
                        "mines=use|redraw, attacker_mines, defender_mines (repeatable)")
    p.add_argument("--defender", action="append", default=[], metavar="ID",
                   help="the unit defending a stacked beach hex (FMU-AREIN-09)")
    p.add_argument("--kind", default="normal", choices=("normal", "beach_assault", "drop_hex", "bombardment", "fire",
                                                          "close_combat"),
                   help="F&M: bombardment (no --attackers; the side whose phase it is bombards, "
                        "--defender the unit hit in a stack); Koenig's D-Day: fire (the default) or close_combat")
    p.add_argument("--turn", type=int, help="game turn (default: the scenario's first)")
    p.add_argument("--invasion", type=int, default=0, metavar="N",
                   help="this turn is the N-th invasion (D-Day '77 naval bombardment)")
    p.add_argument("--brest", action="store_true", help="the Allies hold Brest (D77-NAV-10)")
    p.add_argument("--reroll", default="", metavar="RESULTS",
                   help="results the leadership holder re-rolls, comma separated (PKD-LEAD-06)")
    p.add_argument("--json", action="store_true", help="print JSON (docs/cli.md)")


def parse_support(items: list[str]) -> Support:
    """``--support`` items as a :class:`Support`; ValueError names a bad item."""
    fields: dict = {}
    for item in ",".join(items).split(","):
        item = item.strip()
        if not item:
            continue
        key, _, value = item.partition("=")
        if key in _INT_KEYS:
            if not value.isdigit():
                raise ValueError(f"--support {key}: expected a whole number, found {value!r}")
            fields[key] = int(value)
        elif key in _CUP_KEYS:
            fields[_CUP_KEYS[key]] = tuple(c for c in value.split("+") if c)
        elif key in _FLAGS and not value:
            fields[key] = True
        elif key == "mines" and value in ("use", "redraw"):
            fields["mines_policy"] = value
        else:
            raise ValueError(f"--support: unknown item {item!r} (see ddaydesk odds --help)")
    return Support(**fields)


def _situation(args: argparse.Namespace):
    """``(scenario, situation, where)``: a save's current position (its pools, steps lost and
    flags as the game has them) or a scenario's start position. FormatError if unreadable."""
    from ddaydesk.engine.savefile import is_save, load_game

    if is_save(args.path):
        game = load_game(args.path)
        state = game.state
        sit = situation(state)
        where = {"turn": state.turn, "phase": state.phase, "actions": len(game.log)}
        if args.turn or args.invasion or args.brest:
            turn = dataclasses.replace(sit.turn, turn=args.turn or sit.turn.turn,
                                       invasion_turn=sit.turn.invasion_turn or args.invasion > 0,
                                       invasion_number=max(args.invasion, sit.turn.invasion_number),
                                       brest_allied=sit.turn.brest_allied or args.brest)
            sit = dataclasses.replace(sit, turn=turn)
        return game.scenario, sit, where
    sc = load_scenario(args.path)
    turn = TurnInfo(turn=args.turn or sc.first_turn, active_side=sc.first_player,
                    invasion_turn=args.invasion > 0, invasion_number=max(args.invasion, 1),
                    brest_allied=args.brest)
    return sc, situation_from_scenario(sc, turn), None


def _koenig(args: argparse.Namespace):
    """``(game, where)`` when the file is a Koenig's D-Day save or scenario, else None."""
    from ddaydesk.engine import Game
    from ddaydesk.engine.savefile import is_save, load_game

    if is_save(args.path):
        game = load_game(args.path)
        if game.scenario.system.id != "pkd":
            return None
        return game, {"turn": game.state.turn, "phase": game.state.phase, "actions": len(game.log)}
    sc = load_scenario(args.path)
    return (Game(sc, 0), None) if sc.system.id == "pkd" else None


def run(args: argparse.Namespace) -> int:
    try:
        koenig = _koenig(args)
    except FormatError as exc:
        print_problems(exc.problems)
        return 1
    if koenig:
        from ddaydesk.cli.odds_pkd import run as run_pkd

        return run_pkd(args, *koenig)
    try:
        sc, sit, where = _situation(args)
    except FormatError as exc:
        print_problems(exc.problems)
        return 1
    try:
        support = parse_support(args.support)
        target = sc.board.index(args.target)
    except (ValueError, KeyError) as exc:
        print(f"ddaydesk odds: {exc.args[0]}")
        return 2
    turn = sit.turn
    attackers = tuple(a for a in args.attackers.split(",") if a)
    if attackers:
        side = sit.by_id[attackers[0]].side if attackers[0] in sit.by_id else sc.first_player
        sit.turn = dataclasses.replace(turn, active_side=side)
    decl = Declaration(attackers, target, tuple(args.defender), args.kind, support, sit.turn.active_side)
    a = assess(sit, decl)
    reroll = frozenset(r for r in args.reroll.split(",") if r)
    dist = outcome_distribution(a, sit.pools.cups, reroll) if a.legal else None
    report = {"scenario": sc.id, "system": sc.system.id, "target": args.target,
              **({"game": where} if where else {}), **a.as_dict(),
              "support_limits": support_limits(sit, decl).as_dict(),
              "pools": {"nbp_left": sit.pools.nbp_left, "air_left": sit.pools.air_left,
                        "cups": {k: len(v) for k, v in sorted(sit.pools.cups.items())},
                        "naval_left": len(sit.pools.naval_left)},
              "distribution": dist.as_dict() if dist else None}
    if args.json:
        emit_json(report)
        return 0 if a.legal else 1
    _print(report)
    return 0 if a.legal else 1


def _print(r: dict) -> None:
    for side in ("attack", "defence"):
        print(f"{side}: {r[side]['total']}")
        for line in r[side]["lines"]:
            print(f"  {line['value']:+4d}  {line['text']}  [{line['rule']}, {line['confidence']}]")
    if r["refusals"]:
        for x in r["refusals"]:
            print(f"not allowed: {x['reason']} ({x['rule']})")
        return
    if r["column"]:
        print(f"column: {r['column']['label']}  ({r['crt']['table']}, {r['crt']['confidence']})")
    for x in r["distribution"]["results"]:
        print(f"  {x['result']:4} {x['p'] * 100:6.2f}%  ({x['exact']})")
