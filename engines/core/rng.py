"""A seeded random source that lives inside a game state as plain data.

A state must compare equal to its replay and survive a JSON round trip, so it cannot hold
a ``random.Random`` object. ``Rng`` is a seed plus the number of draws made so far; each
draw builds a fresh generator from both, which makes every draw reproducible on its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Rng:
    seed: int
    draws: int = 0

    def _generator(self) -> random.Random:
        # A string seed is hashed with SHA-512 by ``random``: stable across runs and
        # platforms, unlike ``hash()`` of a tuple.
        return random.Random(f"{self.seed}/{self.draws}")

    def _next(self) -> Rng:
        return Rng(self.seed, self.draws + 1)

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """A whole number from ``low`` to ``high`` inclusive, and the advanced source."""
        return self._generator().randint(low, high), self._next()

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return self._generator().choice(items), self._next()

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """The items in a random order, and the advanced source."""
        order = list(items)
        self._generator().shuffle(order)
        return tuple(order), self._next()
