"""Validation problems that name where they are: ``file:line:col: message``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, order=True)
class Problem:
    """What is wrong with a file, at its line and column."""

    path: str
    line: int  # 1-based
    col: int  # 1-based
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"


class FormatError(Exception):
    """A file could not be loaded; ``problems`` lists every reason found."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


SHOW = 60  # characters of a value quoted in a message


def clip(text: str, limit: int = SHOW) -> str:
    """``text`` cut to ``limit`` characters, marked with "..." when cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def show(value: Any, limit: int = SHOW) -> str:
    """``repr(value)`` cut to about ``limit`` characters, built without ever writing out the
    whole of a big value (a file's aliases can make a list of a billion strings)."""
    parts: list[str] = []
    budget = [limit + 1]

    def put(text: str) -> bool:
        parts.append(text[: budget[0]])
        budget[0] -= len(text)
        return budget[0] > 0

    def walk(v: Any, depth: int) -> bool:
        if isinstance(v, (list, tuple, dict)):
            if depth > 8:
                return put("...")
            opening, closing = ("{", "}") if isinstance(v, dict) else ("(", ")") if isinstance(v, tuple) else ("[", "]")
            if not put(opening):
                return False
            items = v.items() if isinstance(v, dict) else ((None, x) for x in v)
            for n, (k, x) in enumerate(items):
                if n and not put(", "):
                    return False
                if isinstance(v, dict) and not (walk(k, depth + 1) and put(": ")):
                    return False
                if not walk(x, depth + 1):
                    return False
            return put(closing)
        if isinstance(v, int) and v.bit_length() > 128:  # (repr refuses 4,300 digits and more)
            return put("<a very large number>")
        if isinstance(v, str) and len(v) > limit:
            v = v[: limit + 1]
        return put(repr(v))

    if walk(value, 0):
        return "".join(parts)
    return "".join(parts)[: max(limit - 3, 1)] + "..."
