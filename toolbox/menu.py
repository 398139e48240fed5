"""Menu Manager (tool set $0F): the menu bar, pull-down menus, MenuSelect and MenuKey.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 13 "Menu Manager": the
menu/item string syntax of NewMenu, item IDs, marks and flags, with the numbers and
flags of ORCA/C `menu.h`.

The menu string (ORCA/C samples): the first line is the title line — two lead
characters (">>"), the title text, then options after a backslash; every following line
that starts with the item lead character ("--") is an item; the menu ends at a line that
starts with anything else ("." in the ORCA samples) or at an empty line. Lines end with
$0D or $00. Options: N<decimal> id, H<2 bytes> id, *<2 chars> keyboard equivalents,
B I U O S text styles, V divider below, D disabled, X colour-replace highlighting,
C<char> mark. An item whose text is made of "-" alone (or "(-") is a dividing line.

Look (640 mode): a white bar with black titles, the Apple title drawn as the rainbow
apple, black-on-white pull-downs with a one-pixel frame and drop shadow, the chosen
title and item shown inverted. A pull-down is drawn over the desktop with
QuickDraw's save_bits/restore_bits, so closing it puts the screen back exactly.

Beyond what GIN.KING uses: bars made with NewMenuBar and switched with SetMenuBar (the
current bar's menus are `menus`), bar colours and title placement, pop-up menus
(PopUpMenuSelect, DrawPopUp; `popup_select` and `draw_popup` for the Control Manager's
pop-up controls), and System 6 itemStructs, kept in the program's memory. What is
assumed or left out is in docs/compatibility.md ("Menu Manager").
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from iigs.hostinput import APPLE_KEY
from iigs.memory import (read_bytes, read_long, read_pstring, read_word, write_long,
                         write_pstring, write_word)
from toolbox.calls import ToolError, s16, tool
from toolbox.quickdraw.pixels import checker_mask
from toolbox.toolbox import tool_state

# Menu Manager errors (menu.h)
MENU_STARTED = 0x0F01
MENU_ITEM_NOT_FOUND = 0x0F02
MENU_NO_STRUCT = 0x0F03
MENU_DUP_ID = 0x0F04

# Item flags and menu flags (menu.h)
ITEM_BOLD = 0x0001
ITEM_ITALIC = 0x0002
ITEM_UNDERLINE = 0x0004
ITEM_XOR = 0x0020               # XOR highlighting (the default; "X" clears it)
ITEM_DIVIDER = 0x0040           # "V": a dividing line below the item
ITEM_DISABLED = 0x0080
ITEM_STRUCT_REF = 0x0300        # bits 8-9: how the itemStruct is referenced
ITEM_HAS_STRUCT = 0x0400        # bit 10: the item's name reference is an itemStruct's
ITEM_OUTLINE = 0x0800
ITEM_SHADOW = 0x1000
MENU_DISABLED = 0x0080
MENU_XOR = 0x0020

CHECK_MARK = 0x12               # the IIGS check mark character (drawn as CHECK_GLYPH)

# Geometry, in 640-mode pixels
MENU_BAR_HEIGHT = 13
TITLE_START = 10                # left edge of the first title
TITLE_PAD = 10                  # space on each side of a title's text
ITEM_HEIGHT = 11
MARK_COLUMN = 16                # room for a check mark left of the item text
KEY_COLUMN_PAD = 20             # space between item text and its key equivalent
ITEM_RIGHT_PAD = 10
APPLE_TITLE_WIDTH = 14          # the rainbow apple glyph's width

BLACK = 0
WHITE = 3

# Bar colours (SetBarColors): a word per state, bits 4-7 the background, bits 0-3 the
# text; the outline word's bits 4-7 the line under the bar. Black on white, white on
# black when selected, a black line: on the 640-mode screen colour c is pixel c & 3.
DEFAULT_BAR_COLORS = (0x00F0, 0x000F, 0x0000)
# A menu bar record is a control record (menu.h), its menu handles after it
BAR_OWNER, BAR_RECT, BAR_TITLE_START, BAR_PROC = 0x04, 0x08, 0x11, 0x14
BAR_RECORD_SIZE = 0x2C          # the control record and an empty menu list
BAR_OWNER_WINDOW = 0x80000000   # ctlOwner's bit 31: a window's bar, not the system's
BAR_PROC_STANDARD = 12
MENU_SELECTED = 0x0040          # mSelected: GetMenuFlag's bit for a highlighted title
SCREEN_HEIGHT = 200
POPUP_TITLE_GAP = 6             # DrawPopUp: between the title and the box
POPUP_TEXT_INDENT = MARK_COLUMN # the box's text lines up with the items' when it pops up

# The rainbow apple ("#" = ink), one colour per row.
APPLE_SHAPE = (
    "........##....",
    ".......##.....",
    "...####..####.",
    "..###########.",
    ".###########..",
    ".###########..",
    ".############.",
    "..###########.",
    "...###..###...",
)
# Row colours as 640-mode pixel values for even and odd columns (the standard 640
# palette gives even and odd columns different quarter-palettes, Hardware Reference ch. 4).
APPLE_ROW_PIXELS = (
    (2, 2), (2, 2), (2, 2),  # green (green/yellow)
    (3, 2),                  # yellow (white/yellow)
    (1, 2),                  # orange (red/yellow)
    (1, 0),                  # red
    (1, 1),                  # purple (red/blue)
    (0, 1), (0, 1),          # blue
)


# Glyphs the system font lacks, drawn as bitmaps ("#" = ink), top row at the cap height.
OPEN_APPLE_GLYPH = (
    "....#..",
    "...#...",
    ".##.##.",
    "#.....#",
    "#....#.",
    "#.....#",
    ".##.##.",
)
CHECK_GLYPH = (
    ".......#",
    "......#.",
    "#....#..",
    ".#..#...",
    "..##....",
    "..#.....",
)
GLYPH_GAP = 2


def draw_bitmap(qd, rows: tuple[str, ...], h: int, top: int) -> int:
    """Paint a small "#"-bitmap with the current pen; returns its width."""
    for r, line in enumerate(rows):
        start = None
        for c, ch in enumerate(line + "."):
            if ch == "#" and start is None:
                start = c
            elif ch != "#" and start is not None:
                qd.PaintRect((top + r, h + start, top + r + 1, h + c))
                start = None
    return max(len(line) for line in rows)


@dataclass
class MenuItem:
    """One item line: its text, ID, keyboard equivalents, style and state."""

    text: bytes
    item_id: int
    keys: bytes = b""
    flags: int = 0
    mark: int = 0
    divider: bool = False      # the item itself is a dividing line
    struct: tuple[int, int] | None = None   # (reference type, reference) of its itemStruct

    @property
    def enabled(self) -> bool:
        return not (self.flags & ITEM_DISABLED) and not self.divider

    @property
    def face(self) -> int:
        """The QuickDraw text face of the item's style flags."""
        return (self.flags & 0x0007) | (0x08 if self.flags & ITEM_OUTLINE else 0) \
            | (0x10 if self.flags & ITEM_SHADOW else 0)


@dataclass
class Menu:
    """One menu: title, items, flags and where it sits in the bar."""

    menu_id: int
    title: bytes
    items: list[MenuItem] = field(default_factory=list)
    flags: int = 0
    handle: int = 0
    title_left: int = 0
    title_width: int = 0
    width: int = 0             # pull-down size, set by calc_size
    height: int = 0
    popup_at: tuple[int, int] | None = None   # (top, left) while shown as a pop-up

    @property
    def is_apple(self) -> bool:
        return self.title.strip() == b"@"

    @property
    def enabled(self) -> bool:
        return not self.flags & MENU_DISABLED

    def title_rect(self) -> tuple[int, int, int, int]:
        return (0, self.title_left, MENU_BAR_HEIGHT, self.title_left + self.title_width)

    def menu_rect(self) -> tuple[int, int, int, int]:
        """The pull-down's frame in global coordinates (without the shadow)."""
        if self.popup_at is not None:
            top, left = self.popup_at
            return (top, left, top + self.height, left + self.width)
        top = MENU_BAR_HEIGHT - 1
        left = min(self.title_left, 640 - self.width - 2)
        return (top, left, top + self.height, left + self.width)

    def item_rect(self, index: int) -> tuple[int, int, int, int]:
        top, left, _, right = self.menu_rect()
        v = top + 1 + index * ITEM_HEIGHT
        return (v, left + 1, v + ITEM_HEIGHT, right - 1)

    def item_at(self, v: int, h: int) -> int | None:
        """Index of the item under the global point, or None."""
        top, left, bottom, right = self.menu_rect()
        if not (left < h < right - 1 and top < v < bottom - 1):
            return None
        index = (v - top - 1) // ITEM_HEIGHT
        return index if 0 <= index < len(self.items) else None

    def find_item(self, item_id: int) -> MenuItem | None:
        for item in self.items:
            if item.item_id == item_id:
                return item
        return None


def _parse_options(opts: bytes) -> dict:
    """The option letters after a backslash (Toolbox Reference, "Menu Manager": NewMenu)."""
    out: dict = {"flags": ITEM_XOR}
    i = 0
    while i < len(opts):
        c = chr(opts[i])
        i += 1
        if c == "N":
            j = i
            while j < len(opts) and 0x30 <= opts[j] <= 0x39:
                j += 1
            out["id"] = int(opts[i:j] or b"0")
            i = j
        elif c == "H":
            out["id"] = opts[i] | (opts[i + 1] << 8)
            i += 2
        elif c == "*":
            out["keys"] = opts[i:i + 2]
            i += 2
        elif c == "C":
            out["mark"] = opts[i] if opts[i] != 0x20 else 0
            i += 1
        elif c == "B":
            out["flags"] |= ITEM_BOLD
        elif c == "I":
            out["flags"] |= ITEM_ITALIC
        elif c == "U":
            out["flags"] |= ITEM_UNDERLINE
        elif c == "O":
            out["flags"] |= ITEM_OUTLINE
        elif c == "S":
            out["flags"] |= ITEM_SHADOW
        elif c == "V":
            out["flags"] |= ITEM_DIVIDER
        elif c == "D":
            out["flags"] |= ITEM_DISABLED
        elif c == "X":
            out["flags"] &= ~ITEM_XOR       # colour-replace highlighting
        # anything else (spaces, unknown letters) is ignored, as the ROM does
    return out


def _split_line(line: bytes) -> tuple[bytes, dict]:
    text, sep, opts = line.partition(b"\\")
    return text, (_parse_options(opts) if sep else {"flags": ITEM_XOR})


def parse_menu_string(data: bytes) -> Menu:
    """A Menu from NewMenu's string (the bytes from the pointer on)."""
    lines: list[bytes] = []
    start = 0
    for i, b in enumerate(data):
        if b in (0x0D, 0x00):
            lines.append(data[start:i])
            start = i + 1
            if not lines[-1] and len(lines) > 1:
                break
            if len(lines) > 1 and lines[-1][:1] not in (lines[1][:1], b""):
                break
    if not lines or len(lines[0]) < 2:
        raise ToolError(MENU_NO_STRUCT, "menu string has no title line")
    title_text, title_opts = _split_line(lines[0][2:])
    menu = Menu(title_opts.get("id", 0), title_text,
                flags=MENU_DISABLED if title_opts["flags"] & ITEM_DISABLED else 0)
    if title_opts["flags"] & ITEM_XOR:
        menu.flags |= MENU_XOR
    if len(lines) < 2:
        return menu
    lead = lines[1][:1]
    for line in lines[1:]:
        if not line or line[:1] != lead:
            break
        text, opts = _split_line(line[2:])
        divider = bool(text) and (set(text) == {0x2D} or text == b"(-")
        item = MenuItem(text, opts.get("id", 0), opts.get("keys", b""),
                        opts["flags"] | (ITEM_DISABLED if divider else 0),
                        opts.get("mark", 0), divider)
        menu.items.append(item)
    return menu


def read_menu_string(mem, addr: int, limit: int = 4096) -> bytes:
    """The bytes of a menu string up to its end line (or `limit`)."""
    return read_bytes(mem, addr, limit)


@tool_state("menu")
class MenuManager:
    """The system menu bar: menus in bar order, the highlighted title."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.user_id = 0
        self.menus: list[Menu] = []
        self.by_handle: dict[int, Menu] = {}
        self.hilited: int = 0            # menu ID whose title is inverted, 0 = none
        self.bar_handle = 0
        self.bar_drawn = False
        self._saved: tuple | None = None # (rect, bits) under an open pull-down
        self.name_buffer = 0             # GetMItem's answer lives here
        self.title_buffer = 0            # GetMenuTitle's answer lives here
        self.bars: dict[int, list[Menu]] = {}   # menu lists of bars not current
        self.sys_bar = 0                 # SetSysBar's handle (0: the current bar)
        self.popup_defproc = 0           # GetPopUpDefProc's routine, made once
        self.reset_settings()

    def reset_settings(self) -> None:
        """The settings MenuStartUp starts with: title start, bar colours, blink,
        global flags, the MenuRefresh routine, the bar shown."""
        self.title_start = TITLE_START
        self.bar_colors = list(DEFAULT_BAR_COLORS)
        self.blink = 0
        self.global_flags = 0
        self.redraw_routine = 0
        self.bar_hidden = False

    # -- state ------------------------------------------------------------------------
    def menu(self, menu_id: int) -> Menu:
        for m in self.menus:
            if m.menu_id == menu_id:
                return m
        for m in self.by_handle.values():
            if m.menu_id == menu_id:
                return m
        raise ToolError(MENU_NO_STRUCT, f"no menu {menu_id}")

    def find_item(self, item_id: int) -> tuple[Menu, MenuItem]:
        for m in self.menus + [x for x in self.by_handle.values() if x not in self.menus]:
            item = m.find_item(item_id)
            if item is not None:
                return m, item
        raise ToolError(MENU_ITEM_NOT_FOUND, f"no item {item_id}")

    def new_menu(self, menu: Menu) -> int:
        """Give a parsed menu a handle in emulated memory and remember it."""
        handle = self.tb.mm.new_handle(0x20, self.user_id or 0x1000, 0xC000)
        menu.handle = handle
        self.by_handle[handle] = menu
        self._write_record(menu)
        return handle

    def _write_record(self, menu: Menu) -> None:
        """Mirror the MenuRecord's first fields (menuID, width, height) for programs
        that peek; everything else goes through calls."""
        ptr = self.tb.mm.deref(menu.handle)
        write_word(self.tb.mem, ptr, menu.menu_id)
        write_word(self.tb.mem, ptr + 2, menu.width)
        write_word(self.tb.mem, ptr + 4, menu.height)
        write_word(self.tb.mem, ptr + 12, len(menu.items))

    def menu_of_handle(self, handle: int) -> Menu:
        """The menu a menu handle is (NewMenu's, NewMenu2's); menuNoStruct if none."""
        menu = self.by_handle.get(handle)
        if menu is None:
            raise ToolError(MENU_NO_STRUCT, f"bad menu handle ${handle:06X}")
        return menu

    def insert(self, handle: int, after: int) -> None:
        menu = self.menu_of_handle(handle)
        if any(m.menu_id == menu.menu_id for m in self.menus):
            raise ToolError(MENU_DUP_ID)
        index = 0
        if after:
            index = next((i + 1 for i, m in enumerate(self.menus) if m.menu_id == after),
                         len(self.menus))
        self.menus.insert(index, menu)

    def delete(self, menu_id: int) -> None:
        self.menus = [m for m in self.menus if m.menu_id != menu_id]

    # -- geometry ---------------------------------------------------------------------
    def text_width(self, text: bytes, face: int = 0) -> int:
        qd = self.tb.qd
        if face:
            qd.SetTextFace(face)
        width = qd.StringWidth(text)
        if face:
            qd.SetTextFace(0)
        return width

    def calc_size(self, menu: Menu) -> None:
        text_w = max((self.text_width(i.text, i.face) for i in menu.items
                      if not i.divider), default=0)
        key_w = max((len(OPEN_APPLE_GLYPH[0]) + GLYPH_GAP + self.text_width(i.keys[:1])
                     for i in menu.items if i.keys and not i.divider), default=0)
        menu.width = MARK_COLUMN + text_w + (KEY_COLUMN_PAD + key_w if key_w else 0) \
            + ITEM_RIGHT_PAD + 2
        menu.height = len(menu.items) * ITEM_HEIGHT + 2
        if menu.handle:
            self._write_record(menu)

    def fix_bar(self) -> int:
        """FixMenuBar's core: lay out titles, size every menu; returns the bar height."""
        for menu in self.menus:
            text_w = APPLE_TITLE_WIDTH if menu.is_apple else self.text_width(menu.title)
            menu.title_width = text_w + 2 * TITLE_PAD
            self.calc_size(menu)
        self.place_titles()
        return MENU_BAR_HEIGHT

    def place_titles(self) -> None:
        """Each title's left edge: from the title start, one after the other."""
        h = self.title_start
        for menu in self.menus:
            menu.title_left = h
            h += menu.title_width

    # -- bars -------------------------------------------------------------------------
    def new_bar(self, window_ptr: int) -> int:
        """NewMenuBar's core: an empty bar's handle. Its record is a control record
        (menu.h: MenuBarRec): ctlOwner the window with bit 31 set, or the Menu
        Manager's port for the system bar; ctlRect the bar's; ctlHilite where the
        first title starts; ctlProc 12; the (empty) menu list after it."""
        mem = self.tb.mem
        handle = self.tb.mm.new_handle(BAR_RECORD_SIZE, self.user_id or 0x1000, 0xC000)
        ptr = self.tb.mm.deref(handle)
        if window_ptr:
            owner = window_ptr | BAR_OWNER_WINDOW
        else:
            self.tb.wm.ensure_port()
            owner = self.tb.wm.port
        write_long(mem, ptr + BAR_OWNER, owner)
        for offset, value in zip(range(BAR_RECT, BAR_RECT + 8, 2),
                                 (0, 0, MENU_BAR_HEIGHT, 640)):
            write_word(mem, ptr + offset, value)
        mem[ptr + BAR_TITLE_START] = TITLE_START
        write_long(mem, ptr + BAR_PROC, BAR_PROC_STANDARD)
        self.bars[handle] = []
        return handle

    def use_bar(self, handle: int) -> None:
        """SetMenuBar's core: the bar the following calls act on."""
        if handle == self.bar_handle:
            return
        self.bars[self.bar_handle] = self.menus
        self.menus = self.bars.pop(handle, [])
        self.bar_handle = handle

    # -- items ------------------------------------------------------------------------
    def place_item(self, menu: Menu, item: MenuItem, after: int) -> None:
        """Put an item in a menu after the item with ID `after`: $0000 first, $FFFF
        (or an ID not in the menu) last."""
        if after == 0:
            index = 0
        elif after == 0xFFFF:
            index = len(menu.items)
        else:
            index = next((i + 1 for i, it in enumerate(menu.items) if it.item_id == after),
                         len(menu.items))
        menu.items.insert(index, item)
        self.calc_size(menu)

    def answer_string(self, attr: str, text: bytes) -> int:
        """A Pascal string the Menu Manager keeps for a Get... call's answer (one
        buffer per call, valid until that call is made again)."""
        ptr = getattr(self, attr)
        if not ptr:
            ptr = self.tb.mm.deref(self.tb.mm.new_handle(256, self.user_id or 0x1000, 0xC000))
            setattr(self, attr, ptr)
        write_pstring(self.tb.mem, ptr, text[:255])
        return ptr

    def title_at(self, v: int, h: int) -> Menu | None:
        if not 0 <= v < MENU_BAR_HEIGHT:
            return None
        for menu in self.menus:
            _, left, _, right = menu.title_rect()
            if left <= h < right:
                return menu
        return None

    # -- choosing ---------------------------------------------------------------------
    def select(self, start: tuple[int, int]) -> tuple[int, int]:
        """MenuSelect's core: follow the mouse from `start` (v, h) until release.

        Returns (menu ID, item ID); item 0 when nothing was chosen (then no title
        stays highlighted). The chosen menu's title stays highlighted.
        """
        em = self.tb.em
        open_menu: Menu | None = None
        hot: int | None = None
        point = start
        for point in em.track():
            v, h = point
            over = self.title_at(v, h)
            if over is not None and over is not open_menu:
                self._close(open_menu)
                open_menu, hot = over, None
                self._open(open_menu)
            if open_menu is not None:
                hot = self._follow(open_menu, v, h, hot)
        chosen = self._chosen(open_menu) if open_menu is not None else 0
        self._close(open_menu, keep_title=bool(chosen))
        if open_menu is None or not chosen:
            return (0, 0)
        return (open_menu.menu_id, chosen)

    def _follow(self, menu: Menu, v: int, h: int, hot: int | None) -> int | None:
        """Highlight the enabled item under the mouse (and only it); its index."""
        index = menu.item_at(v, h)
        if index is not None and not (menu.items[index].enabled and menu.enabled):
            index = None
        if index != hot:
            self._hilite_item(menu, hot, False)
            self._hilite_item(menu, index, True)
        return index

    def _chosen(self, menu: Menu) -> int:
        """The ID of the enabled item the button was released on (0: none), blinked
        SetMItemBlink's number of times."""
        index = menu.item_at(*self.tb.em.mouse)
        if index is None or not (menu.items[index].enabled and menu.enabled):
            return 0
        for _ in range(self.blink):
            self._hilite_item(menu, index, False)
            self._hilite_item(menu, index, True)
        return menu.items[index].item_id

    def popup_select(self, menu: Menu, selection: int, left: int, top: int) -> int:
        """PopUpMenuSelect's core: show `menu` with the `selection` item over the
        pop-up's box at (top, left), follow the mouse until release; the chosen
        item's ID, 0 when none (an unknown `selection` shows the first item there)."""
        self.calc_size(menu)
        index = next((i for i, it in enumerate(menu.items) if it.item_id == selection), 0)
        v = min(max(top - 1 - index * ITEM_HEIGHT, 0), max(SCREEN_HEIGHT - menu.height - 1, 0))
        h = min(max(left, 0), max(640 - menu.width - 1, 0))
        menu.popup_at = (v, h)
        try:
            self._show_menu(menu)
            hot = None
            for v, h in self.tb.em.track():
                hot = self._follow(menu, v, h, hot)
            chosen = self._chosen(menu)
            self._close(menu, keep_title=True)
        finally:
            menu.popup_at = None
        return chosen

    def draw_popup(self, menu: Menu, selection: int, rect: tuple[int, int, int, int]) -> None:
        """DrawPopUp's core, in the current port: the menu's title (when it has one)
        at the left of `rect`, then a box with a drop shadow showing the text of the
        `selection` item."""
        qd = self.tb.qd
        top, left, bottom, right = rect
        qd.SetSolidPenPat(WHITE)
        qd.PaintRect(rect)
        qd.SetForeColor(BLACK)
        qd.SetBackColor(WHITE)
        baseline = top + (bottom - top + 6) // 2
        box_left = left
        if menu.title.strip():
            qd.MoveTo(left + 2, baseline)
            qd.DrawString(menu.title)
            box_left = left + 2 + self.text_width(menu.title) + POPUP_TITLE_GAP
        qd.SetSolidPenPat(BLACK)
        if box_left < right - 1 and top < bottom - 1:
            qd.FrameRect((top, box_left, bottom - 1, right - 1))
            qd.PaintRect((top + 2, right - 1, bottom, right))          # drop shadow
            qd.PaintRect((bottom - 1, box_left + 2, bottom, right))
        item = menu.find_item(selection)
        if item is not None:
            qd.SetTextFace(item.face)
            qd.MoveTo(box_left + POPUP_TEXT_INDENT, baseline)
            qd.DrawString(item.text)
            qd.SetTextFace(0)

    def key(self, ch: int, modifiers: int) -> tuple[int, int]:
        """MenuKey's core: the enabled item whose key equivalent is `ch`."""
        if not modifiers & APPLE_KEY:
            return (0, 0)
        for menu in self.menus:
            if not menu.enabled:
                continue
            for item in menu.items:
                if item.enabled and item.keys and ch in item.keys:
                    self.hilite(menu.menu_id, True)
                    return (menu.menu_id, item.item_id)
        return (0, 0)

    # -- drawing ----------------------------------------------------------------------
    def _screen(self):
        """Draw in the Window Manager's port (global coordinates, whole screen)."""
        return self.tb.wm.screen_drawing()

    def bar_pens(self, hilited: bool) -> tuple[int, int]:
        """(background, text) colour of a title, normal or selected (SetBarColors)."""
        word = self.bar_colors[1 if hilited else 0]
        return (word >> 4) & 0x0F, word & 0x0F

    def draw_bar(self) -> None:
        if self.bar_hidden:
            return
        qd = self.tb.qd
        with self._screen():
            qd.SetSolidPenPat(self.bar_pens(False)[0])
            qd.PaintRect((0, 0, MENU_BAR_HEIGHT - 1, 640))
            qd.SetSolidPenPat((self.bar_colors[2] >> 4) & 0x0F)
            qd.PaintRect((MENU_BAR_HEIGHT - 1, 0, MENU_BAR_HEIGHT, 640))
            for menu in self.menus:
                self._draw_title(menu, menu.menu_id == self.hilited)
        self.bar_drawn = True

    def _draw_title(self, menu: Menu, hilited: bool) -> None:
        qd = self.tb.qd
        top, left, bottom, right = menu.title_rect()
        rect = (top, left, bottom - 1, right)
        back, text = self.bar_pens(hilited)
        qd.SetSolidPenPat(back)
        qd.PaintRect(rect)
        if menu.is_apple:
            self._draw_apple(left + TITLE_PAD, 2, hilited)
            return
        qd.SetForeColor(text)
        qd.SetBackColor(back)
        qd.MoveTo(left + TITLE_PAD, 9)
        qd.DrawString(menu.title)
        qd.SetForeColor(BLACK)
        qd.SetBackColor(WHITE)

    def _draw_apple(self, h: int, v: int, hilited: bool) -> None:
        """The colour Apple: one pixel-pair colour per row (640-mode palette), each
        colour painted through a mask in one call (the pixels do not overlap)."""
        qd = self.tb.qd
        colours = np.array([[pair[(h + col) & 1] if c == "#" else -1
                             for col, c in enumerate(line)]
                            for line, pair in zip(APPLE_SHAPE, APPLE_ROW_PIXELS)])
        ink = colours[colours >= 0]
        # the colour of the last pixel last: the pen is left as a pixel-by-pixel drawing
        # would leave it
        for colour in sorted(set(ink.tolist()), key=lambda c: c == ink[-1]):
            qd.SetSolidPenPat(colour)
            qd.PaintMasked((v, h, v + colours.shape[0], h + colours.shape[1]),
                           colours == colour)

    def hilite(self, menu_id: int, on: bool) -> None:
        """HiliteMenu's core."""
        try:
            menu = self.menu(menu_id)
        except ToolError:
            return
        self.hilited = menu_id if on else (0 if self.hilited == menu_id else self.hilited)
        if self.tb.qd is not None and menu in self.menus and not self.bar_hidden:
            with self._screen():
                self._draw_title(menu, on)

    def _open(self, menu: Menu) -> None:
        self.hilite(menu.menu_id, True)
        self._show_menu(menu)

    def _show_menu(self, menu: Menu) -> None:
        """Save the screen under the menu and draw it, frame, shadow and items."""
        qd = self.tb.qd
        top, left, bottom, right = menu.menu_rect()
        shadow = (top, left, bottom + 1, right + 1)
        self._saved = (shadow, qd.save_bits(shadow))
        with self._screen():
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect((top, left, bottom, right))
            qd.SetSolidPenPat(BLACK)
            qd.FrameRect((top, left, bottom, right))
            qd.PaintRect((top + 2, right, bottom + 1, right + 1))     # drop shadow
            qd.PaintRect((bottom, left + 2, bottom + 1, right + 1))
            for index in range(len(menu.items)):
                self._draw_item(menu, index, False)

    def _draw_item(self, menu: Menu, index: int, hilited: bool) -> None:
        qd = self.tb.qd
        item = menu.items[index]
        top, left, bottom, right = menu.item_rect(index)
        qd.SetSolidPenPat(BLACK if hilited else WHITE)
        qd.PaintRect((top, left, bottom, right))
        if item.divider:
            # A dividing line: the 50% grey of the IIGS desktop, across the item.
            qd.SetSolidPenPat(BLACK)
            v = top + ITEM_HEIGHT // 2
            if right > left:
                qd.PaintMasked((v, left, v + 1, right), checker_mask(1, right - left, 0))
            return
        fg = WHITE if hilited else BLACK
        qd.SetForeColor(fg)
        qd.SetBackColor(BLACK if hilited else WHITE)
        baseline = top + 8
        qd.SetSolidPenPat(fg)
        if item.mark == CHECK_MARK:
            draw_bitmap(qd, CHECK_GLYPH, left + 4, baseline - 6)
        elif item.mark:
            qd.MoveTo(left + 4, baseline)
            qd.DrawChar(item.mark)
        qd.SetTextFace(item.face)
        qd.MoveTo(left + MARK_COLUMN, baseline)
        qd.DrawString(item.text)
        qd.SetTextFace(0)
        if item.keys:
            key = item.keys[:1]
            h = right - ITEM_RIGHT_PAD - self.text_width(key)
            qd.SetSolidPenPat(fg)
            draw_bitmap(qd, OPEN_APPLE_GLYPH, h - GLYPH_GAP - len(OPEN_APPLE_GLYPH[0]),
                        baseline - 6)
            qd.MoveTo(h, baseline)
            qd.DrawString(key)
        if not (item.enabled and menu.enabled):
            # Dimmed: knock out every other pixel (the classic grey text).
            qd.SetSolidPenPat(WHITE)
            if bottom > top and right > left:
                qd.PaintMasked((top, left, bottom, right),
                               checker_mask(bottom - top, right - left, (top + 1) & 1))
        if item.flags & ITEM_DIVIDER:
            qd.SetSolidPenPat(BLACK)
            qd.PaintRect((bottom - 1, left, bottom, right))
        qd.SetForeColor(BLACK)
        qd.SetBackColor(WHITE)

    def _hilite_item(self, menu: Menu, index: int | None, on: bool) -> None:
        if index is None or self.tb.qd is None:
            return
        with self._screen():
            self._draw_item(menu, index, on)
        self.tb.wm.present_frame()

    def _close(self, menu: Menu | None, keep_title: bool = False) -> None:
        if menu is None:
            return
        qd = self.tb.qd
        if self._saved is not None:
            rect, bits = self._saved
            qd.restore_bits(rect, bits)
        self._saved = None
        if not keep_title:
            self.hilite(menu.menu_id, False)


def _mgr(tb) -> MenuManager:
    return tb.menu


def _write_task_data(tb, task_ptr: int, menu_id: int, item_id: int) -> None:
    # wmTaskData (+$10): low word item ID, high word menu ID (Toolbox Reference, MenuSelect)
    write_long(tb.mem, task_ptr + 0x10, (menu_id << 16) | item_id)


# -- tool calls (Toolbox Reference vol. 2, Menu Manager) ---------------------------------

@tool(0x0F, 0x02, "WW")
def MenuStartUp(tb, user_id: int, dpage: int) -> None:
    """MenuStartUp(userID:W, dPageAddr:W)"""
    mgr = _mgr(tb)
    mgr.started = True
    mgr.user_id = user_id
    mgr.menus.clear()
    mgr.hilited = 0
    mgr.bars.clear()
    mgr.sys_bar = 0
    mgr.reset_settings()


@tool(0x0F, 0x01)
def MenuBootInit(tb) -> None:
    """MenuBootInit(): nothing to set up before MenuStartUp."""


@tool(0x0F, 0x05)
def MenuReset(tb) -> None:
    """MenuReset(): nothing survives a reset that needs clearing."""


@tool(0x0F, 0x06, "", 2)
def MenuStatus(tb) -> int:
    """MenuStatus() -> activeFlag:W ($FFFF once started)"""
    return 0xFFFF if _mgr(tb).started else 0


@tool(0x0F, 0x03)
def MenuShutDown(tb) -> None:
    """MenuShutDown()"""
    _mgr(tb).started = False


@tool(0x0F, 0x04, "", 2)
def MenuVersion(tb) -> int:
    """MenuVersion() -> versionInfo:W"""
    return 0x0300


@tool(0x0F, 0x2D, "L", 4)
def NewMenu(tb, string_ptr: int) -> int:
    """NewMenu(newMenuString:L*) -> menuHandle:L"""
    mgr = _mgr(tb)
    menu = parse_menu_string(read_menu_string(tb.mem, string_ptr))
    handle = mgr.new_menu(menu)
    mgr.calc_size(menu)
    return handle


# rMenuBar / rMenu / rMenuItem templates (Toolbox Reference vol. 3, ch. 37): the bar
# is version:W, menuBarFlag:W (bits 15-14: how the menus are referred to) and menu
# references ending in 0; a menu is version:W, menuID:W, menuFlag:W (bits 15-14 the
# title's reference type, 13-12 the items', low bits as NewMenu's), titleRef:L and
# item references ending in 0; an item is version:W, itemID:W, itemChar:B,
# itemAltChar:B, itemCheck:W, itemFlag:W (bits 15-14 the title's reference type, low
# bits as NewMenu's), itemTitleRef:L.
REF_TYPE_SHIFT_BAR, REF_TYPE_SHIFT_TITLE, REF_TYPE_SHIFT_ITEMS = 14, 14, 12
TEMPLATE_FLAG_BITS = 0x18FF        # style, XOR, divider, disabled bits of the flags
# An itemStruct (System 6, rItemStruct): itemFlag2:W (bit 15: the item has an icon,
# bits 1-0: how the icon is referenced), itemTitleRef:L, itemIconRef:L.
STRUCT_FLAG2, STRUCT_TITLE, STRUCT_ICON = 0, 2, 6
FLAG2_HAS_ICON = 0x8000
R_ITEM_STRUCT = 0x8028


def title_from_ref(tb, ref_type: int, ref: int) -> bytes:
    """A title given by reference: a Pascal string by pointer, handle or rPString."""
    from toolbox.resource import R_PSTRING, ref_address
    return read_pstring(tb.mem, ref_address(tb, ref_type, ref, R_PSTRING))


def item_from_template(tb, addr: int) -> MenuItem:
    """A MenuItem from an rMenuItem template at `addr`."""
    mem = tb.mem
    item_flag = read_word(mem, addr + 8)
    title_ref = read_long(mem, addr + 10)
    struct = None
    if item_flag & ITEM_HAS_STRUCT:      # the reference is the itemStruct's, the title in it
        struct = ((item_flag & ITEM_STRUCT_REF) >> 8, title_ref)
        title_ref = read_long(mem, struct_address(tb, struct) + STRUCT_TITLE)
    text = title_from_ref(tb, (item_flag >> REF_TYPE_SHIFT_TITLE) & 3, title_ref)
    keys = bytes(mem[addr + 4:addr + 6]) if mem[addr + 4] else b""
    divider = bool(text) and set(text) == {0x2D}
    return MenuItem(text, read_word(mem, addr + 2), keys,
                    (item_flag & TEMPLATE_FLAG_BITS) | (ITEM_DISABLED if divider else 0),
                    read_word(mem, addr + 6) & 0xFF, divider, struct)


def struct_address(tb, struct: tuple[int, int]) -> int:
    """Where an item's itemStruct is (by pointer, handle or rItemStruct resource)."""
    from toolbox.resource import ref_address
    return ref_address(tb, struct[0], struct[1], R_ITEM_STRUCT)


def menu_from_template(tb, addr: int) -> Menu:
    """A Menu from an rMenu template at `addr` (its items and title by reference)."""
    from toolbox.resource import R_MENU_ITEM, ref_address
    mem = tb.mem
    flag = read_word(mem, addr + 4)
    title = title_from_ref(tb, (flag >> REF_TYPE_SHIFT_TITLE) & 3, read_long(mem, addr + 6))
    menu = Menu(read_word(mem, addr + 2), title, flags=flag & (MENU_DISABLED | MENU_XOR))
    p = addr + 10
    while read_long(mem, p):
        menu.items.append(item_from_template(tb, ref_address(
            tb, (flag >> REF_TYPE_SHIFT_ITEMS) & 3, read_long(mem, p), R_MENU_ITEM)))
        p += 4
    return menu


def _item_template(tb, ref_descriptor: int, ref: int) -> MenuItem:
    from toolbox.resource import R_MENU_ITEM, ref_address
    return item_from_template(tb, ref_address(tb, ref_descriptor, ref, R_MENU_ITEM))


@tool(0x0F, 0x3E, "WL", 4)
def NewMenu2(tb, ref_descriptor: int, menu_t_ref: int) -> int:
    """NewMenu2(refDescriptor:W, menuTRef:L): menuHandle:L -- from an rMenu template
    by pointer (0), handle (1) or resource ID (2)."""
    from toolbox.resource import R_MENU, ref_address
    mgr = _mgr(tb)
    menu = menu_from_template(tb, ref_address(tb, ref_descriptor, menu_t_ref, R_MENU))
    handle = mgr.new_menu(menu)
    mgr.calc_size(menu)
    return handle


@tool(0x0F, 0x3F, "WLWW")
def InsertMItem2(tb, ref_descriptor: int, item_t_ref: int, insert_after: int,
                 menu_num: int) -> None:
    """InsertMItem2(refDescriptor:W, itemTRef:L, insertAfter:W, menuNum:W) -- after
    the item with that ID; $0000 first, $FFFF last."""
    mgr = _mgr(tb)
    mgr.place_item(mgr.menu(menu_num), _item_template(tb, ref_descriptor, item_t_ref),
                   insert_after)


@tool(0x0F, 0x40, "WLW")
def SetMenuTitle2(tb, ref_descriptor: int, title_ref: int, menu_num: int) -> None:
    """SetMenuTitle2(refDescriptor:W, titleRef:L, menuNum:W)"""
    _mgr(tb).menu(menu_num).title = title_from_ref(tb, ref_descriptor, title_ref)


@tool(0x0F, 0x41, "WLW")
def SetMItem2(tb, ref_descriptor: int, item_t_ref: int, item_num: int) -> None:
    """SetMItem2(refDescriptor:W, itemTRef:L, itemNum:W) -- the item becomes the
    template's."""
    mgr = _mgr(tb)
    menu, old = mgr.find_item(item_num)
    menu.items[menu.items.index(old)] = _item_template(tb, ref_descriptor, item_t_ref)
    mgr.calc_size(menu)


@tool(0x0F, 0x42, "WLW")
def SetMItemName2(tb, ref_descriptor: int, title_ref: int, item_num: int) -> None:
    """SetMItemName2(refDescriptor:W, titleRef:L, itemNum:W)"""
    mgr = _mgr(tb)
    menu, item = mgr.find_item(item_num)
    item.text = title_from_ref(tb, ref_descriptor, title_ref)
    mgr.calc_size(menu)


@tool(0x0F, 0x43, "WLL", 4)
def NewMenuBar2(tb, ref_descriptor: int, menu_bar_ref: int, window_ptr: int) -> int:
    """NewMenuBar2(refDescriptor:W, menuBarTRef:L, windowPtr:L): menuBarHandle:L --
    the menus of an rMenuBar template (pointer 0, handle 1, resource ID 2) made and
    put in the bar in order. There is one bar here, the system bar: its handle is
    returned for SetSysBar/SetMenuBar (a window's own bar is not drawn apart)."""
    from toolbox.resource import R_MENU, R_MENU_BAR, ref_address
    mgr = _mgr(tb)
    mem = tb.mem
    addr = ref_address(tb, ref_descriptor, menu_bar_ref, R_MENU_BAR)
    ref_type = (read_word(mem, addr + 2) >> REF_TYPE_SHIFT_BAR) & 3
    p = addr + 4
    while read_long(mem, p):
        menu = menu_from_template(tb, ref_address(tb, ref_type, read_long(mem, p), R_MENU))
        handle = mgr.new_menu(menu)
        mgr.calc_size(menu)
        mgr.insert(handle, mgr.menus[-1].menu_id if mgr.menus else 0)
        p += 4
    if window_ptr:
        tb.call_log.append(f"NewMenuBar2: window ${window_ptr:06X}'s bar is the system bar")
    if not mgr.bar_handle:
        mgr.bar_handle = tb.mm.new_handle(0x10, mgr.user_id or 0x1000, 0xC000)
    return mgr.bar_handle


@tool(0x0F, 0x0D, "LW")
def InsertMenu(tb, handle: int, after: int) -> None:
    """InsertMenu(addMenu:L, insertAfter:W)"""
    _mgr(tb).insert(handle, after)


@tool(0x0F, 0x0E, "W")
def DeleteMenu(tb, menu_id: int) -> None:
    """DeleteMenu(menuNum:W)"""
    _mgr(tb).delete(menu_id)


@tool(0x0F, 0x2E, "L")
def DisposeMenu(tb, handle: int) -> None:
    """DisposeMenu(theMenuHandle:L)"""
    mgr = _mgr(tb)
    menu = mgr.by_handle.pop(handle, None)
    if menu is not None and menu in mgr.menus:
        mgr.menus.remove(menu)


@tool(0x0F, 0x13, "", 2)
def FixMenuBar(tb) -> int:
    """FixMenuBar() -> height:W"""
    return _mgr(tb).fix_bar()


@tool(0x0F, 0x2A)
def DrawMenuBar(tb) -> None:
    """DrawMenuBar()"""
    _mgr(tb).draw_bar()


@tool(0x0F, 0x2B, "LL")
def MenuSelect(tb, task_ptr: int, bar: int) -> None:
    """MenuSelect(theTask:L*, theMenuBar:L): result in the task record's wmTaskData."""
    start = (s16(read_word(tb.mem, task_ptr + 10)), s16(read_word(tb.mem, task_ptr + 12)))
    menu_id, item_id = _mgr(tb).select(start)
    _write_task_data(tb, task_ptr, menu_id, item_id)


@tool(0x0F, 0x09, "LL")
def MenuKey(tb, task_ptr: int, bar: int) -> None:
    """MenuKey(theTask:L*, theMenuBar:L): result in the task record's wmTaskData."""
    ch = read_long(tb.mem, task_ptr + 2) & 0xFF
    modifiers = read_word(tb.mem, task_ptr + 14)
    menu_id, item_id = _mgr(tb).key(ch, modifiers)
    _write_task_data(tb, task_ptr, menu_id, item_id)


@tool(0x0F, 0x2C, "WW")
def HiliteMenu(tb, flag: int, menu_id: int) -> None:
    """HiliteMenu(hiliteFlag:W, menuNum:W)"""
    _mgr(tb).hilite(menu_id, bool(flag))


def _set_mark(tb, item_id: int, mark: int) -> None:
    _, item = _mgr(tb).find_item(item_id)
    item.mark = mark & 0xFF


@tool(0x0F, 0x32, "WW")
def CheckMItem(tb, checked: int, item_id: int) -> None:
    """CheckMItem(checkedFlag:W, itemNum:W)"""
    _set_mark(tb, item_id, CHECK_MARK if checked else 0)


@tool(0x0F, 0x33, "WW")
def SetMItemMark(tb, mark: int, item_id: int) -> None:
    """SetMItemMark(mark:W, itemNum:W)"""
    _set_mark(tb, item_id, mark)


@tool(0x0F, 0x34, "W", 2)
def GetMItemMark(tb, item_id: int) -> int:
    """GetMItemMark(itemNum:W) -> mark:W"""
    return _mgr(tb).find_item(item_id)[1].mark


@tool(0x0F, 0x30, "W")
def EnableMItem(tb, item_id: int) -> None:
    """EnableMItem(itemNum:W)"""
    _, item = _mgr(tb).find_item(item_id)
    if not item.divider:
        item.flags &= ~ITEM_DISABLED


@tool(0x0F, 0x31, "W")
def DisableMItem(tb, item_id: int) -> None:
    """DisableMItem(itemNum:W)"""
    _mgr(tb).find_item(item_id)[1].flags |= ITEM_DISABLED


@tool(0x0F, 0x26, "WW")
def SetMItemFlag(tb, value: int, item_id: int) -> None:
    """SetMItemFlag(newValue:W, itemNum:W): $0080 disable, $FF7F enable, $0040 /
    $FFBF divider below on/off, $0020 / $FFDF XOR / colour highlighting."""
    _, item = _mgr(tb).find_item(item_id)
    if value & 0x8000:
        item.flags &= value
    else:
        item.flags |= value


@tool(0x0F, 0x1F, "WW")
def SetMenuFlag(tb, value: int, menu_id: int) -> None:
    """SetMenuFlag(newvalue:W, menuNum:W)"""
    menu = _mgr(tb).menu(menu_id)
    if value & 0x8000:
        menu.flags &= value
    else:
        menu.flags |= value


@tool(0x0F, 0x3A, "LW")
def SetMItemName(tb, name_ptr: int, item_id: int) -> None:
    """SetMItemName(newName:L*, itemNum:W)"""
    mgr = _mgr(tb)
    menu, item = mgr.find_item(item_id)
    item.text = read_pstring(tb.mem, name_ptr)
    mgr.calc_size(menu)


@tool(0x0F, 0x25, "W", 4)
def GetMItem(tb, item_id: int) -> int:
    """GetMItem(itemNum:W) -> itemNamePtr:L (a Pascal string the Menu Manager keeps;
    valid until the next GetMItem)"""
    mgr = _mgr(tb)
    return mgr.answer_string("name_buffer", mgr.find_item(item_id)[1].text)


@tool(0x0F, 0x21, "LW")
def SetMenuTitle(tb, title_ptr: int, menu_id: int) -> None:
    """SetMenuTitle(newTitle:L*, menuNum:W): a Pascal string (Toolbox Reference)."""
    _mgr(tb).menu(menu_id).title = read_pstring(tb.mem, title_ptr)


@tool(0x0F, 0x14, "W", 2)
def CountMItems(tb, menu_id: int) -> int:
    """CountMItems(menuNum:W) -> count:W"""
    return len(_mgr(tb).menu(menu_id).items)


@tool(0x0F, 0x16, "W", 4)
def GetMHandle(tb, menu_id: int) -> int:
    """GetMHandle(menuNum:W) -> menuHandle:L"""
    return _mgr(tb).menu(menu_id).handle


@tool(0x0F, 0x11, "", 4)
def GetSysBar(tb) -> int:
    """GetSysBar() -> barHandle:L (SetSysBar's bar, else the current one)"""
    mgr = _mgr(tb)
    return mgr.sys_bar or mgr.bar_handle


@tool(0x0F, 0x0A, "", 4)
def GetMenuBar(tb) -> int:
    """GetMenuBar() -> barHandle:L"""
    return _mgr(tb).bar_handle


@tool(0x0F, 0x12, "L")
def SetSysBar(tb, handle: int) -> None:
    """SetSysBar(theBarHandle:L): the bar GetSysBar answers; SetMenuBar still chooses
    the one the calls act on and that is drawn."""
    _mgr(tb).sys_bar = handle


@tool(0x0F, 0x39, "L")
def SetMenuBar(tb, handle: int) -> None:
    """SetMenuBar(theBarHandle:L): the bar the menu calls act on and DrawMenuBar
    draws (one bar is shown: the menu bar at the top of the screen)."""
    _mgr(tb).use_bar(handle)


@tool(0x0F, 0x1C, "WWW")
def CalcMenuSize(tb, width: int, height: int, menu_id: int) -> None:
    """CalcMenuSize(newWidth:W, newHeight:W, menuNum:W): 0 = compute from the items."""
    mgr = _mgr(tb)
    menu = mgr.menu(menu_id)
    mgr.calc_size(menu)
    if width and width != 0xFFFF:
        menu.width = width
    if height and height != 0xFFFF:
        menu.height = height


@tool(0x0F, 0x2F)
def InitPalette(tb) -> None:
    """InitPalette(): the Apple menu colours are built in; nothing to load."""


# -- the rest of the Toolbox Reference's calls (vols. 1 and 3, System 6) ----------------

def _item_line(tb, ptr: int) -> MenuItem:
    """A MenuItem from one item line as in NewMenu's string (two lead characters,
    the text, options after a backslash; ends at $0D or $00)."""
    data = read_bytes(tb.mem, ptr, 512)
    end = min((i for i in (data.find(b"\r"), data.find(b"\0")) if i >= 0), default=len(data))
    text, opts = _split_line(data[2:end])
    divider = bool(text) and (set(text) == {0x2D} or text == b"(-")
    return MenuItem(text, opts.get("id", 0), opts.get("keys", b""),
                    opts["flags"] | (ITEM_DISABLED if divider else 0),
                    opts.get("mark", 0), divider)


def _set_or_clear(value: int, current: int) -> int:
    """The Menu Manager's flag convention: bit 15 set ANDs the value in (clears
    bits), bit 15 clear ORs it in (sets bits)."""
    return current & value if value & 0x8000 else current | value


@tool(0x0F, 0x0B, "L")
def MenuRefresh(tb, redraw_ptr: int) -> None:
    """MenuRefresh(redrawPtr:L): the routine to call to redraw the screen under a menu
    when it could not be saved. Remembered; the screen under a menu is always saved
    here, so it is never called."""
    _mgr(tb).redraw_routine = redraw_ptr


@tool(0x0F, 0x0C)
def FlashMenuBar(tb) -> None:
    """FlashMenuBar(): the bar drawn with its normal and selected colours swapped,
    then as it was."""
    mgr = _mgr(tb)
    if mgr.bar_hidden or tb.qd is None:
        return
    for _ in range(2):
        mgr.bar_colors[0], mgr.bar_colors[1] = mgr.bar_colors[1], mgr.bar_colors[0]
        mgr.draw_bar()
        tb.wm.present_frame()


@tool(0x0F, 0x0F, "LWW")
def InsertMItem(tb, item_ptr: int, insert_after: int, menu_num: int) -> None:
    """InsertMItem(addItem:L*, insertAfter:W, menuNum:W): an item line (NewMenu's
    syntax) put after the item with that ID; $0000 first, $FFFF last."""
    mgr = _mgr(tb)
    mgr.place_item(mgr.menu(menu_num), _item_line(tb, item_ptr), insert_after)


@tool(0x0F, 0x10, "W")
def DeleteMItem(tb, item_num: int) -> None:
    """DeleteMItem(itemNum:W)"""
    mgr = _mgr(tb)
    menu, item = mgr.find_item(item_num)
    menu.items.remove(item)
    mgr.calc_size(menu)


@tool(0x0F, 0x24, "LW")
def SetMItem(tb, item_ptr: int, item_num: int) -> None:
    """SetMItem(newItemLine:L*, itemNum:W): the item's text becomes the line's (an
    item line as NewMenu's: two lead characters, the text up to a backslash, $0D or
    $00); its ID, flags, mark and keys stay."""
    mgr = _mgr(tb)
    menu, item = mgr.find_item(item_num)
    new = _item_line(tb, item_ptr)
    item.text, item.divider = new.text, new.divider
    if new.divider:
        item.flags |= ITEM_DISABLED
    mgr.calc_size(menu)


@tool(0x0F, 0x15, "L", 4)
def NewMenuBar(tb, window_ptr: int) -> int:
    """NewMenuBar(theWindowPtr:L) -> menuBarHandle:L: an empty bar; SetMenuBar makes
    it the one the menu calls act on, SetSysBar the system bar."""
    return _mgr(tb).new_bar(window_ptr)


@tool(0x0F, 0x17, "WWW")
def SetBarColors(tb, bar_color: int, invert_color: int, out_color: int) -> None:
    """SetBarColors(newBarColor:W, newInvertColor:W, newOutColor:W): bits 0-3 the
    text, 4-7 the background (the outline's bits 4-7 its colour); a negative value
    ($FFFF) leaves a colour as it is. Takes effect when the bar is next drawn."""
    mgr = _mgr(tb)
    for i, value in enumerate((bar_color, invert_color, out_color)):
        if not value & 0x8000:
            mgr.bar_colors[i] = value


@tool(0x0F, 0x18, "", 4)
def GetBarColors(tb) -> int:
    """GetBarColors() -> barColors:L: bits 0-3 / 4-7 the normal text / background,
    8-11 / 12-15 the selected ones, 20-23 the outline."""
    normal, inverse, outline = _mgr(tb).bar_colors
    return (outline << 16) | (inverse << 8) | normal


@tool(0x0F, 0x19, "W")
def SetMTitleStart(tb, x_start: int) -> None:
    """SetMTitleStart(xStart:W): where the first title starts; the titles move."""
    mgr = _mgr(tb)
    mgr.title_start = x_start & 0x7F         # bits 0-6, as the bar record keeps it
    mgr.place_titles()


@tool(0x0F, 0x1A, "", 2)
def GetMTitleStart(tb) -> int:
    """GetMTitleStart() -> xStart:W"""
    return _mgr(tb).title_start


@tool(0x0F, 0x1B, "", 4)
def GetMenuMgrPort(tb) -> int:
    """GetMenuMgrPort() -> portPtr:L: menus are drawn in the Window Manager's port."""
    tb.wm.ensure_port()
    return tb.wm.port


@tool(0x0F, 0x1D, "WW")
def SetMTitleWidth(tb, width: int, menu_num: int) -> None:
    """SetMTitleWidth(newWidth:W, menuNum:W): the titles after it move."""
    mgr = _mgr(tb)
    mgr.menu(menu_num).title_width = width
    mgr.place_titles()


@tool(0x0F, 0x1E, "W", 2)
def GetMTitleWidth(tb, menu_num: int) -> int:
    """GetMTitleWidth(menuNum:W) -> titleWidth:W"""
    return _mgr(tb).menu(menu_num).title_width


@tool(0x0F, 0x20, "W", 2)
def GetMenuFlag(tb, menu_num: int) -> int:
    """GetMenuFlag(menuNum:W) -> menuFlag:W: mDisabled, mXor, and mSelected while
    the title is highlighted."""
    mgr = _mgr(tb)
    menu = mgr.menu(menu_num)
    return (menu.flags & 0xFF) | (MENU_SELECTED if mgr.hilited == menu_num else 0)


@tool(0x0F, 0x22, "W", 4)
def GetMenuTitle(tb, menu_num: int) -> int:
    """GetMenuTitle(menuNum:W) -> titlePtr:L: a Pascal string the Menu Manager keeps
    (as SetMenuTitle takes one), valid until the next GetMenuTitle."""
    mgr = _mgr(tb)
    return mgr.answer_string("title_buffer", mgr.menu(menu_num).title)


@tool(0x0F, 0x23, "W", 2)
def MenuGlobal(tb, mask: int) -> int:
    """MenuGlobal(menuGlobalMask:W) -> menuGlobal:W: bit 15 set clears the mask's zero
    bits, clear sets its one bits; the flags as they are then."""
    mgr = _mgr(tb)
    mgr.global_flags = _set_or_clear(mask, mgr.global_flags) & 0xFFFF
    return mgr.global_flags


@tool(0x0F, 0x27, "W", 2)
def GetMItemFlag(tb, item_num: int) -> int:
    """GetMItemFlag(itemNum:W) -> itemFlag:W: disabled, divider below, XOR, the style
    bits, and the itemStruct bits."""
    item = _mgr(tb).find_item(item_num)[1]
    struct = ITEM_HAS_STRUCT | (item.struct[0] << 8) if item.struct else 0
    return item.flags | struct


@tool(0x0F, 0x28, "W")
def SetMItemBlink(tb, count: int) -> None:
    """SetMItemBlink(count:W): how often a chosen item blinks before its menu closes."""
    _mgr(tb).blink = count


@tool(0x0F, 0x4F, "", 2)
def GetMItemBlink(tb) -> int:
    """GetMItemBlink() -> count:W"""
    return _mgr(tb).blink


@tool(0x0F, 0x29)
def MenuNewRes(tb) -> None:
    """MenuNewRes(): after a change of screen mode, the bar laid out and drawn again."""
    mgr = _mgr(tb)
    mgr.fix_bar()
    if mgr.bar_drawn:
        mgr.draw_bar()


# QuickDraw text style bits (SetMItemStyle) and the item flags that keep them
STYLE_TO_FLAG = ((0x01, ITEM_BOLD), (0x02, ITEM_ITALIC), (0x04, ITEM_UNDERLINE),
                 (0x08, ITEM_OUTLINE), (0x10, ITEM_SHADOW))
STYLE_FLAGS = ITEM_BOLD | ITEM_ITALIC | ITEM_UNDERLINE | ITEM_OUTLINE | ITEM_SHADOW


@tool(0x0F, 0x35, "WW")
def SetMItemStyle(tb, text_style: int, item_num: int) -> None:
    """SetMItemStyle(textStyle:W, itemNum:W): bold, italic, underline, outline,
    shadow as QuickDraw's text face."""
    mgr = _mgr(tb)
    menu, item = mgr.find_item(item_num)
    item.flags = (item.flags & ~STYLE_FLAGS) | sum(
        flag for bit, flag in STYLE_TO_FLAG if text_style & bit)
    mgr.calc_size(menu)


@tool(0x0F, 0x36, "W", 2)
def GetMItemStyle(tb, item_num: int) -> int:
    """GetMItemStyle(itemNum:W) -> textStyle:W"""
    return _mgr(tb).find_item(item_num)[1].face


@tool(0x0F, 0x37, "WW")
def SetMenuID(tb, new_num: int, cur_num: int) -> None:
    """SetMenuID(newMenuNum:W, curMenuNum:W): the record's menuID follows."""
    mgr = _mgr(tb)
    menu = mgr.menu(cur_num)
    menu.menu_id = new_num
    if mgr.hilited == cur_num:
        mgr.hilited = new_num
    if menu.handle:
        mgr._write_record(menu)


@tool(0x0F, 0x38, "WW")
def SetMItemID(tb, new_num: int, cur_num: int) -> None:
    """SetMItemID(newItemNum:W, curItemNum:W)"""
    _mgr(tb).find_item(cur_num)[1].item_id = new_num


def _struct_of(tb, item_num: int) -> int | None:
    """The address of an item's itemStruct, None when it has none."""
    item = _mgr(tb).find_item(item_num)[1]
    return struct_address(tb, item.struct) if item.struct else None


def _struct_required(tb, item_num: int) -> int:
    addr = _struct_of(tb, item_num)
    if addr is None:
        raise ToolError(MENU_NO_STRUCT, f"item {item_num} has no itemStruct")
    return addr


@tool(0x0F, 0x4C, "W", 2)
def GetMItemFlag2(tb, item_num: int) -> int:
    """GetMItemFlag2(itemNum:W) -> itemFlag2:W: its itemStruct's; 0 without one."""
    addr = _struct_of(tb, item_num)
    return 0 if addr is None else read_word(tb.mem, addr + STRUCT_FLAG2)


@tool(0x0F, 0x4D, "WW")
def SetMItemFlag2(tb, value: int, item_num: int) -> None:
    """SetMItemFlag2(newValue:W, itemNum:W): its itemStruct's itemFlag2 becomes the
    value; an item without an itemStruct is left alone."""
    addr = _struct_of(tb, item_num)
    if addr is not None:
        write_word(tb.mem, addr + STRUCT_FLAG2, value)


@tool(0x0F, 0x47, "WLW")
def SetMItemIcon(tb, icon_desc: int, icon_ref: int, item_num: int) -> None:
    """SetMItemIcon(iconDesc:W, iconRef:L, itemNum:W): into the item's itemStruct
    (itemIconRef, and itemFlag2's icon bit and reference type); menuNoStruct without
    one. The icon is kept, not drawn (docs/compatibility.md)."""
    addr = _struct_required(tb, item_num)
    flag2 = read_word(tb.mem, addr + STRUCT_FLAG2)
    write_word(tb.mem, addr + STRUCT_FLAG2, (flag2 & ~3) | (icon_desc & 3) | FLAG2_HAS_ICON)
    write_long(tb.mem, addr + STRUCT_ICON, icon_ref)


@tool(0x0F, 0x48, "W", 4)
def GetMItemIcon(tb, item_num: int) -> int:
    """GetMItemIcon(itemNum:W) -> iconRef:L (0: no icon; menuNoStruct without an
    itemStruct)"""
    addr = _struct_required(tb, item_num)
    if not read_word(tb.mem, addr + STRUCT_FLAG2) & FLAG2_HAS_ICON:
        return 0
    return read_long(tb.mem, addr + STRUCT_ICON)


@tool(0x0F, 0x49, "WLW")
def SetMItemStruct(tb, struct_desc: int, struct_ref: int, item_num: int) -> None:
    """SetMItemStruct(itemStructDesc:W, itemStructRef:L, itemNum:W): the item's name
    moves into the itemStruct's itemTitleRef (a Pascal string the Menu Manager keeps),
    its flags say it has one."""
    mgr = _mgr(tb)
    item = mgr.find_item(item_num)[1]
    item.struct = (struct_desc & 3, struct_ref)
    text = item.text[:255]
    name = tb.mm.deref(tb.mm.new_handle(len(text) + 1, mgr.user_id or 0x1000, 0xC000))
    write_pstring(tb.mem, name, text)
    write_long(tb.mem, struct_address(tb, item.struct) + STRUCT_TITLE, name)


@tool(0x0F, 0x4A, "W", 4)
def GetMItemStruct(tb, item_num: int) -> int:
    """GetMItemStruct(itemNum:W) -> itemStructRef:L (0: the item has none)"""
    item = _mgr(tb).find_item(item_num)[1]
    return item.struct[1] if item.struct else 0


@tool(0x0F, 0x4B, "W")
def RemoveMItemStruct(tb, item_num: int) -> None:
    """RemoveMItemStruct(itemNum:W): the item keeps its name and has no itemStruct
    (so no icon) again."""
    _mgr(tb).find_item(item_num)[1].struct = None


@tool(0x0F, 0x45)
def HideMenuBar(tb) -> None:
    """HideMenuBar(): the desktop and windows drawn where the bar was; clicks there
    no longer reach the menus."""
    mgr = _mgr(tb)
    if mgr.bar_hidden:
        return
    mgr.bar_hidden = True
    mgr.bar_drawn = False
    if tb.qd is not None:
        tb.wm.refresh((0, 0, MENU_BAR_HEIGHT, 640))


@tool(0x0F, 0x46)
def ShowMenuBar(tb) -> None:
    """ShowMenuBar(): the bar drawn again."""
    mgr = _mgr(tb)
    if not mgr.bar_hidden:
        return
    mgr.bar_hidden = False
    if tb.qd is not None:
        mgr.draw_bar()


@tool(0x0F, 0x3C, "WWWWL", 2)
def PopUpMenuSelect(tb, selection: int, current_left: int, current_top: int, flag: int,
                    menu_handle: int) -> int:
    """PopUpMenuSelect(selection:W, currentLeft:W, currentTop:W, flag:W,
    menuHandle:L) -> newSelection:W: the menu shown with the selected item over
    (currentTop, currentLeft), global; the item chosen, 0 when none."""
    return _mgr(tb).popup_select(_mgr(tb).menu_of_handle(menu_handle), selection,
                                 s16(current_left), s16(current_top))


@tool(0x0F, 0x3D, "WWWWWWL")
def DrawPopUp(tb, selection: int, flag: int, right: int, bottom: int, left: int, top: int,
              menu_handle: int) -> None:
    """DrawPopUp(selection:W, flag:W, right:W, bottom:W, left:W, top:W, menuHandle:L):
    the closed pop-up in the current port."""
    _mgr(tb).draw_popup(_mgr(tb).menu_of_handle(menu_handle), selection,
                        (s16(top), s16(left), s16(bottom), s16(right)))


# GetPopUpDefProc's routine: a control definition procedure that answers 0 to every
# message (result:L, message:W, ctlHandle:L, param:L on the stack; full native mode):
#   LDA #0 / STA 14,S / STA 16,S       the result
#   LDA 1,S / STA 11,S / LDA 2,S / STA 12,S   the return address over the parameters
#   TSC / CLC / ADC #10 / TCS / RTL    drop them
POPUP_DEFPROC_CODE = bytes.fromhex("a90000830e8310a301830ba302830c3b18690a001b6b")


@tool(0x0F, 0x3B, "", 4)
def GetPopUpDefProc(tb) -> int:
    """GetPopUpDefProc() -> defProcPtr:L: the pop-up control's definition procedure.
    Pop-up controls are drawn and tracked by the Control Manager calling DrawPopUp and
    PopUpMenuSelect; the routine here only answers 0, so a program that calls it
    directly gets no drawing (docs/compatibility.md)."""
    mgr = _mgr(tb)
    if not mgr.popup_defproc:
        handle = tb.mm.new_handle(len(POPUP_DEFPROC_CODE), mgr.user_id or 0x1000, 0xC000)
        mgr.popup_defproc = tb.mm.deref(handle)
        tb.mem[mgr.popup_defproc:mgr.popup_defproc + len(POPUP_DEFPROC_CODE)] = \
            POPUP_DEFPROC_CODE
    return mgr.popup_defproc


# InsertPathMItems' flags (System 6 Menu Manager notes)
PATH_DEVICE_FIRST = 0x0001      # bit 0: the device (volume) item at the top
RESULT_HIGHEST_ID, RESULT_STRUCTS, RESULT_PATH = 0, 2, 6
STRUCT_SIZE = 10


@tool(0x0F, 0x50, "WLWWWWL")
def InsertPathMItems(tb, flags: int, path_ptr: int, device_num: int, menu_id: int,
                     after_id: int, start_id: int, result_ptr: int) -> None:
    """InsertPathMItems(flags:W, pathPtr:L, deviceNum:W, menuID:W, insertAfter:W,
    startingItemID:W, resultPtr:L): an item for each name of a GS/OS pathname (a
    class 1 input string; prefixes expanded), IDs from startingItemID on, the volume
    first; each inserted after insertAfter, so the volume ends at the bottom, unless
    flags bit 0 puts it at the top. Each item has an itemStruct (10 bytes: flag2
    $8000, the name, no icon here). The result record: +0 the highest ID made, +2
    the handle of the itemStructs, +6 the handle of the path's names, both for the
    caller to dispose of."""
    from toolbox.gsos import GSOSError
    mgr = _mgr(tb)
    menu = mgr.menu(menu_id)
    raw = read_bytes(tb.mem, path_ptr + 2, read_word(tb.mem, path_ptr))
    try:
        names = tb.gsos.resolve(raw.decode("latin-1"))
    except GSOSError as err:
        raise ToolError(err.code, str(err)) from None
    user = mgr.user_id or 0x1000
    text_ptr = tb.mm.deref(path_handle := tb.mm.new_handle(
        sum(len(n) + 1 for n in names) or 1, user, 0xC010))
    struct_ptr = tb.mm.deref(structs_handle := tb.mm.new_handle(
        STRUCT_SIZE * len(names) or 1, user, 0xC010))
    after = after_id
    for i, name in enumerate(names):
        write_pstring(tb.mem, text_ptr, name.encode("latin-1"))
        struct = struct_ptr + i * STRUCT_SIZE
        write_word(tb.mem, struct + STRUCT_FLAG2, FLAG2_HAS_ICON)
        write_long(tb.mem, struct + STRUCT_TITLE, text_ptr)
        write_long(tb.mem, struct + STRUCT_ICON, 0)
        item = MenuItem(name.encode("latin-1"), start_id + i, flags=ITEM_XOR,
                        struct=(0, struct))
        mgr.place_item(menu, item, after)
        if flags & PATH_DEVICE_FIRST:
            after = item.item_id
        text_ptr += len(name) + 1
    write_word(tb.mem, result_ptr + RESULT_HIGHEST_ID, start_id + len(names) - 1)
    write_long(tb.mem, result_ptr + RESULT_STRUCTS, structs_handle)
    write_long(tb.mem, result_ptr + RESULT_PATH, path_handle)
