"""Video Overlay Tool Set (tool set $21): the answers of a IIGS without a video overlay
card (the Apple II Video Overlay Card, "VOC").

Follows the Apple IIGS Toolbox Reference vol. 3, chapter 52 "Video Overlay Tool Set",
with the selectors and error codes of Apple's Video.p. The machine has no such card:
VDStartUp succeeds (a program's StartUpTools goes on), and the status calls say what is
there: VDGetFeatures answers vdNotAvail (0) for every feature, VDInStatus/VDKeyStatus/
VDOutStatus/VDGGStatus answer 0 (no video detected, not genlocked, keyer and outputs
off), VDInGetStd/VDOutGetStd vdNone (0), the keyer's colours and dissolve levels 0. A
call that would change the card's state answers vdNoVideoDevice ($2110), as the tool set
does when it finds no card, so a program learns the overlay is not there.
"""
from __future__ import annotations

from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x21
VD_VERSION = 0x0100
VD_NO_VIDEO_DEVICE = 0x2110      # vdNoVideoDevice: no card was found
VD_ALREADY_STARTED = 0x2111      # vdAlreadyStarted
VD_NOT_AVAIL = 0x0000            # vdNotAvail / vdNo / vdOff / vdNone


@tool_state("vd")
class VideoOverlay:
    """Only the started flag: there is no card to keep state for."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False


register_housekeeping(TOOLSET, "VD", "vd", VD_VERSION, already_started=VD_ALREADY_STARTED)


def _no_card(name: str):
    def refuse(tb, *values: int) -> None:
        raise ToolError(VD_NO_VIDEO_DEVICE, f"{name}: there is no video overlay card")
    return refuse


def _nothing(tb, *values: int) -> int:
    return VD_NOT_AVAIL


# Calls that read the card: (function, name, parameters); each answers 0.
STATUS_CALLS = (
    (0x09, "VDInStatus", "W"), (0x0B, "VDInGetStd", ""), (0x0E, "VDKeyStatus", "W"),
    (0x10, "VDKeyGetKRCol", ""), (0x11, "VDKeyGetKGCol", ""), (0x12, "VDKeyGetKBCol", ""),
    (0x14, "VDKeyGetKDiss", ""), (0x16, "VDKeyGetNKDiss", ""), (0x18, "VDOutGetStd", ""),
    (0x1A, "VDOutStatus", "W"), (0x1B, "VDGetFeatures", "W"), (0x1E, "VDGGStatus", "W"),
)
# Calls that change the card: vdNoVideoDevice.
CONTROL_CALLS = (
    (0x0A, "VDInSetStd", "W"), (0x0C, "VDInConvAdj", "WW"), (0x0D, "VDKeyControl", "WW"),
    (0x0F, "VDKeySetKCol", "WWW"), (0x13, "VDKeySetKDiss", "W"),
    (0x15, "VDKeySetNKDiss", "W"), (0x17, "VDOutSetStd", "W"), (0x19, "VDOutControl", "WW"),
    (0x1C, "VDInControl", "WW"), (0x1D, "VDGGControl", "WW"),
)

for _function, _name, _params in STATUS_CALLS:
    tool(TOOLSET, _function, _params, 2, name=_name)(_nothing)
for _function, _name, _params in CONTROL_CALLS:
    tool(TOOLSET, _function, _params, 0, name=_name)(_no_card(_name))
