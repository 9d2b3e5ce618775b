"""The release workflow parses, lints clean (actionlint, where its wheel exists), runs the
scripts that exist with the secrets the scripts read, and uploads what they produce."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


@pytest.fixture(scope="module")
def wf() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def steps(wf: dict, job: str = "build") -> list[dict]:
    return wf["jobs"][job]["steps"]


def run_text(wf: dict) -> str:
    return "\n".join(s.get("run", "") for job in wf["jobs"] for s in steps(wf, job))


def test_runs_on_version_tags(wf):
    on = wf.get("on", wf.get(True))  # YAML 1.1 reads a bare `on` key as True
    assert on["push"]["tags"] == ["v*"]


def test_builds_natively_for_every_target(wf):
    oses = {e["name"]: e["os"] for e in wf["jobs"]["build"]["strategy"]["matrix"]["include"]}
    assert oses["windows-x86_64"].startswith("windows-")
    assert oses["macos-arm64"] in ("macos-14", "macos-15", "macos-26")  # Apple silicon
    assert oses["macos-x86_64"].endswith("-intel") or oses["macos-x86_64"] == "macos-13"
    assert oses["linux-x86_64"].startswith("ubuntu-")


def test_every_script_the_workflow_runs_exists(wf):
    scripts = set(re.findall(r"\b((?:packaging/)?[\w/]+\.py)\b", run_text(wf)))
    assert "packaging/build.py" in scripts
    for s in scripts:
        assert (ROOT / s).is_file(), f"release.yml runs {s}, which does not exist"


def test_build_step_is_the_documented_command_with_the_tag_check(wf):
    build = next(s for s in steps(wf) if "packaging/build.py" in s.get("run", ""))
    assert 'python packaging/build.py --tag "$TAG"' in build["run"]


def test_secrets_passed_are_the_ones_the_scripts_read(wf, script):
    build = next(s for s in steps(wf) if "packaging/build.py" in s.get("run", ""))
    passed = {k for k, v in build["env"].items() if "secrets." in str(v)}
    mac, win = script("macos_dmg"), script("windows_installer")
    assert passed == {*mac.SIGN_SECRETS, *mac.NOTARY_SECRETS, *win.SIGN_SECRETS}


def test_linux_step_installs_every_system_package_the_build_checks(wf, script):
    sys.path.insert(0, str(ROOT))
    import dev

    apt = next(s["run"] for s in steps(wf) if "apt-get install" in s.get("run", ""))
    listed = set(apt.replace("\\", " ").split())
    missing = set(dev.DEBIAN_LIBS) | set(script("build").PACKAGING_DEBS)
    assert missing - listed == set()


def test_uploads_match_the_artefact_names_the_scripts_write(wf, layout):
    upload = next(s for s in steps(wf) if s.get("uses", "").startswith("actions/upload-artifact")
                  and s["with"].get("if-no-files-found") == "error")
    patterns = upload["with"]["path"].split()
    v = layout.version()
    for artefact in (f"dist/ddaydesk-{v}-linux-x86_64.tar.gz",
                     f"dist/ddaydesk-{v}-windows-x86_64-setup.exe",
                     f"dist/ddaydesk-{v}-windows-x86_64-portable.zip",
                     f"dist/ddaydesk-{v}-macos-arm64.dmg", f"dist/ddaydesk-{v}-macos-x86_64.dmg"):
        assert any(fnmatch.fnmatch(artefact, p) for p in patterns), artefact


def test_release_job_publishes_only_for_tags(wf):
    release = wf["jobs"]["release"]
    assert release["needs"] == "build" and "tag" in release["if"]
    assert release["permissions"] == {"contents": "write"}
    assert wf["permissions"] == {"contents": "read"}


def test_actionlint_is_clean():
    bindir = str(Path(sys.executable).parent)
    actionlint = shutil.which("actionlint", path=bindir)
    shellcheck = shutil.which("shellcheck", path=bindir)
    if actionlint is None or shellcheck is None:
        pytest.skip("actionlint's and shellcheck's wheels exist for linux-x86_64 only")
    # actionlint runs shellcheck on every `run:` step when it finds it on PATH.
    p = subprocess.run([actionlint, "-no-color", "-shellcheck", shellcheck, str(WORKFLOW)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
