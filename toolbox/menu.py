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
ITEM_XOR = 0x0020
ITEM_DIVIDER = 0x0040           # "V": a dividing line below the item
ITEM_DISABLED = 0x0080
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
    out: dict = {"flags": 0}
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
            out["flags"] |= ITEM_XOR
        # anything else (spaces, unknown letters) is ignored, as the ROM does
    return out


def _split_line(line: bytes) -> tuple[bytes, dict]:
    text, sep, opts = line.partition(b"\\")
    return text, (_parse_options(opts) if sep else {"flags": 0})


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

    def insert(self, handle: int, after: int) -> None:
        menu = self.by_handle.get(handle)
        if menu is None:
            raise ToolError(MENU_NO_STRUCT, f"bad menu handle ${handle:06X}")
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
        h = TITLE_START
        for menu in self.menus:
            menu.title_left = h
            text_w = APPLE_TITLE_WIDTH if menu.is_apple else self.text_width(menu.title)
            menu.title_width = text_w + 2 * TITLE_PAD
            h += menu.title_width
            self.calc_size(menu)
        return MENU_BAR_HEIGHT

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
                index = open_menu.item_at(v, h)
                if index is not None and not (open_menu.items[index].enabled
                                              and open_menu.enabled):
                    index = None
                if index != hot:
                    self._hilite_item(open_menu, hot, False)
                    self._hilite_item(open_menu, index, True)
                    hot = index
        v, h = em.mouse
        chosen = 0
        if open_menu is not None:
            index = open_menu.item_at(v, h)
            if index is not None and open_menu.items[index].enabled and open_menu.enabled:
                chosen = open_menu.items[index].item_id
        self._close(open_menu, keep_title=bool(chosen))
        if open_menu is None or not chosen:
            return (0, 0)
        return (open_menu.menu_id, chosen)

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

    def draw_bar(self) -> None:
        qd = self.tb.qd
        with self._screen():
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect((0, 0, MENU_BAR_HEIGHT - 1, 640))
            qd.SetSolidPenPat(BLACK)
            qd.PaintRect((MENU_BAR_HEIGHT - 1, 0, MENU_BAR_HEIGHT, 640))
            for menu in self.menus:
                self._draw_title(menu, menu.menu_id == self.hilited)
        self.bar_drawn = True

    def _draw_title(self, menu: Menu, hilited: bool) -> None:
        qd = self.tb.qd
        top, left, bottom, right = menu.title_rect()
        rect = (top, left, bottom - 1, right)
        qd.SetSolidPenPat(BLACK if hilited else WHITE)
        qd.PaintRect(rect)
        if menu.is_apple:
            self._draw_apple(left + TITLE_PAD, 2, hilited)
            return
        qd.SetForeColor(WHITE if hilited else BLACK)
        qd.SetBackColor(BLACK if hilited else WHITE)
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
        if self.tb.qd is not None and menu in self.menus:
            with self._screen():
                self._draw_title(menu, on)

    def _open(self, menu: Menu) -> None:
        self.hilite(menu.menu_id, True)
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
TEMPLATE_FLAG_BITS = 0x1CFF        # style, XOR, divider, disabled bits of the flags


def title_from_ref(tb, ref_type: int, ref: int) -> bytes:
    """A title given by reference: a Pascal string by pointer, handle or rPString."""
    from toolbox.resource import R_PSTRING, ref_address
    return read_pstring(tb.mem, ref_address(tb, ref_type, ref, R_PSTRING))


def item_from_template(tb, addr: int) -> MenuItem:
    """A MenuItem from an rMenuItem template at `addr`."""
    mem = tb.mem
    item_flag = read_word(mem, addr + 8)
    text = title_from_ref(tb, (item_flag >> REF_TYPE_SHIFT_TITLE) & 3, read_long(mem, addr + 10))
    keys = bytes(mem[addr + 4:addr + 6]) if mem[addr + 4] else b""
    divider = bool(text) and set(text) == {0x2D}
    return MenuItem(text, read_word(mem, addr + 2), keys,
                    (item_flag & TEMPLATE_FLAG_BITS) | (ITEM_DISABLED if divider else 0),
                    read_word(mem, addr + 6) & 0xFF, divider)


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
    menu = mgr.menu(menu_num)
    item = _item_template(tb, ref_descriptor, item_t_ref)
    if insert_after == 0:
        index = 0
    elif insert_after == 0xFFFF:
        index = len(menu.items)
    else:
        index = next((i + 1 for i, it in enumerate(menu.items) if it.item_id == insert_after),
                     len(menu.items))
    menu.items.insert(index, item)
    mgr.calc_size(menu)


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
    _, item = mgr.find_item(item_id)
    if not mgr.name_buffer:
        mgr.name_buffer = tb.mm.deref(tb.mm.new_handle(256, mgr.user_id or 0x1000, 0xC000))
    write_pstring(tb.mem, mgr.name_buffer, item.text[:255])
    return mgr.name_buffer


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
    """GetSysBar() -> barHandle:L (the one system bar; its identity is all programs use)"""
    return _mgr(tb).bar_handle


@tool(0x0F, 0x0A, "", 4)
def GetMenuBar(tb) -> int:
    """GetMenuBar() -> barHandle:L"""
    return _mgr(tb).bar_handle


@tool(0x0F, 0x12, "L")
def SetSysBar(tb, handle: int) -> None:
    """SetSysBar(theBarHandle:L): accepted; there is one bar."""


@tool(0x0F, 0x39, "L")
def SetMenuBar(tb, handle: int) -> None:
    """SetMenuBar(theBarHandle:L): accepted; there is one bar."""


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
