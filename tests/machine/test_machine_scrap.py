"""The Scrap Manager (toolbox/scrap.py) called the way a program calls it, through JSL
$E10000: housekeeping, ZeroScrap and the scrap count, PutScrap (appending), GetScrap
into the program's handle, the Scrap Manager's own handle and size, badScrapType,
UnloadScrap/LoadScrap and the clipboard kept in the machine."""
from __future__ import annotations

import pytest

from system.machine import Machine
from iigs.memory import read_bytes, read_long, read_pstring, read_word, write_bytes
from toolbox import scrap
from toolbox.calls import TOOL_TABLE
from toolcall import call_row

CALLS = {                # Apple's numbers (Toolbox Reference vol. 2 ch. 20, vol. 3)
    "ScrapBootInit": 0x0116, "ScrapStartUp": 0x0216, "ScrapShutDown": 0x0316,
    "ScrapVersion": 0x0416, "ScrapReset": 0x0516, "ScrapStatus": 0x0616,
    "UnloadScrap": 0x0916, "LoadScrap": 0x0A16, "ZeroScrap": 0x0B16, "PutScrap": 0x0C16,
    "GetScrap": 0x0D16, "GetScrapHandle": 0x0E16, "GetScrapSize": 0x0F16,
    "GetScrapPath": 0x1016, "SetScrapPath": 0x1116, "GetScrapCount": 0x1216,
    "GetScrapState": 0x1316, "GetIndScrap": 0x1416, "ShowClipboard": 0x1516,
}
TEXT = 0x7400            # bytes to put
INFO = 0x7500            # a scrapInfo record
PATH = 0x7600            # a pathname
APP_ID = 0x1001


@pytest.fixture
def m() -> Machine:
    m = Machine()
    write_bytes(m.mem, TEXT, b"Gin! Knock.")
    return m


def call(m: Machine, name: str, *params: int) -> tuple[int, int]:
    return call_row(m, TOOL_TABLE[CALLS[name]], *params)


def ok(m: Machine, name: str, *params: int) -> int:
    error, result = call(m, name, *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


def handle_bytes(m: Machine, handle: int) -> bytes:
    return read_bytes(m.mem, read_long(m.mem, handle), read_long(m.mem, handle + 8))


def test_every_call_here_is_apples():
    assert {n: TOOL_TABLE[v].name for n, v in CALLS.items()} == {n: n for n in CALLS}
    assert sum(1 for row in TOOL_TABLE.values() if row.toolset == 0x16) == len(CALLS)


def test_housekeeping(m):
    ok(m, "ScrapBootInit")
    assert ok(m, "ScrapStatus") == 0
    ok(m, "ScrapStartUp")
    assert ok(m, "ScrapStatus") == 0xFFFF
    assert ok(m, "ScrapVersion") == scrap.SCRAP_VERSION
    ok(m, "ScrapReset")
    ok(m, "ScrapShutDown")
    assert ok(m, "ScrapStatus") == 0


def test_put_then_get_text_through_the_programs_handle(m):
    ok(m, "ScrapStartUp")
    assert ok(m, "GetScrapCount") == 0
    ok(m, "ZeroScrap")
    assert ok(m, "GetScrapCount") == 1                  # ZeroScrap counts
    ok(m, "PutScrap", 4, scrap.TEXT_SCRAP, TEXT)        # "Gin!"
    ok(m, "PutScrap", 7, scrap.TEXT_SCRAP, TEXT + 4)    # " Knock." appended
    assert ok(m, "GetScrapSize", scrap.TEXT_SCRAP) == 11
    mine = m.tb.mm.new_handle(2, APP_ID, 0)             # a handle of the program's
    ok(m, "GetScrap", mine, scrap.TEXT_SCRAP)
    assert handle_bytes(m, mine) == b"Gin! Knock."      # resized to fit
    own = ok(m, "GetScrapHandle", scrap.TEXT_SCRAP)
    assert handle_bytes(m, own) == b"Gin! Knock." and own != mine
    assert ok(m, "GetScrapCount") == 1                  # PutScrap does not count


def test_a_type_the_scrap_lacks_is_bad_scrap_type(m):
    ok(m, "ZeroScrap")
    ok(m, "PutScrap", 4, scrap.TEXT_SCRAP, TEXT)
    mine = m.tb.mm.new_handle(0, APP_ID, 0)
    assert call(m, "GetScrap", mine, scrap.PIC_SCRAP)[0] == scrap.BAD_SCRAP_TYPE
    assert call(m, "GetScrapSize", scrap.PIC_SCRAP)[0] == scrap.BAD_SCRAP_TYPE
    assert call(m, "GetScrapHandle", scrap.PIC_SCRAP)[0] == scrap.BAD_SCRAP_TYPE
    ok(m, "ZeroScrap")                                  # empties every type
    assert call(m, "GetScrapSize", scrap.TEXT_SCRAP)[0] == scrap.BAD_SCRAP_TYPE
    assert ok(m, "GetScrapCount") == 2


def test_types_are_kept_apart_and_listed_by_get_ind_scrap(m):
    ok(m, "ZeroScrap")
    ok(m, "PutScrap", 4, scrap.TEXT_SCRAP, TEXT)
    ok(m, "PutScrap", 6, scrap.PIC_SCRAP, TEXT + 5)
    ok(m, "GetIndScrap", 2, INFO)
    assert read_word(m.mem, INFO) == scrap.PIC_SCRAP
    assert read_long(m.mem, INFO + 2) == 6
    assert handle_bytes(m, read_long(m.mem, INFO + 6)) == b"Knock."
    ok(m, "GetIndScrap", 1, INFO)
    assert read_word(m.mem, INFO) == scrap.TEXT_SCRAP and read_long(m.mem, INFO + 2) == 4
    assert call(m, "GetIndScrap", 3, INFO)[0] == scrap.BAD_SCRAP_TYPE


def test_unload_and_load_keep_the_clipboard_in_the_machine(m):
    ok(m, "ScrapStartUp")
    ok(m, "ZeroScrap")
    ok(m, "PutScrap", 11, scrap.TEXT_SCRAP, TEXT)
    assert ok(m, "GetScrapState") == scrap.IN_MEMORY
    old = ok(m, "GetScrapHandle", scrap.TEXT_SCRAP)
    ok(m, "UnloadScrap")
    assert ok(m, "GetScrapState") == scrap.ON_DISK
    assert old not in m.tb.mm.blocks                    # the memory is given back
    ok(m, "ScrapShutDown")                              # the clipboard outlives it
    ok(m, "ScrapStartUp")
    ok(m, "LoadScrap")
    assert ok(m, "GetScrapState") == scrap.IN_MEMORY
    assert handle_bytes(m, ok(m, "GetScrapHandle", scrap.TEXT_SCRAP)) == b"Gin! Knock."
    ok(m, "UnloadScrap")
    assert ok(m, "GetScrapSize", scrap.TEXT_SCRAP) == 11    # reading loads it again
    assert ok(m, "GetScrapState") == scrap.IN_MEMORY


def test_scrap_path(m):
    default = ok(m, "GetScrapPath")
    assert read_pstring(m.mem, default) == scrap.DEFAULT_PATH
    write_bytes(m.mem, PATH, b"\x05:CLIP")
    ok(m, "SetScrapPath", PATH)
    assert ok(m, "GetScrapPath") == PATH


# -- a program --------------------------------------------------------------------------
def test_a_program_copies_and_pastes_text(build_program):
    data, labels = build_program("machine_scrap")
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    at = lambda name: prog.dp_base + labels[name]       # noqa: E731
    assert read_long(m.mem, at("size")) == 17
    mine = read_long(m.mem, at("mine"))
    assert handle_bytes(m, mine) == b"Gin! Knock with 4"     # resized to the scrap
    assert read_word(m.mem, at("count")) == 1
    assert read_word(m.mem, at("picErr")) == scrap.BAD_SCRAP_TYPE
    assert read_word(m.mem, at("unloaded")) == scrap.ON_DISK
    assert read_word(m.mem, at("loaded")) == scrap.IN_MEMORY
    assert not m.tb.scrap.started
    assert m.tb.scrap.loaded and m.tb.scrap.data(scrap.TEXT_SCRAP) == b"Gin! Knock with 4"
