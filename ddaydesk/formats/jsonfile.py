"""JSON reading within limits, every problem with its line and column (saved games).

Python's reader takes integers of any length (then fails to convert one of 4,300 digits),
``NaN`` and ``Infinity``, and recurses once per level of nesting. Here numbers are bounded
and finite, and a document nested too deeply is refused where the nesting passes the limit.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ddaydesk.formats.errors import FormatError, Problem, clip
from ddaydesk.formats.limits import MAX_DEPTH, MAX_INT
from ddaydesk.formats.textfile import position

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|-?(?:Infinity|\d[\d.eE+-]*)|NaN')


class _BadValue(Exception):
    def __init__(self, text: str, why: str):
        super().__init__(why)
        self.text, self.why = text, why


def _int(text: str) -> int:
    if len(text) > 17 or abs(value := int(text)) > MAX_INT:
        raise _BadValue(text, f"the number {clip(text, 30)} is out of range (at most {MAX_INT} either way)")
    return value


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_INT:
        raise _BadValue(text, f"the number {clip(text, 30)} is out of range")
    return value


def _constant(text: str) -> float:
    raise _BadValue(text, f"{text} is not a number a save may hold")


def _find(text: str, want) -> int:
    """Index of the first token outside strings for which ``want(token, depth)`` is true."""
    depth = 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok in "[{":
            depth += 1
        elif tok in "]}":
            depth -= 1
        if want(tok, depth):
            return m.start()
    return 0


def load_json(text: str, path: str) -> Any:
    """The JSON document in ``text``; FormatError at the line and column of what is wrong."""
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise FormatError([Problem(path, exc.lineno, exc.colno, f"not valid JSON: {exc.msg}")]) from None
    except _BadValue as exc:
        bad = exc.text
        at = _find(text, lambda tok, depth: tok == bad)
        raise FormatError([Problem(path, *position(text, at), exc.why)]) from None
    except RecursionError:
        at = _find(text, lambda tok, depth: depth > MAX_DEPTH)
        raise FormatError([Problem(path, *position(text, at), f"nested too deeply (more than {MAX_DEPTH} "
                                   "levels)")]) from None
