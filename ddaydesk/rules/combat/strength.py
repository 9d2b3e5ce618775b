"""Attack and defence strengths of a declared combat, every term a :class:`Line` with its rule.

``assess(sit, decl)`` checks the declaration (who may attack what, which support is allowed)
and returns an :class:`Assessment`: the fixed strengths, the CRT table and, when nothing is
left to chance but the die, the column. F&M support fire markers still to be drawn are
listed, not guessed; :mod:`.distribution` enumerates them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.crt import CRT, Column, Fixed, load_crt
from ddaydesk.rules.combat.model import CombatUnit, Declaration, Line, Situation
from ddaydesk.rules.combat.support import Refusal
from ddaydesk.rules.combat.surprise import check_attackers
from ddaydesk.rules.combat.terrain import DefenceTable, defender_terms, hex_effects, load_defence


@dataclass
class Assessment:
    """An attack worked out: strengths, column, the lines behind them, and why it may not be made."""

    decl: Declaration
    crt: CRT
    table: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attack_lines: list[Line] = field(default_factory=list)
    defence_lines: list[Line] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    ground_attack: int = 0  # printed attack of the attacking units (NBP/air caps, exchanges)
    defender_printed: int = 0  # printed defence of the defending units (exchanges)
    multiplier: int = 1  # largest terrain multiplier a defender got (D77 advance rule)
    flak: bool = False
    cds_new: bool = False  # the attack commits a new CDS factor

    @property
    def attack(self) -> int:
        return sum(line.value for line in self.attack_lines)

    @property
    def defence(self) -> int:
        return sum(line.value for line in self.defence_lines)

    @property
    def legal(self) -> bool:
        return not self.refusals

    @property
    def random_markers(self) -> bool:
        s = self.decl.support
        return bool(s.attacker_draws or s.defender_draws)

    def column(self) -> Column | Fixed | None:
        """The CRT column (or fixed result) when no marker is still to be drawn."""
        if self.random_markers:
            return None
        return self.crt.column(self.attack, self.defence, self.table)

    def as_dict(self) -> dict:
        col = self.column()
        return {
            "legal": self.legal,
            "refusals": [{"rule": r.rule, "reason": r.reason} for r in self.refusals],
            "crt": {"kind": self.crt.kind, "table": self.table, "path": self.crt.path,
                    "confidence": self.crt.tables[self.table].confidence},
            "attackers": list(self.attackers),
            "defenders": list(self.defenders),
            "attack": {"total": self.attack, "lines": [x.as_dict() for x in self.attack_lines]},
            "defence": {"total": self.defence, "lines": [x.as_dict() for x in self.defence_lines]},
            "ratio": f"{self.attack}:{self.defence}" if self.crt.kind == "odds" else None,
            "differential": self.attack - self.defence if self.crt.kind == "differential" else None,
            "column": None if col is None else {
                "label": col.label, "rule": col.rule, "confidence": col.confidence,
                "fixed": col.result if isinstance(col, Fixed) else None,
                "results": list(col.results) if isinstance(col, Column) else None},
            "markers_to_draw": {"attacker": list(self.decl.support.attacker_draws),
                                "defender": list(self.decl.support.defender_draws)},
        }


def _printed(system: str) -> str:
    return "STD-FM-CRT" if system == "fmu" else "STD-CRT"


def assess(sit: Situation, decl: Declaration, crt: CRT | None = None,
           defence: DefenceTable | None = None) -> Assessment:
    crt = crt or load_crt(sit.system)
    defence = defence or load_defence(sit.system)
    refusals: list[Refusal] = []
    attackers: list[CombatUnit] = []
    for uid in decl.attackers:
        if uid not in sit.by_id:
            refusals.append(Refusal("STD-CRT", f"no unit {uid!r} on the map"))
        else:
            attackers.append(sit.by_id[uid])
    side = attackers[0].side if attackers else decl.side
    if any(u.side != side for u in attackers):
        refusals.append(Refusal("STD-CRT", "attackers must all be on one side"))
    if not attackers and decl.kind != "bombardment":
        refusals.append(Refusal("STD-CRT", "an attack needs at least one attacker"))
    kinds = ("normal", "automatic") if sit.system == "dday77" else ("normal", "beach_assault", "drop_hex",
                                                                     "bombardment")
    if decl.kind not in kinds:
        refusals.append(Refusal("STD-CRT", f"a {decl.kind!r} combat is not part of this system "
                                           f"(kinds: {', '.join(kinds)})"))
    defenders = _defenders(sit, decl, side, refusals)
    _check_positions(sit, decl, attackers, refusals)
    if decl.kind == "bombardment":
        from ddaydesk.rules.combat.bombard import reach_refusals

        refusals += reach_refusals(sit, decl, side)

    table = "standard"
    if decl.kind == "beach_assault":
        enemy = "german" if side == "allied" else "allied"
        table = "beach_within_ezoc" if decl.target in sit.zoc_of(enemy) else "beach_not_in_ezoc"
        if table not in crt.tables:
            refusals.append(Refusal("FMU-BEACH-03", f"the CRT ({crt.path}) has no {table} line"))
            table = "standard"
    a = Assessment(decl, crt, table, tuple(u.id for u in attackers), tuple(u.id for u in defenders))
    a.refusals = refusals
    rule = _printed(sit.system)
    for u in attackers:
        a.attack_lines.append(Line(rule, f"{u.name or u.id}: attack {u.attack}", u.attack, "seed"))
    a.ground_attack = sum(u.attack for u in attackers)
    a.defender_printed = sum(u.defence for u in defenders)

    if sit.system == "dday77":
        _d77_support(sit, decl, a, attackers, defenders)
    else:
        _fm_support(sit, decl, a, attackers, defenders)

    if decl.kind == "beach_assault":
        a.defence_lines.append(Line("FMU-BEACH-04", "beach assault: defence strength 0", 0, "seed"))
    else:
        effects = hex_effects(sit, defence, decl.target, attackers)
        iso = sit.options.get("fortress_isolation", False)
        for u in defenders:
            a.defence_lines.append(Line(rule, f"{u.name or u.id}: defence {u.defence}", u.defence, "seed"))
            lines, mult = defender_terms(sit, defence, u, effects, iso)
            a.defence_lines.extend(lines)
            a.multiplier = max(a.multiplier, mult)
    if sit.system == "dday77":
        _d77_cds(sit, decl, a, defenders)
    return a


def _defenders(sit: Situation, decl: Declaration, side: str, refusals: list[Refusal]) -> list[CombatUnit]:
    if decl.kind == "beach_assault":
        return []
    if decl.kind == "bombardment":
        from ddaydesk.rules.combat.bombard import target_units  # (a bombardment's own rules)

        return target_units(sit, decl, side, refusals)
    enemy = [u for u in sit.at.get(decl.target, ()) if u.side != side]
    if not enemy:
        refusals.append(Refusal("STD-CRT", "there is no enemy unit in the target hex"))
        return []
    if decl.target in sit.beach_places and len(enemy) > 1:
        # A stacked beach hex defends with one unit of the owner's choice (FMU-AREIN-09).
        chosen = [u for u in enemy if u.id in decl.defenders]
        if len(chosen) != 1:
            names = ", ".join(u.id for u in enemy)
            refusals.append(Refusal("FMU-AREIN-09", f"the defender picks one unit to defend the beach stack ({names})"))
            return enemy[:1]
        return chosen
    if decl.defenders and set(decl.defenders) != {u.id for u in enemy}:
        refusals.append(Refusal("STD-CRT", "every enemy unit in the hex defends together"))
    return enemy


def _check_positions(sit: Situation, decl: Declaration, attackers: list[CombatUnit], refusals: list[Refusal]) -> None:
    if decl.kind == "beach_assault":
        if decl.target not in sit.beach_places:
            refusals.append(Refusal("FMU-BEACH-01", "a beach assault happens in a beach landing hex"))
        here = {u.id for u in sit.at.get(decl.target, ()) if attackers and u.side == attackers[0].side}
        if {u.id for u in attackers} != here:
            refusals.append(Refusal("FMU-BEACH-01", "every unit in the beach landing hex takes part in its assault"))
        return
    if decl.kind == "drop_hex":
        if any(u.place != decl.target for u in attackers):
            refusals.append(Refusal("FMU-AIRB-12", "only the units in the German-occupied hex attack"))
        return
    for u in attackers:
        if decl.target not in sit.board.adj[u.place]:
            refusals.append(Refusal("STD-CRT", f"{u.id} is not adjacent to the target hex"))
    by_place: dict[int, int] = {}
    for u in attackers:
        if u.place in sit.beach_places:
            by_place[u.place] = by_place.get(u.place, 0) + 1
    if any(n > 1 for n in by_place.values()):
        refusals.append(Refusal("FMU-AREIN-08", "only one unit of a beach stack may attack a given hex"))


def _d77_support(sit: Situation, decl: Declaration, a: Assessment, attackers: list[CombatUnit],
                 defenders: list[CombatUnit]) -> None:
    s = decl.support
    automatic = decl.kind == "automatic"
    a.refusals += check_attackers(attackers)
    a.refusals += sup.check_nbp(sit, attackers, s.nbp, a.ground_attack)
    a.refusals += sup.check_cas(sit, attackers, s.cas, a.ground_attack, s.nbp, automatic)
    if s.nbp > 0:
        a.attack_lines.append(Line("D77-NAV-03", f"naval bombardment: {s.nbp} points", s.nbp, "seed"))
    if s.cas > 0:
        a.attack_lines.append(Line("D77-AIR-15", f"close attack support: {s.cas} air factors", s.cas, "seed"))
    if s.attacker_draws or s.defender_draws or s.naval:
        a.refusals.append(Refusal("FMU-SFM-02", "support fire markers are a Fire & Movement rule"))


def _d77_cds(sit: Situation, decl: Declaration, a: Assessment, defenders: list[CombatUnit]) -> None:
    factor = sup.param("dday77", "air", "cds_factor")
    if decl.target in sit.pools.cds_hexes:
        # A hex keeps its CDS factor for every attack this phase (D77-AIR-17 note).
        a.defence_lines.append(Line("D77-AIR-17", "close defensive support (committed earlier this phase)",
                                    factor, "seed"))
    elif decl.support.cds:
        a.refusals += sup.check_cds(sit, decl.target, defenders)
        a.cds_new = True
        a.defence_lines.append(Line("D77-AIR-18", "close defensive support: 1 air factor, never doubled",
                                    factor, "seed"))


def _fm_support(sit: Situation, decl: Declaration, a: Assessment, attackers: list[CombatUnit],
                defenders: list[CombatUnit]) -> None:
    s = decl.support
    if s.nbp or s.cas or s.cds:
        a.refusals.append(Refusal("D77-NAV-01", "naval bombardment points and air factors are D-Day '77 rules"))
    a.refusals += sup.check_markers(sit, decl, attackers, defenders)
    a.flak = sup.flak_applies(sit, decl.target)
    for m in sit.pools.naval_left[: s.naval]:
        a.attack_lines.append(Line("FMU-NGS-01", f"naval gunfire +{m.value}", m.value, "seed"))
    mines = sit.pools.mines_aside
    if mines is not None and s.attacker_mines:
        a.attack_lines.append(Line("FMU-SFM-04", f"Achtung! Minen +{mines.value}", mines.value, "default"))
    if mines is not None and s.defender_mines:
        a.defence_lines.append(Line("FMU-SFM-04", f"Achtung! Minen +{mines.value}", mines.value, "default"))
