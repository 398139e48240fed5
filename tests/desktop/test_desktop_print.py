"""Print Manager (toolbox/printmgr.py) as a desktop program prints: PrDefault, the
Print dialog answered with Return (or copies and a page range typed), PrOpenDoc/PrOpenPage, QuickDraw into the page,
PrClosePage writing PAGE-NNNN.png, PrCloseDoc; PrValidate, Cancel, PrPixelMap."""
from __future__ import annotations

import numpy as np

from iigs.memory import read_word, write_word
from iigs.video import load_png
from toolbox import printmgr

USER_ID = 0x1001


def print_record(tb) -> int:
    return tb.mm.new_handle(printmgr.PR_REC_SIZE, USER_ID, 0)


def test_a_page_is_drawn_into_the_printers_port_and_written_as_png(tb, host, tmp_path,
                                                                   monkeypatch):
    monkeypatch.chdir(tmp_path)                       # no disk: the working folder
    printmgr.PMStartUp(tb, USER_ID, 0x1700)
    rec = print_record(tb)
    assert printmgr.PrValidate(tb, rec) == 0xFFFF     # zeroes: made the default
    assert printmgr.PrValidate(tb, rec) == 0
    ptr = tb.mm.deref(rec)
    assert [read_word(tb.mem, ptr + o) for o in (0x04, 0x06)] == [72, 80]
    assert [read_word(tb.mem, ptr + 0x08 + 2 * i) for i in range(4)] == [0, 0, 756, 640]
    host.key("\r")
    assert printmgr.PrJobDialog(tb, rec) == 0xFFFF    # Return: OK
    assert [read_word(tb.mem, ptr + o) for o in (0x50, 0x52, 0x54)] == [1, 9999, 1]
    screen_port = tb.qd.GetPort()
    port = printmgr.PrOpenDoc(tb, rec, 0)
    assert tb.qd.GetPort() == port
    for page in range(2):
        printmgr.PrOpenPage(tb, port, 0)
        tb.qd.SetSolidPenPat(0)
        tb.qd.PaintRect((100, 40 + 200 * page, 140, 240 + 200 * page))
        tb.qd.MoveTo(40, 200)
        tb.qd.DrawString(b"Gin King")
        printmgr.PrClosePage(tb, port)
    printmgr.PrCloseDoc(tb, port)
    tb.qd.SetPort(screen_port)
    assert printmgr.PrError(tb) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["PAGE-0001.png", "PAGE-0002.png"]
    first = load_png(tmp_path / "PAGE-0001.png")[:, :, 0]
    assert first.shape == (756, 640)
    expected = np.full((756, 640), 255, dtype=np.uint8)
    expected[100:140, 40:240] = 0
    text = (slice(190, 203), slice(40, 120))           # where the string went
    assert (first[text] == 0).any()
    first[text] = 255
    assert np.array_equal(first, expected)             # the rectangle, nothing else
    second = load_png(tmp_path / "PAGE-0002.png")[:, :, 0]
    assert (second[100:140, 240:440] == 0).all() and (second[100:140, 40:240] == 255).all()
    status = tb.scratch.take(0x1C)
    printmgr.PrPicFile(tb, rec, port, status)
    assert read_word(tb.mem, status) == 2


def test_cancel_pages_out_of_range_and_a_pixel_map(tb, host, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    printmgr.PMStartUp(tb, USER_ID, 0x1700)
    rec = print_record(tb)
    printmgr.PrDefault(tb, rec)
    host.key(0x1B)                                      # Escape: Cancel
    assert printmgr.PrStlDialog(tb, rec) == 0
    assert printmgr.PrJobDialog(tb, rec) == 0           # no input left: declined
    ptr = tb.mm.deref(rec)
    for key in "2\t2\t2\r":                          # 2 copies of page 2 .. 2
        host.key(key)
    assert printmgr.PrJobDialog(tb, rec) == 0xFFFF
    assert [read_word(tb.mem, ptr + o) for o in (0x50, 0x52, 0x54)] == [2, 2, 2]
    port = printmgr.PrOpenDoc(tb, rec, 0)
    for _ in range(3):
        printmgr.PrOpenPage(tb, port, 0)
        printmgr.PrClosePage(tb, port)
    printmgr.PrCloseDoc(tb, port)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["PAGE-0001.png", "PAGE-0002.png"]
    # PrPixelMap: a corner of the screen (the desktop's pattern) on a page of its own.
    loc = tb.scratch.take(16)
    write_word(tb.mem, loc, 0x80)
    for i, value in enumerate((0x2000, 0xE1, 160, 0, 0, 200, 640)):
        write_word(tb.mem, loc + 2 + 2 * i, value)
    printmgr.PrPixelMap(tb, loc, tb.scratch.rect((0, 0, 20, 64)), 0)
    page = load_png(tmp_path / "PAGE-0003.png")[:, :, 0]
    shown = np.frombuffer(tb.qd.save_bits((0, 0, 20, 64)), dtype=np.uint8).reshape(20, 64)
    assert np.array_equal(page[:20, :64], printmgr.GREYS[shown])     # a pixel a value
    assert (page[20:, :] == 255).all() and (page[:, 64:] == 255).all()
