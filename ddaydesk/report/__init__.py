"""The game report: a game told turn by turn as one self-contained HTML page, rendered from
its action log alone (a save, or the game in the window), with a picture of the map at the end
of each turn drawn by the window's map renderer, offscreen.

``turns.py`` reads the log (Qt-free), ``pictures.py`` draws the maps, ``html.py`` writes the
page. ``ddaydesk report SAVE`` and the window's File > Export game report both call
:func:`report_html`. May import everything; Qt only for the pictures (a QApplication must exist).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ddaydesk.engine import Game
from ddaydesk.report.html import page
from ddaydesk.report.pictures import WIDTH, MapPictures
from ddaydesk.report.turns import finished, turns
from ddaydesk.rules.options import option_listing
from ddaydesk.ui.engine_port import EnginePort
from ddaydesk.ui.review_port import ReviewPort

__all__ = ["report_html", "write_report"]


def report_html(game: Game, width: int = WIDTH, progress: Callable[[int, int], None] | None = None) -> str:
    """The report of ``game`` (its log up to where it stands). ``progress(done, total)`` is
    told as turns are written (two steps a turn: its words, its picture)."""
    live = EnginePort(game)
    rp = ReviewPort(live)
    told = turns(rp, None if progress is None else (lambda d, n: progress(d, 2 * n)))
    pics = MapPictures(live.board, live.profile, width)
    pictures = {}
    for k, t in enumerate(told):
        pictures[t.turn] = (pics.jpeg(t.view, t.marks), pics.size)
        if progress is not None:
            progress(len(told) + k + 1, 2 * len(told))
    sc = game.scenario
    over = finished(live)
    view = live.view(live.sides()[0])
    if over:
        status = view.outcome or f"The game is over (turn {view.turn})."
    else:
        of = f" of {view.last_turn}" if live.profile.turn_limit else ""  # D-Day Dice: no last turn
        status = f"Unfinished: turn {view.turn}{of}, {view.active_side.capitalize()} {view.phase}."
    rows = option_listing(sc.system.id, game.options).rows
    on = [r.title for r in rows if game.state.options.get(r.id, False)]
    facts = [f"{game.pos} actions, {sum(len(a.rolls) for t in told for a in t.actions)} rolls, "
             f"turns {told[0].turn if told else sc.first_turn} to {told[-1].turn if told else sc.first_turn}."]
    facts.append("Optional rules: " + (", ".join(on) if on else "none") + ".")
    if not over:
        facts.append("The game is not over: what a side keeps secret is left out.")
    return page(sc.title, sc.system.title, status, over, facts, told, pictures)


def write_report(game: Game, path: str | Path, width: int = WIDTH,
                 progress: Callable[[int, int], None] | None = None) -> Path:
    """Write the report of ``game`` to ``path`` (atomically: a temporary file renamed)."""
    path = Path(path)
    text = report_html(game, width, progress)
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
