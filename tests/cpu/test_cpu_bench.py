"""`gin-king bench cpu` runs its workloads, checks them against step() and prints ratios.

Speed itself is not asserted (no wall-clock assertions); the workloads' correctness is:
the bench raises when run() and step() end in different states.
"""
from __future__ import annotations

import pytest

from gin_king.bench import cpu as bench_cpu
from gin_king.bench import cpu_workloads


def test_bench_cpu_prints_every_workload_with_ratios(capsys) -> None:
    status = bench_cpu.main(["--instructions", "3000", "--repeats", "1",
                             "--sprites", "3", "--frames", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert status in (0, 1)
    assert len(lines) == 7
    assert "py65" in lines[1]
    for line, name in zip(lines[2:6], ("compiled", "unrolled", "loop (a)", "loop (b)")):
        assert line.startswith(name) and "x py65" not in line and "x  >=" in line
    assert "identical to step()" in lines[6]


def test_bench_loops_run_without_brk() -> None:
    # The hand-assembled loops must loop (a BRK would mean a wrong branch offset).
    for program in (bench_cpu.LOOP_8BIT, bench_cpu.LOOP_16BIT):
        cpu = bench_cpu.loaded_cpu(program)
        cpu.run(200_000)
        assert cpu.stop_reason == "cycles"


@pytest.mark.parametrize("build", [cpu_workloads.compiled, lambda: cpu_workloads.unrolled(3)],
                         ids=["compiled", "unrolled"])
def test_bench_workload_matches_step(build) -> None:
    # Each workload runs its calls, returns, REP/SEP and (unrolled) self-modified JSL
    # through run() into the same state as step(); a wrong step would also BRK or stray.
    workload = build()
    assert bench_cpu.check_against_step(workload, 60_000) > 10_000

