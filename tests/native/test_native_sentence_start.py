"""A name opening an advice sentence is capitalised, natively (TxtOppNameCap in
asm/advice.asm) as in the oracle (advice_text.sentence_start): Shark's and King's "Knock.
Your opponent is likely ..." with the default name (Mort's sentences: test_native_mort.py)."""
from __future__ import annotations

import pytest

from gin_king.compare import position_from_view
from gin_king.native import NativeEngine
from gin_king.oracle.cards import Card
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.state import Phase
from gin_king.oracle.view import view_from_cards
from iigs.font import decode


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


@pytest.mark.parametrize("name, opening", [("your opponent", "Your opponent"),
                                           ("bob", "Bob"), ("Émile", "Émile")])
@pytest.mark.parametrize("personality", ["shark", "king"])
def test_the_catch_knock_opens_with_the_capitalised_name(engine, personality, name, opening):
    view = view_from_cards("4h 5h 6h Ac 2c 3c 9h 9c 9s Kd", "Qd", opponent_draws=0,
                           stock_size=30, opponent_name=name, phase=Phase.KNOCK)
    discard = Card.parse("7c")
    player = PERSONALITIES[personality](seed=1)
    advice = player.advise_knock(view, discard)
    assert advice.startswith(f"Knock. {opening} is likely to be caught"), advice
    got = engine.decide(position_from_view(view, personality, "knock", int(discard)))
    assert got.native
    assert (got.choice, decode(got.text)) == (1, advice)
