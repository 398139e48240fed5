"""MIDI Tool Set (tool set $20) on a IIGS with no MIDI interface attached.

Follows the Apple IIGS Toolbox Reference vol. 3, "MIDI Tool Set", with the numbers of
Apple's Midi.h (1986-89): the error codes miStartUpErr $2000 .. miDevIntHndlr $2087,
the MidiControl, MidiDevice, MidiClock and MidiInfo function numbers, and the records
MiBufInfo (bufSize:W, address:L) and MiDriverInfo (slot:W, external:W, pathname: a
Pascal string of up to 64 characters).

What is modelled is the tool set's own state, not a device:
- MidiStartUp(userID, dPageAddr) needs the Sound Tool Set and the Note Synthesizer
  started (Midi.h gives both their minimum versions, miSTVer $0203 and miNSVer $0102):
  miToolsErr $2004 otherwise. Every other call but the housekeeping ones answers
  miStartUpErr $2000 before it.
- MidiDevice(miLoadDrvr, driverInfo) loads the driver the pathname names: the file must
  be on the disk (its GS/OS error otherwise) and be a MIDI device driver, file type $BB
  aux type $0300 (miDrvrFileType, miDrvrAuxType; miDriverErr $2008 otherwise). Its code
  is not run: it is taken as a driver of a port with nothing attached (a serial MIDI
  interface is passive: what goes out of the port goes nowhere and nothing comes in).
  miUnloadDrvr unloads it; miSelectDrvr (the driver selection dialog) has no driver to
  offer -- no MIDI interface -- and answers miDevNotAvail $2080.
- MidiControl keeps the real-time and error vectors, the input and output buffers
  (MiBufInfo: bufSize 0 is the default size, address 0 a block the tool set allocates
  with the program's user ID), the input and output modes (raw, packet, standard), the
  minimum delay between packets and the running-status and ignore-SysEx switches.
  Starting input or output needs a driver (miNoDevErr $200C) and that direction's
  buffer (miNoBufErr $2007).
- MidiClock: the time stamp clock, set, started, stopped and given a frequency (ticks a
  second, 1 .. 65535; miBadFreqErr $2009 otherwise); it counts with the machine's
  emulated time. MidiInfo answers its value and frequency, the buffers' sizes, and 0
  for the characters waiting (none come in; what is written leaves at once).
- MidiWritePacket(packetPtr) needs output started (miOutOffErr $2005). A packet is a
  length byte (the whole packet's bytes, itself included), a 4-byte time stamp and the
  MIDI bytes: shorter than 6 bytes is miPacketErr $2001. It answers the bytes taken and
  the packet is kept in `written` (its time stamp and MIDI bytes), which a test reads.
- MidiReadPacket(bufferPtr, size) needs a driver and an input buffer and answers 0:
  no byte ever arrives from a device that is not there.
Assumed where the interface files are silent: the packet layout above, the default
buffer size (DEFAULT_BUFFER) and the default clock frequency (DEFAULT_FREQ).
MidiInputPoll is no tool call (a vector at $E11DD8) and is not here.
"""
from __future__ import annotations

from dataclasses import dataclass

from iigs.memory import read_bytes, read_long, read_pstring, read_word
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x20
MIDI_VERSION = 0x0102

# Midi.h: errors
MI_START_UP_ERR = 0x2000         # the MIDI Tool Set is not started
MI_PACKET_ERR = 0x2001           # incorrect length for a MIDI command
MI_ARRAY_ERR = 0x2002            # an array of insufficient or illegal size
MI_TOOLS_ERR = 0x2004            # the required tools were not started
MI_OUT_OFF_ERR = 0x2005          # MIDI output must first be enabled
MI_NO_BUF_ERR = 0x2007           # no buffer is currently allocated
MI_DRIVER_ERR = 0x2008           # not a legal MIDI device driver
MI_BAD_FREQ_ERR = 0x2009         # the clock cannot attain the frequency
MI_NO_DEV_ERR = 0x200C           # no MIDI device driver loaded
MI_DEV_NOT_AVAIL = 0x2080        # the requested device is not available

MI_DRVR_FILE_TYPE, MI_DRVR_AUX_TYPE = 0x00BB, 0x0300
MI_ST_VER, MI_NS_VER = 0x0203, 0x0102

# MidiControl functions
(MI_SET_RT_VEC, MI_SET_ERR_VEC, MI_SET_IN_BUF, MI_SET_OUT_BUF, MI_START_INPUT,
 MI_START_OUTPUT, MI_STOP_INPUT, MI_STOP_OUTPUT, MI_FLUSH_INPUT, MI_FLUSH_OUTPUT,
 MI_FLUSH_PACKET, MI_WAIT_OUTPUT, MI_SET_IN_MODE, MI_SET_OUT_MODE, MI_CLR_NOTE_PAD,
 MI_SET_DELAY, MI_OUTPUT_STAT, MI_IGNORE_SYS_EX) = range(0x12)
# MidiDevice functions
MI_SELECT_DRVR, MI_LOAD_DRVR, MI_UNLOAD_DRVR = 0, 1, 2
# MidiClock functions
MI_SET_CLOCK, MI_START_CLOCK, MI_STOP_CLOCK, MI_SET_FREQ = 0, 1, 2, 3
# MidiInfo functions
(MI_NEXT_PKT_LEN, MI_INPUT_CHARS, MI_OUTPUT_CHARS, MI_MAX_IN_CHARS, MI_MAX_OUT_CHARS,
 MI_RECORD_ADDR, MI_PLAY_ADDR, MI_CLOCK_VALUE, MI_CLOCK_FREQ) = range(9)

PACKET_HEADER = 5                # length byte and 4-byte time stamp
DEFAULT_BUFFER = 0x0400          # assumed: a buffer of bufSize 0
DEFAULT_FREQ = 1000              # assumed: clock ticks a second before miSetFreq
MAX_FREQ = 0xFFFF
MODES = {"raw": 0, "packet": 1, "standard": 2}


@dataclass
class Buffer:
    """An input or output buffer MidiControl set: its size and address (its handle
    when the tool set allocated it)."""
    size: int
    address: int
    handle: int = 0


@dataclass
class Packet:
    """A packet MidiWritePacket sent out of the port."""
    time_stamp: int
    data: bytes


@dataclass
class Driver:
    slot: int
    external: int
    pathname: str


@dataclass
class Clock:
    """The time stamp clock: `value` when last set or stopped, counting from `since`
    (the machine's cycles) while it runs."""
    value: int = 0
    freq: int = DEFAULT_FREQ
    running: bool = False
    since: int = 0


@tool_state("midi")
class MIDITools:
    """The MIDI Tool Set's state: driver, buffers, modes, vectors, clock, packets."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.user_id = 0
        self.dpage = 0
        self.clear()

    def reset(self) -> None:
        """MidiReset, MidiShutDown: buffers freed, settings back to their defaults."""
        self.free_buffers()
        self.clear()

    def clear(self) -> None:
        self.driver: Driver | None = None
        self.buffers: dict[str, Buffer | None] = {"in": None, "out": None}
        self.running = {"in": False, "out": False}
        self.modes = {"in": MODES["raw"], "out": MODES["raw"]}
        self.vectors = {"real time": 0, "error": 0}
        self.delay = 0
        self.running_status = 0
        self.ignore_sys_ex = 0
        self.clock = Clock()
        self.written: list[Packet] = []

    def start_up(self, user_id: int, dpage: int) -> None:
        tb = self.tb
        if not tb.snd.started or not tb.ns.started:
            raise ToolError(MI_TOOLS_ERR, "MidiStartUp: the Sound Tool Set and the Note "
                                          "Synthesizer must be started first")
        self.reset()
        self.user_id, self.dpage = user_id, dpage

    def shut_down(self) -> None:
        self.reset()

    def require_started(self) -> None:
        if not self.started:
            raise ToolError(MI_START_UP_ERR, "the MIDI Tool Set is not started")

    def require_driver(self) -> None:
        if self.driver is None:
            raise ToolError(MI_NO_DEV_ERR, "no MIDI device driver loaded")

    # -- buffers ----------------------------------------------------------------------
    def set_buffer(self, direction: str, info_ptr: int) -> None:
        """miSetInBuf/miSetOutBuf: MiBufInfo at `info_ptr` (bufSize 0: the default;
        address 0: a block the tool set allocates)."""
        mem = self.tb.mem
        size = read_word(mem, info_ptr) or DEFAULT_BUFFER
        address = read_long(mem, info_ptr + 2) & 0xFFFFFF
        self.free_buffer(direction)
        handle = 0
        if not address:
            mm = self.tb.mm
            handle = mm.new_handle(size, self.user_id or 0x1000, 0xC000)
            address = mm.deref(handle)
        self.buffers[direction] = Buffer(size, address, handle)

    def free_buffer(self, direction: str) -> None:
        buffer = self.buffers.get(direction)
        if buffer is not None and buffer.handle and buffer.handle in self.tb.mm.blocks:
            self.tb.mm.dispose(buffer.handle)
        self.buffers[direction] = None

    def free_buffers(self) -> None:
        for direction in ("in", "out"):
            self.free_buffer(direction)

    def start(self, direction: str) -> None:
        self.require_driver()
        if self.buffers[direction] is None:
            raise ToolError(MI_NO_BUF_ERR, f"no {direction}put buffer")
        self.running[direction] = True

    # -- the driver ---------------------------------------------------------------------
    def load_driver(self, info_ptr: int) -> None:
        """miLoadDrvr: the MiDriverInfo's driver file must be a MIDI device driver."""
        from toolbox.gsos import FILE_NOT_FOUND, GSOSError
        mem = self.tb.mem
        slot, external = read_word(mem, info_ptr), read_word(mem, info_ptr + 2)
        pathname = read_pstring(mem, info_ptr + 4).decode("mac_roman")
        gsos = self.tb.gsos
        try:
            info = gsos.volume.info(gsos.on_volume(gsos.resolve(pathname)))
        except GSOSError as err:
            raise ToolError(err.code, f"MidiDevice: {pathname!r}: {err}") from None
        except FileNotFoundError:
            raise ToolError(FILE_NOT_FOUND, f"MidiDevice: no file {pathname!r}") from None
        if (info.file_type, info.aux_type) != (MI_DRVR_FILE_TYPE, MI_DRVR_AUX_TYPE):
            raise ToolError(MI_DRIVER_ERR, f"MidiDevice: {pathname!r} is not a MIDI "
                                           "device driver")
        self.driver = Driver(slot, external, pathname)

    def unload_driver(self) -> None:
        self.running = {"in": False, "out": False}
        self.driver = None

    # -- the clock ----------------------------------------------------------------------
    def cycles(self) -> int:
        machine = self.tb.machine
        return machine.elapsed_cycles if machine is not None else 0

    def clock_value(self) -> int:
        clock = self.clock
        machine = self.tb.machine
        if not clock.running or machine is None:
            return clock.value
        ticks = (self.cycles() - clock.since) * clock.freq // machine.cycles_per_second
        return (clock.value + ticks) & 0xFFFFFFFF

    def set_clock(self, value: int) -> None:
        self.clock.value, self.clock.since = value & 0xFFFFFFFF, self.cycles()

    def clock_call(self, function: int, argument: int) -> None:
        clock = self.clock
        if function == MI_SET_CLOCK:
            self.set_clock(argument)
        elif function == MI_START_CLOCK:
            self.set_clock(self.clock_value())
            clock.running = True
        elif function == MI_STOP_CLOCK:
            self.set_clock(self.clock_value())
            clock.running = False
        elif function == MI_SET_FREQ:
            if not 1 <= argument <= MAX_FREQ:
                raise ToolError(MI_BAD_FREQ_ERR, f"MidiClock: {argument} ticks a second")
            self.set_clock(self.clock_value())
            clock.freq = argument

    # -- packets ------------------------------------------------------------------------
    def write_packet(self, ptr: int) -> int:
        if not self.running["out"]:
            raise ToolError(MI_OUT_OFF_ERR, "MidiWritePacket: MIDI output is not started")
        mem = self.tb.mem
        length = mem[ptr & 0xFFFFFF]
        if length <= PACKET_HEADER:
            raise ToolError(MI_PACKET_ERR, f"MidiWritePacket: a packet of {length} bytes")
        self.written.append(Packet(read_long(mem, ptr + 1),
                                   read_bytes(mem, ptr + PACKET_HEADER,
                                              length - PACKET_HEADER)))
        return length

    def info(self, function: int) -> int:
        buffers = self.buffers
        if function in (MI_MAX_IN_CHARS, MI_MAX_OUT_CHARS):
            buffer = buffers["in" if function == MI_MAX_IN_CHARS else "out"]
            return buffer.size if buffer is not None else 0
        if function == MI_CLOCK_VALUE:
            return self.clock_value()
        if function == MI_CLOCK_FREQ:
            return self.clock.freq
        # miNextPktLen, miInputChars, miOutputChars: nothing waits; miRecordAddr,
        # miPlayAddr: no MidiRecordSeq/MidiPlaySeq running.
        return 0


register_housekeeping(TOOLSET, "Midi", "midi", MIDI_VERSION, "WW")


def _midi(tb) -> MIDITools:
    tb.midi.require_started()
    return tb.midi


def _keep(attr: str, key: str | None = None):
    """A MidiControl function that keeps its argument (in a dict when `key`)."""
    def keep(midi: MIDITools, argument: int) -> None:
        if key is None:
            setattr(midi, attr, argument)
        else:
            getattr(midi, attr)[key] = argument
    return keep


def _flush(midi: MIDITools, argument: int) -> None:
    """Flushing: the input never holds anything, the output leaves at once."""


def _stop(direction: str):
    def stop(midi: MIDITools, argument: int) -> None:
        midi.running[direction] = False
    return stop


def _wait_output(midi: MIDITools, argument: int) -> None:
    if not midi.running["out"]:
        raise ToolError(MI_OUT_OFF_ERR, "miWaitOutput: MIDI output is not started")


CONTROL = {
    MI_SET_RT_VEC: _keep("vectors", "real time"),
    MI_SET_ERR_VEC: _keep("vectors", "error"),
    MI_SET_IN_BUF: lambda midi, arg: midi.set_buffer("in", arg),
    MI_SET_OUT_BUF: lambda midi, arg: midi.set_buffer("out", arg),
    MI_START_INPUT: lambda midi, arg: midi.start("in"),
    MI_START_OUTPUT: lambda midi, arg: midi.start("out"),
    MI_STOP_INPUT: _stop("in"),
    MI_STOP_OUTPUT: _stop("out"),
    MI_FLUSH_INPUT: _flush, MI_FLUSH_OUTPUT: _flush, MI_FLUSH_PACKET: _flush,
    MI_WAIT_OUTPUT: _wait_output,
    MI_SET_IN_MODE: _keep("modes", "in"),
    MI_SET_OUT_MODE: _keep("modes", "out"),
    MI_CLR_NOTE_PAD: _flush,
    MI_SET_DELAY: _keep("delay"),
    MI_OUTPUT_STAT: _keep("running_status"),
    MI_IGNORE_SYS_EX: _keep("ignore_sys_ex"),
}


@tool(TOOLSET, 0x09, "WL")
def MidiControl(tb, function: int, argument: int) -> None:
    """MidiControl(function:W, argument:L) -- a function Midi.h does not name does
    nothing."""
    midi = _midi(tb)
    action = CONTROL.get(function)
    if action is not None:
        action(midi, argument)


@tool(TOOLSET, 0x0A, "WL")
def MidiDevice(tb, function: int, driver_info: int) -> None:
    """MidiDevice(function:W, driverInfoPtr:L): miSelectDrvr, miLoadDrvr,
    miUnloadDrvr."""
    midi = _midi(tb)
    if function == MI_LOAD_DRVR:
        midi.load_driver(driver_info)
    elif function == MI_UNLOAD_DRVR:
        midi.unload_driver()
    else:
        raise ToolError(MI_DEV_NOT_AVAIL, "MidiDevice: no MIDI interface to choose")


@tool(TOOLSET, 0x0B, "WL")
def MidiClock(tb, function: int, argument: int) -> None:
    """MidiClock(function:W, argument:L): miSetClock, miStartClock, miStopClock,
    miSetFreq."""
    _midi(tb).clock_call(function, argument)


@tool(TOOLSET, 0x0C, "W", 4)
def MidiInfo(tb, function: int) -> int:
    """MidiInfo(function:W): info:L"""
    return _midi(tb).info(function)


@tool(TOOLSET, 0x0D, "LW", 2)
def MidiReadPacket(tb, buffer: int, size: int) -> int:
    """MidiReadPacket(bufferPtr:L, size:W): bytesRead:W -- nothing arrives."""
    midi = _midi(tb)
    midi.require_driver()
    if midi.buffers["in"] is None:
        raise ToolError(MI_NO_BUF_ERR, "MidiReadPacket: no input buffer")
    return 0


@tool(TOOLSET, 0x0E, "L", 2)
def MidiWritePacket(tb, packet: int) -> int:
    """MidiWritePacket(packetPtr:L): bytesWritten:W"""
    midi = _midi(tb)
    midi.require_driver()
    return midi.write_packet(packet)
