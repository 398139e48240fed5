"""QuickDraw II's plain GrafPort fields and globals: the pen state and mask, the
handles and values a program keeps in the port (clipRgn, visRgn, picSave, grafProcs,
userField, sysField), font flags, space and character extra, arcRot, the system font,
the text buffer's dimensions and the housekeeping calls.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 and ORCA/C's types.h (the
GrafPort's fields; PenState = pnLoc, pnSize, pnMode, pnPat, pnMask, the port's bytes
$40-$71 in the same order) and vol. 3, ch. 43 (QuickDraw II's System 5 calls).
"""
from __future__ import annotations

from iigs.memory import read_bytes, read_long, write_bytes, write_long

from toolbox.quickdraw.records import (PEN_STATE_SIZE, PORT_CH_EXTRA, PORT_CLIP_RGN,
                                       PORT_FONT_FLAGS, PORT_GRAF_PROCS, PORT_PIC_SAVE,
                                       PORT_PN_LOC, PORT_PN_MASK, PORT_SP_EXTRA,
                                       PORT_SYS_FIELD, PORT_USER_FIELD, PORT_VIS_RGN,
                                       PORT_ARC_ROT)

# The port's long fields a program reads and writes as they stand: Get<name>/Set<name>.
LONG_FIELDS = {"PicSave": PORT_PIC_SAVE, "GrafProcs": PORT_GRAF_PROCS,
               "UserField": PORT_USER_FIELD, "SysField": PORT_SYS_FIELD,
               "ClipHandle": PORT_CLIP_RGN, "VisHandle": PORT_VIS_RGN,
               "SpaceExtra": PORT_SP_EXTRA, "CharExtra": PORT_CH_EXTRA}

# The size of the font globals record (GetFGSize): fgFontID, fgStyle, fgSize,
# fgVersion, fgWidMax, fgFBRExtent, a word each.
FONT_GLOBALS_SIZE = 12


class FieldsMixin:
    """QuickDraw's calls that read and write a field of the port or a global."""

    sys_font = 0                    # SetSysFont's handle (the system font is built in)
    buf_dims = bytes(8)             # SaveBufDims' record, as RestoreBufDims gave it

    def port_long(self, field: int) -> int:
        return read_long(self.tb.mem, self._require_port() + field)

    def set_port_long(self, field: int, value: int) -> None:
        write_long(self.tb.mem, self._require_port() + field, value)

    # ---- the pen -----------------------------------------------------------------------
    def GetPenState(self) -> bytes:
        """GetPenState(penStatePtr) $2B04 -> the 50-byte PenState record."""
        return read_bytes(self.tb.mem, self._require_port() + PORT_PN_LOC, PEN_STATE_SIZE)

    def SetPenState(self, state: bytes) -> None:
        """SetPenState(penStatePtr) $2A04: pnLoc, pnSize, pnMode, pnPat, pnMask back."""
        write_bytes(self.tb.mem, self._require_port() + PORT_PN_LOC,
                    bytes(state[:PEN_STATE_SIZE]))

    def GetPenMask(self) -> bytes:
        """GetPenMask(maskPtr) $3304 -> the 8-byte pnMask."""
        return read_bytes(self.tb.mem, self._require_port() + PORT_PN_MASK, 8)

    def SetPenMask(self, mask: bytes) -> None:
        """SetPenMask(maskPtr) $3204."""
        write_bytes(self.tb.mem, self._require_port() + PORT_PN_MASK, bytes(mask[:8]))

    # ---- words of the port ---------------------------------------------------------------
    def GetFontFlags(self) -> int:
        """GetFontFlags() $9904 -> fontFlags."""
        return self._word(PORT_FONT_FLAGS)

    def SetFontFlags(self, flags: int) -> None:
        """SetFontFlags(fontFlags) $9804."""
        self._set_word(PORT_FONT_FLAGS, flags)

    def GetArcRot(self) -> int:
        """GetArcRot() $B104 -> arcRot."""
        return self._word(PORT_ARC_ROT)

    def SetArcRot(self, value: int) -> None:
        """SetArcRot(arcRotValue) $B004 (bit 15 in 640 mode: 16-pixel patterns)."""
        self._set_word(PORT_ARC_ROT, value)

    # ---- globals -------------------------------------------------------------------------
    def QDStatus(self) -> int:
        """QDStatus() $0604 -> TRUE ($FFFF) while QuickDraw II is started."""
        return 0xFFFF if self.started else 0

    def GetSysFont(self) -> int:
        """GetSysFont() $B304 -> the system font's handle (0: the built-in font)."""
        return self.sys_font

    def SetSysFont(self, handle: int) -> None:
        """SetSysFont(fontHandle) $B204."""
        self.sys_font = handle

    def GetFGSize(self) -> int:
        """GetFGSize() $CF04 -> the size of the font globals record."""
        return FONT_GLOBALS_SIZE

    def SaveBufDims(self) -> bytes:
        """SaveBufDims(sizeInfoPtr) $CD04 -> 8 bytes RestoreBufDims puts back."""
        return self.buf_dims

    def RestoreBufDims(self, info: bytes) -> None:
        """RestoreBufDims(sizeInfoPtr) $CE04."""
        self.buf_dims = bytes(info[:8])

    def SetBufDims(self, max_width: int, max_font_height: int, max_fbr_extent: int) -> None:
        """SetBufDims(maxWidth, maxFontHeight, maxFBRExtent) $CB04. Text is drawn
        without QuickDraw's buffer here, so any size fits; the values are kept."""
        self.buf_dims = b"".join(x.to_bytes(2, "little") for x in (
            max_width & 0xFFFF, max_font_height & 0xFFFF, max_fbr_extent & 0xFFFF, 0))

    def ForceBufDims(self, max_width: int, max_font_height: int,
                     max_fbr_extent: int) -> None:
        """ForceBufDims(maxWidth, maxFontHeight, maxFBRExtent) $CC04 (as SetBufDims)."""
        self.SetBufDims(max_width, max_font_height, max_fbr_extent)

    def InflateTextBuffer(self, new_width: int, new_height: int) -> None:
        """InflateTextBuffer(newWidth, newHeight) $D704: nothing to grow here."""

    def SetIntUse(self, flag: int) -> None:
        """SetIntUse(useInt) $B604: whether the cursor is drawn in the scan-line
        interrupt; the host draws the cursor, so there is nothing to change."""
