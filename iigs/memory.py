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
