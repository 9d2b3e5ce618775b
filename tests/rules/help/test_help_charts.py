"""Charts are drawn from the tables the engine reads: the CRT is the engine's own, a drop-in
correction shows as corrected, and every default value carries a mark that says why."""

from __future__ import annotations

import re
import shutil

import pytest

from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.combat.crt import load_crt
from ddaydesk.rules.confidence import _values
from ddaydesk.rules.help.chartkit import Context
from ddaydesk.rules.help.pages import RulesHelp
from ddaydesk.rules.help.search import plain
from ddaydesk.rules.tables import SHIPPED


def grid(markdown: str, first: str) -> list[list[str]]:
    """The rows of the Markdown table whose header starts with ``first``, cells as plain text."""
    rows, on = [], False
    for line in markdown.split("\n"):
        cells = [plain(c) for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if cells and cells[0] == first:
            on, rows = True, [cells]
        elif on and cells:
            if not set(line) <= set("|-: "):
                rows.append(cells)
        elif on:
            break
    return rows


@pytest.mark.parametrize("system", ["dday77", "fmu"])
def test_the_crt_chart_is_the_table_the_engine_uses(system):
    crt = load_crt(system)
    md = RulesHelp().page(f"{system}/chart/crt").markdown
    rows = grid(md, "Die")
    standard = crt.tables["standard"]
    assert [h.split("†")[0] for h in rows[0][1:]] == [c.label for c in standard.columns]
    for face in range(crt.die):
        assert rows[1 + face][1:] == [c.results[face] for c in standard.columns]
    for code, r in standard.results.items():  # the key gives every result code in words
        assert re.search(rf"\| \*\*{code}\*\* \| {re.escape(r.text)} \|", md), code


def test_a_corrected_crt_is_shown_as_corrected_with_the_changed_cells(user_data):
    mine = user_data / "rules" / "dday77" / "crt.yaml"
    mine.parent.mkdir(parents=True)
    text = (SHIPPED / "dday77" / "crt.yaml").read_text(encoding="utf-8")
    mine.write_text(text.replace('{odds: "3-1", results: [DE, EX, DB2, DB2, EX, DE]',
                                 '{odds: "3-1", results: [DE, DE, DB2, DB2, EX, DE]'), encoding="utf-8")
    assert load_crt("dday77").path == str(mine)  # the engine now plays the copy
    md = RulesHelp().page("dday77/chart/crt").markdown
    assert "Corrected table" in md and str(mine) in md
    three_one = [r[8] for r in grid(md, "Die")[1:]]
    assert three_one == ["DE", "DE", "DB2", "DB2", "EX", "DE"]
    assert md.count("background-color:#fde8b0") == 2  # the banner and the one changed cell


def _defaults(system: str, name: str, keys: tuple[str, ...] = ()) -> set[str]:
    doc = load_file(str(SHIPPED / system / f"{name}.yaml"))
    return {str(d["rule"]) for where, d in _values(doc, "") if d.get("confidence") == "default"
            and (not keys or where.split(".")[0].split("[")[0] in keys)}


def _footnoted(md: str) -> set[str]:
    return {r for line in md.split("\n") if "ddaydesk's default" in line
            for r in re.findall(r"\[([A-Z0-9-]+)\]\(rule:", line)}


@pytest.mark.parametrize(("system", "chart", "tables"), [
    ("dday77", "crt", [("crt", ())]),
    ("dday77", "terrain", [("terrain", ()), ("defence", ("terrain", "places", "hexsides"))]),
    ("dday77", "supply", [("supply", ())]),
    ("dday77", "sequence", [("sequence", ("setup", "phases"))]),
    ("dday77", "replacements", [("replacements", ())]),
    ("dday77", "reinforcements", [("reinforcements", ("allied", "german"))]),
    ("dday77", "units", [("movement", ("classes", "zoc")), ("stacking", ("limit", "not_counted"))]),
    ("pkd", "terrain", [("terrain", ("terrain",)), ("combat", ("defence",))]),
    ("fmu", "crt", [("crt", ())]),
    ("fmu", "terrain", [("terrain", ()), ("defence", ())]),
    ("fmu", "supply", [("supply", ())]),
    ("fmu", "support-fire", [("support", ("cups", "mines", "bombardment_range", "flak", "naval_gunfire"))]),
    ("fmu", "drop", [("scenario", ())]),
    ("dd2", "units", [("units", ())]),
    ("dd2", "dice", [("rules", ())]),
])
def test_every_default_value_of_a_chart_is_marked_and_the_mark_says_why(system, chart, tables):
    help_ = RulesHelp()
    md = help_.page(f"{system}/chart/{chart}").markdown
    wanted = set()
    for name, keys in tables:
        wanted |= _defaults(system, name, keys)
    if (system, chart) == ("fmu", "drop"):  # the drop chart shows the landing's drift values only
        wanted = {"FMU-AIRB-08"}
    assert wanted <= _footnoted(md), wanted - _footnoted(md)
    for rule in wanted:
        assert plain(help_.why(rule, system)).rstrip(".") in plain(md)


def test_printed_values_carry_no_mark():
    md = RulesHelp().page("dday77/chart/weather").markdown
    assert "†" not in md  # the weather chart and its effects are all printed (seed) values
    assert "| 25–32 | Clear | Rain | Mud | Mud | Snow | Snow |" in md


def test_supply_limits_and_the_worked_example_come_from_the_engine():
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.rules.supply import compute_supply
    from ddaydesk.rules.supply.adapter import from_scenario

    md = RulesHelp().page("dday77/chart/supply-example").markdown
    sc = load_scenario(default_scenario_path())
    result = compute_supply(from_scenario(sc))
    named = 0
    for uid, us in result.units.items():
        name = sc.units[sc.unit_index[uid]].name
        line = next((ln for ln in md.split("\n") if f"**{name}**" in ln), None)
        if line is None:
            continue
        named += 1
        assert ("**In supply.**" in line) == us.supplied
        for leg in us.chain:
            assert f"traces {leg.length} hex" in line and f"limit {leg.limit}" in line and leg.rule in line
    assert named >= 3


def test_the_options_of_this_game_are_shown_on_or_off():
    on = RulesHelp(Context("dday77", {"german_supply": True, "weather": False}))
    off = RulesHelp(Context("dday77", {"german_supply": False}))
    head = "### D77-SUP-08..11 — OB West: 10 hexes to it, 32 to the edge"
    assert f"{head} · *on in this game*" in on.page("dday77/04-supply").markdown
    assert f"{head} · *off in this game*" in off.page("dday77/04-supply").markdown
    assert "## Weather chart from turn 6 · *off in this game*" in on.page("dday77/options").markdown
    # standard (non-optional) rules carry no state
    assert "### STD-SUP-BLOCK-ENEMY, STD-SUP-BLOCK-EZOC, STD-SUP-BLOCK-TERRAIN — What blocks a line\n" in \
        on.page("dday77/04-supply").markdown


def test_every_chart_a_text_embeds_exists(user_data):
    help_ = RulesHelp()
    for system in help_.systems():
        for page in help_.pages(system):
            assert "(no " not in page.markdown or "chart for this game" not in page.markdown, page.key


def test_a_drop_in_table_for_another_system_does_not_leak(user_data):
    shutil.copytree(SHIPPED / "fmu", user_data / "rules" / "fmu")
    md = RulesHelp().page("dday77/chart/crt").markdown
    assert "Corrected table" not in md
    assert "Corrected table" in RulesHelp().page("fmu/chart/crt").markdown


@pytest.fixture
def fresh_supply_params():
    from ddaydesk.rules.supply.params import load_supply_params

    load_supply_params.cache_clear()
    yield load_supply_params
    load_supply_params.cache_clear()


def test_a_corrected_supply_table_is_read_by_the_supply_rules_and_shown_corrected(user_data, fresh_supply_params):
    mine = user_data / "rules" / "dday77" / "supply.yaml"
    mine.parent.mkdir(parents=True)
    text = (SHIPPED / "dday77" / "supply.yaml").read_text(encoding="utf-8")
    mine.write_text(text.replace("capacity:     {value: 12, rule: D77-SUP-04, confidence: seed}",
                                 "capacity:     {value: 11, rule: D77-SUP-04, confidence: seed}"), encoding="utf-8")
    assert fresh_supply_params("dday77")["german.hq_kinds.german_army.capacity"] == 11  # D77-SUP-04
    md = RulesHelp().page("dday77/chart/supply").markdown
    assert "Corrected table" in md
    assert "| Army HQ (standard) | 8 hexes ([D77-SUP-02](rule:D77-SUP-02)) | 24 hexes ([D77-SUP-03](rule:D77-SUP-03)) | " \
           "11 units ([D77-SUP-04](rule:D77-SUP-04)) |" in md


def test_the_utah_worked_example_is_what_the_supply_rules_trace():
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.rules.help.charts_supply import FMU_EXAMPLE
    from ddaydesk.rules.supply import SupplyInput, SupplyUnit, compute_supply

    sc = load_scenario(scenarios_dir() / "utah-landing.yaml")
    board = sc.board
    at = {u.id: u.hex for u in sc.units if u.hex >= 0} | {k: board.index(h) for k, h in FMU_EXAMPLE["units"].items()}
    result = compute_supply(SupplyInput(
        "fmu", board, [SupplyUnit(u.id, u.side, u.nationality, u.type, at[u.id]) for u in sc.units if u.id in at],
        turn=3, beachheads=tuple(board.index(h) for h in FMU_EXAMPLE["beachheads"]),
        beach_landing=tuple(p.place for p in board.places if p.kind == "beach_landing")))
    md = RulesHelp().page("fmu/chart/supply-example").markdown
    for uid in FMU_EXAMPLE["units"]:
        line = next(ln for ln in md.split("\n") if f"**{sc.units[sc.unit_index[uid]].name}**" in ln)
        assert ("**In supply.**" in line) == result.units[uid].supplied  # FMU-SUP-02..06
    assert "blocked at" in md and "FMU-SUP-04" in md  # the example shows a line cut by a zone of control


def test_koenigs_river_is_crossed_by_tracked_units_only_at_a_bridge():
    # STD-PKD-TEC: the hexside chart says so in words (was "+may not enter added")
    rows = grid(RulesHelp().page("pkd/chart/terrain").markdown, "Hexside")
    river = next(r for r in rows if r[0] == "River")
    assert river[1].startswith("+3 added") and river[2].startswith("may not cross but by a bridge")
