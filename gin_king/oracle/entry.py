"""User Supplied Cards entry (manual, "Settings Menu": "Shuffle Mode").

Syntax: a rank A 2 .. 10 J Q K (T is also read as ten), an optional
suit C D H S (or ♣ ♦ ♥ ♠) right after it, cards separated by spaces, commas or nothing:
"AS, 2H, 5C, 5D, 10S, QH", "A 5 6 4D 3D", "4H56". An entry the parser cannot read, or with too many cards, raises
``CardEntryError`` so the program can beep and ask again. A card already taken is not
refused: the manual, "If you enter a card that has already been taken, the program will
choose the closest available card" (``closest_available``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from gin_king.oracle.cards import Card, rank_from_text, suit_from_text

_ITEM = re.compile(r"(10|[2-9AaTtJjQqKk])([CcDdHhSs♣♦♥♠]?)")
_SEPARATORS = re.compile(r"[\s,]*")


class CardEntryError(ValueError):
    """The entry could not be understood (the program beeps and asks again)."""


@dataclass(frozen=True)
class CardRequest:
    """One entered card: a rank and, when given, a suit."""

    rank: int
    suit: int | None


def parse_entry(text: str, limit: int) -> list[CardRequest]:
    """Read an entry of at most ``limit`` cards."""
    requests = []
    pos = _SEPARATORS.match(text, 0).end()
    while pos < len(text):
        item = _ITEM.match(text, pos)
        if not item:
            raise CardEntryError(f"cannot read {text[pos:]!r}")
        suit = suit_from_text(item.group(2)) if item.group(2) else None
        requests.append(CardRequest(rank_from_text(item.group(1)), suit))
        pos = _SEPARATORS.match(text, item.end()).end()
    if len(requests) > limit:
        raise CardEntryError(f"{len(requests)} cards entered, at most {limit} wanted")
    return requests


def closest_available(request: CardRequest, taken: int) -> Card:
    """The requested card, or the closest one not yet taken: same rank first (the asked
    suit, then ♣ ♦ ♥ ♠), then ranks one away (lower first), two away, ..."""
    suits = ([request.suit] if request.suit is not None else []) + [0, 1, 2, 3]
    for distance in range(13):
        ranks = [request.rank] if distance == 0 else [request.rank - distance,
                                                        request.rank + distance]
        for rank in ranks:
            if not 0 <= rank <= 12:
                continue
            for suit in suits:
                card = suit * 13 + rank
                if not taken >> card & 1:
                    return Card(card)
    raise CardEntryError("no cards left")


def resolve_entry(requests: list[CardRequest], taken: int) -> list[Card]:
    """The cards an entry names, in order, none of them in ``taken`` nor twice: each the
    card named, or the closest available one when it is taken or has no suit."""
    cards = []
    for request in requests:
        card = closest_available(request, taken)
        taken |= 1 << card
        cards.append(card)
    return cards
