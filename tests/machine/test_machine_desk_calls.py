"""The Desk Manager's calls for installing desk accessories, the run queue, the CDA
menu's strings and the saved screen, made through the dispatcher as a program makes
them, with desk accessories and a run item of a few 65816 instructions each."""
from __future__ import annotations

from iigs.host import HeadlessHost
from iigs.memory import read_bytes, read_cstring, read_long, read_word, write_bytes, \
    write_long
from system.machine import Machine
from toolbox.desk.manager import DA_NOT_FOUND
from toolbox.misc import TASK_INSTALLED_ERR
from toolcall import call_tool

COUNTS = 0x8F00                     # words the routines count calls in
INC = lambda at: b"\xEE" + at.to_bytes(2, "little")            # INC abs (16-bit)
RTL = b"\x6B"
NDA_CODE, CDA_CODE, RUN_ITEM = 0x9400, 0x9480, 0x9500


def handle_with(m, data: bytes) -> int:
    handle = m.tb.mm.new_handle(len(data), 0x1001, 0xC000)
    write_bytes(m.mem, m.tb.mm.deref(handle), data)
    return handle


def test_installed_accessories_run_queue_strings_and_screen():
    host = HeadlessHost()
    m = Machine(host=host)
    m.tb.host = host
    mem = m.mem
    write_bytes(mem, COUNTS, bytes(8))
    write_bytes(mem, NDA_CODE, INC(COUNTS) + RTL + RTL)   # init counts; the rest RTL
    nda = b"".join((NDA_CODE + 4).to_bytes(4, "little") for _ in range(3))
    nda += NDA_CODE.to_bytes(4, "little") + b"\xFF\xFF\xFF\xFF" + b"--Mine\\H**\0"
    assert call_tool(m, 0x0205)[0] == 0                              # DeskStartUp
    before = len(m.tb.desk.ndas)
    nda_handle = handle_with(m, nda)
    assert call_tool(m, 0x0E05, [("L", nda_handle)])[0] == 0          # InstallNDA
    assert read_word(mem, COUNTS) == 1 and len(m.tb.desk.ndas) == before + 1
    assert m.tb.desk.ndas[-1].menu_name == b"Mine"
    assert call_tool(m, 0x2205, [("L", nda_handle)])[0] == 0          # RemoveNDA
    assert read_word(mem, COUNTS) == 2 and len(m.tb.desk.ndas) == before
    assert call_tool(m, 0x2205, [("L", nda_handle)])[0] == DA_NOT_FOUND
    # a CDA: installed into the menu, its shutdown called when removed
    write_bytes(mem, CDA_CODE, RTL + INC(COUNTS + 2) + RTL)
    cda_handle = handle_with(m, b"\x06My CDA" + CDA_CODE.to_bytes(4, "little")
                             + (CDA_CODE + 1).to_bytes(4, "little"))
    assert call_tool(m, 0x0F05, [("L", cda_handle)])[0] == 0          # InstallCDA
    # the CDA menu's strings: the Desk Manager's own table, then the program's
    error, (lo, hi) = call_tool(m, 0x1405, [], 2)
    table = lo | hi << 16
    assert read_cstring(mem, read_long(mem, table), 64) == b"Desk Accessories"
    write_bytes(mem, 0x9600, b"Extras\0Panel\0Leave\0Pick one\0")
    for i, at in enumerate((0x9600, 0x9607, 0x960D, 0x9613)):
        write_long(mem, 0x9640 + 4 * i, at)
    assert call_tool(m, 0x1305, [("L", 0), ("L", 0x9640)])[0] == 0    # SetDAStrPtr
    assert call_tool(m, 0x1405, [], 2) == (0, [0x9640, 0])
    assert call_tool(m, 0x1105)[0] == 0                               # ChooseCDA
    menu = m.tb.desk.last_classic_menu
    assert menu.items[-2:] == ["My CDA", "Leave"]
    assert menu.shown.split("\n")[0] == "Extras" and "Pick one" in menu.shown
    assert call_tool(m, 0x2105, [("L", cda_handle)])[0] == 0          # RemoveCDA
    assert read_word(mem, COUNTS + 2) == 1
    assert "My CDA" not in [c.name for c in m.tb.desk.classic()]
    # the run queue: SystemTask calls the item every period ticks
    write_bytes(mem, RUN_ITEM, bytes(4) + (2).to_bytes(2, "little") + b"\x5A\xA5"
                + bytes(4) + INC(COUNTS + 4) + RTL)
    assert call_tool(m, 0x1F05, [("L", RUN_ITEM)])[0] == 0            # AddToRunQ
    assert call_tool(m, 0x1F05, [("L", RUN_ITEM)])[0] == TASK_INSTALLED_ERR
    assert call_tool(m, 0x1905)[0] == 0
    assert read_word(mem, COUNTS + 4) == 0                            # not yet due
    m.note_idle()
    m.note_idle()
    assert call_tool(m, 0x1905)[0] == 0
    assert call_tool(m, 0x1905)[0] == 0
    assert read_word(mem, COUNTS + 4) == 1                            # once in 2 ticks
    assert call_tool(m, 0x2005, [("L", RUN_ITEM)])[0] == 0            # RemoveFromRunQ
    m.note_idle()
    m.note_idle()
    assert call_tool(m, 0x1905)[0] == 0 and read_word(mem, COUNTS + 4) == 1
    # SaveScrn / RestScrn and SaveAll / RestAll put the text screen back
    write_bytes(mem, 0x0400, b"A" * 40)
    assert call_tool(m, 0x0905)[0] == 0
    write_bytes(mem, 0x0400, b"B" * 40)
    assert call_tool(m, 0x0A05)[0] == 0 and read_bytes(mem, 0x0400, 40) == b"A" * 40
    shadow = m.io.read(0xC035)
    assert call_tool(m, 0x0B05)[0] == 0
    write_bytes(mem, 0x10400, b"C" * 40)
    m.io.write(0xC035, shadow ^ 0x08)
    assert call_tool(m, 0x0C05)[0] == 0
    assert m.io.read(0xC035) == shadow and read_bytes(mem, 0x10400, 40) != b"C" * 40
