"""Where each hand's cards come from (manual, "Rules": "Draw for Deal", "Deal"; "Settings
Menu": "Shuffle Mode": Shuffle Cards, Replay Cards, User Supplied Cards).

Every source yields a full 52-card deck order laid out as docs/rng.md "The deal" reads it:
deck[0], deck[2] .. deck[18] to the non-dealer, deck[1] .. deck[19] to the dealer, deck[20]
the first upcard, deck[21..51] the stock from the lowest index up. A User Supplied deck
leaves its stock slots ``OPEN``: each is decided when it is drawn (``open_stock_card``).
"""
from __future__ import annotations

from typing import Callable, Protocol, Sequence

from gin_king.oracle.entry import CardEntryError, parse_entry, resolve_entry
from gin_king.oracle.rng import Xorshift32, shuffled_deck

NONDEALER_SLOTS = tuple(range(0, 20, 2))
DEALER_SLOTS = tuple(range(1, 20, 2))
UPCARD_SLOT = 20
STOCK_SLOTS = tuple(range(21, 52))
OPEN = -1          # a stock slot not decided yet (User Supplied Cards)


def high_card_player(card0: int, card1: int) -> int:
    """Who drew high (King high, Ace low; equal ranks: ♠ > ♥ > ♦ > ♣)."""
    key0, key1 = (card0 % 13, card0 // 13), (card1 % 13, card1 // 13)
    return 0 if key0 > key1 else 1


def computer_deals_himself(opponent_name: str) -> bool:
    """A computer player's choice on drawing high: never deal himself, since the
    non-dealer has the first offer of the upcard and the first draw (docs/rules.md)."""
    return False


def draw_for_deal(rng: Xorshift32, deals_himself: Callable[[int], bool] | None = None,
                  entered: Callable[[int, int], int | None] | None = None
                  ) -> tuple[int, int, int]:
    """Each player draws one card (player 0 first): ``(card0, card1, first_dealer)``.

    "The player drawing the high card may deal or require his opponent to deal":
    ``deals_himself(high_player)`` is his choice (default: the computer's rule, make the
    opponent deal). Uses two ``below`` calls of the game's generator before the first
    shuffle, whatever the choice. ``entered(player, taken)`` (User Supplied Cards) gives
    a player's card as entered, or None for Return alone: that card is drawn at random
    as above, so a draw left to chance uses the generator as the other modes do.
    """
    card0 = entered(0, 0) if entered is not None else None
    if card0 is None:
        card0 = rng.below(52)
    card1 = entered(1, 1 << card0) if entered is not None else None
    if card1 is None:
        card1 = rng.below(51)
        if card1 >= card0:
            card1 += 1
    high = high_card_player(card0, card1)
    deals = deals_himself(high) if deals_himself is not None else False
    return card0, card1, (high if deals else 1 - high)


class DeckSource(Protocol):
    def deck(self, hand_number: int, rng: Xorshift32, dealer: int = 0) -> list[int]:
        """The deck order for hand ``hand_number`` (0-based), dealt by ``dealer``."""


class ShuffledDecks:
    """Shuffle Cards: each hand is a fresh shuffle from the game's one generator."""

    def deck(self, hand_number: int, rng: Xorshift32, dealer: int = 0) -> list[int]:
        return shuffled_deck(rng)


def seats_of_deck(deck: Sequence[int], dealer: int) -> tuple[int, ...]:
    """A deck order as dealt, by seat (docs/rng.md "Replay Cards"): player 0's ten cards,
    player 1's ten (each in the order dealt), the first upcard, the stock."""
    seats = [0] * 52
    for slot in range(20):
        seat = dealer if slot % 2 else 1 - dealer
        seats[seat * 10 + slot // 2] = deck[slot]
    seats[20:] = deck[20:]
    return tuple(seats)


def deck_of_seats(seats: Sequence[int], dealer: int) -> list[int]:
    """The deck order that deals ``seats`` (``seats_of_deck``'s form) to the same players
    when ``dealer`` deals: the inverse of ``seats_of_deck``."""
    deck = [0] * 52
    for slot in range(20):
        seat = dealer if slot % 2 else 1 - dealer
        deck[slot] = seats[seat * 10 + slot // 2]
    deck[20:] = seats[20:]
    return deck


class ReplayDecks:
    """Replay Cards: the previous game's deals again, by seat: each player receives the
    cards he received in that hand, whoever deals it now (duplicate Gin); when this game
    needs more hands than were recorded, the extra ones are shuffled normally."""

    def __init__(self, deals: Sequence[Sequence[int]]) -> None:
        self.deals = [tuple(d) for d in deals]   # by seat: seats_of_deck's form

    def deck(self, hand_number: int, rng: Xorshift32, dealer: int = 0) -> list[int]:
        if hand_number < len(self.deals):
            return deck_of_seats(self.deals[hand_number], dealer)
        return shuffled_deck(rng)


def taken_mask(deck: Sequence[int]) -> int:
    """The cards a deck order has placed (its ``OPEN`` slots left out)."""
    mask = 0
    for card in deck:
        if card >= 0:
            mask |= 1 << card
    return mask


def random_free(rng: Xorshift32, taken: int) -> int:
    """A random card not in ``taken``: ``remaining[below(len(remaining))]`` of the free
    cards in ascending order (docs/rng.md "User Supplied Cards")."""
    remaining = [c for c in range(52) if not taken >> c & 1]
    return remaining[rng.below(len(remaining))]


def open_stock_card(source: object, deck: Sequence[int], rng: Xorshift32) -> int:
    """The card for an ``OPEN`` stock slot as it is drawn: the one the player enters
    (User Supplied Cards), else a random free card (a replayed User Supplied hand drawn
    further than it was the first time)."""
    ask = getattr(source, "stock_card", None)
    return ask(deck, rng) if ask is not None else random_free(rng, taken_mask(deck))


# One prompt per section of the deal, asked in this order (after the two cards of the
# draw for deal at a game's start, DRAW_PROMPTS); the stock is asked for card by card as
# it is drawn ("Every time the program needs to deal a hand or supply a card,
# it will ask you to enter the card(s) instead").
SECTIONS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("the non-dealer's hand", NONDEALER_SLOTS),
    ("the dealer's hand", DEALER_SLOTS),
    ("the first upcard", (UPCARD_SLOT,)),
)
STOCK_PROMPT = "the stock card"
DRAW_PROMPTS = ("player 1's card for deal", "player 2's card for deal")
MAX_ATTEMPTS = 100  # a safety stop for scripted input that never becomes readable


class UserSuppliedDecks:
    """User Supplied Cards: ``ask(what, count)`` returns the entry text for one prompt.

    At the deal each section is asked for and its entered cards fill its slots in order;
    only then are the slots left open filled at random, section by section: each takes
    ``random_free``, so a random card never takes one the player names in a later prompt
    of the deal. The stock stays ``OPEN``: each card is asked for (``STOCK_PROMPT``, 1)
    when it is drawn, Return alone giving a random free card. An entry that is
    unreadable or holds too many cards is asked for again whole (nothing of it is
    placed); a card already taken gives the closest available one, as the manual says.
    """

    def __init__(self, ask: Callable[[str, int], str]) -> None:
        self.ask = ask

    def _entry(self, what: str, count: int, taken: int) -> list[int]:
        for _ in range(MAX_ATTEMPTS):
            try:
                return [int(c) for c in
                        resolve_entry(parse_entry(self.ask(what, count), count), taken)]
            except CardEntryError:
                continue
        raise CardEntryError(f"no acceptable entry for {what}")

    def deck(self, hand_number: int, rng: Xorshift32, dealer: int = 0) -> list[int]:
        deck = [OPEN] * 52
        taken = 0
        for what, slots in SECTIONS:
            for slot, card in zip(slots, self._entry(what, len(slots), taken)):
                deck[slot] = card
                taken |= 1 << card
        for _, slots in SECTIONS:
            for slot in slots:
                if deck[slot] == OPEN:
                    deck[slot] = random_free(rng, taken)
                    taken |= 1 << deck[slot]
        return deck

    def draw_card(self, player: int, taken: int) -> int | None:
        """The card ``player`` draws for deal as entered (a card already taken: the
        closest available one), or None for Return alone (drawn at random)."""
        cards = self._entry(DRAW_PROMPTS[player], 1, taken)
        return cards[0] if cards else None

    def stock_card(self, deck: Sequence[int], rng: Xorshift32) -> int:
        """The card drawn into an ``OPEN`` stock slot: entered, or a random free one."""
        taken = taken_mask(deck)
        cards = self._entry(STOCK_PROMPT, 1, taken)
        return cards[0] if cards else random_free(rng, taken)
