"""`gin-king bench sound`: what mixing the DOC costs, per second of audio, as a share of
a core (target <= 2 %).

The DOC (iigs/doc.py) plays a busy scene: four one-shot effects at once (the most
GIN.KING overlaps: a deal over a shuffle, a draw, a discard), long enough to last the
whole run. Two ways of mixing are timed:
  * streaming: `mix` in 1/60 s blocks, the way a host fed once a tick would;
  * ahead: `render_ahead`, what the window host does when a sound starts (all of the
    sound in one call), repeated for the same seconds of audio.
CPU time spent / seconds of audio made = the share of one core mixing takes.
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
    return 0 if ok else 1
