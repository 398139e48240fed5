"""`gin-king bench build`: assemble + link GIN.KING from scratch, then a cached start.

Budgets in docs/architecture.md: from scratch <= 10 s; cached start <= 1 s (ensure_built()
in a fresh process: hash the sources, find the load file and its symbol map).
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from gin_king import build

SCRATCH_BUDGET_S = 10.0
CACHED_BUDGET_S = 1.0


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="gin-king bench build",
                            description="Build times against their budgets (no options).") \
        .parse_args(argv or [])
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        out, symbols = build.build(Path(tmp))
        scratch = time.perf_counter() - t0
        size = out.stat().st_size
    build.ensure_built()                       # make sure the cache is current
    build._memo = None                         # as a fresh process finds it
    t0 = time.perf_counter()
    build.ensure_built()
    cached = time.perf_counter() - t0
    print(f"from scratch: {scratch:6.2f} s  (budget {SCRATCH_BUDGET_S:.0f} s, "
          f"{scratch / SCRATCH_BUDGET_S:.2f}x)  {len(build.SOURCES)} sources, {size} bytes, "
          f"{len(symbols)} symbols")
    print(f"cached start: {cached:6.3f} s  (budget {CACHED_BUDGET_S:.0f} s, "
          f"{cached / CACHED_BUDGET_S:.2f}x)")
    return 0 if scratch <= SCRATCH_BUDGET_S and cached <= CACHED_BUDGET_S else 1
