"""Memory Manager (tool set $02): handles to blocks of the emulated 24-bit memory.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 12 "Memory Manager", with the
call numbers and attribute bits of ORCA/C `memory.h` (and the bank-0 direct-page
idiom of the ORCA/C desktop samples).

A handle is the address of a 20-byte handle record in emulated memory whose first long
is the master pointer, so `LDA [h]` in the program finds the block exactly as on the
real machine. Record layout (Toolbox Reference, "Handle record"):

    +$00 pointer:L   the block (0 when the handle is empty or purged)
    +$04 attributes:W
    +$06 userID:W
    +$08 size:L
    +$0C prev:L      +$10 next:L   (this Memory Manager keeps its chain in Python and
                                    writes 0 here; no program walks the chain)

Handle records live in bank $E0 (free on this machine: there is no Apple II video).
Blocks never move once placed: that is the honest limit case of a compacting manager
(a program that obeys the rules cannot tell), so CompactMem is a no-op and a handle
only moves when SetHandleSize grows an unlocked, unfixed block that has no room after
it. Purgeable unlocked blocks are purged only when the program asks (PurgeHandle,
PurgeAll), never behind its back.

A request that finds no room asks the out-of-memory queue's routines (AddToOOMQueue)
to free some, then looks once more; RestoreHandle gives a purged handle its old size.

The pure core (`MemoryManager`) is what the loader and other tool sets call:
`tb.mm.new_handle(size, user_id, attr, location=0) -> handle`, `tb.mm.deref(handle)`,
`tb.mm.dispose(handle)`. The tool-call functions at the bottom are thin adapters.
"""
from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from iigs.memory import (MM_DEFAULT_POOL, MM_HANDLE_AREA, MM_SPECIAL_POOL, RAM_BANKS,
                         read_long, write_long, write_word)
from toolbox.calls import ToolError, tool
from toolbox.misc import add_to_queue, delete_from_queue, queue_entries
from toolbox.toolbox import tool_state

# Error codes (Toolbox Reference, Memory Manager; ORCA/C memory.h)
MEM_ERR = 0x0201          # memErr: unable to allocate block
EMPTY_ERR = 0x0202        # emptyErr: illegal operation on an empty handle
NOT_EMPTY_ERR = 0x0203    # notEmptyErr: an empty handle was expected
LOCK_ERR = 0x0204         # lockErr: illegal operation on a locked block
PURGE_ERR = 0x0205        # purgeErr: attempt to purge an unpurgeable block
HANDLE_ERR = 0x0206       # handleErr: an invalid handle was given
ID_ERR = 0x0207           # idErr: an invalid owner ID was given
ATTR_ERR = 0x0208         # attrErr: operation illegal on block with given attributes

# Attribute bits (memory.h)
ATTR_BANK = 0x0001        # fixed bank: the bank of `location`
ATTR_ADDR = 0x0002        # fixed address: exactly `location`
ATTR_PAGE = 0x0004        # page aligned
ATTR_NO_SPEC = 0x0008     # may not use special memory
ATTR_NO_CROSS = 0x0010    # may not cross a bank boundary
ATTR_PURGE = 0x0300       # purge level 0..3
ATTR_HANDLE = 0x1000      # block of master pointers
ATTR_SYSTEM = 0x2000      # system handle
ATTR_FIXED = 0x4000       # not movable
ATTR_LOCKED = 0x8000      # locked

HANDLE_RECORD_SIZE = 20
MM_VERSION = 0x0302       # reported by MMVersion (System 6 Memory Manager v3.2)

# The out-of-memory queue (Toolbox Reference vol. 3): an entry is qLink:L,
# reserved:W, signature $A55A:W, then its routine.
OOM_ENTRY_CODE = 8
OOM_REASON_REQUEST = 0        # the reason word the routines are called with
OOM_HEADER_SIZE = 8

# A user ID's auxiliary field (bits 11-8): DisposeAll with aux 0 means "any aux ID".
AUX_ID_MASK = 0x0F00


@dataclass
class Block:
    """The Python side of one handle record (the record in memory is kept in step)."""
    handle: int
    address: int          # 0 when empty
    size: int
    attr: int
    user_id: int


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted (start, end) ranges with touching neighbours joined."""
    merged: list[tuple[int, int]] = []
    for s, e in ranges:
        if merged and merged[-1][1] == s:
            merged[-1] = (merged[-1][0], e)
        else:
            merged.append((s, e))
    return merged


def _without_special(start: int, end: int) -> list[tuple[int, int]]:
    """The parts of the free range start..end outside special memory."""
    parts = [(start, end)]
    for s_lo, s_hi in MM_SPECIAL_POOL:
        parts = [piece for lo, hi in parts
                 for piece in ((lo, min(hi, s_lo)), (max(lo, s_hi), hi)) if piece[0] < piece[1]]
    return parts


@tool_state("mm")
class MemoryManager:
    """Free-space bookkeeping and handle records for the 24-bit memory."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.mem = tb.mem
        self.started = False
        self.app_user_id = 0          # set by the loader; MMStartUp returns it
        self.blocks: dict[int, Block] = {}
        # Free ranges as sorted (start, end) pairs, end exclusive.
        self.free: list[tuple[int, int]] = _merged(sorted(MM_DEFAULT_POOL + MM_SPECIAL_POOL))
        self._free_records: list[int] = []
        self._next_record = MM_HANDLE_AREA[0]
        self.purged_sizes: dict[int, int] = {}   # handle -> its size before the purge
        self.oom_queue = 0            # AddToOOMQueue's queue header, once made

    # -- handle records ---------------------------------------------------------------
    def _new_record(self) -> int:
        if self._free_records:
            return self._free_records.pop()
        if self._next_record + HANDLE_RECORD_SIZE > MM_HANDLE_AREA[1]:
            raise ToolError(MEM_ERR, "out of handle records")
        handle = self._next_record
        self._next_record += HANDLE_RECORD_SIZE
        return handle

    def _write_record(self, b: Block) -> None:
        write_long(self.mem, b.handle, b.address)
        write_word(self.mem, b.handle + 4, b.attr)
        write_word(self.mem, b.handle + 6, b.user_id)
        write_long(self.mem, b.handle + 8, b.size)
        write_long(self.mem, b.handle + 12, 0)
        write_long(self.mem, b.handle + 16, 0)

    def block(self, handle: int) -> Block:
        """The live block of `handle`, or handleErr."""
        b = self.blocks.get(handle & 0xFFFFFF)
        if b is None:
            raise ToolError(HANDLE_ERR, f"${handle:06X} is not a handle")
        return b

    # -- free space -------------------------------------------------------------------
    def _candidates(self, attr: int, location: int):
        """Free ranges to search, clipped to what the attributes allow."""
        if attr & ATTR_ADDR:
            return [(location, None)]
        if attr & ATTR_BANK:
            lo, hi = location & 0xFF0000, (location & 0xFF0000) + 0x10000
            return [(max(s, lo), min(e, hi)) for s, e in self.free if s < hi and e > lo]
        # Ordinary requests come from RAM banks $02-$7F first, then banks $00/$01,
        # never from special memory (reserved for fixed requests).
        return sorted(self._ordinary_free(), key=lambda r: (r[0] < 0x020000, r[0]))

    def _find_space(self, size: int, attr: int, location: int, align: int) -> int:
        if attr & ATTR_PAGE:
            align = max(align, 0x100)
        for start, end in self._candidates(attr, location):
            if end is None:             # fixed address: must lie inside one free range
                if location % align == 0 and self._is_free(location, size):
                    return location
                continue
            addr = -(-start // align) * align
            while addr + size <= end:
                if attr & ATTR_NO_CROSS and (addr & 0xFFFF) + size > 0x10000:
                    addr = -(-((addr | 0xFFFF) + 1) // align) * align
                    continue
                return addr
        raise ToolError(MEM_ERR, f"no room for ${size:X} bytes (attributes ${attr:04X})")

    def _space_or_ask(self, size: int, attr: int, location: int, align: int) -> int:
        """`_find_space`, and when there is no room the out-of-memory queue's routines
        are asked to free some (`ask_oom_queue`) and the search is made again."""
        try:
            return self._find_space(size, attr, location, align)
        except ToolError as err:
            if err.code != MEM_ERR or not self.ask_oom_queue(size):
                raise
        return self._find_space(size, attr, location, align)

    def ask_oom_queue(self, needed: int) -> bool:
        """Call each routine of the out-of-memory queue (AddToOOMQueue; Toolbox
        Reference vol. 3) as the Memory Manager does when a request cannot be met:
        JSL to entry + 8 in full native mode with the stack holding a long of result
        space, the bytes needed (long) and the reason (0: a request failed); the
        routine removes its parameters and leaves the bytes it freed. True when any
        routine freed some, so the request is tried again."""
        machine = self.tb.machine
        if not self.oom_queue or machine is None:
            return False
        freed = False
        for entry in queue_entries(self.mem, self.oom_queue):
            regs = machine.call(entry + OOM_ENTRY_CODE, stack_args=[
                0, 0, (needed >> 16) & 0xFFFF, needed & 0xFFFF, OOM_REASON_REQUEST])
            freed |= bool(read_long(self.mem, (regs.sp + 1) & 0xFFFF))
        return freed

    def _is_free(self, addr: int, size: int) -> bool:
        return any(s <= addr and addr + size <= e for s, e in self.free)

    def _take(self, addr: int, size: int) -> None:
        for i, (s, e) in enumerate(self.free):
            if s <= addr and addr + size <= e:
                del self.free[i]
                if addr > s:
                    insort(self.free, (s, addr))
                if addr + size < e:
                    insort(self.free, (addr + size, e))
                return
        raise AssertionError(f"${addr:06X}+${size:X} is not free")

    def _give_back(self, addr: int, size: int) -> None:
        if size <= 0:
            return
        insort(self.free, (addr, addr + size))
        self.free = _merged(self.free)

    # -- the core API ------------------------------------------------------------------
    def new_handle(self, size: int, user_id: int, attr: int, location: int = 0,
                   align: int = 1) -> int:
        """NewHandle's core: a handle to `size` bytes (zero-filled) placed as `attr` says.

        `align` adds an alignment stronger than attrPage (the loader's bank-aligned
        segments use $10000)."""
        if user_id & 0xFFFF == 0:
            raise ToolError(ID_ERR, "user ID 0")
        handle = self._new_record()
        addr = 0
        try:
            if size:
                addr = self._space_or_ask(size, attr, location & 0xFFFFFF, max(align, 1))
                self._take(addr, size)
                self.mem[addr:addr + size] = bytes(size)
        except ToolError:
            self._free_records.append(handle)
            raise
        b = Block(handle, addr, size, attr & 0xFFFF, user_id & 0xFFFF)
        self.blocks[handle] = b
        self._write_record(b)
        return handle

    def deref(self, handle: int) -> int:
        """The block's address (the master pointer)."""
        return self.block(handle).address

    def dispose(self, handle: int) -> None:
        """DisposeHandle's core (a locked block is disposed too, as on the IIGS)."""
        b = self.block(handle)
        self._give_back(b.address, b.size)
        del self.blocks[b.handle]
        self.purged_sizes.pop(b.handle, None)
        self.mem[b.handle:b.handle + HANDLE_RECORD_SIZE] = bytes(HANDLE_RECORD_SIZE)
        self._free_records.append(b.handle)

    def dispose_all(self, user_id: int) -> None:
        """DisposeAll's core: every handle owned by `user_id` (aux 0 = any aux ID)."""
        if user_id & 0xFFFF == 0:
            raise ToolError(ID_ERR, "user ID 0")
        for b in list(self.blocks.values()):
            if self._owned(b, user_id):
                self.dispose(b.handle)

    @staticmethod
    def _owned(b: Block, user_id: int) -> bool:
        if user_id & AUX_ID_MASK:
            return b.user_id == user_id
        return b.user_id & ~AUX_ID_MASK & 0xFFFF == user_id & 0xFFFF

    def set_attr(self, handle: int, set_bits: int = 0, clear_bits: int = 0) -> None:
        b = self.block(handle)
        b.attr = (b.attr | set_bits) & ~clear_bits & 0xFFFF
        write_word(self.mem, b.handle + 4, b.attr)

    def size_of(self, handle: int) -> int:
        return self.block(handle).size

    def set_size(self, handle: int, new_size: int) -> None:
        """SetHandleSize's core: grow or shrink, moving an unlocked block if needed."""
        b = self.block(handle)
        new_size &= 0xFFFFFFFF
        if new_size <= b.size:
            self._give_back(b.address + new_size, b.size - new_size)
            if new_size == 0:
                b.address = 0
        elif b.address and self._is_free(b.address + b.size, new_size - b.size) and not (
                b.attr & ATTR_NO_CROSS and (b.address & 0xFFFF) + new_size > 0x10000) and (
                b.attr & (ATTR_ADDR | ATTR_BANK)
                or _without_special(b.address + b.size, b.address + new_size)
                == [(b.address + b.size, b.address + new_size)]):
            self._take(b.address + b.size, new_size - b.size)
            self.mem[b.address + b.size:b.address + new_size] = bytes(new_size - b.size)
        else:
            if b.address and b.attr & (ATTR_LOCKED | ATTR_FIXED):
                raise ToolError(LOCK_ERR, "locked block cannot grow in place")
            location = b.address if b.attr & ATTR_BANK else 0
            addr = self._find_space(new_size, b.attr & ~ATTR_ADDR, location, 1)
            self._take(addr, new_size)
            self.mem[addr:addr + new_size] = bytes(new_size)
            if b.address:
                self.mem[addr:addr + b.size] = self.mem[b.address:b.address + b.size]
                self._give_back(b.address, b.size)
            b.address = addr
        b.size = new_size
        self._write_record(b)

    def purge(self, handle: int) -> None:
        """PurgeHandle's core: empty a purgeable, unlocked handle."""
        b = self.block(handle)
        if b.attr & ATTR_LOCKED:
            raise ToolError(LOCK_ERR, "cannot purge a locked block")
        if not b.attr & ATTR_PURGE:
            raise ToolError(PURGE_ERR, "block is not purgeable")
        self._give_back(b.address, b.size)
        self.purged_sizes[b.handle] = b.size
        b.address, b.size = 0, 0
        self._write_record(b)

    def find_handle(self, addr: int) -> int:
        """FindHandle's core: the handle whose block holds `addr`, or 0."""
        addr &= 0xFFFFFF
        for b in self.blocks.values():
            if b.address <= addr < b.address + b.size:
                return b.handle
        return 0

    def free_bytes(self) -> int:
        """FreeMem's core: free bytes in ordinary RAM (banks $00-$7F, special memory
        left out)."""
        return sum(e - s for s, e in self._ordinary_free())

    def max_block(self) -> int:
        return max((e - s for s, e in self._ordinary_free()), default=0)

    def _ordinary_free(self) -> list[tuple[int, int]]:
        return [r for s, e in self.free if s >> 16 in RAM_BANKS
                for r in _without_special(s, e)]

    @staticmethod
    def total_bytes() -> int:
        return len(RAM_BANKS) * 0x10000

    def block_move(self, src: int, dest: int, count: int) -> None:
        """BlockMove's core: copy `count` bytes, correct for overlapping ranges."""
        src &= 0xFFFFFF
        dest &= 0xFFFFFF
        if count:
            self.mem[dest:dest + count] = self.mem[src:src + count]


def _mm(tb) -> MemoryManager:
    return tb.mm


# -- tool calls (Toolbox Reference vol. 1, chapter 12; numbers from memory.h) -------------

# A user ID without its auxiliary field: the type and main ID a load file was given.
MAIN_ID_MASK = 0xF0FF


def caller_user_id(tb) -> int:
    """The user ID of the code that made the current tool call: the owner of the block
    holding the caller's JSL, as the Memory Manager finds it from the return address,
    aux field cleared; 0 when no block holds it (the dispatcher sets `tb.caller`)."""
    mm = _mm(tb)
    handle = mm.find_handle(tb.caller)
    return mm.block(handle).user_id & MAIN_ID_MASK if handle else 0


@tool(0x02, 0x02, "", 2)
def MMStartUp(tb) -> int:
    """MMStartUp(): userID:W -- the caller's user ID: the one its code was loaded under
    (a desk accessory's own, not the application's), else the application's."""
    mm = _mm(tb)
    mm.started = True
    if not mm.app_user_id:
        mm.app_user_id = tb.misc.get_new_id(0x1000)
    return caller_user_id(tb) or mm.app_user_id


@tool(0x02, 0x03, "W")
def MMShutDown(tb, user_id: int) -> None:
    """MMShutDown(userID:W) -- the program's memory goes at Quit, not here."""
    _mm(tb).started = False


@tool(0x02, 0x04, "", 2)
def MMVersion(tb) -> int:
    """MMVersion(): versionInfo:W"""
    return MM_VERSION


@tool(0x02, 0x06, "", 2)
def MMStatus(tb) -> int:
    """MMStatus(): activeFlag:W"""
    return 0xFFFF if _mm(tb).started else 0


@tool(0x02, 0x09, "LWWL", 4)
def NewHandle(tb, block_size: int, user_id: int, attributes: int, location: int) -> int:
    """NewHandle(blockSize:L, userID:W, memAttributes:W, memLocation:L): handle:L"""
    return _mm(tb).new_handle(block_size, user_id, attributes, location)


@tool(0x02, 0x0A, "LWWLL")
def ReAllocHandle(tb, block_size: int, user_id: int, attributes: int, location: int,
                  handle: int) -> None:
    """ReAllocHandle(blockSize:L, userID:W, memAttributes:W, memLocation:L, theHandle:L)
    -- give an empty (purged) handle a new block."""
    mm = _mm(tb)
    b = mm.block(handle)
    if b.address:
        raise ToolError(NOT_EMPTY_ERR, "handle is not empty")
    fresh = mm.new_handle(block_size, user_id, attributes, location)
    nb = mm.blocks.pop(fresh)
    mm._free_records.append(fresh)
    b.address, b.size, b.attr, b.user_id = nb.address, nb.size, nb.attr, nb.user_id
    mm._write_record(b)


@tool(0x02, 0x10, "L")
def DisposeHandle(tb, handle: int) -> None:
    """DisposeHandle(theHandle:L)"""
    _mm(tb).dispose(handle)


@tool(0x02, 0x11, "W")
def DisposeAll(tb, user_id: int) -> None:
    """DisposeAll(userID:W)"""
    _mm(tb).dispose_all(user_id)


@tool(0x02, 0x12, "L")
def PurgeHandle(tb, handle: int) -> None:
    """PurgeHandle(theHandle:L)"""
    _mm(tb).purge(handle)


@tool(0x02, 0x13, "W")
def PurgeAll(tb, user_id: int) -> None:
    """PurgeAll(userID:W) -- purge every purgeable, unlocked block of the owner."""
    mm = _mm(tb)
    for b in list(mm.blocks.values()):
        if mm._owned(b, user_id) and b.attr & ATTR_PURGE and not b.attr & ATTR_LOCKED \
                and b.address:
            mm.purge(b.handle)


@tool(0x02, 0x18, "L", 4)
def GetHandleSize(tb, handle: int) -> int:
    """GetHandleSize(theHandle:L): size:L"""
    return _mm(tb).size_of(handle)


@tool(0x02, 0x19, "LL")
def SetHandleSize(tb, new_size: int, handle: int) -> None:
    """SetHandleSize(newSize:L, theHandle:L)"""
    _mm(tb).set_size(handle, new_size)


@tool(0x02, 0x1A, "L", 4)
def FindHandle(tb, location: int) -> int:
    """FindHandle(memLocation:L): handle:L (0 if no block holds the address)"""
    return _mm(tb).find_handle(location)


@tool(0x02, 0x1B, "", 4)
def FreeMem(tb) -> int:
    """FreeMem(): freeBytes:L"""
    return _mm(tb).free_bytes()


@tool(0x02, 0x1C, "", 4)
def MaxBlock(tb) -> int:
    """MaxBlock(): size:L -- the largest free block."""
    return _mm(tb).max_block()


@tool(0x02, 0x1D, "", 4)
def TotalMem(tb) -> int:
    """TotalMem(): totalSize:L"""
    return MemoryManager.total_bytes()


@tool(0x02, 0x1E, "L")
def CheckHandle(tb, handle: int) -> None:
    """CheckHandle(theHandle:L) -- handleErr if it is not a live handle."""
    _mm(tb).block(handle)


@tool(0x02, 0x1F, "")
def CompactMem(tb) -> None:
    """CompactMem() -- blocks never move here, so there is nothing to compact."""


@tool(0x02, 0x20, "L")
def HLock(tb, handle: int) -> None:
    """HLock(theHandle:L)"""
    _mm(tb).set_attr(handle, set_bits=ATTR_LOCKED)


@tool(0x02, 0x21, "W")
def HLockAll(tb, user_id: int) -> None:
    """HLockAll(userID:W)"""
    mm = _mm(tb)
    for b in list(mm.blocks.values()):
        if mm._owned(b, user_id):
            mm.set_attr(b.handle, set_bits=ATTR_LOCKED)


@tool(0x02, 0x22, "L")
def HUnlock(tb, handle: int) -> None:
    """HUnlock(theHandle:L)"""
    _mm(tb).set_attr(handle, clear_bits=ATTR_LOCKED)


@tool(0x02, 0x23, "W")
def HUnlockAll(tb, user_id: int) -> None:
    """HUnlockAll(userID:W)"""
    mm = _mm(tb)
    for b in list(mm.blocks.values()):
        if mm._owned(b, user_id):
            mm.set_attr(b.handle, clear_bits=ATTR_LOCKED)


@tool(0x02, 0x24, "WL")
def SetPurge(tb, purge_level: int, handle: int) -> None:
    """SetPurge(newPurgeLevel:W, theHandle:L)"""
    _mm(tb).set_attr(handle, set_bits=(purge_level & 3) << 8,
                     clear_bits=ATTR_PURGE & ~((purge_level & 3) << 8))


@tool(0x02, 0x25, "WW")
def SetPurgeAll(tb, purge_level: int, user_id: int) -> None:
    """SetPurgeAll(newPurgeLevel:W, userID:W)"""
    mm = _mm(tb)
    for b in list(mm.blocks.values()):
        if mm._owned(b, user_id):
            SetPurge(tb, purge_level, b.handle)


@tool(0x02, 0x28, "LLL")
def PtrToHand(tb, src_ptr: int, handle: int, count: int) -> None:
    """PtrToHand(srcPtr:L, theHandle:L, count:L) -- the handle grows to hold count."""
    mm = _mm(tb)
    if mm.size_of(handle) < count:
        mm.set_size(handle, count)
    mm.block_move(src_ptr, mm.deref(handle), count)


@tool(0x02, 0x29, "LLL")
def HandToPtr(tb, handle: int, dest_ptr: int, count: int) -> None:
    """HandToPtr(sourceHandle:L, destPtr:L, count:L)"""
    mm = _mm(tb)
    if not mm.deref(handle) and count:
        raise ToolError(EMPTY_ERR, "handle is empty")
    mm.block_move(mm.deref(handle), dest_ptr, count)


@tool(0x02, 0x2A, "LLL")
def HandToHand(tb, src_handle: int, dest_handle: int, count: int) -> None:
    """HandToHand(sourceHandle:L, destHandle:L, count:L) -- the destination grows."""
    mm = _mm(tb)
    if not mm.deref(src_handle) and count:
        raise ToolError(EMPTY_ERR, "source handle is empty")
    if mm.size_of(dest_handle) < count:
        mm.set_size(dest_handle, count)
    mm.block_move(mm.deref(src_handle), mm.deref(dest_handle), count)


@tool(0x02, 0x2B, "LLL")
def BlockMove(tb, src_ptr: int, dest_ptr: int, count: int) -> None:
    """BlockMove(sourcPtr:L, destPtr:L, count:L)"""
    _mm(tb).block_move(src_ptr, dest_ptr, count)


@tool(0x02, 0x2F, "", 4)
def RealFreeMem(tb) -> int:
    """RealFreeMem(): freeBytes:L -- free plus purgeable bytes."""
    mm = _mm(tb)
    purgeable = sum(b.size for b in mm.blocks.values()
                    if b.attr & ATTR_PURGE and not b.attr & ATTR_LOCKED)
    return mm.free_bytes() + purgeable


@tool(0x02, 0x30, "WL", 2)
def SetHandleID(tb, new_id: int, handle: int) -> int:
    """SetHandleID(newID:W, theHandle:L): oldID:W (newID 0 only reads the ID)"""
    mm = _mm(tb)
    b = mm.block(handle)
    old = b.user_id
    if new_id:
        b.user_id = new_id & 0xFFFF
        mm._write_record(b)
    return old


@tool(0x02, 0x01, "")
def MMBootInit(tb) -> None:
    """MMBootInit() -- the ROM's start-up work; nothing is left to do here."""


@tool(0x02, 0x05, "")
def MMReset(tb) -> None:
    """MMReset() -- nothing to do: the blocks stay as they are until their owners go."""


@tool(0x02, 0x0B, "L")
def RestoreHandle(tb, handle: int) -> None:
    """RestoreHandle(theHandle:L) -- a purged handle gets a block of the size it had
    before it was purged, with its attributes; notEmptyErr if it was not purged."""
    mm = _mm(tb)
    b = mm.block(handle)
    if b.address:
        raise ToolError(NOT_EMPTY_ERR, "handle is not empty")
    size = mm.purged_sizes.get(b.handle, 0)
    if size:
        ReAllocHandle(tb, size, b.user_id, b.attr, 0, handle)
        mm.purged_sizes.pop(b.handle, None)


def _oom_queue(tb) -> int:
    mm = _mm(tb)
    if not mm.oom_queue:
        handle = mm.new_handle(OOM_HEADER_SIZE, tb.misc.get_new_id(0x4000), 0xC018)
        mm.oom_queue = mm.deref(handle)
        write_long(mm.mem, mm.oom_queue, 0)
        write_long(mm.mem, mm.oom_queue + 4, 0xA55A << 16)
    return mm.oom_queue


@tool(0x02, 0x0C, "L")
def AddToOOMQueue(tb, header: int) -> None:
    """AddToOOMQueue(headerPtr:L) -- the routine is asked for memory when a request
    cannot be met (the Misc Tool Set's queue rules and errors)."""
    add_to_queue(tb.mem, header, _oom_queue(tb))


@tool(0x02, 0x0D, "L")
def RemoveFromOOMQueue(tb, header: int) -> None:
    """RemoveFromOOMQueue(headerPtr:L)"""
    delete_from_queue(tb.mem, header, _oom_queue(tb))


def read_master_pointer(mem, handle: int) -> int:
    """What the program sees through the handle (for tests and reports)."""
    return read_long(mem, handle) & 0xFFFFFF
