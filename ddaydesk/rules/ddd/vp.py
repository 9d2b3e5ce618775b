"""Victory Points: the score sheet of a game, or of each battle of a campaign. The seed prints
only what its modules add or take away (DDD-BADGE-08, DDD-OPT-09, -12, DDD-ROOKIE-07, -10,
-13); the base sheet is ours (STD-DDD-VP): a taken Bunker, the rows climbed, the Soldiers and
Specialists left, the War Correspondent."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine import GameState
from ddaydesk.records import Record
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables

STANDING = ("ashore", "bunker", "assaulting")


@dataclass(frozen=True, eq=False, repr=False)
class Line(Record):
    """One line of the Victory Points, with its rule."""

    player: str  # a Unit's id
    what: str  # in words
    points: int
    rule: str


def counted(state: GameState) -> bool:
    """Victory Points are kept with their option, and always in a campaign (its battles are
    compared by them)."""
    r = m.rec(state)
    return m.opt(state, "victory_points") or bool(r and r.get("campaign"))


def sheet(state: GameState) -> list[Line]:
    """Every Unit's lines, as things stand (at the end of a game or battle: its score)."""
    r = m.rec(state)
    t = tables()
    v = t.rules["vp"]
    out: list[Line] = []
    sm = m.sectors(state)
    solo_major = len(m.allied_ids(r)) == 1
    for pid in m.allied_ids(r):
        p = m.player(r, pid)
        lines: list[tuple[str, int, str]] = []
        if p["status"] == "bunker":
            lines.append(("took a final Bunker", v["bunker"], "STD-DDD-VP"))
        rows = [sm.sector(i).row for x in p["path"] if (i := sm.board.index_of.get(x, -1)) in sm.sectors]
        if rows and max(rows) > 1:
            lines.append((f"climbed {max(rows) - 1} row{'s' if max(rows) > 2 else ''}", v["per_row"] * (max(rows) - 1),
                          "STD-DDD-VP"))
        if p["status"] in STANDING:
            if p["soldiers"]:
                lines.append((f"{p['soldiers']} Soldiers left", v["per_soldier"] * p["soldiers"], "STD-DDD-VP"))
            if p["specialists"]:
                n = len(p["specialists"])
                lines.append((f"{n} Specialist{'s' if n > 1 else ''} with it", v["per_specialist"] * n, "STD-DDD-VP"))
        if "war_correspondent" in p["specialists"]:
            lines.append(("the War Correspondent is with it", v["correspondent"], "STD-DDD-VP"))
        if p["badges_drawn"] and m.opt(state, "badge_of_honor"):
            lines.append((f"{p['badges_drawn']} Badge{'s' if p['badges_drawn'] > 1 else ''} drawn",
                          v["per_badge"] * p["badges_drawn"], "DDD-BADGE-08"))
        if p["wipeouts"]:
            lines.append((f"wiped out {_times(p['wipeouts'])}", v["per_wipe_out"] * p["wipeouts"], "DDD-OPT-09"))
        if p["mulligans"]:
            lines.append((f"{p['mulligans']} Mulligan token{'s' if p['mulligans'] > 1 else ''} used",
                          v["per_mulligan"] * p["mulligans"], "DDD-OPT-12"))
        lines += _rookie_lines(state, pid, p, v, solo_major)
        out += [Line(pid, what, pts, rule) for what, pts, rule in lines]
    return out


def _rookie_lines(state: GameState, pid: str, p: dict, v: dict, solo: bool) -> list[tuple[str, int, str]]:
    from ddaydesk.rules.ddd.rookie import is_major, is_rookie

    out = []
    if p["rookie"].get("start"):
        out.append(("started with its Rookie Officer", v["rookie_start"], "DDD-ROOKIE-07"))
        if p["status"] == "bunker" and any(is_rookie(c) and not is_major(state, c) for c in p["specialists"]):
            out.append(("won with its Rookie Officer", v["rookie_win"], "DDD-ROOKIE-07"))
    if p["hosted"]:
        out.append(("Major McMoron joined it", v["major_solo"], "DDD-ROOKIE-13") if solo
                   else ("hosted Major McMoron", v["major_host"], "DDD-ROOKIE-10"))
    return out


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def totals(state: GameState) -> dict[str, int]:
    """Each Unit's Victory Points (every Unit in play, 0 when it has no line)."""
    out = dict.fromkeys(m.allied_ids(m.rec(state)), 0)
    for line in sheet(state):
        out[line.player] += line.points
    return out
