"""Dice as injected values (boardgame.io style): rules take rolls, a roller makes them."""

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # ``random`` loads only when dice are rolled, not for every resolve
    import random


class DiceRoll(NamedTuple):
    """An Original DR: the coloured and the white die (C3.9 compares them), each 1..6.

    Made only by ``DiceRoller`` and by ``Action.dice_at``, which checks the values it reads.
    """

    colored: int
    white: int

    @property
    def total(self) -> int:
        """The Original DR."""
        return self.colored + self.white

    @property
    def doubles(self) -> bool:
        """Both dice alike (C3.8 Multiple Hits)."""
        return self.colored == self.white


class DrNeeded(Exception):
    """Reading a roll needs the subsequent dr (C3.6, C3.7) and none was given: the outcome then
    answers what the dice alone decide, and the odds read that DR with each dr."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class DiceRoller:
    """Rolls real dice; pass a seeded ``random.Random`` for repeatable rehearsals and tests."""

    def __init__(self, rng: "random.Random | None" = None) -> None:
        if rng is None:
            import random

            rng = random.Random()
        self._rng = rng

    def roll(self) -> DiceRoll:
        """Two dice: an Original DR."""
        return DiceRoll(self._rng.randint(1, 6), self._rng.randint(1, 6))

    def dr(self) -> int:
        """One die: a subsequent dr (C3.6, C3.7)."""
        return self._rng.randint(1, 6)
