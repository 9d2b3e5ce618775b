"""The floor kernels of ../shared/bench/floor on ddaydesk's own positions.

The kit holds the same movement and supply computations written as tightly as C
(``floor.c``) and as plain Python (``algos.py``) allow. These helpers export a position of
the engine into the kernels' input (the C harnesses of ``same-position/`` read binary files)
and time them, so a benchmark runs ours and the floor on the same position in one run. The
C programs are compiled once per session with the system's ``cc``/``gcc``; without a
compiler (or without the kit) the C figures are skipped and said so.
"""

from __future__ import annotations

import os
import shutil
import statistics
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KIT = Path(os.environ.get("FLOOR_KIT", ROOT.parent / "shared" / "bench" / "floor"))
N = 2700  # the C floor's compile-time map size


def available() -> bool:
    return (KIT / "algos.py").is_file() and (KIT / "same-position" / "movh.c").is_file()


def algos():
    """The kit's pure-Python kernels (module ``algos``)."""
    if str(KIT) not in sys.path:
        sys.path.insert(0, str(KIT))
    import algos as kernels

    return kernels


def compile_c(out: Path) -> dict[str, Path]:
    """``{"movh": path, "suph": path}``, built with -O2 into ``out``; {} without a compiler."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None or not available():
        return {}
    got = {}
    for name in ("movh", "suph"):
        exe = out / name
        subprocess.run([cc, "-O2", "-o", str(exe), str(KIT / "same-position" / f"{name}.c")], check=True,
                       capture_output=True)
        got[name] = exe
    return got


def ints(values) -> bytes:
    values = list(values)
    return struct.pack(f"<i{len(values)}i", len(values), *values)


# -- movement -------------------------------------------------------------------------------------
def movement_jobs(state, units) -> list[tuple]:
    """Per unit ``(k, edges, zoc, start, mp)`` in the floor kernels' terms: the unit's edge
    table (interdicted places' costs in it, as the engine's) without the places it may not
    enter, its ZOC stops, its start and allowance (units of one side and movement class share
    edges and stops)."""
    from ddaydesk.engine.movement import unit_rules

    n = state.scenario.board.n
    tables: dict[tuple, list] = {}
    jobs = []
    for k in units:
        lim = unit_rules(state, k, "normal")
        key = (id(lim.edges), lim.blocked, lim.stop)
        edges = tables.get(key)
        if edges is None:
            edges = tables[key] = [tuple((j, c) for j, c in lim.edges[i] if not lim.blocked[j]) for i in range(n)]
        jobs.append((k, edges, lim.stop, lim.start, lim.mp))
    return jobs


def c_movement(exe: Path, folder: Path, state, jobs, reps: int) -> list[float]:
    """Microseconds per range search of each job by the C floor (Dial's buckets over a
    generation-stamped lattice), and checks its reach agrees with ``state``'s searches."""
    board = state.scenario.board
    n = board.n
    assert n <= N
    groups: dict[int, list] = {}
    for job in jobs:
        groups.setdefault(id(job[1]), []).append(job)
    out = []
    for gi, group in enumerate(groups.values()):
        _k, edges, zoc, _s, _mp = group[0]
        mv, nb = [], []
        for i in range(N):
            e = list(edges[i]) if i < n else []
            for j, c in e + [(-1, 0)] * (6 - len(e)):
                mv += [j, c]
            a = list(board.adj[i]) if i < n else []
            nb += a + [-1] * (6 - len(a))
        scen, jobsf = folder / f"mv_{gi}.bin", folder / f"mvjobs_{gi}.bin"
        with open(scen, "wb") as f:
            f.write(ints(nb) + ints(mv) + ints(list(zoc) + [0] * (N - n)) + ints([-1] * (N * 6)) + ints([0] * N))
            f.write(ints([]) * 4 + ints([0]) + ints([]))
        jobsf.write_bytes(ints(v for _k, _e, _z, s, mp in group for v in (s, mp)))
        lines = subprocess.run([str(exe), str(scen), str(jobsf), str(reps)], capture_output=True, text=True,
                               check=True).stdout.splitlines()
        out += [float(line.split()[5]) for line in lines if line.startswith("job")]
    return out


# -- timing -------------------------------------------------------------------------------------
def per_call_us(fn, args_list, reps: int, clock) -> list[float]:
    """Microseconds per call of ``fn(*args)`` for each ``args`` (``reps`` calls each)."""
    out = []
    for args in args_list:
        t = clock()
        for _ in range(reps):
            fn(*args)
        out.append((clock() - t) / reps * 1e6)
    return out


def summary(values: list[float]) -> tuple[float, float]:
    return min(values), statistics.median(values)


# -- supply ---------------------------------------------------------------------------------------
def _record_supply(inp, params):
    """The recompute of ``inp``, with the traces (``bfs``, and each lane of a run of lanes:
    one trace each) and assignments (``b_matching``) it made: the graph work the floor
    kernels do for the same position."""
    from ddaydesk.rules.supply import allied, compute_supply, german, lanes
    from ddaydesk.rules.supply import trace as trace_mod
    from ddaydesk.rules.supply.matching import b_matching

    calls, matches = [], []
    bfs, run = trace_mod.bfs, lanes.run

    def rec_bfs(board, tm, starts, limit, targets=None):
        starts = list(starts)
        t = bfs(board, tm, starts, limit, targets)
        calls.append((tm, [s for s in starts if not tm.closed_bits >> s & 1], limit,
                      sum(bin(level).count("1") for level in t.levels)))
        return t

    def rec_run(board, tm, starts, limit):
        got = run(board, tm, starts, limit)
        for k, s in enumerate(starts):
            calls.append((tm, [s] if not tm.closed_bits >> s & 1 else [], limit,
                          sum(bin(level).count("1") for level in got.cut(k)[0])))
        return got

    def rec_bm(options, cap, reach=None):
        a = b_matching(options, cap) if reach is None else b_matching(options, cap, reach)
        matches.append(([list(o) for o in options], list(cap), sum(1 for x in a if x >= 0)))
        return a

    allied.bfs = german.bfs = lanes.bfs = rec_bfs
    lanes.run = rec_run
    allied.b_matching = german.b_matching = rec_bm
    try:
        result = compute_supply(inp, params, explain=False)
    finally:
        allied.bfs = german.bfs = lanes.bfs = bfs
        lanes.run = run
        allied.b_matching = german.b_matching = b_matching
    return result, calls, matches


def _supply_work(inp, params) -> tuple[dict[str, dict], dict[str, tuple]]:
    """Per side (German first): its trace map, its traces ``(starts, limit)`` and the number
    of places they reached; and its last assignment ``(options, capacities, matched)``."""
    _result, calls, matches = _record_supply(inp, params)
    sides: dict[str, dict] = {}
    for tm, starts, limit, count in calls:
        side = sides.setdefault(tm.side, {"tm": tm, "traces": [], "reached": 0})
        side["traces"].append((starts, limit))
        side["reached"] += count
    last = {"german": matches[-2] if "allied" in sides else matches[-1], "allied": matches[-1]}
    return {s: sides[s] for s in ("german", "allied") if s in sides}, last


def supply_files(inp, params, folder: Path, tag: str) -> tuple[list[Path], dict]:
    """The position's supply graph work, per side, as the C supply harness's input files
    (``same-position/suph.c``), and what it must find (places reached, units matched)."""
    sides, last = _supply_work(inp, params)
    board = inp.board
    n = board.n
    assert n <= N
    order = list(sides)
    files, want = [], {}
    nb = []
    for i in range(N):
        a = list(board.adj[i]) if i < n else []
        nb += a + [-1] * (6 - len(a))
    for s in order:
        tm = sides[s]["tm"]
        sadj, block = [], []
        for i in range(N):
            a = [j for j in board.adj[i] if not tm.closed_bits >> j & 1] if i < n else []
            sadj += a + [-1] * (6 - len(a))
            block.append(1 if i < n and tm.stop_bits >> i & 1 else 0)
        options, cap, matched = last[s]
        flat, off = [], [0]
        for o in options:
            flat += o
            off.append(len(flat))
        scen, traces = folder / f"sup_{tag}_{s}.bin", folder / f"suptr_{tag}_{s}.bin"
        scen.write_bytes(ints(nb) + ints([-1, 0] * (N * 6)) + ints([0] * N) + ints(sadj) + ints(block)
                         + ints([]) * 3 + ints(cap) + ints(off) + ints(flat))
        traces.write_bytes(ints(v for starts, limit in sides[s]["traces"] for v in (len(starts), *starts, limit)))
        files += [scen, traces]
        want[s] = (sides[s]["reached"], matched)
    return files, want


def c_supply(exe: Path, files: list[Path], want: dict, reps: int) -> float:
    """Milliseconds per recompute's graph work by the C floor (median of its 15 runs); checks
    it reaches and matches what ours did."""
    check = subprocess.run([str(exe), "1", *map(str, files)], capture_output=True, text=True, check=True).stdout
    got = [tuple(int(x) for x in line.split()[3::2]) for line in check.splitlines() if line.startswith("side")]
    assert got == list(want.values()), (got, want)
    out = subprocess.run([str(exe), str(reps), *map(str, files)], capture_output=True, text=True, check=True).stdout
    line = next(line for line in out.splitlines() if line.startswith("summary")).split()
    return float(line[2]) / 1000


def c_supply_cpu(exe: Path, files: list[Path], reps: int) -> float:
    """Milliseconds of CPU time per recompute's graph work by the C floor: the harness's CPU
    time with ``reps`` repetitions less its CPU time with none (start-up, reading and the
    check pass), over the 15 x ``reps`` timed repetitions. CPU time, unlike the harness's own
    wall-clock figure, does not grow when other processes share the cores."""
    import resource

    def cpu(r: int) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([str(exe), str(r), *map(str, files)], capture_output=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime

    return (cpu(reps) - cpu(0)) / (15 * reps) * 1000


def supply_py(inp, params):
    """The same graph work by the kit's pure-Python kernels (``algos.supply_bfs`` for one start,
    ``supply_multisource`` for several, ``bmatch_kuhn``), as ``same-position/supexp.py``'s
    ``floor_py`` runs it: a function of no arguments that does it once and returns the
    places reached and units matched (checked here against ours)."""
    kernels = algos()
    sides, last = _supply_work(inp, params)
    board = inp.board
    n = board.n
    work = []
    for s, side in sides.items():
        tm = side["tm"]
        adj = [tuple(j for j in board.adj[i] if not tm.closed_bits >> j & 1) for i in range(n)]
        block = bytearray(1 if tm.stop_bits >> i & 1 else 0 for i in range(n))
        work.append((adj, block, side["traces"], *last[s][:2]))

    def floor_py() -> list[tuple[int, int]]:
        out = []
        for adj, block, traces, options, cap in work:
            seen, reached = [0] * n, 0
            for stamp, (starts, limit) in enumerate(traces, 1):
                if len(starts) == 1:
                    reached += len(kernels.supply_bfs(adj, block, starts[0], limit, seen, stamp))
                else:
                    dist, _ = kernels.supply_multisource(adj, block, starts, limit, n)
                    reached += n - dist.count(kernels.BIG)
            out.append((reached, sum(1 for a in kernels.bmatch_kuhn(options, cap) if a >= 0)))
        return out

    want = [(side["reached"], last[s][2]) for s, side in sides.items()]
    assert floor_py() == want, (floor_py(), want)
    return floor_py
