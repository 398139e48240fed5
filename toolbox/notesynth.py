"""Note Synthesizer (tool set $19): instruments played on the DOC's oscillators, their
envelopes stepped at the update rate by the DOC's own interrupt.

Follows the Apple IIGS Toolbox Reference, vol. 3, "Note Synthesizer", with the numbers,
error codes and records of Apple's NoteSyn.p / E16.NoteSyn (ORCA/C notesyn.h). The
hardware is the machine's one DOC (`iigs.doc`, `tb.snd.doc`), so a program's waves in
DOC RAM (WriteRamBlock, or the Sound GLU) are what its instruments play.

Calls. NSStartUp(updateRate, userUpdateRtn) needs the Sound Tool Set (nsSndNotInit
$1902), answers nsAlreadyInit $1901 when started twice; the other calls answer nsNotInit
$1923 before it. AllocGen(priority) hands out a free generator of 0-13 (14 is SysBeep's
here), else the one of lowest priority below the request (its note is cut), else
nsNotAvail $1921. NoteOn(genNum, semitone, volume, instrumentPtr) plays a note
(nsBadGenNum $1922 for a number past 13, nsGenAlreadyOn $1924 while the generator's
last note is still held); NoteOff(genNum, semitone) releases it; AllNotesOff releases
every note; DeallocGen cuts its note and frees the generator. NSSetUpdateRate and
NSSetUserUpdateRtn answer the previous value.

The Instrument record (NoteSyn.p, read from the program's memory at NoteOn):
    +$00  Envelope: 8 x (stNBkPt: Byte, stNIncrement: Word)   24 bytes
    +$18  releaseSegment  +$19 priorityIncrement  +$1A pitchBendRange
    +$1B  vibratoDepth    +$1C vibratoSpeed       +$1D inSpare
    +$1E  aWaveCount      +$1F bWaveCount
    +$20  aWaveList: aWaveCount x WaveForm, then bWaveList: bWaveCount x WaveForm
    WaveForm (6 bytes): wfTopKey, wfWaveAddress (DOC page), wfWaveSize (the DOC's
    table-size register: size bits 3-5, resolution bits 0-2), wfDocMode (the control
    register's mode and channel bits), wfRelPitch (Word: semitones in the high byte,
    1/256 semitone in the low, signed).

Generator n plays on oscillators 2n (its A list) and 2n + 1 (its B list, when the
instrument has one; in swap mode it is left halted for the DOC to start after A). Each
list is searched for the first waveform whose wfTopKey is at or above the semitone (the
last one past its end). Pitch: the frequency register is the one at which a table that
holds one cycle of its wave sounds the semitone (semitone 69 = A, 440 Hz; 60 = middle
C) at the table's resolution, the DOC's rate given by the oscillators enabled, with
wfRelPitch added to the semitone (a wave of several cycles is tuned with it):
    freq = 440 * 2^((semitone + relPitch/256 - 69) / 12) * 2^(17 + resolution) / rate

Envelope (this model's reading of the segments): the level (0-127, kept in 8.8) starts
at 0 in segment 0 and moves by the segment's increment (8.8, per update) towards its
breakpoint; there it goes on to the next segment. A segment of increment 0 holds the
level (the sustain) until NoteOff, which moves the envelope to releaseSegment from
where it is; the note ends (its oscillators halt) when the level comes back to 0 after
its first segment. The DOC volume is level x note volume / 64 (0-252). Released, the
generator's priority drops by priorityIncrement, so a fading note is the first taken.
Vibrato: a triangle of vibratoDepth / 256 semitone at its peak, vibratoSpeed / 256 of
its cycle each update (depth 0: none).

The update clock: NSStartUp starts oscillator 31 free-running at volume 0 over
SysBeep's wave ($FC00, which holds no $00) with its interrupt enabled, at frequency 2 x
updateRate: it interrupts each pass of its 256 bytes, updateRate x rate / 65,536 times
a second (about 0.4 Hz a unit at 26,320 Hz: $00C0 is 77 Hz). The interrupt reaches the
sound source of the interrupt controller (`iigs.interrupts`) at its DOC period, and the
firmware's default sound handler (registered here with `set_firmware`) reads $E0 and,
for the timer, runs one update: every note's envelope and vibrato, then the Note
Sequencer's clock (toolbox/noteseq.py), then the program's user update routine (JSL,
native mode with 8-bit registers, D = 0, B = 0, interrupts off, as the firmware calls
interrupt handlers). So updates come only while the program runs with interrupts on
and has left the sound vector to the firmware, as on a IIGS.
"""
from __future__ import annotations

from dataclasses import dataclass

from iigs import doc as docmod
from iigs.memory import read_bytes
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.sound import SILENT_TIMER_OSC
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
NS_GEN_ALREADY_ON = 0x1924

# Instrument record offsets (E16.NoteSyn)
SEGMENTS = 8
SEGMENT_BYTES = 3
I_RELEASE, I_PRIORITY_INC, I_BEND_RANGE = 0x18, 0x19, 0x1A
I_VIB_DEPTH, I_VIB_SPEED, I_A_COUNT, I_B_COUNT, I_WAVES = 0x1B, 0x1C, 0x1E, 0x1F, 0x20
WAVEFORM_BYTES = 6

LEVEL_MAX = 127 << 8             # the envelope in 8.8
VOLUME_SHIFT = 6                 # level x volume >> 6: 127 x 127 -> 252
A_PITCH, A_SEMITONE = 440.0, 69
TIMER_TABLE_PAGE = 0xFC          # SysBeep's wave (toolbox/sound.py BEEP_DOC_ADDRESS)
TIMER_CONTROL = (docmod.MODE_FREE << 1) | docmod.CTL_IRQ_ENABLE
INTERRUPT_PENDING = 0x80         # $E0 bit 7 clear: an oscillator's interrupt
USER_ROUTINE_P = 0x34            # M, X and I set: as the firmware calls handlers


@dataclass(frozen=True)
class WaveForm:
    top_key: int
    page: int          # wfWaveAddress: the DOC wavetable pointer register
    size: int          # wfWaveSize: the DOC table-size register
    mode: int          # wfDocMode: the DOC control register's mode and channel bits
    rel_pitch: int     # signed, in 1/256 semitone


@dataclass(frozen=True)
class Instrument:
    """An Instrument record as read from the program's memory."""
    segments: tuple[tuple[int, int], ...]     # (breakpoint 0-127, increment 8.8)
    release: int
    priority_increment: int
    bend_range: int
    vibrato_depth: int
    vibrato_speed: int
    a_waves: tuple[WaveForm, ...]
    b_waves: tuple[WaveForm, ...]

    @classmethod
    def read(cls, mem, addr: int) -> "Instrument":
        raw = read_bytes(mem, addr, I_WAVES)
        segments = tuple((raw[3 * i] & 0x7F, raw[3 * i + 1] | raw[3 * i + 2] << 8)
                         for i in range(SEGMENTS))

        def waves(first: int, count: int) -> tuple[WaveForm, ...]:
            out = []
            for i in range(count):
                w = read_bytes(mem, addr + I_WAVES + WAVEFORM_BYTES * (first + i),
                               WAVEFORM_BYTES)
                rel = w[4] | w[5] << 8
                out.append(WaveForm(w[0], w[1], w[2], w[3],
                                    rel - 0x10000 if rel & 0x8000 else rel))
            return tuple(out)

        a_count, b_count = raw[I_A_COUNT], raw[I_B_COUNT]
        return cls(segments, raw[I_RELEASE] % SEGMENTS, raw[I_PRIORITY_INC],
                   raw[I_BEND_RANGE], raw[I_VIB_DEPTH], raw[I_VIB_SPEED],
                   waves(0, a_count), waves(a_count, b_count))


def choose_wave(waves: tuple[WaveForm, ...], semitone: int) -> WaveForm | None:
    """The first waveform whose top key is at or above the semitone (else the last)."""
    for wave in waves:
        if wave.top_key >= semitone:
            return wave
    return waves[-1] if waves else None


def frequency_register(pitch_256: int, resolution: int, rate: float) -> int:
    """The DOC frequency that sounds `pitch_256` (semitone x 256) from a table of one
    cycle at `resolution`, the DOC at `rate` samples a second (see the module
    docstring)."""
    hz = A_PITCH * 2.0 ** ((pitch_256 / 256.0 - A_SEMITONE) / 12.0)
    return max(1, min(0xFFFF, round(hz * (1 << (17 + (resolution & 7))) / rate)))


@dataclass
class Voice:
    """A note sounding on a generator."""
    semitone: int
    volume: int
    instrument: Instrument
    oscillators: tuple[int, ...]
    waves: tuple[WaveForm, ...]
    level: int = 0                  # 8.8
    segment: int = 0
    released: bool = False
    vibrato_phase: int = 0
    vibrato_depth: int = 0
    bend: int = 0                   # 1/256 semitone (the sequencer's pitch bend)
    sequencer: bool = False         # started by the Note Sequencer: freed at its end
    last_volume: int = -1
    last_pitch: int | None = None


@tool_state("ns")
class NoteSynthesizer:
    """Generators' priorities, the notes sounding on them and the update clock."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.updates = 0                # updates run since power-on (tests, the monitor)
        self.reset()

    def reset(self) -> None:
        """NSReset (and start-up): every note stops, generators free, defaults back."""
        for gen in list(getattr(self, "voices", {})):
            self.cut(gen)
        self.priority = [0] * GENERATORS
        self.notes: dict[int, tuple[int, int, int]] = {}   # gen -> (semitone, vol, instr)
        self.voices: dict[int, Voice] = {}
        self.update_rate = DEFAULT_UPDATE_RATE
        self.update_routine = 0

    # -- the DOC ------------------------------------------------------------------------
    @property
    def doc(self) -> docmod.DOC:
        return self.tb.snd.doc

    def _now(self) -> None:
        """Bring the DOC to the machine's cycle before a register changes."""
        machine = self.tb.machine
        if machine is not None:
            self.doc.catch_up(machine.elapsed_cycles)

    def _poke(self, base: int, osc: int, value: int) -> None:
        self.doc.write_register(base + osc, value & 0xFF)

    def _halt(self, osc: int) -> None:
        regs = self.doc.regs
        if not regs[docmod.REG_CONTROL + osc] & docmod.CTL_HALT:
            self._poke(docmod.REG_CONTROL, osc, regs[docmod.REG_CONTROL + osc]
                       | docmod.CTL_HALT)

    # -- start-up and the clock ---------------------------------------------------------
    def start_up(self, update_rate: int, routine: int) -> None:
        if not getattr(self.tb.snd, "started", False):
            raise ToolError(NS_SND_NOT_INIT, "NSStartUp: the Sound Tool Set is not started")
        self.reset()
        self.update_rate = update_rate or DEFAULT_UPDATE_RATE
        self.update_routine = routine & 0xFFFFFF
        machine = self.tb.machine
        if machine is None:
            return                      # no machine: updates are run by hand (`update`)
        machine.interrupts.set_firmware("sound", self.sound_interrupt)
        self.tb.snd.load_beep_wave()
        self._now()
        osc = SILENT_TIMER_OSC
        self._halt(osc)
        self._set_timer_rate()
        self._poke(docmod.REG_VOLUME, osc, 0)
        self._poke(docmod.REG_POINTER, osc, TIMER_TABLE_PAGE)
        self._poke(docmod.REG_TABLE, osc, 0)          # 256 bytes, resolution 0
        self._poke(docmod.REG_CONTROL, osc, TIMER_CONTROL)

    def _set_timer_rate(self) -> None:
        freq = min(0xFFFF, 2 * self.update_rate)
        self._poke(docmod.REG_FREQ_LO, SILENT_TIMER_OSC, freq)
        self._poke(docmod.REG_FREQ_HI, SILENT_TIMER_OSC, freq >> 8)

    def set_update_rate(self, rate: int) -> int:
        old, self.update_rate = self.update_rate, rate & 0xFFFF
        if self.tb.machine is not None and self.update_rate:
            self._now()
            self._set_timer_rate()
        return old

    def shut_down(self) -> None:
        self._now()
        for gen in list(self.voices):
            self.cut(gen)
        machine = self.tb.machine
        if machine is not None:
            self._halt(SILENT_TIMER_OSC)
            machine.interrupts.firmware.pop("sound", None)
        self.notes.clear()

    def sound_interrupt(self) -> None:
        """The firmware's sound handler: read $E0 once (the oldest oscillator's
        interrupt, which the read clears); the timer's runs an update."""
        self._now()
        status = self.doc.read_register(docmod.REG_INTERRUPT)
        if not status & INTERRUPT_PENDING and (status >> 1) & 0x1F == SILENT_TIMER_OSC:
            self.update()

    def update(self) -> None:
        """One update: envelopes and vibrato, the sequencer's clock, the user routine."""
        self.updates += 1
        for gen in list(self.voices):
            self._step(gen)
        seq = getattr(self.tb, "seq", None)
        if seq is not None and seq.started:
            seq.on_update()
        machine = self.tb.machine
        if self.update_routine and machine is not None:
            machine.call(self.update_routine, d=0, dbr=0, p=USER_ROUTINE_P,
                         stack=machine.stack_pointer)

    # -- generators ---------------------------------------------------------------------
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
            self.cut(gen)
        self.priority[gen] = max(1, priority & 0xFF)
        return gen

    def deallocate(self, gen: int) -> None:
        self.cut(self.generator(gen))
        self.priority[gen] = 0

    # -- notes --------------------------------------------------------------------------
    def note_on(self, gen: int, semitone: int, volume: int, instrument: int,
                sequencer: bool = False) -> None:
        gen = self.generator(gen)
        voice = self.voices.get(gen)
        if voice is not None and not voice.released:
            raise ToolError(NS_GEN_ALREADY_ON, f"generator {gen} is playing")
        self._now()
        priority = self.priority[gen]
        self.cut(gen)                   # a note still fading on it stops
        self.priority[gen] = priority
        semitone, volume, instrument = semitone & 0x7F, volume & 0x7F, instrument & 0xFFFFFF
        self.notes[gen] = (semitone, volume, instrument)
        if not instrument:
            return                      # no instrument: nothing to sound
        inst = Instrument.read(self.tb.mem, instrument)
        chosen = [(2 * gen + i, choose_wave(waves, semitone))
                  for i, waves in enumerate((inst.a_waves, inst.b_waves))]
        chosen = [(osc, wave) for osc, wave in chosen if wave is not None]
        if not chosen:
            return
        voice = Voice(semitone, volume, inst, tuple(o for o, _ in chosen),
                      tuple(w for _, w in chosen), vibrato_depth=inst.vibrato_depth,
                      sequencer=sequencer)
        self.voices[gen] = voice
        swap_pair = chosen[0][1].mode >> 1 & 3 == docmod.MODE_SWAP
        for i, (osc, wave) in enumerate(chosen):
            self._poke(docmod.REG_VOLUME, osc, 0)
            self._poke(docmod.REG_POINTER, osc, wave.page)
            self._poke(docmod.REG_TABLE, osc, wave.size)
        self._tune(voice)
        for i, (osc, wave) in enumerate(chosen):
            control = wave.mode & ~(docmod.CTL_HALT | docmod.CTL_IRQ_ENABLE)
            if swap_pair and i:
                control |= docmod.CTL_HALT          # the DOC starts it after A
            self._poke(docmod.REG_CONTROL, osc, control)
        voice.last_volume = 0

    def note_off(self, gen: int, semitone: int) -> None:
        gen = self.generator(gen)
        voice = self.voices.get(gen)
        note = self.notes.get(gen)
        if note is not None and note[0] == semitone & 0x7F and voice is None:
            del self.notes[gen]         # a note without an instrument
        if voice is not None and voice.semitone == semitone & 0x7F:
            self.release(gen)

    def release(self, gen: int) -> None:
        voice = self.voices.get(gen)
        if voice is None or voice.released:
            return
        voice.released = True
        voice.segment = voice.instrument.release
        if self.priority[gen]:
            self.priority[gen] = max(1, self.priority[gen]
                                     - voice.instrument.priority_increment)

    def all_notes_off(self) -> None:
        self.require()
        for gen in list(self.voices):
            self.release(gen)
        for gen in [g for g in self.notes if g not in self.voices]:
            del self.notes[gen]

    def cut(self, gen: int) -> None:
        """The note on `gen` stops at once (its oscillators halt)."""
        voice = self.voices.pop(gen, None)
        self.notes.pop(gen, None)
        if voice is None:
            return
        self._now()
        for osc in voice.oscillators:
            self._halt(osc)
        if voice.sequencer:
            self.priority[gen] = 0

    # -- the update ---------------------------------------------------------------------
    def _step(self, gen: int) -> None:
        """One update of the envelope and vibrato of the note on `gen`."""
        voice = self.voices[gen]
        segments = voice.instrument.segments
        breakpoint, increment = segments[voice.segment]
        target = breakpoint << 8
        if increment:
            if voice.level < target:
                voice.level = min(target, voice.level + increment)
            else:
                voice.level = max(target, voice.level - increment)
            if voice.level == target and voice.segment < SEGMENTS - 1:
                voice.segment += 1
        if voice.level == 0 and (voice.segment > 0 or voice.released):
            self.cut(gen)
            return
        volume = ((voice.level >> 8) * voice.volume) >> VOLUME_SHIFT
        if voice.vibrato_depth and voice.instrument.vibrato_speed:
            voice.vibrato_phase = (voice.vibrato_phase
                                   + voice.instrument.vibrato_speed) & 0xFF
        if volume != voice.last_volume:
            for osc in voice.oscillators:
                self._poke(docmod.REG_VOLUME, osc, volume)
            voice.last_volume = volume
        self._tune(voice)

    def _tune(self, voice: Voice) -> None:
        """The oscillators' frequency for the note's pitch now (vibrato, bend)."""
        phase = voice.vibrato_phase
        triangle = phase if phase < 0x80 else 0x100 - phase          # 0..128
        vibrato = (voice.vibrato_depth * (triangle - 64)) // 64 if voice.vibrato_depth \
            else 0
        pitch = (voice.semitone << 8) + vibrato + voice.bend
        if pitch == voice.last_pitch:
            return
        voice.last_pitch = pitch
        rate = self.doc.sample_rate
        for osc, wave in zip(voice.oscillators, voice.waves):
            freq = frequency_register(pitch + wave.rel_pitch, wave.size & 7, rate)
            self._poke(docmod.REG_FREQ_LO, osc, freq)
            self._poke(docmod.REG_FREQ_HI, osc, freq >> 8)


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
    _ns(tb).deallocate(gen)


@tool(TOOLSET, 0x0B, "WWWL")
def NoteOn(tb, gen: int, semitone: int, volume: int, instrument: int) -> None:
    """NoteOn(genNum:W, semitone:W, volume:W, instrumentPtr:L)"""
    _ns(tb).note_on(gen, semitone, volume, instrument)


@tool(TOOLSET, 0x0C, "WW")
def NoteOff(tb, gen: int, semitone: int) -> None:
    """NoteOff(genNum:W, semitone:W)"""
    _ns(tb).note_off(gen, semitone)


@tool(TOOLSET, 0x0D, "")
def AllNotesOff(tb) -> None:
    """AllNotesOff()"""
    _ns(tb).all_notes_off()


@tool(TOOLSET, 0x0E, "W", 2)
def NSSetUpdateRate(tb, rate: int) -> int:
    """NSSetUpdateRate(updateRate:W): oldRate:W"""
    ns = _ns(tb)
    ns.require()
    return ns.set_update_rate(rate)


@tool(TOOLSET, 0x0F, "L", 4)
def NSSetUserUpdateRtn(tb, routine: int) -> int:
    """NSSetUserUpdateRtn(updateRtn:L): oldRtn:L"""
    ns = _ns(tb)
    ns.require()
    old, ns.update_routine = ns.update_routine, routine & 0xFFFFFF
    return old
