"""The Windows installer script and the macOS steps agree with the shared layout, and the
signing steps are skipped, with one clear log line each, when their secrets are absent."""

from __future__ import annotations

import re
import subprocess
from contextlib import nullcontext
from pathlib import Path

import pytest

from ddaydesk.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
ISS = ROOT / "packaging" / "windows" / "ddaydesk.iss"


@pytest.fixture(scope="module")
def iss() -> str:
    return ISS.read_text(encoding="utf-8")


def setup_value(iss: str, key: str) -> str:
    m = re.search(rf"(?m)^{key}=(.*)$", iss)
    assert m, f"ddaydesk.iss has no {key}="
    return m.group(1).strip()


def test_iss_gets_every_define_it_requires(iss, script):
    required = set(re.findall(r"(?m)^#ifndef (\w+)", iss))
    assert required == set(script("windows_installer").iscc_defines("0.1.0"))


def test_iss_installs_per_user_without_admin(iss):
    assert setup_value(iss, "PrivilegesRequired") == "lowest"
    assert setup_value(iss, "DefaultDirName").startswith("{autopf}")  # user's Programs
    assert "Root: HKLM" not in iss and "Root: HKCU" not in iss  # HKA follows the mode
    assert re.search(r'(?m)^Name: "\{autoprograms\}\\\{#AppName\}"; Filename: "\{app\}\\\{#AppExe\}"',
                     iss), "no Start-menu entry"
    assert setup_value(iss, "UninstallDisplayIcon") == r"{app}\{#AppExe}"


def test_iss_names_the_file_the_build_script_picks_up(iss, layout, script):
    name = setup_value(iss, "OutputBaseFilename")
    name = name.replace("{#AppName}", layout.APP_NAME).replace("{#AppVersion}", "0.1.0")
    assert f"{name}.exe" == f"{layout.APP_NAME}-0.1.0-windows-x86_64-setup.exe"
    assert 'Source: "{#SourceDir}\\*"' in iss
    assert script("windows_installer").iscc_defines("0.1.0")["SourceDir"] == str(layout.app_dir())


def test_iss_icon_and_version_info(iss, layout):
    icon = setup_value(iss, "SetupIconFile").replace("{#RootDir}", str(ROOT)).replace("\\", "/")
    assert Path(icon).is_file()
    assert setup_value(iss, "VersionInfoVersion") == "{#VersionQuad}"
    assert setup_value(iss, "AppVersion") == "{#AppVersion}"


def test_iss_associates_save_files_with_a_command_the_cli_accepts(iss, layout):
    assert re.search(r'(?m)^#define SaveExt "(.*)"$', iss).group(1) == layout.SAVE_SUFFIX
    assert setup_value(iss, "ChangesAssociations") == "yes"
    command = re.search(r'ValueData: """\{app\}\\\{#AppExe\}"" (.*)"$', iss, re.M).group(1)
    assert command == 'gui ""%1""'
    # Explorer runs `ddaydesk.exe gui "C:\\...\\game.ddaysave"`: the CLI must take it as a file.
    args = build_parser().parse_args(["gui", r"C:\games\turn3.ddaysave"])
    assert args.command == "gui" and args.file.endswith(layout.SAVE_SUFFIX)


def test_iss_app_id_is_a_fixed_guid(iss):
    assert re.fullmatch(r"\{\{[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\}",
                        setup_value(iss, "AppId"))


def test_macos_plist_carries_version_and_document_type(layout):
    plist = layout.info_plist()
    assert plist["CFBundleShortVersionString"] == layout.version()
    doc = plist["CFBundleDocumentTypes"][0]
    assert (layout.ICON_DIR / doc["CFBundleTypeIconFile"]).is_file()
    uti = plist["UTExportedTypeDeclarations"][0]
    assert doc["LSItemContentTypes"] == [uti["UTTypeIdentifier"]]
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == ["ddaysave"]


def test_windows_signing_skipped_without_secrets(script):
    win = script("windows_installer")
    lines: list[str] = []
    assert win.sign([Path("x.exe")], env={"WINDOWS_CERTIFICATE": "abc"}, log=lines.append) is False
    assert lines == ["SKIPPED Windows code signing: secret WINDOWS_CERTIFICATE_PASSWORD not set; "
                     "the artefact is unsigned"]


class Recorder:
    def __init__(self):
        self.commands: list[list[str]] = []

    def __call__(self, args, **kw):
        self.commands.append([str(a) for a in args])

    def tools(self) -> list[str]:
        return [c[1] if c[0] == "xcrun" else Path(c[0]).name for c in self.commands]


@pytest.fixture
def mac(script, monkeypatch, tmp_path):
    mod = script("macos_dmg")
    rec = Recorder()
    monkeypatch.setattr(mod, "run", rec)
    monkeypatch.setattr(mod.L, "app_dir", lambda: tmp_path / "ddaydesk.app")
    monkeypatch.setattr(mod.L, "DIST", tmp_path)
    monkeypatch.setattr(mod, "Keychain", lambda *a: nullcontext())
    monkeypatch.setattr(mod, "signing_order", lambda app: [app / "Contents/MacOS/ddaydesk", app])
    return mod, rec


def test_macos_without_secrets_makes_an_unsigned_dmg_and_says_so(mac):
    mod, rec = mac
    lines: list[str] = []
    out = mod.build("0.1.0", env={}, log=lines.append)
    assert out[0].name.endswith(".dmg")
    assert rec.tools() == ["ditto", "hdiutil"]
    assert lines[0].startswith("SKIPPED macOS code signing: secrets MACOS_CERTIFICATE, "
                               "MACOS_CERTIFICATE_PASSWORD, MACOS_SIGN_IDENTITY not set")
    assert lines[1] == "SKIPPED macOS notarisation: it needs a signed app"


def test_macos_signs_but_skips_notarisation_without_apple_credentials(mac):
    mod, rec = mac
    lines: list[str] = []
    env = {"MACOS_CERTIFICATE": "cert", "MACOS_CERTIFICATE_PASSWORD": "pw",
           "MACOS_SIGN_IDENTITY": "Developer ID Application: X (T)"}
    mod.build("0.1.0", env=env, log=lines.append)
    tools = rec.tools()
    assert tools.count("codesign") == 4  # two items, verify, then the DMG
    assert "notarytool" not in tools and "stapler" not in tools
    assert tools.index("hdiutil") < len(tools) - 1  # the DMG is signed after it is made
    assert any(line.startswith("SKIPPED macOS notarisation: secrets APPLE_ID") for line in lines)


def test_macos_notarises_and_staples_with_all_secrets(mac):
    mod, rec = mac
    env = {n: "x" for n in (*mod.SIGN_SECRETS, *mod.NOTARY_SECRETS)}
    mod.build("0.1.0", env=env, log=lambda _m: None)
    tools = rec.tools()
    assert tools.index("notarytool") < tools.index("stapler")
    assert tools[-1] == "spctl"


def test_macos_signing_order_is_inside_out(script, tmp_path):
    mod = script("macos_dmg")
    app = tmp_path / "ddaydesk.app"
    macho = bytes.fromhex("cffaedfe") + b"\0" * 12
    files = {
        "Contents/MacOS/ddaydesk": macho,
        "Contents/Frameworks/PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore": macho,
        "Contents/Frameworks/libpython3.11.dylib": macho,
        "Contents/Resources/scenarios/tutorial.yaml": b"id: tutorial\n",
    }
    for rel, data in files.items():
        (app / rel).parent.mkdir(parents=True, exist_ok=True)
        (app / rel).write_bytes(data)
    order = [p.relative_to(tmp_path).as_posix() for p in mod.signing_order(app)]
    assert order[-1] == "ddaydesk.app"
    assert not any(o.endswith(".yaml") for o in order)
    framework = "ddaydesk.app/Contents/Frameworks/PySide6/Qt/lib/QtCore.framework"
    qtcore = framework + "/Versions/A/QtCore"
    assert order.index(qtcore) < order.index(framework)
    assert order.index(qtcore) < order.index("ddaydesk.app/Contents/MacOS/ddaydesk")


def test_macos_dmg_retries_a_busy_hdiutil(mac, monkeypatch):
    mod, rec = mac

    def flaky(args, **kw):
        rec(args)
        if args[0] == "hdiutil" and rec.tools().count("hdiutil") == 1:
            raise subprocess.CalledProcessError(16, args)

    monkeypatch.setattr(mod, "run", flaky)
    mod.build("0.1.0", env={}, log=lambda _m: None)
    assert rec.tools() == ["ditto", "hdiutil", "hdiutil"]
