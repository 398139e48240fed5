"""The Note Synthesizer ($19) and the Note Sequencer ($1A) playing on the DOC (issue 49):
`programs/machine_notesynth.asm` makes a one-cycle square wave, loads it into DOC RAM,
starts the Note Synthesizer with its own update routine, plays one note of its
instrument (attack, decay, sustain, release) and then a three-note pattern through the
Note Sequencer, waiting (WAI) on the update interrupt. The tests check the oscillators
the DOC was given and when, what it played (its pitch by zero crossings and by FFT),
the update rate, the sequence's tempo and completion, silence under Sound off, and the
same run twice, in both CPU tiers."""
from __future__ import annotations

import numpy as np
import pytest

from iigs import doc as d
from iigs.machine import CPU_HZ
from iigs.memory import read_word, write_bytes
from system.machine import Machine
from test_machine_sound_glu import MixerHost
from toolcall import call_tool

UPDATE_RATE = 0xC0                     # the program's NSStartUp rate
TIMER_OSC = 31                         # the Note Synthesizer's clock
WAVE = bytes([0xC0] * 128 + [0x40] * 128)   # what MakeWave makes
# The instrument's envelope (machine_notesynth.asm), as DOC volumes = level x 127 / 64:
# attack to 127 by 32 an update, decay to 96 by 8, sustain, release by 16.
ATTACK_DECAY = [63, 127, 190, 252, 236, 220, 204, 190]
RELEASE = [158, 127, 95, 63, 31]
SEQ_NOTES = [60, 64, 67]               # C E G, volume 100, 6 ticks each
SEQ_TICK_UPDATES = 2                   # SeqStartUp's increment
SEQ_DURATION = 6
SET_SOUND_VOLUME, SYSTEM_VOLUME_GEN = 0x0D08, 0x000F


def update_cycles(m: Machine) -> float:
    """Cycles between two updates: the timer passes its 256 bytes at frequency 2 x rate."""
    return CPU_HZ * 65536 / (UPDATE_RATE * m.doc.sample_rate)


def freq_for(m: Machine, semitone: int) -> int:
    """The frequency register that sounds `semitone` from a one-cycle table at
    resolution 0 (A = semitone 69 = 440 Hz)."""
    return round(440 * 2 ** ((semitone - 69) / 12) * 2 ** 17 / m.doc.sample_rate)


def run(build_program, sound_off: bool = False, tier: str = "run") -> dict:
    data, labels = build_program("machine_notesynth")
    m = Machine(host=MixerHost())
    if tier == "run_reference":
        m.cpu.run = m.cpu.run_reference     # every instruction through step()
    if sound_off:                       # Sound off: SetSoundVolume(0, $000F)
        assert call_tool(m, SET_SOUND_VOLUME, [("W", 0), ("W", SYSTEM_VOLUME_GEN)]) == (0, [])
    prog = m.load(data)
    writes: list[tuple[int, int, int]] = []
    write = m.doc.write_register

    def logged(reg: int, value: int) -> None:
        writes.append((m.elapsed_cycles, reg & 0xFF, value & 0xFF))
        write(reg, value)

    m.doc.write_register = logged
    m.doc.start_recording()
    assert m.run(max_cycles=10 * CPU_HZ) == "quit"
    word = lambda name: read_word(m.mem, prog.entry + labels[name])   # noqa: E731
    return {"m": m, "writes": writes, "samples": m.doc.take_recording(), "word": word}


def starts(writes, osc_range=range(TIMER_OSC)) -> list[tuple[int, int]]:
    """(cycle, oscillator) of every control write that starts an oscillator."""
    return [(c, r - d.REG_CONTROL) for c, r, v in writes
            if d.REG_CONTROL <= r < d.REG_CONTROL + d.OSCILLATORS
            and r - d.REG_CONTROL in osc_range and not v & d.CTL_HALT]


def register(writes, base: int, osc: int, before: int) -> int:
    """The last value written to register base + osc before cycle `before`."""
    return [v for c, r, v in writes if r == base + osc and c <= before][-1]


def test_a_note_plays_its_instrument_on_the_doc_at_its_pitch(build_program):
    r = run(build_program)
    m, writes, samples = r["m"], r["writes"], r["samples"]
    assert bytes(m.doc.ram[:256]) == WAVE                  # WriteRamBlock's wave
    # the clock: oscillator 31 free-running at volume 0, its interrupt on, 2 x rate
    timer = [(r_, v) for _c, r_, v in writes if r_ & 0x1F == TIMER_OSC and r_ < 0xE0]
    assert dict(timer)[d.REG_FREQ_LO + TIMER_OSC] | \
        dict(timer)[d.REG_FREQ_HI + TIMER_OSC] << 8 == 2 * UPDATE_RATE
    assert (d.REG_VOLUME + TIMER_OSC, 0) in timer
    assert (d.REG_CONTROL + TIMER_OSC, d.CTL_IRQ_ENABLE) in timer      # free run, IRQ
    assert timer[-1] == (d.REG_CONTROL + TIMER_OSC, d.CTL_IRQ_ENABLE | d.CTL_HALT)
    # the note: generator 0 on oscillator 0, the instrument's wave (page 0, 256 bytes,
    # resolution 0, free run) at A's frequency
    first, osc = starts(writes)[0]
    assert osc == 0
    assert register(writes, d.REG_POINTER, 0, first) == 0
    assert register(writes, d.REG_TABLE, 0, first) == 0
    freq = register(writes, d.REG_FREQ_LO, 0, first) | \
        register(writes, d.REG_FREQ_HI, 0, first) << 8
    assert freq == freq_for(m, 69) == 2191
    # the envelope, one volume a update: 0 at NoteOn, attack, decay, the sustain held
    # until NoteOff, the release; then the oscillator halts
    volumes = [(c, v) for c, r_, v in writes if r_ == d.REG_VOLUME and c >= first]
    halt = next(c for c, r_, v in writes if r_ == d.REG_CONTROL and c > first
                and v & d.CTL_HALT)
    note = [v for c, v in volumes if c <= halt]
    assert note == [0] + ATTACK_DECAY + RELEASE
    period = update_cycles(m)
    times = [c for c, v in volumes if c <= halt][1:]
    for a, b in zip(times, times[1:len(ATTACK_DECAY)]):
        assert abs(b - a - period) <= 2 * CPU_HZ / m.doc.sample_rate + 60
    # the program's update routine ran at every update, at the rate: 0.4 Hz a unit
    updates = r["word"]("Updates")
    assert updates == m.tb.ns.updates > 0
    assert m.elapsed_cycles / period == pytest.approx(updates, abs=2)
    # what the DOC played: the note's stretch is a square wave at 440 Hz, at the
    # envelope's volumes (byte - $80) x volume, halved
    nonzero = np.flatnonzero(samples)
    begin = nonzero[0]
    gaps = np.flatnonzero(np.diff(nonzero) > 400)
    end = nonzero[gaps[0]] + 1
    played = samples[begin:end].astype(np.int32)
    assert np.abs(played).max() == (0x40 * 252) >> 1
    rising = np.flatnonzero((played[:-1] < 0) & (played[1:] > 0))
    assert set(np.diff(rising)) <= {59, 60}                # 26,320 / 440 = 59.8
    rate = m.doc.sample_rate
    assert len(rising) / ((rising[-1] - rising[0]) / rate) == pytest.approx(
        440, rel=0.02)
    spectrum = np.abs(np.fft.rfft(played.astype(float)))
    peak = (np.argmax(spectrum[1:]) + 1) * rate / len(played)
    assert peak == pytest.approx(440, abs=rate / len(played) + 1)
    # the host's mixer was handed the note as the envelope moved, a chunk at each
    # change (the note runs free; the clock at volume 0 is not heard), and chunks after
    # it while it held: at the sustain, the square wave at 440 Hz resampled
    # to 22,050 Hz, at volume 190, for the 20 updates it held
    host = m.host
    assert all(h.size <= host.stream.chunk for h in host.handed)
    sustain = (0x40 * ATTACK_DECAY[-1]) >> 1
    held = max((np.concatenate(run).astype(np.int32) for run in host.runs
                if run[0].size and np.abs(run[0]).max() == sustain), key=len)
    assert len(held) >= 20 * MixerHost.RATE * 65536 / (UPDATE_RATE * m.doc.sample_rate)
    assert np.abs(held).max() == sustain
    crossings = np.flatnonzero((held[:-1] < 0) & (held[1:] > 0))
    assert set(np.diff(crossings)) <= {49, 50, 51}         # 22,050 / 440 = 50.1
    assert len(crossings) / (len(held) / MixerHost.RATE) == pytest.approx(440, rel=0.01)
    # the host's log has the notes (this one and the sequence's), not the clock
    assert [e.frequency for e in m.host.sound_log] == \
        [2191] + [freq_for(m, n) for n in SEQ_NOTES]
    assert not m.missing_calls()


def test_the_sequencer_plays_its_pattern_at_the_tempo_and_completes(build_program):
    r = run(build_program)
    m, writes = r["m"], r["writes"]
    notes = starts(writes)[1:]                             # after the hand-played note
    assert len(notes) == len(SEQ_NOTES)
    for (cycle, osc), semitone in zip(notes, SEQ_NOTES):
        freq = register(writes, d.REG_FREQ_LO, osc, cycle) | \
            register(writes, d.REG_FREQ_HI, osc, cycle) << 8
        assert freq == freq_for(m, semitone)
    # generators: 0, then 1 while 0 fades, then 0 again
    assert [osc for _c, osc in notes] == [0, 2, 0]
    # a note every 6 ticks of 2 updates: the second 12 updates after the first (the
    # first at StartSeq, between two updates), the third 12 after the second
    period = update_cycles(m)
    slack = 2 * CPU_HZ / m.doc.sample_rate + 60
    step = SEQ_DURATION * SEQ_TICK_UPDATES
    assert (step - 1) * period - slack <= notes[1][0] - notes[0][0] <= step * period + slack
    assert abs(notes[2][0] - notes[1][0] - step * period) <= slack
    # the completion routine ran, no error, GetTimer counted the pattern's 18 ticks
    assert r["word"]("Done") & 0xFF == 1
    assert r["word"]("ErrCode") == 0
    assert r["word"]("Ticks") == SEQ_DURATION * len(SEQ_NOTES)
    # every note released and halted by the end
    assert not any(m.doc.playing(osc) for osc in range(d.OSCILLATORS))


def relative(writes):
    return [(c - writes[0][0], r, v) for c, r, v in writes]


def test_sound_off_is_silent_and_the_run_is_the_same_twice(build_program):
    on = run(build_program)
    again = run(build_program, tier="run_reference")      # and in the other CPU tier
    assert again["writes"] == on["writes"]
    assert np.array_equal(again["samples"], on["samples"])
    assert on["samples"].any()
    off = run(build_program, sound_off=True)
    assert off["m"].doc.system_volume == 0
    # the same notes at the same times (from NSStartUp: the SetSoundVolume call took
    # some cycles before the program started), unheard
    assert relative(off["writes"]) == relative(on["writes"])
    assert off["samples"].size == on["samples"].size and not off["samples"].any()
    assert off["m"].host.handed and not any(h.any() for run in off["m"].host.runs
                                            for h in run)


ERROR_AT, ROUTINE = 0x7100, 0x7200
SEQUENCE, HANDLE, TABLE, TABLE_HANDLE, INSTRUMENT, WAVE_AT = \
    0x030000, 0x030100, 0x030200, 0x030210, 0x030300, 0x030400
# An Instrument record (NoteSyn.p): the program's envelope, one waveform
INSTRUMENT_RECORD = bytes([127, 0x00, 0x20, 96, 0x00, 0x08, 96, 0, 0, 0, 0x00, 0x10]
                          + [0] * 12 + [3, 0x10, 2, 0, 0, 0, 1, 0]
                          + [127, 0x00, 0x00, 0x00, 0, 0])


def started_machine(mode: int) -> Machine:
    """Sound Tool Set, Note Synthesizer (no user routine) and Note Sequencer started
    as a program starts them; the wave in DOC RAM, the instrument in memory."""
    m = Machine()
    assert call_tool(m, 0x0208, [("W", 0x1000)])[0] == 0           # SoundStartUp
    write_bytes(m.mem, WAVE_AT, WAVE)
    assert call_tool(m, 0x0908, [("L", WAVE_AT), ("W", 0), ("W", 256)])[0] == 0
    write_bytes(m.mem, INSTRUMENT, INSTRUMENT_RECORD)
    assert call_tool(m, 0x0219, [("W", UPDATE_RATE), ("L", 0)])[0] == 0   # NSStartUp
    assert call_tool(m, 0x021A, [("W", 0x1100), ("W", mode), ("W", 0), ("W", 1)])[0] == 0
    return m


def test_step_mode_an_unknown_command_and_the_errors():
    m = started_machine(mode=1)                            # no interrupts: StepSeq
    write_bytes(m.mem, TABLE, (1).to_bytes(2, "little") + INSTRUMENT.to_bytes(4, "little"))
    write_bytes(m.mem, TABLE_HANDLE, TABLE.to_bytes(4, "little"))
    # a pattern: D for 2 ticks, then a jump ($03: its operands are not modelled)
    items = [0, 0x8000 | 62 << 8 | 100 | 2 << 16, 0x03, 0xFFFFFFFF]
    write_bytes(m.mem, SEQUENCE, b"".join(i.to_bytes(4, "little") for i in items))
    write_bytes(m.mem, HANDLE, SEQUENCE.to_bytes(4, "little"))
    write_bytes(m.mem, ROUTINE, bytes([0xC2, 0x20, 0x8D, ERROR_AT & 0xFF, ERROR_AT >> 8,
                                       0x6B]))           # REP #$20; STA error; RTL
    assert call_tool(m, 0x121A, [("L", TABLE_HANDLE)])[0] == 0       # SetInstTable
    assert call_tool(m, 0x0F1A, [("L", ROUTINE), ("L", 0), ("L", HANDLE)])[0] == 0
    assert m.tb.ns.voices[0].semitone == 62 and m.doc.playing(0)   # at once
    assert call_tool(m, 0x0C1A, result_words=3) == (0, [0, 1, 1])   # GetLoc
    assert call_tool(m, 0x0B19, [("W", 0), ("W", 62), ("W", 100), ("L", INSTRUMENT)])[0] \
        == 0x1924                                          # nsGenAlreadyOn
    assert call_tool(m, 0x101A)[0] == 0                    # StepSeq: tick 1
    assert call_tool(m, 0x0B1A, result_words=1) == (0, [1])
    assert read_word(m.mem, ERROR_AT) == 0 and not m.tb.ns.voices[0].released
    assert call_tool(m, 0x101A)[0] == 0                    # tick 2: the note ends, the jump
    assert read_word(m.mem, ERROR_AT) == 0x1A01            # noCommandErr, to errHndlr
    assert not m.tb.seq.playing and m.tb.ns.voices[0].released
    # StartSeq needs the Note Synthesizer, which stops its notes and its clock
    assert call_tool(m, 0x0319)[0] == 0                    # NSShutDown
    assert not m.doc.playing(0) and not m.doc.playing(TIMER_OSC)
    assert call_tool(m, 0x0F1A, [("L", 0), ("L", 0), ("L", HANDLE)])[0] == 0x1923
