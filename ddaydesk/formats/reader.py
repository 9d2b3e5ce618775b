"""Typed reading of marked YAML with problems collected, not raised one by one.

A loader walks its document through a :class:`Reader`; every wrong type, unknown key or
missing key becomes one :class:`Problem` with its position, and reading goes on so that a
user sees every mistake of a file at once.
"""

from __future__ import annotations

from typing import Any

from ddaydesk.formats.errors import FormatError, Problem, show
from ddaydesk.formats.yamlmarks import MarkedDict, MarkedList, Pos

_MISSING = object()

_TYPE_NAMES = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "true or false",
    dict: "a mapping",
    list: "a list",
}


def _type_ok(value: Any, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


class Reader:
    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []

    def error(self, pos: Pos, message: str) -> None:
        self.problems.append(Problem(self.path, pos[0], pos[1], message))

    def raise_if_problems(self) -> None:
        if self.problems:
            raise FormatError(self.problems)

    # -- containers ---------------------------------------------------------------------
    def mapping(
        self,
        value: Any,
        pos: Pos,
        what: str,
        required: tuple[str, ...] = (),
        optional: tuple[str, ...] = (),
    ) -> MarkedDict | None:
        """``value`` as a mapping with exactly the allowed keys, or None after an error."""
        if not isinstance(value, MarkedDict):
            self.error(pos, f"{what}: expected a mapping, found {show(value)}")
            return None
        allowed = set(required) | set(optional)
        for key in value:
            if key not in allowed:
                hint = ", ".join(sorted(allowed))
                self.error(value.key_pos.get(key, value.pos),
                           f"{what}: unknown key {show(key)} (expected one of: {hint})")
        for key in required:
            if key not in value:
                self.error(value.pos, f"{what}: missing key '{key}'")
        return value

    def seq(self, value: Any, pos: Pos, what: str) -> MarkedList | None:
        if not isinstance(value, MarkedList):
            self.error(pos, f"{what}: expected a list, found {show(value)}")
            return None
        return value

    # -- fields -------------------------------------------------------------------------
    def field(self, d: MarkedDict, key: str, kind: type, what: str, default: Any = _MISSING) -> Any:
        """``d[key]`` checked against ``kind``; ``default`` when absent (None if not given)."""
        if key not in d:
            return None if default is _MISSING else default
        value = d[key]
        if kind is list:
            return self.seq(value, d.at(key), f"{what}.{key}")
        if kind is dict:
            return value if isinstance(value, MarkedDict) else self._wrong(d, key, kind, what)
        if not _type_ok(value, kind):
            return self._wrong(d, key, kind, what)
        return float(value) if kind is float else value

    def _wrong(self, d: MarkedDict, key: str, kind: type, what: str) -> None:
        self.error(d.at(key), f"{what}.{key}: expected {_TYPE_NAMES[kind]}, found {show(d[key])}")
        return None

    def text(self, d: MarkedDict, key: str, what: str, default: Any = _MISSING) -> Any:
        value = self.field(d, key, str, what, default)
        if isinstance(value, str) and key in d and not value.strip():
            self.error(d.at(key), f"{what}.{key}: must not be empty")
            return None
        return value

    def integer(self, d: MarkedDict, key: str, what: str, lo: int | None = None,
                hi: int | None = None, default: Any = _MISSING) -> Any:
        value = self.field(d, key, int, what, default)
        checked = isinstance(value, int) and key in d
        if checked and (lo is not None and value < lo or hi is not None and value > hi):
            span = f"{lo}..{hi}" if hi is not None else f">= {lo}"
            self.error(d.at(key), f"{what}.{key}: {value} is out of range ({span})")
            return None
        return value

    def choice(self, d: MarkedDict, key: str, choices: tuple[str, ...] | list[str], what: str,
               default: Any = _MISSING) -> Any:
        value = self.field(d, key, str, what, default)
        if key in d and isinstance(value, str) and value not in choices:
            self.error(d.at(key), f"{what}.{key}: {show(value)} is not one of: {', '.join(choices)}")
            return None
        return value
