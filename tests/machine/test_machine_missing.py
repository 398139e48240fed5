"""Tool calls the toolbox lacks: the Tool Locator's answers (toolNotFoundErr $0001 /
funcNotFoundErr $0002 with carry set, parameters dropped when the Toolbox Reference
gives their sizes), the list of missing calls, and strict mode's report."""
from __future__ import annotations

import pytest

from system.machine import Machine, MachineError
from iigs.memory import read_word
from system.runner import main as iigs_main
from toolbox.calls import FUNC_NOT_FOUND, TOOL_NOT_FOUND, TOOL_TABLE
from toolbox.toolbox import load_tool_sets

MIDI_TOOL_SET = 0x20
FRAME_ARC = 0x6204


@pytest.fixture(autouse=True)
def without_the_midi_tool_set_and_frame_arc(monkeypatch):
    """The toolbox as a program meets it without a whole tool set and without one call
    of a tool set that is there: the MIDI Tool Set's rows (toolbox/midi.py has them all)
    and FrameArc's taken out, their signatures still known from the Toolbox Reference."""
    load_tool_sets()               # (each module registers its rows when imported)
    for number, row in list(TOOL_TABLE.items()):
        if row.toolset == MIDI_TOOL_SET:
            monkeypatch.delitem(TOOL_TABLE, number)
    monkeypatch.delitem(TOOL_TABLE, FRAME_ARC, raising=False)


def run_missing(build_program, strict: bool = False):
    data, labels = build_program("machine_missing")
    m = Machine(strict=strict)
    prog = m.load(data)
    reason = m.run(max_cycles=1_000_000)
    return m, prog, labels, reason


def kept(m, prog, labels, n: int) -> tuple[int, int, int]:
    """(A, carry, S moved) the program kept after call n."""
    dp = prog.dp_base
    return tuple(read_word(m.mem, dp + labels[f"{field}{n}"])
                 for field in ("err", "carry", "moved"))


def test_program_checks_each_answer_and_runs_to_quit(build_program):
    m, prog, labels, reason = run_missing(build_program)
    assert reason == "quit"
    assert kept(m, prog, labels, 1) == (TOOL_NOT_FOUND, 1, 0)     # MidiStatus
    assert kept(m, prog, labels, 2) == (FUNC_NOT_FOUND, 1, 0)     # FrameArc
    assert kept(m, prog, labels, 3) == (TOOL_NOT_FOUND, 1, 0)     # MidiInfo
    assert kept(m, prog, labels, 4) == (TOOL_NOT_FOUND, 1, 0)     # $7F99, stack kept
    assert kept(m, prog, labels, 5) == (TOOL_NOT_FOUND, 1, 0)     # user tool $0180


def test_missing_calls_are_listed_with_name_error_and_caller(build_program):
    m, prog, _, _ = run_missing(build_program)
    lines = m.missing_calls()
    assert [line.split(":")[0] for line in lines] == [
        "$0620 MidiStatus", "$6204 FrameArc", "$0C20 MidiInfo", "$7F99",
        "$0180 user tool"]
    assert "toolNotFoundErr $0001" in lines[0] and "0 parameter bytes dropped" in lines[0]
    assert "funcNotFoundErr $0002" in lines[1] and "8 parameter bytes dropped" in lines[1]
    assert "2 parameter bytes dropped" in lines[2]
    assert "stack left as it was" in lines[3]
    first = prog.entry + 0x09                     # the JSL, after PHK PLB TSC STA PHA LDX
    assert f"first from {first >> 16:02X}/{first & 0xFFFF:04X}" in lines[0]
    assert any("MidiStatus $0620 missing" in line for line in m.tb.call_log)


def test_strict_mode_stops_at_the_first_missing_call(build_program):
    with pytest.raises(MachineError) as err:
        run_missing(build_program, strict=True)
    report = err.value.report
    assert "Unimplemented tool call $0620" in report
    assert "(MidiStatus): tool set $20 is not implemented" in report
    assert "Tool Locator error $0001" in report


def test_the_suite_runs_strict_by_default():
    assert Machine().strict and not Machine(strict=False).strict


def test_iigs_run_prints_the_missing_calls_at_exit(build_program, tmp_path, capsys,
                                                   monkeypatch):
    monkeypatch.delenv("IIGS_STRICT", raising=False)     # the command's own default
    data, _ = build_program("machine_missing")
    program = tmp_path / "MISSING.S16"
    program.write_bytes(data)
    assert iigs_main(["run", str(program), "--headless", "--seconds", "1"]) == 0
    out = capsys.readouterr().out
    assert "Missing tool calls (5, answered with a Tool Locator error):" in out
    assert "$0620 MidiStatus: toolNotFoundErr $0001, 1 call, first from" in out


def test_iigs_run_strict_stops_with_the_report(build_program, tmp_path, capsys):
    data, _ = build_program("machine_missing")
    program = tmp_path / "MISSING.S16"
    program.write_bytes(data)
    assert iigs_main(["run", str(program), "--headless", "--seconds", "1",
                      "--strict"]) == 1
    assert "Unimplemented tool call $0620" in capsys.readouterr().out
