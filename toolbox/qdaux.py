"""QuickDraw II Auxiliary (tool set $12): the watch and I-beam cursors, icons, copying
pixels between pixel images, framed rectangles, and the paint bucket's fill and mask.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 17 "QuickDraw II Auxiliary" and
vol. 3 (System 5/6 additions: SpecialRect, IBeamCursor), with the call numbers and
record layouts of ORCA/C's qdaux.h. Everything draws through QuickDraw II's own
drawing path (`QuickDraw._draw`), so the port's clipping (portRect, clipRgn, visRgn,
boundsRect) applies as it does to any QuickDraw call.

WaitCursor / IBeamCursor  make the watch or the I-beam the cursor (toolbox/cursor.py
    draws both). The record is written into QuickDraw II's direct page (DP_AUX_CURSOR,
    after the arrow's), so GetCursorAdr answers an address holding a real Cursor record,
    as after SetCursor; InitCursor brings the arrow back.

DrawIcon(iconPtr, displayMode, xPos, yPos)  draws an icon record (QDIconRecord):

    +0 iconType:W    bit 15 set: a colour icon; clear: black and white
    +2 iconSize:W    bytes of the image (and of the mask that follows it)
    +4 iconHeight:W  rows
    +6 iconWidth:W   pixels; each row is 1 + (iconWidth - 1) / 2 bytes
    +8 iconImage     iconSize bytes, 4 bits a pixel, left pixel in the high nibble
       iconMask      iconSize bytes, the same layout

  with its top-left corner at (xPos, yPos) in the current port's local coordinates.
  The icon's 4-bit pixels are the pixel values of a 320-mode port; in a 640-mode port
  each 4-bit pixel is two 2-bit pixels (the bytes are the screen's bytes, so an icon
  keeps its size on the screen). Where a bit of the mask is 1 the image's bit is drawn,
  where it is 0 the port's bit stays: dest = (dest AND NOT mask) OR (image AND mask),
  done as QuickDraw's BIC then OR transfers. displayMode:

    bit 0   selected: the image is inverted before it is drawn
    bit 1   open: a light-gray pattern is drawn instead of the image
    bit 2   off-line: the image is ANDed with a light-gray pattern
    bits 8-11   for a black-and-white icon, applied to its white ($F) pixels
    bits 12-15  for a black-and-white icon, applied to its black ($0) pixels

  The colours are applied with XOR, so displayMode 0 draws the icon as it is stored
  (this toolbox's reading of "apply"). The light-gray pattern is a checkerboard of
  $F and $0 pixels.

CopyPixels(srcLocPtr, destLocPtr, srcRectPtr, destRectPtr, xferMode, maskRgn)  copies
  srcRect of one pixel image (a LocInfo) into destRect of another with a QuickDraw
  transfer mode, clipped to the destination's boundsRect and to maskRgn (local to the
  destination; 0 = none). The two rectangles must be the same size: CopyPixels does
  not scale, and answers badRectSize ($1211) when they differ.

SpecialRect(rectPtr, frameColor, fillColor)  fills the rectangle with fillColor and
  frames it, pen-size thick, with frameColor, in copy mode.

SeedFill(srcLocPtr, srcRect, destLocPtr, destRect, seedH, seedV, resMode, patternPtr,
         leakTblPtr)  pours paint at (seedH, seedV), a point of srcRect in the source's
  local coordinates, like the paint bucket: the fill spreads up, down, left and right
  (not diagonally) through the pixels of the seed's value, and through those of the
  values the leak table lists, without leaving srcRect or the source's boundsRect.
  The pixels it reached form the mask (1 where the fill reached); the pattern is drawn
  through that mask into destRect of the destination (source and destination may be
  the same LocInfo, as a paint program passes them). The leak table is a count word
  and that many pixel-value words; leakTblPtr 0 is no table:

    +0 count:W       +2 value:W ...   (4-bit values in 320 mode, 2-bit in 640 mode)

CalcMask(srcLocPtr, srcRect, destLocPtr, destRect, resMode, patternPtr, leakTblPtr)
  is the lasso's mask: paint poured in from all around srcRect spreads through the
  "open" pixels (those of the leak table's values, or with no table those of the
  value of srcRect's top-left pixel); the mask is 1 on every pixel the paint does not
  reach (the shapes, with what they enclose), and the pattern is drawn through it.

  For both: 4-bit pixels in a 320-mode LocInfo, 2-bit in a 640-mode one (the SCB of
  each LocInfo decides); the two rectangles must be the same size (badRectSize
  otherwise); the pattern is read in the destination's mode, aligned to its pixel
  image, and patternPtr 0 is the solid pattern of all-ones pixels ($F, or 3 in 640
  mode), so the destination shows the mask itself. Bits 0-1 of resMode are the
  transfer mode (copy, OR, XOR, BIC) with which the pattern is drawn; the other bits
  are not used by this toolbox. Only the pixels under the mask change, clipped to the
  destination's boundsRect.

PixelMap2Rgn(srcLocInfoPtr, bitsPerPix, colorsToInclude) -> rgnHandle  (System 6)
  makes a new region of the pixels of a LocInfo's image whose value v has bit v of
  colorsToInclude set, in the LocInfo's local coordinates (its boundsRect). The pixel
  size is bitsPerPix when it is 1, 2 or 4; otherwise the LocInfo's SCB says (2 bits in
  640 mode, 4 in 320 mode).

WhooshRect(flags, smallRect, bigRect)  (System 6) is the zooming outline animation
  between two rectangles: its outlines are drawn and undrawn in XOR, so the screen is
  as before when it returns; this toolbox draws no frames (there is no time between
  them to see) and leaves the screen unchanged, as the call does.

DrawStringWidth(flags, stringRef, width)  (System 6) draws a string at the pen, no
  wider than `width` pixels: flags bits 0-1 say what stringRef is (0 a pointer, 1 a
  handle; 2, a resource ID, is not supported here: the call answers resNotFound
  $1E06), bits 2-3 its kind (0 Pascal, 4 C, 8 a word-length string: dswPString,
  dswCString, dswWString), bits 13-14 the truncation (dswTruncLeft $2000,
  dswTruncCenter $4000, dswTruncRight $6000): characters are taken away at that end
  (or from the middle) and the ellipsis ($C9) put in their place until it fits; with
  no truncation the string is drawn whole. The pen advances by what was drawn. Text is
  never condensed here (dswNoCondense and dswCondense draw alike).

UseColorTable(tableNum, tablePtr, flags) -> colorInfoHandle  (System 6) installs the
  16 colours at tablePtr (the standard table of the master SCB's mode for tablePtr 0)
  as colour table tableNum and answers a handle holding the table number and the
  colours it replaced; RestoreColorTable(colorInfoHandle, flags) puts them back and
  disposes of the handle. The flags (ctUse640Colors, ctNoCtlNewRes,
  ctIncludeMenuBar) are not used here.

GetSysIcon(flags, value, auxValue) -> iconPtr  (System 6) answers one of the system's
  icons (`toolbox.sysicons`), a QDIconRecord DrawIcon draws: flags bits 0-1 say which
  kind (getFileIcon 0: value the file type, auxValue its auxiliary type; getDeviceIcon
  1: value the device ID; getMiscIcon 2: value desktop, padlock, up arrow, down arrow or
  boxed down arrow, 0-4); fUseOpenFolders ($0004) gives a directory the open folder.
  Kind 3 or a misc value past 4 answers badGetSysIconInput ($1230). Each icon is made
  once, in a locked block the caller must not dispose of. The pictures are this
  toolbox's own (docs/compatibility.md).
"""
from __future__ import annotations

import numpy as np

from iigs.memory import read_bytes, read_cstring, read_pstring, read_word, write_bytes
from toolbox import cursor as cursors
from toolbox import sysicons
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, s16, tool
from toolbox.quickdraw import (MODE_BIC, MODE_COPY, MODE_OR, NOT_INIT_ERR, SCB_640,
                               _PortState, _read_loc, empty_rect, read_rect, sect_rect,
                               solid_pattern)
from toolbox.quickdraw import rgndata
from toolbox.toolbox import tool_state

TOOLSET = 0x12
QDAUX_VERSION = 0x0304
TRUE, FALSE = 0xFFFF, 0x0000

# Error codes (qdaux.h)
BAD_GET_SYS_ICON_INPUT = 0x1230  # badGetSysIconInput (qdaux.h)
BAD_RECT_SIZE = 0x1211          # badRectSize: CopyPixels' rectangles differ in size

# SeedFill / CalcMask
RES_XFER_MODE = 0x0003          # resMode bits 0-1: the transfer mode of the pattern
PATTERN_BYTES = 32              # a Pattern is always 32 bytes (TN #6)
OUTSIDE = -1                    # a pixel outside the source's boundsRect: a wall

# Where the watch or I-beam record goes in QuickDraw II's 3 direct pages (after the
# screen port at $100 and the arrow at $200; a record is at most $80 bytes).
DP_AUX_CURSOR = 0x280

# QDIconRecord (qdaux.h)
ICON_TYPE, ICON_SIZE, ICON_HEIGHT, ICON_WIDTH, ICON_IMAGE = 0, 2, 4, 6, 8
COLOR_ICON = 0x8000             # iconType bit 15

# DrawIcon's displayMode bits
SELECTED, OPEN, OFF_LINE = 0x0001, 0x0002, 0x0004
FORE_SHIFT, BACK_SHIFT = 8, 12
NIBBLE = 0xF


@tool_state("qdaux")
class QDAux:
    """QuickDraw II Auxiliary's state: started or not."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.sys_icons: dict[tuple[str, ...], int] = {}   # GetSysIcon's, by picture

    # ---- cursors ----------------------------------------------------------------------
    def show_cursor_shape(self, shape_for_mode) -> int:
        """Write the cursor of the screen's mode into QuickDraw's direct page and make it
        the cursor; the record's address."""
        qd = self.tb.qd
        if not qd.started:
            raise ToolError(NOT_INIT_ERR, "QuickDraw II is not started")
        shape = shape_for_mode(bool(qd.master_scb & SCB_640))
        addr = qd.dp + DP_AUX_CURSOR
        write_bytes(self.tb.mem, addr, cursors.cursor_record(shape))
        qd.SetCursor(addr)
        return addr

    # ---- icons ------------------------------------------------------------------------
    def icon_pixels(self, addr: int, mode: int) -> tuple[np.ndarray, np.ndarray]:
        """The icon at `addr` as (image, mask) arrays of 4-bit pixel values, with
        displayMode's changes made to the image."""
        mem = self.tb.mem
        kind = read_word(mem, addr + ICON_TYPE)
        size = read_word(mem, addr + ICON_SIZE)
        height = read_word(mem, addr + ICON_HEIGHT)
        width = read_word(mem, addr + ICON_WIDTH)
        row_bytes = 1 + (width - 1) // 2 if width else 0
        if not height or not width or height * row_bytes > size:
            empty = np.zeros((0, 0), dtype=np.uint8)
            return empty, empty
        image = _nibbles(read_bytes(mem, addr + ICON_IMAGE, height * row_bytes), height,
                         width)
        mask = _nibbles(read_bytes(mem, addr + ICON_IMAGE + size, height * row_bytes),
                        height, width)
        if not kind & COLOR_ICON:
            back, fore = (mode >> BACK_SHIFT) & NIBBLE, (mode >> FORE_SHIFT) & NIBBLE
            image = np.where(image == 0, image ^ back,
                             np.where(image == NIBBLE, image ^ fore, image))
        gray = _light_gray(height, width)
        if mode & SELECTED:
            image = image ^ NIBBLE
        if mode & OPEN:
            image = gray
        if mode & OFF_LINE:
            image = image & gray
        return image.astype(np.uint8), mask

    def DrawIcon(self, addr: int, mode: int, h: int, v: int) -> None:
        """DrawIcon(iconPtr, displayMode, xPos, yPos) $0B12."""
        image, mask = self.icon_pixels(addr, mode)
        if not image.size:
            return
        qd = self.tb.qd
        st = qd._state()
        if st.mode640:                      # each 4-bit pixel is two 2-bit pixels
            image, mask = _split_640(image), _split_640(mask)
        rect = (v, h, v + image.shape[0], h + image.shape[1])
        qd._draw(st, rect, MODE_BIC, src=mask)                  # clear under the mask
        qd._draw(qd._state(), rect, MODE_OR, src=image & mask)  # then the image in it

    # ---- pixels and rectangles ----------------------------------------------------------
    def CopyPixels(self, src_loc, dest_loc, src_rect, dest_rect, mode: int,
                   mask_rgn: int) -> None:
        """CopyPixels(srcLocPtr, destLocPtr, srcRect, destRect, xferMode, maskRgn) $0912."""
        _same_size(src_rect, dest_rect)                 # CopyPixels does not scale
        qd = self.tb.qd
        st = _PortState.of_loc(qd, dest_loc)
        clip = sect_rect(st.clip, dest_rect)[1]
        if mask_rgn:
            region = qd.region_rect(mask_rgn & 0xFFFFFF)
            if region is not None:
                clip = sect_rect(clip, region)[1]
            if not qd.region_is_rect(mask_rgn):
                st.shape = qd.region_shape(mask_rgn)
        st.clip = clip
        if not empty_rect(clip):
            qd._copy_pixels(st, src_loc, src_rect, dest_rect[1], dest_rect[0], mode)

    def SeedFill(self, src_loc, src_rect, dest_loc, dest_rect, seed_h: int, seed_v: int,
                 res_mode: int, pattern_ptr: int, leak_ptr: int) -> None:
        """SeedFill(srcLocPtr, srcRect, destLocPtr, destRect, seedH, seedV, resMode,
        patternPtr, leakTblPtr) $0D12."""
        _same_size(src_rect, dest_rect)
        px = self._loc_pixels(src_loc, src_rect)
        row, col = seed_v - src_rect[0], seed_h - src_rect[1]
        mask = np.zeros(px.shape, dtype=bool)
        if 0 <= row < px.shape[0] and 0 <= col < px.shape[1] and px[row, col] != OUTSIDE:
            open_px = np.isin(px, [px[row, col], *self._leak_values(leak_ptr)])
            mask = flood(open_px, [(row, col)])
        self._paint_mask(dest_loc, dest_rect, mask, res_mode, pattern_ptr)

    def CalcMask(self, src_loc, src_rect, dest_loc, dest_rect, res_mode: int,
                 pattern_ptr: int, leak_ptr: int) -> None:
        """CalcMask(srcLocPtr, srcRect, destLocPtr, destRect, resMode, patternPtr,
        leakTblPtr) $0E12."""
        _same_size(src_rect, dest_rect)
        px = self._loc_pixels(src_loc, src_rect)
        mask = np.zeros(px.shape, dtype=bool)
        if px.size:
            values = self._leak_values(leak_ptr) if leak_ptr else [px[0, 0]]
            open_px = np.isin(px, values) & (px != OUTSIDE)
            height, width = px.shape
            edge = [(r, c) for r in range(height) for c in (0, width - 1)] + \
                   [(r, c) for c in range(width) for r in (0, height - 1)]
            mask = ~flood(open_px, [(r, c) for r, c in edge if open_px[r, c]]) & \
                (px != OUTSIDE)
        self._paint_mask(dest_loc, dest_rect, mask, res_mode, pattern_ptr)

    def _loc_pixels(self, loc, rect) -> np.ndarray:
        """The pixel values of `rect` (local) of a LocInfo, OUTSIDE where the rectangle
        leaves the boundsRect."""
        height, wide = max(rect[2] - rect[0], 0), max(rect[3] - rect[1], 0)
        out = np.full((height, wide), OUTSIDE, dtype=np.int16)
        found = self.tb.qd.loc_pixels(loc, rect)
        if found is not None:
            r, px = found
            out[r[0] - rect[0]:r[2] - rect[0], r[1] - rect[1]:r[3] - rect[1]] = px
        return out

    def _leak_values(self, leak_ptr: int) -> list[int]:
        """The pixel values a leak table lists (none for leakTblPtr 0)."""
        if not leak_ptr:
            return []
        mem, addr = self.tb.mem, leak_ptr & 0xFFFFFF
        return [read_word(mem, addr + 2 + 2 * i) for i in range(read_word(mem, addr))]

    def _paint_mask(self, dest_loc, dest_rect, mask: np.ndarray, res_mode: int,
                    pattern_ptr: int) -> None:
        """Draw the pattern through `mask` (over dest_rect) into the destination."""
        if not mask.any():
            return
        qd = self.tb.qd
        st = _PortState.of_loc(qd, dest_loc)
        pattern = read_bytes(self.tb.mem, pattern_ptr & 0xFFFFFF, PATTERN_BYTES) \
            if pattern_ptr else solid_pattern(st.full, st.mode640)
        qd._draw(st, dest_rect, res_mode & RES_XFER_MODE, pattern=pattern, shape=mask)

    def SpecialRect(self, rect, frame_color: int, fill_color: int) -> None:
        """SpecialRect(rectPtr, frameColor, fillColor) $0C12."""
        if empty_rect(rect):
            return
        qd = self.tb.qd
        st = qd._state()
        qd._draw(st, rect, MODE_COPY, pattern=solid_pattern(fill_color, st.mode640))
        pw, ph = qd.GetPenSize()
        top, left, bottom, right = rect
        frame = solid_pattern(frame_color, st.mode640)
        for band in ((top, left, top + ph, right), (bottom - ph, left, bottom, right),
                     (top, left, bottom, left + pw), (top, right - pw, bottom, right)):
            if not empty_rect(band):
                qd._draw(st, band, MODE_COPY, pattern=frame)


def flood(open_px: np.ndarray, seeds: list[tuple[int, int]]) -> np.ndarray:
    """The pixels reached from `seeds` through the True pixels of `open_px`, moving up,
    down, left and right (a scanline fill: each run of a row is filled at once, and
    the rows above and below it are searched for runs to continue into)."""
    height, width = open_px.shape
    reached = np.zeros(open_px.shape, dtype=bool)
    stack = list(seeds)
    while stack:
        row, col = stack.pop()
        if reached[row, col] or not open_px[row, col]:
            continue
        left, right = col, col
        while left > 0 and open_px[row, left - 1] and not reached[row, left - 1]:
            left -= 1
        while right < width - 1 and open_px[row, right + 1] and not reached[row, right + 1]:
            right += 1
        reached[row, left:right + 1] = True
        for near in (row - 1, row + 1):
            if 0 <= near < height:
                todo = open_px[near, left:right + 1] & ~reached[near, left:right + 1]
                # one seed per run of open pixels in the neighbouring row
                starts = np.flatnonzero(todo & ~np.concatenate(([False], todo[:-1])))
                stack.extend((near, left + int(c)) for c in starts)
    return reached


def _same_size(src_rect, dest_rect) -> None:
    """badRectSize unless the two rectangles are the same size (nothing here scales)."""
    if (src_rect[2] - src_rect[0], src_rect[3] - src_rect[1]) != \
            (dest_rect[2] - dest_rect[0], dest_rect[3] - dest_rect[1]):
        raise ToolError(BAD_RECT_SIZE, "the source and destination rectangles differ")


def _nibbles(data: bytes, height: int, width: int) -> np.ndarray:
    """Rows of 4-bit pixels (high nibble first) -> a (height, width) array."""
    raw = np.frombuffer(data, dtype=np.uint8).reshape(height, -1)
    both = np.stack([raw >> 4, raw & NIBBLE], axis=2).reshape(height, -1)
    return both[:, :width]


def _split_640(px: np.ndarray) -> np.ndarray:
    """4-bit pixels -> two 2-bit pixels each (the same bits, read as 640-mode pixels)."""
    return np.stack([px >> 2, px & 3], axis=2).reshape(px.shape[0], -1)


def _light_gray(height: int, width: int) -> np.ndarray:
    """The light-gray pattern of DrawIcon's open and off-line modes: $F and $0 pixels
    in a checkerboard, $F at the icon's top-left corner."""
    rows, cols = np.indices((height, width))
    return np.where((rows + cols) % 2 == 0, NIBBLE, 0).astype(np.uint8)


def _aux(tb) -> QDAux:
    return tb.qdaux


# -- tool calls (Toolbox Reference vol. 2, ch. 17; numbers from qdaux.h) -------------------

register_housekeeping(TOOLSET, "QDAux", "qdaux", QDAUX_VERSION)


@tool(TOOLSET, 0x09, "LLLLWL")
def CopyPixels(tb, src_loc, dest_loc, src_rect, dest_rect, mode, mask_rgn) -> None:
    """CopyPixels(srcLocPtr:L, destLocPtr:L, srcRectPtr:L, destRectPtr:L, xferMode:W,
    maskRgn:L)"""
    mem = tb.mem
    _aux(tb).CopyPixels(_read_loc(mem, src_loc), _read_loc(mem, dest_loc),
                        read_rect(mem, src_rect), read_rect(mem, dest_rect), mode, mask_rgn)


@tool(TOOLSET, 0x0A)
def WaitCursor(tb) -> None:
    """WaitCursor(): the watch."""
    _aux(tb).show_cursor_shape(cursors.watch)


@tool(TOOLSET, 0x0B, "LWWW")
def DrawIcon(tb, icon_ptr, mode, h, v) -> None:
    """DrawIcon(iconPtr:L, displayMode:W, xPos:W, yPos:W)"""
    _aux(tb).DrawIcon(icon_ptr & 0xFFFFFF, mode, s16(h), s16(v))


@tool(TOOLSET, 0x0C, "LWW")
def SpecialRect(tb, rect_ptr, frame_color, fill_color) -> None:
    """SpecialRect(rectPtr:L, frameColor:W, fillColor:W)"""
    _aux(tb).SpecialRect(read_rect(tb.mem, rect_ptr), frame_color, fill_color)


@tool(TOOLSET, 0x0D, "LLLLWWWLL")
def SeedFill(tb, src_loc, src_rect, dest_loc, dest_rect, seed_h, seed_v, res_mode,
             pattern_ptr, leak_ptr) -> None:
    """SeedFill(srcLocInfoPtr:L, srcRect:L, destLocInfoPtr:L, destRect:L, seedH:W,
    seedV:W, resMode:W, patternPtr:L, leakTblPtr:L)"""
    mem = tb.mem
    _aux(tb).SeedFill(_read_loc(mem, src_loc), read_rect(mem, src_rect),
                      _read_loc(mem, dest_loc), read_rect(mem, dest_rect), s16(seed_h),
                      s16(seed_v), res_mode, pattern_ptr, leak_ptr)


@tool(TOOLSET, 0x0E, "LLLLWLL")
def CalcMask(tb, src_loc, src_rect, dest_loc, dest_rect, res_mode, pattern_ptr,
             leak_ptr) -> None:
    """CalcMask(srcLocInfoPtr:L, srcRect:L, destLocInfoPtr:L, destRect:L, resMode:W,
    patternPtr:L, leakTblPtr:L)"""
    mem = tb.mem
    _aux(tb).CalcMask(_read_loc(mem, src_loc), read_rect(mem, src_rect),
                      _read_loc(mem, dest_loc), read_rect(mem, dest_rect), res_mode,
                      pattern_ptr, leak_ptr)


@tool(TOOLSET, 0x13)
def IBeamCursor(tb) -> None:
    """IBeamCursor(): the I-beam."""
    _aux(tb).show_cursor_shape(cursors.ibeam)



# ---- System 6: regions from pixels, the zoom outline, strings in a width, colour tables --

RES_NOT_FOUND = 0x1E06          # DrawStringWidth: a resource string is not supported
DSW_REF = 0x0003                # flags bits 0-1: pointer, handle, resource
DSW_KIND = 0x000C               # flags bits 2-3: Pascal, C, word-length string
DSW_TRUNC = 0x6000              # flags bits 13-14: none, left, centre, right
DSW_TRUNC_LEFT, DSW_TRUNC_CENTER, DSW_TRUNC_RIGHT = 0x2000, 0x4000, 0x6000
ELLIPSIS = 0xC9                 # the font's "..." character
COLOR_INFO_SIZE = 2 + 32        # UseColorTable's handle: tableNum, the replaced colours


def pixel_region_mask(qd, loc, bits: int, colors: int) -> tuple[tuple, np.ndarray]:
    """The pixels of a LocInfo's image (over its boundsRect) whose value is in the
    `colors` bit mask, `bits` bits a pixel: (boundsRect, mask)."""
    scb, ptr, width, bounds = loc
    if bits not in (1, 2, 4):
        bits = 2 if scb & SCB_640 else 4
    height, wide = bounds[2] - bounds[0], bounds[3] - bounds[1]
    if height <= 0 or wide <= 0:
        return bounds, np.zeros((0, 0), dtype=bool)
    raw = np.frombuffer(read_bytes(qd.tb.mem, ptr & 0xFFFFFF, height * width),
                        dtype=np.uint8).reshape(height, width)
    per_byte = 8 // bits
    shifts = np.arange(per_byte - 1, -1, -1) * bits
    px = ((raw[:, :, None] >> shifts) & ((1 << bits) - 1)).reshape(height, -1)[:, :wide]
    return bounds, ((colors >> px.astype(np.int32)) & 1).astype(bool)


@tool(TOOLSET, 0x10, "LWW", 4)
def PixelMap2Rgn(tb, loc_ptr, bits, colors) -> int:
    """PixelMap2Rgn(srcLocInfoPtr:L, bitsPerPix:W, colorsToInclude:W) -> rgnHandle:L"""
    qd = tb.qd
    bounds, mask = pixel_region_mask(qd, _read_loc(tb.mem, loc_ptr), bits, colors)
    handle = qd.NewRgn()
    qd.set_region_shape(handle, rgndata.from_mask(bounds[0], bounds[1], mask))
    return handle


@tool(TOOLSET, 0x14, "LLL")
def WhooshRect(tb, flags, small_ptr, big_ptr) -> None:
    """WhooshRect(flags:L, smallRectPtr:L, bigRectPtr:L): the screen as it was."""


def fit_text(qd, text: bytes, width: int, trunc: int) -> bytes:
    """The text, shortened at the end `trunc` says with the ellipsis, to fit `width`."""
    if not trunc or qd.TextWidth(text) <= width:
        return text
    for keep in range(len(text) - 1, -1, -1):
        if trunc == DSW_TRUNC_LEFT:
            cut = bytes([ELLIPSIS]) + text[len(text) - keep:]
        elif trunc == DSW_TRUNC_CENTER:
            head = (keep + 1) // 2
            cut = text[:head] + bytes([ELLIPSIS]) + text[len(text) - (keep - head):]
        else:
            cut = text[:keep] + bytes([ELLIPSIS])
        if qd.TextWidth(cut) <= width:
            return cut
    return b""


@tool(TOOLSET, 0x15, "WLW")
def DrawStringWidth(tb, flags, ref, width) -> None:
    """DrawStringWidth(flags:W, stringRef:L, width:W)"""
    kind = flags & DSW_REF
    if kind > 1:
        raise ToolError(RES_NOT_FOUND, "DrawStringWidth: resource strings are not supported")
    addr = tb.mm.deref(ref & 0xFFFFFF) if kind == 1 else ref & 0xFFFFFF
    form = flags & DSW_KIND
    if form == 0x4:
        text = read_cstring(tb.mem, addr)
    elif form == 0x8:
        text = read_bytes(tb.mem, addr + 2, read_word(tb.mem, addr))
    else:
        text = read_pstring(tb.mem, addr)
    qd = tb.qd
    qd.DrawText(fit_text(qd, text, s16(width), flags & DSW_TRUNC))


@tool(TOOLSET, 0x16, "WLW", 4)
def UseColorTable(tb, table, ptr, flags) -> int:
    """UseColorTable(tableNum:W, tablePtr:L, flags:W) -> colorInfoHandle:L"""
    qd = tb.qd
    old = qd.GetColorTable(table)
    colors = [read_word(tb.mem, (ptr & 0xFFFFFF) + 2 * i) for i in range(16)] if ptr \
        else list(qd.InitColorTable())
    handle = tb.mm.new_handle(COLOR_INFO_SIZE, qd.user_id or tb.mm.app_user_id, 0)
    write_bytes(tb.mem, tb.mm.deref(handle),
                b"".join(x.to_bytes(2, "little") for x in [table, *old]))
    qd.SetColorTable(table, colors)
    return handle


@tool(TOOLSET, 0x17, "LW")
def RestoreColorTable(tb, handle, flags) -> None:
    """RestoreColorTable(colorInfoHandle:L, flags:W)"""
    handle &= 0xFFFFFF
    addr = tb.mm.deref(handle)
    table = read_word(tb.mem, addr)
    tb.qd.SetColorTable(table, [read_word(tb.mem, addr + 2 + 2 * i) for i in range(16)])
    tb.mm.dispose(handle)


# GetSysIcon's kinds and flag (qdaux.h)
GET_FILE_ICON, GET_DEVICE_ICON, GET_MISC_ICON = 0, 1, 2
ICON_KIND_MASK = 0x0003
F_USE_OPEN_FOLDERS = 0x0004
LOCKED_FIXED = 0xC000            # attrLocked | attrFixed
SYSTEM_OWNER = 0x1000            # the icons' owner when no program has a user ID yet


@tool(TOOLSET, 0x0F, "WWL", 4)
def GetSysIcon(tb, flags, value, aux_value) -> int:
    """GetSysIcon(flags:W, value:W, auxValue:L) -> iconPtr:L (System 6): a system icon
    as a QDIconRecord, made once and kept (the caller must not dispose of it)."""
    kind = flags & ICON_KIND_MASK
    if kind == GET_FILE_ICON:
        picture = sysicons.file_icon(value, bool(flags & F_USE_OPEN_FOLDERS))
    elif kind == GET_DEVICE_ICON:
        picture = sysicons.device_icon(value)
    elif kind == GET_MISC_ICON and value < len(sysicons.MISC_ICONS):
        picture = sysicons.MISC_ICONS[value]
    else:
        raise ToolError(BAD_GET_SYS_ICON_INPUT, f"GetSysIcon: flags ${flags:04X}, "
                                                f"value ${value:04X}")
    icons = _aux(tb).sys_icons
    if picture not in icons:
        record = sysicons.icon_record(picture)
        owner = tb.mm.app_user_id or SYSTEM_OWNER
        addr = tb.mm.deref(tb.mm.new_handle(len(record), owner, LOCKED_FIXED))
        write_bytes(tb.mem, addr, record)
        icons[picture] = addr
    return icons[picture]
