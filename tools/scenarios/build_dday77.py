"""Build the D-Day '77 scenarios from the order-of-battle data and a map.

    python tools/scenarios/build_dday77.py [--map maps/dday77.yaml] [--out scenarios/]

Reads tools/scenarios/dday77_oob.yaml (units, rating classes, historical positions by named
place, arrival dates) and writes ``dday77-campaign.yaml`` and ``dday77-breakout.yaml``. The
positions name places, not hexes, so the scenarios can be rebuilt whenever the map is
regenerated. The output is deterministic: the same inputs give the same bytes.

How a position is resolved (docs/rules/dday77-oob.md):
- ``near: [A, B, ...]``: the first of these names the map has (names compare without
  accents, case or hyphens, and "St" = "Saint"); the unit goes to the nearest hex within
  ``within`` (default 2) that is passable land, holds no enemy, has room under the stacking
  limit (ddaydesk/rules/data/dday77/stacking.yaml) and, when the scenario draws a front
  (``zones``), lies on the unit's own side of it. Ties go to the lowest hex index. An HQ
  with ``serves: [ids]`` is set up last, by the supply rules (supply_setup.py).
- ``arrives: {date}``: the turn is the week of that date (``calendar``), never before the
  scenario's first turn. German arrivals enter by the map's German entry region; Allied
  arrivals of the campaign have no region (they land under the invasion and reinforcement
  rules), those of a scenario with ``arrivals_via`` enter by that invasion area.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import re
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script from a source checkout
    sys.path.insert(0, str(ROOT))

from ddaydesk.board import Board  # noqa: E402
from ddaydesk.formats.errors import FormatError  # noqa: E402
from ddaydesk.formats.mapfile import load_map  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.formats.yamlmarks import load_file  # noqa: E402
from ddaydesk.rules.systems import load_system  # noqa: E402
from tools.scenarios import supply_setup  # noqa: E402

OOB = Path(__file__).resolve().parent / "dday77_oob.yaml"
STACKING = ROOT / "ddaydesk" / "rules" / "data" / "dday77" / "stacking.yaml"
DEFAULT_WITHIN = 2


class BuildError(Exception):
    """The data cannot be placed on this map; the message says which unit and why."""


@dataclass(frozen=True)
class Unit:
    id: str
    name: str
    side: str
    nationality: str
    type: str
    values: tuple[int, int, int]
    hq: str | None
    near: tuple[str, ...]
    within: int
    arrive_date: dt.date | None
    note: str = ""  # where the unit historically was or came from
    serves: tuple[str, ...] = ()  # an HQ: the units it must keep in supply (supply_setup.py)
    size: str = ""  # the size mark: the rating class's, or the HQ kind's (hq_sizes)


def normalise(name: str) -> str:
    """A place name for matching: no accents or case; hyphens, apostrophes as spaces; St = Saint."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    for ch in "-'’.":
        text = text.replace(ch, " ")
    words = ["saint" if w == "st" else "sainte" if w == "ste" else w for w in text.split()]
    return " ".join(words)


class Placer:
    """Places units on a board one by one under the stacking limit, deterministically."""

    def __init__(self, board: Board, stack_limit: int, uncounted: tuple[str, ...]):
        self.board = board
        self.limit = stack_limit
        self.uncounted = uncounted
        system = load_system(board.system)
        self.land = [system.terrain[board.terrain_of(i)].passable and not system.terrain[board.terrain_of(i)].sea
                     for i in range(board.n)]
        self.names: dict[str, int] = {}
        for p in board.places:  # the first place of a name wins
            self.names.setdefault(normalise(p.name), p.place)
        self.count = [0] * board.n
        self.side_at: list[str | None] = [None] * board.n
        self.zone: list[str | None] | None = None
        self.warnings: list[str] = []

    def find(self, names: tuple[str, ...]) -> tuple[str, int] | None:
        for name in names:
            i = self.names.get(normalise(name))
            if i is not None:
                return name, i
        return None

    def anchor(self, what: str, names: tuple[str, ...]) -> tuple[str, int]:
        hit = self.find(names)
        if hit is None:
            raise BuildError(f"{what}: none of the places {list(names)} is on map {self.board.id}")
        return hit

    def draw_front(self, anchors: dict[str, list[str]]) -> None:
        """Each hex belongs to the side of its nearest anchor place, measured between hex
        centres (hex counts tie too often far from the front); exact ties belong to no side."""
        points: list[tuple[str, tuple[float, float]]] = []
        for side, names in sorted(anchors.items()):
            found = [(side, self.board.centre(hit[1])) for n in names if (hit := self.find((n,)))]
            missing = [n for n in names if not self.find((n,))]
            if missing:
                self.warnings.append(f"front anchors not on the map for {side}: {', '.join(missing)}")
            if not found:
                raise BuildError(f"zones.{side}: none of {names} is a place on map {self.board.id}")
            points.extend(found)
        zone: list[str | None] = []
        for i in range(self.board.n):
            x, y = self.board.centre(i)
            best: dict[str, float] = {}
            for side, (ax, ay) in points:
                d = math.hypot(x - ax, y - ay)
                best[side] = min(d, best.get(side, d))
            nearest = min(best.values())
            sides = [s for s, d in best.items() if math.isclose(d, nearest)]
            zone.append(sides[0] if len(sides) == 1 else None)
        self.zone = zone

    def place(self, unit: Unit, near: tuple[str, ...], within: int) -> int:
        name, anchor = self.anchor(f"unit {unit.id}", near)
        if name != near[0]:
            self.warnings.append(f"unit {unit.id}: {near[0]!r} is not on the map; placed near {name!r}")
        best = None
        for i in range(self.board.n):
            if not self.allows(unit, i):
                continue
            d = self.board.distance(anchor, i)
            if d <= within and (best is None or d < best[0]):
                best = (d, i)
        if best is None:
            raise BuildError(f"unit {unit.id}: no free hex for it within {within} of {name} "
                             f"(hex {self.board.labels[anchor]})")
        self.put(unit, best[1])
        return best[1]

    def allows(self, unit: Unit, i: int) -> bool:
        """May ``unit`` be set up on hex ``i``: passable land, no enemy, its own side of the
        front, room under the stacking limit."""
        if not self.land[i] or self.side_at[i] not in (None, unit.side):
            return False
        if self.zone is not None and self.zone[i] != unit.side:
            return False
        return unit.type in self.uncounted or self.count[i] < self.limit

    def put(self, unit: Unit, i: int) -> None:
        self.side_at[i] = unit.side
        if unit.type not in self.uncounted:
            self.count[i] += 1


def load_oob(path: Path = OOB) -> tuple[dict, list[Unit]]:
    doc = load_file(str(path))
    classes = doc["classes"]
    units: list[Unit] = []
    groups = [("german", "hqs", "german"), ("german", "units", "german"), ("german", "arrivals", "german"),
              ("allied", "hqs", None), ("allied", "units", None)]
    for side, group, nationality in groups:
        for k, u in enumerate(doc[side][group]):
            where = f"{path}:{doc[side][group].item_pos[k][0]}"
            cls = classes.get(u.get("cls"))
            if cls is None:
                raise BuildError(f"{where}: unit {u.get('id')}: unknown rating class {u.get('cls')!r}")
            values = tuple(cls["values"])
            near = u.get("near", [])
            arrive = u.get("arrives", {}).get("date")
            if not near and arrive is None:
                raise BuildError(f"{where}: unit {u['id']}: give a start position (near) or an arrival date")
            units.append(Unit(
                id=u["id"], name=u["name"], side=side, nationality=u.get("nat", nationality),
                type=cls["type"], values=values, hq=u.get("hq"),
                near=tuple(near if isinstance(near, list) else [near]),
                within=int(u.get("within", DEFAULT_WITHIN)), arrive_date=arrive, note=str(u.get("hist", "")),
                serves=tuple(u.get("serves", ())),
                size=str(cls.get("size") or doc.get("hq_sizes", {}).get(u.get("hq"), "")),
            ))
    seen: set[str] = set()
    for u in units:
        if u.id in seen:
            raise BuildError(f"{path}: duplicate unit id {u.id}")
        seen.add(u.id)
    return doc, units


def turn_of(date: dt.date, calendar: dict) -> int:
    days = (date - calendar["turn_1"]).days
    return max(1, days // int(calendar["days_per_turn"]) + 1)


def stacking() -> tuple[int, tuple[str, ...]]:
    return int((doc := load_file(str(STACKING)))["limit"]["value"]), tuple(doc["not_counted"]["types"])


def german_entry(board: Board) -> str:
    """The map's German entry region: kind `entry`, else `supply_source`, of side german."""
    for kind in ("entry", "supply_source"):
        ids = sorted(r.id for r in board.regions.values() if r.kind == kind and r.side == "german")
        if ids:
            return ids[0]
    raise BuildError(f"map {board.id} has no German entry or supply-source region for arrivals")


def invasion_area(board: Board, name: str) -> str:
    want = normalise(name.replace("_", " "))
    for r in sorted(board.regions.values(), key=lambda r: r.id):
        if r.kind == "invasion_area" and want in (normalise(r.id.replace("_", " ")), normalise(r.name)):
            return r.id
    raise BuildError(f"map {board.id} has no invasion area {name!r}")


def build(board: Board, doc: dict, units: list[Unit], key: str) -> tuple[list[dict], list[dict], list[str]]:
    """The unit and marker entries of scenario ``key`` (campaign or breakout) and the warnings.

    A scenario with a front (``zones``) marks every land hex on the Allied side with an Allied
    ``control`` marker (victory.yaml `control`); the German controls the rest.
    """
    spec = doc["scenarios"][key]
    first, last = int(spec["turns"]["first"]), int(spec["turns"]["last"])
    limit, uncounted = stacking()
    placer = Placer(board, limit, uncounted)
    if "zones" in spec:
        placer.draw_front({side: list(names) for side, names in spec["zones"].items()})
    positions = spec.get("positions")
    arrivals = set(spec.get("arrivals", ()))
    by_id = {u.id: u for u in units}
    for uid in [*(positions or {}), *arrivals]:
        if uid not in by_id:
            raise BuildError(f"scenarios.{key}: no unit {uid!r} in the order of battle")
    entry = german_entry(board)
    allied_via = invasion_area(board, spec["arrivals_via"]) if "arrivals_via" in spec else None
    calendar = doc["calendar"]
    # (unit, start places, search radius, units it serves); no places = the unit arrives
    if positions is None:  # the campaign: every unit at its own position or arrival date
        plan = [(u, u.near, u.within, u.serves) for u in units]
    else:  # a set-up of its own: positioned units in the order given, then the arrivals
        plan = []
        for uid, p in positions.items():
            u = by_id[uid]
            if u.arrive_date is not None and turn_of(u.arrive_date, calendar) > first:
                raise BuildError(f"scenarios.{key}: unit {uid} is set up but only arrives on turn "
                                 f"{turn_of(u.arrive_date, calendar)}")
            near = p["near"] if isinstance(p["near"], list) else [p["near"]]
            plan.append((u, tuple(near), int(p.get("within", DEFAULT_WITHIN)), tuple(p.get("serves", ()))))
        plan += [(u, (), 0, ()) for u in units if u.id in arrivals]
    overflow = spec.get("overflow") == "arrive"
    out: list[dict] = []
    seated = []  # HQs placed by the supply rules once every other unit stands
    for u, near, within, serves in plan:
        entry_doc = {"id": u.id, "name": u.name, "side": u.side, "nationality": u.nationality, "type": u.type,
                     "attack": u.values[0], "defence": u.values[1], "movement": u.values[2]}
        entry_doc.update({k: v for k, v in (("size", u.size), ("hq", u.hq), ("note", u.note)) if v})
        turn = None
        if near and serves:
            entry_doc["hex"] = None
            seated.append((entry_doc, u, near, within, serves))
        elif near:
            try:
                entry_doc["hex"] = board.labels[placer.place(u, near, within)]
            except BuildError as exc:
                if not (overflow and u.side == "allied" and allied_via):
                    raise
                placer.warnings.append(f"{exc}; it arrives on turn {first} instead")
                turn = first
        else:
            turn = max(first, turn_of(u.arrive_date, calendar))
            if turn > last:
                continue  # arrives after the scenario ends
        if turn is not None:
            arrives: dict = {"turn": turn}
            if u.side == "german":
                arrives["region"] = entry
            elif allied_via:
                arrives["region"] = allied_via
            entry_doc["arrives"] = arrives
        out.append(entry_doc)
    sc_places = supply_setup.supply_centres(placer.find, spec.get("supply_centres", ()), placer.warnings)
    for entry_doc, u, near, within, serves in seated:
        entry_doc["hex"] = _seat(placer, out, entry_doc, u, near, within, serves, sc_places)
    markers = [{"kind": "supply_centre", "side": "allied", "hex": board.labels[i]} for i in sc_places]
    if placer.zone is not None:
        markers += [{"kind": "control", "side": "allied", "hex": board.labels[i]}
                    for i in range(board.n) if placer.zone[i] == "allied" and placer.land[i]]
    return out, markers, placer.warnings


def _seat(placer: Placer, entries: list[dict], entry: dict, u: Unit, near: tuple[str, ...], within: int,
          serves: tuple[str, ...], supply_centres: tuple[int, ...]) -> str:
    """The hex label of an HQ seated by the supply rules (supply_setup.py)."""
    hit = placer.anchor(f"unit {u.id}", near)
    i, warning = supply_setup.seat_entry(placer.board, entries, entry, hit, within, serves, supply_centres,
                                     lambda i: placer.allows(u, i))
    if i is None:
        raise BuildError(f"unit {u.id}: no free hex for it within {within} of {hit[0]}")
    if warning:
        placer.warnings.append(warning)
    placer.put(u, i)
    return placer.board.labels[i]


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def _scalar(v: object) -> str:
    """A YAML scalar: plain identifiers bare, every other string (names, hex labels) quoted."""
    if not isinstance(v, str):
        return str(v)
    if _PLAIN.fullmatch(v) and v.lower() not in _YAML_WORDS:
        return v
    return json.dumps(v, ensure_ascii=False)


def _flow(d: dict) -> str:
    parts = []
    for k, v in d.items():
        parts.append(f"{k}: {_flow(v) if isinstance(v, dict) else _scalar(v)}")
    return "{" + ", ".join(parts) + "}"


def render(spec: dict, map_ref: str, entries: list[dict], markers: list[dict]) -> str:
    lines = [
        "# Generated by tools/scenarios/build_dday77.py from tools/scenarios/dday77_oob.yaml:",
        "# edit those, not this file. Values and positions: docs/rules/dday77-oob.md.",
        "format: 1",
        f"id: {spec['id']}",
        f"title: {_scalar(spec['title'])}",
        f"description: {_scalar(' '.join(str(spec['description']).split()))}",
        "system: dday77",
        f"map: {_scalar(map_ref)}",
        f"turns: {{first: {spec['turns']['first']}, last: {spec['turns']['last']}}}",
        f"first_player: {spec['first_player']}",
        f"victory: {spec['victory']}",
        "units:",
    ]
    lines += [f"  - {_flow(e)}" for e in entries]
    if markers:
        lines.append("markers:")
        lines += [f"  - {_flow(m)}" for m in markers]
    return "\n".join(lines) + "\n"


def build_all(map_path: Path, out_dir: Path, map_ref: str | None = None, oob: Path = OOB) -> list[str]:
    """Write both scenarios; returns the warnings. Raises BuildError or FormatError."""
    board = load_map(map_path)
    doc, units = load_oob(oob)
    if map_ref is None:
        shipped = ROOT / "maps" / f"{board.id}.yaml"
        same = shipped.is_file() and shipped.resolve() == map_path.resolve()
        map_ref = board.id if same else Path(os.path.relpath(map_path.resolve(), out_dir.resolve())).as_posix()
    warnings: list[str] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    for key in ("campaign", "breakout"):
        spec = doc["scenarios"][key]
        entries, markers, warns = build(board, doc, units, key)
        warnings += [f"{key}: {w}" for w in warns]
        target = out_dir / spec["file"]
        target.write_text(render(spec, map_ref, entries, markers), encoding="utf-8")
        load_scenario(target)  # the loader's own validation; FormatError names the file
    return warnings


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--map", default=str(ROOT / "maps" / "dday77.yaml"), help="map file (default maps/dday77.yaml)")
    ap.add_argument("--out", default=str(ROOT / "scenarios"), help="folder for the scenario files")
    ap.add_argument("--map-ref", default=None, help="what the scenarios write as `map:` (default: the map id "
                    "for a shipped map, else its path relative to --out)")
    args = ap.parse_args(argv)
    try:
        warnings = build_all(Path(args.map), Path(args.out), args.map_ref)
    except (BuildError, FormatError) as exc:
        print(exc, file=sys.stderr)
        return 1
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
