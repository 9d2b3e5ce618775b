"""The log's rows as rich text, rule ids as links (``rule_links``): made with the docks, after
the first frame."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPointF, QRectF, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QPalette, QTextDocument
from PySide6.QtWidgets import QAbstractItemView, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from ddaydesk.rules.help.ids import from_href
from ddaydesk.ui.rule_links import linked, open_rule


class RuleLinkDelegate(QStyledItemDelegate):
    """Rows of a list drawn as rich text with rule ids as links, one line each or (``wrap``)
    wrapped to the view's width; a click on an id opens its entry (the row is still selected
    as usual)."""

    def __init__(self, view: QAbstractItemView, wrap: bool = False):
        super().__init__(view)
        self.view = view
        self.wrap = wrap
        view.viewport().setMouseTracking(True)

    def _doc(self, option: QStyleOptionViewItem, index: QModelIndex, width: int = -1) -> QTextDocument:
        doc = QTextDocument()
        doc.setDefaultFont(option.font)
        doc.setDocumentMargin(2)
        space = "pre-wrap" if self.wrap else "pre"  # (pre: the numbers' padding kept)
        doc.setHtml(f"<span style='white-space:{space}'>{linked(str(index.data() or ''))}</span>")
        if self.wrap:
            doc.setTextWidth(width if width > 0 else option.rect.width())
        return doc

    def paint(self, painter, option, index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        doc = self._doc(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget else self.view.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        ctx = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        ctx.palette.setColor(QPalette.ColorRole.Text, opt.palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text))
        painter.save()
        painter.translate(opt.rect.topLeft())
        painter.setClipRect(QRectF(0, 0, opt.rect.width(), opt.rect.height()))
        doc.documentLayout().draw(painter, ctx)
        painter.restore()

    def sizeHint(self, option, index):
        size = super().sizeHint(option, index)
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)  # (the row's own font: the reviewed action's is bold, wider)
        # wrapped: to the view's width (a row is measured before it has a place of its own)
        doc = self._doc(opt, index, self.view.viewport().width() if self.wrap else -1)
        size.setHeight(max(size.height(), int(doc.size().height())))
        if self.wrap:  # (the view's width, never wider: no horizontal scroll bar)
            size.setWidth(min(size.width(), self.view.viewport().width()))
        return size

    def rule_at(self, option: QStyleOptionViewItem, index: QModelIndex, pos: QPointF) -> str:
        """The rule id under ``pos`` (viewport coordinates) in the row ``index``, or ""."""
        doc = self._doc(option, index)
        href = doc.documentLayout().anchorAt(pos - QPointF(option.rect.topLeft()))
        return from_href(href)

    def editorEvent(self, event, model, option, index) -> bool:
        if event.type() in (QEvent.Type.MouseButtonRelease, QEvent.Type.MouseMove):
            rule = self.rule_at(option, index, event.position())
            if event.type() == QEvent.Type.MouseMove:
                self.view.viewport().setCursor(Qt.CursorShape.PointingHandCursor if rule else Qt.CursorShape.ArrowCursor)
                self.view.viewport().setToolTip(f"Read the rule {rule}" if rule else "")
            elif rule and event.button() == Qt.MouseButton.LeftButton:
                return open_rule(self.view, rule)
        return super().editorEvent(event, model, option, index)
