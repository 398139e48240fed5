"""Hand-checked rulings: scoring, undercut, Oklahoma, laying off, card entry, deal sources
(manual "Rules of Gin" and "Settings Menu"; rulings in docs/rules.md)."""
import pytest

from gin_king.oracle.cards import Card, parse_cards, to_mask
from gin_king.oracle.dealing import ReplayDecks, UserSuppliedDecks, deck_of_seats, seats_of_deck
from gin_king.oracle.entry import CardEntryError, CardRequest, closest_available, parse_entry
from gin_king.oracle.layoff import best_defence
from gin_king.oracle.melds import best_melds
from gin_king.oracle.rng import Xorshift32, shuffled_deck
from gin_king.oracle.rules import Rules, Variant, hand_terms
from gin_king.oracle.scoring import HandKind, final_score, score_hand


def test_knock_scores_the_difference():
    s = score_hand(knocker=0, knocker_deadwood=6, defender_deadwood=30)
    assert (s.kind, s.winner, s.points) == (HandKind.KNOCK, 0, 24)


def test_gin_scores_difference_plus_25():
    s = score_hand(knocker=1, knocker_deadwood=0, defender_deadwood=30)
    assert (s.kind, s.winner, s.points) == (HandKind.GIN, 1, 55)


def test_undercut_on_equal_deadwood():
    s = score_hand(knocker=0, knocker_deadwood=7, defender_deadwood=7)
    assert (s.kind, s.winner, s.points) == (HandKind.UNDERCUT, 1, 25)
    s = score_hand(knocker=0, knocker_deadwood=9, defender_deadwood=4)
    assert (s.winner, s.points) == (1, 30)


def test_spade_knock_card_doubles_the_hand():
    assert score_hand(0, 0, 30, multiplier=2).points == 110


def test_game_bonus_boxes_and_net():
    f = final_score(0, (104, 60), (4, 3))
    assert f.totals == (104 + 100 + 100, 60 + 75) and f.net == 304 - 135 and not f.shutout


def test_shutout_doubles_points_and_game_bonus():
    f = final_score(1, (0, 120), (0, 3))
    assert f.shutout and f.totals == (0, (120 + 100) * 2 + 75) and f.net == 515


def test_oklahoma_knock_limits():
    okla = Rules(Variant.OKLAHOMA, 150)
    assert hand_terms(okla, parse_cards("7d")[0]).knock_limit == 7
    assert hand_terms(okla, parse_cards("Kc")[0]).knock_limit == 10
    assert hand_terms(okla, parse_cards("Ah")[0]).knock_limit == 0   # ace: gin only
    assert hand_terms(okla, parse_cards("5s")[0]).multiplier == 2
    assert hand_terms(Rules(), parse_cards("As")[0]).knock_limit == 10


def test_points_per_game_choices():
    with pytest.raises(ValueError):
        Rules(points_per_game=125)
    assert Rules(points_per_game=250).points_per_game == 250   # house rule (Dynamic Gin)


def test_lay_off_extends_runs_and_sets_in_chains():
    knocker = best_melds(parse_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d"))
    d = best_defence(parse_cards("8s 9s 3s Ks 2c 2h 2s Qd Jd 5c"), knocker.melds, gin=False)
    assert sorted(str(c) for c in d.laid_off) == ["3♠", "8♠", "9♠", "K♠"]
    assert d.deadwood == 5 + 10 + 10


def test_lay_off_beats_melds_first():
    # 7♣7♦7♥7♠ as a set leaves 6♠ stranded (6); the best defence keeps 7♣7♦7♥ and lays
    # 7♠ then 6♠ off on the knocker's 8♠ 9♠ 10♠.
    knocker = best_melds(parse_cards("8s 9s 10s Ac 2c 3c 4h 5h 6h Ad"))
    defender = parse_cards("7c 7d 7h 7s 6s Kd Qd Jd 9c 10c")
    assert best_melds(defender).deadwood == 6 + 19
    d = best_defence(defender, knocker.melds, gin=False)
    assert d.deadwood == 19 and sorted(str(c) for c in d.laid_off) == ["6♠", "7♠"]


def test_no_laying_off_on_gin():
    knocker = best_melds(parse_cards("8s 9s 10s Ac 2c 3c 4h 5h 6h 7h"))
    d = best_defence(parse_cards("Js Qs Kd 4c 5c 6c 8h 9h 10h 2d"), knocker.melds, gin=True)
    assert d.laid_off == () and d.deadwood == 32


def test_entry_examples_from_the_manual():
    assert parse_entry("AS, 2H, 5C, 5D, 10S, QH", 10) == [
        CardRequest(0, 3), CardRequest(1, 2), CardRequest(4, 0), CardRequest(4, 1),
        CardRequest(9, 3), CardRequest(11, 2)]
    assert parse_entry("A 5 6 4D 3D", 10) == [
        CardRequest(0, None), CardRequest(4, None), CardRequest(5, None),
        CardRequest(3, 1), CardRequest(2, 1)]
    assert parse_entry("4H56", 10) == [CardRequest(3, 2), CardRequest(4, None),
                                       CardRequest(5, None)]
    assert parse_entry("", 10) == []


@pytest.mark.parametrize("bad", ["X", "4H5Z", "11", "AS BS"])
def test_unreadable_entry_is_rejected(bad):
    with pytest.raises(CardEntryError):
        parse_entry(bad, 10)


def test_too_many_cards_are_rejected():
    with pytest.raises(CardEntryError):
        parse_entry("A 2 3", 2)


def test_taken_card_becomes_the_closest_available():
    taken = to_mask(parse_cards("5h"))
    assert str(closest_available(CardRequest(4, 2), taken)) == "5♣"
    taken = to_mask(parse_cards("5c 5d 5h 5s"))
    assert str(closest_available(CardRequest(4, 2), taken)) == "4♥"
    assert str(closest_available(CardRequest(0, None), 0)) == "A♣"


def test_user_supplied_deck_places_entries_and_fills_randomly():
    asked = []
    answers = iter(["junk!", "AS 2H 5C", "AS 5", "K Q", "K", "2h", ""])

    def ask(what, count):
        asked.append((what, count))
        return next(answers)
    source = UserSuppliedDecks(ask)
    deck = source.deck(0, Xorshift32(3))
    assert [str(Card(deck[i])) for i in (0, 2, 4)] == ["A♠", "2♥", "5♣"]
    # "AS" again is already taken: the manual's closest available card, the A♣; a rank
    # alone takes the closest available card too: the 5♦ (the 5♣ is taken); "K Q" is
    # one card too many for the upcard and is asked again
    assert [str(Card(deck[i])) for i in (1, 3)] == ["A♣", "5♦"]
    assert str(Card(deck[20])) == "K♣"
    assert asked == [("the non-dealer's hand", 10)] * 2 + [("the dealer's hand", 10)] \
        + [("the first upcard", 1)] * 2
    assert sorted(deck[:21]) == sorted(set(deck[:21])) and deck[21:] == [-1] * 31
    rng = Xorshift32(5)
    assert str(Card(source.stock_card(deck, rng))) == "2♣"   # the 2♥ is taken: the closest
    assert asked[-1:] == [("the stock card", 1)]
    free = [c for c in range(52) if c not in deck]
    expect = free[Xorshift32(5).below(len(free))]
    assert source.stock_card(deck, rng) == expect            # Return alone: at random


def test_replay_reuses_decks_then_shuffles():
    first = shuffled_deck(Xorshift32(8))
    source = ReplayDecks([seats_of_deck(first, 0)])
    rng = Xorshift32(77)
    assert source.deck(0, rng, 0) == first
    assert source.deck(1, rng, 0) == shuffled_deck(Xorshift32(77))


def test_replay_by_seat_swaps_the_hands_when_the_other_player_deals():
    first = shuffled_deck(Xorshift32(8))
    seats = seats_of_deck(first, 1)                 # player 1 dealt: player 0 had slots 0, 2..
    assert seats[:10] == tuple(first[0:20:2]) and seats[10:20] == tuple(first[1:20:2])
    again = ReplayDecks([seats]).deck(0, Xorshift32(1), 0)   # now player 0 deals
    assert again[1:20:2] == first[0:20:2] and again[0:20:2] == first[1:20:2]
    assert again[20:] == first[20:]
    assert deck_of_seats(seats, 1) == first


def test_replayed_user_supplied_hand_deals_its_open_stock_at_random():
    """A User Supplied hand's stock is recorded as drawn; replayed further than it was
    drawn, an open slot takes a random free card as it is drawn (dealing.open_stock_card)."""
    from gin_king.oracle.dealing import OPEN, open_stock_card
    from gin_king.oracle.state import DRAW_STOCK, PASS, GameState
    answers = iter(["", "", "", "QH"])
    first = GameState(Rules(), 5, UserSuppliedDecks(lambda what, n: next(answers)), 0)
    first.advance()
    first.apply_action(PASS)
    first.apply_action(PASS)                   # both refuse: the non-dealer draws the Q♥
    assert first.hand.deck[21] == 37 and first.hand.deck[22:] == [OPEN] * 30
    seats = seats_of_deck(first.hand.deck, 0)
    replay = GameState(Rules(), 9, ReplayDecks([seats]), 0)
    replay.advance()
    replay.apply_action(PASS)
    replay.apply_action(PASS)
    assert replay.hand.hands[1] >> 37 & 1                  # the Q♥ again
    replay.apply_action(int(Card(37)))                      # back on the pile
    hand = list(replay.hand.deck)
    expect = open_stock_card(None, hand, Xorshift32(9))
    replay.apply_action(DRAW_STOCK)
    assert replay.hand.deck[22] == expect and replay.hand.hands[0] >> expect & 1
