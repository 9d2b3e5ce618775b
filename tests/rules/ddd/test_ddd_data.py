"""D-Day Dice's data: the tables are tagged, Atlantikwall's components are there, the
Decoration deck keeps its ratio and the German has no Legendary cards, and the shipped Battle
Maps carry the facts the seed gives."""

from __future__ import annotations

import pytest

from ddaydesk.engine import legal_actions
from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.mapfile import load_map
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.confidence import untagged
from ddaydesk.rules.ddd.data import deck_ratio_problems, tables
from ddaydesk.rules.ddd.sectors import SectorMap
from ddaydesk.rules.tables import SHIPPED
from tests.conftest import ROOT
from tests.rules.ddd.conftest import MAPS, SCEN, new_game, rec

DATA = SHIPPED / "ddd"


@pytest.mark.parametrize("name", ["dice", "rwb", "procedure", "cards", "battle_maps", "sequence"])
def test_every_table_value_is_tagged(name):
    assert untagged(load_file(str(DATA / f"{name}.yaml")), name) == []


def test_atlantikwall_general_components():  # DDD-COMP-01
    t = tables()
    comp = t.components
    awards, vehicles = comp["awards"]["ids"], comp["vehicles"]["ids"]
    assert [t.cards[c].name for c in awards] == ["France and Germany Star", "Cross of Grunwald",
                                                "Médaille de la Résistance", "Army Medal for War"]
    assert [t.cards[c].name for c in vehicles] == ["Mine-Clearing Tank", "Tractor"]
    assert (comp["battle_maps"]["count"], comp["battle_maps"]["boards"]) == (6, 3)
    assert comp["battle_maps"]["named"] == ["N18 Exercise Fabius"]
    assert t.battle_map("ddd-exercise-fabius")["number"] == "N18"
    # added to their decks in any game, with or without a German
    for opts in ({}, {"atlantikwall": True}):
        r = rec(new_game("omaha", **opts))
        assert set(awards) <= set(r["awards"]["deck"]) and set(vehicles) <= set(r["pool"]["allied"])


def test_atlantikwall_defaults_to_exercise_fabius_but_plays_on_any_map():  # DDD-COMP-02
    sc = load_scenario(SCEN["atlantikwall"])
    assert sc.board.id == "ddd-exercise-fabius" and sc.options["atlantikwall"] is True
    for name in MAPS:
        assert rec(new_game(name, atlantikwall=True))["mode"] == "atlantikwall"


def test_the_decoration_deck_keeps_one_black_per_six():  # DDD-GER-42
    t = tables()
    base = [c for c in t.of_kind("decoration") if c.expansion == "base"]
    normal = [c for c in base if not c.black]
    black = [c for c in base if c.black]
    assert (len(normal), len(black)) == (18, 3) and deck_ratio_problems(base) == []
    assert deck_ratio_problems(normal[:12] + black[:2]) == []
    assert deck_ratio_problems(normal[:12] + black[:3])  # 3 Black for 12 normal: refused
    assert deck_ratio_problems(normal[:12] + black[:1])  # and 1 (the ratio is kept, not just bounded)
    anschluss = t.cards["anschluss_medal"]  # counts as a normal Decoration
    assert not anschluss.black and deck_ratio_problems([*normal[:11], anschluss, *black[:2]]) == []


def _drop_in(tmp_path, monkeypatch, edit):
    text = (DATA / "cards.yaml").read_text()
    path = tmp_path / "rules" / "ddd" / "cards.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(edit(text))
    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path))
    return path


def test_a_corrected_card_table_with_a_broken_ratio_is_refused_with_its_line(tmp_path, monkeypatch):  # DDD-GER-42
    path = _drop_in(tmp_path, monkeypatch, lambda t: t.replace(
        "id: iron_cross, name: Iron Cross, effect: gain", "id: iron_cross, name: Iron Cross, black: true, effect: gain"))
    with pytest.raises(FormatError) as err:
        tables()
    assert str(path) in str(err.value) and "need 2 Black ones" in str(err.value)


def test_the_german_has_no_legendary_cards(tmp_path, monkeypatch):  # DDD-GER-43
    path = _drop_in(tmp_path, monkeypatch, lambda t: t.replace(
        "id: pionier, name: Pionier, cost: 4,", "id: pionier, name: Pionier, class: legendary, cost: 4,"))
    with pytest.raises(FormatError, match="may not use Legendary") as err:
        tables()
    assert str(path) in str(err.value)


def test_an_allied_legendary_unit_may_face_the_german():  # DDD-GER-43
    text = SCEN["atlantikwall"].read_text().replace("nationality: us, type: unit", "nationality: us, type: legendary_unit")
    g = new_game_from_text(text)
    assert "german" in rec(g)["order"] and legal_actions(g.state, g.state.active)


def new_game_from_text(text):
    import tempfile
    from pathlib import Path

    from ddaydesk.engine import Game

    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / "s.yaml"
        p.write_text(text.replace("map: ddd-exercise-fabius", f"map: {ROOT / 'maps' / 'ddd-exercise-fabius.yaml'}"))
        return Game(load_scenario(p), seed=1)


def test_exercise_tiger_is_wave2s_map():
    sm = SectorMap.of(load_map(ROOT / "maps" / "ddd-exercise-tiger.yaml"))
    by = {s.label: s for s in sm.sectors.values()}
    assert [by[x].defence for x in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B")] == \
        [2, 4, 4, 6, 3, 6, 8, 8, 10, 10, 12]
    assert by["5"].requires == "corporal" and by["B"].final_bunker
    idx = sm.board.index
    line = sm.lines[(idx("7"), idx("9"))]
    assert (line.courage, line.mines) == (3, True)
    assert sm.lines[(idx("9"), idx("B"))].courage == 4 and not sm.lines[(idx("4"), idx("5"))].mines


def test_omaha_and_gold_carry_the_seeds_facts():
    sm = SectorMap.of(load_map(ROOT / "maps" / "ddd-omaha.yaml"))
    by = {s.label: s for s in sm.sectors.values()}
    assert by["8"].defence == 10 and by["9"].requires and by["9"].row == sm.top_row
    bunker = sm.board.index("B")
    assert (sm.board.index("9"), bunker) in sm.lines  # next to the Bunker
    for two_below in ("7", "8"):
        assert any((sm.board.index(two_below), j) in sm.lines and (j, bunker) in sm.lines for j in sm.sectors)
    gold = SectorMap.of(load_map(ROOT / "maps" / "ddd-gold.yaml"))
    assert len(gold.final_bunkers) == 2


def test_map_properties_are_checked_with_their_line(tmp_path):
    text = (ROOT / "maps" / "ddd-exercise-tiger.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("props: {row: 1, def: 2, start: true}", "props: {row: 1, def: -2, colour: red}"))
    with pytest.raises(FormatError) as err:
        load_map(bad)
    msgs = [(p.line, p.message) for p in err.value.problems]
    assert any("def: -2 is out of range" in msg for _line, msg in msgs)
    assert any("unknown key 'colour'" in msg for _line, msg in msgs)
    bad.write_text(text.replace('between: "7/9", props: {courage: 3}', 'between: "7/10", props: {courage: 3}')
                   .replace('between: "2/3", features: [mines]', 'between: "2/3", features: [wire]'))
    with pytest.raises(FormatError) as err:
        load_map(bad)
    msgs += [(p.line, p.message) for p in err.value.problems]
    assert any("7 and 10 are not adjacent" in msg for _line, msg in msgs)
    assert any("'wire' is not one of: mines, barrier" in msg for _line, msg in msgs)
    assert all(line > 0 for line, _msg in msgs)


def test_the_shipped_battle_maps_and_scenarios_pass_check(monkeypatch):
    from ddaydesk.cli import main

    monkeypatch.chdir(ROOT)
    files = sorted(str(p.relative_to(ROOT)) for p in (*ROOT.glob("maps/ddd-*.yaml"), *ROOT.glob("scenarios/ddd-*.yaml")))
    assert len(files) == 16 and main(["check", *files]) == 0


@pytest.mark.parametrize("props,refused", [
    pytest.param("def: 0", None, id="STD-DDD-DEF"),  # a Sector where no Soldier is lost
    pytest.param("def: -1", "def: -1 is out of range", id="STD-DDD-DEF-below"),
    pytest.param("mgf: 0", None, id="STD-DDD-MGF"),  # no machine gun
    pytest.param("mgf: -1", "mgf: -1 is out of range", id="STD-DDD-MGF-below"),
    pytest.param("bonus: soldiers", None, id="STD-DDD-SECTOR"),  # every bonus of the Final Tally
    pytest.param("bonus: tools", None, id="STD-DDD-SECTOR-tools"),
    pytest.param("bonus: skulls", "'skulls' is not one of", id="STD-DDD-SECTOR-other"),
])
def test_a_sectors_numbers_at_their_bounds(tmp_path, props, refused):
    # the properties a Battle Map's Sector may carry (system.yaml area_props): the least DEF
    # and machine guns (0: none) and the resources a Sector's bonus may be; one step below, or
    # another word, is refused at its line
    text = (ROOT / "maps" / "ddd-exercise-tiger.yaml").read_text()
    f = tmp_path / "m.yaml"
    f.write_text(text.replace("props: {row: 1, def: 2, start: true}", f"props: {{row: 1, start: true, {props}}}"))
    if refused is None:
        sector = SectorMap.of(load_map(f)).sectors[load_map(f).index("1")]
        key, value = props.split(": ")
        got = {"def": sector.defence, "mgf": sector.mgf, "bonus": sector.bonus}[key]
        assert str(got) == value
        return
    with pytest.raises(FormatError) as err:
        load_map(f)
    assert any(refused in p.message and p.line > 0 for p in err.value.problems)


@pytest.mark.parametrize("courage,refused", [(9, False), (10, True)])
def test_a_lines_courage_at_most_9_STD_DDD_MOVE(tmp_path, courage, refused):
    # STD-DDD-MOVE: the Courage an Advance across a line costs is printed 0-9 (border_props)
    text = (ROOT / "maps" / "ddd-exercise-tiger.yaml").read_text()
    f = tmp_path / "m.yaml"
    f.write_text(text.replace('between: "7/9", props: {courage: 3}', f'between: "7/9", props: {{courage: {courage}}}'))
    if refused:
        with pytest.raises(FormatError, match="out of range"):
            load_map(f)
    else:
        sm = SectorMap.of(load_map(f))
        assert sm.lines[(sm.board.index("7"), sm.board.index("9"))].courage == 9
