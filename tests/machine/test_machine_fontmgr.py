"""The Font Manager (toolbox/fontmgr.py) called the way a program calls it, through JSL
$E10000: housekeeping, the system font family $FFFE (Shaston) found, counted, named
and installed in the current port, and the Toolbox Reference's errors for any other
family."""
from __future__ import annotations

import pytest

from system.machine import Machine
from iigs.memory import read_long, read_pstring, read_word, write_bytes
from toolbox import fontmgr as fm
from toolbox.calls import TOOL_TABLE
from toolbox.quickdraw import SYSTEM_FONT_ID
from toolcall import call_row

CALLS = {                # Apple's numbers (Toolbox Reference vol. 1 ch. 8)
    "FMBootInit": 0x011B, "FMStartUp": 0x021B, "FMShutDown": 0x031B,
    "FMVersion": 0x041B, "FMReset": 0x051B, "FMStatus": 0x061B,
    "CountFamilies": 0x091B, "FindFamily": 0x0A1B, "GetFamInfo": 0x0B1B,
    "GetFamNum": 0x0C1B, "InstallFont": 0x0E1B, "SetPurgeStat": 0x0F1B,
    "CountFonts": 0x101B, "FindFontStats": 0x111B, "LoadFont": 0x121B,
    "LoadSysFont": 0x131B, "FMSetSysFont": 0x181B, "FMGetSysFID": 0x191B,
    "FMGetCurFID": 0x1A1B, "InstallWithStats": 0x1C1B, "FixFontMenu": 0x151B,
    "ItemID2FamNum": 0x171B, "FamNum2ItemID": 0x1B1B, "ChooseFont": 0x161B,
}
QD_DP, FM_DP = 0x3000, 0x3300
NAME = 0x7400            # a family name buffer (26 bytes)
STATS = 0x7500           # a FontStatRec
GENEVA = 0x0003
GENEVA_12 = GENEVA | (12 << 24)
SHASTON_8_BOLD = 0xFFFE | (1 << 16) | (8 << 24)


@pytest.fixture
def m() -> Machine:
    m = Machine()
    m.tb.qd.QDStartUp(QD_DP, 0x80, 0, 0x1001)
    ok(m, "FMStartUp", 0x1001, FM_DP)
    return m


def call(m: Machine, name: str, *params: int) -> tuple[int, int]:
    return call_row(m, TOOL_TABLE[CALLS[name]], *params)


def ok(m: Machine, name: str, *params: int) -> int:
    error, result = call(m, name, *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


def test_every_call_here_is_apples():
    assert {n: TOOL_TABLE[v].name for n, v in CALLS.items()} == {n: n for n in CALLS}
    assert sum(1 for row in TOOL_TABLE.values() if row.toolset == 0x1B) == len(CALLS)


def test_housekeeping():
    m = Machine()
    ok(m, "FMBootInit")
    assert ok(m, "FMStatus") == 0
    assert call(m, "CountFamilies", 0)[0] == fm.FM_NOT_ACTIVE_ERR    # not started yet
    ok(m, "FMStartUp", 0x1001, FM_DP)
    assert ok(m, "FMStatus") == 0xFFFF
    assert call(m, "FMStartUp", 0x1001, FM_DP)[0] == fm.FM_DUP_STARTUP_ERR
    assert ok(m, "FMVersion") == fm.FM_VERSION
    ok(m, "FMReset")
    ok(m, "FMShutDown")
    assert ok(m, "FMStatus") == 0


def test_the_system_family_is_the_one_family(m):
    assert ok(m, "CountFamilies", 0) == 1
    assert ok(m, "FindFamily", 0, 0, NAME) == 0xFFFE
    assert read_pstring(m.mem, NAME) == b"Shaston"
    assert call(m, "FindFamily", 0, 1, NAME)[0] == fm.FM_FAM_NOT_FND_ERR
    write_bytes(m.mem, NAME, b"\x07SHASTON")
    assert ok(m, "GetFamNum", NAME) == 0xFFFE
    write_bytes(m.mem, NAME, bytes(26))
    assert ok(m, "GetFamInfo", 0xFFFE, NAME) == 0              # a base family
    assert read_pstring(m.mem, NAME) == b"Shaston"


def test_other_families_are_not_found(m):
    write_bytes(m.mem, NAME, b"\x06Geneva")
    assert call(m, "GetFamNum", NAME)[0] == fm.FM_FAM_NOT_FND_ERR
    assert call(m, "GetFamInfo", GENEVA, NAME)[0] == fm.FM_FAM_NOT_FND_ERR
    assert call(m, "InstallFont", GENEVA_12, 0)[0] == fm.FM_FAM_NOT_FND_ERR
    assert call(m, "FMSetSysFont", GENEVA_12)[0] == fm.FM_FAM_NOT_FND_ERR
    assert ok(m, "CountFonts", GENEVA_12, 0) == 0
    ok(m, "FindFontStats", GENEVA_12, 0, 0, STATS)
    assert read_word(m.mem, STATS + 4) == fm.NOT_FOUND_BIT
    assert m.tb.qd.GetFontID() == SYSTEM_FONT_ID               # the port is unchanged


def test_install_font_makes_the_system_font_current(m):
    m.tb.qd.SetFontID(0)
    ok(m, "InstallFont", SHASTON_8_BOLD, 0)
    assert m.tb.qd.GetFontID() == SHASTON_8_BOLD
    assert ok(m, "FMGetCurFID") == SHASTON_8_BOLD
    ok(m, "InstallFont", 0x0000 | (8 << 24), 0)                # family 0: the system font
    assert ok(m, "FMGetCurFID") == SYSTEM_FONT_ID
    ok(m, "InstallFont", 0xFFFE | (16 << 24), 0)               # another size: the 8-point
    assert ok(m, "FMGetCurFID") == SYSTEM_FONT_ID
    assert any("16-point" in line for line in m.tb.call_log)
    ok(m, "InstallWithStats", SHASTON_8_BOLD, 0, STATS)
    assert read_long(m.mem, STATS) == SHASTON_8_BOLD
    assert read_word(m.mem, STATS + 4) == fm.MEM_BIT


def test_fonts_of_the_family(m):
    assert ok(m, "FMGetSysFID") == SYSTEM_FONT_ID
    ok(m, "FMSetSysFont", SYSTEM_FONT_ID)
    assert ok(m, "CountFonts", SYSTEM_FONT_ID, 0) == 1
    assert ok(m, "CountFonts", GENEVA_12, fm.ANY_FAM_BIT | fm.ANY_SIZE_BIT) == 1
    ok(m, "LoadFont", SYSTEM_FONT_ID, 0, 0, STATS)
    assert read_long(m.mem, STATS) == SYSTEM_FONT_ID
    assert read_word(m.mem, STATS + 4) == fm.MEM_BIT
    ok(m, "LoadSysFont")
    ok(m, "SetPurgeStat", SYSTEM_FONT_ID, 0)
    assert call(m, "SetPurgeStat", SYSTEM_FONT_ID, 1)[0] == fm.FM_SYS_FONT_ERR


def test_fix_font_menu_appends_the_family_and_maps_items(m):
    from toolbox import menu as mm
    assert call(m, "FamNum2ItemID", 0xFFFE)[0] == fm.FM_MENU_ERR     # not yet
    mgr = m.tb.menu
    font_menu = mm.parse_menu_string(b">> Font \\N5\r--Plain\\N300\r.")
    mgr.insert(mgr.new_menu(font_menu), 0)
    ok(m, "FixFontMenu", 5, 310, 0)
    assert [(i.text, i.item_id) for i in mgr.menu(5).items] == \
        [(b"Plain", 300), (b"Shaston", 310)]
    assert ok(m, "FamNum2ItemID", 0xFFFE) == 310
    assert ok(m, "ItemID2FamNum", 310) == 0xFFFE
    assert ok(m, "ItemID2FamNum", 300) == 0
    assert ok(m, "FamNum2ItemID", GENEVA) == 0


# -- a program --------------------------------------------------------------------------
def test_a_program_finds_and_installs_the_system_font(build_program):
    data, labels = build_program("machine_font")
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    at = lambda name: prog.dp_base + labels[name]       # noqa: E731
    assert read_word(m.mem, at("families")) == 1
    assert read_word(m.mem, at("famNum")) == 0xFFFE
    assert read_pstring(m.mem, at("name")) == b"Shaston"
    assert read_word(m.mem, at("genevaErr")) == fm.FM_FAM_NOT_FND_ERR
    assert read_long(m.mem, at("curFID")) == SHASTON_8_BOLD
    assert not m.tb.fm.started and not m.tb.qd.started


def test_start_up_tools_starts_and_stops_the_three_tool_sets():
    from toolbox import locator
    m = Machine()
    for toolset, version in ((0x12, 0x0300), (0x16, 0x0100), (0x1B, 0x0300)):
        locator.LoadOneTool(m.tb, toolset, version)           # resident, new enough
    record = 0x7600      # StartStopRecord, 640 mode: $04, $12, $16, $1B
    tools = b"".join(t.to_bytes(2, "little") + b"\x00\x00" for t in (0x04, 0x12, 0x16, 0x1B))
    write_bytes(m.mem, record, b"\x00\x00\x80\x00" + bytes(6) + b"\x04\x00" + tools)
    m.tb.tl.start_up_tools(0x1001, 0, record)        # refIsPointer
    tb = m.tb
    assert tb.qd.started and tb.qdaux.started and tb.scrap.started and tb.fm.started
    assert tb.fm.user_id == 0x1001
    ok(m, "InstallFont", SHASTON_8_BOLD, 0)                   # on QuickDraw's screen port
    tb.tl.shut_down_tools(0, record)
    assert not (tb.qdaux.started or tb.scrap.started or tb.fm.started)
