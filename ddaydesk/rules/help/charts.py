"""Every chart a system's tables give, by name, each built from the table the engine reads.

A text embeds a chart with a line of its own: ``{{chart:crt}}``. The same chart is also a page
of its own under "Charts". A chart whose tables a system does not have is not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ddaydesk.rules.help.chartkit import Context, Marks
from ddaydesk.rules.help.charts_cards import cards_chart
from ddaydesk.rules.help.charts_combat import crt_chart, terrain_chart
from ddaydesk.rules.help.charts_supply import supply_chart, supply_example
from ddaydesk.rules.help.charts_turns import (
    reinforcements_chart,
    replacements_chart,
    sequence_chart,
    weather_chart,
)
from ddaydesk.rules.help.charts_units import (
    dd2_charts,
    dd2_dice,
    drop_chart,
    fmu_replacements,
    support_fire_chart,
    units_chart,
)

Builder = Callable[[str, Context, Marks], "str | None"]
# The scenario whose schedule and order of battle a system's charts show when the game open
# is not of that system.
REFERENCE_SCENARIO = {"dday77": "dday77-campaign", "fmu": "utah-landing", "dd2": "dday2"}


def _first(*builders: Builder) -> Builder:
    def build(system: str, ctx: Context, marks: Marks) -> str | None:
        for b in builders:
            got = b(system, ctx, marks)
            if got:
                return got
        return None
    return build


CHARTS: dict[str, tuple[str, Builder]] = {
    "sequence": ("Sequence of play", sequence_chart),
    "terrain": ("Terrain effects chart", terrain_chart),
    "crt": ("Combat Results Table", crt_chart),
    "weather": ("Weather chart", weather_chart),
    "supply": ("Supply table", supply_chart),
    "supply-example": ("Supply: a worked example", supply_example),
    "reinforcements": ("Reinforcement schedule", _first(dd2_charts, reinforcements_chart)),
    "replacements": ("Replacements", _first(replacements_chart, fmu_replacements)),
    "units": ("Unit chart", units_chart),
    "cards": ("Cards and their costs", cards_chart),
    "support-fire": ("Support fire markers", support_fire_chart),
    "drop": ("Airborne drop table", drop_chart),
    "dice": ("Dice and limits", dd2_dice),
}


@dataclass(frozen=True)
class Chart:
    system: str
    id: str
    title: str
    markdown: str  # with its footnotes


def with_reference(system: str, ctx: Context) -> Context:
    """``ctx``, or for another system's charts the context of that system's reference scenario."""
    if ctx.scenario_of(system) is not None or system not in REFERENCE_SCENARIO:
        return ctx
    from ddaydesk.formats.errors import FormatError
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir

    try:
        sc = load_scenario(scenarios_dir() / f"{REFERENCE_SCENARIO[system]}.yaml")
    except (FormatError, OSError):
        return ctx
    return replace(ctx, scenario=sc)


def build_chart(system: str, chart_id: str, ctx: Context, why: Callable[[str], str]) -> Chart | None:
    title, builder = CHARTS[chart_id]
    marks = Marks(why)
    body = builder(system, with_reference(system, ctx), marks)
    if not body:
        return None
    notes = marks.footnotes()
    return Chart(system, chart_id, title, body + ("\n" + notes if notes else ""))


def charts_of(system: str, ctx: Context, why: Callable[[str], str]) -> list[Chart]:
    out = []
    for cid in CHARTS:
        c = build_chart(system, cid, ctx, why)
        if c is not None:
            out.append(c)
    return out
