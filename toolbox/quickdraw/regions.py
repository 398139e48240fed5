"""QuickDraw II's regions: NewRgn, RectRgn, CopyRgn and the region calls that build,
combine, test and draw them (OpenRgn ... FillRgn, $6704-$7D04; MapRgn $8C04).

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (regions). A region handle's
block holds the region record (rgnSize, rgnBBox and, unless rectangular, the rows of
inversion points: toolbox/quickdraw/rgndata.py), read at each call, so a region a
program built or edited itself counts as it stands. With no Memory Manager (a core
tested alone) the core hands out token handles and keeps their shapes itself.

`regions` maps every handle QuickDraw made to its rgnBBox (what the other managers and
the ports read); `region_rect` and `region_shape` read any handle's record.

OpenRgn starts recording into the port's rgnSave field and hides the pen, as the
classic QuickDraw does; LineTo, Line, FrameRect, FrameOval, FrameRRect, FramePoly and
FrameRgn add outlines; CloseRgn makes the region of what was recorded: the shapes the
frame calls outline are combined by exclusive-or, and the lines are the edges of a
figure whose inside (even-odd, as PaintPoly's interior) is combined the same way.
"""
from __future__ import annotations

import struct

import numpy as np

from iigs.memory import read_bytes, read_long, read_word, write_bytes, write_long

from toolbox.calls import ToolError
from toolbox.quickdraw import rgndata
from toolbox.quickdraw.geometry import empty_rect, read_rect, sect_rect
from toolbox.quickdraw.polygons import edges_interior, map_point
from toolbox.quickdraw.records import (Point, PORT_RGN_SAVE, PRIVATE_REGIONS, Rect,
                                       RGN_SIZE)
from toolbox.quickdraw.rgndata import Shape

_HEAD = struct.Struct("<H4h")       # rgnSize, rgnBBox


class RegionsMixin:
    """QuickDraw's region calls."""

    # ---- the record ------------------------------------------------------------------
    def NewRgn(self) -> int:
        """NewRgn() $6704 -> rgnHandle: an empty region."""
        if self.user_id:
            handle = self.tb.mm.new_handle(RGN_SIZE, self.user_id, 0)
        else:
            # Before QDStartUp gives QuickDraw a user ID a region is a token only.
            handle = self._next_private_rgn
            self._next_private_rgn += 1
        self.regions[handle] = (0, 0, 0, 0)
        self._write_region(handle)
        return handle

    def DisposeRgn(self, handle: int) -> None:
        """DisposeRgn(rgnHandle) $6804."""
        self.region_shapes.pop(handle, None)
        if self.regions.pop(handle, None) is not None and handle < PRIVATE_REGIONS:
            self.tb.mm.dispose(handle)

    def RectRgn(self, handle: int, rect: Rect) -> None:
        """RectRgn(rgnHandle, rectPtr) $6C04: the region becomes the rectangle."""
        self.regions[handle] = (0, 0, 0, 0) if empty_rect(rect) else tuple(rect)
        self.region_shapes.pop(handle, None)
        self._write_region(handle)

    def SetRectRgn(self, handle: int, left: int, top: int, right: int, bottom: int) -> None:
        """SetRectRgn(rgnHandle, left, top, right, bottom) $6B04."""
        self.RectRgn(handle, (top, left, bottom, right))

    def SetEmptyRgn(self, handle: int) -> None:
        """SetEmptyRgn(rgnHandle) $6A04."""
        self.RectRgn(handle, (0, 0, 0, 0))

    def CopyRgn(self, src: int, dst: int) -> None:
        """CopyRgn(srcRgnHandle, destRgnHandle) $6904."""
        self.set_region_shape(dst, self.region_shape(src))

    def region_rect(self, handle: int) -> Rect | None:
        """A region's bounding rectangle (rgnBBox), else None for no region.

        A Memory Manager handle is read from its block, so a region the program built
        itself counts as well; token regions come from the core's own table."""
        handle &= 0xFFFFFF
        if not handle:
            return None
        if handle >= PRIVATE_REGIONS:
            return self.regions.get(handle)
        try:
            addr = self.tb.mm.deref(handle)
        except ToolError:
            return None
        return read_rect(self.tb.mem, addr + 2) if addr else None

    def region_head(self, handle: int) -> tuple[Rect | None, bool]:
        """(region_rect, region_is_rect) with one look at the record: what every
        drawing call asks of the port's two regions."""
        handle &= 0xFFFFFF
        if not handle:
            return None, True
        if handle >= PRIVATE_REGIONS:
            return self.regions.get(handle), handle not in self.region_shapes
        try:
            addr = self.tb.mm.deref(handle)
        except ToolError:
            return None, True
        if not addr:
            return None, True
        mem = self.tb.mem
        if isinstance(mem, bytearray) and addr + RGN_SIZE <= len(mem):
            size, *box = _HEAD.unpack_from(mem, addr)        # the machine's memory
        else:
            size, box = read_word(mem, addr), read_rect(mem, addr + 2)
        return tuple(box), size <= RGN_SIZE

    def region_is_rect(self, handle: int) -> bool:
        """True when the region is its rgnBBox (rgnSize 10) or there is none."""
        handle &= 0xFFFFFF
        if not handle:
            return True
        if handle >= PRIVATE_REGIONS:
            return rgndata.is_rect(self.region_shapes.get(handle, ()))
        try:
            addr = self.tb.mm.deref(handle)
        except ToolError:
            return True
        return not addr or read_word(self.tb.mem, addr) <= rgndata.RGN_HEADER

    def region_shape(self, handle: int) -> Shape:
        """Any region's shape, read from its record (the empty shape for no region)."""
        handle &= 0xFFFFFF
        if handle >= PRIVATE_REGIONS:
            shape = self.region_shapes.get(handle)
            return shape if shape is not None else rgndata.rect_shape(
                self.regions.get(handle, (0, 0, 0, 0)))
        if not handle:
            return rgndata.EMPTY
        try:
            addr = self.tb.mm.deref(handle)
        except ToolError:
            return rgndata.EMPTY
        if not addr:
            return rgndata.EMPTY
        size = read_word(self.tb.mem, addr)
        return rgndata.from_record(read_bytes(self.tb.mem, addr, max(size, RGN_SIZE)))

    def region_record(self, handle: int) -> bytes | tuple:
        """What a region is made of, to compare: its record's bytes (a token
        region's shape)."""
        handle &= 0xFFFFFF
        if handle >= PRIVATE_REGIONS or not handle:
            return self.region_shape(handle)
        try:
            addr = self.tb.mm.deref(handle)
        except ToolError:
            return b""
        if not addr:
            return b""
        return read_bytes(self.tb.mem, addr, max(read_word(self.tb.mem, addr), RGN_SIZE))

    def set_region_shape(self, handle: int, shape: Shape) -> None:
        """Store a shape in a region: its record, the block resized to fit."""
        handle &= 0xFFFFFF
        if rgndata.is_rect(shape):
            self.RectRgn(handle, rgndata.bbox(shape))
            return
        self.regions[handle] = rgndata.bbox(shape)
        if handle >= PRIVATE_REGIONS:
            self.region_shapes[handle] = shape
            return
        record = rgndata.to_record(shape)
        mm = self.tb.mm
        if mm.size_of(handle) < len(record):
            mm.set_size(handle, len(record))
        write_bytes(self.tb.mem, mm.deref(handle), record)

    def _write_region(self, handle: int) -> None:
        if handle >= PRIVATE_REGIONS:
            return
        write_bytes(self.tb.mem, self.tb.mm.deref(handle),
                    rgndata.to_record(rgndata.rect_shape(self.regions[handle])))

    # ---- recording -------------------------------------------------------------------
    def OpenRgn(self) -> None:
        """OpenRgn() $6D04: start recording outlines into the port's rgnSave; the pen
        is hidden until CloseRgn."""
        handle = self.NewRgn()
        self.region_recordings[handle] = ([], rgndata.EMPTY)
        write_long(self.tb.mem, self._require_port() + PORT_RGN_SAVE, handle)
        self.HidePen()

    def _rgn_recording(self) -> int:
        return read_long(self.tb.mem, self._require_port() + PORT_RGN_SAVE) & 0xFFFFFF

    def _record_rgn_line(self, start: Point, end: Point) -> None:
        """LineTo's part while a region is open: a line is an edge of the outline."""
        if not self.region_recordings:
            return
        handle = self._rgn_recording() if self.port else 0
        if handle in self.region_recordings:
            self.region_recordings[handle][0].append((start, end))

    def _record_rgn_frame(self, rect: Rect, mask: np.ndarray | None = None) -> None:
        """FrameRect's, FrameOval's or FrameRRect's part while a region is open: the
        shape (the rect, or `mask` over it) joins the recording."""
        if self.region_recordings and not empty_rect(rect):
            self._record_rgn_shape(rgndata.rect_shape(rect) if mask is None else
                                   rgndata.from_mask(rect[0], rect[1], mask))

    def _record_rgn_shape(self, shape: Shape) -> None:
        """A frame call's part while a region is open: its shape joins by XOR."""
        if not self.region_recordings:
            return
        handle = self._rgn_recording() if self.port else 0
        if handle in self.region_recordings:
            lines, shapes = self.region_recordings[handle]
            self.region_recordings[handle] = (lines, rgndata.combine(shapes, shape,
                                                                     rgndata.XOR))

    def CloseRgn(self, dst: int) -> None:
        """CloseRgn(rgnHandle) $6E04: the region recorded since OpenRgn goes to dst."""
        handle = self._rgn_recording()
        recording = self.region_recordings.pop(handle, None)
        lines, shape = recording if recording is not None else ([], rgndata.EMPTY)
        inside = edges_interior(lines)
        if inside is not None:
            box, mask = inside
            shape = rgndata.combine(shape, rgndata.from_mask(box[0], box[1], mask),
                                    rgndata.XOR)
        self.set_region_shape(dst, shape)
        write_long(self.tb.mem, self._require_port() + PORT_RGN_SAVE, 0)
        if recording is not None:               # OpenRgn's handle and hidden pen
            self.DisposeRgn(handle)
            self.ShowPen()

    def GetRgnSave(self) -> int:
        """GetRgnSave() $4104 -> the port's rgnSave (the region being recorded)."""
        return read_long(self.tb.mem, self._require_port() + PORT_RGN_SAVE)

    def SetRgnSave(self, value: int) -> None:
        """SetRgnSave(rgnSaveValue) $4004: 0 pauses recording; the saved value resumes."""
        write_long(self.tb.mem, self._require_port() + PORT_RGN_SAVE, value)

    # ---- arithmetic ------------------------------------------------------------------
    def OffsetRgn(self, handle: int, dh: int, dv: int) -> None:
        """OffsetRgn(rgnHandle, dH, dV) $6F04."""
        self.set_region_shape(handle, rgndata.offset(self.region_shape(handle), dh, dv))

    def InsetRgn(self, handle: int, dh: int, dv: int) -> None:
        """InsetRgn(rgnHandle, dH, dV) $7004: shrunk (grown when negative) on every side."""
        self.set_region_shape(handle, rgndata.inset(self.region_shape(handle), dh, dv))

    def _combine(self, a: int, b: int, dst: int, op) -> None:
        self.set_region_shape(dst, rgndata.combine(self.region_shape(a),
                                                   self.region_shape(b), op))

    def SectRgn(self, a: int, b: int, dst: int) -> None:
        """SectRgn(rgn1Handle, rgn2Handle, destRgnHandle) $7104."""
        self._combine(a, b, dst, rgndata.SECT)

    def UnionRgn(self, a: int, b: int, dst: int) -> None:
        """UnionRgn(rgn1Handle, rgn2Handle, unionRgnHandle) $7204."""
        self._combine(a, b, dst, rgndata.UNION)

    def DiffRgn(self, a: int, b: int, dst: int) -> None:
        """DiffRgn(rgn1Handle, rgn2Handle, destRgnHandle) $7304: in the first, not the
        second."""
        self._combine(a, b, dst, rgndata.DIFF)

    def XorRgn(self, a: int, b: int, dst: int) -> None:
        """XorRgn(rgn1Handle, rgn2Handle, destRgnHandle) $7404."""
        self._combine(a, b, dst, rgndata.XOR)

    def PtInRgn(self, pt: Point, handle: int) -> bool:
        """PtInRgn(pointPtr, rgnHandle) $7504: the pixel below-right of the point is in."""
        return rgndata.pt_in(self.region_shape(handle), pt[0], pt[1])

    def RectInRgn(self, rect: Rect, handle: int) -> bool:
        """RectInRgn(rectPtr, rgnHandle) $7604: some pixel of the rectangle is in."""
        return rgndata.rect_in(self.region_shape(handle), rect)

    def EqualRgn(self, a: int, b: int) -> bool:
        """EqualRgn(rgn1Handle, rgn2Handle) $7704: the same pixels."""
        return self.region_shape(a) == self.region_shape(b)

    def EmptyRgn(self, handle: int) -> bool:
        """EmptyRgn(rgnHandle) $7804."""
        return not self.region_shape(handle)

    def MapRgn(self, handle: int, src: Rect, dst: Rect) -> None:
        """MapRgn(mapRgnHandle, srcRectPtr, destRectPtr) $8C04: as MapPt maps points."""
        self.set_region_shape(handle, rgndata.map_shape(self.region_shape(handle), src,
                                                        dst, map_point))

    # ---- drawing ---------------------------------------------------------------------
    def _region_pixels(self, handle: int) -> tuple[Rect, np.ndarray] | None:
        """The region as (box, mask), the box cut to the port's clip (a wide-open
        region is not made into a mask of 32K x 32K pixels)."""
        shape = self.region_shape(handle)
        ok, box = sect_rect(rgndata.bbox(shape), self._state().clip)
        if not ok:
            return None
        return box, rgndata.to_mask(shape, box)

    def FrameRgn(self, handle: int) -> None:
        """FrameRgn(rgnHandle) $7904: the region minus the region inset by the pen size,
        in the pen's pattern and mode."""
        shape = self.region_shape(handle)
        self._record_rgn_shape(shape)
        if not self._pen_visible():
            return
        pw, ph = self.GetPenSize()
        rim = rgndata.combine(shape, rgndata.inset(shape, pw, ph), rgndata.DIFF)
        ok, box = sect_rect(rgndata.bbox(rim), self._state().clip)
        if ok:
            self._paint_with_pen(box, rgndata.to_mask(rim, box))

    def PaintRgn(self, handle: int) -> None:
        """PaintRgn(rgnHandle) $7A04: the pen's pattern and mode."""
        if self._pen_visible() and (px := self._region_pixels(handle)) is not None:
            self._paint_with_pen(*px)

    def EraseRgn(self, handle: int) -> None:
        """EraseRgn(rgnHandle) $7B04: the background pattern."""
        if (px := self._region_pixels(handle)) is not None:
            self._erase(*px)

    def InvertRgn(self, handle: int) -> None:
        """InvertRgn(rgnHandle) $7C04."""
        if (px := self._region_pixels(handle)) is not None:
            self._invert(*px)

    def FillRgn(self, handle: int, pattern: bytes) -> None:
        """FillRgn(rgnHandle, patternPtr) $7D04: the pattern, copy mode."""
        if (px := self._region_pixels(handle)) is not None:
            self._fill(px[0], pattern, px[1])
