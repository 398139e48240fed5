"""The system's icons GetSysIcon hands out (QuickDraw II Auxiliary, System 6), as
QDIconRecords: iconType:W, iconSize:W, iconHeight:W, iconWidth:W, then the image and
the mask, 4 bits a pixel, (iconWidth - 1) / 2 + 1 bytes a row (qdaux.h's QDIconRecord;
Toolbox Reference vol. 2, DrawIcon).

Which icon answers which request follows qdaux.h's constants (getFileIcon by file type
and auxiliary type, fUseOpenFolders, getDeviceIcon by device ID, getMiscIcon's
desktop, padlock, up arrow, down arrow and boxed down arrow). Apple's own pictures
were not at hand: the images below are this toolbox's, drawn in black and white
(iconType 0, so DrawIcon's displayMode colours them), and which file and device kinds
get an icon of their own is assumed (docs/compatibility.md).
"""
from __future__ import annotations

# What each character of a picture is: black, white, or outside the icon (mask 0).
BLACK, WHITE, OUTSIDE = "#", ".", " "
BLACK_PIXEL, WHITE_PIXEL, OPAQUE = 0x0, 0xF, 0xF
ICON_HEADER = 8                  # iconType, iconSize, iconHeight, iconWidth

DOCUMENT = (
    "##########      ",
    "#........##     ",
    "#........#.#    ",
    "#........####   ",
    "#...........#   ",
    "#..######...#   ",
    "#...........#   ",
    "#..#######..#   ",
    "#...........#   ",
    "#..#####....#   ",
    "#...........#   ",
    "#############   ",
)
APPLICATION = (
    "      ##        ",
    "     #..#       ",
    "    #....#      ",
    "   #..##..#     ",
    "  #..#..#..#    ",
    " #..#....#..#   ",
    "  #..#..#..#    ",
    "   #..##..#     ",
    "    #....#      ",
    "     #..#       ",
    "      ##        ",
    "                ",
)
FOLDER = (
    "                ",
    " #####          ",
    "#.....#         ",
    "#######.#######.",
    "#..............#",
    "#..............#",
    "#..............#",
    "#..............#",
    "#..............#",
    "#..............#",
    "################",
    "                ",
)
OPEN_FOLDER = (
    "                ",
    " #####          ",
    "#.....#         ",
    "#.....########  ",
    "#...##########  ",
    "#..#.........#  ",
    "#.#.........#   ",
    "##.........#    ",
    "#.........#     ",
    "##########      ",
    "                ",
    "                ",
)
FLOPPY_DISK = (
    "############    ",
    "#..#....#..##   ",
    "#..#....#...#   ",
    "#..######...#   ",
    "#...........#   ",
    "#..#######..#   ",
    "#..#.....#..#   ",
    "#..#.....#..#   ",
    "#..#.....#..#   ",
    "#..#######..#   ",
    "#############   ",
    "                ",
)
HARD_DISK = (
    "                ",
    "                ",
    "################",
    "#..............#",
    "#..............#",
    "#.##.......###.#",
    "#..............#",
    "#..............#",
    "################",
    "                ",
    "                ",
    "                ",
)
DESKTOP = (
    "################",
    "#..............#",
    "#.####.........#",
    "#..............#",
    "#........####..#",
    "#........#..#..#",
    "#........####..#",
    "#..............#",
    "#..............#",
    "################",
    "      ####      ",
    "    ########    ",
)
PADLOCK = (
    "    ######      ",
    "   #......#     ",
    "  #..####..#    ",
    "  #..#  #..#    ",
    "  #..#  #..#    ",
    "############    ",
    "#..........#    ",
    "#....##....#    ",
    "#....##....#    ",
    "#.....#....#    ",
    "#..........#    ",
    "############    ",
)
UP_ARROW = (
    "                ",
    "       ##       ",
    "      #..#      ",
    "     #....#     ",
    "    #......#    ",
    "   #........#   ",
    "  #####..#####  ",
    "      #..#      ",
    "      #..#      ",
    "      #..#      ",
    "      ####      ",
    "                ",
)
DOWN_ARROW = tuple(reversed(UP_ARROW))
BOX_DOWN_ARROW = (
    "################",
    "#..............#",
    "#.....####.....#",
    "#.....#..#.....#",
    "#.....#..#.....#",
    "#..####..####..#",
    "#...#......#...#",
    "#....#....#....#",
    "#.....#..#.....#",
    "#......##......#",
    "#..............#",
    "################",
)

# getMiscIcon's values (qdaux.h)
MISC_ICONS = (DESKTOP, PADLOCK, UP_ARROW, DOWN_ARROW, BOX_DOWN_ARROW)

# Assumed: the file types with a picture of their own (ProDOS file types).
DIRECTORY = 0x0F
APPLICATION_TYPES = (0xB3, 0xB5, 0xFF)          # S16, EXE, SYS
# Assumed: the device IDs drawn as a floppy disk (GS/OS DInfo: Apple 5.25, Apple 3.5).
FLOPPY_DEVICES = (0x0000, 0x0003)


def file_icon(file_type: int, open_folders: bool) -> tuple[str, ...]:
    """The picture for a file of that type (fUseOpenFolders: a directory's is open)."""
    if file_type == DIRECTORY:
        return OPEN_FOLDER if open_folders else FOLDER
    if file_type in APPLICATION_TYPES:
        return APPLICATION
    return DOCUMENT


def device_icon(device_id: int) -> tuple[str, ...]:
    """The picture for a device of that GS/OS device ID."""
    return FLOPPY_DISK if device_id in FLOPPY_DEVICES else HARD_DISK


def icon_record(picture: tuple[str, ...]) -> bytes:
    """A QDIconRecord (black and white, iconType 0) of the picture."""
    height, width = len(picture), len(picture[0])
    row_bytes = (width - 1) // 2 + 1
    image, mask = bytearray(), bytearray()
    for row in picture:
        cells = row.ljust(2 * row_bytes, OUTSIDE)
        for i in range(0, 2 * row_bytes, 2):
            pair = cells[i:i + 2]
            image.append(_nibble(pair[0], pixel=True) << 4 | _nibble(pair[1], pixel=True))
            mask.append(_nibble(pair[0], pixel=False) << 4 | _nibble(pair[1], pixel=False))
    size = len(image)
    header = (0).to_bytes(2, "little") + size.to_bytes(2, "little") \
        + height.to_bytes(2, "little") + width.to_bytes(2, "little")
    return header + bytes(image) + bytes(mask)


def _nibble(cell: str, pixel: bool) -> int:
    if pixel:
        return BLACK_PIXEL if cell == BLACK else WHITE_PIXEL
    return 0 if cell == OUTSIDE else OPAQUE
