"""A :class:`~ddaydesk.ui.port.GamePort` over a scenario alone, for builds without the engine.

It shows the scenario's set-up as it is printed and refuses every action with the reason,
so the map, counters, docks and menus work and nothing pretends to apply a rule. The
engine adapter replaces it once ``ddaydesk.engine`` is present.
"""

from __future__ import annotations

from ddaydesk.board import Board
from ddaydesk.formats.scenariofile import Scenario, UnitSpec
from ddaydesk.ui.port import (
    CombatPreview,
    CombatResult,
    GameView,
    MoveRange,
    PortError,
    SupplyView,
    UnitInfo,
)

NO_ENGINE = "the rules engine is not part of this build yet, so no action can be checked or applied"


def unit_info(u: UnitSpec) -> UnitInfo:
    return UnitInfo(id=u.id, name=u.name, side=u.side, nationality=u.nationality, type=u.type,
                    attack=u.attack, defence=u.defence, movement=u.movement, place=u.hex,
                    hq=u.hq, arrive_turn=u.arrive_turn)


class ScenarioPort:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario

    @property
    def board(self) -> Board:
        return self.scenario.board

    def sides(self) -> tuple[str, ...]:
        return self.scenario.system.sides

    def view(self, side: str) -> GameView:
        sc = self.scenario
        return GameView(side=side, turn=sc.first_turn, last_turn=sc.last_turn, phase="set-up",
                        phases=("set-up",), active_side=sc.first_player,
                        units=tuple(unit_info(u) for u in sc.units), log=())

    def needs_handover(self, from_side: str, to_side: str) -> bool:
        return from_side != to_side

    def legal_moves(self, unit: str) -> MoveRange:
        raise PortError(NO_ENGINE)

    def move(self, unit: str, path: list[int]) -> None:
        raise PortError(NO_ENGINE)

    def zoc(self, side: str) -> frozenset[int]:
        raise PortError(NO_ENGINE)

    def supply(self, side: str) -> SupplyView:
        raise PortError(NO_ENGINE)

    def combat_preview(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatPreview:
        raise PortError(NO_ENGINE)

    def resolve_combat(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatResult:
        raise PortError(NO_ENGINE)

    def end_phase(self) -> None:
        raise PortError(NO_ENGINE)

    def set_secret(self, key: str, value: str) -> None:
        raise PortError(NO_ENGINE)

    def undo(self) -> None:
        raise PortError("nothing to undo")

    def redo(self) -> None:
        raise PortError("nothing to redo")

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def last_action_text(self) -> str:
        return ""

    def save_bytes(self) -> bytes:
        raise PortError(NO_ENGINE)
