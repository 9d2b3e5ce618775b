"""``ddaydesk check PATH...``: validate maps, scenarios and saves."""

from __future__ import annotations

import argparse
from pathlib import Path

from ddaydesk.cli.output import emit_json, print_problems, problem_dict
from ddaydesk.formats.detect import check_file
from ddaydesk.formats.errors import Problem
from ddaydesk.paths import SAVE_SUFFIX

HELP = "validate map and scenario files (folders are searched for *.yaml); exit 1 on any problem"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH", help="map, scenario or save files, or folders")
    p.add_argument("--json", action="store_true", help="print a JSON report (docs/cli.md)")


def _expand(paths: list[str]) -> list[str]:
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(str(f) for f in sorted(path.rglob("*"))
                       if f.suffix in (".yaml", ".yml", ".json", SAVE_SUFFIX) and f.is_file())
        else:
            out.append(p)
    return out


def run(args: argparse.Namespace) -> int:
    files = _expand(args.paths)
    report = []
    all_problems: list[Problem] = []
    for f in files:
        kind, problems = check_file(f)
        report.append({"path": f, "kind": kind, "ok": not problems, "problems": [problem_dict(p) for p in problems]})
        all_problems.extend(problems)
    if args.json:
        emit_json({"ok": not all_problems, "files": report})
    else:
        print_problems(all_problems)
    return 1 if all_problems else 0
