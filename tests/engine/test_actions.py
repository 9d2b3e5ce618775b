"""Actions from JSON: anything at all is either read or refused with a reason, never a crash."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ddaydesk.engine import IllegalAction, Move, action_from_json, apply, new_state
from ddaydesk.engine.actions import all_action_types
from ddaydesk.formats.scenariofile import load_scenario
from tests.engine.conftest import SMALL

SC = load_scenario(SMALL)
STATE = new_state(SC, 1)
LABELS = SC.board.labels

values = st.one_of(st.none(), st.booleans(), st.integers(-3, 300), st.sampled_from(LABELS),
                   st.text(max_size=6), st.lists(st.sampled_from(LABELS), max_size=4),
                   st.sampled_from(["allied", "german", "a-inf", "g-inf", "strategic", "surprise"]))
objects = st.fixed_dictionaries(
    {"kind": st.sampled_from(sorted(all_action_types()) + ["nope"])},
    optional={k: values for k in ("side", "unit", "to", "mode", "via", "place", "region", "extra")},
)


@settings(max_examples=300, deadline=None)
@given(objects)
def test_any_json_action_is_read_or_refused_with_a_reason(d):
    try:
        action = action_from_json(d, SC.board)
    except ValueError as exc:
        assert str(exc)
        return
    assert action_from_json(action.to_json(SC.board), SC.board) == action  # JSON round trip
    try:
        apply(STATE, action)
    except IllegalAction as exc:
        assert exc.reason


def test_move_json_uses_printed_labels():
    m = Move("allied", "a-inf", SC.board.index("0202"), via=(SC.board.index("0101"), SC.board.index("0202")))
    assert m.to_json(SC.board) == {"kind": "move", "side": "allied", "unit": "a-inf", "to": "0202",
                                   "mode": "normal", "via": ["0101", "0202"]}
