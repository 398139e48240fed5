"""QuickDraw II (tool set $04): drawing into Super Hi-Res memory.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (QuickDraw II), Technical Notes
#6 (patterns) and #63 (the 640-mode colour table), and the Hardware Reference ch. 4 for
the screen layout. One module per part:

  records   the numbers: errors, modes, SCB bits, SHR memory, GrafPort field offsets
  geometry  rectangle and point arithmetic (pure), their records in memory
  pixels    pixel packing, patterns, shape masks, line points, transfer modes
  screen    start-up, SCBs, colour tables          (ScreenMixin)
  rgndata   region shapes (pure): bands of pixel runs, their algebra, Apple's record
  regions   regions: records, algebra, OpenRgn recording, drawing (RegionsMixin)
  ports     GrafPorts, clipping, coordinates       (PortsMixin, _PortState)
  pen       the pen and lines                      (PenMixin)
  drawing   the drawing path; rects, round rects, ovals, arcs, ScrollRect, pixel copies
            (DrawingMixin)
  polygons  OpenPoly ... ClosePoly, Frame/Paint/Erase/Invert/FillPoly (PolygonsMixin)
  text      text, its bounds, the font records      (TextMixin)
  fields    the pen state and mask, the port's plain fields, globals (FieldsMixin)
  core      `QuickDraw` (`tb.qd`): the mixins together, the cursor, Random, helpers
  adapters  the `@tool(4, ...)` rows: stack and records in, core calls, results out

Two layers, as every tool set here: the core's methods are NAMED AS IN THE TOOLBOX
REFERENCE and take Python values (Rect = (top, left, bottom, right), Point = (v, h),
patterns are 32 bytes); the thin adapters decode the records a call points at.

Drawing model (the classic QuickDraw one): coordinates lie between pixels, a rect covers
pixels h1..h2-1 and v1..v2-1; every drawing call is clipped to portRect ∩ clipRgn ∩
visRgn ∩ boundsRect (the regions of any shape); patterns are 8 x 8 pixels aligned to
the pixel image (in 640 mode the first 16 bytes of the 32; all 32 as 16 x 8 with bit
15 of arcRot). HidePen stops
the pen's drawing (lines, Frame* and Paint*); Erase*, Invert*, Fill* and text still
draw. Transfer modes work on pixel values (copy, OR, XOR, BIC, their NOT variants, and
the "fore" modes that change only pixels whose source is not the background colour).

Every name other modules and tests use is re-exported here: `from toolbox.quickdraw
import X` works for all of them.
"""
from __future__ import annotations

from toolbox.quickdraw.records import (ALREADY_INIT_ERR, BAD_COLOR_NUM_ERR, BAD_RECT_ERR,
                                       BAD_SCAN_LINE_ERR, BAD_TABLE_NUM_ERR, BOLD,
                                       DP_ARROW_CURSOR, DP_SCREEN_PORT, ITALIC, MODE_320,
                                       MODE_640, MODE_BIC, MODE_COPY, MODE_FORE_BIC,
                                       MODE_FORE_COPY, MODE_FORE_OR, MODE_FORE_XOR,
                                       MODE_NOT, MODE_OR, MODE_XOR, NOT_INIT_ERR, OUTLINE,
                                       POLY_ALREADY_OPEN_ERR, POLY_NOT_OPEN_ERR,
                                       PEN_STATE_SIZE, POLY_TOO_BIG_ERR,
                                       PORT_GRAF_PROCS, PORT_PIC_SAVE, PORT_POLY_SAVE,
                                       PORT_RGN_SAVE, PORT_SYS_FIELD, PORT_USER_FIELD,
                                       Point, PORT_ARC_ROT, PORT_BG_COLOR, PORT_BK_PAT,
                                       PORT_BOUNDS, PORT_CH_EXTRA, PORT_CLIP_RGN,
                                       PORT_FG_COLOR, PORT_FONT_FLAGS, PORT_FONT_HANDLE,
                                       PORT_FONT_ID, PORT_PIX_IMAGE, PORT_PN_LOC,
                                       PORT_PN_MASK, PORT_PN_MODE, PORT_PN_PAT,
                                       PORT_PN_SIZE, PORT_PN_VIS, PORT_RECT, PORT_SCB,
                                       PORT_SIZE, PORT_SP_EXTRA, PORT_TX_FACE,
                                       PORT_TX_MODE, PORT_TX_SIZE, PORT_VIS_RGN,
                                       PORT_WIDTH, PRIVATE_REGIONS, QD_VERSION, Rect,
                                       RGN_SIZE, SCB_640, SCB_FILL, SCREEN_LINES,
                                       SCREEN_RESERVED_ERR, SHADOW, SHR_PALETTES,
                                       SHR_PIXELS, SHR_ROW_BYTES, SHR_SCBS, SOLID_BLACK,
                                       SOLID_WHITE, STANDARD_320, STANDARD_640,
                                       SYSTEM_FONT_ID, TEXT_LOG_LIMIT, UNDERLINE,
                                       WIDE_OPEN)
from toolbox.quickdraw.geometry import (add_pt, empty_rect, inset_rect, offset_rect,
                                        pt2rect, pt_in_rect, read_point, read_rect,
                                        scale_pt, sect_rect, set_rect, _size, sub_pt,
                                        union_rect, write_point, write_rect)
from toolbox.quickdraw.pixels import (_BYTES, _frozen, line_points, MASK_CACHE_SIZE,
                                      oval_mask, pack_pixels, pattern_pixels, _PixelImage,
                                      rrect_mask, solid_pattern, transfer, UNPACK_320,
                                      UNPACK_640, unpack_pixels, wedge_mask)
from toolbox.quickdraw import rgndata
from toolbox.quickdraw.regions import RegionsMixin
from toolbox.quickdraw.fields import FieldsMixin, LONG_FIELDS
from toolbox.quickdraw.screen import ScreenMixin
from toolbox.quickdraw.ports import (_PORT_HEAD, PortsMixin, _PortState)
from toolbox.quickdraw.pen import PenMixin
from toolbox.quickdraw.drawing import DrawingMixin
from toolbox.quickdraw.polygons import (bounding_box, edges_interior, map_point,
                                        MAX_POLY_SIZE, POINT_SIZE,
                                        POLY_HEADER, polygon_interior, polygon_record,
                                        PolygonsMixin)
from toolbox.quickdraw.text import (_encoded, TextMixin)
from toolbox.quickdraw.core import QuickDraw
from toolbox.quickdraw.adapters import (CharWidth, ClearScreen, ClipRect, ClosePoly,
                                        ClosePort, CopyRgn, CStringWidth, DisposeRgn,
                                        DrawChar, DrawCString, DrawString, DrawText,
                                        EqualRect, FillOval, FillPoly, FillRect, FillRRect,
                                        GetBackColor, GetBackPat, GetClip, GetColorEntry,
                                        GetColorTable, GetCursorAdr, GetFont, GetFontID,
                                        GetFontInfo, GetForeColor, GetMasterSCB, GetPen,
                                        GetPenMode, GetPenPat, GetPenSize, GetPixel,
                                        GetPolySave, GetPort, GetPortLoc, GetPortRect,
                                        GetSCB, GetTextFace, GetTextMode, GetTextSize,
                                        GlobalToLocal, GrafOff, GrafOn, HideCursor,
                                        HidePen, InitCursor, InitPort, InsetRect, KillPoly,
                                        Line, LineTo, LocalToGlobal, MapPoly, Move,
                                        MovePortTo, MoveTo, NewRgn, NotEmptyRect,
                                        ObscureCursor, OffsetPoly, OffsetRect, OpenPoly,
                                        OpenPort, PaintPixels, PenNormal, _poly_call,
                                        PPToPort, PtInRect, _qd, QDShutDown, QDStartUp,
                                        QDVersion, Random, _read_loc, _rect_call, RectRgn,
                                        _rrect_call, SectRect, SetAllSCBs, SetBackColor,
                                        SetBackPat, SetClip, SetColorEntry, SetColorTable,
                                        SetCursor, SetEmptyRgn, SetFont, SetFontID,
                                        SetForeColor, SetMasterSCB, SetOrigin, SetPenMode,
                                        SetPenPat, SetPenSize, SetPolySave, SetPort,
                                        SetPortLoc, SetPortRect, SetPortSize, SetRandSeed,
                                        SetRect, SetRectRgn, SetSCB, SetSolidBackPat,
                                        SetSolidPenPat, SetTextFace, SetTextMode,
                                        SetTextSize, ShowCursor, ShowPen, StringWidth,
                                        TextWidth, UnionRect)
