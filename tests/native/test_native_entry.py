"""entry.asm (User Supplied Cards) against gin_king.oracle.entry."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from gin_king.native import NativeEngine
from gin_king.oracle.entry import CardEntryError, CardRequest, closest_available, parse_entry


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


def _oracle(text: str, limit: int):
    try:
        return [(r.rank, r.suit) for r in parse_entry(text, limit)]
    except CardEntryError:
        return None


@pytest.mark.parametrize("text, limit", [
    ("AS, 2H, 5C, 5D, 10S, QH", 10), ("A 5 6 4D 3D", 10), ("4H56", 10), ("", 10),
    ("  ,, ", 3), ("10", 1), ("1", 5), ("1x", 5), ("KkQqJjTt", 8), ("KkQqJjTt", 7),
    ("7♠ 8♥,9♦10♣", 4), ("Z", 3), ("2\t3\n4", 3), ("A0", 3),
])
def test_manual_examples_and_edges(engine, text, limit):
    assert engine.parse_entry(text, limit) == _oracle(text, limit)


ALPHABET = "A23456789TJQKajqkt10CDHScdhs ,\t♣♦♥♠xZ!"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=24), st.integers(0, 12))
def test_random_entries_read_like_the_oracle(engine, text, limit):
    assert engine.parse_entry(text, limit) == _oracle(text, limit)


def test_closest_available_card(engine):
    rnd = random.Random(8)
    for _ in range(300):
        taken = rnd.sample(range(52), rnd.choice((0, 10, 30, 45, 51)))
        mask = sum(1 << c for c in taken)
        rank, suit = rnd.randrange(13), rnd.choice((None, 0, 1, 2, 3))
        want = int(closest_available(CardRequest(rank, suit), mask))
        assert engine.closest_card(rank, suit, taken) == want


def test_no_card_left(engine):
    assert engine.closest_card(5, None, range(52)) is None
