"""Window Manager: NewWindow, FindWindow, updates, activation, TaskMaster's decisions."""
from iigs.hostinput import APPLE_KEY, HostInput
from iigs.memory import read_long, read_word, write_long
from toolbox import menu, window
from toolbox.event import ACTIVATE_EVT, UPDATE_EVT
from toolbox.window import (TM_NO_GET_NEXT_EVENT, W_IN_CONTENT, W_IN_DESK, W_IN_DRAG,
                            W_IN_GO_AWAY, W_IN_MENU_BAR, W_IN_SPECIAL)

CONTENT = (40, 100, 140, 400)
TASK_MASK = 0x13FF


def new_window(tb, content=CONTENT, title=b"Cards", **kw) -> int:
    return window.NewWindow(tb, tb.scratch.window_params(content, title, **kw))


def task_record(tb, mask=TASK_MASK) -> int:
    rec = tb.scratch.take(0x18)
    write_long(tb.mem, rec + 0x14, mask)
    return rec


def drain(tb, rec) -> list[int]:
    """TaskMaster until it reports nothing; the codes it returned."""
    codes = []
    for _ in range(20):
        code = window.TaskMaster(tb, 0xFFFF, rec)
        if code == 0 and not tb.em.queue:
            break
        codes.append(code)
    return codes


def test_new_window_reads_the_78_byte_list_and_draws_a_frame(tb):
    ptr = new_window(tb)
    assert window.FrontWindow(tb) == ptr
    win = tb.wm.window(ptr)
    assert win.content == CONTENT
    # the title is drawn centred in the title bar, the content is white
    assert any(t == "Cards" for _, _, t, _ in tb.qd.text_log)
    assert set(tb.qd.save_bits((60, 150, 61, 350))) == {3}
    # the frame's outline is black
    s = win.structure()
    assert tb.qd.save_bits((s[0], s[1] + 50, s[0] + 1, s[1] + 51)) == b"\0"


def test_window_port_maps_local_to_global(tb):
    ptr = new_window(tb)
    window.StartDrawing(tb, ptr)
    assert tb.qd.GetPort() == ptr
    assert tb.qd.LocalToGlobal((0, 0)) == (40, 100)
    tb.qd.SetSolidPenPat(0)
    tb.qd.PaintRect((10, 10, 11, 11))
    assert tb.qd.save_bits((50, 110, 51, 111)) == b"\0"


def test_find_window_codes(tb):
    ptr = new_window(tb)
    win = tb.wm.window(ptr)
    box = win.close_box()
    assert tb.wm.find_window(50, 200) == (W_IN_CONTENT, win)
    assert tb.wm.find_window(box[0] + 1, box[1] + 1) == (W_IN_GO_AWAY, win)
    assert tb.wm.find_window(CONTENT[0] - 5, 300) == (W_IN_DRAG, win)
    assert tb.wm.find_window(190, 10) == (W_IN_DESK, None)
    which = tb.scratch.take(4)
    assert window.FindWindow(tb, which, 200, 50) == W_IN_CONTENT
    assert read_long(tb.mem, which) == ptr


def test_new_window_queues_activate_then_update(tb):
    ptr = new_window(tb)
    rec = task_record(tb)
    assert window.TaskMaster(tb, 0xFFFF, rec) == ACTIVATE_EVT
    assert read_long(tb.mem, rec + 2) == ptr
    assert window.TaskMaster(tb, 0xFFFF, rec) == UPDATE_EVT
    assert read_long(tb.mem, rec + 2) == ptr
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    assert window.TaskMaster(tb, 0xFFFF, rec) == 0


def test_inval_rect_makes_an_update_event(tb):
    ptr = new_window(tb)
    rec = task_record(tb)
    drain(tb, rec)
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    window.StartDrawing(tb, ptr)
    window.InvalRect(tb, tb.scratch.rect((0, 0, 10, 10)))
    assert window.TaskMaster(tb, 0xFFFF, rec) == UPDATE_EVT
    # ValidRect covering the area removes it again
    window.ValidRect(tb, tb.scratch.rect((0, 0, 50, 50)))
    assert window.TaskMaster(tb, 0xFFFF, rec) == 0


def test_content_click_reports_in_content_with_the_window(tb, host):
    ptr = new_window(tb)
    rec = task_record(tb)
    drain(tb, rec)
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    host.click(200, 60)
    assert window.TaskMaster(tb, 0xFFFF, rec) == W_IN_CONTENT
    assert read_long(tb.mem, rec + 0x10) == ptr
    assert (read_word(tb.mem, rec + 10), read_word(tb.mem, rec + 12)) == (60, 200)


def test_close_box_released_inside_reports_go_away(tb, host):
    ptr = new_window(tb)
    rec = task_record(tb)
    drain(tb, rec)
    box = tb.wm.window(ptr).close_box()
    host.click(box[1] + 2, box[0] + 2)
    assert window.TaskMaster(tb, 0xFFFF, rec) == W_IN_GO_AWAY
    assert read_long(tb.mem, rec + 0x10) == ptr


def test_close_box_released_outside_does_nothing(tb, host):
    ptr = new_window(tb)
    rec = task_record(tb)
    drain(tb, rec)
    box = tb.wm.window(ptr).close_box()
    host.push(HostInput("down", box[1] + 2, box[0] + 2))
    host.push(HostInput("move", box[1] + 60, box[0] + 40))
    host.push(HostInput("up", box[1] + 60, box[0] + 40))
    assert window.TaskMaster(tb, 0xFFFF, rec) == 0


def test_dragging_the_title_bar_moves_the_window(tb, host):
    ptr = new_window(tb)
    rec = task_record(tb)
    drain(tb, rec)
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    host.drag(250, CONTENT[0] - 5, 280, CONTENT[0] + 15)
    assert window.TaskMaster(tb, 0xFFFF, rec) == 0
    assert tb.wm.window(ptr).content == (60, 130, 160, 430)
    # where the window was is desktop pattern again
    assert set(tb.qd.save_bits((42, 100, 44, 120))) == {0, 3}


def test_clicking_a_back_window_brings_it_forward(tb, host):
    back = new_window(tb, (30, 20, 120, 300), b"Back")
    front = new_window(tb, (60, 200, 180, 600), b"Front")
    rec = task_record(tb)
    drain(tb, rec)
    assert window.FrontWindow(tb) == front
    host.click(50, 50)
    assert window.TaskMaster(tb, 0xFFFF, rec) == 0
    assert window.FrontWindow(tb) == back
    codes = drain(tb, rec)
    assert ACTIVATE_EVT in codes and UPDATE_EVT in codes


def test_close_window_redraws_the_desktop_and_front_window(tb):
    back = new_window(tb, (30, 20, 120, 300), b"Back")
    front = new_window(tb, (60, 200, 180, 600), b"Front")
    window.CloseWindow(tb, front)
    assert window.FrontWindow(tb) == back
    assert set(tb.qd.save_bits((150, 400, 152, 420))) == {0, 3}   # desktop again


def test_hide_and_show_window(tb):
    ptr = new_window(tb)
    window.HideWindow(tb, ptr)
    assert window.FrontWindow(tb) == 0
    window.ShowWindow(tb, ptr)
    assert window.FrontWindow(tb) == ptr


def test_refcon_and_title(tb):
    ptr = new_window(tb)
    window.SetWRefCon(tb, 0xCAFE, ptr)
    assert window.GetWRefCon(tb, ptr) == 0xCAFE
    title = tb.scratch.pstring(b"Score")
    window.SetWTitle(tb, title, ptr)
    assert window.GetWTitle(tb, ptr) == title


def test_task_master_menu_key_and_menu_bar_codes(tb, host):
    text = b">> Game \\N2\0--New\\N257*Nn\0--Undo\\N250*Zz\0.\0"
    menu.InsertMenu(tb, menu.NewMenu(tb, tb.scratch.bytes(text)), 0)
    menu.FixMenuBar(tb)
    menu.DrawMenuBar(tb)
    rec = task_record(tb)
    host.key("n", APPLE_KEY)
    assert window.TaskMaster(tb, 0xFFFF, rec) == W_IN_MENU_BAR
    assert read_long(tb.mem, rec + 0x10) == (2 << 16) | 257
    menu.HiliteMenu(tb, 0, 2)
    host.key("z", APPLE_KEY)
    assert window.TaskMaster(tb, 0xFFFF, rec) == W_IN_SPECIAL    # 250-255: edit items
    host.key("x")                                                # no Apple key
    assert window.TaskMaster(tb, 0xFFFF, rec) == 3


def test_task_master_without_get_next_event_uses_the_record(tb):
    ptr = new_window(tb)
    rec = task_record(tb, TASK_MASK | TM_NO_GET_NEXT_EVENT)
    for offset, value in ((0, 1), (10, 60), (12, 200)):
        tb.mem[rec + offset:rec + offset + 2] = value.to_bytes(2, "little")
    assert window.TaskMaster(tb, 0xFFFF, rec) == W_IN_CONTENT
    assert read_long(tb.mem, rec + 0x10) == ptr
