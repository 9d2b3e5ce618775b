"""A D-Day Dice Battle Map read as Sectors and lines (the board's area and border props,
formats/props.py): rows from the beach up, DEF, machine guns, attributes, Bunkers, and each
line's Courage cost, Land Mines and Barrier. Built once per map file and part: a campaign's
board (formats/mapparts.py) holds one Battle Map per part, read one at a time."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.board import Board
from ddaydesk.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class Sector(Record):
    """A Sector of a Battle Map: its row, defence, Bunker and what entering it gives or needs."""

    place: int
    label: str
    name: str
    row: int
    defence: int
    defence_later: int  # a second DEF value, from a Unit's second turn here (DDD-OPT-07); else = defence
    mgf: int
    special_damage: bool
    start: bool
    bunker: str  # "", "final" or "mid"
    requires: str  # a Specialist card id, or ""
    gain_specialist: str
    bonus: str  # a resource, or ""
    attributes: frozenset[str]
    x: float  # centre, for left/right order within a row
    number: int  # the number printed on it (0: a Bunker)

    @property
    def final_bunker(self) -> bool:
        return self.bunker == "final"

    @property
    def highest_def(self) -> int:
        return max(self.defence, self.defence_later)


@dataclass(frozen=True, eq=False, repr=False)
class Line(Record):
    """The line between two Sectors: the courage to cross it, mines, barriers."""

    a: int
    b: int
    courage: int
    mines: bool
    barrier: bool


@dataclass(frozen=True, eq=False, repr=False)
class SectorMap(Record):
    """A Battle Map's Sectors and the lines between them."""

    board: Board
    sectors: dict[int, Sector]  # place -> Sector (non-Sector areas such as the sea are left out)
    lines: dict[tuple[int, int], Line]  # (from, to) both ways
    rows: dict[int, tuple[int, ...]]  # row -> places, west to east
    top_row: int  # the highest row that is not a final Bunker's
    part: int  # which Battle Map of a campaign board (0 on a plain map)
    map_id: str  # that Battle Map's id (its battle_maps.yaml entry)
    title: str

    @classmethod
    def of(cls, board: Board, part: int = 0) -> SectorMap:
        return board.derived(f"ddd.sectors.{part}", lambda b: cls._read(b, part))

    @staticmethod
    def parts(board: Board) -> list[tuple[str, str]]:
        """(map id, title) of each Battle Map of the board, in play order."""
        parts = [(r.id, r.name) for r in board.regions.values() if r.kind == "part"]
        return parts or [(board.id, board.title)]

    @classmethod
    def _read(cls, board: Board, part: int) -> SectorMap:
        sectors = {}
        for i in range(board.n):
            p = (board.props or [{}] * board.n)[i]
            if "row" not in p or p.get("part", 0) != part:
                continue
            label = p.get("sector", board.labels[i])
            sectors[i] = Sector(
                place=i, label=board.labels[i], name=board.name_of(i) or f"Sector {label}", row=p["row"],
                defence=p.get("def", 0), defence_later=p.get("def_later", p.get("def", 0)), mgf=p.get("mgf", 0),
                special_damage=p.get("special_damage", False),
                start=p.get("start", False), bunker=p.get("bunker", ""), requires=p.get("requires", ""),
                gain_specialist=p.get("gain_specialist", ""), bonus=p.get("bonus", ""),
                attributes=frozenset(p.get("attributes", ())), x=board.centre(i)[0],
                number=int(label) if str(label).isdigit() else 0)
        lines = {}
        feat_mines, feat_barrier = board.feature_bit("mines"), board.feature_bit("barrier")
        for i in sectors:
            for j, side in zip(board.adj[i], board.adj_side[i], strict=True):
                if j in sectors:
                    m = board.side_mask[side]
                    lines[(i, j)] = Line(i, j, board.side_props.get(side, {}).get("courage", 0),
                                         bool(m & feat_mines), bool(m & feat_barrier))
        rows: dict[int, list[int]] = {}
        for s in sectors.values():
            rows.setdefault(s.row, []).append(s.place)
        ordered = {r: tuple(sorted(ps, key=lambda i: sectors[i].x)) for r, ps in sorted(rows.items())}
        top = max((s.row for s in sectors.values() if not s.final_bunker), default=1)
        map_id, title = cls.parts(board)[part]
        return cls(board, sectors, lines, ordered, top, part, map_id, title)

    # -- lookups ------------------------------------------------------------------------------
    def sector(self, i: int) -> Sector:
        return self.sectors[i]

    def name(self, i: int) -> str:
        return self.sectors[i].name if i in self.sectors else self.board.labels[i]

    def neighbours(self, i: int) -> list[tuple[int, Line]]:
        return [(j, self.lines[(i, j)]) for j in self.board.adj[i] if (i, j) in self.lines]

    def advance(self, i: int, j: int) -> bool:
        """Up the map (to a higher row); an equal row is a move across."""
        return self.sectors[j].row > self.sectors[i].row

    @property
    def starts(self) -> tuple[int, ...]:
        return tuple(i for i, s in self.sectors.items() if s.start)

    @property
    def final_bunkers(self) -> tuple[int, ...]:
        return tuple(i for i, s in self.sectors.items() if s.final_bunker)

    def near_final_bunker(self, i: int) -> bool:
        """In the top row, or bordering a final Bunker: no resource trading with a German
        watching (DDD-GER-32)."""
        s = self.sectors[i]
        if s.final_bunker:
            return True
        return s.row == self.top_row or any(self.sectors[j].final_bunker for j, _ in self.neighbours(i))
