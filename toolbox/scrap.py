"""Scrap Manager (tool set $16): the clipboard programs cut to and paste from.

Follows the Apple IIGS Toolbox Reference vol. 2, ch. 20 "Scrap Manager" and vol. 3
(GetIndScrap), with the numbers, error code and scrap types of ORCA/C's scrap.h.

The desk scrap is one block of data per scrap type (textScrap 0: plain text, picScrap
1: a QuickDraw II picture, or any other type a program uses), each in a handle the
Scrap Manager owns (a Memory Manager handle, `tb.mm`, under a user ID of its own). The
clipboard is kept in the machine: while the scrap is "loaded" (GetScrapState 1) its
data lives in those handles; UnloadScrap takes the data out of memory into the
machine's clipboard (as a IIGS writes it to the clipboard file on disk) and disposes of
the handles (state 0); LoadScrap, or any call that reads or writes the scrap, brings it
back into new handles. The clipboard outlives ScrapShutDown, so a program started
later finds what an earlier one left.

PutScrap appends its bytes to the scrap of that type (ZeroScrap first to replace it);
ZeroScrap empties every type and adds one to the scrap count, which a program compares
with its own copy to learn that the scrap changed. GetScrap copies a type's data into
a handle of the caller's (resized to fit); GetScrapHandle gives the Scrap Manager's
own handle (the caller must not dispose of it); GetScrapSize its size. A type the scrap
lacks answers badScrapType ($1610). GetIndScrap(index, buffPtr) fills a scrapInfo
record {scrapType:W, scrapSize:L, scrapHandle:L} for the index-th type, from 1, in the
order the types were first put. GetScrapPath/SetScrapPath keep the clipboard file's
pathname (a Pascal string); no file is written.

ShowClipboard(flags, rectPtr) (System 6; scrap.h's flags): cpOpenWindow ($8000) opens
the clipboard window (`toolbox.desk.clipboard`) with rectPtr's content rectangle (NIL:
a default one), or brings it to the front; cpCloseWindow ($4000) closes it; the answer
is its window pointer, NIL when it is closed.
"""
from __future__ import annotations

from iigs.memory import read_bytes, write_bytes, write_long, write_word
from toolbox.quickdraw.geometry import read_rect
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x16
SCRAP_VERSION = 0x0104
TRUE, FALSE = 0xFFFF, 0x0000

BAD_SCRAP_TYPE = 0x1610          # badScrapType: no scrap of this type

TEXT_SCRAP, PIC_SCRAP = 0x0000, 0x0001
ON_DISK, IN_MEMORY = 0, 1        # GetScrapState
DEFAULT_PATH = b"*:System:Clipboard"
TOOL_ID_TYPE = 0x4000            # GetNewID typeID for the Scrap Manager's handles
SCRAP_INFO_SIZE = 10             # scrapType:W, scrapSize:L, scrapHandle:L


@tool_state("scrap")
class ScrapManager:
    """The desk scrap: the machine's clipboard and, while loaded, its handles."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.count = 0                              # GetScrapCount: + 1 per ZeroScrap
        self.clipboard: dict[int, bytes] = {}       # scrap type -> data (kept here)
        self.handles: dict[int, int] = {}           # scrap type -> handle, while loaded
        self.loaded = False
        self.path_ptr = 0                           # SetScrapPath's pathname (0: default)
        self._default_path = 0
        self._user_id = 0
        self.window = None                          # ShowClipboard's ClipboardWindow

    # -- the scrap's handles --------------------------------------------------------------
    def _owner(self) -> int:
        if not self._user_id:
            self._user_id = self.tb.misc.get_new_id(TOOL_ID_TYPE)
        return self._user_id

    def _new_handle(self, data: bytes) -> int:
        mm = self.tb.mm
        handle = mm.new_handle(len(data), self._owner(), 0)
        if data:
            write_bytes(self.tb.mem, mm.deref(handle), data)
        return handle

    def data(self, kind: int) -> bytes:
        """The scrap of one type (badScrapType when there is none)."""
        self.load()
        handle = self.handles.get(kind)
        if handle is None:
            raise ToolError(BAD_SCRAP_TYPE, f"no scrap of type ${kind:04X}")
        mm = self.tb.mm
        return read_bytes(self.tb.mem, mm.deref(handle), mm.size_of(handle))

    def current(self, kind: int) -> bytes:
        """The scrap of one type as it stands, loaded or not (b"" when there is none):
        what the clipboard window shows, read without loading the scrap."""
        handle = self.handles.get(kind) if self.loaded else None
        if handle is None or handle not in self.tb.mm.blocks:
            return self.clipboard.get(kind, b"") if not self.loaded else b""
        mm = self.tb.mm
        return read_bytes(self.tb.mem, mm.deref(handle), mm.size_of(handle))

    def load(self) -> None:
        """LoadScrap's core: the clipboard into handles (nothing when already loaded)."""
        if self.loaded:
            return
        self.handles = {kind: self._new_handle(data) for kind, data in self.clipboard.items()}
        self.loaded = True

    def unload(self) -> None:
        """UnloadScrap's core: the handles' data into the clipboard, handles disposed."""
        if not self.loaded:
            return
        mm = self.tb.mm
        self.clipboard = {}
        for kind, handle in self.handles.items():
            if handle in mm.blocks:
                self.clipboard[kind] = read_bytes(self.tb.mem, mm.deref(handle),
                                                  mm.size_of(handle))
                mm.dispose(handle)
        self.handles = {}
        self.loaded = False

    def zero(self) -> None:
        """ZeroScrap's core: every type emptied, the scrap count + 1."""
        self.load()
        for handle in self.handles.values():
            if handle in self.tb.mm.blocks:
                self.tb.mm.dispose(handle)
        self.handles = {}
        self.clipboard = {}
        self.count = (self.count + 1) & 0xFFFF

    def put(self, kind: int, data: bytes) -> None:
        """PutScrap's core: `data` appended to the scrap of type `kind`."""
        self.load()
        handle = self.handles.get(kind)
        if handle is None:
            self.handles[kind] = self._new_handle(data)
            return
        mm = self.tb.mm
        old = mm.size_of(handle)
        mm.set_size(handle, old + len(data))
        write_bytes(self.tb.mem, mm.deref(handle) + old, data)

    def types(self) -> list[int]:
        self.load()
        return list(self.handles)

    def path(self) -> int:
        """GetScrapPath's answer: the program's pathname, or the default one's address."""
        if self.path_ptr:
            return self.path_ptr
        if not self._default_path:
            handle = self._new_handle(bytes([len(DEFAULT_PATH)]) + DEFAULT_PATH)
            self._default_path = self.tb.mm.deref(handle)
        return self._default_path


def _scrap(tb) -> ScrapManager:
    return tb.scrap


# -- tool calls (Toolbox Reference vol. 2 ch. 20, vol. 3; numbers from scrap.h) ----------

register_housekeeping(TOOLSET, "Scrap", "scrap", SCRAP_VERSION)


@tool(TOOLSET, 0x09)
def UnloadScrap(tb) -> None:
    """UnloadScrap(): the scrap out of memory, into the machine's clipboard."""
    _scrap(tb).unload()


@tool(TOOLSET, 0x0A)
def LoadScrap(tb) -> None:
    """LoadScrap(): the clipboard back into memory."""
    _scrap(tb).load()


@tool(TOOLSET, 0x0B)
def ZeroScrap(tb) -> None:
    """ZeroScrap()"""
    _scrap(tb).zero()


@tool(TOOLSET, 0x0C, "LWL")
def PutScrap(tb, num_bytes, kind, src_ptr) -> None:
    """PutScrap(numBytes:L, scrapType:W, srcPtr:L)"""
    _scrap(tb).put(kind, read_bytes(tb.mem, src_ptr & 0xFFFFFF, num_bytes))


@tool(TOOLSET, 0x0D, "LW")
def GetScrap(tb, dest_handle, kind) -> None:
    """GetScrap(destHandle:L, scrapType:W): the scrap copied into the caller's handle."""
    data = _scrap(tb).data(kind)
    mm = tb.mm
    mm.set_size(dest_handle, len(data))
    if data:
        write_bytes(tb.mem, mm.deref(dest_handle), data)


@tool(TOOLSET, 0x0E, "W", 4)
def GetScrapHandle(tb, kind) -> int:
    """GetScrapHandle(scrapType:W): scrapHandle:L"""
    scrap = _scrap(tb)
    scrap.data(kind)                     # badScrapType when there is none
    return scrap.handles[kind]


@tool(TOOLSET, 0x0F, "W", 4)
def GetScrapSize(tb, kind) -> int:
    """GetScrapSize(scrapType:W): scrapSize:L"""
    return len(_scrap(tb).data(kind))


@tool(TOOLSET, 0x10, result=4)
def GetScrapPath(tb) -> int:
    """GetScrapPath(): pathnamePtr:L"""
    return _scrap(tb).path()


@tool(TOOLSET, 0x11, "L")
def SetScrapPath(tb, path_ptr) -> None:
    """SetScrapPath(pathnamePtr:L)"""
    _scrap(tb).path_ptr = path_ptr & 0xFFFFFF


@tool(TOOLSET, 0x12, result=2)
def GetScrapCount(tb) -> int:
    """GetScrapCount(): scrapCount:W"""
    return _scrap(tb).count


@tool(TOOLSET, 0x13, result=2)
def GetScrapState(tb) -> int:
    """GetScrapState(): scrapState:W (1 in memory, 0 in the clipboard only)"""
    return IN_MEMORY if _scrap(tb).loaded else ON_DISK


@tool(TOOLSET, 0x14, "WL")
def GetIndScrap(tb, index, buff_ptr) -> None:
    """GetIndScrap(index:W, buffPtr:L): a scrapInfo record for the index-th type."""
    scrap = _scrap(tb)
    kinds = scrap.types()
    if not 1 <= index <= len(kinds):
        raise ToolError(BAD_SCRAP_TYPE, f"no scrap number {index}")
    kind = kinds[index - 1]
    write_word(tb.mem, buff_ptr, kind)
    write_long(tb.mem, buff_ptr + 2, len(scrap.data(kind)))
    write_long(tb.mem, buff_ptr + 6, scrap.handles[kind])


# ShowClipboard's flags (scrap.h)
CP_OPEN_WINDOW = 0x8000
CP_CLOSE_WINDOW = 0x4000


@tool(TOOLSET, 0x15, "WL", 4)
def ShowClipboard(tb, flags, rect_ptr) -> int:
    """ShowClipboard(flags:W, rectPtr:L) -> windowPtr:L: the clipboard window opened
    (cpOpenWindow; rectPtr its content rectangle, NIL the default), closed
    (cpCloseWindow) or, with neither flag, only asked for; NIL when it is not open."""
    from toolbox.desk.clipboard import ClipboardWindow
    scrap = _scrap(tb)
    if scrap.window is None:
        scrap.window = ClipboardWindow(tb)
        tb.desk.system_windows.append(scrap.window)
    keeper = scrap.window
    if flags & CP_CLOSE_WINDOW:
        keeper.close()
    elif flags & CP_OPEN_WINDOW:
        keeper.show(read_rect(tb.mem, rect_ptr) if rect_ptr else None)
    return keeper.window.ptr if keeper.window is not None else 0
