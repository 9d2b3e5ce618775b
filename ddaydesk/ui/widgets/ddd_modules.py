"""Atlantikwall's modules and Overlord above the players' cards: the Battle Conditions in play,
drawn as cards (the regular card, then the Weather), with who ignores one this turn and the next
cards this side saw with Forward Observation; then one line each for the Badge deck, the
Mulligan tokens' pool, Supply SNAFU's piles and Major McMoron, when their module is in play.
Each cites its rule; the cards' texts that are ddaydesk's own say so."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

from ddaydesk.ui.rule_links import link_label, linked

STYLE = ("#ddd-condition { background: #f1ead2; border: 1px solid #8a7a4a; border-radius: 5px; }"
         "#ddd-condition[weather=\"true\"] { background: #e3ecf3; border-color: #4a6a8a; }")


def condition_html(c) -> str:
    kind = "Weather" if c.weather else "Battle Conditions"
    lines = [f"<b>{escape(c.name)}</b> <span style='color:#5b5442'>· {kind}</span>", escape(c.text)]
    if c.ignored_by:
        lines.append(f"<i>Ignored this turn by {escape(', '.join(c.ignored_by))}</i> " + linked("(DDD-COND-04)"))
    return "<br>".join(lines)


def module_lines(mods, on: frozenset) -> list[str]:
    """The modules' state in words, those in play (``on``: option ids), each with its rule
    (plain text: rule ids become links)."""
    out = []
    if "battle_conditions" in on:
        seen = f"; next, as you saw them: {', '.join(mods.conditions_seen)}" if mods.conditions_seen else ""
        ours = " (its cards are ddaydesk's own: the printed deck is not public, STD-DDD-COND)" if any(
            c.default for c in mods.conditions) else ""
        out.append(f"Battle Conditions deck: {mods.conditions_deck} cards{seen} (DDD-COND-01){ours}")
    if "badges" in on:
        out.append(f"Badges: {mods.badge_deck} in the deck" +
                   (f", used: {', '.join(mods.badge_discard)}" if mods.badge_discard else "") + " (DDD-BADGE-01)")
    if {"mulligans", "desperate_measures"} & on:
        out.append(f"Tokens in the pool: {mods.token_pool} (DDD-OPT-11..12)")
    if "supply_snafu" in on and mods.snafu:
        out.append("Supply SNAFU, on top of each pile: " + ", ".join(x or "(empty)" for x in mods.snafu)
                   + " (DDD-OPT-02)")
    if mods.major:
        out.append(f"{mods.major} (DDD-ROOKIE-08..10)")
    return out


class ModulesBox(QFrame):
    """The Battle Conditions cards in play and the modules' lines, above the players' cards."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.lay.setSpacing(4)
        self.cards: list[QLabel] = []
        self.lines = link_label(QLabel(""))
        self.lines.setWordWrap(True)
        self.lay.addWidget(self.lines)
        self._key: tuple = ()

    def set_modules(self, mods, on: frozenset) -> None:
        key = (mods.conditions, module_lines(mods, on)) if mods is not None else ()
        if key == self._key:
            return
        self._key = key
        for card in self.cards:
            card.hide()
            card.deleteLater()
        self.cards = []
        self.setVisible(bool(key and (key[0] or key[1])))
        if not key:
            return
        for k, c in enumerate(mods.conditions):
            card = link_label(QLabel(condition_html(c)))
            card.setObjectName("ddd-condition")
            card.setProperty("weather", c.weather)
            card.setWordWrap(True)
            card.setMargin(6)
            self.lay.insertWidget(k, card)
            card.show()
            self.cards.append(card)
        self.lines.setText("<br>".join(linked(x) for x in key[1]))
        self.lines.setVisible(bool(key[1]))
