"""The game report of a seeded Utah Beach game, written from its log alone: the page parses,
it has one section per turn holding that turn's actions in the log's words, every picture
decodes, and the command writes it from a save."""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser

import pytest
from PySide6.QtGui import QImage

from ddaydesk.engine import OVER, Game, save_game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.port_text import log_entry
from tests.ui.drive import scripted

VOID = {"meta", "img", "br", "hr", "link", "input", "col", "source", "wbr"}


class Page(HTMLParser):
    """The report read back: its sections (turn -> actions (seq, text)), pictures, and any
    tag closed out of order."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.sections: dict[int, list[tuple[int, str]]] = {}
        self.pictures: dict[int, list[tuple[str, int, int]]] = {}
        self.turn: int | None = None
        self.item: list | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "section" and "turn" in (a.get("class") or "").split():
            self.turn = int(a["data-turn"])
            assert self.turn not in self.sections, f"turn {self.turn} twice"
            self.sections[self.turn] = []
            self.pictures[self.turn] = []
        elif tag == "li" and "action" in (a.get("class") or "").split():
            self.item = [int(a["value"]), ""]
        elif tag == "img" and self.turn is not None:
            self.pictures[self.turn].append((a["src"], int(a["width"]), int(a["height"])))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'} at {self.getpos()}")
            return
        self.stack.pop()
        if tag == "li" and self.item is not None:
            self.sections[self.turn].append((self.item[0], self.item[1].strip()))
            self.item = None
        elif tag == "section":
            self.turn = None

    def handle_data(self, data):
        if self.item is not None and not any(t == "span" for t in self.stack[-1:]):
            self.item[1] += data


@pytest.fixture(scope="module")
def utah():
    """A seeded Utah Beach campaign game of 300 actions (unfinished: 12 of its 25 turns)."""
    g = Game(load_scenario(scenarios_dir() / "utah-campaign.yaml"), seed=11)
    choose = scripted(11)
    while g.pos < 300 and g.state.phase != OVER:
        g.do(choose(g.state))
    return g


def test_the_report_of_a_utah_game(qtbot, utah):
    from ddaydesk.report import report_html

    g = utah
    told = []
    text = report_html(g, progress=lambda done, total: told.append((done, total)))
    page = Page()
    page.feed(text)
    page.close()
    assert text.startswith("<!DOCTYPE html>") and not page.errors and page.stack == []
    turns = sorted({s.turn for s in g.states[:g.pos + 1]})
    assert list(page.sections) == turns and len(turns) > 5  # one section per turn, in order
    port = EnginePort(g)
    for t in turns:  # each holds that turn's actions, in the log's words
        want = [(i + 1, log_entry(port, "", i).text) for i in range(g.pos) if g.states[i].turn == t]
        assert page.sections[t] == want
    for t, pics in page.pictures.items():  # the map at the end of each turn, a picture that decodes
        assert len(pics) == 1
        src, w, h = pics[0]
        head, data = src.split(",", 1)
        assert head == "data:image/jpeg;base64"
        img = QImage.fromData(base64.b64decode(data, validate=True))
        assert not img.isNull() and (img.width(), img.height()) == (w, h), f"turn {t}"
    assert told[-1][0] == told[-1][1]  # the progress reached its end
    # every combat roll is in its turn's table with its odds column and result
    combats = [r for ch in g.changes for r in ch.dice if r.purpose.startswith("combat at ")]
    assert combats and len(re.findall(r"Combat Results Table, [^<]+ column</td><td>[A-Z]", text)) == len(combats)


def test_the_report_command_writes_a_save_s_report(qtbot, utah, tmp_path, capsys):
    from ddaydesk.cli import main

    save = tmp_path / "utah.ddaysave"
    save_game(utah, save)
    out = tmp_path / "utah.html"
    assert main(["report", str(save), "-o", str(out), "--width", "500"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    page = Page()
    page.feed(out.read_text(encoding="utf-8"))
    assert list(page.sections) == sorted({s.turn for s in utah.states[:utah.pos + 1]})
    assert all(p[0][1] == 500 for p in page.pictures.values())
    broken = tmp_path / "broken.ddaysave"
    broken.write_text("{\"format\": 1")
    assert main(["report", str(broken)]) == 1 and "broken.ddaysave" in capsys.readouterr().err


@pytest.mark.parametrize("name, supply", [("dday2.yaml", False), ("sword.yaml", False), ("ddd-omaha.yaml", False),
                                          ("tutorial.yaml", True)])
def test_every_system_s_report(qtbot, name, supply):
    """A seeded game of each system: a section per turn, its pictures decode; what a system
    does not have (supply rules, a weather chart) the report does not talk about."""
    from ddaydesk.engine.tables import load_weather_chart
    from ddaydesk.report import report_html

    g = Game(load_scenario(scenarios_dir() / name), seed=4)
    choose = scripted(4)
    while g.pos < 60 and g.state.phase != OVER:
        g.do(choose(g.state))
    text = report_html(g, width=300)
    page = Page()
    page.feed(text)
    assert not page.errors and list(page.sections) == sorted({s.turn for s in g.states[:g.pos + 1]})
    for (src, w, h), in page.pictures.values():
        img = QImage.fromData(base64.b64decode(src.split(",", 1)[1]))
        assert (img.width(), img.height()) == (w, h) == (300, h)
    assert ("Out of supply at the end of the turn" in text) == supply
    assert ("weather:" in text) == (load_weather_chart(g.scenario.system.id) is not None)


def test_a_dice_game_s_report_tells_its_soldiers_lost(qtbot):
    """D-Day Dice in the report: no last turn in its status (the game has none), and the Losses
    tell each Unit's Soldiers lost with what took them, as the log's notes do (STD-DDD-DEF)."""
    from ddaydesk.report import report_html

    g = Game(load_scenario(scenarios_dir() / "ddd-omaha.yaml"), seed=4, options={"unit_british": True})
    choose = scripted(4)
    notes: list[str] = []
    while not notes:  # until a Unit has lost Soldiers (the game goes on)
        g.do(choose(g.state))
        notes = [n for n in g.changes[g.pos - 1].notes if ": American Unit loses " in n and "nothing" not in n]
    assert g.state.phase != OVER
    text = report_html(g, width=200)
    assert f"Unfinished: turn {g.state.turn}, Allied " in text and " of 60" not in text
    why, _s, what = notes[0].rpartition(": ")
    losses = re.findall(r"<h3>Losses</h3>\s*<p><b>Allied:</b> ([^<]*)</p>", text)
    assert any(f"{what} ({why})" in line for line in losses)
    # a Unit's six dice are one row of the rolls, their faces in order, not six rows
    rows = re.findall(r'<tr><td class="n">(\d+)</td><td>([^<]*)</td><td class="n">([^<]*)</td><td>[^<]*</td><td>([^<]*)</td>', text)
    six = [(seq, die, faces) for seq, what, die, faces in rows if what == "American Unit: 6 dice"]
    assert six and all(len(die.split()) == 6 and len(faces.split(", ")) == 6 for _s, die, faces in six)
    assert all(sum(seq == s for s, *_ in rows) == 1 for seq, *_ in six)


def test_a_dice_game_s_losses_are_the_players_not_a_cards_text():
    """The notes name who lost what; a Battle Conditions card's text saying "Every Unit loses..."
    is no loss of anyone's."""
    from ddaydesk.ui.profiles.ddd import DDDProfile

    notes = ["DEF in Sector 7: British Unit loses 5 Soldiers", "machine guns: American Unit loses nothing",
             "Battle Conditions: Sniper Fire — Every Unit loses 1 Specialist of its choice.",
             "Sniper Fire: American Unit loses the Corporal", "the German loses 4 Soldiers (DEF 4)",
             "British Unit is wiped out; Carry On!: it falls back"]
    assert DDDProfile().losses(notes) == (
        ("allied", "British Unit loses 5 Soldiers (DEF in Sector 7)"),
        ("allied", "American Unit loses the Corporal (Sniper Fire)"),
        ("german", "the German loses 4 Soldiers (DEF 4)"), ("allied", "British Unit is wiped out"))
