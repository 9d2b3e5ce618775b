"""A map made of other maps (``parts:``): the area maps laid side by side, west to east, as one
board. D-Day Dice's Overlord campaigns are such maps, one part a Battle Map played in turn.

Each part keeps its areas, borders and properties; its labels become ``"<k>-<label>"`` (k
from 1), its areas' props gain ``part`` (k - 1) and ``sector`` (the label printed on the part),
and the board gains one region of kind ``part`` per part (id: the part map's id; name: its
title), in order. The board's content hash covers every part's file.
"""

from __future__ import annotations

from pathlib import Path

from ddaydesk.board import Board, Region
from ddaydesk.formats.errors import clip, show
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict
from ddaydesk.paths import maps_dir
from ddaydesk.rules.systems import System

GAP = 1.0  # between two parts, in map units
MAX_PARTS = 12


def part_path(ref: str, path: str) -> Path:
    """A part: a path relative to the map file (``*.yaml``) or a shipped map id."""
    if ref.endswith((".yaml", ".yml")):
        return Path(path).parent / ref
    return maps_dir() / f"{ref}.yaml"


_composing: list[str] = []  # the map files being composed now (a part made of parts is refused)


def compose_parts(rd: Reader, top: MarkedDict, system: System, map_id: str, title: str, path: str) -> Board | None:
    if _composing:
        rd.error(top.at("parts"), f"parts: a part of {_composing[-1]} may not be made of parts itself")
        return None
    _composing.append(path)
    try:
        return _compose(rd, top, system, map_id, title, path)
    finally:
        _composing.pop()


def _compose(rd: Reader, top: MarkedDict, system: System, map_id: str, title: str, path: str) -> Board | None:
    from ddaydesk.formats.mapfile import load_map  # (mapfile calls this module)

    items = rd.seq(top["parts"], top.at("parts"), "parts")
    if items is None:
        return None
    if not 1 <= len(items) <= MAX_PARTS:
        rd.error(items.pos, f"parts: 1 to {MAX_PARTS} maps, not {len(items)}")
        return None
    boards = []
    for k, item in enumerate(items):
        p = rd.mapping(item, items.at(k), f"parts[{k}]", required=("map",))
        ref = rd.text(p, "map", f"parts[{k}]") if p is not None else None
        if not isinstance(ref, str):
            continue
        file = part_path(ref, path)
        if not _is_file(file):
            rd.error(p.at("map"), f"parts[{k}].map: no map {show(ref)} (looked for {clip(str(file))})")
            continue
        sub = load_map(file)  # its own problems name its file
        if sub.kind != "area" or sub.system != system.id:
            rd.error(p.at("map"), f"parts[{k}].map: {ref} is not an area map of {system.id}")
            continue
        boards.append(sub)
    rd.raise_if_problems()
    return _join(boards, system, map_id, title)


def _is_file(file: Path) -> bool:
    try:
        return file.is_file()
    except (OSError, ValueError):  # a name too long, a NUL in it: no such map
        return False


def _join(boards: list[Board], system: System, map_id: str, title: str) -> Board:
    labels, names, terrain, outlines, props, adj, adj_side = [], [], bytearray(), [], [], [], []
    side_mask, side_props, side_names, regions = [], {}, {}, {}
    x0 = 0.0
    for k, b in enumerate(boards):
        first, sides0 = len(labels), len(side_mask)
        xs = [x for o in b.outlines for x, _ in o]
        dx = x0 - min(xs)
        labels += [f"{k + 1}-{lab}" for lab in b.labels]
        names += [b.name_of(i) for i in range(b.n)]
        terrain += bytes(system_code(system, b, i) for i in range(b.n))
        outlines += [[(x + dx, y) for x, y in o] for o in b.outlines]
        props += [{**(b.props[i] if b.props else {}), "part": k, "sector": b.labels[i]} for i in range(b.n)]
        adj += [tuple(j + first for j in nb) for nb in b.adj]
        adj_side += [tuple(s + sides0 for s in ss) for ss in b.adj_side]
        side_mask += [_mask(b, system, s) for s in range(b.n_sides)]
        side_props.update({s + sides0: dict(v) for s, v in b.side_props.items()})
        side_names.update({s + sides0: v for s, v in b.side_names.items()})
        regions[b.id] = Region(b.id, "part", b.title, tuple(range(first, len(labels))))
        x0 = max(xs) + dx + GAP
    board = Board(
        id=map_id, title=title, system=system.id, kind="area", labels=labels, terrain=terrain,
        terrain_names=tuple(system.terrain), adj=adj, adj_side=adj_side, n_sides=len(side_mask),
        feature_names=system.hexside_features, side_mask=side_mask, side_names=side_names,
        places=[], regions=regions, attribution=[a for b in boards for a in b.attribution], outlines=outlines,
        names=names, props=props, side_props=side_props)
    board.content_hash = "".join(b.content_hash for b in boards)  # load_map hashes it with the file
    return board


def system_code(system: System, b: Board, i: int) -> int:
    return tuple(system.terrain).index(b.terrain_of(i))


def _mask(b: Board, system: System, side: int) -> int:
    out = 0
    for f in b.side_features(side):
        out |= 1 << system.hexside_features.index(f)
    return out
