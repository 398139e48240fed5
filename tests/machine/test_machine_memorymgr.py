"""Memory Manager core (toolbox/memorymgr.py) without the CPU: the Toolbox Reference's
NewHandle attributes, handle records in memory, sizes, purging and the error codes."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from iigs.memory import read_long, read_word
from toolbox.calls import TOOL_TABLE, ToolError
from toolbox.memorymgr import (ATTR_ADDR, ATTR_BANK, ATTR_FIXED, ATTR_LOCKED,
                               ATTR_NO_CROSS, ATTR_PAGE, HANDLE_ERR, ID_ERR, LOCK_ERR,
                               MEM_ERR, PURGE_ERR, MemoryManager)
from toolbox.toolbox import Toolbox

UID = 0x1001


@pytest.fixture
def tb():
    return Toolbox(bytearray(1 << 24))


def call(tb, name, *args):
    row = next(r for r in TOOL_TABLE.values() if r.name == name)
    return row.impl(tb, *args)


def test_new_handle_record_holds_master_pointer_attributes_id_and_size(tb):
    h = tb.mm.new_handle(0x100, UID, ATTR_LOCKED)
    addr = tb.mm.deref(h)
    assert read_long(tb.mem, h) == addr            # the master pointer: LDA [h]
    assert read_word(tb.mem, h + 4) == ATTR_LOCKED
    assert read_word(tb.mem, h + 6) == UID
    assert read_long(tb.mem, h + 8) == 0x100


def test_ordinary_blocks_come_from_banks_02_up_and_do_not_overlap(tb):
    blocks = [tb.mm.new_handle(0x1000, UID, 0) for _ in range(20)]
    spans = sorted((tb.mm.deref(h), tb.mm.deref(h) + 0x1000) for h in blocks)
    assert spans[0][0] >= 0x020000
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))


def test_new_handle_zero_fills_the_block(tb):
    h = tb.mm.new_handle(16, UID, 0)
    tb.mem[tb.mm.deref(h)] = 0xAA
    tb.mm.dispose(h)
    h2 = tb.mm.new_handle(16, UID, 0)
    assert tb.mem[tb.mm.deref(h2)] == 0


def test_bank_zero_page_aligned_block_for_a_direct_page(tb):
    # NewHandle(size, id, $C015, 0): the Toolbox Reference's direct-page idiom
    h = tb.mm.new_handle(0x300, UID, 0xC015, 0)
    addr = tb.mm.deref(h)
    assert addr >> 16 == 0 and addr & 0xFF == 0


def test_fixed_address_is_honoured_and_refused_when_taken(tb):
    h = tb.mm.new_handle(0x8000, UID, ATTR_ADDR | ATTR_LOCKED, 0xE12000)
    assert tb.mm.deref(h) == 0xE12000
    with pytest.raises(ToolError) as err:
        tb.mm.new_handle(0x10, UID, ATTR_ADDR, 0xE12100)
    assert err.value.code == MEM_ERR


def test_page_alignment_and_no_bank_crossing(tb):
    tb.mm.new_handle(0x0FF01, UID, 0)        # leave the free space at an odd spot
    h = tb.mm.new_handle(0x200, UID, ATTR_PAGE)
    assert tb.mm.deref(h) & 0xFF == 0
    big = tb.mm.new_handle(0xF000, UID, ATTR_NO_CROSS)
    a = tb.mm.deref(big)
    assert a >> 16 == (a + 0xF000 - 1) >> 16


def test_fixed_bank(tb):
    h = tb.mm.new_handle(0x40, UID, ATTR_BANK, 0x050000)
    assert tb.mm.deref(h) >> 16 == 0x05


def test_invalid_handle_and_user_id_errors(tb):
    with pytest.raises(ToolError) as err:
        tb.mm.dispose(0x123456)
    assert err.value.code == HANDLE_ERR
    with pytest.raises(ToolError) as err:
        tb.mm.new_handle(4, 0, 0)
    assert err.value.code == ID_ERR


def test_too_big_is_mem_err(tb):
    with pytest.raises(ToolError) as err:
        tb.mm.new_handle(0x1000000, UID, 0)
    assert err.value.code == MEM_ERR


def test_set_handle_size_grows_in_place_or_moves_keeping_contents(tb):
    a = tb.mm.new_handle(8, UID, 0)
    tb.mem[tb.mm.deref(a):tb.mm.deref(a) + 8] = b"ABCDEFGH"
    b = tb.mm.new_handle(8, UID, 0)              # right after a: a must move to grow
    old = tb.mm.deref(a)
    tb.mm.set_size(a, 0x100)
    assert tb.mm.deref(a) != old
    assert bytes(tb.mem[tb.mm.deref(a):tb.mm.deref(a) + 8]) == b"ABCDEFGH"
    assert read_long(tb.mem, a) == tb.mm.deref(a)
    assert tb.mm.size_of(a) == 0x100 and read_long(tb.mem, a + 8) == 0x100
    tb.mm.set_size(b, 0x20)                       # room after b: grows in place
    assert tb.mm.size_of(b) == 0x20


def test_locked_block_that_must_move_is_lock_err(tb):
    a = tb.mm.new_handle(8, UID, ATTR_LOCKED)
    tb.mm.new_handle(8, UID, 0)
    with pytest.raises(ToolError) as err:
        tb.mm.set_size(a, 0x100)
    assert err.value.code == LOCK_ERR


def test_hlock_hunlock_set_the_attribute_word(tb):
    h = tb.mm.new_handle(8, UID, 0)
    call(tb, "HLock", h)
    assert read_word(tb.mem, h + 4) & ATTR_LOCKED
    call(tb, "HUnlock", h)
    assert not read_word(tb.mem, h + 4) & ATTR_LOCKED


def test_purge_handle_empties_purgeable_and_refuses_others(tb):
    h = tb.mm.new_handle(64, UID, 0x0100)        # purge level 1
    tb.mm.purge(h)
    assert tb.mm.deref(h) == 0 and read_long(tb.mem, h) == 0
    n = tb.mm.new_handle(64, UID, 0)
    with pytest.raises(ToolError) as err:
        tb.mm.purge(n)
    assert err.value.code == PURGE_ERR
    call(tb, "ReAllocHandle", 32, UID, 0, 0, h)
    assert tb.mm.deref(h) and tb.mm.size_of(h) == 32


def test_find_handle_dispose_all_and_free_memory_accounting(tb):
    free0 = call(tb, "FreeMem")
    tb.mm.new_handle(0x100, 0x1001, 0)
    b = tb.mm.new_handle(0x100, 0x1101, 0)        # same main ID, aux 1
    c = tb.mm.new_handle(0x100, 0x1002, 0)
    assert call(tb, "FindHandle", tb.mm.deref(b) + 5) == b
    assert call(tb, "FindHandle", 0x7FFFFF) == 0
    assert call(tb, "FreeMem") == free0 - 0x300
    call(tb, "DisposeAll", 0x1001)                 # aux 0: every aux ID of main 1
    assert set(tb.mm.blocks) == {c}
    assert call(tb, "FreeMem") == free0 - 0x100
    assert call(tb, "TotalMem") == 0x800000
    assert 0 < call(tb, "MaxBlock") <= call(tb, "FreeMem")


def test_block_move_handles_overlap(tb):
    tb.mem[0x30000:0x30008] = b"12345678"
    call(tb, "BlockMove", 0x30000, 0x30002, 6)
    assert bytes(tb.mem[0x30000:0x30008]) == b"12123456"


def test_ptr_to_hand_grows_and_hand_to_ptr_copies(tb):
    h = tb.mm.new_handle(2, UID, 0)
    tb.mem[0x30000:0x30005] = b"CARDS"
    call(tb, "PtrToHand", 0x30000, h, 5)
    assert tb.mm.size_of(h) == 5
    call(tb, "HandToPtr", h, 0x31000, 5)
    assert bytes(tb.mem[0x31000:0x31005]) == b"CARDS"
    h2 = tb.mm.new_handle(1, UID, 0)
    call(tb, "HandToHand", h, h2, 5)
    assert bytes(tb.mem[tb.mm.deref(h2):tb.mm.deref(h2) + 5]) == b"CARDS"


def test_mm_startup_returns_the_program_user_id(tb):
    tb.mm.app_user_id = 0x1005
    assert call(tb, "MMStartUp") == 0x1005


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 0x3000), st.sampled_from(
    [0, ATTR_PAGE, ATTR_NO_CROSS, ATTR_LOCKED | ATTR_FIXED])), max_size=40))
def test_blocks_never_overlap_and_free_space_is_conserved(ops):
    tb = Toolbox(bytearray(1 << 24))
    mm: MemoryManager = tb.mm
    total = mm.free_bytes()
    live: list[int] = []
    for alloc, size, attr in ops:
        if alloc or not live:
            live.append(mm.new_handle(size, UID, attr))
        else:
            mm.dispose(live.pop(size % len(live)))
        spans = sorted((b.address, b.address + b.size) for b in mm.blocks.values())
        assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))
        assert mm.free_bytes() + sum(b.size for b in mm.blocks.values()) == total
        free = mm.free
        assert all(a[1] < b[0] for a, b in zip(free, free[1:]))   # sorted, merged
