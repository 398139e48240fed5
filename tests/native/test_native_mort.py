"""Mort's discard natively (KeyMort in asm/remember.asm) on the manual's three examples and
on the tie his helping-card count breaks: the same card and the same sentence as the oracle,
the opponent's name capitalised where it opens a sentence."""
from __future__ import annotations

import pytest

from gin_king.compare import position_from_view
from gin_king.native import NativeEngine
from gin_king.oracle.cards import parse_cards
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.state import Phase
from gin_king.oracle.view import view_from_cards
from iigs.font import decode

# (hand, pile, opponent took, the card Mort throws)
CASES = [
    # "Shark does not have the J♠, K♣ or K♦, so he can't use the K♠."
    ("Ks 4c 5c 6c 8d 8h 8c 3h 10d 6h As", "Kc Kd Js", "", "K♠"),
    # "Shark is holding the 7♦ and 8♦, so the 4♠ is a better discard than the 9♦."
    ("9d 4s Ac 2c 3c 5h 6h 7h Jc Jd Jh", "Qs", "7d 8d", "4♠"),
    # "There are only 2 missing melds ... with the 2♦, compared with 3 melds with the 2♠."
    ("2d 2s 7c 8c 9c 10h Jh Qh Kc Kd Kh", "Ad", "", "2♦"),
    # three tens: he keeps the Q♦ K♦, which the J♦ would meld
    ("2c 3c 4c 5h 5d 5s 7s 8s Qd Kd Jc", "As", "", "J♣"),
]


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


# the opponent's name as given, and as the first two sentences open with it (capitalised)
NAMES = [("Shark", "Shark"), ("your opponent", "Your opponent")]


@pytest.mark.parametrize("name, opening", NAMES)
@pytest.mark.parametrize("hand, pile, took, card", CASES)
def test_native_mort_discards_as_the_oracle(engine, hand, pile, took, card, name, opening):
    view = view_from_cards(hand, pile, opponent_took=parse_cards(took) if took else [],
                           opponent_name=name, phase=Phase.DISCARD)
    mort = PERSONALITIES["mort"]()
    want = mort.choose_discard(view)
    assert str(want) == card
    got = engine.decide(position_from_view(view, "mort", "discard"))
    assert got.native
    advice = mort.advise_discard(view)
    assert (got.choice, decode(got.text)) == (int(want), advice)
    if "does not have" in advice or "is holding" in advice:
        assert f". {opening} " in advice
