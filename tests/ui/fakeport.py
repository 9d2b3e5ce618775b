"""A scripted test double of the engine behind :class:`ddaydesk.ui.port.GamePort`.

It is NOT the rules: movement costs 1 MP a hex (2 into woods), zones of control are the
six neighbours, supply is a breadth-first trace to the nearest HQ and on to a source region,
and the CRT is a fixed table. It gives the UI tests and the README screenshots engine-like
answers until ``ddaydesk.engine`` lands; every UI test asserts against what this double
returned, so the same tests run unchanged against the real engine adapter.
"""

from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import replace

from ddaydesk.board import Board
from ddaydesk.formats.scenariofile import Scenario, UnitSpec
from ddaydesk.ui.names import place_text
from ddaydesk.ui.port import (
    Capabilities,
    CombatPreview,
    CombatResult,
    GameView,
    HqUse,
    LogEntry,
    ModifierLine,
    MoveRange,
    PortError,
    SupplyLeg,
    SupplyView,
    SupportChoice,
    UnitInfo,
    UnitSupply,
)

PHASES = ("movement", "combat")


def unit_info(u: UnitSpec) -> UnitInfo:
    """A scenario unit at its start position, as a view shows it."""
    return UnitInfo(id=u.id, name=u.name, side=u.side, nationality=u.nationality, type=u.type,
                    attack=u.attack, defence=u.defence, movement=u.movement, place=u.hex,
                    hq=u.hq, arrive_turn=u.arrive_turn, size=u.size or "")
COLUMNS = ("1-2", "1-1", "2-1", "3-1", "4-1", "5-1")
CRT = {
    "1-2": ("AE", "AE", "AR", "AR", "EX", "DR"),
    "1-1": ("AE", "AR", "AR", "EX", "DR", "DR"),
    "2-1": ("AR", "AR", "EX", "DR", "DR", "DE"),
    "3-1": ("AR", "EX", "DR", "DR", "DE", "DE"),
    "4-1": ("EX", "DR", "DR", "DE", "DE", "DE"),
    "5-1": ("DR", "DR", "DE", "DE", "DE", "DE"),
}


class FakeGame:
    def __init__(self, scenario: Scenario, seed: int = 7):
        self.scenario = scenario
        self.units: dict[str, UnitInfo] = {u.id: unit_info(u) for u in scenario.units}
        self.turn = scenario.first_turn
        self.phase_index = 0
        self.active = scenario.first_player
        self.log: list[tuple[str, dict, dict]] = []  # (kind, args, undo info)
        self.redo_stack: list[tuple[str, dict]] = []
        self.entries: list[LogEntry] = []
        self.rng = random.Random(seed)
        self.secrets: dict[str, dict[str, str]] = {s: {} for s in self.sides()}
        self.undoable = True

    @property
    def board(self) -> Board:
        return self.scenario.board

    def sides(self) -> tuple[str, ...]:
        return self.scenario.system.sides

    def active_side(self) -> str:
        return self.active

    def capabilities(self) -> Capabilities:
        return Capabilities()

    def place_name(self, place: int, part: str = "") -> str:
        return place_text(self.board, place)

    def _passable(self, i: int) -> bool:
        return self.scenario.system.terrain[self.board.terrain_of(i)].passable

    def view(self, side: str) -> GameView:
        return GameView(side=side, turn=self.turn, last_turn=self.scenario.last_turn,
                        phase=PHASES[self.phase_index], phases=PHASES, active_side=self.active,
                        units=tuple(self.units.values()), log=tuple(self.entries),
                        secrets=dict(self.secrets[side]),
                        trails=tuple(tuple(args["path"]) for kind, args, _u in self.log if kind == "move"),
                        markers=tuple((m.kind, m.place, m.side) for m in self.scenario.markers),
                        first_turn=self.scenario.first_turn)

    def needs_handover(self, from_side: str, to_side: str) -> bool:
        return from_side != to_side

    def legal_moves(self, unit: str) -> MoveRange:
        u = self.units[unit]
        if u.side != self.active or PHASES[self.phase_index] != "movement":
            raise PortError(f"{u.name} cannot move now")
        if u.place < 0:
            raise PortError(f"{u.name} is not on the map")
        mp = u.movement if u.mp_left is None else u.mp_left
        enemy_zoc = self.zoc(self._other(u.side))
        cost = {u.place: 0}
        came: dict[int, int] = {}
        frontier = deque([u.place])
        while frontier:
            a = frontier.popleft()
            if a != u.place and a in enemy_zoc:
                continue
            for b in self.board.adj[a]:
                if not self._passable(b) or any(o.place == b and o.side != u.side for o in self.units.values()):
                    continue
                c = cost[a] + (2 if self.board.terrain_of(b) == "woods" else 1)
                if c <= mp and c < cost.get(b, 99):
                    cost[b] = c
                    came[b] = a
                    frontier.append(b)
        return MoveRange(unit, u.place, cost, came, frozenset(p for p in cost if p in enemy_zoc))

    def withhold(self, unit: str) -> None:
        raise PortError("this game has no withheld set-up")

    def why_not(self, unit: str, place: int) -> str:
        return f"{self.board.labels[place]} is out of reach"

    def move(self, unit: str, path: list[int]) -> None:
        rng = self.legal_moves(unit)
        if not path or path[-1] not in rng.cost or rng.path_to(path[-1]) != path:
            raise PortError("that path is not a legal move")
        u = self.units[unit]
        left = (u.movement if u.mp_left is None else u.mp_left) - rng.cost[path[-1]]
        self._do("move", {"unit": unit, "to": path[-1], "mp_left": left, "path": list(path),
                          "text": f"{u.name} {self.board.labels[path[0]]} → {self.board.labels[path[-1]]}"})
        self.redo_stack.clear()

    def _do(self, kind: str, args: dict, dice: tuple[int, ...] = ()) -> None:
        undo: dict = {}
        if kind == "move":
            u = self.units[args["unit"]]
            undo = {"unit": u}
            self.units[u.id] = replace(u, place=args["to"], mp_left=args["mp_left"])
        elif kind == "end_phase":
            undo = {"turn": self.turn, "phase": self.phase_index, "active": self.active,
                    "units": dict(self.units)}
            self._advance()
        elif kind == "secret":
            undo = {"old": dict(self.secrets[self.active])}
            self.secrets[self.active][args["key"]] = args["value"]
        elif kind == "attack":
            undo = {"units": dict(self.units)}
            for uid in args.get("eliminate", ()):
                self.units[uid] = replace(self.units[uid], eliminated=True, place=-1)
        self.log.append((kind, args, undo))
        text = args.get("text", kind.replace("_", " "))
        self.entries.append(LogEntry(len(self.entries) + 1, self.turn, PHASES[self.phase_index], self.active,
                                     text, dice))

    def _advance(self) -> None:
        self.phase_index += 1
        if self.phase_index == len(PHASES):
            self.phase_index = 0
            order = self.sides() if self.scenario.first_player == self.sides()[0] else self.sides()[::-1]
            if self.active == order[-1]:
                self.turn += 1
            self.active = self._other(self.active)
            self.units = {k: replace(u, mp_left=None) for k, u in self.units.items()}

    def _other(self, side: str) -> str:
        return next(s for s in self.sides() if s != side)

    def zoc(self, side: str) -> frozenset[int]:
        out = set()
        for u in self.units.values():
            if u.side == side and u.place >= 0 and u.type != "hq":
                out.update(j for j in self.board.adj[u.place] if self._passable(j))
        return frozenset(out)

    def _trace(self, start: int, goals: set[int], side: str, limit: int) -> list[int]:
        enemy = {u.place for u in self.units.values() if u.side != side and u.place >= 0}
        came = {start: start}
        frontier = deque([(start, 0)])
        while frontier:
            a, d = frontier.popleft()
            if a in goals:
                path = [a]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return path[::-1]
            if d == limit:
                continue
            for b in self.board.adj[a]:
                if b not in came and self._passable(b) and b not in enemy:
                    came[b] = a
                    frontier.append((b, d + 1))
        return []

    def supply(self, side: str) -> SupplyView:
        sources = {i for r in self.board.regions.values() if r.kind == "supply_source" and r.side == side
                   for i in r.places}
        if not sources:
            sources = {i for r in self.board.regions.values() if r.kind == "invasion_area" for i in r.places}
        hqs = [u for u in self.units.values() if u.side == side and u.type == "hq" and u.place >= 0]
        hq_legs = {h.id: self._trace(h.place, sources, side, 24) for h in hqs}
        ok_hqs = {h.place: h for h in hqs if hq_legs[h.id]}
        result: dict[str, UnitSupply] = {}
        use = {h.id: 0 for h in hqs}
        supplied: set[int] = set()
        for u in self.units.values():
            if u.side != side or u.place < 0 or u.type == "hq":
                continue
            path = self._trace(u.place, set(ok_hqs), side, 6)
            if path:
                hq = ok_hqs[path[-1]]
                use[hq.id] += 1
                legs = (SupplyLeg("unit-hq", tuple(path), "D77-SUP-02"),
                        SupplyLeg("hq-source", tuple(hq_legs[hq.id]), "D77-SUP-03"))
                result[u.id] = UnitSupply(u.id, True, legs, f"traces {len(path) - 1} hexes to {hq.name}")
                supplied.update(path)
            else:
                result[u.id] = UnitSupply(u.id, False, (), "no path of 6 hexes or fewer to a supplied HQ")
        for h in hqs:
            supplied.update(hq_legs[h.id])
        return SupplyView(side, frozenset(supplied), result,
                          {h.id: HqUse(h.id, use[h.id], 3) for h in hqs})

    def _strengths(self, attackers: list[str], place: int, support: dict[str, int]):
        if PHASES[self.phase_index] != "combat":
            raise PortError("attacks are made in the combat phase")
        defenders = [u for u in self.units.values() if u.place == place and u.side != self.active]
        if not defenders:
            raise PortError(f"no enemy unit in {self.board.labels[place]}")
        for a in attackers:
            if self.board.distance(self.units[a].place, place) != 1:
                raise PortError(f"{self.units[a].name} is not next to {self.board.labels[place]}")
        att = [ModifierLine(f"{self.units[a].name}", f"+{self.units[a].attack}", "D77-CRT-01") for a in attackers]
        naval = support.get("naval", 0)
        if naval:
            att.append(ModifierLine("Naval bombardment", f"+{naval}", "D77-NAV-03"))
        dfn = [ModifierLine(d.name, f"+{d.defence}", "D77-CRT-01") for d in defenders]
        if self.board.terrain_of(place) == "woods":
            dfn.append(ModifierLine("Woods", "x2", "STD-TEC"))
        a_total = sum(self.units[a].attack for a in attackers) + naval
        d_total = sum(d.defence for d in defenders) * (2 if self.board.terrain_of(place) == "woods" else 1)
        return defenders, att, dfn, a_total, d_total

    def combat_preview(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatPreview:
        defenders, att, dfn, a, d = self._strengths(attackers, defender_place, support)
        ratio = a / d
        column = "1-2" if ratio < 1 else COLUMNS[min(len(COLUMNS) - 1, int(ratio))]
        dist: dict[str, float] = {}
        for res in CRT[column]:
            dist[res] = dist.get(res, 0) + 1 / 6
        return CombatPreview(tuple(attackers), defender_place, tuple(d.id for d in defenders), tuple(att),
                             tuple(dfn), a, d, column, COLUMNS, CRT, tuple(dist.items()),
                             (SupportChoice("naval", "Naval bombardment points", 4, "D77-NAV-03"),),
                             6, "D77-CRT-01")

    def resolve_combat(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatResult:
        pv = self.combat_preview(attackers, defender_place, support)
        roll = self.rng.randint(1, 6)
        result = CRT[pv.column][roll - 1]
        eliminate = list(pv.defenders) if result == "DE" else []
        self._do("attack", {"text": f"attack on {self.board.labels[defender_place]}: {result}",
                            "eliminate": eliminate}, (roll,))
        self.undoable = False
        self.redo_stack.clear()
        return CombatResult((roll,), result, {"DE": "The defenders are eliminated."}.get(result, "See the CRT key."))

    def end_phase(self) -> None:
        self._do("end_phase", {"text": f"end of {PHASES[self.phase_index]}"})
        self.undoable = True
        self.redo_stack.clear()

    def set_secret(self, key: str, value: str) -> None:
        self._do("secret", {"key": key, "value": value, "text": "secret choice made"})
        self.redo_stack.clear()

    def undo(self) -> None:
        if not self.can_undo():
            raise PortError("nothing to undo")
        kind, args, undo = self.log.pop()
        self.entries.pop()
        if kind == "move":
            self.units[undo["unit"].id] = undo["unit"]
        elif kind == "end_phase":
            self.turn, self.phase_index, self.active = undo["turn"], undo["phase"], undo["active"]
            self.units = undo["units"]
        elif kind == "secret":
            self.secrets[self.active] = undo["old"]
        self.redo_stack.append((kind, args))

    def redo(self) -> None:
        if not self.redo_stack:
            raise PortError("nothing to redo")
        kind, args = self.redo_stack.pop()
        self._do(kind, args)

    def can_undo(self) -> bool:
        return bool(self.log) and self.undoable and self.log[-1][0] != "attack"

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def last_action_text(self) -> str:
        return self.entries[-1].text if self.entries else ""

    def save_bytes(self) -> bytes:
        return json.dumps({"format": 1, "scenario": self.scenario.id,
                           "log": [[k, {a: v for a, v in args.items()}] for k, args, _ in self.log]}).encode()
