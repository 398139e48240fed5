"""`CPU65816.run()`: the choice between the CPU's tiers, made in this one loop.

1. Interpret (`iigs.cpu_fast`): one generated handler per instruction. Every address
   where a basic block starts (the target of a branch, jump, call or return, or the
   instruction after a state change) is counted.
2. Translate (`iigs.blocks`): once a block start has been reached HOT times (or ends a
   run of COLD_RUN first visits: unrolled code) it is a candidate, and the code reachable
   from it is compiled into a region, with the other candidates of its batch
   (BATCH_CYCLES), and run from then on; cold code never pays for translation. A region
   runs only when its entry arm's slowest path fits the budget, and checks the budget at
   the head of each arm it goes on to, so run() stops on exactly the instruction
   `run_reference()` (built on `step()`) would. Its code bytes are compared on every
   entry: self-modifying or newly loaded code drops that region only.
   A CPU given idle time (`cpu.translate_later`, set by `iigs.machine` whose program
   waits for input) translates a hot block at once only past HOT_NOW entries: below
   that it stays a candidate, interpreted, until `translate_pending` compiles it while
   the program waits -- as a IIGS program does its slow work between the player's
   actions, so the first run of new code is not held up by Python's `compile()`.

With an I/O page (`cpu.io`) the state key carries the memory map; an access that may
change it leaves either tier (`_Exit` "io"), is run here through `step()` at its exact
cycle, and the loop picks the tables and regions of the key after it.

Translation needs memory to be a plain bytearray (regions compare code bytes by slice);
any other memory object runs the interpreter alone.
"""
from __future__ import annotations

import math
import time
from typing import Any

from iigs import blocks
from iigs.cpu_fast import LOOP_CHECKED, Handler, _delegate_for, _Exit, state_key, table_for
from iigs.opcodes import OPCODES

HOT = 2               # entries of a block start before it is translated
MAX_CACHED = 8192     # regions kept per state
# With idle time: entries before a candidate is translated at once anyway (a loop that
# runs this often in one action pays for its compile; a region costs 5-70 ms to compile,
# interpreting a block once a few microseconds).
HOT_NOW = 512
NEVER = 1 << 62
# Block starts reached one after another each for the first time: unrolled code, whose
# blocks are never hot (each runs once per frame) but of one shape. The last is made a
# candidate, so that its shape is compiled and the rest of the code is placed by shape
# (`blocks.place`) when first reached, rather than interpreted.
COLD_RUN = 16
# Without idle time: hot blocks wait as candidates, interpreted, for this many cycles after
# the first of them, then are translated together (`translate_pending`). An inner loop
# gets hot before the loops and the caller around it; translated at once, each would be a
# region of its own, the inner code compiled again in every one. Waiting, the outer code
# gets hot too and one region holds it all (a few thousand instructions interpreted cost
# less than a region compiled). 0: at once.
BATCH_CYCLES = 8_192
# Instructions after which a new basic block starts (control flow, state changes).
ENDS_BLOCK = bytes(1 if row.ends_block else 0 for row in OPCODES)

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


def _translate_into(regions: dict[int, blocks.Region], visits: dict[int, int], mem: Any,
                    a0: int, key: tuple) -> None:
    if len(regions) >= MAX_CACHED:
        regions.clear()   # a simple bound: start again when full
        visits.clear()
        blocks.ENTRY_POINTS.clear()
    regions[a0] = blocks.translate(mem, a0, key)


def give_idle_time(cpu: Any) -> None:
    """From now on the CPU's hot blocks wait for idle time (`cpu.translate_later`), with
    the candidates of its batch not yet translated."""
    cpu.translate_later = cpu.__dict__.pop("translate_soon", None) or {}


def translate_pending(cpu: Any, seconds: float,
                      pending: dict[tuple, None] | None = None) -> int:
    """Idle time: translate the CPU's waiting candidates (`cpu.translate_later`, or
    `pending`), lowest address first, until `seconds` of host time have passed; returns
    how many were translated. A region is exact, so when it is made changes no emulated
    result, only speed.

    Lowest first: a loop's head lies before its body, and a function's outer loop before
    its inner ones, so the first region made tends to hold the other candidates, which
    then become its entry points with no compiling of their own (and straight-line
    code is taken from its start, in regions that follow on rather than overlap)."""
    if pending is None:
        pending = getattr(cpu, "translate_later", None)
    mem = cpu.memory
    if not pending or type(mem) is not bytearray:
        return 0
    end = time.perf_counter() + seconds
    made = 0
    for key, a0 in sorted(pending, key=lambda candidate: candidate[1]):
        if time.perf_counter() >= end:
            break
        del pending[key, a0]
        cache = REGION_CACHES.get(key)
        if cache is None:
            cache = REGION_CACHES[key] = ({}, {})
        if a0 not in cache[0]:
            _translate_into(cache[0], cache[1], mem, a0, key)
            made += 1
    return made


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
                                        cache, key, getattr(cpu, "translate_later", None))
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
               key: tuple, later: dict[tuple, None] | None) -> tuple[int, int]:
    """Regions where they exist and fit the budget; handlers, a basic block at a time,
    elsewhere, counting block starts. Hot blocks are noted as candidates: with idle time
    in `later` (translated there, or here at HOT_NOW entries), else in the CPU's batch,
    translated BATCH_CYCLES after its first. Returns (cycles, next address)."""
    regions, visits = cache
    due = NEVER                       # (the batch's time, in this loop's cycles)
    batch = later is None and BATCH_CYCLES > 0
    if batch:
        later = cpu.__dict__.setdefault("translate_soon", {})
        base = cpu.processorCycles - cycles
        if later:
            due = cpu.translate_due - base
    ends = ENDS_BLOCK
    relocatable = blocks.RELOCATABLE
    # Where the loop starts (after a state change, or a new run) is not counted: the
    # instruction after an interpreted REP/SEP is no block start worth a region of its own.
    fresh = True
    cold = 0                          # block starts in a row reached for the first time
    try:
        while cycles < max_cycles:
            region = regions.get(a0)
            if region is None and fresh:
                fresh = False
            elif region is None:
                if cycles >= due:
                    translate_pending(cpu, math.inf, later)
                    due = NEVER
                    continue
                count = visits.get(a0, 0) + 1
                cold = cold + 1 if count == 1 else 0
                if count >= HOT or cold >= COLD_RUN:
                    if later is None or count >= HOT_NOW:
                        _translate_into(regions, visits, mem, a0, key)
                        continue
                    if count == HOT or cold >= COLD_RUN:
                        cold = 0
                        if len(later) >= MAX_CACHED:
                            later.clear()   # never given idle time: a simple bound
                        later[key, a0] = None
                        if batch and due == NEVER:
                            due = cycles + BATCH_CYCLES
                            cpu.translate_due = base + due
                if count == 1 and len(visits) >= MAX_CACHED * 16:
                    visits.clear()
                visits[a0] = count
                if (key, mem[a0]) in relocatable:
                    # Unrolled code of a shape already compiled: placing its region costs
                    # less than interpreting it once, so cold code takes it at once.
                    region = blocks.place(mem, a0, key)
                    if region is not None:
                        regions[a0] = region
                        cold = 0
                        continue
            elif cycles + region.max_cycles < max_cycles and not cpu.p & region.entry_clear:
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
