"""The committed icons are valid containers with every size the platforms ask for, and
are current renders of assets/ddaydesk.svg (re-run packaging/make_icons.py after editing)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "assets" / "icons"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC
    return struct.unpack(">II", data[16:24])


def ico_entries(data: bytes) -> dict[int, bytes]:
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    out = {}
    for i in range(count):
        w, h, _c, _r, _p, _b, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        blob = data[offset:offset + size]
        assert png_size(blob) == (w or 256, h or 256)
        out[w or 256] = blob
    return out


def icns_entries(data: bytes) -> dict[bytes, bytes]:
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    out, pos = {}, 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        out[kind] = data[pos + 8:pos + length]
        pos += length
    return out


def test_ico_has_every_windows_size():
    entries = ico_entries((ICONS / "ddaydesk.ico").read_bytes())
    assert sorted(entries) == [16, 24, 32, 48, 64, 128, 256]


def test_icns_has_every_macos_size(script):
    entries = icns_entries((ICONS / "ddaydesk.icns").read_bytes())
    for kind, size in script("make_icons").ICNS_TYPES:
        assert png_size(entries[kind]) == (size, size), kind


def test_png_is_512():
    assert png_size((ICONS / "ddaydesk.png").read_bytes()) == (512, 512)


@pytest.mark.parametrize("size", [16, 64, 256])
def test_icons_are_current_renders_of_the_svg(qapp, script, size):
    assert isinstance(qapp, QGuiApplication)
    make_icons = script("make_icons")
    fresh = QImage.fromData(QByteArray(make_icons.render_png(
        QSvgRenderer(str(ROOT / "assets" / "ddaydesk.svg")), size)))
    committed = QImage.fromData(QByteArray(ico_entries((ICONS / "ddaydesk.ico").read_bytes())[size]))
    assert fresh.size() == committed.size()
    worst = max(abs(a - b) for y in range(size) for x in range(size)
                for a, b in zip(fresh.pixelColor(x, y).getRgb(),
                                committed.pixelColor(x, y).getRgb(), strict=True))
    assert worst <= 8, "assets/icons is stale: run packaging/make_icons.py and commit"
