"""A game told turn by turn, from its log alone (no window): each turn's actions by phase, in
the log's words; its rolls with their tables and results; the moves and attacks to draw; the
units out of supply at its end and the units lost during it.

Public unless the game is over: a report is a file any player may read, so in an unfinished
game every side's secret actions are told only as "a secret choice was recorded" and nothing
a side's view hides is pictured (docs/ui.md, "Per-side views"). Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ddaydesk.engine import ELIMINATED, OVER
from ddaydesk.engine.tables import WEATHER_WORDS as WEATHER
from ddaydesk.engine.tables import load_weather_chart
from ddaydesk.ui.action_marks import Marks, action_marks
from ddaydesk.ui.port import DieRoll, GameView, LogEntry
from ddaydesk.ui.port_text import log_entry
from ddaydesk.ui.review_port import ReviewPort

ATTACKS = frozenset({"attack", "resolve_combat", "automatic_victory", "respond", "fire_attack", "close_combat",
                     "answer_battle", "fight", "bunker_assault", "bombard", "bomb", "para_drop",
                     "blockhouse_fire", "carpet_bomb", "patrol"})
MOVES = frozenset({"move", "retreat", "advance", "land", "land_unit", "land_from_sea", "invade", "drop",
                   "go_ashore", "place_withheld", "withdraw", "occupy", "sector_move", "reinforce"})


@dataclass(frozen=True)
class Action:
    entry: LogEntry
    kind: str  # "move", "attack" or "other": how the report marks it

    @property
    def rolls(self) -> tuple[DieRoll, ...]:
        return self.entry.rolls


@dataclass
class Phase:
    title: str  # "Allied movement"
    actions: list[Action] = field(default_factory=list)


@dataclass
class Turn:
    turn: int
    phases: list[Phase]
    end: int  # the position pictured: after the turn's last action
    view: GameView  # the map there, as every side may see it
    marks: Marks  # the turn's moves and attacks
    weather: str = ""
    supply: bool = True  # the game has supply rules (else nothing is said of supply)
    out_of_supply: dict[str, list[str]] = field(default_factory=dict)  # side -> unit names
    losses: dict[str, list[str]] = field(default_factory=dict)  # side -> "name eliminated" / "name reduced"

    @property
    def actions(self) -> list[Action]:
        return [a for p in self.phases for a in p.actions]


def kind_of(kind: str) -> str:
    return "attack" if kind in ATTACKS else "move" if kind in MOVES else "other"


def finished(port) -> bool:
    return port.game.state.phase == OVER or bool(port.game.state.game.get("outcome"))


def public_view(rp: ReviewPort) -> GameView:
    """The reviewed position as every side may see it: a unit stands on the map only where all
    sides' views put it (another side's withheld unit stands nowhere)."""
    views = [rp.view(s) for s in rp.sides()]
    first = views[0]
    if len(views) == 1:
        return first
    where = [{u.id: (u.place, u.part) for u in v.units} for v in views[1:]]
    units = tuple(u if all(w.get(u.id) == (u.place, u.part) for w in where) else
                  replace(u, place=-1, part="", where="") for u in first.units)
    return replace(first, units=units, secrets={}, trails=(), trail_attacks=())


def turns(rp: ReviewPort, progress=None) -> list[Turn]:
    """Every turn the log reached, oldest first. ``progress(done, total)`` is told per turn."""
    g, live = rp.game, rp.live
    over = finished(live)
    sides = live.sides()
    units = live.scenario.units
    starts = sorted(rp.steps.turn_starts.items())
    weather = load_weather_chart(live.scenario.system.id) is not None
    out: list[Turn] = []
    for n, (turn, start) in enumerate(starts):
        stop = starts[n + 1][1] if n + 1 < len(starts) else rp.end  # the next turn's first position
        end = max(start, stop - 1) if n + 1 < len(starts) else rp.end
        phases: list[Phase] = []
        marks = Marks()
        told: list[tuple[str, str]] = []  # the rules' own losses (D-Day Dice: Soldiers, cards)
        for i in range(start, stop):
            a = g.actions[i]
            # a finished game is told in full; an unfinished one keeps every side's secrets
            entry = log_entry(live, a.side if over else "", i)
            if not phases or phases[-1].title != f"{entry.side.capitalize()} {entry.phase}":
                phases.append(Phase(f"{entry.side.capitalize()} {entry.phase}"))
            phases[-1].actions.append(Action(entry, kind_of(a.kind)))
            marks = marks + action_marks(g, i, a.side if over else "")
            if over or not a.secret:
                told += [(side, live.name(words)) for side, words in live.profile.losses(g.changes[i].notes)]
        rp.seek(end)
        t = Turn(turn, phases, end, public_view(rp), marks)
        state = g.states[end]
        if state.weather and weather:  # a system without a weather chart has none to tell
            t.weather = WEATHER.get(str(state.weather), str(state.weather))
        t.supply = not live.capabilities().why_not("supply")
        if t.supply:
            for side in sides:
                names = [u.name for u in units if u.side == side and u.id in rp._out_of_supply(side)]
                if names:
                    t.out_of_supply[side] = names
        before, after = g.states[start], g.states[min(stop, rp.end)]
        for k, u in enumerate(units):
            if after.status[k] == ELIMINATED and before.status[k] != ELIMINATED:
                t.losses.setdefault(u.side, []).append(f"{u.name} eliminated")
            elif after.steps_lost[k] > before.steps_lost[k]:
                t.losses.setdefault(u.side, []).append(f"{u.name} reduced")
        for side, words in told:
            t.losses.setdefault(side, []).append(words)
        out.append(t)
        if progress is not None:
            progress(n + 1, len(starts))
    return out
