"""The mutants of the rules tables (``ddaydesk/rules/data``): each number and each list
changed alone.

- a number (int or float): plus one, minus one;
- a list: its first two different neighbours swapped; its first entry dropped; its last entry
  dropped (a one-entry list: that entry dropped).

The document is composed into YAML nodes, one node is changed and the nodes are written
back, so the file differs from the shipped one in that value only (comments and layout
are not kept, and nothing reads them). A mutant carries the rule ids of the values it
changes: the nearest ``rule:`` above the value, or the dropped or swapped entries' own.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import yaml

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


def _rule_of(node) -> str | None:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == "rule" and isinstance(v, yaml.ScalarNode) and v.value:
                return v.value
    return None


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

    def walk(node, path, key, rule):
        if isinstance(node, yaml.ScalarNode):
            if node.tag in NUMBER_TAGS:
                num = _number(node)
                for d, op in ((1, "+1"), (-1, "-1")):
                    add(path, op, node, [rule], node.value, _fmt(num + d))
        elif isinstance(node, yaml.SequenceNode):
            items = node.value
            if key not in SKIP_LISTS and items:
                own = [_rule_of(x) or rule for x in items]
                pair = next((i for i in range(len(items) - 1) if not _same(items[i], items[i + 1])), None)
                if pair is not None:
                    add(path, f"swap {pair}-{pair + 1}", node, own[pair:pair + 2],
                        _short(node), f"entries {pair} and {pair + 1} swapped")
                for i in sorted({0, len(items) - 1}):
                    add(path, f"drop {i}", node, [own[i]], _short(node), f"without {_short(items[i], 40)}")
            for i, x in enumerate(items):
                walk(x, (*path, i), key, _rule_of(x) or rule)
        elif isinstance(node, yaml.MappingNode):
            here = _rule_of(node) or rule
            for k, v in node.value:
                walk(v, (*path, k.value), k.value, here)

    walk(yaml.compose(text), (), None, None)
    return out


def _number(node) -> int | float:
    return yaml.safe_load(node.value)


def _fmt(value: int | float) -> str:
    return repr(value)


def mutated_text(data: Path, m: TableMutant) -> str:
    """The file's text with mutant ``m`` applied."""
    root = yaml.compose((data / m.file).read_text(encoding="utf-8"))
    node = root
    for step in m.path:
        node = node.value[step] if isinstance(step, int) else next(v for k, v in node.value if k.value == step)
    if m.op in ("+1", "-1"):
        node.value = _fmt(_number(node) + (1 if m.op == "+1" else -1))
    elif m.op.startswith("swap"):
        i = int(m.op.split()[1].split("-")[0])
        node.value[i], node.value[i + 1] = node.value[i + 1], node.value[i]
    else:
        del node.value[int(m.op.split()[1])]
    return write(root)


def write(root) -> str:
    return yaml.serialize(root, allow_unicode=True, width=10_000)


def enumerate_all(data: Path) -> list[TableMutant]:
    out = []
    for path in sorted(data.rglob("*.yaml")):
        out.extend(enumerate_file(data, path.relative_to(data).as_posix()))
    return out
