"""TextEdit (tool set $22): a small editor program (tests/machine/programs/
desktop_textedit.asm) typed into, a word selected by a mouse drag, made bold, cut and
pasted back, a long text scrolled with its scroll bar, the text read back with
TEGetText -- all as a user drives it, through the Event Manager; and the calls' own
rules (descriptors, wrapping, rulers, styles, points) on a started desktop."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from iigs.host import HeadlessHost
from iigs.hostinput import APPLE_KEY, HostInput
from system.machine import Machine
from iigs.memory import read_bytes, read_long, write_long, write_word
from machine_desktop import machine_build
from toolbox import scrap
from toolbox.calls import ToolError
from toolbox.textedit import calls as te
from toolbox.textedit.model import (BOLD, JUST_CENTER, JUST_RIGHT, KEY_LEFT, KEY_RIGHT,
                                    SWITCH_FACE, Lines, TEText)
from toolbox.textedit.record import LINE_HEIGHT

SHR = 0xE12000                   # the Super Hi-Res pixels, 160 bytes a line
WHITE_BYTE = 0xFF                # four white 640-mode pixels
CONTENT = (30, 20)               # the program's window content, global (top, left)
VARS_LENGTH, VARS_SEL_START, VARS_SEL_END = 16, 20, 24   # its direct page
VARS_REC_LENGTH, VARS_REC_ID, VARS_REC_SEL_END, VARS_REC_VERT_POS = 32, 36, 40, 44


class Editor:
    """The editor program on a whole machine, driven through its host."""

    def __init__(self) -> None:
        data, self.labels = machine_build("desktop_textedit")
        self.host = HeadlessHost()
        self.m = Machine(host=self.host)
        self.prog = self.m.load(data)
        assert self.settle() == "idle"
        assert read_word_at(self.m, self.prog.dp_base + 2) == 0     # StartUpTools: no error
        (self.handle,) = self.m.tb.te.records
        self.rec = self.m.tb.te.records[self.handle]

    def settle(self) -> str:
        return self.m.run(max_cycles=40_000_000)

    def type(self, text: str, modifiers: int = 0, then: str = "idle") -> None:
        for ch in text:
            self.host.push(HostInput("key", key=ord(ch), modifiers=modifiers))
        assert self.settle() == then

    def global_point(self, offset: int) -> tuple[int, int]:
        """(h, v) on the screen of the caret before `offset` (mid-line)."""
        v, h = self.rec.point_of(offset)
        return h + CONTENT[1], v - 2 + CONTENT[0]

    def drag(self, start: int, end: int) -> None:
        (h0, v0), (h1, v1) = self.global_point(start), self.global_point(end)
        self.host.push(HostInput("down", h0, v0))
        self.host.push(HostInput("move", (h0 + h1) // 2, v0))
        self.host.push(HostInput("move", h1, v1))
        self.host.push(HostInput("up", h1, v1))
        assert self.settle() == "idle"

    def click(self, h: int, v: int) -> None:
        self.host.push(HostInput("down", h, v))
        self.host.push(HostInput("up", h, v))
        assert self.settle() == "idle"


def read_word_at(m, addr: int) -> int:
    return m.mem[addr] | m.mem[addr + 1] << 8


def drawn(m, text: str) -> list[tuple[int, int]]:
    """Where QuickDraw drew `text` (global h, baseline v), oldest first."""
    return [(h, v) for h, v, t, _ in m.tb.qd.text_log if t == text]


def row_is_blank(m, v: int, h0: int, h1: int) -> bool:
    row = SHR + 160 * v
    return all(b == WHITE_BYTE for b in m.mem[row + h0 // 4:row + h1 // 4])


def test_an_editor_typed_into_styled_cut_pasted_scrolled_and_read_back():
    ed = Editor()
    m, rec = ed.m, ed.rec
    ed.type("Gin King is fun")
    assert bytes(rec.model.text) == b"Gin King is fun"
    # the text is on the screen at the view's first line: view (6, 10) local
    top, left = CONTENT[0] + rec.view[0], CONTENT[1] + rec.view[1]
    assert drawn(m, "Gin King is fun")[-1] == (left, top + 6)
    width = m.tb.qd.TextWidth(b"Gin King is fun")
    assert not row_is_blank(m, top + 3, left, left + width)        # ink where it is
    assert row_is_blank(m, top + 3, left + width + 8, left + width + 80)

    ed.drag(4, 9)                                # "King " selected by the mouse
    assert (rec.model.sel_start, rec.model.sel_end) == (4, 9)
    ed.type("b", APPLE_KEY)                      # bold, by TEStyleChange
    faces = [(n, st.face) for n, st in rec.model.style_runs()]
    assert faces == [(4, 0), (5, BOLD), (6, 0)]
    m.tb.qd.text_log.clear()
    m.tb.te.draw(rec)
    assert [t for _, _, t, _ in m.tb.qd.text_log] == ["Gin ", "King ", "is fun"]
    assert drawn(m, "King ")[0][0] == left + m.tb.qd.TextWidth(b"Gin ")

    ed.type("x", APPLE_KEY)                      # cut: the scrap holds it
    assert bytes(rec.model.text) == b"Gin is fun"
    assert m.tb.scrap.data(scrap.TEXT_SCRAP) == b"King "
    ed.click(*ed.global_point(10))               # the caret after "fun"
    ed.type(" ")
    ed.type("v", APPLE_KEY)                      # pasted back
    assert bytes(rec.model.text) == b"Gin is fun King "
    assert (rec.model.sel_start, rec.model.sel_end) == (16, 16)

    # a long text: the view (7 lines) follows the caret; the scroll bar scrolls it
    ed.type("".join(f"\rline {n}" for n in range(2, 15)))
    assert len(rec.layout().starts) == 14
    assert rec.vert_pos == rec.vert_max == 14 * LINE_HEIGHT - (rec.view[2] - rec.view[0])
    bar = m.tb.ctl.controls[rec.scroll_bar]
    assert bar.value == rec.vert_pos
    bt, bl, bb, br = bar.rect                    # its up arrow, clicked twice
    for _ in range(2):
        ed.click(CONTENT[1] + (bl + br) // 2, CONTENT[0] + bt + 3)
    assert rec.vert_pos == rec.vert_max - 2 * LINE_HEIGHT
    assert bar.value == rec.vert_pos
    first = rec.vert_pos // LINE_HEIGHT          # the line now at the view's top
    m.tb.qd.text_log.clear()
    m.tb.te.draw(rec)
    assert m.tb.qd.text_log[0][1:3] == (top + 6 - rec.vert_pos % LINE_HEIGHT,
                                        f"line {first + 1}")

    ed.type("q", APPLE_KEY, then="quit")         # TEGetText into the program's buffer
    length = read_long(m.mem, ed.prog.dp_base + VARS_LENGTH)
    expected = b"Gin is fun King " + b"".join(b"\rline %d" % n for n in range(2, 15))
    assert length == len(expected)
    buffer = ed.prog.entry + ed.labels["Buffer"]
    assert read_bytes(m.mem, buffer, length) == expected
    assert read_long(m.mem, ed.prog.dp_base + VARS_SEL_START) == len(expected)
    # the TERecord's own fields, read by the program through its handle
    dp = lambda offset: read_long(m.mem, ed.prog.dp_base + offset)
    assert dp(VARS_REC_LENGTH) == len(expected)
    assert dp(VARS_REC_ID) == 1                  # the template's ID
    assert dp(VARS_REC_SEL_END) == len(expected)
    assert dp(VARS_REC_VERT_POS) == rec.vert_pos > 0


# -- the calls' rules on a started desktop -------------------------------------------------

@pytest.fixture
def te_rec(tb):
    """A window and a TextEdit record (TENew, no scroll bar, the standard indents)."""
    from toolbox import window
    te.TEStartUp(tb, 0x1001, 0x1700)
    win = window.NewWindow(tb, tb.scratch.window_params((40, 20, 160, 320), b"Edit"))
    window.StartDrawing(tb, win)
    pb = tb.scratch.take(0x60)
    write_word(tb.mem, pb, 9)
    write_long(tb.mem, pb + 2, 7)
    for i, v in enumerate((0, 0, 100, 204)):
        write_word(tb.mem, pb + 6 + 2 * i, v)
    write_long(tb.mem, pb + 0x0E, 0x85000000)
    for i in range(4):
        write_word(tb.mem, pb + 0x1E + 2 * i, 2)
    return te.TENew(tb, pb)


def test_text_in_every_descriptor_and_back(tb, te_rec):
    s = tb.scratch
    te.TESetText(tb, te.DATA_PSTRING, s.pstring(b"Knock"), 0, 0, 0, te_rec)
    assert bytes(tb.te.record(te_rec).model.text) == b"Knock"
    te.TESetText(tb, te.DATA_CSTRING, s.bytes(b"Gin!\0"), 0, 0, 0, te_rec)
    te.TESetSelection(tb, 0xFFFFFFFF, 0xFFFFFFFF, te_rec)       # -1: the end
    handle = tb.mm.new_handle(3, 0x1001, 0)
    tb.mem[tb.mm.deref(handle):tb.mm.deref(handle) + 3] = b" 10"
    te.TEInsert(tb, te.DATA_TEXT_BLOCK | te.REF_HANDLE << 3, handle, 0, 0, 0, te_rec)
    out = s.take(64)
    assert te.TEGetText(tb, te.DATA_PSTRING, out, 64, 0, 0, te_rec) == 7
    assert read_bytes(tb.mem, out, 8) == b"\x07Gin! 10"
    assert te.TEGetText(tb, te.DATA_CSTRING, out, 64, 0, 0, te_rec) == 7
    assert read_bytes(tb.mem, out, 8) == b"Gin! 10\0"
    tb.mem[out:out + 8] = bytes(8)
    assert te.TEGetText(tb, te.DATA_TEXT_BLOCK, out, 3, 0, 0, te_rec) == 7
    assert read_bytes(tb.mem, out, 4) == b"Gin\0"                # the buffer's size kept
    where = s.take(4)
    te.TEGetText(tb, te.DATA_TEXT_BLOCK | te.REF_NEW_HANDLE << 3, where, 0, 0, 0, te_rec)
    made = read_long(tb.mem, where)
    assert read_bytes(tb.mem, tb.mm.deref(made), tb.mm.size_of(made)) == b"Gin! 10"
    info = s.take(24)
    te.TEGetTextInfo(tb, info, 2, te_rec)
    assert (read_long(tb.mem, info), read_long(tb.mem, info + 4)) == (7, 1)
    ptr = tb.mm.deref(te_rec)                    # the TERecord's textLength and selection
    assert read_long(tb.mem, ptr + 0x2C) == 7
    assert (read_long(tb.mem, ptr + 0x6E), read_long(tb.mem, ptr + 0x72)) == (7, 7)


def test_words_wrap_and_the_keys_move_by_lines(tb, te_rec):
    rec = tb.te.record(te_rec)
    words = b"spades hearts diamonds clubs " * 4
    rec.model.set_text(words)
    tb.te.changed(rec)
    lines = rec.layout()
    assert len(lines.starts) > 2
    room = rec.view[3] - rec.view[1]
    for n, start in enumerate(lines.starts):          # a line's spaces may hang over
        assert tb.qd.TextWidth(words[start:lines.end_of(n)].rstrip(b" ")) <= room
        if n:
            assert words[start - 1:start] == b" "             # broken after a word
    rec.model.select(lines.starts[1] + 2, lines.starts[1] + 2)
    rec.model.key(0x0A, 0, lines)                             # down: same x, next line
    assert lines.line_of(rec.model.sel_start) == 2
    rec.model.key(KEY_LEFT, 0x0200, lines)                    # shift-left extends
    rec.model.key(KEY_LEFT, 0x0200, lines)
    assert rec.model.sel_end - rec.model.sel_start == 2
    rec.model.key(KEY_RIGHT, 0, lines)                        # right: to the end of it
    assert not rec.model.has_selection
    rec.model.key(0x7F, 0, lines)                             # delete
    assert len(rec.model.text) == len(words) - 1


def test_points_and_offsets_are_inverse_and_the_ruler_justifies(tb, te_rec):
    s = tb.scratch
    rec = tb.te.record(te_rec)
    te.TESetText(tb, te.DATA_PSTRING, s.pstring(b"Gin\rRummy"), 0, 0, 0, te_rec)
    vp, hp = s.take(4), s.take(4)
    for offset in range(10):
        te.TEOffsetToPoint(tb, offset, vp, hp, te_rec)
        v, h = read_long(tb.mem, vp), read_long(tb.mem, hp)
        assert te.TEPointToOffset(tb, v, h, te_rec) == offset
    ruler = s.take(18)
    te.TEGetRuler(tb, 0, ruler, te_rec)
    write_word(tb.mem, ruler + 6, JUST_RIGHT)
    te.TESetRuler(tb, 0, ruler, te_rec)
    right = rec.view[3]
    assert rec.line_left(1) + rec.layout().line_width(1) == right
    write_word(tb.mem, ruler + 6, JUST_CENTER)
    te.TESetRuler(tb, 0, ruler, te_rec)
    middle = (rec.view[1] + right) // 2
    assert abs(rec.line_left(0) + rec.layout().line_width(0) // 2 - middle) <= 1


def test_style_of_a_selection_and_a_style_for_typing(tb, te_rec):
    s = tb.scratch
    rec = tb.te.record(te_rec)
    te.TESetText(tb, te.DATA_PSTRING, s.pstring(b"Undercut"), 0, 0, 0, te_rec)
    new = s.take(12)
    write_long(tb.mem, new, 0x0C000000 | 0x0004 << 16 | 0x0016)   # size 12, face, family
    write_word(tb.mem, new + 4, 0x4444)
    te.TESetSelection(tb, 0, 5, te_rec)
    te.TEStyleChange(tb, te.REPLACE_SIZE | te.REPLACE_FORE, new, te_rec)
    got = s.take(12)
    te.TESetSelection(tb, 3, 7, te_rec)                 # across the two runs
    flags = te.TEGetSelectionStyle(tb, got, 0, te_rec)
    assert flags == te.ALL_STYLE_FLAGS & ~(te.REPLACE_SIZE | te.REPLACE_FORE)
    te.TESetSelection(tb, 8, 8, te_rec)                 # an empty selection: the
    te.TEStyleChange(tb, te.REPLACE_FACE, new, te_rec)  #   style the next key types
    ev = s.take(16)
    write_word(tb.mem, ev, 3)
    write_long(tb.mem, ev + 2, ord("!"))
    te.TEKey(tb, ev, te_rec)
    assert rec.model.styles[-1].face == 0x04 and rec.model.styles[-2].face == 0
    assert [n for n, _ in rec.model.style_runs()] == [5, 3, 1]
    assert te.TEGetSelectionStyle(tb, got, 0, te_rec) == te.ALL_STYLE_FLAGS


def test_styled_text_goes_out_and_comes_back_as_a_te_format(tb, te_rec):
    s = tb.scratch
    rec = tb.te.record(te_rec)
    te.TESetText(tb, te.DATA_PSTRING, s.pstring(b"Gin Rummy"), 0, 0, 0, te_rec)
    bold = s.take(12)
    write_long(tb.mem, bold, BOLD << 16 | 0xFFFE)
    te.TESetSelection(tb, 4, 9, te_rec)
    te.TEStyleChange(tb, te.REPLACE_FACE, bold, te_rec)
    ruler = s.take(18)
    te.TEGetRuler(tb, 0, ruler, te_rec)
    write_word(tb.mem, ruler + 6, JUST_RIGHT)
    te.TESetRuler(tb, 0, ruler, te_rec)
    text_at, style_at = s.take(4), s.take(4)
    te.TEGetText(tb, te.DATA_TEXT_BLOCK | te.REF_NEW_HANDLE << 3, text_at, 0,
                 te.REF_NEW_HANDLE, style_at, te_rec)
    text_handle, style_handle = read_long(tb.mem, text_at), read_long(tb.mem, style_at)
    runs = rec.model.style_runs()
    te.TESetText(tb, te.DATA_PSTRING, s.pstring(b"x"), 0, 0, 0, te_rec)     # plain again
    ruler_plain = s.take(18)
    write_word(tb.mem, ruler_plain + 6, 0)
    te.TESetRuler(tb, 0, ruler_plain, te_rec)
    te.TESetText(tb, te.DATA_TEXT_BLOCK | te.REF_HANDLE << 3, text_handle, 0,
                 te.REF_HANDLE, style_handle, te_rec)
    assert bytes(rec.model.text) == b"Gin Rummy"
    assert rec.model.style_runs() == runs and [n for n, _ in runs] == [4, 5]
    assert rec.ruler.just == JUST_RIGHT
    te.TESetSelection(tb, 9, 9, te_rec)          # TEInsert of a styled block: its styles
    te.TEInsert(tb, te.DATA_TEXT_BLOCK | te.REF_HANDLE << 3, text_handle, 0,
                te.REF_HANDLE, style_handle, te_rec)
    assert [n for n, _ in rec.model.style_runs()] == [4, 5, 4, 5]


@given(st.lists(st.sampled_from([KEY_LEFT, KEY_RIGHT, 0x0A, 0x0B, 0x7F, 0x0D, ord("k"),
                                 ord(" "), (KEY_LEFT, 0x0200), (KEY_RIGHT, 0x0200),
                                 (0x0A, 0x0200), (KEY_RIGHT, APPLE_KEY)]), max_size=40))
def test_any_keys_keep_the_selection_and_the_styles_in_the_text(keys):
    m = TEText()
    m.set_text(b"Gin King\rRummy hands")
    for k in keys:
        ch, mods = k if isinstance(k, tuple) else (k, 0)
        m.key(ch, mods, Lines(m, lambda c, s: 5, 30))
        assert 0 <= m.sel_start <= m.sel_end <= len(m.text) == len(m.styles)


def test_clicks_double_clicks_idle_painting_and_scrolling(tb, host, te_rec):
    from toolbox import event, window
    s = tb.scratch
    rec = tb.te.record(te_rec)
    te.TEActivate(tb, te_rec)
    te.TESetText(tb, te.DATA_PSTRING, s.pstring(b"Knock with ten"), 0, 0, 0, te_rec)
    win = tb.wm.find(rec.owner)
    v, h = rec.point_of(7)                       # inside "with"
    gv, gh = v - 2 + win.content[0], h + 1 + win.content[1]
    assert win.to_local(gv, gh) == (v - 2, h + 1)
    ev = s.take(16)

    def click() -> None:                         # as a program: the mouse-down event
        host.click(gh, gv)                       #   from GetNextEvent, then TEClick
        assert event.GetNextEvent(tb, 1 << 1, ev)
        te.TEClick(tb, ev, te_rec)

    click()
    assert (rec.model.sel_start, rec.model.sel_end) == (7, 7)
    click()                                      # again at once: the word
    assert rec.model.selected == b"with"
    tb.em._tick_fallback += 100                  # time passes: a single click again
    click()
    assert not rec.model.has_selection
    # TEIdle: the caret goes off and on every caret time
    shown = rec.caret_on
    tb.em._tick_fallback += tb.em.caret_time
    te.TEIdle(tb, te_rec)
    assert rec.caret_on != shown
    # TEPaintText: lines from a given one, laid from a rectangle's top
    te.TESetText(tb, te.DATA_PSTRING, s.pstring(b"one\rtwo\rthree"), 0, 0, 0, te_rec)
    tb.qd.text_log.clear()
    rect = s.rect((0, 0, 2 * LINE_HEIGHT, 200))
    assert te.TEPaintText(tb, win.ptr, 1, rect, 0, te_rec) == 0
    assert [t for _, _, t, _ in tb.qd.text_log] == ["two", "three"]
    first_left = tb.qd.text_log[0][0]            # laid from the rectangle's top left
    assert tb.qd.text_log[0][1] - win.content[0] == 6 and first_left == win.content[1]
    assert te.TEPaintText(tb, win.ptr, 0, rect, 0, te_rec) == 2     # room for two lines
    # TEScroll: by lines, pixels and units, pinned to the text
    long_text = b"\r".join(b"row %d" % n for n in range(30))
    te.TESetText(tb, te.DATA_TEXT_BLOCK, s.bytes(long_text), len(long_text), 0, 0, te_rec)
    assert te.TEScroll(tb, te.SCROLL_LINE_TOP, 5, 0, te_rec) == 5 * LINE_HEIGHT
    assert te.TEScroll(tb, te.SCROLL_REL_UNIT, 2, 0, te_rec) == 7 * LINE_HEIGHT
    assert te.TEScroll(tb, te.SCROLL_ABS_TOP, 10_000, 0, te_rec) == rec.vert_max
    assert te.TEScroll(tb, te.SCROLL_REL_UNIT, (-1000) & 0xFFFFFFFF, 0, te_rec) == 0
    tb.qd.text_log.clear()
    te.TEScroll(tb, te.SCROLL_LINE_TOP, 3, 0, te_rec)
    assert tb.qd.text_log[0][2] == "row 3"
    info = s.take(24)
    te.TEGetTextInfo(tb, info, 6, te_rec)
    assert read_long(tb.mem, info + 4) == 30
    te.TEScroll(tb, te.SCROLL_ABS_TOP, 10_000, 0, te_rec)
    te.TESetSelection(tb, 10, len(long_text), te_rec)
    te.TEClear(tb, te_rec)                       # a shorter text: the view comes back
    assert rec.vert_pos == rec.vert_max == 0
    with pytest.raises(ToolError) as refused:
        te.TEGetTextInfo(tb, info, 7, te_rec)
    assert refused.value.code == 0x2206                   # teInvalidPCount
    window.CloseWindow(tb, win.ptr)                       # its controls go with it
    with pytest.raises(ToolError):
        te.TEUpdate(tb, te_rec)


def edit_text_template(tb, count: int, ctl_id: int, text: bytes = b"",
                       own_bar: bool = False) -> int:
    """A TextEdit control template (a TEParamBlock) at (2, 2, 80, 280), the standard
    indents; with count 16 its C-string text and, asked, TextEdit's own scroll bar."""
    template = tb.scratch.take(0x60)
    write_word(tb.mem, template, count)
    write_long(tb.mem, template + 2, ctl_id)
    for i, v in enumerate((2, 2, 80, 280)):
        write_word(tb.mem, template + 6 + 2 * i, v)
    write_long(tb.mem, template + 0x0E, 0x85000000)
    for i in range(4):
        write_word(tb.mem, template + 0x1E + 2 * i, 0xFFFF)
    if own_bar:
        write_long(tb.mem, template + 0x26, 0xFFFFFFFF)
    if text:
        write_word(tb.mem, template + 0x36, te.DATA_CSTRING)
        write_long(tb.mem, template + 0x38, tb.scratch.bytes(text + b"\0"))
    return template


def test_a_textedit_control_made_from_a_template_and_disposed_as_a_control(tb):
    from toolbox import control, window
    te.TEStartUp(tb, 0x1001, 0x1700)
    win = window.NewWindow(tb, tb.scratch.window_params((40, 20, 160, 320), b"Note"))
    s = tb.scratch
    template = edit_text_template(tb, 16, 0x4B47, b"Deal the cards", own_bar=True)
    handle = control.NewControl2(tb, win, 0, template)
    assert control.GetCtlHandleFromID(tb, win, 0x4B47) == handle
    rec = tb.te.record(handle)
    assert bytes(rec.model.text) == b"Deal the cards"
    tb.qd.SetPort(win)
    assert tb.te.record(0).handle == handle        # 0: the port's TextEdit record
    found = s.take(4)
    gv, gh = 40 + 10, 20 + 40                      # inside its text, global
    assert control.FindControl(tb, found, gh, gv, win) == 0x85
    assert read_long(tb.mem, found) == handle
    bar = rec.scroll_bar
    control.DisposeControl(tb, handle)
    assert handle not in tb.ctl.controls and bar not in tb.ctl.controls
    assert not tb.te.owns(handle)


def test_taskmaster_gives_a_textedit_control_its_keys_clicks_and_idle_time(tb, host):
    from toolbox import control, window
    from toolbox.textedit.record import (TM_CONTENT_CONTROLS, TM_CONTROL_KEY,
                                         TM_IDLE_EVENTS, W_IN_CONTROL)
    te.TEStartUp(tb, 0x1001, 0x1700)
    s = tb.scratch
    win = window.NewWindow(tb, s.window_params((40, 20, 160, 320), b"Note"))
    template = edit_text_template(tb, 9, 5)
    handle = control.NewControl2(tb, win, 0, template)
    rec = tb.te.record(handle)
    te.TEActivate(tb, handle)
    task = s.take(0x2E)
    write_long(tb.mem, task + 0x14, 0x001F | window.TM_CONTENT | TM_CONTENT_CONTROLS
               | TM_CONTROL_KEY | TM_IDLE_EVENTS)

    def pump() -> list[int]:
        codes = []
        for _ in range(40):
            code = window.TaskMaster(tb, 0xFFFF, task)
            if code == 6:                        # an update: the program redraws
                window.BeginUpdate(tb, win)
                control.DrawControls(tb, win)
                window.EndUpdate(tb, win)
            elif code:
                codes.append(code)
        return codes

    pump()                                       # the window's update and activation
    for ch in "Knock":
        host.key(ch)
    assert pump() == [W_IN_CONTROL] * 5
    assert bytes(rec.model.text) == b"Knock"
    assert (read_long(tb.mem, task + 0x1E), read_long(tb.mem, task + 0x26)) == (handle, 5)
    v, h = rec.point_of(1)                       # a drag over "noc", by the mouse
    v2, h2 = rec.point_of(4)
    host.drag(20 + h, 40 + v - 2, 20 + h2, 40 + v2 - 2)
    assert pump() == [W_IN_CONTROL]
    assert rec.model.selected == b"noc"
    host.key("i")
    pump()
    assert bytes(rec.model.text) == b"Kik"
    blinked = rec.last_blink
    tb.em._tick_fallback += tb.em.caret_time     # idle time: the caret blinks
    pump()
    assert rec.last_blink > blinked


def test_a_single_style_record_and_a_full_one(tb, te_rec, host):
    from toolbox.textedit.record import F_SINGLE_STYLE
    s = tb.scratch
    rec = tb.te.record(te_rec)
    rec.flags |= F_SINGLE_STYLE
    te.TESetText(tb, te.DATA_PSTRING, s.pstring(b"Spades"), 0, 0, 0, te_rec)
    te.TESetSelection(tb, 0, 2, te_rec)
    bold = s.take(12)
    write_long(tb.mem, bold, BOLD << 16)
    te.TEStyleChange(tb, SWITCH_FACE, bold, te_rec)
    assert [(n, st.face) for n, st in rec.model.style_runs()] == [(6, BOLD)]
    rec.model.max_chars = 7
    ev = s.take(16)
    write_word(tb.mem, ev, 3)
    for ch in b"!?":
        write_long(tb.mem, ev + 2, ch)
        te.TESetSelection(tb, 6, 6, te_rec)
        te.TEKey(tb, ev, te_rec)
    assert bytes(rec.model.text) == b"Spades!" and host.beeps == 1


def test_a_textedit_control_tracked_without_a_point_takes_the_click_where_it_was(tb, host):
    """DoModalWindow tracks the control it finds with no start point (TrackControl's
    core then asks where the mouse is): in a window away from the screen's origin the
    caret goes where the click was, in the window's own coordinates."""
    from toolbox import control, dialog, window
    te.TEStartUp(tb, 0x1001, 0x1700)
    s = tb.scratch
    win = window.NewWindow(tb, s.window_params((60, 100, 160, 420), b"Note"))
    template = edit_text_template(tb, 16, 9, b"Knock with ten")
    handle = control.NewControl2(tb, win, 0, template)
    rec = tb.te.record(handle)
    w = tb.wm.find(win)
    assert w.content[:2] == (60, 100)              # not at the screen's origin
    v, h = rec.point_of(6)                         # before "with", local
    host.click(w.content[1] + h + 1, w.content[0] + v - 2)
    ev = s.take(16)
    answers = [dialog.DoModalWindow(tb, ev, 0, 0, 0, 0) for _ in range(6)]
    assert [a for a in answers if a] == [9]        # the control's ID, for the click
    assert (rec.model.sel_start, rec.model.sel_end) == (6, 6)
    # and as a program's TrackControl core, again with no point: after "Knock"
    v, h = rec.point_of(5)
    host.click(w.content[1] + h + 1, w.content[0] + v - 2)
    from toolbox import event
    assert event.GetNextEvent(tb, 1 << 1, ev)
    assert tb.ctl.track(tb.ctl.control(handle)) == 0x85
    assert (rec.model.sel_start, rec.model.sel_end) == (5, 5)
