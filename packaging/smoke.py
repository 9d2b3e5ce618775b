"""Smoke test of a frozen ddaydesk: does the built app start, find its data and paint?

    python3 packaging/smoke.py [EXECUTABLE]     (default: the build in dist/)

Runs the frozen executable offscreen from an empty working folder with a clean
environment (so nothing can come from the source tree): ``--version``; ``scenarios
--json`` (every bundled scenario loads); ``check`` on the bundled maps and scenarios
(validation with the bundled rules data); ``--smoke`` on the default scenario and on each
bundled scenario; a saved game written by the build's engine (make_smoke_save.py) is
verified with ``replay --verify`` and opened with ``--smoke``. Each must exit 0, the
``--smoke`` runs after rendering one frame. On Linux also: every bundled library resolves (ldd), and
one frame each through the xcb plugin under Xvfb and the Wayland plugin under a headless
Weston, when those are installed. Then times five runs of ``--smoke`` from process
start to exit after the first frame (an upper bound on start to first paint).
Used by packaging/build.py and the release workflow.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pkg_layout as L  # noqa: E402

TIMED_RUNS = 5
TIMEOUT_S = 120
# Lines on stderr that mean the bundle is broken even if the process exited 0.
FATAL_MARKERS = ("Traceback (most recent call last)", "Could not load the Qt platform plugin",
                 "Could not find the Qt platform plugin", "Cannot load library",
                 "ModuleNotFoundError", "No such file or directory")


@dataclass
class SmokeResult:
    checks: list[tuple[str, bool, str]] = field(default_factory=list)
    runs_s: list[float] = field(default_factory=list)
    # CPU seconds (user + system) of each timed run: on a shared machine wall time tracks
    # the load, this does not. Empty where the OS has no getrusage (Windows).
    cpu_s: list[float] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(ok for _, ok, _ in self.checks)

    @property
    def first_run_s(self) -> float:
        return self.runs_s[0] if self.runs_s else float("nan")

    @property
    def median_s(self) -> float:
        return statistics.median(self.runs_s) if self.runs_s else float("nan")

    def as_dict(self) -> dict:
        return {
            "smoke_ok": self.ok,
            "checks": [{"name": n, "ok": ok, "detail": d} for n, ok, d in self.checks],
            "start_to_first_frame_s": {"first": round(self.first_run_s, 3),
                                       "median": round(self.median_s, 3),
                                       "runs": [round(r, 3) for r in self.runs_s],
                                       "cpu": [round(c, 3) for c in self.cpu_s]},
            "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        }


def clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "QT_", "VIRTUAL_ENV")) and k != "LD_LIBRARY_PATH"}
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"))
    return env


def bundle_data_dir(exe: Path) -> Path:
    """Where PyInstaller put maps/, scenarios/, assets/ (sys._MEIPASS, or Resources/)."""
    if sys.platform == "darwin":
        return exe.parent.parent / "Resources"
    return exe.parent / "_internal"


def unresolved_libraries(internal: Path) -> dict[str, list[str]]:
    """Linux: bundled shared objects whose dependencies ldd finds neither in the bundle nor
    on this system, i.e. a library pruning removed that a kept plugin still links."""
    env = dict(os.environ, LD_LIBRARY_PATH=str(internal))
    missing = {}
    for f in sorted(internal.rglob("*.so*")):
        if not f.is_file() or f.is_symlink():
            continue
        out = subprocess.run(["ldd", str(f)], env=env, capture_output=True, text=True).stdout
        lost = sorted({line.split()[0] for line in out.splitlines() if "not found" in line})
        if lost:
            missing[f.relative_to(internal).as_posix()] = lost
    return missing


def bundled_scenarios(exe: Path) -> list[Path]:
    return sorted((bundle_data_dir(exe) / "scenarios").glob("*.yaml"))


def run_all(exe: Path, python: Path | None, log: Callable[[str], None] = print) -> SmokeResult:
    """Every check on the frozen ``exe``; ``python`` (one with ddaydesk installed: the
    build's venv) writes the saved game the frozen app must open."""
    result = SmokeResult()

    def record(name: str, ok: bool, detail: str) -> None:
        result.checks.append((name, ok, detail))
        log(f"{'ok  ' if ok else 'FAIL'} {name}{f' ({detail})' if detail else ''}")

    with tempfile.TemporaryDirectory(prefix="ddaydesk-smoke-") as tmp:
        cwd = Path(tmp)
        env = clean_env(cwd)
        shots = L.ROOT / "build" / "smoke"
        shots.mkdir(parents=True, exist_ok=True)

        def check(name: str, args: list[str],
                  expect: Callable[[str], str | None] | None = None) -> tuple[float, float] | None:
            """Run the app; record the verdict; (wall, CPU) seconds when it passed."""
            cpu0 = _children_cpu()
            t0 = time.perf_counter()
            try:
                p = subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True,
                                   text=True, timeout=TIMEOUT_S)
            except subprocess.TimeoutExpired:
                record(name, False, f"no exit within {TIMEOUT_S} s")
                return None
            elapsed, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
            problem = _failure(p) or (expect(p.stdout) if expect else None)
            record(name, problem is None, f"{elapsed:.2f} s" if problem is None else problem)
            return (elapsed, cpu) if problem is None else None

        # A windowed Windows executable has no stdout, so the output checks run elsewhere.
        if sys.platform != "win32":
            version = L.version()
            check("--version", ["--version"],
                  lambda out: None if version in out else f"printed {out.strip()!r}, not {version}")
            bundle = exe.parent.parent if sys.platform == "darwin" else exe.parent
            check("scenarios --json", ["scenarios", "--json"],
                  lambda out: _scenarios_expectation(out, bundle))
            data = bundle_data_dir(exe)
            check("check bundled maps and scenarios",
                  ["check", str(data / "maps"), str(data / "scenarios")])
        png = shots / "default.png"
        png.unlink(missing_ok=True)
        check("default scenario: --smoke", ["--smoke", "--screenshot", str(png)],
              lambda _out: None if png.is_file() and png.stat().st_size > 1000
              else f"no screenshot written at {png}")
        if sys.platform.startswith("linux"):
            _linux_checks(exe, cwd, env, shots, record, log)
        for sc in bundled_scenarios(exe):
            check(f"scenario {sc.name}: --smoke", ["--smoke", str(sc)])
        save = cwd / f"smoke{L.SAVE_SUFFIX}"
        scenario = bundle_data_dir(exe) / "scenarios" / "tutorial.yaml"
        made = subprocess.run([str(python), str(L.PACKAGING / "make_smoke_save.py"),
                               str(scenario), str(save)], capture_output=True, text=True) \
            if python else None
        if made is None or made.returncode != 0:
            record("write a saved game with the build's engine", False,
                   "no Python with ddaydesk given" if made is None else made.stderr[-600:])
        else:
            check("replay --verify the saved game", ["replay", str(save), "--verify"])
            png = shots / "save.png"
            png.unlink(missing_ok=True)
            check("saved game: --smoke", ["--smoke", "--screenshot", str(png), str(save)],
                  lambda _out: None if png.is_file() else f"no screenshot written at {png}")
        for i in range(TIMED_RUNS):
            timed = check(f"timed start {i + 1}/{TIMED_RUNS}", ["--smoke"])
            if timed is not None:
                result.runs_s.append(timed[0])
                if hasattr(os, "wait4"):
                    result.cpu_s.append(timed[1])
    return result


def _failure(p: subprocess.CompletedProcess) -> str | None:
    """Why a finished app run failed: its exit status or a fatal line on stderr."""
    fatal = [m for m in FATAL_MARKERS if m in p.stderr]
    if p.returncode == 0 and not fatal:
        return None
    why = f"exit {p.returncode}" if p.returncode else f"stderr says {fatal[0]!r}"
    return f"{why}; stderr: {p.stderr.strip()[-600:]}"


def _linux_checks(exe: Path, cwd: Path, env: dict[str, str], shots: Path,
                  record: Callable[[str, bool, str], None], log: Callable[[str], None]) -> None:
    """What only Linux can check here: the bundle's link closure, and one frame through each
    real display plugin users get (xcb under Xvfb, Wayland under a headless Weston)."""
    if shutil.which("ldd"):
        missing = unresolved_libraries(bundle_data_dir(exe))
        record("every bundled library resolves", not missing,
               "; ".join(f"{f}: {', '.join(m)}" for f, m in missing.items()))
    xvfb = shutil.which("xvfb-run")
    if xvfb:
        try:
            p = subprocess.run([xvfb, "-a", "-s", "-screen 0 1280x800x24", str(exe), "--smoke",
                                "--screenshot", str(shots / "xcb.png")], cwd=cwd,
                               env=dict(env, QT_QPA_PLATFORM="xcb"), capture_output=True,
                               text=True, timeout=TIMEOUT_S)
            problem = _failure(p)
        except subprocess.TimeoutExpired:
            problem = f"no exit within {TIMEOUT_S} s"
        record("xcb under Xvfb: --smoke", problem is None, problem or "")
    else:
        log("skip xcb: no xvfb-run on this machine (python3 packaging/build.py installs it "
            "as root); only the offscreen platform was tried")
    weston = shutil.which("weston")
    if weston:
        problem = _wayland_smoke(weston, exe, cwd, env, shots / "wayland.png")
        record("wayland under headless Weston: --smoke", problem is None, problem or "")
    else:
        log("skip wayland: no weston on this machine")


def _wayland_smoke(weston: str, exe: Path, cwd: Path, env: dict[str, str],
                   png: Path) -> str | None:
    """One frame through the Wayland platform plugin, on a headless Weston started (and
    stopped) here; None when it passed, else why not."""
    runtime = cwd / "xdg-runtime"
    runtime.mkdir(mode=0o700)
    w_env = dict(env, XDG_RUNTIME_DIR=str(runtime))
    server = subprocess.Popen([weston, "--backend=headless-backend.so", "--socket=ddaydesk",
                               "--idle-time=0"], cwd=cwd, env=w_env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not (runtime / "ddaydesk").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                return f"weston did not start (exit {server.poll()})"
            time.sleep(0.1)
        p = subprocess.run([str(exe), "--smoke", "--screenshot", str(png)], cwd=cwd,
                           env=dict(w_env, QT_QPA_PLATFORM="wayland", WAYLAND_DISPLAY="ddaydesk"),
                           capture_output=True, text=True, timeout=TIMEOUT_S)
        return _failure(p)
    except subprocess.TimeoutExpired:
        return f"no exit within {TIMEOUT_S} s"
    finally:
        server.terminate()
        server.wait(timeout=30)


def _children_cpu() -> float:
    if not hasattr(os, "wait4"):
        return 0.0
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _scenarios_expectation(out: str, bundle: Path) -> str | None:
    """Every bundled scenario loads, and is read from the bundle, not the source tree."""
    try:
        listing = json.loads(out)
    except ValueError:
        return f"not JSON: {out[:200]!r}"
    entries = listing if isinstance(listing, list) else listing.get("scenarios", [])
    if not entries:
        return "no bundled scenario listed"
    broken = [e.get("id") for e in entries if not e.get("ok", False)]
    if broken:
        return f"broken scenarios: {broken}"
    outside = [e.get("path") for e in entries
               if not Path(e.get("path", "")).resolve().is_relative_to(bundle.resolve())]
    return f"scenarios read from outside the bundle: {outside}" if outside else None


def main(argv: list[str]) -> int:
    exe = Path(argv[0]) if argv else L.app_executable()
    if not exe.exists():
        print(f"smoke.py: no frozen app at {exe} (build it: python3 packaging/build.py)")
        return 1
    venv = L.ROOT / "build" / "venv"
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    result = run_all(exe, python if python.exists() else None)
    print(json.dumps(result.as_dict(), indent=2))
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
