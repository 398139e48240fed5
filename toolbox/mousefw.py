"""The Miscellaneous Tool Set's mouse calls (tool set $03): the mouse firmware.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 14 ("Mouse calls": InitMouse,
SetMouse, ReadMouse, ClearMouse, PosMouse, ServeMouse, GetMouseClamp) and vol. 3
(SetAbsClamp, GetAbsClamp, ReadMouse2), with the MouseRec, ClampRec and mode values of
ORCA/C `misctool.h`.

The mouse the firmware reports is the one the machine keeps: its position is the Event
Manager's (`tb.em.mouse`, inside the clamps ClampMouse sets), its button the Event
Manager's, fed by the host's pointer through the ADB mouse (`iigs.adb`, $C024/$C027),
so ReadMouse and GetMouse always agree. The host's pointer is absolute: after PosMouse
or ClearMouse its next move puts the mouse where the pointer is.

Modes (SetMouse; misctool.h): bit 0 the mouse on, bit 1 interrupt on movement, bit 2
on a button change, bit 3 interrupts only at VBL. SetMouse drives the Mega II mouse's
enables in INTEN $C041 (bit 0 on, bit 1 movement, bit 2 button: the interrupts
`iigs.interrupts` raises when the ADB mouse moves or its button changes) for the modes
without bit 3; the VBL modes turn the VBL interrupt on instead, and ServeMouse then
reports what changed since the last VBL it served. The mouse's interrupt comes through
vector $0D (mouseIntHnd) as on the IIGS; a handler calls ServeMouse to learn why.

Status byte (ReadMouse, ServeMouse): bit 7 the button is down now, bit 6 it was down at
the last ReadMouse, bit 5 the mouse moved since the last ReadMouse, bit 3 the interrupt
came at VBL, bit 2 it was a button change, bit 1 a movement. ReadMouse clears the
interrupt bits; ReadMouse2 reports the same record and changes nothing.
"""
from __future__ import annotations

from toolbox.calls import ToolError, s16, tool

BAD_INPUT_ERR = 0x0301        # badInputErr
NO_DEV_PARAM_ERR = 0x0302     # noDevParamErr: no device in that slot

MOUSE_SLOT = 4                # the built-in mouse's firmware slot (GetAddr mouseSlot)
# Mode bits (misctool.h: mouseOff 0, transparent 1, moveIntrpt 3, bttnIntrpt 5,
# bttnOrMove 7, and the same + 8 for the VBL modes).
MODE_ON, MODE_MOVE, MODE_BUTTON, MODE_VBL = 0x01, 0x02, 0x04, 0x08
VALID_MODES = frozenset({0x00, 0x01, 0x03, 0x05, 0x07, 0x08, 0x09, 0x0B, 0x0D, 0x0F})
# Status bits
ST_DOWN, ST_WAS_DOWN, ST_MOVED = 0x80, 0x40, 0x20
ST_VBL, ST_BUTTON_INT, ST_MOVE_INT = 0x08, 0x04, 0x02
INT_BITS = ST_VBL | ST_BUTTON_INT | ST_MOVE_INT
# $C041 INTEN's mouse bits (iigs.interrupts: INTEN_MOUSE_ON, _MOVE, _SWITCH) are the
# mode's bits 0-2, one for one.
INTEN_MOUSE_BITS = MODE_ON | MODE_MOVE | MODE_BUTTON
# InitMouse's clamps (the firmware's power-on range, 0-1023 each way) and the absolute
# clamps' until SetAbsClamp.
FIRMWARE_CLAMP = (0, 1023, 0, 1023)


class MouseFirmware:
    """The mouse firmware's own state: mode, what the last ReadMouse saw, interrupt
    causes not yet read, the absolute clamps."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.mode = 0
        self.was_down = False
        self.last_point = tb.em.mouse          # (v, h) at the last ReadMouse
        self.pending = 0                       # interrupt bits ServeMouse saw
        self.abs_clamp = FIRMWARE_CLAMP        # xMin, xMax, yMin, yMax
        self.vbl_point = self.last_point       # the VBL modes: at the last serve
        self.vbl_down = False

    @property
    def _irq(self):
        return getattr(self.tb.machine, "interrupts", None)

    def _take_input(self) -> None:
        """Bring the mouse up to the host's input, as GetMouse does."""
        em = self.tb.em
        if em.button_down:
            em.step_input()
        else:
            em.pump(until_event=True)

    def set_mode(self, mode: int) -> None:
        if mode not in VALID_MODES:
            raise ToolError(BAD_INPUT_ERR, f"mouse mode ${mode:04X}")
        self.mode = mode
        irq = self._irq
        if irq is None:
            return
        bits = mode & INTEN_MOUSE_BITS
        if mode & MODE_VBL:
            bits &= MODE_ON                    # interrupts come with the VBL's
            if mode & (MODE_MOVE | MODE_BUTTON):
                irq.set_source("vbl", True)
                em = self.tb.em
                self.vbl_point, self.vbl_down = em.mouse, em.button_down
        irq.write_inten((irq.inten & ~INTEN_MOUSE_BITS) | bits)

    def hardware_causes(self) -> int:
        """The interrupt causes the hardware shows now (the Mega II's $C046 bits 1-2,
        or, in a VBL mode, what changed since the last VBL served)."""
        irq = self._irq
        if irq is None:
            return 0
        if not self.mode & MODE_VBL:
            return irq.mouse_flags & (ST_MOVE_INT | ST_BUTTON_INT)
        if "vbl" not in irq.status or not self.mode & (MODE_MOVE | MODE_BUTTON):
            return 0
        self._take_input()
        em = self.tb.em
        causes = ST_VBL
        if self.mode & MODE_MOVE and em.mouse != self.vbl_point:
            causes |= ST_MOVE_INT
        if self.mode & MODE_BUTTON and em.button_down != self.vbl_down:
            causes |= ST_BUTTON_INT
        self.vbl_point, self.vbl_down = em.mouse, em.button_down
        return causes

    def serve(self) -> int:
        """ServeMouse's core: the causes, kept for ReadMouse; the Mega II's flags are
        acknowledged as the firmware does."""
        causes = self.hardware_causes()
        self.pending |= causes
        irq = self._irq
        if irq is not None:
            irq.mouse_flags = 0
        return self.pending

    def record(self, consume: bool) -> int:
        """ReadMouse's six bytes: mode, status, yPos, xPos (MouseRec, ascending)."""
        self._take_input()
        em = self.tb.em
        v, h = em.mouse
        status = ((ST_DOWN if em.button_down else 0) | (ST_WAS_DOWN if self.was_down else 0)
                  | (ST_MOVED if em.mouse != self.last_point else 0) | self.pending)
        if consume:
            self.was_down, self.last_point, self.pending = em.button_down, em.mouse, 0
        return (self.mode | status << 8 | (v & 0xFFFF) << 16 | (h & 0xFFFF) << 32)

    def clear(self) -> None:
        """ClearMouse: the position to 0,0 (inside the clamps), the motion the ADB
        mouse still holds dropped, the button history and causes forgotten."""
        em = self.tb.em
        em.mouse = em._clamped(0, 0)
        io = getattr(self.tb.machine, "io", None)
        if io is not None:
            io.adb.mouse.flush()
        self.last_point, self.was_down, self.pending = em.mouse, em.button_down, 0

    def init(self, slot: int) -> None:
        """InitMouse: the firmware's clamps, the position 0,0, the mouse off."""
        if slot not in (0, MOUSE_SLOT):
            raise ToolError(NO_DEV_PARAM_ERR, f"no mouse in slot {slot}")
        self.tb.em.clamp = FIRMWARE_CLAMP
        self.set_mode(0)
        self.clear()


def _mouse(tb) -> MouseFirmware:
    return tb.misc.mouse


def _clamp_record(clamp: tuple[int, int, int, int]) -> int:
    """A ClampRec (misctool.h: yMaxClamp, yMinClamp, xMaxClamp, xMinClamp, ascending)."""
    x0, x1, y0, y1 = (c & 0xFFFF for c in clamp)
    return y1 | y0 << 16 | x1 << 32 | x0 << 48


@tool(0x03, 0x18, "W")
def InitMouse(tb, slot: int) -> None:
    """InitMouse(mouseSlot:W) -- 0 (search) or 4; noDevParamErr for another slot."""
    _mouse(tb).init(slot)


@tool(0x03, 0x19, "W")
def SetMouse(tb, mode: int) -> None:
    """SetMouse(mouseMode:W) -- badInputErr for a mode misctool.h does not name."""
    _mouse(tb).set_mode(mode)


@tool(0x03, 0x17, "", 6)
def ReadMouse(tb) -> int:
    """ReadMouse(): MouseRec (mode:B, status:B, yPos:W, xPos:W)"""
    return _mouse(tb).record(consume=True)


@tool(0x03, 0x33, "", 6)
def ReadMouse2(tb) -> int:
    """ReadMouse2(): MouseRec -- as ReadMouse, leaving the status as it was."""
    return _mouse(tb).record(consume=False)


@tool(0x03, 0x1B, "")
def ClearMouse(tb) -> None:
    """ClearMouse()"""
    _mouse(tb).clear()


@tool(0x03, 0x1E, "WW")
def PosMouse(tb, x: int, y: int) -> None:
    """PosMouse(xPos:W, yPos:W) -- inside the clamps."""
    em = tb.em
    em.mouse = em._clamped(s16(x), s16(y))


@tool(0x03, 0x1F, "", 2)
def ServeMouse(tb) -> int:
    """ServeMouse(): mouseIntStatus:W -- why the mouse interrupted (status bits 1-3)."""
    return _mouse(tb).serve()


@tool(0x03, 0x1D, "", 8)
def GetMouseClamp(tb) -> int:
    """GetMouseClamp(): ClampRec -- the clamps ClampMouse (or InitMouse) set."""
    return _clamp_record(tb.em.clamp)


@tool(0x03, 0x2A, "WWWW")
def SetAbsClamp(tb, x_min: int, x_max: int, y_min: int, y_max: int) -> None:
    """SetAbsClamp(xMinClamp:W, xMaxClamp:W, yMinClamp:W, yMaxClamp:W) -- an absolute
    device's clamps (kept: the host's pointer is the relative ADB mouse)."""
    _mouse(tb).abs_clamp = (s16(x_min), s16(x_max), s16(y_min), s16(y_max))


@tool(0x03, 0x2B, "", 8)
def GetAbsClamp(tb) -> int:
    """GetAbsClamp(): ClampRec"""
    return _clamp_record(_mouse(tb).abs_clamp)
