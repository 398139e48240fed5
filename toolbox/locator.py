"""Tool Locator (tool set $01): start-up, version, loading tools, StartUpTools.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter 24 "Tool Locator" and vol. 3
(System 6 StartUpTools/ShutDownTools, the StartStopRecord), with the call numbers of
ORCA/C `locator.h` and the start-up order of the ORCA/C desktop samples.

Every tool set here is "resident": LoadTools, LoadOneTool and UnloadOneTool succeed for
tool sets this toolbox implements, report toolVersionErr ($0110) when the program asks
for a newer version than the set's own XXVersion answer, and toolNotFoundErr for the
others, so a program learns at start-up, not in the middle of a game, that it needs
something missing. A set this toolbox lacks is first looked for on the boot disk as
SYSTEM/TOOLS/TOOLnnn (nnn: its number in decimal): found, it is loaded and installed in
65816 code (`ToolLocator.load_from_disk`). TLMountVolume and TLTextMountVolume answer button 2 (the "Cancel"
of Apple's mount dialogs): there is only the one disk, so no other can be inserted.

StartStopRecord (refDesc 0 = a pointer to it, 1 = a handle, 2 = the ID of an
rToolStartup ($8013) resource):
    +$00 flags:W  +$02 videoMode:W  +$04 resFileID:W  +$06 dPageHandle:L
    +$0A numTools:W  +$0C numTools x (toolNumber:W, minVersion:W)
StartUpTools starts the Resource Manager for the program and opens the program's own
resource fork first (so the record can be a resource), then starts the listed tool
sets; it fills in resFileID (0: the program has no resource fork) and dPageHandle.
The flags word is kept as the program wrote it: none of its options changes anything
on this machine.
"""
from __future__ import annotations

from typing import Callable

from iigs.memory import (TOOL_RETURN_RTL, read_long, read_pstring, read_word, write_bytes,
                         write_long, write_word)
from toolbox.calls import FUNC_NOT_FOUND, TOOL_NOT_FOUND, TOOL_TABLE, ToolError, tool
from toolbox.resource import READ_ENABLE, R_TOOL_STARTUP
from toolbox.toolbox import tool_state

TL_VERSION = 0x0302

TOOL_VERSION_ERR = 0x0110        # toolVersionErr: the minimum version is not available
PROTOTYPE_BIT = 0x8000           # version word: bit 15 marks a prototype release
VERSION_FUNCTION = 0x04          # every tool set's XXVersion call
MOUNT_CANCELLED = 2              # TLMountVolume: the second button (no disk to insert)

# StartStopRecord fields
SSR_FLAGS, SSR_VIDEO_MODE, SSR_RES_FILE_ID = 0x00, 0x02, 0x04
SSR_DPAGE_HANDLE, SSR_NUM_TOOLS, SSR_TOOLS = 0x06, 0x0A, 0x0C
MODE_640 = 0x0080
REF_IS_POINTER, REF_IS_HANDLE, REF_IS_RESOURCE = 0, 1, 2

# OpenResourceFile's answers that mean "the program has no resource fork" (GS/OS
# fileNotFound, resForkNotFound): StartUpTools carries on with resFileID 0.
NO_FORK_ERRORS = (0x0046, 0x0063)

# Direct-page/stack block attributes: locked, fixed, bank 0, page aligned, no crossing.
DP_ATTRIBUTES = 0xC015

# Tool sets StartUpTools does not start from the list (the program has started the
# Tool Locator and the Memory Manager itself, as it must before StartUpTools can; the
# Resource Manager StartUpTools always starts first, to open the program's fork).
SELF_STARTED = (0x01, 0x02, 0x1E)

# Where every implemented function "is": the system dispatcher (GetFuncPtr).
DISPATCHER_ADDRESS = 0xE10000
# userOrSystem: bit 15 names a user tool set (Technical Note #73).
USER_TOOL_SET = 0x8000
# A tool set the toolbox lacks is looked for on the boot disk (LoadTools, LoadOneTool,
# StartUpTools), and loaded under a user ID of the tool-set type.
TOOL_FILE_PATH = "*:SYSTEM:TOOLS:TOOL{:03d}"
TOOL_SET_ID_TYPE = 0x4000

ArgsBuilder = Callable[[int, int, int], tuple]


# tool set -> (direct-page pages, StartUp arguments from (userID, dp, videoMode)).
# Parameter order per each set's XXStartUp (Toolbox Reference; ORCA/Pascal Tool.Interface).
def _qd_args(uid: int, dp: int, mode: int) -> tuple:
    return (dp, mode & 0xFF, 0, uid)


def _em_args(uid: int, dp: int, mode: int) -> tuple:
    return (dp, 0, 0, 639 if mode & MODE_640 else 319, 0, 199, uid)


START_UP: dict[int, tuple[int, ArgsBuilder]] = {
    0x03: (0, lambda uid, dp, mode: ()),            # Misc Tools
    0x04: (3, _qd_args),                            # QuickDraw II
    0x05: (0, lambda uid, dp, mode: ()),            # Desk Manager
    0x06: (1, _em_args),                            # Event Manager
    0x07: (0, lambda uid, dp, mode: ()),            # Scheduler
    0x08: (1, lambda uid, dp, mode: (dp,)),         # Sound Tool Set
    0x09: (0, lambda uid, dp, mode: ()),            # Apple Desktop Bus
    0x0A: (1, lambda uid, dp, mode: (dp,)),         # SANE
    0x0B: (0, lambda uid, dp, mode: ()),            # Integer Math
    0x0C: (0, lambda uid, dp, mode: ()),            # Text Tools
    0x0E: (0, lambda uid, dp, mode: (uid,)),        # Window Manager
    0x0F: (1, lambda uid, dp, mode: (uid, dp)),     # Menu Manager
    0x10: (1, lambda uid, dp, mode: (uid, dp)),     # Control Manager
    0x14: (1, lambda uid, dp, mode: (uid, dp)),     # LineEdit
    0x15: (0, lambda uid, dp, mode: (uid,)),        # Dialog Manager
    0x12: (0, lambda uid, dp, mode: ()),            # QuickDraw II Auxiliary
    0x16: (0, lambda uid, dp, mode: ()),            # Scrap Manager
    0x1B: (1, lambda uid, dp, mode: (uid, dp)),     # Font Manager
    0x22: (1, lambda uid, dp, mode: (uid, dp)),     # TextEdit
    0x13: (2, lambda uid, dp, mode: (uid, dp)),     # Print Manager
    0x19: (0, lambda uid, dp, mode: (0, 0)),        # Note Synthesizer: default rate
    0x1A: (1, lambda uid, dp, mode: (dp, 0, 0, 0)),  # Note Sequencer
    0x1C: (0, lambda uid, dp, mode: ()),            # List Manager
    0x1D: (1, lambda uid, dp, mode: (dp,)),         # ACE
    0x20: (1, lambda uid, dp, mode: (uid, dp)),     # MIDI Tool Set
    0x21: (0, lambda uid, dp, mode: ()),            # Video Overlay
    0x23: (0, lambda uid, dp, mode: ()),            # MIDI Synth
}


@tool_state("tl")
class ToolLocator:
    """Tool Locator state: started flag and the StartUpTools records in use."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.started_records: dict[int, int] = {}    # record address -> user ID
        # Tool sets in 65816 code that SetTSPtr installed: (user?, tsNum) -> the
        # address of the set's function pointer table; and the work area pointers.
        self.tables: dict[tuple[bool, int], int] = {}
        self.waps: dict[tuple[bool, int], int] = {}
        # The message center: type -> the message's bytes after MessageRec's header;
        # AcceptRequests' procedures: (name as a Pascal string, user ID, address).
        self.messages: dict[int, bytes] = {}
        self.requests: list[tuple[bytes, int, int]] = []
        self.message_handles: dict[int, int] = {}    # GetMsgHandle's, by type
        self.own_id = 0                  # the user ID of the Tool Locator's handles

    def function_table(self, user: bool, ts_num: int) -> int:
        """The installed function pointer table of a tool set in 65816 code (0: none:
        a system set is the toolbox's own, a user set is absent)."""
        return self.tables.get((user, ts_num & 0xFF), 0)

    def work_area(self, user: bool, ts_num: int) -> int:
        return self.waps.get((user, ts_num & 0xFF), 0)

    def install(self, user: bool, ts_num: int, table: int) -> None:
        """SetTSPtr's core: a table whose count is 0 removes the set (Technical
        Note #73: "point at a zero word"); a new set's BootInit (function 1) is
        called at once, as the Tool Locator does."""
        key = (user, ts_num & 0xFF)
        if not table or read_long(self.tb.mem, table) == 0:
            self.tables.pop(key, None)
            return
        self.tables[key] = table & 0xFFFFFF
        machine = self.tb.machine
        if machine is not None and read_long(self.tb.mem, table) > 1:
            boot = (read_long(self.tb.mem, table + 4) + 1) & 0xFFFFFF
            ret = TOOL_RETURN_RTL - 1            # the dispatcher's RTL, as on a call
            machine.call(boot, a=0, x=(1 << 8) | key[1], y=0,
                         stack_args=bytes((ret & 0xFF, (ret >> 8) & 0xFF, ret >> 16)))

    def shut_down_user_tools(self) -> None:
        """TLShutDown disconnects the application's user tool sets (TN #73)."""
        for key in [k for k in self.tables if k[0]]:
            del self.tables[key]
            self.waps.pop(key, None)

    @staticmethod
    def implemented(toolset: int) -> bool:
        return any(c.toolset == toolset for c in TOOL_TABLE.values())

    def available(self, toolset: int) -> bool:
        """The set is here: the toolbox's own, installed in 65816 code (SetTSPtr), or
        loaded now from the boot disk's SYSTEM/TOOLS folder."""
        return self.implemented(toolset) or bool(self.function_table(False, toolset)) \
            or self.load_from_disk(toolset)

    def load_from_disk(self, toolset: int) -> bool:
        """A tool set the toolbox lacks, from *:SYSTEM:TOOLS:TOOLnnn (nnn: its number in
        decimal, as Apple names the files): loaded by the System Loader under a tool-set
        user ID and installed as a system tool set (SetTSPtr, BootInit called) with the
        function pointer table at the start of its first segment. False when the disk
        has no such file (or it is not a load file)."""
        gs = self.tb.gsos
        if gs.volume is None or self.tb.machine is None:
            return False
        user_id = self.tb.misc.get_new_id(TOOL_SET_ID_TYPE)
        try:
            lf = self.tb.loader.initial_load(user_id, TOOL_FILE_PATH.format(toolset & 0xFF))
        except ToolError:
            self.tb.misc.delete_id(user_id)
            return False
        self.install(False, toolset, lf.placed[min(lf.placed)].address)
        self.tb.call_log.append(f"tool set ${toolset & 0xFF:02X} loaded from {lf.pathname}")
        return True

    def version_of(self, toolset: int) -> int | None:
        """The set's XXVersion answer (a set in 65816 code is called for it); None when
        it has no Version call."""
        table = self.function_table(False, toolset)
        if table:
            if read_long(self.tb.mem, table) <= VERSION_FUNCTION:
                return None
            ret = TOOL_RETURN_RTL - 1
            entry = (read_long(self.tb.mem, table + 4 * VERSION_FUNCTION) + 1) & 0xFFFFFF
            regs = self.tb.machine.call(entry, x=(VERSION_FUNCTION << 8) | toolset,
                                        stack_args=bytes((ret & 0xFF, (ret >> 8) & 0xFF,
                                                          ret >> 16, 0, 0)))
            return read_word(self.tb.mem, (regs.sp + 4) & 0xFFFF)   # above our RTL
        row = TOOL_TABLE.get((VERSION_FUNCTION << 8) | toolset)
        return None if row is None else int(row.impl(self.tb))

    def record_address(self, ref_desc: int, ref: int) -> tuple[int, int]:
        """The StartStopRecord's address and the reference StartUpTools returns for
        it: refDesc 0 a pointer, 1 a handle, 2 the ID of an rToolStartup resource in
        the application's resource files (returned as the resource's handle, which
        ShutDownTools takes with refDesc 1)."""
        if ref_desc == REF_IS_POINTER:
            return ref & 0xFFFFFF, ref & 0xFFFFFF
        if ref_desc == REF_IS_HANDLE:
            return self.tb.mm.deref(ref), ref & 0xFFFFFF
        if ref_desc == REF_IS_RESOURCE:
            handle = self.tb.rm.load(R_TOOL_STARTUP, ref)
            return self.tb.mm.deref(handle), handle
        raise ToolError(FUNC_NOT_FOUND, f"refDesc {ref_desc}")

    def open_application_fork(self) -> int:
        """The launched program's resource fork opened read-only: its fileID, or 0 when
        there is no program file on the disk or it has no resource fork."""
        gs = self.tb.gsos
        if gs.volume is None or not gs.program_name or not gs.prefixes[9]:
            return 0
        try:
            return self.tb.rm.open(f"9:{gs.program_name}", READ_ENABLE)
        except ToolError as err:
            if err.code in NO_FORK_ERRORS:
                return 0
            raise

    def start_up_tools(self, user_id: int, ref_desc: int, ref: int) -> int:
        """StartUpTools' core (vol. 3, ch. 51): the Resource Manager starts for the
        application and opens its resource fork; then the record is found, every tool
        set it lists checked, the direct-page block allocated and each StartUp called
        in order. resFileID and dPageHandle are written to the record. Returns the
        reference for ShutDownTools."""
        rm = self.tb.rm
        if user_id not in rm.apps:         # a program may have started it itself
            rm.start_up(user_id)
        rm.cur_app = user_id
        res_file = self.open_application_fork()
        try:
            record, ret = self.record_address(ref_desc, ref)
            self._start_listed(user_id, record)
        except ToolError:
            if res_file:
                self.tb.rm.close(res_file)
            raise
        write_word(self.tb.mem, record + SSR_RES_FILE_ID, res_file)
        self.started_records[record] = user_id
        return ret

    def _start_listed(self, user_id: int, record: int) -> None:
        mem = self.tb.mem
        mode = read_word(mem, record + SSR_VIDEO_MODE)
        count = read_word(mem, record + SSR_NUM_TOOLS)
        tools = [read_word(mem, record + SSR_TOOLS + 4 * i) for i in range(count)]
        for number in tools:
            if not self.available(number & 0xFF):
                raise ToolError(TOOL_NOT_FOUND, f"tool set ${number:02X} not available")
        pages = sum(START_UP.get(t & 0xFF, (0, None))[0] for t in tools)
        dp_handle = 0
        dp = 0
        if pages:
            dp_handle = self.tb.mm.new_handle(pages * 0x100, user_id, DP_ATTRIBUTES, 0)
            dp = self.tb.mm.deref(dp_handle)
        write_long(mem, record + SSR_DPAGE_HANDLE, dp_handle)
        for number in tools:
            toolset = number & 0xFF
            if toolset in SELF_STARTED:
                continue
            row = TOOL_TABLE.get((0x02 << 8) | toolset)
            need, build = START_UP.get(toolset, (0, lambda uid, d, m: ()))
            if row is not None:
                args = build(user_id, dp, mode)
                if len(args) != len(row.params):
                    args = tuple((user_id if i == 0 else dp) for i in range(len(row.params)))
                row.impl(self.tb, *args)
            dp += need * 0x100

    def shut_down_tools(self, ref_desc: int, ref: int) -> None:
        """ShutDownTools' core: each tool's ShutDown in reverse order, the direct page
        disposed, the application's resource file closed and the Resource Manager
        shut down for it."""
        mem = self.tb.mem
        record, _ = self.record_address(ref_desc, ref)
        count = read_word(mem, record + SSR_NUM_TOOLS)
        tools = [read_word(mem, record + SSR_TOOLS + 4 * i) for i in range(count)]
        user_id = self.started_records.pop(record, 0)
        for number in reversed(tools):
            toolset = number & 0xFF
            if toolset in SELF_STARTED:
                continue
            row = TOOL_TABLE.get((0x03 << 8) | toolset)
            if row is not None:
                row.impl(self.tb, *([user_id] * len(row.params)))
        handle = read_long(mem, record + SSR_DPAGE_HANDLE)
        if handle and handle in self.tb.mm.blocks:
            self.tb.mm.dispose(handle)
            write_long(mem, record + SSR_DPAGE_HANDLE, 0)
        rm = self.tb.rm
        if user_id in rm.apps:
            rm.cur_app = user_id
            rm.shut_down()                 # closes resFileID with the app's other files
            write_word(mem, record + SSR_RES_FILE_ID, 0)


def _tl(tb) -> ToolLocator:
    return tb.tl


def _require(tb, tool_number: int, min_version: int) -> None:
    """LoadOneTool's check: the set is here, at minVersion or later."""
    toolset = tool_number & 0xFF
    if not _tl(tb).available(toolset):
        raise ToolError(TOOL_NOT_FOUND, f"tool set ${toolset:02X}")
    version = _tl(tb).version_of(toolset)
    if version is None:
        return
    version &= ~PROTOTYPE_BIT
    if version < min_version & ~PROTOTYPE_BIT:
        raise ToolError(TOOL_VERSION_ERR, f"tool set ${toolset:02X} is version "
                        f"${version:04X}, ${min_version:04X} asked for")


# -- tool calls (Toolbox Reference vol. 2, ch. 24; vol. 3 for StartUpTools) --------------

@tool(0x01, 0x02, "")
def TLStartUp(tb) -> None:
    """TLStartUp()"""
    _tl(tb).started = True


@tool(0x01, 0x03, "")
def TLShutDown(tb) -> None:
    """TLShutDown() -- the application's user tool sets are disconnected too."""
    _tl(tb).started = False
    _tl(tb).shut_down_user_tools()


@tool(0x01, 0x04, "", 2)
def TLVersion(tb) -> int:
    """TLVersion(): versionInfo:W"""
    return TL_VERSION


@tool(0x01, 0x06, "", 2)
def TLStatus(tb) -> int:
    """TLStatus(): activeFlag:W"""
    return 0xFFFF if _tl(tb).started else 0


@tool(0x01, 0x09, "WW", 4)
def GetTSPtr(tb, user_or_system: int, ts_num: int) -> int:
    """GetTSPtr(userOrSystem:W, tsNum:W): FPTPtr:L -- an installed set's own table;
    for the toolbox's sets the dispatcher stands in for every function table;
    toolErr for a tool set that is not there."""
    user = bool(user_or_system & USER_TOOL_SET)
    table = _tl(tb).function_table(user, ts_num)
    if table:
        return table
    if user or not ToolLocator.implemented(ts_num & 0xFF):
        raise ToolError(TOOL_NOT_FOUND, f"tool set ${ts_num:02X}")
    return DISPATCHER_ADDRESS


@tool(0x01, 0x0A, "WWL")
def SetTSPtr(tb, user_or_system: int, ts_num: int, fpt_ptr: int) -> None:
    """SetTSPtr(userOrSystem:W, tsNum:W, FPTPtr:L) -- install a tool set in 65816
    code (bit 15 of userOrSystem: a user tool set, reached by JSL $E10008), calling
    its BootInit; a system set given this way replaces the toolbox's own."""
    _tl(tb).install(bool(user_or_system & USER_TOOL_SET), ts_num, fpt_ptr)


@tool(0x01, 0x0B, "WW", 4)
def GetFuncPtr(tb, user_or_system: int, func_ts_num: int) -> int:
    """GetFuncPtr(userOrSystem:W, funcTsNum:W): funcPtr:L (address - 1, as in the
    function pointer table; the toolbox's functions are reached through the
    dispatcher)."""
    user = bool(user_or_system & USER_TOOL_SET)
    table = _tl(tb).function_table(user, func_ts_num)
    function = (func_ts_num >> 8) & 0xFF
    if table:
        if not 1 <= function < read_long(tb.mem, table):
            raise ToolError(FUNC_NOT_FOUND, f"function ${func_ts_num:04X}")
        return read_long(tb.mem, table + 4 * function)
    if user or not ToolLocator.implemented(func_ts_num & 0xFF):
        raise ToolError(TOOL_NOT_FOUND, f"tool set ${func_ts_num & 0xFF:02X}")
    if func_ts_num & 0xFFFF not in TOOL_TABLE:
        raise ToolError(FUNC_NOT_FOUND, f"function ${func_ts_num:04X}")
    return DISPATCHER_ADDRESS - 1


@tool(0x01, 0x0C, "WW", 4)
def GetWAP(tb, user_or_system: int, ts_num: int) -> int:
    """GetWAP(userOrSystem:W, tsNum:W): WAPPtr:L -- the set's work area pointer."""
    return _tl(tb).work_area(bool(user_or_system & USER_TOOL_SET), ts_num)


@tool(0x01, 0x0D, "WWL")
def SetWAP(tb, user_or_system: int, ts_num: int, wap: int) -> None:
    """SetWAP(userOrSystem:W, tsNum:W, WAPPtr:L) -- handed to the set's functions in
    A (low word) and Y (high word) when they are called."""
    _tl(tb).waps[(bool(user_or_system & USER_TOOL_SET), ts_num & 0xFF)] = wap & 0xFFFFFFFF


@tool(0x01, 0x0E, "L")
def LoadTools(tb, tool_table: int) -> None:
    """LoadTools(theToolTable:L) -- {count:W, count x (toolNum:W, minVersion:W)}."""
    count = read_word(tb.mem, tool_table)
    for i in range(count):
        entry = tool_table + 2 + 4 * i
        _require(tb, read_word(tb.mem, entry), read_word(tb.mem, entry + 2))


@tool(0x01, 0x0F, "WW")
def LoadOneTool(tb, tool_number: int, min_version: int) -> None:
    """LoadOneTool(toolNumber:W, minVersion:W)"""
    _require(tb, tool_number, min_version)


@tool(0x01, 0x10, "W")
def UnloadOneTool(tb, tool_number: int) -> None:
    """UnloadOneTool(toolNumber:W) -- resident tools stay."""


def _mount_prompt(tb, *string_ptrs: int) -> int:
    """Log the mount prompt's strings (Pascal strings; 0 = none) and cancel it."""
    texts = []
    for ptr in string_ptrs:
        if ptr:
            length = tb.mem[ptr & 0xFFFFFF]
            texts.append(bytes(tb.mem[(ptr + 1) & 0xFFFFFF:(ptr + 1 + length) & 0xFFFFFF])
                         .decode("mac_roman", "replace"))
    tb.call_log.append("mount prompt: " + " / ".join(texts) + " -> button 2")
    return MOUNT_CANCELLED


@tool(0x01, 0x11, "WWLLLL", 2)
def TLMountVolume(tb, where_x: int, where_y: int, line1_ptr: int, line2_ptr: int,
                  but1_ptr: int, but2_ptr: int) -> int:
    """TLMountVolume(whereX:W, whereY:W, line1Ptr:L, line2Ptr:L, but1Ptr:L, but2Ptr:L):
    buttonHit:W -- always button 2: the one disk is all there is."""
    return _mount_prompt(tb, line1_ptr, line2_ptr, but1_ptr, but2_ptr)


@tool(0x01, 0x12, "LLLL", 2)
def TLTextMountVolume(tb, line1_ptr: int, line2_ptr: int, but1_ptr: int,
                      but2_ptr: int) -> int:
    """TLTextMountVolume(line1Ptr:L, line2Ptr:L, but1Ptr:L, but2Ptr:L): buttonHit:W"""
    return _mount_prompt(tb, line1_ptr, line2_ptr, but1_ptr, but2_ptr)


@tool(0x01, 0x18, "WWL", 4)
def StartUpTools(tb, user_id: int, ref_desc: int, start_stop_ref: int) -> int:
    """StartUpTools(userID:W, refDesc:W, startStopRef:L): startStopRefRet:L --
    refDesc 0 pointer, 1 handle, 2 rToolStartup resource ID."""
    return _tl(tb).start_up_tools(user_id, ref_desc, start_stop_ref)


@tool(0x01, 0x19, "WL")
def ShutDownTools(tb, ref_desc: int, start_stop_ref: int) -> None:
    """ShutDownTools(refDesc:W, startStopRef:L)"""
    _tl(tb).shut_down_tools(ref_desc, start_stop_ref)


# -- the message center and requests (Toolbox Reference vol. 2 ch. 24 and vol. 3;
# constants of ORCA/C locator.h) ------------------------------------------------------

MESS_NOT_FOUND_ERR = 0x0111        # messNotFoundErr
REQ_NOT_ACCEPTED = 0x0120          # reqNotAccepted: no procedure took the request
INVALID_SEND_REQUEST = 0x0122      # invalidSendRequest
ADD_MESSAGE, GET_MESSAGE, DELETE_MESSAGE = 1, 2, 3
MESSAGE_HEADER = 6                 # MessageRec: messageNext:L, messageType:W, data
FIRST_NAMED_MESSAGE = 0x8000       # MessageByName's IDs (Apple's types are below)
SEND_HOW_MASK, STOP_AFTER_ONE = 0x00FF, 0x8000
SEND_TO_ALL, SEND_TO_NAME, SEND_TO_USER_ID = 0, 1, 2
REQUEST_ACCEPTED = 0x8000          # a request procedure's result bit


def _messages(tb) -> dict[int, bytes]:
    return tb.tl.messages


def _handle_bytes(tb, handle: int) -> bytes:
    mm = tb.mm
    return bytes(tb.mem[mm.deref(handle) + k] for k in range(mm.size_of(handle)))


@tool(0x01, 0x15, "WWL")
def MessageCenter(tb, action: int, message_type: int, message_handle: int) -> None:
    """MessageCenter(action:W, type:W, messageHandle:H) -- addMessage keeps a copy of
    the handle's message, getMessage copies it back into the handle (resized),
    deleteMessage forgets it; messNotFoundErr for a type not there."""
    messages = _messages(tb)
    if action == ADD_MESSAGE:
        messages[message_type] = _handle_bytes(tb, message_handle)[MESSAGE_HEADER:]
    elif action in (GET_MESSAGE, DELETE_MESSAGE):
        if message_type not in messages:
            raise ToolError(MESS_NOT_FOUND_ERR, f"message type ${message_type:04X}")
        if action == DELETE_MESSAGE:
            del messages[message_type]
            return
        data = messages[message_type]
        tb.mm.set_size(message_handle, MESSAGE_HEADER + len(data))
        where = tb.mm.deref(message_handle)
        write_long(tb.mem, where, 0)
        write_word(tb.mem, where + 4, message_type)
        for k, byte in enumerate(data):
            tb.mem[where + MESSAGE_HEADER + k] = byte
    else:
        raise ToolError(INVALID_SEND_REQUEST, f"MessageCenter action {action}")


@tool(0x01, 0x17, "WL", 4)
def MessageByName(tb, create: int, record: int) -> int:
    """MessageByName(createItFlag:W, inputRecordPtr:L): responseRecord:L -- the
    record (blockLen:W, name:Pascal string, data) is found by name: the low word is
    its message type, the high word $0001 when this call created it."""
    length = read_word(tb.mem, record)
    raw = bytes(tb.mem[record + k] for k in range(length))
    name = raw[2:3 + raw[2]] if length > 2 else b""
    messages = _messages(tb)
    for message_type, data in messages.items():
        if message_type >= FIRST_NAMED_MESSAGE and data[2:3 + data[2]] == name:
            if create:
                messages[message_type] = raw
            return message_type
    if not create:
        raise ToolError(MESS_NOT_FOUND_ERR, f"no message {name[1:]!r}")
    message_type = next(t for t in range(FIRST_NAMED_MESSAGE, 0x10000) if t not in messages)
    messages[message_type] = raw
    return 0x0001 << 16 | message_type


def _requests(tb) -> list[tuple[bytes, int, int]]:
    return tb.tl.requests


@tool(0x01, 0x1B, "LWL")
def AcceptRequests(tb, name_ptr: int, user_id: int, proc: int) -> None:
    """AcceptRequests(nameString:L, userID:W, requestProc:L) -- a procedure that
    SendRequest may call (a name given again takes the new procedure); requestProc 0
    withdraws the name."""
    name = bytes(tb.mem[name_ptr + k] for k in range(1 + tb.mem[name_ptr]))
    requests = _requests(tb)
    requests[:] = [r for r in requests if r[0].upper() != name.upper()]
    if proc:
        requests.append((name, user_id, proc & 0xFFFFFF))


@tool(0x01, 0x1C, "WWLLL")
def SendRequest(tb, req_code: int, send_how: int, target: int, data_in: int,
                data_out: int) -> None:
    """SendRequest(reqCode:W, sendHow:W, target:L, dataIn:L, dataOut:L) -- calls the
    accepting procedures (all, by name or by user ID) as requestProc(reqCode:W,
    dataIn:L, dataOut:L): result:W, stopping after the first that accepts when asked;
    reqNotAccepted when none does."""
    how = send_how & SEND_HOW_MASK
    if how == SEND_TO_ALL:
        targets = list(_requests(tb))
    elif how == SEND_TO_NAME:
        name = bytes(tb.mem[target + k] for k in range(1 + tb.mem[target])).upper()
        targets = [r for r in _requests(tb) if r[0].upper() == name]
    elif how == SEND_TO_USER_ID:
        targets = [r for r in _requests(tb) if r[1] == target & 0xFFFF]
    else:
        raise ToolError(INVALID_SEND_REQUEST, f"sendHow ${send_how:04X}")
    machine = tb.machine
    accepted = False
    for _name, _user_id, proc in targets:
        if machine is None:
            break
        result_at = (machine.stack_pointer - 1) & 0xFFFF
        machine.call(proc, stack_args=(0, req_code, data_in >> 16, data_in & 0xFFFF,
                                       data_out >> 16, data_out & 0xFFFF))
        if read_word(tb.mem, result_at) & REQUEST_ACCEPTED:
            accepted = True
            if send_how & STOP_AFTER_ONE:
                break
    if not accepted:
        raise ToolError(REQ_NOT_ACCEPTED, f"request ${req_code:04X}")


# -- the rest of the Tool Locator (Toolbox Reference vol. 2 ch. 24, vol. 3 ch. 24 and the
# System 6 additions; locator.h) ---------------------------------------------------------

@tool(0x01, 0x01, "")
def TLBootInit(tb) -> None:
    """TLBootInit() -- the ROM's start-up work; nothing is left to do here."""


@tool(0x01, 0x05, "")
def TLReset(tb) -> None:
    """TLReset() -- a reset disconnects the application's user tool sets."""
    _tl(tb).shut_down_user_tools()


@tool(0x01, 0x16, "")
def SetDefaultTPT(tb) -> None:
    """SetDefaultTPT() -- the system tool pointer table as the system gives it: the
    system tool sets SetTSPtr replaced are the toolbox's own again."""
    tl = _tl(tb)
    for key in [k for k in tl.tables if not k[0]]:
        del tl.tables[key]


def _own_id(tb) -> int:
    """The user ID the Tool Locator's own handles belong to (made when first needed)."""
    tl = _tl(tb)
    if not tl.own_id:
        tl.own_id = tb.misc.get_new_id(TOOL_SET_ID_TYPE)
    return tl.own_id


# SaveTextState's handle: the text pages (main and auxiliary, text page 1), NEWVIDEO and
# the text switches (TEXT, 80VID, ALTCHAR), the state the text screen's users share.
TEXT_STATE_SWITCHES = ("TEXT", "80VID", "ALTCHAR")


@tool(0x01, 0x13, "", 4)
def SaveTextState(tb) -> int:
    """SaveTextState(): stateHandle:L -- the text screen and its video switches in a
    new handle, for RestoreTextState."""
    from toolbox.desk.cda import save_screen
    saved = save_screen(tb)
    newvideo, switches = saved.video if saved.video is not None else (0, [False] * 3)
    data = b"".join(saved.text) + bytes([newvideo]) + bytes(map(int, switches))
    mm = tb.mm
    handle = mm.new_handle(len(data), _own_id(tb), 0xC000)
    write_bytes(tb.mem, mm.deref(handle), data)
    return handle


@tool(0x01, 0x14, "L")
def RestoreTextState(tb, handle: int) -> None:
    """RestoreTextState(stateHandle:L) -- puts SaveTextState's state back and disposes
    of the handle."""
    from toolbox.desk.cda import TEXT_PAGE_BYTES, TEXT_PAGES, SavedScreen, restore_screen
    data = _handle_bytes(tb, handle)
    pages = len(TEXT_PAGES) * TEXT_PAGE_BYTES
    text = [data[i:i + TEXT_PAGE_BYTES] for i in range(0, pages, TEXT_PAGE_BYTES)]
    video = (data[pages], [bool(b) for b in data[pages + 1:pages + 4]])
    restore_screen(tb, SavedScreen(text, video))
    tb.mm.dispose(handle)


# GetMsgHandle's flags (the System 6 Tool Locator): 0, messageRef is a message type;
# 1, a pointer to the message's name (a Pascal string, as MessageByName names it).
MSG_BY_TYPE, MSG_BY_NAME = 0, 1


@tool(0x01, 0x1A, "WL", 4)
def GetMsgHandle(tb, flags: int, message_ref: int) -> int:
    """GetMsgHandle(flags:W, messageRef:L): msgHandle:L -- a handle holding the
    message (MessageRec: messageNext:L, messageType:W, the data), the message
    center's own: the program reads it and does not dispose of it; messNotFoundErr
    when there is no such message."""
    tl, mem = _tl(tb), tb.mem
    messages = tl.messages
    if flags == MSG_BY_TYPE:
        message_type = message_ref & 0xFFFF
    elif flags == MSG_BY_NAME:
        name = read_pstring(mem, message_ref)
        message_type = next((t for t, data in messages.items()
                             if t >= FIRST_NAMED_MESSAGE and data[3:3 + data[2]] == name),
                            -1)
    else:
        raise ToolError(INVALID_SEND_REQUEST, f"GetMsgHandle flags ${flags:04X}")
    if message_type not in messages:
        raise ToolError(MESS_NOT_FOUND_ERR, f"no message {message_ref:#x}")
    data = messages[message_type]
    mm = tb.mm
    handle = tl.message_handles.get(message_type)
    if handle is None or handle not in mm.blocks:
        handle = mm.new_handle(MESSAGE_HEADER + len(data),
                               _own_id(tb), 0)
        tl.message_handles[message_type] = handle
    mm.set_size(handle, MESSAGE_HEADER + len(data))
    where = mm.deref(handle)
    write_long(mem, where, 0)
    write_word(mem, where + 4, message_type)
    write_bytes(mem, where + MESSAGE_HEADER, data)
    return handle
