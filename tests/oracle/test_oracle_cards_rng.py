"""Cards, the generator, the shuffle and the deal follow docs/rng.md bit for bit."""
from collections import Counter

from gin_king.oracle.cards import Card, format_card_list, parse_cards, suit_masks
from gin_king.oracle.dealing import draw_for_deal
from gin_king.oracle.rng import Xorshift32, shuffled_deck
from gin_king.oracle.state import GameState


def test_card_numbering_and_names():
    assert Card.parse("7s") == 3 * 13 + 6
    assert str(Card.parse("7s")) == "7♠"
    assert str(Card(0)) == "A♣" and str(Card(51)) == "K♠" and str(Card.parse("10h")) == "10♥"
    assert [int(c) for c in parse_cards("As 2h Td")] == [39, 27, 22]
    assert Card.parse("Kd").value == 10 and Card.parse("Ac").value == 1


def test_suit_masks_clubs_first():
    assert suit_masks(parse_cards("Ac 3c Kd 2s")) == (0b101, 1 << 12, 0, 0b10)


def test_card_lists_read_like_the_manual():
    assert format_card_list(parse_cards("3d As 2d")) == "the A♠, 2♦ and 3♦"
    assert format_card_list(parse_cards("Kd Js Kc"), "or") == "the J♠, K♣ or K♦"
    assert format_card_list(parse_cards("8d 7d")) == "the 7♦ and 8♦"


def test_xorshift32_first_values_by_hand():
    rng = Xorshift32(1)
    # x=1: x^=x<<13 -> 8193; x^=x>>17 -> 8193; x^=x<<5 -> 8193^262176 = 270369
    assert rng.next() == 270369
    assert Xorshift32(0).state == 0x6D2B79F5


def test_below_one_still_steps_the_generator():
    a, b = Xorshift32(9), Xorshift32(9)
    assert a.below(1) == 0
    b.next()
    assert a.state == b.state


def test_below_is_uniform_enough_and_in_range():
    rng = Xorshift32(123)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())


def test_shuffle_is_a_permutation_and_matches_the_documented_loop():
    rng = Xorshift32(42)
    deck = shuffled_deck(rng)
    assert sorted(deck) == list(range(52))
    check, expected = Xorshift32(42), list(range(52))
    for i in range(51, 0, -1):
        mask = (1 << i.bit_length()) - 1
        while True:
            j = (check.next() >> 16) & mask
            if j <= i:
                break
        expected[i], expected[j] = expected[j], expected[i]
    assert deck == expected


def test_deal_alternates_starting_with_the_nondealer():
    state = GameState(seed=5)
    state.advance()
    h = state.hand
    deck = h.deck
    nondealer = 1 - h.dealer
    assert h.hands[nondealer] == sum(1 << deck[i] for i in range(0, 20, 2))
    assert h.hands[h.dealer] == sum(1 << deck[i] for i in range(1, 20, 2))
    assert h.pile == [deck[20]] and h.stock == deck[21:]


def test_draw_for_deal_high_card_makes_the_other_deal():
    for seed in range(1, 50):
        card0, card1, dealer = draw_for_deal(Xorshift32(seed))
        assert card0 != card1
        high = 0 if (card0 % 13, card0 // 13) > (card1 % 13, card1 // 13) else 1
        assert dealer == 1 - high
