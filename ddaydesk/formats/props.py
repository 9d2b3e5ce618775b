"""Typed properties of an area map's places and borders (D-Day Dice: a Sector's DEF, machine
guns and attributes; a line's Courage cost).

A system declares what its maps may say in ``system.yaml`` (``area_props``, ``border_props``:
name -> ``{type: int|bool|text|choice|list, min, max, of}``); a map gives them as ``props:``
on an area and in its ``borders:`` list (``{between: "A/B", features: [...], props: {...}}``,
features being the system's ``hexside_features``). The board keeps them in ``Board.props``
(one dict per place) and ``Board.side_props`` (side id -> dict).
"""

from __future__ import annotations

from typing import Any

from ddaydesk.board import Board
from ddaydesk.formats.errors import show
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, MarkedList
from ddaydesk.rules.systems import PropSpec, System


def read_props(rd: Reader, specs: dict[str, PropSpec], value: Any, pos: tuple[int, int],
               what: str) -> dict[str, Any]:
    """A ``props:`` mapping checked against ``specs``; the values that passed."""
    d = rd.mapping(value, pos, what, optional=tuple(specs))
    out: dict[str, Any] = {}
    if d is None:
        return out
    for key, v in d.items():
        spec = specs.get(key)
        if spec is None:
            continue  # reported by mapping()
        problem = spec.problem(v)
        if problem:
            rd.error(d.at(key), f"{what}.{key}: {problem}")
        else:
            out[key] = tuple(v) if isinstance(v, list) else v
    return out


def read_borders(rd: Reader, top: MarkedDict, board: Board, system: System) -> None:
    """The map's ``borders:`` list onto ``board.side_mask`` and ``board.side_props``."""
    if "borders" not in top:
        return
    items = rd.seq(top["borders"], top.at("borders"), "borders")
    seen: set[int] = set()
    for k, item in enumerate(items or ()):
        what = f"borders[{k}]"
        b = rd.mapping(item, items.at(k), what, required=("between",), optional=("features", "props", "name"))
        if b is None:
            continue
        pair = b.get("between")
        if not isinstance(pair, str) or pair.count("/") != 1:
            rd.error(b.at("between"), f"{what}.between: expected 'AREA/AREA', found {show(pair)}")
            continue
        a, c = (x.strip() for x in pair.split("/"))
        ia, ic = board.index_of.get(a, -1), board.index_of.get(c, -1)
        if ia < 0 or ic < 0:
            rd.error(b.at("between"), f"{what}.between: {show(a if ia < 0 else c)} is not an area of this map")
            continue
        side = board.side_between(ia, ic)
        if side < 0:
            rd.error(b.at("between"), f"{what}.between: {a} and {c} are not adjacent")
            continue
        if side in seen:
            rd.error(b.at("between"), f"{what}.between: the border {a}/{c} is listed twice")
            continue
        seen.add(side)
        feats = rd.seq(b["features"], b.at("features"), f"{what}.features") if "features" in b else MarkedList()
        for f in feats or ():
            if f not in system.hexside_features:
                rd.error(b.at("features"), f"{what}.features: {show(f)} is not one of: {', '.join(system.hexside_features)}")
            else:
                board.side_mask[side] |= board.feature_bit(f)
        if "props" in b:
            board.side_props[side] = read_props(rd, system.border_props, b["props"], b.at("props"), f"{what}.props")
        name = rd.text(b, "name", what, default="")
        if name:
            board.side_names[side] = name
