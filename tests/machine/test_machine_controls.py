"""The Control Manager's, LineEdit's and Dialog Manager's added calls made the way a
program makes them, through JSL $E10000: parameters pushed in the Toolbox Reference's
order, results popped, errors in A with the carry."""
from __future__ import annotations

from system.machine import Machine
from iigs.memory import read_word, write_bytes, write_long, write_word
from toolbox import control, dialog, event, lineedit, window
from toolbox.calls import TOOL_TABLE
from toolbox.event import KEY_DOWN_EVT, Event, write_event
from toolcall import call_row

USER_ID = 0x1001
PARAMS, TEMPLATE, TITLE, RECT, POINT, EVENT = 0x7400, 0x7500, 0x7540, 0x7560, 0x7570, 0x7580
CONTENT = (40, 100, 160, 500)


def call(m: Machine, number: int, *params: int) -> tuple[int, int]:
    return call_row(m, TOOL_TABLE[number], *params)


def ok(m: Machine, number: int, *params: int) -> int:
    error, result = call(m, number, *params)
    assert error == 0, f"${number:04X} error ${error:04X}"
    return result


def desktop() -> tuple[Machine, int]:
    """QuickDraw, the Event, Window, Control, LineEdit and Dialog Managers started and
    one window open."""
    m = Machine()
    tb = m.tb
    tb.qd.QDStartUp(0x1000, 0x80, 0, USER_ID)
    event.EMStartUp(tb, 0x1300, 0, 0, 639, 0, 199, USER_ID)
    window.WindStartUp(tb, USER_ID)
    control.CtlStartUp(tb, USER_ID, 0x1400)
    lineedit.LEStartUp(tb, USER_ID, 0x1600)
    dialog.DialogStartUp(tb, USER_ID)
    write_word(m.mem, PARAMS, 0x4E)
    write_word(m.mem, PARAMS + 2, 0xC0A0)
    for i, value in enumerate(CONTENT):
        write_word(m.mem, PARAMS + 0x3E + 2 * i, value)
    write_long(m.mem, PARAMS + 0x46, 0xFFFFFFFF)
    return m, window.NewWindow(tb, PARAMS)


def test_added_calls_through_the_dispatcher():
    m, win = desktop()
    write_bytes(m.mem, TITLE, b"\x05Sound")
    write_word(m.mem, TEMPLATE, 8)                       # a check box template, ID 7
    write_long(m.mem, TEMPLATE + 2, 7)
    for i, value in enumerate((30, 10, 42, 120)):
        write_word(m.mem, TEMPLATE + 6 + 2 * i, value)
    write_long(m.mem, TEMPLATE + 0x0E, 0x82000000)
    write_long(m.mem, TEMPLATE + 0x1A, TITLE)
    handle = ok(m, 0x3110, win, 0, TEMPLATE)             # NewControl2
    ok(m, 0x3C10, 1, win, 7)                             # SetCtlValueByID
    assert ok(m, 0x3D10, win, 7) == 1                    # GetCtlValueByID
    assert call(m, 0x3D10, win, 8)[0] == 0x1009          # noSuchIDError
    assert ok(m, 0x0D10, handle) == TITLE                # GetCtlTitle
    ok(m, 0x1610, 200, 60, handle)                       # MoveControl(newX, newY)
    assert m.tb.ctl.control(handle).rect == (60, 200, 72, 310)
    ok(m, 0x2F10, 0x2000, handle)                        # SetCtlMoreFlags
    assert ok(m, 0x2E10, handle) == 0x2000               # GetCtlMoreFlags
    assert ok(m, 0x2C10, handle, 12, 0) == 64            # CallCtlDefProc(recSize)
    ok(m, 0x2D10, 0x2000, 9, 0, win)                     # NotifyCtls(newValue 0)
    assert ok(m, 0x1A10, handle) == 0
    assert ok(m, 0x1E10) == 26 << 16 | 10                # GrowSize
    assert ok(m, 0x1F10) == 0x1400                       # GetCtlDpage
    assert call(m, 0x2610)[0] == 0x1006                  # FindTargetCtl: none
    assert (ok(m, 0x0610), ok(m, 0x0614), ok(m, 0x0615)) == (0xFFFF,) * 3

    write_event(m.mem, EVENT, Event(KEY_DOWN_EVT, ord("7")))
    assert ok(m, 0x2514, EVENT) == 0x4000 | 0x2000 | 0x0800   # LEClassifyKey

    for i, value in enumerate((40, 150, 150, 490)):
        write_word(m.mem, RECT + 2 * i, value)
    dlg = ok(m, 0x0B15, RECT, TITLE, 0xFFFFFFFF, 0xC0A0, 0, 0)   # NewModelessDialog
    for i, value in enumerate((10, 20, 23, 90)):
        write_word(m.mem, RECT + 2 * i, value)
    ok(m, 0x0D15, dlg, 4, RECT, 0x0A, TITLE, 0, 0, 0)   # NewDItem: a button, ID 4
    write_word(m.mem, POINT, 15)
    write_word(m.mem, POINT + 2, 30)
    assert ok(m, 0x2415, dlg, POINT) == 4                # FindDItem
    assert (ok(m, 0x2A15, dlg), ok(m, 0x2B15, dlg, 4)) == (4, 0)
    write_event(m.mem, EVENT, Event(KEY_DOWN_EVT, 0x0D))
    ok(m, 0x3815, 4, dlg)                                # SetDefButton
    assert ok(m, 0x3615, dlg, EVENT, POINT) == 0xFFFF    # DefaultFilter: Return
    assert read_word(m.mem, POINT) == 4
