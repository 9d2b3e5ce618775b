"""The German played by the program (option ``auto_german``; ddaydesk's own play, not a rule:
STD-DDD-AUTO in docs/rules/ddd.md), and the answers it gives to the choices put to it.

It plays by the same actions and checks as a person, inside the hooks of the ``*_auto``
phases: it keeps Soldiers and RWB makings, scores the tally worth most to it, rallies the
Maschinengewehr-Schütze and the Pionier first (they switch the map's defences on), buys
Decorations with its Courage and plays them and its Items at the strongest Allied Unit.
"""

from __future__ import annotations

from ddaydesk.engine import Changes, GameState, load_sequence, rules_module
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd import scoring
from ddaydesk.rules.ddd.actions import KeepDice, LockDie, Reroll, RollDice
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.gains import parse_gain

VALUE = {"soldiers": 1.0, "courage": 0.7, "stars": 1.2, "tools": 0.8}
KEEP = ("soldiers", "soldier", "star")  # faces worth locking
FIRST = ("mg_schuetze", "pionier")


def value(gain: dict[str, int]) -> float:
    return sum(VALUE.get(k, 0) * v for k, v in gain.items())


def _do(state: GameState, ch: Changes, action) -> None:
    phase = load_sequence("ddd").phase(state.phase)
    rules_module("ddd").handlers[action.kind].apply(state, action, ch, phase)


def _legal(state: GameState, kind: str) -> list:
    phase = load_sequence("ddd").phase(state.phase)
    return list(rules_module("ddd").handlers[kind].legal(state, "german", phase))


def play(state: GameState, ch: Changes) -> None:
    """Hook ``ddd_auto_german``: the German's part of the phase."""
    r = m.rec(state)
    if r["winner"] or not m.has_german(r):
        return
    step = state.phase.removesuffix("_auto")
    if step == "german_roll":
        _roll(state, ch)
    elif step == "german_tally":
        opts = scoring.options(state, m.GERMAN)
        if opts:
            best = max(opts, key=lambda o: (value(o.gain) + 2 * len(o.effects), -len(o.base.cancel)))
            _do(state, ch, best.action)
    else:
        _supply(state, ch)


def _roll(state: GameState, ch: Changes) -> None:
    _do(state, ch, RollDice("german", m.GERMAN))
    g = m.player(m.rec(state), m.GERMAN)
    for cards in _legal(state, "use_card"):  # the Dog and the Barbed Wire take Blue dice first
        if tables().cards[cards.card].effect == "take_dice":
            _take_best(state, ch, cards.card)
    while not g["kept"]:
        good = [k for k, d in enumerate(g["dice"]) if d[1] in KEEP and not d[2]]
        marked = [k for k, d in enumerate(g["dice"]) if d[2]]
        free = [k for k, d in enumerate(g["dice"]) if not d[2]]
        want = good[: max(0, len(free) - 1)]
        while len(marked) + len(want) < tables().min_locked and len(want) < len(free) - 1:
            want.append(next(k for k in free if k not in want))
        if len(want) == len(free) or Reroll("german", m.GERMAN) not in _legal(state, "reroll") and not want:
            _do(state, ch, KeepDice("german", m.GERMAN))
            break
        for k in want:
            _do(state, ch, LockDie("german", m.GERMAN, k))
        if Reroll("german", m.GERMAN) in _legal(state, "reroll"):
            _do(state, ch, Reroll("german", m.GERMAN))
        else:
            _do(state, ch, KeepDice("german", m.GERMAN))
        g = m.player(m.rec(state), m.GERMAN)


def _take_best(state: GameState, ch: Changes, card: str) -> None:
    while True:
        takes = [a for a in _legal(state, "use_card") if a.card == card]
        if not takes:
            return
        r = m.rec(state)
        _do(state, ch, max(takes, key=lambda a: _worth(r, a)))  # noqa: B023 (used at once)


def _worth(r: dict, a) -> tuple:
    die = r["solo"]["pool"][a.die] if a.source == "pool" else m.player(r, a.source)["dice"][a.die]
    return (die[1] in KEEP, die[0] == "blue", die[1] != "skull")


def _supply(state: GameState, ch: Changes) -> None:
    cards = tables().cards
    for _ in range(40):  # each pass spends something; the bound is a guard only
        r = m.rec(state)
        if r["winner"] or r["pending"]:
            return
        rallies = _legal(state, "rally_specialist")
        first = [a for a in rallies if a.card in FIRST]
        if first or rallies:
            _do(state, ch, (first or sorted(rallies, key=lambda a: -cards[a.card].cost))[0])
            continue
        finds = _legal(state, "find_item")
        if finds:
            _do(state, ch, max(finds, key=lambda a: cards[a.card].cost))
            continue
        if _legal(state, "draw_decoration"):
            _do(state, ch, _legal(state, "draw_decoration")[0])
            continue
        uses = [a for a in _legal(state, "use_card") if cards[a.card].effect not in ("second_tally", "take_dice")]
        if not uses:
            return
        _do(state, ch, max(uses, key=lambda a: _target_worth(r, a)))


def _target_worth(r: dict, a) -> int:
    return m.player(r, a.unit)["soldiers"] if a.unit else 0


def answer(state: GameState, choice: dict, answers: list[str]) -> str:
    """The program's answer to a choice put to the German."""
    cards = tables().cards
    kind = choice["kind"]
    if kind == "loss":
        if choice["what"] == "specialist":
            return min(answers, key=lambda c: (not cards[c].returns, c in FIRST, cards[c].cost, c))
        return min(answers, key=lambda c: (cards[c].cost, c))
    if kind == "wound":
        order = ("courage", "tools", "stars", "soldiers", "item", "decoration", "specialist")
        return min(answers, key=lambda loss: min(order.index(k) for k in (parse_gain(loss) if loss[0].isdigit()
                                                                            else {loss: 0})))
    if kind == "pick_decoration":
        return max(answers, key=lambda c: (value(cards[c].gain), c))
    if kind == "order":
        return next((a for a in answers if not any(cards[c].black for c in a.split(",")[:1])), answers[0])
    if kind == "pick_tally":
        return "original"
    return answers[0]
