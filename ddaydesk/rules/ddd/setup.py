"""A new D-Day Dice game: who plays (the options), each player's card, the pools and decks,
and the opening phases (landing, the German's start, Blind start)."""

from __future__ import annotations

from ddaydesk.engine import ON_MAP, Changes, GameState, IllegalAction
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables

ABSENT = "absent"  # engine status of a scenario Unit whose nation does not play


def mode_of(options: dict[str, bool]) -> str:
    if options.get("solitaire"):
        return "solitaire"
    if options.get("atlantikwall") or options.get("auto_german"):
        return "atlantikwall"
    return "coop"


def setup(state: GameState) -> None:
    """Engine set-up (no dice yet): players, cards, pools; Units still in their landing craft."""
    sc = state.scenario
    opts = state.options
    mode = mode_of(opts)
    playing = [u for u in sc.units if opts.get(f"unit_{u.nationality}")]
    if mode == "solitaire":
        playing = (playing or list(sc.units))[:1]  # one automated Unit (DDD-SOLO-01)
    if not playing:
        raise IllegalAction("no Allied Unit plays: tick at least one nation")
    if opts.get("auto_german") and mode == "solitaire":
        raise IllegalAction("in solitaire you are the German: the program plays the Allied Unit")
    t = tables()
    german = mode != "coop"
    r = {"players": {}, "order": [u.id for u in playing], "mode": mode, "auto_german": bool(opts.get("auto_german")),
         "pool": {}, "awards": {"deck": [], "discard": []}, "decorations": {"discard": [], "held": 0},
         "silenced": [], "pending": [], "turnfx": {}, "assault": {}, "solo": {}, "winner": None, "end": ""}
    hand = sorted(c.id for c in t.of_kind("specialist") if c.klass in ("regular", "reserve") and not c.rookie)
    for u in playing:
        p = m.new_player("allied", u.nationality, u.id)
        p["soldiers"] = t.value("units", "start_soldiers")
        p["hand"] = list(hand)
        r["players"][u.id] = p
    in_play = {u.id for u in playing}
    for k, u in enumerate(sc.units):
        if u.id not in in_play:
            state.status[k] = ABSENT
    r["pool"]["allied"] = allied_pool(state, german, len(playing))
    r["awards"]["deck"] = sorted(c.id for c in t.of_kind("award") if c.expansion in AWARD_SETS)
    if german:
        german_player(state, r, len(playing))
    modules_setup(state, r)
    state.extra[m.EXTRA] = r


AWARD_SETS = ("base", "atlantikwall_general", "overlord_general")


def modules_setup(state: GameState, r: dict) -> None:
    """Atlantikwall's modules and Overlord at set-up (what needs no dice; the rest is
    ``ashore``'s): the decks, the tokens, the Rookie Officers, the campaign."""
    from ddaydesk.rules.ddd import badges, bonus, campaign, conditions, rookie

    conditions.setup(r)
    badges.setup(r)
    bonus.tokens_setup(state, r)
    rookie.setup(state, r)
    r.update(snafu=None, major=None, new_battle=True)
    campaign.setup(state, r)


def allied_pool(state: GameState, german: bool, units: int) -> list[str]:
    """Unique and Ranking Specialists, Regular and Legendary Items, the map's Special Items (never
    more, however many play: DDD-NATION-02) and the Vehicles; the Atlantikwall cards only
    against a German (DDD-GER-05), the War Correspondent only with 2 Units or more."""
    t = tables()
    specials = set(t.battle_map(m.sectors(state).map_id)["special_items"])
    out = []
    for c in t.cards.values():
        if c.expansion == "atlantikwall" and not german or c.expansion in ("gott_mit_uns", "overlord") \
                or c.multiplayer and units < 2:
            continue
        if c.kind == "specialist" and c.klass in ("unique", "ranking") or c.kind == "vehicle" \
                or c.kind == "item" and (c.klass in ("regular", "legendary") or c.id in specials):
            out.append(c.id)
    return sorted(out)


def german_player(state: GameState, r: dict, units: int) -> None:
    """DDD-GER-02..04: the German Pool, the face-down Decoration deck, 4 Soldiers, the
    Unteroffizier and 3 Courage per Allied Unit after the first. Solitaire removes the cards
    its rules list (DDD-SOLO-16, -17)."""
    t = tables()
    solo = r["mode"] == "solitaire"
    g = m.new_player("german", "german", None)
    g["status"] = "bunker"
    first = t.value("german", "start_specialist")
    g["soldiers"] = t.value("german", "start_soldiers")
    g["specialists"] = [first]
    g["courage"] = t.value("german", "courage_per_extra_unit") * (min(units, t.value("players", "setup_as_most")) - 1)
    r["players"][m.GERMAN] = g
    r["order"].append(m.GERMAN)
    pool = [c.id for c in (*t.of_kind("german_specialist"), *t.of_kind("german_item")) if c.id != first]
    r["pool"]["german"] = sorted(c for c in pool if not (solo and c in t.solo_unavailable))
    gmu = bool(state.options.get("gott_mit_uns"))
    deck = sorted(c.id for c in t.of_kind("decoration")
                  if (c.expansion == "base" or gmu and c.expansion == "gott_mit_uns")
                  and not (solo and c.id in t.solo_unavailable))
    r["decorations"]["size"] = len(deck)
    state.secrets = {**state.secrets, m.GERMAN: {"hand": [], "deck": deck, "top": []}}


# -- opening phases ---------------------------------------------------------------------------
def land(state: GameState, pid: str, place: int, ch: Changes) -> None:
    """``pid``'s Unit comes ashore in Sector ``place`` (its marker shows 1)."""
    r = m.own(state)
    p = m.player(r, pid)
    k = state.unit(pid)
    state.place[k] = place
    state.status[k] = ON_MAP
    state.part[k] = ""
    p["status"] = "ashore"
    p["marker"] = 1
    p["visited"] = [state.scenario.board.labels[place]]
    p["path"].append(state.scenario.board.labels[place])
    p["entered"] = state.turn
    ch.moved.append((pid, -1, place, (place,)))
    ch.notes.append(f"{m.player_name(state, pid)} lands in {m.sectors(state).name(place)}")


def ashore(state: GameState, ch: Changes) -> None:
    """Hook ``ddd_ashore``: with one landing Sector every Unit lands there; the automated Unit
    of solitaire lands in a Sector of the beach row drawn at random (DDD-SOLO-01)."""
    from ddaydesk.rules.ddd import badges, bonus, rookie

    r = m.rec(state)
    starts = m.sectors(state).starts
    if not starts:
        raise IllegalAction(f"map {state.scenario.board.id} has no landing Sector (start: true)")
    bonus.deal_snafu(state, ch)
    if not r.get("campaign") or r["campaign"]["battle"] == 0:  # once a game
        badges.assistance(state, ch)
        rookie.pick_major(state, ch)
    for pid in m.allied_ids(r):
        if m.solo(r):
            roll = ch.roll(state, len(starts), "landing Sector of the automated Allied Unit")
            land(state, pid, starts[roll.value - 1], ch)
        elif len(starts) == 1:
            land(state, pid, starts[0], ch)


def landing_choice(state: GameState) -> bool:
    r = m.rec(state)
    return any(m.player(r, p)["status"] == "landing" for p in m.allied_ids(r))


def german_start(state: GameState, ch: Changes) -> None:
    """Hook ``ddd_german_start``: the Blind start roll, 1d6 per Allied player (one die in a
    2-player or solitaire game) (DDD-GER-44, -45); one die needs no choice."""
    if not state.options.get("blind_start"):
        return
    r = m.own(state)
    n = min(len(m.allied_ids(r)), tables().value("players", "setup_as_most"))  # 5 or 6 Units: as 4 (DDD-NATION-02)
    dice = [ch.roll(state, tables().value("german", "blind_die"), "Blind start").value for _ in range(n if n > 1 else 1)]
    r["blind"] = dice
    if len(dice) == 1:
        blind_pick(state, 0, ch)


def blind_pick(state: GameState, die: int, ch: Changes) -> None:
    """Die ``die`` is the German's Soldiers; the others, added up, his Courage. The
    Unteroffizier stays (the catalogue's reading of DDD-GER-44)."""
    r = m.own(state)
    dice = r.pop("blind")
    g = m.player(r, m.GERMAN)
    g["soldiers"] = dice[die]
    g["courage"] = sum(dice) - dice[die]
    ch.notes.append(f"Blind start: the German begins with {g['soldiers']} Soldiers and {g['courage']} Courage")
