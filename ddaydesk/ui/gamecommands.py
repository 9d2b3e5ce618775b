"""The main window's Edit (undo, redo), Game and Help menus and the hot-seat hand-over, mixed
into :class:`~ddaydesk.ui.mainwindow.MainWindow`: the same commands for every system."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence


class GameCommands:
    """Mixed into :class:`~ddaydesk.ui.mainwindow.MainWindow`."""

    # -- hot-seat -----------------------------------------------------------------------------
    def begin_handover(self, side: str) -> None:
        """Blank the map and every dock until the next player is at the screen."""
        self._docks_before = [d for d in self.docks if d.isVisible()]
        for d in self.docks:
            d.hide()
        self.turn_bar.hide()
        self.scene.counters.set_units([])
        self.scene.overlays.show_markers(())
        self.unit_model.set_units([])
        self.log_model.set_entries([])
        self.show_hint("")
        self.handover.prepare(self.controller.side, side, "a side has secrets the other may not see")
        self.stack.setCurrentWidget(self.handover)
        self.menuBar().setEnabled(False)

    def _handover_done(self, side: str) -> None:
        self.menuBar().setEnabled(True)
        for d in getattr(self, "_docks_before", self.docks):
            d.show()
        self.turn_bar.show()
        self.stack.setCurrentWidget(self.view)
        self.controller.show_side(side)

    # -- edit menu ----------------------------------------------------------------------------
    def _build_undo_actions(self) -> None:
        self.undo_menu.clear()
        stack = self.controller.undo_stack
        undo = stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = stack.createRedoAction(self, "&Redo")
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        self.undo_menu.addAction(undo)
        self.undo_menu.addAction(redo)
        self.undo_action, self.redo_action = undo, redo
        stack.canUndoChanged.connect(self._undo_tip)
        self._undo_tip()

    def _undo_tip(self, _can: bool = True) -> None:
        """A greyed Undo says why (the engine's reason: a roll cannot be taken back)."""
        if self.controller is None:
            return
        problem = getattr(self.controller.port, "undo_problem", None)
        why = "" if self.controller.undo_stack.canUndo() or problem is None else problem()
        self.undo_action.setToolTip(f"Undo is not possible: {why}" if why else "Undo")
        self.undo_action.setStatusTip(self.undo_action.toolTip())

    # -- game menu ----------------------------------------------------------------------------
    def end_phase(self) -> None:
        self.aids.end_phase()  # (unless a compulsory attack is open: then which, and the rule)

    def next_turn(self) -> None:
        turn = self.controller.view.turn
        for _ in range(64):  # a turn has far fewer phases; the bound stops a runaway engine
            if self.controller.view.turn != turn or not self.controller.apply(
                    f"End of {self.controller.view.phase}", self.controller.port.end_phase):
                break
        self.controller.hand_to(self.controller.port.active_side())

    def attack_dialog(self):
        """A: the attack on the place under the cursor (attacking.py); outside a combat phase
        the status bar says why and nothing opens."""
        return self.aids.attacks.open(self.hex_info.place)

    def bombard_dialog(self):
        """B: the bombardment of the place under the cursor (F&M, attacking.py), or why not."""
        return self.aids.attacks.bombard(self.hex_info.place)

    def show_roll_log(self) -> None:
        self.dice_dock.show()
        self.dice_dock.raise_()

    # -- help ---------------------------------------------------------------------------------
    def show_rules(self) -> None:
        self.show_rule("")

    def show_rule(self, rule: str) -> None:
        """The rules browser of this game, at the entry of ``rule`` if one is given."""
        from ddaydesk.ui import rules_browser

        rules_browser.show_for(self, self.controller.port, rule)

    def _rules_follow_game(self) -> None:
        """A rules browser left open shows the rules of the game opened since."""
        browser = getattr(self, "rules_browser", None)
        if browser is not None and browser.isVisible():
            from ddaydesk.ui import rules_browser

            rules_browser.show_for(self, self.port)

    def _close_rules(self) -> None:
        browser = getattr(self, "rules_browser", None)
        if browser is not None:
            browser.close()

    def show_shortcuts(self) -> None:
        from ddaydesk.ui import dialogs

        dialogs.shortcuts_dialog(self, self.all_actions + [self.undo_action, self.redo_action]).open()

    def show_about(self) -> None:
        from ddaydesk.ui import dialogs

        dialogs.about(self, self.controller.port.board)
