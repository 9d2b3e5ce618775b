"""What a window shows of Atlantikwall's modules and Overlord, read for one side (view.py's
``Table.modules``): the Battle Conditions in play and the cards this side has seen on top of
the deck, the Badge deck and the token pool, Supply SNAFU's piles, Major McMoron, the score
sheet (Victory Points) and the campaign record. Names, never ids."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ddaydesk.engine import GameState
from ddaydesk.records import Record
from ddaydesk.rules.ddd import conditions, vp
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables

if TYPE_CHECKING:  # (view_campaign.py: made only where a game keeps score)
    from ddaydesk.rules.ddd.view_campaign import CampaignView, ScoreLine


@dataclass(frozen=True, eq=False, repr=False)
class ConditionView(Record):
    """A Battle Condition card in play."""

    id: str
    name: str
    text: str
    weather: bool
    default: bool  # the card is ddaydesk's (the seed prints none)
    ignored_by: tuple[str, ...]  # the Units that ignore it this turn (names)


@dataclass(frozen=True, eq=False, repr=False)
class Modules(Record):
    """The modules, optional rules and conditions of this game, as the table shows them."""

    on: tuple[str, ...]  # the modules and optional rules in this game, as the set-up shows them
    conditions: tuple[ConditionView, ...]  # in play: the regular card first, the Weather last
    conditions_deck: int  # cards face down
    conditions_seen: tuple[str, ...]  # the next cards, as this side has seen and ordered them
    badge_deck: int
    badge_discard: tuple[str, ...]
    token_pool: int
    snafu: tuple[str, ...]  # the Item on top of each Supply SNAFU pile ("" for an empty one)
    major: str  # Major McMoron: his card, host and state, in words ("" when not in play)
    score_sheet: tuple[ScoreLine, ...]  # this game's or this battle's (empty without Victory Points)
    vp: tuple[tuple[str, int], ...]  # (Unit name, total) on that sheet


def modules(v: GameState, side: str) -> Modules:
    """``v``: the state as ``side`` sees it (engine.view)."""
    r = m.rec(v)
    titles = {o.id: o.title for o in v.scenario.system.options.values()}
    on = tuple(titles[k] for k in titles if v.options.get(k) and not k.startswith("unit_"))
    units = m.allied_ids(r)
    ignored = {u: m.player(r, u)["turn"].get("ignored", ()) for u in units}
    conds = tuple(ConditionView(c.id, c.name, c.text, c.weather, c.confidence == "default",
                                tuple(m.player_name(v, u) for u in units if c.id in ignored[u]))
                  for c in conditions.in_play(r))
    cards = tables().conditions
    seen = tuple(cards[x].name for x in v.secrets.get(side, {}).get(conditions.TOP, ()))
    lines = _score_sheet(v) if vp.counted(v) else ()
    totals = tuple((m.player_name(v, u), t) for u, t in vp.totals(v).items()) if lines else ()
    return Modules(
        on=on, conditions=conds, conditions_deck=len((r.get("conditions") or {}).get("deck", ())),
        conditions_seen=seen, badge_deck=len(r["badges"]["deck"]),
        badge_discard=tuple(m.card_name(x) for x in r["badges"]["discard"]), token_pool=r.get("tokens", 0),
        snafu=tuple(m.card_name(p[-1]) if p else "" for p in r.get("snafu") or ()),
        major=_major(v, r), score_sheet=lines, vp=totals)


def _score_sheet(v: GameState) -> tuple[ScoreLine, ...]:
    from ddaydesk.rules.ddd.view_campaign import ScoreLine  # (only a game counting Victory Points)

    return tuple(ScoreLine(x.player, m.player_name(v, x.player), x.what, x.points, x.rule) for x in vp.sheet(v))


def _major(v: GameState, r: dict) -> str:
    major = r.get("major")
    if not major:
        return ""
    where = f"with {m.player_name(v, major['host'])}" if major["host"] else "waiting for the first RWB"
    return f"Major McMoron ({m.card_name(major['card'])}), {where}, {'active' if major['active'] else 'silenced'}"


def campaign_view(v: GameState) -> CampaignView | None:
    """An Overlord campaign's record (view_campaign.py, imported only for a campaign), or None."""
    if not m.rec(v).get("campaign"):
        return None
    from ddaydesk.rules.ddd.view_campaign import campaign_record

    return campaign_record(v)
