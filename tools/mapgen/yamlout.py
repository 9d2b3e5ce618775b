"""A small deterministic YAML writer for map files: fixed key order, one hexside pair or place
per line, strings JSON-quoted (valid YAML), so a rebuild is byte-for-byte identical."""

from __future__ import annotations

import json


def q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def flow(d: dict) -> str:
    parts = []
    for k, v in d.items():
        if isinstance(v, str):
            v = q(v)
        elif isinstance(v, list):
            v = "[" + ", ".join(q(x) if isinstance(x, str) else str(x) for x in v) + "]"
        parts.append(f"{k}: {v}")
    return "{" + ", ".join(parts) + "}"


def map_yaml(doc: dict) -> str:
    """``doc`` keys: header (comment lines), format, id, title, system, grid (dict with
    numbering), rows (strings), hexsides, places, regions, attribution, notes."""
    out = [f"# {line}".rstrip() for line in doc["header"]]
    out += [f"format: {doc['format']}", f"id: {doc['id']}", f"title: {q(doc['title'])}",
            f"system: {doc['system']}", "grid:"]
    g = doc["grid"]
    for k in ("kind", "orientation", "parity", "width", "height"):
        out.append(f"  {k}: {g[k]}")
    out.append(f"  numbering: {flow(g['numbering'])}")
    out += ["terrain:", "  rows:"]
    out += [f"    - {q(r)}" for r in doc["rows"]]
    out.append("hexsides:")
    for h in doc["hexsides"]:
        out += [f"  - feature: {h['feature']}", f"    name: {q(h['name'])}", "    sides:"]
        out += [f"      - {q(s)}" for s in h["sides"]]
    out.append("places:")
    out += [f"  - {flow(p)}" for p in doc["places"]]
    out.append("regions:")
    for r in doc["regions"]:
        head = {k: r[k] for k in ("id", "kind", "name", "side", "note") if k in r}
        out.append(f"  - id: {head.pop('id')}")
        out += [f"    {k}: {q(v) if k in ('name', 'note') else v}" for k, v in head.items()]
        out.append("    hexes: [" + ", ".join(q(h) for h in r["hexes"]) + "]")
    out.append("attribution:")
    out += [f"  - {flow(a)}" for a in doc["attribution"]]
    if doc.get("notes"):
        out.append(f"notes: {q(doc['notes'])}")
    return "\n".join(out) + "\n"
