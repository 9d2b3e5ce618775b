"""``ddaydesk replay SAVE``: replay a saved game's log; ``--verify`` checks it and says so."""

from __future__ import annotations

import argparse

from ddaydesk.cli.output import emit_json, print_problems, problem_dict
from ddaydesk.formats.errors import FormatError

HELP = "replay a saved game's action log and verify it (scenario, log checksum, legality, final state)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("save", metavar="SAVE", help="a saved game (.json)")
    p.add_argument("--verify", action="store_true", help="only verify: print one line (or problems)")
    p.add_argument("--json", action="store_true", help="print JSON (docs/cli.md)")


def run(args: argparse.Namespace) -> int:
    from ddaydesk.engine import load_game

    try:
        game = load_game(args.save)
    except FormatError as exc:
        if args.json:
            emit_json({"ok": False, "problems": [problem_dict(p) for p in exc.problems]})
        else:
            print_problems(exc.problems)
        return 1
    board = game.scenario.board
    steps = []
    for i, (action, ch) in enumerate(zip(game.log, game.changes, strict=False)):
        before = game.state_at(i)
        steps.append({"n": i + 1, "turn": before.turn, "phase": before.phase,
                      "action": action.to_json(board), "changes": ch.to_dict(board)})
    final = game.state
    summary = {"ok": True, "scenario": game.scenario.id, "actions": len(game.log),
               "dice": len(game.dice_log()), "turn": final.turn, "phase": final.phase,
               "final_state_hash": final.state_hash()}
    if args.json:
        detail = {"opening": game.start_changes.to_dict(board), "steps": steps}
        emit_json({**summary, **({} if args.verify else detail)})
        return 0
    if not args.verify:
        from ddaydesk.engine import rules_module

        words = rules_module(game.scenario.system.id).describe
        for r in game.start_changes.dice:
            print(f"{'-':>5}  before the first action  [d{r.sides}={r.value} {r.purpose}]")
        for s in steps:
            action = game.log[s["n"] - 1]
            what = words(game.state_at(s["n"] - 1), action) if words else action.describe(board)
            rolls = "".join(f"  [d{r['sides']}={r['value']} {r['purpose']}]" for r in s["changes"]["dice"])
            print(f"{s['n']:5}  T{s['turn']} {s['phase']:24} {what}{rolls}")
    print(f"ok: {args.save}: {summary['actions']} actions, {summary['dice']} dice rolls replayed; "
          f"turn {final.turn} {final.phase}; state {summary['final_state_hash'][:16]}")
    return 0
