"""LineEdit: the LineEdit scrap and the desk scrap, LETextBox/LETextBox2, justification,
LEClassifyKey and the housekeeping calls (Toolbox Reference vols. 2 and 3; ORCA/Pascal
LineEdit unit)."""
import pytest

from iigs.hostinput import APPLE_KEY
from iigs.memory import read_bytes, write_bytes
from toolbox import lineedit, scrap, window
from toolbox.calls import ToolError
from toolbox.event import KEY_DOWN_EVT, Event, write_event
from toolbox.lineedit import TextState, text_runs, wrap_runs

CONTENT = (40, 100, 160, 500)


def new_line(tb, text: bytes, rect=(10, 10, 22, 300)) -> int:
    win = window.NewWindow(tb, tb.scratch.window_params(CONTENT, b"Edit"))
    tb.wm.set_window_port(tb.wm.window(win))
    r = tb.scratch.rect(rect)
    handle = lineedit.LENew(tb, r, r, 40)
    lineedit.LESetText(tb, tb.scratch.bytes(text), len(text), handle)
    lineedit.LEActivate(tb, handle)
    return handle


def scrap_bytes(tb) -> bytes:
    handle = lineedit.LEScrapHandle(tb)
    return read_bytes(tb.mem, tb.mm.deref(handle), lineedit.LEGetScrapLen(tb))


def test_cut_copy_paste_and_the_desk_scrap(tb):
    assert lineedit.LEStatus(tb) == 0xFFFF
    h = new_line(tb, b"Gin Rummy")
    lineedit.LESetSelect(tb, 0, 4, h)
    lineedit.LECopy(tb, h)
    assert scrap_bytes(tb) == b"Gin "
    lineedit.LESetSelect(tb, 4, 9, h)
    lineedit.LECut(tb, h)                                  # the scrap holds what was cut
    assert (tb.le.record(h).model.text, scrap_bytes(tb)) == (b"Gin ", b"Rummy")
    lineedit.LEPaste(tb, h)
    lineedit.LEPaste(tb, h)
    assert tb.le.record(h).model.text == b"Gin RummyRummy"
    lineedit.LESetSelect(tb, 0, 4, h)
    lineedit.LEDelete(tb, h)                               # the scrap is left alone
    assert (tb.le.record(h).model.text, scrap_bytes(tb)) == (b"RummyRummy", b"Rummy")

    lineedit.LEToScrap(tb)                                 # to the desk scrap, as text
    assert tb.scrap.data(scrap.TEXT_SCRAP) == b"Rummy"
    count = scrap.GetScrapCount(tb)
    scrap.ZeroScrap(tb)
    text = tb.scratch.bytes(b"Knock")
    scrap.PutScrap(tb, 5, scrap.TEXT_SCRAP, text)
    lineedit.LEFromScrap(tb)
    assert scrap_bytes(tb) == b"Knock" and scrap.GetScrapCount(tb) == count + 1
    scrap.ZeroScrap(tb)
    with pytest.raises(ToolError) as err:                  # no text on the desk scrap
        lineedit.LEFromScrap(tb)
    assert err.value.code == 0x1610

    handle = lineedit.LEScrapHandle(tb)                    # a program's own text
    lineedit.LESetScrapLen(tb, 3)
    write_bytes(tb.mem, tb.mm.deref(handle), b"Gin")
    assert lineedit.LEGetScrapLen(tb) == 3
    lineedit.LESetSelect(tb, 0, 10, h)
    lineedit.LEPaste(tb, h)
    assert tb.le.record(h).model.text == b"Gin"


def test_justification_hooks_and_classify_key(tb):
    h = new_line(tb, b"Ada")
    rec = tb.le.record(h)
    width = tb.qd.StringWidth(b"Ada")
    assert tb.le.caret_positions(rec)[0] == 12             # left: the margin
    lineedit.LESetJust(tb, 0xFFFF, h)
    assert tb.le.caret_positions(rec)[-1] == 298           # right: against the right
    lineedit.LESetJust(tb, 1, h)
    assert tb.le.caret_positions(rec)[0] == 12 + (286 - width) // 2
    logged = [t for _, _, t, _ in tb.qd.text_log if t == "Ada"]
    assert logged                                          # drawn again each time
    lineedit.LESetHilite(tb, 0x050000, h)
    lineedit.LESetCaret(tb, 0x060000, h)
    assert (rec.hilite_hook, rec.caret_hook) == (0x050000, 0x060000)
    assert lineedit.GetLEDefProc(tb) == lineedit.LE_DEF_PROC

    ev = tb.scratch.take(16)

    def classify(ch: int, modifiers: int = 0) -> int:
        write_event(tb.mem, ev, Event(KEY_DOWN_EVT, ch, modifiers=modifiers))
        return lineedit.LEClassifyKey(tb, ev)

    assert classify(ord("7")) == 0x4000 | 0x2000 | 0x0800
    assert classify(ord("c")) == 0x2000 | 0x1000 | 0x0800
    assert classify(ord("Z")) == 0x1000 | 0x0800
    assert classify(ord("#")) == 0x0800
    assert classify(0x08) == 0x8000                        # the left arrow
    assert classify(0x7F) == 0x8000                        # delete
    assert classify(ord("x"), APPLE_KEY) == 0x8000 | 0x1000 | 0x0800


def test_text_box_wraps_justifies_and_styles(tb):
    window.NewWindow(tb, tb.scratch.window_params(CONTENT, b"Box"))
    tb.wm.set_window_port(tb.wm.front())
    qd = tb.qd
    box = (10, 10, 60, 110)
    words = b"one two three four five"
    tb.qd.text_log.clear()
    lineedit.LETextBox(tb, tb.scratch.bytes(words), len(words), tb.scratch.rect(box), 0)
    drawn = [(x - CONTENT[1], y, t) for x, y, t, _ in qd.text_log]     # the log: global
    lines = {}
    for x, y, t in drawn:
        lines.setdefault(y, []).append((x, t))
    assert len(lines) >= 2                                 # wrapped at words
    assert all(x == 10 for x, _ in (row[0] for row in lines.values()))
    assert "".join(t for row in lines.values() for _, t in row).replace(" ", "") == \
        words.replace(b" ", b"").decode()
    gv, gh = CONTENT[0] + 58, CONTENT[1] + 100             # erased inside the box
    assert qd.save_bits((gv, gh, gv + 1, gh + 1)) == b"\x03"

    tb.qd.text_log.clear()                                 # right-justified, a CR
    text = b"Gin\rKnock"
    lineedit.LETextBox(tb, tb.scratch.bytes(text), len(text), tb.scratch.rect(box), 0xFFFF)
    (x1, y1, t1, _), (x2, y2, t2, _) = qd.text_log[:2]
    assert (t1, t2) == ("Gin", "Knock") and y2 > y1
    right = CONTENT[1] + 110
    assert x1 == right - qd.StringWidth(b"Gin") and x2 == right - qd.StringWidth(b"Knock")

    # LETextBox2: $01 'S' bold for the word after it, $01 'J' centre, $01 'L' margin
    styled = b"\x01J\x01\x00plain \x01S\x01\x00bold"
    faces = []
    real = qd.DrawString

    def spy(s):
        faces.append((qd.GetTextFace(), s))
        return real(s)

    qd.DrawString = spy
    try:
        lineedit.LETextBox2(tb, tb.scratch.bytes(styled), len(styled), tb.scratch.rect(box), 0)
        lineedit.LETextBox(tb, tb.scratch.bytes(styled), len(styled), tb.scratch.rect(box), 0)
    finally:
        qd.DrawString = real
    assert [f for f, s in faces[:2]] == [0, 1]
    assert [bytes(s).strip() for f, s in faces[:2]] == [b"plain", b"bold"]
    assert any(b"\x01" in bytes(s) for f, s in faces[2:])  # LETextBox draws it as text

    state = TextState(0, 0, 0, 3)
    runs = text_runs(b"\x01L\x0a\x00ab cd", state, True)
    assert runs[0][0].left == 10
    lines = wrap_runs(runs, 100, lambda st, piece: 6 * len(piece))
    assert [[p for _, p in line] for _, line in lines] == [[b"ab ", b"cd"]]
