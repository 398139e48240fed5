"""`gin-king bench oracle`: the Python oracle's speed (docs/architecture.md, "Budgets",
asks for deadwood of random 11-card hands >= 20,000/s and a full Willy-vs-Willy game < 50
ms).

Printed, never asserted: figures depend on the host. Times are this process's CPU time, so
other work on a busy machine does not inflate them.
"""
from __future__ import annotations

import argparse
import random
import time

from gin_king.oracle import melds
from gin_king.oracle.game import play_game
from gin_king.oracle.melds import _best, deadwood_of_mask
from gin_king.oracle.personalities import PERSONALITIES


def deadwood_rate(hands: int, seed: int) -> float:
    """Deadwood evaluations per second on distinct random 11-card hands (cache cleared)."""
    rng = random.Random(seed)
    masks = [sum(1 << c for c in rng.sample(range(52), 11)) for _ in range(hands)]
    _best.cache_clear()
    start = time.process_time()
    for mask in masks:
        deadwood_of_mask(mask)
    return hands / (time.process_time() - start)


def game_times(name: str, games: int, seed: int) -> list[float]:
    times = []
    for i in range(games):
        a, b = PERSONALITIES[name](seed=2 * i + 1), PERSONALITIES[name](seed=2 * i + 2)
        start = time.process_time()
        play_game(a, b, seed=seed + i)
        times.append(time.process_time() - start)
    return times


class _CountingAgent:
    """Wraps an agent and counts the deadwood evaluations (cache hits included: the 65816
    program has no cache) each of its decisions makes."""

    def __init__(self, agent, counts: dict[str, list[int]]) -> None:
        self.agent, self.counts, self.name = agent, counts, agent.name

    def _counted(self, kind: str, call, *args):
        before = _EVALUATIONS[0]
        result = call(*args)
        self.counts.setdefault(kind, []).append(_EVALUATIONS[0] - before)
        return result

    def wants_upcard(self, view):
        return self._counted("draw", self.agent.wants_upcard, view)

    def choose_discard(self, view):
        return self._counted("discard", self.agent.choose_discard, view)

    def wants_knock(self, view, discard):
        return self._counted("knock", self.agent.wants_knock, view, discard)


_EVALUATIONS = [0]


def evaluation_counts(name: str, games: int, seed: int) -> dict[str, list[int]]:
    """Deadwood evaluations per decision of ``name`` playing Phyllis."""
    counts: dict[str, list[int]] = {}
    real = melds._best

    def counting(mask: int):
        _EVALUATIONS[0] += 1
        return real(mask)

    melds._best = counting
    try:
        for i in range(games):
            agent = _CountingAgent(PERSONALITIES[name](seed=i + 1), counts)
            play_game(agent, PERSONALITIES["phyllis"](seed=i + 100), seed=seed + i)
    finally:
        melds._best = real
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-king bench oracle")
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rate = deadwood_rate(args.hands, args.seed)
    print(f"deadwood, random 11-card hands: {rate:,.0f}/s (target >= 20,000/s: "
          f"{rate / 20_000:.1f}x)")
    for name in ("willy", "phyllis", "king"):
        times = sorted(game_times(name, args.games, args.seed))
        mean = sum(times) / len(times)
        note = f" (target < 50 ms: {0.050 / mean:.1f}x)" if name == "willy" else ""
        print(f"{name} vs {name}, full game to 100: mean {1000 * mean:.1f} ms, "
              f"median {1000 * times[len(times) // 2]:.1f} ms, worst {1000 * times[-1]:.1f} ms"
              f"{note}")
    print("deadwood evaluations per decision (vs Phyllis; x ~2,500 cycles natively):")
    for name in PERSONALITIES:
        counts = evaluation_counts(name, max(2, args.games // 4), args.seed)
        parts = []
        for kind in ("draw", "discard", "knock"):
            values = counts.get(kind, [0])
            parts.append(f"{kind} mean {sum(values) / len(values):.0f} max {max(values)}")
        print(f"  {name:8s} " + ", ".join(parts))
    return 0
