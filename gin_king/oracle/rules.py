"""The game settings of the manual's "Settings Menu" (Game Settings dialog) and the knock
limit of "Rules of Gin" / "Oklahoma Gin".

A ``Rules`` value is fixed for a whole game; per-hand facts that follow from it (the knock
limit, the spade doubling) are computed here once per hand rather than threaded through
the engine as flags.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gin_king.oracle.cards import card_value

POINTS_PER_GAME = (100, 150, 200, 300, 400, 500)  # manual, "Points Per Game"
GAME_BONUS = 100        # manual, "Scoring": game bonus
BOX_BONUS = 25          # per hand won ("box or line bonus")
GIN_BONUS = 25
UNDERCUT_BONUS = 25
STANDARD_KNOCK_LIMIT = 10
HAND_SIZE = 10          # cards dealt to each player
WALL_STOCK_SIZE = 2     # "only two cards in the stock": the hand is a tie
# Turns in a row that take the upcard (the stock never shrinks) before the hand is a tie:
# two programs could otherwise pass cards through the pile forever. No personality comes
# near it; in the desktop game the human can always draw from the stock instead.
PILE_TURNS_LIMIT = 52


class Variant(Enum):
    STANDARD = "standard"
    OKLAHOMA = "oklahoma"


class ShuffleMode(Enum):
    SHUFFLE = "shuffle"
    REPLAY = "replay"
    USER = "user"


@dataclass(frozen=True)
class Rules:
    variant: Variant = Variant.STANDARD
    points_per_game: int = 100
    shuffle_mode: ShuffleMode = ShuffleMode.SHUFFLE

    def __post_init__(self) -> None:
        if self.points_per_game not in POINTS_PER_GAME:
            raise ValueError(f"points per game must be one of {POINTS_PER_GAME}")


@dataclass(frozen=True)
class HandTerms:
    """What the first upcard fixes for one hand."""

    knock_limit: int
    multiplier: int


def hand_terms(rules: Rules, first_upcard: int) -> HandTerms:
    if rules.variant is Variant.STANDARD:
        return HandTerms(STANDARD_KNOCK_LIMIT, 1)
    # Oklahoma: the knock card's value is the limit; an Ace (value 1) means gin only
    # (manual, Glossary "Knock Card"); a spade doubles the hand.
    value = card_value(first_upcard)
    limit = 0 if value == 1 else value
    return HandTerms(limit, 2 if first_upcard // 13 == 3 else 1)
