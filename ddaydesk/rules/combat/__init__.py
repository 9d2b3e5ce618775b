"""Combat: CRTs as data, strengths with rule-tagged lines, support limits, automatic victory,
result plans, retreats and advances, and exact outcome distributions. Pure functions over
plain data (:mod:`.model`); no Qt. :func:`register` wires them into the engine's action log
(:mod:`.wiring`, :mod:`.flow`, :mod:`.choices`, :mod:`.state_adapter`). See docs/rules/combat.md.

The names below are imported from their modules on first use, not with the package: a
game imports the modules it uses (Koenig's the CRT and the odds, a window the
obligations), not all of combat.
"""

from importlib import import_module

_FROM = {  # name -> (module, its name there)
    "AutoVictory": ("auto_victory", "AutoVictory"), "check_automatic_victory": ("auto_victory", "check"),
    "CRT": ("crt", "CRT"), "load_crt": ("crt", "load_crt"), "parse_crt": ("crt", "parse_crt"),
    **{n: ("distribution", n) for n in ("Distribution", "Resolution", "draw", "outcome_distribution", "resolve")},
    **{n: ("model", n) for n in ("CombatUnit", "Declaration", "Line", "Marker", "Pools", "Situation", "Support",
                                 "TurnInfo")},
    "ResultPlan": ("results", "ResultPlan"), "plan_result": ("results", "plan_result"),
    "Assessment": ("strength", "Assessment"), "assess": ("strength", "assess"),
    "Refusal": ("support", "Refusal"), "register": ("wiring", "register"),
}

__all__ = sorted(_FROM)


def __getattr__(name: str):
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attr = _FROM[name]
    value = getattr(import_module(f"{__name__}.{module}"), attr)
    globals()[name] = value
    return value
