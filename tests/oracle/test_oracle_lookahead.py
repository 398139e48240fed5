"""Shark's look-ahead agrees with a brute force over every draw and discard: the gin outs of
his knock (personalities.md §4, Shark rule 5) and the outlook of his discard (§3)."""
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gin_king.oracle.cards import ALL_CARDS_MASK, count_cards, from_mask, parse_cards, to_mask
from gin_king.oracle.melds import deadwood_of_mask
from gin_king.oracle.lookahead import gin_outs, least_after_discard, outlook
from gin_king.oracle.measures import defence_measure, unseen_mask
from gin_king.oracle.personalities import danger_points

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


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=10, max_size=11, unique=True))
def test_least_after_discard_equals_every_discard_tried(cards):
    hand = sum(1 << c for c in cards)
    assert least_after_discard(hand) == min(deadwood_of_mask(hand & ~(1 << d)) for d in cards)


@settings(max_examples=15, deadline=None)
@given(crowded, st.integers(0, 2**52 - 1))
def test_outlook_equals_brute_force_over_every_draw_and_discard(cards, pile_bits):
    hand = sum(1 << c for c in cards)
    unseen = ALL_CARDS_MASK & ~hand & ~pile_bits
    after = [min(deadwood_of_mask((hand | 1 << x) & ~(1 << d)) for d in from_mask(hand | 1 << x))
             for x in from_mask(unseen)]
    assert outlook(hand, unseen) == (sum(after), after.count(0), deadwood_of_mask(hand))


def test_outlook_prefers_connected_deadwood():
    # Same melds, same 34 points of deadwood; the 7♥ 8♥ wait for the 6♥ or 9♥, while the
    # 7♥ and 8♠ of the other hand wait for a set each: the connected pair has more chances.
    pair = to_mask(parse_cards("A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♥ 8♥ K♣ 9♣"))
    apart = to_mask(parse_cards("A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♥ 8♠ K♣ 9♣"))
    assert deadwood_of_mask(pair) == deadwood_of_mask(apart) == 34
    unseen = ALL_CARDS_MASK & ~pair & ~apart
    assert outlook(pair, unseen).total < outlook(apart, unseen).total


def test_danger_counts_the_melds_the_opponent_may_make_with_a_discard():
    # The opponent took the 7♦ and 8♦; the 9♦'s live melds: 7♦8♦ (both known), 8♦10♦
    # (one), 10♦J♦ and three of nines (none known; the 9♣ is ours, so two of them are dead).
    hand = to_mask(parse_cards("9d 9c As 2s 3s 5h 6h Kc Qh Jc 4c"))
    known = to_mask(parse_cards("7d 8d"))
    pile = to_mask(parse_cards("2d"))
    d = defence_measure(parse_cards("9d")[0], hand, pile, known)
    assert (d.live, d.one_known, d.both_known) == (4, 1, 1)
    n = count_cards(unseen_mask(hand, pile, known))            # 52 - 11 - 1 - 2 = 38
    k = 10 - 2
    assert n == 38
    # 5 (1 x 38 + 1 x 8) + 5 x 2 x 64 // 38 = 230 + 16
    assert danger_points(d, n, k) == 5 * (38 + 8) + 5 * 2 * 64 // 38 == 246
