"""Flags held in locals in translated regions (`iigs.cpu_ops.FlagState`, issue 47): N/Z,
C and V live in r_nz, r_c, r_v (or V in the triple r_va/r_vv/r_vs of a 16-bit ADC/SBC)
where an instruction defines them from a value, and P is made from them only where it
is observed (leaving the region, PHP, a partial update of P). The state stays exactly
step()'s; and the checks below fail when the analysis is made wrong on purpose (no P
made before PHP, no move to the region's state at a block's end, no P made before a
raise to the exits' handler, the triple stored, moved, cleared or read wrongly, N/Z
not moved at the end of a block followed into one that reads them first), so they do
test it.
"""
from __future__ import annotations

import random

import pytest

from gin_king.bench.assembler import native_program
from iigs import blocks, cpu_ops
from iigs.cpu import CPU65816
from iigs.cpu_ops import IN_P, FlagState, Op, with_lazy_flags
from iigs.tiers import Translator
from test_cpu_region_code import _region_source
from test_cpu_run_vs_step import clone, fresh, program_cpu, run_alike

NATIVE = (0, 1, 1)
NATIVE16 = (0, 0, 0)


ADC_IMM, INX, PHP, BIT_ABS, SEP, REP = 0x69, 0xE8, 0x08, 0x2C, 0xE2, 0xC2


def _lazy(code: int, key: tuple, state: FlagState, reads: int = 0,
          imm: int | None = None) -> tuple[list[Op], FlagState]:
    paired, after = with_lazy_flags(list(blocks.template(code, key, imm).ops), state, reads)
    return [op for op, _ in paired], after


def test_adc_stores_its_flags_and_builds_no_p() -> None:
    # (16 bits: N/Z are those of the accumulator's local, not copied)
    ops, after = _lazy(ADC_IMM, NATIVE16, FlagState(16, True, 16))
    assert not [op for op in ops if op.kind == "flags"]
    assert {op.target for op in ops if op.kind == "set"} == {"r_a", "r_c", "r_v"}
    assert after == FlagState(16, True, 16, "r_a")
    ops, after = _lazy(ADC_IMM, NATIVE, FlagState(16, True, 16))
    assert not [op for op in ops if op.kind == "flags"]
    assert {op.target for op in ops if op.kind == "set"} == {"r_a", "r_nz", "r_c", "r_v"}
    assert after == FlagState(8, True, 8)
    # INX in 8-bit index mode: N/Z are those of r_x itself, 8 bits wide (no store);
    # C and V untouched
    ops, after = _lazy(INX, NATIVE, FlagState(16, True, 16))
    assert not [op for op in ops if op.target == "r_nz"]
    assert after == FlagState(8, True, 16, "r_x")
    # ... and before X changes again, r_nz takes its value -- unless the instruction
    # sets N/Z again first (INX after INX: nothing to keep)
    ops, after = _lazy(0x9A, NATIVE, after)        # TXS: X stays, nothing kept
    assert not [op for op in ops if op.target == "r_nz"] and after.alias == "r_x"
    ops, after = _lazy(INX, NATIVE, after)
    assert not [op for op in ops if op.target == "r_nz"] and after.alias == "r_x"
    ops, after = _lazy(0xBB, NATIVE, after)        # TYX: N/Z of a temporary, stored
    assert [op.target for op in ops].count("r_nz") == 1 and after.alias == ""
    ops, after = _lazy(0xAE, NATIVE, after)        # LDX abs: X from memory
    assert after.alias == "r_x"
    plp, after = _lazy(0x28, NATIVE, FlagState(8, True, 8, "r_x"))   # PLP may narrow X
    assert plp[0].target == "r_nz" and plp[0].expr == "r_x" and after == IN_P


def test_p_is_made_before_it_is_read_or_updated_in_part() -> None:
    lazy = FlagState(8, True, 8)
    # PHP reads P: P is made from the locals first
    ops, after = _lazy(PHP, NATIVE, lazy, reads=0xFF)
    assert ops[0].kind == "set" and ops[0].target == "r_p" and "r_nz" in ops[0].expr
    assert after == lazy
    # BIT defines N, V, Z in P (N from memory: not a value's): they move to P, C stays
    ops, after = _lazy(BIT_ABS, NATIVE, lazy)
    assert any(op.kind == "set" and op.target == "r_p" for op in ops)
    assert after == FlagState(0, True, 0)
    # SEP #$21 sets the carry in P (a part of more than bit 0): made first, C in P after
    ops, after = _lazy(SEP, NATIVE, FlagState(0, True, 0), imm=0x21)
    assert ops[0].target == "r_p" and "r_c" in ops[0].expr
    assert after == IN_P
    # REP #$30 touches no flag a local holds: nothing made, nothing moved
    ops, after = _lazy(REP, NATIVE, lazy, imm=0x30)
    assert not any(op.kind == "set" and op.target == "r_p" for op in ops)
    assert after == lazy


def test_a_region_holds_nz_only_where_nothing_leaves_them_in_p() -> None:
    def region_flags(code: bytes) -> FlagState:
        mem = bytearray(1 << 24)
        mem[0x021000:0x021000 + len(code)] = code
        found = blocks.discover(mem, 0x021000, NATIVE)
        shape = (False, False, True) + tuple(
            (tuple((i.op, i.key, i.imm) for i in b.instructions), (), None) for b in found)
        return blocks._region_flags(shape, True)
    # loop: CLC ; ADC #1 ; INX ; BNE loop ; STP -- everything in locals, 8 bits wide
    assert region_flags(bytes([0x18, 0x69, 1, 0xE8, 0xD0, 0xFA, 0xDB])) == FlagState(8, True, 8)
    # ... with a BIT in the loop N/Z stay in P (N and Z may both be set)
    assert region_flags(bytes([0x18, 0x69, 1, 0x24, 0x10, 0xE8, 0xD0, 0xF8, 0xDB])).nz == 0


def test_a_region_holding_nz_is_not_entered_with_n_and_z_both_set() -> None:
    # loop: INX ; BNE loop ; STP, entered with P = N and Z set (as PLP may leave it)
    mem = bytearray(1 << 24)
    mem[0x021000:0x021004] = bytes([0xE8, 0xD0, 0xFD, 0xDB])
    region = blocks.translate(mem, 0x021000, NATIVE)
    assert not region.enters[0x82 | 0x30] and region.enters[0x80 | 0x30]
    fast = CPU65816(mem, pc=0x1000, translator=Translator(hot=1, batch_cycles=0))
    fast.pbr, fast.e, fast.p, fast.x = 0x02, 0, 0xB2, 0x10
    reference = clone(fast)
    run_alike(fast, reference, (7, 100, 5_000))
    assert fast.stop_reason == "stp"


def lazy_program(seed: int, translator: Translator) -> CPU65816:
    """A loop of code whose flags can all be held in locals (no BIT, PLP or REP/SEP of
    N/Z), with 8- and 16-bit results mixed (SEP/REP #$20 inside), PHP/PLA making P
    visible, and branches on every flag."""
    rng = random.Random(seed)
    mem, a = native_program(0x021000)
    a.label("top")
    m = 0
    for n in range(rng.randrange(12, 30)):
        pick = rng.random()
        if pick < 0.1:
            a.op("PHP")
            a.op("PLA")
            a.op("STA", "dp", 0x40 + 2 * n)
        elif pick < 0.14:
            # (X and Y cut to 8 bits with no flag defined: N/Z held in X's local kept)
            a.op("SEP", "imm8", 0x10)
            a.op("REP", "imm8", 0x10)
        elif pick < 0.2:
            m ^= 1
            a.op("SEP" if m else "REP", "imm8", 0x20)
        elif pick < 0.35:
            a.op(rng.choice(["BCC", "BCS", "BNE", "BEQ", "BMI", "BPL", "BVC", "BVS"]),
                 "rel8", 2 if m else 3)                   # over the LDA
            a.op("LDA", "immm", 0x80, wide=not m)
        else:
            name, mode = rng.choice(
                [("ADC", "immm"), ("SBC", "immm"), ("CMP", "immm"), ("LDA", "immm"),
                 ("AND", "immm"), ("EOR", "immm"), ("ASL", "acc"), ("ROR", "acc"),
                 ("ROL", "acc"), ("INX", "imp"), ("DEY", "imp"), ("TAX", "imp"),
                 ("CLC", "imp"), ("SEC", "imp"), ("CLV", "imp"), ("ADC", "dp"),
                 ("CPX", "immx"), ("XBA", "imp")])
            if mode in ("immm", "immx"):
                a.op(name, mode, rng.randrange(0x10000), wide=not m if mode == "immm" else True)
            elif mode == "dp":
                a.op(name, mode, rng.randrange(0x20, 0x30))
            else:
                a.op(name, mode)
    if m:
        a.op("REP", "imm8", 0x20)
    a.op("DEC", "dp", 0x80)
    a.op("BNE", "rel8", "top")
    a.op("STP")
    a.assemble()
    mem[0x20:0x30] = rng.randbytes(0x10)
    mem[0x80] = 30
    return program_cpu(mem, 0x021000, translator)


def _run_programs(translator_for) -> None:
    for seed in range(10):
        fast = lazy_program(seed, translator_for())
        reference = clone(fast)
        run_alike(fast, reference, (611, 2_003, 9_001, 200_000))
        assert fast.stop_reason == "stp"


def test_random_lazy_flag_code_matches_step() -> None:
    _run_programs(fresh)


@pytest.mark.parametrize("breakage", ["no P made before PHP", "no move at a block's end",
                                      "no P made by the exits' handlers",
                                      "N/Z in a register's local let go while still read"])
def test_a_wrong_analysis_is_caught(breakage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same programs with the analysis broken on purpose: run() and step() differ.
    if breakage == "no P made before PHP":
        monkeypatch.setattr(blocks, "_reads_from_p", lambda op, known: 0)
    elif breakage == "no P made by the exits' handlers":
        # (a budget exit raises to the one handler, which makes P from the flags' locals;
        # the moves before a raise mid-block, `_flags_for_raise`, are test_cpu_tiers')
        monkeypatch.setattr(blocks, "_p_at_handlers", lambda region, saved, states=(): [])
    elif breakage == "N/Z in a register's local let go while still read":
        monkeypatch.setattr(cpu_ops, "nz_unread", lambda rest, dead, reads: True)
    else:
        monkeypatch.setattr(blocks, "converted",
                            lambda state, target, nz_unread=False: ([], target))
    with pytest.raises(AssertionError):
        _run_programs(fresh)


# ---------------------------------------------------------------- V in a triple
#
# A region whose V definers are mostly 16-bit ADC/SBC keeps V in r_va/r_vv/r_vs
# (`cpu_ops.TRIPLE`): the ADC stores the old accumulator (and an immediate operand)
# alone, and V is made where it is read.

ADC_DP = 0x65


def _region_flags_of(code: bytes, key: tuple = NATIVE16) -> FlagState:
    mem = bytearray(1 << 24)
    mem[0x021000:0x021000 + len(code)] = code
    found = blocks.discover(mem, 0x021000, key)
    shape = (False, False, True) + tuple(
        (tuple((i.op, i.key, i.imm) for i in b.instructions), (), None) for b in found)
    return blocks._region_flags(shape, True)


def test_a_wide_adc_stores_the_old_accumulator_alone() -> None:
    triple = FlagState(16, True, cpu_ops.TRIPLE)
    paired, after = with_lazy_flags(list(blocks.template(ADC_DP, NATIVE16).ops), triple, 0,
                                    triple=True)
    sets = {(op.target, op.expr) for op, _ in paired if op.kind == "set"}
    assert ("r_va", "r_a") in sets and not any(target == "r_v" for target, _ in sets)
    assert after.v == cpu_ops.TRIPLE
    # an immediate operand is a field in the sum: it goes into r_vv with the store
    paired, _ = with_lazy_flags(list(blocks.template(ADC_IMM, NATIVE16).ops), triple, 0,
                                triple=True)
    assert [op.target for op, _ in paired if op.kind == "set"].count("r_vv") == 1
    # CLV: r_va = r_vs makes (r_va ^ r_vs) 0
    paired, after = with_lazy_flags(list(blocks.template(0xB8, NATIVE16).ops), triple, 0,
                                    triple=True)
    assert [(op.target, op.expr) for op, _ in paired] == [("r_va", "r_vs")]
    assert after == triple
    # a region of 16-bit ADCs keeps V in the triple; one of 8-bit ADCs in r_v
    loop16 = bytes([0x18, 0x65, 0x20, 0xE8, 0xD0, 0xFA, 0xDB])     # CLC ADC dp INX BNE
    assert _region_flags_of(loop16).v == cpu_ops.TRIPLE
    assert _region_flags_of(loop16, NATIVE).v == 8
    # a move into the triple from P, from r_v, and out of it
    lines, _ = cpu_ops.converted(FlagState(16, True, 8), triple)
    assert lines == ["r_va = r_vv = r_v << 8", "r_vs = 0"]
    assert cpu_ops.entry_lines(FlagState(0, False, cpu_ops.TRIPLE)) == [
        "r_va = r_vv = r_p << 9", "r_vs = 0"]


def test_a_dead_v_stores_nothing() -> None:
    # ADC dp ; ADC dp ; INX: the first ADC's V is defined again by the second before
    # anything reads it or leaves: no r_va store
    items = tuple((code, NATIVE16, None) for code in (ADC_DP, ADC_DP, INX))
    dead = blocks.dead_flags(items, False, True)
    assert dead[0] & 0x40
    ops = blocks._instruction_ops(blocks.template(ADC_DP, NATIVE16), True, dead[0])
    paired, after = with_lazy_flags(ops, FlagState(16, True, cpu_ops.TRIPLE), 0,
                                    triple=True)
    assert not any(op.target == "r_va" for op, _ in paired)
    assert after.v == cpu_ops.TRIPLE


def v_program(seed: int, translator: Translator) -> CPU65816:
    """A loop of mostly 16-bit ADC/SBC with overflows, and every way V is read, cleared
    or redefined: BVS/BVC over an instruction, PHP, CLV, BIT, PLP, SEP/REP #$40, an
    8-bit ADC between SEP/REP #$20, a store into the loop's own code after it, and (in
    some seeds) a decimal-mode ADC that the region hands to step()."""
    rng = random.Random(seed)
    mem, a = native_program(0x021000)
    a.label("top")
    decimal = seed % 3 == 0
    for n in range(rng.randrange(10, 24)):
        pick = rng.random()
        if pick < 0.3:
            name = rng.choice(["ADC", "SBC"])
            if rng.random() < 0.5:
                a.op(name, "immm", rng.randrange(0x10000), wide=True)
            else:
                a.op(name, "dp", rng.randrange(0x20, 0x3E, 2))
        elif pick < 0.45:
            a.op(rng.choice(["BVS", "BVC"]), "rel8", 3)       # over the LDA
            a.op("LDA", "immm", rng.randrange(0x10000), wide=True)
        elif pick < 0.5:
            a.op("PHP")
            a.op("PHP")
            a.op("PLA")
            a.op("STA", "dp", 0x40 + 2 * n)
        elif pick < 0.55:
            a.op("CLV")
        elif pick < 0.6:
            a.op("BIT", "dp", rng.randrange(0x20, 0x3E, 2))
        elif pick < 0.65:
            a.op("PHP")                     # V from before the ADC comes back
            a.op("ADC", "dp", rng.randrange(0x20, 0x3E, 2))
            a.op("PLP")
        elif pick < 0.7:
            a.op(rng.choice(["SEP", "REP"]), "imm8", 0x40)
        elif pick < 0.8:
            a.op("SEP", "imm8", 0x20)
            a.op(rng.choice(["ADC", "SBC"]), "immm", rng.randrange(0x100))
            if rng.random() < 0.5:
                # (a store into the loop's own code: the region left mid-block, V
                # moved from the 8-bit r_v into the triple first)
                a.op("STA", "abs", "patch", offset=1)
            else:
                a.op("BVC", "rel8", 2)                        # over the LDA
                a.op("LDA", "immm", rng.randrange(0x100))
            a.op("REP", "imm8", 0x20)
        elif pick < 0.85 and decimal:
            a.op("SED")
            a.op("ADC", "immm", rng.randrange(0x10000), wide=True)
            a.op("CLD")
        else:
            name, mode = rng.choice([("CLC", "imp"), ("SEC", "imp"), ("INX", "imp"),
                                     ("LDA", "dp"), ("ASL", "acc"), ("CMP", "immm")])
            wide = mode == "immm"
            a.op(name, mode, rng.randrange(0x20, 0x3E, 2) if mode == "dp" else
                 rng.randrange(0x10000) if wide else 0, wide=wide)
    a.label("patch")
    a.op("LDA", "immm", 0x1234, wide=True)
    a.op("ADC", "dp", 0x20)
    a.op("DEC", "dp", 0x80)
    a.op("BEQ", "rel8", "out")
    a.op("JMP", "abs", "top")
    a.label("out")
    a.op("STP")
    a.assemble()
    mem[0x20:0x40] = rng.randbytes(0x20)
    mem[0x80:0x82] = (25).to_bytes(2, "little")
    # (STA abs lands in the program's bank)
    return program_cpu(mem, 0x021000, translator, dbr=0x02)


def _run_v_programs(translator_for) -> None:
    for seed in range(12):
        fast = v_program(seed, translator_for())
        reference = clone(fast)
        # (small budgets first: the region left by its budget checks all over the loop)
        run_alike(fast, reference, (5, 17, 61, 211, 611, 2_003, 9_001, 400_000))
        assert fast.stop_reason == "stp"


def test_v_held_in_a_triple_matches_step() -> None:
    _run_v_programs(fresh)


def test_the_triples_lets_are_never_folded() -> None:
    # (r_vs is read after the instruction, where V is: a set from it alone keeps it)
    let = Op("let", target="r_vs", expr="E")
    store = Op("set", target="r_a", expr="r_vs", uses=frozenset({"r_vs"}), source="r_vs")
    assert cpu_ops.without_dead_temps([let, store]) == [let, store]


def _with_ops_changed(change):
    """`blocks.with_lazy_flags` with each flag update's ops changed by `change` first."""
    original = blocks.with_lazy_flags

    def broken(ops, *args, **kwargs):
        return original([change(op) for op in ops], *args, **kwargs)
    return broken


@pytest.mark.parametrize("breakage", [
    "V made from the triple without its parentheses", "no r_vs = 0 moving V in from r_v",
    "the new accumulator stored for the old", "an immediate operand not put in r_vv",
    "a clear of V leaves the triple", "the accumulator forwarded, the sum reading it"])
def test_a_wrong_triple_is_caught(breakage: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The V programs with the triple's handling broken on purpose: run() and step() differ.
    if breakage == "V made from the triple without its parentheses":
        # (P's V bit from (r_va ^ r_vs) & ((r_vv ^ r_vs) >> 9): PHP and the exits)
        monkeypatch.setattr(cpu_ops, "_TRIPLE_V", "(r_va ^ r_vs) & (r_vv ^ r_vs)")
    elif breakage == "no r_vs = 0 moving V in from r_v":
        original = cpu_ops._v_from
        # (from the 8-bit r_v at a block's end or before a raise: the old sum kept)
        monkeypatch.setattr(cpu_ops, "_v_from", lambda state, v: [
            line for line in original(state, v) if line != "r_vs = 0" or not state.v])
    elif breakage == "the new accumulator stored for the old":
        monkeypatch.setattr(blocks, "with_lazy_flags", _with_ops_changed(
            lambda op: op._replace(v_stores=(("r_va", "r_vs & 0xFFFF"),) + op.v_stores[1:])
            if op.v_stores else op))
    elif breakage == "an immediate operand not put in r_vv":
        monkeypatch.setattr(blocks, "with_lazy_flags", _with_ops_changed(
            lambda op: op._replace(v_stores=op.v_stores[:1])))
    elif breakage == "the accumulator forwarded, the sum reading it":
        # (the load before a wide ADC set into r_va, the sum still reading r_a)
        original_forward = blocks._va_forwarded

        def sum_of_r_a(runs):
            forwarded = original_forward(runs)
            return forwarded and tuple(
                (seen, tuple((s[0], s[1].replace("r_va", "r_a"), s[2], s[3])
                             if s[1] and s[1].startswith("r_vs =") else s for s in run))
                for seen, run in forwarded)
        monkeypatch.setattr(blocks, "_va_forwarded", sum_of_r_a)
    else:
        original = blocks.with_lazy_flags

        def no_clear(*args, **kwargs):
            paired, after = original(*args, **kwargs)
            return [(op, state) for op, state in paired
                    if (op.target, op.expr) != ("r_va", "r_vs")], after
        monkeypatch.setattr(blocks, "with_lazy_flags", no_clear)
    with pytest.raises(AssertionError):
        _run_v_programs(fresh)


def load_then_add(translator: Translator) -> CPU65816:
    """LDA abs,X ; ADC dp in a 16-bit loop whose V is read (PHP) every pass."""
    mem, a = native_program(0x021000)
    a.op("LDX", "immx", 0, wide=True)
    a.label("loop")
    a.op("LDA", "absx", 0x3000)
    a.op("ADC", "dp", 0x20)
    a.op("PHP")
    a.op("PLA")
    a.op("STA", "absx", 0x5000)
    a.op("INX")
    a.op("INX")
    a.op("CPX", "immx", 0x40, wide=True)
    a.op("BNE", "rel8", "loop")
    a.op("STP")
    a.assemble()
    mem[0x023000:0x023040] = random.Random(7).randbytes(0x40)
    mem[0x20:0x22] = b"\x00\x70"
    return program_cpu(mem, 0x021000, translator, dbr=0x02)


def test_a_load_before_a_wide_adc_goes_into_r_va(monkeypatch: pytest.MonkeyPatch) -> None:
    # The load sets r_va, which the sum reads, and the ADC stores no r_va = r_a
    # (`blocks._va_forwarded`); the state stays step()'s (broken on purpose:
    # `test_a_wrong_triple_is_caught`)
    fast = load_then_add(fresh())
    reference = clone(fast)
    run_alike(fast, reference, (7, 29, 97, 400_000))
    assert fast.stop_reason == "stp"
    source = _region_source(monkeypatch, load_then_add)
    assert "r_va = (mem[ea] | mem[ea + 1] << 8)" in source
    assert "r_vs = r_va + " in source and "r_va = r_a\n" not in source


def followed_calls(translator: Translator) -> CPU65816:
    """A loop whose arm follows two routines: one that reads Z first (BNE: the Z of the
    LDA before its JSR), so N/Z are moved where the block before it ends, and one that
    defines N/Z first (CLC, ADC), so they are not (`blocks._defines_nz_first`)."""
    mem, a = native_program(0x028000)
    a.op("LDX", "immx", 0, wide=True)
    a.op("TXY")
    a.label("loop")
    a.op("LDA", "absx", 0x3000)
    a.op("JSR", "abs", "count_zero")
    a.op("LDA", "absx", 0x3100)
    a.op("JSR", "abs", "add5")
    a.op("INX")
    a.op("INX")
    a.op("CPX", "immx", 0x40, wide=True)
    a.op("BNE", "rel8", "loop")
    a.op("STP")
    a.label("count_zero")
    a.op("BNE", "rel8", "not_zero")
    a.op("INY")
    a.label("not_zero")
    a.op("RTS")
    a.label("add5")
    a.op("CLC")
    a.op("ADC", "immm", 5, wide=True)
    a.op("STA", "absx", 0x3200)
    a.op("RTS")
    a.assemble()
    mem[0x023000:0x023040] = bytes(0 if i % 6 < 2 else i for i in range(0x40))
    mem[0x023100:0x023140] = bytes((i * 37) & 0xFF for i in range(0x40))
    return program_cpu(mem, 0x028000, translator, dbr=0x02)


@pytest.mark.parametrize("broken", [False, True], ids=["as-is", "every-block-defines-first"])
def test_n_z_moved_only_where_a_followed_block_reads_them(
        broken: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # Broken on purpose, every block is taken for one that defines N/Z first: the BNE
    # of the first routine reads r_nz as the LDA before the call did not leave it.
    if broken:
        monkeypatch.setattr(blocks, "_defines_nz_first", lambda items, bank0, binary: True)
    fast = followed_calls(fresh())
    reference = clone(fast)
    if broken:
        with pytest.raises(AssertionError):
            run_alike(fast, reference, (97, 1_000, 40_000))
    else:
        run_alike(fast, reference, (97, 1_000, 40_000))
        assert fast.stop_reason == "stp" and fast.y == 11   # (the 0 words at $3000)
