"""Rules tables (terrain, movement, weather, sequence) load with rule tags, and a broken
table is refused naming file:line:col."""

from __future__ import annotations

import pytest

from ddaydesk.engine import sequence, tables
from ddaydesk.engine.tables import SCALE, load_move_rules
from ddaydesk.formats.errors import FormatError
from ddaydesk.rules.systems import load_system


def test_shipped_tables_load():
    r = load_move_rules("dday77")
    assert r.classes == ("foot", "mech")
    assert r.entry_cost["woods"] == (2 * SCALE, 2 * SCALE)
    assert {h.feature: h.replace for h in r.hexsides} == {"river": False, "major_river": False, "road": True}
    assert r.stack_limit == 3 and r.armoured_zoc.stopped_by == {"armour", "mechanised"}
    f = load_move_rules("fmu")
    assert f.entry_cost["flooded"][f.classes.index("mobile")] is None and f.stack_limit == 1


@pytest.fixture
def broken(tmp_path, monkeypatch):
    """Edits a user drop-in copy of a dday77 table (rules/tables.py: the user's corrected copy
    replaces the shipped file), which the loaders then read."""
    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path))
    folder = tmp_path / "rules" / "dday77"
    folder.mkdir(parents=True)
    tables.load_move_rules.cache_clear()
    sequence.load_sequence.cache_clear()

    def edit(name, old, new):
        path = folder / name
        text = (load_system("dday77").folder / name).read_text()
        assert old in text
        path.write_text(text.replace(old, new, 1))
        return str(path)

    yield edit
    tables.load_move_rules.cache_clear()
    sequence.load_sequence.cache_clear()


def test_a_users_corrected_table_replaces_the_shipped_one(broken):
    broken("terrain.yaml", "woods:     {foot: 2, mech: 2,", "woods:     {foot: 3, mech: 2.5,")
    assert load_move_rules("dday77").entry_cost["woods"] == (3 * SCALE, 5)


def test_stacking_comes_from_the_stacking_table(broken):
    # STD-STACK-01/02 (dday77/stacking.yaml), shared with set-up and retreats
    broken("stacking.yaml", "{value: 3,", "{value: 2,")
    assert load_move_rules("dday77").stack_limit == 2
    assert load_move_rules("dday77").stack_exempt == {"hq"}


def test_a_cost_that_is_not_a_half_step_is_refused(broken):
    path = broken("terrain.yaml", "woods:     {foot: 2,", "woods:     {foot: 0.3,")
    with pytest.raises(FormatError) as exc:
        load_move_rules("dday77")
    (p,) = exc.value.problems
    assert p.path == path and p.line > 1 and "steps of 1/2 MP" in p.message


@pytest.mark.parametrize("old, new", [("woods:     {foot: 2,", "woods:     {foot: 0,"),
                                      ("road:        {mode: replace, foot: 0.5,", "road:        {mode: replace, foot: 0,")])
def test_a_free_step_is_refused(broken, old, new):
    """Every step costs something: the search settles places in order of cost and finds a
    path's steps back from the costs (engine/search.py)."""
    path = broken("terrain.yaml", old, new)
    with pytest.raises(FormatError) as exc:
        load_move_rules("dday77")
    (p,) = exc.value.problems
    assert p.path == path and p.line > 1 and "a step costs at least 1/2 MP, found 0" in p.message


def test_a_hexside_that_adds_nothing_is_accepted(broken):
    broken("terrain.yaml", "river:       {mode: add, foot: 1,", "river:       {mode: add, foot: 0,")
    assert load_move_rules("dday77").hexsides[0].cost[0] == 0


def test_a_passable_terrain_without_cost_is_refused(broken):
    broken("terrain.yaml", "  mountain:  {foot: 3, mech: 3, rule: STD-TEC, confidence: default}\n", "")
    with pytest.raises(FormatError, match="passable terrain 'mountain' has no movement cost"):
        load_move_rules("dday77")


def test_a_unit_type_without_movement_class_is_refused(broken):
    broken("movement.yaml", "hq, artillery", "artillery")
    with pytest.raises(FormatError, match="unit type 'hq' has no movement class"):
        load_move_rules("dday77")


def test_a_value_without_rule_tag_is_refused(broken):
    broken("movement.yaml", "rule: STD-ZOC, confidence: default,", "")
    with pytest.raises(FormatError, match="zoc: missing key 'rule'"):
        load_move_rules("dday77")


def test_a_sequence_phase_with_an_unknown_side_is_refused(broken):
    path = broken("sequence.yaml", "{id: allied.combat, side: allied,", "{id: allied.combat, side: soviet,")
    with pytest.raises(FormatError) as exc:
        sequence.load_sequence("dday77")
    (p,) = exc.value.problems
    assert p.path == path and "'soviet' is not one of" in p.message


@pytest.mark.parametrize("system,groups", [
    ("dday77", {"foot": ["infantry", "parachute", "glider", "static", "hq", "artillery", "anti_aircraft", "anti_tank",
                         "fortress", "commando"], "mech": ["armour", "mechanised"]}),
    ("fmu", {"leg": ["infantry", "parachute", "glider", "engineer", "static", "hq", "artillery"],
             "mobile": ["armour", "mechanised", "anti_tank", "anti_aircraft", "recon"]}),
])
def test_every_unit_type_moves_in_its_class_STD_MOV(system, groups):
    # STD-MOV, our documented default (the systems' movement rules are not public): the
    # movement class each unit type pays its terrain costs in; the first and the last type of
    # each class too
    rules = load_move_rules(system)
    assert {t: rules.classes[rules.class_of_type[t]] for ts in groups.values() for t in ts} == \
        {t: cls for cls, ts in groups.items() for t in ts}
