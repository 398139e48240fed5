"""Raw input from the host (a pygame window or a script), before the Event Manager.

This is the one type that crosses from the host into the toolbox: the data flow is
host -> HostInput -> Event Manager queue -> native program.
Coordinates are Super Hi-Res coordinates (640 mode: h 0..639, v 0..199).
"""
from __future__ import annotations

from dataclasses import dataclass, field

# Modifier bits as the Event Manager keeps them in an event record's `modifiers`
# word (Toolbox Reference vol. 1, Event Manager, "modifiers" field).
BTN1_STATE = 0x0040       # (unused here)
BTN0_STATE = 0x0080       # set while the mouse button is UP
APPLE_KEY = 0x0100
SHIFT_KEY = 0x0200
CAPS_LOCK = 0x0400
OPTION_KEY = 0x0800
CONTROL_KEY = 0x1000
KEY_PAD = 0x2000

# Where the pointer is at start-up, (h, v): the Event Manager's mouse and the ADB mouse
# (iigs.adb) both start here, so the host's first position is a move from it.
START_POINT = (320, 100)


@dataclass(frozen=True)
class HostInput:
    """One thing the user did.

    kind: "move" (pointer moved to h, v), "down" / "up" (mouse button at h, v),
          "key" (a key went down: `key` is the IIGS ASCII code, `modifiers` the bits
          above), "keyup" (that key was released: `key` as it went down),
          "quit" (the window was closed), "display" (the host's full-screen key
          switched full screen, or the user resized the window: `key` is 1 for full
          screen, 0 for a window; `scale` the window's new scale 1-4, 0 unchanged).
    `press`: for a key the $C000 latch took, its number there (`iigs.io.Keyboard`), so
    the Event Manager takes that very key from the latch; 0 otherwise.
    """

    kind: str
    h: int = 0
    v: int = 0
    key: int = 0
    modifiers: int = 0
    scale: int = 0
    press: int = field(default=0, compare=False)


class MouseTracker:
    """Mouse tracking speed (the Control Panel's Mouse panel): host pointer motion
    multiplied by `factor`, the IIGS pointer clamped to the screen. At 1 the IIGS
    pointer is exactly where the host's is; at an edge of the host window the IIGS
    pointer goes to that edge too, so the two never drift apart for good."""

    def __init__(self, width: int = 640, height: int = 200) -> None:
        self.size = (width, height)
        self.factor = 1.0
        self._host: tuple[int, int] | None = None
        self._pos = (0.0, 0.0)

    def place(self, h: int, v: int) -> tuple[int, int]:
        """The IIGS point for the host pointer at SHR point (h, v)."""
        width, height = self.size
        if self.factor == 1.0 or self._host is None:
            x, y = float(h), float(v)
        else:
            x = self._pos[0] + (h - self._host[0]) * self.factor
            y = self._pos[1] + (v - self._host[1]) * self.factor
            if h <= 0 or h >= width - 1:
                x = float(h)
            if v <= 0 or v >= height - 1:
                y = float(v)
        x = min(max(x, 0.0), width - 1.0)
        y = min(max(y, 0.0), height - 1.0)
        self._host, self._pos = (h, v), (x, y)
        return int(x), int(y)


# The IIGS keyboard types 7-bit ASCII: the printable characters, and with Control,
# Return, Tab, Delete and Escape the control codes (Hardware Reference, ch. 6, the
# keyboard's ASCII table). Anything else cannot reach a program as a key.
KEYBOARD_CODES = range(0x80)


def untypeable(text: str) -> str | None:
    """Words for the first character of `text` the IIGS keyboard cannot type, or
    None when it can type them all."""
    for ch in text:
        if ord(ch) not in KEYBOARD_CODES:
            return (f"{ch!r} (U+{ord(ch):04X}) is not on the IIGS keyboard, "
                    "which types ASCII only")
    return None
