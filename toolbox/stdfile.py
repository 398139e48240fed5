"""Standard File Operations (tool set $17): the Open and Save dialogs on the disk.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter 22 "Standard File Operations
Tool Set" (SFGetFile, SFPutFile, SFAllCaps, the SFReplyRec and the type list) and
vol. 3, chapter 48 (SFGetFile2, SFPutFile2, SFShowInvisible, SFReScan, SFReplyRec2,
TypeSelector2 lists, reference descriptors), with the record layouts of stdfile.h.

A dialog here is a modal dialog of the Dialog Manager (toolbox/dialog.py) listing the
current folder of the mounted ProDOS volume (GS/OS's, toolbox/gsos.py): folders
first-class (they can always be opened), files filtered by the type list (and the
program's filter procedure, called with the Pascal convention), in alphabetical
order, seven at a time with a scroll bar (its arrows scroll a row, its track a
page). A click selects a row, a double-click (within GetDblTime) opens
it (a dimmed name cannot be chosen); the up and down arrows move the selection to the
next name that can be; a letter typed in the Open dialog selects the first such name
from that letter on; Return is the default button, Esc or
Apple-period Cancel. "Open" on a folder enters it, "Close" goes up to the enclosing
folder. The Save dialog has a name field (LineEdit, at most 15 characters or the
program's maxLen, a ProDOS name) and lists files dimmed: Save with a name answers
good = TRUE with the folder's path plus the name; the name of a file that is there
first asks 'Replace existing "NAME"?' (Replace, or Cancel, the default, back to the
Save dialog). The folder last shown is remembered
from call to call; the first dialog shows prefix 8.

The reply record is filled as the Reference lays it out:

    SFReplyRec   +$00 good:W  +$02 fileType:W  +$04 auxFileType:W
                 +$06 filename: String[15] (16 bytes)  +$16 fullPathname: String[128]
                 (full pathnames with '/' separators, as ProDOS 16 gives them)
    SFReplyRec2  +$00 good:W  +$02 fileType:W  +$04 auxType:L
                 +$08 nameDesc:W  +$0A nameRef:L  +$0E pathDesc:W  +$10 pathRef:L
                 (name and full pathname as GS/OS output strings, ResultBuf255:
                 bufSize:W, length:W, text; ':' separators; nameDesc/pathDesc say where:
                 0 refIsPointer (a buffer of the program's, too small: the length
                 alone, as GS/OS does), 1 refIsHandle (resized), 3 refIsNewHandle
                 (Standard File allocates it and stores the handle in the Ref))

The dialogs are 400 pixels wide in 640 mode and 300 in 320 mode (the master SCB says
which), kept on the screen whatever whereX and whereY ask. A scripted host with no
input left ends the dialog as Cancel would (good = FALSE).

SFMultiGet2 is the Open dialog of SFGetFile2 in which more than one file can be chosen:
a click selects one name (a double-click opens it, as there), a shift-click adds a
file to the selection or takes it out again, and Open answers the files selected (a
folder alone selected is opened instead; folders in a selection of several are left
out). Its reply is the six-byte MultiReplyRecord:

    MultiReplyRecord  +$00 good:W  +$02 namesHandle:L
                 (a new handle of the program's user ID: +0 count:W, then for each
                 file chosen, in the list's order, its full pathname as a GS/OS input
                 string, length:W then the text, ':' separators)

SFPGetFile/SFPPutFile, their "2" forms and SFPMultiGet2 show the same dialogs: with a
NIL template and hook they are the plain calls, as the Reference says; a program's own
template, hook (and itemDrawPtr) are not used, and the call log says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from iigs.hostinput import APPLE_KEY, SHIFT_KEY
from iigs.memory import (read_bytes, read_long, read_pstring, read_word, write_bytes,
                         write_long, write_pstring, write_word)
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, s16, tool
from toolbox.resource import R_PSTRING
from toolbox.control import _dim
from toolbox.dialog import (BUTTON_ITEM, CANCEL_ITEM, EDIT_LINE, ITEM_DISABLE, OK_ITEM,
                            STAT_TEXT, USER_ITEM, Dialog)
from toolbox.event import AUTO_KEY_EVT, KEY_DOWN_EVT, MOUSE_DOWN_EVT, UPDATE_EVT, Event
from toolbox.lineedit import KEY_RETURN
from toolbox.toolbox import tool_state
from toolbox.window import DESKTOP_PATTERN, contains

TOOLSET = 0x17
SF_VERSION = 0x0300

# Errors (stdfile.h / Toolbox Reference vol. 3)
BAD_PROMPT_DESC = 0x1701
BAD_ORIG_NAME_DESC = 0x1702
BAD_REPLY_NAME_DESC = 0x1704
BAD_REPLY_PATH_DESC = 0x1705

# Filter procedure answers (stdfile.h)
NO_DISPLAY = 0x0000
NO_SELECT = 0x0001
DISPLAY_SELECT = 0x0002

# TypeSelector2 flags (stdfile.h)
SF_MATCH_FILE_TYPE = 0x8000
SF_MATCH_AUX_TYPE = 0x4000
SF_DISPLAY_GREY = 0x2000

# Reference descriptors (RefDescriptor)
REF_IS_POINTER = 0
REF_IS_HANDLE = 1
REF_IS_RESOURCE = 2
REF_IS_NEW_HANDLE = 3

TRUE, FALSE = 1, 0
DIRECTORY_TYPE = 0x0F
INVISIBLE_ACCESS = 0x04          # ProDOS access bit 2: the file is invisible
MAX_NAME = 15                    # a ProDOS name
OLD_PATH_MAX = 128               # SFReplyRec's fullPathname: String[128]

# Item IDs of the dialogs (1 is the default button, 2 Cancel, as the Dialog Manager wants)
ACCEPT_ITEM = OK_ITEM            # Open / Save
OPEN_ITEM = 3                    # Save dialog: open the selected folder
CLOSE_ITEM = 4                   # up to the enclosing folder
PATH_ITEM = 5                    # the current folder's pathname
LIST_ITEM = 6                    # the list of names
PROMPT_ITEM = 7
NAME_ITEM = 8                    # Save dialog: the name field

# Layout, local to the dialog: 640 mode, and the narrower one of 320 mode
ROW_HEIGHT = 10
LIST_ROWS = 7
GET_HEIGHT = 112
PUT_HEIGHT = 132


@dataclass(frozen=True)
class Layout:
    width: int
    list_rect: tuple[int, int, int, int]
    prompt_rect: tuple[int, int, int, int]
    path_rect: tuple[int, int, int, int]
    name_rect: tuple[int, int, int, int]
    button_left: int
    button_right: int
    screen_width: int


LAYOUT_640 = Layout(400, (30, 10, 30 + LIST_ROWS * ROW_HEIGHT + 2, 250), (4, 10, 14, 390),
                    (16, 10, 26, 390), (112, 14, 122, 246), 272, 380, 640)
LAYOUT_320 = Layout(300, (30, 6, 30 + LIST_ROWS * ROW_HEIGHT + 2, 186), (4, 6, 14, 294),
                    (16, 6, 26, 294), (112, 10, 122, 182), 196, 292, 320)
DIALOG_WIDTH = LAYOUT_640.width
LIST_RECT = LAYOUT_640.list_rect
BUTTON_LEFT, BUTTON_RIGHT = LAYOUT_640.button_left, LAYOUT_640.button_right

SCROLL_WIDTH = 14                # the list's scroll bar, at its right
ARROW_HEIGHT = 10
THUMB_HEIGHT = 8
TRACK_PATTERN = DESKTOP_PATTERN  # the scroll bar's track: the desktop's grey

KEY_UP, KEY_DOWN = 0x0B, 0x0A
BLACK, WHITE = 0, 3


@dataclass
class Row:
    """One name in the list."""
    name: str
    file_type: int
    aux_type: int
    is_dir: bool
    selectable: bool


def type_list_filter(mem, type_list: int):
    """SFGetFile's type list (count byte, then file type bytes; nil = every file) as
    a function (file_type, aux_type) -> display?"""
    if not type_list:
        return lambda ft, aux: DISPLAY_SELECT
    count = mem[type_list]
    types = set(read_bytes(mem, type_list + 1, count))
    return lambda ft, aux: DISPLAY_SELECT if ft in types else NO_DISPLAY


def type_list2_filter(mem, type_list: int):
    """SFGetFile2's TypeSelector2 list (count:W, then flags:W fileType:W auxType:L
    entries; nil = every file): a file shows if an entry matches it (sfMatchFileType
    and sfMatchAuxType say which fields must be equal), dimmed if that entry has
    sfDisplayGrey."""
    if not type_list:
        return lambda ft, aux: DISPLAY_SELECT
    count = read_word(mem, type_list)
    entries = [(read_word(mem, type_list + 2 + 8 * i), read_word(mem, type_list + 4 + 8 * i),
                read_long(mem, type_list + 6 + 8 * i)) for i in range(count)]

    def answer(ft: int, aux: int) -> int:
        for flags, want_type, want_aux in entries:
            if flags & SF_MATCH_FILE_TYPE and ft != want_type:
                continue
            if flags & SF_MATCH_AUX_TYPE and aux != want_aux:
                continue
            return NO_SELECT if flags & SF_DISPLAY_GREY else DISPLAY_SELECT
        return NO_DISPLAY
    return answer


@tool_state("sf")
class StandardFile:
    """Standard File's state: started, its options, and the folder last shown."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.user_id = 0
        self.all_caps = False
        self.show_invisible = False
        self.folder: list[str] | None = None   # [volume, dir, ...] last shown
        self._strings: int = 0                 # handle of the dialog's strings
        # the open dialog (for tests and the filter procedure)
        self.dialog: Dialog | None = None
        self.rows: list[Row] = []
        self.selected = -1
        self.multi = False                     # SFMultiGet2: several files can be chosen
        self.marked: set[int] = set()          # ... the rows chosen (with `selected`)
        self.top = 0
        self._last_click = (-1, -1)            # (row, tick) of the last click in the list
        self.layout = LAYOUT_640

    def start_up(self, user_id: int, dpage: int) -> None:
        """SFStartUp(userID, dPageAddr): the ID its dialogs' memory is given."""
        self.user_id = user_id

    # -- the disk ---------------------------------------------------------------------
    def _volume(self):
        volume = getattr(self.tb.gsos, "volume", None)
        if volume is None:
            raise ToolError(0x0045, "no disk in the drive")     # GS/OS volNotFound
        return volume

    def start_folder(self) -> list[str]:
        volume = self._volume()
        folder = self.folder
        if folder and folder[0].upper() == volume.name.upper() and \
                volume.is_dir("/".join(folder[1:])):
            return list(folder)
        prefix = self.tb.gsos.prefixes[8]
        if prefix and prefix[0].upper() == volume.name.upper():
            return list(prefix)
        return [volume.name]

    def list_folder(self, folder: list[str], judge, put: bool) -> list[Row]:
        rows = []
        for info in self._volume().listdir("/".join(folder[1:])):
            if info.access & INVISIBLE_ACCESS and not self.show_invisible:
                continue
            if info.is_dir:
                rows.append(Row(info.name, DIRECTORY_TYPE, info.aux_type, True, True))
                continue
            if put:
                rows.append(Row(info.name, info.file_type, info.aux_type, False, False))
                continue
            answer = judge(info)
            if answer != NO_DISPLAY:
                rows.append(Row(info.name, info.file_type, info.aux_type, False,
                                answer == DISPLAY_SELECT))
        return sorted(rows, key=lambda r: r.name.upper())

    # -- the dialog's strings -----------------------------------------------------------
    def _pstrings(self, texts: list[bytes]) -> list[int]:
        """Put Pascal strings in one block of Standard File's; their addresses."""
        size = sum(len(t) + 1 for t in texts)
        handle = self.tb.mm.new_handle(max(size, 1), self.user_id or 0x1000, 0xC000)
        self._strings = handle
        addr = self.tb.mm.deref(handle)
        out = []
        for t in texts:
            write_pstring(self.tb.mem, addr, t)
            out.append(addr)
            addr += len(t) + 1
        return out

    # -- building ---------------------------------------------------------------------
    def open_dialog(self, where: tuple[int, int], prompt: bytes, put: bool,
                    orig_name: bytes = b"", max_len: int = MAX_NAME) -> Dialog:
        dm = self.tb.dlg
        qd = self.tb.qd
        lay = self.layout = (LAYOUT_640 if qd.master_scb & 0x80
                             else LAYOUT_320)
        height = PUT_HEIGHT if put else GET_HEIGHT
        h, v = where
        v = max(14 + 4, min(v, 200 - height - 4))
        h = max(4, min(h, lay.screen_width - lay.width - 4))
        dlg = dm.new_modal((v, h, v + height, h + lay.width), True, 0)
        titles = [b"Save" if put else b"Open", b"Cancel", b"Open", b"Close", prompt, b"",
                  orig_name]
        (accept, cancel, open_, close, prompt_p, path_p, name_p) = self._pstrings(titles)
        cancel_v = 96 if not put else 112
        buttons = [(ACCEPT_ITEM, accept, 34), (CLOSE_ITEM, close, 74 if put else 54),
                   (CANCEL_ITEM, cancel, cancel_v)]
        if put:
            buttons.append((OPEN_ITEM, open_, 54))
        for item_id, title, top in buttons:
            dm.new_item(dlg, item_id, (top, lay.button_left, top + 13, lay.button_right),
                        BUTTON_ITEM, title, 0, 0)
        dm.new_item(dlg, PROMPT_ITEM, lay.prompt_rect, STAT_TEXT | ITEM_DISABLE, prompt_p,
                    0, 0)
        dm.new_item(dlg, PATH_ITEM, lay.path_rect, STAT_TEXT | ITEM_DISABLE, path_p, 0, 0)
        dm.new_item(dlg, LIST_ITEM, lay.list_rect, USER_ITEM, 0, 0, 0)
        if put:
            dm.new_item(dlg, NAME_ITEM, lay.name_rect, EDIT_LINE, name_p, max_len, 0)
        self.dialog = dlg
        return dlg

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.tb.dlg.close(self.dialog)
            self.dialog = None
        if self._strings:
            self.tb.mm.dispose(self._strings)
            self._strings = 0

    # -- showing the folder -------------------------------------------------------------
    def show_folder(self, folder: list[str], judge, put: bool) -> None:
        self.folder = folder
        self.rows = self.list_folder(folder, judge, put)
        self.top = 0
        self.selected = next((i for i, r in enumerate(self.rows) if r.selectable and
                              not put), -1)
        self.marked = {self.selected} if self.selected >= 0 else set()
        dlg = self.dialog
        path = self.tb.dlg.dialog(dlg.ptr).item(PATH_ITEM)
        path.text = ("/" + "/".join(folder)).encode()
        self.tb.dlg.draw_item(dlg, path)
        self.update_buttons(put)
        self.draw_list()

    def display_name(self, row: Row) -> bytes:
        name = row.name.upper() if self.all_caps else row.name
        return name.encode() + (b"/" if row.is_dir else b"")

    def draw_list(self) -> None:
        dlg = self.dialog
        qd = self.tb.qd
        if dlg is None:
            return
        wm = self.tb.wm
        t, l, b, r = self.layout.list_rect
        with wm.window_drawing(dlg.window):
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(self.layout.list_rect)
            qd.SetSolidPenPat(BLACK)
            qd.FrameRect(self.layout.list_rect)
            self._draw_scroll_bar(qd)
            r -= SCROLL_WIDTH
            qd.ClipRect((t + 1, l + 1, b - 1, r))
            for n in range(LIST_ROWS):
                index = self.top + n
                if index >= len(self.rows):
                    break
                row = self.rows[index]
                top = t + 1 + n * ROW_HEIGHT
                rect = (top, l + 1, top + ROW_HEIGHT, r - 1)
                chosen = index in self.marked     # {selected} but in SFMultiGet2
                qd.SetForeColor(WHITE if chosen else BLACK)
                qd.SetBackColor(BLACK if chosen else WHITE)
                if chosen:
                    qd.SetSolidPenPat(BLACK)
                    qd.PaintRect(rect)
                qd.MoveTo(l + 8, top + 8)
                qd.DrawString(self.display_name(row))
                if not row.selectable:
                    width = qd.StringWidth(self.display_name(row))
                    _dim(qd, (top + 1, l + 8, top + ROW_HEIGHT, l + 8 + width))
            qd.SetForeColor(BLACK)
            qd.SetBackColor(WHITE)
            qd.ClipRect(wm.local_content(dlg.window))

    def scroll_parts(self) -> tuple[tuple, tuple, tuple | None]:
        """The scroll bar's up arrow, down arrow and thumb (None: nothing to scroll)."""
        t, l, b, r = self.layout.list_rect
        left = r - SCROLL_WIDTH
        up = (t, left, t + ARROW_HEIGHT, r)
        down = (b - ARROW_HEIGHT, left, b, r)
        hidden = len(self.rows) - LIST_ROWS
        if hidden <= 0:
            return up, down, None
        track = b - t - 2 * ARROW_HEIGHT - THUMB_HEIGHT
        at = t + ARROW_HEIGHT + track * self.top // hidden
        return up, down, (at, left, at + THUMB_HEIGHT, r)

    def _draw_scroll_bar(self, qd) -> None:
        t, l, b, r = self.layout.list_rect
        up, down, thumb = self.scroll_parts()
        qd.SetSolidPenPat(BLACK)
        qd.FrameRect((t, r - SCROLL_WIDTH - 1, b, r))
        for box, point in ((up, 1), (down, -1)):
            qd.FrameRect(box)
            if thumb is None:
                continue
            mid_h = (box[1] + box[3]) // 2
            tip = box[0] + 2 if point == 1 else box[2] - 3
            for i in range(4):                      # a small triangle
                v = tip + i * point
                qd.PaintRect((v, mid_h - i - 1, v + 1, mid_h + i + 1))
        if thumb is not None:
            qd.FillRect((up[2], up[1] + 1, down[0], up[3] - 1), TRACK_PATTERN)
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(thumb)
            qd.SetSolidPenPat(BLACK)
            qd.FrameRect(thumb)

    def scroll(self, rows: int) -> None:
        top = max(0, min(self.top + rows, len(self.rows) - LIST_ROWS))
        if top != self.top:
            self.top = top
            self.draw_list()

    def click_scroll_bar(self, v: int, h: int) -> None:
        """A click in the scroll bar: an arrow scrolls a row, the track a page."""
        up, down, thumb = self.scroll_parts()
        if thumb is None:
            return
        if contains(up, v, h):
            self.scroll(-1)
        elif contains(down, v, h):
            self.scroll(1)
        elif v < thumb[0]:
            self.scroll(-(LIST_ROWS - 1))
        elif v >= thumb[2]:
            self.scroll(LIST_ROWS - 1)

    def update_buttons(self, put: bool) -> None:
        dlg = self.dialog
        row = self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None
        at_root = self.folder is not None and len(self.folder) <= 1
        states = {CLOSE_ITEM: not at_root}
        if put:
            states[OPEN_ITEM] = row is not None and row.is_dir
        else:
            states[ACCEPT_ITEM] = row is not None and row.selectable
        for item_id, on in states.items():
            item = dlg.item(item_id)
            enabled = not item.item_type & ITEM_DISABLE
            if enabled != on:
                item.item_type = (item.item_type & 0x7FFF) | (0 if on else ITEM_DISABLE)
                self.tb.ctl.set_hilite(item.control, 0 if on else 255)

    def select(self, index: int, put: bool) -> None:
        if not self.rows:
            return
        index = max(0, min(index, len(self.rows) - 1))
        self.selected = index
        self.marked = {index}
        if index < self.top:
            self.top = index
        elif index >= self.top + LIST_ROWS:
            self.top = index - LIST_ROWS + 1
        self.update_buttons(put)
        self.draw_list()

    def toggle(self, index: int) -> None:
        """A shift-click in SFMultiGet2's list: the row joins the selection, or leaves
        it if it is in it (the last one stays)."""
        if index in self.marked and len(self.marked) > 1:
            self.marked.discard(index)
            self.selected = max(self.marked)
        else:
            self.marked.add(index)
            self.selected = index
        self._last_click = (-1, -1)
        self.update_buttons(False)
        self.draw_list()

    def row_at(self, v: int) -> int:
        """The row index under a local vertical coordinate in the list, or -1."""
        n = (v - self.layout.list_rect[0] - 1) // ROW_HEIGHT
        index = self.top + n
        return index if 0 <= n < LIST_ROWS and index < len(self.rows) else -1

    # -- the modal loop -----------------------------------------------------------------
    def run(self, put: bool, judge) -> tuple[list[str], Row | None, bytes] | None:
        """The dialog's events until the user accepts (the folder, the chosen row or
        None, the typed name) or cancels (None)."""
        tb = self.tb
        dm = tb.dlg
        dlg = self.dialog
        mask = (1 << MOUSE_DOWN_EVT) | (1 << KEY_DOWN_EVT) | (1 << AUTO_KEY_EVT)
        while True:
            if dlg.window.update is not None:
                dm.draw(dlg)
                self.draw_list()
            if dlg.current_edit:
                tb.le.idle(dlg.item(dlg.current_edit).edit)
            tb.wm.present_frame()
            ev = tb.em.wait_for_event(mask)
            if ev is None:
                return None                      # a script with nothing more to say
            hit = self.event(ev, put)
            if hit is None:
                continue
            if hit == CANCEL_ITEM:
                return None
            row = self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None
            if hit == CLOSE_ITEM and len(self.folder) > 1:
                self.show_folder(self.folder[:-1], judge, put)
            elif hit == OPEN_ITEM or (hit == ACCEPT_ITEM and row is not None and row.is_dir
                                      and (not put or not self.typed_name())
                                      and len(self.marked) <= 1):
                if row is not None and row.is_dir:
                    self.show_folder(self.folder + [row.name], judge, put)
            elif hit == ACCEPT_ITEM:
                if put:
                    name = self.typed_name()
                    if not valid_name(name):
                        tb.snd.beep()
                        continue
                    existing = next((r for r in self.rows
                                     if r.name.upper() == name.upper().decode()), None)
                    if existing is not None and existing.is_dir:
                        self.show_folder(self.folder + [existing.name], judge, put)
                        continue
                    if existing is not None and not self.confirm_replace(existing.name):
                        continue
                    return self.folder, None, name
                if self.multi:
                    files = [self.rows[i] for i in sorted(self.marked)
                             if not self.rows[i].is_dir]
                    if files:
                        return self.folder, files, b""
                elif row is not None and row.selectable:
                    return self.folder, row, b""

    def confirm_replace(self, name: str) -> bool:
        """The Save dialog names a file that is there: a modal dialog over it asks
        'Replace existing "NAME"?' with Replace and Cancel (the default); True to
        replace."""
        dm = self.tb.dlg
        t, l, b, r = self.dialog.window.content
        width = 280 if self.layout is LAYOUT_640 else 220
        top, left = t + 20, (l + r - width) // 2
        ask = dm.new_modal((top, left, top + 56, left + width), True, 0)
        ask.default_button = CANCEL_ITEM
        handle = self.tb.mm.new_handle(64, self.user_id or 0x1000, 0xC000)
        base = self.tb.mm.deref(handle)
        texts = [b"Replace", b"Cancel", b'Replace existing "' + name.encode() + b'"?']
        addrs, at = [], base
        for text in texts:
            write_pstring(self.tb.mem, at, text)
            addrs.append(at)
            at += len(text) + 1
        try:
            dm.new_item(ask, 3, (8, 12, 18, width - 12), STAT_TEXT | ITEM_DISABLE,
                        addrs[2], 0, 0)
            dm.new_item(ask, ACCEPT_ITEM, (34, 20, 47, 110), BUTTON_ITEM, addrs[0], 0, 0)
            dm.new_item(ask, CANCEL_ITEM, (34, width - 110, 47, width - 20), BUTTON_ITEM,
                        addrs[1], 0, 0)
            return dm.modal(ask) == ACCEPT_ITEM
        finally:
            dm.close(ask)
            self.tb.mm.dispose(handle)

    def typed_name(self) -> bytes:
        return bytes(self.dialog.item(NAME_ITEM).edit.model.text)

    def event(self, ev: Event, put: bool) -> int | None:
        """One event: the item it chose, or None."""
        tb = self.tb
        dlg = self.dialog
        if ev.what == MOUSE_DOWN_EVT and contains(dlg.window.content, ev.v, ev.h):
            v, h = dlg.window.to_local(ev.v, ev.h)
            if contains(self.layout.list_rect, v, h):
                for _ in tb.em.track():
                    pass
                if h >= self.layout.list_rect[3] - SCROLL_WIDTH:
                    self.click_scroll_bar(v, h)
                    return None
                index = self.row_at(v)
                if index < 0:
                    return None
                row = self.rows[index]
                if not row.selectable:
                    return None                  # a dimmed name cannot be chosen
                if self.multi and ev.modifiers & SHIFT_KEY:
                    self.toggle(index)
                    return None
                last_row, last_tick = self._last_click
                self._last_click = (index, ev.when)
                self.select(index, put)
                if last_row == index and ev.when - last_tick <= tb.em.double_time:
                    self._last_click = (-1, -1)
                    return OPEN_ITEM if put else ACCEPT_ITEM
                return None
        if ev.what in (KEY_DOWN_EVT, AUTO_KEY_EVT):
            ch = ev.message & 0xFF
            if ch in (KEY_UP, KEY_DOWN):
                step = 1 if ch == KEY_DOWN else -1
                index = self.selected + step
                while 0 <= index < len(self.rows) and not self.rows[index].selectable:
                    index += step
                if 0 <= index < len(self.rows):
                    self.select(index, put)
                return None
            if not put and ch >= 0x20 and ch != 0x7F and not ev.modifiers & APPLE_KEY:
                letter = chr(ch).upper()
                choosable = [i for i, r in enumerate(self.rows) if r.selectable]
                if choosable:
                    self.select(next((i for i in choosable
                                      if self.rows[i].name.upper() >= letter),
                                     choosable[-1]), put)
                return None
            if ch == KEY_RETURN and not dlg.item(ACCEPT_ITEM).enabled:
                return None
        if ev.what == UPDATE_EVT:
            return None
        hit = tb.dlg.handle_event(dlg, ev)
        if hit in (ACCEPT_ITEM, CANCEL_ITEM, OPEN_ITEM, CLOSE_ITEM):
            return hit
        return None

    # -- the calls' core ----------------------------------------------------------------
    def get_file(self, where, prompt: bytes, judge,
                 multi: bool = False) -> tuple[list[str], Any] | None:
        """The Open dialog: (folder, the chosen row), or with `multi` (folder, the
        chosen rows); None for Cancel."""
        self.open_dialog(where, prompt, put=False)
        self.multi = multi
        try:
            self.show_folder(self.start_folder(), judge, put=False)
            answer = self.run(False, judge)
        finally:
            self.multi = False
            self.close_dialog()
        if answer is None:
            return None
        folder, row, _ = answer
        return folder, row

    def put_file(self, where, prompt: bytes, orig: bytes,
                 max_len: int) -> tuple[list[str], bytes] | None:
        self.open_dialog(where, prompt, put=True, orig_name=orig[:max_len],
                         max_len=max_len)
        try:
            self.show_folder(self.start_folder(), None, put=True)
            answer = self.run(True, None)
        finally:
            self.close_dialog()
        if answer is None:
            return None
        folder, _, name = answer
        return folder, name

    # -- the program's filter procedure -------------------------------------------------
    def call_filter(self, proc: int, record: bytes) -> int:
        """FUNCTION filter(entryPtr): Integer, with the entry in a scratch block."""
        machine = self.tb.machine
        if machine is None:
            return DISPLAY_SELECT
        handle = self.tb.mm.new_handle(len(record), self.user_id or 0x1000, 0xC000)
        try:
            addr = self.tb.mm.deref(handle)
            write_bytes(self.tb.mem, addr, record)
            regs = machine.call(proc, stack_args=[0, addr >> 16, addr & 0xFFFF])
            return read_word(self.tb.mem, (regs.sp + 1) & 0xFFFF)
        finally:
            self.tb.mm.dispose(handle)


def valid_name(name: bytes) -> bool:
    """A ProDOS file name: a letter, then letters, digits and periods, 15 at most."""
    return (0 < len(name) <= MAX_NAME and chr(name[0]).isalpha()
            and all(chr(c).isalnum() or c == ord(".") for c in name) and name.isascii())


def prodos_entry(info) -> bytes:
    """A ProDOS directory entry (39 bytes, ProDOS 8 Technical Reference B.2.4) for
    SFGetFile's filter procedure."""
    name = info.name.upper().encode()[:MAX_NAME]
    rec = bytearray(39)
    rec[0] = (info.storage_type << 4) | len(name)
    rec[1:1 + len(name)] = name
    rec[0x10] = info.file_type
    rec[0x13:0x15] = info.blocks_used.to_bytes(2, "little")
    rec[0x15:0x18] = (info.eof & 0xFFFFFF).to_bytes(3, "little")
    rec[0x1E] = info.access
    rec[0x1F:0x21] = (info.aux_type & 0xFFFF).to_bytes(2, "little")
    return bytes(rec)


def dir_entry_record(info) -> bytes:
    """A GS/OS DirEntry parameter block (pCount 14: refNum, flags, base, displacement,
    name, entryNum, fileType, eof, blockCount, create, mod dates, access, auxType,
    fileSysID) with the name pointer nil, for SFGetFile2's filter procedure."""
    rec = bytearray(0x3A)
    write_word(rec, 0, 14)
    write_word(rec, 0x0E, info.file_type)
    write_long(rec, 0x10, info.eof)
    write_long(rec, 0x14, info.blocks_used)
    write_word(rec, 0x28, info.access)
    write_long(rec, 0x2A, info.aux_type)
    write_word(rec, 0x2E, 1)
    return bytes(rec)


def _sf(tb) -> StandardFile:
    return tb.sf


def _judge(tb, type_filter, proc: int, record_of):
    """Type list first, then the program's filter procedure for what the list shows."""
    def judge(info) -> int:
        answer = type_filter(info.file_type, info.aux_type)
        if answer == NO_DISPLAY or not proc:
            return answer
        return min(answer, _sf(tb).call_filter(proc, record_of(info)))
    return judge


def _read_ref(tb, verb: int, ref: int, what: str, code: int) -> bytes:
    """A prompt (Pascal string) given by a reference descriptor."""
    mem = tb.mem
    if verb == REF_IS_POINTER:
        return read_pstring(mem, ref) if ref else b""
    if verb == REF_IS_HANDLE:
        return read_pstring(mem, read_long(mem, ref)) if ref else b""
    if verb == REF_IS_RESOURCE:                  # an rPString of the open resource files
        return read_pstring(mem, read_long(mem, tb.rm.load(R_PSTRING, ref)))
    raise ToolError(code, f"bad {what} descriptor {verb}")


def _write_result(tb, verb: int, ref_addr: int, text: bytes, code: int) -> None:
    """A GS/OS output string (ResultBuf255) through the descriptor at ref_addr - 2."""
    mem = tb.mem
    ref = read_long(mem, ref_addr)
    size = 4 + len(text)
    if verb == REF_IS_POINTER:
        if not ref:
            return
        room = read_word(mem, ref)
        write_word(mem, ref + 2, len(text))
        if room >= size:
            write_bytes(mem, ref + 4, text)
        return
    if verb == REF_IS_NEW_HANDLE:
        handle = tb.mm.new_handle(size, _sf(tb).user_id or tb.mm.app_user_id or 0x1000, 0)
        write_long(mem, ref_addr, handle)
    elif verb == REF_IS_HANDLE:
        handle = ref
        tb.mm.set_size(handle, size)
    else:
        raise ToolError(code, f"bad reply descriptor {verb}")
    addr = tb.mm.deref(handle)
    write_word(mem, addr, size)
    write_word(mem, addr + 2, len(text))
    write_bytes(mem, addr + 4, text)


def _reply_head(mem: Any, reply: int, good: bool, file_type: int | None, aux: int,
                write_aux: Callable[[Any, int, int], None]) -> bool:
    """A reply record's good word and, for an Open (`file_type` given; None, a Save,
    leaves them as they are), fileType and auxType (`write_aux`: a word in the
    SFReplyRec, a long in the SFReplyRec2); whether the names follow (good)."""
    write_word(mem, reply, TRUE if good else FALSE)
    if good and file_type is not None:
        write_word(mem, reply + 2, file_type)
        write_aux(mem, reply + 4, aux)
    return good


def _old_reply(tb, reply: int, good: bool, file_type: int | None = None, aux: int = 0,
               name: bytes = b"", path: bytes = b"") -> None:
    """The SFReplyRec (_reply_head), then the name and path as Pascal strings."""
    mem = tb.mem
    if not _reply_head(mem, reply, good, file_type, aux, write_word):
        return
    write_pstring(mem, reply + 6, name[:MAX_NAME])
    write_pstring(mem, reply + 0x16, path[:OLD_PATH_MAX])


def _new_reply(tb, reply: int, good: bool, file_type: int | None = None, aux: int = 0,
               name: bytes = b"", path: bytes = b"") -> None:
    """The SFReplyRec2 (_reply_head), then the name and path through their own
    descriptors."""
    mem = tb.mem
    if not _reply_head(mem, reply, good, file_type, aux, write_long):
        return
    _write_result(tb, read_word(mem, reply + 8), reply + 0x0A, name, BAD_REPLY_NAME_DESC)
    _write_result(tb, read_word(mem, reply + 0x0E), reply + 0x10, path,
                  BAD_REPLY_PATH_DESC)


def _path(folder: list[str], name: str, sep: str) -> bytes:
    return (sep + sep.join(folder + [name])).encode()


def _reply_opened(tb, reply: int, answer: Any, write_reply: Callable[..., None],
                  sep: str) -> None:
    """An Open dialog's answer ((folder, row) or None for Cancel) into its reply record."""
    if answer is None:
        write_reply(tb, reply, False)
        return
    folder, row = answer
    write_reply(tb, reply, True, row.file_type, row.aux_type, row.name.encode(),
                _path(folder, row.name, sep))


def _multi_reply(tb, reply: int, answer: Any) -> None:
    """SFMultiGet2's answer ((folder, rows) or None) into the MultiReplyRecord."""
    mem = tb.mem
    if answer is None:
        write_word(mem, reply, FALSE)
        return
    folder, rows = answer
    paths = [_path(folder, row.name, ":") for row in rows]
    data = len(paths).to_bytes(2, "little") + b"".join(
        len(p).to_bytes(2, "little") + p for p in paths)
    handle = tb.mm.new_handle(len(data), tb.mm.app_user_id or _sf(tb).user_id or 0x1000, 0)
    write_bytes(mem, tb.mm.deref(handle), data)
    write_word(mem, reply, TRUE)
    write_long(mem, reply + 2, handle)


def _reply_saved(tb, reply: int, answer: Any, write_reply: Callable[..., None],
                 sep: str) -> None:
    """A Save dialog's answer ((folder, name) or None for Cancel) into its reply record."""
    if answer is None:
        write_reply(tb, reply, False)
        return
    folder, name = answer
    write_reply(tb, reply, True, None, 0, name, _path(folder, name.decode(), sep))


# -- tool calls (Toolbox Reference vol. 2 ch. 22, vol. 3 ch. 48) ---------------------------

SFBootInit, SFStartUp, SFShutDown, SFVersion, SFReset, SFStatus = register_housekeeping(
    TOOLSET, "SF", "sf", SF_VERSION, "WW")


@tool(TOOLSET, 0x0D, "W")
def SFAllCaps(tb, flag: int) -> None:
    """SFAllCaps(allCapsFlag:W): TRUE shows names in capitals."""
    _sf(tb).all_caps = bool(flag)


@tool(TOOLSET, 0x12, "W", 2)
def SFShowInvisible(tb, flag: int) -> int:
    """SFShowInvisible(invisibleState:W) -> oldState:W"""
    sf = _sf(tb)
    old = TRUE if sf.show_invisible else FALSE
    sf.show_invisible = bool(flag)
    return old


@tool(TOOLSET, 0x13, "LL")
def SFReScan(tb, filter_proc: int, type_list: int) -> None:
    """SFReScan(filterProcPtr:L, typeListPtr:L): only meaningful from a dialog hook;
    the dialogs here rescan the folder each time they show it."""


@tool(TOOLSET, 0x09, "WWLLLL")
def SFGetFile(tb, x: int, y: int, prompt: int, filter_proc: int, type_list: int,
              reply: int) -> None:
    """SFGetFile(whereX:W, whereY:W, prompt:L*, filterProc:L*, typeList:L*,
    replyPtr:L*): the Open dialog; the SFReplyRec."""
    judge = _judge(tb, type_list_filter(tb.mem, type_list), filter_proc, prodos_entry)
    text = read_pstring(tb.mem, prompt) if prompt else b""
    _reply_opened(tb, reply, _sf(tb).get_file((s16(x), s16(y)), text, judge), _old_reply,
                  "/")


@tool(TOOLSET, 0x0A, "WWLLWL")
def SFPutFile(tb, x: int, y: int, prompt: int, orig_name: int, max_len: int,
              reply: int) -> None:
    """SFPutFile(whereX:W, whereY:W, prompt:L*, origName:L*, maxLen:W, replyPtr:L*):
    the Save dialog; the SFReplyRec (file type and aux type are not set)."""
    mem = tb.mem
    text = read_pstring(mem, prompt) if prompt else b""
    orig = read_pstring(mem, orig_name) if orig_name else b""
    answer = _sf(tb).put_file((s16(x), s16(y)), text, orig,
                              max(1, min(max_len or MAX_NAME, MAX_NAME)))
    _reply_saved(tb, reply, answer, _old_reply, "/")


@tool(TOOLSET, 0x0E, "WWWLLLL")
def SFGetFile2(tb, x: int, y: int, prompt_verb: int, prompt_ref: int, filter_proc: int,
               type_list: int, reply: int) -> None:
    """SFGetFile2(whereX:W, whereY:W, promptVerb:W, promptRef:L, filterProcPtr:L*,
    typeListPtr:L*, replyPtr:L*): the Open dialog; the SFReplyRec2."""
    text = _read_ref(tb, prompt_verb, prompt_ref, "prompt", BAD_PROMPT_DESC)
    judge = _judge(tb, type_list2_filter(tb.mem, type_list), filter_proc,
                   dir_entry_record)
    _reply_opened(tb, reply, _sf(tb).get_file((s16(x), s16(y)), text, judge), _new_reply,
                  ":")


@tool(TOOLSET, 0x0F, "WWWLWLL")
def SFPutFile2(tb, x: int, y: int, prompt_verb: int, prompt_ref: int, orig_verb: int,
               orig_ref: int, reply: int) -> None:
    """SFPutFile2(whereX:W, whereY:W, promptVerb:W, promptRef:L, origNameVerb:W,
    origNameRef:L, replyPtr:L*): the Save dialog (origName a GS/OS input string);
    the SFReplyRec2 (file type and aux type are not set)."""
    mem = tb.mem
    text = _read_ref(tb, prompt_verb, prompt_ref, "prompt", BAD_PROMPT_DESC)
    if orig_verb not in (REF_IS_POINTER, REF_IS_HANDLE):
        raise ToolError(BAD_ORIG_NAME_DESC, f"origName descriptor {orig_verb}")
    addr = orig_ref if orig_verb == REF_IS_POINTER else (read_long(mem, orig_ref)
                                                        if orig_ref else 0)
    orig = read_bytes(mem, addr + 2, read_word(mem, addr)) if addr else b""
    _reply_saved(tb, reply, _sf(tb).put_file((s16(x), s16(y)), text, orig, MAX_NAME),
                 _new_reply, ":")


@tool(TOOLSET, 0x14, "WWWLLLL")
def SFMultiGet2(tb, x: int, y: int, prompt_verb: int, prompt_ref: int, filter_proc: int,
                type_list: int, reply: int) -> None:
    """SFMultiGet2(whereX:W, whereY:W, promptVerb:W, promptRef:L, filterProcPtr:L*,
    typeListPtr:L*, replyPtr:L*): the Open dialog, several files; the MultiReplyRecord."""
    text = _read_ref(tb, prompt_verb, prompt_ref, "prompt", BAD_PROMPT_DESC)
    judge = _judge(tb, type_list2_filter(tb.mem, type_list), filter_proc,
                   dir_entry_record)
    _multi_reply(tb, reply, _sf(tb).get_file((s16(x), s16(y)), text, judge, multi=True))


# -- the P forms (Toolbox Reference vol. 2 ch. 22 and vol. 3 ch. 48): the same dialogs
# with a dialog template and a dialog hook of the program's own (and, for the "2"
# forms, an itemDrawPtr). A NIL template and hook are the standard dialog, which
# these are; a program's template and hook are not used (the dialogs here are built
# by this tool set, not from a template), which the call log says. ----------------------

def _custom_parts(tb, call: str, template: int, hook: int, item_draw: int = 0) -> None:
    """Note what of a P form's own parts this dialog leaves out."""
    parts = [name for name, ptr in (("dialog template", template), ("dialog hook", hook),
                                    ("itemDrawPtr", item_draw)) if ptr & 0xFFFFFF]
    if parts:
        tb.call_log.append(f"{call}: the standard dialog shown; the program's "
                           f"{', '.join(parts)} not used")


@tool(TOOLSET, 0x0B, "WWLLLLLL")
def SFPGetFile(tb, x: int, y: int, prompt: int, filter_proc: int, type_list: int,
               template: int, hook: int, reply: int) -> None:
    """SFPGetFile(whereX:W, whereY:W, prompt:L*, filterProc:L*, typeList:L*,
    dlgTempPtr:L*, dialogHookPtr:L*, replyPtr:L*): SFGetFile's dialog."""
    _custom_parts(tb, "SFPGetFile", template, hook)
    SFGetFile(tb, x, y, prompt, filter_proc, type_list, reply)


@tool(TOOLSET, 0x0C, "WWLLWLLL")
def SFPPutFile(tb, x: int, y: int, prompt: int, orig_name: int, max_len: int,
               template: int, hook: int, reply: int) -> None:
    """SFPPutFile(whereX:W, whereY:W, prompt:L*, origName:L*, maxLen:W, dlgTempPtr:L*,
    dialogHookPtr:L*, replyPtr:L*): SFPutFile's dialog."""
    _custom_parts(tb, "SFPPutFile", template, hook)
    SFPutFile(tb, x, y, prompt, orig_name, max_len, reply)


@tool(TOOLSET, 0x10, "WWLWLLLLLL")
def SFPGetFile2(tb, x: int, y: int, item_draw: int, prompt_verb: int, prompt_ref: int,
                filter_proc: int, type_list: int, template: int, hook: int,
                reply: int) -> None:
    """SFPGetFile2(whereX:W, whereY:W, itemDrawPtr:L*, promptVerb:W, promptRef:L,
    filterProcPtr:L*, typeListPtr:L*, dlgTempPtr:L*, dialogHookPtr:L*, replyPtr:L*):
    SFGetFile2's dialog."""
    _custom_parts(tb, "SFPGetFile2", template, hook, item_draw)
    SFGetFile2(tb, x, y, prompt_verb, prompt_ref, filter_proc, type_list, reply)


@tool(TOOLSET, 0x11, "WWLWLWLLLL")
def SFPPutFile2(tb, x: int, y: int, item_draw: int, prompt_verb: int, prompt_ref: int,
                orig_verb: int, orig_ref: int, template: int, hook: int,
                reply: int) -> None:
    """SFPPutFile2(whereX:W, whereY:W, itemDrawPtr:L*, promptVerb:W, promptRef:L,
    origNameVerb:W, origNameRef:L, dlgTempPtr:L*, dialogHookPtr:L*, replyPtr:L*):
    SFPutFile2's dialog."""
    _custom_parts(tb, "SFPPutFile2", template, hook, item_draw)
    SFPutFile2(tb, x, y, prompt_verb, prompt_ref, orig_verb, orig_ref, reply)


@tool(TOOLSET, 0x15, "WWLWLLLLLL")
def SFPMultiGet2(tb, x: int, y: int, item_draw: int, prompt_verb: int, prompt_ref: int,
                 filter_proc: int, type_list: int, template: int, hook: int,
                 reply: int) -> None:
    """SFPMultiGet2(whereX:W, whereY:W, itemDrawPtr:L*, promptVerb:W, promptRef:L,
    filterProcPtr:L*, typeListPtr:L*, dlgTempPtr:L*, dialogHookPtr:L*, replyPtr:L*):
    SFMultiGet2's dialog."""
    _custom_parts(tb, "SFPMultiGet2", template, hook, item_draw)
    SFMultiGet2(tb, x, y, prompt_verb, prompt_ref, filter_proc, type_list, reply)
