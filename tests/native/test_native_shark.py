"""The manual's Shark natively (asm/shark.asm over Phyllis's routines): his draw and
discard are Phyllis's, choice and text, on random positions; each of his knock rules
against the oracle, in the order they apply."""
from __future__ import annotations

import pytest

from gin_king.compare import position_from_view, random_position
from gin_king.native import NativeEngine
from gin_king.oracle.cards import parse_cards
from gin_king.oracle.personalities import KING_SCORE_RULES, PERSONALITIES, SHARK_SCORE_RULES
from gin_king.oracle.state import Phase
from gin_king.oracle.view import view_from_cards
from iigs.font import decode

POSITIONS = 60


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


@pytest.mark.parametrize("decision", ["draw", "discard"])
def test_native_shark_draws_and_discards_as_phyllis(engine, decision):
    for i in range(POSITIONS):
        view, _ = random_position("shark", decision, 5_300_000 + i)
        shark = engine.decide(position_from_view(view, "shark", decision))
        phyllis = engine.decide(position_from_view(view, "phyllis", decision))
        assert (shark.choice, decode(shark.text)) == (phyllis.choice, decode(phyllis.text))
        want, text = getattr(PERSONALITIES["shark"](), "_" + decision)(view)
        assert (shark.choice, decode(shark.text)) == (int(want), text)


# (hand, pile + the discard last, scores, hands won, opponent draws, the advice begins with)
SHARK_KNOCK_RULES = [
    ("4s 5s 6s 7s Kc Kd Kh As 2s 3s", "9c", (50, 50), (1, 1), 11, "Knock. You have gin"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (92, 50), (2, 1), 11, "Knock. You only need 8"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (91, 50), (2, 1), 11,
     "Don't knock. Every card in your deadwood can be melded"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (0, 90), (0, 3), 11, "Knock. You need to score"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (0, 89), (0, 3), 11, "Don't knock. Every card"),
    ("4s 5s 6s 7s Kc Kd Kh As 2d 3d", "9c", (10, 10), (1, 1), 0, "Knock. Phyllis is likely"),
    # the catch at its edge: after 1 draw 46 - 7 >= 33 catches, after 2 39 - 7 does not
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (10, 10), (1, 1), 1, "Knock. Phyllis is likely"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (10, 10), (1, 1), 2, "Don't knock. Every card"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "Ad 4d 9c", (50, 50), (1, 1), 11,
     "Knock. The 3♦ cannot be melded in one draw."),
]


@pytest.mark.parametrize("hand, pile, scores, won, draws, opening", SHARK_KNOCK_RULES)
def test_every_shark_knock_rule_matches_the_oracle(engine, hand, pile, scores, won, draws,
                                                   opening):
    *rest, discard = parse_cards(pile)
    view = view_from_cards(hand, [int(c) for c in rest], scores=scores, hands_won=won,
                           opponent_draws=draws, phase=Phase.KNOCK, opponent_name="Phyllis")
    want, text = PERSONALITIES["shark"]()._knock(view, discard)
    assert text.startswith(opening)
    got = engine.decide(position_from_view(view, "shark", "knock", discard=int(discard)))
    assert (bool(got.choice), decode(got.text)) == (want, text)


def test_native_score_rows_are_the_oracles_constants(engine):
    # shark.asm's ScoreRows: King's row, then Shark's, each the oracle's ScoreRules (near
    # win, shutout danger, catch margin, then the catch table), word for word.
    for row, rules in enumerate((KING_SCORE_RULES, SHARK_SCORE_RULES)):
        want = [rules.near_win, rules.shutout_danger, rules.catch_margin, *rules.catch]
        base = row * 2 * len(want)
        assert [engine.read_word("ScoreRows", base + 2 * i) for i in range(len(want))] == want
