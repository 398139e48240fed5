"""`gin-king bench agent`: the agent protocol's long run (issue 38 §3; docs/agent-protocol.md
"Errors"). First every view of 200 games of simple against simple is read back in-process
(view_to_json -> view_from_json: accepted, and the same view); then N generated lines --
bytes, JSON of every shape, impossible views, legal views of whole games whose histories
repeat events -- are fed to one `gin-king agent` subprocess, every line checked for its one
reply, and the session's clean exit. Prints the figures; exits 1 on a view refused or read
otherwise, or on the first wrong reply (printed with its line).
"""
from __future__ import annotations

import argparse
import json
import time


def main(argv: list[str]) -> int:
    from gin_king.agent_fuzz import LineMaker, engine_decisions, engine_messages, read_back, run

    parser = argparse.ArgumentParser(prog="gin-king bench agent")
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--player", default="king")
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed")
    parser.add_argument("--games", type=int, default=40,
                        help="games of simple against simple giving the legal views")
    parser.add_argument("--round-trip-games", type=int, default=200,
                        help="games whose every view is read back in-process first")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    decisions = engine_decisions(range(args.round_trip_games))
    refused = [(problem, message) for view, message in decisions
               if (problem := read_back(view, message))]
    print(f"every view of {args.round_trip_games} games of simple against simple through "
          f"view_to_json -> view_from_json: {len(decisions):,} views, {len(refused)} refused "
          f"or read otherwise ({time.perf_counter() - start:.1f} s)")
    if refused:
        print(f"  the first: {refused[0][0]}: {json.dumps(refused[0][1], ensure_ascii=False)}")
    legal = engine_messages(range(args.games))
    maker = LineMaker(legal)
    lines = maker.lines(args.lines, args.seed)
    start = time.perf_counter()
    tally = run(lines, args.player)
    seconds = time.perf_counter() - start
    print(f"agent {args.player}: {tally.lines:,} lines in {seconds:.1f} s "
          f"({tally.lines / seconds:,.0f} lines/s); legal views from {args.games} games "
          f"({len(legal):,}, {len(maker.with_repeats):,} repeating an event)")
    for kind, count in sorted(tally.by_kind.items(), key=lambda kv: -kv[1]):
        print(f"  {kind:28s} {count:8,}")
    if tally.failures:
        print(f"FAILED: {len(tally.failures)} wrong replies; the first:")
        print("  " + tally.failures[0])
    if tally.failures or refused:
        return 1
    print("every line got its one reply, and the session ended cleanly: OK")
    return 0
