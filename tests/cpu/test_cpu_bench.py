"""`gin-king bench cpu` runs its three loops and prints them side by side.

Speed itself is not asserted (no wall-clock assertions); the loops' correctness is
(tests/cpu/test_cpu_run_vs_step.py runs the same programs through step() and run()).
"""
from __future__ import annotations

from gin_king.bench import cpu as bench_cpu


def test_bench_cpu_prints_three_loops_with_ratios(capsys) -> None:
    status = bench_cpu.main(["--instructions", "3000", "--repeats", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert status in (0, 1)
    assert len(lines) == 4
    assert "py65" in lines[1] and "(a)" in lines[2] and "(b)" in lines[3]
    assert all("x" in line for line in lines[1:])


def test_bench_loops_run_without_brk() -> None:
    # The hand-assembled loops must loop (a BRK would mean a wrong branch offset).
    for program in (bench_cpu.LOOP_8BIT, bench_cpu.LOOP_16BIT):
        cpu = bench_cpu.loaded_cpu(program)
        cpu.stop_on_brk = True
        cpu.run(200_000)
        assert cpu.stop_reason == "cycles"
