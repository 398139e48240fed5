"""TextEdit records: each one a control (its TERecord is its control record), its view,
scroll position and scroll bar, and its drawing through QuickDraw II.

The TERecord in memory begins as every control record does (ctrlNext, inPort,
boundsRect, ctrlFlag, ctrlHilite, then lastErrorCode where ctlValue is, ctrlProc,
ctrlAction, filterProc where ctlData is, ctrlRefCon, colorRef; the Control Manager
keeps the control's own) and goes on with TextEdit's fields. The offsets below are
the TERecord struct of ORCA/C's `ORCACDefs/textedit.h` (Apple's interface, Copyright
Apple Computer 1986-90, Byte Works 1992) laid out field by field with ORCA/C's sizes
(`types.h`: Word and Boolean 2 bytes, pointers, handles and LongWord 4, Rect 8,
Point 4; TETextList 8, TESuperHandle 12, TEStyle 12, TEKeyRecord 14; no padding).
ORCA/Pascal's `Common.pas` variant of the record gives ctrlID as an integer and a
10-byte superHandle (every field after textLength two or more bytes earlier); it is
not followed: ctlID is a long at $38 in every control record (the generic CtlRec of
both interfaces), where GetCtlID reads it for TextEdit controls as for the others.

The fields kept in step with the editing: lastErrorCode, textFlags, textLength,
ctrlID, ctrlMoreFlags, viewRect, totalHeight, selectionStart, selectionEnd,
selectionActive, vertScrollBar, vertScrollPos, vertScrollMax, vertScrollAmount and
maximumChars. The text itself lives in the model (`TEText`); TEGetText gives it to a
program in the form it asks for.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from iigs.memory import write_long, write_word
from iigs import font
from toolbox.calls import ToolError
from toolbox.control import (CTL_INVISIBLE, DOWN_ARROW, DOWN_FLAG, PAGE_DOWN, PAGE_UP,
                             SCROLL_PROC, THUMB, UP_ARROW, UP_FLAG, Control)
from toolbox.textedit.model import (BOLD, JUST_CENTER, JUST_RIGHT, Lines, Ruler,
                                    Style, TEText)
from toolbox.toolbox import tool_state
from toolbox.window import Rect

TOOLSET = 0x22
EDIT_TEXT_CONTROL = 0x85000000          # procRef of a TextEdit control (editTextControl)
TE_RECORD_END = 0x106                   # sizeof(TERecord): anchorPoint ends there
TE_RECORD_SIZE = 0x200                  # the handle TextEdit gives a record (room past it)

# TERecord offsets kept in step (ORCA/C textedit.h, laid out as the docstring says)
TE_LAST_ERROR = 0x12
TE_TEXT_FLAGS, TE_TEXT_LENGTH, TE_CTL_ID, TE_MORE_FLAGS = 0x28, 0x2C, 0x38, 0x3C
TE_VIEW_RECT, TE_TOTAL_HEIGHT = 0x40, 0x48
TE_SEL_START, TE_SEL_END, TE_SEL_ACTIVE = 0x6E, 0x72, 0x76
TE_VERT_BAR, TE_VERT_POS, TE_VERT_MAX, TE_VERT_AMOUNT = 0x92, 0x96, 0x9A, 0x9E
TE_MAX_CHARS = 0xB2

# textFlags bits (textedit.h)
F_NOT_CONTROL = 0x80000000
F_SINGLE_STYLE = 0x20000000
F_NO_WORD_WRAP = 0x10000000
F_READ_ONLY = 0x04000000
F_DRAW_BOUNDS = 0x00800000

# Errors (tool set $22)
TE_INVALID_HANDLE = 0x2203
TE_INVALID_DESCRIPTOR = 0x2204
TE_INVALID_PCOUNT = 0x2206

# TaskMaster (vol. 3 ch. 52): the taskMask bits that give TextEdit controls their events,
# the answer for an event a control took, and the task record's fields for it
TM_CONTENT_CONTROLS, TM_CONTROL_KEY, TM_IDLE_EVENTS = 0x00010000, 0x00020000, 0x00100000
W_IN_CONTROL, W_IN_CONTENT = 0x0021, 0x0013
TASK_DATA2, TASK_DATA3, TASK_DATA4 = 0x1E, 0x22, 0x26     # control handle, part, ID
KEY_DOWN, AUTO_KEY, MOUSE_DOWN = 3, 5, 1

LINE_HEIGHT = font.ASCENT + font.DESCENT + font.LEADING
SCROLL_BAR_WIDTH = 26                   # 640 mode, as the Window Manager's bars
DEFAULT_INDENT = (2, 6, 2, 6)           # indentRect $FFFF: top, left, bottom, right
WHITE = 3
BLACK = 0
CARET_TIME_DEFAULT = 30


def char_width(ch: int, style: Style) -> int:
    """A character's advance in `style` (QuickDraw's widths: bold one pixel wider)."""
    if ch == 0x0D:
        return 0
    return font.char_width(ch) + (1 if style.face & BOLD else 0)


def colour_index(colour: int) -> int:
    """A TEStyle colour word (a 4-bit colour repeated) as QuickDraw's 640-mode index."""
    return colour & 0x3


@dataclass
class TERecord:
    """One TextEdit record: the model, its rectangles and scroll state."""
    handle: int
    owner: int
    bounds: Rect
    view: Rect
    flags: int
    model: TEText
    ruler: Ruler = field(default_factory=Ruler)
    scroll_bar: int = 0          # the vertical scroll bar's control handle (0: none)
    own_bar: bool = False        # TextEdit made the bar (and disposes of it)
    vert_amount: int = LINE_HEIGHT
    vert_pos: int = 0
    active: bool = False
    caret_on: bool = True
    last_blink: int = 0
    last_error: int = 0
    ctl_id: int = 0
    more_flags: int = 0
    lines: Lines | None = None
    last_click: tuple[int, int] = (-1, 0)   # (offset, tick) of the last click in the text

    @property
    def wrap_width(self) -> int:
        if self.flags & F_NO_WORD_WRAP:
            return 0
        t, l, b, r = self.view
        return max(r - l - self.ruler.left_margin - self.ruler.right_margin, 1)

    @property
    def total_height(self) -> int:
        return len(self.layout().starts) * LINE_HEIGHT

    @property
    def vert_max(self) -> int:
        t, l, b, r = self.view
        return max(0, self.total_height - (b - t))

    def layout(self) -> Lines:
        if self.lines is None:
            self.lines = Lines(self.model, char_width, self.wrap_width)
        return self.lines

    def relayout(self) -> Lines:
        self.lines = None
        return self.layout()

    # -- geometry (the port's local coordinates) -------------------------------------------
    def line_left(self, line: int) -> int:
        """Where line `line` begins, after the margin and the justification."""
        lines = self.layout()
        t, l, b, r = self.view
        left = l + self.ruler.left_margin
        room = self.wrap_width or (r - l)
        if self.ruler.just == JUST_RIGHT:
            left += room - lines.line_width(line)
        elif self.ruler.just == JUST_CENTER:
            left += (room - lines.line_width(line)) // 2
        return left

    def line_top(self, line: int) -> int:
        return self.view[0] + line * LINE_HEIGHT - self.vert_pos

    def point_of(self, offset: int) -> tuple[int, int]:
        """(v, h) of the caret at `offset`: v the line's baseline."""
        lines = self.layout()
        line = lines.line_of(offset)
        return self.line_top(line) + font.ASCENT, self.line_left(line) + lines.x_of(offset)

    def offset_at(self, v: int, h: int) -> int:
        """The offset nearest a local point."""
        lines = self.layout()
        line = (v - self.view[0] + self.vert_pos) // LINE_HEIGHT
        line = min(max(line, 0), len(lines.starts) - 1)
        return lines.offset_in_line(line, h - self.line_left(line))


@tool_state("te")
class TextEditManager:
    """Every TextEdit record, by handle."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.records: dict[int, TERecord] = {}
        self.def_proc = 0            # TEGetDefProc's routine, made when first asked

    def owns(self, handle: int) -> bool:
        return handle in self.records

    def record(self, handle: int) -> TERecord:
        """The record of a handle; handle 0: the current port's TextEdit control."""
        if not handle:
            port = self.tb.qd.GetPort()
            for rec in self.records.values():
                if rec.owner == port:
                    return rec
        rec = self.records.get(handle)
        if rec is None or handle not in self.tb.mm.blocks:
            self.records.pop(handle, None)
            raise ToolError(TE_INVALID_HANDLE, f"${handle:06X} is not a TextEdit record")
        return rec

    def sync(self, rec: TERecord) -> None:
        """Keep the TERecord's fields in memory equal to the record's state."""
        mem = self.tb.mem
        ptr = self.tb.mm.deref(rec.handle)
        write_word(mem, ptr + TE_LAST_ERROR, rec.last_error)
        write_long(mem, ptr + TE_TEXT_FLAGS, rec.flags)
        write_long(mem, ptr + TE_TEXT_LENGTH, len(rec.model.text))
        write_long(mem, ptr + TE_CTL_ID, rec.ctl_id)
        write_word(mem, ptr + TE_MORE_FLAGS, rec.more_flags)
        for i, value in enumerate(rec.view):
            write_word(mem, ptr + TE_VIEW_RECT + 2 * i, value)
        write_long(mem, ptr + TE_TOTAL_HEIGHT, rec.total_height)
        write_long(mem, ptr + TE_SEL_START, rec.model.sel_start)
        write_long(mem, ptr + TE_SEL_END, rec.model.sel_end)
        write_word(mem, ptr + TE_SEL_ACTIVE, 0xFFFF if rec.active else 0)
        write_long(mem, ptr + TE_VERT_BAR, rec.scroll_bar)
        write_long(mem, ptr + TE_VERT_POS, rec.vert_pos)
        write_long(mem, ptr + TE_VERT_MAX, rec.vert_max)
        write_word(mem, ptr + TE_VERT_AMOUNT, rec.vert_amount)
        write_long(mem, ptr + TE_MAX_CHARS, rec.model.max_chars)

    # -- creation --------------------------------------------------------------------------
    def new(self, owner: int, bounds: Rect, indent: Rect, flags: int, vert_bar: int,
            vert_amount: int, ctl_flag: int, refcon: int, ctl_id: int,
            more_flags: int) -> TERecord:
        """TENew's core: the record, its scroll bar when asked for, and, unless
        fNotControl, the control the Control Manager lists in the owner window."""
        tb = self.tb
        ctl_mgr = tb.ctl
        user = tb.wm.user_id or 0x1000
        t, l, b, r = bounds
        it, il, ib, ir = (DEFAULT_INDENT[i] if v == 0xFFFF else v
                          for i, v in enumerate(indent))
        bar_right = r
        if vert_bar == 0xFFFFFFFF:                       # TextEdit makes the bar
            bar = ctl_mgr.new_control(owner, (t, r - SCROLL_BAR_WIDTH, b, r), b"",
                                      UP_FLAG | DOWN_FLAG | (ctl_flag & CTL_INVISIBLE), 0,
                                      SCROLL_PROC)
            vert_bar, bar_right = bar.handle, r - SCROLL_BAR_WIDTH
            own = True
        else:
            own = False
            if vert_bar:
                bar_right = ctl_mgr.control(vert_bar).rect[1]
        view = (t + it, l + il, b - ib, bar_right - ir)
        handle = tb.mm.new_handle(TE_RECORD_SIZE, user, 0xC000)
        model = TEText(read_only=bool(flags & F_READ_ONLY))
        rec = TERecord(handle, owner, bounds, view, flags, model, scroll_bar=vert_bar,
                       own_bar=own, vert_amount=vert_amount or LINE_HEIGHT, ctl_id=ctl_id,
                       more_flags=more_flags)
        self.records[handle] = rec
        if not flags & F_NOT_CONTROL:
            ctl = Control(handle, owner, bounds, b"", ctl_flag & 0xFF, 0, EDIT_TEXT_CONTROL,
                          refcon)
            ctl.ctl_id, ctl.more_flags = ctl_id, more_flags   # the CtlRec's, kept alike
            ctl_mgr.controls[handle] = ctl
            ctl_mgr.sync(ctl)
        self.sync(rec)
        return rec

    def dispose(self, rec: TERecord) -> None:
        self.records.pop(rec.handle, None)
        ctl_mgr = self.tb.ctl
        if rec.own_bar and rec.scroll_bar in ctl_mgr.controls:
            ctl_mgr.dispose(ctl_mgr.controls[rec.scroll_bar])
        if rec.handle in ctl_mgr.controls:
            ctl_mgr.controls.pop(rec.handle)
        if rec.handle in self.tb.mm.blocks:
            self.tb.mm.dispose(rec.handle)

    # -- after an edit ---------------------------------------------------------------------
    def changed(self, rec: TERecord, draw: bool = True) -> None:
        """The text or selection changed: lines again, the caret kept in view, the
        scroll bar's range and the record's fields updated, the text drawn."""
        rec.relayout()
        rec.caret_on = True
        self.keep_in_view(rec)
        self.sync_bar(rec)
        self.sync(rec)
        if draw:
            self.draw(rec)

    def keep_in_view(self, rec: TERecord) -> None:
        lines = rec.layout()
        line = lines.line_of(rec.model.sel_end if rec.model.has_selection
                             else rec.model.sel_start)
        t, _, b, _ = rec.view
        top = line * LINE_HEIGHT
        if top < rec.vert_pos:
            rec.vert_pos = top
        elif top + LINE_HEIGHT > rec.vert_pos + (b - t):
            rec.vert_pos = top + LINE_HEIGHT - (b - t)
        rec.vert_pos = min(max(rec.vert_pos, 0), rec.vert_max)   # a shorter text: up

    def scroll_to(self, rec: TERecord, pos: int) -> None:
        rec.vert_pos = min(max(pos, 0), rec.vert_max)
        self.sync_bar(rec)
        self.sync(rec)
        self.draw(rec)

    def sync_bar(self, rec: TERecord) -> None:
        ctl_mgr = self.tb.ctl
        bar = ctl_mgr.controls.get(rec.scroll_bar)
        if bar is None:
            return
        t, _, b, _ = rec.view
        bar.data_size, bar.view_size = rec.total_height, b - t
        ctl_mgr.set_value(bar, rec.vert_pos, redraw=False)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, rec: TERecord) -> None:
        """The text in the view: each line's style runs, the selection inverted or the
        caret, the bounds framed when fDrawBounds, the scroll bar."""
        tb = self.tb
        qd = tb.qd
        wm = tb.wm
        win = wm.find(rec.owner)
        if win is not None and not win.visible:
            return
        ctl = tb.ctl.controls.get(rec.handle)
        if ctl is not None and not ctl.visible:
            return
        saved = qd.GetPort()
        if win is not None:
            wm.set_window_port(win)
        else:
            qd.SetPort(rec.owner)
        qd.SetPenMode(0)
        if rec.flags & F_DRAW_BOUNDS:
            qd.SetSolidPenPat(BLACK)
            self._frame(qd, rec.bounds)
        qd.ClipRect(rec.view)
        qd.SetSolidPenPat(WHITE)
        qd.PaintRect(rec.view)
        self.paint_lines(rec, 0, rec.view)
        self._draw_selection(qd, rec)
        if win is not None:
            qd.ClipRect(wm.local_content(win))
        qd.SetTextFace(0)
        qd.SetForeColor(BLACK)
        qd.SetBackColor(WHITE)
        if saved:
            qd.SetPort(saved)
        bar = tb.ctl.controls.get(rec.scroll_bar)
        if bar is not None:
            tb.ctl.draw(bar)

    @staticmethod
    def _frame(qd, rect: Rect) -> None:
        t, l, b, r = rect
        for edge in ((t, l, t + 1, r), (b - 1, l, b, r),
                     (t, l, b, l + 1), (t, r - 1, b, r)):
            qd.PaintRect(edge)

    def paint_lines(self, rec: TERecord, first: int, rect: Rect) -> int:
        """Draw lines from `first` whose tops fall in `rect` (the view: scrolled; another
        rect: laid from its top); the first line not drawn, 0 when all were."""
        qd = self.tb.qd
        lines = rec.layout()
        text, styles = rec.model.text, rec.model.styles
        t, l, b, r = rect
        in_view = rect == rec.view
        for line in range(first, len(lines.starts)):
            top = rec.line_top(line) if in_view else t + (line - first) * LINE_HEIGHT
            if top + LINE_HEIGHT <= t:
                continue
            if top >= b:
                return line
            h = rec.line_left(line) + (0 if in_view else l - rec.view[1])
            s, e = lines.starts[line], lines.visible_end(line)
            i = s
            while i < e:
                j = i
                while j < e and styles[j] == styles[i]:
                    j += 1
                st = styles[i]
                qd.SetTextFace(st.face)
                qd.SetForeColor(colour_index(st.fore))
                qd.SetBackColor(colour_index(st.back))
                qd.MoveTo(h + lines.x_of(i), top + font.ASCENT)
                qd.DrawText(bytes(text[i:j]))
                i = j
        return 0

    def _draw_selection(self, qd, rec: TERecord) -> None:
        if not rec.active:
            return
        m = rec.model
        lines = rec.layout()
        if not m.has_selection:
            if rec.caret_on:
                v, h = rec.point_of(m.sel_start)
                qd.SetSolidPenPat(BLACK)
                qd.PaintRect((v - font.ASCENT, h - 1, v + font.DESCENT + 1, h))
            return
        first, last = lines.line_of(m.sel_start), lines.line_of(m.sel_end)
        for line in range(first, last + 1):
            s = max(m.sel_start, lines.starts[line])
            e = min(m.sel_end, lines.end_of(line))
            top = rec.line_top(line)
            left = rec.line_left(line)
            h0 = left + lines.x_of(s)
            h1 = left + (lines.x_of(e) if e < lines.end_of(line) or e == s
                         else lines.line_width(line))
            if line < last and e == lines.end_of(line):
                h1 = rec.view[3]
            if h1 > h0:
                qd.InvertRect((top, h0, top + LINE_HEIGHT, h1))

    def idle(self, rec: TERecord) -> None:
        """TEIdle's core: the caret blinks every caret time."""
        em = self.tb.em
        now = em.ticks()
        if now - rec.last_blink >= (em.caret_time or CARET_TIME_DEFAULT):
            rec.last_blink = now
            rec.caret_on = not rec.caret_on
            if rec.active and not rec.model.has_selection:
                self.draw(rec)

    # -- the mouse -------------------------------------------------------------------------
    def click(self, rec: TERecord, v: int, h: int, extend: bool) -> None:
        """TEClick's core at a local point: in the scroll bar, the bar is tracked and
        the text scrolls; in the text, the caret goes there (shift: the selection grows
        to it; a second click there within the double-click time: the word) and follows
        a drag, selecting."""
        tb = self.tb
        bar = tb.ctl.controls.get(rec.scroll_bar)
        if bar is not None and tb.ctl.part_at(bar, v, h):
            self._click_bar(rec, bar, v, h)
            return
        m = rec.model
        at = rec.offset_at(v, h)
        now = tb.em.ticks()
        double = rec.last_click[0] == at and now - rec.last_click[1] <= tb.em.double_time
        rec.last_click = (-1, 0) if double else (at, now)
        if extend:
            m.extend_to(at)
        elif double:
            start, end = m.word_at(at)
            m.select(start, end)
        else:
            m.select(at, at)
        self.changed(rec)

        def follow(gv: int, gh: int) -> None:
            lv, lh = tb.wm.local_point(rec.owner, gv, gh)
            now = rec.offset_at(lv, lh)
            if double and now == at:           # the word stays selected
                return
            anchor = m.anchor
            if (min(anchor, now), max(anchor, now)) != (m.sel_start, m.sel_end):
                m.extend_to(now)
                self.changed(rec)
                tb.wm.present_frame()

        for gv, gh in tb.em.track():
            follow(gv, gh)
        follow(*tb.em.mouse)

    def _click_bar(self, rec: TERecord, bar, v: int, h: int) -> None:
        part = self.tb.ctl.track_scroll(bar, 0, v, h)
        t, _, b, _ = rec.view
        step = {UP_ARROW: -rec.vert_amount, DOWN_ARROW: rec.vert_amount,
                PAGE_UP: -(b - t), PAGE_DOWN: b - t}
        if part == THUMB:
            self.scroll_to(rec, bar.value)
        elif part in step:
            self.scroll_to(rec, rec.vert_pos + step[part])

    # -- TaskMaster ------------------------------------------------------------------------
    def target(self, window: int) -> TERecord | None:
        """The window's TextEdit control that takes its keys: the first one shown and
        active (a window has one editing target at a time)."""
        for rec in self.records.values():
            ctl = self.tb.ctl.controls.get(rec.handle)
            if rec.owner == window and ctl is not None and ctl.visible and ctl.active:
                return rec
        return None

    def task_event(self, ev, task_mask: int, task_ptr: int, window: int) -> int | None:
        """TaskMaster's service to TextEdit controls in the front window: with
        tmContentControls a press on one is TEClick's, with tmControlKey a key goes to
        the target's TEKey (both answer wInControl, taskData2-4 the control's handle,
        part and ID); with tmIdleEvents a null event blinks the target's caret (None:
        the event is not TextEdit's)."""
        tb = self.tb
        win = tb.wm.find(window)
        if win is None:
            return None
        if ev.what == 0:
            rec = self.target(window) if task_mask & TM_IDLE_EVENTS else None
            if rec is not None:
                self.idle(rec)
            return None
        if ev.what in (KEY_DOWN, AUTO_KEY) and task_mask & TM_CONTROL_KEY:
            rec = self.target(window)
            if rec is None:
                return None
            if not rec.model.key(ev.message & 0xFF, ev.modifiers, rec.layout()):
                tb.snd.beep()
            self.changed(rec)
        elif ev.what == MOUSE_DOWN and task_mask & TM_CONTENT_CONTROLS:
            part, under = tb.wm.find_window(ev.v, ev.h)
            if under is not win or part != W_IN_CONTENT:
                return None
            v, h = win.to_local(ev.v, ev.h)
            _, ctl = tb.ctl.find(window, v, h)
            rec = self.records.get(ctl.handle) if ctl is not None else None
            if rec is None:
                return None
            self.click(rec, v, h, extend=bool(ev.modifiers & 0x0200))
        else:
            return None
        mem = tb.mem
        write_long(mem, task_ptr + TASK_DATA2, rec.handle)
        write_long(mem, task_ptr + TASK_DATA3, 0x85)
        write_long(mem, task_ptr + TASK_DATA4, rec.ctl_id)
        return W_IN_CONTROL
