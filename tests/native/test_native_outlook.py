"""King's one-draw look-ahead discard (asm/outlook.asm, KingDiscard in asm/remember.asm)
against the oracle (gin_king/oracle/lookahead.py, personalities.King._discard):
DeadwoodDiscard on 10-card hands, the look-ahead sum of one hand (GK_Outlook), and the
whole decision with its advice text on random and meld-rich positions, with and without
a card taken from the pile; the cycle budget."""
from __future__ import annotations

import random

import pytest

from gin_king.compare import position_from_view, random_position
from gin_king.native import NativeEngine, cards_to_masks
from gin_king.oracle import personalities
from gin_king.oracle.cards import ALL_CARDS_MASK, count_cards, parse_cards, to_mask
from gin_king.oracle.lookahead import least_after_discard, outlook
from gin_king.oracle.measures import unseen_mask
from gin_king.oracle.melds import deadwood_of_mask
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.state import Phase
from gin_king.oracle.view import view_from_cards
from native_reference import brute_deadwood_after_discard
from iigs.font import decode

KING_WORST_BUDGET = 1_400_000       # docs/architecture.md, "Budgets"
AGAINST = ", against "               # the runner-up's clause of the advice


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


def meld_rich(rnd: random.Random, n: int, exclude: set[int] = frozenset()) -> list[int]:
    """n cards built from two to four runs and sets (some cut short), then random cards:
    the hands where draws meld, sets are searched and deadwood is low."""
    cards: list[int] = []
    for _ in range(rnd.randint(2, 4)):
        if rnd.random() < 0.5:
            suit, start = rnd.randrange(4), rnd.randrange(11)
            meld = [suit * 13 + r for r in range(start, min(13, start + rnd.randint(2, 5)))]
        else:
            rank = rnd.randrange(13)
            meld = [s * 13 + rank for s in rnd.sample(range(4), rnd.randint(2, 4))]
        cards += [c for c in meld if c not in cards and c not in exclude]
    cards = cards[:n]
    while len(cards) < n:
        c = rnd.randrange(52)
        if c not in cards and c not in exclude:
            cards.append(c)
    return cards


def ten_card_hands(seed: int, count: int) -> list[list[int]]:
    rnd = random.Random(seed)
    return [meld_rich(rnd, 10) if i % 2 else rnd.sample(range(52), 10) for i in range(count)]


def test_deadwood_discard_is_exact_on_ten_card_hands(engine):
    # Outlook's "short": DeadwoodDiscard on the 10 cards kept.
    for i, cards in enumerate(ten_card_hands(21, 300)):
        got = engine.deadwood_after_discard(cards_to_masks(cards))[0]
        assert got == least_after_discard(to_mask(cards)), cards
        if i < 60:
            assert got == brute_deadwood_after_discard(cards), cards


def _outlook_native(engine: NativeEngine, hand: list[int], unseen: int) -> tuple[int, int, int]:
    engine.write_masks("OlHand", cards_to_masks(hand))
    engine.write_masks("OlUnseen", cards_to_masks(c for c in range(52) if unseen >> c & 1))
    r = engine.call("GK_Outlook")
    return r.a, r.y, r.x


def test_outlook_sum_matches_the_oracle(engine):
    rnd = random.Random(22)
    for i, hand in enumerate(ten_card_hands(23, 250)):
        rest = [c for c in range(52) if c not in hand]
        rnd.shuffle(rest)
        gone = rest[:rnd.choice((0, 1, 5, 10, 20, 30, 40))]      # pile and the opponent's
        unseen = ALL_CARDS_MASK & ~to_mask(hand) & ~to_mask(gone)
        want = outlook(to_mask(hand), unseen)
        assert _outlook_native(engine, hand, unseen) == want, (hand, gone)


def test_outlook_of_a_gin_hand_is_zero_and_of_nothing_unseen_is_zero(engine):
    gin = [0, 1, 2, 3, 17, 30, 43, 9, 10, 11]                   # A-4♣, 5♦5♥5♠, 10-Q♣
    unseen = ALL_CARDS_MASK & ~to_mask(gin)
    assert _outlook_native(engine, gin, unseen) == (0, count_cards(unseen), 0)
    hand = [0, 13, 26, 5, 6, 20, 33, 46, 12, 51]
    assert _outlook_native(engine, hand, 0) == (0, 0, deadwood_of_mask(to_mask(hand)))


def _meld_rich_view(seed: int):
    """A discard position: 11 meld-rich cards, a pile, the opponent's known cards and,
    every other seed, the card just taken from the pile."""
    rnd = random.Random(seed)
    hand = meld_rich(rnd, 11)
    rest = [c for c in range(52) if c not in hand]
    rnd.shuffle(rest)
    pile = rest[:rnd.choice((1, 3, 8, 15, 25, 35))]
    others = rest[len(pile):]
    opp_took = rnd.sample(others, rnd.randint(0, min(4, len(others) - 2)))
    taken = hand[rnd.randrange(11)] if seed % 2 else None
    return view_from_cards(hand, pile, opponent_took=opp_took, taken_from_pile=taken,
                           opponent_name="Phyllis")


def _positions():
    for i in range(50):                                  # gin-king compare's positions
        yield random_position("king", "discard", 7_000_000 + i)[0]
    for seed in range(60):                               # every case `seen` counts, twice or more
        yield _meld_rich_view(seed)


def test_king_discard_matches_the_oracle(engine):
    king = PERSONALITIES["king"]()
    seen = {"taken": 0, "against": 0, "alone": 0, "half rounded up": 0, "below one": 0,
            "1 card gives gin": 0, "cards give gin": 0, "likelier": 0, "knocks first": 0}
    cycles = []
    for view in _positions():
        want_card, want_text = king._discard(view)
        got = engine.decide(position_from_view(view, "king", "discard"))
        assert got.native
        assert (got.choice, decode(got.text)) == (int(want_card), want_text), (
            [int(c) for c in view.hand], [int(c) for c in view.discard_pile],
            view.taken_from_pile)
        assert got.choice != view.taken_from_pile
        cycles.append(got.cycles)
        # what the positions exercised
        unseen = unseen_mask(view.hand_mask, view.pile_mask, view.opponent_known_mask)
        n = count_cards(unseen)
        total = outlook(view.hand_mask & ~(1 << int(want_card)), unseen).total
        seen["taken"] += view.taken_from_pile is not None
        seen["against" if AGAINST in want_text else "alone"] += 1
        seen["1 card gives gin"] += "(1 card gives gin)" in want_text
        seen["cards give gin"] += "cards give gin)" in want_text
        seen["likelier"] += "is likelier to use." in want_text
        seen["knocks first"] += "knocks first." in want_text
        seen["half rounded up"] += 2 * (10 * total % n) == n
        seen["below one"] += 10 * total < n * 10
    assert all(seen.values()), seen
    assert max(cycles) <= KING_WORST_BUDGET


def test_the_heaviest_known_discard_is_within_budget(engine):
    # Two four-of-a-kinds of neighbouring ranks: up to 13 draws that may meld per card
    # kept, each a search over 36 choices of sets (found by a hill climb on cycles).
    view = view_from_cards([8, 9, 16, 17, 21, 22, 34, 35, 43, 47, 48])
    want_card, want_text = PERSONALITIES["king"]()._discard(view)
    got = engine.decide(position_from_view(view, "king", "discard"))
    assert (got.choice, decode(got.text)) == (int(want_card), want_text)
    assert got.cycles <= KING_WORST_BUDGET


# Each of King's knock rules (docs/personalities.md section 4), in the order they apply.
KNOCK_RULES = [
    # (hand, pile, scores, hands won, opponent draws, the advice begins with)
    ("4s 5s 6s 7s Kc Kd Kh As 2s 3s", "9c", (50, 50), (1, 1), 11, "Knock. You have gin"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (95, 50), (2, 1), 11, "Knock. You only need 5"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (94, 50), (2, 1), 11,
     "Don't knock. After 11 draws by Phyllis, go for gin"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (0, 80), (0, 3), 11, "Knock. You need to score"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (50, 50), (1, 1), 11,
     "Don't knock. After 11 draws by Phyllis, go for gin"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", "9c", (50, 50), (1, 1), 4,
     "Don't knock. After 4 draws by Phyllis, go for gin"),
    ("4s 5s 6s 7s Kc Kd Kh As 2d 3d", "9c", (10, 10), (1, 1), 1, "Knock. Phyllis is likely"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 3d 4d", "9c", (50, 50), (1, 1), 3, "Don't knock. 2 cards"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 3d 4d", "2d 9c", (50, 50), (1, 1), 3, "Knock. Only the 5♦"),
    ("4s 5s 6s 7s Kc Kd Kh 2c 3d 4d", "2d 5d 9c", (50, 50), (1, 1), 3,
     "Knock. No single card"),
]


@pytest.mark.parametrize("hand, pile, scores, won, draws, opening", KNOCK_RULES)
def test_every_king_knock_rule_matches_the_oracle(engine, hand, pile, scores, won, draws,
                                                   opening):
    # the pile's last card is the one just discarded, not yet on the pile
    *rest, discard = parse_cards(pile)
    view = view_from_cards(hand, [int(c) for c in rest], scores=scores,
                           hands_won=won, opponent_draws=draws, phase=Phase.KNOCK,
                           opponent_name="Phyllis")
    want, text = PERSONALITIES["king"]()._knock(view, discard)
    assert text.startswith(opening)
    got = engine.decide(position_from_view(view, "king", "knock", discard=int(discard)))
    assert (bool(got.choice), decode(got.text)) == (want, text)


def test_a_knock_limit_above_zero_is_named_as_the_oracle_names_it(engine, monkeypatch):
    # Late in the hand the table is 0 (gin only); with the earlier table's 2 points at 11
    # draws both sides say how much deadwood is too much.
    table = (10, 10, 10, 10, 9, 7, 5, 4, 3, 2, 2, 2, 2)
    monkeypatch.setattr(personalities, "KNOCK_MAX", table)
    saved = [engine.read_word("KnockMaxTable", 2 * i) for i in range(len(table))]
    for i, most in enumerate(table):
        engine.write_word("KnockMaxTable", most, 2 * i)
    try:
        hand, discard = "4s 5s 6s 7s Kc Kd Kh 2c 2d 3d", parse_cards("9c")[0]
        for draws in (1, 5, 11):
            view = view_from_cards(hand, [], scores=(50, 50), hands_won=(1, 1),
                                   opponent_draws=draws, phase=Phase.KNOCK,
                                   opponent_name="Phyllis")
            want, text = PERSONALITIES["king"]()._knock(view, discard)
            got = engine.decide(position_from_view(view, "king", "knock",
                                                   discard=int(discard)))
            assert (bool(got.choice), decode(got.text)) == (want, text)
        assert text == ("Don't knock. After 11 draws by Phyllis, a knock with more than "
                        "2 points is likely to be undercut.")
    finally:
        for i, word in enumerate(saved):
            engine.write_word("KnockMaxTable", word, 2 * i)


def _known_partners_view(seed: int):
    """11 random cards, one of which the opponent holds both partners of (two cards of a
    run above it, or two of its rank, taken from the pile), plus up to two more takes."""
    rnd = random.Random(seed)
    while True:
        hand = rnd.sample(range(52), 11)
        card = rnd.choice(hand)
        suit, rank = divmod(card, 13)
        if rnd.random() < 0.5 and rank <= 10:
            partners = [card + 1, card + 2]
        else:
            partners = [s * 13 + rank for s in range(4) if s != suit][:2]
        if not any(p in hand for p in partners):
            break
    rest = [c for c in range(52) if c not in hand and c not in partners]
    rnd.shuffle(rest)
    pile = rest[:rnd.choice((2, 6, 12))]
    more = rest[len(pile):len(pile) + rnd.randint(0, 2)]
    return view_from_cards(hand, pile, opponent_took=partners + more, opponent_name="Phyllis")


def test_king_discard_weighs_the_cards_the_opponent_may_meld(engine, monkeypatch):
    king = PERSONALITIES["king"]()
    flipped = likelier = 0
    for seed in range(60):
        view = _known_partners_view(seed)
        want_card, want_text = king._discard(view)
        got = engine.decide(position_from_view(view, "king", "discard"))
        assert (got.choice, decode(got.text)) == (int(want_card), want_text), seed
        likelier += ", which Phyllis is likelier to use." in want_text
        with monkeypatch.context() as m:                # the same choice without the danger
            m.setattr(personalities, "DANGER_WEIGHT", 0)
            flipped += king._discard(view)[0] != want_card
    assert flipped >= 10 and likelier >= 10, (flipped, likelier)


def _draw_positions():
    """King's draw on random positions (gin-king compare's) and on meld-rich hands with
    a random upcard: Sonia's take, the look-ahead take and the refusal."""
    for i in range(60):
        yield random_position("king", "draw", 8_000_000 + i)[0]
    for seed in range(120):
        rnd = random.Random(seed)
        hand = meld_rich(rnd, 10)
        rest = [c for c in range(52) if c not in hand]
        rnd.shuffle(rest)
        pile = rest[:rnd.choice((1, 4, 10))]
        yield view_from_cards(hand, pile, first_upcard_offer=len(pile) == 1)
    # the heaviest known discard hand less the 4♦, the 6♣ offered: Outlook's worst case
    yield view_from_cards([8, 9, 17, 21, 22, 34, 35, 43, 47, 48], [5])


def test_king_draw_matches_the_oracle(engine):
    king = PERSONALITIES["king"]()
    seen = {"melds": 0, "beats the stock": 0, "stock": 0, "refuse": 0}
    cycles = []
    for view in _draw_positions():
        want, want_text = king._draw(view)
        got = engine.decide(position_from_view(view, "king", "draw"))
        assert got.native
        assert (bool(got.choice), decode(got.text)) == (want, want_text), (
            [int(c) for c in view.hand], [int(c) for c in view.discard_pile])
        cycles.append(got.cycles)
        seen["melds"] += "number of cards in melds from" in want_text
        seen["beats the stock"] += "from the stock." in want_text
        seen["stock"] += want_text.startswith("Draw from the stock.")
        seen["refuse"] += want_text.startswith("Refuse the")
    assert all(seen.values()), seen
    assert max(cycles) <= KING_WORST_BUDGET
