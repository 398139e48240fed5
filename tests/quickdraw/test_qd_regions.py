"""QuickDraw II's regions of any shape, ScrollRect, arcs and the port-field, point and
text-measuring calls, driven through their tool-call rows with records in memory as a
program passes them, and checked as region records and pixels (Toolbox Reference
vol. 2, ch. 16; the region record: rgnSize, rgnBBox, rows of inversion points each
ended by $7FFF, the rows ended by $7FFF)."""
import struct

import numpy as np
from hypothesis import given, settings, strategies as st

from iigs.memory import read_long, read_word, write_bytes, write_word
from iigs import font
from toolbox import quickdraw as q
from toolbox.calls import TOOL_TABLE
from toolbox.quickdraw import rgndata
from toolbox.toolbox import Toolbox

USER_ID = 0x1001
END = 0x7FFF


def _tb(mode: int = q.MODE_640) -> Toolbox:
    tb = Toolbox(bytearray(1 << 24))
    call(tb, "QDStartUp", 0x1000, mode, 0, USER_ID)
    return tb


def call(tb, name, *params):
    row = next(c for c in TOOL_TABLE.values() if c.toolset == 4 and c.name == name)
    assert len(params) == len(row.params), name
    return row.impl(tb, *params)


def _scratch(tb, size=0x400) -> int:
    return tb.mm.deref(tb.mm.new_handle(size, USER_ID, 0))


def _rect(tb, addr, r):
    for i, x in enumerate(r):
        write_word(tb.mem, addr + 2 * i, x)
    return addr


def _words(tb, handle) -> list[int]:
    """A region record as signed words, rgnSize of them."""
    addr = tb.mm.deref(handle)
    size = read_word(tb.mem, addr)
    return list(struct.unpack_from(f"<{size // 2}h", bytes(tb.mem[addr:addr + size])))


def _region(tb, rects) -> int:
    """A region that is the union of rectangles, built with the calls."""
    handle = call(tb, "NewRgn")
    other = call(tb, "NewRgn")
    buf = _scratch(tb, 8)
    for r in rects:
        call(tb, "RectRgn", other, _rect(tb, buf, r))
        call(tb, "UnionRgn", handle, other, handle)
    call(tb, "DisposeRgn", other)
    return handle


def _screen(tb, mode640=True) -> np.ndarray:
    raw = np.frombuffer(bytes(tb.mem[0xE12000:0xE19D00]), dtype=np.uint8).reshape(200, 160)
    return q.unpack_pixels(raw, mode640).astype(int)


def _mask(rects, height=200, width=640) -> np.ndarray:
    m = np.zeros((height, width), dtype=bool)
    for t, l, b, r in rects:
        m[max(t, 0):max(b, 0), max(l, 0):max(r, 0)] = True
    return m


L_SHAPE = [(10, 10, 50, 50), (30, 30, 70, 70)]     # two overlapping squares


# ---- the region record ---------------------------------------------------------------------
def test_union_writes_apples_inversion_points_and_reads_back():
    tb = _tb()
    rgn = _region(tb, L_SHAPE)
    # top row: the run 10..50 starts; at 30 the run changes to 10..70 (points 50, 70);
    # at 50 to 30..70 (points 10, 30); at 70 it ends (30, 70)
    assert _words(tb, rgn) == [44, 10, 10, 70, 70,
                               10, 10, 50, END, 30, 50, 70, END, 50, 10, 30, END,
                               70, 30, 70, END, END]
    assert tb.qd.region_rect(rgn) == (10, 10, 70, 70)
    # a region the program writes itself is read as it stands
    mine = call(tb, "NewRgn")
    tb.mm.set_size(mine, 44)
    write_bytes(tb.mem, tb.mm.deref(mine), struct.pack("<22h", *_words(tb, rgn)))
    assert call(tb, "EqualRgn", mine, rgn) == 1
    call(tb, "RectRgn", mine, _rect(tb, _scratch(tb, 8), (10, 10, 70, 70)))
    assert _words(tb, mine) == [10, 10, 10, 70, 70] and call(tb, "EqualRgn", mine, rgn) == 0


def test_set_algebra_tests_and_arithmetic():
    tb = _tb()
    a = _region(tb, [(10, 10, 50, 50)])
    b = _region(tb, [(30, 30, 70, 70)])
    dst = call(tb, "NewRgn")
    call(tb, "SectRgn", a, b, dst)
    assert _words(tb, dst) == [10, 30, 30, 50, 50]            # a rectangle: rgnSize 10
    call(tb, "DiffRgn", a, b, dst)
    assert tb.qd.region_shape(dst) == ((10, 30, (10, 50)), (30, 50, (10, 30)))
    call(tb, "XorRgn", a, b, dst)
    assert tb.qd.region_shape(dst) == ((10, 30, (10, 50)), (30, 50, (10, 30, 50, 70)),
                                       (50, 70, (30, 70)))
    buf = _scratch(tb)
    write_word(tb.mem, buf, 40)                    # v
    write_word(tb.mem, buf + 2, 40)                # h: in the hole of the XOR
    assert call(tb, "PtInRgn", buf, dst) == 0
    write_word(tb.mem, buf + 2, 29)
    assert call(tb, "PtInRgn", buf, dst) == 1
    assert call(tb, "RectInRgn", _rect(tb, buf, (32, 32, 48, 48)), dst) == 0
    assert call(tb, "RectInRgn", _rect(tb, buf, (32, 32, 48, 51)), dst) == 1
    assert call(tb, "EmptyRgn", dst) == 0
    call(tb, "SectRgn", dst, _region(tb, [(30, 30, 50, 50)]), dst)
    assert call(tb, "EmptyRgn", dst) == 1 and _words(tb, dst) == [10, 0, 0, 0, 0]
    # OffsetRgn, InsetRgn of the L, MapRgn doubling it
    lshape = _region(tb, L_SHAPE)
    call(tb, "DiffRgn", lshape, a, lshape)         # the L: 30..50 x 50..70 and 50..70 x 30..70
    call(tb, "OffsetRgn", lshape, 0xFFFE, 5)       # dH = -2
    assert tb.qd.region_shape(lshape) == ((35, 55, (48, 68)), (55, 75, (28, 68)))
    call(tb, "InsetRgn", lshape, 2, 3)
    assert tb.qd.region_shape(lshape) == ((38, 58, (50, 66)), (58, 72, (30, 66)))
    call(tb, "InsetRgn", lshape, 0xFFFE, 0xFFFD)   # grown back
    assert tb.qd.region_shape(lshape) == ((35, 55, (48, 68)), (55, 75, (28, 68)))
    call(tb, "MapRgn", lshape, _rect(tb, buf, (0, 0, 100, 100)),
         _rect(tb, buf + 8, (0, 0, 200, 200)))
    assert tb.qd.region_shape(lshape) == ((70, 110, (96, 136)), (110, 150, (56, 136)))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 40), st.integers(1, 20),
                          st.integers(1, 20)), min_size=1, max_size=5),
       st.lists(st.tuples(st.integers(0, 30), st.integers(0, 40), st.integers(1, 20),
                          st.integers(1, 20)), min_size=1, max_size=5))
def test_the_algebra_is_pixel_set_algebra_and_records_round_trip(ra, rb):
    rects_a = [(v, h, v + dv, h + dh) for v, h, dv, dh in ra]
    rects_b = [(v, h, v + dv, h + dh) for v, h, dv, dh in rb]
    a, b = rgndata.from_rects(rects_a), rgndata.from_rects(rects_b)
    ma, mb = _mask(rects_a, 60, 70), _mask(rects_b, 60, 70)
    box = (0, 0, 60, 70)
    for op, model in ((rgndata.SECT, ma & mb), (rgndata.UNION, ma | mb),
                      (rgndata.DIFF, ma & ~mb), (rgndata.XOR, ma ^ mb)):
        shape = rgndata.combine(a, b, op)
        assert (rgndata.to_mask(shape, box) == model).all()
        assert rgndata.from_record(rgndata.to_record(shape)) == shape
        assert shape == rgndata.from_mask(0, 0, model)


# ---- drawing ------------------------------------------------------------------------------
def test_paint_fill_erase_invert_and_frame_cover_exactly_the_regions_pixels():
    tb = _tb()
    rgn = _region(tb, L_SHAPE)
    model = _mask(L_SHAPE)
    call(tb, "SetSolidPenPat", 2)
    call(tb, "PaintRgn", rgn)
    assert (_screen(tb) == np.where(model, 2, 0)).all()
    call(tb, "InvertRgn", rgn)
    assert (_screen(tb) == np.where(model, 1, 0)).all()
    call(tb, "EraseRgn", rgn)
    assert (_screen(tb) == np.where(model, 3, 0)).all()
    pattern = _scratch(tb, 32)
    write_bytes(tb.mem, pattern, b"\x1b" * 32)        # pixels 0 1 2 3 in every byte
    call(tb, "FillRgn", rgn, pattern)
    stripes = np.tile(np.array([0, 1, 2, 3]), 160)[None, :]
    assert (_screen(tb) == np.where(model, stripes, 0)).all()
    # FrameRgn: the region less the region inset by the pen (2 wide, 1 high)
    call(tb, "ClearScreen", 0)
    call(tb, "SetPenSize", 2, 1)
    call(tb, "FrameRgn", rgn)
    inner = _mask([(11, 12, 31, 48), (31, 12, 49, 68), (49, 32, 69, 68)])
    assert (_screen(tb) == np.where(model & ~inner, 2, 0)).all()
    # a hidden pen paints and frames nothing; Erase/Invert/Fill still draw
    call(tb, "ClearScreen", 0)
    call(tb, "HidePen")
    call(tb, "PaintRgn", rgn)
    call(tb, "FrameRgn", rgn)
    assert not _screen(tb).any()


def test_a_clip_region_not_a_rectangle_clips_every_drawing_call():
    tb = _tb()
    rgn = _region(tb, L_SHAPE)
    call(tb, "SetClip", rgn)
    clip = read_long(tb.mem, call(tb, "GetPort") + q.PORT_CLIP_RGN)
    assert clip != rgn and call(tb, "EqualRgn", clip, rgn) == 1     # a copy
    buf = _scratch(tb)
    call(tb, "SetSolidPenPat", 3)
    call(tb, "PaintRect", _rect(tb, buf, (0, 0, 100, 100)))          # the packed path
    assert (_screen(tb) == np.where(_mask(L_SHAPE), 3, 0)).all()
    call(tb, "InvertOval", _rect(tb, buf, (0, 0, 100, 100)))         # the masked path
    oval = np.zeros((200, 640), dtype=bool)
    oval[:100, :100] = q.oval_mask(100, 100)
    assert (_screen(tb) == np.where(_mask(L_SHAPE), np.where(oval, 0, 3), 0)).all()
    text = _scratch(tb, 8)
    write_bytes(tb.mem, text, b"\x05HELLO")
    call(tb, "MoveTo", 0, 120)
    call(tb, "DrawString", text)                                     # outside: nothing
    assert not _screen(tb)[100:].any()
    got = _scratch(tb, 8)
    other = call(tb, "NewRgn")
    call(tb, "GetClip", other)
    assert call(tb, "EqualRgn", other, rgn) == 1
    # a program pokes the clip's record (the L's first row starts at 12, not 10): the
    # next call clips to what the record says now
    addr = tb.mm.deref(clip)
    write_word(tb.mem, addr + 2, 12)
    write_word(tb.mem, addr + 10, 12)
    call(tb, "ClearScreen", 0)
    call(tb, "PaintRect", _rect(tb, buf, (0, 0, 100, 100)))
    assert (_screen(tb) == np.where(_mask([(12, 10, 50, 50), (30, 30, 70, 70)]), 3, 0)).all()
    # the visible region clips too, and SetOrigin moves its shape
    call(tb, "ClipRect", _rect(tb, got, (-0x3FFF, -0x3FFF, 0x3FFF, 0x3FFF)))
    call(tb, "SetVisRgn", rgn)
    call(tb, "SetOrigin", 5, 0)
    call(tb, "GetVisRgn", other)
    assert tb.qd.region_shape(other) == rgndata.offset(tb.qd.region_shape(rgn), 5, 0)
    assert read_long(tb.mem, call(tb, "GetPort") + q.PORT_VIS_RGN) == call(tb, "GetVisHandle")


def test_open_rgn_records_frames_and_lines_then_close_rgn_makes_the_region():
    tb = _tb()
    port = call(tb, "GetPort")
    buf = _scratch(tb)
    call(tb, "OpenRgn")
    assert call(tb, "GetRgnSave") != 0 and read_word(tb.mem, port + q.PORT_PN_VIS) == 0xFFFF
    call(tb, "FrameRect", _rect(tb, buf, (0, 0, 20, 20)))
    call(tb, "FrameRect", _rect(tb, buf, (5, 5, 15, 15)))           # XOR: a hole
    call(tb, "MoveTo", 100, 10)                                      # a triangle of lines
    call(tb, "LineTo", 140, 10)
    call(tb, "LineTo", 100, 50)
    call(tb, "LineTo", 100, 10)
    assert not _screen(tb).any()                                     # nothing drawn
    rgn = call(tb, "NewRgn")
    call(tb, "CloseRgn", rgn)
    assert call(tb, "GetRgnSave") == 0 and read_word(tb.mem, port + q.PORT_PN_VIS) == 0
    other = call(tb, "NewRgn")
    call(tb, "CloseRgn", other)                  # none open: empty, the pen as it was
    assert call(tb, "EmptyRgn", other) == 1 and read_word(tb.mem, port + q.PORT_PN_VIS) == 0
    triangle = q.polygon_interior([(10, 100), (10, 140), (50, 100)])
    expected = _mask([(0, 0, 20, 20)]) & ~_mask([(5, 5, 15, 15)])
    expected[10:50, 100:140] = triangle[1]
    assert (rgndata.to_mask(tb.qd.region_shape(rgn), (0, 0, 200, 640)) == expected).all()
    call(tb, "PaintRgn", rgn)
    assert (_screen(tb) == np.where(expected, 0, 0)).all()           # black on black
    call(tb, "SetSolidPenPat", 1)
    call(tb, "PaintRgn", rgn)
    assert (_screen(tb) == np.where(expected, 1, 0)).all()


def test_scroll_rect_moves_the_pixels_erases_what_they_leave_and_returns_it():
    tb = _tb()
    buf = _scratch(tb)
    rng = np.random.default_rng(1)
    tb.mem[0xE12000:0xE19D00] = rng.integers(0, 256, 200 * 160, dtype=np.uint8).tobytes()
    before = _screen(tb)
    update = call(tb, "NewRgn")
    call(tb, "ScrollRect", _rect(tb, buf, (20, 40, 80, 120)), 5, 0xFFF6, update)  # dV -10
    after = _screen(tb)
    expected = before.copy()
    expected[20:70, 45:120] = before[30:80, 40:115]
    expected[70:80, 40:120] = 3                     # the background pattern: white
    expected[20:70, 40:45] = 3
    assert (after == expected).all()
    assert tb.qd.region_shape(update) == ((20, 70, (40, 45)), (70, 80, (40, 120)))
    # clipped: nothing outside the clip moves or is erased
    call(tb, "ClipRect", _rect(tb, buf, (0, 0, 50, 640)))
    call(tb, "ScrollRect", _rect(tb, buf, (20, 40, 80, 120)), 0, 10, update)
    again = _screen(tb)
    assert (again[50:] == after[50:]).all()
    assert (again[30:50, 40:120] == after[20:40, 40:120]).all()
    assert (again[20:30, 40:120] == 3).all()
    assert tb.qd.region_shape(update) == ((20, 30, (40, 120)),)


# ---- arcs ---------------------------------------------------------------------------------
def test_arcs_are_wedges_of_the_oval_clockwise_from_twelve_oclock():
    tb = _tb()
    buf = _rect(tb, _scratch(tb), (0, 0, 40, 40))
    call(tb, "SetSolidPenPat", 3)
    oval = q.oval_mask(40, 40)
    call(tb, "PaintArc", buf, 0, 90)                      # the top-right quarter
    expected = np.zeros((40, 40), dtype=bool)
    expected[:20, 20:] = oval[:20, 20:]
    assert (_screen(tb)[:40, :40] == np.where(expected, 3, 0)).all()
    assert not _screen(tb)[40:].any()
    call(tb, "InvertArc", buf, 90, 0xFFA6)              # -90: the same quarter back
    assert not _screen(tb).any()
    call(tb, "EraseArc", buf, 180, 360)                  # all of it: the oval
    assert (_screen(tb)[:40, :40] == np.where(oval, 3, 0)).all()
    call(tb, "ClearScreen", 0)
    pattern = _scratch(tb, 32)
    write_bytes(tb.mem, pattern, b"\xff" * 32)
    call(tb, "FillArc", buf, 270, 180, pattern)            # the top half: 270 to 90
    half = np.zeros((40, 40), dtype=bool)
    half[:20] = oval[:20]
    assert (_screen(tb)[:40, :40] == np.where(half, 3, 0)).all()
    # FrameArc: FrameOval's rim, inside the wedge only
    call(tb, "ClearScreen", 0)
    call(tb, "FrameOval", buf)
    rim = _screen(tb)[:40, :40] == 3
    call(tb, "ClearScreen", 0)
    call(tb, "FrameArc", buf, 90, 90)                      # the bottom-right quarter
    quarter = np.zeros((40, 40), dtype=bool)
    quarter[20:, 20:] = True
    assert (_screen(tb)[:40, :40] == np.where(rim & quarter, 3, 0)).all()
    call(tb, "SetArcRot", 0x8000)
    assert call(tb, "GetArcRot") == 0x8000


# ---- the port's fields, points, text measures -----------------------------------------------
def test_pen_state_mask_and_the_ports_fields():
    tb = _tb()
    port = call(tb, "GetPort")
    buf = _scratch(tb)
    call(tb, "MoveTo", 7, 9)
    call(tb, "SetPenSize", 3, 2)
    call(tb, "SetPenMode", 2)
    call(tb, "SetSolidPenPat", 1)
    call(tb, "GetPenState", buf)
    assert bytes(tb.mem[buf:buf + 10]) == struct.pack("<5h", 9, 7, 2, 3, 2)
    assert bytes(tb.mem[buf + 10:buf + 42]) == b"\x55" * 32
    assert bytes(tb.mem[buf + 42:buf + 50]) == b"\xff" * 8
    call(tb, "PenNormal")
    call(tb, "MoveTo", 0, 0)
    call(tb, "SetPenState", buf)
    assert bytes(tb.mem[port + 0x40:port + 0x72]) == bytes(tb.mem[buf:buf + 50])
    write_bytes(tb.mem, buf + 0x40, bytes(range(8)))
    call(tb, "SetPenMask", buf + 0x40)
    call(tb, "GetPenMask", buf + 0x80)
    assert bytes(tb.mem[buf + 0x80:buf + 0x88]) == bytes(range(8))
    for name, field in (("UserField", 0xA2), ("SysField", 0xA6), ("PicSave", 0x90),
                        ("GrafProcs", 0x9C), ("SpaceExtra", 0x84), ("CharExtra", 0x88),
                        ("RgnSave", 0x94)):
        call(tb, "Set" + name, 0x12345678)
        assert read_long(tb.mem, port + field) == 0x12345678, name
        assert call(tb, "Get" + name) == 0x12345678, name
        call(tb, "Set" + name, 0)
    rgn = call(tb, "NewRgn")
    call(tb, "SetClipHandle", rgn)
    assert read_long(tb.mem, port + q.PORT_CLIP_RGN) == rgn == call(tb, "GetClipHandle")
    call(tb, "SetVisHandle", rgn)
    assert call(tb, "GetVisHandle") == rgn
    call(tb, "SetFontFlags", 3)
    assert call(tb, "GetFontFlags") == 3 and read_word(tb.mem, port + 0x7C) == 3
    assert call(tb, "QDStatus") == 0xFFFF
    call(tb, "QDShutDown")
    assert call(tb, "QDStatus") == 0


def test_point_calls():
    tb = _tb()
    buf = _scratch(tb)
    call(tb, "SetPt", buf, 0xFFFB, 7)                 # h = -5, v = 7
    assert struct.unpack_from("<2h", bytes(tb.mem[buf:buf + 4])) == (7, -5)
    call(tb, "SetPt", buf + 4, 10, 20)
    call(tb, "AddPt", buf, buf + 4)
    assert struct.unpack_from("<2h", bytes(tb.mem[buf + 4:buf + 8])) == (27, 5)
    call(tb, "SubPt", buf, buf + 4)
    assert struct.unpack_from("<2h", bytes(tb.mem[buf + 4:buf + 8])) == (20, 10)
    assert call(tb, "EqualPt", buf, buf + 4) == 0 and call(tb, "EqualPt", buf, buf) == 1
    call(tb, "Pt2Rect", buf, buf + 4, buf + 8)
    assert q.read_rect(tb.mem, buf + 8) == (7, -5, 20, 10)
    src, dst = _rect(tb, buf + 16, (0, 0, 10, 20)), _rect(tb, buf + 24, (100, 100, 130, 120))
    call(tb, "SetPt", buf, 6, 4)
    call(tb, "ScalePt", buf, src, dst)                # v 4 * 30 / 10, h 6 * 20 / 20
    assert struct.unpack_from("<2h", bytes(tb.mem[buf:buf + 4])) == (12, 6)
    call(tb, "MapPt", buf, src, dst)                  # v 100 + 12 * 3, h 100 + 6
    assert struct.unpack_from("<2h", bytes(tb.mem[buf:buf + 4])) == (136, 106)
    call(tb, "MapRect", _rect(tb, buf + 32, (1, 2, 5, 10)), src, dst)
    assert q.read_rect(tb.mem, buf + 32) == (103, 102, 115, 110)


def test_text_bounds_and_font_globals():
    tb = _tb()
    buf = _scratch(tb)
    write_bytes(tb.mem, buf, b"\x03Gin")
    write_bytes(tb.mem, buf + 8, b"Gin\x00")
    call(tb, "MoveTo", 10, 50)
    width = call(tb, "StringWidth", buf)
    expected = (50 - 6, 10, 50 + 2, 10 + width)       # ascent 6, descent 2
    call(tb, "StringBounds", buf, buf + 16)
    assert q.read_rect(tb.mem, buf + 16) == expected
    call(tb, "CStringBounds", buf + 8, buf + 24)
    call(tb, "TextBounds", buf + 1, 3, buf + 32)
    assert q.read_rect(tb.mem, buf + 24) == q.read_rect(tb.mem, buf + 32) == expected
    call(tb, "CharBounds", ord("G"), buf + 40)
    assert q.read_rect(tb.mem, buf + 40) == (44, 10, 52, 10 + call(tb, "CharWidth", ord("G")))
    call(tb, "GetFontGlobals", buf + 48)
    record = bytes(tb.mem[buf + 48:buf + 60])
    fam, style, size, _version, wid_max, _extent = struct.unpack("<6H", record)
    assert (fam, style, size) == (0xFFFE, 0, 8) and wid_max == q.QuickDraw.GetFontInfo(tb.qd)[2]
    assert call(tb, "GetFGSize") == 12
    write_bytes(tb.mem, buf + 64, b"\xee" * 8)
    assert call(tb, "GetFontLore", buf + 64, 4) == 4
    assert bytes(tb.mem[buf + 64:buf + 72]) == record[:4] + b"\xee" * 4
    call(tb, "GetRomFont", buf + 80)
    rom = bytes(tb.mem[buf + 80:buf + 96])
    fam, style, size, handle, name, extent = struct.unpack("<3HIIH", rom)
    assert (fam, style, size, extent) == (0xFFFE, 0, 8, wid_max)
    assert bytes(tb.mem[name:name + 8]) == b"\x07Shaston"


def test_screen_calls():
    tb = _tb(q.MODE_320)
    buf = _scratch(tb)
    call(tb, "InitColorTable", buf)
    assert [read_word(tb.mem, buf + 2 * i) for i in range(16)] == list(q.STANDARD_320)
    call(tb, "SolidPattern", 9, buf)
    assert bytes(tb.mem[buf:buf + 32]) == b"\x99" * 32
    assert call(tb, "GetStandardSCB") == 0
    call(tb, "SetBufDims", 640, 16, 4)
    call(tb, "SaveBufDims", buf)
    call(tb, "ForceBufDims", 1, 2, 3)
    call(tb, "RestoreBufDims", buf)
    call(tb, "SaveBufDims", buf + 8)
    assert bytes(tb.mem[buf + 8:buf + 16]) == struct.pack("<4H", 640, 16, 4, 0)


def test_char_and_space_extra_spread_the_text_and_its_width():
    tb = _tb()
    buf = _scratch(tb)
    write_bytes(tb.mem, buf, b"\x03A B")
    plain = call(tb, "StringWidth", buf)
    call(tb, "MoveTo", 0, 20)
    call(tb, "DrawString", buf)
    before = _screen(tb)[12:22].copy()
    call(tb, "ClearScreen", 0)
    call(tb, "SetCharExtra", 0x00018000)             # 1.5 pixels a character
    call(tb, "SetSpaceExtra", 0x00030000)            # and 3 more for the space
    assert call(tb, "GetCharExtra") == 0x00018000
    # A at 0, the space at 1.5 -> 1, B at 3 + 3 + widths: floor of the Fixed sums
    widths = [font.char_width(c) for c in b"A B"]
    total = sum(w << 16 for w in widths) + 3 * 0x18000 + 0x30000
    assert call(tb, "StringWidth", buf) == total >> 16 == plain + 7
    call(tb, "MoveTo", 0, 20)
    call(tb, "DrawString", buf)
    after = _screen(tb)[12:22]
    b_at = (((widths[0] + widths[1]) << 16) + 2 * 0x18000 + 0x30000) >> 16
    b_plain = widths[0] + widths[1]
    wb = widths[2]
    assert (after[:, :widths[0]] == before[:, :widths[0]]).all()            # A unmoved
    assert (after[:, b_at:b_at + wb] == before[:, b_plain:b_plain + wb]).all()
    call(tb, "GetPen", buf + 8)
    assert struct.unpack_from("<2h", bytes(tb.mem[buf + 8:buf + 12])) == (20, plain + 7)
