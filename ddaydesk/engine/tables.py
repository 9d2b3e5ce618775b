"""Movement and weather tables of a system, loaded from YAML with file:line:col problems.

``terrain.yaml`` gives movement costs by movement class, ``movement.yaml`` the procedure's
parameters (stacking, ZOC, strategic movement, interdiction, weather effects) and
``weather.yaml`` the weather chart; stacking comes from ``stacking.yaml`` where a system has
one (D-Day '77, shared with the set-up and retreat rules), else from ``movement.yaml``. Each
is looked up with :func:`ddaydesk.rules.tables.table_path`, so a user's corrected copy
replaces the shipped one. Costs are kept in ticks of 1/SCALE movement point so
half-point roads stay integers for the bucket queue. The tables' types and readers are in
engine/movetables.py, imported when a system's tables are first loaded (D-Day Dice, Koenig and
D-Day2 draw their first frame without them).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ddaydesk.engine.movetables import MoveRules, WeatherChart

SCALE = 2  # ticks per movement point

# The weather chart's codes (D-Day '77) in the words a player reads and the supply rules take.
WEATHER_WORDS = {"CLR": "clear", "RAIN": "rain", "MUD": "mud", "SNOW": "snow"}


@cache
def load_move_rules(system_id: str) -> MoveRules:
    """The system's movement tables (FormatError with file:line:col problems)."""
    from ddaydesk.engine.movetables import (
        read_move_rules,  # (their types and readers when first asked)
    )

    return read_move_rules(system_id)


@cache
def load_weather_chart(system_id: str) -> WeatherChart | None:
    """The system's weather chart, or None when it has none."""
    from ddaydesk.engine.movetables import read_weather_chart

    return read_weather_chart(system_id)
