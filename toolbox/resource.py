"""Resource Manager (tool set $1E): resource forks read and written on the ProDOS disk.

Follows the Apple IIGS Toolbox Reference vol. 3, chapter 45 "Resource Manager": the
resource fork's layout (resource file header, map, index), the search path, the calls'
parameters and errors.

Resource fork (all values little-endian):

    header  +$00 rFileVersion:L (0)  +$04 rFileToMap:L  +$08 rFileMapSize:L
            +$0C rFileMemo: 128 bytes                                      (140 bytes)
    map     +$00 mapNext:L  +$04 mapFlag:W  +$06 mapOffset:L  +$0A mapSize:L
            +$0E mapToIndex:W  +$10 mapFileNum:W  +$12 mapID:W
            +$14 mapIndexSize:L  +$18 mapIndexUsed:L
            +$1C mapFreeListSize:W  +$1E mapFreeListUsed:W
            +$20 mapFreeList: mapFreeListSize x (blkOffset:L, blkSize:L)
    index   at map + mapToIndex, mapIndexSize records of 20 bytes (resType 0 = unused):
            +$00 resType:W  +$02 resID:L  +$06 resOffset:L  +$0A resAttr:W
            +$0C resSize:L  +$10 resHandle:L

OpenResourceFile reads the fork through GS/OS (a refNum GetOpenFileRefNum reports),
checks the header, map and index, and keeps the map in a handle (GetMapHandle) as the
ROM does: mapNext, mapFileNum and mapID filled in, and each index record's resHandle
set when the resource is loaded. The new file heads its application's search path and
becomes the current resource file. LoadResource looks from the current file back
through the files opened before it (SetResourceFileDepth limits how many); there is
no system resource file on this disk. Resources load into handles owned by the
application (its user ID) with the memory attributes of resAttr (resMemAttr bits).

Writing: a file opened with writeEnable takes AddResource, RemoveResource,
MarkResourceChange, SetResourceAttr, SetResourceID and RMSetResourceName in its map
in memory; WriteResource writes one changed resource, UpdateResourceFile (and
CloseResourceFile, CompactResourceFile) every changed one with the map. Each write
puts the whole fork back through its GS/OS refNum laid out afresh (header, the
resources' data in index order, the map last, its free list naming the space past
the end), so the disk always holds a fork the reader above (and a IIGS) parses; the
data fork is rewritten as it was. A file opened for reading only answers
invalidAccess ($004E) to those calls, a write-protected disk drvrWrtProt ($002B).

Each application that calls ResourceStartUp has its own files and search path;
SetCurResourceApp switches between them. StartUpTools (toolbox/locator.py) starts the
Resource Manager and opens the application's own resource fork, the launched file's
(GS/OS prefix 9 and the program's name).
"""
from __future__ import annotations

import struct
from dataclasses import dataclass, field

from iigs.memory import read_gsstring, read_long, read_pstring, write_long, write_word
from toolbox.calls import ToolError, tool
from toolbox.gsos import GSOSError
from toolbox.memorymgr import ATTR_LOCKED, ATTR_PURGE
from toolbox.toolbox import tool_state

TOOLSET = 0x1E
RM_VERSION = 0x0300              # System 6.0.1's Resource Manager

# -- errors (Toolbox Reference vol. 3, ch. 45, and the System 6 additions) -------------
RES_FORK_USED = 0x1E01           # resForkUsed: the resource fork is not empty
RES_BAD_FORMAT = 0x1E02          # resBadFormat: the fork's format is not known
RES_NO_CONVERTER = 0x1E03        # resNoConverter
RES_NO_CUR_FILE = 0x1E04         # resNoCurFile: no current resource file
RES_DUP_ID = 0x1E05              # resDupID
RES_NOT_FOUND = 0x1E06           # resNotFound: no such resource
RES_FILE_NOT_FOUND = 0x1E07      # resFileNotFound: no open file has that ID
RES_BAD_APP_ID = 0x1E08          # resBadAppID: the user ID has not called ResourceStartUp
RES_NO_UNIQUE_ID = 0x1E09        # resNoUniqueID
RES_INDEX_RANGE = 0x1E0A         # resIndexRange: index out of range
RES_SYS_IS_OPEN = 0x1E0B         # resSysIsOpen
RES_HAS_CHANGED = 0x1E0C         # resHasChanged
RES_DIFF_CONVERTER = 0x1E0D      # resDiffConverter
RES_DISK_FULL = 0x1E0E           # resDiskFull
RES_INVALID_SHUTDOWN = 0x1E0F    # resInvalidShutDown
RES_NAME_NOT_FOUND = 0x1E10      # resNameNotFound: no resource has that name
RES_BAD_NAME_VERS = 0x1E11       # resBadNameVers: an rResName of another version
RES_DUP_STARTUP = 0x1E12         # resDupStartUp: ResourceStartUp twice with one ID
RES_INVALID_TYPE_OR_ID = 0x1E13  # resInvalidTypeOrID: type or ID 0
INVALID_ACCESS = 0x004E          # GS/OS invalidAccess: the file is open read only
INVALID_REF_NUM = 0x0043         # GS/OS invalidRefNum: the fork's refNum was closed
FREE_TO_END = 0xFFFFFFFF         # the last free block runs from the fork's end to here

# -- resource attributes (resAttr) -----------------------------------------------------
RES_CHANGED = 0x0020
RES_PRELOAD = 0x0040
RES_PROTECTED = 0x0080
RES_ABS_LOAD = 0x0400
RES_CONVERTER = 0x0800
RES_MEM_ATTR = 0xC31C            # the Memory Manager attributes the handle gets

# -- resource types (vol. 3, ch. 45 and Apple's type list) ------------------------------
R_PSTRING = 0x8006
R_MENU_BAR = 0x8008
R_MENU = 0x8009
R_MENU_ITEM = 0x800A
R_WIND_PARAM1 = 0x800E
R_TOOL_STARTUP = 0x8013
R_ALERT_STRING = 0x8015
R_CSTRING = 0x801D
R_RES_NAME = 0x8014
RES_NAME_BASE = 0x00010000        # rResName's ID: $0001 in the high word, the type low
RES_NAME_VERSION = 1

READ_ENABLE = 0x0001             # openAccess: GS/OS requestAccess bits
WRITE_ENABLE = 0x0002
ALL_FILES = 0xFFFF               # SetResourceFileDepth: search every file
PURGE_DISPOSE = 0xFFFF           # ReleaseResource's purgeLevel -1: dispose the handle
ANY_RANGE = 0xFFFF               # UniqueResourceID: any ID
MAX_ID = 0x07FEFFFF              # IDs above this are reserved to the system
FIRST_FILE_ID = 1

HEADER_SIZE = 0x8C               # rFileVersion, rFileToMap, rFileMapSize, rFileMemo
MEMO_SIZE = 128
MAP_HEADER_SIZE = 0x20           # mapNext .. mapFreeListUsed
FREE_BLOCK_SIZE = 8
INDEX_RECORD_SIZE = 20
MAP_NEXT, MAP_FLAG, MAP_OFFSET, MAP_FILE_NUM, MAP_ID = 0x00, 0x04, 0x06, 0x10, 0x12
RES_HANDLE = 0x10                # index record: resHandle

# The map keeps this many free index records and free-list entries for additions
# (what a fork the Resource Manager writes holds; a reader needs none).
SPARE_INDEX, SPARE_FREE = 10, 10


@dataclass
class ResRef:
    """One index record, and where it sits in the map handle."""
    res_type: int
    res_id: int
    offset: int
    attr: int
    size: int
    slot: int                    # byte offset of the record in the map
    handle: int = 0
    body: bytes | None = None    # the bytes the disk holds (None: added, not written)


@dataclass
class ResourceFork:
    """A parsed resource fork: the memo, the map's bytes and its index."""
    memo: bytes
    map_offset: int
    map_bytes: bytes
    to_index: int
    refs: list[ResRef]


def parse_fork(data: bytes) -> ResourceFork:
    """Read a resource fork's header, map and index, checking each lies inside the
    fork; resBadFormat when one does not (or the version is not 0)."""
    def bad(why: str) -> ToolError:
        return ToolError(RES_BAD_FORMAT, f"resource fork: {why}")

    if len(data) < HEADER_SIZE:
        raise bad(f"{len(data)} bytes, shorter than the header")
    version, to_map, map_size = struct.unpack_from("<III", data, 0)
    if version != 0:
        raise bad(f"rFileVersion {version}")
    if to_map < HEADER_SIZE or to_map + map_size > len(data) or map_size < MAP_HEADER_SIZE:
        raise bad(f"map at ${to_map:X} (${map_size:X} bytes) outside the fork")
    map_bytes = data[to_map:to_map + map_size]
    to_index = struct.unpack_from("<H", map_bytes, 0x0E)[0]
    index_size = struct.unpack_from("<I", map_bytes, 0x14)[0]
    free_size = struct.unpack_from("<H", map_bytes, 0x1C)[0]
    if to_index < MAP_HEADER_SIZE + FREE_BLOCK_SIZE * free_size or \
            to_index + INDEX_RECORD_SIZE * index_size > map_size:
        raise bad(f"index at map+${to_index:X} ({index_size} records) outside the map")
    refs = []
    for i in range(index_size):
        slot = to_index + INDEX_RECORD_SIZE * i
        res_type, res_id, offset, attr, size = struct.unpack_from("<HIIHI", map_bytes, slot)
        if res_type == 0:
            continue                                       # an unused record
        if offset + size > len(data):
            raise bad(f"resource ${res_type:04X}/${res_id:08X} past the fork's end")
        refs.append(ResRef(res_type, res_id, offset, attr, size, slot))
    return ResourceFork(data[0x0C:HEADER_SIZE], to_map, map_bytes, to_index, refs)


def build_fork(resources: list[tuple[int, int, bytes] | tuple[int, int, bytes, int]],
               memo: bytes = b"") -> bytes:
    """A resource fork holding `resources` ((type, ID, data[, attr]) in order) laid out
    as the Resource Manager writes one: header, the resources' data, then the map with
    a few spare index records and free-list entries."""
    refs = [ResRef(r[0], r[1], 0, r[3] if len(r) > 3 else 0, len(r[2]), 0, body=bytes(r[2]))
            for r in resources]
    return lay_out_fork(refs, memo)


def lay_out_fork(refs: list[ResRef], memo: bytes) -> bytes:
    """The fork holding `refs` (their `body` bytes, in order): each ref's offset, size
    and slot are set to where it now lies. The map ends the fork; its free list has
    one block, from the fork's end on, as a fork the Resource Manager writes does."""
    data = bytearray(HEADER_SIZE)
    for ref in refs:
        ref.offset, ref.size = len(data), len(ref.body or b"")
        data += ref.body or b""
    to_map = len(data)
    mp = encode_map(refs, to_map)
    end = to_map + len(mp)
    struct.pack_into("<II", mp, MAP_HEADER_SIZE, end, FREE_TO_END - end)
    data += mp
    struct.pack_into("<III", data, 0, 0, to_map, len(mp))
    data[0x0C:0x0C + min(len(memo), MEMO_SIZE)] = memo[:MEMO_SIZE]
    return bytes(data)


def encode_map(refs: list[ResRef], map_offset: int) -> bytearray:
    """A map holding `refs` in its first index records (a reader stops at the first
    unused one), SPARE_INDEX more free, and SPARE_FREE free-list entries (one used,
    filled in by the caller). Each ref's slot is set; resHandle is left 0."""
    index_size = len(refs) + SPARE_INDEX
    to_index = MAP_HEADER_SIZE + FREE_BLOCK_SIZE * SPARE_FREE
    map_size = to_index + INDEX_RECORD_SIZE * index_size
    mp = bytearray(map_size)
    struct.pack_into("<IHIIHHHIIHH", mp, 0, 0, 0, map_offset, map_size, to_index, 0, 0,
                     index_size, len(refs), SPARE_FREE, 1)
    for i, ref in enumerate(refs):
        ref.slot = to_index + INDEX_RECORD_SIZE * i
        struct.pack_into("<HIIHII", mp, ref.slot, ref.res_type, ref.res_id, ref.offset,
                         ref.attr, ref.size, 0)
    return mp


def parse_names(body: bytes) -> list[tuple[int, bytes]]:
    """(resID, name) of each entry of an rResName resource: version:W, nameCount:L,
    then nameCount x (resID:L, name: a Pascal string). Empty when too short."""
    if len(body) < 6:
        return []
    if struct.unpack_from("<H", body, 0)[0] != RES_NAME_VERSION:
        raise ToolError(RES_BAD_NAME_VERS, "rResName of another version")
    out, p = [], 6
    for _ in range(struct.unpack_from("<I", body, 2)[0]):
        if p + 5 > len(body):
            raise ToolError(RES_BAD_FORMAT, "rResName past its end")
        out.append((struct.unpack_from("<I", body, p)[0], body[p + 5:p + 5 + body[p + 4]]))
        p += 5 + body[p + 4]
    return out


@dataclass
class ResFile:
    """An open resource file."""
    file_id: int
    refnum: int                  # the GS/OS refNum of its resource fork
    path: str
    access: int                  # as GS/OS granted it: READ_ENABLE, WRITE_ENABLE
    memo: bytes                  # rFileMemo, kept when the fork is written
    refs: list[ResRef]
    map_handle: int
    owner: int                   # the application's user ID
    changed: bool = False        # the map differs from the disk's


@dataclass
class ResApp:
    """An application started up with the Resource Manager: its files (search order
    is newest first), current file and search depth."""
    user_id: int
    files: list[int] = field(default_factory=list)     # file IDs, in opening order
    current: int = 0
    depth: int = ALL_FILES
    load: bool = True                                  # SetResourceLoad


@tool_state("rm")
class ResourceManager:
    """Resource Manager state: the applications, the open files and their maps."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.apps: dict[int, ResApp] = {}
        self.cur_app = 0
        self.files: dict[int, ResFile] = {}

    # -- applications ------------------------------------------------------------------
    def start_up(self, user_id: int) -> None:
        """ResourceStartUp's core (resDupStartUp for an ID already started)."""
        if user_id in self.apps:
            raise ToolError(RES_DUP_STARTUP, f"user ID ${user_id:04X}")
        self.apps[user_id] = ResApp(user_id)
        self.cur_app = user_id

    def shut_down(self) -> None:
        """The current application's files close; it is forgotten. A file whose
        changes cannot be written (a full disk) stays open, the application with it,
        and the first such error is answered once every file has been tried."""
        app = self.app()
        first = None
        for file_id in list(reversed(app.files)):
            try:
                self.close(file_id)
            except ToolError as err:
                first = first or err
        if app.files:
            raise first
        del self.apps[app.user_id]
        self.cur_app = next(iter(self.apps), 0)
        if first:
            raise first

    def app(self) -> ResApp:
        app = self.apps.get(self.cur_app)
        if app is None:
            raise ToolError(RES_BAD_APP_ID, "no application has called ResourceStartUp")
        return app

    # -- files -------------------------------------------------------------------------
    def open(self, pathname: str, access: int) -> int:
        """OpenResourceFile's core: read and check the fork, load its map; the file
        heads the search path and becomes current. GS/OS errors pass through."""
        app = self.app()
        gs = self.tb.gsos
        try:
            path = gs.on_volume(gs.resolve(pathname))
            gs._check_parent(path)
            f = gs.open_fork(path, "rsrc", access & (READ_ENABLE | WRITE_ENABLE))
        except GSOSError as err:
            raise ToolError(err.code, str(err)) from None
        try:
            fork = parse_fork(bytes(f.data))
        except ToolError:
            gs.close_file(f.refnum)
            raise
        file_id = next(n for n in range(FIRST_FILE_ID, 0x10000) if n not in self.files)
        mm = self.tb.mm
        handle = mm.new_handle(len(fork.map_bytes), app.user_id, 0)
        base = mm.deref(handle)
        self.tb.mem[base:base + len(fork.map_bytes)] = fork.map_bytes
        for ref in fork.refs:
            write_long(self.tb.mem, base + ref.slot + RES_HANDLE, 0)
            ref.body = bytes(f.data[ref.offset:ref.offset + ref.size])
        write_word(self.tb.mem, base + MAP_FLAG, 0)
        write_word(self.tb.mem, base + MAP_FILE_NUM, f.refnum)
        write_word(self.tb.mem, base + MAP_ID, file_id)
        self.files[file_id] = ResFile(file_id, f.refnum, path, f.access, fork.memo,
                                      fork.refs, handle, app.user_id)
        app.files.append(file_id)
        app.current = file_id
        self._link_maps(app)
        return file_id

    def _link_maps(self, app: ResApp) -> None:
        """mapNext: each map names the next file searched (0 after the last)."""
        order = [self.files[i] for i in reversed(app.files)]
        for rf, nxt in zip(order, order[1:] + [None]):
            write_long(self.tb.mem, self.tb.mm.deref(rf.map_handle) + MAP_NEXT,
                       nxt.map_handle if nxt else 0)

    def file(self, file_id: int) -> ResFile:
        rf = self.files.get(file_id)
        if rf is None or rf.owner != self.app().user_id:
            raise ToolError(RES_FILE_NOT_FOUND, f"resource file {file_id}")
        return rf

    def close(self, file_id: int) -> None:
        """CloseResourceFile's core: its changes are written (UpdateResourceFile), the
        resources loaded from it and its map are disposed, its fork closed; the file
        opened before it becomes current. When GS/OS has closed the fork under it,
        nothing can be written: the file closes all the same, answering
        invalidRefNum."""
        rf = self.file(file_id)
        lost = None
        if rf.access & WRITE_ENABLE:
            try:
                self.update(rf)
            except ToolError as err:
                if err.code != INVALID_REF_NUM:
                    raise
                lost = err
        app = self.apps[rf.owner]
        mm = self.tb.mm
        for ref in rf.refs:
            if ref.handle and ref.handle in mm.blocks:
                mm.dispose(ref.handle)
            ref.handle = 0
        if rf.map_handle in mm.blocks:
            mm.dispose(rf.map_handle)
        if self._fork(rf):
            self.tb.gsos.close_file(rf.refnum)
        del self.files[file_id]
        app.files.remove(file_id)
        if app.current == file_id:
            app.current = app.files[-1] if app.files else 0
        self._link_maps(app)
        if lost:
            raise lost

    def _fork(self, rf: ResFile):
        """The GS/OS open file of `rf`'s fork, or None when GS/OS has closed it (a
        program's Close of every refNum)."""
        f = self.tb.gsos.files.get(rf.refnum)
        return f if f is not None and f.path == rf.path and f.fork == "rsrc" else None

    def search_path(self) -> list[ResFile]:
        """The files searched, in order: the current one, then those opened before it,
        as deep as SetResourceFileDepth allows."""
        app = self.app()
        if not app.current:
            raise ToolError(RES_NO_CUR_FILE, "no current resource file")
        older = [self.files[i] for i in reversed(app.files[:app.files.index(app.current) + 1])]
        return older if app.depth == ALL_FILES else older[:max(app.depth, 1)]

    def find(self, res_type: int, res_id: int) -> tuple[ResFile, ResRef]:
        if not res_type or not res_id:
            raise ToolError(RES_INVALID_TYPE_OR_ID, f"${res_type:04X}/${res_id:08X}")
        for rf in self.search_path():
            for ref in rf.refs:
                if ref.res_type == res_type and ref.res_id == res_id:
                    return rf, ref
        raise ToolError(RES_NOT_FOUND, f"resource ${res_type:04X}/${res_id:08X}")

    def types(self) -> list[int]:
        """Every type in the search path, in the order first met."""
        seen: list[int] = []
        for rf in self.search_path():
            for ref in rf.refs:
                if ref.res_type not in seen:
                    seen.append(ref.res_type)
        return seen

    def of_type(self, res_type: int) -> list[ResRef]:
        return [ref for rf in self.search_path() for ref in rf.refs
                if ref.res_type == res_type]

    # -- resources ---------------------------------------------------------------------
    def load(self, res_type: int, res_id: int) -> int:
        """LoadResource's core: the resource's handle, read in if it is not in memory
        (or was purged)."""
        rf, ref = self.find(res_type, res_id)
        mm = self.tb.mm
        if ref.handle in mm.blocks and (mm.block(ref.handle).address or ref.size == 0
                                        or not self.app().load):
            return ref.handle
        if ref.handle in mm.blocks:                       # purged: read it in again
            mm.dispose(ref.handle)
        if not self.app().load:                           # SetResourceLoad(FALSE): an
            handle = mm.new_handle(0, rf.owner, ref.attr & RES_MEM_ATTR)   # empty handle
            self._set_handle(rf, ref, handle)
            return handle
        body = ref.body or b""
        handle = mm.new_handle(len(body), rf.owner, ref.attr & RES_MEM_ATTR)
        base = mm.deref(handle)
        self.tb.mem[base:base + len(body)] = body
        self._set_handle(rf, ref, handle)
        return handle

    def load_data(self, res_type: int, res_id: int) -> bytes:
        """A resource's bytes (for the tools that take a resource, e.g. NewWindow2)."""
        handle = self.load(res_type, res_id)
        mm = self.tb.mm
        base, size = mm.deref(handle), mm.size_of(handle)
        return bytes(self.tb.mem[base:base + size])

    def _set_handle(self, rf: ResFile, ref: ResRef, handle: int) -> None:
        ref.handle = handle
        if rf.map_handle in self.tb.mm.blocks:
            write_long(self.tb.mem, self.tb.mm.deref(rf.map_handle) + ref.slot + RES_HANDLE,
                       handle)

    def release(self, purge_level: int, res_type: int, res_id: int) -> None:
        """ReleaseResource's core: -1 disposes the handle; 0-3 unlock it and set that
        purge level. A resource not in memory is left alone."""
        rf, ref = self.find(res_type, res_id)
        mm = self.tb.mm
        if ref.handle not in mm.blocks:
            return
        if purge_level == PURGE_DISPOSE:
            mm.dispose(ref.handle)
            self._set_handle(rf, ref, 0)
            return
        mm.set_attr(ref.handle, 0, ATTR_LOCKED | ATTR_PURGE)
        mm.set_attr(ref.handle, (purge_level & 3) << 8)

    def detach(self, res_type: int, res_id: int) -> None:
        """DetachResource's core: the handle becomes the program's own."""
        rf, ref = self.find(res_type, res_id)
        self._set_handle(rf, ref, 0)

    def match_handle(self, handle: int) -> ResRef:
        for rf in self.search_path():
            for ref in rf.refs:
                if ref.handle and ref.handle == handle & 0xFFFFFF:
                    return ref
        raise ToolError(RES_NOT_FOUND, f"no resource has handle ${handle:06X}")

    def names(self, res_type: int) -> list[tuple[int, int, bytes]]:
        """(fileID, resID, name) of every named resource of `res_type` in the search
        path: each file's rResName resource $0001tttt (tttt = the type) holds
        version:W, nameCount:L, then nameCount x (resID:L, name: a Pascal string)."""
        out = []
        for rf in self.search_path():
            for ref in rf.refs:
                if ref.res_type != R_RES_NAME or ref.res_id != RES_NAME_BASE | res_type:
                    continue
                out += [(rf.file_id, res_id, name)
                        for res_id, name in parse_names(self.current_bytes(ref))]
        return out

    def find_named(self, res_type: int, name: bytes) -> tuple[int, int]:
        """(fileID, resID) of the resource of `res_type` named `name` (case-blind,
        as the Resource Manager compares names)."""
        for file_id, res_id, known in self.names(res_type):
            if known.upper() == name.upper():
                return file_id, res_id
        raise ToolError(RES_NAME_NOT_FOUND, f"no ${res_type:04X} named {name!r}")

    def create(self, pathname: str, file_type: int, aux_type: int, access: int) -> None:
        """CreateResourceFile's core: a new extended file with an empty map, or an
        empty map given to an existing file's empty resource fork (resForkUsed when
        the fork holds anything)."""
        gs = self.tb.gsos
        try:
            path = gs.on_volume(gs.resolve(pathname))
            gs._check_parent(path)
        except GSOSError as err:
            raise ToolError(err.code, str(err)) from None
        volume = gs.volume
        empty = build_fork([])
        if volume.exists(path):
            info = volume.info(path)
            if info.resource_eof:
                raise ToolError(RES_FORK_USED, repr(path))
            data = volume.read_file(path)
            action = lambda: volume.write_file(  # noqa: E731
                path, data, info.file_type, info.aux_type, access=info.access,
                created=info.created, resource=empty, replace=True)
        else:
            action = lambda: volume.write_file(  # noqa: E731
                path, b"", file_type, aux_type, access=access or 0xE3, resource=empty)
        try:
            gs._mutation(action)
        except GSOSError as err:
            raise ToolError(err.code, str(err)) from None

    # -- writing -----------------------------------------------------------------------
    def current_bytes(self, ref: ResRef) -> bytes:
        """A resource's bytes as the program sees them: its handle's when in memory
        (perhaps changed), else the disk's."""
        mm = self.tb.mm
        if ref.handle in mm.blocks and mm.block(ref.handle).address:
            base = mm.deref(ref.handle)
            return bytes(self.tb.mem[base:base + mm.size_of(ref.handle)])
        return ref.body or b""

    def writable(self, rf: ResFile) -> ResFile:
        """`rf`, when it may change: invalidAccess when opened for reading only,
        drvrWrtProt on a write-protected disk."""
        if not rf.access & WRITE_ENABLE:
            raise ToolError(INVALID_ACCESS, f"{rf.path!r} is open for reading only")
        try:
            self.tb.gsos.refuse_if_write_protected()
        except GSOSError as err:
            raise ToolError(err.code, str(err)) from None
        return rf

    def current_file(self) -> ResFile:
        app = self.app()
        if not app.current:
            raise ToolError(RES_NO_CUR_FILE, "no current resource file")
        return self.files[app.current]

    @staticmethod
    def _check_new_id(rf: ResFile, res_type: int, res_id: int) -> None:
        if not res_type or not res_id:
            raise ToolError(RES_INVALID_TYPE_OR_ID, f"${res_type:04X}/${res_id:08X}")
        if any(r.res_type == res_type and r.res_id == res_id for r in rf.refs):
            raise ToolError(RES_DUP_ID, f"${res_type:04X}/${res_id:08X} in {rf.path!r}")

    def changing(self, res_type: int, res_id: int) -> tuple[ResFile, ResRef]:
        """The resource a changing call names, in a file that may change."""
        rf, ref = self.find(res_type, res_id)
        return self.writable(rf), ref

    def add(self, handle: int, attr: int, res_type: int, res_id: int) -> None:
        """AddResource's core: the handle becomes resource type/ID of the current
        file, marked changed (written by UpdateResourceFile or WriteResource)."""
        rf = self.writable(self.current_file())
        self._check_new_id(rf, res_type, res_id)
        handle &= 0xFFFFFF
        mm = self.tb.mm
        mm.block(handle)                                   # a handle, or its error
        if any(r.handle == handle for f in self.files.values() for r in f.refs):
            raise ToolError(RES_DUP_ID, f"handle ${handle:06X} is a resource already")
        rf.refs.append(ResRef(res_type, res_id, 0, (attr | RES_CHANGED) & 0xFFFF,
                              mm.size_of(handle), 0, handle))
        self.map_changed(rf)

    def remove(self, res_type: int, res_id: int) -> None:
        """RemoveResource's core: out of its file's map; its handle, if in memory,
        is disposed."""
        rf, ref = self.changing(res_type, res_id)
        if ref.handle in self.tb.mm.blocks:
            self.tb.mm.dispose(ref.handle)
        rf.refs.remove(ref)
        self.map_changed(rf)

    def mark_change(self, changed: bool, res_type: int, res_id: int) -> None:
        """MarkResourceChange's core: resChanged set (to be written) or cleared."""
        rf, ref = self.changing(res_type, res_id)
        self._set_changed(rf, ref, changed)

    def _set_changed(self, rf: ResFile, ref: ResRef, changed: bool) -> None:
        ref.attr = ref.attr | RES_CHANGED if changed else ref.attr & ~RES_CHANGED
        self.map_changed(rf)

    def set_id(self, new_id: int, res_type: int, res_id: int) -> None:
        """SetResourceID's core (resDupID when the file has newID already)."""
        rf, ref = self.changing(res_type, res_id)
        if new_id != res_id:
            self._check_new_id(rf, res_type, new_id)
        ref.res_id = new_id
        self.map_changed(rf)

    def set_attr(self, attr: int, res_type: int, res_id: int) -> None:
        """SetResourceAttr's core: the attributes, the resChanged bit kept as it is
        (MarkResourceChange sets that)."""
        rf, ref = self.changing(res_type, res_id)
        ref.attr = attr & ~RES_CHANGED | ref.attr & RES_CHANGED
        self.map_changed(rf)

    def map_changed(self, rf: ResFile) -> None:
        """The map in memory (GetMapHandle's) made over from the index, records
        packed, each resHandle kept; the file's map is now to be written."""
        rf.changed = True
        mm = self.tb.mm
        base = mm.deref(rf.map_handle)
        offset = read_long(self.tb.mem, base + MAP_OFFSET)
        head = bytes(self.tb.mem[base:base + MAP_OFFSET])          # mapNext, mapFlag
        numbers = bytes(self.tb.mem[base + MAP_FILE_NUM:base + MAP_ID + 2])
        mp = encode_map(rf.refs, offset)
        for ref in rf.refs:
            struct.pack_into("<I", mp, ref.slot + RES_HANDLE, ref.handle)
        mp[0:MAP_OFFSET] = head
        mp[MAP_FILE_NUM:MAP_ID + 2] = numbers
        if mm.size_of(rf.map_handle) != len(mp):
            mm.set_size(rf.map_handle, len(mp))
        base = mm.deref(rf.map_handle)
        self.tb.mem[base:base + len(mp)] = mp

    def write_resource(self, res_type: int, res_id: int) -> None:
        """WriteResource's core: a changed resource's handle goes to the disk (one no
        longer in memory, purged, is left as the disk has it)."""
        rf, ref = self.changing(res_type, res_id)
        if ref.attr & RES_CHANGED:
            self._write_taken(rf, [ref])

    def _take_handle(self, ref: ResRef) -> bool:
        """A changed resource's bytes taken from its handle to be written; False when
        the handle has been purged or disposed."""
        mm = self.tb.mm
        if ref.handle not in mm.blocks or (not mm.block(ref.handle).address
                                           and mm.size_of(ref.handle)):
            return False
        ref.body = self.current_bytes(ref)
        ref.attr &= ~RES_CHANGED
        return True

    def update(self, rf: ResFile, force: bool = False) -> None:
        """UpdateResourceFile's core: every changed resource and the map written (with
        `force`, the fork is written afresh even when nothing changed)."""
        pending = [ref for ref in rf.refs if ref.attr & RES_CHANGED]
        if not (pending or rf.changed or force):
            return
        self._write_taken(self.writable(rf), pending)

    def _write_taken(self, rf: ResFile, refs: list[ResRef]) -> None:
        """`refs` taken from their handles and the fork written; when the write
        fails (a full disk), they stay changed, to be written later."""
        saved = [(ref, ref.body, ref.attr) for ref in refs]
        if not [ref for ref in refs if self._take_handle(ref)] and not rf.changed:
            return
        try:
            self.write_fork(rf)
        except ToolError:
            for ref, body, attr in saved:
                ref.body, ref.attr = body, attr
            raise

    def write_fork(self, rf: ResFile) -> None:
        """The fork put back whole through its refNum and flushed to the disk: the
        resources the disk has bytes for (one added and not written yet waits), then
        the map. The map in memory follows (mapOffset, offsets, sizes)."""
        gs = self.tb.gsos
        f = self._fork(rf)
        if f is None:
            raise ToolError(INVALID_REF_NUM, f"{rf.path!r}: its fork was closed by GS/OS")
        on_disk = [ref for ref in rf.refs if ref.body is not None]
        rf.refs = on_disk + [ref for ref in rf.refs if ref.body is None]
        fork = lay_out_fork(on_disk, rf.memo)
        old, f.data, f.dirty = f.data, bytearray(fork), True
        try:
            gs.flush_file(f)
        except GSOSError as err:
            f.data, f.dirty = old, False
            raise ToolError(err.code, str(err)) from None
        f.mark = 0
        to_map = struct.unpack_from("<I", fork, 4)[0]
        write_long(self.tb.mem, self.tb.mm.deref(rf.map_handle) + MAP_OFFSET, to_map)
        self.map_changed(rf)
        rf.changed = any(ref.body is None for ref in rf.refs)

    def set_name(self, res_type: int, res_id: int, name: bytes) -> None:
        """RMSetResourceName's core: the current file's rResName for `res_type`
        (made when it has none) gets `name` for `res_id`; an empty name removes it."""
        rf = self.writable(self.current_file())
        names_id = RES_NAME_BASE | res_type
        ref = next((r for r in rf.refs if r.res_type == R_RES_NAME
                    and r.res_id == names_id), None)
        known = parse_names(self.current_bytes(ref)) if ref is not None else []
        entries = [(i, n) for i, n in known if i != res_id]
        if name:
            entries.append((res_id, name))
        body = struct.pack("<HI", RES_NAME_VERSION, len(entries)) + b"".join(
            struct.pack("<IB", i, len(n)) + n for i, n in entries)
        mm = self.tb.mm
        handle = mm.new_handle(len(body), rf.owner, 0)
        self.tb.mem[mm.deref(handle):mm.deref(handle) + len(body)] = body
        if ref is None:
            self.add(handle, 0, R_RES_NAME, names_id)
            return
        if ref.handle in mm.blocks:
            mm.dispose(ref.handle)
        ref.handle = handle
        self._set_changed(rf, ref, True)


REF_POINTER, REF_HANDLE, REF_RESOURCE = 0, 1, 2    # a reference's type, as the
                                                    # System 6 calls encode it


def ref_address(tb, ref_type: int, ref: int, res_type: int) -> int:
    """Where a reference points: a pointer as it is, a handle's block, or the block of
    resource `ref` of `res_type` (loaded). The System 6 calls (NewWindow2, NewMenuBar2,
    AlertWindow, StartUpTools) take their templates this way."""
    if ref_type == REF_POINTER:
        return ref & 0xFFFFFF
    if ref_type == REF_HANDLE:
        return tb.mm.deref(ref)
    if ref_type == REF_RESOURCE:
        return tb.mm.deref(tb.rm.load(res_type, ref))
    raise ToolError(RES_BAD_FORMAT, f"reference type {ref_type}")


def _rm(tb) -> ResourceManager:
    return tb.rm


# -- housekeeping --------------------------------------------------------------------------

@tool(TOOLSET, 0x01, "")
def ResourceBootInit(tb) -> None:
    """ResourceBootInit()"""


@tool(TOOLSET, 0x02, "W")
def ResourceStartUp(tb, my_id: int) -> None:
    """ResourceStartUp(myID:W): the application becomes the current one
    (resDupStartUp when it has started already)."""
    _rm(tb).start_up(my_id)


@tool(TOOLSET, 0x03, "")
def ResourceShutDown(tb) -> None:
    """ResourceShutDown(): the current application's resource files close."""
    _rm(tb).shut_down()


@tool(TOOLSET, 0x04, "", 2)
def ResourceVersion(tb) -> int:
    """ResourceVersion(): versionInfo:W"""
    return RM_VERSION


@tool(TOOLSET, 0x05, "")
def ResourceReset(tb) -> None:
    """ResourceReset()"""


@tool(TOOLSET, 0x06, "", 2)
def ResourceStatus(tb) -> int:
    """ResourceStatus(): activeFlag:W (TRUE once an application has started up)"""
    return 0xFFFF if _rm(tb).apps else 0


# -- files ---------------------------------------------------------------------------------

@tool(TOOLSET, 0x0A, "WLL", 2)
def OpenResourceFile(tb, open_access: int, map_address: int, file_name: int) -> int:
    """OpenResourceFile(openAccess:W, mapAddress:L, fileName:L): fileID:W -- fileName
    is a GS/OS class 1 string; mapAddress (a map already in memory, for ROM files)
    must be 0 here."""
    if map_address:
        raise ToolError(RES_BAD_FORMAT, "a map in memory (mapAddress) is not supported")
    name = read_gsstring(tb.mem, file_name & 0xFFFFFF).decode("mac_roman")
    return _rm(tb).open(name, open_access)


@tool(TOOLSET, 0x0B, "W")
def CloseResourceFile(tb, file_id: int) -> None:
    """CloseResourceFile(fileID:W)"""
    _rm(tb).close(file_id)


@tool(TOOLSET, 0x11, "W")
def SetCurResourceFile(tb, file_id: int) -> None:
    """SetCurResourceFile(fileID:W)"""
    rm = _rm(tb)
    rm.file(file_id)
    rm.app().current = file_id


@tool(TOOLSET, 0x12, "", 2)
def GetCurResourceFile(tb) -> int:
    """GetCurResourceFile(): fileID:W"""
    app = _rm(tb).app()
    if not app.current:
        raise ToolError(RES_NO_CUR_FILE, "no current resource file")
    return app.current


@tool(TOOLSET, 0x13, "W")
def SetCurResourceApp(tb, my_id: int) -> None:
    """SetCurResourceApp(myID:W): resBadAppID unless it has started up."""
    rm = _rm(tb)
    if my_id not in rm.apps:
        raise ToolError(RES_BAD_APP_ID, f"user ID ${my_id:04X}")
    rm.cur_app = my_id


@tool(TOOLSET, 0x14, "", 2)
def GetCurResourceApp(tb) -> int:
    """GetCurResourceApp(): myID:W"""
    return _rm(tb).app().user_id


@tool(TOOLSET, 0x15, "WL", 2)
def HomeResourceFile(tb, res_type: int, res_id: int) -> int:
    """HomeResourceFile(resType:W, resID:L): fileID:W -- the file it comes from."""
    return _rm(tb).find(res_type, res_id)[0].file_id


@tool(TOOLSET, 0x1F, "W", 2)
def GetOpenFileRefNum(tb, file_id: int) -> int:
    """GetOpenFileRefNum(fileID:W): refNum:W -- the GS/OS refNum of its fork."""
    return _rm(tb).file(file_id).refnum


@tool(TOOLSET, 0x25, "W", 2)
def SetResourceFileDepth(tb, search_depth: int) -> int:
    """SetResourceFileDepth(searchDepth:W): oldDepth:W ($FFFF: every file)"""
    app = _rm(tb).app()
    old, app.depth = app.depth, search_depth
    return old


@tool(TOOLSET, 0x26, "W", 4)
def GetMapHandle(tb, file_id: int) -> int:
    """GetMapHandle(fileID:W): mapHandle:L"""
    return _rm(tb).file(file_id).map_handle


# -- resources -----------------------------------------------------------------------------

@tool(TOOLSET, 0x0E, "WL", 4)
def LoadResource(tb, res_type: int, res_id: int) -> int:
    """LoadResource(resType:W, resID:L): resourceHandle:L"""
    return _rm(tb).load(res_type, res_id)


@tool(TOOLSET, 0x17, "WWL")
def ReleaseResource(tb, purge_level: int, res_type: int, res_id: int) -> None:
    """ReleaseResource(purgeLevel:W, resType:W, resID:L)"""
    _rm(tb).release(purge_level, res_type, res_id)


@tool(TOOLSET, 0x18, "WL")
def DetachResource(tb, res_type: int, res_id: int) -> None:
    """DetachResource(resType:W, resID:L)"""
    _rm(tb).detach(res_type, res_id)


@tool(TOOLSET, 0x1B, "WL", 2)
def GetResourceAttr(tb, res_type: int, res_id: int) -> int:
    """GetResourceAttr(resType:W, resID:L): resAttr:W"""
    return _rm(tb).find(res_type, res_id)[1].attr


@tool(TOOLSET, 0x1D, "WL", 4)
def GetResourceSize(tb, res_type: int, res_id: int) -> int:
    """GetResourceSize(resType:W, resID:L): size:L (from the index; nothing loads)"""
    return _rm(tb).find(res_type, res_id)[1].size


@tool(TOOLSET, 0x1E, "LL")
def MatchResourceHandle(tb, found_rec: int, res_handle: int) -> None:
    """MatchResourceHandle(foundRec:L, resHandle:L) -- foundRec gets resType:W, resID:L."""
    ref = _rm(tb).match_handle(res_handle)
    write_word(tb.mem, found_rec & 0xFFFFFF, ref.res_type)
    write_long(tb.mem, (found_rec + 2) & 0xFFFFFF, ref.res_id)


@tool(TOOLSET, 0x20, "", 2)
def CountTypes(tb) -> int:
    """CountTypes(): typeCount:W -- the types in the search path."""
    return len(_rm(tb).types())


@tool(TOOLSET, 0x21, "W", 2)
def GetIndType(tb, type_index: int) -> int:
    """GetIndType(typeIndex:W): resType:W (1-based; resIndexRange past the last)"""
    types = _rm(tb).types()
    if not 1 <= type_index <= len(types):
        raise ToolError(RES_INDEX_RANGE, f"type index {type_index}")
    return types[type_index - 1]


@tool(TOOLSET, 0x22, "W", 4)
def CountResources(tb, res_type: int) -> int:
    """CountResources(resType:W): count:L -- in every file of the search path."""
    return len(_rm(tb).of_type(res_type))


@tool(TOOLSET, 0x23, "WL", 4)
def GetIndResource(tb, res_type: int, res_index: int) -> int:
    """GetIndResource(resType:W, resIndex:L): resID:L (1-based; resIndexRange past
    the last)"""
    refs = _rm(tb).of_type(res_type)
    if not 1 <= res_index <= len(refs):
        raise ToolError(RES_INDEX_RANGE, f"resource index {res_index}")
    return refs[res_index - 1].res_id


@tool(TOOLSET, 0x19, "WW", 4)
def UniqueResourceID(tb, id_range: int, res_type: int) -> int:
    """UniqueResourceID(IDRange:W, resType:W): resID:L -- $FFFF: any ID from 1 to
    $07FEFFFF; else an ID in $rrrr0000-$rrrrFFFF (never 0, which no resource has)."""
    used = {0} | {ref.res_id for ref in _rm(tb).of_type(res_type)}
    candidates = (range(1, MAX_ID + 1) if id_range == ANY_RANGE
                  else range(id_range << 16, (id_range << 16) + 0x10000))
    for res_id in candidates:
        if res_id not in used:
            return res_id
    raise ToolError(RES_NO_UNIQUE_ID, f"range ${id_range:04X} is full")


@tool(TOOLSET, 0x27, "LLWL", 4)
def LoadAbsResource(tb, load_address: int, max_size: int, res_type: int,
                    res_id: int) -> int:
    """LoadAbsResource(loadAddress:L, maxSize:L, resType:W, resID:L): dataSize:L --
    at most maxSize bytes copied to loadAddress; the whole size is returned."""
    rm = _rm(tb)
    body = rm.current_bytes(rm.find(res_type, res_id)[1])
    base = load_address & 0xFFFFFF
    tb.mem[base:base + min(len(body), max_size)] = body[:max_size]
    return len(body)


# -- calls that change a file -------------------------------------------------------------

@tool(TOOLSET, 0x0C, "LWWL")
def AddResource(tb, res_handle: int, res_attr: int, res_type: int, res_id: int) -> None:
    """AddResource(resHandle:L, resAttr:W, resType:W, resID:L) -- to the current file."""
    _rm(tb).add(res_handle, res_attr, res_type, res_id)


@tool(TOOLSET, 0x0D, "W")
def UpdateResourceFile(tb, file_id: int) -> None:
    """UpdateResourceFile(fileID:W) -- the changed resources and the map written."""
    rm = _rm(tb)
    rm.update(rm.file(file_id))


@tool(TOOLSET, 0x0F, "WL")
def RemoveResource(tb, res_type: int, res_id: int) -> None:
    """RemoveResource(resType:W, resID:L)"""
    _rm(tb).remove(res_type, res_id)


@tool(TOOLSET, 0x10, "WWL")
def MarkResourceChange(tb, change_flag: int, res_type: int, res_id: int) -> None:
    """MarkResourceChange(changeFlag:W, resType:W, resID:L) -- TRUE: to be written."""
    _rm(tb).mark_change(bool(change_flag), res_type, res_id)


@tool(TOOLSET, 0x16, "WL")
def WriteResource(tb, res_type: int, res_id: int) -> None:
    """WriteResource(resType:W, resID:L) -- a changed resource written now."""
    _rm(tb).write_resource(res_type, res_id)


@tool(TOOLSET, 0x1A, "LWL")
def SetResourceID(tb, new_id: int, res_type: int, current_id: int) -> None:
    """SetResourceID(newID:L, resType:W, currentID:L)"""
    _rm(tb).set_id(new_id, res_type, current_id)


@tool(TOOLSET, 0x1C, "WWL")
def SetResourceAttr(tb, res_attr: int, res_type: int, res_id: int) -> None:
    """SetResourceAttr(resAttr:W, resType:W, resID:L)"""
    _rm(tb).set_attr(res_attr, res_type, res_id)


@tool(TOOLSET, 0x2F, "WW")
def CompactResourceFile(tb, flags: int, file_id: int) -> None:
    """CompactResourceFile(flags:W, fileID:W) -- the fork written afresh, packed (as
    every write here leaves it)."""
    rm = _rm(tb)
    rm.update(rm.writable(rm.file(file_id)), force=True)


@tool(TOOLSET, 0x2D, "WLL")
def RMSetResourceName(tb, res_type: int, res_id: int, name_ptr: int) -> None:
    """RMSetResourceName(resType:W, rID:L, namePtr:L) -- a Pascal string; empty: the
    name is removed."""
    _rm(tb).set_name(res_type, res_id, read_pstring(tb.mem, name_ptr & 0xFFFFFF))


# -- more reading --------------------------------------------------------------------------

@tool(TOOLSET, 0x09, "LWWL")
def CreateResourceFile(tb, aux_type: int, file_type: int, file_access: int,
                       file_name: int) -> None:
    """CreateResourceFile(auxType:L, fileType:W, fileAccess:W, fileName:L) -- a file
    with an empty resource map (fileName a GS/OS class 1 string)."""
    name = read_gsstring(tb.mem, file_name & 0xFFFFFF).decode("mac_roman")
    _rm(tb).create(name, file_type, aux_type, file_access)


@tool(TOOLSET, 0x24, "W", 2)
def SetResourceLoad(tb, read_flag: int) -> int:
    """SetResourceLoad(readFlag:W): oldFlag:W -- FALSE: LoadResource gives a resource
    not in memory as an empty handle, read in by a later LoadResource with TRUE."""
    app = _rm(tb).app()
    old, app.load = app.load, bool(read_flag)
    return 0xFFFF if old else 0


@tool(TOOLSET, 0x2E, "WW", 2)
def OpenResourceFileByID(tb, open_access: int, user_id: int) -> int:
    """OpenResourceFileByID(openAccess:W, userID:W): fileID:W -- the resource fork of
    the file loaded under userID: the launched program's, or one the System Loader
    loaded (a desk accessory's own file in SYSTEM/DESK.ACCS)."""
    machine = tb.machine
    program = getattr(machine, "program", None)
    gs = tb.gsos
    loaded = tb.loader.files.get(user_id & 0xF0FF)
    if loaded is not None and loaded.pathname and (
            program is None or program.user_id & 0xF0FF != user_id & 0xF0FF):
        return _rm(tb).open(loaded.pathname, open_access)
    if (program is None or program.user_id & 0xF0FF != user_id & 0xF0FF
            or not gs.program_name or not gs.prefixes[9]):
        raise ToolError(RES_FILE_NOT_FOUND, f"no file loaded for user ID ${user_id:04X}")
    return _rm(tb).open(f"9:{gs.program_name}", open_access)


@tool(TOOLSET, 0x2A, "WLL", 4)
def RMFindNamedResource(tb, res_type: int, name_ptr: int, file_num_ptr: int) -> int:
    """RMFindNamedResource(resType:W, namePtr:L, fileNumPtr:L): rID:L -- the file's
    ID goes to fileNumPtr (a word)."""
    file_id, res_id = _rm(tb).find_named(res_type, read_pstring(tb.mem, name_ptr & 0xFFFFFF))
    if file_num_ptr & 0xFFFFFF:
        write_word(tb.mem, file_num_ptr & 0xFFFFFF, file_id)
    return res_id


@tool(TOOLSET, 0x2B, "WLL")
def RMGetResourceName(tb, res_type: int, res_id: int, name_ptr: int) -> None:
    """RMGetResourceName(resType:W, rID:L, namePtr:L) -- the name as a Pascal string
    (resNotFound when the resource has none)."""
    for _, known_id, name in _rm(tb).names(res_type):
        if known_id == res_id:
            base = name_ptr & 0xFFFFFF
            tb.mem[base] = len(name)
            tb.mem[base + 1:base + 1 + len(name)] = name
            return
    raise ToolError(RES_NAME_NOT_FOUND, f"${res_type:04X}/${res_id:08X} has no name")


@tool(TOOLSET, 0x2C, "WL", 4)
def RMLoadNamedResource(tb, res_type: int, name_ptr: int) -> int:
    """RMLoadNamedResource(resType:W, namePtr:L): handle:L"""
    rm = _rm(tb)
    _, res_id = rm.find_named(res_type, read_pstring(tb.mem, name_ptr & 0xFFFFFF))
    return rm.load(res_type, res_id)
