"""D-Day Dice's part of the engine state: ``GameState.extra["ddd"]`` (open to every side) and
``GameState.secrets["german"]`` (the German's Decorations: hand, deck, the top cards he has
seen). Plain JSON-able dicts; change them only through :func:`own` inside a handler or hook.

Record (``rec(state)``):
- ``players``: player id -> the player's card: resources (``soldiers``, ``courage``, ``stars``,
  ``tools`` = Item Points), ``specialists``/``items``/``vehicles``/``awards`` (card ids),
  ``hand`` (Allied: Regular and Reserve Specialists not yet rallied), ``dice`` (``[colour,
  face, lock]``, lock 0 free, 1 marked, 2 held by a re-roll), ``rolls``, ``kept``, ``scored``
  (what the tally gave), ``marker`` (Unit marker), ``visited`` (Sector labels), ``status``
  (``ashore``, ``bunker`` = took the final Bunker, ``wiped_out``, ``destroyed`` in an
  assault, ``absent``), ``turn`` (this turn's flags) and ``fx`` (this turn's card effects);
  Overlord's: ``badges``, ``tokens`` (Mulligan tokens held), ``mulligans`` (used), ``path``
  (every Sector entered, in order, never reset), ``wipeouts``, ``badges_drawn``, ``hosted``
  (Major McMoron stayed with it), ``rookie`` (its Rookie Officer's flags: ``start``,
  ``award``), ``silent`` (cards whose ability is off: the solitaire Major face down);
- ``order``: players in play, Allied Units in scenario order, then ``german``;
- ``mode``: ``coop``, ``atlantikwall`` or ``solitaire``; ``auto_german``;
- ``pool``: ``allied`` and ``german`` card pools; ``awards``: deck and discard;
  ``decorations``: ``discard`` and ``held`` (how many the German holds: the Allies see a count);
- ``silenced``: Sectors whose machine guns a Grenadier removed for good (DDD-GER-38);
- ``pending``: choices the game waits for (a loss, the Straight's Decoration, the Clasp's
  tally), ``turnfx``: this turn's German effects, ``assault``, ``solo``, ``winner``, ``end``;
- Atlantikwall's modules and Overlord: ``conditions`` (Battle Conditions: ``deck``, ``discard``,
  the ``regular`` and ``weather`` cards in play; the cards a side has seen on top are in its
  secrets, ``conditions_top``), ``badges`` (``deck``, ``discard``), ``tokens`` (the Desperate
  Measures pool), ``snafu`` (Supply SNAFU's two face-up piles, top last), ``major`` (Major
  McMoron: ``card``, ``host``, ``active``), ``campaign`` (campaign.py), ``new_battle``.
"""

from __future__ import annotations

from typing import Any

from ddaydesk.engine import GameState
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import RESOURCES
from ddaydesk.rules.ddd.sectors import SectorMap

EXTRA = "ddd"
GERMAN = "german"
IN_PLAY = ("ashore",)  # Allied statuses that still roll, spend and move


def rec(state: GameState) -> dict[str, Any]:
    return state.record(EXTRA)


def own(state: GameState) -> dict[str, Any]:
    return state.own(EXTRA)


def sectors(state: GameState) -> SectorMap:
    """The Battle Map in play (a campaign's current battle)."""
    r = rec(state)
    return SectorMap.of(state.scenario.board, r["campaign"]["battle"] if r and r.get("campaign") else 0)


def player(r: dict, pid: str) -> dict[str, Any]:
    return r["players"][pid]


def allied_ids(r: dict) -> list[str]:
    return [p for p in r["order"] if p != GERMAN]


def active_units(r: dict) -> list[str]:
    """Allied Units still playing their turns (ashore, not yet in a taken Bunker)."""
    return [p for p in allied_ids(r) if r["players"][p]["status"] in IN_PLAY]


def on_map(r: dict) -> list[str]:
    """Allied Units on the map: ashore or holding a final Bunker."""
    return [p for p in allied_ids(r) if r["players"][p]["status"] in ("ashore", "bunker")]


def opt(state: GameState, name: str) -> bool:
    """An optional rule or module is on (system.yaml's options)."""
    return bool(state.options.get(name))


def has_german(r: dict) -> bool:
    return r["mode"] != "coop"


def solo(r: dict) -> bool:
    return r["mode"] == "solitaire"


def player_name(state: GameState, pid: str) -> str:
    if pid == GERMAN:
        return "the German"
    k = state.scenario.unit_index.get(pid)
    return state.scenario.units[k].name if k is not None else pid


def card_name(cid: str) -> str:
    c = tables().cards.get(cid)
    return c.name if c else cid


def place_of(state: GameState, pid: str) -> int:
    """The Sector of an Allied Unit (-1 off the map)."""
    k = state.scenario.unit_index.get(pid)
    return state.place[k] if k is not None else -1


def effect_count(p: dict, effect: str, solo_game: bool = False) -> list:
    """The cards ``p`` holds (Specialists, Vehicles, and permanent Items) with ``effect``
    (solitaire uses a card's solo effect where it has one)."""
    cards = tables().cards
    out = []
    silent = p.get("silent", ())
    for cid in (*p["specialists"], *p["vehicles"], *p["items"]):
        c = cards[cid]
        if cid in silent:
            continue
        e = c.solo_effect if solo_game and c.solo_effect else c.effect
        if e == effect and (c.kind != "item" and c.kind != "german_item" or c.permanent):
            out.append(c)
    return out


def force(p: dict) -> int:
    """Soldiers plus Specialists, each Specialist worth 1 Soldier (DDD-GER-27, DDD-SOLO-08)."""
    return p["soldiers"] + len(p["specialists"])


def add(p: dict, gain: dict[str, int], sign: int = 1) -> dict[str, int]:
    """Add (or with ``sign`` -1 take, never below 0) resources; returns what really changed."""
    done = {}
    for r in RESOURCES:
        n = gain.get(r, 0)
        if not n:
            continue
        before = p[r]
        p[r] = max(0, before + sign * n)
        if p[r] != before:
            done[r] = abs(p[r] - before)
    return done


def new_player(side: str, nation: str, unit: str | None) -> dict[str, Any]:
    return {"side": side, "nation": nation, "unit": unit, "soldiers": 0, "courage": 0, "stars": 0, "tools": 0,
            "specialists": [], "items": [], "vehicles": [], "awards": [], "hand": [], "lost": [],
            "dice": [], "rolls": 0, "kept": False, "scored": None, "marker": 1, "visited": [],
            "status": "landing", "turn": {}, "fx": {}, "used_game": [], "used_items": [],
            "badges": [], "tokens": 0, "mulligans": 0, "path": [], "wipeouts": 0, "badges_drawn": 0,
            "hosted": False, "rookie": {}, "silent": []}


def reset_turn(p: dict) -> None:
    p.update(dice=[], rolls=0, kept=False, scored=None, turn={}, fx={})
    p.pop("clasp", None)


def german_secrets(state: GameState) -> dict[str, Any]:
    """The German's own copy of his secrets, to change (a copied state shares the old one)."""
    mine = {k: list(v) for k, v in state.secrets.get(GERMAN, {}).items()}
    state.secrets = {**state.secrets, GERMAN: mine}
    return mine
