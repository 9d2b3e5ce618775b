#!/usr/bin/env python3
"""Build the frozen ddaydesk app for this machine, smoke-test it and package it.

    python3 packaging/build.py          (Windows: py packaging\\build.py)

One command, on Linux, Windows or macOS, from a fresh clone:
 1. makes ``build/venv`` with ddaydesk and the ``package`` extra of pyproject.toml
    (PyInstaller, pinned), reinstalled when pyproject.toml changes;
 2. runs PyInstaller on packaging/ddaydesk.spec: one folder in ``dist/ddaydesk``
    (macOS: ``dist/ddaydesk.app``), unused Qt parts pruned (pkg_layout.py);
 3. smoke-tests the frozen app offscreen (packaging/smoke.py) and records its size and
    start-up time in ``dist/ddaydesk-<version>-<platform>.json``;
 4. packages it: Linux a .tar.gz, Windows an Inno Setup installer (windows_installer.py),
    macOS a DMG, signed and notarised when the secrets are set (macos_dmg.py).

Options: ``--skip-build`` smoke-tests and packages the existing build; ``--no-package``
stops after the smoke test; ``--tag vX.Y.Z`` (CI) refuses a tag that is not the version. Only the standard library is used here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import pkg_layout as L  # noqa: E402
import smoke  # noqa: E402

VENV = L.ROOT / "build" / "venv"
STAMP = VENV / ".ddaydesk-package-installed"


def say(msg: str) -> None:
    print(f"build.py: {msg}", flush=True)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_build_venv() -> Path:
    """The build environment: runtime dependencies plus PyInstaller, nothing from the test
    tools, so nothing stray can be frozen in."""
    py = venv_python()
    if not py.exists():
        say(f"creating {VENV}")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    want = hashlib.sha256((L.ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != want:
        say("installing ddaydesk and PyInstaller into build/venv (first run, or pyproject.toml changed)")
        pip = [str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        subprocess.run([*pip, "-U", "pip"], check=True)
        subprocess.run([*pip, "-e", ".[package]"], check=True, cwd=L.ROOT)
        STAMP.write_text(want)
    return py


# Debian/Ubuntu packages the build needs beyond dev.py's: the X libraries Qt's xcb plugin
# links, which no wheel carries (PyInstaller bundles them, so the bundle runs on desktops
# without them); the Wayland client libraries (PyInstaller leaves those to the desktop,
# which always has them; installed here so the smoke test resolves them as a desktop
# would); ``strip``; Xvfb and Weston for smoke tests on a real X and Wayland display.
PACKAGING_DEBS = [
    "libx11-xcb1", "libxcb-cursor0", "libxcb-glx0", "libxcb-icccm4", "libxcb-image0",
    "libxcb-keysyms1", "libxcb-randr0", "libxcb-render-util0", "libxcb-render0",
    "libxcb-shape0", "libxcb-shm0", "libxcb-sync1", "libxcb-util1", "libxcb-xfixes0",
    "libxcb-xkb1", "libxkbcommon-x11-0", "libwayland-client0", "libwayland-cursor0",
    "binutils", "xvfb", "xauth", "weston",
]


def ensure_system_libs() -> None:
    """On Debian/Ubuntu, Qt's libraries plus PACKAGING_DEBS, checked and installed (as
    root) or asked for (otherwise) the way ``dev.py`` does it."""
    sys.path.insert(0, str(L.ROOT))
    import dev

    dev.DEBIAN_LIBS = [*dev.DEBIAN_LIBS, *PACKAGING_DEBS]
    dev.ensure_system_libs()


def run_pyinstaller(py: Path) -> None:
    say("PyInstaller: one-folder build of packaging/ddaydesk.spec")
    t0 = time.monotonic()
    subprocess.run([str(py), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--distpath", str(L.DIST), "--workpath", str(L.WORK), str(L.SPEC)],
                   check=True, cwd=L.ROOT)
    say(f"PyInstaller done in {time.monotonic() - t0:.0f} s: {L.app_dir()}")


def tree_size(path: Path) -> int:
    """Bytes of the files under path (symlinks counted once, as themselves)."""
    total = 0
    for root, _dirs, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(root, name)).st_size
    return total


def make_tarball(version: str) -> Path:
    out = L.DIST / f"{L.APP_NAME}-{version}-{L.platform_tag()}.tar.gz"
    say(f"writing {out.name}")
    with tarfile.open(out, "w:gz") as tar:
        tar.add(L.app_dir(), arcname=f"{L.APP_NAME}-{version}")
    return out


def package(version: str) -> list[Path]:
    if sys.platform == "win32":
        import windows_installer

        return windows_installer.build(version)
    if sys.platform == "darwin":
        import macos_dmg

        return macos_dmg.build(version)
    return [make_tarball(version)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--skip-build", action="store_true", help="use the existing dist/ build")
    ap.add_argument("--no-package", action="store_true", help="stop after the smoke test")
    ap.add_argument("--tag", help="release tag (CI): must be v<version of pyproject.toml>")
    args = ap.parse_args(argv)
    version = L.version()
    if args.tag and args.tag != f"v{version}":
        say(f"tag {args.tag} does not match the version in pyproject.toml ({version}); "
            f"tag v{version} or bump the version")
        return 1
    say(f"ddaydesk {version} for {L.platform_tag()}")
    ensure_system_libs()
    if not args.skip_build:
        run_pyinstaller(ensure_build_venv())
    exe = L.app_executable()
    if not exe.exists():
        say(f"no frozen app at {exe}: run without --skip-build")
        return 1
    py = venv_python()
    result = smoke.run_all(exe, py if py.exists() else None, log=say)
    size = tree_size(L.app_dir())
    report = {
        "version": version,
        "platform": L.platform_tag(),
        "bundle_bytes": size,
        "bundle_mib": round(size / 2**20, 1),
        **result.as_dict(),
    }
    report_path = L.DIST / f"{L.APP_NAME}-{version}-{L.platform_tag()}.json"
    report_path.write_text(json.dumps(report, indent=2) + "\n")
    cpu = f", CPU {statistics.median(result.cpu_s):.2f} s" if result.cpu_s else ""
    say(f"bundle {report['bundle_mib']} MiB; start to first frame: first run "
        f"{result.first_run_s:.2f} s, median of {len(result.runs_s)} runs {result.median_s:.2f} s"
        f"{cpu} ({report_path.name})")
    if not result.ok:
        say("SMOKE TEST FAILED")
        return 1
    say("smoke test passed")
    if args.no_package:
        return 0
    for artefact in package(version):
        say(f"artefact: {artefact}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
