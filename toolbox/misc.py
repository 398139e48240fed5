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

The mouse firmware's calls (InitMouse, SetMouse, ReadMouse ...) are `toolbox.mousefw`'s,
over the mouse the Event Manager and the ADB mouse keep. Queues (AddToQueue,
DeleteFromQueue) have the heartbeat task's header: link:L, reserved:W, $A55A; the
Desk Manager's run queue and the Memory Manager's out-of-memory queue are such queues.

User IDs (Toolbox Reference, "User ID format"): bits 15-12 typeID, 11-8 auxID,
7-0 mainID. GetNewID(idTag) takes the typeID in the high nibble of idTag and hands out
the lowest free mainID (1-255) of that type.
"""
from __future__ import annotations

import datetime as _dt
from typing import Callable

from iigs import bram as br
from iigs.interrupts import BUSY_VECTORS, SOURCES
from iigs.memory import (read_bytes, read_long, read_pstring, read_word, write_bytes,
                         write_long, write_word)
from iigs.report import SystemFailure, system_text
from toolbox import dates
from toolbox.calls import OpwordAnswer, OpwordFrame, ToolError, opword_tool, s16, tool
from toolbox.mousefw import MOUSE_SLOT, MouseFirmware
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
        self._mouse: MouseFirmware | None = None
        self.firmware_block = 0               # GetAddr's variables, once asked for
        irq = self.interrupts
        if irq is not None:
            irq.set_firmware("vbl", self.heartbeat_interrupt)

    @property
    def mouse(self) -> MouseFirmware:
        """The mouse firmware's state (`toolbox.mousefw`), made when first used."""
        if self._mouse is None:
            self._mouse = MouseFirmware(self.tb)
        return self._mouse

    def tick(self) -> None:
        """Once a tick: GetAddr's variables that the machine keeps (the tick count, the
        mouse slot and both clamp records), once a program asked where they are."""
        at = self.firmware_block
        if not at:
            return
        mem = self.tb.mem
        write_bytes(mem, at + GETADDR_OFFSETS[TICK_CNT],
                    (self.ticks() & 0xFFFFFFFF).to_bytes(4, "little"))
        mem[at + GETADDR_OFFSETS[MOUSE_SLOT_REF]] = MOUSE_SLOT
        for ref, clamp in ((MOUSE_CLAMPS, self.tb.em.clamp),
                           (ABS_CLAMPS, self.mouse.abs_clamp)):
            write_bytes(mem, at + GETADDR_OFFSETS[ref],
                        b"".join((c & 0xFFFF).to_bytes(2, "little") for c in clamp))

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


# -- the rest of the Misc Tool Set (Toolbox Reference vol. 1 ch. 14, vol. 3 ch. 14 and
# the System 6 additions; misctool.h) ----------------------------------------------------

@tool(0x03, 0x01, "")
def MTBootInit(tb) -> None:
    """MTBootInit() -- the ROM's start-up work; nothing is left to do here."""


@tool(0x03, 0x05, "")
def MTReset(tb) -> None:
    """MTReset() -- the heartbeat queue empties, as at a reset."""
    _misc(tb).heartbeat.clear()


@tool(0x03, 0x0E, "WWW")
def WriteTimeHex(tb, month_day: int, year_hour: int, minute_second: int) -> None:
    """WriteTimeHex(month|day:W, year|hour:W, minute|second:W) -- sets the clock; the
    bytes as ReadTimeHex gives them (month and day from 0, year - 1900); badInputErr
    for a moment that does not exist."""
    misc = _misc(tb)
    raw = bytes([minute_second & 0xFF, minute_second >> 8, year_hour & 0xFF,
                 year_hour >> 8, month_day & 0xFF, month_day >> 8, 0, 0])
    try:
        when = dates.timerec_datetime(raw)
    except ValueError:
        raise ToolError(BAD_INPUT_ERR, f"no such moment: {raw.hex()}") from None
    offset = when - misc.clock().replace(microsecond=0)
    base = misc.clock
    misc.clock = lambda: base() + offset


# GetAddr's refNums (misctool.h) and the sizes of the variables they name: the block
# the Misc Tool Set keeps them in (allocated at the first GetAddr; `MiscTools.tick`
# keeps the tick count, the mouse slot and both clamp records current; the interrupt
# flags, serial, AppleTalk, sound and break variables are the ROM's own and stay 0).
(IRQ_INT_FLAG, IRQ_DATA_REG, IRQ_SERIAL1, IRQ_SERIAL2, IRQ_APL_TLK_HI, TICK_CNT,
 IRQ_VOLUME, IRQ_ACTIVE, IRQ_SND_DATA, BRK_VAR, EV_MGR_DATA, MOUSE_SLOT_REF,
 MOUSE_CLAMPS, ABS_CLAMPS, SCC_INT_FLAG) = range(15)
GETADDR_SIZES = (1, 1, 1, 1, 1, 4, 1, 1, 1, 4, 4, 1, 8, 8, 1)
GETADDR_OFFSETS = tuple(sum(GETADDR_SIZES[:n]) for n in range(len(GETADDR_SIZES)))
FIRMWARE_BLOCK_ATTR = 0xC018      # locked, fixed, may not cross a bank, not special


@tool(0x03, 0x16, "W", 4)
def GetAddr(tb, ref_num: int) -> int:
    """GetAddr(refNum:W): address:L -- where a firmware variable is; badInputErr for
    a refNum misctool.h does not name."""
    if ref_num >= len(GETADDR_SIZES):
        raise ToolError(BAD_INPUT_ERR, f"GetAddr refNum {ref_num}")
    misc = _misc(tb)
    if not misc.firmware_block:
        handle = tb.mm.new_handle(sum(GETADDR_SIZES), misc.get_new_id(TYPE_TOOL_LOCATOR),
                                  FIRMWARE_BLOCK_ATTR)
        misc.firmware_block = tb.mm.deref(handle)
        write_bytes(tb.mem, misc.firmware_block, bytes(sum(GETADDR_SIZES)))
    misc.tick()
    return misc.firmware_block + GETADDR_OFFSETS[ref_num]


# -- queues (Toolbox Reference vol. 3, AddToQueue / DeleteFromQueue): a header and each
# entry begin with the same 8 bytes, qLink:L (the next entry, 0 at the end), reserved:W,
# signature:W ($A55A, as a heartbeat task's). -------------------------------------------
QUEUE_DAMAGED_ERR = 0x0305    # queueDmgdErr: the header has no signature


def queue_entries(mem, header: int) -> list[int]:
    """The entries of the queue at `header`, in order (a loop ends the walk)."""
    seen: list[int] = []
    entry = read_long(mem, header) & 0xFFFFFF
    while entry and entry not in seen:
        seen.append(entry)
        entry = read_long(mem, entry) & 0xFFFFFF
    return seen


def _check_queue(mem, header: int) -> None:
    if read_word(mem, header + TASK_SIGNATURE) != SIGNATURE:
        raise ToolError(QUEUE_DAMAGED_ERR, f"queue header ${header:06X} has no $A55A")


def add_to_queue(mem, entry: int, header: int) -> None:
    """AddToQueue's core: the entry goes at the end of the queue."""
    entry, header = entry & 0xFFFFFF, header & 0xFFFFFF
    _check_queue(mem, header)
    if read_word(mem, entry + TASK_SIGNATURE) != SIGNATURE:
        raise ToolError(NO_SIGNATURE_ERR, f"queue entry ${entry:06X} has no $A55A")
    entries = queue_entries(mem, header)
    if entry in entries:
        raise ToolError(TASK_INSTALLED_ERR, f"${entry:06X} is already in the queue")
    write_long(mem, entry, 0)
    write_long(mem, entries[-1] if entries else header, entry)


def delete_from_queue(mem, entry: int, header: int) -> None:
    """DeleteFromQueue's core: the entry before it is linked past it."""
    entry, header = entry & 0xFFFFFF, header & 0xFFFFFF
    _check_queue(mem, header)
    entries = queue_entries(mem, header)
    if entry not in entries:
        raise ToolError(TASK_NOT_FOUND_ERR, f"${entry:06X} is not in the queue")
    at = entries.index(entry)
    write_long(mem, entries[at - 1] if at else header, read_long(mem, entry) & 0xFFFFFF)
    write_long(mem, entry, 0)


@tool(0x03, 0x2E, "LL")
def AddToQueue(tb, new_entry: int, header: int) -> None:
    """AddToQueue(newEntryPtr:L, headerPtr:L) -- noSigTaskErr, taskInstlErr,
    queueDmgdErr as the reference gives them."""
    add_to_queue(tb.mem, new_entry, header)


@tool(0x03, 0x2F, "LL")
def DeleteFromQueue(tb, entry: int, header: int) -> None:
    """DeleteFromQueue(entryPtr:L, headerPtr:L) -- taskNtFdErr when it is not there."""
    delete_from_queue(tb.mem, entry, header)


# -- the interrupt state record (misctool.h InterruptStateRec, 20 bytes): A X Y S D:W
# (+0), P DB e K:B (+10), PC:W (+14), state:B (+16, STATEREG $C068), shadow:W (+17,
# SHADOW $C035), mslot:B (+19, SLTROMSEL $C02D). ------------------------------------------
INT_STATE_REC_SIZE = 20
INT_STATE_K, INT_STATE_PC = 13, 14
STATEREG, SHADOW, SLTROMSEL = 0xC068, 0xC035, 0xC02D
INT_STATE_IO = ((16, 1, STATEREG), (17, 2, SHADOW), (19, 1, SLTROMSEL))


def interrupt_state(tb) -> bytes:
    """The record now: K and PC the caller's, the memory-configuration registers as
    they are; the registers the ROM's interrupt handler would have saved (A, X, Y, S,
    D, P, DB, e) read 0: the firmware here saves none where a program can read them."""
    rec = bytearray(INT_STATE_REC_SIZE)
    rec[INT_STATE_K] = (tb.caller >> 16) & 0xFF
    rec[INT_STATE_PC:INT_STATE_PC + 2] = (tb.caller & 0xFFFF).to_bytes(2, "little")
    io = getattr(tb.machine, "io", None)
    if io is not None:
        for offset, size, register in INT_STATE_IO:
            rec[offset:offset + size] = io.read(register).to_bytes(size, "little")
    return bytes(rec)


@tool(0x03, 0x32, "", 2)
def GetIntStateRecSize(tb) -> int:
    """GetIntStateRecSize(): size:W (20)"""
    return INT_STATE_REC_SIZE


@tool(0x03, 0x31, "LW")
def GetInterruptState(tb, rec_ptr: int, bytes_desired: int) -> None:
    """GetInterruptState(iStateRec:L, bytesDesired:W) -- the first bytesDesired bytes."""
    write_bytes(tb.mem, rec_ptr, interrupt_state(tb)[:min(bytes_desired,
                                                           INT_STATE_REC_SIZE)])


@tool(0x03, 0x30, "LW")
def SetInterruptState(tb, rec_ptr: int, bytes_desired: int) -> None:
    """SetInterruptState(iStateRec:L, bytesDesired:W) -- the state, shadow and slot
    registers the record holds are set; the CPU's registers are the caller's own."""
    io = getattr(tb.machine, "io", None)
    length = min(bytes_desired, INT_STATE_REC_SIZE)
    if io is None:
        return
    rec = read_bytes(tb.mem, rec_ptr, length)
    for offset, size, register in INT_STATE_IO:
        if offset + size <= length:
            io.write(register, rec[offset])      # (SHADOW's high byte is not a register)


# -- strings ----------------------------------------------------------------------------

@tool(0x03, 0x28, "LLLWLWL", 2)
def Munger(tb, dest_ptr: int, dest_len_ptr: int, targ_ptr: int, targ_len: int,
           repl_ptr: int, repl_len: int, pad_ptr: int) -> int:
    """Munger(destPtr:L, destLenPtr:L, targPtr:L, targLen:W, replPtr:L, replLen:W,
    padPtr:L): offset:W -- the first occurrence of the target in the destination is
    replaced; the offset just past the replacement, or $FFFF when the target is not
    there. A NIL target means the first targLen bytes; a NIL replacement deletes. With a
    pad character the destination keeps its length (cut, or filled with the pad);
    without, *destLenPtr becomes the new length."""
    mem = tb.mem
    dest_len = read_word(mem, dest_len_ptr)
    dest = read_bytes(mem, dest_ptr, dest_len)
    if targ_ptr & 0xFFFFFF:
        target = read_bytes(mem, targ_ptr, targ_len)
        at = dest.find(target) if target else 0
        if at < 0:
            return 0xFFFF
    else:
        at, targ_len = 0, min(targ_len, dest_len)
    replacement = read_bytes(mem, repl_ptr, repl_len) if repl_ptr & 0xFFFFFF else b""
    result = dest[:at] + replacement + dest[at + targ_len:]
    if pad_ptr & 0xFFFFFF:
        result = result[:dest_len].ljust(dest_len, bytes([mem[pad_ptr & 0xFFFFFF]]))
    else:
        write_word(mem, dest_len_ptr, len(result))
    write_bytes(mem, dest_ptr, result)
    return min(at + len(replacement), len(result))


# Version stages (Technical Note #100, the rVersion layout): byte 0 major (BCD), byte 1
# minor (high nibble) and bug (low nibble), byte 2 stage, byte 3 the non-final release.
VERSION_STAGES = {0x20: "d", 0x40: "a", 0x60: "b", 0x80: "f", 0xA0: ""}


def version_text(version: int) -> str:
    """A version long as Technical Note #100 writes it: "1.2.1b3", "6.0.1"."""
    major, minor_bug = version & 0xFF, (version >> 8) & 0xFF
    stage, release = (version >> 16) & 0xFF, (version >> 24) & 0xFF
    text = f"{major:X}.{minor_bug >> 4:X}"
    if minor_bug & 0x0F:
        text += f".{minor_bug & 0x0F:X}"
    letter = VERSION_STAGES.get(stage & 0xE0, "")
    if letter:
        text += f"{letter}{release}"
    return text


@tool(0x03, 0x39, "WLL")
def VersionString(tb, flags: int, version: int, buffer: int) -> None:
    """VersionString(flags:W, version:L, resultPtr:L) -- the version as a Pascal
    string (Technical Note #100's form)."""
    text = version_text(version).encode("ascii")
    write_bytes(tb.mem, buffer, bytes([len(text)]) + text)


# -- waiting, devices, system preferences and the ROM's resources -----------------------

@tool(0x03, 0x3A, "WW", 2)
def WaitUntil(tb, delay_from: int, delay_amount: int) -> int:
    """WaitUntil(delayFrom:W, delayAmount:W): newTime:W -- waits until delayAmount
    ticks have passed since tick delayFrom (the low word of the tick count; pass the
    result to the next WaitUntil for an even beat); the tick it ended on."""
    misc = _misc(tb)
    while (misc.ticks() - delay_from) & 0xFFFF < delay_amount:
        before = misc.ticks()
        tb.em.present_and_wait()
        if misc.ticks() == before:           # (no machine: nothing moves time)
            break
    return misc.ticks() & 0xFFFF


@tool(0x03, 0x3D, "", 2)
def ScanDevices(tb) -> int:
    """ScanDevices(): devNum:W -- the number of the device GS/OS would look at for a
    newly inserted disk; the machine's one disk never changes, so 0 (none)."""
    return 0


@tool(0x03, 0x3F, "WW", 2)
def DoSysPrefs(tb, bits_to_clear: int, bits_to_set: int) -> int:
    """DoSysPrefs(bitsToClear:W, bitsToSet:W): sysPrefs:W -- GS/OS's SysPrefs word
    (the one GetSysPrefs/SetSysPrefs reach), changed and answered."""
    gsos = tb.gsos
    gsos.sys_prefs = (gsos.sys_prefs & ~bits_to_clear | bits_to_set) & 0xFFFF
    return gsos.sys_prefs


@tool(0x03, 0x24, "WWWW", 8)
def FWEntry(tb, a_reg: int, x_reg: int, y_reg: int, entry: int) -> int:
    """FWEntry(aRegister:W, xRegister:W, yRegister:W, eModeEntryPt:W): FWRec -- calls
    an emulation-mode firmware routine in bank 0. The machine has no ROM, so there is
    no firmware routine to call: the machine stops with a report that names the entry
    point, rather than answer registers no routine left."""
    machine = tb.machine
    title = f"FWEntry: no firmware routine at 00/{entry:04X}"
    details = [f"FWEntry(A=${a_reg:04X}, X=${x_reg:04X}, Y=${y_reg:04X}) asked for the "
               f"emulation-mode routine at 00/{entry:04X}; this machine has no ROM, so "
               f"no Apple II firmware entry point is there."]
    if machine is None:
        raise ToolError(BAD_INPUT_ERR, title)
    raise machine.crash(title, where=tb.caller, details=details)


def _rom_resource(tb, frame: OpwordFrame) -> OpwordAnswer:
    """GetROMResource(?:W, ?:L): handle:L -- a private ROM 3 call (Nifty List's
    signature); this machine's ROM holds no resources, so it answers a NIL handle, as
    a ROM 3 without the resource does."""
    write_long(tb.mem, frame.base + 6, 0)
    return OpwordAnswer(drop=6)


def _release_rom_resource(tb, frame: OpwordFrame) -> OpwordAnswer:
    """ReleaseROMResource(?:W, ?:L) -- nothing was handed out: nothing to release."""
    return OpwordAnswer(drop=6)


opword_tool(0x03, 0x35, "GetROMResource")(_rom_resource)
opword_tool(0x03, 0x36, "ReleaseROMResource")(_release_rom_resource)


# -- StringToText (System 6) -------------------------------------------------------------

# StringToText's flags (misctool.h)
F_ALLOW_MOUSE_TEXT = 0x8000
F_ALLOW_LONGER_SUBS = 0x4000
F_FORCE_LANGUAGE = 0x2000
F_PASS_THRU = 0x1000
RESULT_BUF_HEADER = 4            # a class 1 output buffer: bufSize:W, then length:W


@tool(0x03, 0x3B, "WLWL", 4)
def StringToText(tb, flags: int, text_ptr: int, text_len: int, result_ptr: int) -> int:
    """StringToText(flags:W, textPtr:L, textLen:W, resultPtr:L) -> result:L -- the text
    made 7-bit (`toolbox.textsubs`: fAllowLongerSubs lets a character become several,
    fPassThru leaves one the table lacks as it is) into a class 1 output buffer at
    resultPtr (bufSize:W counting its own 4 header bytes, length:W, the text): as much
    as fits is stored, the length word gets the whole translation's length; the result's
    low word is the number of characters stored (the high word, the result flags, 0)."""
    from toolbox.textsubs import substitute
    text = read_bytes(tb.mem, text_ptr, text_len) if text_len else b""
    out = b"".join(substitute(c, bool(flags & F_ALLOW_LONGER_SUBS),
                              bool(flags & F_PASS_THRU)) for c in text)
    room = read_word(tb.mem, result_ptr) - RESULT_BUF_HEADER
    if room < 0:                         # not even room for the length word
        return 0
    stored = out[:room]
    write_word(tb.mem, result_ptr + 2, len(out))
    write_bytes(tb.mem, result_ptr + RESULT_BUF_HEADER, stored)
    return len(stored)
