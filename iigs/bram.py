"""Battery RAM: the 256 bytes where a IIGS keeps the Control Panel's settings.

Layout as the Apple IIGS Toolbox Reference vol. 1 gives it (Miscellaneous Tool Set,
ReadBParam's parameter reference numbers; the names are misctool.h's): one byte per
parameter, $00-$FB, and a checksum in the last four bytes. The checksum is the ROM's:
a 16-bit sum taken from byte $FA down to $00, each step rotating the sum left one bit
(the bit shifted out comes back in at the bottom) and adding the little-endian word at
that byte; $FC-$FD hold the sum and $FE-$FF the sum EOR $AAAA.

The host keeps the battery RAM in a file beside the machine's disk (`bram_path`), so
every program run on that disk sees the same settings. A file that is missing starts
the defaults; one that is damaged (wrong size, bad checksum) is replaced by the
defaults and `message` says so once.

Speed ($20 sysSpeed) keeps the IIGS's meaning of 1 (2.8 MHz, which the Control Panel
here calls Normal) and adds 2 for a machine run as fast as the host can (Fast); 0 (the
IIGS's 1 MHz) is run as 2.8 MHz. Bytes $E0 and $E1 are not assigned by Apple; the host
keeps its window there (scale, full screen).
"""
from __future__ import annotations

import os
from pathlib import Path

BRAM_SIZE = 256
CHECKSUM_AT = 0xFC           # $FC-$FD checksum, $FE-$FF checksum EOR $AAAA
CHECKSUM_EOR = 0xAAAA
FILE_SUFFIX = ".bram"

# Parameter reference numbers (Toolbox Reference vol. 1, ReadBParam; misctool.h).
DSP_COL_MONO = 0x18          # 0 colour, 1 monochrome
USER_VOLUME = 0x1E           # system volume, 0-15 (the Sound Tool Set's range)
BELL_VOLUME = 0x1F
SYS_SPEED = 0x20
KYBD_REP_SPD = 0x2C
KYBD_REP_DEL = 0x2D
DBL_CLK_TIME = 0x2E          # 0 slowest .. 4 fastest (DOUBLE_CLICK_TICKS)
FLASH_RATE = 0x2F
HI_MOUSE_RES = 0x33          # mouse tracking: 0 normal, 1 fast (MOUSE_TRACKING)
DATE_FORMAT = 0x34           # 0 mm/dd/yy, 1 dd/mm/yy, 2 yy/mm/dd
CLOCK_FORMAT = 0x35          # 0 AM/PM, 1 24-hour
# The host's own bytes (unassigned by Apple).
HOST_SCALE = 0xE0            # window scale: 0 = the largest that fits the desktop, 1-4
HOST_FULL_SCREEN = 0xE1      # 1 = full screen

SPEED_SLOW_IIGS = 0          # the IIGS's 1 MHz: run as Normal
SPEED_NORMAL = 1             # 2.8 MHz paced in real time
SPEED_FAST = 2               # as fast as the host can run

# GetDblTime for each double-click setting, in ticks (the middle one is the Event
# Manager's half second).
DOUBLE_CLICK_TICKS = (60, 45, 30, 20, 12)
MOUSE_TRACKING = (1.0, 2.0)  # host motion multiplier per HI_MOUSE_RES value
MAX_SCALE = 4
MAX_VOLUME = 15

DEFAULTS = {
    USER_VOLUME: 8, BELL_VOLUME: 8, SYS_SPEED: SPEED_NORMAL, KYBD_REP_SPD: 3,
    KYBD_REP_DEL: 1, DBL_CLK_TIME: 2, FLASH_RATE: 2, HI_MOUSE_RES: 0,
    DATE_FORMAT: 0, CLOCK_FORMAT: 0, HOST_SCALE: 0, HOST_FULL_SCREEN: 0,
}

# Valid values per parameter: a damaged value reads as the default.
LIMITS = {USER_VOLUME: MAX_VOLUME, BELL_VOLUME: MAX_VOLUME, SYS_SPEED: SPEED_FAST,
          DBL_CLK_TIME: len(DOUBLE_CLICK_TICKS) - 1,
          HI_MOUSE_RES: len(MOUSE_TRACKING) - 1, DATE_FORMAT: 2, CLOCK_FORMAT: 1,
          HOST_SCALE: MAX_SCALE, HOST_FULL_SCREEN: 1, DSP_COL_MONO: 1}


def checksum(data: bytes | bytearray) -> int:
    """The ROM's battery RAM checksum of bytes $00-$FB (see the module doc)."""
    total = 0
    for i in range(CHECKSUM_AT - 2, -1, -1):
        total <<= 1
        total = (total & 0xFFFF) + (total >> 16) + data[i] + (data[i + 1] << 8)
    return total & 0xFFFF


def seal(data: bytearray) -> None:
    """Write the checksum into the last four bytes."""
    total = checksum(data)
    data[CHECKSUM_AT:CHECKSUM_AT + 2] = total.to_bytes(2, "little")
    data[CHECKSUM_AT + 2:] = (total ^ CHECKSUM_EOR).to_bytes(2, "little")


def is_sealed(data: bytes | bytearray) -> bool:
    if len(data) != BRAM_SIZE:
        return False
    total = checksum(data)
    return (int.from_bytes(data[CHECKSUM_AT:CHECKSUM_AT + 2], "little") == total and
            int.from_bytes(data[CHECKSUM_AT + 2:], "little") == total ^ CHECKSUM_EOR)


def default_image() -> bytearray:
    data = bytearray(BRAM_SIZE)
    for param, value in DEFAULTS.items():
        data[param] = value
    seal(data)
    return data


def bram_path(disk_path: str | os.PathLike) -> Path:
    """Where the battery RAM of the machine with this disk lives: beside it."""
    path = Path(disk_path)
    return path.with_name(path.stem + FILE_SUFFIX)


class BatteryRAM:
    """256 bytes of battery RAM, kept in `path` (None: in memory only). `read_only`
    (beside a read-only disk): read from `path`, never written back."""

    def __init__(self, path: str | os.PathLike | None = None, *,
                 read_only: bool = False) -> None:
        self.path = Path(path) if path is not None else None
        self.read_only = read_only
        self.data = default_image()
        self.message: str | None = None    # the damaged-file notice, taken once
        if self.path is not None:
            self._load()

    def _load(self) -> None:
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as err:
            self.message = (f"The battery RAM {self.path} could not be read "
                            f"({err.strerror or err}); the Control Panel starts "
                            "from its defaults.")
            return
        if is_sealed(data):
            self.data = bytearray(data)
            return
        self.message = (f"The battery RAM {self.path.name} was damaged; the Control "
                        "Panel's settings are back to their defaults.")
        self.save()

    def take_message(self) -> str | None:
        """The damaged-file notice, once."""
        message, self.message = self.message, None
        return message

    # -- parameters -----------------------------------------------------------------
    def param(self, number: int) -> int:
        """ReadBParam's core: the byte, or its default if out of its range."""
        value = self.data[number & 0xFF]
        limit = LIMITS.get(number & 0xFF)
        if limit is not None and value > limit:
            return DEFAULTS.get(number & 0xFF, 0)
        return value

    def set_param(self, number: int, value: int) -> None:
        """WriteBParam's core: set one byte (its low byte), reseal and keep it."""
        number &= 0xFF
        if number >= CHECKSUM_AT:
            return                         # the checksum is the firmware's own
        if self.data[number] == value & 0xFF:
            return
        self.data[number] = value & 0xFF
        self.save()

    def read_all(self) -> bytes:
        """ReadBRam's core: all 256 bytes, checksum included."""
        return bytes(self.data)

    def write_all(self, data: bytes) -> None:
        """WriteBRam's core: bytes $00-$FB from `data`; the checksum is recomputed."""
        self.data[:CHECKSUM_AT] = data[:CHECKSUM_AT]
        self.save()

    def save(self) -> None:
        seal(self.data)
        if self.path is not None and not self.read_only:
            from disk.atomic import atomic_write
            try:
                atomic_write(self.path, self.data)
            except OSError as err:
                self.message = (f"The battery RAM {self.path} could not be written "
                                f"({err.strerror or err}); settings last this session.")
