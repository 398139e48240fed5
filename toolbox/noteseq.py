"""Note Sequencer (tool set $1A): a sequence of 4-byte items played through the Note
Synthesizer, its clock counted in the Note Synthesizer's updates.

Follows the Apple IIGS Toolbox Reference, vol. 3, "Note Sequencer", with the numbers,
masks, commands and error codes of Apple's NoteSeq.p (ORCA/C noteseq.h).
SeqStartUp(dPageAddr, mode, updateRate, increment) answers startedErr $1A03 when
started twice (it sets the Note Synthesizer's update rate when one is given); the other
calls answer noStartErr $1A05 before it. StartSeq/StartSeqRel(errHndlrRtn, compRtn,
sequence) need the Note Synthesizer started (nsNotInit $1923).

The clock: the sequencer runs from the Note Synthesizer's update interrupt
(toolbox/notesynth.py): one tick of the sequence every `increment` updates (SetIncr,
the tempo command; ClearIncr answers it and sets 0, which stops the clock). Bit 0 of
SeqStartUp's mode set, or StopInts, leaves the clock to the program: StepSeq is one
tick; StartInts gives it back to the interrupt. GetTimer answers the ticks since
StartSeq.

The sequence (a handle; StartSeq's items point at lists by address, StartSeqRel's by
offset from the start of the sequence's block): a list is a long word 1 (a phrase) or
0 (a pattern), then its items, then $FFFFFFFF. A phrase's items are pointers to further
phrases or patterns (twelve levels at most: noRoomErr $1A02); a pattern's are seqItems:
    note     bit 15 set (noteMask): volume bits 0-6, chord bit 7, semitone bits 8-14,
             duration in ticks bits 16-26, track bits 27-30, bit 31 (delayMask): a rest
             (nothing sounds, the duration passes)
    command  bit 15 clear: command bits 0-6, value bits 8-14 (val1Mask), a data byte in
             bits 16-23 (lByte), track bits 27-30
A note is played (AllocGen at its track's priority, NoteOn with its track's instrument)
and released (NoteOff) when its duration has passed; unless its chord bit is set, the
next item waits that long (a chord's notes start together). Commands: pitchBend $00
(value 64 = none, the instrument's pitchBendRange at 0 or 127), tempo $01 (the
increment), turnNotesOff $02 (the track's notes), setVibratoDepth $04, programChange
$05 (the track's instrument), setRegister $06 (register val1 & 15 = the data byte),
incRegister $08, decRegister $09; the MIDI commands $0A-$15 go to a MIDI port there is
none of, so nothing happens. Others (jump $03, ifGo $07, callRoutine $1E: their
operands' layout is not modelled) answer noCommandErr $1A01. An error stops the
sequence and calls errHndlrRtn with the error code in A; the end of the sequence calls
compRtn. Both are JSLed as the user update routine is (8-bit registers, D = 0, B = 0).

Tracks: SetTrkInfo(priority, instIndex, trackNum) gives a track (0-15) the generator
priority its notes ask for and its instrument: the instIndex-th of the table
SetInstTable(handle) gave -- a word count, then that many Instrument pointers
(instBndsErr $1A06 past its end). GetLoc answers the item last taken in the phrase and
in the pattern (from 1) and the nesting level (0: nothing playing).
"""
from __future__ import annotations

from dataclasses import dataclass

from iigs.memory import read_long, read_word
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.notesynth import NS_NOT_AVAIL, NS_NOT_INIT, USER_ROUTINE_P
from toolbox.toolbox import tool_state

TOOLSET = 0x1A
SEQ_VERSION = 0x0103
NO_COMMAND_ERR = 0x1A01          # noCommandErr: an item not understood
NO_ROOM_ERR = 0x1A02             # noRoomErr: more than twelve levels
STARTED_ERR = 0x1A03             # startedErr: already started
NO_START_ERR = 0x1A05            # noStartErr: not started yet
INST_BNDS_ERR = 0x1A06           # instBndsErr: instrument past the table

PATTERN_ID, PHRASE_ID, END_OF_LIST = 0, 1, 0xFFFFFFFF
MAX_LEVELS = 12
TRACKS = 16
MODE_NO_INTERRUPTS = 0x0001
DEFAULT_PRIORITY = 0x80

# NoteSeq.p masks
VOLUME_MASK, CHORD, NOTE_BIT, DELAY = 0x7F, 0x80, 0x8000, 0x80000000
COMMAND_MASK = 0x7F


def _val1(item: int) -> int:
    return (item >> 8) & 0x7F


def _duration(item: int) -> int:
    return (item >> 16) & 0x7FF


def _track(item: int) -> int:
    return (item >> 27) & 0xF


@dataclass
class Frame:
    """A phrase or pattern being played: its list and the next item's index."""
    base: int
    phrase: bool
    index: int = 1


@dataclass
class Track:
    priority: int = DEFAULT_PRIORITY
    instrument: int = 0          # index into the instrument table
    vibrato: int | None = None   # setVibratoDepth's, else the instrument's
    bend: int = 64               # pitchBend's value


@dataclass
class Sounding:
    """A note the sequence started: its generator, the ticks it has left, and the
    synthesizer's voice (None: no instrument), so a generator taken for another note
    meanwhile is left alone."""
    gen: int
    semitone: int
    ticks: int
    track: int
    voice: object = None


@tool_state("seq")
class NoteSequencer:
    """The sequencer's settings, the sequence being played and its notes."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.reset()

    def reset(self) -> None:
        """SeqReset (and start-up): the sequence stops, its notes are released."""
        if getattr(self, "sounding", None):
            self.all_notes_off()
        self.mode = self.update_rate = self.increment = 0
        self.dpage = 0
        self.timer = 0
        self.inst_table = 0
        self.tracks = [Track() for _ in range(TRACKS)]
        self.registers = [0] * TRACKS
        self.frames: list[Frame] = []
        self.sounding: list[Sounding] = []
        self.playing = False
        self.interrupts = True
        self.count = self.wait = 0
        self.relative = False
        self.base = 0
        self.err_routine = self.comp_routine = 0

    def start_up(self, dpage: int, mode: int, update_rate: int, increment: int) -> None:
        self.reset()
        self.dpage, self.mode, self.update_rate, self.increment = \
            dpage, mode, update_rate, increment
        self.interrupts = not mode & MODE_NO_INTERRUPTS
        ns = self.tb.ns
        if ns.started and update_rate:
            ns.set_update_rate(update_rate)

    def shut_down(self) -> None:
        self.stop()

    def require(self) -> "NoteSequencer":
        if not self.started:
            raise ToolError(NO_START_ERR, "the Note Sequencer is not started")
        return self

    # -- playing ------------------------------------------------------------------------
    def start(self, err_routine: int, comp_routine: int, handle: int,
              relative: bool) -> None:
        """StartSeq/StartSeqRel's core: the sequence's first items play now."""
        if not self.tb.ns.started:
            raise ToolError(NS_NOT_INIT, "StartSeq: the Note Synthesizer is not started")
        self.stop()
        self.base = read_long(self.tb.mem, handle & 0xFFFFFF) & 0xFFFFFF
        self.relative = relative
        self.err_routine = err_routine & 0xFFFFFF
        self.comp_routine = comp_routine & 0xFFFFFF
        self.timer = self.count = self.wait = 0
        self.frames = [self._open(self.base)]     # not a phrase or pattern: the error
        self.playing = True
        self._advance()

    def stop(self) -> None:
        self.playing = False
        self.frames = []
        self.all_notes_off()

    def all_notes_off(self) -> None:
        for note in list(self.sounding):
            self._end(note)

    def on_update(self) -> None:
        """The Note Synthesizer's update: a tick every `increment` of them."""
        if not self.interrupts or not self.increment or not (self.playing
                                                            or self.sounding):
            return
        self.count += 1
        if self.count >= self.increment:
            self.count = 0
            self.tick()

    def tick(self) -> None:
        """One tick: notes whose duration is over are released, the next items play."""
        self.timer = (self.timer + 1) & 0xFFFF
        for note in list(self.sounding):
            note.ticks -= 1
            if note.ticks <= 0:
                self._end(note)
        if self.playing and self.wait:
            self.wait -= 1
            if not self.wait:
                self._advance()

    def location(self) -> tuple[int, int, int]:
        """GetLoc: (curPhraseItem, curPattItem, curLevel)."""
        phrase = next((f.index - 1 for f in reversed(self.frames) if f.phrase), 0)
        pattern = next((f.index - 1 for f in reversed(self.frames) if not f.phrase), 0)
        return phrase, pattern, len(self.frames)

    # -- the items ----------------------------------------------------------------------
    def _open(self, addr: int) -> Frame:
        kind = read_long(self.tb.mem, addr)
        if kind not in (PATTERN_ID, PHRASE_ID):
            raise ToolError(NO_COMMAND_ERR, f"no phrase or pattern at ${addr:06X}")
        return Frame(addr, kind == PHRASE_ID)

    def _next_item(self) -> int | None:
        """The next seqItem of the sequence, walking its phrases; None at its end."""
        mem = self.tb.mem
        while self.frames:
            frame = self.frames[-1]
            item = read_long(mem, frame.base + 4 * frame.index)
            frame.index += 1
            if item == END_OF_LIST:
                self.frames.pop()
                continue
            if not frame.phrase:
                return item
            if len(self.frames) >= MAX_LEVELS:
                raise ToolError(NO_ROOM_ERR, "more than twelve levels")
            target = self.base + item if self.relative else item
            self.frames.append(self._open(target & 0xFFFFFF))
        return None

    def _advance(self) -> None:
        """Play items until one makes the sequence wait, or the sequence ends."""
        try:
            while self.playing and not self.wait:
                item = self._next_item()
                if item is None:
                    self.playing = False
                    self._call(self.comp_routine)
                    return
                if item & NOTE_BIT:
                    self._note(item)
                else:
                    self._command(item)
        except ToolError as err:
            self.playing = False
            self.frames = []
            self._call(self.err_routine, err.code)

    def _call(self, routine: int, a: int = 0) -> None:
        machine = self.tb.machine
        if routine and machine is not None:
            machine.call(routine, a=a, d=0, dbr=0, p=USER_ROUTINE_P,
                         stack=machine.stack_pointer)

    def _instrument(self, index: int) -> int:
        mem = self.tb.mem
        table = read_long(mem, self.inst_table) & 0xFFFFFF if self.inst_table else 0
        if not table or index >= read_word(mem, table):
            raise ToolError(INST_BNDS_ERR, f"instrument {index}")
        return read_long(mem, table + 2 + 4 * index) & 0xFFFFFF

    def _note(self, item: int) -> None:
        duration = _duration(item)
        if not item & DELAY:
            track = self.tracks[_track(item)]
            instrument = self._instrument(track.instrument)
            ns = self.tb.ns
            try:
                gen = ns.allocate(track.priority)
            except ToolError as err:
                if err.code != NS_NOT_AVAIL:
                    raise
                gen = None              # no generator free: the note is not heard
            if gen is not None:
                semitone = _val1(item)
                ns.note_on(gen, semitone, item & VOLUME_MASK, instrument, sequencer=True)
                voice = ns.voices.get(gen)
                if voice is not None:
                    if track.vibrato is not None:
                        voice.vibrato_depth = track.vibrato
                    voice.bend = self._bend(track, voice)
                self.sounding.append(Sounding(gen, semitone, duration, _track(item),
                                              voice))
        if not item & CHORD:
            self.wait = duration

    def _end(self, note: Sounding) -> None:
        self.sounding.remove(note)
        ns = self.tb.ns
        if not ns.started:
            return
        if note.voice is not None:
            if ns.voices.get(note.gen) is note.voice:
                ns.release(note.gen)    # the voice frees the generator when it ends
        elif note.gen not in ns.voices:
            ns.note_off(note.gen, note.semitone)
            ns.priority[note.gen] = 0   # nothing fading: the generator is free now

    @staticmethod
    def _bend(track: Track, voice) -> int:
        """pitchBend's value as 1/256 semitones for a voice of the track."""
        return (track.bend - 64) * voice.instrument.bend_range * 256 // 64

    def _track_voices(self, number: int):
        ns = self.tb.ns
        return [ns.voices[n.gen] for n in self.sounding
                if n.track == number and n.gen in ns.voices]

    def _command(self, item: int) -> None:
        command, value, number = item & COMMAND_MASK, _val1(item), _track(item)
        track = self.tracks[number]
        if command == 0x00:                          # pitchBend
            track.bend = value
            for voice in self._track_voices(number):
                voice.bend = self._bend(track, voice)
        elif command == 0x01:                        # tempo
            self.increment = value
        elif command == 0x02:                        # turnNotesOff
            for note in [n for n in self.sounding if n.track == number]:
                self._end(note)
        elif command == 0x04:                        # setVibratoDepth
            track.vibrato = value
            for voice in self._track_voices(number):
                voice.vibrato_depth = value
        elif command == 0x05:                        # programChange
            self._instrument(value)
            track.instrument = value
        elif command == 0x06:                        # setRegister
            self.registers[value & 0xF] = (item >> 16) & 0xFF
        elif command in (0x08, 0x09):                # incRegister, decRegister
            step = 1 if command == 0x08 else -1
            self.registers[value & 0xF] = (self.registers[value & 0xF] + step) & 0xFF
        elif 0x0A <= command <= 0x15:                # MIDI: no MIDI interface
            pass
        else:
            raise ToolError(NO_COMMAND_ERR, f"command ${command:02X}")


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
    """GetLoc(): curPhraseItem:W, curPattItem:W, curLevel:W"""
    phrase, pattern, level = _seq(tb).location()
    return phrase | pattern << 16 | level << 32


@tool(TOOLSET, 0x0D, "")
def SeqAllNotesOff(tb) -> None:
    """SeqAllNotesOff()"""
    _seq(tb).all_notes_off()


@tool(TOOLSET, 0x0E, "WWW")
def SetTrkInfo(tb, priority: int, inst_index: int, track: int) -> None:
    """SetTrkInfo(priority:W, instIndex:W, trackNum:W)"""
    info = _seq(tb).tracks[track & 0xF]
    info.priority, info.instrument = priority & 0xFF, inst_index


@tool(TOOLSET, 0x0F, "LLL")
def StartSeq(tb, err_routine: int, comp_routine: int, sequence: int) -> None:
    """StartSeq(errHndlrRtn:L, compRtn:L, sequence:H) -- items point by address."""
    _seq(tb).start(err_routine, comp_routine, sequence, relative=False)


@tool(TOOLSET, 0x10, "")
def StepSeq(tb) -> None:
    """StepSeq() -- one tick of the sequence."""
    _seq(tb).tick()


@tool(TOOLSET, 0x11, "W")
def StopSeq(tb, next_flag: int) -> None:
    """StopSeq(next:W) -- the sequence stops and its notes are released."""
    _seq(tb).stop()


@tool(TOOLSET, 0x12, "L")
def SetInstTable(tb, table: int) -> None:
    """SetInstTable(instTable:H)"""
    _seq(tb).inst_table = table & 0xFFFFFF


@tool(TOOLSET, 0x13, "")
def StartInts(tb) -> None:
    """StartInts() -- the sequence's clock runs from the update interrupt again."""
    _seq(tb).interrupts = True


@tool(TOOLSET, 0x14, "")
def StopInts(tb) -> None:
    """StopInts() -- the clock stops (StepSeq moves it)."""
    _seq(tb).interrupts = False


@tool(TOOLSET, 0x15, "LLL")
def StartSeqRel(tb, err_routine: int, comp_routine: int, sequence: int) -> None:
    """StartSeqRel(errHndlrRtn:L, compRtn:L, sequence:H) -- items point by offset from
    the start of the sequence."""
    _seq(tb).start(err_routine, comp_routine, sequence, relative=True)
