"""The :class:`~ddaydesk.ui.port.GamePort` over ``ddaydesk.engine`` (docs/engine.md).

Translation only: engine states become :class:`GameView`s, ``reach`` a :class:`MoveRange`,
``IllegalAction`` a :class:`PortError`; what a system adds, through its profile."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ddaydesk.board import Board
from ddaydesk.engine import (
    ELIMINATED,
    PENDING,
    WITHHELD,
    Action,
    EndPhase,
    Game,
    IllegalAction,
    Move,
    current_phase,
    legal_actions,
    load_sequence,
    rules_module,
    view,
    zoc_map,
)
from ddaydesk.engine.opening import LogCheck, open_save
from ddaydesk.engine.savefile import is_save, save_text
from ddaydesk.formats.scenariofile import Scenario, load_scenario
from ddaydesk.ui.action_marks import last_moves
from ddaydesk.ui.action_text import describe, places
from ddaydesk.ui.names import Namer, place_text
from ddaydesk.ui.port import (
    Capabilities,
    GameView,
    LogEntry,
    PortError,
    UnitInfo,
)
from ddaydesk.ui.port_combat import CombatPort
from ddaydesk.ui.port_moves import drifts, listed_moves, move_modes, move_range, why_not_move
from ddaydesk.ui.port_supply import SupplyPort
from ddaydesk.ui.port_text import capabilities, log_entry, own_moves, phase_title
from ddaydesk.ui.profiles import profile_for
from ddaydesk.ui.profiles.base import UIProfile

if TYPE_CHECKING:
    from ddaydesk.ui.port_values import MoveRange


def open_engine_game(path: str | Path, options: dict[str, bool] | None = None,
                     seed: int | None = None) -> EnginePort:
    """A saved game (from its checkpoint, its log still to check: ``port.check``; an old
    save replayed and verified) or a new game of a scenario; ``seed`` is for tests, whose
    games must play the same every run."""
    if is_save(str(path)):
        game, check = open_save(path)
        port = EnginePort(game)
        port.check = check
        return port
    sc = load_scenario(path)
    opts = dict(sc.options)
    opts.update(options or {})
    return EnginePort(Game(sc, seed, options=opts))  # without a seed: the OS's dice, drawn when rolled


class EnginePort(CombatPort, SupplyPort):
    def __init__(self, game: Game):
        self.game = game
        self.scenario: Scenario = game.scenario
        sid = self.scenario.system.id
        sequence = load_sequence(sid).phases
        self._phases = tuple(p.id for p in sequence)
        self.profile = profile_for(sid)
        self.name = Namer(self.scenario, self.profile.words)  # engine text -> names
        self._caps = capabilities(self.scenario, sequence, self.profile.move_kind)
        self._own_moves = own_moves(sid)
        self._oos_key: tuple = ()
        self._oos: set[str] = set()
        self._log_entries: dict[str, list[tuple[Action, LogEntry]]] = {}  # per side, see _log
        rm = rules_module(sid)  # a system's own words for its actions and phases, where it has them
        self._describe, self._phase_name, self._phase_label = rm.describe, rm.phase_name, rm.phase_label
        self._perils = rm.perils
        self._held = rm.held
        self._previews = None  # supply_port.MovePreviews, made on the first hover
        self.check: LogCheck | None = None  # a save's log still being checked (ui/savecheck.py)
        self.supply_later = False  # the first frame's counters without supply marks (ui/startup.py)

    @property
    def board(self) -> Board:
        return self.scenario.board

    def sides(self) -> tuple[str, ...]:
        return self.scenario.system.sides

    def active_side(self) -> str:
        return self.game.state.active

    def capabilities(self) -> Capabilities:
        return self._caps

    def place_name(self, place: int, part: str = "") -> str:
        return self.profile.where(self.board, place, part, place_text(self.board, place))

    def phase_title(self, phase_id: str) -> str:
        """A phase in words: the rules module's name for it, or the profile's title."""
        if self._phase_name is not None:
            return self.name(self._phase_name(phase_id))
        return phase_title(phase_id, self.sides(), self.profile.phase_titles)

    def phase_label(self, state) -> str:
        """The current phase in words (Koenig's rules add the formation drawn and its Operation)."""
        label = self._phase_label(state) if self._phase_label is not None else None
        return self.name(label) if label else self.phase_title(state.phase)

    def describe(self, state, action, where=None) -> str:
        """An action in words, read against ``state`` (the state it is, or was, taken in): the
        rules module's words where it has them, else the profile's phrases; never ids."""
        if self._describe is not None:
            return self.name(self._describe(state, action))
        if isinstance(action, EndPhase):
            return f"end of {self.phase_title(state.phase)}"
        return describe(self.scenario, action, self.place_name, self.profile.phrases,
                        where or self.unit_where(state), self.profile.phrase_values(state, action))

    def unit_where(self, state):
        """uid -> where that unit stands in ``state``, in words."""
        def where(uid: str) -> str:
            k = self.scenario.unit_index[uid]
            return self.place_name(state.place[k], state.part[k])
        return where

    def _index(self, unit: str) -> int:
        try:
            return self.scenario.unit_index[unit]
        except KeyError:
            raise PortError(f"there is no unit {unit!r}") from None

    def _checking(self) -> None:
        if self.check is not None:
            raise PortError(f"the saved game is still being checked ({self.check.done} of "
                            f"{self.check.total} actions): a moment")

    def _do(self, action, step=None) -> None:
        """The engine's ``do(action)`` (or ``step()``: undo, redo); a refusal as a PortError."""
        self._checking()
        try:
            step() if step else self.game.do(action)
        except IllegalAction as exc:
            raise PortError(self.name(str(exc))) from None

    # -- reading ------------------------------------------------------------------------------
    def view(self, side: str) -> GameView:
        v = view(self.game.state, side)
        out = self._out_of_supply(side)
        perils = self._perils(self.game.state) if self._perils else {}  # (public: units on the map)
        units = []
        for k, u in enumerate(self.scenario.units):
            status = v.status[k]
            if status == "absent":  # a D-Day Dice nation nobody plays
                continue
            reduced = v.steps_lost[k] > 0 and u.reduced is not None
            a, d, m = u.reduced if reduced else (u.attack, u.defence, u.movement)
            place = v.place[k] if status not in (PENDING, WITHHELD) and v.part[k] not in self.profile.words \
                else -1
            units.append(UnitInfo(
                id=u.id, name=u.name, side=u.side, nationality=u.nationality, type=u.type,
                attack=a, defence=d, movement=m, place=place,
                reduced=v.steps_lost[k] > 0 and not self.profile.hit_markers, hq=u.hq, size=u.size or "",
                hits=v.steps_lost[k] if self.profile.hit_markers else 0, formation=u.formation or "",
                arrive_turn=u.arrive_turn if status == PENDING else None,
                eliminated=status == ELIMINATED, turns_out_of_supply=1 if u.id in out else 0,
                peril=self.name(perils[u.id]) if u.id in perils and place >= 0 else "",
                part=v.part[k], where=self.place_name(place, v.part[k]) if place >= 0 or v.part[k] else ""))
        pending, options = self._secret_choice(side)
        markers = tuple((m.kind, m.place, m.side) for m in v.markers if m.place >= 0)
        end = self._end_phase_text(v)
        if perils and current_phase(self.game.state).kind == "combat":  # (what its end costs: said before)
            end += "; beware: " + "; ".join(f"{u.name}, {u.peril}" for u in units if u.peril)
        return GameView(side=side, turn=v.turn, last_turn=self.scenario.last_turn,
                        phase=self.phase_label(v), phases=tuple(self.phase_title(p) for p in self._phases),
                        active_side=v.active, units=tuple(units), log=self._log(side),
                        secrets={k: str(val) for k, val in v.secrets.get(side, {}).items()},
                        secret_pending=pending, secret_options=options, trails=(moved := last_moves(self.game, side)).paths, trail_attacks=moved.attacks,
                        markers=markers + self.profile.markers(self.game.state),
                        drifts=drifts(self.game.state, self.board), outcome=self._outcome(), tracks=self.profile.tracks(v),
                        end_phase_text=end, end_phase_held=self._end_held(), first_turn=self.scenario.first_turn,
                        extra=self.profile.extra(v, side, self.name), table=self._table(v, side),
                        phase_side=current_phase(v).side if self.profile.phase_owner else "",
                        setup=current_phase(v).setup)

    def _table(self, state, side: str):
        """The profile's table; the legal actions it is given are worked out only for a profile
        with a table of its own (a start's first frame waits for none)."""
        if type(self.profile).table is UIProfile.table:
            return None
        return self.profile.table(self.game.state, side, self._choice_actions(self.game.state)
                                  if side == state.active else ())

    def _end_phase_text(self, state) -> str:
        words = self.profile.end_phase_words.get(state.phase)
        if not words and self._describe is not None:  # the rules' own words ("end the 3rd Division activation")
            words = self.describe(state, EndPhase(state.active))
        return words or f"end the {state.active.capitalize()} {self.phase_title(state.phase)}"

    def _end_held(self) -> str:
        """Why the phase cannot end now, when a decision must be made first (the rules' hold:
        a battle's answer, a roll, a result's choice); "" otherwise. Only a hold: the phase's
        own end checks (a compulsory attack, a landing not made...) lead on to what is owed."""
        return self.name(self._held(self.game.state, "end_phase") or "")

    def _outcome(self) -> str:
        out = self.game.state.game.get("outcome")
        own = self.profile.outcome(self.game.state)  # a system's own words for its result first
        if own or not out:
            return own
        who = f"the {out['winner'].capitalize()} player wins" if out.get("winner") else "the game is drawn"
        rule = f" ({out['rule']})" if out.get("rule") else ""
        return self.name(f"Game over on turn {out.get('turn', '?')}: {who}: {out.get('reason', '')}{rule}")

    def _secret_choice(self, side: str) -> tuple[str | None, tuple[tuple[str, str], ...]]:
        """The invasion area to record now (D77-SET-03), with the areas the engine allows."""
        state = self.game.state
        phase = current_phase(state)
        if side != state.active or "choose_area" not in phase.actions:
            return None, ()
        regions = self.board.regions
        options = tuple((a.region, regions[a.region].name) for a in legal_actions(state, side, ("choose_area",)))
        return ("invasion_area", options) if options else (None, ())

    def _log(self, side: str) -> tuple[LogEntry, ...]:
        """The log as ``side`` reads it. Entries are kept per side with the action they tell
        of: the view is asked after every action, and only the new ones (those after an undo
        or a new action that replaced the undone ones) are written again. An action that is
        not secret reads the same to every side: its entry is the other side's, if written."""
        g = self.game
        if g.history_from:  # a save still being checked: only the actions after its checkpoint
            return tuple(log_entry(self, side, i) for i in range(g.history_from, g.pos))
        kept = self._log_entries.setdefault(side, [])
        k = min(len(kept), g.pos)
        while k and kept[k - 1][0] is not g.actions[k - 1]:
            k -= 1
        del kept[k:]
        others = [rows for s, rows in self._log_entries.items() if s != side]

        def entry(i: int) -> LogEntry:
            a = g.actions[i]
            if not a.secret:
                for rows in others:
                    if i < len(rows) and rows[i][0] is a:
                        return rows[i][1]
            return log_entry(self, side, i)

        kept += ((g.actions[i], entry(i)) for i in range(k, g.pos))
        return tuple(entry for _a, entry in kept)

    def needs_handover(self, from_side: str, to_side: str) -> bool:
        """Blank the screen between sides whenever a side holds a secret (or will: withheld set-up)."""
        if from_side == to_side:
            return False
        s = self.game.state
        return any(s.secrets.get(x) for x in self.sides()) or bool(s.options.get("withheld_setup"))

    # -- movement -----------------------------------------------------------------------------
    def legal_moves(self, unit: str, mode: str = "normal") -> MoveRange:
        self._index(unit)
        return move_range(self, unit, mode)

    def why_not(self, unit: str, place: int, mode: str = "normal") -> str:
        self._index(unit)
        return why_not_move(self, unit, place, mode)

    def move_modes(self) -> tuple[tuple[str, str, str], ...]:
        """(mode, title, why not now) of each way of moving the rules have (port_moves.py)."""
        return move_modes(self)

    def move(self, unit: str, path: list[int], mode: str = "normal") -> None:
        k = self._index(unit)
        side = self.scenario.units[k].side
        if "place_withheld" in current_phase(self.game.state).actions:
            # (D-Day '77's hidden set-up: imported when used)
            from ddaydesk.engine.hidden_setup import PlaceWithheld

            self._do(PlaceWithheld(side, unit, path[-1]))
            return
        if self._own_moves or self.profile.move_kind != "move":  # a move the rules list as their own action
            self._do(listed_moves(self, unit).get(path[-1]) or self.profile.move_action(self.game.state, unit, path[-1]))
            return
        self._do(Move(side, unit, path[-1], mode, via=tuple(path)))

    def withhold(self, unit: str) -> None:
        """Hold a unit back at set-up (D77-SET-01); it is placed later, unseen."""
        if "withhold" not in current_phase(self.game.state).actions:
            raise PortError("units are withheld only in the set-up phase for it")
        from ddaydesk.engine.hidden_setup import Withhold

        self._do(Withhold(self.scenario.units[self._index(unit)].side, unit))

    def _require(self, feature: str) -> None:
        why = self._caps.why_not(feature)
        if why:
            raise PortError(why)

    def zoc(self, side: str) -> frozenset[int]:
        self._require("zoc")
        m = zoc_map(self.game.state, side)
        return frozenset(i for i, b in enumerate(m) if b)

    def choices(self) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
        """What the game waits for now other than moves and the end of the phase, as
        (kind, plain words, places on the map) for the side that must act (``state.active``);
        a retreat's places are its path from the unit's hex, the last being where it ends; an
        action naming only a unit is about the unit's place."""
        state = self.game.state
        where = self.unit_where(state)
        out = []
        for a in self._choice_actions(state):
            start = getattr(a, "unit", None)
            at = state.place[self.scenario.unit_index[start]] if isinstance(start, str) and \
                start in self.scenario.unit_index else -1
            spots = places(a, at) or ((at,) if at >= 0 else ())
            out.append((a.kind, self.describe(state, a, where), spots))
        return tuple(out)

    def arrivals(self):
        """What may come onto the map now, with where (the placement pool, port_pool.py)."""
        from ddaydesk.ui.port_pool import arrivals

        return arrivals(self)

    def choice_preview(self, index: int) -> str:
        acts = self._choice_actions(self.game.state)
        if not 0 <= index < len(acts):
            return ""
        return self.profile.preview(self.game.state, acts[index], self.name)

    def choice_tips(self) -> tuple[str, ...]:
        """Each choice's hover text (the profile's ``choice_tip``), in ``choices()``' order; the
        legal actions listed again only for a profile with tips of its own (as ``_table``)."""
        if type(self.profile).choice_tip is UIProfile.choice_tip:
            return ()
        state = self.game.state
        return tuple(self.profile.choice_tip(state, a) for a in self._choice_actions(state))

    def _choice_actions(self, state) -> list:
        phase = current_phase(state)
        return legal_actions(state, state.active, [k for k in phase.actions if k not in ("move", "end_phase")])

    def choose(self, index: int) -> None:
        acts = self._choice_actions(self.game.state)
        if not 0 <= index < len(acts):
            raise PortError("that choice is no longer open")
        self._do(acts[index])

    def perform(self, action) -> None:
        self._do(action)  # the engine checks it as any action: refused, nothing changes

    def ask(self, question: str, **args):
        return self.profile.ask(self.game.state, self.name, question, **args)

    def undo_problem(self) -> str:
        return self.name(self.game.undo_problem() or "")

    # -- sequence, secrets, log -----------------------------------------------------------------
    def end_phase(self) -> None:
        self._do(EndPhase(self.game.state.active))

    def set_secret(self, key: str, value: str) -> None:
        if key != "invasion_area":
            raise PortError(f"no secret choice {key!r} in this game")
        from ddaydesk.engine.hidden_setup import ChooseArea

        self._do(ChooseArea(self.game.state.active, value))

    def undo(self) -> None:
        self._do(None, self.game.undo)

    def redo(self) -> None:
        self._do(None, self.game.redo)

    def can_undo(self) -> bool:
        return self.game.undo_problem() is None

    def can_redo(self) -> bool:
        return self.game.can_redo()

    def last_action_text(self) -> str:
        log = self._log(self.game.state.active)
        return log[-1].text if log else ""

    def save_bytes(self) -> bytes:
        self._checking()
        return save_text(self.game).encode("utf-8")
