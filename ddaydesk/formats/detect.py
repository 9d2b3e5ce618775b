"""Tell a map from a scenario (from a save) and validate it, for ``ddaydesk check``."""

from __future__ import annotations

from ddaydesk.formats.errors import FormatError, Problem
from ddaydesk.formats.mapfile import parse_map
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.formats.yamlmarks import MarkedDict, load_file


def _is_save(path: str) -> bool:
    from ddaydesk.engine.savefile import is_save

    return is_save(path)


def _check_save(path: str) -> None:
    # A save is verified by replaying it, which takes the engine: imported here, lazily, so
    # loading maps and scenarios never pulls the engine in.
    from ddaydesk.engine.savefile import check_save

    check_save(path)


def _setup_problems(path: str) -> list[Problem]:
    # A scenario the rules cannot start is not valid: each system's set-up checks (engine,
    # imported lazily as for saves).
    from ddaydesk.engine.setupcheck import setup_problems

    return setup_problems(load_scenario(path))


# (kind, predicate, checker) for formats recognised before the YAML ones.
CHECKERS: list = [("save", _is_save, _check_save)]


def check_file(path: str) -> tuple[str, list[Problem]]:
    """``(kind, problems)`` for one file; kind is map, scenario, save or unknown."""
    try:
        for kind, matches, checker in CHECKERS:
            if matches(path):
                checker(path)
                return kind, []
        doc = load_file(path)
        if isinstance(doc, MarkedDict) and "grid" in doc:
            parse_map(doc, path)
            return "map", []
        if isinstance(doc, MarkedDict) and "units" in doc:
            problems = _setup_problems(path)
            return ("invalid" if problems else "scenario"), problems
        return "unknown", [Problem(path, 1, 1, "not a ddaydesk map (no 'grid' key) or scenario (no 'units' key)")]
    except FormatError as exc:
        return "invalid", exc.problems
