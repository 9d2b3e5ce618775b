"""Saved games (JSON): written atomically, loaded by replaying the log and verifying it.

A save holds the format version, the scenario (id, path, content hash), the seed, the
options, the action log (one action per line, so a problem names its line), a checksum of
the log and the hash of the final state. Loading refuses, naming what did not match: a
scenario that changed, a log that does not match its checksum, an action the rules refuse
on replay, or a final state that differs. See docs/engine.md ("Saved games").
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from ddaydesk.engine.actions import IllegalAction, action_from_json
from ddaydesk.engine.game import Game
from ddaydesk.formats.errors import FormatError, Problem
from ddaydesk.formats.scenariofile import Scenario, load_scenario
from ddaydesk.gcpause import gc_paused
from ddaydesk.paths import scenarios_dir
from ddaydesk.rules.tables import tables_pinned

FORMAT = "ddaydesk-save"
VERSION = 1
KEYS = ("format", "version", "scenario", "seed", "options", "actions_sha256", "final_state_hash", "actions")


def actions_digest(actions: list[dict]) -> str:
    return hashlib.sha256(json.dumps(actions, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


_dump = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode  # a save's line per action
_compact = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode  # what the digest reads


def save_text(game: Game, path: str | Path | None = None) -> str:
    with gc_paused():  # one small dict per new action, all freed by reference counting
        return _save_text(game, path)


def _encoded(game: Game) -> list[tuple[str, str]]:
    """``(save line, compact form)`` of every action in effect, encoding only those not
    encoded by an earlier save of this game."""
    done, board = game.encoded, game.scenario.board
    for a in game.actions[len(done):game.pos]:
        d = a.to_json(board)
        done.append((_dump(d), _compact(d)))
    return done[:game.pos]


def _save_text(game: Game, path: str | Path | None) -> str:
    encoded = _encoded(game)
    sc = game.scenario
    scenario_path = sc.source
    if path is not None and sc.source:
        try:
            scenario_path = os.path.relpath(Path(sc.source).resolve(), Path(path).resolve().parent)
        except ValueError:  # another drive on Windows
            scenario_path = str(Path(sc.source).resolve())
    # The digest of json.dumps(actions, compact): the same bytes as the compact forms joined.
    digest = hashlib.sha256(("[" + ",".join(c for _, c in encoded) + "]").encode()).hexdigest()
    head = {
        "format": FORMAT,
        "version": VERSION,
        "scenario": {"id": sc.id, "path": scenario_path.replace(os.sep, "/"), "content_hash": sc.content_hash},
        "seed": game.seed,
        "options": dict(sorted(game.options.items())),
        "actions_sha256": digest,
        "final_state_hash": game.state.state_hash(),
    }
    lines = ["{"]
    lines += [f"  {_dump(k)}: {_dump(v)}," for k, v in head.items()]
    if encoded:
        lines.append('  "actions": [')
        lines += [f"    {line}," for line, _ in encoded[:-1]]
        lines.append(f"    {encoded[-1][0]}")
        lines.append("  ]")
    else:
        lines.append('  "actions": []')
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_game(game: Game, path: str | Path) -> None:
    """Write the game to ``path`` atomically (a temporary file, then os.replace)."""
    path = Path(path)
    text = save_text(game, path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def is_save(path: str) -> bool:
    """True for a file that says it is a ddaydesk save (the check command's detector)."""
    try:
        with open(path, "rb") as f:
            head = f.read(200)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and FORMAT.encode() in head


def _line_of(lines: list[str], needle: str) -> int:
    for n, line in enumerate(lines, 1):
        if needle in line:
            return n
    return 1


def _find_scenario(doc: dict, path: str) -> Path:
    ref = doc["scenario"].get("path")
    if isinstance(ref, str) and ref:
        p = Path(ref) if Path(ref).is_absolute() else Path(path).resolve().parent / ref
        if p.is_file():
            return p
    return scenarios_dir() / f"{doc['scenario'].get('id')}.yaml"


def load_game(path: str | Path, scenario: Scenario | None = None) -> Game:
    """The saved game, replayed and verified; FormatError naming what did not match."""
    # Thousands of small objects (the parsed log, the states), none of them garbage yet; and
    # one version of each rules table for the whole replay.
    with gc_paused(), tables_pinned():
        return _load(str(path), scenario)


def _load(path: str, scenario: Scenario | None) -> Game:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise FormatError([Problem(path, 0, 0, f"cannot read the save: {exc}")]) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError([Problem(path, exc.lineno, exc.colno, f"not valid JSON: {exc.msg}")]) from None
    lines = text.splitlines()
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise FormatError([Problem(path, 1, 1, f"not a ddaydesk save (no \"format\": \"{FORMAT}\")")])
    problems = []
    missing = [k for k in KEYS if k not in doc]
    if missing:
        problems.append(Problem(path, 1, 1, f"save: missing key(s) {', '.join(missing)}"))
    elif doc["version"] != VERSION:
        problems.append(Problem(path, _line_of(lines, '"version"'), 1,
                                f"version: {doc['version']!r} is not supported (this ddaydesk reads {VERSION})"))
    elif not isinstance(doc["actions"], list) or not isinstance(doc["scenario"], dict) \
            or not isinstance(doc["options"], dict):
        problems.append(Problem(path, 1, 1, "save: actions must be a list, scenario and options objects"))
    if problems:
        raise FormatError(problems)
    if scenario is None:
        scenario = load_scenario(_find_scenario(doc, path))
    sline = _line_of(lines, '"scenario"')
    if scenario.id != doc["scenario"].get("id"):
        raise FormatError([Problem(path, sline, 1, f"scenario: the save is for scenario "
                                   f"{doc['scenario'].get('id')!r}, not {scenario.id!r}")])
    if scenario.content_hash != doc["scenario"].get("content_hash"):
        problems.append(Problem(path, sline, 1, f"scenario: {scenario.source} (or its map) has changed since "
                                "this game was saved: its content hash does not match"))
    actions = doc["actions"]
    if actions_digest(actions) != doc["actions_sha256"]:
        problems.append(Problem(path, _line_of(lines, '"actions_sha256"'), 1,
                                "actions: the action log does not match its checksum (actions_sha256): "
                                "the save was edited or corrupted"))
    first = _line_of(lines, '"actions"') + 1
    try:
        game = Game(scenario, doc["seed"], doc["options"])
    except IllegalAction as exc:
        raise FormatError([*problems, Problem(path, _line_of(lines, '"options"'), 1, f"options: {exc.reason}")]) from None
    _replay(game, actions, scenario.board, lines, first, path, problems)
    got = game.state.state_hash()
    if got != doc["final_state_hash"]:
        problems.append(Problem(path, _line_of(lines, '"final_state_hash"'), 1,
                                f"final_state_hash: replaying the log gives state {got[:12]}..., "
                                f"the save says {str(doc['final_state_hash'])[:12]}..."))
    if problems:
        raise FormatError(problems)
    return game


def _replay(game: Game, actions: list, board, lines: list[str], first: int, path: str,
            problems: list[Problem]) -> None:
    for k, d in enumerate(actions):
        line = first + k if len(lines) >= first + k and "kind" in lines[first + k - 1] else first
        try:
            action = action_from_json(d, board)
            game.do(action)
        except ValueError as exc:
            problems.append(Problem(path, line, 1, f"action {k + 1}: {exc}"))
            raise FormatError(problems) from None
        except IllegalAction as exc:
            problems.append(Problem(path, line, 1, f"action {k + 1} ({action.describe(board)}) is refused on "
                                    f"replay: {exc.reason}"))
            raise FormatError(problems) from None


def check_save(path: str) -> None:
    load_game(path)
