"""LineEdit (tool set $14): one line of editable text with a caret and a selection.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 10 "LineEdit Tool Set" (call
numbers and signatures as in ORCA/Pascal `LineEdit` and the Merlin macros; StartUp as in
ORCA/C `lineedit.h`).

`LineEditText` is the editing model alone (text, selection, keys, clicks by character
offset) and is tested without QuickDraw; `LineEdit` adds the record's rectangles, the
owning port and the drawing. Keys follow the IIGS keyboard: ← $08, → $15, delete $7F,
clear $18 (keypad), return / enter $0D (not edited: the Dialog Manager takes them).

LECut/LECopy/LEPaste go through the LineEdit scrap, a handle of LineEdit's own;
LEFromScrap/LEToScrap move it from and to the desk scrap through the Scrap Manager.
LETextBox/LETextBox2 draw word-wrapped, justified text in a box (TextState: LETextBox2's
formatting commands). The editLine control (EditLineControl) is a LineEdit record the
Control Manager keeps through CONTROL_DEFS.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from iigs.hostinput import APPLE_KEY, SHIFT_KEY
from iigs.memory import read_bytes, read_long, read_pstring, read_word, write_bytes
from toolbox import control
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, s16, tool
from toolbox.event import AUTO_KEY_EVT, KEY_DOWN_EVT, MOUSE_DOWN_EVT, read_event
from toolbox.toolbox import tool_state
from toolbox.window import Rect, contains, read_rect

KEY_LEFT = 0x08
KEY_RIGHT = 0x15
KEY_DELETE = 0x7F
KEY_CLEAR = 0x18
KEY_RETURN = 0x0D
KEY_TAB = 0x09

LE_MAX_LENGTH = 255          # LineEdit's documented maximum line length
LE_VERSION = 0x0300
# Justification (ORCA/Pascal LineEdit unit): leJustFill is drawn as left
LE_JUST_LEFT, LE_JUST_CENTER, LE_JUST_RIGHT, LE_JUST_FILL = 0x0000, 0x0001, 0xFFFF, 0x0002
TEXT_MARGIN = 2              # from the destination rectangle's side to the text
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


def justified_left(left: int, right: int, width: int, just: int) -> int:
    """Where a line `width` wide starts between left and right: at the left (left
    and fill justification), centred, or against the right."""
    if just == LE_JUST_CENTER:
        return left + (right - left - width) // 2
    if just == LE_JUST_RIGHT:
        return right - width
    return left


# -- LETextBox2's formatting commands (Toolbox Reference vol. 2, LineEdit) ---------------
# Ctrl-A ($01) then a letter and its parameter: J justification, L left margin, R right
# margin, S text face, C foreground colour, B background colour (a word each), F a font
# (a 4-byte font ID: family word, style byte, size byte; the style is the face taken,
# the family and size stay the port's). A command changes the text after it; a line is
# justified and given margins as its last word is.
FORMAT_LEAD = 0x01
FORMAT_WORD = {ord("J"): "just", ord("L"): "left", ord("R"): "right", ord("S"): "face",
               ord("C"): "fore", ord("B"): "back"}
FORMAT_FONT = ord("F")
FONT_ID_SIZE = 4


@dataclass(frozen=True)
class TextState:
    """How LETextBox2 draws the text at one place in it."""

    just: int
    face: int
    fore: int
    back: int
    left: int = 0
    right: int = 0


Run = tuple[TextState, bytes]


def text_runs(text: bytes, state: TextState, styled: bool) -> list[Run | None]:
    """The text cut into words (each with the spaces after it, and its state), None
    standing for a carriage return; the formatting commands taken out when `styled`."""
    out: list[Run | None] = []
    word = bytearray()

    def flush() -> None:
        if word:
            out.append((state, bytes(word)))
            word.clear()

    i = 0
    while i < len(text):
        c = text[i]
        if styled and c == FORMAT_LEAD and i + 1 < len(text) and \
                (text[i + 1] in FORMAT_WORD or text[i + 1] == FORMAT_FONT):
            flush()
            letter = text[i + 1]
            if letter == FORMAT_FONT:        # the font ID: the face byte is taken
                if i + 2 + FONT_ID_SIZE <= len(text):
                    state = replace_state(state, face=text[i + 4])
                i += 2 + FONT_ID_SIZE
                continue
            value = int.from_bytes(text[i + 2:i + 4], "little")
            state = replace_state(state, **{FORMAT_WORD[letter]: value})
            i += 4
            continue
        if c == 0x0D:
            flush()
            out.append(None)
        elif c == 0x20:
            word.append(c)
        else:
            if word and word[-1] == 0x20:
                flush()
            word.append(c)
        i += 1
    flush()
    return out


def replace_state(state: TextState, **changes: int) -> TextState:
    return replace(state, **changes)


def line_width(runs: list[Run], measure) -> int:
    """A line's width, the spaces after its last word left out."""
    if not runs:
        return 0
    *first, (state, last) = runs
    return sum(measure(st, piece) for st, piece in first) + measure(state, last.rstrip(b" "))


def wrap_runs(runs: list[Run | None], width: int, measure) -> list[tuple[TextState, list[Run]]]:
    """The runs broken into lines no wider than `width` (at words; a CR breaks), each
    with the state its justification and margins come from."""
    lines: list[tuple[TextState, list[Run]]] = []
    line: list[Run] = []
    for run in runs + [None]:
        if run is None:
            lines.append((line[-1][0] if line else _last_state(lines), line))
            line = []
            continue
        state = run[0]
        room = width - state.left - state.right
        if line and line_width(line + [run], measure) > room:
            lines.append((line[-1][0], line))
            line = []
        line.append(run)
    if lines and not lines[-1][1]:
        lines.pop()
    return lines


def _last_state(lines: list[tuple[TextState, list[Run]]]) -> TextState:
    return lines[-1][0] if lines else TextState(LE_JUST_LEFT, 0, BLACK, WHITE)


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
    just: int = LE_JUST_LEFT     # LESetJust
    hilite_hook: int = 0         # LESetHilite's procedure (kept; see the docstring)
    caret_hook: int = 0          # LESetCaret's
    password: int = 0            # an editLine control's passwordChar: shown for each

    def shown(self) -> bytes:
        """The text as drawn: the password character for each one when there is one."""
        if self.password:
            return bytes([self.password & 0xFF]) * len(self.model.text)
        return self.model.text


@tool_state("le")
class LineEditManager:
    """All LineEdit records, by handle."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.records: dict[int, LineEdit] = {}
        self.by_control: dict[int, LineEdit] = {}   # an editLine control's handle -> its record
        self.scrap_handle = 0                       # the LineEdit scrap (LEScrapHandle)

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

    # -- editing ---------------------------------------------------------------------
    def key(self, rec: LineEdit, ch: int, modifiers: int) -> None:
        """LEKey's core: the key edits the line (a beep for one it does not take)."""
        rec.caret_on = True
        if not rec.model.key(ch & 0xFF, modifiers):
            self.tb.snd.beep()
        self.sync_text(rec)
        self.draw(rec)

    def replace_selection(self, rec: LineEdit, data: bytes) -> None:
        """The selection replaced (LEDelete, LECut, LEPaste, LEInsert) and drawn."""
        rec.model.insert(data)
        self.sync_text(rec)
        self.draw(rec)

    # -- the LineEdit scrap (LECut, LECopy, LEPaste, LEFromScrap, LEToScrap) ----------
    def scrap(self) -> int:
        """The LineEdit scrap's handle, made empty the first time it is asked for."""
        if not self.scrap_handle or self.scrap_handle not in self.tb.mm.blocks:
            self.scrap_handle = self.tb.mm.new_handle(0, self.tb.wm.user_id or 0x1000, 0)
        return self.scrap_handle

    def scrap_text(self) -> bytes:
        mm = self.tb.mm
        handle = self.scrap()
        return read_bytes(self.tb.mem, mm.deref(handle), mm.size_of(handle)) \
            if mm.size_of(handle) else b""

    def set_scrap(self, data: bytes) -> None:
        mm = self.tb.mm
        handle = self.scrap()
        mm.set_size(handle, len(data))
        if data:
            write_bytes(self.tb.mem, mm.deref(handle), data)

    def copy(self, rec: LineEdit) -> None:
        """LECopy's core: the selection into the LineEdit scrap (nothing selected: the
        scrap is left as it is)."""
        m = rec.model
        if m.has_selection:
            self.set_scrap(m.text[m.sel_start:m.sel_end])

    def sync_text(self, rec: LineEdit) -> None:
        """The record's text handle holds the text (LEGetTextHand's answer)."""
        write_bytes(self.tb.mem, self.tb.mm.deref(rec.handle), rec.model.text + b"\0")

    # -- geometry and drawing -------------------------------------------------------
    def caret_positions(self, rec: LineEdit) -> list[int]:
        """The h of the caret before each character and after the last (where the
        line starts follows its justification)."""
        qd = self.tb.qd
        h = justified_left(rec.dest[1] + TEXT_MARGIN, rec.dest[3] - TEXT_MARGIN,
                           qd.StringWidth(rec.shown()), rec.just)
        out = [h]
        for b in rec.shown():
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
        pos = self.caret_positions(rec)
        qd.MoveTo(pos[0], baseline)
        qd.DrawString(rec.shown())
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

    def text_box(self, text: bytes, box: Rect, just: int, styled: bool) -> None:
        """LETextBox's core in the current port: the box erased, the text drawn in it
        word-wrapped (a CR breaks the line) and justified, clipped to the box; with
        `styled` (LETextBox2) the formatting commands change the lines that follow."""
        qd = self.tb.qd
        ascent, descent, _, leading = qd.GetFontInfo()
        height = ascent + descent + leading
        saved = (qd.GetClipRect(), qd.GetForeColor(), qd.GetBackColor(), qd.GetTextFace())
        start = TextState(just, saved[3], saved[1], saved[2])
        t, l, b, r = box
        qd.SetSolidPenPat(WHITE)
        qd.PaintRect(box)
        qd.ClipRect(box)
        lines = wrap_runs(text_runs(text, start, styled), r - l, self._run_width)
        for i, (state, runs) in enumerate(lines):
            width = line_width(runs, self._run_width)
            h = justified_left(l + state.left, r - state.right, width, state.just)
            qd.MoveTo(h, t + ascent + i * height)
            for run_state, piece in runs:
                qd.SetTextFace(run_state.face)
                qd.SetForeColor(run_state.fore)
                qd.SetBackColor(run_state.back)
                qd.DrawString(piece)
        qd.ClipRect(saved[0])
        qd.SetForeColor(saved[1])
        qd.SetBackColor(saved[2])
        qd.SetTextFace(saved[3])

    def _run_width(self, state: "TextState", piece: bytes) -> int:
        qd = self.tb.qd
        face = qd.GetTextFace()
        qd.SetTextFace(state.face)
        width = qd.StringWidth(piece)
        qd.SetTextFace(face)
        return width

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

# LEStartUp(userID:W, dPageAddr:W)
(LEBootInit, LEStartUp, LEShutDown, LEVersion, LEReset,
 LEStatus) = register_housekeeping(0x14, "LE", "le", LE_VERSION, "WW")


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
    mgr.key(mgr.record(handle), key, modifiers)


@tool(0x14, 0x15, "L")
def LEDelete(tb, handle: int) -> None:
    """LEDelete(leRecHandle:L): remove the selection (the scrap is left alone)."""
    mgr = _le(tb)
    mgr.replace_selection(mgr.record(handle), b"")


@tool(0x14, 0x16, "LWL")
def LEInsert(tb, text_ptr: int, length: int, handle: int) -> None:
    """LEInsert(textPtr:L*, textLength:W, leRecHandle:L)"""
    mgr = _le(tb)
    mgr.replace_selection(mgr.record(handle), read_bytes(tb.mem, text_ptr, length))


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



# -- the rest of LineEdit (Toolbox Reference vols. 2 and 3) ------------------------------

@tool(0x14, 0x12, "L")
def LECut(tb, handle: int) -> None:
    """LECut(leRecHandle:L): the selection into the LineEdit scrap, then deleted."""
    mgr = _le(tb)
    rec = mgr.record(handle)
    if rec.model.has_selection:
        mgr.copy(rec)
        mgr.replace_selection(rec, b"")


@tool(0x14, 0x13, "L")
def LECopy(tb, handle: int) -> None:
    """LECopy(leRecHandle:L): the selection into the LineEdit scrap."""
    mgr = _le(tb)
    mgr.copy(mgr.record(handle))


@tool(0x14, 0x14, "L")
def LEPaste(tb, handle: int) -> None:
    """LEPaste(leRecHandle:L): the LineEdit scrap replaces the selection (as much as
    the line's maximum length leaves room for: none of it when it does not fit, a
    beep)."""
    mgr = _le(tb)
    rec = mgr.record(handle)
    if not rec.model.insert(mgr.scrap_text()):
        tb.snd.beep()
    mgr.sync_text(rec)
    mgr.draw(rec)


@tool(0x14, 0x18, "LWLW")
def LETextBox(tb, text_ptr: int, length: int, box_ptr: int, just: int) -> None:
    """LETextBox(textPtr:L*, textLength:W, boxPtr:L*, just:W): the text drawn in the
    box of the current port, erased first, word-wrapped and justified."""
    _le(tb).text_box(read_bytes(tb.mem, text_ptr, length), read_rect(tb.mem, box_ptr),
                     just, styled=False)


@tool(0x14, 0x20, "LWLW")
def LETextBox2(tb, text_ptr: int, length: int, box_ptr: int, just: int) -> None:
    """LETextBox2(textPtr:L*, textLength:W, boxPtr:L*, just:W): LETextBox with the
    formatting commands (TextState)."""
    _le(tb).text_box(read_bytes(tb.mem, text_ptr, length), read_rect(tb.mem, box_ptr),
                     just, styled=True)


@tool(0x14, 0x19)
def LEFromScrap(tb) -> None:
    """LEFromScrap(): the desk scrap's text (the Scrap Manager's textScrap) into the
    LineEdit scrap; badScrapType when the desk scrap holds no text."""
    from toolbox.scrap import TEXT_SCRAP
    _le(tb).set_scrap(tb.scrap.data(TEXT_SCRAP))


@tool(0x14, 0x1A)
def LEToScrap(tb) -> None:
    """LEToScrap(): the desk scrap emptied (ZeroScrap) and given the LineEdit scrap
    as its text (PutScrap)."""
    from toolbox.scrap import TEXT_SCRAP
    scrap = tb.scrap
    scrap.zero()
    scrap.put(TEXT_SCRAP, _le(tb).scrap_text())


@tool(0x14, 0x1B, "", 4)
def LEScrapHandle(tb) -> int:
    """LEScrapHandle() -> scrapHandle:L (the LineEdit scrap's text, no length byte)"""
    return _le(tb).scrap()


@tool(0x14, 0x1C, "", 2)
def LEGetScrapLen(tb) -> int:
    """LEGetScrapLen() -> scrapLength:W"""
    mgr = _le(tb)
    return tb.mm.size_of(mgr.scrap())


@tool(0x14, 0x1D, "W")
def LESetScrapLen(tb, length: int) -> None:
    """LESetScrapLen(newLength:W): the scrap handle resized (a program that wrote text
    into LEScrapHandle's block says how long it is)."""
    tb.mm.set_size(_le(tb).scrap(), length)


@tool(0x14, 0x1E, "LL")
def LESetHilite(tb, proc: int, handle: int) -> None:
    """LESetHilite(hiliteProc:L*, leRecHandle:L): kept in the record (leHiliteHook);
    the selection is drawn inverted here and the procedure is not called."""
    _le(tb).record(handle).hilite_hook = proc


@tool(0x14, 0x1F, "LL")
def LESetCaret(tb, proc: int, handle: int) -> None:
    """LESetCaret(caretProc:L*, leRecHandle:L): kept (leCaretHook), not called."""
    _le(tb).record(handle).caret_hook = proc


@tool(0x14, 0x21, "WL")
def LESetJust(tb, just: int, handle: int) -> None:
    """LESetJust(just:W, leRecHandle:L): 0 left, 1 centre, -1 right (2, fill, drawn
    left); the line is drawn again."""
    mgr = _le(tb)
    rec = mgr.record(handle)
    rec.just = just
    mgr.draw(rec)


LE_DEF_PROC = 0x00FE1400     # GetLEDefProc's answer: the editLine definition's address


@tool(0x14, 0x24, "", 4)
def GetLEDefProc(tb) -> int:
    """GetLEDefProc() -> defProcPtr:L: where the editLine control's definition is (the
    Toolbox's own code; a program passes it on, it does not call it)."""
    return LE_DEF_PROC


# LEClassifyKey's bits (ORCA/Pascal LineEdit unit)
LE_KEY_IS_SPECIAL = 0x8000
LE_KEY_IS_NUMBER = 0x4000
LE_KEY_IS_HEX = 0x2000
LE_KEY_IS_ALPHA = 0x1000
LE_KEY_IS_NON_CONTROL = 0x0800
SPECIAL_KEYS = (KEY_LEFT, KEY_RIGHT, KEY_DELETE, KEY_CLEAR)


@tool(0x14, 0x25, "L", 2)
def LEClassifyKey(tb, event_ptr: int) -> int:
    """LEClassifyKey(eventPtr:L*) -> flags:W: what the event's key is -- special (an
    editing key LineEdit acts on, or any key with the Apple key down), a digit, a
    hex digit, a letter, not a control character."""
    ev = read_event(tb.mem, event_ptr)
    ch = ev.message & 0xFF
    flags = 0
    if ch in SPECIAL_KEYS or ev.modifiers & APPLE_KEY:
        flags |= LE_KEY_IS_SPECIAL
    if 0x30 <= ch <= 0x39:
        flags |= LE_KEY_IS_NUMBER | LE_KEY_IS_HEX
    if bytes([ch]).lower() in b"abcdef" and bytes([ch]).isalpha():
        flags |= LE_KEY_IS_HEX
    if bytes([ch]).isalpha():
        flags |= LE_KEY_IS_ALPHA
    if ch >= 0x20 and ch != KEY_DELETE:
        flags |= LE_KEY_IS_NON_CONTROL
    return flags


# -- the editLine control (editLineControl, defProc family $03; Toolbox Reference
# vol. 3, ch. 28), registered in toolbox.control.CONTROL_DEFS as the List Manager's
# list control and TextEdit's control are. Its template after refCon: maxSize:W,
# defaultRef:L (its first text, a Pascal string by pointer, handle or rPString
# resource as moreFlags bits 1-0 say), passwordChar:W. Its ctlData is the LineEdit
# record's handle; the control can be target and wants events; the line sits inside
# the control's rectangle, which is framed.
EDIT_LINE_CONTROL = 0x83000000
EDIT_LINE_PART = 0x83            # FindControl/TrackControl's part code for one
T_MAX_SIZE, T_DEFAULT, T_PASSWORD = 0x1A, 0x1C, 0x20
P_MAX_SIZE, P_DEFAULT, P_PASSWORD = 7, 8, 9
EDIT_INSET = (2, 4)              # the line inside the frame: (v, h)
R_PSTRING = 0x8006


def _inside(rect: Rect) -> Rect:
    t, l, b, r = rect
    dv, dh = EDIT_INSET
    return (t + dv, l + dh, b - dv, r - dh)


class EditLineControl:
    """The keeper of editLine controls: their LineEdit records (LineEditManager's
    by_control)."""

    def __init__(self, tb) -> None:
        self.tb = tb

    def _record(self, ctl) -> LineEdit | None:
        return self.tb.le.by_control.get(ctl.handle)

    def draw(self, qd, ctl) -> None:
        rec = self._record(ctl)
        if rec is None:
            return
        qd.SetSolidPenPat(BLACK)
        qd.FrameRect(ctl.rect)
        self.tb.le.draw(rec)

    def part_at(self, ctl, v: int, h: int) -> int:
        return EDIT_LINE_PART

    def track(self, ctl, v: int, h: int) -> int:
        """A press: the control becomes target, the caret goes where it was pressed
        and a drag selects (LEClick)."""
        rec = self._record(ctl)
        if rec is not None:
            if ctl.more_flags & control.F_CTL_CAN_BE_TARGET:
                self.tb.ctl.make_target(ctl)
            self.tb.le.click(rec, v, h, extend=bool(self.tb.em.current_modifiers()
                                                     & SHIFT_KEY))
        return EDIT_LINE_PART

    def handle_event(self, ctl, ev) -> bool:
        """ctlHandleEvent: a key edits the line when the control is target (Return and
        Tab are left to the program); a press in it is tracked."""
        rec = self._record(ctl)
        if rec is None:
            return False
        if ev.what in (KEY_DOWN_EVT, AUTO_KEY_EVT):
            ch = ev.message & 0xFF
            if not ctl.more_flags & control.F_CTL_TARGET or ch in (KEY_RETURN, KEY_TAB):
                return False
            self.tb.le.key(rec, ch, ev.modifiers)
            return True
        if ev.what == MOUSE_DOWN_EVT:
            v, h = self.tb.wm.local_point(ctl.owner, ev.v, ev.h)
            if ctl.visible and contains(ctl.rect, v, h):
                self.track(ctl, v, h)
                return True
        return False

    def change_target(self, ctl, gained: bool) -> None:
        """The caret and selection shown while the control is target."""
        rec = self._record(ctl)
        if rec is not None:
            rec.active = gained
            self.tb.ctl.draw(ctl)

    def follow(self, ctl) -> None:
        """The line follows the control's rectangle (MoveControl)."""
        rec = self._record(ctl)
        if rec is not None:
            rec.dest = rec.view = _inside(ctl.rect)

    def dispose(self, ctl) -> None:
        rec = self.tb.le.by_control.pop(ctl.handle, None)
        if rec is not None:
            self.tb.le.dispose(rec)

    def from_template(self, tb, owner: int, addr: int):
        """An editLine control from its template (NewControl2), drawn."""
        from toolbox.resource import ref_address
        mem = tb.mem
        count = read_word(mem, addr)

        def field(need: int, offset: int, long: bool = False) -> int:
            if count < need:
                return 0
            return read_long(mem, addr + offset) if long else read_word(mem, addr + offset)

        more = field(control.P_MORE_FLAGS, control.T_MORE_FLAGS)
        rect = read_rect(mem, addr + control.T_RECT)
        le = tb.le
        rec = le.new(_inside(rect), _inside(rect), field(P_MAX_SIZE, T_MAX_SIZE))
        rec.port = owner
        rec.password = field(P_PASSWORD, T_PASSWORD)
        if field(P_DEFAULT, T_DEFAULT, True):
            rec.model.set_text(read_pstring(mem, ref_address(
                tb, more & 3, field(P_DEFAULT, T_DEFAULT, True), R_PSTRING)))
        le.sync_text(rec)
        ctl = tb.ctl.new_control(owner, rect, b"", field(control.P_FLAG, control.T_FLAG), 0,
                                 EDIT_LINE_CONTROL,
                                 field(control.P_REFCON, control.T_REFCON, True))
        le.by_control[ctl.handle] = rec
        ctl.data = rec.handle
        ctl.ctl_id = read_long(mem, addr + control.T_ID)
        ctl.more_flags = more | control.F_CTL_CAN_BE_TARGET | control.F_CTL_WANT_EVENTS
        tb.ctl.sync(ctl)
        tb.ctl.draw(ctl)
        return ctl


control.CONTROL_DEFS[EDIT_LINE_CONTROL & 0x7F000000] = control.ControlDef(
    EDIT_LINE_PART, EditLineControl)
