"""Classic desk accessories: CDA load files in SYSTEM/DESK.ACCS and the CDA menu.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 5 "Desk Manager" (the CDA
header at the start of its first segment: the accessory's name as a Pascal string,
then the address of its main routine:L and of its shutdown routine:L), File Type Note
$B9 (CDA files in the boot volume's SYSTEM/DESK.ACCS load at start-up unless bit 15
of the aux type, "inactive", is set) and Technical Note #71 (a CDA runs in the text
environment and reads keys through the Event Manager, the Text Tools or $C000).

Control-Apple-Escape, when the Event Manager takes the key from the host, opens the
CDA menu: a text screen listing the accessories and Quit. The arrow keys move the
selection, Return runs the selected accessory's main routine (JSL, full native mode,
RTL back) and returns to the menu, Escape or Quit leaves it; the program's screen is
as it was, and the keys the menu took never reach the program. The menu runs inside
the Event Manager call that saw the keys, as the firmware's runs inside the keyboard
interrupt. DeskShutDown calls every CDA's shutdown routine (the Desk Manager's rule).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from iigs.memory import SHR_PIXELS, read_long, read_pstring
from toolbox.desk.loaded import load_from_desk_accs

CDA_FILE_TYPE = 0xB9
INACTIVE = 0x8000                 # aux type bit 15: do not load
ESCAPE, RETURN = 0x1B, 0x0D
UP_KEYS, DOWN_KEYS = (0x0B, 0x08), (0x0A, 0x15)   # up / left, down / right arrows
SCREEN_BYTES = 0x8000             # $E1:2000-$9FFF: pixels, SCBs and palettes
QUIT_ITEM = "Quit"
TITLE = "Desk Accessories"


@dataclass
class ClassicDeskAccessory:
    name: str
    main: int
    shutdown: int
    user_id: int


def load_classic_accessories(tb: Any) -> list[ClassicDeskAccessory]:
    """Every active CDA file of the boot disk's SYSTEM/DESK.ACCS, loaded by the
    System Loader (directory order); one that does not load is noted and left out."""
    found = []
    for _, header, user_id in load_from_desk_accs(
            tb, lambda info: info.file_type == CDA_FILE_TYPE
            and not info.aux_type & INACTIVE, "CDA"):
        name = read_pstring(tb.mem, header)
        after = header + 1 + len(name)
        found.append(ClassicDeskAccessory(name.decode("ascii", "replace"),
                                          read_long(tb.mem, after) & 0xFFFFFF,
                                          read_long(tb.mem, after + 4) & 0xFFFFFF,
                                          user_id))
    return found


class ClassicMenu:
    """The CDA menu, run modally from the Event Manager (see the module doc)."""

    def __init__(self, tb: Any, accessories: list[ClassicDeskAccessory]) -> None:
        self.tb = tb
        self.accessories = accessories
        self.items = [a.name for a in accessories] + [QUIT_ITEM]
        self.selected = 0
        self.shown = ""                   # the text last put on the screen

    def screen_text(self) -> str:
        lines = [TITLE, ""]
        for i, item in enumerate(self.items):
            lines.append(("> " if i == self.selected else "  ") + item)
        lines += ["", "Select with the arrow keys, then Return; Escape leaves."]
        return "\n".join(lines)

    def draw(self) -> None:
        from iigs.report import render_report
        self.shown = self.screen_text()
        render_report(self.tb.mem, self.shown)
        host = self.tb.host
        if host is not None:
            host.present(self.tb.mem, self.tb)

    def next_key(self) -> int | None:
        """The next key from the host, the other input dropped; None when no key can
        come (a script with nothing left, a closed window)."""
        em, host = self.tb.em, self.tb.host
        while True:
            while em.backlog:
                inp = em.backlog.popleft()
                if inp.kind == "key" and em.take_key(inp):
                    return inp.key & 0x7F
                if inp.kind == "quit":
                    em.quit_requested = True
                    return None
            if host is None:
                return None
            em.backlog.extend(host.poll())
            if em.backlog:
                continue
            if hasattr(host, "block_until_input") and host.block_until_input():
                continue
            if not getattr(host, "interactive", False):
                return None
            host.wait(1 / 60)

    def run(self) -> None:
        mem = self.tb.mem
        saved = bytes(mem[SHR_PIXELS:SHR_PIXELS + SCREEN_BYTES])
        try:
            while True:
                self.draw()
                key = self.next_key()
                if key is None or key == ESCAPE:
                    break
                if key in UP_KEYS:
                    self.selected = (self.selected - 1) % len(self.items)
                elif key in DOWN_KEYS:
                    self.selected = (self.selected + 1) % len(self.items)
                elif key == RETURN:
                    if self.selected == len(self.accessories):
                        break
                    self.tb.machine.call(self.accessories[self.selected].main)
        finally:
            mem[SHR_PIXELS:SHR_PIXELS + SCREEN_BYTES] = saved
            if self.tb.host is not None:
                self.tb.host.present(mem, self.tb)
