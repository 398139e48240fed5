"""layoff.asm and scoring.asm against the oracle: laying off, hand scores, the final
score sheet, the Oklahoma terms and knock legality."""
from __future__ import annotations

import random

import pytest

from gin_king.native import NativeEngine
from gin_king.oracle.cards import parse_cards, to_mask
from gin_king.oracle.layoff import best_defence
from gin_king.oracle.melds import arrangement_of_mask, deadwood_of_mask
from gin_king.oracle.rules import Rules, Variant, hand_terms
from gin_king.oracle.scoring import final_score, score_hand


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


def _oracle_showdown(knocker, defender, multiplier):
    arrangement = arrangement_of_mask(to_mask(knocker))
    gin = arrangement.deadwood == 0
    defence = best_defence(defender, arrangement.melds, gin)
    score = score_hand(0, arrangement.deadwood, defence.deadwood, multiplier)
    return (arrangement.deadwood, defence.deadwood, sorted(int(c) for c in defence.laid_off),
            score.kind.value, score.winner, score.points)


def _native(engine, knocker, defender, multiplier):
    r = engine.showdown(knocker, defender, multiplier)
    return (r.knocker_deadwood, r.defender_deadwood, r.laid_off, r.kind, r.winner, r.points)


def _cards(text):
    return [int(c) for c in parse_cards(text)]


@pytest.mark.parametrize("knocker, defender", [
    ("3h 4h 5h 6h 9c 9d 9s Ac 2c 3d", "7h 8h 2h 9h Jc Qc Kc 5s 5d Kd"),   # chains both ends
    ("Jc Qc Kc 4d 4h 4s 2s 3s As 7d", "4c 10c 9c 8c 5s 6s Kd Qd 2d 3d"),   # set card + chain
    ("Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c", "Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d"),   # gin: no laying off
])
def test_hand_checked_showdowns(engine, knocker, defender):
    k, d = _cards(knocker), _cards(defender)
    assert _native(engine, k, d, 1) == _oracle_showdown(k, d, 1)


def _knocking_hand(rnd: random.Random) -> list[int]:
    while True:
        cards = set()
        for _ in range(rnd.randint(2, 3)):
            if rnd.random() < 0.6:
                suit, start = rnd.randrange(4), rnd.randrange(10)
                cards |= {suit * 13 + r for r in range(start, start + rnd.randint(3, 4))}
            else:
                rank = rnd.randrange(13)
                cards |= {s * 13 + rank for s in rnd.sample(range(4), 3)}
        cards = list(cards)[:10]
        while len(cards) < 10:
            c = rnd.randrange(52)
            if c not in cards:
                cards.append(c)
        if deadwood_of_mask(to_mask(cards)) <= 10:
            return cards


def test_random_showdowns_agree_with_the_oracle(engine):
    rnd = random.Random(77)
    for _ in range(150):
        knocker = _knocking_hand(rnd)
        rest = [c for c in range(52) if c not in knocker]
        # defenders near the knocker's melds, so laying off happens often
        near = [c for c in rest if any(abs(c - k) <= 2 or c % 13 == k % 13 for k in knocker)]
        defender = rnd.sample(near, min(6, len(near)))
        defender += rnd.sample([c for c in rest if c not in defender], 10 - len(defender))
        multiplier = rnd.choice((1, 1, 2))
        assert _native(engine, knocker, defender, multiplier) == \
            _oracle_showdown(knocker, defender, multiplier), (knocker, defender)


@pytest.mark.parametrize("winner, points, boxes", [
    (0, (120, 0), (3, 0)), (1, (40, 105), (2, 3)), (0, (100, 99), (1, 4)), (1, (0, 130), (0, 2)),
    (0, (100, 99), (0, 6)),            # the loser's boxes outweigh the bonus: net below 0
])
def test_final_score_sheet(engine, winner, points, boxes):
    want = final_score(winner, points, boxes)
    got = engine.final_score(winner, points, boxes)
    assert got == {"shutout": want.shutout, "totals": want.totals, "net": want.net}


@pytest.mark.parametrize("card", range(52))
def test_hand_terms_of_every_first_upcard(engine, card):
    for variant in (Variant.STANDARD, Variant.OKLAHOMA):
        terms = hand_terms(Rules(variant=variant), card)
        assert engine.hand_terms(card, variant.value) == (terms.knock_limit, terms.multiplier)


def test_knock_legality(engine):
    rnd = random.Random(5)
    for _ in range(100):
        cards = _knocking_hand(rnd) if rnd.random() < 0.5 else rnd.sample(range(52), 10)
        dw = deadwood_of_mask(to_mask(cards))
        for limit in (0, dw - 1, dw, 10):
            if limit >= 0:
                assert engine.knock_legal(cards, limit) == (dw <= limit)
