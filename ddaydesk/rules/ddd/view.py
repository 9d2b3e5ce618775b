"""What a D-Day Dice window shows, read for one side (engine/view.py strips the other side's
secrets first: the Allies see how many Decorations the German holds, never which).

``table(state, side)`` -> :class:`Table`: every player's card (resources, Specialists, Items,
Vehicles, Awards), dice (face, locked, held by a re-roll, role in the tally), re-rolls left,
the ways to score the tally with what each buys and the dice each highlights, the Unit's
Sector and marker; the German's state and the Bunker; every Sector's DEF, machine guns and
attributes; ``modules`` and ``campaign`` (view_modules.py): the Battle Conditions in play,
Badges, tokens, the score sheet and an Overlord campaign's record. ``choices(state, side)``:
every action ``side`` may take now, in words (the answers to a waiting choice among them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ddaydesk.engine import GameState, current_phase, legal_actions, view
from ddaydesk.records import Record
from ddaydesk.rules.ddd import german, moves, scoring
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.bonus import explosives
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import gain_words
from ddaydesk.rules.ddd.pending import waiting
from ddaydesk.rules.ddd.rolls import COLOUR_NAMES, attributes, rerolls
from ddaydesk.rules.ddd.tally import die_roles
from ddaydesk.rules.ddd.text import describe, phase_name
from ddaydesk.rules.ddd.view_modules import Modules, campaign_view, modules

if TYPE_CHECKING:  # (made only for a campaign)
    from ddaydesk.rules.ddd.view_campaign import CampaignView

ATTRIBUTE_WORDS = {"cant_stay": "can't stay here (1 turn)", "fight_once": "fight once", "lose_specialist":
                   "lose a Specialist on arrival", "no_lock": "no dice locked", "five_dice": "roll only 5 dice",
                   "no_items": "no Items found here", "gain_d6_soldiers": "gain 1d6 Soldiers on arrival",
                   "max_one_unit": "one Unit at most"}


@dataclass(frozen=True, eq=False, repr=False)
class CardView(Record):
    """A card as the table shows it."""

    id: str
    name: str
    kind: str
    cost: int
    text: str
    default: bool  # the text is ddaydesk's, not printed


@dataclass(frozen=True, eq=False, repr=False)
class DieView(Record):
    """A die as the table shows it."""

    index: int
    colour: str  # red, white, blue, black
    colour_name: str
    face: str
    face_name: str
    locked: bool  # marked to stay for the next re-roll
    held: bool  # locked at a re-roll: stays locked
    role: str  # once scored (or for the first scoring choice): counts, rwb, straight, cancelled, ...


@dataclass(frozen=True, eq=False, repr=False)
class ScoreChoice(Record):
    """A way to score the dice, in words."""

    action: object
    words: str
    gain: dict
    roles: tuple[str, ...]  # per die


@dataclass(frozen=True, eq=False, repr=False)
class PlayerView(Record):
    """A player as the table shows them."""

    id: str
    name: str
    side: str
    nation: str
    status: str
    sector: int  # board place, -1 off the map
    sector_name: str
    marker: int  # its turns in the Sector (the automated Unit: of its own 2, DDD-SOLO-02)
    marker_limit: int
    must_move: bool
    soldiers: int
    courage: int
    stars: int
    tools: int
    force: int
    specialists: tuple[CardView, ...]
    items: tuple[CardView, ...]
    vehicles: tuple[CardView, ...]
    awards: tuple[CardView, ...]
    hand: tuple[CardView, ...]
    decorations: tuple[CardView, ...]  # the German's hand: only in his own view
    decorations_held: int
    dice: tuple[DieView, ...]
    rolled: bool
    rerolls_left: int
    kept: bool
    scored: tuple[str, ...]  # what the scored tally gave, in words
    score_choices: tuple[ScoreChoice, ...]
    # Atlantikwall's modules and Overlord
    nation_name: str = ""  # "American", ... "Greek", "Norwegian"
    colour: str = ""  # the nation's colour ("#rrggbb")
    badges: tuple[CardView, ...] = ()
    tokens: int = 0  # Mulligan tokens held
    mulligans: int = 0  # tokens spent on Mulligans (this game or battle)
    explosives: int = 0  # Explosive icons carried (Playing with Fire)
    silenced: tuple[str, ...] = ()  # cards whose ability is off (a silenced Major McMoron)


@dataclass(frozen=True, eq=False, repr=False)
class SectorView(Record):
    """A Sector as the table shows it."""

    place: int
    label: str
    name: str
    row: int
    defence: int
    mgf: int
    mgf_live: bool  # the guns fire now (active, not silenced)
    special_damage: bool
    bunker: str
    requires: str  # a Specialist's name
    attributes: tuple[str, ...]  # in words
    units: tuple[str, ...]
    number: int = 0  # printed on the Sector (0: a Bunker)
    defence_later: int = 0  # its second DEF value (9/6), = defence when it has one
    ways: tuple[str, ...] = ()  # the ways on (up or across) in words, as the map prints them


@dataclass(frozen=True, eq=False, repr=False)
class Table(Record):
    """The whole D-Day Dice table as one side sees it."""

    mode: str  # coop, atlantikwall, solitaire
    turn: int
    phase: str
    phase_name: str
    active: str
    players: tuple[PlayerView, ...]  # Allied Units, then the German
    german: PlayerView | None
    mgf_active: bool
    mines_active: bool
    decoration_deck: int
    decoration_discard: tuple[str, ...]
    deck_top: tuple[str, ...]  # the Decorations the German has seen on top (his view only)
    waiting: str
    sectors: tuple[SectorView, ...]
    winner: str | None
    end: str
    modules: Modules | None = None  # Battle Conditions, Badges, tokens, the score sheet (view_modules.py)
    campaign: CampaignView | None = None  # an Overlord campaign's record
    sniper: str = ""  # solitaire: the automated Unit's Sniper in words (DDD-SOLO-10..12)


def card_view(card_id: str, solo: bool = False) -> CardView:
    """A card as the table shows it: in solitaire its solitaire text where it has one (the
    engine then plays its solitaire effect, DDD-SOLO-12..15)."""
    c = tables().cards[card_id]
    return CardView(c.id, c.name, c.kind, c.cost, c.solo_text if solo and c.solo_text else c.text,
                    c.confidence == "default")


def _cards(ids, solo: bool) -> tuple[CardView, ...]:
    return tuple(card_view(i, solo) for i in ids)


def _player(v: GameState, pid: str, secrets: dict) -> PlayerView:
    r = m.rec(v)
    p = m.player(r, pid)
    sm = m.sectors(v)
    place = m.place_of(v, pid) if pid != m.GERMAN else (sm.final_bunkers[0] if sm.final_bunkers else -1)
    t = tables()
    solo = m.solo(r)
    opts = scoring.options(v, pid)
    dice = tuple((d[0], d[1]) for d in p["dice"])
    if p["scored"]:
        roles = tuple(p["scored"]["roles"])
    elif opts:
        roles = tuple(die_roles(dice, opts[0].base))
    else:
        roles = ("counts",) * len(dice)
    limit, marker, must = 0, p["marker"], False
    here = pid != m.GERMAN and p["status"] == "ashore" and place in sm.sectors
    if solo and here:  # the automated Unit keeps its own count: 2 turns, 1 where it can't stay (solo.py)
        stay = r["solo"].get("stay", 0)
        limit = t.value("solitaire", "cant_stay_turns" if "cant_stay" in sm.sector(place).attributes
                        else "turns_per_sector")
        marker, must = min(stay + 1, limit), stay >= limit
    elif pid != m.GERMAN and place in sm.sectors:
        limit = t.value("units", "cant_stay_limit" if "cant_stay" in attributes(v, pid) else "marker_limit")
        must = here and moves.must_move(v, pid)
    allowed = rerolls(v, pid)
    return PlayerView(
        id=pid, name=m.player_name(v, pid), side=p["side"], nation=p["nation"], status=p["status"], sector=place,
        sector_name=sm.name(place) if place >= 0 else "", marker=marker, marker_limit=limit, must_move=must,
        soldiers=p["soldiers"], courage=p["courage"], stars=p["stars"], tools=p["tools"], force=m.force(p),
        specialists=_cards(p["specialists"], solo), items=_cards(p["items"], solo),
        vehicles=_cards(p["vehicles"], solo), awards=_cards(p["awards"], solo), hand=_cards(p["hand"], solo),
        decorations=_cards(secrets.get("hand", ()), solo) if pid == m.GERMAN else (),
        decorations_held=r["decorations"]["held"] if pid == m.GERMAN else 0,
        dice=tuple(DieView(k, d[0], COLOUR_NAMES.get(d[0], d[0]), d[1], t.faces[d[1]].name, d[2] > 0, d[2] == 2,
                           roles[k] if k < len(roles) else "counts") for k, d in enumerate(p["dice"])),
        rolled=p["rolls"] > 0, rerolls_left=max(0, allowed - max(0, p["rolls"] - 1)) if p["rolls"] else allowed,
        kept=p["kept"], scored=tuple(p["scored"]["names"]) + (gain_words(p["scored"]["gain"]),) if p["scored"] else (),
        score_choices=tuple(ScoreChoice(o.action, o.words(), dict(o.gain), tuple(die_roles(dice, o.base)))
                            for o in opts),
        nation_name=t.value("nations", p["nation"]) if p["nation"] in t.rules["nations"] else "German",
        colour=t.colours.get(p["nation"], ""), badges=_cards(p["badges"], solo), tokens=p["tokens"],
        mulligans=p["mulligans"], explosives=explosives(p), silenced=tuple(m.card_name(c) for c in p["silent"]),
    )


def table(state: GameState, side: str) -> Table:
    v = view(state, side)
    r = m.rec(v)
    sm = m.sectors(v)
    secrets = v.secrets.get(m.GERMAN, {}) if side == "german" else {}
    players = tuple(_player(v, pid, secrets) for pid in r["order"])
    g = next((p for p in players if p.id == m.GERMAN), None)
    live_guns = german.mgf_active(r)
    where: dict[int, list[str]] = {}
    for pid in m.on_map(r):
        where.setdefault(m.place_of(v, pid), []).append(pid)
    sectors = tuple(SectorView(
        s.place, s.label, s.name, s.row, s.defence, s.mgf,
        bool(s.mgf) and live_guns and s.label not in r["silenced"], s.special_damage, s.bunker,
        m.card_name(s.requires) if s.requires else "", tuple(ATTRIBUTE_WORDS.get(a, a) for a in sorted(s.attributes)),
        tuple(where.get(s.place, ())), s.number, s.defence_later, _ways(sm, s.place)) for s in sm.sectors.values())
    c = waiting(v)
    phase = current_phase(v).id
    return Table(
        mode=r["mode"], turn=v.turn, phase=phase, phase_name=phase_name(phase), active=v.active, players=players,
        german=g, mgf_active=live_guns, mines_active=german.mines_active(r),
        decoration_deck=len(v.secrets.get(m.GERMAN, {}).get("deck", ())) if side == "german" else
        _deck_size(r), decoration_discard=tuple(m.card_name(x) for x in r["decorations"]["discard"]),
        deck_top=tuple(m.card_name(x) for x in secrets.get("top", ())),
        waiting=_waiting_words(v, c) if c else "",
        sectors=sectors, winner=r["winner"], end=r["end"], modules=modules(v, side), campaign=campaign_view(v),
        sniper=_sniper(v.turn, r["solo"]) if m.solo(r) else "")


def _waiting_words(v: GameState, c: dict) -> str:
    """Who must choose what, and why: a card to give up says which kind ("must give up a
    Specialist (Special Damage)"), as its choices in the Actions dock read."""
    who, why = m.player_name(v, c["player"]), c.get("why") or c["kind"]
    kind = c.get("what", "") if c["kind"] == "loss" else ""
    if kind in ("specialist", "item", "vehicle", "award", "decoration", "badge"):
        return f"{who} must give up {'an' if kind[0] in 'aeiou' else 'a'} {kind.capitalize()} ({why})"
    return f"{who} must choose: {why}"


def _sniper(turn: int, s: dict) -> str:
    """The automated Unit's Sniper: not yet rallied, firing (from the turn after its first
    Advance, each turn the Unit stays: the German loses a Specialist), or dead; the
    Scharfschütze's shots at him (the fourth finds him)."""
    if s.get("sniper") == "dead":
        return "Allied Sniper: dead (DDD-SOLO-12)"
    if s.get("sniper") != "active":
        return "Allied Sniper: not yet rallied; the Allied Unit rallies him at its first Advance (DDD-SOLO-10)"
    when = "from next turn" if s.get("sniper_turn", turn) >= turn else "now"
    shots = tables().value("solitaire", "scharfschuetze_uses")
    return (f"Allied Sniper: fires {when}, every turn the Allied Unit does not move: you lose a Specialist; "
            f"Scharfschütze shots at him {s.get('tokens', 0)} of {shots} (DDD-SOLO-10..12)")


def _ways(sm, i: int) -> tuple[str, ...]:
    """The ways on from Sector ``i`` (a Unit never moves back), grouped to keep the place dock
    short: "Advance to Sector 4 (2 Courage), Sector 5 (1 Courage, Land Mines)", "across to
    Sector 1 (Barrier), Sector 3", each line's printed Courage, Land Mines, Barrier (STD-DDD-MOVE)."""
    here = sm.sector(i)
    up: list[str] = []
    across: list[str] = []
    for j, line in sorted(sm.neighbours(i), key=lambda w: sm.sector(w[0]).x):
        if sm.sector(j).row < here.row:
            continue
        bits = [f"{line.courage} Courage"] * bool(line.courage) + ["Land Mines"] * line.mines + ["Barrier"] * line.barrier
        (up if sm.advance(i, j) else across).append(sm.name(j) + (f" ({', '.join(bits)})" if bits else ""))
    return tuple(f"{how} {', '.join(ws)}" for how, ws in (("Advance to", up), ("across to", across)) if ws)


def _deck_size(r: dict) -> int:
    """The Allies' count of the face-down deck: every Decoration less those held and played."""
    d = r["decorations"]
    return max(0, d.get("size", 0) - d["held"] - len(d["discard"]))


@dataclass(frozen=True, eq=False, repr=False)
class Choice(Record):
    """Something a player may do now, in words."""

    action: object
    kind: str
    words: str


def choices(state: GameState, side: str) -> list[Choice]:
    """Every action ``side`` may take now, with its words (names, never ids)."""
    return [Choice(a, a.kind, describe(state, a)) for a in legal_actions(state, side)]
