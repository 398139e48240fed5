"""The eight computer players natively under the house rules (issue 19): every decision and
every advice text of asm/*.asm against the oracle's players, under each rule alone and
mixed (random positions for every player and decision, and a whole game), and the worked
positions where the rules change what a player does or says (runs around the corner in
the missing melds, helpers and look-ahead; Simple Gin's "goes gin first"; a shutout that
costs nothing; King's gin draw worth from the gin bonus)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from gin_king.bench.native import KING_WORST_BUDGET
from gin_king.compare import (Report, compare_games, compare_positions, oracle_decision,
                              position_from_view, random_position)
from gin_king.native import NativeEngine
from gin_king.oracle.personalities import KING_SCORE_RULES, SHARK_SCORE_RULES, King
from gin_king.oracle.rules import DEFAULT_RULES, parse_rules
from gin_king.oracle.view import view_from_cards
from iigs.font import decode

ALONE = ["simple", "no-layoff", "layoff-on-gin", "around-corner", "spades-double",
         "eleven-ten", "hollywood", "box-difference", "no-box", "gin=40", "undercut=10",
         "box=10", "game=50", "shutout=0", "shutout=50"]
MIXES = ["simple,around-corner", "around-corner,layoff-on-gin,spades-double",
         "eleven-ten,hollywood,box-difference,shutout=50,gin=30"]


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


@pytest.fixture
def under(engine):
    def set_rules(text: str):
        rules = parse_rules(text)
        engine.write_rules(rules)
        return rules
    yield set_rules
    engine.write_rules(DEFAULT_RULES)


@pytest.mark.parametrize("text", ALONE + MIXES)
def test_every_player_agrees_with_the_oracle_under(under, engine, text):
    rules = under(text)
    seed = 40 + (ALONE + MIXES).index(text)
    report = Report()
    compare_positions(engine, report, 2 if rules.around_corner else 1, seed, rules=rules)
    compare_games(engine, report, 1, seed, rules=rules)
    assert report.ok(), report.disagreements[:2]
    assert len(report.positions) == 8 * 3
    assert all(t.agree > 0 and t.not_native == 0 for t in report.positions.values())
    assert report.games_agree == 1


# (rules, player, decision, position seed of compare.random_position, the oracle's advice:
#  all of it, or the part the rule changes)
WORKED = [
    # the dead partners of the A♥ around the corner include the Q♥ (Q-K-A)
    ("around-corner", "mort", "discard", 648358009068845,
     "Discard the A♥. Willy does not have the A♣, A♦, 2♥ or Q♥, so he can't use the A♥."),
    # an ace has six three-card melds around the corner (Q-K-A, K-A-2, A-2-3, three sets)
    ("around-corner", "mort", "discard", 648358009068237,
     "Discard the A♠. There are only 4 missing melds that can be formed by Bernie with the "
     "A♠, compared with 6 melds with the J♣."),
    ("around-corner", "mort", "discard", 648358009068941,
     "Discard the 10♠. There are 6 missing melds that can be formed by Phyllis with the 10♠."),
    # the cards that will help an ace: K-A-2 and Q-K-A too
    ("around-corner", "bernie", "discard", 7000033,
     "Discard the Q♣. No cards will help the Q♣ in your hand, compared with 2 cards that will "
     "help the A♥."),
    # King's look-ahead: an unseen ace is worth 15, and may join a run through the King
    ("around-corner", "king", "draw", 7000000,
     "Draw from the stock. The J♠ will not increase the number of cards in melds. From the "
     "stock your deadwood should average 45.7 points, against 50 points with the J♠."),
    ("around-corner", "shark", "knock", 7000258,
     "Knock. You have gin: 3♦ 4♦ 5♦ 6♦, Q♠ K♠ A♠, 2♣ 2♦ 2♥."),
    ("around-corner", "king", "knock", 7000066,
     "Knock. Shark is likely to be caught with a lot of deadwood. You can knock with: K♣ A♣ "
     "2♣ 3♣ 4♣, 2♥ 3♥ 4♥ 5♥. This leaves the 2♠ (2 points) in deadwood."),
    # Simple Gin: only gin ends the hand
    ("simple", "king", "discard", 992003101, "which leaves you more deadwood if Irv goes gin "
     "first."),
]


@pytest.mark.parametrize("text, player, decision, seed, advice", WORKED)
def test_worked_positions(under, engine, text, player, decision, seed, advice):
    rules = under(text)
    view, discard = random_position(player, decision, seed, rules)
    choice, want, _ = oracle_decision(player, decision, view, discard, 1)
    assert want.endswith(advice)
    got = engine.decide(position_from_view(view, player, decision, discard, 1))
    assert (got.choice, decode(got.text)) == (choice, want)


def test_only_a_shutout_worth_points_makes_shark_knock(under, engine):
    # A random position, the opponent moved to Shark's shutout danger (no hand won yet):
    # with the manual's double or a 50-point shutout he knocks to score; a shutout that
    # costs nothing leaves Phyllis's rule, go for gin.
    for text, knocks in (("", True), ("shutout=50", True), ("shutout=0", False)):
        rules = under(text)
        view, discard = random_position("shark", "knock", 7004098, rules)
        view = replace(view, scores=(view.scores[0],
                                     view.target - SHARK_SCORE_RULES.shutout_danger))
        choice, want, _ = oracle_decision("shark", "knock", view, discard, 1)
        assert choice == int(knocks) and want.startswith(
            "Knock. You need to score to avoid a shutout." if knocks else
            "Don't knock. Every card in your deadwood can be melded in one draw, so go for gin.")
        got = engine.decide(position_from_view(view, "shark", "knock", discard, 1))
        assert (got.choice, decode(got.text)) == (choice, want)


@pytest.mark.parametrize("text, card, advice", [
    ("", 45, "Discard the 7♠. After your next draw your deadwood should "
     "average 0.9 points (2 cards give gin), against 4.7 (4 cards give gin) if you discard "
     "the A♠, which leaves you more deadwood if Phyllis knocks first."),
    # a gin bonus of 100 makes a draw that gives gin worth 115: King keeps four outs
    ("gin=100", 39, "Discard the A♠. After your next draw your deadwood should average 4.7 "
     "points (4 cards give gin), against 0.9 (2 cards give gin) if you discard the 7♠."),
])
def test_king_weighs_gin_by_the_gin_bonus(under, engine, text, card, advice):
    rules = under(text)
    view = view_from_cards("7h 7s 8h 9h Th Jh 4d 4s 4c 4h As", "2h Qs 5c", opponent_took=[10],
                           opponent_name="Phyllis", rules=rules)
    want = King()._discard(view)
    assert (int(want[0]), want[1]) == (card, advice)
    got = engine.decide(position_from_view(view, "king", "discard"))
    assert (got.choice, decode(got.text)) == (card, advice)


def test_the_heaviest_known_discard_around_the_corner_is_within_budget(under, engine):
    # test_native_outlook's hill-climbed hand (two four-of-a-kinds of neighbouring ranks):
    # around the corner every card has six three-card melds and the runs go round the King
    rules = under("around-corner")
    view = view_from_cards([8, 9, 16, 17, 21, 22, 34, 35, 43, 47, 48], rules=rules)
    want_card, want_text = King()._discard(view)
    got = engine.decide(position_from_view(view, "king", "discard"))
    assert (got.choice, decode(got.text)) == (int(want_card), want_text)
    assert got.cycles <= KING_WORST_BUDGET


@pytest.mark.parametrize("seed, advice", [
    # Q♥ K♥ + A♥ (Q-K-A): the ace gives gin around the corner only
    (8001218, "Don't knock. 2 cards would give you gin: A♥ and 10♦."),
    # A♠ 2♠ 3♠ + K♠, and 10♣-K♣ + A♣ 2♣: three of the four outs go round the corner
    (8001250, "Don't knock. 4 cards would give you gin: 2♣, 4♠, J♥ and K♠."),
])
def test_king_counts_his_gin_outs_around_the_corner(under, engine, seed, advice):
    rules = under("around-corner")
    view, discard = random_position("king", "knock", seed, rules)
    # three opponent draws, no score rule: the gin outs decide (KNOCK_MAX 10, no catch)
    view = replace(view, opponent_draws=3, scores=(0, 0), hands_won=(1, 1))
    choice, want, _ = oracle_decision("king", "knock", view, discard, 1)
    assert (choice, want) == (0, advice)
    got = engine.decide(position_from_view(view, "king", "knock", discard, 1))
    assert (got.choice, decode(got.text)) == (0, advice)


@pytest.mark.parametrize("player", ["shark", "king"])
@pytest.mark.parametrize("case", ["near", "not near", "shutout", "no shutout"])
def test_the_score_rules_play_to_250(under, engine, player, case):
    limits = {"shark": SHARK_SCORE_RULES, "king": KING_SCORE_RULES}[player]
    near, danger = limits.near_win, limits.shutout_danger
    scores, won, opening = {                # 250 points a game
        "near": ((250 - near, 100), (2, 1), f"Knock. You only need {near} points to win."),
        "not near": ((249 - near, 100), (2, 1), "Don't knock."),
        "shutout": ((0, 250 - danger), (0, 3), "Knock. You need to score to avoid a shutout."),
        "no shutout": ((0, 249 - danger), (0, 3), "Don't knock."),
    }[case]
    rules = replace(under("shutout=double"), points_per_game=250)
    view = view_from_cards("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", [8], scores=scores, hands_won=won,
                           opponent_draws=11, rules=rules, opponent_name="Phyllis")
    discard = 21                            # the 9♦
    choice, want, _ = oracle_decision(player, "knock", view, discard, 1)
    assert want.startswith(opening)
    got = engine.decide(position_from_view(view, player, "knock", discard, 1))
    assert (got.choice, decode(got.text)) == (choice, want)
