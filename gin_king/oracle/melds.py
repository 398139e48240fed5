"""Melds, deadwood and the canonical best arrangement (manual, "Rules": "The Object" and
"Knocking"; the arrangement rule is pinned in docs/personalities.md section 1).

Hands are 52-bit masks internally (bit = card number). The candidate melds of a hand are
listed in *candidate order* (runs ♣..♠ by start rank, longest first; then sets by rank, the
4-card set before its 3-card subsets), and every candidate has one global index in that
order, so comparing index lists compares arrangements the way the 65816 port does.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

from gin_king.oracle.cards import Card, card_value, from_mask, to_mask
from gin_king.oracle.rules import CORNER_ACE_VALUE, Rules

# 3-card subsets of a rank, as suit tuples, in the documented order.
_SET_SUBSETS = ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))


@dataclass(frozen=True)
class Meld:
    """One candidate meld: its global candidate index, cards in display order, kind."""

    index: int
    mask: int
    cards: tuple[Card, ...]
    is_run: bool
    value: int

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


def _cards_value(cards: tuple[Card, ...]) -> int:
    return sum(card_value(c) for c in cards)


def _all_candidates() -> tuple[list[Meld], dict[int, list[Meld]], list[list[Meld]]]:
    melds: list[Meld] = []
    runs_by_start: dict[int, list[Meld]] = {}
    for suit in range(4):
        for start in range(11):
            for length in range(13 - start, 2, -1):
                cards = tuple(Card.of(r, suit) for r in range(start, start + length))
                meld = Meld(len(melds), to_mask(cards), cards, True, _cards_value(cards))
                melds.append(meld)
                runs_by_start.setdefault(suit * 13 + start, []).append(meld)
    sets_by_rank: list[list[Meld]] = []
    for rank in range(13):
        sets = []
        for suits in ((0, 1, 2, 3),) + _SET_SUBSETS:
            cards = tuple(Card.of(rank, s) for s in suits)
            meld = Meld(len(melds), to_mask(cards), cards, False, _cards_value(cards))
            melds.append(meld)
            sets.append(meld)
        sets_by_rank.append(sets)
    return melds, runs_by_start, sets_by_rank


ALL_MELDS, _RUNS_BY_START, _SETS_BY_RANK = _all_candidates()


def _runs_in_suit_mask(m13: int) -> tuple[tuple[int, int], ...]:
    """(start, length) of every run inside one 13-bit suit mask, in candidate order."""
    found = []
    for start in range(11):
        length = 0
        while start + length < 13 and m13 >> (start + length) & 1:
            length += 1
        for n in range(length, 2, -1):
            found.append((start, n))
    return tuple(found)


# Per 13-bit suit mask: the run candidates it contains (index offsets into _RUNS_BY_START).
_RUNS13 = [_runs_in_suit_mask(m) for m in range(8192)]
_VALUE13 = [sum(card_value(r) for r in range(13) if m >> r & 1) for m in range(8192)]


def hand_value(mask: int) -> int:
    return (_VALUE13[mask & 0x1FFF] + _VALUE13[mask >> 13 & 0x1FFF]
            + _VALUE13[mask >> 26 & 0x1FFF] + _VALUE13[mask >> 39 & 0x1FFF])


def candidate_melds(mask: int) -> list[Meld]:
    """Every meld held in ``mask``, in candidate order."""
    found: list[Meld] = []
    for suit in range(4):
        for start, length in _RUNS13[mask >> (13 * suit) & 0x1FFF]:
            found.append(_RUNS_BY_START[suit * 13 + start][13 - start - length])
    found += _held_sets(mask, _SETS_BY_RANK)
    return found


def _held_sets(mask: int, sets_by_rank) -> list[Meld]:
    """The sets (of three or four) held in ``mask``, ranks ascending, in the order
    ``sets_by_rank`` lists each rank's sets."""
    found: list[Meld] = []
    c, d, h, s = (mask & 0x1FFF, mask >> 13 & 0x1FFF, mask >> 26 & 0x1FFF, mask >> 39 & 0x1FFF)
    triples = (c & d & h) | (c & d & s) | (c & h & s) | (d & h & s)
    while triples:
        low = triples & -triples
        rank = low.bit_length() - 1
        triples ^= low
        for meld in sets_by_rank[rank]:
            if meld.mask & mask == meld.mask:
                found.append(meld)
    return found


def _canonical_search(candidates, value):
    """The cached ``mask -> (deadwood, melds)`` of the canonical arrangement
    (docs/personalities.md section 1) for one meld rule: ``candidates(mask)`` lists the
    melds held in candidate order, ``value(mask)`` is what the cards are worth. One search
    serves both rules; each gets its own function and cache, so the manual's game pays
    nothing for the house rule."""

    @lru_cache(maxsize=1 << 16)
    def best(mask: int) -> tuple[int, tuple[Meld, ...]]:
        cands = candidates(mask)
        total = value(mask)
        if not cands:
            return total, ()
        if len(cands) == 1:
            return total - cands[0].value, (cands[0],)
        values = [m.value for m in cands]
        masks = [m.mask for m in cands]
        n = len(cands)
        best_key = (total, 0)
        best_pick: tuple[int, ...] = ()
        chosen: list[int] = []

        # Depth-first in lexicographic order of index lists: the first arrangement met with
        # the best (deadwood, meld count) is the canonical one, so replace only on strict
        # improvement.
        def search(start: int, used: int, melded: int) -> None:
            nonlocal best_key, best_pick
            for j in range(start, n):
                mj = masks[j]
                if mj & used:
                    continue
                chosen.append(j)
                key = (total - melded - values[j], len(chosen))
                if key < best_key:
                    best_key = key
                    best_pick = tuple(chosen)
                search(j + 1, used | mj, melded + values[j])
                chosen.pop()

        search(0, 0, 0)
        return best_key[0], tuple(cands[j] for j in best_pick)

    return best


_best = _canonical_search(candidate_melds, hand_value)


# ---- runs around the corner (house rule, docs/rules.md "House rules") ---------------------
# Gin Champion (seed 003): "you may meld such runs as Q-K-A or K-A-2" and "a dead wood Ace
# counts 15 points". A run is any cyclic stretch of 3..12 ranks of one suit (all 13 only from
# the ace); candidate order per suit is by start rank A..K, longest first, then the sets as
# above. Every candidate has its own index in this second list.

def _corner_value(card: int) -> int:
    return CORNER_ACE_VALUE if card % 13 == 0 else card_value(card)


def _corner_candidates() -> tuple[list[Meld], dict[tuple[int, int], Meld], list[list[Meld]]]:
    melds: list[Meld] = []
    runs: dict[tuple[int, int], Meld] = {}     # (suit * 13 + start, length) -> run
    for suit in range(4):
        for start in range(13):
            for length in range(13 if start == 0 else 12, 2, -1):
                cards = tuple(Card.of((start + i) % 13, suit) for i in range(length))
                value = sum(_corner_value(c) for c in cards)
                meld = Meld(len(melds), to_mask(cards), cards, True, value)
                melds.append(meld)
                runs[suit * 13 + start, length] = meld
    sets_by_rank: list[list[Meld]] = []
    for rank in range(13):
        sets = []
        for suits in ((0, 1, 2, 3),) + _SET_SUBSETS:
            cards = tuple(Card.of(rank, s) for s in suits)
            meld = Meld(len(melds), to_mask(cards), cards, False,
                        sum(_corner_value(c) for c in cards))
            melds.append(meld)
            sets.append(meld)
        sets_by_rank.append(sets)
    return melds, runs, sets_by_rank


def _corner_runs_in_suit_mask(m13: int) -> tuple[tuple[int, int], ...]:
    """(start, length) of every cyclic run inside one 13-bit suit mask, candidate order."""
    found = []
    for start in range(13):
        longest = 13 if start == 0 else 12
        length = 0
        while length < longest and m13 >> ((start + length) % 13) & 1:
            length += 1
        for n in range(length, 2, -1):
            found.append((start, n))
    return tuple(found)


ALL_CORNER_MELDS, _CORNER_RUNS, _CORNER_SETS_BY_RANK = _corner_candidates()
_CORNER_RUNS13: list[tuple[tuple[int, int], ...]] = []
_CORNER_VALUE13: list[int] = []


def _corner_tables() -> None:
    """The per-suit tables of the corner rule, built on first use (default games never
    pay for them)."""
    if not _CORNER_RUNS13:
        _CORNER_VALUE13.extend(_VALUE13[m] + (CORNER_ACE_VALUE - 1) * (m & 1)
                               for m in range(8192))
        _CORNER_RUNS13.extend(_corner_runs_in_suit_mask(m) for m in range(8192))


def corner_hand_value(mask: int) -> int:
    _corner_tables()
    return (_CORNER_VALUE13[mask & 0x1FFF] + _CORNER_VALUE13[mask >> 13 & 0x1FFF]
            + _CORNER_VALUE13[mask >> 26 & 0x1FFF] + _CORNER_VALUE13[mask >> 39 & 0x1FFF])


def corner_candidate_melds(mask: int) -> list[Meld]:
    """Every meld held in ``mask`` with runs around the corner, in corner candidate order."""
    _corner_tables()
    found: list[Meld] = []
    for suit in range(4):
        for start, length in _CORNER_RUNS13[mask >> (13 * suit) & 0x1FFF]:
            found.append(_CORNER_RUNS[suit * 13 + start, length])
    found += _held_sets(mask, _CORNER_SETS_BY_RANK)
    return found


_best_corner = _canonical_search(corner_candidate_melds, corner_hand_value)


@dataclass(frozen=True)
class Arrangement:
    """The canonical arrangement of a hand: melds in display order, deadwood cards, value."""

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int

    @property
    def melded_count(self) -> int:
        return sum(len(m.cards) for m in self.melds)

    def melds_text(self) -> str:
        return ", ".join(str(m) for m in self.melds)


def deadwood_of_mask(mask: int) -> int:
    return _best(mask)[0]


def arrangement_of_mask(mask: int) -> Arrangement:
    return _arrangement(mask, _best(mask))


def corner_deadwood_of_mask(mask: int) -> int:
    """Deadwood with runs around the corner and a dead ace worth 15."""
    return _best_corner(mask)[0]


def corner_arrangement_of_mask(mask: int) -> Arrangement:
    return _arrangement(mask, _best_corner(mask))


def _arrangement(mask: int, best: tuple[int, tuple[Meld, ...]]) -> Arrangement:
    value, melds = best
    melded = 0
    for meld in melds:
        melded |= meld.mask
    return Arrangement(melds, tuple(from_mask(mask & ~melded)), value)


def three_card_melds(card: int, cyclic: bool = False) -> list[tuple[int, int]]:
    """The partner pairs of every 3-card meld containing ``card`` (personalities.md §1):
    the runs {c-2,c-1,c}, {c-1,c,c+1}, {c,c+1,c+2} inside the suit (with ``cyclic``, runs
    around the corner, all three, ranks taken mod 13: Q-K-A, K-A-2, A-2-3 for an ace), then
    the three sets of its rank."""
    rank, suit = card % 13, card // 13
    pairs = []
    for low in (rank - 2, rank - 1, rank):
        if cyclic or (0 <= low and low + 2 <= 12):
            pairs.append(tuple(suit * 13 + r % 13 for r in range(low, low + 3) if r != rank))
    others = [s for s in range(4) if s != suit]
    for i in range(3):
        for j in range(i + 1, 3):
            pairs.append((others[i] * 13 + rank, others[j] * 13 + rank))
    return pairs  # type: ignore[return-value]


THREE_CARD_MELDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(three_card_melds(c)) for c in range(52))
CORNER_THREE_CARD_MELDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(three_card_melds(c, cyclic=True)) for c in range(52))


@dataclass(frozen=True)
class Counting:
    """How one meld rule counts a hand: the one place the computer players (and the game)
    ask for deadwood, the canonical arrangement, the melds held, the three-card melds of a
    card and a card's deadwood value. ``counting(rules)`` picks it once; the manual's game
    gets ``PLAIN`` (the same functions and tables as before the house rules), runs around
    the corner get ``CORNER`` (cyclic runs, a dead ace worth 15)."""

    name: str
    deadwood: Callable[[int], int]                  # mask -> least deadwood
    arrangement: Callable[[int], Arrangement]       # mask -> canonical arrangement
    candidates: Callable[[int], list[Meld]]         # mask -> melds held, candidate order
    three_card_melds: tuple[tuple[tuple[int, int], ...], ...]   # card -> partner pairs
    values: tuple[int, ...]                         # card -> its deadwood value
    by_value: tuple[int, ...]                       # cards, highest value first, then number

    def value(self, card: int) -> int:
        return self.values[card]


def _counting(name, deadwood_fn, arrangement_fn, candidates_fn, three, value) -> Counting:
    values = tuple(value(c) for c in range(52))
    return Counting(name, deadwood_fn, arrangement_fn, candidates_fn, three, values,
                    tuple(sorted(range(52), key=lambda c: (-values[c], c))))


PLAIN = _counting("plain", deadwood_of_mask, arrangement_of_mask, candidate_melds,
                  THREE_CARD_MELDS, card_value)
CORNER = _counting("around the corner", corner_deadwood_of_mask, corner_arrangement_of_mask,
                   corner_candidate_melds, CORNER_THREE_CARD_MELDS, _corner_value)


def counting(rules: Rules | None) -> Counting:
    """The ``Counting`` of ``rules`` (``PLAIN`` for None or the manual's melds)."""
    return CORNER if rules is not None and rules.around_corner else PLAIN


def meld_functions(rules: Rules):
    """``(deadwood_of_mask, arrangement_of_mask)`` for ``rules``: chosen once per game, so
    the manual's game calls the plain functions with no test per hand."""
    c = counting(rules)
    return c.deadwood, c.arrangement


def deadwood(cards: Iterable[int], rules: Rules | None = None) -> int:
    """Minimum deadwood of any hand (exact for 10 and 11 cards)."""
    return counting(rules).deadwood(to_mask(cards))


def best_melds(cards: Iterable[int], rules: Rules | None = None) -> Arrangement:
    """The canonical best arrangement (printed in advice, laid down when knocking)."""
    return counting(rules).arrangement(to_mask(cards))
