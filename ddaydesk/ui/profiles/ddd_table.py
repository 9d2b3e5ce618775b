"""The port side of D-Day Dice's panels (no Qt): one side's table (``rules.ddd.view.table``) with
the choices it offers by their index in the port's list, so the dice tray and the player cards
take an action the way the Actions dock does (``Controller.choose``), and the reasons a greyed
button gives (the engine's own refusal, in names).

Also the turn's phases as the phase strip shows them (the rules module names the phases; the
strip only groups the German's and the automated steps with the Allies' step of the same
number)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ddaydesk.engine import GameState, problem
from ddaydesk.records import Record
from ddaydesk.rules.ddd import conditions, german, scoring
from ddaydesk.rules.ddd import model as m
from ddaydesk.rules.ddd.actions import KeepDice, LockDie, Reroll, RollDice
from ddaydesk.rules.ddd.data import tables
from ddaydesk.rules.ddd.tally import die_roles
from ddaydesk.rules.ddd.view import Table, table

KIND_WORDS = {"specialist": "Specialist", "item": "Item", "vehicle": "Vehicle", "award": "Award",
              "german_specialist": "Specialist", "german_item": "Item", "decoration": "Decoration",
              "badge": "Badge"}
COST_WORDS = {"specialist": "Stars", "german_specialist": "Stars", "item": "Item Points",
              "german_item": "Item Points", "vehicle": "Item Points", "decoration": "Courage"}
DICE_KINDS = ("roll_dice", "lock_die", "reroll", "keep_dice", "score_tally", "pick_tally")

#: the steps of a turn: (number, short title, phase ids); a German's phases share the Allies' step
STEPS = (
    ("1", "Roll", ("roll", "german_roll", "german_roll_auto")),
    ("2", "Tally", ("tally", "german_tally", "german_tally_auto")),
    ("3", "Markers", ("upkeep",)),
    ("4", "Rally & find", ("supply", "german_supply", "german_supply_auto")),
    ("5", "Move", ("move", "bot_move")),
    ("6", "Combat", ("combat", "solo_combat")),
    ("7", "Assault", ("assault",)),
)


@dataclass(frozen=True, eq=False, repr=False)
class DDDTable(Record):
    """What D-Day Dice's panels show for one side (``GameView.table``)."""

    table: Table
    side: str
    index: dict = field(default_factory=dict)  # action -> its index in the port's choices
    why_not: dict = field(default_factory=dict)  # (kind, player) -> why roll/re-roll/keep is refused now
    bunker: tuple[str, ...] = ()  # the German's defences and Decorations in words, with rule ids
    #: player -> (words, roles per die): how the dice rolled so far would score if kept now
    preview: dict = field(default_factory=dict)
    guns_off: str = ""  # why no machine gun fires this turn (a Battle Conditions card), in words
    options: frozenset = frozenset()  # the modules and optional rules on (their ids)

    def choice(self, action) -> int | None:
        """The index of ``action`` among the choices open now, or None."""
        return self.index.get(action)

    def actions_of(self, player: str, kind: str) -> list[tuple[int, object]]:
        """(index, action) of every open choice of ``kind`` by ``player``, in the port's order."""
        return [(k, a) for a, k in self.index.items() if a.kind == kind and getattr(a, "player", None) == player]

    def busy(self, player: str) -> bool:
        """``player`` has dice to roll, lock, re-roll, keep or score now."""
        return any(a.kind in DICE_KINDS and getattr(a, "player", None) == player for a in self.index)

    def step(self) -> str:
        """The number of the turn's step now ("" outside the seven: landing, the turn's start)."""
        return next((n for n, _t, ids in STEPS if self.table.phase in ids), "")


def card_tip(c) -> str:
    """A card's text on hover (a chip, a line of the Actions dock): its name, kind and cost,
    the text, and whether it is ours."""
    from html import escape  # (after the first frame: hovered, or a card held)

    cost = f", {c.cost} {COST_WORDS[c.kind]}" if c.cost and c.kind in COST_WORDS else ""
    ours = ("<br><i>ddaydesk's own text: the printed card's is not public (STD-DDD-CARDS)</i>"
            if c.default else "")
    return f"<b>{escape(c.name)}</b> ({KIND_WORDS.get(c.kind, c.kind)}{cost})<br>{escape(c.text)}{ours}"


def read_table(state: GameState, side: str, actions) -> DDDTable:
    t = table(state, side)
    index = {a: k for k, a in enumerate(actions)}
    why: dict[tuple[str, str], str] = {}
    if actions and t.phase in STEPS[0][2]:  # this side rolls now: why a dice button of its own is greyed
        for p in t.players:
            if p.side != side or p.status not in ("ashore", "bunker") and p.id != "german":
                continue
            for a in (RollDice(side, p.id), Reroll(side, p.id), KeepDice(side, p.id), LockDie(side, p.id, 0)):
                if a not in index:
                    why[(a.kind, p.id)] = problem(state, a) or ""
    preview = {p.id: _as_kept(state, p.id) for p in t.players if p.rolled and not p.kept and p.dice}
    return DDDTable(t, side, index, why, bunker_lines(t), {k: v for k, v in preview.items() if v}, guns_off(state),
                    frozenset(k for k, on in state.options.items() if on))


def guns_off(state: GameState) -> str:
    """The Battle Conditions card in play that silences every machine gun this turn (Fog), for
    every Unit still fighting (a Unit may give a card up to ignore it: then they fire at it)."""
    r = m.rec(state)
    units = m.active_units(r)
    cards = [c for c in conditions.in_play(r) if "mgf_off" in c.flags]
    if cards and units and all("mgf_off" in conditions.effects(state, u).flags for u in units):
        return f"{cards[-1].name}: no machine gun fires this turn (STD-DDD-COND)"
    return ""


def _as_kept(state: GameState, pid: str) -> tuple[str, tuple[str, ...]] | None:
    """The richest way the dice rolled so far would score if kept now (the rules' own scoring of
    a copy of the state), with the part each die plays in it: a player sees the RWBs, Straight
    and Skulls forming while rolling."""
    s = state.copy()
    s.own(m.EXTRA)["players"][pid]["kept"] = True
    opts = scoring.options(s, pid)
    if not opts:
        return None
    best = max(opts, key=lambda o: sum(o.gain.values()))
    dice = tuple((d[0], d[1]) for d in m.player(m.rec(s), pid)["dice"])
    return best.words(), tuple(die_roles(dice, best.base))


def bunker_lines(t: Table) -> tuple[str, ...]:
    """What the German controls, in words for either side: his machine guns and Land Mines
    (live only while he has the Specialist who works them), and his Decorations (the Allies
    see how many he holds, never which)."""
    g = t.german
    if g is None:
        return ()
    tab = tables()
    gunner, pioneer = (tab.cards[tab.value("german", k)] for k in ("mgf_activator", "mines_activator"))
    guns = (f"Machine guns: firing, the {gunner.name} mans them (DDD-GER-08..09)" if t.mgf_active else
            f"Machine guns: silent until he rallies the {gunner.name} ({gunner.cost} Stars) (DDD-GER-08..09)")
    mines = (f"Land Mines: armed, the {pioneer.name} laid them (DDD-GER-08..09)" if t.mines_active else
             f"Land Mines: harmless until he rallies the {pioneer.name} ({pioneer.cost} Stars) (DDD-GER-08..09)")
    silenced = [s.name for s in t.sectors if s.mgf and not s.mgf_live and t.mgf_active]
    out = [guns, mines]
    if silenced:
        out.append("Silenced for good: " + ", ".join(silenced) + " (DDD-GER-38)")
    deck = f"Decorations (DDD-GER-22..26): {g.decorations_held} in his hand, {t.decoration_deck} in the deck"
    if t.decoration_discard:
        deck += f"; played: {', '.join(t.decoration_discard)}"
    out.append(deck)
    if t.deck_top:
        out.append("Next in the deck, as he saw them: " + ", ".join(t.deck_top))
    if t.sniper:
        out.append(t.sniper)
    return tuple(out)


def map_marks(state: GameState) -> tuple[tuple[str, int, str | None], ...]:
    """The map's marks the profile draws itself, for the legend: each Sector whose machine guns
    fire, each Unit's marker, and what the Battle Map prints on its lines."""
    r = m.rec(state)
    sm = m.sectors(state)
    live = german.mgf_active(r) and not guns_off(state)
    guns = tuple(("ddd_guns", s.place, None) for s in sm.sectors.values()
                 if s.mgf and live and s.label not in r["silenced"])
    units = tuple(("ddd_marker", m.place_of(state, pid), "allied") for pid in m.on_map(r))
    lines = sm.lines.values()  # what the map prints on its lines, for the legend (one mark each)
    printed = [k for k, on in (("ddd_courage", any(ln.courage for ln in lines)), ("ddd_mines", any(ln.mines for ln in lines)),
                               ("ddd_barrier", any(ln.barrier for ln in lines))) if on]
    return guns + units + tuple((k, min(sm.sectors), None) for k in printed)
