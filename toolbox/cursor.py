"""Cursor records: the standard arrow, the watch and I-beam, and decoding a Cursor record for display.

Follows the Toolbox Reference vol. 2, ch. 16 (QuickDraw II, "Cursor"): a Cursor record is

    +0  cursorHeight:W      rows
    +2  cursorWidth:W       width in words
    +4  cursorImage         height * width words of pixel image
        cursorMask          the same size; a non-zero mask pixel shows the image pixel
        cursorHotSpot       Point (v, h) inside the image that is the mouse position

The pixel image is packed like the screen: 2 bits per pixel in 640 mode (8 pixels a
word), 4 bits per pixel in 320 mode (4 pixels a word). QuickDraw keeps the state
(which cursor, hidden level); the host draws it over the frame (iigs/host.py), so
the cursor never touches Super Hi-Res memory.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from iigs.memory import read_bytes, read_word

# The arrow, drawn for each mode. 'B' = black pixel, 'W' = white, '.' = transparent.
# 640-mode pixels are twice as tall as wide, so that arrow is drawn twice as wide.
_ARROW_640 = """
WW..............
WBWW............
WBBBWW..........
WBBBBBWW........
WBBBBBBBWW......
WBBBBBBBBBWW....
WBBBBBBBWWWW....
WBBWWBBBW.......
WWW..WBBBW......
.....WBBBW......
......WWWW......
"""
_ARROW_320 = """
W.......
WW......
WBW.....
WBBW....
WBBBW...
WBBBBW..
WBBBBBW.
WBBWWWW.
WW.WBW..
...WBW..
....W...
"""


@dataclass(frozen=True)
class CursorShape:
    """A cursor ready to draw: pixel values, which pixels show, the hot spot (v, h)."""

    pixels: np.ndarray     # (height, width) uint8 pixel values (0-3 or 0-15)
    mask: np.ndarray       # (height, width) bool: True where the cursor covers the screen
    hot_spot: tuple[int, int]
    mode640: bool


# The watch QuickDraw II Auxiliary's WaitCursor shows (hot spot at its centre) and the
# I-beam of IBeamCursor (hot spot where the stem meets the baseline), drawn the same way.
_WATCH_640 = """
....WWWWWWWW....
....WBBBBBBW....
..WWWWWWWWWWWW..
WWWBBBBBBBBBBWWW
WBBBBBBWWBBBBBBW
WBBBBBBWWBBBBBBW
WBBBBBBWWWWWBBBW
WBBBBBBBBBBBBBBW
WWWBBBBBBBBBBWWW
..WWWWWWWWWWWW..
....WBBBBBBW....
....WWWWWWWW....
"""
_WATCH_320 = """
..WWWW..
..WBBW..
.WWWWWW.
WBBWBBBW
WBBWBBBW
WBBWWWBW
WBBBBBBW
.WWWWWW.
..WBBW..
..WWWW..
"""
_IBEAM_640 = """
BBBB.BBBB
....B....
....B....
....B....
....B....
....B....
....B....
....B....
....B....
....B....
BBBB.BBBB
"""
_IBEAM_320 = """
BB.BB
..B..
..B..
..B..
..B..
..B..
..B..
..B..
..B..
..B..
BB.BB
"""


def _arrow_shape(drawing: str, mode640: bool,
                 hot_spot: tuple[int, int] = (0, 0)) -> CursorShape:
    rows = drawing.strip().split("\n")
    white = 3 if mode640 else 15
    pixels = np.array([[white if c == "W" else 0 for c in r] for r in rows], dtype=np.uint8)
    mask = np.array([[c != "." for c in r] for r in rows], dtype=bool)
    return CursorShape(pixels, mask, hot_spot, mode640)


ARROW_640 = _arrow_shape(_ARROW_640, True)
ARROW_320 = _arrow_shape(_ARROW_320, False)
WATCH_640 = _arrow_shape(_WATCH_640, True, (6, 8))
WATCH_320 = _arrow_shape(_WATCH_320, False, (5, 4))
IBEAM_640 = _arrow_shape(_IBEAM_640, True, (8, 4))
IBEAM_320 = _arrow_shape(_IBEAM_320, False, (8, 2))


def arrow(mode640: bool) -> CursorShape:
    """The standard arrow cursor for a screen mode."""
    return ARROW_640 if mode640 else ARROW_320


def watch(mode640: bool) -> CursorShape:
    """The watch cursor (QuickDraw II Auxiliary's WaitCursor) for a screen mode."""
    return WATCH_640 if mode640 else WATCH_320


def ibeam(mode640: bool) -> CursorShape:
    """The I-beam text cursor (QuickDraw II Auxiliary's IBeamCursor) for a screen mode."""
    return IBEAM_640 if mode640 else IBEAM_320


def _pack(values: np.ndarray, mode640: bool) -> bytes:
    """Pixel values (rows of a whole number of words) -> the packed pixel image."""
    bits = 2 if mode640 else 4
    per_byte = 8 // bits
    out = bytearray()
    for row in values:
        for i in range(0, len(row), per_byte):
            byte = 0
            for p in row[i:i + per_byte]:
                byte = (byte << bits) | int(p)
            out.append(byte)
    return bytes(out)


def _unpack(data: bytes, rows: int, mode640: bool) -> np.ndarray:
    raw = np.frombuffer(data, dtype=np.uint8).reshape(rows, -1)
    if mode640:
        shifts = np.array([6, 4, 2, 0], dtype=np.uint8)
        return ((raw[:, :, None] >> shifts) & 3).reshape(rows, -1)
    shifts = np.array([4, 0], dtype=np.uint8)
    return ((raw[:, :, None] >> shifts) & 15).reshape(rows, -1)


def cursor_record(shape: CursorShape) -> bytes:
    """The Cursor record bytes for a shape (used to put the arrow in memory)."""
    per_word = 8 if shape.mode640 else 4
    height, width = shape.pixels.shape
    words = -(-width // per_word)
    pad = words * per_word - width
    pixels = np.pad(shape.pixels, ((0, 0), (0, pad)))
    mask = np.pad(np.where(shape.mask, 3 if shape.mode640 else 15, 0), ((0, 0), (0, pad)))
    v, h = shape.hot_spot
    return (height.to_bytes(2, "little") + words.to_bytes(2, "little")
            + _pack(pixels, shape.mode640) + _pack(mask, shape.mode640)
            + v.to_bytes(2, "little") + h.to_bytes(2, "little"))


def decode_cursor(mem, addr: int, mode640: bool) -> CursorShape:
    """Read a Cursor record from memory."""
    height = read_word(mem, addr)
    words = read_word(mem, addr + 2)
    size = height * words * 2
    if size == 0:
        empty = np.zeros((0, 0), dtype=np.uint8)
        return CursorShape(empty, empty.astype(bool), (0, 0), mode640)
    image = _unpack(read_bytes(mem, addr + 4, size), height, mode640)
    mask = _unpack(read_bytes(mem, addr + 4 + size, size), height, mode640) != 0
    v = read_word(mem, addr + 4 + 2 * size)
    h = read_word(mem, addr + 6 + 2 * size)
    return CursorShape(image.astype(np.uint8), mask, (v, h), mode640)
