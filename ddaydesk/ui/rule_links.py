"""Rule ids shown anywhere in the window are links that open the rules browser at the entry.

One mechanism for every widget:

- :func:`linked` turns plain text into rich text with each rule id a ``rule:`` link;
- :func:`link_label` makes a QLabel show such text and open the browser on a click;
- :class:`RuleLinkDelegate` draws the rows of a list view (the log) the same way;
- :func:`open_rule` is the handler: it finds the game window the widget belongs to (the
  nearest one with ``show_rule(rule_id)``, e.g. ``MainWindow``) and opens its browser there.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPointF, QRectF, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from ddaydesk.rules.help.ids import from_href, linkify_html

linked = linkify_html  # plain text -> rich text, rule ids as rule: links (the rest escaped)


def open_rule(source: QWidget | None, rule: str) -> bool:
    """Open the rules browser of the window ``source`` is in, at ``rule``'s entry."""
    w = source
    while w is not None:
        show = getattr(w, "show_rule", None)
        if callable(show):
            show(rule)
            return True
        w = w.parentWidget()
    return False


def follow(source: QWidget, url: str) -> bool:
    rule = from_href(url)
    return bool(rule) and open_rule(source, rule)


def link_label(label: QLabel) -> QLabel:
    """``label`` shows rich text; a click on a rule id in it opens that rule's entry."""
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setOpenExternalLinks(False)
    # by mouse only: a label that takes keyboard focus would take the map's arrow keys
    label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
    label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    label.linkActivated.connect(lambda url: follow(label, url))
    return label


class RuleLinkDelegate(QStyledItemDelegate):
    """Rows of a list drawn as one line of rich text with rule ids as links; a click on an id
    opens its entry (the row is still selected as usual)."""

    def __init__(self, view: QAbstractItemView):
        super().__init__(view)
        self.view = view
        view.viewport().setMouseTracking(True)

    def _doc(self, option: QStyleOptionViewItem, index: QModelIndex) -> QTextDocument:
        doc = QTextDocument()
        doc.setDefaultFont(option.font)
        doc.setDocumentMargin(2)
        doc.setHtml(f"<span style='white-space:pre'>{linked(str(index.data() or ''))}</span>")
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
        doc = self._doc(option, index)
        size.setHeight(max(size.height(), int(doc.size().height())))
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
