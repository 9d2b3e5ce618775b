"""Reading an action's fields from JSON by their declared types.

A saved action is checked field by field against its dataclass before the rules see it:
``attackers: tuple[str, ...]`` takes a list of strings and nothing else, ``nbp: int`` a whole
number in range, so no rules code is ever handed a list where it counts on a number. The
readers are made from the type annotations (``typing.get_type_hints``), so a new system's
actions are covered as soon as they are declared. Places are read from printed labels: an
``int`` field named in ``PLACE_FIELDS`` (``-1`` written as null), a ``tuple[int, ...]``
named in ``PATH_FIELDS``.
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ddaydesk.formats.errors import show

if TYPE_CHECKING:
    from ddaydesk.board import Board

MAX_INT = 10**9  # far above any count, factor or index a rule takes
MAX_TEXT = 200  # characters of a string field (unit ids, region ids, modes)
MAX_ITEMS = 10_000  # items of a list field

# reader(value, board) -> the field's value; ValueError saying what is wrong
Reader = Callable[[Any, "Board"], Any]


def _fail(expected: str, value: Any) -> ValueError:
    return ValueError(f"expected {expected}, found {show(value)}")


def _int(v: Any, board: Board) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise _fail("a whole number", v)
    if abs(v) > MAX_INT:
        raise ValueError(f"{show(v)} is out of range")
    return v


def _bool(v: Any, board: Board) -> bool:
    if not isinstance(v, bool):
        raise _fail("true or false", v)
    return v


def _sized(v: Any, kind: type, expected: str, limit: int, unit: str) -> Any:
    if not isinstance(v, kind):
        raise _fail(expected, v)
    if len(v) > limit:
        raise ValueError(f"{show(v)} is longer than {limit} {unit}")
    return v


def _str(v: Any, board: Board) -> str:
    return _sized(v, str, "a string", MAX_TEXT, "characters")


def _float(v: Any, board: Board) -> float:
    if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) or abs(v) > MAX_INT:
        raise _fail("a number", v)
    return float(v)


def _none(v: Any, board: Board) -> None:
    if v is not None:
        raise _fail("null", v)


def _place(v: Any, board: Board) -> int:
    if v is None:
        return -1
    if not isinstance(v, str) or v not in board.index_of:
        raise ValueError(f"{show(v)} is not a place on map {board.id}")
    return board.index_of[v]


def _items(v: Any, board: Board) -> list:
    return _sized(v, list, "a list", MAX_ITEMS, "items")


def _tuple_of(item: Reader) -> Reader:
    return lambda v, board: tuple(item(x, board) for x in _items(v, board))


def _fixed(items: tuple[Reader, ...]) -> Reader:
    def read(v: Any, board: Board) -> tuple:
        v = _items(v, board)
        if len(v) != len(items):
            raise _fail(f"a list of {len(items)}", v)
        return tuple(r(x, board) for r, x in zip(items, v, strict=True))
    return read


def _either(options: tuple[Reader, ...]) -> Reader:
    def read(v: Any, board: Board) -> Any:
        why = []
        for r in options:
            try:
                return r(v, board)
            except ValueError as exc:
                why.append(str(exc))
        raise ValueError(" or ".join(why))
    return read


def _literal(values: tuple) -> Reader:
    def read(v: Any, board: Board) -> Any:
        if type(v) not in (str, int, bool, type(None)) or v not in values:
            raise _fail("one of " + ", ".join(show(x) for x in values), v)
        return v
    return read


_BASIC: dict[Any, Reader] = {int: _int, bool: _bool, str: _str, float: _float, type(None): _none}


def reader_for(tp: Any, place: bool = False) -> Reader:
    """The reader of one annotation; TypeError for a type a save cannot hold."""
    if place and tp is int:
        return _place
    if place and typing.get_origin(tp) is tuple and typing.get_args(tp) == (int, ...):
        return _tuple_of(_place)
    if tp in _BASIC:
        return _BASIC[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple_of(reader_for(args[0]))
    if origin is tuple and args:
        return _fixed(tuple(reader_for(a) for a in args))
    if origin in (typing.Union, types.UnionType):
        return _either(tuple(reader_for(a) for a in args))
    if origin is typing.Literal:
        return _literal(args)
    raise TypeError(f"an action field of type {tp} cannot be read from a save (use str, int, bool, "
                    "float, None, tuple, Literal or a union of them)")


def field_readers(cls: type, place_fields: frozenset[str], path_fields: frozenset[str]) -> dict[str, Reader]:
    """Field name -> reader, for every dataclass field of an action class."""
    import dataclasses

    hints = typing.get_type_hints(cls)
    return {f.name: reader_for(hints[f.name], f.name in place_fields or f.name in path_fields)
            for f in dataclasses.fields(cls)}
