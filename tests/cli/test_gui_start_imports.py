"""What a start of the window loads before its first frame (``ddaydesk SCENARIO --smoke``, a
real process): the rules of the system it opens and no other's (engine.systems.PLUGINS names
the shared procedures each system wires), and of combat nothing but the light limits every
listing of moves asks (the rest is wired by name and imported when first asked), nor D-Day
'77's landing, arrivals and Supply Centres rules; no supply calculator (the marks come after
the first paint); no YAML parser once the files' readings are kept (formats/yamlmarks.py);
no OpenSSL library (ddaydesk/digest.py); no movement tables where a system has none. So a
start that grows slower by importing what it does not use fails here, not only in a
benchmark."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from ddaydesk.engine.systems import PLUGINS
from ddaydesk.formats.scenariofile import load_scenario
from tests.conftest import ROOT

SYSTEMS = ("dday77", "fmu", "dd2", "pkd", "ddd")
SCENARIOS = {"dday77": "tutorial", "fmu": "utah-landing", "dd2": "dday2", "pkd": "sword", "ddd": "ddd-omaha"}
# D-Day '77's combat procedure, which only the systems wiring ddaydesk.rules.combat use
# (Koenig's rules share its CRT and odds modules, not these)
COMBAT_PROCEDURE = ("wiring", "flow", "choices", "automatic", "auto_victory", "obligations", "attackers",
                    "actions", "state_adapter", "results", "retreat", "ledger", "limits", "words")


def _modules_before_first_frame(scenario: str, cache) -> set[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DDAYDESK_CACHE=str(cache))
    cmd = [sys.executable, "-m", "ddaydesk", str(ROOT / "scenarios" / f"{scenario}.yaml"), "--smoke"]
    subprocess.run(cmd, check=True, capture_output=True, env=env)  # the first start keeps what it read
    out = subprocess.run([sys.executable, "-X", "importtime", *cmd[1:]], check=True, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    before = out[:out.index("first frame:")]
    return set(re.findall(r"^import time:.*\|\s*(\S+)$", before, re.M))


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_start_loads_its_own_systems_rules_only(system, tmp_path):
    scenario = SCENARIOS[system]
    assert load_scenario(ROOT / "scenarios" / f"{scenario}.yaml").system.id == system
    loaded = _modules_before_first_frame(scenario, tmp_path)
    assert any(m.startswith(f"ddaydesk.rules.{system}.") for m in loaded)  # (the measure works)
    others = {m for m in loaded for s in SYSTEMS if s != system and m.startswith(f"ddaydesk.rules.{s}.")}
    assert not others
    if "ddaydesk.rules.combat" not in PLUGINS.get(system, ()):
        assert not loaded & {f"ddaydesk.rules.combat.{m}" for m in COMBAT_PROCEDURE}
    else:  # wired by name (engine.systems.later): imported when a combat rule is first asked
        assert not loaded & {f"ddaydesk.rules.combat.{m}" for m in COMBAT_PROCEDURE if m != "wiring"}
    if system == "dday77":  # (its air rules run in the opening phases; Utah Beach's cups need the model)
        assert not loaded & {f"ddaydesk.rules.combat.{m}" for m in ("model", "strength", "crt")}
        assert not loaded & {f"ddaydesk.rules.dday77.{m}" for m in ("landing", "arrivals", "supply_centres")}
    if "ddaydesk.rules.supply" not in PLUGINS.get(system, ()):
        assert "ddaydesk.rules.supply.hooks" not in loaded
    assert not {m for m in loaded if m.startswith(("ddaydesk.rules.supply.calculator", "ddaydesk.rules.supply.allied",
                                                     "ddaydesk.rules.supply.german"))}
    assert not {m for m in loaded if m == "yaml" or m.startswith(("yaml.", "ddaydesk.formats.yamlparse"))}
    assert "ddaydesk.engine.fieldtypes" not in loaded  # (a save's field readers: when one is read)
    assert not loaded & {"hashlib", "_hashlib", "secrets", "hmac"}  # (OpenSSL's library: ddaydesk/digest.py)
    if system == "pkd":  # (Koenig's odds, the shared CRT and exact fractions, when a battle is worked out)
        assert not loaded & {"ddaydesk.rules.combat.crt", "ddaydesk.rules.combat.model", "fractions"}
    if system in ("dd2", "ddd"):  # (no movement tables: nor their reader; nor a hidden set-up)
        assert not loaded & {"ddaydesk.engine.movetables", "ddaydesk.engine.hidden_setup"}
    if system == "ddd":
        assert not loaded & set(DDD_LATER)


# D-Day Dice's action kinds no start lists (the tally, supply, cards, combat, answers, modules,
# campaign), the score sheet's and campaign record's views (a game keeping no score), combat with
# Carry On!, Phase 4's supply, the automated German's and the solitaire Unit's play (wired by name:
# engine.systems.later), and what only a move or an arrival asks (the machine guns' dice, the
# cards' effects)
DDD_LATER = tuple(f"ddaydesk.rules.ddd.{m}" for m in ("actions_later", "view_campaign", "combat", "carry_on", "auto",
                                                      "supply", "solo", "mgf", "effects"))


# The column of players' cards stands empty at its width in the first frame (ui/widgets/ddd_tray.py):
# the cards, their dice and tallies, the modules' box, the score sheet's words, the Bunker's rule links
DDD_WINDOW_LATER = (*(f"ddaydesk.ui.widgets.{m}" for m in ("ddd_card", "ddd_dice", "ddd_tally", "ddd_modules", "flow")),
                    "html", "ddaydesk.rules.help.ids")


@pytest.mark.parametrize("scenario", ["ddd-solitaire", "ddd-exercise-tiger"])
def test_a_d_day_dice_start_on_its_dice_leaves_the_later_actions_unimported(scenario, tmp_path):
    """These two start on a roll of the dice (the German's, the Allies'), not on a landing: their
    first view lists the dice and asks why each dice button is greyed. The solitaire start's
    German card, the Bunker view, would link its lines to the rules."""
    loaded = _modules_before_first_frame(scenario, tmp_path)
    assert "ddaydesk.rules.ddd.actions" in loaded and "ddaydesk.ui.widgets.ddd_players" in loaded  # (the measure works)
    assert not loaded & set(DDD_LATER)
    assert not loaded & set(DDD_WINDOW_LATER)


# What the window makes only when used: the port's value types for moves, supply and combat, the
# game report (a file dialog), the rule ids' patterns behind a hint with words, the docks' contents
LATER_MODULES = ("ddaydesk.ui.port_values", "ddaydesk.ui.report_export", "ddaydesk.rules.help.ids",
                 "ddaydesk.ui.dockparts", "ddaydesk.ui.rule_delegate", "datetime")


@pytest.mark.parametrize("scenario", ["tutorial", "dday77-campaign", "dday2", "ddd-omaha"])
def test_a_start_imports_the_window_parts_it_does_not_draw_after_its_first_frame(scenario, tmp_path):
    loaded = _modules_before_first_frame(scenario, tmp_path)
    assert "ddaydesk.ui.mapview" in loaded  # (the measure works)
    assert not loaded & set(LATER_MODULES)


# Qt classes PySide6 makes (with their enums) at their first use: none of these is drawn in a
# first frame (dialogs; Qt's style object, which D-Day Dice's phase strip restyled through)
LATER_QT = ("QMessageBox", "QFileDialog", "QProgressBar", "QProgressDialog", "QStyle")
FIRST_FRAME = """
import os, sys
import PySide6.QtWidgets as widgets
import ddaydesk.ui.app as app

def first_frame(*args, **kw):
    if args and str(args[0]).startswith("first frame"):
        made = [n for n in {names!r} if n in vars(widgets)]
        sys.stdout.write("made: " + " ".join(made) + "\\n")
        sys.stdout.flush()
        os._exit(0)
    print(*args, **kw)

app.print = first_frame  # (the start prints its first frame through the module's ``print``)
from ddaydesk.cli import main
sys.argv = ["ddaydesk", {scenario!r}, "--smoke"]
main()
"""


@pytest.mark.parametrize("scenario", ["tutorial", "ddd-omaha"])
def test_a_start_makes_no_dialog_class_before_its_first_frame(scenario, tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DDAYDESK_CACHE=str(tmp_path))
    code = FIRST_FRAME.format(names=LATER_QT, scenario=str(ROOT / "scenarios" / f"{scenario}.yaml"))
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env).stdout
    assert "made:" in out  # (the first frame came)
    assert out.split("made:", 1)[1].split() == []


# As a frozen build starts: PyInstaller's run-time hook for PySide6 imports it before the program
QT_FIRST = """
import builtins, os, sys
import PySide6.QtCore  # (the run-time hook's import)
import shibokensupport.feature as feature
read = []
real = feature._mod_uses_pyside
feature._mod_uses_pyside = lambda module: read.append(module.__name__) or real(module)
shown = builtins.print

def first_frame(*args, **kw):
    if args and str(args[0]).startswith("first frame"):
        sys.stdout.write("read: " + " ".join(read) + "\\n")
        sys.stdout.flush()
        os._exit(0)
    shown(*args, **kw)

builtins.print = first_frame  # (the start prints its first frame)
from ddaydesk.cli import main
sys.argv = ["ddaydesk", {scenario!r}, "--smoke"]
main()
"""
# what runs before the command: the package, its command line and the command's module
BEFORE_THE_COMMAND = {"ddaydesk", "ddaydesk.paths", "ddaydesk.cli", "ddaydesk.cli.gui_cmd"}


@pytest.mark.parametrize("scenario", ["tutorial", "ddd-solitaire"])
def test_a_start_with_qt_loaded_first_has_pyside_read_none_of_the_package_s_modules(scenario, tmp_path):
    """PySide6 reads the source of each module imported after it (looking for its feature
    switches): a start tells it of the package's modules before importing them, even when Qt
    came first (a frozen build's)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DDAYDESK_CACHE=str(tmp_path))
    code = QT_FIRST.format(scenario=str(ROOT / "scenarios" / f"{scenario}.yaml"))
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env).stdout
    read = set(out.split("read:", 1)[1].split())
    assert "ddaydesk.cli" in read  # (the measure works)
    assert {m for m in read if m.startswith("ddaydesk")} <= BEFORE_THE_COMMAND


COMPILED = """
import builtins, os, sys
from ddaydesk import classcode
shown = builtins.print

def first_frame(*args, **kw):
    if args and str(args[0]).startswith("first frame"):
        sys.stdout.write(f"compiled: {{len(classcode._new)}} kept: {{len(classcode._kept)}}\\n")
        sys.stdout.flush()
        if {stop}:
            os._exit(0)
    shown(*args, **kw)

builtins.print = first_frame
from ddaydesk.cli import main
sys.argv = ["ddaydesk", {scenario!r}, "--smoke"]
main()
"""


def test_a_start_compiles_none_of_the_dataclasses_functions_its_last_start_kept(tmp_path):
    """The first start compiles them and keeps them once its first frame is drawn; the next
    start (another scenario's classes too) compiles none of those before its first frame."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DDAYDESK_CACHE=str(tmp_path))

    def start(scenario, stop):
        code = COMPILED.format(scenario=str(ROOT / "scenarios" / f"{scenario}.yaml"), stop=stop)
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env).stdout
        compiled, kept = (int(w) for w in re.findall(r"compiled: (\d+) kept: (\d+)", out)[0])
        return compiled, kept

    first = start("tutorial", stop=False)
    assert first[0] > 100 and first[1] == 0  # (about sixty classes before the first frame; nothing kept yet)
    again = start("tutorial", stop=True)
    assert again[0] == 0 and again[1] >= first[0]  # (and what the docks made after it)
    other = start("ddd-omaha", stop=False)  # D-Day Dice's own classes are new; the engine's, the window's kept
    assert 0 < other[0] < first[0]
    assert start("ddd-omaha", stop=True)[0] == 0
