"""The seeded generator and the shuffle, bit-exact with docs/rng.md.

xorshift32 (Marsaglia 2003, shifts 13, 17, 5), unbiased ``below(n)`` by masking and
rejection from the high word, and a top-down Fisher–Yates shuffle. The 65816 program
implements the same three routines, so a seed deals the same cards in both.
"""
from __future__ import annotations

_ZERO_SEED_REPLACEMENT = 0x6D2B79F5


class Xorshift32:
    """The generator of docs/rng.md; ``state`` is the 32-bit word the 65816 keeps."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF or _ZERO_SEED_REPLACEMENT

    def next(self) -> int:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n: int) -> int:
        """A uniform number 0..n-1 (1 <= n <= 65536); always steps at least once."""
        if not 1 <= n <= 65536:
            raise ValueError(f"below({n}) out of range")
        mask = (1 << (n - 1).bit_length()) - 1
        while True:
            r = (self.next() >> 16) & mask
            if r < n:
                return r


def shuffled_deck(rng: Xorshift32) -> list[int]:
    """docs/rng.md "The shuffle": Fisher–Yates from the top down over 0..51."""
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
