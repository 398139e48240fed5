"""Hand and game scoring (manual, "Rules of Gin": "Scoring"; Glossary "Box", "Skunk",
"Undercut").
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gin_king.oracle.rules import DEFAULT_RULES, SHUTOUT_DOUBLE, Rules


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
               multiplier: int = 1, rules: Rules = DEFAULT_RULES) -> HandScore:
    """Score a knock. ``defender_deadwood`` is after laying off (none is allowed on gin
    unless the house rules allow it; a gin is never undercut). ``rules`` sets the gin and
    undercut bonuses."""
    defender = 1 - knocker
    if knocker_deadwood == 0:
        kind, winner, points = HandKind.GIN, knocker, defender_deadwood + rules.gin_bonus
    elif defender_deadwood <= knocker_deadwood:
        # "If the opponent has less or equal deadwood, he scores the difference plus a 25
        # point bonus for undercutting."
        kind, winner = HandKind.UNDERCUT, defender
        points = knocker_deadwood - defender_deadwood + rules.undercut_bonus
    else:
        kind, winner, points = HandKind.KNOCK, knocker, defender_deadwood - knocker_deadwood
    # Oklahoma (and the spades-double house rule): a spade knock card doubles the
    # whole hand, bonuses included.
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


def box_points(boxes: tuple[int, int], rules: Rules = DEFAULT_RULES) -> tuple[int, int]:
    """Each player's box bonus: per hand won (the manual), for each hand won more than the
    opponent (GIN!, seed 004: "5 and 3 ... 2 times the Box bonus"), or none (seed 001's
    option off)."""
    if rules.box == "each":
        return rules.box_bonus * boxes[0], rules.box_bonus * boxes[1]
    if rules.box == "difference":
        lead = boxes[0] - boxes[1]
        return rules.box_bonus * max(lead, 0), rules.box_bonus * max(-lead, 0)
    return 0, 0


def final_score(winner: int, hand_points: tuple[int, int], boxes: tuple[int, int],
                rules: Rules = DEFAULT_RULES) -> FinalScore:
    loser = 1 - winner
    shutout = boxes[loser] == 0
    box = box_points(boxes, rules)
    totals = [hand_points[p] + box[p] for p in range(2)]
    # Skunk: "the winner's score (including the game bonus) is doubled" -- the hand points
    # and the game bonus; the box bonus is added once. With a shutout bonus in points (the
    # Blitz of seed 004) those points are added instead of doubling.
    winner_core = hand_points[winner] + rules.game_bonus
    if shutout and rules.shutout == SHUTOUT_DOUBLE:
        winner_core *= 2
    elif shutout:
        winner_core += rules.shutout
    totals[winner] = winner_core + box[winner]
    return FinalScore(winner, hand_points, boxes, rules.game_bonus, shutout,
                      (totals[0], totals[1]), totals[winner] - totals[loser])
