"""Koenig's D-Day test helpers: positions set by hand on the test map (tests/data/pkd), the
activation and Support as a test needs them, and scripted dice.

``position(...)`` returns a GameState in an activation of ``formation`` with ``op`` chosen,
units where ``places`` says (a label; None: eliminated; "pending": not yet arrived), Hits,
Support points and the Leadership holder given; every other record is the game's own. ``do``
applies an action with the engine's ``apply`` and returns ``(state, changes)``.
"""

from __future__ import annotations

from ddaydesk.engine import ELIMINATED, ON_MAP, PENDING, new_state
from ddaydesk.engine import apply as engine_apply
from ddaydesk.engine import legal_actions as engine_legal
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.pkd.records import rec
from tests.conftest import DATA, ROOT
from tests.rules.dd2.conftest import ScriptedDice

TEST_SC = DATA / "pkd" / "pkd-test.yaml"
SWORD = ROOT / "scenarios" / "sword.yaml"
ALL_OFF = {"leadership": False, "interdiction": False, "rest_refit": False, "indirect_fire": False,
           "overruns": False, "allied_preparation": False}


def scenario(path=TEST_SC):
    return load_scenario(path)


def position(places=None, *, formation="a1", op="move", options=None, hits=None, support=None, leader=None,
             dice=(), sc=TEST_SC, turn=None, drawn=(), cup=(), **act):
    sc = scenario(sc)
    st = new_state(sc, 1, {**ALL_OFF, **(options or {})}).copy()
    board = sc.board
    for uid, where in (places or {}).items():
        k = st.unit(uid)
        if where is None:
            st.place[k], st.status[k] = -1, ELIMINATED
        elif where == "pending":
            st.place[k], st.status[k] = -1, PENDING
        else:
            st.place[k], st.status[k] = board.index(where), ON_MAP
    for uid, n in (hits or {}).items():
        st.steps_lost[st.unit(uid)] = n
    if turn is not None:
        st.turn = turn
    r = st.own("pkd")
    r["support"] = {"allied": {"artillery": 0, "allied_support": 0}, "german": {"artillery": 0},
                    **{side: {**r["support"][side], **pts} for side, pts in (support or {}).items()}}
    r["leader"] = leader
    r["battle"] = None
    r["drawn"] = [*drawn, formation] if formation else list(drawn)
    r["cup"] = list(cup)
    side = next(u.side for u in sc.units if u.formation == formation) if formation else "allied"
    r["act"] = {"formation": formation, "side": side, "op": op, "spent": {}, "fired": [], "done": [], "cc": {},
                "overrun": [], "force_march": None, "attached": [], "refit": None, **act} if formation else None
    st.phase = f"{side}.activation"
    st.active = side
    st.dice = ScriptedDice(dice)
    st._cache.clear()
    return st


def do(st, action):
    return engine_apply(st, action)


def legal(st, kinds=None, side=None):
    return engine_legal(st, side or st.active, kinds)


def battle(st):
    return rec(st)["battle"]


def act(st):
    return rec(st)["act"]


def hex_(st, label):
    return st.scenario.board.index(label)


def where(st, uid):
    k = st.unit(uid)
    return st.scenario.board.labels[st.place[k]] if st.place[k] >= 0 else None
