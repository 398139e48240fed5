"""Deadwood is exact (checked against an independent brute force) and the canonical
arrangement follows docs/personalities.md section 1."""
from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_king.oracle.cards import card_value, parse_cards
from gin_king.oracle.melds import best_melds, deadwood


def _all_melds(cards: frozenset) -> list[frozenset]:
    melds = []
    for rank in range(13):
        same = [c for c in cards if c % 13 == rank]
        for drop in range(len(same)):
            if len(same) == 4:
                melds.append(frozenset(same[:drop] + same[drop + 1:]))
        if len(same) >= 3:
            melds.append(frozenset(same))
    for suit in range(4):
        for low in range(13):
            for high in range(low + 2, 13):
                run = frozenset(suit * 13 + r for r in range(low, high + 1))
                if run <= cards:
                    melds.append(run)
    return melds


def brute_deadwood(cards) -> int:
    melds = _all_melds(frozenset(cards))

    @lru_cache(maxsize=None)
    def solve(left: frozenset) -> int:
        if not left:
            return 0
        first = min(left)
        best = card_value(first) + solve(left - {first})
        for meld in melds:
            if first in meld and meld <= left:
                best = min(best, solve(left - meld))
        return best

    return solve(frozenset(cards))


hands = st.integers(min_value=10, max_value=11).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))
# Crowded hands (few suits, neighbouring ranks) are where arrangements compete.
crowded = st.lists(st.sampled_from([s * 13 + r for s in (0, 3, 1) for r in range(2, 10)]),
                   min_size=10, max_size=11, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_deadwood_matches_brute_force_random(cards):
    assert deadwood(cards) == brute_deadwood(cards)


@settings(max_examples=300, deadline=None)
@given(crowded)
def test_deadwood_matches_brute_force_crowded(cards):
    arrangement = best_melds(cards)
    assert arrangement.deadwood == brute_deadwood(cards)
    used = [c for m in arrangement.melds for c in m.cards]
    assert len(used) == len(set(used))
    assert sorted(used + list(arrangement.deadwood_cards)) == sorted(cards)
    assert sum(card_value(c) for c in arrangement.deadwood_cards) == arrangement.deadwood


def test_four_of_a_kind_lends_a_card_to_a_run():
    a = best_melds(parse_cards("7c 7d 7h 7s 5s 6s"))
    assert a.deadwood == 0 and a.melds_text() == "5♠ 6♠ 7♠, 7♣ 7♦ 7♥"


def test_a_card_serves_set_or_run_whichever_is_better():
    # run 7♠8♠9♠ leaves 7♣ 7♦ K♥ (24); the set 7♣7♦7♠ would leave 8♠ 9♠ K♥ (27).
    a = best_melds(parse_cards("7c 7d 7s 8s 9s Kh"))
    assert a.deadwood == 24 and a.melds_text() == "7♠ 8♠ 9♠"


def test_long_run_stays_whole_and_ties_follow_candidate_order():
    assert best_melds(parse_cards("3s 4s 5s 6s 7s 8s")).melds_text() == "3♠ 4♠ 5♠ 6♠ 7♠ 8♠"
    # Same cards either way: the run from 7♠ comes first in candidate order.
    a = best_melds(parse_cards("7c 7d 7h 7s 8s 9s 10s 2c 3c"))
    assert a.melds_text() == "7♠ 8♠ 9♠ 10♠, 7♣ 7♦ 7♥" and a.deadwood == 5


def test_long_run_splits_when_that_melds_more():
    a = best_melds(parse_cards("3s 4s 5s 6s 7s 8s 9s 6c 6d"))
    assert a.deadwood == 0
    assert a.melds_text() == "3♠ 4♠ 5♠, 7♠ 8♠ 9♠, 6♣ 6♦ 6♠"


def test_manual_knock_hand():
    a = best_melds(parse_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d"))
    assert a.melds_text() == "4♠ 5♠ 6♠ 7♠, K♣ K♦ K♥"
    assert a.deadwood == 6 and [str(c) for c in a.deadwood_cards] == ["2♦", "3♦", "A♠"]
