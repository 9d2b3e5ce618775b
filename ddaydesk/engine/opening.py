"""Opening a saved game at once: shown from its checkpoint, its log checked in slices.

A save of version 3 ends with the canonical form of its last position. :func:`open_save`
reads and checks everything a load reads short of the replay (the scenario, the log's
checksum, every action and roll field by field), restores that position (its hash must be
the save's ``final_state_hash``) and returns the game there, with a :class:`LogCheck`:
the whole log replayed from the start with its recorded rolls, a slice at a time between a
window's events, which must end at that same position. Until it has, the game's history (the
states and Changes before the checkpoint: undo, the log, the dice log) is not there; once
it has, the game adopts the replay's. A replay that is refused or ends elsewhere is the same
FormatError ``load_game`` gives. Saves without a checkpoint (versions 1 and 2) are replayed
whole before they are shown, as ``load_game`` does.
"""

from __future__ import annotations

import time
from pathlib import Path

from ddaydesk.engine.checkpoint import state_from_dict
from ddaydesk.engine.dice import Dice, RecordedDice, SystemDice
from ddaydesk.engine.game import Game
from ddaydesk.engine.saveload import Saved, SaveReader, sha256_of
from ddaydesk.formats.errors import FormatError, clip
from ddaydesk.gcpause import gc_paused
from ddaydesk.rules.tables import tables_pinned


def open_save(path: str | Path, dice: Dice | None = None) -> tuple[Game, LogCheck | None]:
    """The saved game at its last position, and the check still to run on its log (None when
    the log was replayed whole already: a save without a checkpoint)."""
    live = dice or SystemDice()
    with gc_paused(), tables_pinned():
        ld = SaveReader(str(path))
        saved = ld.read(None)
        if ld.problems or not saved.checkpoints:
            return ld.finish(saved, live), None  # (a problem found already is reported whole)
        at, text = saved.checkpoints[-1]
        k = len(saved.checkpoints) - 1
        try:
            state = state_from_dict(saved.scenario, saved.doc["checkpoints"][k]["position"], live)
        except ValueError as exc:
            raise ld.fail(ld.line_of("checkpoints"), f"checkpoints[{k}].position.{clip(str(exc), 300)}") from None
        if state.state_hash() != sha256_of(text):
            raise ld.fail(ld.line_of("checkpoints"), f"checkpoints[{k}].position: not a position of this game")
        game = Game.resumed(saved.scenario, saved.doc["options"], saved.log[:at], state)
        if at < len(saved.log):  # actions after the checkpoint: replayed now, with their rolls
            state.dice = RecordedDice(_all_rolls(saved), state.dice.draws)
            ld.replay(game, saved.log[at:], saved.rolls[at:], at)
            for s in game.states[at:]:
                s.dice = live.at(s.dice.draws)
        if game.state.state_hash() != saved.doc["final_state_hash"]:
            raise FormatError([ld.checkpoint_problem(at)])
    return game, LogCheck(ld, saved, game, live)


def _all_rolls(saved: Saved) -> tuple[tuple[int, int], ...]:
    return tuple(saved.opening) + tuple(r for rolls in saved.rolls for r in rolls)


class LogCheck:
    """The replay of a save's whole log, a slice at a time (:meth:`step`), against the
    position it was shown from."""

    def __init__(self, load: SaveReader, saved: Saved, shown: Game, live: Dice):
        self._load, self._saved, self._shown, self._live = load, saved, shown, live
        self._game: Game | None = None
        self.total = len(saved.log)  # actions to replay
        self.done = 0

    def step(self, seconds: float = 0.01) -> bool:
        """Replay for about ``seconds``; True once the whole log is replayed and matches (the
        shown game then has its history). FormatError if it does not."""
        end = time.perf_counter() + seconds
        ld, saved = self._load, self._saved
        with gc_paused(), tables_pinned():
            if self._game is None:
                self._game = ld.start(saved)
            while self.done < self.total:
                k = self.done
                ld.replay(self._game, saved.log[k:k + 1], saved.rolls[k:k + 1], k)
                self.done += 1
                if time.perf_counter() > end:
                    return False
            game = self._game
            if game.state.state_hash() != saved.doc["final_state_hash"]:
                raise FormatError([ld.checkpoint_problem(self.total)])
            for at, text in saved.checkpoints:
                if game.states[at].state_hash() != sha256_of(text):
                    raise FormatError([ld.checkpoint_problem(at)])
            for s in game.states:
                s.dice = self._live.at(s.dice.draws)
            self._shown.adopt_history(game)
        return True

    def run(self) -> None:
        """The whole check at once."""
        while not self.step(3600.0):
            pass
