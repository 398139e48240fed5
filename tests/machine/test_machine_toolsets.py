"""The tool sets of issue 49 as a program meets them through JSL $E10000: StartUpTools
with a tool table naming the Print Manager, List Manager, Note Synthesizer, Note
Sequencer, ACE, Video Overlay and MIDI Synth (and TextEdit when this toolbox has it)
starts them all and their status calls say what is there; ShutDownTools stops them.
LoadOneTool loads a tool set the toolbox lacks from SYSTEM/TOOLS on the disk (the user
tool set of programs/loader_tool.asm as TOOL050) and its calls then run."""
from __future__ import annotations

import pytest

from disk import Volume
from system.machine import Machine
from iigs.memory import write_word
from toolbox.calls import TOOL_NOT_FOUND, TOOL_TABLE
from toolbox.locator import TOOL_VERSION_ERR
from toolcall import call_ok as ok, call_tool, start_up_tools

RECORD = 0x7800                         # the StartStopRecord, bank 0
TOOL_FILE = 0xBA
NEW_SETS = [0x13, 0x1C, 0x19, 0x1A, 0x1D, 0x21, 0x23]
TEXTEDIT = 0x22
# Misc, QuickDraw, Event, Sound, Window, Control, Menu, LineEdit, Dialog: what the
# Print Manager's dialogs and the Note Synthesizer stand on.
DESKTOP = [0x03, 0x04, 0x06, 0x08, 0x0E, 0x10, 0x0F, 0x14, 0x15]


def status_call(toolset: int) -> int:
    return (0x06 << 8) | toolset


def test_start_up_tools_starts_every_new_set_and_their_status_says_so():
    m = Machine()
    tools = DESKTOP + NEW_SETS
    if any(row.toolset == TEXTEDIT for row in TOOL_TABLE.values()):
        tools.append(TEXTEDIT)                  # TextEdit, once the toolbox has it
    ref = start_up_tools(m, tools, record=RECORD)
    for toolset in NEW_SETS:
        assert ok(m, status_call(toolset), result_words=1) == [0xFFFF], f"${toolset:02X}"
    assert ok(m, 0x1B21, [("W", 1)], 1) == [0]             # VDGetFeatures: no overlay
    assert call_tool(m, 0x1C21, [("W", 1), ("W", 1)])[0] == 0x2110   # vdNoVideoDevice
    assert ok(m, 0x071D, [("W", 0)], 2) == [0, 0]          # ACEInfo: no methods
    gen = ok(m, 0x0919, [("W", 0x10)], 1)[0]               # AllocGen
    ok(m, 0x0B19, [("W", gen), ("W", 60), ("W", 100), ("L", 0)])   # NoteOn
    assert m.tb.ns.notes[gen][0] == 60
    assert call_tool(m, 0x0B19, [("W", 14), ("W", 60), ("W", 100), ("L", 0)])[0] == 0x1922
    assert ok(m, 0x0B1A, result_words=1) == [0]            # GetTimer
    assert call_tool(m, 0x021D, [("W", 0x1000)])[0] == 0x1D01   # ACE: started twice
    ok(m, 0x1901, [("W", 0), ("L", ref)])   # ShutDownTools
    for toolset in NEW_SETS:
        assert ok(m, status_call(toolset), result_words=1) == [0], f"${toolset:02X}"
    assert not m.missing_calls()


@pytest.fixture
def tool_disk(build_program, tmp_path):
    image = tmp_path / "tools.po"
    volume = Volume.create(image, "BOOT", 1600)
    volume.mkdir("SYSTEM")
    volume.mkdir("SYSTEM/TOOLS")
    volume.write_file("SYSTEM/TOOLS/TOOL050", build_program("loader_tool")[0],
                      file_type=TOOL_FILE)
    volume.commit()
    return image


def test_load_one_tool_loads_a_tool_set_from_system_tools(tool_disk):
    m = Machine(disk=tool_disk)
    assert call_tool(m, 0x0F01, [("W", 50), ("W", 0x0200)])[0] == TOOL_VERSION_ERR
    ok(m, 0x0F01, [("W", 50), ("W", 0x0100)])             # LoadOneTool: version $0123
    assert ok(m, 0x0932, [("W", 40), ("W", 2)], 1) == [42]   # AddTwo through $E10000
    assert ok(m, 0x0432, result_words=1) == [0x0123]      # its Version
    assert any("TOOL050" in line for line in m.tb.call_log)
    assert call_tool(m, 0x0F01, [("W", 51), ("W", 0)])[0] == TOOL_NOT_FOUND
    # LoadTools names it too: already installed, not loaded again.
    write_word(m.mem, RECORD, 1)
    write_word(m.mem, RECORD + 2, 50)
    write_word(m.mem, RECORD + 4, 0)
    ok(m, 0x0E01, [("L", RECORD)])
    assert sum("TOOL050" in line for line in m.tb.call_log) == 1
