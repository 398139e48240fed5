"""What a host is told to present a frame: the one interface from the system to the host.

The host (`iigs.host`) shows the Super Hi-Res screen, or the Apple II screen while Super
Hi-Res is off, with the mouse cursor over it. The screen's bytes are the hardware's
memory; three things are the system's, which on a IIGS QuickDraw II keeps: the screen
mode the mouse is mapped in (the master SCB), the cursor's image and whether it shows,
and being told that the mouse moved (an ObscureCursor lasts until then). So
`present(mem, source)` takes a `FrameSource`; the system's `toolbox.toolbox.Toolbox` is
one (its QuickDraw II and the machine it runs on), and the hardware hands the host the
system's (`Hardware._frame_source`). The host asks nothing else of what is above it
(tests/test_layers.py reads the hardware's attribute names; docs/architecture.md).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np

    from iigs.interrupts import Interrupts
    from iigs.io import IOPage


class CursorImage(Protocol):
    """A cursor ready to draw (`iigs.video.overlay_cursor`)."""
    pixels: np.ndarray          # (height, width) pixel values (0-3 or 0-15)
    mask: np.ndarray            # (height, width) bool: where the cursor covers the screen
    hot_spot: tuple[int, int]   # (v, h) in the image
    mode640: bool               # a 640-mode image (a 320-mode one is shown doubled)


class ScreenHardware(Protocol):
    """The hardware whose screen a frame shows (`iigs.machine.Hardware` is one)."""
    io: IOPage                  # NEWVIDEO and the Apple II video switches
    interrupts: Interrupts      # the palettes scan-line interrupts set in the last frame

    @property
    def ticks(self) -> int:
        """60 Hz ticks since power-on (the Apple II screen's flashing characters)."""


class FrameSource(Protocol):
    """The system's side of a frame: what the host draws the cursor from."""

    def screen_hardware(self) -> ScreenHardware | None:
        """The machine the system runs on, or None (a toolbox without a CPU): the host
        then shows Super Hi-Res with the palettes in memory."""

    def screen_mode640(self) -> bool | None:
        """640 mode by the system's master SCB, or None when the system has set no mode
        (QuickDraw II not started): the SCB of line 0 decides."""

    def visible_cursor(self) -> CursorImage | None:
        """The cursor to draw at the mouse, or None while it is hidden or obscured."""

    def mouse_moved(self) -> None:
        """The host saw the mouse move since the last frame (an obscured cursor shows)."""
