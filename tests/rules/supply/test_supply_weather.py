"""Weather and supply ranges (D77-WX-01, -02, -13, -18)."""

from __future__ import annotations

import pytest
from supply_helpers import board, col, de, line

from ddaydesk.rules.supply import load_supply_params

B = board("line45")
P = load_supply_params("dday77")


@pytest.mark.parametrize(("weather", "turn", "cut"), [
    ("mud", 6, 1), ("snow", 6, 2), ("rain", 6, 0), ("clear", 9, 0), ("mud", 5, 0), ("snow", 1, 0),
], ids=["D77-WX-13-mud", "D77-WX-18-snow", "D77-WX-09-rain", "D77-WX-08-clear", "D77-WX-02-turn5", "D77-WX-02-turn1"])
def test_range_reduction(weather, turn, cut):
    assert P.range_reduction(weather, turn) == cut


def test_D77_WX_01_weather_applies_from_turn_6():
    """Cites D77-WX-01."""
    assert P["weather.first_turn"] == 6
    units = [de(B, "hq", col(25), hq="german_army"), de(B, "u", col(17))]  # 8 hexes
    assert line(units, weather="mud", turn=5).units["u"].supplied  # D77-WX-02: no effect yet
    r = line(units, weather="mud", turn=6)
    assert not r.units["u"].supplied  # D77-WX-13: 8 > 7
    assert r.range_reduction == 1 and "D77-WX-13" in r.notes[0]


@pytest.mark.parametrize(("weather", "gap", "ok"), [
    ("mud", 7, True), ("mud", 8, False), ("snow", 6, True), ("snow", 7, False), ("rain", 8, True), ("rain", 9, False),
    ("clear", 8, True), ("clear", 9, False),
], ids=["D77-WX-13-at-7", "D77-WX-13-at-8", "D77-WX-18-at-6", "D77-WX-18-at-7", "D77-WX-09-at-8", "D77-WX-09-at-9",
        "D77-WX-08-at-8", "D77-WX-08-at-9"])
def test_every_supply_limit_is_shorter(weather, gap, ok):
    # mud and snow shorten every line; rain (D77-WX-09 cuts only air) and clear (D77-WX-08) do
    # not: 8 hexes reach and 9 do not
    r = line([de(B, "hq", col(25), hq="german_army"), de(B, "u", col(25 - gap))], weather=weather, turn=20)
    assert r.units["u"].supplied is ok
    if ok:
        assert r.units["u"].chain[0].limit == 8 - P.range_reduction(weather, 20)


@pytest.mark.parametrize(("weather", "limit"), [("mud", 23), ("snow", 22)], ids=["D77-WX-13-hq", "D77-WX-18-hq"])
def test_hq_line_to_source_shorter_too(weather, limit):
    assert line([de(B, "hq", col(45 - limit), hq="german_army")], weather=weather, turn=30).units["hq"].supplied
    assert not line([de(B, "hq", col(44 - limit), hq="german_army")], weather=weather, turn=30).units["hq"].supplied
