"""Miscellaneous Tool Set (tool set $03): time, ticks, user IDs, beep, system failure.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 14 "Miscellaneous Tool Set",
with the call numbers and error codes of ORCA/C `misctool.h`, ReadTimeHex as ORCALib's
`time.macros` uses it and the TimeRec of ORCA/C `types.h`.

Battery RAM (`iigs.bram`): ReadBParam / WriteBParam / ReadBRam / WriteBRam reach the
machine's battery RAM, and a change takes effect at once for every tool set that
follows it (`apply_settings`): the Sound Tool Set's volume, the host's window and mouse
tracking; GetDblTime and the machine's speed read it when they need it.

Interrupts (`iigs.interrupts` is the hardware and the firmware's dispatch): SetVector and
GetVector reach the vectors in memory ($E1/0000 + 4 x number, a JML each) for the
interrupt handlers, so a one-second handler set through vector $15 is what the firmware
calls; IntSource turns sources on and off; the heartbeat queue (SetHeartBeat,
DelHeartBeat, ClrHeartBeat) is the firmware's VBL handler here, registered with the
machine: at each VBL every task's count goes down by one and a task whose count reaches
0 is called (JSL to the task header + 8, native mode, 8-bit registers, D = $0000,
B = $00); it stays in the queue, dormant until it sets its count again. Heartbeat
tasks run at every VBL, busy or not; after them the Scheduler's queue runs, only when
the system is not busy (the busy flag at $E1/00FF is 0, and the VBL did not come
inside a tool call of this toolbox's that waits tick after tick). The ROM keeps VBL interrupts on from power-on; here they are turned on
by the first SetHeartBeat or SchAddTask (or IntSource, or INTEN), so a program that
uses none of them runs exactly as before.

User IDs (Toolbox Reference, "User ID format"): bits 15-12 typeID, 11-8 auxID,
7-0 mainID. GetNewID(idTag) takes the typeID in the high nibble of idTag and hands out
the lowest free mainID (1-255) of that type.
"""
from __future__ import annotations

import datetime as _dt
from typing import Callable

from iigs import bram as br
from iigs.interrupts import BUSY_VECTORS, SOURCES
from iigs.memory import read_bytes, read_pstring, read_word, write_bytes, write_word
from iigs.report import SystemFailure, system_text
from toolbox import dates
from toolbox.calls import ToolError, s16, tool
from toolbox.scheduler import run_queued_tasks
from toolbox.toolbox import tool_state

# Error codes (misctool.h)
BAD_INPUT_ERR = 0x0301        # badInputErr
ID_TAG_NOT_AVAIL_ERR = 0x030B  # idTagNtAvlErr: no more IDs of that type

# typeID values for GetNewID (Toolbox Reference, Miscellaneous Tool Set, user IDs)
TYPE_APPLICATION = 0x1000
TYPE_CONTROL_PANEL = 0x2000
TYPE_PRODOS = 0x3000
TYPE_TOOL_LOCATOR = 0x4000
TYPE_DESK_ACCESSORY = 0x5000
TYPE_RUNTIME_LIBRARY = 0x6000
TYPE_SYSTEM_LOADER = 0x7000
TYPE_MASK = 0xF000
MAIN_ID_MASK = 0x00FF

TASK_INSTALLED_ERR = 0x0303   # taskInstlErr: the task is already in the heartbeat queue
NO_SIGNATURE_ERR = 0x0304     # noSigTaskErr: no $A55A signature in the task header
TASK_NOT_FOUND_ERR = 0x0306   # taskNtFdErr: DelHeartBeat of a task not in the queue

# Heartbeat task header (Toolbox Reference, SetHeartBeat): TaskLink:L, TaskCnt:W,
# Signature:W ($A55A), then the task's code.
TASK_COUNT = 4
TASK_SIGNATURE = 6
TASK_CODE = 8
SIGNATURE = 0xA55A

# IntSource srcRefNum (misctool.h): (source, on).
INT_SOURCES = {
    0x00: ("keyboard", True), 0x01: ("keyboard", False),          # kybdEnable/Disable
    0x02: ("vbl", True), 0x03: ("vbl", False),                    # vblEnable/Disable
    0x04: ("quarter", True), 0x05: ("quarter", False),            # qSecEnable/Disable
    0x06: ("one_second", True), 0x07: ("one_second", False),      # oSecEnable/Disable
    0x0A: ("adb_data", True), 0x0B: ("adb_data", False),          # adbEnable/Disable
    0x0C: ("scan_line", True), 0x0D: ("scan_line", False),        # scLnEnable/Disable
    0x0E: ("external", True), 0x0F: ("external", False),          # exVCGEnable/Disable
}

# GetIRQEnable's intStatus bits (Toolbox Reference vol. 3, Miscellaneous Tool Set): the
# sources IntSource turns on and off, one bit each.
IRQ_ENABLE_BITS = (("keyboard", 0x80), ("vbl", 0x40), ("quarter", 0x20),
                   ("one_second", 0x10), ("adb_data", 0x04), ("scan_line", 0x02),
                   ("external", 0x01))

# SetVector numbers whose vectors are JMLs in memory: the interrupt handlers the
# firmware calls, IncBusyFlg and DecBusyFlg.
IRQ_VECTOR_NUMBERS = frozenset(SOURCES.values()) | frozenset(BUSY_VECTORS.values())

MT_VERSION = 0x0302
ASCII_TIME_LENGTH = 20        # ReadAsciiTime fills 20 characters


@tool_state("misc")
class MiscTools:
    """Misc Tools state: the clock source, user IDs in use, vectors, beeps."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.clock: Callable[[], _dt.datetime] = _dt.datetime.now
        self.ids: set[int] = set()          # typeID | mainID of IDs in use
        self.vectors: dict[int, int] = {}
        self.beeps = 0
        self.sys_fail: tuple[int, str] | None = None
        self.bram = br.BatteryRAM()           # in memory until a disk's file is bound
        self.heartbeat: list[int] = []        # task headers, in the order installed
        self.boot_info: list[str] = []        # ShowBootInfo's strings
        irq = self.interrupts
        if irq is not None:
            irq.set_firmware("vbl", self.heartbeat_interrupt)

    # -- interrupts ---------------------------------------------------------------------
    @property
    def interrupts(self):
        """The machine's interrupt hardware (`iigs.interrupts.Interrupts`), or None."""
        return getattr(self.tb.machine, "interrupts", None)

    def vector(self, number: int) -> int:
        irq = self.interrupts
        if irq is not None and number in IRQ_VECTOR_NUMBERS:
            return irq.vector(number)
        return self.vectors.get(number, 0)

    def set_vector(self, number: int, address: int) -> None:
        irq = self.interrupts
        if irq is not None and number in IRQ_VECTOR_NUMBERS:
            irq.set_vector(number, address)
        else:
            self.vectors[number] = address & 0xFFFFFF

    def set_heartbeat(self, task: int) -> None:
        """SetHeartBeat's core: the task joins the queue (VBL interrupts on)."""
        task &= 0xFFFFFF
        if task in self.heartbeat:
            raise ToolError(TASK_INSTALLED_ERR, f"task ${task:06X} already installed")
        if read_word(self.tb.mem, task + TASK_SIGNATURE) != SIGNATURE:
            raise ToolError(NO_SIGNATURE_ERR, f"task ${task:06X} has no $A55A signature")
        self.heartbeat.append(task)
        if self.interrupts is not None:
            self.interrupts.set_source("vbl", True)

    def del_heartbeat(self, task: int) -> None:
        task &= 0xFFFFFF
        if task not in self.heartbeat:
            raise ToolError(TASK_NOT_FOUND_ERR, f"task ${task:06X} not in the queue")
        self.heartbeat.remove(task)

    def heartbeat_interrupt(self) -> None:
        """The firmware's VBL handler: count each task down, call those that reach 0,
        then run the Scheduler's queue."""
        mem, machine = self.tb.mem, self.tb.machine
        for task in list(self.heartbeat):
            count = read_word(mem, task + TASK_COUNT)
            if not count:
                continue                      # dormant until the task sets its count
            write_word(mem, task + TASK_COUNT, count - 1)
            if count == 1 and task in self.heartbeat:
                machine.call(task + TASK_CODE, d=0, dbr=0, p=0x34,
                             stack=machine.stack_pointer)
        run_queued_tasks(self.tb)             # (when the system is not busy)

    # -- battery RAM --------------------------------------------------------------------
    def use_bram(self, bram: br.BatteryRAM) -> None:
        """Take the machine's battery RAM (kept beside its disk) and apply it."""
        self.bram = bram
        self.apply_settings()

    def write_param(self, number: int, value: int) -> None:
        """WriteBParam's core: keep the value and let it take effect."""
        self.bram.set_param(number, value)
        self.apply_settings((number & 0xFF,))

    def apply_settings(self, params: tuple[int, ...] | None = None) -> None:
        """Make battery RAM settings take effect (all of them when `params` is None)."""
        tb, ram = self.tb, self.bram
        wanted = set(params) if params is not None else None

        def changed(*numbers: int) -> bool:
            return wanted is None or bool(wanted.intersection(numbers))

        if changed(br.USER_VOLUME):
            tb.snd.set_system_volume(ram.param(br.USER_VOLUME))
        host = tb.host
        if changed(br.HOST_SCALE, br.HOST_FULL_SCREEN) and hasattr(host, "set_display"):
            host.set_display(ram.param(br.HOST_SCALE), bool(ram.param(br.HOST_FULL_SCREEN)))
        if changed(br.HI_MOUSE_RES) and hasattr(host, "set_tracking"):
            host.set_tracking(br.MOUSE_TRACKING[ram.param(br.HI_MOUSE_RES)])

    # -- user IDs ---------------------------------------------------------------------
    def get_new_id(self, id_tag: int) -> int:
        """GetNewID's core: typeID | lowest free mainID (never 0)."""
        type_id = id_tag & TYPE_MASK
        if not type_id:
            raise ToolError(BAD_INPUT_ERR, "typeID 0")
        for main in range(1, 256):
            if type_id | main not in self.ids:
                self.ids.add(type_id | main)
                return type_id | main
        raise ToolError(ID_TAG_NOT_AVAIL_ERR, f"no free ID of type ${type_id:04X}")

    def delete_id(self, user_id: int) -> None:
        """DeleteID's core (the auxID is ignored: the whole mainID is released)."""
        self.ids.discard(user_id & (TYPE_MASK | MAIN_ID_MASK))

    # -- time ---------------------------------------------------------------------------
    def time_hex(self) -> bytes:
        """ReadTimeHex's 8 bytes: second, minute, hour, year-1900, day-1, month-1,
        0, weekday (1 = Sunday, Toolbox Reference ch. 14)."""
        t = self.clock()
        weekday = (t.isoweekday() % 7) + 1
        return bytes([t.second, t.minute, t.hour, (t.year - 1900) & 0xFF, t.day - 1,
                      t.month - 1, 0, weekday])

    def ascii_time(self, when: _dt.datetime | None = None) -> bytes:
        """ReadAsciiTime's 20 characters (of `when`, else now) in the Control Panel's
        formats (battery RAM dateFormat: mm/dd/yy, dd/mm/yy or yy/mm/dd; clockFormat:
        AM/PM or 24-hour), "mm/dd/yy hh:mm:ss AM" by default, high bit set as the
        firmware writes them."""
        t = when or self.clock()
        day, month, year = f"{t.day:02d}", f"{t.month:02d}", f"{t.year % 100:02d}"
        date = {0: (month, day, year), 1: (day, month, year),
                2: (year, month, day)}[self.bram.param(br.DATE_FORMAT)]
        if self.bram.param(br.CLOCK_FORMAT):
            clock = f"{t.hour:02d}:{t.minute:02d}:{t.second:02d}   "
        else:
            hour12 = t.hour % 12 or 12
            clock = (f"{hour12:02d}:{t.minute:02d}:{t.second:02d} "
                     f"{'AM' if t.hour < 12 else 'PM'}")
        text = "/".join(date) + " " + clock
        return bytes(ord(c) | 0x80 for c in text[:ASCII_TIME_LENGTH])

    def ticks(self) -> int:
        machine = self.tb.machine
        return int(machine.ticks) if machine is not None else 0

    def beep(self) -> None:
        """SysBeep: counted here (every call), sounded by the Sound Tool Set at the
        system volume (silent at 0)."""
        self.beeps += 1
        self.tb.snd.beep()


def _misc(tb) -> MiscTools:
    return tb.misc


# -- tool calls (Toolbox Reference vol. 1, chapter 14; numbers from misctool.h) -----------

@tool(0x03, 0x02, "")
def MTStartUp(tb) -> None:
    """MTStartUp()"""
    _misc(tb).started = True


@tool(0x03, 0x03, "")
def MTShutDown(tb) -> None:
    """MTShutDown()"""
    _misc(tb).started = False


@tool(0x03, 0x04, "", 2)
def MTVersion(tb) -> int:
    """MTVersion(): versionInfo:W"""
    return MT_VERSION


@tool(0x03, 0x06, "", 2)
def MTStatus(tb) -> int:
    """MTStatus(): activeFlag:W"""
    return 0xFFFF if _misc(tb).started else 0


@tool(0x03, 0x0D, "", 8)
def ReadTimeHex(tb) -> int:
    """ReadTimeHex(): TimeRec (8 bytes: second, minute, hour, year-1900, day, month,
    unused, weekday -- in ascending address order)"""
    return int.from_bytes(_misc(tb).time_hex(), "little")


@tool(0x03, 0x0F, "L")
def ReadAsciiTime(tb, buffer: int) -> None:
    """ReadAsciiTime(bufferAddress:L) -- 20 ASCII characters, high bit set."""
    write_bytes(tb.mem, buffer, _misc(tb).ascii_time())


@tool(0x03, 0x09, "L")
def WriteBRam(tb, buffer: int) -> None:
    """WriteBRam(bufferAddress:L) -- 256 bytes; the checksum is computed, not taken."""
    misc = _misc(tb)
    misc.bram.write_all(read_bytes(tb.mem, buffer, br.BRAM_SIZE))
    misc.apply_settings()


@tool(0x03, 0x0A, "L")
def ReadBRam(tb, buffer: int) -> None:
    """ReadBRam(bufferAddress:L) -- the 256 bytes, checksum included."""
    write_bytes(tb.mem, buffer, _misc(tb).bram.read_all())


@tool(0x03, 0x0B, "WW")
def WriteBParam(tb, data: int, param_ref: int) -> None:
    """WriteBParam(theData:W, paramRefNum:W) -- the low byte of theData."""
    _misc(tb).write_param(param_ref, data)


@tool(0x03, 0x0C, "W", 2)
def ReadBParam(tb, param_ref: int) -> int:
    """ReadBParam(paramRefNum:W) -> paramData:W"""
    return _misc(tb).bram.param(param_ref)


@tool(0x03, 0x10, "WL")
def SetVector(tb, vector_ref: int, address: int) -> None:
    """SetVector(vectorRefNum:W, vectorPtr:L) -- an interrupt handler's vector is the
    JML the firmware calls; the others are remembered."""
    _misc(tb).set_vector(vector_ref, address)


@tool(0x03, 0x11, "W", 4)
def GetVector(tb, vector_ref: int) -> int:
    """GetVector(vectorRefNum:W): vectorPtr:L (an interrupt vector's firmware handler
    until set; 0 for the others if never set)"""
    return _misc(tb).vector(vector_ref)


@tool(0x03, 0x12, "L")
def SetHeartBeat(tb, task: int) -> None:
    """SetHeartBeat(taskPtr:L) -- taskInstlErr if queued, noSigTaskErr without $A55A."""
    _misc(tb).set_heartbeat(task)


@tool(0x03, 0x13, "L")
def DelHeartBeat(tb, task: int) -> None:
    """DelHeartBeat(taskPtr:L) -- taskNtFdErr if it is not in the queue."""
    _misc(tb).del_heartbeat(task)


@tool(0x03, 0x14, "")
def ClrHeartBeat(tb) -> None:
    """ClrHeartBeat() -- every task leaves the queue."""
    _misc(tb).heartbeat.clear()


@tool(0x03, 0x15, "WL")
def SysFailMgr(tb, error_code: int, fail_string: int) -> None:
    """SysFailMgr(errorCode:W, failString:L) -- fatal: stops the machine with a report."""
    message = (system_text(read_pstring(tb.mem, fail_string)) if fail_string
               else "Fatal system error -> ")
    _misc(tb).sys_fail = (error_code, message)
    raise SystemFailure(error_code, message)


@tool(0x03, 0x20, "W", 2)
def GetNewID(tb, id_tag: int) -> int:
    """GetNewID(IDTag:W): newID:W"""
    return _misc(tb).get_new_id(id_tag)


@tool(0x03, 0x21, "W")
def DeleteID(tb, user_id: int) -> None:
    """DeleteID(IDTag:W)"""
    _misc(tb).delete_id(user_id)


@tool(0x03, 0x22, "W")
def StatusID(tb, user_id: int) -> None:
    """StatusID(IDTag:W) -- idTagNtAvlErr if the ID is not in use."""
    if user_id & (TYPE_MASK | MAIN_ID_MASK) not in _misc(tb).ids:
        raise ToolError(ID_TAG_NOT_AVAIL_ERR, f"ID ${user_id:04X} not in use")


@tool(0x03, 0x23, "W")
def IntSource(tb, src_ref: int) -> None:
    """IntSource(srcRefNum:W) -- turns a source's interrupts on or off; badInputErr for
    a number misctool.h does not name."""
    if src_ref not in INT_SOURCES:
        raise ToolError(BAD_INPUT_ERR, f"srcRefNum ${src_ref:04X}")
    irq = _misc(tb).interrupts
    if irq is not None:
        irq.set_source(*INT_SOURCES[src_ref])


@tool(0x03, 0x25, "", 4)
def GetTick(tb) -> int:
    """GetTick(): tickCount:L -- 60 Hz ticks since the machine started."""
    return _misc(tb).ticks() & 0xFFFFFFFF


@tool(0x03, 0x2C, "")
def SysBeep(tb) -> None:
    """SysBeep()"""
    _misc(tb).beep()


@tool(0x03, 0x38, "W")
def SysBeep2(tb, beep_type: int) -> None:
    """SysBeep2(beepType:W) -- sbSilence ($8000) is silent; every other type beeps."""
    if not beep_type & 0x8000:
        _misc(tb).beep()


# -- ConvSeconds, boot information, interrupt status and the mouse's clamps (issue 48 §5,
# issue 49 §1; Toolbox Reference vol. 3 ch. 14 and the System 6 additions; verbs and
# error codes of ORCA/C misctool.h) -------------------------------------------------------

BAD_TIME_VERB = 0x0390         # badTimeVerb
BAD_TIME_DATA = 0x0391         # badTimeData
(SECS_TO_TIMEREC, TIMEREC_TO_SECS, SECS_TO_TEXT, SECS_TO_PRODOS, PRODOS_TO_SECS,
 GET_CURR_TIME_SECS, SET_CURR_TIME_SECS, PRODOS_TO_TIMEREC, TIMEREC_TO_PRODOS) = (
    0, 1, 2, 4, 5, 6, 7, 8, 9)


def _moment(read: Callable[[bytes], _dt.datetime], raw: bytes) -> _dt.datetime:
    """A date record read by `read`; badTimeData when it names no real moment."""
    try:
        return read(raw)
    except ValueError:
        raise ToolError(BAD_TIME_DATA, f"date record {raw.hex()}") from None


def _seconds(when: _dt.datetime) -> int:
    try:
        return dates.clock_seconds(when)
    except ValueError as err:
        raise ToolError(BAD_TIME_DATA, str(err)) from None


@tool(0x03, 0x37, "WLL", 4)
def ConvSeconds(tb, verb: int, secs: int, date_ptr: int) -> int:
    """ConvSeconds(convVerb:W, seconds:L, datePtr:L): secondsOut:L -- seconds since
    1 Jan 1904 to and from a TimeRec, text (ReadAsciiTime's 20 characters), a ProDOS
    date and time, or the clock; ProDOS2TimeRec / TimeRec2ProDOS work in place."""
    misc = _misc(tb)
    if verb == SECS_TO_TIMEREC:
        write_bytes(tb.mem, date_ptr, dates.timerec_bytes(dates.clock_datetime(secs)))
    elif verb == TIMEREC_TO_SECS:
        return _seconds(_moment(dates.timerec_datetime,
                                read_bytes(tb.mem, date_ptr, dates.TIMEREC_SIZE)))
    elif verb == SECS_TO_TEXT:
        write_bytes(tb.mem, date_ptr, misc.ascii_time(dates.clock_datetime(secs)))
    elif verb == SECS_TO_PRODOS:
        write_bytes(tb.mem, date_ptr, dates.prodos_bytes(dates.clock_datetime(secs)))
    elif verb == PRODOS_TO_SECS:
        return _seconds(_moment(dates.prodos_datetime,
                                read_bytes(tb.mem, date_ptr, dates.PRODOS_DATE_SIZE)))
    elif verb == GET_CURR_TIME_SECS:
        return _seconds(misc.clock().replace(microsecond=0))
    elif verb == SET_CURR_TIME_SECS:
        offset = dates.clock_datetime(secs) - misc.clock()
        base = misc.clock
        misc.clock = lambda: base() + offset
    elif verb == PRODOS_TO_TIMEREC:
        when = _moment(dates.prodos_datetime,
                       read_bytes(tb.mem, date_ptr, dates.PRODOS_DATE_SIZE))
        write_bytes(tb.mem, date_ptr, dates.timerec_bytes(when))
    elif verb == TIMEREC_TO_PRODOS:
        when = _moment(dates.timerec_datetime, read_bytes(tb.mem, date_ptr,
                                                          dates.TIMEREC_SIZE))
        write_bytes(tb.mem, date_ptr, dates.prodos_bytes(when))
    else:
        raise ToolError(BAD_TIME_VERB, f"verb {verb}")
    return 0


@tool(0x03, 0x3C, "LL")
def ShowBootInfo(tb, string_ptr: int, icon_ptr: int) -> None:
    """ShowBootInfo(stringPtr:L, iconPtr:L) -- the boot screen's line for an init;
    the machine starts with no boot screen, so the string is only kept."""
    if string_ptr:
        _misc(tb).boot_info.append(read_pstring(tb.mem, string_ptr).decode("mac_roman"))


@tool(0x03, 0x29, "", 2)
def GetIRQEnable(tb) -> int:
    """GetIRQEnable(): intStatus:W -- the hardware interrupts enabled now (IntSource,
    or the registers), a bit each (IRQ_ENABLE_BITS)."""
    irq = _misc(tb).interrupts
    on = irq.enabled if irq is not None else set()
    return sum(bit for name, bit in IRQ_ENABLE_BITS if name in on)


@tool(0x03, 0x1C, "WWWW")
def ClampMouse(tb, x_min: int, x_max: int, y_min: int, y_max: int) -> None:
    """ClampMouse(xMinClamp:W, xMaxClamp:W, yMinClamp:W, yMaxClamp:W) -- the Event
    Manager's clamps; the mouse moves inside them."""
    em = tb.em
    em.clamp = (s16(x_min), s16(x_max), s16(y_min), s16(y_max))
    em.mouse = em._clamped(em.mouse[1], em.mouse[0])


@tool(0x03, 0x1A, "")
def HomeMouse(tb) -> None:
    """HomeMouse() -- the mouse to the clamps' top left corner."""
    em = tb.em
    em.mouse = (em.clamp[2], em.clamp[0])
