"""The Scheduler (toolbox/scheduler.py) called the way a program calls it, through
JSL $E10000: housekeeping, and a queued task that runs once, at the program's next
event poll, and increments a byte."""
from __future__ import annotations

import pytest

from iigs.machine import Machine
from iigs.memory import read_bytes, read_word, write_bytes
from toolbox import scheduler as sch
from toolbox.calls import TOOL_TABLE

CODE = 0x6000            # bank 0: the snippet that makes the call
OUT = 0x7000             # error word, then the result words
EVENT = 0x7100           # an event record
COUNTER = 0x7200         # the byte the task increments
TASK = 0x6800            # SEP #$20; INC COUNTER; REP #$20; RTL
TASK_CODE = b"\xE2\x20\xEE" + COUNTER.to_bytes(2, "little") + b"\xC2\x20\x6B"

CALLS = {                # Apple's numbers (Toolbox Reference vol. 1 ch. 19)
    "SchBootInit": 0x0107, "SchStartUp": 0x0207, "SchShutDown": 0x0307,
    "SchVersion": 0x0407, "SchReset": 0x0507, "SchStatus": 0x0607,
    "SchAddTask": 0x0907, "SchFlush": 0x0A07,
}
GET_NEXT_EVENT, EVENT_AVAIL, EVERY_EVENT = 0x0A06, 0x0B06, 0xFFFF


@pytest.fixture
def m() -> Machine:
    m = Machine()
    write_bytes(m.mem, TASK, TASK_CODE)
    return m


def call(m: Machine, number: int, *params: int) -> tuple[int, int]:
    """Call tool `number` through JSL $E10000; (error, result)."""
    row = TOOL_TABLE[number]
    assert len(params) == len(row.params)
    words = row.result // 2
    code = bytearray(b"\xF4\x00\x00" * words)               # PEA 0: result space
    for kind, value in zip(row.params, params):
        if kind == "L":
            code += b"\xF4" + (value >> 16 & 0xFFFF).to_bytes(2, "little")
        code += b"\xF4" + (value & 0xFFFF).to_bytes(2, "little")
    code += b"\xA2" + row.number.to_bytes(2, "little")      # LDX #number
    code += b"\x22\x00\x00\xE1"                             # JSL $E10000
    code += b"\x8D" + OUT.to_bytes(2, "little")             # STA OUT: the error
    for i in range(words):
        code += b"\x68\x8D" + (OUT + 2 + 2 * i).to_bytes(2, "little")   # PLA; STA
    code += b"\x6B"                                         # RTL
    write_bytes(m.mem, CODE, bytes(code))
    regs = m.call(CODE)
    error = read_word(m.mem, OUT)
    assert regs.carry == bool(error)
    return error, int.from_bytes(read_bytes(m.mem, OUT + 2, 2 * words), "little")


def ok(m: Machine, name: str, *params: int) -> int:
    error, result = call(m, CALLS[name], *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


def test_every_call_of_the_tool_set_is_here():
    assert {n: TOOL_TABLE[v].name for n, v in CALLS.items()} == {n: n for n in CALLS}
    assert sum(1 for row in TOOL_TABLE.values() if row.toolset == 0x07) == len(CALLS)


def test_housekeeping(m):
    ok(m, "SchBootInit")
    assert ok(m, "SchStatus") == 0
    ok(m, "SchStartUp")
    assert ok(m, "SchStatus") == 0xFFFF
    assert ok(m, "SchVersion") == sch.SCH_VERSION
    ok(m, "SchReset")
    ok(m, "SchShutDown")
    assert ok(m, "SchStatus") == 0


def test_a_queued_task_runs_once_at_the_next_event_poll(m):
    ok(m, "SchStartUp")
    assert ok(m, "SchAddTask", TASK) == 0xFFFF              # TRUE: queued
    assert m.mem[COUNTER] == 0                              # not run by SchAddTask
    assert call(m, GET_NEXT_EVENT, EVERY_EVENT, EVENT) == (0, 0)   # a null event
    assert m.mem[COUNTER] == 1                              # ran, once
    call(m, EVENT_AVAIL, EVERY_EVENT, EVENT)
    call(m, GET_NEXT_EVENT, EVERY_EVENT, EVENT)
    assert m.mem[COUNTER] == 1                              # and not again
    assert m.tb.sch.ran == [TASK]


def test_the_queue_holds_four_tasks_and_flush_drops_them(m):
    ok(m, "SchStartUp")
    for _ in range(sch.QUEUE_SIZE):
        assert ok(m, "SchAddTask", TASK) == 0xFFFF
    assert ok(m, "SchAddTask", TASK) == 0                   # FALSE: the queue is full
    call(m, EVENT_AVAIL, EVERY_EVENT, EVENT)
    assert m.mem[COUNTER] == sch.QUEUE_SIZE                 # each queued task ran once
    ok(m, "SchAddTask", TASK)
    ok(m, "SchFlush")
    call(m, GET_NEXT_EVENT, EVERY_EVENT, EVENT)
    assert m.mem[COUNTER] == sch.QUEUE_SIZE                 # flushed: not run
