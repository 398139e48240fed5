"""The Event Manager's low-level and ROM 3 calls, made through the dispatcher as a
program makes them: GetOSEvent and OSEventAvail read the queue alone, SetSwitch's
switch event, FakeMouse as another pointing device, SetAutoKeyLimit, the key
translation and DoWindows."""
from __future__ import annotations

from iigs.host import HeadlessHost
from iigs.hostinput import HostInput
from iigs.memory import read_word
from system.machine import Machine
from toolbox.event import AUTO_KEY_EVT, KEY_DOWN_EVT, MOUSE_DOWN_EVT, MOUSE_UP_EVT, \
    SWITCH_EVT
from toolcall import call_tool

EVENT = 0x9000


def test_event_manager_low_level_calls():
    host = HeadlessHost()
    m = Machine(host=host)
    m.tb.host = host
    assert call_tool(m, 0x0206, [("W", 0x1200), ("W", 20), ("W", 0), ("W", 639),
                                 ("W", 0), ("W", 199), ("W", 0x1001)])[0] == 0
    assert call_tool(m, 0x0906, [], 1) == (0, [0x1200])              # DoWindows
    host.push(HostInput("key", key=ord("a")))
    assert call_tool(m, 0x1706, [("W", 0xFFFF), ("L", EVENT)], 1) == (0, [1])
    assert read_word(m.mem, EVENT) == KEY_DOWN_EVT                    # OSEventAvail
    assert call_tool(m, 0x1606, [("W", 0xFFFF), ("L", EVENT)], 1) == (0, [1])
    assert read_word(m.mem, EVENT + 2) == ord("a") and not m.tb.em.queue
    assert call_tool(m, 0x1606, [("W", 0xFFFF), ("L", EVENT)], 1) == (0, [0])
    # SetSwitch: one switch event from GetNextEvent; GetOSEvent never sees it
    assert call_tool(m, 0x1306)[0] == 0
    assert call_tool(m, 0x1606, [("W", 0xFFFF), ("L", EVENT)], 1) == (0, [0])
    assert call_tool(m, 0x0A06, [("W", 0xFFFF), ("L", EVENT)], 1) == (0, [1])
    assert read_word(m.mem, EVENT) == SWITCH_EVT
    assert call_tool(m, 0x0A06, [("W", 0xFFFF), ("L", EVENT)], 1) == (0, [0])
    # FakeMouse: moves (clamped) and posts the button's change with modLatch's keys
    assert call_tool(m, 0x1906, [("W", 1), ("W", 0x80), ("W", 900), ("W", 20),
                                 ("W", 0x80)])[0] == 0
    assert m.tb.em.mouse == (20, 639)
    assert call_tool(m, 0x1606, [("W", 0xFFFF), ("L", EVENT)], 1) == (0, [1])
    assert [read_word(m.mem, EVENT + o) for o in (0, 10, 12, 14)] == [
        MOUSE_DOWN_EVT, 20, 639, 0x0100]                  # the Apple key, button down
    assert call_tool(m, 0x1906, [("W", 0), ("W", 0), ("W", 5), ("W", 5), ("W", 0)])[0] == 0
    assert m.tb.em.mouse == (20, 639)                      # changedFlag 0: nothing
    assert call_tool(m, 0x1906, [("W", 1), ("W", 0), ("W", 5), ("W", 6), ("W", 0)])[0] == 0
    assert [e.what for e in m.tb.em.queue] == [MOUSE_UP_EVT]
    # SetAutoKeyLimit: a held key's repeats stop at the limit
    em = m.tb.em
    em.queue.clear()
    assert call_tool(m, 0x1A06, [("W", 2)])[0] == 0
    for _ in range(4):
        em.held_key = (ord("b"), 0, 0)
        em.auto_key()
    assert [e.what for e in em.queue] == [AUTO_KEY_EVT, AUTO_KEY_EVT]
    assert call_tool(m, 0x1C06, [("W", 1)])[0] == 0
    assert call_tool(m, 0x1B06, [], 1) == (0, [1])
