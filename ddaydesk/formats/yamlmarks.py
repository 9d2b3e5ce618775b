"""Safe YAML loading that keeps each value's position for error messages.

Mappings load as :class:`MarkedDict` and sequences as :class:`MarkedList`; both are plain
``dict``/``list`` subclasses that also remember where each key and item stood, so a
validator can say ``file:line:col`` for any value. Only YAML's safe tags are accepted.

Limits (:mod:`~ddaydesk.formats.yamlcheck`): a document with aliases is measured before any
value is built from it (values once aliases are expanded, depth); each scalar is checked as
it is built (tags, numbers); the pure-Python composer stops at the nesting limit.

Text is parsed with libyaml (``yaml.CSafeLoader``, about ten times faster: a campaign map
and scenario in 40 ms instead of 300) when PyYAML has it, else with the pure-Python safe
loader. Both give the same values and positions (tests/formats/test_yamlmarks.py); when
libyaml refuses a text, it is parsed again with the pure-Python loader, so that a syntax
error reads the same everywhere (:mod:`~ddaydesk.formats.yamlparse`). A file's reading is
kept in the cache: a start whose files are all read before imports no YAML parser at all.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ddaydesk.digest import sha256
from ddaydesk.diskcache import code_stamp, key_of, load_pickled, store_pickled
from ddaydesk.formats.textfile import read_text

Pos = tuple[int, int]  # 1-based (line, col)


class MarkedDict(dict):
    """A mapping with ``pos`` (its own start), ``key_pos[key]`` and ``value_pos[key]``."""

    pos: Pos = (0, 0)

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.key_pos: dict[Any, Pos] = {}
        self.value_pos: dict[Any, Pos] = {}

    def at(self, key: Any) -> Pos:
        return self.value_pos.get(key, self.pos)


class MarkedList(list):
    """A sequence with ``pos`` and ``item_pos[i]``."""

    pos: Pos = (0, 0)

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.item_pos: list[Pos] = []

    def at(self, i: int) -> Pos:
        return self.item_pos[i] if 0 <= i < len(self.item_pos) else self.pos


def load_text(text: str, path: str, *, fast: bool = True, keep: bool = False) -> Any:
    """Parse YAML text within the limits of :mod:`~ddaydesk.formats.yamlcheck`; a syntax
    error or a value past a limit becomes a :class:`FormatError` with its position.
    ``fast=False``: the pure-Python loader only. A large text read before, or with ``keep``
    any text, comes from the cache (``ddaydesk.diskcache``: the values of its last reading,
    kept by its hash)."""
    key = _kept_key(text) if fast and (keep or len(text) >= KEEP_FROM) else ""
    if key:
        got = load_pickled("yaml", key)
        if got is not None:
            return got
    from ddaydesk.formats.yamlparse import parse  # (not needed when every reading is kept)

    got = parse(text, path, fast)
    if key and got is not None:
        store_pickled("yaml", key, got)
    return got


KEEP_FROM = 16_384  # characters of a text not from a file: a shorter one is parsed faster than kept


@cache
def _parser_stamp() -> str:
    """The stamp of the code that parses, worked out once: the code running does not change."""
    return code_stamp(modules=(__name__,), packages=(
        "yaml", "ddaydesk.formats.yamlparse", "ddaydesk.formats.yamlcheck", "ddaydesk.formats.limits"))


def _kept_key(text: str) -> str:
    return key_of(sha256(text.encode()).hexdigest(), stamp=_parser_stamp())


def load_file(path: str) -> Any:
    """A YAML file's values, kept in the cache whatever its size: the files a start reads
    (the rules' tables, the scenario, its map) come from there, and no parser is loaded."""
    return load_text(read_text(path)[1], path, keep=True)
