"""Fuzz ``ddaydesk check`` and the save loader with mutated files, by hand.

    .venv/bin/python tools/fuzz_files.py [--inputs 20000] [--seed 1] [--timeout 5]

Mutates the shipped maps and scenarios, saves of random legal games of every shipped
scenario, and a save of format version 1 (tests/formats/fuzzing.py says how). A map is also
checked as the map of a copy of its scenario, and a scenario (or map) that passes ``check``
must start and play a few random legal actions (listed means legal). Counts what happened:
refused with problems, accepted, tracebacks, problems without a line (or too long), hangs
over the timeout. Exit status 1 unless there were no tracebacks, hangs or bad problems.
The bounded version runs in the suite: tests/formats/test_fuzz_files.py.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ddaydesk.engine import Game, save_game  # noqa: E402
from ddaydesk.formats.scenariofile import load_scenario  # noqa: E402
from ddaydesk.paths import maps_dir, scenarios_dir  # noqa: E402
from tests.engine.listed_legal import Chooser, Violation, play  # noqa: E402
from tests.formats.fuzzing import mutate, outcome  # noqa: E402

V1_SAVE = ROOT / "tests" / "data" / "engine" / "v1_save.ddaysave"


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang


def bases(folder: Path, seed: int) -> list[tuple[str, Path]]:
    """(kind, file) to mutate; saves are written into ``folder`` next to what they need."""
    out = [("map", p) for p in sorted(maps_dir().glob("*.yaml"))]
    out += [("scenario", p) for p in sorted(scenarios_dir().glob("*.yaml"))]
    for n, p in enumerate(sorted(scenarios_dir().glob("*.yaml"))):
        game = play(Game(load_scenario(p), seed + n), Chooser(random.Random(seed + n)), 60, probes=0,
                    listed_sample=0)
        save = folder / f"{p.stem}.ddaysave"
        save_game(game, save)
        out.append(("save", save))
    for name in ("small_scenario.yaml", "small.yaml"):
        shutil.copy(V1_SAVE.parent / name, folder / name)
    shutil.copy(V1_SAVE, folder / V1_SAVE.name)
    out.append(("save", folder / V1_SAVE.name))
    return out


def playable(path: Path, seed: int) -> None:
    """A file ``check`` accepted starts a game that plays (Violation or any exception if not)."""
    play(Game(load_scenario(path), seed), Chooser(random.Random(seed)), 12, probes=1, listed_sample=2)


def target_of(kind: str, base: Path, folder: Path) -> Path:
    return folder / (f"fuzzed{base.suffix}" if kind != "save" else f"fuzzed-{base.name}")


def one(kind: str, base: Path, rng: random.Random, folder: Path, seed: int) -> tuple[str, str]:
    raw = mutate(kind, base.read_text(encoding="utf-8"), rng)
    target = target_of(kind, base, folder)
    target.write_bytes(raw)
    what, detail = outcome(str(target))
    if kind == "map" and what == "ok":
        scen = next((p for p in scenarios_dir().glob("*.yaml") if f"\nmap: {base.stem}\n" in p.read_text()), None)
        if scen is not None:  # the same map under a copy of its scenario
            copy = folder / "fuzzed-scenario.yaml"
            copy.write_text(scen.read_text().replace(f"\nmap: {base.stem}\n", f"\nmap: {target.name}\n"))
            what, detail = outcome(str(copy))
            target = copy
    if what == "ok" and detail == "scenario":
        playable(target, seed)
        what = "ok, played"
    return what, detail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds: slower is a hang")
    ap.add_argument("--keep", type=Path, help="folder to copy failing inputs into")
    args = ap.parse_args(argv)
    signal.signal(signal.SIGALRM, _alarm)
    counts: Counter = Counter()
    kinds: Counter = Counter()
    failures: dict[str, tuple[int, str]] = {}  # signature -> (input number, detail)
    slowest = (0.0, -1)
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = bases(folder, args.seed)
        for n in range(args.inputs):
            rng = random.Random(args.seed * 1_000_003 + n)
            kind, base = files[rng.randrange(len(files))]
            kinds[kind] += 1
            t = time.monotonic()
            signal.setitimer(signal.ITIMER_REAL, args.timeout * 3)
            try:
                what, detail = one(kind, base, rng, folder, n)
            except Hang:
                what, detail = "hang", f"{kind} {base.name}: still running after {args.timeout * 3} s"
            except Violation as exc:
                what, detail = "violation", str(exc)[:300]
            except Exception:
                tb = traceback.format_exc()
                what, detail = "traceback", tb[-1500:]
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            took = time.monotonic() - t
            if took > args.timeout and what != "hang":
                what, detail = "hang", f"{kind} {base.name}: {took:.1f} s"
            slowest = max(slowest, (took, n))
            counts[what] += 1
            if what not in ("ok", "ok, played", "refused"):
                sig = what + ": " + detail.strip().splitlines()[-1][:200]
                failures.setdefault(sig, (n, f"{kind} from {base.name}\n{detail}"))
                if args.keep:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    shutil.copy(target_of(kind, base, folder), args.keep / f"{n}-{kind}-{base.name}")
            if (n + 1) % 500 == 0:
                print(f"{n + 1} inputs, {time.monotonic() - start:.0f} s: {dict(counts)}", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\n{args.inputs} inputs ({dict(kinds)}) in {time.monotonic() - start:.0f} s: {dict(counts)}")
    print(f"slowest input: {slowest[0]:.2f} s (number {slowest[1]}); peak memory {peak:.0f} MB")
    for sig, (n, detail) in failures.items():
        print(f"\n--- input {n}: {sig}\n{detail}")
    bad = sum(counts[k] for k in ("traceback", "hang", "bad problem", "violation"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
