"""The Sound GLU ($C03C-$C03F): a program's way in to the DOC's registers and wave RAM.

Follows the Apple IIGS Hardware Reference, chapter 5 "The Sound GLU and the DOC":
    $C03C control   bits 0-3 the system volume, bit 5 auto-increment, bit 6 RAM (1) or
                    DOC registers (0), bit 7 busy (reads 0 here: the DOC is always
                    ready), bit 4 reads 0
    $C03D data      the byte at the address, in RAM or in the DOC's registers
    $C03E/$C03F     the address, low and high byte (registers: the low byte)
With auto-increment on, the address moves on by one after every access of $C03D, read
or write, so a block is written by setting the address once and storing byte after byte.

Reading goes through the GLU's data latch, as on the IIGS: a read of $C03D returns what
the access before it fetched (the "dummy read" rule) and fetches the byte at the address
for the next read. To read n bytes a program sets the address, reads $C03D once (the
dummy read: the latch's old contents) and then n times. A write stores its byte and
leaves the latch as it was. Reading $E0 (the interrupt status) clears the interrupt at
the fetch, so its value is the one the next read returns.

The volume bits are the DOC's `system_volume`: one register, whether a program writes it
here or the Sound Tool Set (SetSoundVolume, the Control Panel) sets it, and a read shows
the volume as it is. A program that writes the control register sets the volume too; one
that means to keep the user's volume reads $C03C and keeps bits 0-3, as Apple asks.

The DOC is brought up to the machine's time (`DOC.catch_up`) before every access of
$C03D, so what a program reads or changes is the oscillators' state at that cycle;
after a write of a register or of a stop byte ($00) into RAM the DOC is told
(`DOC.reprogrammed`), and the interrupt controller with it, so an oscillator
interrupt the write brings nearer ends the CPU's slice at its cycle.
"""
from __future__ import annotations

from typing import Callable

from iigs.doc import DOC

CTL_VOLUME = 0x0F
CTL_AUTO_INCREMENT = 0x20
CTL_RAM = 0x40
CTL_BUSY = 0x80
CTL_KEPT = CTL_AUTO_INCREMENT | CTL_RAM


class SoundGLU:
    """The GLU's registers over `doc`; `clock()` gives the machine's cycle count."""

    def __init__(self, doc: DOC, clock: Callable[[], int] = lambda: 0) -> None:
        self.doc = doc
        self.clock = clock
        self.control = 0              # bits 5-6 (the volume lives in the DOC)
        self.address = 0
        self.latch = 0                # what the next read of $C03D returns

    # $C03C
    def read_control(self) -> int:
        return self.control | self.doc.system_volume     # busy (bit 7) is never set

    def write_control(self, value: int) -> None:
        self.control = value & CTL_KEPT
        volume = value & CTL_VOLUME
        doc = self.doc
        if volume != doc.system_volume and doc.any_playing():
            doc.changed = True        # what the mixer was handed is at the old volume
        doc.system_volume = volume

    # $C03D
    def read_data(self) -> int:
        value = self.latch
        doc = self.doc
        doc.catch_up(self.clock())
        if self.control & CTL_RAM:
            self.latch = doc.ram[self.address]
        else:
            self.latch = doc.read_register(self.address & 0xFF)
        self._step()
        return value

    def write_data(self, value: int) -> None:
        doc = self.doc
        doc.catch_up(self.clock())
        if self.control & CTL_RAM:
            doc.ram[self.address] = value & 0xFF
            if not value & 0xFF:
                doc.reprogrammed()    # a stop byte: an oscillator may halt sooner
        else:
            doc.write_register(self.address & 0xFF, value)   # (tells `reprogrammed`)
        self._step()

    def _step(self) -> None:
        if self.control & CTL_AUTO_INCREMENT:
            self.address = (self.address + 1) & 0xFFFF

    # $C03E / $C03F
    def read_address(self, high: bool) -> int:
        return (self.address >> 8) if high else (self.address & 0xFF)

    def write_address(self, high: bool, value: int) -> None:
        if high:
            self.address = (self.address & 0x00FF) | ((value & 0xFF) << 8)
        else:
            self.address = (self.address & 0xFF00) | (value & 0xFF)
