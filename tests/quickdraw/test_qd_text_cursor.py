"""Text (DrawString & co., the system font) and the cursor calls, no CPU."""
import numpy as np

from toolbox import cursor as cursors
from iigs import font
from toolbox import quickdraw as q
from toolbox.toolbox import Toolbox


def _tb(mode=0x80):
    tb = Toolbox(bytearray(1 << 24))
    tb.qd.QDStartUp(0x1000, mode, 0, 0x1001)
    return tb


def _screen(tb) -> np.ndarray:
    raw = np.frombuffer(bytes(tb.mem[0xE12000:0xE19D00]), dtype=np.uint8).reshape(200, 160)
    return q.unpack_pixels(raw, True)


# ---- the font ---------------------------------------------------------------------------

def test_font_covers_printable_ascii_and_suits_eight_rows_high():
    for code in list(range(0x20, 0x7F)) + [1, 2, 3, 4]:
        g = font.glyph(code)
        assert g is not font.MISSING, hex(code)
        assert g.bits.shape[0] == font.HEIGHT == font.ASCENT + font.DESCENT
        assert g.width == g.bits.shape[1] + 1
    assert font.glyph(0x80) is font.MISSING
    # proportional: i is narrower than m
    assert font.char_width(ord("i")) < font.char_width(ord("m"))


def test_font_suits_encode_and_decode():
    assert font.encode("10♥ J♠ Q♦ K♣") == b"10\x03 J\x04 Q\x02 K\x01"
    assert font.decode(b"A\x04") == "A♠"


def test_descenders_go_below_the_baseline_capitals_do_not():
    assert font.glyph(ord("g")).bits[font.ASCENT:].any()
    assert not font.glyph(ord("E")).bits[font.ASCENT:].any()


# ---- drawing text --------------------------------------------------------------------------

def test_draw_string_advances_the_pen_by_string_width_and_logs_it():
    tb = _tb()
    qd = tb.qd
    qd.MoveTo(10, 20)
    qd.DrawString(b"Gin \x03")
    assert qd.GetPen() == (20, 10 + qd.StringWidth(b"Gin \x03"))
    assert qd.text_log[-1] == (10, 20, "Gin ♥", qd.GetPort())
    qd.DrawCString(b"!")
    qd.DrawText(b"ab")
    qd.DrawChar(ord("c"))
    assert [t[2] for t in qd.text_log[-3:]] == ["!", "ab", "c"]
    assert qd.TextWidth(b"ab") == qd.CharWidth(ord("a")) + qd.CharWidth(ord("b"))
    assert qd.CStringWidth("ab") == qd.TextWidth(b"ab")


def test_copy_mode_text_paints_the_cell_fg_on_bg():
    tb = _tb()
    qd = tb.qd
    qd.MoveTo(0, 10)
    qd.DrawString(b"I")                          # black on white (colours 0 on 15)
    px = _screen(tb)
    cell = px[10 - font.ASCENT:10 + font.DESCENT, 0:4]
    ink = font.glyph(ord("I")).bits
    assert (cell[:, :3][ink] == 0).all() and (cell[:, :3][~ink] == 3).all()
    assert (cell[:, 3] == 3).all()              # the spacing column is background
    assert px[10 - font.ASCENT - 1, 0] == 0 and px[10 + font.DESCENT, 0] == 0


def test_fore_copy_text_draws_only_ink_in_the_foreground_colour():
    tb = _tb()
    qd = tb.qd
    qd.SetSolidPenPat(1)
    qd.PaintRect((0, 0, 20, 20))
    qd.SetTextMode(q.MODE_FORE_COPY)
    qd.SetForeColor(2)
    qd.MoveTo(0, 10)
    qd.DrawString(b"I")
    cell = _screen(tb)[4:12, 0:3]
    ink = font.glyph(ord("I")).bits
    assert (cell[ink] == 2).all() and (cell[~ink] == 1).all()


def test_bold_is_one_pixel_wider_per_character_and_drawn_twice():
    tb = _tb()
    qd = tb.qd
    plain = qd.StringWidth(b"Hi")
    qd.SetTextFace(q.BOLD)
    assert qd.GetTextFace() == q.BOLD
    assert qd.StringWidth(b"Hi") == plain + 2
    qd.SetForeColor(3)
    qd.SetBackColor(0)
    qd.MoveTo(0, 10)
    qd.DrawString(b"l")                          # one column of ink becomes two
    assert list(_screen(tb)[6, 0:3]) == [3, 3, 0]
    assert qd.GetFontInfo() == (font.ASCENT, font.DESCENT, font.WID_MAX + 1, font.LEADING)


def test_text_is_clipped_and_logged_in_global_coordinates():
    tb = _tb()
    qd = tb.qd
    port = tb.mm.deref(tb.mm.new_handle(q.PORT_SIZE, 0x1001, 0))
    qd.OpenPort(port)
    qd.SetPortRect((0, 0, 20, 30))
    qd.MovePortTo(100, 50)
    qd.SetForeColor(3)
    qd.SetBackColor(0)
    qd.MoveTo(2, 10)
    qd.DrawString(b"WWWWWWWWWW")
    assert qd.text_log[-1][:3] == (102, 60, "WWWWWWWWWW")
    px = _screen(tb)
    assert px[50:70, 100:130].any() and not px[:, 130:].any() and not px[:, :100].any()


def test_str_is_accepted_as_font_codes():
    tb = _tb()
    tb.qd.MoveTo(0, 10)
    tb.qd.DrawString("K♣")
    assert tb.qd.text_log[-1][2] == "K♣"
    assert tb.qd.StringWidth("K♣") == tb.qd.StringWidth(b"K\x01")


# ---- cursor ---------------------------------------------------------------------------------

def test_cursor_hidden_until_init_cursor_then_levels():
    tb = _tb()
    qd = tb.qd
    assert not qd.cursor_visible
    qd.InitCursor()
    assert qd.cursor_visible
    qd.HideCursor()
    qd.HideCursor()
    qd.ShowCursor()
    assert not qd.cursor_visible
    qd.ShowCursor()
    qd.ShowCursor()                              # never above visible
    assert qd.cursor_visible
    qd.HideCursor()
    assert not qd.cursor_visible


def test_obscure_cursor_until_the_mouse_moves():
    tb = _tb()
    tb.qd.InitCursor()
    tb.qd.ObscureCursor()
    assert not tb.qd.cursor_visible
    tb.qd.cursor_moved()
    assert tb.qd.cursor_visible


def test_arrow_cursor_record_in_memory_decodes_to_the_arrow():
    tb = _tb()
    addr = tb.qd.GetCursorAdr()
    assert addr == 0x1000 + q.DP_ARROW_CURSOR
    shape = cursors.decode_cursor(tb.mem, addr, True)
    assert (shape.pixels[shape.mask] == cursors.ARROW_640.pixels[cursors.ARROW_640.mask]).all()
    assert (shape.mask[:, :cursors.ARROW_640.mask.shape[1]] == cursors.ARROW_640.mask).all()
    assert tb.qd.cursor_shape is cursors.ARROW_640


def test_set_cursor_uses_the_program_s_record():
    tb = _tb()
    # 2 rows x 1 word: row 0 = pixels 3,0,0,...; mask only the first pixel of each row
    record = (bytes([2, 0, 1, 0]) + bytes([0xC0, 0x00, 0x00, 0x00])
              + bytes([0xC0, 0x00, 0xC0, 0x00]) + bytes([1, 0, 0, 0]))
    addr = tb.mm.deref(tb.mm.new_handle(len(record), 0x1001, 0))
    tb.mem[addr:addr + len(record)] = record
    tb.qd.SetCursor(addr)
    assert tb.qd.GetCursorAdr() == addr
    shape = tb.qd.cursor_shape
    assert shape.pixels.shape == (2, 8) and shape.hot_spot == (1, 0)
    assert shape.mask[0, 0] and shape.mask[1, 0] and not shape.mask[0, 1]
    assert shape.pixels[0, 0] == 3 and shape.pixels[1, 0] == 0
    tb.qd.InitCursor()
    assert tb.qd.cursor_shape is cursors.ARROW_640
