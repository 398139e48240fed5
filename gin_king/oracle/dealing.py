"""Where each hand's cards come from (manual, "Rules": "Draw for Deal", "Deal"; "Settings
Menu": "Shuffle Mode": Shuffle Cards, Replay Cards, User Supplied Cards).

Every source yields a full 52-card deck order laid out as docs/rng.md "The deal" reads it:
deck[0], deck[2] .. deck[18] to the non-dealer, deck[1] .. deck[19] to the dealer, deck[20]
the first upcard, deck[21..51] the stock from the lowest index up.
"""
from __future__ import annotations

from typing import Callable, Protocol, Sequence

from gin_king.oracle.entry import CardEntryError, closest_available, parse_entry
from gin_king.oracle.rng import Xorshift32, shuffled_deck

NONDEALER_SLOTS = tuple(range(0, 20, 2))
DEALER_SLOTS = tuple(range(1, 20, 2))
UPCARD_SLOT = 20
STOCK_SLOTS = tuple(range(21, 52))


def high_card_player(card0: int, card1: int) -> int:
    """Who drew high (King high, Ace low; equal ranks: ♠ > ♥ > ♦ > ♣)."""
    key0, key1 = (card0 % 13, card0 // 13), (card1 % 13, card1 // 13)
    return 0 if key0 > key1 else 1


def computer_deals_himself(opponent_name: str) -> bool:
    """A computer player's choice on drawing high: never deal himself, since the
    non-dealer has the first offer of the upcard and the first draw (docs/rules.md)."""
    return False


def draw_for_deal(rng: Xorshift32, deals_himself: Callable[[int], bool] | None = None
                  ) -> tuple[int, int, int]:
    """Each player draws one card (player 0 first): ``(card0, card1, first_dealer)``.

    "The player drawing the high card may deal or require his opponent to deal":
    ``deals_himself(high_player)`` is his choice (default: the computer's rule, make the
    opponent deal). Uses two ``below`` calls of the game's generator before the first
    shuffle, whatever the choice.
    """
    card0 = rng.below(52)
    card1 = rng.below(51)
    if card1 >= card0:
        card1 += 1
    high = high_card_player(card0, card1)
    deals = deals_himself(high) if deals_himself is not None else False
    return card0, card1, (high if deals else 1 - high)


class DeckSource(Protocol):
    def deck(self, hand_number: int, rng: Xorshift32) -> list[int]:
        """The deck order for hand ``hand_number`` (0-based)."""


class ShuffledDecks:
    """Shuffle Cards: each hand is a fresh shuffle from the game's one generator."""

    def deck(self, hand_number: int, rng: Xorshift32) -> list[int]:
        return shuffled_deck(rng)


class ReplayDecks:
    """Replay Cards: the previous game's decks again in the same order; when this game
    needs more hands than were recorded, the extra ones are shuffled normally."""

    def __init__(self, decks: Sequence[Sequence[int]]) -> None:
        self.decks = [list(d) for d in decks]

    def deck(self, hand_number: int, rng: Xorshift32) -> list[int]:
        if hand_number < len(self.decks):
            return list(self.decks[hand_number])
        return shuffled_deck(rng)


# One prompt per section of the deck, asked in this order.
SECTIONS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("the non-dealer's hand", NONDEALER_SLOTS),
    ("the dealer's hand", DEALER_SLOTS),
    ("the first upcard", (UPCARD_SLOT,)),
    ("the stock", STOCK_SLOTS),
)
MAX_ATTEMPTS = 100  # a safety stop for scripted input that never becomes readable


class UserSuppliedDecks:
    """User Supplied Cards: ``ask(what, count)`` returns the entry text for one section.

    Every section is asked for first and its entered cards fill its slots in order (a card
    already taken becomes the closest available one); only then are the slots left open
    filled at random, section by section: each takes ``remaining[below(len(remaining))]``
    from the untaken cards in ascending order, so a random card never takes one the
    player names in a later prompt. An unreadable entry is asked for again.
    """

    def __init__(self, ask: Callable[[str, int], str]) -> None:
        self.ask = ask

    def deck(self, hand_number: int, rng: Xorshift32) -> list[int]:
        deck = [-1] * 52
        taken = 0
        for what, slots in SECTIONS:
            requests = None
            for _ in range(MAX_ATTEMPTS):
                try:
                    requests = parse_entry(self.ask(what, len(slots)), len(slots))
                    break
                except CardEntryError:
                    continue
            if requests is None:
                raise CardEntryError(f"no readable entry for {what}")
            for slot, request in zip(slots, requests):
                card = closest_available(request, taken)
                deck[slot] = card
                taken |= 1 << card
        for _, slots in SECTIONS:
            for slot in slots:
                if deck[slot] >= 0:
                    continue
                remaining = [c for c in range(52) if not taken >> c & 1]
                card = remaining[rng.below(len(remaining))]
                deck[slot] = card
                taken |= 1 << card
        return deck
