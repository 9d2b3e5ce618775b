"""Combat support: D-Day '77 naval bombardment and tactical air, F&M support fire markers.

Limits come from ``<system>/support.yaml`` (seed values; user drop-in first). Each check
returns :class:`Refusal` lines naming the rule that refuses, so the dialog and the engine can
say why an allocation is not allowed; an empty list means allowed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ddaydesk.formats.reader import Reader
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.records import Record
from ddaydesk.rules.tables import table_version

if TYPE_CHECKING:  # (the model's classes when a combat is worked out: the air phase reads this module at start)
    from ddaydesk.rules.combat.model import CombatUnit, Declaration, Marker, Situation, TurnInfo


@dataclass(frozen=True, eq=False, repr=False)
class Refusal(Record):
    """Why a combat or its support is not allowed, with the rule that says so."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


def _support_doc(system: str, user_dir: Path | None = None) -> dict:
    return _parse_support(*table_version(system, "support", user_dir))


@lru_cache(maxsize=16)
def _parse_support(path: str, mtime_ns: int) -> dict:
    doc = load_file(path)
    rd = Reader(path)
    rd.mapping(doc, (1, 1), "support", optional=tuple(doc) if hasattr(doc, "keys") else ())
    rd.raise_if_problems()
    return doc


def param(system: str, *keys: str, field: str = "value", user_dir: Path | None = None):
    """A value of ``support.yaml``: ``param("dday77", "air", "cas_hq_range")`` -> 6."""
    node = _support_doc(system, user_dir)
    for k in keys:
        node = node[k]
    return node[field] if field else node


# ---- D-Day '77: naval bombardment ------------------------------------------------------------
def nbp_pool(turn: TurnInfo) -> int:
    """NBPs the Allies receive this turn: 10 on an invasion turn, 15 for the second invasion
    with Brest held (D77-NAV-01, D77-NAV-10), none otherwise."""
    if not turn.invasion_turn:
        return 0
    pool = param("dday77", "naval_bombardment", "per_invasion_turn")
    if turn.invasion_number == 2 and turn.brest_allied:
        pool += param("dday77", "naval_bombardment", "brest_bonus")
    return pool


def share(ground_attack: int, section: str, key: str) -> int:
    """The table's fraction of the ground attack, rounded down: half (D77-NAV-06/09, D77-AIR-06)."""
    return math.floor(ground_attack * param("dday77", section, key))


def nbp_cap(ground_attack: int) -> int:
    """min(per attack, half the ground attack) (D77-NAV-05/06/09)."""
    return min(param("dday77", "naval_bombardment", "max_per_attack"),
               share(ground_attack, "naval_bombardment", "max_fraction"))


def check_nbp(sit: Situation, attackers: list[CombatUnit], nbp: int, ground_attack: int) -> list[Refusal]:
    if nbp <= 0:
        return []
    out = []
    if not sit.options.get("naval_bombardment", False):
        out.append(Refusal("D77-NAV-01", "the naval bombardment optional rule is not in play"))
    if not sit.turn.invasion_turn:
        out.append(Refusal("D77-NAV-01", "naval bombardment points exist only on invasion turns"))
    if not any(sit.is_sea(u.place) for u in attackers):
        out.append(Refusal("D77-NAV-02", "no attacking unit is in an all-sea hex"))
    per_attack = param("dday77", "naval_bombardment", "max_per_attack")
    if nbp > per_attack:
        out.append(Refusal("D77-NAV-05", f"at most {per_attack} NBPs may support one attack"))
    most = share(ground_attack, "naval_bombardment", "max_fraction")
    if nbp > most:
        out.append(Refusal("D77-NAV-06", f"at most half the ground attack ({ground_attack} -> {most}) in NBPs"))
    if nbp > sit.pools.nbp_left:
        out.append(Refusal("D77-NAV-04", f"only {sit.pools.nbp_left} NBPs are left this turn"))
    return out


# ---- D-Day '77: tactical air -----------------------------------------------------------------
def air_pool(turn: TurnInfo) -> int:
    """Allied air factors this game turn: 10, or 12 with Boulogne and Rotterdam held
    (D77-AIR-02/03), less the weather's cut (D77-WX-09/11/15)."""
    cities = param("dday77", "air", "factors_with_cities", field="cities")
    if all(c in turn.cities_held for c in cities):
        pool = param("dday77", "air", "factors_with_cities")
    else:
        pool = param("dday77", "air", "factors_per_turn")
    weather = param("dday77", "air", "weather", field="")
    if turn.weather in weather:
        cut = weather[turn.weather]["value"]
        pool = 0 if cut is None else max(0, pool + cut)
    return pool


def _near_hq(sit: Situation, place: int, side: str, reach: int) -> bool:
    return any(sit.board.distance(place, hq.place) <= reach for hq in sit.hqs(side))


def check_cas(sit: Situation, attackers: list[CombatUnit], cas: int, ground_attack: int,
              nbp: int, automatic: bool) -> list[Refusal]:
    if cas <= 0:
        return []
    out = []
    if not sit.options.get("tactical_air", False):
        out.append(Refusal("D77-AIR-02", "the tactical air optional rule is not in play"))
    if any(u.side != "allied" for u in attackers):
        out.append(Refusal("D77-AIR-04", "close attack support is for Allied attacks"))
    if automatic:
        out.append(Refusal("D77-AUTO-12", "close attack support cannot count toward an automatic victory"))
    if nbp > 0:
        out.append(Refusal("D77-AIR-12", "an attack may use naval bombardment or close attack support, not both"))
    if not sit.hqs("allied"):
        out.append(Refusal("D77-AIR-11", "there is no Allied HQ on the map"))
    else:
        reach = param("dday77", "air", "cas_hq_range")
        if not any(_near_hq(sit, u.place, "allied", reach) for u in attackers):
            out.append(Refusal("D77-AIR-04", f"no attacker is within {reach} hexes of an Allied HQ"))
    per_attack = param("dday77", "air", "cas_max_per_attack")
    if cas > per_attack:
        out.append(Refusal("D77-AIR-05", f"at most {per_attack} air factors may support one attack"))
    most = share(ground_attack, "air", "cas_max_fraction")
    if cas > most:
        out.append(Refusal("D77-AIR-06", f"at most half the ground attack ({ground_attack} -> {most}) in air factors"))
    if cas > sit.pools.air_left:
        out.append(Refusal("D77-AIR-09", f"only {sit.pools.air_left} air factors are left this turn"))
    return out


def check_cds(sit: Situation, target: int, defenders: list[CombatUnit]) -> list[Refusal]:
    """May the Allies commit a new CDS factor to the hex now (D77-AIR-16/19/22, D77-AIR-11)?"""
    out = []
    if not sit.options.get("tactical_air", False):
        out.append(Refusal("D77-AIR-16", "the tactical air optional rule is not in play"))
    if not defenders or any(u.side != "allied" for u in defenders):
        out.append(Refusal("D77-AIR-16", "close defensive support is for Allied-occupied hexes"))
    if target in sit.pools.cds_hexes:
        out.append(Refusal("D77-AIR-19", "this hex already has its close defensive support factor"))
    if not sit.hqs("allied"):
        out.append(Refusal("D77-AIR-11", "there is no Allied HQ on the map"))
    else:
        reach = param("dday77", "air", "cds_hq_range")
        if not _near_hq(sit, target, "allied", reach):
            out.append(Refusal("D77-AIR-16", f"the hex is more than {reach} hexes from every Allied HQ"))
    factor = param("dday77", "air", "cds_factor")
    if sit.pools.air_left < factor:
        out.append(Refusal("D77-AIR-22", "no Allied air factors are left over from the Allied turn"))
    return out


MAX_INTERDICTIONS = 3  # hex + river interdiction missions per game turn (D77-AIR-14)


def check_interdiction(hex_missions: int, river_missions: int) -> list[Refusal]:
    if hex_missions + river_missions > MAX_INTERDICTIONS:
        return [Refusal("D77-AIR-14", f"at most {MAX_INTERDICTIONS} hex and river interdiction missions "
                                      "a game turn (the three blank counters)")]
    return []


def interdicted_units(sit: Situation, hexes: frozenset[int]) -> list[str]:
    """Hex interdiction covers every unit in the hex, not one unit (D77-AIR-13)."""
    return [u.id for u in sit.units if u.place in hexes]


def spend_air(air_left: int, factors: int) -> tuple[int, list[Refusal]]:
    """Air factors are a running total for the game turn, spent for good (D77-AIR-09/21)."""
    if factors > air_left:
        return air_left, [Refusal("D77-AIR-09", f"only {air_left} air factors are left this game turn")]
    return air_left - factors, []


# ---- Fire & Movement: support fire markers ---------------------------------------------------
def initial_cups(system: str = "fmu", lost: tuple[str, ...] = ()) -> dict[str, tuple[Marker, ...]]:
    """Each side's cups at the start of a GT (FMU-SFM-01/08/09), the Mines marker in the German
    cup (FMU-SFM-03), less the marker ids in ``lost`` (permanently eliminated, FMU-SFM-06)."""
    from ddaydesk.rules.combat.model import Marker

    cups: dict[str, tuple[Marker, ...]] = {}
    for name, spec in param(system, "cups", field="").items():
        ms = []
        for entry in spec["markers"]:
            for k in range(entry["count"]):
                ms.append(Marker(f"{name}+{entry['value']}#{k + 1}", entry["value"], name,
                                 aircraft=bool(spec.get("aircraft", False))))
        cups[name] = tuple(ms)
    mines = param(system, "mines", field="")
    cups[mines["cup"]] = (*cups[mines["cup"]], Marker("mines", mines["value"], mines["cup"], mines=True))
    return {k: tuple(m for m in v if m.id not in lost) for k, v in cups.items()}


def naval_markers(turn: int, system: str = "fmu", nationality: str = "") -> tuple[Marker, ...]:
    """The +7 naval gunfire markers, chosen not drawn (FMU-NGS-01); gone after GT 1 (FMU-NGS-04).
    In a campaign each nationality has its own (FMU-CAMP-11)."""
    from ddaydesk.rules.combat.model import Marker

    spec = param(system, "naval_gunfire", field="")
    if turn > spec["last_turn"]:
        return ()
    prefix = f"{nationality}_" if nationality else ""
    return tuple(Marker(f"{prefix}naval+{spec['value']}#{k + 1}", spec["value"], "naval", naval=True,
                        nationality=nationality) for k in range(spec["count"]))


def cup_side(cup: str, system: str = "fmu") -> str:
    """The side a cup belongs to; campaign cups (``us_air``, ``commonwealth_ground``, FMU-CAMP-11)
    are Allied, ``german...`` cups German (FMU-CAMP-10)."""
    cups = param(system, "cups", field="")
    if cup in cups:
        return cups[cup]["side"]
    return "german" if cup.startswith("german") else "allied"


def check_markers(sit: Situation, decl: Declaration, attackers: list[CombatUnit],
                  defenders: list[CombatUnit]) -> list[Refusal]:
    s = decl.support
    out: list[Refusal] = []
    most = param("fmu", "max_markers_per_combat")
    a_side = attackers[0].side if attackers else decl.side
    # A beach assault has no defending unit; the other side still supports the beach (FMU-BEACH-02).
    d_side = defenders[0].side if defenders else ("german" if a_side == "allied" else "allied")
    n_att = len(s.attacker_draws) + s.naval + (1 if s.attacker_mines else 0)
    if n_att - (1 if s.attacker_mines else 0) > most:
        rule = "FMU-NGS-03" if s.naval else "FMU-SFM-02"
        out.append(Refusal(rule, f"at most {most} support markers per side in one combat"))
    if len(s.defender_draws) > most:
        out.append(Refusal("FMU-SFM-02", f"at most {most} support markers per side in one combat"))
    if decl.kind == "drop_hex":
        if n_att > 1:
            out.append(Refusal("FMU-AIRB-13", "only one Allied support marker in a drop-hex attack"))
        if s.defender_draws or s.defender_mines:
            out.append(Refusal("FMU-AIRB-13", "the German may not use support markers in a drop-hex attack"))
    if s.naval:
        if decl.kind != "beach_assault" or sit.turn.turn != 1:
            out.append(Refusal("FMU-NGS-02", "naval gunfire supports only GT 1 beach assaults"))
        if s.naval > len(sit.pools.naval_left):
            out.append(Refusal("FMU-NGS-01", f"only {len(sit.pools.naval_left)} naval gunfire markers are left"))
        naval = sit.pools.naval_left[: s.naval]
        if sit.options.get("campaign") and any(
                m.nationality and not _nationality_ok(f"{m.nationality}_naval", attackers) for m in naval):
            out.append(Refusal("FMU-CAMP-11", "naval gunfire of one nationality cannot support the other's units"))
    for who, draws, side, units in (("attacker", s.attacker_draws, a_side, attackers),
                                    ("defender", s.defender_draws, d_side, defenders)):
        for cup in set(draws):
            if cup not in sit.pools.cups:
                out.append(Refusal("FMU-SFM-09", f"no support fire cup {cup!r}"))
                continue
            if cup_side(cup) != side:
                out.append(Refusal("FMU-SFM-09", f"the {who} may not draw from the {cup} cup"))
            if draws.count(cup) > len(sit.pools.cups[cup]):
                out.append(Refusal("FMU-SFM-02", f"the {cup} cup holds only {len(sit.pools.cups[cup])} markers"))
            if sit.options.get("campaign") and not _nationality_ok(cup, units):
                out.append(Refusal("FMU-SFM-12", f"the {cup} cup's markers support only their own nationality"))
    for who, wants in (("attacker", s.attacker_mines), ("defender", s.defender_mines)):
        side = a_side if who == "attacker" else d_side
        if wants and (side != "german" or sit.pools.mines_aside is None):
            out.append(Refusal("FMU-SFM-04", "no Mines marker is set aside for the German this GT"))
    if s.mines_policy not in ("use", "redraw"):
        out.append(Refusal("FMU-SFM-03", "mines_policy must be 'use' or 'redraw'"))
    return out


def _nationality_ok(cup: str, units: list[CombatUnit]) -> bool:
    """Campaign cups are named ``<nationality>_<kind>`` (``us_air``, ``british_ground``)
    (FMU-SFM-12, FMU-CAMP-11); the German cup and single-scenario cups carry no nationality."""
    nat = cup.split("_", 1)[0]
    nationalities = {"us", "british", "canadian", "commonwealth"}
    if nat not in nationalities:
        return True
    commonwealth = {"british", "canadian", "commonwealth"}
    want = commonwealth if nat in commonwealth else {nat}
    return all(u.nationality in want for u in units)


def flak_applies(sit: Situation, target: int) -> bool:
    """Optional flak (FMU-FLAK-01): the target hex is, or is next to, a hex holding a German
    AA/flak unit (catalogue note's reading)."""
    if not sit.options.get("flak", False):
        return False
    kind = param("fmu", "flak", field="unit_type")
    near = (target, *sit.board.adj[target])
    return any(u.side == "german" and u.type == kind for p in near for u in sit.at.get(p, ()))


def marker_value(m: Marker, flak: bool) -> int:
    """An aircraft marker's value is halved, rounded up, under flak (FMU-FLAK-01)."""
    if flak and m.aircraft:
        return -(-m.value // param("fmu", "flak", field="divide"))
    return m.value


def bombardment_reach(marker: Marker) -> int | None:
    """Hexes from a friendly-occupied hex a marker may bombard; None = unlimited
    (FMU-SFM-05, FMU-SFM-10, FMU-SFM-11). The Mines marker never bombards (FMU-SFM-03)."""
    if marker.mines or marker.naval:
        return -1
    return param("fmu", "bombardment_range", marker.cup)


def bombardment_in_range(sit: Situation, marker: Marker, side: str, target: int) -> bool:
    reach = bombardment_reach(marker)
    if reach is None:
        return True
    if reach < 0:
        return False
    return any(u.side == side and sit.board.distance(u.place, target) <= reach for u in sit.units if u.place >= 0)


def german_markers_lost(captures: dict[str, int], turn: int) -> int:
    """German markers permanently lost by GT ``turn``: one for each listed map-edge hex first
    captured by the Allies on an earlier GT (FMU-SFM-06). ``captures`` maps a hex label to the
    GT of its first Allied capture; hex 2301 is not listed and a German recapture restores
    nothing (FMU-SFM-07)."""
    hexes = param("fmu", "lost_marker_hexes", field="hexes")
    return sum(1 for h, gt in captures.items() if h in hexes and gt < turn)


def bombardment_targets(sit: Situation, target: int, side: str) -> tuple[list[str], bool]:
    """Units a bombardment of ``target`` by ``side`` can hit, and whether the bombarding player
    must pick one of them: a beach landing hex with more than one Allied unit (FMU-BEACH-07)."""
    units = [u.id for u in sit.at.get(target, ()) if u.side != side]
    return units, target in sit.beach_places and len(units) > 1
