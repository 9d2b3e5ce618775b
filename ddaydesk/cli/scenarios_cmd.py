"""``ddaydesk scenarios``: list the bundled scenarios."""

from __future__ import annotations

import argparse

from ddaydesk.cli.output import emit_json
from ddaydesk.formats.catalog import bundled_scenarios

HELP = "list the bundled scenarios"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON (docs/cli.md)")


def run(args: argparse.Namespace) -> int:
    entries = bundled_scenarios()
    if args.json:
        emit_json([e.as_dict() for e in entries])
        return 0
    for e in entries:
        flag = "" if e.ok else "  [BROKEN: run ddaydesk check]"
        print(f"{e.id:24} {e.system:8} turns {e.turns:9} {e.title}{flag}")
    return 0
