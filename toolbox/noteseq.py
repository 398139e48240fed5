"""Note Sequencer (tool set $1A): started and stopped, its timer and increment.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 14 "Note Sequencer", with the
numbers and error codes of Apple's NoteSeq.p. SeqStartUp(dPageAddr, mode, updateRate,
increment) answers startedErr ($1A03) when started twice; the calls after it answer
noStartErr ($1A05) before it. SetIncr/ClearIncr set and clear (answering the old value)
the tempo increment; GetTimer answers the sequence timer, GetLoc the place in the
sequence (curPhraseItem, curPattItem, curLevel: three words); SetInstTable keeps the
instrument table; StopSeq, SeqAllNotesOff and StopInts stop what plays (nothing does).

Not here: StartSeq, StartSeqRel, StepSeq, SetTrkInfo and StartInts -- playing a
sequence needs the Note Synthesizer to sound (see toolbox/notesynth.py): a program that
calls them is answered funcNotFoundErr and the missing-call report names them.
"""
from __future__ import annotations

from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x1A
SEQ_VERSION = 0x0103
STARTED_ERR = 0x1A03             # startedErr: already started
NO_START_ERR = 0x1A05            # noStartErr: not started yet


@tool_state("seq")
class NoteSequencer:
    """The sequencer's settings; the sequence never advances (nothing plays)."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.reset()

    def reset(self) -> None:
        self.mode = self.update_rate = self.increment = 0
        self.dpage = 0
        self.timer = 0
        self.inst_table = 0

    def start_up(self, dpage: int, mode: int, update_rate: int, increment: int) -> None:
        self.reset()
        self.dpage, self.mode, self.update_rate, self.increment = \
            dpage, mode, update_rate, increment

    def require(self) -> "NoteSequencer":
        if not self.started:
            raise ToolError(NO_START_ERR, "the Note Sequencer is not started")
        return self


register_housekeeping(TOOLSET, "Seq", "seq", SEQ_VERSION, "WWWW", already_started=STARTED_ERR)


def _seq(tb) -> NoteSequencer:
    return tb.seq.require()


@tool(TOOLSET, 0x09, "W")
def SetIncr(tb, increment: int) -> None:
    """SetIncr(increment:W)"""
    _seq(tb).increment = increment


@tool(TOOLSET, 0x0A, "", 2)
def ClearIncr(tb) -> int:
    """ClearIncr(): oldIncr:W"""
    seq = _seq(tb)
    old, seq.increment = seq.increment, 0
    return old


@tool(TOOLSET, 0x0B, "", 2)
def GetTimer(tb) -> int:
    """GetTimer(): tick:W"""
    return _seq(tb).timer


@tool(TOOLSET, 0x0C, "", 6)
def GetLoc(tb) -> int:
    """GetLoc(): curPhraseItem:W, curPattItem:W, curLevel:W -- the start."""
    _seq(tb)
    return 0


@tool(TOOLSET, 0x0D, "")
def SeqAllNotesOff(tb) -> None:
    """SeqAllNotesOff()"""
    _seq(tb)


@tool(TOOLSET, 0x11, "W")
def StopSeq(tb, next_flag: int) -> None:
    """StopSeq(next:W)"""
    _seq(tb)


@tool(TOOLSET, 0x12, "L")
def SetInstTable(tb, table: int) -> None:
    """SetInstTable(instTable:L)"""
    _seq(tb).inst_table = table


@tool(TOOLSET, 0x14, "")
def StopInts(tb) -> None:
    """StopInts()"""
    _seq(tb)
