"""``ddaydesk odds`` for Paul Koenig's D-Day: a proposed Fire or Close Combat judged in a
save's current position, or in a scenario's start position, with the attackers' formation
taken as activated for the Operation the attack needs (Fire for ``--kind fire``, Move for
``close_combat``). Strength lines with their rule ids, the column, the exact outcome."""

from __future__ import annotations

import argparse

from ddaydesk.cli.output import emit_json
from ddaydesk.engine import Game
from ddaydesk.rules.pkd import CloseCombat, FireAttack, preview

SUPPORT_KEYS = ("att", "def")
FLAGS = ("corps", "def_corps")


def parse(items: list[str]) -> dict:
    """``--support att=N,def=N,corps,def_corps,indirect=ID+ID``; ValueError names a bad item."""
    out: dict = {"att": 0, "def": 0, "corps": False, "def_corps": False, "indirect": ()}
    for item in ",".join(items).split(","):
        item = item.strip()
        if not item:
            continue
        key, _, value = item.partition("=")
        if key in SUPPORT_KEYS and value.isdigit():
            out[key] = int(value)
        elif key in FLAGS and not value:
            out[key] = True
        elif key == "indirect" and value:
            out["indirect"] = tuple(v for v in value.split("+") if v)
        else:
            raise ValueError(f"--support: unknown item {item!r} (Koenig: att=N, def=N, corps, def_corps, "
                             "indirect=ID+ID)")
    return out


def _as_activated(state, attackers: tuple[str, ...], op: str):
    """A copy of ``state`` where the first attacker's formation is activated for ``op``."""
    s = state.copy()
    k = s.unit(attackers[0])
    u = s.scenario.units[k]
    r = s.own("pkd")
    act = r["act"] if r["act"] and r["act"]["formation"] == u.formation else None
    r["act"] = {**(act or {"formation": u.formation, "side": u.side, "spent": {}, "fired": [], "done": [],
                           "cc": {}, "overrun": [], "force_march": None, "attached": [], "refit": None}), "op": op}
    r["battle"] = None
    s.active = u.side
    s._cache.clear()
    return s


def run(args: argparse.Namespace, game: Game, where: dict | None) -> int:
    sc = game.scenario
    try:
        sup = parse(args.support)
        target = sc.board.index(args.target)
    except (ValueError, KeyError) as exc:
        print(f"ddaydesk odds: {exc.args[0]}")
        return 2
    attackers = tuple(a for a in args.attackers.split(",") if a)
    if not attackers or any(a not in sc.unit_index for a in attackers):
        print(f"ddaydesk odds: name attacking units of scenario {sc.id}")
        return 2
    close = args.kind == "close_combat"
    state = _as_activated(game.state, attackers, "move" if close else "fire")
    side = state.active
    a = CloseCombat(side, attackers, target, sup["att"], sup["corps"]) if close else \
        FireAttack(side, attackers, target, sup["indirect"], sup["att"], sup["corps"])
    reroll = frozenset(r for r in args.reroll.split(",") if r)
    p = preview(state, a, sup["def"], sup["def_corps"], reroll)
    report = {"scenario": sc.id, "system": sc.system.id, "target": args.target, **({"game": where} if where else {}),
              "kind": p.kind, "mode": p.mode, "legal": p.legal, "refusal": p.refusal,
              "attack": {"total": p.attack, "lines": [vars(x) for x in p.attack_lines]},
              "defence": {"total": p.defence, "lines": [vars(x) for x in p.defence_lines]},
              "column": p.column,
              "results": [{"result": c, "text": t, "p": float(q), "exact": str(q)} for c, t, q in p.results],
              "defender_eliminated": str(p.defender_eliminated), "defender_retreats": str(p.defender_retreats),
              "attacker_hit": str(p.attacker_hit)}
    if args.json:
        emit_json(report)
        return 0 if p.legal else 1
    if not p.legal:
        print(f"not allowed: {p.refusal}")
        return 1
    for key in ("attack", "defence"):
        print(f"{key}: {report[key]['total']}")
        for line in report[key]["lines"]:
            print(f"  {line['value']:+4d}  {line['text']}  [{line['rule']}]")
    print(f"column: {p.column}  ({'Fire' if p.kind == 'fire' else 'Close Combat'} Table)")
    for c, t, q in p.results:
        print(f"  {c:4} {float(q) * 100:6.2f}%  ({q})  {t}")
    print(f"defender eliminated {p.defender_eliminated}, retreats {p.defender_retreats}; "
          f"attacker hit {p.attacker_hit}")
    return 0
