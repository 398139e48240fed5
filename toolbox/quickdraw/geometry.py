"""QuickDraw II's rectangle and point arithmetic (pure) and their records in memory.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16: Rect = (top, left, bottom,
right) = (v1, h1, v2, h2), Point = (v, h); a rect covers pixels h1..h2-1 and v1..v2-1.
"""
from __future__ import annotations

import struct
from typing import Any

from iigs.memory import ADDRESS_MASK, read_word, write_word

from toolbox.calls import s16
from toolbox.quickdraw.records import Point, Rect


def set_rect(left: int, top: int, right: int, bottom: int) -> Rect:
    return (top, left, bottom, right)


def empty_rect(r: Rect) -> bool:
    return r[2] <= r[0] or r[3] <= r[1]


def sect_rect(a: Rect, b: Rect) -> tuple[bool, Rect]:
    """The intersection; an empty result is (0, 0, 0, 0) as QuickDraw returns it."""
    r = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    if empty_rect(r):
        return False, (0, 0, 0, 0)
    return True, r


def union_rect(a: Rect, b: Rect) -> Rect:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def offset_rect(r: Rect, dh: int, dv: int) -> Rect:
    return (r[0] + dv, r[1] + dh, r[2] + dv, r[3] + dh)


def inset_rect(r: Rect, dh: int, dv: int) -> Rect:
    out = (r[0] + dv, r[1] + dh, r[2] - dv, r[3] - dh)
    return (0, 0, 0, 0) if empty_rect(out) else out


def pt_in_rect(pt: Point, r: Rect) -> bool:
    v, h = pt
    return r[0] <= v < r[2] and r[1] <= h < r[3]


_RECT = struct.Struct("<4h")


def read_rect(mem: Any, addr: int) -> Rect:
    addr &= ADDRESS_MASK
    if isinstance(mem, bytearray) and addr + 8 <= len(mem):
        return _RECT.unpack_from(mem, addr)          # the machine's memory: one unpack
    return tuple(s16(read_word(mem, addr + 2 * i)) for i in range(4))  # type: ignore


def write_rect(mem: Any, addr: int, r: Rect) -> None:
    for i, x in enumerate(r):
        write_word(mem, addr + 2 * i, x)


def read_point(mem: Any, addr: int) -> Point:
    return s16(read_word(mem, addr)), s16(read_word(mem, addr + 2))


def write_point(mem: Any, addr: int, pt: Point) -> None:
    write_word(mem, addr, pt[0])
    write_word(mem, addr + 2, pt[1])



def _size(rect: Rect) -> tuple[int, int]:
    return rect[2] - rect[0], rect[3] - rect[1]


def pt2rect(a: Point, b: Point) -> Rect:
    """Pt2Rect: the smallest rectangle with both points as corners."""
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def add_pt(src: Point, dst: Point) -> Point:
    """AddPt: dst + src, each coordinate a 16-bit word."""
    return s16(dst[0] + src[0]), s16(dst[1] + src[1])


def sub_pt(src: Point, dst: Point) -> Point:
    """SubPt: dst - src."""
    return s16(dst[0] - src[0]), s16(dst[1] - src[1])


def scale_pt(pt: Point, src: Rect, dst: Rect) -> Point:
    """ScalePt: a height and width (v, h) scaled by dst's size over src's, truncated."""
    def scale(x: int, to: int, frm: int) -> int:
        if frm == 0:
            return x
        q = abs(x * to) // abs(frm)
        return q if (x * to >= 0) == (frm > 0) else -q
    return (scale(pt[0], dst[2] - dst[0], src[2] - src[0]),
            scale(pt[1], dst[3] - dst[1], src[3] - src[1]))
