"""Raw input from the host (a pygame window or a script), before the Event Manager.

This is the one type that crosses from the host into the toolbox: the data flow is
host -> HostInput -> Event Manager queue -> native program.
Coordinates are Super Hi-Res coordinates (640 mode: h 0..639, v 0..199).
"""
from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class HostInput:
    """One thing the user did.

    kind: "move" (pointer moved to h, v), "down" / "up" (mouse button at h, v),
          "key" (a key went down: `key` is the IIGS ASCII code, `modifiers` the bits
          above), "keyup" (that key was released: `key` as it went down),
          "quit" (the window was closed).
    """

    kind: str
    h: int = 0
    v: int = 0
    key: int = 0
    modifiers: int = 0
