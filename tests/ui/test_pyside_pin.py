"""PySide6 6.12.0 on CPython 3.11 drops a reference to None on every void call and aborts
after a few thousand (../shared/research/perf.md §0). This guards the pin."""

import sys

from PySide6.QtWidgets import QGraphicsRectItem


def test_void_calls_do_not_leak_none_references(qapp):
    item = QGraphicsRectItem(0, 0, 10, 10)
    before = sys.getrefcount(None)
    for _ in range(20_000):
        item.setZValue(1.0)
    assert sys.getrefcount(None) - before > -100
