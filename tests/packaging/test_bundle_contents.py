"""The frozen bundle holds every data folder the app reads, at the place it reads it from,
and the pruning keeps every Qt part the app needs. Checked on the configuration, without
building (the build itself: python3 packaging/build.py)."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

import ddaydesk
from ddaydesk import paths
from ddaydesk.rules import systems

ROOT = Path(__file__).resolve().parents[2]


def test_every_data_folder_the_app_reads_is_bundled_at_the_same_place(layout):
    finders = [getattr(paths, n) for n in dir(paths) if n.endswith("_dir")]
    assert len(finders) >= 3  # maps_dir, scenarios_dir, assets_dir
    for finder in finders:
        rel = finder().relative_to(paths.data_root()).as_posix()
        assert (rel, rel) in layout.DATA_DIRS, f"{finder.__name__}() reads {rel}/, not bundled"


def test_rules_data_is_bundled_next_to_the_rules_package(layout):
    # systems.py reads Path(__file__).parent / "data"; frozen, __file__ is under _MEIPASS.
    rel = systems.DATA.relative_to(ROOT).as_posix()
    assert (rel, rel) in layout.DATA_DIRS


def test_every_package_data_file_and_shipped_file_is_in_the_bundle(layout):
    sources = {Path(src).resolve(): dest for src, dest in layout.datas()}
    package_data = [f for f in (ROOT / "ddaydesk").rglob("*")
                    if f.is_file() and f.suffix not in (".py", ".pyc")
                    and "__pycache__" not in f.parts]
    assert package_data, "expected the rules YAML at least"
    shipped = [f for d in ("maps", "scenarios") for f in (ROOT / d).rglob("*.yaml")]
    for f in package_data + shipped:
        assert f.resolve() in sources, f"{f.relative_to(ROOT)} is not bundled"
        assert sources[f.resolve()] == f.parent.relative_to(ROOT).as_posix()


def test_window_icon_is_bundled_where_paths_looks_for_it(layout):
    icon = paths.icon_path()
    assert icon.is_file()
    dests = {Path(src).resolve(): dest for src, dest in layout.datas()}
    assert dests[icon.resolve()] == icon.parent.relative_to(paths.data_root()).as_posix()


def test_versions_agree(layout):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert layout.version() == project["version"] == ddaydesk.__version__
    quad = layout.version_tuple()
    assert len(quad) == 4 and ".".join(map(str, quad[:3])) == project["version"]


def test_save_suffix_is_one_extension_everywhere(layout):
    assert layout.SAVE_SUFFIX == paths.SAVE_SUFFIX == ".ddaysave"
    doc = layout.info_plist()["CFBundleDocumentTypes"][0]
    assert doc["CFBundleTypeExtensions"] == ["ddaysave"]
    # Any other save-suffix constant in the app must be the same (better: import it).
    for f in (ROOT / "ddaydesk").rglob("*.py"):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
                if any("SAVE" in n and "SUFFIX" in n for n in names):
                    assert node.value.value == paths.SAVE_SUFFIX, (
                        f"{f.relative_to(ROOT)}:{node.lineno}: saves end in "
                        f"{paths.SAVE_SUFFIX!r} (ddaydesk.paths.SAVE_SUFFIX; the installers "
                        f"associate it), not {node.value.value!r}")


def test_package_extra_pins_the_freezer():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert any(r.startswith("pyinstaller==") for r in extras["package"])


def test_spec_is_one_folder_without_upx_and_uses_the_shared_layout():
    text = (ROOT / "packaging" / "ddaydesk.spec").read_text()
    ast.parse(text)  # the spec is Python
    assert "exclude_binaries=True" in text and "onefile" not in text.lower()
    assert "upx=True" not in text
    for name in ("L.datas()", "L.EXCLUDED_MODULES", "L.is_pruned", "L.orphaned_libraries",
                 "L.info_plist()", "L.version()"):
        assert name in text


@pytest.mark.parametrize("path", [
    "PySide6/Qt/lib/libQt6Core.so.6", "PySide6/Qt/lib/libQt6Gui.so.6",
    "PySide6/Qt/lib/libQt6Widgets.so.6", "PySide6/Qt/lib/libQt6Svg.so.6",
    "PySide6/Qt/lib/libQt6DBus.so.6", "PySide6/Qt/lib/libQt6XcbQpa.so.6",
    "PySide6/Qt/lib/libQt6WaylandClient.so.6", "PySide6/Qt/lib/libicudata.so.73",
    "PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/plugins/platforms/libqoffscreen.so",
    "PySide6/Qt/plugins/platforms/libqwayland.so", "PySide6\\plugins\\platforms\\qwindows.dll",
    "PySide6/Qt/plugins/platforms/libqcocoa.dylib", "PySide6/Qt/plugins/imageformats/libqsvg.so",
    "PySide6/Qt/plugins/imageformats/libqjpeg.so", "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
    "PySide6/QtWidgets.abi3.so", "numpy.libs/libscipy_openblas64_-32a4b2a6.so",
])
def test_pruning_keeps_what_the_app_needs(layout, path):
    assert not layout.is_pruned(path)


@pytest.mark.parametrize("path", [
    "PySide6/Qt/lib/libQt6Qml.so.6", "PySide6/Qt/lib/libQt6Quick.so.6",
    "PySide6\\Qt6Quick.dll", "PySide6/Qt/lib/QtQml.framework/Versions/A/QtQml",
    "PySide6/Qt/lib/libQt6Network.so.6", "PySide6/Qt/lib/libQt6Pdf.so.6",
    "PySide6/Qt/plugins/platformthemes/libqgtk3.so", "PySide6/Qt/plugins/platforms/libqvnc.so",
    "PySide6/Qt/plugins/platforms/libqeglfs.so", "PySide6/Qt/translations/qtbase_de.qm",
    "PySide6/Qt/qml/QtQuick/Controls/libqtquickcontrols2plugin.so",
])
def test_pruning_drops_unused_qt(layout, path):
    assert layout.is_pruned(path)


def test_required_plugins_survive_pruning(layout):
    for req in layout.REQUIRED_QT_PLUGINS:
        assert not layout.is_pruned(f"PySide6/Qt/plugins/{req}.so"), req


def test_orphaned_libraries_are_only_those_no_kept_binary_needs(layout):
    graph = {
        "gtk3.so": ["cairo.so", "glib.so", "libdbus-1.so.3", "pango.so"],
        "pango.so": ["cairo.so", "glib.so"],
        "cairo.so": [], "glib.so": [], "libdbus-1.so.3": [],
        "qtcore.so": ["glib.so"],
        "mod.so": ["qtcore.so"],
    }
    kept = {n: n for n in graph if n != "gtk3.so"}
    dropped = {"gtk3.so": "gtk3.so"}
    orphans = layout.orphaned_libraries(kept, dropped, lambda src: graph[src])
    # glib is still needed by QtCore; libdbus-1 is dlopen'ed and kept by name.
    assert orphans == {"cairo.so", "pango.so"}


def test_translations_pruned_only_while_the_app_loads_none(layout):
    if any("translations" in f for f in layout.PRUNED_QT_FRAGMENTS):
        for f in (ROOT / "ddaydesk").rglob("*.py"):
            assert "QTranslator" not in f.read_text(), (
                f"{f.relative_to(ROOT)} loads translations: stop pruning /translations/ "
                "in packaging/pkg_layout.py")


def _imported_modules() -> set[str]:
    found = set()
    for f in (ROOT / "ddaydesk").rglob("*.py"):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def test_excluded_modules_are_not_imported_by_the_app(layout):
    imported = _imported_modules()
    assert "PySide6.QtWidgets" in imported  # the scan sees the UI's imports
    for mod in layout.EXCLUDED_MODULES:
        hits = {m for m in imported if m == mod or m.startswith(mod + ".")}
        assert not hits, f"the app imports {hits}, which the frozen build excludes"


def test_strip_targets_only_the_python_runtime(layout, tmp_path):
    for rel in ("libpython3.11.so.1.0", "python3.11/lib-dynload/_json.so",
                "numpy.libs/libscipy_openblas64_.so", "PySide6/Qt/lib/libQt6Core.so.6"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"\x7fELF")
    got = {p.relative_to(tmp_path).as_posix() for p in layout.strippable(tmp_path)}
    assert got == {"libpython3.11.so.1.0", "python3.11/lib-dynload/_json.so"}


def test_build_refuses_a_tag_that_is_not_the_version(script, capsys):
    build = script("build")
    assert build.main(["--tag", "v999.0.0", "--skip-build"]) == 1
    assert "does not match" in capsys.readouterr().out
