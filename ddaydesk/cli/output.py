"""Shared output helpers for the commands: JSON to stdout, problems one per line."""

from __future__ import annotations

import json
import sys
from typing import Any

from ddaydesk.formats.errors import Problem


def emit_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")


def problem_dict(p: Problem) -> dict:
    return {"path": p.path, "line": p.line, "col": p.col, "message": p.message}


def print_problems(problems: list[Problem]) -> None:
    for p in problems:
        print(p)
