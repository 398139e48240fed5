"""Sound Tool Set (tool set $08): start-up, and the beep the other tool sets give.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter 21 "Sound Tool Set" only as far
as a desktop program needs it (project reference §1.7 "Sound Tool Set ($08)": StartUp
and ShutDown). Digitized sound is not offered. `beep()` is what LineEdit, the Dialog
Manager and alerts call for feedback; the Control Panel's "Sound" setting turns it off.
"""
from __future__ import annotations

from toolbox.calls import tool
from toolbox.toolbox import tool_state


@tool_state("snd")
class SoundTools:
    """Whether sound is on, and how many beeps were given (for tests and scripts)."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.enabled = True
        self.beeps = 0

    def beep(self) -> None:
        """One alert beep through the host, unless the Control Panel turned sound off."""
        if not self.enabled:
            return
        self.beeps += 1
        host = self.tb.host
        if host is not None and hasattr(host, "beep"):
            host.beep()


@tool(0x08, 0x02, "W")
def SoundStartUp(tb, dpage: int) -> None:
    """SoundStartUp(WAP:W)"""
    tb.snd.started = True


@tool(0x08, 0x03)
def SoundShutDown(tb) -> None:
    """SoundShutDown()"""
    tb.snd.started = False


@tool(0x08, 0x04, "", 2)
def SoundVersion(tb) -> int:
    """SoundVersion() -> versionInfo:W"""
    return 0x0300


@tool(0x08, 0x06, "", 2)
def SoundToolStatus(tb) -> int:
    """SoundToolStatus() -> activeFlag:W"""
    return int(tb.snd.started)
