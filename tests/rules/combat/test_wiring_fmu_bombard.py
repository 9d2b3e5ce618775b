"""Fire & Movement bombardment through the action log (STD-FM-BOMB, our default): support fire
markers alone against an enemy unit, their reach, the beach stack's target, the Mines marker,
flak, the result and the once-a-phase rule."""

from __future__ import annotations

import json

import pytest

from ddaydesk.engine import (
    EndPhase,
    Game,
    IllegalAction,
    apply,
    legal_actions,
    load_game,
    save_game,
)
from ddaydesk.formats.errors import FormatError
from ddaydesk.rules.combat.actions import DeclareAttack, ResolveCombat
from ddaydesk.rules.combat.distribution import outcome_distribution
from ddaydesk.rules.combat.model import Declaration, Support
from ddaydesk.rules.combat.strength import assess
from tests.engine.conftest import at
from tests.rules.combat.conftest import first, game_at, seeded_result


def bombardments(g, side):
    return [a for a in legal_actions(g.state, side) if a.kind == "attack" and a.mode == "bombardment"]


def rolls(g, side):
    return [a for a in legal_actions(g.state, side) if a.kind == "resolve_combat"]


def test_german_markers_bombard_within_two_hexes_of_a_german_unit_FMU_SFM_05(fmusc):
    b = fmusc.board
    units = {"g-leg": "0603", "a-leg": "0403", "a-mob": "0303"}
    assert b.distance(at(fmusc, "0603"), at(fmusc, "0403")) == 2
    assert b.distance(at(fmusc, "0603"), at(fmusc, "0303")) == 3
    g = game_at(fmusc, units, phase="german.combat", turn=2)
    assert {b.labels[a.target] for a in bombardments(g, "german")} == {"0403"}
    with pytest.raises(IllegalAction, match="FMU-SFM-05"):
        apply(g.state, DeclareAttack("german", (), at(fmusc, "0303"), "bombardment"))
    g.do(DeclareAttack("german", (), at(fmusc, "0403"), "bombardment"))
    assert g.state.active == "german"  # the bombarded side draws nothing: straight to the roll
    assert {a.draws for a in rolls(g, "german")} == {("german",), ("german", "german")}  # 1 or 2 (FMU-SFM-02)
    with pytest.raises(IllegalAction, match="one or two"):
        apply(g.state, ResolveCombat("german", mines_policy="redraw"))


def test_allied_ground_markers_reach_two_hexes_aircraft_markers_anywhere_FMU_SFM_10_11(fmusc):
    units = {"a-mob": "0301", "g-leg": "0305", "g-mob": "0605"}
    g = game_at(fmusc, units, phase="allied.combat", turn=2)
    b = fmusc.board
    assert b.distance(at(fmusc, "0301"), at(fmusc, "0605")) > 2
    g.do(first(bombardments(g, "allied"), "attack", target=at(fmusc, "0605")))
    assert {a.draws for a in rolls(g, "allied")} == {("allied_air",), ("allied_air", "allied_air")}
    with pytest.raises(IllegalAction, match="FMU-SFM-10"):
        apply(g.state, ResolveCombat("allied", draws=("allied_ground",)))
    ch = g.do(ResolveCombat("allied", draws=("allied_air", "allied_air")))
    purposes = [r.purpose for r in ch.dice]
    assert purposes[:2] == ["allied marker draw for the combat at 0605"] * 2
    assert purposes[2].startswith("combat at 0605: ")  # the marker total against the defence
    assert len(g.state.extra["combat"]["cups"]["allied_air"]) == 5
    assert g.state.extra["combat"]["pending"] is None  # nothing to choose afterwards


@pytest.mark.parametrize("code, lost", [("NE", 0), ("A1", 0), ("D1", 1), ("D2", 1)])
def test_a_bombardment_costs_the_target_one_step_or_nothing_STD_FM_BOMB(fmusc, code, lost):
    # STD-FM-BOMB, our default: NE and A1 do nothing; any other result costs one step, no retreat
    def make(seed):
        return game_at(fmusc, {"a-mob": "0303", "g-leg": "0403"}, phase="allied.combat", turn=2, seed=seed)

    def declare(g):
        g.do(DeclareAttack("allied", (), at(fmusc, "0403"), "bombardment"))

    g = seeded_result(make, declare, code)
    k = g.state.unit("g-leg")
    assert g.state.steps_lost[k] == lost and g.state.place[k] == at(fmusc, "0403")
    assert g.state.steps_lost[g.state.unit("a-mob")] == 0
    assert g.state.extra["combat"]["pending"] is None


def test_a_hex_is_bombarded_or_attacked_once_a_phase_STD_COMBAT(fmusc):
    g = game_at(fmusc, {"a-mob": "0303", "g-leg": "0403", "g-leg2": "0402"}, phase="allied.combat", turn=2)
    g.do(DeclareAttack("allied", (), at(fmusc, "0403"), "bombardment"))
    g.do(first(rolls(g, "allied"), "resolve_combat"))
    assert at(fmusc, "0403") not in {a.target for a in legal_actions(g.state, "allied") if a.kind == "attack"}
    with pytest.raises(IllegalAction, match="once"):
        apply(g.state, DeclareAttack("allied", ("a-mob",), at(fmusc, "0403")))
    g.do(DeclareAttack("allied", ("a-mob",), at(fmusc, "0402")))
    while g.state.extra["combat"]["pending"]:
        g.do(legal_actions(g.state, g.state.active)[0])
    with pytest.raises(IllegalAction, match="once"):
        apply(g.state, DeclareAttack("allied", (), at(fmusc, "0402"), "bombardment"))


def test_no_bombardment_in_the_mobile_combat_phase_or_with_units(fmusc):
    g = game_at(fmusc, {"a-mob": "0303", "g-leg": "0403"}, phase="allied.mobile_combat", turn=2)
    assert not bombardments(g, "allied")
    with pytest.raises(IllegalAction, match="STD-FM-BOMB"):
        apply(g.state, DeclareAttack("allied", (), at(fmusc, "0403"), "bombardment"))
    g = game_at(fmusc, {"a-mob": "0303", "g-leg": "0403"}, phase="allied.combat", turn=2)
    with pytest.raises(IllegalAction, match="alone"):
        apply(g.state, DeclareAttack("allied", ("a-mob",), at(fmusc, "0403"), "bombardment"))
    with pytest.raises(IllegalAction, match="FMU-BEACH-07"):
        apply(g.state, DeclareAttack("allied", ("a-mob",), at(fmusc, "0403"), "normal", "g-leg"))


def test_the_german_picks_the_unit_hit_in_a_beach_stack_FMU_BEACH_07(fmusc):
    units = {"a-leg": "0203", "a-leg2": "0203", "g-leg": "0303"}

    def make(seed):
        return game_at(fmusc, units, phase="german.combat", turn=2, seed=seed)

    g = make(1)
    assert {a.hit for a in bombardments(g, "german")} == {"a-leg", "a-leg2"}
    with pytest.raises(IllegalAction, match="FMU-BEACH-07"):
        apply(g.state, DeclareAttack("german", (), at(fmusc, "0203"), "bombardment"))
    g = seeded_result(make, lambda g: g.do(DeclareAttack("german", (), at(fmusc, "0203"), "bombardment",
                                                         "a-leg2")), "D1")
    assert g.state.steps_lost[g.state.unit("a-leg2")] == 1 and g.state.steps_lost[g.state.unit("a-leg")] == 0


def test_a_drawn_mines_marker_is_set_aside_and_another_drawn_FMU_SFM_03(fmusc):
    g = game_at(fmusc, {"g-leg": "0403", "a-mob": "0303"}, phase="german.combat", turn=2)
    g.do(DeclareAttack("german", (), at(fmusc, "0303"), "bombardment"))
    assert {a.mines_policy for a in rolls(g, "german")} == {"redraw"}
    with pytest.raises(IllegalAction, match="FMU-SFM-03"):
        apply(g.state, ResolveCombat("german", draws=("german",), mines_policy="use"))
    with pytest.raises(IllegalAction, match="FMU-SFM-03"):
        apply(g.state, ResolveCombat("german", draws=("german",), mines=True, mines_policy="redraw"))
    for seed in range(200):  # a seed whose draws meet the Mines marker: aside, then another drawn
        g = game_at(fmusc, {"g-leg": "0403", "a-mob": "0303"}, phase="german.combat", turn=2, seed=seed)
        g.do(DeclareAttack("german", (), at(fmusc, "0303"), "bombardment"))
        ch = g.do(ResolveCombat("german", draws=("german", "german"), mines_policy="redraw"))
        if g.state.extra["combat"]["mines_aside"]:
            break
    assert g.state.extra["combat"]["mines_aside"]["id"] == "mines"
    assert len(ch.dice) == 4  # three draws (one of them the Mines marker), then the die
    assert "markers german +" in ch.notes[0] and "mines" not in ch.notes[0]


def test_flak_halves_aircraft_markers_in_a_bombardment_FMU_FLAK_01(fmu):
    fmu.unit("g", "german", "0404", 2, 2)
    fmu.unit("aa", "german", "0405", 1, 1, type="anti_aircraft")
    fmu.unit("a", "allied", "0101", 2, 2)
    t = fmu.board.index("0404")
    decl = Declaration((), t, kind="bombardment", support=Support(attacker_draws=("allied_air",)), side="allied")
    flak = outcome_distribution(assess(fmu.sit(), decl), fmu.sit().pools.cups)
    clear = outcome_distribution(assess(fmu.sit(options={"flak": False}), decl), fmu.sit().pools.cups)
    assert sorted(clear.attacker_markers) == [5, 8, 10] and sorted(flak.attacker_markers) == [3, 4, 5]


def test_a_bombardment_is_saved_and_an_illegal_one_refused_with_its_line(fmusc, tmp_path):
    from ddaydesk.engine.savefile import actions_digest

    g = Game(fmusc, 1)
    g.do(EndPhase("allied"))  # to the Allied combat phase of GT 1
    g.do(DeclareAttack("allied", (), at(fmusc, "0403"), "bombardment"))
    g.do(ResolveCombat("allied", draws=("allied_ground",)))
    path = tmp_path / "g.json"
    save_game(g, path)
    assert load_game(path, fmusc).state.state_hash() == g.state.state_hash()
    text = path.read_text()
    doc = json.loads(text)
    lines = text.splitlines()
    n = next(i for i, line in enumerate(lines) if '"bombardment"' in line)
    bad = {**doc["actions"][1], "attackers": ["a-mob"]}
    lines[n] = "    " + json.dumps(bad, sort_keys=True) + ","
    doc["actions"][1] = bad
    path.write_text("\n".join(lines).replace(doc["actions_sha256"], actions_digest(doc["actions"])) + "\n")
    with pytest.raises(FormatError) as exc:
        load_game(path, fmusc)
    (p,) = exc.value.problems
    assert "alone" in p.message and p.line == n + 1


def test_the_log_tells_a_bombardment_in_a_wargamer_s_words(fmusc):
    from ddaydesk.rules.combat.words import log_text

    g = Game(fmusc, 3)
    g.do(EndPhase("allied"))
    decl = DeclareAttack("allied", (), at(fmusc, "0403"), "bombardment")
    before, ch = g.state, g.do(decl)
    assert log_text(fmusc, decl, before, ch) == "Allied bombardment of 0403 declared (STD-FM-BOMB)"
    roll = ResolveCombat("allied", draws=("allied_air", "allied_ground"))
    before, ch = g.state, g.do(roll)
    text = log_text(fmusc, roll, before, ch)
    note = ch.notes[0]  # combat at 0403: <column> → <code> (<attack>:4, die <n>; markers ...)
    code = note.split(" → ")[1].split()[0]
    assert text.startswith("Allied bombardment of 0403: +") and " drawn, " in text and " vs 4 = +" in text
    assert text.endswith(f": {code}, g-leg loses a step") == (code not in ("NE", "A1"))


def test_a_lone_unit_is_bombarded_unnamed_as_listed_FMU_BEACH_07(fmusc):
    # listed means legal: a lone unit's bombardment is listed with no unit named, so one that
    # names it is refused (it was accepted: a second, unlisted form of the same bombardment)
    units = {"g-leg": "0603", "a-leg": "0403"}
    g = game_at(fmusc, units, phase="german.combat", turn=2)
    t = at(fmusc, "0403")
    assert [a.hit for a in bombardments(g, "german") if a.target == t] == [""]
    with pytest.raises(IllegalAction, match="FMU-BEACH-07"):
        apply(g.state, DeclareAttack("german", (), t, "bombardment", "a-leg"))
    g.do(DeclareAttack("german", (), t, "bombardment"))
