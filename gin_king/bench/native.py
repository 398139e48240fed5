"""`gin-king bench native`: emulated cycles of the engine and of every personality's
decisions over a fixed seeded set of positions (the same generator as `gin-king compare`).

Prints mean, 99th percentile and worst per routine and per personality and decision,
against docs/architecture.md, "Budgets": deadwood of 11 cards <= 2,500 mean (and the same
budget with runs around the corner, issue 19); Willy..Shark <= 100,000 mean (Shark too: he
plays Phyllis's draw and discard); King, the look-ahead player,
<= 1,400,000 worst. Cycle counts are deterministic. ``--rules NAME[,...]`` measures the
decisions under house rules (the same budgets).
"""
from __future__ import annotations

import argparse
import random

from gin_king import compare
from gin_king.native import NativeEngine, cards_to_masks

DEADWOOD_MEAN_BUDGET = 2_500
DECISION_MEAN_BUDGET = 100_000
KING_WORST_BUDGET = 1_400_000
BUDGETED_MEAN = ("willy", "sonia", "mort", "bernie", "phyllis", "shark")


def _stats(cycles: list[int]) -> tuple[int, int, int]:
    c = sorted(cycles)
    return round(sum(c) / len(c)), c[min(len(c) - 1, int(len(c) * 0.99))], c[-1]


def _row(label: str, cycles: list[int], budget: str = "") -> str:
    mean, p99, worst = _stats(cycles)
    return f"{label:22} {mean:>9} {p99:>9} {worst:>9}  {budget}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="gin-king bench native")
    ap.add_argument("--positions", type=int, default=200, help="per personality and decision")
    ap.add_argument("--hands", type=int, default=2000, help="random hands for deadwood")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="", metavar="NAME[,NAME...]",
                    help="house rules for the decisions (as gin-king compare --rules)")
    args = ap.parse_args(argv)
    from gin_king.oracle.rules import DEFAULT_RULES, RulesError, parse_rules
    try:
        rules = parse_rules(args.rules)
    except RulesError as error:
        ap.error(str(error))

    engine = NativeEngine()
    ok = True
    print(f"{'routine':22} {'mean':>9} {'p99':>9} {'worst':>9}  budget")
    rnd = random.Random(args.seed)
    hands10 = [cards_to_masks(rnd.sample(range(52), 10)) for _ in range(args.hands)]
    hands11 = [cards_to_masks(rnd.sample(range(52), 11)) for _ in range(args.hands)]
    dw10 = [engine.deadwood(h).cycles for h in hands10]
    dw11 = [engine.deadwood(h).cycles for h in hands11]
    dwd = [engine.deadwood_after_discard(h)[1] for h in hands11]
    canon = [engine.canon(h)[3] for h in hands11]
    mean11 = _stats(dw11)[0]
    ok &= mean11 <= DEADWOOD_MEAN_BUDGET
    print(_row("deadwood, 10 cards", dw10))
    print(_row("deadwood, 11 cards", dw11,
               f"mean <= {DEADWOOD_MEAN_BUDGET} ({mean11 / DEADWOOD_MEAN_BUDGET:.2f}x)"))
    print(_row("after discard, 11", dwd))
    print(_row("canonical, 11 cards", canon))
    # runs around the corner (house rule): the same hands, RulesBlock.corner on
    engine.write_rules(parse_rules("around-corner"))
    corner11 = [engine.deadwood(h).cycles for h in hands11]
    corner_mean = _stats(corner11)[0]
    ok &= corner_mean <= DEADWOOD_MEAN_BUDGET
    print(_row("corner deadwood, 11", corner11,
               f"mean <= {DEADWOOD_MEAN_BUDGET} ({corner_mean / DEADWOOD_MEAN_BUDGET:.2f}x)"))
    print(_row("corner after discard", [engine.deadwood_after_discard(h)[1] for h in hands11]))
    print(_row("corner canonical, 11", [engine.canon(h)[3] for h in hands11]))
    engine.write_rules(DEFAULT_RULES)
    engine.seed(args.seed)
    print(_row("deal (shuffle + deal)", [engine.deal()["cycles"] for _ in range(50)]))
    engine.write_rules(rules)       # the decisions under --rules (none: the manual's game)
    if args.rules.strip():
        print(f"decisions under --rules {args.rules}")

    for p_index, personality in enumerate(compare.PERSONALITY_ORDER):
        for d_index, decision in enumerate(compare.DECISIONS):
            cycles = []
            for i in range(args.positions):
                seed = (args.seed * compare.POSITION_SEED_STRIDE + i) * 32 + p_index * 4 + d_index
                view, discard = compare.random_position(personality, decision, seed, rules)
                got = engine.decide(compare.position_from_view(view, personality, decision,
                                                               discard, seed & 0xFFFFFFFF or 1))
                if got.native:
                    cycles.append(got.cycles)
            if not cycles:
                print(f"{personality + ' ' + decision:22} {'not native':>9}")
                continue
            mean, _p99, worst = _stats(cycles)
            budget = ""
            if personality in BUDGETED_MEAN:
                budget = f"mean <= {DECISION_MEAN_BUDGET} ({mean / DECISION_MEAN_BUDGET:.2f}x)"
                ok &= mean <= DECISION_MEAN_BUDGET
            elif personality == "king":
                budget = f"worst <= {KING_WORST_BUDGET} ({worst / KING_WORST_BUDGET:.2f}x)"
                ok &= worst <= KING_WORST_BUDGET
            print(_row(f"{personality} {decision}", cycles, budget))
    return 0 if ok else 1
