"""The EAAI 2021 Gin Rummy challenge's simple player, as an outside baseline agent (not a
Gin King personality; it follows the standard rules of the manual's "Rules of Gin").

Strategy:
    draw:    take the upcard iff it is part of some meld of hand + upcard
    discard: among the eligible cards leaving the least deadwood (card-number order),
             pick one at random from its own xorshift32 (below(count))
    knock:   as soon as it can
Under runs around the corner its melds and deadwood are the corner ones (view.counting).
"""
from __future__ import annotations

from gin_king.oracle.cards import Card, from_mask
from gin_king.oracle.measures import dw_after, eligible_discards
from gin_king.oracle.rng import Xorshift32
from gin_king.oracle.view import PlayerView


class SimplePlayer:
    name = "Simple"

    def __init__(self, seed: int = 1) -> None:
        self.rng = Xorshift32(seed)

    def wants_upcard(self, view: PlayerView) -> bool:
        upcard = view.upcard
        with_up = view.hand_mask | 1 << upcard
        return any(m.mask >> upcard & 1 for m in view.counting.candidates(with_up))

    def choose_discard(self, view: PlayerView) -> Card:
        hand = view.hand_mask
        eligible = from_mask(eligible_discards(hand, view.taken_from_pile))
        scores = [dw_after(c, hand, view.counting) for c in eligible]
        low = min(scores)
        ties = [c for c, s in zip(eligible, scores) if s == low]
        return ties[self.rng.below(len(ties))]

    def wants_knock(self, view: PlayerView, discard: Card | None = None) -> bool:
        return True
