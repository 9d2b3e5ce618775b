"""Resources and gains in D-Day Dice's tables: ``"5 soldiers, 1 courage"`` read and written
back in the player's words."""

from __future__ import annotations

RESOURCES = ("soldiers", "courage", "stars", "tools")
RESOURCE_NAMES = {"soldiers": "Soldiers", "courage": "Courage", "stars": "Stars", "tools": "Item Points"}
ONE_NAMES = {"soldiers": "Soldier", "courage": "Courage", "stars": "Star", "tools": "Item Point"}


def parse_gain(text: str) -> dict[str, int]:
    """``"5 soldiers, 1 courage"`` -> ``{"soldiers": 5, "courage": 1}``; ValueError if malformed."""
    out: dict[str, int] = {}
    for part in str(text).split(","):
        words = part.split()
        if len(words) != 2 or not words[0].isdigit() or words[1] not in RESOURCES:
            raise ValueError(f"{text!r}: expected 'N resource, ...' with resources {', '.join(RESOURCES)}")
        out[words[1]] = out.get(words[1], 0) + int(words[0])
    return out


def gain_words(gain: dict[str, int], sign: str = "+") -> str:
    """``{"soldiers": 3, "stars": 1}`` -> "+3 Soldiers, +1 Star" (names, for the player)."""
    parts = [f"{sign}{n} {ONE_NAMES[r] if n == 1 else RESOURCE_NAMES[r]}" for r in RESOURCES
             if (n := gain.get(r, 0))]
    return ", ".join(parts) or "nothing"
