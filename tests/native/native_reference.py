"""Plain-Python references the native tests check the 65816 against: docs/rng.md
transcribed line by line, and a brute-force deadwood over every set of disjoint melds."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

RANKS, SUITS = 13, 4


def value(card: int) -> int:
    return min(card % RANKS + 1, 10)


class XorShift32:
    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF or 0x6D2B79F5

    def next(self) -> int:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n: int) -> int:
        mask = 0
        while mask < n - 1:
            mask = mask << 1 | 1
        while True:
            r = (self.next() >> 16) & mask
            if r < n:
                return r

    def shuffle(self) -> list[int]:
        deck = list(range(52))
        for i in range(51, 0, -1):
            j = self.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return deck


def all_melds(cards: frozenset[int]) -> list[frozenset[int]]:
    melds = []
    for r in range(RANKS):
        have = [s * RANKS + r for s in range(SUITS) if s * RANKS + r in cards]
        for k in (3, 4):
            melds += [frozenset(c) for c in combinations(have, k)]
    for s in range(SUITS):
        for start in range(RANKS):
            run = []
            for r in range(start, RANKS):
                if s * RANKS + r not in cards:
                    break
                run.append(s * RANKS + r)
                if len(run) >= 3:
                    melds.append(frozenset(run))
    return melds


def brute_deadwood(cards) -> int:
    cards = frozenset(cards)
    melds = all_melds(cards)

    @lru_cache(maxsize=None)
    def best(used: frozenset[int], start: int) -> int:
        top = 0
        for i in range(start, len(melds)):
            m = melds[i]
            if not m & used:
                top = max(top, sum(value(c) for c in m) + best(used | m, i + 1))
        return top

    return sum(value(c) for c in cards) - best(frozenset(), 0)


def brute_deadwood_after_discard(cards) -> int:
    cards = list(cards)
    return min(brute_deadwood(cards[:i] + cards[i + 1:]) for i in range(len(cards)))
