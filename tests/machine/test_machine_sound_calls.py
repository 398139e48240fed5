"""The Sound Tool Set's set-up-then-start calls, its DOC register blocks and its
interrupt vectors, called through the dispatcher as a program calls them, on the one
DOC model (`iigs/doc.py`)."""
from __future__ import annotations

from iigs import doc as d
from iigs.interrupts import SOURCES
from iigs.memory import read_bytes, write_bytes, write_long, write_word
from system.machine import Machine
from toolbox import sound as s
from toolcall import call_tool

BLOCK, REGS, WAVE, USER_IRQ = 0x7100, 0x7200, 0x020000, 0x7300


def test_set_up_start_playing_doc_registers_and_vectors():
    m = Machine()
    doc = m.doc
    assert call_tool(m, 0x0208, [("W", 0x1000)])[0] == 0                 # SoundStartUp
    write_bytes(m.mem, WAVE, bytes(range(1, 256)) * 2)
    for offset, value in ((s.PB_WAVE_SIZE, 2), (s.PB_FREQ_OFFSET, 512),
                          (s.PB_DOC_BUFFER, 0x1000), (s.PB_VOL_SETTING, 0xFF)):
        write_word(m.mem, BLOCK + offset, value)
    write_long(m.mem, BLOCK + s.PB_WAVE_START, WAVE)
    write_long(m.mem, BLOCK + s.PB_NEXT_WAVE, 0)
    assert call_tool(m, 0x1508, [("W", 0x0301), ("L", BLOCK)])[0] == 0   # FFSetUpSound
    assert doc.regs[d.REG_POINTER + 6] == 0x10 and not doc.playing(6)     # set, halted
    assert call_tool(m, 0x1008, [], 1) == (0, [0])                       # FFSoundStatus
    assert call_tool(m, 0x1608, [("W", 1 << 3)])[0] == 0                 # FFStartPlaying
    assert doc.playing(6) and call_tool(m, 0x1008, [], 1) == (0, [1 << 3])
    assert call_tool(m, 0x1508, [("W", 0x0301), ("L", BLOCK)])[0] == s.GEN_BUSY_ERR
    # SetDOCReg / ReadDOCReg: generator 5 is oscillators 10 and 11
    fields = bytes([0x34, 0x12, 0x80, 0x20, 0x03, 0x12]) + bytes([0x00, 0x02, 0x40, 0x30,
                                                                  0x01, 0x09])
    write_bytes(m.mem, REGS, b"\x05\x00" + fields)
    assert call_tool(m, 0x1708, [("L", REGS)])[0] == 0                   # SetDOCReg
    assert [doc.regs[r + 10] for r in (d.REG_FREQ_LO, d.REG_FREQ_HI, d.REG_VOLUME,
                                       d.REG_POINTER, d.REG_CONTROL, d.REG_TABLE)] == \
        list(fields[:6])
    assert doc.regs[d.REG_TABLE + 11] == 0x09
    write_bytes(m.mem, REGS + 2, bytes(12))
    assert call_tool(m, 0x1808, [("L", REGS)])[0] == 0                   # ReadDOCReg
    assert read_bytes(m.mem, REGS + 2, 12) == fields
    write_bytes(m.mem, REGS, b"\x0F\x00")
    assert call_tool(m, 0x1708, [("L", REGS)])[0] == s.INVAL_GEN_NUM_ERR
    # SetSoundMIRQV: the sound vector; SetUserSoundIRQV: the routine the handler calls
    assert call_tool(m, 0x1208, [("L", 0x123456)])[0] == 0
    assert m.interrupts.vector(SOURCES["sound"]) == 0x123456
    write_bytes(m.mem, USER_IRQ, b"\x8D\x00\x8F\x6B")                    # STA $8F00; RTL
    assert call_tool(m, 0x1308, [("L", USER_IRQ)], 2) == (0, [0, 0])
    assert call_tool(m, 0x1308, [("L", USER_IRQ)], 2) == (0, [USER_IRQ, 0])
    doc.irq_pending.append(4)                       # oscillator 4 has interrupted
    m.interrupts.firmware["sound"]()                # the firmware's sound handler
    assert m.mem[0x8F00] == (4 << 1) | 0x41 and not doc.irq_pending
    assert call_tool(m, 0x1308, [("L", 0)], 2) == (0, [USER_IRQ, 0])
    assert "sound" not in m.interrupts.firmware
