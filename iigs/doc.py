"""The Ensoniq 5503 DOC (Digital Oscillator Chip): 64 KB of wave RAM and 32 oscillators.

Follows the Apple IIGS Hardware Reference, chapter 5 "The Sound GLU and the DOC", as far
as free-form sound needs it: each oscillator steps a 24-bit accumulator by its 16-bit
frequency once per DOC sample period, reads the wave RAM byte the accumulator points
at (unsigned, $80 = silence, $00 = stop) and adds (byte - $80) * volume to the output.
The DOC's sample rate is its 894,886 Hz clock divided by (enabled oscillators + 2):
26,320 Hz with all 32 enabled, as the Sound Tool Set leaves it.

Registers (one byte per oscillator n = 0..31, at base + n):
    $00 frequency low     $20 frequency high     $40 volume       $60 data (last byte)
    $80 wavetable pointer (address bits 15-8)    $A0 control      $C0 table size
    $E0 interrupt status  $E1 oscillators enabled  $E2 A/D converter
$E1 bits 1-5 hold the number of oscillators enabled less one ($3E: all 32, as the ROM
and the Sound Tool Set set it). $E0 reads, while an oscillator's interrupt is pending,
bit 7 clear and the oscillator's number in bits 1-5 (bits 6 and 0 read 1), and the read
clears that interrupt; with none pending it reads $C1 (bit 7 set). $E2 reads $80 (no
input on the A/D converter: mid-scale).
Control: bit 0 halt, bits 1-2 mode (0 free run, 1 one-shot, 2 sync/AM, 3 swap), bit 3
interrupt enable, bits 4-7 output channel. Table size: bits 0-2 resolution, bits 3-5
table size (256 << n bytes), bit 6 bank. The wave RAM address of the byte played is
pointer & mask(size) | (acc >> (9 + resolution - size)) & (size - 1). A $00 byte halts
the oscillator in any mode (sets its halt bit: the "done" status a program polls).
Modes: one-shot halts when the offset passes the table's end; free run wraps, raising
its interrupt at each pass; swap halts like one-shot and starts its partner (n xor 1,
from its table's start, the next period), so a pair plays two buffers in turn; sync/AM
plays as free run (neither syncing nor modulating its partner). The output channel
bits are kept: everything is mixed to one channel. Sound RAM is one 64 KB bank (bit 6
of the table register, the second bank of later machines, is ignored).

Mixing is numpy over whole blocks (no per-sample Python loop): `mix(n, rate)` gives n
16-bit samples at the host's rate, each the oscillators' sum at the DOC sample period
that instant falls in (the DOC's output resampled to the host rate), and moves the
oscillators on; `advance(periods)` moves them without producing sound (a headless
machine, or catching up with emulated time). For a host's audio device, `sound_copy()`
is a DOC that plays on from here what this one is heard playing (the oscillators at
volume 0 left out: they add nothing), so mixing ahead moves nothing here;
`render_ahead(rate)` is what is heard until every one-shot ends, and `runs_free()` says
something heard plays with no end, which a host streams in chunks (iigs/docstream.py).

Emulated time: a DOC made with `cycles_per_second` (the machine's CPU clock) follows
the machine's cycle count: `catch_up(cycles)` runs the oscillators for the DOC periods
that have passed since the last catch-up, so a program that polls a halt bit or $E0
sees an oscillator end when its emulated length is over. Everything that looks at or
changes the DOC (the Sound GLU, the Sound Tool Set, the machine's tick) catches up first.

Interrupts: an oscillator with its interrupt enabled (control bit 3) that halts (one-shot
end or a stop byte) is queued for $E0 and told to `irq_source(osc)` (None: nobody); a
read of $E0 that leaves none queued tells `irq_cleared()` (the line drops); after a
write of an oscillator register or of a stop byte into wave RAM, `reprogrammed()`
tells `timing_changed()` (the next interrupt may come sooner). The
interrupt controller (`iigs.interrupts`, which sets all three) reads `irq_asserted` (the
DOC's IRQ line: some interrupt not yet read from $E0), `interrupts_armed()` (one is
queued or may come) and `next_interrupt_cycle()` (when to catch the DOC up for the next
one). The DOC dispatches nothing itself.

Recording: `start_recording()` makes every catch-up keep what the DOC played, one sample
per DOC period (int16, after the volumes), and `take_recording()` hands it over: the
samples a headless run produced, for tests. Only stretches in which an oscillator plays
are kept (silence between sounds is left out).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

DOC_CLOCK_HZ = 894_886          # 7.159 MHz / 8 (Hardware Reference)
OSCILLATORS = 32
WAVE_RAM_SIZE = 0x10000

# register bases
REG_FREQ_LO, REG_FREQ_HI, REG_VOLUME, REG_DATA = 0x00, 0x20, 0x40, 0x60
REG_POINTER, REG_CONTROL, REG_TABLE = 0x80, 0xA0, 0xC0
REG_INTERRUPT, REG_ENABLE, REG_AD = 0xE0, 0xE1, 0xE2
ENABLE_ALL = (OSCILLATORS - 1) << 1   # $E1 for all 32 oscillators
AD_NO_INPUT = 0x80                   # $E2: nothing on the A/D converter
IRQ_NONE = 0xC1                      # $E0 with no interrupt pending

CTL_HALT = 0x01
CTL_MODE_MASK = 0x06
MODE_FREE, MODE_ONE_SHOT, MODE_SYNC, MODE_SWAP = 0, 1, 2, 3
CTL_IRQ_ENABLE = 0x08

STOP_BYTE = 0x00                # a $00 in wave RAM halts the oscillator reading it
SILENCE = 0x80

ACC_MASK = (1 << 24) - 1
MAX_AHEAD_SECONDS = 8.0         # render_ahead never makes more than this
# Output scale: one full-volume oscillator at full swing gives 128 * 255 = 32,640;
# halved so two effects together stay clear of clipping.
OUTPUT_SHIFT = 1
SYSTEM_VOLUME_MAX = 15


def table_bytes(size_code: int) -> int:
    """Bytes in a wave table of size code 0..7 (256 .. 32,768)."""
    return 0x100 << (size_code & 7)


@dataclass(frozen=True)
class OscillatorStart:
    """What an oscillator was started with (the host's sound log keeps these)."""
    oscillator: int
    address: int        # wave RAM address of the table
    length: int         # bytes it will play at most (the table's size)
    frequency: int      # the frequency register
    volume: int         # the volume register, 0..255


class DOC:
    """The 5503's wave RAM and oscillator registers; see the module docstring.

    `listener(event, doc, start)` is called when an oscillator starts ("start", with an
    OscillatorStart) or is halted by a program ("stop", start None); None: nobody.
    `changed` is set when a program changes how a playing oscillator sounds (frequency,
    volume, table), for whoever hands the sound to a mixer to pick up (and clear).
    `system_volume` (0..15, the Sound GLU's volume) scales the output.
    `cycles_per_second`: the clock `catch_up` counts in (None: no emulated time)."""

    def __init__(self, cycles_per_second: int | None = None) -> None:
        self.ram = bytearray(WAVE_RAM_SIZE)
        self.regs = bytearray(0x100)
        self.acc = [0] * OSCILLATORS
        self.system_volume = SYSTEM_VOLUME_MAX
        self.listener: Callable[[str, "DOC", Any], None] | None = None
        self.irq_source: Callable[[int], None] | None = None
        self.irq_cleared: Callable[[], None] | None = None
        self.timing_changed: Callable[[], None] | None = None
        self.changed = False
        self.regs[REG_ENABLE] = ENABLE_ALL
        for n in range(OSCILLATORS):
            self.regs[REG_CONTROL + n] = CTL_HALT
        self.irq_pending: list[int] = []   # oscillators that halted with IRQs enabled
        self._phase = 0.0               # mix: where between DOC periods the output is
        self.cycles_per_second = cycles_per_second
        self._synced_cycles = 0         # catch_up: the cycle count the DOC is at
        self._period_carry = 0.0        # ... and the part of a DOC period past it
        self._recording: list[np.ndarray] | None = None

    # -- registers --------------------------------------------------------------------
    @property
    def enabled(self) -> int:
        """Oscillators enabled: one more than $E1's bits 1-5."""
        return ((self.regs[REG_ENABLE] >> 1) & 0x1F) + 1

    @property
    def irq_asserted(self) -> bool:
        """The DOC's IRQ line: an oscillator's interrupt not yet read from $E0."""
        return bool(self.irq_pending)

    def interrupts_armed(self) -> bool:
        """Some interrupt is queued, or an oscillator plays with its interrupt enabled
        (one may come): only then does the interrupt controller watch the DOC."""
        regs = self.regs
        return bool(self.irq_pending) or any(
            regs[REG_CONTROL + n] & (CTL_HALT | CTL_IRQ_ENABLE) == CTL_IRQ_ENABLE
            for n in range(self.enabled))

    @property
    def sample_rate(self) -> float:
        """DOC output samples per second: the clock / (enabled oscillators + 2)."""
        return DOC_CLOCK_HZ / (self.enabled + 2)

    def read_register(self, reg: int) -> int:
        """A register as a program reads it (reading $E0 takes the interrupt it shows)."""
        reg &= 0xFF
        if reg == REG_INTERRUPT:
            # the oldest pending interrupt, bit 7 clear while one is pending
            if self.irq_pending:
                osc = self.irq_pending.pop(0)
                if not self.irq_pending and self.irq_cleared is not None:
                    self.irq_cleared()
                return (osc << 1) | 0x41
            return IRQ_NONE
        if reg == REG_AD:
            return AD_NO_INPUT
        return self.regs[reg]

    def write_register(self, reg: int, value: int) -> None:
        """A register as a program (through the Sound GLU) or a tool set writes it:
        starting (halt bit cleared) or halting an oscillator tells the listener, and the
        next interrupt's cycle is recomputed (`reprogrammed`) whoever wrote it; $E0 and
        $E2 are read-only."""
        reg &= 0xFF
        value &= 0xFF
        if reg in (REG_INTERRUPT, REG_AD):
            return
        self._write_register(reg, value)
        self.reprogrammed()

    def _write_register(self, reg: int, value: int) -> None:
        if reg < REG_DATA or REG_POINTER <= reg < REG_CONTROL \
                or REG_TABLE <= reg < REG_TABLE + OSCILLATORS:
            if self.playing(reg & 0x1F) and self.regs[reg] != value:
                self.changed = True
        if REG_CONTROL <= reg < REG_CONTROL + OSCILLATORS:
            osc = reg - REG_CONTROL
            was_halted = self.regs[reg] & CTL_HALT
            if not was_halted and not value & CTL_HALT \
                    and (self.regs[reg] ^ value) & CTL_MODE_MASK:
                self.changed = True     # a new mode while it plays (starts and stops
            self.regs[reg] = value      # are told to the listener below)
            if was_halted and not value & CTL_HALT:
                self.acc[osc] = 0
                self._notify("start", self._start_record(osc))
            elif not was_halted and value & CTL_HALT:
                self._notify("stop", None)
            return
        self.regs[reg] = value

    def reprogrammed(self) -> None:
        """An oscillator register (`write_register` tells it) or a stop byte of wave RAM
        (the Sound GLU tells it) was written: the next interrupt's cycle may have moved, so
        `timing_changed` (the interrupt controller's) is told."""
        if self.timing_changed is not None:
            self.timing_changed()

    def playing(self, osc: int) -> bool:
        return not self.regs[REG_CONTROL + osc] & CTL_HALT

    def any_playing(self) -> bool:
        regs = self.regs
        return any(not regs[REG_CONTROL + n] & CTL_HALT for n in range(self.enabled))

    def _notify(self, event: str, start: OscillatorStart | None) -> None:
        if self.listener is not None:
            self.listener(event, self, start)

    def _geometry(self, osc: int) -> tuple[int, int, int, int]:
        """(table base address, table bytes, accumulator shift, frequency) of osc."""
        table = self.regs[REG_TABLE + osc]
        size_code = (table >> 3) & 7
        resolution = table & 7
        size = table_bytes(size_code)
        base = (self.regs[REG_POINTER + osc] << 8) & ~(size - 1) & 0xFFFF
        shift = 9 + resolution - size_code
        freq = self.regs[REG_FREQ_LO + osc] | (self.regs[REG_FREQ_HI + osc] << 8)
        return base, size, shift, freq

    def _start_record(self, osc: int) -> OscillatorStart:
        base, size, _shift, freq = self._geometry(osc)
        return OscillatorStart(osc, base, size, freq, self.regs[REG_VOLUME + osc])

    # -- playing ----------------------------------------------------------------------
    def _mode(self, osc: int) -> int:
        return (self.regs[REG_CONTROL + osc] & CTL_MODE_MASK) >> 1

    def _voice(self, osc: int, steps: np.ndarray, acc0: int) -> tuple[np.ndarray, int | None]:
        """The bytes osc reads at DOC periods `steps` (from now, ascending) and the
        index of the first step at which it halts (None if it plays through)."""
        base, size, shift, freq = self._geometry(osc)
        ram = np.frombuffer(self.ram, dtype=np.uint8)
        acc = (acc0 + freq * steps.astype(np.int64)) & ACC_MASK
        offset = acc >> shift
        data = ram[(base | (offset & (size - 1))) & 0xFFFF]
        ends = data == STOP_BYTE
        if self._mode(osc) in (MODE_ONE_SHOT, MODE_SWAP):
            ends |= offset >= size
        hit = np.flatnonzero(ends)
        return data, (int(hit[0]) if hit.size else None)

    def _raise(self, osc: int) -> None:
        """Oscillator osc raises its interrupt (if enabled): pending for $E0 (once per
        oscillator, as the chip's flag), told to irq_source."""
        if not self.regs[REG_CONTROL + osc] & CTL_IRQ_ENABLE:
            return
        if osc not in self.irq_pending:
            self.irq_pending.append(osc)
            self.irq_pending.sort()
        if self.irq_source is not None:
            self.irq_source(osc)

    def _halt(self, osc: int) -> int | None:
        """osc reached its end: it halts and raises its interrupt; in swap mode its
        partner (osc ^ 1) starts from its table's start. Returns the partner started."""
        self.regs[REG_CONTROL + osc] |= CTL_HALT
        self._raise(osc)
        partner = osc ^ 1
        if self._mode(osc) == MODE_SWAP and partner < self.enabled \
                and not self.playing(partner):
            self.regs[REG_CONTROL + partner] &= ~CTL_HALT
            self.acc[partner] = 0
            return partner
        return None

    def _play(self, osc: int, periods: int) -> tuple[np.ndarray, int | None, int | None]:
        """The bytes osc reads over the next `periods` DOC periods, the period it halts
        at (None: it plays on) and the partner its halt started (swap mode); those
        periods pass for osc. A free-running oscillator raises its interrupt when it
        passes its table's end."""
        data, stop = self._voice(osc, np.arange(periods), self.acc[osc])
        _base, size, shift, freq = self._geometry(osc)
        acc0 = self.acc[osc]
        self.acc[osc] = (acc0 + freq * periods) & ACC_MASK
        self.regs[REG_DATA + osc] = int(data[-1 if stop is None else stop])
        if stop is not None:
            return data, stop, self._halt(osc)
        if self._mode(osc) == MODE_FREE and \
                ((acc0 + freq * periods) >> shift) // size > (acc0 >> shift) // size:
            self._raise(osc)
        return data, None, None

    def advance(self, periods: int) -> None:
        """Let `periods` DOC sample periods pass (output only to a recording)."""
        if periods <= 0 or not self.any_playing():
            return
        steps = np.arange(periods, dtype=np.int64)
        summed = self._mix_steps(steps, periods)
        if self._recording is not None:
            self._recording.append(self._scale(summed))

    def catch_up(self, cycles: int) -> None:
        """Run the oscillators up to the machine's cycle count `cycles` (see the module
        docstring); a count behind the last one is ignored."""
        if self.cycles_per_second is None:
            return
        elapsed = cycles - self._synced_cycles
        if elapsed <= 0:
            return
        self._synced_cycles = cycles
        if not self.any_playing():
            self._period_carry = 0.0
            return
        exact = elapsed * self.sample_rate / self.cycles_per_second + self._period_carry
        periods = int(exact)
        self._period_carry = exact - periods
        self.advance(periods)

    def _periods_to_irq(self, osc: int) -> int | None:
        """The DOC periods from now to the one at which osc raises its next interrupt
        (its step index: catching up one period more raises it), None if it raises none
        within MAX_AHEAD_SECONDS."""
        if not self.playing(osc) or not self.regs[REG_CONTROL + osc] & CTL_IRQ_ENABLE:
            return None
        _base, size, shift, freq = self._geometry(osc)
        if freq == 0:
            return None
        acc0 = self.acc[osc]
        if self._mode(osc) in (MODE_ONE_SHOT, MODE_SWAP):
            end_acc = size << shift
        else:                           # free run: the next pass of the table's end
            end_acc = ((acc0 >> shift) // size + 1) * size << shift
        to_end = -(-(end_acc - acc0) // freq)
        horizon = int(MAX_AHEAD_SECONDS * self.sample_rate)
        steps = np.arange(min(to_end, horizon) + 1, dtype=np.int64)
        _data, stop = self._voice(osc, steps, acc0)     # a $00 byte may come first
        if stop is not None:
            return stop
        return to_end if to_end <= horizon else None

    def next_interrupt_cycle(self) -> int | None:
        """The machine cycle count at which `catch_up` will raise the next oscillator
        interrupt, as the registers stand (None: none within MAX_AHEAD_SECONDS of DOC
        time, or no emulated time): an interrupt controller catches the DOC up then,
        so an interrupt is raised on time rather than at the next tick. Call it again
        after each catch-up (a program may change the oscillators)."""
        if self.cycles_per_second is None:
            return None
        waits = [w for w in (self._periods_to_irq(osc) for osc in range(self.enabled))
                 if w is not None]
        if not waits:
            return None
        periods = min(waits) + 1 - self._period_carry
        cycles = periods * self.cycles_per_second / self.sample_rate
        return self._synced_cycles + int(cycles) + 1

    def start_recording(self) -> None:
        """Keep what the DOC plays from now on (see the module docstring)."""
        self._recording = []

    def take_recording(self) -> np.ndarray:
        """The samples kept since `start_recording` or the last take (int16, one per
        DOC period); the recording goes on."""
        if not self._recording:
            return np.zeros(0, dtype=np.int16)
        samples = np.concatenate(self._recording)
        self._recording = []
        return samples

    def _sum(self, n: int, rate: float) -> np.ndarray:
        """The playing oscillators' sum at n host samples (each the DOC period that
        instant falls in: the DOC's output resampled); that time passes."""
        ratio = self.sample_rate / rate
        phase = self._phase
        steps = (phase + np.arange(n) * ratio).astype(np.int64)
        end = phase + n * ratio
        covered = max(int(end), int(steps[-1]) + 1)
        self._phase = end - covered if end >= covered else 0.0
        return self._mix_steps(steps, covered)

    def _mix_steps(self, steps: np.ndarray, covered: int) -> np.ndarray:
        """The playing oscillators' sum at DOC periods `steps` of the next `covered`,
        which pass for them (halts and interrupts on the way included)."""
        out = np.zeros(len(steps), dtype=np.int32)
        # (oscillator, the period it plays from): a swap partner joins where the other
        # one ended
        queue = [(osc, 0) for osc in range(self.enabled) if self.playing(osc)]
        for osc, first in queue:
            volume = self.regs[REG_VOLUME + osc]
            data, stop, started = self._play(osc, covered - first)
            if started is not None and stop > 0:
                queue.append((started, first + stop))
            if volume == 0:
                continue                # it moved on (above) but adds nothing
            if first:
                where = steps >= first
                at = steps[where] - first
            else:
                where, at = slice(None), steps
            voice = data[at].astype(np.int32) - SILENCE
            if stop is not None:
                voice[at >= stop] = 0
            out[where] += voice * volume
        return out

    def _scale(self, summed: np.ndarray) -> np.ndarray:
        scaled = (summed * self.system_volume) // SYSTEM_VOLUME_MAX >> OUTPUT_SHIFT
        return np.clip(scaled, -32768, 32767).astype(np.int16)

    def mix(self, n: int, rate: int) -> np.ndarray:
        """The next n output samples at `rate` Hz (int16, mono); the oscillators move on
        by the DOC periods those samples span, halting as they end."""
        if n <= 0 or not self.any_playing():
            return np.zeros(max(n, 0), dtype=np.int16)
        return self._scale(self._sum(n, rate))

    # -- what a host hands its audio device ---------------------------------------------
    def audible(self, osc: int) -> bool:
        """osc plays and is heard: its volume is not 0 (a volume-0 oscillator adds
        (byte - $80) x 0 to the sum: nothing, however it runs), or it swaps (its end
        starts its partner, which may be heard)."""
        return self.playing(osc) and (self.regs[REG_VOLUME + osc] != 0
                                      or self._mode(osc) == MODE_SWAP)

    def _endless(self, osc: int) -> bool:
        """osc, heard, plays on without an end of its table to stop it: free run,
        sync/AM, swap (the pair plays on), or a one-shot at frequency 0."""
        if not self.audible(osc):
            return False
        return self._mode(osc) != MODE_ONE_SHOT or self._geometry(osc)[3] == 0

    def runs_free(self) -> bool:
        """Something heard plays with no end in sight (see `_endless`): a host streams
        it in short chunks (`sound_copy`) rather than rendering all of it."""
        return any(self._endless(osc) for osc in range(self.enabled))

    def periods_left(self) -> int:
        """DOC periods until the last one-shot heard now reaches its table's end (at
        most; a $00 byte may stop it sooner). 0 when nothing is heard (an oscillator at
        volume 0 adds nothing: no horizon); one that runs free counts as
        MAX_AHEAD_SECONDS."""
        cap = int(MAX_AHEAD_SECONDS * self.sample_rate)
        left = 0
        for osc in range(self.enabled):
            if not self.audible(osc):
                continue
            if self._endless(osc):
                return cap
            _base, size, shift, freq = self._geometry(osc)
            left = max(left, -(-((size << shift) - self.acc[osc]) // freq) + 1)
        return min(left, cap)

    def sound_copy(self) -> "DOC":
        """A DOC that plays on from here what this one is heard playing, for a host to
        mix ahead with (`mix` moves the copy, never this DOC, and tells nobody): the
        same wave RAM (bytes written to it later are heard when the copy reaches
        them), copies of the registers and accumulators, the output phase at 0; the
        oscillators not heard (`audible`) halted, since they add nothing and start
        nothing, so the copy's mix is this DOC's mix without their cost."""
        copy = DOC()
        copy.ram = self.ram
        copy.regs[:] = self.regs
        copy.acc = list(self.acc)
        copy.system_volume = self.system_volume
        for osc in range(self.enabled):
            if self.playing(osc) and not self.audible(osc):
                copy.regs[REG_CONTROL + osc] |= CTL_HALT
        return copy

    def render_ahead(self, rate: int) -> np.ndarray:
        """Everything the DOC will be heard playing from now until its one-shots end
        (MAX_AHEAD_SECONDS at most, all of it while one runs free: a host streams that
        instead, see `runs_free`), at `rate` Hz, without moving the oscillators."""
        periods = self.periods_left()
        if periods <= 0:
            return np.zeros(0, dtype=np.int16)
        n = int(periods * rate / self.sample_rate) + 1
        return self.sound_copy().mix(n, rate)
