"""Differential check: QuickDraw's rectangle drawing (which works on packed bytes) against
a pixel-by-pixel model of the Toolbox Reference's rules, for random rectangles, clips,
patterns and transfer modes in both screen modes."""
import numpy as np
from hypothesis import given, settings, strategies as st

from toolbox import quickdraw as q
from toolbox.toolbox import Toolbox

MODES = [q.MODE_COPY, q.MODE_OR, q.MODE_XOR, q.MODE_BIC,
         q.MODE_NOT | q.MODE_COPY, q.MODE_NOT | q.MODE_OR, q.MODE_NOT | q.MODE_XOR,
         q.MODE_NOT | q.MODE_BIC]

coord_v = st.integers(-10, 60)
coord_h = st.integers(-10, 90)


def _screen(tb, mode640):
    raw = np.frombuffer(bytes(tb.mem[0xE12000:0xE19D00]), dtype=np.uint8).reshape(200, 160)
    return q.unpack_pixels(raw, mode640).astype(int)


def _model(before, rect, clip, pattern, mode, full):
    """Every pixel inside rect and clip: transfer(old, pattern pixel at (v % 8, h % 8))."""
    out = before.copy()
    top, left = max(rect[0], clip[0], 0), max(rect[1], clip[1], 0)
    bottom = min(rect[2], clip[2], before.shape[0])
    right = min(rect[3], clip[3], before.shape[1])
    for v in range(top, bottom):
        for h in range(left, right):
            src = int(pattern[v % 8, h % 8])
            if mode & q.MODE_NOT:
                src ^= full
            op, dst = mode & 3, int(out[v, h])
            out[v, h] = [src, dst | src, dst ^ src, dst & ~src & full][op]
    return out


@settings(max_examples=60, deadline=None)
@given(st.booleans(), st.tuples(coord_v, coord_h, coord_v, coord_h),
       st.tuples(coord_v, coord_h, coord_v, coord_h), st.binary(min_size=32, max_size=32),
       st.sampled_from(MODES), st.integers(0, 255))
def test_paint_rect_agrees_with_the_pixel_model(mode640, rect, clip, pattern, mode, seed):
    tb = Toolbox(bytearray(1 << 24))
    tb.qd.QDStartUp(0x1000, 0x80 if mode640 else 0x00, 0, 0x1001)
    rng = np.random.default_rng(seed)
    tb.mem[0xE12000:0xE19D00] = rng.integers(0, 256, 32000, dtype=np.uint8).tobytes()
    before = _screen(tb, mode640)
    tb.qd.ClipRect(clip)
    tb.qd.SetPenPat(pattern)
    tb.qd.SetPenMode(mode)
    tb.qd.PaintRect(rect)
    full = 3 if mode640 else 15
    want = _model(before, rect, clip, q.pattern_pixels(pattern, mode640), mode, full)
    if q.empty_rect(rect):
        want = before
    assert (_screen(tb, mode640) == want).all()


@settings(max_examples=30, deadline=None)
@given(st.booleans(), st.tuples(coord_v, coord_h, coord_v, coord_h), st.integers(0, 255))
def test_invert_rect_agrees_with_the_pixel_model(mode640, rect, seed):
    tb = Toolbox(bytearray(1 << 24))
    tb.qd.QDStartUp(0x1000, 0x80 if mode640 else 0x00, 0, 0x1001)
    rng = np.random.default_rng(seed)
    tb.mem[0xE12000:0xE19D00] = rng.integers(0, 256, 32000, dtype=np.uint8).tobytes()
    before = _screen(tb, mode640)
    tb.qd.InvertRect(rect)
    full = 3 if mode640 else 15
    ones = np.full((8, 8), full)
    want = before if q.empty_rect(rect) else _model(before, rect, (-99, -99, 999, 999),
                                                    ones, q.MODE_XOR, full)
    assert (_screen(tb, mode640) == want).all()
