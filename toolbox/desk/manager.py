"""Desk Manager (tool set $05): new desk accessories in the Apple menu.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 5 "Desk Manager" (call
numbers from ORCA/C desk.h): DeskStartUp,
FixAppleMenu, OpenNDA, CloseNDA, CloseNDAbyWinPtr, CloseAllNDAs, SystemClick,
SystemEdit, SystemEvent, SystemTask, GetNumNDAs. Classic desk accessories and their Control-Apple-Escape menu
are `toolbox.desk.cda`'s; InstallNDA, InstallCDA, the run queue (run here, from
SystemTask), SaveScrn and the CDA menu's strings are `toolbox.desk.install`'s.

The desk accessories are the registered ones (`toolbox.desk.nda`, the Control Panel)
and, from DeskStartUp on, the NDAs of the boot disk's SYSTEM/DESK.ACCS
(`toolbox.desk.loaded`: loaded by the System Loader, their init routines called; at
DeskShutDown called again with A = 0), listed after them. FixAppleMenu
appends their names to the Apple menu, the first as item 1 (a program puts its own
divider after its last item, as IIGS programs do). Opening one opens its system window;
TaskMaster passes that window's clicks to SystemClick and, while it is in front, keys
to SystemEvent, so the program's own window and menus go on working around it.
SystemTask gives each open accessory its run action every `period` ticks (0: every
SystemTask, $FFFF: never) and the front one cursorAction; SystemEvent passes an
accessory only the events of its event mask; SystemEdit gives the front accessory the undo/cut/copy/paste/clear
actions (editType + 4) and answers TRUE when a desk accessory's window is in front.
System windows that are not in the Apple menu (the Scrap Manager's clipboard window,
`toolbox.desk.clipboard`) join `system_windows`: SystemClick, updates and
CloseNDAbyWinPtr find them by their window as they find an accessory's.
"""
from __future__ import annotations

from iigs.memory import read_cstring, read_long, read_word
from iigs.report import system_text
from toolbox.calls import ToolError, tool
from toolbox.desk.cda import (DEFAULT_STRINGS, ClassicDeskAccessory, ClassicMenu,
                              SavedScreen, load_classic_accessories)
from toolbox.desk.loaded import load_desk_accessories
from toolbox.desk.nda import (CURSOR_ACTION, EVENT_ACTION, NDA_CLASSES, RUN_ACTION,
                              NewDeskAccessory)
from toolbox.event import AUTO_KEY_EVT, KEY_DOWN_EVT, Event, read_event
from toolbox.menu import MenuItem
from toolbox.misc import queue_entries
from toolbox.toolbox import tool_state

# Desk Manager errors (desk.h)
DA_NOT_FOUND = 0x0510
NOT_SYS_WINDOW = 0x0511

NEVER = 0xFFFF                      # an NDA period: no run actions
EDIT_ACTION_BASE = 4                # SystemEdit: action code = editType + 4 (undo = 5)

FIRST_NDA_ITEM = 1                  # NDA item IDs: 1 .. 249
LAST_NDA_ITEM = 249

# FindWindow / TaskMaster codes the Desk Manager answers with (window.h)
W_IN_GO_AWAY = 0x0016
W_IN_DRAG = 0x0014
W_IN_CONTENT = 0x0013
W_CLICK_CALLED = 0x0012
W_CLOSED_NDA = 0x001D

# runItem (DeskMgr unit): reserved:L, period:W, signature:W, reserved2:L, the code.
RUN_ITEM_PERIOD = 4
RUN_ITEM_CODE = 0x0C


@tool_state("desk")
class DeskManager:
    """The registered desk accessories (one instance each) and which are open."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.ndas: list[NewDeskAccessory] = [cls(tb) for cls in NDA_CLASSES]
        # System windows not in the Apple menu (ShowClipboard's): found by their window
        # for SystemClick, updates and CloseNDAbyWinPtr, as an accessory's are.
        self.system_windows: list[NewDeskAccessory] = []
        self.loaded = False             # the disk's NDAs are in `ndas`
        self._cdas: list[ClassicDeskAccessory] | None = None
        self.last_classic_menu: ClassicMenu | None = None
        # toolbox.desk.install's calls: the run queue, the CDA menu's strings, SaveScrn
        self.run_queue = 0               # the run queue's header, once made
        self.last_run: dict[int, int] = {}   # run item -> the tick it last ran
        self.saved_screen: SavedScreen | None = None
        self.saved_all = None            # SaveAll's toolbox.desk.install.SavedState
        self.string_table = 0            # SetDAStrPtr's table (0: the default one)
        self.alt_display = 0             # SetDAStrPtr's altDispHandle, kept
        self.default_table = 0           # GetDAStrPtr's own table, once made
        self.installed_cdas: dict[int, ClassicDeskAccessory] = {}   # InstallCDA's

    # -- classic desk accessories (toolbox.desk.cda) -------------------------------------
    def classic(self) -> list[ClassicDeskAccessory]:
        """The disk's CDAs, loaded the first time they are wanted (the IIGS loads
        them at start-up; here that is when a disk's program first needs them)."""
        if self._cdas is None:
            self._cdas = load_classic_accessories(self.tb)
        return self._cdas

    def classic_menu(self) -> None:
        """Control-Apple-Escape: the CDA menu, until the user leaves it."""
        menu = self.last_classic_menu = ClassicMenu(self.tb, self.classic(),
                                                    self.menu_strings())
        menu.run()

    def menu_strings(self) -> tuple[str, str, str, str]:
        """The CDA menu's strings: SetDAStrPtr's table (C strings), or the defaults."""
        table, mem = self.string_table, self.tb.mem
        if not table:
            return DEFAULT_STRINGS
        title, control, quit_item, select = (
            system_text(read_cstring(mem, read_long(mem, table + 4 * i) & 0xFFFFFF, 256))
            for i in range(4))
        return title, control, quit_item, select

    def start(self) -> None:
        """DeskStartUp's core: load the disk's NDAs (once) and call every init."""
        if not self.loaded:
            self.loaded = True
            self.ndas += load_desk_accessories(self.tb)
        self.started = True
        for acc in self.ndas:
            acc.init(True)

    def shut_down(self) -> None:
        self.close_all()
        for acc in self.ndas:
            acc.init(False)
        for cda in self._cdas or []:       # every CDA hears of DeskShutDown
            self.tb.machine.call(cda.shutdown)
        self.started = False

    # -- lookup ---------------------------------------------------------------------------
    def item_of(self, acc: NewDeskAccessory) -> int:
        return FIRST_NDA_ITEM + self.ndas.index(acc)

    def by_item(self, item_id: int) -> NewDeskAccessory | None:
        index = item_id - FIRST_NDA_ITEM
        return self.ndas[index] if 0 <= index < len(self.ndas) else None

    def by_name(self, name: bytes) -> NewDeskAccessory | None:
        return next((a for a in self.ndas if a.menu_name == name), None)

    def by_window(self, win) -> NewDeskAccessory | None:
        return next((a for a in (*self.ndas, *self.system_windows)
                     if a.window is not None and a.window is win), None)

    def owns_item(self, item_id: int) -> bool:
        return self.by_item(item_id) is not None

    def is_system_window(self, win) -> bool:
        return win is not None and self.by_window(win) is not None

    # -- the Apple menu -----------------------------------------------------------------
    def fix_apple_menu(self, menu_id: int) -> None:
        menu = self.tb.menu.menu(menu_id)
        present = {i.item_id for i in menu.items}
        for acc in self.ndas:
            item_id = self.item_of(acc)
            if item_id not in present:
                menu.items.append(MenuItem(acc.menu_name, item_id))
        self.tb.menu.calc_size(menu)

    # -- opening and closing ------------------------------------------------------------
    def open_item(self, item_id: int) -> int:
        """OpenNDA's core: open the accessory (or bring its window to the front);
        its reference number (its item ID)."""
        acc = self.by_item(item_id)
        if acc is None:
            raise ToolError(DA_NOT_FOUND, f"no desk accessory {item_id}")
        if acc.is_open:
            self.tb.wm.select(acc.window)
        else:
            acc.open()
            acc.last_run = self.tb.em.ticks()
        return item_id

    def close_item(self, item_id: int) -> None:
        acc = self.by_item(item_id)
        if acc is None:
            raise ToolError(DA_NOT_FOUND, f"no desk accessory {item_id}")
        acc.close()

    def close_all(self) -> None:
        for acc in self.ndas:
            acc.close()

    # -- events -------------------------------------------------------------------------
    def system_click(self, ev: Event, win, part: int) -> int:
        """SystemClick's core; the TaskMaster code for what happened."""
        acc = self.by_window(win)
        if acc is None:
            raise ToolError(NOT_SYS_WINDOW)
        wm = self.tb.wm
        if win is not wm.front():
            wm.select(win)
            return W_CLICK_CALLED
        if part == W_IN_GO_AWAY:
            if wm.track_go_away(win):
                acc.close()
                return W_CLOSED_NDA
            return W_CLICK_CALLED
        if part == W_IN_DRAG:
            wm.drag(win, (ev.v, ev.h), (14, 0, 200, 640))
            return W_CLICK_CALLED
        if part == W_IN_CONTENT and acc.wants(ev):
            acc.action(EVENT_ACTION, ev)
        return W_CLICK_CALLED

    def system_event(self, ev: Event) -> bool:
        """SystemEvent's core: a key for the front system window's accessory."""
        if ev.what not in (KEY_DOWN_EVT, AUTO_KEY_EVT):
            return False
        acc = self.by_window(self.tb.wm.front())
        return acc is not None and acc.wants(ev) and acc.action(EVENT_ACTION, ev)

    def system_edit(self, edit_type: int) -> bool:
        """SystemEdit's core: the edit action for the front desk accessory."""
        acc = self.by_window(self.tb.wm.front())
        if acc is None:
            return False
        acc.action(edit_type + EDIT_ACTION_BASE)
        return True

    def system_task(self) -> None:
        """SystemTask's core: run actions that are due, and cursorAction for the
        accessory whose window is in front (so it can set the cursor)."""
        now = self.tb.em.ticks()
        front = self.by_window(self.tb.wm.front())
        if front is not None:
            front.action(CURSOR_ACTION)
        for acc in self.ndas:
            if acc.is_open and acc.period != NEVER and now - acc.last_run >= acc.period:
                acc.last_run = now
                acc.action(RUN_ACTION)
        self.run_items(now)

    def run_items(self, now: int) -> None:
        """AddToRunQ's items whose period has passed: JSL to each one's code."""
        if not self.run_queue or self.tb.machine is None:
            return
        mem = self.tb.mem
        for item in queue_entries(mem, self.run_queue):
            if now - self.last_run.get(item, now) >= read_word(mem, item + RUN_ITEM_PERIOD):
                self.last_run[item] = now
                self.tb.machine.call(item + RUN_ITEM_CODE)

    def draw(self, win) -> None:
        """An update of a system window: its accessory draws it."""
        acc = self.by_window(win)
        if acc is not None:
            acc.draw()


def _desk(tb) -> DeskManager:
    return tb.desk


# -- tool calls (Toolbox Reference vol. 1, Desk Manager; numbers from desk.h) -------------

@tool(0x05, 0x02)
def DeskStartUp(tb) -> None:
    """DeskStartUp(): loads the disk's NDAs (the first time) and calls their init."""
    _desk(tb).start()


@tool(0x05, 0x03)
def DeskShutDown(tb) -> None:
    """DeskShutDown(): closes the open desk accessories."""
    _desk(tb).shut_down()


@tool(0x05, 0x04, "", 2)
def DeskVersion(tb) -> int:
    """DeskVersion() -> versionInfo:W"""
    return 0x0300


@tool(0x05, 0x06, "", 2)
def DeskStatus(tb) -> int:
    """DeskStatus() -> activeFlag:W"""
    return 0xFFFF if _desk(tb).started else 0


@tool(0x05, 0x1E, "W")
def FixAppleMenu(tb, menu_id: int) -> None:
    """FixAppleMenu(menuID:W): appends the desk accessories' names."""
    _desk(tb).fix_apple_menu(menu_id)


@tool(0x05, 0x15, "W", 2)
def OpenNDA(tb, item_id: int) -> int:
    """OpenNDA(DAIDNumber:W) -> refNum:W"""
    return _desk(tb).open_item(item_id)


@tool(0x05, 0x16, "W")
def CloseNDA(tb, ref_num: int) -> None:
    """CloseNDA(refNum:W)"""
    _desk(tb).close_item(ref_num)


@tool(0x05, 0x1C, "L")
def CloseNDAbyWinPtr(tb, window: int) -> None:
    """CloseNDAbyWinPtr(theWindow:L*)"""
    desk = _desk(tb)
    acc = desk.by_window(tb.wm.find(window))
    if acc is None:
        raise ToolError(NOT_SYS_WINDOW, f"${window:06X} is not a desk accessory's window")
    acc.close()


@tool(0x05, 0x1D)
def CloseAllNDAs(tb) -> None:
    """CloseAllNDAs()"""
    _desk(tb).close_all()


@tool(0x05, 0x1B, "", 2)
def GetNumNDAs(tb) -> int:
    """GetNumNDAs() -> numNDAs:W"""
    return len(_desk(tb).ndas)


@tool(0x05, 0x19)
def SystemTask(tb) -> None:
    """SystemTask(): the open desk accessories' run actions."""
    _desk(tb).system_task()


@tool(0x05, 0x17, "LLW")
def SystemClick(tb, event_ptr: int, window: int, part: int) -> None:
    """SystemClick(theEvent:L*, theWindow:L*, findWindowResult:W)"""
    win = tb.wm.find(window)
    _desk(tb).system_click(read_event(tb.mem, event_ptr), win, part & 0x7FFF)


@tool(0x05, 0x1A, "WLLLW", 2)
def SystemEvent(tb, what: int, message: int, when: int, where: int, mods: int) -> int:
    """SystemEvent(eventWhat:W, eventMessage:L, eventWhen:L, eventWhere:L,
    eventModifiers:W) -> Boolean:W (TRUE: a desk accessory took it)"""
    ev = Event(what, message, when, where & 0xFFFF, where >> 16, mods)
    return 0xFFFF if _desk(tb).system_event(ev) else 0


@tool(0x05, 0x18, "W", 2)
def SystemEdit(tb, edit_type: int) -> int:
    """SystemEdit(editType:W) -> Boolean:W (TRUE: a desk accessory's window is in
    front and was given the edit action)"""
    return 0xFFFF if _desk(tb).system_edit(edit_type) else 0

