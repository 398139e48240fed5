"""Window Manager (tool set $0E): windows, the desktop, update events and TaskMaster.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter 25 "Window Manager" (TaskMaster's
behaviour too, with Technical Notes #75 and #84), and ORCA/C `window.h` (window record,
task record, NewWindow parameter list, TaskMaster codes, frame bits).

A WindowPtr is the address of the window's GrafPort in emulated memory (a $D4-byte
record from the Memory Manager with the 4-byte wNext before the port, as in window.h);
the Window Manager's own bookkeeping (order, frame, update area) is in Python.

Regions are kept as rectangles (the bounding box of an update area): a card game has
one document window and modal dialogs on top, which this covers exactly. The record's
fields after the port (wDefProc, wRefCon, wContDraw, the region handles once asked for,
wFrame with fVis/fHilited/fZoomed) and the port's rectangles follow every call that
changes the window; NewWindow's other fields (zoom rectangle, data size, maximum size,
scroll and page amounts, information bar) are kept for the calls that read and set
them. Modal dialog windows save the screen under them and put it back when they close,
so closing a dialog never costs the program an update.

Look (640 mode): a black-and-white 50% dotted desktop, document windows with a striped
title bar when active, a centred title, a close box at the left and a zoom box at the
right, an information bar under the title bar, a size box in the content's corner;
dialog and alert windows with the heavy double outline. docs/compatibility.md's Window
Manager page says what is assumed where the Toolbox Reference leaves it open.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Iterator

from iigs.hostinput import APPLE_KEY
from iigs.memory import read_long, read_pstring, read_word, write_long, write_word
from toolbox.calls import ToolError, s16, tool
from toolbox.event import (ACTIVATE_EVT, ACTIVE_FLAG, AUTO_KEY_EVT, KEY_DOWN_EVT,
                           MOUSE_DOWN_EVT, NULL_EVT, UPDATE_EVT, Event, read_event,
                           write_event)
from toolbox.quickdraw import Rect, pt_in_rect, read_rect, write_rect
from toolbox.scheduler import run_queued_tasks
from toolbox.toolbox import tool_state

# Frame bits (window.h)
F_TITLE = 0x8000
F_CLOSE = 0x4000
F_ALERT = 0x2000
F_GROW = 0x0400
F_ZOOM = 0x0100
F_MOVE = 0x0080
F_VIS = 0x0020
F_INFO = 0x0010
F_ALLOCATED = 0x0004
F_ZOOMED = 0x0002
F_HILITED = 0x0001

# FindWindow / TaskMaster codes (window.h)
W_NO_HIT = 0x0000
W_IN_DESK = 0x0010
W_IN_MENU_BAR = 0x0011
W_CLICK_CALLED = 0x0012
W_IN_CONTENT = 0x0013
W_IN_DRAG = 0x0014
W_IN_GROW = 0x0015
W_IN_GO_AWAY = 0x0016
W_IN_ZOOM = 0x0017
W_IN_INFO = 0x0018
W_IN_SPECIAL = 0x0019
W_IN_DESK_ITEM = 0x001A
W_IN_FRAME = 0x001B
W_INACT_MENU = 0x001C
W_IN_SYS_WINDOW = 0x8000

# TaskMaster task mask bits (window.h)
TM_MENU_KEY = 0x0001
TM_UPDATE = 0x0002
TM_FIND_W = 0x0004
TM_MENU_SEL = 0x0008
TM_OPEN_NDA = 0x0010
TM_SYS_CLICK = 0x0020
TM_DRAG_W = 0x0040
TM_CONTENT = 0x0080
TM_CLOSE = 0x0100
TM_ZOOM = 0x0200
TM_GROW = 0x0400
TM_SPECIAL = 0x1000
TM_NO_GET_NEXT_EVENT = 0x200000

# Window Manager errors (window.h)
W_PARAM_LEN_ERR = 0x0E01
W_ALLOC_ERR = 0x0E02

# SendBehind's behindWindow values (window.h)
TO_BOTTOM = 0xFFFFFFFE
TOP_MOST = 0xFFFFFFFF

# The Window Manager's block per window (aux_block): the AuxWindInfo record, then the
# zoom rectangle GetZoomRect points at, then the information bar's rectangle.
AUX_INFO, AUX_INFO_SIZE = 0x00, 0x20
AUX_ZOOM = 0x20
AUX_INFO_RECT = 0x28
AUX_SIZE = 0x30
WINDOW_RECORD_SIZE = 0xD4       # windSize: wNext (4) + GrafPort ($AA) + WM fields
# The WindRec's fields after the port, as offsets from the WindowPtr (window.h)
W_DEF_PROC, W_REFCON, W_CONT_DRAW = 0xAA, 0xAE, 0xB2
W_STRUC_RGN, W_CONT_RGN, W_UPDATE_RGN, W_CONTROLS, W_FRAME = 0xBA, 0xBE, 0xC2, 0xC6, 0xCE
NEW_WINDOW_PARAM_LENGTH = 0x4E
SCREEN: Rect = (0, 0, 200, 640)

TITLE_BAR_HEIGHT = 12
SIDE = 2                        # frame thickness left/right (640-mode pixels are narrow)
DIALOG_BORDER_V, DIALOG_BORDER_H = 4, 8
CLOSE_BOX = (2, 8, TITLE_BAR_HEIGHT - 2, 22)   # relative to the structure's top-left
ZOOM_BOX = (2, -22, TITLE_BAR_HEIGHT - 2, -8)  # relative to the structure's top-right
GROW_BOX = (10, 24)             # height, width: the content's bottom-right corner
MENU_BAR_BOTTOM = 13
DESKTOP: Rect = (MENU_BAR_BOTTOM, 0, 200, 640)
GROW_MIN = (26, 50)             # TaskMaster's smallest content (height, width) for a grow

BLACK = 0
WHITE = 3
MODE_COPY = 0
MODE_XOR = 2
# The desktop: a 50% black/white dot pattern (8 rows x 2 bytes of 2-bit pixels, 640
# mode; QuickDraw patterns are 32 bytes, the second half unused in 640 mode, TN #6).
DESKTOP_PATTERN = bytes([0xCC, 0xCC, 0x33, 0x33] * 4) + bytes(16)


def sect(a: Rect, b: Rect) -> Rect | None:
    """The intersection of two rectangles, or None if empty."""
    r = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return r if r[0] < r[2] and r[1] < r[3] else None


def union(a: Rect | None, b: Rect) -> Rect:
    if a is None:
        return b
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _uncovered(area: Rect, kept: Rect) -> Rect:
    """The bounding box of `area` minus `kept` (a rectangle inside it sharing two of
    its sides, as a scroll leaves)."""
    t, l, b, r = area
    if kept[1] == l and kept[3] == r:            # a vertical scroll: a band above/below
        return (t, l, kept[0], r) if kept[0] > t else (kept[2], l, b, r)
    if kept[0] == t and kept[2] == b:            # horizontal: a band left/right
        return (t, l, b, kept[1]) if kept[1] > l else (t, kept[3], b, r)
    return area


def offset(r: Rect, dv: int, dh: int) -> Rect:
    return (r[0] + dv, r[1] + dh, r[2] + dv, r[3] + dh)


def pinned(r: Rect, v: int, h: int) -> tuple[int, int]:
    """The point (v, h) moved into r (its bottom and right edges outside it)."""
    return (min(max(v, r[0]), r[2] - 1), min(max(h, r[1]), r[3] - 1))


def contains(r: Rect, v: int, h: int) -> bool:
    """Is (v, h) in r? (PtInRect with the point's halves as arguments.)"""
    return pt_in_rect((v, h), r)


def _paint_ring(qd, outer: Rect, inner: Rect) -> None:
    """Paint the area between two nested rectangles with the current pen."""
    t, l, b, r = outer
    it, il, ib, ir = inner
    for strip in ((t, l, it, r), (ib, l, b, r), (it, l, ib, il), (it, ir, ib, r)):
        if strip[0] < strip[2] and strip[1] < strip[3]:
            qd.PaintRect(strip)


def read_window_fields(mem, params: int, win: "Window") -> None:
    """NewWindow's fields between wRefCon and wPosition (the same in an rWindParam1
    template): zoom rectangle, color table, origin, data size, maximum size, scroll
    and page amounts, information bar, definition procedure (window.h ParamList)."""
    zoom = read_rect(mem, params + 0x0C)
    win.zoom = zoom if zoom[0] < zoom[2] and zoom[1] < zoom[3] else None
    win.color_ptr = read_long(mem, params + 0x14)
    win.origin = (s16(read_word(mem, params + 0x18)), s16(read_word(mem, params + 0x1A)))
    win.data_size = (read_word(mem, params + 0x1C), read_word(mem, params + 0x1E))
    win.max_grow = (read_word(mem, params + 0x20), read_word(mem, params + 0x22))
    win.scroll = (read_word(mem, params + 0x24), read_word(mem, params + 0x26))
    win.page = (read_word(mem, params + 0x28), read_word(mem, params + 0x2A))
    win.info_refcon = read_long(mem, params + 0x2C)
    win.info_height = read_word(mem, params + 0x30)
    win.def_proc = read_long(mem, params + 0x32)
    win.info_draw = read_long(mem, params + 0x36)


@dataclass
class Window:
    """One window: its port in memory and the Window Manager's view of it."""

    ptr: int                    # the WindowPtr (its GrafPort)
    handle: int
    frame: int                  # wFrameBits
    title_ptr: int
    refcon: int
    content: Rect               # global coordinates
    cont_draw: int = 0
    visible: bool = True
    dialog: bool = False        # drawn with the dialog/alert outline
    system: bool = False        # a desk accessory's window (the Desk Manager's)
    update: Rect | None = None  # global bounding box of the area to redraw
    saved_under: tuple | None = field(default=None, repr=False)
    origin: tuple[int, int] = (0, 0)   # (v, h) local coordinates of the content's top-left
    # NewWindow's other fields, kept for the calls that read and set them
    zoom: Rect | None = None    # wZoom: the content rectangle ZoomWindow swaps in
    color_ptr: int = 0          # wColor: the frame's color table (0: the standard one)
    data_size: tuple[int, int] = (0, 0)   # (height, width)
    max_grow: tuple[int, int] = (0, 0)    # (height, width); 0: the screen's
    scroll: tuple[int, int] = (0, 0)      # (vertical, horizontal)
    page: tuple[int, int] = (0, 0)        # (vertical, horizontal)
    info_refcon: int = 0
    info_height: int = 0        # the information bar's height (fInfo)
    info_draw: int = 0          # its drawing routine
    def_proc: int = 0           # wDefProc: 0, the standard definition procedure
    origin_mask: int = 0xFFFF
    hilited: bool | None = None   # HiliteWindow's word; None: as the window is front
    regions: tuple[int, int, int] | None = None   # struct, content, update RgnHandles
    aux: int = 0                # the Window Manager's block for the window (zoom rect,
                                # AuxWindInfo), made when a call first needs it
    # writes the region handles when content/update change (set with the handles)
    region_writer: Callable[["Window"], None] | None = field(default=None, repr=False)

    def __setattr__(self, name: str, value) -> None:
        object.__setattr__(self, name, value)
        # the region handles a program holds follow the rectangles they stand for
        if name in ("content", "update") and self.__dict__.get("region_writer") is not None:
            self.region_writer(self)

    @property
    def has_title(self) -> bool:
        return bool(self.frame & F_TITLE) and not self.dialog

    @property
    def info_bar_height(self) -> int:
        return self.info_height if self.frame & F_INFO and not self.dialog else 0

    def structure(self) -> Rect:
        t, l, b, r = self.content
        if self.dialog or self.frame & F_ALERT:
            return (t - DIALOG_BORDER_V, l - DIALOG_BORDER_H, b + DIALOG_BORDER_V,
                    r + DIALOG_BORDER_H)
        t -= self.info_bar_height
        top = t - TITLE_BAR_HEIGHT if self.has_title else t - 1
        return (top, l - SIDE, b + 1, r + SIDE)

    def title_bar(self) -> Rect | None:
        if not self.has_title:
            return None
        s = self.structure()
        return (s[0], s[1], self.content[0] - self.info_bar_height, s[3])

    def info_bar(self) -> Rect | None:
        """The information bar's global rectangle (between title bar and content)."""
        if not self.info_bar_height:
            return None
        t, l, _, r = self.content
        return (t - self.info_bar_height, l, t, r)

    def zoom_box(self) -> Rect | None:
        if not (self.has_title and self.frame & F_ZOOM):
            return None
        s = self.structure()
        return (s[0] + ZOOM_BOX[0], s[3] + ZOOM_BOX[1], s[0] + ZOOM_BOX[2], s[3] + ZOOM_BOX[3])

    def grow_box(self) -> Rect | None:
        if not self.frame & F_GROW or self.dialog:
            return None
        _, _, b, r = self.content
        return (b - GROW_BOX[0], r - GROW_BOX[1], b, r)

    def close_box(self) -> Rect | None:
        if not (self.has_title and self.frame & F_CLOSE):
            return None
        s = self.structure()
        return offset(CLOSE_BOX, s[0], s[1])

    def to_local(self, v: int, h: int) -> tuple[int, int]:
        return (v - self.content[0] + self.origin[0], h - self.content[1] + self.origin[1])

    def to_global_rect(self, r: Rect) -> Rect:
        dv = self.content[0] - self.origin[0]
        dh = self.content[1] - self.origin[1]
        return offset(r, dv, dh)


@tool_state("wm")
class WindowManager:
    """All windows, front first, and the Window Manager's port (the whole screen)."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.user_id = 0x1000
        self.windows: list[Window] = []      # front to back, visible or not
        self.port = 0
        self.pending_activate: list[Event] = []
        self.desktop_pattern = DESKTOP_PATTERN
        self.info_saved: tuple[int, Window] | None = None
        self.info_local: Rect = (0, 0, 0, 0)
        self.frame_saved: int | None = None
        self.globals_flags = 0          # WindowGlobal's flags
        self.globals_ptr = 0            # GetWindowMgrGlobals' block
        self.icon_font = 0              # SetWindowIcons' font handle
        self.menu_proc = 0              # MWSetMenuProc's routine
        self.drag_rect_ptr = 0          # GetDragRectPtr's rectangle
        self.desktop_rect: Rect | None = DESKTOP    # Desktop's region (a rectangle)
        self.desk_routine = 0           # SetDeskPat's drawing routine, if one
        self.desk_pat_ptr = 0           # GetDeskPat's copy of the pattern
        self.desk_regions: dict[int, int] = {}     # Desktop's answers, by operation
        tb.em.activate_source = self._next_activate
        tb.em.update_source = self._next_update

    # -- records ----------------------------------------------------------------------
    def alloc(self, size: int) -> tuple[int, int]:
        """A locked, fixed block for a toolbox record: (handle, pointer)."""
        handle = self.tb.mm.new_handle(size, self.user_id or 0x1000, 0xC000)
        return handle, self.tb.mm.deref(handle)

    def window(self, ptr: int) -> Window:
        for w in self.windows:
            if w.ptr == ptr:
                return w
        raise ToolError(W_PARAM_LEN_ERR, f"${ptr:06X} is not a window")

    def find(self, ptr: int) -> Window | None:
        return next((w for w in self.windows if w.ptr == ptr), None)

    def front(self) -> Window | None:
        return next((w for w in self.windows if w.visible), None)

    # -- the window record in memory ------------------------------------------------
    def is_hilited(self, win: Window) -> bool:
        """Is the frame drawn highlighted: HiliteWindow's word, else is it in front."""
        return win is self.front() if win.hilited is None else win.hilited

    def frame_word(self, win: Window) -> int:
        """wFrame as the program reads it: fVis, fHilited and fZoomed as they are now,
        fAllocated when the Window Manager made the record (no wStorage)."""
        frame = win.frame & ~(F_VIS | F_HILITED | F_ALLOCATED)
        if win.handle:
            frame |= F_ALLOCATED
        if win.visible:
            frame |= F_VIS
        if win.visible and self.is_hilited(win):
            frame |= F_HILITED
        return frame

    def sync_frame(self, win: Window) -> None:
        write_word(self.tb.mem, win.ptr + W_FRAME, self.frame_word(win))

    def sync_record(self, win: Window) -> None:
        """Write the WindRec's fields after the port from the Window Manager's state."""
        mem = self.tb.mem
        write_long(mem, win.ptr + W_DEF_PROC, win.def_proc)
        write_long(mem, win.ptr + W_REFCON, win.refcon)
        write_long(mem, win.ptr + W_CONT_DRAW, win.cont_draw)
        self.sync_frame(win)

    def window_regions(self, win: Window) -> tuple[int, int, int]:
        """The window's structure, content and update RgnHandles (global coordinates),
        made by QuickDraw when a program first asks for one and kept in step with the
        window from then on (wStrucRgn, wContRgn, wUpdateRgn in the record)."""
        if win.regions is None:
            qd = self.tb.qd
            win.regions = (qd.NewRgn(), qd.NewRgn(), qd.NewRgn())
            mem = self.tb.mem
            for off, rgn in zip((W_STRUC_RGN, W_CONT_RGN, W_UPDATE_RGN), win.regions):
                write_long(mem, win.ptr + off, rgn)
            win.region_writer = self.write_regions
            self.write_regions(win)
        return win.regions

    def write_regions(self, win: Window) -> None:
        if win.regions is None:
            return
        qd = self.tb.qd
        struct, cont, upd = win.regions
        qd.RectRgn(struct, win.structure())
        qd.RectRgn(cont, win.content)
        qd.RectRgn(upd, win.update or (0, 0, 0, 0))

    def aux_block(self, win: Window) -> int:
        """The Window Manager's own block for a window (zoom rectangle, info rectangle,
        AuxWindInfo record), made when first needed."""
        if not win.aux:
            _, win.aux = self.alloc(AUX_SIZE)
            self.tb.mem[win.aux:win.aux + AUX_SIZE] = bytes(AUX_SIZE)
            write_word(self.tb.mem, win.aux + AUX_INFO, AUX_INFO_SIZE)
        return win.aux

    def default_zoom(self, win: Window) -> Rect:
        """The content rectangle of a window that fills the screen under the menu bar."""
        s, c = win.structure(), win.content
        return (MENU_BAR_BOTTOM + c[0] - s[0], c[1] - s[1], 200 - (s[2] - c[2]),
                640 - (s[3] - c[3]))

    def local_point(self, port: int, v: int, h: int) -> tuple[int, int]:
        """A global point in the local coordinates of `port`'s window (GlobalToLocal
        for a port the Window Manager keeps); as it is for another port (a program's
        own, whose origin is the screen's)."""
        win = self.find(port)
        return win.to_local(v, h) if win is not None else (v, h)

    def local_mouse(self, port: int) -> tuple[int, int]:
        """Where the mouse is, in `port`'s local coordinates (local_point)."""
        return self.local_point(port, *self.tb.em.mouse)

    # -- QuickDraw access -------------------------------------------------------------
    @contextmanager
    def info_drawing(self, win: Window) -> Iterator[Rect]:
        """Draw in a window's information bar: its port, with the origin at the bar's
        top-left and clipped to it; yields the bar's rectangle in those coordinates
        (StartInfoDrawing/EndInfoDrawing)."""
        self.start_info_drawing(win)
        try:
            yield self.info_local
        finally:
            self.end_info_drawing()

    def start_info_drawing(self, win: Window) -> Rect:
        qd = self.tb.qd
        bar = win.info_bar() or (win.content[0], win.content[1], win.content[0],
                                 win.content[3])
        self.info_saved = (qd.GetPort(), win)
        qd.SetPort(win.ptr)
        t, l, b, r = bar
        write_rect(self.tb.mem, win.ptr + 0x08, (-t, -l, 200 - t, 640 - l))
        self.info_local = (0, 0, b - t, r - l)
        write_rect(self.tb.mem, win.ptr + 0x10, self.info_local)
        if hasattr(qd, "port_changed"):
            qd.port_changed(win.ptr)
        qd.ClipRect(self.info_local)
        return self.info_local

    def end_info_drawing(self) -> None:
        if self.info_saved is None:
            return
        saved, win = self.info_saved
        self.info_saved = None
        qd = self.tb.qd
        if win in self.windows:
            self.set_window_port(win)
        if saved:
            qd.SetPort(saved)

    def ensure_port(self) -> None:
        qd = self.tb.qd
        if self.port:
            return
        _, self.port = self.alloc(0xAA)
        saved = qd.GetPort()
        qd.OpenPort(self.port)
        if saved:
            qd.SetPort(saved)

    @contextmanager
    def screen_drawing(self) -> Iterator[None]:
        """Draw in the Window Manager's port: global coordinates, whole screen."""
        qd = self.tb.qd
        self.ensure_port()
        saved = qd.GetPort()
        qd.SetPort(self.port)
        qd.ClipRect(SCREEN)
        try:
            yield
        finally:
            qd.SetPenMode(MODE_COPY)
            if saved:
                qd.SetPort(saved)

    @contextmanager
    def window_drawing(self, win: Window, clip: Rect | None = None) -> Iterator[None]:
        """Draw in a window's port (local coordinates), clipped to `clip` (local)."""
        qd = self.tb.qd
        saved = qd.GetPort()
        self.set_window_port(win)
        if clip is not None:
            qd.ClipRect(clip)
        try:
            yield
        finally:
            if saved:
                qd.SetPort(saved)

    def set_window_port(self, win: Window) -> None:
        """SetPort to the window with its origin and a clip to the visible content."""
        qd = self.tb.qd
        qd.SetPort(win.ptr)
        self._place_port(win)
        qd.ClipRect(self.local_content(win))

    def local_content(self, win: Window) -> Rect:
        t, l, b, r = win.content
        return (win.origin[0], win.origin[1], win.origin[0] + b - t, win.origin[1] + r - l)

    def _place_port(self, win: Window) -> None:
        """Make the port map local coordinates onto the content rectangle."""
        qd = self.tb.qd
        mem = self.tb.mem
        t, l, b, r = win.content
        # portInfo.boundsRect (+$08) = the screen in local coordinates; portRect (+$10).
        write_rect(mem, win.ptr + 0x08, (-t + win.origin[0], -l + win.origin[1],
                                         200 - t + win.origin[0], 640 - l + win.origin[1]))
        write_rect(mem, win.ptr + 0x10, self.local_content(win))
        if hasattr(qd, "port_changed"):
            qd.port_changed(win.ptr)

    def present_frame(self) -> None:
        host = self.tb.host
        if host is not None:
            host.present(self.tb.mem, self.tb)

    # -- drawing ----------------------------------------------------------------------
    def draw_desktop(self, rect: Rect) -> None:
        qd = self.tb.qd
        with self.screen_drawing():
            qd.ClipRect(rect)
            machine = self.tb.machine
            if self.desk_routine and machine is not None:
                machine.call(self.desk_routine)     # the program's own desktop
            else:
                qd.FillRect(SCREEN, self.desktop_pattern)

    def desk_pattern_block(self) -> int:
        """The desktop pattern in memory (Desktop's GetDeskPat)."""
        if not self.desk_pat_ptr:
            _, self.desk_pat_ptr = self.alloc(len(DESKTOP_PATTERN))
        n = len(self.desktop_pattern)
        self.tb.mem[self.desk_pat_ptr:self.desk_pat_ptr + n] = self.desktop_pattern
        return self.desk_pat_ptr

    def draw_frame(self, win: Window) -> None:
        """Draw a window's frame (structure minus content); the content is untouched."""
        qd = self.tb.qd
        if not win.visible:
            return
        active = self.is_hilited(win)
        self.sync_frame(win)
        with self.screen_drawing():
            s = win.structure()
            if win.dialog or win.frame & F_ALERT:
                # the heavy double outline: black, white, black, white rings
                rings = [s, (s[0] + 1, s[1] + 2, s[2] - 1, s[3] - 2),
                         (s[0] + 2, s[1] + 4, s[2] - 2, s[3] - 4),
                         (s[0] + 3, s[1] + 6, s[2] - 3, s[3] - 6), win.content]
                for i, (outer, inner) in enumerate(zip(rings, rings[1:])):
                    qd.SetSolidPenPat(WHITE if i % 2 else BLACK)
                    _paint_ring(qd, outer, inner)
                return
            qd.SetSolidPenPat(BLACK)
            _paint_ring(qd, s, win.content)
            bar = win.title_bar()
            if bar is not None:
                self._draw_title_bar(win, bar, active)
        self.draw_info_bar(win)
        self.draw_grow_box(win)

    def _draw_title_bar(self, win: Window, bar: Rect, active: bool) -> None:
        """The title bar: stripes when active, close and zoom boxes, the title."""
        qd = self.tb.qd
        qd.SetSolidPenPat(WHITE)
        qd.PaintRect((bar[0] + 1, bar[1] + SIDE, bar[2] - 1, bar[3] - SIDE))
        qd.SetSolidPenPat(BLACK)
        qd.PaintRect((bar[2] - 1, bar[1], bar[2], bar[3]))
        if active:
            # The active window's title bar: black lines on every other row.
            for v in range(bar[0] + 2, bar[2] - 2, 2):
                qd.PaintRect((v, bar[1] + 4, v + 1, bar[3] - 4))
            for box in (win.close_box(), win.zoom_box()):
                if box is not None:
                    qd.SetSolidPenPat(WHITE)
                    qd.PaintRect((box[0] - 1, box[1] - 2, box[2] + 1, box[3] + 2))
                    qd.SetSolidPenPat(BLACK)
                    qd.FrameRect(box)
            zbox = win.zoom_box()
            if zbox is not None:                # the zoom box's inner square
                qd.FrameRect((zbox[0], zbox[1], zbox[0] + 4, zbox[1] + 8))
        title = read_pstring(self.tb.mem, win.title_ptr) if win.title_ptr else b""
        if title:
            width = qd.StringWidth(title)
            mid = (bar[1] + bar[3]) // 2
            left = mid - width // 2
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect((bar[0] + 1, left - 8, bar[2] - 1, left + width + 8))
            qd.SetForeColor(BLACK)
            qd.SetBackColor(WHITE)
            qd.MoveTo(left, bar[0] + 9)
            qd.DrawString(title)

    def draw_info_bar(self, win: Window) -> None:
        """The information bar: white with a black line under it, then the program's
        routine (wInfoDefProc) draws in it, called as the Window Manager calls it
        (infoRectPtr:L, infoRefCon:L, theWindow:L pushed; the routine pulls them)."""
        bar = win.info_bar()
        if bar is None or not win.visible:
            return
        qd = self.tb.qd
        with self.screen_drawing():
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect((bar[0], bar[1], bar[2] - 1, bar[3]))
            qd.SetSolidPenPat(BLACK)
            qd.PaintRect((bar[2] - 1, bar[1], bar[2], bar[3]))
        machine = self.tb.machine
        if win.info_draw and machine is not None:
            rect_ptr = self.aux_block(win) + AUX_INFO_RECT
            with self.info_drawing(win) as local:
                write_rect(self.tb.mem, rect_ptr, local)
                args: list[int] = []
                for value in (rect_ptr, win.info_refcon, win.ptr):
                    args += [value >> 16 & 0xFFFF, value & 0xFFFF]
                machine.call(win.info_draw, stack_args=args)

    def draw_grow_box(self, win: Window) -> None:
        """The size box of an active window with fGrow: a framed square in the
        content's bottom-right corner, a smaller one inside it."""
        box = win.grow_box()
        if box is None or not win.visible or not self.is_hilited(win):
            return
        qd = self.tb.qd
        with self.screen_drawing():
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(box)
            qd.SetSolidPenPat(BLACK)
            qd.FrameRect(box)
            qd.FrameRect((box[0] + 2, box[1] + 4, box[2] - 3, box[3] - 8))

    def erase_content(self, win: Window, rect: Rect | None = None) -> None:
        """Paint (part of) a window's content white (global rect)."""
        qd = self.tb.qd
        area = sect(win.content, rect or win.content)
        if area is None:
            return
        with self.screen_drawing():
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(area)
        self.draw_grow_box(win)

    def refresh(self, rect: Rect) -> None:
        """Redraw everything in a global rect: desktop, then windows back to front.

        Window contents in the rect are erased and added to their update areas, so
        the program redraws them on its next update events."""
        rect = sect(rect, SCREEN)
        if rect is None:
            return
        self.draw_desktop(rect)
        for win in reversed(self.windows):
            if not win.visible or sect(win.structure(), rect) is None:
                continue
            self.draw_frame(win)
            exposed = sect(win.content, rect)
            if exposed is not None:
                self.erase_content(win, exposed)
                win.update = union(win.update, exposed)
        if self.tb.menu.bar_drawn:
            self.tb.menu.draw_bar()

    # -- window list ------------------------------------------------------------------
    def new_window(self, frame: int, title_ptr: int, refcon: int, content: Rect,
                   cont_draw: int = 0, plane: int = 0xFFFFFFFF, dialog: bool = False,
                   storage: int = 0, params: int = 0) -> Window:
        if storage:
            handle, base = 0, storage
        else:
            handle, base = self.alloc(WINDOW_RECORD_SIZE)
        ptr = base + 4
        qd = self.tb.qd
        saved = qd.GetPort()
        qd.OpenPort(ptr)
        if saved:
            qd.SetPort(saved)
        win = Window(ptr, handle, frame, title_ptr, refcon, content, cont_draw,
                     bool(frame & F_VIS), dialog)
        if params:
            read_window_fields(self.tb.mem, params, win)
        self.sync_record(win)
        self._place_port(win)
        old_front = self.front()
        if plane == 0:
            self.windows.append(win)
        else:
            self.windows.insert(0, win)
        if win.visible:
            self._show(win, old_front)
        return win

    def _show(self, win: Window, old_front: Window | None) -> None:
        """Draw a window that just became visible and queue its events."""
        if win.dialog:
            s = win.structure()
            shadow = (s[0], s[1], s[2] + 1, s[3] + 2)
            win.saved_under = (shadow, self.tb.qd.save_bits(shadow))
        if self.front() is win and old_front is not None and old_front is not win:
            self.draw_frame(old_front)
            self._post_activate(old_front, False)
        self.draw_frame(win)
        if win.dialog:
            with self.screen_drawing():
                s = win.structure()
                self.tb.qd.SetSolidPenPat(BLACK)
                self.tb.qd.PaintRect((s[0] + 2, s[3], s[2] + 1, s[3] + 2))
                self.tb.qd.PaintRect((s[2], s[1] + 4, s[2] + 1, s[3] + 2))
        self.erase_content(win)
        win.update = win.content
        if self.front() is win:
            self._post_activate(win, True)

    def _post_activate(self, win: Window, active: bool) -> None:
        self.pending_activate = [e for e in self.pending_activate if e.message != win.ptr]
        self.pending_activate.append(Event(ACTIVATE_EVT, win.ptr, self.tb.em.ticks(), 0, 0,
                                           ACTIVE_FLAG if active else 0))

    def _next_activate(self, remove: bool) -> Event | None:
        if not self.pending_activate:
            return None
        return self.pending_activate.pop(0) if remove else self.pending_activate[0]

    def _next_update(self, remove: bool) -> Event | None:
        desk = self.tb.desk
        for win in self.windows:
            if win.visible and win.update is not None:
                if win.system:
                    # a desk accessory's window: the Desk Manager draws it, whatever
                    # loop the program is in
                    desk.draw(win)
                    win.update = None
                    continue
                return Event(UPDATE_EVT, win.ptr, self.tb.em.ticks(), 0, 0, 0)
        return None

    def hide(self, win: Window) -> None:
        if not win.visible:
            return
        was_front = win is self.front()
        win.visible = False
        win.hilited = None
        self.sync_frame(win)
        if win.saved_under is not None:
            rect, bits = win.saved_under
            self.tb.qd.restore_bits(rect, bits)
            win.saved_under = None
        else:
            self.refresh(win.structure())
        win.update = None
        self.pending_activate = [e for e in self.pending_activate if e.message != win.ptr]
        if was_front:
            new_front = self.front()
            if new_front is not None:
                self.draw_frame(new_front)
                self._post_activate(new_front, True)

    def show(self, win: Window) -> None:
        if win.visible:
            return
        old_front = self.front()
        win.visible = True
        self._show(win, old_front)

    def close(self, win: Window) -> None:
        self.hide(win)
        self.windows.remove(win)
        self.tb.ctl.kill_controls(win.ptr)
        if win.regions is not None:
            for rgn in win.regions:
                self.tb.qd.DisposeRgn(rgn)
            win.regions = None
        if win.aux:
            self.tb.mm.dispose(self.tb.mm.find_handle(win.aux))
        if win.handle:
            self.tb.mm.dispose(win.handle)

    def select(self, win: Window) -> None:
        old_front = self.front()
        if old_front is win:
            return
        win.hilited = None
        if old_front is not None:
            old_front.hilited = None
        self.windows.remove(win)
        self.windows.insert(0, win)
        if not win.visible:
            return
        if old_front is not None:
            self.draw_frame(old_front)
            self._post_activate(old_front, False)
        self._raise_drawing(win, old_front)
        self._post_activate(win, True)

    def _raise_drawing(self, win: Window, old_front: Window | None) -> None:
        """Draw a window just put in front: its frame, and the part of its content
        the old front window covered erased and added to its update area."""
        self.draw_frame(win)
        if old_front is not None:
            covered = sect(win.content, old_front.structure())
            if covered is not None:
                self.erase_content(win, covered)
                win.update = union(win.update, covered)

    def bring_to_front(self, win: Window) -> None:
        """BringToFront: first in the list, neither highlighted nor activated."""
        old_front = self.front()
        if self.windows[0] is win:
            return
        for w in (win, old_front):           # their highlighting stays as it is
            if w is not None and w.hilited is None:
                w.hilited = self.is_hilited(w)
        self.windows.remove(win)
        self.windows.insert(0, win)
        if win.visible:
            self._raise_drawing(win, old_front)

    def send_behind(self, behind: int, win: Window) -> None:
        """SendBehind: after `behind` in the list (toBottom: last; topMost: first).
        The window that comes to the front is activated when `win` was."""
        was_front = win is self.front()
        if behind == TOP_MOST:
            self.select(win)
            return
        self.windows.remove(win)
        if behind in (TO_BOTTOM, 0):
            self.windows.append(win)
        else:
            self.windows.insert(self.windows.index(self.window(behind)) + 1, win)
        if not win.visible:
            return
        new_front = self.front()
        if was_front and new_front is not win:
            win.hilited = None
            self._post_activate(win, False)
            if new_front is not None:
                new_front.hilited = None
                self._post_activate(new_front, True)
        self.refresh(win.structure())

    def show_hide(self, show: bool, win: Window) -> None:
        """ShowHide: show or hide without changing highlighting or activation."""
        if show == win.visible:
            return
        if win.hilited is None:
            win.hilited = bool(win.frame & F_HILITED) and win is self.front()
        if not show:
            win.visible = False
            self.refresh(win.structure())
            win.update = None
            self.sync_frame(win)
            return
        win.visible = True
        self.refresh(win.structure())

    def reshape(self, win: Window, content: Rect) -> None:
        """Give a window a new content rectangle (SizeWindow, ZoomWindow,
        ResizeWindow): the screen under the old and new frames is drawn again and
        the window's content is erased there and waits for its update."""
        old = win.structure()
        win.content = content
        self._place_port(win)
        if win.visible:
            self.refresh(union(old, win.structure()))

    def zoom(self, win: Window) -> None:
        """ZoomWindow: swap the content rectangle with the zoom rectangle."""
        other = win.zoom or self.default_zoom(win)
        win.zoom = win.content
        win.frame ^= F_ZOOMED
        self.reshape(win, other)
        if win.aux:
            write_rect(self.tb.mem, win.aux + AUX_ZOOM, win.zoom)

    def find_window(self, v: int, h: int) -> tuple[int, Window | None]:
        """FindWindow's core: (location code, window) for a global point."""
        menu = self.tb.menu
        if menu.menus and 0 <= v < 13 and menu.bar_drawn:
            return W_IN_MENU_BAR, None
        for win in self.windows:
            if not win.visible or not contains(win.structure(), v, h):
                continue
            box = win.grow_box()
            if box is not None and contains(box, v, h) and win is self.front():
                return W_IN_GROW, win
            if contains(win.content, v, h):
                return W_IN_CONTENT, win
            box = win.close_box()
            if box is not None and contains(box, v, h):
                return W_IN_GO_AWAY, win
            box = win.zoom_box()
            if box is not None and contains(box, v, h):
                return W_IN_ZOOM, win
            bar = win.info_bar()
            if bar is not None and contains(bar, v, h):
                return W_IN_INFO, win
            bar = win.title_bar()
            if bar is not None and contains(bar, v, h):
                return W_IN_DRAG, win
            return W_IN_FRAME, win
        return W_IN_DESK, None

    def invalidate(self, win: Window, global_rect: Rect) -> None:
        area = sect(win.content, global_rect)
        if area is not None:
            win.update = union(win.update, area)

    def validate(self, win: Window, global_rect: Rect) -> None:
        """ValidRect with bounding boxes: a rect covering the update area clears it."""
        if win.update is None:
            return
        u = win.update
        g = global_rect
        if g[0] <= u[0] and g[1] <= u[1] and g[2] >= u[2] and g[3] >= u[3]:
            win.update = None

    # -- tracking -----------------------------------------------------------------------
    def track_go_away(self, win: Window) -> bool:
        """TrackGoAway's core: True if the button is released inside the close box."""
        return self.track_box(win.close_box())

    def track_box(self, box: Rect | None) -> bool:
        """Follow the mouse over a frame box (close, zoom), inverted while the mouse
        is in it: True if the button is released inside it."""
        qd = self.tb.qd
        if box is None:
            return False
        inside = False

        def show(on: bool) -> None:
            with self.screen_drawing():
                qd.InvertRect((box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1))
            self.present_frame()

        for v, h in self.tb.em.track():
            now = contains(box, v, h)
            if now != inside:
                show(now)
                inside = now
        v, h = self.tb.em.mouse
        if inside:
            show(False)
        return contains(box, v, h)

    def track_outline(self, value_at: Callable[[int, int], object],
                      frame_of: Callable[[object], Rect],
                      each: Callable[[], None] | None = None) -> None:
        """While the button is down, an outline (XOR, white: drawn twice it is gone)
        follows the mouse: frame_of(value_at(v, h)), redrawn only when the value
        changes; `each` runs each time the mouse is looked at. Nothing is left drawn."""
        qd = self.tb.qd
        shown = None

        def outline(value: object) -> None:
            with self.screen_drawing():
                qd.SetPenMode(MODE_XOR)
                qd.SetSolidPenPat(WHITE)
                qd.FrameRect(frame_of(value))

        for v, h in self.tb.em.track():
            if each is not None:
                each()
            value = value_at(v, h)
            if value == shown:
                continue
            if shown is not None:
                outline(shown)
            outline(value)
            shown = value
            self.present_frame()
        if shown is not None:
            outline(shown)

    def drag(self, win: Window, start: tuple[int, int], bounds: Rect) -> None:
        """DragWindow's core: drag an outline, then move the window by the delta."""
        s = win.structure()
        v0, h0 = start
        self.track_outline(lambda v, h: pinned(bounds, v, h),
                           lambda p: offset(s, p[0] - v0, p[1] - h0))
        v, h = pinned(bounds, *self.tb.em.mouse)
        self.move(win, v - v0, h - h0)
        if win is not self.front():
            self.select(win)

    def drag_outline(self, rect: Rect, start: tuple[int, int], limit: Rect, slop: Rect,
                     axis: int, action: int = 0) -> tuple[int, int]:
        """WindDragRect's core: an outline of `rect` follows the mouse (the mouse kept
        in `limit`; axis 1: horizontal only, 2: vertical only); the (dv, dh) moved,
        (0, 0) when released outside `slop`. `action`: the program's routine, called
        (no parameters) each time the mouse is looked at."""
        machine = self.tb.machine
        v0, h0 = start

        def delta(v: int, h: int) -> tuple[int, int]:
            v, h = pinned(limit, v, h)
            return (0 if axis == 1 else v - v0, 0 if axis == 2 else h - h0)

        self.track_outline(delta, lambda d: offset(rect, *d),
                           (lambda: machine.call(action)) if action and machine is not None
                           else None)
        v, h = self.tb.em.mouse
        if not contains(slop, v, h):
            return (0, 0)
        return delta(v, h)

    def move(self, win: Window, dv: int, dh: int, pin: bool = True) -> None:
        """Move a window by (dv, dh), keeping its title bar below the menu bar
        (unless `pin` is False: MoveWindow puts it where the program says)."""
        s = win.structure()
        if pin:
            dv = max(dv, 14 - s[0])
        if (dv, dh) == (0, 0):
            return
        qd = self.tb.qd
        old = s
        front = win is self.front()
        bits = None
        if front:
            bits = qd.save_bits(sect(old, SCREEN) or old)
        win.content = offset(win.content, dv, dh)
        if win.update is not None:
            win.update = offset(win.update, dv, dh)
        self._place_port(win)
        self.refresh_behind(win, old)
        if bits is not None and sect(old, SCREEN) == old and \
                sect(win.structure(), SCREEN) == win.structure():
            qd.restore_bits(win.structure(), bits)
        else:
            self.draw_frame(win)
            self.erase_content(win)
            win.update = win.content

    def grow(self, win: Window, start: tuple[int, int], minimum: tuple[int, int]
             ) -> tuple[int, int]:
        """GrowWindow's core: an outline of the window follows the mouse's bottom-right
        while the button is down; the content's new (height, width), at least
        `minimum`, at most wMaxH/wMaxW (0: as far as the screen goes)."""
        t, l, b, r = win.content
        max_h = win.max_grow[0] or 200 - t
        max_w = win.max_grow[1] or 640 - l
        s = win.structure()

        def size_at(v: int, h: int) -> tuple[int, int]:
            return (min(max(b - t + v - start[0], minimum[0]), max_h),
                    min(max(r - l + h - start[1], minimum[1]), max_w))

        self.track_outline(size_at, lambda size: (
            s[0], s[1], t + size[0] + s[2] - b, l + size[1] + s[3] - r))
        return size_at(*self.tb.em.mouse)

    def scroll_to(self, win: Window, origin: tuple[int, int], move_bits: bool) -> None:
        """A new content origin (v, h) after the origin mask: with `move_bits` the
        pixels still in view move with it and only the uncovered part waits for an
        update; else the whole content does."""
        mask = win.origin_mask
        origin = (origin[0], s16(origin[1] & mask))
        dv, dh = origin[0] - win.origin[0], origin[1] - win.origin[1]
        if (dv, dh) == (0, 0):
            return
        win.origin = origin
        self._place_port(win)
        if not win.visible:
            return
        kept = sect(win.content, offset(win.content, -dv, -dh))
        front = win is self.front()
        if move_bits and front and kept is not None:
            qd = self.tb.qd
            bits = qd.save_bits(offset(kept, dv, dh))
            qd.restore_bits(kept, bits)
            if win.update is not None:
                win.update = sect(offset(win.update, -dv, -dh), win.content)
            exposed = _uncovered(win.content, kept)
            self.erase_content(win, exposed)
            win.update = union(win.update, exposed)
        else:
            self.erase_content(win)
            win.update = win.content

    def refresh_behind(self, win: Window, rect: Rect) -> None:
        """Redraw a rect as if `win` were not there (it is drawn again by the caller)."""
        vis = win.visible
        win.visible = False
        try:
            self.refresh(rect)
        finally:
            win.visible = vis

    # -- updates ----------------------------------------------------------------------
    def begin_update(self, win: Window) -> None:
        qd = self.tb.qd
        area = win.update or win.content
        self.set_window_port(win)
        dv = win.content[0] - win.origin[0]
        dh = win.content[1] - win.origin[1]
        qd.ClipRect(offset(sect(area, win.content) or area, -dv, -dh))

    def end_update(self, win: Window) -> None:
        area = win.update or win.content
        win.update = None
        qd = self.tb.qd
        if qd.GetPort() == win.ptr:
            qd.ClipRect(self.local_content(win))
        self._redraw_system_windows_over(win, area)

    def _redraw_system_windows_over(self, win: Window, area: Rect) -> None:
        """A program's update draws its whole area, over any desk accessory window in
        front of it (regions are rectangles here): the accessory draws itself again."""
        desk = self.tb.desk
        if win not in self.windows:
            return
        for other in self.windows[:self.windows.index(win)]:
            if other.system and other.visible and sect(other.structure(), area):
                self.draw_frame(other)
                desk.draw(other)

    def call_content_draw(self, win: Window) -> None:
        """TaskMaster's update service: BeginUpdate, the content-draw routine, EndUpdate."""
        self.begin_update(win)
        machine = self.tb.machine
        if machine is not None and win.cont_draw:
            machine.call(win.cont_draw)
        self.end_update(win)

    # -- TaskMaster ---------------------------------------------------------------------
    def tell_host_notice(self) -> None:
        """What the host must tell the player about the battery RAM beside the disk
        (iigs.bram: a damaged file kept aside, a path left alone), once, in a caution
        alert: at TaskMaster, when the program's event loop has begun, so the alert
        stands over its drawn windows as its own start alerts do (issue 45)."""
        tb = self.tb
        misc, dm = tb.misc, tb.dlg
        if not dm.started or dm.front() is not None:
            return
        message = misc.bram.take_message()
        if message:
            from toolbox.dialog import tell
            tell(tb, message)

    def task_master(self, event_mask: int, task_ptr: int, given_event: bool = False) -> int:
        """TaskMaster's core (Toolbox Reference ch. 25): handle what it can, report the
        rest. `given_event`: the event is in the task record already (TaskMasterDA)."""
        tb = self.tb
        mem = tb.mem
        task_mask = read_long(mem, task_ptr + 0x14)
        if given_event:
            task_mask |= TM_NO_GET_NEXT_EVENT
        run_queued_tasks(tb)            # the system is free: the Scheduler's tasks
        desk = tb.desk
        desk.system_task()
        self.tell_host_notice()
        if task_mask & TM_NO_GET_NEXT_EVENT:
            ev = read_event(mem, task_ptr)
        else:
            ev = tb.em.next_event(event_mask)
            if ev is None:
                tb.em.idle()
                write_event(mem, task_ptr, tb.em.null_event())
                if self.front() is not None:          # TextEdit's caret (tmIdleEvents)
                    tb.te.task_event(tb.em.null_event(), task_mask, task_ptr,
                                     self.front().ptr)
                return NULL_EVT
            write_event(mem, task_ptr, ev)

        def data(value: int) -> None:
            write_long(mem, task_ptr + 0x10, value)

        if ev.what in (KEY_DOWN_EVT, AUTO_KEY_EVT) and task_mask & TM_MENU_KEY \
                and ev.modifiers & APPLE_KEY:
            menu_id, item_id = tb.menu.key(ev.message & 0xFF, ev.modifiers)
            if item_id:
                data((menu_id << 16) | item_id)
                return self._menu_result(menu_id, item_id, task_mask, data)
            return ev.what
        if ev.what == ACTIVATE_EVT:
            target = self.find(ev.message)
            if target is not None and target.system:
                return NULL_EVT             # the Desk Manager's window, not the program's
        front = self.front()
        if front is not None and front.system and desk.system_event(ev):
            return NULL_EVT                 # a key the desk accessory took
        if front is not None and not front.system:    # TextEdit controls' keys, clicks
            code = tb.te.task_event(ev, task_mask, task_ptr, front.ptr)
            if code is not None:
                return code
        if ev.what == UPDATE_EVT and task_mask & TM_UPDATE:
            win = self.find(ev.message)
            if win is not None and win.cont_draw:
                self.call_content_draw(win)
                return NULL_EVT
            return UPDATE_EVT
        if ev.what != MOUSE_DOWN_EVT or not task_mask & TM_FIND_W:
            return ev.what
        part, win = self.find_window(ev.v, ev.h)
        data(win.ptr if win is not None else 0)
        if part == W_IN_MENU_BAR:
            if not task_mask & TM_MENU_SEL:
                return part
            menu_id, item_id = tb.menu.select((ev.v, ev.h))
            data((menu_id << 16) | item_id)
            if not item_id:
                return NULL_EVT
            return self._menu_result(menu_id, item_id, task_mask, data)
        if win is None:
            return part
        if win.system:
            if not task_mask & TM_SYS_CLICK:
                return part | W_IN_SYS_WINDOW
            return desk.system_click(ev, win, part)
        if win is not self.front():
            if task_mask & TM_CONTENT and part in (W_IN_CONTENT, W_IN_DRAG, W_IN_FRAME,
                                                   W_IN_GO_AWAY):
                if part == W_IN_DRAG and task_mask & TM_DRAG_W:
                    self.drag(win, (ev.v, ev.h), (14, 0, 200, 640))
                else:
                    self.select(win)
                return NULL_EVT
            return part
        if part == W_IN_DRAG and task_mask & TM_DRAG_W and win.frame & F_MOVE:
            self.drag(win, (ev.v, ev.h), (14, 0, 200, 640))
            return NULL_EVT
        if part == W_IN_GO_AWAY and task_mask & TM_CLOSE:
            return W_IN_GO_AWAY if self.track_go_away(win) else NULL_EVT
        if part == W_IN_ZOOM and task_mask & TM_ZOOM:
            if self.track_box(win.zoom_box()):
                self.zoom(win)
            return NULL_EVT
        if part == W_IN_GROW and task_mask & TM_GROW:
            height, width = self.grow(win, (ev.v, ev.h), GROW_MIN)
            self.reshape(win, (win.content[0], win.content[1], win.content[0] + height,
                               win.content[1] + width))
            return NULL_EVT
        return part

    def _menu_result(self, menu_id: int, item_id: int, task_mask: int, data) -> int:
        """The code for a chosen menu item: desk accessory, system edit item, or app."""
        tb = self.tb
        if 1 <= item_id <= 249:
            desk = tb.desk
            if task_mask & TM_OPEN_NDA and desk.owns_item(item_id):
                desk.open_item(item_id)
                tb.menu.hilite(menu_id, False)
                return NULL_EVT
            return W_IN_DESK_ITEM
        if 250 <= item_id <= 255:
            return W_IN_SPECIAL
        return W_IN_MENU_BAR


def _wm(tb) -> WindowManager:
    return tb.wm


# -- tool calls (Toolbox Reference vol. 2, Window Manager) --------------------------------

@tool(0x0E, 0x02, "W")
def WindStartUp(tb, user_id: int) -> None:
    """WindStartUp(userID:W)"""
    wm = _wm(tb)
    wm.started = True
    wm.user_id = user_id or 0x1000
    wm.ensure_port()


@tool(0x0E, 0x03)
def WindShutDown(tb) -> None:
    """WindShutDown()"""
    _wm(tb).started = False


@tool(0x0E, 0x04, "", 2)
def WindVersion(tb) -> int:
    """WindVersion() -> versionInfo:W"""
    return 0x0300


@tool(0x0E, 0x09, "L", 4)
def NewWindow(tb, params: int) -> int:
    """NewWindow(paramListPtr:L*) -> WindowPtr:L (the 78-byte list of window.h)"""
    mem = tb.mem
    if read_word(mem, params) != NEW_WINDOW_PARAM_LENGTH:
        raise ToolError(W_PARAM_LEN_ERR)
    frame = read_word(mem, params + 0x02)
    win = _wm(tb).new_window(
        frame=frame,
        title_ptr=read_long(mem, params + 0x04),
        refcon=read_long(mem, params + 0x08),
        content=read_rect(mem, params + 0x3E),
        cont_draw=read_long(mem, params + 0x3A),
        plane=read_long(mem, params + 0x46),
        storage=read_long(mem, params + 0x4A), params=params)
    return win.ptr


# rWindParam1 ($800E, Toolbox Reference vol. 3, ch. 52): NewWindow's parameter list
# with p1ControlList in place of wStorage and a reference-type word after it.
WIND_PARAM1_LENGTH = 0x50
P1_TITLE, P1_REFCON, P1_CONT_DRAW, P1_POSITION = 0x04, 0x08, 0x3A, 0x3E
P1_PLANE, P1_CONTROL_LIST, P1_IN_DESC = 0x46, 0x4A, 0x4E
TITLE_REF_SHIFT = 8             # p1InDesc bits 9-8: how p1Title refers to its string


@tool(0x0E, 0x61, "LLLLWLW", 4)
def NewWindow2(tb, title_ptr: int, refcon: int, content_draw: int, def_proc: int,
               param_table_desc: int, param_table_ref: int, resource_type: int) -> int:
    """NewWindow2(titlePtr:L, refCon:L, contentDrawPtr:L, defProcPtr:L,
    paramTableDesc:W, paramTableRef:L, resourceType:W): WindowPtr:L -- a window from
    an rWindParam1 template given by pointer (0), handle (1) or resource ID (2).
    titlePtr and contentDrawPtr, when not NIL, stand for the template's; refCon is
    the window's. The title is copied (the template may go). The template's control
    list is made with NewControl2; defProcPtr, when not NIL, is kept as wDefProc
    (the standard frame is drawn whatever it is)."""
    from toolbox.resource import R_PSTRING, R_WIND_PARAM1, ref_address
    mem = tb.mem
    if param_table_desc == 2 and resource_type != R_WIND_PARAM1:
        raise ToolError(W_PARAM_LEN_ERR, f"template type ${resource_type:04X}")
    addr = ref_address(tb, param_table_desc, param_table_ref, R_WIND_PARAM1)
    if read_word(mem, addr) != WIND_PARAM1_LENGTH:
        raise ToolError(W_PARAM_LEN_ERR)
    in_desc = read_word(mem, addr + P1_IN_DESC)
    title_src = title_ptr
    if not title_src and read_long(mem, addr + P1_TITLE):
        title_src = ref_address(tb, (in_desc >> TITLE_REF_SHIFT) & 3,
                                read_long(mem, addr + P1_TITLE), R_PSTRING)
    wm = _wm(tb)
    title_copy = 0
    if title_src:
        title = read_pstring(mem, title_src)
        _, title_copy = wm.alloc(len(title) + 1)
        mem[title_copy] = len(title)
        mem[title_copy + 1:title_copy + 1 + len(title)] = title
    win = wm.new_window(
        frame=read_word(mem, addr + 0x02), title_ptr=title_copy, refcon=refcon,
        content=read_rect(mem, addr + P1_POSITION),
        cont_draw=content_draw or read_long(mem, addr + P1_CONT_DRAW),
        plane=read_long(mem, addr + P1_PLANE), params=addr)
    if def_proc:
        win.def_proc = def_proc
        write_long(mem, win.ptr + W_DEF_PROC, def_proc)
    if read_long(mem, addr + P1_CONTROL_LIST):       # p1InDesc's low byte: NewControl2's
        from toolbox.control import NewControl2          # referenceDesc
        NewControl2(tb, win.ptr, in_desc & 0xFF, read_long(mem, addr + P1_CONTROL_LIST))
    return win.ptr


@tool(0x0E, 0x0B, "L")
def CloseWindow(tb, ptr: int) -> None:
    """CloseWindow(theWindow:L*)"""
    wm = _wm(tb)
    wm.close(wm.window(ptr))


@tool(0x0E, 0x15, "", 4)
def FrontWindow(tb) -> int:
    """FrontWindow() -> WindowPtr:L (0 if none)"""
    win = _wm(tb).front()
    return win.ptr if win is not None else 0


@tool(0x0E, 0x11, "L")
def SelectWindow(tb, ptr: int) -> None:
    """SelectWindow(theWindow:L*)"""
    wm = _wm(tb)
    wm.select(wm.window(ptr))


@tool(0x0E, 0x13, "L")
def ShowWindow(tb, ptr: int) -> None:
    """ShowWindow(theWindow:L*)"""
    wm = _wm(tb)
    wm.show(wm.window(ptr))


@tool(0x0E, 0x12, "L")
def HideWindow(tb, ptr: int) -> None:
    """HideWindow(theWindow:L*)"""
    wm = _wm(tb)
    wm.hide(wm.window(ptr))


@tool(0x0E, 0x1D, "WL", 2)
def TaskMaster(tb, event_mask: int, task_ptr: int) -> int:
    """TaskMaster(taskMask:W, theTaskRec:L*) -> taskCode:W"""
    return _wm(tb).task_master(event_mask, task_ptr)


@tool(0x0E, 0x1E, "L")
def BeginUpdate(tb, ptr: int) -> None:
    """BeginUpdate(theWindow:L*)"""
    wm = _wm(tb)
    wm.begin_update(wm.window(ptr))


@tool(0x0E, 0x1F, "L")
def EndUpdate(tb, ptr: int) -> None:
    """EndUpdate(theWindow:L*)"""
    wm = _wm(tb)
    wm.end_update(wm.window(ptr))


def _current_window(tb) -> Window | None:
    return _wm(tb).find(tb.qd.GetPort())


@tool(0x0E, 0x3A, "L")
def InvalRect(tb, rect_ptr: int) -> None:
    """InvalRect(badRect:L*): a rect in the current window's local coordinates."""
    win = _current_window(tb)
    if win is not None:
        _wm(tb).invalidate(win, win.to_global_rect(read_rect(tb.mem, rect_ptr)))


@tool(0x0E, 0x3C, "L")
def ValidRect(tb, rect_ptr: int) -> None:
    """ValidRect(goodRect:L*)"""
    win = _current_window(tb)
    if win is not None:
        _wm(tb).validate(win, win.to_global_rect(read_rect(tb.mem, rect_ptr)))


@tool(0x0E, 0x4D, "L")
def StartDrawing(tb, ptr: int) -> None:
    """StartDrawing(theWindow:L*): port = the window, origin = its content."""
    wm = _wm(tb)
    wm.set_window_port(wm.window(ptr))


@tool(0x0E, 0x0D, "LL")
def SetWTitle(tb, title_ptr: int, ptr: int) -> None:
    """SetWTitle(title:L*, theWindow:L*): the Window Manager keeps the pointer."""
    wm = _wm(tb)
    win = wm.window(ptr)
    win.title_ptr = title_ptr
    wm.draw_frame(win)


@tool(0x0E, 0x0E, "L", 4)
def GetWTitle(tb, ptr: int) -> int:
    """GetWTitle(theWindow:L*) -> titlePtr:L"""
    return _wm(tb).window(ptr).title_ptr


@tool(0x0E, 0x28, "LL")
def SetWRefCon(tb, refcon: int, ptr: int) -> None:
    """SetWRefCon(wRefCon:L, theWindow:L*)"""
    win = _wm(tb).window(ptr)
    win.refcon = refcon
    write_long(tb.mem, ptr + 0xAE, refcon)


@tool(0x0E, 0x29, "L", 4)
def GetWRefCon(tb, ptr: int) -> int:
    """GetWRefCon(theWindow:L*) -> wRefCon:L"""
    return _wm(tb).window(ptr).refcon


@tool(0x0E, 0x49, "LL")
def SetContentDraw(tb, proc: int, ptr: int) -> None:
    """SetContentDraw(contDraw:L*, theWindow:L*): wContDraw in the record too."""
    win = _wm(tb).window(ptr)
    win.cont_draw = proc
    write_long(tb.mem, win.ptr + W_CONT_DRAW, proc)


@tool(0x0E, 0x17, "LWW", 2)
def FindWindow(tb, which_ptr: int, x: int, y: int) -> int:
    """FindWindow(whichWindowVar:L*, pointX:W, pointY:W) -> location:W"""
    part, win = _wm(tb).find_window(s16(y), s16(x))
    write_long(tb.mem, which_ptr, win.ptr if win is not None else 0)
    return part | W_IN_SYS_WINDOW if win is not None and win.system else part


@tool(0x0E, 0x18, "WWL", 2)
def TrackGoAway(tb, x: int, y: int, ptr: int) -> int:
    """TrackGoAway(startX:W, startY:W, theWindow:L*) -> Boolean:W"""
    wm = _wm(tb)
    return int(wm.track_go_away(wm.window(ptr)))


@tool(0x0E, 0x1A, "WWWWLL")
def DragWindow(tb, grid: int, x: int, y: int, grace: int, bounds_ptr: int,
               ptr: int) -> None:
    """DragWindow(grid:W, startX:W, startY:W, grace:W, boundsRect:L*, theWindow:L*)"""
    wm = _wm(tb)
    bounds = read_rect(tb.mem, bounds_ptr) if bounds_ptr else (14, 0, 200, 640)
    wm.drag(wm.window(ptr), (s16(y), s16(x)), bounds)


@tool(0x0E, 0x20, "", 4)
def GetWMgrPort(tb) -> int:
    """GetWMgrPort() -> portPtr:L"""
    wm = _wm(tb)
    wm.ensure_port()
    return wm.port


@tool(0x0E, 0x39, "L")
def RefreshDesktop(tb, rect_ptr: int) -> None:
    """RefreshDesktop(redrawRect:L*): 0 = the whole screen."""
    _wm(tb).refresh(read_rect(tb.mem, rect_ptr) if rect_ptr else SCREEN)


@tool(0x0E, 0x2A, "L", 4)
def GetNextWindow(tb, ptr: int) -> int:
    """GetNextWindow(theWindow:L*) -> WindowPtr:L (0 at the end)"""
    wins = _wm(tb).windows
    for i, w in enumerate(wins):
        if w.ptr == ptr:
            return wins[i + 1].ptr if i + 1 < len(wins) else 0
    return 0


@tool(0x0E, 0x4B, "L")
def SetSysWindow(tb, ptr: int) -> None:
    """SetSysWindow(theWindow:L*): a desk accessory's window (TaskMaster hands its
    events to the Desk Manager)."""
    _wm(tb).window(ptr).system = True


@tool(0x0E, 0x4C, "L", 2)
def GetSysWFlag(tb, ptr: int) -> int:
    """GetSysWFlag(theWindow:L*) -> Boolean:W"""
    return 0xFFFF if _wm(tb).window(ptr).system else 0


# -- the rest of the Window Manager's calls (Toolbox Reference vols. 2-3, ch. 25 and 52;
# ORCA/Pascal WindowMgr.pas for the halves of the long results) ------------------------

TRUE = 1
# Desktop's operations (window.h)
FROM_DESK, TO_DESK, GET_DESKTOP, SET_DESKTOP = 0, 1, 2, 3
GET_DESK_PAT, SET_DESK_PAT, GET_VIS_DESKTOP, BACKGROUND_RGN = 4, 5, 6, 7
DESK_ROUTINE = 0x80000000       # SetDeskPat's parameter: a drawing routine, not a pattern
# The standard frame colors (WindColor: frame, title, title bar, grow box, info bar),
# as the 640-mode black-and-white frame is drawn
STANDARD_COLORS = (0x0000, 0x0F00, 0x020F, 0x0000, 0x00F0)
WIND_COLOR_SIZE = 10
UPDATE_BACKGROUND = 0x8000      # UpdateWindow's uwBackground flag
WM_GLOBALS_SIZE = 0x40
# ErrorWindow's messages for the GS/OS errors a program most often meets
ERROR_MESSAGES = {
    0x0027: b"An I/O error occurred.",
    0x0028: b"No device is connected.",
    0x002B: b"The disk is write-protected.",
    0x002E: b"The disk was switched.",
    0x002F: b"There is no disk in the drive.",
    0x0040: b"The pathname is not valid.",
    0x0044: b"The folder was not found.",
    0x0045: b"The volume was not found.",
    0x0046: b"The file was not found.",
    0x0047: b"A file of that name already exists.",
    0x0048: b"The disk is full.",
    0x004E: b"The file is locked.",
    0x0201: b"There is not enough memory.",
}


def _win(tb, ptr: int) -> Window:
    return _wm(tb).window(ptr & 0xFFFFFF)


def _pair(low: int, high: int) -> int:
    """A long result of two words: `low` in the low word (as Point's v, a height)."""
    return ((high & 0xFFFF) << 16) | (low & 0xFFFF)


@tool(0x0E, 0x01)
def WindBootInit(tb) -> None:
    """WindBootInit(): nothing to do (the system's own call)."""


@tool(0x0E, 0x05)
def WindReset(tb) -> None:
    """WindReset(): nothing to do (the system's own call)."""


@tool(0x0E, 0x06, "", 2)
def WindStatus(tb) -> int:
    """WindStatus() -> activeFlag:W"""
    return 0xFFFF if _wm(tb).started else 0


@tool(0x0E, 0x0A, "L", 2)
def CheckUpdate(tb, event_ptr: int) -> int:
    """CheckUpdate(theEventPtr:L*) -> Boolean:W: the update event of the frontmost
    visible window that needs one, written to the event record; FALSE if none."""
    ev = _wm(tb)._next_update(False)
    if ev is None:
        return 0
    write_event(tb.mem, event_ptr, ev)
    return TRUE


@tool(0x0E, 0x0C, "WL", 4)
def Desktop(tb, op: int, param: int) -> int:
    """Desktop(deskTopOp:W, dtParam:L) -> result:L. The desktop region is the screen
    under the menu bar; regions are rectangles here, so FromDesk/ToDesk take a
    region's bounding box (FromDesk empties the desktop only when it covers it)."""
    wm = _wm(tb)
    qd = tb.qd
    if op in (GET_DESKTOP, GET_VIS_DESKTOP, BACKGROUND_RGN):
        if op not in wm.desk_regions:       # the Window Manager's own, one per kind
            wm.desk_regions[op] = qd.NewRgn()
        rgn = wm.desk_regions[op]
        area = wm.desktop_rect
        if op != GET_DESKTOP and area is not None:
            for win in wm.windows:      # less the windows (what a rectangle can lose)
                if win.visible and area is not None:
                    s = win.structure()
                    if s[0] <= area[0] and s[2] >= area[2] and s[1] <= area[1] \
                            and s[3] >= area[3]:
                        area = None
        qd.RectRgn(rgn, area or (0, 0, 0, 0))
        return rgn
    if op in (FROM_DESK, TO_DESK, SET_DESKTOP):
        rect = qd.region_rect(param) or (0, 0, 0, 0)
        if op == SET_DESKTOP:
            wm.desktop_rect = rect if rect[0] < rect[2] else None
        elif op == TO_DESK:
            wm.desktop_rect = union(wm.desktop_rect, rect) if rect[0] < rect[2] \
                else wm.desktop_rect
        elif wm.desktop_rect is not None and sect(wm.desktop_rect, rect) == wm.desktop_rect:
            wm.desktop_rect = None
        return 0
    if op == GET_DESK_PAT:
        if wm.desk_routine:
            return wm.desk_routine | DESK_ROUTINE
        return wm.desk_pattern_block()
    if op == SET_DESK_PAT:
        if param & DESK_ROUTINE:
            wm.desk_routine = param & 0xFFFFFF
        else:
            wm.desk_routine = 0
            wm.desktop_pattern = bytes(tb.mem[param & 0xFFFFFF:(param & 0xFFFFFF) + 32])
            wm.desk_pattern_block()
        wm.refresh(SCREEN)
        return 0
    raise ToolError(W_PARAM_LEN_ERR, f"Desktop operation {op}")


@tool(0x0E, 0x0F, "LL")
def SetFrameColor(tb, color_ptr: int, ptr: int) -> None:
    """SetFrameColor(newColorPtr:L*, theWindow:L*): the window's color table (NIL:
    the standard one). Kept and given back by GetFrameColor; the frame is drawn in
    black and white whatever it says (640 mode)."""
    win = _win(tb, ptr)
    win.color_ptr = color_ptr & 0xFFFFFF
    _wm(tb).draw_frame(win)


@tool(0x0E, 0x10, "LL")
def GetFrameColor(tb, color_ptr: int, ptr: int) -> None:
    """GetFrameColor(colorPtr:L*, theWindow:L*): the window's five color words."""
    win = _win(tb, ptr)
    mem = tb.mem
    if win.color_ptr:
        mem[color_ptr:color_ptr + WIND_COLOR_SIZE] = \
            bytes(mem[win.color_ptr:win.color_ptr + WIND_COLOR_SIZE])
        return
    for i, word in enumerate(STANDARD_COLORS):
        write_word(mem, color_ptr + 2 * i, word)


@tool(0x0E, 0x14, "LL")
def SendBehind(tb, behind: int, ptr: int) -> None:
    """SendBehind(behindWindow:L*, theWindow:L*): toBottom (-2) or bottomMost (0)
    sends it to the back, topMost (-1) to the front."""
    _wm(tb).send_behind(behind, _win(tb, ptr))


@tool(0x0E, 0x16, "LL")
def SetInfoDraw(tb, proc: int, ptr: int) -> None:
    """SetInfoDraw(infoRecCon:L*, theWindow:L*): the information bar's routine."""
    win = _win(tb, ptr)
    win.info_draw = proc & 0xFFFFFF
    _wm(tb).draw_info_bar(win)


@tool(0x0E, 0x4A, "L", 4)
def GetInfoDraw(tb, ptr: int) -> int:
    """GetInfoDraw(theWindow:L*) -> infoDrawPtr:L"""
    return _win(tb, ptr).info_draw


@tool(0x0E, 0x19, "WWL")
def MoveWindow(tb, x: int, y: int, ptr: int) -> None:
    """MoveWindow(newX:W, newY:W, theWindow:L*): the content's top-left to (x, y),
    global; the size stays."""
    win = _win(tb, ptr)
    _wm(tb).move(win, s16(y) - win.content[0], s16(x) - win.content[1], pin=False)


@tool(0x0E, 0x1B, "WWWWL", 4)
def GrowWindow(tb, min_w: int, min_h: int, x: int, y: int, ptr: int) -> int:
    """GrowWindow(minWidth:W, minHeight:W, startX:W, startY:W, theWindow:L*) ->
    newSize:L (low word the height, high word the width). The window is not resized
    (SizeWindow does that)."""
    height, width = _wm(tb).grow(_win(tb, ptr), (s16(y), s16(x)), (min_h, min_w))
    return _pair(height, width)


@tool(0x0E, 0x1C, "WWL")
def SizeWindow(tb, width: int, height: int, ptr: int) -> None:
    """SizeWindow(newWidth:W, newHeight:W, theWindow:L*): the content's new size, its
    top-left where it is."""
    win = _win(tb, ptr)
    t, l, _, _ = win.content
    _wm(tb).reshape(win, (t, l, t + s16(height), l + s16(width)))


@tool(0x0E, 0x5C, "WLL")
def ResizeWindow(tb, hidden: int, rect_ptr: int, ptr: int) -> None:
    """ResizeWindow(hiddenFlag:W, rectPtr:L*, theWindow:L*): a new content rectangle
    (global); with hiddenFlag TRUE the screen is left alone (the window is hidden)."""
    win = _win(tb, ptr)
    rect = read_rect(tb.mem, rect_ptr)
    if hidden:
        win.content = rect
        _wm(tb)._place_port(win)
        return
    _wm(tb).reshape(win, rect)


@tool(0x0E, 0x21, "WWL", 4)
def PinRect(tb, x: int, y: int, rect_ptr: int) -> int:
    """PinRect(theXPt:W, theYPt:W, theRectPtr:L*) -> thePoint:L (low word y, high
    word x): the point moved into the rectangle (its right and bottom edges are
    outside it, so a point past them becomes right - 1, bottom - 1)."""
    t, l, b, r = read_rect(tb.mem, rect_ptr)
    v = min(max(s16(y), t), b - 1)
    h = min(max(s16(x), l), r - 1)
    return _pair(v, h)


@tool(0x0E, 0x22, "WL")
def HiliteWindow(tb, flag: int, ptr: int) -> None:
    """HiliteWindow(fHiliteFlag:W, theWindow:L*): draw the frame highlighted (TRUE)
    or not; fHilited in wFrame follows."""
    win = _win(tb, ptr)
    win.hilited = bool(flag)
    wm = _wm(tb)
    wm.draw_frame(win)
    wm.sync_frame(win)


@tool(0x0E, 0x23, "WL")
def ShowHide(tb, flag: int, ptr: int) -> None:
    """ShowHide(showFlag:W, theWindow:L*): show (TRUE) or hide it without changing
    its highlighting or which window is active."""
    _wm(tb).show_hide(bool(flag), _win(tb, ptr))


@tool(0x0E, 0x24, "L")
def BringToFront(tb, ptr: int) -> None:
    """BringToFront(theWindow:L*): first in the window list, not activated."""
    _wm(tb).bring_to_front(_win(tb, ptr))


@tool(0x0E, 0x25)
def WindNewRes(tb) -> None:
    """WindNewRes(): after a change of screen mode; the screen is drawn again."""
    wm = _wm(tb)
    wm.ensure_port()
    wm.refresh(SCREEN)


@tool(0x0E, 0x26, "WWL", 2)
def TrackZoom(tb, x: int, y: int, ptr: int) -> int:
    """TrackZoom(startX:W, startY:W, theWindow:L*) -> Boolean:W: released in the
    zoom box?"""
    return TRUE if _wm(tb).track_box(_win(tb, ptr).zoom_box()) else 0


@tool(0x0E, 0x27, "L")
def ZoomWindow(tb, ptr: int) -> None:
    """ZoomWindow(theWindow:L*): swap the content rectangle and the zoom rectangle
    (wZoom; an empty one: the screen under the menu bar); fZoomed toggles."""
    _wm(tb).zoom(_win(tb, ptr))


@tool(0x0E, 0x2B, "L", 2)
def GetWKind(tb, ptr: int) -> int:
    """GetWKind(theWindow:L*) -> kind:W: 0 an application's window, 1 a system
    (desk accessory) window."""
    return 1 if _win(tb, ptr).system else 0


@tool(0x0E, 0x2C, "L", 2)
def GetWFrame(tb, ptr: int) -> int:
    """GetWFrame(theWindow:L*) -> wFrame:W"""
    win = _win(tb, ptr)
    return _wm(tb).frame_word(win)


@tool(0x0E, 0x2D, "WL")
def SetWFrame(tb, frame: int, ptr: int) -> None:
    """SetWFrame(newFrame:W, theWindow:L*): the frame bits; the frame is drawn again
    (fVis and fHilited stay as the window is: ShowHide and HiliteWindow change them)."""
    wm = _wm(tb)
    win = _win(tb, ptr)
    old = win.structure()
    win.frame = frame
    if win.visible:
        wm.refresh(union(old, win.structure()))
    wm.sync_frame(win)


@tool(0x0E, 0x2E, "L", 4)
def GetStructRgn(tb, ptr: int) -> int:
    """GetStructRgn(theWindow:L*) -> RgnHandle:L (global)"""
    return _wm(tb).window_regions(_win(tb, ptr))[0]


@tool(0x0E, 0x2F, "L", 4)
def GetContentRgn(tb, ptr: int) -> int:
    """GetContentRgn(theWindow:L*) -> RgnHandle:L (global)"""
    return _wm(tb).window_regions(_win(tb, ptr))[1]


@tool(0x0E, 0x30, "L", 4)
def GetUpdateRgn(tb, ptr: int) -> int:
    """GetUpdateRgn(theWindow:L*) -> RgnHandle:L (global; the bounding box of the
    area that waits for an update)"""
    return _wm(tb).window_regions(_win(tb, ptr))[2]


@tool(0x0E, 0x31, "L", 4)
def GetDefProc(tb, ptr: int) -> int:
    """GetDefProc(theWindow:L*) -> wDefProc:L (0: the standard one)"""
    return _win(tb, ptr).def_proc


@tool(0x0E, 0x32, "LL")
def SetDefProc(tb, proc: int, ptr: int) -> None:
    """SetDefProc(wDefProc:L*, theWindow:L*): kept in wDefProc; the standard frame is
    drawn whatever it is (custom definition procedures are not called)."""
    win = _win(tb, ptr)
    win.def_proc = proc & 0xFFFFFF
    write_long(tb.mem, win.ptr + W_DEF_PROC, win.def_proc)


@tool(0x0E, 0x33, "L", 4)
def GetWControls(tb, ptr: int) -> int:
    """GetWControls(theWindow:L*) -> CtlHandle:L: the first of the window's controls
    (the last made: NewControl puts each at the head of the list), 0 if none."""
    win = _win(tb, ptr)
    controls = tb.ctl.in_window(win.ptr)
    handle = controls[-1].handle if controls else 0
    write_long(tb.mem, win.ptr + W_CONTROLS, handle)
    return handle


@tool(0x0E, 0x34, "WL")
def SetOriginMask(tb, mask: int, ptr: int) -> None:
    """SetOriginMask(originMask:W, theWindow:L*): the mask the horizontal origin is
    ANDed with when scrolled (e.g. $FFFE keeps it even, for 640 mode's dithers)."""
    _win(tb, ptr).origin_mask = mask


@tool(0x0E, 0x35, "L", 4)
def GetInfoRefCon(tb, ptr: int) -> int:
    """GetInfoRefCon(theWindow:L*) -> infoRefCon:L"""
    return _win(tb, ptr).info_refcon


@tool(0x0E, 0x36, "LL")
def SetInfoRefCon(tb, value: int, ptr: int) -> None:
    """SetInfoRefCon(infoRefCon:L, theWindow:L*)"""
    _win(tb, ptr).info_refcon = value


@tool(0x0E, 0x37, "L", 4)
def GetZoomRect(tb, ptr: int) -> int:
    """GetZoomRect(theWindow:L*) -> zoomRectPtr:L: the rectangle ZoomWindow swaps in
    next (global), in the Window Manager's block for the window."""
    wm = _wm(tb)
    win = _win(tb, ptr)
    addr = wm.aux_block(win) + AUX_ZOOM
    write_rect(tb.mem, addr, win.zoom or wm.default_zoom(win))
    return addr


@tool(0x0E, 0x38, "LL")
def SetZoomRect(tb, rect_ptr: int, ptr: int) -> None:
    """SetZoomRect(wZoomRectPtr:L*, theWindow:L*)"""
    win = _win(tb, ptr)
    win.zoom = read_rect(tb.mem, rect_ptr)
    if win.aux:
        write_rect(tb.mem, win.aux + AUX_ZOOM, win.zoom)


@tool(0x0E, 0x3B, "L")
def InvalRgn(tb, rgn: int) -> None:
    """InvalRgn(badRgnHandle:L): a region in the current window's local coordinates
    (its bounding box) joins the update area."""
    win = _current_window(tb)
    rect = tb.qd.region_rect(rgn)
    if win is not None and rect is not None and rect[0] < rect[2]:
        _wm(tb).invalidate(win, win.to_global_rect(rect))


@tool(0x0E, 0x3D, "L")
def ValidRgn(tb, rgn: int) -> None:
    """ValidRgn(goodRgnHandle:L): as ValidRect with the region's bounding box."""
    win = _current_window(tb)
    rect = tb.qd.region_rect(rgn)
    if win is not None and rect is not None:
        _wm(tb).validate(win, win.to_global_rect(rect))


@tool(0x0E, 0x3E, "L", 4)
def GetContentOrigin(tb, ptr: int) -> int:
    """GetContentOrigin(theWindow:L*) -> origin:L (low word y, high word x)"""
    v, h = _win(tb, ptr).origin
    return _pair(v, h)


@tool(0x0E, 0x3F, "WWL")
def SetContentOrigin(tb, x: int, y: int, ptr: int) -> None:
    """SetContentOrigin(xOrigin:W, yOrigin:W, theWindow:L*): scroll the content: the
    pixels still in view move, the uncovered part waits for an update."""
    _wm(tb).scroll_to(_win(tb, ptr), (s16(y), s16(x)), move_bits=True)


@tool(0x0E, 0x57, "WWWL")
def SetContentOrigin2(tb, scroll_flag: int, x: int, y: int, ptr: int) -> None:
    """SetContentOrigin2(scrollFlag:W, xOrigin:W, yOrigin:W, theWindow:L*): as
    SetContentOrigin when scrollFlag is TRUE; FALSE: the whole content waits for an
    update instead."""
    _wm(tb).scroll_to(_win(tb, ptr), (s16(y), s16(x)), move_bits=bool(scroll_flag))


def _pair_field(name: str, number: int, doc: str):
    """A Get/Set pair for one of the window's (vertical/height, horizontal/width)
    fields: Get answers low word the first, high word the second; Set takes the
    horizontal first, as the Toolbox Reference's parameter order gives."""

    def getter(tb, ptr: int) -> int:
        first, second = getattr(_win(tb, ptr), name)
        return _pair(first, second)

    def setter(tb, horizontal: int, vertical: int, ptr: int) -> None:
        setattr(_win(tb, ptr), name, (vertical, horizontal))

    getter.__doc__ = f"{doc[0]} -> {doc[1]}:L (low word the vertical, high the horizontal)"
    setter.__doc__ = f"{doc[2]}"
    get_name, set_name = doc[0].split("(")[0], doc[2].split("(")[0]
    tool(0x0E, number, "L", 4, name=get_name)(getter)
    tool(0x0E, number + 1, "WWL", name=set_name)(setter)
    return getter, setter


GetDataSize, SetDataSize = _pair_field("data_size", 0x40, (
    "GetDataSize(theWindow:L*)", "dataSize",
    "SetDataSize(dataWidth:W, dataHeight:W, theWindow:L*)"))
GetMaxGrow, SetMaxGrow = _pair_field("max_grow", 0x42, (
    "GetMaxGrow(theWindow:L*)", "maxGrow",
    "SetMaxGrow(maxWidth:W, maxHeight:W, theWindow:L*)"))
GetScroll, SetScroll = _pair_field("scroll", 0x44, (
    "GetScroll(theWindow:L*)", "scroll",
    "SetScroll(hScroll:W, vScroll:W, theWindow:L*)"))
GetPage, SetPage = _pair_field("page", 0x46, (
    "GetPage(theWindow:L*)", "page",
    "SetPage(hPage:W, vPage:W, theWindow:L*)"))


@tool(0x0E, 0x48, "L", 4)
def GetContentDraw(tb, ptr: int) -> int:
    """GetContentDraw(theWindow:L*) -> contDrawPtr:L"""
    return _win(tb, ptr).cont_draw


@tool(0x0E, 0x4E, "L", 4)
def SetWindowIcons(tb, font: int) -> int:
    """SetWindowIcons(newFontHandle:L) -> oldFontHandle:L: the font the frame's
    boxes come from; kept and given back (the frame's boxes are drawn as rectangles)."""
    wm = _wm(tb)
    old, wm.icon_font = wm.icon_font, font
    return old


@tool(0x0E, 0x4F, "LL")
def GetRectInfo(tb, rect_ptr: int, ptr: int) -> None:
    """GetRectInfo(infoRectPtr:L*, theWindow:L*): the information bar's rectangle,
    global (empty when the window has none)."""
    win = _win(tb, ptr)
    write_rect(tb.mem, rect_ptr, win.info_bar() or (0, 0, 0, 0))


@tool(0x0E, 0x50, "LL")
def StartInfoDrawing(tb, rect_ptr: int, ptr: int) -> None:
    """StartInfoDrawing(infoRectPtr:L*, theWindow:L*): the port is the window's, the
    origin the bar's top-left, clipped to it; the bar's rectangle in those
    coordinates is written to infoRectPtr. EndInfoDrawing puts things back."""
    local = _wm(tb).start_info_drawing(_win(tb, ptr))
    write_rect(tb.mem, rect_ptr, local)


@tool(0x0E, 0x51)
def EndInfoDrawing(tb) -> None:
    """EndInfoDrawing()"""
    _wm(tb).end_info_drawing()


@tool(0x0E, 0x55, "L")
def DrawInfoBar(tb, ptr: int) -> None:
    """DrawInfoBar(theWindow:L*): the information bar again (its routine called)."""
    _wm(tb).draw_info_bar(_win(tb, ptr))


@tool(0x0E, 0x52, "", 4)
def GetFirstWindow(tb) -> int:
    """GetFirstWindow() -> WindowPtr:L: the head of the window list (visible or not)."""
    wins = _wm(tb).windows
    return wins[0].ptr if wins else 0


@tool(0x0E, 0x53, "LLWWLLLW", 4)
def WindDragRect(tb, action: int, pattern: int, x: int, y: int, drag_ptr: int,
                 limit_ptr: int, slop_ptr: int, flag: int) -> int:
    """WindDragRect(actionProc:L, dragPatternPtr:L, startX:W, startY:W,
    dragRectPtr:L*, limitRectPtr:L*, slopRectPtr:L*, dragFlag:W) -> moveDelta:L (low
    word vertical, high word horizontal): the Control Manager's DragRect for the
    Window Manager's port (an outline follows the mouse, limited to limitRect; a
    release outside slopRect moves nothing; actionProc, when not NIL, is called each
    time the mouse is looked at). dragFlag bits 1-0: 1 horizontal only, 2 vertical
    only. The outline is drawn in XOR whatever dragPatternPtr says. The dragged rectangle is moved by the delta in memory, and
    GetDragRectPtr points at it."""
    wm = _wm(tb)
    mem = tb.mem
    rect = read_rect(mem, drag_ptr)
    limit = read_rect(mem, limit_ptr)
    slop = read_rect(mem, slop_ptr) if slop_ptr else SCREEN
    dv, dh = wm.drag_outline(rect, (s16(y), s16(x)), limit, slop, flag & 3,
                             action & 0xFFFFFF)
    write_rect(mem, drag_ptr, offset(rect, dv, dh))
    wm.drag_rect_ptr = drag_ptr & 0xFFFFFF
    return _pair(dv, dh)


@tool(0x0E, 0x54, "", 4)
def GetDragRectPtr(tb) -> int:
    """GetDragRectPtr() -> rectPtr:L: the rectangle WindDragRect dragged last."""
    return _wm(tb).drag_rect_ptr


@tool(0x0E, 0x56, "W", 2)
def WindowGlobal(tb, flags: int) -> int:
    """WindowGlobal(windowGlobalMask:W) -> flags:W: set the Window Manager's global
    flags ($FFFF: leave them, only read); the flags they were."""
    wm = _wm(tb)
    old = wm.globals_flags
    if flags != 0xFFFF:
        wm.globals_flags = flags
    return old


@tool(0x0E, 0x58, "", 4)
def GetWindowMgrGlobals(tb) -> int:
    """GetWindowMgrGlobals() -> globalsPtr:L: the Window Manager's global block (its
    first long: the Window Manager's port; the rest reserved, zero)."""
    wm = _wm(tb)
    if not wm.globals_ptr:
        _, wm.globals_ptr = wm.alloc(WM_GLOBALS_SIZE)
        tb.mem[wm.globals_ptr:wm.globals_ptr + WM_GLOBALS_SIZE] = bytes(WM_GLOBALS_SIZE)
    wm.ensure_port()
    write_long(tb.mem, wm.globals_ptr, wm.port)
    return wm.globals_ptr


@tool(0x0E, 0x5A, "L")
def StartFrameDrawing(tb, ptr: int) -> None:
    """StartFrameDrawing(theWindow:L*): draw on the window's frame: the Window
    Manager's port, global coordinates, clipped to the window's structure.
    EndFrameDrawing puts the port back."""
    wm = _wm(tb)
    win = _win(tb, ptr)
    qd = tb.qd
    wm.ensure_port()
    wm.frame_saved = qd.GetPort()
    qd.SetPort(wm.port)
    qd.ClipRect(win.structure())


@tool(0x0E, 0x5B)
def EndFrameDrawing(tb) -> None:
    """EndFrameDrawing()"""
    wm = _wm(tb)
    if wm.frame_saved is not None:
        qd = tb.qd
        qd.ClipRect(SCREEN)
        if wm.frame_saved:
            qd.SetPort(wm.frame_saved)
        wm.frame_saved = None


@tool(0x0E, 0x5F, "WL", 2)
def TaskMasterDA(tb, event_mask: int, task_ptr: int) -> int:
    """TaskMasterDA(eventMask:W, taskRecPtr:L*) -> taskCode:W: TaskMaster for the
    event already in the task record (a desk accessory's, handed to its action
    routine), as with tmNoGetNextEvent."""
    return _wm(tb).task_master(event_mask, task_ptr, given_event=True)


@tool(0x0E, 0x60, "WLLW", 4)
def CompileText(tb, sub_type: int, subs_ptr: int, src_ptr: int, size: int) -> int:
    """CompileText(subType:W, subStringsPtr:L, srcStringPtr:L, srcSize:W) -> Handle:L:
    the text with *0-*9 replaced by the substitution strings (subType bit 0: Pascal
    strings, else C strings) and #0-#6 by the standard button titles, in a new
    handle of its length (AlertWindow's substitution, Technical Note #48)."""
    from toolbox.dialog import _substitution_strings, substitute
    mem = tb.mem
    text = bytes(mem[src_ptr:src_ptr + size])
    out = substitute(text, _substitution_strings(tb, sub_type, subs_ptr & 0xFFFFFF))
    wm = _wm(tb)
    handle = tb.mm.new_handle(len(out), wm.user_id or 0x1000, 0)
    addr = tb.mm.deref(handle)
    mem[addr:addr + len(out)] = out
    return handle


@tool(0x0E, 0x62, "WLW", 2)
def ErrorWindow(tb, sub_type: int, subs_ptr: int, error: int) -> int:
    """ErrorWindow(subType:W, subStringPtr:L, errNum:W) -> button:W: a caution alert
    naming the error (its message for the common GS/OS errors, else its number) with
    an OK button; 0."""
    from toolbox.dialog import AlertSpec, run_alert
    message = ERROR_MESSAGES.get(error, b"An error occurred (error $%04X)." % error)
    width, height = 300, 60
    left = (640 - width) // 2
    spec = AlertSpec((40, left, 40 + height, left + width), "caution", message,
                     [b"OK"], 0)
    run_alert(tb, spec)
    return 0


@tool(0x0E, 0x63, "L", 4)
def GetAuxWindInfo(tb, ptr: int) -> int:
    """GetAuxWindInfo(theWindow:L*) -> auxInfoPtr:L: the window's auxiliary record,
    $20 bytes, its first word its size, the rest zero until a program sets it
    (a desk accessory's NDASysWindPtr)."""
    return _wm(tb).aux_block(_win(tb, ptr)) + AUX_INFO


@tool(0x0E, 0x65, "", 2)
def MWGetCtlPart(tb) -> int:
    """MWGetCtlPart() -> partCode:W: the part of the control TaskMaster last
    tracked; 0, as this TaskMaster leaves the content's controls to the program (it
    does not do tmContentControls' tracking)."""
    return 0


@tool(0x0E, 0x66, "L", 4)
def MWSetMenuProc(tb, proc: int) -> int:
    """MWSetMenuProc(newMenuProc:L) -> oldMenuProc:L: kept and given back."""
    wm = _wm(tb)
    old, wm.menu_proc = wm.menu_proc, proc
    return old


@tool(0x0E, 0x67)
def MWStdDrawProc(tb) -> None:
    """MWStdDrawProc(): the standard menu drawing routine's entry; the Menu Manager
    draws its menus itself."""


@tool(0x0E, 0x68)
def MWSetUpEditMenu(tb) -> None:
    """MWSetUpEditMenu(): the Edit menu's items as the front window allows; the
    items are left as the program set them (no window here edits by itself)."""


@tool(0x0E, 0x69, "LWWL", 2)
def FindCursorCtl(tb, found_ptr: int, x: int, y: int, ptr: int) -> int:
    """FindCursorCtl(ctlHandlePtr:L*, xLoc:W, yLoc:W, theWindow:L*) -> partCode:W:
    the control under a point of the window (local coordinates), 0 if none."""
    part, ctl = tb.ctl.find(_win(tb, ptr).ptr, s16(y), s16(x))
    if found_ptr & 0xFFFFFF:
        write_long(tb.mem, found_ptr, ctl.handle if ctl is not None else 0)
    return part


@tool(0x0E, 0x6A, "WWL")
def ResizeInfoBar(tb, flags: int, height: int, ptr: int) -> None:
    """ResizeInfoBar(flags:W, newSize:W, theWindow:L*): the information bar's new
    height; the structure keeps its place and the content gives or takes the rows."""
    wm = _wm(tb)
    win = _win(tb, ptr)
    if not win.frame & F_INFO:
        return
    t, l, b, r = win.content
    delta = height - win.info_height
    win.info_height = height
    wm.reshape(win, (t + delta, l, b, r))


@tool(0x0E, 0x6B, "WW", 4)
def HandleDiskInsert(tb, flags: int, dev_num: int) -> int:
    """HandleDiskInsert(flags:W, devNum:W) -> result:L (low word the device, high word
    the result flags): no disk-inserted event is outstanding on this machine (the
    disk is always in), so 0, 0."""
    return 0


@tool(0x0E, 0x6C, "WL")
def UpdateWindow(tb, flags: int, ptr: int) -> None:
    """UpdateWindow(flags:W, theWindow:L*): the frame drawn again, and the content
    drawn now by the window's content-draw routine (BeginUpdate/EndUpdate around it)
    for all of the content (uwBackground: only what waits for an update)."""
    wm = _wm(tb)
    win = _win(tb, ptr)
    if not win.visible:
        return
    wm.draw_frame(win)
    if not flags & UPDATE_BACKGROUND:
        win.update = win.content
    if win.update is not None:
        wm.call_content_draw(win)
