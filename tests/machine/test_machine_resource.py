"""The Resource Manager (toolbox/resource.py) and StartUpTools' resource side
(toolbox/locator.py), called through JSL $E10000 on resource forks written to a ProDOS
disk as extended files: the fork's header, map and index as the Toolbox Reference
vol. 3 ch. 45 lays them out, the search path, loading and releasing, and the errors."""
from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings, strategies as st

import disk
from iigs.host import HeadlessHost
from iigs.hostinput import HostInput
from system.machine import Machine, Program
from iigs.memory import read_bytes, read_long, read_word, write_bytes, write_word
from toolbox import resource as rm
from toolbox.calls import TOOL_TABLE, ToolError
from toolbox.control import CHECK_BOX
from toolbox.memorymgr import ATTR_LOCKED, ATTR_PURGE
from toolcall import call_row

CALLS = {        # Apple's numbers (Toolbox Reference vol. 3, ch. 45)
    "ResourceBootInit": 0x011E, "ResourceStartUp": 0x021E, "ResourceShutDown": 0x031E,
    "ResourceVersion": 0x041E, "ResourceReset": 0x051E, "ResourceStatus": 0x061E,
    "OpenResourceFile": 0x0A1E, "CloseResourceFile": 0x0B1E, "AddResource": 0x0C1E,
    "UpdateResourceFile": 0x0D1E, "LoadResource": 0x0E1E, "RemoveResource": 0x0F1E,
    "MarkResourceChange": 0x101E, "SetCurResourceFile": 0x111E,
    "GetCurResourceFile": 0x121E, "SetCurResourceApp": 0x131E,
    "GetCurResourceApp": 0x141E, "HomeResourceFile": 0x151E, "WriteResource": 0x161E,
    "ReleaseResource": 0x171E, "DetachResource": 0x181E, "UniqueResourceID": 0x191E,
    "SetResourceID": 0x1A1E, "GetResourceAttr": 0x1B1E, "SetResourceAttr": 0x1C1E,
    "GetResourceSize": 0x1D1E, "MatchResourceHandle": 0x1E1E,
    "GetOpenFileRefNum": 0x1F1E, "CountTypes": 0x201E, "GetIndType": 0x211E,
    "CountResources": 0x221E, "GetIndResource": 0x231E, "SetResourceFileDepth": 0x251E,
    "GetMapHandle": 0x261E, "LoadAbsResource": 0x271E, "CreateResourceFile": 0x091E,
    "SetResourceLoad": 0x241E, "RMFindNamedResource": 0x2A1E, "RMGetResourceName": 0x2B1E,
    "RMLoadNamedResource": 0x2C1E, "RMSetResourceName": 0x2D1E,
    "OpenResourceFileByID": 0x2E1E, "CompactResourceFile": 0x2F1E,
}
APP_ID = 0x1001
NAME = 0x7400            # a GS/OS string: the file to open
BUF = 0x7500
STARTUP, SHUTDOWN = 0x1801, 0x1901
GSOS_FILE_NOT_FOUND, GSOS_RES_FORK_NOT_FOUND, GSOS_INVALID_ACCESS = 0x46, 0x63, 0x4E

# The application's fork: two strings, a locked one (resAttr $8000) and a rToolStartup.
APP_FORK = [(rm.R_PSTRING, 1, b"\x05Hello"), (rm.R_PSTRING, 2, b"\x03Two", ATTR_LOCKED),
            (rm.R_CSTRING, 7, b"seven\x00")]
# A second file: its own ID 1 string, one the first has not, and names for both
# (rResName $00018006: version, count, then resID and a Pascal string each).
MORE_FORK = [(rm.R_PSTRING, 1, b"\x04More"), (rm.R_PSTRING, 3, b"\x05Three"),
             (rm.R_RES_NAME, rm.RES_NAME_BASE | rm.R_PSTRING,
              struct.pack("<HI", 1, 2) + struct.pack("<I", 1) + b"\x05first"
              + struct.pack("<I", 3) + b"\x05Third")]


def tool_start_up_record(tools, mode=0x0080) -> bytes:
    """A StartStopRecord: flags, videoMode, resFileID, dPageHandle, numTools, pairs."""
    return (struct.pack("<HHHIH", 0, mode, 0, 0, len(tools))
            + b"".join(struct.pack("<HH", t, v) for t, v in tools))


@pytest.fixture
def m() -> Machine:
    volume = disk.Volume.create(None, "RES")
    volume.write_file("APP", b"\x00" * 16, 0xB3, 0xDB03, resource=rm.build_fork(
        APP_FORK + [(rm.R_TOOL_STARTUP, 1, tool_start_up_record([(0x03, 0), (0x07, 0)]))]))
    volume.write_file("MORE", b"", 0x06, resource=rm.build_fork(MORE_FORK))
    volume.write_file("PLAIN", b"no fork", 0x06)
    m = Machine(disk=volume)
    m.tb.gsos.set_launch("/RES/APP")
    m.tb.mm.app_user_id = APP_ID
    return m


def call(m: Machine, name: str, *params: int) -> tuple[int, int]:
    return call_row(m, TOOL_TABLE[CALLS.get(name) or {"StartUpTools": STARTUP,
                                                      "ShutDownTools": SHUTDOWN}[name]],
                    *params)


def ok(m: Machine, name: str, *params: int) -> int:
    error, result = call(m, name, *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


def open_file(m: Machine, name: str, access: int = rm.READ_ENABLE) -> tuple[int, int]:
    raw = name.encode()
    write_bytes(m.mem, NAME, len(raw).to_bytes(2, "little") + raw)
    return call(m, "OpenResourceFile", access, 0, NAME)


def handle_bytes(m: Machine, handle: int) -> bytes:
    return read_bytes(m.mem, read_long(m.mem, handle), m.tb.mm.size_of(handle))


def test_every_call_is_apples_number():
    assert {n: TOOL_TABLE[v].name for n, v in CALLS.items()} == {n: n for n in CALLS}


def test_a_fork_reads_back_as_written_and_bad_ones_are_refused():
    data = rm.build_fork(MORE_FORK, memo=b"memo")
    fork = rm.parse_fork(data)
    assert data[12:16] == b"memo" and fork.memo[:4] == b"memo"
    version, to_map, map_size = struct.unpack_from("<III", data, 0)
    assert (version, to_map + map_size) == (0, len(data))           # the map ends it
    assert struct.unpack_from("<I", data, to_map + 0x06)[0] == to_map   # mapOffset
    assert [(r.res_type, r.res_id, data[r.offset:r.offset + r.size]) for r in fork.refs] \
        == [(t, i, d) for t, i, d in MORE_FORK]
    bad = [b"\x01" + data[1:],                                   # rFileVersion 1
           data[:4] + struct.pack("<I", len(data)) + data[8:],   # map past the end
           data[:100]]                                           # shorter than a header
    for fork_bytes in bad:
        with pytest.raises(ToolError) as err:
            rm.parse_fork(fork_bytes)
        assert err.value.code == rm.RES_BAD_FORMAT


def test_housekeeping_and_calls_before_start_up(m):
    assert ok(m, "ResourceStatus") == 0
    assert call(m, "GetCurResourceFile") == (rm.RES_BAD_APP_ID, 0)   # not started
    ok(m, "ResourceBootInit")
    ok(m, "ResourceStartUp", APP_ID)
    assert ok(m, "ResourceStatus") == 0xFFFF
    assert ok(m, "ResourceVersion") == rm.RM_VERSION
    assert call(m, "ResourceStartUp", APP_ID) == (rm.RES_DUP_STARTUP, 0)
    assert ok(m, "GetCurResourceApp") == APP_ID
    assert call(m, "GetCurResourceFile") == (rm.RES_NO_CUR_FILE, 0)
    assert call(m, "SetCurResourceApp", 0x1077) == (rm.RES_BAD_APP_ID, 0)
    ok(m, "ResourceReset")
    ok(m, "ResourceShutDown")
    assert ok(m, "ResourceStatus") == 0


def test_open_reads_the_map_into_a_handle_as_the_rom_does(m):
    ok(m, "ResourceStartUp", APP_ID)
    error, file_id = open_file(m, "9:APP")
    assert error == 0 and file_id == 1
    assert ok(m, "GetCurResourceFile") == file_id
    refnum = ok(m, "GetOpenFileRefNum", file_id)
    assert m.tb.gsos.files[refnum].fork == "rsrc"                 # a GS/OS refNum
    mp = read_long(m.mem, ok(m, "GetMapHandle", file_id))
    fork = m.tb.gsos.volume.read_file("APP", "rsrc")
    to_map = struct.unpack_from("<I", fork, 4)[0]
    assert read_long(m.mem, mp + 0x06) == to_map                  # mapOffset
    assert read_word(m.mem, mp + 0x10) == refnum                  # mapFileNum
    assert read_word(m.mem, mp + 0x12) == file_id                 # mapID
    assert read_long(m.mem, mp + 0x18) == len(APP_FORK) + 1       # mapIndexUsed


def test_load_resource_reads_it_once_into_the_applications_handle(m):
    ok(m, "ResourceStartUp", APP_ID)
    file_id = open_file(m, "9:APP")[1]
    assert ok(m, "GetResourceSize", rm.R_PSTRING, 1) == 6
    assert m.tb.rm.files[file_id].refs[0].handle == 0             # size: nothing loaded
    handle = ok(m, "LoadResource", rm.R_PSTRING, 1)
    assert handle_bytes(m, handle) == b"\x05Hello"
    assert m.tb.mm.block(handle).user_id == APP_ID
    assert ok(m, "LoadResource", rm.R_PSTRING, 1) == handle       # already in memory
    mp = read_long(m.mem, ok(m, "GetMapHandle", file_id))
    slot = m.tb.rm.files[file_id].refs[0].slot
    assert read_long(m.mem, mp + slot + 0x10) == handle           # resHandle in the map
    locked = ok(m, "LoadResource", rm.R_PSTRING, 2)               # resAttr attrLocked
    assert m.tb.mm.block(locked).attr & ATTR_LOCKED
    assert ok(m, "GetResourceAttr", rm.R_PSTRING, 2) == ATTR_LOCKED
    write_word(m.mem, BUF, 0)
    ok(m, "MatchResourceHandle", BUF, locked)
    assert (read_word(m.mem, BUF), read_long(m.mem, BUF + 2)) == (rm.R_PSTRING, 2)
    assert ok(m, "HomeResourceFile", rm.R_CSTRING, 7) == file_id
    assert ok(m, "LoadAbsResource", BUF, 3, rm.R_CSTRING, 7) == 6
    assert read_bytes(m.mem, BUF, 4) == b"sev\x00"                # maxSize bytes only
    assert call(m, "LoadResource", rm.R_PSTRING, 99) == (rm.RES_NOT_FOUND, 0)
    assert call(m, "LoadResource", 0, 1) == (rm.RES_INVALID_TYPE_OR_ID, 0)


def test_release_resource_purges_or_disposes_and_load_reads_it_again(m):
    ok(m, "ResourceStartUp", APP_ID)
    open_file(m, "9:APP")
    locked = ok(m, "LoadResource", rm.R_PSTRING, 2)
    ok(m, "ReleaseResource", 3, rm.R_PSTRING, 2)                  # unlocked, purgeable
    attr = m.tb.mm.block(locked).attr
    assert not attr & ATTR_LOCKED and attr & ATTR_PURGE == 0x0300
    m.tb.mm.purge(locked)                                         # memory ran short
    again = ok(m, "LoadResource", rm.R_PSTRING, 2)
    assert handle_bytes(m, again) == b"\x03Two"
    ok(m, "ReleaseResource", 0xFFFF, rm.R_PSTRING, 2)             # -1: disposed
    assert again not in m.tb.mm.blocks
    detached = ok(m, "LoadResource", rm.R_PSTRING, 1)
    ok(m, "DetachResource", rm.R_PSTRING, 1)                      # now the program's
    assert ok(m, "LoadResource", rm.R_PSTRING, 1) != detached
    assert detached in m.tb.mm.blocks


def test_the_search_path_runs_from_the_current_file_back(m):
    ok(m, "ResourceStartUp", APP_ID)
    app = open_file(m, "9:APP")[1]
    more = open_file(m, "MORE")[1]
    assert (app, more) == (1, 2) and ok(m, "GetCurResourceFile") == more
    assert handle_bytes(m, ok(m, "LoadResource", rm.R_PSTRING, 1)) == b"\x04More"
    assert handle_bytes(m, ok(m, "LoadResource", rm.R_PSTRING, 2)) == b"\x03Two"
    assert ok(m, "CountResources", rm.R_PSTRING) == 4             # both files
    ids = [ok(m, "GetIndResource", rm.R_PSTRING, i) for i in range(1, 5)]
    assert ids == [1, 3, 1, 2]                                    # newest file first
    assert call(m, "GetIndResource", rm.R_PSTRING, 5) == (rm.RES_INDEX_RANGE, 0)
    assert ok(m, "CountTypes") == 4
    assert [ok(m, "GetIndType", i) for i in (1, 2, 3, 4)] == [
        rm.R_PSTRING, rm.R_RES_NAME, rm.R_CSTRING, rm.R_TOOL_STARTUP]
    assert ok(m, "UniqueResourceID", 0, rm.R_PSTRING) == 4        # range 0: $0000xxxx
    assert ok(m, "SetResourceFileDepth", 1) == rm.ALL_FILES       # the current file only
    assert call(m, "LoadResource", rm.R_PSTRING, 2) == (rm.RES_NOT_FOUND, 0)
    ok(m, "SetResourceFileDepth", rm.ALL_FILES)
    ok(m, "SetCurResourceFile", app)                              # MORE is out of the path
    assert call(m, "GetResourceSize", rm.R_PSTRING, 3) == (rm.RES_NOT_FOUND, 0)
    assert call(m, "SetCurResourceFile", 9) == (rm.RES_FILE_NOT_FOUND, 0)


def test_named_resources_set_resource_load_and_open_by_id(m):
    ok(m, "ResourceStartUp", APP_ID)
    more = open_file(m, "MORE")[1]
    write_bytes(m.mem, NAME, b"\x05THIRD")                        # names are case-blind
    assert ok(m, "RMFindNamedResource", rm.R_PSTRING, NAME, BUF) == 3
    assert read_word(m.mem, BUF) == more
    assert handle_bytes(m, ok(m, "RMLoadNamedResource", rm.R_PSTRING, NAME)) == b"\x05Three"
    ok(m, "RMGetResourceName", rm.R_PSTRING, 1, BUF)
    assert read_bytes(m.mem, BUF, 6) == b"\x05first"
    assert call(m, "RMGetResourceName", rm.R_PSTRING, 9, BUF)[0] == rm.RES_NAME_NOT_FOUND
    assert ok(m, "SetResourceLoad", 0) == 0xFFFF                  # loading was on
    empty = ok(m, "LoadResource", rm.R_PSTRING, 1)
    assert m.tb.mm.size_of(empty) == 0                            # not read
    assert ok(m, "SetResourceLoad", 0xFFFF) == 0
    assert handle_bytes(m, ok(m, "LoadResource", rm.R_PSTRING, 1)) == b"\x04More"
    m.program = Program(APP_ID, 0, {}, 0, 0)                      # as the loader left it
    app = ok(m, "OpenResourceFileByID", rm.READ_ENABLE, APP_ID | 0x0100)   # any aux ID
    assert m.tb.rm.files[app].path == "APP"
    assert call(m, "OpenResourceFileByID", rm.READ_ENABLE, 0x1077)[0] == rm.RES_FILE_NOT_FOUND


def test_create_resource_file_gives_a_file_an_empty_map(m):
    ok(m, "ResourceStartUp", APP_ID)
    raw = b"NEWRES"
    write_bytes(m.mem, NAME + 0x40, len(raw).to_bytes(2, "little") + raw)
    ok(m, "CreateResourceFile", 0, 0x06, 0xC3, NAME + 0x40)
    assert m.tb.gsos.volume.info("NEWRES").storage_type == 5
    file_id = open_file(m, "NEWRES")[1]
    assert ok(m, "GetCurResourceFile") == file_id
    ok(m, "SetResourceFileDepth", 1)
    assert ok(m, "CountResources", rm.R_PSTRING) == 0
    raw = b"PLAIN"                                                 # a fork added to it
    write_bytes(m.mem, NAME + 0x40, len(raw).to_bytes(2, "little") + raw)
    ok(m, "CreateResourceFile", 0, 0, 0, NAME + 0x40)
    assert m.tb.gsos.volume.read_file("PLAIN") == b"no fork"       # data kept
    raw = b"APP"                                                   # a fork in use
    write_bytes(m.mem, NAME + 0x40, len(raw).to_bytes(2, "little") + raw)
    assert call(m, "CreateResourceFile", 0, 0, 0, NAME + 0x40)[0] == rm.RES_FORK_USED


def test_files_without_a_fork_locked_or_opened_for_reading_refuse_changes(m):
    ok(m, "ResourceStartUp", APP_ID)
    assert open_file(m, "PLAIN")[0] == GSOS_RES_FORK_NOT_FOUND
    assert open_file(m, "NOSUCH")[0] == GSOS_FILE_NOT_FOUND
    m.tb.gsos.volume.set_file_info("MORE", access=0x01)          # locked: read only
    assert open_file(m, "MORE", rm.READ_ENABLE | rm.WRITE_ENABLE)[0] == GSOS_INVALID_ACCESS
    assert not m.tb.gsos.files                                   # nothing left open
    file_id = open_file(m, "APP")[1]                             # for reading only
    for name, params in (("AddResource", (0, 0, rm.R_PSTRING, 9)),
                         ("RemoveResource", (rm.R_PSTRING, 1)),
                         ("MarkResourceChange", (0xFFFF, rm.R_PSTRING, 1)),
                         ("WriteResource", (rm.R_PSTRING, 1)),
                         ("SetResourceID", (9, rm.R_PSTRING, 1)),
                         ("SetResourceAttr", (0, rm.R_PSTRING, 1))):
        assert call(m, name, *params) == (GSOS_INVALID_ACCESS, 0), name
    write_bytes(m.mem, NAME, b"\x03new")
    assert call(m, "RMSetResourceName", rm.R_PSTRING, 1, NAME)[0] == GSOS_INVALID_ACCESS
    assert call(m, "CompactResourceFile", 0, file_id)[0] == GSOS_INVALID_ACCESS
    ok(m, "UpdateResourceFile", file_id)                          # nothing to write


def test_close_disposes_the_map_and_its_resources_and_closes_the_fork(m):
    ok(m, "ResourceStartUp", APP_ID)
    app = open_file(m, "APP")[1]
    more = open_file(m, "MORE")[1]
    map_handle = ok(m, "GetMapHandle", more)
    handle = ok(m, "LoadResource", rm.R_PSTRING, 3)
    ok(m, "CloseResourceFile", more)
    assert handle not in m.tb.mm.blocks and map_handle not in m.tb.mm.blocks
    assert ok(m, "GetCurResourceFile") == app                     # the one before it
    assert len(m.tb.gsos.files) == 1
    ok(m, "ResourceShutDown")                                     # closes the rest
    assert not m.tb.gsos.files


def test_start_up_tools_opens_the_programs_fork_and_takes_the_record_from_it(m):
    ref = ok(m, "StartUpTools", APP_ID, 2, 1)                     # rToolStartup 1
    record = read_long(m.mem, ref)                                # a handle to it
    file_id = read_word(m.mem, record + 4)                        # resFileID
    assert file_id and m.tb.rm.files[file_id].path == "APP"
    assert m.tb.misc.started and m.tb.sch.started
    assert ok(m, "GetCurResourceApp") == APP_ID
    assert handle_bytes(m, ok(m, "LoadResource", rm.R_PSTRING, 1)) == b"\x05Hello"
    ok(m, "ShutDownTools", 1, ref)
    assert not m.tb.sch.started and not m.tb.gsos.files and not m.tb.rm.apps


def test_start_up_tools_for_a_program_with_no_fork_gives_res_file_id_0(m):
    m.tb.gsos.set_launch("/RES/PLAIN")
    record = 0x7600
    write_bytes(m.mem, record, tool_start_up_record([(0x03, 0)]))
    write_word(m.mem, record + 4, 0xEEEE)
    assert ok(m, "StartUpTools", APP_ID, 0, record) == record
    assert read_word(m.mem, record + 4) == 0
    assert ok(m, "ResourceStatus") == 0xFFFF                      # started all the same
    ok(m, "ShutDownTools", 0, record)


# -- NewWindow2, NewMenuBar2, AlertWindow from templates and resources ----------------------
NEW_WINDOW2, NEW_MENU_BAR2, ALERT_WINDOW = 0x610E, 0x430F, 0x590E
RETURN_KEY, KEY_DOWN, MOUSE_DOWN = 0x0D, 3, 1


def wind_param1(title_ref: int, refcon: int, position, frame=0x0020, in_desc=0x0200,
                controls=0):
    """An rWindParam1 template: NewWindow's list, p1ControlList, p1InDesc."""
    t = bytearray(0x50)
    struct.pack_into("<HHII", t, 0, 0x50, frame, title_ref, refcon)
    struct.pack_into("<hhhh", t, 0x3E, *position)
    struct.pack_into("<I", t, 0x46, 0xFFFFFFFF)                     # in front
    struct.pack_into("<I", t, 0x4A, controls)                        # p1ControlList
    struct.pack_into("<H", t, 0x4E, in_desc)                         # title: resource
    return bytes(t)


def control_template(ctl_id, rect, proc, title_ref, more_flags=2, flag=0, value=None):
    """An rControlTemplate: pCount, ID, rect, procRef, flag, moreFlags, refCon, title
    (and a check box's initial value)."""
    body = struct.pack("<Ihhhh", ctl_id, *rect) + struct.pack("<IHHII", proc, flag,
                                                              more_flags, 0, title_ref)
    if value is not None:
        body += struct.pack("<H", value)
    return struct.pack("<H", 7 if value is None else 8) + body


def gui_machine(resources, host=None) -> Machine:
    volume = disk.Volume.create(None, "RES")
    volume.write_file("APP", b"", 0xB3, 0xDB03, resource=rm.build_fork(resources))
    m = Machine(disk=volume, host=host)
    m.tb.gsos.set_launch("/RES/APP")
    m.tb.mm.app_user_id = APP_ID
    record = 0x7600                     # QuickDraw, Events, Windows, Menus, Controls, Dialogs
    write_bytes(m.mem, record, tool_start_up_record(
        [(0x04, 0), (0x06, 0), (0x0E, 0), (0x0F, 0), (0x10, 0), (0x14, 0), (0x15, 0)]))
    ok(m, "StartUpTools", APP_ID, 0, record)
    return m


def test_new_window2_from_a_resource_with_its_title_resource_and_controls():
    m = gui_machine([(rm.R_WIND_PARAM1, 0x10, wind_param1(5, 0x1234, (40, 30, 120, 300),
                                                          in_desc=0x0209, controls=0x40)),
                     (rm.R_PSTRING, 5, b"\x06 Demo "),
                     (0x8003, 0x40, struct.pack("<III", 0x41, 0x42, 0)),   # rControlList
                     (0x8004, 0x41, control_template(7, (50, 20, 63, 90), 0, 6, flag=1)),
                     (0x8004, 0x42, control_template(8, (30, 20, 40, 120), 0x02000000, 6,
                                                     value=1)),
                     (rm.R_PSTRING, 6, b"\x04Deal")])
    error, ptr = call_row(m, TOOL_TABLE[NEW_WINDOW2], 0, 0xABCD, 0, 0, 2, 0x10,
                          rm.R_WIND_PARAM1)
    assert error == 0
    win = m.tb.wm.window(ptr)
    assert win.content == (40, 30, 120, 300) and win.visible
    assert read_bytes(m.mem, win.title_ptr, 7) == b"\x06 Demo "     # a copy of its own
    assert read_long(m.mem, ptr + 0xAE) == 0xABCD                  # wRefCon: refCon's
    button, box = m.tb.ctl.in_window(ptr)                          # the rControlList
    assert (button.ctl_id, button.title, button.rect, button.flag) == (
        7, b"Deal", (50, 20, 63, 90), 1)
    assert (box.ctl_id, box.kind, box.value) == (8, CHECK_BOX, 1)  # a check box, on
    assert call_row(m, TOOL_TABLE[0x3010], ptr, 8) == (0, box.handle)   # GetCtlHandleFromID
    assert call_row(m, TOOL_TABLE[0x2A10], button.handle) == (0, 7)     # GetCtlID
    template = 0x7700                                              # the same by pointer
    write_bytes(m.mem, template, wind_param1(0, 0, (50, 40, 90, 200), in_desc=0))
    title = 0x7800
    write_bytes(m.mem, title, b"\x04Mine")
    error, other = call_row(m, TOOL_TABLE[NEW_WINDOW2], title, 0, 0, 0, 0, template, 0)
    assert error == 0 and read_bytes(m.mem, m.tb.wm.window(other).title_ptr, 5) == b"\x04Mine"
    write_word(m.mem, template, 0x4E)                              # not a template
    assert call_row(m, TOOL_TABLE[NEW_WINDOW2], 0, 0, 0, 0, 0, template, 0)[0] == 0x0E01


def test_do_modal_window_answers_the_control_chosen():
    host = HeadlessHost()
    m = gui_machine([(rm.R_WIND_PARAM1, 0x10, wind_param1(5, 0, (40, 30, 120, 300),
                                                          in_desc=0x0209, controls=0x40)),
                     (rm.R_PSTRING, 5, b"\x06 Demo "),
                     (0x8003, 0x40, struct.pack("<III", 0x41, 0x42, 0)),
                     (0x8004, 0x41, control_template(7, (50, 20, 63, 90), 0, 6, flag=1)),
                     (0x8004, 0x42, control_template(8, (30, 20, 40, 120), 0x02000000, 6,
                                                     value=1)),
                     (rm.R_PSTRING, 6, b"\x04Deal")], host=host)
    error, win = call_row(m, TOOL_TABLE[NEW_WINDOW2], 0, 0, 0, 0, 2, 0x10, rm.R_WIND_PARAM1)
    assert error == 0
    box = m.tb.ctl.control(call_row(m, TOOL_TABLE[0x3010], win, 8)[1])

    def until_chosen() -> tuple[int, int]:
        """DoModalWindow as a program loops on it: (control ID, the event's what)."""
        for _ in range(6):                                 # activate, updates, then input
            error, chosen = call_row(m, TOOL_TABLE[0x640E], BUF, 0, 0, 0, 0)
            assert error == 0
            if chosen:
                return chosen, read_word(m.mem, BUF)
        return 0, 0

    host.push(HostInput("down", 30 + 25, 40 + 35))       # on the check box (global h, v)
    host.push(HostInput("up", 30 + 25, 40 + 35))
    assert until_chosen() == (8, MOUSE_DOWN) and box.value == 0   # toggled off
    host.push(HostInput("key", key=RETURN_KEY))
    assert until_chosen() == (7, KEY_DOWN)                # Return: the default button


def test_new_control2_from_a_pointer_and_a_list_of_pointers():
    m = gui_machine([(rm.R_PSTRING, 6, b"\x02OK")])
    write_bytes(m.mem, 0x7700, wind_param1(0, 0, (50, 40, 150, 300), in_desc=0))
    error, win = call_row(m, TOOL_TABLE[NEW_WINDOW2], 0, 0, 0, 0, 0, 0x7700, 0)
    assert error == 0
    write_bytes(m.mem, 0x7800, control_template(1, (60, 10, 73, 60), 0, 6))
    write_bytes(m.mem, 0x7840, control_template(2, (60, 70, 73, 120), 0x81000000, 0))
    write_bytes(m.mem, 0x7880, struct.pack("<III", 0x7800, 0x7840, 0))
    error, single = call_row(m, TOOL_TABLE[0x3110], win, 0, 0x7800)      # singlePtr
    assert error == 0 and m.tb.ctl.control(single).title == b"OK"
    error, last = call_row(m, TOOL_TABLE[0x3110], win, 3, 0x7880)        # ptrToPtr list
    assert error == 0 and m.tb.ctl.control(last).ctl_id == 1   # static text: not made
    assert any("procRef $81000000" in line for line in m.tb.call_log)


def test_new_menu_bar2_builds_the_bar_from_rmenubar_rmenu_and_rmenuitem():
    def item(item_id, title_id, char=0, flag=0x8000):
        return struct.pack("<HHBBHHI", 0, item_id, char, char, 0, flag, title_id)
    menu = struct.pack("<HHHI", 0, 3, 0xA000, 20) + struct.pack("<III", 301, 302, 0)
    bar = struct.pack("<HH", 0, 0x8000) + struct.pack("<II", 3, 0)
    m = gui_machine([(rm.R_MENU_BAR, 1, bar), (rm.R_MENU, 3, menu),
                     (rm.R_MENU_ITEM, 301, item(256, 21, ord("O"))),
                     (rm.R_MENU_ITEM, 302, item(257, 22, 0, 0x8080)),
                     (rm.R_PSTRING, 20, b"\x06  File"), (rm.R_PSTRING, 21, b"\x04Open"),
                     (rm.R_PSTRING, 22, b"\x04Quit")])
    error, handle = call_row(m, TOOL_TABLE[NEW_MENU_BAR2], 2, 1, 0)
    assert error == 0 and handle == m.tb.menu.bar_handle
    (menu_rec,) = m.tb.menu.menus
    assert (menu_rec.menu_id, menu_rec.title) == (3, b"  File")
    assert [(i.item_id, i.text, i.keys, i.enabled) for i in menu_rec.items] == [
        (256, b"Open", b"OO", True), (257, b"Quit", b"", False)]


def test_new_menu2_and_the_item_calls_take_templates():
    def item(item_id, title_id, flag=0x8000):
        return struct.pack("<HHBBHHI", 0, item_id, 0, 0, 0, flag, title_id)
    menu = struct.pack("<HHHI", 0, 4, 0xA000, 30) + struct.pack("<II", 401, 0)
    m = gui_machine([(rm.R_MENU, 4, menu), (rm.R_MENU_ITEM, 401, item(300, 31)),
                     (rm.R_MENU_ITEM, 402, item(301, 32)), (rm.R_MENU_ITEM, 403, item(302, 33)),
                     (rm.R_PSTRING, 30, b"\x04Edit"), (rm.R_PSTRING, 31, b"\x04Undo"),
                     (rm.R_PSTRING, 32, b"\x03Cut"), (rm.R_PSTRING, 33, b"\x04Copy"),
                     (rm.R_PSTRING, 34, b"\x05Paste"), (rm.R_PSTRING, 35, b"\x05Edit!")])
    error, handle = call_row(m, TOOL_TABLE[0x3E0F], 2, 4)             # NewMenu2
    assert error == 0
    call_row(m, TOOL_TABLE[0x0D0F], handle, 0)                        # InsertMenu
    assert call_row(m, TOOL_TABLE[0x3F0F], 2, 402, 0xFFFF, 4)[0] == 0  # InsertMItem2: last
    assert call_row(m, TOOL_TABLE[0x3F0F], 2, 403, 300, 4)[0] == 0     # after Undo
    write_bytes(m.mem, 0x7900, b"\x04Redo")
    call_row(m, TOOL_TABLE[0x420F], 0, 0x7900, 300)                   # SetMItemName2: ptr
    call_row(m, TOOL_TABLE[0x400F], 2, 35, 4)                          # SetMenuTitle2: rsrc
    (menu_rec,) = m.tb.menu.menus
    assert menu_rec.title == b"Edit!"
    assert [(i.item_id, i.text) for i in menu_rec.items] == [
        (300, b"Redo"), (302, b"Copy"), (301, b"Cut")]
    write_bytes(m.mem, 0x7A00, item(303, 34))                          # SetMItem2: by ptr
    call_row(m, TOOL_TABLE[0x410F], 0, 0x7A00, 301)
    assert [i.text for i in menu_rec.items][-1] == b"Paste"


def alert(m: Machine, text: bytes, flags: int = 0, subs: int = 0, key: int = RETURN_KEY):
    write_bytes(m.mem, 0x7900, text + b"\x00")
    if key:
        m.tb.em.post(KEY_DOWN, key)
    return call_row(m, TOOL_TABLE[ALERT_WINDOW], flags, subs, 0x7900)


def test_alert_window_returns_the_button_chosen_and_substitutes():
    m = gui_machine([(rm.R_ALERT_STRING, 9, b"23/Stop here?/#2/^#3\x00")])
    assert alert(m, b"52/Save *0?/^#0/#1/Don't", subs=0) == (0, 0)     # Return: ^ button
    assert m.tb.dlg.dialogs == {}                                       # closed again
    from toolbox.dialog import parse_alert_string       # the parser on its own: '|' as
    parsed = parse_alert_string(b"44|Save *0?|Yes|^#3\x00", [b"NOTES"])   # separator
    assert (parsed.icon, parsed.message, parsed.buttons, parsed.default) == \
        ("caution", b"Save NOTES?", [b"Yes", b"No"], 1)
    m.tb.em.post(KEY_DOWN, RETURN_KEY)                                  # resource, ^ second
    assert call_row(m, TOOL_TABLE[ALERT_WINDOW], 4, 0, 9) == (0, 1)
    array, name = 0x7A00, 0x7A40                                        # Pascal strings
    write_bytes(m.mem, name, b"\x03ABC")
    write_bytes(m.mem, array, name.to_bytes(4, "little"))
    write_bytes(m.mem, 0x7900, b"10/*0/^#6\x00")
    m.tb.em.post(KEY_DOWN, RETURN_KEY)
    assert call_row(m, TOOL_TABLE[ALERT_WINDOW], 1, array, 0x7900) == (0, 0)
    assert parse_alert_string(b"10/*0/^#6\x00", [b"ABC"]).message == b"ABC"
    assert alert(m, b"10/No default/#0", key=0x20) == (0, 0xFFFF)   # no button chosen


# -- a program ----------------------------------------------------------------------------
def test_a_resource_based_program_starts_opens_a_window_and_asks(build_program):
    data, labels = build_program("machine_resource")
    def item(item_id, title_id):
        return struct.pack("<HHBBHHI", 0, item_id, 0, 0, 0, 0x8000, title_id)
    fork = rm.build_fork([
        (rm.R_TOOL_STARTUP, 1, tool_start_up_record(
            [(0x04, 0), (0x06, 0), (0x0E, 0), (0x0F, 0), (0x10, 0), (0x14, 0), (0x15, 0)])),
        (rm.R_WIND_PARAM1, 0x10, wind_param1(5, 0, (30, 20, 150, 400), in_desc=0x0209,
                                             controls=0x40)),
        (rm.R_PSTRING, 5, b"\x0A Gin King "),
        (0x8003, 0x40, struct.pack("<II", 0x41, 0)),                     # rControlList
        (0x8004, 0x41, control_template(1, (90, 150, 103, 230), 0, 21, flag=1)),
        (rm.R_MENU_BAR, 1, struct.pack("<HHII", 0, 0x8000, 3, 0)),
        (rm.R_MENU, 3, struct.pack("<HHHIII", 0, 3, 0xA000, 20, 301, 0)),
        (rm.R_MENU_ITEM, 301, item(256, 21)),
        (rm.R_PSTRING, 20, b"\x06  Game"), (rm.R_PSTRING, 21, b"\x04Deal"),
        (rm.R_ALERT_STRING, 9, b"33/Deal the cards, *0?/#2/^#3\x00")])
    volume = disk.Volume.create(None, "RES")
    volume.write_file("KING", data, 0xB3, 0xDB03, resource=fork)
    host = HeadlessHost()
    m = Machine(disk=volume, host=host)
    prog = m.load(data)
    m.tb.gsos.set_launch("/RES/KING")
    host.push(HostInput("key", key=RETURN_KEY))         # the player presses Return
    assert m.run(max_cycles=2_000_000) == "quit"
    field = lambda name, size=2: int.from_bytes(        # noqa: E731
        read_bytes(m.mem, prog.dp_base + labels[name], size), "little")
    assert field("ssErr") == 0 and field("fileID") == 1
    assert field("refCon", 4) == 0x4B47
    win = m.tb.wm.window(field("window", 4))            # from rWindParam1 $10
    assert win.content == (30, 20, 150, 400) and read_bytes(m.mem, win.title_ptr, 11) \
        == b"\x0A Gin King "
    assert [c.title for c in m.tb.ctl.in_window(win.ptr)] == [b"Deal"]   # its control
    assert field("bar", 4) and [mn.title for mn in m.tb.menu.menus] == [b"  Game"]
    assert field("button") == 1                         # "No", the '^' default
    assert any("AlertWindow" in line for line in m.tb.call_log)
    assert not m.tb.gsos.files and not m.tb.rm.apps     # ShutDownTools closed the fork
    assert not m.dispatcher.missing                     # every call was answered


def test_iigs_run_launches_a_program_from_the_disk_with_its_fork(build_program, tmp_path,
                                                                 capsys):
    from system.runner import EXIT_QUIT, main
    data, _ = build_program("machine_resource")
    image = tmp_path / "res.po"
    volume = disk.Volume.create(image, "RES")
    volume.mkdir("APPS")
    volume.write_file("APPS/KING", data, 0xB3, 0xDB03, resource=rm.build_fork([
        (rm.R_TOOL_STARTUP, 1, tool_start_up_record([(0x04, 0), (0x06, 0), (0x0E, 0),
                                                     (0x0F, 0), (0x10, 0), (0x15, 0)])),
        (rm.R_WIND_PARAM1, 0x10, wind_param1(5, 0, (30, 20, 150, 400))),
        (rm.R_PSTRING, 5, b"\x05 Run "),
        (rm.R_MENU_BAR, 1, struct.pack("<HHI", 0, 0x8000, 0)),
        (rm.R_ALERT_STRING, 9, b"11/Hi/^#0\x00")]))
    volume.commit()
    status = main(["run", ":RES:APPS:KING", "--disk", str(image), "--headless",
                   "--seconds", "2"])
    out = capsys.readouterr().out
    assert status == EXIT_QUIT, out
    assert "missing" not in out.lower() and "toolNotFoundErr" not in out
    assert ") OK" in out            # the alert's button, from the rAlertString resource


def test_a_standard_file_prompt_given_as_a_resource_is_its_rpstring(m):
    """SFGetFile2/SFPutFile2 take their prompt by reference: refIsResource names an
    rPString of the open resource files (the program's own, here)."""
    from toolbox import stdfile
    ok(m, "ResourceStartUp", APP_ID)
    assert open_file(m, "/RES/APP")[0] == 0
    assert stdfile._read_ref(m.tb, stdfile.REF_IS_RESOURCE, 1, "prompt", 0x1701) == b"Hello"
    with pytest.raises(ToolError):                        # resNotFound, not an empty prompt
        stdfile._read_ref(m.tb, stdfile.REF_IS_RESOURCE, 9, "prompt", 0x1701)



# -- writing ---------------------------------------------------------------------------------
R_STYLE_BLOCK, R_TEXT = 0x8012, 0x8016
TEACH_WORDS = b"Gin rummy rules\r"


def read_map_as_documented(fork: bytes) -> dict[tuple[int, int], tuple[int, bytes]]:
    """{(type, ID): (attr, data)} read from the layout of vol. 3 ch. 45 without the
    Resource Manager's parser: the header, the map ending the fork with its header
    fields, the free list (its last block from the fork's end on) and the index
    (used records first, the rest zero)."""
    version, to_map, map_size = struct.unpack_from("<III", fork, 0)
    assert version == 0 and to_map + map_size == len(fork)
    (nxt, _, map_offset, size, to_index, file_num, map_id, index_size, index_used,
     free_size, free_used) = struct.unpack_from("<IHIIHHHIIHH", fork, to_map)
    assert (nxt, file_num, map_id, map_offset, size) == (0, 0, 0, to_map, map_size)
    assert 1 <= free_used <= free_size and to_index >= 0x20 + 8 * free_size
    last_free = struct.unpack_from("<II", fork, to_map + 0x20 + 8 * (free_used - 1))
    assert last_free == (len(fork), 0xFFFFFFFF - len(fork))
    found = {}
    for i in range(index_size):
        res_type, res_id, offset, attr, size, handle = struct.unpack_from(
            "<HIIHII", fork, to_map + to_index + 20 * i)
        if i >= index_used:
            assert (res_type, res_id, size) == (0, 0, 0)
            continue
        assert handle == 0 and rm.HEADER_SIZE <= offset and offset + size <= to_map
        found[(res_type, res_id)] = (attr, fork[offset:offset + size])
    return found


def run_document_saver(build_program, image, phases: int) -> Machine:
    """machine_rwrite.asm run on a fresh disk at `image` until it quits."""
    data, labels = build_program("machine_rwrite", {"PHASES": phases})
    disk.Volume.create(image, "DOCS").commit()
    m = Machine(disk=image)
    prog = m.load(data)
    assert m.run(max_cycles=3_000_000) == "quit"
    step = read_word(m.mem, prog.dp_base + labels["step"])
    assert step == 99, (step, hex(read_word(m.mem, prog.dp_base + labels["err"])))
    m.header = read_bytes(m.mem, prog.dp_base + labels["header"], 12)
    return m


def test_a_program_saves_a_document_with_its_style_resources(build_program, tmp_path,
                                                              capsys):
    from gin_king.cli import main
    image = tmp_path / "docs.po"
    run_document_saver(build_program, image, phases=1)
    volume = disk.Volume.open(image)
    info = volume.info("NOTES")
    assert (info.storage_type, info.file_type, info.aux_type) == (5, 0x50, 0x5445)
    assert volume.read_file("NOTES") == TEACH_WORDS               # the data fork
    fork = volume.read_file("NOTES", "rsrc")
    written = {(R_STYLE_BLOCK, 1): (0, b"STYLE1"), (R_TEXT, 1): (0, TEACH_WORDS)}
    assert read_map_as_documented(fork) == written                # resChanged cleared
    assert {(r.res_type, r.res_id): (r.attr, fork[r.offset:r.offset + r.size])
            for r in rm.parse_fork(fork).refs} == written         # and the reader's

    m = run_document_saver(build_program, image, phases=2)        # changed, then removed
    volume = disk.Volume.open(image)
    fork = volume.read_file("NOTES", "rsrc")
    assert read_map_as_documented(fork) == {(R_STYLE_BLOCK, 1): (0, b"STYLE2, longer now")}
    assert volume.read_file("NOTES") == TEACH_WORDS               # untouched
    assert m.header == fork[:12]                                  # GS/OS Read of the fork
    reader = Machine(disk=volume)                                 # the Resource Manager
    reader.tb.mm.app_user_id = APP_ID                             # reads it back
    ok(reader, "ResourceStartUp", APP_ID)
    assert open_file(reader, "/DOCS/NOTES")[0] == 0
    assert handle_bytes(reader, ok(reader, "LoadResource", R_STYLE_BLOCK, 1)) \
        == b"STYLE2, longer now"
    assert call(reader, "LoadResource", R_TEXT, 1) == (rm.RES_NOT_FOUND, 0)
    capsys.readouterr()
    assert main(["disk", "check", str(image)]) == 0
    assert "is sound" in capsys.readouterr().out


def test_the_changing_calls_on_a_file_open_for_writing(m):
    ok(m, "ResourceStartUp", APP_ID)
    error, more = open_file(m, "MORE", rm.READ_ENABLE | rm.WRITE_ENABLE)
    assert error == 0
    handle = m.tb.mm.new_handle(4, APP_ID, 0)
    write_bytes(m.mem, read_long(m.mem, handle), b"four")
    assert call(m, "AddResource", handle, 0, rm.R_PSTRING, 3) == (rm.RES_DUP_ID, 0)
    assert call(m, "AddResource", handle, 0, 0, 3) == (rm.RES_INVALID_TYPE_OR_ID, 0)
    ok(m, "AddResource", handle, ATTR_LOCKED, rm.R_CSTRING, 4)
    assert call(m, "AddResource", handle, 0, rm.R_CSTRING, 5) == (rm.RES_DUP_ID, 0)
    assert ok(m, "GetResourceAttr", rm.R_CSTRING, 4) == ATTR_LOCKED | rm.RES_CHANGED
    assert ok(m, "LoadResource", rm.R_CSTRING, 4) == handle       # its own handle
    mp = read_long(m.mem, ok(m, "GetMapHandle", more))            # the map in memory
    assert read_long(m.mem, mp + 0x18) == len(MORE_FORK) + 1      # mapIndexUsed
    assert read_word(m.mem, mp + 0x12) == more                    # mapID kept
    ok(m, "SetResourceID", 9, rm.R_PSTRING, 3)                    # $8006/3 becomes 9
    assert call(m, "SetResourceID", 1, rm.R_PSTRING, 9) == (rm.RES_DUP_ID, 0)
    ok(m, "SetResourceAttr", rm.RES_PROTECTED, rm.R_PSTRING, 1)
    write_bytes(m.mem, NAME, b"\x04Nine")
    ok(m, "RMSetResourceName", rm.R_PSTRING, 9, NAME)
    write_bytes(m.mem, NAME, b"\x00")                             # no name for 1 now
    ok(m, "RMSetResourceName", rm.R_PSTRING, 1, NAME)
    assert ok(m, "UniqueResourceID", 0, rm.R_CSTRING) == 1
    ok(m, "UpdateResourceFile", more)
    fork = m.tb.gsos.volume.read_file("MORE", "rsrc")
    names = (struct.pack("<HI", 1, 2) + struct.pack("<I", 3) + b"\x05Third"  # by ID,
             + struct.pack("<I", 9) + b"\x04Nine")                      # as it was
    assert read_map_as_documented(fork) == {
        (rm.R_PSTRING, 1): (rm.RES_PROTECTED, b"\x04More"),
        (rm.R_PSTRING, 9): (0, b"\x05Three"),
        (rm.R_RES_NAME, rm.RES_NAME_BASE | rm.R_PSTRING): (0, names),
        (rm.R_CSTRING, 4): (ATTR_LOCKED, b"four")}
    assert fork[12:16] == bytes(4)                                 # the memo kept
    write_bytes(m.mem, NAME, b"\x04NINE")
    assert ok(m, "RMFindNamedResource", rm.R_PSTRING, NAME, BUF) == 9
    ok(m, "RemoveResource", rm.R_CSTRING, 4)
    assert handle not in m.tb.mm.blocks                           # disposed with it
    ok(m, "CompactResourceFile", 0, more)
    assert (rm.R_CSTRING, 4) not in read_map_as_documented(
        m.tb.gsos.volume.read_file("MORE", "rsrc"))
    mark = ok(m, "LoadResource", rm.R_PSTRING, 9)                 # changed, unmarked:
    write_bytes(m.mem, read_long(m.mem, mark), b"\x05THREE")      # not written
    ok(m, "WriteResource", rm.R_PSTRING, 9)
    assert b"\x05Three" in m.tb.gsos.volume.read_file("MORE", "rsrc")
    ok(m, "MarkResourceChange", 0xFFFF, rm.R_PSTRING, 9)
    ok(m, "CloseResourceFile", more)                              # writes it
    assert b"\x05THREE" in m.tb.gsos.volume.read_file("MORE", "rsrc")
    assert m.tb.gsos.volume.check() == []


def test_writing_calls_on_a_write_protected_disk_answer_drvr_wrt_prot(tmp_path):
    image = tmp_path / "locked.po"
    volume = disk.Volume.create(image, "RES")
    volume.write_file("MORE", b"", 0x06, resource=rm.build_fork(MORE_FORK))
    volume.commit()
    before = image.read_bytes()
    m = Machine(disk=disk.Volume.open(image, read_only="a test locks it"))
    m.tb.mm.app_user_id = APP_ID
    ok(m, "ResourceStartUp", APP_ID)
    error, more = open_file(m, "/RES/MORE", rm.READ_ENABLE | rm.WRITE_ENABLE)
    assert error == 0
    handle = m.tb.mm.new_handle(1, APP_ID, 0)
    for name, params in (("AddResource", (handle, 0, rm.R_PSTRING, 7)),
                         ("RemoveResource", (rm.R_PSTRING, 1)),
                         ("WriteResource", (rm.R_PSTRING, 1)),
                         ("SetResourceAttr", (0, rm.R_PSTRING, 1)),
                         ("CompactResourceFile", (0, more))):
        assert call(m, name, *params) == (0x2B, 0), name
    write_bytes(m.mem, NAME, b"\x03new")
    raw = b"/RES/NEW"
    write_bytes(m.mem, NAME + 0x40, len(raw).to_bytes(2, "little") + raw)
    assert call(m, "CreateResourceFile", 0, 6, 0xC3, NAME + 0x40)[0] == 0x2B
    ok(m, "CloseResourceFile", more)                              # nothing to write
    assert image.read_bytes() == before


@settings(max_examples=25, deadline=None)
@given(st.dictionaries(st.tuples(st.integers(1, 0xFFFF), st.integers(1, rm.MAX_ID)),
                       st.tuples(st.binary(max_size=700),
                                 st.sampled_from([0, ATTR_LOCKED, rm.RES_PROTECTED,
                                                  rm.RES_PRELOAD | ATTR_PURGE])),
                       max_size=14),
       st.data())
def test_random_resource_sets_are_written_then_read_back(resources, data):
    volume = disk.Volume.create(None, "RES")
    volume.write_file("DOC", b"words", 0x50, 0x5445)
    m = Machine(disk=volume)
    m.tb.mm.app_user_id = APP_ID
    ok(m, "ResourceStartUp", APP_ID)
    raw = b"DOC"
    write_bytes(m.mem, NAME + 0x40, len(raw).to_bytes(2, "little") + raw)
    ok(m, "CreateResourceFile", 0, 0, 0, NAME + 0x40)
    file_id = open_file(m, "DOC", rm.READ_ENABLE | rm.WRITE_ENABLE)[1]
    for (res_type, res_id), (body, attr) in resources.items():
        handle = m.tb.mm.new_handle(len(body), APP_ID, 0)
        if body:
            write_bytes(m.mem, read_long(m.mem, handle), body)
        ok(m, "AddResource", handle, attr, res_type, res_id)
    ok(m, "UpdateResourceFile", file_id)
    gone = data.draw(st.sets(st.sampled_from(sorted(resources))) if resources
                     else st.just(set()))
    for res_type, res_id in gone:
        ok(m, "RemoveResource", res_type, res_id)
    ok(m, "CloseResourceFile", file_id)
    kept = {key: (attr, body) for key, (body, attr) in resources.items() if key not in gone}
    fork = volume.read_file("DOC", "rsrc")
    assert read_map_as_documented(fork) == kept
    assert {(r.res_type, r.res_id): (r.attr, fork[r.offset:r.offset + r.size])
            for r in rm.parse_fork(fork).refs} == kept
    assert volume.read_file("DOC") == b"words"
    file_id = open_file(m, "DOC")[1]                              # read back by the calls
    assert sum(ok(m, "CountResources", t) for t in {t for t, _ in kept}) == len(kept)
    for (res_type, res_id), (_, body) in kept.items():
        assert handle_bytes(m, ok(m, "LoadResource", res_type, res_id)) == body
    assert volume.check() == []


def test_a_fork_that_does_not_fit_answers_volume_full_and_stays_as_it_was():
    volume = disk.Volume.create(None, "RES", blocks=64)
    volume.write_file("MORE", b"", 0x06, resource=rm.build_fork(MORE_FORK))
    before = volume.read_file("MORE", "rsrc")
    m = Machine(disk=volume)
    m.tb.mm.app_user_id = APP_ID
    ok(m, "ResourceStartUp", APP_ID)
    more = open_file(m, "MORE", rm.READ_ENABLE | rm.WRITE_ENABLE)[1]
    size = (volume.free_blocks + 1) * 512                         # more than is free
    handle = m.tb.mm.new_handle(size, APP_ID, 0)
    write_bytes(m.mem, read_long(m.mem, handle), b"\xA5" * size)   # no sparse blocks
    ok(m, "AddResource", handle, 0, rm.R_CSTRING, 1)
    assert call(m, "UpdateResourceFile", more) == (0x48, 0)      # volumeFull
    assert volume.read_file("MORE", "rsrc") == before and volume.check() == []
    assert ok(m, "GetResourceAttr", rm.R_CSTRING, 1) == rm.RES_CHANGED   # still to write
    assert call(m, "CloseResourceFile", more) == (0x48, 0)       # so the file stays open
    ok(m, "RemoveResource", rm.R_CSTRING, 1)                      # given up: it fits
    ok(m, "CloseResourceFile", more)
    assert read_map_as_documented(volume.read_file("MORE", "rsrc")) == {
        (t, i): (0, d) for t, i, d in MORE_FORK}


def test_a_fork_gs_os_closed_under_the_resource_manager_answers_invalid_ref_num(m):
    ok(m, "ResourceStartUp", APP_ID)
    more = open_file(m, "MORE", rm.READ_ENABLE | rm.WRITE_ENABLE)[1]
    assert open_file(m, "APP")[0] == 0                            # a second file
    before = m.tb.gsos.volume.read_file("MORE", "rsrc")
    ok(m, "MarkResourceChange", 0xFFFF, rm.R_PSTRING, 3)
    m.tb.gsos.close_all()                                         # GS/OS Close(0)
    assert call(m, "UpdateResourceFile", more) == (0x43, 0)       # invalidRefNum
    assert call(m, "ResourceShutDown") == (0x43, 0)               # closes them all the same
    assert m.tb.rm.files == {} and not m.tb.rm.apps
    assert m.tb.gsos.volume.read_file("MORE", "rsrc") == before
