"""``ddaydesk moves`` and ``ddaydesk replay``."""

from __future__ import annotations

import json

from ddaydesk.cli import main
from ddaydesk.engine import EndPhase, Game, Move, save_game
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import DATA, ROOT

SMALL = DATA / "engine" / "small_scenario.yaml"


def test_moves_json_lists_reachable_hexes_with_cost_and_path(capsys):
    assert main(["moves", str(SMALL), "a-inf", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["from"] == "0101" and out["mp"] == 4 and out["can_move_now"]
    by_hex = {p["hex"]: p for p in out["reachable"]}
    assert by_hex["0202"]["cost"] == 3 and by_hex["0202"]["path"][0] == "0101"
    assert "0101" not in by_hex


def test_moves_from_a_save_uses_the_saved_position(tmp_path, capsys):
    sc = load_scenario(SMALL)
    g = Game(sc, 1)
    g.do(Move("allied", "a-inf", sc.board.index("0303")))
    save = tmp_path / "g.json"
    save_game(g, save)
    assert main(["moves", str(save), "a-inf"]) == 0
    out = capsys.readouterr().out
    assert "a-inf at 0303" in out and "already moved" in out


def test_moves_reports_an_unknown_unit(capsys):
    assert main(["moves", str(ROOT / "scenarios" / "tutorial.yaml"), "nobody"]) == 1
    assert "no unit 'nobody'" in capsys.readouterr().out


def test_replay_verify_and_tampering(tmp_path, capsys):
    sc = load_scenario(SMALL)
    g = Game(sc, 1)
    g.do(Move("allied", "a-inf", sc.board.index("0303")))
    g.do(EndPhase("allied"))
    save = tmp_path / "g.json"
    save_game(g, save)
    assert main(["replay", str(save), "--verify"]) == 0
    assert capsys.readouterr().out.startswith(f"ok: {save}: 2 actions")
    assert main(["replay", str(save), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["steps"][0]["changes"]["moved"][0]["to"] == "0303"
    save.write_text(save.read_text().replace('"0303"', '"0304"'))
    assert main(["replay", str(save), "--verify"]) == 1
    assert "does not match its checksum" in capsys.readouterr().out
