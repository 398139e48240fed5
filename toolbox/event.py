"""Event Manager (tool set $06): the event queue between the host and the program.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 7 "Event Manager", with the
numbers, record layout and modifier bits of ORCA/C `event.h` and `types.h`.

Data flow: the host's raw input (`HostInput`) is pulled by `pump()` into a backlog and
turned, one input at a time, into the mouse/keyboard state and queued events. Doing it
one input at a time keeps time order: when the program sees a mouse-down, the mouse is
where it went down, and a tracking loop (MenuSelect, TrackControl, DragWindow) then
follows each later move until the release, exactly as with a live user.

Update and activate events are not queued: as on the real machine, GetNextEvent asks the
Window Manager for them (activate first, update after the queue is empty).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from iigs.bram import (DBL_CLK_TIME, DOUBLE_CLICK_TICKS, HOST_FULL_SCREEN,
                       HOST_SCALE)
from iigs.hostinput import (APPLE_KEY, BTN0_STATE, CAPS_LOCK, CONTROL_KEY, KEY_PAD,
                            OPTION_KEY, SHIFT_KEY, START_POINT, HostInput)
from iigs.memory import read_long, read_word, write_long, write_word
from toolbox.calls import ToolError, s16, tool
from toolbox.toolbox import tool_state
from toolbox.scheduler import run_queued_tasks

# Event codes (Toolbox Reference, Event Manager; event.h)
NULL_EVT = 0
MOUSE_DOWN_EVT = 1
MOUSE_UP_EVT = 2
KEY_DOWN_EVT = 3
AUTO_KEY_EVT = 5
UPDATE_EVT = 6
ACTIVATE_EVT = 8
SWITCH_EVT = 9
DESK_ACC_EVT = 10
DRIVER_EVT = 11
APP1_EVT, APP2_EVT, APP3_EVT, APP4_EVT = 12, 13, 14, 15

EVERY_EVENT = 0xFFFF
MOUSE_EVENTS = (1 << MOUSE_DOWN_EVT) | (1 << MOUSE_UP_EVT)

# Modifier flags not carried by HostInput
ACTIVE_FLAG = 0x0001
CHANGE_FLAG = 0x0002
KEY_MODIFIERS = APPLE_KEY | SHIFT_KEY | CAPS_LOCK | OPTION_KEY | CONTROL_KEY | KEY_PAD
# Control-Apple-Escape opens the classic desk accessories' menu (toolbox.desk.cda).
ESCAPE = 0x1B
CDA_KEYS = APPLE_KEY | CONTROL_KEY

def is_cda_key(inp: HostInput) -> bool:
    """Control-Apple-Escape, the key that opens the CDA menu."""
    return (inp.kind == "key" and inp.key & 0x7F == ESCAPE
            and inp.modifiers & CDA_KEYS == CDA_KEYS)


# Event Manager errors (Toolbox Reference, Event Manager error codes)
EM_DUP_STARTUP = 0x0601      # emDupStrtUpErr
EM_BAD_EVT_Q = 0x0683        # emBadEvtQErr: queue size out of range
EM_QUEUE_FULL = 0x0682       # emQueueFullErr (PostEvent's result says it; kept for logs)

DEFAULT_QUEUE_SIZE = 20      # the ROM's default when EMStartUp passes 0
HARDWARE_BACKLOG = 4096          # host inputs kept before EMStartUp (see poll_for_hardware)
# A key held down repeats as autoKey events: first after the delay, then at the rate
# (ticks; the Control Panel's middle settings for repeat delay and speed).
AUTO_KEY_DELAY = 30
AUTO_KEY_RATE = 4
EVENT_RECORD_SIZE = 16
DEFAULT_CARET_TIME = 30      # ticks between caret blinks

# A scripted (headless) host that has run out of input releases the button after this
# many empty polls, so a tracking loop can never hang a script.
IDLE_POLLS_BEFORE_RELEASE = 3


@dataclass(frozen=True)
class Event:
    """One event record (Toolbox Reference: what, message, when, where, modifiers)."""

    what: int
    message: int = 0
    when: int = 0
    v: int = 0
    h: int = 0
    modifiers: int = 0

    @property
    def where(self) -> tuple[int, int]:
        """The global point (v, h)."""
        return (self.v, self.h)


def write_event(mem, addr: int, ev: Event) -> None:
    """Lay an event out as the 16-byte record of event.h (EventRecord)."""
    write_word(mem, addr, ev.what)
    write_long(mem, addr + 2, ev.message)
    write_long(mem, addr + 6, ev.when)
    write_word(mem, addr + 10, ev.v)
    write_word(mem, addr + 12, ev.h)
    write_word(mem, addr + 14, ev.modifiers)


def read_event(mem, addr: int) -> Event:
    """The event record at `addr` (used for filter procs and DialogSelect)."""
    return Event(read_word(mem, addr), read_long(mem, addr + 2), read_long(mem, addr + 6),
                 s16(read_word(mem, addr + 10)), s16(read_word(mem, addr + 12)),
                 read_word(mem, addr + 14))


@tool_state("em")
class EventManager:
    """The Event Manager's state: queue, mouse, keyboard modifiers, input backlog."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.queue: deque[Event] = deque()
        self.queue_size = DEFAULT_QUEUE_SIZE
        self.backlog: deque[HostInput] = deque()
        self.mouse = START_POINT[::-1]   # (v, h), global
        self.button_down = False
        self.key_modifiers = 0           # modifier keys held at the last key input
        # (code, modifiers, tick of the next autoKey) for a key the host reports as
        # still down; only hosts that report releases (`reports_key_releases`) hold keys.
        self.held_key: tuple[int, int, int] | None = None
        self.clamp = (0, 639, 0, 199)    # xMin, xMax, yMin, yMax
        self.caret_time = DEFAULT_CARET_TIME
        self.system_mask = EVERY_EVENT
        self.quit_requested = False
        self.inputs_applied = 0          # host inputs taken (the machine's idle time)
        self._tick_fallback = 0          # ticks when there is no machine (core tests)
        self._empty_polls = 0
        # The Window Manager installs these: () -> Event | None, never queued.
        self.activate_source: Callable[[], Event | None] | None = None
        self.update_source: Callable[[bool], Event | None] | None = None
        self.dpage = 0                   # EMStartUp's direct page (DoWindows)
        self.switch_pending = False      # SetSwitch: a switch event is due
        self.auto_key_limit = 0          # SetAutoKeyLimit: 0, no limit
        self.key_translation = 0         # SetKeyTranslation's table number

    # -- time -----------------------------------------------------------------------
    @property
    def double_time(self) -> int:
        """GetDblTime: the battery RAM's double-click setting (the Control Panel's Mouse
        panel), in ticks."""
        return DOUBLE_CLICK_TICKS[self.tb.misc.bram.param(DBL_CLK_TIME)]

    def ticks(self) -> int:
        machine = self.tb.machine
        if machine is not None:
            return int(machine.ticks)
        return self._tick_fallback

    # -- host input -> queue ------------------------------------------------------------
    def _fetch(self) -> bool:
        """Move whatever the host has into the backlog; True if anything came."""
        host = self.tb.host
        if host is None:
            return False
        got = list(host.poll())
        self._take(got)
        return bool(got)

    def _take(self, inputs: list[HostInput]) -> None:
        """Queue host inputs in the backlog; before EMStartUp a Control-Apple-Escape
        among them opens the CDA menu at once (the firmware's keyboard interrupt does
        so for a program that reads $C000 itself), the inputs after it are the menu's,
        and what the menu leaves goes on as before."""
        if not self.started:
            for i, inp in enumerate(inputs):
                if is_cda_key(inp):
                    self._take(inputs[:i])
                    kept, self.backlog = self.backlog, deque(inputs[i + 1:])
                    try:
                        self.tb.desk.classic_menu()
                    finally:
                        left, self.backlog = list(self.backlog), kept
                    self._take(left)
                    return
        io = self._io()
        if io is not None:
            # Where host input enters: its keys, motion and button reach the I/O page
            # too (the keyboard latch $C000, the ADB mouse $C024), as on the IIGS,
            # whoever reads them; a key remembers its place in the latch.
            releases = getattr(self.tb.host, "reports_key_releases", False)
            inputs = [self._latched(inp, io.take_input(inp, releases)) for inp in inputs]
        self.backlog.extend(inputs)

    @staticmethod
    def _latched(inp: HostInput, number: int) -> HostInput:
        return replace(inp, press=number) if number else inp

    def poll_for_hardware(self) -> None:
        """Each tick before EMStartUp, or after it while the program reads the
        keyboard or mouse registers itself: take the host's input now, so the program
        sees keys at $C000 and motion at $C024, and a closed window stops it. The
        input stays queued, in order, for the Event Manager or Text Tools."""
        io = self._io()
        watched = io is not None and io.watched()
        if (self.started and not watched) or self.tb.host is None:
            return
        self._fetch()
        if any(inp.kind == "quit" for inp in self.backlog):
            self.quit_requested = True
        while len(self.backlog) > HARDWARE_BACKLOG:
            self.backlog.popleft()       # nobody reads the queue: keep it bounded

    def current_modifiers(self) -> int:
        mods = self.key_modifiers & KEY_MODIFIERS
        if not self.button_down:
            mods |= BTN0_STATE
        return mods

    def _clamped(self, h: int, v: int) -> tuple[int, int]:
        x0, x1, y0, y1 = self.clamp
        return (min(max(v, y0), y1), min(max(h, x0), x1))

    def apply_input(self, inp: HostInput) -> Event | None:
        """Let one host input change the state; post and return the event it makes."""
        self.inputs_applied += 1
        if inp.kind == "quit":
            self.quit_requested = True
            return None
        if inp.kind in ("move", "down", "up"):
            self.mouse = self._clamped(inp.h, inp.v)
        if inp.kind == "move":
            return None
        if inp.kind == "down":
            self.key_modifiers = inp.modifiers & KEY_MODIFIERS
            self.button_down = True
            return self.post(MOUSE_DOWN_EVT, 0)
        if inp.kind == "up":
            self.button_down = False
            return self.post(MOUSE_UP_EVT, 0)
        if inp.kind == "key":
            if not self.take_key(inp):
                return None                      # the program read it at $C000 first
            if is_cda_key(inp):
                self.tb.desk.classic_menu()      # Control-Apple-Escape: the CDA menu
                return None
            self.key_modifiers = inp.modifiers & KEY_MODIFIERS
            if getattr(self.tb.host, "reports_key_releases", False):
                self.held_key = (inp.key & 0xFF, self.current_modifiers(),
                                 self.ticks() + AUTO_KEY_DELAY)
            return self.post(KEY_DOWN_EVT, inp.key & 0xFF)
        if inp.kind == "display":
            # The host switched full screen (its own key) or the user resized the window:
            # battery RAM remembers it, as the Display panel would, for the next start.
            # The host has already taken the new scale, so applying it changes nothing.
            misc = self.tb.misc
            if inp.scale:
                misc.write_param(HOST_SCALE, inp.scale)
            misc.write_param(HOST_FULL_SCREEN, inp.key)
            return None
        if inp.kind == "keyup":
            if self.held_key is not None and self.held_key[0] == inp.key & 0xFF:
                self.held_key = None
            return None
        return None

    def take_key(self, inp: HostInput) -> bool:
        """Take key `inp` from the $C000 latch, as the IIGS's keyboard handler clears
        the strobe of a key it posts; False when the program read it there first."""
        io = self._io()
        return not inp.press or io is None or io.keyboard.take(inp.press)

    def _io(self):
        """The machine's I/O page (`iigs.io.IOPage`), if there is a machine."""
        return getattr(self.tb.machine, "io", None)

    def auto_key(self) -> Event | None:
        """Post an autoKey event when the held key's next repeat is due."""
        if self.held_key is None:
            return None
        code, mods, due = self.held_key
        now = self.ticks()
        if now < due:
            return None
        if self.auto_key_limit and sum(e.what == AUTO_KEY_EVT for e in self.queue) \
                >= self.auto_key_limit:
            return None                  # SetAutoKeyLimit: enough repeats wait already
        self.held_key = (code, mods, now + AUTO_KEY_RATE)
        return self.post(AUTO_KEY_EVT, code, mods)

    def pump(self, until_event: bool = True) -> bool:
        """Pull host input into the queue.

        With `until_event`, stop after the first input that makes an event, so the
        mouse state matches the newest queued event (time order, see module doc).
        Returns True if any input was applied.
        """
        if not self.backlog:
            self._fetch()
        applied = False
        while self.backlog:
            applied = True
            ev = self.apply_input(self.backlog.popleft())
            if ev is not None and until_event:
                break
        return applied

    def step_input(self) -> bool:
        """Apply at most one host input (tracking loops follow every move)."""
        if not self.backlog and not self._fetch():
            return False
        self.apply_input(self.backlog.popleft())
        return True

    def post(self, what: int, message: int, modifiers: int | None = None) -> Event | None:
        """Queue an event stamped with the current time, mouse and modifiers."""
        if len(self.queue) >= self.queue_size:
            return None
        mods = self.current_modifiers() if modifiers is None else modifiers
        v, h = self.mouse
        ev = Event(what, message & 0xFFFFFFFF, self.ticks(), v, h, mods)
        self.queue.append(ev)
        return ev

    # -- reading events -----------------------------------------------------------------
    def next_event(self, mask: int, remove: bool = True) -> Event | None:
        """GetNextEvent's core: the next event in `mask`, or None.

        Priority as in the Toolbox Reference: activate events, then queued input, then
        update events.
        """
        run_queued_tasks(self.tb)        # the system is free: the Scheduler's tasks
        mask &= self.system_mask
        if self.activate_source and mask & (1 << ACTIVATE_EVT):
            ev = self.activate_source(remove)
            if ev is not None:
                return ev
        while not any(mask & (1 << e.what) for e in self.queue):
            if not self.pump():
                break
        self.auto_key()
        for ev in self.queue:
            if mask & (1 << ev.what):
                if remove:
                    self.queue.remove(ev)
                return ev
        if self.switch_pending and mask & (1 << SWITCH_EVT):
            self.switch_pending = not remove
            return Event(SWITCH_EVT, 0, self.ticks(), self.mouse[0], self.mouse[1],
                         self.current_modifiers())
        if self.update_source and mask & (1 << UPDATE_EVT):
            ev = self.update_source(remove)
            if ev is not None:
                return ev
        return None

    def null_event(self) -> Event:
        return Event(NULL_EVT, 0, self.ticks(), self.mouse[0], self.mouse[1],
                     self.current_modifiers())

    def idle(self) -> None:
        """Nothing to do: let the machine sleep or stop (it decides), advance test time."""
        if self.tb.machine is not None and hasattr(self.tb.machine, "note_idle"):
            self.tb.machine.note_idle()
        else:
            self._tick_fallback += 1

    def flush(self, mask: int, stop_mask: int) -> int:
        """FlushEvents' core: remove `mask` events up to the first `stop_mask` one."""
        self.pump(until_event=False)
        kept: deque[Event] = deque()
        stop_code = 0
        stopped = False
        for ev in self.queue:
            if not stopped and stop_mask & (1 << ev.what):
                stopped, stop_code = True, ev.what
            if not stopped and mask & (1 << ev.what):
                continue
            kept.append(ev)
        self.queue = kept
        return stop_code

    def mouse_up_pending(self) -> bool:
        return any(e.what == MOUSE_UP_EVT for e in self.queue)

    def still_down(self) -> bool:
        """StillDown's core: the button is down and no mouse event waits."""
        self.step_input()
        return self.button_down and not any(e.what in (MOUSE_DOWN_EVT, MOUSE_UP_EVT)
                                            for e in self.queue)

    def track(self) -> Iterator[tuple[int, int]]:
        """Follow the mouse while the button is down: yields (v, h) global points.

        Interactive tool calls loop over this. It applies one host input per step,
        presents a frame and waits when there is none, and ends (after removing the
        mouse-up event) when the button is released. A scripted host that has nothing
        more to say releases the button where the mouse is, so scripts cannot hang.
        """
        empty = 0
        while True:
            for ev in list(self.queue):
                if ev.what == MOUSE_UP_EVT:
                    self.queue.remove(ev)
                    self.mouse = ev.where
                    return
            if not self.button_down:
                return
            yield self.mouse
            if self.step_input():
                empty = 0
                continue
            if self._block_for_input():
                continue
            empty += 1
            if self.quit_requested or (empty >= IDLE_POLLS_BEFORE_RELEASE
                                       and self._host_is_scripted()):
                self.button_down = False
                return
            self.present_and_wait()

    def wait_for_event(self, mask: int) -> Event | None:
        """Block (presenting frames) until an event in mask arrives; None if the host is
        a script with no more input, or the user quit."""
        empty = 0
        while True:
            ev = self.next_event(mask)
            if ev is not None:
                return ev
            if self._block_for_input():
                continue
            empty += 1
            if self.quit_requested or (empty >= IDLE_POLLS_BEFORE_RELEASE
                                       and self._host_is_scripted()):
                return None
            self.present_and_wait()

    def _block_for_input(self) -> bool:
        """A host that can hold the program until the script goes on (the automation
        layer's) is asked to; True once new input is there. The machine is not told it
        is idle: the program is inside a tool call, not in its event loop."""
        host = self.tb.host
        if host is None or self.quit_requested or not hasattr(host, "block_until_input"):
            return False
        host.present(self.tb.mem, self.tb)
        return bool(host.block_until_input())

    def _host_is_scripted(self) -> bool:
        host = self.tb.host
        return host is None or not getattr(host, "interactive", False)

    def present_and_wait(self) -> None:
        """Wait a tick for input: the machine presents a frame and sleeps (a window) or
        notes that the program is idle (a script); without a machine, just present."""
        if self.tb.machine is not None:
            self.tb.machine.note_idle()
            return
        host = self.tb.host
        if host is not None:
            host.present(self.tb.mem, self.tb)
        self._tick_fallback += 1


def _em(tb) -> EventManager:
    return tb.em


# -- tool calls (Toolbox Reference vol. 1, Event Manager) ---------------------------------

@tool(0x06, 0x02, "WWWWWWW")
def EMStartUp(tb, dpage: int, queue_size: int, x_min: int, x_max: int, y_min: int,
              y_max: int, user_id: int) -> None:
    """EMStartUp(dPageAddr:W, queueSize:W, xMinClamp:W, xMaxClamp:W, yMinClamp:W,
    yMaxClamp:W, userID:W)"""
    em = _em(tb)
    if em.started:
        raise ToolError(EM_DUP_STARTUP)
    if queue_size > 3639:        # the documented upper limit of the queue
        raise ToolError(EM_BAD_EVT_Q)
    em.started = True
    em.dpage = dpage
    em.queue_size = queue_size or DEFAULT_QUEUE_SIZE
    em.clamp = (s16(x_min), s16(x_max), s16(y_min), s16(y_max))
    em.queue.clear()


@tool(0x06, 0x03)
def EMShutDown(tb) -> None:
    """EMShutDown()"""
    _em(tb).started = False


@tool(0x06, 0x04, "", 2)
def EMVersion(tb) -> int:
    """EMVersion() -> versionInfo:W"""
    return 0x0300


@tool(0x06, 0x06, "", 2)
def EMStatus(tb) -> int:
    """EMStatus() -> activeFlag:W"""
    return int(_em(tb).started)


def get_next_event(tb, mask: int, remove: bool) -> Event:
    """The event GetNextEvent/EventAvail report (a null event when none)."""
    em = _em(tb)
    ev = em.next_event(mask, remove)
    if ev is None:
        em.idle()
        return em.null_event()
    return ev


@tool(0x06, 0x0A, "WL", 2)
def GetNextEvent(tb, mask: int, event_ptr: int) -> int:
    """GetNextEvent(eventMask:W, theEvent:L*) -> Boolean:W"""
    ev = get_next_event(tb, mask, True)
    write_event(tb.mem, event_ptr, ev)
    return int(ev.what != NULL_EVT)


@tool(0x06, 0x0B, "WL", 2)
def EventAvail(tb, mask: int, event_ptr: int) -> int:
    """EventAvail(eventMask:W, theEvent:L*) -> Boolean:W"""
    ev = get_next_event(tb, mask, False)
    write_event(tb.mem, event_ptr, ev)
    return int(ev.what != NULL_EVT)


@tool(0x06, 0x15, "WW", 2)
def FlushEvents(tb, mask: int, stop_mask: int) -> int:
    """FlushEvents(eventMask:W, stopMask:W) -> stopEvent:W"""
    return _em(tb).flush(mask, stop_mask)


@tool(0x06, 0x0C, "L")
def GetMouse(tb, point_ptr: int) -> None:
    """GetMouse(mouseLocPtr:L*): the mouse in the current port's local coordinates."""
    em = _em(tb)
    if em.button_down:
        em.step_input()
    else:
        em.pump(until_event=True)
    v, h = em.mouse
    qd = tb.qd
    if qd.GetPort():
        v, h = qd.GlobalToLocal((v, h))
    write_word(tb.mem, point_ptr, v)
    write_word(tb.mem, point_ptr + 2, h)


@tool(0x06, 0x0D, "W", 2)
def Button(tb, button: int) -> int:
    """Button(buttonNumber:W) -> Boolean:W"""
    em = _em(tb)
    em.step_input()
    return int(button == 0 and em.button_down)


@tool(0x06, 0x0E, "W", 2)
def StillDown(tb, button: int) -> int:
    """StillDown(buttonNumber:W) -> Boolean:W"""
    return int(button == 0 and _em(tb).still_down())


@tool(0x06, 0x0F, "W", 2)
def WaitMouseUp(tb, button: int) -> int:
    """WaitMouseUp(buttonNumber:W) -> Boolean:W (removes the mouse-up when released)"""
    em = _em(tb)
    if button != 0:
        return 0
    down = em.still_down()
    if not down:
        for ev in list(em.queue):
            if ev.what == MOUSE_UP_EVT:
                em.queue.remove(ev)
                break
    return int(down)


@tool(0x06, 0x10, "", 4)
def TickCount(tb) -> int:
    """TickCount() -> ticks:L"""
    return _em(tb).ticks() & 0xFFFFFFFF


@tool(0x06, 0x14, "WL", 2)
def PostEvent(tb, code: int, message: int) -> int:
    """PostEvent(eventCode:W, eventMsg:L) -> errFlag:W (0 = posted)"""
    return 0 if _em(tb).post(code, message) is not None else 1


@tool(0x06, 0x11, "", 4)
def GetDblTime(tb) -> int:
    """GetDblTime() -> ticks:L"""
    return _em(tb).double_time


@tool(0x06, 0x12, "", 4)
def GetCaretTime(tb) -> int:
    """GetCaretTime() -> ticks:L"""
    return _em(tb).caret_time


@tool(0x06, 0x18, "W")
def SetEventMask(tb, mask: int) -> None:
    """SetEventMask(systemEventMask:W)"""
    _em(tb).system_mask = mask | (1 << NULL_EVT)


# -- the rest of the Event Manager (Toolbox Reference vol. 1 ch. 7, vol. 3 ch. 7 for
# the ROM 3 calls; event.h) --------------------------------------------------------------

@tool(0x06, 0x01)
def EMBootInit(tb) -> None:
    """EMBootInit() -- the ROM's start-up work; nothing is left to do here."""


@tool(0x06, 0x05)
def EMReset(tb) -> None:
    """EMReset() -- a reset empties the queue."""
    _em(tb).queue.clear()


def os_event(tb, mask: int, event_ptr: int, remove: bool) -> int:
    """GetOSEvent / OSEventAvail: the queue alone -- no SystemTask, no activate,
    update or switch events, no system event mask (the Toolbox Reference: "low-level
    calls")."""
    em = _em(tb)
    while not any(mask & (1 << e.what) for e in em.queue):
        if not em.pump():
            break
    em.auto_key()
    ev = next((e for e in em.queue if mask & (1 << e.what)), None)
    if ev is None:
        em.idle()
        ev = em.null_event()
    elif remove:
        em.queue.remove(ev)
    write_event(tb.mem, event_ptr, ev)
    return int(ev.what != NULL_EVT)


@tool(0x06, 0x16, "WL", 2)
def GetOSEvent(tb, mask: int, event_ptr: int) -> int:
    """GetOSEvent(eventMask:W, theEvent:L*) -> Boolean:W"""
    return os_event(tb, mask, event_ptr, True)


@tool(0x06, 0x17, "WL", 2)
def OSEventAvail(tb, mask: int, event_ptr: int) -> int:
    """OSEventAvail(eventMask:W, theEvent:L*) -> Boolean:W (the event stays queued)"""
    return os_event(tb, mask, event_ptr, False)


@tool(0x06, 0x13)
def SetSwitch(tb) -> None:
    """SetSwitch() -- a switch event is pending: GetNextEvent reports one (when no
    queued event matches first) and then it is gone."""
    _em(tb).switch_pending = True


# FakeMouse's modLatch is KEYMODREG's ($C025) byte: its bits, as event modifiers.
MOD_LATCH_BITS = ((0x01, SHIFT_KEY), (0x02, CONTROL_KEY), (0x04, CAPS_LOCK),
                  (0x10, KEY_PAD), (0x40, OPTION_KEY), (0x80, APPLE_KEY))
FAKE_BUTTON_DOWN = 0x80          # buttonStatus bit 7: the button is down


@tool(0x06, 0x19, "WWWWW")
def FakeMouse(tb, changed: int, mod_latch: int, x: int, y: int, button: int) -> None:
    """FakeMouse(changedFlag:W, modLatch:W, xPos:W, yPos:W, buttonStatus:W) -- another
    pointing device's data: when changedFlag is nonzero the mouse moves there (inside
    the clamps) and a button change posts mouseDown or mouseUp with modLatch's
    modifiers."""
    if not changed:
        return
    em = _em(tb)
    em.mouse = em._clamped(s16(x), s16(y))
    down = bool(button & FAKE_BUTTON_DOWN)
    em.key_modifiers = sum(mod for bit, mod in MOD_LATCH_BITS if mod_latch & bit)
    if down != em.button_down:
        em.button_down = down
        em.post(MOUSE_DOWN_EVT if down else MOUSE_UP_EVT, 0)


@tool(0x06, 0x1A, "W")
def SetAutoKeyLimit(tb, limit: int) -> None:
    """SetAutoKeyLimit(newLimit:W) -- at most this many autoKey events wait in the
    queue (0: no limit)."""
    _em(tb).auto_key_limit = limit


@tool(0x06, 0x1B, "", 2)
def GetKeyTranslation(tb) -> int:
    """GetKeyTranslation(): kTransType:W"""
    return _em(tb).key_translation


@tool(0x06, 0x1C, "W")
def SetKeyTranslation(tb, kind: int) -> None:
    """SetKeyTranslation(kTransType:W) -- kept and answered; the host's keys already
    arrive as IIGS (Mac OS Roman) characters, so no table is applied to them."""
    _em(tb).key_translation = kind


@tool(0x06, 0x09, "", 2)
def DoWindows(tb) -> int:
    """DoWindows(): dPage:W -- the Event Manager's direct page (EMStartUp's), the
    private call the Window Manager makes to find it."""
    return _em(tb).dpage
