"""D-Day2 actions: small JSON-able records; the log of them replays a game."""

from __future__ import annotations

from dataclasses import asdict, dataclass


class IllegalAction(Exception):  # noqa: N818 - the engine's name for it
    """An action the rules refuse; the message says why."""


# Action kinds and the fields each uses.
KINDS = {
    "para_drop": (),  # turn 1: all 9 ParaSurprise units fire along their arrows
    "bombard": ("unit",),  # one naval shot at a blockhouse
    "end_naval": (),  # forgo the remaining shots this turn
    "bomb": ("unit", "zone"),  # send a bomber against a zone
    "end_bombing": (),  # resolve the bomber attacks, then German AA
    "patrol": ("zone", "n"),  # put n fighters on a zone's patrol part
    "end_patrol": (),  # German AA at the patrols
    "blockhouse_fire": (),  # every blockhouse with an arrow fires at its beach
    "move": ("unit", "zone"),  # one zone further (armour may move twice)
    "land": ("unit",),  # from a beachhead into its zone
    "end_moves": (),
    "fight": (),  # every battle of the phase: one round each
    "roll_reinforcements": (),
    "place": ("unit", "zone"),  # next unit of a chart onto a beach (Allies) or entry zone (Germans)
    "end_placement": (),
    "casualties": ("units",),  # the chooser's pick of the units hit
}


@dataclass(frozen=True)
class Action:
    kind: str
    unit: str = ""
    zone: str = ""  # zone label
    n: int = 0
    units: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if k == "kind" or k in KINDS[self.kind]}

    @classmethod
    def from_dict(cls, d: dict) -> Action:
        if d.get("kind") not in KINDS:
            raise IllegalAction(f"unknown action {d.get('kind')!r}")
        return cls(d["kind"], d.get("unit", ""), d.get("zone", ""), d.get("n", 0), tuple(d.get("units", ())))
