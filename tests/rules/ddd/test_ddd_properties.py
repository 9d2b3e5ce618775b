"""Random D-Day Dice games (hypothesis): every invariant holds at each step, an action is
accepted exactly when it is listed, replay and save/load give the same states, undo stops at
the last roll, the Allies' view never holds the German's Decorations nor the Battle Conditions
he has seen (nor his of theirs), and a die changing hands keeps its face (Black and Blue swap,
DDD-GER-07). The modes include every module and optional rule of Atlantikwall and Overlord,
and a campaign."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import OVER, EndPhase, IllegalAction, apply, legal_actions
from ddaydesk.rules.ddd import (
    AddResult,
    Assault,
    BuyBadge,
    ChooseLoss,
    Decide,
    DrawDecoration,
    FindItem,
    GiveBadge,
    KeepDice,
    LockDie,
    Mulligan,
    NextBattle,
    Observe,
    Rally,
    Reroll,
    RollDice,
    ScoreTally,
    SectorMove,
    Trade,
    UseCard,
)
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import FACES, tables
from ddaydesk.rules.ddd.gains import RESOURCES
from ddaydesk.rules.ddd.view import table
from tests.conftest import assert_history_unchanged
from tests.engine.test_properties import check_properties
from tests.rules.ddd.conftest import (
    EVERY_MODULE,
    MAPS,
    arrange,
    land_all,
    new_game,
    play_to,
    player,
)

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MODES = ({}, {"unit_british": True, "unit_french": True}, {"atlantikwall": True, "unit_canadian": True},
         {"auto_german": True, "unit_british": True}, {"solitaire": True, "gott_mit_uns": True},
         {"atlantikwall": True, "blind_start": True, "unit_british": True, "unit_french": True})
EVERY = (  # every module on: solo, with a German, several Units, Badge of Honor, solitaire
    {**EVERY_MODULE},
    {**EVERY_MODULE, "atlantikwall": True, "unit_greek": True},
    {**EVERY_MODULE, "auto_german": True, "unit_norwegian": True, "unit_british": True, "mgf_dice_german": True},
    {**EVERY_MODULE, "badge_of_honor": True, "unit_british": True, "unit_french": True},
    {**EVERY_MODULE, "solitaire": True, "mgf_dice_german": True})
PIDS = ("us", "british", "french", "canadian", "greek", "german")


def random_action(data, gs):
    """Any D-Day Dice action at all, legal or not."""
    side = data.draw(st.sampled_from(("allied", "german")))
    pid = data.draw(st.sampled_from(PIDS))
    card = data.draw(st.sampled_from(sorted(tables().cards)))
    n = data.draw(st.integers(-1, 8))
    place = data.draw(st.integers(0, gs.scenario.board.n - 1))
    return data.draw(st.sampled_from([
        EndPhase(side), RollDice(side, pid), LockDie(side, pid, n), Reroll(side, pid), KeepDice(side, pid),
        ScoreTally(side, pid, (data.draw(st.sampled_from(FACES)),)), Rally(side, pid, card), FindItem(side, pid, card),
        Trade(side, pid, data.draw(st.sampled_from(PIDS)), data.draw(st.sampled_from(RESOURCES)), n),
        UseCard(side, pid, card, die=n), SectorMove(side, pid, place), DrawDecoration(side), Assault(side, pid),
        ChooseLoss(side, pid, card), Decide(side, pid, data.draw(st.sampled_from(("", card, str(n), "1-9", "8")))),
        Observe(side, pid, card), Mulligan(side, pid), BuyBadge(side, pid), NextBattle(side),
        AddResult(side, pid, data.draw(st.sampled_from(("red", "blue", "black", "green"))),
                  data.draw(st.sampled_from(FACES))),
        GiveBadge(side, pid, data.draw(st.sampled_from(PIDS)), card)]))


def check_invariants(gs):
    r = m.rec(gs)
    for pid in r["order"]:
        p = r["players"][pid]
        assert all(p[res] >= 0 for res in RESOURCES)
        assert len(p["visited"]) == len(set(p["visited"]))  # never the same Sector twice
        assert all(d[1] in FACES for d in p["dice"])
        if pid != m.GERMAN and p["status"] in ("ashore", "bunker"):
            assert gs.place[gs.unit(pid)] >= 0
    if r["pending"]:
        assert gs.active == ("german" if r["pending"][0]["player"] == m.GERMAN else "allied")
    for side, other in (("allied", "german"), ("german", "allied")):  # DDD-COND-09: one side's look
        seen = gs.secrets.get(other, {}).get("conditions_top")
        assert not seen or table(gs, side).modules.conditions_seen == ()
    if m.has_german(r):
        hand = gs.secrets["german"]["hand"]
        assert r["decorations"]["held"] == len(hand)
        allies = table(gs, "allied")
        assert allies.german.decorations == () and allies.deck_top == ()
        shown = repr(allies)
        assert not [c for c in hand if c in shown]  # DDD-GER-25: no id of his hand in their view
        assert not [c for c in gs.secrets["german"]["top"] if c in shown]  # nor of the Decorations he has seen
        assert not [c for c in gs.secrets["german"]["top"] if c in repr(r["pending"])]


def play(data, options, max_actions, names=MAPS):
    name = data.draw(st.sampled_from(names))
    g = new_game(name, data.draw(st.integers(0, 2**32)), **options)
    n = data.draw(st.integers(30, max_actions))
    while len(g.log) < n and g.state.phase != OVER:
        gs = g.state
        before = gs.state_hash()
        if data.draw(st.integers(0, 3)) == 0:  # probe: an arbitrary action is accepted iff listed
            cand = random_action(data, gs) if data.draw(st.booleans()) else \
                data.draw(st.sampled_from(legal_actions(gs, gs.active)))
            listed = cand in legal_actions(gs, cand.side)
            try:
                apply(gs, cand)
                accepted = True
            except IllegalAction as exc:
                assert exc.reason
                accepted = False
            assert accepted == listed, cand
            assert gs.state_hash() == before  # a refused (or probed) action changed nothing
        legal = legal_actions(gs, gs.active)
        assert legal, f"no legal action in {gs.phase}"
        ends = [a for a in legal if a.kind not in ("lock_die", "use_card", "trade_resources")]
        g.do(data.draw(st.sampled_from(ends if data.draw(st.integers(0, 9)) else legal)))
        check_invariants(g.state)
    return g


@SETTINGS
@given(st.data(), st.sampled_from(MODES))
def test_random_games_keep_every_property(data, options):
    g = play(data, options, 220)
    check_properties(g)  # replay, save -> load, undo back to the last roll
    assert_history_unchanged(g)


@SETTINGS
@given(st.data(), st.sampled_from(EVERY))
def test_random_games_with_every_module_keep_every_property(data, options):
    g = play(data, options, 220)
    check_properties(g)
    assert_history_unchanged(g)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(({**EVERY_MODULE}, {**EVERY_MODULE, "unit_british": True, "unit_greek": True,
                                                       "unit_norwegian": True})))
def test_random_campaigns_keep_every_property(data, options):
    g = play(data, options, 400, names=("campaign-overlord",))
    check_properties(g)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(("red", "white", "blue")), st.sampled_from(FACES)), min_size=1, max_size=6),
       st.lists(st.tuples(st.sampled_from(("red", "white", "black")), st.sampled_from(FACES)), min_size=1, max_size=6),
       st.integers(0, 5))
def test_a_die_that_changes_hands_keeps_its_face(allied, german, k):  # DDD-GER-07
    g = new_game("exercise-fabius", 1, atlantikwall=True)
    land_all(g)
    play_to(g, "german_roll")
    arrange(g, lambda s, r: (r["players"]["german"].update(dice=[[c, f, 0] for c, f in german], kept=True, items=["dog"]),
                             r["players"]["us"].update(dice=[[c, f, 0] for c, f in allied], kept=True, scored=None)))
    k %= len(allied)
    g.do(UseCard("german", "german", "dog", die=k, source="us"))
    taken = allied[k]
    assert player(g, "german")["dice"][-1] == [{"blue": "black"}.get(taken[0], taken[0]), taken[1], 0]
    assert len(player(g, "us")["dice"]) == len(allied) - 1
    play_to(g, "tally")
    gd = [tuple(d[:2]) for d in player(g, "german")["dice"]]
    arrange(g, lambda s, r: (r["players"]["us"].update(items=["false_orders"], kept=True, scored=None),
                             r["players"]["german"].update(scored=None, kept=True)))
    j = k % len(gd)
    g.do(UseCard("allied", "us", "false_orders", die=j, source="german"))
    assert player(g, "us")["dice"][-1] == [{"black": "blue"}.get(gd[j][0], gd[j][0]), gd[j][1], 0]
    assert len(player(g, "german")["dice"]) == len(gd) - 1
