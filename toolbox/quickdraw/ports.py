"""QuickDraw II's ports: the GrafPort record, the current port, its location, rectangle,
origin and clipping, local and global coordinates, and rectangles under their Toolbox
names.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (the GrafPort of types.h; port and
coordinate calls). The state of a port lives in its record in memory: a drawing call
reads the record (and its regions' rectangles) each time, so a program that pokes its own
port sees the same result as on the real machine. What is derived from them (`_PortState`)
is kept while the bytes are the same: comparing the record is cheaper than decoding it.
"""
from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from iigs.memory import (read_bytes, read_long, read_word, write_bytes, write_long,
                         write_word)

from iigs import font
from toolbox.calls import ToolError, s16
from toolbox.quickdraw.geometry import (empty_rect, inset_rect, offset_rect, pt_in_rect,
                                        read_rect, sect_rect, set_rect, union_rect,
                                        write_point, write_rect)
from toolbox.quickdraw import rgndata
from toolbox.quickdraw.pixels import _PixelImage
from toolbox.quickdraw.records import (MODE_COPY, NOT_INIT_ERR, Point, PORT_ARC_ROT,
                                       PORT_BG_COLOR, PORT_BK_PAT, PORT_BOUNDS,
                                       PORT_CLIP_RGN, PORT_FG_COLOR, PORT_FONT_ID,
                                       PORT_PIX_IMAGE, PORT_PN_MASK, PORT_PN_MODE,
                                       PORT_PN_PAT, PORT_PN_SIZE, PORT_PN_VIS, PORT_RECT,
                                       PORT_SCB, PORT_SIZE, PORT_TX_SIZE, PORT_VIS_RGN,
                                       PORT_WIDTH, Rect, SCB_640, SCREEN_LINES, SHR_PIXELS,
                                       SHR_ROW_BYTES, SOLID_BLACK, SOLID_WHITE,
                                       SYSTEM_FONT_ID, WIDE_OPEN)

if TYPE_CHECKING:                   # the core, which is made of these parts
    from toolbox.quickdraw.core import QuickDraw


# The GrafPort fields a drawing call needs, in one unpack of the record:
# portSCB, ptrToPixImage, width, boundsRect, portRect, clipRgn, visRgn
_PORT_HEAD = struct.Struct("<HIH4h4hII")
_PORT_REGIONS = struct.Struct("<II")        # clipRgn, visRgn


_Place = tuple[bool, int, _PixelImage, Rect, Rect]


def _place(qd: "QuickDraw", record: bytes,
           regions: tuple[Rect | None, Rect | None]) -> _Place:
    """Where a port draws, from its record's head (LocInfo, portRect) and its regions:
    (mode640, full pixel value, pixel image, boundsRect, the clip of every call)."""
    head = _PORT_HEAD.unpack_from(record)
    mode640 = bool(head[0] & SCB_640)
    bounds = head[3:7]
    clip = sect_rect(bounds, head[7:11])[1]
    for rgn in regions[:2]:
        if rgn is not None:
            clip = sect_rect(clip, rgn)[1]
    return mode640, 3 if mode640 else 15, _PixelImage(qd, head[1] & 0xFFFFFF, head[2]), \
        bounds, clip


class _PortState:
    """The fields of the current port a drawing call needs, decoded from the record's
    bytes and its regions' rectangles (`regions`, clip then visible, then the shape
    the two make together when one is not a rectangle, else None). `place` (see
    _place) depends only on the record's first PORT_BK_PAT bytes and the regions, so a
    state whose pen or colours changed reuses its predecessor's."""

    __slots__ = ("addr", "record", "regions", "place", "mode640", "full", "image", "bounds",
                 "clip", "shape", "fg", "bg", "wide", "pen_mode", "pen_pat", "bk_pat",
                 "pen_visible")

    def __init__(self, qd: "QuickDraw", addr: int, record: bytes,
                 regions: tuple[Rect | None, Rect | None, tuple | None],
                 place: _Place | None = None) -> None:
        self.addr, self.record, self.regions = addr, record, regions
        self.place = place = _place(qd, record, regions) if place is None else place
        self.mode640, self.full, self.image, self.bounds, self.clip = place
        self.shape = regions[2]
        self.fg = self.word(PORT_FG_COLOR) & self.full
        self.bg = self.word(PORT_BG_COLOR) & self.full
        # 640 mode, arcRot bit 15: patterns 16 pixels wide (all 32 bytes, TN #6)
        self.wide = self.mode640 and bool(self.word(PORT_ARC_ROT) & 0x8000)
        self.pen_mode = self.word(PORT_PN_MODE)
        self.pen_pat = self.pattern(PORT_PN_PAT)
        self.bk_pat = self.pattern(PORT_BK_PAT)
        self.pen_visible = s16(self.word(PORT_PN_VIS)) >= 0

    @classmethod
    def of_loc(cls, qd: "QuickDraw", loc: tuple[int, int, int, Rect]) -> "_PortState":
        """A port-less destination: a LocInfo, clipped to its boundsRect only."""
        st = cls.__new__(cls)
        scb, ptr, width, bounds = loc
        st.addr, st.record, st.regions = 0, bytes(PORT_SIZE), (None, None, None)
        st.shape = None
        st.mode640 = bool(scb & SCB_640)
        st.full = 3 if st.mode640 else 15
        st.image = _PixelImage(qd, ptr & 0xFFFFFF, width)
        st.bounds = st.clip = tuple(bounds)
        st.place = (st.mode640, st.full, st.image, st.bounds, st.clip)
        st.fg, st.bg, st.wide = 0, 0, False
        st.pen_mode, st.pen_pat, st.bk_pat, st.pen_visible = MODE_COPY, SOLID_BLACK, \
            SOLID_WHITE, True
        return st

    def word(self, offset: int) -> int:
        return self.record[offset] | (self.record[offset + 1] << 8)

    def pattern(self, offset: int) -> bytes:
        return self.record[offset:offset + 32]


class PortsMixin:
    """QuickDraw's port, clipping and coordinate calls."""

    _clip_cache: tuple | None = None        # (the two regions' records, their shape)

    # ---- ports ---------------------------------------------------------------------------
    def _require_port(self) -> int:
        if not self.port:
            raise ToolError(NOT_INIT_ERR, "QuickDraw II has no current port")
        return self.port

    def _state(self) -> _PortState:
        """The current port's state. The record and its regions' rectangles are read at
        every call (a program may have poked them); the decoded state is reused while
        they read the same as last time."""
        addr = self._require_port()
        record = read_bytes(self.tb.mem, addr, PORT_SIZE)
        clip, vis = _PORT_REGIONS.unpack_from(record, PORT_CLIP_RGN)
        (clip_rect, clip_plain), (vis_rect, vis_plain) = (self.region_head(clip),
                                                          self.region_head(vis))
        regions = (clip_rect, vis_rect,
                   None if clip_plain and vis_plain else self._clip_shape(clip, vis))
        st = self._port_state
        if st is None or st.addr != addr or st.regions != regions:
            st = _PortState(self, addr, record, regions)
        elif st.record == record:
            return st
        elif st.record[:PORT_BK_PAT] == record[:PORT_BK_PAT]:
            st = _PortState(self, addr, record, regions, st.place)    # pen or colours
        else:
            st = _PortState(self, addr, record, regions)
        self._port_state = st
        return st

    def _clip_shape(self, clip: int, vis: int) -> tuple | None:
        """The pixels the clip and visible regions leave, when one is not a rectangle
        (else None: the rectangles clip on their own)."""
        if self.region_is_rect(clip) and self.region_is_rect(vis):
            return None
        # the same two records as last time give the same shape: keep it
        key = (self.region_record(clip), self.region_record(vis))
        cached = self._clip_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        shape = rgndata.combine(self.region_shape(clip), self.region_shape(vis),
                                rgndata.SECT)
        self._clip_cache = (key, shape)
        return shape

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
            self.OffsetRgn(vis, dh, dv)

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
        shape = self.region_shape(handle)
        self.ClipRect((0, 0, 0, 0))              # makes the port a clip region if none
        self.set_region_shape(read_long(self.tb.mem, self.port + PORT_CLIP_RGN), shape)

    def GetClip(self, handle: int) -> None:
        """GetClip(rgnHandle) $2504: copy the port's clip region into the region."""
        self.CopyRgn(read_long(self.tb.mem, self._require_port() + PORT_CLIP_RGN), handle)

    def SetVisRgn(self, handle: int) -> None:
        """SetVisRgn(rgnHandle) $B404: the port's visible region := a copy."""
        port, mem = self._require_port(), self.tb.mem
        vis = read_long(mem, port + PORT_VIS_RGN)
        if vis not in self.regions:
            vis = self.NewRgn()
            write_long(mem, port + PORT_VIS_RGN, vis)
        self.CopyRgn(handle, vis)

    def GetVisRgn(self, handle: int) -> None:
        """GetVisRgn(rgnHandle) $B504: copy the port's visible region into the region."""
        self.CopyRgn(read_long(self.tb.mem, self._require_port() + PORT_VIS_RGN), handle)

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
