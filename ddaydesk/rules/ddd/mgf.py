"""Machine-gun fire and Land Mines as dice: a d6 per machine-gun symbol, or Overlord's MGF dice
(DDD-OPT-15..20), chosen at set-up for the whole game (the German's own option for the guns
that hit him in solitaire); the Binoculars may turn one of them (their text: any die, an MGF
die too, DDD-OPT-18), the dice rolled first, the losses after.

A roll is ``[die, result, forced]``: ``die`` "d6" (result 1-6) or "mgf" (result a face id);
``forced`` marks a die a Rookie Officer's penalty fires, whose loss nothing saves
(DDD-ROOKIE-03).
"""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import gain_words
from ddaydesk.rules.ddd.pending import push

TURNERS = ("change_die",)  # card effects that may turn a machine-gun die (the Binoculars)


def uses_mgf_dice(state: GameState, payer: str) -> bool:
    return m.opt(state, "mgf_dice_german" if payer == m.GERMAN else "mgf_dice")


def roll(state: GameState, ch: Changes, payer: str, n: int, why: str, forced: int = 0, mines: bool = False) -> list:
    mgf = uses_mgf_dice(state, payer) and (not mines or m.opt(state, "mgf_dice_mines"))
    t = tables()
    out = []
    for k in range(n + forced):
        if mgf:
            faces = t.mgf_die.faces
            out.append(["mgf", faces[ch.roll(state, len(faces), f"MGF die: {why}").value - 1].id, k >= n])
        else:
            sides = t.value("combat", "mine_die" if mines else "mgf_die")
            out.append(["d6", ch.roll(state, sides, why).value, k >= n])
    return out


def value(die: list) -> int:
    """A die's d6 value (an MGF face by the value guide, DDD-OPT-19)."""
    return die[1] if die[0] == "d6" else tables().mgf_die.value(die[1])


def words(dice: list) -> str:
    mgf = tables().mgf_die
    return ", ".join(str(d[1]) if d[0] == "d6" else mgf.face(d[1]).name for d in dice)


def fire(state: GameState, pid: str, dice: list, ch: Changes, context: dict) -> None:
    """Dice rolled at Allied Unit ``pid``: a chance to turn one with the Binoculars first."""
    choice = {"kind": "mgf", "player": pid, "dice": dice, "why": context["why"], **context}
    if len(turn_answers(state, choice)) > 1:
        push(state, ch, choice)
    else:
        settle(state, choice, ch)


def turn_answers(state: GameState, choice: dict) -> list[str]:
    """"" (take the dice as they are) and each way the Unit's Binoculars may turn a die."""
    p = m.player(m.rec(state), choice["player"])
    cards = tables().cards
    turners = sorted({c for c in p["items"] if cards[c].effect in TURNERS})
    out = [""]
    for c in turners:
        for k, d in enumerate(choice["dice"]):
            faces = range(1, 7) if d[0] == "d6" else [f.id for f in tables().mgf_die.faces]
            out += [f"{c}:{k}:{f}" for f in faces if f != d[1]]
    return out


def answer(state: GameState, choice: dict, value_: str, ch: Changes) -> None:
    choice = {**choice, "dice": [list(d) for d in choice["dice"]]}  # (the waiting choice is the old state's)
    if value_:
        card, k, face = value_.split(":")
        p = m.player(m.own(state), choice["player"])
        p["items"].remove(card)
        p["used_items"].append(card)
        d = choice["dice"][int(k)]
        d[1] = int(face) if d[0] == "d6" else face
        ch.notes.append(f"{m.player_name(state, choice['player'])} uses the {m.card_name(card)}: a machine-gun die "
                        f"now shows {words([d])}")
    settle(state, choice, ch)


def settle(state: GameState, choice: dict, ch: Changes) -> None:
    """The losses of the dice and the Special Damage they set off."""
    from ddaydesk.rules.ddd import effects as fx

    pid, dice = choice["player"], choice["dice"]
    ignore = choice.get("ignore", False)
    special_from = choice.get("special_from", 6)
    who = m.player_name(state, pid)
    mgf = tables().mgf_die
    soldiers = 0
    special = False
    for d in dice:
        skull = d[0] == "mgf" and mgf.face(d[1]).skull
        special |= skull or value(d) >= special_from and (d[0] == "d6" or special_from < 6)
        if ignore and not d[2]:
            continue  # (the Flak Vest: no loss, but the guns still hit what they hit)
        soldiers += d[1] if d[0] == "d6" else _mgf_loss(state, pid, mgf.face(d[1]), choice.get("sd", False), ch)
    ch.notes.append(f"{choice['why']} on {who}: {words(dice)}")
    if soldiers:
        if pid == m.GERMAN:
            fx.german_loses(state, {"soldiers": soldiers}, ch, choice["why"])
        else:
            fx.unit_loses(state, pid, {"soldiers": soldiers}, ch, choice["why"])
    from ddaydesk.rules.ddd.combat import special_damage, took_bunker

    if special and choice.get("sd"):
        special_damage(state, pid, ch)
    if choice.get("combat"):
        took_bunker(state, pid, ch)


def _mgf_loss(state: GameState, pid: str, face, sd: bool, ch: Changes) -> int:
    """Soldiers an MGF die costs beyond what it takes now: what it shows, or 6 Soldiers when
    the Unit lacks it (DDD-OPT-16); a Skull 6 where the Sector has Special Damage (DDD-OPT-17)."""
    mgf = tables().mgf_die
    if face.skull:
        return mgf.skull_loss if sd else 0
    other = {k: v for k, v in face.loss.items() if k != "soldiers"}
    p = m.player(m.rec(state), pid)
    if any(p[k] < v for k, v in other.items()):
        ch.notes.append(f"{m.player_name(state, pid)} lacks {gain_words(other, '')}: {mgf.fallback_loss} Soldiers instead")
        return mgf.fallback_loss
    if other:
        m.add(m.player(m.own(state), pid), other, -1)
    return face.loss.get("soldiers", 0)
