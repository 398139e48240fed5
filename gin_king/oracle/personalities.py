"""The seven computer personalities (manual, "Computer Personalities": Irv, Willy, Sonia,
Mort, Bernie, Phyllis, Shark) and King, an eighth beyond the original program, each
deciding and advising from one method per decision so
the advice always names the move the personality itself would make. The exact algorithms,
tie-breaks and sentences are in docs/personalities.md.

Each ``_draw`` / ``_discard`` / ``_knock`` returns ``(decision, advice text)``; the agent
protocol (``wants_upcard``, ``choose_discard``, ``wants_knock``) and the advice methods
(``advise_draw``, ``advise_discard``, ``advise_knock``) are two faces of it.

Under house rules (docs/personalities.md "Under house rules") every count goes through
``view.counting`` (runs around the corner: cyclic melds, an ace worth 15), the knock is asked
only when legal (Simple Gin: only with gin), and Shark's and King's score rules read the
rules' terms (``shutout_costs``, ``gin_draw_worth``).
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from gin_king.oracle import advice_text as text
from gin_king.oracle.cards import Card, count_cards, format_card_list, from_mask
from gin_king.oracle.lookahead import Outlook, gin_outs, outlook
from gin_king.oracle.measures import (DefenceMeasure, defence_measure, dw_after,
                                      eligible_discards, helpers, min_deadwood_discard, pick,
                                      scan, unmelded_candidates, unseen_mask, upcard_after)
from gin_king.oracle.rng import Xorshift32
from gin_king.oracle.rules import GIN_BONUS, HAND_SIZE, SHUTOUT_DOUBLE, Rules
from gin_king.oracle.view import PlayerView


class Personality:
    """Common face of every personality: the agent protocol and the advice methods."""

    name = "?"

    def __init__(self, seed: int = 1) -> None:
        self.seed = seed

    # -- agent protocol ----------------------------------------------------------------
    def wants_upcard(self, view: PlayerView) -> bool:
        return self._draw(view)[0]

    def choose_discard(self, view: PlayerView) -> Card:
        return self._discard(view)[0]

    def wants_knock(self, view: PlayerView, discard: Card | None = None) -> bool:
        return self._knock(view, discard)[0]

    # -- advice ------------------------------------------------------------------------
    def advise_draw(self, view: PlayerView) -> str:
        return self._draw(view)[1]

    def advise_discard(self, view: PlayerView) -> str:
        return self._discard(view)[1]

    def advise_knock(self, view: PlayerView, discard: Card | None = None) -> str:
        return self._knock(view, discard)[1]

    # -- the strategies (overridden) ---------------------------------------------------
    def _draw(self, view: PlayerView) -> tuple[bool, str]:
        raise NotImplementedError

    def _discard(self, view: PlayerView) -> tuple[Card, str]:
        raise NotImplementedError

    def _knock(self, view: PlayerView, discard: Card | None) -> tuple[bool, str]:
        # "Willy will always knock as soon as possible" (and Irv, Sonia, Mort).
        arrangement = view.counting.arrangement(view.hand_mask)
        return True, "Knock. " + text.knocking_text(arrangement)


class Irv(Personality):
    """Irv: "draws and discards are completely random"; knocks whenever he can.

    Strategy: take the upcard iff below(2) == 1; discard eligible[below(count)] (eligible
    cards in card-number order); always knock. His own xorshift32 seeded with ``seed``.
    """

    name = "Irv"

    def __init__(self, seed: int = 1) -> None:
        super().__init__(seed)
        self.rng = Xorshift32(seed)

    def _draw(self, view):
        upcard = view.upcard
        if self.rng.below(2) == 1:
            return True, f"Take the {upcard}. Why not?"
        return False, text.no_take_opening(view.first_upcard_offer, upcard) + " Why not?"

    def _discard(self, view):
        eligible = from_mask(eligible_discards(view.hand_mask, view.taken_from_pile))
        card = eligible[self.rng.below(len(eligible))]
        return card, f"Discard the {card}. Why not?"


class Willy(Personality):
    """Willy: take the upcard iff it lowers the deadwood (after the best discard other than
    the upcard); discard to the least deadwood; always knock."""

    name = "Willy"

    def _draw(self, view):
        hand, upcard, count = view.hand_mask, view.upcard, view.counting
        before = count.deadwood(hand)
        after = upcard_after(hand, upcard, count)
        if after < before:
            return True, (f"Take the {upcard}. This will reduce your deadwood from {before} to "
                          f"{text.points(after)}.")
        return False, (text.no_take_opening(view.first_upcard_offer, upcard)
                       + f" The {upcard} will not reduce your deadwood of {text.points(before)}.")

    def _discard(self, view):
        hand, count = view.hand_mask, view.counting
        card = min_deadwood_discard(hand, eligible_discards(hand, view.taken_from_pile), count)
        return card, text.melds_after_discard(card, count.arrangement(hand & ~(1 << card)))


def melded_count_draw(view: PlayerView) -> tuple[bool, str]:
    """Sonia's draw (also Mort's, Bernie's, Phyllis's): take the upcard only if it raises
    the number of cards in melds of the canonical arrangement."""
    hand, upcard, arrange = view.hand_mask, view.upcard, view.counting.arrangement
    before = arrange(hand).melded_count
    after_arrangement = arrange(hand | 1 << upcard)
    after = after_arrangement.melded_count
    if after > before:
        advice = f"Take the {upcard}."
        for meld in after_arrangement.melds:
            if upcard in meld.cards:
                others = text.card_names(c for c in meld.cards if c != upcard)
                advice += f" The {upcard} can be formed in a meld with the {others}."
        advice += f" This will increase the number of cards in melds from {before} to {after}."
        return True, advice
    return False, (text.no_take_opening(view.first_upcard_offer, upcard)
                   + f" The {upcard} will not increase the number of cards in melds.")


class Sonia(Willy):
    """Sonia: Sonia's melded-cards draw; Willy's discard and knock."""

    name = "Sonia"

    def _draw(self, view):
        return melded_count_draw(view)


class _Remembering(Personality):
    """The personalities that remember the cards played (Mort, Bernie, Phyllis, Shark, King)."""

    def _draw(self, view):
        return melded_count_draw(view)

    def _key(self, card: Card, ctx: "_DiscardContext") -> tuple:
        raise NotImplementedError

    def _reason(self, m: Card, r: Card | None, ctx: "_DiscardContext") -> str:
        raise NotImplementedError

    def _discard(self, view):
        ctx = _DiscardContext(view)
        candidates = scan(unmelded_candidates(ctx.hand, ctx.eligible, ctx.count))
        choice, runner = pick(candidates, lambda c: self._key(c, ctx))
        willy = min_deadwood_discard(ctx.hand, ctx.eligible, ctx.count)
        compare = willy if willy != choice else runner
        return choice, f"Discard the {choice}. " + self._reason(choice, compare, ctx)


class _DiscardContext:
    """One discard decision's masks, with the per-card measures computed once each."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.count = view.counting
        self.hand = view.hand_mask
        self.pile = view.pile_mask
        self.opp_known = view.opponent_known_mask
        self.eligible = eligible_discards(self.hand, view.taken_from_pile)
        self._defence: dict[int, DefenceMeasure] = {}
        self._helpers: dict[int, int] = {}

    def defence(self, card: int) -> DefenceMeasure:
        if card not in self._defence:
            self._defence[card] = defence_measure(card, self.hand, self.pile, self.opp_known,
                                                  self.count)
        return self._defence[card]

    def helpers(self, card: int) -> int:
        if card not in self._helpers:
            self._helpers[card] = helpers(card, self.hand, self.pile, self.opp_known,
                                          self.count)
        return self._helpers[card]

    def dw_after(self, card: int) -> int:
        return dw_after(card, self.hand, self.count)

    def mort(self, m: Card, r: Card | None) -> str:
        return text.mort_sentence(m, r, self.defence(m), self.defence(r) if r is not None else None,
                                  self.view.opponent_name)

    def bernie(self, m: Card, r: Card | None) -> str:
        return text.bernie_sentence(m, r, self.helpers(m), self.helpers(r) if r is not None else 0)


# Mort's price, in points of deadwood, of each known opponent card a discard would meld with:
# the least that keeps the manual's example (he throws the 4♠, not the 9♦ next to Shark's
# 7♦ 8♦); higher prices lose games (docs/strength-log.md, "How Mort got there").
MORT_PARTNER_PRICE = 4


class Mort(_Remembering):
    """Mort: "very concerned with defense, although he will not discard a melded card".
    Over the unmelded cards: least deadwood plus MORT_PARTNER_PRICE per known opponent
    partner ("a card that the opponent can obviously use"), then fewest helping cards (he
    keeps the cards that can still meld), then fewest missing melds; always knocks."""

    name = "Mort"

    def _key(self, card, ctx):
        d = ctx.defence(card)
        return (ctx.dw_after(card) + MORT_PARTNER_PRICE * count_cards(d.opp_partners),
                ctx.helpers(card), d.live)

    def _reason(self, m, r, ctx):
        return ctx.mort(m, r)


class Bernie(_Remembering):
    """Bernie: "only concerned with the melding possibilities of his own cards". Over the
    unmelded cards: fewest helping cards, then least deadwood; "He will not knock until he
    has Gin"."""

    name = "Bernie"

    def _key(self, card, ctx):
        return (ctx.helpers(card), ctx.dw_after(card))

    def _reason(self, m, r, ctx):
        return ctx.bernie(m, r)

    def _knock(self, view, discard):
        arrangement = view.counting.arrangement(view.hand_mask)
        if arrangement.deadwood == 0:
            return True, "Knock. " + text.knocking_text(arrangement)
        return False, (f"Don't knock. Wait for gin; you have {text.points(arrangement.deadwood)} "
                       "in deadwood.")


def phyllis_knock(view: PlayerView, discard: Card | None) -> tuple[bool, str]:
    """Knock iff some deadwood card "cannot be melded in one draw" (no helping card)."""
    hand, count = view.hand_mask, view.counting
    arrangement = count.arrangement(hand)
    if arrangement.deadwood == 0:
        return True, "Knock. " + text.knocking_text(arrangement)
    pile = view.pile_mask | (1 << discard if discard is not None else 0)
    stuck = [d for d in arrangement.deadwood_cards
             if helpers(d, hand, pile, view.opponent_known_mask, count) == 0]
    if stuck:
        names = format_card_list(stuck)
        return True, (f"Knock. {names[0].upper()}{names[1:]} cannot be melded in one draw. "
                      + text.knocking_text(arrangement))
    return False, "Don't knock. Every card in your deadwood can be melded in one draw, so go for gin."


class Phyllis(_Remembering):
    """Phyllis: "a balanced mix of offensive and defensive considerations". Over the
    unmelded cards, least of
    dw_after + 4*helpers + 2*live + 6*known opponent partners, then least deadwood."""

    name = "Phyllis"
    # Each card that would meld a discard candidate at once is worth keeping like 4 points
    # of deadwood (tournaments: weight 2 lost 62 % of games to Bernie, weight 4 about even).
    helper_weight = 4

    def _key(self, card, ctx):
        d = ctx.defence(card)
        after = ctx.dw_after(card)
        return (after + self.helper_weight * ctx.helpers(card) + 2 * d.live
                + 6 * count_cards(d.opp_partners), after)

    def _reason(self, m, r, ctx):
        return ctx.bernie(m, r) + " " + ctx.mort(m, r)

    def _knock(self, view, discard):
        return phyllis_knock(view, discard)


class ScoreRules(NamedTuple):
    """The constants of the manual's three knock rules on the score (Shark's, and King's who
    keeps the same rules with his own constants)."""
    near_win: int                # "only needs a few points to win": this many or fewer
    shutout_danger: int          # opponent this close to the target while he has no box
    catch_margin: int            # "catch you with a lot of deadwood": expected minus his own
    catch: tuple[int, ...]       # the opponent's expected deadwood by his draws this hand


# The opponent's expected deadwood by the number of cards he has drawn this hand (measured
# in Phyllis-vs-Phyllis games: mean deadwood of the player waiting to draw).
CATCH = (54, 46, 39, 33, 29, 25, 21, 18, 16, 14, 12, 11, 10)
# King's: a near win of 5 or fewer (a late knock wins only a few points, seldom enough for
# more than that, and it gives up the undercut or gin a kept low hand would bring (a limit
# of 15 lost games: docs/strength-log.md)).
KING_SCORE_RULES = ScoreRules(near_win=5, shutout_danger=40, catch_margin=25, catch=CATCH)
# Shark's, tuned for him against Phyllis by the value of each knock (docs/strength-log.md,
# "Shark's knock rules"): needing 8 or fewer, a knock seldom falls short of ending the game;
# before the opponent's second draw (6 points or fewer after it) a knock catches a full
# hand, later the wait for gin is worth more; a shutout is near only when the opponent's
# next hand would end the game (10 or fewer to go).
SHARK_SCORE_RULES = ScoreRules(near_win=8, shutout_danger=10, catch_margin=33, catch=CATCH)
# From here on, King's own look-ahead (beyond the original program).
GIN_OUTS_TO_WAIT = 2   # go for gin only with at least this many cards that give gin
# The most deadwood King knocks with, by the number of cards his opponent has drawn this
# hand. Early he knocks with anything legal; after four draws only with gin (or by the score
# rules), for then a knock wins less than it risks: the opponent's deadwood is low, and a
# low hand kept wins 25 more when the opponent knocks into it (measured: docs/strength-log.md,
# "Going for gin late").
KNOCK_MAX = (10, 10, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0)
# A draw that gives gin counts this much better than its 0 points of deadwood: King's
# discard weighs his chances of gin, not only his expected deadwood. More than the gin bonus
# (25), for a gin also ends the hand before the opponent can knock or undercut (measured:
# docs/strength-log.md; 40 beat 25 by 1.5 points of games against Phyllis).
GIN_DRAW_WORTH = 40


def gin_draw_worth(rules: Rules) -> int:
    """GIN_DRAW_WORTH with the gin bonus the rules set: that bonus and 15 more (40 with the
    manual's 25), for a gin is worth its bonus and also ends the hand at once."""
    return GIN_DRAW_WORTH - GIN_BONUS + rules.gin_bonus


def shutout_costs(rules: Rules) -> bool:
    """Does a shutout cost the loser anything (the manual's doubling, or a Blitz bonus above
    0 points)? Shark's and King's shutout rule applies only then."""
    return rules.shutout == SHUTOUT_DOUBLE or rules.shutout > 0

# What a discard the opponent may meld costs King, in points of deadwood per meld he can
# make with it: each live three-card meld of the card counts with the chance that the
# opponent holds both partners (1 for a card he took, k/n for each other, k = his cards not
# known, n = the unseen cards). Heavier weights lose games (measured: docs/strength-log.md).
DANGER_WEIGHT = 5
# The opponent may knock before King draws again, and then the deadwood he holds now is
# what counts: King's discard key weighs the expected deadwood after his next draw
# LOOK_WEIGHT to NOW_WEIGHT against his deadwood now (measured against the simple player:
# docs/strength-log.md, "The headline pairs"). KEY_SCALE puts the danger points in the same
# units.
LOOK_WEIGHT = 4
NOW_WEIGHT = 1
KEY_SCALE = LOOK_WEIGHT + NOW_WEIGHT


def danger_points(d: DefenceMeasure, unseen: int, unknown_held: int) -> int:
    """DANGER_WEIGHT x n x the expected number of the card's live melds the opponent holds
    both partners of: DANGER_WEIGHT (both_known n + one_known k) + DANGER_WEIGHT none_known
    k^2 // n, in the units of King's look-ahead key (n x points)."""
    none_known = d.live - d.one_known - d.both_known
    points = DANGER_WEIGHT * (d.both_known * unseen + d.one_known * unknown_held)
    if none_known:
        points += DANGER_WEIGHT * none_known * unknown_held * unknown_held // unseen
    return points


def stock_worth(o: Outlook, unseen: int, gin_worth: int = GIN_DRAW_WORTH) -> int:
    """What a card from the stock is worth after the best discard, in the units of King's
    look-ahead (n x points, smaller better): the expected deadwood, and ``gin_worth``
    (gin_draw_worth of the rules) for each unseen card that does not give gin. His draw and
    his discard key both use it."""
    return o.total + gin_worth * (unseen - o.gins)


class DrawWorth(NamedTuple):
    """King's two draws priced in the units of his discard key before scaling (n x points),
    smaller better, with what the advice quotes."""
    taken: int            # the upcard
    stock: int            # a card from the stock
    hand: Outlook         # the outlook of the hand before the draw
    after: int            # least deadwood the upcard leaves
    unseen: int           # n


def stock_or_upcard(view: PlayerView) -> DrawWorth:
    """King's look-ahead draw: the upcard leaves
    ``after`` = min over c in H of deadwood(H + u - c), worth n after + GIN_DRAW_WORTH n
    unless that is gin; a card from the stock is worth stock_worth(outlook(H), n)."""
    hand, upcard, count = view.hand_mask, view.upcard, view.counting
    gin_worth = gin_draw_worth(view.rules)
    unseen = unseen_mask(hand, view.pile_mask, view.opponent_known_mask)
    n = count_cards(unseen)
    after = upcard_after(hand, upcard, count)
    o = outlook(hand, unseen, count)
    taken = n * after + (gin_worth * n if after else 0)
    return DrawWorth(taken, stock_worth(o, n, gin_worth), o, after, n)


def score_knock(view: PlayerView, arrangement,
                limits: ScoreRules) -> tuple[bool, str] | None:
    """The knock rules only Shark and King know, on the score: gin; "knock as soon as
    possible if he only needs a few points to win" (near_win); "knock immediately if he
    needs to score to avoid a shutout" (no box yet, opponent within shutout_danger of the
    target, and a shutout costs something: shutout_costs). None when none applies. Under
    Hollywood scoring the view's scores are the lowest open game's: the one nearest its end
    for both players (docs/personalities.md "Under house rules")."""
    mine, theirs = view.scores
    need = view.target - mine
    if arrangement.deadwood == 0:
        return True, "Knock. " + text.knocking_text(arrangement)
    if need <= limits.near_win:
        reason = f"You only need {text.points(need)} to win."
    elif (view.hands_won[0] == 0 and view.target - theirs <= limits.shutout_danger
          and shutout_costs(view.rules)):
        reason = "You need to score to avoid a shutout."
    else:
        return None
    return True, "Knock. " + reason + " " + text.knocking_text(arrangement)


def catch_knock(view: PlayerView, arrangement,
                limits: ScoreRules) -> tuple[bool, str] | None:
    """"If Shark thinks that he can catch you with a lot of deadwood, he will knock
    immediately rather than go for Gin": the opponent's expected deadwood (the catch table,
    by his draws this hand) at least catch_margin above his own. None when it does not
    apply."""
    expected = limits.catch[min(view.opponent_draws, len(limits.catch) - 1)]
    if expected - arrangement.deadwood < limits.catch_margin:
        return None
    return True, (f"Knock. {text.sentence_start(view.opponent_name)} is likely to be caught "
                  "with a lot of deadwood. " + text.knocking_text(arrangement))


class Shark(Phyllis):
    """Shark as the manual has him: "he uses the same drawing strategy and discard strategy
    as Phyllis, he is the only player who is aware of the score". Phyllis's draw and
    discard, choice and advice; his knock is score_knock, then catch_knock, then Phyllis's
    rule and advice."""

    name = "Shark"
    score_rules = SHARK_SCORE_RULES

    def _knock(self, view, discard):
        arrangement = view.counting.arrangement(view.hand_mask)
        for rule in (score_knock, catch_knock):
            decided = rule(view, arrangement, self.score_rules)
            if decided is not None:
                return decided
        return phyllis_knock(view, discard)


class King(Phyllis):
    """King (beyond the original program: today's strongest player, docs/personalities.md
    "King"): Phyllis's draw, and also the upcard when it leaves less deadwood than a card
    from the stock is expected to (stock_or_upcard); a one-draw look-ahead discard (the
    card that leaves the least expected deadwood after his next draw, a draw that gives gin
    worth GIN_DRAW_WORTH more, weighed with the deadwood he holds now, plus the
    danger_points of the card: how likely the opponent is to meld it); score-aware
    knocking: near the target or to avoid a shutout he knocks; otherwise never with more
    deadwood than KNOCK_MAX allows at this point of the hand (after four opponent draws only
    with gin); then to catch deadwood; otherwise unless two unseen cards give gin."""

    name = "King"

    def _draw(self, view):
        take, advice = melded_count_draw(view)
        if take:
            return take, advice
        worth = stock_or_upcard(view)
        average = text.tenths(worth.hand.total, worth.unseen)
        after, upcard = text.points(worth.after), view.upcard
        if worth.taken < worth.stock:
            return True, (f"Take the {upcard}. It will leave your deadwood at {after}, against "
                          f"an average of {average} from the stock.")
        return False, (advice + f" From the stock your deadwood should average {average} "
                       f"points, against {after} with the {upcard}.")

    def _discard(self, view):
        hand, pile, known = view.hand_mask, view.pile_mask, view.opponent_known_mask
        count, gin_worth = view.counting, gin_draw_worth(view.rules)
        unseen = unseen_mask(hand, pile, known)
        n = count_cards(unseen)
        unknown_held = max(0, HAND_SIZE - count_cards(known))
        eligible = from_mask(eligible_discards(hand, view.taken_from_pile))
        outlooks = {c: outlook(hand & ~(1 << c), unseen, count) for c in eligible}
        dangers = {c: danger_points(defence_measure(c, hand, pile, known, count), n,
                                    unknown_held)
                   for c in eligible}

        def key(c: Card) -> tuple[int, int]:
            o = outlooks[c]
            return (LOOK_WEIGHT * stock_worth(o, n, gin_worth)
                    + NOW_WEIGHT * n * o.now + KEY_SCALE * dangers[c], o.now)

        choice, runner = pick(scan(sum(1 << c for c in outlooks)), key)
        why = None
        if runner is not None and dangers[runner] > dangers[choice]:
            why = f"which {view.opponent_name} is likelier to use"
        elif runner is not None and outlooks[runner].now > outlooks[choice].now:
            # Simple Gin: the opponent can end the hand only with gin.
            ends = "knocks" if view.rules.knocking else "goes gin"
            why = f"which leaves you more deadwood if {view.opponent_name} {ends} first"
        return choice, text.outlook_sentence(choice, runner, outlooks[choice],
                                             outlooks.get(runner), n, why)

    def _knock(self, view, discard):
        arrangement = view.counting.arrangement(view.hand_mask)
        score_rule = score_knock(view, arrangement, KING_SCORE_RULES)
        if score_rule is not None:
            return score_rule
        draws = view.opponent_draws
        most = KNOCK_MAX[min(draws, len(KNOCK_MAX) - 1)]
        if arrangement.deadwood > most:
            after = f"Don't knock. After {text.draws(draws)} by {view.opponent_name}, "
            if most == 0:
                return False, after + "go for gin or an undercut."
            return False, (after + f"a knock with more than {text.points(most)} is likely to "
                           "be undercut.")
        catch = catch_knock(view, arrangement, KING_SCORE_RULES)
        if catch is not None:
            return catch
        pile = view.pile_mask | (1 << discard if discard is not None else 0)
        unseen = unseen_mask(view.hand_mask, pile, view.opponent_known_mask)
        outs = gin_outs(view.hand_mask, unseen, view.counting)
        if len(outs) >= GIN_OUTS_TO_WAIT:
            return False, (f"Don't knock. {len(outs)} cards would give you gin: "
                           f"{format_card_list(outs, 'and')[4:]}.")
        if outs:
            reason = f"Only the {outs[0]} would give you gin."
        else:
            reason = "No single card would give you gin."
        return True, "Knock. " + reason + " " + text.knocking_text(arrangement)


PERSONALITIES: dict[str, Callable[..., Personality]] = {
    "irv": Irv, "willy": Willy, "sonia": Sonia, "mort": Mort, "bernie": Bernie,
    "phyllis": Phyllis, "shark": Shark, "king": King,
}
