"""Soak test, by hand: many long random legal games on every shipped scenario, checking that
every listed action applies, every other action tried is refused with a reason, the side to
act always has something to do, and each game saves and loads back to the same state.

    .venv/bin/python tools/soak_legal.py [--games 60] [--steps 400] [--seed 1] [SCENARIO.yaml ...]

Prints one line per game and a summary; exit status 1 if anything failed (each failure
names its scenario and seed: ``--seed S --games 1 SCENARIO`` plays that game again).
The bounded version runs in the suite: tests/engine/test_listed_means_legal.py.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ddaydesk.engine import Game, load_game, save_game  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.paths import scenarios_dir  # noqa: E402
from tests.engine.listed_legal import Chooser, Violation, play  # noqa: E402


def one_game(path: Path, seed: int, steps: int, stats: Counter, folder: Path) -> str | None:
    """None when the game kept every property, else what went wrong."""
    sc = load_scenario(path)
    try:
        game = play(Game(sc, seed), Chooser(random.Random(seed)), steps, stats=stats)
        save = folder / "soak.ddaysave"
        save_game(game, save)
        if load_game(save, sc).state.state_hash() != game.state.state_hash():
            return "save -> load gives another state"
    except Violation as exc:
        return f"violation: {exc}"
    except Exception:  # a crash is what this looks for: report it and go on
        return "crash:\n" + traceback.format_exc()
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenarios", nargs="*", type=Path, help="scenario files (default: every shipped one)")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--steps", type=int, default=400, help="actions per game at most")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (then +1 per game)")
    args = ap.parse_args(argv)
    paths = args.scenarios or sorted(scenarios_dir().glob("*.yaml"))
    stats: Counter = Counter()
    failures = []
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.games):
            path, seed = paths[n % len(paths)], args.seed + n
            t = time.monotonic()
            before = stats["steps"]
            why = one_game(path, seed, args.steps, stats, Path(tmp))
            print(f"{path.stem:18} seed {seed:6}  {stats['steps'] - before:4} actions  "
                  f"{time.monotonic() - t:5.1f} s  {'ok' if why is None else why.splitlines()[0]}", flush=True)
            if why:
                failures.append((path, seed, why))
    print(f"\n{args.games} games, {stats['steps']} actions, {stats['accepted']} tried actions accepted as "
          f"listed, {stats['refused']} refused with a reason; {len(failures)} failure(s); "
          f"{time.monotonic() - start:.0f} s")
    for path, seed, why in failures:
        print(f"\n{path} --seed {seed}:\n{why}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
