"""List Manager (tool set $1C): scrolling lists of members in windows and dialogs.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 11 "List Manager" and vol. 3
(the *2 calls, ListKey, CompareStrings), with the record offsets of Apple's E16.List
equates and the call signatures of the ORCA/Pascal interface.

A list is a control (the list control, defProc family $09: listControl $89000000)
with a vertical scroll bar of its own. The program describes the list in a ListRec
and calls CreateList, which makes the two controls in the window and draws them:

    ListRec  +$00 listRect:Rect  +$08 listSize:W  +$0A listView:W  +$0C listType:W
             +$0E listStart:W  +$10 listCtl:L  +$14 listDraw:L  +$18 listMemHeight:W
             +$1A listMemSize:W  +$1C listPointer:L  +$20 listRefCon:L
             +$24 listScrollClr:L
    MemRec   +$00 memPtr:L (the member's string)  +$04 memFlag:B (bit 7 selected,
             bit 6 disabled)  ... listMemSize bytes in all, the program's own after
    ListCtlRec = a CtlRec (ctlValue: listStart, ctlData: listView low word, listSize
             high word, ctlFlag: listType, ctlRefCon: listRefCon) then
             +$28 ctlMemDraw:L  +$2C ctlMemHeight:W  +$2E ctlMemSize:W  +$30 ctlList:L
             +$34 ctlListBar:L (the scroll bar's handle)

listType bit 0: the members' strings are C strings (else Pascal strings); bit 1: only
one member may be selected. The list rectangle holds the members and, at its right
edge, the scroll bar (SCROLL_WIDTH wide); listView 0 means as many members as fit.
listStart (1 = the first member at the top) follows the scroll bar, and is written
back to the ListRec as the user scrolls.

Clicks (TrackControl, FindControl's part LIST_PART; ModalDialog tracks a list in a
dialog by itself): on a member, it is selected and every other one deselected; in a
list that allows more, dragging selects the range from the member first pressed (held
above or below the list, it scrolls a member at a time), Shift-click selects the range
from the member last pressed, Apple-click turns one member on or off and leaves the
others. A disabled member cannot be selected. On the scroll bar, the arrows move one
member, the page areas a view's worth less one, the thumb as far as it is dragged.
ListKey moves the selection with the up and down arrows and to the first member whose
string starts with a typed character, scrolling it into view.

A listDraw routine of the program's draws each member: it is called with the member's
rectangle pointer, the member pointer and the list control's handle pushed in that
order and removes them (Pascal convention). Without one, the member's string is drawn,
inverted when selected, dimmed when disabled.

SortList orders the members by their strings, case ignored (CompareStrings' order),
when its compareProc is nil. Otherwise the program's routine decides: it is called (JSL,
full native mode, 16-bit registers) with two member record pointers pushed, the first
member's then the second's, and removes them (Pascal convention) before its RTL; it
answers in the carry flag, clear when the first member sorts before the second, set
when it does not (a CMP of the first's key against the second's gives just that; the
convention is still to be checked against the Toolbox Reference's SortList page). The
members are ordered by those answers (a stable sort: members the routine calls equal
keep their order), then the records are moved whole. CompareStrings(flags, str1, str2)
compares two Pascal strings: $FFFF when the first sorts before the second, 0 when they
are equal, 1 after; flags bit 0 makes case matter.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter

from iigs.memory import (read_bytes, read_cstring, read_long, read_pstring, read_word,
                         write_long, write_word)
from toolbox import control
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state
from toolbox.window import read_rect, write_rect

TOOLSET = 0x1C
R_LIST_REF = 0x801C               # NewList2 listRefDesc 2: the member records resource
LIST_VERSION = 0x0301

LIST_PROC = 0x09000000           # the list control's defProc family (listControl)
LIST_CONTROL = 0x89000000        # its procRef in control templates
LIST_PART = 0x0B                 # FindControl/TrackControl's part code for a list
LIST_DEF_PROC = 0x00FE1C00       # GetListDefProc's answer (NewControl takes it)
SCROLL_WIDTH = 26                # the list's scroll bar, 640-mode pixels
DEFAULT_MEM_HEIGHT = 10
MIN_MEM_SIZE = 5
TEXT_INDENT = 4
BASELINE = 8                     # from a member's top to the text's baseline

C_STRINGS, SELECT_ONE = 0x0001, 0x0002          # listType bits
MEM_SELECTED, MEM_DISABLED = 0x80, 0x40         # memFlag bits
CASE_MATTERS = 0x0001                           # CompareStrings flags bit 0
UP_ARROW_KEY, DOWN_ARROW_KEY = 0x0B, 0x0A
APPLE_KEY, SHIFT_KEY = 0x0100, 0x0200           # event modifiers
KEY_DOWN, AUTO_KEY = 3, 5

# ListRec fields
L_RECT, L_SIZE, L_VIEW, L_TYPE, L_START = 0x00, 0x08, 0x0A, 0x0C, 0x0E
L_CTL, L_DRAW, L_MEM_HEIGHT, L_MEM_SIZE = 0x10, 0x14, 0x18, 0x1A
L_POINTER, L_REFCON, L_SCROLL_CLR = 0x1C, 0x20, 0x24
# ListCtlRec fields past the CtlRec's
C_MEM_DRAW, C_MEM_HEIGHT, C_MEM_SIZE, C_LIST, C_LIST_BAR = 0x28, 0x2C, 0x2E, 0x30, 0x34
# The list control template (NewControl2), after the 26-byte common header
T_SIZE, T_VIEW, T_TYPE, T_START, T_DRAW = 0x1A, 0x1C, 0x1E, 0x20, 0x22
T_MEM_HEIGHT, T_MEM_SIZE, T_REF = 0x26, 0x28, 0x2A

BLACK, WHITE = 0, 3


@dataclass
class ListState:
    """One list: the list control, its scroll bar, and what the ListCtlRec holds."""
    ctl: control.Control
    bar: control.Control
    members: int                 # address of the first member record
    size: int
    view: int
    list_type: int
    start: int                   # 1-based: the member at the top
    mem_height: int
    mem_size: int
    draw_proc: int = 0
    record: int = 0              # the program's ListRec (0: made from a template)
    anchor: int = 0              # the member a drag started on (1-based)

    def member(self, number: int) -> int:
        """The address of member `number` (1-based)."""
        return self.members + (number - 1) * self.mem_size

    def number(self, member_ptr: int) -> int:
        """The 1-based number of the member record at `member_ptr` (0: not one)."""
        offset = (member_ptr & 0xFFFFFF) - self.members
        if offset < 0 or offset % self.mem_size or offset // self.mem_size >= self.size:
            return 0
        return offset // self.mem_size + 1

    @property
    def members_rect(self) -> tuple[int, int, int, int]:
        t, l, b, r = self.ctl.rect
        return (t, l, b, r - SCROLL_WIDTH + 1)

    @property
    def max_start(self) -> int:
        return max(1, self.size - self.view + 1)


@tool_state("lm")
class ListManager:
    """Every list, by its list control's handle."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.lists: dict[int, ListState] = {}
        self._scratch = 0

    # -- finding lists ------------------------------------------------------------------
    def by_control(self, handle: int) -> ListState:
        found = self.lists.get(handle & 0xFFFFFF)
        if found is None:
            raise ToolError(control.CTL_NOT_FOUND, f"${handle:06X} is not a list control")
        return found

    def by_record(self, record: int) -> ListState:
        lst = self.by_control(read_long(self.tb.mem, record + L_CTL))
        lst.record = record
        return lst

    # -- making lists -------------------------------------------------------------------
    def create(self, window: int, rect, size: int, view: int, list_type: int, start: int,
               draw_proc: int, mem_height: int, mem_size: int, members: int,
               refcon: int, record: int = 0) -> ListState:
        """The list control and its scroll bar made in `window` (the bar first, so that
        the list, made last, is found first by a click anywhere in its rectangle)."""
        mgr = self.tb.ctl
        mem_height = mem_height or DEFAULT_MEM_HEIGHT
        t, l, b, r = rect
        if not view:
            view = max(1, (b - t - 2) // mem_height)
        bar = mgr.new_control(window, (t, r - SCROLL_WIDTH, b, r), b"",
                              control.UP_FLAG | control.DOWN_FLAG, 0,
                              control.SCROLL_PROC)
        ctl = mgr.new_control(window, rect, b"", list_type, start, LIST_CONTROL, refcon)
        lst = ListState(ctl, bar, members & 0xFFFFFF, size, view, list_type, max(1, start),
                        mem_height, max(MIN_MEM_SIZE, mem_size), draw_proc, record)
        self.lists[ctl.handle] = lst
        self.sync(lst)
        return lst

    def from_record(self, window: int, record: int) -> ListState:
        mem = self.tb.mem
        lst = self.create(window, read_rect(mem, record + L_RECT),
                          read_word(mem, record + L_SIZE), read_word(mem, record + L_VIEW),
                          read_word(mem, record + L_TYPE), read_word(mem, record + L_START),
                          read_long(mem, record + L_DRAW),
                          read_word(mem, record + L_MEM_HEIGHT),
                          read_word(mem, record + L_MEM_SIZE),
                          read_long(mem, record + L_POINTER),
                          read_long(mem, record + L_REFCON), record)
        write_long(mem, record + L_CTL, lst.ctl.handle)
        return lst

    def from_template(self, tb, owner: int, addr: int) -> control.Control:
        """A list control from a NewControl2 template; listRef is a pointer to the
        member records, or a handle to them."""
        mem = tb.mem
        ref = read_long(mem, addr + T_REF)
        if ref in tb.mm.blocks:
            ref = tb.mm.deref(ref)
        lst = self.create(owner, read_rect(mem, addr + 0x06), read_word(mem, addr + T_SIZE),
                          read_word(mem, addr + T_VIEW), read_word(mem, addr + T_TYPE),
                          read_word(mem, addr + T_START), read_long(mem, addr + T_DRAW),
                          read_word(mem, addr + T_MEM_HEIGHT),
                          read_word(mem, addr + T_MEM_SIZE), ref,
                          read_long(mem, addr + 0x16))
        lst.ctl.ctl_id = read_long(mem, addr + 0x02)
        tb.ctl.sync(lst.ctl)
        self.sync(lst)
        tb.ctl.draw(lst.ctl)
        return lst.ctl

    def sync(self, lst: ListState) -> None:
        """The ListCtlRec, the scroll bar and the ListRec's listStart kept in step."""
        mem, mgr = self.tb.mem, self.tb.ctl
        lst.start = min(max(1, lst.start), lst.max_start)
        ctl = lst.ctl
        ctl.value, ctl.view_size, ctl.data_size = lst.start, lst.view, lst.size
        ctl.flag = (ctl.flag & control.CTL_INVISIBLE) | (lst.list_type & 0x7F)
        mgr.sync(ctl)
        ptr = self.tb.mm.deref(ctl.handle)
        write_long(mem, ptr + C_MEM_DRAW, lst.draw_proc)
        write_word(mem, ptr + C_MEM_HEIGHT, lst.mem_height)
        write_word(mem, ptr + C_MEM_SIZE, lst.mem_size)
        write_long(mem, ptr + C_LIST, lst.members)
        write_long(mem, ptr + C_LIST_BAR, lst.bar.handle)
        lst.bar.view_size, lst.bar.data_size = lst.view, lst.size
        lst.bar.value = lst.start - 1
        mgr.sync(lst.bar)
        if lst.record:
            write_word(mem, lst.record + L_START, lst.start)

    # -- members ------------------------------------------------------------------------
    def flag(self, lst: ListState, number: int) -> int:
        return self.tb.mem[lst.member(number) + 4]

    def set_flag(self, lst: ListState, number: int, selected: bool) -> None:
        addr = lst.member(number) + 4
        mem = self.tb.mem
        mem[addr] = (mem[addr] | MEM_SELECTED) if selected else (mem[addr] & ~MEM_SELECTED)

    def text(self, lst: ListState, number: int) -> bytes:
        ptr = read_long(self.tb.mem, lst.member(number)) & 0xFFFFFF
        if not ptr:
            return b""
        if lst.list_type & C_STRINGS:
            return read_cstring(self.tb.mem, ptr, 256)
        return read_pstring(self.tb.mem, ptr)

    def selected(self, lst: ListState) -> list[int]:
        return [n for n in range(1, lst.size + 1) if self.flag(lst, n) & MEM_SELECTED]

    def next_selected(self, lst: ListState, after: int) -> int:
        """The first selected member after member `after` (0: from the start); 0: none."""
        for n in range(after + 1, lst.size + 1):
            if self.flag(lst, n) & MEM_SELECTED:
                return n
        return 0

    def select(self, lst: ListState, numbers: set[int], scroll_to: int = 0) -> None:
        """Exactly `numbers` selected (disabled members never); members whose state
        changed are redrawn; `scroll_to` brought into view first."""
        if scroll_to:
            self.scroll_into_view(lst, scroll_to)
        for n in range(1, lst.size + 1):
            want = n in numbers and not self.flag(lst, n) & MEM_DISABLED
            if bool(self.flag(lst, n) & MEM_SELECTED) != want:
                self.set_flag(lst, n, want)
                self.draw_members(lst, n)

    def scroll_into_view(self, lst: ListState, number: int) -> None:
        if number < lst.start:
            self.scroll_to(lst, number)
        elif number >= lst.start + lst.view:
            self.scroll_to(lst, number - lst.view + 1)

    def scroll_to(self, lst: ListState, start: int) -> None:
        start = min(max(1, start), lst.max_start)
        if start != lst.start:
            lst.start = start
            self.sync(lst)
            self.tb.ctl.draw(lst.ctl)

    # -- drawing ------------------------------------------------------------------------
    def member_rect(self, lst: ListState, number: int):
        t, l, _, r = lst.members_rect
        top = t + 1 + (number - lst.start) * lst.mem_height
        return (top, l + 1, top + lst.mem_height, r - 1)

    def visible(self, lst: ListState) -> range:
        return range(lst.start, min(lst.size, lst.start + lst.view - 1) + 1)

    def draw_members(self, lst: ListState, only: int = 0) -> None:
        """Members drawn in the window (0: every visible one, else that one if shown)."""
        wm = self.tb.wm
        win = wm.find(lst.ctl.owner)
        qd = self.tb.qd
        if win is None or not win.visible or not lst.ctl.visible:
            return
        with wm.window_drawing(win, wm.local_content(win)):
            for n in self.visible(lst):
                if not only or n == only:
                    self.draw_member(qd, lst, n)

    def draw_member(self, qd, lst: ListState, number: int) -> None:
        rect = self.member_rect(lst, number)
        if lst.draw_proc and self.tb.machine is not None:
            if not self._scratch:
                _, self._scratch = self.tb.wm.alloc(8)
            write_rect(self.tb.mem, self._scratch, rect)
            args = []
            for value in (self._scratch, lst.member(number), lst.ctl.handle):
                args += [value >> 16 & 0xFFFF, value & 0xFFFF]
            self.tb.machine.call(lst.draw_proc, stack_args=args)
            return
        flag = self.flag(lst, number)
        selected = bool(flag & MEM_SELECTED)
        qd.SetSolidPenPat(BLACK if selected else WHITE)
        qd.PaintRect(rect)
        qd.SetForeColor(WHITE if selected else BLACK)
        qd.SetBackColor(BLACK if selected else WHITE)
        qd.ClipRect(rect)
        qd.MoveTo(rect[1] + TEXT_INDENT, rect[0] + BASELINE)
        qd.DrawString(self.text(lst, number))
        qd.SetForeColor(BLACK)
        qd.SetBackColor(WHITE)
        win = self.tb.wm.find(lst.ctl.owner)
        qd.ClipRect(self.tb.wm.local_content(win))
        if flag & MEM_DISABLED:
            control._dim(qd, rect)

    # -- the list control's definition (toolbox.control.CONTROL_DEFS) -------------------
    def draw(self, qd, ctl: control.Control) -> None:
        """The frame, the members in view, white below the last, and the scroll bar."""
        lst = self.by_control(ctl.handle)
        t, l, b, r = lst.members_rect
        qd.SetSolidPenPat(WHITE)
        qd.PaintRect((t + 1, l + 1, b - 1, r - 1))
        qd.SetSolidPenPat(BLACK)
        qd.FrameRect((t, l, b, r))
        for n in self.visible(lst):
            self.draw_member(qd, lst, n)
        self.tb.ctl.draw(lst.bar)

    def follow(self, ctl: control.Control) -> None:
        """The scroll bar shown and hidden with its list (ShowControl, HideControl)."""
        lst = self.lists.get(ctl.handle)
        if lst is not None and (lst.bar.flag ^ ctl.flag) & control.CTL_INVISIBLE:
            lst.bar.flag ^= control.CTL_INVISIBLE
            self.tb.ctl.sync(lst.bar)

    def part_at(self, ctl: control.Control, v: int, h: int) -> int:
        return LIST_PART

    def dispose(self, ctl: control.Control) -> None:
        lst = self.lists.pop(ctl.handle, None)
        if lst is not None and lst.bar.handle in self.tb.ctl.controls:
            self.tb.ctl.controls.pop(lst.bar.handle)
            self.tb.mm.dispose(lst.bar.handle)

    def member_at(self, lst: ListState, v: int) -> int:
        """The member at local v, pinned to those in view (0: the list is empty)."""
        t = lst.members_rect[0] + 1
        last = min(lst.size, lst.start + lst.view - 1)
        if last < lst.start:
            return 0
        return min(max(lst.start + (v - t) // lst.mem_height, lst.start), last)

    def track(self, ctl: control.Control, v: int, h: int) -> int:
        """A press in the list: on the scroll bar, it scrolls; on the members, they are
        selected as the mouse moves until the button comes up."""
        lst = self.by_control(ctl.handle)
        if h >= lst.members_rect[3]:
            part = self.tb.ctl.track_scroll(lst.bar, lambda bar, p: self.scroll_part(lst, p),
                                            v, h)
            if part == control.THUMB:
                self.scroll_to(lst, lst.bar.value + 1)
            return LIST_PART if part else control.NO_PART
        number = self.member_at(lst, v)
        if not number:
            for _ in self.tb.em.track():
                pass
            return control.NO_PART
        mods = self.tb.em.current_modifiers()
        several = not lst.list_type & SELECT_ONE
        if several and mods & APPLE_KEY:       # Apple-click: that member toggled alone
            lst.anchor = number
            self.select(lst, set(self.selected(lst)) ^ {number})
            for _ in self.tb.em.track():
                pass
            return LIST_PART
        if not (several and mods & SHIFT_KEY and lst.anchor):
            lst.anchor = number                # Shift-click: from the last one pressed
        self._pick(lst, number)
        wm = self.tb.wm
        t, _, b, _ = lst.members_rect
        for gv, gh in self.tb.em.track():
            lv, _ = wm.local_point(ctl.owner, gv, gh)
            if lv <= t or lv >= b - 1:           # held above or below: one member more
                self.scroll_to(lst, lst.start + (-1 if lv <= t else 1))
            self._pick(lst, self.member_at(lst, lv))
            wm.present_frame()
        lv, _ = wm.local_mouse(ctl.owner)
        self._pick(lst, self.member_at(lst, lv))
        return LIST_PART

    def _pick(self, lst: ListState, number: int) -> None:
        if lst.list_type & SELECT_ONE or not lst.anchor:
            self.select(lst, {number})
        else:
            low, high = sorted((lst.anchor, number))
            self.select(lst, set(range(low, high + 1)))

    def scroll_part(self, lst: ListState, part: int) -> None:
        """The scroll bar's action while an arrow or a page area is held down."""
        step = {control.UP_ARROW: -1, control.DOWN_ARROW: 1,
                control.PAGE_UP: -max(1, lst.view - 1),
                control.PAGE_DOWN: max(1, lst.view - 1)}.get(part, 0)
        if step:
            self.scroll_to(lst, lst.start + step)

    # -- keys -----------------------------------------------------------------------
    def key(self, lst: ListState, char: int) -> None:
        """ListKey's core: arrows move the selection one member, a character selects
        the first member whose string starts with it (case ignored)."""
        current = self.next_selected(lst, 0)
        if char in (UP_ARROW_KEY, DOWN_ARROW_KEY):
            step = -1 if char == UP_ARROW_KEY else 1
            target = (current or (0 if step > 0 else lst.size + 1)) + step
            while 1 <= target <= lst.size and self.flag(lst, target) & MEM_DISABLED:
                target += step
            if 1 <= target <= lst.size:
                self.select(lst, {target}, scroll_to=target)
            return
        wanted = bytes([char]).lower()
        for n in range(1, lst.size + 1):
            if self.text(lst, n)[:1].lower() == wanted and \
                    not self.flag(lst, n) & MEM_DISABLED:
                self.select(lst, {n}, scroll_to=n)
                return

    def sort(self, lst: ListState, compare: int = 0) -> None:
        """The member records reordered: by their strings (case ignored), or by the
        program's routine at `compare` (carry clear: the first member goes before)."""
        mem = self.tb.mem
        numbers = range(1, lst.size + 1)
        records = [read_bytes(mem, lst.member(n), lst.mem_size) for n in numbers]
        if compare:
            before = self._native_before(lst, compare)
            order = sorted(numbers, key=lambda n: _Member(n, before))
        else:
            texts = {n: self.text(lst, n).lower() for n in numbers}
            order = sorted(numbers, key=texts.__getitem__)
        for slot, n in enumerate(order, 1):
            mem[lst.member(slot):lst.member(slot) + lst.mem_size] = records[n - 1]

    def _native_before(self, lst: ListState, compare: int) -> Callable[[int, int], bool]:
        """`before(a, b)`: the program's compare routine asked whether member a goes
        before member b (the records have not moved yet while the routine is asked)."""
        machine = self.tb.machine

        def before(first: int, second: int) -> bool:
            args = []
            for ptr in (lst.member(first), lst.member(second)):
                args += [ptr >> 16, ptr & 0xFFFF]
            return not machine.call(compare & 0xFFFFFF, stack_args=args).carry
        return before


class _Member:
    """A member number in a sort whose order the program's routine gives: Python's
    sort asks only `<`, so each comparison is one call of the routine."""
    __slots__ = ("number", "before")

    def __init__(self, number: int, before: Callable[[int, int], bool]) -> None:
        self.number, self.before = number, before

    def __lt__(self, other: "_Member") -> bool:
        return self.before(self.number, other.number)


control.CONTROL_DEFS[LIST_PROC] = control.ControlDef(LIST_PART, attrgetter("lm"))


def compare_strings(flags: int, first: bytes, second: bytes) -> int:
    """CompareStrings' answer: $FFFF (first sorts before), 0 (equal) or 1 (after)."""
    if not flags & CASE_MATTERS:
        first, second = first.lower(), second.lower()
    return 0 if first == second else (0xFFFF if first < second else 1)


def _lm(tb) -> ListManager:
    return tb.lm


# -- tool calls (Toolbox Reference vol. 1, ch. 11; vol. 3) -------------------------------

@tool(TOOLSET, 0x01, "")
def ListBootInit(tb) -> None:
    """ListBootInit()"""


@tool(TOOLSET, 0x02, "")
def ListStartUp(tb) -> None:
    """ListStartUp()"""
    _lm(tb).started = True


@tool(TOOLSET, 0x03, "")
def ListShutDown(tb) -> None:
    """ListShutDown()"""
    _lm(tb).started = False


@tool(TOOLSET, 0x04, "", 2)
def ListVersion(tb) -> int:
    """ListVersion(): version:W"""
    return LIST_VERSION


@tool(TOOLSET, 0x05, "")
def ListReset(tb) -> None:
    """ListReset()"""


@tool(TOOLSET, 0x06, "", 2)
def ListStatus(tb) -> int:
    """ListStatus(): active:W"""
    return 0xFFFF if _lm(tb).started else 0


@tool(TOOLSET, 0x09, "LL", 4)
def CreateList(tb, window: int, record: int) -> int:
    """CreateList(theWindowPtr:L, listRecPtr:L): listCtlHandle:L -- made and drawn;
    the handle is also written to the record's listCtl."""
    lst = _lm(tb).from_record(window, record)
    tb.ctl.draw(lst.ctl)
    return lst.ctl.handle


@tool(TOOLSET, 0x0A, "LL")
def SortList(tb, compare: int, record: int) -> None:
    """SortList(comparePtr:L, listRecPtr:L)"""
    _sort(tb, compare, _lm(tb).by_record(record))


def _sort(tb, compare: int, lst: ListState) -> None:
    if compare and tb.machine is None:
        tb.call_log.append(f"SortList: no program to call at ${compare:06X}; "
                           "sorted alphabetically")
        compare = 0
    _lm(tb).sort(lst, compare)
    tb.ctl.draw(lst.ctl)


@tool(TOOLSET, 0x0B, "LL", 4)
def NextMember(tb, member: int, record: int) -> int:
    """NextMember(memberPtr:L, listRecPtr:L): nextSelected:L (0: no more)."""
    lm = _lm(tb)
    lst = lm.by_record(record)
    after = lst.number(member) if member else 0
    found = lm.next_selected(lst, after)
    return lst.member(found) if found else 0


@tool(TOOLSET, 0x0C, "LL")
def DrawMember(tb, member: int, record: int) -> None:
    """DrawMember(memberPtr:L, listRecPtr:L) -- 0: every member in view."""
    lm = _lm(tb)
    lst = lm.by_record(record)
    lm.draw_members(lst, lst.number(member) if member else 0)


@tool(TOOLSET, 0x0D, "LL")
def SelectMember(tb, member: int, record: int) -> None:
    """SelectMember(memberPtr:L, listRecPtr:L) -- it alone selected, scrolled into
    view, drawn."""
    lm = _lm(tb)
    lst = lm.by_record(record)
    number = lst.number(member)
    if number:
        lm.select(lst, {number}, scroll_to=number)


@tool(TOOLSET, 0x0E, "", 4)
def GetListDefProc(tb) -> int:
    """GetListDefProc(): procPtr:L -- what NewControl takes for a list control."""
    return LIST_DEF_PROC


@tool(TOOLSET, 0x0F, "L", 4)
def ResetMember(tb, record: int) -> int:
    """ResetMember(listRecPtr:L): firstSelected:L (0: none)."""
    return NextMember(tb, 0, record)


@tool(TOOLSET, 0x10, "LL")
def NewList(tb, member: int, record: int) -> None:
    """NewList(memberPtr:L, listRecPtr:L) -- the list made anew from its ListRec
    (listSize, listPointer, listStart: 1 when 0) and redrawn."""
    lm = _lm(tb)
    lst = lm.by_record(record)
    mem = tb.mem
    lst.size = read_word(mem, record + L_SIZE)
    lst.members = read_long(mem, record + L_POINTER) & 0xFFFFFF
    lst.start = read_word(mem, record + L_START) or 1
    lm.sync(lst)
    tb.ctl.draw(lst.ctl)


@tool(TOOLSET, 0x11, "WL")
def DrawMember2(tb, item: int, handle: int) -> None:
    """DrawMember2(itemNumber:W, ctlHandle:L) -- 0: every member in view."""
    lm = _lm(tb)
    lm.draw_members(lm.by_control(handle), item)


@tool(TOOLSET, 0x12, "WL", 2)
def NextMember2(tb, item: int, handle: int) -> int:
    """NextMember2(itemNumber:W, ctlHandle:L): nextSelected:W (0: no more)."""
    lm = _lm(tb)
    return lm.next_selected(lm.by_control(handle), item)


@tool(TOOLSET, 0x13, "L", 2)
def ResetMember2(tb, handle: int) -> int:
    """ResetMember2(ctlHandle:L): firstSelected:W (0: none)."""
    return NextMember2(tb, 0, handle)


@tool(TOOLSET, 0x14, "WL")
def SelectMember2(tb, item: int, handle: int) -> None:
    """SelectMember2(itemNumber:W, ctlHandle:L)"""
    lm = _lm(tb)
    lst = lm.by_control(handle)
    if 1 <= item <= lst.size:
        lm.select(lst, {item}, scroll_to=item)


@tool(TOOLSET, 0x15, "LL")
def SortList2(tb, compare: int, handle: int) -> None:
    """SortList2(comparePtr:L, ctlHandle:L)"""
    _sort(tb, compare, _lm(tb).by_control(handle))


@tool(TOOLSET, 0x16, "LWLWWL")
def NewList2(tb, draw_proc: int, start: int, ref: int, ref_desc: int, size: int,
             handle: int) -> None:
    """NewList2(drawProcPtr:L, listStart:W, listRef:L, listRefDesc:W, listSize:W,
    ctlHandle:L) -- new members (listRefDesc 0 pointer, 1 handle, 2 resource ID of
    the member records), drawn from member listStart."""
    from toolbox.resource import ref_address
    lm = _lm(tb)
    lst = lm.by_control(handle)
    lst.members = ref_address(tb, ref_desc, ref, R_LIST_REF) & 0xFFFFFF if ref else lst.members
    lst.draw_proc, lst.start, lst.size = draw_proc, start or 1, size
    lm.sync(lst)
    tb.ctl.draw(lst.ctl)


@tool(TOOLSET, 0x17, "WLL")
def ListKey(tb, flags: int, event: int, handle: int) -> None:
    """ListKey(flags:W, eventPtr:L, ctlHandle:L) -- a key-down (or auto-key) event's
    character moves the selection."""
    what = read_word(tb.mem, event)
    if what in (KEY_DOWN, AUTO_KEY):
        lm = _lm(tb)
        lm.key(lm.by_control(handle), tb.mem[event + 2] & 0x7F)


@tool(TOOLSET, 0x18, "WLL", 2)
def CompareStrings(tb, flags: int, first: int, second: int) -> int:
    """CompareStrings(flags:W, string1Ptr:L, string2Ptr:L): order:W"""
    return compare_strings(flags, read_pstring(tb.mem, first), read_pstring(tb.mem, second))

