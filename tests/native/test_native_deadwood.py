"""deadwood.asm: exact deadwood (10 and 11 cards, after a discard) and the canonical
arrangement, against a brute force and the oracle; the cycle budget."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from gin_king.native import NativeEngine, cards_to_masks
from gin_king.oracle.cards import parse_cards, to_mask
from gin_king.oracle.melds import arrangement_of_mask
from native_reference import brute_deadwood, brute_deadwood_after_discard

DEADWOOD_11_MEAN_BUDGET = 2500      # docs/architecture.md, "Budgets"


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


@pytest.mark.parametrize("text, want", [
    ("As 2s 3s 4s 5s 6s 7s 8s 9s Ts", 0),              # one long run
    ("7c 7d 7h 7s 5s 6s 8s 9s Kd Kh", 20),             # 7s lends a card to the run
    ("4c 4d 4h 4s 2c 3c 5d 6d Jh Qh", 25),              # 4s: a 3-set and a run card
    ("Kc Kd Kh Qc Qd Qh Jc Jd Jh 2s", 2),              # sets or runs, same cards
    ("Ac 2c 3c 4c 5c 6c Ad Ah 2d 2h", 0),              # a long run splits for sets
])
def test_hand_checked_hands(engine, text, want):
    cards = _cards(text)
    assert brute_deadwood(cards) == want
    assert engine.deadwood(cards_to_masks(cards)).deadwood == want


@pytest.mark.parametrize("text", [
    "7c 7d 7h 7s 5s 6s 8s 9s Kd Kh Qs",
    "4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h",                # three ranks in all suits
    "Ac 2c 3c Ad 2d 3d Ah 2h 3h As 2s",
])
def test_eleven_card_hands_and_the_discard(engine, text):
    cards = _cards(text)
    masks = cards_to_masks(cards)
    assert engine.deadwood(masks).deadwood == brute_deadwood(cards)
    assert engine.deadwood_after_discard(masks)[0] == brute_deadwood_after_discard(cards)


def _clustered(rnd: random.Random, n: int) -> list[int]:
    """Hands rich in sets and runs (the hard cases): a few ranks in many suits plus a run."""
    ranks = rnd.sample(range(13), 3)
    suit, start = rnd.randrange(4), rnd.randrange(9)
    pool = sorted({s * 13 + r for r in ranks for s in range(4)}
                  | {suit * 13 + r for r in range(start, min(13, start + 5))})
    cards = rnd.sample(pool, min(n, len(pool)))
    while len(cards) < n:
        c = rnd.randrange(52)
        if c not in cards:
            cards.append(c)
    return cards


def test_random_and_clustered_hands_against_brute_force(engine):
    rnd = random.Random(11)
    for i in range(400):
        n = 10 + i % 2
        cards = _clustered(rnd, n) if i % 2 else rnd.sample(range(52), n)
        masks = cards_to_masks(cards)
        assert engine.deadwood(masks).deadwood == brute_deadwood(cards), cards
        if n == 11:
            assert engine.deadwood_after_discard(masks)[0] == brute_deadwood_after_discard(cards)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=10, max_size=11, unique=True))
def test_canonical_arrangement_matches_the_oracle(engine, cards):
    value, melds, dead, _ = engine.canon(cards_to_masks(cards))
    arrangement = arrangement_of_mask(to_mask(cards))
    assert value == arrangement.deadwood
    assert melds == [tuple(int(c) for c in m.cards) for m in arrangement.melds]
    assert sorted(dead) == sorted(int(c) for c in arrangement.deadwood_cards)


def test_canonical_arrangement_on_clustered_hands(engine):
    rnd = random.Random(12)
    for i in range(300):
        cards = _clustered(rnd, 10 + i % 2)
        value, melds, dead, _ = engine.canon(cards_to_masks(cards))
        arrangement = arrangement_of_mask(to_mask(cards))
        assert (value, melds) == (arrangement.deadwood,
                                  [tuple(int(c) for c in m.cards) for m in arrangement.melds]), cards


def test_deadwood_of_eleven_cards_is_within_budget(engine):
    rnd = random.Random(2500)
    cycles = [engine.deadwood(cards_to_masks(rnd.sample(range(52), 11))).cycles
              for _ in range(500)]
    assert sum(cycles) / len(cycles) <= DEADWOOD_11_MEAN_BUDGET
