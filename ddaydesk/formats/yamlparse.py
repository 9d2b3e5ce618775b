"""The YAML parsers behind :mod:`~ddaydesk.formats.yamlmarks`: libyaml (``yaml.CSafeLoader``)
and PyYAML's pure-Python safe loader, each building marked values within the limits of
:mod:`~ddaydesk.formats.yamlcheck`. Imported on the first text that is not kept in the cache
(a start whose readings are all kept loads no YAML parser).
"""

from __future__ import annotations

from typing import Any

import yaml

from ddaydesk.formats.errors import FormatError, Problem, show
from ddaydesk.formats.limits import MAX_DEPTH
from ddaydesk.formats.textfile import position
from ddaydesk.formats.yamlcheck import check_aliases, checked_constructors
from ddaydesk.formats.yamlmarks import MarkedDict, MarkedList, Pos


def _pos(node: yaml.Node) -> Pos:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _Loader(yaml.SafeLoader):
    pass


_FAST = getattr(yaml, "CSafeLoader", None)
_CLoader = type("_CLoader", (_FAST,), {}) if _FAST is not None else None


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> MarkedDict:
    if not isinstance(node, yaml.MappingNode):  # (a !!map tag on something else)
        raise yaml.constructor.ConstructorError(None, None, "!!map on a value that is not a mapping", node.start_mark)
    out = MarkedDict()
    out.pos = _pos(node)
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value", key_node.start_mark
            ) from None
        if key in out:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {show(key)}", key_node.start_mark
            )
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_pos[key] = _pos(key_node)
        out.value_pos[key] = _pos(value_node)
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> MarkedList:
    if not isinstance(node, yaml.SequenceNode):
        raise yaml.constructor.ConstructorError(None, None, "!!seq on a value that is not a list", node.start_mark)
    out = MarkedList(loader.construct_object(child, deep=True) for child in node.value)
    out.pos = _pos(node)
    out.item_pos = [_pos(child) for child in node.value]
    return out


for _cls in (_Loader, _CLoader):
    if _cls is not None:
        checked_constructors(_cls)
        _cls.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
        _cls.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


class _Redo(Exception):
    """libyaml placed something differently from the pure-Python loader: parse again."""


_NULL = "tag:yaml.org,2002:null"


def _null_fast(loader: Any, node: yaml.ScalarNode) -> None:
    if not node.value:  # an empty value: libyaml puts it where the next token starts
        raise _Redo
    return _Loader.yaml_constructors[_NULL](loader, node)


if _CLoader is not None:
    _CLoader.add_constructor(_NULL, _null_fast)


def _compose_node(loader: _Loader, parent: Any, index: Any) -> Any:
    # The pure-Python composer recurses once per level: stop at the limit, where the
    # problem is, before Python's own recursion limit hides it.
    depth = loader.__dict__.get("_depth", 0) + 1
    if depth > MAX_DEPTH:
        mark = loader.peek_event().start_mark
        raise yaml.composer.ComposerError(None, None, f"nested too deeply (more than {MAX_DEPTH} levels)", mark)
    loader._depth = depth
    try:
        return yaml.SafeLoader.compose_node(loader, parent, index)
    finally:
        loader._depth = depth - 1


_Loader.compose_node = _compose_node
# "=" (YAML 1.1's !!value) reads as a plain string: no constructor would take it.
for _cls in (_Loader, _CLoader):
    if _cls is not None:
        _cls.yaml_implicit_resolvers = {
            first: [(tag, rx) for tag, rx in rules if tag != "tag:yaml.org,2002:value"]
            for first, rules in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def _load(cls: type, text: str, path: str) -> Any:
    loader = cls(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if "*" in text:  # (no alias, nothing shared: the file's size bounds what it holds)
            check_aliases(node, path)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def parse(text: str, path: str, fast: bool) -> Any:
    """The values of ``text``; ``fast``: with libyaml where it takes the text. A syntax error
    or a value past a limit is a :class:`FormatError` with its position."""
    if fast and _CLoader is not None and "\t" not in text:  # libyaml accepts tabs PyYAML refuses
        try:
            return _load(_CLoader, text, path)
        except (yaml.YAMLError, FormatError, RecursionError, _Redo, ValueError, TypeError):
            pass  # the pure-Python loader below says what is wrong, in its words
    try:
        return _load(_Loader, text, path)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "invalid YAML"
        if exc.problem and exc.context and exc.context_mark:
            what += f" ({exc.context} at line {exc.context_mark.line + 1})"
        syntax = isinstance(exc, (yaml.scanner.ScannerError, yaml.parser.ParserError))
        raise FormatError([Problem(path, line, col, f"YAML{' syntax' if syntax else ''}: {what}")]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        line, col = position(text, exc.position)
        ch = chr(exc.character) if isinstance(exc.character, int) else exc.character
        raise FormatError([Problem(path, line, col, f"YAML: character {ch!r} is not allowed in a YAML file")]) from None
    except yaml.YAMLError as exc:
        raise FormatError([Problem(path, 1, 1, f"YAML: {show(str(exc), 200)}")]) from None
