"""QuickDraw II's text: the port's font, face, mode and size, widths, and drawing
characters and strings.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (text calls) with the system
font of iigs/font.py.
"""
from __future__ import annotations

import struct

import numpy as np

from iigs.memory import read_long, write_bytes, write_long

from iigs import font
from toolbox.quickdraw.geometry import write_point
from toolbox.quickdraw.records import (BOLD, PORT_CH_EXTRA, PORT_FONT_HANDLE,
                                       PORT_FONT_ID, PORT_PN_LOC, PORT_SP_EXTRA,
                                       PORT_TX_FACE, PORT_TX_MODE, PORT_TX_SIZE,
                                       SYSTEM_FONT_ID, TEXT_LOG_LIMIT, UNDERLINE)

_POINT = struct.Struct("<2h")       # a Point (v, h) in a record
_LONG = struct.Struct("<I")
SPACE = 0x20
FONT_VERSION = 0x0101               # the system font's version word (fgVersion)
ROM_FONT_NAME = b"Shaston"          # the built-in font's family name (GetRomFont)
DP_ROM_FONT_NAME = 0x1C0            # where in QuickDraw's direct page the name is kept


class TextMixin:
    """QuickDraw's text calls."""

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
        extras = self._extras() if self.port else (0, 0)
        if extras != (0, 0):
            return spaced_offsets(data, bool(bold), *extras)[-1]
        return font.text_width(data) + bold

    def _extras(self) -> tuple[int, int]:
        """The port's chExtra and spExtra (Fixed, signed)."""
        port, mem = self._require_port(), self.tb.mem
        return (_fixed(read_long(mem, port + PORT_CH_EXTRA)),
                _fixed(read_long(mem, port + PORT_SP_EXTRA)))

    def StringWidth(self, text: bytes | str) -> int:
        """StringWidth(stringPtr) $A904 (the Pascal string's text, here)."""
        return self.TextWidth(text)

    def CStringWidth(self, text: bytes | str) -> int:
        """CStringWidth(cStringPtr) $AA04 (the C string's text, here)."""
        return self.TextWidth(text)

    def TextBounds(self, text: bytes | str) -> tuple[int, int, int, int]:
        """TextBounds(textPtr, textLength, resultPtr) $AF04 -> the rect the text would
        cover drawn at the pen: ascent above the baseline to descent below, its width
        to the right (local coordinates)."""
        v, h = self.GetPen()
        return (v - font.ASCENT, h, v + font.DESCENT, h + self.TextWidth(text))

    def CharBounds(self, code: int) -> tuple[int, int, int, int]:
        """CharBounds(theChar, resultPtr) $AC04."""
        return self.TextBounds(bytes([code & 0xFF]))

    def StringBounds(self, text: bytes | str) -> tuple[int, int, int, int]:
        """StringBounds(stringPtr, resultPtr) $AD04 (the Pascal string's text, here)."""
        return self.TextBounds(text)

    def CStringBounds(self, text: bytes | str) -> tuple[int, int, int, int]:
        """CStringBounds(cStringPtr, resultPtr) $AE04 (the C string's text, here)."""
        return self.TextBounds(text)

    def GetFontGlobals(self) -> tuple[int, int, int, int, int, int]:
        """GetFontGlobals(fgRecPtr) $9704 -> (fgFontID, fgStyle, fgSize, fgVersion,
        fgWidMax, fgFBRExtent) of the port's font: the family, style and size of its
        fontID (famNum, style byte, size byte), the font's widest character (also its
        farthest extent: the system font's characters do not kern)."""
        font_id = self.GetFontID()
        wid_max = self.GetFontInfo()[2]
        return (font_id & 0xFFFF, (font_id >> 16) & 0xFF, (font_id >> 24) & 0xFF,
                FONT_VERSION, wid_max, wid_max)

    def GetRomFont(self) -> tuple[int, int, int, int, int, int]:
        """GetRomFont(romFontRecPtr) $D804 -> (rfFamNum, rfFamStyle, rfSize,
        rfFontHandle, rfNamePtr, rfFBRExtent) of the built-in font; its name, a
        Pascal string, is kept in QuickDraw's direct page."""
        name = self.dp + DP_ROM_FONT_NAME
        write_bytes(self.tb.mem, name, bytes([len(ROM_FONT_NAME)]) + ROM_FONT_NAME)
        wid_max = font.WID_MAX
        return (SYSTEM_FONT_ID & 0xFFFF, 0, SYSTEM_FONT_ID >> 24, self.sys_font, name,
                wid_max)

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
        v, h = _POINT.unpack_from(st.record, PORT_PN_LOC)     # the record as just read
        face, mode = st.word(PORT_TX_FACE), st.word(PORT_TX_MODE)
        bold, underline = bool(face & BOLD), bool(face & UNDERLINE)
        extras = (_fixed(_LONG.unpack_from(st.record, PORT_CH_EXTRA)[0]),
                  _fixed(_LONG.unpack_from(st.record, PORT_SP_EXTRA)[0]))
        if extras == (0, 0):
            ink = font.text_bits(data, bold=bold, underline=underline)
        else:
            ink = spaced_bits(data, bold, underline, *extras)
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



def _fixed(value: int) -> int:
    """A Fixed long (16.16) read unsigned, as a signed integer of 1/65536ths."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


def spaced_offsets(data: bytes, bold: bool, ch_extra: int, sp_extra: int) -> list[int]:
    """Where each character starts with the port's extra spacing, and (last) where the
    text ends, in whole pixels from the pen: each character advances by its width plus
    chExtra, a space by spExtra more, added up in Fixed and truncated (floor)."""
    offsets, total = [0], 0
    for c in data:
        total += ((font.glyph(c).width + int(bold)) << 16) + ch_extra + \
            (sp_extra if c == SPACE else 0)
        offsets.append(total >> 16)
    return offsets


def spaced_bits(data: bytes, bold: bool, underline: bool, ch_extra: int,
                sp_extra: int) -> np.ndarray:
    """text_bits with the extra spacing: each character's ink at its spaced offset."""
    offsets = spaced_offsets(data, bold, ch_extra, sp_extra)
    width = max(0, offsets[-1])
    out = np.zeros((font.HEIGHT, width), dtype=bool)
    for c, x in zip(data, offsets):
        ink = font.text_bits(bytes([c]), bold=bold)
        lo, hi = max(x, 0), min(x + ink.shape[1], width)
        if hi > lo:
            out[:, lo:hi] |= ink[:, lo - x:hi - x]
    if underline and width:
        out[font.ASCENT, :] = True
    return out


def _encoded(text: bytes | str) -> bytes:
    return font.encode(text) if isinstance(text, str) else bytes(text)
