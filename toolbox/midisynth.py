"""MIDI Synth (tool set $23): started, its settings kept, its notes silent.

Follows the Apple IIGS Toolbox Reference vol. 3, chapter 57 "MIDI Synth Tool Set",
with ORCA/C midisynth.h's numbers. MSStartUp succeeds, MSStatus says so; the settings
calls (SetBasicChannel, SetMIDIMode, SetTempo, SetVelComp, SetRecTrack, SetPlayTrack,
TrackToChannel, SetMIDIPort, SetInstrument, SetCallBack, SetMetro, SetTrackOut,
SetTuningTable) are kept and the Get calls answer them back; PlayNote/StopNote keep the
notes sounding per channel, KillAllNotes ends them; MSSuspend/MSResume switch it.

Not here: sequence playing and recording (SeqPlayer, Locate, LocateEnd, Merge,
DeleteTrack, ConvertToTime, ConvertToMeasure), MIDI output (MIDIMessage, SysExOut,
InitMIDIDriver, RemoveMIDIDriver) and GetMSData: there is no MIDI interface and no
synthesizer voice on the DOC here; those calls answer funcNotFoundErr and the
missing-call report names them. The notes PlayNote starts are not heard: the MIDI
Synth's instrument and sequence records are specified in Apple's MIDI Synth External
ERS, not in the Toolbox Reference, and what the MIDI output calls answer on a IIGS with
no MIDI interface is not given by the interface files -- a guessed answer would be worse
than funcNotFoundErr, which names the call (docs/compatibility.md).
"""
from __future__ import annotations

from iigs.memory import read_bytes, write_bytes
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import tool
from toolbox.toolbox import tool_state

TOOLSET = 0x23
MS_VERSION = 0x0100
DEFAULT_TEMPO = 120
TUNING_TABLE_BYTES = 256         # a word for each of the 128 MIDI notes


@tool_state("ms")
class MIDISynth:
    """The MIDI Synth's settings and the notes sounding, per channel."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.reset()

    def reset(self) -> None:
        self.settings: dict[str, object] = {"tempo": DEFAULT_TEMPO}
        self.notes: dict[int, set[int]] = {}
        self.suspended = False

    def start_up(self) -> None:
        self.reset()


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
