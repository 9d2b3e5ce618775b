"""Limits on what a YAML document may hold, each problem at the line and column of the value.

PyYAML has no option that bounds alias expansion (yaml/pyyaml#235 is still open): a file of
a few kilobytes whose anchors refer to anchors nine levels deep loads quickly as shared
objects, then makes every reader that walks it (a validator, an error message) visit a
billion values. So a document with aliases is measured before any value is built from it,
once per distinct node: the number of values it holds with every alias expanded, and its
depth through aliases (:func:`check_aliases`). Scalars are checked as they are built
(:func:`checked_constructors`): an explicit tag must fit its value, numbers are finite and
bounded, and tags other than plain values, lists and mappings are refused.
"""

from __future__ import annotations

import math
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from ddaydesk.formats.errors import FormatError, Problem, show
from ddaydesk.formats.limits import MAX_DEPTH, MAX_INT, MAX_NUMBER_TEXT, MAX_VALUES

_Y = "tag:yaml.org,2002:"


def _short(tag: str) -> str:
    return "!!" + tag[len(_Y):] if tag.startswith(_Y) else tag


def _too_much(path: str, node: yaml.Node, message: str) -> FormatError:
    m = node.start_mark
    return FormatError([Problem(path, m.line + 1, m.column + 1, message)])


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return list(node.value)


def _fail(node: yaml.Node, why: str) -> yaml.constructor.ConstructorError:
    return yaml.constructor.ConstructorError(None, None, why, node.start_mark)


def _null(loader: Any, node: yaml.Node) -> None:
    if loader.construct_scalar(node) not in ("", "~", "null", "Null", "NULL"):
        raise _fail(node, f"{show(node.value)} is not a valid !!null")
    return None


def _bool(loader: Any, node: yaml.Node) -> bool:
    value = loader.construct_scalar(node)
    if value.lower() not in loader.bool_values:  # (PyYAML's own raises KeyError: 'maybe')
        raise _fail(node, f"{show(value)} is not a valid !!bool")
    return loader.bool_values[value.lower()]


def _number(loader: Any, node: yaml.Node) -> int | float:
    value = loader.construct_scalar(node)
    if len(value) > MAX_NUMBER_TEXT:
        raise _fail(node, f"the number {show(value)} is too long")
    read = SafeConstructor.construct_yaml_int if node.tag == _Y + "int" else SafeConstructor.construct_yaml_float
    try:
        number = read(loader, node)
    except (ValueError, IndexError):  # ("!!int" on an empty value)
        raise _fail(node, f"{show(value)} is not a valid {_short(node.tag)}") from None
    if isinstance(number, float) and not math.isfinite(number):
        raise _fail(node, f"{show(value)}: only finite numbers are accepted")
    if abs(number) > MAX_INT:
        raise _fail(node, f"the number {show(value)} is out of range (at most {MAX_INT} either way)")
    return number


def _date(loader: Any, node: yaml.Node) -> Any:
    try:
        return SafeConstructor.construct_yaml_timestamp(loader, node)
    except (ValueError, TypeError, AttributeError, OverflowError):  # (a value the pattern misses, 13th month)
        raise _fail(node, f"{show(node.value)} is not a valid date") from None


def _refuse(loader: Any, node: yaml.Node) -> None:
    raise _fail(node, f"tag {_short(node.tag)} is not accepted (plain values, lists and mappings only)")


def checked_constructors(cls: type) -> None:
    """Give a loader class constructors that check each value and refuse other tags, each
    problem at the value's mark (the constructors of PyYAML raise KeyError, AttributeError
    or ValueError without one)."""
    cls.add_constructor(_Y + "null", _null)
    cls.add_constructor(_Y + "bool", _bool)
    cls.add_constructor(_Y + "int", _number)
    cls.add_constructor(_Y + "float", _number)
    cls.add_constructor(_Y + "timestamp", _date)
    for tag in ("binary", "set", "omap", "pairs", "value"):
        cls.add_constructor(_Y + tag, _refuse)
    cls.add_constructor(None, _refuse)  # any other tag


def check_aliases(root: yaml.Node, path: str) -> None:
    """Refuse (FormatError at the node) a document too deep or too big once its aliases are
    expanded, or an alias inside the value it refers to."""
    values: dict[int, int] = {}  # id(node) -> values it holds, aliases expanded
    height: dict[int, int] = {}  # id(node) -> nesting levels below and including it
    open_: set[int] = set()
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
                raise _too_much(path, node, f"YAML: with its aliases expanded this holds more than "
                                          f"{MAX_VALUES:,} values (a 'billion laughs' file?)")
            if height[key] > MAX_DEPTH:
                raise _too_much(path, node, f"YAML nested too deeply (more than {MAX_DEPTH} levels, aliases followed)")
            continue
        if key in values:
            continue  # an alias of a node measured already
        if key in open_:
            raise _too_much(path, node, "YAML: an alias refers to the value that contains it")
        if depth > MAX_DEPTH:
            raise _too_much(path, node, f"YAML nested too deeply (more than {MAX_DEPTH} levels)")
        if isinstance(node, yaml.ScalarNode):
            values[key] = height[key] = 1
            continue
        open_.add(key)
        stack.append((node, depth, True))
        stack.extend((c, depth + 1, False) for c in reversed(_children(node)))
