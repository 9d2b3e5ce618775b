"""Rule ids shown anywhere in the window are links that open the rules browser at the entry.

One mechanism for every widget:

- :func:`linked` turns plain text into rich text with each rule id a ``rule:`` link;
- :func:`link_label` makes a QLabel show such text and open the browser on a click;
- :class:`~ddaydesk.ui.rule_delegate.RuleLinkDelegate` draws the rows of a list view (the
  log) the same way;
- :func:`open_rule` is the handler: it finds the game window the widget belongs to (the
  nearest one with ``show_rule(rule_id)``, e.g. ``MainWindow``) and opens its browser there.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


def linked(text: str) -> str:
    """Plain text -> rich text, rule ids as rule: links (the rest escaped)."""
    if not text:  # (the empty hints of a start's first frame: the ids' patterns are not loaded for them)
        return ""
    from ddaydesk.rules.help.ids import linkify_html

    return linkify_html(text)


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
    from ddaydesk.rules.help.ids import from_href

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
