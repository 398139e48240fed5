"""ProDOS 16 (class 0) calls: `JSL $E100A8` with a call number below $2000.

Follows the Apple IIGS ProDOS 16 Reference and ORCA/C's `prodos.h` (the same parameter
blocks: no pCount, pathnames as Pascal strings with '/' separators, dates as a ProDOS
date word and time word). GS/OS answers these calls with the same file code as the
class 1 ones, and so does this module: each call is one row naming the class 1 handler
it shares and its parameter block's layout, where a field takes the class 1 field's
name so the handler finds it. `P16Block` reads such a block; the running call's
strings are Pascal strings (`GSOS.class0`).

Not here: READ_BLOCK/WRITE_BLOCK and FORMAT/ERASE_DISK (the disk is a file system,
not raw blocks a program may rewrite) and the interrupt calls; they answer
badSystemCall ($0001).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from iigs.memory import write_bytes, write_long, write_word
from toolbox import gsos
from toolbox.dates import PRODOS_DATE_SIZE, prodos_bytes, prodos_datetime
from toolbox.gsos import CLASS0_CALLS, CALLS, GSOSError, from_timerec, to_timerec

W, L, T = 2, 4, 8
D = "date"                # a ProDOS date word and time word standing for a TimeRec

# Fields that mean nothing here (reserved, or ProDOS 16's own I/O buffer handle).
UNUSED = "-"

LAYOUTS: dict[str, tuple[tuple[str, Any], ...]] = {
    "Create": (("pathname", L), ("access", W), ("fileType", W), ("auxType", L),
               ("storageType", W), ("createDateTime", D)),
    "Path": (("pathname", L),),
    "ChangePath": (("pathname", L), ("newPathname", L)),
    "SetFileInfo": (("pathname", L), ("access", W), ("fileType", W), ("auxType", L),
                    (UNUSED, W), ("createDateTime", D), ("modDateTime", D)),
    "GetFileInfo": (("pathname", L), ("access", W), ("fileType", W), ("auxType", L),
                    ("storageType", W), ("createDateTime", D), ("modDateTime", D),
                    ("blocksUsed", L)),
    "Volume": (("devName", L), ("volName", L), ("totalBlocks", L), ("freeBlocks", L),
               ("fileSysID", W)),
    "Prefix": (("prefixNum", W), ("prefix", L)),
    "Open": (("refNum", W), ("pathname", L), ("ioBuffer", L)),
    "NewLine": (("refNum", W), ("enableMask", W), ("newlineChar", W)),
    "IO": (("refNum", W), ("dataBuffer", L), ("requestCount", L), ("transferCount", L)),
    "RefNum": (("refNum", W),),
    "SetPosition": (("refNum", W), ("displacement", L)),
    "GetPosition": (("refNum", W), ("position", L)),
    "Level": (("level", W),),
    "DirEntry": (("refNum", W), ("flags", W), ("base", W), ("displacement", W),
                 ("name", L), ("entryNum", W), ("fileType", W), ("eof", L),
                 ("blockCount", L), ("createDateTime", T), ("modDateTime", T),
                 ("access", W), ("auxType", L), ("fileSysID", W)),
    "DevNum": (("devName", L), ("devNum", W)),
    "LastDev": (("devNum", W),),
    "DInfo": (("devNum", W), ("devName", L)),
    "Buffer": (("dataBuffer", L),),
    "Quit": (("pathname", L), ("flags", W)),
    "Version": (("version", W),),
}

# number, ProDOS 16 name, layout, the class 1 call whose handler answers it.
CALL_ROWS = (
    (0x0001, "CREATE", "Create", 0x2001),
    (0x0002, "DESTROY", "Path", 0x2002),
    (0x0004, "CHANGE_PATH", "ChangePath", 0x2004),
    (0x0005, "SET_FILE_INFO", "SetFileInfo", 0x2005),
    (0x0006, "GET_FILE_INFO", "GetFileInfo", 0x2006),
    (0x0008, "VOLUME", "Volume", 0x2008),
    (0x0009, "SET_PREFIX", "Prefix", 0x2009),
    (0x000A, "GET_PREFIX", "Prefix", 0x200A),
    (0x000B, "CLEAR_BACKUP_BIT", "Path", 0x200B),
    (0x0010, "OPEN", "Open", 0x2010),
    (0x0011, "NEWLINE", "NewLine", 0x2011),
    (0x0012, "READ", "IO", 0x2012),
    (0x0013, "WRITE", "IO", 0x2013),
    (0x0014, "CLOSE", "RefNum", 0x2014),
    (0x0015, "FLUSH", "RefNum", 0x2015),
    (0x0016, "SET_MARK", "SetPosition", 0x2016),
    (0x0017, "GET_MARK", "GetPosition", 0x2017),
    (0x0018, "SET_EOF", "SetPosition", 0x2018),
    (0x0019, "GET_EOF", "GetPosition", 0x2019),
    (0x001A, "SET_LEVEL", "Level", 0x201A),
    (0x001B, "GET_LEVEL", "Level", 0x201B),
    (0x001C, "GET_DIR_ENTRY", "DirEntry", 0x201C),
    (0x0020, "GET_DEV_NUM", "DevNum", 0x2020),
    (0x0021, "GET_LAST_DEV", "LastDev", None),
    (0x0027, "GET_NAME", "Buffer", 0x2027),
    (0x0028, "GET_BOOT_VOL", "Buffer", 0x2028),
    (0x0029, "QUIT", "Quit", 0x2029),
    (0x002A, "GET_VERSION", "Version", 0x202A),
    (0x002C, "D_INFO", "DInfo", 0x202C),
)


def to_prodos_datetime(when: datetime | None) -> bytes:
    """A ProDOS date word and time word (toolbox/dates.py); zeros for no date."""
    return prodos_bytes(when) if when is not None else bytes(PRODOS_DATE_SIZE)


def from_prodos_datetime(raw: bytes) -> datetime | None:
    """The moment of a ProDOS date and time word; None for a zero date."""
    if not int.from_bytes(raw[:2], "little"):
        return None
    try:
        return prodos_datetime(raw)
    except ValueError:
        raise GSOSError(gsos.PARAM_RANGE_ERR, f"ProDOS date {raw[:2].hex()}") from None


class P16Block(gsos.ParamBlock):
    """A ProDOS 16 parameter block, read and written by class 1 field names (the
    interface of `gsos.ParamBlock`, whose `has` and `get` serve as they are): no
    pCount, so every field of the layout is there; dates in ProDOS's format."""

    def __init__(self, mem: Any, address: int, layout: tuple[tuple[str, Any], ...]) -> None:
        self.mem = mem
        self.address = address
        self.pcount = len(layout)
        self.offsets: dict[str, tuple[int, Any]] = {}
        offset = 0
        for name, size in layout:
            if name != UNUSED:
                self.offsets[name] = (offset, size)
            offset += 4 if size == D else size

    def get_bytes(self, name: str) -> bytes | None:
        """A date field as the TimeRec the class 1 handler expects."""
        if name not in self.offsets:
            return None
        offset, size = self.offsets[name]
        raw = bytes(self.mem[self.address + offset + k] for k in range(4 if size == D
                                                                      else size))
        return to_timerec(from_prodos_datetime(raw)) if size == D else raw

    def put(self, name: str, value: int | bytes) -> None:
        if name not in self.offsets:
            return
        offset, size = self.offsets[name]
        where = self.address + offset
        if size == D:
            value = to_prodos_datetime(from_timerec(bytes(value)))
        if isinstance(value, (bytes, bytearray)):
            write_bytes(self.mem, where, bytes(value).ljust(4 if size == D else size,
                                                            b"\0")[:4 if size == D else size])
        elif size == W:
            write_word(self.mem, where, value & 0xFFFF)
        else:
            write_long(self.mem, where, value)


def get_last_dev(gs_: Any, pb: P16Block) -> None:
    """GET_LAST_DEV: the device last accessed, here always the disk."""
    pb.put("devNum", gsos.DISK_DEVICE)


def _register() -> None:
    for number, name, layout, class1 in CALL_ROWS:
        handler = CALLS[class1].handler if class1 is not None else get_last_dev
        fields = LAYOUTS[layout]
        CLASS0_CALLS[number] = (name, lambda mem, at, f=fields: P16Block(mem, at, f),
                                handler)


_register()
