"""Names, never ids: places, units and the engine's own sentences in the words a player reads.

Pure Python (no Qt). The engine and its rules modules write notes, dice purposes and refusal
reasons with unit ids and place labels (``"battle in 12"``, ``"g12-arm has used its move"``);
:class:`Namer` turns those into names (``"battle in Carentan"``, ``"German armour has used
its move"``) before a player sees them. A hex's printed number is its name on the map sheet,
so hex labels stay (with the place's name beside it where the map names one); an area's label
(D-Day2's zone numbers) is an id and becomes the area's name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ddaydesk.board import Board

# the words after which an area map's number is a place: "in 12", "zone 12", "over 30"
_PLACE_WORDS = ("in", "over", "on", "of", "into", "zone", "at", "to", "from", "toward", "near")
_AREA_NUMBER = re.compile(rf"\b({'|'.join(_PLACE_WORDS)}) (\d+)\b")


def place_text(board: Board, place: int) -> str:
    """A place in words: an area's name; a hex's printed number, with its place name if any."""
    if place < 0:
        return "off the map"
    label = board.labels[place]
    if board.grid is None:
        return board.name_of(place) or label
    named = board.places_at.get(place, [])
    return f"{named[0].name} ({label})" if named else label


def _token_pattern(ids) -> re.Pattern | None:
    """One regex for a set of ids, each matched as a whole token (not inside another id)."""
    ids = sorted({i for i in ids if i}, key=len, reverse=True)
    if not ids:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


class Namer:
    """Rewrites engine text for players: unit ids, region and box ids, area numbers."""

    def __init__(self, scenario, words: Mapping[str, str] = ()):
        board = scenario.board
        self.board = board
        self.names: dict[str, str] = {u.id: u.name for u in scenario.units}
        for rid, region in board.regions.items():
            if region.name and region.name != rid:
                self.names[rid] = region.name
        self.names.update(words)
        self._ids = _token_pattern(self.names)
        self._areas = {label: place_text(board, i) for i, label in enumerate(board.labels)} \
            if board.grid is None else {}

    def __call__(self, text: str) -> str:
        if not text:
            return text
        if self._ids is not None:
            text = self._ids.sub(lambda m: self.names[m.group(1)], text)
        if self._areas:
            text = _AREA_NUMBER.sub(self._area, text)
        return text

    def _area(self, m: re.Match) -> str:
        word, label = m.group(1), m.group(2)
        name = self._areas.get(label)
        before = m.string[max(0, m.start() - 5):m.start()]
        if name is None or before.endswith(("hits ", "hit ")):  # "hits on 1": a die's target
            return m.group(0)
        return name if word == "zone" else f"{word} {name}"
