"""QuickDraw II Auxiliary (toolbox/qdaux.py) called the way a program calls it, through
JSL $E10000: housekeeping, the watch and I-beam cursors, DrawIcon's icon record and
display modes drawn onto the current port (clipped like any QuickDraw drawing),
CopyPixels between two pixel images, SpecialRect, and SeedFill's and CalcMask's fills
and masks with known pixel results."""
from __future__ import annotations

import numpy as np
import pytest

from system.machine import Machine
from iigs.memory import read_long, read_word, write_bytes, write_long, write_word
from toolbox import cursor as cursors
from toolbox import qdaux
from toolbox.calls import TOOL_TABLE
from toolcall import call_row

CALLS = {                # Apple's numbers (Toolbox Reference vol. 2 ch. 17, vol. 3)
    "QDAuxBootInit": 0x0112, "QDAuxStartUp": 0x0212, "QDAuxShutDown": 0x0312,
    "QDAuxVersion": 0x0412, "QDAuxReset": 0x0512, "QDAuxStatus": 0x0612,
    "CopyPixels": 0x0912, "WaitCursor": 0x0A12, "DrawIcon": 0x0B12,
    "SpecialRect": 0x0C12, "SeedFill": 0x0D12, "CalcMask": 0x0E12, "IBeamCursor": 0x1312,
    "PixelMap2Rgn": 0x1012, "WhooshRect": 0x1412, "DrawStringWidth": 0x1512,
    "UseColorTable": 0x1612, "RestoreColorTable": 0x1712, "GetSysIcon": 0x0F12,
}
QD_DP = 0x3000           # QuickDraw II's three direct pages
ICON = 0x7400            # an icon record
RECT, RECT2 = 0x7300, 0x7308
SRC_LOC, DEST_LOC = 0x7320, 0x7340
SRC_PIX, DEST_PIX = 0x8000, 0x8400   # two 16-byte-wide pixel images, 8 rows each
GET_CURSOR_ADR, INIT_CURSOR, CLIP_RECT = 0x8F04, 0xCA04, 0x2604
MODE_320, MODE_640 = 0x00, 0x80


def machine(mode: int) -> Machine:
    m = Machine()
    m.tb.qd.QDStartUp(QD_DP, mode, 0, 0x1001)
    return m


def call(m: Machine, name_or_number, *params: int) -> tuple[int, int]:
    number = CALLS.get(name_or_number, name_or_number)
    return call_row(m, TOOL_TABLE[number], *params)


def ok(m: Machine, name, *params: int) -> int:
    error, result = call(m, name, *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


def put_rect(m, addr, top, left, bottom, right):
    for i, v in enumerate((top, left, bottom, right)):
        write_word(m.mem, addr + 2 * i, v & 0xFFFF)


def pixels(m: Machine, top, left, bottom, right) -> list[list[int]]:
    qd = m.tb.qd
    return [[qd.GetPixel(h, v) for h in range(left, right)] for v in range(top, bottom)]


def put_icon(m: Machine, kind: int, rows: list[str], mask_rows: list[str]) -> None:
    """An icon record from rows of hex pixels ("F0A" = three pixels)."""
    width, height = len(rows[0]), len(rows)
    row_bytes = 1 + (width - 1) // 2

    def pack(lines):
        out = b""
        for line in lines:
            line = line.ljust(2 * row_bytes, "0")
            out += bytes.fromhex(line)
        return out
    image, mask = pack(rows), pack(mask_rows)
    write_bytes(m.mem, ICON, kind.to_bytes(2, "little") + len(image).to_bytes(2, "little")
                + height.to_bytes(2, "little") + width.to_bytes(2, "little") + image + mask)


def test_every_call_here_is_apples():
    assert {n: TOOL_TABLE[v].name for n, v in CALLS.items()} == {n: n for n in CALLS}
    assert sum(1 for row in TOOL_TABLE.values() if row.toolset == 0x12) == len(CALLS)


def test_housekeeping():
    m = Machine()
    ok(m, "QDAuxBootInit")
    assert ok(m, "QDAuxStatus") == 0
    ok(m, "QDAuxStartUp")
    assert ok(m, "QDAuxStatus") == 0xFFFF
    assert ok(m, "QDAuxVersion") == qdaux.QDAUX_VERSION
    ok(m, "QDAuxReset")
    ok(m, "QDAuxShutDown")
    assert ok(m, "QDAuxStatus") == 0


@pytest.mark.parametrize("mode, name, shape", [
    (MODE_640, "WaitCursor", cursors.WATCH_640), (MODE_320, "WaitCursor", cursors.WATCH_320),
    (MODE_640, "IBeamCursor", cursors.IBEAM_640)])
def test_wait_cursor_shows_the_watch_until_init_cursor(mode, name, shape):
    m = machine(mode)
    ok(m, INIT_CURSOR)
    ok(m, name)
    adr = ok(m, GET_CURSOR_ADR)
    assert adr == QD_DP + qdaux.DP_AUX_CURSOR          # a real Cursor record there
    shown = m.tb.qd.cursor_shape                        # decoded back from memory
    height, width = shape.pixels.shape
    assert np.array_equal(shown.pixels[:, :width], shape.pixels)
    assert np.array_equal(shown.mask[:, :width], shape.mask)
    assert shown.hot_spot == shape.hot_spot and m.tb.qd.cursor_visible
    ok(m, INIT_CURSOR)
    assert m.tb.qd.cursor_shape is cursors.arrow(mode == MODE_640)


def test_wait_cursor_needs_quickdraw():
    assert call(Machine(), "WaitCursor")[0] == 0x0403     # QuickDraw II not started


# -- DrawIcon ---------------------------------------------------------------------------
COLOR_ROWS = ["12F", "4A0"]          # 3 x 2, row bytes 2 (the last nibble is padding)
FULL_MASK = ["FFF", "FFF"]


def test_draw_icon_draws_the_image_through_its_mask_at_the_point():
    m = machine(MODE_320)
    m.tb.qd.ClearScreen(0x7777)                          # every pixel 7
    put_icon(m, qdaux.COLOR_ICON, COLOR_ROWS, ["FF0", "F0F"])
    ok(m, "DrawIcon", ICON, 0, 10, 20)
    assert pixels(m, 20, 10, 22, 13) == [[1, 2, 7], [4, 7, 0]]   # holes keep the 7
    assert pixels(m, 19, 9, 20, 14) == [[7] * 5]                 # nothing around it
    assert pixels(m, 22, 9, 23, 14) == [[7] * 5]


def test_mask_bits_not_only_pixels_choose_what_is_drawn():
    m = machine(MODE_320)
    m.tb.qd.ClearScreen(0x5555)                          # every pixel 0101
    put_icon(m, qdaux.COLOR_ICON, ["A"], ["C"])          # image 1010, mask 1100
    ok(m, "DrawIcon", ICON, 0, 0, 0)
    assert pixels(m, 0, 0, 1, 1) == [[0b1001]]           # (0101 & 0011) | (1010 & 1100)


@pytest.mark.parametrize("mode, expect", [
    (qdaux.SELECTED, [[0xE, 0xD, 0x0], [0xB, 0x5, 0xF]]),        # inverted
    (qdaux.OPEN, [[0xF, 0x0, 0xF], [0x0, 0xF, 0x0]]),            # the light gray instead
    (qdaux.OFF_LINE, [[0x1, 0x0, 0xF], [0x0, 0xA, 0x0]]),        # ANDed with it
])
def test_display_mode_bits(mode, expect):
    m = machine(MODE_320)
    put_icon(m, qdaux.COLOR_ICON, COLOR_ROWS, FULL_MASK)
    ok(m, "DrawIcon", ICON, mode, 0, 0)
    assert pixels(m, 0, 0, 2, 3) == expect


def test_black_and_white_icons_take_display_mode_colours():
    m = machine(MODE_320)
    put_icon(m, 0, ["0F0", "F0F"], FULL_MASK)            # black and white
    ok(m, "DrawIcon", ICON, 0, 0, 0)                     # colours 0: as stored
    assert pixels(m, 0, 0, 2, 3) == [[0, 15, 0], [15, 0, 15]]
    ok(m, "DrawIcon", ICON, 0x4300, 0, 0)                # black part 4, white part ^3
    assert pixels(m, 0, 0, 2, 3) == [[4, 12, 4], [12, 4, 12]]
    put_icon(m, qdaux.COLOR_ICON, ["0F0", "F0F"], FULL_MASK)
    ok(m, "DrawIcon", ICON, 0x4300, 0, 0)                # a colour icon ignores them
    assert pixels(m, 0, 0, 2, 3) == [[0, 15, 0], [15, 0, 15]]


def test_640_mode_draws_each_4_bit_pixel_as_two_screen_pixels():
    m = machine(MODE_640)
    put_icon(m, qdaux.COLOR_ICON, ["1B"], ["FF"])        # 0001 1011 -> 0,1,2,3
    ok(m, "DrawIcon", ICON, 0, 8, 4)
    assert pixels(m, 4, 8, 5, 12) == [[0, 1, 2, 3]]
    assert bytes(m.mem[0xE12000 + 4 * 160 + 2:0xE12000 + 4 * 160 + 3]) == b"\x1B"


def test_draw_icon_is_clipped_like_quickdraw_drawing():
    m = machine(MODE_320)
    put_rect(m, RECT, 0, 0, 1, 2)                        # clip: row 0, columns 0-1
    ok(m, CLIP_RECT, RECT)
    put_icon(m, qdaux.COLOR_ICON, COLOR_ROWS, FULL_MASK)
    ok(m, "DrawIcon", ICON, 0, 0, 0)
    assert pixels(m, 0, 0, 2, 3) == [[1, 2, 0], [0, 0, 0]]


# -- CopyPixels and SpecialRect -----------------------------------------------------------
def put_loc(m, addr, scb, ptr, width, bounds):
    write_word(m.mem, addr, scb)
    write_long(m.mem, addr + 2, ptr)
    write_word(m.mem, addr + 6, width)
    put_rect(m, addr + 8, *bounds)


def test_copy_pixels_between_two_pixel_images():
    m = machine(MODE_320)
    put_loc(m, SRC_LOC, MODE_320, SRC_PIX, 16, (0, 0, 8, 32))
    put_loc(m, DEST_LOC, MODE_320, DEST_PIX, 16, (0, 0, 8, 32))
    write_bytes(m.mem, SRC_PIX + 16, bytes([0x12, 0x34, 0x56]))   # row 1: 1 2 3 4 5 6
    write_bytes(m.mem, DEST_PIX + 3 * 16, bytes([0xF0, 0xF0, 0xF0]))
    put_rect(m, RECT, 1, 1, 2, 5)                        # source: 2 3 4 5
    put_rect(m, RECT2, 3, 0, 4, 4)                       # destination: row 3, 0-3
    ok(m, "CopyPixels", SRC_LOC, DEST_LOC, RECT, RECT2, 0, 0)
    assert bytes(m.mem[DEST_PIX + 48:DEST_PIX + 51]) == bytes([0x23, 0x45, 0xF0])
    ok(m, "CopyPixels", SRC_LOC, DEST_LOC, RECT, RECT2, 2, 0)       # XOR: back to 0
    assert bytes(m.mem[DEST_PIX + 48:DEST_PIX + 51]) == bytes([0x00, 0x00, 0xF0])
    rgn = m.tb.qd.NewRgn()                               # mask: columns 2-3 only
    m.tb.qd.SetRectRgn(rgn, 2, 0, 8, 8)
    ok(m, "CopyPixels", SRC_LOC, DEST_LOC, RECT, RECT2, 0, rgn)
    assert bytes(m.mem[DEST_PIX + 48:DEST_PIX + 51]) == bytes([0x00, 0x45, 0xF0])


def test_copy_pixels_through_a_mask_region_that_is_not_a_rectangle():
    m = machine(MODE_320)
    put_loc(m, SRC_LOC, MODE_320, SRC_PIX, 16, (0, 0, 8, 32))
    put_loc(m, DEST_LOC, MODE_320, DEST_PIX, 16, (0, 0, 8, 32))
    write_bytes(m.mem, SRC_PIX, b"\xff" * 16 * 8)
    qd = m.tb.qd
    a, b = qd.NewRgn(), qd.NewRgn()
    qd.SetRectRgn(a, 0, 0, 4, 2)                         # rows 0-1, columns 0-3
    qd.SetRectRgn(b, 2, 2, 6, 4)                         # rows 2-3, columns 2-5
    qd.UnionRgn(a, b, a)
    put_rect(m, RECT, 0, 0, 4, 8)
    ok(m, "CopyPixels", SRC_LOC, DEST_LOC, RECT, RECT, 0, a)
    assert [bytes(m.mem[DEST_PIX + 16 * r:DEST_PIX + 16 * r + 4]) for r in range(5)] == [
        b"\xff\xff\x00\x00", b"\xff\xff\x00\x00", b"\x00\xff\xff\x00",
        b"\x00\xff\xff\x00", b"\x00\x00\x00\x00"]


def test_pixel_map_to_region_takes_the_pixels_of_the_colours_asked():
    m = machine(MODE_320)
    put_loc(m, SRC_LOC, MODE_320, SRC_PIX, 16, (10, 20, 13, 52))   # 3 rows, 32 pixels
    write_bytes(m.mem, SRC_PIX, bytes([0x12, 0x21]))           # row 0: 1 2 2 1
    write_bytes(m.mem, SRC_PIX + 16, bytes([0x33, 0x13]))      # row 1: 3 3 1 3
    rgn = ok(m, "PixelMap2Rgn", SRC_LOC, 0, 1 << 1)            # colour 1 only
    assert m.tb.qd.region_shape(rgn) == ((10, 11, (20, 21, 23, 24)), (11, 12, (22, 23)))
    addr = m.tb.mm.deref(rgn)
    assert read_word(m.mem, addr + 2) == 10 and read_word(m.mem, addr + 4) == 20
    both = ok(m, "PixelMap2Rgn", SRC_LOC, 0, (1 << 1) | (1 << 3))
    assert m.tb.qd.region_shape(both) == ((10, 11, (20, 21, 23, 24)), (11, 12, (20, 24)))
    # 2 bits a pixel asked for: the same bytes read as 640-mode pixels: row 0 is
    # 0 1 0 2 0 2 0 1, row 1 0 3 0 3 0 1 0 3
    two = ok(m, "PixelMap2Rgn", SRC_LOC, 2, 1 << 2)
    assert m.tb.qd.region_shape(two) == ((10, 11, (23, 24, 25, 26)),)


def test_draw_string_width_truncates_with_the_ellipsis_and_colour_tables_restore():
    m = machine(MODE_640)
    qd = m.tb.qd
    text = 0x7500
    write_bytes(m.mem, text, b"\x0bHello world")
    full = qd.TextWidth(b"Hello world")
    qd.MoveTo(10, 20)
    ok(m, "DrawStringWidth", 0x6000, text, full - 1)          # truncated at the right
    # the longest head that fits with the ellipsis after it
    assert qd.TextWidth(b"Hello worl" + bytes([0xC9])) > full - 1
    assert qd.GetPen() == (20, 10 + qd.TextWidth(b"Hello wor" + bytes([0xC9])))
    qd.MoveTo(10, 40)
    ok(m, "DrawStringWidth", 0x2000, text, full - 1)          # at the left
    assert qd.TextWidth(bytes([0xC9]) + b"ello world") <= full - 1
    assert qd.GetPen() == (40, 10 + qd.TextWidth(bytes([0xC9]) + b"ello world"))
    qd.MoveTo(10, 60)
    ok(m, "DrawStringWidth", 0x0000, text, 5)                 # no truncation: all of it
    assert qd.GetPen() == (60, 10 + full)
    write_bytes(m.mem, text + 0x20, b"Gin\x00")
    qd.MoveTo(0, 80)
    ok(m, "DrawStringWidth", 0x4004, text + 0x20, 100)        # a C string, fits
    assert qd.text_log[-1][2] == "Gin"
    assert call(m, "DrawStringWidth", 0x0002, 1, 100)[0] == qdaux.RES_NOT_FOUND
    # UseColorTable installs a table and hands back what it replaced
    before = qd.GetColorTable(3)
    colors = 0x7600
    for i in range(16):
        write_word(m.mem, colors + 2 * i, 0x100 + i)
    info = ok(m, "UseColorTable", 3, colors, 0)
    assert qd.GetColorTable(3) == [0x100 + i for i in range(16)]
    ok(m, "RestoreColorTable", info, 0)
    assert qd.GetColorTable(3) == before
    screen = bytes(m.mem[0xE12000:0xE19D00])
    put_rect(m, RECT, 10, 10, 20, 20)
    put_rect(m, RECT2, 0, 0, 200, 640)
    ok(m, "WhooshRect", 0, RECT, RECT2)
    assert bytes(m.mem[0xE12000:0xE19D00]) == screen


def test_copy_pixels_does_not_scale():
    m = machine(MODE_320)
    put_loc(m, SRC_LOC, MODE_320, SRC_PIX, 16, (0, 0, 8, 32))
    put_rect(m, RECT, 0, 0, 2, 2)
    put_rect(m, RECT2, 0, 0, 4, 4)
    assert call(m, "CopyPixels", SRC_LOC, SRC_LOC, RECT, RECT2, 0, 0)[0] == \
        qdaux.BAD_RECT_SIZE


def test_special_rect_fills_and_frames():
    m = machine(MODE_320)
    put_rect(m, RECT, 10, 10, 14, 15)
    ok(m, "SpecialRect", RECT, 4, 9)
    rows = pixels(m, 10, 10, 14, 15)
    assert rows[0] == rows[3] == [4] * 5
    assert rows[1] == rows[2] == [4, 9, 9, 9, 4]
    assert pixels(m, 9, 10, 10, 15) == [[0] * 5]


# -- SeedFill and CalcMask -------------------------------------------------------------------
PATTERN, LEAK = 0x7500, 0x7540
ROW_BYTES = 16
OUTLINE = ["00000000",          # a box of 1s; inside it 0s, a 2 and a walled-in 0
           "01111100",
           "01002100",
           "01010100",
           "01111100",
           "00000000"]


def put_rows(m, ptr, rows, mode640=False):
    """Pixel rows (one digit a pixel) into a pixel image ROW_BYTES wide."""
    for i, row in enumerate(rows):
        if mode640:                              # four 2-bit pixels a byte
            data = bytes(int(row[j:j + 4], 4) for j in range(0, len(row), 4))
        else:
            data = bytes.fromhex(row)
        write_bytes(m.mem, ptr + i * ROW_BYTES, data)


def get_rows(m, ptr, count, width, mode640=False):
    out = []
    for i in range(count):
        data = bytes(m.mem[ptr + i * ROW_BYTES:ptr + i * ROW_BYTES + ROW_BYTES])
        if mode640:
            row = "".join("".join(str((b >> s) & 3) for s in (6, 4, 2, 0)) for b in data)
        else:
            row = data.hex().upper()
        out.append(row[:width])
    return out


def fill_setup(mode=MODE_320, rows=OUTLINE, pattern_byte=0xAA):
    m = machine(mode)
    mode640 = mode == MODE_640
    width = ROW_BYTES * (4 if mode640 else 2)
    put_loc(m, SRC_LOC, mode, SRC_PIX, ROW_BYTES, (0, 0, 8, width))
    put_loc(m, DEST_LOC, mode, DEST_PIX, ROW_BYTES, (0, 0, 8, width))
    put_rows(m, SRC_PIX, rows, mode640)
    write_bytes(m.mem, PATTERN, bytes([pattern_byte]) * 32)
    return m


def test_seed_fill_pours_through_the_seed_colour_not_diagonally():
    m = fill_setup()
    put_rect(m, RECT, 0, 0, 6, 8)
    ok(m, "SeedFill", SRC_LOC, RECT, SRC_LOC, RECT, 2, 2, 0, PATTERN, 0)   # seed (2, 2)
    assert get_rows(m, SRC_PIX, 6, 8) == [
        "00000000",
        "01111100",
        "01AA2100",             # the 2 stops it ...
        "01A10100",             # ... and the 0 it walls in is only a diagonal away
        "01111100",
        "00000000"]


def test_seed_fill_leaks_through_the_leak_tables_colours_into_another_image():
    m = fill_setup()
    put_rect(m, RECT, 0, 0, 6, 8)
    put_rect(m, RECT2, 1, 2, 7, 10)                      # the mask lands 1 down, 2 right
    write_bytes(m.mem, LEAK, bytes([1, 0, 2, 0]))        # one value: 2
    put_rows(m, DEST_PIX, ["5555555555"] * 7)
    ok(m, "SeedFill", SRC_LOC, RECT, DEST_LOC, RECT2, 2, 2, 2, PATTERN, LEAK)  # XOR
    assert get_rows(m, DEST_PIX, 7, 10) == [
        "5555555555",
        "5555555555",
        "5555555555",
        "5555FFF555",           # 5 XOR A where the fill went: through the 2 ...
        "5555F5F555",           # ... and down into the walled-in 0
        "5555555555",
        "5555555555"]
    assert get_rows(m, SRC_PIX, 6, 8) == OUTLINE          # the source is not changed


def test_seed_fill_stays_inside_the_source_rectangle():
    m = fill_setup()
    put_rect(m, RECT, 0, 0, 3, 4)                        # the top-left 4 x 3 only
    ok(m, "SeedFill", SRC_LOC, RECT, SRC_LOC, RECT, 0, 0, 0, PATTERN, 0)
    assert get_rows(m, SRC_PIX, 6, 8) == [
        "AAAA0000", "A1111100", "A1002100", "01010100", "01111100", "00000000"]
    ok(m, "SeedFill", SRC_LOC, RECT, SRC_LOC, RECT, 6, 0, 0, PATTERN, 0)  # seed outside
    assert get_rows(m, SRC_PIX, 1, 8) == ["AAAA0000"]


def test_seed_fill_in_640_mode_fills_2_bit_pixels():
    rows = ["00000000", "03333000", "03003000", "03333000", "00000000"]
    m = fill_setup(MODE_640, rows, pattern_byte=0b01100110)   # pixels 1, 2, 1, 2 ...
    put_rect(m, RECT, 0, 0, 5, 8)
    ok(m, "SeedFill", SRC_LOC, RECT, SRC_LOC, RECT, 2, 2, 0, PATTERN, 0)
    assert get_rows(m, SRC_PIX, 5, 8, mode640=True) == [
        "00000000", "03333000", "03123000", "03333000", "00000000"]


def test_calc_mask_marks_what_paint_from_outside_cannot_reach():
    rows = ["00000000",
            "01110000",
            "01010030",         # a ring, its hole, and a lone pixel
            "01110000",
            "00000000"]
    m = fill_setup(rows=rows)
    put_rect(m, RECT, 0, 0, 5, 8)
    ok(m, "CalcMask", SRC_LOC, RECT, DEST_LOC, RECT, 0, 0, 0)   # no pattern: $F pixels
    assert get_rows(m, DEST_PIX, 5, 8) == [
        "00000000", "0FFF0000", "0FFF00F0", "0FFF0000", "00000000"]
    write_bytes(m.mem, LEAK, bytes([2, 0, 0, 0, 3, 0]))  # 0 and 3 are open
    put_rows(m, DEST_PIX, ["00000000"] * 5)
    ok(m, "CalcMask", SRC_LOC, RECT, DEST_LOC, RECT, 0, PATTERN, LEAK)
    assert get_rows(m, DEST_PIX, 5, 8) == [
        "00000000", "0AAA0000", "0AAA0000", "0AAA0000", "00000000"]


def test_seed_fill_and_calc_mask_do_not_scale():
    m = fill_setup()
    put_rect(m, RECT, 0, 0, 2, 2)
    put_rect(m, RECT2, 0, 0, 4, 4)
    assert call(m, "SeedFill", SRC_LOC, RECT, SRC_LOC, RECT2, 0, 0, 0, 0, 0)[0] == \
        qdaux.BAD_RECT_SIZE
    assert call(m, "CalcMask", SRC_LOC, RECT, SRC_LOC, RECT2, 0, 0, 0)[0] == \
        qdaux.BAD_RECT_SIZE


# -- a program --------------------------------------------------------------------------
def test_a_program_shows_the_watch_draws_an_icon_and_copies_pixels(build_program):
    data, labels = build_program("machine_qdaux")
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    field = lambda name, i=0: read_word(m.mem, prog.dp_base + labels[name] + 2 * i)  # noqa: E731
    assert field("status") == 0xFFFF
    dp = read_long(m.mem, read_long(m.mem, prog.dp_base + labels["dpHandle"]))
    assert read_long(m.mem, prog.dp_base + labels["cursor"]) == dp + qdaux.DP_AUX_CURSOR
    assert [field("pixels", i) for i in range(4)] == [0x1, 0x2, 0x4, 0xA]
    assert field("selected") == 0xE                     # 1 inverted
    assert field("copyErr") == qdaux.BAD_RECT_SIZE
    assert not m.tb.qdaux.started and not m.tb.qd.started
