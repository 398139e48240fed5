"""Shark's one-draw look-ahead (docs/personalities.md §3 and §4): what the next card from the
stock can do for a 10-card hand.

Every unseen card x is equally likely to be the next one Shark draws (he cannot tell the
stock from the opponent's hand). Adding x and then making the best discard leaves
``least_after_discard(hand + x)``. Only an x in a three-card meld with two cards of the hand
can join a meld; any other x is plain deadwood, so its outcome is
``min(deadwood(hand), value(x) + least_after_discard(hand))`` without a search. The 65816
port (``asm/outlook.asm``) uses the same shortcut. Under runs around the corner (``count``
= ``melds.CORNER``) the three-card melds are the cyclic ones and an ace's value is 15; the
shortcut and the bound below hold as they are.
"""
from __future__ import annotations

from typing import NamedTuple

from gin_king.oracle.cards import Card, from_mask
from gin_king.oracle.measures import melds_one_draw_away
from gin_king.oracle.melds import PLAIN, Counting


def least_after_discard(hand: int, count: Counting = PLAIN) -> int:
    """min over c in ``hand`` of deadwood(hand - c).

    deadwood(hand - c) >= deadwood(hand) - value(c) (an arrangement of hand - c is one of
    hand with c left over), so once that bound reaches the best found, no lower-valued card
    can do better and the search stops. (The 65816 ``DeadwoodDiscard`` gets the same minimum
    from its own search.)
    """
    deadwood_of_mask, value = count.deadwood, count.values
    whole = deadwood_of_mask(hand)
    best = None
    for c in count.by_value:     # highest value first: the order a discard saves the most
        if hand >> c & 1:
            if best is not None and whole - value[c] >= best:
                break
            after = deadwood_of_mask(hand & ~(1 << c))
            if best is None or after < best:
                best = after
    return best


class Outlook(NamedTuple):
    total: int   # sum over the unseen cards of the deadwood left: average x count
    gins: int    # how many of them leave none (gin)
    now: int     # the hand's own deadwood (Shark's tie-break; the 65816 OlNow)


def outlook(hand: int, unseen: int, count: Counting = PLAIN) -> Outlook:
    """Over the unseen cards x, the sum of least_after_discard(hand + x) and the number of
    x that give gin, for a 10-card hand: Shark's expected deadwood after his next draw
    (times the number of unseen cards) and his chances of gin; and the hand's deadwood."""
    now = count.deadwood(hand)
    short = least_after_discard(hand, count)
    total = gins = 0
    for x in from_mask(unseen):
        if melds_one_draw_away(x, hand, count):
            after = least_after_discard(hand | 1 << x, count)
        else:
            after = min(now, count.values[x] + short)
        total += after
        gins += after == 0
    return Outlook(total, gins, now)


def gin_outs(hand: int, unseen: int, count: Counting = PLAIN) -> list[Card]:
    """The unseen cards that would give gin at once (after the best discard), for a hand
    that is not gin: an x in no three-card meld with two cards of ``hand`` stays deadwood,
    and discarding it leaves ``hand``'s own deadwood, so only the others are tried."""
    return [x for x in from_mask(unseen)
            if melds_one_draw_away(x, hand, count)
            and least_after_discard(hand | 1 << x, count) == 0]
