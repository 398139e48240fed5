"""Menu Manager: menu strings, the bar, MenuSelect by mouse, MenuKey, item state."""
import numpy as np
import pytest

from iigs.hostinput import APPLE_KEY, HostInput
from iigs.memory import read_long, read_pstring, read_word
from toolbox import menu
from toolbox.calls import ToolError
from toolbox.menu import (CHECK_MARK, ITEM_DISABLED, ITEM_DIVIDER, ITEM_HEIGHT,
                          MENU_BAR_HEIGHT, parse_menu_string)

APPLE = b">>@\\XN1\0--About Demo\\N256\0.\0"
FILE = (b">> File \\N2\0--New Game\\N257*Nn\0--Open...\\N258D\0---\\N259D\0"
        b"--Quit\\N260*Qq\0.\0")
OPTIONS = b">> Options \\N3\r--Sound\\N261C\x12\r--Fast play\\N262V\r--Hints\\N263B\r.\r"


def build_bar(tb) -> None:
    for text in (OPTIONS, FILE, APPLE):          # ORCA order: each at the front
        menu.InsertMenu(tb, menu.NewMenu(tb, tb.scratch.bytes(text)), 0)
    assert menu.FixMenuBar(tb) == MENU_BAR_HEIGHT
    menu.DrawMenuBar(tb)


def task_record(tb, v: int, h: int) -> int:
    rec = tb.scratch.take(0x18)
    tb.mem[rec + 10:rec + 14] = bytes([v & 0xFF, v >> 8, h & 0xFF, h >> 8])
    return rec


def test_parse_title_and_items_with_zero_terminators():
    m = parse_menu_string(FILE)
    assert (m.menu_id, m.title) == (2, b" File ")
    assert [(i.text, i.item_id) for i in m.items] == [
        (b"New Game", 257), (b"Open...", 258), (b"-", 259), (b"Quit", 260)]
    assert m.items[0].keys == b"Nn"
    assert m.items[1].flags & ITEM_DISABLED
    assert m.items[2].divider and not m.items[2].enabled


def test_parse_return_terminators_marks_styles_and_dividers():
    m = parse_menu_string(OPTIONS)
    assert m.items[0].mark == CHECK_MARK
    assert m.items[1].flags & ITEM_DIVIDER
    assert m.items[2].flags & 0x0001          # bold
    apple = parse_menu_string(APPLE)
    assert apple.is_apple and apple.menu_id == 1


def test_parse_raw_id_option():
    m = parse_menu_string(b">>X\\H\x34\x12\0--A\\H\x01\x01\0.\0")
    assert m.menu_id == 0x1234 and m.items[0].item_id == 0x0101


def test_new_menu_gives_a_handle_to_a_record(tb):
    h = menu.NewMenu(tb, tb.scratch.bytes(FILE))
    ptr = tb.mm.deref(h)
    assert read_word(tb.mem, ptr) == 2
    assert menu.CountMItems(tb, 2) == 4      # not inserted yet, but known by its ID
    menu.InsertMenu(tb, h, 0)
    assert menu.GetMHandle(tb, 2) == h
    assert menu.CountMItems(tb, 2) == 4


def test_duplicate_menu_id_is_refused(tb):
    menu.InsertMenu(tb, menu.NewMenu(tb, tb.scratch.bytes(FILE)), 0)
    with pytest.raises(ToolError):
        menu.InsertMenu(tb, menu.NewMenu(tb, tb.scratch.bytes(FILE)), 0)


def test_bar_order_and_title_layout(tb):
    build_bar(tb)
    menus = tb.menu.menus
    assert [m.menu_id for m in menus] == [1, 2, 3]
    for a, b in zip(menus, menus[1:]):
        assert a.title_left + a.title_width == b.title_left


def test_menu_bar_is_white_with_a_black_line_under_it(tb):
    build_bar(tb)
    row = tb.qd.save_bits((5, 300, 6, 640))
    assert set(row) == {3}
    line = tb.qd.save_bits((MENU_BAR_HEIGHT - 1, 0, MENU_BAR_HEIGHT, 640))
    assert set(line) == {0}
    assert any(t == " File " or t == "File" or "File" in t for _, _, t, _ in tb.qd.text_log)


def test_choosing_an_item_by_dragging(tb, host):
    build_bar(tb)
    file_menu = tb.menu.menu(2)
    quit_rect = file_menu.item_rect(3)
    before = tb.qd.save_bits((0, 0, 200, 640))
    host.push(HostInput("move", file_menu.title_left + 8, 5))
    host.push(HostInput("move", file_menu.title_left + 20, quit_rect[0] + 4))
    host.push(HostInput("up", file_menu.title_left + 20, quit_rect[0] + 4))
    rec = task_record(tb, 5, file_menu.title_left + 5)
    tb.em.button_down = True
    menu.MenuSelect(tb, rec, 0)
    assert read_long(tb.mem, rec + 0x10) == (2 << 16) | 260
    # the title stays inverted until the program calls HiliteMenu(FALSE, ...)
    title = file_menu.title_rect()
    inside = (title[0] + 1, title[1] + 1, title[0] + 2, title[1] + 3)
    assert tb.qd.save_bits(inside) == b"\0\0"
    menu.HiliteMenu(tb, 0, 2)
    assert tb.qd.save_bits((0, 0, 200, 640)) == before   # the pull-down left no trace


def test_release_on_a_disabled_item_chooses_nothing(tb, host):
    build_bar(tb)
    file_menu = tb.menu.menu(2)
    open_rect = file_menu.item_rect(1)
    host.push(HostInput("move", file_menu.title_left + 20, open_rect[0] + 4))
    host.push(HostInput("up", file_menu.title_left + 20, open_rect[0] + 4))
    rec = task_record(tb, 5, file_menu.title_left + 5)
    tb.em.button_down = True
    menu.MenuSelect(tb, rec, 0)
    assert read_long(tb.mem, rec + 0x10) & 0xFFFF == 0
    assert tb.menu.hilited == 0


def test_menu_key_finds_the_item_by_either_key(tb):
    build_bar(tb)
    assert tb.menu.key(ord("q"), APPLE_KEY) == (2, 260)
    assert tb.menu.key(ord("Q"), APPLE_KEY) == (2, 260)
    assert tb.menu.key(ord("q"), 0) == (0, 0)         # needs the Apple key
    menu.DisableMItem(tb, 260)
    assert tb.menu.key(ord("q"), APPLE_KEY) == (0, 0)


def test_item_state_calls(tb):
    build_bar(tb)
    menu.CheckMItem(tb, 1, 262)
    assert menu.GetMItemMark(tb, 262) == CHECK_MARK
    menu.CheckMItem(tb, 0, 262)
    assert menu.GetMItemMark(tb, 262) == 0
    menu.DisableMItem(tb, 257)
    assert not tb.menu.find_item(257)[1].enabled
    menu.EnableMItem(tb, 257)
    assert tb.menu.find_item(257)[1].enabled
    menu.SetMItemName(tb, tb.scratch.pstring(b"Deal Again"), 257)
    assert tb.menu.find_item(257)[1].text == b"Deal Again"
    assert read_pstring(tb.mem, menu.GetMItem(tb, 257)) == b"Deal Again"
    with pytest.raises(ToolError):
        menu.CheckMItem(tb, 1, 999)


def test_pulled_down_menu_shows_dimmed_and_checked_items(tb, host):
    build_bar(tb)
    opts = tb.menu.menu(3)
    tb.menu._open(opts)
    log = [t for _, _, t, _ in tb.qd.text_log]
    assert "Sound" in log and "Fast play" in log
    # the check mark's ink is left of the Sound item's text
    top, left, bottom, right = opts.item_rect(0)
    mark = tb.qd.save_bits((top, left, bottom, left + 14))
    assert 0 in mark
    tb.menu._close(opts)


def test_dimmed_items_and_dividing_lines_are_every_other_pixel(tb):
    """A disabled item is greyed by white on every other pixel (columns from its left
    whose parity differs from the row's), a dividing line is black on every other pixel
    from its left."""
    build_bar(tb)
    file_menu = tb.menu.menu(2)
    tb.menu._open(file_menu)
    top, left, bottom, right = file_menu.item_rect(1)          # Open... (disabled)
    px = np.frombuffer(tb.qd.save_bits((top, left, bottom, right)),
                       dtype=np.uint8).reshape(bottom - top, right - left)
    rows, cols = np.arange(top, bottom)[:, None], np.arange(right - left)[None, :]
    knocked_out = cols % 2 != rows % 2
    assert (px[knocked_out] == 3).all()
    assert (px[~knocked_out] == 0).any()                       # the text between
    top, left, bottom, right = file_menu.item_rect(2)          # the dividing line
    line = tb.qd.save_bits((top + ITEM_HEIGHT // 2, left, top + ITEM_HEIGHT // 2 + 1, right))
    assert list(line) == [3 * (h % 2) for h in range(right - left)]
    tb.menu._close(file_menu)
