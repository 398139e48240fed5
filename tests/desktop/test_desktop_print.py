"""Print Manager (toolbox/printmgr.py) as a desktop program prints: PrDefault, the
Print dialog answered with Return (or copies and a page range typed), PrOpenDoc/PrOpenPage, QuickDraw into the page,
PrClosePage writing PAGE-NNNN.png, PrCloseDoc writing the job's PRINT-NNNN.pdf;
PrValidate, Cancel, PrPixelMap."""
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
        if page:                                      # dark grey on the second page
            tb.qd.SetSolidPenPat(1)
            tb.qd.PaintRect((300, 40, 320, 100))
        tb.qd.MoveTo(40, 200)
        tb.qd.DrawString(b"Gin King")
        printmgr.PrClosePage(tb, port)
    printmgr.PrCloseDoc(tb, port)
    tb.qd.SetPort(screen_port)
    assert printmgr.PrError(tb) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["PAGE-0001.png", "PAGE-0002.png",
                                                          "PRINT-0001.pdf"]
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
    assert (second[300:320, 40:100] == 85).all()       # below the screen's 200 lines
    status = tb.scratch.take(0x1C)
    printmgr.PrPicFile(tb, rec, port, status)
    assert read_word(tb.mem, status) == 2
    # The job as one PDF: two US letter sheets (612 x 792 points) of 680 x 792 dots,
    # each the page's dots on white paper, 20 dots in and 18 down as rPage lies on
    # rPaper; the black-and-white one kept in 1 bit, the one with grey in 4 greys.
    pdf = (tmp_path / "PRINT-0001.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    sheets = pdf_sheets(tmp_path / "PRINT-0001.pdf")
    assert [(points, paper.shape) for points, _, paper in sheets] == \
        [((612, 792), (792, 680))] * 2
    assert [kind for _, kind, _ in sheets] == ["CCITTFaxDecode", "ASCIIHexDecode"]
    for (_, _, paper), png in zip(sheets, ("PAGE-0001.png", "PAGE-0002.png")):
        assert np.array_equal(paper[18:18 + 756, 20:20 + 640],
                              load_png(tmp_path / png)[:, :, 0])
        assert (paper[:18] == 255).all() and (paper[:, :20] == 255).all()
        assert (paper[18 + 756:] == 255).all() and (paper[:, 20 + 640:] == 255).all()


def pdf_sheets(path) -> list[tuple[tuple[int, int], str, np.ndarray]]:
    """Each page of a PDF the Print Manager wrote: its size in points (MediaBox), the
    filter of the one image it draws, and that image decoded to greys as a PDF reader
    shows it (a CCITT group 4 bitmap, or an indexed image in ASCII hex)."""
    from PIL.PdfParser import PdfParser
    pdf = PdfParser(str(path))
    try:
        out = []
        for ref in pdf.pages:
            page = pdf.read_indirect(ref)
            x0, y0, x1, y1 = page[b"MediaBox"]
            (image_ref,) = page[b"Resources"][b"XObject"].values()
            image = pdf.read_indirect(image_ref)
            info = image.dictionary
            kind = info[b"Filter"]
            kind = (kind[0] if isinstance(kind, list) else kind).name.decode()
            size = (info[b"Width"], info[b"Height"])
            if kind == "CCITTFaxDecode":
                paper = ccitt_greys(image.buf, size, info[b"DecodeParms"][0][b"BlackIs1"])
            else:
                palette = np.frombuffer(bytes(info[b"ColorSpace"][3]), np.uint8)[0::3]
                hex_digits = image.buf.split(b">")[0]
                values = np.frombuffer(bytes.fromhex(hex_digits.decode()), np.uint8)
                paper = palette[values].reshape(size[1], size[0])
            out.append(((round(x1 - x0), round(y1 - y0)), kind, paper))
        return out
    finally:
        pdf.close()


def ccitt_greys(data: bytes, size: tuple[int, int], black_is_1: bool) -> np.ndarray:
    """A PDF's CCITT group 4 image (K -1) as greys: decoded by Pillow from a minimal
    TIFF around it (min-is-white: the fax code's white runs are white), then read as
    PDF's BlackIs1 says (the black runs' bits 1 when true; DeviceGray 1 is white)."""
    import io
    import struct

    from PIL import Image
    width, height = size
    tags = [(256, width), (257, height), (258, 1), (259, 4), (262, 0), (273, 0),
            (278, height), (279, len(data))]
    start = 8 + 2 + 12 * len(tags) + 4
    tiff = bytearray(b"II*\0" + struct.pack("<IH", 8, len(tags)))
    for tag, value in tags:
        tiff += struct.pack("<HHII", tag, 4, 1, start if tag == 273 else value)
    tiff += b"\0\0\0\0" + data
    coded_white = np.asarray(Image.open(io.BytesIO(bytes(tiff))))
    bits = ~coded_white if black_is_1 else coded_white
    return np.where(bits, 255, 0).astype(np.uint8)


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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["PAGE-0001.png", "PAGE-0002.png",
                                                          "PRINT-0001.pdf"]
    assert len(pdf_sheets(tmp_path / "PRINT-0001.pdf")) == 2     # a sheet each copy
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
    (sheet,) = pdf_sheets(tmp_path / "PRINT-0002.pdf")     # a job of its own
    assert np.array_equal(sheet[2][18:18 + 756, 20:20 + 640], page)
