#!/usr/bin/env python3
"""Render D-Day Dice in the main window for docs/screenshots/ (offscreen, seeded scripted games
of the real engine, 1280x800): a roll with locked dice and the tally as it stands; the Final
Tally's ways to score, one pointed at; the Battle Map mid-game with a Unit's moves and their
Courage costs; the German's Bunker view (a person's German, after the hand-over); an Overlord
campaign's battle with the Battle Conditions in play and Badges held, the campaign sheet
between battles, the score sheet at a game's end, and a past re-roll in review.

With ``--saves DIR`` it also writes each staged game as a save, to open in a real window
(``../shared/tools/xshot.sh OUT.png -- .venv/bin/python -m ddaydesk DIR/ddd_roll.ddaysave``).

    .venv/bin/python tools/ddd_screenshots.py [OUTDIR] [--saves DIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tools.shots import settle as _settle  # noqa: E402 (after the path)
from tools.shots import window as _window  # noqa: E402


def _game(name: str, seed: int, options: dict, until, limit: int = 3000):
    """A seeded game of the scripted player, played until ``until(state)`` (None if never)."""
    from ddaydesk.engine import OVER, Game
    from ddaydesk.formats.scenariofile import load_scenario
    from tests.rules.ddd.play import choose

    g = Game(load_scenario(ROOT / "scenarios" / f"ddd-{name}.yaml"), seed=seed, options=options)
    for _ in range(limit):
        if until(g.state):
            return g
        if g.state.phase == OVER:
            return None
        g.do(choose(g.state))
    return None


def _first(name: str, options: dict, until):
    return next(g for seed in range(1, 60) if (g := _game(name, seed, options, until)) is not None)


def _mid_roll(s) -> bool:
    """Phase 1 of a later turn: one Unit has re-rolled once with dice locked, and its dice would
    score an RWB and a cancelled die if kept now."""
    from ddaydesk.rules.ddd import model as m
    from ddaydesk.ui.profiles.ddd_table import _as_kept

    if s.phase != "roll" or s.turn < 2:
        return False
    for pid in m.active_units(m.rec(s)):
        p = m.player(m.rec(s), pid)
        if p["rolls"] == 2 and not p["kept"] and any(d[2] for d in p["dice"]):
            roles = (_as_kept(s, pid) or ("", ()))[1]
            if "rwb" in roles and "cancelled" in roles:
                return True
    return False


def _tally(s) -> bool:
    from ddaydesk.rules.ddd import model as m
    from ddaydesk.rules.ddd import scoring

    if s.phase != "tally" or s.turn < 2:
        return False
    r = m.rec(s)
    return any(not m.player(r, pid)["scored"] and len(scoring.options(s, pid)) >= 3 for pid in m.active_units(r))


def _moving(s) -> bool:
    from ddaydesk.engine import legal_actions
    from ddaydesk.rules.ddd import model as m

    r = m.rec(s)
    spread = {m.place_of(s, pid) for pid in m.active_units(r)}
    return (s.phase == "move" and s.turn >= 4 and len(spread) >= 2
            and len({a.to for a in legal_actions(s, "allied", ("sector_move",))}) >= 2)


GUNNER = ("german", "german", "mg_schuetze")


def _bunker(s) -> bool:
    """His Phase 4 with Decorations in hand and the Stars to man his machine guns."""
    from ddaydesk.engine import legal_actions
    from ddaydesk.rules.ddd import Rally

    return (s.phase == "german_supply" and len(s.secrets["german"].get("hand", ())) >= 1
            and Rally(*GUNNER) in legal_actions(s, "german", ("rally_specialist",)))


def _conditions(s) -> bool:
    """A campaign's battle: both Battle Conditions cards in play, a Badge held, a Unit mid-roll."""
    from ddaydesk.rules.ddd import model as m

    r = m.rec(s)
    c = r.get("conditions") or {}
    return (s.phase == "roll" and c.get("regular") and c.get("weather")
            and any(m.player(r, p)["badges"] for p in m.allied_ids(r))
            and any(m.player(r, p)["rolls"] == 1 for p in m.active_units(r)))


def _between(s) -> bool:
    return s.phase == "debrief"


def _over(s) -> bool:
    from ddaydesk.engine import OVER

    return s.phase == OVER


def main() -> int:
    from ddaydesk.ui.app import make_app
    from ddaydesk.ui.screenshots import compose, staged

    app = make_app()
    args = sys.argv[1:]
    saves = Path(args[args.index("--saves") + 1]) if "--saves" in args else None
    rest = [a for k, a in enumerate(args) if a != "--saves" and (k == 0 or args[k - 1] != "--saves")]
    out = Path(rest[0]) if rest else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    from tests.rules.ddd.conftest import EVERY_MODULE

    three = {"unit_british": True, "unit_canadian": True}
    every = {**EVERY_MODULE, "unit_british": True}
    stages = (("ddd_roll", "omaha", three, _mid_roll), ("ddd_tally", "gold", three, _tally),
              ("ddd_map", "omaha", three, _moving), ("ddd_bunker", "atlantikwall", {"unit_british": True}, _bunker),
              ("ddd_conditions", "campaign-overlord", every, _conditions),
              ("ddd_campaign", "campaign-overlord", every, _between), ("ddd_score", "exercise-fabius", every, _over),
              ("ddd_review", "omaha", three, _moving))
    with tempfile.TemporaryDirectory() as tmp:
        for shot, name, options, until in stages:
            g = _first(name, options, until)
            win = _window(g, tmp)
            _settle(app)
            globals()[f"_pose_{shot[4:]}"](win, g)
            _settle(app)
            image = win.grab()
            if win.outcome_box is not None:  # the game's end: its dialog over the window
                compose(image, win.outcome_box.grab(), win.outcome_box.windowTitle())
                win.outcome_box.close()
            image.save(str(out / f"{shot}.png"))
            print(out / f"{shot}.png", f"(seeded {name}, turn {g.state.turn}, {g.state.phase})")
            if saves is not None:
                saves.mkdir(parents=True, exist_ok=True)
                (saves / f"{shot}.ddaysave").write_bytes(win.port.save_bytes())
            staged(win)  # (an action taken to stage it is no game to keep: closing asks nothing)
            win.close()
    return 0


def _players(win):
    from ddaydesk.ui.widgets.ddd_players import PlayersPanel

    return next(d.widget() for d in win.panel_docks if isinstance(d.widget(), PlayersPanel))


def _pose_roll(win, g) -> None:
    """The Unit mid-roll at the keyboard."""
    from ddaydesk.rules.ddd import model as m

    pid = next(p for p in m.active_units(m.rec(g.state)) if m.player(m.rec(g.state), p)["rolls"] == 2
               and not m.player(m.rec(g.state), p)["kept"])
    _players(win).set_focus(pid)
    win.dice_dock.raise_()


def _pose_tally(win, g) -> None:
    """The richest way to score pointed at: its dice lit."""
    card = _players(win)._focused()
    rows = card.tally.rows
    best = max(rows, key=lambda r: len([x for x in r.roles if x != "counts"]))
    best.enterEvent(None)


def _pose_map(win, g) -> None:
    """A Unit selected, its moves shaded, the dearest one under the cursor."""
    from ddaydesk.engine import legal_actions

    moves = legal_actions(g.state, "allied", ("sector_move",))
    mover = moves[0].player
    win.controller.select(mover)
    r = win.controller.range
    to = max((p for p in r.cost if p != r.start), key=lambda p: r.cost[p])
    win._hovered(to)


def _pose_bunker(win, g) -> None:
    """Seated as the German (past the hand-over), he rallies the Maschinengewehr-Schütze from the
    Actions dock: his guns fire on the map."""
    from ddaydesk.rules.ddd import Rally

    if win.stack.currentWidget() is win.handover:
        win.handover.button.click()
    k = win.port._choice_actions(g.state).index(Rally(*GUNNER))
    win.take_choice(k, win.controller.choices()[k][1])


def _pose_conditions(win, g) -> None:
    """The Unit that has rolled once at the keyboard."""
    from ddaydesk.rules.ddd import model as m

    r = m.rec(g.state)
    _players(win).set_focus(next(p for p in m.active_units(r) if m.player(r, p)["rolls"] == 1))


def _pose_campaign(win, g) -> None:
    """Between battles: the campaign sheet comes to the front by itself."""


def _pose_score(win, g) -> None:
    """The game's end: the score sheet comes to the front by itself."""


def _pose_review(win, g) -> None:
    """Review (Ctrl+R) at this turn's last re-roll: the dice as they fell, read-only."""
    at = max(i + 1 for i, a in enumerate(g.actions[:g.pos]) if a.kind == "reroll")
    win.review.enter(at)
    win.dice_dock.raise_()


if __name__ == "__main__":
    sys.exit(main())
