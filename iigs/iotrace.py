"""The I/O page traced: one line for each read and write of $C000-$C0FF, naming the
register, the value and the instruction that made the access.

    read $C035 SHADOW = $37 by 02/0023 (Bench+$0023)
    write $C0A0 (unmodelled) = $37 by 02/0027 (Bench+$0027)

The hardware alone: it wraps every entry of the I/O page's handler table and runs the
CPU through the reference interpreter (`step()`), noting the address of each
instruction it steps, since the fast tiers read many registers inline where no
instruction address is at hand. What an address is called (`where`) and where a line
goes (`emit`) are the caller's: `system.trace` names addresses by the load segments
for `--trace io`.
"""
from __future__ import annotations

from typing import Any, Callable

from iigs.cpu import CPU65816
from iigs.io import FLOATING_BUS, IO_PAGE

WDM = 0x42
TRAP_BANK = 0xE1                  # the system's entry points: a WDM trap each


class IOTrace:
    """Traces the I/O page of one `iigs.machine.Hardware` once `attach`ed."""

    def __init__(self, hardware: Any, emit: Callable[[str], None],
                 where: Callable[[int], str]) -> None:
        self.hardware = hardware
        self.emit = emit
        self.where = where
        self.at = 0                       # the instruction being stepped

    def attach(self) -> None:
        """Wrap the handler table and put the CPU on the reference interpreter."""
        hw = self.hardware
        io, cpu = hw.io, hw.cpu
        names = {row.address & 0xFF: row.name for row in IO_PAGE}

        def step() -> Any:
            self.at = (cpu.pbr << 16) | cpu.pc
            return CPU65816.step(cpu)
        cpu.step = step
        cpu.run = cpu.run_reference
        for low in range(0x100):
            reader, writer = io.handlers[low]
            name = names.get(low, "(unmodelled)")
            io.handlers[low] = (self._reader(low, name, reader),
                                self._writer(low, name, reader, writer))

    def by(self) -> str:
        """Who made the access: the instruction being stepped, or a trap's handler."""
        at = self.at
        if self.hardware.mem[at] == WDM and (at >> 16) == TRAP_BANK:
            return "by the toolbox"
        return "by " + self.where(at)

    def _reader(self, low: int, name: str, reader: Callable | None) -> Callable:
        io = self.hardware.io

        def read(addr: int) -> int:
            if reader is None:
                io._unmodelled(addr, "read")
                value, label = FLOATING_BUS, f"{name} (unmodelled)" if name[0] != "(" else name
            else:
                value, label = reader(addr) & 0xFF, name
            self.emit(f"read $C0{low:02X} {label} = ${value:02X} {self.by()}")
            return value
        return read

    def _writer(self, low: int, name: str, reader: Callable | None,
                writer: Callable | None) -> Callable:
        io = self.hardware.io

        def write(addr: int, value: int) -> None:
            label = name
            if writer is not None:
                writer(addr, value)
            elif reader is None:
                io._unmodelled(addr, "write")
                label = f"{name} (unmodelled)" if name[0] != "(" else name
            else:
                label = f"{name} (read-only: ignored)"
            self.emit(f"write $C0{low:02X} {label} = ${value & 0xFF:02X} {self.by()}")
        return write
