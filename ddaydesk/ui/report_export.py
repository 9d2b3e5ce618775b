"""File > Export game report: the game in the window (its log as it stands) as one HTML page,
written with a progress dialog; the live game is not touched (docs/ui.md, "Game report")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QProgressDialog

from ddaydesk.ui.gamefiles import save_stem
from ddaydesk.ui.savecheck import STILL_CHECKING
from ddaydesk.ui.session import saves_dir


def ask_report_path(win) -> str:
    """Where to write the report (a dialog; tests replace it)."""
    stem = Path(win.save_path).stem if win.save_path else save_stem(win)
    path, _ = QFileDialog.getSaveFileName(win, "Export the game report", str(saves_dir() / f"{stem}-report.html"),
                                          "Web pages (*.html)")
    return path


def export_report(win, path: str | None = None) -> Path | None:
    """Write the report of the window's game to ``path`` (asked for when None); the path
    written, or None (no engine game, cancelled, or the file could not be written)."""
    port = win.review.live if win.review.active else win.port
    game = getattr(port, "game", None)
    if game is None:
        win.show_hint("Not in this game: the report is written from the engine's action log")
        return None
    if game.history_from:  # (a save opened from its checkpoint: its history is not known yet)
        win.show_hint(STILL_CHECKING)
        return None
    path = path or ask_report_path(win)
    if not path:
        return None
    if not path.endswith((".html", ".htm")):
        path += ".html"
    from ddaydesk.report import write_report

    dlg = QProgressDialog("Writing the game report…", "", 0, 100, win)
    dlg.setWindowTitle("Game report")
    dlg.setCancelButton(None)
    dlg.setWindowModality(Qt.WindowModality.WindowModal)
    dlg.setMinimumDuration(300)

    def progress(done: int, total: int) -> None:
        dlg.setValue(round(100 * done / max(1, total)))
        QApplication.processEvents()

    try:
        written = write_report(game, path, progress=progress)
    except OSError as exc:
        win.show_hint(f"The report was not written: {exc}")
        return None
    finally:
        dlg.close()
        dlg.deleteLater()
    win.show_hint(f"Game report written to {written}")
    return written
