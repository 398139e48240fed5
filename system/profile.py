"""`--profile`: where the CPU spent its cycles, by routine, and the time in tool calls.

Sampling from the run loop: the machine's `cpu.run` budget is cut into slices of
SAMPLE_CYCLES and the cycles of each slice are charged to the routine holding the PC
where it ended, so the translated tiers run as ever (exact per-instruction counting
would need the interpreter). A routine is an entry found by a JSL or JSR in the load
segments' code (a linear disassembly from each code segment's start, M and X followed
through REP and SEP) or a segment's start; it runs to the next entry. Tool calls and
GS/OS calls are timed around their dispatch: the emulated cycles they take (time a
call waiting for input lets pass counts too) and the host's seconds.
"""
from __future__ import annotations

import bisect
import time
from collections import defaultdict
from typing import Any, Callable

from iigs.disasm import disassemble
from iigs.omf import KIND_CODE, KIND_TYPE_MASK
from iigs.memory import GSOS_INLINE_ENTRY, GSOS_STACK_ENTRY, TOOL_ENTRY, TOOL_ENTRY_2
from system.symbols import Symbols, bank_text

SAMPLE_CYCLES = 2048
TOP_ROUTINES = 15
TOP_CALLS = 15
JSR_ABSOLUTE, JSL_LONG = 0x20, 0x22


class Profiler:
    """Samples the PC of one machine's CPU and times its tool calls."""

    def __init__(self, machine: Any, symbols: Symbols | None = None) -> None:
        self.machine = machine
        self.symbols = symbols or Symbols(machine)
        self.samples: dict[int, int] = defaultdict(int)     # PC -> cycles charged
        self.calls: dict[str, list] = {}                    # name -> [count, cycles, s]
        self._run: Callable[[int], int] | None = None

    def attach(self) -> None:
        cpu, m = self.machine.cpu, self.machine
        self._run = cpu.run
        cpu.run = self.run
        for addr in (TOOL_ENTRY, TOOL_ENTRY_2):
            m.wrap_trap(addr, self._timer(lambda cpu: self._tool_name(cpu)))
        m.wrap_trap(GSOS_INLINE_ENTRY, self._timer(lambda cpu: self._gsos_name(cpu, True)))
        m.wrap_trap(GSOS_STACK_ENTRY, self._timer(lambda cpu: self._gsos_name(cpu, False)))

    def run(self, max_cycles: int) -> int:
        """`cpu.run` in slices, each charged to the PC it ends at."""
        cpu = self.machine.cpu
        done = 0
        while True:
            ran = self._run(min(SAMPLE_CYCLES, max_cycles - done))
            done += ran
            self.samples[(cpu.pbr << 16) | cpu.pc] += ran
            if cpu.stop_reason != "cycles" or done >= max_cycles \
                    or cpu.processorCycles >= cpu.cut_at:   # the machine ended the slice
                return done

    # -- tool calls -----------------------------------------------------------------------
    def _timer(self, name_of: Callable[[Any], str]) -> Callable[[Callable], Callable]:
        def wrap(handler: Callable) -> Callable:
            def timed(cpu: Any) -> str | None:
                name = name_of(cpu)
                cycles, seconds = self.machine.elapsed_cycles, time.perf_counter()
                try:
                    return handler(cpu)
                finally:
                    entry = self.calls.setdefault(name, [0, 0, 0.0])
                    entry[0] += 1
                    entry[1] += self.machine.elapsed_cycles - cycles
                    entry[2] += time.perf_counter() - seconds
            return timed
        return wrap

    @staticmethod
    def _tool_name(cpu: Any) -> str:
        from system.trace import tool_name
        number = cpu.x & 0xFFFF
        return tool_name(number) or f"tool ${number:04X}"

    def _gsos_name(self, cpu: Any, inline: bool) -> str:
        from system.trace import gsos_name, gsos_request
        callnum = gsos_request(self.machine.mem, cpu, inline)[0]
        name = gsos_name(callnum)
        return f"GS/OS {name if name != '?' else f'${callnum:04X}'}"

    # -- the report -----------------------------------------------------------------------
    def routine_entries(self) -> list[int]:
        """Segment starts and the targets of the JSLs and JSRs in the code segments."""
        mem = self.machine.mem
        entries: set[int] = set()
        segments = self.symbols.segments()
        for seg in segments:
            entries.add(seg.address)
            if seg.kind & KIND_TYPE_MASK != KIND_CODE:
                continue
            pc, end = seg.address, seg.address + seg.length
            m = x = 0                               # the launch state: 16-bit registers
            while pc < end:
                addr, raw, _ = disassemble(mem, pc, m, x, 1)[0]
                if raw[0] == JSL_LONG and len(raw) == 4:
                    entries.add(int.from_bytes(raw[1:4], "little"))
                elif raw[0] == JSR_ABSOLUTE and len(raw) == 3:
                    entries.add((addr & 0xFF0000) | int.from_bytes(raw[1:3], "little"))
                elif raw[0] == 0xC2:                # REP
                    m, x = (0 if raw[1] & 0x20 else m), (0 if raw[1] & 0x10 else x)
                elif raw[0] == 0xE2:                # SEP
                    m, x = (1 if raw[1] & 0x20 else m), (1 if raw[1] & 0x10 else x)
                pc = addr + len(raw)
        return sorted(e for e in entries if any(s.holds(e) for s in segments))

    def routines(self) -> list[tuple[str, int]]:
        """(routine, cycles), busiest first."""
        entries = self.routine_entries()
        totals: dict[str, int] = defaultdict(int)
        for pc, cycles in self.samples.items():
            seg = self.symbols.segment_at(pc)
            i = bisect.bisect_right(entries, pc) - 1
            if seg is not None and i >= 0 and seg.holds(entries[i]):
                name = self.symbols.describe(entries[i])
            else:
                name = f"{bank_text(pc & 0xFFFF00)} page (outside the load segments)"
            totals[name] += cycles
        return sorted(totals.items(), key=lambda item: (-item[1], item[0]))

    def report(self) -> str:
        total = sum(self.samples.values())
        lines = [f"Profile: {total:,} cycles run, sampled every {SAMPLE_CYCLES} cycles "
                 "(each sample charged to the routine at its end)",
                 f"{'cycles':>12}  {'share':>6}  routine"]
        for name, cycles in self.routines()[:TOP_ROUTINES]:
            lines.append(f"{cycles:>12,}  {100 * cycles / max(total, 1):5.1f}%  {name}")
        if self.calls:
            lines += ["", "Tool and GS/OS calls (emulated cycles from the call to its return, "
                          "host milliseconds):",
                      f"{'calls':>8}  {'cycles':>12}  {'host ms':>9}  call"]
            ranked = sorted(self.calls.items(), key=lambda item: (-item[1][1], item[0]))
            for name, (count, cycles, seconds) in ranked[:TOP_CALLS]:
                lines.append(f"{count:>8,}  {cycles:>12,}  {1000 * seconds:>9.1f}  {name}")
        return "\n".join(lines)
