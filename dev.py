#!/usr/bin/env python3
"""Bootstrap and run ddaydesk from a fresh checkout: ``python3 dev.py run`` or ``python3 dev.py test``.

Each command makes what it needs: a virtual environment in ``.venv`` with the project
installed (editable, with the test extras), reinstalled when pyproject.toml changes; on
Debian/Ubuntu the system libraries Qt needs, installed with apt-get when running as root,
otherwise it stops and prints the exact install line. Only the standard library is used
here, so it runs on a bare Python 3.11.

    python3 dev.py run [ARGS...]     open the game (ARGS go to ``ddaydesk``)
    python3 dev.py test [PYTEST ARGS] ruff, the import contract, then the whole test suite
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".ddaydesk-installed"
# Qt's offscreen and xcb platforms on a bare Debian 12 (../shared/research/geo_env.md §1.4).
DEBIAN_LIBS = ["libgl1", "libegl1", "libxkbcommon0", "libfontconfig1", "libglib2.0-0", "libdbus-1-3"]


def say(msg: str) -> None:
    print(f"dev.py: {msg}", flush=True)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_system_libs() -> None:
    if not sys.platform.startswith("linux") or not shutil.which("dpkg-query"):
        return  # macOS and Windows wheels carry what Qt needs
    missing = []
    for pkg in DEBIAN_LIBS:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True, text=True)
        if "install ok installed" not in r.stdout:
            missing.append(pkg)
    if not missing:
        return
    line = "apt-get install -y --no-install-recommends " + " ".join(missing)
    if os.geteuid() != 0:
        sys.exit(f"dev.py: Qt needs system libraries that are missing. Install them, then run again:\n"
                 f"    sudo apt-get update && sudo {line}")
    say(f"installing system libraries Qt needs: {' '.join(missing)}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(line.split(), check=True, env=env)


def ensure_venv() -> Path:
    py = venv_python()
    if not py.exists():
        say(f"creating {VENV}")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != want:
        say("installing ddaydesk and its test tools into .venv (first run, or pyproject.toml changed)")
        subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-U", "pip"], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-e", ".[test]"],
                       check=True, cwd=ROOT)
        STAMP.write_text(want)
    return py


def run_app(py: Path, args: list[str]) -> int:
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM"))
    gui = not args or args[0].startswith("-") or args[0] == "gui" or args[0].endswith((".yaml", ".ddaysave"))
    if sys.platform.startswith("linux") and headless and gui:
        # Qt aborts without a display; say what to do instead.
        sys.exit("dev.py: no display (DISPLAY/WAYLAND_DISPLAY unset). Run it in a desktop session, "
                 "or headless with QT_QPA_PLATFORM=offscreen (e.g. with --smoke).")
    return subprocess.call([str(py), "-m", "ddaydesk", *args], cwd=ROOT)


def run_tests(py: Path, args: list[str]) -> int:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    bindir = py.parent
    steps = [
        ("ruff", [str(bindir / "ruff"), "check", "."]),
        ("import contract", [str(bindir / "lint-imports"), "--no-cache"]),
        ("pytest", [str(py), "-m", "pytest", *args]),
    ]
    for name, cmd in steps:
        say(f"{name}: {' '.join(Path(cmd[0]).name if k == 0 else c for k, c in enumerate(cmd))}")
        rc = subprocess.call(cmd, cwd=ROOT, env=env)
        if rc != 0:
            say(f"{name} failed (exit {rc})")
            return rc
    return 0


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "test"):
        print(__doc__)
        return 2
    ensure_system_libs()
    py = ensure_venv()
    if sys.argv[1] == "run":
        return run_app(py, sys.argv[2:])
    return run_tests(py, sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
