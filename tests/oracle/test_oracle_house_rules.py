"""House rules (issue 19, docs/rules.md "House rules"): the worked examples of the other
gin programs' manuals (seeds 001-004), the command-line names, and runs around the corner
checked against an independent brute force. ``Rules()`` stays the manual's game."""
from functools import lru_cache

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gin_king.oracle.cards import Card, card_value, parse_cards
from gin_king.oracle.game import play_game
from gin_king.oracle.layoff import best_defence
from gin_king.oracle.melds import best_melds, deadwood
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.rules import (DEFAULT_RULES, Rules, RulesError, Variant, hand_terms,
                                   parse_rules)
from gin_king.oracle.scoring import (HandKind, HollywoodTally, box_points, final_score,
                                     score_hand)
from gin_king.oracle.state import KNOCK, NO_KNOCK, TAKE_UPCARD, GameState, Phase
from gin_king.oracle.tournament import AGENTS
from test_oracle_game import conserve

AGENT_NAMES = ("willy", "irv", "simple", "sonia")

CORNER = Rules(around_corner=True)


# ---- the command-line names ---------------------------------------------------------------

def test_no_house_rule_is_the_manuals_game():
    assert parse_rules("") == parse_rules(" , ") == Rules() == DEFAULT_RULES
    r = Rules()
    assert (r.knocking, r.layoff, r.layoff_on_gin, r.around_corner, r.spades_double) == (
        True, True, False, False, False)
    assert (r.deal, r.scoring, r.box, r.shutout) == ("ten", "single", "each", "double")
    assert (r.gin_bonus, r.undercut_bonus, r.box_bonus, r.game_bonus) == (25, 25, 25, 100)
    assert r.house_rules() == ""


def test_every_name_parses_and_prints_back():
    r = parse_rules("simple, around-corner,spades-double,eleven-ten,hollywood,box-difference,"
                    "gin=10,undercut=20,box=30,game=250,shutout=50")
    assert (r.knocking, r.layoff, r.around_corner, r.spades_double) == (False, False, True, True)
    assert (r.deal, r.scoring, r.box) == ("eleven", "hollywood", "difference")
    assert (r.gin_bonus, r.undercut_bonus, r.box_bonus, r.game_bonus, r.shutout) == (
        10, 20, 30, 250, 50)
    assert parse_rules(r.house_rules()) == r
    assert parse_rules("no-layoff").layoff is False
    assert parse_rules("layoff-on-gin").layoff_on_gin is True
    assert parse_rules("no-box").box == "off"
    assert parse_rules("shutout=40,shutout=double").shutout == "double"
    okla = parse_rules("around-corner", Rules(Variant.OKLAHOMA, 250))
    assert okla.variant is Variant.OKLAHOMA and okla.points_per_game == 250


@pytest.mark.parametrize("text, says", [
    ("sideways", "unknown house rule 'sideways'"), ("knock=5", "unknown bonus 'knock'"),
    ("gin=ten", "gin= needs a number"), ("gin=-5", "gin= needs a number"),
    ("shutout=triple", '(or "double")'), ("simple,hollywod", "'hollywod'")])
def test_bad_names_are_rejected_clearly(text, says):
    with pytest.raises(RulesError) as error:
        parse_rules(text)
    assert says in str(error.value)


# ---- laying off: seed 001's four speculation examples -------------------------------------
# 001 prints its suits as }, [, ], {; read here as ♥ ♠ ♦ ♣.
SPECULATION = [("4h 5h 6h", "3h"), ("4h 4s 4d", "4c"), ("6s 7s 8s", "5s 9s"),
               ("Jd Qd Kd", "9d 10d")]


def knock_hand(rules, knocker, defender):
    """Player 0 (non-dealer) takes the upcard, discards and knocks with ``knocker`` (ten
    cards) against ``defender``'s ten: the hand's record, as the game scores it."""
    knocker, defender = parse_cards(knocker), parse_cards(defender)
    rest = [c for c in range(52) if c not in knocker + defender]
    discard = rest.pop()                 # the card he throws when knocking
    dealt = knocker[:9] + [discard]
    deck = [0] * 52
    deck[0:20:2], deck[1:20:2] = dealt, defender
    deck[20], deck[21:] = knocker[9], rest

    class Fixed:
        def deck(self, hand_number, rng, dealer=0):
            return list(deck)

    state = GameState(rules, 1, Fixed(), first_dealer=1)
    state.advance()                                        # the deal
    for action in (TAKE_UPCARD, discard, KNOCK):
        if state.phase is Phase.DRAW:                      # no knock allowed: not reached
            return None
        state.apply_action(action)
    state.advance()                                        # laying off and the score
    return state.history[-1]


@pytest.mark.parametrize("meld, spec", SPECULATION)
def test_speculation_examples_of_seed_001(meld, spec):
    knocker = meld + " Ac 2c 3c Kh Kc Ks 2d"          # deadwood 2: a knock
    defender = parse_cards(spec) + _lone_cards(knocker, spec, 10 - len(spec.split()))
    record = knock_hand(Rules(), knocker, defender_text := " ".join(map(str, defender)))
    assert record.score.kind is HandKind.KNOCK
    assert sorted(record.defence.laid_off) == sorted(parse_cards(spec))
    # 001: "the speculation option can be turned on/off"; knocking off turns it off too.
    for rules in (Rules(layoff=False), Rules(knocking=False, layoff=True)):
        assert rules.layoff is False and not rules.may_lay_off(gin=False)
    no_spec = knock_hand(Rules(layoff=False), knocker, defender_text)
    assert no_spec.defence.laid_off == ()
    assert no_spec.defence.deadwood == record.defence.deadwood + sum(
        card_value(c) for c in parse_cards(spec))


def _lone_cards(knocker: str, spec: str, n: int) -> list[Card]:
    """``n`` cards that meld with nothing and lay off on none of the knocker's melds."""
    melds = best_melds(parse_cards(knocker)).melds
    held = parse_cards(knocker + " " + spec)
    picks: list[Card] = []
    for card in map(Card.parse, "Qh 10h 7c Jc 6d 9c 8h 5c 3s Js 7d 2h".split()):
        hand = parse_cards(spec) + picks
        if card in held or len(picks) == n:
            continue
        if deadwood(hand + [card]) == deadwood(hand) + card_value(card) \
                and card not in best_defence(hand + [card], melds, False).laid_off:
            picks.append(card)
    assert len(picks) == n
    return picks


def test_knocking_off_only_gin_ends_a_hand():
    knocker, defender = "4h 5h 6h Ac 2c 3c 9h 9c 9s 2d", "Kh Qs Jh 8d Kc 6c 10h 8c 7s 5d"
    assert knock_hand(Rules(), knocker, defender).score.kind is HandKind.KNOCK
    assert knock_hand(Rules(knocking=False), knocker, defender) is None   # 2 points: no knock
    assert hand_terms(Rules(knocking=False), Card.parse("Kc")).knock_limit == 0
    gin = knock_hand(Rules(knocking=False), "4h 5h 6h Ac 2c 3c 9h 9c 9s 9d", defender)
    assert gin.score.kind is HandKind.GIN and gin.defence.laid_off == ()


def test_laying_off_on_gin_seed_003():
    knocker, defender = "4h 5h 6h Ac 2c 3c 9h 9c 9s 9d", "3h 7h Qs Jh 8d Kc 6c 10h 8c 5d"
    plain = knock_hand(Rules(), knocker, defender)
    assert plain.defence.laid_off == () and plain.score.points == 25 + plain.defence.deadwood
    on_gin = knock_hand(Rules(layoff_on_gin=True), knocker, defender)
    assert sorted(str(c) for c in on_gin.defence.laid_off) == ["3♥", "7♥"]
    assert on_gin.score.kind is HandKind.GIN
    assert on_gin.score.points == plain.score.points - 10


# ---- runs around the corner: seed 003 -----------------------------------------------------

def test_k_a_2_3_runs_around_the_corner():
    hand = parse_cards("Ks As 2s 3s 5d 5c 5h 9c 9d 9h")
    assert deadwood(hand) == 10 and best_melds(hand).melds_text() == \
        "A♠ 2♠ 3♠, 5♣ 5♦ 5♥, 9♣ 9♦ 9♥"
    corner = best_melds(hand, CORNER)
    assert corner.deadwood == 0 and corner.melds[0].cards == tuple(parse_cards("Ks As 2s 3s"))
    assert best_melds(parse_cards("Qc Kc Ac"), CORNER).melds_text() == "Q♣ K♣ A♣"
    assert deadwood(parse_cards("Qc Kc Ac")) == 21


def test_a_dead_ace_counts_15():
    hand = parse_cards("Ad 2c 3c 4c 7h 7s 7d Jh Qh Kh")
    assert deadwood(hand) == 1 and deadwood(hand, CORNER) == 15
    # Four aces: the ace of spades joins K♠ A♠ 2♠ rather than staying dead.
    assert best_melds(parse_cards("Ac Ad Ah As 2s Ks"), CORNER).deadwood == 0


def test_laying_off_around_the_corner():
    knocker = best_melds(parse_cards("Qs Ks As 4h 5h 6h 9c 9d 9h 2d"), CORNER)
    d = best_defence(parse_cards("2s 3s Js 10c Kd Qd 8h 7c 5c 4d"), knocker.melds, False, True)
    assert sorted(str(c) for c in d.laid_off) == ["2♠", "3♠", "J♠"]
    plain = best_melds(parse_cards("As 2s 3s 4h 5h 6h 9c 9d 9h 2d"))
    d = best_defence(parse_cards("Ks Qs 4s 10c Kd Qd 8h 7c 5c 4d"), plain.melds, False, False)
    assert [str(c) for c in d.laid_off] == ["4♠"]          # no K♠ below the ace
    d = best_defence(parse_cards("Ks Qs 4s 10c Kd Qd 8h 7c 5c 4d"),
                     best_melds(parse_cards("As 2s 3s 4h 5h 6h 9c 9d 9h 2d"), CORNER).melds,
                     False, True)
    assert sorted(str(c) for c in d.laid_off) == ["4♠", "K♠", "Q♠"]


def _corner_melds(cards: frozenset) -> list[frozenset]:
    melds = []
    for rank in range(13):
        same = [c for c in cards if c % 13 == rank]
        if len(same) >= 3:
            melds.append(frozenset(same))
        if len(same) == 4:
            melds += [frozenset(same) - {c} for c in same]
    for suit in range(4):
        for start in range(13):
            for length in range(3, 13):
                run = frozenset(suit * 13 + (start + i) % 13 for i in range(length))
                if run <= cards:
                    melds.append(run)
    return melds


def brute_corner_deadwood(cards) -> int:
    melds = _corner_melds(frozenset(cards))

    def value(card):
        return 15 if card % 13 == 0 else card_value(card)

    @lru_cache(maxsize=None)
    def solve(left: frozenset) -> int:
        if not left:
            return 0
        first = min(left)
        best = value(first) + solve(left - {first})
        for meld in melds:
            if first in meld and meld <= left:
                best = min(best, solve(left - meld))
        return best

    return solve(frozenset(cards))


# Crowded around the corner: few suits, ranks J..4 (through the ace).
crowded_corner = st.lists(st.sampled_from([s * 13 + r for s in (0, 3, 2)
                                           for r in (10, 11, 12, 0, 1, 2, 3)]),
                          min_size=10, max_size=11, unique=True)
any_hand = st.integers(10, 11).flatmap(
    lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))


@settings(max_examples=150, deadline=None)
@given(st.one_of(crowded_corner, any_hand))
def test_corner_deadwood_matches_brute_force(cards):
    arrangement = best_melds(cards, CORNER)
    assert arrangement.deadwood == brute_corner_deadwood(cards)
    used = [c for m in arrangement.melds for c in m.cards]
    assert len(used) == len(set(used))
    assert sorted(used + list(arrangement.deadwood_cards)) == sorted(cards)
    assert sum(15 if c % 13 == 0 else card_value(c) for c in arrangement.deadwood_cards) \
        == arrangement.deadwood


# ---- scoring: spades double, bonuses, the box, the shutout --------------------------------

def test_spades_double_in_standard_gin_seed_003():
    rules = Rules(spades_double=True)
    assert hand_terms(rules, Card.parse("7s")).multiplier == 2
    assert hand_terms(rules, Card.parse("7h")).multiplier == 1
    assert hand_terms(Rules(), Card.parse("7s")).multiplier == 1
    assert hand_terms(Rules(Variant.OKLAHOMA, spades_double=True), Card.parse("7s")) == \
        hand_terms(Rules(Variant.OKLAHOMA), Card.parse("7s"))     # doubled once, not twice
    # "all scores for the hand (including bonus scores) are doubled"
    assert score_hand(0, 0, 30, 2, rules).points == 2 * (30 + 25)


def test_bonuses_set_by_the_player_seed_004():
    rules = parse_rules("gin=50,undercut=10,box=20,game=200,shutout=75")
    assert score_hand(0, 0, 30, 1, rules).points == 80
    assert score_hand(0, 8, 5, 1, rules).points == 3 + 10
    assert score_hand(0, 5, 30, 1, rules).points == 25
    f = final_score(0, (104, 60), (4, 3), rules)
    assert f.totals == (104 + 200 + 80, 60 + 60) and not f.shutout
    f = final_score(1, (0, 120), (0, 3), rules)     # the Blitz: points, not doubling
    assert f.shutout and f.totals == (0, 120 + 200 + 75 + 60)


def test_box_as_the_difference_seed_004():
    # "if one player has won 5 hands and the other player has won 3, the 1st player
    # would get 2 times the Box bonus."
    rules = Rules(box="difference")
    assert box_points((5, 3), rules) == (50, 0) and box_points((3, 5), rules) == (0, 50)
    assert box_points((5, 3)) == (125, 75) and box_points((5, 3), Rules(box="off")) == (0, 0)
    f = final_score(0, (110, 70), (5, 3), rules)
    assert f.totals == (110 + 100 + 50, 70) and f.net == 190
    assert final_score(0, (110, 70), (5, 3), Rules(box="off")).totals == (210, 70)


# ---- the Eleven/Ten deal: seed 002 ---------------------------------------------------------

def test_eleven_ten_deal_first_player_discards_the_first_upcard():
    state = GameState(Rules(deal="eleven"), 3)
    state.advance()
    h = state.hand
    first = h.nondealer
    assert state.phase is Phase.DISCARD and state.current_player == first
    assert bin(h.hands[first]).count("1") == 11 and bin(h.hands[h.dealer]).count("1") == 10
    assert h.pile == [] and h.hands[first] >> h.deck[20] & 1
    card = max(state.legal_actions(), key=lambda c: (card_value(c), c))
    state.apply_action(card)
    if state.phase is Phase.KNOCK:
        state.apply_action(NO_KNOCK)
    assert h.pile == [card] and h.first_upcard == card
    assert state.phase is Phase.DRAW and state.current_player == h.dealer
    # Oklahoma always deals ten and ten (002), even with the option chosen.
    okla = GameState(Rules(Variant.OKLAHOMA, deal="eleven"), 3)
    okla.advance()
    assert okla.phase is Phase.FIRST_UPCARD and len(okla.hand.pile) == 1


def test_eleven_ten_spade_opening_discard_doubles():
    rules = Rules(deal="eleven", spades_double=True)
    for seed in range(40):
        state = GameState(rules, seed)
        state.advance()
        spades = [c for c in state.legal_actions() if c // 13 == 3]
        if spades:
            state.apply_action(spades[0])
            assert state.hand.terms.multiplier == 2
            return
    raise AssertionError("no opening hand with a spade")


@pytest.mark.parametrize("text", ["simple", "no-layoff", "layoff-on-gin", "around-corner",
                                  "spades-double", "eleven-ten",
                                  "simple,around-corner,eleven-ten,spades-double,no-box"])
def test_whole_games_under_each_rule(text):
    rules = parse_rules(text)
    result = play_game(PERSONALITIES["phyllis"](seed=1), PERSONALITIES["willy"](seed=2),
                       rules, seed=11, state_check=conserve)
    assert result.winner is not None
    for hand in result.hands:
        if not rules.knocking:
            assert hand.score.kind in (HandKind.GIN, HandKind.WALL)
        if hand.defence is not None and not rules.layoff:
            assert hand.defence.laid_off == ()
        if hand.knock_arrangement is not None:
            a = hand.knock_arrangement
            cards = [c for m in a.melds for c in m.cards] + list(a.deadwood_cards)
            assert a.deadwood == deadwood(cards, rules)


@settings(max_examples=10, deadline=None)
@given(st.lists(st.sampled_from(["simple", "no-layoff", "layoff-on-gin", "around-corner",
                                 "spades-double", "eleven-ten", "hollywood", "box-difference",
                                 "no-box", "gin=0", "shutout=40"]), max_size=4),
       st.sampled_from(AGENT_NAMES), st.sampled_from(AGENT_NAMES), st.integers(0, 2**32 - 1),
       st.sampled_from([Variant.STANDARD, Variant.OKLAHOMA]))
# Gin only and no gin bonus: Willy wins 21 hands for 74 points, his opponent the game
# with 13: the loser's boxes outweigh the winner's game bonus, and the winnings are
# negative ("the loser's points are subtracted from the winner's points").
@example(names=["simple", "gin=0"], a="willy", b="willy", seed=2, variant=Variant.STANDARD)
def test_any_mix_of_house_rules_plays_whole_games(names, a, b, seed, variant):
    rules = parse_rules(",".join(names), Rules(variant))
    result = play_game(AGENTS[a](seed=seed), AGENTS[b](seed=seed + 1), rules, seed,
                       state_check=conserve)
    if result.winner is not None:
        final = result.final
        assert result.net[result.winner] == final.net
        if rules.scoring != "hollywood":
            # the manual's winnings: the winner's total less the loser's, which a loser
            # with many small hands' boxes can make negative
            assert final.net == final.totals[final.winner] - final.totals[1 - final.winner]
        assert len(result.final.games) == (3 if rules.scoring == "hollywood" else 0)


# ---- Hollywood scoring: seed 004 -----------------------------------------------------------

def _tally(hands, rules=Rules(scoring="hollywood")):
    tally = HollywoodTally(rules)
    for winner, points in hands:
        tally.record(winner, points)
        tally.close_games()
    return tally


def test_hollywood_match_worked_by_hand():
    # A wins 30 and 54; then B wins 18, 13, 21, 26, 1, 24, 7, 26.
    # A's first win scores in game 1, his second in games 1 and 2. B enters game 1, 2, 3
    # with his first three wins; his 24 takes game 1 to 103 (over); his last 26 ends
    # game 2 (92 + 26 = 118) and game 3 (79 + 26 = 105) on the same hand.
    tally = _tally([(0, 30), (0, 54), (1, 18), (1, 13), (1, 21), (1, 26), (1, 1), (1, 24),
                    (1, 7), (1, 26)])
    g1, g2, g3 = tally.finals
    assert (g1.hand_points, g1.boxes, g1.winner) == ((84, 103), (2, 6), 1)
    assert (g2.hand_points, g2.boxes) == ((54, 118), (1, 7))
    assert (g3.hand_points, g3.boxes, g3.shutout) == ((0, 105), (0, 6), True)
    assert g3.totals == (0, (105 + 100) * 2 + 6 * 25)
    match = tally.match()
    assert match.winner == 1 and match.totals == (134 + 79 + 0, 353 + 393 + 560)
    assert match.net == match.totals[1] - match.totals[0]


def test_hollywood_blitz_then_first_points_in_game_2():
    # "If the 1st player scores enough points to win a game before the 2nd player wins a
    # hand, he wins the Game bonus and Blitz bonus in game #1 but play continues in game #2
    # and game #3. The 2nd player's first points would start scoring in game #2."
    tally = _tally([(0, 60), (0, 45)], Rules(scoring="hollywood", shutout=100))
    assert tally.finals[0].shutout and tally.finals[0].totals == (105 + 100 + 100 + 50, 0)
    assert tally.open_games() == [1, 2] and tally.scores[1] == [45, 0]
    tally.record(1, 20)
    assert tally.scores[1] == [45, 20] and tally.scores[2] == [0, 0]


def test_hollywood_game_plays_to_the_end_of_three_games():
    result = play_game(PERSONALITIES["phyllis"](seed=1), PERSONALITIES["willy"](seed=2),
                       Rules(scoring="hollywood"), seed=11)
    assert len(result.final.games) == 3
    assert all(max(f.hand_points) >= 100 for f in result.final.games)
    assert result.net[result.winner] == result.final.net > 0
