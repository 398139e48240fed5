"""`gin-king compare`: the 65816 engine against the Python oracle, decision by decision.

Three checks, all seeded and reproducible:
- **deadwood**: random 10- and 11-card hands; the native minimum deadwood and canonical
  arrangement (melds in display order, deadwood cards) against `gin_king.oracle.melds`.
- **positions**: N random mid-hand positions per personality and decision (draw, discard,
  knock); the native choice, advice text (font codes decoded) and, for Irv, his generator's
  state against `gin_king.oracle.personalities`.
- **games**: M whole seeded games between pairs of personalities; at every decision both
  the native engine and the oracle are asked; the game follows the oracle, so a game agrees
  when every decision and text in it agreed (same deals, decisions and scores).

With ``--rules NAME[,NAME...]`` (house rules, names as `gin_king.oracle.rules.parse_rules`)
the engine's RulesBlock is filled from the same rules, every check above runs under them
(deadwood and canonical melds by the rules' meld functions, positions with the rules' knock
limit, whole games played by them), and a fourth check runs the primitives alone on random
knocks: **rules** -- deadwood after a discard, knock legality, the hand's terms (both
variants), the showdown (lay-offs, the hand's score) and the final score sheet.

A decision the engine does not make natively yet (status "not native") is counted apart,
never as agreement. Every disagreement prints the position, both answers and a command
that reproduces it (`gin-king compare --only PERSONALITY:DECISION:SEED`).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from dataclasses import dataclass, field

from gin_king.native import NativeEngine, Position, cards_to_masks
from gin_king.oracle.advice_text import pronoun
from gin_king.oracle.cards import Card, from_mask
from gin_king.oracle.game import play_game
from gin_king.oracle.layoff import best_defence
from gin_king.oracle.melds import best_melds, deadwood
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.rules import DEFAULT_RULES, Rules, RulesError, Variant, hand_terms, parse_rules
from gin_king.oracle.scoring import final_score, score_hand
from gin_king.oracle.view import PlayerView, view_from_cards
from iigs.font import decode

PERSONALITY_ORDER = ("irv", "willy", "sonia", "mort", "bernie", "phyllis", "shark", "king")
DECISIONS = ("draw", "discard", "knock")
DISPLAY_NAMES = {n: n.capitalize() for n in PERSONALITY_ORDER}
OPPONENT_NAMES = ("Irv", "Willy", "Sonia", "Mort", "Bernie", "Phyllis", "Shark", "King", "Pat")
POSITION_SEED_STRIDE = 1_000_003
MAX_PRINTED_DISAGREEMENTS = 10


# ------------------------------------------------------------------------------------------
# positions

def position_from_view(view: PlayerView, personality: str, decision: str,
                       discard: int | None = None, rng_state: int = 1) -> Position:
    """The native position block for what the oracle's agent sees."""
    return Position(
        personality=personality, decision=decision, hand=tuple(int(c) for c in view.hand),
        upcard=None if view.upcard is None else int(view.upcard),
        first_offer=view.first_upcard_offer,
        taken=None if view.taken_from_pile is None else int(view.taken_from_pile),
        discard=discard, pile=tuple(int(c) for c in view.discard_pile),
        opp_known=tuple(int(c) for c in from_mask(view.opponent_known_mask)),
        stock_size=view.stock_size, scores=view.scores, hands_won=view.hands_won,
        target=view.target, knock_limit=view.knock_limit, opp_draws=view.opponent_draws,
        rng_state=rng_state, opp_name=view.opponent_name, opp_pronoun=pronoun(view.opponent_name))


def _knockable_hand(rnd: random.Random, deck: list[int], limit: int,
                    rules: Rules = DEFAULT_RULES) -> list[int] | None:
    """Ten cards from `deck` with deadwood <= limit (by `rules`' melds): melds first,
    then low cards; around the corner the runs may start anywhere and go round."""
    corner = rules.around_corner
    for _ in range(200):
        hand: set[int] = set()
        for _m in range(rnd.randint(2, 3)):
            if rnd.random() < 0.5:
                suit, start = rnd.randrange(4), rnd.randrange(13 if corner else 11)
                length = rnd.randint(3, 5 if corner else min(5, 13 - start))
                hand |= {suit * 13 + (start + i) % 13 for i in range(length)}
            else:
                rank = rnd.randrange(13)
                suits = rnd.sample(range(4), rnd.choice((3, 3, 4)))
                hand |= {s * 13 + rank for s in suits}
        hand = set(list(hand)[:10])
        low = [c for c in deck if c % 13 < 5 and c not in hand]
        rnd.shuffle(low)
        while len(hand) < 10 and low:
            hand.add(low.pop())
        if len(hand) == 10 and deadwood(hand, rules) <= limit:
            return sorted(hand)
    return None


def random_position(personality: str, decision: str, seed: int,
                    rules: Rules = DEFAULT_RULES) -> tuple[PlayerView, int | None]:
    """A random mid-hand position (view, pending discard for knock) from one seed; under
    house rules the view carries them (its own points per game) and Simple Gin's knock
    limit 0 (the seed draws the same numbers either way)."""
    rnd = random.Random(seed)
    scores_target = rnd.choice((100, 150, 200, 300, 400, 500))
    scores = (rnd.randrange(scores_target), rnd.randrange(scores_target))
    hands_won = (rnd.randrange(4), rnd.randrange(4))
    opponent = rnd.choice(OPPONENT_NAMES)
    opp_draws = rnd.randrange(16)
    while True:
        deck = list(range(52))
        rnd.shuffle(deck)
        discard = None
        taken = None
        if decision == "knock":
            limit = rnd.choice((10, 10, 10, 0, 5, 9))
            if not rules.knocking:
                limit = 0
            hand = _knockable_hand(rnd, deck, limit, rules)
            if hand is None:
                continue
            rest = [c for c in deck if c not in hand]
            discard = rest.pop()
        else:
            limit = 10 if rules.knocking else 0
            hand = deck[:11 if decision == "discard" else 10]
            rest = deck[len(hand):]
        pile = rest[:rnd.randint(1, 20)]
        others = rest[len(pile):]
        opp_took = rnd.sample(others, rnd.randint(0, min(4, len(others))))
        if decision == "discard" and rnd.random() < 0.5:
            taken = hand[-1]
            opp_took = opp_took[:-1] if opp_took else opp_took
        view = view_from_cards(
            list(hand), list(pile), opponent_took=opp_took, taken_from_pile=taken,
            stock_size=max(2, 31 - opp_draws * 2), scores=scores, hands_won=hands_won,
            knock_limit=limit, opponent_draws=opp_draws,
            first_upcard_offer=(decision == "draw" and rnd.random() < 0.15),
            opponent_name=opponent)
        view = _with_target(view, scores_target, rules)
        return view, discard


def _with_target(view: PlayerView, target: int, rules: Rules = DEFAULT_RULES) -> PlayerView:
    from dataclasses import replace
    return replace(view, rules=replace(rules, points_per_game=target))


def oracle_decision(personality: str, decision: str, view: PlayerView, discard: int | None,
                    rng_seed: int = 1):
    """(choice as int, advice text, Irv's generator state after) from the oracle."""
    agent = PERSONALITIES[personality](seed=rng_seed)
    if decision == "draw":
        choice, text = agent._draw(view)
    elif decision == "discard":
        choice, text = agent._discard(view)
    else:
        choice, text = agent._knock(view, None if discard is None else Card(discard))
    rng = getattr(getattr(agent, "rng", None), "state", rng_seed)
    return int(choice), text, rng


# ------------------------------------------------------------------------------------------
# tallies

@dataclass
class Tally:
    agree: int = 0
    disagree: int = 0
    not_native: int = 0
    cycles: list[int] = field(default_factory=list)

    def summary(self) -> dict:
        c = sorted(self.cycles)
        return {
            "agree": self.agree, "disagree": self.disagree, "not_native": self.not_native,
            "cycles_mean": round(sum(c) / len(c)) if c else None,
            "cycles_p99": c[min(len(c) - 1, int(len(c) * 0.99))] if c else None,
            "cycles_worst": c[-1] if c else None,
        }


@dataclass
class Report:
    deadwood: Tally = field(default_factory=Tally)
    positions: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    games_agree: int = 0
    games_disagree: int = 0
    game_decisions: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    game_engine: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    primitives: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    disagreements: list[dict] = field(default_factory=list)

    def ok(self) -> bool:
        return (self.deadwood.disagree == 0 and self.games_disagree == 0
                and all(t.disagree == 0 for t in self.positions.values())
                and all(t.disagree == 0 for t in self.game_engine.values())
                and all(t.disagree == 0 for t in self.primitives.values()))

    def primitives_ok(self) -> bool:
        """The engine's primitives agree (deadwood, the rules check, the games' deals,
        showdowns and score sheets): the personalities' decisions left aside."""
        return (self.deadwood.disagree == 0
                and all(t.disagree == 0 for t in self.game_engine.values())
                and all(t.disagree == 0 for t in self.primitives.values()))


def _compare_one(engine: NativeEngine, report: Report, tally: Tally, personality: str,
                 decision: str, view: PlayerView, discard: int | None, rng_state: int,
                 reproduce: str) -> tuple[bool | None, int, int]:
    """Ask both; record; return (agreed or None when not native, oracle choice, rng after)."""
    want_choice, want_text, want_rng = oracle_decision(personality, decision, view, discard,
                                                       rng_state)
    got = engine.decide(position_from_view(view, personality, decision, discard, rng_state))
    if not got.native:
        tally.not_native += 1
        return None, want_choice, want_rng
    tally.cycles.append(got.cycles)
    text = decode(got.text)
    same = (got.choice == want_choice and text == want_text
            and (personality != "irv" or got.rng_state == want_rng))
    if same:
        tally.agree += 1
    else:
        tally.disagree += 1
        report.disagreements.append({
            "personality": personality, "decision": decision,
            "hand": [str(Card(c)) for c in view.hand],
            "pile": [str(Card(c)) for c in view.discard_pile],
            "taken": None if view.taken_from_pile is None else str(view.taken_from_pile),
            "discard": None if discard is None else str(Card(discard)),
            "native": {"choice": got.choice, "text": text, "rng": got.rng_state},
            "oracle": {"choice": want_choice, "text": want_text, "rng": want_rng},
            "reproduce": reproduce,
        })
    return same, want_choice, want_rng


def _rules_option(rules: Rules) -> str:
    """The `--rules` option that reproduces a check under `rules` ("" for none)."""
    text = rules.house_rules()
    return f" --rules {text}" if text else ""


def compare_positions(engine: NativeEngine, report: Report, count: int, seed: int,
                      personalities=PERSONALITY_ORDER, decisions=DECISIONS,
                      rules: Rules = DEFAULT_RULES) -> None:
    if count <= 0:
        return
    for p_index, personality in enumerate(personalities):
        for d_index, decision in enumerate(decisions):
            tally = report.positions[f"{personality}:{decision}"]
            for i in range(count):
                pos_seed = (seed * POSITION_SEED_STRIDE + i) * 32 + p_index * 4 + d_index
                compare_seeded(engine, report, tally, personality, decision, pos_seed, rules)


def compare_seeded(engine: NativeEngine, report: Report, tally: Tally, personality: str,
                   decision: str, pos_seed: int, rules: Rules = DEFAULT_RULES) -> bool | None:
    view, discard = random_position(personality, decision, pos_seed, rules)
    return _compare_one(engine, report, tally, personality, decision, view, discard,
                        pos_seed & 0xFFFFFFFF or 1,
                        f"gin-king compare --only {personality}:{decision}:{pos_seed}"
                        + _rules_option(rules))[0]


def compare_deadwood(engine: NativeEngine, report: Report, count: int, seed: int,
                     rules: Rules = DEFAULT_RULES) -> None:
    """Random 10- and 11-card hands: deadwood and the canonical arrangement by `rules`."""
    rnd = random.Random(seed)
    for i in range(count):
        cards = rnd.sample(range(52), rnd.choice((10, 11)))
        masks = cards_to_masks(cards)
        value, melds, dead, cycles = engine.canon(masks)
        plain = engine.deadwood(masks)
        arrangement = best_melds(cards, rules)
        want_melds = [tuple(int(c) for c in m.cards) for m in arrangement.melds]
        ok = (value == plain.deadwood == arrangement.deadwood and melds == want_melds
              and sorted(dead) == sorted(int(c) for c in arrangement.deadwood_cards))
        report.deadwood.cycles.append(plain.cycles)
        if ok:
            report.deadwood.agree += 1
        else:
            report.deadwood.disagree += 1
            report.disagreements.append({
                "deadwood": [str(Card(c)) for c in sorted(cards)],
                "native": {"deadwood": value, "melds": melds, "dead": dead},
                "oracle": {"deadwood": arrangement.deadwood, "melds": want_melds},
                "reproduce": f"gin-king compare --deadwood-hand {','.join(map(str, cards))}"
                             + _rules_option(rules)})


def _near_hand(rnd: random.Random, knocker: list[int]) -> list[int]:
    """Ten cards for the defender, six of them near the knocker's cards (same rank, or
    within two ranks of the same suit, round the corner too) so that lay-offs happen."""
    rest = [c for c in range(52) if c not in knocker]
    near = [c for c in rest if any(c % 13 == k % 13 or (c // 13 == k // 13 and
                                   min((c - k) % 13, (k - c) % 13) <= 2) for k in knocker)]
    hand = rnd.sample(near, min(6, len(near)))
    return hand + rnd.sample([c for c in rest if c not in hand], 10 - len(hand))


def compare_rules(engine: NativeEngine, report: Report, count: int, seed: int,
                  rules: Rules) -> None:
    """The primitives alone under `rules`, on `count` random knocks (the knocker's ten
    cards: melds of the rules' kinds, then low cards, deadwood <= 10 by the rules):
    deadwood after a discard (the knocker's ten plus the defender's first card), knock
    legality at limits 0/5/10, the hand's terms in both variants, the showdown (layoffs,
    score) and a random final score sheet."""
    from dataclasses import replace
    rnd = random.Random(seed)
    option = _rules_option(rules)

    def check(key: str, same: bool, detail: dict, cycles: int | None = None) -> None:
        tally = report.primitives[key]
        if cycles is not None:
            tally.cycles.append(cycles)
        if same:
            tally.agree += 1
        else:
            tally.disagree += 1
            report.disagreements.append({"check": key, "rules": rules.house_rules(), **detail})

    for i in range(count):
        deck = list(range(52))
        rnd.shuffle(deck)
        knocker = _knockable_hand(rnd, deck, 10, rules) or sorted(deck[:10])
        defender = _near_hand(rnd, knocker)
        eleven = knocker + defender[:1]
        got, cycles = engine.deadwood_after_discard(cards_to_masks(eleven))
        want = min(deadwood([c for c in eleven if c != d], rules) for d in eleven)
        check("after discard", got == want, {"hand": eleven, "native": got, "oracle": want},
              cycles)
        limit = rnd.choice((0, 5, 10))
        # Simple Gin: "the maximum knock score is zero" whatever the limit asked
        want_legal = deadwood(knocker, rules) <= (limit if rules.knocking else 0)
        got_legal = engine.knock_legal(knocker, limit)
        check("knock legal", got_legal == want_legal,
              {"hand": knocker, "limit": limit, "native": got_legal, "oracle": want_legal})
        upcard = rnd.randrange(52)
        for variant in Variant:
            t = hand_terms(replace(rules, variant=variant), upcard)
            got_terms = engine.hand_terms(upcard, variant.value)
            check("hand terms", got_terms == (t.knock_limit, t.multiplier),
                  {"upcard": upcard, "variant": variant.value, "native": got_terms,
                   "oracle": (t.knock_limit, t.multiplier)})
        multiplier = hand_terms(rules, upcard).multiplier
        arrangement = best_melds(knocker, rules)
        gin = arrangement.deadwood == 0
        defence = best_defence(defender, arrangement.melds, not rules.may_lay_off(gin),
                               rules.around_corner)
        score = score_hand(0, arrangement.deadwood, defence.deadwood, multiplier, rules)
        want_show = (arrangement.deadwood, defence.deadwood,
                     sorted(int(c) for c in defence.laid_off), score.kind.value, score.winner,
                     score.points)
        g = engine.showdown(knocker, defender, multiplier)
        have = (g.knocker_deadwood, g.defender_deadwood, g.laid_off, g.kind, g.winner, g.points)
        check("showdown", have == want_show,
              {"knocker": knocker, "defender": defender, "multiplier": multiplier,
               "native": have, "oracle": want_show,
               "reproduce": f"gin-king compare --positions 0 --games 0 --deadwood 0 "
                            f"--rules-checks {count} --seed {seed}{option}"}, g.cycles)
        winner = rnd.randrange(2)
        points = (rnd.randrange(rules.points_per_game + 60), rnd.randrange(rules.points_per_game + 60))
        boxes = (rnd.randrange(6), rnd.randrange(6))
        f = final_score(winner, points, boxes, rules)
        got_final = engine.final_score(winner, points, boxes)
        want_final = {"shutout": f.shutout, "totals": f.totals, "net": f.net}
        check("final score", got_final == want_final,
              {"winner": winner, "points": points, "boxes": boxes, "native": got_final,
               "oracle": want_final})


# ------------------------------------------------------------------------------------------
# games

class DualAgent:
    """Plays as the oracle personality; asks the native engine the same question each time
    and records whether it agreed."""

    def __init__(self, engine: NativeEngine, report: Report, personality: str, seed: int,
                 game_label: str) -> None:
        self.engine = engine
        self.report = report
        self.personality = personality
        self.name = DISPLAY_NAMES[personality]
        self.oracle = PERSONALITIES[personality](seed=seed)
        self.native_rng = seed & 0xFFFFFFFF or 0x6D2B79F5
        self.label = game_label
        self.disagreed = False
        self.rules_option = ""

    def _ask(self, decision: str, view: PlayerView, discard: Card | None):
        agent = self.oracle
        if decision == "draw":
            choice, text = agent._draw(view)
        elif decision == "discard":
            choice, text = agent._discard(view)
        else:
            choice, text = agent._knock(view, discard)
        want_rng = getattr(getattr(agent, "rng", None), "state", None)
        tally = self.report.game_decisions[f"{self.personality}:{decision}"]
        got = self.engine.decide(position_from_view(
            view, self.personality, decision, None if discard is None else int(discard),
            self.native_rng))
        if not got.native:
            tally.not_native += 1
        else:
            tally.cycles.append(got.cycles)
            text_native = decode(got.text)
            same = got.choice == int(choice) and text_native == text and (
                want_rng is None or got.rng_state == want_rng)
            if same:
                tally.agree += 1
            else:
                tally.disagree += 1
                self.disagreed = True
                self.report.disagreements.append({
                    "game": self.label, "personality": self.personality, "decision": decision,
                    "hand": [str(c) for c in view.hand],
                    "native": {"choice": got.choice, "text": text_native},
                    "oracle": {"choice": int(choice), "text": text},
                    "reproduce": f"gin-king compare --positions 0 --games 1 --game-seed "
                                 f"{self.label}" + self.rules_option})
        if want_rng is not None:
            self.native_rng = want_rng      # stay in step with the oracle either way
        return choice

    def wants_upcard(self, view):
        return bool(self._ask("draw", view, None))

    def choose_discard(self, view):
        return Card(int(self._ask("discard", view, None)))

    def wants_knock(self, view, discard):
        return bool(self._ask("knock", view, discard))


def game_pair(g: int) -> tuple[str, str]:
    n = len(PERSONALITY_ORDER)
    return PERSONALITY_ORDER[g % n], PERSONALITY_ORDER[(g * 3 + 1 + g // n) % n]


def compare_games(engine: NativeEngine, report: Report, games: int, seed: int,
                  only_seed: int | None = None, rules: Rules = DEFAULT_RULES) -> None:
    seeds = [only_seed] if only_seed is not None else [seed * 7919 + g for g in range(games)]
    for g, game_seed in enumerate(seeds):
        a_name, b_name = game_pair(game_seed if only_seed is not None else g)
        a = DualAgent(engine, report, a_name, game_seed * 2 + 1, str(game_seed))
        b = DualAgent(engine, report, b_name, game_seed * 2 + 2, str(game_seed))
        a.rules_option = b.rules_option = _rules_option(rules)
        result = play_game(a, b, rules=rules, seed=game_seed)
        engine_agrees = check_game_engine(engine, report, result, game_seed, rules)
        if a.disagreed or b.disagreed or not engine_agrees:
            report.games_disagree += 1
        else:
            report.games_agree += 1


def _record(report: Report, key: str, same: bool, detail: dict, cycles: int | None = None) -> bool:
    tally = report.game_engine[key]
    if cycles is not None:
        tally.cycles.append(cycles)
    if same:
        tally.agree += 1
    else:
        tally.disagree += 1
        report.disagreements.append({"check": key, **detail})
    return same


def check_game_engine(engine: NativeEngine, report: Report, result, game_seed: int,
                      rules: Rules = DEFAULT_RULES) -> bool:
    """The game's deals, showdowns and final score sheet (Hollywood: each game's),
    recomputed natively under the game's rules (RulesBlock already holds them)."""
    ok = True
    reproduce = (f"gin-king compare --positions 0 --games 1 --game-seed {game_seed}"
                 + _rules_option(rules))
    engine.seed(game_seed)
    engine.below(52)                                # the draw for deal: two below() calls
    engine.below(51)
    for number, record in enumerate(result.hands):
        dealt = engine.deal()
        ok &= _record(report, "deal", dealt["deck"] == list(record.deck),
                      {"game": game_seed, "hand": number, "reproduce": reproduce},
                      dealt["cycles"])
        if record.knocker is None:
            continue
        knocker = [int(c) for m in record.knock_arrangement.melds for c in m.cards] + \
            [int(c) for c in record.knock_arrangement.deadwood_cards]
        d = record.defence
        defender = [int(c) for m in d.arrangement.melds for c in m.cards] + \
            [int(c) for c in d.arrangement.deadwood_cards] + [int(c) for c in d.laid_off]
        limit, multiplier = engine.hand_terms(int(record.first_upcard), rules.variant.value)
        got = engine.showdown(knocker, defender, multiplier)
        score = record.score
        want = (record.knock_arrangement.deadwood, d.deadwood,
                sorted(int(c) for c in d.laid_off), score.kind.value,
                0 if score.winner == record.knocker else 1, score.points)
        have = (got.knocker_deadwood, got.defender_deadwood, got.laid_off, got.kind, got.winner,
                got.points)
        ok &= _record(report, "showdown", have == want,
                      {"game": game_seed, "hand": number, "native": have, "oracle": want,
                       "reproduce": reproduce}, got.cycles)
    if rules.scoring == "hollywood":
        ok &= _check_hollywood(engine, report, result, game_seed, reproduce)
    if result.final is not None:
        for f in result.final.games or (result.final,):
            got = engine.final_score(f.winner, f.hand_points, f.boxes)
            want = {"shutout": f.shutout, "totals": f.totals, "net": f.net}
            ok &= _record(report, "final score", got == want,
                          {"game": game_seed, "native": got, "oracle": want,
                           "reproduce": reproduce})
    return ok


def _check_hollywood(engine: NativeEngine, report: Report, result, game_seed: int,
                     reproduce: str) -> bool:
    """Hollywood: the game's won hands through GK_HollywoodHand; each game's scores, boxes
    and winner, then the match sheet, against the oracle's."""
    engine.hollywood_start()
    tally = None
    for record in result.hands:
        if record.score.winner is not None:
            tally = engine.hollywood_hand(record.score.winner, record.score.points)
    if result.final is None or tally is None:
        return True
    games = result.final.games
    want = ([f.hand_points for f in games], [f.boxes for f in games], [f.winner for f in games])
    have = (tally["scores"][:len(games)], tally["boxes"][:len(games)],
            tally["winners"][:len(games)])
    ok = _record(report, "hollywood games", have == want,
                 {"game": game_seed, "native": have, "oracle": want, "reproduce": reproduce})
    match = engine.hollywood_match()
    f = result.final
    want_match = {"winner": f.winner, "totals": f.totals, "net": f.net}
    return ok & _record(report, "hollywood match", match == want_match,
                        {"game": game_seed, "native": match, "oracle": want_match,
                         "reproduce": reproduce})


# ------------------------------------------------------------------------------------------
# the command

def run(positions: int, games: int, seed: int, deadwood_hands: int,
        personalities=PERSONALITY_ORDER, engine: NativeEngine | None = None,
        rules: Rules = DEFAULT_RULES, rules_checks: int = 0) -> Report:
    """Every check; under `rules` the engine's RulesBlock is filled first (and left so)."""
    engine = engine or NativeEngine()
    engine.write_rules(rules)
    report = Report()
    compare_deadwood(engine, report, deadwood_hands, seed, rules)
    compare_rules(engine, report, rules_checks, seed, rules)
    compare_positions(engine, report, positions, seed, personalities, rules=rules)
    compare_games(engine, report, games, seed, rules=rules)
    return report


def _print_report(report: Report, out=sys.stdout) -> None:
    d = report.deadwood.summary()
    print(f"deadwood: {d['agree']} agree, {d['disagree']} disagree "
          f"(cycles mean {d['cycles_mean']}, p99 {d['cycles_p99']}, worst {d['cycles_worst']})",
          file=out)
    if report.primitives:
        print(f"{'rules checks':18} {'agree':>6} {'differ':>6} {'not nat':>7} {'mean':>8} "
              f"{'p99':>8} {'worst':>8}", file=out)
    for key, tally in report.primitives.items():
        s = tally.summary()
        print(f"{key:18} {s['agree']:6} {s['disagree']:6} {s['not_native']:7} "
              f"{s['cycles_mean'] or '-':>8} {s['cycles_p99'] or '-':>8} "
              f"{s['cycles_worst'] or '-':>8}", file=out)
    print(f"{'positions':18} {'agree':>6} {'differ':>6} {'not nat':>7} {'mean':>8} {'p99':>8} "
          f"{'worst':>8}", file=out)
    for key, tally in report.positions.items():
        s = tally.summary()
        print(f"{key:18} {s['agree']:6} {s['disagree']:6} {s['not_native']:7} "
              f"{s['cycles_mean'] or '-':>8} {s['cycles_p99'] or '-':>8} "
              f"{s['cycles_worst'] or '-':>8}", file=out)
    total = report.games_agree + report.games_disagree
    if total:
        print(f"games: {report.games_agree}/{total} agree in every decision", file=out)
        for key, tally in sorted(report.game_decisions.items()) + list(report.game_engine.items()):
            s = tally.summary()
            print(f"  {key:16} {s['agree']:6} {s['disagree']:6} {s['not_native']:7} "
                  f"{s['cycles_mean'] or '-':>8} {s['cycles_worst'] or '-':>8}", file=out)
    for d in report.disagreements[:MAX_PRINTED_DISAGREEMENTS]:
        print("DISAGREE", json.dumps(d, ensure_ascii=False), file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="gin-king compare")
    ap.add_argument("--positions", type=int, default=200,
                    help="random positions per personality and decision")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deadwood", type=int, default=2000, help="random hands for deadwood")
    ap.add_argument("--personality", action="append", choices=PERSONALITY_ORDER)
    ap.add_argument("--only", help="PERSONALITY:DECISION:SEED, one position")
    ap.add_argument("--game-seed", type=int, help="one game, by its seed")
    ap.add_argument("--deadwood-hand", help="one hand, card numbers separated by commas")
    ap.add_argument("--rules", default="", metavar="NAME[,NAME...]",
                    help="house rules for every check: "
                         "simple, no-layoff, layoff-on-gin, around-corner, spades-double, "
                         "eleven-ten, hollywood, box-difference, no-box, gin=N, undercut=N, "
                         "box=N, game=N, shutout=N|double")
    ap.add_argument("--rules-checks", type=int, default=None,
                    help="random knocks for the primitives under the rules "
                         "(default 300 with --rules, else 0)")
    ap.add_argument("--primitives-only", action="store_true",
                    help="exit status from the engine's primitives only (deadwood, rules "
                         "checks, the games' deals, showdowns and score sheets)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        rules = parse_rules(args.rules)
    except RulesError as error:
        ap.error(str(error))
    rules_checks = args.rules_checks if args.rules_checks is not None else \
        (300 if args.rules.strip() else 0)

    engine = NativeEngine()
    engine.write_rules(rules)
    report = Report()
    if args.only:
        personality, decision, pos_seed = args.only.split(":")
        compare_seeded(engine, report, report.positions[f"{personality}:{decision}"],
                       personality, decision, int(pos_seed), rules)
    elif args.game_seed is not None:
        compare_games(engine, report, 1, args.seed, only_seed=args.game_seed, rules=rules)
    elif args.deadwood_hand:
        cards = [int(c) for c in args.deadwood_hand.split(",")]
        value, melds, dead, cycles = engine.canon(cards_to_masks(cards))
        a = best_melds(cards, rules)
        print(json.dumps({"native": [value, melds, dead, cycles],
                          "oracle": [a.deadwood, [[int(c) for c in m.cards] for m in a.melds],
                                     [int(c) for c in a.deadwood_cards]]}))
        return 0
    else:
        report = run(args.positions, args.games, args.seed, args.deadwood,
                     tuple(args.personality or PERSONALITY_ORDER), engine, rules, rules_checks)
    if args.json:
        print(json.dumps({
            "rules": rules.house_rules(),
            "deadwood": report.deadwood.summary(),
            "primitives": {k: t.summary() for k, t in report.primitives.items()},
            "positions": {k: t.summary() for k, t in report.positions.items()},
            "games": {"agree": report.games_agree, "disagree": report.games_disagree,
                      "decisions": {k: t.summary() for k, t in report.game_decisions.items()},
                      "engine": {k: t.summary() for k, t in report.game_engine.items()}},
            "disagreements": report.disagreements,
        }, ensure_ascii=False, indent=1))
    else:
        _print_report(report)
    return 0 if (report.primitives_ok() if args.primitives_only else report.ok()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
