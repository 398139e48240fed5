"""Whole games: 52 cards conserved at every step, phases in order, scores add up, Replay
Cards deals the previous game again, and the same seed plays the same game."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_king.oracle.baseline import SimplePlayer
from gin_king.oracle.game import play_game, replay_source
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.rules import BOX_BONUS, GAME_BONUS, PILE_TURNS_LIMIT, Rules, Variant
from gin_king.oracle.scoring import HandKind
from gin_king.oracle.state import (DRAW_STOCK, MAX_HANDS, NO_KNOCK, PASS, TAKE_UPCARD,
                                   GameState, Phase)
from gin_king.oracle.tournament import AGENTS

NAMES = sorted(AGENTS)


def conserve(state):
    if state.hand is None or state.phase is Phase.DEAL:
        return
    assert state.card_count() == 52
    h = state.hand
    union = 0
    for m in h.hands:
        assert union & m == 0
        union |= m
    for c in h.stock + h.pile:
        assert not union >> c & 1
        union |= 1 << c
    sizes = sorted(bin(m).count("1") for m in h.hands)
    assert sizes in ([10, 10], [10, 11])
    if state.phase is Phase.DISCARD:
        assert bin(h.hands[state.current_player]).count("1") == 11


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(NAMES), st.sampled_from(NAMES), st.integers(0, 2**32 - 1),
       st.sampled_from([Variant.STANDARD, Variant.OKLAHOMA]))
def test_cards_conserved_and_scores_add_up(a, b, seed, variant):
    rules = Rules(variant, 100)
    result = play_game(AGENTS[a](seed=seed), AGENTS[b](seed=seed + 1), rules, seed,
                       state_check=conserve)
    points, boxes = [0, 0], [0, 0]
    for hand in result.hands:
        if hand.score.kind is HandKind.WALL:
            assert hand.score.winner is None and hand.score.points == 0
            continue
        points[hand.score.winner] += hand.score.points
        boxes[hand.score.winner] += 1
        assert hand.score.points > 0
    assert tuple(points) == result.scores and tuple(boxes) == result.hands_won
    if result.winner is not None:
        w = result.winner
        f = result.final
        assert result.scores[w] >= 100 > result.scores[1 - w]
        assert f.totals[1 - w] == points[1 - w] + BOX_BONUS * boxes[1 - w]
        factor = 2 if boxes[1 - w] == 0 else 1
        assert f.totals[w] == (points[w] + GAME_BONUS) * factor + BOX_BONUS * boxes[w]
        assert result.net[w] == f.totals[w] - f.totals[1 - w] == -result.net[1 - w]


def test_winner_of_a_hand_deals_the_next():
    result = play_game(PERSONALITIES["willy"](), PERSONALITIES["sonia"](), Rules(), 11)
    for before, after in zip(result.hands, result.hands[1:]):
        if before.score.winner is None:
            assert after.dealer == before.dealer
        else:
            assert after.dealer == before.score.winner


def test_same_seed_same_game():
    one = play_game(PERSONALITIES["phyllis"](seed=3), PERSONALITIES["irv"](seed=4), seed=99)
    two = play_game(PERSONALITIES["phyllis"](seed=3), PERSONALITIES["irv"](seed=4), seed=99)
    assert one.decks == two.decks and one.scores == two.scores


def test_replay_cards_deals_the_previous_game_again():
    first = play_game(PERSONALITIES["willy"](), PERSONALITIES["mort"](), seed=21)
    source, first_dealer = replay_source(first)
    second = play_game(PERSONALITIES["bernie"](), SimplePlayer(), seed=5, deck_source=source,
                       first_dealer=first_dealer)
    shared = min(len(first.hands), len(second.hands))
    assert second.deals[:shared] == first.deals[:shared]
    assert second.hands[0].dealer == first.hands[0].dealer


def test_replay_cards_is_duplicate_gin_each_seat_gets_its_cards_again():
    """Duplicate play: the second game's hands go another way, so some hands are dealt by
    the other player than in the first game; each seat still receives its own cards."""
    first = play_game(PERSONALITIES["willy"](), PERSONALITIES["shark"](), seed=14)
    source, first_dealer = replay_source(first)
    second = play_game(PERSONALITIES["shark"](), PERSONALITIES["willy"](), seed=14,
                       deck_source=source, first_dealer=first_dealer)
    shared = min(len(first.hands), len(second.hands))
    flipped = [i for i in range(shared) if first.hands[i].dealer != second.hands[i].dealer]
    assert flipped, "no hand was dealt by the other player: not a duplicate test"
    for one, two in zip(first.hands[:shared], second.hands[:shared]):
        for seat in (0, 1):
            assert seat_hand(one, seat) == seat_hand(two, seat)
        assert one.first_upcard == two.first_upcard
        assert one.deck[21:] == two.deck[21:]


def seat_hand(record, seat):
    """The ten cards ``seat`` received in a recorded hand."""
    first_slot = 1 if record.dealer == seat else 0
    return sorted(record.deck[first_slot:20:2])


def test_first_upcard_offer_order_and_forced_stock_draw():
    state = GameState(seed=4)
    state.advance()
    h = state.hand
    assert state.phase is Phase.FIRST_UPCARD and state.current_player == h.nondealer
    assert state.legal_actions() == [TAKE_UPCARD, PASS]
    state.apply_action(PASS)
    assert state.phase is Phase.FIRST_UPCARD and state.current_player == h.dealer
    upcard = h.pile[-1]
    state.apply_action(PASS)
    # Both refused: the non-dealer has drawn from the stock and must discard.
    assert state.phase is Phase.DISCARD and state.current_player == h.nondealer
    assert h.pile == [upcard] and len(h.stock) == 30


def test_taken_upcard_may_not_be_discarded_and_wall_ends_the_hand():
    state = GameState(seed=8)
    state.advance()
    state.apply_action(TAKE_UPCARD)
    taken = state.hand.taken_from_pile
    # The common rule (Hoyle, OpenSpiel, the EAAI framework): the card just taken from the
    # pile may not go straight back (docs/rules.md, issue 45).
    assert taken not in state.legal_actions() and len(state.legal_actions()) == 10
    with pytest.raises(ValueError, match="just taken from the pile"):
        state.apply_action(taken)
    assert state.phase is Phase.DISCARD and state.hand.hands[state.current_player] >> taken & 1
    # Play a hand out by always drawing from the stock and discarding the drawn card;
    # never knocking, it must end at the wall with two cards left.
    state.apply_action(state.legal_actions()[0])
    while state.phase not in (Phase.WALL, Phase.HAND_OVER):
        if state.phase is Phase.KNOCK:
            state.apply_action(56)
        elif state.phase is Phase.DRAW:
            state.apply_action(DRAW_STOCK)
        else:
            state.apply_action(state.legal_actions()[-1])
    assert state.phase is Phase.WALL and len(state.hand.stock) == 2
    state.advance()
    assert state.history[-1].score.kind is HandKind.WALL


def test_a_hand_whose_stock_stops_shrinking_is_a_tie():
    # Both players take every upcard (and never knock): without the limit the hand would
    # pass cards through the pile forever; after PILE_TURNS_LIMIT takes it is a tie.
    state = GameState(seed=12)
    state.advance()
    takes = 0
    while state.phase not in (Phase.WALL, Phase.HAND_OVER):
        if state.phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            state.apply_action(TAKE_UPCARD)
            takes += 1
        elif state.phase is Phase.KNOCK:
            state.apply_action(NO_KNOCK)
        else:
            state.apply_action(state.legal_actions()[0])
        assert takes <= PILE_TURNS_LIMIT
    assert state.phase is Phase.WALL and takes == PILE_TURNS_LIMIT
    assert len(state.hand.stock) == 31
    state.advance()
    assert state.history[-1].score.kind is HandKind.WALL


def test_one_stock_draw_starts_the_count_again():
    state = GameState(seed=12)
    state.advance()
    state.apply_action(PASS)
    state.apply_action(PASS)                     # the non-dealer draws from the stock
    turns = 0
    while state.phase not in (Phase.WALL, Phase.HAND_OVER):
        if state.phase is Phase.DRAW:
            turns += 1
            # one stock draw just before the limit: the count starts again
            state.apply_action(DRAW_STOCK if turns == PILE_TURNS_LIMIT - 1 else TAKE_UPCARD)
            assert turns < 2 * PILE_TURNS_LIMIT
        elif state.phase is Phase.KNOCK:
            state.apply_action(NO_KNOCK)
        else:
            state.apply_action(state.legal_actions()[0])
    assert turns == 2 * PILE_TURNS_LIMIT - 1 and len(state.hand.stock) == 29


class _PilePasser:
    name = "Pile passer"

    def wants_upcard(self, view):
        return True

    def choose_discard(self, view):
        return next(c for c in view.hand if c != view.taken_from_pile)

    def wants_knock(self, view, discard):
        return False


def test_two_pile_passers_finish_their_game():
    def bounded(state):
        assert state.hand is None or state.hand.pile_turns <= PILE_TURNS_LIMIT

    result = play_game(_PilePasser(), _PilePasser(), seed=3, state_check=bounded)
    assert result.winner is None and len(result.hands) == MAX_HANDS
    assert all(h.score.kind is HandKind.WALL for h in result.hands)


def test_draw_for_deal_high_card_chooses_who_deals():
    from gin_king.oracle.dealing import draw_for_deal, high_card_player
    from gin_king.oracle.rng import Xorshift32
    for seed in range(1, 40):
        c0, c1, default = draw_for_deal(Xorshift32(seed))
        high = high_card_player(c0, c1)
        # The computer's rule (and today's games): the high card makes the opponent deal.
        assert default == 1 - high
        # A player who draws high and chooses to deal deals, from the same two draws.
        rng = Xorshift32(seed)
        assert draw_for_deal(rng, lambda p: True) == (c0, c1, high)
        rng_default = Xorshift32(seed)
        draw_for_deal(rng_default)
        assert rng.state == rng_default.state


def test_an_agent_that_draws_high_may_choose_to_deal():
    from gin_king.oracle.dealing import high_card_player

    class DealsHimself(SimplePlayer):
        def __init__(self):
            super().__init__(1)
            self.asked = []

        def wants_to_deal(self, opponent_name):
            self.asked.append(opponent_name)
            return True

    other = SimplePlayer(2)
    other.name = "Other"
    for seed in range(3, 9):
        me = DealsHimself()
        result = play_game(me, other, seed=seed)
        high = high_card_player(*GameState(seed=seed).draw_cards[:2])
        # Player 0 asked only when it drew high, and then it deals; else player 0's
        # opponent chose by the computer's rule (player 0 deals).
        assert me.asked == (["Other"] if high == 0 else [])
        assert result.first_dealer == 0
