"""Interrupts as the IIGS delivers them (iigs/interrupts.py, the firmware's dispatch in
iigs/machine.py, the Misc Tool Set's vectors and heartbeat queue in toolbox/misc.py).

`programs/machine_irq.asm` is shaped like a real program: a heartbeat task counting
frames while its main loop spins, a one-second handler through SetVector $15, a
scan-line interrupt that turns a colour red from line 100 on, IntSource turning sources
off, WAI woken by the next VBL, DelHeartBeat. It runs the same in both CPU tiers and
twice alike. Smaller cases run code placed in bank $00: an interrupt in native and in
emulation mode leaves the state as it found it; the Scheduler's task runs from the
heartbeat; the keyboard and sound-chip sources reach their vectors."""
from __future__ import annotations


import numpy as np
import pytest

from iigs import video
from iigs.host import HeadlessHost
from iigs.interrupts import SOURCES
from iigs.machine import CPU_HZ, CYCLES_PER_TICK, FIRMWARE_HANDLERS
from system.machine import Machine
from iigs.memory import read_long, read_word
from toolbox.calls import TOOL_TABLE
from toolcall import call_row

BLUE, RED = (0, 0, 255), (255, 0, 0)
INT_SOURCE, SET_VECTOR, SCH_ADD_TASK = 0x2303, 0x1003, 0x0907
KYBD_ENABLE = 0x00


def program_machine(build_program, tier: str = "run", host=None):
    data, labels = build_program("machine_irq")
    m = Machine(host=host)
    if tier == "run_reference":
        m.cpu.run = m.cpu.run_reference          # every instruction through step()
    prog = m.load(data)
    return m, (lambda name: prog.dp_base + labels[name])


def test_a_program_s_heartbeat_one_second_and_scan_line_interrupts(build_program, state_of):
    m, at = program_machine(build_program)
    assert m.run(max_cycles=10 * CPU_HZ) == "quit"
    replay, _ = program_machine(build_program)            # the same run again:
    assert replay.run(max_cycles=10 * CPU_HZ) == "quit"
    assert state_of(replay) == state_of(m)                 # identical, to the cycle
    word = lambda name: read_word(m.mem, at(name))          # noqa: E731
    assert word("hbErr") == 0
    assert word("regsOk") == 1                 # X and Y came through every interrupt
    # two one-second interrupts: the heartbeat counted every VBL until then
    assert word("frames2") == 2 * CPU_HZ // CYCLES_PER_TICK
    assert word("frames2") - 2 <= word("scans2") <= word("frames2")   # line 99's
    assert read_long(m.mem, at("spins")) > 100_000                    # main spun
    # IntSource(oSecDisable) and (scLnDisable): none came after
    assert word("seconds3") == 2 and word("scans3") == word("scans2")
    assert word("afterWai") == word("beforeWai") + 1                  # WAI: next VBL
    assert word("delErr") == 0 and word("delErr2") == 0x0306         # taskNtFdErr
    # GetVector($15) before SetVector: the firmware's own handler, called by default
    default = FIRMWARE_HANDLERS + 4 * list(SOURCES).index("one_second")
    assert read_long(m.mem, at("oldVec")) == default
    assert m.interrupts.vector(0x15) != default
    assert not m.tb.misc.heartbeat


def test_the_scan_line_interrupt_shows_two_palettes_in_one_frame(build_program):
    host = HeadlessHost()
    m, _ = program_machine(build_program, host=host)
    assert m.run(max_cycles=CPU_HZ // 2) == "cycles"
    frame = video.render(m.mem, m.interrupts.last_frame_palettes)
    assert all(tuple(frame[line, 0]) == BLUE for line in (0, 50, 99))
    assert all(tuple(frame[line, 639]) == RED for line in (100, 150, 199))
    host.present(m.mem, m.tb)                  # what a window or screenshot shows
    assert np.array_equal(host.frame(with_cursor=False), frame)


def test_interrupts_fall_on_the_same_instructions_in_both_tiers(build_program, state_of):
    # a third of a second: VBLs and scan lines while the main loop spins translated
    runs = {}
    for tier in ("run", "run_reference"):
        m, _ = program_machine(build_program, tier)
        assert m.run(max_cycles=CPU_HZ // 3) == "cycles"
        runs[tier] = state_of(m)
    assert runs["run"] == runs["run_reference"]
    assert runs["run"][12] >= 35


# -- code in bank $00 ---------------------------------------------------------------------
CODE = 0x2000
NATIVE = bytes([0xC2, 0x30,                  # REP #$30
                0xA9, 0x5A, 0x5A,            # LDA #$5A5A
                0xA2, 0x34, 0x12,            # LDX #$1234
                0xA0, 0x78, 0x56,            # LDY #$5678
                0x58,                        # CLI
                0x80, 0xFE])                 # loop: BRA loop
EMULATION = bytes([0x38, 0xFB,               # SEC; XCE
                   0xA9, 0x5A, 0xA2, 0x33, 0xA0, 0x44,   # LDA #$5A; LDX #$33; LDY #$44
                   0x58,                     # CLI
                   0x80, 0xFE])              # loop: BRA loop
COUNTER = 0x3000
HANDLER = 0x3100                             # INC COUNTER (8-bit); CLC; RTL
HANDLER_CODE = bytes([0xEE, 0x00, 0x30, 0x18, 0x6B])
TASK = 0x3200                                # a heartbeat task: header, then
TASK_CODE = (bytes(4) + b"\x01\x00\x5A\xA5"   # TaskLink, TaskCnt 1, $A55A
             + bytes([0xA9, 0x01, 0x8D, 0x04, 0x32,  # LDA #1; STA TaskCnt (re-arm)
                      0xEE, 0x00, 0x30, 0x6B]))     # INC COUNTER; RTL
SET_HEART_BEAT = 0x1203


def bank0_machine(code: bytes) -> Machine:
    m = Machine()
    m.mem[CODE:CODE + len(code)] = code
    m.mem[HANDLER:HANDLER + len(HANDLER_CODE)] = HANDLER_CODE
    m.mem[TASK:TASK + len(TASK_CODE)] = TASK_CODE
    cpu = m.cpu
    cpu.e, cpu.p, cpu.pbr, cpu.dbr, cpu.pc, cpu.sp, cpu.d = 0, 0x34, 0, 0, CODE, 0x1FF0, 0
    assert m.run(max_cycles=40) == "cycles" and cpu.pc == CODE + len(code) - 2
    return m


def tool(m: Machine, number: int, *params: int) -> int:
    error, _ = call_row(m, TOOL_TABLE[number], *params)
    return error


@pytest.mark.parametrize("code", [NATIVE, EMULATION], ids=["native", "emulation"])
def test_an_interrupt_leaves_the_state_it_found(code, state_of):
    m = bank0_machine(code)
    before = state_of(m)[:10]
    m.interrupts.set_source("vbl", True)       # the heartbeat's source
    m.run(max_cycles=3 * CYCLES_PER_TICK + 500)
    assert m.interrupts.taken == 3
    assert state_of(m)[:10] == before          # after RTI: every register as it was


def test_the_scheduler_s_task_runs_from_the_heartbeat_without_an_event_poll():
    m = bank0_machine(NATIVE)
    assert tool(m, SCH_ADD_TASK, HANDLER) == 0
    assert m.mem[COUNTER] == 0
    m.run(max_cycles=CYCLES_PER_TICK)          # the next VBL: the system is not busy
    assert m.mem[COUNTER] == 1 and not m.tb.sch.queue


def test_keyboard_and_sound_interrupts_reach_their_vectors():
    m = bank0_machine(NATIVE)
    assert tool(m, SET_VECTOR, SOURCES["keyboard"], HANDLER) == 0
    assert tool(m, INT_SOURCE, KYBD_ENABLE) == 0
    m.io.keyboard.press("A")
    m.run(max_cycles=CYCLES_PER_TICK)
    assert m.mem[COUNTER] == 1 and m.io.keyboard.data() == 0xC1   # the key stays
    assert tool(m, SET_VECTOR, SOURCES["sound"], HANDLER) == 0
    m.interrupts.raise_sound()                 # a DOC oscillator's interrupt
    m.run(max_cycles=CYCLES_PER_TICK)
    assert m.mem[COUNTER] == 2 and not m.interrupts.status
    assert tool(m, INT_SOURCE, 0x0009) == 0x0301                  # no such source


def test_heartbeats_go_on_inside_a_tool_call_that_waits():
    m = bank0_machine(NATIVE)
    assert tool(m, SET_HEART_BEAT, TASK) == 0
    m.run(max_cycles=2 * CYCLES_PER_TICK)      # two VBLs from the run loop
    assert m.mem[COUNTER] == 2
    ticks = m.ticks
    # a tool's own loop waiting tick after tick (ModalDialog's, for a mouse-up)
    assert m.tb.em.wait_for_event(0x0004) is None          # a script: no more input
    waited = m.ticks - ticks
    assert waited >= 2
    assert m.mem[COUNTER] == 2 + waited - 1    # each tick's VBL but the last's
    m.run(max_cycles=CYCLES_PER_TICK)          # back in the program: the last VBL
    assert m.mem[COUNTER] == 2 + waited
