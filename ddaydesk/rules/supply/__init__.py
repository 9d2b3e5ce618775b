"""Supply lines: which units are in supply, through which chain, and why not (no Qt).

Pure functions over a :class:`~ddaydesk.board.Board` and a :class:`SupplyInput`; the
numbers come from ``rules/data/<system>/supply.yaml``. See docs/rules/supply.md.

The names below are imported from their modules on first use, not with the package: reading
a system's supply parameters does not load the calculator.
"""

from importlib import import_module

_FROM = {  # name -> its module
    "compute_supply": "calculator",
    **dict.fromkeys(("CapacityUse", "Leg", "SupplyInput", "SupplyResult", "SupplyUnit", "UnitSupply"), "model"),
    "SupplyParams": "params", "load_supply_params": "params",
}

__all__ = sorted(_FROM)


def __getattr__(name: str):
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_FROM[name]}"), name)
    globals()[name] = value
    return value


def register(rm) -> None:
    """Engine plug-in entry point (ddaydesk.engine.systems.PLUGINS)."""
    from ddaydesk.rules.supply.hooks import register as _register

    _register(rm)
