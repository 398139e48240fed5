"""`iigs run --choose "Menu/Item"`: a menu choice made as a user makes one.

The choice is a menu's title and an item's text as the menu bar shows them ("Apple" or
"@" names the Apple menu, so "Apple/Control Panel" opens that desk accessory). It is
made with the mouse, through the Event Manager like any click: press on the title,
move down onto the item, release; the program's MenuSelect or TaskMaster sees it and
does what the item does. So a desk accessory or a command can be tried in a run
without a window (issue 49).
"""
from __future__ import annotations

from typing import Any

from iigs.hostinput import HostInput

APPLE_NAMES = ("Apple", "@")


def parse_choice(spec: str) -> tuple[str, str]:
    """"Menu/Item" -> (menu, item); ValueError in words for anything else. The item
    is everything after the first slash (an item's text may hold one)."""
    menu, sep, item = spec.partition("/")
    if not sep or not menu.strip() or not item.strip():
        raise ValueError(f"--choose {spec!r}: expected MENU/ITEM (a menu's title, a "
                         "slash, an item's text)")
    return menu.strip(), item.strip()


def _encoded(text: str) -> bytes:
    return text.encode("mac_roman", "replace")


def find_item(tb: Any, menu_title: str, item_text: str) -> tuple[Any, int] | None:
    """(menu, item index) when the bar holds the menu; None when it does not (yet).
    ValueError when the menu is there without the item."""
    menus = tb.menu.menus
    for menu in menus:
        if menu.title.strip() == _encoded(menu_title) or (
                menu.is_apple and menu_title in APPLE_NAMES):
            for index, item in enumerate(menu.items):
                if item.text.strip() == _encoded(item_text):
                    return menu, index
            shown = ", ".join(repr(i.text.decode("mac_roman")) for i in menu.items)
            raise ValueError(f"--choose {menu_title}/{item_text}: the {menu_title} menu "
                             f"has no such item (it has {shown})")
    return None


def choice_inputs(menu: Any, index: int) -> list[HostInput]:
    """The mouse inputs that pull `menu` down and release on item `index`."""
    top, left, bottom, right = menu.title_rect()
    h0, v0 = (left + right) // 2, (top + bottom) // 2
    item = menu.item_rect(index)
    h1, v1 = item[1] + 12, (item[0] + item[2]) // 2
    return [HostInput("move", h0, v0), HostInput("down", h0, v0),
            HostInput("move", h0, v0 + 1), HostInput("move", h1, v1),
            HostInput("up", h1, v1)]


class Choices:
    """The --choose choices still to make, in order; each is made the first time the
    program waits for input with its menu in the bar."""

    def __init__(self, specs: list[tuple[str, str]]) -> None:
        self.pending = list(specs)

    def make_next(self, tb: Any, host: Any) -> bool:
        """Push the next choice's inputs when its menu is in the bar; True if it was.
        ValueError when the menu lacks the item."""
        if not self.pending or host is None:
            return False
        found = find_item(tb, *self.pending[0])
        if found is None:
            return False
        self.pending.pop(0)
        for inp in choice_inputs(*found):
            host.push(inp)
        return True

    def unmade(self) -> list[str]:
        return [f"{m}/{i}" for m, i in self.pending]
