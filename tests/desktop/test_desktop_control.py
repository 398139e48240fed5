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
