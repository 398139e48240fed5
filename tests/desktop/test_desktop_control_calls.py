"""Control Manager: moving, dragging and erasing controls, ctlMoreFlags and the target
control, defProc messages, the ByID calls and the editLine control (Toolbox Reference
vols. 1 and 3; ORCA/C control.h)."""
import pytest

from iigs.hostinput import HostInput
from iigs.memory import read_long, read_pstring, read_word, write_long, write_word
from toolbox import control, window
from toolbox.calls import ToolError
from toolbox.control import CHECK_PROC, SIMPLE_BUTTON
from toolbox.event import KEY_DOWN_EVT, Event, write_event
from toolbox.lineedit import EDIT_LINE_CONTROL, EDIT_LINE_PART

CONTENT = (40, 100, 160, 500)
WHITE_PIXEL, BLACK_PIXEL = b"\x03", b"\x00"


def open_window(tb) -> int:
    return window.NewWindow(tb, tb.scratch.window_params(CONTENT, b"Controls"))


def pixel(tb, v, h) -> bytes:
    """The screen pixel at a point local to the window."""
    gv, gh = CONTENT[0] + v, CONTENT[1] + h
    return tb.qd.save_bits((gv, gh, gv + 1, gh + 1))


def to_global(v, h):
    return CONTENT[1] + h, CONTENT[0] + v        # (h, v) for the host


def template(tb, ctl_id, rect, proc, flag=0, more=0, extra=()) -> int:
    """A control template: pCount, ID, rect, procRef, flag, moreFlags, refCon, then
    the proc's own fields (words, or (long,) tuples)."""
    t = tb.scratch.take(0x30)
    write_word(tb.mem, t, 6 + len(extra))
    write_long(tb.mem, t + 2, ctl_id)
    for i, x in enumerate(rect):
        write_word(tb.mem, t + 6 + 2 * i, x)
    write_long(tb.mem, t + 0x0E, proc)
    write_word(tb.mem, t + 0x12, flag)
    write_word(tb.mem, t + 0x14, more)
    write_long(tb.mem, t + 0x16, 0)
    at = t + 0x1A
    for value in extra:
        if isinstance(value, tuple):
            write_long(tb.mem, at, value[0])
            at += 4
        else:
            write_word(tb.mem, at, value)
            at += 2
    return t


def key_event(tb, ch: str) -> int:
    ev = tb.scratch.take(16)
    write_event(tb.mem, ev, Event(KEY_DOWN_EVT, ord(ch)))
    return ev


def test_record_fields_housekeeping_move_erase_and_defproc_messages(tb):
    win = open_window(tb)
    title = tb.scratch.pstring(b"Deal")
    h = control.NewControl(tb, win, tb.scratch.rect((10, 10, 23, 80)), title, 0, 0, 0, 0,
                           0, 0, 0)
    rec = tb.mm.deref(h)
    assert control.GetCtlTitle(tb, h) == title == read_long(tb.mem, rec + 0x1C)  # ctlData
    other = tb.scratch.pstring(b"Redeal")
    control.SetCtlTitle(tb, other, h)
    assert control.GetCtlTitle(tb, h) == other
    control.SetCtlMoreFlags(tb, 0x2000, h)
    control.SetCtlID(tb, 0x12345678, h)
    assert control.GetCtlMoreFlags(tb, h) == read_word(tb.mem, rec + 0x3C) == 0x2000
    assert read_long(tb.mem, rec + 0x38) == 0x12345678                      # ctlID
    assert (control.CtlStatus(tb), control.GetCtlDpage(tb)) == (0xFFFF, 0x1400)
    assert control.SetCtlIcons(tb, 0x0A0000) == 0
    assert control.SetCtlIcons(tb, 0) == 0x0A0000          # nil only asks
    assert control.GrowSize(tb) == 26 << 16 | 10
    control.SetCtlParamPtr(tb, 0x044000)
    assert control.GetCtlParamPtr(tb) == 0x044000

    assert pixel(tb, 10, 40) == BLACK_PIXEL                # the button's top edge
    control.MoveControl(tb, 200, 60, h)                    # newX, newY: local
    assert tb.ctl.control(h).rect == (60, 200, 73, 270)
    assert read_word(tb.mem, rec + 0x08) == 60 and read_word(tb.mem, rec + 0x0A) == 200
    assert pixel(tb, 10, 40) == WHITE_PIXEL                # erased where it was
    assert pixel(tb, 60, 230) == BLACK_PIXEL               # drawn where it is
    control.EraseControl(tb, h)
    assert pixel(tb, 60, 230) == WHITE_PIXEL
    assert tb.ctl.control(h).visible                       # erased, still visible

    # CallCtlDefProc: the point as a long (v low word, h high word)
    assert control.CallCtlDefProc(tb, h, 2, 230 << 16 | 65) == SIMPLE_BUTTON
    assert control.CallCtlDefProc(tb, h, 2, 30 << 16 | 65) == 0
    assert control.CallCtlDefProc(tb, h, 12, 0) == 64      # recSize
    control.CallCtlDefProc(tb, h, 11, 20 << 16 | 90)       # moveCtl
    assert tb.ctl.control(h).rect[:2] == (90, 20)
    box = control.NewControl(tb, win, tb.scratch.rect((30, 300, 42, 400)),
                             tb.scratch.pstring(b"Hints"), 0, 0, 0, 0, CHECK_PROC, 0, 0)
    control.CallCtlDefProc(tb, box, 9, 1)                  # newValue
    assert control.GetCtlValue(tb, box) == 1
    control.NotifyCtls(tb, 0x2000, 9, 0, win)              # only the button has the bit
    assert control.GetCtlValue(tb, box) == 1
    control.SetCtlMoreFlags(tb, 0x2000, box)
    control.NotifyCtls(tb, 0x2000, 9, 0, win)
    assert control.GetCtlValue(tb, box) == 0


def test_by_id_calls_and_invalidation(tb):
    win = open_window(tb)
    h = control.NewControl2(tb, win, 0, template(tb, 7, (30, 10, 42, 120), 0x82000000,
                                                  extra=((tb.scratch.pstring(b"Sound"),), 0)))
    control.SetCtlValueByID(tb, 1, win, 7)
    assert control.GetCtlValueByID(tb, win, 7) == 1 == control.GetCtlValue(tb, h)
    control.HiliteCtlByID(tb, 255, win, 7)
    assert tb.mem[tb.mm.deref(h) + 0x11] == 255            # ctlHilite
    assert read_pstring(tb.mem, control.GetCtlTitle(tb, h)) == b"Sound"
    w = tb.wm.window(win)
    w.update = None
    control.InvalOneCtlByID(tb, win, 7)
    assert w.update == (CONTENT[0] + 30, CONTENT[1] + 10, CONTENT[0] + 42, CONTENT[1] + 120)
    w.update = None
    control.InvalCtls(tb, win)
    assert w.update is not None and w.update[0] == CONTENT[0] + 30
    with pytest.raises(ToolError) as err:
        control.GetCtlValueByID(tb, win, 8)
    assert err.value.code == 0x1009                        # noSuchIDError
    with pytest.raises(ToolError) as err:
        control.GetLETextByID(tb, win, 7, tb.scratch.take(256))
    assert err.value.code == 0x1009                        # not an editLine control


def test_edit_line_controls_text_target_and_events(tb, host):
    win = open_window(tb)
    first = control.NewControl2(tb, win, 0, template(
        tb, 1, (10, 10, 24, 200), EDIT_LINE_CONTROL,
        extra=(20, (tb.scratch.pstring(b"Ada"),), 0)))
    button = control.NewControl(tb, win, tb.scratch.rect((40, 10, 53, 80)),
                                tb.scratch.pstring(b"OK"), 0, 0, 0, 0, 0, 0, 0)
    second = control.NewControl2(tb, win, 0, template(
        tb, 2, (70, 10, 84, 200), EDIT_LINE_CONTROL, extra=(8, (0,), ord("*"))))
    text = tb.scratch.take(256)
    control.GetLETextByID(tb, win, 1, text)
    assert read_pstring(tb.mem, text) == b"Ada"
    le_handle = read_long(tb.mem, tb.mm.deref(first) + 0x1C)          # ctlData
    assert tb.le.record(le_handle).model.text == b"Ada"
    assert control.GetCtlMoreFlags(tb, first) & 0x6000 == 0x6000      # target, events

    with pytest.raises(ToolError) as err:
        control.FindTargetCtl(tb)
    assert err.value.code == 0x1006                                    # no target yet
    assert control.MakeNextCtlTarget(tb) == first                      # the button is
    assert control.MakeNextCtlTarget(tb) == second                     #   passed by
    assert control.FindTargetCtl(tb) == second
    assert control.GetCtlMoreFlags(tb, first) & 0x8000 == 0
    with pytest.raises(ToolError) as err:
        control.MakeThisCtlTarget(tb, button)
    assert err.value.code == 0x1008                                    # canNotBeTarget

    for ch in "secret99":                              # typed into the target only
        assert control.SendEventToCtl(tb, 1, 0, key_event(tb, ch)) == 0xFFFF
    control.GetLETextByID(tb, win, 2, text)
    assert read_pstring(tb.mem, text) == b"secret99"
    assert tb.le.by_control[second].shown() == b"********"             # passwordChar
    assert control.SendEventToCtl(tb, 1, 0, key_event(tb, "!")) == 0xFFFF
    assert tb.le.by_control[second].model.text == b"secret99"          # maxSize 8: beep
    assert host.beeps == 1
    assert control.SendEventToCtl(tb, 0, win, key_event(tb, "\r")) == 0  # left to the program

    control.MakeThisCtlTarget(tb, first)
    control.SendEventToCtl(tb, 0, win, key_event(tb, "!"))
    control.SetLETextByID(tb, win, 2, tb.scratch.pstring(b"x"))
    control.GetLETextByID(tb, win, 1, text)
    assert read_pstring(tb.mem, text) == b"Ada!"
    assert tb.le.by_control[second].model.text == b"x"

    # a press in the first line: FindControl's part, the caret placed by TrackControl
    found = tb.scratch.take(4)
    assert control.FindControl(tb, found, *to_global(16, 14), win) == EDIT_LINE_PART
    host.push(HostInput("up", *to_global(16, 14)))
    tb.em.button_down = True
    assert control.TrackControl(tb, *to_global(16, 14), 0, first) == EDIT_LINE_PART
    assert tb.le.by_control[first].model.sel_start == 0
    control.MoveControl(tb, 300, 90, first)                # the line goes with it
    assert tb.le.by_control[first].view == (92, 304, 102, 486)
    control.DisposeControl(tb, second)
    assert second not in tb.le.by_control


def test_drag_control_and_drag_rect(tb, host):
    win = open_window(tb)
    h = control.NewControl(tb, win, tb.scratch.rect((10, 10, 23, 80)),
                           tb.scratch.pstring(b"Deal"), 0, 0, 0, 0, 0, 0, 0)
    limit = tb.scratch.rect((0, 0, 120, 400))
    slop = tb.scratch.rect((-20, -20, 140, 420))
    host.push(HostInput("move", *to_global(30, 60)))
    host.push(HostInput("up", *to_global(45, 90)))
    tb.em.button_down = True
    control.DragControl(tb, 20, 15, limit, slop, 0, h)     # from (15, 20): by (30, 70)
    assert tb.ctl.control(h).rect == (40, 80, 53, 150)
    host.push(HostInput("up", *to_global(200, 90)))        # let go outside the slop
    tb.em.button_down = True
    control.DragControl(tb, 100, 45, limit, slop, 0, h)
    assert tb.ctl.control(h).rect == (40, 80, 53, 150)
    host.push(HostInput("up", *to_global(60, 415)))        # kept inside the limit,
    tb.em.button_down = True                               # horizontally only
    control.DragControl(tb, 100, 45, limit, slop, 1, h)
    assert tb.ctl.control(h).rect == (40, 330, 53, 400)

    tb.wm.set_window_port(tb.wm.window(win))               # DragRect: the current port's
    drag = tb.scratch.rect((0, 0, 10, 10))
    host.push(HostInput("up", *to_global(17, 12)))
    tb.em.button_down = True
    assert control.DragRect(tb, 0, 0, 5, 5, drag, limit, slop, 0) == 7 << 16 | 12
    host.push(HostInput("up", *to_global(17, 12)))
    tb.em.button_down = True
    assert control.DragRect(tb, 0, 0, 5, 5, drag, limit, slop, 2) == 12   # v only
    host.push(HostInput("up", *to_global(150, 12)))
    tb.em.button_down = True
    assert control.DragRect(tb, 0, 0, 5, 5, drag, limit, slop, 0) == 0x80008000
