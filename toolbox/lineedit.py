"""LineEdit (tool set $14): one line of editable text with a caret and a selection.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 10 "LineEdit Tool Set" (call
numbers and signatures as in ORCA/Pascal `LineEdit` and the Merlin macros; StartUp as in
ORCA/C `lineedit.h`).

`LineEditText` is the editing model alone (text, selection, keys, clicks by character
offset) and is tested without QuickDraw; `LineEdit` adds the record's rectangles, the
owning port and the drawing. Keys follow the IIGS keyboard: ← $08, → $15, delete $7F,
clear $18 (keypad), return / enter $0D (not edited: the Dialog Manager takes them).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from iigs.hostinput import APPLE_KEY, SHIFT_KEY
from iigs.memory import read_bytes, write_bytes
from toolbox.calls import ToolError, s16, tool
from toolbox.event import read_event
from toolbox.toolbox import tool_state
from toolbox.window import Rect, read_rect

KEY_LEFT = 0x08
KEY_RIGHT = 0x15
KEY_DELETE = 0x7F
KEY_CLEAR = 0x18
KEY_RETURN = 0x0D
KEY_TAB = 0x09

LE_MAX_LENGTH = 255          # LineEdit's documented maximum line length
LE_BAD_HANDLE = 0x1401       # not a LineEdit record (error code of this tool set)

BLACK = 0
WHITE = 3


@dataclass
class LineEditText:
    """The editing model: text and a selection [sel_start, sel_end)."""

    text: bytes = b""
    sel_start: int = 0
    sel_end: int = 0
    max_length: int = LE_MAX_LENGTH
    anchor: int = 0          # where a drag-selection began

    def set_text(self, text: bytes) -> None:
        self.text = bytes(text[:self.max_length])
        self.select(len(self.text), len(self.text))

    def select(self, start: int, end: int) -> None:
        n = len(self.text)
        start, end = min(max(start, 0), n), min(max(end, 0), n)
        self.sel_start, self.sel_end = min(start, end), max(start, end)
        self.anchor = self.sel_start

    @property
    def has_selection(self) -> bool:
        return self.sel_end > self.sel_start

    def insert(self, data: bytes) -> bool:
        """Replace the selection with `data`; False (and no change) if it won't fit."""
        room = self.max_length - (len(self.text) - (self.sel_end - self.sel_start))
        if len(data) > room:
            return False
        self.text = self.text[:self.sel_start] + data + self.text[self.sel_end:]
        caret = self.sel_start + len(data)
        self.select(caret, caret)
        return True

    def delete(self) -> None:
        """The delete key: remove the selection, or the character before the caret."""
        if self.has_selection:
            self.insert(b"")
        elif self.sel_start > 0:
            self.select(self.sel_start - 1, self.sel_start)
            self.insert(b"")

    def key(self, ch: int, modifiers: int = 0) -> bool:
        """LEKey's core. Returns False for a key LineEdit does not take (a beep)."""
        if ch == KEY_LEFT:
            if modifiers & SHIFT_KEY:
                self.sel_start = max(self.sel_start - 1, 0)
            elif modifiers & APPLE_KEY:
                self.select(0, 0)
            else:
                caret = self.sel_start if self.has_selection else self.sel_start - 1
                self.select(caret, caret)
            return True
        if ch == KEY_RIGHT:
            if modifiers & SHIFT_KEY:
                self.sel_end = min(self.sel_end + 1, len(self.text))
            elif modifiers & APPLE_KEY:
                self.select(len(self.text), len(self.text))
            else:
                caret = self.sel_end if self.has_selection else self.sel_end + 1
                self.select(caret, caret)
            return True
        if ch == KEY_DELETE:
            self.delete()
            return True
        if ch == KEY_CLEAR:
            if self.has_selection:
                self.insert(b"")
            else:
                self.set_text(b"")
            return True
        if ch < 0x20 or modifiers & APPLE_KEY:
            return False
        return self.insert(bytes([ch]))


@dataclass
class LineEdit:
    """A LineEdit record: the model, its rectangles and its port."""

    handle: int
    model: LineEditText
    dest: Rect
    view: Rect
    port: int
    active: bool = False
    caret_on: bool = True
    last_blink: int = 0
    offsets: list[int] = field(default_factory=list)   # pixel h of each caret position


@tool_state("le")
class LineEditManager:
    """All LineEdit records, by handle."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.records: dict[int, LineEdit] = {}

    def record(self, handle: int) -> LineEdit:
        rec = self.records.get(handle)
        if rec is None:
            raise ToolError(LE_BAD_HANDLE, f"${handle:06X} is not a LineEdit record")
        return rec

    def new(self, dest: Rect, view: Rect, max_length: int = LE_MAX_LENGTH) -> LineEdit:
        qd = self.tb.qd
        port = qd.GetPort()
        handle = self.tb.mm.new_handle(LE_MAX_LENGTH + 1, self.tb.wm.user_id or 0x1000,
                                       0xC000)
        rec = LineEdit(handle, LineEditText(max_length=max_length or LE_MAX_LENGTH),
                       dest, view, port)
        self.records[handle] = rec
        return rec

    def dispose(self, rec: LineEdit) -> None:
        self.records.pop(rec.handle, None)
        self.tb.mm.dispose(rec.handle)

    def sync_text(self, rec: LineEdit) -> None:
        """The record's text handle holds the text (LEGetTextHand's answer)."""
        write_bytes(self.tb.mem, self.tb.mm.deref(rec.handle), rec.model.text + b"\0")

    # -- geometry and drawing -------------------------------------------------------
    def caret_positions(self, rec: LineEdit) -> list[int]:
        """The h of the caret before each character and after the last."""
        qd = self.tb.qd
        h = rec.dest[1] + 2
        out = [h]
        for b in rec.model.text:
            h += qd.CharWidth(b)
            out.append(h)
        return out

    def offset_at(self, rec: LineEdit, h: int) -> int:
        """The caret position nearest a local h."""
        pos = self.caret_positions(rec)
        return min(range(len(pos)), key=lambda i: abs(pos[i] - h))

    def click(self, rec: LineEdit, v: int, h: int, extend: bool = False) -> None:
        """LEClick's core: place the caret, then follow a drag to select (local points)."""
        m = rec.model
        at = self.offset_at(rec, h)
        if extend:
            m.sel_start, m.sel_end = min(m.anchor, at), max(m.anchor, at)
        else:
            m.select(at, at)
        self.draw(rec)

        def follow(gv: int, gh: int) -> None:
            lh = self.tb.wm.local_point(rec.port, gv, gh)[1]
            now = self.offset_at(rec, lh)
            start, end = min(m.anchor, now), max(m.anchor, now)
            if (start, end) != (m.sel_start, m.sel_end):
                m.sel_start, m.sel_end = start, end
                self.draw(rec)
                self.tb.wm.present_frame()

        for gv, gh in self.tb.em.track():
            follow(gv, gh)
        follow(*self.tb.em.mouse)          # where the button came up
        self.sync_text(rec)

    def draw(self, rec: LineEdit) -> None:
        qd = self.tb.qd
        wm = self.tb.wm
        win = wm.find(rec.port)
        if win is not None and not win.visible:
            return
        saved = qd.GetPort()
        if win is not None:
            wm.set_window_port(win)
        else:
            qd.SetPort(rec.port)
        t, l, b, r = rec.view
        qd.ClipRect(rec.view)
        qd.SetSolidPenPat(WHITE)
        qd.PaintRect(rec.view)
        qd.SetForeColor(BLACK)
        qd.SetBackColor(WHITE)
        qd.SetTextFace(0)
        baseline = rec.dest[0] + 9
        qd.MoveTo(rec.dest[1] + 2, baseline)
        qd.DrawString(rec.model.text)
        pos = self.caret_positions(rec)
        m = rec.model
        if rec.active and m.has_selection:
            qd.InvertRect((t + 1, pos[m.sel_start], b - 1, pos[m.sel_end]))
        elif rec.active and rec.caret_on:
            qd.SetSolidPenPat(BLACK)
            qd.PaintRect((t + 1, pos[m.sel_start] - 1, b - 1, pos[m.sel_start]))
        if win is not None:
            qd.ClipRect(wm.local_content(win))
        if saved:
            qd.SetPort(saved)

    def idle(self, rec: LineEdit) -> None:
        """LEIdle's core: blink the caret every caret time."""
        now = self.tb.em.ticks()
        if now - rec.last_blink >= self.tb.em.caret_time:
            rec.last_blink = now
            rec.caret_on = not rec.caret_on
            if rec.active and not rec.model.has_selection:
                self.draw(rec)


def _le(tb) -> LineEditManager:
    return tb.le


# -- tool calls (Toolbox Reference vol. 2, LineEdit) -------------------------------------

@tool(0x14, 0x02, "WW")
def LEStartUp(tb, user_id: int, dpage: int) -> None:
    """LEStartUp(userID:W, dPageAddr:W)"""
    _le(tb).started = True


@tool(0x14, 0x03)
def LEShutDown(tb) -> None:
    """LEShutDown()"""
    _le(tb).started = False


@tool(0x14, 0x04, "", 2)
def LEVersion(tb) -> int:
    """LEVersion() -> versionInfo:W"""
    return 0x0300


@tool(0x14, 0x09, "LLW", 4)
def LENew(tb, dest_ptr: int, view_ptr: int, line_height: int) -> int:
    """LENew(destRectPtr:L*, viewRectPtr:L*, lineHeight:W) -> leRecHandle:L"""
    rec = _le(tb).new(read_rect(tb.mem, dest_ptr), read_rect(tb.mem, view_ptr))
    _le(tb).sync_text(rec)
    return rec.handle


@tool(0x14, 0x0A, "L")
def LEDispose(tb, handle: int) -> None:
    """LEDispose(leRecHandle:L)"""
    _le(tb).dispose(_le(tb).record(handle))


@tool(0x14, 0x0B, "LWL")
def LESetText(tb, text_ptr: int, length: int, handle: int) -> None:
    """LESetText(textPtr:L*, textLength:W, leRecHandle:L)"""
    mgr = _le(tb)
    rec = mgr.record(handle)
    rec.model.set_text(read_bytes(tb.mem, text_ptr, length))
    mgr.sync_text(rec)


@tool(0x14, 0x0C, "L")
def LEIdle(tb, handle: int) -> None:
    """LEIdle(leRecHandle:L)"""
    _le(tb).idle(_le(tb).record(handle))


@tool(0x14, 0x0D, "LL")
def LEClick(tb, event_ptr: int, handle: int) -> None:
    """LEClick(eventPtr:L*, leRecHandle:L): the event's global `where`."""
    mgr = _le(tb)
    rec = mgr.record(handle)
    ev = read_event(tb.mem, event_ptr)
    v, h = tb.wm.local_point(rec.port, ev.v, ev.h)
    mgr.click(rec, v, h, extend=bool(ev.modifiers & SHIFT_KEY))


@tool(0x14, 0x0E, "WWL")
def LESetSelect(tb, start: int, end: int, handle: int) -> None:
    """LESetSelect(selStart:W, selEnd:W, leRecHandle:L)"""
    mgr = _le(tb)
    rec = mgr.record(handle)
    rec.model.select(s16(start), s16(end))
    mgr.draw(rec)


@tool(0x14, 0x0F, "L")
def LEActivate(tb, handle: int) -> None:
    """LEActivate(leRecHandle:L)"""
    _set_active(tb, handle, True)


@tool(0x14, 0x10, "L")
def LEDeactivate(tb, handle: int) -> None:
    """LEDeactivate(leRecHandle:L)"""
    _set_active(tb, handle, False)


def _set_active(tb, handle: int, active: bool) -> None:
    """The record's selection shown (active) or not, and drawn so."""
    mgr = _le(tb)
    rec = mgr.record(handle)
    rec.active = active
    mgr.draw(rec)


@tool(0x14, 0x11, "WWL")
def LEKey(tb, key: int, modifiers: int, handle: int) -> None:
    """LEKey(theKey:W, modifiers:W, leRecHandle:L)"""
    mgr = _le(tb)
    rec = mgr.record(handle)
    rec.caret_on = True
    if not rec.model.key(key & 0xFF, modifiers):
        tb.snd.beep()
    mgr.sync_text(rec)
    mgr.draw(rec)


@tool(0x14, 0x15, "L")
def LEDelete(tb, handle: int) -> None:
    """LEDelete(leRecHandle:L): remove the selection."""
    mgr = _le(tb)
    rec = mgr.record(handle)
    if rec.model.has_selection:
        rec.model.insert(b"")
    mgr.sync_text(rec)
    mgr.draw(rec)


@tool(0x14, 0x16, "LWL")
def LEInsert(tb, text_ptr: int, length: int, handle: int) -> None:
    """LEInsert(textPtr:L*, textLength:W, leRecHandle:L)"""
    mgr = _le(tb)
    rec = mgr.record(handle)
    rec.model.insert(read_bytes(tb.mem, text_ptr, length))
    mgr.sync_text(rec)
    mgr.draw(rec)


@tool(0x14, 0x17, "L")
def LEUpdate(tb, handle: int) -> None:
    """LEUpdate(leRecHandle:L)"""
    _le(tb).draw(_le(tb).record(handle))


@tool(0x14, 0x22, "L", 4)
def LEGetTextHand(tb, handle: int) -> int:
    """LEGetTextHand(leRecHandle:L) -> textHandle:L (the text, not length-prefixed)"""
    mgr = _le(tb)
    mgr.sync_text(mgr.record(handle))
    return handle


@tool(0x14, 0x23, "L", 2)
def LEGetTextLen(tb, handle: int) -> int:
    """LEGetTextLen(leRecHandle:L) -> textLength:W"""
    return len(_le(tb).record(handle).model.text)

