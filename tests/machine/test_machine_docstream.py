"""What a host's mixer is handed of the DOC's sound (iigs/docstream.py): one-shots whole;
a sound that runs free in short chunks that join into the DOC's own mix; oscillators at
volume 0 (the Note Synthesizer's update clock) neither lengthen a render nor keep a
stream going. Lengths are counted in samples rendered."""
from __future__ import annotations

import numpy as np

from iigs import doc as d
from iigs.docstream import DocStream

RATE = 22050
CLOCK = 31                      # the Note Synthesizer's update clock oscillator
SQUARE = bytes([0xC0] * 0x80 + [0x40] * 0x80)


def oscillator(doc: d.DOC, osc: int, page: int, freq: int, volume: int, mode: int,
               size_code: int = 0, control: int = 0) -> None:
    """Program oscillator `osc` (a table of 256 << size_code bytes at resolution =
    size: frequency 512 is a byte a DOC period) and start it in `mode`."""
    for reg, value in ((d.REG_FREQ_LO, freq & 0xFF), (d.REG_FREQ_HI, freq >> 8),
                       (d.REG_VOLUME, volume), (d.REG_POINTER, page),
                       (d.REG_TABLE, size_code << 3 | size_code)):
        doc.write_register(reg + osc, value)
    doc.write_register(d.REG_CONTROL + osc, mode << 1 | control)


def with_clock() -> d.DOC:
    """A DOC with the Note Synthesizer's clock: oscillator 31 free-running at volume 0
    over 1 KB with no $00 in it, its interrupt on (NSStartUp at rate $C0)."""
    doc = d.DOC()
    doc.ram[0xFC00:0x10000] = bytes(0xA0 if i & 8 else 0x60 for i in range(0x400))
    oscillator(doc, CLOCK, 0xFC, 2 * 0xC0, 0, d.MODE_FREE, control=d.CTL_IRQ_ENABLE)
    return doc


def busy_scene() -> d.DOC:
    """The clock; a note running free (A 440 Hz over the square at $0000); a one-shot
    of 4 KB at $1000 (0.16 s, ending inside a chunk); a swap pair (oscillators 6 and 7,
    256 bytes each at $2000 and $2100) handing over again and again."""
    doc = with_clock()
    doc.ram[0:0x100] = SQUARE
    doc.ram[0x1000:0x2000] = bytes(0x90 + (i % 0x40) for i in range(0x1000))
    doc.ram[0x2000:0x2100] = b"\xB0" * 0x100
    doc.ram[0x2100:0x2200] = b"\x50" * 0x100
    oscillator(doc, 0, 0x00, 2191, 0x80, d.MODE_FREE)
    oscillator(doc, 2, 0x10, 512, 0x60, d.MODE_ONE_SHOT, size_code=4)
    oscillator(doc, 7, 0x21, 300, 0x40, d.MODE_SWAP, control=d.CTL_HALT)
    oscillator(doc, 6, 0x20, 300, 0x40, d.MODE_SWAP)
    return doc


def test_an_oscillator_at_volume_0_adds_no_horizon():
    doc = with_clock()
    assert doc.playing(CLOCK) and not doc.audible(CLOCK)
    assert doc.periods_left() == 0 and not doc.runs_free()
    assert doc.render_ahead(RATE).size == 0
    stream = DocStream(RATE)
    assert stream.restart(doc).size == 0 and not stream.streaming
    assert stream.rendered == 0
    # beside a one-shot (1 KB, a byte a period), the render is the one-shot's length,
    # not 8 s, and the same samples the DOC plays with the clock in its sum
    doc.ram[0:0x400] = b"\xC0" * 0x400
    oscillator(doc, 0, 0x00, 512, 0xFF, d.MODE_ONE_SHOT, size_code=2)
    ahead = doc.render_ahead(RATE)
    assert abs(ahead.size - round(0x400 * RATE / doc.sample_rate)) <= 2
    assert doc.acc[0] == 0 and doc.acc[CLOCK] == 0        # the DOC did not move
    assert np.array_equal(doc.mix(ahead.size, RATE), ahead)


def test_a_swap_oscillator_at_volume_0_still_counts_its_partner_is_heard():
    doc = d.DOC()
    doc.ram[0x2000:0x2100] = b"\xB0" * 0x100
    doc.ram[0x2100:0x2200] = b"\x50" * 0x100
    oscillator(doc, 3, 0x21, 512, 0xFF, d.MODE_SWAP, control=d.CTL_HALT)
    oscillator(doc, 2, 0x20, 512, 0, d.MODE_SWAP)
    assert doc.audible(2) and doc.runs_free()
    stream = DocStream(RATE)
    chunks = [stream.restart(doc)] + [stream.next_chunk() for _ in range(3)]
    heard = np.concatenate(chunks)
    assert np.array_equal(heard, doc.mix(heard.size, RATE))
    assert (heard == (-0x30 * 0xFF) >> 1).sum() > heard.size // 3   # the partner's half


def test_a_change_while_only_free_running_oscillators_play_renders_one_chunk():
    doc = with_clock()
    doc.ram[0:0x100] = SQUARE
    oscillator(doc, 0, 0x00, 2191, 63, d.MODE_FREE)
    stream = DocStream(RATE)
    assert stream.chunk == RATE // 10 and doc.render_ahead(RATE).size == 8 * RATE
    # the Note Synthesizer's envelope: a new volume at every update, each handed over
    for volume in (63, 127, 190, 252, 236, 220, 204, 190) * 10:
        doc.write_register(d.REG_VOLUME, volume)
        before = stream.rendered
        wave = stream.restart(doc)
        assert wave.size == stream.rendered - before == stream.chunk
        assert np.abs(wave).max() == (0x40 * volume) >> 1
        doc.advance(round(doc.sample_rate / 77))
    assert stream.rendered == 80 * stream.chunk           # not 80 x 8 s
    # more is wanted only once the mixer is low
    assert stream.streaming and not stream.wants_more(stream.low)
    assert stream.wants_more(stream.low - 1)


def test_chunks_over_many_ticks_join_into_the_doc_mix_without_gap_or_repeat():
    doc, twin = busy_scene(), busy_scene()
    raised: list[int] = []
    doc.irq_source = raised.append
    stream = DocStream(RATE)
    chunks = [stream.restart(doc)]
    for tick in range(60):                   # a second of ticks, a mixer a tick a time
        ahead = sum(c.size for c in chunks) - (tick + 1) * RATE / 60
        if stream.wants_more(ahead):
            chunks.append(stream.next_chunk())
    assert len(chunks) == 11 and all(c.size == stream.chunk for c in chunks)
    heard = np.concatenate(chunks)
    assert np.array_equal(heard, twin.mix(heard.size, RATE))
    assert heard.any() and not twin.playing(2)            # the one-shot ended on the way
    # the DOC itself did not move and nobody was told of the clock's passes
    assert doc.acc == [0] * d.OSCILLATORS and not raised and doc.playing(2)


def test_a_stream_ends_in_the_chunk_its_last_oscillator_halts():
    doc = d.DOC()
    doc.ram[0:0x100] = SQUARE
    doc.ram[0x80] = d.STOP_BYTE              # halfway round: the free run halts there
    oscillator(doc, 0, 0x00, 4, 0xFF, d.MODE_FREE)   # 128 bytes in 0.6 s
    twin = d.DOC()
    twin.ram[:], twin.regs[:] = doc.ram, doc.regs
    stream = DocStream(RATE)
    chunks = [stream.restart(doc)]
    while stream.streaming:
        chunks.append(stream.next_chunk())
    assert len(chunks) == 7 and stream.next_chunk().size == 0
    heard = np.concatenate(chunks)
    assert np.array_equal(heard, twin.mix(heard.size, RATE)) and not twin.playing(0)


def test_one_shots_alone_are_handed_whole_as_before():
    doc = with_clock()
    doc.ram[0x1000:0x2000] = bytes(0x90 + (i % 0x40) for i in range(0x1000))
    oscillator(doc, 2, 0x10, 512, 0x60, d.MODE_ONE_SHOT, size_code=4)
    stream = DocStream(RATE)
    wave = stream.restart(doc)
    assert np.array_equal(wave, doc.render_ahead(RATE))
    assert abs(wave.size - round(0x1000 * RATE / doc.sample_rate)) <= 2
    assert not stream.streaming and stream.next_chunk().size == 0
    assert not stream.wants_more(0)
