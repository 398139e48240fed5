"""The Apple II text screen: 40 and 80 columns, as the IIGS shows them when Super
Hi-Res is off.

Follows the Apple IIGS Hardware Reference, ch. 4 ("Video"): the text pages are
$0400-$07FF (page 1) and $0800-$0BFF (PAGE2) of bank $00 (40 columns), with bank $01
holding the even columns of 80 (80COL), shadowed to $E0/$E1 where the video reads
them; here they are read from banks $00/$01, where the program writes. Row r of the
24 starts at $0400 + $80 x (r mod 8) + $28 x (r div 8). The switches are the I/O
page's (TEXT, MIXED, PAGE2, 80VID, ALTCHAR at $C050-$C057, $C00C-$C00F); NEWVIDEO
$C029 bit 7 clear turns Super Hi-Res off; TBCOLOR $C022 gives the text colour (high
nibble) and background (low nibble), CLOCKCTL $C034 bits 0-3 the border colour, in
the IIGS's sixteen Apple II colours. With TEXT off, lo-res graphics (HIRES off) are
drawn from the same page, 40 x 48 blocks (each byte's low nibble the upper block's
colour, its high nibble the lower's), under mixed mode's four text rows.

Screen codes (the enhanced IIe's, which the IIGS keeps):

    $00-$3F  inverse  @A..Z[\\]^_ then space!"#..?
    $40-$7F  primary set: flashing (as $00-$3F); alternate set (ALTCHAR): $40-$5F
             MouseText, $60-$7F inverse lower case
    $80-$FF  normal: $80-$9F @A..Z[\\]^_, $A0-$FF ASCII $20-$7F

The glyphs are 7 x 8 cells derived from the project's system font (`iigs.font`,
centred in seven columns; a code it lacks shows its missing-character box) and the 32
MouseText glyphs drawn below. The frame is the same
(200, 640, 3) RGB array as `iigs.video`'s: the 560 x 192 text area (a 40-column dot
shown two columns wide) inside the border colour. Hi-res and double lo-res are not
drawn (black above mixed mode's text rows; 80VID lo-res is drawn as 40-column lo-res).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from iigs import font

ROWS, CELL_W, CELL_H = 24, 7, 8
AREA_W, AREA_H = 560, 192
WIDTH, LINES = 640, 200
LEFT, TOP = (WIDTH - AREA_W) // 2, (LINES - AREA_H) // 2
MIXED_FIRST_ROW = 20
PAGE1, PAGE2 = 0x0400, 0x0800
AUX_BANK = 0x010000
FLASH_TICKS = 16                     # the flashing characters change every 16 ticks
NEWVIDEO_SHR = 0x80

# The IIGS's sixteen text and border colours, $0RGB (Hardware Reference, ch. 4: the
# Apple II lo-res colours as the VGC makes them).
COLOURS = (0x000, 0xD03, 0x009, 0xD2D, 0x072, 0x555, 0x22F, 0x6AF,
           0x850, 0xF60, 0xAAA, 0xF98, 0x1D0, 0xFF0, 0x4F9, 0xFFF)

# MouseText ($40-$5F of the alternate set), drawn for this module in the shapes the
# enhanced IIe's character set names: eight glyphs a block, a line naming their codes,
# then eight rows of seven columns ('#' = ink).
_MOUSETEXT_BLOCKS = """
40       41       42       43       44       45       46       47
..#....  ..#....  #......  #######  .......  #######  ###.###  ...#...
.#.....  .#.....  ##.....  .#...#.  ......#  ######.  ##...##  ..###..
.#.##..  .#.##..  ###....  ..#.#..  .....#.  #####.#  ###.###  ...#...
#######  #.#..##  ####...  ...#...  #...#..  .###.##  #.....#  .#####.
######.  #.....#  #####..  ..#.#..  .#.#...  #.#.###  ###.###  ...#...
######.  #.....#  ##.....  .#.#.#.  ..#....  ##.####  ##.#.##  ..#.#..
.#####.  .#...#.  #.#....  #######  .......  #######  #.###.#  .#...#.
..#.#..  ..###..  ...#...  .......  .......  #######  #######  .......

48       49       4A       4B       4C       4D       4E       4F
...#...  .......  ...#...  ...#...  #######  ......#  #######  ##.....
..#....  .......  ...#...  ..###..  .......  ......#  #######  #.#....
.#.....  .......  ...#...  .#.#.#.  .......  ..#...#  #######  #..#...
#######  .......  ...#...  #..#..#  .......  .##...#  #######  #...#..
.#.....  .......  #..#..#  ...#...  .......  #######  #######  #..#...
..#....  .......  .#.#.#.  ...#...  .......  .##....  #######  #.#....
...#...  #.#.#.#  ..###..  ...#...  .......  ..#....  #######  ##.....
.......  .......  ...#...  ...#...  .......  .......  #######  .......

50       51       52       53       54       55       56       57
.....##  #######  .......  .......  #......  ...#...  #.#.#.#  .#.#.#.
....#.#  .#...#.  .......  .......  #......  ....#..  .#.#.#.  #.#.#.#
...#..#  ..#.#..  ...#...  .......  #......  .....#.  #.#.#.#  .#.#.#.
..#...#  ...#...  ..#.#..  #######  #......  #######  .#.#.#.  #.#.#.#
...#..#  .......  .#...#.  .......  #......  .....#.  #.#.#.#  .#.#.#.
....#.#  .......  #######  .......  #......  ....#..  .#.#.#.  #.#.#.#
.....##  .......  .......  .......  #######  ...#...  #.#.#.#  .#.#.#.
.......  .......  .......  .......  .......  .......  .#.#.#.  #.#.#.#

58       59       5A       5B       5C       5D       5E       5F
.......  .......  ......#  ...#...  #######  ...#...  #######  #......
.######  #......  ......#  ..###..  .......  ...#...  #......  #......
#......  .######  ......#  .#####.  .......  ...#...  #......  #......
#......  ......#  ......#  #######  .......  #######  #......  #......
#......  ......#  ......#  .#####.  .......  ...#...  #......  #......
#......  ......#  ......#  ..###..  .......  ...#...  #......  #......
#######  #######  ......#  ...#...  #######  ...#...  #......  #......
.......  .......  ......#  .......  .......  .......  #......  #......
"""


def _parse_mousetext(text: str) -> dict[int, np.ndarray]:
    cells: dict[int, np.ndarray] = {}
    for block in text.strip("\n").split("\n\n"):
        lines = block.split("\n")
        rows = [line.split() for line in lines[1:]]
        for i, name in enumerate(lines[0].split()):
            cells[int(name, 16)] = np.array([[ch == "#" for ch in row[i]] for row in rows],
                                            dtype=bool)
    return cells


MOUSETEXT: dict[int, np.ndarray] = _parse_mousetext(_MOUSETEXT_BLOCKS)


def _cell(bits: np.ndarray) -> np.ndarray:
    """A font glyph centred in a 7 x 8 cell."""
    cell = np.zeros((CELL_H, CELL_W), dtype=bool)
    w = min(bits.shape[1], CELL_W)
    left = (CELL_W - w) // 2
    cell[:, left:left + w] = bits[:CELL_H, :w]
    return cell


@lru_cache(maxsize=None)
def glyph_table() -> np.ndarray:
    """(2 sets, 256 screen codes, 8, 7) bool: ink of each code, primary set then
    alternate; inverse codes are already inverted, flashing ones drawn normal (the
    renderer inverts them in their phase)."""
    ascii_cells = np.stack([_cell(font.glyph(c).bits) for c in range(128)])
    table = np.zeros((2, 256, CELL_H, CELL_W), dtype=bool)
    for alt in (0, 1):
        for code in range(256):
            table[alt, code] = _screen_glyph(code, alt, ascii_cells)
    return table


def _screen_glyph(code: int, alt: int, ascii_cells: np.ndarray) -> np.ndarray:
    """The ink of screen code `code` in the primary (alt 0) or alternate set."""
    def upper(c: int) -> np.ndarray:         # $00-$3F: @A..Z[\]^_ then space..?
        c &= 0x3F
        return ascii_cells[c | 0x40] if c < 0x20 else ascii_cells[c]
    if code >= 0x80:                         # normal: $80-$BF as $00-$3F's letters
        return ascii_cells[code & 0x7F] if code >= 0xC0 else upper(code)
    if code < 0x40:
        return ~upper(code)
    if not alt:
        return upper(code)                   # flashing: shown normal in this table
    if code < 0x60:
        return MOUSETEXT[code]
    return ~ascii_cells[code]                # inverse lower case


def apple2_shown(io: Any) -> bool:
    """Super Hi-Res is off (NEWVIDEO bit 7 clear): the Apple II screen shows."""
    return not io.registers.get(0xC029, NEWVIDEO_SHR) & NEWVIDEO_SHR


def row_address(row: int, page: int = PAGE1) -> int:
    return page + 0x80 * (row % 8) + 0x28 * (row // 8)


def screen_codes(mem: Any, columns80: bool, page: int = PAGE1) -> np.ndarray:
    """(24, 40 or 80) screen codes of a text page; 80 columns interleave bank $01's
    (even columns) with bank $00's."""
    cols = 80 if columns80 else 40
    out = np.zeros((ROWS, cols), dtype=np.intp)
    for row in range(ROWS):
        at = row_address(row, page)
        main = np.frombuffer(bytes(mem[at:at + 40]), dtype=np.uint8)
        if columns80:
            aux = np.frombuffer(bytes(mem[AUX_BANK + at:AUX_BANK + at + 40]), dtype=np.uint8)
            out[row, 0::2], out[row, 1::2] = aux, main
        else:
            out[row] = main
    return out


def rgb(colour_index: int) -> np.ndarray:
    word = COLOURS[colour_index & 15]
    return np.array([(word >> 8) & 15, (word >> 4) & 15, word & 15], dtype=np.uint8) * 17


def render_codes(codes: np.ndarray, alt: bool, tbcolor: int, border: int,
                 flash_phase: bool = False, first_row: int = 0) -> np.ndarray:
    """The (200, 640, 3) frame of `codes` (24 rows of 40 or 80) from `first_row` on,
    rows above it black (mixed mode's graphics); text colour TBCOLOR's high nibble on
    its low nibble, the border colour around."""
    table = glyph_table()[int(alt)]
    ink = table[codes]                                   # (24, cols, 8, 7)
    if flash_phase and not alt:
        flashing = (codes >= 0x40) & (codes < 0x80)
        ink = np.where(flashing[:, :, None, None], ~ink, ink)
    rows, cols = codes.shape
    bits = ink.transpose(0, 2, 1, 3).reshape(rows * CELL_H, cols * CELL_W)
    if cols == 40:
        bits = np.repeat(bits, 2, axis=1)
    frame = np.empty((LINES, WIDTH, 3), dtype=np.uint8)
    frame[:] = rgb(border)
    area = np.where(bits[:, :, None], rgb(tbcolor >> 4), rgb(tbcolor))
    area[:first_row * CELL_H] = 0
    frame[TOP:TOP + AREA_H, LEFT:LEFT + AREA_W] = area
    return frame


def lores(mem: Any, page: int, rows: int) -> np.ndarray:
    """(rows x 8, 560, 3) lo-res graphics of a page's first `rows` rows: each byte two
    blocks 14 pixels wide and 4 lines high, its low nibble's colour above its high's."""
    codes = screen_codes(mem, False, page)[:rows]
    nibbles = np.stack([codes & 15, codes >> 4], axis=1).reshape(2 * rows, 40)
    palette = np.stack([rgb(i) for i in range(16)])
    blocks = palette[nibbles]                              # (2 x rows, 40, 3)
    return np.repeat(np.repeat(blocks, CELL_H // 2, axis=0), 2 * CELL_W, axis=1)


def render(mem: Any, io: Any, ticks: int = 0) -> np.ndarray:
    """The Apple II screen the I/O page's switches select, as an RGB frame: text,
    lo-res with mixed mode's four text rows under it, or (hi-res) black above them."""
    # With 80STORE on, PAGE2 picks the bank written, not the page shown.
    page = PAGE2 if io.switch("PAGE2") and not io.switch("80STORE") else PAGE1
    codes = screen_codes(mem, io.switch("80VID"), page)
    graphics_rows = 0 if io.switch("TEXT") else (
        MIXED_FIRST_ROW if io.switch("MIXED") else ROWS)
    frame = render_codes(codes, io.switch("ALTCHAR"), io.registers.get(0xC022, 0xF0),
                         io.registers.get(0xC034, 0) & 15,
                         flash_phase=bool((ticks // FLASH_TICKS) & 1),
                         first_row=graphics_rows)
    if graphics_rows and not io.switch("HIRES"):
        frame[TOP:TOP + graphics_rows * CELL_H, LEFT:LEFT + AREA_W] = lores(
            mem, page, graphics_rows)
    return frame


def screen_frame(machine: Any) -> np.ndarray:
    """What the monitor shows: the Apple II screen when Super Hi-Res is off, else
    Super Hi-Res (`iigs.video`)."""
    from iigs import video
    io = getattr(machine, "io", None)
    if io is not None and apple2_shown(io):
        return render(machine.mem, io, machine.ticks)
    return video.render(machine.mem)


def put_text(mem: Any, lines: list[str], columns80: bool = False,
             inverse_rows: tuple[int, ...] = (), alt: bool = False) -> None:
    """Write `lines` (ASCII) onto text page 1 as normal characters ($A0-$FF), rows in
    `inverse_rows` inverse (for the alternate set when `alt`); the rest of the page
    blank. The CDA menu draws with this."""
    cols = 80 if columns80 else 40
    for row in range(ROWS):
        text = lines[row] if row < len(lines) else ""
        codes = bytearray()
        for ch in text[:cols].ljust(cols):
            c = ord(ch) & 0x7F
            codes.append(inverse_code(c, alt) if row in inverse_rows else c | 0x80)
        at = row_address(row)
        if columns80:
            mem[AUX_BANK + at:AUX_BANK + at + 40] = codes[0::2]
            mem[at:at + 40] = codes[1::2]
        else:
            mem[at:at + 40] = codes


def inverse_code(c: int, alt: bool = False) -> int:
    """The screen code showing ASCII `c` inverse: upper case and signs are $00-$3F;
    lower case is $60-$7F in the alternate set, else shown as upper case."""
    c &= 0x7F
    if c >= 0x60:
        return c if alt else c - 0x60
    return c & 0x3F
