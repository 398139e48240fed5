"""Laying off (manual, "Rules": "Knocking"; Glossary "Laying Off").

The defender's deadwood is the minimum over every way to lay cards off on the knocker's
melds together with every arrangement of his own melds, not "melds first, then lay-offs":
a card that could close the defender's own meld may do better on the knocker's run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from gin_king.oracle.cards import Card, count_cards, from_mask
from gin_king.oracle.melds import Arrangement, Meld, arrangement_of_mask


@dataclass(frozen=True)
class Defence:
    arrangement: Arrangement          # the defender's own melds and remaining deadwood
    laid_off: tuple[Card, ...]        # cards played on the knocker's melds

    @property
    def deadwood(self) -> int:
        return self.arrangement.deadwood


def _layable(defender: int, knocker_melds: Iterable[Meld]) -> list[int]:
    """Cards of the defender that could go on some knocker meld (alone or in a chain)."""
    cards = []
    for meld in knocker_melds:
        if meld.is_run:
            suit = meld.cards[0] // 13
            low, high = meld.cards[0] % 13, meld.cards[-1] % 13
            r = low - 1
            while r >= 0 and defender >> (suit * 13 + r) & 1:
                cards.append(suit * 13 + r)
                r -= 1
            r = high + 1
            while r <= 12 and defender >> (suit * 13 + r) & 1:
                cards.append(suit * 13 + r)
                r += 1
        elif len(meld.cards) == 3:
            rank = meld.cards[0] % 13
            missing = next(s for s in range(4) if all(c // 13 != s for c in meld.cards))
            card = missing * 13 + rank
            if defender >> card & 1:
                cards.append(card)
    return sorted(set(cards))


def _valid_layoff(chosen: int, knocker_melds: Iterable[Meld]) -> bool:
    covered = 0
    for meld in knocker_melds:
        if meld.is_run:
            suit = meld.cards[0] // 13
            r = meld.cards[0] % 13 - 1
            while r >= 0 and chosen >> (suit * 13 + r) & 1:
                covered |= 1 << (suit * 13 + r)
                r -= 1
            r = meld.cards[-1] % 13 + 1
            while r <= 12 and chosen >> (suit * 13 + r) & 1:
                covered |= 1 << (suit * 13 + r)
                r += 1
        elif len(meld.cards) == 3:
            covered |= chosen & (0x0008004002001 << (meld.cards[0] % 13))
    return covered & chosen == chosen


def best_defence(defender_cards: Iterable[int], knocker_melds: Iterable[Meld],
                 gin: bool) -> Defence:
    """The defender's lowest deadwood; ties keep the fewest cards laid off, then the
    smallest mask of laid-off cards (so the result is deterministic)."""
    defender = 0
    for card in defender_cards:
        defender |= 1 << card
    knocker_melds = tuple(knocker_melds)
    if gin:  # "A player may not lay off if the knocker has laid down a gin hand."
        return Defence(arrangement_of_mask(defender), ())
    layable = _layable(defender, knocker_melds)
    best_key = None
    best = (0, arrangement_of_mask(defender))
    for subset in range(1 << len(layable)):
        chosen = 0
        for i, card in enumerate(layable):
            if subset >> i & 1:
                chosen |= 1 << card
        if chosen and not _valid_layoff(chosen, knocker_melds):
            continue
        rest = arrangement_of_mask(defender & ~chosen)
        key = (rest.deadwood, count_cards(chosen), chosen)
        if best_key is None or key < best_key:
            best_key, best = key, (chosen, rest)
    chosen, rest = best
    return Defence(rest, tuple(from_mask(chosen)))

