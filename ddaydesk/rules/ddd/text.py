"""D-Day Dice's actions in the player's words: names of Units, cards, Sectors and dice faces,
never ids ("Advance the American Unit to Sector 5 (2 Courage, Land Mines)")."""

from __future__ import annotations

from ddaydesk.engine import EndPhase, GameState
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd import scoring
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import gain_words
from ddaydesk.rules.ddd.rolls import COLOUR_NAMES

PHASE_NAMES = {
    "ashore": "Landing", "landing": "Landing", "german_start": "The German's start", "blind_start": "Blind start",
    "turn_start": "Start of the turn", "roll": "Phase 1: roll the dice", "german_roll": "Phase 1: the German rolls",
    "german_roll_auto": "Phase 1: the German rolls", "tally": "Phase 2: the Final Tally",
    "german_tally": "Phase 2: the German's Final Tally", "german_tally_auto": "Phase 2: the German's Final Tally",
    "upkeep": "Phase 3: Unit markers", "supply": "Phase 4: Specialists and Items",
    "german_supply": "Phase 4: the German's Specialists, Items and Decorations",
    "german_supply_auto": "Phase 4: the German's Specialists, Items and Decorations",
    "move": "Phase 5: move", "bot_move": "Phase 5: the automated Unit moves", "combat": "Phase 6: combat",
    "solo_combat": "Phase 6: combat",
    "assault": "Phase 7: assault", "end_of_turn": "End of the turn", "over": "Game over",
    "debrief": "Between battles: the campaign record",
}


def phase_name(phase_id: str) -> str:
    return PHASE_NAMES.get(phase_id, phase_id.replace("_", " "))


def _die(state: GameState, pid: str, k: int) -> str:
    r = m.rec(state)
    d = (r["solo"]["pool"] if pid == "pool" else m.player(r, pid)["dice"])[k]
    return f"{COLOUR_NAMES.get(d[0], d[0])} {tables().faces[d[1]].name}"


def describe(state: GameState, a) -> str:
    """The action in words, read against ``state`` (the state it is, or was, taken in)."""
    who = m.player_name(state, getattr(a, "player", m.GERMAN))
    sm = m.sectors(state)
    kind = a.kind
    if isinstance(a, EndPhase):
        return f"End {phase_name(state.phase)}"
    if kind == "land_unit":
        return f"Land {who} in {sm.name(a.to)}"
    if kind == "blind_start":
        dice = m.rec(state).get("blind", [])
        soldiers = dice[a.die] if a.die < len(dice) else "?"
        return f"Start with {soldiers} Soldiers and {sum(dice) - soldiers if dice else 0} Courage"
    if kind == "roll_dice":
        return f"Roll {who}'s dice"
    if kind == "lock_die":
        locked = m.player(m.rec(state), a.player)["dice"][a.die][2]
        return f"{'Unlock' if locked else 'Lock'} {who}'s {_die(state, a.player, a.die)} (die {a.die + 1})"
    if kind == "reroll":
        return f"Re-roll {who}'s free dice"
    if kind == "keep_dice":
        return f"Keep {who}'s dice as the Final Tally"
    if kind == "pick_tally":
        return f"Keep {who}'s {'first' if a.original else 'new'} Final Tally (Close Combat Clasp)"
    if kind == "score_tally":
        for o in scoring.options(state, a.player):
            if o.action == a:
                return f"Score {who}'s tally: {o.words()}"
        return f"Score {who}'s tally"
    if kind == "trade_die":
        return f"{who}'s Lieutenant gives the {_die(state, a.player, a.die)} to {m.player_name(state, a.receiver)}"
    if kind == "rally_specialist":
        c = tables().cards[a.card]
        return f"{who}: rally the {c.name} ({c.cost} Star{'' if c.cost == 1 else 's'})"
    if kind == "find_item":
        c = tables().cards[a.card]
        return f"{who}: find the {c.name} ({c.cost} Item Point{'' if c.cost == 1 else 's'})"
    if kind == "trade_resources":
        return f"{who} gives {gain_words({a.resource: a.amount}, '')} to {m.player_name(state, a.receiver)}"
    if kind == "draw_decoration":
        return f"The German draws a Decoration ({tables().value('german', 'decoration_cost')} Courage)"
    if kind == "pick_decoration":
        return f"Take the {m.card_name(a.card)} (Straight)"
    if kind == "order_decorations":
        return "Put the Decorations back: " + ", then ".join(m.card_name(c) for c in a.order)
    if kind == "choose_loss":
        return f"{who} gives up " + (f"the {m.card_name(a.choice)}" if a.choice in tables().cards
                                     else a.choice.replace("tools", "Item Points"))
    if kind == "bunker_assault":
        return f"{who} assaults the Bunker"
    words = _overlord_words(state, a, who)
    if words:
        return words
    if kind == "sector_move":
        return _move_words(state, a, who)
    if kind == "use_card":
        return _use_words(state, a, who)
    return kind.replace("_", " ").capitalize()


def _move_words(state: GameState, a, who: str) -> str:
    from ddaydesk.rules.ddd.moves import cost

    sm = m.sectors(state)
    frm = m.place_of(state, a.player)
    line = sm.lines.get((frm, a.to))
    verb = "Advance" if line and sm.advance(frm, a.to) else "Move"
    extra = []
    if line:
        c = cost(state, a.player, frm, a.to)
        if c:
            extra.append(f"{c} Courage")
        if line.mines:
            extra.append("Land Mines")
    s = sm.sector(a.to)
    extra.append(f"DEF {s.defence}" + (f", {s.mgf} machine gun{'s' if s.mgf > 1 else ''}" if s.mgf else ""))
    return f"{verb} {who} {'to' if verb == 'Advance' else 'across to'} {s.name} ({'; '.join(extra)})"


def _use_words(state: GameState, a, who: str) -> str:
    c = tables().cards[a.card]
    if c.rookie:
        return f"{who}: pay {c.cost} Stars to send the {c.name} away"
    words = f"{who}: use the {c.name}"
    if a.unit:
        words += f" on {m.player_name(state, a.unit)}"
    if a.source:
        words += f", taking the {_die(state, a.source, a.die)} of " + (
            "the trading pool" if a.source == "pool" else m.player_name(state, a.source))
        return words
    if a.face and a.die >= 0 and c.effect == "change_die":
        words += f": turn the {_die(state, a.player, a.die)} to {tables().faces[a.face].name}"
    elif a.face:
        rwb = tables().rwb["allied"][a.face]
        words += f": the {rwb.name} RWB" + (f" ({rwb.options[a.die][0]})" if rwb.options else "")
    if a.pick:
        pick = tables().cards[a.pick]
        words += f": send the {pick.name} away" if pick.rookie else f": the {pick.name}"
    return words


def _overlord_words(state: GameState, a, who: str) -> str:
    """Atlantikwall's modules' and Overlord's actions."""
    kind = a.kind
    if kind == "decide":
        from ddaydesk.rules.ddd.decisions import words
        from ddaydesk.rules.ddd.pending import waiting

        c = waiting(state)
        return f"{who}: {words(state, c, a.choice)}" if c else f"{who} decides"
    if kind == "order_conditions":
        return "Put the Battle Conditions back: " + ", then ".join(tables().conditions[c].name for c in a.order)
    if kind == "forward_observation":
        return f"{who}: give up the {m.card_name(a.card)} to look at the next Battle Conditions"
    if kind == "mulligan":
        return f"{who}: spend a Mulligan token to roll every die again"
    if kind == "desperate_measure":
        return f"{who}: return a token to add a {COLOUR_NAMES.get(a.colour, a.colour)} {tables().faces[a.face].name}"
    if kind == "badge_of_courage":
        from ddaydesk.rules.ddd.badges import price

        return f"{who}: buy a Badge ({gain_words(price(), '')})"
    if kind == "give_badge":
        return f"{who} gives the {m.card_name(a.card)} to {m.player_name(state, a.receiver)}"
    if kind == "next_battle":
        c = m.rec(state)["campaign"]
        return f"Go on to battle {c['battle'] + 2}: {c['titles'][c['battle'] + 1]}"
    return ""
