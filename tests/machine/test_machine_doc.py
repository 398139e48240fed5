"""The Ensoniq 5503 DOC (iigs/doc.py): an oscillator playing a known block of wave RAM at
a known rate, in one-shot mode, into the mixer's output buffer (resampled), and the halt
bit a program polls as the sound's "done" status."""
from __future__ import annotations

import numpy as np

from iigs import doc as d


def one_shot(doc: d.DOC, osc: int, address: int, size_code: int, freq: int,
             volume: int = 0xFF) -> None:
    """Program oscillator `osc` as the Sound Tool Set does and start it."""
    doc.write_register(d.REG_FREQ_LO + osc, freq & 0xFF)
    doc.write_register(d.REG_FREQ_HI + osc, freq >> 8)
    doc.write_register(d.REG_VOLUME + osc, volume)
    doc.write_register(d.REG_POINTER + osc, address >> 8)
    doc.write_register(d.REG_TABLE + osc, size_code << 3 | size_code)
    doc.write_register(d.REG_CONTROL + osc, d.MODE_ONE_SHOT << 1)


def test_the_doc_runs_at_its_clock_over_oscillators_plus_two():
    doc = d.DOC()
    assert round(doc.sample_rate) == 26320          # 894,886 / 34, all 32 enabled
    doc.write_register(d.REG_ENABLE, 2 * 13)          # 14 oscillators: bits 1-5 = 13
    assert round(doc.sample_rate) == 894886 // 16


def test_an_oscillator_plays_its_block_resampled_into_the_output_buffer():
    doc = d.DOC()
    ramp = bytes(range(1, 256)) + b"\x80"            # 256 bytes, no stop byte
    doc.ram[0x1000:0x1100] = ramp
    # frequency 512 at resolution = size: one byte per DOC period (26,320 bytes/s);
    # the host asks for the same rate, so each output sample is the next byte
    one_shot(doc, 3, 0x1000, 0, 512, volume=0x80)
    rate = round(doc.sample_rate)
    out = doc.mix(200, int(doc.sample_rate))
    expected = ((np.frombuffer(ramp[:200], np.uint8).astype(np.int32) - 0x80) * 0x80) >> 1
    # the requested rate is a hair under the DOC's, so at most one sample repeats
    assert np.abs(out.astype(np.int32) - expected).max() <= 0x80 >> 1
    assert rate == 26320 and doc.playing(3)
    # at half the DOC's rate the buffer holds every other byte: resampled
    doc2 = d.DOC()
    doc2.ram[0x1000:0x1100] = ramp
    one_shot(doc2, 0, 0x1000, 0, 512)
    half = doc2.mix(100, doc2.sample_rate / 2)
    assert list(half[:50]) == [((b - 0x80) * 0xFF) >> 1 for b in ramp[0:100:2]]


def test_one_shot_halts_at_the_table_end_and_sets_the_done_status():
    doc = d.DOC()
    doc.ram[0x2000:0x2100] = b"\xC0" * 256
    one_shot(doc, 5, 0x2000, 0, 512)
    out = doc.mix(300, round(doc.sample_rate))
    assert not doc.playing(5)                        # halt bit set: done
    assert doc.regs[d.REG_CONTROL + 5] & d.CTL_HALT
    assert (out[:255] != 0).all() and (out[258:] == 0).all()


def test_a_stop_byte_halts_the_oscillator_early():
    doc = d.DOC()
    doc.ram[0x3000:0x3400] = b"\x90" * 0x400
    doc.ram[0x3100] = d.STOP_BYTE
    one_shot(doc, 0, 0x3000, 2, 512)                 # a 1 KB table
    doc.advance(255)
    assert doc.playing(0)
    doc.advance(2)
    assert not doc.playing(0)


def test_frequency_sets_the_speed_through_the_table():
    doc = d.DOC()
    doc.ram[0x4000:0x4400] = b"\x90" * 0x400
    one_shot(doc, 0, 0x4000, 2, 256)                 # half a byte per period: 2,048
    doc.advance(2040)
    assert doc.playing(0)
    doc.advance(20)
    assert not doc.playing(0)


def test_volume_and_the_system_volume_scale_the_output():
    def peak(volume: int, system: int) -> int:
        doc = d.DOC()
        doc.system_volume = system
        doc.ram[0:0x100] = b"\xFF" * 0x100
        one_shot(doc, 0, 0, 0, 512, volume)
        return int(doc.mix(10, 26320)[0])
    assert peak(0xFF, 15) == (0x7F * 0xFF) >> 1
    assert peak(0x80, 15) == (0x7F * 0x80) >> 1
    assert peak(0xFF, 5) == (0x7F * 0xFF * 5 // 15) >> 1
    assert peak(0xFF, 0) == 0


def test_two_oscillators_are_summed():
    doc = d.DOC()
    doc.ram[0:0x100] = b"\xA0" * 0x100
    doc.ram[0x100:0x200] = b"\x70" * 0x100
    one_shot(doc, 0, 0, 0, 512)
    one_shot(doc, 2, 0x100, 0, 512)
    assert int(doc.mix(4, 26320)[1]) == ((0x20 - 0x10) * 0xFF) >> 1


def test_render_ahead_is_the_rest_of_the_sound_and_leaves_the_doc_alone():
    doc = d.DOC()
    doc.ram[0:0x400] = b"\xA0" * 0x400
    one_shot(doc, 0, 0, 2, 512)
    ahead = doc.render_ahead(22050)
    assert abs(len(ahead) - round(0x400 * 22050 / doc.sample_rate)) <= 2
    assert doc.playing(0) and doc.acc[0] == 0
    assert (doc.mix(len(ahead), 22050)[:-2] == ahead[:-2]).all()


def test_the_listener_hears_starts_and_stops():
    doc = d.DOC()
    heard = []
    doc.listener = lambda event, _doc, start: heard.append((event, start))
    one_shot(doc, 4, 0x8000, 3, 300, 0x40)
    doc.write_register(d.REG_CONTROL + 4, d.CTL_HALT)
    assert heard == [("start", d.OscillatorStart(4, 0x8000, 0x800, 300, 0x40)), ("stop", None)]


def test_an_idle_doc_mixes_silence_without_work():
    doc = d.DOC()
    assert not doc.any_playing()
    assert (doc.mix(100, 22050) == 0).all() and doc.render_ahead(22050).size == 0


def test_mixing_in_blocks_is_the_same_as_mixing_at_once():
    def scene() -> d.DOC:
        doc = d.DOC()
        doc.ram[0:0x1000] = bytes((i * 7) % 255 + 1 for i in range(0x1000))
        one_shot(doc, 0, 0, 4, 300)
        one_shot(doc, 6, 0, 4, 777, 0x60)
        return doc
    whole = scene().mix(22050 // 10, 22050)
    doc = scene()
    blocks = np.concatenate([doc.mix(22050 // 60, 22050) for _ in range(6)])
    assert (blocks == whole[:len(blocks)]).all()
