"""Hand and game scoring (manual, "Rules of Gin": "Scoring"; Glossary "Box", "Skunk",
"Undercut").
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gin_king.oracle.rules import BOX_BONUS, GAME_BONUS, GIN_BONUS, UNDERCUT_BONUS


class HandKind(Enum):
    KNOCK = "knock"
    GIN = "gin"
    UNDERCUT = "undercut"
    WALL = "wall"


@dataclass(frozen=True)
class HandScore:
    kind: HandKind
    winner: int | None   # player index, None for a wall (tie)
    points: int


def score_hand(knocker: int, knocker_deadwood: int, defender_deadwood: int,
               multiplier: int = 1) -> HandScore:
    """Score a knock. ``defender_deadwood`` is after laying off (none is allowed on gin)."""
    defender = 1 - knocker
    if knocker_deadwood == 0:
        kind, winner, points = HandKind.GIN, knocker, defender_deadwood + GIN_BONUS
    elif defender_deadwood <= knocker_deadwood:
        # "If the opponent has less or equal deadwood, he scores the difference plus a 25
        # point bonus for undercutting."
        kind, winner = HandKind.UNDERCUT, defender
        points = knocker_deadwood - defender_deadwood + UNDERCUT_BONUS
    else:
        kind, winner, points = HandKind.KNOCK, knocker, defender_deadwood - knocker_deadwood
    # Oklahoma: a spade knock card doubles the whole hand, bonuses included.
    return HandScore(kind, winner, points * multiplier)


WALL_SCORE = HandScore(HandKind.WALL, None, 0)


@dataclass(frozen=True)
class FinalScore:
    """The score sheet at game end: per player totals, and the winner's net winnings."""

    winner: int
    hand_points: tuple[int, int]
    boxes: tuple[int, int]
    game_bonus: int
    shutout: bool
    totals: tuple[int, int]
    net: int


def final_score(winner: int, hand_points: tuple[int, int], boxes: tuple[int, int]) -> FinalScore:
    loser = 1 - winner
    shutout = boxes[loser] == 0
    totals = [hand_points[p] + BOX_BONUS * boxes[p] for p in range(2)]
    # Skunk: "the winner's score (including the game bonus) is doubled" -- the hand points
    # and the game bonus; the box bonus is added once.
    winner_core = hand_points[winner] + GAME_BONUS
    totals[winner] = winner_core * (2 if shutout else 1) + BOX_BONUS * boxes[winner]
    return FinalScore(winner, hand_points, boxes, GAME_BONUS, shutout, (totals[0], totals[1]),
                      totals[winner] - totals[loser])
