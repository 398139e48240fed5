"""Note Synthesizer (tool set $19): generators allocated by priority, notes turned on
and off on them.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 13 "Note Synthesizer", with
the numbers and error codes of Apple's E16.NoteSyn / NoteSyn.p. NSStartUp(updateRate,
userUpdateRtn) needs the Sound Tool Set started (nsSndNotInit $1902) and answers
nsAlreadyInit ($1901) when started twice; the other calls answer nsNotInit ($1923)
before it.

Generators 0-13 are the Note Synthesizer's (14 is SysBeep's here). AllocGen(priority)
hands out a free generator, else the one of lowest priority below the request (its
note is cut), else nsNotAvail ($1921); the generator keeps the priority asked for until
DeallocGen. NoteOn(genNum, semitone, volume, instrumentPtr) notes which semitone sounds
on a generator (nsBadGenNum $1922 for a number past 13); NoteOff(genNum, semitone) and
AllNotesOff end them. NSSetUpdateRate and NSSetUserUpdateRtn answer the previous value.

Not here: the instrument's envelope and wave lists are not played on the DOC -- the
notes are kept (`notes`, the call log) but not heard.
"""
from __future__ import annotations

from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x19
NS_VERSION = 0x0103
GENERATORS = 14
DEFAULT_UPDATE_RATE = 0x00C0     # the update rate a program usually passes (0: default)

NS_ALREADY_INIT = 0x1901
NS_SND_NOT_INIT = 0x1902
NS_NOT_AVAIL = 0x1921
NS_BAD_GEN_NUM = 0x1922
NS_NOT_INIT = 0x1923


@tool_state("ns")
class NoteSynthesizer:
    """Generators' priorities and the notes sounding on them."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.reset()

    def reset(self) -> None:
        self.priority = [0] * GENERATORS
        self.notes: dict[int, tuple[int, int, int]] = {}   # gen -> (semitone, vol, instr)
        self.update_rate = DEFAULT_UPDATE_RATE
        self.update_routine = 0

    def start_up(self, update_rate: int, routine: int) -> None:
        if not getattr(self.tb.snd, "started", False):
            raise ToolError(NS_SND_NOT_INIT, "NSStartUp: the Sound Tool Set is not started")
        self.reset()
        self.update_rate = update_rate or DEFAULT_UPDATE_RATE
        self.update_routine = routine

    def shut_down(self) -> None:
        self.notes.clear()

    def require(self) -> None:
        if not self.started:
            raise ToolError(NS_NOT_INIT, "the Note Synthesizer is not started")

    def generator(self, gen: int) -> int:
        self.require()
        if gen >= GENERATORS:
            raise ToolError(NS_BAD_GEN_NUM, f"generator {gen}")
        return gen

    def allocate(self, priority: int) -> int:
        self.require()
        free = [g for g in range(GENERATORS) if self.priority[g] == 0]
        if free:
            gen = free[0]
        else:
            gen = min(range(GENERATORS), key=lambda g: self.priority[g])
            if self.priority[gen] >= priority:
                raise ToolError(NS_NOT_AVAIL, f"no generator below priority {priority}")
            self.notes.pop(gen, None)
        self.priority[gen] = max(1, priority)
        return gen


register_housekeeping(TOOLSET, "NS", "ns", NS_VERSION, "WL", already_started=NS_ALREADY_INIT)


def _ns(tb) -> NoteSynthesizer:
    return tb.ns


@tool(TOOLSET, 0x09, "W", 2)
def AllocGen(tb, priority: int) -> int:
    """AllocGen(requestPriority:W): genNum:W"""
    return _ns(tb).allocate(priority)


@tool(TOOLSET, 0x0A, "W")
def DeallocGen(tb, gen: int) -> None:
    """DeallocGen(genNum:W)"""
    ns = _ns(tb)
    ns.priority[ns.generator(gen)] = 0
    ns.notes.pop(gen, None)


@tool(TOOLSET, 0x0B, "WWWL")
def NoteOn(tb, gen: int, semitone: int, volume: int, instrument: int) -> None:
    """NoteOn(genNum:W, semitone:W, volume:W, instrumentPtr:L)"""
    ns = _ns(tb)
    ns.notes[ns.generator(gen)] = (semitone & 0x7F, volume & 0x7F, instrument & 0xFFFFFF)
    tb.call_log.append(f"note {semitone & 0x7F} on generator {gen} (not sounded)")


@tool(TOOLSET, 0x0C, "WW")
def NoteOff(tb, gen: int, semitone: int) -> None:
    """NoteOff(genNum:W, semitone:W)"""
    ns = _ns(tb)
    note = ns.notes.get(ns.generator(gen))
    if note is not None and note[0] == semitone & 0x7F:
        del ns.notes[gen]


@tool(TOOLSET, 0x0D, "")
def AllNotesOff(tb) -> None:
    """AllNotesOff()"""
    ns = _ns(tb)
    ns.require()
    ns.notes.clear()


@tool(TOOLSET, 0x0E, "W", 2)
def NSSetUpdateRate(tb, rate: int) -> int:
    """NSSetUpdateRate(updateRate:W): oldRate:W"""
    ns = _ns(tb)
    ns.require()
    old, ns.update_rate = ns.update_rate, rate
    return old


@tool(TOOLSET, 0x0F, "L", 4)
def NSSetUserUpdateRtn(tb, routine: int) -> int:
    """NSSetUserUpdateRtn(updateRtn:L): oldRtn:L"""
    ns = _ns(tb)
    ns.require()
    old, ns.update_routine = ns.update_routine, routine
    return old
