"""Dice: each roll drawn when it happens and recorded in the log.

``state.dice`` is a :class:`Dice`: how many dice the game has drawn so far, and where the
next value comes from. Rules code never touches it: it rolls through the Changes of the
action being applied (``ch.roll(state, 6, "combat at 1207")``), which records the
:class:`Roll` with its purpose, so the action log is also the dice log.

* :class:`SystemDice`, the default: each value comes from the operating system's randomness
  (``os.urandom``, through ``random.SystemRandom`` as ``secrets`` draws it) at the moment of
  the roll. Nothing in a state, a view or a save lets anyone compute a coming roll: there is
  nothing to compute it from.
* :class:`SeededDice`: PCG32 (O'Neill, pcg-random.org, "XSH RR" output), the same stream for
  the same seed on every platform. Tests and benchmarks inject it (``Game(sc, seed=7)``);
  saves of format version 1 replay with it.
* :class:`RecordedDice`: the rolls a save recorded, given back in order while its log is
  replayed; a roll the record does not hold (or of other dice) is a
  :class:`RecordMismatch`.

Only the draw count is part of a state's canonical form (``to_dict``). Rolls are unbiased
(``SystemRandom.randrange``, the rejection sampling ``secrets.randbelow`` does; likewise for
PCG32).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import SystemRandom

from ddaydesk.digest import sha256

_MULT = 6364136223846793005
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


@dataclass(frozen=True)
class Roll:
    """One die rolled: its sides, the value, what it was for and its place in the game's draws."""

    sides: int
    value: int
    purpose: str  # "weather turn 7", "combat at 1207", "drift of us-101-abn"
    draw: int  # position in the game's stream of draws (0-based)

    def to_dict(self) -> dict:
        return {"sides": self.sides, "value": self.value, "purpose": self.purpose, "draw": self.draw}

    @property
    def text(self) -> str:
        """The roll as a save records it: ``d6=4``."""
        return f"d{self.sides}={self.value}"


class RecordMismatch(Exception):
    """A replay asked for a roll its record does not hold as asked."""


class Dice:
    """The dice of one state: ``draws`` so far; :meth:`roll` draws the next. A state's dice
    are shared with the states copied from it until a roll: ``Changes.roll`` copies first."""

    __slots__ = ("draws",)

    def __init__(self, draws: int = 0):
        self.draws = draws

    @staticmethod
    def from_seed(seed: int | str) -> SeededDice:
        return SeededDice.from_seed(seed)

    def roll(self, sides: int, purpose: str) -> Roll:
        """One die (1..sides), counted and labelled."""
        if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
            raise ValueError(f"a die has a whole number of sides, at least 1, not {sides!r}")
        r = Roll(sides, self._value(sides), purpose, self.draws)
        self.draws += 1
        return r

    def _value(self, sides: int) -> int:
        raise NotImplementedError

    def copy(self) -> Dice:
        return self.at(self.draws)

    def at(self, draws: int) -> Dice:
        """This source with ``draws`` dice drawn (how a loaded game goes on rolling)."""
        raise NotImplementedError

    def to_dict(self) -> dict:
        """The canonical form: the count only, never what would predict the next value."""
        return {"draws": self.draws}


_SYSTEM = SystemRandom()  # (not ``secrets``: its import loads OpenSSL's library, ddaydesk/digest.py)


class SystemDice(Dice):
    """Values from the operating system's randomness, drawn when rolled."""

    __slots__ = ()

    def _value(self, sides: int) -> int:
        return _SYSTEM.randrange(sides) + 1

    def at(self, draws: int) -> SystemDice:
        return SystemDice(draws)


class SeededDice(Dice):
    """PCG32: two 64-bit integers of state. For tests, benchmarks and old saves only."""

    __slots__ = ("state", "inc")

    def __init__(self, state: int, inc: int, draws: int = 0):
        super().__init__(draws)
        self.state = state & _MASK64
        self.inc = inc & _MASK64 | 1

    @classmethod
    def from_seed(cls, seed: int | str) -> SeededDice:
        """A generator from any int or text seed (the seed is hashed, so 1 and 2 differ well)."""
        h = sha256(str(seed).encode()).digest()
        init_state = int.from_bytes(h[:8], "little")
        seq = int.from_bytes(h[8:16], "little")
        d = cls(0, (seq << 1) | 1)
        d._next32()
        d.state = (d.state + init_state) & _MASK64
        d._next32()
        return d

    def at(self, draws: int) -> SeededDice:
        return SeededDice(self.state, self.inc, draws)

    def _next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        threshold = ((1 << 32) - n) % n
        while True:
            r = self._next32()
            if r >= threshold:
                return r % n

    def _value(self, sides: int) -> int:
        return self.below(sides) + 1

    def generator_dict(self) -> dict:
        """The whole generator, as saves of version 1 hashed it into the state (hex strings:
        the 64-bit values are exact in any JSON reader)."""
        return {"state": f"{self.state:016x}", "inc": f"{self.inc:016x}", "draws": self.draws}


class RecordedDice(Dice):
    """The recorded rolls ``(sides, value)``, the game's draw ``n`` being ``rolls[n]``."""

    __slots__ = ("rolls",)

    def __init__(self, rolls: tuple[tuple[int, int], ...], draws: int = 0):
        super().__init__(draws)
        self.rolls = rolls

    def at(self, draws: int) -> RecordedDice:
        return RecordedDice(self.rolls, draws)

    def _value(self, sides: int) -> int:
        if self.draws >= len(self.rolls):
            raise RecordMismatch(f"the rules roll a d{sides} the save does not record (roll {self.draws + 1})")
        want, value = self.rolls[self.draws]
        if want != sides:
            raise RecordMismatch(f"roll {self.draws + 1} is recorded as a d{want}, the rules roll a d{sides}")
        return value
