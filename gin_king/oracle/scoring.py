"""Hand and game scoring (manual, "Rules of Gin": "Scoring"; Glossary "Box", "Skunk",
"Undercut").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from gin_king.oracle.rules import DEFAULT_RULES, HOLLYWOOD_GAMES, SHUTOUT_DOUBLE, Rules


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
    games: tuple["FinalScore", ...] = ()   # Hollywood: each game's own sheet


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


@dataclass
class HollywoodTally:
    """Hollywood scoring (GIN!, seed 004): three games scored at once.

    "The 1st hand a player wins is scored in game #1. The 2nd hand is scored in game #1
    and game #2, etc." -- each won hand enters its winner in the lowest open game he has
    not entered yet (so once game 1 is over a first win starts game 2: "The 2nd player's
    first points would start scoring in game #2"), then scores in every open game he has
    entered. Each game ends on its own when a player reaches the target, with its game
    bonus, boxes and shutout (the loser won no hand in that game); the match ends when all
    three have.
    """

    rules: Rules
    scores: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in range(3)])
    boxes: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in range(3)])
    entered: list[set[int]] = field(default_factory=lambda: [set(), set()])
    finals: list[FinalScore | None] = field(default_factory=lambda: [None] * HOLLYWOOD_GAMES)

    def open_games(self) -> list[int]:
        return [g for g in range(HOLLYWOOD_GAMES) if self.finals[g] is None]

    def record(self, winner: int, points: int) -> None:
        games = self.open_games()
        new = [g for g in games if g not in self.entered[winner]]
        if new:
            self.entered[winner].add(new[0])
        for g in games:
            if g in self.entered[winner]:
                self.scores[g][winner] += points
                self.boxes[g][winner] += 1

    def close_games(self) -> None:
        """Close every open game in which a player has reached the target."""
        for g in self.open_games():
            leader = max((0, 1), key=lambda p: self.scores[g][p])
            if self.scores[g][leader] >= self.rules.points_per_game:
                self.finals[g] = final_score(leader, tuple(self.scores[g]),
                                             tuple(self.boxes[g]), self.rules)

    def current(self) -> int:
        """The game the players see: the lowest open one (the last once all are over)."""
        games = self.open_games()
        return games[0] if games else HOLLYWOOD_GAMES - 1

    def match(self) -> FinalScore:
        """The whole match as one sheet: each figure summed over the three games; the
        winner is the player with the larger total (on equal totals, the one who won more
        games)."""
        finals = [f for f in self.finals if f is not None]
        totals = tuple(sum(f.totals[p] for f in finals) for p in range(2))
        won = [sum(f.winner == p for f in finals) for p in range(2)]
        winner = max((0, 1), key=lambda p: (totals[p], won[p]))
        return FinalScore(winner, tuple(sum(f.hand_points[p] for f in finals) for p in range(2)),
                          tuple(sum(f.boxes[p] for f in finals) for p in range(2)),
                          sum(f.game_bonus for f in finals), any(f.shutout for f in finals),
                          totals, totals[winner] - totals[1 - winner], tuple(finals))
