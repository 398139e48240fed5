"""QuickDraw II's polygons: OpenPoly / ClosePoly recording, KillPoly, OffsetPoly, MapPoly,
and FramePoly, PaintPoly, ErasePoly, InvertPoly, FillPoly ($BC04-$C504); SetPolySave and
GetPolySave ($4204, $4304), the port's polySave field.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 ("Polygons"; the call numbers
and the error codes polyAlreadyOpen $0440, polyNotOpen $0441, polyTooBig $0442 as
ORCA/C's quickdraw.h gives them) and, where the IIGS chapter defers to it, the classic
QuickDraw polygon model of Inside Macintosh:

- The polygon record, in a handle: polySize:W (the record's size in bytes, 10 + 4 a
  point), polyBBox:Rect (the points' bounding box), polyPoints: Point (v, h) words.
  Every drawing call reads the record from memory, so a polygon a program builds or
  edits itself is drawn as it stands.
- OpenPoly makes an empty polygon, keeps its handle in the port's polySave field and
  hides the pen; while it is open each LineTo or Line adds its end point (the first
  line, or the first after a MoveTo/Move that left the last point, adds its start point
  too: moves only take effect through the next line). ClosePoly writes polySize and
  polyBBox, clears polySave and shows the pen. It does not close the figure.
- FramePoly plays the lines back with the pen (size, pattern, mode; each line the pen
  rectangle dragged from point to point, hanging below and to the right), drawing only
  the recorded lines; the pen location does not change.
- PaintPoly (pen pattern and mode), ErasePoly (background pattern), InvertPoly and
  FillPoly (the pattern given, copy mode) cover the polygon's interior, closed from its
  last point to its first. The interior is the region QuickDraw makes of the outline,
  whose edges lie on the grid lines between pixels: pixel (h, v), the unit square below
  and to the right of the grid point (h, v), is inside when a point just below and to
  the right of that corner is enclosed by the outline under the even-odd rule. So a
  rectangle-shaped polygon covers exactly the pixels of the same rectangle (h1..h2-1,
  v1..v2-1) and nothing of the frame's lower and right pen overhang.
- OffsetPoly moves the points and the box; MapPoly maps each point (and the box's two
  corners) from one rectangle to another as MapPt does: h' = dst.left + (h - src.left)
  * dstWidth / srcWidth, the quotient truncated toward zero, and likewise v.
"""
from __future__ import annotations

import struct

import numpy as np

from iigs.memory import read_bytes, read_long, write_bytes, write_long

from toolbox.calls import ToolError
from toolbox.quickdraw.records import (POLY_ALREADY_OPEN_ERR, POLY_NOT_OPEN_ERR,
                                       POLY_TOO_BIG_ERR, PORT_POLY_SAVE, PRIVATE_REGIONS,
                                       Point, Rect)

POLY_HEADER = 10                # polySize:W, polyBBox:Rect
POINT_SIZE = 4
MAX_POLY_SIZE = 0xFFFF          # polySize is a word
_HEADER = struct.Struct("<H4h")


def _trunc_div(a: int, b: int) -> int:
    """a / b truncated toward zero (Pascal's DIV, as MapPt computes)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def map_point(pt: Point, src: Rect, dst: Rect) -> Point:
    """MapPt: the point's place in `src` carried to the same place in `dst`."""
    v, h = pt
    src_h, src_w = src[2] - src[0], src[3] - src[1]
    dst_h, dst_w = dst[2] - dst[0], dst[3] - dst[1]
    if src_h == 0 or src_w == 0:
        return pt
    return (dst[0] + _trunc_div((v - src[0]) * dst_h, src_h),
            dst[1] + _trunc_div((h - src[1]) * dst_w, src_w))


def bounding_box(points: list[Point]) -> Rect:
    """polyBBox: the smallest rect whose edges pass through the extreme points."""
    if not points:
        return (0, 0, 0, 0)
    vs, hs = [p[0] for p in points], [p[1] for p in points]
    return (min(vs), min(hs), max(vs), max(hs))


def polygon_record(points: list[Point]) -> bytes:
    """The record: polySize, polyBBox, the points."""
    size = POLY_HEADER + POINT_SIZE * len(points)
    if size > MAX_POLY_SIZE:
        raise ToolError(POLY_TOO_BIG_ERR)
    return (_HEADER.pack(size, *bounding_box(points))
            + b"".join(struct.pack("<2h", v, h) for v, h in points))


def polygon_interior(points: list[Point]) -> tuple[Rect, np.ndarray] | None:
    """The pixels inside the closed outline (even-odd), as (box, mask over the box)."""
    if len(points) < 3:
        return None
    return edges_interior(list(zip(points, points[1:] + points[:1])))


def edges_interior(edges: list[tuple[Point, Point]]) -> tuple[Rect, np.ndarray] | None:
    """The pixels inside a set of edges (even-odd), as (box, mask over the box).

    Scan line by scan line: a row of pixels v meets the edges that span the grid line v
    (v0 <= v < v1, so a shared vertex counts once and horizontal edges not at all); an
    edge crossing that line at x toggles every pixel h >= x (the corner (h, v), nudged
    right, is past the crossing exactly when h >= ceil(x))."""
    points = [p for edge in edges for p in edge]
    if not points:
        return None
    top, left, bottom, right = bounding_box(points)
    height, width = bottom - top, right - left
    if height <= 0 or width <= 0:
        return None
    toggles = np.zeros((height, width + 1), dtype=np.int32)
    for (v0, h0), (v1, h1) in edges:
        if v0 == v1:
            continue
        if v0 > v1:
            v0, h0, v1, h1 = v1, h1, v0, h0
        rows = np.arange(v0, v1, dtype=np.int64)
        num = (rows - v0) * (h1 - h0)
        first = h0 + -((-num) // (v1 - v0))              # ceil(x) in integers
        np.add.at(toggles, (rows - top, np.clip(first - left, 0, width)), 1)
    inside = (np.cumsum(toggles, axis=1) & 1)[:, :width].astype(bool)
    return (top, left, bottom, right), inside


class PolygonsMixin:
    """QuickDraw's polygon calls."""

    # ---- the record ---------------------------------------------------------------------
    def _poly_handle(self) -> int:
        """The polygon being recorded in the current port (its polySave), 0 when none."""
        return read_long(self.tb.mem, self._require_port() + PORT_POLY_SAVE) & 0xFFFFFF

    def _set_poly_handle(self, handle: int) -> None:
        write_long(self.tb.mem, self._require_port() + PORT_POLY_SAVE, handle)

    def GetPolySave(self) -> int:
        """GetPolySave() $4304 -> the port's polySave: the polygon being recorded, or 0."""
        return read_long(self.tb.mem, self._require_port() + PORT_POLY_SAVE)

    def SetPolySave(self, value: int) -> None:
        """SetPolySave(polySaveValue) $4204: a program may stop (0) or resume recording."""
        write_long(self.tb.mem, self._require_port() + PORT_POLY_SAVE, value)

    def read_polygon(self, handle: int) -> list[Point]:
        """The points of the polygon record a handle holds (its polySize says how many)."""
        handle &= 0xFFFFFF
        if handle >= PRIVATE_REGIONS:                  # a core tested alone: a token
            data = self.polygons.get(handle, b"")
        else:
            addr = self.tb.mm.deref(handle)
            size = int.from_bytes(read_bytes(self.tb.mem, addr, 2), "little")
            data = read_bytes(self.tb.mem, addr, max(size, POLY_HEADER))
        count = max(0, (len(data) - POLY_HEADER) // POINT_SIZE)
        return [struct.unpack_from("<2h", data, POLY_HEADER + POINT_SIZE * i)
                for i in range(count)]

    def write_polygon(self, handle: int, points: list[Point]) -> None:
        """Store the record (size, box, points) in the handle, resizing its block."""
        record = polygon_record(points)
        if handle >= PRIVATE_REGIONS:
            self.polygons[handle] = record
            return
        mm = self.tb.mm
        if mm.size_of(handle) < len(record):
            mm.set_size(handle, len(record))
        write_bytes(self.tb.mem, mm.deref(handle), record)

    # ---- recording ----------------------------------------------------------------------
    def OpenPoly(self) -> int:
        """OpenPoly() $C104 -> polyHandle: start recording lines; the pen is hidden."""
        if self._poly_handle():
            raise ToolError(POLY_ALREADY_OPEN_ERR)
        if self.user_id:
            handle = self.tb.mm.new_handle(POLY_HEADER, self.user_id, 0)
        else:
            handle = self._next_private_rgn        # tokens share the regions' range
            self._next_private_rgn += 1
        self.open_points[handle] = []
        self.write_polygon(handle, [])
        self._set_poly_handle(handle)
        self.HidePen()
        return handle

    def _record_poly_line(self, start: Point, end: Point) -> None:
        """LineTo's part while a polygon is open: its points join the polygon."""
        handle = self._poly_handle()
        if not handle:
            return
        points = self.open_points.get(handle)
        if points is None:              # a polySave the program set: extend its record
            points = self.open_points[handle] = self.read_polygon(handle)
        if not points or points[-1] != start:
            points.append(start)
        points.append(end)

    def ClosePoly(self) -> None:
        """ClosePoly() $C204: the record is complete; the pen is shown again."""
        handle = self._poly_handle()
        if not handle:
            raise ToolError(POLY_NOT_OPEN_ERR)
        points = self.open_points.pop(handle, None)
        self.write_polygon(handle, self.read_polygon(handle) if points is None else points)
        self._set_poly_handle(0)
        self.ShowPen()

    def KillPoly(self, handle: int) -> None:
        """KillPoly(polyHandle) $C304: the polygon's memory is released."""
        handle &= 0xFFFFFF
        self.open_points.pop(handle, None)
        if handle >= PRIVATE_REGIONS:
            self.polygons.pop(handle, None)
        else:
            self.tb.mm.dispose(handle)

    def OffsetPoly(self, handle: int, dh: int, dv: int) -> None:
        """OffsetPoly(polyHandle, dH, dV) $C404."""
        self.write_polygon(handle, [(v + dv, h + dh) for v, h in self.read_polygon(handle)])

    def MapPoly(self, handle: int, src: Rect, dst: Rect) -> None:
        """MapPoly(polyHandle, srcRectPtr, destRectPtr) $C504."""
        self.write_polygon(handle, [map_point(p, src, dst) for p in self.read_polygon(handle)])

    # ---- drawing ------------------------------------------------------------------------
    def FramePoly(self, handle: int) -> None:
        """FramePoly(polyHandle) $BC04: the recorded lines, drawn with the pen."""
        points = self.read_polygon(handle)
        for (v0, h0), (v1, h1) in zip(points, points[1:]):
            self._record_rgn_line((v0, h0), (v1, h1))
            self._pen_line(v0, h0, v1, h1)

    def _interior(self, handle: int) -> tuple[Rect, np.ndarray] | None:
        return polygon_interior(self.read_polygon(handle))

    def PaintPoly(self, handle: int) -> None:
        """PaintPoly(polyHandle) $BD04: the interior in the pen's pattern and mode."""
        if self._pen_visible() and (shape := self._interior(handle)) is not None:
            self._paint_with_pen(*shape)

    def ErasePoly(self, handle: int) -> None:
        """ErasePoly(polyHandle) $BE04: the interior in the background pattern."""
        if (shape := self._interior(handle)) is not None:
            self._erase(*shape)

    def InvertPoly(self, handle: int) -> None:
        """InvertPoly(polyHandle) $BF04: every bit of the interior's pixels flipped."""
        if (shape := self._interior(handle)) is not None:
            self._invert(*shape)

    def FillPoly(self, handle: int, pattern: bytes) -> None:
        """FillPoly(polyHandle, patternPtr) $C004: the interior in the pattern, copy mode."""
        if (shape := self._interior(handle)) is not None:
            self._fill(shape[0], pattern, shape[1])
