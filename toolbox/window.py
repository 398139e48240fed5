"""Window Manager (tool set $0E): windows, the desktop, update events and TaskMaster.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter 25 "Window Manager" (TaskMaster's
behaviour too, with Technical Notes #75 and #84), and ORCA/C `window.h` (window record,
task record, NewWindow parameter list, TaskMaster codes, frame bits).

A WindowPtr is the address of the window's GrafPort in emulated memory (a $D4-byte
record from the Memory Manager with the 4-byte wNext before the port, as in window.h);
the Window Manager's own bookkeeping (order, frame, update area) is in Python.

Regions are kept as rectangles (the bounding box of an update area): a card game has
one document window and modal dialogs on top, which this covers exactly. Modal dialog
windows save the screen under them and put it back when they close, so closing a
dialog never costs the program an update.

Look (640 mode): a black-and-white 50% dotted desktop, document windows with a striped
title bar when active, a centred title and a close box at the left; dialog and alert
windows with the heavy double outline.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

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
F_MOVE = 0x0080
F_VIS = 0x0020
F_ALLOCATED = 0x0004
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
TM_SPECIAL = 0x1000
TM_NO_GET_NEXT_EVENT = 0x200000

# Window Manager errors (window.h)
W_PARAM_LEN_ERR = 0x0E01
W_ALLOC_ERR = 0x0E02

WINDOW_RECORD_SIZE = 0xD4       # windSize: wNext (4) + GrafPort ($AA) + WM fields
NEW_WINDOW_PARAM_LENGTH = 0x4E
SCREEN: Rect = (0, 0, 200, 640)

TITLE_BAR_HEIGHT = 12
SIDE = 2                        # frame thickness left/right (640-mode pixels are narrow)
DIALOG_BORDER_V, DIALOG_BORDER_H = 4, 8
CLOSE_BOX = (2, 8, TITLE_BAR_HEIGHT - 2, 22)   # relative to the structure's top-left

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


def offset(r: Rect, dv: int, dh: int) -> Rect:
    return (r[0] + dv, r[1] + dh, r[2] + dv, r[3] + dh)


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

    @property
    def has_title(self) -> bool:
        return bool(self.frame & F_TITLE) and not self.dialog

    def structure(self) -> Rect:
        t, l, b, r = self.content
        if self.dialog or self.frame & F_ALERT:
            return (t - DIALOG_BORDER_V, l - DIALOG_BORDER_H, b + DIALOG_BORDER_V,
                    r + DIALOG_BORDER_H)
        top = t - TITLE_BAR_HEIGHT if self.has_title else t - 1
        return (top, l - SIDE, b + 1, r + SIDE)

    def title_bar(self) -> Rect | None:
        if not self.has_title:
            return None
        s = self.structure()
        return (s[0], s[1], self.content[0], s[3])

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
            qd.FillRect(SCREEN, self.desktop_pattern)

    def draw_frame(self, win: Window) -> None:
        """Draw a window's frame (structure minus content); the content is untouched."""
        qd = self.tb.qd
        if not win.visible:
            return
        active = win is self.front()
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
            if bar is None:
                return
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect((bar[0] + 1, bar[1] + SIDE, bar[2] - 1, bar[3] - SIDE))
            qd.SetSolidPenPat(BLACK)
            qd.PaintRect((bar[2] - 1, bar[1], bar[2], bar[3]))
            if active:
                # The active window's title bar: black lines on every other row.
                for v in range(bar[0] + 2, bar[2] - 2, 2):
                    qd.PaintRect((v, bar[1] + 4, v + 1, bar[3] - 4))
            box = win.close_box()
            if box is not None and active:
                qd.SetSolidPenPat(WHITE)
                qd.PaintRect((box[0] - 1, box[1] - 2, box[2] + 1, box[3] + 2))
                qd.SetSolidPenPat(BLACK)
                qd.FrameRect(box)
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

    def erase_content(self, win: Window, rect: Rect | None = None) -> None:
        """Paint (part of) a window's content white (global rect)."""
        qd = self.tb.qd
        area = sect(win.content, rect or win.content)
        if area is None:
            return
        with self.screen_drawing():
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(area)

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
                   storage: int = 0) -> Window:
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
        mem = self.tb.mem
        write_long(mem, ptr + 0xAE, refcon)                # wRefCon
        write_long(mem, ptr + 0xB2, cont_draw)             # wContDraw
        write_word(mem, ptr + 0xCE, frame)                 # wFrame
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
        if win.handle:
            self.tb.mm.dispose(win.handle)

    def select(self, win: Window) -> None:
        old_front = self.front()
        if old_front is win:
            return
        self.windows.remove(win)
        self.windows.insert(0, win)
        if not win.visible:
            return
        if old_front is not None:
            self.draw_frame(old_front)
            self._post_activate(old_front, False)
        self.draw_frame(win)
        if old_front is not None:
            covered = sect(win.content, old_front.structure())
            if covered is not None:
                self.erase_content(win, covered)
                win.update = union(win.update, covered)
        self._post_activate(win, True)

    def find_window(self, v: int, h: int) -> tuple[int, Window | None]:
        """FindWindow's core: (location code, window) for a global point."""
        menu = self.tb.menu
        if menu.menus and 0 <= v < 13 and menu.bar_drawn:
            return W_IN_MENU_BAR, None
        for win in self.windows:
            if not win.visible or not contains(win.structure(), v, h):
                continue
            if contains(win.content, v, h):
                return W_IN_CONTENT, win
            box = win.close_box()
            if box is not None and contains(box, v, h):
                return W_IN_GO_AWAY, win
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
        box = win.close_box()
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

    def drag(self, win: Window, start: tuple[int, int], bounds: Rect) -> None:
        """DragWindow's core: drag an outline, then move the window by the delta."""
        qd = self.tb.qd
        s = win.structure()
        v0, h0 = start
        last = None
        shown = None

        def outline(r: Rect) -> None:
            with self.screen_drawing():
                qd.SetPenMode(MODE_XOR)
                qd.SetSolidPenPat(WHITE)
                qd.FrameRect(r)

        for v, h in self.tb.em.track():
            v = min(max(v, bounds[0]), bounds[2] - 1)
            h = min(max(h, bounds[1]), bounds[3] - 1)
            if (v, h) == last:
                continue
            last = (v, h)
            if shown is not None:
                outline(shown)
            shown = offset(s, v - v0, h - h0)
            outline(shown)
            self.present_frame()
        if shown is not None:
            outline(shown)
        v, h = self.tb.em.mouse
        v = min(max(v, bounds[0]), bounds[2] - 1)
        h = min(max(h, bounds[1]), bounds[3] - 1)
        self.move(win, v - v0, h - h0)
        if win is not self.front():
            self.select(win)

    def move(self, win: Window, dv: int, dh: int) -> None:
        """Move a window by (dv, dh), keeping its title bar below the menu bar."""
        s = win.structure()
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

    def task_master(self, event_mask: int, task_ptr: int) -> int:
        """TaskMaster's core (Toolbox Reference ch. 25): handle what it can, report the rest."""
        tb = self.tb
        mem = tb.mem
        task_mask = read_long(mem, task_ptr + 0x14)
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
        storage=read_long(mem, params + 0x4A))
    win.origin = (s16(read_word(mem, params + 0x18)), s16(read_word(mem, params + 0x1A)))
    return win.ptr


# rWindParam1 ($800E, Toolbox Reference vol. 3, ch. 52): NewWindow's parameter list
# with p1ControlList in place of wStorage and a reference-type word after it.
WIND_PARAM1_LENGTH = 0x50
P1_TITLE, P1_REFCON, P1_CONT_DRAW, P1_POSITION = 0x04, 0x08, 0x3A, 0x3E
P1_Y_ORIGIN, P1_X_ORIGIN, P1_PLANE, P1_CONTROL_LIST, P1_IN_DESC = 0x18, 0x1A, 0x46, 0x4A, 0x4E
TITLE_REF_SHIFT = 8             # p1InDesc bits 9-8: how p1Title refers to its string


@tool(0x0E, 0x61, "LLLLWLW", 4)
def NewWindow2(tb, title_ptr: int, refcon: int, content_draw: int, def_proc: int,
               param_table_desc: int, param_table_ref: int, resource_type: int) -> int:
    """NewWindow2(titlePtr:L, refCon:L, contentDrawPtr:L, defProcPtr:L,
    paramTableDesc:W, paramTableRef:L, resourceType:W): WindowPtr:L -- a window from
    an rWindParam1 template given by pointer (0), handle (1) or resource ID (2).
    titlePtr and contentDrawPtr, when not NIL, stand for the template's; refCon is
    the window's. The title is copied (the template may go). The template's control
    list is made with NewControl2; defProcPtr is not used."""
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
        plane=read_long(mem, addr + P1_PLANE))
    win.origin = (s16(read_word(mem, addr + P1_Y_ORIGIN)),
                  s16(read_word(mem, addr + P1_X_ORIGIN)))
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
    """SetContentDraw(contDraw:L*, theWindow:L*)"""
    _wm(tb).window(ptr).cont_draw = proc


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
