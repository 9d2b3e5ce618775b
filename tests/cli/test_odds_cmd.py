"""``ddaydesk odds``: strengths, column and distribution as JSON (docs/cli.md)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from ddaydesk.cli import main

TUTORIAL = str(Path(__file__).resolve().parents[2] / "scenarios" / "tutorial.yaml")


def run(capsys, *args: str) -> tuple[int, dict]:
    code = main(["odds", TUTORIAL, *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_odds_json(capsys):
    code, r = run(capsys, "--attackers", "ca-3-inf", "--target", "1308")
    assert code == 0 and r["legal"]
    assert r["attack"]["total"] == 4 and r["defence"]["total"] == 5
    assert r["attack"]["lines"][0] == {"rule": "STD-CRT", "text": "3rd Canadian Infantry Division: attack 4",
                                       "value": 4, "confidence": "seed"}
    assert r["column"]["label"] == "1-2" and r["column"]["results"] == ["DB2", "EX", "AB2", "AB2", "AE", "AE"]
    total = sum(Fraction(x["exact"]) for x in r["distribution"]["results"])
    assert total == 1
    assert {x["result"]: x["exact"] for x in r["distribution"]["results"]}["AE"] == "1/3"


def test_odds_refusal_exits_1(capsys):
    code, r = run(capsys, "--attackers", "us-1-inf", "--target", "0909")
    assert code == 1 and not r["legal"] and r["distribution"] is None
    assert r["refusals"][0]["reason"] == "us-1-inf is not adjacent to the target hex"


def test_odds_support_parsing_and_bad_items(capsys):
    code, r = run(capsys, "--attackers", "ca-3-inf", "--target", "1308", "--support", "cas=2")
    assert code == 1 and {x["rule"] for x in r["refusals"]} == {"D77-AIR-02"}  # tactical air option is off
    assert main(["odds", TUTORIAL, "--attackers", "ca-3-inf", "--target", "1308", "--support", "nbp=x"]) == 2
    assert "expected a whole number" in capsys.readouterr().out
    assert main(["odds", TUTORIAL, "--attackers", "ca-3-inf", "--target", "9999"]) == 2


def test_odds_text_output(capsys):
    assert main(["odds", TUTORIAL, "--attackers", "ca-3-inf", "--target", "1308"]) == 0
    out = capsys.readouterr().out
    assert "column: 1-2" in out and "AE" in out


def test_odds_bad_scenario_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nid: x\n")
    assert main(["odds", str(bad), "--attackers", "a", "--target", "0101"]) == 1
    assert "bad.yaml:1:1: scenario: missing key" in capsys.readouterr().out
    assert main(["odds", str(tmp_path / "game.json"), "--attackers", "a", "--target", "0101"]) == 1
    assert "game.json:1:1: cannot read" in capsys.readouterr().out


def test_odds_reads_a_save_at_its_current_position(tmp_path, capsys):
    from ddaydesk.engine import EndPhase, Game, legal_actions, save_game
    from ddaydesk.formats.scenariofile import load_scenario
    from tests.rules.combat.conftest import D77_CONTACT

    g = Game(load_scenario(D77_CONTACT), 0)
    while g.state.phase != "allied.combat":  # through the air and movement phases
        g.do(EndPhase("allied"))
    # a Tac Air attack spends factors: the save's pools are what odds reads
    g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "attack"))
    g.do(next(a for a in legal_actions(g.state, "allied") if a.kind == "resolve_combat" and a.cas == 3))
    path = tmp_path / "g.json"
    save_game(g, path)
    code = main(["odds", str(path), "--attackers", "a-inf", "--target", "0504", "--support", "cas=2", "--json"])
    r = json.loads(capsys.readouterr().out)
    assert r["game"] == {"turn": 1, "phase": "allied.combat", "actions": 4}
    assert r["pools"]["air_left"] == 7  # 10 less the 3 spent
    assert r["attack"]["total"] == 4 + 2
    # the attack eliminated the defender: the save's position, not the scenario's start
    assert code == 1 and "there is no enemy unit in the target hex" in [x["reason"] for x in r["refusals"]]


def test_odds_lists_support_limits(capsys):
    code, r = run(capsys, "--attackers", "ca-3-inf", "--target", "1308")
    assert r["support_limits"]["cas_max"] == 0
    assert any("D77-AIR-02" in x for x in r["support_limits"]["why_not"]["cas"])


def test_odds_of_a_bombardment_STD_FM_BOMB(capsys):
    utah = str(Path(TUTORIAL).with_name("utah-landing.yaml"))
    code = main(["odds", utah, "--target", "1709", "--kind", "bombardment", "--support", "draw=allied_air",
                 "--json"])
    r = json.loads(capsys.readouterr().out)
    assert code == 0 and r["legal"] and r["attackers"] == [] and r["attack"]["total"] == 0
    assert r["defence"]["total"] == 5 and r["markers_to_draw"]["attacker"] == ["allied_air"]
    assert r["support_limits"]["cups"] == {"allied_air": 7, "allied_ground": 13}  # the Allies' own cups
    assert sum(Fraction(x["exact"]) for x in r["distribution"]["results"]) == 1
    code = main(["odds", utah, "--target", "1709", "--kind", "bombardment", "--json"])
    r = json.loads(capsys.readouterr().out)
    assert code == 1 and "one or two" in r["refusals"][0]["reason"]  # the markers make the attack
