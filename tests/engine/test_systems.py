"""The extension point: a rules module's handler with dice plugs into phases, log and undo."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ddaydesk.engine import (
    ELIMINATED,
    OVER,
    Action,
    EndPhase,
    Game,
    Handler,
    IllegalAction,
    Move,
    legal_actions,
    rules_module,
)
from ddaydesk.engine.systems import PLUGINS
from tests.engine.conftest import at


@dataclass(frozen=True)
class FakeAttack(Action):  # stands in for the combat developer's action (not JSON-registered)
    kind = "attack"
    target: int


def _legal(state, side, phase):
    yield FakeAttack(side, at(state.scenario, "0707"))


def _apply(state, action, ch, phase):
    label = state.scenario.board.labels[action.target]
    r = ch.roll(state, 6, f"combat at {label}")
    if r.value >= 4:
        k = state.units_at()[action.target][0]
        state.status[k] = ELIMINATED
        state.place[k] = -1
        ch.removed.append(state.scenario.units[k].id)


@pytest.fixture
def with_attack():
    rm = rules_module("dday77")
    saved = rm.handlers.get("attack")
    rm.add_action(Handler("attack", _legal, _apply))
    yield
    if saved is None:
        del rm.handlers["attack"]
    else:
        rm.handlers["attack"] = saved


def test_a_plugged_in_attack_is_allowed_only_in_combat_phases(small, with_attack):
    g = Game(small, 4)
    with pytest.raises(IllegalAction, match="attack is not allowed in the allied.movement phase"):
        g.do(FakeAttack("allied", at(small, "0707")))
    g.do(Move("allied", "a-inf", at(small, "0201")))
    g.do(EndPhase("allied"))
    assert FakeAttack("allied", at(small, "0707")) in legal_actions(g.state, "allied")
    ch = g.do(FakeAttack("allied", at(small, "0707")))
    assert ch.dice[0].purpose == "combat at 0707" and g.dice_log()[0][1] == ch.dice[0]
    assert ch.barrier
    with pytest.raises(IllegalAction, match="rolled dice"):
        g.undo()  # the roll stands; everything before it could have been undone


def test_undo_before_the_roll_is_free(small, with_attack):
    g = Game(small, 4)
    g.do(EndPhase("allied"))
    before = g.state.state_hash()
    g.do(EndPhase("allied"))
    g.undo()
    assert g.state.state_hash() == before
    g.do(FakeAttack("allied", at(small, "0707")))
    assert g.undo_problem() == "the last action rolled dice: it cannot be undone"


def test_plugins_that_do_not_exist_yet_are_skipped():
    assert PLUGINS["fmu"] == ("ddaydesk.rules.combat", "ddaydesk.rules.supply")
    assert "move" in rules_module("fmu").handlers


def test_a_phase_condition_nobody_provides_is_refused():
    from ddaydesk.engine.systems import RulesModule, _check_sequence
    from ddaydesk.formats.errors import FormatError

    with pytest.raises(FormatError, match="when: no condition 'weather_roll'"):
        _check_sequence(RulesModule("dday77"))


def test_a_systems_own_rules_package_registers_last(monkeypatch):
    import sys
    import types

    import ddaydesk.rules.fmu as real

    fake = types.ModuleType("ddaydesk.rules.fmu")
    seen = []

    def register(rm):
        seen.append(sorted(rm.handlers))  # the engine's handlers are there already
        real.register(rm)  # the sequence names the real module's conditions
        rm.add_condition("weather_roll", lambda state: False)  # may replace the engine's

    fake.register = register
    monkeypatch.setitem(sys.modules, "ddaydesk.rules.fmu", fake)
    rules_module.cache_clear()
    try:
        rm = rules_module("fmu")
        assert seen and "move" in seen[0] and rm.conditions["weather_roll"](None) is False
    finally:
        rules_module.cache_clear()


def _fake_system_package(monkeypatch, register):
    import sys
    import types

    fake = types.ModuleType("ddaydesk.rules.dday77")
    fake.register = register
    monkeypatch.setitem(sys.modules, "ddaydesk.rules.dday77", fake)
    rules_module.cache_clear()


def test_a_condition_with_a_reason_notes_the_phases_it_passes_over(small, monkeypatch):
    _fake_system_package(monkeypatch, lambda rm: rm.add_condition("weather_roll", lambda s: False,
                                                                  "no weather roll today"))
    try:
        g = Game(small, seed=1)
        assert "turn 1 weather: passed over (no weather roll today)" in g.start_changes.notes
        assert not any("allied.air" in n for n in g.start_changes.notes)  # no reason given: silent
    finally:
        rules_module.cache_clear()


def test_a_hook_may_end_the_game(small, monkeypatch):  # e.g. D-Day2's victory check (DD2-VIC-01)
    def over(state, ch):
        state.phase = OVER

    _fake_system_package(monkeypatch, lambda rm: rm.add_hook("supply", over))
    try:
        g = Game(small, seed=1)
        while g.state.phase != OVER:
            assert g.state.phase in ("allied.movement", "allied.combat"), g.state.phase
            ch = g.do(EndPhase("allied"))
        assert ch.phases[-2:] == ["allied.supply", OVER] and legal_actions(g.state, "german") == []
        assert g.state.turn == 1
    finally:
        rules_module.cache_clear()


def test_hex_units_carry_no_part(small):
    s = Game(small, seed=1).state
    assert set(s.part) == {""} and not any("part" in u for u in s.to_dict()["units"].values())


def test_a_start_wires_the_rules_of_the_game_it_opens(tmp_path, monkeypatch):
    """``wire_rules_of``: a scenario's system, a save's (named in its head, the log unread); a
    file that cannot say is left to the open, which reports it."""
    from ddaydesk.engine import savefile, systems
    from ddaydesk.formats.scenariofile import load_scenario
    from tests.conftest import ROOT

    wired = []
    monkeypatch.setattr(systems, "rules_module", wired.append)
    utah = ROOT / "scenarios" / "utah-landing.yaml"
    systems.wire_rules_of(str(ROOT / "scenarios" / "dday2.yaml"))
    save = tmp_path / "g.ddaysave"
    savefile.save_game(Game(load_scenario(utah), seed=3), save)
    assert savefile.head_scenario(str(save))["id"] == "utah-landing"
    systems.wire_rules_of(str(save))
    assert wired == ["dd2", "fmu"]
    text = save.read_text(encoding="utf-8")
    for broken in (text.replace('"scenario": {', '"scenario": [', 1), text.replace('"path": "', '"path": 7, "x": "', 1),
                   "scenario: [", "{}"):
        save.write_text(broken, encoding="utf-8")
        systems.wire_rules_of(str(save))
    systems.wire_rules_of(str(tmp_path / "missing.yaml"))
    assert wired == ["dd2", "fmu"]
    assert savefile.head_scenario(str(utah)) is None
