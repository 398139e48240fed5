"""`gin-king bench cpu`: CPU65816.run() against py65's own 65C02 MPU.step().

DESIGN.md section 4 budgets: (a) an 8-bit emulation-mode loop at >= 1.0x py65's 65C02
instruction rate on the same loop; (b) a 16-bit native loop with long and indexed
addressing at >= 2.0x py65's rate and an emulated clock above 2.8 MHz (a real IIGS).
All three are measured in one run, side by side, best of interleaved repeats.
"""
from __future__ import annotations

import argparse
import time
from typing import Callable

from py65.devices.mpu65c02 import MPU as Py65C02

from iigs.cpu import CPU65816

ORIGIN = 0x0800

# (a) 8-bit loop, valid on a 6502/65C02 and a 65816 in emulation mode:
#   start: LDX #$00
#   loop:  LDA $1000,X    ; read a byte
#          CLC
#          ADC #$01
#          STA $2000,X    ; write it back elsewhere
#          INX
#          BNE loop
#          BRA start
LOOP_8BIT = bytes([0xA2, 0x00, 0xBD, 0x00, 0x10, 0x18, 0x69, 0x01, 0x9D, 0x00, 0x20,
                   0xE8, 0xD0, 0xF4, 0x80, 0xF0])

# (b) 16-bit native checksum-and-copy loop:
#          CLC
#          XCE            ; native mode
#          REP #$30       ; 16-bit A, X, Y
#   outer: LDX #$0000
#          LDY #$0800     ; iterations
#   loop:  LDA $020000,X  ; long,X source in bank 2
#          ADC $10        ; running checksum in direct page
#          STA $3000,Y    ; abs,Y destination in the data bank
#          INX
#          DEY
#          BNE loop
#          BRA outer
LOOP_16BIT = bytes([0x18, 0xFB, 0xC2, 0x30,
                    0xA2, 0x00, 0x00, 0xA0, 0x00, 0x08,
                    0xBF, 0x00, 0x00, 0x02, 0x65, 0x10, 0x99, 0x00, 0x30,
                    0xE8, 0x88, 0xD0, 0xF3, 0x80, 0xEB])


def _timed(run: Callable[[], tuple[int, int]]) -> tuple[float, float]:
    """(instructions/s, cycles/s) of one call of `run` -> (instructions, cycles)."""
    start = time.perf_counter()
    instructions, cycles = run()
    elapsed = time.perf_counter() - start
    return instructions / elapsed, cycles / elapsed


def _count_instructions(program: bytes, cycles: int) -> int:
    """Instructions the 65816 executes in `cycles` cycles of `program` (via step())."""
    cpu = loaded_cpu(program)
    count = 0
    while cpu.processorCycles < cycles:
        cpu.step()
        count += 1
    return count


def loaded_cpu(program: bytes) -> CPU65816:
    memory = bytearray(1 << 24)
    memory[ORIGIN:ORIGIN + len(program)] = program
    return CPU65816(memory, pc=ORIGIN)


def py65_runner(instructions: int) -> Callable[[], tuple[int, int]]:
    """py65's 65C02 stepping loop (a) `instructions` times."""
    def run() -> tuple[int, int]:
        memory = bytearray(0x10000)
        memory[ORIGIN:ORIGIN + len(LOOP_8BIT)] = LOOP_8BIT
        mpu = Py65C02(memory=memory, pc=ORIGIN)
        step = mpu.step
        for _ in range(instructions):
            step()
        return instructions, mpu.processorCycles
    return run


def run_runner(program: bytes, cycles: int) -> Callable[[], tuple[int, int]]:
    """CPU65816.run() on `program` for `cycles` cycles."""
    instructions = _count_instructions(program, cycles)

    def run() -> tuple[int, int]:
        cpu = loaded_cpu(program)
        cpu.stop_on_brk = True   # a stray BRK would mean the loop is not what we time
        done = cpu.run(cycles)
        assert cpu.stop_reason == "cycles", cpu.stop_reason
        return instructions, done
    return run


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gin-king bench cpu", description=__doc__)
    parser.add_argument("--instructions", type=int, default=300_000,
                        help="py65 instructions per repeat (default 300000)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)

    cycles = args.instructions * 3
    runners = [py65_runner(args.instructions), run_runner(LOOP_8BIT, cycles),
               run_runner(LOOP_16BIT, cycles)]
    # Interleave the repeats so machine load falls on all three alike; keep the best.
    best = [(0.0, 0.0)] * len(runners)
    for _ in range(args.repeats):
        for i, run in enumerate(runners):
            best[i] = max(best[i], _timed(run))
    (py65_ips, py65_hz), (a_ips, a_hz), (b_ips, b_hz) = best

    rows = [("py65 65C02 step(), loop (a)", py65_ips, py65_hz, None),
            ("CPU65816.run(), (a) 8-bit emulation", a_ips, a_hz, (1.0, None)),
            ("CPU65816.run(), (b) 16-bit native", b_ips, b_hz, (2.0, 2.8e6))]
    print(f"{'loop':40} {'instr/s':>12} {'MHz':>7} {'x py65':>7}  target")
    ok = True
    for name, ips, hz, target in rows:
        ratio = ips / py65_ips
        verdict = ""
        if target is not None:
            ratio_target, clock_target = target
            met = ratio >= ratio_target and (clock_target is None or hz >= clock_target)
            ok &= met
            verdict = f">= {ratio_target:.1f}x" + (f", > {clock_target / 1e6:.1f} MHz"
                                                   if clock_target else "")
            verdict += "  ok" if met else "  MISSED"
        print(f"{name:40} {ips:12,.0f} {hz / 1e6:7.2f} {ratio:6.2f}x  {verdict}")
    return 0 if ok else 1
