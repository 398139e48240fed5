"""The program's alerts as a careful player finds them (issue 39 §2): a two-button caution
before a destructive action (Statistics' Reset, End Game in a tournament, New Game over a
saved tournament game) has one default button, Cancel, so Return and Escape keep
everything; every alert is as tall as its text (no empty band above the buttons); the
alerts of the start (Resume, a damaged saved game) stand over the drawn table; Escape
closes About and Show History; About gives the copyright a line of its own; House Rules
names the box's mode and its points apart."""
from __future__ import annotations

from gk_table import PH_NONE, boot_table
from test_app_settings import CANCEL, OK, click_item
from test_app_stats import RESET, statistics
from test_app_stats_versions import v1_file
from toolbox.dialog import BUTTON_ITEM, ICONS, TEXT_LINE_HEIGHT, wrap_text
from iigs.font import decode

GREEN = (0, 0x77, 0)                         # the table's baize
TEXT = 100                                   # the alerts' text item (dialogs.asm TellMsg)


def alert_shape(t) -> tuple[list[int], int, int]:
    """The alert up: the IDs of its default-outlined buttons, the empty pixels between
    its text's last line and the buttons, and below the buttons."""
    dlg = t.s.tb.dlg.front()
    assert dlg is not None and dlg.icon
    buttons = [it for it in dlg.items if it.kind == BUTTON_ITEM and it.control.visible]
    outlined = [b.item_id for b in buttons if b.control.flag & 0x03 == 1]
    text = dlg.item(TEXT)
    top, left, _, right = text.rect
    lines = wrap_text(t.s.tb.dlg.expand(text.text), right - left, t.s.tb.qd.StringWidth)
    frame = t.s.frame()                                  # the icon whole: nothing over it
    top0, left0 = dlg.window.content[0], dlg.window.content[1]
    for row, line in enumerate(ICONS[dlg.icon]):
        for col, c in enumerate(line):
            if c == "#":
                assert tuple(frame[top0 + 8 + row][left0 + 16 + 2 * col]) == (0, 0, 0)
    button_top = min(b.rect[0] for b in buttons)
    button_bottom = max(b.rect[2] for b in buttons)
    height = dlg.window.content[2] - dlg.window.content[0]
    return outlined, button_top - (top + len(lines) * TEXT_LINE_HEIGHT), height - button_bottom


def assert_asks_with_cancel_the_default(t, action: str) -> None:
    outlined, gap, below = alert_shape(t)
    dlg = t.s.tb.dlg.front()
    assert outlined == [CANCEL] and dlg.default_button == CANCEL
    assert decode(dlg.item(CANCEL).control.title) == "Cancel"
    assert decode(dlg.item(OK).control.title) == action
    assert 0 < gap <= 12 and below <= 12, (gap, below)


def test_app_reset_asks_with_cancel_the_default_and_return_keeps_the_statistics(tmp_path,
                                                                              program):
    t = boot_table(tmp_path, program)
    volume = t.s.machine.tb.gsos.volume                  # a record of three games
    volume.write_file("SETTINGS/STATS", v1_file([(b"Ann", 7, {0: (3, 2, 400, 180)})]), 0xF1)
    kept = statistics(t)
    assert kept == [("Standard gin", "", "", "", ""), ("    Ann", "3", "2", "400", "180")]
    for key in ("\r", 0x1B):                             # Return, Escape: nothing reset
        assert t.choose("Options", "Statistics...") == "held"
        click_item(t, RESET)
        assert_asks_with_cancel_the_default(t, "Reset")
        assert "cannot be undone" in t.alert_text()
        t.s.key(key)
        t.s.key("\r")                                    # the table again: OK
        assert statistics(t) == kept
    assert t.choose("Options", "Statistics...") == "held"
    click_item(t, RESET)
    click_item(t, OK)                                    # the Reset button: all gone
    t.s.key("\r")
    assert statistics(t) == []
    t.s.close()


def test_app_tournament_forfeits_ask_with_cancel_the_default(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1234)
    t.choose("Settings", "Tournament Mode")
    t.choose("File", "New Game")
    assert t.choose("File", "End Game") == "held"
    assert_asks_with_cancel_the_default(t, "End Game")
    assert t.alert_text() == ("This is a tournament game: end it now and it is recorded as "
                              "a game lost (no points). Go on?")
    t.s.key("\r")                                        # Return: the game goes on
    assert t.phase != PH_NONE
    assert t.choose("File", "Quit") == "quit"            # kept on the disk
    t.s.close()
    again = boot_table(tmp_path, program)
    assert again.word("ResumeAsking") == 1               # over the table, not a blank
    frame = again.s.frame()
    assert tuple(frame[195][620]) == GREEN and tuple(frame[150][20]) == GREEN
    click_item(again, 2)                                 # Not Now
    assert again.choose("File", "New Game") == "held"    # it would replace the saved game
    assert_asks_with_cancel_the_default(again, "New Game")
    assert again.alert_text().startswith("The saved game is a tournament game")
    again.s.key("\r")                                    # Return: nothing replaced
    assert again.phase == PH_NONE and again.item("File", "Resume Game").enabled
    again.s.close()


def test_app_a_damaged_saved_game_is_said_over_the_table(tmp_path, program):
    t = boot_table(tmp_path, program)
    volume = t.s.machine.tb.gsos.volume
    volume.write_file("SETTINGS/GIN.GAME", b"GR\x01\x00", 0xF2)
    volume.commit()
    t.s.close()
    again = boot_table(tmp_path, program)
    assert "damaged" in again.alert_text()
    outlined, gap, below = alert_shape(again)
    assert outlined == [OK] and 0 < gap <= 12 and below <= 12
    frame = again.s.frame()
    assert tuple(frame[195][620]) == GREEN and tuple(frame[150][20]) == GREEN
    again.s.close()


def test_app_escape_closes_about_and_show_history(table_factory):
    t = table_factory()
    assert t.choose("Apple", "About Gin King...") == "held"
    text = t.alert_text()
    assert "\rCopyright (c) 2026" in text                 # a line of its own
    dlg = t.s.tb.dlg.front()
    item = dlg.item(TEXT)
    lines = wrap_text(t.s.tb.dlg.expand(item.text), item.rect[3] - item.rect[1],
                      t.s.tb.qd.StringWidth)
    assert lines[-1].startswith(b"Copyright")
    outlined, gap, below = alert_shape(t)
    assert outlined == [OK] and 0 < gap <= 12 and below <= 12
    assert t.s.key(0x1B) == "idle" and t.alert() is None
    assert t.choose("Options", "Show History") == "held"
    assert t.s.key(0x1B) == "idle" and t.s.tb.dlg.front() is None


def test_app_house_rules_name_the_box_mode_and_its_points_apart(table_factory):
    t = table_factory()
    assert t.choose("Settings", "House Rules...") == "held"
    labels = [decode(it.text) for it in t.s.tb.dlg.front().items if it.text and not it.edit]
    assert "Box bonus:" in labels and "Per box:" in labels and "Box:" not in labels
    click_item(t, CANCEL)


def test_app_the_hidden_escape_button_covers_nothing(table_factory):
    """The invisible Cancel that lets Escape close a one-button window is one pixel in
    its corner: Show Cards' first label and an alert's icon are drawn whole."""
    t = table_factory(1234)
    t.choose("File", "New Game")
    t.s.clear_text_log()
    assert t.choose("Options", "Show Cards") == "held"
    h, v = [(h, v) for h, v, text, _ in t.s.tb.qd.text_log if text == "Discard pile:"][0]
    frame = t.s.frame()
    width = t.s.tb.qd.StringWidth(b"Discard pile:")
    ink = [h0 for h0 in range(h, h + width) if any(
        tuple(frame[v0][h0]) == (0, 0, 0) for v0 in range(v - 7, v + 1))]
    assert ink and ink[0] - h <= 2 and h + width - ink[-1] <= 4   # from D to :
    assert t.s.key(0x1B) == "idle"
