"""Dialog Manager: modal dialogs built item by item, ModalDialog's handling, alerts."""
from iigs.hostinput import APPLE_KEY, HostInput
from iigs.memory import read_pstring, write_long, write_word
from toolbox import dialog
from toolbox.dialog import (BUTTON_ITEM, CHECK_ITEM, EDIT_LINE, ITEM_DISABLE, RADIO_ITEM,
                            STAT_TEXT)

BOUNDS = (40, 150, 150, 490)


def build(tb) -> int:
    """OK, Cancel, two radios, a check box, a label and an edit line."""
    s = tb.scratch
    dlg = dialog.NewModalDialog(tb, s.rect(BOUNDS), 1, 0)
    items = [
        (1, (86, 250, 99, 320), BUTTON_ITEM, b"OK", 0, 1),
        (2, (86, 160, 99, 230), BUTTON_ITEM, b"Cancel", 0, 0),
        (3, (8, 80, 20, 150), RADIO_ITEM, b"Slow", 1, 1),
        (4, (8, 160, 20, 240), RADIO_ITEM, b"Fast", 0, 1),
        (5, (30, 80, 42, 200), CHECK_ITEM, b"Hints", 0, 0),
        (6, (56, 16, 66, 76), STAT_TEXT | ITEM_DISABLE, b"Name: ^0", 0, 0),
        (7, (56, 84, 66, 260), EDIT_LINE, b"Player", 20, 0),
    ]
    for item_id, rect, kind, text, value, flag in items:
        dialog.NewDItem(tb, dlg, item_id, s.rect(rect), kind, s.pstring(text), value, flag,
                        0)
    return dlg


def point(item_rect, dv=4, dh=6):
    """Global (h, v) inside a dialog item."""
    return BOUNDS[1] + item_rect[1] + dh, BOUNDS[0] + item_rect[0] + dv


def test_items_are_drawn(tb):
    dialog.ParamText(tb, tb.scratch.pstring(b"Ada"), 0, 0, 0)
    build(tb)
    log = [t for _, _, t, _ in tb.qd.text_log]
    for text in ("OK", "Cancel", "Slow", "Fast", "Hints", "Name: Ada", "Player"):
        assert text in log


def test_click_on_ok_returns_1(tb, host):
    build(tb)
    host.click(*point((86, 250, 99, 320)))
    assert dialog.ModalDialog(tb, 0) == 1


def test_click_released_off_the_button_is_no_hit(tb, host):
    build(tb)
    h, v = point((86, 250, 99, 320))
    host.push(HostInput("down", h, v))
    host.push(HostInput("move", h, v - 60))
    host.push(HostInput("up", h, v - 60))
    host.click(*point((86, 160, 99, 230)))          # then Cancel
    assert dialog.ModalDialog(tb, 0) == 2


def test_return_hits_the_default_button_and_escape_cancel(tb, host):
    dlg = build(tb)
    host.key(0x0D)
    assert dialog.ModalDialog(tb, 0) == 1
    host.key(0x1B)
    assert dialog.ModalDialog(tb, 0) == 2
    host.key(".", APPLE_KEY)
    assert dialog.ModalDialog(tb, 0) == 2
    assert dialog.GetDefButton(tb, dlg) == 1


def test_typing_goes_to_the_edit_line(tb, host):
    dlg = build(tb)
    for ch in "Ada":
        host.key(ch)
    host.key(0x0D)
    hits = [dialog.ModalDialog(tb, 0) for _ in range(4)]
    assert hits == [7, 7, 7, 1]                       # the initial text was selected
    out = tb.scratch.take(256)
    dialog.GetIText(tb, dlg, 7, out)
    assert read_pstring(tb.mem, out) == b"Ada"


def test_radio_and_check_values(tb, host):
    dlg = build(tb)
    host.click(*point((8, 160, 20, 240)))
    assert dialog.ModalDialog(tb, 0) == 4
    dialog.SetDItemValue(tb, 1, dlg, 4)              # the program turns it on
    assert dialog.GetDItemValue(tb, dlg, 3) == 0
    assert dialog.GetDItemValue(tb, dlg, 4) == 1
    host.click(*point((30, 80, 42, 200)))
    assert dialog.ModalDialog(tb, 0) == 5
    dialog.SetDItemValue(tb, 1 - dialog.GetDItemValue(tb, dlg, 5), dlg, 5)
    assert dialog.GetDItemValue(tb, dlg, 5) == 1


def test_set_and_select_itext(tb):
    dlg = build(tb)
    dialog.SetIText(tb, dlg, 7, tb.scratch.pstring(b"Mort"))
    dialog.SelIText(tb, dlg, 7, 0, 2)
    model = tb.dlg.dialog(dlg).item(7).edit.model
    assert (model.text, model.sel_start, model.sel_end) == (b"Mort", 0, 2)


def test_hidden_and_disabled_items_are_not_hit(tb, host):
    dlg = build(tb)
    dialog.HideDItem(tb, dlg, 2)
    dialog.DisableDItem(tb, dlg, 1)
    host.click(*point((86, 160, 99, 230)))
    host.click(*point((86, 250, 99, 320)))
    host.key(0x0D)
    assert dialog.ModalDialog(tb, 0) == 0             # nothing left to hit
    dialog.ShowDItem(tb, dlg, 2)
    dialog.EnableDItem(tb, dlg, 1)
    host.click(*point((86, 160, 99, 230)))
    assert dialog.ModalDialog(tb, 0) == 2


def test_close_dialog_restores_the_screen(tb):
    before = tb.qd.save_bits((0, 0, 200, 640))
    dlg = build(tb)
    assert tb.qd.save_bits((0, 0, 200, 640)) != before
    dialog.CloseDialog(tb, dlg)
    assert tb.qd.save_bits((0, 0, 200, 640)) == before
    assert tb.wm.front() is None


def alert_template(tb, stage=0x80) -> int:
    s = tb.scratch
    ok = s.take(24)
    write_word(tb.mem, ok, 1)
    for i, value in enumerate((38, 210, 51, 270)):
        write_word(tb.mem, ok + 2 + 2 * i, value)
    write_word(tb.mem, ok + 10, BUTTON_ITEM)
    write_long(tb.mem, ok + 12, s.pstring(b"OK"))
    text = s.take(24)
    write_word(tb.mem, text, 100)
    for i, value in enumerate((8, 60, 36, 290)):
        write_word(tb.mem, text + 2 + 2 * i, value)
    write_word(tb.mem, text + 10, STAT_TEXT | ITEM_DISABLE)
    write_long(tb.mem, text + 12, s.pstring(b"You knocked with ^0 points."))
    tpl = s.take(0x20)
    for i, value in enumerate((50, 170, 112, 470)):
        write_word(tb.mem, tpl + 2 * i, value)
    write_word(tb.mem, tpl + 8, 1)
    tb.mem[tpl + 10:tpl + 14] = bytes([stage] * 4)
    write_long(tb.mem, tpl + 14, ok)
    write_long(tb.mem, tpl + 18, text)
    write_long(tb.mem, tpl + 22, 0)
    return tpl


def test_alert_with_param_text_returns_the_button_and_cleans_up(tb, host):
    before = tb.qd.save_bits((0, 0, 200, 640))
    dialog.ParamText(tb, tb.scratch.pstring(b"7"), 0, 0, 0)
    host.click(170 + 215, 50 + 42)
    assert dialog.StopAlert(tb, alert_template(tb), 0) == 1
    assert "You knocked with 7 points." in [t for _, _, t, _ in tb.qd.text_log]
    assert tb.qd.save_bits((0, 0, 200, 640)) == before


def test_alert_stage_beeps(tb, host):
    host.key(0x0D)
    dialog.NoteAlert(tb, alert_template(tb, stage=0x82), 0)
    assert host.beeps == 2
    assert dialog.GetAlertStage(tb) == 1
    dialog.ResetAlertStage(tb)
    assert dialog.GetAlertStage(tb) == 0


def test_dragging_across_the_edit_line_selects(tb, host):
    dlg = build(tb)
    rec = tb.dlg.dialog(dlg).item(7).edit
    pos = tb.le.caret_positions(rec)                  # local h of each caret place
    v = BOUNDS[0] + 60
    host.push(HostInput("down", BOUNDS[1] + pos[1], v))
    host.push(HostInput("move", BOUNDS[1] + pos[3], v))
    host.push(HostInput("up", BOUNDS[1] + pos[4], v))
    assert dialog.ModalDialog(tb, 0) == 7
    assert (rec.model.sel_start, rec.model.sel_end) == (1, 4)
    host.key("X")
    dialog.ModalDialog(tb, 0)
    assert rec.model.text == b"PXer"


def test_a_disabled_edit_line_is_ghosted_and_takes_no_keys_or_clicks(tb, host):
    """A value the program has fixed cannot be typed over: a disabled edit line stops
    being the current one (no caret, no selection), drops keys, clicks and Tab, and is
    drawn ghosted; enabled again it takes a click and keys."""
    dlg = build(tb)
    rect = (56, 84, 66, 260)
    plain = tb.qd.save_bits((BOUNDS[0] + 54, BOUNDS[1] + 80, BOUNDS[0] + 68, BOUNDS[1] + 264))
    dialog.DisableDItem(tb, dlg, 7)
    assert tb.dlg.dialog(dlg).current_edit == 0
    ghosted = tb.qd.save_bits((BOUNDS[0] + 54, BOUNDS[1] + 80, BOUNDS[0] + 68, BOUNDS[1] + 264))
    assert ghosted != plain
    host.click(*point(rect))
    for ch in "Zed\t":
        host.key(ch)
    assert [dialog.ModalDialog(tb, 0) for _ in range(2)] == [0, 0]
    model = tb.dlg.dialog(dlg).item(7).edit.model
    assert model.text == b"Player"
    dialog.EnableDItem(tb, dlg, 7)
    host.click(*point(rect))
    host.key("Z")
    assert [dialog.ModalDialog(tb, 0) for _ in range(2)] == [7, 7]
    assert b"Z" in model.text


def test_static_text_keeps_the_indent_of_a_line():
    """Spaces that open a line (after a return) are drawn, as a table's indented rows
    need; words still wrap at the width."""
    assert dialog.wrap_text(b"Standard gin\r    Ann\r  x y z", 12, len) == [
        b"Standard gin", b"    Ann", b"  x y z"]
    assert dialog.wrap_text(b"Standard gin\r    Ann\r  x y z", 2, len) == [
        b"Standard", b"gin", b"    Ann", b"  x", b"y", b"z"]
