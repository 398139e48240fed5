"""PackBytes and UnPackBytes (Miscellaneous Tool Set $2603, $2703): Apple's run-length
format, the one Apple Preferred pictures ($C0/$0002) and packed screens ($C0/$0001)
use.

Follows the Apple IIGS Toolbox Reference vol. 1, ch. 14 ("PackBytes") and Apple II
File Type Note $C0/$0000: the packed data is a sequence of runs, each a flag byte whose
top two bits give its kind and whose low six bits n give a count n + 1 (1-64):

    00  n + 1 bytes follow, each used once
    01  one byte follows, repeated n + 1 times
    10  four bytes follow, the four repeated n + 1 times
    11  one byte follows, repeated 4 * (n + 1) times

`pack` chooses runs greedily as Apple's does: a byte repeated at least 3 times is a
run (flag 11 when it covers 8 or more as whole fours), a four-byte pattern repeated
at least twice is a pattern run, and anything else is gathered into a literal run.
"""
from __future__ import annotations

from iigs.memory import read_bytes, read_long, read_word, write_bytes, write_long, \
    write_word
from toolbox.calls import tool

MAX_COUNT = 64
FLAG_LITERAL, FLAG_REPEAT, FLAG_QUAD, FLAG_REPEAT4 = 0x00, 0x40, 0x80, 0xC0
MIN_REPEAT = 3                     # shorter repeats go into a literal run
MIN_QUADS = 2                      # a four-byte pattern must come at least twice


def _repeat_length(data: bytes, at: int) -> int:
    end = at
    while end < len(data) and data[end] == data[at]:
        end += 1
    return end - at


def _quad_repeats(data: bytes, at: int) -> int:
    pattern = data[at:at + 4]
    if len(pattern) < 4:
        return 0
    count = 1
    while (count < MAX_COUNT and data[at + 4 * count:at + 4 * count + 4] == pattern):
        count += 1
    return count


def _next_run(data: bytes, at: int) -> tuple[bytes, int]:
    """The packed bytes of the run starting at `at` and the input bytes it covers."""
    repeat = _repeat_length(data, at)
    if repeat >= 8:
        fours = min(repeat // 4, MAX_COUNT)
        return bytes([FLAG_REPEAT4 | (fours - 1), data[at]]), 4 * fours
    if repeat >= MIN_REPEAT:
        return bytes([FLAG_REPEAT | (repeat - 1), data[at]]), repeat
    quads = _quad_repeats(data, at)
    if quads >= MIN_QUADS:
        return bytes([FLAG_QUAD | (quads - 1)]) + data[at:at + 4], 4 * quads
    end = at + 1
    while (end < len(data) and end - at < MAX_COUNT
           and _repeat_length(data, end) < MIN_REPEAT and _quad_repeats(data, end) < MIN_QUADS):
        end += 1
    return bytes([FLAG_LITERAL | (end - at - 1)]) + data[at:end], end - at


def pack(data: bytes, room: int | None = None) -> tuple[bytes, int]:
    """Pack `data`; with `room`, only whole runs that fit in `room` bytes. Returns
    the packed bytes and how many input bytes they cover."""
    out = bytearray()
    at = 0
    while at < len(data):
        run, covered = _next_run(data, at)
        if room is not None and len(out) + len(run) > room:
            break
        out += run
        at += covered
    return bytes(out), at


def unpack(packed: bytes, limit: int | None = None) -> tuple[bytes, int]:
    """Unpack whole runs of `packed` (at most `limit` output bytes). Returns the
    bytes and how many packed bytes were used."""
    out = bytearray()
    at = 0
    while at < len(packed):
        flag = packed[at]
        count = (flag & 0x3F) + 1
        kind = flag & 0xC0
        if kind == FLAG_LITERAL:
            run, used = packed[at + 1:at + 1 + count], 1 + count
        elif kind == FLAG_REPEAT:
            run, used = packed[at + 1:at + 2] * count, 2
        elif kind == FLAG_QUAD:
            run, used = packed[at + 1:at + 5] * count, 5
        else:
            run, used = packed[at + 1:at + 2] * (4 * count), 2
        if at + used > len(packed) or (limit is not None and len(out) + len(run) > limit):
            break
        out += run
        at += used
    return bytes(out), at


@tool(0x03, 0x26, "LLLW", 2)
def PackBytes(tb, start_ptr_ptr: int, size_ptr: int, buffer: int, buffer_size: int) -> int:
    """PackBytes(startHandle:L, sizePtr:L, bufferPtr:L, bufferSize:W): packedSize:W --
    packs from the pointer at startHandle, sizePtr's word bytes, into the buffer; the
    pointer moves past what was packed and the size drops by as much."""
    start = read_long(tb.mem, start_ptr_ptr) & 0xFFFFFF
    size = read_word(tb.mem, size_ptr)
    packed, covered = pack(read_bytes(tb.mem, start, size), buffer_size)
    write_bytes(tb.mem, buffer, packed)
    write_long(tb.mem, start_ptr_ptr, start + covered)
    write_word(tb.mem, size_ptr, size - covered)
    return len(packed)


@tool(0x03, 0x27, "LWLL", 2)
def UnPackBytes(tb, buffer: int, buffer_size: int, start_ptr_ptr: int,
                size_ptr: int) -> int:
    """UnPackBytes(packedBufferPtr:L, bufferSize:W, startHandle:L, sizePtr:L):
    bytesUsed:W -- unpacks whole runs into the pointer at startHandle, at most
    sizePtr's word bytes; the pointer moves on and the size drops by what was made."""
    start = read_long(tb.mem, start_ptr_ptr) & 0xFFFFFF
    size = read_word(tb.mem, size_ptr)
    data, used = unpack(read_bytes(tb.mem, buffer, buffer_size), size)
    write_bytes(tb.mem, start, data)
    write_long(tb.mem, start_ptr_ptr, start + len(data))
    write_word(tb.mem, size_ptr, size - len(data))
    return used
