"""Loading a saved game: every field checked, then the log replayed with its recorded rolls.

Order of the checks, each problem ``file:line:col: message`` against the save: the JSON
(within limits: formats/jsonfile.py), the header's keys and types, the scenario (found by
its path relative to the save, else as a bundled scenario; its own problems name its file),
its content hash, the log's checksum, every action field by field against its action type
and every recorded roll, all before anything is replayed; then the replay, each action with
the rolls it recorded (a roll the rules ask for and the save does not hold, or of other
dice, is refused); then the final state's hash. Once verified, the game goes on with dice
from the operating system (or ``dice``, a test's source).

Version 1 saves hold a seed instead of rolls: they replay with that seed's dice
(:class:`SeededDice`) and are verified against the hash version 1 wrote, which included the
generator; the game then goes on with fresh dice like any other.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NamedTuple

from ddaydesk.engine.actions import Action, IllegalAction, action_from_json
from ddaydesk.engine.dice import Dice, RecordedDice, RecordMismatch, SeededDice, SystemDice
from ddaydesk.engine.game import Game
from ddaydesk.engine.state import GameState
from ddaydesk.engine.systems import rules_module
from ddaydesk.formats.errors import FormatError, Problem, clip, show
from ddaydesk.formats.jsonfile import load_json
from ddaydesk.formats.scenariofile import Scenario, load_scenario
from ddaydesk.formats.textfile import read_text
from ddaydesk.gcpause import gc_paused
from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.tables import tables_pinned

FORMAT = "ddaydesk-save"
VERSION = 3
HEAD = ("format", "version", "scenario", "options", "actions_sha256", "final_state_hash", "actions")
KEYS = {1: (*HEAD, "seed"), 2: (*HEAD, "opening_rolls"), 3: (*HEAD, "opening_rolls", "checkpoints")}
HEAD_TYPES = {"scenario": dict, "options": dict, "actions": list, "actions_sha256": str, "final_state_hash": str,
              "opening_rolls": list, "checkpoints": list}
TYPE_NAMES = {dict: "an object", list: "a list", str: "a string"}
ROLL = re.compile(r"d([1-9][0-9]{0,5})=([1-9][0-9]{0,5})")
SCENARIO_ID = re.compile(r"[A-Za-z0-9_.-]{1,100}")
MAX_REPORTED = 20  # bad actions listed before giving up on the rest


def actions_digest(actions: list[dict]) -> str:
    import hashlib  # (bulk hashing: not imported before a start's first frame, ddaydesk/digest.py)

    return hashlib.sha256(json.dumps(actions, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def canonical(d: dict) -> str:
    """The canonical text of a position's dict (:meth:`GameState.canonical_json`)."""
    return json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def sha256_of(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()


class Saved(NamedTuple):
    """A save read and checked, before its log is replayed."""

    doc: dict
    version: int
    scenario: Scenario
    log: list[Action]
    rolls: list[list[tuple[int, int]]]
    opening: list[tuple[int, int]]
    checkpoints: list[tuple[int, str]]  # (actions before it, the position's canonical text)


def load_game(path: str | Path, scenario: Scenario | None = None, dice: Dice | None = None) -> Game:
    """The saved game, replayed and verified; FormatError naming what did not match. The
    game goes on rolling ``dice`` (default: the operating system's randomness)."""
    # Thousands of small objects (the parsed log, the states), none of them garbage yet; and
    # one version of each rules table for the whole replay.
    with gc_paused(), tables_pinned():
        return SaveReader(str(path)).run(scenario, dice or SystemDice())


def check_save(path: str) -> None:
    load_game(path)


class SaveSummary(NamedTuple):
    title: str  # the scenario's
    actions: int
    turn: int | None  # of the last checkpoint (None: a save from before checkpoints)


def save_summary(path: str | Path) -> SaveSummary:
    """What a player knows a save by before it is opened (the restore offer after a crash):
    read, not replayed. FormatError when the file cannot say."""
    r = SaveReader(str(path))
    doc, _version = r.document()
    last = (doc.get("checkpoints") or [{}])[-1]
    position = last.get("position") if isinstance(last, dict) else None
    turn = position.get("turn") if isinstance(position, dict) else None
    return SaveSummary(r.find_scenario(doc["scenario"]).title, len(doc["actions"]),
                       turn if type(turn) is int else None)


class SaveReader:
    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []
        self.lines: list[str] = []
        self._lines_of: dict[str, int] = {}

    def fail(self, line: int, message: str) -> FormatError:
        return FormatError([*self.problems, Problem(self.path, line, 1, message)])

    def line_of(self, key: str) -> int:
        got = self._lines_of.get(key)
        if got is None:
            needle = f'"{key}"'
            got = self._lines_of[key] = next((n for n, line in enumerate(self.lines, 1) if needle in line), 1)
        return got

    # -- reading -------------------------------------------------------------------------------
    def run(self, scenario: Scenario | None, live: Dice) -> Game:
        return self.finish(self.read(scenario), live)

    def finish(self, saved: Saved, live: Dice) -> Game:
        """The whole log replayed and checked: the final state, then every checkpoint."""
        game = self.start(saved)
        self.replay(game, saved.log, saved.rolls if saved.version >= 2 else None)
        got = game.state.state_hash() if saved.version >= 2 else _v1_hash(game.state)
        if got != saved.doc["final_state_hash"]:
            self.problems.append(Problem(self.path, self.line_of("final_state_hash"), 1,
                                         f"final_state_hash: replaying the log gives state {got[:12]}..., "
                                         f"the save says {clip(str(saved.doc['final_state_hash']), 15)}"))
        for at, text in saved.checkpoints:
            if game.states[at].state_hash() != sha256_of(text):
                self.problems.append(self.checkpoint_problem(at))
        if self.problems:
            raise FormatError(self.problems)
        for s in game.states:  # from here on, dice nobody could read from the file
            s.dice = live.at(s.dice.draws)
        game.seed = None
        return game

    def document(self) -> tuple[dict, int]:
        """The save's JSON and its version, the header checked."""
        text = read_text(self.path)[1]
        self.lines = text.splitlines()
        doc = load_json(text, self.path)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise self.fail(1, f"not a ddaydesk save (no \"format\": \"{FORMAT}\")")
        return doc, self.header(doc)

    def read(self, scenario: Scenario | None) -> Saved:
        """Everything in the save read and checked, short of replaying its log."""
        doc, version = self.document()
        if scenario is None:
            scenario = self.find_scenario(doc["scenario"])
        self.check_scenario(doc["scenario"], scenario)
        actions = doc["actions"]
        if actions_digest(actions) != doc["actions_sha256"]:
            self.problems.append(Problem(self.path, self.line_of("actions_sha256"), 1,
                                         "actions: the action log does not match its checksum (actions_sha256): "
                                         "the save was edited or corrupted"))
        log, rolls = self.read_log(actions, scenario)
        return Saved(doc, version, scenario, log, rolls, self.opening(doc), self.checkpoints(doc, len(log)))

    def start(self, saved: Saved) -> Game:
        """The game before its first action, rolling the save's recorded dice."""
        doc = saved.doc
        if saved.version == 1:
            dice: Dice = SeededDice.from_seed(doc["seed"])
        else:
            dice = RecordedDice(tuple(saved.opening) + tuple(r for action_rolls in saved.rolls for r in action_rolls))
        try:
            game = Game(saved.scenario, options=doc["options"], dice=dice)
        except IllegalAction as exc:
            raise self.fail(self.line_of("options"), f"options: {clip(exc.reason, 300)}") from None
        except RecordMismatch as exc:
            raise self.fail(self.line_of("opening_rolls"), f"opening_rolls: {exc}") from None
        if saved.version >= 2 and [(r.sides, r.value) for r in game.start_changes.dice] != saved.opening:
            raise self.fail(self.line_of("opening_rolls"), "opening_rolls: the opening phases roll "
                            f"{_texts(game.start_changes.dice) or 'nothing'}, the save records "
                            f"{_texts(saved.opening) or 'nothing'}")
        return game

    def checkpoints(self, doc: dict, n: int) -> list[tuple[int, str]]:
        """``(actions before it, canonical text)`` of each checkpoint, in order."""
        out: list[tuple[int, str]] = []
        for k, cp in enumerate(doc.get("checkpoints", [])):
            at = cp.get("at") if isinstance(cp, dict) else None
            if not isinstance(cp, dict) or set(cp) != {"at", "position"} or type(at) is not int \
                    or not (out[-1][0] if out else 0) <= at <= n or not isinstance(cp["position"], dict):
                raise self.fail(self.line_of("checkpoints"), f"checkpoints[{k}]: expected {{\"at\": a number "
                                f"of actions (0 to {n}, in order), \"position\": a position}}, found {show(cp, 60)}")
            out.append((at, canonical(cp["position"])))
        return out

    def checkpoint_problem(self, at: int) -> Problem:
        return Problem(self.path, self.line_of("checkpoints"), 1,
                       f"checkpoints: the position saved after action {at} is not the one the action log leads "
                       "to: the save was edited or corrupted")

    def header(self, doc: dict) -> int:
        version = doc.get("version")
        if type(version) is not int or version not in KEYS:
            raise self.fail(self.line_of("version"), f"version: {show(version)} is not supported "
                            f"(this ddaydesk reads versions 1 to {VERSION})")
        missing = [k for k in KEYS[version] if k not in doc]
        if missing:
            raise self.fail(1, f"save: missing key(s) {', '.join(missing)}")
        for key, kind in HEAD_TYPES.items():
            if key in doc and not isinstance(doc[key], kind):
                raise self.fail(self.line_of(key), f"{key}: expected {TYPE_NAMES[kind]}, found {show(doc[key])}")
        for key, value in doc["options"].items():
            if not isinstance(value, bool):
                raise self.fail(self.line_of("options"), f"options.{clip(key)}: expected true or false, found {show(value)}")
        sc = doc["scenario"]
        for key in ("id", "path", "content_hash"):
            if not isinstance(sc.get(key, ""), str) or len(sc.get(key, "")) > 4096:
                raise self.fail(self.line_of("scenario"), f"scenario.{key}: expected a string, found {show(sc[key])}")
        if version == 1:
            seed = doc["seed"]
            if not isinstance(seed, (int, str)) or isinstance(seed, bool) or isinstance(seed, str) and len(seed) > 200:
                raise self.fail(self.line_of("seed"), f"seed: expected a number or a short text, found {show(seed)}")
        return version

    def find_scenario(self, ref: dict) -> Scenario:
        """The scenario by its path relative to the save, else the bundled one of its id."""
        line = self.line_of("scenario")
        where = ref.get("path") or ""
        candidates = []
        if where:
            candidates.append(Path(self.path).parent / where)
        sid = ref.get("id") or ""
        if SCENARIO_ID.fullmatch(sid):
            candidates.append(scenarios_dir() / f"{sid}.yaml")
        for p in candidates:
            try:
                found = p.is_file()
            except (OSError, ValueError):  # a name too long, a NUL
                found = False
            if found:
                try:
                    return load_scenario(p)
                except FormatError as exc:
                    raise FormatError([Problem(self.path, line, 1, f"scenario: {clip(str(p), 200)} cannot be loaded "
                                               "(its problems follow)"), *exc.problems]) from None
        raise self.fail(line, f"scenario: not found: neither {show(where, 200)} (next to the save) nor a "
                              f"bundled scenario {show(sid)}")

    def check_scenario(self, ref: dict, scenario: Scenario) -> None:
        line = self.line_of("scenario")
        if scenario.id != ref.get("id"):
            raise self.fail(line, f"scenario: the save is for scenario {show(ref.get('id'))}, not {show(scenario.id)}")
        if scenario.content_hash != ref.get("content_hash"):
            self.problems.append(Problem(self.path, line, 1, f"scenario: {clip(scenario.source, 200)} (or its map) has "
                                         "changed since this game was saved: its content hash does not match"))

    def opening(self, doc: dict) -> list[tuple[int, int]]:
        try:
            return _rolls(doc.get("opening_rolls", []))
        except ValueError as exc:
            raise self.fail(self.line_of("opening_rolls"), f"opening_rolls: {exc}") from None

    def action_line(self, k: int, first: int) -> int:
        n = first + k
        return n if len(self.lines) >= n and '"kind"' in self.lines[n - 1] else first

    def read_log(self, actions: list, scenario: Scenario) -> tuple[list[Action], list[list[tuple[int, int]]]]:
        """Every action read and checked against its type, and its rolls: all before the replay."""
        first = self.line_of("actions") + 1
        board = scenario.board
        rules_module(scenario.system.id)  # (its action types register with it)
        log, rolls, bad = [], [], []
        for k, d in enumerate(actions):
            line = self.action_line(k, first)
            try:
                if isinstance(d, dict) and "rolled" in d:
                    d = dict(d)
                    rolls.append(_rolls(d.pop("rolled"), "rolled: "))
                else:
                    rolls.append([])
                log.append(action_from_json(d, board))
            except ValueError as exc:
                bad.append(Problem(self.path, line, 1, f"action {k + 1}: {exc}"))
                if len(bad) >= MAX_REPORTED:
                    break
        if bad:
            raise FormatError([*self.problems, *bad])
        return log, rolls

    def replay(self, game: Game, log: list[Action], rolls: list | None, start: int = 0) -> None:
        """Apply ``log`` (the save's actions from number ``start``, 0-based) with its rolls."""
        first = self.line_of("actions") + 1
        board = game.scenario.board
        for k, action in enumerate(log, start):
            line = self.action_line(k, first)
            try:
                ch = game.do(action)
            except (IllegalAction, RecordMismatch) as exc:
                why = exc.reason if isinstance(exc, IllegalAction) else str(exc)
                raise self.fail(line, f"action {k + 1} ({clip(action.describe(board), 200)}) is refused on "
                                      f"replay: {clip(why, 300)}") from None
            if rolls is not None and [(r.sides, r.value) for r in ch.dice] != rolls[k - start]:
                raise self.fail(line, f"action {k + 1}: replaying it rolls {_texts(ch.dice) or 'nothing'}, "
                                      f"the save records {_texts(rolls[k - start]) or 'nothing'}")


def _rolls(texts: Any, what: str = "") -> list[tuple[int, int]]:
    """Recorded rolls ``["d6=4", ...]`` as ``(sides, value)``; ValueError saying what is wrong."""
    if not isinstance(texts, list) or len(texts) > 10_000:
        raise ValueError(f"{what}expected a list of rolls such as \"d6=4\", found {show(texts)}")
    out = []
    for t in texts:
        m = ROLL.fullmatch(t) if isinstance(t, str) else None
        if m is None or int(m.group(2)) > int(m.group(1)):
            raise ValueError(f"{what}{show(t)} is not a roll such as \"d6=4\"")
        out.append((int(m.group(1)), int(m.group(2))))
    return out


def _texts(rolls: list) -> str:
    return ", ".join(f"d{r[0]}={r[1]}" if isinstance(r, tuple) else r.text for r in rolls)


def _v1_hash(state: GameState) -> str:
    """The state hash saves of version 1 wrote: the dice generator's state was part of it."""
    d = state.to_dict()
    d["dice"] = state.dice.generator_dict()
    import hashlib

    return hashlib.sha256(json.dumps(d, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()).hexdigest()
