"""Playing whole games between two agents (manual, "Rules of Gin"; "Shuffle Mode" for
Replay Cards).

The agent protocol: ``wants_upcard(view) -> bool`` (draw, and the first-upcard offer),
``choose_discard(view) -> Card`` (view holds 11 cards), ``wants_knock(view, discard) ->
bool`` (asked only when the knock is legal; the view holds the 10 cards kept); optionally
``wants_to_deal(opponent_name) -> bool``, asked of the player who draws high for deal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from gin_king.oracle.cards import Card
from gin_king.oracle.dealing import DeckSource, ReplayDecks, seats_of_deck
from gin_king.oracle.rules import Rules
from gin_king.oracle.scoring import FinalScore
from gin_king.oracle.state import (DRAW_STOCK, KNOCK, NO_KNOCK, PASS, TAKE_UPCARD, GameState,
                                   HandRecord, Phase)
from gin_king.oracle.view import PlayerView, observe


class Agent(Protocol):
    name: str

    def wants_upcard(self, view: PlayerView) -> bool: ...

    def choose_discard(self, view: PlayerView) -> Card: ...

    def wants_knock(self, view: PlayerView, discard: Card) -> bool: ...


@dataclass
class GameResult:
    winner: int | None                 # None: stopped at MAX_HANDS without a winner
    scores: tuple[int, int]            # hand points
    hands_won: tuple[int, int]
    final: FinalScore | None
    hands: list[HandRecord]
    first_dealer: int

    @property
    def decks(self) -> list[tuple[int, ...]]:
        """Every hand's deck order, for Replay Cards."""
        return [h.deck for h in self.hands]

    @property
    def deals(self) -> list[tuple[int, ...]]:
        """Every hand's cards by seat (player 0's ten, player 1's ten, upcard, stock), for
        Replay Cards."""
        return [seats_of_deck(h.deck, h.dealer) for h in self.hands]

    @property
    def net(self) -> tuple[int, int]:
        """Net winnings from each player's side (zero for both with no winner)."""
        if self.final is None:
            return (0, 0)
        sign = 1 if self.final.winner == 0 else -1
        return (sign * self.final.net, -sign * self.final.net)


def replay_source(previous: GameResult) -> tuple[DeckSource, int]:
    """Replay Cards: the previous game's deals by seat, and its first dealer."""
    return ReplayDecks(previous.deals), previous.first_dealer


def _name(agent: object, fallback: str) -> str:
    return getattr(agent, "name", fallback)


def play_game(agent_a: Agent, agent_b: Agent, rules: Rules = Rules(), seed: int = 0,
              deck_source: DeckSource | None = None, first_dealer: int | None = None,
              state_check=None) -> GameResult:
    """Play one game; ``agent_a`` is player 0. ``state_check(state)``, if given, is
    called after every step (tests use it for invariants)."""
    agents = (agent_a, agent_b)
    names = (_name(agent_b, "your opponent"), _name(agent_a, "your opponent"))
    def deals_himself(player: int) -> bool:
        # An agent may choose on drawing high (``wants_to_deal(opponent_name)``); one
        # without the method follows the computer's rule (dealing.py).
        choose = getattr(agents[player], "wants_to_deal", None)
        return bool(choose(names[player])) if choose is not None else False

    state = GameState(rules, seed, deck_source, first_dealer, deals_himself)
    while not state.is_over():
        if state.is_automatic():
            state.advance()
        else:
            player = state.current_player
            agent = agents[player]
            view = observe(state, player, names[player])
            if state.phase is Phase.FIRST_UPCARD:
                action = TAKE_UPCARD if agent.wants_upcard(view) else PASS
            elif state.phase is Phase.DRAW:
                action = TAKE_UPCARD if agent.wants_upcard(view) else DRAW_STOCK
            elif state.phase is Phase.DISCARD:
                action = int(agent.choose_discard(view))
            else:
                pending = Card(state.hand.pending_discard)
                action = KNOCK if agent.wants_knock(view, pending) else NO_KNOCK
            state.apply_action(action)
        if state_check is not None:
            state_check(state)
    return GameResult(state.winner, (state.scores[0], state.scores[1]),
                      (state.hands_won[0], state.hands_won[1]), state.final,
                      state.history, state.first_dealer)
