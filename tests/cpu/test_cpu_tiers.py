"""The translated tier (`iigs.blocks`, chosen by `iigs.tiers`) against step().

Seeded random *structured* programs, the way compilers and games write them: loops with
a counter in memory, REP/SEP and XCE (after CLC/SEC) inside the loop bodies, PHP ... PLP
pairs, JSR/RTS and JSL/RTL to subroutines that change widths and restore them,
direct-page frames (PHD/TCD), long pointers, decimal mode now and then, and stores into
the operands of the loop's own instructions (self-modifying code). Each program runs
through run() (translating on the first or second visit) and run_reference() (built on
step()); registers, flags, memory, cycle counts and the stop must be the same.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from gin_king.bench import cpu as bench_cpu
from gin_king.bench import cpu_workloads
from gin_king.bench.assembler import Assembler
from iigs import blocks, tiers
from iigs.cpu import CPU65816
from iigs.tiers import Translator
from test_cpu_run_vs_step import REGISTERS, clone, memory_alike, program_cpu, run_alike

CODE = 0x021000      # the program; DBR is $02 too, so absolute stores can reach it
SUBS = 0x031000      # long subroutines (JSL/RTL)
DATA = 0x8000        # data area in bank $02
COUNTER = 0xF0       # the loop counter (direct page)


class ProgramWriter:
    """Writes random instructions while tracking E/M/X, as an assembler's LONGA/LONGI."""

    def __init__(self, rng: random.Random, a: Assembler) -> None:
        self.rng = rng
        self.a = a
        self.e, self.m, self.x = 0, 1, 1
        self.patchable: list[int] = []   # operand addresses of 8-bit immediates

    def imm_m(self, mnemonic: str) -> None:
        value = self.rng.randrange(0x10000)
        at = self.a.op(mnemonic, "immm", value, wide=not self.m)
        if self.m:
            self.patchable.append(at + 1)

    def widths(self, m: int, x: int) -> None:
        """REP/SEP to the widths m, x (native mode)."""
        clear = (0 if m else 0x20) | (0 if x else 0x10)
        set_ = (0x20 if m else 0) | (0x10 if x else 0)
        if clear:
            self.a.op("REP", "imm8", clear | self.rng.choice([0, 0x01, 0x40]))
        if set_:
            self.a.op("SEP", "imm8", set_ | self.rng.choice([0, 0x01, 0x80]))
        self.m, self.x = m, x

    def simple(self) -> None:
        rng, a = self.rng, self.a
        choice = rng.randrange(22)
        if choice < 5:
            self.imm_m(rng.choice(["LDA", "ADC", "SBC", "AND", "ORA", "EOR", "CMP"]))
        elif choice == 5:
            a.op(rng.choice(["LDA", "ADC", "STA", "INC", "ASL", "ROR"]), "dp",
                 rng.randrange(0x10, 0x60))
        elif choice == 6:
            a.op(rng.choice(["LDA", "STA", "STZ"]), "abs", DATA + rng.randrange(0x100))
        elif choice == 7:
            a.op(rng.choice(["TAY", "TYA", "INY", "DEY", "XBA", "TDC", "CLC", "SEC"]))
        elif choice == 8:
            a.op("PHA")
            self.simple_alu()
            a.op("PLA")
        elif choice == 9 and not self.e:
            # SEP/REP around byte work, then back.
            m, x = self.m, self.x
            self.widths(rng.randrange(2), rng.randrange(2))
            self.simple_alu()
            self.widths(m, x)
        elif choice == 18 and not self.e and not self.m:
            # a compiler's byte work: SEP #$20 ... REP #$20 exactly, with what may see
            # the M bit between them now and then (PHP/PLA, a decimal ADC)
            a.op("SEP", "imm8", 0x20)
            self.m = 1
            inside = rng.randrange(4)
            if inside == 0:
                a.op("PHP")
                a.op("PLA")
            elif inside == 1:
                a.op("SED")
                self.imm_m("ADC")
                a.op("CLD")
            else:
                a.op("LDA", "dp", rng.randrange(0x10, 0x60))
                self.simple_alu()
            a.op("REP", "imm8", 0x20)
            self.m = 0
        elif choice == 10 and not self.e:
            # PHP, change widths, PLP restores them.
            a.op("PHP")
            m, x = self.m, self.x
            self.widths(rng.randrange(2), rng.randrange(2))
            self.simple_alu()
            a.op("PLP")
            self.m, self.x = m, x
        elif choice == 11:
            # to emulation mode and back (SEC; XCE ... CLC; XCE), widths 8-bit after
            if not self.e:
                a.op("SEC")
                a.op("XCE")
                self.e, self.m, self.x = 1, 1, 1
                self.simple_alu()
                a.op("CLC")
                a.op("XCE")
                self.e = 0
        elif choice == 12 and not self.e:
            # a direct-page frame: PHD; TSC; TCD; read a local; PLD
            a.op("PHD")
            a.op("TSC")
            a.op("TCD")
            a.op("LDA", "dp", rng.randrange(1, 4))
            a.op("PLD")
        elif choice == 13 and not self.e:
            a.op("LDA", "dpily", 0x20)       # a long pointer at $20-$22
        elif choice == 14:
            a.op("SED")
            self.imm_m(rng.choice(["ADC", "SBC"]))
            a.op("CLD")
        elif choice == 15 and self.patchable and not self.e:
            # self-modifying code: rewrite an 8-bit immediate operand of the program
            m, x = self.m, self.x
            self.widths(1, x)
            a.op("LDA", "immm", rng.randrange(0x100))
            a.op("STA", "abs", rng.choice(self.patchable) & 0xFFFF)
            self.widths(m, x)
        elif choice == 16:
            a.op("JSR", "abs", "sub")
        elif choice == 17:
            a.op("JSL", "absl", "lsub")
        else:
            self.simple_alu()

    def simple_alu(self) -> None:
        self.imm_m(self.rng.choice(["LDA", "ADC", "EOR", "AND", "ORA"]))

    def loop(self, depth: int) -> None:
        """LDA #n : STA counter ; body ; DEC counter ; BNE body (widths as at the head)."""
        a, rng = self.a, self.rng
        head = f"loop{a.pc:x}"
        counter = COUNTER + 2 * depth
        self.imm_counter(rng.randrange(2, 6), counter)
        a.label(head)
        m, x, e = self.m, self.x, self.e
        for _ in range(rng.randrange(3, 9)):
            if depth < 1 and rng.random() < 0.15:
                self.loop(depth + 1)
                self.widths(m, x)
            else:
                self.simple()
        if not e:
            self.widths(m, x)
        a.op("DEC", "dp", counter)
        if a.pc + 2 - a.labels[head] <= 128:
            a.op("BNE", "rel8", head)
        else:   # a long body: BEQ over a JMP back
            a.op("BEQ", "rel8", 3)
            a.op("JMP", "abs", head)

    def imm_counter(self, n: int, counter: int) -> None:
        self.a.op("LDA", "immm", n, wide=not self.m)
        self.a.op("STA", "dp", counter)


def structured_machine(seed: int, translator: Translator | None = None) -> CPU65816:
    rng = random.Random(seed)
    mem = bytearray(1 << 24)
    mem[0x20:0x23] = bytes([0x00, 0x90, 0x04])          # long pointer -> $04:9000
    mem[0x049000:0x049100] = rng.randbytes(0x100)
    a = Assembler(mem, CODE)
    writer = ProgramWriter(rng, a)
    a.op("CLC")
    a.op("XCE")
    writer.widths(rng.randrange(2), rng.randrange(2))
    a.label("main")
    widths = writer.m, writer.x
    for _ in range(rng.randrange(2, 4)):
        writer.loop(0)
        if rng.random() < 0.5:
            writer.widths(rng.randrange(2), rng.randrange(2))
    writer.widths(*widths)
    a.op("BRA", "rel8", "main") if a.pc - a.labels["main"] < 120 else a.op("JMP", "abs",
                                                                          "main")
    # sub: PHP; SEP/REP; work; PLP; RTS  (and lsub the same with RTL, in bank $03)
    for name, ret, origin in (("sub", "RTS", None), ("lsub", "RTL", SUBS)):
        if origin is not None:
            sub = Assembler(mem, origin)
            sub_writer = ProgramWriter(rng, sub)
        else:
            sub, sub_writer = a, writer
        sub.label(name)
        sub.op("PHP")
        sub_writer.e, sub_writer.m, sub_writer.x = 0, rng.randrange(2), rng.randrange(2)
        sub.op("REP", "imm8", 0x30)
        sub_writer.m = sub_writer.x = 0
        for _ in range(3):
            sub_writer.simple_alu()
        sub.op("PLP")
        sub.op(ret)
        if origin is not None:
            sub.assemble()
            a.labels[name] = sub.labels[name]
    a.assemble()
    return program_cpu(mem, CODE, translator, dbr=CODE >> 16)


@pytest.mark.parametrize("hot", [1, 2], ids=["hot-1", "hot-2"])
@pytest.mark.parametrize("seed", range(6))
def test_run_matches_step_structured_program(seed: int, hot: int) -> None:
    # (hot=1: at once, not in a batch)
    fast = structured_machine(seed, Translator(hot=hot, batch_cycles=0 if hot == 1 else None))
    reference = clone(fast)
    run_alike(fast, reference, (997, 9_000, 4_321))   # stops mid-region, then goes on


def test_region_keeps_widths_across_rep_sep_and_follows_calls() -> None:
    # $02:1000 REP #$30 ; LDA #$1234 ; SEP #$20 ; LDA #$56 ; JSR $1100 ; INC A ; STP
    # $02:1100 XBA ; RTS
    # One region: REP/SEP do not end it, and the JSR/RTS pair is followed inside it.
    mem = bytearray(1 << 24)
    mem[0x021000:0x02100E] = bytes([0xC2, 0x30, 0xA9, 0x34, 0x12, 0xE2, 0x20, 0xA9, 0x56,
                                    0x20, 0x00, 0x11, 0x1A, 0xDB])
    mem[0x021100:0x021102] = bytes([0xEB, 0x60])
    found = blocks.discover(mem, 0x021000, (0, 1, 1))
    assert [b.start & 0xFFFF for b in found] == [0x1000, 0x1100, 0x100C]
    assert found[0].instructions[2].key == (0, 0, 0)     # LDA #$1234 runs 16-bit
    assert found[0].instructions[4].key == (0, 1, 0)     # LDA #$56 runs 8-bit
    cpu = CPU65816(mem, pc=0x1000)
    cpu.e, cpu.pbr = 0, 0x02
    region = blocks.translate(mem, 0x021000, (0, 1, 1))
    packed = region.run(cpu, mem, 1 << 40)
    assert packed & 0xFFFFFF == 0x02100D                 # out at the STP, not before
    assert (cpu.a, cpu.p & 0x30) == (0x5613, 0x20)
    assert packed >> 24 == 3 + 3 + 3 + 2 + 6 + 3 + 6 + 2


def test_store_into_own_code_leaves_region_and_drops_only_it(
        translate_at_once: Translator) -> None:
    # $02:1000 loop: LDA #$00 ; INC A ; STA $1001 (the LDA's operand) ; DEX ; BNE loop ; STP
    # $02:1200       other loop: DEY ; BNE other ; (then) JMP $1000
    mem = bytearray(1 << 24)
    mem[0x021000:0x02100A] = bytes([0xA9, 0x00, 0x1A, 0x8D, 0x01, 0x10, 0xCA, 0xD0, 0xF7,
                                    0xDB])
    mem[0x021200:0x021206] = bytes([0x88, 0xD0, 0xFD, 0x4C, 0x00, 0x10])
    cpu = CPU65816(mem, pc=0x1200, translator=translate_at_once)
    cpu.pbr = cpu.dbr = 0x02
    cpu.x, cpu.y = 20, 30
    reference = clone(cpu)
    cpu.run(100_000)
    reference.run_reference(100_000)
    assert cpu.stop_reason == reference.stop_reason == "stp"
    assert [getattr(cpu, n) for n in REGISTERS] == [getattr(reference, n) for n in REGISTERS]
    memory_alike(cpu.memory, reference.memory)
    regions = translate_at_once.regions((1, 1, 1))
    assert 0x021200 in regions                           # the other loop kept its region
    assert 0x021001 in translate_at_once.store.rewritten   # the rewritten operand is known
    assert (cpu.a & 0xFF, mem[0x021001]) == (20, 20)


def test_unrolled_copy_placed_by_shape_runs_like_step(translate_at_once: Translator) -> None:
    # The same routine at $02:2000 and $02:3000 (its own source operand each):
    #        BRA start  ; (so that `start` is a block start)
    # start: LDY #$0000 ; SEP #$20
    # loop:  LDA src,Y ; BEQ out ; STA $9000,Y ; INY ; BRA loop
    # out:   REP #$20 ; STP
    # The loop head is decoded twice (8-bit after SEP, inside the first block, and as the
    # BRA's target), so one operand feeds two parameters; the second copy is placed from
    # the first copy's shape without decoding and must run as step() does.
    mem = bytearray(1 << 24)
    for origin, source, length in ((0x022000, 0x8000, 5), (0x023000, 0x8100, 9)):
        mem[0x020000 | source:0x020000 | source + length] = bytes(range(1, length + 1))
        mem[origin:origin + 21] = bytes([0x80, 0x00, 0xA0, 0x00, 0x00, 0xE2, 0x20,
                                         0xB9, source & 0xFF, source >> 8, 0xF0, 0x06,
                                         0x99, 0x00, 0x90, 0xC8, 0x80, 0xF5,
                                         0xC2, 0x20, 0xDB])
    fast = CPU65816(mem, pc=0x2000, translator=translate_at_once)
    fast.e, fast.p, fast.pbr, fast.dbr = 0, 0x00, 0x02, 0x02
    reference = clone(fast)
    for origin in (0x2000, 0x3000):
        for cpu in (fast, reference):
            cpu.stopped, cpu.pc = False, origin
        fast.run(10_000)
        reference.run_reference(10_000)
        assert [getattr(fast, n) for n in REGISTERS] == \
            [getattr(reference, n) for n in REGISTERS]
        memory_alike(fast.memory, reference.memory)
    assert fast.memory[0x029000:0x029009] == bytes(range(1, 10))
    assert any(translate_at_once.store.relocatable.values())


@pytest.mark.parametrize("seed", range(3))
def test_candidates_translated_in_idle_time_run_like_step(
        seed: int) -> None:
    # With idle time (`translate_later`), hot blocks wait as candidates, interpreted;
    # `translate_pending` then makes their regions, and the run goes on through them
    # exactly as step() does.
    translator = Translator(hot_now=1 << 30)
    fast = structured_machine(seed, translator)
    fast.translate_later = {}
    reference = clone(fast)
    for budget, idle in ((997, False), (9_000, True), (4_321, False), (20_000, True)):
        fast.run(budget)
        reference.run_reference(budget)
        if idle:
            candidates = list(fast.translate_later)
            assert candidates
            assert tiers.translate_pending(fast, 60.0) == len(candidates)
            assert not fast.translate_later
            for key, a0 in candidates:
                assert a0 in translator.regions(key)
        else:
            assert all(a0 not in translator.regions(key)
                       for key, a0 in fast.translate_later)
        assert fast.stop_reason == reference.stop_reason
        assert [getattr(fast, n) for n in REGISTERS] == \
            [getattr(reference, n) for n in REGISTERS]
        memory_alike(fast.memory, reference.memory)


def test_region_in_binary_mode_is_not_entered_with_decimal_set(
        translate_at_once: Translator) -> None:
    # $02:1000 sub: CLC ; ADC #$19 ; DEX ; BNE sub ; RTS
    # $02:1100 main: LDX #8 ; JSR sub ; SED ; LDA #$00 ; LDX #3 ; JSR sub ; STP
    # sub's region has no SED, so its ADC tests no D flag; called again with D set, it
    # must not run: the interpreter does the BCD sums.
    mem = bytearray(1 << 24)
    mem[0x021000:0x021007] = bytes([0x18, 0x69, 0x19, 0xCA, 0xD0, 0xFA, 0x60])
    mem[0x021100:0x02110E] = bytes([0xA2, 0x08, 0x20, 0x00, 0x10, 0xF8, 0xA9, 0x00,
                                    0xA2, 0x03, 0x20, 0x00, 0x10, 0xDB])
    fast = CPU65816(mem, pc=0x1100, translator=translate_at_once)
    fast.pbr = fast.dbr = 0x02
    reference = clone(fast)
    run_alike(fast, reference, (100_000,))
    assert fast.stop_reason == "stp"
    assert fast.a & 0xFF == 0x57        # 19 + 19 + 19 in BCD
    region = translate_at_once.regions((1, 1, 1))[0x021000]
    assert region.entry_clear == 0x08


@pytest.mark.parametrize("seed", range(4))
def test_region_stops_on_the_instruction_step_would_at_every_budget(seed: int) -> None:
    # One budget check heads each arm for the blocks it follows: run() in many small
    # budgets (each ending somewhere inside those blocks) must stop where step() does.
    fast = structured_machine(100 + seed)
    reference = clone(fast)
    rng = random.Random(seed)
    run_alike(fast, reference, tuple(rng.randrange(1, 90) for _ in range(200)))


@pytest.mark.parametrize("batch, shapes", [(tiers.BATCH_CYCLES, 1), (0, 4)],
                         ids=["batched", "at-once"])
def test_hot_candidates_wait_and_the_outer_region_holds_the_inner_ones(
        batch: int, shapes: int) -> None:
    # The bench's C-shaped program: main's loop calls checksum(), whose byte loop calls a
    # library routine. Translated as each gets hot, the innermost first, that is four
    # nested regions, the inner code compiled in each; waiting BATCH_CYCLES, lowest address
    # first, one region (main's) holds it all and the rest are its entry points.
    translator = Translator(batch_cycles=batch)
    workload = cpu_workloads.compiled()
    assert bench_cpu.check_against_step(workload, 60_000, translator) > 10_000
    assert len(translator.store.shapes) == shapes


@pytest.mark.parametrize("cold_run, placed", [(tiers.COLD_RUN, True), (1 << 30, False)],
                         ids=["cold-run", "hot-only"])
def test_unrolled_code_run_once_is_placed_by_shape_in_its_first_pass(
        cold_run: int, placed: bool) -> None:
    # Three compiled sprites drawn once: no row is entered twice, so none gets hot; a run
    # of COLD_RUN rows reached for the first time makes one a candidate, and once its
    # shape is compiled the later rows are placed by shape as they are reached.
    translator = Translator(cold_run=cold_run)
    workload = cpu_workloads.unrolled(3)
    bench_cpu.check_against_step(workload, cpu_workloads.frame_cycles(3), translator)
    rows = [a0 for key, (regions, _) in translator.caches.items() for a0 in regions
            if a0 >= cpu_workloads.SPRITE_BANK << 16]
    assert (len(rows) >= 10) is placed
    assert (len(translator.store.shapes) >= 1) is placed


def test_region_code_spans_join_over_a_gap_but_not_over_rewritten_bytes() -> None:
    # Two one-byte blocks 4 bytes apart (a JSL's operand between them, say): one span,
    # unless the program is known to rewrite those bytes: then a patch there must not
    # drop the region each time.
    mem = bytearray(1 << 24)
    key = (0, 0, 0)
    two = [blocks.BasicBlock(at, key, [blocks.Instruction(at, 0xEA, key, None, 1)],
                             "exit", [], []) for at in (0x021000, 0x021005)]
    assert [s[:2] for s in blocks._segments(mem, two, set())] == [(0x021000, 0x021006)]
    assert [s[:2] for s in blocks._segments(mem, two, {0x021003})] == [
        (0x021000, 0x021001), (0x021005, 0x021006)]


def test_a_batch_not_yet_translated_waits_for_idle_time_when_it_is_given() -> None:
    # The compiled workload stopped before its batch is due: its candidates wait in the
    # batch; given idle time, they wait there instead, and are translated in it.
    cpu = bench_cpu.workload_cpu(cpu_workloads.compiled())
    cpu.run(3_000)
    waiting = dict(cpu.translator.soon)
    assert waiting and not any(cpu.translator.regions(key) for key, _ in waiting)
    tiers.give_idle_time(cpu)
    assert cpu.translate_later == waiting and not cpu.translator.soon
    assert tiers.translate_pending(cpu, 1.0) >= 1 and not cpu.translate_later
    reference = bench_cpu.workload_cpu(cpu_workloads.compiled())
    reference.run_reference(3_000)
    run_alike(cpu, reference, (50_000,))


def test_two_cpus_in_one_process_share_no_translation() -> None:
    # Each CPU's translator owns its tables, regions, shapes and the bytes it has seen
    # rewritten: what one CPU learnt of its program does not change how another's is
    # decoded, and a new CPU starts cold.
    # $02:1000 loop: LDA #$00 ; INC A ; STA $1001 ; DEX ; BNE loop ; STP
    mem = bytearray(1 << 24)
    mem[0x021000:0x02100A] = bytes([0xA9, 0x00, 0x1A, 0x8D, 0x01, 0x10, 0xCA, 0xD0, 0xF7,
                                    0xDB])
    first = CPU65816(bytearray(mem), pc=0x1000, translator=Translator(hot=1, batch_cycles=0))
    second = CPU65816(bytearray(mem), pc=0x1000, translator=Translator(hot=1, batch_cycles=0))
    for cpu in (first, second):
        cpu.pbr = cpu.dbr = 0x02
        cpu.x = 20
    first.run(100_000)
    assert first.stop_reason == "stp" and first.translator.store.rewritten
    assert first.translator.caches and first.translator.tables
    assert not (second.translator.store.rewritten or second.translator.caches
                or second.translator.store.shapes or second.translator.tables)
    second.run(100_000)
    assert second.translator.tables[(1, 1, 1)] is not first.translator.tables[(1, 1, 1)]
    assert [getattr(second, n) for n in REGISTERS] == [getattr(first, n) for n in REGISTERS]


def test_a_shapes_compiled_code_is_reused_across_translators_unless_told_not_to() -> None:
    # Compiled code is a pure function of the shape: a second CPU running the same
    # program compiles nothing (and ends in the same state); a translator made with
    # share_compiled=False, as the CPU bench's cold runs are, compiles for itself.
    blocks.COMPILED_SHAPES.clear()           # (what earlier tests compiled: not this one's)
    workload = cpu_workloads.compiled()
    runs = [bench_cpu.workload_cpu(workload, Translator(hot=1, batch_cycles=0, **opts))
            for opts in ({}, {}, {"share_compiled": False})]
    for cpu in runs:
        cpu.run(30_000)
    first, second, cold = (cpu.translator.store for cpu in runs)
    assert first.shapes_compiled and not second.shapes_compiled
    assert set(second.shapes) and all(second.shapes[s] is first.shapes[s]
                                      for s in second.shapes if s in first.shapes)
    assert cold.shapes_compiled == first.shapes_compiled
    assert all(cold.shapes[s] is not first.shapes[s] for s in cold.shapes if s in first.shapes)
    assert [getattr(runs[1], n) for n in REGISTERS] == [getattr(runs[0], n) for n in REGISTERS]


def test_code_falling_into_a_loop_is_split_there_and_the_inner_loop_runs_in_one_arm() -> None:
    # $02:1000 outer: LDX #$03 ; inner: DEX ; BNE inner ; BRA outer
    # Found from `inner` (the hot loop), the block at `outer` ends where `inner` starts
    # and goes on to it, so DEX/BNE are written once; the inner loop is its own arm's
    # loop (a self-loop), the outer one goes through the dispatch.
    mem = bytearray(1 << 24)
    mem[0x021000:0x021007] = bytes([0xA2, 0x03, 0xCA, 0xD0, 0xFD, 0x80, 0xF9])
    found = blocks.discover(mem, 0x021002, (0, 1, 1))
    assert [(b.start & 0xFFFF, len(b.instructions), b.end) for b in found] == [
        (0x1002, 2, "branch"), (0x1005, 1, "direct"), (0x1000, 1, "exit")]
    assert found[2].targets == [(0x021002, (0, 1, 1))]
    # (the flow as `_compile` gives it: block 0 loops to itself or goes to 1, 1 to 2,
    # 2 back to 0; the innermost loop is block 0's alone)
    assert blocks.innermost_loops([[0, 1], [2], [0]], [None] * 3) == {0: frozenset({0})}
    cpu = CPU65816(mem, pc=0x1002, translator=Translator(hot=1, batch_cycles=0))
    cpu.e, cpu.pbr, cpu.x = 0, 0x02, 5
    reference = clone(cpu)
    run_alike(cpu, reference, (997, 3, 1500, 20_000))


def test_a_loop_calling_a_routine_runs_the_routine_in_the_loops_arm() -> None:
    # A loop whose body calls a routine (JSL ... RTL): the loop analysis sees the call
    # return to the block after it, not each RTL return to every call of the region, so
    # the routine's blocks are in the loop, followed in its head's arm.
    #   0: loop head, JSL routine (returns to 2)    1: routine (ends RTL)
    #   2: after the call, branch back to 0 or on to 3    3: leaves
    loops = blocks.innermost_loops([[1, 2], [], [0, 3], []], [1, None, None, None])
    assert loops == {0: frozenset({0, 1, 2})}


def test_a_region_with_a_computed_call_in_a_loop_runs_like_step() -> None:
    # $02:1000 LDX #$00 ; loop: JSR ($1100,X) ; INX ; INX ; CPX #$04 ; BNE loop ; BRA $1000
    # $02:1100 .word $1200, $1210 ; $1200 INC $40 ; RTS ; $1210 DEC $41 ; RTS
    # A JSR through a table ends its block with no constant target: not a call the loop
    # analysis can follow.
    mem = bytearray(1 << 24)
    mem[0x021000:0x02100E] = bytes([0xA2, 0x00, 0xFC, 0x00, 0x11, 0xE8, 0xE8, 0xE0, 0x04,
                                    0xD0, 0xF7, 0x80, 0xF3, 0xDB])
    mem[0x021100:0x021104] = bytes([0x00, 0x12, 0x10, 0x12])
    mem[0x021200:0x021203] = bytes([0xE6, 0x40, 0x60])
    mem[0x021210:0x021213] = bytes([0xC6, 0x41, 0x60])
    translator = Translator(hot=1, batch_cycles=0)
    cpu = CPU65816(mem, pc=0x1000, translator=translator)
    cpu.e, cpu.pbr = 0, 0x02
    reference = clone(cpu)
    run_alike(cpu, reference, (1001, 7, 5000, 30_000))
    assert translator.counters()["regions"] > 0
    assert (mem[0x40], mem[0x41]) == (reference.memory[0x40], reference.memory[0x41]) != (0, 0)


def test_the_cpu_alone_imports_neither_the_io_page_nor_numpy() -> None:
    # A program that only runs the CPU (the cpu bench's cold start) pays for no I/O page,
    # sound chip or numpy at start-up (docs/performance.md, "Where a cold start's time
    # goes"); a fresh interpreter, so that nothing imported by other tests hides it.
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(
        [sys.executable, "-c", "import sys, iigs.cpu, iigs.tiers, iigs.blocks; "
         "print(sorted(m for m in ('iigs.io', 'iigs.doc', 'numpy') if m in sys.modules))"],
        env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_long_store_into_the_regions_own_jsl_leaves_the_routine_out() -> None:
    # $02:1000 LDA #$3000 ; STA $021008 (the JSL's operand, both bytes) ; JSL $022000 ; STP
    # $02:2000 INX ; RTL      $02:3000 INX ; INX ; RTL
    # The region sees its own code patched at a constant address: the JSL is left to the
    # interpreter and the routine its operand names now is not compiled into the region.
    mem = bytearray(1 << 24)
    mem[0x021000:0x02100C] = bytes([0xA9, 0x00, 0x30, 0x8F, 0x08, 0x10, 0x02,
                                    0x22, 0x00, 0x20, 0x02, 0xDB])
    mem[0x022000:0x022002] = bytes([0xE8, 0x6B])
    mem[0x023000:0x023003] = bytes([0xE8, 0xE8, 0x6B])
    store = blocks.Store(share_compiled=False)
    region = blocks.translate(bytearray(mem), 0x021000, (0, 0, 0), store)
    assert [s[:2] for s in region.segments] == [(0x021000, 0x021007)]
    assert {0x021008, 0x021009} <= store.rewritten
    cpu = CPU65816(mem, pc=0x1000, translator=Translator(hot=1, batch_cycles=0))
    cpu.e, cpu.p, cpu.pbr = 0, 0x00, 0x02
    reference = clone(cpu)
    run_alike(cpu, reference, (1_000,))
    assert cpu.stop_reason == "stp" and cpu.x == 2
