"""The dispatcher's other entry points: $E10004 (glue with an extra RTL address) and
the GS/OS in-line and stack forms (Toolbox Reference vol. 1 ch. 1, TN #87; GS/OS
Reference), plus its register rules."""
from __future__ import annotations

import pytest

from system.machine import Machine, MachineError


class RecordingGSOS:
    """Stands in for toolbox.gsos: records calls, answers with a set error."""

    def __init__(self, error: int = 0) -> None:
        self.calls: list[tuple[int, int]] = []
        self.error = error
        self.quit_requested = False

    def call(self, callnum: int, pblock: int) -> int:
        self.calls.append((callnum, pblock))
        return self.error


@pytest.fixture
def glue(build_program):
    data, labels = build_program("machine_glue")
    m = Machine()
    prog = m.load(data)
    return m, prog, labels


def test_second_entry_returns_to_the_glue_with_the_result_in_place(glue):
    m, prog, labels = glue
    sp0 = m.cpu.sp
    regs = m.call(prog.entry + labels["NewIDViaGlue"])
    assert regs.a == 0x1002                 # the program itself holds $1001
    assert regs.sp == sp0
    assert m.tb.call_log[-1] == "GetNewID($1000) -> $1002"


@pytest.mark.parametrize("form", ["GSOSInline", "GSOSStack"])
def test_gsos_call_forms_reach_gsos_and_resume_after_the_call(glue, form):
    m, prog, labels = glue
    m.tb.gsos = RecordingGSOS(error=0x0046)        # file not found
    sp0 = m.cpu.sp
    regs = m.call(prog.entry + labels[form], x=0x1111)
    assert m.tb.gsos.calls == [(0x2010, prog.entry + labels["Block"])]
    assert regs.a == 0x0046 and regs.carry
    assert regs.y == 0x600D                         # resumed at the right place
    assert regs.x == 0x1111                         # X preserved
    assert regs.sp == sp0                           # the stack form's 6 bytes removed


def test_gsos_success_clears_carry_and_sets_a_to_zero(glue):
    m, prog, labels = glue
    m.tb.gsos = RecordingGSOS(error=0)
    regs = m.call(prog.entry + labels["GSOSInline"])
    assert regs.a == 0 and not regs.carry


def test_tool_call_in_emulation_mode_is_fatal():
    m = Machine()
    # emulation mode: JSL $E10000 from $00:0300 with X = $2503
    m.mem[0x0300:0x0304] = bytes([0x22, 0x00, 0x00, 0xE1])
    cpu = m.cpu
    cpu.e, cpu.pbr, cpu.pc, cpu.x = 1, 0, 0x0300, 0x03
    with pytest.raises(MachineError) as err:
        m.run(max_cycles=1000)
    assert "outside full native mode" in err.value.report


def test_tool_call_preserves_x_y_d_and_b(glue):
    m, prog, labels = glue
    regs = m.call(prog.entry + labels["NewIDViaGlue"], y=0x4321)
    assert regs.y == 0x4321
    assert regs.d == prog.dp_base and regs.dbr == prog.entry >> 16


def test_call_log_is_bounded():
    from toolbox.dispatch import CALL_LOG_LIMIT
    m = Machine()
    m.mem[0x020000:0x020005] = bytes([0x22, 0x00, 0x00, 0xE1, 0x6B])  # JSL $E10000 / RTL
    for _ in range(2 * CALL_LOG_LIMIT + 5):
        m.call(0x020000, x=0x0201)                  # TLStartUp: no parameters
    assert len(m.tb.call_log) <= 2 * CALL_LOG_LIMIT


def test_a_fault_inside_a_tool_is_a_report_not_a_traceback(monkeypatch):
    from toolbox.calls import TOOL_TABLE
    row = TOOL_TABLE[0x2C03]                        # SysBeep
    m = Machine()

    def broken(tb):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setitem(TOOL_TABLE, 0x2C03, row.__class__(row.toolset, row.function,
                                                          row.name, row.params,
                                                          row.result, broken))
    m.mem[0x020000:0x020005] = bytes([0x22, 0x00, 0x00, 0xE1, 0x6B])
    with pytest.raises(MachineError) as err:
        m.call(0x020000, x=0x2C03)
    report = err.value.report
    assert "Toolbox fault in SysBeep" in report
    assert "ZeroDivisionError: division by zero" in report
    assert "in broken" in report
