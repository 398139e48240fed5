"""Laying off (manual, "Rules": "Knocking"; Glossary "Laying Off").

The defender's deadwood is the minimum over every way to lay cards off on the knocker's
melds together with every arrangement of his own melds, not "melds first, then lay-offs":
a card that could close the defender's own meld may do better on the knocker's run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from gin_king.oracle.cards import Card, count_cards, from_mask
from gin_king.oracle.melds import (Arrangement, Meld, arrangement_of_mask,
                                   corner_arrangement_of_mask)


@dataclass(frozen=True)
class Defence:
    arrangement: Arrangement          # the defender's own melds and remaining deadwood
    laid_off: tuple[Card, ...]        # cards played on the knocker's melds

    @property
    def deadwood(self) -> int:
        return self.arrangement.deadwood


def _run_ends(meld: Meld, mask: int, cyclic: bool) -> int:
    """The cards of ``mask`` that extend run ``meld`` at either end, chains included; with
    ``cyclic`` (runs around the corner) a run goes on past the King to the Ace and below
    the Ace to the King, never round onto itself."""
    suit = meld.cards[0] // 13
    low, high = meld.cards[0] % 13, meld.cards[-1] % 13
    found = 0
    if not cyclic:
        r = low - 1
        while r >= 0 and mask >> (suit * 13 + r) & 1:
            found |= 1 << (suit * 13 + r)
            r -= 1
        r = high + 1
        while r <= 12 and mask >> (suit * 13 + r) & 1:
            found |= 1 << (suit * 13 + r)
            r += 1
        return found
    room = 13 - len(meld.cards)
    r = (low - 1) % 13
    while room and mask >> (suit * 13 + r) & 1:
        found |= 1 << (suit * 13 + r)
        r, room = (r - 1) % 13, room - 1
    r = (high + 1) % 13
    while room and mask >> (suit * 13 + r) & 1 and not found >> (suit * 13 + r) & 1:
        found |= 1 << (suit * 13 + r)
        r, room = (r + 1) % 13, room - 1
    return found


def _set_fourth(meld: Meld, mask: int) -> int:
    """The missing fourth card of a 3-card set, if ``mask`` holds it."""
    if len(meld.cards) != 3:
        return 0
    return mask & (0x0008004002001 << (meld.cards[0] % 13))


def _layable(defender: int, knocker_melds: Iterable[Meld], cyclic: bool) -> list[int]:
    """Cards of the defender that could go on some knocker meld (alone or in a chain)."""
    found = 0
    for meld in knocker_melds:
        found |= _run_ends(meld, defender, cyclic) if meld.is_run else _set_fourth(meld, defender)
    return [int(c) for c in from_mask(found)]


def _valid_layoff(chosen: int, knocker_melds: Iterable[Meld], cyclic: bool) -> bool:
    covered = 0
    for meld in knocker_melds:
        covered |= _run_ends(meld, chosen, cyclic) if meld.is_run else _set_fourth(meld, chosen)
    return covered & chosen == chosen


def best_defence(defender_cards: Iterable[int], knocker_melds: Iterable[Meld],
                 gin: bool, around_corner: bool = False) -> Defence:
    """The defender's lowest deadwood; ties keep the fewest cards laid off, then the
    smallest mask of laid-off cards (so the result is deterministic).

    ``gin``: no laying off (the knocker went gin, or the house rules allow none on this
    knock: ``Rules.may_lay_off``). ``around_corner``: the defender's melds, deadwood and
    the runs he extends follow runs around the corner.
    """
    arrange = corner_arrangement_of_mask if around_corner else arrangement_of_mask
    defender = 0
    for card in defender_cards:
        defender |= 1 << card
    knocker_melds = tuple(knocker_melds)
    if gin:  # "A player may not lay off if the knocker has laid down a gin hand."
        return Defence(arrange(defender), ())
    layable = _layable(defender, knocker_melds, around_corner)
    best_key = None
    best = (0, arrange(defender))
    for subset in range(1 << len(layable)):
        chosen = 0
        for i, card in enumerate(layable):
            if subset >> i & 1:
                chosen |= 1 << card
        if chosen and not _valid_layoff(chosen, knocker_melds, around_corner):
            continue
        rest = arrange(defender & ~chosen)
        key = (rest.deadwood, count_cards(chosen), chosen)
        if best_key is None or key < best_key:
            best_key, best = key, (chosen, rest)
    chosen, rest = best
    return Defence(rest, tuple(from_mask(chosen)))
