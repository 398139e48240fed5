"""The Scheduler (toolbox/scheduler.py) and the ADB Tool Set (toolbox/adb.py) called
the way a program calls them, through JSL $E10000: housekeeping, a queued task that
runs once, at the program's next event poll, and increments a byte, and what a
program reads of the keyboard microcontroller."""
from __future__ import annotations

import pytest

from system.machine import Machine
from iigs.memory import read_bytes, read_word, write_bytes
from toolbox import adb
from toolbox import scheduler as sch
from toolbox.calls import TOOL_TABLE
from toolcall import call_row

EVENT = 0x7100           # an event record
COUNTER = 0x7200         # the byte the task increments
TASK = 0x6800            # SEP #$20; INC COUNTER; REP #$20; RTL
TASK_CODE = b"\xE2\x20\xEE" + COUNTER.to_bytes(2, "little") + b"\xC2\x20\x6B"

CALLS = {                # Apple's numbers (Toolbox Reference vol. 2 ch. 19)
    "SchBootInit": 0x0107, "SchStartUp": 0x0207, "SchShutDown": 0x0307,
    "SchVersion": 0x0407, "SchReset": 0x0507, "SchStatus": 0x0607,
    "SchAddTask": 0x0907, "SchFlush": 0x0A07,
}
ADB_CALLS = {            # Apple's numbers (Toolbox Reference vol. 1 ch. 3)
    "ADBBootInit": 0x0109, "ADBStartUp": 0x0209, "ADBShutDown": 0x0309,
    "ADBVersion": 0x0409, "ADBReset": 0x0509, "ADBStatus": 0x0609,
    "SendInfo": 0x0909, "ReadKeyMicroData": 0x0A09, "ReadKeyMicroMemory": 0x0B09,
    "AsyncADBReceive": 0x0D09, "SyncADBReceive": 0x0E09, "AbsOn": 0x0F09,
    "AbsOff": 0x1009, "ReadAbs": 0x1109, "SetAbsScale": 0x1209, "GetAbsScale": 0x1309,
    "SRQPoll": 0x1409, "SRQRemove": 0x1509, "ClearSRQTable": 0x1609,
}
DATA = 0x7300            # a data buffer
GET_NEXT_EVENT, EVENT_AVAIL, EVERY_EVENT = 0x0A06, 0x0B06, 0xFFFF


@pytest.fixture
def m() -> Machine:
    m = Machine()
    write_bytes(m.mem, TASK, TASK_CODE)
    return m


def call(m: Machine, number: int, *params: int) -> tuple[int, int]:
    """Call tool `number` through JSL $E10000; (error, result)."""
    return call_row(m, TOOL_TABLE[number], *params)


def ok(m: Machine, name: str, *params: int) -> int:
    error, result = call(m, CALLS.get(name) or ADB_CALLS[name], *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


@pytest.mark.parametrize("calls, toolset", [(CALLS, 0x07), (ADB_CALLS, 0x09)])
def test_every_call_of_the_tool_sets_is_here(calls, toolset):
    assert {n: TOOL_TABLE[v].name for n, v in calls.items()} == {n: n for n in calls}
    assert sum(1 for row in TOOL_TABLE.values() if row.toolset == toolset) == len(calls)


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


# -- ADB ------------------------------------------------------------------------------
def test_adb_housekeeping(m):
    ok(m, "ADBBootInit")
    ok(m, "ADBStartUp")
    assert ok(m, "ADBStatus") == 0xFFFF
    assert ok(m, "ADBVersion") == adb.ADB_VERSION
    ok(m, "ADBShutDown")
    assert ok(m, "ADBStatus") == 0


def test_the_keyboard_micro_answers_its_version_config_and_modes(m):
    ok(m, "ADBStartUp")
    ok(m, "ReadKeyMicroData", 1, DATA, adb.READ_VERSION_NUM)
    assert m.mem[DATA] == adb.KEY_MICRO_VERSION
    ok(m, "ReadKeyMicroData", 3, DATA, adb.READ_CONFIG)
    assert read_bytes(m.mem, DATA, 3) == adb.DEFAULT_CONFIG
    write_bytes(m.mem, DATA, b"\x05")
    ok(m, "SendInfo", 1, DATA, adb.SET_MODES)             # setModes 5
    write_bytes(m.mem, DATA, b"\x01")
    ok(m, "SendInfo", 1, DATA, adb.CLEAR_MODES)           # clearModes 1
    ok(m, "ReadKeyMicroData", 1, DATA, adb.READ_MODES)
    assert m.mem[DATA] == 0x04
    write_bytes(m.mem, DATA, b"\x23\x01\x12")
    ok(m, "SendInfo", 3, DATA, adb.SET_CONFIG)
    ok(m, "ReadKeyMicroData", 3, DATA + 8, adb.READ_CONFIG)
    assert read_bytes(m.mem, DATA + 8, 3) == b"\x23\x01\x12"
    ok(m, "ADBReset")
    ok(m, "ReadKeyMicroData", 3, DATA, adb.READ_CONFIG)
    assert read_bytes(m.mem, DATA, 3) == adb.DEFAULT_CONFIG
    assert call(m, ADB_CALLS["ReadKeyMicroData"], 1, DATA, 0x30)[0] == adb.CMND_INCOMPLETE
    m.mem[DATA] = 0x55
    write_bytes(m.mem, DATA + 1, b"\x10")
    ok(m, "ReadKeyMicroMemory", DATA, DATA + 1, 0)
    assert m.mem[DATA] == 0


def test_bus_commands_to_an_empty_address_and_srq_list_holds_four(m):
    assert call(m, ADB_CALLS["AsyncADBReceive"], TASK, 0x4C)[0] == adb.DEV_NOT_AT_ADDR
    assert call(m, ADB_CALLS["SyncADBReceive"], 0, TASK, 0xFC)[0] == adb.DEV_NOT_AT_ADDR
    for reg in range(adb.SRQ_LIST_SIZE):
        ok(m, "SRQPoll", TASK, 0x2C + reg)
    assert call(m, ADB_CALLS["SRQPoll"], TASK, 0x3C)[0] == adb.SRQ_LIST_FULL
    ok(m, "SRQRemove", 0x2C)
    ok(m, "SRQPoll", TASK, 0x3C)
    ok(m, "ClearSRQTable")
    assert m.tb.adb.srq == []
    assert m.mem[COUNTER] == 0                             # no routine was called
    assert any("no device at 4" in line for line in m.tb.call_log)


def test_absolute_mode_and_scale(m):
    assert ok(m, "ReadAbs") == 0
    ok(m, "AbsOn")
    assert ok(m, "ReadAbs") == 1
    ok(m, "AbsOff")
    assert ok(m, "ReadAbs") == 0
    scale = bytes(range(1, adb.SCALE_REC_SIZE + 1))
    write_bytes(m.mem, DATA, scale)
    ok(m, "SetAbsScale", DATA)
    ok(m, "GetAbsScale", DATA + 0x20)
    assert read_bytes(m.mem, DATA + 0x20, adb.SCALE_REC_SIZE) == scale


def test_taskmaster_runs_the_queued_task_too(m):
    from toolbox import window
    ok(m, "SchAddTask", TASK)
    rec = 0x7400                                           # a task record, taskMask 0
    write_bytes(m.mem, rec, bytes(0x20))
    window.TaskMaster(m.tb, EVERY_EVENT, rec)
    assert m.mem[COUNTER] == 1


def test_start_up_tools_and_load_one_tool_know_both_tool_sets(m):
    from toolbox import locator
    for toolset, version in ((0x07, sch.SCH_VERSION), (0x09, adb.ADB_VERSION)):
        locator.LoadOneTool(m.tb, toolset, version)
        assert toolset in locator.START_UP
    record = 0x7500                                        # StartStopRecord: $07, $09
    write_bytes(m.mem, record, bytes(0x0A) + b"\x02\x00" + b"\x07\x00\x00\x00\x09\x00\x00\x00")
    m.tb.tl.start_up_tools(0x1000, 0, record)
    assert m.tb.sch.started and m.tb.adb.started
    m.tb.tl.shut_down_tools(0, record)
    assert not m.tb.sch.started and not m.tb.adb.started


# -- a program -------------------------------------------------------------------------
def test_a_program_queues_a_task_and_reads_the_keyboard_micro(build_program):
    data, labels = build_program("machine_sched")
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "idle"          # GetNextEvent, once:
    assert m.run(max_cycles=1_000_000) == "quit"          # the task had run
    field = lambda name: read_word(m.mem, prog.dp_base + labels[name])   # noqa: E731
    assert field("status") == 0xFFFF and field("added") == 0xFFFF
    assert field("polls") == 1 and field("ran") == 1      # ran at the first poll, once
    assert field("micro") == adb.KEY_MICRO_VERSION
    assert field("syncErr") == adb.DEV_NOT_AT_ADDR
    assert not m.tb.sch.started and not m.tb.adb.started


def test_send_info_reaches_the_devices(m):
    """SendInfo's transmitADBBytes carries a Listen 3 (the mouse to handler 2, an
    address move refused), disableSRQ/enableSRQ the SRQ bit, flush the keyboard's
    waiting transitions."""
    from iigs.hostinput import HostInput
    mouse, keyboard = m.io.adb.mouse, m.io.adb.keyboard
    write_bytes(m.mem, DATA, b"\x3B\x25\x02")              # Listen 3 to 3: $2502
    ok(m, "SendInfo", 3, DATA, adb.TRANSMIT_ADB_BYTES + 2)
    assert mouse.register3 == 0x6302                       # handler 2; still at 3
    assert any("moving to 5" in line for line in m.tb.call_log)
    ok(m, "SendInfo", 0, 0, adb.DISABLE_SRQ + 3)
    assert mouse.register3 == 0x4302
    ok(m, "SendInfo", 0, 0, adb.ENABLE_SRQ + 3)
    assert mouse.register3 == 0x6302
    m.io.take_input(HostInput("key", key=ord("a")))
    assert list(keyboard.transitions) == [0x00]            # "a" down
    ok(m, "SendInfo", 0, 0, adb.FLUSH_DEVICE + 2)
    assert not keyboard.transitions
    m.io.take_input(HostInput("key", key=ord("q"), modifiers=0x0100 | 0x0200))
    m.mem[DATA] = adb.KEY_STATE_BYTE                        # Command-Shift held:
    ok(m, "ReadKeyMicroMemory", DATA + 1, DATA, 0)
    assert m.mem[DATA + 1] == 0x81                         # their key-state bits
    ok(m, "SendInfo", 0, 0, adb.FLUSH_DEVICE + 9)          # nobody there: logged
    assert any("no device at 9" in line for line in m.tb.call_log)
