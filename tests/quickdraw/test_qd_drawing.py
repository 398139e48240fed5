"""Rectangles, pens, patterns, transfer modes, ovals, round rects and lines, checked as
pixels in Super Hi-Res memory (Toolbox Reference vol. 2, ch. 16; TN #6), no CPU."""
import numpy as np
from hypothesis import given, strategies as st

from toolbox import quickdraw as q
from toolbox.toolbox import Toolbox

ROW = 160


def _tb(mode=0x80):
    tb = Toolbox(bytearray(1 << 24))
    tb.qd.QDStartUp(0x1000, mode, 0, 0x1001)
    return tb


def _screen(tb, mode640=True) -> np.ndarray:
    raw = np.frombuffer(bytes(tb.mem[0xE12000:0xE19D00]), dtype=np.uint8).reshape(200, ROW)
    return q.unpack_pixels(raw, mode640)


# ---- pure rectangle arithmetic -----------------------------------------------------------

coords = st.integers(-300, 300)
rects = st.tuples(coords, coords, coords, coords)


def test_rect_calls():
    assert q.QuickDraw.SetRect(1, 2, 3, 4) == (2, 1, 4, 3)
    assert q.QuickDraw.OffsetRect((0, 0, 10, 20), 5, -2) == (-2, 5, 8, 25)
    assert q.QuickDraw.InsetRect((0, 0, 10, 20), 2, 1) == (1, 2, 9, 18)
    assert q.QuickDraw.InsetRect((0, 0, 10, 20), 11, 1) == (0, 0, 0, 0)
    assert q.QuickDraw.SectRect((0, 0, 10, 10), (5, 5, 20, 20)) == (True, (5, 5, 10, 10))
    assert q.QuickDraw.SectRect((0, 0, 10, 10), (10, 0, 20, 10)) == (False, (0, 0, 0, 0))
    assert q.QuickDraw.UnionRect((0, 0, 1, 1), (5, 5, 6, 6)) == (0, 0, 6, 6)
    assert q.QuickDraw.PtInRect((0, 0), (0, 0, 1, 1))
    assert not q.QuickDraw.PtInRect((1, 0), (0, 0, 1, 1))     # bottom edge is outside
    assert not q.QuickDraw.NotEmptyRect((5, 5, 5, 10)) and q.QuickDraw.NotEmptyRect((0, 0, 1, 1))
    assert q.QuickDraw.EqualRect((1, 2, 3, 4), (1, 2, 3, 4))


@given(rects, rects, st.tuples(coords, coords))
def test_sect_rect_is_exactly_the_common_points(a, b, pt):
    ok, r = q.sect_rect(a, b)
    both = q.pt_in_rect(pt, a) and q.pt_in_rect(pt, b)
    assert q.pt_in_rect(pt, r) == both
    assert ok == (not q.empty_rect(r))


@given(rects, rects, st.tuples(coords, coords))
def test_union_rect_contains_both(a, b, pt):
    u = q.union_rect(a, b)
    if q.pt_in_rect(pt, a) or q.pt_in_rect(pt, b):
        assert q.pt_in_rect(pt, u)


# ---- rectangles in pixels ----------------------------------------------------------------

def test_paint_rect_640_covers_exactly_the_pixels_inside():
    tb = _tb()
    tb.qd.SetSolidPenPat(3)
    tb.qd.PaintRect((10, 5, 13, 11))
    px = _screen(tb)
    assert px[10:13, 5:11].min() == 3
    assert px.sum() == 3 * 3 * 6
    # packed: pixel 5 is bits 5-4 of byte 1, pixels 8-10 are the top three of byte 2
    assert tb.mem[0xE12000 + 10 * ROW + 1] == 0b00111111
    assert tb.mem[0xE12000 + 10 * ROW + 2] == 0b11111100


def test_paint_rect_320_uses_four_bit_pixels():
    tb = _tb(0x00)
    tb.qd.SetSolidPenPat(9)
    tb.qd.PaintRect((0, 1, 1, 3))
    assert tb.mem[0xE12000:0xE12002] == bytes([0x09, 0x90])


def test_solid_colour_in_640_mode_is_the_low_two_bits():
    assert q.solid_pattern(15, True) == b"\xff" * 32
    assert q.solid_pattern(2, True) == b"\xaa" * 32
    assert q.solid_pattern(6, True) == b"\xaa" * 32
    assert q.solid_pattern(9, False) == b"\x99" * 32


def test_erase_rect_uses_the_background_pattern_and_ignores_pen_mode():
    tb = _tb()
    tb.qd.SetPenMode(q.MODE_XOR)
    tb.qd.EraseRect((0, 0, 2, 8))               # background: white
    assert _screen(tb)[0:2, 0:8].min() == 3
    tb.qd.SetSolidBackPat(1)
    tb.qd.EraseRect((0, 0, 2, 8))
    assert (_screen(tb)[0:2, 0:8] == 1).all()


def test_fill_rect_tiles_an_8x8_pattern_aligned_to_the_screen():
    tb = _tb()
    # 640-mode pattern: 8 rows x 2 bytes; a checkerboard of 0 and 3
    pattern = bytes([0x33, 0x33, 0xCC, 0xCC] * 4) + bytes(16)
    tb.qd.FillRect((3, 3, 11, 12), pattern)
    px = _screen(tb)
    for v in range(3, 11):
        for h in range(3, 12):
            assert px[v, h] == (3 if (h + v) % 2 == 1 else 0), (v, h)
    assert px[2, 3] == 0 and px[3, 12] == 0


def test_fill_rect_320_pattern_rows_of_four_bytes():
    tb = _tb(0x00)
    pattern = bytes(range(0x12, 0x12 + 4)) * 8      # pixels 1,2 1,3 1,4 1,5 per row
    tb.qd.FillRect((0, 0, 1, 16), pattern)
    px = _screen(tb, mode640=False)
    assert list(px[0, :8]) == [1, 2, 1, 3, 1, 4, 1, 5]
    assert list(px[0, 8:16]) == [1, 2, 1, 3, 1, 4, 1, 5]


def test_invert_rect_flips_every_bit():
    tb = _tb()
    tb.qd.SetSolidPenPat(1)
    tb.qd.PaintRect((0, 0, 1, 4))
    tb.qd.InvertRect((0, 2, 1, 6))
    assert list(_screen(tb)[0, :7]) == [1, 1, 2, 2, 3, 3, 0]


def test_pen_modes_on_pixel_values():
    expected = {q.MODE_COPY: 1, q.MODE_OR: 3, q.MODE_XOR: 3, q.MODE_BIC: 2,
                q.MODE_NOT | q.MODE_COPY: 2, q.MODE_NOT | q.MODE_OR: 2,
                q.MODE_NOT | q.MODE_XOR: 0, q.MODE_NOT | q.MODE_BIC: 0}
    for mode, want in expected.items():
        tb = _tb()
        tb.qd.SetSolidPenPat(2)
        tb.qd.PaintRect((0, 0, 1, 1))
        tb.qd.SetSolidPenPat(1)
        tb.qd.SetPenMode(mode)
        tb.qd.PaintRect((0, 0, 1, 1))
        assert _screen(tb)[0, 0] == want, hex(mode)


def test_fore_mode_leaves_background_coloured_source_pixels():
    tb = _tb()
    tb.qd.SetSolidPenPat(1)
    tb.qd.PaintRect((0, 0, 1, 8))
    tb.qd.SetBackColor(3)
    tb.qd.SetPenMode(q.MODE_FORE_COPY)
    tb.qd.SetPenPat(bytes([0b11001100, 0b00000000] * 8) + bytes(16))   # 3,0,3,0,0,0,0,0
    tb.qd.PaintRect((0, 0, 1, 8))
    assert list(_screen(tb)[0, :8]) == [1, 0, 1, 0, 0, 0, 0, 0]


def test_frame_rect_is_pen_sized_and_inside():
    tb = _tb()
    tb.qd.SetSolidPenPat(3)
    tb.qd.SetPenSize(2, 1)
    tb.qd.FrameRect((10, 10, 15, 20))
    px = _screen(tb)[10:15, 10:20]
    assert (px[0] == 3).all() and (px[4] == 3).all()
    assert (px[1:4, :2] == 3).all() and (px[1:4, 8:] == 3).all()
    assert (px[1:4, 2:8] == 0).all()
    assert _screen(tb).sum() == 3 * (2 * 10 + 2 * 3 * 2)


def test_frame_rect_in_xor_does_not_double_corners():
    tb = _tb()
    tb.qd.SetSolidPenPat(3)
    tb.qd.SetPenMode(q.MODE_XOR)
    tb.qd.FrameRect((0, 0, 4, 4))
    assert _screen(tb)[0, 0] == 3 and _screen(tb)[3, 3] == 3


def test_hide_pen_stops_pen_drawing_show_pen_restores():
    tb = _tb()
    qd = tb.qd
    qd.SetSolidPenPat(3)
    qd.HidePen()
    qd.HidePen()
    qd.PaintRect((0, 0, 5, 5))
    qd.FrameRect((0, 0, 5, 5))
    qd.LineTo(50, 50)
    assert _screen(tb).sum() == 0 and qd.GetPen() == (50, 50)
    qd.ShowPen()
    qd.PaintRect((0, 0, 5, 5))
    assert _screen(tb).sum() == 0
    qd.ShowPen()
    qd.PaintRect((0, 0, 5, 5))
    assert _screen(tb).sum() == 3 * 25


def test_pen_normal():
    tb = _tb()
    qd = tb.qd
    qd.SetPenSize(4, 4)
    qd.SetPenMode(q.MODE_XOR)
    qd.SetSolidPenPat(3)
    qd.PenNormal()
    assert qd.GetPenSize() == (1, 1) and qd.GetPenMode() == 0 and qd.GetPenPat() == bytes(32)


# ---- lines -------------------------------------------------------------------------------

def test_line_to_draws_both_ends_and_moves_the_pen():
    tb = _tb()
    qd = tb.qd
    qd.SetSolidPenPat(3)
    qd.MoveTo(10, 10)
    qd.LineTo(20, 15)
    px = _screen(tb)
    assert px[10, 10] == 3 and px[15, 20] == 3
    assert qd.GetPen() == (15, 20)
    assert (px[10:16].sum(axis=1) > 0).all()         # one pixel or more on every row
    assert px.sum() == 3 * 11                        # x-major: one pixel a column


def test_horizontal_line_with_a_wide_pen_hangs_below_right():
    tb = _tb()
    qd = tb.qd
    qd.SetSolidPenPat(3)
    qd.SetPenSize(3, 2)
    qd.MoveTo(0, 0)
    qd.Line(10, 0)
    px = _screen(tb)
    assert (px[0:2, 0:13] == 3).all() and px.sum() == 3 * 2 * 13


def test_move_is_relative():
    tb = _tb()
    tb.qd.MoveTo(5, 6)
    tb.qd.Move(-2, 4)
    assert tb.qd.GetPen() == (10, 3)


# ---- ovals and round rects ---------------------------------------------------------------

def test_paint_oval_symmetric_and_inside_its_rect():
    tb = _tb()
    tb.qd.SetSolidPenPat(3)
    tb.qd.PaintOval((10, 20, 30, 60))
    px = _screen(tb)
    inside = px[10:30, 20:60] == 3
    assert px.sum() == 3 * inside.sum()
    assert (inside == inside[::-1]).all() and (inside == inside[:, ::-1]).all()
    assert not inside[0, 0] and inside[10, 20] and inside[0, 20] and inside[10].all()


def test_frame_oval_is_hollow_and_invert_oval_twice_restores():
    tb = _tb()
    tb.qd.SetSolidPenPat(3)
    tb.qd.FrameOval((0, 0, 40, 80))
    px = _screen(tb)
    assert px[20, 40] == 0 and px[20, 0] == 3 and px[0, 40] == 3
    before = px.copy()
    tb.qd.InvertOval((5, 5, 30, 50))
    tb.qd.InvertOval((5, 5, 30, 50))
    assert (_screen(tb) == before).all()


def test_round_rect_corners_are_cut():
    tb = _tb()
    tb.qd.SetSolidPenPat(3)
    tb.qd.PaintRRect((0, 0, 20, 40), 16, 8)
    px = _screen(tb)
    assert px[0, 0] == 0 and px[19, 39] == 0 and px[0, 20] == 3 and px[10, 0] == 3
    fresh = _tb()
    fresh.qd.EraseRRect((0, 0, 20, 40), 16, 8)           # white background on black
    assert (_screen(fresh)[0:20, 0:40] == 3).sum() == q.rrect_mask(20, 40, 16, 8).sum()
    assert (_screen(tb)[0:20, 0:40] == 3).sum() == q.rrect_mask(20, 40, 16, 8).sum()


def test_frame_rrect_and_fill_shapes():
    tb = _tb()
    tb.qd.SetSolidPenPat(3)
    tb.qd.FrameRRect((0, 0, 20, 40), 10, 10)
    px = _screen(tb)
    assert px[10, 0] == 3 and px[10, 20] == 0 and px[0, 0] == 0
    tb.qd.FillRRect((50, 0, 60, 20), 6, 6, q.solid_pattern(1, True))
    tb.qd.FillOval((70, 0, 80, 20), q.solid_pattern(2, True))
    px = _screen(tb)
    assert px[55, 10] == 1 and px[75, 10] == 2 and px[70, 0] == 0


# ---- pixels, screen helpers ----------------------------------------------------------------

def test_get_pixel_and_scbs_and_colour_entries():
    tb = _tb()
    qd = tb.qd
    qd.SetSolidPenPat(2)
    qd.PaintRect((3, 3, 4, 4))
    assert qd.GetPixel(3, 3) == 2 and qd.GetPixel(4, 3) == 0 and qd.GetPixel(-1, 0) == 0
    qd.SetSCB(7, 0x83)
    assert qd.GetSCB(7) == 0x83 and tb.mem[0xE19D07] == 0x83
    qd.SetAllSCBs(0x00)
    assert tb.mem[0xE19D00:0xE19DC8] == bytes(200)
    qd.SetColorEntry(2, 5, 0x0ABC)
    assert qd.GetColorEntry(2, 5) == 0x0ABC and tb.mem[0xE19E00 + 64 + 10] == 0xBC
    qd.ClearScreen(0x1234)
    assert tb.mem[0xE12000:0xE12004] == bytes([0x34, 0x12, 0x34, 0x12])
    assert tb.mem[0xE19CFE:0xE19D00] == bytes([0x34, 0x12])


def test_save_and_restore_bits_are_pixel_exact():
    tb = _tb()
    qd = tb.qd
    qd.SetSolidPenPat(1)
    qd.PaintRect((0, 0, 50, 100))
    bits = qd.save_bits((10, 13, 20, 31))
    before = _screen(tb).copy()
    qd.SetSolidPenPat(3)
    qd.PaintRect((5, 5, 40, 60))
    qd.restore_bits((10, 13, 20, 31), bits)
    after = _screen(tb)
    assert (after[10:20, 13:31] == before[10:20, 13:31]).all()
    assert after[10, 12] == 3 and after[10, 31] == 3     # neighbours left as drawn
