"""The players' rules browser (Help > Rules, F1): each system's rules, charts and clauses as
pages in a QTextBrowser, a contents tree (the current game's rules first), back and forward,
and search. The pages are built without Qt by ``ddaydesk.rules.help``; this only shows them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QKeySequence, QShortcut, QTextCharFormat, QTextCursor, QTextFormat
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QTextEdit,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ddaydesk.rules.help.chartkit import Context
from ddaydesk.rules.help.pages import HelpPage, RulesHelp, parse_link
from ddaydesk.rules.help.search import SearchIndex, results_page

KEY_ROLE = Qt.ItemDataRole.UserRole
KIND_TITLES = {"text": "Rules", "chart": "Charts"}


def game_context(port) -> Context:
    """The rules context of a game window's port: its system, its options as set, its scenario."""
    sc = port.scenario
    game = getattr(port, "game", None)
    options = dict(game.state.options) if game is not None else dict(sc.options)
    return Context(system=sc.system.id, options=options, scenario=sc)


def _starts(text: str, locator: str) -> bool:
    """``text`` starts with ``locator`` as a whole: "STD-CRT" is not the start of "STD-CRT-EX"."""
    rest = text[len(locator):len(locator) + 1]
    return text.startswith(locator) and not (rest.isalnum() or rest in ("-", "."))


def show_for(host: QWidget, port, rule: str = "") -> RulesBrowser:
    """Open (or bring back) ``host``'s rules browser for the game of ``port``, at ``rule``'s
    entry if one is given. One browser per game window, rebuilt when the game changes."""
    ctx = game_context(port)
    browser: RulesBrowser | None = getattr(host, "rules_browser", None)
    old = browser.help.ctx if browser is not None else None
    if old is None or (old.system, old.options, old.scenario) != (ctx.system, ctx.options, ctx.scenario):
        if browser is not None:
            browser.close()
            browser.deleteLater()
        # A window of its own, not the game window's child: a modal dialog of the game window
        # (the combat dialog, whose rule ids open it) would block its input otherwise. It
        # keeps the app from quitting only while the game window is open.
        browser = RulesBrowser(RulesHelp(ctx))
        browser.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        host.destroyed.connect(browser.deleteLater)
        host.rules_browser = browser
    browser.show()
    browser.raise_()
    browser.activateWindow()
    if rule:
        browser.open_rule(rule)
    return browser


class RulesBrowser(QWidget):
    """A window of its own, so the rules stay open beside the map."""

    def __init__(self, help_: RulesHelp, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.help = help_
        self.index: SearchIndex | None = None
        self.history: list[tuple[str, str]] = []
        self.at = -1
        self.page: HelpPage | None = None
        self.target = None  # the highlighted paragraph (QTextBlock) a link led to
        self.resize(1100, 760)
        lay = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.back = self._button("◀", "Back (Alt+Left)", lambda: self._go(-1))
        self.forward = self._button("▶", "Forward (Alt+Right)", lambda: self._go(1))
        self.home = self._button("Home", "This game's rules", lambda: self.show_page(self._home_key()))
        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText("Search the rules, charts and clauses…")
        self.search_box.setClearButtonEnabled(True)
        self.search_box.returnPressed.connect(lambda: self.search(self.search_box.text()))
        self.scope = QComboBox()
        self.scope.addItem(f"In {help_.title(help_.systems()[0])}", help_.systems()[0])
        self.scope.addItem("In every system", "")
        for w in (self.back, self.forward, self.home):
            bar.addWidget(w)
        bar.addWidget(self.search_box, 1)
        bar.addWidget(self.scope)
        lay.addLayout(bar)
        split = QSplitter()
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.itemActivated.connect(self._tree_chose)
        self.tree.itemClicked.connect(self._tree_chose)
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.anchorClicked.connect(self.follow)
        self.view.document().setDefaultStyleSheet("table { margin: 6px 0; } td, th { padding: 3px 6px; }")
        split.addWidget(self.tree)
        split.addWidget(self.view)
        split.setStretchFactor(1, 1)
        split.setSizes([300, 800])
        lay.addWidget(split, 1)
        self.status = QLabel("")
        self.status.setStyleSheet("color: palette(placeholder-text);")
        lay.addWidget(self.status)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Back), self, lambda: self._go(-1))
        QShortcut(QKeySequence(QKeySequence.StandardKey.Forward), self, lambda: self._go(1))
        QShortcut(QKeySequence(QKeySequence.StandardKey.Find), self, self.search_box.setFocus)
        self._fill_tree()
        self.show_page(self._home_key())

    def _button(self, text: str, tip: str, slot) -> QToolButton:
        b = QToolButton()
        b.setText(text)
        b.setToolTip(tip)
        b.clicked.connect(slot)
        return b

    def _home_key(self) -> str:
        return f"{self.help.systems()[0]}/home"

    def _fill_tree(self) -> None:
        self.items: dict[str, QTreeWidgetItem] = {}
        for k, system in enumerate(self.help.systems()):
            top = QTreeWidgetItem([self.help.title(system)])
            top.setData(0, KEY_ROLE, f"{system}/home")
            self.tree.addTopLevelItem(top)
            self.items[f"{system}/home"] = top
            groups: dict[str, QTreeWidgetItem] = {}
            for kind in ("text", "chart"):
                for p in self.help.pages_list(system, kind):
                    parent = top
                    if kind == "chart":
                        parent = groups.get(kind) or QTreeWidgetItem(top, [KIND_TITLES[kind]])
                        groups[kind] = parent
                    item = QTreeWidgetItem(parent, [p.title])
                    item.setData(0, KEY_ROLE, p.key)
                    self.items[p.key] = item
            if system in self.help.clauses:
                item = QTreeWidgetItem(top, ["The rules clause by clause"])
                item.setData(0, KEY_ROLE, f"{system}/clauses")
                self.items[f"{system}/clauses"] = item
            top.setExpanded(k == 0)
            if "chart" in groups:
                groups["chart"].setExpanded(k == 0)

    # -- navigation ---------------------------------------------------------------------------
    def show_page(self, key: str, locator: str = "", remember: bool = True) -> bool:
        page = self.help.page(key) if key != "search" else self.page
        if page is None:
            return False
        if remember:
            del self.history[self.at + 1:]
            self.history.append((key, locator))
            self.at = len(self.history) - 1
        self.page = page
        self.view.setMarkdown(page.markdown)
        self.setWindowTitle(f"Rules: {self.help.title(page.system) if page.system else page.title} — {page.title}")
        item = self.items.get(key)
        if item is not None:
            parent = item.parent()
            while parent is not None:
                parent.setExpanded(True)
                parent = parent.parent()
            self.tree.setCurrentItem(item)
            self.tree.scrollToItem(item)
        self.target = self.scroll_to(locator) if locator else None
        self.view.setExtraSelections(self._mark(self.target))
        if not locator:
            self.view.verticalScrollBar().setValue(0)
        self.status.setText(f"Corrected text: {page.corrected}" if page.corrected else "")
        self._update_buttons()
        return True

    def scroll_to(self, locator: str):
        """Scroll the paragraph that starts with ``locator`` to the top (a heading before any
        other, such as a chart's cell naming the same rule); its block, or None."""
        doc = self.view.document()
        for headings_only in (True, False):
            block = doc.begin()
            while block.isValid():
                if (block.blockFormat().headingLevel() > 0 or not headings_only) and \
                        _starts(block.text().lstrip(), locator):
                    top = doc.documentLayout().blockBoundingRect(block).top()
                    self.view.verticalScrollBar().setValue(int(top))
                    return block
                block = block.next()
        return None

    def _mark(self, block) -> list:
        if block is None:
            return []
        sel = QTextEdit.ExtraSelection()
        fmt = QTextCharFormat()
        fmt.setBackground(QColor("#fdf1c7"))
        fmt.setProperty(QTextFormat.Property.FullWidthSelection, True)
        sel.format = fmt
        sel.cursor = QTextCursor(block)
        return [sel]

    def current_block_text(self) -> str:
        """The text of the highlighted paragraph (the entry a link opened), or ""."""
        return self.target.text() if self.target is not None else ""

    def open_rule(self, rule: str, prefer: str | None = None) -> bool:
        """Show the entry that explains ``rule`` (``prefer``'s texts first, by default the
        game's); False, and a search for the id, if no entry does."""
        where = self.help.target(rule, prefer)
        if where is None:
            self.search(rule, everywhere=True)
            return False
        return self.show_page(where.page, where.locator)

    def follow(self, url: QUrl) -> None:
        kind, what, locator = parse_link(url.toString())
        if kind == "rule":
            self.open_rule(what, self.page.system if self.page is not None and self.page.system else None)
        elif kind == "page":
            self.show_page(what, locator)

    def _go(self, step: int) -> None:
        at = self.at + step
        if 0 <= at < len(self.history):
            self.at = at
            self.show_page(*self.history[at], remember=False)

    def _update_buttons(self) -> None:
        self.back.setEnabled(self.at > 0)
        self.forward.setEnabled(self.at < len(self.history) - 1)

    def _tree_chose(self, item: QTreeWidgetItem, _col: int = 0) -> None:
        key = item.data(0, KEY_ROLE)
        if key and (self.page is None or key != self.page.key):
            self.show_page(key)

    # -- search -------------------------------------------------------------------------------
    def search(self, query: str, everywhere: bool = False) -> list:
        query = query.strip()
        if not query:
            return []
        if self.index is None:
            self.index = SearchIndex(self.help)
        system = None if everywhere else (self.scope.currentData() or None)
        hits = self.index.search(query, system)
        scope = self.help.title(system) if system else "every system"
        self.page = results_page(self.help, query, hits, scope)
        del self.history[self.at + 1:]
        self.history.append(("search", ""))
        self.at = len(self.history) - 1
        self.view.setMarkdown(self.page.markdown)
        self.target = None
        self.view.setExtraSelections([])
        self.setWindowTitle(f"Rules — search: {query}")
        self.status.setText("")
        self._update_buttons()
        return hits
