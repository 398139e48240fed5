"""QuickDraw II (tool set $04): drawing into Super Hi-Res memory.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (QuickDraw II), Technical Notes
#6 (patterns) and #63 (the 640-mode colour table), and the Hardware Reference ch. 4 for
the screen layout.

Two layers, as every tool set here:
  * `QuickDraw`, the pure core (`tb.qd`): one method per call, NAMED AS IN THE TOOLBOX
    REFERENCE, taking Python values. Rect = (top, left, bottom, right) = (v1, h1, v2, h2);
    Point = (v, h); patterns are 32 bytes; strings are bytes in the system font's codes
    (ASCII, with ♣♦♥♠ as $01-$04, see toolbox/font.py; `str` is accepted and encoded).
  * thin `@tool(4, ...)` adapters that decode the records a call points at and call the
    core.

The state of a port lives in its GrafPort record in memory ($AA bytes, the layout of
§1.9.2): the core reads the fields it needs at each call, so a program that pokes its own
port sees the same result as on the real machine. Regions are rectangular only: a
region handle's block holds the 10-byte header {rgnSize, rgnBBox}, read at each drawing
call (with no Memory Manager, as when a core is tested alone, the core hands out token
handles and keeps their rectangles itself).

Drawing model (the classic QuickDraw one): coordinates lie between pixels, a rect covers
pixels h1..h2-1 and v1..v2-1; a pixel (h, v) of a port's local coordinates lies in its
pixel image at column h - boundsRect.h1, row v - boundsRect.v1. Every drawing call is
clipped to portRect ∩ clipRgn ∩ visRgn ∩ boundsRect. Patterns are 8 x 8 pixels (TN #6;
in 640 mode the first 16 bytes of the 32) aligned to the pixel image, so patterns of
neighbouring windows meet seamlessly; a 640-mode port with bit 15 of arcRot set uses
all 32 bytes as 16 x 8 pixels. A solid colour in 640 mode is the low two bits of the
colour number in every pixel; in 320 mode the low four. HidePen stops the pen's drawing
(lines, Frame* and Paint*); Erase*, Invert*, Fill* and text still draw.

Transfer (pen and text) modes work on pixel values: copy, OR, XOR, BIC, and their NOT
variants ($8000 | mode) invert the source first; the "fore" modes (4-7) change only the
pixels whose source is not the background colour. Text in copy mode paints the whole
character cell (fgColor on bgColor); in the fore modes only the ink. Of the text faces,
bold (drawn twice, one pixel apart, one pixel wider a character) and underline are
drawn; the other bits are kept in txFace but drawn plain.

Python helpers for the other managers: `save_bits`/`restore_bits` (a global screen rect),
`text_log` (every string drawn: (h, v, text, port) with (h, v) the global pen position on
the baseline), `cursor_visible`, `cursor_shape`, `cursor_moved`.
"""
from __future__ import annotations

import functools
import random
import struct
from typing import Any

import numpy as np

from iigs.memory import (read_bytes, read_cstring, read_long, read_pstring, read_word,
                         write_bytes, write_long, write_word)
from toolbox import cursor as cursors
from toolbox import font
from toolbox.calls import ToolError, s16, tool
from toolbox.toolbox import tool_state

Rect = tuple[int, int, int, int]
Point = tuple[int, int]

# QuickDraw II errors (Toolbox Reference vol. 2, ch. 16, error codes)
ALREADY_INIT_ERR = 0x0401
NOT_INIT_ERR = 0x0403
SCREEN_RESERVED_ERR = 0x0410
BAD_RECT_ERR = 0x0411
BAD_TABLE_NUM_ERR = 0x0450
BAD_COLOR_NUM_ERR = 0x0451
BAD_SCAN_LINE_ERR = 0x0452

QD_VERSION = 0x0307

# Transfer modes (quickdraw.h)
MODE_COPY, MODE_OR, MODE_XOR, MODE_BIC = 0, 1, 2, 3
MODE_FORE_COPY, MODE_FORE_OR, MODE_FORE_XOR, MODE_FORE_BIC = 4, 5, 6, 7
MODE_NOT = 0x8000

# Master SCB values
MODE_320 = 0x00
MODE_640 = 0x80
SCB_640 = 0x80
SCB_FILL = 0x20

# Text face bits
BOLD, ITALIC, UNDERLINE, OUTLINE, SHADOW = 0x01, 0x02, 0x04, 0x08, 0x10

# Super Hi-Res memory (Hardware Reference ch. 4)
SHR_PIXELS = 0xE12000
SHR_ROW_BYTES = 160
SHR_SCBS = 0xE19D00
SHR_PALETTES = 0xE19E00
SCREEN_LINES = 200

# GrafPort field offsets (types.h; portSize = $AA)
PORT_SIZE = 0xAA
PORT_SCB = 0x00            # portInfo (LocInfo): portSCB
PORT_PIX_IMAGE = 0x02      #   ptrToPixImage
PORT_WIDTH = 0x06          #   width (bytes per row)
PORT_BOUNDS = 0x08         #   boundsRect
PORT_RECT = 0x10
PORT_CLIP_RGN = 0x18
PORT_VIS_RGN = 0x1C
PORT_BK_PAT = 0x20
PORT_PN_LOC = 0x40
PORT_PN_SIZE = 0x44
PORT_PN_MODE = 0x48
PORT_PN_PAT = 0x4A
PORT_PN_MASK = 0x6A
PORT_PN_VIS = 0x72
PORT_FONT_HANDLE = 0x74
PORT_FONT_ID = 0x78
PORT_FONT_FLAGS = 0x7C
PORT_TX_SIZE = 0x7E
PORT_TX_FACE = 0x80
PORT_TX_MODE = 0x82
PORT_SP_EXTRA = 0x84
PORT_CH_EXTRA = 0x88
PORT_FG_COLOR = 0x8C
PORT_BG_COLOR = 0x8E
PORT_ARC_ROT = 0xA0

RGN_SIZE = 10              # a rectangular region: rgnSize:W, rgnBBox:Rect
WIDE_OPEN: Rect = (-0x3FFF, -0x3FFF, 0x3FFF, 0x3FFF)    # a new port's clip region
# Region handles made without a Memory Manager (a core tested alone) are tokens from
# here up; they name no memory.
PRIVATE_REGIONS = 0xFF0000
SYSTEM_FONT_ID = 0xFFFE | (8 << 24)     # famNum $FFFE (Shaston), style 0, size 8

# Where QuickDraw keeps its own records inside the 3 pages of direct page QDStartUp
# gets: the screen port, then the arrow cursor record.
DP_SCREEN_PORT = 0x100
DP_ARROW_CURSOR = 0x200

# Standard colour tables (Tech Note #63 for 640 mode; §4.3 of the reference for 320)
STANDARD_640 = (0x000, 0xF00, 0x0F0, 0xFFF, 0x000, 0x00F, 0xFF0, 0xFFF,
                0x000, 0xF00, 0x0F0, 0xFFF, 0x000, 0x00F, 0xFF0, 0xFFF)
STANDARD_320 = (0x000, 0x777, 0x841, 0x72C, 0x00F, 0x080, 0xF70, 0xD00,
                0xFA9, 0xFF0, 0x0E0, 0x4DF, 0xDAF, 0x78F, 0xCCC, 0xFFF)

# text_log keeps at most this many strings (the oldest half goes when it is full)
TEXT_LOG_LIMIT = 20000

SOLID_BLACK = bytes(32)
SOLID_WHITE = b"\xff" * 32


# --------------------------------------------------------------------------------------
# Rectangle and point arithmetic (pure)

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


def read_rect(mem: Any, addr: int) -> Rect:
    return tuple(s16(read_word(mem, addr + 2 * i)) for i in range(4))  # type: ignore


def write_rect(mem: Any, addr: int, r: Rect) -> None:
    for i, x in enumerate(r):
        write_word(mem, addr + 2 * i, x)


def read_point(mem: Any, addr: int) -> Point:
    return s16(read_word(mem, addr)), s16(read_word(mem, addr + 2))


def write_point(mem: Any, addr: int, pt: Point) -> None:
    write_word(mem, addr, pt[0])
    write_word(mem, addr + 2, pt[1])


# --------------------------------------------------------------------------------------
# Pixel packing: bytes <-> pixel values, built once

_BYTES = np.arange(256, dtype=np.uint8)
UNPACK_640 = np.stack([(_BYTES >> s) & 3 for s in (6, 4, 2, 0)], axis=1)   # (256, 4)
UNPACK_320 = np.stack([(_BYTES >> s) & 15 for s in (4, 0)], axis=1)        # (256, 2)


def unpack_pixels(raw: np.ndarray, mode640: bool) -> np.ndarray:
    """(rows, bytes) packed pixels -> (rows, pixels) pixel values."""
    table = UNPACK_640 if mode640 else UNPACK_320
    return table[raw].reshape(raw.shape[0], -1)


def pack_pixels(px: np.ndarray, mode640: bool) -> np.ndarray:
    """(rows, pixels) pixel values -> (rows, bytes) packed pixels."""
    if mode640:
        p = px.reshape(px.shape[0], -1, 4)
        return (p[..., 0] << 6) | (p[..., 1] << 4) | (p[..., 2] << 2) | p[..., 3]
    p = px.reshape(px.shape[0], -1, 2)
    return (p[..., 0] << 4) | p[..., 1]


def pattern_pixels(pattern: bytes, mode640: bool, wide: bool = False) -> np.ndarray:
    """A 32-byte Pattern -> its pixel values (TN #6): 8 x 8, or 8 rows x 16 in 640 mode
    when the port asks for wide patterns (bit 15 of arcRot)."""
    if mode640 and not wide:
        raw = np.frombuffer(bytes(pattern[:16]), dtype=np.uint8).reshape(8, 2)
    else:
        raw = np.frombuffer(bytes(pattern[:32]), dtype=np.uint8).reshape(8, 4)
    return unpack_pixels(raw, mode640)


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


# --------------------------------------------------------------------------------------
# The core

class _PixelImage:
    """A port's pixel image (LocInfo): rows of packed pixels anywhere in memory."""

    def __init__(self, qd: "QuickDraw", ptr: int, row_bytes: int) -> None:
        self.qd, self.ptr, self.row_bytes = qd, ptr, row_bytes

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


# The GrafPort fields a drawing call needs, in one unpack of the record:
# portSCB, ptrToPixImage, width, boundsRect, portRect, clipRgn, visRgn
_PORT_HEAD = struct.Struct("<HIH4h4hII")


class _PortState:
    """The fields of the current port a drawing call needs, read once per call."""

    __slots__ = ("addr", "record", "mode640", "full", "image", "bounds", "clip", "fg", "bg",
                 "wide")

    def __init__(self, qd: "QuickDraw", addr: int) -> None:
        self.addr = addr
        self.record = record = read_bytes(qd.tb.mem, addr, PORT_SIZE)
        head = _PORT_HEAD.unpack_from(record)
        self.mode640 = bool(head[0] & SCB_640)
        self.full = 3 if self.mode640 else 15
        self.image = _PixelImage(qd, head[1] & 0xFFFFFF, head[2])
        self.bounds = head[3:7]
        clip = sect_rect(self.bounds, head[7:11])[1]
        for handle in head[11:13]:
            rgn = qd.region_rect(handle)
            if rgn is not None:
                clip = sect_rect(clip, rgn)[1]
        self.clip = clip
        self.fg = self.word(PORT_FG_COLOR) & self.full
        self.bg = self.word(PORT_BG_COLOR) & self.full
        # 640 mode, arcRot bit 15: patterns 16 pixels wide (all 32 bytes, TN #6)
        self.wide = self.mode640 and bool(self.word(PORT_ARC_ROT) & 0x8000)

    @classmethod
    def of_loc(cls, qd: "QuickDraw", loc: tuple[int, int, int, Rect]) -> "_PortState":
        """A port-less destination: a LocInfo, clipped to its boundsRect only."""
        st = cls.__new__(cls)
        scb, ptr, width, bounds = loc
        st.addr, st.record = 0, bytes(PORT_SIZE)
        st.mode640 = bool(scb & SCB_640)
        st.full = 3 if st.mode640 else 15
        st.image = _PixelImage(qd, ptr & 0xFFFFFF, width)
        st.bounds = st.clip = tuple(bounds)
        st.fg, st.bg, st.wide = 0, 0, False
        return st

    def word(self, offset: int) -> int:
        return self.record[offset] | (self.record[offset + 1] << 8)

    def pattern(self, offset: int) -> bytes:
        return self.record[offset:offset + 32]


@tool_state("qd")
class QuickDraw:
    """QuickDraw II's state: started?, master SCB, current port, regions, cursor."""

    def __init__(self, tb: Any) -> None:
        self.tb = tb
        try:
            self.ram: np.ndarray | None = np.frombuffer(tb.mem, dtype=np.uint8)
            if self.ram.flags.writeable is False:
                self.ram = None
        except (TypeError, ValueError):
            self.ram = None       # memory without a buffer: the slow per-row path
        self.started = False
        self.graf_on = False
        self.dp = 0
        self.user_id = 0
        self.master_scb = MODE_640
        self.port = 0
        self.regions: dict[int, Rect] = {}
        self._next_private_rgn = PRIVATE_REGIONS
        self.text_log: list[tuple[int, int, str, int]] = []
        self.cursor_level = -1        # 0 = visible; HideCursor decrements
        self.cursor_obscured = False
        self.cursor_adr = 0           # 0 = the built-in arrow
        self._rng = random.Random(0)

    # ---- start-up ---------------------------------------------------------------------
    def QDStartUp(self, dp: int, mode: int, max_width: int, user_id: int) -> None:
        """QDStartUp(dPageAddr, masterSCB, maxWidth, userID) $0204.

        Sets every SCB to the master SCB, installs the standard colour table in all 16
        palettes, clears the screen to black, opens the screen port (kept in QuickDraw's
        direct page) and makes it current; the cursor is the arrow, hidden until
        InitCursor."""
        if self.started:
            raise ToolError(ALREADY_INIT_ERR)
        self.started = True
        self.dp, self.user_id = dp & 0xFFFF, user_id & 0xFFFF
        self.master_scb = mode & 0xFF
        self.SetAllSCBs(self.master_scb)
        table = STANDARD_640 if self.master_scb & SCB_640 else STANDARD_320
        for n in range(16):
            self.SetColorTable(n, table)
        self.ClearScreen(0)
        self.OpenPort(self.dp + DP_SCREEN_PORT)
        arrow = cursors.arrow(bool(self.master_scb & SCB_640))
        write_bytes(self.tb.mem, self.dp + DP_ARROW_CURSOR, cursors.cursor_record(arrow))
        self.cursor_adr = 0
        self.cursor_level = -1
        self.graf_on = True

    def QDShutDown(self) -> None:
        """QDShutDown() $0304."""
        self.started = False
        self.port = 0
        self.graf_on = False

    def QDVersion(self) -> int:
        """QDVersion() $0404 -> versionInfo."""
        return QD_VERSION

    def GrafOn(self) -> None:
        """GrafOn() $0A04: show Super Hi-Res."""
        self.graf_on = True

    def GrafOff(self) -> None:
        """GrafOff() $0B04."""
        self.graf_on = False

    def GetMasterSCB(self) -> int:
        """GetMasterSCB() $1704 -> masterSCB."""
        return self.master_scb

    def SetMasterSCB(self, scb: int) -> None:
        """SetMasterSCB(masterSCB) $1604: the SCB new ports get."""
        self.master_scb = scb & 0xFF

    # ---- screen: SCBs, colour tables ---------------------------------------------------
    def SetSCB(self, line: int, scb: int) -> None:
        """SetSCB(scanLine, newSCB) $1204."""
        if not 0 <= line < SCREEN_LINES:
            raise ToolError(BAD_SCAN_LINE_ERR)
        self.tb.mem[SHR_SCBS + line] = scb & 0xFF

    def GetSCB(self, line: int) -> int:
        """GetSCB(scanLine) $1304 -> scb."""
        if not 0 <= line < SCREEN_LINES:
            raise ToolError(BAD_SCAN_LINE_ERR)
        return self.tb.mem[SHR_SCBS + line]

    def SetAllSCBs(self, scb: int) -> None:
        """SetAllSCBs(newSCB) $1404."""
        write_bytes(self.tb.mem, SHR_SCBS, bytes([scb & 0xFF]) * SCREEN_LINES)

    def SetColorTable(self, table: int, colors: Any) -> None:
        """SetColorTable(tableNumber, newTablePtr) $0E04: 16 $0RGB words."""
        if not 0 <= table < 16:
            raise ToolError(BAD_TABLE_NUM_ERR)
        for i, c in enumerate(list(colors)[:16]):
            write_word(self.tb.mem, SHR_PALETTES + 32 * table + 2 * i, c & 0x0FFF)

    def GetColorTable(self, table: int) -> list[int]:
        """GetColorTable(tableNumber, saveTablePtr) $0F04 -> the 16 colours."""
        if not 0 <= table < 16:
            raise ToolError(BAD_TABLE_NUM_ERR)
        return [read_word(self.tb.mem, SHR_PALETTES + 32 * table + 2 * i) for i in range(16)]

    def SetColorEntry(self, table: int, entry: int, color: int) -> None:
        """SetColorEntry(tableNumber, entryNumber, newColor) $1004."""
        if not 0 <= table < 16:
            raise ToolError(BAD_TABLE_NUM_ERR)
        if not 0 <= entry < 16:
            raise ToolError(BAD_COLOR_NUM_ERR)
        write_word(self.tb.mem, SHR_PALETTES + 32 * table + 2 * entry, color & 0x0FFF)

    def GetColorEntry(self, table: int, entry: int) -> int:
        """GetColorEntry(tableNumber, entryNumber) $1104 -> color."""
        if not 0 <= table < 16:
            raise ToolError(BAD_TABLE_NUM_ERR)
        if not 0 <= entry < 16:
            raise ToolError(BAD_COLOR_NUM_ERR)
        return read_word(self.tb.mem, SHR_PALETTES + 32 * table + 2 * entry)

    def ClearScreen(self, color_word: int) -> None:
        """ClearScreen(colorWord) $1504: every word of pixel memory := colorWord."""
        word = (color_word & 0xFFFF).to_bytes(2, "little")
        write_bytes(self.tb.mem, SHR_PIXELS, word * (SCREEN_LINES * SHR_ROW_BYTES // 2))

    # ---- regions (rectangular) ---------------------------------------------------------
    def NewRgn(self) -> int:
        """NewRgn() $6704 -> rgnHandle: an empty region."""
        mm = getattr(self.tb, "mm", None)
        if mm is not None and self.user_id:
            handle = mm.new_handle(RGN_SIZE, self.user_id, 0)
        else:
            # Without a Memory Manager (cores tested alone) a region is a token only.
            handle = self._next_private_rgn
            self._next_private_rgn += 1
        self.regions[handle] = (0, 0, 0, 0)
        self._write_region(handle)
        return handle

    def DisposeRgn(self, handle: int) -> None:
        """DisposeRgn(rgnHandle) $6804."""
        if self.regions.pop(handle, None) is not None and handle < PRIVATE_REGIONS:
            mm = getattr(self.tb, "mm", None)
            if mm is not None:
                mm.dispose(handle)

    def RectRgn(self, handle: int, rect: Rect) -> None:
        """RectRgn(rgnHandle, rectPtr) $6C04: the region becomes the rectangle."""
        self.regions[handle] = (0, 0, 0, 0) if empty_rect(rect) else tuple(rect)
        self._write_region(handle)

    def SetRectRgn(self, handle: int, left: int, top: int, right: int, bottom: int) -> None:
        """SetRectRgn(rgnHandle, left, top, right, bottom) $6B04."""
        self.RectRgn(handle, (top, left, bottom, right))

    def SetEmptyRgn(self, handle: int) -> None:
        """SetEmptyRgn(rgnHandle) $6A04."""
        self.RectRgn(handle, (0, 0, 0, 0))

    def CopyRgn(self, src: int, dst: int) -> None:
        """CopyRgn(srcRgnHandle, destRgnHandle) $6904."""
        self.RectRgn(dst, self.region_rect(src) or (0, 0, 0, 0))

    def region_rect(self, handle: int) -> Rect | None:
        """A region's bounding rectangle (rgnBBox), else None for no region.

        A Memory Manager handle is read from its block, so a region the program built
        itself counts as well; token regions come from the core's own table."""
        handle &= 0xFFFFFF
        if not handle:
            return None
        mm = getattr(self.tb, "mm", None)
        if handle >= PRIVATE_REGIONS or mm is None:
            return self.regions.get(handle)
        try:
            addr = mm.deref(handle)
        except ToolError:
            return None
        return read_rect(self.tb.mem, addr + 2) if addr else None

    def _write_region(self, handle: int) -> None:
        if handle >= PRIVATE_REGIONS:
            return
        mm = getattr(self.tb, "mm", None)
        if mm is None:
            return
        addr = mm.deref(handle)
        write_word(self.tb.mem, addr, RGN_SIZE)
        write_rect(self.tb.mem, addr + 2, self.regions[handle])

    # ---- ports ---------------------------------------------------------------------------
    def _require_port(self) -> int:
        if not self.port:
            raise ToolError(NOT_INIT_ERR, "QuickDraw II has no current port")
        return self.port

    def _screen_bounds(self) -> Rect:
        return (0, 0, SCREEN_LINES, 640 if self.master_scb & SCB_640 else 320)

    def InitPort(self, addr: int) -> None:
        """InitPort(portPtr) $1904: the standard screen port, pen and text settings.

        LocInfo = the screen (master SCB, $E12000, 160 bytes a row); portRect = the whole
        screen; clip region wide open, visible region the screen; background white, pen
        black 1 x 1 in copy mode at (0, 0), shown; system font, plain, text mode copy,
        foreground colour 0 (black) on background colour 15 (white)."""
        mem = self.tb.mem
        bounds = self._screen_bounds()
        clip = read_long(mem, addr + PORT_CLIP_RGN)
        vis = read_long(mem, addr + PORT_VIS_RGN)
        write_bytes(mem, addr, bytes(PORT_SIZE))
        write_word(mem, addr + PORT_SCB, self.master_scb)
        write_long(mem, addr + PORT_PIX_IMAGE, SHR_PIXELS)
        write_word(mem, addr + PORT_WIDTH, SHR_ROW_BYTES)
        write_rect(mem, addr + PORT_BOUNDS, bounds)
        write_rect(mem, addr + PORT_RECT, bounds)
        if clip not in self.regions:
            clip = self.NewRgn()
        if vis not in self.regions:
            vis = self.NewRgn()
        self.RectRgn(clip, WIDE_OPEN)
        self.RectRgn(vis, bounds)
        write_long(mem, addr + PORT_CLIP_RGN, clip)
        write_long(mem, addr + PORT_VIS_RGN, vis)
        write_bytes(mem, addr + PORT_BK_PAT, SOLID_WHITE)
        write_point(mem, addr + PORT_PN_SIZE, (1, 1))
        write_word(mem, addr + PORT_PN_MODE, MODE_COPY)
        write_bytes(mem, addr + PORT_PN_PAT, SOLID_BLACK)
        write_bytes(mem, addr + PORT_PN_MASK, b"\xff" * 8)
        write_long(mem, addr + PORT_FONT_ID, SYSTEM_FONT_ID)
        write_word(mem, addr + PORT_TX_SIZE, font.HEIGHT)
        write_word(mem, addr + PORT_FG_COLOR, 0)
        write_word(mem, addr + PORT_BG_COLOR, 15)

    def OpenPort(self, addr: int) -> None:
        """OpenPort(portPtr) $1804: new regions, InitPort, and make it the current port."""
        write_long(self.tb.mem, addr + PORT_CLIP_RGN, 0)
        write_long(self.tb.mem, addr + PORT_VIS_RGN, 0)
        self.InitPort(addr)
        self.port = addr

    def ClosePort(self, addr: int) -> None:
        """ClosePort(portPtr) $1A04: dispose of the port's regions."""
        for field in (PORT_CLIP_RGN, PORT_VIS_RGN):
            self.DisposeRgn(read_long(self.tb.mem, addr + field))
            write_long(self.tb.mem, addr + field, 0)
        if self.port == addr:
            self.port = 0

    def SetPort(self, addr: int) -> None:
        """SetPort(portPtr) $1B04."""
        self.port = addr & 0xFFFFFF

    def GetPort(self) -> int:
        """GetPort() $1C04 -> portPtr."""
        return self.port

    def SetPortLoc(self, loc: tuple[int, int, int, Rect]) -> None:
        """SetPortLoc(locInfoPtr) $1D04: (portSCB, ptrToPixImage, width, boundsRect)."""
        port, mem = self._require_port(), self.tb.mem
        scb, ptr, width, bounds = loc
        write_word(mem, port + PORT_SCB, scb)
        write_long(mem, port + PORT_PIX_IMAGE, ptr)
        write_word(mem, port + PORT_WIDTH, width)
        write_rect(mem, port + PORT_BOUNDS, bounds)

    def GetPortLoc(self) -> tuple[int, int, int, Rect]:
        """GetPortLoc(locInfoPtr) $1E04 -> (portSCB, ptrToPixImage, width, boundsRect)."""
        port, mem = self._require_port(), self.tb.mem
        return (read_word(mem, port + PORT_SCB), read_long(mem, port + PORT_PIX_IMAGE),
                read_word(mem, port + PORT_WIDTH), read_rect(mem, port + PORT_BOUNDS))

    def SetPortRect(self, rect: Rect) -> None:
        """SetPortRect(rectPtr) $1F04."""
        write_rect(self.tb.mem, self._require_port() + PORT_RECT, rect)

    def GetPortRect(self) -> Rect:
        """GetPortRect(rectPtr) $2004."""
        return read_rect(self.tb.mem, self._require_port() + PORT_RECT)

    def SetPortSize(self, width: int, height: int) -> None:
        """SetPortSize(portWidth, portHeight) $2104: portRect's bottom-right moves."""
        r = self.GetPortRect()
        self.SetPortRect((r[0], r[1], r[0] + height, r[1] + width))

    def MovePortTo(self, h: int, v: int) -> None:
        """MovePortTo(h, v) $2204: portRect's top-left goes to global (h, v)."""
        port, mem = self._require_port(), self.tb.mem
        r = self.GetPortRect()
        b = read_rect(mem, port + PORT_BOUNDS)
        # global = local - bounds.topLeft, so put bounds.topLeft = portRect.topLeft - (v, h)
        nb = (r[0] - v, r[1] - h, r[0] - v + b[2] - b[0], r[1] - h + b[3] - b[1])
        write_rect(mem, port + PORT_BOUNDS, nb)

    def SetOrigin(self, h: int, v: int) -> None:
        """SetOrigin(h, v) $2304: portRect's top-left becomes (h, v); boundsRect and the
        visible region move with it, the clip region stays (as in classic QuickDraw)."""
        port, mem = self._require_port(), self.tb.mem
        r = self.GetPortRect()
        dh, dv = h - r[1], v - r[0]
        write_rect(mem, port + PORT_RECT, offset_rect(r, dh, dv))
        write_rect(mem, port + PORT_BOUNDS,
                   offset_rect(read_rect(mem, port + PORT_BOUNDS), dh, dv))
        vis = read_long(mem, port + PORT_VIS_RGN)
        if vis in self.regions:
            self.RectRgn(vis, offset_rect(self.region_rect(vis) or (0, 0, 0, 0), dh, dv))

    def ClipRect(self, rect: Rect) -> None:
        """ClipRect(rectPtr) $2604: the clip region becomes the rectangle."""
        port, mem = self._require_port(), self.tb.mem
        clip = read_long(mem, port + PORT_CLIP_RGN)
        if clip not in self.regions:
            clip = self.NewRgn()
            write_long(mem, port + PORT_CLIP_RGN, clip)
        self.RectRgn(clip, rect)

    def GetClipRect(self) -> Rect:
        """The clip region's bounding rectangle (GetClipHandle's region, as a Rect)."""
        clip = read_long(self.tb.mem, self._require_port() + PORT_CLIP_RGN)
        return self.region_rect(clip) or (0, 0, 0, 0)

    def SetClip(self, handle: int) -> None:
        """SetClip(rgnHandle) $2404: the port's clip region := a copy of the region."""
        self.ClipRect(self.region_rect(handle) or (0, 0, 0, 0))

    def GetClip(self, handle: int) -> None:
        """GetClip(rgnHandle) $2504: copy the port's clip region into the region."""
        self.RectRgn(handle, self.GetClipRect())

    def SetVisRgn(self, handle: int) -> None:
        """SetVisRgn(rgnHandle) $B404: the port's visible region := a copy."""
        port, mem = self._require_port(), self.tb.mem
        vis = read_long(mem, port + PORT_VIS_RGN)
        if vis not in self.regions:
            vis = self.NewRgn()
            write_long(mem, port + PORT_VIS_RGN, vis)
        self.RectRgn(vis, self.region_rect(handle) or (0, 0, 0, 0))

    def GetVisRgn(self, handle: int) -> None:
        """GetVisRgn(rgnHandle) $B504: copy the port's visible region into the region."""
        vis = read_long(self.tb.mem, self._require_port() + PORT_VIS_RGN)
        self.RectRgn(handle, self.region_rect(vis) or (0, 0, 0, 0))

    # ---- coordinates ---------------------------------------------------------------------
    def LocalToGlobal(self, pt: Point) -> Point:
        """LocalToGlobal(pointPtr) $8404."""
        b = read_rect(self.tb.mem, self._require_port() + PORT_BOUNDS)
        return pt[0] - b[0], pt[1] - b[1]

    def GlobalToLocal(self, pt: Point) -> Point:
        """GlobalToLocal(pointPtr) $8504."""
        b = read_rect(self.tb.mem, self._require_port() + PORT_BOUNDS)
        return pt[0] + b[0], pt[1] + b[1]

    # ---- rectangles (pure, here under their Toolbox names) -------------------------------
    SetRect = staticmethod(set_rect)            # SetRect(left, top, right, bottom) $4A04
    OffsetRect = staticmethod(offset_rect)      # OffsetRect(rect, dH, dV) $4B04
    InsetRect = staticmethod(inset_rect)        # InsetRect(rect, dH, dV) $4C04
    SectRect = staticmethod(sect_rect)          # SectRect(r1, r2) -> (nonEmpty, r) $4D04
    UnionRect = staticmethod(union_rect)        # UnionRect(r1, r2) -> r $4E04
    PtInRect = staticmethod(pt_in_rect)         # PtInRect(pt, rect) -> bool $4F04

    @staticmethod
    def NotEmptyRect(rect: Rect) -> bool:
        """NotEmptyRect(rect) $5204: True when the rectangle encloses at least a pixel."""
        return not empty_rect(rect)

    @staticmethod
    def EqualRect(a: Rect, b: Rect) -> bool:
        """EqualRect(rect1, rect2) $5104."""
        return tuple(a) == tuple(b)

    # ---- pen -----------------------------------------------------------------------------
    def _word(self, field: int) -> int:
        return read_word(self.tb.mem, self._require_port() + field)

    def _set_word(self, field: int, value: int) -> None:
        write_word(self.tb.mem, self._require_port() + field, value)

    def _mode640(self) -> bool:
        return bool(self._word(PORT_SCB) & SCB_640)

    def HidePen(self) -> None:
        """HidePen() $2704: pnVis - 1 (the pen draws while pnVis >= 0)."""
        self._set_word(PORT_PN_VIS, s16(self._word(PORT_PN_VIS)) - 1)

    def ShowPen(self) -> None:
        """ShowPen() $2804: pnVis + 1."""
        self._set_word(PORT_PN_VIS, s16(self._word(PORT_PN_VIS)) + 1)

    def PenNormal(self) -> None:
        """PenNormal() $3604: pen 1 x 1, copy mode, black (pattern all zero)."""
        port = self._require_port()
        write_point(self.tb.mem, port + PORT_PN_SIZE, (1, 1))
        write_word(self.tb.mem, port + PORT_PN_MODE, MODE_COPY)
        write_bytes(self.tb.mem, port + PORT_PN_PAT, SOLID_BLACK)

    def SetPenSize(self, width: int, height: int) -> None:
        """SetPenSize(penWidth, penHeight) $2C04 (pnSize is a Point: v = height)."""
        write_point(self.tb.mem, self._require_port() + PORT_PN_SIZE, (height, width))

    def GetPenSize(self) -> tuple[int, int]:
        """GetPenSize(pointPtr) $2D04 -> (width, height)."""
        v, h = read_point(self.tb.mem, self._require_port() + PORT_PN_SIZE)
        return h, v

    def SetPenMode(self, mode: int) -> None:
        """SetPenMode(penMode) $2E04."""
        self._set_word(PORT_PN_MODE, mode)

    def GetPenMode(self) -> int:
        """GetPenMode() $2F04 -> penMode."""
        return self._word(PORT_PN_MODE)

    def SetPenPat(self, pattern: bytes) -> None:
        """SetPenPat(patternPtr) $3004: a 32-byte pattern."""
        write_bytes(self.tb.mem, self._require_port() + PORT_PN_PAT, bytes(pattern[:32]))

    def GetPenPat(self) -> bytes:
        """GetPenPat(patternPtr) $3104."""
        return read_bytes(self.tb.mem, self._require_port() + PORT_PN_PAT, 32)

    def SetSolidPenPat(self, color: int) -> None:
        """SetSolidPenPat(colorNum) $3704."""
        self.SetPenPat(solid_pattern(color, self._mode640()))

    def SetBackPat(self, pattern: bytes) -> None:
        """SetBackPat(patternPtr) $3404."""
        write_bytes(self.tb.mem, self._require_port() + PORT_BK_PAT, bytes(pattern[:32]))

    def GetBackPat(self) -> bytes:
        """GetBackPat(patternPtr) $3504."""
        return read_bytes(self.tb.mem, self._require_port() + PORT_BK_PAT, 32)

    def SetSolidBackPat(self, color: int) -> None:
        """SetSolidBackPat(colorNum) $3804."""
        self.SetBackPat(solid_pattern(color, self._mode640()))

    def SetForeColor(self, color: int) -> None:
        """SetForeColor(foreColor) $A004."""
        self._set_word(PORT_FG_COLOR, color)

    def GetForeColor(self) -> int:
        """GetForeColor() $A104 -> foreColor."""
        return self._word(PORT_FG_COLOR)

    def SetBackColor(self, color: int) -> None:
        """SetBackColor(backColor) $A204."""
        self._set_word(PORT_BG_COLOR, color)

    def GetBackColor(self) -> int:
        """GetBackColor() $A304 -> backColor."""
        return self._word(PORT_BG_COLOR)

    def MoveTo(self, h: int, v: int) -> None:
        """MoveTo(h, v) $3A04."""
        write_point(self.tb.mem, self._require_port() + PORT_PN_LOC, (v, h))

    def Move(self, dh: int, dv: int) -> None:
        """Move(dH, dV) $3B04."""
        v, h = self.GetPen()
        self.MoveTo(h + dh, v + dv)

    def GetPen(self) -> Point:
        """GetPen(pointPtr) $2904 -> (v, h)."""
        return read_point(self.tb.mem, self._require_port() + PORT_PN_LOC)

    def _pen_visible(self) -> bool:
        return s16(self._word(PORT_PN_VIS)) >= 0

    def LineTo(self, h: int, v: int) -> None:
        """LineTo(h, v) $3C04: the pen rectangle is dragged from the pen to (h, v)."""
        v0, h0 = self.GetPen()
        self.MoveTo(h, v)
        if not self._pen_visible():
            return
        pw, ph = self.GetPenSize()
        if pw <= 0 or ph <= 0:
            return
        top, left = min(v0, v), min(h0, h)
        box = (top, left, max(v0, v) + ph, max(h0, h) + pw)
        if v0 == v or h0 == h:
            mask = None                   # horizontal or vertical: the box is the line
        else:
            mask = np.zeros((box[2] - top, box[3] - left), dtype=bool)
            for ph_, pv_ in line_points(h0 - left, v0 - top, h - left, v - top):
                mask[pv_:pv_ + ph, ph_:ph_ + pw] = True
        self._paint_with_pen(box, mask)

    def Line(self, dh: int, dv: int) -> None:
        """Line(dH, dV) $3D04."""
        v, h = self.GetPen()
        self.LineTo(h + dh, v + dv)

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
        if shape is None and src is None and not mode & MODE_FORE_COPY:
            self._draw_packed(st, box, mode, pattern, invert)
            return
        ppb = 4 if st.mode640 else 2
        b = st.bounds
        r0, r1 = box[0] - b[0], box[2] - b[0]
        c0, c1 = box[1] - b[1], box[3] - b[1]
        b0, b1 = c0 // ppb, -(-c1 // ppb)
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
        st.image.put(r0, b0, pack_pixels(px, st.mode640))

    def _draw_packed(self, st: _PortState, box: Rect, mode: int, pattern: bytes | None,
                     invert: bool) -> None:
        """_draw for a whole rectangle and a pattern, on packed bytes: copy, OR, XOR and
        BIC of pixel values are the same operations on their bits, and an 8-pixel
        pattern row is a whole number of bytes that tiles the row byte by byte."""
        ppb, bits = (4, 2) if st.mode640 else (2, 4)
        b = st.bounds
        r0, r1 = box[0] - b[0], box[2] - b[0]
        c0, c1 = box[1] - b[1], box[3] - b[1]
        b0, b1 = c0 // ppb, -(-c1 // ppb)
        # which bits of each byte lie inside the rectangle (edge bytes are partial)
        mask = np.full(b1 - b0, 0xFF, dtype=np.uint8)
        mask[0] &= 0xFF >> ((c0 - b0 * ppb) * bits)
        mask[-1] &= (0xFF << ((b1 * ppb - c1) * bits)) & 0xFF
        raw = st.image.get(r0, r1, b0, b1)
        if invert:
            st.image.put(r0, b0, raw ^ mask)
            return
        row_bytes = 4 if st.wide else 8 // ppb
        pat = np.frombuffer(bytes(pattern or SOLID_BLACK)[:8 * row_bytes],
                            dtype=np.uint8).reshape(8, row_bytes)
        source = pat[(np.arange(r0, r1) % 8)[:, None], np.arange(b0, b1) % row_bytes]
        if mode & MODE_NOT:
            source = ~source
        source = source & mask
        op = mode & 3
        if op == MODE_COPY:
            new = (raw & ~mask) | source
        elif op == MODE_OR:
            new = raw | source
        elif op == MODE_XOR:
            new = raw ^ source
        else:
            new = raw & ~source
        st.image.put(r0, b0, new)

    def _state(self) -> _PortState:
        return _PortState(self, self._require_port())

    def _paint_with_pen(self, rect: Rect, shape: np.ndarray | None = None) -> None:
        st = self._state()
        self._draw(st, rect, st.word(PORT_PN_MODE), pattern=st.pattern(PORT_PN_PAT),
                   shape=shape)

    def _erase(self, rect: Rect, shape: np.ndarray | None = None) -> None:
        st = self._state()
        self._draw(st, rect, MODE_COPY, pattern=st.pattern(PORT_BK_PAT), shape=shape)

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
        if not empty_rect(rect) and self._pen_visible():
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

    # ---- text --------------------------------------------------------------------------------
    def SetFont(self, handle: int) -> None:
        """SetFont(fontHandle) $9404 (the system font is the only font)."""
        write_long(self.tb.mem, self._require_port() + PORT_FONT_HANDLE, handle)

    def GetFont(self) -> int:
        """GetFont() $9504 -> fontHandle."""
        return read_long(self.tb.mem, self._require_port() + PORT_FONT_HANDLE)

    def SetFontID(self, font_id: int) -> None:
        """SetFontID(fontID) $D004."""
        write_long(self.tb.mem, self._require_port() + PORT_FONT_ID, font_id)

    def GetFontID(self) -> int:
        """GetFontID() $D104 -> fontID."""
        return read_long(self.tb.mem, self._require_port() + PORT_FONT_ID)

    def GetFontInfo(self) -> tuple[int, int, int, int]:
        """GetFontInfo(fontInfoRecPtr) $9604 -> (ascent, descent, widMax, leading)."""
        bold = 1 if self.GetTextFace() & BOLD else 0
        return font.ASCENT, font.DESCENT, font.WID_MAX + bold, font.LEADING

    def SetTextFace(self, face: int) -> None:
        """SetTextFace(textFace) $9A04: bold and underline are drawn; other bits kept."""
        self._set_word(PORT_TX_FACE, face)

    def GetTextFace(self) -> int:
        """GetTextFace() $9B04 -> textFace."""
        return self._word(PORT_TX_FACE)

    def SetTextMode(self, mode: int) -> None:
        """SetTextMode(textMode) $9C04."""
        self._set_word(PORT_TX_MODE, mode)

    def GetTextMode(self) -> int:
        """GetTextMode() $9D04 -> textMode."""
        return self._word(PORT_TX_MODE)

    def SetTextSize(self, size: int) -> None:
        """SetTextSize(textSize) $D204 (kept; the system font has one size)."""
        self._set_word(PORT_TX_SIZE, size)

    def GetTextSize(self) -> int:
        """GetTextSize() $D304 -> textSize."""
        return self._word(PORT_TX_SIZE)

    def CharWidth(self, code: int) -> int:
        """CharWidth(theChar) $A804 -> width in pixels, in the current text face."""
        return self.TextWidth(bytes([code & 0xFF]))

    def TextWidth(self, text: bytes | str) -> int:
        """TextWidth(textPtr, textLength) $AB04 -> width in pixels."""
        data = _encoded(text)
        bold = len(data) if self.port and self.GetTextFace() & BOLD else 0
        return font.text_width(data) + bold

    def StringWidth(self, text: bytes | str) -> int:
        """StringWidth(stringPtr) $A904 (the Pascal string's text, here)."""
        return self.TextWidth(text)

    def CStringWidth(self, text: bytes | str) -> int:
        """CStringWidth(cStringPtr) $AA04 (the C string's text, here)."""
        return self.TextWidth(text)

    def DrawChar(self, code: int) -> None:
        """DrawChar(theChar) $A404."""
        self.DrawText(bytes([code & 0xFF]))

    def DrawString(self, text: bytes | str) -> None:
        """DrawString(stringPtr) $A504 (the Pascal string's text, here)."""
        self.DrawText(text)

    def DrawCString(self, text: bytes | str) -> None:
        """DrawCString(cStringPtr) $A604 (the C string's text, here)."""
        self.DrawText(text)

    def DrawText(self, text: bytes | str) -> None:
        """DrawText(textPtr, textLength) $A704: at the pen, on the baseline; the pen
        advances by the text's width."""
        data = _encoded(text)
        st = self._state()
        mem = self.tb.mem
        v, h = read_point(mem, st.addr + PORT_PN_LOC)
        face = read_word(mem, st.addr + PORT_TX_FACE)
        mode = read_word(mem, st.addr + PORT_TX_MODE)
        ink = font.text_bits(data, bold=bool(face & BOLD), underline=bool(face & UNDERLINE))
        width = ink.shape[1]
        gv, gh = v - st.bounds[0], h - st.bounds[1]
        self.text_log.append((gh, gv, font.decode(data), st.addr))
        if len(self.text_log) > TEXT_LOG_LIMIT:
            del self.text_log[:TEXT_LOG_LIMIT // 2]     # a long session keeps the recent half
        if width:
            src = np.where(ink, np.uint8(st.fg), np.uint8(st.bg))
            top = v - font.ASCENT
            self._draw(st, (top, h, top + font.HEIGHT, h + width), mode, src=src, ink=ink)
        write_point(mem, st.addr + PORT_PN_LOC, (v, h + width))

    # ---- cursor -------------------------------------------------------------------------------
    def InitCursor(self) -> None:
        """InitCursor() $CA04: the arrow, visible."""
        self.cursor_adr = 0
        self.cursor_level = 0
        self.cursor_obscured = False

    def SetCursor(self, addr: int) -> None:
        """SetCursor(cursorPtr) $8E04."""
        self.cursor_adr = addr & 0xFFFFFF

    def GetCursorAdr(self) -> int:
        """GetCursorAdr() $8F04 -> cursorPtr (the arrow's record when it is the arrow)."""
        if self.cursor_adr:
            return self.cursor_adr
        return self.dp + DP_ARROW_CURSOR if self.started else 0

    def HideCursor(self) -> None:
        """HideCursor() $9004: cursor level - 1."""
        self.cursor_level -= 1

    def ShowCursor(self) -> None:
        """ShowCursor() $9104: cursor level + 1, never above 0 (visible)."""
        self.cursor_level = min(self.cursor_level + 1, 0)

    def ObscureCursor(self) -> None:
        """ObscureCursor() $9204: hidden until the mouse moves."""
        self.cursor_obscured = True

    def cursor_moved(self) -> None:
        """The host saw the mouse move: an obscured cursor shows again."""
        self.cursor_obscured = False

    @property
    def cursor_visible(self) -> bool:
        return self.started and self.cursor_level >= 0 and not self.cursor_obscured

    @property
    def cursor_shape(self) -> cursors.CursorShape:
        """The current cursor, decoded for the host to draw."""
        mode640 = bool(self.master_scb & SCB_640)
        if not self.cursor_adr:
            return cursors.arrow(mode640)
        return cursors.decode_cursor(self.tb.mem, self.cursor_adr, mode640)

    # ---- misc ---------------------------------------------------------------------------------
    def Random(self) -> int:
        """Random() $8604 -> a pseudo-random word."""
        return self._rng.getrandbits(16)

    def SetRandSeed(self, seed: int) -> None:
        """SetRandSeed(randomSeed) $8704."""
        self._rng.seed(seed)

    # ---- helpers for the other managers (global screen coordinates) --------------------------
    def _screen_pixels(self, rect: Rect) -> tuple[_PixelImage, Rect, bool]:
        mode640 = bool(self.master_scb & SCB_640)
        ok, r = sect_rect(rect, self._screen_bounds())
        return _PixelImage(self, SHR_PIXELS, SHR_ROW_BYTES), r if ok else (0, 0, 0, 0), mode640

    def save_bits(self, rect: Rect) -> bytes:
        """The pixel values of a global screen rect (one byte a pixel), for restore_bits."""
        image, r, mode640 = self._screen_pixels(rect)
        if empty_rect(r):
            return b""
        ppb = 4 if mode640 else 2
        b0, b1 = r[1] // ppb, -(-r[3] // ppb)
        px = unpack_pixels(image.get(r[0], r[2], b0, b1), mode640)
        return px[:, r[1] - b0 * ppb:r[3] - b0 * ppb].tobytes()

    def restore_bits(self, rect: Rect, bits: bytes) -> None:
        """Put back what save_bits(rect) returned."""
        image, r, mode640 = self._screen_pixels(rect)
        if empty_rect(r) or not bits:
            return
        ppb = 4 if mode640 else 2
        b0, b1 = r[1] // ppb, -(-r[3] // ppb)
        px = unpack_pixels(image.get(r[0], r[2], b0, b1), mode640)
        saved = np.frombuffer(bits, dtype=np.uint8).reshape(r[2] - r[0], r[3] - r[1])
        px[:, r[1] - b0 * ppb:r[3] - b0 * ppb] = saved
        image.put(r[0], b0, pack_pixels(px, mode640))


def _size(rect: Rect) -> tuple[int, int]:
    return rect[2] - rect[0], rect[3] - rect[1]


def _encoded(text: bytes | str) -> bytes:
    return font.encode(text) if isinstance(text, str) else bytes(text)


# --------------------------------------------------------------------------------------
# Tool-call adapters: decode the caller's records, call the core, write results back.
# Signatures are the Toolbox Reference's (vol. 2, ch. 16); words arrive unsigned.

def _qd(tb: Any) -> QuickDraw:
    return tb.qd


def _read_loc(mem: Any, addr: int) -> tuple[int, int, int, Rect]:
    """A LocInfo record: portSCB:W, ptrToPixImage:L, width:W, boundsRect:Rect."""
    return (read_word(mem, addr), read_long(mem, addr + 2) & 0xFFFFFF,
            read_word(mem, addr + 6), read_rect(mem, addr + 8))


@tool(4, 0x02, "WWWW")
def QDStartUp(tb, dp, mode, max_width, user_id):
    """QDStartUp(dPageAddr:W, masterSCB:W, maxWidth:W, userID:W)"""
    _qd(tb).QDStartUp(dp, mode, max_width, user_id)


@tool(4, 0x03)
def QDShutDown(tb):
    """QDShutDown()"""
    _qd(tb).QDShutDown()


@tool(4, 0x04, result=2)
def QDVersion(tb):
    """QDVersion() -> versionInfo:W"""
    return _qd(tb).QDVersion()


@tool(4, 0x0A)
def GrafOn(tb):
    """GrafOn()"""
    _qd(tb).GrafOn()


@tool(4, 0x0B)
def GrafOff(tb):
    """GrafOff()"""
    _qd(tb).GrafOff()


@tool(4, 0x0E, "WL")
def SetColorTable(tb, table, ptr):
    """SetColorTable(tableNumber:W, newTablePtr:L)"""
    _qd(tb).SetColorTable(table, [read_word(tb.mem, ptr + 2 * i) for i in range(16)])


@tool(4, 0x0F, "WL")
def GetColorTable(tb, table, ptr):
    """GetColorTable(tableNumber:W, saveTablePtr:L)"""
    for i, c in enumerate(_qd(tb).GetColorTable(table)):
        write_word(tb.mem, ptr + 2 * i, c)


@tool(4, 0x10, "WWW")
def SetColorEntry(tb, table, entry, color):
    """SetColorEntry(tableNumber:W, entryNumber:W, newColor:W)"""
    _qd(tb).SetColorEntry(table, entry, color)


@tool(4, 0x11, "WW", 2)
def GetColorEntry(tb, table, entry):
    """GetColorEntry(tableNumber:W, entryNumber:W) -> color:W"""
    return _qd(tb).GetColorEntry(table, entry)


@tool(4, 0x12, "WW")
def SetSCB(tb, line, scb):
    """SetSCB(scanLine:W, newSCB:W)"""
    _qd(tb).SetSCB(line, scb)


@tool(4, 0x13, "W", 2)
def GetSCB(tb, line):
    """GetSCB(scanLine:W) -> scb:W"""
    return _qd(tb).GetSCB(line)


@tool(4, 0x14, "W")
def SetAllSCBs(tb, scb):
    """SetAllSCBs(newSCB:W)"""
    _qd(tb).SetAllSCBs(scb)


@tool(4, 0x15, "W")
def ClearScreen(tb, color_word):
    """ClearScreen(colorWord:W)"""
    _qd(tb).ClearScreen(color_word)


@tool(4, 0x16, "W")
def SetMasterSCB(tb, scb):
    """SetMasterSCB(masterSCB:W)"""
    _qd(tb).SetMasterSCB(scb)


@tool(4, 0x17, result=2)
def GetMasterSCB(tb):
    """GetMasterSCB() -> masterSCB:W"""
    return _qd(tb).GetMasterSCB()


@tool(4, 0x18, "L")
def OpenPort(tb, port):
    """OpenPort(portPtr:L)"""
    _qd(tb).OpenPort(port & 0xFFFFFF)


@tool(4, 0x19, "L")
def InitPort(tb, port):
    """InitPort(portPtr:L)"""
    _qd(tb).InitPort(port & 0xFFFFFF)


@tool(4, 0x1A, "L")
def ClosePort(tb, port):
    """ClosePort(portPtr:L)"""
    _qd(tb).ClosePort(port & 0xFFFFFF)


@tool(4, 0x1B, "L")
def SetPort(tb, port):
    """SetPort(portPtr:L)"""
    _qd(tb).SetPort(port)


@tool(4, 0x1C, result=4)
def GetPort(tb):
    """GetPort() -> portPtr:L"""
    return _qd(tb).GetPort()


@tool(4, 0x1D, "L")
def SetPortLoc(tb, ptr):
    """SetPortLoc(locInfoPtr:L)"""
    _qd(tb).SetPortLoc(_read_loc(tb.mem, ptr))


@tool(4, 0x1E, "L")
def GetPortLoc(tb, ptr):
    """GetPortLoc(locInfoPtr:L)"""
    scb, pix, width, bounds = _qd(tb).GetPortLoc()
    write_word(tb.mem, ptr, scb)
    write_long(tb.mem, ptr + 2, pix)
    write_word(tb.mem, ptr + 6, width)
    write_rect(tb.mem, ptr + 8, bounds)


@tool(4, 0x1F, "L")
def SetPortRect(tb, ptr):
    """SetPortRect(rectPtr:L)"""
    _qd(tb).SetPortRect(read_rect(tb.mem, ptr))


@tool(4, 0x20, "L")
def GetPortRect(tb, ptr):
    """GetPortRect(rectPtr:L)"""
    write_rect(tb.mem, ptr, _qd(tb).GetPortRect())


@tool(4, 0x21, "WW")
def SetPortSize(tb, width, height):
    """SetPortSize(portWidth:W, portHeight:W)"""
    _qd(tb).SetPortSize(s16(width), s16(height))


@tool(4, 0x22, "WW")
def MovePortTo(tb, h, v):
    """MovePortTo(h:W, v:W)"""
    _qd(tb).MovePortTo(s16(h), s16(v))


@tool(4, 0x23, "WW")
def SetOrigin(tb, h, v):
    """SetOrigin(h:W, v:W)"""
    _qd(tb).SetOrigin(s16(h), s16(v))


@tool(4, 0x24, "L")
def SetClip(tb, rgn):
    """SetClip(rgnHandle:L)"""
    _qd(tb).SetClip(rgn & 0xFFFFFF)


@tool(4, 0x25, "L")
def GetClip(tb, rgn):
    """GetClip(rgnHandle:L)"""
    _qd(tb).GetClip(rgn & 0xFFFFFF)


@tool(4, 0x26, "L")
def ClipRect(tb, ptr):
    """ClipRect(rectPtr:L)"""
    _qd(tb).ClipRect(read_rect(tb.mem, ptr))


@tool(4, 0x27)
def HidePen(tb):
    """HidePen()"""
    _qd(tb).HidePen()


@tool(4, 0x28)
def ShowPen(tb):
    """ShowPen()"""
    _qd(tb).ShowPen()


@tool(4, 0x29, "L")
def GetPen(tb, ptr):
    """GetPen(pointPtr:L)"""
    write_point(tb.mem, ptr, _qd(tb).GetPen())


@tool(4, 0x2C, "WW")
def SetPenSize(tb, width, height):
    """SetPenSize(penWidth:W, penHeight:W)"""
    _qd(tb).SetPenSize(s16(width), s16(height))


@tool(4, 0x2D, "L")
def GetPenSize(tb, ptr):
    """GetPenSize(pointPtr:L): the size as a Point (v = height, h = width)"""
    width, height = _qd(tb).GetPenSize()
    write_point(tb.mem, ptr, (height, width))


@tool(4, 0x2E, "W")
def SetPenMode(tb, mode):
    """SetPenMode(penMode:W)"""
    _qd(tb).SetPenMode(mode)


@tool(4, 0x2F, result=2)
def GetPenMode(tb):
    """GetPenMode() -> penMode:W"""
    return _qd(tb).GetPenMode()


@tool(4, 0x30, "L")
def SetPenPat(tb, ptr):
    """SetPenPat(patternPtr:L)"""
    _qd(tb).SetPenPat(read_bytes(tb.mem, ptr, 32))


@tool(4, 0x31, "L")
def GetPenPat(tb, ptr):
    """GetPenPat(patternPtr:L)"""
    write_bytes(tb.mem, ptr, _qd(tb).GetPenPat())


@tool(4, 0x34, "L")
def SetBackPat(tb, ptr):
    """SetBackPat(patternPtr:L)"""
    _qd(tb).SetBackPat(read_bytes(tb.mem, ptr, 32))


@tool(4, 0x35, "L")
def GetBackPat(tb, ptr):
    """GetBackPat(patternPtr:L)"""
    write_bytes(tb.mem, ptr, _qd(tb).GetBackPat())


@tool(4, 0x36)
def PenNormal(tb):
    """PenNormal()"""
    _qd(tb).PenNormal()


@tool(4, 0x37, "W")
def SetSolidPenPat(tb, color):
    """SetSolidPenPat(colorNum:W)"""
    _qd(tb).SetSolidPenPat(color)


@tool(4, 0x38, "W")
def SetSolidBackPat(tb, color):
    """SetSolidBackPat(colorNum:W)"""
    _qd(tb).SetSolidBackPat(color)


@tool(4, 0x3A, "WW")
def MoveTo(tb, h, v):
    """MoveTo(h:W, v:W)"""
    _qd(tb).MoveTo(s16(h), s16(v))


@tool(4, 0x3B, "WW")
def Move(tb, dh, dv):
    """Move(dH:W, dV:W)"""
    _qd(tb).Move(s16(dh), s16(dv))


@tool(4, 0x3C, "WW")
def LineTo(tb, h, v):
    """LineTo(h:W, v:W)"""
    _qd(tb).LineTo(s16(h), s16(v))


@tool(4, 0x3D, "WW")
def Line(tb, dh, dv):
    """Line(dH:W, dV:W)"""
    _qd(tb).Line(s16(dh), s16(dv))


@tool(4, 0x4A, "LWWWW")
def SetRect(tb, ptr, left, top, right, bottom):
    """SetRect(rectPtr:L, left:W, top:W, right:W, bottom:W)"""
    write_rect(tb.mem, ptr, set_rect(s16(left), s16(top), s16(right), s16(bottom)))


@tool(4, 0x4B, "LWW")
def OffsetRect(tb, ptr, dh, dv):
    """OffsetRect(rectPtr:L, dH:W, dV:W)"""
    write_rect(tb.mem, ptr, offset_rect(read_rect(tb.mem, ptr), s16(dh), s16(dv)))


@tool(4, 0x4C, "LWW")
def InsetRect(tb, ptr, dh, dv):
    """InsetRect(rectPtr:L, dH:W, dV:W)"""
    write_rect(tb.mem, ptr, inset_rect(read_rect(tb.mem, ptr), s16(dh), s16(dv)))


@tool(4, 0x4D, "LLL", 2)
def SectRect(tb, p1, p2, dest):
    """SectRect(rect1Ptr:L, rect2Ptr:L, destRectPtr:L) -> nonEmpty:W"""
    ok, r = sect_rect(read_rect(tb.mem, p1), read_rect(tb.mem, p2))
    write_rect(tb.mem, dest, r)
    return int(ok)


@tool(4, 0x4E, "LLL")
def UnionRect(tb, p1, p2, dest):
    """UnionRect(rect1Ptr:L, rect2Ptr:L, destRectPtr:L)"""
    write_rect(tb.mem, dest, union_rect(read_rect(tb.mem, p1), read_rect(tb.mem, p2)))


@tool(4, 0x4F, "LL", 2)
def PtInRect(tb, pt_ptr, rect_ptr):
    """PtInRect(pointPtr:L, rectPtr:L) -> inRect:W"""
    return int(pt_in_rect(read_point(tb.mem, pt_ptr), read_rect(tb.mem, rect_ptr)))


@tool(4, 0x51, "LL", 2)
def EqualRect(tb, p1, p2):
    """EqualRect(rect1Ptr:L, rect2Ptr:L) -> equal:W"""
    return int(read_rect(tb.mem, p1) == read_rect(tb.mem, p2))


@tool(4, 0x52, "L", 2)
def NotEmptyRect(tb, ptr):
    """NotEmptyRect(rectPtr:L) -> notEmpty:W (TRUE, $0001, when right > left and
    bottom > top; the Toolbox has no 'EmptyRect' call)."""
    return int(not empty_rect(read_rect(tb.mem, ptr)))


def _rect_call(method: str):
    def adapter(tb, ptr):
        getattr(_qd(tb), method)(read_rect(tb.mem, ptr))
    adapter.__doc__ = f"{method}(rectPtr:L)"
    return adapter


def _rrect_call(method: str):
    def adapter(tb, ptr, oval_w, oval_h):
        getattr(_qd(tb), method)(read_rect(tb.mem, ptr), s16(oval_w), s16(oval_h))
    adapter.__doc__ = f"{method}(rectPtr:L, ovalWidth:W, ovalHeight:W)"
    return adapter


# Shape calls: one row each, same stack shape within a family.
for _num, _name in ((0x53, "FrameRect"), (0x54, "PaintRect"), (0x55, "EraseRect"),
                    (0x56, "InvertRect"), (0x58, "FrameOval"), (0x59, "PaintOval"),
                    (0x5A, "EraseOval"), (0x5B, "InvertOval")):
    tool(4, _num, "L", name=_name)(_rect_call(_name))
for _num, _name in ((0x5D, "FrameRRect"), (0x5E, "PaintRRect"), (0x5F, "EraseRRect"),
                    (0x60, "InvertRRect")):
    tool(4, _num, "LWW", name=_name)(_rrect_call(_name))


@tool(4, 0x57, "LL")
def FillRect(tb, rect_ptr, pat_ptr):
    """FillRect(rectPtr:L, patternPtr:L)"""
    _qd(tb).FillRect(read_rect(tb.mem, rect_ptr), read_bytes(tb.mem, pat_ptr, 32))


@tool(4, 0x5C, "LL")
def FillOval(tb, rect_ptr, pat_ptr):
    """FillOval(rectPtr:L, patternPtr:L)"""
    _qd(tb).FillOval(read_rect(tb.mem, rect_ptr), read_bytes(tb.mem, pat_ptr, 32))


@tool(4, 0x61, "LWWL")
def FillRRect(tb, rect_ptr, oval_w, oval_h, pat_ptr):
    """FillRRect(rectPtr:L, ovalWidth:W, ovalHeight:W, patternPtr:L)"""
    _qd(tb).FillRRect(read_rect(tb.mem, rect_ptr), s16(oval_w), s16(oval_h),
                      read_bytes(tb.mem, pat_ptr, 32))


@tool(4, 0x67, result=4)
def NewRgn(tb):
    """NewRgn() -> rgnHandle:L"""
    return _qd(tb).NewRgn()


@tool(4, 0x68, "L")
def DisposeRgn(tb, rgn):
    """DisposeRgn(rgnHandle:L)"""
    _qd(tb).DisposeRgn(rgn & 0xFFFFFF)


@tool(4, 0x69, "LL")
def CopyRgn(tb, src, dst):
    """CopyRgn(srcRgnHandle:L, destRgnHandle:L)"""
    _qd(tb).CopyRgn(src & 0xFFFFFF, dst & 0xFFFFFF)


@tool(4, 0x6A, "L")
def SetEmptyRgn(tb, rgn):
    """SetEmptyRgn(rgnHandle:L)"""
    _qd(tb).SetEmptyRgn(rgn & 0xFFFFFF)


@tool(4, 0x6B, "LWWWW")
def SetRectRgn(tb, rgn, left, top, right, bottom):
    """SetRectRgn(rgnHandle:L, left:W, top:W, right:W, bottom:W)"""
    _qd(tb).SetRectRgn(rgn & 0xFFFFFF, s16(left), s16(top), s16(right), s16(bottom))


@tool(4, 0x6C, "LL")
def RectRgn(tb, rgn, ptr):
    """RectRgn(rgnHandle:L, rectPtr:L)"""
    _qd(tb).RectRgn(rgn & 0xFFFFFF, read_rect(tb.mem, ptr))


@tool(4, 0x7F, "L")
def PaintPixels(tb, ptr):
    """PaintPixels(paintParamPtr:L): {srcLoc:L, destLoc:L, srcRect:L, destPt:L, mode:W,
    maskHandle:L}"""
    mem = tb.mem
    _qd(tb).PaintPixels(_read_loc(mem, read_long(mem, ptr)),
                        _read_loc(mem, read_long(mem, ptr + 4)),
                        read_rect(mem, read_long(mem, ptr + 8)),
                        read_point(mem, read_long(mem, ptr + 12)), read_word(mem, ptr + 16))


@tool(4, 0x84, "L")
def LocalToGlobal(tb, ptr):
    """LocalToGlobal(pointPtr:L)"""
    write_point(tb.mem, ptr, _qd(tb).LocalToGlobal(read_point(tb.mem, ptr)))


@tool(4, 0x85, "L")
def GlobalToLocal(tb, ptr):
    """GlobalToLocal(pointPtr:L)"""
    write_point(tb.mem, ptr, _qd(tb).GlobalToLocal(read_point(tb.mem, ptr)))


@tool(4, 0x86, result=2)
def Random(tb):
    """Random() -> randomNum:W"""
    return _qd(tb).Random()


@tool(4, 0x87, "L")
def SetRandSeed(tb, seed):
    """SetRandSeed(randomSeed:L)"""
    _qd(tb).SetRandSeed(seed)


@tool(4, 0x88, "WW", 2)
def GetPixel(tb, h, v):
    """GetPixel(h:W, v:W) -> pixel:W"""
    return _qd(tb).GetPixel(s16(h), s16(v))


@tool(4, 0x8E, "L")
def SetCursor(tb, ptr):
    """SetCursor(cursorPtr:L)"""
    _qd(tb).SetCursor(ptr)


@tool(4, 0x8F, result=4)
def GetCursorAdr(tb):
    """GetCursorAdr() -> cursorPtr:L"""
    return _qd(tb).GetCursorAdr()


@tool(4, 0x90)
def HideCursor(tb):
    """HideCursor()"""
    _qd(tb).HideCursor()


@tool(4, 0x91)
def ShowCursor(tb):
    """ShowCursor()"""
    _qd(tb).ShowCursor()


@tool(4, 0x92)
def ObscureCursor(tb):
    """ObscureCursor()"""
    _qd(tb).ObscureCursor()


@tool(4, 0x94, "L")
def SetFont(tb, handle):
    """SetFont(newFontHandle:L)"""
    _qd(tb).SetFont(handle)


@tool(4, 0x95, result=4)
def GetFont(tb):
    """GetFont() -> fontHandle:L"""
    return _qd(tb).GetFont()


@tool(4, 0x96, "L")
def GetFontInfo(tb, ptr):
    """GetFontInfo(fontInfoRecPtr:L): {ascent, descent, widMax, leading}"""
    for i, x in enumerate(_qd(tb).GetFontInfo()):
        write_word(tb.mem, ptr + 2 * i, x)


@tool(4, 0x9A, "W")
def SetTextFace(tb, face):
    """SetTextFace(textFace:W)"""
    _qd(tb).SetTextFace(face)


@tool(4, 0x9B, result=2)
def GetTextFace(tb):
    """GetTextFace() -> textFace:W"""
    return _qd(tb).GetTextFace()


@tool(4, 0x9C, "W")
def SetTextMode(tb, mode):
    """SetTextMode(textMode:W)"""
    _qd(tb).SetTextMode(mode)


@tool(4, 0x9D, result=2)
def GetTextMode(tb):
    """GetTextMode() -> textMode:W"""
    return _qd(tb).GetTextMode()


@tool(4, 0xA0, "W")
def SetForeColor(tb, color):
    """SetForeColor(foreColor:W)"""
    _qd(tb).SetForeColor(color)


@tool(4, 0xA1, result=2)
def GetForeColor(tb):
    """GetForeColor() -> foreColor:W"""
    return _qd(tb).GetForeColor()


@tool(4, 0xA2, "W")
def SetBackColor(tb, color):
    """SetBackColor(backColor:W)"""
    _qd(tb).SetBackColor(color)


@tool(4, 0xA3, result=2)
def GetBackColor(tb):
    """GetBackColor() -> backColor:W"""
    return _qd(tb).GetBackColor()


@tool(4, 0xA4, "W")
def DrawChar(tb, code):
    """DrawChar(theChar:W)"""
    _qd(tb).DrawChar(code)


@tool(4, 0xA5, "L")
def DrawString(tb, ptr):
    """DrawString(stringPtr:L)"""
    _qd(tb).DrawString(read_pstring(tb.mem, ptr))


@tool(4, 0xA6, "L")
def DrawCString(tb, ptr):
    """DrawCString(cStringPtr:L)"""
    _qd(tb).DrawCString(read_cstring(tb.mem, ptr))


@tool(4, 0xA7, "LW")
def DrawText(tb, ptr, length):
    """DrawText(textPtr:L, textLength:W)"""
    _qd(tb).DrawText(read_bytes(tb.mem, ptr, length))


@tool(4, 0xA8, "W", 2)
def CharWidth(tb, code):
    """CharWidth(theChar:W) -> width:W"""
    return _qd(tb).CharWidth(code)


@tool(4, 0xA9, "L", 2)
def StringWidth(tb, ptr):
    """StringWidth(stringPtr:L) -> width:W"""
    return _qd(tb).StringWidth(read_pstring(tb.mem, ptr))


@tool(4, 0xAA, "L", 2)
def CStringWidth(tb, ptr):
    """CStringWidth(cStringPtr:L) -> width:W"""
    return _qd(tb).CStringWidth(read_cstring(tb.mem, ptr))


@tool(4, 0xAB, "LW", 2)
def TextWidth(tb, ptr, length):
    """TextWidth(textPtr:L, textLength:W) -> width:W"""
    return _qd(tb).TextWidth(read_bytes(tb.mem, ptr, length))


@tool(4, 0xCA)
def InitCursor(tb):
    """InitCursor()"""
    _qd(tb).InitCursor()


@tool(4, 0xD0, "L")
def SetFontID(tb, font_id):
    """SetFontID(newFontID:L)"""
    _qd(tb).SetFontID(font_id)


@tool(4, 0xD1, result=4)
def GetFontID(tb):
    """GetFontID() -> fontID:L"""
    return _qd(tb).GetFontID()


@tool(4, 0xD2, "W")
def SetTextSize(tb, size):
    """SetTextSize(textSize:W)"""
    _qd(tb).SetTextSize(size)


@tool(4, 0xD3, result=2)
def GetTextSize(tb):
    """GetTextSize() -> textSize:W"""
    return _qd(tb).GetTextSize()


@tool(4, 0xD6, "LLWWW")
def PPToPort(tb, loc_ptr, rect_ptr, dest_h, dest_v, mode):
    """PPToPort(srcLocPtr:L, srcRectPtr:L, destX:W, destY:W, transferMode:W)"""
    _qd(tb).PPToPort(_read_loc(tb.mem, loc_ptr), read_rect(tb.mem, rect_ptr),
                     s16(dest_h), s16(dest_v), mode)
