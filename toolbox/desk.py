"""Desk Manager (tool set $05): the Apple menu's Control Panel.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 5 "Desk Manager" for the calls
a desktop program makes (project reference §1.7 "Desk Manager ($05)": DeskStartUp,
FixAppleMenu, SystemTask, SystemClick, SystemEdit).

There are no loadable desk accessories. FixAppleMenu adds one built-in item, "Control
Panel" (a desk-accessory item ID, 1), below a divider. Chosen from the menu, TaskMaster
lets the Desk Manager open it: a modal panel drawn by the toolbox with the machine's
own settings — display scale (1x/2x/3x, through the host's `set_scale` when it has
one), sound on/off (the Sound Tool Set's beep) and double-click speed (the Event
Manager's GetDblTime). The panel runs its own loop like any modal dialog.
"""
from __future__ import annotations

from iigs.memory import write_pstring
from toolbox import dialog as dm
from toolbox.calls import tool
from toolbox.menu import MenuItem
from toolbox.toolbox import tool_state

CONTROL_PANEL_ITEM = 1           # a desk-accessory item ID (1-249)
DIVIDER_ITEM_ID = 249

# Control Panel item IDs (OK is 1, as in every dialog)
OK = 1
SCALE_ITEMS = {10: 1, 11: 2, 12: 3}            # radio item -> display scale
DOUBLE_ITEMS = {20: 45, 21: 30, 22: 15}        # radio item -> double-click ticks
SOUND_ITEM = 30
PANEL_BOUNDS = (40, 170, 150, 470)


@tool_state("desk")
class DeskManager:
    """The built-in Control Panel's settings."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.scale = 2
        self.panel_open = False
        self._strings: dict[bytes, int] = {}

    def owns_item(self, item_id: int) -> bool:
        return item_id == CONTROL_PANEL_ITEM

    def fix_apple_menu(self, menu_id: int) -> None:
        menu = self.tb.menu.menu(menu_id)
        if any(i.item_id == CONTROL_PANEL_ITEM for i in menu.items):
            return
        menu.items.append(MenuItem(b"-", DIVIDER_ITEM_ID, flags=0x0080, divider=True))
        menu.items.append(MenuItem(b"Control Panel", CONTROL_PANEL_ITEM))
        self.tb.menu.calc_size(menu)

    def open_item(self, item_id: int) -> None:
        if item_id == CONTROL_PANEL_ITEM:
            self.run_control_panel()

    # -- the panel ----------------------------------------------------------------------
    def _pstring(self, text: bytes) -> int:
        """A Pascal string in emulated memory for an item's descriptor."""
        if text not in self._strings:
            _, ptr = self.tb.wm.alloc(len(text) + 1)
            write_pstring(self.tb.mem, ptr, text)
            self._strings[text] = ptr
        return self._strings[text]

    def current_values(self) -> dict[int, int]:
        em, snd = self.tb.em, self.tb.snd
        values = {item: int(scale == self.scale) for item, scale in SCALE_ITEMS.items()}
        nearest = min(DOUBLE_ITEMS, key=lambda i: abs(DOUBLE_ITEMS[i] - em.double_time))
        values.update({item: int(item == nearest) for item in DOUBLE_ITEMS})
        values[SOUND_ITEM] = int(snd.enabled)
        return values

    def apply(self, item_id: int) -> None:
        """Make a setting take effect the moment it is clicked."""
        if item_id in SCALE_ITEMS:
            self.scale = SCALE_ITEMS[item_id]
            host = self.tb.host
            if host is not None and hasattr(host, "set_scale"):
                host.set_scale(self.scale)
        elif item_id in DOUBLE_ITEMS:
            self.tb.em.double_time = DOUBLE_ITEMS[item_id]
        elif item_id == SOUND_ITEM:
            self.tb.snd.enabled = not self.tb.snd.enabled

    def run_control_panel(self) -> None:
        mgr = self.tb.dlg
        dlg = mgr.new_modal(PANEL_BOUNDS, True, 0)
        self.panel_open = True
        values = self.current_values()
        stat = dm.STAT_TEXT | dm.ITEM_DISABLE
        items = [
            (2, (6, 10, 16, 290), stat, b"Control Panel", 0, 0),
            (3, (22, 10, 32, 120), stat, b"Display scale:", 0, 0),
            (10, (20, 124, 32, 174), dm.RADIO_ITEM, b"1x", values[10], 1),
            (11, (20, 178, 32, 228), dm.RADIO_ITEM, b"2x", values[11], 1),
            (12, (20, 232, 32, 282), dm.RADIO_ITEM, b"3x", values[12], 1),
            (4, (40, 10, 50, 120), stat, b"Double-click:", 0, 0),
            (20, (38, 124, 50, 174), dm.RADIO_ITEM, b"Slow", values[20], 2),
            (21, (38, 178, 50, 238), dm.RADIO_ITEM, b"Medium", values[21], 2),
            (22, (38, 242, 50, 292), dm.RADIO_ITEM, b"Fast", values[22], 2),
            (SOUND_ITEM, (56, 124, 68, 234), dm.CHECK_ITEM, b"Sound", values[SOUND_ITEM], 0),
            (OK, (84, 210, 97, 280), dm.BUTTON_ITEM, b"OK", 0, 1),
        ]
        for item_id, rect, kind, text, value, flag in items:
            mgr.new_item(dlg, item_id, rect, kind, self._pstring(text), value, flag)
        mgr.draw(dlg)
        try:
            while True:
                hit = mgr.modal(dlg)
                if hit in (OK, 0):
                    break
                self.apply(hit)
                item = dlg.item(hit)
                if item.control is not None:
                    new = 1 if item.kind == dm.RADIO_ITEM else 1 - item.control.value
                    self.tb.ctl.set_value(item.control, new)
        finally:
            self.panel_open = False
            mgr.close(dlg)


def _desk(tb) -> DeskManager:
    return tb.desk


# -- tool calls (Toolbox Reference vol. 1, Desk Manager) ----------------------------------

@tool(0x05, 0x02)
def DeskStartUp(tb) -> None:
    """DeskStartUp()"""
    _desk(tb).started = True


@tool(0x05, 0x03)
def DeskShutDown(tb) -> None:
    """DeskShutDown()"""
    _desk(tb).started = False


@tool(0x05, 0x04, "", 2)
def DeskVersion(tb) -> int:
    """DeskVersion() -> versionInfo:W"""
    return 0x0300


@tool(0x05, 0x1E, "W")
def FixAppleMenu(tb, menu_id: int) -> None:
    """FixAppleMenu(menuID:W): adds the Control Panel item."""
    _desk(tb).fix_apple_menu(menu_id)


@tool(0x05, 0x19)
def SystemTask(tb) -> None:
    """SystemTask(): no desk accessories run in the background."""


@tool(0x05, 0x17, "LLW")
def SystemClick(tb, event_ptr: int, window: int, part: int) -> None:
    """SystemClick(theEvent:L*, theWindow:L*, findWindowResult:W): no system windows."""


@tool(0x05, 0x18, "W", 2)
def SystemEdit(tb, edit_type: int) -> int:
    """SystemEdit(editType:W) -> Boolean:W (FALSE: no desk accessory took it)"""
    return 0


@tool(0x05, 0x15, "W", 2)
def OpenNDA(tb, item_id: int) -> int:
    """OpenNDA(DAIDNumber:W) -> refNum:W"""
    _desk(tb).open_item(item_id)
    return 0
