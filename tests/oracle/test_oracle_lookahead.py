"""Shark's look-ahead shortcut gives exactly the brute-force sum (personalities.md §2)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_king.oracle.cards import ALL_CARDS_MASK, from_mask
from gin_king.oracle.measures import best_after_discard, shark_stock_sum

crowded = st.lists(st.sampled_from([s * 13 + r for s in (0, 2) for r in range(0, 13)]
                                   + [13 + r for r in range(3, 9)]),
                   min_size=10, max_size=10, unique=True)


@settings(max_examples=25, deadline=None)
@given(crowded, st.integers(0, 2**52 - 1))
def test_shortcut_equals_brute_force(cards, pile_bits):
    hand = sum(1 << c for c in cards)
    unseen = ALL_CARDS_MASK & ~hand & ~(pile_bits & ~hand & ALL_CARDS_MASK)
    total, n = shark_stock_sum(hand, unseen)
    brute = sum(best_after_discard(hand | 1 << x, hand | 1 << x) for x in from_mask(unseen))
    assert (total, n) == (brute, bin(unseen).count("1"))
