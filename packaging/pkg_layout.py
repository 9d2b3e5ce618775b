"""What goes into the frozen app, in one place: read by the PyInstaller spec, the build
script, the installers and the consistency tests (tests/packaging/), so they cannot drift.

Only the standard library is imported here: the tests load this file without PyInstaller.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_NAME = "ddaydesk"
DISPLAY_NAME = "ddaydesk"
PUBLISHER = "ddaydesk developers"
BUNDLE_ID = "org.ddaydesk.ddaydesk"
# The save-file extension the installers associate with the app (same as ddaydesk.paths).
SAVE_SUFFIX = ".ddaysave"
SAVE_TYPE_NAME = "ddaydesk saved game"

DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
SPEC = PACKAGING / "ddaydesk.spec"
ICON_SVG = ROOT / "assets" / "ddaydesk.svg"
ICON_DIR = ROOT / "assets" / "icons"

# (folder in the source tree, folder in the bundle). The app finds the first three through
# ddaydesk.paths.data_root() (sys._MEIPASS when frozen); the rules package reads its YAML
# next to its own module, which PyInstaller places at _MEIPASS/ddaydesk/rules/.
DATA_DIRS: tuple[tuple[str, str], ...] = (
    ("maps", "maps"),
    ("scenarios", "scenarios"),
    ("assets", "assets"),
    ("ddaydesk/rules/data", "ddaydesk/rules/data"),
    ("ddaydesk/rules/text", "ddaydesk/rules/text"),  # the players' rules texts (rules browser)
)
# Data files never shipped even inside a bundled folder (the SVG master stays: it is the
# window icon's source on platforms where Qt scales it).
DATA_SKIP_SUFFIXES = (".py", ".pyc", ".ico", ".icns")

# Python modules the app never imports; listing them stops hooks and stray imports in the
# dependencies from pulling them in (anchors.md §3.2: QtQml/WebEngine bloat).
EXCLUDED_MODULES: tuple[str, ...] = (
    "tkinter", "unittest", "pydoc_data", "test", "lib2to3", "xmlrpc", "ssl", "_ssl",
    # numpy comes only through shapely, which needs its core and linalg (OpenBLAS) alone.
    "numpy.f2py", "numpy.testing", "numpy.distutils", "numpy._pyinstaller", "numpy.random",
    "numpy.fft", "numpy.polynomial", "numpy.ma",
    "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets", "PySide6.QtQuickControls2",
    "PySide6.QtQuickTest", "PySide6.QtNetwork", "PySide6.QtDBus", "PySide6.QtSql",
    "PySide6.QtTest", "PySide6.QtDesigner", "PySide6.QtHelp", "PySide6.QtUiTools",
    "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtPrintSupport",
    "PySide6.QtConcurrent", "PySide6.QtXml", "PySide6.QtSvgWidgets",
    "PySide6.QtWebEngineCore", "PySide6.QtWebEngineWidgets", "PySide6.QtMultimedia",
    "PySide6.Qt3DCore", "PySide6.QtCharts", "PySide6.QtPdf",
)

# Qt shared libraries and plugin folders that the widgets app never loads. A bundled path
# containing any of these fragments is dropped after analysis (Qt's Linux plugins link
# against QtQml/QtQuick/Wayland and drag them in otherwise). Matched case-insensitively
# against the path with forward slashes.
PRUNED_QT_FRAGMENTS: tuple[str, ...] = (
    "qt6qml", "qt6quick", "qt6labs", "qt6lottie", "qt6designer", "qt6help", "qt6pdf",
    "qt6network", "qt6sql", "qt6test", "qt6virtualkeyboard", "qt6websockets",
    "qt6eglfs", "qt6opengl", "qt6printsupport", "qt6concurrent",
    "qtqml", "qtquick", "qtnetwork", "qtpdf", "qtopengl",
    "/qml/", "/qmltooling/", "/qmllint/", "/designer/", "/sqldrivers/", "/tls/",
    "/networkinformation/", "/printsupport/", "/egldeviceintegrations/",
    "/platforms/libqeglfs", "/platforms/libqlinuxfb", "/platforms/libqminimalegl",
    "/platforms/libqvkkhrdisplay", "/platforms/libqvnc",
    "/platforms/qdirect2d", "/platforms/qminimal",
    "/imageformats/libqpdf", "/imageformats/qpdf", "/vectorimageformats/",
    # Wayland's EGL/Vulkan buffer integrations need QtOpenGL; the widgets app draws through
    # shared memory, which the Wayland platform plugin itself provides.
    "/wayland-graphics-integration-client/", "/wayland-graphics-integration-server/",
    # TUIO touch input arrives over the network (QtNetwork).
    "/generic/libqtuiotouchplugin", "/generic/qtuiotouchplugin",
    # The GTK3 theme plugin drags in cairo, pango, gdk-pixbuf... and mixing those bundled
    # copies with the user's GTK is a classic crash; Qt's own Fusion style is used instead.
    "/platformthemes/libqgtk3",
    # Qt's own translations (5.8 MB): the app installs no QTranslator (a test checks that).
    "/translations/",
)
# Libraries loaded with dlopen() (so absent from import tables) that must survive the
# orphan pruning below: QtDBus opens libdbus-1 at run time.
KEEP_LIBRARIES: tuple[str, ...] = ("libdbus-1",)
# What must survive pruning: the smoke test runs offscreen; users run xcb or Wayland on
# Linux, windows on Windows, cocoa on macOS; PNG/SVG/ICO/JPEG images and the SVG icon engine.
REQUIRED_QT_PLUGINS: tuple[str, ...] = (
    "platforms/libqoffscreen", "platforms/libqxcb", "platforms/libqwayland",
    "platforms/qwindows", "platforms/libqcocoa", "platforms/qoffscreen",
    "imageformats/libqsvg", "imageformats/qsvg", "imageformats/libqjpeg", "imageformats/qjpeg",
    "imageformats/libqico", "imageformats/qico", "iconengines/libqsvgicon", "iconengines/qsvgicon",
)


def is_pruned(path: str) -> bool:
    """Whether a bundled file (its destination path) is a Qt part the app does not use."""
    p = "/" + path.replace("\\", "/").lower()
    if any(req in p for req in REQUIRED_QT_PLUGINS):
        return False
    return any(frag in p for frag in PRUNED_QT_FRAGMENTS)


def orphaned_libraries(kept: dict[str, str], dropped: dict[str, str],
                       imports: Callable[[str], Iterable[str]]) -> set[str]:
    """Names of kept libraries that only pruned binaries needed.

    ``kept`` and ``dropped`` map a bundled file name to its source path; ``imports(path)``
    gives the file names a binary links against. A kept library reachable from a dropped
    binary is an orphan unless some other kept binary reaches it too, or it is in
    KEEP_LIBRARIES.
    """
    def closure(roots: Iterable[str], allowed: set[str]) -> set[str]:
        seen: set[str] = set()
        todo = [r for r in roots if r in allowed]
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            todo.extend(d for d in imports(kept.get(name) or dropped[name]) if d in allowed)
        return seen

    names = set(kept) | set(dropped)
    candidates = closure(dropped, names) & set(kept)
    needed = closure([k for k in kept if k not in candidates], set(kept))
    return {c for c in candidates - needed
            if not any(c.lower().startswith(k) for k in KEEP_LIBRARIES)}


def strippable(internal: Path) -> list[Path]:
    """Files of a Linux build whose debug symbols are safe to strip: the Python runtime."""
    found = list(internal.glob("libpython3*.so*"))
    found += internal.glob("python3*/lib-dynload/*.so")
    return sorted(f for f in found if f.is_file() and not f.is_symlink())


def version() -> str:
    """The version in pyproject.toml (the single source; ddaydesk.__version__ must match)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    m = re.search(r'(?m)^\[project\][^\[]*?^version\s*=\s*"([^"]+)"', text)
    if not m:
        raise ValueError("pyproject.toml: no [project] version")
    return m.group(1)


def version_tuple() -> tuple[int, int, int, int]:
    """Four numbers for Windows VERSIONINFO (``0.1.0`` -> (0, 1, 0, 0))."""
    nums = [int(x) for x in re.findall(r"\d+", version())[:4]]
    return tuple((nums + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def datas() -> list[tuple[str, str]]:
    """(source file, destination folder) pairs for PyInstaller's Analysis(datas=...)."""
    out = []
    for src, dest in DATA_DIRS:
        for f in sorted((ROOT / src).rglob("*")):
            if f.is_file() and f.suffix not in DATA_SKIP_SUFFIXES and "__pycache__" not in f.parts:
                rel = f.parent.relative_to(ROOT / src)
                out.append((str(f), str(Path(dest) / rel)))
    return out


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-x86_64``, ``macos-arm64`` ...: names the artefacts."""
    import platform

    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, "linux")
    return f"{system}-{machine}"


def app_dir() -> Path:
    """The one-folder build PyInstaller makes (on macOS the .app bundle)."""
    if sys.platform == "darwin":
        return DIST / f"{APP_NAME}.app"
    return DIST / APP_NAME


def app_executable() -> Path:
    if sys.platform == "darwin":
        return app_dir() / "Contents" / "MacOS" / APP_NAME
    return app_dir() / (APP_NAME + (".exe" if sys.platform == "win32" else ""))


def info_plist() -> dict:
    """macOS Info.plist additions: version and the save-file document type."""
    v = version()
    return {
        "CFBundleName": DISPLAY_NAME,
        "CFBundleDisplayName": DISPLAY_NAME,
        "CFBundleShortVersionString": v,
        "CFBundleVersion": v,
        "NSHighResolutionCapable": True,
        "LSMinimumSystemVersion": "13.0",  # PySide6 6.11 wheels: macosx_13_0
        "NSHumanReadableCopyright": f"GPL-3.0-or-later, {PUBLISHER}",
        "CFBundleDocumentTypes": [{
            "CFBundleTypeName": SAVE_TYPE_NAME,
            "CFBundleTypeRole": "Editor",
            "LSHandlerRank": "Owner",
            "CFBundleTypeExtensions": [SAVE_SUFFIX.lstrip(".")],
            "CFBundleTypeIconFile": f"{APP_NAME}.icns",
            "LSItemContentTypes": [f"{BUNDLE_ID}.save"],
        }],
        "UTExportedTypeDeclarations": [{
            "UTTypeIdentifier": f"{BUNDLE_ID}.save",
            "UTTypeDescription": SAVE_TYPE_NAME,
            "UTTypeConformsTo": ["public.json", "public.data"],
            "UTTypeTagSpecification": {"public.filename-extension": [SAVE_SUFFIX.lstrip(".")]},
        }],
    }
