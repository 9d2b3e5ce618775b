"""Supply results (``ddaydesk.rules.supply``, docs/rules/supply.md) as the UI's SupplyView.

The engine adapter builds the calculator's input from the current state; this module turns
its answer into legs to draw and one line of explanation per unit, with the rule ids.
"""

from __future__ import annotations

from ddaydesk.board import Board
from ddaydesk.gcpause import gc_paused
from ddaydesk.rules.supply import SupplyInput, SupplyResult, SupplyUnit, compute_supply
from ddaydesk.rules.supply.adapter import SC_MARKER, fortress_places
from ddaydesk.ui.port import HqUse, SupplyLeg, SupplyPreview, SupplyView, UnitSupply


def supply_input(scenario, places: list[int], on_map: list[bool], reduced: list[bool],
                 markers: list[tuple[str, int]], turn: int, weather: str) -> SupplyInput:
    """The calculator's input for a position: units where they stand, markers on the map."""
    board = scenario.board
    forts = fortress_places(board)
    units = [SupplyUnit(u.id, u.side, u.nationality, u.type, places[k], u.hq,
                        fortress=u.side == "german" and places[k] in forts, reduced=reduced[k])
             for k, u in enumerate(scenario.units) if on_map[k] and places[k] >= 0]

    def of(kind: str) -> tuple[int, ...]:
        return tuple(p for k, p in markers if k == kind)

    sources = tuple(i for r in board.regions.values()
                    if r.kind == "supply_source" and r.side in (None, "german") for i in r.places)
    return SupplyInput(system=scenario.system.id, board=board, units=units, turn=turn,
                       weather=weather, german_sources=sources, supply_centres=of(SC_MARKER),
                       beachheads=of("beachhead"), drop_zones=of("drop_zone"),
                       beach_landing=tuple(p.place for p in board.places if p.kind == "beach_landing"))


def _leg_text(leg) -> str:
    limit = "any length" if leg.limit is None else f"limit {leg.limit}"
    to = f"the SC at {leg.to[3:]}" if leg.to.startswith("sc:") else leg.to.replace("source", "a source")
    return f"{to}, {leg.length} hexes ({limit}, {leg.rule})"


def why_text(why: dict | None, board: Board) -> str:
    """The calculator's ``why`` (docs/cli.md) in one line."""
    if not why:
        return "out of supply"
    reason = why.get("reason", "")
    if reason == "stands_on":  # (a unit waiting at sea to land)
        where = "is at sea" if why.get("terrain") == "sea" else f"stands on {why.get('terrain')}"
        return f"it {where}, and no supply line starts there ({why.get('rule')})"
    if reason == "no_source" and why.get("no_sc"):  # (the invasion turn, before the first SC)
        return (f"no supply centre (SC) on the map yet: a beach is a source only once an SC marks it"
                f" ({why['no_sc']}); place one on a coastal hex you hold, at any time (D77-ASUP-12)")
    if reason in ("hq_full", "sc_full"):
        full = ", ".join(f"{f.get('hq') or f.get('hex')} ({len(f.get('units', []))}/{f.get('capacity')})"
                         for f in why.get("full", []))
        return f"every holder in reach is full: {full}"
    if reason == "too_far":
        n = why.get("nearest", {})
        return (f"nearest {n.get('to')} is {n.get('length')} hexes, {n.get('over_by')} over the limit "
                f"of {n.get('limit')} ({n.get('rule')})")
    if reason == "blocked":
        b = why.get("blocked", {})
        at = "; ".join(f"{a.get('hex')} by {str(a.get('by', '')).replace('_', ' ')} ({a.get('rule')})"
                       for a in b.get("at", []))
        return f"the line to {b.get('to')} is blocked at {at}"
    if reason == "no_source":
        return "no source or supplied HQ can be reached at any length"
    return reason.replace("_", " ")


def to_view(result: SupplyResult, side: str) -> SupplyView:
    board = result.board
    hq_ids = {c.id for c in result.capacity if c.kind != "sc"}
    units: dict[str, UnitSupply] = {}
    area: set[int] = set()
    for uid, us in result.units.items():
        if us.side != side:
            continue
        legs = []
        for leg in us.chain:
            kind = ("hq-" if leg.frm in hq_ids else "unit-") + ("hq" if leg.to_kind == "hq" else "source")
            places = tuple(leg.hexes)
            legs.append(SupplyLeg(kind, places, leg.rule))
            area.update(places)
        if us.supplied:
            reason = "; ".join(_leg_text(leg) for leg in us.chain) or us.status
        else:
            reason = why_text(us.why, board)
        units[uid] = UnitSupply(uid, us.supplied, tuple(legs), reason)
    hqs = {c.id: HqUse(c.id, len(c.units), c.capacity, c.place if c.kind == "sc" else -1)
           for c in result.capacity if c.side == side}
    return SupplyView(side, frozenset(area), units, hqs)


def compute_view(inp: SupplyInput, side: str) -> SupplyView:
    return to_view(compute_supply(inp), side)


class MovePreviews:
    """What-if supply for the hover preview (rules/supply/whatif.py), kept for one position:
    the supply before the move is traced once per position and side, each hovered hex once."""

    def __init__(self, name=str):
        self.name = name  # engine text -> names (the port's Namer)
        self._what_if = None
        self._views: dict[tuple, SupplyPreview | None] = {}

    def after_move(self, game, unit: str, place: int, via: tuple[int, ...]) -> SupplyPreview | None:
        from ddaydesk.rules.supply.whatif import SupplyWhatIf

        sc = game.scenario
        k = sc.unit_index.get(unit)
        if k is None:
            return None
        side = sc.units[k].side
        w = self._what_if
        if w is None or w.state is not game.state or w.side != side:
            self._what_if, self._views = SupplyWhatIf(game.state, side), {}
        vkey = (unit, place, tuple(via))
        if vkey not in self._views:
            if len(self._views) >= SupplyWhatIf.MEMO:
                self._views.clear()
            self._views[vkey] = self._preview(self._what_if.after_move(unit, place, tuple(via)), sc.system.sides)
        return self._views[vkey]

    def _preview(self, change, sides) -> SupplyPreview | None:
        if change is None:
            return None
        cut = frozenset(change.cut_off)

        def make_view(side: str) -> SupplyView:
            with gc_paused():
                v = to_view(change.after, side)
            units = {u: UnitSupply(u, x.supplied, x.legs, "cut off by this move" if u in cut else self.name(x.reason))
                     for u, x in v.units.items()}
            return SupplyView(side, v.supplied_places, units, v.hqs)

        return SupplyPreview(change.unit, change.place, {u: s.supplied for u, s in change.after.units.items()},
                             cut, frozenset(change.restored), make_view)
