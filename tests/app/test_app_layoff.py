"""The program's own lay-off search (play.asm BestDefence) against the oracle's
best_defence, over random knocks: the defender's deadwood after laying off, and how many
cards it lays off."""
from __future__ import annotations

import random

import pytest

from gin_king import build
from gin_king.oracle.layoff import best_defence
from gin_king.oracle.melds import best_melds


@pytest.fixture(scope="module")
def layoff():
    from system.machine import Machine
    path, symbols = build.ensure_built()
    m = Machine()
    prog = m.load(path.read_bytes())

    def addr(name):
        return build.symbol_address(prog, symbols, name)

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
    run.dw_calls = lambda: word("DwCalls")               # GK_Deadwood calls of the last run
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


def cards(text: str) -> list[int]:
    """ "AS TD 7H" -> card numbers (suit * 13 + rank)."""
    ranks = {"A": 0, "T": 9, "J": 10, "Q": 11, "K": 12}
    return ["CDHS".index(t[-1]) * 13 + (ranks[t[:-1]] if t[:-1] in ranks else int(t[:-1]) - 1)
            for t in text.split()]


# Crowded knocks: every card of the defender's extends a knocker's run or set. Before the
# search went by arms (play.asm BestDefence) these cost 2.3-2.7 million cycles each
# (1,024 subsets tried); now 324 GK_Deadwood calls at most.
CROWDED = [
    ("3S 4S 5S 6H 7H 8H 9D TD JD AC", "AS 2S 6S 7S 4H 5H 9H TH 7D 8D", 243),
    ("4S 5S 6S 4H 5H 6H 4D 5D 6D AC", "2S 3S 7S 8S 2H 3H 7H 8H 3D 7D", 324),
    ("5S 6S 7S AC 9H 9D 9C 2H 3H 4H", "4S 3S 2S 8S 9S TS JS QS 5H AH", 7),
    ("2C 3C 4C 9H TH JH 7D 7S 7H AD", "5C 6C 7C 8C 8H QH KH 6H 5H 4D", 60),
]


@pytest.mark.parametrize("knocker, defender, calls", CROWDED)
def test_app_layoff_crowded_hands_are_searched_by_arms(layoff, knocker, defender, calls):
    k, d = cards(knocker), cards(defender)
    assert len(set(k + d)) == 20
    arrangement = best_melds(k)
    kd, dd, laid = layoff(k, d)
    expected = best_defence(d, arrangement.melds, gin=False)
    assert (kd, dd, len(laid)) == (arrangement.deadwood, expected.deadwood,
                                   len(expected.laid_off))
    assert layoff.dw_calls() == calls <= 324


def test_app_layoff_search_stays_small_on_random_knocks(layoff):
    """The 60 random knocks above: no search needs more than a few dozen calls."""
    worst = 0
    for seed in range(60):
        knocker, defender = melded_hand(random.Random(seed))
        if layoff(knocker, defender)[0]:
            worst = max(worst, layoff.dw_calls())
    assert worst <= 36
