"""Desk Manager: the Apple menu's Control Panel and the settings it changes."""
from toolbox import desk, menu
from toolbox.desk import CONTROL_PANEL_ITEM, DOUBLE_ITEMS, PANEL_BOUNDS, SCALE_ITEMS


def apple_menu(tb):
    text = b">>@\\XN1\0--About\\N256\0.\0"
    menu.InsertMenu(tb, menu.NewMenu(tb, tb.scratch.bytes(text)), 0)
    desk.FixAppleMenu(tb, 1)
    menu.FixMenuBar(tb)
    menu.DrawMenuBar(tb)


def test_fix_apple_menu_adds_the_control_panel_once(tb):
    apple_menu(tb)
    desk.FixAppleMenu(tb, 1)
    items = tb.menu.menu(1).items
    assert [i.text for i in items] == [b"About", b"-", b"Control Panel"]
    assert items[1].divider and items[2].item_id == CONTROL_PANEL_ITEM


def click_item(tb, host, item_id, rect):
    t, l, b, r = rect
    host.click(PANEL_BOUNDS[1] + l + 5, PANEL_BOUNDS[0] + (t + b) // 2)


def test_panel_settings_take_effect(tb, host):
    scales = []
    host.set_scale = scales.append
    apple_menu(tb)
    click_item(tb, host, 12, (20, 232, 32, 282))      # 3x
    click_item(tb, host, 22, (38, 242, 50, 292))      # fast double-click
    click_item(tb, host, 30, (56, 124, 68, 234))      # sound off
    click_item(tb, host, 1, (84, 210, 97, 280))       # OK
    before = tb.qd.save_bits((0, 0, 200, 640))
    desk.OpenNDA(tb, CONTROL_PANEL_ITEM)
    assert scales == [3] and tb.desk.scale == 3
    assert tb.em.double_time == DOUBLE_ITEMS[22]
    assert not tb.snd.enabled
    tb.snd.beep()
    assert host.beeps == 0                            # sound is off
    assert tb.qd.save_bits((0, 0, 200, 640)) == before
    assert set(SCALE_ITEMS.values()) == {1, 2, 3}


def test_panel_shows_the_current_settings(tb, host):
    tb.em.double_time = 45
    host.key(0x0D)
    desk.OpenNDA(tb, CONTROL_PANEL_ITEM)
    values = tb.desk.current_values()
    assert values[20] == 1 and values[11] == 1 and values[30] == 1
