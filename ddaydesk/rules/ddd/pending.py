"""Choices the game waits for: which Specialist, Item or Vehicle a loss takes (its owner
picks: DDD-GER-37), which loss a Wound Badge takes (DDD-GER-35), the Decoration a German
Straight takes (DDD-GER-23), the order of the Decorations Ingenuity shows (DDD-GER-21), which
tally the Close Combat Clasp keeps (DDD-SOLO-14); and Overlord's and the modules' (answered by a
``Decide``): ignoring a Battle Condition (DDD-COND-04), Carry On!'s Sector, Specialist and
Stars (DDD-OPT-03..06), Major McMoron's next host (DDD-ROOKIE-09), the Rookie Officer's Award
(DDD-ROOKIE-05), the Binoculars on a machine-gun die; the order of the Battle Conditions seen
by Forward Observation (DDD-COND-09).

While one waits, its chooser is the active side and only its answer is accepted (a hold).
A choice with one answer, or one the program makes (the automated German), is made at once.
"""

from __future__ import annotations

from itertools import permutations

from ddaydesk.engine import Changes, GameState, IllegalAction, current_phase
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import parse_gain

ANSWERS = ("choose_loss", "pick_decoration", "order_decorations", "pick_tally", "decide", "order_conditions")
DECIDED = ("cancel_condition", "retreat", "keep", "split", "major", "rookie_award", "mgf")
ANSWER_OF = {"loss": "choose_loss", "wound": "choose_loss", "pick_decoration": "pick_decoration",
             "order": "order_decorations", "pick_tally": "pick_tally", "order_conditions": "order_conditions",
             **dict.fromkeys(DECIDED, "decide")}
LISTS = {"specialist": "specialists", "item": "items", "vehicle": "vehicles"}


def side_of(pid: str) -> str:
    return "german" if pid == m.GERMAN else "allied"


def answers(state: GameState, choice: dict) -> list[str]:
    """The answers a choice allows (card ids, losses, or "original"/"new")."""
    r = m.rec(state)
    pid = choice["player"]
    p = m.player(r, pid)
    kind = choice["kind"]
    if kind == "loss":
        from ddaydesk.rules.ddd.rookie import keeps

        what = choice["what"]
        if what == "decoration":
            return sorted(set(state.secrets.get(m.GERMAN, {}).get("hand", [])))
        source = choice.get("source", "")
        return sorted({c for c in p[LISTS[what]] if not keeps(state, pid, c, source)})
    if kind in DECIDED or kind == "order_conditions":
        from ddaydesk.rules.ddd.decisions import decision_answers

        return decision_answers(state, choice)
    if kind == "wound":
        return [loss for loss in tables().cards[choice["card"]].losses if payable(state, p, loss)]
    if kind == "pick_decoration":
        return sorted(set(state.secrets.get(m.GERMAN, {}).get("deck", [])))
    if kind == "order":  # the German's top Decorations, from his secrets (never in the open record)
        return [",".join(o) for o in permutations(state.secrets.get(m.GERMAN, {}).get("top", []))]
    if kind == "pick_tally":
        return ["original", "new"]
    raise ValueError(kind)


def payable(state: GameState, p: dict, loss: str) -> bool:
    """A loss the German can pay: he holds some of it (DDD-GER-35)."""
    if loss == "decoration":
        return bool(state.secrets.get(m.GERMAN, {}).get("hand"))
    if loss in LISTS:
        return bool(p[LISTS[loss]])
    return any(p[res] > 0 for res in parse_gain(loss))


def push(state: GameState, ch: Changes, choice: dict) -> None:
    """Ask for ``choice`` (``kind``, ``player``, ...): made at once when it has one answer or
    the program plays its chooser; dropped when it has none."""
    got = answers(state, choice)
    if not got:
        if choice.get("why"):
            ch.notes.append(f"{choice['why']}: nothing to lose")
        return
    if len(got) == 1 and choice["kind"] != "pick_tally" or _automatic(state, choice):
        from ddaydesk.rules.ddd.auto import answer

        resolve(state, choice, got[0] if len(got) == 1 else answer(state, choice, got), ch)
        return
    r = m.own(state)
    r["pending"].append(choice)
    state.active = side_of(choice["player"])


def _automatic(state: GameState, choice: dict) -> bool:
    """The program answers for its German, and for the automated Unit of solitaire."""
    r = m.rec(state)
    return choice["player"] == m.GERMAN and r["auto_german"] or choice["player"] != m.GERMAN and m.solo(r)


def waiting(state: GameState) -> dict | None:
    r = m.rec(state)
    return r["pending"][0] if r and r["pending"] else None


def hold_reason(state: GameState) -> str | None:
    c = waiting(state)
    if c is None:
        return None
    return f"waiting for {m.player_name(state, c['player'])} to choose ({c.get('why') or c['kind']})"


def resolve(state: GameState, choice: dict, value: str, ch: Changes) -> None:
    from ddaydesk.rules.ddd import german

    r = m.own(state)
    pid = choice["player"]
    p = m.player(r, pid)
    kind = choice["kind"]
    who = m.player_name(state, pid)
    if kind == "loss":
        german.lose_card(state, pid, choice["what"], value, ch, choice.get("why", ""))
    elif kind == "wound":
        if value in LISTS or value == "decoration":
            push(state, ch, {"kind": "loss", "player": pid, "what": value, "why": m.card_name(choice["card"])})
        else:
            lost = m.add(p, parse_gain(value), -1)
            ch.notes.append(f"{m.card_name(choice['card'])}: {who} loses {_words(lost)}")
    elif kind == "pick_decoration":
        german.take_from_deck(state, value, ch, free=True)
    elif kind == "order":
        sec = m.german_secrets(state)
        sec["top"] = value.split(",")
        ch.notes.append("the German puts the Decorations back on the deck")
    elif kind in DECIDED or kind == "order_conditions":
        from ddaydesk.rules.ddd.decisions import decide

        decide(state, choice, value, ch)
    elif kind == "pick_tally":
        clasp = p.pop("clasp")
        if value == "original":
            p["dice"] = clasp["original"]
        ch.notes.append(f"{who} keeps the {'first' if value == 'original' else 'new'} Final Tally")


def _words(lost: dict) -> str:
    from ddaydesk.rules.ddd.gains import gain_words

    return gain_words(lost, "") if lost else "nothing"


def answer_apply(state: GameState, value: str, kind: str, side: str, ch: Changes,
                 player: str | None = None) -> None:
    """Apply an answer action: the first waiting choice, of ``kind``, by ``side`` (and by
    ``player``, for answers that name their player)."""
    c = waiting(state)
    if c is None or ANSWER_OF[c["kind"]] != kind or side_of(c["player"]) != side \
            or player not in (None, c["player"]):
        raise IllegalAction("no such choice is waiting")
    if value not in answers(state, c):
        raise IllegalAction(f"{value!r} is not one of the answers")
    r = m.own(state)
    r["pending"].pop(0)
    resolve(state, c, value, ch)
    r = m.rec(state)
    state.active = side_of(r["pending"][0]["player"]) if r["pending"] else current_phase(state).side
