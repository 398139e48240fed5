"""`gin-king bench cpu` runs its workloads, checks them against step() and prints ratios.

Speed itself is not asserted (no wall-clock assertions); the workloads' correctness is:
the bench raises when run() and step() end in different states.
"""
from __future__ import annotations

import math

import pytest

from gin_king.bench import cpu as bench_cpu
from gin_king.bench import cpu_workloads


def test_bench_cpu_prints_every_workload_with_ratios(capsys) -> None:
    status = bench_cpu.main(["--instructions", "3000", "--repeats", "1",
                             "--sprites", "3", "--frames", "2", "--game-frames", "2",
                             "--cold-seconds", "0.05"])
    lines = capsys.readouterr().out.splitlines()
    assert status in (0, 1)
    assert "py65" in lines[1]
    rows = [line for line in lines[2:] if not line.startswith(" ")]
    costs = [line for line in lines[2:] if line.startswith(" ")]
    names = ("compiled", "unrolled", "loop (a)", "loop (b)", "game loop",
             "loop (a) by hand", "loop (b) by hand", "compiled, cold start")
    assert len(rows) == len(names) + 1
    for line, name in zip(rows, names):
        assert line.startswith(name) and "x" in line
    for line in rows[:5] + rows[7:8]:
        assert "x  >=" in line and ("ok" in line or "MISSED" in line)
    assert "IIGS" in rows[4] and "IIGS" in rows[7]
    # translation cost, per instruction compiled and per region, under each translated row
    assert len(costs) == 5 and all("us/instruction" in c and "ms/region" in c for c in costs)
    assert "identical to step()" in rows[-1]


@pytest.mark.parametrize("twin, program", [(bench_cpu.twin_a, bench_cpu.LOOP_8BIT),
                                           (bench_cpu.twin_b, bench_cpu.LOOP_16BIT)],
                         ids=["loop-a", "loop-b"])
def test_the_hand_written_twins_leave_the_state_run_leaves(twin, program) -> None:
    # The ceiling rows time Python written by hand for each loop: it must compute what the
    # translated code computes (memory, A, carry, N/Z, cycles), or the ceiling means nothing.
    bench_cpu.check_twin(twin, cpu_workloads.loop(program, bench_cpu.ORIGIN, "loop"), 20_000)


def test_the_game_loop_rewrites_its_sprites_and_matches_step() -> None:
    # Two frames of the game loop: the sprites' code is rewritten each frame, and run()
    # (dropping the regions of rewritten code) ends where step() does.
    workload = cpu_workloads.game()
    assert bench_cpu.check_against_step(workload, 2 * cpu_workloads.FRAME) > 10_000
    cpu = bench_cpu.workload_cpu(workload)
    first = cpu_workloads.SPRITE_BANK << 16
    before = cpu.memory[first + 1]
    cpu.run(2 * cpu_workloads.FRAME)
    assert cpu.memory[first + 1] == (before + 2) & 0xFF


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



def test_bench_cpu_bytecodes_counts_the_regions_code_alike_each_run(capsys) -> None:
    # The count is of the bytecodes the regions run, so the same code counts the same
    # (a proxy the machine's load does not move); each workload is translated (> 0) and
    # runs a few bytecodes an instruction, not the interpreter's hundreds.
    assert bench_cpu.main(["--bytecodes"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["compiled", "unrolled", "loop", "loop"]
    counts = [float(line.split()[-5]) for line in lines]
    assert all(4.0 < count < 40.0 for count in counts), counts
    workload = bench_cpu.workloads(20_000)[3][1]
    assert (bench_cpu.region_bytecodes(workload, 20_000)
            == bench_cpu.region_bytecodes(workload, 20_000))


def test_bench_translation_measures_this_tree_against_another(capsys) -> None:
    # This checkout against itself, one round of one cold run each: the compiled
    # workload's one region, its 66 instructions each compiled once (a tree whose blocks
    # overlapped would count more than the distinct ones), and the ratios of the two.
    from gin_king.bench import translation
    status = translation.main(["--against", str(translation.ROOT), "--rounds", "1",
                               "--runs", "1", "--warm", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert lines[0].startswith("translation of compiled (C-shaped)")
    trees = [line.split() for line in lines if line.startswith(str(translation.ROOT)[-40:])]
    assert len(trees) == 2
    for fields in trees:
        assert fields[1:4] == ["1", "66", "(66)"]
        compile_ms, per_instruction, per_distinct, per_region, warm = map(float,
                                                                          fields[4:9])
        assert per_instruction == per_distinct
        assert 1e3 * compile_ms / 66 == pytest.approx(per_instruction, rel=0.01)
        assert 0 < compile_ms <= per_region
        assert 0 < warm < math.inf     # (the one shape compiled again, twice)
    ratios = next(line for line in lines if line.startswith("this / against, the least"))
    assert ratios.count("x") == 5


def test_bench_translation_measures_gin_king_from_its_disk(capsys) -> None:
    # The real program, a IIGS's second of it from a disk this tree made: regions made,
    # instructions compiled (at least the distinct ones), each figure from the same run.
    from gin_king.bench import translation
    status = translation.main(["--workload", "gin.king", "--seconds", "1", "--rounds", "1",
                               "--runs", "1", "--warm", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert lines[0].startswith("translation of GIN.KING from its disk, 1 s of a IIGS")
    fields = next(line for line in lines if line.startswith(str(translation.ROOT)[-40:])
                  ).split()
    regions, instructions, distinct = int(fields[1]), int(fields[2]), int(fields[3][1:-1])
    assert regions > 0 and instructions >= distinct > 0
    compile_ms, per_instruction, per_distinct = map(float, fields[4:7])
    assert 1e3 * compile_ms / distinct == pytest.approx(per_distinct, rel=0.01)
    assert 1e3 * compile_ms / instructions == pytest.approx(per_instruction, rel=0.01)


def test_bench_translation_refuses_a_directory_that_is_not_a_checkout(tmp_path, capsys
                                                                     ) -> None:
    # Run with such a directory first on the path, the installed tree would be measured
    # in its place, and the figures compared with themselves.
    from gin_king.bench import translation
    with pytest.raises(SystemExit) as refused:
        translation.main(["--against", str(tmp_path), "--rounds", "1", "--runs", "1"])
    assert refused.value.code == 2
    assert "is not a checkout of the project" in capsys.readouterr().err


@pytest.mark.parametrize("option, said", [
    ("--rounds", "at least 1"), ("--runs", "at least 1"), ("--warm", "at least 1"),
    ("--seconds", "more than 0")])
def test_bench_translation_refuses_what_would_measure_nothing(option, said, capsys) -> None:
    # (no run at all would print no figure, or an infinite one, as if measured)
    from gin_king.bench import translation
    with pytest.raises(SystemExit) as refused:
        translation.main([option, "0"])
    assert refused.value.code == 2
    assert f"{option} must be {said}" in capsys.readouterr().err
