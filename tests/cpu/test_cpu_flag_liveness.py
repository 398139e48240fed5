"""Flag liveness in translated regions (`iigs.blocks.dead_flags`): an N/Z/C result that a
later instruction of the block overwrites before any read is not computed, and the state
stays exactly step()'s — flags read by branches, PHP, ADC/SBC/ROL/ROR, or at any point
the region may be left (a budget stop, a store into its own code, a push) stay computed.
"""
from __future__ import annotations

import random

import pytest

from gin_king.bench.assembler import Assembler
from iigs import blocks
from iigs.cpu import CPU65816
from iigs.cpu_ops import without_dead_flags
from iigs.tiers import Translator
from test_cpu_run_vs_step import clone, program_cpu, run_alike

NATIVE = (0, 1, 1)
N_Z, C = 0x82, 0x01


def block_items(code: bytes, origin: int = 0x021000, key: tuple = NATIVE) -> list[tuple]:
    """The (op, key, imm) items of the first basic block of `code` at `origin`."""
    mem = bytearray(1 << 24)
    mem[origin:origin + len(code)] = code
    first = blocks.discover(mem, origin, key)[0]
    return [(i.op, i.key, i.imm) for i in first.instructions]


def test_overwritten_nz_is_dead_and_the_last_result_is_live() -> None:
    # LDA #1 ; AND #2 ; TAX ; STP   (TAX's N/Z are live: the block ends after it)
    dead = blocks.dead_flags(block_items(bytes([0xA9, 1, 0x29, 2, 0xAA, 0xDB])), False)
    assert dead == [N_Z, N_Z, 0]


def test_php_rol_and_branches_read_the_flags() -> None:
    # LDA #1 ; PHP ; LDA #2 ; STP: PHP reads every flag the first LDA set
    assert blocks.dead_flags(block_items(bytes([0xA9, 1, 0x08, 0xA9, 2, 0xDB])), False)[0] == 0
    # ASL A ; ROL A ; LDA #0 ; STP: ROL reads ASL's carry, so only ASL's N/Z are dead
    dead = blocks.dead_flags(block_items(bytes([0x0A, 0x2A, 0xA9, 0, 0xDB])), False)
    assert dead[0] & (N_Z | C) == N_Z and dead[1] & (N_Z | C) == N_Z
    # ... and ASL's flag update keeps its carry alone (an operation, not a line of text)
    update = next(o for o in blocks.template(0x0A, NATIVE).ops if o.kind == "flags")
    trimmed = without_dead_flags(update, N_Z)
    assert (trimmed.keep, trimmed.parts) == (0xFE, ((0x01, "c"),))
    assert trimmed.statement() == "r_p = (r_p & 0xfe) | c"
    assert without_dead_flags(update, N_Z | C) is None
    # CMP #1 ; BNE next: the branch ends the block, its flags are live
    assert blocks.dead_flags(block_items(bytes([0xC9, 1, 0xD0, 0x00])), False) == [0, 0]


def test_a_possible_exit_keeps_flags_exact() -> None:
    # LDA #1 ; STA $10 ; LDA #2 ; STP: with code in bank 0 the store may land in the
    # region's own code and leave it, so the first LDA's N/Z must be exact there.
    items = block_items(bytes([0xA9, 1, 0x85, 0x10, 0xA9, 2, 0xDB]), origin=0x001000)
    assert blocks.dead_flags(items, True)[0] == 0
    assert blocks.dead_flags(items, False)[0] & N_Z == N_Z
    # LDA #1 ; ADC #1 ; STP: a decimal ADC is left to step(), which sets the same flags;
    # with an I/O page step() may send it back first, so there the LDA's flags stay.
    code = bytes([0xA9, 1, 0x69, 1, 0xDB])
    assert blocks.dead_flags(block_items(code), False)[0] & N_Z == N_Z
    assert blocks.dead_flags(block_items(code, key=NATIVE + (1,)), False)[0] == 0


# Straight-line instructions that write and read flags, for the random programs.
POOL = [("LDA", "immm"), ("AND", "immm"), ("ORA", "immm"), ("EOR", "immm"),
        ("ADC", "immm"), ("SBC", "immm"), ("CMP", "immm"), ("BIT", "immm"),
        ("TAX", "imp"), ("TAY", "imp"), ("TXA", "imp"), ("INX", "imp"), ("DEY", "imp"),
        ("ASL", "acc"), ("LSR", "acc"), ("ROL", "acc"), ("ROR", "acc"), ("INC", "acc"),
        ("CLC", "imp"), ("SEC", "imp"), ("CLV", "imp"), ("XBA", "imp"),
        ("LDA", "dp"), ("STA", "dp"), ("ROL", "dp"), ("ADC", "dp")]


def flag_program(seed: int, origin: int, d_in_code: bool = False,
                 translator: Translator | None = None) -> CPU65816:
    """A loop of random flag-heavy code: PHP/PLA make P visible in A and memory, and
    branches on every flag skip over instructions."""
    rng = random.Random(seed)
    mem = bytearray(1 << 24)
    a = Assembler(mem, origin)
    a.op("CLC")
    a.op("XCE")
    m = rng.randrange(2)
    a.op("REP" if not m else "SEP", "imm8", 0x20)
    a.label("top")
    for n in range(rng.randrange(10, 30)):
        pick = rng.random()
        if pick < 0.12:
            a.op("PHP")
            a.op("PLA")
            a.op("STA", "dp", 0x40 + n)
        elif pick < 0.25:
            a.op(rng.choice(["BCC", "BCS", "BNE", "BEQ", "BMI", "BPL", "BVC", "BVS"]),
                 "rel8", 2 if m else 3)                   # over the LDA
            a.op("LDA", "immm", 0x80, wide=not m)
        else:
            name, mode = rng.choice(POOL)
            if mode == "immm":
                a.op(name, mode, rng.randrange(0x10000), wide=not m)
            elif mode == "dp":
                a.op(name, mode, rng.randrange(0x20, 0x30))
            else:
                a.op(name, mode)
    a.op("DEC", "dp", 0x80)
    a.op("BNE", "rel8", "top")
    a.op("STP")
    a.assemble()
    mem[0x20:0x30] = rng.randbytes(0x10)
    mem[0x80] = 40
    cpu = program_cpu(mem, origin, translator)
    if d_in_code:
        # D's low byte not 0 (a cycle more per direct-page access, added per block), and
        # the PHP/PLA results stored at $40+ land in the program's own code: the region
        # is left mid-block and its cycles and flags must be exact there.
        cpu.d = (origin & 0xFFFF) + 0x13
        mem[cpu.d + 0x20:cpu.d + 0x30] = rng.randbytes(0x10)
        mem[cpu.d + 0x80] = 40
    return cpu


@pytest.mark.parametrize("origin, d_in_code", [(0x021000, False), (0x000800, False),
                                               (0x000800, True)],
                         ids=["bank-2", "bank-0", "bank-0-dp-in-code"])
@pytest.mark.parametrize("seed", range(8))
def test_random_flag_code_matches_step(seed: int, origin: int, d_in_code: bool,
                                       translate_at_once: Translator) -> None:
    fast = flag_program(seed, origin, d_in_code, translate_at_once)
    reference = clone(fast)
    run_alike(fast, reference, (613, 2_000, 5_003, 100_000))   # stops inside blocks
    assert fast.stop_reason == "stp" or d_in_code   # (rewritten code may not stop)


def test_random_programs_do_drop_flag_work() -> None:
    # The programs above exercise the optimisation: some N/Z results are dropped.
    dropped = 0
    for seed in range(8):
        cpu = flag_program(seed, 0x021000)
        for block in blocks.discover(cpu.memory, 0x021000, NATIVE):
            items = [(i.op, i.key, i.imm) for i in block.instructions]
            dropped += sum(1 for d in blocks.dead_flags(items, False) if d & N_Z == N_Z)
    assert dropped > 10


def test_a_carry_the_block_fixed_is_a_constant_and_its_flag_work_goes() -> None:
    # CLC ; ADC #1 ; ROL A ; STP: ADC reads the carry CLC fixed, as the constant 0, so
    # CLC's update of P is dead -- in a region in binary mode throughout; where a decimal
    # ADC may hand itself to step(), which reads C from P, it stays.
    items = block_items(bytes([0x18, 0x69, 1, 0x2A, 0xDB]))
    assert blocks.known_carries(items) == [None, 0, None]
    assert blocks.dead_flags(items, False, binary=True)[0] & C == C
    assert blocks.dead_flags(items, False, binary=False)[0] & C == 0
    # SEC ; ROL A ; STP: ROL has no decimal mode, its carry is a constant either way
    items = block_items(bytes([0x38, 0x2A, 0xDB]))
    assert blocks.known_carries(items) == [None, 1]
    assert blocks.dead_flags(items, False)[0] & C == C
