"""The manual's advice examples ("Computer Personalities"), reproduced where they are
consistent; where the manual's example contradicts itself the consistent version is used
(docs/rules.md lists those defects)."""
from gin_king.oracle import personalities
from gin_king.oracle.baseline import SimplePlayer
from gin_king.oracle.cards import parse_cards
from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.state import Phase
from gin_king.oracle.view import view_from_cards


def agent(name):
    return PERSONALITIES[name](seed=1)


def test_willy_draw_advice_69_to_65():
    # No melds, 69 points; the 6♠ melds with nothing but replaces a 10-point card.
    view = view_from_cards("Kc Qd Jh 10c 9d 8h 2c Ad 4h 5c", "3c 6s")
    willy = agent("willy")
    assert willy.wants_upcard(view)
    assert willy.advise_draw(view) == \
        "Take the 6♠. This will reduce your deadwood from 69 to 65 points."


def test_willy_refuses_and_says_why():
    view = view_from_cards("Kc Qd Jh 10c 9d 8h 2c Ad 4h 5c", "Ks")
    assert not agent("willy").wants_upcard(view)
    assert agent("willy").advise_draw(view) == \
        "Draw from the stock. The K♠ will not reduce your deadwood of 69 points."


def test_willy_discard_advice_with_the_discard_outside_the_melds():
    # The manual's example discards the 7♠ yet lists it in a meld; here the 9♣ goes.
    view = view_from_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d 9c", "Qc", phase=Phase.DISCARD)
    willy = agent("willy")
    assert str(willy.choose_discard(view)) == "9♣"
    assert willy.advise_discard(view) == (
        "Discard the 9♣. After discarding the 9♣, your melds are: 4♠ 5♠ 6♠ 7♠, K♣ K♦ K♥. "
        "This leaves 6 points in deadwood.")


def test_willy_knock_advice():
    view = view_from_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d", "9c", phase=Phase.KNOCK)
    for name in ("willy", "sonia", "mort"):
        assert agent(name).wants_knock(view)
        assert agent(name).advise_knock(view) == (
            "Knock. You can knock with: 4♠ 5♠ 6♠ 7♠, K♣ K♦ K♥. This leaves the A♠, 2♦ and 3♦ "
            "(6 points) in deadwood.")


def test_sonia_draw_advice_3_to_7():
    view = view_from_cards("7s 9s 10s 2c 2d 2h Kc Qd 5h 3d", "4c 8s")
    sonia = agent("sonia")
    assert sonia.wants_upcard(view)
    assert sonia.advise_draw(view) == (
        "Take the 8♠. The 8♠ can be formed in a meld with the 7♠ 9♠ 10♠. This will increase "
        "the number of cards in melds from 3 to 7.")


def test_first_upcard_refusal_wording():
    view = view_from_cards("7s 9s 10s 2c 2d 2h Kc Qd 5h 3d", "Jh", first_upcard_offer=True,
                           phase=Phase.FIRST_UPCARD)
    assert agent("sonia").advise_draw(view) == \
        "Refuse the J♥. The J♥ will not increase the number of cards in melds."


def test_mort_dead_card_advice():
    view = view_from_cards("Ks 4c 5c 6c 8d 8h 8c 3h 10d 6h As", "Kc Kd Js",
                           opponent_name="Shark", phase=Phase.DISCARD)
    mort = agent("mort")
    assert str(mort.choose_discard(view)) == "K♠"
    assert mort.advise_discard(view) == \
        "Discard the K♠. Shark does not have the J♠, K♣ or K♦, so he can't use the K♠."


def test_mort_avoids_a_card_the_opponent_can_obviously_use():
    view = view_from_cards("9d 4s Ac 2c 3c 5h 6h 7h Jc Jd Jh", "Qs",
                           opponent_took=parse_cards("7d 8d"), opponent_name="Shark",
                           phase=Phase.DISCARD)
    mort = agent("mort")
    assert str(mort.choose_discard(view)) == "4♠"
    assert str(agent("willy").choose_discard(view)) == "9♦"
    assert mort.advise_discard(view) == (
        "Discard the 4♠. Shark is holding the 7♦ and 8♦, so the 4♠ is a better discard "
        "than the 9♦.")


def test_mort_counts_missing_melds():
    # The manual's own example: with the A♦ accounted for, the 2♦ can join 2♦ 3♦ 4♦ and
    # 2♣ 2♥ 2♦ only, the 2♠ three (A♠ 2♠ 3♠, 2♠ 3♠ 4♠, 2♣ 2♥ 2♠).
    view = view_from_cards("2d 2s 7c 8c 9c 10h Jh Qh Kc Kd Kh", "Ad",
                           opponent_name="Shark", phase=Phase.DISCARD)
    mort = agent("mort")
    assert str(mort.choose_discard(view)) == "2♦"
    assert mort.advise_discard(view) == (
        "Discard the 2♦. There are only 2 missing melds that can be formed by Shark with "
        "the 2♦, compared with 3 melds with the 2♠.")


def test_mort_keeps_the_cards_that_can_still_meld():
    # Three tens to choose from: the J♣ has no helping card, the Q♦ and K♦ help each other
    # (the J♦ would meld both). Mort throws the J♣ where Sonia breaks up the Q♦ K♦.
    view = view_from_cards("2c 3c 4c 5h 5d 5s 7s 8s Qd Kd Jc", "As",
                           opponent_name="Shark", phase=Phase.DISCARD)
    assert str(agent("sonia").choose_discard(view)) == "K♦"
    mort = agent("mort")
    assert str(mort.choose_discard(view)) == "J♣"
    assert mort.advise_discard(view) == (
        "Discard the J♣. There are 6 missing melds that can be formed by Shark with the J♣.")


def test_bernie_counts_helping_cards():
    # Consistent version of the manual's example: 4♥ with 3♠ and 4♠, the 5♠ in the pile.
    view = view_from_cards("3s 4s 4h 6c 7c 8c 9c 10c Jd Qd Kd", "5s", phase=Phase.DISCARD)
    bernie = agent("bernie")
    assert str(bernie.choose_discard(view)) == "3♠"
    assert bernie.advise_discard(view) == (
        "Discard the 3♠. Only 1 card will help the 3♠ in your hand, compared with 3 cards "
        "that will help the 4♠.")


def test_bernie_waits_for_gin():
    view = view_from_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d", "9c", phase=Phase.KNOCK)
    bernie = agent("bernie")
    assert not bernie.wants_knock(view)
    assert bernie.advise_knock(view) == "Don't knock. Wait for gin; you have 6 points in deadwood."
    gin = view_from_cards("4s 5s 6s 7s Kc Kd Kh As 2s 3s", "9c", phase=Phase.KNOCK)
    assert bernie.wants_knock(gin)
    assert bernie.advise_knock(gin) == \
        "Knock. You have gin: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠, K♣ K♦ K♥."


def test_phyllis_discard_combines_bernie_and_mort():
    view = view_from_cards("3s 4s 4h 6c 7c 8c 9c 10c Jd Qd Kd", "5s", phase=Phase.DISCARD,
                           opponent_name="Shark")
    text = agent("phyllis").advise_discard(view)
    assert text.startswith("Discard the ")
    assert "will help the" in text and "Shark" in text


def test_phyllis_knocks_when_a_card_cannot_be_melded_in_one_draw():
    # The 2♣, 2♦ and 3♦ can each be melded by one card from the stock...
    hand = "4s 5s 6s 7s Kc Kd Kh 2c 2d 3d"
    waiting = view_from_cards(hand, "9c", phase=Phase.KNOCK)
    phyllis = agent("phyllis")
    assert not phyllis.wants_knock(waiting)
    assert phyllis.advise_knock(waiting) == \
        "Don't knock. Every card in your deadwood can be melded in one draw, so go for gin."
    # ...until the A♦ and 4♦ are gone: then nothing melds the 3♦ in one draw.
    stuck = view_from_cards(hand, "Ad 4d 9c", phase=Phase.KNOCK)
    assert phyllis.wants_knock(stuck)
    assert phyllis.advise_knock(stuck) == (
        "Knock. The 3♦ cannot be melded in one draw. You can knock with: 4♠ 5♠ 6♠ 7♠, "
        "K♣ K♦ K♥. This leaves the 2♣, 2♦ and 3♦ (7 points) in deadwood.")


def test_shark_draws_and_discards_exactly_as_phyllis_on_random_positions():
    # The manual: "he uses the same drawing strategy and discard strategy as Phyllis".
    from gin_king.compare import random_position
    for seed in range(300):
        for decision in ("draw", "discard"):
            view, _ = random_position("shark", decision, 9_100_000 + seed)
            shark, phyllis = agent("shark"), agent("phyllis")
            if decision == "draw":
                assert shark._draw(view) == phyllis._draw(view)
            else:
                assert shark._discard(view) == phyllis._discard(view)


def test_shark_knocks_on_the_score_where_phyllis_would_wait():
    # Every deadwood card can meld in one draw, so Phyllis goes for gin ...
    hand = "4s 5s 6s 7s Kc Kd Kh 2c 2d 3d"
    late = dict(phase=Phase.KNOCK, opponent_draws=11, opponent_name="Phyllis")
    calm = view_from_cards(hand, "9c", scores=(50, 50), hands_won=(1, 1), **late)
    assert not agent("phyllis").wants_knock(calm)
    assert agent("shark")._knock(calm, None) == agent("phyllis")._knock(calm, None)
    # ... but Shark knocks when 8 points win the game, or to avoid a shutout when his
    # opponent needs 10 or fewer (SHARK_SCORE_RULES).
    near = view_from_cards(hand, "9c", scores=(92, 50), hands_won=(2, 1), **late)
    assert agent("shark").advise_knock(near) == (
        "Knock. You only need 8 points to win. You can knock with: 4♠ 5♠ 6♠ 7♠, K♣ K♦ K♥. "
        "This leaves the 2♣, 2♦ and 3♦ (7 points) in deadwood.")
    not_near = view_from_cards(hand, "9c", scores=(91, 50), hands_won=(2, 1), **late)
    assert not agent("shark").wants_knock(not_near)
    shutout = view_from_cards(hand, "9c", scores=(0, 90), hands_won=(0, 3), **late)
    assert agent("shark").advise_knock(shutout).startswith(
        "Knock. You need to score to avoid a shutout. You can knock with: ")
    far = view_from_cards(hand, "9c", scores=(0, 89), hands_won=(0, 3), **late)
    assert not agent("shark").wants_knock(far)


def test_shark_keeps_phyllis_knock_where_no_score_rule_applies():
    # Late, 7 points, the 3♦ stuck: Phyllis knocks and so does Shark, with her advice
    # (King, by his KNOCK_MAX, would wait for gin).
    hand = "4s 5s 6s 7s Kc Kd Kh 2c 2d 3d"
    stuck = view_from_cards(hand, "Ad 4d 9c", scores=(50, 50), hands_won=(1, 1),
                            phase=Phase.KNOCK, opponent_draws=11)
    assert agent("shark")._knock(stuck, None) == agent("phyllis")._knock(stuck, None)
    assert agent("shark").wants_knock(stuck) and not agent("king").wants_knock(stuck)


def test_king_knocks_when_a_few_points_win_the_game():
    hand = "4s 5s 6s 7s Kc Kd Kh 2c 2d 3d"
    king = agent("king")
    late = dict(phase=Phase.KNOCK, opponent_draws=11)
    assert not king.wants_knock(view_from_cards(hand, "9c", scores=(50, 50),
                                                 hands_won=(1, 1), **late))
    near = view_from_cards(hand, "9c", scores=(95, 50), hands_won=(2, 1), **late)
    assert king.wants_knock(near)
    assert king.advise_knock(near).startswith("Knock. You only need 5 points to win. You can knock with: ")
    # Needing 6, a late knock with 7 points is seldom enough: he waits for gin or an undercut.
    not_near = view_from_cards(hand, "9c", scores=(94, 50), hands_won=(2, 1), **late)
    assert not king.wants_knock(not_near)
    shutout = view_from_cards(hand, "9c", scores=(0, 80), hands_won=(0, 3), **late)
    assert king.advise_knock(shutout).startswith("Knock. You need to score to avoid a shutout.")


def test_king_will_not_risk_an_undercut_late_in_the_hand(monkeypatch):
    # 7 points of deadwood: fine after 3 draws by the opponent; after 4 or more only gin.
    hand = "4s 5s 6s 7s Kc Kd Kh 2c 2d 3d"
    king = agent("king")

    def knock_view(draws):
        return view_from_cards(hand, "2h 2s 4d 9c", scores=(50, 50), hands_won=(1, 1),
                               phase=Phase.KNOCK, opponent_draws=draws,
                               opponent_name="Phyllis")

    assert king.wants_knock(knock_view(3))
    for draws in (4, 11, 30):
        assert not king.wants_knock(knock_view(draws))
    assert king.advise_knock(knock_view(11)) == (
        "Don't knock. After 11 draws by Phyllis, go for gin or an undercut.")
    # a table that still allows some deadwood late says how much
    with monkeypatch.context() as m:
        m.setattr(personalities, "KNOCK_MAX", (10, 10, 10, 10, 9, 7, 5, 4, 3, 2, 2, 2, 2))
        assert king.advise_knock(knock_view(11)) == (
            "Don't knock. After 11 draws by Phyllis, a knock with more than 2 points is "
            "likely to be undercut.")


def test_king_discards_by_his_look_ahead(monkeypatch):
    # The J♠ waits for the 10♠ with the 9♠; the K♣ waits for two kings.
    view = view_from_cards("Ac 2c 3c 4d 5d 6d 7h 8h Kc 9s Js", "Jd", phase=Phase.DISCARD)
    king = agent("king")
    assert str(king.choose_discard(view)) == "K♣"
    assert king.advise_discard(view) == (
        "Discard the K♣. After your next draw your deadwood should average 28.5 points, "
        "against 29.2 if you discard the J♠.")
    # A pair of kings has more chances than the 9♠ alone, though it leaves more deadwood;
    # but the 9♠ may join six of the opponent's three-card melds and a king two (his
    # danger), and that tips it: he breaks the pair.
    pair = view_from_cards("Ac 2c 3c 4d 5d 6d 7h 8h Kc Ks 9s", "Jd", phase=Phase.DISCARD)
    assert str(king.choose_discard(pair)) == "K♠"
    with monkeypatch.context() as m:
        m.setattr(personalities, "DANGER_WEIGHT", 0)
        assert str(king.choose_discard(pair)) == "9♠"


def test_king_weighs_the_deadwood_he_holds_now(monkeypatch):
    # The 9♦ waits with the 8♥ 9♥ 10♥ J♥ for more nines; the Q♠ goes for 10 points now.
    view = view_from_cards("Ad 5d 9d Ah 4h 8h 9h 10h Jh 4s Qs", "3c 5s", phase=Phase.DISCARD,
                           opponent_name="Phyllis")
    king = agent("king")
    assert str(king.choose_discard(view)) == "Q♠"
    assert king.advise_discard(view) == (
        "Discard the Q♠. After your next draw your deadwood should average 20.2 points, "
        "against 20.5 if you discard the 9♦, which leaves you more deadwood if Phyllis "
        "knocks first.")
    with monkeypatch.context() as m:                    # the look-ahead and danger alone
        m.setattr(personalities, "LOOK_WEIGHT", personalities.KEY_SCALE)
        m.setattr(personalities, "NOW_WEIGHT", 0)
        assert str(king.choose_discard(view)) == "9♦"


def test_king_takes_an_upcard_that_beats_the_stock():
    # Willy's 69-to-65 hand: the 6♠ joins no meld, so Sonia's rule refuses it; it leaves
    # 65 points against 65.6 expected from the stock, so King takes it.
    hand = "Kc Qd Jh 10c 9d 8h 2c Ad 4h 5c"
    king = agent("king")
    six = view_from_cards(hand, "3c 6s")
    assert not agent("sonia").wants_upcard(six)
    assert king.wants_upcard(six)
    assert king.advise_draw(six) == (
        "Take the 6♠. It will leave your deadwood at 65 points, against an average of 65.6 "
        "from the stock.")
    seven = view_from_cards(hand, "3c 7s")
    assert not king.wants_upcard(seven)
    assert king.advise_draw(seven) == (
        "Draw from the stock. The 7♠ will not increase the number of cards in melds. From "
        "the stock your deadwood should average 65.5 points, against 66 points with the 7♠.")
    # a card that melds is taken on Sonia's rule, with her advice
    meld = view_from_cards("7s 9s 10s 2c 2d 2h Kc Qd 5h 3d", "4c 8s")
    assert king.wants_upcard(meld)
    assert king.advise_draw(meld) == agent("sonia").advise_draw(meld)


def test_king_goes_for_gin_with_two_or_more_outs():
    # 9 points after 3 draws: too few to catch the opponent, so the gin outs decide.
    hand = "4s 5s 6s 7s Kc Kd Kh 2c 3d 4d"

    def knock_view(pile):
        return view_from_cards(hand, pile, scores=(50, 50), hands_won=(1, 1),
                               phase=Phase.KNOCK, opponent_draws=3)

    king = agent("king")
    assert not king.wants_knock(knock_view("9c"))
    assert king.advise_knock(knock_view("9c")) == \
        "Don't knock. 2 cards would give you gin: 2♦ and 5♦."
    # With the 2♦ gone only the 5♦ is left: knock; with both gone, none.
    assert king.wants_knock(knock_view("2d 9c"))
    assert king.advise_knock(knock_view("2d 9c")).startswith(
        "Knock. Only the 5♦ would give you gin. ")
    assert king.advise_knock(knock_view("2d 5d 9c")).startswith(
        "Knock. No single card would give you gin. ")


def test_king_and_shark_catch_an_early_opponent():
    early = view_from_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d", "9c", scores=(10, 10),
                            hands_won=(1, 1), phase=Phase.KNOCK, opponent_draws=1,
                            opponent_name="Phyllis")
    for name in ("king", "shark"):
        assert agent(name).wants_knock(early)
        assert agent(name).advise_knock(early).startswith(
            "Knock. Phyllis is likely to be caught with a lot of deadwood. ")


def test_irv_is_random_but_reproducible():
    view = view_from_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d 9c", "Qc", phase=Phase.DISCARD)
    picks = [str(PERSONALITIES["irv"](seed=s).choose_discard(view)) for s in range(1, 40)]
    assert len(set(picks)) > 5
    assert picks == [str(PERSONALITIES["irv"](seed=s).choose_discard(view)) for s in range(1, 40)]
    assert PERSONALITIES["irv"](seed=1).advise_discard(view).endswith("Why not?")


def test_no_one_discards_the_card_just_taken():
    view = view_from_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d Qc", "9c", taken_from_pile=50,
                           phase=Phase.DISCARD)
    view = view_from_cards("4s 5s 6s 7s Kc Kd Kh As 2d 3d Qs", "9c",
                           taken_from_pile=parse_cards("Qs")[0], phase=Phase.DISCARD)
    for name in PERSONALITIES:
        for seed in range(5):
            assert str(PERSONALITIES[name](seed=seed).choose_discard(view)) != "Q♠"
    assert str(SimplePlayer(seed=1).choose_discard(view)) != "Q♠"


def test_advice_names_the_move_the_personality_makes():
    draw = view_from_cards("7s 9s 10s 2c 2d 2h Kc Qd 5h 3d", "4c 8s")
    discard = view_from_cards("3s 4s 4h 6c 7c 8c 9c 10c Jd Qd Kd", "5s", phase=Phase.DISCARD)
    for name in PERSONALITIES:
        if name == "irv":
            continue
        a = agent(name)
        assert a.advise_draw(draw).startswith("Take") == a.wants_upcard(draw)
        assert a.advise_discard(discard).startswith(f"Discard the {a.choose_discard(discard)}.")


class _AdviceChecker:
    """Plays as ``inner`` and checks, at every decision of a real game, that the advice
    names the move made."""

    def __init__(self, inner):
        self.inner, self.name, self.checked = inner, inner.name, 0

    def wants_upcard(self, view):
        take = self.inner.wants_upcard(view)
        assert self.inner.advise_draw(view).startswith("Take") == take
        self.checked += 1
        return take

    def choose_discard(self, view):
        card = self.inner.choose_discard(view)
        assert self.inner.advise_discard(view).startswith(f"Discard the {card}. ")
        self.checked += 1
        return card

    def wants_knock(self, view, discard):
        knock = self.inner.wants_knock(view, discard)
        assert self.inner.advise_knock(view, discard).startswith("Knock. " if knock else "Don't")
        self.checked += 1
        return knock


def test_advice_matches_decisions_through_real_games():
    for seed, name in enumerate(("willy", "sonia", "mort", "bernie", "phyllis", "shark", "king")):
        checker = _AdviceChecker(agent(name))
        play_game(checker, PERSONALITIES["phyllis"](seed=3), seed=seed + 40)
        assert checker.checked > 20
