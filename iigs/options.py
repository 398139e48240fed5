"""Option values the runners take (`iigs run`, `gin-king`), checked where they
are parsed so that a bad one is refused in one line before anything runs.

Seconds of emulated time become cycle counts (seconds x CPU_HZ); nan, an infinity or
1e308 would make that an error deep in the run, a negative count means nothing, and a
screenshot interval shorter than one frame would write thousands of identical files.
So a number of seconds is finite, from a least value (0, or one frame) up to
MAX_EMULATED_SECONDS.

Input for a headless run: `--keys T:TEXT` is text typed key by key, or one named key
with modifiers ("Escape", "Command-Q", "Shift-Tab": `named_key`), as the IIGS keyboard
gives them (key code and Event Manager modifier bits); `--mouse T:X,Y[,down|up]` moves
the pointer to a point of the 640 x 200 screen and presses or releases the button.
"""
from __future__ import annotations

import argparse
import math
import re
from typing import Callable, NamedTuple

from iigs.hostinput import (APPLE_KEY, CONTROL_KEY, OPTION_KEY, SHIFT_KEY,
                            untypeable)

# About eleven and a half days of emulated time: far more than any run asks for, small
# enough that seconds x CPU_HZ is an ordinary integer.
MAX_EMULATED_SECONDS = 1_000_000.0
# One video frame (the IIGS refreshes the screen 60 times a second): the shortest
# interval between screenshots that can show something new.
FRAME_SECONDS = 1 / 60


def emulated_seconds(text: str, least: float = 0.0) -> float:
    """`text` as a number of emulated seconds; ValueError in words for anything else."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not least <= value <= MAX_EMULATED_SECONDS:
        low = "one frame (1/60 s)" if least == FRAME_SECONDS else f"{least:g}"
        raise ValueError(f"{text!r} seconds: give a number from {low} to "
                         f"{MAX_EMULATED_SECONDS:,.0f}")
    return value


def seconds_option(least: float = 0.0) -> Callable[[str], float]:
    """An argparse `type=` for a number of emulated seconds of at least `least`."""
    def parse(text: str) -> float:
        try:
            return emulated_seconds(text, least)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    parse.__name__ = "seconds"               # argparse names the type in its errors
    return parse


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusal is one line on stderr, exit status 2 (as
    argparse's own), without the usage block: `--help` shows that."""

    def error(self, message: str) -> None:    # type: ignore[override]
        self.exit(2, f"{self.prog}: {message}; nothing was run (--help lists the "
                     "options)\n")


# -- keys and the mouse ------------------------------------------------------------------

ESCAPES = {"n": "\n", "t": "\t", "\\": "\\"}
RETURN = 0x0D
# Keys without a character of their own, by name (IIGS key codes: Hardware Reference,
# the keyboard's table; the arrows as the Event Manager reports them).
NAMED_KEYS = {"escape": 0x1B, "return": 0x0D, "tab": 0x09, "delete": 0x7F,
              "left": 0x08, "right": 0x15, "up": 0x0B, "down": 0x0A, "space": 0x20}
MODIFIER_NAMES = {"command": APPLE_KEY, "apple": APPLE_KEY, "option": OPTION_KEY,
                  "control": CONTROL_KEY, "shift": SHIFT_KEY}
SCREEN_WIDTH, SCREEN_HEIGHT = 640, 200       # Super Hi-Res 640 mode: where --mouse points
MOUSE_ACTIONS = ("down", "up")


class KeyPress(NamedTuple):
    """One key as the keyboard gives it: its IIGS code and Event Manager modifiers."""
    code: int
    modifiers: int = 0


class MouseStep(NamedTuple):
    """`--mouse`: at `seconds`, the pointer to (h, v), then the button `action`."""
    seconds: float
    h: int
    v: int
    action: str | None


def unescape(text: str) -> str:
    """`--type` and `--keys` text: `\\n` Return, `\\t` tab, `\\\\` a backslash."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in ESCAPES:
            out.append(ESCAPES[text[i + 1]])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def typeable(option: str, text: str) -> str:
    """`text` when the IIGS keyboard can type all of it; ValueError in words if not."""
    why = untypeable(text)
    if why is not None:
        raise ValueError(f"{option}: {why}")
    return text


def named_key(text: str) -> KeyPress | None:
    """A key's name with modifiers ("Escape", "Command-Q", "Control-Option-Left"; any
    case) as the key it names, or None when `text` names none (it is text to type).
    A character after modifiers is that character (Command-Q: "Q"; Control turns a
    letter into its control code, as the keyboard does); ValueError when modifiers
    come before something that is neither a key's name nor one character."""
    modifiers, rest = 0, text
    while "-" in rest[:-1]:
        name, _, after = rest.partition("-")
        if name.lower() not in MODIFIER_NAMES:
            break
        modifiers |= MODIFIER_NAMES[name.lower()]
        rest = after
    if rest.lower() in NAMED_KEYS:
        return KeyPress(NAMED_KEYS[rest.lower()], modifiers)
    if not modifiers:
        return None
    if len(rest) != 1:
        raise ValueError(f"{rest!r} after {text[:len(text) - len(rest)]!r} is no key: "
                         f"give one character or {', '.join(NAMED_KEYS)}")
    why = untypeable(rest)
    if why is not None:
        raise ValueError(why)
    code = ord(rest)
    if modifiers & CONTROL_KEY and 0x40 <= (code & 0x5F) <= 0x5F:
        code &= 0x1F                             # Control-letter: the control code
    return KeyPress(code, modifiers)


def _timed(option: str, spec: str, shape: str) -> tuple[float, str]:
    """"T:REST" -> (T, REST); ValueError naming `option` and the expected `shape`."""
    when, sep, rest = spec.partition(":")
    if not sep:
        raise ValueError(f"{option} {spec!r}: expected {shape}")
    try:
        return emulated_seconds(when), rest
    except ValueError as err:
        raise ValueError(f"{option} {spec!r}: {err}") from None


def keys_option(spec: str) -> tuple[float, list[KeyPress]]:
    """`--keys T:TEXT` -> (T, the keys): one named key, or TEXT unescaped and typed
    character by character; ValueError in words for anything else."""
    seconds, text = _timed("--keys", spec, "T:TEXT (seconds, a colon, keys)")
    try:
        key = named_key(text)
    except ValueError as err:
        raise ValueError(f"--keys {spec!r}: {err}") from None
    if key is not None:
        return seconds, [key]
    return seconds, text_keys(typeable("--keys", unescape(text)))


def text_keys(text: str) -> list[KeyPress]:
    """Text typed key by key ("\\n" is Return); the caller has checked it is ASCII."""
    return [KeyPress(RETURN if ch == "\n" else ord(ch) & 0x7F) for ch in text]


def mouse_option(spec: str) -> MouseStep:
    """`--mouse T:X,Y[,down|up]` -> MouseStep; ValueError in words for anything else."""
    shape = "T:X,Y or T:X,Y,down or T:X,Y,up (X 0-639, Y 0-199)"
    seconds, rest = _timed("--mouse", spec, shape)
    parts = rest.split(",")
    if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] not in MOUSE_ACTIONS):
        raise ValueError(f"--mouse {spec!r}: expected {shape}")
    point = []
    for axis, text, size in (("X", parts[0], SCREEN_WIDTH), ("Y", parts[1], SCREEN_HEIGHT)):
        if not re.fullmatch(r"[0-9]{1,9}", text) or int(text) >= size:
            raise ValueError(f"--mouse {spec!r}: {axis} {text!r} is not a point of the "
                             f"screen (0 to {size - 1})")
        point.append(int(text))
    return MouseStep(seconds, point[0], point[1], parts[2] if len(parts) == 3 else None)
