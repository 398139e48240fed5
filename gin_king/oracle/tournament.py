"""Tournaments between agents: `gin-king tournament --p1 shark --p2 phyllis --games 2000
--seed 1` (and `--round-robin` for the strength ladder of docs/strength.md; `--rules
simple,around-corner` for house rules, docs/rules.md "House rules").

Games are independent, so they are spread over the machine's cores. Game i uses deck seed
``seed * 1_000_003 + i``; the agents' own generators are seeded from it too. The players
swap seats every other game (the draw for deal still decides who deals first).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import os
from dataclasses import dataclass
from itertools import combinations

from gin_king.oracle.baseline import SimplePlayer
from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.rules import RULE_NAMES, Rules, RulesError, Variant, parse_rules

AGENTS = dict(PERSONALITIES, simple=SimplePlayer)
LADDER = ("king", "shark", "phyllis", "bernie", "mort", "sonia", "willy", "irv", "simple")


def make_agent(name: str, seed: int):
    return AGENTS[name](seed=seed)


@dataclass(frozen=True)
class GameOutcome:
    p1_won: bool | None      # None: no winner (stopped at the hand limit)
    p1_net: int


def _play_one(args: tuple[str, str, int, int, Rules]) -> GameOutcome:
    p1, p2, game_seed, index, rules = args
    a = make_agent(p1, game_seed ^ 0x5EED0001)
    b = make_agent(p2, game_seed ^ 0x5EED0002)
    if index % 2 == 0:
        result = play_game(a, b, rules, game_seed)
        p1_seat = 0
    else:
        result = play_game(b, a, rules, game_seed)
        p1_seat = 1
    if result.winner is None:
        return GameOutcome(None, 0)
    return GameOutcome(result.winner == p1_seat, result.net[p1_seat])


@dataclass(frozen=True)
class MatchResult:
    p1: str
    p2: str
    games: int
    p1_wins: int
    p2_wins: int
    no_result: int
    p1_net_mean: float
    p1_net_halfwidth: float

    @property
    def p1_rate(self) -> float:
        decided = self.p1_wins + self.p2_wins
        return self.p1_wins / decided if decided else 0.0

    def interval(self) -> tuple[float, float]:
        """Wilson 95 % interval of p1's share of the decided games."""
        n = self.p1_wins + self.p2_wins
        if n == 0:
            return 0.0, 1.0
        z = 1.96
        p = self.p1_wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half

    def line(self) -> str:
        low, high = self.interval()
        return (f"{self.p1} vs {self.p2}: {self.games} games, {self.p1} wins "
                f"{self.p1_wins} ({100 * self.p1_rate:.1f} %, 95 % CI {100 * low:.1f}-"
                f"{100 * high:.1f} %), {self.p2} wins {self.p2_wins}, no result "
                f"{self.no_result}; {self.p1} net {self.p1_net_mean:+.1f} "
                f"± {self.p1_net_halfwidth:.1f} points/game")


def run_match(p1: str, p2: str, games: int, seed: int = 1, rules: Rules = Rules(),
              jobs: int | None = None) -> MatchResult:
    tasks = [(p1, p2, seed * 1_000_003 + i, i, rules) for i in range(games)]
    jobs = jobs or os.cpu_count() or 1
    if jobs > 1 and games > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            outcomes = pool.map(_play_one, tasks, chunksize=max(1, games // (jobs * 8)))
    else:
        outcomes = [_play_one(t) for t in tasks]
    nets = [o.p1_net for o in outcomes]
    mean = sum(nets) / len(nets) if nets else 0.0
    var = sum((x - mean) ** 2 for x in nets) / (len(nets) - 1) if len(nets) > 1 else 0.0
    return MatchResult(p1, p2, games, sum(o.p1_won is True for o in outcomes),
                       sum(o.p1_won is False for o in outcomes),
                       sum(o.p1_won is None for o in outcomes), mean,
                       1.96 * math.sqrt(var / len(nets)) if nets else 0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-king tournament")
    parser.add_argument("--p1", choices=sorted(AGENTS), default="shark")
    parser.add_argument("--p2", choices=sorted(AGENTS), default="phyllis")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--points", type=int, default=100)
    parser.add_argument("--variant", choices=[v.value for v in Variant], default="standard")
    parser.add_argument("--rules", default="", metavar="NAME[,NAME...]",
                        help="house rules: " + ", ".join(RULE_NAMES)
                        + ", gin=N, undercut=N, box=N, game=N, shutout=N|double")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--round-robin", action="store_true",
                        help="every pair of " + ", ".join(LADDER))
    args = parser.parse_args(argv)
    try:
        rules = parse_rules(args.rules, Rules(Variant(args.variant), args.points))
    except (RulesError, ValueError) as error:
        parser.error(str(error))
    pairs = list(combinations(LADDER, 2)) if args.round_robin else [(args.p1, args.p2)]
    for p1, p2 in pairs:
        print(run_match(p1, p2, args.games, args.seed, rules, args.jobs).line(), flush=True)
    return 0
