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

HELP = "odds of a proposed attack: strengths with rule lines, CRT column, outcome distribution"

_INT_KEYS = ("nbp", "cas", "naval")
_CUP_KEYS = {"draw": "attacker_draws", "defend": "defender_draws"}
_FLAGS = ("cds", "attacker_mines", "defender_mines")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", metavar="SAVE_OR_SCENARIO", help="a scenario file (saves once the engine reads them)")
    p.add_argument("--attackers", required=True, help="attacking unit ids, comma separated")
    p.add_argument("--target", required=True, metavar="HEX", help="the defending hex's printed number")
    p.add_argument("--support", action="append", default=[], metavar="KEY=VALUE",
                   help="nbp=N, cas=N, cds, naval=N, draw=CUP+CUP (attacker's cups), defend=CUP+CUP, "
                        "mines=use|redraw, attacker_mines, defender_mines (repeatable)")
    p.add_argument("--defender", action="append", default=[], metavar="ID",
                   help="the unit defending a stacked beach hex (FMU-AREIN-09)")
    p.add_argument("--kind", default="normal", choices=("normal", "beach_assault", "drop_hex"))
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


def run(args: argparse.Namespace) -> int:
    if not args.path.endswith((".yaml", ".yml")):
        # Saves come with the engine core (issue 3); until then only scenarios are read.
        print(f"ddaydesk odds: {args.path}: only scenario files (.yaml) can be read for now")
        return 2
    try:
        sc = load_scenario(args.path)
    except FormatError as exc:
        print_problems(exc.problems)
        return 1
    try:
        support = parse_support(args.support)
        target = sc.board.index(args.target)
    except (ValueError, KeyError) as exc:
        print(f"ddaydesk odds: {exc.args[0]}")
        return 2
    turn = TurnInfo(turn=args.turn or sc.first_turn, active_side=sc.first_player,
                    invasion_turn=args.invasion > 0, invasion_number=max(args.invasion, 1),
                    brest_allied=args.brest)
    sit = situation_from_scenario(sc, turn)
    attackers = tuple(a for a in args.attackers.split(",") if a)
    if attackers:
        side = sit.by_id[attackers[0]].side if attackers[0] in sit.by_id else sc.first_player
        sit.turn = dataclasses.replace(turn, active_side=side)
    decl = Declaration(attackers, target, tuple(args.defender), args.kind, support)
    a = assess(sit, decl)
    reroll = frozenset(r for r in args.reroll.split(",") if r)
    dist = outcome_distribution(a, sit.pools.cups, reroll) if a.legal else None
    report = {"scenario": sc.id, "system": sc.system.id, "target": args.target, **a.as_dict(),
              "support_limits": support_limits(sit, decl).as_dict(),
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
