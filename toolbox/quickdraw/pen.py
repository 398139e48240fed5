"""QuickDraw II's pen: its size, mode, pattern, colours and location, and the lines it
draws (MoveTo, LineTo, Line).

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (the pen; lines are the pen
rectangle dragged from point to point, hanging below and to the right).
"""
from __future__ import annotations

import numpy as np

from iigs.memory import read_bytes, read_word, write_bytes, write_word

from toolbox.calls import s16
from toolbox.quickdraw.geometry import read_point, write_point
from toolbox.quickdraw.pixels import line_points, solid_pattern
from toolbox.quickdraw.records import (MODE_COPY, Point, PORT_BG_COLOR, PORT_BK_PAT,
                                       PORT_FG_COLOR, PORT_PN_LOC, PORT_PN_MODE,
                                       PORT_PN_PAT, PORT_PN_SIZE, PORT_PN_VIS, PORT_SCB,
                                       SCB_640, SOLID_BLACK)


# Get640Colors' table. Assumed (docs/compatibility.md; Apple's table itself was not at
# hand): colour n is the pattern whose every byte is n * $11, so each pair of 640-mode
# pixels is (n >> 2, n & 3) -- an even-column colour of the standard 640 palette beside
# an odd-column one, the 4 x 4 = 16 dithered colours.
COLORS_640 = 16
PATTERN_SIZE = 32
LOCKED_FIXED = 0xC000          # attrLocked | attrFixed
SYSTEM_OWNER = 0x1000          # the table's owner when no program has a user ID yet


def pattern_640(color: int) -> bytes:
    """Dithered 640-mode colour `color` (0-15) as a 32-byte pattern."""
    return bytes([(color & 0x0F) * 0x11]) * PATTERN_SIZE


class PenMixin:
    """QuickDraw's pen calls and lines."""

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

    def Get640Colors(self) -> int:
        """Get640Colors() $DA04 -> patternPtr: the 16 dithered 640-mode colours (System 6),
        one 32-byte pattern each, made once per QDStartUp in a locked block of QuickDraw's
        user ID (the Menu Manager reads its colours from it)."""
        if not self.colors_640:
            owner = self.user_id or self.tb.mm.app_user_id or SYSTEM_OWNER
            handle = self.tb.mm.new_handle(COLORS_640 * PATTERN_SIZE, owner, LOCKED_FIXED)
            self.colors_640 = self.tb.mm.deref(handle)
            write_bytes(self.tb.mem, self.colors_640,
                        b"".join(pattern_640(c) for c in range(COLORS_640)))
        return self.colors_640

    def Set640Color(self, color: int) -> None:
        """Set640Color(color) $DB04: the pen pattern becomes the colour's dithered 640-mode
        pattern (Get640Colors' entry color & $F)."""
        self.SetPenPat(pattern_640(color))

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
        self._record_poly_line((v0, h0), (v, h))
        self._record_rgn_line((v0, h0), (v, h))
        self.MoveTo(h, v)
        self._pen_line(v0, h0, v, h)

    def _pen_line(self, v0: int, h0: int, v: int, h: int) -> None:
        """The pen rectangle dragged from (h0, v0) to (h, v); the pen does not move."""
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
