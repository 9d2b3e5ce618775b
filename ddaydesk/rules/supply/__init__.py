"""Supply lines: which units are in supply, through which chain, and why not (no Qt).

Pure functions over a :class:`~ddaydesk.board.Board` and a :class:`SupplyInput`; the
numbers come from ``rules/data/<system>/supply.yaml``. See docs/rules/supply.md.
"""

from ddaydesk.rules.supply.calculator import compute_supply
from ddaydesk.rules.supply.model import (
    CapacityUse,
    Leg,
    SupplyInput,
    SupplyResult,
    SupplyUnit,
    UnitSupply,
)
from ddaydesk.rules.supply.params import SupplyParams, load_supply_params

__all__ = [
    "CapacityUse",
    "Leg",
    "SupplyInput",
    "SupplyParams",
    "SupplyResult",
    "SupplyUnit",
    "UnitSupply",
    "compute_supply",
    "load_supply_params",
]


def register(rm) -> None:
    """Engine plug-in entry point (ddaydesk.engine.systems.PLUGINS)."""
    from ddaydesk.rules.supply.hooks import register as _register

    _register(rm)
