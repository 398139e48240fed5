"""QuickDraw II's drawing: the one path every shape takes into a pixel image (clipping,
patterns, transfer modes), rectangles, round rectangles, ovals and pixel copies.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (Frame/Paint/Erase/Invert/Fill
calls; PPToPort, PaintPixels, GetPixel) and Technical Note #6 (patterns aligned to the
pixel image).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from toolbox.quickdraw import rgndata
from toolbox.quickdraw.geometry import empty_rect, offset_rect, pt_in_rect, sect_rect, _size
from toolbox.quickdraw.pixels import (byte_masks, oval_mask, pack_pixels, pattern_pixels,
                                      _PixelImage, rrect_mask, solid_pixel, transfer,
                                      unpack_pixels, wedge_mask)
from toolbox.quickdraw.ports import _PortState
from toolbox.quickdraw.rgndata import Shape
from toolbox.quickdraw.records import (MODE_COPY, MODE_FORE_COPY, MODE_NOT, MODE_OR,
                                       MODE_XOR, Point, Rect, SCB_640, SOLID_BLACK)


class DrawingMixin:
    """QuickDraw's drawing machinery and its rectangle, round-rectangle, oval and pixel calls."""

    # ---- drawing machinery ---------------------------------------------------------------
    def _draw(self, st: _PortState, rect: Rect, mode: int, *, pattern: bytes | None = None,
              src: np.ndarray | None = None, shape: np.ndarray | None = None,
              ink: np.ndarray | None = None, invert: bool = False) -> None:
        """Change the pixels of `rect` (local) inside the clip.

        The source is a pattern (tiled, aligned to the pixel image) or `src`, an array
        of pixel values over `rect`; `shape` (bool over rect) limits the pixels touched;
        `ink` marks the foreground pixels for the fore modes (else: source != bgColor);
        `invert` flips every bit of the pixels instead."""
        ok, box = sect_rect(rect, st.clip)
        if not ok:
            return
        if st.shape is not None:               # a clip or visible region not a rect
            cut = rgndata.to_mask(st.shape, box)
            if not cut.any():
                return
            if not cut.all():
                rows = slice(box[0] - rect[0], box[2] - rect[0])
                cols = slice(box[1] - rect[1], box[3] - rect[1])
                shape = cut if shape is None else shape[rows, cols] & cut
                src = None if src is None else src[rows, cols]
                ink = None if ink is None else ink[rows, cols]
                rect = box
        if shape is None and src is None and not mode & MODE_FORE_COPY:
            self._draw_packed(st, box, mode, pattern, invert)
            return
        ppb = 4 if st.mode640 else 2
        b = st.bounds
        r0, r1 = box[0] - b[0], box[2] - b[0]
        c0, c1 = box[1] - b[1], box[3] - b[1]
        b0, b1 = c0 // ppb, -(-c1 // ppb)
        self.bytes_drawn += (r1 - r0) * (b1 - b0)
        raw = st.image.view(r0, r1, b0, b1)
        in_place = raw is not None
        if not in_place:
            raw = st.image.get(r0, r1, b0, b1)
        px = unpack_pixels(raw, st.mode640)
        off = c0 - b0 * ppb
        dst = px[:, off:off + (c1 - c0)]
        sy, sx = box[0] - rect[0], box[1] - rect[1]
        hh, ww = r1 - r0, c1 - c0
        if invert:
            new = dst ^ st.full
            source = None
        else:
            if src is not None:
                source = src[sy:sy + hh, sx:sx + ww]
            else:
                source = solid_pixel(pattern or SOLID_BLACK, st.mode640, st.wide)
                if source is None:
                    pat = pattern_pixels(pattern or SOLID_BLACK, st.mode640, st.wide)
                    source = pat[(np.arange(r0, r1) % 8)[:, None],
                                 np.arange(c0, c1) % pat.shape[1]]
            new = transfer(dst, source, mode, st.full)
        touch = None if shape is None else shape[sy:sy + hh, sx:sx + ww]
        if not invert and mode & MODE_FORE_COPY:
            fore = (source != st.bg) if ink is None else ink[sy:sy + hh, sx:sx + ww]
            touch = fore if touch is None else (touch & fore)
        if touch is None:
            dst[...] = new
        else:
            np.copyto(dst, new, where=touch)
        packed = pack_pixels(px, st.mode640)
        if in_place:
            raw[...] = packed
        else:
            st.image.put(r0, b0, packed)

    def _draw_packed(self, st: _PortState, box: Rect, mode: int, pattern: bytes | None,
                     invert: bool) -> None:
        """_draw for a whole rectangle and a pattern, on packed bytes: copy, OR, XOR and
        BIC of pixel values are the same operations on their bits, and an 8-pixel
        pattern row is a whole number of bytes that tiles the row byte by byte. The
        bytes are changed in place in memory; a solid pattern is one byte."""
        ppb, bits = (4, 2) if st.mode640 else (2, 4)
        b = st.bounds
        r0, r1 = box[0] - b[0], box[2] - b[0]
        c0, c1 = box[1] - b[1], box[3] - b[1]
        b0, b1 = c0 // ppb, -(-c1 // ppb)
        self.bytes_drawn += (r1 - r0) * (b1 - b0)
        # which bits of each byte lie inside the rectangle (edge bytes are partial)
        mask, outside = byte_masks(b1 - b0, 0xFF >> ((c0 - b0 * ppb) * bits),
                                   (0xFF << ((b1 * ppb - c1) * bits)) & 0xFF)
        raw = st.image.view(r0, r1, b0, b1)
        in_place = raw is not None
        if not in_place:
            raw = np.array(st.image.get(r0, r1, b0, b1))
        if invert:
            raw ^= mask
        else:
            row_bytes = 4 if st.wide else 8 // ppb
            tile = bytes(pattern or SOLID_BLACK)[:8 * row_bytes]
            if tile.count(tile[0]) == len(tile):
                source = mask & (tile[0] ^ 0xFF if mode & MODE_NOT else tile[0])
            else:
                pat = np.frombuffer(tile, dtype=np.uint8).reshape(8, row_bytes)
                source = pat[(np.arange(r0, r1) % 8)[:, None], np.arange(b0, b1) % row_bytes]
                if mode & MODE_NOT:
                    source = ~source
                source &= mask
            op = mode & 3
            if op == MODE_COPY:
                raw &= outside
                raw |= source
            elif op == MODE_OR:
                raw |= source
            elif op == MODE_XOR:
                raw ^= source
            else:
                raw &= ~source
        if not in_place:
            st.image.put(r0, b0, raw)

    def _paint_with_pen(self, rect: Rect, shape: np.ndarray | None = None) -> None:
        st = self._state()
        if st.pen_visible:
            self._draw(st, rect, st.pen_mode, pattern=st.pen_pat, shape=shape)

    def _erase(self, rect: Rect, shape: np.ndarray | None = None) -> None:
        st = self._state()
        self._draw(st, rect, MODE_COPY, pattern=st.bk_pat, shape=shape)

    def _invert(self, rect: Rect, shape: np.ndarray | None = None) -> None:
        self._draw(self._state(), rect, MODE_COPY, shape=shape, invert=True)

    def _fill(self, rect: Rect, pattern: bytes, shape: np.ndarray | None = None) -> None:
        self._draw(self._state(), rect, MODE_COPY, pattern=bytes(pattern), shape=shape)

    def _frame_shape(self, rect: Rect, inner: Any) -> np.ndarray | None:
        """The outline of a shape: its mask minus the mask of it inset by the pen size;
        `inner(height, width)` builds the shape's mask for a box."""
        pw, ph = self.GetPenSize()
        height, width = rect[2] - rect[0], rect[3] - rect[1]
        outer = inner(height, width)
        if 2 * pw >= width or 2 * ph >= height:
            return outer
        mask = outer.copy()
        mask[ph:height - ph, pw:width - pw] &= ~inner(height - 2 * ph, width - 2 * pw)
        return mask

    # ---- rectangles -------------------------------------------------------------------------
    def FrameRect(self, rect: Rect) -> None:
        """FrameRect(rectPtr) $5304: the outline, pen-size thick, inside the rect."""
        self._record_rgn_frame(rect)
        if empty_rect(rect) or not self._pen_visible():
            return
        pw, ph = self.GetPenSize()
        top, left, bottom, right = rect
        if 2 * pw >= right - left or 2 * ph >= bottom - top:
            self._paint_with_pen(rect)
            return
        # four bands that do not overlap, so XOR frames corners once
        for band in ((top, left, top + ph, right), (bottom - ph, left, bottom, right),
                     (top + ph, left, bottom - ph, left + pw),
                     (top + ph, right - pw, bottom - ph, right)):
            self._paint_with_pen(band)

    def PaintRect(self, rect: Rect) -> None:
        """PaintRect(rectPtr) $5404: pen pattern, pen mode."""
        if not empty_rect(rect):
            self._paint_with_pen(rect)

    def PaintMasked(self, rect: Rect, mask: np.ndarray) -> None:
        """The pen (pattern, mode) on the pixels of `rect` where `mask` (bool,
        rect-sized) is set: what a PaintRect of each such pixel would do, in one pass
        (the toolbox's own ghosting of inactive controls; not a tool call)."""
        if not empty_rect(rect) and self._pen_visible():
            self._paint_with_pen(rect, shape=mask)

    def EraseRect(self, rect: Rect) -> None:
        """EraseRect(rectPtr) $5504: background pattern, copy mode."""
        if not empty_rect(rect):
            self._erase(rect)

    def InvertRect(self, rect: Rect) -> None:
        """InvertRect(rectPtr) $5604: every bit of every pixel flipped."""
        if not empty_rect(rect):
            self._invert(rect)

    def FillRect(self, rect: Rect, pattern: bytes) -> None:
        """FillRect(rectPtr, patternPtr) $5704: the pattern, copy mode."""
        if not empty_rect(rect):
            self._fill(rect, pattern)

    # ---- round rectangles ---------------------------------------------------------------------
    def _rr(self, ow: int, oh: int):
        return lambda h, w: rrect_mask(h, w, ow, oh)

    def FrameRRect(self, rect: Rect, oval_w: int, oval_h: int) -> None:
        """FrameRRect(rectPtr, ovalWidth, ovalHeight) $5D04."""
        if self.region_recordings and not empty_rect(rect):
            self._record_rgn_frame(rect, rrect_mask(*_size(rect), oval_w, oval_h))
        if empty_rect(rect) or not self._pen_visible():
            return
        pw, ph = self.GetPenSize()
        height, width = rect[2] - rect[0], rect[3] - rect[1]
        outer = rrect_mask(height, width, oval_w, oval_h)
        mask = outer
        if 2 * pw < width and 2 * ph < height:
            mask = outer.copy()
            mask[ph:height - ph, pw:width - pw] &= ~rrect_mask(
                height - 2 * ph, width - 2 * pw, oval_w - 2 * pw, oval_h - 2 * ph)
        self._paint_with_pen(rect, mask)

    def PaintRRect(self, rect: Rect, oval_w: int, oval_h: int) -> None:
        """PaintRRect(rectPtr, ovalWidth, ovalHeight) $5E04."""
        if not empty_rect(rect) and self._pen_visible():
            self._paint_with_pen(rect, self._rr(oval_w, oval_h)(*_size(rect)))

    def EraseRRect(self, rect: Rect, oval_w: int, oval_h: int) -> None:
        """EraseRRect(rectPtr, ovalWidth, ovalHeight) $5F04."""
        if not empty_rect(rect):
            self._erase(rect, self._rr(oval_w, oval_h)(*_size(rect)))

    def InvertRRect(self, rect: Rect, oval_w: int, oval_h: int) -> None:
        """InvertRRect(rectPtr, ovalWidth, ovalHeight) $6004."""
        if not empty_rect(rect):
            self._invert(rect, self._rr(oval_w, oval_h)(*_size(rect)))

    def FillRRect(self, rect: Rect, oval_w: int, oval_h: int, pattern: bytes) -> None:
        """FillRRect(rectPtr, ovalWidth, ovalHeight, patternPtr) $6104."""
        if not empty_rect(rect):
            self._fill(rect, pattern, self._rr(oval_w, oval_h)(*_size(rect)))

    # ---- ovals -------------------------------------------------------------------------------
    def FrameOval(self, rect: Rect) -> None:
        """FrameOval(rectPtr) $5804."""
        if self.region_recordings and not empty_rect(rect):
            self._record_rgn_frame(rect, oval_mask(*_size(rect)))
        if not empty_rect(rect) and self._pen_visible():
            self._paint_with_pen(rect, self._frame_shape(rect, oval_mask))

    def PaintOval(self, rect: Rect) -> None:
        """PaintOval(rectPtr) $5904."""
        if not empty_rect(rect) and self._pen_visible():
            self._paint_with_pen(rect, oval_mask(*_size(rect)))

    def EraseOval(self, rect: Rect) -> None:
        """EraseOval(rectPtr) $5A04."""
        if not empty_rect(rect):
            self._erase(rect, oval_mask(*_size(rect)))

    def InvertOval(self, rect: Rect) -> None:
        """InvertOval(rectPtr) $5B04."""
        if not empty_rect(rect):
            self._invert(rect, oval_mask(*_size(rect)))

    def FillOval(self, rect: Rect, pattern: bytes) -> None:
        """FillOval(rectPtr, patternPtr) $5C04."""
        if not empty_rect(rect):
            self._fill(rect, pattern, oval_mask(*_size(rect)))

    # ---- arcs (Toolbox Reference vol. 2, ch. 16: the oval's wedge) ----------------------------
    def _wedge(self, rect: Rect, start: int, arc: int, oval: np.ndarray) -> np.ndarray:
        return oval & wedge_mask(*_size(rect), start, arc)

    def FrameArc(self, rect: Rect, start: int, arc: int) -> None:
        """FrameArc(rectPtr, startAngle, arcAngle) $6204: the part of FrameOval's rim
        inside the wedge (no radii)."""
        if not empty_rect(rect) and self._pen_visible():
            self._paint_with_pen(rect, self._wedge(rect, start, arc,
                                                   self._frame_shape(rect, oval_mask)))

    def PaintArc(self, rect: Rect, start: int, arc: int) -> None:
        """PaintArc(rectPtr, startAngle, arcAngle) $6304: the wedge of the oval."""
        if not empty_rect(rect) and self._pen_visible():
            self._paint_with_pen(rect, self._wedge(rect, start, arc, oval_mask(*_size(rect))))

    def EraseArc(self, rect: Rect, start: int, arc: int) -> None:
        """EraseArc(rectPtr, startAngle, arcAngle) $6404."""
        if not empty_rect(rect):
            self._erase(rect, self._wedge(rect, start, arc, oval_mask(*_size(rect))))

    def InvertArc(self, rect: Rect, start: int, arc: int) -> None:
        """InvertArc(rectPtr, startAngle, arcAngle) $6504."""
        if not empty_rect(rect):
            self._invert(rect, self._wedge(rect, start, arc, oval_mask(*_size(rect))))

    def FillArc(self, rect: Rect, start: int, arc: int, pattern: bytes) -> None:
        """FillArc(rectPtr, startAngle, arcAngle, patternPtr) $6604."""
        if not empty_rect(rect):
            self._fill(rect, pattern, self._wedge(rect, start, arc, oval_mask(*_size(rect))))

    # ---- scrolling --------------------------------------------------------------------------
    def ScrollRect(self, rect: Rect, dh: int, dv: int) -> Shape:
        """ScrollRect(rectPtr, dH, dV, updateRgnHandle) $7E04: the pixels of the rect
        (inside the port's clip) move by (dh, dv), staying inside it; what they leave
        is erased with the background pattern and returned (the update region)."""
        st = self._state()
        area = rgndata.rect_shape(sect_rect(rect, st.clip)[1])
        if st.shape is not None:
            area = rgndata.combine(area, st.shape, rgndata.SECT)
        if not area:
            return rgndata.EMPTY
        moved = rgndata.combine(rgndata.offset(area, dh, dv), area, rgndata.SECT)
        box = rgndata.bbox(moved)
        if moved:
            src_box = offset_rect(box, -dh, -dv)
            pixels = self._port_pixels(st, src_box)
            self._draw(st, box, MODE_COPY, src=pixels, shape=rgndata.to_mask(moved, box))
        update = rgndata.combine(area, moved, rgndata.DIFF)
        if update:
            ubox = rgndata.bbox(update)
            self._erase(ubox, rgndata.to_mask(update, ubox))
        return update

    def _port_pixels(self, st: _PortState, rect: Rect) -> np.ndarray:
        """The pixel values of a rect of the port's image (local, inside boundsRect)."""
        ppb = 4 if st.mode640 else 2
        b = st.bounds
        c0, c1 = rect[1] - b[1], rect[3] - b[1]
        b0, b1 = c0 // ppb, -(-c1 // ppb)
        px = unpack_pixels(st.image.get(rect[0] - b[0], rect[2] - b[0], b0, b1), st.mode640)
        return px[:, c0 - b0 * ppb:c1 - b0 * ppb].copy()

    # ---- pixels -------------------------------------------------------------------------------
    def GetPixel(self, h: int, v: int) -> int:
        """GetPixel(h, v) $8804 -> the pixel value at a local point (0 outside the image)."""
        st = self._state()
        b = st.bounds
        if not pt_in_rect((v, h), b):
            return 0
        ppb = 4 if st.mode640 else 2
        col = h - b[1]
        raw = st.image.get(v - b[0], v - b[0] + 1, col // ppb, col // ppb + 1)
        return int(unpack_pixels(raw, st.mode640)[0, col % ppb])

    def loc_pixels(self, loc: tuple[int, int, int, Rect],
                   rect: Rect) -> tuple[Rect, np.ndarray] | None:
        """The pixel values of `rect` (local) of a LocInfo, clipped to its boundsRect:
        (the clipped rect, its values), or None when none of it is inside."""
        scb, ptr, width, bounds = loc
        ok, r = sect_rect(rect, bounds)
        if not ok:
            return None
        mode640 = bool(scb & SCB_640)
        ppb = 4 if mode640 else 2
        c0, c1 = r[1] - bounds[1], r[3] - bounds[1]
        b0, b1 = c0 // ppb, -(-c1 // ppb)
        image = _PixelImage(self, ptr & 0xFFFFFF, width)
        px = unpack_pixels(image.get(r[0] - bounds[0], r[2] - bounds[0], b0, b1), mode640)
        return r, px[:, c0 - b0 * ppb:c1 - b0 * ppb]

    def _copy_pixels(self, st: _PortState, src_loc: tuple[int, int, int, Rect],
                     src_rect: Rect, dest_h: int, dest_v: int, mode: int) -> None:
        """Copy src_rect of a LocInfo into `st` with its top-left at (dest_h, dest_v)."""
        found = self.loc_pixels(src_loc, src_rect)
        if found is None:
            return
        r, src = found
        dv, dh = dest_v + (r[0] - src_rect[0]), dest_h + (r[1] - src_rect[1])
        self._draw(st, (dv, dh, dv + src.shape[0], dh + src.shape[1]), mode, src=src)

    def PPToPort(self, src_loc: tuple[int, int, int, Rect], src_rect: Rect,
                 dest_h: int, dest_v: int, mode: int) -> None:
        """PPToPort(srcLocPtr, srcRectPtr, destX, destY, transferMode) $D604: copy the
        pixels of src_rect of a LocInfo (portSCB, ptr, width, boundsRect) into the
        current port (clipped as drawing is) with its top-left at (dest_h, dest_v)."""
        self._copy_pixels(self._state(), src_loc, src_rect, dest_h, dest_v, mode)

    def PaintPixels(self, src_loc: tuple[int, int, int, Rect],
                    dest_loc: tuple[int, int, int, Rect], src_rect: Rect,
                    dest_pt: Point, mode: int) -> None:
        """PaintPixels(paintParamPtr) $7F04: copy between any two pixel images, clipped
        to the destination's boundsRect (the mask region is not used)."""
        self._copy_pixels(_PortState.of_loc(self, dest_loc), src_loc, src_rect,
                          dest_pt[1], dest_pt[0], mode)
