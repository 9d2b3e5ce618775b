"""Colours for terrain, sides and nationalities (one place, so a colour-blind palette can swap in)."""

from __future__ import annotations

TERRAIN = {
    "clear": "#e8e4c9", "coast": "#dcd6b0", "woods": "#9cbf7a", "bocage": "#b3c98f",
    "city": "#c9a98a", "town": "#d6bfa3", "fortress": "#a89a8c", "fortified": "#c4b7a6",
    "mountain": "#b59f7b", "sea": "#8fb8d8", "lake": "#9cc3df", "neutral": "#cfcfcf",
    "flooded": "#a9cfd6", "marsh": "#b7d1b5", "beach": "#efe2a8", "land": "#e8e4c9",
}
NATIONALITY = {
    "us": "#7c9a5a", "british": "#c9a36a", "canadian": "#c98f6a", "french": "#6a8fc9",
    "polish": "#c96a7a", "german": "#8a9aa6",
}
RIVER = "#3f7fbf"
GRID = "#6d6a5c"
