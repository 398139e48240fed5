"""LineEdit: the editing model (keys, selection, limits) and the record's drawing."""
from hypothesis import given, strategies as st

from iigs.hostinput import APPLE_KEY, SHIFT_KEY
from iigs.memory import read_bytes
from toolbox import lineedit, window
from toolbox.lineedit import (KEY_CLEAR, KEY_DELETE, KEY_LEFT, KEY_RIGHT, LineEditText)


def typed(text: bytes, keys) -> LineEditText:
    m = LineEditText()
    m.set_text(text)
    for k in keys:
        m.key(*k) if isinstance(k, tuple) else m.key(k)
    return m


def test_typing_inserts_at_the_caret():
    m = typed(b"", [ord("A"), ord("d"), ord("a")])
    assert m.text == b"Ada" and (m.sel_start, m.sel_end) == (3, 3)


def test_arrows_move_the_caret_and_delete_removes_before_it():
    m = typed(b"Gin", [KEY_LEFT, KEY_LEFT, KEY_DELETE])
    assert m.text == b"in" and m.sel_start == 0
    m = typed(b"Gin", [KEY_LEFT, KEY_RIGHT, ord("!")])
    assert m.text == b"Gin!"


def test_typing_replaces_a_selection():
    m = LineEditText()
    m.set_text(b"Player")
    m.select(0, 6)
    m.key(ord("Z"))
    assert m.text == b"Z"


def test_shift_arrows_extend_and_apple_arrows_jump():
    m = typed(b"abcd", [(KEY_LEFT, SHIFT_KEY), (KEY_LEFT, SHIFT_KEY)])
    assert (m.sel_start, m.sel_end) == (2, 4)
    m = typed(b"abcd", [(KEY_LEFT, APPLE_KEY)])
    assert (m.sel_start, m.sel_end) == (0, 0)


def test_clear_empties_the_line_and_apple_keys_are_refused():
    assert typed(b"abc", [KEY_CLEAR]).text == b""
    m = LineEditText()
    assert not m.key(ord("q"), APPLE_KEY)
    assert not m.key(0x0D)             # return belongs to the dialog


def test_maximum_length():
    m = LineEditText(max_length=3)
    for ch in b"abcdef":
        m.key(ch)
    assert m.text == b"abc"


@given(st.text(alphabet="abc", max_size=8),
       st.lists(st.sampled_from([KEY_LEFT, KEY_RIGHT, KEY_DELETE, KEY_CLEAR, ord("x"),
                                 (KEY_LEFT, SHIFT_KEY), (KEY_RIGHT, SHIFT_KEY)]),
                max_size=30))
def test_selection_always_lies_inside_the_text(start, keys):
    m = LineEditText(max_length=10)
    m.set_text(start.encode())
    for k in keys:
        m.key(*k) if isinstance(k, tuple) else m.key(k)
        assert 0 <= m.sel_start <= m.sel_end <= len(m.text) <= 10


def test_le_record_calls_keep_the_text_handle(tb):
    window.NewWindow(tb, tb.scratch.window_params((40, 100, 160, 500), b"Edit"))
    window.StartDrawing(tb, tb.wm.front().ptr)
    rect = tb.scratch.rect((10, 10, 22, 200))
    h = lineedit.LENew(tb, rect, rect, 12)
    lineedit.LESetText(tb, tb.scratch.bytes(b"Gin"), 3, h)
    lineedit.LEActivate(tb, h)
    lineedit.LEKey(tb, ord("!"), 0, h)
    assert lineedit.LEGetTextLen(tb, h) == 4
    text_handle = lineedit.LEGetTextHand(tb, h)
    assert read_bytes(tb.mem, tb.mm.deref(text_handle), 4) == b"Gin!"
    assert any(t == "Gin!" for _, _, t, _ in tb.qd.text_log)
    lineedit.LESetSelect(tb, 0, 3, h)
    lineedit.LEDelete(tb, h)
    assert tb.le.record(h).model.text == b"!"


def test_click_places_the_caret_nearest_the_point(tb):
    window.NewWindow(tb, tb.scratch.window_params((40, 100, 160, 500), b"Edit"))
    window.StartDrawing(tb, tb.wm.front().ptr)
    rect = tb.scratch.rect((10, 10, 22, 200))
    rec = tb.le.record(lineedit.LENew(tb, rect, rect, 12))
    rec.model.set_text(b"abcdef")
    pos = tb.le.caret_positions(rec)
    assert tb.le.offset_at(rec, pos[3] + 1) == 3
    assert tb.le.offset_at(rec, 500) == 6
