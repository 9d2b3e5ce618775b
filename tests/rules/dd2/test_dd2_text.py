"""D-Day2 actions in words and the zone each is about (the hot-seat window's lists)."""

from __future__ import annotations

from ddaydesk.engine import EndPhase, Game, legal_actions
from ddaydesk.rules.dd2 import DD2State
from ddaydesk.rules.dd2.text import action_text, action_zone
from tests.rules.dd2.play import choose


def test_every_legal_action_has_words_and_a_zone_on_the_map(scenario):
    g = Game(scenario, seed=5)
    seen = set()
    while g.state.turn < 3:
        s = g.state
        for a in legal_actions(s, s.active):
            text = action_text(s, a)
            assert text and "(" not in text[:1]
            z = action_zone(s, a)
            assert -1 <= z < scenario.board.n
            if a.kind in ("move", "go_ashore", "bombard", "bomb", "patrol", "reinforce"):
                assert z >= 0 and scenario.board.labels[z] in text  # the zone is named
            seen.add(a.kind)
        g.do(choose(s))
    assert {"move", "go_ashore", "bombard", "bomb", "patrol", "reinforce", "end_phase", "fight"} <= seen


def test_move_text_names_unit_type_and_both_zones(scenario):
    g = Game(scenario, seed=5)
    while g.state.phase != "german_move":
        g.do(choose(g.state))
    s = g.state
    move = next(a for a in legal_actions(s, "german") if a.kind == "move" and a.unit == "g12-arm")
    assert action_text(s, move).startswith("move g12-arm (armour) from 12 Carentan to ")
    assert action_zone(s, move) == DD2State(s).zone[s.unit("g12-arm")]
    assert action_text(s, EndPhase("german")) == "end the German moves"
