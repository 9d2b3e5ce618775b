"""Combat in the game log: random legal games on small scenarios in contact (both systems,
F&M bombardments among them), with every listed combat action accepted, the same results
after save, load and replay, and undo stopping at the last roll or answer."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ddaydesk.engine import OVER, Game, IllegalAction, apply, legal_actions, load_game, save_game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.combat.actions import (
    KINDS,
    Advance,
    AutomaticVictory,
    DeclareAttack,
    ResolveCombat,
    Respond,
    Retreat,
    StiffResistance,
    TakeLosses,
)
from tests.rules.combat.conftest import D77_CONTACT, FMU_WIRING

SCENARIOS = {"dday77": load_scenario(D77_CONTACT), "fmu": load_scenario(FMU_WIRING)}
OPTIONS = {"dday77": {"armoured_advance": True, "tactical_air": True, "automatic_victory": True},
           "fmu": {}}


CUPS = ("allied_air", "allied_ground", "german", "nowhere")


def probe(data, state):
    """Any combat action at all, legal or not."""
    sc = state.scenario
    side = data.draw(st.sampled_from(sc.system.sides))
    ids = [u.id for u in sc.units]
    some = st.lists(st.sampled_from(ids), min_size=0, max_size=3).map(tuple)
    draws = st.lists(st.sampled_from(CUPS), max_size=3).map(tuple)
    place = st.integers(0, sc.board.n - 1)
    kind = data.draw(st.sampled_from(KINDS))
    if kind == "attack":
        return DeclareAttack(side, data.draw(some), data.draw(place),
                             data.draw(st.sampled_from(["normal", "beach_assault", "drop_hex", "bombardment", "x"])),
                             data.draw(st.sampled_from(["", *ids])))
    if kind == "automatic_victory":
        return AutomaticVictory(side, data.draw(some), data.draw(place))
    if kind == "respond":
        return Respond(side, data.draw(st.booleans()), data.draw(draws), data.draw(st.booleans()),
                       data.draw(st.sampled_from(["use", "redraw"])), data.draw(st.sampled_from(["", *ids])))
    if kind == "resolve_combat":
        return ResolveCombat(side, data.draw(st.integers(0, 5)), data.draw(st.integers(0, 5)), data.draw(draws),
                             data.draw(st.integers(0, 3)), data.draw(st.booleans()),
                             data.draw(st.sampled_from(["use", "redraw"])))
    if kind == "take_losses":
        return TakeLosses(side, data.draw(some))
    if kind == "retreat":
        return Retreat(side, data.draw(st.sampled_from(ids)), tuple(data.draw(st.lists(place, max_size=3))))
    if kind == "stiff_resistance":
        return StiffResistance(side, data.draw(st.sampled_from(ids)))
    return Advance(side, data.draw(some))


def near(data, state, listed):
    """A listed combat action with one field changed a little (or unchanged)."""
    a = data.draw(st.sampled_from(listed))
    fields = [f.name for f in dataclasses.fields(a) if f.name != "side"]
    if not fields or data.draw(st.booleans()):
        return a
    name = data.draw(st.sampled_from(fields))
    v = getattr(a, name)
    if isinstance(v, bool):
        v = not v
    elif isinstance(v, int):
        v = max(0, v + data.draw(st.sampled_from([-1, 1])))
    elif isinstance(v, tuple):
        v = v[:-1] if v and data.draw(st.booleans()) else v + v[:1]
    elif isinstance(v, str):
        v = data.draw(st.sampled_from(["", "use", "redraw", *[u.id for u in state.scenario.units]]))
    return dataclasses.replace(a, **{name: v})


def check_probe(data, state) -> None:
    """A combat action is accepted iff it is listed; a declaration iff its attackers are part of
    a listed group against the same hex (any subset may attack, docs/rules/combat.md)."""
    listed = [a for s in state.scenario.system.sides for a in legal_actions(state, s) if a.kind in KINDS]
    cand = near(data, state, listed) if listed and data.draw(st.booleans()) else probe(data, state)
    try:
        apply(state, cand)
        accepted = True
    except IllegalAction as exc:
        assert exc.reason
        accepted = False
    legal = legal_actions(state, cand.side)
    if cand.kind in ("attack", "automatic_victory"):
        if accepted:
            assert any(a.kind == cand.kind and a.target == cand.target and getattr(a, "mode", "") ==
                       getattr(cand, "mode", "") and set(cand.attackers) <= set(a.attackers) for a in legal), cand
        elif cand in legal:
            raise AssertionError(f"listed but refused: {cand}")
    else:
        assert accepted == (cand in legal), cand
    event(f"probe {cand.kind}: {'accepted' if accepted else 'refused'}")


def play(data, system: str) -> Game:
    sc = SCENARIOS[system]
    g = Game(sc, data.draw(st.integers(0, 2**32)), OPTIONS[system])
    for _ in range(data.draw(st.integers(30, 120))):
        if g.state.phase == OVER:
            break
        legal = legal_actions(g.state, g.state.active)
        assert legal, f"nothing to do in {g.state.phase} for {g.state.active}"
        for a in legal:  # whatever is listed is accepted
            if a.kind in KINDS:
                apply(g.state, a)
        check_probe(data, g.state)
        fights = [a for a in legal if a.kind in KINDS]
        pool = fights if fights and data.draw(st.integers(0, 3)) else legal
        g.do(data.draw(st.sampled_from(pool)))
    event(f"{system}: {sum(a.kind == 'resolve_combat' for a in g.log)} combats")
    event(f"{system}: {'a' if any(getattr(a, 'mode', '') == 'bombardment' for a in g.log) else 'no'} bombardment")
    return g


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(sorted(SCENARIOS)))
def test_combat_games_replay_save_and_undo(data, system):
    g = play(data, system)
    hashes = [s.state_hash() for s in g.states]
    again = Game(g.scenario, g.seed, g.options)
    for k, a in enumerate(g.log):
        ch = again.do(a)
        assert again.state.state_hash() == hashes[k + 1]
        assert ch.dice == g.changes[k].dice and ch.notes == g.changes[k].notes
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        save_game(g, path)
        loaded = load_game(path, g.scenario)
        assert loaded.state.state_hash() == hashes[-1]
        assert [r for _, r in loaded.dice_log()] == [r for _, r in g.dice_log()]
    barrier = max((k + 1 for k, ch in enumerate(g.changes) if ch.barrier), default=0)
    while g.undo_problem() is None:
        g.undo()
    assert g.pos == barrier and g.state.state_hash() == hashes[barrier]


def test_a_saved_combat_reloads_mid_choice(tmp_path):
    from ddaydesk.engine import EndPhase

    g = Game(SCENARIOS["dday77"], 1, OPTIONS["dday77"])
    while g.state.phase != "allied.combat":
        g.do(EndPhase("allied"))
    g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "attack"))
    g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat"))
    assert g.state.extra["combat"]["pending"]["stage"] == "result"  # a choice is pending
    path = tmp_path / "g.json"
    save_game(g, path)
    loaded = load_game(path)
    assert loaded.state.active == g.state.active
    assert legal_actions(loaded.state, g.state.active) == legal_actions(g.state, g.state.active)
