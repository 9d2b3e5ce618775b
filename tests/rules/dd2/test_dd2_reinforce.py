"""Reinforcement dice and charts (DD2-REIN-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from ddaydesk.engine import IllegalAction
from tests.rules.dd2.conftest import Action, apply, at_phase, clear_zone, legal_actions, out, put


def empty_beaches(s):
    for k in range(len(s.zone)):
        if s.part[k] == "beach":
            out(s, k)


def place_all(s, chart=None, where=None):
    """Place the next units while any may come; `where` picks a zone label if given."""
    while True:
        acts = [a for a in legal_actions(s) if a.kind == "place"
                and (chart is None or s.part[s.k(a.unit)] == chart)
                and (where is None or a.zone in where)]
        if not acts:
            return s
        s = apply(s, acts[0])


def on_beach_types(s, label):
    return [s.type(k) for k in s.on_beach(s.board.index(label))]


def test_four_dice_first_two_us_last_two_uk(game):  # DD2-REIN-01
    s = at_phase(game, "allied_reinforce", [3, 4, 6, 1])
    s = apply(s, Action("roll_reinforcements"))
    assert s.game["to_place"] == {"us_chart": 7, "uk_chart": 7}
    with pytest.raises(IllegalAction, match="already rolled"):
        apply(s, Action("roll_reinforcements"))


def test_beach_capacity_and_leftovers_stay_on_the_chart(game):  # DD2-REIN-02
    s = at_phase(game, "allied_reinforce", [6, 6, 6, 6])
    empty_beaches(s)
    s.game["chart_pos"]["us_chart"] = 8  # past the Utah-only and Omaha-only segments: any US beach
    s = apply(s, Action("roll_reinforcements"))
    s = place_all(s, "us_chart")
    assert len(on_beach_types(s, "11")) == 4 and len(on_beach_types(s, "14")) == 8  # 12 = 4 + 8
    # US sum 9 with Omaha full: 4 on Utah, 5 stay on the chart
    s = at_phase(s, "allied_reinforce", [4, 5, 1, 1])
    for k in s.on_beach(s.board.index("11")):
        out(s, k)
    pos = s.game["chart_pos"]["us_chart"]
    s = apply(s, Action("roll_reinforcements"))
    s = place_all(s, "us_chart")
    assert len(on_beach_types(s, "11")) == 4 and s.game["chart_pos"]["us_chart"] == pos + 4
    s = apply(s, Action("end_placement"))
    assert s.phase == "german_move"
    # UK: Gold 7, Juno 5, Sword 6 take 18 at most
    s = at_phase(s, "allied_reinforce", [1, 1, 6, 6])
    s = apply(s, Action("roll_reinforcements"))
    with pytest.raises(IllegalAction, match="may not be placed in 11"):
        apply(s, Action("place", unit="ukr-art-1", zone="11"))  # not a UK beach
    s = place_all(s, "uk_chart")
    assert s.game["chart_pos"]["uk_chart"] == 12
    s = at_phase(s, "allied_reinforce", [1, 1, 6, 6])
    s = place_all(apply(s, Action("roll_reinforcements")), "uk_chart")
    assert [len(on_beach_types(s, z)) for z in ("15", "16", "17")] == [7, 5, 6]  # printed capacities
    assert s.game["chart_pos"]["uk_chart"] == 18 and s.game["to_place"]["uk_chart"] == 6


def test_units_enter_in_chart_order(game):  # DD2-REIN-03
    # DD2-REIN-03 rests on the full reinforcement chart printed on the map, not in the seeds: proven against our default (docs/rules/dd2.md)
    s = at_phase(game, "allied_reinforce", [3, 4, 1, 1])
    empty_beaches(s)
    s = apply(s, Action("roll_reinforcements"))  # 7 US units may come
    with pytest.raises(IllegalAction, match="not next on the us_chart chart"):
        apply(s, Action("place", unit="usr-art-1", zone="11"))
    with pytest.raises(IllegalAction, match="may not be placed in 14"):
        apply(s, Action("place", unit="usr-inf-1", zone="14"))  # first row: Utah only
    s = place_all(s, "us_chart")
    assert on_beach_types(s, "11") == ["infantry"] * 4  # 4 infantry; the 2 artillery wait for room on Utah
    assert on_beach_types(s, "14") == []
    # next turn, Utah empty again: the 2 artillery, then the Omaha-only infantry
    s = at_phase(s, "allied_reinforce", [2, 1, 1, 1])
    for k in s.on_beach(s.board.index("11")):
        out(s, k)
    s = place_all(apply(s, Action("roll_reinforcements")), "us_chart")
    assert on_beach_types(s, "11") == ["artillery"] * 2 and on_beach_types(s, "14") == ["infantry"]


def test_german_dice_rennes_chartres_then_rouen_chartres(game):  # DD2-REIN-04
    s = at_phase(game, "german_reinforce", [2, 5, 4, 4], default=6)
    s = apply(s, Action("roll_reinforcements"))
    assert s.game["to_place"] == {"rennes_chartres": 7, "rouen_chartres": 8}
    zones = {c: {a.zone for a in legal_actions(s) if a.kind == "place" and s.part[s.k(a.unit)] == c}
             for c in ("rennes_chartres", "rouen_chartres")}
    assert zones == {"rennes_chartres": {"32", "34", "36", "40"}, "rouen_chartres": {"36", "39", "40", "42"}}
    s = place_all(s, "rennes_chartres", where={"34"})
    assert len(s.in_zone(s.board.index("34"), "german")) == 7


def test_eight_unit_limit_and_declining(game):  # DD2-REIN-05
    s = at_phase(game, "german_reinforce", [6, 6, 1, 1], default=6)
    clear_zone(s, "36")
    for i in range(15, 21):
        put(s, f"rennes-inf-{i}", "36", "G")  # 6 German units in a Chartres zone
    s = apply(s, Action("roll_reinforcements"))
    s = place_all(s, "rennes_chartres", where={"36"})
    assert len(s.in_zone(s.board.index("36"), "german")) == 8
    assert s.game["chart_pos"]["rennes_chartres"] == 2
    s = apply(s, Action("end_placement"))  # declining the rest (e.g. because of fighters)
    assert s.game["chart_pos"]["rennes_chartres"] == 2 and s.turn == 2
    assert s.part[s.k("rennes-arm-3")] == "rennes_chartres"  # still on the chart


def test_german_chart_order_three_armour_then_infantry_artillery(game):  # DD2-REIN-06
    # DD2-REIN-06 rests on the full reinforcement chart printed on the map, not in the seeds: proven against our default (docs/rules/dd2.md)
    s = at_phase(game, "german_reinforce", [1, 4, 1, 1], default=6)
    s = apply(s, Action("roll_reinforcements"))
    s = place_all(s, "rennes_chartres", where={"32", "34"})
    came = Counter(s.type(k) for z in ("32", "34") for k in s.in_zone(s.board.index(z), "german"))
    assert came == {"armour": 3, "infantry": 1 + 2, "artillery": 1}  # zone 32 held 2 infantry already


def test_patrols_fire_at_german_reinforcements(game):  # DD2-AIR-06, DD2-REIN-05
    s = at_phase(game, "german_reinforce", [1, 1, 1, 1, 1])
    put(s, "ftr-1", "34", "P")
    s = apply(s, Action("roll_reinforcements"))
    s = apply(s, Action("place", unit="rennes-arm-1", zone="34"))
    assert s.part[s.k("rennes-arm-1")] == "dead" and s.game["chart_pos"]["rennes_chartres"] == 1


def test_the_rouen_chartres_chart_starts_with_five_armour(game):  # DD2-REIN-06, DD2-REIN-04
    # DD2-REIN-06 rests on the full reinforcement chart printed on the map, not in the seeds:
    # our transcription (charts.yaml, docs/rules/dd2.md). Its first five are armour, the sixth
    # and seventh artillery.
    s = at_phase(game, "german_reinforce", [1, 1, 3, 4], default=6)
    s = apply(s, Action("roll_reinforcements"))
    assert s.game["to_place"]["rouen_chartres"] == 7  # DD2-REIN-04: the second pair, 3 + 4
    zones = ("39", "42")
    for z in zones:
        clear_zone(s, z)
    s = place_all(s, "rouen_chartres", where=set(zones))
    placed = [s.type(k) for z in zones for k in s.in_zone(s.board.index(z), "german")]
    assert Counter(placed) == {"armour": 5, "artillery": 2}


def test_each_side_rolls_for_reinforcements_afresh_every_turn():  # DD2-REIN-01, DD2-REIN-04
    # entering each reinforcement phase clears the last turn's roll: both sides roll every
    # turn of a whole game played through the log
    from ddaydesk.engine import Game
    from ddaydesk.formats.scenariofile import load_scenario
    from tests.rules.dd2.conftest import DD2
    from tests.rules.dd2.play import play

    g = play(Game(load_scenario(DD2), seed=3))
    rolls = Counter((s.turn, s.active) for s, a in zip(g.states, g.log, strict=False) if a.kind == "roll_reinforcements")
    turns = {t for t, _ in rolls}
    assert len(turns) >= 2
    assert all(rolls[(t, side)] == 1 for t in turns for side in ("allied", "german"))
