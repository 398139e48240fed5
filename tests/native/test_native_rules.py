"""The engine under the house rules (RulesBlock, docs/native-abi.md): deadwood and canonical
melds around the corner, knock legality, the hand's terms, the showdown and the score sheet,
each against the oracle under each rule alone and mixed; `gin-king compare --rules`."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from gin_king import compare
from gin_king.native import RULES, NativeEngine, cards_to_masks, rules_words
from gin_king.oracle.cards import parse_cards
from gin_king.oracle.layoff import best_defence
from gin_king.oracle.melds import best_melds, deadwood
from gin_king.oracle.rules import DEFAULT_RULES, RULE_NAMES, Rules, Variant, hand_terms, parse_rules
from gin_king.oracle.scoring import final_score, score_hand

CORNER = parse_rules("around-corner")
SINGLE_RULES = list(RULE_NAMES) + ["gin=10,undercut=15,box=20,game=50,shutout=30",
                                   "shutout=double,box=0"]
MIXES = ["simple,around-corner,spades-double,no-box",
         "around-corner,layoff-on-gin,box-difference,gin=30,shutout=50",
         "no-layoff,spades-double,eleven-ten,hollywood,undercut=10,game=150"]


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


@pytest.fixture
def under(engine):
    """Fill RulesBlock for one test and put the manual's game back after it."""
    def set_rules(rules: Rules) -> NativeEngine:
        engine.write_rules(rules)
        return engine
    yield set_rules
    engine.write_rules(DEFAULT_RULES)


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_rules_block_as_loaded_is_the_manuals_game(engine):
    for name, value in rules_words(DEFAULT_RULES).items():
        assert engine.read_word("RulesBlock", RULES[name]) == value, name


def _canon_matches(engine, cards, rules) -> None:
    value, melds, dead, _ = engine.canon(cards_to_masks(cards))
    want = best_melds(cards, rules)
    assert value == engine.deadwood(cards_to_masks(cards)).deadwood == want.deadwood, cards
    assert melds == [tuple(int(c) for c in m.cards) for m in want.melds], cards
    assert sorted(dead) == sorted(int(c) for c in want.deadwood_cards), cards


@pytest.mark.parametrize("text, want, melds", [
    # seed 003: "K-A-2-3" is a run; the same hand has 10 points by the manual
    ("Ks As 2s 3s 5d 5c 5h 9c 9d 9h", 0, "Ks As 2s 3s"),
    ("Qc Kc Ac 2d 3d 4d 7h 7s 7d Jh", 10, "Qc Kc Ac"),
    # "a dead wood Ace counts 15 points"
    ("Ad 2c 3c 4c 7h 7s 7d Jh Qh Kh", 15, "2c 3c 4c"),
    ("Ac Ad Ah As 2s Ks 5h 6h 7h 9d", 9, "Ks As 2s"),
])
def test_worked_hands_around_the_corner(under, text, want, melds):
    engine = under(CORNER)
    cards = _cards(text)
    value, got, _dead, _ = engine.canon(cards_to_masks(cards))
    assert value == want and tuple(_cards(melds)) in got
    _canon_matches(engine, cards, CORNER)


def test_random_hands_around_the_corner(under):
    engine = under(CORNER)
    rnd = random.Random(19)
    for _ in range(250):
        _canon_matches(engine, rnd.sample(range(52), rnd.choice((10, 11))), CORNER)


def _corner_rich(draw) -> list[int]:
    """Hands heavy in aces, kings, queens and twos: where the corner matters."""
    pool = [s * 13 + r for s in range(4) for r in (11, 12, 0, 1, 2)]
    n = draw(st.sampled_from((10, 11)))
    picked = draw(st.lists(st.sampled_from(pool), min_size=6, max_size=9, unique=True))
    rest = draw(st.permutations([c for c in range(52) if c not in picked]))
    return picked + list(rest[:n - len(picked)])


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_corner_deadwood_and_discard_agree_with_the_oracle(engine, data):
    cards = _corner_rich(data.draw)
    engine.write_rules(CORNER)
    try:
        _canon_matches(engine, cards, CORNER)
        if len(cards) == 11:
            want = min(deadwood([c for c in cards if c != d], CORNER) for d in cards)
            assert engine.deadwood_after_discard(cards_to_masks(cards))[0] == want
    finally:
        engine.write_rules(DEFAULT_RULES)


def test_the_manuals_game_is_untouched_by_the_corner_code(engine):
    cards = _cards("Ks As 2s 3s 5d 5c 5h 9c 9d 9h")
    value, melds, _, _ = engine.canon(cards_to_masks(cards))
    assert value == 10 and melds[0] == tuple(_cards("As 2s 3s"))


def _oracle_showdown(knocker, defender, multiplier, rules):
    arrangement = best_melds(knocker, rules)
    gin = arrangement.deadwood == 0
    defence = best_defence(defender, arrangement.melds, not rules.may_lay_off(gin),
                           rules.around_corner)
    score = score_hand(0, arrangement.deadwood, defence.deadwood, multiplier, rules)
    return (arrangement.deadwood, defence.deadwood, sorted(int(c) for c in defence.laid_off),
            score.kind.value, score.winner, score.points)


def _native_showdown(engine, knocker, defender, multiplier):
    r = engine.showdown(knocker, defender, multiplier)
    return (r.knocker_deadwood, r.defender_deadwood, r.laid_off, r.kind, r.winner, r.points)


@pytest.mark.parametrize("rules, knocker, defender, laid", [
    # laying off on a run around the corner, at both ends (003)
    ("around-corner", "Qs Ks As 4h 5h 6h 9c 9d 9h 2d", "2s 3s Js 10c Kd Qd 8h 7c 5c 4d",
     "2s 3s Js"),
    ("around-corner", "As 2s 3s 4h 5h 6h 9c 9d 9h 2d", "Ks Qs 4s 10c Kd Qd 8h 7c 5c 4d",
     "4s Ks Qs"),
    ("", "As 2s 3s 4h 5h 6h 9c 9d 9h 2d", "Ks Qs 4s 10c Kd Qd 8h 7c 5c 4d", "4s"),
    # no laying off at all: with laying off off, and under Simple Gin
    ("no-layoff", "As 2s 3s 4h 5h 6h 9c 9d 9h 2d", "Ks Qs 4s 10c Kd Qd 8h 7c 5c 4d", ""),
    ("simple", "As 2s 3s 4h 5h 6h 9c 9d 9h 2d", "Ks Qs 4s 10c Kd Qd 8h 7c 5c 4d", ""),
    # laying off on gin (003)
    ("layoff-on-gin", "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c", "Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d", ""),
    ("layoff-on-gin", "4h 5h 6h 7h 9c 9d 9h Ks Kd Kc", "3h 8h Jc Qd 8s 2s 2d 5c 6c Ac",
     "3h 8h"),
    ("layoff-on-gin,gin=40", "4h 5h 6h 7h 9c 9d 9h Ks Kd Kc", "3h 8h Jc Qd 8s 2s 2d 5c 6c Ac",
     "3h 8h"),
    ("", "4h 5h 6h 7h 9c 9d 9h Ks Kd Kc", "3h 8h Jc Qd 8s 2s 2d 5c 6c Ac", ""),
])
def test_worked_showdowns(under, rules, knocker, defender, laid):
    r = parse_rules(rules)
    engine = under(r)
    k, d = _cards(knocker), _cards(defender)
    got = _native_showdown(engine, k, d, 1)
    assert got == _oracle_showdown(k, d, 1, r)
    assert got[2] == sorted(_cards(laid))


@pytest.mark.parametrize("name", SINGLE_RULES + MIXES)
def test_primitives_agree_with_the_oracle_under_each_rule(under, name):
    """Random knocks near the knocker's melds: showdown, terms, legality, score sheet."""
    rules = parse_rules(name)
    engine = under(rules)
    rnd = random.Random(hash(name) & 0xFFFF)
    for _ in range(25):
        deck = list(range(52))
        rnd.shuffle(deck)
        knocker = compare._knockable_hand(rnd, deck, 10, rules) or sorted(deck[:10])
        defender = compare._near_hand(rnd, knocker)
        multiplier = rnd.choice((1, 2))
        assert _native_showdown(engine, knocker, defender, multiplier) == \
            _oracle_showdown(knocker, defender, multiplier, rules), (knocker, defender)
        limit = rnd.choice((0, 5, 10))
        assert engine.knock_legal(knocker, limit) == \
            (deadwood(knocker, rules) <= (limit if rules.knocking else 0))
        upcard = rnd.randrange(52)
        for variant in Variant:
            t = hand_terms(replace(rules, variant=variant), upcard)
            assert engine.hand_terms(upcard, variant.value) == (t.knock_limit, t.multiplier)
        winner, points = rnd.randrange(2), (rnd.randrange(160), rnd.randrange(160))
        boxes = (rnd.randrange(5), rnd.randrange(5))
        f = final_score(winner, points, boxes, rules)
        assert engine.final_score(winner, points, boxes) == \
            {"shutout": f.shutout, "totals": f.totals, "net": f.net}


def test_simple_gin_terms_and_spades_double(under):
    engine = under(parse_rules("simple,spades-double"))
    assert engine.hand_terms(_cards("5s")[0], "standard") == (0, 2)
    assert engine.hand_terms(_cards("5h")[0], "standard") == (0, 1)
    assert engine.hand_terms(_cards("9s")[0], "oklahoma") == (0, 2)
    assert not engine.knock_legal(_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h 2s"), 10)
    assert engine.knock_legal(_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h 10h"), 10)


def test_box_difference_and_blitz(under):
    # 004: "5 and 3 ... 2 times the Box bonus"; a shutout in points instead of doubled
    engine = under(parse_rules("box-difference,box=25,shutout=100"))
    assert engine.final_score(0, (120, 40), (5, 3)) == \
        {"shutout": False, "totals": (120 + 100 + 50, 40), "net": 230}
    assert engine.final_score(1, (0, 105), (0, 4)) == \
        {"shutout": True, "totals": (0, 105 + 100 + 100 + 100), "net": 405}


@pytest.mark.parametrize("rules", ["around-corner", MIXES[0]])
def test_compare_rules_command(rules, capsys):
    import json
    code = compare.main(["--rules", rules, "--positions", "1", "--games", "1", "--deadwood", "60",
                         "--rules-checks", "30", "--seed", "5", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["rules"] == parse_rules(rules).house_rules()
    assert report["deadwood"]["agree"] == 60 and report["deadwood"]["disagree"] == 0
    assert set(report["primitives"]) == {"after discard", "knock legal", "hand terms",
                                         "showdown", "final score"}
    assert all(t["disagree"] == 0 and t["agree"] > 0 for t in report["primitives"].values())
    assert all(t["disagree"] == 0 for t in report["games"]["engine"].values())
    # every personality's positions were asked under the rules, and agree
    assert len(report["positions"]) == 8 * 3
    assert all(t["disagree"] == 0 and t["agree"] == 1 for t in report["positions"].values())


# ---- Hollywood scoring (004): GK_HollywoodHand / GK_HollywoodMatch ------------------------

def test_hollywood_match_worked_by_hand(under):
    # The oracle's worked match (tests/oracle/test_oracle_house_rules.py): A wins 30 and 54,
    # then B wins 18, 13, 21, 26, 1, 24, 7, 26; B's last hand ends games 2 and 3 at once.
    engine = under(parse_rules("hollywood"))
    engine.hollywood_start()
    for winner, points in [(0, 30), (0, 54), (1, 18), (1, 13), (1, 21), (1, 26), (1, 1),
                           (1, 24), (1, 7)]:
        tally = engine.hollywood_hand(winner, points)
    assert tally["winners"] == [1, None, None] and tally["current"] == 1
    tally = engine.hollywood_hand(1, 26)
    assert tally["scores"] == [(84, 103), (54, 118), (0, 105)]
    assert tally["boxes"] == [(2, 6), (1, 7), (0, 6)]
    assert tally["winners"] == [1, 1, 1] and tally["current"] == 2
    match = engine.hollywood_match()
    assert match == {"winner": 1, "totals": (134 + 79 + 0, 353 + 393 + 560),
                     "net": 353 + 393 + 560 - 213}


def test_hollywood_tallies_agree_with_the_oracle(under):
    from gin_king.oracle.scoring import HollywoodTally
    for seed in range(40):
        rnd = random.Random(seed)
        rules = replace(parse_rules(rnd.choice(["hollywood", "hollywood,box-difference,shutout=50",
                                                "hollywood,no-box,game=20"])),
                        points_per_game=rnd.choice((100, 150, 250)))
        engine = under(rules)
        engine.hollywood_start()
        tally = HollywoodTally(rules)
        while tally.open_games():
            winner, points = rnd.randrange(2), rnd.choice((0, 5, 12, 25, 40, 60))
            tally.record(winner, points)
            tally.close_games()
            assert engine.hollywood_hand(winner, points) == {
                "scores": [tuple(s) for s in tally.scores],
                "boxes": [tuple(b) for b in tally.boxes],
                "winners": [f.winner if f else None for f in tally.finals],
                "current": tally.current()}
        m = tally.match()
        assert engine.hollywood_match() == {"winner": m.winner, "totals": m.totals, "net": m.net}


def test_knock_advice_lists_a_run_round_the_corner_from_its_start(under):
    """The meld text (advice.asm MeldCardsOf) shows Q K A 2 as the oracle's Meld.cards do."""
    from gin_king.native import Position
    from iigs.font import decode
    engine = under(CORNER)
    hand = _cards("Qs Ks As 2s 5h 6h 7h 9c 9d 9h")
    got = engine.decide(Position("irv", "knock", tuple(hand), discard=_cards("Jd")[0]))
    want = ", ".join(str(m) for m in best_melds(hand, CORNER).melds)
    assert got.native and got.choice == 1
    assert decode(got.text) == f"Knock. You have gin: {want}."
    assert "Q♠ K♠ A♠ 2♠" in want
