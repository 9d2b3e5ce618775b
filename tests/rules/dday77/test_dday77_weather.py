"""The D-Day '77 weather chart by season, each season read at its first and its last turn
(the turn before and after belong to the seasons beside it): D77-WX-03..07, as printed."""

from __future__ import annotations

import pytest

from ddaydesk.engine.tables import load_weather_chart

SEASONS = [
    (6, 16, "CLR CLR CLR CLR CLR RAIN", "D77-WX-03"),
    (17, 24, "CLR CLR CLR RAIN RAIN MUD", "D77-WX-04"),
    (25, 32, "CLR RAIN MUD MUD SNOW SNOW", "D77-WX-05"),
    (33, 40, "CLR CLR RAIN RAIN MUD SNOW", "D77-WX-06"),
    (41, 50, "CLR CLR CLR CLR RAIN MUD", "D77-WX-07"),
]


@pytest.mark.parametrize(("first", "last", "results", "rule"), SEASONS, ids=[s[3] for s in SEASONS])
def test_each_season_from_its_first_to_its_last_turn(first, last, results, rule):
    chart = load_weather_chart("dday77")
    for turn in (first, last):
        row = chart.row(turn)
        assert (list(row[2]), row[3]) == (results.split(), rule), turn
    assert chart.row(first - 1) is None or chart.row(first - 1)[3] != rule
    assert chart.row(last + 1) is None or chart.row(last + 1)[3] != rule
    assert chart.first_turn == 6 and chart.row(51) is None
