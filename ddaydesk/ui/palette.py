"""Colours for terrain, sides, nationalities and overlays: one place, two palettes.

The default palette follows printed wargame maps (buff land, blue sea, green woods). The
colour-blind safe palette keeps the map's luminance steps and draws units and overlays from
the Okabe-Ito set, so allied/german, supplied/unsupplied and own/enemy stay apart under
protanopia, deuteranopia and tritanopia; overlays also differ by pattern, not hue alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ddaydesk.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class Palette(Record):
    """The colours of one palette (hex strings), by what they paint."""

    id: str
    title: str
    terrain: dict[str, str]
    nationality: dict[str, str]  # counter background
    nationality_ink: dict[str, str]  # text and symbol colour on that background
    side: dict[str, str]  # supply tint, trails, ZOC of each side
    off_map: str = "#cfc8ad"
    shore: str = "#3d6f99"
    beach: str = "#eadca0"
    river: str = "#2f6fb0"
    road: str = "#8c4a2f"
    grid: str = "#5b5846"
    label: str = "#1e1e1e"
    hexnum: str = "#4a4738"
    city: str = "#5d4a3a"
    woods_tree: str = "#4f7a3a"
    mountain_ink: str = "#6b5535"
    range_fill: str = "#3f8f3f"
    range_edge: str = "#1f5f1f"
    path: str = "#111111"
    path_bad: str = "#b00020"
    hover: str = "#ffffff"
    selected: str = "#ffd400"
    supplied: str = "#2e7d32"
    unsupplied: str = "#c62828"
    invasion: str = "#8a1c1c"  # the invasion areas' dashed outlines
    extra: dict[str, str] = field(default_factory=dict)

    def terrain_colour(self, name: str) -> str:
        return self.terrain.get(name, "#dddddd")

    def counter_colours(self, nationality: str) -> tuple[str, str]:
        return (self.nationality.get(nationality, "#cccccc"),
                self.nationality_ink.get(nationality, "#000000"))


_TERRAIN = {
    "clear": "#ece6c8", "coast": "#ece6c8", "woods": "#a9c98a", "bocage": "#c4d49c",
    "city": "#ece6c8", "town": "#ece6c8", "fortress": "#ece6c8", "fortified": "#ddd3b8",
    "mountain": "#d9c59a", "sea": "#93bddf", "lake": "#93bddf", "neutral": "#d4d0c8",
    "flooded": "#b5d7d9", "marsh": "#c3d9b9", "swamp": "#c3d9b9", "beach": "#efe2a8", "land": "#ece6c8",
}

DEFAULT = Palette(
    id="default",
    title="Printed map",
    terrain=_TERRAIN,
    nationality={"us": "#8ea86a", "british": "#d2b07a", "canadian": "#d89a6e",
                 "french": "#7fa1d6", "polish": "#d98a95", "german": "#9aa7b0",
                 "greek": "#9cc4e4", "norwegian": "#d97f73"},
    nationality_ink={"us": "#101810", "british": "#1a1208", "canadian": "#1a0e06",
                     "french": "#0a1020", "polish": "#1e0a0e", "german": "#0c1014",
                     "greek": "#0a1420", "norwegian": "#1e0a08"},
    side={"allied": "#2f6fb0", "german": "#7a4a4a"},
)

# Okabe & Ito (2008) "Color Universal Design" colours.
_OI = {"orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
       "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "grey": "#999999"}

COLOUR_BLIND = Palette(
    id="colour-blind",
    title="Colour-blind safe",
    terrain={**_TERRAIN, "woods": "#b9c9a0", "bocage": "#ccd4ae", "sea": "#a7c8e6",
             "lake": "#a7c8e6"},
    nationality={"us": _OI["sky"], "british": _OI["yellow"], "canadian": "#f3b85a",
                 "french": "#7fb3da", "polish": _OI["purple"], "german": "#b8b8b8",
                 "greek": "#a9d3f0", "norwegian": _OI["orange"]},
    nationality_ink={"us": "#000000", "british": "#000000", "canadian": "#000000",
                     "french": "#000000", "polish": "#000000", "german": "#000000",
                     "greek": "#000000", "norwegian": "#000000"},
    side={"allied": _OI["blue"], "german": _OI["vermillion"]},
    river=_OI["blue"],
    range_fill=_OI["sky"],
    range_edge=_OI["blue"],
    path_bad=_OI["vermillion"],
    selected=_OI["yellow"],
    supplied=_OI["blue"],
    unsupplied=_OI["orange"],
)

PALETTES = {p.id: p for p in (DEFAULT, COLOUR_BLIND)}
