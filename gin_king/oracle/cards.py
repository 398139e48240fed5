"""Cards as the manual's "Rules of Gin" describes them, numbered as in docs/rng.md.

A card is the number ``suit * 13 + rank`` (rank 0 = Ace .. 12 = King; suit 0..3 = ♣ ♦ ♥ ♠).
``Card`` is an ``int`` so hands can be turned into 52-bit masks cheaply; its text form is
the one the advice text prints: rank then suit symbol ("A♠", "10♥", "K♣").
"""
from __future__ import annotations

import re
from typing import Iterable

SUIT_SYMBOLS = "♣♦♥♠"
SUIT_LETTERS = "CDHS"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ALL_CARDS_MASK = (1 << 52) - 1

# Manual, "Cards": aces 1, face cards 10, the others their rank.
_VALUES = tuple(min(rank + 1, 10) for rank in range(13))

_TOKEN = re.compile(r"\s*(10|[2-9aAtTjJqQkK1])([cdhsCDHS♣♦♥♠])\s*,?")


class Card(int):
    """One card, 0..51. ``str(card)`` is its advice-text name."""

    __slots__ = ()

    def __new__(cls, number: int) -> "Card":
        if not 0 <= number < 52:
            raise ValueError(f"card number out of range: {number}")
        return _CARDS[number] if _CARDS else int.__new__(cls, number)

    @classmethod
    def of(cls, rank: int, suit: int) -> "Card":
        return _CARDS[suit * 13 + rank]

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse one card with its suit: "7s", "7♠", "10H", "Td", "as"."""
        match = _TOKEN.fullmatch(text.strip())
        if not match:
            raise ValueError(f"not a card: {text!r}")
        return cls.of(rank_from_text(match.group(1)), suit_from_text(match.group(2)))

    @property
    def rank(self) -> int:
        return self % 13

    @property
    def suit(self) -> int:
        return self // 13

    @property
    def value(self) -> int:
        return _VALUES[self % 13]

    def __str__(self) -> str:
        return RANK_NAMES[self % 13] + SUIT_SYMBOLS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)})"


_CARDS: tuple[Card, ...] = ()
_CARDS = tuple(int.__new__(Card, n) for n in range(52))
DECK: tuple[Card, ...] = _CARDS


def rank_from_text(text: str) -> int:
    text = text.upper()
    if text in ("10", "T"):
        return 9
    if text in ("A", "1"):
        return 0
    return "A23456789TJQK".index(text)


def suit_from_text(text: str) -> int:
    if text in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(text)
    return SUIT_LETTERS.index(text.upper())


def card_value(card: int) -> int:
    return _VALUES[card % 13]


def parse_cards(text: str) -> list[Card]:
    """Parse cards that each carry a suit, separated by spaces or commas: "As 2h Td"."""
    cards = []
    for word in re.split(r"[\s,]+", text.strip()):
        if word:
            cards.append(Card.parse(word))
    return cards


def to_mask(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def count_cards(mask: int) -> int:
    """How many cards a 52-bit card mask holds."""
    return bin(mask).count("1")


def from_mask(mask: int) -> list[Card]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


def suit_masks(cards: Iterable[int]) -> tuple[int, int, int, int]:
    """The 65816's form of a hand: four 13-bit masks, clubs first (docs/rng.md)."""
    mask = to_mask(cards)
    return tuple((mask >> (13 * suit)) & 0x1FFF for suit in range(4))  # type: ignore[return-value]


def by_rank_then_suit(cards: Iterable[int]) -> list[Card]:
    """The order card lists are printed in (manual: "the A♠, 2♦ and 3♦")."""
    return sorted((Card(c) for c in cards), key=lambda c: (c % 13, c // 13))


def format_card_list(cards: Iterable[int], conjunction: str = "and") -> str:
    """ "the X", "the X and Y", "the X, Y and Z" (rank then suit order)."""
    names = [str(c) for c in by_rank_then_suit(cards)]
    if not names:
        return "nothing"
    if len(names) == 1:
        return "the " + names[0]
    return "the " + ", ".join(names[:-1]) + f" {conjunction} " + names[-1]
