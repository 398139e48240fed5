"""The Sound Tool Set (toolbox/sound.py) called the way a program calls it: 65816 code
that pushes the result space and parameters and does JSL $E10000 (the dispatcher), with
each call's result and error code (Sound.p's numbers)."""
from __future__ import annotations

import pytest

from iigs import doc as d
from iigs.host import HeadlessHost
from iigs.machine import CYCLES_PER_TICK
from system.machine import Machine
from iigs.memory import read_long, write_bytes, write_long, write_word
from toolbox import sound as s
from toolcall import call_tool

BLOCK = 0x7100           # a SoundParamBlock
WAVE = 0x020000          # wave data in system memory


def tool(m: Machine, number: int, params: list[tuple[str, int]] = (),
         result_words: int = 0) -> tuple[int, list[int]]:
    """Call tool `number` through JSL $E10000; (error, result words)."""
    return call_tool(m, number, params, result_words)


def param_block(m: Machine, pages: int, doc_buffer: int, freq: int = 512,
                volume: int = 0xFF, next_block: int = 0, wave: int = WAVE,
                at: int = BLOCK) -> int:
    write_long(m.mem, at + s.PB_WAVE_START, wave)
    write_word(m.mem, at + s.PB_WAVE_SIZE, pages)
    write_word(m.mem, at + s.PB_FREQ_OFFSET, freq)
    write_word(m.mem, at + s.PB_DOC_BUFFER, doc_buffer)
    write_word(m.mem, at + s.PB_BUFFER_SIZE, 0)
    write_long(m.mem, at + s.PB_NEXT_WAVE, next_block)
    write_word(m.mem, at + s.PB_VOL_SETTING, volume)
    return at


@pytest.fixture
def m():
    machine = Machine(host=HeadlessHost())
    assert tool(machine, 0x0208, [("W", 0x1000)]) == (0, [])       # SoundStartUp
    return machine


def test_start_up_version_status_and_shut_down():
    m = Machine()
    assert tool(m, 0x0608, [], 1) == (0, [0])                       # SoundToolStatus
    assert tool(m, 0x0908, [("L", WAVE), ("W", 0), ("W", 16)])[0] == s.NO_SAPP_INIT_ERR
    assert tool(m, 0x0208, [("W", 0x1000)]) == (0, [])
    assert tool(m, 0x0208, [("W", 0x1000)])[0] == s.SND_ALREADY_STRT_ERR
    assert tool(m, 0x0608, [], 1) == (0, [1])
    assert tool(m, 0x0408, [], 1) == (0, [s.SOUND_VERSION])         # SoundVersion
    assert tool(m, 0x0508) == (0, [])                               # SoundReset
    assert tool(m, 0x0308) == (0, [])                               # SoundShutDown
    assert tool(m, 0x0608, [], 1) == (0, [0])


def test_write_and_read_ram_block(m):
    write_bytes(m.mem, WAVE, bytes(range(1, 101)))
    assert tool(m, 0x0908, [("L", WAVE), ("W", 0x4000), ("W", 100)]) == (0, [])
    assert bytes(m.doc.ram[0x4000:0x4064]) == bytes(range(1, 101))
    assert tool(m, 0x0A08, [("L", 0x030000), ("W", 0x4010), ("W", 8)]) == (0, [])
    assert bytes(m.mem[0x030000:0x030008]) == bytes(range(17, 25))
    assert tool(m, 0x0908, [("L", WAVE), ("W", 0xFFF0), ("W", 0x20)])[0] == s.DOC_ADDR_RNG_ERR
    assert tool(m, 0x0A08, [("L", WAVE), ("W", 0xFF00), ("W", 0x101)])[0] == s.DOC_ADDR_RNG_ERR


def test_generator_and_system_volumes(m):
    assert tool(m, 0x0C08, [("W", 3)], 1) == (0, [0xFF])           # GetSoundVolume
    assert tool(m, 0x0D08, [("W", 0x40), ("W", 3)]) == (0, [])      # SetSoundVolume
    assert tool(m, 0x0C08, [("W", 3)], 1) == (0, [0x40])
    assert tool(m, 0x0D08, [("W", 0x70), ("W", 15)]) == (0, [])     # the system volume
    assert m.tb.snd.system_volume == 7 and m.doc.system_volume == 7
    m.tb.snd.set_system_volume(12)                                  # the Control Panel
    assert tool(m, 0x0C08, [("W", 15)], 1) == (0, [0xC0])
    m.tb.snd.set_system_volume(99)
    assert m.tb.snd.system_volume == 15


def test_ff_start_sound_plays_the_wave_until_done(m):
    write_bytes(m.mem, WAVE, b"\x90" * 0x300)
    block = param_block(m, 3, 0x4000, freq=512, volume=0xA0)
    assert tool(m, 0x0E08, [("W", 0x0201), ("L", block)]) == (0, [])   # FFStartSound
    assert bytes(m.doc.ram[0x4000:0x4300]) == b"\x90" * 0x300
    assert m.doc.ram[0x4300] == d.STOP_BYTE                 # a 1 KB table: ended early
    assert m.doc.playing(4)                                 # generator 2 = oscillator 4
    assert tool(m, 0x1008, [], 1) == (0, [0x0004])          # FFSoundStatus
    assert tool(m, 0x1108, [("W", 2)], 1) == (0, [s.FF_SYNTH])        # FFGeneratorStatus
    assert tool(m, 0x1408, [("W", 2)], 1) == (0, [0])       # FFSoundDoneStatus: not yet
    assert tool(m, 0x0E08, [("W", 0x0201), ("L", block)])[0] == s.GEN_BUSY_ERR
    entry = m.host.sound_log[-1]
    assert (entry.address, entry.length, entry.frequency, entry.volume) == (0x4000, 0x300, 512, 0xA0)
    m._idle_cycles += 3 * CYCLES_PER_TICK                   # 1/20 s: 1,316 DOC periods
    assert tool(m, 0x1408, [("W", 2)], 1) == (0, [s.TRUE])  # done
    assert tool(m, 0x1008, [], 1) == (0, [0])
    assert tool(m, 0x1108, [("W", 2)], 1) == (0, [s.GEN_AVAIL])


def test_ff_stop_sound_stops_the_generators_in_the_mask(m):
    write_bytes(m.mem, WAVE, b"\x90" * 0x1000)
    tool(m, 0x0E08, [("W", 0x0001), ("L", param_block(m, 16, 0x0000, freq=64))])
    tool(m, 0x0E08, [("W", 0x0501), ("L", param_block(m, 16, 0x1000, freq=64, at=BLOCK + 0x20))])
    assert tool(m, 0x1008, [], 1) == (0, [0x0021])
    assert tool(m, 0x0F08, [("W", 0x0001)]) == (0, [])      # FFStopSound
    assert tool(m, 0x1008, [], 1) == (0, [0x0020])
    assert tool(m, 0x1408, [("W", 0)], 1) == (0, [s.TRUE])


def test_ff_start_sound_errors(m):
    block = param_block(m, 1, 0x4000)
    assert tool(m, 0x0E08, [("W", 0x0F01), ("L", block)])[0] == s.INVAL_GEN_NUM_ERR
    assert tool(m, 0x0E08, [("W", 0x0102), ("L", block)])[0] == s.SYNTH_MODE_ERR
    assert tool(m, 0x0E08, [("W", 0x0101), ("L", param_block(m, 2, 0x4100))])[0] \
        == s.DOC_ADDR_RNG_ERR                               # not aligned to its table
    assert tool(m, 0x0E08, [("W", 0x0101), ("L", param_block(m, 0x81, 0x0000))])[0] \
        == s.DOC_ADDR_RNG_ERR                               # more than a 32 KB table
    assert tool(m, 0x1408, [("W", 15)], 1)[0] == s.INVAL_GEN_NUM_ERR


def test_next_wave_ptr_chains_a_second_wave_on_the_generator(m):
    write_bytes(m.mem, WAVE, b"\x90" * 0x100)
    write_bytes(m.mem, WAVE + 0x100, b"\xA0" * 0x100)
    second = param_block(m, 1, 0x0100, wave=WAVE + 0x100, at=BLOCK + 0x20)
    first = param_block(m, 1, 0x0000, next_block=second)
    tool(m, 0x0E08, [("W", 0x0301), ("L", first)])
    m._idle_cycles += CYCLES_PER_TICK
    assert tool(m, 0x1408, [("W", 3)], 1) == (0, [0])       # the second wave plays
    assert [e.address for e in m.host.sound_log] == [0x0000, 0x0100]
    m._idle_cycles += CYCLES_PER_TICK
    assert tool(m, 0x1408, [("W", 3)], 1) == (0, [s.TRUE])


def test_get_table_address_gives_working_low_level_routines(m):
    error, (lo, hi) = tool(m, 0x0B08, [], 2)
    table = lo | hi << 16
    assert error == 0 and table
    write_reg = read_long(m.mem, table + s.SM_WRITE_REGISTER)
    read_reg = read_long(m.mem, table + s.SM_READ_REGISTER)
    m.call(write_reg, a=0x55, x=d.REG_VOLUME + 7)
    assert m.doc.regs[d.REG_VOLUME + 7] == 0x55
    assert m.call(read_reg, x=d.REG_VOLUME + 7).a == 0x55
    m.call(read_long(m.mem, table + s.SM_WRITE_RAM), a=0x12, x=0x2000)
    m.call(read_long(m.mem, table + s.SM_WRITE_NEXT), a=0x34)
    assert bytes(m.doc.ram[0x2000:0x2002]) == b"\x12\x34"
    assert m.call(read_long(m.mem, table + s.SM_READ_RAM), x=0x2001).a == 0x34
    assert tool(m, 0x0B08, [], 2)[1] == [lo, hi]            # the same table each time


def test_sys_beep_plays_through_the_doc_and_follows_the_volume():
    m = Machine(host=HeadlessHost())
    tool(m, 0x2C03)                                         # SysBeep
    beep = m.host.sound_log[-1]
    assert beep.address == s.BEEP_DOC_ADDRESS and beep.system_volume == 15
    loud = m.doc.render_ahead(22050)
    assert loud.size and abs(int(loud.max())) > 0
    m.tb.snd.set_system_volume(3)
    tool(m, 0x2C03)
    quiet = m.doc.render_ahead(22050)
    assert 0 < int(quiet.max()) < int(loud.max())
    m.tb.snd.set_system_volume(0)
    n = len(m.host.sound_log)
    tool(m, 0x2C03)
    assert len(m.host.sound_log) == n                       # volume 0: no sound at all
    assert m.host.beeps == n                                # nor a host beep
    assert m.tb.misc.beeps == n + 1                         # the call itself counted
