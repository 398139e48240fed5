"""GS/OS class 1 file calls on the virtual ProDOS disk.

Follows the Apple IIGS GS/OS Reference (vol. 1, chapters "GS/OS call reference")
with ORCA/C `gsos.h` (call numbers, strings, parameter blocks, attributes, error codes),
6502bench's GSOS.sym65 (pCount ranges) and the TimeRec of ORCA/C `types.h`.

The dispatcher decodes the in-line ($E100A8) and stack ($E100B0) forms and calls
`tb.gsos.call(callnum, pblock)`, which returns the error code (0 = none). Every call
is one row of `CALLS`: number, name, pCount range, parameter layout, handler.
Fields after the caller's pCount are neither read nor written.

When data reaches the host: an open file's contents live in memory (mark, EOF and
the bytes) and are written to the volume, then committed atomically to the image
file, on Flush and on Close (and on Quit, which closes every file). Create,
Destroy, ChangePath and SetFileInfo commit at once. So once Close or Flush has
returned without error, a crash cannot lose the data. Write checks the free
space before accepting bytes, so a full disk answers volumeFull ($48) at the Write
and nothing already on the disk is disturbed. On a read-only disk (`Volume.read_only`:
a write-protected image) files open and read as usual, and every call that would
change the disk — Write, SetEOF, Create, Destroy, ChangePath, SetFileInfo — answers
drvrWrtProt ($2B), as a locked floppy does. A damaged disk opens read-only too, and
every folder is read within the volume's bounds (disk/walk.py): GetDirEntry gives the
entries before a broken link, then dirError ($51); a file whose blocks lie off the
volume answers drvrIOError ($27). An extended file's resource fork (Open with
resourceNumber 1) reads and writes as a data fork does; each write of one fork puts
the other back as the disk has it (`fork_contents`).

Character device `.CONSOLE`: Open gives a refNum on the machine's console (the Text
Tool Set's `Console`, toolbox/text.py); Write sends the bytes there and Read takes a
line of typed input (up to a return, echoed), or eofEncountered when no key can come.
Prefixes 10, 11 and 12 (standard input, output and error output) are `.CONSOLE` from
the start, as a Finder launch leaves them, so GetStdRefNum, and a C library's stdio
that opens them, reach the console. GetRefNum and GetRefInfo look open files up by
pathname and by refNum.
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable

from disk.errors import VolumeDirectoryFull, VolumeFull, WriteProtected
from disk.volume import blocks_for_size
from iigs.memory import read_bytes, read_gsstring, read_long, read_word, write_bytes, \
    write_long, write_word
from toolbox.dates import TIMEREC_SIZE, timerec_bytes, timerec_datetime
from toolbox.toolbox import tool_state

# -- error codes (gsos.h; GS/OS Reference appendix "Error codes") -----------------------
NO_ERROR = 0x0000
BAD_SYSTEM_CALL = 0x0001
INVALID_PCOUNT = 0x0004
DEV_NOT_FOUND = 0x0010
INVALID_DEV_NUM = 0x0011
IO_ERROR = 0x0027
WRITE_PROTECTED = 0x002B
BAD_PATH_SYNTAX = 0x0040
TOO_MANY_FILES_OPEN = 0x0042
INVALID_REF_NUM = 0x0043
PATH_NOT_FOUND = 0x0044
VOL_NOT_FOUND = 0x0045
FILE_NOT_FOUND = 0x0046
DUP_PATHNAME = 0x0047
VOLUME_FULL = 0x0048
VOL_DIR_FULL = 0x0049
BAD_STORE_TYPE = 0x004B
EOF_ENCOUNTERED = 0x004C
OUT_OF_RANGE = 0x004D
INVALID_ACCESS = 0x004E
BUFF_TOO_SMALL = 0x004F
FILE_BUSY = 0x0050
DIR_ERROR = 0x0051
PARAM_RANGE_ERR = 0x0053
BAD_PATH_NAMES = 0x005B
INVALID_LEVEL = 0x0059
END_OF_DIR = 0x0061
RES_FORK_NOT_FOUND = 0x0063

ERROR_NAMES = {
    NO_ERROR: "noError", BAD_SYSTEM_CALL: "badSystemCall", INVALID_PCOUNT: "invalidPcount",
    DEV_NOT_FOUND: "devNotFound", INVALID_DEV_NUM: "invalidDevNum",
    INVALID_LEVEL: "invalidLevel",
    IO_ERROR: "drvrIOError", WRITE_PROTECTED: "drvrWrtProt", BAD_PATH_SYNTAX: "badPathSyntax",
    TOO_MANY_FILES_OPEN: "tooManyFilesOpen", INVALID_REF_NUM: "invalidRefNum",
    PATH_NOT_FOUND: "pathNotFound", VOL_NOT_FOUND: "volNotFound",
    FILE_NOT_FOUND: "fileNotFound", DUP_PATHNAME: "dupPathname", VOLUME_FULL: "volumeFull",
    VOL_DIR_FULL: "volDirFull", BAD_STORE_TYPE: "badStoreType",
    EOF_ENCOUNTERED: "eofEncountered", OUT_OF_RANGE: "outOfRange",
    INVALID_ACCESS: "invalidAccess", BUFF_TOO_SMALL: "buffTooSmall", FILE_BUSY: "fileBusy",
    DIR_ERROR: "dirError", PARAM_RANGE_ERR: "paramRangeErr", BAD_PATH_NAMES: "badPathNames",
    END_OF_DIR: "endOfDir", RES_FORK_NOT_FOUND: "resForkNotFound",
}


class GSOSError(Exception):
    """A call fails with `code` in A (carry set)."""

    def __init__(self, code: int, detail: str = "") -> None:
        super().__init__(f"${code:04X} {ERROR_NAMES.get(code, '')} {detail}".strip())
        self.code = code


# -- attributes (gsos.h) --------------------------------------------------------------
ACCESS_DESTROY = 0x80
ACCESS_RENAME = 0x40
ACCESS_BACKUP = 0x20
ACCESS_WRITE = 0x02
ACCESS_READ = 0x01
DEFAULT_ACCESS = 0xE3              # GS/OS Create's default: unlocked, backup needed

REQUEST_AS_PERMITTED = 0
REQUEST_READ = 1
REQUEST_WRITE = 2

STORAGE_STANDARD = (0x00, 0x01, 0x02, 0x03)   # Create: all mean "standard file"
STORAGE_EXTENDED = 0x05
STORAGE_DIRECTORY = 0x0D
STORAGE_VOLUME = 0x0F
DIRECTORY_FILE_TYPE = 0x0F
PRODOS_FILE_SYSTEM = 1

CONSOLE_DEVICE = ".CONSOLE"        # the console's character device name
STD_PREFIXES = (10, 11, 12)        # standard input, output, error output
FORK_NUMBERS = {"data": 0, "rsrc": 1}

# SetMark/SetEOF base values (gsos.h startPlus, eofMinus, markPlus, markMinus).
BASE_START_PLUS, BASE_EOF_MINUS, BASE_MARK_PLUS, BASE_MARK_MINUS = 0, 1, 2, 3
# GetDirEntry base values: 0 absolute entry number, 1 forward, 2 backward.
DIR_BASE_ABSOLUTE, DIR_BASE_FORWARD, DIR_BASE_BACKWARD = 0, 1, 2

MAX_OPEN_FILES = 32
PREFIX_COUNT = 32                  # prefixes 0-31
MAX_EOF = 0xFFFFFF                 # ProDOS EOF is three bytes
GSOS_VERSION = 0x0601              # reported as System 6.0.1's GS/OS (bit 15 clear: release)
NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9.]{0,14}$")

# Devices (GetDevNumber, DInfo, Volume): the mounted disk is device 1, the console 2.
# GS/OS also takes a device by number as ".Dn" (GS/OS Reference: device names).
DISK_DEVICE, CONSOLE_DEVICE_NUMBER = 1, 2
DISK_DEVICE_NAME = ".D1"
BLOCK_SIZE = 512
MAX_LEVEL = 0xFF                   # file levels 0-255 (SetLevel)
DEFAULT_SYS_PREFS = 0x8000         # bit 15: GS/OS asks for a volume it cannot find
# GetFSTInfo: the file system translators, numbered from 1 (GS/OS Reference):
# fileSysID, name, version, attributes, blockSize, maxVolSize, maxFileSize.
FSTS = ((PRODOS_FILE_SYSTEM, "ProDOS", 0x0100, 0x0000, BLOCK_SIZE, 0xFFFF, MAX_EOF),
        (0x000D, "Character FST", 0x0100, 0x8000, 0, 0, 0))


# -- parameter blocks (gsos.h): field name and size, in order after pCount -----------
W, L, T = 2, 4, 8                  # word, long, TimeRec

LAYOUTS: dict[str, tuple[tuple[str, int], ...]] = {
    "Create": (("pathname", L), ("access", W), ("fileType", W), ("auxType", L),
               ("storageType", W), ("eof", L), ("resourceEOF", L)),
    "Destroy": (("pathname", L),),
    "ChangePath": (("pathname", L), ("newPathname", L), ("flags", W)),
    "FileInfo": (("pathname", L), ("access", W), ("fileType", W), ("auxType", L),
                 ("storageType", W), ("createDateTime", T), ("modDateTime", T),
                 ("optionList", L), ("eof", L), ("blocksUsed", L), ("resourceEOF", L),
                 ("resourceBlocks", L)),
    "Prefix": (("prefixNum", W), ("prefix", L)),
    "Open": (("refNum", W), ("pathname", L), ("requestAccess", W), ("resourceNumber", W),
             ("access", W), ("fileType", W), ("auxType", L), ("storageType", W),
             ("createDateTime", T), ("modDateTime", T), ("optionList", L), ("eof", L),
             ("blocksUsed", L), ("resourceEOF", L), ("resourceBlocks", L)),
    "IO": (("refNum", W), ("dataBuffer", L), ("requestCount", L), ("transferCount", L),
           ("cachePriority", W)),
    "Close": (("refNum", W),),
    "Flush": (("refNum", W), ("flushType", W)),
    "Position": (("refNum", W), ("base", W), ("displacement", L)),
    "GetPosition": (("refNum", W), ("position", L)),
    "DirEntry": (("refNum", W), ("flags", W), ("base", W), ("displacement", W),
                 ("name", L), ("entryNum", W), ("fileType", W), ("eof", L),
                 ("blockCount", L), ("createDateTime", T), ("modDateTime", T),
                 ("access", W), ("auxType", L), ("fileSysID", W), ("optionList", L),
                 ("resourceEOF", L), ("resourceBlocks", L)),
    "Buffer": (("dataBuffer", L),),
    "Quit": (("pathname", L), ("flags", W)),
    "Version": (("version", W),),
    "StdRefNum": (("prefixNum", W), ("refNum", W)),
    "RefNum": (("pathname", L), ("refNum", W), ("access", W), ("resNum", W),
               ("caseSense", W), ("displacement", W)),
    "RefInfo": (("refNum", W), ("access", W), ("pathname", L), ("resourceNumber", W),
                ("level", W)),
    "Null": (),
    "NewLine": (("refNum", W), ("enableMask", W), ("numChars", W), ("newlineTable", L)),
    "Volume": (("devName", L), ("volName", L), ("totalBlocks", L), ("freeBlocks", L),
               ("fileSysID", W), ("blockSize", W), ("characteristics", W),
               ("deviceID", W)),
    "Level": (("level", W), ("levelMode", W)),
    "DevNum": (("devName", L), ("devNum", W)),
    "DInfo": (("devNum", W), ("devName", L), ("characteristics", W), ("totalBlocks", L),
              ("slotNum", W), ("unitNum", W), ("version", W), ("deviceID", W),
              ("headLink", W), ("forwardLink", W)),
    "SysPrefs": (("preferences", W),),
    "FSTInfo": (("fstNum", W), ("fileSysID", W), ("fstName", L), ("version", W),
                ("attributes", W), ("blockSize", W), ("maxVolSize", L),
                ("maxFileSize", L)),
}


class ParamBlock:
    """A class 1 parameter block: pCount at +0, then the layout's fields.

    Only the first pCount fields exist for the caller; `get` of a missing field
    returns the default and `put` to one does nothing, as GS/OS leaves them alone.
    """

    def __init__(self, mem: Any, address: int, layout: tuple[tuple[str, int], ...]) -> None:
        self.mem = mem
        self.address = address
        self.pcount = read_word(mem, address)
        self.offsets: dict[str, tuple[int, int]] = {}
        offset = 2
        for index, (name, size) in enumerate(layout):
            if index < self.pcount:
                self.offsets[name] = (offset, size)
            offset += size

    def has(self, name: str) -> bool:
        return name in self.offsets

    def get(self, name: str, default: int = 0) -> int:
        if name not in self.offsets:
            return default
        offset, size = self.offsets[name]
        if size == W:
            return read_word(self.mem, self.address + offset)
        return read_long(self.mem, self.address + offset)

    def get_bytes(self, name: str) -> bytes | None:
        if name not in self.offsets:
            return None
        offset, size = self.offsets[name]
        return read_bytes(self.mem, self.address + offset, size)

    def put(self, name: str, value: int | bytes) -> None:
        if name not in self.offsets:
            return
        offset, size = self.offsets[name]
        where = self.address + offset
        if isinstance(value, (bytes, bytearray)):
            write_bytes(self.mem, where, bytes(value[:size]).ljust(size, b"\0"))
        elif size == W:
            write_word(self.mem, where, value)
        else:
            write_long(self.mem, where, value)


# -- TimeRec <-> datetime (types.h) ------------------------------------------------------

def to_timerec(when: datetime | None) -> bytes:
    """A TimeRec (toolbox/dates.py); all zeros for no date."""
    return timerec_bytes(when) if when is not None else bytes(TIMEREC_SIZE)


def from_timerec(raw: bytes) -> datetime | None:
    """None for an all-zero TimeRec ("leave as it is"); GSOSError for a bad one."""
    if not any(raw):
        return None
    try:
        when = timerec_datetime(raw)
    except ValueError:
        raise GSOSError(PARAM_RANGE_ERR, "invalid TimeRec") from None
    if not 1940 <= when.year <= 2039:          # what a ProDOS date word can hold
        raise GSOSError(PARAM_RANGE_ERR, f"year {when.year} outside 1940-2039")
    return when.replace(second=0)


# -- open files --------------------------------------------------------------------------

@dataclass
class OpenFile:
    refnum: int
    path: str                       # relative to the volume directory ("" = volume)
    access: int                     # granted: ACCESS_READ | ACCESS_WRITE bits
    fork: str                       # "data" or "rsrc"
    data: bytearray = field(default_factory=bytearray)
    mark: int = 0
    dirty: bool = False
    is_dir: bool = False
    dir_position: int = 0           # GetDirEntry: number of the last entry returned
    held_blocks: int = 0            # blocks the file had on the volume when read
    device: str = ""                # a character device's name (".CONSOLE"), else ""
    serial: int = 0                 # order of opening (GetStdRefNum: the latest)
    stream: str = "out"             # the console's stream ("err" when opened as 12:)
    level: int = 0                  # the file level when opened (SetLevel)
    newline: tuple[int, bytes] | None = None    # NewLine: mask and characters

    @property
    def eof(self) -> int:
        return len(self.data)


@dataclass(frozen=True)
class GSOSCall:
    number: int
    name: str
    min_pcount: int
    max_pcount: int
    layout: str
    handler: Callable[["GSOS", ParamBlock], None]


CALLS: dict[int, GSOSCall] = {}

# ProDOS 16 (class 0) calls, filled by toolbox/prodos16.py: number -> (name, the
# parameter block's reader, the class 1 handler it shares).
CLASS0_CALLS: dict[int, tuple[str, Callable[[Any, int], Any], Callable]] = {}
CLASS1_FLAG = 0x2000               # class 1 call numbers have bit 13 set

# ORCA/Shell calls (toolbox/orcashell.py), which reach $E100A8 too: $0101-$011F in
# the ProDOS 16 form, $0141-$015F in the GS/OS form (pCount first). Function number
# (the low six bits) -> (name, the GS/OS form's layout, the ProDOS 16 form's block
# reader, handler).
SHELL_CALLS: dict[int, tuple[str, tuple, Callable[[Any, int], Any], Callable]] = {}
SHELL_CALL_MASK, SHELL_CALL_BASE = 0xFF80, 0x0100
SHELL_GS_FORM = 0x0040             # set in the GS/OS form's call number
SHELL_FUNCTION = 0x003F


def gsos_call(number: int, name: str, pcount: tuple[int, int], layout: str):
    """Register a GS/OS class 1 call handler as one row of CALLS."""
    def register(handler):
        CALLS[number] = GSOSCall(number, name, pcount[0], pcount[1], layout, handler)
        return handler
    return register


@tool_state("gsos")
class GSOS:
    """GS/OS: the mounted volume, open files, prefixes and the launched program."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.volume = None                          # a disk.Volume
        self.mount_message: str | None = None
        self.files: dict[int, OpenFile] = {}
        self.prefixes: list[list[str] | None] = self._fresh_prefixes()
        self.opened = 0                             # Opens so far (OpenFile.serial)
        self.program_name = ""
        self.quit_requested = False
        self.quit_pathname = ""
        self.quit_flags = 0
        self.launch_path: str | None = None
        self._trace: list[str] = []
        self.class0 = False                         # running a ProDOS 16 call
        self.level = 0                              # SetLevel: the file level
        self.sys_prefs = DEFAULT_SYS_PREFS          # SetSysPrefs

    # -- set-up by the machine -----------------------------------------------------------

    def mount(self, volume: Any) -> None:
        """Put a `disk.Volume` in the drive (also accepts `open_or_recover`'s
        (volume, message) pair, keeping the message as `mount_message`)."""
        if isinstance(volume, tuple):
            volume, self.mount_message = volume
        self.close_all()
        self.volume = volume
        self.prefixes = self._fresh_prefixes()
        self.prefixes[8] = [volume.name]
        if self.launch_path is not None:
            self.set_launch(self.launch_path)

    @staticmethod
    def _fresh_prefixes() -> list[list[str] | None]:
        """Every prefix unset but standard input, output and error: `.CONSOLE`."""
        prefixes: list[list[str] | None] = [None] * PREFIX_COUNT
        for number in STD_PREFIXES:
            prefixes[number] = [CONSOLE_DEVICE]
        return prefixes

    def set_launch(self, program_path: str) -> None:
        """Prefixes as GS/OS leaves them for a launched program: 8 and 9 (and their
        ProDOS 16 twins 0 and 1) = the program's folder; the name for GetName.

        `program_path` is the program's GS/OS pathname on the volume (':GINKING:
        GIN.KING' or '/GINKING/GIN.KING'); a host path to the file is accepted too
        and taken to mean that file name in the volume directory. Without a disk
        only the name is kept; the prefixes follow when one is mounted.
        """
        self.launch_path = program_path
        sep = ":" if ":" in program_path else "/"
        parts = [p for p in program_path.split(sep) if p]
        if self.volume is None:
            self.program_name = parts[-1].upper() if parts else ""
            return
        if (program_path.startswith(sep) and parts
                and parts[0].upper() == self.volume.name.upper()):
            components = [self.volume.name, *parts[1:]]
        else:
            components = [self.volume.name, parts[-1].upper() if parts else ""]
        self.program_name = components[-1]
        folder = components[:-1]
        for number in (0, 1, 8, 9):
            self.prefixes[number] = list(folder)

    # -- the entry point ----------------------------------------------------------------

    def call(self, callnum: int, pblock: int) -> int:
        """Run GS/OS call `callnum` on the parameter block at `pblock`; the error.
        A class 0 number (bit 13 clear) is a ProDOS 16 call (toolbox/prodos16.py)."""
        if callnum & SHELL_CALL_MASK == SHELL_CALL_BASE:
            return self._shell_call(callnum, pblock & 0xFFFFFF)
        if not callnum & CLASS1_FLAG:
            entry = CLASS0_CALLS.get(callnum)
            if entry is None:
                self._log(f"ProDOS 16 ${callnum:04X} -> ${BAD_SYSTEM_CALL:04X} badSystemCall")
                return BAD_SYSTEM_CALL
            name, make_block, handler = entry
            return self._run(f"ProDOS 16 {name}(", make_block(self.tb.mem, pblock & 0xFFFFFF),
                             handler, pcount_ok=True, class0=True)
        row = CALLS.get(callnum)
        if row is None:
            self._log(f"GS/OS ${callnum:04X} -> ${BAD_SYSTEM_CALL:04X} badSystemCall")
            return BAD_SYSTEM_CALL
        pb = ParamBlock(self.tb.mem, pblock & 0xFFFFFF, LAYOUTS[row.layout])
        return self._run(f"GS/OS {row.name}(pCount={pb.pcount}", pb, row.handler,
                         pcount_ok=row.min_pcount <= pb.pcount <= row.max_pcount,
                         class0=False)

    def _shell_call(self, callnum: int, pblock: int) -> int:
        """An ORCA/Shell call: the GS/OS form (pCount first, GS/OS strings) or the
        ProDOS 16 form (Pascal strings), as the shell's dispatcher tells them apart."""
        entry = SHELL_CALLS.get(callnum & SHELL_FUNCTION)
        if entry is None:
            self._log(f"ORCA/Shell ${callnum:04X} -> ${BAD_SYSTEM_CALL:04X} badSystemCall")
            return BAD_SYSTEM_CALL
        name, gs_layout, make_p16_block, handler = entry
        if callnum & SHELL_GS_FORM:
            pb = ParamBlock(self.tb.mem, pblock, gs_layout)
            return self._run(f"ORCA/Shell {name}GS(pCount={pb.pcount}", pb, handler,
                             pcount_ok=pb.pcount == len(gs_layout),
                             class0=False)
        return self._run(f"ORCA/Shell {name}(", make_p16_block(self.tb.mem, pblock),
                         handler, pcount_ok=True, class0=True)

    def _run(self, title: str, pb: Any, handler: Callable, *, pcount_ok: bool,
             class0: bool) -> int:
        """Run one call's handler, turning failures into its error code, and log it.
        `class0` makes strings Pascal strings with '/' separators while it runs."""
        self._trace = []
        self.class0 = class0
        if not pcount_ok:
            code = INVALID_PCOUNT
        else:
            try:
                handler(self, pb)
                code = NO_ERROR
            except GSOSError as err:
                code = err.code
            except (OSError, ValueError, IndexError, struct.error) as err:
                # a2til's report of a structure it cannot follow on a damaged disk
                self._trace.append(f"disk: {err}")
                code = IO_ERROR
            finally:
                self.class0 = False
        result = f"${code:04X} {ERROR_NAMES.get(code, '')}".strip()
        notes = ", ".join(self._trace)
        separator = ", " if notes and not title.endswith("(") else ""
        self._log(f"{title}{separator}{notes}) -> {result}")
        return code

    def _log(self, line: str) -> None:
        self.tb.call_log.append(line)

    def _note(self, text: str) -> None:
        self._trace.append(text)

    def now(self) -> datetime:
        """The Misc Tools clock (the host's, unless a test pins it)."""
        return self.tb.misc.clock().replace(second=0, microsecond=0)

    # -- strings --------------------------------------------------------------------------

    def read_input_string(self, address: int) -> str:
        """A GS/OS input string (length word + bytes); in a ProDOS 16 call a
        Pascal string (length byte + bytes)."""
        if address == 0:
            return ""
        if self.class0:
            length = self.tb.mem[address & 0xFFFFFF]
            return read_bytes(self.tb.mem, address + 1, length).decode("mac_roman")
        return read_gsstring(self.tb.mem, address).decode("mac_roman")

    def write_result(self, address: int, text: str) -> None:
        """A ResultBuf255: bufSize word (the whole buffer), length word, bytes.
        A short buffer gets the needed length and buffTooSmall."""
        if address == 0:
            return
        # A damaged directory can hold names no ProDOS name may be: '?' stands in.
        raw = text.encode("mac_roman", errors="replace")
        if self.class0:
            # ProDOS 16: a Pascal string in a buffer the caller made big enough,
            # with '/' where GS/OS puts ':'.
            raw = text.replace(":", "/").encode("mac_roman", errors="replace")[:255]
            write_bytes(self.tb.mem, address, bytes([len(raw)]) + raw)
            return
        size = read_word(self.tb.mem, address)
        if size < 4:
            raise GSOSError(PARAM_RANGE_ERR, f"result buffer of {size} bytes")
        write_word(self.tb.mem, address + 2, len(raw))
        if 4 + len(raw) > size:
            raise GSOSError(BUFF_TOO_SMALL, f"needs {4 + len(raw)} bytes, has {size}")
        write_bytes(self.tb.mem, address + 4, raw)

    # -- pathnames ------------------------------------------------------------------------

    def resolve(self, pathname: str) -> list[str]:
        """A GS/OS pathname -> [volume, dir, ..., name] (GS/OS Reference: pathnames).

        ':' is the separator if the path holds one, else '/'. A leading separator
        starts at a volume name; 'n:' / 'n/' starts at prefix n; '*' is the boot
        volume; '@' the user's folder (here the program's folder, prefix 9); any
        other partial path is relative to prefix 8.
        """
        if not pathname:
            raise GSOSError(BAD_PATH_SYNTAX, "empty pathname")
        sep = ":" if ":" in pathname else "/"
        parts = pathname.split(sep)
        head = parts[0]
        if head == "":
            base: list[str] = []
            rest = parts[1:]
        elif head.isdigit():
            number = int(head)
            if number >= PREFIX_COUNT:
                raise GSOSError(BAD_PATH_SYNTAX, f"prefix {number}")
            base = self._prefix(number)
            rest = parts[1:]
        elif head == "*":
            base = [self._volume().name]
            rest = parts[1:]
        elif head == "@":
            base = self._prefix(9)
            rest = parts[1:]
        elif head.startswith("."):                  # a device name
            base = []
            rest = parts
        else:                                       # ProDOS 16: prefix 0
            base = self._prefix(0 if self.class0 else 8)
            rest = parts
        components = base + [p for p in rest if p != ""]
        if any(p == "" for p in rest[:-1]):
            raise GSOSError(BAD_PATH_SYNTAX, f"empty name in {pathname!r}")
        if not components:
            raise GSOSError(BAD_PATH_SYNTAX, f"no volume in {pathname!r}")
        if components[0].upper() == CONSOLE_DEVICE:
            if len(components) > 1:                 # a character device has no files
                raise GSOSError(BAD_PATH_SYNTAX, f"{pathname!r} inside {CONSOLE_DEVICE}")
            return [CONSOLE_DEVICE]
        # The mounted volume's own name is taken as it is, even one a damaged disk
        # holds that ProDOS does not allow (such a disk is read-only: disk.walk).
        volume_name = self.volume.name.upper() if self.volume is not None else None
        for depth, name in enumerate(components):
            if not NAME_RE.match(name) and not (depth == 0 and name.upper() == volume_name):
                raise GSOSError(BAD_PATH_SYNTAX, f"bad name {name!r}")
        return components

    def names_console(self, pathname: str) -> bool:
        """Does `pathname` name the `.CONSOLE` device? (A bad one is left for the
        caller's own resolving to report.)"""
        try:
            return self.resolve(pathname) == [CONSOLE_DEVICE]
        except GSOSError:
            return False

    def _prefix(self, number: int) -> list[str]:
        prefix = self.prefixes[number]
        if not prefix:
            raise GSOSError(BAD_PATH_SYNTAX, f"prefix {number} is not set")
        return list(prefix)

    def _volume(self):
        if self.volume is None:
            raise GSOSError(VOL_NOT_FOUND, "no disk mounted")
        return self.volume

    def on_volume(self, components: list[str]) -> str:
        """The volume-relative path of resolved components; volNotFound if the
        first one is not the mounted volume."""
        volume = self._volume()
        if components[0].upper() != volume.name.upper():
            raise GSOSError(VOL_NOT_FOUND, f"no volume {components[0]!r}")
        return "/".join(components[1:])

    def locate(self, pathname_ptr: int) -> str:
        """Read, resolve and check a pathname argument whose folders must exist."""
        pathname = self.read_input_string(pathname_ptr)
        self._note(f'"{pathname}"')
        path = self.on_volume(self.resolve(pathname))
        self._check_parent(path)
        return path

    def _check_parent(self, path: str) -> None:
        folders = path.split("/")[:-1] if path else []
        volume = self._volume()
        for depth in range(1, len(folders) + 1):
            prefix = "/".join(folders[:depth])
            if not volume.is_dir(prefix):
                raise GSOSError(PATH_NOT_FOUND, f"no folder {prefix!r}")

    def _info(self, path: str):
        try:
            return self._volume().info(path)
        except FileNotFoundError:
            raise GSOSError(FILE_NOT_FOUND, repr(path)) from None

    def _open_on(self, path: str) -> list[OpenFile]:
        key = path.upper()
        return [f for f in self.files.values() if f.path.upper() == key]

    def _commit(self) -> None:
        self._volume().commit()

    def _mutation(self, action: Callable[[], None]) -> None:
        """Run a change to the volume and commit it; disk errors become GS/OS codes."""
        try:
            action()
        except VolumeDirectoryFull:
            raise GSOSError(VOL_DIR_FULL) from None
        except VolumeFull:
            raise GSOSError(VOLUME_FULL) from None
        except FileExistsError:
            raise GSOSError(DUP_PATHNAME) from None
        except FileNotFoundError:
            raise GSOSError(PATH_NOT_FOUND) from None
        except WriteProtected:
            raise GSOSError(WRITE_PROTECTED) from None
        self._commit()

    def refuse_if_write_protected(self) -> None:
        """drvrWrtProt when the mounted disk is read-only."""
        if getattr(self._volume(), "read_only", None):
            raise GSOSError(WRITE_PROTECTED, "the disk is write-protected")

    def open_fork(self, path: str, fork: str, request: int) -> OpenFile:
        """Open's core on a located volume path: check the access asked for against
        the file's (folders are read only here), read the fork and give it a refNum;
        either fork of an extended file opens for writing, each busy on its own.
        Raises GSOSError as Open answers."""
        volume = self._volume()
        info = self._info(path)
        if request > 3:
            raise GSOSError(PARAM_RANGE_ERR, f"requestAccess {request}")
        allowed = info.access & (ACCESS_READ | ACCESS_WRITE)
        is_dir = info.is_dir or not path
        if is_dir:
            allowed &= ACCESS_READ             # folders: read only here
        if request == REQUEST_AS_PERMITTED:
            granted = allowed
        else:
            granted = request
            if granted & ~allowed:
                raise GSOSError(INVALID_ACCESS, f"requested ${request:X}, allowed ${allowed:X}")
        if fork == "rsrc" and info.storage_type != STORAGE_EXTENDED:
            raise GSOSError(RES_FORK_NOT_FOUND, repr(path))
        for other in self._open_on(path):      # each fork is opened on its own
            if other.fork == fork and (granted | other.access) & ACCESS_WRITE:
                raise GSOSError(FILE_BUSY, repr(path))
        if len(self.files) >= MAX_OPEN_FILES:
            raise GSOSError(TOO_MANY_FILES_OPEN)
        data = bytearray() if is_dir else bytearray(volume.read_file(path, fork))
        refnum = next(n for n in range(1, MAX_OPEN_FILES + 2) if n not in self.files)
        self.opened += 1
        f = OpenFile(refnum, path, granted, fork, data, is_dir=is_dir,
                     held_blocks=fork_blocks(info, len(data)) if not is_dir else 0,
                     serial=self.opened, level=self.level)
        self.files[refnum] = f
        return f

    def close_file(self, refnum: int) -> None:
        """Close one refNum (flushing it first)."""
        f = self.file(refnum)
        self.flush_file(f)
        del self.files[refnum]

    # -- open-file helpers ----------------------------------------------------------------

    def file(self, refnum: int) -> OpenFile:
        f = self.files.get(refnum)
        if f is None:
            raise GSOSError(INVALID_REF_NUM, f"refNum {refnum}")
        return f

    def flush_file(self, f: OpenFile) -> None:
        """Write an open file's bytes to the volume and commit."""
        if not f.dirty:
            return
        volume = self._volume()
        info = self._info(f.path)
        data, resource = fork_contents(volume, info, f)
        self._mutation(lambda: volume.write_file(
            f.path, data, info.file_type, info.aux_type,
            access=info.access | ACCESS_BACKUP, created=info.created,
            modified=self.now(), resource=resource, replace=True))
        f.dirty = False
        f.held_blocks = fork_blocks(volume.info(f.path), f.eof)

    def close_all(self, level: int = 0) -> None:
        """Flush and forget every open file at or above `level` (Close(0) closes the
        files of the current level and above; Quit and unmount all of them)."""
        for refnum in sorted(self.files):
            if self.files[refnum].level >= level:
                self.flush_file(self.files[refnum])
                del self.files[refnum]

    def files_at_level(self) -> list[OpenFile]:
        """The open files refNum 0 stands for: those at or above the current level."""
        return [f for f in self.files.values() if f.level >= self.level]

    def room_for(self, f: OpenFile, new_eof: int) -> bool:
        """Will the volume hold `f` at `new_eof` bytes along with every other
        open file's unflushed growth? (Conservative: sparse blocks count.)"""
        volume = self._volume()
        pending = sum(max(0, blocks_for_size(o.eof) - o.held_blocks)
                      for o in self.files.values() if o.dirty and o is not f)
        return blocks_for_size(new_eof) - f.held_blocks + pending <= volume.free_blocks


# -- forks: an extended file's data and resource forks are written one at a time --------

def fork_contents(volume: Any, info: Any, f: OpenFile) -> tuple[bytes, bytes | None]:
    """(data fork, resource fork or None) to write back for open file `f`: its own
    fork's bytes and the other fork as the disk holds it (an extended file stays one)."""
    if f.fork == "rsrc":
        return volume.read_file(f.path), bytes(f.data)
    extended = info.storage_type == STORAGE_EXTENDED
    return bytes(f.data), volume.read_file(f.path, "rsrc") if extended else None


def fork_blocks(info: Any, size: int) -> int:
    """The blocks one fork of `size` bytes holds: an extended file's forks are counted
    apart (room_for weighs a fork's growth), a standard file's are all it holds."""
    return blocks_for_size(size) if info.storage_type == STORAGE_EXTENDED \
        else info.blocks_used


# -- the calls, in call-number order -----------------------------------------------------

@gsos_call(0x2001, "Create", (1, 7), "Create")
def create(gs: GSOS, pb: ParamBlock) -> None:
    """Create: a new empty file or folder."""
    path = gs.locate(pb.get("pathname"))
    if not path:
        raise GSOSError(DUP_PATHNAME, "the volume directory exists")
    volume = gs._volume()
    if volume.exists(path):
        raise GSOSError(DUP_PATHNAME, repr(path))
    access = pb.get("access", DEFAULT_ACCESS) & 0xFF if pb.has("access") else DEFAULT_ACCESS
    file_type = pb.get("fileType") & 0xFF
    aux_type = pb.get("auxType") & 0xFFFF
    storage = pb.get("storageType", 1) if pb.has("storageType") else 1
    # ProDOS 16's CREATE may give the creation date (zero: now); GS/OS's takes now.
    given = from_timerec(pb.get_bytes("createDateTime")) if pb.has("createDateTime") else None
    now = given or gs.now()
    gs._note(f"type=${file_type:02X}/${aux_type:04X} storage=${storage:X}")
    if storage == STORAGE_DIRECTORY:
        gs._mutation(lambda: volume.mkdir(path, access=access, created=now))
    elif storage in STORAGE_STANDARD:
        gs._mutation(lambda: volume.write_file(path, b"", file_type, aux_type,
                                               access=access, created=now, modified=now))
    elif storage == STORAGE_EXTENDED:
        gs._mutation(lambda: volume.write_file(path, b"", file_type, aux_type,
                                               access=access, created=now, modified=now,
                                               resource=b""))
    else:
        raise GSOSError(BAD_STORE_TYPE, f"storage type ${storage:X}")


@gsos_call(0x2002, "Destroy", (1, 1), "Destroy")
def destroy(gs: GSOS, pb: ParamBlock) -> None:
    """Destroy: delete a closed file, or an empty folder."""
    path = gs.locate(pb.get("pathname"))
    if not path:
        raise GSOSError(INVALID_ACCESS, "cannot destroy the volume directory")
    info = gs._info(path)
    if gs._open_on(path):
        raise GSOSError(FILE_BUSY, repr(path))
    if not info.access & ACCESS_DESTROY:
        raise GSOSError(INVALID_ACCESS, "destroy not enabled")
    volume = gs._volume()
    if info.is_dir and volume.listdir(path):
        raise GSOSError(INVALID_ACCESS, "folder not empty")
    gs._mutation(lambda: volume.remove(path))


@gsos_call(0x2004, "ChangePath", (2, 3), "ChangePath")
def change_path(gs: GSOS, pb: ParamBlock) -> None:
    """ChangePath: rename a file or folder, or move it within the volume."""
    path = gs.locate(pb.get("pathname"))
    new_path = gs.locate(pb.get("newPathname"))
    if not path or not new_path:
        raise GSOSError(BAD_PATH_NAMES, "the volume directory cannot move")
    info = gs._info(path)
    if new_path.upper() == path.upper() and new_path != path:
        pass                                   # a change of case only
    elif gs._volume().exists(new_path):
        raise GSOSError(DUP_PATHNAME, repr(new_path))
    if info.is_dir and (new_path.upper() + "/").startswith(path.upper() + "/"):
        raise GSOSError(BAD_PATH_NAMES, "a folder cannot move into itself")
    if gs._open_on(path):
        raise GSOSError(FILE_BUSY, repr(path))
    if not info.access & ACCESS_RENAME:
        raise GSOSError(INVALID_ACCESS, "rename not enabled")
    gs._mutation(lambda: gs._volume().rename(path, new_path))


@gsos_call(0x2005, "SetFileInfo", (2, 12), "FileInfo")
def set_file_info(gs: GSOS, pb: ParamBlock) -> None:
    """SetFileInfo: access, type, aux type, dates (storage type, EOF and block
    counts are ignored, as GS/OS does)."""
    path = gs.locate(pb.get("pathname"))
    if not path:
        raise GSOSError(INVALID_ACCESS, "the volume directory")
    gs._info(path)
    created = modified = None
    if pb.has("createDateTime"):
        created = from_timerec(pb.get_bytes("createDateTime"))
    if pb.has("modDateTime"):
        modified = from_timerec(pb.get_bytes("modDateTime"))
    access = pb.get("access") & 0xFF if pb.has("access") else None
    file_type = pb.get("fileType") & 0xFF if pb.has("fileType") else None
    aux_type = pb.get("auxType") & 0xFFFF if pb.has("auxType") else None
    gs._mutation(lambda: gs._volume().set_file_info(
        path, access=access, file_type=file_type, aux_type=aux_type,
        created=created, modified=modified))


@gsos_call(0x2006, "GetFileInfo", (2, 12), "FileInfo")
def get_file_info(gs: GSOS, pb: ParamBlock) -> None:
    """GetFileInfo: a file's, folder's or the volume's attributes."""
    path = gs.locate(pb.get("pathname"))
    volume = gs._volume()
    info = gs._info(path)
    open_files = gs._open_on(path)
    eof = open_files[0].eof if open_files and open_files[0].fork == "data" else info.eof
    pb.put("access", info.access)
    if not path:                               # the volume: aux = total blocks
        pb.put("fileType", DIRECTORY_FILE_TYPE)
        pb.put("auxType", volume.total_blocks)
        pb.put("storageType", STORAGE_VOLUME)
    else:
        pb.put("fileType", info.file_type)
        pb.put("auxType", info.aux_type)
        pb.put("storageType", info.storage_type)
    pb.put("createDateTime", to_timerec(info.created))
    pb.put("modDateTime", to_timerec(info.modified))
    if pb.has("optionList"):
        gs.write_result(pb.get("optionList"), "")
    pb.put("eof", eof)
    pb.put("blocksUsed", info.blocks_used)
    pb.put("resourceEOF", info.resource_eof)
    pb.put("resourceBlocks", 0)


@gsos_call(0x2009, "SetPrefix", (1, 2), "Prefix")
def set_prefix(gs: GSOS, pb: ParamBlock) -> None:
    """SetPrefix: set (or, with no string, clear) prefix 0-31 to a folder; the
    standard prefixes 10-12 may also name a file or `.CONSOLE`."""
    number = pb.get("prefixNum")
    if number >= PREFIX_COUNT:
        raise GSOSError(PARAM_RANGE_ERR, f"prefix {number}")
    pointer = pb.get("prefix")
    text = gs.read_input_string(pointer) if pointer else ""
    gs._note(f'{number}="{text}"')
    if not text:
        gs.prefixes[number] = None
        return
    components = gs.resolve(text)
    if components == [CONSOLE_DEVICE]:
        gs.prefixes[number] = components
        return
    path = gs.on_volume(components)
    if number in STD_PREFIXES and path and gs._volume().exists(path):
        gs.prefixes[number] = components        # standard input/output: a file will do
        return
    if path and not gs._volume().is_dir(path):
        gs._check_parent(path)
        raise GSOSError(PATH_NOT_FOUND if not gs._volume().exists(path)
                        else BAD_PATH_SYNTAX, f"{text!r} is not a folder")
    gs.prefixes[number] = components


@gsos_call(0x200A, "GetPrefix", (2, 2), "Prefix")
def get_prefix(gs: GSOS, pb: ParamBlock) -> None:
    """GetPrefix: ':VOL:DIR:' (an unset prefix is the empty string)."""
    number = pb.get("prefixNum")
    if number >= PREFIX_COUNT:
        raise GSOSError(PARAM_RANGE_ERR, f"prefix {number}")
    prefix = gs.prefixes[number]
    if prefix == [CONSOLE_DEVICE]:
        text = CONSOLE_DEVICE + ":"
    else:
        text = ":" + ":".join(prefix) + ":" if prefix else ""
    gs._note(f'{number}="{text}"')
    gs.write_result(pb.get("prefix"), text)


@gsos_call(0x200D, "Null", (0, 0), "Null")
def null(gs: GSOS, pb: ParamBlock) -> None:
    """Null: does nothing (lets GS/OS run deferred tasks)."""


@gsos_call(0x2010, "Open", (2, 15), "Open")
def open_(gs: GSOS, pb: ParamBlock) -> None:
    """Open: a file's data or resource fork, a folder for GetDirEntry, or `.CONSOLE`."""
    pathname = gs.read_input_string(pb.get("pathname"))
    if gs.names_console(pathname):
        open_console(gs, pb, "err" if re.match(r"^12([:/]|$)", pathname) else "out")
        return
    path = gs.locate(pb.get("pathname"))
    volume = gs._volume()
    info = gs._info(path)
    request = pb.get("requestAccess") if pb.has("requestAccess") else REQUEST_AS_PERMITTED
    if pb.get("resourceNumber") > 1:
        raise GSOSError(PARAM_RANGE_ERR, "resourceNumber")
    f = gs.open_fork(path, "rsrc" if pb.get("resourceNumber") else "data", request)
    refnum, granted, data, is_dir = f.refnum, f.access, f.data, f.is_dir
    gs._note(f"refNum={refnum} access=${granted:X}")
    pb.put("refNum", refnum)
    pb.put("access", info.access)
    pb.put("fileType", DIRECTORY_FILE_TYPE if is_dir else info.file_type)
    pb.put("auxType", volume.total_blocks if not path else info.aux_type)
    pb.put("storageType", STORAGE_VOLUME if not path else info.storage_type)
    pb.put("createDateTime", to_timerec(info.created))
    pb.put("modDateTime", to_timerec(info.modified))
    if pb.has("optionList"):
        gs.write_result(pb.get("optionList"), "")
    pb.put("eof", len(data) if not is_dir else info.eof)
    pb.put("blocksUsed", info.blocks_used)
    pb.put("resourceEOF", info.resource_eof)
    pb.put("resourceBlocks", 0)


def open_console(gs: GSOS, pb: ParamBlock, stream: str) -> None:
    """Open `.CONSOLE`: a character device, readable and writable, never busy; what
    is written goes to the console's `stream` (error output when opened as prefix 12,
    so the host's terminal can put it on stderr)."""
    request = pb.get("requestAccess") if pb.has("requestAccess") else REQUEST_AS_PERMITTED
    if request > 3:
        raise GSOSError(PARAM_RANGE_ERR, f"requestAccess {request}")
    if pb.get("resourceNumber"):
        raise GSOSError(RES_FORK_NOT_FOUND, "a device has no resource fork")
    if len(gs.files) >= MAX_OPEN_FILES:
        raise GSOSError(TOO_MANY_FILES_OPEN)
    granted = request or (ACCESS_READ | ACCESS_WRITE)
    refnum = next(n for n in range(1, MAX_OPEN_FILES + 2) if n not in gs.files)
    gs.opened += 1
    gs.files[refnum] = OpenFile(refnum, CONSOLE_DEVICE, granted, "data",
                                device=CONSOLE_DEVICE, serial=gs.opened,
                                stream=stream, level=gs.level)
    gs._note(f'"{CONSOLE_DEVICE}" refNum={refnum} access=${granted:X}')
    pb.put("refNum", refnum)
    pb.put("access", ACCESS_READ | ACCESS_WRITE)
    for name in ("fileType", "auxType", "storageType", "eof", "blocksUsed",
                 "resourceEOF", "resourceBlocks"):
        pb.put(name, 0)
    pb.put("createDateTime", bytes(T))
    pb.put("modDateTime", bytes(T))
    if pb.has("optionList"):
        gs.write_result(pb.get("optionList"), "")


def _console(gs: GSOS):
    return gs.tb.text.console


def read_console(gs: GSOS, f: OpenFile, pb: ParamBlock, request: int) -> None:
    """Read from `.CONSOLE`: typed characters, echoed, up to a return or `request`;
    eofEncountered when no key can come."""
    text = gs.tb.text
    got = bytearray()
    while len(got) < request:
        key = text.next_key()
        if key is None:
            break
        got.append(key)
        _console(gs).write(bytes([key]))
        if key & 0x7F == 0x0D:
            break
    gs._note(f"refNum={f.refnum} {CONSOLE_DEVICE} request={request} got={len(got)}")
    if request and not got:
        raise GSOSError(EOF_ENCOUNTERED)
    write_bytes(gs.tb.mem, pb.get("dataBuffer"), bytes(got))
    pb.put("transferCount", len(got))


@gsos_call(0x2012, "Read", (4, 5), "IO")
def read(gs: GSOS, pb: ParamBlock) -> None:
    """Read: up to requestCount bytes from the mark; eofEncountered if none."""
    pb.put("transferCount", 0)
    f = gs.file(pb.get("refNum"))
    if not f.access & ACCESS_READ:
        raise GSOSError(INVALID_ACCESS, "not open for reading")
    if f.is_dir:
        raise GSOSError(INVALID_ACCESS, "read a folder with GetDirEntry")
    request = pb.get("requestCount")
    if f.device:
        read_console(gs, f, pb, request)
        return
    count = max(0, min(request, f.eof - f.mark))
    if f.newline is not None:
        count = _newline_cut(f, count)
    gs._note(f"refNum={f.refnum} request={request} mark={f.mark}")
    if request and count == 0:
        raise GSOSError(EOF_ENCOUNTERED)
    write_bytes(gs.tb.mem, pb.get("dataBuffer"), bytes(f.data[f.mark:f.mark + count]))
    f.mark += count
    pb.put("transferCount", count)


def _newline_cut(f: OpenFile, count: int) -> int:
    """Newline mode: a Read stops just after the first byte that, ANDed with the
    mask, is one of the newline characters (also ANDed with it)."""
    mask, chars = f.newline
    wanted = {c & mask for c in chars}
    for index in range(count):
        if f.data[f.mark + index] & mask in wanted:
            return index + 1
    return count


@gsos_call(0x2013, "Write", (4, 5), "IO")
def write(gs: GSOS, pb: ParamBlock) -> None:
    """Write: requestCount bytes at the mark, extending the EOF as needed."""
    pb.put("transferCount", 0)
    f = gs.file(pb.get("refNum"))
    if not f.access & ACCESS_WRITE:
        raise GSOSError(INVALID_ACCESS, "not open for writing")
    request = pb.get("requestCount")
    if f.device:
        gs._note(f"refNum={f.refnum} {CONSOLE_DEVICE} request={request}")
        _console(gs).write(read_bytes(gs.tb.mem, pb.get("dataBuffer"), request),
                           f.stream)
        pb.put("transferCount", request)
        return
    end = f.mark + request
    gs._note(f"refNum={f.refnum} request={request} mark={f.mark}")
    gs.refuse_if_write_protected()
    if end > MAX_EOF:
        raise GSOSError(OUT_OF_RANGE, "past the largest ProDOS file")
    if end > f.eof and not gs.room_for(f, end):
        raise GSOSError(VOLUME_FULL)
    data = read_bytes(gs.tb.mem, pb.get("dataBuffer"), request)
    if f.mark > f.eof:
        f.data.extend(bytes(f.mark - f.eof))
    f.data[f.mark:end] = data
    f.mark = end
    f.dirty = f.dirty or request > 0
    pb.put("transferCount", request)


@gsos_call(0x2014, "Close", (1, 1), "Close")
def close(gs: GSOS, pb: ParamBlock) -> None:
    """Close: flush and release a refNum (0 = every open file)."""
    refnum = pb.get("refNum")
    gs._note(f"refNum={refnum}")
    if refnum == 0:
        gs.close_all(gs.level)
        return
    gs.close_file(refnum)


@gsos_call(0x2015, "Flush", (1, 2), "Flush")
def flush(gs: GSOS, pb: ParamBlock) -> None:
    """Flush: write a file's data to the disk now (refNum 0 = every file)."""
    refnum = pb.get("refNum")
    gs._note(f"refNum={refnum}")
    files = gs.files_at_level() if refnum == 0 else [gs.file(refnum)]
    for f in files:
        gs.flush_file(f)


def _position(f: OpenFile, base: int, displacement: int) -> int:
    if base == BASE_START_PLUS:
        return displacement
    if base == BASE_EOF_MINUS:
        return f.eof - displacement
    if base == BASE_MARK_PLUS:
        return f.mark + displacement
    if base == BASE_MARK_MINUS:
        return f.mark - displacement
    raise GSOSError(PARAM_RANGE_ERR, f"base {base}")


@gsos_call(0x2016, "SetMark", (3, 3), "Position")
def set_mark(gs: GSOS, pb: ParamBlock) -> None:
    """SetMark: move the mark within 0..EOF."""
    f = gs.file(pb.get("refNum"))
    mark = _position(f, pb.get("base"), pb.get("displacement"))
    gs._note(f"refNum={f.refnum} mark={mark}")
    if not 0 <= mark <= f.eof:
        raise GSOSError(OUT_OF_RANGE, f"mark {mark}, EOF {f.eof}")
    f.mark = mark


@gsos_call(0x2017, "GetMark", (2, 2), "GetPosition")
def get_mark(gs: GSOS, pb: ParamBlock) -> None:
    f = gs.file(pb.get("refNum"))
    pb.put("position", f.mark)


@gsos_call(0x2018, "SetEOF", (3, 3), "Position")
def set_eof(gs: GSOS, pb: ParamBlock) -> None:
    """SetEOF: cut or extend (with zeros) the file; the mark follows a cut."""
    f = gs.file(pb.get("refNum"))
    if not f.access & ACCESS_WRITE:
        raise GSOSError(INVALID_ACCESS, "not open for writing")
    eof = _position(f, pb.get("base"), pb.get("displacement"))
    gs._note(f"refNum={f.refnum} eof={eof}")
    gs.refuse_if_write_protected()
    if not 0 <= eof <= MAX_EOF:
        raise GSOSError(OUT_OF_RANGE, f"EOF {eof}")
    if eof > f.eof and not gs.room_for(f, eof):
        raise GSOSError(VOLUME_FULL)
    if eof != f.eof:
        if eof < f.eof:
            del f.data[eof:]
        else:
            f.data.extend(bytes(eof - f.eof))
        f.dirty = True
    f.mark = min(f.mark, eof)


@gsos_call(0x2019, "GetEOF", (2, 2), "GetPosition")
def get_eof(gs: GSOS, pb: ParamBlock) -> None:
    f = gs.file(pb.get("refNum"))
    pb.put("position", f.eof)


@gsos_call(0x201C, "GetDirEntry", (5, 17), "DirEntry")
def get_dir_entry(gs: GSOS, pb: ParamBlock) -> None:
    """GetDirEntry: step through an open folder's entries (numbered from 1).
    base 0 with displacement 0 returns the number of entries in entryNum. A folder
    whose blocks loop or leave the volume gives the entries before the break, then
    dirError ($51)."""
    f = gs.file(pb.get("refNum"))
    if not f.is_dir:
        raise GSOSError(BAD_STORE_TYPE, "not a folder")
    entries = gs._volume().listdir(f.path)
    base, displacement = pb.get("base"), pb.get("displacement")
    if base == DIR_BASE_ABSOLUTE and displacement == 0:
        f.dir_position = 0
        pb.put("entryNum", len(entries))
        gs._note(f"refNum={f.refnum} count={len(entries)}")
        return
    if base == DIR_BASE_ABSOLUTE:
        number = displacement
    elif base == DIR_BASE_FORWARD:
        number = f.dir_position + displacement
    elif base == DIR_BASE_BACKWARD:
        number = f.dir_position - displacement
    else:
        raise GSOSError(PARAM_RANGE_ERR, f"base {base}")
    gs._note(f"refNum={f.refnum} entry={number}")
    if not 1 <= number <= len(entries):
        # Past the entries a damaged folder's chain of blocks let be read: dirError,
        # the directory is damaged, rather than endOfDir (disk.walk).
        damage = gs._volume().directory_damage(f.path)
        raise GSOSError(DIR_ERROR, damage) if damage else GSOSError(END_OF_DIR)
    f.dir_position = number
    info = entries[number - 1]
    if pb.has("name"):
        gs.write_result(pb.get("name"), info.name)
    pb.put("entryNum", number)
    pb.put("fileType", info.file_type)
    pb.put("eof", info.eof)
    pb.put("blockCount", info.blocks_used)
    pb.put("createDateTime", to_timerec(info.created))
    pb.put("modDateTime", to_timerec(info.modified))
    pb.put("access", info.access)
    pb.put("auxType", info.aux_type)
    pb.put("fileSysID", PRODOS_FILE_SYSTEM)
    if pb.has("optionList"):
        gs.write_result(pb.get("optionList"), "")
    pb.put("resourceEOF", info.resource_eof)
    pb.put("resourceBlocks", 0)


@gsos_call(0x2027, "GetName", (1, 1), "Buffer")
def get_name(gs: GSOS, pb: ParamBlock) -> None:
    """GetName: the running program's file name."""
    gs._note(f'"{gs.program_name}"')
    gs.write_result(pb.get("dataBuffer"), gs.program_name)


@gsos_call(0x2028, "GetBootVol", (1, 1), "Buffer")
def get_boot_vol(gs: GSOS, pb: ParamBlock) -> None:
    """GetBootVol: the boot volume's name as ':NAME'."""
    gs.write_result(pb.get("dataBuffer"), ":" + gs._volume().name)


@gsos_call(0x2029, "Quit", (0, 2), "Quit")
def quit_(gs: GSOS, pb: ParamBlock) -> None:
    """Quit: close every file (flushing it) and stop the program."""
    pointer = pb.get("pathname")
    gs.quit_pathname = gs.read_input_string(pointer) if pointer else ""
    gs.quit_flags = pb.get("flags")
    try:
        if gs.volume is not None:
            gs.close_all()
    finally:
        gs.quit_requested = True


@gsos_call(0x202A, "GetVersion", (1, 1), "Version")
def get_version(gs: GSOS, pb: ParamBlock) -> None:
    pb.put("version", GSOS_VERSION)


# -- standard files and refNums ----------------------------------------------------------

def _std_file(gs: GSOS, number: int) -> OpenFile | None:
    """The most recently opened file whose pathname is prefix `number`'s."""
    prefix = gs.prefixes[number]
    if not prefix:
        return None
    if prefix == [CONSOLE_DEVICE]:
        matches = [f for f in gs.files.values() if f.device == CONSOLE_DEVICE]
    else:
        try:
            path = gs.on_volume(prefix)
        except GSOSError:
            return None
        matches = [f for f in gs._open_on(path) if not f.device]
    return max(matches, key=lambda f: f.serial, default=None)


@gsos_call(0x2037, "GetStdRefNum", (2, 2), "StdRefNum")
def get_std_ref_num(gs: GSOS, pb: ParamBlock) -> None:
    """GetStdRefNum: the refNum of the open file prefix 10, 11 or 12 names (the most
    recently opened one); invalidRefNum when none is open."""
    number = pb.get("prefixNum")
    if number not in STD_PREFIXES:
        raise GSOSError(PARAM_RANGE_ERR, f"prefix {number}")
    f = _std_file(gs, number)
    gs._note(f"prefix {number} refNum={f.refnum if f else 0}")
    if f is None:
        raise GSOSError(INVALID_REF_NUM, f"nothing open on prefix {number}")
    pb.put("refNum", f.refnum)


@gsos_call(0x2038, "GetRefNum", (2, 6), "RefNum")
def get_ref_num(gs: GSOS, pb: ParamBlock) -> None:
    """GetRefNum: the refNum and access of an open file by pathname and fork
    (resNum); displacement picks among several opens, first opened first."""
    pathname = gs.read_input_string(pb.get("pathname"))
    gs._note(f'"{pathname}"')
    components = gs.resolve(pathname)
    fork = "rsrc" if pb.get("resNum") else "data"
    if components == [CONSOLE_DEVICE]:
        matches = [f for f in gs.files.values() if f.device == CONSOLE_DEVICE]
    else:
        path = gs.on_volume(components)
        matches = [f for f in gs._open_on(path) if not f.device and f.fork == fork]
    matches.sort(key=lambda f: f.serial)
    which = pb.get("displacement")
    if which >= len(matches):
        raise GSOSError(INVALID_REF_NUM, f"{pathname!r} is not open")
    f = matches[which]
    pb.put("refNum", f.refnum)
    pb.put("access", f.access)


@gsos_call(0x2039, "GetRefInfo", (2, 5), "RefInfo")
def get_ref_info(gs: GSOS, pb: ParamBlock) -> None:
    """GetRefInfo: an open refNum's access, full pathname, fork and file level."""
    f = gs.file(pb.get("refNum"))
    pb.put("access", f.access)
    if pb.has("pathname"):
        if f.device:
            name = f.device
        else:
            name = ":" + ":".join([gs._volume().name, *(p for p in f.path.split("/") if p)])
        gs.write_result(pb.get("pathname"), name)
    pb.put("resourceNumber", FORK_NUMBERS[f.fork])
    pb.put("level", f.level)


# -- devices, levels, preferences and file systems ------------------------------------

def device_number(gs: GSOS, name: str) -> int:
    """The device a name means: the disk's device name (".D1"), its volume name
    (":VOL", "/VOL"), or `.CONSOLE`; devNotFound / volNotFound otherwise."""
    upper = name.upper()
    if upper == CONSOLE_DEVICE:
        return CONSOLE_DEVICE_NUMBER
    if upper.startswith(".D") and upper[2:].isdigit():
        number = int(upper[2:])
        if number not in (DISK_DEVICE, CONSOLE_DEVICE_NUMBER):
            raise GSOSError(DEV_NOT_FOUND, repr(name))
        return number
    if upper.startswith("."):
        raise GSOSError(DEV_NOT_FOUND, repr(name))
    volume = gs._volume()
    if upper.strip(":/") != volume.name.upper():
        raise GSOSError(VOL_NOT_FOUND, repr(name))
    return DISK_DEVICE


def device_name(number: int) -> str:
    if number == DISK_DEVICE:
        return DISK_DEVICE_NAME
    if number == CONSOLE_DEVICE_NUMBER:
        return CONSOLE_DEVICE
    raise GSOSError(INVALID_DEV_NUM, f"device {number}")


@gsos_call(0x2008, "Volume", (2, 8), "Volume")
def volume_(gs: GSOS, pb: ParamBlock) -> None:
    """Volume: the name, size and free blocks of the volume in a block device."""
    name = gs.read_input_string(pb.get("devName"))
    gs._note(f'"{name}"')
    if device_number(gs, name) != DISK_DEVICE:
        raise GSOSError(DEV_NOT_FOUND, f"{name!r} is a character device")
    volume = gs._volume()
    gs.write_result(pb.get("volName"), ":" + volume.name)
    pb.put("totalBlocks", volume.total_blocks)
    pb.put("freeBlocks", volume.free_blocks)
    pb.put("fileSysID", PRODOS_FILE_SYSTEM)
    pb.put("blockSize", BLOCK_SIZE)
    pb.put("characteristics", 0)
    pb.put("deviceID", 0)


@gsos_call(0x200B, "ClearBackupBit", (1, 1), "Destroy")
def clear_backup_bit(gs: GSOS, pb: ParamBlock) -> None:
    """ClearBackupBit: mark a file as backed up (the access byte's bit 5 cleared)."""
    path = gs.locate(pb.get("pathname"))
    info = gs._info(path)
    if not path or not info.access & ACCESS_BACKUP:
        return
    gs._mutation(lambda: gs._volume().set_file_info(
        path, access=info.access & ~ACCESS_BACKUP & 0xFF))


@gsos_call(0x200C, "SetSysPrefs", (1, 1), "SysPrefs")
def set_sys_prefs(gs: GSOS, pb: ParamBlock) -> None:
    gs.sys_prefs = pb.get("preferences")


@gsos_call(0x200F, "GetSysPrefs", (1, 1), "SysPrefs")
def get_sys_prefs(gs: GSOS, pb: ParamBlock) -> None:
    pb.put("preferences", gs.sys_prefs)


@gsos_call(0x2011, "NewLine", (4, 4), "NewLine")
def new_line(gs: GSOS, pb: ParamBlock) -> None:
    """NewLine: Read on this refNum stops after a newline character (enableMask 0
    turns the mode off). ProDOS 16 gives one character, GS/OS a table of them."""
    f = gs.file(pb.get("refNum"))
    mask = pb.get("enableMask") & 0xFF
    if pb.has("newlineChar"):
        chars = bytes([pb.get("newlineChar") & 0xFF])
    else:
        count = pb.get("numChars")
        if count > 256:
            raise GSOSError(PARAM_RANGE_ERR, f"numChars {count}")
        chars = read_bytes(gs.tb.mem, pb.get("newlineTable"), count)
    gs._note(f"refNum={f.refnum} mask=${mask:02X} chars={chars.hex()}")
    f.newline = (mask, chars) if mask and chars else None


@gsos_call(0x201A, "SetLevel", (1, 2), "Level")
def set_level(gs: GSOS, pb: ParamBlock) -> None:
    """SetLevel: the level new files open at, and that Close(0) and Flush(0) reach."""
    level = pb.get("level")
    if level > MAX_LEVEL:
        raise GSOSError(INVALID_LEVEL, f"level {level}")
    gs.level = level


@gsos_call(0x201B, "GetLevel", (1, 2), "Level")
def get_level(gs: GSOS, pb: ParamBlock) -> None:
    pb.put("level", gs.level)
    pb.put("levelMode", 0)


@gsos_call(0x2020, "GetDevNumber", (2, 2), "DevNum")
def get_dev_number(gs: GSOS, pb: ParamBlock) -> None:
    """GetDevNumber: the device number of a device name or a mounted volume's name."""
    name = gs.read_input_string(pb.get("devName"))
    gs._note(f'"{name}"')
    pb.put("devNum", device_number(gs, name))


@gsos_call(0x202B, "GetFSTInfo", (2, 8), "FSTInfo")
def get_fst_info(gs: GSOS, pb: ParamBlock) -> None:
    """GetFSTInfo: the file system translators: 1 ProDOS, 2 the Character FST."""
    number = pb.get("fstNum")
    if not 1 <= number <= len(FSTS):
        raise GSOSError(PARAM_RANGE_ERR, f"FST {number}")
    sys_id, name, version, attributes, block_size, max_volume, max_file = FSTS[number - 1]
    pb.put("fileSysID", sys_id)
    if pb.has("fstName"):
        gs.write_result(pb.get("fstName"), name)
    pb.put("version", version)
    pb.put("attributes", attributes)
    pb.put("blockSize", block_size)
    pb.put("maxVolSize", max_volume)
    pb.put("maxFileSize", max_file)


@gsos_call(0x202C, "DInfo", (2, 10), "DInfo")
def d_info(gs: GSOS, pb: ParamBlock) -> None:
    """DInfo: a device's name and kind by number (1 the disk, 2 the console)."""
    number = pb.get("devNum")
    gs._note(f"device {number}")
    name = device_name(number)
    gs.write_result(pb.get("devName"), name)
    disk_here = number == DISK_DEVICE and gs.volume is not None
    # characteristics: block device $80, write $40 and read $20 allowed, removable $04
    pb.put("characteristics", 0x00E4 if number == DISK_DEVICE else 0x0060)
    pb.put("totalBlocks", gs.volume.total_blocks if disk_here else 0)
    for field_name in ("slotNum", "unitNum", "version", "deviceID", "headLink",
                       "forwardLink"):
        pb.put(field_name, 0)
