"""The Tool Locator's text state and message handles and the Memory Manager's
RestoreHandle and out-of-memory queue, made through the dispatcher as a program makes
them; the queue's routine is a few 65816 instructions that dispose of a block."""
from __future__ import annotations

from iigs.memory import read_bytes, read_long, read_word, write_bytes
from system.machine import Machine
from toolbox.locator import MESS_NOT_FOUND_ERR
from toolbox.memorymgr import MEM_ERR, NOT_EMPTY_ERR
from toolcall import call_tool

OOM_ENTRY = 0x9000


def long_result(words: list[int]) -> int:
    return words[0] | words[1] << 16


def oom_routine(handle: int) -> bytes:
    """DisposeHandle(handle), answer 1 (bytes freed), drop the 6 bytes of parameters."""
    return (b"\xF4" + (handle >> 16).to_bytes(2, "little")          # PEA ^handle
            + b"\xF4" + (handle & 0xFFFF).to_bytes(2, "little")     # PEA handle
            + b"\xA2\x02\x10\x22\x00\x00\xE1"                       # LDX #$1002; JSL
            + b"\xA9\x01\x00\x83\x0A\xA9\x00\x00\x83\x0C"           # result := 1
            + b"\xA3\x02\x83\x08\xA3\x01\x83\x07"                   # the RTL address up
            + b"\x3B\x18\x69\x06\x00\x1B\x6B")                      # S += 6; RTL


def test_text_state_messages_restore_handle_and_the_oom_queue():
    m = Machine()
    mem, mm = m.mem, m.tb.mm
    # SaveTextState / RestoreTextState: the text pages and switches come back
    write_bytes(mem, 0x0400, b"saved line")
    m.io.set_switch("80VID", True)
    error, words = call_tool(m, 0x1301, [], 2)
    handle = long_result(words)
    assert error == 0 and handle in mm.blocks
    write_bytes(mem, 0x0400, b"other text")
    m.io.set_switch("80VID", False)
    assert call_tool(m, 0x1401, [("L", handle)])[0] == 0
    assert read_bytes(mem, 0x0400, 10) == b"saved line" and m.io.switch("80VID")
    assert handle not in mm.blocks                         # the handle is disposed of
    # GetMsgHandle: by type and by name, the message center's own handle
    record = b"\x0AXYZ~Tests~" + b"hi"
    write_bytes(mem, 0x9200, (2 + len(record)).to_bytes(2, "little") + record)
    error, (mid, _) = call_tool(m, 0x1701, [("W", 1), ("L", 0x9200)], 2)
    error, words = call_tool(m, 0x1A01, [("W", 0), ("L", mid)], 2)
    where = mm.deref(long_result(words))
    assert error == 0 and read_word(mem, where + 4) == mid
    assert read_bytes(mem, where + 8, len(record)) == record
    write_bytes(mem, 0x9300, b"\x0AXYZ~Tests~")
    assert call_tool(m, 0x1A01, [("W", 1), ("L", 0x9300)], 2) == (0, words)
    assert call_tool(m, 0x1A01, [("W", 0), ("L", 0x0077)], 2)[0] == MESS_NOT_FOUND_ERR
    # RestoreHandle: a purged handle gets its size back
    purgeable = mm.new_handle(0x300, 0x1001, 0x0100)
    assert call_tool(m, 0x0B02, [("L", purgeable)])[0] == NOT_EMPTY_ERR
    mm.purge(purgeable)
    assert read_long(mem, purgeable) == 0
    assert call_tool(m, 0x0B02, [("L", purgeable)])[0] == 0
    assert mm.size_of(purgeable) == 0x300 and read_long(mem, purgeable) != 0
    # the out-of-memory queue: a request too big fails, until a routine frees room
    size = mm.max_block()
    big = mm.new_handle(size, 0x1001, 0)
    new_handle = [("L", size), ("W", 0x1001), ("W", 0), ("L", 0)]
    assert call_tool(m, 0x0902, new_handle, 2)[0] == MEM_ERR
    write_bytes(mem, OOM_ENTRY, bytes(6) + b"\x5A\xA5" + oom_routine(big))
    assert call_tool(m, 0x0C02, [("L", OOM_ENTRY)])[0] == 0          # AddToOOMQueue
    error, words = call_tool(m, 0x0902, new_handle, 2)
    assert error == 0 and big not in mm.blocks and mm.size_of(long_result(words)) == size
    assert call_tool(m, 0x0D02, [("L", OOM_ENTRY)])[0] == 0          # RemoveFromOOMQueue
    assert call_tool(m, 0x0D02, [("L", OOM_ENTRY)])[0] == 0x0306
