"""QuickDraw's fast paths against its general one (Toolbox Reference vol. 2, ch. 16).

Rectangles painted, erased, filled and inverted through the packed-byte path (changed in
place in memory, a solid pattern as one byte) must give the same pixels as the general
path (the same calls through a shape mask: pixels unpacked, transferred, packed again) and
as a pixel-by-pixel model, for random rectangles, patterns (solid, uniform bytes that
dither in 640 mode, alternating bytes, random), transfer modes, clip and visible regions,
origins, 320 and 640 modes and 640-mode wide patterns. And the decoded port state QuickDraw
keeps between calls must never hide a change a program pokes into its GrafPort record or
its regions in memory."""
import numpy as np
from hypothesis import given, settings, strategies as st

from iigs.memory import write_bytes, write_long, write_word
from toolbox import quickdraw as q
from toolbox.toolbox import Toolbox

DP = 0x1000
SCREEN = slice(q.SHR_PIXELS, q.SHR_PIXELS + q.SCREEN_LINES * q.SHR_ROW_BYTES)
MODES = [op | no for op in range(8) for no in (0, q.MODE_NOT)]      # fore modes too


def _rects(top: int, left: int, height: int, width: int):
    """Rectangles from a top-left and a size (empty ones now and then)."""
    return st.builds(lambda v, h, dv, dh: (v, h, v + dv, h + dh),
                     st.integers(-12, top), st.integers(-12, left),
                     st.integers(-1, height), st.integers(-1, width))


rects, clips = _rects(215, 660, 60, 200), _rects(100, 300, 220, 700)
patterns = st.one_of(
    st.integers(0, 15).map(lambda c: ("solid", c)),             # SetSolidPenPat's
    st.integers(0, 255).map(lambda b: bytes([b]) * 32),          # one byte, maybe dithered
    st.tuples(st.integers(0, 255), st.integers(0, 255)).map(lambda ab: bytes(ab) * 16),
    st.binary(min_size=32, max_size=32))


def _tb(mode640: bool, seed: int) -> Toolbox:
    tb = Toolbox(bytearray(1 << 24))
    tb.qd.QDStartUp(DP, q.MODE_640 if mode640 else q.MODE_320, 0, 0x1001)
    rng = np.random.default_rng(seed)
    tb.mem[SCREEN] = rng.integers(0, 256, SCREEN.stop - SCREEN.start, dtype=np.uint8).tobytes()
    return tb


def _pixels(tb: Toolbox, mode640: bool, rows: int = q.SCREEN_LINES) -> np.ndarray:
    """The pixel values of the screen's first `rows` rows."""
    raw = np.frombuffer(bytes(tb.mem[SCREEN.start:SCREEN.start + rows * q.SHR_ROW_BYTES]),
                        dtype=np.uint8).reshape(rows, -1)
    return q.unpack_pixels(raw, mode640).astype(int)


def _model(before, box, pattern, mode, full, bg, invert):
    """Every pixel of `box` (global, already clipped): its bits flipped, or
    transfer(old, the pattern pixel at (v % 8, h % width)); a fore mode changes only the
    pixels whose pattern pixel is not the background colour. On pixel values, one per
    array element (nothing packed)."""
    out = before.copy()
    if box[2] <= box[0] or box[3] <= box[1]:
        return out
    v, h = np.mgrid[box[0]:box[2], box[1]:box[3]]
    dst = out[box[0]:box[2], box[1]:box[3]]
    if invert:
        dst ^= full
        return out
    src = pattern[v % 8, h % pattern.shape[1]].astype(int)
    touch = src != bg if mode & q.MODE_FORE_COPY else np.ones_like(src, dtype=bool)
    if mode & q.MODE_NOT:
        src ^= full
    new = [src, dst | src, dst ^ src, dst & ~src & full][mode & 3]
    dst[touch] = new[touch]
    return out


@settings(max_examples=150, deadline=None)
@given(st.booleans(), st.booleans(), st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
       rects, clips, clips, patterns, st.sampled_from(MODES),
       st.sampled_from(["paint", "erase", "fill", "invert"]), st.integers(0, 255))
def test_rect_calls_agree_with_the_general_path_and_the_model(
        mode640, wide, origin, rect, clip, vis, pattern, mode, call, seed):
    tb = _tb(mode640, seed)
    qd, full = tb.qd, 3 if mode640 else 15
    if pattern[0] == "solid":
        pattern = q.solid_pattern(pattern[1], mode640)
    qd.SetOrigin(*origin)
    qd.ClipRect(clip)
    handle = qd.NewRgn()
    qd.RectRgn(handle, vis)
    qd.SetVisRgn(handle)
    if wide:
        write_word(tb.mem, qd.port + q.PORT_ARC_ROT, 0x8000)
    qd.SetPenPat(pattern)
    qd.SetBackPat(pattern)
    qd.SetPenMode(mode if call == "paint" else q.MODE_COPY)
    qd.SetBackColor(5)
    before = _pixels(tb, mode640)
    saved = bytes(tb.mem[SCREEN])

    height, width = rect[2] - rect[0], rect[3] - rect[1]
    ones = np.ones((max(height, 0), max(width, 0)), dtype=bool)
    fast = {"paint": lambda: qd.PaintRect(rect), "erase": lambda: qd.EraseRect(rect),
            "fill": lambda: qd.FillRect(rect, pattern),
            "invert": lambda: qd.InvertRect(rect)}[call]
    general = {"paint": lambda: qd.PaintMasked(rect, ones),
               "erase": lambda: qd._erase(rect, ones),
               "fill": lambda: qd._fill(rect, pattern, ones),
               "invert": lambda: qd._invert(rect, ones)}[call]
    fast()
    by_fast = _pixels(tb, mode640)
    tb.mem[SCREEN] = saved
    if not q.empty_rect(rect):
        general()
    by_general = _pixels(tb, mode640)

    # the model: rect in local coordinates, clipped to portRect, clipRgn, visRgn and
    # boundsRect (all local), then made global
    ov, oh = origin[1], origin[0]
    box = rect
    for r in (qd.GetPortRect(), clip, vis, (ov, oh, ov + 200, oh + (640 if mode640 else 320))):
        box = (max(box[0], r[0]), max(box[1], r[1]), min(box[2], r[2]), min(box[3], r[3]))
    box = (box[0] - ov, box[1] - oh, box[2] - ov, box[3] - oh)
    want = _model(before, box, q.pattern_pixels(pattern, mode640, mode640 and wide),
                  mode if call == "paint" else q.MODE_COPY, full, 5 & full,
                  call == "invert")
    assert (by_general == want).all()
    assert (by_fast == want).all()


def test_every_mode_and_pattern_kind_at_every_edge_phase():
    """The packed path's edges: rectangles starting at each pixel of a byte, one pixel to
    a few bytes wide, in every transfer mode and kind of pattern, both screen modes."""
    window = 8                                     # screen rows compared
    area = slice(SCREEN.start, SCREEN.start + window * q.SHR_ROW_BYTES)
    kinds = [("solid", 1), bytes([0x1B]) * 32, bytes([0x5A, 0xC3]) * 16,
             bytes(np.random.default_rng(7).integers(0, 256, 32, dtype=np.uint8))]
    for mode640 in (True, False):
        tb = _tb(mode640, 4)
        qd, full = tb.qd, 3 if mode640 else 15
        qd.SetBackColor(1)
        before = _pixels(tb, mode640, window)
        saved = bytes(tb.mem[area])
        for kind in kinds:
            pattern = q.solid_pattern(kind[1], mode640) if kind[0] == "solid" else kind
            qd.SetPenPat(pattern)
            qd.SetBackPat(pattern)
            for call, modes in (("paint", MODES), ("erase", [q.MODE_COPY]),
                                ("fill", [q.MODE_COPY]), ("invert", [q.MODE_COPY])):
                for mode in modes:
                    qd.SetPenMode(mode)
                    for left in range(4):
                        for width in (1, 2, 5, 13):
                            rect = (2, left, 5, left + width)
                            ones = np.ones((3, width), dtype=bool)
                            results = []
                            for draw in {"paint": (qd.PaintRect, qd.PaintMasked),
                                         "erase": (qd.EraseRect, qd._erase),
                                         "fill": (lambda r: qd.FillRect(r, pattern),
                                                  lambda r, m: qd._fill(r, pattern, m)),
                                         "invert": (qd.InvertRect, qd._invert)}[call]:
                                tb.mem[area] = saved
                                draw(rect) if len(results) == 0 else draw(rect, ones)
                                results.append(_pixels(tb, mode640, window))
                            want = _model(before, rect, q.pattern_pixels(pattern, mode640),
                                          mode, full, 1, call == "invert")
                            assert (results[0] == want).all(), (mode640, kind, call, mode,
                                                                rect)
                            assert (results[1] == want).all(), (mode640, kind, call, mode,
                                                                rect)


def _warm_and_cold_agree(tb: Toolbox, draw) -> None:
    """`draw` after a poke gives the same memory with the state QuickDraw kept from the
    call before (warm) as with the port decoded afresh (cold)."""
    before = bytes(tb.mem)
    draw()
    warm = bytes(tb.mem)
    tb.mem[:] = before
    tb.qd._port_state = None
    draw()
    assert bytes(tb.mem) == warm


def test_a_poked_grafport_is_seen_by_the_next_call():
    tb = _tb(True, 1)
    qd, mem, port = tb.qd, tb.mem, tb.qd.port
    spot = (10, 10, 20, 40)
    paint = lambda: qd.PaintRect(spot)                       # noqa: E731
    offscreen = tb.mm.deref(tb.mm.new_handle(40 * 100, 0x1001, 0))
    clip_block = tb.mm.deref(int.from_bytes(mem[port + q.PORT_CLIP_RGN:
                                                port + q.PORT_CLIP_RGN + 4], "little"))
    other_rgn = qd.NewRgn()
    qd.RectRgn(other_rgn, (0, 0, 15, 25))
    pokes = [
        ("pnPat white", lambda: write_bytes(mem, port + q.PORT_PN_PAT, b"\xff" * 32)),
        ("pnPat dither", lambda: write_bytes(mem, port + q.PORT_PN_PAT, b"\x1b\xe4" * 16)),
        ("pnMode notBIC", lambda: write_word(mem, port + q.PORT_PN_MODE,
                                             q.MODE_NOT | q.MODE_BIC)),
        # XOR from here on: every paint changes what it touches, so a stale clip shows
        ("pnMode XOR", lambda: write_word(mem, port + q.PORT_PN_MODE, q.MODE_XOR)),
        ("portRect", lambda: q.write_rect(mem, port + q.PORT_RECT, (12, 0, 200, 30))),
        ("boundsRect", lambda: q.write_rect(mem, port + q.PORT_BOUNDS, (-3, -5, 197, 635))),
        ("clip region in its block", lambda: q.write_rect(mem, clip_block + 2,
                                                          (0, 0, 18, 36))),
        ("visRgn handle", lambda: write_long(mem, port + q.PORT_VIS_RGN, other_rgn)),
        ("arcRot wide patterns", lambda: write_word(mem, port + q.PORT_ARC_ROT, 0x8000)),
        ("portSCB 320", lambda: write_word(mem, port + q.PORT_SCB, 0)),
        ("pixel image", lambda: (write_long(mem, port + q.PORT_PIX_IMAGE, offscreen),
                                 write_word(mem, port + q.PORT_WIDTH, 40))),
        ("pnVis hidden", lambda: write_word(mem, port + q.PORT_PN_VIS, 0xFFFF)),
    ]
    paint()                                                  # the state is now kept
    for name, poke in pokes:
        poke()
        _warm_and_cold_agree(tb, paint)
        paint()


def test_pokes_take_effect_at_the_next_call():
    tb = _tb(True, 3)
    qd, mem, port = tb.qd, tb.mem, tb.qd.port
    spot = (10, 8, 11, 16)              # pixels 8-15 of row 10: bytes 2 and 3 in 640 mode
    row = q.SHR_PIXELS + 10 * q.SHR_ROW_BYTES
    qd.SetSolidPenPat(0)
    qd.PaintRect(spot)
    assert mem[row + 2:row + 4] == b"\x00\x00"
    write_bytes(mem, port + q.PORT_PN_PAT, b"\xff" * 32)
    qd.PaintRect(spot)
    assert mem[row + 2:row + 4] == b"\xff\xff"
    write_word(mem, port + q.PORT_PN_MODE, q.MODE_XOR)
    qd.PaintRect(spot)
    assert mem[row + 2:row + 4] == b"\x00\x00"
    write_word(mem, port + q.PORT_PN_MODE, q.MODE_COPY)
    write_word(mem, port + q.PORT_SCB, 0)                   # 320 mode: bytes 4-7
    qd.PaintRect(spot)
    assert mem[row + 4:row + 8] == b"\xff" * 4
    handle = int.from_bytes(mem[port + q.PORT_CLIP_RGN:port + q.PORT_CLIP_RGN + 4], "little")
    q.write_rect(mem, tb.mm.deref(handle) + 2, (0, 0, 200, 10))   # the clip, in its block
    write_bytes(mem, port + q.PORT_PN_PAT, bytes(32))
    qd.PaintRect(spot)                                      # pixels 8 and 9 only
    assert mem[row + 4] == 0 and mem[row + 5] == 0xFF
    write_word(mem, port + q.PORT_PN_VIS, 0xFFFF)           # hidden: PaintRect draws nothing
    write_bytes(mem, port + q.PORT_PN_PAT, b"\x11" * 32)
    qd.PaintRect((0, 0, 200, 320))
    assert mem[row + 5] == 0xFF


def test_text_sees_poked_colours_and_pen_location():
    tb = _tb(True, 2)
    qd, mem, port = tb.qd, tb.mem, tb.qd.port
    qd.MoveTo(20, 30)
    qd.DrawString(b"Gin")
    for poke in (lambda: write_word(mem, port + q.PORT_FG_COLOR, 2),
                 lambda: write_word(mem, port + q.PORT_BG_COLOR, 1),
                 lambda: q.write_point(mem, port + q.PORT_PN_LOC, (50, 100)),
                 lambda: write_word(mem, port + q.PORT_TX_MODE, q.MODE_FORE_XOR)):
        poke()
        _warm_and_cold_agree(tb, lambda: qd.DrawString(b"Knock"))
        qd.DrawString(b"Knock")
    assert qd.GetPen() == (50, 100 + 4 * qd.StringWidth(b"Knock"))   # 4 strings since
