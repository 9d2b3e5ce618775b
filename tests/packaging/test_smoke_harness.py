"""The frozen-app smoke test judges what the frozen app printed correctly (the run itself
happens in python3 packaging/build.py)."""

from __future__ import annotations

import json
from pathlib import Path


def listing(*entries: dict) -> str:
    return json.dumps(list(entries))


def test_scenarios_read_from_the_bundle_pass(script, tmp_path):
    smoke = script("smoke")
    out = listing({"id": "tutorial", "ok": True, "path": str(tmp_path / "scenarios/t.yaml")})
    assert smoke._scenarios_expectation(out, tmp_path) is None


def test_scenarios_read_from_the_source_tree_fail(script, tmp_path):
    smoke = script("smoke")
    elsewhere = Path(__file__).resolve().parents[2] / "scenarios" / "tutorial.yaml"
    out = listing({"id": "tutorial", "ok": True, "path": str(elsewhere)})
    assert "outside the bundle" in smoke._scenarios_expectation(out, tmp_path / "bundle")


def test_broken_or_missing_scenarios_fail(script, tmp_path):
    smoke = script("smoke")
    broken = listing({"id": "x", "ok": False, "path": str(tmp_path / "x.yaml")})
    assert smoke._scenarios_expectation(broken, tmp_path) == "broken scenarios: ['x']"
    assert "no bundled scenario" in smoke._scenarios_expectation("[]", tmp_path)
    assert "not JSON" in smoke._scenarios_expectation("Traceback ...", tmp_path)


def test_clean_env_hides_the_developer_python_and_forces_offscreen(script, tmp_path, monkeypatch):
    smoke = script("smoke")
    monkeypatch.setenv("PYTHONPATH", "/somewhere")
    monkeypatch.setenv("QT_PLUGIN_PATH", "/qt")
    env = smoke.clean_env(tmp_path)
    assert "PYTHONPATH" not in env and "QT_PLUGIN_PATH" not in env
    assert env["QT_QPA_PLATFORM"] == "offscreen" and env["HOME"] == str(tmp_path)


def test_a_failed_check_fails_the_result(script):
    smoke = script("smoke")
    result = smoke.SmokeResult(checks=[("a", True, ""), ("b", False, "exit 1")])
    assert not result.ok
    assert not smoke.SmokeResult().ok  # nothing checked is not a pass
