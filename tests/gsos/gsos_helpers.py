"""Building GS/OS parameter blocks in memory for tests (ORCA/C gsos.h layouts)."""
from __future__ import annotations

import struct
from datetime import datetime

import disk
from iigs.memory import read_bytes, read_long, read_word, write_bytes
from toolbox.toolbox import Toolbox

PROGRAM = b"\x60" * 3000
FIXED_NOW = datetime(2026, 3, 14, 15, 9)

# Call numbers (gsos.h).
CREATE, DESTROY, CHANGE_PATH, SET_FILE_INFO, GET_FILE_INFO = 0x2001, 0x2002, 0x2004, 0x2005, 0x2006
SET_PREFIX, GET_PREFIX, NULL, OPEN, READ, WRITE = 0x2009, 0x200A, 0x200D, 0x2010, 0x2012, 0x2013
CLOSE, FLUSH, SET_MARK, GET_MARK, SET_EOF, GET_EOF = 0x2014, 0x2015, 0x2016, 0x2017, 0x2018, 0x2019
GET_DIR_ENTRY, GET_NAME, GET_BOOT_VOL, QUIT, GET_VERSION = 0x201C, 0x2027, 0x2028, 0x2029, 0x202A


class Machine:
    """A Toolbox over bare RAM with a disk mounted: no CPU, just memory and calls."""

    PBLOCK = 0x010000
    STRINGS = 0x020000
    BUFFERS = 0x030000

    def __init__(self, path, blocks: int = 1600) -> None:
        self.tb = Toolbox(bytearray(1 << 24))
        self.tb.misc.clock = lambda: FIXED_NOW
        self.path = path
        self.volume = disk.build_default(path, PROGRAM, blocks=blocks)
        self.tb.gsos.mount(self.volume)
        self.tb.gsos.set_launch("/GINKING/GIN.KING")
        self._next_string = self.STRINGS

    @property
    def mem(self):
        return self.tb.mem

    def string(self, text: str | bytes) -> int:
        """A GS/OS input string somewhere in bank 2; its address."""
        raw = text.encode("mac_roman", errors="replace") if isinstance(text, str) else text
        address = self._next_string
        write_bytes(self.mem, address, struct.pack("<H", len(raw)) + raw)
        self._next_string += 2 + len(raw) + 2
        return address

    def result_buffer(self, size: int = 68, at: int | None = None) -> int:
        address = at if at is not None else self.BUFFERS + 0x8000
        write_bytes(self.mem, address, struct.pack("<H", size) + bytes(size - 2))
        return address

    def result_text(self, address: int) -> str:
        return read_bytes(self.mem, address + 4, read_word(self.mem, address + 2)).decode(
            "mac_roman")

    def call(self, number: int, *fields: tuple[str, int], pcount: int | None = None,
             at: int | None = None) -> tuple[int, "Block"]:
        """Lay out pCount + fields ("W"/"L"/"T" sized) and call; (error, block)."""
        address = at if at is not None else self.PBLOCK
        raw = bytearray(struct.pack("<H", len(fields) if pcount is None else pcount))
        for kind, value in fields:
            if kind == "W":
                raw += struct.pack("<H", value)
            elif kind == "L":
                raw += struct.pack("<I", value)
            else:
                raw += bytes(value).ljust(8, b"\0")
        raw += b"\xEE" * 16                                   # canary after the block
        write_bytes(self.mem, address, bytes(raw))
        error = self.tb.gsos.call(number, address)
        return error, Block(self.mem, address, len(raw) - 16)

    # -- the common calls ---------------------------------------------------------------

    def create(self, path: str, file_type: int = 0x06, aux: int = 0, access: int = 0xC3,
               storage: int = 1) -> int:
        return self.call(CREATE, ("L", self.string(path)), ("W", access),
                         ("W", file_type), ("L", aux), ("W", storage))[0]

    def open(self, path: str, request: int = 0, fork: int = 0) -> tuple[int, int]:
        error, block = self.call(OPEN, ("W", 0), ("L", self.string(path)),
                                 ("W", request), ("W", fork))
        return error, block.word(2)

    def write(self, refnum: int, data: bytes) -> tuple[int, int]:
        write_bytes(self.mem, self.BUFFERS, data)
        error, block = self.call(WRITE, ("W", refnum), ("L", self.BUFFERS),
                                 ("L", len(data)), ("L", 0xDEAD))
        return error, block.long(0x0C)

    def read(self, refnum: int, count: int) -> tuple[int, bytes]:
        write_bytes(self.mem, self.BUFFERS, b"\xAA" * (count + 1))
        error, block = self.call(READ, ("W", refnum), ("L", self.BUFFERS), ("L", count),
                                 ("L", 0xDEAD))
        done = block.long(0x0C)
        assert self.mem[self.BUFFERS + done] == 0xAA       # nothing past the transfer
        return error, read_bytes(self.mem, self.BUFFERS, done)

    def close(self, refnum: int) -> int:
        return self.call(CLOSE, ("W", refnum))[0]

    def set_position(self, number: int, refnum: int, base: int, displacement: int) -> int:
        return self.call(number, ("W", refnum), ("W", base), ("L", displacement))[0]

    def get_position(self, number: int, refnum: int) -> tuple[int, int]:
        error, block = self.call(number, ("W", refnum), ("L", 0xDEADBEEF))
        return error, block.long(4)

    def save_file(self, path: str, data: bytes, file_type: int = 0x06) -> None:
        assert self.create(path, file_type) == 0
        error, refnum = self.open(path, 3)
        assert error == 0
        assert self.write(refnum, data) == (0, len(data))
        assert self.close(refnum) == 0

    def on_host(self) -> disk.Volume:
        """The image as committed to the host file."""
        return disk.Volume.open(self.path)


class Block:
    def __init__(self, mem, address: int, size: int) -> None:
        self.mem, self.address, self.size = mem, address, size

    def word(self, offset: int) -> int:
        return read_word(self.mem, self.address + offset)

    def long(self, offset: int) -> int:
        return read_long(self.mem, self.address + offset)

    def raw(self, offset: int, count: int) -> bytes:
        return read_bytes(self.mem, self.address + offset, count)

    def canary_intact(self) -> bool:
        return self.raw(self.size, 16) == b"\xEE" * 16
