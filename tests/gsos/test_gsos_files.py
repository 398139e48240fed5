"""GS/OS class 1 file calls against a mounted virtual disk, without the CPU.

Each test writes parameter blocks into memory (pCount first, GS/OS strings as
length word + bytes, result buffers as size word + length word + bytes) and calls
`tb.gsos.call(callnum, pblock)`, as the dispatcher does for JSL $E100A8 / $E100B0.
"""
from __future__ import annotations

import struct

import pytest

from gsos_helpers import (CHANGE_PATH, CLOSE, CREATE, DESTROY, FIXED_NOW, FLUSH,
                          GET_BOOT_VOL, GET_DIR_ENTRY, GET_EOF, GET_FILE_INFO, GET_MARK,
                          GET_NAME, GET_PREFIX, GET_VERSION, NULL, OPEN, PROGRAM, QUIT,
                          SET_EOF, SET_FILE_INFO, SET_MARK, SET_PREFIX, Machine)
from toolbox import gsos


@pytest.fixture
def m(tmp_path):
    return Machine(tmp_path / "GinKing.po")


def test_gsos_create_write_close_reaches_host_image(m):
    """Create 9:SETTINGS:PREFS ($5A), write 10 bytes, Close: on the host at once."""
    assert m.create("9:SETTINGS:PREFS", 0x5A, 0x8001) == 0
    error, refnum = m.open("9:SETTINGS:PREFS", 3)
    assert (error, refnum) == (0, 1)
    assert m.write(refnum, b"0123456789") == (0, 10)
    assert m.on_host().read_file("SETTINGS/PREFS") == b""      # not yet: file open
    assert m.close(refnum) == 0
    info = m.on_host().info("SETTINGS/PREFS")
    assert m.on_host().read_file("SETTINGS/PREFS") == b"0123456789"
    assert (info.file_type, info.aux_type) == (0x5A, 0x8001)
    assert info.created == FIXED_NOW
    assert info.access & gsos.ACCESS_BACKUP                   # changed since backup


def test_gsos_read_to_eof_then_eof_encountered(m):
    m.save_file(":GINKING:DATA", bytes(range(100)))
    error, refnum = m.open(":GINKING:DATA", 1)
    assert error == 0
    assert m.read(refnum, 60) == (0, bytes(range(60)))
    assert m.read(refnum, 60) == (0, bytes(range(60, 100)))   # short read, no error
    assert m.read(refnum, 60) == (gsos.EOF_ENCOUNTERED, b"")
    assert m.get_position(GET_MARK, refnum) == (0, 100)
    assert m.get_position(GET_EOF, refnum) == (0, 100)


def test_gsos_marks_and_eof(m):
    m.save_file("DATA", b"abcdefghij")                       # partial path: prefix 8
    _, refnum = m.open("DATA", 3)
    assert m.set_position(SET_MARK, refnum, gsos.BASE_EOF_MINUS, 3) == 0
    assert m.read(refnum, 10) == (0, b"hij")
    assert m.set_position(SET_MARK, refnum, gsos.BASE_MARK_MINUS, 5) == 0
    assert m.get_position(GET_MARK, refnum) == (0, 5)
    assert m.set_position(SET_MARK, refnum, gsos.BASE_MARK_PLUS, 2) == 0
    assert m.get_position(GET_MARK, refnum) == (0, 7)
    assert m.set_position(SET_MARK, refnum, gsos.BASE_START_PLUS, 11) == gsos.OUT_OF_RANGE
    assert m.set_position(SET_MARK, refnum, 4, 0) == gsos.PARAM_RANGE_ERR
    # SetEOF cuts the file and pulls the mark back with it; extending adds zeros.
    assert m.set_position(SET_EOF, refnum, gsos.BASE_START_PLUS, 4) == 0
    assert m.get_position(GET_MARK, refnum) == (0, 4)
    assert m.set_position(SET_EOF, refnum, gsos.BASE_START_PLUS, 6) == 0
    assert m.set_position(SET_MARK, refnum, gsos.BASE_START_PLUS, 0) == 0
    assert m.read(refnum, 10) == (0, b"abcd\0\0")
    # Writing past the EOF after SetMark to the EOF extends the file.
    assert m.write(refnum, b"XY") == (0, 2)
    assert m.close(refnum) == 0
    assert m.on_host().read_file("DATA") == b"abcd\0\0XY"


def test_gsos_rewrite_truncates_like_orcalib(m):
    """ORCALib's fopen("w"): Open, SetEOF(base 0, 0), Write, Close."""
    m.save_file("DATA", b"a much longer old content")
    _, refnum = m.open("DATA", 3)
    assert m.set_position(SET_EOF, refnum, 0, 0) == 0
    assert m.write(refnum, b"new") == (0, 3)
    assert m.close(refnum) == 0
    assert m.on_host().read_file("DATA") == b"new"


def test_gsos_flush_commits_without_closing(m):
    m.save_file("LOG", b"")
    _, refnum = m.open("LOG", 2)
    m.write(refnum, b"line 1\r")
    assert m.call(FLUSH, ("W", refnum))[0] == 0
    assert m.on_host().read_file("LOG") == b"line 1\r"
    m.write(refnum, b"line 2\r")
    assert m.call(FLUSH, ("W", 0), ("W", 0))[0] == 0            # refNum 0: every file
    assert m.on_host().read_file("LOG") == b"line 1\rline 2\r"
    assert m.close(refnum) == 0


def test_gsos_error_codes(m):
    m.save_file("DATA", b"x")
    assert m.open("NOPE")[0] == gsos.FILE_NOT_FOUND
    assert m.open("NODIR:NOPE")[0] == gsos.PATH_NOT_FOUND
    assert m.open(":OTHERVOL:NOPE")[0] == gsos.VOL_NOT_FOUND
    assert m.open("9:BAD*NAME")[0] == gsos.BAD_PATH_SYNTAX
    assert m.open("9:1STARTSWITHDIGIT")[0] == gsos.BAD_PATH_SYNTAX
    assert m.open("9:THIS.NAME.IS.TOO.LONG")[0] == gsos.BAD_PATH_SYNTAX
    assert m.open("12:DATA")[0] == gsos.BAD_PATH_SYNTAX          # prefix 12 not set
    assert m.create("DATA") == gsos.DUP_PATHNAME
    assert m.create("NODIR:NEW") == gsos.PATH_NOT_FOUND
    assert m.create("ODD", storage=4) == gsos.BAD_STORE_TYPE
    assert m.close(7) == gsos.INVALID_REF_NUM
    assert m.read(7, 1)[0] == gsos.INVALID_REF_NUM
    assert m.get_position(GET_EOF, 0)[0] == gsos.INVALID_REF_NUM
    assert m.tb.gsos.call(0x20FF, 0x010000) == gsos.BAD_SYSTEM_CALL
    assert m.open("DATA", 7)[0] == gsos.PARAM_RANGE_ERR


@pytest.mark.parametrize("number, low, high", [
    (CREATE, 1, 7), (DESTROY, 1, 1), (CHANGE_PATH, 2, 3), (SET_FILE_INFO, 2, 12),
    (GET_FILE_INFO, 2, 12), (SET_PREFIX, 1, 2), (GET_PREFIX, 2, 2), (OPEN, 2, 15),
    (0x2012, 4, 5), (0x2013, 4, 5), (CLOSE, 1, 1), (FLUSH, 1, 2), (SET_MARK, 3, 3),
    (GET_MARK, 2, 2), (SET_EOF, 3, 3), (GET_EOF, 2, 2), (GET_DIR_ENTRY, 5, 17),
    (GET_NAME, 1, 1), (GET_BOOT_VOL, 1, 1), (QUIT, 0, 2), (GET_VERSION, 1, 1),
])
def test_gsos_pcount_ranges(m, number, low, high):
    assert gsos.CALLS[number].min_pcount == low and gsos.CALLS[number].max_pcount == high
    for pcount in (low - 1, high + 1):
        if pcount < 0:
            continue
        error, block = m.call(number, *[("L", 0)] * 20, pcount=pcount)
        assert error == gsos.INVALID_PCOUNT
    assert not m.tb.gsos.quit_requested


def test_gsos_fields_past_pcount_are_untouched(m):
    """GetFileInfo with pCount 3 writes access and fileType and nothing after."""
    # Only pCount 3 is declared, but memory holds more fields after it.
    error, block = m.call(GET_FILE_INFO, ("L", m.string("9:GIN.KING")), ("W", 0),
                          ("W", 0), ("L", 0x11111111), ("W", 0x2222), pcount=3)
    assert error == 0
    assert block.word(6) == 0xC3 or block.word(6) == 0xE3     # access
    assert block.word(8) == 0xB3                              # fileType
    assert block.long(0x0A) == 0x11111111                     # auxType: past pCount
    assert block.word(0x0E) == 0x2222


def test_gsos_get_file_info_full(m):
    error, block = m.call(GET_FILE_INFO, ("L", m.string("*:GIN.KING")), ("W", 0),
                          ("W", 0), ("L", 0), ("W", 0), ("T", b""), ("T", b""),
                          ("L", 0), ("L", 0), ("L", 0), ("L", 0), ("L", 0))
    assert error == 0 and block.canary_intact()
    assert (block.word(8), block.long(0x0A)) == (0xB3, 0xDB03)
    assert block.word(0x0E) == 2                             # sapling
    created = block.raw(0x10, 8)
    info = m.volume.info("GIN.KING")
    assert created == gsos.to_timerec(info.created)
    assert block.long(0x24) == len(PROGRAM)
    assert block.long(0x28) == info.blocks_used
    # The volume itself: type $0F, storage $0F, aux = total blocks.
    error, block = m.call(GET_FILE_INFO, ("L", m.string(":GINKING")), ("W", 0),
                          ("W", 0), ("L", 0), ("W", 0))
    assert error == 0
    assert (block.word(8), block.long(0x0A), block.word(0x0E)) == (0x0F, 1600, 0x0F)


def test_gsos_set_file_info_changes_type_and_dates(m):
    m.save_file("DATA", b"x")
    stamp = gsos.to_timerec(FIXED_NOW.replace(year=1989))
    error, _ = m.call(SET_FILE_INFO, ("L", m.string("DATA")), ("W", 0x01),
                      ("W", 0x04), ("L", 0x0000), ("W", 0), ("T", stamp), ("T", b""))
    assert error == 0
    info = m.on_host().info("DATA")
    assert (info.access, info.file_type, info.created.year) == (0x01, 0x04, 1989)
    assert info.modified == FIXED_NOW                            # zero TimeRec: kept
    # Now locked: no write access, no destroy, no rename.
    assert m.open("DATA", 2)[0] == gsos.INVALID_ACCESS
    assert m.call(DESTROY, ("L", m.string("DATA")))[0] == gsos.INVALID_ACCESS
    error, _ = m.call(CHANGE_PATH, ("L", m.string("DATA")), ("L", m.string("DATA2")))
    assert error == gsos.INVALID_ACCESS
    error, refnum = m.open("DATA")                         # as permitted: read only
    assert error == 0 and m.write(refnum, b"y")[0] == gsos.INVALID_ACCESS
    bad = bytes([0, 0, 0, 89, 40, 1, 0, 0])                 # February 41st
    error, _ = m.call(SET_FILE_INFO, ("L", m.string("DATA")), ("W", 0xC3),
                      ("W", 4), ("L", 0), ("W", 0), ("T", bad))
    assert error == gsos.PARAM_RANGE_ERR


def test_gsos_destroy_and_change_path(m):
    m.save_file("OLD", b"data")
    _, refnum = m.open("OLD", 1)
    assert m.call(DESTROY, ("L", m.string("OLD")))[0] == gsos.FILE_BUSY
    error, _ = m.call(CHANGE_PATH, ("L", m.string("OLD")), ("L", m.string("NEW")))
    assert error == gsos.FILE_BUSY
    m.close(refnum)
    error, _ = m.call(CHANGE_PATH, ("L", m.string("OLD")),
                      ("L", m.string(":GINKING:SETTINGS:MOVED")))
    assert error == 0
    assert m.on_host().read_file("SETTINGS/MOVED") == b"data"
    error, _ = m.call(CHANGE_PATH, ("L", m.string("9:GIN.KING")),
                      ("L", m.string("9:SETTINGS:MOVED")))
    assert error == gsos.DUP_PATHNAME
    assert m.call(DESTROY, ("L", m.string("9:SETTINGS")))[0] == gsos.INVALID_ACCESS
    assert m.call(DESTROY, ("L", m.string("9:SETTINGS:MOVED")))[0] == 0
    assert not m.on_host().exists("SETTINGS/MOVED")
    assert m.call(DESTROY, ("L", m.string("9:SETTINGS:MOVED")))[0] == gsos.FILE_NOT_FOUND
    assert m.call(DESTROY, ("L", m.string("9:SETTINGS")))[0] == 0   # now empty
    assert m.on_host().check() == []


def test_gsos_create_folder_and_extended_file(m):
    assert m.create("9:SAVES", 0x0F, 0, 0xC3, storage=0x0D) == 0
    assert m.on_host().info("SAVES").is_dir
    assert m.create("9:SAVES:GAME1", 0x5A, 0, storage=5) == 0
    assert m.on_host().info("SAVES/GAME1").storage_type == 5
    assert m.open("9:SAVES:GAME1", 1, fork=1) == (0, 1)
    assert m.open("9:GIN.KING", 1, fork=1)[0] == gsos.RES_FORK_NOT_FOUND
    assert m.close(0) == 0
    # Writing the data fork keeps the (empty) resource fork.
    m.tb.gsos.files.clear()
    _, refnum = m.open("9:SAVES:GAME1", 3)
    m.write(refnum, b"data fork")
    assert m.close(refnum) == 0
    assert m.on_host().read_file("SAVES/GAME1") == b"data fork"
    assert m.on_host().info("SAVES/GAME1").storage_type == 5


def test_gsos_open_twice(m):
    m.save_file("DATA", b"x")
    _, first = m.open("DATA", 1)
    error, second = m.open("DATA", 1)                        # two readers: fine
    assert error == 0 and second != first
    assert m.open("DATA", 2)[0] == gsos.FILE_BUSY            # no writer alongside
    m.close(first)
    m.close(second)
    _, writer = m.open("DATA", 3)
    assert m.open("DATA", 1)[0] == gsos.FILE_BUSY
    m.close(writer)


def test_gsos_prefixes(m):
    buf = m.result_buffer()
    for number, expected in ((8, ":GINKING:"), (9, ":GINKING:"), (0, ":GINKING:"),
                             (2, "")):
        error, _ = m.call(GET_PREFIX, ("W", number), ("L", buf))
        assert error == 0 and m.result_text(buf) == expected
    assert m.call(SET_PREFIX, ("W", 8), ("L", m.string("9/SETTINGS")))[0] == 0
    m.call(GET_PREFIX, ("W", 8), ("L", buf))
    assert m.result_text(buf) == ":GINKING:SETTINGS:"
    assert m.create("PREFS", 0x5A) == 0                        # now lands in SETTINGS
    assert m.on_host().exists("SETTINGS/PREFS")
    assert m.call(SET_PREFIX, ("W", 8), ("L", m.string("9:NOWHERE")))[0] \
        == gsos.PATH_NOT_FOUND
    assert m.call(SET_PREFIX, ("W", 32), ("L", m.string("9:")))[0] == gsos.PARAM_RANGE_ERR
    assert m.call(SET_PREFIX, ("W", 8), ("L", 0))[0] == 0       # clears it
    assert m.open("PREFS")[0] == gsos.BAD_PATH_SYNTAX
    small = m.result_buffer(8, at=m.BUFFERS + 0x9000)
    assert m.call(GET_PREFIX, ("W", 9), ("L", small))[0] == gsos.BUFF_TOO_SMALL
    assert struct.unpack_from("<H", m.mem, small + 2)[0] == len(":GINKING:")


def test_gsos_get_name_boot_vol_version_null(m):
    buf = m.result_buffer()
    assert m.call(GET_NAME, ("L", buf))[0] == 0 and m.result_text(buf) == "GIN.KING"
    assert m.call(GET_BOOT_VOL, ("L", buf))[0] == 0 and m.result_text(buf) == ":GINKING"
    error, block = m.call(GET_VERSION, ("W", 0))
    assert error == 0 and block.word(2) == gsos.GSOS_VERSION
    assert m.call(NULL, pcount=0)[0] == 0


def test_gsos_get_dir_entry_walks_a_folder(m):
    m.save_file("9:SETTINGS:PREFS", b"p" * 5, 0x5A)
    m.save_file("9:SETTINGS:HISTORY", b"h" * 700, 0x04)
    error, refnum = m.open("9:SETTINGS")
    assert error == 0
    name = m.result_buffer(36)

    def entry(base, displacement):
        return m.call(GET_DIR_ENTRY, ("W", refnum), ("W", 0), ("W", base),
                      ("W", displacement), ("L", name), ("W", 0), ("W", 0), ("L", 0),
                      ("L", 0), ("T", b""), ("T", b""), ("W", 0), ("L", 0), ("W", 0))

    error, block = entry(0, 0)
    assert error == 0 and block.word(0x0E) == 2               # two entries
    error, block = entry(1, 1)
    assert error == 0 and m.result_text(name) == "PREFS"
    assert (block.word(0x0E), block.word(0x10), block.long(0x12)) == (1, 0x5A, 5)
    assert block.word(0x30) == gsos.PRODOS_FILE_SYSTEM
    error, block = entry(1, 1)
    assert error == 0 and m.result_text(name) == "HISTORY" and block.long(0x12) == 700
    assert entry(1, 1)[0] == gsos.END_OF_DIR
    error, block = entry(2, 1)
    assert error == 0 and m.result_text(name) == "PREFS"
    assert m.read(refnum, 10)[0] == gsos.INVALID_ACCESS       # folders: GetDirEntry
    error, file_ref = m.open("9:GIN.KING")
    assert m.call(GET_DIR_ENTRY, ("W", file_ref), ("W", 0), ("W", 0), ("W", 1),
                  ("L", name))[0] == gsos.BAD_STORE_TYPE


def test_gsos_quit_flushes_open_files_and_requests_stop(m):
    m.save_file("LOG", b"")
    _, refnum = m.open("LOG", 2)
    m.write(refnum, b"unsaved")
    error, _ = m.call(QUIT, ("L", 0), ("W", 0))
    assert error == 0 and m.tb.gsos.quit_requested
    assert m.tb.gsos.files == {}
    assert m.on_host().read_file("LOG") == b"unsaved"


def test_gsos_calls_are_logged(m):
    m.open("9:GIN.KING")
    m.open("9:MISSING")
    log = [line for line in m.tb.call_log if line.startswith("GS/OS")]
    assert log[-2].startswith('GS/OS Open(pCount=4, "9:GIN.KING", refNum=1')
    assert log[-2].endswith("-> $0000 noError")
    assert log[-1].endswith("-> $0046 fileNotFound")


def test_gsos_mount_accepts_open_or_recover_result(tmp_path):
    import disk
    from toolbox.toolbox import Toolbox
    tb = Toolbox(bytearray(1 << 24))
    tb.gsos.mount(disk.open_or_recover(tmp_path / "GinKing.po", PROGRAM))
    assert tb.gsos.volume.name == "GINKING" and tb.gsos.mount_message is None
    tb.gsos.set_launch(str(tmp_path / "build" / "GIN.KING"))     # a host path
    assert tb.gsos.program_name == "GIN.KING"
    assert tb.gsos.prefixes[9] == ["GINKING"]


def test_gsos_without_a_disk(tmp_path):
    from toolbox.toolbox import Toolbox
    tb = Toolbox(bytearray(1 << 24))
    struct.pack_into("<HHI", tb.mem, 0x1000, 2, 0, 0x2000)
    struct.pack_into("<H3s", tb.mem, 0x2000, 3, b"*:X")
    assert tb.gsos.call(OPEN, 0x1000) == gsos.VOL_NOT_FOUND
    struct.pack_into("<HIH", tb.mem, 0x1000, 2, 0, 0)
    assert tb.gsos.call(QUIT, 0x1000) == 0 and tb.gsos.quit_requested


def test_gsos_launch_before_mount(tmp_path):
    import disk
    from toolbox.toolbox import Toolbox
    tb = Toolbox(bytearray(1 << 24))
    tb.gsos.set_launch("/host/build/GIN.KING")
    assert tb.gsos.program_name == "GIN.KING" and tb.gsos.prefixes[9] is None
    tb.gsos.mount(disk.build_default(tmp_path / "d.po", PROGRAM))
    assert tb.gsos.prefixes[9] == ["GINKING"] and tb.gsos.prefixes[8] == ["GINKING"]
