"""Interdiction (optional rule 14.2) and the optional rules preamble (14.0)."""

from __future__ import annotations

import pytest

from ddaydesk.engine import EndPhase, Game, IllegalAction, Interdict, Marker, Move, reach
from ddaydesk.engine.movement import path_cost
from ddaydesk.engine.tables import SCALE
from ddaydesk.rules.options import option_listing
from ddaydesk.rules.pkd import TradeSupport
from ddaydesk.rules.pkd.data import table
from ddaydesk.rules.pkd.records import beach_of, rec
from ddaydesk.rules.pkd.support import interdiction_due
from tests.rules.pkd.conftest import SWORD, do, hex_, legal, position, scenario

ON = {"interdiction": True, "leadership": True}


def window(support=3, leader=None, **kw):
    """The interdiction window after the Support rolls: the cup filled, no chit drawn yet."""
    st = position(options=ON, support={"allied": {"artillery": support, "allied_support": 1}}, leader=leader,
                  formation=None, dice=[1] * 20, **kw)
    st.phase, st.active = "interdiction", "allied"
    st.own("pkd")["act"] = None
    return st


def test_only_the_allies_and_only_before_the_first_draw():  # PKD-INT-01
    st = window()
    assert {a.pay for a in legal(st, ["trade_support"])} == {"artillery", "allied_support"}
    assert legal(st, ["trade_support"], side="german") == []
    with pytest.raises(IllegalAction):
        do(st, TradeSupport("german", "artillery"))
    drawn, ch = do(st, EndPhase("allied"))  # the window closes: the first chit is drawn
    assert drawn.phase.endswith(".activation") and any("Command Cup" in n for n in ch.notes)
    with pytest.raises(IllegalAction, match="trade_support is not allowed"):
        do(drawn, TradeSupport(drawn.active, "artillery"))
    assert legal(drawn, ["trade_support"]) == []


def test_in_a_real_game_the_window_follows_the_support_rolls():  # PKD-INT-01
    # the step before: the window opens on the points the Support rolls just gave (and those
    # rolls come after the Leadership roll-off, PKD-LEAD-02, as the day turn starts); the step
    # after: ending it draws the first HQ chit, and no trade is possible any more
    g = Game(scenario(), 3, ON)
    assert g.state.phase == "interdiction" and g.state.active == "allied"
    purposes = [r.purpose for r in g.start_changes.dice]
    assert purposes == ["Leadership roll-off, Allied", "Leadership roll-off, German", "Support: allied artillery",
                        "Support: allied allied support", "Support: german artillery"]  # no chit drawn yet
    assert rec(g.state)["support"]["allied"] == {"artillery": 1, "allied_support": 0} and rec(g.state)["leader"] == "allied"
    assert {a.pay for a in legal(g.state, ["trade_support"])} == {"artillery", "leadership"}
    assert legal(g.state, ["trade_support"], side="german") == []
    g.do(TradeSupport("allied", "artillery"))  # in the window: a point traded and its marker placed
    g.do(legal(g.state, ["interdict"])[0])
    assert [m.kind for m in g.state.markers] == ["interdiction"]
    ch = g.do(EndPhase("allied"))
    assert [r.purpose for r in ch.dice][:1] and all(r.purpose.startswith("Command Cup") for r in ch.dice)
    assert g.state.phase.endswith(".activation")
    with pytest.raises(IllegalAction, match="trade_support is not allowed"):
        g.do(TradeSupport(g.state.active, "artillery"))


@pytest.mark.parametrize("options,turn,support,leader,due", [
    pytest.param(ON, 1, {"artillery": 1}, None, True, id="one-point"),
    pytest.param(ON, 1, {"artillery": 0, "allied_support": 0}, "allied", True, id="leadership-marker-only"),
    pytest.param(ON, 1, {"artillery": 0, "allied_support": 0}, "german", False, id="nothing-to-trade"),
    pytest.param({"leadership": True}, 1, {"artillery": 3}, None, False, id="option-off"),
])
def test_the_window_opens_only_with_something_to_trade(options, turn, support, leader, due):  # PKD-INT-01
    st = position(options=options, support={"allied": support}, leader=leader, formation=None, turn=turn)
    assert interdiction_due(st) is due


def test_no_window_on_a_night_turn():  # PKD-INT-01: no Support rolls at night, so no window
    st = position(options=ON, support={"allied": {"artillery": 3}}, leader="allied", formation=None, sc=SWORD)
    assert interdiction_due(st) is True  # the same position by day
    st.turn = next(t for t in range(1, 40) if not beach_of(st).day(t))
    assert interdiction_due(st) is False


def test_at_most_three_markers_leadership_included():  # PKD-INT-02
    st = window(support=3, leader="allied")
    for pay in ("artillery", "artillery", "leadership"):
        st, _ = do(st, TradeSupport("allied", pay))
    assert rec(st)["interdiction"] == {"traded": 3, "to_place": 3}
    assert rec(st)["leader"] is None and rec(st)["support"]["allied"]["artillery"] == 1
    with pytest.raises(IllegalAction, match="at most 3"):
        do(st, TradeSupport("allied", "artillery"))  # a 4th, with a point still left
    two = window(support=3)
    two, _ = do(two, TradeSupport("allied", "allied_support"))
    two, _ = do(two, TradeSupport("allied", "artillery"))
    assert rec(do(two, TradeSupport("allied", "artillery"))[0])["interdiction"]["traded"] == 3  # the 3rd is fine
    assert table("support")["interdiction"]["max_markers"]["value"] == 3


def test_three_traded_markers_are_all_placed_the_same_turn():  # PKD-INT-02
    # the step at the limit: three markers traded, three placed, and the window may close
    st = window(support=3, leader="allied")
    for pay in ("artillery", "artillery", "leadership"):
        st, _ = do(st, TradeSupport("allied", pay))
    for label in ("0303", "0304", "0305"):
        st, _ = do(st, Interdict("allied", hex_(st, label)))
    assert sorted(st.scenario.board.labels[m.place] for m in st.markers if m.kind == "interdiction") == [
        "0303", "0304", "0305"]
    closed, _ = do(st, EndPhase("allied"))
    assert closed.phase.endswith(".activation")


def test_leadership_marker_trades_for_one():  # PKD-INT-02
    st = window(support=0, leader="allied")
    st, _ = do(st, TradeSupport("allied", "leadership"))
    assert rec(st)["interdiction"]["to_place"] == 1
    with pytest.raises(IllegalAction, match="Leadership marker"):
        do(st, TradeSupport("allied", "leadership"))


def test_markers_must_be_placed_one_per_hex():  # PKD-INT-03
    st = window()
    st, _ = do(st, TradeSupport("allied", "artillery"))
    st, _ = do(st, TradeSupport("allied", "artillery"))
    with pytest.raises(IllegalAction, match="place the 2"):
        do(st, EndPhase("allied"))  # traded markers must go on the map
    st, _ = do(st, Interdict("allied", hex_(st, "0303")))
    with pytest.raises(IllegalAction, match="one per hex"):
        do(st, Interdict("allied", hex_(st, "0303")))
    st, _ = do(st, Interdict("allied", hex_(st, "0304")))
    with pytest.raises(IllegalAction, match="trade a Support point"):
        do(st, Interdict("allied", hex_(st, "0305")))  # nothing left to place


def _with_marker(label, **places):
    st = position(places, options=ON)
    st.markers = (Marker("interdiction", hex_(st, label), "allied"),)
    st._cache.clear()
    return st


@pytest.mark.parametrize("uid, frm, side", [("a-inf1", "0602", "allied"), ("g-inf1", "0602", "german")])
def test_entering_costs_two_more_for_both_sides(uid, frm, side):  # PKD-INT-04, PKD-GEN-02
    # PKD-GEN-02 rests on Standard Rules of the series, not in the seeds: proven against our default (docs/rules/koenig.md)
    plain = position({uid: frm}, options=ON)
    marked = _with_marker("0702", **{uid: frm})
    to = hex_(plain, "0702")  # clear: 1 MP in terrain.yaml
    k = plain.unit(uid)
    assert table("terrain")["terrain"]["clear"]["foot"] == 1
    assert reach(plain, k).cost(to) == 1
    assert reach(marked, k).cost(to) == 3  # the optional rule adds to the chart's cost (PKD-GEN-02)


def test_leaving_costs_two_more_and_passing_through_four():  # PKD-INT-05
    st = _with_marker("0602", **{"a-inf1": "0602"})
    k = st.unit("a-inf1")
    assert reach(st, k).cost(hex_(st, "0702")) == 3  # 1 + 2 to leave
    through = _with_marker("0602", **{"a-inf1": "0502"})
    r = reach(through, through.unit("a-inf1"))
    path = (hex_(st, "0502"), hex_(st, "0602"), hex_(st, "0702"))
    assert path_cost(through, through.unit("a-inf1"), "normal", path) == (1 + 2 + 2 + 1) * SCALE
    assert r.cost(hex_(st, "0702")) <= 6  # (a cheaper way round the marked hex may exist)


def test_markers_go_at_the_end_of_the_turn():  # PKD-INT-06
    st = _with_marker("0602")
    st.own("pkd")["cup"] = []
    st.dice.default = 1
    after, ch = do(st, EndPhase("allied"))
    assert after.turn == 2 and not after.markers_of("interdiction") and ch.markers
    still = position(options=ON)
    still.markers = st.markers
    mid, _ = do(still, Move("allied", "a-inf1", hex_(still, "0201")))
    assert mid.markers_of("interdiction")  # during the turn it stays


def test_each_optional_rule_is_its_own_toggle_fixed_at_the_start():  # PKD-GEN-01
    rows = option_listing("pkd").rows
    assert [r.id for r in rows] == ["leadership", "interdiction", "rest_refit", "indirect_fire", "overruns",
                                    "allied_preparation"]
    assert all(r.rules for r in rows)
    sc = scenario()
    for pick in ({"overruns": True}, {"leadership": True, "indirect_fire": True}, {}):
        g = Game(sc, 3, {**{r.id: False for r in rows}, **pick})
        assert {k for k, v in g.state.options.items() if v} == set(pick)
    with pytest.raises(IllegalAction, match="no optional rule"):
        Game(sc, 3, {"weather": True})
    g = Game(sc, 3, {"overruns": True})
    g.do(next(a for a in legal(g.state) if a.kind == "end_phase"))
    assert g.state.options == g.states[0].options  # no action changes the options in play
