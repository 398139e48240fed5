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

Each CPU has its own `Translator` (`cpu.translator`): its handler tables, regions,
candidates, shapes, the bytes it has seen rewritten, its counters and its policy (HOT,
BATCH_CYCLES ... below are the defaults its constructor takes). Two machines in one
process share nothing.

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
NO_CUT = 1 << 62                    # `cpu.cut_at` when nothing ends a run early
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

Cache = tuple[dict[int, blocks.Region], dict[int, int]]


class Translator:
    """One CPU's translated tiers: its handler tables, its regions and the counts of
    block starts before translation (per state), its candidates, its `blocks.Store`
    (shapes, relocatable shapes, rewritten bytes, entry points) and its counters.
    No state is shared between CPUs: two machines in one process translate apart, and
    only the compiled code of a shape, a pure function of the shape, is reused across
    them (`blocks.COMPILED_SHAPES`; `share_compiled=False`: not even that). The policy
    (HOT, BATCH_CYCLES ... above) is given to the constructor; the defaults are the
    module's constants."""

    def __init__(self, hot: int | None = None, batch_cycles: int | None = None,
                 hot_now: int | None = None, cold_run: int | None = None,
                 max_cached: int | None = None, max_shapes: int = blocks.MAX_SHAPES,
                 share_compiled: bool = True) -> None:
        self.hot = HOT if hot is None else hot
        self.batch_cycles = BATCH_CYCLES if batch_cycles is None else batch_cycles
        self.hot_now = HOT_NOW if hot_now is None else hot_now
        self.cold_run = COLD_RUN if cold_run is None else cold_run
        self.max_cached = MAX_CACHED if max_cached is None else max_cached
        self.tables: dict[tuple, list[Handler]] = {}   # state -> its 256 handlers
        # state -> (address -> Region, address -> entries counted before translation)
        self.caches: dict[tuple, Cache] = {}
        self.store = blocks.Store(max_shapes, share_compiled)
        # Candidates waiting for idle time ((state, address) -> None), or None when the
        # CPU has been given none (`give_idle_time`): then hot blocks go into `soon`, a
        # batch translated at `due` (in `cpu.processorCycles`).
        self.later: dict[tuple, None] | None = None
        self.soon: dict[tuple, None] = {}
        self.due = 0
        self.translate_seconds = 0.0     # host time spent making regions

    def cache(self, key: tuple) -> Cache:
        found = self.caches.get(key)
        if found is None:
            found = self.caches[key] = ({}, {})
        return found

    def regions(self, key: tuple) -> dict[int, blocks.Region]:
        """The regions made in state `key` (by address)."""
        return self.cache(key)[0]

    def translate_into(self, cache: Cache, mem: Any, a0: int, key: tuple) -> None:
        regions, visits = cache
        if len(regions) >= self.max_cached:
            regions.clear()   # a simple bound: start again when full
            visits.clear()
            self.store.forget_entry_points()
        began = time.perf_counter()
        regions[a0] = blocks.translate(mem, a0, key, self.store)
        self.translate_seconds += time.perf_counter() - began

    def give_idle_time(self) -> None:
        """From now on hot blocks wait for idle time (`later`), with the candidates of
        the batch not yet translated."""
        self.later, self.soon = self.soon, {}

    def translate_pending(self, mem: Any, seconds: float,
                          pending: dict[tuple, None] | None = None) -> int:
        """Idle time: translate the waiting candidates (`later`, or `pending`), lowest
        address first, until `seconds` of host time have passed; returns how many were
        translated. A region is exact, so when it is made changes no emulated result,
        only speed.

        Lowest first: a loop's head lies before its body, and a function's outer loop
        before its inner ones, so the first region made tends to hold the other
        candidates, which then become its entry points with no compiling of their own
        (and straight-line code is taken from its start, in regions that follow on
        rather than overlap)."""
        if pending is None:
            pending = self.later
        if not pending or type(mem) is not bytearray:
            return 0
        end = time.perf_counter() + seconds
        made = 0
        for key, a0 in sorted(pending, key=lambda candidate: candidate[1]):
            if time.perf_counter() >= end:
                break
            del pending[key, a0]
            cache = self.cache(key)
            if a0 not in cache[0]:
                self.translate_into(cache, mem, a0, key)
                made += 1
        return made

    def counters(self) -> dict[str, float]:
        """What translation has cost so far (for `gin-king bench cpu`)."""
        store = self.store
        return {"regions": store.regions_made, "placed": store.regions_placed,
                "shapes": store.shapes_compiled,
                "instructions": store.instructions_compiled,
                "compile_seconds": store.compile_seconds,
                "translate_seconds": self.translate_seconds}


def give_idle_time(cpu: Any) -> None:
    """From now on the CPU's hot blocks wait for idle time (`Translator.give_idle_time`)."""
    cpu.translator.give_idle_time()


def translate_pending(cpu: Any, seconds: float) -> int:
    """Idle time for the CPU's waiting candidates (`Translator.translate_pending`)."""
    return cpu.translator.translate_pending(cpu.memory, seconds)


def run_fast(cpu: Any, max_cycles: int) -> int:
    """`CPU65816.run`: execute until the budget is used or a stop condition.

    `cpu.processorCycles` is brought up to date whenever control leaves the fast loop,
    so a trap hook sees the exact cycle count of the WDM it serves. `cpu.cut_at`, which
    an I/O access or a trap may lower, is looked at whenever control comes back here
    (every I/O-page write and trap does), so the run ends at the first instruction
    boundary at or after it, as `run_reference` does.
    """
    cpu.stop_reason = None
    start = cpu.processorCycles
    mem = cpu.memory
    reason = "cycles"
    translator = cpu.translator
    translates = type(mem) is bytearray
    while True:
        if cpu.stopped:
            reason = "stp"
            break
        if cpu.waiting:
            reason = "wai"
            break
        cycles = cpu.processorCycles - start
        if cpu.cut_at - start < max_cycles:
            max_cycles = cpu.cut_at - start   # a device's interrupt moved nearer
        if cycles >= max_cycles:
            break
        key = state_key(cpu)
        cpu.run_end = start + max_cycles   # for a region's TIMED reads (`timed_read`)
        table = table_for(key, translator.tables)
        delegate = _delegate_for(key)
        a0 = (cpu.pbr << 16) | cpu.pc
        try:
            if translates:
                cycles, a0 = _run_tiers(cpu, translator, mem, a0, cycles, max_cycles, table,
                                        delegate, translator.cache(key), key)
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


def _run_tiers(cpu: Any, translator: Translator, mem: bytearray, a0: int, cycles: int,
               max_cycles: int, table: list[Handler], delegate: Handler, cache: Cache,
               key: tuple) -> tuple[int, int]:
    """Regions where they exist and fit the budget; handlers, a basic block at a time,
    elsewhere, counting block starts. Hot blocks are noted as candidates: with idle time
    in `translator.later` (translated there, or here at `hot_now` entries), else in its
    batch (`soon`), translated `batch_cycles` after its first. Returns (cycles, next
    address)."""
    regions, visits = cache
    later = translator.later
    hot, hot_now, cold_run = translator.hot, translator.hot_now, translator.cold_run
    max_cached = translator.max_cached
    due = NEVER                       # (the batch's time, in this loop's cycles)
    batch = later is None and translator.batch_cycles > 0
    if batch:
        later = translator.soon
        base = cpu.processorCycles - cycles
        if later:
            due = translator.due - base
    ends = ENDS_BLOCK
    store = translator.store
    relocatable = store.relocatable
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
                    translator.translate_pending(mem, math.inf, later)
                    due = NEVER
                    continue
                count = visits.get(a0, 0) + 1
                cold = cold + 1 if count == 1 else 0
                if count >= hot or cold >= cold_run:
                    if later is None or count >= hot_now:
                        translator.translate_into(cache, mem, a0, key)
                        continue
                    if count == hot or cold >= cold_run:
                        cold = 0
                        if len(later) >= max_cached:
                            later.clear()   # never given idle time: a simple bound
                        later[key, a0] = None
                        if batch and due == NEVER:
                            due = cycles + translator.batch_cycles
                            translator.due = base + due
                if count == 1 and len(visits) >= max_cached * 16:
                    visits.clear()
                visits[a0] = count
                if (key, mem[a0]) in relocatable:
                    # Unrolled code of a shape already compiled: placing its region costs
                    # less than interpreting it once, so cold code takes it at once.
                    region = blocks.place(mem, a0, key, store)
                    if region is not None:
                        regions[a0] = region
                        cold = 0
                        continue
            elif cycles + region.max_cycles < max_cycles and region.enters[cpu.p]:
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
                blocks.note_rewritten(mem, region, store.rewritten)
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
