"""Map files (YAML, ``maps/*.yaml``) -> :class:`~ddaydesk.board.Board`. See docs/formats.md."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ddaydesk.board import Board, NamedPlace, Region
from ddaydesk.digest import sha256
from ddaydesk.diskcache import code_stamp, key_of, load_pickled, store_pickled
from ddaydesk.formats.errors import clip, show
from ddaydesk.formats.mapparts import compose_parts
from ddaydesk.formats.props import read_borders, read_props
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, MarkedList, load_text, read_text
from ddaydesk.hexgrid import HexGrid, HexNumbering
from ddaydesk.rules.systems import DATA, System, load_system, system_ids

FORMAT_VERSION = 1
MAX_PLACES = 20000  # far above any board; guards the loader against absurd sizes

TOP_KEYS = ("format", "id", "title", "system", "grid", "terrain", "hexsides", "places",
            "regions", "areas", "borders", "attribution", "notes", "parts")


def load_map(path: str | Path) -> Board:
    """Load and validate a map file; FormatError lists every problem with its position. A
    map read before (one file, no parts) comes from the cache as it was built then
    (``ddaydesk.diskcache``, by the file's hash and the stamp of the code that builds it)."""
    path = str(path)
    raw, text = read_text(path)
    key = key_of(sha256(raw).hexdigest(), stamp=builder_stamp())
    board = load_pickled("board", key)
    if board is None:
        board = parse_map(load_text(text, path, keep=True), path)
        if not board.content_hash:  # (a map of parts reads other files: built every time)
            store_pickled("board", key, board)
    board.source = path
    # a map made of parts (formats/mapparts.py) holds its parts' hashes: they count too
    board.content_hash = sha256(raw + board.content_hash.encode()).hexdigest()
    return board


@cache
def builder_stamp() -> str:
    """The code that builds a board from a map's text (or a scenario from its own,
    formats/scenariofile.py), and the systems' vocabularies it checks them against; worked
    out once (the code running does not change)."""
    return code_stamp(modules=("ddaydesk.rules.systems", "ddaydesk.formats.yamlmarks"),
                      folders=("ddaydesk.formats", "ddaydesk.board", "ddaydesk.hexgrid"),
                      data=tuple(sorted(str(p) for p in DATA.glob("*/system.yaml"))))


def parse_map(doc: Any, path: str) -> Board:
    rd = Reader(path)
    top = rd.mapping(doc, (1, 1), "map", required=("format", "id", "title", "system", "grid"),
                     optional=TOP_KEYS)
    rd.raise_if_problems()
    fmt = rd.integer(top, "format", "map")
    if fmt is not None and fmt != FORMAT_VERSION:
        rd.error(top.at("format"), f"map.format: version {fmt} is not supported (this ddaydesk reads {FORMAT_VERSION})")
    map_id = rd.text(top, "id", "map")
    title = rd.text(top, "title", "map")
    system_id = rd.choice(top, "system", system_ids(), "map")
    rd.raise_if_problems()
    system = load_system(system_id)
    grid_doc = rd.mapping(top["grid"], top.at("grid"), "grid", required=("kind",),
                          optional=("orientation", "parity", "width", "height", "numbering"))
    rd.raise_if_problems()
    kind = rd.choice(grid_doc, "kind", ("hex", "area"), "grid")
    rd.raise_if_problems()
    if kind == "area" and "parts" in top:
        board = compose_parts(rd, top, system, map_id, title, path)
        rd.raise_if_problems()
        board.source = path
        return board
    if kind == "hex":
        board = _hex_board(rd, top, grid_doc, system, map_id, title)
    else:
        board = _area_board(rd, top, system, map_id, title)
    rd.raise_if_problems()
    if kind == "area":
        read_borders(rd, top, board, system)
    _places_and_regions(rd, top, board, system)
    board.attribution = _attribution(rd, top)
    rd.raise_if_problems()
    board.source = path
    return board


def _hex_board(rd: Reader, top: MarkedDict, g: MarkedDict, system: System, map_id: str, title: str) -> Board:
    for key in ("width", "height", "numbering"):
        if key not in g:
            rd.error(g.pos, f"grid: missing key '{key}' (needed for a hex grid)")
    orientation = rd.choice(g, "orientation", ("flat", "pointy"), "grid", default="flat")
    parity = rd.choice(g, "parity", ("odd", "even"), "grid", default="odd")
    width = rd.integer(g, "width", "grid", lo=1, hi=500)
    height = rd.integer(g, "height", "grid", lo=1, hi=500)
    rd.raise_if_problems()
    if width * height > MAX_PLACES:
        rd.error(g.pos, f"grid: {width}x{height} hexes is more than {MAX_PLACES}")
        rd.raise_if_problems()
    nd = rd.mapping(g["numbering"], g.at("numbering"), "grid.numbering",
                    optional=("order", "digits", "col_from", "row_from", "first"))
    rd.raise_if_problems()
    numbering = HexNumbering(
        order=rd.choice(nd, "order", ("col-row", "row-col"), "grid.numbering", default="col-row"),
        digits=rd.integer(nd, "digits", "grid.numbering", lo=1, hi=4, default=2),
        col_from=rd.choice(nd, "col_from", ("west", "east"), "grid.numbering", default="west"),
        row_from=rd.choice(nd, "row_from", ("north", "south"), "grid.numbering", default="north"),
        first=rd.integer(nd, "first", "grid.numbering", lo=0, hi=1, default=1),
        width=width, height=height,
    )
    rd.raise_if_problems()
    if max(width, height) - 1 + numbering.first >= 10 ** numbering.digits:
        rd.error(g.at("numbering"), f"grid.numbering: {numbering.digits} digits cannot number {max(width, height)} columns/rows")
        rd.raise_if_problems()
    grid = HexGrid(width, height, orientation, parity)
    labels = [numbering.label(*grid.colrow(i)) for i in range(grid.n)]
    names = tuple(system.terrain)
    terrain = _terrain_rows(rd, top, system, width, height, names)
    adj = []
    adj_side = []
    for i in range(grid.n):
        ns, ss = [], []
        for d in range(6):
            j = grid.nbr[i * 6 + d]
            if j >= 0:
                ns.append(j)
                ss.append(grid.side[i * 6 + d])
        adj.append(tuple(ns))
        adj_side.append(tuple(ss))
    board = Board(
        id=map_id, title=title, system=system.id, kind="hex", labels=labels, terrain=terrain,
        terrain_names=names, adj=adj, adj_side=adj_side, n_sides=grid.n_sides,
        feature_names=system.hexside_features, side_mask=[0] * grid.n_sides, side_names={},
        places=[], regions={}, attribution=[], grid=grid, numbering=numbering,
    )
    _hexsides(rd, top, board, system)
    return board


def _terrain_rows(rd: Reader, top: MarkedDict, system: System, width: int, height: int,
                  names: tuple[str, ...]) -> bytearray:
    terrain = bytearray(width * height)
    if "terrain" not in top:
        rd.error(top.pos, "map: missing key 'terrain' (needed for a hex grid)")
        return terrain
    t = rd.mapping(top["terrain"], top.at("terrain"), "terrain", required=("rows",), optional=("legend",))
    if t is None or "rows" not in t:
        return terrain
    legend = {tt.glyph: tt.name for tt in system.terrain.values()}
    if "legend" in t:
        ld = rd.mapping(t["legend"], t.at("legend"), "terrain.legend")
        if ld is not None:
            legend = {}
            for glyph, name in ld.items():
                if not isinstance(glyph, str) or len(glyph) != 1 or glyph == " ":
                    rd.error(ld.key_pos.get(glyph, ld.pos), f"terrain.legend: key {show(glyph)} must be one character (not a space)")
                elif name not in system.terrain:
                    rd.error(ld.at(glyph), f"terrain.legend.{clip(str(glyph))}: {show(name)} is not a terrain of {system.id} ({', '.join(names)})")
                else:
                    legend[glyph] = name
    rows = rd.seq(t["rows"], t.at("rows"), "terrain.rows")
    if rows is None:
        return terrain
    if len(rows) != height:
        rd.error(rows.pos, f"terrain.rows: {len(rows)} rows for a grid {height} rows high")
    code = {name: k for k, name in enumerate(names)}
    for r, row in enumerate(rows[:height]):
        pos = rows.at(r)
        if not isinstance(row, str):
            rd.error(pos, f"terrain.rows[{r}]: expected a string of terrain characters")
            continue
        cells = row.replace(" ", "")
        if len(cells) != width:
            rd.error(pos, f"terrain.rows[{r}]: {len(cells)} hexes for a grid {width} wide")
            continue
        for c, ch in enumerate(cells):
            if ch not in legend:
                rd.error((pos[0], pos[1]), f"terrain.rows[{r}]: column {c + 1}: unknown terrain character {show(ch)}")
                break
            terrain[r * width + c] = code[legend[ch]]
    return terrain


def _hexsides(rd: Reader, top: MarkedDict, board: Board, system: System) -> None:
    if "hexsides" not in top:
        return
    items = rd.seq(top["hexsides"], top.at("hexsides"), "hexsides")
    for k, item in enumerate(items or ()):
        what = f"hexsides[{k}]"
        h = rd.mapping(item, items.at(k), what, required=("feature", "sides"), optional=("name",))
        if h is None:
            continue
        feature = rd.choice(h, "feature", system.hexside_features, what)
        name = rd.text(h, "name", what, default="")
        sides = rd.seq(h["sides"], h.at("sides"), f"{what}.sides") if "sides" in h else None
        if feature is None or sides is None:
            continue
        bit = board.feature_bit(feature)
        for s, pair in enumerate(sides):
            pos = sides.at(s)
            if not isinstance(pair, str) or pair.count("/") != 1:
                rd.error(pos, f"{what}.sides[{s}]: expected 'HEX/HEX', found {show(pair)}")
                continue
            a, b = pair.split("/")
            ia, ib = board.index_of.get(a.strip(), -1), board.index_of.get(b.strip(), -1)
            if ia < 0 or ib < 0:
                rd.error(pos, f"{what}.sides[{s}]: {show(a if ia < 0 else b)} is not a hex of this map")
                continue
            side = board.side_between(ia, ib)
            if side < 0:
                rd.error(pos, f"{what}.sides[{s}]: hexes {a} and {b} are not adjacent")
                continue
            board.side_mask[side] |= bit
            if name:
                board.side_names[side] = name


def _area_board(rd: Reader, top: MarkedDict, system: System, map_id: str, title: str) -> Board:
    if "areas" not in top:
        rd.error(top.pos, "map: missing key 'areas' (needed for an area map)")
        return None  # type: ignore[return-value]
    areas = rd.seq(top["areas"], top.at("areas"), "areas")
    if areas is None:
        return None  # type: ignore[return-value]
    labels, area_names, terrain, outlines, adj_ids, props = [], [], bytearray(), [], [], []
    names = tuple(system.terrain)
    for k, item in enumerate(areas):
        what = f"areas[{k}]"
        needs = ("id", "terrain", "outline", "adjacent")
        a = rd.mapping(item, areas.at(k), what, required=needs, optional=("name", "props"))
        if a is None or any(key not in a for key in needs):  # (each missing key is reported)
            continue
        aid = a.get("id")
        if not isinstance(aid, (str, int)) or isinstance(aid, bool):
            rd.error(a.at("id"), f"{what}.id: expected a string or number")
            continue
        aid = str(aid)
        if aid in labels:
            rd.error(a.at("id"), f"{what}.id: duplicate area id {show(aid)}")
            continue
        t = rd.choice(a, "terrain", names, what)
        outline = _outline(rd, a, what)
        adjacent = rd.seq(a["adjacent"], a.at("adjacent"), f"{what}.adjacent")
        if t is None or outline is None or adjacent is None:
            continue
        labels.append(aid)
        area_names.append(rd.text(a, "name", what, default="") or "")
        terrain.append(names.index(t))
        outlines.append(outline)
        if not all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in adjacent):
            rd.error(a.at("adjacent"), f"{what}.adjacent: expected a list of area ids")
            continue
        adj_ids.append((a, [str(x) for x in adjacent]))
        props.append(read_props(rd, system.area_props, a["props"], a.at("props"), f"{what}.props")
                     if "props" in a else {})
    rd.raise_if_problems()
    index = {label: i for i, label in enumerate(labels)}
    sides: dict[frozenset[int], int] = {}
    adj, adj_side = [], []
    for i, (a, ids) in enumerate(adj_ids):
        ns, ss = [], []
        for other in ids:
            j = index.get(other, -1)
            if j < 0 or j == i:
                rd.error(a.at("adjacent"), f"areas[{i}].adjacent: {show(other)} is not another area of this map")
                continue
            ns.append(j)
            ss.append(sides.setdefault(frozenset((i, j)), len(sides)))
        adj.append(tuple(ns))
        adj_side.append(tuple(ss))
    for i in range(len(labels)):
        for j in adj[i]:
            if i not in adj[j]:
                rd.error(adj_ids[i][0].at("adjacent"), f"areas: {labels[i]} lists {labels[j]} as adjacent but not the reverse")
    return Board(
        id=map_id, title=title, system=system.id, kind="area", labels=labels, terrain=terrain,
        terrain_names=names, adj=adj, adj_side=adj_side, n_sides=len(sides),
        feature_names=system.hexside_features, side_mask=[0] * len(sides), side_names={},
        places=[], regions={}, attribution=[], outlines=outlines, names=area_names, props=props,
    )


def _outline(rd: Reader, a: MarkedDict, what: str) -> list[tuple[float, float]] | None:
    pts = rd.seq(a["outline"], a.at("outline"), f"{what}.outline")
    if pts is None:
        return None
    out = []
    for p in pts:
        if (not isinstance(p, MarkedList) or len(p) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p)):
            rd.error(a.at("outline"), f"{what}.outline: each point must be [x, y]")
            return None
        out.append((float(p[0]), float(p[1])))
    if len(out) < 3:
        rd.error(a.at("outline"), f"{what}.outline: a polygon needs at least 3 points")
        return None
    return out


def place_ref(rd: Reader, board: Board, value: Any, pos: tuple[int, int], what: str) -> int:
    """Index of a place named by its printed label, or -1 after reporting why not."""
    if isinstance(value, int) and not isinstance(value, bool):
        # YAML reads an unquoted 0304 as an octal number: hex labels must be quoted.
        rd.error(pos, f"{what}: {show(value)} is a number; write hex labels in quotes, e.g. \"0304\"")
        return -1
    if not isinstance(value, str) or value not in board.index_of:
        rd.error(pos, f"{what}: {show(value)} is not a place on map {board.id}")
        return -1
    return board.index_of[value]


def _places_and_regions(rd: Reader, top: MarkedDict, board: Board, system: System) -> None:
    items = rd.seq(top["places"], top.at("places"), "places") if "places" in top else None
    for k, item in enumerate(items or ()):
        what = f"places[{k}]"
        p = rd.mapping(item, items.at(k), what, required=("name", "hex", "kind"), optional=("capacity", "note"))
        if p is None:
            continue
        name = rd.text(p, "name", what)
        kind = rd.choice(p, "kind", system.place_kinds, what)
        cap = rd.integer(p, "capacity", what, lo=0, default=None)
        i = place_ref(rd, board, p.get("hex"), p.at("hex"), f"{what}.hex")
        if name and kind and i >= 0:
            board.places.append(NamedPlace(name, kind, i, cap))
    items = rd.seq(top["regions"], top.at("regions"), "regions") if "regions" in top else None
    for k, item in enumerate(items or ()):
        what = f"regions[{k}]"
        r = rd.mapping(item, items.at(k), what, required=("id", "kind", "hexes"), optional=("name", "side", "note"))
        if r is None:
            continue
        rid = rd.text(r, "id", what)
        kind = rd.choice(r, "kind", system.region_kinds, what)
        side = rd.choice(r, "side", system.sides, what, default=None)
        name = rd.text(r, "name", what, default=rid)
        hexes = rd.seq(r["hexes"], r.at("hexes"), f"{what}.hexes") if "hexes" in r else None
        if rid in board.regions:
            rd.error(r.at("id"), f"{what}.id: duplicate region id {show(rid)}")
            continue
        members = tuple(place_ref(rd, board, h, hexes.at(m), f"{what}.hexes[{m}]") for m, h in enumerate(hexes or ()))
        if rid and kind and hexes is not None and all(m >= 0 for m in members):
            board.regions[rid] = Region(rid, kind, name or rid, members, side)


def _attribution(rd: Reader, top: MarkedDict) -> list[dict]:
    if "attribution" not in top:
        return []
    items = rd.seq(top["attribution"], top.at("attribution"), "attribution")
    out = []
    for k, item in enumerate(items or ()):
        a = rd.mapping(item, items.at(k), f"attribution[{k}]", required=("data", "licence"),
                       optional=("source", "note"))
        if a is not None and all(isinstance(a.get(key), str) for key in ("data", "licence")):
            out.append({key: str(v) for key, v in a.items()})
        elif a is not None:
            rd.error(a.pos, f"attribution[{k}]: data and licence must be strings")
    return out
