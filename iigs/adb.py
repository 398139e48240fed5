"""The Apple Desktop Bus as the hardware gives it: the keyboard at address 2 and the
mouse at address 3, and the mouse data the ADB GLU shows at $C024/$C027.

Follows the ADB specification's device registers (the Apple IIGS Hardware Reference,
"Apple Desktop Bus", and Inside Macintosh's ADB Manager, which list the same layout):

- register 0, the device's data. The keyboard's holds key transitions, two a Talk at
  most: bit 15 (and bit 7) 1 = the key went up, bits 14-8 (and 6-0) its ADB key code;
  $FF fills the second byte when only one transition waits. The mouse's holds motion:
  bit 15 0 = the button is down, bits 14-8 the Y movement, bit 7 1 (no second
  button), bits 6-0 the X movement, each a 7-bit two's-complement count (-64 to 63).
  A device with nothing new does not answer a Talk 0 (no data).
- register 3: bit 14 exceptional event (1: not used), bit 13 service request enabled,
  bits 11-8 the address, bits 7-0 the device handler ID (keyboard 2: the Apple Extended
  Keyboard, whose function keys this machine's keyboard has; mouse 1: 100 counts per
  inch). A Listen 3 may change the handler ID and the SRQ bit; moving a device to
  another address is not modelled (the move is refused and logged by the tool set).

The mouse's motion is the host pointer's: each host position is a move from the last
one (the pointer starts where the Event Manager's does, `START_POINT`). $C024 gives the
waiting motion as the GLU's autopoll would: the X byte first, then the Y byte with the
button in bit 7 (0 = down); bit 1 of $C027 says which comes next (0 X, 1 Y) and bit 7
that a movement or button change is waiting. A read takes at most 63 counts an axis;
the rest waits for the next pair. $C024 and a Talk 0 take from the same motion.

What an interrupt source can read: `AdbMouse.data_ready` (the mouse register is full)
and `Keyboard.strobe` in `iigs.io` (a key waits in the latch).
"""
from __future__ import annotations

from collections import deque

from iigs.hostinput import (APPLE_KEY, CAPS_LOCK, CONTROL_KEY, KEY_PAD, OPTION_KEY,
                            SHIFT_KEY, START_POINT, HostInput)

KEYBOARD_ADDRESS = 2
MOUSE_ADDRESS = 3
KEYBOARD_HANDLER = 0x02          # Apple Extended Keyboard
MOUSE_HANDLER = 0x01             # 100 counts per inch
REG3_SRQ_ENABLE = 0x2000
REG3_NO_EVENT = 0x4000           # exceptional event bit: 1 when the device has none
REGISTER0_BUFFER = 16            # key transitions the keyboard keeps for a Talk 0
MAX_DELTA = 63                   # the most one 7-bit movement count reports

KEY_UP = 0x80
NO_KEY = 0xFF

# ADB key codes of the US layout (Inside Macintosh: the Apple Extended Keyboard), the
# unshifted character of each code from $00 ("\0": no key at $0A), and the characters
# Shift gives on the keys that have two.
_UNSHIFTED = ("asdfhgzxcv\0bqweryt123465=97-80]ou[ip\rlj'k;\\,/nm.\t `")
_SHIFTED = dict(zip("!@#$%^&*()_+{}|:\"<>?~", "1234567890-=[]\\;',./`"))
CHAR_CODES = {ch: code for code, ch in enumerate(_UNSHIFTED) if ch != "\0"}
SPECIAL_CODES = {0x7F: 0x33, 0x1B: 0x35, 0x08: 0x3B, 0x15: 0x3C, 0x0A: 0x3D, 0x0B: 0x3E}
KEYPAD_CODES = {".": 0x41, "*": 0x43, "+": 0x45, "\x18": 0x47, "/": 0x4B, "\r": 0x4C,
                "-": 0x4E, "=": 0x51, **{str(d): 0x52 + d + (d >= 8) for d in range(10)}}
# Modifier keys: (Event Manager modifier bit, ADB key code).
MODIFIER_CODES = ((CONTROL_KEY, 0x36), (APPLE_KEY, 0x37), (SHIFT_KEY, 0x38),
                  (CAPS_LOCK, 0x39), (OPTION_KEY, 0x3A))


def adb_key_code(key: int, modifiers: int) -> int | None:
    """The ADB key code of the key that typed IIGS code `key` with `modifiers`, or None
    for a code no key of the US layout types."""
    ch = chr(key & 0x7F)
    if modifiers & KEY_PAD:
        if ch in KEYPAD_CODES:
            return KEYPAD_CODES[ch]
        return key & 0x7F                       # a function key: its own ADB code
    if key & 0x7F in SPECIAL_CODES and not modifiers & CONTROL_KEY:
        return SPECIAL_CODES[key & 0x7F]
    if ord(ch) < 0x20 and ch not in "\r\t":
        ch = chr(ord(ch) | 0x60)                # Control-letter: the letter's key
    ch = _SHIFTED.get(ch, ch.lower())
    return CHAR_CODES.get(ch)


def _signed7(count: int) -> int:
    return count & 0x7F


class AdbKeyboard:
    """The keyboard at address 2: its key transitions (register 0) and register 3."""

    def __init__(self) -> None:
        self.transitions: deque[int] = deque(maxlen=REGISTER0_BUFFER)
        self.register3 = (REG3_NO_EVENT | REG3_SRQ_ENABLE | KEYBOARD_ADDRESS << 8
                          | KEYBOARD_HANDLER)
        self.modifiers = 0
        self.down: dict[int, int] = {}          # IIGS code -> ADB code, keys held

    def key(self, code: int, modifiers: int) -> None:
        """A key went down: the modifier keys that changed first, then the key."""
        for bit, adb in MODIFIER_CODES:
            if (modifiers ^ self.modifiers) & bit:
                self.transitions.append(adb if modifiers & bit else adb | KEY_UP)
        self.modifiers = modifiers
        adb = adb_key_code(code, modifiers)
        if adb is not None:
            self.down[code & 0x7F] = adb
            self.transitions.append(adb)

    def key_up(self, code: int) -> None:
        adb = self.down.pop(code & 0x7F, None)
        if adb is not None:
            self.transitions.append(adb | KEY_UP)

    def flush(self) -> None:
        self.transitions.clear()

    def talk(self, register: int) -> bytes:
        """What the keyboard answers a Talk to `register` (b"" = no answer)."""
        if register == 3:
            return self.register3.to_bytes(2, "big")
        if register != 0 or not self.transitions:
            return b""
        first = self.transitions.popleft()
        second = self.transitions.popleft() if self.transitions else NO_KEY
        return bytes([first, second])


class AdbMouse:
    """The mouse at address 3: motion and button not yet reported, and register 3."""

    def __init__(self) -> None:
        self.position = START_POINT             # (h, v) of the host pointer
        self.dx = self.dy = 0
        self.button = False
        self.reported_button = False
        self.register3 = REG3_NO_EVENT | REG3_SRQ_ENABLE | MOUSE_ADDRESS << 8 | MOUSE_HANDLER
        self.next_is_y = False                  # $C027 bit 1
        self.packet = (0, 0)                    # the X and Y bytes of the pair being read

    def move_to(self, h: int, v: int) -> None:
        self.dx += h - self.position[0]
        self.dy += v - self.position[1]
        self.position = (h, v)

    @property
    def data_ready(self) -> bool:
        """Motion or a button change waits (the mouse register is full)."""
        return bool(self.dx or self.dy) or self.button != self.reported_button

    def take(self) -> tuple[int, int]:
        """The register 0 pair for what waits: (Y byte with the button, X byte)."""
        dx = max(-MAX_DELTA, min(MAX_DELTA, self.dx))
        dy = max(-MAX_DELTA, min(MAX_DELTA, self.dy))
        self.dx -= dx
        self.dy -= dy
        self.reported_button = self.button
        return (0 if self.button else 0x80) | _signed7(dy), 0x80 | _signed7(dx)

    def read_data(self) -> int:
        """$C024: the X byte of a new pair, then its Y byte (see the module doc)."""
        if self.next_is_y:
            self.next_is_y = False
            return self.packet[0]
        self.packet = self.take()
        self.next_is_y = True
        return self.packet[1]

    def flush(self) -> None:
        self.dx = self.dy = 0
        self.reported_button = self.button

    def talk(self, register: int) -> bytes:
        if register == 3:
            return self.register3.to_bytes(2, "big")
        if register != 0 or not self.data_ready:
            return b""
        return bytes(self.take())


class AdbBus:
    """The devices on the bus, fed by the host's input."""

    def __init__(self) -> None:
        self.keyboard = AdbKeyboard()
        self.mouse = AdbMouse()

    def device(self, address: int) -> "AdbKeyboard | AdbMouse | None":
        return {KEYBOARD_ADDRESS: self.keyboard, MOUSE_ADDRESS: self.mouse}.get(address)

    def take_input(self, inp: HostInput) -> None:
        if inp.kind == "key":
            self.keyboard.key(inp.key, inp.modifiers)
        elif inp.kind == "keyup":
            self.keyboard.key_up(inp.key)
        elif inp.kind in ("move", "down", "up"):
            self.mouse.move_to(inp.h, inp.v)
            if inp.kind != "move":
                self.mouse.button = inp.kind == "down"
