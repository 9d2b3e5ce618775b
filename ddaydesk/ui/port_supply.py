"""Supply for the engine port (a mixin of :class:`~ddaydesk.ui.engine_port.EnginePort`): a side's
supply as the player sees it (the other side's withheld units hidden), the hover preview of a
move's supply, and the units out of supply for the counters' marks. The supply rules are
imported on first use: a start draws its first frame without them (docs/ui.md "Start-up")."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ddaydesk.engine import ON_MAP, view
from ddaydesk.engine.tables import WEATHER_WORDS
from ddaydesk.formats.errors import FormatError
from ddaydesk.ui.port import PortError

if TYPE_CHECKING:
    from ddaydesk.ui.port_values import SupplyView


class SupplyPort:
    """Mixed into the engine port: needs ``game``, ``scenario``, ``name``, ``_require``,
    ``_caps``, ``supply_later``, ``_previews``, ``_oos`` and ``_oos_key``."""

    def _supply_input(self, side: str):
        from ddaydesk.ui.supply_port import supply_input

        v = view(self.game.state, side)  # the other side's withheld units stay hidden
        return supply_input(self.scenario, v.place, [st == ON_MAP for st in v.status],
                            [n > 0 for n in v.steps_lost], [(m.kind, m.place) for m in v.markers],
                            v.turn, WEATHER_WORDS.get(str(v.weather), str(v.weather).lower()))

    def supply(self, side: str) -> SupplyView:
        self._require("supply")
        from ddaydesk.ui.supply_port import compute_view

        try:
            sv = compute_view(self._supply_input(side), side)
        except FormatError as exc:  # a broken drop-in table: the reason, never a crash
            raise PortError(str(exc.problems[0]) if exc.problems else str(exc)) from None
        when = self._judged(side)
        return replace(sv, units={u: replace(us, reason=self.name(us.reason) + ("" if us.supplied else when))
                                  for u, us in sv.units.items()})

    def _judged(self, side: str) -> str:
        """When the rules judge ``side``'s supply, unless it is now: the supply marks between
        two supply phases only foretell it (the sequence's phase with the ``supply`` hook)."""
        from ddaydesk.engine.sequence import load_sequence

        phases = load_sequence(self.scenario.system.id).phases
        at = next((k for k, p in enumerate(phases) if p.side == side and "supply" in p.hooks), None)
        if at is None or self.game.state.phase == phases[at].id:
            return ""
        after = ", after combat" if any(p.side == side and p.kind == "combat" for p in phases[:at]) else ""
        return (f". Supply counts in the {side.capitalize()} {self.phase_title(phases[at].id)} phase{after}"
                f" ({phases[at].rule})")

    def supply_after_move(self, unit: str, place: int, via: tuple[int, ...] = ()):
        """Both sides' supply as it would be after this move (the hover preview); None when the
        rules refuse it (docs/ui.md, "What-if supply")."""
        self._require("supply")
        from ddaydesk.ui.supply_port import MovePreviews

        if self._previews is None:
            self._previews = MovePreviews(self.name)
        return self._previews.after_move(self.game, unit, place, via)

    def _out_of_supply(self, side: str) -> set[str]:
        """Units the supply rules find out of supply now (for the counters' "!" marks)."""
        if self._caps.why_not("supply") or self.supply_later:
            return set()
        from ddaydesk.rules.supply import compute_supply

        key = (self.game.pos, len(self.game.actions), side)
        if key != self._oos_key:
            inp = self._supply_input(side)
            result = compute_supply(inp, explain=False)  # who is in supply: no unit's chain is built
            self._oos = {u.id for u in inp.units if u.id not in result.in_supply}
            self._oos_key = key
        return self._oos
