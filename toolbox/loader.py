"""System Loader (tool set $11): load files, their segments and their user IDs.

Follows the Apple IIGS GS/OS Reference, chapter "The System Loader" (the calls, the
output records and the error codes $1101-$110B), ORCA/C's loader glue for how compiled
code lays out the output records on the stack, and Technical Note #73 ("Using User Tool
Sets") for loading a tool set from the program's folder with InitialLoad and handing it
to the Tool Locator with SetTSPtr. The OMF work itself (reading a load file, placing
and relocating a segment) is `iigs.omf`'s; this module keeps the loader's books:

* one `LoadFile` per user ID: the GS/OS pathname it came from, its loadable segments
  by number, and where each one sits now (a Memory Manager handle under that user ID);
* static segments are placed by InitialLoad, dynamic ones ($8000 in KIND) only when
  the program asks (LoadSegNum, LoadSegName); UnloadSegNum / UnloadSeg free one again;
* UserShutDown frees a user ID's memory, or with quitFlag bit 14 keeps the file
  "dormant" so Restart can start it again without reading the disk.

Every file here is load file number 1: a program made of several load files (the
OMF's file numbers 2 and up) is refused as the loader refuses a foreign segment.
Jump-table segments (KIND $02), which would load a dynamic segment on its first call,
are not implemented: a program loads its dynamic segments with LoadSegNum/LoadSegName.

Loading is the loader's: the system launches its application (`Machine.load`) and the
Desk Manager loads desk accessories through `load_segments`, and every segment's
Memory Manager block comes from `segment_allocator`, so LGetPathname, GetLoadSegInfo
and UserShutDown know every file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from iigs import omf
from iigs.memory import read_bytes, read_gsstring, read_pstring, write_bytes
from toolbox.calls import ToolError, tool
from toolbox.memorymgr import (ATTR_ADDR, ATTR_BANK, ATTR_FIXED, ATTR_LOCKED, ATTR_NO_CROSS,
                               ATTR_PAGE)
from toolbox.toolbox import tool_state

LOADER_VERSION = 0x0302

# Error codes (GS/OS Reference, System Loader errors; Apple's E16.Loader equates)
ID_NOT_FOUND = 0x1101        # segment, application or entry not found
ID_NOT_LOAD_FILE = 0x1104    # the file is not a load file
ID_BUSY_ERR = 0x1105         # the loader is busy
ID_FIL_VERS_ERR = 0x1107     # file version error
ID_USER_ID_ERR = 0x1108      # user ID error
ID_SEQUENCE_ERR = 0x1109     # segment number out of sequence
ID_BAD_RECORD_ERR = 0x110A   # illegal load record
ID_FOREIGN_SEG_ERR = 0x110B  # the segment belongs to another load file

APPLICATION_ID_TYPE = 0x1000  # GetNewID type of an application (InitialLoad with ID 0)
ATTR_LOCKED_FIXED = ATTR_LOCKED | ATTR_FIXED   # every segment's block
ID_MAIN_MASK = 0xF0FF         # type and main ID: the aux ID bits (8-11) are the caller's
LOAD_FILE_NUMBER = 1          # a user ID's first load file; more loaded into it follow
# UserShutDown's quitFlag: bit 14 keeps the program in memory, restartable.
QUIT_RESTARTABLE = 0x4000
# InitialLoad2 / LGetPathname2 string classes
INPUT_PASCAL, INPUT_GSOS = 0, 1
# Load files are OMF files of these ProDOS types (S16, EXE, the tool, driver and
# desk-accessory types $B3-$BE).
LOAD_FILE_TYPES = range(0xB3, 0xBF)

# GetLoadSegInfo's buffer: this machine's memory segment table entry, 16 bytes, with
# the fields the GS/OS Reference names for an entry (a link to the next entry, which
# is always 0 here since the table is not in memory, then the entry's own fields).
SEG_INFO_LINK = 0x00          # long: next entry (0)
SEG_INFO_USER_ID = 0x04       # word
SEG_INFO_HANDLE = 0x06        # long: the segment's memory handle (0: not in memory)
SEG_INFO_FILE_NUM = 0x0A      # word
SEG_INFO_SEG_NUM = 0x0C       # word
SEG_INFO_KIND = 0x0E          # word: the segment's KIND
SEG_INFO_SIZE = 0x10

# Memory the loader allocates for its own strings (LGetPathname's answers).
STRING_ATTRIBUTES = 0xC000    # locked, fixed


def _load_error(err: Exception, otherwise: int, message: str) -> ToolError:
    """The loader's error for an OMF failure: idForeignSegErr for a relocation into a
    segment that is not loaded, `otherwise` for the rest."""
    return ToolError(ID_FOREIGN_SEG_ERR if isinstance(err, omf.ForeignSegmentError)
                     else otherwise, message)


@dataclass
class Placed:
    """A segment in memory: its address and the handle that holds it."""
    address: int
    handle: int


@dataclass
class LoadFile:
    """The loader's record of one loaded file (one user ID)."""
    user_id: int
    pathname: str                       # full GS/OS pathname, ':VOL:DIR:NAME'
    segments: dict[int, Any]            # segment number -> omf.Segment (loadable ones)
    placed: dict[int, Placed] = field(default_factory=dict)
    entry: int = 0                      # the first static code segment's entry point
    dp_stack: tuple[int, int] = (0, 0)  # the KIND $12 segment's address and size
    dormant: bool = False
    strings: dict[int, int] = field(default_factory=dict)   # class -> string handle
    file_num: int = LOAD_FILE_NUMBER
    # Further files InitialLoad put under this (running) user ID: numbers 2, 3, ...
    more: list["LoadFile"] = field(default_factory=list)


@tool_state("loader")
class SystemLoader:
    """The System Loader's core: load files by user ID, independent of the stack."""

    def __init__(self, tb: Any) -> None:
        self.tb = tb
        self.started = False
        self.files: dict[int, LoadFile] = {}
        # Told of each segment placed, (file, segment number): the loader trace
        # (`system.trace`); None costs nothing.
        self.watch: Callable[[LoadFile, int], None] | None = None

    # -- finding files ----------------------------------------------------------------
    def _file(self, user_id: int, file_num: int = LOAD_FILE_NUMBER) -> LoadFile:
        found = self.files.get(user_id & ID_MAIN_MASK)
        if found is None:
            raise ToolError(ID_NOT_FOUND, f"no load file for user ID ${user_id:04X}")
        if file_num == LOAD_FILE_NUMBER:
            return found
        if not LOAD_FILE_NUMBER < file_num <= LOAD_FILE_NUMBER + len(found.more):
            raise ToolError(ID_NOT_FOUND, f"load file number {file_num}")
        return found.more[file_num - LOAD_FILE_NUMBER - 1]

    def all_files(self) -> list[LoadFile]:
        """Every loaded file, each user ID's first file before the others."""
        return [lf for first in self.files.values() for lf in (first, *first.more)]

    def _full_pathname(self, pathname: str) -> tuple[str, str]:
        """A GS/OS pathname -> (':VOL:DIR:NAME', its volume-relative path)."""
        from toolbox.gsos import GSOSError
        gs = self.tb.gsos
        try:
            components = gs.resolve(pathname)
            return ":" + ":".join(components), gs.on_volume(components)
        except GSOSError as err:
            raise ToolError(err.code, str(err)) from None

    def _read_load_file(self, relative: str) -> dict[int, Any]:
        """The loadable segments of the load file at `relative` on the volume."""
        from toolbox.gsos import FILE_NOT_FOUND, IO_ERROR
        volume = self.tb.gsos.volume
        try:
            info = volume.info(relative)
            data = volume.read_file(relative)
        except (FileNotFoundError, IsADirectoryError, KeyError):
            raise ToolError(FILE_NOT_FOUND, f"no file {relative!r}") from None
        except OSError as err:                      # its blocks lie off a damaged disk
            raise ToolError(IO_ERROR, f"{relative}: {err}") from None
        file_type = getattr(info, "file_type", None)
        if file_type is not None and file_type not in LOAD_FILE_TYPES:
            raise ToolError(ID_NOT_LOAD_FILE, f"{relative}: file type ${file_type:02X}")
        try:
            segments = omf.read_load_file(data)
        except omf.OMFError as err:
            raise ToolError(ID_NOT_LOAD_FILE, f"{relative}: {err}") from None
        loadable = {}
        for seg in segments:
            if not seg.is_loadable:
                continue
            if seg.segnum in loadable:
                raise ToolError(ID_SEQUENCE_ERR, f"segment {seg.segnum} twice")
            loadable[seg.segnum] = seg
        return loadable

    # -- placing segments -------------------------------------------------------------
    def _place(self, lf: LoadFile, segnum: int) -> Placed:
        """Put segment `segnum` of `lf` in memory (once) and relocate it against the
        segments already there; a reference to one that is not is a foreign one."""
        if segnum in lf.placed:
            return lf.placed[segnum]
        seg = lf.segments.get(segnum)
        if seg is None:
            raise ToolError(ID_NOT_FOUND, f"no segment {segnum} in {lf.pathname}")
        handles: list[int] = []
        try:
            address = omf.place_segment(seg, self.tb.mem,
                                        self.segment_allocator(lf.user_id, handles),
                                        {n: p.address for n, p in lf.placed.items()})
        except omf.OMFError as err:
            for handle in handles:
                self.tb.mm.dispose(handle)
            raise _load_error(err, ID_BAD_RECORD_ERR, str(err)) from None
        lf.placed[segnum] = Placed(address, handles[0])
        if self.watch is not None:
            self.watch(lf, segnum)
        return lf.placed[segnum]

    def _load_static(self, lf: LoadFile) -> None:
        """Place every static segment (all of them first, then relocate: they may
        refer to each other in any order); note the entry and the KIND $12 block."""
        handles: list[int] = []
        try:
            loaded = omf.load(list(lf.segments.values()), self.tb.mem,
                              self.segment_allocator(lf.user_id, handles),
                              dynamic=False)
        except omf.OMFError as err:
            raise _load_error(err, ID_NOT_LOAD_FILE, f"{lf.pathname}: {err}") from None
        self._note_placed(lf, loaded, handles)

    # -- the calls' cores ---------------------------------------------------------------
    def initial_load(self, user_id: int, pathname: str) -> LoadFile:
        """Load a file's static segments under `user_id` (0: a new application ID).
        Into a running program's own user ID (tool-loading code does this) the file
        is that ID's next load file number; a dormant one's ID is taken over."""
        full, relative = self._full_pathname(pathname)
        segments = self._read_load_file(relative)
        misc = self.tb.misc
        owner = self.files.get(user_id & ID_MAIN_MASK) if user_id else None
        if user_id == 0:
            user_id = misc.get_new_id(APPLICATION_ID_TYPE)
        elif owner is not None and owner.dormant:
            self._forget(owner)
            owner = None
        if owner is not None:
            lf = LoadFile(user_id, full, segments,
                          file_num=LOAD_FILE_NUMBER + len(owner.more) + 1)
            owner.more.append(lf)
            try:
                self._load_static(lf)
            except ToolError:
                owner.more.remove(lf)
                for placed in lf.placed.values():
                    if placed.handle:
                        self.tb.mm.dispose(placed.handle)
                raise
            return lf
        lf = LoadFile(user_id, full, segments)
        self.files[user_id & ID_MAIN_MASK] = lf
        try:
            self._load_static(lf)
        except ToolError:
            self._forget(lf)
            raise
        return lf

    def register(self, user_id: int, pathname: str, segments: list[Any],
                 loaded: Any, handles: list[int]) -> None:
        """Note a file the machine loaded itself (the launched application)."""
        lf = LoadFile(user_id, pathname, {s.segnum: s for s in segments if s.is_loadable})
        self._note_placed(lf, loaded, handles)
        self.files[user_id & ID_MAIN_MASK] = lf

    def load_segments(self, data: bytes, id_type: int,
                      pathname: str = "") -> tuple[int, Any, list[int]]:
        """Read a load file and place all its segments in Memory Manager blocks under
        a new user ID of `id_type` (relocated, KIND and ORG honoured); (user ID,
        omf.LoadedProgram, the blocks' handles), registered under `pathname` so the
        loader's calls know the file. The system launches its application with it,
        the Desk Manager loads desk accessories with it."""
        segments = omf.read_load_file(data)
        user_id = self.tb.misc.get_new_id(id_type)
        handles: list[int] = []
        loaded = omf.load(segments, self.tb.mem, self.segment_allocator(user_id, handles))
        self.register(user_id, pathname, segments, loaded, handles)
        return user_id, loaded, handles

    def segment_allocator(self, user_id: int, handles: list[int]) -> Callable[[Any], int]:
        """The allocator `omf.load` places segments with: a locked, fixed Memory
        Manager block under `user_id` honouring the segment's ORG, alignment, bank
        size and KIND $12; each block's handle is appended to `handles`."""
        mm = self.tb.mm

        def allocate(seg: Any) -> int:
            attr, location, align = ATTR_LOCKED_FIXED, 0, 1
            if seg.is_dp_stack:
                attr |= ATTR_BANK | ATTR_PAGE | ATTR_NO_CROSS
            elif seg.org:
                attr |= ATTR_BANK if seg.kind & omf.KIND_ABSOLUTE_BANK else ATTR_ADDR
                location = seg.org
            if seg.banksize and seg.banksize <= 0x10000:
                attr |= ATTR_NO_CROSS
            if seg.align >= 0x100:
                attr |= ATTR_PAGE
                align = seg.align
            handle = mm.new_handle(max(seg.length, 1), user_id, attr, location, align)
            handles.append(handle)
            return mm.deref(handle)

        return allocate

    def _note_placed(self, lf: LoadFile, loaded: Any, handles: list[int]) -> None:
        """Record where `omf.load` put the segments (and in which handles)."""
        by_address = {self.tb.mm.deref(h): h for h in handles}
        for segnum, seg in loaded.segments.items():
            lf.placed[segnum] = Placed(seg.address, by_address.get(seg.address, 0))
            if self.watch is not None:
                self.watch(lf, segnum)
        lf.entry = loaded.entry
        if loaded.dp_stack is not None:
            lf.dp_stack = (loaded.dp_stack.address, loaded.dp_stack.length)

    def restart(self, user_id: int) -> LoadFile:
        lf = self._file(user_id)
        if not lf.dormant:
            raise ToolError(ID_USER_ID_ERR, f"user ID ${user_id:04X} is not dormant")
        lf.dormant = False
        return lf

    def unload(self, lf: LoadFile, segnum: int) -> None:
        placed = lf.placed.pop(segnum, None)
        if placed is None:
            raise ToolError(ID_NOT_FOUND, f"segment {segnum} is not in memory")
        if placed.handle:
            self.tb.mm.dispose(placed.handle)

    def segment_at(self, address: int) -> tuple[LoadFile, int]:
        """The file and segment number of the loaded segment holding `address`."""
        for lf in self.all_files():
            for segnum, placed in lf.placed.items():
                if placed.address <= address < placed.address + max(
                        lf.segments[segnum].length, 1):
                    return lf, segnum
        raise ToolError(ID_NOT_FOUND, f"no segment at ${address:06X}")

    def by_pathname(self, pathname: str) -> LoadFile:
        full, _ = self._full_pathname(pathname)
        for lf in self.all_files():
            if lf.pathname.upper() == full.upper():
                return lf
        raise ToolError(ID_NOT_FOUND, f"{full} is not loaded")

    def pathname_string(self, lf: LoadFile, klass: int) -> int:
        """A string in memory holding the file's pathname (Pascal or GS/OS class 1),
        kept until the file is shut down: the address LGetPathname answers."""
        old = lf.strings.pop(klass, None)
        if old is not None:
            self.tb.mm.dispose(old)
        raw = lf.pathname.encode("ascii", "replace")
        data = (bytes([min(len(raw), 255)]) + raw[:255] if klass == INPUT_PASCAL
                else len(raw).to_bytes(2, "little") + raw)
        handle = self.tb.mm.new_handle(len(data), lf.user_id, STRING_ATTRIBUTES)
        lf.strings[klass] = handle
        address = self.tb.mm.deref(handle)
        write_bytes(self.tb.mem, address, data)
        return address

    def shut_down(self, user_id: int, quit_flag: int) -> int:
        lf = self._file(user_id)
        if quit_flag & QUIT_RESTARTABLE:
            lf.dormant = True
            return lf.user_id
        self._forget(lf)
        return lf.user_id

    def _forget(self, lf: LoadFile) -> None:
        """Free everything the user ID owns and its ID; the file leaves the books."""
        self.files.pop(lf.user_id & ID_MAIN_MASK, None)
        self.tb.mm.dispose_all(lf.user_id)
        self.tb.misc.delete_id(lf.user_id)


# -- the stack adapters (GS/OS Reference, System Loader calls) ---------------------------

def _ld(tb) -> SystemLoader:
    return tb.loader


def _pathname(tb, pointer: int, klass: int) -> str:
    raw = (read_pstring(tb.mem, pointer) if klass == INPUT_PASCAL
           else read_gsstring(tb.mem, pointer))
    return raw.decode("ascii", "replace")


def _load_output(lf: LoadFile) -> bytes:
    """InitialLoadOutputRec / RestartOutRec: userID:W startAddr:L dPageAddr:W
    buffSize:W, as the result space holds it (the first field deepest pushed)."""
    dp, size = lf.dp_stack
    return (lf.user_id.to_bytes(2, "little") + (lf.entry & 0xFFFFFF).to_bytes(4, "little")
            + (dp & 0xFFFF).to_bytes(2, "little") + (size & 0xFFFF).to_bytes(2, "little"))


@tool(0x11, 0x01, "")
def LoaderBootInit(tb) -> None:
    """LoaderBootInit() (LoaderInitialization in Apple's interfaces) -- the boot-time
    call: nothing to set up here."""


@tool(0x11, 0x02, "")
def LoaderStartUp(tb) -> None:
    """LoaderStartUp()"""
    _ld(tb).started = True


@tool(0x11, 0x03, "")
def LoaderShutDown(tb) -> None:
    """LoaderShutDown()"""
    _ld(tb).started = False


@tool(0x11, 0x04, "", 2)
def LoaderVersion(tb) -> int:
    """LoaderVersion(): versionInfo:W"""
    return LOADER_VERSION


@tool(0x11, 0x05, "")
def LoaderReset(tb) -> None:
    """LoaderReset()"""


@tool(0x11, 0x06, "", 2)
def LoaderStatus(tb) -> int:
    """LoaderStatus(): activeFlag:W -- the System Loader is always active."""
    return 0xFFFF


@tool(0x11, 0x09, "WLW", 10)
def InitialLoad(tb, user_id: int, pathname_ptr: int, sp_mem_flag: int) -> bytes:
    """InitialLoad(userID:W, loadFileNamePtr:L (Pascal string), spMemFlag:W):
    userID:W startAddr:L dPageAddr:W buffSize:W. spMemFlag (may the file go in
    banks $00/$01/$E0/$E1?) changes nothing: the Memory Manager never hands those out
    to a segment without an ORG."""
    return _load_output(_ld(tb).initial_load(user_id, _pathname(tb, pathname_ptr,
                                                                  INPUT_PASCAL)))


@tool(0x11, 0x20, "WLWW", 10)
def InitialLoad2(tb, user_id: int, buff_ptr: int, flag_word: int, input_type: int) -> bytes:
    """InitialLoad2(userID:W, buffPtr:L, flagWord:W, inputType:W): the same output;
    inputType 0 = a Pascal string, 1 = a GS/OS class 1 string."""
    if input_type not in (INPUT_PASCAL, INPUT_GSOS):
        raise ToolError(ID_NOT_LOAD_FILE, f"inputType {input_type}")
    return _load_output(_ld(tb).initial_load(user_id, _pathname(tb, buff_ptr, input_type)))


@tool(0x11, 0x0A, "W", 10)
def Restart(tb, user_id: int) -> bytes:
    """Restart(userID:W): userID:W startAddr:L dPageAddr:W buffSize:W -- a dormant
    program (UserShutDown with quitFlag $4000) starts again from memory."""
    return _load_output(_ld(tb).restart(user_id))


@tool(0x11, 0x0B, "WWW", 4)
def LoadSegNum(tb, user_id: int, file_num: int, seg_num: int) -> int:
    """LoadSegNum(userID:W, loadFileNum:W, loadSegNum:W): segAddr:L"""
    loader = _ld(tb)
    return loader._place(loader._file(user_id, file_num), seg_num).address


@tool(0x11, 0x0C, "WWW")
def UnloadSegNum(tb, user_id: int, file_num: int, seg_num: int) -> None:
    """UnloadSegNum(userID:W, loadFileNum:W, loadSegNum:W)"""
    loader = _ld(tb)
    loader.unload(loader._file(user_id, file_num), seg_num)


@tool(0x11, 0x0D, "WLL", 10)
def LoadSegName(tb, user_id: int, pathname_ptr: int, seg_name_ptr: int) -> bytes:
    """LoadSegName(userID:W, loadFileNamePtr:L, loadSegNamePtr:L):
    segAddr:L userID:W fileNum:W segNum:W (ORCA/C's LoadSegNameOut). The file must
    already be loaded (InitialLoad); the name is a Pascal string, or the 10-byte
    blank-padded LOADNAME-style field."""
    loader = _ld(tb)
    lf = loader.by_pathname(_pathname(tb, pathname_ptr, INPUT_PASCAL))
    if user_id and (user_id & ID_MAIN_MASK) != (lf.user_id & ID_MAIN_MASK):
        raise ToolError(ID_USER_ID_ERR, f"{lf.pathname} is not user ID ${user_id:04X}")
    wanted = {read_pstring(tb.mem, seg_name_ptr).decode("ascii", "replace").strip(),
              read_bytes(tb.mem, seg_name_ptr, 10).decode("ascii", "replace").strip()}
    for segnum, seg in sorted(lf.segments.items()):
        if seg.name.strip() in wanted:
            address = loader._place(lf, segnum).address
            return (address.to_bytes(4, "little") + lf.user_id.to_bytes(2, "little")
                    + lf.file_num.to_bytes(2, "little") + segnum.to_bytes(2, "little"))
    raise ToolError(ID_NOT_FOUND, f"no segment named {sorted(wanted)} in {lf.pathname}")


@tool(0x11, 0x0E, "L", 6)
def UnloadSeg(tb, segment_ptr: int) -> bytes:
    """UnloadSeg(segmentPtr:L): userID:W fileNum:W segNum:W (the segment holding
    the address is unloaded)."""
    loader = _ld(tb)
    lf, segnum = loader.segment_at(segment_ptr & 0xFFFFFF)
    loader.unload(lf, segnum)
    return (lf.user_id.to_bytes(2, "little") + lf.file_num.to_bytes(2, "little")
            + segnum.to_bytes(2, "little"))


@tool(0x11, 0x0F, "WWWL")
def GetLoadSegInfo(tb, user_id: int, file_num: int, seg_num: int, buffer_ptr: int) -> None:
    """GetLoadSegInfo(userID:W, loadFileNum:W, loadSegNum:W, bufferPtr:L): the
    segment's memory segment table entry (SEG_INFO_* above) into the buffer."""
    lf = _ld(tb)._file(user_id, file_num)
    seg = lf.segments.get(seg_num)
    if seg is None:
        raise ToolError(ID_NOT_FOUND, f"no segment {seg_num} in {lf.pathname}")
    placed = lf.placed.get(seg_num)
    entry = bytearray(SEG_INFO_SIZE)
    entry[SEG_INFO_USER_ID:SEG_INFO_USER_ID + 2] = lf.user_id.to_bytes(2, "little")
    entry[SEG_INFO_HANDLE:SEG_INFO_HANDLE + 4] = (placed.handle if placed else 0).to_bytes(4, "little")
    entry[SEG_INFO_FILE_NUM:SEG_INFO_FILE_NUM + 2] = lf.file_num.to_bytes(2, "little")
    entry[SEG_INFO_SEG_NUM:SEG_INFO_SEG_NUM + 2] = seg_num.to_bytes(2, "little")
    entry[SEG_INFO_KIND:SEG_INFO_KIND + 2] = seg.kind.to_bytes(2, "little")
    write_bytes(tb.mem, buffer_ptr, bytes(entry))


@tool(0x11, 0x10, "L", 2)
def GetUserID(tb, pathname_ptr: int) -> int:
    """GetUserID(pathnamePtr:L (Pascal string)): userID:W of the loaded file."""
    return _ld(tb).by_pathname(_pathname(tb, pathname_ptr, INPUT_PASCAL)).user_id


@tool(0x11, 0x21, "L", 2)
def GetUserID2(tb, pathname_ptr: int) -> int:
    """GetUserID2(pathnamePtr:L (GS/OS string)): userID:W"""
    return _ld(tb).by_pathname(_pathname(tb, pathname_ptr, INPUT_GSOS)).user_id


@tool(0x11, 0x11, "WW", 4)
def LGetPathname(tb, user_id: int, file_num: int) -> int:
    """LGetPathname(userID:W, fileNumber:W): pathnamePtr:L (a Pascal string)"""
    loader = _ld(tb)
    return loader.pathname_string(loader._file(user_id, file_num), INPUT_PASCAL)


@tool(0x11, 0x22, "WW", 4)
def LGetPathname2(tb, user_id: int, file_num: int) -> int:
    """LGetPathname2(userID:W, fileNumber:W): pathnamePtr:L (a GS/OS string)"""
    loader = _ld(tb)
    return loader.pathname_string(loader._file(user_id, file_num), INPUT_GSOS)


@tool(0x11, 0x12, "WW", 2)
def UserShutDown(tb, user_id: int, quit_flag: int) -> int:
    """UserShutDown(userID:W, quitFlag:W): userID:W -- frees the user ID's memory
    and the ID, or with bit 14 of quitFlag keeps it dormant for Restart."""
    return _ld(tb).shut_down(user_id, quit_flag)


@tool(0x11, 0x13, "LL")
def RenamePathname(tb, old_ptr: int, new_ptr: int) -> None:
    """RenamePathname(oldPathname:L, newPathname:L) (Pascal strings): the loaded
    file is known by its new name from now on (after a rename on the disk)."""
    loader = _ld(tb)
    lf = loader.by_pathname(_pathname(tb, old_ptr, INPUT_PASCAL))
    lf.pathname, _ = loader._full_pathname(_pathname(tb, new_ptr, INPUT_PASCAL))

