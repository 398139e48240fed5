"""Shark's gin-outs look-ahead agrees with a brute force over every draw and discard
(personalities.md §4, Shark rule 4)."""
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gin_king.oracle.cards import ALL_CARDS_MASK, from_mask
from gin_king.oracle.melds import deadwood_of_mask
from gin_king.oracle.personalities import gin_outs

crowded = st.lists(st.sampled_from([s * 13 + r for s in (0, 2) for r in range(0, 13)]
                                   + [13 + r for r in range(3, 9)]),
                   min_size=10, max_size=10, unique=True)


@settings(max_examples=25, deadline=None)
@given(crowded, st.integers(0, 2**52 - 1))
def test_gin_outs_equal_brute_force(cards, pile_bits):
    hand = sum(1 << c for c in cards)
    assume(deadwood_of_mask(hand) > 0)   # asked only when the hand is not gin already
    unseen = ALL_CARDS_MASK & ~hand & ~pile_bits
    brute = [x for x in from_mask(unseen)
             if any(deadwood_of_mask((hand | 1 << x) & ~(1 << d)) == 0
                    for d in from_mask(hand | 1 << x))]
    assert gin_outs(hand, unseen) == brute
