"""The OpenSpiel bridge: our computer players in OpenSpiel's ``gin_rummy``, with OpenSpiel as
the referee (docs/openspiel.md).

``GinKingBot`` is a ``pyspiel.Bot`` that plays one seat of ``gin_rummy`` with any of our
players (tournament.AGENTS: the manual's personalities and the simple player). It builds
our ``PlayerView`` from what that seat may see (its hand, the pile, the stock's size, and
the action history for what the opponent took, declined and discarded), asks the player,
and answers with an OpenSpiel action; after a knock it lays the oracle's canonical melds,
and as defender it lays off what the oracle's lay-off search picks.

`gin-king openspiel --p1 NAME --p2 simple|NAME --hands N --seed S [--json]` plays hands in
OpenSpiel's engine and prints the win rate and mean points per hand with 95 % intervals.

OpenSpiel is an optional extra (``pip install '.[openspiel]'``); ``pyspiel`` is imported
only when a bridge function needs it.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
from dataclasses import asdict, dataclass
from types import ModuleType

from gin_king.oracle.cards import Card, to_mask
from gin_king.oracle.layoff import best_defence
from gin_king.oracle.melds import ALL_MELDS, Meld, arrangement_of_mask, deadwood_of_mask
from gin_king.oracle.rules import GIN_BONUS, STANDARD_KNOCK_LIMIT, UNDERCUT_BONUS, Rules
from gin_king.oracle.scoring import score_hand
from gin_king.oracle.state import Phase
from gin_king.oracle.tournament import AGENTS, make_agent
from gin_king.oracle.view import PlayerView

INSTALL_HINT = ("OpenSpiel is not installed: install the extra with "
                "pip install 'gin-king-gs[openspiel]' (from a checkout: pip install '.[openspiel]')")

# The rules both engines share: standard gin, knock at 10, 25 for gin and for an undercut.
GAME_PARAMS = {"oklahoma": False, "knock_card": STANDARD_KNOCK_LIMIT,
               "gin_bonus": GIN_BONUS, "undercut_bonus": UNDERCUT_BONUS}
# In this bridge "simple" is OpenSpiel's simple gin bot; our own simple player
# (oracle/baseline.py, "simple" elsewhere) is "baseline" here.
SIMPLE = "simple"
BASELINE = "baseline"

# OpenSpiel numbers a card suit * 13 + rank with the suits in the order s c d h; ours are
# c d h s (docs/rng.md). Ranks agree (0 = ace).
_OS_SUIT_OF_OURS = (1, 2, 3, 0)
_OUR_SUIT_OF_OS = (3, 0, 1, 2)

# OpenSpiel's action numbers (open_spiel/games/gin_rummy/gin_rummy.h).
DRAW_UPCARD = 52
DRAW_STOCK = 53
PASS = 54
KNOCK = 55
MELD_BASE = 56
MAX_RUN_ACTION = 5         # OpenSpiel's meld actions name runs of 3 to 5 cards


def pyspiel_module() -> ModuleType:
    """``pyspiel``, or a clear error naming the extra to install."""
    try:
        import pyspiel
    except ImportError as error:
        raise RuntimeError(INSTALL_HINT) from error
    return pyspiel


def to_openspiel(card: int) -> int:
    return _OS_SUIT_OF_OURS[card // 13] * 13 + card % 13


def from_openspiel(card: int) -> Card:
    return Card.of(card % 13, _OUR_SUIT_OF_OS[card // 13])


def load_game():
    return pyspiel_module().load_game("gin_rummy", dict(GAME_PARAMS))


_MELD_BY_MASK = {m.mask: m for m in ALL_MELDS}


class _Melds:
    """OpenSpiel's meld ids <-> our melds (built once from pyspiel's own table)."""

    def __init__(self) -> None:
        utils = pyspiel_module().gin_rummy.GinRummyUtils(13, 4, 10)
        self.by_id: dict[int, Meld] = {}
        self.id_of: dict[int, int] = {}
        for meld_id in range(pyspiel_module().gin_rummy.NUM_MELD_ACTIONS):
            mask = to_mask(from_openspiel(c) for c in utils.int_to_meld[meld_id])
            self.by_id[meld_id] = _MELD_BY_MASK[mask]
            self.id_of[mask] = meld_id

    def action_pieces(self, meld: Meld) -> list[int]:
        """Meld actions laying ``meld``: a run longer than OpenSpiel's five cards goes down
        as consecutive pieces of 3 to 5 (same deadwood; its outer ends stay open)."""
        cards = list(meld.cards)
        pieces = []
        while len(cards) > MAX_RUN_ACTION:
            size = min(MAX_RUN_ACTION, len(cards) - 3)
            pieces.append(cards[:size])
            cards = cards[size:]
        pieces.append(cards)
        return [MELD_BASE + self.id_of[to_mask(p)] for p in pieces]


_MELDS: _Melds | None = None


def melds_table() -> _Melds:
    global _MELDS
    if _MELDS is None:
        _MELDS = _Melds()
    return _MELDS


@dataclass
class _Seen:
    """What one seat has seen this hand, from the public actions (took, declined, ...)."""

    took: tuple[list[Card], list[Card]]
    declined: tuple[list[Card], list[Card]]
    discarded: tuple[list[Card], list[Card]]
    draws: list[int]
    last_took: list[Card | None]


def _replay(state) -> _Seen:
    """Walk the hand's history: who took, declined and discarded which upcard."""
    seen = _Seen(([], []), ([], []), ([], []), [0, 0], [None, None])
    upcard: int | None = None
    dealt = 0
    knocked = False
    for item in state.full_history():
        player, action = item.player, item.action
        if player < 0:                           # chance: the deal, then stock draws
            dealt += 1
            if dealt == 21:
                upcard = action
            continue
        if knocked:
            break
        if action == DRAW_UPCARD:
            seen.took[player].append(from_openspiel(upcard))
            seen.last_took[player] = from_openspiel(upcard)
            seen.draws[player] += 1
            upcard = None
        elif action == DRAW_STOCK:
            if upcard is not None:
                seen.declined[player].append(from_openspiel(upcard))
            seen.last_took[player] = None
            seen.draws[player] += 1
            upcard = None
        elif action == PASS:
            seen.declined[player].append(from_openspiel(upcard))
        elif action == KNOCK:
            knocked = True
        elif action < 52:
            seen.discarded[player].append(from_openspiel(action))
            seen.last_took[player] = None
            upcard = action
    return seen


def view_of(state, player: int, phase: Phase, hand: list[Card] | None = None,
            taken: Card | None = None, opponent_name: str = "your opponent") -> PlayerView:
    """Our ``PlayerView`` of OpenSpiel's ``state`` for ``player`` (scores 0-0, standard
    rules, knock limit 10: a hand of OpenSpiel is a fresh hand of ours)."""
    seen = _replay(state)
    other = 1 - player
    pile = [from_openspiel(c) for c in state.discard_pile()]
    if state.upcard() is not None:
        pile.append(from_openspiel(state.upcard()))
    if hand is None:
        hand = [from_openspiel(c) for c in state.hands()[player]]
        if phase is Phase.DISCARD:
            taken = seen.last_took[player]
    return PlayerView(
        player=player, phase=phase, hand=tuple(sorted(hand)), discard_pile=tuple(pile),
        stock_size=state.stock_size(), taken_from_pile=taken,
        first_upcard_offer=phase is Phase.FIRST_UPCARD,
        my_took=tuple(seen.took[player]), opponent_took=tuple(seen.took[other]),
        opponent_declined=tuple(seen.declined[other]),
        opponent_discarded=tuple(seen.discarded[other]),
        my_draws=seen.draws[player], opponent_draws=seen.draws[other], scores=(0, 0),
        hands_won=(0, 0), rules=Rules(), knock_limit=state.knock_card(),
        opponent_name=opponent_name)


def _bot_class():
    """The ``pyspiel.Bot`` subclass (defined on first use, so importing this module never
    needs OpenSpiel)."""
    global _BOT_CLASS
    if _BOT_CLASS is not None:
        return _BOT_CLASS
    pyspiel = pyspiel_module()

    class GinKingBot(pyspiel.Bot):
        """One seat of ``gin_rummy`` played by one of our players."""

        def __init__(self, name: str, player_id: int, seed: int = 1) -> None:
            pyspiel.Bot.__init__(self)
            self.name = name
            self.player_id = player_id
            self.agent = make_agent(name, seed)
            self._knock_discard: int | None = None
            self._layoffs: list[int] | None = None
            self.layoffs_refused: list[Card] = []   # the oracle's lay-offs OpenSpiel refused

        def restart(self) -> None:
            self._knock_discard = None
            self._layoffs = None
            self.layoffs_refused = []

        def inform_action(self, state, player_id, action) -> None:
            pass

        def provides_policy(self) -> bool:
            return False

        def step(self, state) -> int:
            action = self._choose(state)
            if action not in state.legal_actions():
                raise RuntimeError(f"{self.name} chose illegal action {action} "
                                   f"in {state.current_phase()}")
            return action

        # -- the decisions -----------------------------------------------------------
        def _choose(self, state) -> int:
            phases = pyspiel.gin_rummy.Phase
            phase = state.current_phase()
            legal = state.legal_actions()
            me = self.player_id
            if len(legal) == 1 and phase != phases.LAYOFF and phase != phases.KNOCK:
                return legal[0]                  # both passed the first upcard: draw
            if phase == phases.FIRST_UPCARD:
                view = view_of(state, me, Phase.FIRST_UPCARD)
                return DRAW_UPCARD if self.agent.wants_upcard(view) else PASS
            if phase == phases.DRAW:
                view = view_of(state, me, Phase.DRAW)
                return DRAW_UPCARD if self.agent.wants_upcard(view) else DRAW_STOCK
            if phase == phases.DISCARD:
                return self._discard(state, view_of(state, me, Phase.DISCARD), legal)
            if phase == phases.WALL:
                return self._wall(state, legal)
            if phase == phases.KNOCK:
                return self._lay_down(state, legal)
            if phase == phases.LAYOFF:
                return self._defend(state, legal)
            raise RuntimeError(f"no decision in phase {phase}")

        def _discard(self, state, view: PlayerView, legal: list[int]) -> int:
            card = self.agent.choose_discard(view)
            if KNOCK in legal and self._would_knock(state, view, card):
                self._knock_discard = to_openspiel(card)
                return KNOCK
            return to_openspiel(card)

        def _would_knock(self, state, view: PlayerView, card: Card) -> bool:
            kept = [c for c in view.hand if c != card]
            if deadwood_of_mask(to_mask(kept)) > state.knock_card():
                return False
            kept_view = view_of(state, self.player_id, Phase.KNOCK, kept)
            return bool(self.agent.wants_knock(kept_view, card))

        def _wall(self, state, legal: list[int]) -> int:
            # OpenSpiel's wall: with two cards left the player may knock by taking the upcard
            # (our rules end the hand as a tie). Offer our player that hand of eleven.
            if KNOCK not in legal:
                return PASS
            upcard = from_openspiel(state.upcard())
            hand = [from_openspiel(c) for c in state.hands()[self.player_id]] + [upcard]
            view = view_of(state, self.player_id, Phase.DISCARD, hand, taken=upcard)
            card = self.agent.choose_discard(view)
            if self._would_knock(state, view, card):
                self._knock_discard = to_openspiel(card)
                return KNOCK
            return PASS

        def _lay_down(self, state, legal: list[int]) -> int:
            """After our knock: the chosen discard, the canonical melds, then pass."""
            if self._knock_discard is not None:
                card, self._knock_discard = self._knock_discard, None
                return card
            return self._next_meld(state) or PASS

        def _next_meld(self, state) -> int | None:
            hand = to_mask(from_openspiel(c) for c in state.hands()[self.player_id])
            melds = arrangement_of_mask(hand).melds
            return melds_table().action_pieces(melds[0])[0] if melds else None

        def _defend(self, state, legal: list[int]) -> int:
            """Lay off what the oracle's search picks (one card at a time, each as soon as
            OpenSpiel allows it), then lay our own canonical melds."""
            if not state.finished_layoffs():
                if self._layoffs is None:
                    self._layoffs = [to_openspiel(c) for c in self._oracle_layoffs(state)]
                for card in self._layoffs:
                    if card in legal:
                        self._layoffs.remove(card)
                        return card
                self.layoffs_refused = [from_openspiel(c) for c in self._layoffs]
                return PASS
            return self._next_meld(state) or PASS

        def _oracle_layoffs(self, state) -> tuple[Card, ...]:
            knocker = 1 - self.player_id
            table = melds_table()
            knocker_melds = [table.by_id[m] for m in state.layed_melds()[knocker]]
            hand = [from_openspiel(c) for c in state.hands()[self.player_id]]
            return best_defence(hand, knocker_melds, gin=False).laid_off

    _BOT_CLASS = GinKingBot
    return GinKingBot


_BOT_CLASS = None


def our_players() -> dict[str, str]:
    """Bridge name -> our player's name in AGENTS (every personality, and the baseline)."""
    return {(BASELINE if name == "simple" else name): name for name in AGENTS}


def player_names() -> list[str]:
    return sorted(our_players()) + [SIMPLE]


def make_bot(name: str, player_id: int, seed: int = 1):
    """An OpenSpiel bot for seat ``player_id``: one of our players, or ``simple`` for
    OpenSpiel's own simple gin bot."""
    if name == SIMPLE:
        pyspiel = pyspiel_module()
        return pyspiel.make_simple_gin_rummy_bot(load_game().get_parameters(), player_id)
    ours = our_players()
    if name not in ours:
        raise ValueError(f"unknown player {name!r}; players: {', '.join(player_names())}")
    return _bot_class()(ours[name], player_id, seed)


# ---- playing hands ------------------------------------------------------------------

@dataclass(frozen=True)
class HandOutcome:
    """One hand in OpenSpiel's engine, from seat 0's side, with the oracle's verdict."""

    returns: tuple[int, int]
    knocker: int | None
    wall_knock: bool
    knocker_deadwood: int | None
    defender_deadwood: int | None       # OpenSpiel's, after what the defender laid
    oracle_points: int | None            # the oracle's score for the same hand, seat 0 side
    comparable: bool                     # the rules and the lay-offs agree (docs/openspiel.md)
    actions: int                         # player actions taken


def _oracle_verdict(state, knocker: int) -> tuple[int, int, bool]:
    """(the oracle's points for the hand from seat 0's side, its defender deadwood, whether
    the defender laid off and melded as the oracle does)."""
    table = melds_table()
    defender = 1 - knocker
    knocker_melds = [table.by_id[m] for m in state.layed_melds()[knocker]]
    knocker_cards = [c for m in knocker_melds for c in m.cards]
    knocker_cards += [from_openspiel(c) for c in state.hands()[knocker]]
    laid_off = sorted(from_openspiel(c) for c in state.layoffs())
    kept = [c for m in state.layed_melds()[defender] for c in table.by_id[m].cards]
    kept += [from_openspiel(c) for c in state.hands()[defender]]
    arrangement = arrangement_of_mask(to_mask(knocker_cards))
    gin = arrangement.deadwood == 0
    defence = best_defence(kept + laid_off, knocker_melds, gin)
    score = score_hand(knocker, arrangement.deadwood, defence.deadwood)
    points = score.points if score.winner == 0 else -score.points
    # The defender's melds count only if laid: OpenSpiel's deadwood is what stays in hand.
    melded_all = deadwood_of_mask(to_mask(kept)) == state.deadwood()[defender]
    return points, defence.deadwood, sorted(defence.laid_off) == laid_off and melded_all


def play_hand(bots, rng: random.Random, check_legal: bool = True) -> HandOutcome:
    """Play one hand of ``gin_rummy``; chance outcomes come from ``rng``."""
    game = load_game()
    state = game.new_initial_state()
    for bot in bots:
        bot.restart()
    knocker = None
    wall_knock = False
    actions = 0
    phases = pyspiel_module().gin_rummy.Phase
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        player = state.current_player()
        action = bots[player].step(state)
        if check_legal and action not in state.legal_actions():
            raise AssertionError(f"illegal action {action} by seat {player}")
        if action == KNOCK and knocker is None:
            knocker = player
            wall_knock = state.current_phase() == phases.WALL
        for other, bot in enumerate(bots):
            if other != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)
        actions += 1
    returns = tuple(int(r) for r in state.returns())
    if knocker is None:
        return HandOutcome(returns, None, False, None, None, 0, True, actions)
    points, oracle_defender_dw, same_defence = _oracle_verdict(state, knocker)
    deadwood = state.deadwood()
    kdw, ddw = deadwood[knocker], deadwood[1 - knocker]
    # Where the rules part: an equal-deadwood knock (OpenSpiel 0, ours an undercut) and a
    # knock at OpenSpiel's wall (ours is a tie before it). A defender who lays off or melds
    # otherwise than the oracle (OpenSpiel's simple bot never lays off, and against gin it
    # lays no melds; OpenSpiel refuses a second card on one end of a run) is a player's
    # choice or a lay-off rule, so those hands are not compared either.
    comparable = (not wall_knock and same_defence
                  and (kdw == 0 or oracle_defender_dw != kdw))
    return HandOutcome(returns, knocker, wall_knock, kdw, ddw, points, comparable, actions)


# ---- matches ------------------------------------------------------------------------

@dataclass(frozen=True)
class MatchSummary:
    p1: str
    p2: str
    hands: int
    seed: int
    p1_wins: int
    p2_wins: int
    ties: int
    win_rate: float                # p1's share of the hands with a winner
    win_rate_ci: tuple[float, float]
    mean_points: float             # p1's points per hand (ties count 0)
    mean_points_ci: tuple[float, float]
    comparable: int                # hands where OpenSpiel's score was checked
    disagreements: int             # ... and differed from the oracle's
    equal_deadwood: int            # knocks OpenSpiel scores 0 and we score as an undercut
    wall_knocks: int

    def line(self) -> str:
        lo, hi = self.win_rate_ci
        plo, phi = self.mean_points_ci
        return (f"{self.p1} vs {self.p2} in OpenSpiel: {self.hands} hands, {self.p1} wins "
                f"{self.p1_wins} ({100 * self.win_rate:.1f} %, 95 % CI {100 * lo:.1f}-"
                f"{100 * hi:.1f} %), {self.p2} wins {self.p2_wins}, ties {self.ties}; "
                f"{self.p1} {self.mean_points:+.2f} points/hand (95 % CI {plo:+.2f} to "
                f"{phi:+.2f}); oracle check: {self.comparable} hands scored alike "
                f"{self.comparable - self.disagreements}, differ {self.disagreements}")


def wilson(wins: int, n: int) -> tuple[float, float]:
    """Wilson 95 % interval of a share."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _hand_task(args: tuple[str, str, int, int]) -> tuple[int, bool, bool, bool, bool]:
    """Hand ``index``: p1 sits in seat ``index % 2``. Returns (p1 points, comparable,
    disagrees, equal-deadwood knock, wall knock)."""
    p1, p2, seed, index = args
    hand_seed = seed * 1_000_003 + index
    seat = index % 2
    names = (p1, p2) if seat == 0 else (p2, p1)
    bots = [make_bot(names[s], s, hand_seed ^ (0x5EED0001 + s)) for s in (0, 1)]
    out = play_hand(bots, random.Random(hand_seed))
    p1_points = out.returns[seat]
    oracle = out.oracle_points if seat == 0 else -out.oracle_points
    equal = (out.knocker is not None and not out.wall_knock and out.knocker_deadwood
             and out.knocker_deadwood == out.defender_deadwood)
    return (p1_points, out.comparable, out.comparable and oracle != p1_points, bool(equal),
            out.wall_knock)


def run_match(p1: str, p2: str, hands: int, seed: int = 1,
              jobs: int | None = None) -> MatchSummary:
    for name in (p1, p2):
        if name not in player_names():
            raise ValueError(f"unknown player {name!r}; players: {', '.join(player_names())}")
    tasks = [(p1, p2, seed, i) for i in range(hands)]
    jobs = jobs or 1
    if jobs > 1 and hands > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            rows = pool.map(_hand_task, tasks, chunksize=max(1, hands // (jobs * 8)))
    else:
        rows = [_hand_task(t) for t in tasks]
    points = [r[0] for r in rows]
    wins = sum(p > 0 for p in points)
    losses = sum(p < 0 for p in points)
    n = len(points)
    mean = sum(points) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in points) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n else 0.0
    return MatchSummary(p1, p2, n, seed, wins, losses, n - wins - losses,
                        wins / (wins + losses) if wins + losses else 0.0,
                        wilson(wins, wins + losses), mean, (mean - half, mean + half),
                        sum(r[1] for r in rows), sum(r[2] for r in rows),
                        sum(r[3] for r in rows), sum(r[4] for r in rows))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="gin-king openspiel",
        description="Hands of OpenSpiel's gin_rummy between our players and OpenSpiel's "
                    "simple bot ('simple'; our own simple player is 'baseline').")
    parser.add_argument("--p1", required=True)
    parser.add_argument("--p2", default=SIMPLE)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.hands < 1:
        print("gin-king openspiel: --hands must be at least 1", file=sys.stderr)
        return 2
    try:
        summary = run_match(args.p1, args.p2, args.hands, args.seed, args.jobs)
    except (RuntimeError, ValueError) as error:
        print(f"gin-king openspiel: {error}", file=sys.stderr)
        return 2
    print(json.dumps(asdict(summary)) if args.json else summary.line())
    return 0
