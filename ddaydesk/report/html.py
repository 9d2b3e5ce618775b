"""The game report as one self-contained HTML page: a header (scenario, system, how the game
stands, optional rules), a contents list, then one section per turn: the map at the turn's
end (a JPEG data URI), the units out of supply and the losses, the turn's rolls (combat odds
and results among them) and every action by phase. No script, no file beside it."""

from __future__ import annotations

import base64
from html import escape

from ddaydesk import __version__
from ddaydesk.report.turns import Turn

STYLE = """
body { font: 15px/1.45 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: #1f1f1a;
       background: #f7f4ec; margin: 0; }
header, main, footer { max-width: 1140px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 18px; }
h1 { margin: 0 0 2px; font-size: 28px; } .system { margin: 0; color: #5b5a50; }
.status { font-weight: bold; color: #7a1d12; } .status.live { color: #2a5a1a; }
nav ol { display: flex; flex-wrap: wrap; gap: 4px 6px; list-style: none; padding: 0; margin: 8px 0 0; }
nav a { display: inline-block; min-width: 2.4em; text-align: center; padding: 2px 6px; border: 1px solid #b9b29c;
        border-radius: 4px; text-decoration: none; color: #3a3526; background: #fffdf6; }
section.turn { border-top: 3px solid #6b6350; margin-top: 26px; padding-top: 4px; }
h2 { font-size: 22px; margin: 6px 0 10px; } h2 .weather { font-size: 15px; font-weight: normal; color: #5b5a50; }
h3 { font-size: 16px; margin: 16px 0 6px; color: #3f3a2a; } h4 { font-size: 14px; margin: 10px 0 4px; color: #5b5136; }
figure { margin: 0; } figure img { max-width: 100%; height: auto; border: 1px solid #9c9580; display: block; }
figcaption { font-size: 13px; color: #5b5a50; margin-top: 4px; }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 4px 24px; }
.facts p { margin: 2px 0; } .none { color: #777; }
table.rolls { border-collapse: collapse; width: 100%; font-size: 13px; }
table.rolls th, table.rolls td { border-bottom: 1px solid #d8d2bf; padding: 3px 6px; text-align: left; vertical-align: top; }
table.rolls th { background: #ebe5d3; } table.rolls td.n { text-align: right; white-space: nowrap; }
ol.actions { margin: 0; padding-left: 3.2em; font-size: 14px; }
li.action.attack { color: #8a1410; } li.action.move { color: #2d3a55; }
li .dice { font-size: 12px; color: #6b5a2a; white-space: nowrap; }
.legend-move { color: #d9730d; font-weight: bold; } .legend-attack { color: #d0021b; font-weight: bold; }
footer { color: #777; font-size: 12px; padding: 28px 20px; }
"""


def data_uri(jpeg: bytes) -> str:
    return "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")


def page(title: str, system: str, status: str, finished: bool, facts: list[str], turns: list[Turn],
         pictures: dict[int, tuple[bytes, tuple[int, int]]]) -> str:
    """The whole page; ``pictures``: turn -> (JPEG bytes, (width, height))."""
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{escape(title)}: game report</title>", f"<style>{STYLE}</style></head><body>",
           "<header>", f"<h1>{escape(title)}</h1>", f'<p class="system">{escape(system)}: game report</p>',
           f'<p class="status{"" if finished else " live"}">{escape(status)}</p>']
    out += [f"<p>{escape(f)}</p>" for f in facts]
    out.append('<nav aria-label="Turns"><ol>')
    out += [f'<li><a href="#turn-{t.turn}">{t.turn}</a></li>' for t in turns]
    out.append("</ol></nav></header><main>")
    for t in turns:
        out += _section(t, pictures.get(t.turn))
    out.append(f"</main><footer>Written by ddaydesk {escape(__version__)} from the game's action log.</footer>")
    out.append("</body></html>")
    return "\n".join(out)


def _section(t: Turn, picture) -> list[str]:
    weather = f' <span class="weather">· weather: {escape(t.weather)}</span>' if t.weather else ""
    out = [f'<section class="turn" id="turn-{t.turn}" data-turn="{t.turn}">', f"<h2>Turn {t.turn}{weather}</h2>"]
    if picture is not None:
        jpeg, (w, h) = picture
        out.append(f'<figure><img src="{data_uri(jpeg)}" width="{w}" height="{h}" '
                   f'alt="The map at the end of turn {t.turn}">'
                   f'<figcaption>The map at the end of turn {t.turn}: <span class="legend-move">orange</span> '
                   f'lines are the turn\'s moves, <span class="legend-attack">red</span> arrows its attacks.'
                   "</figcaption></figure>")
    out.append('<div class="facts">')
    if t.supply:
        out.append("<div><h3>Out of supply at the end of the turn</h3>")
        out += _by_side(t.out_of_supply, "no unit")
        out.append("</div>")
    out.append("<div><h3>Losses</h3>")
    out += _by_side(t.losses, "none")
    out.append("</div></div>")
    rolls = [(a.entry, r) for a in t.actions for r in a.rolls]
    if rolls:
        out.append('<h3>Attacks and other rolls</h3><table class="rolls"><thead><tr><th>#</th><th>Rolled for</th>'
                   "<th>Roll</th><th>Table</th><th>Result</th></tr></thead><tbody>")
        out += [f'<tr><td class="n">{seq}</td><td>{escape(purpose)}</td><td class="n">{escape(die)}</td>'
                f"<td>{escape(table)}</td><td>{escape(result)}</td></tr>"
                for seq, purpose, die, table, result in _roll_rows(rolls)]
        out.append("</tbody></table>")
    out.append("<h3>Moves, attacks and the rest, as they happened</h3>")
    for ph in t.phases:
        out.append(f"<h4>{escape(ph.title)}</h4>")
        out.append(f'<ol class="actions" start="{ph.actions[0].entry.seq}">')
        for a in ph.actions:
            dice = f' <span class="dice">[dice: {" ".join(str(d) for d in a.entry.dice)}]</span>' if a.entry.dice else ""
            out.append(f'<li class="action {a.kind}" value="{a.entry.seq}">{escape(a.entry.text)}{dice}</li>')
        out.append("</ol>")
    if not t.phases:
        out.append('<p class="none">No action this turn.</p>')
    out.append("</section>")
    return out


def _roll_rows(rolls) -> list[tuple[int, str, str, str, str]]:
    """A row per roll, except that one action's handful of dice for one roller (D-Day Dice's
    six: "American Unit: Red die", ...) make one row, their results in order."""
    rows: list[tuple[int, str, str, str, str]] = []
    k = 0
    while k < len(rolls):
        e, r = rolls[k]
        who = r.purpose.split(": ", 1)[0] if ": " in r.purpose else None
        n = 1
        while who and k + n < len(rolls) and rolls[k + n][0] is e and rolls[k + n][1].purpose.startswith(who + ": "):
            n += 1
        group = [x for _e, x in rolls[k:k + n]]
        if n >= 3:
            rows.append((e.seq, f"{who}: {n} dice", " ".join(x.die.split(" on ")[0] for x in group),
                         "—", ", ".join(x.result or "—" for x in group)))
        else:
            rows += [(e.seq, x.purpose, x.die, x.table or "—", x.result or "—") for x in group]
        k += n
    return rows


def _by_side(by_side: dict[str, list[str]], nothing: str) -> list[str]:
    if not by_side:
        return [f'<p class="none">{nothing.capitalize()}.</p>']
    return [f"<p><b>{escape(side.capitalize())}:</b> {escape('; '.join(names))}</p>" for side, names in by_side.items()]
