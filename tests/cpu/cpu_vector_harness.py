"""Loads and runs the 65C816 test vectors (format: tests/cpu/vectors/README.md, section 6).

One 16 MB bytearray is shared by every test; only the addresses a test touched are
restored afterwards, to the non-zero fill pattern the README asks for.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Callable, Iterator

from iigs.cpu import CPU65816
from iigs.blocks import NO_REGION, translate
from iigs.cpu_fast import _Exit, state_key
from iigs.opcodes import OPCODES

# The vectors the suite reads live in the repository (a clone alone passes); the holdout
# set is kept elsewhere and no test reads it.
TESTDATA = Path(__file__).resolve().parent / "vectors"
FILL = 0xA5   # non-zero, so a missing STZ store is seen


def load_tests(path: Path, limit: int | None = None) -> list[dict]:
    """The tests of a vector file (`limit`: its first ones only, the rest not read)."""
    tests = []
    with gzip.open(path, "rt") as fh:
        for line in fh:
            if limit is not None and len(tests) >= limit:
                break
            if line.strip():
                tests.append(json.loads(line))
    return tests


def count_tests(path: Path) -> int:
    """The tests in a vector file, read to its end (a truncated file raises) but not parsed."""
    with gzip.open(path, "rb") as fh:
        return sum(1 for line in fh if line.strip())


def disputed(folder: Path) -> dict[str, str]:
    path = folder / "DISPUTED.json"
    return json.loads(path.read_text())["tests"] if path.exists() else {}


class VectorRunner:
    """Runs one vector at a time on a CPU65816 over a shared memory."""

    def __init__(self) -> None:
        self.memory = bytearray([FILL]) * (1 << 24)
        self.cpu = CPU65816(self.memory, pc=0)

    def load(self, state: dict) -> None:
        cpu = self.cpu
        cpu.waiting = cpu.stopped = False
        cpu.e = state["e"]
        p, s, x, y = state["p"], state["s"], state["x"], state["y"]
        if cpu.e:
            p |= 0x30
            s = 0x100 | (s & 0xFF)
            x &= 0xFF
            y &= 0xFF
        cpu.p, cpu.sp, cpu.x, cpu.y = p, s, x, y
        cpu.a, cpu.d, cpu.dbr, cpu.pbr, cpu.pc = (state["a"], state["d"], state["dbr"],
                                                  state["pbr"], state["pc"])
        for addr, value in state["ram"]:
            self.memory[addr] = value
        cpu.vector_addresses = {addr for addr, _ in state["ram"]}

    def state(self) -> dict:
        cpu = self.cpu
        return {"pc": cpu.pc, "s": cpu.sp, "p": cpu.p, "a": cpu.a, "x": cpu.x, "y": cpu.y,
                "dbr": cpu.dbr, "d": cpu.d, "pbr": cpu.pbr, "e": cpu.e}

    def check(self, test: dict, execute: Callable[[CPU65816, int], int]) -> list[str]:
        """Run `test` with `execute(cpu, budget)`; return its mismatches (empty: pass)."""
        cpu = self.cpu
        self.load(test["initial"])
        want_cycles = len(test["cycles"])
        opcode = test["initial"]["ram"] and self.memory[(cpu.pbr << 16) | cpu.pc]
        final = dict(test["final"])
        block_move = opcode in (0x44, 0x54)
        start = cpu.processorCycles
        if block_move:
            # README section 4: whole 7-cycle iterations within the 100-cycle window.
            iterations = want_cycles // 7
            for _ in range(iterations):
                execute(cpu, 1)
            if want_cycles % 7:
                final["pc"] = (final["pc"] - 2) & 0xFFFF
                want_cycles = iterations * 7
        else:
            execute(cpu, 1)
        got_cycles = cpu.processorCycles - start
        problems = []
        got = self.state()
        for key, want in final.items():
            if key == "ram":
                continue
            if got[key] != want:
                problems.append(f"{key}: got {got[key]:#x} want {want:#x}")
        for addr, value in final["ram"]:
            if self.memory[addr] != value:
                problems.append(f"ram[{addr:06x}]: got {self.memory[addr]:#x} want {value:#x}")
        if got_cycles != want_cycles:
            problems.append(f"cycles: got {got_cycles} want {want_cycles}")
        for addr, _ in test["initial"]["ram"]:
            self.memory[addr] = FILL
        for addr, _ in final["ram"]:
            self.memory[addr] = FILL
        return problems


def step_once(cpu: CPU65816, _budget: int) -> int:
    cpu.step()
    return 0


def run_once(cpu: CPU65816, budget: int) -> int:
    return cpu.run(budget)


def block_once(cpu: CPU65816, budget: int) -> int:
    """One instruction as a translated one-instruction block (registers in locals,
    operands as constants); delegated instructions and bank ends go through run()."""
    key = state_key(cpu)
    a0 = (cpu.pbr << 16) | cpu.pc
    if cpu.memory[a0] in (0x44, 0x54):   # block moves: their block moves many bytes
        return cpu.run(budget)
    block = translate(cpu.memory, a0, key, max_length=1)
    if block is NO_REGION or not block.enters[cpu.p]:
        # (a region whose ADC/SBC assume binary mode is not entered with D set: the
        # run loop interprets it)
        return cpu.run(budget)
    packed = block.run(cpu, cpu.memory, 1 << 40)   # one instruction: no budget stop
    cpu.processorCycles += packed >> 24
    cpu.pbr, cpu.pc = (packed >> 16) & 0xFF, packed & 0xFFFF
    return packed >> 24


# REP/SEP in the middle of a region: the vector's instruction runs as the second of a
# two-instruction block whose first instruction set the widths it runs in.
# Not translated after a REP/SEP: what a block stops before (BRK COP RTI MVN MVP WAI STP
# WDM) and XCE, whose carry is unknown there.
WIDTH_PREFIX_SKIPS = frozenset(row.code for row in OPCODES
                               if row.ends_region_block or row.mnemonic == "XCE")


def block_after_width_change(cpu: CPU65816, budget: int) -> int:
    """The instruction at PC translated after a REP or SEP #imm placed just before it, so
    that the block is specialised for the widths the REP/SEP set (native mode: the
    widths before it are the opposite ones). Where the bytes before PC belong to the test,
    or in emulation mode, the instruction runs as `block_once` does."""
    a0 = (cpu.pbr << 16) | cpu.pc
    mem = cpu.memory
    touched = getattr(cpu, "vector_addresses", set())
    if (cpu.e or cpu.pc < 2 or mem[a0] in WIDTH_PREFIX_SKIPS
            or {a0 - 2, a0 - 1} & touched
            or cpu.p & 0x08):   # (decimal mode: as `block_once`, which leaves ADC/SBC to run())
        return block_once(cpu, budget)
    widths = cpu.p & 0x30
    if widths == 0x30:   # both 8-bit: come from 16-bit through SEP #$30
        prefix, before = bytes([0xE2, 0x30]), cpu.p & ~0x30
    else:                # clear what is 16-bit through REP, from all 8-bit
        prefix, before = bytes([0xC2, 0x30 & ~widths]), cpu.p | 0x30
    saved = bytes(mem[a0 - 2:a0])
    mem[a0 - 2:a0] = prefix
    try:
        cpu.p = before
        key = state_key(cpu)
        block = translate(mem, a0 - 2, key, max_length=2)
        try:
            packed = block.run(cpu, mem, 1 << 40)
        except _Exit:
            packed = a0       # (the REP/SEP's handler changed the state: see below)
    finally:
        mem[a0 - 2:a0] = saved
    if packed & 0xFFFFFF == a0:
        # (entered with DBR = $FF, a region whose sums from DBR are unmasked ran only its
        # first instruction, the REP/SEP, through its handler: the vector's is next)
        cpu.pbr, cpu.pc = a0 >> 16, a0 & 0xFFFF
        return block_once(cpu, budget)
    cycles = (packed >> 24) - 3   # the REP/SEP's own 3 cycles are not the vector's
    cpu.processorCycles += cycles
    cpu.pbr, cpu.pc = (packed >> 16) & 0xFF, packed & 0xFFFF
    return cycles


def vector_files(folder: str) -> Iterator[Path]:
    return iter(sorted((TESTDATA / folder).glob("*.jsonl.gz")))
