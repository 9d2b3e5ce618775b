"""Limits on a composed YAML document, checked before any value is built from it.

PyYAML has no option that bounds alias expansion (yaml/pyyaml#235 is still open): a file of
a few kilobytes whose anchors refer to anchors nine levels deep loads quickly as shared
objects, then makes every reader that walks it (a validator, an error message) visit a
billion values. So the node graph is measured first, once per distinct node: the number of
values the document holds with every alias expanded, its depth through aliases, and each
scalar's tag and value. A problem names the node's line and column.
"""

from __future__ import annotations

import math
from typing import Any

import yaml

from ddaydesk.formats.errors import FormatError, Problem, show

MAX_DEPTH = 64  # nesting levels (aliases followed); our files need fewer than 10
MAX_VALUES = 500_000  # values with every alias expanded; the largest shipped file holds 11,000
MAX_INT = 2**53  # integers a JSON reader holds exactly; far above any count in a game
MAX_NUMBER_TEXT = 40  # characters of a number's text (Python refuses ints of 4,300 digits)

_Y = "tag:yaml.org,2002:"
SCALAR_TAGS = frozenset(_Y + t for t in ("str", "int", "float", "bool", "null", "timestamp"))
MERGE = _Y + "merge"
SEQ, MAP = _Y + "seq", _Y + "map"


def _short(tag: str) -> str:
    return "!!" + tag[len(_Y):] if tag.startswith(_Y) else tag


def _refuse(path: str, node: yaml.Node, message: str) -> FormatError:
    m = node.start_mark
    return FormatError([Problem(path, m.line + 1, m.column + 1, message)])


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return list(node.value)


def _scalar_problem(loader: Any, node: yaml.ScalarNode, is_key: bool) -> str | None:
    """Why a scalar cannot be read, or None. An explicit tag must fit the value (PyYAML's
    constructors raise KeyError on ``!!bool maybe``); numbers must be finite and bounded."""
    tag, value = node.tag, node.value
    if tag == MERGE:
        return None if is_key else "'<<' (a merge key) stands only as a mapping key"
    if tag not in SCALAR_TAGS:
        return f"tag {_short(tag)} is not accepted (plain values, lists and mappings only)"
    implicit = loader.resolve(yaml.ScalarNode, value, (True, False))
    if tag == _Y + "str":
        return None
    fits = implicit == tag or (tag == _Y + "float" and implicit == _Y + "int")
    if not fits:
        return f"{show(value)} is not a valid {_short(tag)}"
    if tag in (_Y + "int", _Y + "float"):
        if len(value) > MAX_NUMBER_TEXT:
            return f"the number {show(value)} is too long"
        try:
            number = (loader.construct_yaml_int if tag == _Y + "int" else loader.construct_yaml_float)(node)
        except ValueError:
            return f"{show(value)} is not a valid number"
        if isinstance(number, float) and not math.isfinite(number):
            return f"{show(value)}: only finite numbers are accepted"
        if abs(number) > MAX_INT:
            return f"the number {show(value)} is out of range (at most {MAX_INT} either way)"
    if tag == _Y + "timestamp":
        try:
            loader.construct_yaml_timestamp(node)
        except (ValueError, TypeError, AttributeError, OverflowError):
            return f"{show(value)} is not a valid date"
    return None


def check_document(loader: Any, root: yaml.Node, path: str) -> None:
    """Refuse (FormatError at the node) a document too deep or too big once its aliases are
    expanded, a recursive alias, an unknown tag or a scalar its tag cannot read."""
    values: dict[int, int] = {}  # id(node) -> values it holds, aliases expanded
    height: dict[int, int] = {}  # id(node) -> nesting levels below and including it
    open_: set[int] = set()
    keys: set[int] = set()  # ids of mapping keys (where a merge key may stand)
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, done = stack.pop()
        key = id(node)
        if done:
            open_.discard(key)
            kids = _children(node)
            values[key] = 1 + sum(values[id(c)] for c in kids)
            height[key] = 1 + max((height[id(c)] for c in kids), default=0)
            if values[key] > MAX_VALUES:
                raise _refuse(path, node, f"YAML: with its aliases expanded this holds more than "
                                          f"{MAX_VALUES:,} values (a 'billion laughs' file?)")
            if height[key] > MAX_DEPTH:
                raise _refuse(path, node, f"YAML nested too deeply (more than {MAX_DEPTH} levels, aliases followed)")
            continue
        if key in values:
            continue  # an alias of a node measured already
        if key in open_:
            raise _refuse(path, node, "YAML: an alias refers to the value that contains it")
        if depth > MAX_DEPTH:
            raise _refuse(path, node, f"YAML nested too deeply (more than {MAX_DEPTH} levels)")
        if isinstance(node, yaml.ScalarNode):
            why = _scalar_problem(loader, node, key in keys)
            if why:
                raise _refuse(path, node, f"YAML: {why}")
            values[key] = height[key] = 1
            continue
        want = MAP if isinstance(node, yaml.MappingNode) else SEQ
        if node.tag != want:
            raise _refuse(path, node, f"YAML: tag {_short(node.tag)} is not accepted (plain values, lists "
                                      "and mappings only)")
        if isinstance(node, yaml.MappingNode):
            keys.update(id(k) for k, _ in node.value)
        open_.add(key)
        stack.append((node, depth, True))
        stack.extend((c, depth + 1, False) for c in reversed(_children(node)))
