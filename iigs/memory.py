"""Reading and writing IIGS data types in the 24-bit address space.

Little-endian words and longs, Pascal strings (length byte first) and C strings,
as the Toolbox Reference lays them out. `mem` is any object with integer []:
the machine's bytearray is the fast path.
"""
from __future__ import annotations

from typing import Any

ADDRESS_MASK = 0xFFFFFF


def read_word(mem: Any, addr: int) -> int:
    return mem[addr & ADDRESS_MASK] | (mem[(addr + 1) & ADDRESS_MASK] << 8)


def write_word(mem: Any, addr: int, value: int) -> None:
    mem[addr & ADDRESS_MASK] = value & 0xFF
    mem[(addr + 1) & ADDRESS_MASK] = (value >> 8) & 0xFF


def read_long(mem: Any, addr: int) -> int:
    return read_word(mem, addr) | (read_word(mem, addr + 2) << 16)


def write_long(mem: Any, addr: int, value: int) -> None:
    write_word(mem, addr, value & 0xFFFF)
    write_word(mem, addr + 2, (value >> 16) & 0xFFFF)


def read_bytes(mem: Any, addr: int, count: int) -> bytes:
    addr &= ADDRESS_MASK
    if isinstance(mem, (bytearray, bytes, memoryview)) and addr + count <= len(mem):
        return bytes(mem[addr:addr + count])
    return bytes(mem[(addr + i) & ADDRESS_MASK] for i in range(count))


def write_bytes(mem: Any, addr: int, data: bytes) -> None:
    addr &= ADDRESS_MASK
    if isinstance(mem, bytearray) and addr + len(data) <= len(mem):
        mem[addr:addr + len(data)] = data
        return
    for i, b in enumerate(data):
        mem[(addr + i) & ADDRESS_MASK] = b


def read_pstring(mem: Any, addr: int) -> bytes:
    """A Pascal string: a length byte, then that many bytes."""
    return read_bytes(mem, addr + 1, mem[addr & ADDRESS_MASK])


def write_pstring(mem: Any, addr: int, data: bytes) -> None:
    if len(data) > 255:
        raise ValueError("Pascal string longer than 255 bytes")
    mem[addr & ADDRESS_MASK] = len(data)
    write_bytes(mem, addr + 1, data)


def read_cstring(mem: Any, addr: int, limit: int = 0x10000) -> bytes:
    """A C string: bytes up to (not including) a zero byte."""
    out = bytearray()
    for i in range(limit):
        b = mem[(addr + i) & ADDRESS_MASK]
        if b == 0:
            break
        out.append(b)
    return bytes(out)


def read_gsstring(mem: Any, addr: int) -> bytes:
    """A GS/OS input string (GSString255): a length word, then the bytes."""
    return read_bytes(mem, addr + 2, read_word(mem, addr))


# -- The memory map of this machine -------------------------------------------------------
# (Apple IIGS Hardware Reference ch. 2 "memory map", ch. 4; Toolbox Reference vol. 1 ch. 1.)
#
#   $00-$7F   RAM (8 MB). Bank $00 $C000-$FFFF and bank $01 $C000-$FFFF are I/O and
#             language-card space (`iigs.io`): never handed out here.
#             Bank $01 $2000-$9FFF is the shadowed Super Hi-Res buffer (`iigs.io`).
#   $E0, $E1  the "slow" banks. $E1:0000-$00FF holds the system entry points (traps);
#             $E1:2000-$9FFF is Super Hi-Res. Bank $E0 holds the Memory Manager's
#             handle records (it has no other use without Apple II video).
#   others    unmapped: nothing is there; executing there is a crash.

MEMORY_SIZE = 1 << 24
RAM_BANKS = range(0x00, 0x80)
SLOW_BANKS = (0xE0, 0xE1)


def is_mapped(addr: int) -> bool:
    """True if `addr` is in RAM or the two slow banks."""
    bank = (addr >> 16) & 0xFF
    return bank in RAM_BANKS or bank in SLOW_BANKS


# Super Hi-Res (Hardware Reference ch. 4)
SHR_PIXELS = 0xE12000           # 200 lines x 160 bytes
SHR_PIXEL_BYTES = 32000
SHR_SCB = 0xE19D00              # one scan-line control byte per line
SHR_PALETTES = 0xE19E00         # 16 palettes x 16 colours x 2 bytes
SHR_SHADOW_SOURCE = 0x012000    # bank $01 copy of $E1:2000-$9FFF
SHR_SHADOW_LENGTH = 0x8000

# The SHADOW soft switch (Hardware Reference): a 1 bit inhibits shadowing. It lives in the
# I/O page (`iigs.io`), not in memory.
SHADOW_REGISTER = 0xE0C035
SHADOW_INHIBIT_SHR = 0x08

# System entry points in bank $E1 (Toolbox Reference vol. 1 ch. 1)
TOOL_ENTRY = 0xE10000           # JSL $E10000: system tool dispatcher
TOOL_ENTRY_2 = 0xE10004         # second entry (glue with an extra RTL address)
USER_TOOL_ENTRY = 0xE10008      # user tool sets
USER_TOOL_ENTRY_2 = 0xE1000C
GSOS_INLINE_ENTRY = 0xE100A8    # JSL $E100A8 / DC I2 call / DC I4 pblock
TO_BUSY_STRIP = 0xE10180        # a tool function's exit: X = error, Y = bytes to strip
TO_STRIP = 0xE10184             # (Technical Note #73); ToBusyStrip lowers the busy flag first
# The RTL a native tool function returns through after a JSL $E10000/$E10008 (the
# dispatcher's own return address, so the function finds two RTL addresses, 6 bytes,
# above its parameters, as the Tool Locator chapter says).
TOOL_RETURN_RTL = 0xE100F8
GSOS_STACK_ENTRY = 0xE100B0     # PEA pblock / PEA call / JSL $E100B0

# Memory Manager territory: free ranges (start, end exclusive) it may hand out, as on
# a IIGS with its 8 MB of expansion memory once the system is up (banks $00-$7F; the
# ROM, I/O and language card at $C000-$FFFF of banks $00/$01 are never free).
# Ordinary requests are served from banks $02-$7F first; bank $00 keeps $0800-$BFFF
# for direct-page/stack blocks; bank $01 keeps its non-video parts.
MM_DEFAULT_POOL = [
    (0x000800, 0x00C000),
    (0x010800, 0x012000),
    (0x01A000, 0x01C000),
    (0x020000, 0x800000),
]
# Special memory, handed out only to fixed-address or fixed-bank requests, as the IIGS
# Memory Manager keeps it: bank $01's $2000-$9FFF (the Super Hi-Res buffer that
# shadowing copies to bank $E1: games draw there) and the Super Hi-Res screen in bank
# $E1, which QuickDraw II takes at QDStartUp while the desktop is up (a program may
# reserve it with NewHandle(..., attrAddr, $E12000) when QuickDraw is not started).
# Bank $E0 holds the handle records; the rest of $E0/$E1 is the system's.
MM_SPECIAL_POOL = [(0x012000, 0x01A000), (0xE12000, 0xE1A000)]
# Where handle records live (3,174 records of 20 bytes).
MM_HANDLE_AREA = (0xE00800, 0xE10000)


class ShrShadow:
    """Shadowing of bank $01 $2000-$9FFF into the Super Hi-Res buffer in bank $E1 for
    the bytes the toolbox writes from Python.

    The CPU's own writes are shadowed on each write by the memory map (`iigs.io`,
    SHADOW register $C035 bit 3 clear). Toolbox code that writes the machine's memory
    directly (BlockMove into the bank $01 copy, say) has no such hook, so at every
    60 Hz tick `sync()` copies to $E1 the bytes of the bank $01 range that changed
    since the previous tick and that the CPU did not itself write through
    (`note_write` keeps those in step). Bytes drawn directly into $E1 (QuickDraw does)
    are left alone. The screen can lag such a toolbox write by one frame at most.

    The SHADOW register is the I/O page's (`io.shadow`); `enabled` = False turns this
    copy off from Python as well.
    """

    def __init__(self, mem: bytearray, io: Any = None) -> None:
        import numpy as np
        self.mem = mem
        self.io = io
        view = np.frombuffer(mem, dtype=np.uint8)
        self.source = view[SHR_SHADOW_SOURCE:SHR_SHADOW_SOURCE + SHR_SHADOW_LENGTH]
        self.target = view[SHR_PIXELS:SHR_PIXELS + SHR_SHADOW_LENGTH]
        self.previous_bytes = bytearray(self.source.tobytes())
        self.previous = np.frombuffer(self.previous_bytes, dtype=np.uint8)
        self.enabled = True

    def inhibited(self) -> bool:
        """True when the SHADOW register's Super Hi-Res bit says "do not shadow"."""
        shadow = self.io.shadow if self.io is not None else 0
        return bool(shadow & SHADOW_INHIBIT_SHR)

    def note_write(self, physical: int, value: int) -> None:
        """The CPU wrote `value` at `physical` (bank $01) and through to $E1."""
        self.previous_bytes[physical - SHR_SHADOW_SOURCE] = value

    def sync(self) -> int:
        """Copy the changed bytes; returns how many changed."""
        if not self.enabled or self.inhibited():
            self.previous[:] = self.source
            return 0
        changed = self.source != self.previous
        count = int(changed.sum())
        if count:
            self.target[changed] = self.source[changed]
            self.previous[changed] = self.source[changed]
        return count
