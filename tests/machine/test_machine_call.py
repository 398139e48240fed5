"""Machine.call: JSL into a routine with a trap as the return address (the harness's
entry into the native engine)."""
from __future__ import annotations

import pytest

from system.machine import Machine, MachineError
from iigs.memory import read_word


@pytest.fixture
def loaded(build_program):
    data, labels = build_program("machine_routines")
    m = Machine()
    prog = m.load(data)
    return m, prog, labels


def test_call_returns_registers_and_exact_cycles(loaded):
    m, prog, labels = loaded
    regs = m.call(prog.entry + labels["Double"], a=21)
    assert regs.a == 42
    assert regs.cycles == 16                       # JSL 8 + ASL A 2 + RTL 6
    assert m.call(prog.entry + labels["Double"], a=21).cycles == 16   # deterministic


def test_call_with_stack_arguments_the_callee_removes(loaded):
    m, prog, labels = loaded
    sp0 = m.cpu.sp
    regs = m.call(prog.entry + labels["Sum"], stack_args=[1000, 234])
    assert regs.a == 1234
    assert regs.sp == sp0                          # parameters gone, RA popped
    assert m.cpu.sp == sp0                         # and the machine's S is restored


def test_call_sets_direct_page_and_data_bank(loaded):
    m, prog, labels = loaded
    regs = m.call(prog.entry + labels["Where"], a=0xBEEF)
    assert regs.x == prog.dp_base and regs.y == prog.entry >> 16
    assert read_word(m.mem, prog.dp_base) == 0xBEEF
    assert read_word(m.mem, prog.entry + labels["Store"]) == 0xBEEF
    assert regs.carry


def test_tool_calls_work_inside_a_call(loaded):
    m, prog, labels = loaded
    regs = m.call(prog.entry + labels["Ticks"])
    assert (regs.a, regs.x) == (0, 0)
    assert m.tb.call_log[-1].startswith("GetTick()")


def test_a_routine_that_never_returns_is_reported(loaded):
    m, prog, labels = loaded
    with pytest.raises(MachineError) as err:
        m.call(prog.entry + labels["Forever"], max_cycles=10_000)
    assert "did not return" in err.value.report


def test_a_trap_handler_may_call_back_into_the_program(loaded):
    # what TaskMaster does with a window's content-draw procedure
    m, prog, labels = loaded
    seen = []
    m.trap(0x030000, lambda cpu: seen.append(m.call(prog.entry + labels["Double"],
                                                    a=cpu.a).a))
    m.mem[0x030002] = 0x6B                         # RTL after the WDM
    regs = m.call(0x030000, a=5)
    assert seen == [10]
    assert regs.a == 5                             # the outer routine's A is kept


def test_call_on_a_bare_machine_without_a_program():
    m = Machine()
    m.mem[0x020000:0x020002] = bytes([0x0A, 0x6B])          # ASL A / RTL
    assert m.call(0x020000, a=0x4000).a == 0x8000
