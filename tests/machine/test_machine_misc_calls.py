"""Misc Tool Set and Tool Locator calls real programs stopped at (issue 48 §5, issue 49
§1), made through the dispatcher as a program makes them: PackBytes / UnPackBytes on a
sample in Apple's documented format, ConvSeconds against known dates, the mouse's
clamps, the message center and requests."""
from __future__ import annotations

from datetime import datetime

from system.machine import Machine
from iigs.memory import read_bytes, read_long, read_word, write_bytes, write_long, \
    write_word
from toolbox.misc import BAD_TIME_VERB
from toolbox.locator import MESS_NOT_FOUND_ERR, REQ_NOT_ACCEPTED
from toolcall import call_tool

# Apple's format (Toolbox Reference ch. 14, File Type Note $C0/0000): 3 literal bytes,
# $AA four times, the pattern 01 02 03 04 twice, then eight zeros as two fours.
PACKED = bytes([0x02, 1, 2, 3, 0x43, 0xAA, 0x81, 1, 2, 3, 4, 0xC1, 0x00])
UNPACKED = bytes([1, 2, 3]) + b"\xAA" * 4 + bytes([1, 2, 3, 4]) * 2 + bytes(8)

DATA, PACK_BUF, PTR, SIZE, OUT_BUF = 0x8000, 0x8400, 0x8800, 0x8804, 0x8C00


def test_pack_and_unpack_bytes_match_apples_format():
    m = Machine()
    write_bytes(m.mem, DATA, UNPACKED)
    write_long(m.mem, PTR, DATA)
    write_word(m.mem, SIZE, len(UNPACKED))
    error, (size,) = call_tool(m, 0x2603, [("L", PTR), ("L", SIZE), ("L", PACK_BUF),
                                           ("W", 64)], 1)
    assert (error, size) == (0, len(PACKED))
    assert read_bytes(m.mem, PACK_BUF, size) == PACKED
    assert read_long(m.mem, PTR) == DATA + len(UNPACKED) and read_word(m.mem, SIZE) == 0
    write_long(m.mem, PTR, OUT_BUF)
    write_word(m.mem, SIZE, 100)
    error, (used,) = call_tool(m, 0x2703, [("L", PACK_BUF), ("W", len(PACKED)),
                                           ("L", PTR), ("L", SIZE)], 1)
    assert (error, used) == (0, len(PACKED))
    assert read_bytes(m.mem, OUT_BUF, len(UNPACKED)) == UNPACKED
    assert read_long(m.mem, PTR) == OUT_BUF + len(UNPACKED)
    assert read_word(m.mem, SIZE) == 100 - len(UNPACKED)
    # A buffer too small for it all takes whole runs only, and says how far it got.
    write_long(m.mem, PTR, DATA)
    write_word(m.mem, SIZE, len(UNPACKED))
    error, (size,) = call_tool(m, 0x2603, [("L", PTR), ("L", SIZE), ("L", PACK_BUF),
                                           ("W", 7)], 1)
    assert (error, size) == (0, 6) and read_word(m.mem, SIZE) == len(UNPACKED) - 7


def conv(m, verb, secs=0, ptr=0x9000):
    error, words = call_tool(m, 0x3703, [("W", verb), ("L", secs), ("L", ptr)], 2)
    return error, words[0] | words[1] << 16


def test_conv_seconds_known_dates():
    m = Machine()
    m.tb.misc.clock = lambda: datetime(2026, 3, 14, 15, 9, 26)
    unix_epoch, y2k = 2082844800, 3029529600          # seconds from 1 Jan 1904
    assert conv(m, 0, unix_epoch) == (0, 0)                 # secs2TimeRec
    assert read_bytes(m.mem, 0x9000, 8) == bytes([0, 0, 0, 70, 0, 0, 0, 5])  # a Thursday
    write_bytes(m.mem, 0x9000, bytes([0, 0, 0, 100, 0, 0, 0, 7]))
    assert conv(m, 1) == (0, y2k)                           # TimeRec2Secs
    assert conv(m, 2, y2k) == (0, 0)                        # secs2Text
    assert read_bytes(m.mem, 0x9000, 20) == bytes(
        ord(c) | 0x80 for c in "01/01/00 12:00:00 AM")
    assert conv(m, 4, y2k + 13 * 3600 + 45 * 60) == (0, 0)  # secs2ProDOS
    assert read_word(m.mem, 0x9000) == (0 << 9) | (1 << 5) | 1
    assert read_word(m.mem, 0x9002) == (13 << 8) | 45
    assert conv(m, 5) == (0, y2k + 13 * 3600 + 45 * 60)     # ProDOS2Secs
    assert conv(m, 8) == (0, 0)                             # ProDOS2TimeRec, in place
    assert read_bytes(m.mem, 0x9000, 8) == bytes([0, 45, 13, 100, 0, 0, 0, 7])
    now = conv(m, 6)[1]                                     # getCurrTimeInSecs
    assert now == int((datetime(2026, 3, 14, 15, 9, 26) - datetime(1904, 1, 1))
                      .total_seconds())
    assert conv(m, 3)[0] == BAD_TIME_VERB
    write_bytes(m.mem, 0x9000, bytes([0, 0, 0, 100, 40, 1, 0, 0]))   # 41 February
    assert conv(m, 1)[0] == 0x0391                          # badTimeData


def test_mouse_clamps_boot_info_irq():
    m = Machine()
    assert call_tool(m, 0x1C03, [("W", 10), ("W", 300), ("W", 20), ("W", 150)])[0] == 0
    assert m.tb.em.clamp == (10, 300, 20, 150)
    assert call_tool(m, 0x1A03)[0] == 0
    assert m.tb.em.mouse == (20, 10)                 # (v, h): the top left corner
    write_bytes(m.mem, 0x9100, b"\x07MY.INIT")
    assert call_tool(m, 0x3C03, [("L", 0x9100), ("L", 0)])[0] == 0
    assert m.tb.misc.boot_info == ["MY.INIT"]
    assert call_tool(m, 0x2903, [], 1) == (0, [0])


# requestProc(reqCode:W, dataIn:L, dataOut:L): result:W -- keeps reqCode at $7100,
# answers $8000 (accepted), drops its 10 bytes of parameters and RTLs.
REQUEST_PROC = bytes([0xA3, 0x0C, 0x8D, 0x00, 0x71, 0xA9, 0x00, 0x80, 0x83, 0x0E,
                      0xA3, 0x02, 0x83, 0x0C, 0xA3, 0x01, 0x83, 0x0B,
                      0x3B, 0x18, 0x69, 0x0A, 0x00, 0x1B, 0x6B])


def test_message_center_and_requests():
    m = Machine()
    body = b"\x0AXYZ~Tests~" + b"hi"             # name (Pascal string), data
    record = (2 + len(body)).to_bytes(2, "little") + body   # blockLen first
    write_bytes(m.mem, 0x9200, record)
    error, (mid, created) = call_tool(m, 0x1701, [("W", 1), ("L", 0x9200)], 2)
    assert error == 0 and created == 1 and mid >= 0x8000
    error, (again, created) = call_tool(m, 0x1701, [("W", 0), ("L", 0x9200)], 2)
    assert (error, again, created) == (0, mid, 0)
    handle = m.tb.mm.new_handle(4, 0x1001, 0)
    assert call_tool(m, 0x1501, [("W", 2), ("W", mid), ("L", handle)])[0] == 0
    where = m.tb.mm.deref(handle)
    assert read_word(m.mem, where + 4) == mid
    assert read_bytes(m.mem, where + 6, len(record)) == record
    assert call_tool(m, 0x1501, [("W", 3), ("W", mid), ("L", handle)])[0] == 0
    assert call_tool(m, 0x1501, [("W", 2), ("W", mid), ("L", handle)])[0] == \
        MESS_NOT_FOUND_ERR
    # A request nobody accepts, then one a procedure accepts.
    assert call_tool(m, 0x1C01, [("W", 0x9001), ("W", 0), ("L", 0), ("L", 0),
                                 ("L", 0)])[0] == REQ_NOT_ACCEPTED
    write_bytes(m.mem, 0x6800, REQUEST_PROC)
    write_bytes(m.mem, 0x9300, b"\x0AXYZ~Tests~")
    assert call_tool(m, 0x1B01, [("L", 0x9300), ("W", 0x1001), ("L", 0x6800)])[0] == 0
    assert call_tool(m, 0x1C01, [("W", 0x9001), ("W", 0x8001), ("L", 0x9300),
                                 ("L", 0), ("L", 0)])[0] == 0
    assert read_word(m.mem, 0x7100) == 0x9001


def test_string_to_text_makes_8_bit_text_7_bit_into_a_result_buffer():
    m = Machine()
    text = b"Caf\x8E \xA9 1991\xC9\xFF"                 # Cafe, copyright, ellipsis, $FF
    write_bytes(m.mem, DATA, text)

    def translate(flags, size=64):
        write_word(m.mem, OUT_BUF, size)
        error, (stored, result_flags) = call_tool(
            m, 0x3B03, [("W", flags), ("L", DATA), ("W", len(text)), ("L", OUT_BUF)], 2)
        assert (error, result_flags) == (0, 0)
        return stored, read_word(m.mem, OUT_BUF + 2), read_bytes(m.mem, OUT_BUF + 4, stored)

    assert translate(0) == (len(text), len(text), b"Cafe C 1991.?")
    longer = b"Cafe (C) 1991...?"
    assert translate(0x4000) == (len(longer), len(longer), longer)     # fAllowLongerSubs
    assert translate(0x1000)[2] == b"Cafe C 1991.\xFF"                 # fPassThru
    assert translate(0x4000, size=4 + 6) == (6, len(longer), b"Cafe (")   # cut to fit
