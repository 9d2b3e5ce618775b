"""What-if supply (no Qt): both sides' supply as it would be after a previewed move, and the
units that move would cut off or restore.

The move is applied by the engine's own rules to the position (``apply`` returns a new state
and leaves the old one alone), so everything a move does counts: the unit's new hex, its zone
of control, a supply centre it overruns (D77-ASUP-04). Supply is then traced by the same
calculator as ``ddaydesk supply`` on the side's view of that position, so the answer is the
one the command gives once the move is made; the other side's hidden units stay hidden.

One :class:`SupplyWhatIf` serves one position: the supply before the move is traced once,
and each hovered hex costs one move and one recompute (memoised, so hovering back is free).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from ddaydesk.engine import GameState, IllegalAction, apply
from ddaydesk.engine.core import Move
from ddaydesk.engine.view import view
from ddaydesk.gcpause import gc_paused
from ddaydesk.rules.supply.adapter import from_game_state
from ddaydesk.rules.supply.calculator import compute_supply
from ddaydesk.rules.supply.model import SupplyResult
from ddaydesk.rules.supply.params import load_supply_params


@dataclass(frozen=True)
class MoveSupply:
    """Supply after moving ``unit`` to ``place``: ``after`` holds both sides' units;
    ``cut_off`` / ``restored`` list the units (either side, scenario order) whose supply the
    move takes away / gives back."""

    unit: str
    place: int
    before: SupplyResult
    after: SupplyResult
    cut_off: tuple[str, ...]
    restored: tuple[str, ...]


class SupplyWhatIf:
    MEMO = 128  # hovered hexes kept per position

    def __init__(self, state: GameState, side: str | None = None):
        """``side``: the player previewing (supply is traced on that side's view of the
        position); None traces the whole position, as the command line does."""
        self.state = state
        self.side = side
        self.params = load_supply_params(state.scenario.system.id)
        self.before = self._trace(state)
        self._memo: OrderedDict[tuple, MoveSupply | None] = OrderedDict()

    def _trace(self, state: GameState) -> SupplyResult:
        seen = state if self.side is None else view(state, self.side)
        return compute_supply(from_game_state(seen), self.params, explain=False)

    def after_move(self, unit: str, place: int, via: tuple[int, ...] = (), mode: str = "normal") -> MoveSupply | None:
        """Supply after the move of ``unit`` to ``place`` (along ``via``, start first, if given);
        None when the rules refuse that move."""
        key = (unit, place, tuple(via), mode)
        if key in self._memo:
            self._memo.move_to_end(key)
            return self._memo[key]
        k = self.state.scenario.unit_index.get(unit)
        with gc_paused():  # (a state copy and a trace: many small objects, none cyclic garbage)
            try:
                if k is None:
                    raise IllegalAction(f"no unit {unit!r}")
                side = self.state.scenario.units[k].side
                after_state, _ch = apply(self.state, Move(side, unit, place, mode, tuple(via)))
            except IllegalAction:
                got = None
            else:
                got = self._compare(unit, place, self._trace(after_state))
        self._memo[key] = got
        while len(self._memo) > self.MEMO:
            self._memo.popitem(last=False)
        return got

    def _compare(self, unit: str, place: int, after: SupplyResult) -> MoveSupply:
        was, now = self.before.units, after.units
        order = self.state.scenario.unit_index
        cut = sorted((u for u, s in was.items() if s.supplied and u in now and not now[u].supplied), key=order.get)
        back = sorted((u for u, s in was.items() if not s.supplied and u in now and now[u].supplied), key=order.get)
        return MoveSupply(unit, place, self.before, after, tuple(cut), tuple(back))
