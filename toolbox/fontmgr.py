"""Font Manager (tool set $1B): font families, with the system font as the one family.

Follows the Apple IIGS Toolbox Reference vol. 1, ch. 8 "Font Manager" and Technical
Notes #41 (font family numbers) and #104 (Font Manager fundamentals), with the numbers,
error codes and bits of ORCA/C's font.h. The glyphs are iigs/font.py's.

This machine has one font: the system font, family $FFFE (Shaston), plain, 8 points
(QuickDraw II's SYSTEM_FONT_ID). A program that asks for it gets it:

  * CountFamilies answers 1; FindFamily(famSpecs, 0, namePtr) answers $FFFE and names
    it "Shaston" (positions count from 0); GetFamNum("Shaston") answers $FFFE (the
    name's case does not matter); GetFamInfo($FFFE) names it and answers famStats 0
    (a base family).
  * InstallFont(fontID, scaleWord) and InstallWithStats make it the current port's font
    (SetFontID) for family $FFFE, and for family 0, which TN #41 reserves for "the
    system font". Its size is 8 points: a program asking for another size gets the
    8-point font (the size this machine draws; the change is written to the call log).
  * CountFonts, FindFontStats and LoadFont see one font, in memory; FMGetSysFID and
    FMSetSysFont name the system font; FMGetCurFID answers the current port's font.

Any other family answers fmFamNotFndErr ($1B04) from GetFamNum, GetFamInfo, InstallFont,
InstallWithStats and FMSetSysFont; FindFamily past the last family answers it too.
Calls before FMStartUp answer fmNotActiveErr ($1B03); a second FMStartUp
fmDupStartUpErr ($1B01). SetPurgeStat refuses to make the system font purgeable
(fmSysFontErr $1B07).

FixFontMenu(menuID, startingID, famSpecs) appends the family's name, "Shaston", to the
menu as item startingID; FamNum2ItemID and ItemID2FamNum translate between the two
after it (fmMenuErr $1B0B before; TN #104: one font menu per FMStartUp).

ChooseFont(currentID, famSpecs) puts up the Choose Font dialog (`toolbox.fontdialog`)
with currentID's family, size and style chosen, and answers the font ID the user picks
(0 for Cancel); the one family is Shaston, and a size of 0 in currentID shows as 8.

Not here: AddFamily, AddFontVar (a family or font of a program's own would need fonts
QuickDraw II here can draw; the Tool Locator answers funcNotFoundErr).
"""
from __future__ import annotations

from iigs.memory import read_pstring, write_long, write_pstring, write_word
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.quickdraw import SYSTEM_FONT_ID
from toolbox.toolbox import tool_state

TOOLSET = 0x1B
FM_VERSION = 0x0304
TRUE, FALSE = 0xFFFF, 0x0000

# Error codes (font.h)
FM_DUP_STARTUP_ERR = 0x1B01
FM_NOT_ACTIVE_ERR = 0x1B03
FM_FAM_NOT_FND_ERR = 0x1B04
FM_SYS_FONT_ERR = 0x1B07
FM_MENU_ERR = 0x1B0B            # fmMenuErr: FixFontMenu never called

SHASTON = 0xFFFE                # the system font's family (TN #41)
SYSTEM_FAMILY_ALIAS = 0x0000    # "System Font" (TN #41): the system font's family
SYSTEM_FAMILY_NAME = b"Shaston"
SYSTEM_SIZE = 8
ANY_FAM_BIT, ANY_STYLE_BIT, ANY_SIZE_BIT = 0x0004, 0x0008, 0x0010   # FontSpecBits
MEM_BIT, NOT_FOUND_BIT = 0x0001, 0x8000                              # FontStatBits


def family(font_id: int) -> int:
    return font_id & 0xFFFF


def size(font_id: int) -> int:
    return (font_id >> 24) & 0xFF


def style(font_id: int) -> int:
    return (font_id >> 16) & 0xFF


@tool_state("fm")
class FontManager:
    """The Font Manager's state: started flag and its user ID."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.user_id = 0
        self.font_item = None           # FixFontMenu's item ID for the one family

    def start_up(self, user_id: int, dp: int) -> None:
        """FMStartUp(userID, dPageAddr): a second one answers fmDupStartUpErr
        (register_housekeeping); the font menu is made again after it."""
        self.user_id, self.font_item = user_id, None

    def require(self) -> None:
        if not self.started:
            raise ToolError(FM_NOT_ACTIVE_ERR, "Font Manager not started")

    def system_family(self, fam_num: int) -> int:
        """The family number a program means, or fmFamNotFndErr."""
        self.require()
        if fam_num in (SHASTON, SYSTEM_FAMILY_ALIAS):
            return SHASTON
        raise ToolError(FM_FAM_NOT_FND_ERR, f"no font family ${fam_num:04X}")

    def install(self, font_id: int) -> int:
        """InstallFont's core: the system font becomes the port's font; its font ID."""
        self.system_family(family(font_id))
        installed = SHASTON | (style(font_id) << 16) | (SYSTEM_SIZE << 24)
        if size(font_id) not in (0, SYSTEM_SIZE):
            self.tb.call_log.append(f"InstallFont: {size(font_id)}-point system font "
                                    f"asked for, the {SYSTEM_SIZE}-point one installed")
        self.tb.qd.SetFontID(installed)
        return installed

    def matches(self, font_id: int, specs: int) -> bool:
        """Whether the one font answers a desired font ID and FontSpecBits."""
        fam_ok = specs & ANY_FAM_BIT or family(font_id) in (SHASTON, SYSTEM_FAMILY_ALIAS)
        size_ok = specs & ANY_SIZE_BIT or size(font_id) in (0, SYSTEM_SIZE)
        return bool(fam_ok and size_ok)

    def font_stats(self, font_id: int, specs: int, position: int, result_ptr: int) -> None:
        """FindFontStats' core: a FontStatRec {resultID:L, resultStats:W}."""
        self.require()
        mem = self.tb.mem
        if position == 0 and self.matches(font_id, specs):
            write_long(mem, result_ptr, SYSTEM_FONT_ID)
            write_word(mem, result_ptr + 4, MEM_BIT)
        else:
            write_long(mem, result_ptr, font_id)
            write_word(mem, result_ptr + 4, NOT_FOUND_BIT)


def _fm(tb) -> FontManager:
    return tb.fm


def _name_to(tb, name_ptr: int) -> None:
    if name_ptr:
        write_pstring(tb.mem, name_ptr & 0xFFFFFF, SYSTEM_FAMILY_NAME)


# -- tool calls (Toolbox Reference vol. 1 ch. 8; numbers from font.h) --------------------

register_housekeeping(TOOLSET, "FM", "fm", FM_VERSION, "WW",
                      already_started=FM_DUP_STARTUP_ERR)


@tool(TOOLSET, 0x09, "W", 2)
def CountFamilies(tb, fam_specs) -> int:
    """CountFamilies(famSpecs:W): count:W"""
    _fm(tb).require()
    return 1


@tool(TOOLSET, 0x0A, "WWL", 2)
def FindFamily(tb, fam_specs, position, name_ptr) -> int:
    """FindFamily(famSpecs:W, positionNum:W, namePtr:L): famNum:W"""
    _fm(tb).require()
    if position != 0:
        raise ToolError(FM_FAM_NOT_FND_ERR, f"no family at position {position}")
    _name_to(tb, name_ptr)
    return SHASTON


@tool(TOOLSET, 0x0B, "WL", 2)
def GetFamInfo(tb, fam_num, name_ptr) -> int:
    """GetFamInfo(famNum:W, namePtr:L): famStatBits:W"""
    _fm(tb).system_family(fam_num)
    _name_to(tb, name_ptr)
    return 0


@tool(TOOLSET, 0x0C, "L", 2)
def GetFamNum(tb, name_ptr) -> int:
    """GetFamNum(namePtr:L): famNum:W"""
    _fm(tb).require()
    name = read_pstring(tb.mem, name_ptr & 0xFFFFFF)
    if name.lower() != SYSTEM_FAMILY_NAME.lower():
        raise ToolError(FM_FAM_NOT_FND_ERR, f"no font family {name!r}")
    return SHASTON


@tool(TOOLSET, 0x0E, "LW")
def InstallFont(tb, font_id, scale_word) -> None:
    """InstallFont(desiredID:L, scaleWord:W)"""
    _fm(tb).install(font_id)


@tool(TOOLSET, 0x0F, "LW")
def SetPurgeStat(tb, font_id, purge_stat) -> None:
    """SetPurgeStat(theFontID:L, purgeStat:W): the system font is never purgeable."""
    fm = _fm(tb)
    fm.system_family(family(font_id))
    if purge_stat:
        raise ToolError(FM_SYS_FONT_ERR, "the system font cannot be purgeable")


@tool(TOOLSET, 0x10, "LW", 2)
def CountFonts(tb, font_id, font_specs) -> int:
    """CountFonts(desiredID:L, fontSpecs:W): count:W"""
    fm = _fm(tb)
    fm.require()
    return 1 if fm.matches(font_id, font_specs) else 0


@tool(TOOLSET, 0x11, "LWWL")
def FindFontStats(tb, font_id, font_specs, position, result_ptr) -> None:
    """FindFontStats(desiredID:L, fontSpecs:W, positionNum:W, resultPtr:L)"""
    _fm(tb).font_stats(font_id, font_specs, position, result_ptr)


@tool(TOOLSET, 0x12, "LWWL")
def LoadFont(tb, font_id, font_specs, position, result_ptr) -> None:
    """LoadFont(desiredID:L, fontSpecs:W, positionNum:W, resultPtr:L): the one font is
    always in memory."""
    _fm(tb).font_stats(font_id, font_specs, position, result_ptr)


@tool(TOOLSET, 0x13)
def LoadSysFont(tb) -> None:
    """LoadSysFont(): the system font is always in memory."""
    _fm(tb).require()


@tool(TOOLSET, 0x15, "WWW")
def FixFontMenu(tb, menu_id, starting_id, fam_specs) -> None:
    """FixFontMenu(menuID:W, startingID:W, famSpecs:W): the family names appended to a
    menu, item IDs from startingID."""
    from toolbox.menu import MenuItem
    fm = _fm(tb)
    fm.require()
    mgr = tb.menu
    menu = mgr.menu(menu_id)
    menu.items.append(MenuItem(SYSTEM_FAMILY_NAME, starting_id))
    mgr.calc_size(menu)
    fm.font_item = starting_id


@tool(TOOLSET, 0x17, "W", 2)
def ItemID2FamNum(tb, item_id) -> int:
    """ItemID2FamNum(itemID:W): famNum:W (0 for an item that is not a family's)"""
    return SHASTON if item_id == _font_item(tb) else 0


@tool(TOOLSET, 0x1B, "W", 2)
def FamNum2ItemID(tb, fam_num) -> int:
    """FamNum2ItemID(famNum:W): itemID:W (0 for a family not in the menu)"""
    return _font_item(tb) if fam_num in (SHASTON, SYSTEM_FAMILY_ALIAS) else 0


def _font_item(tb) -> int:
    """The font menu's one family item (FixFontMenu's); fmMenuErr before it is made."""
    fm = _fm(tb)
    fm.require()
    if fm.font_item is None:
        raise ToolError(FM_MENU_ERR, "FixFontMenu never called")
    return fm.font_item


@tool(TOOLSET, 0x18, "L")
def FMSetSysFont(tb, font_id) -> None:
    """FMSetSysFont(newFontID:L)"""
    _fm(tb).system_family(family(font_id))


@tool(TOOLSET, 0x19, result=4)
def FMGetSysFID(tb) -> int:
    """FMGetSysFID(): sysFontID:L"""
    return SYSTEM_FONT_ID


@tool(TOOLSET, 0x1A, result=4)
def FMGetCurFID(tb) -> int:
    """FMGetCurFID(): curFontID:L (the current port's font)"""
    qd = tb.qd
    return qd.GetFontID() if qd.port else SYSTEM_FONT_ID


@tool(TOOLSET, 0x1C, "LWL")
def InstallWithStats(tb, font_id, scale_word, result_ptr) -> None:
    """InstallWithStats(desiredID:L, scaleWord:W, resultPtr:L): InstallFont, and the
    installed font's FontStatRec."""
    installed = _fm(tb).install(font_id)
    write_long(tb.mem, result_ptr, installed)
    write_word(tb.mem, result_ptr + 4, MEM_BIT)


@tool(TOOLSET, 0x16, "LW", 4)
def ChooseFont(tb, current_id, fam_specs) -> int:
    """ChooseFont(currentID:L, famSpecs:W) -> newID:L: the Choose Font dialog; the
    font ID chosen, 0 when the user cancels."""
    from toolbox.fontdialog import FontDialog
    fm = _fm(tb)
    fm.require()
    if family(current_id) == SYSTEM_FAMILY_ALIAS:
        current_id = (current_id & 0xFFFF0000) | SHASTON
    return FontDialog(tb, [(SHASTON, SYSTEM_FAMILY_NAME)], current_id).run(SYSTEM_SIZE)
