"""QuickDraw II's numbers: error codes, transfer modes, SCB bits, the Super Hi-Res
memory map, the GrafPort record's field offsets and the standard colour tables.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 16 (QuickDraw II: error codes,
the GrafPort), ORCA/C's quickdraw.h and types.h, Technical Note #63 (the
640-mode colour table) and the Hardware Reference ch. 4 (the screen layout).
"""
from __future__ import annotations




Rect = tuple[int, int, int, int]
Point = tuple[int, int]

# QuickDraw II errors (Toolbox Reference vol. 2, ch. 16, error codes)
ALREADY_INIT_ERR = 0x0401
NOT_INIT_ERR = 0x0403
SCREEN_RESERVED_ERR = 0x0410
BAD_RECT_ERR = 0x0411
POLY_ALREADY_OPEN_ERR = 0x0440
POLY_NOT_OPEN_ERR = 0x0441
POLY_TOO_BIG_ERR = 0x0442
BAD_TABLE_NUM_ERR = 0x0450
BAD_COLOR_NUM_ERR = 0x0451
BAD_SCAN_LINE_ERR = 0x0452

QD_VERSION = 0x0307

# Transfer modes (quickdraw.h)
MODE_COPY, MODE_OR, MODE_XOR, MODE_BIC = 0, 1, 2, 3
MODE_FORE_COPY, MODE_FORE_OR, MODE_FORE_XOR, MODE_FORE_BIC = 4, 5, 6, 7
MODE_NOT = 0x8000

# Master SCB values
MODE_320 = 0x00
MODE_640 = 0x80
SCB_640 = 0x80
SCB_FILL = 0x20

# Text face bits
BOLD, ITALIC, UNDERLINE, OUTLINE, SHADOW = 0x01, 0x02, 0x04, 0x08, 0x10

# Super Hi-Res memory (Hardware Reference ch. 4)
SHR_PIXELS = 0xE12000
SHR_ROW_BYTES = 160
SHR_SCBS = 0xE19D00
SHR_PALETTES = 0xE19E00
SCREEN_LINES = 200

# GrafPort field offsets (types.h; portSize = $AA)
PORT_SIZE = 0xAA
PORT_SCB = 0x00            # portInfo (LocInfo): portSCB
PORT_PIX_IMAGE = 0x02      #   ptrToPixImage
PORT_WIDTH = 0x06          #   width (bytes per row)
PORT_BOUNDS = 0x08         #   boundsRect
PORT_RECT = 0x10
PORT_CLIP_RGN = 0x18
PORT_VIS_RGN = 0x1C
PORT_BK_PAT = 0x20
PORT_PN_LOC = 0x40
PORT_PN_SIZE = 0x44
PORT_PN_MODE = 0x48
PORT_PN_PAT = 0x4A
PORT_PN_MASK = 0x6A
PORT_PN_VIS = 0x72
PORT_FONT_HANDLE = 0x74
PORT_FONT_ID = 0x78
PORT_FONT_FLAGS = 0x7C
PORT_TX_SIZE = 0x7E
PORT_TX_FACE = 0x80
PORT_TX_MODE = 0x82
PORT_SP_EXTRA = 0x84
PORT_CH_EXTRA = 0x88
PORT_FG_COLOR = 0x8C
PORT_BG_COLOR = 0x8E
PORT_PIC_SAVE = 0x90       # the picture being recorded (OpenPicture), 0 when none
PORT_RGN_SAVE = 0x94       # the region being recorded (OpenRgn), 0 when none
PORT_POLY_SAVE = 0x98      # the polygon being recorded (OpenPoly), 0 when none
PORT_GRAF_PROCS = 0x9C
PORT_ARC_ROT = 0xA0
PORT_USER_FIELD = 0xA2
PORT_SYS_FIELD = 0xA6
PEN_STATE_SIZE = 50         # PenState: pnLoc, pnSize, pnMode, pnPat, pnMask (= port $40-$71)

RGN_SIZE = 10              # a rectangular region: rgnSize:W, rgnBBox:Rect
WIDE_OPEN: Rect = (-0x3FFF, -0x3FFF, 0x3FFF, 0x3FFF)    # a new port's clip region
# Region handles made without a Memory Manager (a core tested alone) are tokens from
# here up; they name no memory.
PRIVATE_REGIONS = 0xFF0000
SYSTEM_FONT_ID = 0xFFFE | (8 << 24)     # famNum $FFFE (Shaston), style 0, size 8

# Where QuickDraw keeps its own records inside the 3 pages of direct page QDStartUp
# gets: the screen port, then the arrow cursor record.
DP_SCREEN_PORT = 0x100
DP_ARROW_CURSOR = 0x200

# Standard colour tables (Tech Note #63 for 640 mode; quickdraw.h's colour names for 320)
STANDARD_640 = (0x000, 0xF00, 0x0F0, 0xFFF, 0x000, 0x00F, 0xFF0, 0xFFF,
                0x000, 0xF00, 0x0F0, 0xFFF, 0x000, 0x00F, 0xFF0, 0xFFF)
STANDARD_320 = (0x000, 0x777, 0x841, 0x72C, 0x00F, 0x080, 0xF70, 0xD00,
                0xFA9, 0xFF0, 0x0E0, 0x4DF, 0xDAF, 0x78F, 0xCCC, 0xFFF)

# text_log keeps at most this many strings (the oldest half goes when it is full)
TEXT_LOG_LIMIT = 20000

SOLID_BLACK = bytes(32)
SOLID_WHITE = b"\xff" * 32
