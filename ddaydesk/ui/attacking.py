"""Putting an attack together on the map, as a board wargamer does.

Click a unit, Ctrl+click the others that join it (Ctrl+click again takes one out): the picked
units' hexes are outlined. Pointing at an enemy hex they may attack draws an arrow from each
and says the odds in the status bar; a click there, or A, opens the combat dialog with them
ticked among every unit that may join (``GamePort.attack_targets``). With nothing picked, A
over an enemy hex opens the dialog with every eligible unit ticked, to untick from.

Fire & Movement's bombardment (support fire markers alone, STD-FM-BOMB): with no unit
picked, pointing at an enemy hex the markers can reach says so in the status bar, and B (Game
> Bombard) opens the same dialog with no attacker: the markers that may be drawn, the odds,
and in a stack the unit hit (FMU-BEACH-07).

Outside a combat phase, or with no attack open, A says why in the status bar and opens
nothing. A system whose attacks need a dialog of their own gives it through its profile
(``UIProfile.attack_dialog``); this module stays generic over the port.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from ddaydesk.ui.port import PortError
from ddaydesk.ui.winpart import WindowPart


class AttackBuilder(WindowPart):
    def __init__(self, win):
        super().__init__(win)
        self.group: list[str] = []  # the units picked with Ctrl+click, first picked first
        self.dialog: QDialog | None = None
        self.mods = Qt.KeyboardModifier.NoModifier  # of the map's last mouse press or release

    # -- reading the port -----------------------------------------------------------------------
    def able(self, place: int) -> list[str]:
        """The units that may attack ``place`` now (a port that cannot list them: the picked)."""
        get = getattr(self.win.port, "attack_targets", None)
        return list(get().get(place, ())) if get else self.picked()

    def why_not(self) -> str:
        """Why no attack may be made now ("" when one may)."""
        caps = self.win.caps.why_not("attack")
        if caps:
            return caps
        get = getattr(self.win.port, "attack_problem", None)
        return get() if get else ""

    def picked(self) -> list[str]:
        """The attackers picked: the Ctrl+click group, else the selected unit."""
        c = self.win.controller
        return list(self.group) or ([c.selected] if c.selected else [])

    # -- the map --------------------------------------------------------------------------------
    def reset(self) -> None:
        self.group = []
        self._draw(-1)

    def toggle(self, uid: str) -> bool:
        """Ctrl+click on a unit: into or out of the attack being put together. False (nothing
        done) for a unit of the other side."""
        c = self.win.controller
        u = c.unit(uid)
        if u is None or u.side != c.side:
            return False
        if not self.group and c.selected and c.selected != uid:
            self.group = [c.selected]  # the unit clicked first is the first attacker
        if uid in self.group:
            self.group.remove(uid)
        else:
            self.group.append(uid)
        names = ", ".join(c.unit(a).name for a in self.group if c.unit(a))
        self.win.show_hint(f"Attacking with {names}: point at the enemy and click, or press A" if self.group
                           else "No unit picked to attack with")
        self._draw(self.win.hex_info.place)
        return True

    def ctrl_held(self) -> bool:
        """Ctrl (Cmd on macOS) held at the click (the map's last mouse event, or the keyboard now)."""
        return bool((self.mods | QApplication.keyboardModifiers()) & Qt.KeyboardModifier.ControlModifier)

    def targets(self) -> dict[int, tuple[str, ...]]:
        """The places the phasing side may bombard now -> the units to pick the one hit from."""
        get = getattr(self.win.port, "bombard_targets", None)
        return get() if get and not self.why_not_bombard() else {}

    def why_not_bombard(self) -> str:
        return self.win.caps.why_not("bombard")

    def hover(self, place: int) -> None:
        """Arrows from the picked units to an enemy hex they may attack, and the odds; with
        no unit picked, whether support fire markers can bombard it."""
        self._draw(place)
        attackers = self._for(place)
        if not attackers:
            if not self.picked() and place >= 0 and place in self.targets():
                self.win.show_hint(f"{self.win.port.place_name(place)}: support fire markers can bombard it: "
                                   "press B to see the markers and the odds")
            return
        try:
            pv = self.win.port.combat_preview(attackers, place, {})
        except PortError as exc:
            self.win.show_hint(f"Attack on {self.win.port.place_name(place)}: {exc}")
            return
        self.win.show_hint(f"Attack on {self.win.port.place_name(place)} with {len(attackers)} "
                           f"unit{'s' if len(attackers) != 1 else ''}: {pv.attack_total} against "
                           f"{pv.defence_total}, {pv.column or 'support fire decides the column'}; "
                           "click or press A for the attack")

    def _for(self, place: int) -> list[str]:
        """The picked units that may attack ``place`` now (an enemy-held place)."""
        c = self.win.controller
        if place < 0 or not any(u.place == place and u.side != c.side for u in c.view.units) or self.why_not():
            return []
        able = self.able(place)
        return [u for u in self.picked() if u in able]

    def _draw(self, place: int) -> None:
        c = self.win.controller

        def where(uids: list[str]) -> list[int]:
            return [u.place for u in (c.unit(a) for a in uids) if u is not None and u.place >= 0]
        self.win.scene.overlays.marks.show_attack(where(self.group), where(self._for(place)), place)

    def click(self, place: int, unit: str) -> bool:
        """A click on the map: Ctrl+click picks, a click on a target of the picked units opens
        the attack. True when the click was taken here."""
        c = self.win.controller
        if not unit and self.ctrl_held():  # a Ctrl+click beside a lone counter still picks it
            here = [u.id for u in c.view.units if u.place == place and u.side == c.side]
            unit = here[0] if len(here) == 1 else ""
        clicked = c.unit(unit) if unit else None
        if self.ctrl_held() and clicked is not None and self.toggle(unit):
            return True
        if self._for(place) and (clicked is None or clicked.side != c.side):
            self.open(place)
            return True
        if self.group and not self.ctrl_held():
            self.reset()  # a plain click elsewhere starts again
        return False

    # -- the dialog -----------------------------------------------------------------------------
    def open(self, place: int, ticked: list[str] | None = None) -> QDialog | None:
        """The combat dialog for an attack on ``place``: ``ticked`` (or the picked units, or
        every eligible one) ticked among all that may join. An attack announced and waiting
        for its roll opens wherever the pointer is."""
        declared = getattr(self.win.port, "declared_attack", lambda: None)()
        if declared is not None and not declared[0]:  # a bombardment declared: its roll
            return self._show(declared[1], [], [], hits=[])
        if declared is not None:
            return self._show(place if place == declared[1] else declared[1], list(declared[0]), list(declared[0]))
        why = self.why_not()
        bomb = "; support fire markers can bombard it: press B" if place >= 0 and place in self.targets() else ""
        if why:
            self.win.show_hint(why + bomb)
            return None
        if place < 0:
            self.win.show_hint("Point at the enemy hex to attack and press A, or click it")
            return None
        able = self.able(place)
        if not able:
            self.win.show_hint(f"{self.win.port.place_name(place)}: no unit may attack there now "
                               f"(an attack needs an enemy hex next to units that have not attacked){bomb}")
            return None
        return self._show(place, [u for u in (ticked or self.picked()) if u in able] or able, able)

    def bombard(self, place: int) -> QDialog | None:
        """B: the bombardment of the place under the pointer (F&M), or why there is none."""
        declared = getattr(self.win.port, "declared_attack", lambda: None)()
        if declared is not None:
            return self.open(place)
        targets = self.targets()
        if not targets:
            self.win.show_hint(self.why_not_bombard() or "No enemy hex can be bombarded now: a bombardment is "
                               "made in the own combat phase of a Fire & Movement game, once a phase per hex, "
                               "with markers left that reach it (STD-FM-BOMB)")
            return None
        if place not in targets:
            self.win.show_hint("Point at an enemy hex that support fire markers can reach and press B "
                               "(German and Allied ground markers: within 2 hexes of a friendly unit, "
                               "FMU-SFM-05/10; Allied aircraft markers: anywhere, FMU-SFM-11)")
            return None
        return self._show(place, [], [], hits=list(targets[place]))

    def _show(self, place: int, chosen: list[str], able: list[str], hits: list[str] | None = None) -> QDialog:
        dlg = self.win.profile.attack_dialog(self.win, chosen, place, able) if hits is None else None
        if dlg is None:
            from ddaydesk.ui.combat_dialog import CombatDialog

            dlg = CombatDialog(self.win.controller, chosen, place, self.win, eligible=able, hits=hits)
        dlg.finished.connect(lambda _r: self._closed())
        self.dialog = dlg
        self.win.show_hint("")  # (the odds pointed at and "click or press A" are the dialog's now)
        dlg.open()
        return dlg

    def _closed(self) -> None:
        self.dialog = None
        self.reset()
