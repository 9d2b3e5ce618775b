"""macOS: sign the .app, put it in a DMG, notarise and staple it.

Called by ``python3 packaging/build.py`` on the Mac whose architecture the build is for
(arm64 or x86_64: PyInstaller builds natively). Each secret-gated step logs one
``SKIPPED ...`` line when its secrets are missing and the unsigned DMG is still made:

- signing (Developer ID Application): MACOS_CERTIFICATE (base64 .p12),
  MACOS_CERTIFICATE_PASSWORD, MACOS_SIGN_IDENTITY (e.g. "Developer ID Application: NAME
  (TEAMID)"); imported into a temporary keychain that is deleted afterwards;
- notarisation (after signing): APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD (an
  app-specific password), through ``xcrun notarytool submit --wait``, then
  ``xcrun stapler staple``.
"""

from __future__ import annotations

import base64
import os
import secrets as pysecrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pkg_layout as L  # noqa: E402
from signing_env import secrets_for  # noqa: E402

SIGN_SECRETS = ("MACOS_CERTIFICATE", "MACOS_CERTIFICATE_PASSWORD", "MACOS_SIGN_IDENTITY")
NOTARY_SECRETS = ("APPLE_ID", "APPLE_TEAM_ID", "APPLE_APP_PASSWORD")
ENTITLEMENTS = L.PACKAGING / "macos" / "entitlements.plist"
MACHO_MAGICS = {bytes.fromhex(m) for m in ("feedface", "feedfacf", "cefaedfe", "cffaedfe",
                                             "cafebabe", "bebafeca")}


def say(msg: str) -> None:
    print(f"macos_dmg: {msg}", flush=True)


def run(args: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, check=True, **kw)


def is_macho(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(4) in MACHO_MAGICS
    except OSError:
        return False


def signing_order(app: Path) -> list[Path]:
    """Inside-out: every Mach-O file, then each .framework, then the app itself (Apple's
    rule; ``codesign --deep`` signs in an order notarisation rejects, PyInstaller #8927)."""
    files = [p for p in app.rglob("*") if p.is_file() and not p.is_symlink() and is_macho(p)]
    frameworks = [p for p in app.rglob("*.framework") if p.is_dir() and not p.is_symlink()]
    deepest_first = sorted(files, key=lambda p: len(p.parts), reverse=True)
    return [*deepest_first, *sorted(frameworks, key=lambda p: len(p.parts), reverse=True), app]


class Keychain:
    """A temporary keychain holding the Developer ID certificate, removed on exit."""

    def __init__(self, p12_b64: str, password: str):
        self.dir = Path(tempfile.mkdtemp(prefix="ddaydesk-sign-"))
        self.path = self.dir / "ddaydesk-build.keychain-db"
        self.password = pysecrets.token_hex(16)
        self.p12 = self.dir / "cert.p12"
        self.p12.write_bytes(base64.b64decode(p12_b64))
        self.p12_password = password

    def __enter__(self) -> Keychain:
        kc, pw = str(self.path), self.password
        run(["security", "create-keychain", "-p", pw, kc])
        run(["security", "set-keychain-settings", "-lut", "3600", kc])
        run(["security", "unlock-keychain", "-p", pw, kc])
        run(["security", "import", str(self.p12), "-k", kc, "-P", self.p12_password,
             "-T", "/usr/bin/codesign"])
        run(["security", "set-key-partition-list", "-S", "apple-tool:,apple:", "-s", "-k", pw,
             kc], stdout=subprocess.DEVNULL)
        listed = subprocess.run(["security", "list-keychains", "-d", "user"], check=True,
                                capture_output=True, text=True).stdout.split()
        run(["security", "list-keychains", "-d", "user", "-s", kc,
             *[k.strip('"') for k in listed]])
        return self

    def __exit__(self, *exc) -> None:
        subprocess.run(["security", "delete-keychain", str(self.path)], check=False)
        shutil.rmtree(self.dir, ignore_errors=True)


def codesign(paths: list[Path], identity: str) -> None:
    for p in paths:
        run(["codesign", "--force", "--timestamp", "--options", "runtime",
             "--entitlements", str(ENTITLEMENTS), "--sign", identity, str(p)],
            stdout=subprocess.DEVNULL)


def make_dmg(app: Path, out: Path) -> Path:
    with tempfile.TemporaryDirectory(prefix="ddaydesk-dmg-") as tmp:
        stage = Path(tmp) / L.DISPLAY_NAME
        stage.mkdir()
        run(["ditto", str(app), str(stage / app.name)])  # keeps symlinks and signatures
        (stage / "Applications").symlink_to("/Applications")
        out.unlink(missing_ok=True)
        create = ["hdiutil", "create", "-volname", f"{L.DISPLAY_NAME} {L.version()}",
                  "-srcfolder", str(stage), "-fs", "HFS+", "-format", "UDZO", "-ov", str(out)]
        # hdiutil fails now and then with "Resource busy" on CI runners; a retry clears it.
        for attempt in (1, 2, 3):
            try:
                run(create)
                break
            except subprocess.CalledProcessError:
                if attempt == 3:
                    raise
                say(f"hdiutil failed (attempt {attempt}); trying again")
    return out


def notarize(dmg: Path, env: Mapping[str, str], log: Callable[[str], None]) -> bool:
    creds = secrets_for("macOS notarisation", NOTARY_SECRETS, env, log)
    if creds is None:
        return False
    log(f"notarising {dmg.name} (waits for Apple)")
    run(["xcrun", "notarytool", "submit", str(dmg), "--apple-id", creds["APPLE_ID"],
         "--team-id", creds["APPLE_TEAM_ID"], "--password", creds["APPLE_APP_PASSWORD"],
         "--wait"])
    run(["xcrun", "stapler", "staple", str(dmg)])
    run(["xcrun", "stapler", "validate", str(dmg)])
    return True


def build(version: str, env: Mapping[str, str] = os.environ,
          log: Callable[[str], None] = say) -> list[Path]:
    app = L.app_dir()
    dmg = L.DIST / f"{L.APP_NAME}-{version}-{L.platform_tag()}.dmg"
    creds = secrets_for("macOS code signing", SIGN_SECRETS, env, log)
    if creds is None:
        log("SKIPPED macOS notarisation: it needs a signed app")
        return [make_dmg(app, dmg)]
    with Keychain(creds["MACOS_CERTIFICATE"], creds["MACOS_CERTIFICATE_PASSWORD"]):
        order = signing_order(app)
        log(f"signing {len(order)} items inside-out with {creds['MACOS_SIGN_IDENTITY']!r}")
        codesign(order, creds["MACOS_SIGN_IDENTITY"])
        run(["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(app)])
        # Signing rewrote every binary: the signed app must still start and paint.
        run([str(L.app_executable()), "--smoke"], env=dict(env, QT_QPA_PLATFORM="offscreen"))
        make_dmg(app, dmg)
        run(["codesign", "--force", "--timestamp", "--sign", creds["MACOS_SIGN_IDENTITY"],
             str(dmg)])
    if notarize(dmg, env, log):
        run(["spctl", "--assess", "--type", "open", "--context", "context:primary-signature",
             "--verbose", str(dmg)])
    return [dmg]
