"""Windows: the Inno Setup installer (and a portable zip) from the one-folder build.

Called by ``py packaging\\build.py``. Needs Inno Setup 6 (``winget install
JRSoftware.InnoSetup`` or ``choco install innosetup``). Authenticode signing of the
executable and of the setup runs when WINDOWS_CERTIFICATE (base64 .pfx) and
WINDOWS_CERTIFICATE_PASSWORD are set, with signtool from the Windows SDK.
"""

from __future__ import annotations

import base64
import glob
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pkg_layout as L  # noqa: E402
from signing_env import secrets_for  # noqa: E402

ISS = L.PACKAGING / "windows" / "ddaydesk.iss"
SIGN_SECRETS = ("WINDOWS_CERTIFICATE", "WINDOWS_CERTIFICATE_PASSWORD")
TIMESTAMP_URL = "http://timestamp.digicert.com"


def say(msg: str) -> None:
    print(f"windows_installer: {msg}", flush=True)


def iscc_defines(version: str) -> dict[str, str]:
    """The /D defines ddaydesk.iss requires (it stops with #error if one is missing)."""
    return {
        "AppVersion": version,
        "VersionQuad": ".".join(str(n) for n in L.version_tuple()),
        "SourceDir": str(L.app_dir()),
        "OutputDir": str(L.DIST),
        "RootDir": str(L.ROOT),
    }


def find_iscc() -> Path | None:
    found = shutil.which("iscc")
    if found:
        return Path(found)
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES"),
                 os.path.join(os.environ.get("LOCALAPPDATA", ""), "Programs")):
        if base and (Path(base) / "Inno Setup 6" / "ISCC.exe").is_file():
            return Path(base) / "Inno Setup 6" / "ISCC.exe"
    return None


def find_signtool() -> Path | None:
    found = shutil.which("signtool")
    if found:
        return Path(found)
    kits = os.environ.get("PROGRAMFILES(X86)", r"C:\Program Files (x86)")
    hits = sorted(glob.glob(os.path.join(kits, "Windows Kits", "10", "bin", "*", "x64",
                                         "signtool.exe")))
    return Path(hits[-1]) if hits else None


def sign(files: list[Path], env: Mapping[str, str] = os.environ,
         log: Callable[[str], None] = say) -> bool:
    """Authenticode-sign files when the secrets are set; False (logged) when skipped."""
    secrets = secrets_for("Windows code signing", SIGN_SECRETS, env, log)
    if secrets is None:
        return False
    signtool = find_signtool()
    if signtool is None:
        raise SystemExit("windows_installer: signing secrets are set but signtool.exe was not "
                         "found (install the Windows SDK)")
    with tempfile.TemporaryDirectory() as tmp:
        pfx = Path(tmp) / "cert.pfx"
        pfx.write_bytes(base64.b64decode(secrets["WINDOWS_CERTIFICATE"]))
        for f in files:
            log(f"signing {f.name}")
            subprocess.run([str(signtool), "sign", "/f", str(pfx),
                            "/p", secrets["WINDOWS_CERTIFICATE_PASSWORD"], "/fd", "SHA256",
                            "/tr", TIMESTAMP_URL, "/td", "SHA256", str(f)], check=True)
    return True


def build(version: str) -> list[Path]:
    sign([L.app_executable()])
    iscc = find_iscc()
    if iscc is None:
        raise SystemExit("windows_installer: Inno Setup 6 not found. Install it with\n"
                         "    winget install JRSoftware.InnoSetup\n"
                         "(or choco install innosetup), then run py packaging\\build.py again")
    args = [str(iscc), "/Qp"] + [f"/D{k}={v}" for k, v in iscc_defines(version).items()]
    say(f"Inno Setup: {iscc}")
    subprocess.run([*args, str(ISS)], check=True)
    setup = L.DIST / f"{L.APP_NAME}-{version}-windows-x86_64-setup.exe"
    if not setup.is_file():
        raise SystemExit(f"windows_installer: Inno Setup did not write {setup}")
    sign([setup])
    portable = shutil.make_archive(str(L.DIST / f"{L.APP_NAME}-{version}-{L.platform_tag()}"
                                       "-portable"), "zip", L.DIST, L.APP_NAME)
    return [setup, Path(portable)]
