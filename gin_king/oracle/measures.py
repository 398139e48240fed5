"""The per-card measures the personalities weigh (manual, "Computer Personalities": Mort's
"missing melds", Bernie's "cards that will help"; exact definitions in
docs/personalities.md section 1).

All functions take 52-bit masks: ``hand`` is the player's hand, ``pile`` the discard pile,
``opp_known`` the cards the opponent took from the pile and still holds; and ``count``, the
game's ``Counting`` (``view.counting``: runs around the corner or the manual's melds), which
supplies every deadwood count, arrangement and three-card meld.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from gin_king.oracle.cards import ALL_CARDS_MASK, Card, count_cards, from_mask
from gin_king.oracle.melds import PLAIN, Counting

# Discards are scanned King down to Ace, spades down to clubs; the first best card wins.
SCAN_ORDER: tuple[int, ...] = tuple(suit * 13 + rank for rank in range(12, -1, -1)
                                    for suit in range(3, -1, -1))


def scan(cards_mask: int) -> list[Card]:
    return [Card(c) for c in SCAN_ORDER if cards_mask >> c & 1]


def eligible_discards(hand: int, taken_from_pile: int | None) -> int:
    """The 11 cards minus the one just taken from the pile: the personalities' own choice
    (docs/personalities.md), not a rule of the game (a player may discard it)."""
    return hand & ~(1 << taken_from_pile) if taken_from_pile is not None else hand


def unmelded_candidates(hand: int, eligible: int, count: Counting = PLAIN) -> int:
    """Eligible cards that are deadwood in the canonical arrangement; all eligible if none."""
    melded = 0
    for meld in count.arrangement(hand).melds:
        melded |= meld.mask
    unmelded = eligible & ~melded
    return unmelded or eligible


def unseen_mask(hand: int, pile: int, opp_known: int) -> int:
    return ALL_CARDS_MASK & ~hand & ~pile & ~opp_known


@dataclass(frozen=True)
class DefenceMeasure:
    """Mort's view of one discard candidate."""

    live: int                 # three-card melds with neither partner accounted for
    opp_partners: int         # mask: known opponent cards partnering c in a live meld
    dead_partners: int        # mask: accounted cards partnering c in any meld
    one_known: int = 0        # live melds with one partner known to the opponent's hand
    both_known: int = 0       # live melds with both partners there


def defence_measure(card: int, hand: int, pile: int, opp_known: int,
                    count: Counting = PLAIN) -> DefenceMeasure:
    accounted = (hand & ~(1 << card)) | pile
    live = 0
    opp = 0
    dead = 0
    known = [0, 0, 0]          # live melds by how many partners the opponent is known to hold
    for x, y in count.three_card_melds[card]:
        bx, by = 1 << x, 1 << y
        if (bx | by) & accounted:
            dead |= (bx | by) & accounted
        else:
            live += 1
            opp |= (bx | by) & opp_known
            known[(opp_known >> x & 1) + (opp_known >> y & 1)] += 1
    return DefenceMeasure(live, opp, dead, known[1], known[2])


def helpers(card: int, hand: int, pile: int, opp_known: int, count: Counting = PLAIN) -> int:
    """Unseen cards that would meld ``card`` at once with a card of ``hand``."""
    unseen = unseen_mask(hand, pile, opp_known)
    found = 0
    for x, y in count.three_card_melds[card]:
        if hand >> x & 1 and unseen >> y & 1:
            found |= 1 << y
        elif hand >> y & 1 and unseen >> x & 1:
            found |= 1 << x
    return count_cards(found)


def dw_after(card: int, hand: int, count: Counting = PLAIN) -> int:
    return count.deadwood(hand & ~(1 << card))


def upcard_after(hand: int, upcard: int, count: Counting = PLAIN) -> int:
    """min over c in ``hand`` of deadwood(hand + upcard - c): the least deadwood the upcard
    leaves (it may not go straight back; Willy's draw, Shark's)."""
    with_up = hand | 1 << upcard
    return min(dw_after(c, with_up, count) for c in from_mask(hand))


def pick(candidates: Sequence[Card], key: Callable[[Card], tuple]) -> tuple[Card, Card | None]:
    """The first best candidate in scan order and the runner-up (first best of the rest)."""
    keyed = [(key(card), i, card) for i, card in enumerate(candidates)]
    best = min(keyed)
    rest = [k for k in keyed if k[1] != best[1]]
    return best[2], (min(rest)[2] if rest else None)


def min_deadwood_discard(hand: int, eligible: int, count: Counting = PLAIN) -> Card:
    """Willy's discard: the eligible card leaving the least deadwood."""
    return pick(scan(eligible), lambda c: (dw_after(c, hand, count),))[0]


def melds_one_draw_away(card: int, hand: int, count: Counting = PLAIN) -> bool:
    """True when ``card`` forms a three-card meld with two cards of ``hand``."""
    return any(hand >> x & 1 and hand >> y & 1 for x, y in count.three_card_melds[card])
