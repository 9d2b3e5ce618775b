"""What-if supply on the map: with the supply view on, pointing at a place the selected unit may
move to (or dragging an arrival over one) draws supply as it would be after that move
(``GamePort.supply_after_move``): the viewing side's supplied area, lines and HQ loads after
it, and rings on the units of either side the move cuts off (red, crossed) or puts back in
supply (green). Leaving the range puts the present supply back. No engine state changes."""

from __future__ import annotations

from ddaydesk.ui.port import SupplyPreview
from ddaydesk.ui.winpart import WindowPart


class WhatIfSupply(WindowPart):
    def __init__(self, win):
        super().__init__(win)
        self.shown: SupplyPreview | None = None

    def _on(self) -> bool:
        c = self.win.controller
        return c is not None and c.supply_on and hasattr(self.win.port, "supply_after_move")

    def hover(self, place: int) -> str:
        """Preview the selected unit's move to ``place``; returns a few words on what it does to
        supply ("" when nothing is previewed)."""
        c = self.win.controller
        rng = c.range if c is not None else None
        if not self._on() or rng is None or place not in rng.cost or place == rng.start:
            self.clear()
            return ""
        return self.preview(rng.unit, place, tuple(rng.path_to(place)))

    def preview(self, unit: str, place: int, via: tuple[int, ...] = ()) -> str:
        if not self._on():
            return ""
        pv = self.win.port.supply_after_move(unit, place, via)
        if pv is None:
            self.clear()
            return ""
        self.shown = pv
        c = self.win.controller
        scene = self.win.scene
        places = scene.counters.unit_places()
        places[unit] = place
        hqs = {u.id: places.get(u.id, u.place) for u in c.view.units if u.type == "hq" and u.place >= 0}
        hqs.update({unit: place} if unit in hqs else {})
        scene.overlays.show_supply(pv.view(c.side), places, hqs)
        scene.overlays.marks.show_supply_changes([places[u] for u in pv.cut_off if places.get(u, -1) >= 0],
                                                 [places[u] for u in pv.restored if places.get(u, -1) >= 0])
        return self._words(pv)

    def _words(self, pv: SupplyPreview) -> str:
        c = self.win.controller
        parts = []
        for what, uids in (("cut off", pv.cut_off), ("back in supply", pv.restored)):
            units = [u for u in (c.unit(x) for x in sorted(uids)) if u is not None]
            if units:
                names = ", ".join(u.name for u in units[:3]) + (f" and {len(units) - 3} more" if len(units) > 3 else "")
                parts.append(f"{len(units)} {what} ({names})")
        return "supply after it: " + ("; ".join(parts) if parts else "no unit cut off or restored")

    def clear(self) -> None:
        if self.shown is None:
            return
        self.shown = None
        w = self.win
        w.scene.overlays.marks.show_supply_changes((), ())
        w.scene.overlays.show_supply(w.supply, w.scene.counters.unit_places(), w._hq_places())
