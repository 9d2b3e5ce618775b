"""What each card effect does once its use is accepted (cards.py checks when and on what)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ddaydesk.engine import Changes, GameState
from ddaydesk.rules.ddd import effects as fx
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd import solo
from ddaydesk.rules.ddd.data import Card, tables
from ddaydesk.rules.ddd.gains import gain_words

if TYPE_CHECKING:  # (made where listed: actions_later.py says why)
    from ddaydesk.rules.ddd.actions_later import UseCard


def _turn_fx(state: GameState, pid: str) -> dict:
    return m.player(m.own(state), pid)["fx"]


def _leadership(state: GameState, pid: str, ch: Changes) -> None:
    """A Leadership RWB's bonus (the Command Jacket), Veterans included."""
    r = m.own(state)
    p = m.player(r, pid)
    rwb = tables().rwb["allied"]["star"]
    gain = dict(rwb.gains.get(p["nation"], {}))
    for c in m.effect_count(p, "leadership_bonus"):
        for k, v in c.gain.items():
            gain[k] = gain.get(k, 0) + v
    m.add(p, gain)
    ch.notes.append(f"{m.player_name(state, pid)}: {rwb.name} RWB, {gain_words(gain)}")


def _take_die(state: GameState, a: UseCard, ch: Changes) -> None:
    """A die changes hands (DDD-GER-07): Black becomes Blue going to the Allies, Blue becomes
    Black going to the German; Red and White stay."""
    r = m.own(state)
    t = tables()
    if a.source == "pool":
        die = r["solo"]["pool"].pop(a.die)
    else:
        die = m.player(r, a.source)["dice"].pop(a.die)
    colour = t.swap.get(die[0], die[0]) if (die[0] == "black") != (a.player == m.GERMAN) else die[0]
    m.player(r, a.player)["dice"].append([colour, die[1], 0])
    frm = "the trading pool" if a.source == "pool" else m.player_name(state, a.source)
    ch.notes.append(f"{m.player_name(state, a.player)} takes a {die[0]} {t.faces[die[1]].name} from {frm}"
                    + (f" (now {colour})" if colour != die[0] else ""))
    if a.source == "pool" and not r["solo"]["pool"]:
        solo.roll_pool(state, ch)


def apply_effect(state: GameState, a: UseCard, c: Card, e: str, ch: Changes) -> None:
    r = m.own(state)
    p = m.player(r, a.player)
    who = m.player_name(state, a.player)
    if e == "gain":
        fx.german_gains(state, c.gain, ch, c.name) if a.player == m.GERMAN else m.add(p, c.gain)
    elif e == "def_zero":
        _turn_fx(state, a.player)["def_zero"] = True
    elif e == "def_reduce_turn":
        f = _turn_fx(state, a.player)
        f["def_minus"] = f.get("def_minus", 0) + c.amount
    elif e == "ignore_mgf_turn":
        _turn_fx(state, a.player)["no_mgf"] = True
    elif e == "mgf_minus_turn":
        f = _turn_fx(state, a.player)
        f["mgf_minus"] = f.get("mgf_minus", 0) + c.amount
    elif e == "silence_mgf_turn":
        _turn_fx(state, a.player)["silent"] = True
    elif e == "silence_mgf":  # for good (DDD-GER-38)
        label = state.scenario.board.labels[m.place_of(state, a.player)]
        r["silenced"] = sorted({*r["silenced"], label})
        ch.notes.append(f"{who}'s Grenadier silences the machine guns of {m.sectors(state).name(m.place_of(state, a.player))} for good")
    elif e == "change_die":
        p["dice"][a.die][1] = a.face
    elif e == "trade_anywhere":
        _turn_fx(state, a.player)["anywhere"] = True
    elif e == "extra_rwb":
        _leadership(state, a.player, ch)
    elif e == "copy_tally":
        p["dice"] = [[d[0], d[1], 0] for d in m.player(r, a.source)["dice"]]
        p["kept"] = True
    elif e in ("steal_die", "take_dice"):
        takes = p["turn"].setdefault("takes", {})
        takes[c.id] = takes.get(c.id, 0) + 1
        _take_die(state, a, ch)
    elif e in ("german_loses_specialist", "pressure_specialist"):
        fx.german_loses_specialist(state, ch, c.name)
    elif e == "german_loses":
        fx.german_loses(state, c.gain, ch, c.name)
    elif e == "free_rally":
        if a.pick in p["specialists"]:  # a Rookie Officer sent away
            from ddaydesk.rules.ddd.rookie import dismiss

            dismiss(state, a.player, a.pick, ch, pay=False)
            return
        p["hand"].remove(a.pick)
        p["specialists"].append(a.pick)
        ch.notes.append(f"{who} rallies the {m.card_name(a.pick)} for free")
    elif e == "dismiss":
        from ddaydesk.rules.ddd.rookie import dismiss

        dismiss(state, a.player, c.id, ch, pay=True)
    elif e == "army_medal":
        from ddaydesk.rules.ddd import conditions

        if m.opt(state, "battle_conditions"):
            conditions.ignore_all(state, a.player)
            ch.notes.append(f"{who} ignores the Battle Conditions this turn")
        else:
            m.add(p, c.gain)
    elif e in ("medical", "ignore_skull_turn", "advance_discount_turn", "mine_proof_turn"):
        f = _turn_fx(state, a.player)
        key = {"medical": "medical", "ignore_skull_turn": "ignore_skull", "advance_discount_turn": "advance_minus",
               "mine_proof_turn": "mine_proof"}[e]
        f[key] = f.get(key, 0) + (c.amount or 1)
    elif e == "all_players_gain":
        fx.players_gain(state, c.gain, ch, c.name)
    elif e == "snipe":
        if m.solo(r):
            solo.snipe(state, ch)
        else:
            fx.unit_loses(state, a.unit, c.gain, ch, c.name)
    else:
        _german_effect(state, a, c, e, ch)


def _german_effect(state: GameState, a: UseCard, c: Card, e: str, ch: Changes) -> None:
    r = m.own(state)
    if e in ("unit_loses_item", "unit_loses_specialist", "unit_loses_vehicle"):
        fx.lose_card_choice(state, a.unit, e.rsplit("_", 1)[1], ch, c.name)
    elif e == "allies_lose":
        fx.allies_lose(state, c.gain, ch, c.name)
    elif e == "unit_loses":
        fx.unit_loses(state, a.unit, c.gain, ch, c.name)
    elif e == "unit_loses_d6":
        n = ch.roll(state, 6, f"{c.name} on {m.player_name(state, a.unit)}").value
        fx.unit_loses(state, a.unit, {"soldiers": n}, ch, c.name)
    elif e == "row_loses":
        for pid in m.active_units(r):
            place = m.place_of(state, pid)
            if m.sectors(state).sector(place).row == c.row:
                fx.unit_loses(state, pid, c.gain, ch, c.name)
    elif e == "mgf_plus_turn":
        r["turnfx"]["mgf_plus"] = r["turnfx"].get("mgf_plus", 0) + c.amount
    elif e == "def_plus_turn":
        r["turnfx"]["def_plus"] = r["turnfx"].get("def_plus", 0) + c.amount
    elif e == "special_damage_wider":
        r["turnfx"]["special_from"] = 5
    elif e == "no_trade_turn":
        r["turnfx"]["no_trade"] = True
    elif e == "second_tally":  # DDD-SOLO-14: a whole second roll with spare dice
        g = m.player(r, m.GERMAN)
        g["clasp"] = {"original": g["dice"]}
        g.update(dice=[], rolls=0, kept=False)
    elif e == "kill_sniper":
        solo.kill_sniper(state, ch, c.name)
    elif e == "anschluss":
        n = ch.roll(state, 6, c.name).value
        if n <= 3:
            fx.german_loses(state, {"soldiers": 3}, ch, f"{c.name} (rolled {n})")
        else:
            fx.german_gains(state, {"soldiers": 5}, ch, f"{c.name} (rolled {n})")
    elif e == "allied_rwb":  # DDD-SOLO-18, with the automated Unit's nation's numbers
        rwb = tables().rwb["allied"][a.face]
        nation = m.player(r, m.allied_ids(r)[0])["nation"]
        gain = rwb.options[a.die][1].get(nation, {}) if rwb.options else rwb.gains.get(nation, {})
        fx.german_gains(state, gain, ch, f"{c.name}: {rwb.name} RWB")

