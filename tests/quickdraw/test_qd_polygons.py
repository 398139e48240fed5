"""QuickDraw II polygons (toolbox/quickdraw/polygons.py), pixel for pixel in 320 and 640
mode against a reference scan converter written here from the rule the module follows
(Toolbox Reference vol. 2 ch. 16 "Polygons"; Inside Macintosh's polygon model): pixel
(h, v) is inside when the point just below and to the right of its top-left corner is
enclosed by the closed outline under the even-odd rule. The reference tests that point
itself, one pixel at a time, by casting a ray with exact fractions; the toolbox works
scan line by scan line. Then the record OpenPoly/ClosePoly leave, the pen while one is
open, FramePoly's lines and the other calls. (tests/machine/test_machine_polygons.py
makes the calls through JSL $E10000 from an MPW IIgs program.)"""
from __future__ import annotations

import struct

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iigs.memory import read_bytes, read_long
from toolbox import quickdraw as q
from toolbox.calls import ToolError
from toolbox.toolbox import Toolbox

ROW = 160
MODE_320, MODE_640 = 0x00, 0x80
USER_ID = 0x1001

# A point just right of and below a pixel's top-left corner: nearer to the corner than
# any crossing of an outline with vertices on a 1000-wide grid can be, so it decides as
# the limit "just below and to the right" does (|dx/dy| <= 1000, crossings 1/1000 apart).
# Coordinates are scaled by SCALE so the test stays in exact integers.
SCALE = 1 << 22
NUDGE_H, NUDGE_V = 1 << 11, 1                       # 1/2048 and 1/4194304 of a pixel


def reference_inside(points: list[tuple[int, int]], h: int, v: int) -> bool:
    """Even-odd: does a ray to the right from the nudged corner cross the closed outline
    an odd number of times?"""
    px, py = h * SCALE + NUDGE_H, v * SCALE + NUDGE_V
    inside = False
    for (v0, h0), (v1, h1) in zip(points, points[1:] + points[:1]):
        if (v0 * SCALE > py) != (v1 * SCALE > py):
            # the crossing x = h0 + (py - v0) * (h1 - h0) / (v1 - v0), compared with px
            # after multiplying both sides by (v1 - v0) * SCALE
            lhs = h0 * SCALE * (v1 - v0) + (py - v0 * SCALE) * (h1 - h0)
            rhs = px * (v1 - v0)
            if (lhs > rhs) if v1 > v0 else (lhs < rhs):
                inside = not inside
    return inside


def reference_mask(points, height=200, width=320) -> np.ndarray:
    mask = np.zeros((height, width), dtype=bool)
    vs, hs = [p[0] for p in points], [p[1] for p in points]
    for v in range(max(min(vs) - 1, 0), min(max(vs) + 1, height)):
        for h in range(max(min(hs) - 1, 0), min(max(hs) + 1, width)):
            mask[v, h] = reference_inside(points, h, v)
    return mask


_TOOLBOXES: dict[tuple[int, int], Toolbox] = {}


def toolbox(mode: int, slot: int = 0) -> Toolbox:
    """A toolbox with QuickDraw just started in `mode` (made once per mode and slot:
    QDStartUp clears the screen and opens a new screen port, so tests start alike)."""
    tb = _TOOLBOXES.get((mode, slot))
    if tb is None:
        tb = _TOOLBOXES[mode, slot] = Toolbox(bytearray(1 << 24))
    else:
        tb.qd.QDShutDown()
    tb.qd.QDStartUp(0x1000, mode, 0, USER_ID)
    return tb


def screen(tb: Toolbox) -> np.ndarray:
    raw = np.frombuffer(bytes(tb.mem[0xE12000:0xE19D00]), dtype=np.uint8).reshape(200, ROW)
    return q.unpack_pixels(raw, bool(tb.qd.master_scb & q.SCB_640))


def record(qd, points) -> int:
    """OpenPoly, MoveTo the first point, LineTo the others, ClosePoly."""
    handle = qd.OpenPoly()
    qd.MoveTo(points[0][1], points[0][0])
    for v, h in points[1:]:
        qd.LineTo(h, v)
    qd.ClosePoly()
    return handle


TRIANGLE = [(10, 20), (10, 60), (40, 20)]                       # (v, h)
ARROW = [(5, 5), (25, 45), (45, 5), (25, 20)]                   # concave
STAR = [(0, 30), (50, 50), (15, 5), (15, 55), (50, 10)]         # self-crossing: a hole
STEPS = [(2, 2), (2, 30), (12, 30), (12, 15), (30, 15), (30, 2)]  # horizontal edges
OPEN_FAN = [(60, 100), (20, 140), (90, 170), (40, 110)]         # not closed by hand
SHAPES = {"triangle": TRIANGLE, "arrow": ARROW, "star": STAR, "steps": STEPS,
          "open fan": OPEN_FAN}


# -- the interior, pixel for pixel ----------------------------------------------------------
@pytest.mark.parametrize("mode, color", [(MODE_640, 2), (MODE_320, 9)])
@pytest.mark.parametrize("name", list(SHAPES))
def test_paint_poly_covers_exactly_the_reference_interior(mode, color, name):
    tb = toolbox(mode)
    qd = tb.qd
    handle = record(qd, SHAPES[name])
    qd.SetSolidPenPat(color)
    qd.PaintPoly(handle)
    width = 640 if mode == MODE_640 else 320
    expected = np.where(reference_mask(SHAPES[name], width=width), color, 0)
    assert np.array_equal(screen(tb), expected)


def test_the_star_has_an_even_odd_hole_and_a_rectangle_is_its_pixels():
    mask = reference_mask(STAR)
    assert not mask[25, 30] and mask[5, 30]             # the pentagon in the middle: out
    square = [(10, 10), (10, 20), (20, 20), (20, 10)]
    tb = toolbox(MODE_320)
    tb.qd.SetSolidPenPat(5)
    tb.qd.PaintPoly(record(tb.qd, square))
    expected = np.zeros((200, 320), dtype=np.uint8)
    expected[10:20, 10:20] = 5                          # as PaintRect((10, 10, 20, 20))
    assert np.array_equal(screen(tb), expected)


points = st.tuples(st.integers(0, 40), st.integers(0, 60))


@settings(max_examples=30, deadline=None)
@given(st.lists(points, min_size=3, max_size=7))
def test_any_polygon_paints_the_reference_interior(pts):
    tb = toolbox(MODE_320)
    tb.qd.SetSolidPenPat(7)
    tb.qd.PaintPoly(record(tb.qd, pts))
    assert np.array_equal(screen(tb) == 7, reference_mask(pts))


def test_fill_poly_tiles_the_pattern_aligned_to_the_screen():
    tb = toolbox(MODE_640)
    qd = tb.qd
    qd.ClearScreen(0x5555)                               # every pixel 1
    pattern = bytes([0x1B, 0x1B] * 8) + bytes(16)        # rows of pixels 0 1 2 3 0 1 2 3
    qd.FillPoly(record(qd, ARROW), pattern)
    inside = reference_mask(ARROW, width=640)
    columns = np.arange(640) % 4
    expected = np.where(inside, columns[None, :], 1)
    assert np.array_equal(screen(tb), expected)


def test_erase_poly_uses_the_background_and_invert_poly_flips_twice_back():
    tb = toolbox(MODE_320)
    qd = tb.qd
    qd.ClearScreen(0x3333)
    qd.SetSolidBackPat(12)
    qd.SetPenMode(q.MODE_XOR)                            # ignored by ErasePoly
    qd.ErasePoly(record(qd, TRIANGLE))
    inside = reference_mask(TRIANGLE)
    assert np.array_equal(screen(tb), np.where(inside, 12, 3))
    star = record(qd, STAR)
    before = screen(tb).copy()
    qd.InvertPoly(star)
    assert np.array_equal(screen(tb), np.where(reference_mask(STAR), before ^ 15, before))
    qd.InvertPoly(star)
    assert np.array_equal(screen(tb), before)


def test_paint_poly_follows_the_pen_mode_and_a_hidden_pen():
    tb = toolbox(MODE_640)
    qd = tb.qd
    qd.ClearScreen(0xFFFF)                               # every pixel 3
    qd.SetSolidPenPat(1)
    qd.SetPenMode(q.MODE_XOR)
    handle = record(qd, TRIANGLE)
    qd.PaintPoly(handle)
    inside = reference_mask(TRIANGLE, width=640)
    assert np.array_equal(screen(tb), np.where(inside, 2, 3))
    qd.HidePen()
    qd.PaintPoly(handle)                                 # HidePen stops Paint*
    assert np.array_equal(screen(tb), np.where(inside, 2, 3))


# -- recording ----------------------------------------------------------------------------
def polygon_bytes(tb: Toolbox, handle: int) -> bytes:
    addr = tb.mm.deref(handle)
    size = int.from_bytes(read_bytes(tb.mem, addr, 2), "little")
    return read_bytes(tb.mem, addr, size)


def test_close_poly_leaves_the_record_size_box_and_points():
    tb = toolbox(MODE_640)
    qd = tb.qd
    handle = record(qd, OPEN_FAN)
    data = polygon_bytes(tb, handle)
    assert struct.unpack_from("<H4h", data) == (10 + 4 * 4, 20, 100, 90, 170)
    assert [struct.unpack_from("<2h", data, 10 + 4 * i) for i in range(4)] == OPEN_FAN
    assert qd.GetPen() == OPEN_FAN[-1]                   # the figure is not closed
    assert tb.mm.size_of(handle) >= len(data)


def test_the_pen_is_hidden_while_a_polygon_is_open_and_moves_start_new_points():
    tb = toolbox(MODE_640)
    qd = tb.qd
    qd.SetSolidPenPat(3)
    handle = qd.OpenPoly()
    qd.MoveTo(10, 10)
    qd.LineTo(50, 10)
    qd.Line(0, 30)                                       # (40, 50)
    qd.MoveTo(5, 60)                                     # a move: its point comes ...
    qd.LineTo(5, 70)                                     # ... with the next line
    assert not screen(tb).any()                          # nothing drawn while open
    assert read_long(tb.mem, qd.GetPort() + q.PORT_POLY_SAVE) == handle
    qd.ClosePoly()
    assert qd.read_polygon(handle) == [(10, 10), (10, 50), (40, 50), (60, 5), (70, 5)]
    assert read_long(tb.mem, qd.GetPort() + q.PORT_POLY_SAVE) == 0
    qd.LineTo(20, 70)                                    # the pen draws again
    assert screen(tb)[70, 5:21].all()


def test_poly_errors_are_the_toolbox_references():
    qd = toolbox(MODE_640).qd
    with pytest.raises(ToolError) as err:
        qd.ClosePoly()
    assert err.value.code == q.POLY_NOT_OPEN_ERR == 0x0441
    qd.OpenPoly()
    with pytest.raises(ToolError) as err:
        qd.OpenPoly()
    assert err.value.code == q.POLY_ALREADY_OPEN_ERR == 0x0440


# -- frames -------------------------------------------------------------------------------
def test_frame_poly_drags_the_pen_along_the_recorded_lines_only():
    tb = toolbox(MODE_640)
    qd = tb.qd
    ell = [(10, 10), (10, 40), (20, 40), (20, 25), (50, 25), (50, 10)]   # not closed
    handle = record(qd, ell)
    qd.SetSolidPenPat(3)
    qd.SetPenSize(3, 2)
    qd.MoveTo(300, 100)
    qd.FramePoly(handle)
    expected = np.zeros((200, 640), dtype=bool)
    for (v0, h0), (v1, h1) in zip(ell, ell[1:]):         # each line: a pen-size band
        expected[min(v0, v1):max(v0, v1) + 2, min(h0, h1):max(h0, h1) + 3] = True
    assert np.array_equal(screen(tb) == 3, expected)
    assert qd.GetPen() == (100, 300)                     # the pen did not move


def test_frame_poly_draws_what_the_same_lines_draw_and_nothing_when_hidden():
    lines_tb, frame_tb = toolbox(MODE_320), toolbox(MODE_320, slot=1)
    for tb in (lines_tb, frame_tb):
        tb.qd.SetSolidPenPat(4)
        tb.qd.SetPenSize(2, 2)
    lines_tb.qd.MoveTo(STAR[0][1], STAR[0][0])
    for v, h in STAR[1:]:
        lines_tb.qd.LineTo(h, v)
    handle = record(frame_tb.qd, STAR)
    frame_tb.qd.HidePen()
    frame_tb.qd.FramePoly(handle)
    assert not screen(frame_tb).any()
    frame_tb.qd.ShowPen()
    frame_tb.qd.FramePoly(handle)
    assert np.array_equal(screen(frame_tb), screen(lines_tb))


# -- moving, mapping, killing -----------------------------------------------------------------
def test_offset_map_and_kill_poly():
    tb = toolbox(MODE_640)
    qd = tb.qd
    handle = record(qd, TRIANGLE)
    qd.OffsetPoly(handle, 5, -3)
    assert qd.read_polygon(handle) == [(7, 25), (7, 65), (37, 25)]
    qd.MapPoly(handle, (0, 0, 100, 100), (0, 0, 50, 200))   # v halved, h doubled
    assert qd.read_polygon(handle) == [(3, 50), (3, 130), (18, 50)]
    assert struct.unpack_from("<H4h", polygon_bytes(tb, handle)) == (22, 3, 50, 18, 130)
    assert q.map_point((-7, -3), (0, 0, 10, 10), (0, 0, 5, 5)) == (-3, -1)   # toward 0
    qd.KillPoly(handle)
    with pytest.raises(ToolError):
        tb.mm.deref(handle)


def test_poly_save_is_the_ports_field_a_program_can_pause_recording_with():
    tb = toolbox(MODE_640)
    qd = tb.qd
    handle = qd.OpenPoly()
    qd.MoveTo(0, 0)
    qd.LineTo(10, 0)
    assert qd.GetPolySave() == handle
    qd.SetPolySave(0)                                    # paused: lines are not kept
    qd.LineTo(10, 10)
    qd.SetPolySave(handle)
    qd.LineTo(0, 10)
    qd.ClosePoly()
    assert qd.read_polygon(handle) == [(0, 0), (0, 10), (10, 10), (10, 0)]
    assert qd.GetPolySave() == 0


def test_recording_resumed_on_a_closed_polygon_extends_its_record():
    tb = toolbox(MODE_640)
    qd = tb.qd
    handle = record(qd, [(0, 0), (0, 10)])
    qd.SetPolySave(handle)                               # recording again, into it
    qd.HidePen()
    qd.LineTo(10, 10)
    qd.ClosePoly()
    assert qd.read_polygon(handle) == [(0, 0), (0, 10), (10, 10)]
