"""Helpers for the Utah Beach rules tests: the shipped scenarios, scripted dice, a landing
played by script and its compulsory attacks fought with the real combat actions."""

from __future__ import annotations

from pathlib import Path

from ddaydesk.engine import EndPhase, Game, legal_actions
from ddaydesk.engine.dice import Dice, Roll
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.combat.actions import DeclareAttack
from ddaydesk.rules.fmu.airborne import PlaceAirborne, PlaceDropZone, RollDrop
from ddaydesk.rules.fmu.landing import Land, PlaceBeachhead

ROOT = Path(__file__).resolve().parents[3]
LANDING = ROOT / "scenarios" / "utah-landing.yaml"
CAMPAIGN = ROOT / "scenarios" / "utah-campaign.yaml"
_cache: dict = {}


def scenario(path=LANDING):
    if path not in _cache:
        _cache[path] = load_scenario(path)
    return _cache[path]


def at(sc, label: str) -> int:
    return sc.board.index(label)


def script_dice(monkeypatch, values: list[int]) -> None:
    """Every die rolled from now returns the next of ``values`` (then the real generator)."""
    real = Dice.roll

    def roll(self, sides, purpose):
        if values:
            v = values.pop(0)
            r = Roll(sides, v, purpose, self.draws)
            self.draws += 1
            return r
        return real(self, sides, purpose)

    monkeypatch.setattr(Dice, "roll", roll)


def attack(side, attackers, target=-1, mode="normal"):
    """A combat declaration (the real ``attack`` action of the combat wiring)."""
    return DeclareAttack(side, tuple(attackers), target, mode)


def settle_combat(g: Game) -> None:
    """Make every choice of the pending combat with the first listed option (the defender's
    answer without markers, the roll without markers, then losses, retreats, advances)."""
    while g.state.extra.get("combat", {}).get("pending"):
        g.do(next(a for a in legal_actions(g.state, g.state.active) if a.kind != "attack"))


def fight_landing(g: Game) -> list:
    """Play the landing's compulsory attacks with the real combat actions: in each landing
    combat phase every due drop-hex attack (FMU-AIRB-12) and beach assault (FMU-BEACH-01),
    each settled as :func:`settle_combat` does; stops on GT 1. Returns the declarations."""
    made = []
    while g.state.phase.startswith("landing."):
        due = [a for a in legal_actions(g.state, "allied") if a.kind == "attack" and a.mode != "normal"]
        if not due:
            g.do(EndPhase("allied"))
            continue
        g.do(due[0])
        made.append(due[0])
        settle_combat(g)
    return made


def play_landing(g: Game, beach=("2806", "2707"), dz=("2503", "2305")) -> Game:
    """Play the landing sequence: beachheads, the four landing units, drop zones, the eight
    airborne units around them, their drops, hazards; stops at the first phase it cannot end."""
    sc = g.scenario
    for h in beach:
        g.do(PlaceBeachhead("allied", at(sc, h)))
    g.do(EndPhase("allied"))
    while True:
        acts = [a for a in legal_actions(g.state, "allied") if isinstance(a, Land)]
        if not acts:
            break
        g.do(acts[0])
    g.do(EndPhase("allied"))
    for div, h in zip(("82", "101"), dz, strict=True):
        g.do(PlaceDropZone("allied", div, at(sc, h)))
    g.do(EndPhase("allied"))
    while True:
        acts = [a for a in legal_actions(g.state, "allied") if isinstance(a, PlaceAirborne)]
        if not acts:
            break
        g.do(acts[0])
    g.do(EndPhase("allied"))
    while True:
        acts = [a for a in legal_actions(g.state, "allied") if isinstance(a, RollDrop)]
        if not acts:
            break
        g.do(acts[0])
    g.do(EndPhase("allied"))
    while g.state.phase == "landing.hazards":
        acts = legal_actions(g.state, "allied")
        g.do(next((a for a in acts if a.kind == "drop_loss"), acts[0]))
    return g


def play_to(g: Game, turn: int, phase: str, seen: list | None = None) -> Game:
    """Play on to ``phase`` of GT ``turn`` the way a hurried player would: end each phase;
    where the rules refuse that, do what they demand first (a German reinforcement enters at
    its first entry hex, an Allied one lands at the first free beach hex); in Allied movement
    first move one unit at a time off the beach landing hexes, to leave room for the next.
    ``seen`` collects each (GT, phase, side to act) the game stops in on the way."""
    from ddaydesk.engine import MOVED, PENDING, IllegalAction, Move, reach
    from ddaydesk.rules.fmu.landing import beachheads

    while not (g.state.turn == turn and g.state.phase == phase):
        s = g.state
        if seen is not None and (not seen or seen[-1] != (s.turn, s.phase, s.active)):
            seen.append((s.turn, s.phase, s.active))
        if s.phase == "allied.movement":
            bh = set(beachheads(s))
            off = [a for a in legal_actions(s, "allied") if a.kind == "move" and a.to not in bh
                   and s.place[s.unit(a.unit)] in bh and not s.flags[s.unit(a.unit)] & MOVED]
            if off:
                g.do(off[-1])
                continue
        try:
            g.do(EndPhase(s.active))
            continue
        except IllegalAction:
            if s.phase == "german.movement":
                k = next(k for k, u in enumerate(s.scenario.units) if u.side == "german"
                         and s.status[k] == PENDING and u.arrive_turn == s.turn and reach(s, k).dest)
                g.do(Move("german", s.scenario.units[k].id, reach(s, k).dest[0]))
            elif s.phase == "allied.landing":
                g.do(next(a for a in legal_actions(s, "allied") if a.kind == "land"))
            else:
                raise
    return g
