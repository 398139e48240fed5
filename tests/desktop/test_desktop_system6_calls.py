"""System 6 calls that hand a program a table or a routine, made as a program makes them
(JSL $E10000 from 65816 code) on a started desktop: QuickDraw II's dithered 640-mode
colours (Get640Colors, Set640Color) painted and read back from the screen, and
TextEdit's control definition procedure (TEGetDefProc) called by JSL with a message."""
from __future__ import annotations

from iigs.hostinput import HostInput
from iigs.memory import read_bytes, read_long, read_word, write_bytes, write_long, \
    write_word
from machine_desktop import Host, call_tool, start_desktop
from system.machine import Machine
from toolbox.control import DRAW_CTL, REC_SIZE, TEST_CTL

SHR = 0xE12000                   # the Super Hi-Res pixels: 160 bytes a row
ROW_BYTES = 160
CODE, OUT = 0x6800, 0x7000       # bank 0: the snippet that JSLs to a routine, its answer
EDIT_TEXT_PART = 0x85            # the part a TextEdit control answers (textedit.h)


def desktop() -> tuple[Machine, object]:
    m = Machine(host=Host())
    return m, start_desktop(m)


def ok(m, number, params=(), words=0):
    error, result = call_tool(m, number, params, words)
    assert error == 0, f"${number:04X}: error ${error:04X}"
    return result


def long_of(words) -> int:
    return words[0] | words[1] << 16


def call_def_proc(m, proc: int, message: int, handle: int, param: int) -> int:
    """JSL to a control definition procedure as the Control Manager calls one: result:L,
    message:W, theControl:L, param:L pushed; the result it leaves (PLA twice)."""
    code = bytearray(b"\xF4\x00\x00" * 2)                     # PEA 0 x2: the result
    code += b"\xF4" + message.to_bytes(2, "little")
    for value in (handle, param):
        code += b"\xF4" + (value >> 16).to_bytes(2, "little")
        code += b"\xF4" + (value & 0xFFFF).to_bytes(2, "little")
    code += b"\x22" + proc.to_bytes(3, "little")              # JSL proc
    code += b"\x68\x8D" + OUT.to_bytes(2, "little")           # PLA; STA OUT
    code += b"\x68\x8D" + (OUT + 2).to_bytes(2, "little")     # PLA; STA OUT+2
    code += b"\x6B"                                           # RTL
    write_bytes(m.mem, CODE, bytes(code))
    m.call(CODE)
    return read_long(m.mem, OUT)


def test_640_colors_are_dithered_patterns_the_pen_paints_with():
    m, tb = desktop()
    table = long_of(ok(m, 0xDA04, (), 2))                     # Get640Colors
    assert table and long_of(ok(m, 0xDA04, (), 2)) == table   # one table
    patterns = read_bytes(m.mem, table, 16 * 32)
    for color in range(16):                                   # each pixel pair (c>>2, c&3)
        assert patterns[32 * color:32 * color + 32] == bytes([color * 0x11]) * 32
    ok(m, 0xDB04, [("W", 6)])                                 # Set640Color(6)
    pen = 0x7400
    ok(m, 0x3104, [("L", pen)])                               # GetPenPat
    assert read_bytes(m.mem, pen, 32) == patterns[6 * 32:7 * 32]
    rect = 0x7440
    for i, v in enumerate((100, 40, 110, 80)):                # top, left, bottom, right
        write_word(m.mem, rect + 2 * i, v)
    ok(m, 0x5404, [("L", rect)])                              # PaintRect
    row = SHR + 105 * ROW_BYTES
    assert read_bytes(m.mem, row + 40 // 4, 10) == b"\x66" * 10    # 01 10 01 10
    assert m.mem[row + 80 // 4] != 0x66                       # the rect ends there
    ok(m, 0xDB04, [("W", 0x1F)])                              # the low 4 bits: colour 15
    ok(m, 0x3104, [("L", pen)])
    assert read_bytes(m.mem, pen, 32) == b"\xFF" * 32


def edit_text_template(tb, ctl_id: int) -> int:
    """A TextEdit control template (TEParamBlock, pCount 7) at (10, 10, 60, 200)."""
    _, template = tb.wm.alloc(0x60)
    write_bytes(tb.mem, template, bytes(0x60))
    write_word(tb.mem, template, 7)
    write_long(tb.mem, template + 2, ctl_id)
    for i, v in enumerate((10, 10, 60, 200)):
        write_word(tb.mem, template + 6 + 2 * i, v)
    write_long(tb.mem, template + 0x0E, 0x85000000)           # editTextControl
    return template


def test_textedit_def_proc_answers_a_textedit_controls_messages():
    m, tb = desktop()
    ok(m, 0x0222, [("W", 0x1001), ("W", 0x1700)])             # TEStartUp
    win = long_of(ok(m, 0x090E, [("L", _window_params(tb))], 2))   # NewWindow
    handle = long_of(ok(m, 0x3110, [("L", win), ("W", 0), ("L", edit_text_template(
        tb, 0x4B47))], 2))                                    # NewControl2
    proc = long_of(ok(m, 0x2222, (), 2))                      # TEGetDefProc
    assert proc and long_of(ok(m, 0x2222, (), 2)) == proc     # one routine
    assert read_word(m.mem, proc) & 0xFF == 0x42              # WDM: a toolbox routine
    inside = (20 << 16) | 30                                  # h 20, v 30 (local)
    outside = (300 << 16) | 30
    assert call_def_proc(m, proc, TEST_CTL, handle, inside) == EDIT_TEXT_PART
    assert call_def_proc(m, proc, TEST_CTL, handle, outside) == 0
    assert call_def_proc(m, proc, REC_SIZE, handle, 0) == \
        long_of(ok(m, 0x2C10, [("L", handle), ("W", REC_SIZE), ("L", 0)], 2))
    assert call_def_proc(m, proc, DRAW_CTL, 0x123456, 0) == 0     # no such control
    # The stack is as it was: a second call from the same snippet still answers.
    assert call_def_proc(m, proc, TEST_CTL, handle, inside) == EDIT_TEXT_PART


def _window_params(tb) -> int:
    """NewWindow's parameter list: a plain document window at (40, 20, 160, 320)."""
    _, params = tb.wm.alloc(0x4E)
    write_bytes(tb.mem, params, bytes(0x4E))
    write_word(tb.mem, params, 0x4E)                          # paramLength
    write_word(tb.mem, params + 2, 0x0020)                    # wFrameBits: fVis
    for i, v in enumerate((40, 20, 160, 320)):                # wPosition
        write_word(tb.mem, params + 0x3E + 2 * i, v)
    write_long(tb.mem, params + 0x46, 0xFFFFFFFF)             # wPlane: in front
    return params


def test_show_clipboard_opens_a_system_window_with_the_text_scrap_and_closes_it():
    m, tb = desktop()
    ok(m, 0x0216)                                             # ScrapStartUp
    ok(m, 0x0B16)                                             # ZeroScrap
    text = b"Gin\rKnock"
    write_bytes(m.mem, 0x7480, text)
    ok(m, 0x0C16, [("L", len(text)), ("W", 0), ("L", 0x7480)])    # PutScrap (text)
    assert long_of(ok(m, 0x1516, [("W", 0), ("L", 0)], 2)) == 0   # not open: NIL
    rect = 0x74C0
    for i, v in enumerate((60, 100, 140, 400)):
        write_word(m.mem, rect + 2 * i, v)
    win = long_of(ok(m, 0x1516, [("W", 0x8000), ("L", rect)], 2))  # cpOpenWindow
    assert win and long_of(ok(m, 0x150E, (), 2)) == win       # FrontWindow
    assert long_of(ok(m, 0x1516, [("W", 0x8000), ("L", 0)], 2)) == win   # one window
    assert long_of(ok(m, 0x1516, [("W", 0), ("L", 0)], 2)) == win
    left = SHR + 100 // 4
    lines = [read_bytes(m.mem, left + v * ROW_BYTES, 40) for v in range(60, 80)]
    first = [row for row in lines[:10] if row != b"\xFF" * 40]    # "Gin": black on white
    second = [row for row in lines[10:] if row != b"\xFF" * 40]   # "Knock"
    assert first and second
    assert all(b == 0xFF for v in range(100, 140) for b in
               read_bytes(m.mem, left + v * ROW_BYTES, 40))   # nothing below the text
    assert tb.desk.is_system_window(tb.wm.find(win))          # the Desk Manager's
    assert long_of(ok(m, 0x1516, [("W", 0x4000), ("L", 0)], 2)) == 0     # cpCloseWindow
    assert long_of(ok(m, 0x150E, (), 2)) != win
    win = long_of(ok(m, 0x1516, [("W", 0x8000), ("L", 0)], 2))    # the default rect
    ok(m, 0x1C05, [("L", win)])                               # CloseNDAbyWinPtr
    assert long_of(ok(m, 0x1516, [("W", 0), ("L", 0)], 2)) == 0


def test_system_icons_are_icon_records_drawicon_draws():
    m, tb = desktop()
    ok(m, 0x0212)                                             # QDAuxStartUp

    def icon(flags, value, aux=0):
        return long_of(ok(m, 0x0F12, [("W", flags), ("W", value), ("L", aux)], 2))

    folder, opened = icon(0, 0x0F), icon(4, 0x0F)             # fUseOpenFolders
    assert folder and opened and folder != opened
    assert icon(0, 0x0F) == folder                            # made once
    document, application = icon(0, 0x04), icon(0, 0xB3, 0x0100)
    assert len({folder, opened, document, application}) == 4
    assert icon(1, 0x0003) != icon(1, 0x0005)                 # a 3.5" drive, a hard disk
    misc = [icon(2, v) for v in range(5)]                     # desktop .. boxed arrow
    assert len(set(misc)) == 5
    for flags, value in ((3, 0), (2, 5)):                     # badGetSysIconInput
        error, _ = call_tool(m, 0x0F12, [("W", flags), ("W", value), ("L", 0)], 2)
        assert error == 0x1230
    assert [read_word(m.mem, folder + 2 * i) for i in range(4)] == [0, 8 * 12, 12, 16]
    ok(m, 0x0B12, [("L", folder), ("W", 0), ("W", 200), ("W", 120)])   # DrawIcon
    row = lambda v: read_bytes(m.mem, SHR + (120 + v) * ROW_BYTES + 200 // 4, 8)
    assert row(10) == bytes(8)                                # the folder's bottom edge
    assert row(4) == b"\x0F" + b"\xFF" * 6 + b"\xF0"          # its sides, white inside


def test_choose_font_answers_the_font_id_picked_or_zero_for_cancel():
    host = Host()
    m = Machine(host=host)
    start_desktop(m)
    ok(m, 0x021B, [("W", 0x1001), ("W", 0x1800)])             # FMStartUp
    left, top = (640 - 320) // 2, 30                          # the dialog's content
    bold = (left + 14, top + 14 + 2 * 14 + 5)                 # its Bold check box
    host.click(*bold)
    host.inputs += [HostInput("key", key=ord("1")), HostInput("key", key=ord("2")),
                    HostInput("key", key=0x0D)]               # size 12, Return: OK
    chosen = long_of(ok(m, 0x161B, [("L", 0x0800FFFE), ("W", 0)], 2))   # ChooseFont
    assert chosen == 0x0C01FFFE                               # Shaston, bold, 12 points
    host.inputs += [HostInput("key", key=0x1B)]               # Escape: Cancel
    assert long_of(ok(m, 0x161B, [("L", chosen), ("W", 0)], 2)) == 0
    host.inputs += [HostInput("key", key=0x0D)]               # family 0: the system font
    assert long_of(ok(m, 0x161B, [("L", 0x00020000), ("W", 0)], 2)) == 0x0802FFFE
