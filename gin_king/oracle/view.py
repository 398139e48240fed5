"""What one player may see of the game (the observer of the state, OpenSpiel style).

The view is what the manual's personalities can know: their own hand, the discard pile, the
stock's size, what the opponent took from the pile, declined and discarded this hand, the
scores and the rules. The opponent's hand and the stock order never appear here.
"""
from __future__ import annotations

from dataclasses import dataclass

from gin_king.oracle.cards import Card, from_mask, parse_cards, to_mask
from gin_king.oracle.melds import Counting, counting
from gin_king.oracle.rules import Rules
from gin_king.oracle.state import GameState, Phase


@dataclass(frozen=True)
class PlayerView:
    player: int
    phase: Phase
    hand: tuple[Card, ...]               # 10 to draw, 11 to discard, 10 (after it) to knock
    discard_pile: tuple[Card, ...]       # bottom to top
    stock_size: int
    taken_from_pile: Card | None         # just taken from the pile (not to be discarded)
    first_upcard_offer: bool
    # The four history lists are events of this hand in order, not places: a card may recur
    # (declined at the offer and again at the next draw; discarded, taken back, discarded
    # again). The players read them as such: where a card is now comes from the places
    # (hand, pile), e.g. ``opponent_known_mask``.
    my_took: tuple[Card, ...]
    opponent_took: tuple[Card, ...]
    opponent_declined: tuple[Card, ...]
    opponent_discarded: tuple[Card, ...]
    my_draws: int
    opponent_draws: int
    scores: tuple[int, int]              # (mine, opponent's)
    hands_won: tuple[int, int]
    rules: Rules
    knock_limit: int
    opponent_name: str = "your opponent"

    @property
    def upcard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def hand_mask(self) -> int:
        return to_mask(self.hand)

    @property
    def pile_mask(self) -> int:
        return to_mask(self.discard_pile)

    @property
    def opponent_known_mask(self) -> int:
        """Cards the opponent took from the pile and still holds: taken (once or more) and
        neither on the pile nor in this hand now, so in his hand."""
        return to_mask(self.opponent_took) & ~self.pile_mask & ~self.hand_mask

    @property
    def target(self) -> int:
        """The points per game. Under Hollywood scoring ``scores`` and ``hands_won`` are the
        lowest open game's, the one nearest its end (docs/personalities.md "Under house
        rules"), and each game is played to this target."""
        return self.rules.points_per_game

    @property
    def counting(self) -> Counting:
        """How this game counts melds and deadwood (runs around the corner or not): every
        computer player asks it, never the plain functions."""
        return counting(self.rules)


def observe(state: GameState, player: int, opponent_name: str = "your opponent") -> PlayerView:
    h = state.hand
    other = 1 - player
    return PlayerView(
        player=player,
        phase=state.phase,
        hand=tuple(from_mask(h.hands[player])),
        discard_pile=tuple(Card(c) for c in h.pile),
        stock_size=len(h.stock),
        taken_from_pile=None if h.taken_from_pile is None else Card(h.taken_from_pile),
        first_upcard_offer=state.phase is Phase.FIRST_UPCARD,
        my_took=tuple(Card(c) for c in h.took[player]),
        opponent_took=tuple(Card(c) for c in h.took[other]),
        opponent_declined=tuple(Card(c) for c in h.declined[other]),
        opponent_discarded=tuple(Card(c) for c in h.discarded[other]),
        my_draws=h.draws[player],
        opponent_draws=h.draws[other],
        scores=(state.scores[player], state.scores[other]),
        hands_won=(state.hands_won[player], state.hands_won[other]),
        rules=state.rules,
        knock_limit=h.terms.knock_limit,
        opponent_name=opponent_name,
    )


def view_from_cards(hand: str | list[int], pile: str | list[int] = (), *,
                    opponent_took: list[int] = (), taken_from_pile: int | None = None,
                    stock_size: int = 20, scores: tuple[int, int] = (0, 0),
                    hands_won: tuple[int, int] = (0, 0), rules: Rules = Rules(),
                    knock_limit: int = 10, opponent_draws: int = 5,
                    first_upcard_offer: bool = False, opponent_name: str = "your opponent",
                    phase: Phase = Phase.DRAW) -> PlayerView:
    """A view set up by hand (advice scenarios, tests, the native comparison harness)."""

    def cards(x):
        return tuple(parse_cards(x)) if isinstance(x, str) else tuple(Card(c) for c in x)

    return PlayerView(player=0, phase=phase, hand=cards(hand), discard_pile=cards(pile),
                      stock_size=stock_size,
                      taken_from_pile=None if taken_from_pile is None else Card(taken_from_pile),
                      first_upcard_offer=first_upcard_offer, my_took=(),
                      opponent_took=cards(opponent_took), opponent_declined=(),
                      opponent_discarded=(), my_draws=opponent_draws,
                      opponent_draws=opponent_draws, scores=scores, hands_won=hands_won,
                      rules=rules, knock_limit=knock_limit, opponent_name=opponent_name)
