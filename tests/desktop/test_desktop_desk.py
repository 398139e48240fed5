"""Desk Manager: the Control Panel desk accessory in its system window, beside a program's
own window, and the battery RAM settings its panels change."""
import datetime as dt

from iigs import bram as br
from iigs.memory import read_bytes, write_long
from toolbox import event, menu, misc, window
from toolbox.desk import manager as desk
from toolbox.desk.control_panel import CONTENT, PANELS, ROW_HEIGHT

CONTROL_PANEL = 1                      # the first desk accessory's item ID
TASK_MASK = 0x13FF                     # the ORCA samples' (and GIN.KING's) services


def apple_menu(tb):
    text = b">>@\\XN1\0--About\\N256V\0.\0"
    menu.InsertMenu(tb, menu.NewMenu(tb, tb.scratch.bytes(text)), 0)
    desk.FixAppleMenu(tb, 1)
    menu.FixMenuBar(tb)
    menu.DrawMenuBar(tb)


def task_master(tb, host):
    """Run TaskMaster until the scripted input is used up; the codes it returned
    (but the null ones: what TaskMaster handled itself)."""
    rec = tb.scratch.take(0x16)
    write_long(tb.mem, rec + 0x14, TASK_MASK)
    codes = []
    while host.inputs or tb.em.backlog or tb.em.queue:
        code = window.TaskMaster(tb, 0xFFFF, rec)
        if code != window.NULL_EVT:
            codes.append(code)
    return codes


def panel_point(index):
    """The global point of a panel's name in the list down the side."""
    return CONTENT[1] + 20, CONTENT[0] + index * ROW_HEIGHT + ROW_HEIGHT // 2


def setting_point(panel, title, param=None):
    """The global point of a panel's control (by title, or by parameter and value)."""
    for s in PANELS[panel].settings:
        if (s.title, s.param if param is None else param) == (title, s.param) or \
                (param is not None and s.param == param and s.value == title):
            t, l, b, r = s.rect
            return CONTENT[1] + l + 5, CONTENT[0] + (t + b) // 2
    raise KeyError(title)


def panel_index(name):
    return [p.name for p in PANELS].index(name)


def open_panel(tb, host, name):
    desk.OpenNDA(tb, CONTROL_PANEL)
    host.click(*panel_point(panel_index(name)))
    task_master(tb, host)
    assert tb.desk.ndas[0].panel == panel_index(name)


def test_fix_apple_menu_appends_the_desk_accessories_once_without_a_divider(tb):
    apple_menu(tb)
    desk.FixAppleMenu(tb, 1)
    items = tb.menu.menu(1).items
    assert [i.text for i in items] == [b"About", b"Control Panel"]
    assert items[1].item_id == CONTROL_PANEL and not items[1].divider
    assert desk.GetNumNDAs(tb) == 1


def test_the_control_panel_opens_in_a_system_window_and_its_close_box_closes_it(tb, host):
    apple_menu(tb)
    assert desk.OpenNDA(tb, CONTROL_PANEL) == CONTROL_PANEL
    win = tb.wm.front()
    assert win.system and win.content == CONTENT
    found = tb.scratch.take(4)
    part = window.FindWindow(tb, found, CONTENT[1] + 100, CONTENT[0] + 20)
    assert part == window.W_IN_CONTENT | window.W_IN_SYS_WINDOW
    box = win.close_box()
    host.click(box[1] + 3, box[0] + 3)
    assert task_master(tb, host) == [desk.W_CLOSED_NDA]
    assert tb.wm.front() is None and not tb.desk.ndas[0].is_open


def test_a_program_window_goes_on_working_around_the_control_panel(tb, host):
    params = tb.scratch.window_params((30, 10, 190, 630), b"Table")
    table = tb.wm.window(window.NewWindow(tb, params))
    desk.OpenNDA(tb, CONTROL_PANEL)
    cp = tb.wm.front()
    # drag the Control Panel by its title bar: it moves
    host.drag(CONTENT[1] + 60, CONTENT[0] - 5, CONTENT[1] + 100, CONTENT[0] + 15)
    task_master(tb, host)
    assert cp.content == (CONTENT[0] + 20, CONTENT[1] + 40, CONTENT[2] + 20, CONTENT[3] + 40)
    # a click on the program's window brings it to the front; the next is the program's
    host.click(20, 180)
    task_master(tb, host)
    assert tb.wm.front() is table
    host.click(20, 180)
    assert task_master(tb, host)[0] == window.W_IN_CONTENT
    # choosing the Control Panel again brings its window back to the front
    desk.OpenNDA(tb, CONTROL_PANEL)
    assert tb.wm.front() is cp


def test_get_dbl_time_follows_the_mouse_panel(tb, host):
    open_panel(tb, host, b"Mouse")
    assert event.GetDblTime(tb) == 30                  # the middle setting
    for setting, ticks in enumerate(br.DOUBLE_CLICK_TICKS):
        host.click(*setting_point(panel_index(b"Mouse"), setting, br.DBL_CLK_TIME))
        task_master(tb, host)
        assert misc.ReadBParam(tb, br.DBL_CLK_TIME) == setting
        assert event.GetDblTime(tb) == ticks
    factors = []
    host.set_tracking = factors.append
    host.click(*setting_point(panel_index(b"Mouse"), 1, br.HI_MOUSE_RES))   # Fast
    task_master(tb, host)
    assert misc.ReadBParam(tb, br.HI_MOUSE_RES) == 1
    assert factors == [br.MOUSE_TRACKING[1]]            # the host's motion, doubled


def test_the_sound_panel_sets_the_volume_and_silence_stops_the_beep(tb, host):
    open_panel(tb, host, b"Sound")
    sound = panel_index(b"Sound")
    host.click(*setting_point(sound, b"+"))
    task_master(tb, host)
    assert misc.ReadBParam(tb, br.USER_VOLUME) == 9
    assert tb.snd.doc.system_volume == 9                # the DOC plays at that volume
    for _ in range(12):
        host.click(*setting_point(sound, b"-"))
    task_master(tb, host)
    assert misc.ReadBParam(tb, br.USER_VOLUME) == 0     # it stops at 0
    assert tb.snd.doc.system_volume == 0
    misc.SysBeep(tb)
    assert host.beeps == 0                               # silent at volume 0
    host.click(*setting_point(sound, b"+"))
    host.click(*setting_point(sound, b"Beep"))
    task_master(tb, host)
    assert host.beeps == 1


def test_the_speed_and_display_panels_write_battery_ram(tb, host):
    shown = []
    host.set_display = lambda scale, full: shown.append((scale, full))
    open_panel(tb, host, b"Speed")
    host.click(*setting_point(panel_index(b"Speed"), br.SPEED_FAST, br.SYS_SPEED))
    task_master(tb, host)
    assert misc.ReadBParam(tb, br.SYS_SPEED) == br.SPEED_FAST
    display = panel_index(b"Display")
    host.click(*panel_point(display))
    host.click(*setting_point(display, 3, br.HOST_SCALE))             # 3x
    host.click(*setting_point(display, b"Full screen (F11)"))
    task_master(tb, host)
    assert misc.ReadBParam(tb, br.HOST_SCALE) == 3
    assert misc.ReadBParam(tb, br.HOST_FULL_SCREEN) == 1
    assert shown == [(3, False), (3, True)]


def test_the_time_panel_shows_the_clock_in_the_chosen_formats(tb, host):
    tb.misc.clock = lambda: dt.datetime(2026, 11, 25, 17, 5, 9)
    open_panel(tb, host, b"Time")
    cp = tb.desk.ndas[0]
    assert cp.clock_text() == "11/25/26 05:05:09 PM"
    time_panel = panel_index(b"Time")
    host.click(*setting_point(time_panel, 1, br.DATE_FORMAT))        # d/m/y
    host.click(*setting_point(time_panel, 1, br.CLOCK_FORMAT))       # 24 hour
    task_master(tb, host)
    buf = tb.scratch.take(20)
    misc.ReadAsciiTime(tb, buf)
    assert bytes(c & 0x7F for c in read_bytes(tb.mem, buf, 20)) == b"25/11/26 17:05:09   "
    assert "25/11/26 17:05:09" in [text for _, _, text, _ in tb.qd.text_log]


def test_arrow_keys_choose_the_panel_while_the_control_panel_is_in_front(tb, host):
    desk.OpenNDA(tb, CONTROL_PANEL)
    host.key(0x0A)                                        # down arrow
    host.key(0x0A)
    assert task_master(tb, host) == []                    # the accessory took them
    assert tb.desk.ndas[0].panel == 2
    host.key("x")                                         # not the accessory's: passed on
    assert task_master(tb, host) == [event.KEY_DOWN_EVT]
