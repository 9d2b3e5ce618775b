"""The mutants of the rules tables (``ddaydesk/rules/data``): each number and each list
changed alone.

- a number (int or float): plus one, minus one;
- a list: its first two different neighbours swapped; its first entry dropped; its last entry
  dropped (a one-entry list: that entry dropped).

The document is composed into YAML nodes to find the value and its place in the text; the
change is spliced into the text, so the file differs from the shipped one in that value
only (where a splice would not read back as intended, the whole document is written from
its nodes: same data, comments and layout lost). A mutant carries the rule ids of the values it
changes: the nearest ``rule:`` above the value (and the ids its ``note:`` names), or the
dropped or swapped entries' own.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tools.mutation.citations import RULE_ID

# Lists that are references, not rules: the catalogue ids an option covers, a counter's colours.
SKIP_LISTS = {"rules", "colours"}
NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


@dataclass(frozen=True)
class TableMutant:
    file: str  # relative to the data folder: "fmu/crt.yaml"
    path: tuple  # steps from the document root: str keys and int indices
    op: str  # "+1", "-1", "swap 0-1", "drop 0"
    line: int
    rules: tuple[str, ...]
    before: str
    after: str
    data_sha: str = field(compare=False)

    @property
    def key(self) -> str:
        return f"{self.file}:{dotted(self.path)}:{self.op}"

    @property
    def rule(self) -> str:
        return self.rules[0] if self.rules else "-"


def dotted(path: tuple) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _rules_of(node) -> tuple[str, ...]:
    """A mapping's ``rule:`` and then the ids its ``note:`` cites (the clauses the value
    serves besides its own: ``max_per_turn`` of an entry tagged PKD-INT-04 whose note says
    D77-AIR-14)."""
    if not isinstance(node, yaml.MappingNode):
        return ()
    fields = {k.value: v.value for k, v in node.value if isinstance(v, yaml.ScalarNode)}
    own = fields.get("rule") or ""
    if not own:
        return ()
    return (own, *(i for i in sorted(RULE_ID.findall(fields.get("note") or "")) if i != own))


def _short(node, limit: int = 60) -> str:
    value = yaml.safe_load(yaml.serialize(node))
    text = yaml.safe_dump(value, default_flow_style=True, width=10_000, allow_unicode=True, sort_keys=False)
    text = text.strip().removesuffix("...").strip()
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _same(a, b) -> bool:
    return _short(a, 10_000) == _short(b, 10_000)


def enumerate_file(data: Path, rel: str) -> list[TableMutant]:
    text = (data / rel).read_text(encoding="utf-8")
    sha = hashlib.sha256(text.encode()).hexdigest()[:16]
    out: list[TableMutant] = []

    def add(path, op, node, rules, before, after):
        out.append(TableMutant(rel, tuple(path), op, node.start_mark.line + 1,
                               tuple(dict.fromkeys(r for r in rules if r)), before, after, sha))

    def walk(node, path, key, rules):
        if isinstance(node, yaml.ScalarNode):
            if node.tag in NUMBER_TAGS:
                num = _number(node)
                for d, op in ((1, "+1"), (-1, "-1")):
                    add(path, op, node, rules, node.value, _fmt(num + d))
        elif isinstance(node, yaml.SequenceNode):
            items = node.value
            if key not in SKIP_LISTS and items:
                own = [_rules_of(x) or rules for x in items]
                pair = next((i for i in range(len(items) - 1) if not _same(items[i], items[i + 1])), None)
                if pair is not None:
                    add(path, f"swap {pair}-{pair + 1}", node, own[pair] + own[pair + 1],
                        _short(node), f"entries {pair} and {pair + 1} swapped")
                for i in sorted({0, len(items) - 1}):
                    add(path, f"drop {i}", node, own[i], _short(node), f"without {_short(items[i], 40)}")
            for i, x in enumerate(items):
                walk(x, (*path, i), key, _rules_of(x) or rules)
        elif isinstance(node, yaml.MappingNode):
            here = _rules_of(node) or rules
            for k, v in node.value:
                walk(v, (*path, k.value), k.value, here)

    walk(yaml.compose(text), (), None, ())
    return out


def _number(node) -> int | float:
    return yaml.safe_load(node.value)


def _fmt(value: int | float) -> str:
    return repr(value)


def mutated_text(data: Path, m: TableMutant) -> str:
    """The file's text with mutant ``m`` applied: the changed value spliced into the text
    where that reads back as the mutant (so the rest of the file is byte for byte the
    shipped one), else the whole document written from its nodes."""
    text = (data / m.file).read_text(encoding="utf-8")
    root = yaml.compose(text)
    node = root
    for step in m.path:
        node = node.value[step] if isinstance(step, int) else next(v for k, v in node.value if k.value == step)
    items = list(node.value) if isinstance(node, yaml.SequenceNode) else None
    if m.op in ("+1", "-1"):
        new = _fmt(_number(node) + (1 if m.op == "+1" else -1))
        spliced = text[:node.start_mark.index] + new + text[node.end_mark.index:]
        node.value = new
    elif m.op.startswith("swap"):
        i = int(m.op.split()[1].split("-")[0])
        a, b = items[i], items[i + 1]
        spliced = (text[:a.start_mark.index] + _span(text, b) + text[a.end_mark.index:b.start_mark.index]
                   + _span(text, a) + text[b.end_mark.index:])
        node.value[i], node.value[i + 1] = b, a
    else:
        i = int(m.op.split()[1])
        spliced = _drop(text, node, items, i)
        del node.value[i]
    whole = write(root)
    try:
        if yaml.safe_load(spliced) == yaml.safe_load(whole):
            return spliced
    except yaml.YAMLError:
        pass
    return whole


def _span(text: str, node) -> str:
    return text[node.start_mark.index:node.end_mark.index]


def _drop(text: str, seq, items: list, i: int) -> str:
    if seq.flow_style:
        if len(items) == 1:
            start, end = items[0].start_mark.index, items[0].end_mark.index
        elif i < len(items) - 1:
            start, end = items[i].start_mark.index, items[i + 1].start_mark.index
        else:
            start, end = items[i - 1].end_mark.index, items[i].end_mark.index
        return text[:start] + text[end:]
    # block: from the start of the entry's "- " line to the start of the next entry's line
    start = text.rfind("\n", 0, items[i].start_mark.index) + 1
    end = (text.rfind("\n", 0, items[i + 1].start_mark.index) + 1 if i < len(items) - 1
           else _line_end(text, items[i].end_mark.index))
    if len(items) == 1:
        return text[:items[0].start_mark.index - 2] + "[]" + text[_line_end(text, items[0].end_mark.index) - 1:]
    return text[:start] + text[end:]


def _line_end(text: str, index: int) -> int:
    """The index just past the line holding ``index - 1`` (a block node's end mark may sit at
    the start of the next line)."""
    if index > 0 and text[index - 1] == "\n":
        return index
    nl = text.find("\n", index)
    return len(text) if nl < 0 else nl + 1


def write(root) -> str:
    return yaml.serialize(root, allow_unicode=True, width=10_000)


def enumerate_all(data: Path) -> list[TableMutant]:
    out = []
    for path in sorted(data.rglob("*.yaml")):
        out.extend(enumerate_file(data, path.relative_to(data).as_posix()))
    return out
