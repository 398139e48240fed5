"""Misc Tools and Tool Locator cores (toolbox/misc.py, toolbox/locator.py) without
the CPU: user IDs, time formats, beeps, vectors, StartUpTools/ShutDownTools."""
from __future__ import annotations

import datetime as dt

import pytest

from iigs.memory import read_long, write_word
from toolbox.calls import TOOL_NOT_FOUND, TOOL_TABLE, ToolError
from toolbox.toolbox import Toolbox


def call(tb, name, *args):
    row = next(r for r in TOOL_TABLE.values() if r.name == name)
    return row.impl(tb, *args)


@pytest.fixture
def tb():
    return Toolbox(bytearray(1 << 24))


def test_get_new_id_hands_out_distinct_ids_of_the_type_and_reuses_deleted(tb):
    a = call(tb, "GetNewID", 0x1000)
    b = call(tb, "GetNewID", 0x1000)
    c = call(tb, "GetNewID", 0x5000)
    assert (a, b, c) == (0x1001, 0x1002, 0x5001)
    call(tb, "DeleteID", a)
    assert call(tb, "GetNewID", 0x1000) == 0x1001
    with pytest.raises(ToolError):
        call(tb, "StatusID", 0x1077)


def test_read_time_hex_and_ascii_time(tb):
    tb.misc.clock = lambda: dt.datetime(2001, 12, 31, 23, 59, 58)   # a Monday
    raw = call(tb, "ReadTimeHex").to_bytes(8, "little")
    assert raw == bytes([58, 59, 23, 101, 30, 11, 0, 2])
    call(tb, "ReadAsciiTime", 0x30000)
    text = bytes(b & 0x7F for b in tb.mem[0x30000:0x30014]).decode()
    assert text == "12/31/01 11:59:58 PM"
    assert all(b & 0x80 for b in tb.mem[0x30000:0x30014])


def test_sys_beep_goes_to_the_host(tb):
    class Host:
        beeps = 0

        def beep(self):
            self.beeps += 1

    tb.host = Host()
    call(tb, "SysBeep")
    call(tb, "SysBeep2", 0x8000)          # sbSilence
    call(tb, "SysBeep2", 0x0005)
    assert tb.host.beeps == 2 and tb.misc.beeps == 2


def test_vectors_are_remembered(tb):
    assert call(tb, "GetVector", 0x1C) == 0
    call(tb, "SetVector", 0x1C, 0x00123456)
    assert call(tb, "GetVector", 0x1C) == 0x123456


def test_load_one_tool_accepts_implemented_sets_and_refuses_others(tb):
    call(tb, "LoadOneTool", 0x02, 0x0100)
    with pytest.raises(ToolError) as err:
        call(tb, "LoadOneTool", 0x32, 0)   # a third-party speech tool set
    assert err.value.code == TOOL_NOT_FOUND


def test_get_func_ptr_points_at_the_dispatcher(tb):
    assert call(tb, "GetFuncPtr", 0, 0x0902) == 0xE0FFFF
    with pytest.raises(ToolError):
        call(tb, "GetFuncPtr", 0, 0x0999)


def start_stop_record(tb, addr, tools, mode=0x0080):
    write_word(tb.mem, addr + 0, 0)             # flags
    write_word(tb.mem, addr + 2, mode)          # videoMode: 640
    write_word(tb.mem, addr + 0x0A, len(tools))
    for i, (number, version) in enumerate(tools):
        write_word(tb.mem, addr + 0x0C + 4 * i, number)
        write_word(tb.mem, addr + 0x0E + 4 * i, version)


def test_start_up_tools_allocates_the_direct_page_and_starts_each_tool(tb):
    record = 0x030000
    start_stop_record(tb, record, [(0x01, 0), (0x02, 0), (0x03, 0)])
    ref = call(tb, "StartUpTools", 0x1001, 0, record)
    assert ref == record
    assert tb.misc.started
    assert read_long(tb.mem, record + 6) == 0       # Misc needs no direct page
    call(tb, "ShutDownTools", 0, record)
    assert not tb.misc.started


def test_start_up_tools_with_quickdraw_and_events_gets_four_pages_in_bank_0(tb):
    if (0x02 << 8 | 0x04) not in TOOL_TABLE or (0x02 << 8 | 0x06) not in TOOL_TABLE:
        pytest.fail("QuickDraw II and the Event Manager are part of this toolbox")
    record = 0x030000
    start_stop_record(tb, record, [(0x03, 0), (0x04, 0), (0x06, 0)])
    call(tb, "StartUpTools", 0x1001, 0, record)
    handle = read_long(tb.mem, record + 6)
    assert tb.mm.size_of(handle) == 0x400
    assert tb.mm.deref(handle) >> 16 == 0
    call(tb, "ShutDownTools", 0, record)
    assert handle not in tb.mm.blocks


def test_start_up_tools_refuses_a_missing_tool_set(tb):
    record = 0x030000
    start_stop_record(tb, record, [(0x03, 0), (0x32, 0)])
    with pytest.raises(ToolError) as err:
        call(tb, "StartUpTools", 0x1001, 0, record)
    assert err.value.code == TOOL_NOT_FOUND


def test_sysbeep_is_not_heard_at_system_volume_0_and_battery_ram_keeps_the_users():
    # The system volume is the Sound GLU's master volume: at 0 (the Control Panel's 0, or
    # a program's SetSoundVolume(0, $000F)) SysBeep is not heard -- nothing reaches the
    # host or the sound log -- and battery RAM's userVolume is the user's still.
    from iigs import bram as br
    from iigs.host import HeadlessHost
    host = HeadlessHost()
    tb = Toolbox(bytearray(1 << 24), host=host)
    call(tb, "WriteBParam", 11, br.USER_VOLUME)
    call(tb, "SetSoundVolume", 0x00, 0x0F)                # a program mutes the machine
    call(tb, "SysBeep")
    assert host.beeps == 0 and host.sound_log == [] and tb.misc.beeps == 1
    assert call(tb, "ReadBParam", br.USER_VOLUME) == 11    # the user's volume kept
    call(tb, "SetSoundVolume", call(tb, "ReadBParam", br.USER_VOLUME) << 4, 0x0F)
    call(tb, "SysBeep")
    assert host.beeps == 1 and len(host.sound_log) == 1
    assert host.sound_log[0].system_volume == 11
    call(tb, "WriteBParam", 0, br.USER_VOLUME)            # the Control Panel's 0
    call(tb, "SysBeep")
    assert host.beeps == 1 and len(host.sound_log) == 1


def test_load_one_tool_refuses_a_newer_version_than_the_set_has(tb):
    call(tb, "LoadOneTool", 0x04, 0x0300)                 # QuickDraw II 3.0: here
    with pytest.raises(ToolError) as err:
        call(tb, "LoadOneTool", 0x04, 0x0900)             # 9.0: not yet
    assert err.value.code == 0x0110                       # toolVersionErr


ABSENT_TOOL_SET = 0x3F       # a number no tool set of the Toolbox Reference has


def test_load_tools_checks_every_entry(tb):
    table = 0x030000
    write_word(tb.mem, table, 2)                          # count
    write_word(tb.mem, table + 2, 0x0E)                   # Window Manager 1.0
    write_word(tb.mem, table + 4, 0x0100)
    write_word(tb.mem, table + 6, ABSENT_TOOL_SET)
    write_word(tb.mem, table + 8, 0x0100)
    with pytest.raises(ToolError) as err:
        call(tb, "LoadTools", table)
    assert err.value.code == TOOL_NOT_FOUND
    write_word(tb.mem, table, 1)                          # the Window Manager alone
    call(tb, "LoadTools", table)


def test_get_ts_ptr_answers_for_the_sets_that_exist(tb):
    assert call(tb, "GetTSPtr", 0, 0x04) == 0xE10000
    with pytest.raises(ToolError) as err:
        call(tb, "GetTSPtr", 0, ABSENT_TOOL_SET)
    assert err.value.code == TOOL_NOT_FOUND


def test_mount_volume_logs_the_prompt_and_answers_cancel(tb):
    base = 0x030000
    texts = [b"Insert the disk:", b"/SYSTEM", b"Mount", b"Cancel"]
    ptrs = []
    for i, text in enumerate(texts):
        ptr = base + 0x40 * i
        tb.mem[ptr] = len(text)
        tb.mem[ptr + 1:ptr + 1 + len(text)] = text
        ptrs.append(ptr)
    assert call(tb, "TLMountVolume", 100, 50, *ptrs) == 2
    assert tb.call_log[-1] == ("mount prompt: Insert the disk: / /SYSTEM / Mount / "
                               "Cancel -> button 2")
    assert call(tb, "TLTextMountVolume", ptrs[0], 0, ptrs[2], ptrs[3]) == 2
