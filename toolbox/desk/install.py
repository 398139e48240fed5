"""The Desk Manager's calls for installing desk accessories, the run queue, the CDA
menu's strings and the screen a classic desk accessory borrows (tool set $05).

Follows the Apple IIGS Toolbox Reference vol. 1 ch. 5 (SaveScrn, RestScrn, SaveAll,
RestAll, InstallNDA, InstallCDA, ChooseCDA, SetDAStrPtr, GetDAStrPtr) and vol. 3
(AddToRunQ, RemoveFromRunQ, RemoveCDA, RemoveNDA), with the records of the ORCA/Pascal
DeskMgr unit: NDA_ID and CDA_ID (the headers `toolbox.desk.loaded` and
`toolbox.desk.cda` read), stringTable (titleStr, controlStr, quitStr, selectStr: C
string pointers) and runItem (reserved:L, period:W, signature:W = $A55A,
reserved2:L, then the item's code at +$0C).

InstallNDA takes a handle to an NDA header already in memory (a program's own, or one
it loaded), calls its init routine when the Desk Manager is started, and lists it
after the others: FixAppleMenu adds it to the Apple menu. InstallCDA adds a CDA header
to the CDA menu. RemoveNDA closes the accessory and calls its init routine to say
goodbye; RemoveCDA calls the CDA's shutdown routine.

The run queue: AddToRunQ links the item into the Desk Manager's queue (the Misc Tool
Set's queue format, `toolbox.misc.add_to_queue`, so its errors are that set's), and
SystemTask calls each item whose period has passed (JSL to item + $0C, full native
mode; period 0: every SystemTask).

SaveScrn and RestScrn keep and put back the text screen (both text pages, main and
auxiliary) and the video switches a CDA changes; SaveAll and RestAll also the memory
configuration (STATEREG $C068, SHADOW $C035) and the machine's speed (CYAREG $C036).
"""
from __future__ import annotations

from dataclasses import dataclass

from iigs.memory import read_long, read_pstring, write_bytes, write_long, write_word
from iigs.report import system_text
from toolbox.calls import ToolError, tool
from toolbox.desk.cda import (DEFAULT_STRINGS, ClassicDeskAccessory, SavedScreen,
                              restore_screen, save_screen)
from toolbox.desk.loaded import LoadedDeskAccessory
from toolbox.desk.manager import DA_NOT_FOUND, DeskManager
from toolbox.misc import SIGNATURE, add_to_queue, delete_from_queue

QUEUE_HEADER_SIZE = 8
SYSTEM_BLOCK_ATTR = 0xC018          # locked, fixed, not crossing a bank
STRING_TABLE_SIZE = 16              # four C string pointers
CONFIG_REGISTERS = (0xC068, 0xC035, 0xC036)   # STATEREG, SHADOW, CYAREG


@dataclass
class SavedState:
    """SaveAll's record: the screen and the memory configuration."""
    screen: SavedScreen
    registers: list[int]


def _system_block(tb, size: int) -> int:
    """A locked, fixed block of the Desk Manager's own: its address."""
    handle = tb.mm.new_handle(size, tb.misc.get_new_id(0x5000), SYSTEM_BLOCK_ATTR)
    return tb.mm.deref(handle)


# -- new desk accessories ----------------------------------------------------------------

def _installed(desk: DeskManager, handle: int) -> LoadedDeskAccessory | None:
    header = desk.tb.mm.deref(handle)
    return next((a for a in desk.ndas if isinstance(a, LoadedDeskAccessory)
                 and a.header == header), None)


@tool(0x05, 0x0E, "L")
def InstallNDA(tb, handle: int) -> None:
    """InstallNDA(IDHandle:L) -- the NDA whose header the handle's block holds joins
    the list (its init routine called when the Desk Manager is started)."""
    desk = tb.desk
    if _installed(desk, handle) is not None:
        return
    block = tb.mm.block(handle)
    acc = LoadedDeskAccessory(tb, block.address, block.user_id, "")
    desk.ndas.append(acc)
    if desk.started:
        acc.init(True)


@tool(0x05, 0x22, "L")
def RemoveNDA(tb, handle: int) -> None:
    """RemoveNDA(IDHandle:L) -- closed, told goodbye (init with A = 0), taken off the
    list; daNotFound ($0510) when it was never installed."""
    desk = tb.desk
    acc = _installed(desk, handle)
    if acc is None:
        raise ToolError(DA_NOT_FOUND, f"NDA handle ${handle:06X} is not installed")
    acc.close()
    if desk.started:
        acc.init(False)
    desk.ndas.remove(acc)


# -- classic desk accessories ------------------------------------------------------------

@tool(0x05, 0x0F, "L")
def InstallCDA(tb, handle: int) -> None:
    """InstallCDA(IDHandle:L) -- the CDA whose header (name, start, shutdown) the
    handle's block holds joins the CDA menu."""
    desk, mem = tb.desk, tb.mem
    if handle in desk.installed_cdas:
        return
    block = tb.mm.block(handle)
    name = read_pstring(mem, block.address)
    after = block.address + 1 + len(name)
    cda = ClassicDeskAccessory(system_text(name), read_long(mem, after) & 0xFFFFFF,
                               read_long(mem, after + 4) & 0xFFFFFF, block.user_id)
    desk.installed_cdas[handle] = cda
    desk.classic().append(cda)


@tool(0x05, 0x21, "L")
def RemoveCDA(tb, handle: int) -> None:
    """RemoveCDA(IDHandle:L) -- its shutdown routine is called and it leaves the
    menu; daNotFound ($0510) when it was never installed."""
    desk = tb.desk
    cda = desk.installed_cdas.pop(handle, None)
    if cda is None:
        raise ToolError(DA_NOT_FOUND, f"CDA handle ${handle:06X} is not installed")
    desk.classic().remove(cda)
    if tb.machine is not None:
        tb.machine.call(cda.shutdown)


@tool(0x05, 0x11)
def ChooseCDA(tb) -> None:
    """ChooseCDA() -- the CDA menu, as Control-Apple-Escape opens it."""
    tb.desk.classic_menu()


@tool(0x05, 0x13, "LL")
def SetDAStrPtr(tb, alt_display: int, table: int) -> None:
    """SetDAStrPtr(altDispHandle:L, newStrings:L) -- the CDA menu's title, Quit item
    and selection line from the table from now on (its controlStr is kept: there is
    no Control Panel item in this machine's CDA menu)."""
    desk = tb.desk
    desk.alt_display, desk.string_table = alt_display, table & 0xFFFFFF


@tool(0x05, 0x14, "", 4)
def GetDAStrPtr(tb) -> int:
    """GetDAStrPtr(): stringTblPtr:L -- SetDAStrPtr's table, else the Desk Manager's
    own (made in memory the first time it is asked for)."""
    desk = tb.desk
    if desk.string_table:
        return desk.string_table
    if not desk.default_table:
        texts = [s.encode("ascii") + b"\0" for s in DEFAULT_STRINGS]
        at = _system_block(tb, STRING_TABLE_SIZE + sum(len(t) for t in texts))
        where = at + STRING_TABLE_SIZE
        for i, text in enumerate(texts):
            write_long(tb.mem, at + 4 * i, where)
            write_bytes(tb.mem, where, text)
            where += len(text)
        desk.default_table = at
    return desk.default_table


# -- the run queue ---------------------------------------------------------------------

def _run_queue(tb) -> int:
    desk = tb.desk
    if not desk.run_queue:
        desk.run_queue = _system_block(tb, QUEUE_HEADER_SIZE)
        write_bytes(tb.mem, desk.run_queue, bytes(6))
        write_word(tb.mem, desk.run_queue + 6, SIGNATURE)
    return desk.run_queue


@tool(0x05, 0x1F, "L")
def AddToRunQ(tb, item: int) -> None:
    """AddToRunQ(header:L) -- SystemTask calls the item every `period` ticks."""
    add_to_queue(tb.mem, item, _run_queue(tb))
    tb.desk.last_run[item & 0xFFFFFF] = tb.em.ticks()


@tool(0x05, 0x20, "L")
def RemoveFromRunQ(tb, item: int) -> None:
    """RemoveFromRunQ(header:L)"""
    delete_from_queue(tb.mem, item, _run_queue(tb))
    tb.desk.last_run.pop(item & 0xFFFFFF, None)


# -- the screen a CDA borrows ------------------------------------------------------------

@tool(0x05, 0x09)
def SaveScrn(tb) -> None:
    """SaveScrn() -- the text screen and video switches kept."""
    tb.desk.saved_screen = save_screen(tb)


@tool(0x05, 0x0A)
def RestScrn(tb) -> None:
    """RestScrn() -- what SaveScrn kept is put back (nothing if it kept nothing)."""
    saved = tb.desk.saved_screen
    if saved is not None:
        restore_screen(tb, saved)


@tool(0x05, 0x0B)
def SaveAll(tb) -> None:
    """SaveAll() -- the screen and the memory configuration kept."""
    io = getattr(tb.machine, "io", None)
    registers = [io.read(r) for r in CONFIG_REGISTERS] if io is not None else []
    tb.desk.saved_all = SavedState(save_screen(tb), registers)


@tool(0x05, 0x0C)
def RestAll(tb) -> None:
    """RestAll() -- what SaveAll kept is put back."""
    saved = tb.desk.saved_all
    if saved is None:
        return
    restore_screen(tb, saved.screen)
    io = getattr(tb.machine, "io", None)
    if io is not None:
        for register, value in zip(CONFIG_REGISTERS, saved.registers):
            io.write(register, value)


@tool(0x05, 0x01)
def DeskBootInit(tb) -> None:
    """DeskBootInit() -- the ROM's start-up work; nothing is left to do here."""


@tool(0x05, 0x05)
def DeskReset(tb) -> None:
    """DeskReset() -- a reset forgets the saved screen and the run queue's timing."""
    desk = tb.desk
    desk.saved_screen = desk.saved_all = None
