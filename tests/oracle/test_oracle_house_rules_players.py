"""The eight computer players under house rules (issue 19; docs/personalities.md "Under
house rules"): positions where a rule changes a decision or its advice, and whole games under
random mixes of rules where every move is legal and every advice names the move made."""
import copy
import re
from dataclasses import replace

from hypothesis import example, given, settings
from hypothesis import strategies as st

from gin_king.oracle.cards import Card, parse_cards, to_mask
from gin_king.oracle.game import play_game
from gin_king.oracle.lookahead import gin_outs
from gin_king.oracle.measures import defence_measure, helpers, unseen_mask
from gin_king.oracle.melds import CORNER, PLAIN, counting
from gin_king.oracle.personalities import (PERSONALITIES, Shark, Sonia, Willy, King,
                                           gin_draw_worth, shutout_costs)
from gin_king.oracle.rules import Rules, Variant, parse_rules
from gin_king.oracle.scoring import HandKind
from gin_king.oracle.state import GameState, Phase
from gin_king.oracle.view import observe, view_from_cards
from test_oracle_game import conserve

CORNER_RULES = Rules(around_corner=True)
SIMPLE = Rules(knocking=False)
NAMES = tuple(PERSONALITIES)


def mask(text: str) -> int:
    return to_mask(parse_cards(text))


# ---- runs around the corner ----------------------------------------------------------------

def test_counting_is_chosen_by_the_rules():
    assert counting(Rules()) is PLAIN and counting(None) is PLAIN
    assert counting(CORNER_RULES) is CORNER
    assert view_from_cards("As 2s 3s", rules=CORNER_RULES).counting is CORNER
    assert CORNER.value(Card.parse("Ah")) == 15 and PLAIN.value(Card.parse("Ah")) == 1
    assert CORNER.by_value[:4] == tuple(parse_cards("Ac Ad Ah As"))
    # Q♠ K♠ A♠ is a meld for the count.
    assert CORNER.deadwood(mask("Qs Ks As")) == 0 and PLAIN.deadwood(mask("Qs Ks As")) == 21


def test_sonia_takes_the_ace_that_closes_q_k_a():
    hand, upcard = "Qs Ks 2h 5c 8d 9h Jc 3d 6s 4h", "As"
    plain = view_from_cards(hand, upcard)
    corner = view_from_cards(hand, upcard, rules=CORNER_RULES)
    assert Sonia().advise_draw(plain) == ("Draw from the stock. The A♠ will not increase the "
                                          "number of cards in melds.")
    assert Sonia().wants_upcard(corner)
    assert Sonia().advise_draw(corner) == ("Take the A♠. The A♠ can be formed in a meld with "
                                           "the Q♠ K♠. This will increase the number of cards "
                                           "in melds from 0 to 3.")


def test_willy_counts_a_dead_ace_as_15():
    hand = "2c 3c 4c 7h 7s 7d Jh Qh Kh Ad"
    plain = view_from_cards(hand, "9s")
    corner = view_from_cards(hand, "9s", rules=CORNER_RULES)
    assert not Willy().wants_upcard(plain)
    assert Willy().advise_draw(plain).endswith("will not reduce your deadwood of 1 point.")
    assert Willy().advise_draw(corner) == ("Take the 9♠. This will reduce your deadwood from "
                                           "15 to 9 points.")
    # With the 9♠ taken: the manual's Willy throws it back, the corner's the ace.
    eleven = hand + " 9s"
    assert Willy().advise_discard(view_from_cards(eleven, phase=Phase.DISCARD)).endswith(
        "This leaves 1 point in deadwood.")
    assert Willy().choose_discard(view_from_cards(eleven, phase=Phase.DISCARD)) == \
        Card.parse("9s")
    corner_discard = view_from_cards(eleven, rules=CORNER_RULES, phase=Phase.DISCARD)
    assert Willy().choose_discard(corner_discard) == Card.parse("Ad")
    assert Willy().advise_discard(corner_discard) == (
        "Discard the A♦. After discarding the A♦, your melds are: 2♣ 3♣ 4♣, J♥ Q♥ K♥, "
        "7♦ 7♥ 7♠. This leaves 9 points in deadwood.")


def test_knock_advice_lays_down_a_corner_run():
    hand = "Qs Ks As 4h 5h 6h 9c 9d 9h 2d"
    view = view_from_cards(hand, rules=CORNER_RULES, phase=Phase.KNOCK)
    for name in NAMES:
        if name in ("bernie", "phyllis", "shark", "king"):
            continue           # they may wait for gin; the text below is the knocking one
        assert PERSONALITIES[name]().advise_knock(view, Card.parse("Jc")) == (
            "Knock. You can knock with: 4♥ 5♥ 6♥, Q♠ K♠ A♠, 9♣ 9♦ 9♥. This leaves the 2♦ "
            "(2 points) in deadwood.")
    assert PLAIN.deadwood(mask(hand)) == 23       # no knock at all in the manual's game


def test_helpers_missing_melds_and_gin_outs_around_the_corner():
    hand = mask("Ks As 4h 5h 6h 9c 9d 9h 8d 2c 7c")
    king = Card.parse("Ks")
    # Bernie's helpers of the K♠: none in the manual's game (J-Q-K needs two more); around
    # the corner the Q♠ (Q-K-A) and the 2♠ (K-A-2), each with the A♠ held.
    assert helpers(king, hand, 0, 0, PLAIN) == 0
    assert helpers(king, hand, 0, 0, CORNER) == 2
    # Mort's missing melds of the K♠: J-Q-K and three sets; Q-K-A and K-A-2 are dead
    # (the A♠ is his), so still 4 live, but 6 three-card melds in all.
    assert len(CORNER.three_card_melds[king]) == 6 and len(PLAIN.three_card_melds[king]) == 4
    assert defence_measure(king, hand, 0, 0, PLAIN).live == 4
    d = defence_measure(Card.parse("Qs"), mask("5c 2h"), 0, mask("Ks As"), CORNER)
    assert d.live == 6 and d.both_known == 1          # K♠ A♠ with the opponent
    assert defence_measure(Card.parse("Qs"), mask("5c 2h"), 0, mask("Ks As"),
                           PLAIN).live == 5
    # King's gin outs: J♠ (J-Q-K) in both games, and the A♠ (Q-K-A) around the corner.
    ten = mask("Qs Ks 4h 5h 6h 7h 9c 9d 9h 8d")
    unseen = unseen_mask(ten, 0, 0)
    assert [str(c) for c in gin_outs(ten, unseen, PLAIN)] == ["J♠"]
    assert sorted(str(c) for c in gin_outs(ten, unseen, CORNER)) == ["A♠", "J♠"]


# ---- Simple Gin: no knock but gin ------------------------------------------------------------

def test_king_says_goes_gin_not_knocks_under_simple_gin():
    hand, pile = [39, 16, 47, 22, 44, 41, 33, 1, 29, 15, 46], [3, 10, 7]
    view = view_from_cards(hand, pile, phase=Phase.DISCARD)
    advice = King().advise_discard(view)
    assert advice.endswith("which leaves you more deadwood if your opponent knocks first.")
    simple = King().advise_discard(replace(view, rules=SIMPLE, knock_limit=0))
    assert simple == advice.replace("knocks first", "goes gin first")


def test_simple_gin_knocks_only_with_gin():
    gin = view_from_cards("4h 5h 6h Ac 2c 3c 9h 9c 9s 9d", rules=SIMPLE, knock_limit=0,
                          phase=Phase.KNOCK)
    for name in NAMES:
        player = PERSONALITIES[name](seed=3)
        assert player.wants_knock(gin, Card.parse("Kd"))
        assert player.advise_knock(gin, Card.parse("Kd")).startswith("Knock. You have gin: ")
    # Three points of deadwood: the game never asks (no knock phase), whoever plays.
    state = GameState(SIMPLE, 5)
    state.advance()
    assert state.hand.terms.knock_limit == 0


# ---- the Eleven/Ten opening ------------------------------------------------------------------

def test_every_player_opens_an_eleven_ten_hand():
    rules = Rules(deal="eleven", around_corner=True)
    for seed in range(3):
        state = GameState(rules, seed)
        state.advance()
        view = observe(state, state.current_player)
        assert len(view.hand) == 11 and view.discard_pile == () and view.upcard is None
        for name in NAMES:
            player = PERSONALITIES[name](seed=seed)
            advice = copy.deepcopy(player).advise_discard(view)
            card = player.choose_discard(view)
            assert card in view.hand and advice.startswith(f"Discard the {card}.")


def test_every_player_decides_a_knock_on_the_opening_discard():
    # Eleven/Ten: 10 points left after the opening discard (the Q♦), nothing on the pile
    # before it, the opponent has drawn nothing.
    view = view_from_cards("4h 5h 6h Ac 2c 3c 9h 9c 9s Kd", "", rules=Rules(deal="eleven"),
                           opponent_draws=0, stock_size=31, phase=Phase.KNOCK)
    discard = Card.parse("Qd")
    caught = "Knock. Your opponent is likely to be caught with a lot of deadwood. "
    expected = {"bernie": "Don't knock. Wait for gin; you have 10 points in deadwood.",
                "phyllis": "Knock. The K♦ cannot be melded in one draw. ",
                "shark": caught, "king": caught}
    for name in NAMES:
        player = PERSONALITIES[name](seed=1)
        advice = player.advise_knock(view, discard)
        assert advice.startswith(expected.get(name, "Knock. You can knock with: ")), advice
        assert player.wants_knock(view, discard) == (name != "bernie")


# ---- the score: target, shutout, Hollywood, gin bonus ---------------------------------------

def _knock_view(rules, scores, hands_won, opponent_draws=8):
    return view_from_cards("4h 5h 6h Ac 2c 3c 9h 9c 9s Kd", "Qd 7c", rules=rules,
                           scores=scores, hands_won=hands_won, phase=Phase.KNOCK,
                           opponent_draws=opponent_draws)


def test_shark_and_king_read_the_score_terms():
    discard = Card.parse("Jc")
    shutout = "Knock. You need to score to avoid a shutout."
    for player in (Shark(), King()):      # opponent 8 short: within both shutout dangers
        assert player.advise_knock(_knock_view(Rules(), (20, 92), (0, 3)), discard) \
            .startswith(shutout)
        assert player.advise_knock(_knock_view(Rules(shutout=50), (20, 92), (0, 3)),
                                   discard).startswith(shutout)
        # A shutout worth 0 points costs nothing: no knock for it.
        assert not player.advise_knock(_knock_view(Rules(shutout=0), (20, 92), (0, 3)),
                                       discard).startswith(shutout)
        # Games to 250: 246 needs 4, 196 needs 54.
        assert player.advise_knock(_knock_view(Rules(points_per_game=250), (246, 0), (5, 0)),
                                   discard).startswith("Knock. You only need 4 points to win.")
        assert "only need" not in player.advise_knock(
            _knock_view(Rules(points_per_game=250), (196, 0), (5, 0)), discard)
    assert not shutout_costs(Rules(shutout=0)) and shutout_costs(Rules())
    assert gin_draw_worth(Rules()) == 40 and gin_draw_worth(Rules(gin_bonus=50)) == 65


def test_hollywood_players_see_the_lowest_open_game():
    state = GameState(Rules(scoring="hollywood"), 2)
    state.advance()
    tally = state.hollywood
    for winner, points in ((0, 40), (0, 50), (1, 30), (0, 7)):
        tally.record(winner, points)
    tally.close_games()
    state._show_hollywood_game()
    # Game 1: 97 to 30; game 2: 57 to 0; game 3: 7 to 0. Game 1 is nearest its end.
    view = observe(state, 0)
    assert view.scores == (97, 30) and view.hands_won == (3, 1) and view.target == 100
    knock = replace(_knock_view(state.rules, view.scores, view.hands_won))
    assert Shark().advise_knock(knock, Card.parse("Jc")).startswith(
        "Knock. You only need 3 points to win.")


# ---- whole games: legal moves, advice that names them ---------------------------------------

_LEAVES = re.compile(r"This leaves (\d+) points? in deadwood")
_KNOCK_LEAVES = re.compile(r"\((\d+) points?\) in deadwood")


class Checked:
    """A player whose every decision is checked against its own advice (asked of a copy, so
    Irv's generator advances once) and against the rules."""

    def __init__(self, player):
        self.player = player
        self.name = player.name

    def _advice(self, method, *args):
        return getattr(copy.deepcopy(self.player), method)(*args)

    @staticmethod
    def _no_knock_talk(view, advice):
        if not view.rules.knocking:
            assert "knock" not in advice.lower() or advice.startswith("Knock. You have gin: ")

    def wants_upcard(self, view):
        advice = self._advice("advise_draw", view)
        take = self.player.wants_upcard(view)
        assert advice.startswith(f"Take the {view.upcard}.") == take, advice
        self._no_knock_talk(view, advice)
        return take

    def choose_discard(self, view):
        advice = self._advice("advise_discard", view)
        card = self.player.choose_discard(view)
        assert card in view.hand and card != view.taken_from_pile
        assert advice.startswith(f"Discard the {card}."), advice
        leaves = _LEAVES.search(advice)
        if leaves:        # Willy's and Sonia's: the deadwood as the game counts it
            assert int(leaves[1]) == view.counting.deadwood(view.hand_mask & ~(1 << card))
        self._no_knock_talk(view, advice)
        return card

    def wants_knock(self, view, discard):
        deadwood = view.counting.deadwood(view.hand_mask)
        assert deadwood <= view.knock_limit
        advice = self._advice("advise_knock", view, discard)
        knock = self.player.wants_knock(view, discard)
        assert advice.startswith("Knock.") == knock, advice
        leaves = _KNOCK_LEAVES.search(advice)
        if leaves:
            assert int(leaves[1]) == deadwood
        if not view.rules.knocking:
            assert deadwood == 0 and knock
        self._no_knock_talk(view, advice)
        return knock


RULE_NAMES = ["simple", "no-layoff", "layoff-on-gin", "around-corner", "spades-double",
              "eleven-ten", "hollywood", "box-difference", "no-box", "gin=0", "gin=50",
              "shutout=0", "shutout=40"]


# Each example is a whole game with every move checked: a few random mixes, and fixed ones
# that put the look-ahead players to the rules that change counting, dealing and scoring.
@settings(max_examples=8, deadline=None)
@given(st.lists(st.sampled_from(RULE_NAMES), max_size=4), st.sampled_from(NAMES),
       st.sampled_from(NAMES), st.integers(0, 2**32 - 1),
       st.sampled_from([Variant.STANDARD, Variant.OKLAHOMA]))
@example(["around-corner", "eleven-ten", "hollywood", "layoff-on-gin"], "king", "shark", 1,
         Variant.OKLAHOMA)
@example(["simple", "spades-double", "no-box", "gin=0"], "phyllis", "king", 2,
         Variant.STANDARD)
def test_every_player_under_any_mix_moves_legally_and_advises_its_move(names, a, b, seed,
                                                                      variant):
    rules = parse_rules(",".join(names), Rules(variant))
    result = play_game(Checked(PERSONALITIES[a](seed=seed)),
                       Checked(PERSONALITIES[b](seed=seed + 1)), rules, seed,
                       state_check=conserve)
    for hand in result.hands:
        if not rules.knocking:
            assert hand.score.kind in (HandKind.GIN, HandKind.WALL)


def test_each_rule_alone_with_every_player():
    # One game per rule, the eight players in turn, so each meets each rule once.
    for i, name in enumerate(RULE_NAMES[:7]):
        a, b = NAMES[i % 8], NAMES[(i + 3) % 8]
        result = play_game(Checked(PERSONALITIES[a](seed=i)),
                           Checked(PERSONALITIES[b](seed=i + 1)), parse_rules(name), 40 + i,
                           state_check=conserve)
        assert result.hands
