"""What a host's audio device is handed of the DOC's sound, the way a real-time audio
host feeds its device: little ahead, topped up as it plays.

The DOC (iigs/doc.py) plays in the machine's emulated time; a window's mixer plays in
real time, from buffers handed to it. When the DOC's sound changes (a sound starts or
stops, a program changes a playing oscillator), `restart` gives what the device plays
from then on, replacing what it had:
  * one-shots whole, to their ends (`DOC.render_ahead`), when nothing heard runs free:
    one hand-over, nothing more until the next change;
  * a short chunk (CHUNK_SECONDS) when something heard runs free (`DOC.runs_free`):
    the stream goes on from a copy of the DOC's heard oscillators (`DOC.sound_copy`),
    and `next_chunk`, asked once a tick when the device has room, gives the chunk that
    follows the last one handed, so the chunks join into exactly the wave the DOC's
    `mix` makes (no gap, no repeat). One-shots playing beside it come in the chunks.
Oscillators at volume 0 are not heard (`DOC.audible`): the Note Synthesizer's update
clock (oscillator 31, free-running at volume 0) neither lengthens a render nor keeps a
stream going.

A chunk is 6 ticks (0.1 s). The host asks for the next one once what the device has
left falls under 4 ticks (`wants_more`), so it holds 3 to 10 ticks ahead while the
stream goes on: a tick may come some 50 ms late before the sound breaks up, and a
change (the Note Synthesizer's envelopes change a volume at almost every tick)
re-renders one chunk, not 8 s.
"""
from __future__ import annotations

import numpy as np

from iigs.doc import DOC

TICK_SECONDS = 1 / 60
CHUNK_SECONDS = 6 * TICK_SECONDS    # one streamed chunk
LOW_SECONDS = 4 * TICK_SECONDS      # the next chunk is wanted below this much ahead


class DocStream:
    """One device's stream of the DOC's sound at `rate` Hz (see the module docstring).
    `rendered` counts the samples made so far: what the mixing cost, for tests and
    `gin-king bench sound`."""

    def __init__(self, rate: int, chunk_seconds: float = CHUNK_SECONDS,
                 low_seconds: float = LOW_SECONDS) -> None:
        self.rate = int(rate)
        self.chunk = max(1, round(self.rate * chunk_seconds))
        self.low = round(self.rate * low_seconds)
        self.rendered = 0
        self._voices: DOC | None = None     # the heard oscillators, moved on by the chunks

    @property
    def streaming(self) -> bool:
        """More chunks are to come (something heard runs free)."""
        return self._voices is not None

    def wants_more(self, ahead: float) -> bool:
        """The stream goes on and the device, with `ahead` samples left to play, should
        be handed the next chunk now."""
        return self._voices is not None and ahead < self.low

    def restart(self, doc: DOC) -> np.ndarray:
        """The DOC's sound changed: what the device plays from now on, in place of what
        it had (empty: silence)."""
        if doc.runs_free():
            self._voices = doc.sound_copy()
            return self.next_chunk()
        self._voices = None
        return self._count(doc.render_ahead(self.rate))

    def next_chunk(self) -> np.ndarray:
        """The chunk after the last one handed (empty when nothing streams). The stream
        ends with the chunk in which its last oscillator halts (a $00 byte, a one-shot's
        end)."""
        voices = self._voices
        if voices is None:
            return np.zeros(0, dtype=np.int16)
        wave = voices.mix(self.chunk, self.rate)
        if not voices.any_playing():
            self._voices = None
        return self._count(wave)

    def _count(self, wave: np.ndarray) -> np.ndarray:
        self.rendered += wave.size
        return wave
