"""QuickDraw II's regions, rectangular: NewRgn, RectRgn, CopyRgn and friends.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (regions). A region handle's
block holds the 10-byte header {rgnSize, rgnBBox}, read at each drawing call; with no
Memory Manager (a core tested alone) the core hands out token handles and keeps their
rectangles itself.
"""
from __future__ import annotations

from iigs.memory import write_word

from toolbox.calls import ToolError
from toolbox.quickdraw.geometry import empty_rect, read_rect, write_rect
from toolbox.quickdraw.records import PRIVATE_REGIONS, Rect, RGN_SIZE


class RegionsMixin:
    """QuickDraw's region calls (rectangular regions)."""

    # ---- regions (rectangular) ---------------------------------------------------------
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
        if self.regions.pop(handle, None) is not None and handle < PRIVATE_REGIONS:
            self.tb.mm.dispose(handle)

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
        if handle >= PRIVATE_REGIONS:
            return self.regions.get(handle)
        try:
            addr = self.tb.mm.deref(handle)
        except ToolError:
            return None
        return read_rect(self.tb.mem, addr + 2) if addr else None

    def _write_region(self, handle: int) -> None:
        if handle >= PRIVATE_REGIONS:
            return
        addr = self.tb.mm.deref(handle)
        write_word(self.tb.mem, addr, RGN_SIZE)
        write_rect(self.tb.mem, addr + 2, self.regions[handle])
