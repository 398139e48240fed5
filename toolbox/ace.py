"""Audio Compression and Expansion (tool set $1D): started, asked about, and honest
about what it cannot do.

Follows the Apple IIGS Toolbox Reference vol. 3, chapter 27 "Audio Compression and
Expansion Tool Set" (ACE), with ORCA/C ace.h's numbers. ACEStartUp(dPageAddr) takes
the one page of direct page StartUpTools gives it; aceIsActive ($1D01) when started
twice. ACEInfo(infoItemCode) answers, for item 0 (the methods this tool set can
compress and expand, one bit a method number), 0: none.

Not here: ACECompress, ACEExpand, ACECompBegin, ACEExpBegin, GetACEExpState and
SetACEExpState. ACE's 2:1 and 8:3 methods work on the DOC's 8-bit samples in 512-byte
blocks, but the bit layout of the compressed blocks is not published in a
specification at hand, and a block this machine wrote that a IIGS could not expand
would be worse than none: a program that calls them is answered funcNotFoundErr by the
Tool Locator and the machine's missing-call report names the call.
"""
from __future__ import annotations

from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x1D
ACE_VERSION = 0x0101
ACE_IS_ACTIVE = 0x1D01           # aceIsActive: started twice
ACE_NO_SUCH_PARAM = 0x1D04       # aceNoSuchParam: an ACEInfo item it does not know
METHODS_ITEM = 0                 # ACEInfo: the methods supported, a bit each
METHODS_SUPPORTED = 0            # none (see above)


@tool_state("ace")
class ACE:
    """The started flag and the direct page ACEStartUp was given."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.dpage = 0

    def start_up(self, dpage: int) -> None:
        self.dpage = dpage


register_housekeeping(TOOLSET, "ACE", "ace", ACE_VERSION, "W", already_started=ACE_IS_ACTIVE)


@tool(TOOLSET, 0x07, "W", 4)
def ACEInfo(tb, item: int) -> int:
    """ACEInfo(infoItemCode:W): infoItem:L"""
    if item == METHODS_ITEM:
        return METHODS_SUPPORTED
    raise ToolError(ACE_NO_SUCH_PARAM, f"ACEInfo item {item}")
