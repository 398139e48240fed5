"""Classic desk accessories: CDA load files in SYSTEM/DESK.ACCS and the CDA menu.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 5 "Desk Manager" (the CDA
header at the start of its first segment: the accessory's name as a Pascal string,
then the address of its main routine:L and of its shutdown routine:L), File Type Note
$B9 (CDA files in the boot volume's SYSTEM/DESK.ACCS load at start-up unless bit 15
of the aux type, "inactive", is set) and Technical Note #71 (a CDA runs in the text
environment and reads keys through the Event Manager, the Text Tools or $C000).

Control-Apple-Escape, when the Event Manager takes the key from the host, opens the
CDA menu: the 80-column text screen (`iigs.textscreen`, Super Hi-Res off) listing the
accessories and Quit, the selected one inverse; the text pages and video switches are
put back when it closes. The arrow keys move the
selection, Return runs the selected accessory's main routine (JSL, full native mode,
RTL back; for as long as it runs, which may be as long as its user keeps it open,
the keys typed go to the keyboard latch it polls) and returns to the menu, Escape or Quit leaves it; the program's screen is
as it was, and the keys the menu took never reach the program. The menu runs inside
the Event Manager call that saw the keys, as the firmware's runs inside the keyboard
interrupt. DeskShutDown calls every CDA's shutdown routine (the Desk Manager's rule).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from iigs.memory import read_long, read_pstring
from iigs.report import system_text
from toolbox.desk.loaded import load_from_desk_accs

CDA_FILE_TYPE = 0xB9
INACTIVE = 0x8000                 # aux type bit 15: do not load
ESCAPE, RETURN = 0x1B, 0x0D
UP_KEYS, DOWN_KEYS = (0x0B, 0x08), (0x0A, 0x15)   # up / left, down / right arrows
TEXT_PAGES = (0x000400, 0x010400)  # text page 1, main and auxiliary (80 columns)
TEXT_PAGE_BYTES = 0x400
NEWVIDEO = 0xC029
VIDEO_SWITCHES = ("TEXT", "80VID", "ALTCHAR")   # the menu's: on while it is open
QUIT_ITEM = "Quit"
TITLE = "Desk Accessories"
CONTROL_ITEM = "Control Panel"
SELECT_LINE = "Select with the arrow keys, then Return; Escape leaves."
# The menu's strings as SetDAStrPtr's table orders them: titleStr, controlStr, quitStr,
# selectStr (desk.h stringTable).
DEFAULT_STRINGS = (TITLE, CONTROL_ITEM, QUIT_ITEM, SELECT_LINE)


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
        found.append(ClassicDeskAccessory(system_text(name),
                                          read_long(tb.mem, after) & 0xFFFFFF,
                                          read_long(tb.mem, after + 4) & 0xFFFFFF,
                                          user_id))
    return found


class ClassicMenu:
    """The CDA menu, run modally from the Event Manager (see the module doc)."""

    def __init__(self, tb: Any, accessories: list[ClassicDeskAccessory],
                 strings: tuple[str, str, str, str] = DEFAULT_STRINGS) -> None:
        self.tb = tb
        self.accessories = accessories
        self.title, _, quit_item, self.select_line = strings
        self.items = [a.name for a in accessories] + [quit_item]
        self.selected = 0
        self.shown = ""                   # the text last put on the screen

    def screen_text(self) -> str:
        lines = [self.title, ""]
        for i, item in enumerate(self.items):
            lines.append(("> " if i == self.selected else "  ") + item)
        lines += ["", self.select_line]
        return "\n".join(lines)

    def draw(self) -> None:
        """The menu on the 80-column text screen (Super Hi-Res off, the selected item
        inverse), as the firmware draws it."""
        from iigs import textscreen
        self.shown = self.screen_text()
        lines = self.shown.split("\n")
        textscreen.put_text(self.tb.mem, lines, columns80=True, alt=True,
                            inverse_rows=(lines.index("> " + self.items[self.selected]),))
        io = getattr(self.tb.machine, "io", None)
        if io is not None:                      # (a toolbox without a machine: no I/O)
            io.registers[NEWVIDEO] &= ~textscreen.NEWVIDEO_SHR
            for switch in VIDEO_SWITCHES:
                io.set_switch(switch, True)
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

    def run_accessory(self, cda: ClassicDeskAccessory) -> None:
        """Run a CDA's main routine for as long as its user keeps it open: the keys
        typed meanwhile go to the keyboard latch ($C000), which it polls (Technical
        Note #71), not to the menu or the program."""
        machine = self.tb.machine
        machine.io.keyboard.flush()             # the menu's keys are not the CDA's
        machine.call(cda.main, between_ticks=self.keys_to_latch)

    def keys_to_latch(self) -> bool:
        """The host's input into the I/O page; True while more can come (a person at
        the window, scripted keys still due)."""
        host, io = self.tb.host, getattr(self.tb.machine, "io", None)
        if host is None or io is None:
            return False
        if hasattr(host, "due"):
            host.due()                      # scripted keys whose time has come
        got = list(host.poll())
        releases = getattr(host, "reports_key_releases", False)
        for inp in got:
            if inp.kind == "quit":
                self.tb.em.quit_requested = True
                return False
            io.take_input(inp, releases)
        next_at = getattr(host, "next_at", None)
        return (bool(got) or getattr(host, "interactive", False)
                or (next_at is not None and next_at() is not None))

    def run(self) -> None:
        saved = save_screen(self.tb)
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
                    self.run_accessory(self.accessories[self.selected])
        finally:
            restore_screen(self.tb, saved)
            if self.tb.host is not None:
                self.tb.host.present(self.tb.mem, self.tb)


@dataclass
class SavedScreen:
    """The text pages (main and auxiliary) and the video switches a CDA changes."""
    text: list[bytes]
    video: tuple[int, list[bool]] | None


def save_screen(tb: Any) -> SavedScreen:
    """The screen as it is (SaveScrn, and the CDA menu before it draws)."""
    mem = tb.mem
    io = getattr(tb.machine, "io", None)
    return SavedScreen([bytes(mem[at:at + TEXT_PAGE_BYTES]) for at in TEXT_PAGES],
                       (io.registers[NEWVIDEO], [io.switch(s) for s in VIDEO_SWITCHES])
                       if io is not None else None)


def restore_screen(tb: Any, saved: SavedScreen) -> None:
    """Put back what `save_screen` kept (RestScrn, and the CDA menu as it closes)."""
    for at, data in zip(TEXT_PAGES, saved.text):
        tb.mem[at:at + TEXT_PAGE_BYTES] = data
    io = getattr(tb.machine, "io", None)
    if saved.video is not None and io is not None:
        io.registers[NEWVIDEO] = saved.video[0]
        for switch, on in zip(VIDEO_SWITCHES, saved.video[1]):
            io.set_switch(switch, on)
