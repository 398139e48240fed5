"""The Misc Tool Set's mouse firmware, queues, interrupt state and System 6 calls,
made through the dispatcher as a program makes them, with the host's pointer pushed
as a user moves it: ReadMouse follows the mouse the Event Manager keeps, SetMouse
turns on the Mega II mouse interrupts in $C041, ServeMouse says why one came."""
from __future__ import annotations

from datetime import datetime

from iigs.host import HeadlessHost
from iigs.hostinput import HostInput
from iigs.interrupts import INTEN_MOUSE_MOVE, INTEN_MOUSE_ON, INTEN_MOUSE_SWITCH, INTEN_VBL
from iigs.memory import read_bytes, read_long, read_word, write_bytes, write_word
from system.machine import Machine
from toolbox.misc import QUEUE_DAMAGED_ERR, TASK_INSTALLED_ERR, TASK_NOT_FOUND_ERR
from toolbox.mousefw import NO_DEV_PARAM_ERR
from toolcall import call_tool


def mouse_record(m) -> tuple[int, int, int, int]:
    """ReadMouse: (mode, status, x, y)."""
    error, (mode_status, y, x) = call_tool(m, 0x1703, [], 3)
    assert error == 0
    return mode_status & 0xFF, mode_status >> 8, x, y


def test_mouse_firmware_follows_the_host_pointer_and_its_interrupts():
    host = HeadlessHost()
    m = Machine(host=host)
    m.tb.host = host
    assert call_tool(m, 0x1803, [("W", 2)])[0] == NO_DEV_PARAM_ERR
    assert call_tool(m, 0x1803, [("W", 0)])[0] == 0                 # InitMouse
    assert call_tool(m, 0x1D03, [], 4) == (0, [1023, 0, 1023, 0])   # ClampRec
    assert call_tool(m, 0x1C03, [("W", 0), ("W", 639), ("W", 0), ("W", 199)])[0] == 0
    assert call_tool(m, 0x1D03, [], 4) == (0, [199, 0, 639, 0])
    assert call_tool(m, 0x1903, [("W", 2)])[0] == 0x0301           # no such mode
    assert call_tool(m, 0x1903, [("W", 7)])[0] == 0                 # bttnOrMove
    irq = m.interrupts
    assert irq.inten & 7 == INTEN_MOUSE_ON | INTEN_MOUSE_MOVE | INTEN_MOUSE_SWITCH
    assert mouse_record(m) == (7, 0, 0, 0)
    host.push(HostInput("move", 100, 50))
    mode, status, x, y = mouse_record(m)
    assert (x, y) == (100, 50) and status & 0x20          # moved since the last read
    assert irq.mouse_flags & 0x02                         # the movement interrupt waits
    assert call_tool(m, 0x1F03, [], 1) == (0, [0x02])     # ServeMouse: movement
    assert irq.mouse_flags == 0
    host.push(HostInput("down", 700, 60))                 # clamped to 639
    mode, status, x, y = mouse_record(m)
    assert (x, y) == (639, 60)
    assert status == 0x80 | 0x20 | 0x02                   # down, moved, the served cause
    assert mouse_record(m)[1] == 0xC0                     # down now and at the last read
    assert call_tool(m, 0x3303, [], 3)[0] == 0            # ReadMouse2 changes nothing
    assert mouse_record(m)[1] == 0xC0
    assert call_tool(m, 0x1E03, [("W", 30), ("W", 40)])[0] == 0     # PosMouse
    assert m.tb.em.mouse == (40, 30)
    assert call_tool(m, 0x1B03)[0] == 0                             # ClearMouse
    assert m.tb.em.mouse == (0, 0) and not m.io.adb.mouse.data_ready
    assert call_tool(m, 0x1903, [("W", 0x0F)])[0] == 0    # the VBL modes: VBL instead
    assert irq.inten & 0x0F == INTEN_VBL | INTEN_MOUSE_ON
    assert call_tool(m, 0x1903, [("W", 0)])[0] == 0
    assert irq.inten & 7 == 0
    assert call_tool(m, 0x2A03, [("W", 1), ("W", 2), ("W", 3), ("W", 4)])[0] == 0
    assert call_tool(m, 0x2B03, [], 4) == (0, [4, 3, 2, 1])
    # GetAddr: the tick count and the clamps the machine keeps, where a program reads
    error, (lo, hi) = call_tool(m, 0x1603, [("W", 5)], 2)
    ticks_at = lo | hi << 16
    m.note_idle()
    m.tb.misc.tick()
    assert error == 0 and read_long(m.mem, ticks_at) == m.ticks
    error, (lo, hi) = call_tool(m, 0x1603, [("W", 13)], 2)
    assert [read_word(m.mem, (lo | hi << 16) + 2 * i) for i in range(4)] == [1, 2, 3, 4]
    assert call_tool(m, 0x1603, [("W", 15)], 2)[0] == 0x0301


QUEUE, FIRST, SECOND, THIRD = 0x9000, 0x9010, 0x9020, 0x9030


def test_queues_interrupt_state_and_strings():
    m = Machine()
    mem = m.mem
    for at in (QUEUE, FIRST, SECOND):
        write_bytes(mem, at, bytes(6) + b"\x5A\xA5")
    write_bytes(mem, THIRD, bytes(8))
    add = lambda e, h=QUEUE: call_tool(m, 0x2E03, [("L", e), ("L", h)])[0]
    delete = lambda e, h=QUEUE: call_tool(m, 0x2F03, [("L", e), ("L", h)])[0]
    assert add(FIRST) == 0 and add(SECOND) == 0
    assert read_long(mem, QUEUE) == FIRST and read_long(mem, FIRST) == SECOND
    assert read_long(mem, SECOND) == 0
    assert add(FIRST) == TASK_INSTALLED_ERR and add(THIRD) == 0x0304
    assert add(SECOND, THIRD) == QUEUE_DAMAGED_ERR
    assert delete(FIRST) == 0 and read_long(mem, QUEUE) == SECOND
    assert delete(FIRST) == TASK_NOT_FOUND_ERR
    # the interrupt state record: 20 bytes, the memory configuration in its tail
    assert call_tool(m, 0x3203, [], 1) == (0, [20])
    write_bytes(mem, 0x9100, b"\xEE" * 24)
    assert call_tool(m, 0x3103, [("L", 0x9100), ("W", 20)])[0] == 0
    assert mem[0x9100 + 16] == m.io.read(0xC068) and mem[0x9100 + 20] == 0xEE
    assert read_word(mem, 0x9100 + 14) == 0x600C            # PC: the caller's JSL
    mem[0x9100 + 17] = m.io.read(0xC035) ^ 0x08                     # text page 2 off
    assert call_tool(m, 0x3003, [("L", 0x9100), ("W", 20)])[0] == 0
    assert m.io.read(0xC035) == mem[0x9100 + 17]
    # Munger: replace, delete, pad, and a target that is not there
    write_bytes(mem, 0x9200, b"one two three")
    write_word(mem, 0x9300, 13)
    write_bytes(mem, 0x9310, b"two")
    write_bytes(mem, 0x9320, b"2")
    munge = lambda t, tl, r, rl, pad=0: call_tool(m, 0x2803, [
        ("L", 0x9200), ("L", 0x9300), ("L", t), ("W", tl), ("L", r), ("W", rl),
        ("L", pad)], 1)
    assert munge(0x9310, 3, 0x9320, 1) == (0, [5])
    assert read_bytes(mem, 0x9200, read_word(mem, 0x9300)) == b"one 2 three"
    assert munge(0x9310, 3, 0x9320, 1) == (0, [0xFFFF])
    write_bytes(mem, 0x9330, b"three")
    mem[0x9340] = ord(".")
    assert munge(0x9330, 5, 0, 0, 0x9340) == (0, [6])
    assert read_bytes(mem, 0x9200, 11) == b"one 2 ....." and read_word(mem, 0x9300) == 11
    # VersionString (Technical Note #100): 6.0.1 final, 1.2 beta 3
    for version, text in ((0x00A00106, b"6.0.1"), (0x03602001, b"1.2b3")):
        assert call_tool(m, 0x3903, [("W", 0), ("L", version), ("L", 0x9400)])[0] == 0
        assert read_bytes(m.mem, 0x9400, len(text) + 1) == bytes([len(text)]) + text
    # WriteTimeHex sets the clock ReadTimeHex reads
    m.tb.misc.clock = lambda: datetime(2026, 3, 14, 15, 9, 26)
    assert call_tool(m, 0x0E03, [("W", 0x0B18), ("W", 0x5B0A), ("W", 0x1E05)])[0] == 0
    assert m.tb.misc.clock().replace(microsecond=0) == datetime(1991, 12, 25, 10, 30, 5)
    assert call_tool(m, 0x0E03, [("W", 0x0140), ("W", 0x5B0A), ("W", 0)])[0] == 0x0301
    # WaitUntil: the tick it ends on is delayAmount ticks after delayFrom
    start = m.ticks & 0xFFFF
    assert call_tool(m, 0x3A03, [("W", start), ("W", 3)], 1) == (0, [(start + 3) & 0xFFFF])
    assert call_tool(m, 0x3F03, [("W", 0x8000), ("W", 0x0001)], 1) == (0, [0x0001])
    assert call_tool(m, 0x3D03, [], 1) == (0, [0])
    # GetROMResource: no resources in this ROM, a NIL handle
    error, (lo, hi) = call_tool(m, 0x3503, [("W", 1), ("L", 0x12345678)], 2)
    assert (error, lo, hi) == (0, 0, 0)
