"""The program's own lay-off search (play.asm BestDefence) against the oracle's
best_defence, over random knocks: the defender's deadwood after laying off, and how many
cards it lays off."""
from __future__ import annotations

import random

import pytest

from gin_king import app
from gin_king.oracle.layoff import best_defence
from gin_king.oracle.melds import best_melds


@pytest.fixture(scope="module")
def layoff():
    from iigs.machine import Machine
    path, symbols = app.ensure_built()
    m = Machine()
    prog = m.load(path.read_bytes())

    def addr(name):
        return prog.address_of(1, symbols[name]["offset"])

    def word(name, i=0):
        a = addr(name) + 2 * i
        return m.mem[a] | m.mem[a + 1] << 8

    def run(knocker, defender):
        for player, cards in ((0, knocker), (1, defender)):
            for suit in range(4):
                mask = sum(1 << (c % 13) for c in cards if c // 13 == suit)
                a = addr("Hands") + 8 * player + 2 * suit
                m.mem[a], m.mem[a + 1] = mask & 0xFF, mask >> 8
        m.call(addr("LayoffL"), max_cycles=200_000_000)
        laid = [s * 13 + r for s in range(4) for r in range(13) if word("LaidOff", s) >> r & 1]
        return word("KnockDw"), word("DefDw"), laid
    return run


def melded_hand(rng: random.Random) -> tuple[list[int], list[int]]:
    """A knocker's hand built from runs and sets, and a defender's from the rest."""
    free = set(range(52))
    hand: list[int] = []
    while len(hand) < 7:
        if rng.random() < 0.5:
            suit, start, n = rng.randrange(4), rng.randrange(11), rng.choice([3, 3, 4])
            cards = [suit * 13 + r for r in range(start, min(start + n, 13))]
        else:
            rank = rng.randrange(13)
            cards = rng.sample([s * 13 + rank for s in range(4)], 3)
        if len(cards) >= 3 and all(c in free for c in cards) and len(hand) + len(cards) <= 10:
            hand += cards
            free -= set(cards)
    hand += rng.sample(sorted(free), 10 - len(hand))
    free -= set(hand)
    return hand, rng.sample(sorted(free), 10)


@pytest.mark.parametrize("seed", range(60))
def test_app_layoff_matches_the_oracle(layoff, seed):
    rng = random.Random(seed)
    knocker, defender = melded_hand(rng)
    arrangement = best_melds(knocker)
    kd, dd, laid = layoff(knocker, defender)
    assert kd == arrangement.deadwood
    if kd == 0:
        return                                           # gin: no laying off
    expected = best_defence(defender, arrangement.melds, gin=False)
    assert dd == expected.deadwood
    assert len(laid) == len(expected.laid_off)
    assert set(laid) <= set(defender)
