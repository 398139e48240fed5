"""The System Loader ($11) and user tool sets, driven by a 65816 program the way a
IIGS program uses them (Technical Note #73): InitialLoad2 of a tool set's load file
from the program's folder, SetTSPtr, calls through JSL $E10008 / $E1000C with ToStrip
exits, a dynamic segment loaded by name and by number, UnloadSeg, LGetPathname2,
GetUserID2. Programs: programs/loader_app.asm, loader_tool.asm, loader_dyn.asm."""
from __future__ import annotations

import struct

import pytest

from disk import Volume
from iigs import omf
from system.machine import Machine
from iigs.memory import read_gsstring, read_word

KIND_DYNAMIC_CODE = 0x8000
HEADER_KIND, HEADER_SEGNUM = 0x14, 0x22          # OMF v2 segment header offsets
S16, TOOL_FILE = 0xB3, 0xBA


def tool_file(build_program) -> bytes:
    """loader_tool's segment, then loader_dyn's as segment 2, made dynamic."""
    first, _ = build_program("loader_tool")
    second = bytearray(build_program("loader_dyn")[0])
    struct.pack_into("<H", second, HEADER_KIND, KIND_DYNAMIC_CODE)
    struct.pack_into("<H", second, HEADER_SEGNUM, 2)
    return first + bytes(second)


def run_loader_app(build_program, tmp_path, defines=None):
    image = tmp_path / "loader.po"
    volume = Volume.create(image, "WORK", 1600)
    volume.mkdir("APPS")
    volume.write_file("APPS/LOADAPP", build_program("loader_app", defines)[0],
                      file_type=S16)
    volume.write_file("APPS/USERTOOL", tool_file(build_program), file_type=TOOL_FILE)
    volume.commit()
    machine = Machine(disk=image)
    program = machine.load_from_disk(":WORK:APPS:LOADAPP")
    reason = machine.run(max_cycles=2_000_000)
    dp = program.dp_base
    return machine, reason, lambda offset: read_word(machine.mem, dp + offset)


@pytest.fixture
def ran(build_program, tmp_path):
    return run_loader_app(build_program, tmp_path)


def test_the_tool_file_is_a_static_segment_and_a_dynamic_one(build_program):
    segments = omf.read_load_file(tool_file(build_program))
    assert [(s.segnum, s.is_dynamic) for s in segments] == [(1, False), (2, True)]


def test_a_program_loads_installs_and_calls_its_own_user_tool_set(ran):
    machine, reason, word = ran
    assert reason == "quit"
    assert word(0) == 0, f"step {word(0)} failed with error ${word(30):04X}"
    user_id = word(2)
    assert user_id & 0xF000 == 0x1000                 # a new application-type ID
    assert word(10) == 1                              # SetTSPtr ran BootInit once
    assert word(8) == 42                              # AddTwo(40, 2) via $E10008
    assert word(12) == 15                             # AddTwo(7, 8) via $E1000C glue
    assert word(14) == 0x0002                         # funcNotFoundErr past the table
    assert word(26) == 0x0123                         # Version()
    missing = machine.missing_calls()                 # only the deliberate one
    assert len(missing) == 1 and "$1405" in missing[0] and "$0002" in missing[0]


def test_the_dynamic_segment_loads_by_name_unloads_and_loads_by_number(ran):
    machine, reason, word = ran
    assert word(16) == 99                             # Answer, loaded by name
    assert word(22) == 2                              # UnloadSeg: segment number 2
    assert word(24) == 99                             # Answer again, by number
    files = machine.tb.loader.files
    tool = files[word(2) & 0xF0FF]
    assert sorted(tool.placed) == [1, 2]


def test_the_loader_knows_the_files_pathname_and_user_id(ran):
    machine, reason, word = ran
    pointer = word(18) | (word(20) << 16)
    assert read_gsstring(machine.mem, pointer) == b":WORK:APPS:USERTOOL"
    assert word(28) == word(2)                        # GetUserID2


def test_the_launched_application_is_on_the_loaders_books(ran):
    machine, _, _ = ran
    app = machine.tb.loader.files[machine.program.user_id & 0xF0FF]
    assert app.pathname == ":WORK:APPS:LOADAPP"
    assert app.entry == machine.program.entry


def test_initial_load_of_a_file_that_is_not_a_load_file_says_so(tmp_path):
    from toolbox.calls import ToolError
    from toolbox.loader import ID_NOT_LOAD_FILE
    image = tmp_path / "text.po"
    volume = Volume.create(image, "WORK", 1600)
    volume.write_file("NOTES", b"just text\r", file_type=0x04)
    volume.commit()
    machine = Machine(disk=image)
    with pytest.raises(ToolError) as err:
        machine.tb.loader.initial_load(0, ":WORK:NOTES")
    assert err.value.code == ID_NOT_LOAD_FILE


def test_user_shutdown_frees_the_files_memory_or_keeps_it_dormant(build_program, tmp_path):
    image = tmp_path / "tool.po"
    volume = Volume.create(image, "WORK", 1600)
    volume.write_file("USERTOOL", tool_file(build_program), file_type=TOOL_FILE)
    volume.commit()
    machine = Machine(disk=image)
    loader, mm = machine.tb.loader, machine.tb.mm
    lf = loader.initial_load(0, ":WORK:USERTOOL")
    assert sorted(lf.placed) == [1]                   # the dynamic segment waits
    handle = lf.placed[1].handle
    assert loader.shut_down(lf.user_id, 0x4000) == lf.user_id
    assert loader.restart(lf.user_id) is lf and mm.deref(handle) == lf.placed[1].address
    loader.shut_down(lf.user_id, 0)
    assert lf.user_id & 0xF0FF not in loader.files
    assert lf.user_id not in machine.tb.misc.ids


def test_initial_load_into_the_programs_own_user_id(build_program, tmp_path):
    """InitialLoad2 with the caller's own user ID (issue 48 §5): accepted, the tool
    file becomes that ID's load file 2, and everything the program does with it
    (its functions, LoadSegName, LGetPathname2, LoadSegNum) works as before."""
    machine, reason, word = run_loader_app(build_program, tmp_path, {"OWN_ID": 1})
    assert reason == "quit"
    assert word(0) == 0, f"step {word(0)} failed with error ${word(30):04X}"
    assert word(2) == machine.program.user_id
    assert (word(8), word(16), word(24)) == (42, 99, 99)
    pointer = word(18) | (word(20) << 16)
    assert read_gsstring(machine.mem, pointer) == b":WORK:APPS:USERTOOL"
    app = machine.tb.loader.files[word(2) & 0xF0FF]
    assert app.pathname == ":WORK:APPS:LOADAPP"
    assert [(lf.file_num, lf.pathname) for lf in app.more] == [(2, ":WORK:APPS:USERTOOL")]
