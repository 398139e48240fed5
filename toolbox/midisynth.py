"""MIDI Synth (tool set $23): started, its settings kept, its notes silent, its MIDI
output going to a MIDI port with nothing attached.

Follows the Apple IIGS Toolbox Reference vol. 3, chapter 57 "MIDI Synth Tool Set",
with the numbers, errors and records of ORCA/C midisynth.h and ORCA/Pascal's MIDISynth
unit (msAlreadyStarted $2301 .. msDevIntHndlr $2387; msDirectPage, getMSDataOutputRec,
measureRec, seqItemRec). MSStartUp succeeds and takes a page of bank 0 for its direct
page (msNoDPMem $2303 when there is none), MSStatus says so; the settings calls
(SetBasicChannel, SetMIDIMode, SetTempo, SetVelComp, SetRecTrack, SetPlayTrack,
TrackToChannel, SetMIDIPort, SetInstrument, SetCallBack, SetMetro, SetTrackOut,
SetTuningTable) are kept and the Get calls answer them back; PlayNote/StopNote keep the
notes sounding per channel, KillAllNotes ends them; MSSuspend/MSResume switch it.

GetMSData answers the direct page's address (getMSDataOutputRec: directPage:Ptr, then a
reserved long, 0). ConvertToTime and ConvertToMeasure convert between a sequence's
clock ticks and measure/beat/ticks (measureRec: measureNumber, beatNumber,
msRemainder); measures and beats count from 1, so tick 0 is measure 1, beat 1 (an
assumption: the interface files do not say), a 0 among them or a ticksPerBeat or
beats-per-measure of 0 is msParamRangeErr $230A.

MIDI output: InitMIDIDriver(slot, internal, userID, driver) sets the MIDI driver
(msDriverAlreadySet $2311 when one is set; its code is not run: it drives a port with
nothing attached, a serial MIDI interface being passive), RemoveMIDIDriver removes it
(msDriverNotStarted $2310 when none is set). MIDIMessage and SysExOut need the driver
(msDriverNotStarted) and output not disabled by SetMIDIPort (msOutputDisabled $230D);
what they send is kept in `sent` (bytes, for tests), as a port with nothing attached
takes it; SysExOut's message is the bytes from its $F0 to its $F7 (msMessageError
$230E without them within MAX_SYS_EX bytes) and its monitor routine is not called.
MIDIMessage's numBytes is 1-3 (msParamRangeErr otherwise).

Not here: SeqPlayer, Locate, LocateEnd, Merge and DeleteTrack. The sequence's items are
known (seqItemRec: trackNum, timeStampHigh, timeStampLow, timeStampMid, dataByteCount,
MIDIStat, dataByte1, dataByte2, 8 bytes each) and so is SeqPlayer's seqPlayRec, but not
how a sequence buffer ends, which each of these calls needs: that is specified in
Apple's MIDI Synth External ERS (APDA), not in the Toolbox Reference or the interface
files. These calls answer funcNotFoundErr and the missing-call report names them,
rather than walking a program's memory past the end of its sequence. The notes PlayNote
starts are not heard (the instrument record's waves are the ERS's too;
docs/compatibility.md).
"""
from __future__ import annotations

from iigs.memory import read_bytes, write_bytes
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x23
MS_VERSION = 0x0100
DEFAULT_TEMPO = 120
TUNING_TABLE_BYTES = 256         # a word for each of the 128 MIDI notes

# midisynth.h errors
MS_NOT_STARTED = 0x2302
MS_NO_DP_MEM = 0x2303
MS_PARAM_RANGE_ERR = 0x230A
MS_OUTPUT_DISABLED = 0x230D
MS_MESSAGE_ERROR = 0x230E
MS_DRIVER_NOT_STARTED = 0x2310
MS_DRIVER_ALREADY_SET = 0x2311

DP_BYTES = 0x100                 # msDirectPage: one page
DP_ATTR = 0xC005                 # locked, fixed, page-aligned, in bank 0
SYS_EX_START, SYS_EX_END = 0xF0, 0xF7
MAX_SYS_EX = 0x10000             # the most of a SysEx message looked through


@tool_state("ms")
class MIDISynth:
    """The MIDI Synth's settings and the notes sounding, per channel."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.reset()

        self.dp_handle = 0
        self.driver: tuple[int, int, int, int] | None = None   # slot, internal, ID, code
        self.sent: list[bytes] = []

    def reset(self) -> None:
        self.settings: dict[str, object] = {"tempo": DEFAULT_TEMPO}
        self.notes: dict[int, set[int]] = {}
        self.suspended = False

    def start_up(self) -> None:
        """MSStartUp: the settings afresh and a direct page of its own."""
        self.shut_down()
        self.reset()
        user_id = self.tb.wm.user_id or 0x1000
        try:
            self.dp_handle = self.tb.mm.new_handle(DP_BYTES, user_id, DP_ATTR)
        except ToolError:
            raise ToolError(MS_NO_DP_MEM, "MSStartUp: no direct page in bank 0") from None

    def shut_down(self) -> None:
        mm = self.tb.mm
        if self.dp_handle and self.dp_handle in mm.blocks:
            mm.dispose(self.dp_handle)
        self.dp_handle = 0
        self.driver = None

    def require_started(self) -> None:
        if not self.started:
            raise ToolError(MS_NOT_STARTED, "the MIDI Synth is not started")

    def send(self, data: bytes) -> None:
        """MIDI bytes out of the port the driver drives (nothing attached to it)."""
        self.require_started()
        if self.driver is None:
            raise ToolError(MS_DRIVER_NOT_STARTED, "no MIDI driver (InitMIDIDriver)")
        port = self.settings.get("port")
        if isinstance(port, tuple) and port[1]:
            raise ToolError(MS_OUTPUT_DISABLED, "MIDI output disabled (SetMIDIPort)")
        self.sent.append(bytes(data))


register_housekeeping(TOOLSET, "MS", "ms", MS_VERSION)


def _setting(name: str, params: str):
    """A call that keeps its parameters as setting `name` (several: a tuple)."""
    def keep(tb, *values: int) -> None:
        tb.ms.settings[name] = values[0] if len(values) == 1 else values
    return keep


# Settings calls: (function, Toolbox Reference name, signature, setting kept)
SETTINGS = (
    (0x09, "SetBasicChannel", "W", "basic channel"), (0x0A, "SetMIDIMode", "W", "mode"),
    (0x0E, "SetRecTrack", "W", "record track"), (0x0F, "SetPlayTrack", "WW", "play track"),
    (0x10, "TrackToChannel", "WW", "track channel"), (0x12, "SetVelComp", "W", "velocity"),
    (0x13, "SetMIDIPort", "WW", "port"), (0x14, "SetInstrument", "LW", "instrument"),
    (0x16, "SetTempo", "W", "tempo"), (0x17, "SetCallBack", "L", "call back"),
    (0x19, "SetBeat", "W", "beat"), (0x1E, "SetMetro", "WWL", "metronome"),
    (0x24, "SetTuningTable", "L", "tuning table"), (0x26, "SetTrackOut", "WW", "track out"),
)
for _function, _name, _params, _setting_name in SETTINGS:
    tool(TOOLSET, _function, _params, 0, name=_name)(_setting(_setting_name, _params))


@tool(TOOLSET, 0x0B, "WWW")
def PlayNote(tb, channel: int, note: int, volume: int) -> None:
    """PlayNote(channel:W, noteNum:W, volume:W)"""
    tb.ms.notes.setdefault(channel & 0x0F, set()).add(note & 0x7F)


@tool(TOOLSET, 0x0C, "WW")
def StopNote(tb, channel: int, note: int) -> None:
    """StopNote(channel:W, noteNum:W)"""
    tb.ms.notes.get(channel & 0x0F, set()).discard(note & 0x7F)


@tool(TOOLSET, 0x0D, "")
def KillAllNotes(tb) -> None:
    """KillAllNotes()"""
    tb.ms.notes.clear()


@tool(TOOLSET, 0x22, "")
def MSSuspend(tb) -> None:
    """MSSuspend()"""
    tb.ms.suspended = True


@tool(TOOLSET, 0x23, "")
def MSResume(tb) -> None:
    """MSResume()"""
    tb.ms.suspended = False


@tool(TOOLSET, 0x25, "L")
def GetTuningTable(tb, table: int) -> None:
    """GetTuningTable(tablePtr:L) -- the 128 words SetTuningTable gave (copied);
    nothing when none was given."""
    source = tb.ms.settings.get("tuning table")
    if source:
        write_bytes(tb.mem, table, read_bytes(tb.mem, source, TUNING_TABLE_BYTES))


@tool(TOOLSET, 0x1F, "", 8)
def GetMSData(tb) -> int:
    """GetMSData(): getMSDataOutputRec -- directPage:Ptr, then reserved:L (0)."""
    ms = tb.ms
    ms.require_started()
    return tb.mm.deref(ms.dp_handle)


def _measure_sizes(ticks_per_beat: int, beats: int) -> None:
    if not ticks_per_beat or not beats:
        raise ToolError(MS_PARAM_RANGE_ERR, f"{ticks_per_beat} ticks a beat, "
                                            f"{beats} beats a measure")


@tool(TOOLSET, 0x20, "WWWW", 4)
def ConvertToTime(tb, ticks_per_beat: int, beats: int, beat_num: int, measure: int) -> int:
    """ConvertToTime(ticksPerBeat:W, beats:W, beatNum:W, measure:W): seqClockTicks:L --
    measure 1, beat 1 is tick 0."""
    _measure_sizes(ticks_per_beat, beats)
    if not measure or not beat_num:
        raise ToolError(MS_PARAM_RANGE_ERR, f"measure {measure}, beat {beat_num}")
    return (((measure - 1) * beats + beat_num - 1) * ticks_per_beat) & 0xFFFFFFFF


@tool(TOOLSET, 0x21, "WWL", 6)
def ConvertToMeasure(tb, ticks_per_beat: int, beats: int, ticks: int) -> bytes:
    """ConvertToMeasure(ticksPerBeat:W, beats:W, seqClockTicks:L): measureRec --
    measureNumber:W, beatNumber:W, msRemainder:W (from 1, as ConvertToTime)."""
    _measure_sizes(ticks_per_beat, beats)
    whole_beats, remainder = divmod(ticks, ticks_per_beat)
    measure, beat = divmod(whole_beats, beats)
    return b"".join((value & 0xFFFF).to_bytes(2, "little")
                    for value in (measure + 1, beat + 1, remainder))


@tool(TOOLSET, 0x1A, "WWWWW")
def MIDIMessage(tb, destination: int, num_bytes: int, message: int, data1: int,
                data2: int) -> None:
    """MIDIMessage(destination:W, numBytes:W, message:W, dataByte1:W, dataByte2:W) --
    numBytes (1-3) of message, dataByte1, dataByte2 sent out."""
    tb.ms.require_started()
    if not 1 <= num_bytes <= 3:
        raise ToolError(MS_PARAM_RANGE_ERR, f"MIDIMessage of {num_bytes} bytes")
    tb.ms.send(bytes(b & 0xFF for b in (message, data1, data2)[:num_bytes]))


@tool(TOOLSET, 0x18, "LWL")
def SysExOut(tb, message: int, delay: int, monitor: int) -> None:
    """SysExOut(messagePtr:L, delay:W, monitorRoutine:L) -- the message from its $F0
    to its $F7 sent out."""
    tb.ms.require_started()
    if tb.mem[message & 0xFFFFFF] != SYS_EX_START:
        raise ToolError(MS_MESSAGE_ERROR, "SysExOut: the message does not start with $F0")
    data = read_bytes(tb.mem, message, MAX_SYS_EX)
    end = data.find(bytes([SYS_EX_END]))
    if end < 0:
        raise ToolError(MS_MESSAGE_ERROR, "SysExOut: no $F7 ends the message")
    tb.ms.send(data[:end + 1])


@tool(TOOLSET, 0x27, "WWWL")
def InitMIDIDriver(tb, slot: int, internal: int, user_id: int, driver: int) -> None:
    """InitMIDIDriver(slot:W, internal:W, userID:W, driverInfo:L)"""
    ms = tb.ms
    ms.require_started()
    if ms.driver is not None:
        raise ToolError(MS_DRIVER_ALREADY_SET, "InitMIDIDriver: a driver is set already")
    ms.driver = (slot, internal, user_id, driver)


@tool(TOOLSET, 0x28, "")
def RemoveMIDIDriver(tb) -> None:
    """RemoveMIDIDriver()"""
    ms = tb.ms
    ms.require_started()
    if ms.driver is None:
        raise ToolError(MS_DRIVER_NOT_STARTED, "RemoveMIDIDriver: no driver is set")
    ms.driver = None
