"""Helpers for the Utah Beach rules tests: the shipped scenarios, scripted dice, a stand-in
``attack`` handler (the combat wiring is another branch's) and a landing played by script."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ddaydesk.engine import ATTACKED, Action, EndPhase, Game, Handler, legal_actions, rules_module
from ddaydesk.engine.dice import Dice, Roll
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.rules.fmu.landing import Land, PlaceAirborne, PlaceBeachhead, PlaceDropZone, RollDrop

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


@dataclass(frozen=True)
class StandInAttack(Action):
    """Marks the attackers as having attacked; no result. Only for tests of whether an attack
    must or may happen (it stands in for the combat wiring's declare-answer-roll sequence, so
    these tests do not depend on dice). Not registered for JSON, so it never clashes with the
    real ``attack`` action."""

    kind = "attack"
    attackers: tuple[str, ...] = ()


def stand_in_attack(monkeypatch) -> None:
    rm = rules_module("fmu")

    def legal(state, side, phase):
        return iter(())

    def apply(state, a, ch, phase):
        for uid in a.attackers:
            state.flags[state.unit(uid)] |= ATTACKED

    from ddaydesk.rules.fmu import _wrap

    monkeypatch.setitem(rm.handlers, "attack", _wrap(Handler("attack", legal, apply)))


def attack(side, attackers):
    return StandInAttack(side, tuple(attackers))


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
