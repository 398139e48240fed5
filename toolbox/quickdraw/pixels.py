"""QuickDraw II's pixels: packing, patterns, shape masks, line points, transfer modes
and a port's pixel image.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (pixel images, patterns, the
transfer modes), Technical Note #6 (patterns) and the Hardware Reference ch. 4 (2 bits a
pixel in 640 mode, 4 in 320 mode, leftmost pixel in the high bits).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import functools

import numpy as np

from iigs.memory import read_bytes, write_bytes

from toolbox.quickdraw.records import MODE_COPY, MODE_NOT, MODE_OR, MODE_XOR

if TYPE_CHECKING:                   # the core, which is made of these parts
    from toolbox.quickdraw.core import QuickDraw


# Pixel packing: bytes <-> pixel values, built once

_BYTES = np.arange(256, dtype=np.uint8)
UNPACK_640 = np.stack([(_BYTES >> s) & 3 for s in (6, 4, 2, 0)], axis=1)   # (256, 4)
UNPACK_320 = np.stack([(_BYTES >> s) & 15 for s in (4, 0)], axis=1)        # (256, 2)


def unpack_pixels(raw: np.ndarray, mode640: bool) -> np.ndarray:
    """(rows, bytes) packed pixels -> (rows, pixels) pixel values."""
    table = UNPACK_640 if mode640 else UNPACK_320
    return table[raw].reshape(raw.shape[0], -1)


# A byte is its pixels weighted by their places (values are 0-3 or 0-15, so the sum is
# the shifted ORs without carries): one matrix product packs a block.
_PLACES_640 = np.array([64, 16, 4, 1], dtype=np.uint8)
_PLACES_320 = np.array([16, 1], dtype=np.uint8)


def pack_pixels(px: np.ndarray, mode640: bool) -> np.ndarray:
    """(rows, pixels) pixel values -> (rows, bytes) packed pixels."""
    if mode640:
        return px.reshape(px.shape[0], -1, 4) @ _PLACES_640
    return px.reshape(px.shape[0], -1, 2) @ _PLACES_320


def pattern_pixels(pattern: bytes, mode640: bool, wide: bool = False) -> np.ndarray:
    """A 32-byte Pattern -> its pixel values (TN #6): 8 x 8, or 8 rows x 16 in 640 mode
    when the port asks for wide patterns (bit 15 of arcRot)."""
    if mode640 and not wide:
        raw = np.frombuffer(bytes(pattern[:16]), dtype=np.uint8).reshape(8, 2)
    else:
        raw = np.frombuffer(bytes(pattern[:32]), dtype=np.uint8).reshape(8, 4)
    return unpack_pixels(raw, mode640)


def solid_pixel(pattern: bytes, mode640: bool, wide: bool = False) -> int | None:
    """The one pixel value of a pattern whose every pixel is the same, else None."""
    tile = bytes(pattern[:32 if wide or not mode640 else 16])
    first = tile[0]
    if tile.count(first) != len(tile) or first != (first & (3 if mode640 else 15)) * (
            0x55 if mode640 else 0x11):
        return None
    return first & (3 if mode640 else 15)


def solid_pattern(color: int, mode640: bool) -> bytes:
    """The pattern SetSolidPenPat builds: every pixel the colour's value."""
    if mode640:
        v = color & 3
        return bytes([v * 0x55]) * 32
    v = color & 15
    return bytes([v * 0x11]) * 32


# Masks are kept by size (a program draws the same few shapes again and again: cards,
# buttons) and handed out read-only; a caller that needs to change one copies it.
MASK_CACHE_SIZE = 512


@functools.lru_cache(maxsize=MASK_CACHE_SIZE)
def oval_mask(height: int, width: int) -> np.ndarray:
    """Pixels whose centres lie inside the ellipse inscribed in a height x width box."""
    if height <= 0 or width <= 0:
        return _frozen(np.zeros((max(height, 0), max(width, 0)), dtype=bool))
    y = (np.arange(height) + 0.5 - height / 2) / (height / 2)
    x = (np.arange(width) + 0.5 - width / 2) / (width / 2)
    return _frozen((y[:, None] ** 2 + x[None, :] ** 2) <= 1.0)


@functools.lru_cache(maxsize=MASK_CACHE_SIZE)
def rrect_mask(height: int, width: int, oval_w: int, oval_h: int) -> np.ndarray:
    """A rectangle whose corners are the quarters of an oval_w x oval_h oval."""
    mask = np.ones((max(height, 0), max(width, 0)), dtype=bool)
    ow, oh = min(max(oval_w, 0), width), min(max(oval_h, 0), height)
    qw, qh = ow // 2, oh // 2
    if qw == 0 or qh == 0:
        return _frozen(mask)
    corner = oval_mask(oh, ow)
    mask[:qh, :qw] = corner[:qh, :qw]
    mask[:qh, width - qw:] = corner[:qh, ow - qw:]
    mask[height - qh:, :qw] = corner[oh - qh:, :qw]
    mask[height - qh:, width - qw:] = corner[oh - qh:, ow - qw:]
    return _frozen(mask)


@functools.lru_cache(maxsize=MASK_CACHE_SIZE)
def byte_masks(count: int, left: int, right: int) -> tuple[np.ndarray, np.ndarray]:
    """The bits of each of `count` bytes of a row that a rectangle covers (all of them
    but in the edge bytes: `left` in the first, `right` in the last), and the others."""
    mask = np.full(count, 0xFF, dtype=np.uint8)
    mask[0] &= left
    mask[-1] &= right
    return _frozen(mask), _frozen(~mask)


def checker_mask(height: int, width: int, phase: int) -> np.ndarray:
    """Every other pixel, as a chequerboard over a height x width box: (row, col) is set
    when row + col + phase is even (the classic grey of dimmed text and dividers)."""
    return (np.add.outer(np.arange(height), np.arange(width)) + phase) % 2 == 0


def _frozen(mask: np.ndarray) -> np.ndarray:
    mask.flags.writeable = False
    return mask


def line_points(h0: int, v0: int, h1: int, v1: int) -> list[tuple[int, int]]:
    """Bresenham's points from (h0, v0) to (h1, v1), both ends included."""
    points = []
    dh, dv = abs(h1 - h0), -abs(v1 - v0)
    sh, sv = (1 if h0 < h1 else -1), (1 if v0 < v1 else -1)
    err = dh + dv
    h, v = h0, v0
    while True:
        points.append((h, v))
        if h == h1 and v == v1:
            return points
        e2 = 2 * err
        if e2 >= dv:
            err += dv
            h += sh
        if e2 <= dh:
            err += dh
            v += sv


def transfer(dst: np.ndarray, src: np.ndarray, mode: int, full: int) -> np.ndarray:
    """The new pixel values for a transfer mode's copy/OR/XOR/BIC (NOT inverts src)."""
    if mode & MODE_NOT:
        src = src ^ full
    op = mode & 3
    if op == MODE_COPY:
        return src
    if op == MODE_OR:
        return dst | src
    if op == MODE_XOR:
        return dst ^ src
    return dst & (src ^ full)


class _PixelImage:
    """A port's pixel image (LocInfo): rows of packed pixels anywhere in memory."""

    def __init__(self, qd: "QuickDraw", ptr: int, row_bytes: int) -> None:
        self.qd, self.ptr, self.row_bytes = qd, ptr, row_bytes

    def view(self, r0: int, r1: int, b0: int, b1: int) -> np.ndarray | None:
        """Rows r0..r1-1, bytes b0..b1-1 of the image as a view of memory, to change in
        place; None when the memory has no buffer or the block is not wholly inside it
        (then get and put do it row by row)."""
        ram, row_bytes = self.qd.ram, self.row_bytes
        if ram is None or b1 > row_bytes or b0 < 0 or r0 < 0:
            return None
        start = self.ptr + r0 * row_bytes
        end = start + (r1 - r0) * row_bytes
        if end > ram.shape[0]:
            return None
        return ram[start:end].reshape(r1 - r0, row_bytes)[:, b0:b1]

    def get(self, r0: int, r1: int, b0: int, b1: int) -> np.ndarray:
        ram = self.qd.ram
        if ram is not None:
            start = self.ptr + r0 * self.row_bytes
            block = ram[start:start + (r1 - r0) * self.row_bytes]
            return block.reshape(r1 - r0, self.row_bytes)[:, b0:b1].copy()
        mem = self.qd.tb.mem
        rows = [read_bytes(mem, self.ptr + r * self.row_bytes + b0, b1 - b0)
                for r in range(r0, r1)]
        return np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(r1 - r0, b1 - b0)

    def put(self, r0: int, b0: int, data: np.ndarray) -> None:
        rows, width = data.shape
        ram = self.qd.ram
        if ram is not None:
            start = self.ptr + r0 * self.row_bytes
            block = ram[start:start + rows * self.row_bytes].reshape(rows, self.row_bytes)
            block[:, b0:b0 + width] = data
            return
        mem = self.qd.tb.mem
        for i in range(rows):
            write_bytes(mem, self.ptr + (r0 + i) * self.row_bytes + b0, data[i].tobytes())


@functools.lru_cache(maxsize=MASK_CACHE_SIZE)
def wedge_mask(height: int, width: int, start: int, arc: int) -> np.ndarray:
    """The pixels of a height x width box inside the wedge of an arc: angles in degrees
    from 12 o'clock, clockwise when positive, measured on the box's proportions (45
    degrees passes through the top-right corner); a pixel is in when the angle of its
    centre lies in [start, start + arc). |arc| >= 360: every pixel."""
    if arc < 0:
        start, arc = start + arc, -arc
    if arc >= 360 or height <= 0 or width <= 0:
        return _frozen(np.ones((max(height, 0), max(width, 0)), dtype=bool))
    y = (np.arange(height) + 0.5 - height / 2) / (height / 2)
    x = (np.arange(width) + 0.5 - width / 2) / (width / 2)
    angle = np.degrees(np.arctan2(x[None, :], -y[:, None])) % 360
    return _frozen((angle - start) % 360 < arc)
