"""Small 65816 programs run through the whole machine: loader, launch state, tool calls
with parameters and results, and the reports for programs that die."""
from __future__ import annotations

import datetime as dt

import pytest

from iigs.machine import CYCLES_PER_TICK, MachineError
from system.machine import Machine
from iigs.memory import read_long, read_word
from toolbox.memorymgr import HANDLE_ERR

FIXED_TIME = dt.datetime(1989, 7, 4, 13, 5, 9)    # a Tuesday


def run_toolcalls(build_program):
    data, labels = build_program("machine_toolcalls")
    m = Machine()
    m.tb.misc.clock = lambda: FIXED_TIME
    prog = m.load(data)
    reason = m.run(max_cycles=1_000_000)
    return m, prog, labels, reason


def test_launch_state_and_quit(build_program):
    m, prog, labels, reason = run_toolcalls(build_program)
    assert reason == "quit"
    dp = prog.dp_base
    assert dp >> 16 == 0 and dp & 0xFF == 0                 # bank 0, page aligned
    assert read_word(m.mem, dp + labels["launchID"]) == prog.user_id   # A at launch
    assert read_word(m.mem, dp + labels["mmID"]) == prog.user_id
    assert prog.user_id & 0xF000 == 0x1000                  # an application ID


def test_new_handle_lock_deref_and_block_move(build_program):
    m, prog, labels, _ = run_toolcalls(build_program)
    dp = prog.dp_base
    handle = read_long(m.mem, dp + labels["handle"])
    ptr = read_long(m.mem, dp + labels["ptr"])
    assert ptr == read_long(m.mem, handle) or handle not in m.tb.mm.blocks
    assert bytes(m.mem[ptr:ptr + 5]) == b"HELLO"
    assert read_long(m.mem, dp + labels["size"]) == 0x100
    # the second DisposeHandle: A = handleErr, carry set
    assert read_word(m.mem, dp + labels["err"]) == HANDLE_ERR
    assert read_word(m.mem, dp + labels["carry"]) == 1
    assert any(line.startswith("NewHandle($00000100, $1001, $0000, $00000000) -> $")
               for line in m.tb.call_log)


def test_get_tick_and_read_time_hex_results(build_program):
    m, prog, labels, _ = run_toolcalls(build_program)
    dp = prog.dp_base
    assert read_long(m.mem, dp + labels["tick"]) == 0       # well inside the first tick
    # second, minute, hour, year-1900, day-1, month-1, 0, weekday (Tuesday = 3)
    assert bytes(m.mem[dp + labels["time"]:dp + labels["time"] + 8]) == \
        bytes([9, 5, 13, 89, 3, 6, 0, 3])


def test_stack_is_balanced_after_the_run(build_program):
    m, prog, _, _ = run_toolcalls(build_program)
    # every call popped exactly its parameters: S is back below the launch frame
    assert m.stack_block is not None
    assert m.cpu.sp == m.stack_block[1]


def crash(build_program, kind, toolnum=0):
    data, _ = build_program("machine_crashes", {"CRASH": kind, "TOOLNUM": toolnum})
    m = Machine()
    prog = m.load(data)
    with pytest.raises(MachineError) as err:
        m.run(max_cycles=1_000_000)
    return m, prog, err.value.report


def test_unknown_tool_set_reports_tool_number_and_caller(build_program):
    m, prog, report = crash(build_program, 1, 0x7F99)
    caller = prog.entry + 0x0E                               # the JSL $E10000
    assert "Unimplemented tool call $7F99" in report
    assert "Tool Locator error $0001" in report
    assert f"Called from {caller >> 16:02X}/{caller & 0xFFFF:04X}" in report
    assert f"> {caller >> 16:02X}/{caller & 0xFFFF:04X}: 22 00 00 E1  JSL $E10000" in report
    assert "LDX #$7F99" in report                            # the lead-in disassembly
    assert "Registers: PC=" in report


def test_unknown_function_of_a_known_tool_set_is_func_not_found(build_program):
    _, _, report = crash(build_program, 1, 0xFF02)
    assert "function $FF of tool set $02" in report
    assert "Tool Locator error $0002" in report


def test_brk_reports_its_address_and_signature(build_program):
    _, prog, report = crash(build_program, 2)
    brk = prog.entry + 9
    assert f"BRK $42 executed at {brk >> 16:02X}/{brk & 0xFFFF:04X}" in report
    assert "A=1234" in report and "Y=5678" in report


def test_missing_result_space_is_a_stack_imbalance(build_program):
    _, _, report = crash(build_program, 3)
    assert "Stack imbalance at GetTick" in report


def test_jump_into_unmapped_memory(build_program):
    _, _, report = crash(build_program, 4)
    assert "Jump to unmapped memory" in report and "C0/1234" in report


def test_sys_fail_mgr_shows_its_message(build_program):
    m, _, report = crash(build_program, 5)
    assert "SysFailMgr($0911): Game over!" in report
    assert m.last_report == report


def test_sys_fail_mgr_strips_the_high_bit_of_its_message(build_program):
    """The IIGS's fatal-error screen ignores bit 7 (issue 48 §6)."""
    _, _, report = crash(build_program, 6)
    assert "SysFailMgr($0912): Done" in report


def test_idle_stops_run_and_advances_the_clock_a_tick():
    m = Machine()
    before = m.ticks
    m.note_idle()
    assert m.ticks == before + 1
    assert m.take_stop_request() == "idle"
    assert m.take_stop_request() is None


def test_ticks_follow_emulated_cycles():
    m = Machine()
    # an endless loop: BRA * at $02:0000 (native mode)
    m.mem[0x020000:0x020002] = bytes([0x80, 0xFE])
    m.cpu.e, m.cpu.p, m.cpu.pbr, m.cpu.pc = 0, 0, 0x02, 0
    assert m.run(max_cycles=10 * CYCLES_PER_TICK) == "cycles"
    assert m.ticks == 10
    assert m.run(seconds=0.25) == "cycles"
    assert m.ticks == 25


def test_main_that_returns_instead_of_quitting(build_program):
    data, _ = build_program("machine_routines")     # first routine: ASL A / RTL
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=10_000) == "returned"
    assert m.cpu.a == (2 * prog.user_id) & 0xFFFF


def test_wdm_without_a_handler_is_reported():
    m = Machine()
    m.mem[0x020000:0x020002] = bytes([0x42, 0xFE])  # WDM $FE
    m.cpu.e, m.cpu.p, m.cpu.pbr, m.cpu.pc = 0, 0, 0x02, 0
    with pytest.raises(MachineError) as err:
        m.run(max_cycles=1000)
    assert "WDM $FE without a handler" in err.value.report
    assert "02/0000" in err.value.report


def test_entry_page_addresses_without_an_entry_point_are_fatal():
    m = Machine()
    m.mem[0x020000:0x020004] = bytes([0x22, 0x10, 0x00, 0xE1])   # JSL $E10010
    m.cpu.e, m.cpu.p, m.cpu.pbr, m.cpu.pc = 0, 0, 0x02, 0
    with pytest.raises(MachineError) as err:
        m.run(max_cycles=1000)
    assert "E1/0010" in err.value.report


def test_user_tool_sets_are_not_installed():
    m = Machine()
    m.mem[0x020000:0x020004] = bytes([0x22, 0x08, 0x00, 0xE1])   # JSL $E10008
    m.cpu.e, m.cpu.p, m.cpu.pbr, m.cpu.pc, m.cpu.x = 0, 0, 0x02, 0, 0x0280
    with pytest.raises(MachineError) as err:
        m.run(max_cycles=1000)
    assert "User tool set $80 is not installed" in err.value.report


def test_an_expressed_load_file_runs_the_same(tmp_path):
    # gsasm's ExpressLoad output: a ~ExpressLoad segment first, then the code
    import gsasm.asm
    import gsasm.expressload
    import gsasm.omf
    from pathlib import Path
    PROGRAMS = Path(__file__).parent / "programs"
    a = gsasm.asm.assemble(str(PROGRAMS / "machine_toolcalls.asm"), [str(PROGRAMS)])
    data = gsasm.expressload.expressload([(gsasm.omf.emit(a), a)], {})
    m = Machine()
    prog = m.load(data)
    assert [s.name for s in prog.segments.values()] == ["main"]
    assert m.run(max_cycles=1_000_000) == "quit"


@pytest.mark.parametrize("imbalance", [0, 1])
def test_a_stack_moved_into_the_programs_own_bank0_block(build_program, imbalance):
    """Issue 49: a program that allocates a bank-0 block (attrBank + attrFixed) and
    moves its stack there with TCS calls the toolbox without a false imbalance report
    (programs/own_stack.asm); a call without its result space on that stack is still
    one."""
    data, labels = build_program("own_stack", {"IMBALANCE": imbalance})
    m = Machine()
    prog = m.load(data)
    if imbalance:
        with pytest.raises(MachineError) as err:
            m.run(max_cycles=1_000_000)
        assert "Stack imbalance at GetTick" in err.value.report
        return
    assert m.run(max_cycles=1_000_000) == "quit"
    dp = prog.dp_base
    handle = read_long(m.mem, dp + labels["HANDLE"])
    block = m.tb.mm.block(handle)
    stack = read_word(m.mem, dp + labels["STACK_AT"])
    assert block.address >> 16 == 0 and block.address <= stack < block.address + 0x400
    assert not block.address <= dp < block.address + 0x400    # not the loader's block
    assert read_word(m.mem, dp + labels["MY_ID"]) == prog.user_id
