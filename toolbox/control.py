"""Control Manager (tool set $10): simple buttons, check boxes, radio buttons and
scroll bars.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 4 "Control Manager", with the
numbers, CtlRec layout, defProc values and part codes of ORCA/C `control.h` (and
FindControl/TrackControl as the ORCA/C sample Reversi.cc calls them).

Controls are referenced by handle: each has a 64-byte CtlRec in emulated memory whose
documented fields (ctlOwner, ctlRect, ctlFlag, ctlHilite, ctlValue, ctlProc, ctlRefCon)
are kept in step, so a program that reads `ctlValue` through the handle sees the truth.

Radio buttons: setting one member of a family (flag bits 0-6, same window) to 1 turns
the others off, so the program only sets the one the user chose.

Scroll bars (scrollProc / scrollBarControl): the flag's bits say vertical or horizontal
(horScroll $10) and which arrows it has (upFlag 1, downFlag 2, leftFlag 4, rightFlag 8);
its value runs from 0 to dataSize - viewSize, and its thumb is as long, against the
track, as the view is against the data (the IIGS's proportional thumb, Tech Note #47).
ctlData holds the two sizes: viewSize in the low word, dataSize in the high word (as
GetCtlParams answers them). TrackControl on an arrow or a page area calls the action
procedure -- PROCEDURE action(theControl: CtlRecHndl; partCode: Integer), the Pascal
convention, the procedure removes its parameters -- once when the button goes down and
again for each step the mouse stays down in the part, and does not move the thumb
itself: the procedure scrolls and calls SetCtlValue. On the thumb it drags the thumb
and, released, sets the value its place stands for. An actionProc of -1 means the
control's own ctlAction (SetCtlAction, or a dialog item's itemDescr).

A control another tool set defines (the List Manager's list control, defProc family
$09; TextEdit's editTextControl, family $05) is registered in CONTROL_DEFS: drawing,
hits, tracking, templates and disposal go to that tool set's keeper; its part code is
the one it gives.

The System 5/6 additions (vol. 3, ch. 28): ctlID and ctlMoreFlags in the record; the
target control (fCtlTarget), which MakeNextCtlTarget/MakeThisCtlTarget move and
SendEventToCtl gives events to; defProc messages sent by CallCtlDefProc and NotifyCtls
(`ControlManager.message`), which a keeper answers through its optional
handle_event(ctl, event) and change_target(ctl, gained); the ByID calls.

Look (640 mode): round-cornered buttons with a centred title, the default button
(style 1) with the heavy outer ring; a square box with an X for check boxes; a round
button with a black centre for radio buttons; a pressed control drawn inverted; an
inactive one dimmed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from iigs.memory import (read_long, read_pstring, read_word, write_long, write_pstring,
                         write_word)
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, s16, tool
from toolbox.event import read_event
from toolbox.quickdraw.pixels import checker_mask
from toolbox.toolbox import tool_state
from toolbox.window import Rect, contains, read_rect, write_rect

# defProc values of the classic NewControl (control.h)
SIMPLE_PROC = 0x00000000
CHECK_PROC = 0x02000000
RADIO_PROC = 0x04000000
SCROLL_PROC = 0x06000000
GROW_PROC = 0x08000000

# Part codes (control.h)
NO_PART = 0
SIMPLE_BUTTON = 2
CHECK_BOX = 3
RADIO_BUTTON = 4
UP_ARROW = 5
DOWN_ARROW = 6
PAGE_UP = 7
PAGE_DOWN = 8
THUMB = 0x81
SCROLL_PARTS = (UP_ARROW, DOWN_ARROW, PAGE_UP, PAGE_DOWN)

# Scroll bar flag bits (ORCA/C control.h: upFlag, downFlag, leftFlag, rightFlag, horScroll)
UP_FLAG, DOWN_FLAG, LEFT_FLAG, RIGHT_FLAG, HOR_SCROLL = 0x01, 0x02, 0x04, 0x08, 0x10
ARROW_LENGTH = 10            # an arrow's box along the bar, 640-mode pixels
MIN_THUMB = 6                # the shortest thumb
ACTION_OWN = 0xFFFFFFFF      # TrackControl's actionProc -1: the control's ctlAction
H_AXIS_ONLY, V_AXIS_ONLY = 0x0001, 0x0002   # DragRect/DragControl axis (control.h)
NO_MOVE = 0x80008000         # DragRect's answer when let go outside the slop rectangle
MODE_XOR = 2                 # QuickDraw's patXor pen mode, for the drag outline
GROW_BOX_SIZE = (10, 26)     # GrowSize: the size box's height and width (a bar's width)

CTL_INVISIBLE = 0x80
INACTIVE_HILITE = 255
DEFAULT_BUTTON_STYLE = 1

CTL_REC_SIZE = 64
CTL_VERSION = 0x0300
# CtlRec field offsets (control.h)
CTL_OWNER, CTL_RECT, CTL_FLAG, CTL_HILITE, CTL_VALUE = 0x04, 0x08, 0x10, 0x11, 0x12
CTL_PROC, CTL_ACTION, CTL_DATA, CTL_REFCON = 0x14, 0x18, 0x1C, 0x20
CTL_ID, CTL_MORE_FLAGS = 0x38, 0x3C      # after ctlColor (+$24) and 16 reserved bytes

# ctlMoreFlags bits (control.h)
F_CTL_TARGET = 0x8000        # the current target of typing
F_CTL_CAN_BE_TARGET = 0x4000
F_CTL_WANT_EVENTS = 0x2000   # SendEventToCtl offers it events

CTL_NOT_FOUND = 0x1004       # a handle that is not a control (Control Manager errors)
# Control Manager errors (control.h)
NO_CTL_ERROR = 0x1004        # no controls in the window
NO_CTL_TARGET_ERROR = 0x1006
CAN_NOT_BE_TARGET_ERROR = 0x1008
NO_SUCH_ID_ERROR = 0x1009
NO_CTL_TO_BE_TARGET_ERROR = 0x100B
NO_WIND_ERR = 0x100C

# defProc messages (control.h), as CallCtlDefProc and NotifyCtls send them
DRAW_CTL, CALC_C_RECT, TEST_CTL, INIT_CTL, DISP_CTL = 0, 1, 2, 3, 4
NEW_VALUE, SET_PARAMS, MOVE_CTL, REC_SIZE = 9, 10, 11, 12
CTL_HANDLE_EVENT, CTL_CHANGE_TARGET, CTL_CHANGE_BOUNDS = 13, 14, 15

BLACK = 0
WHITE = 3



class ControlDef(NamedTuple):
    """A control definition another tool set keeps (CONTROL_DEFS).

    part:     the part code a hit on such a control answers
    keeper:   the Toolbox -> the object that keeps them, with draw(qd, ctl),
              part_at(ctl, v, h), track(ctl, v, h) (a local point), follow(ctl) (the
              CtlRec changed), dispose(ctl) and from_template(tb, owner, address).
              dispose frees what the keeper holds; the Control Manager then forgets
              the control and frees its record, unless the keeper did both itself (a
              TERecord is its control's record: TEKill's work frees it)
    own_port: False: draw(qd, ctl) is called inside the owner window's drawing context
              (its port, clipped to its content), as the Control Manager's own controls
              are drawn; True: the keeper sets its own port and clipping (TextEdit
              draws its view clipped to it, then its scroll bar as a control), so draw
              is called outside that context, with QuickDraw as it stands
    """

    part: int
    keeper: Callable[[Any], Any]
    own_port: bool = False


# The defProc family (ctlProc & $7F000000) -> its definition (the List Manager's list
# control, TextEdit's editTextControl), registered by the tool set that keeps them.
CONTROL_DEFS: dict[int, ControlDef] = {}


def control_def_entry(ctl: "Control") -> ControlDef | None:
    """The definition of a control another tool set keeps, or None."""
    return CONTROL_DEFS.get(ctl.proc & 0x7F000000)

BOX_WIDTH = 12               # check box / radio button, 640-mode pixels (2:1 aspect)
BOX_HEIGHT = 8
TITLE_GAP = 6


@dataclass
class Control:
    """One control and the CtlRec that mirrors it."""

    handle: int
    owner: int               # WindowPtr
    rect: Rect               # local to the owner
    title: bytes
    flag: int
    value: int
    proc: int
    refcon: int = 0
    hilite: int = 0
    ctl_id: int = 0
    action: int = 0          # ctlAction
    view_size: int = 0       # scroll bars: ctlData's low word
    data_size: int = 0       #   and high word
    title_ptr: int = 0       # where the program keeps the title (GetCtlTitle)
    more_flags: int = 0      # ctlMoreFlags (target, events)
    data: int | None = None  # ctlData as another tool set keeps it (an editLine's record)

    def ctl_data(self) -> int:
        """ctlData: a keeper's own value, a scroll bar's sizes, or the title pointer of
        a button, check box or radio button (what GetCtlTitle answers)."""
        if self.data is not None:
            return self.data
        if self.is_scroll_bar or control_def_entry(self) is not None:
            return self.data_size << 16 | self.view_size
        return self.title_ptr

    @property
    def kind(self) -> int:
        """The part code a hit on this control reports (a scroll bar: SCROLL_PROC)."""
        if self.is_scroll_bar:
            return SCROLL_PROC
        if control_def_entry(self) is not None:
            return control_def_entry(self).part
        return {CHECK_PROC: CHECK_BOX, RADIO_PROC: RADIO_BUTTON}.get(
            self.proc & 0x7F000000, SIMPLE_BUTTON)

    @property
    def is_scroll_bar(self) -> bool:
        return self.proc & 0x7F000000 == SCROLL_PROC

    @property
    def max_value(self) -> int:
        """A scroll bar's largest value: dataSize - viewSize (0 when all is in view)."""
        return max(0, self.data_size - self.view_size)

    @property
    def visible(self) -> bool:
        return not self.flag & CTL_INVISIBLE

    @property
    def active(self) -> bool:
        return self.hilite != INACTIVE_HILITE

    @property
    def family(self) -> int:
        return self.flag & 0x7F

    def hit_rect(self) -> Rect:
        t, l, b, r = self.rect
        if self.kind == SIMPLE_BUTTON and self.flag & 0x03 == DEFAULT_BUTTON_STYLE:
            return (t - 3, l - 4, b + 3, r + 4)
        return self.rect


@tool_state("ctl")
class ControlManager:
    """Every control, in creation order (newest first in a window, as the ROM keeps)."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.controls: dict[int, Control] = {}
        self.dpage = 0               # CtlStartUp's direct page (GetCtlDpage)
        self.icon_font = 0           # SetCtlIcons' font handle
        self.param_ptr = 0           # SetCtlParamPtr's substitution array

    def start_up(self, user_id: int, dpage: int) -> None:
        """CtlStartUp: the direct page it was given is kept (GetCtlDpage)."""
        self.dpage = dpage

    # -- records ----------------------------------------------------------------------
    def control(self, handle: int) -> Control:
        ctl = self.controls.get(handle)
        if ctl is None:
            raise ToolError(CTL_NOT_FOUND, f"${handle:06X} is not a control")
        return ctl

    def control_def(self, ctl: Control):
        """The keeper of `ctl` when another tool set defines it (a list: the List
        Manager), or None."""
        entry = control_def_entry(ctl)
        return entry.keeper(self.tb) if entry is not None else None

    def in_window(self, window: int) -> list[Control]:
        return [c for c in self.controls.values() if c.owner == window]

    def new_control(self, owner: int, rect: Rect, title: bytes, flag: int, value: int,
                    proc: int, refcon: int = 0, title_ptr: int = 0) -> Control:
        handle = self.tb.mm.new_handle(CTL_REC_SIZE, self.tb.wm.user_id or 0x1000, 0xC000)
        ctl = Control(handle, owner, rect, title, flag & 0xFF, value, proc, refcon,
                      title_ptr=title_ptr)
        self.controls[handle] = ctl
        self.sync(ctl)
        if ctl.kind == RADIO_BUTTON and value:
            self.set_value(ctl, 1, redraw=False)
        return ctl

    def sync(self, ctl: Control) -> None:
        """Keep the CtlRec in memory equal to the Python state."""
        mem = self.tb.mem
        ptr = self.tb.mm.deref(ctl.handle)
        write_long(mem, ptr + CTL_OWNER, ctl.owner)
        write_rect(mem, ptr + CTL_RECT, ctl.rect)
        mem[ptr + CTL_FLAG] = ctl.flag & 0xFF
        mem[ptr + CTL_HILITE] = ctl.hilite & 0xFF
        write_word(mem, ptr + CTL_VALUE, ctl.value)
        write_long(mem, ptr + CTL_PROC, ctl.proc)
        write_long(mem, ptr + CTL_ACTION, ctl.action)
        write_long(mem, ptr + CTL_DATA, ctl.ctl_data())
        write_long(mem, ptr + CTL_REFCON, ctl.refcon)
        write_long(mem, ptr + CTL_ID, ctl.ctl_id)
        write_word(mem, ptr + CTL_MORE_FLAGS, ctl.more_flags)
        if self.control_def(ctl) is not None:      # its parts follow (a list's bar)
            self.control_def(ctl).follow(ctl)

    def dispose(self, ctl: Control) -> None:
        if self.control_def(ctl) is not None:
            self.control_def(ctl).dispose(ctl)
        if self.controls.pop(ctl.handle, None) is not None:   # not gone with its keeper's
            self.tb.mm.dispose(ctl.handle)

    def kill_controls(self, window: int) -> None:
        for ctl in self.in_window(window):
            self.dispose(ctl)

    # -- values -----------------------------------------------------------------------
    def set_value(self, ctl: Control, value: int, redraw: bool = True) -> None:
        if ctl.is_scroll_bar:                 # pinned to the bar's range
            value = min(max(s16(value), 0), ctl.max_value)
        ctl.value = value & 0xFFFF
        self.sync(ctl)
        if redraw:
            self.draw(ctl)
        if ctl.kind == RADIO_BUTTON and value:
            for other in self.in_window(ctl.owner):
                if other is not ctl and other.kind == RADIO_BUTTON and \
                        other.family == ctl.family and other.value:
                    other.value = 0
                    self.sync(other)
                    if redraw:
                        self.draw(other)

    def show(self, ctl: Control, shown: bool) -> None:
        """ShowControl: visible and drawn; HideControl (and DisposeControl before the
        control goes): erased where it was, then invisible."""
        if not shown and ctl.visible:
            self.erase(ctl)
        ctl.flag = ctl.flag & ~CTL_INVISIBLE if shown else ctl.flag | CTL_INVISIBLE
        self.sync(ctl)
        if shown:
            self.draw(ctl)

    def set_hilite(self, ctl: Control, state: int) -> None:
        ctl.hilite = state & 0xFF
        self.sync(ctl)
        self.draw(ctl)

    def move(self, ctl: Control, v: int, h: int) -> None:
        """MoveControl's core: erased where it was, its rectangle's top left put at the
        local (v, h) (the size kept), drawn there; a keeper's parts follow (sync)."""
        if ctl.visible:
            self.erase(ctl)
        t, l, b, r = ctl.rect
        ctl.rect = (v, h, v + b - t, h + r - l)
        self.sync(ctl)
        self.draw(ctl)

    # -- the target control (Toolbox Reference vol. 3, ch. 28) ------------------------
    def front_controls(self) -> list[Control]:
        """The controls of the front window (noWind_Err without one, noCtlError when
        it has none)."""
        win = self.tb.wm.front()
        if win is None:
            raise ToolError(NO_WIND_ERR, "there is no front window")
        ctls = self.in_window(win.ptr)
        if not ctls:
            raise ToolError(NO_CTL_ERROR, f"no controls in window ${win.ptr:06X}")
        return ctls

    def target(self, ctls: list[Control]) -> Control | None:
        return next((c for c in ctls if c.more_flags & F_CTL_TARGET), None)

    def make_target(self, ctl: Control) -> None:
        """`ctl` becomes its window's target: the old target is told it lost it
        (ctlChangeTarget), the new one that it has it (an editLine's caret shows)."""
        if not ctl.more_flags & F_CTL_CAN_BE_TARGET:
            raise ToolError(CAN_NOT_BE_TARGET_ERROR, f"${ctl.handle:06X} cannot be target")
        old = self.target(self.in_window(ctl.owner))
        if old is ctl:
            return
        if old is not None:
            old.more_flags &= ~F_CTL_TARGET
            self.sync(old)
            self.message(old, CTL_CHANGE_TARGET, 0)
        ctl.more_flags |= F_CTL_TARGET
        self.sync(ctl)
        self.message(ctl, CTL_CHANGE_TARGET, 1)

    def send_event(self, window: int, event_ptr: int, target_only: bool) -> bool:
        """SendEventToCtl's core: the event offered (ctlHandleEvent) to the target, then,
        unless target_only, to each control that wants events, until one takes it."""
        ctls = self.in_window(window)
        offered = [c for c in ctls if c.more_flags & F_CTL_TARGET]
        if not target_only:
            offered += [c for c in ctls if c.more_flags & F_CTL_WANT_EVENTS
                        and not c.more_flags & F_CTL_TARGET]
        return any(self.message(c, CTL_HANDLE_EVENT, event_ptr) for c in offered)

    # -- defProc messages (CallCtlDefProc, NotifyCtls) ---------------------------------
    def message(self, ctl: Control, message: int, param: int) -> int:
        """A defProc message to `ctl` as its definition answers it: draw, hit test (the
        local point in param, v in the low word), new value, new scroll bar sizes
        (data size high, view size low), move (the new top left, v low), record size,
        an event (param the EventRecord's address: 1 when taken), the target gained
        (param nonzero) or lost, new bounds (param a Rect's address). The messages of
        the definitions' internal steps (calcCRect, initCtl, dispCtl, posCtl,
        thumbCtl, dragCtl, autoTrack, ...) answer 0 and change nothing."""
        keeper = self.control_def(ctl)
        if message == DRAW_CTL:
            self.draw(ctl)
        elif message == TEST_CTL:
            return self.part_at(ctl, s16(param & 0xFFFF), s16(param >> 16)) \
                if ctl.visible and ctl.active else NO_PART
        elif message == NEW_VALUE:
            self.set_value(ctl, param & 0xFFFF)
        elif message == SET_PARAMS and ctl.is_scroll_bar:
            ctl.data_size, ctl.view_size = param >> 16, param & 0xFFFF
            self.set_value(ctl, ctl.value)
        elif message == MOVE_CTL:
            self.move(ctl, s16(param & 0xFFFF), s16(param >> 16))
        elif message == REC_SIZE:
            return CTL_REC_SIZE
        elif message == CTL_CHANGE_BOUNDS:
            if ctl.visible:
                self.erase(ctl)
            ctl.rect = read_rect(self.tb.mem, param)
            self.sync(ctl)
            self.draw(ctl)
        elif message == CTL_HANDLE_EVENT and hasattr(keeper, "handle_event"):
            return int(bool(keeper.handle_event(ctl, read_event(self.tb.mem, param))))
        elif message == CTL_CHANGE_TARGET and hasattr(keeper, "change_target"):
            keeper.change_target(ctl, bool(param))
        return 0

    # -- dragging (DragRect, DragControl) ----------------------------------------------
    def drag_rect(self, port: int, start: tuple[int, int], rect: Rect, limit: Rect,
                  slop: Rect, axis: int) -> tuple[int, int] | None:
        """DragRect's core in `port`'s local coordinates: a grey outline of `rect`
        follows the mouse (along one axis when asked), kept inside `limit`; the
        distance it moved when the button comes up, None when the mouse was let go
        outside `slop` (the outline gone, nothing moved)."""
        wm = self.tb.wm
        qd = self.tb.qd
        win = wm.find(port)
        v0, h0 = start
        t, l, b, r = rect

        def delta(v: int, h: int) -> tuple[int, int] | None:
            if not contains(slop, v, h):
                return None
            dv = 0 if axis == H_AXIS_ONLY else v - v0
            dh = 0 if axis == V_AXIS_ONLY else h - h0
            dv = min(max(dv, limit[0] - t), limit[2] - b)
            dh = min(max(dh, limit[1] - l), limit[3] - r)
            return dv, dh

        def outline(d: tuple[int, int]) -> None:
            if win is None:
                return
            with wm.window_drawing(win, wm.local_content(win)):
                qd.SetPenMode(MODE_XOR)
                qd.SetSolidPenPat(WHITE)
                qd.FrameRect((t + d[0], l + d[1], b + d[0], r + d[1]))
                qd.SetPenMode(0)

        shown = None
        for gv, gh in self.tb.em.track():
            now = delta(*wm.local_point(port, gv, gh))
            if now != shown:
                if shown is not None:
                    outline(shown)
                if now is not None:
                    outline(now)
                shown = now
                wm.present_frame()
        if shown is not None:
            outline(shown)
        return delta(*wm.local_mouse(port))

    # -- hits -------------------------------------------------------------------------
    def find(self, window: int, v: int, h: int) -> tuple[int, Control | None]:
        """FindControl's core for a point local to `window`."""
        for ctl in reversed(self.in_window(window)):
            if ctl.visible and ctl.active and contains(ctl.hit_rect(), v, h):
                return self.part_at(ctl, v, h), ctl
        return NO_PART, None

    def part_at(self, ctl: Control, v: int, h: int) -> int:
        """The part of `ctl` under a local point (a scroll bar's arrows, page areas,
        thumb; another control's one part), NO_PART outside it."""
        if not contains(ctl.hit_rect(), v, h):
            return NO_PART
        if self.control_def(ctl) is not None:
            return self.control_def(ctl).part_at(ctl, v, h)
        if not ctl.is_scroll_bar:
            return ctl.kind
        geo = scroll_geometry(ctl)
        at = h if geo.horizontal else v
        if at < geo.track_start:
            return UP_ARROW if geo.has_start_arrow else NO_PART
        if at >= geo.track_end:
            return DOWN_ARROW if geo.has_end_arrow else NO_PART
        if geo.thumb is None:
            return NO_PART
        if at < geo.thumb[0]:
            return PAGE_UP
        if at >= geo.thumb[1]:
            return PAGE_DOWN
        return THUMB

    def call_action(self, ctl: Control, proc: int, part: int) -> None:
        """Call an action procedure in the program: (theControl:L, partCode:W),
        Pascal order (the handle pushed first, high word before low)."""
        if callable(proc):                    # another tool set's own (the list's bar)
            proc(ctl, part)
            return
        machine = self.tb.machine
        if machine is None or not proc:
            return
        machine.call(proc, stack_args=[ctl.handle >> 16, ctl.handle & 0xFFFF, part])

    def track(self, ctl: Control, action: int = 0, v: int | None = None,
              h: int | None = None) -> int:
        """TrackControl's core: show the control pressed while the mouse is over it;
        the part code if released inside, else 0. A scroll bar is tracked by the part
        the press (local v, h; else where the mouse is) hit (track_scroll)."""
        if ctl.is_scroll_bar:
            return self.track_scroll(ctl, action, v, h)
        wm = self.tb.wm
        if self.control_def(ctl) is not None:
            if v is None or h is None:
                v, h = wm.local_mouse(ctl.owner)
            return self.control_def(ctl).track(ctl, v, h)
        inside = None
        for v, h in self.tb.em.track():
            now = contains(ctl.hit_rect(), *wm.local_point(ctl.owner, v, h))
            if now != inside:
                inside = now
                self.draw(ctl, pressed=now)
                wm.present_frame()
        released_in = contains(ctl.hit_rect(), *wm.local_mouse(ctl.owner))
        if inside:
            self.draw(ctl, pressed=False)
        return ctl.kind if released_in else NO_PART

    def track_scroll(self, ctl: Control, action: int, v: int | None,
                     h: int | None) -> int:
        """A scroll bar pressed: an arrow or page area calls the action procedure
        (ACTION_OWN: the control's ctlAction) now and for every step the mouse stays
        in the part, and answers the part if the button comes up in it; the thumb
        follows the mouse along the track and, let go, sets the value its place
        stands for (THUMB), or nothing when it went back where it was."""
        wm = self.tb.wm
        proc = ctl.action if action == ACTION_OWN else action

        def local() -> tuple[int, int]:
            return wm.local_mouse(ctl.owner)

        if v is None or h is None:
            v, h = local()
        part = self.part_at(ctl, v, h)
        if part == NO_PART:
            for _ in self.tb.em.track():
                pass
            return NO_PART
        if part == THUMB:
            start_value, start_at = ctl.value, (h if scroll_geometry(ctl).horizontal else v)
            moved = start_value
            for _ in self.tb.em.track():
                lv, lh = local()
                moved = thumb_value(ctl, start_value,
                                    (lh if scroll_geometry(ctl).horizontal else lv) - start_at)
                if moved != ctl.value:
                    self.set_value(ctl, moved)
                    wm.present_frame()
            lv, lh = local()
            moved = thumb_value(ctl, start_value,
                                (lh if scroll_geometry(ctl).horizontal else lv) - start_at)
            self.set_value(ctl, moved)
            return THUMB if moved != start_value else NO_PART
        self.draw(ctl, pressed_part=part)
        self.call_action(ctl, proc, part)
        first = True
        for _ in self.tb.em.track():
            if first:                         # the press itself was called above
                first = False
                continue
            lv, lh = local()
            inside = self.part_at(ctl, lv, lh) == part
            self.draw(ctl, pressed_part=part if inside else NO_PART)
            self.call_action(ctl, proc, part if inside else NO_PART)
            wm.present_frame()
        lv, lh = local()
        released_in = self.part_at(ctl, lv, lh) == part
        self.draw(ctl)
        return part if released_in else NO_PART

    # -- drawing ----------------------------------------------------------------------
    def draw_all(self, window: int) -> None:
        for ctl in self.in_window(window):
            self.draw(ctl)

    def draw(self, ctl: Control, pressed: bool = False, pressed_part: int = NO_PART) -> None:
        wm = self.tb.wm
        qd = self.tb.qd
        win = wm.find(ctl.owner)
        if win is None or not win.visible:
            return
        if not ctl.visible:       # an invisible control draws nothing (DrawControls
            return                #   passes it by); HideControl erases it (erase)
        entry = control_def_entry(ctl)
        if entry is not None and entry.own_port:    # it sets its own port and clipping
            entry.keeper(self.tb).draw(qd, ctl)
            return
        with wm.window_drawing(win, wm.local_content(win)):
            qd.SetPenMode(0)
            qd.SetTextFace(0)
            if ctl.is_scroll_bar:
                self._draw_scroll_bar(qd, ctl, pressed_part)
            elif self.control_def(ctl) is not None:
                self.control_def(ctl).draw(qd, ctl)
            elif ctl.kind == SIMPLE_BUTTON:
                self._draw_button(qd, ctl, pressed)
            else:
                self._draw_box(qd, ctl, pressed)
            if not ctl.active:
                _dim(qd, ctl.hit_rect())

    def erase(self, ctl: Control) -> None:
        """The control's area painted white (HideControl, DisposeControl)."""
        wm = self.tb.wm
        qd = self.tb.qd
        win = wm.find(ctl.owner)
        if win is None or not win.visible:
            return
        with wm.window_drawing(win, wm.local_content(win)):
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(ctl.hit_rect())

    def _draw_button(self, qd, ctl: Control, pressed: bool) -> None:
        t, l, b, r = ctl.rect
        style = ctl.flag & 0x03
        corner = (10, 6) if style in (0, 1) else (0, 0)
        if style == DEFAULT_BUTTON_STYLE:
            ring = ctl.hit_rect()
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(ring)
            qd.SetSolidPenPat(BLACK)
            qd.PaintRRect(ring, 16, 10)
            qd.SetSolidPenPat(WHITE)
            qd.PaintRRect((t - 1, l - 2, b + 1, r + 2), 14, 8)
        qd.SetSolidPenPat(BLACK if pressed else WHITE)
        qd.PaintRRect(ctl.rect, *corner)
        qd.SetSolidPenPat(BLACK)
        qd.FrameRRect(ctl.rect, *corner)
        width = qd.StringWidth(ctl.title)
        qd.SetForeColor(WHITE if pressed else BLACK)
        qd.SetBackColor(BLACK if pressed else WHITE)
        qd.MoveTo((l + r - width) // 2, (t + b) // 2 + 4)
        qd.DrawString(ctl.title)
        qd.SetForeColor(BLACK)
        qd.SetBackColor(WHITE)

    def _draw_box(self, qd, ctl: Control, pressed: bool) -> None:
        t, l, b, r = ctl.rect
        top = (t + b - BOX_HEIGHT) // 2
        box = (top, l, top + BOX_HEIGHT, l + BOX_WIDTH)
        qd.SetSolidPenPat(WHITE)
        qd.PaintRect(ctl.rect)
        qd.SetSolidPenPat(BLACK)
        if ctl.kind == CHECK_BOX:
            qd.FrameRect(box)
            if pressed:
                qd.FrameRect((box[0] + 1, box[1] + 2, box[2] - 1, box[3] - 2))
            if ctl.value:
                # the X: two diagonals corner to corner
                qd.MoveTo(box[1] + 2, box[0] + 1)
                qd.LineTo(box[3] - 3, box[2] - 2)
                qd.MoveTo(box[3] - 3, box[0] + 1)
                qd.LineTo(box[1] + 2, box[2] - 2)
        else:
            qd.FrameOval(box)
            if pressed:
                qd.FrameOval((box[0] + 1, box[1] + 2, box[2] - 1, box[3] - 2))
            if ctl.value:
                qd.PaintOval((box[0] + 2, box[1] + 3, box[2] - 2, box[3] - 3))
        qd.SetForeColor(BLACK)
        qd.SetBackColor(WHITE)
        qd.MoveTo(box[3] + TITLE_GAP, (t + b) // 2 + 4)
        qd.DrawString(ctl.title)


    def _draw_scroll_bar(self, qd, ctl: Control, pressed_part: int) -> None:
        """The frame, an arrow box at each end it has (a triangle, filled while it is
        pressed), the track in grey (white when all is in view) and the thumb, a
        white box, as long against the track as the view against the data."""
        geo = scroll_geometry(ctl)
        t, l, b, r = ctl.rect

        def span(a: int, z: int) -> Rect:     # a stretch along the bar, full width
            return (t, a, b, z) if geo.horizontal else (a, l, z, r)

        qd.SetSolidPenPat(WHITE)
        qd.PaintRect(ctl.rect)
        track = span(geo.track_start, geo.track_end)
        if geo.thumb is not None:
            grey = (track[0] + 1, track[1] + 1, track[2] - 1, track[3] - 1)
            qd.SetSolidPenPat(BLACK)      # the grey track: (y, x) with x - left and y alike
            qd.PaintMasked(grey, checker_mask(grey[2] - grey[0], grey[3] - grey[1],
                                              grey[0] & 1))
            thumb = span(*geo.thumb)
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(thumb)
            qd.SetSolidPenPat(BLACK)
            qd.FrameRect(thumb)
        qd.SetSolidPenPat(BLACK)
        qd.FrameRect(ctl.rect)
        for start, has, part in ((True, geo.has_start_arrow, UP_ARROW),
                                 (False, geo.has_end_arrow, DOWN_ARROW)):
            if not has:
                continue
            box = span(geo.a0, geo.track_start) if start else span(geo.track_end, geo.a1)
            qd.FrameRect(box)
            _arrow(qd, box, geo.horizontal, start, filled=pressed_part == part)


@dataclass
class ScrollGeometry:
    """A scroll bar laid out along its length (v for a vertical bar, h for a
    horizontal one): the ends, the track between the arrows, the thumb's span."""
    horizontal: bool
    a0: int
    a1: int
    track_start: int
    track_end: int
    thumb: tuple[int, int] | None          # None: nothing to scroll (no thumb)
    has_start_arrow: bool
    has_end_arrow: bool


def scroll_geometry(ctl: Control) -> ScrollGeometry:
    t, l, b, r = ctl.rect
    horizontal = bool(ctl.flag & HOR_SCROLL)
    a0, a1 = (l, r) if horizontal else (t, b)
    start_arrow = bool(ctl.flag & (LEFT_FLAG if horizontal else UP_FLAG))
    end_arrow = bool(ctl.flag & (RIGHT_FLAG if horizontal else DOWN_FLAG))
    ts = a0 + (ARROW_LENGTH if start_arrow else 0)
    te = a1 - (ARROW_LENGTH if end_arrow else 0)
    thumb = None
    length = te - ts
    if ctl.max_value > 0 and ctl.data_size > 0 and length > MIN_THUMB:
        size = max(MIN_THUMB, length * ctl.view_size // ctl.data_size)
        at = ts + (length - size) * min(ctl.value, ctl.max_value) // ctl.max_value
        thumb = (at, at + size)
    return ScrollGeometry(horizontal, a0, a1, ts, te, thumb, start_arrow, end_arrow)


def thumb_value(ctl: Control, start_value: int, moved: int) -> int:
    """The value the thumb stands for once dragged `moved` pixels from where it was
    when its value was `start_value` (pinned to the range)."""
    geo = scroll_geometry(ctl)
    if geo.thumb is None:
        return ctl.value
    room = (geo.track_end - geo.track_start) - (geo.thumb[1] - geo.thumb[0])
    if room <= 0:
        return ctl.value
    value = start_value + round(moved * ctl.max_value / room)
    return min(max(value, 0), ctl.max_value)


def _arrow(qd, box: Rect, horizontal: bool, start: bool, filled: bool) -> None:
    """A small triangle in an arrow box, pointing along the bar (up/left at the start):
    black on white, or white on a black box while the arrow is pressed."""
    t, l, b, r = box
    if filled:
        qd.SetSolidPenPat(BLACK)
        qd.PaintRect((t + 1, l + 1, b - 1, r - 1))
    qd.SetSolidPenPat(WHITE if filled else BLACK)
    cv, ch = (t + b) // 2, (l + r) // 2
    for i in range(3):
        if horizontal:
            x = ch - 1 + i if start else ch + 1 - i
            qd.PaintRect((cv - i, x, cv + i + 1, x + 1))
        else:
            y = cv - 1 + i if start else cv + 1 - i
            qd.PaintRect((y, ch - 2 * i, y + 1, ch + 2 * i + 1))


def _dim(qd, rect: Rect) -> None:
    """Grey out an area: white on every other pixel (the classic inactive look), the
    pixels at (v, h) with h - left and v of the same parity, painted in one call."""
    qd.SetSolidPenPat(WHITE)
    t, l, b, r = rect
    if b <= t or r <= l:
        return
    qd.PaintMasked(rect, checker_mask(b - t, r - l, t & 1))


def _ctl(tb) -> ControlManager:
    return tb.ctl


# -- tool calls (Toolbox Reference vol. 1, Control Manager) -------------------------------

# CtlStartUp(userID:W, dPageAddr:W): the direct page is GetCtlDpage's answer
(CtlBootInit, CtlStartUp, CtlShutDown, CtlVersion, CtlReset,
 CtlStatus) = register_housekeeping(0x10, "Ctl", "ctl", CTL_VERSION, "WW")


@tool(0x10, 0x09, "LLLWWWWLLL", 4)
def NewControl(tb, window: int, rect_ptr: int, title_ptr: int, flag: int, value: int,
               param1: int, param2: int, proc: int, refcon: int, color: int) -> int:
    """NewControl(theWindow:L*, boundsRect:L*, title:L*, flag:W, value:W, param1:W,
    param2:W, defProc:L*, refCon:L, ctlColorTable:L*) -> ctlHandle:L"""
    mgr = _ctl(tb)
    scroll = proc & 0x7F000000 == SCROLL_PROC
    title = read_pstring(tb.mem, title_ptr) if title_ptr and not scroll else b""
    ctl = mgr.new_control(window, read_rect(tb.mem, rect_ptr), title, flag, 0, proc,
                          refcon, title_ptr=title_ptr if not scroll else 0)
    if scroll:                  # param1 the view size, param2 the data size (ctlData)
        ctl.view_size, ctl.data_size = param1, param2
    mgr.set_value(ctl, value, redraw=False)
    mgr.draw(ctl)
    return ctl.handle


@tool(0x10, 0x0A, "L")
def DisposeControl(tb, handle: int) -> None:
    """DisposeControl(theControl:L)"""
    mgr = _ctl(tb)
    ctl = mgr.control(handle)
    mgr.show(ctl, False)
    mgr.dispose(ctl)


@tool(0x10, 0x0B, "L")
def KillControls(tb, window: int) -> None:
    """KillControls(theWindow:L*)"""
    _ctl(tb).kill_controls(window)


@tool(0x10, 0x10, "L")
def DrawControls(tb, window: int) -> None:
    """DrawControls(theWindow:L*)"""
    _ctl(tb).draw_all(window)


@tool(0x10, 0x25, "L")
def DrawOneCtl(tb, handle: int) -> None:
    """DrawOneCtl(theControl:L)"""
    mgr = _ctl(tb)
    mgr.draw(mgr.control(handle))


@tool(0x10, 0x13, "LWWL", 2)
def FindControl(tb, found_ptr: int, x: int, y: int, window: int) -> int:
    """FindControl(foundCtlPtr:L*, pointX:W, pointY:W, theWindow:L*) -> part:W

    The point is global (as TaskMaster's `where`), as ORCA's samples pass it."""
    part, ctl = _ctl(tb).find(window, *tb.wm.local_point(window, s16(y), s16(x)))
    write_long(tb.mem, found_ptr, ctl.handle if ctl is not None else 0)
    return part


@tool(0x10, 0x15, "WWLL", 2)
def TrackControl(tb, x: int, y: int, action: int, handle: int) -> int:
    """TrackControl(startX:W, startY:W, actionProc:L*, theControl:L) -> part:W

    The start point is global, as FindControl's. A scroll bar's arrows and page areas
    call actionProc (-1: the control's ctlAction) while the button is down."""
    mgr = _ctl(tb)
    ctl = mgr.control(handle)
    return mgr.track(ctl, action, *tb.wm.local_point(ctl.owner, s16(y), s16(x)))


@tool(0x10, 0x14, "WWL", 2)
def TestControl(tb, x: int, y: int, handle: int) -> int:
    """TestControl(pointX:W, pointY:W, theControl:L) -> part:W (local point)"""
    mgr = _ctl(tb)
    ctl = mgr.control(handle)
    if not (ctl.visible and ctl.active):
        return NO_PART
    return mgr.part_at(ctl, s16(y), s16(x))


@tool(0x10, 0x1B, "WWL")
def SetCtlParams(tb, param2: int, param1: int, handle: int) -> None:
    """SetCtlParams(param2:W, param1:W, theControl:L) -- a scroll bar's data size
    (param2, pushed first) and view size (param1), the order ORCA/C programs on the
    IIGS pass them; the value is pinned to the new range and the bar redrawn."""
    mgr = _ctl(tb)
    ctl = mgr.control(handle)
    if ctl.is_scroll_bar:
        ctl.data_size, ctl.view_size = param2, param1
        mgr.set_value(ctl, ctl.value, redraw=False)
    mgr.sync(ctl)
    mgr.draw(ctl)


@tool(0x10, 0x1C, "L", 4)
def GetCtlParams(tb, handle: int) -> int:
    """GetCtlParams(theControl:L) -> params:L (param2 in the high word, param1 low:
    a scroll bar's data size and view size)."""
    ctl = _ctl(tb).control(handle)
    return (ctl.data_size & 0xFFFF) << 16 | ctl.view_size & 0xFFFF


@tool(0x10, 0x20, "LL")
def SetCtlAction(tb, action: int, handle: int) -> None:
    """SetCtlAction(newAction:L*, theControl:L)"""
    _set_field(tb, handle, "action", action)


def _set_field(tb, handle: int, name: str, value: int) -> None:
    """A control's field set, and its record in memory brought in line (no drawing)."""
    mgr = _ctl(tb)
    ctl = mgr.control(handle)
    setattr(ctl, name, value)
    mgr.sync(ctl)


@tool(0x10, 0x21, "L", 4)
def GetCtlAction(tb, handle: int) -> int:
    """GetCtlAction(theControl:L) -> action:L*"""
    return _ctl(tb).control(handle).action


@tool(0x10, 0x1A, "L", 2)
def GetCtlValue(tb, handle: int) -> int:
    """GetCtlValue(theControl:L) -> value:W"""
    return _ctl(tb).control(handle).value


@tool(0x10, 0x19, "WL")
def SetCtlValue(tb, value: int, handle: int) -> None:
    """SetCtlValue(curValue:W, theControl:L)"""
    mgr = _ctl(tb)
    mgr.set_value(mgr.control(handle), value)


@tool(0x10, 0x11, "WL")
def HiliteControl(tb, state: int, handle: int) -> None:
    """HiliteControl(hiliteState:W, theControl:L): 0 active, 255 inactive."""
    mgr = _ctl(tb)
    mgr.set_hilite(mgr.control(handle), state)


@tool(0x10, 0x0F, "L")
def ShowControl(tb, handle: int) -> None:
    """ShowControl(theControl:L)"""
    mgr = _ctl(tb)
    mgr.show(mgr.control(handle), True)


@tool(0x10, 0x0E, "L")
def HideControl(tb, handle: int) -> None:
    """HideControl(theControl:L)"""
    mgr = _ctl(tb)
    mgr.show(mgr.control(handle), False)


@tool(0x10, 0x0C, "LL")
def SetCtlTitle(tb, title_ptr: int, handle: int) -> None:
    """SetCtlTitle(titlePtr:L*, theControl:L)"""
    mgr = _ctl(tb)
    ctl = mgr.control(handle)
    ctl.title = read_pstring(tb.mem, title_ptr)
    ctl.title_ptr = title_ptr
    mgr.sync(ctl)
    mgr.draw(ctl)


@tool(0x10, 0x22, "LL")
def SetCtlRefCon(tb, refcon: int, handle: int) -> None:
    """SetCtlRefCon(newRefCon:L, theControl:L)"""
    _set_field(tb, handle, "refcon", refcon)


@tool(0x10, 0x23, "L", 4)
def GetCtlRefCon(tb, handle: int) -> int:
    """GetCtlRefCon(theControl:L) -> refCon:L"""
    return _ctl(tb).control(handle).refcon


@tool(0x10, 0x39, "LW", 2)
def FindRadioButton(tb, window: int, family: int) -> int:
    """FindRadioButton(theWindow:L*, famNum:W) -> index:W (0-based in creation order
    of the family's members; $FFFF... none on, reported as 0 like an empty family)"""
    members = [c for c in _ctl(tb).in_window(window)
               if c.kind == RADIO_BUTTON and c.family == family & 0x7F]
    for i, ctl in enumerate(members):
        if ctl.value:
            return i
    return 0



# -- NewControl2 and control templates (Toolbox Reference vol. 3, ch. 28) ---------------
# A template: pCount:W (the fields after it, counted ID 1, rect 2, procRef 3, flag 4,
# moreFlags 5, refCon 6, then the proc's own), ID:L, rect, procRef:L, flag:W,
# moreFlags:W (bits 1-0: how titleRef refers to the title), refCon:L; a simple button
# then has titleRef:L, a check box or radio button titleRef:L and initialValue:W.
# referenceDesc: 0-2 one template by pointer, handle or rControlTemplate resource ID;
# 3-8 a list ending in 0, given by pointer (3-5) or handle (6-8), of templates by
# pointer, handle or resource; 9 an rControlList resource of rControlTemplate IDs.
T_ID, T_RECT, T_PROC, T_FLAG, T_MORE_FLAGS, T_REFCON, T_TITLE, T_VALUE = (
    0x02, 0x06, 0x0E, 0x12, 0x14, 0x16, 0x1A, 0x1E)
P_FLAG, P_MORE_FLAGS, P_REFCON, P_TITLE, P_VALUE = 4, 5, 6, 7, 8   # pCount needed
R_CONTROL_TEMPLATE, R_CONTROL_LIST, R_PSTRING = 0x8004, 0x8003, 0x8006
SINGLE_DESCS = (0, 1, 2)
RESOURCE_TO_RESOURCE = 9
SCROLL_BAR_CONTROL = 0x86000000
TEMPLATE_PROCS = (SIMPLE_PROC, CHECK_PROC, RADIO_PROC)
# a scroll bar template after refCon: maxSize:W (the data size), viewSize:W, initialValue:W
T_MAX_SIZE, T_VIEW_SIZE, T_INIT_VALUE = 0x1A, 0x1C, 0x1E
P_MAX_SIZE, P_VIEW_SIZE, P_INIT_VALUE = 7, 8, 9


def _templates(tb, desc: int, ref: int) -> list[int]:
    """The addresses of the templates a NewControl2 reference names."""
    from toolbox.resource import REF_HANDLE, REF_POINTER, REF_RESOURCE, ref_address
    if desc in SINGLE_DESCS:
        return [ref_address(tb, desc, ref, R_CONTROL_TEMPLATE)]
    if desc == RESOURCE_TO_RESOURCE:
        list_addr, item_type = ref_address(tb, REF_RESOURCE, ref, R_CONTROL_LIST), REF_RESOURCE
    elif 3 <= desc <= 8:
        list_addr = ref_address(tb, REF_POINTER if desc <= 5 else REF_HANDLE, ref, 0)
        item_type = (desc - 3) % 3
    else:
        raise ToolError(CTL_NOT_FOUND, f"referenceDesc {desc}")
    out, p = [], list_addr
    while read_long(tb.mem, p):
        out.append(ref_address(tb, item_type, read_long(tb.mem, p), R_CONTROL_TEMPLATE))
        p += 4
    return out


def control_from_template(tb, owner: int, addr: int) -> Control | None:
    """One control from a template (buttons, check boxes, radio buttons, scroll
    bars; another procRef is logged and not made)."""
    from toolbox.resource import ref_address
    mem = tb.mem
    count = read_word(mem, addr)
    proc = read_long(mem, addr + T_PROC)
    scroll = proc & 0x7F000000 == SCROLL_PROC and not proc & 0x00FFFFFF
    if proc & 0x7F000000 in CONTROL_DEFS and not proc & 0x00FFFFFF:
        return CONTROL_DEFS[proc & 0x7F000000].keeper(tb).from_template(tb, owner, addr)
    if not scroll and (proc & 0x7F000000 not in TEMPLATE_PROCS or proc & 0x00FFFFFF):
        tb.call_log.append(f"NewControl2: procRef ${proc:08X} not made here")
        return None

    def field(need: int, offset: int, long: bool = False) -> int:
        if count < need:
            return 0
        return read_long(mem, addr + offset) if long else read_word(mem, addr + offset)

    mgr = _ctl(tb)
    if scroll:
        ctl = mgr.new_control(owner, read_rect(mem, addr + T_RECT), b"",
                              field(P_FLAG, T_FLAG), 0, proc, field(P_REFCON, T_REFCON, True))
        ctl.data_size = field(P_MAX_SIZE, T_MAX_SIZE)
        ctl.view_size = field(P_VIEW_SIZE, T_VIEW_SIZE)
        mgr.set_value(ctl, field(P_INIT_VALUE, T_INIT_VALUE), redraw=False)
        ctl.ctl_id = read_long(mem, addr + T_ID)
        ctl.more_flags = field(P_MORE_FLAGS, T_MORE_FLAGS)
        mgr.sync(ctl)
        mgr.draw(ctl)
        return ctl
    more = field(P_MORE_FLAGS, T_MORE_FLAGS)
    title, title_ptr = b"", 0
    if field(P_TITLE, T_TITLE, True):
        title_ptr = ref_address(tb, more & 3, field(P_TITLE, T_TITLE, True), R_PSTRING)
        title = read_pstring(mem, title_ptr)
    value = field(P_VALUE, T_VALUE) if proc & 0x7F000000 != SIMPLE_PROC else 0
    mgr = _ctl(tb)
    ctl = mgr.new_control(owner, read_rect(mem, addr + T_RECT), title,
                          field(P_FLAG, T_FLAG), value, proc,
                          field(P_REFCON, T_REFCON, True), title_ptr=title_ptr)
    ctl.ctl_id = read_long(mem, addr + T_ID)
    ctl.more_flags = more
    mgr.sync(ctl)
    mgr.draw(ctl)
    return ctl


@tool(0x10, 0x31, "LWL", 4)
def NewControl2(tb, owner_ptr: int, reference_desc: int, reference: int) -> int:
    """NewControl2(ownerPtr:L, referenceDesc:W, reference:L): theCtlHandle:L -- the
    controls of one template or a list; the handle of the last one made."""
    last = 0
    for addr in _templates(tb, reference_desc, reference):
        ctl = control_from_template(tb, owner_ptr, addr)
        if ctl is not None:
            last = ctl.handle
    return last


@tool(0x10, 0x2A, "L", 4)
def GetCtlID(tb, handle: int) -> int:
    """GetCtlID(theCtlHandle:L): ctlID:L"""
    return _ctl(tb).control(handle).ctl_id


@tool(0x10, 0x2B, "LL")
def SetCtlID(tb, new_id: int, handle: int) -> None:
    """SetCtlID(newID:L, theCtlHandle:L)"""
    _set_field(tb, handle, "ctl_id", new_id)


@tool(0x10, 0x30, "LL", 4)
def GetCtlHandleFromID(tb, window: int, ctl_id: int) -> int:
    """GetCtlHandleFromID(theWindowPtr:L, ctlID:L): theCtlHandle:L"""
    for ctl in _ctl(tb).in_window(window):
        if ctl.ctl_id == ctl_id:
            return ctl.handle
    raise ToolError(CTL_NOT_FOUND, f"no control {ctl_id} in ${window:06X}")


# -- the rest of the Control Manager (Toolbox Reference vols. 1 and 3) -------------------
# A Point passed as a long (CallCtlDefProc's, DragRect's answer) has v in the low word
# and h in the high word, as it lies in memory.

def _point_long(v: int, h: int) -> int:
    return (h & 0xFFFF) << 16 | v & 0xFFFF


@tool(0x10, 0x0D, "L", 4)
def GetCtlTitle(tb, handle: int) -> int:
    """GetCtlTitle(theControl:L) -> titlePtr:L*: the title's address as the program
    gave it (NewControl, SetCtlTitle, a template's titleRef); 0 for a scroll bar."""
    return _ctl(tb).control(handle).title_ptr


@tool(0x10, 0x12)
def CtlNewRes(tb) -> None:
    """CtlNewRes(): after a change of resolution; the controls here are drawn in 640
    mode's coordinates whatever the mode, so nothing is recomputed."""


@tool(0x10, 0x16, "WWL")
def MoveControl(tb, x: int, y: int, handle: int) -> None:
    """MoveControl(newX:W, newY:W, theControl:L): the top left to the local point."""
    mgr = _ctl(tb)
    mgr.move(mgr.control(handle), s16(y), s16(x))


@tool(0x10, 0x17, "WWLLWL")
def DragControl(tb, x: int, y: int, limit_ptr: int, slop_ptr: int, axis: int,
                handle: int) -> None:
    """DragControl(startX:W, startY:W, limitRectPtr:L*, slopRectPtr:L*, axis:W,
    theControl:L): an outline dragged from the local start point (DragRect), then the
    control moved by that distance (MoveControl); nothing if let go outside slop."""
    mgr = _ctl(tb)
    ctl = mgr.control(handle)
    moved = mgr.drag_rect(ctl.owner, (s16(y), s16(x)), ctl.rect,
                          read_rect(tb.mem, limit_ptr), read_rect(tb.mem, slop_ptr), axis)
    if moved is not None and moved != (0, 0):
        mgr.move(ctl, ctl.rect[0] + moved[0], ctl.rect[1] + moved[1])


@tool(0x10, 0x1D, "LLWWLLLW", 4)
def DragRect(tb, action: int, pattern_ptr: int, x: int, y: int, rect_ptr: int,
             limit_ptr: int, slop_ptr: int, flag: int) -> int:
    """DragRect(actionProc:L*, dragPatternPtr:L*, startX:W, startY:W, dragRectPtr:L*,
    limitRectPtr:L*, slopRectPtr:L*, dragFlag:W) -> moveDelta:L: the distance the
    outline moved (v low word, h high word), $80008000 when let go outside the slop
    rectangle; local coordinates of the current port. The outline is drawn grey
    (XOR) whatever the pattern; actionProc is not called (logged)."""
    mem = tb.mem
    if action & 0xFFFFFF:
        tb.call_log.append("DragRect: actionProc not called")
    moved = _ctl(tb).drag_rect(tb.qd.GetPort(), (s16(y), s16(x)), read_rect(mem, rect_ptr),
                               read_rect(mem, limit_ptr), read_rect(mem, slop_ptr),
                               flag & (H_AXIS_ONLY | V_AXIS_ONLY))
    return NO_MOVE if moved is None else _point_long(*moved)


@tool(0x10, 0x18, "L", 4)
def SetCtlIcons(tb, font_handle: int) -> int:
    """SetCtlIcons(newFontHandle:L) -> oldFontHandle:L: the icon font the standard
    controls' arrows come from; nil only asks. The arrows here are drawn, not taken
    from the font, so the handle is kept and answered."""
    mgr = _ctl(tb)
    old = mgr.icon_font
    if font_handle:
        mgr.icon_font = font_handle
    return old


@tool(0x10, 0x1E, "", 4)
def GrowSize(tb) -> int:
    """GrowSize() -> size:L: the size box's height (low word) and width (high word)."""
    return _point_long(*GROW_BOX_SIZE)


@tool(0x10, 0x1F, "", 2)
def GetCtlDpage(tb) -> int:
    """GetCtlDpage() -> dPageAddr:W (CtlStartUp's)"""
    return _ctl(tb).dpage


@tool(0x10, 0x24, "L")
def EraseControl(tb, handle: int) -> None:
    """EraseControl(theControl:L): its area painted white; it stays visible."""
    mgr = _ctl(tb)
    mgr.erase(mgr.control(handle))


@tool(0x10, 0x26, "", 4)
def FindTargetCtl(tb) -> int:
    """FindTargetCtl() -> theControl:L: the front window's target control
    (noWind_Err, noCtlError, noCtlTargetError)."""
    mgr = _ctl(tb)
    ctl = mgr.target(mgr.front_controls())
    if ctl is None:
        raise ToolError(NO_CTL_TARGET_ERROR, "no target control")
    return ctl.handle


@tool(0x10, 0x27, "", 4)
def MakeNextCtlTarget(tb) -> int:
    """MakeNextCtlTarget() -> theControl:L: the next control after the target (in the
    order they were made, round to the first) that can be target becomes it."""
    mgr = _ctl(tb)
    ctls = mgr.front_controls()
    current = mgr.target(ctls)
    start = ctls.index(current) + 1 if current is not None else 0
    for ctl in ctls[start:] + ctls[:start]:
        if ctl.more_flags & F_CTL_CAN_BE_TARGET:
            mgr.make_target(ctl)
            return ctl.handle
    raise ToolError(NO_CTL_TO_BE_TARGET_ERROR, "no control can be target")


@tool(0x10, 0x28, "L")
def MakeThisCtlTarget(tb, handle: int) -> None:
    """MakeThisCtlTarget(theControl:L) (canNotBeTargetError without fCtlCanBeTarget)"""
    mgr = _ctl(tb)
    mgr.make_target(mgr.control(handle))


@tool(0x10, 0x29, "WLL", 2)
def SendEventToCtl(tb, target_only: int, window: int, event_ptr: int) -> int:
    """SendEventToCtl(targetOnlyFlag:W, theWindow:L*, eventPtr:L*) -> accepted:W (a
    nil window: the front one)."""
    if not window:
        win = tb.wm.front()
        if win is None:
            return 0
        window = win.ptr
    return 0xFFFF if _ctl(tb).send_event(window, event_ptr, bool(target_only)) else 0


@tool(0x10, 0x2C, "LWL", 4)
def CallCtlDefProc(tb, handle: int, message: int, param: int) -> int:
    """CallCtlDefProc(theControl:L, defProcMessage:W, param:L) -> result:L"""
    mgr = _ctl(tb)
    return mgr.message(mgr.control(handle), message, param)


@tool(0x10, 0x2D, "WWLL")
def NotifyCtls(tb, mask: int, message: int, param: int, window: int) -> None:
    """NotifyCtls(mask:W, message:W, param:L, theWindow:L*): the message to each
    control of the window with one of the mask's ctlMoreFlags bits."""
    mgr = _ctl(tb)
    for ctl in mgr.in_window(window):
        if ctl.more_flags & mask:
            mgr.message(ctl, message, param)


@tool(0x10, 0x2E, "L", 2)
def GetCtlMoreFlags(tb, handle: int) -> int:
    """GetCtlMoreFlags(theControl:L) -> moreFlags:W"""
    return _ctl(tb).control(handle).more_flags


@tool(0x10, 0x2F, "WL")
def SetCtlMoreFlags(tb, flags: int, handle: int) -> None:
    """SetCtlMoreFlags(newMoreFlags:W, theControl:L)"""
    _set_field(tb, handle, "more_flags", flags)


@tool(0x10, 0x32, "WL", 4)
def CMLoadResource(tb, res_type: int, res_id: int) -> int:
    """CMLoadResource(resType:W, resID:L) -> resHandle:L (the Resource Manager's)"""
    return tb.rm.load(res_type, res_id)


CM_RELEASE_PURGE = 3          # released purgeable, as the Control Manager releases


@tool(0x10, 0x33, "WL")
def CMReleaseResource(tb, res_type: int, res_id: int) -> None:
    """CMReleaseResource(resType:W, resID:L): unlocked and purgeable (level 3)."""
    tb.rm.release(CM_RELEASE_PURGE, res_type, res_id)


@tool(0x10, 0x34, "L")
def SetCtlParamPtr(tb, ptr: int) -> None:
    """SetCtlParamPtr(subArrayPtr:L*): the substitution strings' array (kept)."""
    _ctl(tb).param_ptr = ptr


@tool(0x10, 0x35, "", 4)
def GetCtlParamPtr(tb) -> int:
    """GetCtlParamPtr() -> subArrayPtr:L*"""
    return _ctl(tb).param_ptr


def _invalidate(tb, ctl: Control) -> None:
    """The control's rectangle added to its window's update region."""
    win = tb.wm.find(ctl.owner)
    if win is not None:
        tb.wm.invalidate(win, win.to_global_rect(ctl.hit_rect()))


@tool(0x10, 0x37, "L")
def InvalCtls(tb, window: int) -> None:
    """InvalCtls(theWindow:L*): every control's area to be redrawn (an update)."""
    for ctl in _ctl(tb).in_window(window):
        _invalidate(tb, ctl)


def _by_id(tb, window: int, ctl_id: int) -> Control:
    for ctl in _ctl(tb).in_window(window):
        if ctl.ctl_id == ctl_id:
            return ctl
    raise ToolError(NO_SUCH_ID_ERROR, f"no control {ctl_id} in ${window:06X}")


def _edit_line(tb, window: int, ctl_id: int) -> tuple[Control, Any]:
    """An editLine control, by ID, and its LineEdit record."""
    ctl = _by_id(tb, window, ctl_id)
    rec = tb.le.by_control.get(ctl.handle)
    if rec is None:
        raise ToolError(NO_SUCH_ID_ERROR, f"control {ctl_id} is not an editLine control")
    return ctl, rec


@tool(0x10, 0x3A, "LLL")
def SetLETextByID(tb, window: int, ctl_id: int, text_ptr: int) -> None:
    """SetLETextByID(windPtr:L*, leCtlID:L, textPtr:L*): an editLine control's text
    from a Pascal string, drawn."""
    ctl, rec = _edit_line(tb, window, ctl_id)
    rec.model.set_text(read_pstring(tb.mem, text_ptr))
    tb.le.sync_text(rec)
    _ctl(tb).draw(ctl)


@tool(0x10, 0x3B, "LLL")
def GetLETextByID(tb, window: int, ctl_id: int, text_ptr: int) -> None:
    """GetLETextByID(windPtr:L*, leCtlID:L, textPtr:L*): the text as a Pascal string."""
    write_pstring(tb.mem, text_ptr, _edit_line(tb, window, ctl_id)[1].model.text[:255])


@tool(0x10, 0x3C, "WLL")
def SetCtlValueByID(tb, value: int, window: int, ctl_id: int) -> None:
    """SetCtlValueByID(curValue:W, windPtr:L*, ctlID:L)"""
    _ctl(tb).set_value(_by_id(tb, window, ctl_id), value)


@tool(0x10, 0x3D, "LL", 2)
def GetCtlValueByID(tb, window: int, ctl_id: int) -> int:
    """GetCtlValueByID(windPtr:L*, ctlID:L) -> value:W"""
    return _by_id(tb, window, ctl_id).value


@tool(0x10, 0x3E, "LL")
def InvalOneCtlByID(tb, window: int, ctl_id: int) -> None:
    """InvalOneCtlByID(windPtr:L*, ctlID:L)"""
    _invalidate(tb, _by_id(tb, window, ctl_id))


@tool(0x10, 0x3F, "WLL")
def HiliteCtlByID(tb, state: int, window: int, ctl_id: int) -> None:
    """HiliteCtlByID(hiliteState:W, windPtr:L*, ctlID:L)"""
    _ctl(tb).set_hilite(_by_id(tb, window, ctl_id), state)
