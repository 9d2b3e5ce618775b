"""Render the app icon (assets/ddaydesk.svg) to the files the installers need.

    .venv/bin/python packaging/make_icons.py

Writes assets/icons/ddaydesk.png (512 px, Linux window icon and docs), ddaydesk.ico
(Windows: 16-256 px PNG entries) and ddaydesk.icns (macOS: 16-1024 px PNG entries). Qt
(offscreen) rasterises the SVG; the ICO and ICNS containers are packed here because Qt's
writers store a single size. Run it after editing the SVG and commit the results.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pkg_layout  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (Apple's icns type codes).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)


def render_png(renderer: QSvgRenderer, size: int) -> bytes:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buf, "PNG"):
        raise RuntimeError(f"could not encode a {size}px PNG")
    return bytes(data.data())


def pack_ico(pngs: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images (valid since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, png in sorted(pngs.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset)
        blobs += png
        offset += len(png)
    return header + entries + blobs


def pack_icns(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    renderer = QSvgRenderer(str(pkg_layout.ICON_SVG))
    if not renderer.isValid():
        print(f"{pkg_layout.ICON_SVG}: not a valid SVG", file=sys.stderr)
        return 1
    sizes = sorted(set(ICO_SIZES) | {s for _, s in ICNS_TYPES})
    pngs = {s: render_png(renderer, s) for s in sizes}
    out = pkg_layout.ICON_DIR
    out.mkdir(parents=True, exist_ok=True)
    (out / "ddaydesk.png").write_bytes(pngs[512])
    (out / "ddaydesk.ico").write_bytes(pack_ico({s: pngs[s] for s in ICO_SIZES}))
    (out / "ddaydesk.icns").write_bytes(pack_icns(pngs))
    for name in ("ddaydesk.png", "ddaydesk.ico", "ddaydesk.icns"):
        print(f"wrote {out / name} ({(out / name).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
