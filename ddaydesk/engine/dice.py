"""Seeded dice: a PCG32 generator whose whole state is two integers, stored in the game.

PCG32 (O'Neill, pcg-random.org, "XSH RR" output) is small, fast enough and gives the same
numbers on every platform and Python version, unlike ``random.Random`` whose algorithms
may change. Rolls are unbiased (rejection sampling). Every roll made through
:meth:`Dice.roll` is returned as a :class:`Roll` naming what it was for; the action that
made it records it in its Changes, so the action log is also the dice log.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

_MULT = 6364136223846793005
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


@dataclass(frozen=True)
class Roll:
    sides: int
    value: int
    purpose: str  # "weather turn 7", "combat at 1207", "drift of us-101-abn"
    draw: int  # position in the game's stream of draws (0-based)

    def to_dict(self) -> dict:
        return {"sides": self.sides, "value": self.value, "purpose": self.purpose, "draw": self.draw}


class Dice:
    __slots__ = ("state", "inc", "draws")

    def __init__(self, state: int, inc: int, draws: int = 0):
        self.state = state & _MASK64
        self.inc = inc & _MASK64 | 1
        self.draws = draws

    @classmethod
    def from_seed(cls, seed: int | str) -> Dice:
        """A generator from any int or text seed (the seed is hashed, so 1 and 2 differ well)."""
        h = hashlib.sha256(str(seed).encode()).digest()
        init_state = int.from_bytes(h[:8], "little")
        seq = int.from_bytes(h[8:16], "little")
        d = cls(0, (seq << 1) | 1)
        d._next32()
        d.state = (d.state + init_state) & _MASK64
        d._next32()
        return d

    def copy(self) -> Dice:
        return Dice(self.state, self.inc, self.draws)

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

    def roll(self, sides: int, purpose: str) -> Roll:
        """One die (1..sides), counted and labelled."""
        value = self.below(sides) + 1
        r = Roll(sides, value, purpose, self.draws)
        self.draws += 1
        return r

    def to_dict(self) -> dict:
        # Hex strings: the 64-bit values are exact in any JSON reader.
        return {"state": f"{self.state:016x}", "inc": f"{self.inc:016x}", "draws": self.draws}

    @classmethod
    def from_dict(cls, d: dict) -> Dice:
        return cls(int(d["state"], 16), int(d["inc"], 16), int(d["draws"]))
