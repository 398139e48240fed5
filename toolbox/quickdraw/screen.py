"""QuickDraw II's start-up and the screen: QDStartUp and friends, the master SCB, the
scan-line control bytes, the colour tables, ClearScreen.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (house-keeping calls, the
screen) and the Hardware Reference ch. 4 (SCBs at $E1/9D00, palettes at $E1/9E00).
"""
from __future__ import annotations

from typing import Any

from iigs.memory import read_word, write_bytes, write_word

from toolbox import cursor as cursors
from toolbox.calls import ToolError
from toolbox.quickdraw.pixels import solid_pattern
from toolbox.quickdraw.records import (ALREADY_INIT_ERR, BAD_COLOR_NUM_ERR,
                                       BAD_SCAN_LINE_ERR, BAD_TABLE_NUM_ERR,
                                       DP_ARROW_CURSOR, DP_SCREEN_PORT, QD_VERSION,
                                       SCB_640, SCREEN_LINES, SHR_PALETTES, SHR_PIXELS,
                                       SHR_ROW_BYTES, SHR_SCBS, STANDARD_320, STANDARD_640)


STANDARD_SCB = 0x00

# The screen's memory QuickDraw holds while started: $E1/2000-$9FFF (pixels, SCBs and
# palettes), locked, fixed, at a fixed address (Memory Manager attributes).
SCREEN_MEMORY_SIZE = 0x8000
SCREEN_MEMORY_ATTR = 0xC002


class ScreenMixin:
    """QuickDraw's start-up calls and the screen's SCBs and colour tables."""

    screen_handle = 0                   # the Memory Manager handle holding the screen

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
        self.colors_640 = 0              # Get640Colors makes its table again, for this ID
        self._take_screen_memory()
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

    def _take_screen_memory(self) -> None:
        """Hold the Super Hi-Res screen ($E1/2000-$9FFF) with a Memory Manager handle
        while QuickDraw is up, so no fixed request is given it; a program that
        reserved it itself before QDStartUp keeps it."""
        owner = self.user_id or self.tb.mm.app_user_id
        try:
            self.screen_handle = (self.tb.mm.new_handle(
                SCREEN_MEMORY_SIZE, owner, SCREEN_MEMORY_ATTR, SHR_PIXELS) if owner else 0)
        except ToolError:
            self.screen_handle = 0

    def QDShutDown(self) -> None:
        """QDShutDown() $0304 (gives the screen's memory back)."""
        if self.screen_handle:
            try:
                self.tb.mm.dispose(self.screen_handle)
            except ToolError:
                pass                            # already gone with DisposeAll
            self.screen_handle = 0
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

    def GetStandardSCB(self) -> int:
        """GetStandardSCB() $0C04 -> the standard SCB: $00 (320 mode, colour table 0,
        no fill, no interrupt)."""
        return STANDARD_SCB

    def InitColorTable(self) -> tuple[int, ...]:
        """InitColorTable(tablePtr) $0D04 -> the standard colour table of the master
        SCB's mode."""
        return STANDARD_640 if self.master_scb & SCB_640 else STANDARD_320

    def SolidPattern(self, color: int) -> bytes:
        """SolidPattern(colorNum, patternPtr) $3904 -> the solid pattern of a colour
        in the current port's mode (the master SCB's without a port)."""
        mode640 = self._mode640() if self.port else bool(self.master_scb & SCB_640)
        return solid_pattern(color, mode640)

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
