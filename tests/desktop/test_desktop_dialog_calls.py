"""Dialog Manager: modeless dialogs and DialogSelect, the edit calls, walking and finding
items, SetDItemType/SetDItemBox, DefaultFilter (Toolbox Reference vols. 1 and 3;
ORCA/C dialog.h)."""
import pytest

from iigs.hostinput import APPLE_KEY, HostInput
from iigs.memory import read_bytes, read_long, read_pstring, read_word, write_word
from toolbox import dialog, lineedit
from toolbox.calls import ToolError
from toolbox.dialog import BUTTON_ITEM, EDIT_LINE, ITEM_DISABLE, STAT_TEXT, USER_ITEM
from toolbox.event import (KEY_DOWN_EVT, MOUSE_DOWN_EVT, NULL_EVT, UPDATE_EVT, Event,
                           write_event)

BOUNDS = (40, 150, 150, 490)
ITEMS = [
    (1, (86, 250, 99, 320), BUTTON_ITEM, b"OK", 0),
    (2, (86, 160, 99, 230), BUTTON_ITEM, b"Cancel", 0),
    (3, (30, 84, 40, 260), EDIT_LINE, b"Player", 20),
    (4, (10, 16, 20, 200), STAT_TEXT | ITEM_DISABLE, b"Name", 0),
]


def add_items(tb, dlg: int) -> None:
    s = tb.scratch
    for item_id, rect, kind, text, value in ITEMS:
        dialog.NewDItem(tb, dlg, item_id, s.rect(rect), kind, s.pstring(text), value, 0, 0)


def event(tb, what: int, message: int = 0, where=(0, 0), modifiers: int = 0) -> int:
    ev = tb.scratch.take(16)
    write_event(tb.mem, ev, Event(what, message, 0, where[0], where[1], modifiers))
    return ev


def inside(rect, dv=4, dh=6):
    """The global (v, h) of a point inside an item."""
    return BOUNDS[0] + rect[0] + dv, BOUNDS[1] + rect[1] + dh


def select(tb, ev: int) -> tuple[int, int, int]:
    """DialogSelect: (result, the dialog written, the item hit written)."""
    out = tb.scratch.take(8)
    result = dialog.DialogSelect(tb, ev, out, out + 4)
    return result, read_long(tb.mem, out), read_word(tb.mem, out + 4)


def text_of(tb, dlg: int, item_id: int) -> bytes:
    out = tb.scratch.take(256)
    dialog.GetIText(tb, dlg, item_id, out)
    return read_pstring(tb.mem, out)


def test_modeless_dialog_select_items_and_edit_calls(tb, host):
    assert dialog.DialogStatus(tb) == 0xFFFF
    dlg = dialog.NewModelessDialog(tb, tb.scratch.rect(BOUNDS), tb.scratch.pstring(b"Find"),
                                   0xFFFFFFFF, 0xC0A0, 0x55, 0)
    add_items(tb, dlg)
    win = tb.wm.window(dlg)
    assert tb.wm.front() is win and not win.dialog and win.refcon == 0x55
    assert [dialog.GetFirstDItem(tb, dlg)] + [dialog.GetNextDItem(tb, dlg, n)
                                              for n in (1, 2, 3, 4)] == [1, 2, 3, 4, 0]
    pt = tb.scratch.take(4)
    for (v, h), found in (((32, 100), 3), ((90, 260), 1), ((60, 10), 0)):
        write_word(tb.mem, pt, v)
        write_word(tb.mem, pt + 2, h)
        assert dialog.FindDItem(tb, dlg, pt) == found

    # a key goes to the edit line (its text selected at first: replaced)
    assert select(tb, event(tb, KEY_DOWN_EVT, ord("Z"))) == (0xFFFF, dlg, 3)
    assert text_of(tb, dlg, 3) == b"Z"
    dialog.SetIText(tb, dlg, 3, tb.scratch.pstring(b"Gin Rummy"))
    dialog.SelIText(tb, dlg, 3, 0, 4)
    dialog.DlgCut(tb, dlg)
    assert text_of(tb, dlg, 3) == b"Rummy"
    dialog.DlgPaste(tb, dlg)
    dialog.DlgPaste(tb, dlg)
    assert text_of(tb, dlg, 3) == b"Gin Gin Rummy"
    dialog.SelIText(tb, dlg, 3, 8, 13)
    dialog.DlgCopy(tb, dlg)
    dialog.DlgDelete(tb, dlg)
    assert text_of(tb, dlg, 3) == b"Gin Gin "
    handle = lineedit.LEScrapHandle(tb)
    assert read_bytes(tb.mem, tb.mm.deref(handle), lineedit.LEGetScrapLen(tb)) == b"Rummy"

    # a press on OK, tracked until the button comes up in it
    v, h = inside(ITEMS[0][1])
    host.push(HostInput("up", h, v))
    tb.em.button_down = True
    assert select(tb, event(tb, MOUSE_DOWN_EVT, where=(v, h))) == (0xFFFF, dlg, 1)
    tb.qd.text_log.clear()                                  # an update: drawn, no item
    assert select(tb, event(tb, UPDATE_EVT, dlg))[0] == 0
    assert {"OK", "Cancel", "Name"} <= {t for _, _, t, _ in tb.qd.text_log}
    assert select(tb, event(tb, NULL_EVT))[0] == 0
    assert select(tb, event(tb, MOUSE_DOWN_EVT, where=(190, 600)))[0] == 0   # desktop
    assert host.beeps == 0


def test_item_type_box_default_filter_and_font(tb):
    dlg = dialog.NewModalDialog(tb, tb.scratch.rect(BOUNDS), 1, 0)
    add_items(tb, dlg)
    ok = dialog.GetControlDItem(tb, dlg, 1)
    dialog.SetDItemType(tb, BUTTON_ITEM | ITEM_DISABLE, dlg, 1)
    assert tb.mem[tb.mm.deref(ok) + 0x11] == 255            # ctlHilite: inactive
    assert dialog.GetDItemType(tb, dlg, 1) == BUTTON_ITEM | ITEM_DISABLE
    dialog.SetDItemType(tb, BUTTON_ITEM, dlg, 1)
    assert tb.mem[tb.mm.deref(ok) + 0x11] == 0
    dialog.SetDItemType(tb, USER_ITEM | ITEM_DISABLE, dlg, 4)
    assert dialog.GetDItemType(tb, dlg, 4) == USER_ITEM | ITEM_DISABLE
    with pytest.raises(ToolError) as err:
        dialog.SetDItemType(tb, STAT_TEXT, dlg, 1)          # a button stays a button
    assert err.value.code == 0x150A

    old_v, old_h = inside(ITEMS[0][1], dv=0, dh=20)         # the button's top edge
    assert tb.qd.save_bits((old_v, old_h, old_v + 1, old_h + 1)) == b"\x00"
    dialog.SetDItemBox(tb, dlg, 1, tb.scratch.rect((60, 20, 73, 90)))
    assert tb.ctl.control(ok).rect == (60, 20, 73, 90)
    assert tb.qd.save_bits((old_v, old_h, old_v + 1, old_h + 1)) == b"\x03"
    box = tb.scratch.take(8)
    dialog.GetDItemBox(tb, dlg, 1, box)
    assert [read_word(tb.mem, box + 2 * i) for i in range(4)] == [60, 20, 73, 90]
    dialog.SetDItemBox(tb, dlg, 3, tb.scratch.rect((44, 100, 54, 300)))
    assert tb.dlg.dialog(dlg).item(3).edit.view == (44, 100, 54, 300)

    hit = tb.scratch.take(2)
    for ch, mods, answer in ((0x0D, 0, 1), (0x03, 0, 1), (0x1B, 0, 2),
                             (ord("."), APPLE_KEY, 2), (ord("a"), 0, 0)):
        write_word(tb.mem, hit, 0)
        result = dialog.DefaultFilter(tb, dlg, event(tb, KEY_DOWN_EVT, ch, modifiers=mods),
                                      hit)
        assert (result, read_word(tb.mem, hit)) == ((0xFFFF, answer) if answer else (0, 0))
    dialog.SetDItemType(tb, BUTTON_ITEM | ITEM_DISABLE, dlg, 1)   # a disabled default
    assert dialog.DefaultFilter(tb, dlg, event(tb, KEY_DOWN_EVT, 0x0D), hit) == 0
    dialog.SetDAFont(tb, 0x0A1000)
    assert tb.dlg.font_handle == 0x0A1000
