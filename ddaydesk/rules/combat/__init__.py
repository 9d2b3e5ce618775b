"""Combat: CRTs as data, strengths with rule-tagged lines, support limits, automatic victory,
result plans, retreats and advances, and exact outcome distributions. Pure functions over
plain data (:mod:`.model`); no Qt. :func:`register` wires them into the engine's action log
(:mod:`.wiring`, :mod:`.flow`, :mod:`.choices`, :mod:`.state_adapter`). See docs/rules/combat.md.
"""

from ddaydesk.rules.combat.auto_victory import AutoVictory
from ddaydesk.rules.combat.auto_victory import check as check_automatic_victory
from ddaydesk.rules.combat.crt import CRT, load_crt, parse_crt
from ddaydesk.rules.combat.distribution import (
    Distribution,
    Resolution,
    draw,
    outcome_distribution,
    resolve,
)
from ddaydesk.rules.combat.model import (
    CombatUnit,
    Declaration,
    Line,
    Marker,
    Pools,
    Situation,
    Support,
    TurnInfo,
)
from ddaydesk.rules.combat.results import ResultPlan, plan_result
from ddaydesk.rules.combat.strength import Assessment, assess
from ddaydesk.rules.combat.support import Refusal
from ddaydesk.rules.combat.wiring import register

__all__ = [
    "CRT", "Assessment", "AutoVictory", "CombatUnit", "Declaration", "Distribution", "Line", "Marker",
    "Pools", "Refusal", "Resolution", "ResultPlan", "Situation", "Support", "TurnInfo", "assess",
    "check_automatic_victory", "draw", "load_crt", "outcome_distribution", "parse_crt", "plan_result",
    "register", "resolve",
]
