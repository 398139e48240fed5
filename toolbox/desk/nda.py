"""A new desk accessory (NDA) as the Desk Manager drives it.

The Toolbox Reference (vol. 1, Desk Manager, "New desk accessories") gives an NDA a
header: a period (ticks between run actions), an event mask, a menu line, and four
routines -- open (returns its window), close, action (an action code and a parameter)
and init. A desk accessory here is a Python class with the same shape, registered with
`@nda`; the Desk Manager lists the registered ones in the Apple menu in registration
order and gives each an item ID from 1 up, as FixAppleMenu numbers NDAs.

An NDA's window is a system window: TaskMaster hands its clicks and keys to the Desk
Manager (SystemClick, SystemEvent), which calls the accessory's `action`.
"""
from __future__ import annotations

# Action codes (desk.h)
EVENT_ACTION = 0x0001
RUN_ACTION = 0x0002
CURSOR_ACTION = 0x0003
UNDO_ACTION = 0x0005
CUT_ACTION = 0x0006
COPY_ACTION = 0x0007
PASTE_ACTION = 0x0008
CLEAR_ACTION = 0x0009

NDA_CLASSES: list[type["NewDeskAccessory"]] = []


def nda(cls: type["NewDeskAccessory"]) -> type["NewDeskAccessory"]:
    """Register a desk accessory class (its Apple-menu order is registration order)."""
    if cls not in NDA_CLASSES:
        NDA_CLASSES.append(cls)
    return cls


class NewDeskAccessory:
    """The NDA header and routines; subclasses fill them in."""

    menu_name: bytes = b""          # the Apple menu item's text
    period: int = 0xFFFF            # ticks between run actions; 0 = every SystemTask,
                                    # $FFFF = never (the Reference's NDA header)
    event_mask: int = 0xFFFF

    def __init__(self, tb) -> None:
        self.tb = tb
        self.window = None              # toolbox.window.Window while open
        self.last_run = 0

    @property
    def is_open(self) -> bool:
        return self.window is not None

    def open(self) -> None:
        """Open the accessory's window (sets `self.window`)."""
        raise NotImplementedError

    def close(self) -> None:
        """Close its window."""
        if self.window is not None:
            self.tb.wm.close(self.window)
            self.window = None

    def action(self, code: int, event=None) -> bool:
        """Handle an action; True if the accessory used it."""
        return False

    def wants(self, event) -> bool:
        """Is the event in the accessory's event mask?"""
        return bool(self.event_mask & (1 << event.what))

    def init(self, starting: bool) -> None:
        """DeskStartUp (starting) and DeskShutDown call each accessory's init routine."""

    def draw(self) -> None:
        """Draw the whole content (an update of the system window)."""
