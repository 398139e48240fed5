"""QuickDraw II's core (`tb.qd`): the state of the tool set, made of one mixin per part
(screen, regions, ports, pen, drawing, polygons, text), plus the cursor, Random and the helpers
other managers use (save_bits / restore_bits, text_log, cursor_visible, cursor_shape).

Each method is one call, NAMED AS IN THE TOOLBOX REFERENCE (vol. 2, ch. 16), taking
Python values; toolbox/quickdraw/adapters.py decodes the stack and records.
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np

from toolbox import cursor as cursors
from toolbox.quickdraw.drawing import DrawingMixin
from toolbox.quickdraw.fields import FieldsMixin
from toolbox.quickdraw.geometry import empty_rect, sect_rect
from toolbox.quickdraw.pen import PenMixin
from toolbox.quickdraw.pixels import pack_pixels, _PixelImage, unpack_pixels
from toolbox.quickdraw.polygons import PolygonsMixin
from toolbox.quickdraw.ports import PortsMixin, _PortState
from toolbox.quickdraw.records import (DP_ARROW_CURSOR, MODE_640, Point, PRIVATE_REGIONS,
                                       Rect, SCB_640, SHR_PIXELS, SHR_ROW_BYTES)
from toolbox.quickdraw.regions import RegionsMixin
from toolbox.quickdraw.screen import ScreenMixin
from toolbox.quickdraw.text import TextMixin
from toolbox.toolbox import tool_state


@tool_state("qd")
class QuickDraw(ScreenMixin, RegionsMixin, PortsMixin, PenMixin, DrawingMixin,
                PolygonsMixin, TextMixin, FieldsMixin):
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
        # Bytes of pixel images changed so far: the dispatcher charges a call for the
        # pixels it drew (toolbox.costs).
        self.bytes_drawn = 0
        self.dp = 0
        self.user_id = 0
        self.master_scb = MODE_640
        self.port = 0
        self._port_state: _PortState | None = None     # the last one decoded (ports.py)
        self.regions: dict[int, Rect] = {}
        self._next_private_rgn = PRIVATE_REGIONS
        self.region_shapes: dict[int, tuple] = {}    # token regions that are not rects
        # OpenRgn's recordings by the rgnSave handle: (lines, shapes XORed so far)
        self.region_recordings: dict[int, tuple[list, tuple]] = {}
        self.polygons: dict[int, bytes] = {}        # token polygons (no Memory Manager)
        self.open_points: dict[int, list[Point]] = {}   # the points of an open polygon
        self.text_log: list[tuple[int, int, str, int]] = []
        self.cursor_level = -1        # 0 = visible; HideCursor decrements
        self.cursor_obscured = False
        self.cursor_adr = 0           # 0 = the built-in arrow
        self.colors_640 = 0           # Get640Colors' table, made when first asked
        self._rng = random.Random(0)


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

    def screen_mode640(self) -> bool | None:
        """640 mode by the master SCB once QDStartUp has set one, else None: what the
        host maps the mouse in (iigs.framesource.FrameSource, through the Toolbox)."""
        return bool(self.master_scb & SCB_640) if self.started else None

    def visible_cursor(self) -> cursors.CursorShape | None:
        """The cursor the host draws at the mouse, or None while hidden or obscured."""
        return self.cursor_shape if self.cursor_visible else None

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
        self.bytes_drawn += (r[2] - r[0]) * (b1 - b0)
        image.put(r[0], b0, pack_pixels(px, mode640))
