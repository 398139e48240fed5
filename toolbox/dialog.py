"""Dialog Manager (tool set $15): modal dialogs, their items, and alerts.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 6 "Dialog Manager", with the
numbers, item types, template layouts and error codes of ORCA/C `dialog.h` (and the
templates of the ORCA/C sample Frame.cc).

A dialog is a window (drawn with the dialog outline) plus an item list. Buttons, check
boxes and radio buttons are real Control Manager controls; editLine items are LineEdit
records; static text is drawn here, word-wrapped, with ^0..^3 replaced by ParamText.
A long static text is drawn from its text where the program keeps it (itemDescr, the
length in itemValue, SetDItemValue changes it), each time the item is drawn. A scroll
bar item is a Control Manager scroll bar: itemDescr its action procedure, itemValue its
value, itemFlag its flag (arrows, vertical or horizontal); the program gives it its
data and view sizes with SetCtlParams on GetControlDItem's handle. ModalDialog tracks a
click on it (the action procedure called while an arrow or page area is held, the thumb
dragged) and answers its ID.

ModalDialog runs its own event loop inside the call, as the real one does: it takes
events from the Event Manager, offers each to the filter proc (called in the program
with the documented Pascal convention), and handles the rest: clicks tracked on
controls, clicks and keys in the current edit line (a disabled edit line is ghosted and
takes neither), Return/Enter for the default
button, Escape or ⌘. for Cancel (item 2), Tab to the next edit line. It returns the ID
of the enabled item that was hit. A scripted host with no input left makes it return
0 (no item): the program calls it again once the script goes on.

A modeless dialog (NewModelessDialog) is a document window with items; the program
passes its events to DialogSelect, which handles each as ModalDialog would and says
which item was hit.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from iigs.hostinput import APPLE_KEY, SHIFT_KEY
from iigs.memory import (read_bytes, read_long, read_pstring, read_word, write_long,
                         write_pstring, write_word)
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, s16, tool
from toolbox.control import (ACTION_OWN, CHECK_PROC, NO_PART, RADIO_PROC, SCROLL_PROC,
                             SIMPLE_PROC, Control, _dim)
from toolbox.event import (ACTIVATE_EVT, ACTIVE_FLAG, AUTO_KEY_EVT, KEY_DOWN_EVT,
                           MOUSE_DOWN_EVT, NULL_EVT, UPDATE_EVT, Event, read_event,
                           write_event)
from toolbox.lineedit import (KEY_RETURN, KEY_TAB, LECopy, LECut, LEDelete, LEPaste,
                              LineEdit)
from toolbox.toolbox import tool_state
from toolbox.window import W_IN_CONTENT, Rect, Window, contains, read_rect, write_rect

# Item types (dialog.h)
BUTTON_ITEM = 0x0A
CHECK_ITEM = 0x0B
RADIO_ITEM = 0x0C
SCROLL_BAR_ITEM = 0x0D
USER_CTL_ITEM = 0x0E
STAT_TEXT = 0x0F
LONG_STAT_TEXT = 0x10
EDIT_LINE = 0x11
ICON_ITEM = 0x12
PIC_ITEM = 0x13
USER_ITEM = 0x14
ITEM_DISABLE = 0x8000

DIALOG_VERSION = 0x0300

OK_ITEM = 1
CANCEL_ITEM = 2

# Dialog Manager errors (dialog.h)
BAD_ITEM_TYPE = 0x150A
NEW_ITEM_FAILED = 0x150B
ITEM_NOT_FOUND = 0x150C
NOT_MODAL_DIALOG = 0x150D

# Alert stage bits (dialog.h)
CANCEL_DEFAULT = 0x40
ALERT_DRAWN = 0x80

KEY_ESCAPE = 0x1B

BLACK = 0
WHITE = 3
TEXT_LINE_HEIGHT = 10
BUTTON_HEIGHT = 13

# Alert icons: (kind, rows), "#" = black, "." = white, 16 x 12 in 640-mode pixels
ICONS = {
    "stop": (
        "....########....",
        "..############..",
        ".###..####..###.",
        "####...##...####",
        "#####......#####",
        "######....######",
        "######....######",
        "#####......#####",
        "####...##...####",
        ".###..####..###.",
        "..############..",
        "....########....",
    ),
    "note": (
        ".......##.......",
        ".......##.......",
        "................",
        "......###.......",
        ".......##.......",
        ".......##.......",
        ".......##.......",
        ".......##.......",
        ".......##.......",
        "......####......",
        "................",
        "................",
    ),
    "caution": (
        ".......##.......",
        "......####......",
        "......#..#......",
        ".....##..##.....",
        ".....#.##.#.....",
        "....##.##.##....",
        "....#..##..#....",
        "...##..##..##...",
        "...#........#...",
        "..##...##...##..",
        "..#..........#..",
        ".##############.",
    ),
}


@dataclass
class DItem:
    """One dialog item."""

    item_id: int
    rect: Rect               # local to the dialog
    item_type: int           # with ITEM_DISABLE
    descr: int
    value: int
    flag: int
    text: bytes = b""        # static text, or an edit line's initial text
    visible: bool = True
    control: Control | None = None
    edit: LineEdit | None = None

    @property
    def kind(self) -> int:
        return self.item_type & 0x7FFF

    @property
    def enabled(self) -> bool:
        return not self.item_type & ITEM_DISABLE


@dataclass
class Dialog:
    """A dialog: its window and items, the current edit line, the default button."""

    window: Window
    items: list[DItem] = field(default_factory=list)
    default_button: int = OK_ITEM
    current_edit: int = 0    # item ID of the active edit line, 0 = none
    icon: str = ""
    modeless: bool = False   # NewModelessDialog's: DialogSelect handles its events

    @property
    def ptr(self) -> int:
        return self.window.ptr

    def item(self, item_id: int) -> DItem:
        for it in self.items:
            if it.item_id == item_id:
                return it
        raise ToolError(ITEM_NOT_FOUND, f"no item {item_id}")

    def edit_items(self) -> list[DItem]:
        return [it for it in self.items if it.kind == EDIT_LINE and it.visible]

    def live_edit_items(self) -> list[DItem]:
        """The edit lines that take keys: visible and enabled (a disabled one is ghosted)."""
        return [it for it in self.edit_items() if it.enabled]


def wrap_text(text: bytes, width: int, measure) -> list[bytes]:
    """Static text broken into lines no wider than `width` (at spaces; CR breaks); the
    spaces that open a line after a CR are kept (an indented line stays indented)."""
    lines: list[bytes] = []
    for para in text.split(b"\r"):
        body = para.lstrip(b" ")
        indent = para[:len(para) - len(body)]
        first = len(lines)
        line = b""
        for word in body.split(b" "):
            trial = word if not line else line + b" " + word
            if line and measure(trial) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
        lines[first] = indent + lines[first]
    return lines


@tool_state("dlg")
class DialogManager:
    """Every open dialog (by its window pointer), ParamText strings, alert stage."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.dialogs: dict[int, Dialog] = {}
        self.params: list[bytes] = [b"", b"", b"", b""]
        self.alert_stage = 0
        self.last_hit = 0
        self.font_handle = 0     # SetDAFont's

    # -- records ----------------------------------------------------------------------
    def dialog(self, ptr: int) -> Dialog:
        dlg = self.dialogs.get(ptr)
        if dlg is None:
            raise ToolError(NOT_MODAL_DIALOG, f"${ptr:06X} is not a dialog")
        return dlg

    def front(self) -> Dialog | None:
        win = self.tb.wm.front()
        return self.dialogs.get(win.ptr) if win is not None else None

    def new_modal(self, bounds: Rect, visible: bool, refcon: int) -> Dialog:
        frame = 0x0020 if visible else 0
        win = self.tb.wm.new_window(frame, 0, refcon, bounds, dialog=True)
        dlg = Dialog(win)
        self.dialogs[win.ptr] = dlg
        return dlg

    def new_modeless(self, bounds: Rect, title_ptr: int, behind: int, frame: int,
                     refcon: int) -> Dialog:
        """A modeless dialog: a document window (frame, title, its place in the
        window list as NewWindow's plane) whose items DialogSelect looks after."""
        win = self.tb.wm.new_window(frame, title_ptr, refcon, bounds, plane=behind)
        dlg = Dialog(win, modeless=True)
        self.dialogs[win.ptr] = dlg
        return dlg

    def current_line(self, dlg: Dialog) -> LineEdit | None:
        """The current edit line's LineEdit record (DlgCut, DlgCopy ...), or None."""
        if not dlg.current_edit:
            return None
        return dlg.item(dlg.current_edit).edit

    def erase_item(self, dlg: Dialog, item: DItem) -> None:
        """An item's area painted white (before it moves: SetDItemBox)."""
        if item.control is not None:
            if item.control.visible:
                self.tb.ctl.erase(item.control)
            return
        t, l, b, r = item.rect
        area = (t - 2, l - 4, b + 2, r + 4) if item.edit is not None else item.rect
        if dlg.window.visible:
            with self.tb.wm.window_drawing(dlg.window):
                self.tb.qd.SetSolidPenPat(WHITE)
                self.tb.qd.PaintRect(area)

    def set_item_box(self, dlg: Dialog, item: DItem, rect: Rect) -> None:
        """SetDItemBox's core: erased where it was, moved and drawn in `rect`."""
        self.erase_item(dlg, item)
        item.rect = rect
        if item.control is not None:
            item.control.rect = rect
            self.tb.ctl.sync(item.control)
        if item.edit is not None:
            item.edit.dest = item.edit.view = rect
        self.draw_item(dlg, item)

    def standard_key(self, dlg: Dialog, ev: Event) -> int:
        """DefaultFilter's keys: Return or Enter the default button, Escape or Apple-.
        the Cancel button (item 2), flashed; the item ID, or 0."""
        if ev.what not in (KEY_DOWN_EVT, AUTO_KEY_EVT):
            return 0
        ch = ev.message & 0xFF
        if ch in (KEY_RETURN, ENTER_KEY):
            target = dlg.default_button
        elif ch == KEY_ESCAPE or (ch == ord(".") and ev.modifiers & APPLE_KEY):
            target = CANCEL_ITEM
        else:
            return 0
        item = next((it for it in dlg.items if it.item_id == target), None)
        if item is None or item.control is None or not item.enabled or not item.visible:
            return 0
        self.flash_button(dlg, target)
        return target

    def select(self, ev: Event) -> tuple[Dialog | None, int]:
        """DialogSelect's core: the dialog the event is for and the enabled item it
        hit (0: none). An update draws the dialog, an activate shows or hides its
        edit line's caret, a null event blinks it; a press goes to the dialog whose
        content it is in, a key to the front dialog."""
        wm = self.tb.wm
        if ev.what in (UPDATE_EVT, ACTIVATE_EVT):
            dlg = self.dialogs.get(ev.message)
            if dlg is None:
                return None, 0
            if ev.what == UPDATE_EVT:
                wm.begin_update(dlg.window)
                self.draw(dlg)
                wm.end_update(dlg.window)
            elif dlg.current_edit:
                line = self.current_line(dlg)
                line.active = bool(ev.modifiers & ACTIVE_FLAG)
                self.tb.le.draw(line)
            return dlg, 0
        if ev.what == MOUSE_DOWN_EVT:
            part, win = wm.find_window(ev.v, ev.h)
            dlg = self.dialogs.get(win.ptr) if win is not None else None
            if dlg is None or part != W_IN_CONTENT:
                return dlg, 0
            return dlg, self.handle_event(dlg, ev)
        dlg = self.front()
        if dlg is None:
            return None, 0
        if ev.what == NULL_EVT:
            if dlg.current_edit:
                self.tb.le.idle(self.current_line(dlg))
            return dlg, 0
        return dlg, self.handle_event(dlg, ev)

    def new_item(self, dlg: Dialog, item_id: int, rect: Rect, item_type: int, descr: int,
                 value: int, flag: int) -> DItem:
        mem = self.tb.mem
        kind = item_type & 0x7FFF
        item = DItem(item_id, rect, item_type, descr, value, flag)
        ctl = self.tb.ctl
        if kind in (BUTTON_ITEM, CHECK_ITEM, RADIO_ITEM):
            title = read_pstring(mem, descr) if descr else b""
            proc = {BUTTON_ITEM: SIMPLE_PROC, CHECK_ITEM: CHECK_PROC,
                    RADIO_ITEM: RADIO_PROC}[kind]
            if rect[2] == 0 and rect[3] == 0:
                # Sized from the title (ORCA Frame.cc relies on this).
                width = self.tb.qd.StringWidth(title) + (24 if kind == BUTTON_ITEM else 22)
                rect = (rect[0], rect[1], rect[0] + BUTTON_HEIGHT, rect[1] + width)
                item.rect = rect
            ctl_flag = flag & 0xFF if kind != CHECK_ITEM else 0
            if kind == BUTTON_ITEM and item_id == dlg.default_button:
                ctl_flag = (ctl_flag & ~0x03) | 0x01
            item.control = ctl.new_control(dlg.ptr, rect, title, ctl_flag,
                                           value if kind != BUTTON_ITEM else 0, proc,
                                           title_ptr=descr)
            if not item.enabled:
                item.control.hilite = 255
                ctl.sync(item.control)
        elif kind == SCROLL_BAR_ITEM:
            item.control = ctl.new_control(dlg.ptr, rect, b"", flag & 0xFF, 0, SCROLL_PROC)
            item.control.action = descr
            ctl.set_value(item.control, value, redraw=False)
            if not item.enabled:
                item.control.hilite = 255
            ctl.sync(item.control)
        elif kind == STAT_TEXT:
            item.text = read_pstring(mem, descr) if descr else b""
        elif kind == LONG_STAT_TEXT:
            item.text = read_bytes(mem, descr, value) if descr else b""
        elif kind == EDIT_LINE:
            item.text = read_pstring(mem, descr) if descr else b""
            le = self.tb.le
            qd = self.tb.qd
            saved = qd.GetPort()
            qd.SetPort(dlg.ptr)
            rec = le.new(rect, rect, value or 255)
            if saved:
                qd.SetPort(saved)
            rec.port = dlg.ptr
            rec.model.set_text(item.text)
            rec.model.select(0, len(rec.model.text))
            le.sync_text(rec)
            item.edit = rec
            if not dlg.current_edit and item.enabled:
                dlg.current_edit = item_id
                rec.active = True
        elif kind not in (USER_CTL_ITEM, ICON_ITEM, PIC_ITEM, USER_ITEM, 0x15, 0x16):
            raise ToolError(BAD_ITEM_TYPE, f"item type ${item_type:04X}")
        dlg.items = [it for it in dlg.items if it.item_id != item_id] + [item]
        self.draw_item(dlg, item)
        return item

    def close(self, dlg: Dialog) -> None:
        for item in dlg.items:
            if item.edit is not None:
                self.tb.le.dispose(item.edit)
        self.dialogs.pop(dlg.ptr, None)
        self.tb.wm.close(dlg.window)

    # -- drawing ----------------------------------------------------------------------
    def expand(self, text: bytes) -> bytes:
        """^0..^3 replaced by the ParamText strings."""
        for n in range(4):
            text = text.replace(b"^%d" % n, self.params[n])
        return text

    def draw_item(self, dlg: Dialog, item: DItem) -> None:
        qd = self.tb.qd
        wm = self.tb.wm
        if not dlg.window.visible:
            return
        if item.control is not None:
            self.tb.ctl.draw(item.control)
            return
        if item.edit is not None:
            if item.visible:
                with wm.window_drawing(dlg.window):
                    qd.SetSolidPenPat(BLACK)
                    t, l, b, r = item.rect
                    qd.FrameRect((t - 2, l - 4, b + 2, r + 4))
                self.tb.le.draw(item.edit)
                if not item.enabled:
                    with wm.window_drawing(dlg.window):
                        t, l, b, r = item.rect
                        _dim(qd, (t - 2, l - 4, b + 2, r + 4))
            else:
                with wm.window_drawing(dlg.window):
                    qd.SetSolidPenPat(WHITE)
                    t, l, b, r = item.rect
                    qd.PaintRect((t - 2, l - 4, b + 2, r + 4))
            return
        if item.kind == LONG_STAT_TEXT and item.descr:
            item.text = read_bytes(self.tb.mem, item.descr, item.value)
        if item.kind in (STAT_TEXT, LONG_STAT_TEXT):
            with wm.window_drawing(dlg.window):
                qd.SetSolidPenPat(WHITE)
                qd.PaintRect(item.rect)
                if not item.visible:
                    return
                qd.ClipRect(item.rect)
                qd.SetForeColor(BLACK)
                qd.SetBackColor(WHITE)
                qd.SetTextFace(0)
                t, l, b, r = item.rect
                for i, line in enumerate(wrap_text(self.expand(item.text), r - l,
                                                   qd.StringWidth)):
                    qd.MoveTo(l, t + 7 + i * TEXT_LINE_HEIGHT)
                    qd.DrawString(line)
                qd.ClipRect(wm.local_content(dlg.window))

    def draw_icon(self, dlg: Dialog) -> None:
        qd = self.tb.qd
        if not dlg.icon:
            return
        icon = ICONS[dlg.icon]
        # each "#" two pixels wide, all painted through one mask
        ink = np.repeat(np.array([[c == "#" for c in line] for line in icon]), 2, axis=1)
        with self.tb.wm.window_drawing(dlg.window):
            qd.SetSolidPenPat(BLACK)
            qd.PaintMasked((8, 16, 8 + ink.shape[0], 16 + ink.shape[1]), ink)

    def draw(self, dlg: Dialog) -> None:
        """DrawDialog's core: every item, then clear the update area."""
        self.draw_icon(dlg)
        for item in dlg.items:
            self.draw_item(dlg, item)
        for ctl in self.tb.ctl.in_window(dlg.ptr):   # CreateList's lists in the dialog
            if self.program_list(dlg, ctl):
                self.tb.ctl.draw(ctl)
        dlg.window.update = None

    def program_list(self, dlg: Dialog, ctl) -> bool:
        """A list (List Manager) the program made in the dialog, not one of its items:
        ModalDialog tracks it and DrawDialog draws it."""
        return self.tb.ctl.control_def(ctl) is not None and \
            all(item.control is not ctl for item in dlg.items)

    # -- the modal loop ---------------------------------------------------------------
    def set_current_edit(self, dlg: Dialog, item: DItem | None) -> None:
        le = self.tb.le
        for other in dlg.edit_items():
            if other is not item and other.edit.active:
                other.edit.active = False
                le.draw(other.edit)
        dlg.current_edit = item.item_id if item is not None else 0
        if item is not None:
            item.edit.active = True
            le.draw(item.edit)

    def flash_button(self, dlg: Dialog, item_id: int) -> None:
        """Show a button pressed for a moment (Return picks the default button)."""
        try:
            item = dlg.item(item_id)
        except ToolError:
            return
        if item.control is None:
            return
        self.tb.ctl.draw(item.control, pressed=True)
        self.tb.wm.present_frame()
        host = self.tb.host
        if host is not None and getattr(host, "interactive", False):
            host.wait(8 / 60)
        self.tb.ctl.draw(item.control, pressed=False)

    def handle_event(self, dlg: Dialog, ev: Event) -> int:
        """The standard handling of one event; the item ID hit, or 0."""
        tb = self.tb
        if ev.what == UPDATE_EVT:
            if ev.message == dlg.ptr:
                self.draw(dlg)
            return 0
        if ev.what == MOUSE_DOWN_EVT:
            if not contains(dlg.window.content, ev.v, ev.h):
                tb.snd.beep()
                for _ in tb.em.track():
                    pass
                return 0
            v, h = dlg.window.to_local(ev.v, ev.h)
            for item in reversed(dlg.items):
                if not item.visible or not item.enabled:
                    continue
                if item.control is not None:
                    if contains(item.control.hit_rect(), v, h):
                        hit = tb.ctl.track(item.control, ACTION_OWN, v, h)
                        return item.item_id if hit != NO_PART else 0
                elif item.edit is not None and contains(item.rect, v, h):
                    self.set_current_edit(dlg, item)
                    tb.le.click(item.edit, v, h, extend=bool(ev.modifiers & SHIFT_KEY))
                    return item.item_id
                elif contains(item.rect, v, h) and item.kind in (USER_ITEM, ICON_ITEM,
                                                                 PIC_ITEM, STAT_TEXT):
                    for _ in tb.em.track():
                        pass
                    return item.item_id
            _, ctl = tb.ctl.find(dlg.ptr, v, h)      # CreateList's list: not an item
            if ctl is not None and self.program_list(dlg, ctl):
                tb.ctl.track(ctl, ACTION_OWN, v, h)
                return 0
            for _ in tb.em.track():
                pass
            return 0
        if ev.what in (KEY_DOWN_EVT, AUTO_KEY_EVT):
            ch = ev.message & 0xFF
            if ch == KEY_RETURN:
                target = dlg.default_button
                try:
                    default = dlg.item(target)
                except ToolError:
                    return 0
                if not default.enabled or not default.visible:
                    return 0
                self.flash_button(dlg, target)
                return target
            if ch == KEY_ESCAPE or (ch == ord(".") and ev.modifiers & APPLE_KEY):
                try:
                    cancel = dlg.item(CANCEL_ITEM)
                except ToolError:
                    return 0
                if cancel.control is None or not cancel.enabled:
                    return 0
                self.flash_button(dlg, CANCEL_ITEM)
                return CANCEL_ITEM
            edits = dlg.live_edit_items()
            if ch == KEY_TAB and edits:
                ids = [it.item_id for it in edits]
                i = ids.index(dlg.current_edit) if dlg.current_edit in ids else -1
                nxt = edits[(i + 1) % len(edits)]
                self.set_current_edit(dlg, nxt)
                nxt.edit.model.select(0, len(nxt.edit.model.text))
                tb.le.draw(nxt.edit)
                return 0
            if dlg.current_edit and dlg.item(dlg.current_edit).enabled:
                item = dlg.item(dlg.current_edit)
                if not item.edit.model.key(ch, ev.modifiers):
                    tb.snd.beep()
                item.edit.caret_on = True
                tb.le.sync_text(item.edit)
                tb.le.draw(item.edit)
                return item.item_id
            return 0
        return 0

    def call_filter(self, dlg: Dialog, proc: int, ev: Event) -> tuple[bool, int]:
        """Call the program's filter proc: FUNCTION filter(theDialog: DialogPtr;
        VAR theEvent: EventRecord; VAR itemHit: Integer): Boolean (Pascal convention:
        result space, then the parameters in order; the proc removes them)."""
        machine = self.tb.machine
        if machine is None or not proc:
            return False, 0
        mem = self.tb.mem
        scratch = self._scratch()
        write_event(mem, scratch, ev)
        write_word(mem, scratch + 0x10, 0)
        args = [0]                                   # result space
        for ptr in (dlg.ptr, scratch, scratch + 0x10):
            args += [ptr >> 16, ptr & 0xFFFF]        # a long: high word pushed first
        regs = machine.call(proc, stack_args=args)
        result = read_word(mem, (regs.sp + 1) & 0xFFFF)
        return bool(result), read_word(mem, scratch + 0x10)

    def _scratch(self) -> int:
        if not hasattr(self, "_scratch_ptr"):
            _, self._scratch_ptr = self.tb.wm.alloc(0x20)
        return self._scratch_ptr

    def modal(self, dlg: Dialog, filter_proc: int = 0) -> int:
        """ModalDialog's core: events until an enabled item is hit (0: a script ran out)."""
        em = self.tb.em
        # Other windows' updates stay pending until the dialog is gone (their screen
        # comes back from under it, then the program redraws what was invalid).
        mask = (1 << MOUSE_DOWN_EVT) | (1 << KEY_DOWN_EVT) | (1 << AUTO_KEY_EVT)
        while True:
            if dlg.window.update is not None:
                self.draw(dlg)
            if dlg.current_edit:
                self.tb.le.idle(dlg.item(dlg.current_edit).edit)
            self.tb.wm.present_frame()
            ev = em.wait_for_event(mask)
            if ev is None:
                return 0
            if filter_proc:
                handled, hit = self.call_filter(dlg, filter_proc, ev)
                if handled:
                    self.last_hit = hit
                    return hit
            hit = self.handle_event(dlg, ev)
            if hit:
                self.last_hit = hit
                return hit

    # -- alerts -----------------------------------------------------------------------
    def alert(self, template: int, filter_proc: int, icon: str) -> int:
        """Alert/NoteAlert/CautionAlert/StopAlert from an AlertTemplate (dialog.h)."""
        mem = self.tb.mem
        bounds = read_rect(mem, template)
        stage_byte = mem[template + 0x0A + min(self.alert_stage, 3)]
        self.alert_stage = min(self.alert_stage + 1, 3)
        for _ in range(stage_byte & 0x03):
            self.tb.snd.beep()
        dlg = self.new_modal(bounds, True, 0)
        dlg.icon = icon
        dlg.default_button = CANCEL_ITEM if stage_byte & CANCEL_DEFAULT else OK_ITEM
        p = template + 0x0E
        while True:
            item_ptr = read_long(mem, p)
            if not item_ptr:
                break
            self._new_item_from_template(dlg, item_ptr)
            p += 4
        self.draw(dlg)
        try:
            return self.modal(dlg, filter_proc)
        finally:
            self.close(dlg)

    def _new_item_from_template(self, dlg: Dialog, addr: int) -> DItem:
        mem = self.tb.mem
        return self.new_item(dlg, read_word(mem, addr), read_rect(mem, addr + 2),
                             read_word(mem, addr + 0x0A), read_long(mem, addr + 0x0C),
                             read_word(mem, addr + 0x10), read_word(mem, addr + 0x12))


def _dm(tb) -> DialogManager:
    return tb.dlg


# -- tool calls (Toolbox Reference vol. 1, Dialog Manager) --------------------------------

# DialogStartUp(userID:W)
(DialogBootInit, DialogStartUp, DialogShutDown, DialogVersion, DialogReset,
 DialogStatus) = register_housekeeping(0x15, "Dialog", "dlg", DIALOG_VERSION, "W")


@tool(0x15, 0x0A, "LWL", 4)
def NewModalDialog(tb, bounds_ptr: int, visible: int, refcon: int) -> int:
    """NewModalDialog(dBoundsRect:L*, dVisibleFlag:W, dRefCon:L) -> DialogPtr:L"""
    return _dm(tb).new_modal(read_rect(tb.mem, bounds_ptr), bool(visible), refcon).ptr


@tool(0x15, 0x32, "L", 4)
def GetNewModalDialog(tb, template: int) -> int:
    """GetNewModalDialog(theDialogTemplate:L*) -> DialogPtr:L (DialogTemplate, dialog.h)"""
    dm = _dm(tb)
    mem = tb.mem
    dlg = dm.new_modal(read_rect(mem, template), bool(read_word(mem, template + 8)),
                       read_long(mem, template + 0x0A))
    p = template + 0x0E
    while read_long(mem, p):
        dm._new_item_from_template(dlg, read_long(mem, p))
        p += 4
    return dlg.ptr


@tool(0x15, 0x0D, "LWLWLWWL")
def NewDItem(tb, dlg_ptr: int, item_id: int, rect_ptr: int, item_type: int, descr: int,
             value: int, flag: int, color: int) -> None:
    """NewDItem(theDialog:L*, itemID:W, itemRect:L*, itemType:W, itemDescr:L*,
    itemValue:W, itemFlag:W, itemColor:L*)"""
    dm = _dm(tb)
    dm.new_item(dm.dialog(dlg_ptr), item_id, read_rect(tb.mem, rect_ptr), item_type, descr,
                value, flag)


@tool(0x15, 0x33, "LL")
def GetNewDItem(tb, dlg_ptr: int, template: int) -> None:
    """GetNewDItem(theDialog:L*, theItemTemplate:L*)"""
    dm = _dm(tb)
    dm._new_item_from_template(dm.dialog(dlg_ptr), template)


@tool(0x15, 0x0E, "LW")
def RemoveDItem(tb, dlg_ptr: int, item_id: int) -> None:
    """RemoveDItem(theDialog:L*, itemID:W)"""
    dm = _dm(tb)
    dlg = dm.dialog(dlg_ptr)
    item = dlg.item(item_id)
    item.visible = False
    if item.control is not None:
        item.control.flag |= 0x80
    dm.draw_item(dlg, item)
    if item.control is not None:
        tb.ctl.dispose(item.control)
    if item.edit is not None:
        tb.le.dispose(item.edit)
    dlg.items.remove(item)


@tool(0x15, 0x0F, "L", 2)
def ModalDialog(tb, filter_proc: int) -> int:
    """ModalDialog(filterProc:L*) -> itemHit:W (for the front dialog)"""
    dm = _dm(tb)
    dlg = dm.front()
    if dlg is None:
        raise ToolError(NOT_MODAL_DIALOG, "no dialog in front")
    return dm.modal(dlg, filter_proc)


@tool(0x15, 0x2C, "L", 4)
def ModalDialog2(tb, filter_proc: int) -> int:
    """ModalDialog2(filterProc:L*) -> hitInfo:L (item ID in the low word)"""
    return ModalDialog(tb, filter_proc)


@tool(0x15, 0x0C, "L")
def CloseDialog(tb, dlg_ptr: int) -> None:
    """CloseDialog(theDialog:L*)"""
    dm = _dm(tb)
    dm.close(dm.dialog(dlg_ptr))


def _alert(tb, template: int, filter_proc: int, icon: str) -> int:
    return _dm(tb).alert(template, filter_proc, icon)


@tool(0x15, 0x17, "LL", 2)
def Alert(tb, template: int, filter_proc: int) -> int:
    """Alert(theAlertTemplate:L*, filterProc:L*) -> itemHit:W"""
    return _alert(tb, template, filter_proc, "")


@tool(0x15, 0x19, "LL", 2)
def NoteAlert(tb, template: int, filter_proc: int) -> int:
    """NoteAlert(theAlertTemplate:L*, filterProc:L*) -> itemHit:W"""
    return _alert(tb, template, filter_proc, "note")


@tool(0x15, 0x1A, "LL", 2)
def CautionAlert(tb, template: int, filter_proc: int) -> int:
    """CautionAlert(theAlertTemplate:L*, filterProc:L*) -> itemHit:W"""
    return _alert(tb, template, filter_proc, "caution")


@tool(0x15, 0x18, "LL", 2)
def StopAlert(tb, template: int, filter_proc: int) -> int:
    """StopAlert(theAlertTemplate:L*, filterProc:L*) -> itemHit:W"""
    return _alert(tb, template, filter_proc, "stop")


@tool(0x15, 0x1B, "LLLL")
def ParamText(tb, p0: int, p1: int, p2: int, p3: int) -> None:
    """ParamText(param0:L*, param1:L*, param2:L*, param3:L*): nil leaves a string as is"""
    dm = _dm(tb)
    for n, ptr in enumerate((p0, p1, p2, p3)):
        if ptr:
            dm.params[n] = read_pstring(tb.mem, ptr)


@tool(0x15, 0x1F, "LWL")
def GetIText(tb, dlg_ptr: int, item_id: int, result_ptr: int) -> None:
    """GetIText(theDialog:L*, itemID:W, resultPtr:L*): a Pascal string"""
    item = _dm(tb).dialog(dlg_ptr).item(item_id)
    text = item.edit.model.text if item.edit is not None else item.text
    write_pstring(tb.mem, result_ptr, text[:255])


@tool(0x15, 0x20, "LWL")
def SetIText(tb, dlg_ptr: int, item_id: int, string_ptr: int) -> None:
    """SetIText(theDialog:L*, itemID:W, theString:L*)"""
    dm = _dm(tb)
    dlg = dm.dialog(dlg_ptr)
    item = dlg.item(item_id)
    text = read_pstring(tb.mem, string_ptr)
    if item.edit is not None:
        item.edit.model.set_text(text)
        tb.le.sync_text(item.edit)
    else:
        item.text = text
    dm.draw_item(dlg, item)


@tool(0x15, 0x21, "LWWW")
def SelIText(tb, dlg_ptr: int, item_id: int, start: int, end: int) -> None:
    """SelIText(theDialog:L*, itemID:W, startSel:W, endSel:W)"""
    dm = _dm(tb)
    dlg = dm.dialog(dlg_ptr)
    item = dlg.item(item_id)
    if item.edit is None:
        raise ToolError(ITEM_NOT_FOUND, f"item {item_id} is not an edit line")
    item.edit.model.select(s16(start), s16(end))
    dm.set_current_edit(dlg, item)


@tool(0x15, 0x2E, "LW", 2)
def GetDItemValue(tb, dlg_ptr: int, item_id: int) -> int:
    """GetDItemValue(theDialog:L*, itemID:W) -> itemValue:W"""
    item = _dm(tb).dialog(dlg_ptr).item(item_id)
    return item.control.value if item.control is not None else item.value


@tool(0x15, 0x2F, "WLW")
def SetDItemValue(tb, value: int, dlg_ptr: int, item_id: int) -> None:
    """SetDItemValue(itemValue:W, theDialog:L*, itemID:W)"""
    item = _dm(tb).dialog(dlg_ptr).item(item_id)
    item.value = value
    if item.control is not None:
        tb.ctl.set_value(item.control, value)


def _set_item_visible(tb, dlg_ptr: int, item_id: int, visible: bool) -> None:
    dm = _dm(tb)
    dlg = dm.dialog(dlg_ptr)
    item = dlg.item(item_id)
    item.visible = visible
    if item.control is not None:
        if not visible and item.control.visible:
            tb.ctl.erase(item.control)
        item.control.flag = (item.control.flag & ~0x80) | (0 if visible else 0x80)
        tb.ctl.sync(item.control)
    if item.edit is not None and not visible and dlg.current_edit == item_id:
        others = [it for it in dlg.edit_items() if it is not item]
        dm.set_current_edit(dlg, others[0] if others else None)
    dm.draw_item(dlg, item)


@tool(0x15, 0x22, "LW")
def HideDItem(tb, dlg_ptr: int, item_id: int) -> None:
    """HideDItem(theDialog:L*, itemID:W)"""
    _set_item_visible(tb, dlg_ptr, item_id, False)


@tool(0x15, 0x23, "LW")
def ShowDItem(tb, dlg_ptr: int, item_id: int) -> None:
    """ShowDItem(theDialog:L*, itemID:W)"""
    _set_item_visible(tb, dlg_ptr, item_id, True)


def _set_item_enabled(tb, dlg_ptr: int, item_id: int, enabled: bool) -> None:
    """A disabled control is ghosted and takes no clicks; a disabled edit line is
    ghosted too and takes neither clicks nor keys (the current edit line moves on to
    the next enabled one, or none), so a value the program has fixed cannot be typed
    over; enabled again, it is drawn plainly and can be clicked into."""
    dm = _dm(tb)
    dlg = dm.dialog(dlg_ptr)
    item = dlg.item(item_id)
    item.item_type = (item.item_type & 0x7FFF) | (0 if enabled else ITEM_DISABLE)
    if item.control is not None:
        tb.ctl.set_hilite(item.control, 0 if enabled else 255)
    if item.edit is not None:
        if not enabled and dlg.current_edit == item_id:
            live = dlg.live_edit_items()
            dm.set_current_edit(dlg, live[0] if live else None)
        dm.draw_item(dlg, item)


@tool(0x15, 0x39, "LW")
def DisableDItem(tb, dlg_ptr: int, item_id: int) -> None:
    """DisableDItem(theDialog:L*, itemID:W)"""
    _set_item_enabled(tb, dlg_ptr, item_id, False)


@tool(0x15, 0x3A, "LW")
def EnableDItem(tb, dlg_ptr: int, item_id: int) -> None:
    """EnableDItem(theDialog:L*, itemID:W)"""
    _set_item_enabled(tb, dlg_ptr, item_id, True)


@tool(0x15, 0x16, "L")
def DrawDialog(tb, dlg_ptr: int) -> None:
    """DrawDialog(theDialog:L*)"""
    dm = _dm(tb)
    dm.draw(dm.dialog(dlg_ptr))


@tool(0x15, 0x25, "LL")
def UpdateDialog(tb, dlg_ptr: int, region: int) -> None:
    """UpdateDialog(theDialog:L*, updateRgn:L): redraws every item."""
    dm = _dm(tb)
    dm.draw(dm.dialog(dlg_ptr))


@tool(0x15, 0x1E, "LW", 4)
def GetControlDItem(tb, dlg_ptr: int, item_id: int) -> int:
    """GetControlDItem(theDialog:L*, itemID:W) -> ctlHandle:L"""
    item = _dm(tb).dialog(dlg_ptr).item(item_id)
    return item.control.handle if item.control is not None else 0


@tool(0x15, 0x37, "L", 2)
def GetDefButton(tb, dlg_ptr: int) -> int:
    """GetDefButton(theDialog:L*) -> itemID:W"""
    return _dm(tb).dialog(dlg_ptr).default_button


@tool(0x15, 0x38, "WL")
def SetDefButton(tb, item_id: int, dlg_ptr: int) -> None:
    """SetDefButton(defButtonID:W, theDialog:L*)"""
    dm = _dm(tb)
    dlg = dm.dialog(dlg_ptr)
    for item in dlg.items:
        if item.kind == BUTTON_ITEM and item.control is not None:
            style = 1 if item.item_id == item_id else 0
            item.control.flag = (item.control.flag & ~0x03) | style
            tb.ctl.sync(item.control)
    dlg.default_button = item_id
    dm.draw(dlg)


@tool(0x15, 0x26, "LW", 2)
def GetDItemType(tb, dlg_ptr: int, item_id: int) -> int:
    """GetDItemType(theDialog:L*, itemID:W) -> itemType:W"""
    return _dm(tb).dialog(dlg_ptr).item(item_id).item_type


@tool(0x15, 0x28, "LWL")
def GetDItemBox(tb, dlg_ptr: int, item_id: int, rect_ptr: int) -> None:
    """GetDItemBox(theDialog:L*, itemID:W, itemBoxPtr:L*)"""
    write_rect(tb.mem, rect_ptr, _dm(tb).dialog(dlg_ptr).item(item_id).rect)


@tool(0x15, 0x34, "", 2)
def GetAlertStage(tb) -> int:
    """GetAlertStage() -> stage:W"""
    return _dm(tb).alert_stage


@tool(0x15, 0x35)
def ResetAlertStage(tb) -> None:
    """ResetAlertStage()"""
    _dm(tb).alert_stage = 0


@tool(0x15, 0x10, "L", 2)
def IsDialogEvent(tb, event_ptr: int) -> int:
    """IsDialogEvent(theEvent:L*) -> Boolean:W (TRUE when a dialog is in front)"""
    return int(_dm(tb).front() is not None)


@tool(0x15, 0x09, "L")
def ErrorSound(tb, proc: int) -> None:
    """ErrorSound(soundProcPtr:L*): alerts beep through the Sound Tool Set."""


# -- the rest of the Dialog Manager (Toolbox Reference vols. 1 and 3) --------------------

@tool(0x15, 0x0B, "LLLWLL", 4)
def NewModelessDialog(tb, bounds_ptr: int, title_ptr: int, behind: int, flag: int,
                      refcon: int, full_size_ptr: int) -> int:
    """NewModelessDialog(dBoundsRect:L*, dTitle:L*, dBehind:L*, dFlag:W, dRefCon:L,
    dFullSize:L*) -> DialogPtr:L -- dFlag is the window's frame (wFrame bits, fVis
    for visible), dBehind its place (-1 in front, 0 behind all); dFullSize, the
    zoomed size, is not kept (the Window Manager here does not zoom)."""
    return _dm(tb).new_modeless(read_rect(tb.mem, bounds_ptr), title_ptr, behind, flag,
                                refcon).ptr


@tool(0x15, 0x11, "LLL", 2)
def DialogSelect(tb, event_ptr: int, result_ptr: int, item_hit_ptr: int) -> int:
    """DialogSelect(theEvent:L*, resultPtr:L*, itemHitPtr:L*) -> Boolean:W -- the event
    handled for its dialog (DialogManager.select); TRUE when an enabled item was hit,
    the dialog's pointer at resultPtr and the item's ID at itemHitPtr."""
    dlg, hit = _dm(tb).select(read_event(tb.mem, event_ptr))
    if not hit:
        return 0
    write_long(tb.mem, result_ptr, dlg.ptr)
    write_word(tb.mem, item_hit_ptr, hit)
    return 0xFFFF


def _edit_call(tb, dlg_ptr: int, call) -> None:
    """A LineEdit call on the dialog's current edit line (none: nothing)."""
    line = _dm(tb).current_line(_dm(tb).dialog(dlg_ptr))
    if line is not None:
        call(tb, line.handle)


@tool(0x15, 0x12, "L")
def DlgCut(tb, dlg_ptr: int) -> None:
    """DlgCut(theDialog:L*): LECut on the current edit line."""
    _edit_call(tb, dlg_ptr, LECut)


@tool(0x15, 0x13, "L")
def DlgCopy(tb, dlg_ptr: int) -> None:
    """DlgCopy(theDialog:L*): LECopy on the current edit line."""
    _edit_call(tb, dlg_ptr, LECopy)


@tool(0x15, 0x14, "L")
def DlgPaste(tb, dlg_ptr: int) -> None:
    """DlgPaste(theDialog:L*): LEPaste on the current edit line."""
    _edit_call(tb, dlg_ptr, LEPaste)


@tool(0x15, 0x15, "L")
def DlgDelete(tb, dlg_ptr: int) -> None:
    """DlgDelete(theDialog:L*): LEDelete on the current edit line."""
    _edit_call(tb, dlg_ptr, LEDelete)


@tool(0x15, 0x1C, "L")
def SetDAFont(tb, font_handle: int) -> None:
    """SetDAFont(fontHandle:L): the font for dialogs made after; kept -- the items
    here are drawn in the system font."""
    _dm(tb).font_handle = font_handle


@tool(0x15, 0x24, "LL", 2)
def FindDItem(tb, dlg_ptr: int, point_ptr: int) -> int:
    """FindDItem(theDialog:L*, thePointPtr:L*) -> itemID:W: the first visible item
    whose rectangle holds the local point, 0 for none."""
    v, h = s16(read_word(tb.mem, point_ptr)), s16(read_word(tb.mem, point_ptr + 2))
    for item in _dm(tb).dialog(dlg_ptr).items:
        if item.visible and contains(item.rect, v, h):
            return item.item_id
    return 0


# The item kinds drawn by the Dialog Manager itself, which SetDItemType can exchange
PLAIN_KINDS = (STAT_TEXT, LONG_STAT_TEXT, ICON_ITEM, PIC_ITEM, USER_ITEM, USER_CTL_ITEM)


@tool(0x15, 0x27, "WLW")
def SetDItemType(tb, item_type: int, dlg_ptr: int, item_id: int) -> None:
    """SetDItemType(itemType:W, theDialog:L*, itemID:W): the disable bit enables or
    disables the item (EnableDItem, DisableDItem); the kind may change among the
    items drawn here (text, icon, picture, user item), not to or from a control or an
    edit line (badItemType: those are made by NewDItem)."""
    item = _dm(tb).dialog(dlg_ptr).item(item_id)
    kind = item_type & 0x7FFF
    if kind != item.kind:
        if kind not in PLAIN_KINDS or item.kind not in PLAIN_KINDS:
            raise ToolError(BAD_ITEM_TYPE, f"item {item_id} cannot become type ${kind:04X}")
        item.item_type = (item.item_type & ITEM_DISABLE) | kind
    _set_item_enabled(tb, dlg_ptr, item_id, not item_type & ITEM_DISABLE)


@tool(0x15, 0x29, "LWL")
def SetDItemBox(tb, dlg_ptr: int, item_id: int, rect_ptr: int) -> None:
    """SetDItemBox(theDialog:L*, itemID:W, itemBoxPtr:L*)"""
    dm = _dm(tb)
    dlg = dm.dialog(dlg_ptr)
    dm.set_item_box(dlg, dlg.item(item_id), read_rect(tb.mem, rect_ptr))


@tool(0x15, 0x2A, "L", 2)
def GetFirstDItem(tb, dlg_ptr: int) -> int:
    """GetFirstDItem(theDialog:L*) -> itemID:W (0: no items)"""
    items = _dm(tb).dialog(dlg_ptr).items
    return items[0].item_id if items else 0


@tool(0x15, 0x2B, "LW", 2)
def GetNextDItem(tb, dlg_ptr: int, item_id: int) -> int:
    """GetNextDItem(theDialog:L*, itemID:W) -> nextItemID:W (0 after the last)"""
    dlg = _dm(tb).dialog(dlg_ptr)
    at = dlg.items.index(dlg.item(item_id))
    return dlg.items[at + 1].item_id if at + 1 < len(dlg.items) else 0


@tool(0x15, 0x36, "LLL", 2)
def DefaultFilter(tb, dlg_ptr: int, event_ptr: int, item_hit_ptr: int) -> int:
    """DefaultFilter(theDialog:L*, theEvent:L*, itemHit:L*) -> Boolean:W -- the
    standard keys (DialogManager.standard_key): TRUE with the button's ID at itemHit;
    FALSE for any other event, left for ModalDialog."""
    dm = _dm(tb)
    hit = dm.standard_key(dm.dialog(dlg_ptr), read_event(tb.mem, event_ptr))
    if not hit:
        return 0
    write_word(tb.mem, item_hit_ptr, hit)
    return 0xFFFF


# -- AlertWindow (Window Manager $590E; Apple IIGS Technical Note #48, Toolbox Reference
# vol. 3, ch. 52) ---------------------------------------------------------------------
# The alert string: a size character ('1'-'9' a standard size, '0' followed by the
# window's rectangle, 8 bytes), an icon character ('0' none, '1' custom followed by a
# 4-byte pointer, '2' stop, '3' note, '4' caution, '5'/'6' the disk icons), a separator
# character, the message, then the button titles, each after a separator, and a NUL.
# A button whose title starts with '^' is the default (Return). In the text, *0-*9 are
# the substitution strings of subStrPtr's array (C strings, or Pascal strings when
# alertFlags bit 0 is set) and #0-#6 the standard titles below. alertFlags bits 2-1 say
# how alertStrRef refers to the string: pointer, handle, or rAlertString resource ID.
# The answer is the button's number, 0 for the first title.
STANDARD_TITLES = (b"OK", b"Cancel", b"Yes", b"No", b"Try Again", b"Quit", b"Continue")
ALERT_ICONS = {ord("2"): "stop", ord("3"): "note", ord("4"): "caution"}
# The nine standard sizes (width, height), 640-mode pixels: this toolbox's, growing
# as the Technical Note's do from a one-line note to a near-full-screen alert.
ALERT_SIZES = {n: (200 + 45 * (n - 1), 44 + 16 * (n - 1)) for n in range(1, 10)}
ALERT_TOP = 40
ALERT_MARGIN = 10
ICON_SPACE = 40
BUTTON_GAP = 16
PASCAL_SUBSTITUTIONS = 0x0001
ALERT_REF_SHIFT = 1
NO_BUTTON = 0xFFFF             # a script that ended before any button was chosen
ALERT_STRING_LIMIT = 0x1000


@dataclass
class AlertSpec:
    """An alert string, parsed."""
    rect: Rect
    icon: str
    message: bytes
    buttons: list[bytes]
    default: int | None        # index of the '^' button


def substitute(text: bytes, subs: list[bytes]) -> bytes:
    """*0-*9 from the substitution array, #0-#6 the standard titles."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i:i + 1]
        nxt = text[i + 1:i + 2]
        if c == b"*" and nxt.isdigit() and int(nxt) < len(subs):
            out += subs[int(nxt)]
            i += 2
        elif c == b"#" and nxt.isdigit() and int(nxt) < len(STANDARD_TITLES):
            out += STANDARD_TITLES[int(nxt)]
            i += 2
        else:
            out += c
            i += 1
    return bytes(out)


def parse_alert_string(raw: bytes, subs: list[bytes]) -> AlertSpec:
    """The alert string's parts (see above); the window centred when a standard size."""
    size = raw[0]
    i = 1
    if size == ord("0"):
        top, left, bottom, right = (s16(raw[i + k] | raw[i + k + 1] << 8) for k in (0, 2, 4, 6))
        rect = (top, left, bottom, right)
        i += 8
    else:
        width, height = ALERT_SIZES.get(size - ord("0"), ALERT_SIZES[1])
        left = (640 - width) // 2
        rect = (ALERT_TOP, left, ALERT_TOP + height, left + width)
    icon_char = raw[i]
    i += 1
    if icon_char == ord("1"):
        i += 4                                  # a custom icon's pointer: not drawn here
    sep = raw[i:i + 1]
    parts = raw[i + 1:].split(b"\x00")[0].split(sep)
    buttons, default = [], None
    for n, title in enumerate(parts[1:]):
        if title.startswith(b"^"):
            default, title = n, title[1:]
        buttons.append(substitute(title, subs))
    return AlertSpec(rect, ALERT_ICONS.get(icon_char, ""), substitute(parts[0], subs),
                     buttons, default)


def _substitution_strings(tb, flags: int, array: int) -> list[bytes]:
    """The ten strings subStrPtr's array points to (C or Pascal), as far as needed."""
    mem = tb.mem
    if not array:
        return []
    subs = []
    for n in range(10):
        ptr = read_long(mem, array + 4 * n)
        if not ptr:
            subs.append(b"")
            continue
        if flags & PASCAL_SUBSTITUTIONS:
            subs.append(read_pstring(mem, ptr))
        else:
            subs.append(read_bytes(mem, ptr, 256).split(b"\x00")[0])
    return subs


@tool(0x0E, 0x59, "WLL", 2)
def AlertWindow(tb, alert_flags: int, sub_str_ptr: int, alert_str_ref: int) -> int:
    """AlertWindow(alertFlags:W, subStrPtr:L, alertStrRef:L): buttonHit:W -- a modal
    alert (the Dialog Manager's) from an alert string; the number of the button."""
    from toolbox.resource import R_ALERT_STRING, ref_address
    dm = _dm(tb)
    mem = tb.mem
    addr = ref_address(tb, (alert_flags >> ALERT_REF_SHIFT) & 3, alert_str_ref,
                       R_ALERT_STRING)
    spec = parse_alert_string(read_bytes(mem, addr, ALERT_STRING_LIMIT),
                              _substitution_strings(tb, alert_flags, sub_str_ptr
                                                    if sub_str_ptr & 0xFFFFFF else 0))
    return run_alert(tb, spec)


def run_alert(tb, spec: AlertSpec) -> int:
    """AlertWindow's core: the modal alert `spec` describes, until a button is chosen;
    its number (0 for the first), NO_BUTTON when a script ended first."""
    dm = _dm(tb)
    mem = tb.mem
    # The texts the items show live in one block of the alert's own.
    texts = [spec.message] + spec.buttons
    size = sum(len(t) + 1 for t in texts)
    handle = tb.mm.new_handle(size, tb.mm.app_user_id or 0x1000, 0xC000)
    p = tb.mm.deref(handle)
    where = []
    for t in texts:
        mem[p] = len(t) & 0xFF
        mem[p + 1:p + 1 + len(t)] = t
        where.append(p)
        p += len(t) + 1
    dlg = dm.new_modal(spec.rect, True, 0)
    dlg.icon = spec.icon
    dlg.default_button = spec.default + 1 if spec.default is not None else 0
    width = spec.rect[3] - spec.rect[1]
    height = spec.rect[2] - spec.rect[0]
    text_left = ICON_SPACE if spec.icon else ALERT_MARGIN
    dm.new_item(dlg, len(texts) + 1,
                (ALERT_MARGIN // 2, text_left, height - BUTTON_HEIGHT - ALERT_MARGIN,
                 width - ALERT_MARGIN),
                LONG_STAT_TEXT | ITEM_DISABLE, where[0] + 1, len(spec.message), 0)
    measure = tb.qd.StringWidth
    widths = [measure(t) + 24 for t in spec.buttons]
    gap = max(BUTTON_GAP, (width - sum(widths)) // (len(widths) + 1)) if widths else 0
    h = max(ALERT_MARGIN, (width - sum(widths) - gap * (len(widths) - 1)) // 2)
    top = height - BUTTON_HEIGHT - ALERT_MARGIN // 2
    for n, w in enumerate(widths):
        dm.new_item(dlg, n + 1, (top, h, top + BUTTON_HEIGHT, h + w), BUTTON_ITEM,
                    where[n + 1], 0, 0)
        h += w + gap
    dm.draw(dlg)
    try:
        hit = dm.modal(dlg)
    finally:
        dm.close(dlg)
        tb.mm.dispose(handle)
    return hit - 1 if 1 <= hit <= len(spec.buttons) else NO_BUTTON


def tell(tb, text: str, icon: str = "caution") -> None:
    """A notice of the host's (the battery RAM's, iigs.bram) in an alert with OK, as
    AlertWindow makes one: the smallest standard size the wrapped text fits, a beep
    as the program's own alerts give."""
    message = text.encode("mac_roman", errors="replace")
    measure = tb.qd.StringWidth
    text_left = ICON_SPACE if icon else ALERT_MARGIN
    for size in sorted(ALERT_SIZES):
        width, height = ALERT_SIZES[size]
        lines = wrap_text(message, width - ALERT_MARGIN - text_left, measure)
        if len(lines) * TEXT_LINE_HEIGHT <= height - BUTTON_HEIGHT - 2 * ALERT_MARGIN:
            break
    left = (640 - width) // 2
    tb.snd.beep()
    run_alert(tb, AlertSpec((ALERT_TOP, left, ALERT_TOP + height, left + width), icon,
                            message, [STANDARD_TITLES[0]], 0))


# -- DoModalWindow (Window Manager $640E, Toolbox Reference vol. 3, ch. 52) ---------------
ENTER_KEY = 0x03                # the keypad's Enter, as the IIGS keyboard sends it


@tool(0x0E, 0x64, "LLLLW", 4)
def DoModalWindow(tb, event_ptr: int, update_proc: int, event_hook: int, beep_proc: int,
                  flags: int) -> int:
    """DoModalWindow(eventRecPtr:L, updateProc:L, eventHook:L, beepProc:L, flags:W):
    result:L -- one event of a modal window's loop (the program calls it until a
    control it waits for is chosen): the event (copied to eventRecPtr) is handled for
    the front window; a click on one of its controls tracks it (a check box toggles,
    a radio button turns on) and answers the control's ID, Return or Enter the default
    button's; an update redraws the controls (and calls updateProc); a click outside
    the window beeps. Else 0. eventHook and beepProc are not called (logged)."""
    from toolbox.control import CHECK_BOX, DEFAULT_BUTTON_STYLE, RADIO_BUTTON, SIMPLE_BUTTON
    from toolbox.event import get_next_event
    from toolbox.window import contains as in_rect
    if event_hook or beep_proc:
        tb.call_log.append("DoModalWindow: eventHook/beepProc not called")
    ev = get_next_event(tb, 0xFFFF, True)
    if event_ptr & 0xFFFFFF:
        write_event(tb.mem, event_ptr & 0xFFFFFF, ev)
    wm, ctl_mgr = tb.wm, tb.ctl
    win = wm.front()
    if ev.what == UPDATE_EVT:
        target = wm.find(ev.message)
        if target is not None:
            wm.begin_update(target)
            ctl_mgr.draw_all(target.ptr)
            if update_proc and tb.machine is not None:
                tb.machine.call(update_proc)
            wm.end_update(target)
        return 0
    if win is None:
        return 0
    if ev.what == MOUSE_DOWN_EVT:
        if not in_rect(win.content, ev.v, ev.h):
            tb.snd.beep()
            for _ in tb.em.track():
                pass
            return 0
        _, ctl = ctl_mgr.find(win.ptr, *win.to_local(ev.v, ev.h))
        if ctl is None or not ctl_mgr.track(ctl):
            return 0
        if ctl.kind == CHECK_BOX:
            ctl_mgr.set_value(ctl, 0 if ctl.value else 1)
        elif ctl.kind == RADIO_BUTTON:
            ctl_mgr.set_value(ctl, 1)
        return ctl.ctl_id
    if ev.what in (KEY_DOWN_EVT, AUTO_KEY_EVT) and ev.message & 0xFF in (KEY_RETURN,
                                                                          ENTER_KEY):
        for ctl in ctl_mgr.in_window(win.ptr):
            if (ctl.kind == SIMPLE_BUTTON and ctl.flag & 0x03 == DEFAULT_BUTTON_STYLE
                    and ctl.visible and ctl.active):
                ctl_mgr.draw(ctl, pressed=True)
                ctl_mgr.draw(ctl, pressed=False)
                return ctl.ctl_id
    return 0
