"""The game as a state machine (manual, "Rules of Gin": "The Play", "Knocking", "Scoring").

Shaped like OpenSpiel's gin_rummy: explicit phases, each with its own method, integer
actions, ``legal_actions()`` / ``apply_action()`` for the players and ``advance()`` for the
automatic steps (the deal, laying off and scoring, the wall, the end of a hand). Variant
rules enter once per hand through ``HandTerms``; observers live in ``view.py``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from gin_king.oracle.cards import Card, count_cards, from_mask
from gin_king.oracle.dealing import (OPEN, DeckSource, ShuffledDecks, draw_for_deal,
                                     open_stock_card)
from gin_king.oracle.layoff import Defence, best_defence
from gin_king.oracle.measures import eligible_discards
from gin_king.oracle.melds import Arrangement, meld_functions
from gin_king.oracle.rng import Xorshift32
from gin_king.oracle.rules import (PILE_TURNS_LIMIT, WALL_STOCK_SIZE, HandTerms, Rules,
                                   hand_terms)
from gin_king.oracle.scoring import (WALL_SCORE, FinalScore, HandScore, HollywoodTally,
                                     final_score, score_hand)


class Phase(Enum):
    DEAL = "deal"
    FIRST_UPCARD = "first upcard"
    DRAW = "draw"
    DISCARD = "discard"
    KNOCK = "knock"
    LAYOFF = "lay-off"
    WALL = "wall"
    HAND_OVER = "hand over"
    GAME_OVER = "game over"


# Actions: 0..51 discard that card; then the named ones.
DRAW_STOCK = 52
TAKE_UPCARD = 53
PASS = 54
KNOCK = 55
NO_KNOCK = 56
ACTION_NAMES = {DRAW_STOCK: "draw stock", TAKE_UPCARD: "take upcard", PASS: "pass",
                KNOCK: "knock", NO_KNOCK: "no knock"}

# Two random players can wall hand after hand; real games end in a few dozen hands, so a
# game still running after this many hands is stopped without a winner.
MAX_HANDS = 200

AUTOMATIC_PHASES = (Phase.DEAL, Phase.LAYOFF, Phase.WALL, Phase.HAND_OVER)


@dataclass
class HandRecord:
    """One finished hand: how it was dealt, how it ended, what was laid down."""

    deck: tuple[int, ...]
    dealer: int
    first_upcard: Card
    score: HandScore
    knocker: int | None = None
    knock_arrangement: Arrangement | None = None
    defence: Defence | None = None


@dataclass
class HandState:
    deck: list[int]
    dealer: int
    terms: HandTerms
    hands: list[int]                     # 52-bit masks
    stock: list[int]
    pile: list[int]
    taken_from_pile: int | None = None
    pending_discard: int | None = None
    offer_stage: int = 0                 # first upcard: 0 non-dealer asked, 1 dealer asked
    took: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    declined: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    discarded: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    draws: list[int] = field(default_factory=lambda: [0, 0])
    pile_turns: int = 0                  # turns in a row that took the upcard
    knocker: int | None = None
    opening_discard: int | None = None   # Eleven/Ten: the first player's discard

    @property
    def nondealer(self) -> int:
        return 1 - self.dealer

    @property
    def first_upcard(self) -> int:
        """The hand's first upcard: deck[20], or under the Eleven/Ten deal the first
        player's opening discard (seed 002: "The discarded card is the first upcard")."""
        return self.deck[20] if self.opening_discard is None else self.opening_discard


class GameState:
    """A whole game between players 0 and 1."""

    def __init__(self, rules: Rules = Rules(), seed: int = 0,
                 deck_source: DeckSource | None = None, first_dealer: int | None = None,
                 deals_himself=None) -> None:
        """``deals_himself(player)``: the choice of the player who draws high (deal
        himself, or make the opponent deal); default the computer's rule (dealing.py)."""
        self.rules = rules
        # House rules pick the deadwood functions once: the manual's game keeps the plain ones.
        self._deadwood, self._arrangement = meld_functions(rules)
        self._eleven_ten = rules.eleven_ten
        self.rng = Xorshift32(seed)
        self.deck_source = deck_source or ShuffledDecks()
        self.draw_cards: tuple[int, int, int] | None = None
        if first_dealer is None:
            self.draw_cards = draw_for_deal(      # User Supplied Cards: asked for
                self.rng, deals_himself, getattr(self.deck_source, "draw_card", None))
            first_dealer = self.draw_cards[2]
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.scores = [0, 0]
        self.hands_won = [0, 0]
        self.history: list[HandRecord] = []
        self.hand: HandState | None = None
        self.phase = Phase.DEAL
        self.current_player = 1 - first_dealer
        self.final: FinalScore | None = None
        self.winner: int | None = None
        # Hollywood: three games at once; scores and hands_won show the current game.
        self.hollywood = HollywoodTally(rules) if rules.scoring == "hollywood" else None

    # ---- queries -------------------------------------------------------------------
    def is_automatic(self) -> bool:
        return self.phase in AUTOMATIC_PHASES

    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def legal_actions(self) -> list[int]:
        hand = self.hand
        if self.phase is Phase.FIRST_UPCARD:
            return [TAKE_UPCARD, PASS]
        if self.phase is Phase.DRAW:
            return [DRAW_STOCK, TAKE_UPCARD]
        if self.phase is Phase.DISCARD:
            # Any of the 11 cards but the one just taken from the pile: the manual is
            # silent; the common rule (Hoyle, OpenSpiel, the EAAI framework) forbids it
            # (docs/rules.md, issue 45). The personalities never chose it anyway.
            return from_mask(eligible_discards(hand.hands[self.current_player],
                                               hand.taken_from_pile))
        if self.phase is Phase.KNOCK:
            return [KNOCK, NO_KNOCK]
        return []

    def card_count(self) -> int:
        """Cards in hands, stock, pile and the pending discard (always 52 once dealt)."""
        h = self.hand
        held = sum(count_cards(m) for m in h.hands)
        return held + len(h.stock) + len(h.pile) + (h.pending_discard is not None)

    # ---- player actions ------------------------------------------------------------
    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            if self.phase is Phase.DISCARD and action == self.hand.taken_from_pile:
                raise ValueError(f"illegal action {action}: the card just taken from the "
                                 "pile may not be discarded in the same turn")
            raise ValueError(f"illegal action {action} in phase {self.phase.value}")
        {Phase.FIRST_UPCARD: self._first_upcard, Phase.DRAW: self._draw,
         Phase.DISCARD: self._discard, Phase.KNOCK: self._knock}[self.phase](action)

    def _take_upcard(self, player: int) -> None:
        h = self.hand
        card = h.pile.pop()
        h.hands[player] |= 1 << card
        h.taken_from_pile = card
        h.took[player].append(card)
        h.draws[player] += 1
        h.pile_turns += 1
        self.phase = Phase.DISCARD

    def _draw_stock(self, player: int) -> None:
        h = self.hand
        card = h.stock.pop(0)
        if card == OPEN:  # User Supplied Cards: the card is asked for as it is drawn
            card = open_stock_card(self.deck_source, h.deck, self.rng)
            h.deck[len(h.deck) - len(h.stock) - 1] = card
        h.hands[player] |= 1 << card
        h.taken_from_pile = None
        h.draws[player] += 1
        h.pile_turns = 0
        self.phase = Phase.DISCARD

    def _first_upcard(self, action: int) -> None:
        # "The nondealer may begin play by taking the first upcard. If he refuses it, the
        # dealer may take the first upcard. If both refuse the upcard, the nondealer draws
        # the top card from the stock and play begins."
        h = self.hand
        if action == TAKE_UPCARD:
            self._take_upcard(self.current_player)
            return
        h.declined[self.current_player].append(h.pile[-1])
        if h.offer_stage == 0:
            h.offer_stage = 1
            self.current_player = h.dealer
        else:
            self.current_player = h.nondealer
            self._draw_stock(h.nondealer)

    def _draw(self, action: int) -> None:
        if action == TAKE_UPCARD:
            self._take_upcard(self.current_player)
        else:
            self.hand.declined[self.current_player].append(self.hand.pile[-1])
            self._draw_stock(self.current_player)

    def _discard(self, card: int) -> None:
        h = self.hand
        h.hands[self.current_player] &= ~(1 << card)
        h.pending_discard = card
        if self._eleven_ten and h.opening_discard is None:
            # Eleven/Ten: the opening discard is the first upcard (spades double reads it).
            h.opening_discard = card
            h.terms = hand_terms(self.rules, card)
        # "A player may legally knock when the total of his deadwood is ten points or less"
        # (Oklahoma: the knock card's limit); the knock decision follows the discard.
        if self._deadwood(h.hands[self.current_player]) <= h.terms.knock_limit:
            self.phase = Phase.KNOCK
        else:
            self._finish_discard()

    def _finish_discard(self) -> None:
        h = self.hand
        card = h.pending_discard
        h.pile.append(card)
        h.discarded[self.current_player].append(card)
        h.pending_discard = None
        h.taken_from_pile = None
        if len(h.stock) <= WALL_STOCK_SIZE or h.pile_turns >= PILE_TURNS_LIMIT:
            # "If a hand continues until there are only two cards in the stock, the hand
            # ends in a tie": checked once the discard is made without a knock; so is a
            # hand whose stock stopped shrinking (docs/rules.md).
            self.phase = Phase.WALL
        else:
            self.current_player = 1 - self.current_player
            self.phase = Phase.DRAW

    def _knock(self, action: int) -> None:
        h = self.hand
        if action == NO_KNOCK:
            self._finish_discard()
            return
        # The knock card goes face down on the pile: it stays out of play either way.
        h.pile.append(h.pending_discard)
        h.discarded[self.current_player].append(h.pending_discard)
        h.pending_discard = None
        h.knocker = self.current_player
        self.phase = Phase.LAYOFF

    # ---- automatic steps -----------------------------------------------------------
    def advance(self) -> None:
        {Phase.DEAL: self._deal, Phase.LAYOFF: self._lay_off, Phase.WALL: self._wall,
         Phase.HAND_OVER: self._hand_over}[self.phase]()

    def _deal(self) -> None:
        deck = self.deck_source.deck(len(self.history), self.rng, self.dealer)
        nondealer = 1 - self.dealer
        hands = [0, 0]
        for i in range(20):  # one at a time, the non-dealer first (docs/rng.md)
            hands[nondealer if i % 2 == 0 else self.dealer] |= 1 << deck[i]
        self.hand = HandState(deck=list(deck), dealer=self.dealer,
                              terms=hand_terms(self.rules, deck[20]), hands=hands,
                              stock=list(deck[21:]), pile=[deck[20]])
        self.current_player = nondealer
        self.phase = Phase.FIRST_UPCARD
        if self._eleven_ten:
            # Eleven/Ten (seed 002): the card that would be the upcard is the first
            # player's eleventh; he begins by discarding (or knocking).
            self.hand.hands[nondealer] |= 1 << deck[20]
            self.hand.pile = []
            self.phase = Phase.DISCARD

    def _lay_off(self) -> None:
        h = self.hand
        knocker = h.knocker
        arrangement = self._arrangement(h.hands[knocker])
        gin = arrangement.deadwood == 0
        defence = best_defence(from_mask(h.hands[1 - knocker]), arrangement.melds,
                               not self.rules.may_lay_off(gin), self.rules.around_corner)
        score = score_hand(knocker, arrangement.deadwood, defence.deadwood, h.terms.multiplier,
                           self.rules)
        self._record(HandRecord(tuple(h.deck), h.dealer, Card(h.first_upcard), score,
                                knocker, arrangement, defence))

    def _wall(self) -> None:
        h = self.hand
        self._record(HandRecord(tuple(h.deck), h.dealer, Card(h.first_upcard), WALL_SCORE))

    def _record(self, record: HandRecord) -> None:
        self.history.append(record)
        if record.score.winner is not None and self.hollywood is not None:
            self.hollywood.record(record.score.winner, record.score.points)
            self._show_hollywood_game()
        elif record.score.winner is not None:
            self.scores[record.score.winner] += record.score.points
            self.hands_won[record.score.winner] += 1
        self.phase = Phase.HAND_OVER

    def _show_hollywood_game(self) -> None:
        game = self.hollywood.current()
        self.scores = list(self.hollywood.scores[game])
        self.hands_won = list(self.hollywood.boxes[game])

    def _hand_over(self) -> None:
        last = self.history[-1].score
        if self.hollywood is not None:
            self.hollywood.close_games()
            self._show_hollywood_game()
            if not self.hollywood.open_games():
                self.final = self.hollywood.match()
                self.winner = self.final.winner
                self.phase = Phase.GAME_OVER
                return
        leader = max((0, 1), key=lambda p: self.scores[p])
        if self.hollywood is None and self.scores[leader] >= self.rules.points_per_game:
            # "The first player to reach 100 points wins the game" (only the hand's winner
            # scores, so at most one player can reach it).
            self.winner = leader
            self.final = final_score(leader, (self.scores[0], self.scores[1]),
                                     (self.hands_won[0], self.hands_won[1]), self.rules)
            self.phase = Phase.GAME_OVER
            return
        if len(self.history) >= MAX_HANDS:
            self.phase = Phase.GAME_OVER
            return
        # "The winner of each hand deals the following hand"; after a wall the same dealer
        # deals again.
        if last.winner is not None:
            self.dealer = last.winner
        self.phase = Phase.DEAL
