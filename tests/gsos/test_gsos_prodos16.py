"""ProDOS 16 (class 0) calls and the GS/OS calls added with them, without the CPU.

Class 0 blocks have no pCount; pathnames are Pascal strings with '/' separators;
dates are a ProDOS date word and time word (ProDOS 16 Reference; ORCA/C prodos.h).
"""
from __future__ import annotations

import struct
from datetime import datetime

import pytest

from gsos_helpers import Machine
from iigs.memory import read_bytes, write_bytes
from toolbox import gsos
from toolbox.prodos16 import from_prodos_datetime, to_prodos_datetime

(CREATE, DESTROY, CHANGE_PATH, SET_FILE_INFO, GET_FILE_INFO, VOLUME, SET_PREFIX,
 GET_PREFIX, CLEAR_BACKUP_BIT, OPEN, READ, WRITE, CLOSE, FLUSH, SET_MARK, GET_MARK,
 SET_EOF, GET_EOF, SET_LEVEL, GET_LEVEL, GET_DIR_ENTRY, GET_DEV_NUM, GET_LAST_DEV) = (
    0x01, 0x02, 0x04, 0x05, 0x06, 0x08, 0x09, 0x0A, 0x0B, 0x10, 0x12, 0x13, 0x14, 0x15,
    0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x20, 0x21)


class P16(Machine):
    """The test machine with class 0 blocks: fields only, Pascal strings."""

    def pstring(self, text: str) -> int:
        raw = text.encode("ascii")
        address = self._next_string
        write_bytes(self.mem, address, bytes([len(raw)]) + raw)
        self._next_string += 1 + len(raw) + 1
        return address

    def p16(self, number: int, *fields: tuple[str, int]) -> tuple[int, bytes]:
        raw = b"".join(struct.pack("<H" if kind == "W" else "<I", value)
                       for kind, value in fields)
        write_bytes(self.mem, self.PBLOCK, raw + b"\xEE" * 8)
        error = self.tb.gsos.call(number, self.PBLOCK)
        assert read_bytes(self.mem, self.PBLOCK + len(raw), 8) == b"\xEE" * 8
        return error, read_bytes(self.mem, self.PBLOCK, len(raw))

    def pascal_at(self, address: int) -> str:
        return read_bytes(self.mem, address + 1, self.mem[address]).decode("ascii")


@pytest.fixture
def m(tmp_path):
    return P16(tmp_path / "GinKing.po")


def test_prodos_date_words_round_trip():
    when = datetime(1989, 9, 25, 13, 45)
    raw = to_prodos_datetime(when)
    assert struct.unpack("<HH", raw) == ((89 << 9) | (9 << 5) | 25, (13 << 8) | 45)
    assert from_prodos_datetime(raw) == when
    assert from_prodos_datetime(to_prodos_datetime(datetime(2026, 3, 14, 15, 9))) == \
        datetime(2026, 3, 14, 15, 9)
    assert from_prodos_datetime(bytes(4)) is None


def test_prodos16_file_life(m):
    """CREATE (with a creation date), OPEN, WRITE, SET_MARK, READ, SET/GET_EOF, FLUSH,
    CLOSE, GET/SET_FILE_INFO, CLEAR_BACKUP_BIT, CHANGE_PATH, DESTROY."""
    date, time = struct.unpack("<HH", to_prodos_datetime(datetime(1988, 7, 4, 9, 30)))
    assert m.p16(CREATE, ("L", m.pstring("/GINKING/LOG")), ("W", 0xC3), ("W", 0x04),
                 ("L", 0), ("W", 1), ("W", date), ("W", time))[0] == 0
    assert m.on_host().info("LOG").created == datetime(1988, 7, 4, 9, 30)
    error, block = m.p16(OPEN, ("W", 0), ("L", m.pstring("LOG")), ("L", 0))  # prefix 0
    assert error == 0
    ref = struct.unpack_from("<H", block)[0]
    write_bytes(m.mem, m.BUFFERS, b"hello, world")
    error, block = m.p16(WRITE, ("W", ref), ("L", m.BUFFERS), ("L", 12), ("L", 0))
    assert error == 0 and struct.unpack_from("<I", block, 10)[0] == 12
    assert m.p16(SET_MARK, ("W", ref), ("L", 7))[0] == 0
    error, block = m.p16(READ, ("W", ref), ("L", m.BUFFERS + 0x100), ("L", 50), ("L", 0))
    assert error == 0 and read_bytes(m.mem, m.BUFFERS + 0x100, 5) == b"world"
    assert m.p16(SET_EOF, ("W", ref), ("L", 5))[0] == 0
    assert struct.unpack_from("<I", m.p16(GET_EOF, ("W", ref), ("L", 0))[1], 2)[0] == 5
    assert struct.unpack_from("<I", m.p16(GET_MARK, ("W", ref), ("L", 0))[1], 2)[0] == 5
    assert m.p16(FLUSH, ("W", ref))[0] == 0
    assert m.on_host().read_file("LOG") == b"hello"
    assert m.p16(CLOSE, ("W", ref))[0] == 0
    error, block = m.p16(GET_FILE_INFO, ("L", m.pstring("/GINKING/LOG")), ("W", 0),
                         ("W", 0), ("L", 0), ("W", 0), ("W", 0), ("W", 0), ("W", 0),
                         ("W", 0), ("L", 0))
    access, ftype, aux, storage, cdate, ctime = struct.unpack_from("<HHIHHH", block, 4)
    assert error == 0 and (ftype, storage, cdate, ctime) == (0x04, 1, date, time)
    assert access & gsos.ACCESS_BACKUP
    assert m.p16(CLEAR_BACKUP_BIT, ("L", m.pstring("LOG")))[0] == 0
    assert not m.on_host().info("LOG").access & gsos.ACCESS_BACKUP
    assert m.p16(SET_FILE_INFO, ("L", m.pstring("LOG")), ("W", 0xC3), ("W", 0x06),
                 ("L", 0x2000), ("W", 0), ("W", 0), ("W", 0), ("W", date),
                 ("W", time))[0] == 0
    info = m.on_host().info("LOG")
    assert (info.file_type, info.aux_type, info.modified) == (
        0x06, 0x2000, datetime(1988, 7, 4, 9, 30))
    assert m.p16(CHANGE_PATH, ("L", m.pstring("LOG")), ("L", m.pstring("LOG2")))[0] == 0
    assert m.p16(DESTROY, ("L", m.pstring("/GINKING/LOG2")))[0] == 0
    assert not m.on_host().exists("LOG2")
    assert m.p16(DESTROY, ("L", m.pstring("LOG2")))[0] == gsos.FILE_NOT_FOUND


def test_prodos16_prefixes_volume_devices_levels(m):
    buf = m.BUFFERS + 0x4000
    assert m.p16(SET_PREFIX, ("W", 5), ("L", m.pstring("/GINKING/")))[0] == 0
    assert m.p16(GET_PREFIX, ("W", 5), ("L", buf))[0] == 0
    assert m.pascal_at(buf) == "/GINKING/"
    error, block = m.p16(VOLUME, ("L", m.pstring(".D1")), ("L", buf), ("L", 0), ("L", 0),
                         ("W", 0))
    total, free, fs = struct.unpack_from("<IIH", block, 8)
    assert error == 0 and m.pascal_at(buf) == "/GINKING"
    assert (total, fs) == (1600, gsos.PRODOS_FILE_SYSTEM) and 0 < free < total
    error, block = m.p16(GET_DEV_NUM, ("L", m.pstring("/GINKING")), ("W", 0))
    assert error == 0 and struct.unpack_from("<H", block, 4)[0] == gsos.DISK_DEVICE
    assert m.p16(GET_DEV_NUM, ("L", m.pstring(".NOSUCH")), ("W", 0))[0] == \
        gsos.DEV_NOT_FOUND
    assert m.p16(GET_LAST_DEV, ("W", 0))[1] == b"\x01\x00"
    # Files opened at level 2 are closed by CLOSE 0 at level 2; level 0's stay open.
    _, block = m.p16(OPEN, ("W", 0), ("L", m.pstring("GIN.KING")), ("L", 0))
    low = struct.unpack_from("<H", block)[0]
    assert m.p16(SET_LEVEL, ("W", 2))[0] == 0
    assert m.p16(GET_LEVEL, ("W", 0))[1] == b"\x02\x00"
    m.save_file("OTHER", b"x")
    assert m.p16(OPEN, ("W", 0), ("L", m.pstring("/GINKING/OTHER")), ("L", 0))[0] == 0
    assert len(m.tb.gsos.files) == 2
    assert m.p16(CLOSE, ("W", 0))[0] == 0
    assert list(m.tb.gsos.files) == [low]
    assert m.p16(SET_LEVEL, ("W", 0x100))[0] == gsos.INVALID_LEVEL


def test_prodos16_get_dir_entry_and_unknown_calls(m):
    m.save_file("9:SETTINGS:PREFS", b"p" * 5, 0x5A)
    _, block = m.p16(OPEN, ("W", 0), ("L", m.pstring("SETTINGS")), ("L", 0))
    ref = struct.unpack_from("<H", block)[0]
    name = m.BUFFERS + 0x5000
    error, block = m.p16(GET_DIR_ENTRY, ("W", ref), ("W", 0), ("W", 1), ("W", 1),
                         ("L", name), ("W", 0), ("W", 0), ("L", 0), ("L", 0),
                         ("L", 0), ("L", 0), ("L", 0), ("L", 0), ("W", 0), ("L", 0),
                         ("W", 0))
    assert error == 0 and m.pascal_at(name) == "PREFS"
    assert struct.unpack_from("<HHI", block, 12) == (1, 0x5A, 5)
    assert m.tb.gsos.call(0x0022, m.PBLOCK) == gsos.BAD_SYSTEM_CALL   # READ_BLOCK
    assert m.tb.call_log[-1] == "ProDOS 16 $0022 -> $0001 badSystemCall"


def test_gsos_new_calls(m):
    """GS/OS class 1: GetDevNumber, Volume, DInfo, Get/SetSysPrefs, GetFSTInfo,
    Set/GetLevel, NewLine with a table."""
    buf = m.result_buffer(40)
    error, block = m.call(0x2020, ("L", m.string(":GINKING")), ("W", 0))
    assert error == 0 and block.word(6) == gsos.DISK_DEVICE
    error, block = m.call(0x2020, ("L", m.string(".CONSOLE")), ("W", 0))
    assert error == 0 and block.word(6) == gsos.CONSOLE_DEVICE_NUMBER
    error, block = m.call(0x2008, ("L", m.string(".D1")), ("L", buf), ("L", 0), ("L", 0),
                          ("W", 0), ("W", 0))
    assert error == 0 and m.result_text(buf) == ":GINKING" and block.long(10) == 1600
    assert block.word(20) == gsos.BLOCK_SIZE
    error, block = m.call(0x202C, ("W", 1), ("L", buf), ("W", 0), ("L", 0))
    assert error == 0 and m.result_text(buf) == ".D1" and block.long(10) == 1600
    assert m.call(0x202C, ("W", 9), ("L", buf))[0] == gsos.INVALID_DEV_NUM
    error, block = m.call(0x200F, ("W", 0))
    assert error == 0 and block.word(2) == gsos.DEFAULT_SYS_PREFS
    assert m.call(0x200C, ("W", 0x0000))[0] == 0
    assert m.call(0x200F, ("W", 0xFFFF))[1].word(2) == 0
    error, block = m.call(0x202B, ("W", 1), ("W", 0), ("L", buf), ("W", 0), ("W", 0),
                          ("W", 0), ("L", 0), ("L", 0))
    assert error == 0 and block.word(4) == gsos.PRODOS_FILE_SYSTEM
    assert m.result_text(buf) == "ProDOS" and block.word(14) == 512
    assert m.call(0x202B, ("W", 3), ("W", 0))[0] == gsos.PARAM_RANGE_ERR
    assert m.call(0x201A, ("W", 3))[0] == 0
    assert m.call(0x201B, ("W", 0))[1].word(2) == 3
    m.save_file("LINES", b"ab;cd.ef")
    error, ref = m.open("LINES", 1)
    write_bytes(m.mem, m.BUFFERS + 0x7000, b".;")
    assert m.call(0x2011, ("W", ref), ("W", 0xFF), ("W", 2),
                  ("L", m.BUFFERS + 0x7000))[0] == 0
    assert m.read(ref, 20) == (0, b"ab;")
    assert m.read(ref, 20) == (0, b"cd.")
    assert m.read(ref, 20) == (0, b"ef")
