"""`CPU65816.run()`: the choice between the CPU's tiers, made in this one loop.

1. Interpret (`iigs.cpu_fast`): one generated handler per instruction. Every address
   where a basic block starts (the target of a branch, jump, call or return, or the
   instruction after a state change) is counted.
2. Translate (`iigs.blocks`): once a block start has been reached HOT times, the code
   reachable from it is compiled into a region and run from then on; cold code never pays
   for translation. A region runs only when its first block's slowest path fits the
   budget, and checks the budget before each further block itself, so run() stops on
   exactly the instruction `run_reference()` (built on `step()`) would. Its code bytes are
   compared on every entry: self-modifying or newly loaded code drops that region only.

With an I/O page (`cpu.io`) the state key carries the memory map; an access that may
change it leaves either tier (`_Exit` "io"), is run here through `step()` at its exact
cycle, and the loop picks the tables and regions of the key after it.

Translation needs memory to be a plain bytearray (regions compare code bytes by slice);
any other memory object runs the interpreter alone.
"""
from __future__ import annotations

from typing import Any

from iigs import blocks
from iigs.cpu_fast import LOOP_CHECKED, Handler, _delegate_for, _Exit, state_key, table_for
from iigs.opcodes import OPCODES

HOT = 2               # entries of a block start before it is translated
MAX_CACHED = 8192     # regions kept per state
# Instructions after which a new basic block starts (control flow, state changes).
ENDS_BLOCK = bytes(1 if row.mnemonic in blocks.BRANCHES
                   or (row.mnemonic, row.mode) in blocks.DIRECT
                   or (row.mnemonic, row.mode) in blocks.COMPUTED
                   or row.mnemonic in blocks.DELEGATED else 0 for row in OPCODES)

# state -> (address -> Region, address -> entries counted before translation). Shared by
# every CPU: a region depends only on its address, its code bytes (checked on entry) and
# the state, so machines running the same program share their translations.
REGION_CACHES: dict[tuple, tuple[dict[int, blocks.Region], dict[int, int]]] = {}


def forget_translations() -> None:
    """Drop every region and compiled shape (benchmarks time translation from cold)."""
    REGION_CACHES.clear()
    blocks.SHAPES.clear()
    blocks.RELOCATABLE.clear()
    blocks.REWRITTEN.clear()
    blocks.ENTRY_POINTS.clear()


def run_fast(cpu: Any, max_cycles: int) -> int:
    """`CPU65816.run`: execute until the budget is used or a stop condition.

    `cpu.processorCycles` is brought up to date whenever control leaves the fast loop,
    so a trap hook sees the exact cycle count of the WDM it serves.
    """
    cpu.stop_reason = None
    start = cpu.processorCycles
    mem = cpu.memory
    reason = "cycles"
    caches = REGION_CACHES if type(mem) is bytearray else None
    while True:
        if cpu.stopped:
            reason = "stp"
            break
        if cpu.waiting:
            reason = "wai"
            break
        cycles = cpu.processorCycles - start
        if cycles >= max_cycles:
            break
        key = state_key(cpu)
        cpu.run_end = start + max_cycles   # for a region's TIMED reads (`timed_read`)
        table = table_for(key)
        delegate = _delegate_for(key)
        a0 = (cpu.pbr << 16) | cpu.pc
        try:
            if caches is not None:
                cache = caches.get(key)
                if cache is None:
                    cache = caches[key] = ({}, {})
                cycles, a0 = _run_tiers(cpu, mem, a0, cycles, max_cycles, table, delegate,
                                        cache, key)
            else:
                cycles, a0 = _run_handlers(cpu, mem, a0, cycles, max_cycles, table, delegate)
            cpu.pc = a0 & 0xFFFF
            cpu.processorCycles = start + cycles
            break
        except _Exit as stop:
            # The inner loop has added the cycles it ran; PC is in the CPU.
            cpu.processorCycles = start + stop.cycles
            if stop.reason == "wdm":
                cpu.step()   # runs the trap hook, which may change any register
                if cpu._trapped:
                    cpu._trapped = False
                    reason = "trap"
                    break
            elif stop.reason == "io":
                cpu.step()   # the I/O-page access, at its exact cycle (`io_exit`)
            elif stop.reason is not None:
                reason = stop.reason
                break
    cpu.stop_reason = reason
    return cpu.processorCycles - start


def _run_handlers(cpu: Any, mem: Any, a0: int, cycles: int, max_cycles: int,
                  table: list[Handler], delegate: Handler) -> tuple[int, int]:
    """The interpreter alone: one handler per instruction; returns (cycles, next address)."""
    try:
        while cycles < max_cycles:
            if a0 & 0xFFFF > 0xFFFB:
                # The instruction might wrap in its bank: let the reference do it
                # (BRK/COP still go through their handlers, which check the stops).
                op = mem[a0]
                packed = (table[op] if op in LOOP_CHECKED else delegate)(cpu, mem, a0)
            else:
                packed = table[mem[a0]](cpu, mem, a0)
            cycles += packed >> 24
            a0 = packed & 0xFFFFFF
    except _Exit as stop:
        stop.cycles += cycles
        raise
    return cycles, a0


def _run_tiers(cpu: Any, mem: bytearray, a0: int, cycles: int, max_cycles: int,
               table: list[Handler], delegate: Handler,
               cache: tuple[dict[int, blocks.Region], dict[int, int]],
               key: tuple) -> tuple[int, int]:
    """Regions where they exist and fit the budget; handlers, a basic block at a time,
    elsewhere, counting block starts. Returns (cycles, next address)."""
    regions, visits = cache
    ends = ENDS_BLOCK
    relocatable = blocks.RELOCATABLE
    # Where the loop starts (after a state change, or a new run) is not counted: the
    # instruction after an interpreted REP/SEP is no block start worth a region of its own.
    fresh = True
    try:
        while cycles < max_cycles:
            region = regions.get(a0)
            if region is None and fresh:
                fresh = False
            elif region is None:
                count = visits.get(a0, 0) + 1
                if count >= HOT:
                    if len(regions) >= MAX_CACHED:
                        regions.clear()   # a simple bound: start again when full
                        visits.clear()
                        blocks.ENTRY_POINTS.clear()
                    regions[a0] = blocks.translate(mem, a0, key)
                    continue
                if count == 1 and len(visits) >= MAX_CACHED * 16:
                    visits.clear()
                visits[a0] = count
                if (key, mem[a0]) in relocatable:
                    # Unrolled code of a shape already compiled: placing its region costs
                    # less than interpreting it once, so cold code takes it at once.
                    region = blocks.place(mem, a0, key)
                    if region is not None:
                        regions[a0] = region
                        continue
            elif cycles + region.max_cycles < max_cycles:
                if region.valid(mem):
                    fresh = False
                    packed = region.run(cpu, mem, (max_cycles - cycles) << 24)
                    cycles += packed >> 24
                    a0 = packed & 0xFFFFFF
                    if region.rekey and state_key(cpu) != key:
                        cpu.pc = a0 & 0xFFFF
                        raise _Exit(0, None)   # go on in the new state's tables
                    continue
                # The code changed (self-modifying code, or a new program): drop the
                # region; the bytes that changed are left to the interpreter from now on.
                blocks.note_rewritten(mem, region)
                del regions[a0]
                visits[a0] = 0
            # One basic block through the handlers.
            while True:
                op = mem[a0]
                if a0 & 0xFFFF > 0xFFFB:
                    # The instruction might wrap in its bank: let the reference do it
                    # (BRK/COP still go through their handlers, which check the stops).
                    packed = (table[op] if op in LOOP_CHECKED else delegate)(cpu, mem, a0)
                else:
                    packed = table[op](cpu, mem, a0)
                cycles += packed >> 24
                a0 = packed & 0xFFFFFF
                if ends[op] or cycles >= max_cycles:
                    break
    except _Exit as stop:
        stop.cycles += cycles
        raise
    return cycles, a0
