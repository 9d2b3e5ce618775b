"""The :class:`~ddaydesk.ui.port.GamePort` over ``ddaydesk.engine`` (docs/engine.md).

Translation only: engine states become :class:`GameView`s, ``reach`` a :class:`MoveRange`,
``IllegalAction`` a :class:`PortError`. Supply and combat answer once their rules modules
(``ddaydesk.rules.supply``, ``ddaydesk.rules.combat``) are part of the build.
"""

from __future__ import annotations

from pathlib import Path

from ddaydesk.board import Board
from ddaydesk.engine import (
    ELIMINATED,
    ON_MAP,
    PENDING,
    WITHHELD,
    Action,
    EndPhase,
    Game,
    IllegalAction,
    Move,
    current_phase,
    legal_actions,
    load_game,
    load_sequence,
    reach,
    rules_module,
    view,
    zoc_map,
)
from ddaydesk.engine.hidden_setup import ChooseArea, PlaceWithheld, Withhold
from ddaydesk.engine.movement import move_problem, why_not
from ddaydesk.engine.savefile import is_save, save_text
from ddaydesk.formats.scenariofile import Scenario, load_scenario
from ddaydesk.rules.combat.words import log_text as combat_log_text
from ddaydesk.ui.port import (
    CombatPreview,
    CombatResult,
    GameView,
    LogEntry,
    MoveRange,
    PortError,
    SupplyView,
    UnitInfo,
)

NOT_YET = "is not part of this build yet"
WEATHER = {"CLR": "clear", "RAIN": "rain", "MUD": "mud", "SNOW": "snow"}


def phase_name(phase_id: str) -> str:
    """'allied.movement' -> 'movement', 'setup.invasion_area' -> 'invasion area'."""
    return phase_id.split(".", 1)[-1].replace("_", " ")


def open_engine_game(path: str | Path, options: dict[str, bool] | None = None) -> EnginePort:
    """A saved game (replayed and verified) or a new game of a scenario."""
    if is_save(str(path)):
        return EnginePort(load_game(path))
    sc = load_scenario(path)
    opts = dict(sc.options)
    opts.update(options or {})
    return EnginePort(Game(sc, options=opts))  # dice from the operating system, drawn when rolled


class EnginePort:
    def __init__(self, game: Game):
        self.game = game
        self.scenario: Scenario = game.scenario
        self._phases = tuple(p.id for p in load_sequence(self.scenario.system.id).phases)
        self._oos_key: tuple = ()
        self._oos: set[str] = set()
        self._log_entries: dict[str, list[tuple[Action, LogEntry]]] = {}  # per side, see _log
        rm = rules_module(self.scenario.system.id)
        self._words = rm.describe  # a system's own words for its actions and phases
        self._phase_name = rm.phase_name or phase_name
        self._phase_label = rm.phase_label
        self._previews = None  # supply_port.MovePreviews, made on the first hover

    @property
    def board(self) -> Board:
        return self.scenario.board

    def sides(self) -> tuple[str, ...]:
        return self.scenario.system.sides

    def _index(self, unit: str) -> int:
        try:
            return self.scenario.unit_index[unit]
        except KeyError:
            raise PortError(f"there is no unit {unit!r}") from None

    def _do(self, action) -> None:
        try:
            self.game.do(action)
        except IllegalAction as exc:
            raise PortError(str(exc)) from None

    # -- reading ------------------------------------------------------------------------------
    def view(self, side: str) -> GameView:
        v = view(self.game.state, side)
        out = self._out_of_supply(side)
        units = []
        for k, u in enumerate(self.scenario.units):
            status = v.status[k]
            if status == "absent":  # a D-Day Dice nation nobody plays
                continue
            reduced = v.steps_lost[k] > 0 and u.reduced is not None
            a, d, m = u.reduced if reduced else (u.attack, u.defence, u.movement)
            units.append(UnitInfo(
                id=u.id, name=u.name, side=u.side, nationality=u.nationality, type=u.type,
                attack=a, defence=d, movement=m, place=v.place[k] if status not in (PENDING, WITHHELD) else -1,
                reduced=v.steps_lost[k] > 0, hq=u.hq, size=u.size or "",
                arrive_turn=u.arrive_turn if status == PENDING else None,
                eliminated=status == ELIMINATED, turns_out_of_supply=1 if u.id in out else 0))
        pending, options = self._secret_choice(side)
        return GameView(side=side, turn=v.turn, last_turn=self.scenario.last_turn,
                        phase=(self._phase_label and self._phase_label(v)) or self._phase_name(v.phase),
                        phases=tuple(self._phase_name(p) for p in self._phases),
                        active_side=v.active, units=tuple(units), log=self._log(side),
                        secrets={k: str(val) for k, val in v.secrets.get(side, {}).items()},
                        secret_pending=pending, secret_options=options, trails=self._trails(),
                        markers=tuple((m.kind, m.place, m.side) for m in v.markers if m.place >= 0),
                        drifts=self._drifts(), outcome=self._outcome(), first_turn=self.scenario.first_turn)

    def _drifts(self) -> tuple[tuple[int, int], ...]:
        """Where airborne units were dropped against where they landed (FMU-AIRB-08), from the
        drop record the landing rules keep (docs/rules/fire-and-movement.md)."""
        drops = self.game.state.extra.get("fmu", {}).get("drops", {})
        out = []
        for d in drops.values():
            planned, landed = d.get("planned"), d.get("landed")
            if planned and landed and planned != landed:
                out.append((self.board.index(planned), self.board.index(landed)))
        return tuple(sorted(out))

    def _outcome(self) -> str:
        out = self.game.state.game.get("outcome")
        if not out:
            return ""
        who = f"the {out['winner']} player wins" if out.get("winner") else "the game is drawn"
        rule = f" ({out['rule']})" if out.get("rule") else ""
        return f"Game over on turn {out.get('turn', '?')}: {who}: {out.get('reason', '')}{rule}"

    def _trails(self) -> tuple[tuple[int, ...], ...]:
        """What each side did in its latest movement phase (movement is open information)."""
        g = self.game
        latest: dict[str, tuple] = {}  # side -> (turn, phase) of its latest movement
        out = []
        for i in range(g.pos - 1, -1, -1):
            before, ch = g.states[i], g.changes[i]
            if not ch.moved or not isinstance(g.actions[i], Move):
                continue
            side = g.actions[i].side
            key = latest.setdefault(side, (before.turn, before.phase))
            if key == (before.turn, before.phase):
                out.extend(tuple(p for p in path if p >= 0) for _u, _f, _t, path in ch.moved)
            if len(latest) == len(self.sides()) and all(
                    latest[s] != (before.turn, before.phase) for s in latest):
                break
        return tuple(reversed(out))

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
        or a new action that replaced the undone ones) are written again."""
        g = self.game
        kept = self._log_entries.setdefault(side, [])
        k = min(len(kept), g.pos)
        while k and kept[k - 1][0] is not g.actions[k - 1]:
            k -= 1
        del kept[k:]
        kept += ((g.actions[i], self._log_entry(side, i)) for i in range(k, g.pos))
        return tuple(entry for _a, entry in kept)

    def _log_entry(self, side: str, i: int) -> LogEntry:
        g = self.game
        board = self.board
        action, before, ch = g.actions[i], g.states[i], g.changes[i]
        words = None if action.secret else combat_log_text(self.scenario, action, before, ch)
        if action.secret and action.side != side:
            text = "a secret choice was recorded"
        elif words is not None:  # a combat action in words, its notes included
            text = words
        elif isinstance(action, Move) and ch.moved:
            unit, frm, to, _path = ch.moved[0]
            name = self.scenario.units[self.scenario.unit_index[unit]].name
            text = f"{name}: {board.labels[frm] if frm >= 0 else 'enters'} → {board.labels[to]}"
        elif self._words:
            text = self._words(before, action)
        elif isinstance(action, EndPhase):
            text = f"end of {phase_name(before.phase)}"
        else:
            text = action.kind.replace("_", " ")
        if ch.notes and words is None:
            text += "; " + "; ".join(ch.notes)
        return LogEntry(i + 1, before.turn, self._phase_name(before.phase), action.side, text,
                        tuple(r.value for r in ch.dice))

    def needs_handover(self, from_side: str, to_side: str) -> bool:
        """Blank the screen between sides whenever a side holds a secret (or will: withheld set-up)."""
        if from_side == to_side:
            return False
        s = self.game.state
        return any(s.secrets.get(x) for x in self.sides()) or bool(s.options.get("withheld_setup"))

    # -- movement -----------------------------------------------------------------------------
    def legal_moves(self, unit: str) -> MoveRange:
        state = self.game.state
        k = self._index(unit)
        phase = current_phase(state)
        if "place_withheld" in phase.actions:  # set-up: a withheld unit goes where it may stand
            spots = {a.place: 0 for a in legal_actions(state, phase.side, ("place_withheld",)) if a.unit == unit}
            if not spots:
                raise PortError(f"{unit} is not a withheld {phase.side} unit")
            return MoveRange(unit, -1, spots, {})
        if phase.kind != "movement" or phase.side != self.scenario.units[k].side:
            raise PortError(f"{unit} cannot move in the {phase_name(phase.id)} phase")
        problem = move_problem(state, k, "normal", phase.units)
        if problem:
            raise PortError(problem)
        r = reach(state, k)
        cost = {i: r.cost(i) for i in r.dest}
        came: dict[int, int] = {}
        passes: dict[int, float] = {}
        for i in r.dest:  # predecessors along every path, which may cross non-destinations
            j = i
            while r.prev[j] >= 0 and j not in came:
                came[j] = r.prev[j]
                j = r.prev[j]
                if j not in cost and j != r.start:
                    passes[j] = r.cost(j)
        if r.start >= 0:
            cost[r.start] = 0
        return MoveRange(unit, r.start, cost, came, frozenset(r.zoc_stops), passes)

    def why_not(self, unit: str, place: int) -> str:
        state = self.game.state
        k = self._index(unit)
        phase = current_phase(state)
        problem = move_problem(state, k, "normal", phase.units)
        return problem or why_not(state, reach(state, k), place)

    def move(self, unit: str, path: list[int]) -> None:
        k = self._index(unit)
        side = self.scenario.units[k].side
        if "place_withheld" in current_phase(self.game.state).actions:
            self._do(PlaceWithheld(side, unit, path[-1]))
            return
        self._do(Move(side, unit, path[-1], via=tuple(path)))

    def withhold(self, unit: str) -> None:
        """Hold a unit back at set-up (D77-SET-01); it is placed later, unseen."""
        if "withhold" not in current_phase(self.game.state).actions:
            raise PortError("units are withheld only in the set-up phase for it")
        self._do(Withhold(self.scenario.units[self._index(unit)].side, unit))

    def zoc(self, side: str) -> frozenset[int]:
        m = zoc_map(self.game.state, side)
        return frozenset(i for i, b in enumerate(m) if b)

    # -- supply and combat: from their rules modules --------------------------------------------
    def _supply_input(self, side: str):
        from ddaydesk.ui.supply_port import supply_input

        v = view(self.game.state, side)  # the other side's withheld units stay hidden
        return supply_input(self.scenario, v.place, [st == ON_MAP for st in v.status],
                            [n > 0 for n in v.steps_lost], [(m.kind, m.place) for m in v.markers],
                            v.turn, WEATHER.get(str(v.weather), str(v.weather).lower()))

    def _has_supply_rules(self) -> bool:
        """Koenig's D-Day has no supply rule: no trace, no out-of-supply marks."""
        from ddaydesk.rules.tables import table_path

        return table_path(self.scenario.system.id, "supply").is_file()

    def supply(self, side: str) -> SupplyView:
        if not self._has_supply_rules():
            raise PortError(f"{self.scenario.system.title} has no supply rules")
        try:
            from ddaydesk.ui.supply_port import compute_view
        except ImportError:  # a build without ddaydesk.rules.supply
            raise PortError(f"the supply trace {NOT_YET}") from None
        return compute_view(self._supply_input(side), side)

    def supply_after_move(self, unit: str, place: int, via: tuple[int, ...] = ()):
        """Both sides' supply as it would be after this move (the hover preview); None when the
        rules refuse it (docs/ui.md, "What-if supply")."""
        try:
            from ddaydesk.ui.supply_port import MovePreviews
        except ImportError:
            raise PortError(f"the supply trace {NOT_YET}") from None
        if self._previews is None:
            self._previews = MovePreviews()
        return self._previews.after_move(self.game, unit, place, via)

    def _out_of_supply(self, side: str) -> set[str]:
        """Units the supply rules find out of supply now (for the counters' "!" marks)."""
        if not self._has_supply_rules():
            return set()
        try:
            from ddaydesk.rules.supply import compute_supply
        except ImportError:
            return set()
        key = (self.game.pos, len(self.game.actions), side)
        if key != self._oos_key:
            result = compute_supply(self._supply_input(side), explain=False)
            self._oos = {u for u, us in result.units.items() if not us.supplied}
            self._oos_key = key
        return self._oos

    def combat_preview(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatPreview:
        phase = current_phase(self.game.state)
        if phase.kind != "combat":
            raise PortError(f"attacks are made in a combat phase, not in {phase_name(phase.id)}")
        from ddaydesk.ui.combat_port import preview

        return preview(self.game.state, attackers, defender_place, support)

    def resolve_combat(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatResult:
        """Declare the attack (unless it waits declared) and roll it with the support given.

        When the defender has an answer to give first (D77-AIR-16/20: close defensive support)
        the declaration stands and the result says so, with no roll: the defender answers
        through :meth:`choices`, then the attacker rolls."""
        from ddaydesk.rules.combat.actions import DeclareAttack, ResolveCombat
        from ddaydesk.rules.combat.flow import pending

        state = self.game.state
        waiting = pending(state)
        if waiting is None:
            self.combat_preview(attackers, defender_place, support)  # the refusal, if any, first
            self._do(DeclareAttack(state.active, tuple(attackers), defender_place))
            waiting = pending(self.game.state)
        if waiting["stage"] == "response":
            return CombatResult((), "", f"the {waiting['defender_side']} player answers the attack first")
        self._do(ResolveCombat(waiting["side"], nbp=support.get("nbp", 0), cas=support.get("cas", 0)))
        ch = self.game.changes[self.game.pos - 1]
        done = pending(self.game.state) or {}
        result = done.get("result") or next((n.split("→ ", 1)[1].split(" ", 1)[0] for n in ch.notes
                                             if "→ " in n), "")
        return CombatResult(tuple(r.value for r in ch.dice if "marker" not in r.purpose), result,
                            combat_log_text(self.scenario, self.game.log[-1], self.game.states[self.game.pos - 1], ch))

    def choices(self) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
        """What the game waits for now other than moves and the end of the phase, as
        (kind, plain words, places on the map) for the side that must act (``state.active``);
        a retreat's places are its path from the unit's hex, the last being where it ends."""
        from ddaydesk.ui.action_text import describe, places

        state = self.game.state
        out = []
        for a in self._choice_actions(state):
            start = getattr(a, "unit", None)
            at = state.place[self.scenario.unit_index[start]] if isinstance(start, str) and \
                start in self.scenario.unit_index else -1
            words = self._words(state, a) if self._words else describe(self.scenario, self.board, a)
            out.append((a.kind, words, places(a, at)))
        return tuple(out)

    def _choice_actions(self, state) -> list:
        phase = current_phase(state)
        return legal_actions(state, state.active, [k for k in phase.actions if k not in ("move", "end_phase")])

    def choose(self, index: int) -> None:
        acts = self._choice_actions(self.game.state)
        if not 0 <= index < len(acts):
            raise PortError("that choice is no longer open")
        self._do(acts[index])

    def undo_problem(self) -> str:
        return self.game.undo_problem() or ""

    # -- sequence, secrets, log -----------------------------------------------------------------
    def end_phase(self) -> None:
        self._do(EndPhase(self.game.state.active))

    def set_secret(self, key: str, value: str) -> None:
        if key != "invasion_area":
            raise PortError(f"no secret choice {key!r} in this game")
        self._do(ChooseArea(self.game.state.active, value))

    def undo(self) -> None:
        try:
            self.game.undo()
        except IllegalAction as exc:
            raise PortError(str(exc)) from None

    def redo(self) -> None:
        try:
            self.game.redo()
        except IllegalAction as exc:
            raise PortError(str(exc)) from None

    def can_undo(self) -> bool:
        return self.game.undo_problem() is None

    def can_redo(self) -> bool:
        return self.game.can_redo()

    def last_action_text(self) -> str:
        log = self._log(self.game.state.active)
        return log[-1].text if log else ""

    def save_bytes(self) -> bytes:
        return save_text(self.game).encode("utf-8")
