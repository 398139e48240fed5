"""The Memory Manager's banks as on a IIGS once the system is up (issue 48 §2): a game's
fixed block at $01/2000-$9FFF (the shadowed Super Hi-Res buffer) is granted, ordinary
requests never get that special memory, and the screen in bank $E1 is QuickDraw's
while it is started. Calls made through the dispatcher as a program makes them."""
from __future__ import annotations

from system.machine import Machine
from iigs.memory import read_long
from toolbox.memorymgr import MEM_ERR
from toolcall import call_tool

UID = 0x1001
ATTR_LOCKED_FIXED_ADDR = 0xC002           # attrLocked + attrFixed + attrAddr
ATTR_FIXED_BANK = 0xC001                  # attrLocked + attrFixed + attrBank


def new_handle(m, size, attr, location):
    error, words = call_tool(m, 0x0902, [("L", size), ("W", UID), ("W", attr),
                                         ("L", location)], 2)
    handle = words[0] | words[1] << 16
    return error, (read_long(m.mem, handle) if not error else 0)


def test_a_fixed_block_in_the_shadowed_screen_buffer_is_granted():
    m = Machine()
    free_before = m.tb.mm.free_bytes()
    assert new_handle(m, 0x8000, ATTR_LOCKED_FIXED_ADDR, 0x012000) == (0, 0x012000)
    assert new_handle(m, 0x10, ATTR_LOCKED_FIXED_ADDR, 0x013000)[0] == MEM_ERR  # taken
    assert m.tb.mm.free_bytes() == free_before       # special memory: FreeMem as before


def test_a_bank_fixed_request_may_use_bank_01s_buffer_but_ordinary_ones_never_do():
    m = Machine()
    error, address = new_handle(m, 0x6000, ATTR_FIXED_BANK, 0x010000)
    assert error == 0 and address >> 16 == 0x01      # more than bank 01's ordinary parts
    for _ in range(40):                              # ordinary blocks: banks $02 up
        error, address = new_handle(m, 0x1000, 0, 0)
        assert error == 0 and address >= 0x020000


def test_the_shr_screen_is_quickdraws_while_it_is_started():
    m = Machine()
    dp = m.tb.mm.deref(m.tb.mm.new_handle(0x300, UID, 0xC015))
    assert call_tool(m, 0x0204, [("W", dp), ("W", 0x80), ("W", 160), ("W", UID)])[0] == 0
    assert new_handle(m, 0x100, ATTR_LOCKED_FIXED_ADDR, 0xE12000)[0] == MEM_ERR
    assert call_tool(m, 0x0304)[0] == 0              # QDShutDown gives it back
    assert new_handle(m, 0x100, ATTR_LOCKED_FIXED_ADDR, 0xE12000) == (0, 0xE12000)
