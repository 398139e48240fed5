"""`gin-king bench sound`: what mixing the DOC costs, per second of audio, as a share of
a core (target <= 2 %).

The DOC (iigs/doc.py) plays a busy scene: four one-shot effects at once (the most
GIN.KING overlaps: a deal over a shuffle, a draw, a discard), long enough to last the
whole run. Two ways of mixing are timed:
  * streaming: `mix` in 1/60 s blocks, the way a host fed once a tick would;
  * ahead: `render_ahead`, what the window host does when a sound starts (all of the
    sound in one call), repeated for the same seconds of audio.
CPU time spent / seconds of audio made = the share of one core mixing takes.

A third row is a program that keeps oscillators running, as the Note Synthesizer does
(toolbox/notesynth.py): its update clock free-running at volume 0 and a note running
free whose envelope changes its volume at every update (77 a second, more often than
the 60 Hz tick), so the window's mixer is handed the sound anew at nearly every tick.
It times, per tick, what the window's host does (`iigs.docstream.DocStream`: a chunk
at each change, the next chunk when the mixer runs low) and, for comparison, what it did
before the stream (`render_ahead` at each change: 8 s ahead, as the note runs free),
with the samples each renders.
"""
from __future__ import annotations

import argparse
import time

BUDGET_PERCENT = 2.0
HOST_RATE = 22050
VOICES = 4


def busy_doc():
    """A DOC with VOICES one-shots of 32 KB tables at a slow frequency (each lasts
    32768 * 512 / 26320 / 64 = ~10 s), every byte non-zero."""
    import numpy as np
    from iigs import doc as d
    doc = d.DOC()
    rng = np.random.default_rng(1)
    doc.ram[:0x8000 * 2] = bytes(rng.integers(1, 256, 0x10000, dtype=np.uint8))
    for voice in range(VOICES):
        osc = 2 * voice
        freq = 64 + voice
        doc.write_register(d.REG_FREQ_LO + osc, freq)
        doc.write_register(d.REG_FREQ_HI + osc, 0)
        doc.write_register(d.REG_VOLUME + osc, 0xC0)
        doc.write_register(d.REG_POINTER + osc, (voice % 2) * 0x80)
        doc.write_register(d.REG_TABLE + osc, 7 << 3 | 7)
        doc.write_register(d.REG_CONTROL + osc, d.MODE_ONE_SHOT << 1)
    return doc


def measure_streaming(seconds: float) -> float:
    """Percent of a core to mix `seconds` of audio in 1/60 s blocks."""
    doc = busy_doc()
    block = HOST_RATE // 60
    blocks = int(seconds * 60)
    t0 = time.process_time()
    for _ in range(blocks):
        doc.mix(block, HOST_RATE)
    spent = time.process_time() - t0
    assert doc.any_playing(), "the scene ended before the run did"
    return 100 * spent / (blocks * block / HOST_RATE)


def measure_ahead(seconds: float) -> float:
    """Percent of a core for render_ahead, per second of the audio it returns."""
    doc = busy_doc()
    made, spent = 0.0, 0.0
    while made < seconds:
        t0 = time.process_time()
        wave = doc.render_ahead(HOST_RATE)
        spent += time.process_time() - t0
        made += len(wave) / HOST_RATE
    return 100 * spent / made


NOTE_RATE = 0xC0                # the Note Synthesizer's update rate (NSStartUp)
ENVELOPE = (63, 127, 190, 252, 236, 220, 204, 190, 158, 127, 95, 63, 31)
TICK_HZ = 60


def note_synth_doc():
    """A DOC as the Note Synthesizer leaves it: oscillator 31 free-running at volume 0
    over a 1 KB wave with no $00 in it (the update clock), oscillator 0 a note running
    free over a 256-byte square wave at A 440 Hz (frequency 2,191)."""
    from iigs import doc as d
    doc = d.DOC(cycles_per_second=2_800_000)
    doc.ram[0:0x100] = bytes([0xC0] * 0x80 + [0x40] * 0x80)
    doc.ram[0xFC00:0x10000] = bytes(0xA0 if i & 8 else 0x60 for i in range(0x400))
    for osc, page, freq, volume in ((31, 0xFC, 2 * NOTE_RATE, 0), (0, 0x00, 2191, 63)):
        for reg, value in ((d.REG_FREQ_LO, freq & 0xFF), (d.REG_FREQ_HI, freq >> 8),
                           (d.REG_VOLUME, volume), (d.REG_POINTER, page),
                           (d.REG_TABLE, 0)):
            doc.write_register(reg + osc, value)
        doc.write_register(d.REG_CONTROL + osc, d.MODE_FREE << 1)
    return doc


def measure_note_synth(seconds: float, streamed: bool) -> tuple[float, float]:
    """(ms of mixing per tick, samples rendered per tick) for `seconds` of the Note
    Synthesizer's scene: the envelope moves at every update, the DOC is brought up to
    time each tick (not timed: the machine does that with or without a window), and
    the host is handed the sound when it changed (once a tick, as SoundTools.sync),
    then topped up: streamed (a mixer that plays a tick's worth each tick) or rendered
    8 s ahead at each change."""
    from iigs import doc as d
    from iigs.docstream import DocStream
    doc = note_synth_doc()
    stream = DocStream(HOST_RATE)
    update = 65536 / (NOTE_RATE * doc.sample_rate)   # seconds between updates
    ticks = int(seconds * TICK_HZ)
    spent, rendered, next_update, step = 0.0, 0, update, 0
    ahead = 0.0                                      # what the mixer has left
    for tick in range(1, ticks + 1):
        now = tick / TICK_HZ
        while next_update <= now:
            doc.write_register(d.REG_VOLUME, ENVELOPE[step % len(ENVELOPE)])
            step += 1
            next_update += update
        doc.catch_up(int(now * doc.cycles_per_second))
        ahead -= HOST_RATE / TICK_HZ
        t0 = time.process_time()
        if doc.changed:
            doc.changed = False
            wave = stream.restart(doc) if streamed else doc.render_ahead(HOST_RATE)
            rendered += wave.size
            ahead = wave.size
        if streamed and stream.wants_more(ahead):
            wave = stream.next_chunk()
            rendered += wave.size
            ahead += wave.size
        spent += time.process_time() - t0
    return 1000 * spent / ticks, rendered / ticks


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gin-king bench sound")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="seconds of audio to mix each way")
    args = parser.parse_args(argv)
    ok = True
    for name, fn in (("streaming 1/60 s blocks", measure_streaming),
                     ("render ahead", measure_ahead)):
        percent = fn(args.seconds)
        ok &= percent <= BUDGET_PERCENT
        print(f"sound mixing, {name}: {percent:.3f} % of a core per second of audio "
              f"({VOICES} voices, {HOST_RATE} Hz), budget {BUDGET_PERCENT:.0f} %: ratio "
              f"{BUDGET_PERCENT / max(percent, 1e-9):.2f}x "
              f"{'OK' if percent <= BUDGET_PERCENT else 'OVER'}")
    tick_ms = 1000 / TICK_HZ
    before, before_samples = measure_note_synth(args.seconds, streamed=False)
    after, after_samples = measure_note_synth(args.seconds, streamed=True)
    percent = 100 * after / tick_ms
    ok &= percent <= BUDGET_PERCENT
    print(f"sound mixing, Note Synthesizer (a note running free, its envelope moving at "
          f"every update), streamed: {after:.3f} ms per tick ({after_samples:.0f} "
          f"samples rendered), {percent:.3f} % of a core, budget {BUDGET_PERCENT:.0f} %: "
          f"ratio {BUDGET_PERCENT / max(percent, 1e-9):.2f}x "
          f"{'OK' if percent <= BUDGET_PERCENT else 'OVER'}")
    print(f"  for comparison, 8 s rendered ahead at each change (the hand-over before the "
          f"stream, the clock at volume 0 left out): {before:.3f} ms per tick "
          f"({before_samples:.0f} samples rendered)")
    return 0 if ok else 1
