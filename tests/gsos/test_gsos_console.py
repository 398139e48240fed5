"""GS/OS's `.CONSOLE` character device, the standard prefixes 10-12 a launched program
gets, and GetStdRefNum / GetRefNum / GetRefInfo, called as the dispatcher calls them."""
from __future__ import annotations

import pytest

from gsos_helpers import CLOSE, GET_EOF, GET_PREFIX, SET_PREFIX, Machine
from toolbox import gsos

GET_STD_REF_NUM, GET_REF_NUM, GET_REF_INFO = 0x2037, 0x2038, 0x2039


@pytest.fixture
def m(tmp_path):
    return Machine(tmp_path / "GinKing.po")


def std_ref(m, prefix: int) -> tuple[int, int]:
    error, block = m.call(GET_STD_REF_NUM, ("W", prefix), ("W", 0xBEEF))
    return error, block.word(4)


def test_standard_prefixes_are_the_console(m):
    for number in (10, 11, 12):
        buf = m.result_buffer()
        assert m.call(GET_PREFIX, ("W", number), ("L", buf))[0] == 0
        assert m.result_text(buf) == ".CONSOLE:"
    assert m.tb.gsos.prefixes[13] is None


def test_console_open_write_read_close(m):
    console = m.tb.text.console
    error, ref = m.open(".console")                  # device names ignore case
    assert error == 0
    assert m.write(ref, b"printf says hi\r") == (0, 15)
    assert console.text() == "printf says hi\n"
    console.feed("typed\nmore")
    assert m.read(ref, 100) == (0, b"typed\r")        # a line at a time, echoed
    assert m.read(ref, 2) == (0, b"mo")
    assert m.read(ref, 100) == (0, b"re")
    assert m.read(ref, 100) == (gsos.EOF_ENCOUNTERED, b"")  # no key can come
    assert console.text() == "printf says hi\ntyped\nmore"
    assert m.get_position(GET_EOF, ref) == (0, 0)
    assert m.close(ref) == 0
    assert m.write(ref, b"x") == (gsos.INVALID_REF_NUM, 0)


def test_standard_error_prefix_writes_the_error_stream(m):
    _, out = m.open("11:")
    _, err = m.open("12")
    m.write(out, b"out\r")
    m.write(err, b"err\r")
    console = m.tb.text.console
    assert console.text("out") == "out\n" and console.text("err") == "err\n"
    assert console.text() == "out\nerr\n"


def test_no_files_inside_the_console(m):
    assert m.open(".CONSOLE:FILE")[0] == gsos.BAD_PATH_SYNTAX
    assert m.open("12:DATA")[0] == gsos.BAD_PATH_SYNTAX


def test_get_std_ref_num(m):
    assert std_ref(m, 11) == (gsos.INVALID_REF_NUM, 0xBEEF)   # nothing open yet
    assert std_ref(m, 9)[0] == gsos.PARAM_RANGE_ERR
    _, first = m.open(".CONSOLE")
    _, second = m.open("11")
    assert std_ref(m, 11) == (0, second)                        # the latest open
    assert std_ref(m, 10) == (0, second)
    m.close(second)
    assert std_ref(m, 12) == (0, first)
    # A standard prefix set to a file names that file.
    m.save_file("LOG", b"")
    assert m.call(SET_PREFIX, ("W", 12), ("L", m.string(":GINKING:LOG")))[0] == 0
    assert std_ref(m, 12)[0] == gsos.INVALID_REF_NUM
    _, log = m.open(":GINKING:LOG", 3)
    assert std_ref(m, 12) == (0, log)


def test_get_ref_num_and_get_ref_info(m):
    m.save_file("NOTES", b"abc")
    _, ref = m.open("NOTES", 1)
    _, con = m.open(".CONSOLE")
    error, block = m.call(GET_REF_NUM, ("L", m.string(":GINKING:NOTES")), ("W", 0),
                          ("W", 0))
    assert (error, block.word(6), block.word(8)) == (0, ref, gsos.ACCESS_READ)
    error, block = m.call(GET_REF_NUM, ("L", m.string("11")), ("W", 0))
    assert (error, block.word(6)) == (0, con)
    error, _ = m.call(GET_REF_NUM, ("L", m.string("NOTES")), ("W", 0), ("W", 0),
                      ("W", 1))                                 # its resource fork
    assert error == gsos.INVALID_REF_NUM
    m.close(ref)
    assert m.call(GET_REF_NUM, ("L", m.string("NOTES")), ("W", 0))[0] == \
        gsos.INVALID_REF_NUM

    buf = m.result_buffer()
    error, block = m.call(GET_REF_INFO, ("W", con), ("W", 0), ("L", buf), ("W", 9),
                          ("W", 9))
    assert error == 0 and m.result_text(buf) == ".CONSOLE"
    assert (block.word(4), block.word(10), block.word(12)) == (3, 0, 0)
    _, ref = m.open("NOTES", 1)
    error, block = m.call(GET_REF_INFO, ("W", ref), ("W", 0), ("L", buf))
    assert error == 0 and m.result_text(buf) == ":GINKING:NOTES"
    assert m.call(GET_REF_INFO, ("W", 30), ("W", 0))[0] == gsos.INVALID_REF_NUM
    assert m.call(CLOSE, ("W", 0))[0] == 0                      # Close all: the console too
    assert m.tb.gsos.files == {}
