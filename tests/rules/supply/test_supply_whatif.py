"""What-if supply: supply after a previewed move, by the real rules (D77-SUP-*, D77-ASUP-*,
the standard blocking defaults STD-SUP-BLOCK-*), equal to what ``ddaydesk supply`` reports
once the move is made."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from supply_helpers import DATA

from ddaydesk.cli import main
from ddaydesk.engine import Game, apply, legal_actions, reach, save_game
from ddaydesk.engine.core import Move
from ddaydesk.engine.view import view
from ddaydesk.formats.catalog import default_scenario_path
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.supply import compute_supply
from ddaydesk.rules.supply.adapter import from_game_state
from ddaydesk.rules.supply.whatif import SupplyWhatIf

TUTORIAL = load_scenario(default_scenario_path())
OPTIONS = {"german_supply": True, "allied_supply": True}
# An Allied wall down column 09 with one gap at its south end; the 7th Army at St-Lô supplies
# the 709th and 91. divisions in the Cotentin through it. The 7th Armoured closing the gap cuts
# the HQ's line to the east edge and with it its divisions (enemy ZOC: STD-SUP-BLOCK-EZOC).
HQ_CUT = load_scenario(DATA / "hq_cut.yaml")


def _game(**moved) -> Game:
    """The HQ_CUT position in the Allied movement phase, units moved to other hexes if asked."""
    g = Game(HQ_CUT, 1)
    while g.state.phase != "allied.movement":
        g.do(next(a for a in legal_actions(g.state, g.state.active) if a.kind == "end_phase"))
    for uid, label in moved.items():
        g.state.place[g.state.unit(uid)] = HQ_CUT.board.index(label)
        g.state._cache.clear()
    return g


def test_a_move_that_cuts_an_hq_line_cuts_off_its_units_as_the_supply_command_finds_after_the_move(tmp_path, capsys):
    g = _game()
    w = SupplyWhatIf(g.state, "allied")
    gap = HQ_CUT.board.index("1113")
    path = reach(g.state, g.state.unit("br-7-arm")).path(gap)
    got = w.after_move("br-7-arm", gap, path)
    assert got.cut_off == ("de-709-st", "de-91-lle", "de-7-armee") and got.restored == ()
    assert all(w.before.units[u].supplied for u in got.cut_off)
    g.do(Move("allied", "br-7-arm", gap, via=path))  # now make it
    save = tmp_path / "after.ddaysave"
    save_game(g, save)
    capsys.readouterr()
    assert main(["supply", str(save), "--side", "german", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    out_now = {u["id"] for u in report["units"] if not u["supplied"]}
    assert out_now == {u for u, s in got.after.units.items() if s.side == "german" and not s.supplied}
    assert set(got.cut_off) <= out_now


def test_moving_away_restores_them():
    g = _game(**{"br-7-arm": "1113"})
    w = SupplyWhatIf(g.state, "allied")
    back = HQ_CUT.board.index("1207")
    got = w.after_move("br-7-arm", back, reach(g.state, g.state.unit("br-7-arm")).path(back))
    assert got.restored == ("de-709-st", "de-91-lle", "de-7-armee") and got.cut_off == ()


def test_a_refused_move_has_no_preview_and_changes_nothing():
    g = _game()
    before = g.state.state_hash()
    w = SupplyWhatIf(g.state, "allied")
    assert w.after_move("br-7-arm", HQ_CUT.board.index("0101"), ()) is None  # sea
    assert w.after_move("de-91-lle", HQ_CUT.board.index("0510"), ()) is None  # not the mover's phase
    assert w.after_move("nobody", 0, ()) is None
    assert g.state.state_hash() == before


def test_hovering_back_to_a_hex_is_answered_from_memory():
    g = _game()
    w = SupplyWhatIf(g.state, "allied")
    gap = HQ_CUT.board.index("1113")
    assert w.after_move("br-7-arm", gap) is w.after_move("br-7-arm", gap)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_previewed_move_is_the_supply_after_that_move(data):
    """For any legal move of the start of the tutorial: the preview's supply (both sides) is
    the calculator's on the side's view of the position after the move."""
    g = Game(TUTORIAL, 3, OPTIONS)
    while not any(a.kind == "move" for a in legal_actions(g.state, g.state.active)):
        g.do(next(a for a in legal_actions(g.state, g.state.active) if a.kind == "end_phase"))
    moves = [a for a in legal_actions(g.state, g.state.active) if a.kind == "move"]
    m = data.draw(st.sampled_from(moves))
    side = g.state.active
    w = SupplyWhatIf(g.state, side)
    got = w.after_move(m.unit, m.to, m.via, m.mode)
    after, _ch = apply(g.state, m)
    want = compute_supply(from_game_state(view(after, side)), explain=False)
    assert {u: s.supplied for u, s in got.after.units.items()} == {u: s.supplied for u, s in want.units.items()}
    was = {u: s.supplied for u, s in w.before.units.items()}
    assert set(got.cut_off) == {u for u, ok in was.items() if ok and not want.units[u].supplied}
    assert set(got.restored) == {u for u, ok in was.items() if not ok and want.units[u].supplied}
