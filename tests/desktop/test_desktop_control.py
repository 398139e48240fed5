"""Control Manager: buttons, check boxes, radio families, tracking, the CtlRec."""
from iigs.hostinput import HostInput
from iigs.memory import read_long, read_word
from toolbox import control, window
from toolbox.control import CHECK_BOX, CHECK_PROC, RADIO_BUTTON, RADIO_PROC, SIMPLE_BUTTON

CONTENT = (40, 100, 160, 500)


def make(tb, rect, title: bytes, proc=0, flag=0, value=0) -> int:
    win = tb.wm.front().ptr
    return control.NewControl(tb, win, tb.scratch.rect(rect), tb.scratch.pstring(title),
                              flag, value, 0, 0, proc, 0, 0)


def open_window(tb) -> int:
    return window.NewWindow(tb, tb.scratch.window_params(CONTENT, b"Controls"))


def to_global(v, h):
    return CONTENT[1] + h, CONTENT[0] + v        # (h, v) for clicks


def test_button_is_drawn_with_its_title_and_found_by_point(tb):
    ptr = open_window(tb)
    h = make(tb, (10, 10, 23, 80), b"Deal")
    assert any(t == "Deal" for _, _, t, _ in tb.qd.text_log)
    found = tb.scratch.take(4)
    assert control.FindControl(tb, found, *to_global(15, 40), ptr) == SIMPLE_BUTTON
    assert read_long(tb.mem, found) == h
    assert control.FindControl(tb, found, *to_global(90, 300), ptr) == 0
    assert read_long(tb.mem, found) == 0


def test_track_control_inside_and_outside(tb, host):
    open_window(tb)
    h = make(tb, (10, 10, 23, 80), b"Deal")
    host.push(HostInput("move", *to_global(15, 40)))
    host.push(HostInput("up", *to_global(15, 40)))
    tb.em.button_down = True
    assert control.TrackControl(tb, 0, 0, 0, h) == SIMPLE_BUTTON
    host.push(HostInput("move", *to_global(90, 300)))
    host.push(HostInput("up", *to_global(90, 300)))
    tb.em.button_down = True
    assert control.TrackControl(tb, 0, 0, 0, h) == 0


def test_pressed_button_is_inverted_while_the_mouse_is_over_it(tb, host):
    open_window(tb)
    h = make(tb, (10, 10, 23, 80), b"Deal")
    ctl = tb.ctl.control(h)
    tb.ctl.draw(ctl, pressed=True)
    v, x = CONTENT[0] + 16, CONTENT[1] + 20
    assert tb.qd.save_bits((v, x, v + 1, x + 1)) == b"\0"
    tb.ctl.draw(ctl, pressed=False)
    assert tb.qd.save_bits((v, x, v + 1, x + 1)) == b"\x03"


def test_check_box_value_is_the_programs_to_change(tb):
    open_window(tb)
    h = make(tb, (40, 10, 52, 120), b"Hints", proc=CHECK_PROC)
    assert tb.ctl.control(h).kind == CHECK_BOX
    assert control.GetCtlValue(tb, h) == 0
    control.SetCtlValue(tb, 1, h)
    assert control.GetCtlValue(tb, h) == 1
    # the CtlRec in memory holds the value (ctlValue at +$12)
    assert read_word(tb.mem, tb.mm.deref(h) + 0x12) == 1


def test_radio_family_keeps_one_on(tb):
    open_window(tb)
    a = make(tb, (60, 10, 72, 80), b"Slow", RADIO_PROC, flag=1, value=1)
    b = make(tb, (60, 90, 72, 160), b"Fast", RADIO_PROC, flag=1)
    other = make(tb, (80, 10, 92, 80), b"Other", RADIO_PROC, flag=2, value=1)
    assert tb.ctl.control(a).kind == RADIO_BUTTON
    control.SetCtlValue(tb, 1, b)
    assert (control.GetCtlValue(tb, a), control.GetCtlValue(tb, b)) == (0, 1)
    assert control.GetCtlValue(tb, other) == 1
    assert control.FindRadioButton(tb, tb.wm.front().ptr, 1) == 1


def test_inactive_and_hidden_controls_are_not_hit(tb):
    ptr = open_window(tb)
    h = make(tb, (10, 10, 23, 80), b"Deal")
    found = tb.scratch.take(4)
    control.HiliteControl(tb, 255, h)
    assert control.FindControl(tb, found, *to_global(15, 40), ptr) == 0
    control.HiliteControl(tb, 0, h)
    control.HideControl(tb, h)
    assert control.FindControl(tb, found, *to_global(15, 40), ptr) == 0
    control.ShowControl(tb, h)
    assert control.FindControl(tb, found, *to_global(15, 40), ptr) == SIMPLE_BUTTON


def test_default_button_has_the_bold_ring(tb):
    open_window(tb)
    make(tb, (30, 100, 43, 170), b"OK", flag=1)
    # the ring sits outside the button's own rectangle
    v = CONTENT[0] + 36
    ring = tb.qd.save_bits((v, CONTENT[1] + 97, v + 1, CONTENT[1] + 99))
    assert 0 in ring


def test_dispose_and_kill_controls(tb):
    ptr = open_window(tb)
    h = make(tb, (10, 10, 23, 80), b"Deal")
    make(tb, (30, 10, 43, 80), b"Knock")
    control.DisposeControl(tb, h)
    assert len(tb.ctl.in_window(ptr)) == 1
    control.KillControls(tb, ptr)
    assert tb.ctl.in_window(ptr) == []


def test_refcon_and_title(tb):
    open_window(tb)
    h = make(tb, (10, 10, 23, 80), b"Deal")
    control.SetCtlRefCon(tb, 77, h)
    assert control.GetCtlRefCon(tb, h) == 77
    control.SetCtlTitle(tb, tb.scratch.pstring(b"Redeal"), h)
    assert tb.ctl.control(h).title == b"Redeal"


# -- scroll bars (Toolbox Reference vol. 1 ch. 4; ORCA/C control.h) ---------------------
from toolbox.control import (DOWN_ARROW, PAGE_DOWN, PAGE_UP, SCROLL_PROC, THUMB, UP_ARROW,
                             scroll_geometry)

BAR = (10, 300, 110, 316)       # a vertical bar, 100 pixels: arrows 10 each, track 80


def make_bar(tb, value=0, view=10, data=50, flag=0x03) -> int:
    """NewControl(scrollProc): param1 the view size, param2 the data size."""
    win = tb.wm.front().ptr
    return control.NewControl(tb, win, tb.scratch.rect(BAR), 0, flag, value, view, data,
                              SCROLL_PROC, 0, 0)


class Calls:
    """A machine stand-in that records the action procedure's calls."""

    ticks = 0

    def __init__(self, tb, handle: int, step: int = 1) -> None:
        self.tb, self.handle, self.step, self.calls = tb, handle, step, []

    def call(self, addr, stack_args=()):
        self.calls.append((addr, list(stack_args)))
        part = stack_args[2]
        moved = {UP_ARROW: -self.step, DOWN_ARROW: self.step}.get(part, 0)
        control.SetCtlValue(self.tb, control.GetCtlValue(self.tb, self.handle) + moved,
                            self.handle)


def test_scroll_bar_parts_thumb_and_ctl_data(tb):
    ptr = open_window(tb)
    h = make_bar(tb, value=20)
    ctl = tb.ctl.control(h)
    assert (ctl.view_size, ctl.data_size, ctl.max_value, ctl.value) == (10, 50, 40, 20)
    assert read_long(tb.mem, tb.mm.deref(h) + 0x1C) == 50 << 16 | 10   # ctlData
    geo = scroll_geometry(ctl)
    assert (geo.track_start, geo.track_end) == (20, 100)
    assert geo.thumb == (20 + (80 - 16) * 20 // 40, 20 + (80 - 16) * 20 // 40 + 16)  # 10/50
    found = tb.scratch.take(4)
    for v, part in ((12, UP_ARROW), (105, DOWN_ARROW), (25, PAGE_UP), (95, PAGE_DOWN),
                    (sum(geo.thumb) // 2, THUMB)):
        assert control.FindControl(tb, found, *to_global(v, 308), ptr) == part
        assert control.TestControl(tb, 308, v, h) == part
    control.SetCtlValue(tb, 99, h)                        # kept within 0 .. data - view
    assert control.GetCtlValue(tb, h) == 40
    control.SetCtlValue(tb, 0xFFFF, h)
    assert control.GetCtlValue(tb, h) == 0


def test_scroll_bar_params_and_action(tb):
    open_window(tb)
    h = make_bar(tb, value=40)
    control.SetCtlParams(tb, 30, 20, h)                   # data 30 (pushed first), view 20
    assert control.GetCtlParams(tb, h) == 30 << 16 | 20
    assert control.GetCtlValue(tb, h) == 10               # pinned to the new range
    control.SetCtlAction(tb, 0x123456, h)
    assert control.GetCtlAction(tb, h) == 0x123456


def test_track_control_calls_the_action_procedure_on_an_arrow(tb, host, monkeypatch):
    open_window(tb)
    h = make_bar(tb, value=5)
    calls = Calls(tb, h)
    monkeypatch.setattr(tb, "machine", calls)
    control.SetCtlAction(tb, 0x0A1234, h)
    host.push(HostInput("move", *to_global(105, 308)))
    host.push(HostInput("up", *to_global(105, 308)))
    tb.em.button_down = True                               # -1: the control's own action
    assert control.TrackControl(tb, *to_global(105, 308), 0xFFFFFFFF, h) == DOWN_ARROW
    assert calls.calls[0] == (0x0A1234, [h >> 16, h & 0xFFFF, DOWN_ARROW])   # pressed,
    assert {tuple(c[1]) for c in calls.calls} == {(h >> 16, h & 0xFFFF, DOWN_ARROW)}
    assert control.GetCtlValue(tb, h) == 5 + len(calls.calls)   # then each step held
    host.push(HostInput("move", *to_global(12, 308)))      # an explicit procedure; the
    host.push(HostInput("move", *to_global(60, 200)))      #   mouse leaves the part
    host.push(HostInput("up", *to_global(60, 200)))
    tb.em.button_down = True
    before = len(calls.calls)
    assert control.TrackControl(tb, *to_global(12, 308), 0x0B0000, h) == 0
    assert calls.calls[before][0] == 0x0B0000 and calls.calls[before][1][2] == UP_ARROW
    assert calls.calls[-1][1][2] == 0                      # called with 0 outside it


def test_dragging_the_thumb_sets_the_value_its_place_stands_for(tb, host):
    open_window(tb)
    h = make_bar(tb, value=0)
    geo = scroll_geometry(tb.ctl.control(h))
    mid = sum(geo.thumb) // 2
    host.push(HostInput("move", *to_global(mid + 32, 308)))   # half the room (64 px)
    host.push(HostInput("up", *to_global(mid + 32, 308)))
    tb.em.button_down = True
    assert control.TrackControl(tb, *to_global(mid, 308), 0, h) == THUMB
    assert control.GetCtlValue(tb, h) == 20
    host.push(HostInput("move", *to_global(109, 308)))        # past the end: the last
    host.push(HostInput("up", *to_global(109, 308)))
    tb.em.button_down = True
    geo = scroll_geometry(tb.ctl.control(h))
    assert control.TrackControl(tb, *to_global(sum(geo.thumb) // 2, 308), 0, h) == THUMB
    assert control.GetCtlValue(tb, h) == 40


def test_scroll_bar_from_a_template(tb):
    from iigs.memory import write_long, write_word
    ptr = open_window(tb)
    t = tb.scratch.take(0x20)
    for off, value in ((0, 9), (0x12, 0x03), (0x14, 0), (0x1A, 60), (0x1C, 12),
                       (0x1E, 7)):
        write_word(tb.mem, t + off, value)
    write_long(tb.mem, t + 2, 77)                           # ID
    for i, x in enumerate(BAR):
        write_word(tb.mem, t + 6 + 2 * i, x)
    write_long(tb.mem, t + 0x0E, 0x86000000)                # scrollBarControl
    write_long(tb.mem, t + 0x16, 0)
    h = control.NewControl2(tb, ptr, 0, t)
    ctl = tb.ctl.control(h)
    assert (ctl.data_size, ctl.view_size, ctl.value, ctl.ctl_id) == (60, 12, 7, 77)


def test_an_invisible_control_draws_nothing_over_its_window(tb):
    open_window(tb)
    h = make(tb, (10, 10, 23, 80), b"Deal")
    v, x = CONTENT[0] + 10, CONTENT[1] + 20                        # the button's frame
    hidden = make(tb, (0, 0, 30, 100), b"Cancel", flag=0x80)   # over the button
    tb.ctl.draw_all(tb.wm.front().ptr)
    assert tb.qd.save_bits((v, x, v + 1, x + 1)) == b"\0"
    control.HideControl(tb, h)                                      # hiding erases it
    assert tb.qd.save_bits((v, x, v + 1, x + 1)) == b"\x03"
    assert tb.ctl.control(hidden).visible is False
