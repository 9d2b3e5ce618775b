"""Combat for the engine port (a mixin of :class:`~ddaydesk.ui.engine_port.EnginePort`): the
attacks open now, each target with every unit that may join its attack; why none is; the
compulsory attacks still owed (``rules/combat/obligations.py``); the preview of an attack with
its support; and the attack itself, declared and rolled through the action log.

Generic over the rules: the attacks open are the legal actions of the phase that carry
``attackers`` and a ``target`` (D-Day '77 and Fire & Movement's ``attack``; a system with
other kinds lists them in ``ATTACK_KINDS``, and its profile gives the dialog for them), so the
dialog never offers what the rules refuse.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ddaydesk.engine import current_phase, legal_actions
from ddaydesk.ui.port import PortError

if TYPE_CHECKING:  # (made when first used: not before a start's first frame)
    from ddaydesk.ui.port_values import CombatPreview, CombatResult, Obligation

# the legal actions that declare an attack by units on a place: D-Day '77 and F&M's (the
# combat dialog builds and rolls them), Koenig's Fire and Close Combat (its profile's dialog)
ATTACK_KINDS = ("attack", "fire_attack", "close_combat")


class CombatPort:
    """Mixed into the engine port: needs ``game``, ``scenario``, ``name``, ``phase_title``, ``_do``."""

    def attack_targets(self) -> dict[int, tuple[str, ...]]:
        """Every place that may be attacked now -> the units that may attack it (together or
        any of them: the rules accept any part of the group)."""
        return {t: units for t, (units, _mode) in self._declarations().items()}

    def _declarations(self) -> dict[int, tuple[tuple[str, ...], str]]:
        state = self.game.state
        out: dict[int, tuple[tuple[str, ...], str]] = {}
        kinds = [k for k in current_phase(state).actions if k in ATTACK_KINDS]
        if not kinds or state.active != current_phase(state).side:
            return out
        for a in legal_actions(state, state.active, kinds):
            if getattr(a, "mode", "") == "bombardment":
                continue  # (no unit attacks: bombard_targets)
            units, mode = out.get(a.target, ((), getattr(a, "mode", "normal")))
            out[a.target] = (units + tuple(u for u in a.attackers if u not in units), mode)
        return out

    def bombard_targets(self) -> dict[int, tuple[str, ...]]:
        """Every enemy place the phasing side may bombard now -> the units there it picks the
        one hit from (empty: a lone unit) (F&M, STD-FM-BOMB, FMU-BEACH-07)."""
        state = self.game.state
        phase = current_phase(state)
        out: dict[int, tuple[str, ...]] = {}
        if "attack" not in phase.actions or state.active != phase.side:
            return out
        for a in legal_actions(state, state.active, ["attack"]):
            if getattr(a, "mode", "") == "bombardment":
                out[a.target] = out.get(a.target, ()) + ((a.hit,) if a.hit else ())
        return out

    def declared_attack(self) -> tuple[tuple[str, ...], int] | None:
        """The attack announced and waiting for its roll or the defender's answer: (attackers,
        target); None when no combat waits before its roll."""
        from ddaydesk.rules.combat.attackers import pending

        waiting = pending(self.game.state) if self.scenario.system.id in ("dday77", "fmu") else None
        if not waiting or waiting["stage"] not in ("response", "roll"):
            return None
        return tuple(waiting["attackers"]), self.board.index(waiting["target"])

    def attack_problem(self) -> str:
        """Why no attack can be declared now ("" when one can), in words."""
        from ddaydesk.rules.combat.attackers import describe_pending, pending

        state = self.game.state
        phase = current_phase(state)
        waiting = pending(state) if phase.kind == "combat" else None
        if waiting:
            return self.name(describe_pending(waiting))
        if not any(k in ATTACK_KINDS for k in phase.actions):
            now = f"the {phase.side.capitalize()} {self.phase_title(phase.id)}"
            auto = " (the automatic victories open now are in the Actions dock)" if "automatic_victory" in phase.actions \
                and legal_actions(state, state.active, ["automatic_victory"]) else ""
            return f"Attacks are made in a combat phase; this is {now}{auto}"
        if not self._declarations():
            return f"No {phase.side.capitalize()} unit that may still attack is next to an enemy unit"
        return ""

    def obligations(self) -> tuple[Obligation, ...]:
        """The attacks the phase still owes, in words (none outside a combat phase)."""
        if self.scenario.system.id not in ("dday77", "fmu"):
            return ()  # (before the import: a game without these combat rules does not load them)
        from ddaydesk.rules.combat.obligations import obligations
        from ddaydesk.ui.port_values import Obligation

        state = self.game.state
        return tuple(Obligation(o.rule, self.name(o.text), o.units, o.target,
                                tuple((t, units) for t, units, _mode in o.attacks))
                     for o in obligations(state, current_phase(state)))

    def _mode(self, place: int) -> str:
        """The declaration's mode for an attack on ``place`` (F&M: a beach assault, a drop-hex
        attack; the one declared already while a combat waits)."""
        from ddaydesk.rules.combat.attackers import pending

        waiting = pending(self.game.state)
        if waiting and waiting["target"] == self.board.labels[place]:
            return waiting["kind"]
        return self._declarations().get(place, ((), "normal"))[1]

    def combat_preview(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatPreview:
        own = self.profile.combat_preview(self.game.state, attackers, defender_place, self.name)
        if own is not None:  # a system judging its own attacks (Koenig's Fire or Close Combat)
            return own
        phase = current_phase(self.game.state)
        if phase.kind != "combat":
            raise PortError(f"attacks are made in a combat phase, not in the {self.phase_title(phase.id)}")
        from ddaydesk.ui.combat_port import preview

        kind = self._mode(defender_place) if attackers else "bombardment"
        try:
            pv = preview(self.game.state, attackers, defender_place, support, kind)
        except PortError as exc:
            raise PortError(self.name(str(exc))) from None

        def named(lines):
            return tuple(replace(m, text=self.name(m.text)) for m in lines)
        support_named = tuple(replace(c, why=self.name(c.why)) for c in pv.support)
        return replace(pv, attack_lines=named(pv.attack_lines), defence_lines=named(pv.defence_lines),
                       support=support_named)

    def resolve_combat(self, attackers: list[str], defender_place: int,
                       support: dict[str, int]) -> CombatResult:
        """Declare the attack (unless it waits declared) and roll it with the support given.

        When the defender has an answer to give first (D77-AIR-16/20: close defensive support;
        F&M: his support fire draws) the declaration stands and the result says so, with no
        roll: the defender answers through :meth:`choices`, then the attacker rolls."""
        from ddaydesk.rules.combat.actions import DeclareAttack, ResolveCombat
        from ddaydesk.rules.combat.attackers import pending
        from ddaydesk.rules.combat.state_adapter import situation
        from ddaydesk.rules.combat.words import log_text
        from ddaydesk.ui.combat_port import declaration
        from ddaydesk.ui.port_values import CombatResult

        state = self.game.state
        waiting = pending(state)
        kind = waiting["kind"] if waiting else self._mode(defender_place) if attackers else "bombardment"
        decl = declaration(situation(state), state.active, attackers, defender_place, support, kind)
        if waiting is None:
            self.combat_preview(attackers, defender_place, support)  # the refusal, if any, first
            self._do(DeclareAttack(state.active, tuple(attackers), defender_place, kind,
                                   decl.defenders[0] if kind == "bombardment" and decl.defenders else ""))
            waiting = pending(self.game.state)
        if waiting["stage"] == "response":
            return CombatResult((), "", f"the {waiting['defender_side'].capitalize()} player answers the attack first")
        s = decl.support
        self._do(ResolveCombat(waiting["side"], nbp=s.nbp, cas=s.cas, draws=s.attacker_draws, naval=s.naval,
                               mines=s.attacker_mines, mines_policy=s.mines_policy))
        ch = self.game.changes[self.game.pos - 1]
        done = pending(self.game.state) or {}
        note = next((n.split(": ", 1)[1].split(" → ", 1) for n in ch.notes if " → " in n), ["", ""])
        result = done.get("result") or note[1].split(" ", 1)[0]
        return CombatResult(tuple(r.value for r in ch.dice if "marker" not in r.purpose), result,
                            self.name(log_text(self.scenario, self.game.log[-1],
                                               self.game.states[self.game.pos - 1], ch) or "; ".join(ch.notes)),
                            column=done.get("column") or note[0])
