"""QuickDraw II's region shapes (pure): any set of pixels, as horizontal bands, with the
set algebra of the region calls and Apple's region record.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 ("Regions": a region handle's
block is rgnSize:W, rgnBBox:Rect and, when the region is not a rectangle, its data;
rgnSize = 10 for a rectangular or empty region) and the classic QuickDraw region data
the IIGS shares with Inside Macintosh's: rows sorted by vertical coordinate, each row the
coordinate v then its horizontal inversion points h in increasing order, ended by $7FFF;
the list of rows ended by $7FFF. An inversion point (h, v) flips, for every pixel at or
below v and at or right of h, whether it is inside: so the points of a row are where
the region's pixel runs differ from the row above.

A shape here is a tuple of bands (top, bottom, edges), bands sorted and not touching
with equal edges (so one shape has one form and equal shapes compare equal); `edges` is
(l0, r0, l1, r1, ...), the disjoint pixel runs l..r-1 of every row top..bottom-1.
"""
from __future__ import annotations

import struct
from typing import Iterable

import numpy as np

from toolbox.quickdraw.records import Rect

Edges = tuple[int, ...]
Band = tuple[int, int, Edges]
Shape = tuple[Band, ...]

EMPTY: Shape = ()
RGN_END = 0x7FFF                 # ends a row and the list of rows
RGN_HEADER = 10                  # rgnSize:W, rgnBBox:Rect
_HEADER = struct.Struct("<H4h")

# the boolean operations, on (inside a, inside b)
SECT, UNION, DIFF, XOR = (lambda a, b: a and b), (lambda a, b: a or b), \
    (lambda a, b: a and not b), (lambda a, b: a != b)


def rect_shape(r: Rect) -> Shape:
    """The shape of a rectangle (empty when the rectangle is)."""
    top, left, bottom, right = r
    if bottom <= top or right <= left:
        return EMPTY
    return ((top, bottom, (left, right)),)


def bbox(shape: Shape) -> Rect:
    """rgnBBox: the smallest rectangle holding the shape, (0, 0, 0, 0) when empty."""
    if not shape:
        return (0, 0, 0, 0)
    return (shape[0][0], min(b[2][0] for b in shape), shape[-1][1],
            max(b[2][-1] for b in shape))


def is_rect(shape: Shape) -> bool:
    """True for the empty shape and for a rectangle (rgnSize 10)."""
    return len(shape) <= 1 and all(len(b[2]) == 2 for b in shape)


def _runs_op(ea: Edges, eb: Edges, op) -> Edges:
    """The runs of one row where op(inside a, inside b)."""
    xs = sorted(set(ea) | set(eb))
    out: list[int] = []
    ia = ib = 0
    ina = inb = False
    inside = False
    for x in xs:
        while ia < len(ea) and ea[ia] == x:
            ina, ia = not ina, ia + 1
        while ib < len(eb) and eb[ib] == x:
            inb, ib = not inb, ib + 1
        now = op(ina, inb)
        if now != inside:
            out.append(x)
            inside = now
    return tuple(out)


def _normalize(bands: Iterable[Band]) -> Shape:
    """Drop empty bands and join touching bands with the same runs."""
    out: list[Band] = []
    for top, bottom, edges in bands:
        if bottom <= top or not edges:
            continue
        if out and out[-1][1] == top and out[-1][2] == edges:
            out[-1] = (out[-1][0], bottom, edges)
        else:
            out.append((top, bottom, edges))
    return tuple(out)


def _edges_at(shape: Shape, v: int) -> Edges:
    for top, bottom, edges in shape:
        if top <= v < bottom:
            return edges
    return ()


def combine(a: Shape, b: Shape, op) -> Shape:
    """SectRgn, UnionRgn, DiffRgn, XorRgn: op (SECT, UNION, DIFF, XOR) pixel by pixel."""
    ys = sorted({y for band in a + b for y in band[:2]})
    return _normalize((y0, y1, _runs_op(_edges_at(a, y0), _edges_at(b, y0), op))
                      for y0, y1 in zip(ys, ys[1:]))


def from_rects(rects: Iterable[Rect]) -> Shape:
    """The union of rectangles."""
    rects = [r for r in rects if r[2] > r[0] and r[3] > r[1]]
    ys = sorted({y for r in rects for y in (r[0], r[2])})
    bands = []
    for y0, y1 in zip(ys, ys[1:]):
        runs: Edges = ()
        for r in rects:
            if r[0] <= y0 < r[2]:
                runs = _runs_op(runs, (r[1], r[3]), UNION)
        bands.append((y0, y1, runs))
    return _normalize(bands)


def rects_of(shape: Shape) -> list[Rect]:
    """The shape as disjoint rectangles (one per run of each band)."""
    return [(top, edges[i], bottom, edges[i + 1])
            for top, bottom, edges in shape for i in range(0, len(edges), 2)]


def offset(shape: Shape, dh: int, dv: int) -> Shape:
    """OffsetRgn: every pixel moved by (dh, dv)."""
    return tuple((t + dv, b + dv, tuple(x + dh for x in e)) for t, b, e in shape)


def _transpose(shape: Shape) -> Shape:
    return from_rects((l, t, r, b) for t, l, b, r in rects_of(shape))


def _inset_h(shape: Shape, dh: int) -> Shape:
    """Each row's runs shrunk by dh at both ends (grown when dh < 0, joining runs)."""
    bands = []
    for top, bottom, edges in shape:
        runs: Edges = ()
        for i in range(0, len(edges), 2):
            l, r = edges[i] + dh, edges[i + 1] - dh
            if r > l:
                runs = _runs_op(runs, (l, r), UNION)
        bands.append((top, bottom, runs))
    return _normalize(bands)


def inset(shape: Shape, dh: int, dv: int) -> Shape:
    """InsetRgn: shrunk by dh horizontally and dv vertically on every side (grown when
    negative): a rectangle becomes InsetRect's rectangle."""
    if dh:
        shape = _inset_h(shape, dh)
    if dv:
        shape = _transpose(_inset_h(_transpose(shape), dv))
    return shape


def pt_in(shape: Shape, v: int, h: int) -> bool:
    """PtInRgn: the pixel below and to the right of the point is in the region."""
    edges = _edges_at(shape, v)
    return sum(1 for x in edges if x <= h) % 2 == 1


def rect_in(shape: Shape, r: Rect) -> bool:
    """RectInRgn: some pixel of the rectangle is in the region."""
    return bool(combine(shape, rect_shape(r), SECT))


def to_mask(shape: Shape, box: Rect) -> np.ndarray:
    """The pixels of `box` in the shape (bool, box-sized)."""
    top, left, bottom, right = box
    mask = np.zeros((max(bottom - top, 0), max(right - left, 0)), dtype=bool)
    for t, b, edges in shape:
        t, b = max(t, top), min(b, bottom)
        if b <= t:
            continue
        for i in range(0, len(edges), 2):
            l, r = max(edges[i], left), min(edges[i + 1], right)
            if r > l:
                mask[t - top:b - top, l - left:r - left] = True
    return mask


def from_mask(top: int, left: int, mask: np.ndarray) -> Shape:
    """The shape of the set pixels of a mask whose pixel [0, 0] is (left, top)."""
    bands = []
    for i, row in enumerate(np.asarray(mask, dtype=bool)):
        padded = np.concatenate(([False], row, [False]))
        xs = np.flatnonzero(padded[1:] != padded[:-1]) + left
        bands.append((top + i, top + i + 1, tuple(int(x) for x in xs)))
    return _normalize(bands)


def map_shape(shape: Shape, src: Rect, dst: Rect, map_point) -> Shape:
    """MapRgn: each run's corners mapped from `src` to `dst` as MapPt maps points."""
    rects = []
    for t, l, b, r in rects_of(shape):
        t, l = map_point((t, l), src, dst)
        b, r = map_point((b, r), src, dst)
        rects.append((min(t, b), min(l, r), max(t, b), max(l, r)))
    return from_rects(rects)


# ---- the region record ---------------------------------------------------------------------
def to_record(shape: Shape) -> bytes:
    """The region record: rgnSize, rgnBBox and, unless rectangular, the rows of
    inversion points."""
    box = bbox(shape)
    if is_rect(shape):
        return _HEADER.pack(RGN_HEADER, *box)
    words: list[int] = []
    ys = sorted({y for band in shape for y in band[:2]})
    for y in ys:
        above = _edges_at(shape, y - 1)
        below = _edges_at(shape, y)
        points = sorted(set(above) ^ set(below))
        if points:
            words += [y, *points, RGN_END]
    words.append(RGN_END)
    data = struct.pack(f"<{len(words)}h", *[w if w < 0x8000 else w - 0x10000
                                             for w in words])
    return _HEADER.pack(RGN_HEADER + len(data), *box) + data


def from_record(data: bytes) -> Shape:
    """A region record (its first rgnSize bytes) -> its shape. A rectangular record is
    its rgnBBox; the rows of a non-rectangular one are read up to the final $7FFF."""
    size, *box = _HEADER.unpack_from(data)
    if size <= RGN_HEADER:
        return rect_shape(tuple(box))
    count = (min(size, len(data)) - RGN_HEADER) // 2
    words = struct.unpack_from(f"<{count}h", data, RGN_HEADER)
    rows: list[tuple[int, Edges]] = []
    current: set[int] = set()
    i = 0
    while i < len(words) and words[i] != RGN_END:
        v = words[i]
        i += 1
        while i < len(words) and words[i] != RGN_END:
            current ^= {words[i]}
            i += 1
        i += 1
        rows.append((v, tuple(sorted(current))))
    return _normalize((v0, v1, edges) for (v0, edges), (v1, _) in zip(rows, rows[1:]))
