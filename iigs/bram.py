"""Battery RAM: the 256 bytes where a IIGS keeps the Control Panel's settings.

Layout as the Apple IIGS Toolbox Reference vol. 1 gives it (Miscellaneous Tool Set,
ReadBParam's parameter reference numbers; the names are misctool.h's): one byte per
parameter, $00-$FB, and a checksum in the last four bytes. The checksum is the ROM's:
a 16-bit sum taken from byte $FA down to $00, each step rotating the sum left one bit
(the bit shifted out comes back in at the bottom) and adding the little-endian word at
that byte; $FC-$FD hold the sum and $FE-$FF the sum EOR $AAAA.

The host keeps the battery RAM in a file beside the machine's disk (`bram_path`), so
every program run on that disk sees the same settings. The file gets the care the disk
image gets (iigs.hostfile, disk.host_path, issue 44): its path is judged with `stat` before anything
opens it, and only a battery RAM file is ever read or replaced:

- missing: the defaults; the file is made at the first change;
- a sound battery RAM file (256 bytes, sealed): used, and replaced atomically
  (iigs.hostfile) at each change, its mode kept; through a symbolic link too (the file
  it points to is replaced, the link stays a link);
- a damaged one (a regular file up to MAX_DAMAGED_BYTES that is not 256 sealed
  bytes): renamed, never copied, to NAME.bram.BAD beside it (an older .BAD replaced)
  and a file of the defaults made in its place with its mode;
- anything else is left untouched and the settings last the session in memory: a
  folder, a device, a FIFO (never opened, so never waited on), a socket, a file larger
  than MAX_DAMAGED_BYTES (never read), a link to anything but a sound battery RAM
  file, the disk itself, a file that cannot be read; a damaged file that may not be
  written (beside a read-only disk, or its mode or folder forbids it).

`message` says what happened, once: the host prints it, and the toolbox shows it in a
caution alert when the program's event loop first asks TaskMaster for an event
(toolbox.window).

Speed ($20 sysSpeed) keeps the IIGS's meaning of 1 (2.8 MHz, which the Control Panel
here calls Normal) and adds 2 for a machine run as fast as the host can (Fast); 0 (the
IIGS's 1 MHz) is run as 2.8 MHz. Bytes $E0 and $E1 are not assigned by Apple; the host
keeps its window there (scale, full screen).
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from iigs.hostfile import (FileRole, HostPathRefused, atomic_write, kind_of, printable,
                           read_checked, read_only_reason, refuse_kind)

BRAM_SIZE = 256
CHECKSUM_AT = 0xFC           # $FC-$FD checksum, $FE-$FF checksum EOR $AAAA
CHECKSUM_EOR = 0xAAAA
BATTERY_RAM_SUFFIX = ".bram"  # beside a disk; a disk image path so named is refused
FILE_SUFFIX = BATTERY_RAM_SUFFIX
BAD_SUFFIX = ".BAD"          # a damaged file kept aside: NAME.bram.BAD (as GIN.PREFS.BAD)
# A regular file up to this size that is not a sound battery RAM is taken for a damaged
# one (a write cut short, bytes added) and kept aside; a larger one is something else
# put there, and is left where it is, unread.
MAX_DAMAGED_BYTES = 16 * 256

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


class BramPathRefused(HostPathRefused):
    """The battery RAM path holds something that is not a battery RAM file; untouched."""


LEFT_ALONE = "it is left as it is and the Control Panel's settings last this session"
BATTERY_RAM_FILE = FileRole("a battery RAM file", MAX_DAMAGED_BYTES,
                            "too large to be a battery RAM file (256 bytes)", LEFT_ALONE,
                            BramPathRefused)


class BatteryRAM:
    """256 bytes of battery RAM, kept in `path` (None: in memory only). `read_only`
    (beside a read-only disk): read from `path`, never written back. `disk`: the disk
    image the file is beside, which it must not be."""

    def __init__(self, path: str | os.PathLike | None = None, *,
                 read_only: bool = False, disk: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.read_only = read_only
        self._unwritable: str | None = None    # why a sound file may not be replaced
        self.data = default_image()
        self.message: str | None = None    # what the user must be told, taken once
        if self.path is not None:
            try:
                self._load(disk)
            except BramPathRefused as err:
                self.message = f"{err}."
                self.path = None           # never written: the settings stay in memory

    def _load(self, disk: str | os.PathLike | None) -> None:
        """Judge the path (see the module doc), then take its settings or keep the
        damaged file aside. BramPathRefused for what must be left untouched."""
        path, shown = self.path, printable(self.path)
        try:
            link = stat.S_ISLNK(os.lstat(path).st_mode)
            st = os.stat(path)
        except FileNotFoundError:
            if link_to_nothing(path):
                raise BramPathRefused(f"{shown} is a symbolic link to nothing, not a "
                                      f"battery RAM file; {LEFT_ALONE}") from None
            return                          # none yet: the defaults
        except OSError as err:
            raise BramPathRefused(f"{shown}: {err.strerror or err}; {LEFT_ALONE}") from None
        if disk is not None and is_same_file(st, disk):
            raise BramPathRefused(f"{shown} is the disk itself, not a battery RAM file; "
                                  f"{LEFT_ALONE}")
        refuse_kind(Path(shown), st, BATTERY_RAM_FILE)
        real = Path(os.path.realpath(path))
        if st.st_size == BRAM_SIZE:
            data = read_checked(Path(shown), real, BATTERY_RAM_FILE)
            if is_sealed(data):
                self.data = bytearray(data)
                reason = read_only_reason(real, st)
                self._unwritable = f"cannot be written ({reason})" if reason else None
                return
        if link:
            raise BramPathRefused(f"{shown} links to {printable(real)}, which is not a "
                                  f"sound battery RAM file; {LEFT_ALONE}")
        reason = "the disk is read-only" if self.read_only else read_only_reason(real, st)
        if reason:
            raise BramPathRefused(f"The battery RAM {shown} is damaged and cannot be "
                                  f"replaced ({reason}): it is left as it is and the "
                                  "Control Panel's settings start from the defaults "
                                  "this session")
        self._set_aside(st)

    def _set_aside(self, st: os.stat_result) -> None:
        """The damaged file becomes NAME.bram.BAD (renamed; an older .BAD replaced) and a
        file of the defaults, with the damaged one's mode, takes its place."""
        path, name = self.path, printable(self.path.name)
        bad = path.with_name(path.name + BAD_SUFFIX)
        try:
            there = os.lstat(bad)
        except FileNotFoundError:
            there = None
        except OSError as err:
            raise BramPathRefused(f"The battery RAM {printable(path)} is damaged and "
                                  f"{printable(bad)} cannot be checked ({err.strerror}); "
                                  f"{LEFT_ALONE}") from None
        if there is not None and not stat.S_ISREG(there.st_mode):
            raise BramPathRefused(f"The battery RAM {printable(path)} is damaged, and "
                                  f"{printable(bad)} is {kind_of(there)}, so it cannot "
                                  f"be kept aside there; {LEFT_ALONE}")
        try:
            os.replace(path, bad)
        except OSError as err:
            raise BramPathRefused(f"The battery RAM {printable(path)} is damaged and "
                                  f"could not be kept aside ({err.strerror or err}); "
                                  f"{LEFT_ALONE}") from None
        self.save()
        if self.message is None:           # written: give it the damaged file's mode
            os.chmod(path, stat.S_IMODE(st.st_mode))
            self.message = (f"The battery RAM file {name} was damaged: it is kept as "
                            f"{name}{BAD_SUFFIX} and the Control Panel's settings start "
                            "again from the defaults.")

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
        """Seal and keep the bytes: the file replaced atomically (a link's target), when
        it is still a battery RAM file or none. What stops it is said once, and the
        settings stay in memory from then on."""
        seal(self.data)
        if self.path is None or self.read_only:
            return
        shown = printable(self.path)
        problem = self._unwritable or self._no_longer_ours()
        if problem is None:
            try:
                atomic_write(self.path, self.data)
                return
            except OSError as err:
                problem = f"could not be written ({err.strerror or err})"
        self.message = (f"The battery RAM {shown} {problem}; the Control Panel's "
                        "settings last this session.")
        self.path = None

    def _no_longer_ours(self) -> str | None:
        """What is at the path now when it is neither a battery RAM file nor nothing
        (replaced behind the program's back), or None."""
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return "is now a symbolic link to nothing" if link_to_nothing(self.path) else None
        except OSError:
            return None                     # the write will say what is wrong
        if not stat.S_ISREG(st.st_mode):
            return f"is now {kind_of(st)}, left as it is"
        if st.st_size != BRAM_SIZE:
            return f"is now {st.st_size:,} bytes, left as it is"
        return None


def link_to_nothing(path: Path) -> bool:
    """Is `path` a symbolic link whose target does not exist?"""
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


def is_same_file(st: os.stat_result, other: str | os.PathLike) -> bool:
    """Is the file of stat `st` the file at `other` (links followed)?"""
    try:
        theirs = os.stat(other)
    except OSError:
        return False
    return (st.st_dev, st.st_ino) == (theirs.st_dev, theirs.st_ino)
