"""Scenario files (YAML, ``scenarios/*.yaml``) -> :class:`Scenario`. See docs/formats.md."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ddaydesk.board import Board
from ddaydesk.digest import sha256
from ddaydesk.diskcache import key_of, load_pickled, store_pickled
from ddaydesk.formats.errors import clip, show
from ddaydesk.formats.mapfile import builder_stamp, load_map, place_ref
from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import MarkedDict, load_text, read_text
from ddaydesk.paths import maps_dir
from ddaydesk.records import Record
from ddaydesk.rules.systems import System, load_system, system_ids

FORMAT_VERSION = 1
VALUE_KEYS = ("attack", "defence", "movement")
UNIT_KEYS = ("id", "name", "side", "nationality", "type", "attack", "defence", "movement",
             "reduced", "hq", "hex", "part", "box", "arrives", "count", "note", "formation", "size")
# The unit size marks printed over the symbol (NATO echelons): company to theatre.
UNIT_SIZES = ("I", "II", "III", "X", "XX", "XXX", "XXXX", "XXXXX", "XXXXXX")
MAX_COUNT = 200  # a `count:` line stands for at most this many units


@dataclass(frozen=True, eq=False, repr=False)
class UnitSpec(Record):
    """A unit as the scenario gives it: identity, values and where and when it starts."""

    id: str
    name: str
    side: str
    nationality: str
    type: str
    attack: int
    defence: int
    movement: int
    reduced: tuple[int, int, int] | None = None  # (attack, defence, movement) of the reduced side
    hq: str | None = None  # HQ kind, for HQ units
    hex: int = -1  # start place index, -1 when the unit arrives later
    arrive_turn: int | None = None
    arrive_region: str | None = None
    part: str | None = None  # sub-place of the start place (area systems: the system's parts)
    box: str | None = None  # off-map holding box at start (the system's boxes)
    formation: str | None = None  # the HQ the unit answers to (Koenig's Command Cup chits)
    size: str | None = None  # the printed size mark (UNIT_SIZES): "XX" a division, "III" a regiment


@dataclass(frozen=True, eq=False, repr=False)
class MarkerSpec(Record):
    """A marker the scenario places at the start."""

    kind: str
    place: int
    side: str | None = None


@dataclass
class Scenario:
    """A scenario read and checked: its system, board, turns, units, markers and options."""

    id: str
    title: str
    system: System
    board: Board
    first_turn: int
    last_turn: int
    first_player: str
    options: dict[str, bool]
    units: list[UnitSpec]
    markers: list[MarkerSpec]
    victory: str
    description: str = ""
    source: str = ""
    content_hash: str = ""
    unit_index: dict[str, int] = field(default_factory=dict)
    # Where things stand in the file, for problems found later (a system's set-up checks):
    # line of each unit id (a `count:` line for each unit it makes) and of each top-level key.
    lines: dict[str, int] = field(default_factory=dict)


# Scenarios loaded in this process, by absolute path: (sha256 of the file, the scenario).
# Loading a save, the catalogue and the app's start all read the same few files; a hit
# costs two file reads and hashes instead of a parse (a campaign takes 60-80 ms).
_LOADED: dict[str, tuple[str, Scenario]] = {}
_KEEP = 16


def load_scenario(path: str | Path) -> Scenario:
    """The scenario in ``path``, validated; FormatError lists every problem. The same
    unchanged file (scenario and map) gives the same :class:`Scenario` object: treat it as
    read-only, as the engine does."""
    path = str(path)
    raw, text = read_text(path)
    key, digest = os.path.abspath(path), sha256(raw).hexdigest()
    hit = _LOADED.get(key)
    if hit is not None and hit[0] == digest and _map_unchanged(hit[1].board):
        return hit[1]
    sc = _kept(digest, path)
    if sc is None:
        sc = parse_scenario(load_text(text, path, keep=True), path)
        _keep(digest, path, sc)
    sc.content_hash = sha256(raw + sc.board.content_hash.encode()).hexdigest()
    _LOADED.pop(key, None)
    _LOADED[key] = (digest, sc)
    if len(_LOADED) > _KEEP:
        del _LOADED[next(iter(_LOADED))]
    return sc


def _disk_key(digest: str, path: str) -> str:
    return key_of(digest, os.path.abspath(path), path, stamp=builder_stamp())


def _kept(digest: str, path: str) -> Scenario | None:
    """The scenario as parsed by an earlier run (``ddaydesk.diskcache``: by the file's hash,
    its path and the stamp of the code that reads it), with its system and its map as they
    load now; None when there is none or its map has changed since (then it is parsed)."""
    got = load_pickled("scenario", _disk_key(digest, path))
    if got is None:
        return None
    sc, system_id, map_path, map_hash = got
    if not _is_file(Path(map_path)):
        return None
    board = load_map(map_path)
    if board.content_hash != map_hash:
        return None
    return replace(sc, system=load_system(system_id), board=board)


def _keep(digest: str, path: str, sc: Scenario) -> None:
    """For the next run: the scenario without its system and map (each kept on its own)."""
    store_pickled("scenario", _disk_key(digest, path),
                  (replace(sc, system=None, board=None), sc.system.id, sc.board.source, sc.board.content_hash))


def _map_unchanged(board: Board) -> bool:
    try:
        return sha256(Path(board.source).read_bytes()).hexdigest() == board.content_hash
    except OSError:
        return False


def resolve_map(ref: str, scenario_path: str) -> Path:
    """A map reference: a path relative to the scenario (``*.yaml``) or a shipped map id."""
    if ref.endswith((".yaml", ".yml")):
        # normpath, not resolve(): messages should show the path as the user wrote it
        return Path(os.path.normpath(Path(scenario_path).parent / ref))
    return maps_dir() / f"{ref}.yaml"


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, a NUL in it
        return False


def parse_scenario(doc: Any, path: str) -> Scenario:
    rd = Reader(path)
    top = rd.mapping(doc, (1, 1), "scenario",
                     required=("format", "id", "title", "system", "map", "turns", "first_player", "units"),
                     optional=("options", "markers", "victory", "description"))
    rd.raise_if_problems()
    fmt = rd.integer(top, "format", "scenario")
    if fmt is not None and fmt != FORMAT_VERSION:
        rd.error(top.at("format"), f"scenario.format: version {fmt} is not supported (this ddaydesk reads {FORMAT_VERSION})")
    sid = rd.text(top, "id", "scenario")
    title = rd.text(top, "title", "scenario")
    description = rd.text(top, "description", "scenario", default="")
    system_id = rd.choice(top, "system", system_ids(), "scenario")
    map_ref = rd.text(top, "map", "scenario")
    rd.raise_if_problems()
    system = load_system(system_id)
    map_path = resolve_map(map_ref, path)
    if not _is_file(map_path):
        rd.error(top.at("map"), f"scenario.map: no map {show(map_ref)} (looked for {clip(str(map_path), 200)})")
        rd.raise_if_problems()
    board = load_map(map_path)  # its own problems name the map file
    if board.system != system.id:
        rd.error(top.at("map"), f"scenario.map: map {board.id} is for system {board.system}, not {system.id}")
    turns = rd.mapping(top["turns"], top.at("turns"), "scenario.turns", required=("first", "last"))
    first = last = 1
    if turns is not None:
        first = rd.integer(turns, "first", "scenario.turns", lo=1, hi=999) or 1
        last = rd.integer(turns, "last", "scenario.turns", lo=1, hi=999) or first
        if last < first:
            rd.error(turns.at("last"), f"scenario.turns.last: {last} is before the first turn {first}")
    first_player = rd.choice(top, "first_player", system.sides, "scenario")
    options = _options(rd, top, system)
    unit_lines: dict[str, int] = {}
    units = _units(rd, top, system, board, first, last, unit_lines)
    markers = _markers(rd, top, system, board)
    victory = rd.text(top, "victory", "scenario", default="standard")
    rd.raise_if_problems()
    sc = Scenario(
        id=sid, title=title, system=system, board=board, first_turn=first, last_turn=last,
        first_player=first_player, options=options, units=units, markers=markers, victory=victory,
        description=description, source=path,
    )
    sc.unit_index = {u.id: k for k, u in enumerate(units)}
    sc.lines = {**{f"scenario.{k}": p[0] for k, p in top.key_pos.items()}, **unit_lines}
    return sc


def _options(rd: Reader, top: MarkedDict, system: System) -> dict[str, bool]:
    options = system.default_options()
    if "options" not in top:
        return options
    od = rd.mapping(top["options"], top.at("options"), "scenario.options", optional=tuple(system.options))
    for key in od or ():
        if key in system.options:
            value = rd.field(od, key, bool, "scenario.options")
            if value is not None:
                options[key] = value
    return options


def _units(rd: Reader, top: MarkedDict, system: System, board: Board, first: int, last: int,
           lines: dict[str, int]) -> list[UnitSpec]:
    items = rd.seq(top["units"], top.at("units"), "scenario.units")
    units: list[UnitSpec] = []
    seen: dict[str, int] = {}
    for k, item in enumerate(items or ()):
        what = f"units[{k}]"
        u = rd.mapping(item, items.at(k), what, required=("id", "side", "nationality", "type", *VALUE_KEYS),
                       optional=UNIT_KEYS)
        if u is None:
            continue
        n_before = len(rd.problems)
        uid = rd.text(u, "id", what)
        if isinstance(uid, str):
            what = f"unit {clip(uid)}"
            if uid in seen:
                rd.error(u.at("id"), f"{what}: duplicate unit id (first at line {seen[uid]})")
            seen.setdefault(uid, u.at("id")[0])
        side = rd.choice(u, "side", system.sides, what)
        nationality = rd.choice(u, "nationality", system.nationalities, what)
        utype = rd.choice(u, "type", system.unit_types, what)
        values = [rd.integer(u, key, what, lo=0, hi=99) for key in VALUE_KEYS]
        reduced = None
        if "reduced" in u:
            rdoc = rd.mapping(u["reduced"], u.at("reduced"), f"{what}.reduced", required=VALUE_KEYS)
            if rdoc is not None:
                reduced = tuple(rd.integer(rdoc, key, f"{what}.reduced", lo=0, hi=99) for key in VALUE_KEYS)
        hq = rd.choice(u, "hq", system.hq_kinds, what, default=None) if "hq" in u else None
        size = rd.choice(u, "size", UNIT_SIZES, what, default=None) if "size" in u else None
        if hq is not None and utype != "hq":
            rd.error(u.at("hq"), f"{what}.hq: only units of type hq have an HQ kind")
        place = -1
        arrive_turn = arrive_region = part = box = None
        where = [key for key in ("hex", "arrives", "box") if key in u]
        if len(where) != 1:
            rd.error(u.pos, f"{what}: give one of 'hex' (start position), 'arrives' (reinforcement) "
                            f"or 'box' (off-map box), not {' and '.join(where) if where else 'none'}")
        elif "hex" in u:
            place = _unit_place(rd, u, board, what)
            if "part" in u:
                part = rd.choice(u, "part", system.parts or ("(none)",), what)
        elif "box" in u:
            box = rd.choice(u, "box", system.boxes or ("(none)",), what)
        else:
            a = rd.mapping(u["arrives"], u.at("arrives"), f"{what}.arrives", required=("turn",), optional=("region",))
            if a is not None:
                arrive_turn = rd.integer(a, "turn", f"{what}.arrives", lo=first, hi=last)
                arrive_region = rd.text(a, "region", f"{what}.arrives", default=None)
                if arrive_region is not None and arrive_region not in board.regions:
                    rd.error(a.at("region"), f"{what}.arrives.region: no region {show(arrive_region)} on map {board.id}")
        if "part" in u and "hex" not in u:
            rd.error(u.at("part"), f"{what}.part: a part is given only with a start 'hex'")
        count = rd.integer(u, "count", what, lo=1, hi=MAX_COUNT, default=None)
        if len(rd.problems) == n_before:
            # `count: n` stands for n identical units with ids <id>-1 ... <id>-n.
            ids = [uid] if count is None else [f"{uid}-{k}" for k in range(1, count + 1)]
            name = rd.text(u, "name", what, default=uid)
            for one in ids:
                if one != uid and one in seen:
                    rd.error(u.at("count"), f"{what}: unit id {one} made by count is already used (line {seen[one]})")
                    break
                seen.setdefault(one, u.at("id")[0])
                lines[one] = u.pos[0]
                units.append(UnitSpec(
                    id=one, name=name if count is None else f"{name} {one.rsplit('-', 1)[1]}",
                    side=side, nationality=nationality, type=utype, attack=values[0],
                    defence=values[1], movement=values[2], reduced=reduced, hq=hq, hex=place,
                    arrive_turn=arrive_turn, arrive_region=arrive_region, part=part, box=box, size=size,
                    formation=rd.text(u, "formation", what, default=None),
                ))
    return units


def _unit_place(rd: Reader, u: MarkedDict, board: Board, what: str) -> int:
    i = place_ref(rd, board, u["hex"], u.at("hex"), f"{what}.hex")
    if i >= 0 and not load_system(board.system).terrain[board.terrain_of(i)].passable:
        rd.error(u.at("hex"), f"{what}.hex: {board.labels[i]} is {board.terrain_of(i)}, where no unit may stand")
        return -1
    return i


def _markers(rd: Reader, top: MarkedDict, system: System, board: Board) -> list[MarkerSpec]:
    if "markers" not in top:
        return []
    items = rd.seq(top["markers"], top.at("markers"), "scenario.markers")
    out = []
    for k, item in enumerate(items or ()):
        what = f"markers[{k}]"
        m = rd.mapping(item, items.at(k), what, required=("kind", "hex"), optional=("side", "note"))
        if m is None:
            continue
        kind = rd.text(m, "kind", what)
        side = rd.choice(m, "side", system.sides, what, default=None)
        i = place_ref(rd, board, m.get("hex"), m.at("hex"), f"{what}.hex")
        if kind and i >= 0:
            out.append(MarkerSpec(kind, i, side))
    return out
