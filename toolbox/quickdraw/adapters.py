"""QuickDraw II's tool-call adapters: one `@tool(4, ...)` row per call, decoding the
caller's records, calling the core (`tb.qd`) and writing results back; a call that
only passes words and longs to the core's method of its name is one `_forward` line,
its Toolbox Reference signature.

Signatures are the Apple IIGS Toolbox Reference's (vol. 2, ch. 16); words arrive
unsigned.
"""
from __future__ import annotations

from typing import Any

from iigs.memory import (read_bytes, read_cstring, read_long, read_pstring, read_word,
                         write_bytes, write_long, write_word)

from toolbox.calls import s16, tool
from toolbox.quickdraw.core import QuickDraw
from toolbox.quickdraw.fields import LONG_FIELDS
from toolbox.quickdraw.geometry import (add_pt, empty_rect, inset_rect, offset_rect,
                                        pt2rect, pt_in_rect, read_point, read_rect,
                                        scale_pt, sect_rect, set_rect, sub_pt,
                                        union_rect, write_point, write_rect)
from toolbox.quickdraw.polygons import map_point
from toolbox.quickdraw.records import PEN_STATE_SIZE, Rect


def _qd(tb: Any) -> QuickDraw:
    return tb.qd


def _read_loc(mem: Any, addr: int) -> tuple[int, int, int, Rect]:
    """A LocInfo record: portSCB:W, ptrToPixImage:L, width:W, boundsRect:Rect."""
    return (read_word(mem, addr), read_long(mem, addr + 2) & 0xFFFFFF,
            read_word(mem, addr + 6), read_rect(mem, addr + 8))


def _forward(number: int, signature: str, signed: bool = False,
             address: bool = False) -> Any:
    """A call that hands its words and longs to the core's method of the same name and
    its answer back, registered from its Toolbox Reference signature: "Name(a:W, b:L)"
    the parameters, "-> c:W" (or :L) the result; `signed`: the words are signed
    (coordinates); `address`: the longs are addresses (24 bits)."""
    name, rest = signature.split("(", 1)
    args, answer = rest.split(")", 1)
    params = "".join(a.strip()[-1] for a in args.split(",") if a.strip())
    result = {"W": 2, "L": 4}.get(answer.strip()[-1:], 0) if "->" in answer else 0

    def adapter(tb, *values):
        if signed:
            values = tuple(s16(v) if kind == "W" else v for v, kind in zip(values, params))
        if address:
            values = tuple(v & 0xFFFFFF if kind == "L" else v
                           for v, kind in zip(values, params))
        return getattr(_qd(tb), name)(*values)
    adapter.__name__ = adapter.__qualname__ = name
    adapter.__doc__ = signature
    return tool(4, number, params, result, name=name)(adapter)


def _rect_call(method: str):
    def adapter(tb, ptr):
        getattr(_qd(tb), method)(read_rect(tb.mem, ptr))
    adapter.__name__ = adapter.__qualname__ = method
    adapter.__doc__ = f"{method}(rectPtr:L)"
    return adapter


def _rrect_call(method: str):
    def adapter(tb, ptr, oval_w, oval_h):
        getattr(_qd(tb), method)(read_rect(tb.mem, ptr), s16(oval_w), s16(oval_h))
    adapter.__name__ = adapter.__qualname__ = method
    adapter.__doc__ = f"{method}(rectPtr:L, ovalWidth:W, ovalHeight:W)"
    return adapter


@tool(4, 0x02, "WWWW")
def QDStartUp(tb, dp, mode, max_width, user_id):
    """QDStartUp(dPageAddr:W, masterSCB:W, maxWidth:W, userID:W)"""
    _qd(tb).QDStartUp(dp, mode, max_width, user_id)


QDShutDown = _forward(0x03, "QDShutDown()")
QDVersion = _forward(0x04, "QDVersion() -> versionInfo:W")
GrafOn = _forward(0x0A, "GrafOn()")
GrafOff = _forward(0x0B, "GrafOff()")


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


SetAllSCBs = _forward(0x14, "SetAllSCBs(newSCB:W)")
ClearScreen = _forward(0x15, "ClearScreen(colorWord:W)")
SetMasterSCB = _forward(0x16, "SetMasterSCB(masterSCB:W)")
GetMasterSCB = _forward(0x17, "GetMasterSCB() -> masterSCB:W")
OpenPort = _forward(0x18, "OpenPort(portPtr:L)", address=True)
InitPort = _forward(0x19, "InitPort(portPtr:L)", address=True)
ClosePort = _forward(0x1A, "ClosePort(portPtr:L)", address=True)
SetPort = _forward(0x1B, "SetPort(portPtr:L)")
GetPort = _forward(0x1C, "GetPort() -> portPtr:L")


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


SetPortRect = tool(4, 0x1F, "L", name="SetPortRect")(_rect_call("SetPortRect"))


@tool(4, 0x20, "L")
def GetPortRect(tb, ptr):
    """GetPortRect(rectPtr:L)"""
    write_rect(tb.mem, ptr, _qd(tb).GetPortRect())


SetPortSize = _forward(0x21, "SetPortSize(portWidth:W, portHeight:W)", signed=True)
MovePortTo = _forward(0x22, "MovePortTo(h:W, v:W)", signed=True)
SetOrigin = _forward(0x23, "SetOrigin(h:W, v:W)", signed=True)
SetClip = _forward(0x24, "SetClip(rgnHandle:L)", address=True)
GetClip = _forward(0x25, "GetClip(rgnHandle:L)", address=True)
ClipRect = tool(4, 0x26, "L", name="ClipRect")(_rect_call("ClipRect"))
HidePen = _forward(0x27, "HidePen()")
ShowPen = _forward(0x28, "ShowPen()")


@tool(4, 0x29, "L")
def GetPen(tb, ptr):
    """GetPen(pointPtr:L)"""
    write_point(tb.mem, ptr, _qd(tb).GetPen())


SetPenSize = _forward(0x2C, "SetPenSize(penWidth:W, penHeight:W)", signed=True)


@tool(4, 0x2D, "L")
def GetPenSize(tb, ptr):
    """GetPenSize(pointPtr:L): the size as a Point (v = height, h = width)"""
    width, height = _qd(tb).GetPenSize()
    write_point(tb.mem, ptr, (height, width))


SetPenMode = _forward(0x2E, "SetPenMode(penMode:W)")
GetPenMode = _forward(0x2F, "GetPenMode() -> penMode:W")


# ---- records the port keeps, copied in (SetX) and out (GetX) through a pointer --------------
def _record_pair(set_number: int, name: str, pointer: str, size: int) -> tuple[Any, Any]:
    """SetName(pointer:L) reads `size` bytes into the port, GetName(pointer:L) writes them
    back: tool numbers `set_number` and the one after it."""
    def setter(tb, ptr):
        getattr(_qd(tb), "Set" + name)(read_bytes(tb.mem, ptr, size))

    def getter(tb, ptr):
        write_bytes(tb.mem, ptr, getattr(_qd(tb), "Get" + name)())
    for function, verb in ((setter, "Set"), (getter, "Get")):
        function.__name__ = function.__qualname__ = verb + name
        function.__doc__ = f"{verb}{name}({pointer}:L)"
    tool(4, set_number, "L", name="Set" + name)(setter)
    tool(4, set_number + 1, "L", name="Get" + name)(getter)
    return setter, getter


SetPenPat, GetPenPat = _record_pair(0x30, "PenPat", "patternPtr", 32)
SetBackPat, GetBackPat = _record_pair(0x34, "BackPat", "patternPtr", 32)


PenNormal = _forward(0x36, "PenNormal()")
SetSolidPenPat = _forward(0x37, "SetSolidPenPat(colorNum:W)")
SetSolidBackPat = _forward(0x38, "SetSolidBackPat(colorNum:W)")
Set640Color = _forward(0xDB, "Set640Color(color:W)")
MoveTo = _forward(0x3A, "MoveTo(h:W, v:W)", signed=True)
Move = _forward(0x3B, "Move(dH:W, dV:W)", signed=True)
LineTo = _forward(0x3C, "LineTo(h:W, v:W)", signed=True)
Line = _forward(0x3D, "Line(dH:W, dV:W)", signed=True)


@tool(4, 0xDA, "", 4)
def Get640Colors(tb):
    """Get640Colors() -> patternPtr:L (System 6): 16 patterns of 32 bytes."""
    return _qd(tb).Get640Colors()


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


NewRgn = _forward(0x67, "NewRgn() -> rgnHandle:L")
DisposeRgn = _forward(0x68, "DisposeRgn(rgnHandle:L)", address=True)


@tool(4, 0x69, "LL")
def CopyRgn(tb, src, dst):
    """CopyRgn(srcRgnHandle:L, destRgnHandle:L)"""
    _qd(tb).CopyRgn(src & 0xFFFFFF, dst & 0xFFFFFF)


SetEmptyRgn = _forward(0x6A, "SetEmptyRgn(rgnHandle:L)", address=True)


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


Random = _forward(0x86, "Random() -> randomNum:W")
SetRandSeed = _forward(0x87, "SetRandSeed(randomSeed:L)")


@tool(4, 0x88, "WW", 2)
def GetPixel(tb, h, v):
    """GetPixel(h:W, v:W) -> pixel:W"""
    return _qd(tb).GetPixel(s16(h), s16(v))


SetCursor = _forward(0x8E, "SetCursor(cursorPtr:L)")
GetCursorAdr = _forward(0x8F, "GetCursorAdr() -> cursorPtr:L")
HideCursor = _forward(0x90, "HideCursor()")
ShowCursor = _forward(0x91, "ShowCursor()")
ObscureCursor = _forward(0x92, "ObscureCursor()")
SetFont = _forward(0x94, "SetFont(newFontHandle:L)")
GetFont = _forward(0x95, "GetFont() -> fontHandle:L")


@tool(4, 0x96, "L")
def GetFontInfo(tb, ptr):
    """GetFontInfo(fontInfoRecPtr:L): {ascent, descent, widMax, leading}"""
    for i, x in enumerate(_qd(tb).GetFontInfo()):
        write_word(tb.mem, ptr + 2 * i, x)


SetTextFace = _forward(0x9A, "SetTextFace(textFace:W)")
GetTextFace = _forward(0x9B, "GetTextFace() -> textFace:W")
SetTextMode = _forward(0x9C, "SetTextMode(textMode:W)")
GetTextMode = _forward(0x9D, "GetTextMode() -> textMode:W")
SetForeColor = _forward(0xA0, "SetForeColor(foreColor:W)")
GetForeColor = _forward(0xA1, "GetForeColor() -> foreColor:W")
SetBackColor = _forward(0xA2, "SetBackColor(backColor:W)")
GetBackColor = _forward(0xA3, "GetBackColor() -> backColor:W")
DrawChar = _forward(0xA4, "DrawChar(theChar:W)")


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


InitCursor = _forward(0xCA, "InitCursor()")
SetFontID = _forward(0xD0, "SetFontID(newFontID:L)")
GetFontID = _forward(0xD1, "GetFontID() -> fontID:L")
SetTextSize = _forward(0xD2, "SetTextSize(textSize:W)")
GetTextSize = _forward(0xD3, "GetTextSize() -> textSize:W")


@tool(4, 0xD6, "LLWWW")
def PPToPort(tb, loc_ptr, rect_ptr, dest_h, dest_v, mode):
    """PPToPort(srcLocPtr:L, srcRectPtr:L, destX:W, destY:W, transferMode:W)"""
    _qd(tb).PPToPort(_read_loc(tb.mem, loc_ptr), read_rect(tb.mem, rect_ptr),
                     s16(dest_h), s16(dest_v), mode)


OpenPoly = _forward(0xC1, "OpenPoly() -> polyHandle:L")
ClosePoly = _forward(0xC2, "ClosePoly()")
KillPoly = _forward(0xC3, "KillPoly(polyHandle:L)", address=True)


@tool(4, 0xC4, "LWW")
def OffsetPoly(tb, poly, dh, dv):
    """OffsetPoly(polyHandle:L, dH:W, dV:W)"""
    _qd(tb).OffsetPoly(poly & 0xFFFFFF, s16(dh), s16(dv))


@tool(4, 0xC5, "LLL")
def MapPoly(tb, poly, src_ptr, dst_ptr):
    """MapPoly(polyHandle:L, srcRectPtr:L, destRectPtr:L)"""
    _qd(tb).MapPoly(poly & 0xFFFFFF, read_rect(tb.mem, src_ptr), read_rect(tb.mem, dst_ptr))


def _poly_call(method: str):
    def adapter(tb, poly):
        getattr(_qd(tb), method)(poly & 0xFFFFFF)
    adapter.__doc__ = f"{method}(polyHandle:L)"
    return adapter


for _num, _name in ((0xBC, "FramePoly"), (0xBD, "PaintPoly"), (0xBE, "ErasePoly"),
                    (0xBF, "InvertPoly")):
    tool(4, _num, "L", name=_name)(_poly_call(_name))


@tool(4, 0xC0, "LL")
def FillPoly(tb, poly, pat_ptr):
    """FillPoly(polyHandle:L, patternPtr:L)"""
    _qd(tb).FillPoly(poly & 0xFFFFFF, read_bytes(tb.mem, pat_ptr, 32))


SetPolySave = _forward(0x42, "SetPolySave(polySaveValue:L)")


@tool(4, 0x43, result=4)
def GetPolySave(tb):
    """GetPolySave() -> polySaveValue:L"""
    return _qd(tb).GetPolySave()


# ---- housekeeping, screen --------------------------------------------------------------
@tool(4, 0x01)
def QDBootInit(tb):
    """QDBootInit(): nothing to set up at boot."""


@tool(4, 0x05)
def QDReset(tb):
    """QDReset(): nothing to reset."""


QDStatus = _forward(0x06, "QDStatus() -> activeFlag:W")
GetStandardSCB = _forward(0x0C, "GetStandardSCB() -> standardSCB:W")


@tool(4, 0x0D, "L")
def InitColorTable(tb, ptr):
    """InitColorTable(tablePtr:L)"""
    for i, c in enumerate(_qd(tb).InitColorTable()):
        write_word(tb.mem, ptr + 2 * i, c)


@tool(4, 0x39, "WL")
def SolidPattern(tb, color, ptr):
    """SolidPattern(colorNum:W, patternPtr:L)"""
    write_bytes(tb.mem, ptr, _qd(tb).SolidPattern(color))


# ---- the pen's state and mask ------------------------------------------------------------
SetPenState, GetPenState = _record_pair(0x2A, "PenState", "penStatePtr", PEN_STATE_SIZE)
SetPenMask, GetPenMask = _record_pair(0x32, "PenMask", "maskPtr", 8)


# ---- the port's long fields, as they stand ------------------------------------------------
def _long_field(set_number: int, name: str) -> None:
    field = LONG_FIELDS[name]
    value = "fixed" if name.endswith("Extra") else "value"

    def setter(tb, v):
        _qd(tb).set_port_long(field, v)

    def getter(tb):
        return _qd(tb).port_long(field)
    setter.__name__ = setter.__qualname__ = "Set" + name
    getter.__name__ = getter.__qualname__ = "Get" + name
    setter.__doc__ = f"Set{name}({value}:L): the port's field"
    getter.__doc__ = f"Get{name}() -> {value}:L: the port's field"
    tool(4, set_number, "L", name="Set" + name)(setter)
    tool(4, set_number + 1, "", 4, name="Get" + name)(getter)


for _num, _name in ((0x3E, "PicSave"), (0x44, "GrafProcs"), (0x46, "UserField"),
                    (0x48, "SysField"), (0xC6, "ClipHandle"), (0xC8, "VisHandle"),
                    (0x9E, "SpaceExtra"), (0xD4, "CharExtra")):
    _long_field(_num, _name)

SetRgnSave = _forward(0x40, "SetRgnSave(rgnSaveValue:L)")
GetRgnSave = _forward(0x41, "GetRgnSave() -> rgnSaveValue:L")
SetFontFlags = _forward(0x98, "SetFontFlags(fontFlags:W)")
GetFontFlags = _forward(0x99, "GetFontFlags() -> fontFlags:W")
SetArcRot = _forward(0xB0, "SetArcRot(arcRotValue:W)")
GetArcRot = _forward(0xB1, "GetArcRot() -> arcRotValue:W")
SetSysFont = _forward(0xB2, "SetSysFont(fontHandle:L)")
GetSysFont = _forward(0xB3, "GetSysFont() -> fontHandle:L")
SetVisRgn = _forward(0xB4, "SetVisRgn(rgnHandle:L)", address=True)
GetVisRgn = _forward(0xB5, "GetVisRgn(rgnHandle:L)", address=True)
SetIntUse = _forward(0xB6, "SetIntUse(useInt:W)")
SetBufDims = _forward(0xCB, "SetBufDims(maxWidth:W, maxFontHeight:W, maxFBRExtent:W)")
ForceBufDims = _forward(0xCC, "ForceBufDims(maxWidth:W, maxFontHeight:W, maxFBRExtent:W)")
GetFGSize = _forward(0xCF, "GetFGSize() -> fgSize:W")
InflateTextBuffer = _forward(0xD7, "InflateTextBuffer(newWidth:W, newHeight:W)")


@tool(4, 0xCD, "L")
def SaveBufDims(tb, ptr):
    """SaveBufDims(sizeInfoPtr:L)"""
    write_bytes(tb.mem, ptr, _qd(tb).SaveBufDims())


@tool(4, 0xCE, "L")
def RestoreBufDims(tb, ptr):
    """RestoreBufDims(sizeInfoPtr:L)"""
    _qd(tb).RestoreBufDims(read_bytes(tb.mem, ptr, 8))


# ---- points ---------------------------------------------------------------------------------
@tool(4, 0x50, "LLL")
def Pt2Rect(tb, p1, p2, rect_ptr):
    """Pt2Rect(point1Ptr:L, point2Ptr:L, rectPtr:L)"""
    write_rect(tb.mem, rect_ptr, pt2rect(read_point(tb.mem, p1), read_point(tb.mem, p2)))


@tool(4, 0x80, "LL")
def AddPt(tb, src, dst):
    """AddPt(srcPtPtr:L, destPtPtr:L)"""
    write_point(tb.mem, dst, add_pt(read_point(tb.mem, src), read_point(tb.mem, dst)))


@tool(4, 0x81, "LL")
def SubPt(tb, src, dst):
    """SubPt(srcPtPtr:L, destPtPtr:L)"""
    write_point(tb.mem, dst, sub_pt(read_point(tb.mem, src), read_point(tb.mem, dst)))


@tool(4, 0x82, "LWW")
def SetPt(tb, ptr, h, v):
    """SetPt(srcPtPtr:L, h:W, v:W)"""
    write_point(tb.mem, ptr, (s16(v), s16(h)))


@tool(4, 0x83, "LL", 2)
def EqualPt(tb, p1, p2):
    """EqualPt(point1Ptr:L, point2Ptr:L) -> equal:W"""
    return int(read_point(tb.mem, p1) == read_point(tb.mem, p2))


@tool(4, 0x89, "LLL")
def ScalePt(tb, ptr, src, dst):
    """ScalePt(pointPtr:L, srcRectPtr:L, destRectPtr:L)"""
    write_point(tb.mem, ptr, scale_pt(read_point(tb.mem, ptr), read_rect(tb.mem, src),
                                      read_rect(tb.mem, dst)))


@tool(4, 0x8A, "LLL")
def MapPt(tb, ptr, src, dst):
    """MapPt(pointPtr:L, srcRectPtr:L, destRectPtr:L)"""
    write_point(tb.mem, ptr, map_point(read_point(tb.mem, ptr), read_rect(tb.mem, src),
                                       read_rect(tb.mem, dst)))


@tool(4, 0x8B, "LLL")
def MapRect(tb, ptr, src, dst):
    """MapRect(rectPtr:L, srcRectPtr:L, destRectPtr:L): both corners as MapPt maps them"""
    r, s, d = read_rect(tb.mem, ptr), read_rect(tb.mem, src), read_rect(tb.mem, dst)
    write_rect(tb.mem, ptr, map_point(r[:2], s, d) + map_point(r[2:], s, d))


# ---- arcs -----------------------------------------------------------------------------------
def _arc_call(method: str):
    def adapter(tb, ptr, start, arc):
        getattr(_qd(tb), method)(read_rect(tb.mem, ptr), s16(start), s16(arc))
    adapter.__name__ = adapter.__qualname__ = method
    adapter.__doc__ = f"{method}(rectPtr:L, startAngle:W, arcAngle:W)"
    return adapter


for _num, _name in ((0x62, "FrameArc"), (0x63, "PaintArc"), (0x64, "EraseArc"),
                    (0x65, "InvertArc")):
    tool(4, _num, "LWW", name=_name)(_arc_call(_name))


@tool(4, 0x66, "LWWL")
def FillArc(tb, ptr, start, arc, pat_ptr):
    """FillArc(rectPtr:L, startAngle:W, arcAngle:W, patternPtr:L)"""
    _qd(tb).FillArc(read_rect(tb.mem, ptr), s16(start), s16(arc),
                    read_bytes(tb.mem, pat_ptr, 32))


# ---- regions --------------------------------------------------------------------------------
OpenRgn = _forward(0x6D, "OpenRgn()")
CloseRgn = _forward(0x6E, "CloseRgn(rgnHandle:L)", address=True)


@tool(4, 0x6F, "LWW")
def OffsetRgn(tb, rgn, dh, dv):
    """OffsetRgn(rgnHandle:L, dH:W, dV:W)"""
    _qd(tb).OffsetRgn(rgn & 0xFFFFFF, s16(dh), s16(dv))


@tool(4, 0x70, "LWW")
def InsetRgn(tb, rgn, dh, dv):
    """InsetRgn(rgnHandle:L, dH:W, dV:W)"""
    _qd(tb).InsetRgn(rgn & 0xFFFFFF, s16(dh), s16(dv))


SectRgn = _forward(0x71, "SectRgn(rgn1Handle:L, rgn2Handle:L, destRgnHandle:L)",
                   address=True)
UnionRgn = _forward(0x72, "UnionRgn(rgn1Handle:L, rgn2Handle:L, unionRgnHandle:L)",
                    address=True)
DiffRgn = _forward(0x73, "DiffRgn(rgn1Handle:L, rgn2Handle:L, destRgnHandle:L)",
                   address=True)
XorRgn = _forward(0x74, "XorRgn(rgn1Handle:L, rgn2Handle:L, destRgnHandle:L)",
                  address=True)


@tool(4, 0x75, "LL", 2)
def PtInRgn(tb, pt_ptr, rgn):
    """PtInRgn(pointPtr:L, rgnHandle:L) -> inRgn:W"""
    return int(_qd(tb).PtInRgn(read_point(tb.mem, pt_ptr), rgn & 0xFFFFFF))


@tool(4, 0x76, "LL", 2)
def RectInRgn(tb, rect_ptr, rgn):
    """RectInRgn(rectPtr:L, rgnHandle:L) -> inRgn:W"""
    return int(_qd(tb).RectInRgn(read_rect(tb.mem, rect_ptr), rgn & 0xFFFFFF))


@tool(4, 0x77, "LL", 2)
def EqualRgn(tb, a, b):
    """EqualRgn(rgn1Handle:L, rgn2Handle:L) -> equal:W"""
    return int(_qd(tb).EqualRgn(a & 0xFFFFFF, b & 0xFFFFFF))


@tool(4, 0x78, "L", 2)
def EmptyRgn(tb, rgn):
    """EmptyRgn(rgnHandle:L) -> empty:W"""
    return int(_qd(tb).EmptyRgn(rgn & 0xFFFFFF))


for _num, _name in ((0x79, "FrameRgn"), (0x7A, "PaintRgn"), (0x7B, "EraseRgn"),
                    (0x7C, "InvertRgn")):
    _forward(_num, f"{_name}(rgnHandle:L)", address=True)


@tool(4, 0x7D, "LL")
def FillRgn(tb, rgn, pat_ptr):
    """FillRgn(rgnHandle:L, patternPtr:L)"""
    _qd(tb).FillRgn(rgn & 0xFFFFFF, read_bytes(tb.mem, pat_ptr, 32))


@tool(4, 0x7E, "LWWL")
def ScrollRect(tb, rect_ptr, dh, dv, update_rgn):
    """ScrollRect(rectPtr:L, dH:W, dV:W, updateRgnHandle:L)"""
    qd = _qd(tb)
    update = qd.ScrollRect(read_rect(tb.mem, rect_ptr), s16(dh), s16(dv))
    if update_rgn & 0xFFFFFF:
        qd.set_region_shape(update_rgn & 0xFFFFFF, update)


@tool(4, 0x8C, "LLL")
def MapRgn(tb, rgn, src, dst):
    """MapRgn(mapRgnHandle:L, srcRectPtr:L, destRectPtr:L)"""
    _qd(tb).MapRgn(rgn & 0xFFFFFF, read_rect(tb.mem, src), read_rect(tb.mem, dst))


# ---- text -----------------------------------------------------------------------------------
@tool(4, 0x97, "L")
def GetFontGlobals(tb, ptr):
    """GetFontGlobals(fgRecPtr:L): {fgFontID, fgStyle, fgSize, fgVersion, fgWidMax,
    fgFBRExtent}"""
    for i, x in enumerate(_qd(tb).GetFontGlobals()):
        write_word(tb.mem, ptr + 2 * i, x)


@tool(4, 0xD9, "LW", 2)
def GetFontLore(tb, ptr, size):
    """GetFontLore(fontGlobalsRecPtr:L, recordSize:W) -> bytesCopied:W: as much of the
    font globals record as fits"""
    record = b"".join(x.to_bytes(2, "little") for x in _qd(tb).GetFontGlobals())
    count = min(size, len(record))
    write_bytes(tb.mem, ptr, record[:count])
    return count


@tool(4, 0xAC, "WL")
def CharBounds(tb, char, rect_ptr):
    """CharBounds(theChar:W, resultPtr:L)"""
    write_rect(tb.mem, rect_ptr, _qd(tb).CharBounds(char))


@tool(4, 0xAD, "LL")
def StringBounds(tb, ptr, rect_ptr):
    """StringBounds(stringPtr:L, resultPtr:L)"""
    write_rect(tb.mem, rect_ptr, _qd(tb).StringBounds(read_pstring(tb.mem, ptr)))


@tool(4, 0xAE, "LL")
def CStringBounds(tb, ptr, rect_ptr):
    """CStringBounds(cStringPtr:L, resultPtr:L)"""
    write_rect(tb.mem, rect_ptr, _qd(tb).CStringBounds(read_cstring(tb.mem, ptr)))


@tool(4, 0xAF, "LWL")
def TextBounds(tb, ptr, length, rect_ptr):
    """TextBounds(textPtr:L, textLength:W, resultPtr:L)"""
    write_rect(tb.mem, rect_ptr, _qd(tb).TextBounds(read_bytes(tb.mem, ptr, length)))


@tool(4, 0xD8, "L")
def GetRomFont(tb, ptr):
    """GetRomFont(romFontRecPtr:L): {rfFamNum:W, rfFamStyle:W, rfSize:W, rfFontHandle:L,
    rfNamePtr:L, rfFBRExtent:W}"""
    fam, style, size, handle, name, extent = _qd(tb).GetRomFont()
    for off, x in ((0, fam), (2, style), (4, size), (14, extent)):
        write_word(tb.mem, ptr + off, x)
    write_long(tb.mem, ptr + 6, handle)
    write_long(tb.mem, ptr + 10, name)
