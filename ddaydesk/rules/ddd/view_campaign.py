"""An Overlord campaign's record and a game's score sheet as a window shows them (view_modules.py's
``campaign_view`` and ``Modules.score_sheet``): the battles fought, each Unit's result and
Victory Points with the rule of each line. Apart from view_modules.py so that a game keeping
no score, as most starts, does without these dataclasses. Names, never ids."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine import GameState
from ddaydesk.records import Record
from ddaydesk.rules.ddd import campaign
from ddaydesk.rules.ddd import model as m


@dataclass(frozen=True, eq=False, repr=False)
class ScoreLine(Record):
    """One line of a Unit's score, with its rule."""

    unit: str  # the Unit's id
    unit_name: str
    what: str
    points: int
    rule: str  # the rule id that gives it (for a link to the rules browser)


@dataclass(frozen=True, eq=False, repr=False)
class UnitResult(Record):
    """A Unit's result in a battle and its score."""

    unit: str
    unit_name: str
    result: str  # "took the Bunker", "wiped out", ...
    vp: int
    lines: tuple[ScoreLine, ...]


@dataclass(frozen=True, eq=False, repr=False)
class BattleRecord(Record):
    """A battle of a campaign as it ended."""

    number: int  # 1, 2, ...
    title: str
    winner: str  # allied, german
    end: str  # why it ended, in words
    turns: int
    units: tuple[UnitResult, ...]


@dataclass(frozen=True, eq=False, repr=False)
class CampaignView(Record):
    """A campaign's battles so far and the one in play."""

    title: str  # the campaign's (its board's)
    battle: int  # the battle in play or just fought, 1-based
    battles: tuple[str, ...]  # every Battle Map's title, in order
    between: bool  # the record is shown before the next battle (the debrief phase)
    record: tuple[BattleRecord, ...]
    totals: tuple[tuple[str, int], ...]  # (Unit name, Victory Points over the battles fought)
    champion: str  # once the campaign is over: the winning Unit's name


def campaign_record(v: GameState) -> CampaignView:
    r = m.rec(v)
    c = r["campaign"]

    def lines(u: str, ls: list) -> tuple[ScoreLine, ...]:
        return tuple(ScoreLine(u, m.player_name(v, u), w, pts, rule) for w, pts, rule in ls)

    record = tuple(BattleRecord(b["battle"], b["title"], b["winner"], b["end"], b["turns"], tuple(
        UnitResult(u, m.player_name(v, u), x["result"], x["vp"], lines(u, x["lines"])) for u, x in b["units"].items()))
        for b in c["record"])
    tot = campaign.totals(r)
    done = r["winner"] is not None and len(c["record"]) == len(c["maps"])
    return CampaignView(
        title=v.scenario.board.title, battle=c["battle"] + 1, battles=tuple(c["titles"]), between=c["between"],
        record=record, totals=tuple((m.player_name(v, u), t) for u, t in tot.items()),
        champion=m.player_name(v, campaign.champion(v)[0]) if done else "")
