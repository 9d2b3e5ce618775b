"""What Koenig's panels read and ask through the port (``GameView.extra``, ``port.ask``,
``port.perform``): the cup before and after it is filled, the Operations, the attacks open,
the exact odds of any group, a declaration the engine judges, and Caen named once on the map."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ddaydesk.engine")

from ddaydesk.engine import Game, current_phase, legal_actions  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.rules.pkd import FireAttack, preview  # noqa: E402
from ddaydesk.rules.pkd.cup import cup_contents  # noqa: E402
from ddaydesk.rules.pkd.records import rec  # noqa: E402
from ddaydesk.ui.engine_port import EnginePort  # noqa: E402
from ddaydesk.ui.port import PortError  # noqa: E402

SWORD = Path(__file__).resolve().parents[2] / "scenarios" / "sword.yaml"


def _port(seed=4, **options):
    return EnginePort(Game(load_scenario(SWORD), seed, {"interdiction": False, **options}))


def test_the_cup_before_the_command_phase_holds_the_chits_to_go_in():
    port = EnginePort(Game(load_scenario(SWORD), 3))  # interdiction on: the window before the first draw
    kv = port.view("allied").extra
    assert kv.phase == "interdiction" and not kv.cup_filled and kv.acting is None
    assert [c.formation for c in kv.cup] == cup_contents(port.game.state) and len(kv.cup) == 4
    port.end_phase()
    kv = port.view("german").extra  # either side sees it: nothing in Koenig is hidden
    assert kv.cup_filled and len(kv.cup) == 3 and [c.formation for c in kv.drawn] == rec(port.game.state)["drawn"]


def test_operations_and_the_attacks_open_come_from_the_rules():
    port = _port()
    kv = port.view("allied").extra
    assert [o.id for o in kv.operations] == ["move", "fire", "combined", "rest_refit"]
    assert all(o.action is not None and o.rule for o in kv.operations) and kv.targets == ()
    no_refit = _port(rest_refit=False).view("allied").extra
    assert "rest_refit" not in [o.id for o in no_refit.operations]
    port.perform(kv.operations[1].action)
    kv = port.view("allied").extra
    listed = [a for a in legal_actions(port.game.state, "allied", ("fire_attack",)) if not a.support]
    assert {(t.place, t.attackers) for t in kv.targets} == {(a.target, a.attackers) for a in listed}
    assert all(t.title == "Full Fire" for t in kv.targets)


def test_the_odds_of_any_group_are_the_engines_and_its_declaration_is_judged_by_it():
    port = _port()
    port.perform(port.view("allied").extra.operations[1].action)
    board = port.board
    t = board.index("0911")
    odds = port.ask("odds", kind="fire", target=t, attackers=("gb-13para",), support=1)
    exact = preview(port.game.state, FireAttack("allied", ("gb-13para",), t, (), 1))
    assert odds.legal and (odds.attack, odds.defence, odds.column) == (exact.attack, exact.defence, exact.column)
    assert odds.distribution == tuple((c, float(p)) for c, _w, p in exact.results)
    assert [f[1] for f in odds.faces] and len(odds.faces) == 6 and odds.answer_first
    far = port.ask("odds", kind="fire", target=board.index("0604"), attackers=("gb-13para",))
    assert not far.legal and "13th Parachute Battalion" in far.refusal  # in names
    n = len(port.game.log)
    port.perform(odds.action)  # one unit of the two the dock lists: the engine accepts it
    assert port.game.log[n].attackers == ("gb-13para",) and rec(port.game.state)["battle"]["stage"] == "answer"
    with pytest.raises(PortError):
        port.perform(FireAttack("allied", ("gb-9para",), board.index("0604")))  # held: the battle waits
    assert len(port.game.log) == n + 1
    answer = port.ask("answer", support=1)
    assert answer.legal and answer.defence == odds.defence + 1 and answer.action.support == 1
    with pytest.raises(PortError):
        port.ask("weather")


def test_a_listed_line_is_asked_back_as_the_declaration_it_stands_for():
    port = _port()
    port.perform(port.view("allied").extra.operations[0].action)  # Move: Close Combats are listed
    state = port.game.state
    acts = legal_actions(state, state.active, [k for k in current_phase(state).actions if k not in ("move", "end_phase")])
    k = next(i for i, a in enumerate(acts) if a.kind == "close_combat" and a.support)
    got = port.ask("listed", index=k)
    assert got == {"kind": "close_combat", "target": acts[k].target, "attackers": acts[k].attackers, "indirect": (),
                   "support": acts[k].support, "corps": False}
    assert port.ask("listed", index=next(i for i, a in enumerate(acts) if a.kind != "close_combat")) is None


def test_caen_is_named_once_on_the_sword_map_at_every_zoom(qtbot):
    from ddaydesk.ui.geometry import BoardGeometry
    from ddaydesk.ui.labels import LabelPlanner

    board = load_scenario(SWORD).board
    geom = BoardGeometry(board)
    planner = LabelPlanner(board, geom, geom.rect)
    caen = [board.index(h) for h in ("0214", "0313", "0314", "0315", "0413")]
    for level in (0.5, 0.8, 1.0, 1.6, 2.4):
        for stacks in ({}, {p: 2 for p in caen}, {caen[2]: 1, caen[0]: 2}):
            names = [lb.name for lb in planner.plan(level, stacks)]
            assert names.count("Caen") == 1, (level, stacks)
