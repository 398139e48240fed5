"""QuickDraw II's tool-call rows and stack adapters (records in memory), no CPU.

The numbers, parameter bytes and result sizes below are copied from the QuickDraw II
calls of ORCA/C `quickdraw.h` and ORCA/Pascal `Tool.Interface` (Toolbox Reference ch. 16).
"""
import numpy as np

from iigs.memory import read_word, write_long, write_pstring, write_word
from toolbox import quickdraw as q
from toolbox.calls import TOOL_TABLE
from toolbox.toolbox import Toolbox

# function: (name, parameter bytes, result bytes)
REFERENCE = {
    0x02: ('QDStartUp', 8, 0),
    0x03: ('QDShutDown', 0, 0),
    0x04: ('QDVersion', 0, 2),
    0x0A: ('GrafOn', 0, 0),
    0x0B: ('GrafOff', 0, 0),
    0x1C: ('GetPort', 0, 4),
    0x1B: ('SetPort', 4, 0),
    0x18: ('OpenPort', 4, 0),
    0x19: ('InitPort', 4, 0),
    0x1A: ('ClosePort', 4, 0),
    0x1D: ('SetPortLoc', 4, 0),
    0x1E: ('GetPortLoc', 4, 0),
    0x1F: ('SetPortRect', 4, 0),
    0x20: ('GetPortRect', 4, 0),
    0x23: ('SetOrigin', 4, 0),
    0x26: ('ClipRect', 4, 0),
    0x36: ('PenNormal', 0, 0),
    0x27: ('HidePen', 0, 0),
    0x28: ('ShowPen', 0, 0),
    0x29: ('GetPen', 4, 0),
    0x2E: ('SetPenMode', 2, 0),
    0x37: ('SetSolidPenPat', 2, 0),
    0x30: ('SetPenPat', 4, 0),
    0x2C: ('SetPenSize', 4, 0),
    0x38: ('SetSolidBackPat', 2, 0),
    0x34: ('SetBackPat', 4, 0),
    0x3A: ('MoveTo', 4, 0),
    0x3B: ('Move', 4, 0),
    0x3C: ('LineTo', 4, 0),
    0x3D: ('Line', 4, 0),
    0x53: ('FrameRect', 4, 0),
    0x54: ('PaintRect', 4, 0),
    0x55: ('EraseRect', 4, 0),
    0x56: ('InvertRect', 4, 0),
    0x57: ('FillRect', 8, 0),
    0x5D: ('FrameRRect', 8, 0),
    0x5E: ('PaintRRect', 8, 0),
    0x5F: ('EraseRRect', 8, 0),
    0x60: ('InvertRRect', 8, 0),
    0x58: ('FrameOval', 4, 0),
    0x59: ('PaintOval', 4, 0),
    0x5A: ('EraseOval', 4, 0),
    0x5B: ('InvertOval', 4, 0),
    0xA0: ('SetForeColor', 2, 0),
    0xA1: ('GetForeColor', 0, 2),
    0xA2: ('SetBackColor', 2, 0),
    0xA3: ('GetBackColor', 0, 2),
    0xA4: ('DrawChar', 2, 0),
    0xA5: ('DrawString', 4, 0),
    0xA6: ('DrawCString', 4, 0),
    0xA7: ('DrawText', 6, 0),
    0xA8: ('CharWidth', 2, 2),
    0xA9: ('StringWidth', 4, 2),
    0xAA: ('CStringWidth', 4, 2),
    0xAB: ('TextWidth', 6, 2),
    0x94: ('SetFont', 4, 0),
    0x95: ('GetFont', 0, 4),
    0xD0: ('SetFontID', 4, 0),
    0x96: ('GetFontInfo', 4, 0),
    0x9C: ('SetTextMode', 2, 0),
    0x9A: ('SetTextFace', 2, 0),
    0xD2: ('SetTextSize', 2, 0),
    0x7F: ('PaintPixels', 4, 0),
    0xD6: ('PPToPort', 14, 0),
    0x15: ('ClearScreen', 2, 0),
    0x12: ('SetSCB', 4, 0),
    0x13: ('GetSCB', 2, 2),
    0x14: ('SetAllSCBs', 2, 0),
    0x16: ('SetMasterSCB', 2, 0),
    0x17: ('GetMasterSCB', 0, 2),
    0x0E: ('SetColorTable', 6, 0),
    0x0F: ('GetColorTable', 6, 0),
    0x10: ('SetColorEntry', 6, 0),
    0x11: ('GetColorEntry', 4, 2),
    0xCA: ('InitCursor', 0, 0),
    0x90: ('HideCursor', 0, 0),
    0x91: ('ShowCursor', 0, 0),
    0x92: ('ObscureCursor', 0, 0),
    0x8E: ('SetCursor', 4, 0),
    0x88: ('GetPixel', 4, 2),
    0x4A: ('SetRect', 12, 0),
    0x4B: ('OffsetRect', 8, 0),
    0x4C: ('InsetRect', 8, 0),
    0x4D: ('SectRect', 12, 2),
    0x4E: ('UnionRect', 12, 0),
    0x4F: ('PtInRect', 8, 2),
    0x51: ('EqualRect', 8, 2),
    0x85: ('GlobalToLocal', 4, 0),
    0x84: ('LocalToGlobal', 4, 0),
    0x86: ('Random', 0, 2),
    0x87: ('SetRandSeed', 4, 0),
    0x67: ('NewRgn', 0, 4),
    0x68: ('DisposeRgn', 4, 0),
    0x6C: ('RectRgn', 8, 0),
    0x24: ('SetClip', 4, 0),
    0x25: ('GetClip', 4, 0),
}

USER_ID = 0x1001


def _tb():
    tb = Toolbox(bytearray(1 << 24))
    call(tb, "QDStartUp", 0x1000, 0x80, 0, USER_ID)
    return tb


def _scratch(tb, size=0x400):
    """Memory for the records a test passes (from the Memory Manager, like a program's)."""
    return tb.mm.deref(tb.mm.new_handle(size, USER_ID, 0))


def call(tb, name, *params):
    row = next(c for c in TOOL_TABLE.values() if c.toolset == 4 and c.name == name)
    assert len(params) == len(row.params), name
    return row.impl(tb, *params)


def _rect(tb, addr, r):
    for i, x in enumerate(r):
        write_word(tb.mem, addr + 2 * i, x)
    return addr


def test_every_reference_call_is_registered_with_its_stack_shape():
    for function, (name, param_bytes, result) in REFERENCE.items():
        row = TOOL_TABLE.get(function << 8 | 4)
        assert row is not None, name
        assert (row.name, row.param_bytes, row.result) == (name, param_bytes, result)


def test_every_quickdraw_adapter_has_its_signature_in_its_docstring():
    for row in TOOL_TABLE.values():
        if row.toolset == 4:
            assert (row.impl.__doc__ or "").startswith(row.name + "("), row.name


def test_rect_adapters_read_and_write_records():
    tb = _tb()
    buf = _scratch(tb)
    r = buf
    call(tb, "SetRect", r, 10, 20, 110, 70)            # left, top, right, bottom
    assert q.read_rect(tb.mem, r) == (20, 10, 70, 110)
    call(tb, "OffsetRect", r, 0xFFFE, 3)               # dH = -2 (a signed word)
    assert q.read_rect(tb.mem, r) == (23, 8, 73, 108)
    call(tb, "InsetRect", r, 1, 1)
    assert q.read_rect(tb.mem, r) == (24, 9, 72, 107)
    other = _rect(tb, buf + 8, (0, 0, 30, 30))
    assert call(tb, "SectRect", r, other, buf + 16) == 1
    assert q.read_rect(tb.mem, buf + 16) == (24, 9, 30, 30)
    call(tb, "UnionRect", r, other, buf + 16)
    assert q.read_rect(tb.mem, buf + 16) == (0, 0, 72, 107)
    write_word(tb.mem, buf + 24, 25)
    write_word(tb.mem, buf + 26, 10)
    assert call(tb, "PtInRect", buf + 24, r) == 1
    assert call(tb, "EqualRect", r, r) == 1 and call(tb, "EqualRect", r, other) == 0
    assert call(tb, "NotEmptyRect", _rect(tb, buf + 32, (5, 5, 5, 9))) == 0
    assert call(tb, "NotEmptyRect", _rect(tb, buf + 32, (5, 5, 6, 9))) == 1
    assert call(tb, "NotEmptyRect", _rect(tb, buf + 32, (5, 9, 6, 5))) == 0


def test_drawing_through_adapters():
    tb = _tb()
    buf = _scratch(tb)
    call(tb, "SetSolidPenPat", 3)
    call(tb, "PaintRect", _rect(tb, buf, (0, 0, 2, 4)))
    assert tb.mem[0xE12000] == 0xFF and tb.mem[0xE12000 + 160] == 0xFF
    assert call(tb, "GetPixel", 3, 1) == 3 and call(tb, "GetPixel", 4, 1) == 0
    pattern = buf + 0x100
    tb.mem[pattern:pattern + 32] = b"\x55" * 32
    call(tb, "FillRect", _rect(tb, buf, (10, 0, 11, 4)), pattern)
    assert tb.mem[0xE12000 + 10 * 160] == 0x55
    call(tb, "FrameRRect", _rect(tb, buf, (20, 0, 40, 40)), 8, 8)
    call(tb, "PaintOval", _rect(tb, buf, (50, 0, 60, 20)))
    assert call(tb, "GetPixel", 10, 55) == 3


def test_port_adapters():
    tb = _tb()
    buf = _scratch(tb)
    port = _scratch(tb, q.PORT_SIZE)
    call(tb, "OpenPort", port)
    assert call(tb, "GetPort") == port
    call(tb, "SetPortRect", _rect(tb, buf, (0, 0, 50, 60)))
    call(tb, "MovePortTo", 100, 20)
    call(tb, "GetPortRect", buf + 8)
    assert q.read_rect(tb.mem, buf + 8) == (0, 0, 50, 60)
    write_word(tb.mem, buf + 16, 1)                   # Point v = 1, h = 2
    write_word(tb.mem, buf + 18, 2)
    call(tb, "LocalToGlobal", buf + 16)
    assert q.read_point(tb.mem, buf + 16) == (21, 102)
    call(tb, "GlobalToLocal", buf + 16)
    assert q.read_point(tb.mem, buf + 16) == (1, 2)
    call(tb, "GetPortLoc", buf + 32)
    assert read_word(tb.mem, buf + 32) == 0x80 and read_word(tb.mem, buf + 38) == 160
    rgn = call(tb, "NewRgn")
    call(tb, "RectRgn", rgn, _rect(tb, buf, (1, 2, 3, 4)))
    call(tb, "SetClip", rgn)
    assert tb.qd.GetClipRect() == (1, 2, 3, 4)
    call(tb, "MoveTo", 0xFFFF, 7)                      # h = -1
    call(tb, "GetPen", buf + 40)
    assert q.read_point(tb.mem, buf + 40) == (7, -1)


def test_text_adapters_read_pascal_and_c_strings():
    tb = _tb()
    buf = _scratch(tb)
    s = buf
    write_pstring(tb.mem, s, b"Gin \x04")
    width = call(tb, "StringWidth", s)
    assert width == tb.qd.StringWidth(b"Gin \x04")
    call(tb, "MoveTo", 5, 30)
    call(tb, "DrawString", s)
    assert tb.qd.text_log[-1] == (5, 30, "Gin ♠", 0x1000 + q.DP_SCREEN_PORT)
    tb.mem[buf + 0x40:buf + 0x44] = b"Hi!\x00"
    assert call(tb, "CStringWidth", buf + 0x40) == tb.qd.TextWidth(b"Hi!")
    call(tb, "DrawCString", buf + 0x40)
    call(tb, "DrawText", buf + 0x40, 2)
    assert [t[2] for t in tb.qd.text_log[-2:]] == ["Hi!", "Hi"]
    call(tb, "GetFontInfo", buf + 0x80)
    assert [read_word(tb.mem, buf + 0x80 + 2 * i) for i in range(4)] == list(
        tb.qd.GetFontInfo())


def test_colour_table_and_cursor_adapters():
    tb = _tb()
    buf = _scratch(tb)
    table = buf
    for i in range(16):
        write_word(tb.mem, table + 2 * i, 0x111 * (i % 16))
    call(tb, "SetColorTable", 3, table)
    call(tb, "GetColorTable", 3, buf + 0x40)
    assert tb.mem[buf + 0x40:buf + 0x60] == tb.mem[table:table + 32]
    assert call(tb, "GetColorEntry", 3, 2) == 0x222
    call(tb, "InitCursor")
    assert tb.qd.cursor_visible
    call(tb, "HideCursor")
    assert not tb.qd.cursor_visible
    assert call(tb, "GetCursorAdr") == 0x1000 + q.DP_ARROW_CURSOR


def test_pptoport_adapter_copies_a_loc_info_image():
    tb = _tb()
    buf = _scratch(tb)
    image = _scratch(tb, 4)
    tb.mem[image:image + 4] = bytes([0xFF, 0x00, 0x00, 0xFF])
    loc = buf                                   # LocInfo: 8 x 2 pixels, 2 bytes a row
    write_word(tb.mem, loc, 0x80)
    write_long(tb.mem, loc + 2, image)
    write_word(tb.mem, loc + 6, 2)
    _rect(tb, loc + 8, (0, 0, 2, 8))
    call(tb, "PPToPort", loc, _rect(tb, buf + 0x20, (0, 0, 2, 8)), 8, 4, 0)
    px = q.unpack_pixels(np.frombuffer(bytes(tb.mem[0xE12000 + 4 * 160:0xE12000 + 6 * 160]),
                                       dtype=np.uint8).reshape(2, 160), True)
    assert list(px[0, 8:16]) == [3, 3, 3, 3, 0, 0, 0, 0]
    assert list(px[1, 8:16]) == [0, 0, 0, 0, 3, 3, 3, 3]
