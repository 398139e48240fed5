"""Fixtures for the desktop tool sets: a toolbox on bare memory with a scripted host.

`ScriptHost` is the smallest host the Event Manager accepts (poll/present/wait/beep): it
hands out what the test pushed, exactly as the headless host of scripts does.
"""
from __future__ import annotations

import pytest

from iigs.hostinput import HostInput
from iigs.memory import write_bytes, write_long, write_pstring, write_word
from toolbox.toolbox import Toolbox

USER_ID = 0x1001
SCRATCH = 0x030000          # bank 3: free for test data (the Memory Manager pools elsewhere)


class ScriptHost:
    interactive = False

    def __init__(self) -> None:
        self.inputs: list[HostInput] = []
        self.frames = 0
        self.beeps = 0

    def push(self, inp: HostInput) -> None:
        self.inputs.append(inp)

    def poll(self) -> list[HostInput]:
        out, self.inputs = self.inputs, []
        return out

    def present(self, mem, tb) -> None:
        self.frames += 1

    def wait(self, seconds: float) -> None:
        pass

    def beep(self) -> None:
        self.beeps += 1

    # gestures
    def click(self, h: int, v: int, modifiers: int = 0) -> None:
        self.push(HostInput("down", h, v, modifiers=modifiers))
        self.push(HostInput("up", h, v, modifiers=modifiers))

    def drag(self, h0: int, v0: int, h1: int, v1: int) -> None:
        self.push(HostInput("down", h0, v0))
        self.push(HostInput("move", (h0 + h1) // 2, (v0 + v1) // 2))
        self.push(HostInput("move", h1, v1))
        self.push(HostInput("up", h1, v1))

    def key(self, ch: str | int, modifiers: int = 0) -> None:
        code = ord(ch) if isinstance(ch, str) else ch
        self.push(HostInput("key", key=code, modifiers=modifiers))


class Scratch:
    """Bump allocator for test data in bank 3."""

    def __init__(self, mem) -> None:
        self.mem = mem
        self.next = SCRATCH

    def take(self, size: int) -> int:
        addr = self.next
        self.next += (size + 15) & ~15
        return addr

    def bytes(self, data: bytes) -> int:
        addr = self.take(len(data) + 1)
        write_bytes(self.mem, addr, data)
        return addr

    def pstring(self, data: bytes) -> int:
        addr = self.take(len(data) + 1)
        write_pstring(self.mem, addr, data)
        return addr

    def rect(self, r) -> int:
        addr = self.take(8)
        for i, value in enumerate(r):
            write_word(self.mem, addr + 2 * i, value)
        return addr

    def window_params(self, content, title: bytes = b"Window", frame: int = 0xC0A0,
                      plane: int = 0xFFFFFFFF, cont_draw: int = 0) -> int:
        addr = self.take(0x4E)
        write_word(self.mem, addr, 0x4E)
        write_word(self.mem, addr + 2, frame)
        write_long(self.mem, addr + 4, self.pstring(title))
        write_long(self.mem, addr + 0x3A, cont_draw)
        for i, value in enumerate(content):
            write_word(self.mem, addr + 0x3E + 2 * i, value)
        write_long(self.mem, addr + 0x46, plane)
        return addr


@pytest.fixture
def host() -> ScriptHost:
    return ScriptHost()


@pytest.fixture
def tb(host):
    """A started desktop: QuickDraw in 640 mode, Event, Window, Menu, Control, LineEdit
    and Dialog Managers, the desktop drawn."""
    from toolbox import control, dialog, event, lineedit, menu, window
    box = Toolbox(bytearray(1 << 24), None, host)
    box.qd.QDStartUp(0x1000, 0x80, 0, USER_ID)
    event.EMStartUp(box, 0x1300, 0, 0, 639, 0, 199, USER_ID)
    window.WindStartUp(box, USER_ID)
    window.RefreshDesktop(box, 0)
    control.CtlStartUp(box, USER_ID, 0x1400)
    menu.MenuStartUp(box, USER_ID, 0x1500)
    lineedit.LEStartUp(box, USER_ID, 0x1600)
    dialog.DialogStartUp(box, USER_ID)
    box.scratch = Scratch(box.mem)
    return box

