"""QuickDraw II's region, ScrollRect and point calls made as a program makes them
(JSL $E10000, parameters and result space on the stack): one session that builds an
L-shaped region, tests points and rectangles against it, clips to it, scrolls and
records a region with OpenRgn, checking the records and the screen."""
from __future__ import annotations

import numpy as np

from iigs.memory import read_long, read_word, write_word
from system.machine import Machine
from toolbox import quickdraw as q
from toolbox.calls import TOOL_TABLE
from toolcall import call_row

QD_DP = 0x3000
RECT, PT, PT2 = 0x7300, 0x7310, 0x7314


def ok(m: Machine, name: str, *params: int) -> int:
    row = next(r for r in TOOL_TABLE.values() if r.toolset == 4 and r.name == name)
    error, result = call_row(m, row, *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


def put(m: Machine, addr: int, *words: int) -> int:
    for i, w in enumerate(words):
        write_word(m.mem, addr + 2 * i, w & 0xFFFF)
    return addr


def screen(m: Machine) -> np.ndarray:
    raw = np.frombuffer(bytes(m.mem[0xE12000:0xE19D00]), dtype=np.uint8).reshape(200, 160)
    return q.unpack_pixels(raw, True).astype(int)


def test_a_program_builds_tests_draws_scrolls_and_records_regions():
    m = Machine()
    m.tb.qd.QDStartUp(QD_DP, q.MODE_640, 0, 0x1001)
    a, b = ok(m, "NewRgn"), ok(m, "NewRgn")
    ok(m, "SetRectRgn", a, 10, 10, 50, 50)
    ok(m, "RectRgn", b, put(m, RECT, 30, 30, 70, 70))
    ok(m, "UnionRgn", a, b, a)
    words = [read_word(m.mem, m.tb.mm.deref(a) + 2 * i) for i in range(22)]
    assert words[:5] == [44, 10, 10, 70, 70] and words[-1] == 0x7FFF
    assert ok(m, "PtInRgn", put(m, PT, 60, 20), a) == 0          # v 60, h 20: outside
    assert ok(m, "PtInRgn", put(m, PT, 60, 40), a) == 1
    assert ok(m, "RectInRgn", put(m, RECT, 55, 5, 65, 25), a) == 0
    assert ok(m, "EqualRgn", a, b) == 0 and ok(m, "EmptyRgn", a) == 0
    ok(m, "OffsetRgn", b, 0xFFF6, 0)                               # dH -10
    ok(m, "InsetRgn", b, 1, 1)
    assert m.tb.qd.region_shape(b) == ((31, 69, (21, 59)),)
    ok(m, "SetClip", a)
    ok(m, "SetSolidPenPat", 3)
    ok(m, "PaintRect", put(m, RECT, 0, 0, 100, 100))
    model = np.zeros((200, 640), dtype=int)
    model[10:50, 10:50] = model[30:70, 30:70] = 3
    assert (screen(m) == model).all()
    # scroll the L 4 pixels right inside (0, 0)-(100, 100), clipped to the L itself
    update = ok(m, "NewRgn")
    ok(m, "ScrollRect", put(m, RECT, 0, 0, 100, 100), 4, 0, update)
    assert ok(m, "EqualRgn", update, a) == 0
    vacated = m.tb.qd.region_shape(update)
    assert vacated == ((10, 50, (10, 14)), (50, 70, (30, 34)))
    # record a region: a frame with a hole
    ok(m, "ClipRect", put(m, RECT, 0, 0, 200, 640))
    ok(m, "OpenRgn")
    port = ok(m, "GetPort")
    assert read_long(m.mem, port + q.PORT_RGN_SAVE) != 0
    ok(m, "FrameRect", put(m, RECT, 100, 100, 120, 140))
    ok(m, "FrameOval", put(m, RECT, 105, 110, 115, 130))
    ok(m, "CloseRgn", b)
    assert read_long(m.mem, port + q.PORT_RGN_SAVE) == 0
    expected = np.ones((20, 40), dtype=bool)
    expected[5:15, 10:30] &= ~q.oval_mask(10, 20)
    assert (q.rgndata.to_mask(m.tb.qd.region_shape(b), (100, 100, 120, 140)) == expected).all()
    ok(m, "SetPt", PT, 0xFFFE, 3)
    ok(m, "SetPt", PT2, 5, 5)
    ok(m, "AddPt", PT, PT2)
    assert (read_word(m.mem, PT2), read_word(m.mem, PT2 + 2)) == (8, 3)
    assert ok(m, "EqualPt", PT, PT2) == 0
