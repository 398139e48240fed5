"""The program starts from its disk with the manual's menu bar; Quit ends it."""
from __future__ import annotations

from gk_table import APPLE

MENUS = {
    "@": ["About Gin King...", "Help...", "Control Panel"],
    "File": ["New Game", "Resume Game", "Save Settings", "End Game", "Quit"],
    "Edit": ["Undo"],
    "Settings": ["Game Settings...", "Tournament Mode", "Enter Name...", "Players..."],
    "Options": ["Sound", "F/X", "Computer Visible", "Advice", "Show History", "Show Cards"],
}
KEYS = {("File", "New Game"): b"Nn", ("File", "Save Settings"): b"Ss",
        ("File", "End Game"): b"Ee", ("File", "Quit"): b"Qq", ("Edit", "Undo"): b"Zz",
        ("Options", "Advice"): b"Aa"}


def test_app_menu_bar_has_the_manuals_five_menus(table_factory):
    t = table_factory()
    titles = [m.title.strip().decode() for m in t.s.tb.menu.menus]
    assert titles == ["@", "File", "Edit", "Settings", "Options"]
    for menu, items in MENUS.items():
        m = next(x for x in t.s.tb.menu.menus if x.title.strip().decode() == menu)
        texts = [i.text.strip().decode() for i in m.items if not i.divider]
        for item in items:
            assert item in texts, (menu, item, texts)
    for (menu, item), keys in KEYS.items():
        assert t.item(menu, item).keys == keys


def test_app_items_dimmed_and_checked_at_start(table_factory):
    t = table_factory()
    assert t.item("File", "New Game").enabled
    assert not t.item("File", "End Game").enabled
    assert not t.item("Edit", "Undo").enabled
    assert not t.item("Options", "Advice").enabled
    assert not t.item("Options", "Show Cards").enabled
    assert t.item("Settings", "Tournament Mode").enabled
    assert t.item("Options", "Sound").mark == 0x12           # checked: on by default
    assert t.item("Options", "Computer Visible").mark == 0
    assert "Choose New Game from the File menu to deal." in t.text()


def test_app_new_game_changes_what_is_possible(table_factory):
    t = table_factory()
    t.choose("File", "New Game")
    assert not t.item("File", "New Game").enabled
    assert t.item("File", "End Game").enabled
    assert not t.item("Settings", "Tournament Mode").enabled
    t.choose("File", "End Game")
    assert t.phase == 0
    assert t.item("File", "New Game").enabled


def test_app_options_toggle_their_check_marks(table_factory):
    t = table_factory()
    t.choose("Options", "Sound")
    assert t.item("Options", "Sound").mark == 0 and t.word("SetSound") == 0
    t.choose("Options", "F/X")
    assert t.item("Options", "F/X").mark == 0 and t.word("SetFX") == 0
    t.choose("Options", "Computer Visible")
    assert t.item("Options", "Computer Visible").mark == 0x12
    t.choose("Options", "Sound")
    assert t.item("Options", "Sound").mark == 0x12


def test_app_quit_from_the_menu(table_factory):
    t = table_factory()
    assert t.choose("File", "Quit") == "quit"


def test_app_quit_with_its_key(table_factory):
    t = table_factory()
    assert t.s.key("q", APPLE) == "quit"


def test_app_about_box(table_factory):
    t = table_factory()
    t.s.clear_text_log()
    assert t.choose("@", "About Gin King...") == "held"      # the alert waits for OK
    assert any("Gin King GS, version 1.0" in x for x in t.text())
    t.s.key("\r")
    assert t.s.last_reason == "idle"


def test_app_apple_menu_has_one_divider_after_help(table_factory):
    # The manual's Apple menu: About, Help, a line, then the desk accessories that
    # FixAppleMenu appends (it adds no divider of its own).
    from toolbox.menu import ITEM_DIVIDER
    t = table_factory()
    apple = next(m for m in t.s.tb.menu.menus if m.title.strip() == b"@")
    lines = [(i.text.decode(), bool(i.flags & ITEM_DIVIDER)) for i in apple.items
             if not i.divider]
    assert not any(i.divider for i in apple.items)
    assert lines == [("About Gin King...", False), ("Help...", True),
                     ("Control Panel", False)]
