"""rng.asm against docs/rng.md (transcribed in native_reference) and the oracle."""
from __future__ import annotations

import pytest

from gin_king.native import NativeEngine, cards_to_masks
from gin_king.oracle.rng import Xorshift32, shuffled_deck
from native_reference import XorShift32 as DocRng

SEEDS = (0, 1, 12345, 0xDEADBEEF, 0xFFFFFFFF, 0x80000000, 7)


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


@pytest.mark.parametrize("seed", SEEDS)
def test_next_matches_xorshift32(engine, seed):
    engine.seed(seed)
    doc, oracle = DocRng(seed), Xorshift32(seed)
    assert engine.rng_state == doc.state == oracle.state
    for _ in range(50):
        assert engine.next() == doc.next() == oracle.next()


def test_seed_zero_is_replaced(engine):
    engine.seed(0)
    assert engine.rng_state == 0x6D2B79F5


@pytest.mark.parametrize("n", [1, 2, 3, 7, 13, 51, 52, 100, 1000, 32768, 65535])
def test_below_draws_like_the_oracle(engine, n):
    engine.seed(99 + n)
    oracle = Xorshift32(99 + n)
    for _ in range(20):
        r = engine.below(n)
        assert r == oracle.below(n) and 0 <= r < n
        assert engine.rng_state == oracle.state      # same number of rejections


def test_below_65536_is_passed_as_zero(engine):
    engine.seed(5)
    oracle = Xorshift32(5)
    assert engine.below(0) == oracle.below(65536)


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_is_bit_exact(engine, seed):
    engine.seed(seed)
    oracle = Xorshift32(seed)
    assert engine.shuffle() == shuffled_deck(oracle) == DocRng(seed).shuffle()
    assert engine.rng_state == oracle.state


def test_deal_lays_out_hands_upcard_and_stock(engine):
    engine.seed(2024)
    oracle = Xorshift32(2024)
    for _hand in range(3):                               # one generator through a game
        deck = shuffled_deck(oracle)
        dealt = engine.deal()
        assert dealt["deck"] == deck
        assert dealt["nondealer"] == cards_to_masks(deck[0:20:2])
        assert dealt["dealer"] == cards_to_masks(deck[1:20:2])
        assert dealt["upcard"] == deck[20]
        assert dealt["stock_index"] == 21


def test_replay_deals_a_recorded_deck_without_shuffling(engine):
    deck = list(range(51, -1, -1))
    engine.seed(3)
    before = engine.rng_state
    dealt = engine.deal_deck(deck)
    assert engine.rng_state == before
    assert dealt["nondealer"] == cards_to_masks(deck[0:20:2])
    assert dealt["dealer"] == cards_to_masks(deck[1:20:2])
    assert dealt["upcard"] == deck[20] and dealt["stock_index"] == 21
