"""Sound through the Sound GLU (iigs/glu.py, $C03C-$C03F; issue 48): a 65816 sound driver
(programs/machine_sound_glu.asm) writes a square wave into DOC RAM with auto-increment,
reads it back, plays it once on an oscillator in one-shot mode with its interrupt enabled
and polls the halt bit and the interrupt status register, with no Sound Tool Set call.
The DOC it drives is the one the Sound Tool Set plays through: one chip either way in."""
from __future__ import annotations

import numpy as np
import pytest

from iigs import doc as d
from iigs.docstream import DocStream
from iigs.host import HeadlessHost
from system.machine import Machine
from iigs.memory import write_bytes
from toolcall import call_tool

OSC = 5                   # the driver's oscillator (machine_sound_glu.asm)
WAVE_ADR, WAVE_LEN = 0x2000, 1024
HALF_PERIOD = 0x20        # bytes high, then as many low
PERIODS_PER_BYTE = 2      # frequency 256 at resolution = size: half a byte a DOC period
SOUND_START_UP, SET_SOUND_VOLUME = 0x0208, 0x0D08
WRITE_RAM_BLOCK, READ_RAM_BLOCK = 0x0908, 0x0A08
SYSTEM_VOLUME_GEN = 0x000F
TIERS = ("run", "run_reference")


class MixerHost(HeadlessHost):
    """A headless host with a mixer fed as the window host feeds pygame's, through the
    same DocStream (`WindowHost.play_doc`, `feed_doc`): a device that has played a
    tick's worth for each tick since the last change. `handed`: what each change of
    the DOC's sound handed over; `runs`: each change's sound as the device got it
    (that, then the chunks queued after it)."""

    RATE = 22050
    TICK = RATE / 60

    def __init__(self) -> None:
        super().__init__()
        self.stream = DocStream(self.RATE)
        self.handed: list[np.ndarray] = []
        self.runs: list[list[np.ndarray]] = []
        self._ticks = 0                 # ticks since the last change

    def play_doc(self, doc: d.DOC) -> None:
        wave = self.stream.restart(doc)
        self.handed.append(wave)
        self.runs.append([wave])
        self._ticks = 0

    def feed_doc(self, doc: d.DOC) -> None:
        if self.runs:
            ahead = sum(h.size for h in self.runs[-1]) - self._ticks * self.TICK
            if self.stream.wants_more(ahead):
                self.runs[-1].append(self.stream.next_chunk())
        self._ticks += 1


def square_wave() -> bytes:
    """The wave the driver writes: $40 for 32 bytes, $C0 for 32, over 1 KB."""
    return bytes(0xC0 if i & HALF_PERIOD else 0x40 for i in range(WAVE_LEN))


def play(build_program, volume: int = 0xC0, system_volume: int | None = None,
         tier: str = "run") -> dict:
    """Run the driver on a fresh machine, recording what the DOC plays."""
    data, labels = build_program("machine_sound_glu")
    m = Machine(host=MixerHost())
    if tier == "run_reference":
        m.cpu.run = m.cpu.run_reference
    assert call_tool(m, SOUND_START_UP, [("W", 0x1000)]) == (0, [])
    if system_volume is not None:     # SetSoundVolume(volume << 4, $000F): Sound off
        assert call_tool(m, SET_SOUND_VOLUME,
                         [("W", system_volume << 4), ("W", SYSTEM_VOLUME_GEN)]) == (0, [])
    prog = m.load(data)
    raised: list[int] = []
    m.doc.irq_source = raised.append
    m.doc.start_recording()
    regs = m.call(prog.entry + labels["GluPlay"], a=volume)
    return {"m": m, "regs": regs, "samples": m.doc.take_recording(), "raised": raised,
            "at": lambda name: prog.entry + labels[name]}


@pytest.mark.parametrize("tier", TIERS)
def test_a_driver_plays_a_wave_through_the_glu_once_and_reads_the_interrupt(build_program,
                                                                           tier):
    run = play(build_program, tier=tier)
    m, regs, samples = run["m"], run["regs"], run["samples"]
    wave = square_wave()
    # (a) one chip either way in: the wave written through the GLU is in the DOC's RAM,
    # read back through the GLU (after its dummy read) and through ReadRamBlock alike
    assert bytes(m.doc.ram[WAVE_ADR:WAVE_ADR + WAVE_LEN]) == wave
    back = run["at"]("ReadBack")
    assert bytes(m.mem[back:back + WAVE_LEN]) == wave
    assert call_tool(m, READ_RAM_BLOCK, [("L", 0x030000), ("W", WAVE_ADR),
                                         ("W", WAVE_LEN)]) == (0, [])
    assert bytes(m.mem[0x030000:0x030000 + WAVE_LEN]) == wave
    # ... and a block written by WriteRamBlock reads back through the GLU
    ramp = bytes(range(1, 256)) * 4 + b"\x01\x02\x03\x04"
    write_bytes(m.mem, 0x040000, ramp)
    assert call_tool(m, WRITE_RAM_BLOCK, [("L", 0x040000), ("W", 0x6000),
                                          ("W", WAVE_LEN)]) == (0, [])
    m.call(run["at"]("GluRead"), a=0x6000)
    assert bytes(m.mem[back:back + WAVE_LEN]) == ramp
    # (d) one pass, then the halt bit, and $E0 names the oscillator once (read clears)
    assert regs.x > 0, "the driver never saw the halt bit"
    assert not m.doc.playing(OSC)
    assert regs.a & 0xFF == (OSC << 1) | 0x41               # bit 7 clear: oscillator 5
    assert regs.a >> 8 == d.IRQ_NONE                         # read again: nothing pending
    assert run["raised"] == [OSC] and not m.doc.irq_asserted
    assert regs.y == 0x00 | d.SYSTEM_VOLUME_MAX              # $C03C: volume kept, busy 0
    # (b) the samples: each byte for two DOC periods at the volumes, then silence
    played = WAVE_LEN * PERIODS_PER_BYTE
    expected = ((np.repeat(np.frombuffer(wave, np.uint8).astype(np.int32), 2) - 0x80)
                * 0xC0) >> d.OUTPUT_SHIFT
    assert len(samples) >= played
    assert np.array_equal(samples[:played].astype(np.int32), expected)
    assert not samples[played:].any()
    # the pitch: 16 cycles of the square wave, at the DOC's rate over 32 oscillators
    rising = np.flatnonzero((samples[:-1] <= 0) & (samples[1:] > 0))
    cycle = 2 * HALF_PERIOD * PERIODS_PER_BYTE               # DOC periods a cycle
    assert len(rising) == WAVE_LEN // (2 * HALF_PERIOD)      # low first: 16 rises
    assert set(np.diff(rising)) == {cycle}
    spectrum = np.abs(np.fft.rfft(samples[:played].astype(float)))
    peak_hz = np.argmax(spectrum[1:]) + 1
    assert peak_hz * m.doc.sample_rate / played == pytest.approx(
        m.doc.sample_rate / cycle)                           # 205.6 Hz
    # the program waited for the sound's emulated length: it took at least that long
    assert regs.cycles >= played * 2_800_000 / m.doc.sample_rate
    # the host's mixer was handed the sound when the driver started it: the same wave
    # resampled to 22,050 Hz, as long as the sound
    handed = m.host.handed
    assert len(handed) == 1
    assert len(handed[0]) == pytest.approx(played * MixerHost.RATE / m.doc.sample_rate, abs=2)
    assert set(np.unique(handed[0][:-2])) == {expected.min(), expected.max()}
    # (e) deterministic: the same run gives the same samples and registers
    again = play(build_program, tier=tier)
    assert np.array_equal(again["samples"], samples)
    assert (again["regs"].a, again["regs"].x, again["regs"].cycles) == \
        (regs.a, regs.x, regs.cycles)


def test_volume_zero_and_sound_off_are_silent(build_program):
    # (c) the oscillator's own volume 0: it plays (and halts) without a sound
    quiet = play(build_program, volume=0)
    assert quiet["regs"].x > 0 and quiet["samples"].size and not quiet["samples"].any()
    # ... and the host's mixer is handed nothing for it: it adds no horizon
    assert [h.size for h in quiet["m"].host.handed] == [0]
    # Sound off (the system volume 0, as the game and the Control Panel set it): the
    # driver keeps the volume bits, so the whole run is silent, and it still halts
    off = play(build_program, system_volume=0)
    assert off["regs"].y == 0x00                             # $C03C: volume 0
    assert off["regs"].x > 0 and off["raised"] == [OSC]
    assert off["samples"].size and not off["samples"].any()
    assert off["m"].doc.system_volume == 0
    assert len(off["m"].host.handed) == 1 and not off["m"].host.handed[0].any()
    # the host was told of the start (its log keeps the system volume it started at)
    log = off["m"].host.sound_log
    assert [(e.address, e.frequency, e.volume, e.system_volume) for e in log] == \
        [(WAVE_ADR, 256, 0xC0, 0)]


def start(doc: d.DOC, osc: int, page: int, mode: int, freq: int = 512,
          irq: bool = True, halted: bool = False) -> None:
    """Program oscillator osc for a 256-byte table at DOC page `page` and start it (or
    leave it halted, ready)."""
    for base, value in ((d.REG_FREQ_LO, freq & 0xFF), (d.REG_FREQ_HI, freq >> 8),
                        (d.REG_VOLUME, 0xFF), (d.REG_POINTER, page), (d.REG_TABLE, 0)):
        doc.write_register(base + osc, value)
    control = mode << 1 | (d.CTL_IRQ_ENABLE if irq else 0) | (d.CTL_HALT if halted else 0)
    doc.write_register(d.REG_CONTROL + osc, control)


def test_swap_mode_hands_over_to_the_partner_and_free_run_interrupts_at_each_pass():
    doc = d.DOC()
    doc.ram[0x1000:0x1100] = b"\xA0" * 256
    doc.ram[0x1100:0x1200] = b"\x60" * 256
    raised: list[int] = []
    doc.irq_source = raised.append
    start(doc, 3, 0x11, d.MODE_SWAP, halted=True)      # the partner, ready
    start(doc, 2, 0x10, d.MODE_SWAP)
    # render_ahead plays the hand-over without moving the DOC or raising anything
    rate = doc.sample_rate
    ahead = doc.render_ahead(rate)
    assert doc.playing(2) and not doc.playing(3) and doc.acc[2] == 0 and not raised
    doc.start_recording()
    doc.advance(600)
    played = doc.take_recording()
    assert np.array_equal(played[:600], ahead[:600])
    # oscillator 2 plays its 256 bytes, then 3 plays its own from the next period on,
    # then 2 again (a double buffer: the pair swaps until the program says otherwise)
    assert (played[:256] == (0x20 * 0xFF) >> 1).all()
    assert (played[256:512] == (-0x20 * 0xFF) >> 1).all()
    assert (played[512:600] == (0x20 * 0xFF) >> 1).all()
    assert doc.playing(2) and not doc.playing(3)
    assert raised == [2, 3]
    doc.write_register(d.REG_CONTROL + 2, d.CTL_HALT)  # the program stops it
    # $E0: the lowest pending oscillator first, each read clearing it
    assert [doc.read_register(d.REG_INTERRUPT) for _ in range(3)] == \
        [(2 << 1) | 0x41, (3 << 1) | 0x41, d.IRQ_NONE]
    # free run: an interrupt each time the oscillator passes its table's end, no halt
    raised.clear()
    start(doc, 7, 0x10, d.MODE_FREE)
    doc.advance(200)
    assert raised == [] and not doc.irq_asserted
    doc.advance(100)                                    # past byte 256
    assert raised == [7] and doc.irq_asserted and doc.playing(7)
    assert doc.read_register(d.REG_INTERRUPT) == (7 << 1) | 0x41
    assert not doc.irq_asserted
    # an oscillator without its interrupt enabled raises nothing
    doc.write_register(d.REG_CONTROL + 7, d.CTL_HALT)
    start(doc, 9, 0x10, d.MODE_ONE_SHOT, irq=False)
    doc.advance(300)
    assert not doc.playing(9) and raised == [7]


def test_the_glu_registers_read_back_and_the_dummy_read_rule():
    from iigs.glu import SoundGLU
    doc = d.DOC()
    glu = SoundGLU(doc)
    glu.write_control(0x60 | 0x07)                     # RAM, auto-increment, volume 7
    assert glu.read_control() == 0x67 and doc.system_volume == 7
    glu.write_address(False, 0xFE)
    glu.write_address(True, 0x12)
    assert (glu.read_address(False), glu.read_address(True)) == (0xFE, 0x12)
    for byte in (1, 2, 3):
        glu.write_data(byte)
    assert bytes(doc.ram[0x12FE:0x1301]) == b"\x01\x02\x03" and glu.address == 0x1301
    glu.write_address(True, 0x12)
    glu.write_address(False, 0xFE)
    reads = [glu.read_data() for _ in range(4)]
    assert reads[1:] == [1, 2, 3]                      # the first is the dummy read
    glu.write_control(0x00 | 0x07)                     # registers, no auto-increment
    glu.write_address(False, d.REG_AD)
    glu.read_data()
    assert glu.read_data() == d.AD_NO_INPUT and glu.address & 0xFF == d.REG_AD
    glu.write_address(False, d.REG_ENABLE)
    glu.write_data(0x1E)                               # 16 oscillators
    assert doc.enabled == 16 and doc.sample_rate == pytest.approx(894886 / 18)


def test_a_change_to_a_playing_oscillator_reaches_the_mixer_at_the_next_tick():
    m = Machine(host=MixerHost())
    io = m.io

    def poke(register: int, value: int) -> None:
        io.write(0xE0C03E, register)
        io.write(0xE0C03D, value)

    io.write(0xE0C03C, 0x60 | 0x0F)                    # RAM, auto-increment, volume 15
    io.write(0xE0C03E, 0x00)
    io.write(0xE0C03F, 0x30)
    for i in range(256):
        io.write(0xE0C03D, 0xA0 if i & 0x10 else 0x60)
    io.write(0xE0C03C, 0x0F)                           # registers
    for register, value in ((d.REG_FREQ_LO + 1, 0), (d.REG_FREQ_HI + 1, 2),
                            (d.REG_VOLUME + 1, 0x40), (d.REG_POINTER + 1, 0x30),
                            (d.REG_TABLE + 1, 0), (d.REG_CONTROL + 1, 0)):
        poke(register, value)                          # free run: it plays on
    handed = m.host.handed
    assert len(handed) == 1 and np.abs(handed[0]).max() == (0x20 * 0x40) >> 1
    m.tb.snd.sync()
    assert len(handed) == 1                            # nothing changed
    poke(d.REG_VOLUME + 1, 0x80)                       # louder, while it plays
    poke(d.REG_VOLUME + 1, 0x80)
    assert len(handed) == 1                            # handed over once a tick, not per write
    m.tb.snd.sync()
    assert len(handed) == 2 and np.abs(handed[1]).max() == (0x20 * 0x80) >> 1
    io.write(0xE0C03C, 0x00)                           # the volume bits to 0: silence
    m.tb.snd.sync()
    assert len(handed) == 3 and not handed[2].any()
    assert io.read(0xE0C03C) == 0x00 and m.tb.snd.system_volume == 0
    poke(d.REG_CONTROL + 1, d.CTL_HALT)                # the driver stops it: at once
    assert len(handed) == 4 and handed[3].size == 0
    m.tb.snd.sync()
    assert len(handed) == 4                            # and nothing more at the tick


def test_the_doc_says_when_its_next_interrupt_falls():
    cpu_hz = 2_800_000
    doc = d.DOC(cycles_per_second=cpu_hz)
    doc.ram[0x1000:0x1100] = b"\xA0" * 256
    raised: list[int] = []
    doc.irq_source = raised.append
    assert doc.next_interrupt_cycle() is None            # nothing plays
    doc.catch_up(1000)
    start(doc, 4, 0x10, d.MODE_ONE_SHOT)                 # 256 periods to its end
    due = doc.next_interrupt_cycle()
    assert due == pytest.approx(1000 + 257 * cpu_hz / doc.sample_rate, abs=2)
    doc.catch_up(due - 2)
    assert raised == [] and doc.playing(4)
    doc.catch_up(due)
    assert raised == [4] and not doc.playing(4)
    assert doc.read_register(d.REG_INTERRUPT) == (4 << 1) | 0x41
    # a free-running timer: each pass of its table's end, on time
    start(doc, 6, 0x10, d.MODE_FREE, freq=1024)          # 128 periods a pass
    passes = []
    for _ in range(3):
        due = doc.next_interrupt_cycle()
        doc.catch_up(due)
        passes.append(due)
        assert doc.read_register(d.REG_INTERRUPT) == (6 << 1) | 0x41
    assert np.diff(passes) == pytest.approx(128 * cpu_hz / doc.sample_rate, abs=2)
    # a stop byte ends it sooner
    doc.write_register(d.REG_CONTROL + 6, d.CTL_HALT)
    doc.ram[0x1040] = d.STOP_BYTE
    now = passes[-1]                                     # the DOC's time
    start(doc, 4, 0x10, d.MODE_ONE_SHOT)
    assert doc.next_interrupt_cycle() == pytest.approx(
        now + 65 * cpu_hz / doc.sample_rate, abs=2)
