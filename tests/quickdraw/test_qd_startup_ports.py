"""QDStartUp, ports and coordinates (Toolbox Reference vol. 2, ch. 16), no CPU."""
import pytest

from iigs.memory import read_long, read_word
from toolbox import quickdraw as q
from toolbox.calls import ToolError
from toolbox.toolbox import Toolbox

DP = 0x1000


def _tb(mode=0x80, user_id=0x1001):
    tb = Toolbox(bytearray(1 << 24))
    tb.qd.QDStartUp(DP, mode, 0, user_id)
    return tb


def _scratch(tb, size):
    """Memory for a port or pixel image, from the Memory Manager like a program's."""
    return tb.mm.deref(tb.mm.new_handle(size, 0x1001, 0))


def test_startup_sets_scbs_palettes_and_clears_screen():
    tb = Toolbox(bytearray(1 << 24))
    tb.mem[0xE12000:0xE19D00] = b"\x55" * 32000
    tb.qd.QDStartUp(DP, 0x80, 0, 0x1001)
    assert tb.mem[0xE19D00:0xE19DC8] == b"\x80" * 200
    # Tech Note #63's 640-mode table in palette 0
    assert tb.qd.GetColorTable(0) == list(q.STANDARD_640)
    assert tb.qd.GetColorTable(15) == list(q.STANDARD_640)
    assert tb.mem[0xE12000:0xE19D00] == bytes(32000)
    assert tb.qd.GetMasterSCB() == 0x80
    assert tb.qd.GetPort() == DP + q.DP_SCREEN_PORT


def test_startup_320_mode_table_and_twice_is_an_error():
    tb = _tb(0x00)
    assert tb.qd.GetColorTable(0) == list(q.STANDARD_320)
    assert tb.qd.GetPortRect() == (0, 0, 200, 320)
    with pytest.raises(ToolError) as err:
        tb.qd.QDStartUp(DP, 0, 0, 0x1001)
    assert err.value.code == q.ALREADY_INIT_ERR


def test_drawing_without_a_port_fails_with_not_initialized():
    tb = Toolbox(bytearray(1 << 24))
    with pytest.raises(ToolError) as err:
        tb.qd.PaintRect((0, 0, 10, 10))
    assert err.value.code == q.NOT_INIT_ERR


def test_open_port_writes_a_real_grafport_record():
    tb = _tb()
    port = _scratch(tb, q.PORT_SIZE)
    tb.qd.OpenPort(port)
    mem = tb.mem
    assert tb.qd.GetPort() == port
    assert read_word(mem, port + q.PORT_SCB) == 0x80
    assert read_long(mem, port + q.PORT_PIX_IMAGE) == 0xE12000
    assert read_word(mem, port + q.PORT_WIDTH) == 160
    assert q.read_rect(mem, port + q.PORT_BOUNDS) == (0, 0, 200, 640)
    assert q.read_rect(mem, port + q.PORT_RECT) == (0, 0, 200, 640)
    assert mem[port + q.PORT_BK_PAT:port + q.PORT_BK_PAT + 32] == b"\xff" * 32
    assert mem[port + q.PORT_PN_PAT:port + q.PORT_PN_PAT + 32] == bytes(32)
    assert q.read_point(mem, port + q.PORT_PN_SIZE) == (1, 1)
    assert read_word(mem, port + q.PORT_BG_COLOR) == 15
    # the regions are real Memory Manager handles holding {rgnSize, rgnBBox}
    clip = read_long(mem, port + q.PORT_CLIP_RGN)
    addr = tb.mm.deref(clip)
    assert read_word(mem, addr) == 10
    assert q.read_rect(mem, addr + 2) == q.WIDE_OPEN
    vis = read_long(mem, port + q.PORT_VIS_RGN)
    assert q.read_rect(mem, tb.mm.deref(vis) + 2) == (0, 0, 200, 640)


def test_close_port_disposes_its_regions():
    tb = _tb()
    port = _scratch(tb, q.PORT_SIZE)
    tb.qd.OpenPort(port)
    clip = read_long(tb.mem, port + q.PORT_CLIP_RGN)
    tb.qd.ClosePort(port)
    assert clip not in tb.mm.blocks and tb.qd.GetPort() == 0


def test_regions_without_memory_manager_user_id_are_tokens():
    tb = _tb(user_id=0)
    h = tb.qd.NewRgn()
    tb.qd.RectRgn(h, (1, 2, 3, 4))
    assert tb.qd.region_rect(h) == (1, 2, 3, 4)
    other = tb.qd.NewRgn()
    tb.qd.CopyRgn(h, other)
    assert tb.qd.region_rect(other) == (1, 2, 3, 4)
    tb.qd.SetEmptyRgn(other)
    assert tb.qd.region_rect(other) == (0, 0, 0, 0)


def _window_port(tb, top=40, left=100, height=60, width=200):
    """A port like a window's content: local (0, 0) at global (top, left)."""
    port = _scratch(tb, q.PORT_SIZE)
    tb.qd.OpenPort(port)
    tb.qd.SetPortRect((0, 0, height, width))
    tb.qd.MovePortTo(left, top)
    return port


def test_local_global_conversion_in_a_window_like_port():
    tb = _tb()
    _window_port(tb)
    assert tb.qd.LocalToGlobal((5, 7)) == (45, 107)
    assert tb.qd.GlobalToLocal((45, 107)) == (5, 7)
    tb.qd.SetOrigin(10, 20)                     # local top-left is now (v 20, h 10)
    assert tb.qd.GetPortRect() == (20, 10, 80, 210)
    assert tb.qd.LocalToGlobal((20, 10)) == (40, 100)


def test_window_like_port_draws_at_its_global_place_and_clips_to_port_rect():
    tb = _tb()
    qd = tb.qd
    port = _window_port(tb)
    qd.SetPort(qd.dp + q.DP_SCREEN_PORT)
    qd.SetSolidPenPat(3)                       # white screen, to see the black rect
    qd.PaintRect((0, 0, 200, 640))
    qd.SetPort(port)
    qd.SetSolidPenPat(0)
    qd.PaintRect((-10, -10, 500, 500))
    qd.SetPort(qd.dp + q.DP_SCREEN_PORT)
    assert [qd.GetPixel(h, v) for h, v in ((99, 40), (100, 39), (300, 40), (100, 100))] \
        == [3, 3, 3, 3]
    assert [qd.GetPixel(h, v) for h, v in ((100, 40), (299, 99))] == [0, 0]


def test_set_origin_keeps_drawing_in_place():
    tb = _tb()
    qd = tb.qd
    qd.SetSolidPenPat(3)
    qd.SetOrigin(100, 50)
    qd.PaintRect((50, 100, 52, 104))           # local = global (0,0)..(2,4)
    qd.SetOrigin(0, 0)
    assert [qd.GetPixel(h, 0) for h in range(5)] == [3, 3, 3, 3, 0]


def test_clip_rect_and_get_set_clip():
    tb = _tb()
    qd = tb.qd
    qd.ClipRect((10, 10, 20, 20))
    assert qd.GetClipRect() == (10, 10, 20, 20)
    qd.SetSolidPenPat(3)
    qd.PaintRect((0, 0, 200, 640))
    assert qd.GetPixel(9, 10) == 0 and qd.GetPixel(10, 10) == 3
    assert qd.GetPixel(19, 19) == 3 and qd.GetPixel(20, 19) == 0
    saved = qd.NewRgn()
    qd.GetClip(saved)
    qd.ClipRect((0, 0, 1, 1))
    qd.SetClip(saved)
    assert qd.GetClipRect() == (10, 10, 20, 20)


def test_vis_region_clips_too():
    tb = _tb()
    qd = tb.qd
    rgn = qd.NewRgn()
    qd.RectRgn(rgn, (0, 0, 5, 5))
    qd.SetVisRgn(rgn)
    qd.SetSolidPenPat(3)
    qd.PaintRect((0, 0, 200, 640))
    assert qd.GetPixel(4, 4) == 3 and qd.GetPixel(5, 4) == 0


def test_off_screen_pixel_map_via_set_port_loc_and_pptoport():
    tb = _tb()
    qd = tb.qd
    image = _scratch(tb, 32)                   # 16 x 8 pixels, 640 mode: 4 bytes a row
    loc = (0x80, image, 4, (0, 0, 8, 16))
    qd.OpenPort(_scratch(tb, q.PORT_SIZE))
    qd.SetPortLoc(loc)
    qd.SetPortRect(loc[3])
    qd.SetSolidPenPat(2)
    qd.PaintRect((0, 0, 8, 16))
    qd.SetSolidPenPat(1)
    qd.PaintRect((2, 4, 4, 8))
    assert tb.mem[image:image + 4] == b"\xaa" * 4
    assert tb.mem[image + 2 * 4 + 1] == 0x55
    assert tb.mem[0xE12000:0xE19D00] == bytes(32000)   # the screen untouched
    qd.SetPort(qd.dp + q.DP_SCREEN_PORT)
    qd.PPToPort(loc, (0, 0, 8, 16), 100, 20, q.MODE_COPY)
    assert qd.GetPixel(100, 20) == 2 and qd.GetPixel(104, 22) == 1
    assert qd.GetPixel(116, 20) == 0 and qd.GetPixel(107, 23) == 1


def test_paint_pixels_between_images():
    tb = _tb()
    qd = tb.qd
    image = _scratch(tb, 32)
    src = (0x80, image, 4, (0, 0, 8, 16))
    tb.mem[image:image + 32] = b"\xff" * 32
    qd.PaintPixels(src, (0x80, 0xE12000, 160, (0, 0, 200, 640)), (0, 0, 2, 4), (10, 8),
                   q.MODE_COPY)
    assert [qd.GetPixel(h, 10) for h in (7, 8, 11, 12)] == [0, 3, 3, 0]
    assert qd.GetPort() == qd.dp + q.DP_SCREEN_PORT


def test_a_region_the_program_built_in_memory_clips():
    tb = _tb()
    handle = tb.mm.new_handle(10, 0x1001, 0)
    addr = tb.mm.deref(handle)
    tb.mem[addr:addr + 10] = bytes([10, 0, 0, 0, 0, 0, 2, 0, 3, 0])   # bbox (0,0,2,3)
    tb.qd.SetClip(handle)
    assert tb.qd.GetClipRect() == (0, 0, 2, 3)
    tb.qd.SetSolidPenPat(3)
    tb.qd.PaintRect((0, 0, 10, 10))
    assert tb.qd.GetPixel(2, 1) == 3 and tb.qd.GetPixel(3, 1) == 0


def test_wide_640_patterns_when_arc_rot_bit_15_is_set():
    # TN #6: with bit 15 of arcRot, a 640-mode pattern is 16 pixels wide (all 32 bytes)
    tb = _tb()
    port = tb.qd.GetPort()
    tb.mem[port + q.PORT_ARC_ROT + 1] = 0x80
    pattern = bytes([0xFF, 0xFF, 0x00, 0x00] * 8)      # 8 pixels of 3, then 8 of 0
    tb.qd.FillRect((0, 0, 1, 32), pattern)
    assert [tb.qd.GetPixel(h, 0) for h in (0, 7, 8, 15, 16, 24)] == [3, 3, 0, 0, 3, 0]
    tb.qd.SetPenPat(pattern)
    tb.qd.FrameOval((2, 0, 10, 32))                    # the per-pixel path agrees
    assert tb.qd.GetPixel(12, 2) == 0 and tb.qd.GetPixel(16, 2) == 3


def test_setters_and_getters_round_trip_through_the_port_record():
    tb = _tb()
    qd = tb.qd
    port = qd.GetPort()
    qd.SetForeColor(5)
    qd.SetBackColor(6)
    qd.SetTextMode(q.MODE_FORE_OR)
    qd.SetTextSize(12)
    qd.SetFontID(0x0C000003)
    qd.SetFont(0x00123456)
    qd.SetBackPat(b"\x12" * 32)
    assert (qd.GetForeColor(), qd.GetBackColor(), qd.GetTextMode(), qd.GetTextSize()) == (
        5, 6, q.MODE_FORE_OR, 12)
    assert qd.GetFontID() == 0x0C000003 and qd.GetFont() == 0x00123456
    assert qd.GetBackPat() == b"\x12" * 32
    assert read_word(tb.mem, port + q.PORT_FG_COLOR) == 5
    assert read_word(tb.mem, port + q.PORT_TX_MODE) == q.MODE_FORE_OR
    qd.SetPortSize(100, 50)
    assert qd.GetPortRect() == (0, 0, 50, 100)
    assert qd.GetPortLoc() == (0x80, 0xE12000, 160, (0, 0, 200, 640))


def test_version_master_scb_graf_on_off_shutdown():
    tb = _tb()
    qd = tb.qd
    assert qd.QDVersion() == q.QD_VERSION
    qd.SetMasterSCB(0x00)
    assert qd.GetMasterSCB() == 0x00
    qd.GrafOff()
    assert not qd.graf_on
    qd.GrafOn()
    assert qd.graf_on
    qd.QDShutDown()
    assert not qd.started and qd.GetPort() == 0
    qd.QDStartUp(DP, 0x80, 0, 0x1001)            # may start again after shutting down
    assert qd.started


def test_random_is_repeatable_from_a_seed():
    qd = _tb().qd
    qd.SetRandSeed(1234)
    first = [qd.Random() for _ in range(5)]
    qd.SetRandSeed(1234)
    assert [qd.Random() for _ in range(5)] == first
    assert all(0 <= r <= 0xFFFF for r in first)


def test_dispose_rgn_frees_the_handle():
    tb = _tb()
    h = tb.qd.NewRgn()
    assert h in tb.mm.blocks
    tb.qd.DisposeRgn(h)
    assert h not in tb.mm.blocks and tb.qd.region_rect(h) is None
