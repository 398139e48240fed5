"""The machine's hardware: a 65C816, 16 MB of memory, the I/O page, interrupts, the DOC,
a 60 Hz clock and trap points.

Follows the Hardware Reference ch. 4 and its shadow register (Super Hi-Res and its
shadowing: `iigs.io` on each CPU write, `iigs.memory.ShrShadow` for the toolbox's), the
I/O page (`iigs.io`, `m.io`), the Firmware Reference for interrupts (`iigs.interrupts`),
the GS/OS Reference's launch state (`_launch`), and the Apple IIGS Hardware Reference
for the clock: a fast IIGS runs at 2.8 MHz and the vertical blank that drives the tick
counter comes 60 times a second.

Time is emulated, so it is deterministic: `ticks` is the number of 1/60 s periods in
the cycles executed so far at 2.8 MHz. When the program has nothing to do (the Event
Manager calls `note_idle`), the clock jumps to the next tick, as the real machine would
spend that time waiting; with an interactive host the machine also sleeps until then.
That waiting is also when the CPU translates the code that became hot (`iigs.tiers`,
`translate_pending`): from the second idle tick after the player's input on, a slice of
each tick, so the player's next action does not wait for it.
With an interactive host a busy program is also held to 60 ticks of real time a second
(2.8 MHz) unless the Control Panel's Speed is Fast (battery RAM sysSpeed); scripts and
tests are never paced.

`Hardware` imports nothing above this package: the toolbox, the disk and loading are
the system's (`system.machine.Machine`, a `Hardware` with them), which fills the hooks
marked "the system's" (docs/architecture.md).

Public API (of the system's Machine, most of it here):
    m.run(max_cycles=None, seconds=None) -> reason   ("quit", "idle", "cycles", ...)
    m.call(addr, a=0, x=0, y=0, stack_args=()) -> Registers
    m.trap(addr, handler) -> WDM number
    m.note_idle(); m.ticks
    m.io.keyboard.press("TEXT")   (keys into the $C000 latch; `iigs.io`)
Anything the program does that the real machine would die of raises `MachineError`
(from `iigs.report`) carrying the report text.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from iigs.cpu import CPU65816, I, M, X, VECTORS
from iigs.doc import DOC
from iigs.framesource import FrameSource
from iigs.interrupts import BUSY_VECTORS, NEVER, RTI, SOURCES, Interrupts
from iigs.io import IOPage
from iigs.memory import MEMORY_SIZE, ShrShadow, is_mapped
from iigs.report import MachineError, build_report
from iigs.tiers import NO_CUT, give_idle_time, translate_pending

__all__ = ["Hardware", "MachineError", "Program", "Registers", "CPU_HZ", "TICK_HZ",
           "CYCLES_PER_TICK"]

CPU_HZ = 2_800_000                  # a fast IIGS (Hardware Reference, "system speed")
TICK_HZ = 60                        # vertical blanks per second (NTSC)
CYCLES_PER_TICK = CPU_HZ // TICK_HZ
IDLE_TRANSLATION_S = 0.010          # host time a waiting tick gives to translation

WDM = 0x42                          # the 2-byte opcode traps are built from
WDM_CYCLES = 2
RTL = 0x6B
JSL_CYCLES = 8

# Trap points owned by the machine (bank $E1 page 0 is the system's entry-point page).
CALL_RETURN_TRAP = 0xE100F0         # where Machine.call's routine RTLs to
PROGRAM_RETURN_TRAP = 0xE100F4      # where the program's main RTLs to, if it does
# The firmware's interrupt entry: both IRQ vectors ($FFEE native, $FFFE emulation) point
# at `WDM n; RTI` here, where a IIGS has its ROM's interrupt code ($C071-$C07F reads
# ROM); the fetch of an instruction reads bank RAM, so the stub lives in bank $00's RAM.
IRQ_ENTRY = 0x00C071
# The default targets of the interrupt vectors ($E1/0000 + 4n): `WDM n; RTL` each.
FIRMWARE_HANDLERS = 0xE101C0
# The firmware's IncBusyFlg and DecBusyFlg (`WDM n; RTL`), the targets of the JMLs at
# $E1/0064 and $E1/0068 (vectors $19 and $1A).
FIRMWARE_BUSY = 0xE101F0
# While the IRQ line is held with I set, the CPU runs at most one scan line at a time,
# so an interrupt unmasked by CLI/PLP/RTI/REP is taken within a scan line.
SLICE_MASKED = 2_800_000 // 60 // 262

DEFAULT_CALL_CYCLES = 50_000_000    # Machine.call gives up after this many cycles

TrapHandler = Callable[[Any], "str | None"]


@dataclass
class Registers:
    """The registers after a Machine.call, and the cycles the routine took."""
    a: int
    x: int
    y: int
    sp: int
    d: int
    dbr: int
    p: int
    e: int
    cycles: int

    @property
    def carry(self) -> bool:
        return bool(self.p & 0x01)


@dataclass
class Program:
    """A loaded program: where its segments went and how it was launched."""
    user_id: int
    entry: int
    segments: dict[int, Any]          # segnum -> omf.LoadedSegment
    dp_base: int
    dp_size: int
    handles: list[int] = field(default_factory=list)
    path: str | None = None

    def address_of(self, segnum: int, offset: int = 0) -> int:
        return self.segments[segnum].address + offset


class Hardware:
    """CPU + memory + I/O page + interrupts + DOC + clock + traps; see the module
    docstring. The system above (`system.machine.Machine`) adds the toolbox, the disk
    and loading through the hooks marked "the system's"."""

    def __init__(self, host: Any = None, idle: str | None = None) -> None:
        self.mem = bytearray(MEMORY_SIZE)
        self.cpu = cpu = CPU65816(self.mem, pc=0)
        self.cycles_per_second = CPU_HZ    # the CPU's clock, as the toolbox may ask it
        clock = lambda: cpu.processorCycles + self._idle_cycles   # noqa: E731
        # The IRQ line and its sources (`iigs.interrupts`); the toolbox registers its
        # firmware-level handlers there (the Misc Tool Set's heartbeat).
        self.interrupts = Interrupts(self.mem, clock, CYCLES_PER_TICK, CPU_HZ)
        # The I/O page and memory map of banks $00/$01/$E0/$E1: every data access of
        # the CPU consults it (soft switches, keyboard latch, shadowing on the write).
        # The Ensoniq 5503 in emulated time, reached by programs through the Sound GLU
        # ($C03C-$C03F, `io.sound`) and by the Sound Tool Set: one chip either way.
        self.doc = DOC(cycles_per_second=CPU_HZ)
        self.interrupts.attach_sound(self.doc)      # its IRQ line: the sound source
        # A source's next event moved nearer in mid-slice (a program started an
        # oscillator): the slice ends there (`_end_slice_at`).
        self.interrupts.on_nearer = self._end_slice_at
        self._deferred_cut = NEVER
        self.io = IOPage(self.mem, clock=clock, cycles_per_frame=CYCLES_PER_TICK,
                         doc=self.doc, interrupts=self.interrupts)
        self.cpu.io = self.io
        self.cpu.trap_hook = self._on_wdm
        self.cpu.stop_on_brk = True
        self.cpu.stop_on_cop = True
        # Translation of hot code waits for idle time once the program has shown it
        # waits for input (its first idle); until then, it is done at once.
        self.cpu.translate_later = None
        self._inputs_at_idle = -1
        self.host = host
        # "stop": run() returns "idle" when the program waits for input (scripts, tests);
        # "sleep": wait for the next tick in real time (a window someone plays in).
        self.idle_mode = idle or ("sleep" if getattr(host, "interactive", False) else "stop")
        self.program: Program | None = None
        self.stack_block: tuple[int, int] | None = None
        self.last_report: str | None = None
        self._traps: dict[int, TrapHandler] = {}
        self._idle_cycles = 0
        self._last_tick = 0
        self._stop_request: str | None = None
        self._call_depth = 0
        self._last_pace = 0.0
        self.shadow = ShrShadow(self.mem, self.io)
        self.io.on_shadow_write = self.shadow.note_write
        self._install_entry_points()
        self.trap(CALL_RETURN_TRAP, lambda cpu: "return")
        self.trap(PROGRAM_RETURN_TRAP, lambda cpu: "returned")
        self._install_firmware_interrupts()

    # -- the system's hooks ---------------------------------------------------------------
    def _install_entry_points(self) -> None:
        """The system's entry points in bank $E1 (the tool dispatcher, GS/OS), as traps;
        the bare hardware has none."""

    def _tick_software(self) -> None:
        """The system's work once a tick, after shadowing (input, text, sound)."""

    def _frame_source(self) -> FrameSource | None:
        """What the host presents a frame from (the system's toolbox), or None."""
        return None

    def _inputs_applied(self) -> int:
        """How many host inputs the system has taken (a new one ends idle translation)."""
        return 0

    def _window_closed(self) -> bool:
        """The user closed the window (the system's event queue saw it)."""
        return False

    def _fast(self) -> bool:
        """The Control Panel's Speed is Fast (the system's battery RAM)."""
        return False

    def _report_calls(self) -> list[str]:
        """The last tool calls, for the report (the system's call log)."""
        return []

    def missing_calls(self) -> list[str]:
        """One line per tool call the program made that the system lacks."""
        return []

    # -- traps ---------------------------------------------------------------------------
    def trap(self, addr: int, handler: TrapHandler) -> int:
        """Place `WDM n` at addr; executing it calls handler(cpu) (PC past the WDM).

        The handler returns None to continue, or a string that stops run() with that
        reason. Returns n."""
        number = len(self._traps) + 1
        if number > 0xFF:
            raise ValueError("no WDM numbers left for traps")
        self._traps[number] = handler
        self.mem[addr & 0xFFFFFF] = WDM
        self.mem[(addr + 1) & 0xFFFFFF] = number
        return number

    def wrap_trap(self, addr: int,
                  wrap: Callable[[TrapHandler], TrapHandler]) -> None:
        """Replace the handler of the trap at `addr` by `wrap(handler)`: the traces
        and the monitor (`system.trace`, `system.monitor`) see the calls only when asked."""
        number = self.mem[(addr + 1) & 0xFFFFFF]
        self._traps[number] = wrap(self._traps[number])

    def _on_wdm(self, cpu: Any, number: int) -> str | None:
        handler = self._traps.get(number)
        if handler is None:
            where = ((cpu.pbr << 16) | ((cpu.pc - 2) & 0xFFFF))
            raise self.crash(f"WDM ${number:02X} without a handler", where=where,
                             details=[f"Executed WDM ${number:02X} at "
                                      f"{where >> 16:02X}/{where & 0xFFFF:04X}: no trap "
                                      "handler is installed there."])
        return handler(cpu)

    def _install_firmware_interrupts(self) -> None:
        """What a IIGS has in ROM for interrupts: the IRQ vectors point at the
        firmware's entry (dispatch, then RTI), each source's vector at its default
        handler (`Interrupts.default_handler`, then RTL), and the IncBusyFlg and
        DecBusyFlg vectors at the busy flag's routines."""
        irq = self.interrupts
        for vector in VECTORS["irq"]:
            self.mem[vector:vector + 2] = (IRQ_ENTRY & 0xFFFF).to_bytes(2, "little")
        self.trap(IRQ_ENTRY, self._firmware_irq)
        self.mem[IRQ_ENTRY + 2] = RTI
        for index, (name, number) in enumerate(SOURCES.items()):
            at = FIRMWARE_HANDLERS + 4 * index
            self.trap(at, lambda cpu, name=name: irq.default_handler(name))
            self.mem[at + 2] = RTL
            irq.set_vector(number, at)
        for index, (name, number) in enumerate(BUSY_VECTORS.items()):
            at = FIRMWARE_BUSY + 4 * index
            self.trap(at, lambda cpu, change=getattr(irq, name): change())
            self.mem[at + 2] = RTL
            irq.set_vector(number, at)

    def _firmware_irq(self, cpu: Any) -> None:
        """The firmware's interrupt handler (Firmware Reference): the CPU has pushed
        the interrupted state; each pending source's vector is called with JSL in
        native mode, 8-bit registers, D = $0000, B = $00, on the interrupted stack;
        the stub's RTI then resumes the program. Registers are kept around the calls."""
        self.interrupts.dispatch(
            lambda target: self.call(target, d=0, dbr=0, p=M | X | I, stack=cpu.sp))
        return None

    def _interrupt_in_tool_call(self) -> None:
        """A tool call that waits tick after tick (MenuSelect, ModalDialog, a drag)
        keeps the CPU from the run loop, where interrupts are taken; the ROM takes them
        during such a call, so the firmware's dispatch runs here when a source the
        program left enabled (I clear) is still latched from an earlier tick. The
        toolbox is busy meanwhile: the heartbeat does not run the Scheduler's queue.
        (From an event poll nothing is latched: the run loop took it after the last.)"""
        irq, cpu = self.interrupts, self.cpu
        if not irq.active:
            return
        irq.advance(self.elapsed_cycles)
        if irq.line() and not cpu.p & I:
            irq.busy = True
            try:
                self._firmware_irq(cpu)
            finally:
                irq.busy = False
            irq.taken += 1

    def _irq_slice(self, now: int, slice_: int) -> int:
        """The CPU's next slice, ended at the next interrupt source's cycle."""
        irq = self.interrupts
        if irq.status and self.cpu.p & I and irq.line():
            slice_ = min(slice_, SLICE_MASKED)
        due = irq.next_event(now)
        return max(1, min(slice_, due - now))

    def _end_slice_at(self, due: int) -> None:
        """End the CPU's slice at the first instruction boundary at or after cycle
        `due` (elapsed cycles), so an interrupt due then is taken there. A routine the
        machine runs with `call` (an interrupt handler, a callback) runs to its end:
        its request waits for the call to return and cuts the slice it returns to."""
        if self._call_depth:
            self._deferred_cut = min(self._deferred_cut, due)
            return
        cpu = self.cpu
        cpu.cut_at = min(cpu.cut_at, due - self._idle_cycles)

    def _take_interrupt(self) -> None:
        """Latch the sources due by now; with the line held and I clear, the CPU
        takes the interrupt (at this instruction boundary)."""
        irq, cpu = self.interrupts, self.cpu
        irq.advance(self.elapsed_cycles)
        if irq.status and not cpu.p & I and not cpu.stopped and irq.line():
            cpu.irq()
            irq.taken += 1

    def _wait_for_interrupt(self) -> bool:
        """WAI with interrupt sources on: time passes, idle, to the next source's
        event (the CPU wakes, and takes it when I is clear); False when nothing is
        due, for the 60 Hz clock's wake-up."""
        irq, cpu = self.interrupts, self.cpu
        now = self.elapsed_cycles
        irq.advance(now)
        if not irq.line():
            due = irq.next_event(now)
            if due >= NEVER:
                return False
            self._idle_cycles += due - now
        cpu.waiting = False
        self._take_interrupt()
        return True

    # -- reports -------------------------------------------------------------------------
    def crash(self, title: str, where: int | None = None,
              details: Sequence[str] = ()) -> MachineError:
        """Build the report for a fatal condition; the caller raises the result."""
        text = build_report(self.cpu, self.mem, title, where=where, details=details,
                            calls=self._report_calls(), missing=self.missing_calls())
        self.last_report = text
        return MachineError(title, text)

    def _stopped_on(self, reason: str) -> MachineError:
        cpu = self.cpu
        where = (cpu.pbr << 16) | cpu.pc
        spot = f"{where >> 16:02X}/{where & 0xFFFF:04X}"
        if reason in ("brk", "cop") and not is_mapped(where):
            return self.crash("Jump to unmapped memory", where, [
                f"The program counter reached {spot}, where there is no memory."])
        if reason == "brk":
            return self.crash(f"BRK at {spot}", where, [
                f"BRK ${self.mem[(where + 1) & 0xFFFFFF]:02X} executed at {spot}."])
        if reason == "cop":
            return self.crash(f"COP at {spot}", where, [
                "COP executed: no co-processor handler is installed."])
        return self.crash(f"STP at {spot}", where, ["The processor stopped (STP)."])

    # -- time ----------------------------------------------------------------------------
    @property
    def elapsed_cycles(self) -> int:
        """Emulated cycles since power-on, including time skipped while idle."""
        return self.cpu.processorCycles + self._idle_cycles

    @property
    def stack_pointer(self) -> int:
        """S now (a routine the toolbox calls runs on the interrupted stack)."""
        return self.cpu.sp

    @property
    def ticks(self) -> int:
        """60 Hz ticks since power-on (GetTick, TickCount, event time stamps)."""
        return self.elapsed_cycles // CYCLES_PER_TICK

    @property
    def paced(self) -> bool:
        """Normal speed (battery RAM sysSpeed): a busy program runs at 2.8 MHz of real
        time in a window; Fast runs it as fast as the host can."""
        return not self._fast()

    def skip_idle_to(self, cycles: int) -> None:
        """Let emulated time pass, idle, until `elapsed_cycles` reaches `cycles` (a
        scripted key press that is due later, while the program waits for it)."""
        self._idle_cycles += max(0, cycles - self.elapsed_cycles)

    def _skip_to_next_tick(self) -> None:
        now = self.elapsed_cycles
        self._idle_cycles += CYCLES_PER_TICK - now % CYCLES_PER_TICK

    def _on_tick(self) -> None:
        """Work done once per 1/60 s: shadowing, the console's text window (when
        something was printed), the DOC brought up to time (sounds end, chained waves
        start), and a frame to a live window."""
        self._last_tick = self.ticks
        self.shadow.sync()
        self._tick_software()
        host = self.host
        if host is not None and getattr(host, "interactive", False):
            host.present(self.mem, self._frame_source())

    def note_idle(self) -> None:
        """The program is waiting for input: let time pass to the next tick, and either
        sleep (interactive host) or stop run() with reason "idle"."""
        self._interrupt_in_tool_call()
        self._skip_to_next_tick()
        # Either way the CPU's current slice ends after this tool call, so run() sees
        # the clock move and keeps its time budget.
        self._stop_request = "idle"
        if self.idle_mode == "sleep":
            self._on_tick()
            self._translate_while_waiting()
            self._pace()
            if self._window_closed():
                self._stop_request = "closed"
        else:
            self._translate_while_waiting()

    def _translate_while_waiting(self) -> None:
        """Idle time for the CPU's translation candidates: none on the first idle tick
        after input (the player's wait ends there), then up to IDLE_TRANSLATION_S a tick
        (and never past the tick's real-time end in a window)."""
        cpu = self.cpu
        if cpu.translate_later is None:
            give_idle_time(cpu)          # the program waits for input: idle time to give
            return
        inputs = self._inputs_applied()
        if inputs != self._inputs_at_idle:
            self._inputs_at_idle = inputs
            return
        budget = IDLE_TRANSLATION_S
        if self.idle_mode == "sleep":
            budget = min(budget, self._last_pace + 1 / TICK_HZ - time.monotonic())
        if budget > 0:
            translate_pending(cpu, budget)

    def _pace(self) -> None:
        """Sleep until 1/60 s of real time has passed since the last paced tick.

        Pacing against the real clock (rather than always sleeping a whole tick) keeps
        60 ticks a second even when a tracking loop has already waited for its frame."""
        now = time.monotonic()
        deadline = self._last_pace + 1 / TICK_HZ
        if now < deadline and self.host is not None:
            self.host.wait(deadline - now)
        self._last_pace = max(now, deadline)

    def take_stop_request(self) -> str | None:
        """The reason run() should stop after the current tool call, once."""
        if self._call_depth:
            return None
        reason, self._stop_request = self._stop_request, None
        return reason

    def _launch(self) -> None:
        prog = self.program
        cpu = self.cpu
        top = prog.dp_base + prog.dp_size - 1
        ret = PROGRAM_RETURN_TRAP - 1
        for offset, byte in ((0, ret >> 16), (1, (ret >> 8) & 0xFF), (2, ret & 0xFF)):
            self.mem[top - offset] = byte
        cpu.e = 0
        cpu.p = 0x00                     # native, M = X = 0: 16-bit A, X, Y
        cpu.a = prog.user_id
        cpu.x = cpu.y = 0
        cpu.d = prog.dp_base
        cpu.sp = top - 3
        cpu.pbr = cpu.dbr = prog.entry >> 16
        cpu.pc = prog.entry & 0xFFFF
        cpu.waiting = cpu.stopped = False
        self.stack_block = (prog.dp_base, top - 3)

    # -- running -------------------------------------------------------------------------
    def run(self, max_cycles: int | None = None, seconds: float | None = None) -> str:
        """Run the program until it stops; returns why.

        "quit"      GS/OS Quit
        "returned"  the main routine RTLed instead of quitting
        "idle"      it is waiting for input (idle mode "stop")
        "closed"    the host window was closed
        "cycles"    max_cycles or `seconds` of emulated time ran out
        Fatal conditions raise MachineError."""
        budget = None
        if max_cycles is not None:
            budget = max_cycles
        if seconds is not None:
            budget = min(budget or 1 << 62, int(seconds * CPU_HZ))
        end = None if budget is None else self.elapsed_cycles + budget
        cpu = self.cpu
        while True:
            if self.interrupts.active:
                self._take_interrupt()      # one that fell due while time was skipped
            now = self.elapsed_cycles
            if end is not None and now >= end:
                return "cycles"
            to_tick = CYCLES_PER_TICK - now % CYCLES_PER_TICK
            slice_ = to_tick if end is None else min(to_tick, end - now)
            irq_on = self.interrupts.active
            if irq_on:
                slice_ = self._irq_slice(now, slice_)
            cpu.cut_at = NO_CUT
            cpu.run(slice_)
            reason = cpu.stop_reason
            cut, cpu.cut_at = cpu.cut_at, NO_CUT
            if irq_on or self.interrupts.status or cut != NO_CUT:
                self._take_interrupt()
            if self.ticks != self._last_tick:
                self._on_tick()
                if self.idle_mode == "sleep" and self.paced:
                    self._pace()
                if self._window_closed():
                    return "closed"
            if reason == "cycles":
                continue
            if reason == "trap":
                result = cpu.trap_result
                cpu.trap_result = None
                if result == "idle" and self.idle_mode == "sleep":
                    continue
                return result or "trap"
            if reason == "wai":
                if self.interrupts.active and self._wait_for_interrupt():
                    if self.idle_mode == "sleep" and self.ticks != self._last_tick:
                        self._on_tick()     # a wait is real time in a window
                        self._pace()
                    continue
                # With no interrupt source on, WAI sleeps until the next vertical blank
                # (the clock's). In a live window that blank is also 1/60 s of real
                # time, so frames a program paces with WAI (card motion) are seen.
                cpu.waiting = False
                self._skip_to_next_tick()
                if self.idle_mode == "sleep":
                    self._on_tick()
                    self._pace()
                    if self._window_closed():
                        return "closed"
                continue
            raise self._stopped_on(reason)

    def _run_while_input_can_come(self, quiet_limit: int,
                                  between_ticks: Callable[[], bool]) -> None:
        """`call`'s loop for a routine that waits for its user: a tick at a time until
        it stops for another reason than the cycle count, or has run `quiet_limit`
        cycles since `between_ticks()` last said input can still come."""
        cpu = self.cpu
        quiet = 0
        while quiet < quiet_limit:
            before = cpu.processorCycles
            cpu.run(min(CYCLES_PER_TICK - self.elapsed_cycles % CYCLES_PER_TICK,
                        quiet_limit - quiet))
            if cpu.stop_reason != "cycles":
                return
            if self.ticks != self._last_tick:
                self._on_tick()
            quiet = 0 if between_ticks() else quiet + cpu.processorCycles - before

    def call(self, addr: int, a: int = 0, x: int = 0, y: int = 0,
             stack_args: Sequence[int] | bytes = (), *, d: int | None = None,
             dbr: int | None = None, max_cycles: int = DEFAULT_CALL_CYCLES,
             p: int = 0x00, stack: int | None = None,
             between_ticks: Callable[[], bool] | None = None) -> Registers:
        """JSL to a routine and run it until it RTLs; return the registers it leaves.

        The routine runs in native mode with P = `p` (0: full native mode, E = M = X =
        0; $30: 8-bit registers, as the ADB Tool Set calls completion routines) on the
        current stack, with
        D = the program's direct page (or `d`) and B = its own bank (or `dbr`).
        `stack_args` are words pushed in order before the JSL (first = deepest), or raw
        bytes to place on the stack as they should sit in memory (on `stack`, or the
        current stack: $01FF in emulation mode; `p` the status it starts with, native
        mode). The return address is
        a trap, so the routine's RTL ends the run; `Registers.cycles` counts the JSL and
        RTL. All registers (and S) are restored afterwards, so a tool may call back into
        the program (content-draw procedures) with this too.

        With `between_ticks` the routine is one that waits for its user (a classic
        desk accessory polling the keyboard): it runs a tick at a time with the
        machine's tick work and `between_ticks()` after each, for as long as that says
        input can still come; `max_cycles` then counts only the cycles after the last
        tick that could bring some."""
        cpu, mem = self.cpu, self.mem
        saved = (cpu.a, cpu.x, cpu.y, cpu.sp, cpu.p, cpu.pc, cpu.pbr, cpu.dbr, cpu.d,
                 cpu.e, cpu.stop_reason, cpu.trap_result)
        sp = stack if stack is not None else cpu.sp if not cpu.e else 0x01FF
        if isinstance(stack_args, (bytes, bytearray)):
            sp -= len(stack_args)
            for i, b in enumerate(stack_args):
                mem[(sp + 1 + i) & 0xFFFF] = b
        else:
            for word in stack_args:
                mem[sp & 0xFFFF] = (word >> 8) & 0xFF
                mem[(sp - 1) & 0xFFFF] = word & 0xFF
                sp -= 2
        ret = CALL_RETURN_TRAP - 1
        mem[sp & 0xFFFF] = ret >> 16
        mem[(sp - 1) & 0xFFFF] = (ret >> 8) & 0xFF
        mem[(sp - 2) & 0xFFFF] = ret & 0xFF
        sp -= 3
        cpu.e, cpu.p = 0, p & 0xFF
        cpu.sp = sp & 0xFFFF
        cpu.a, cpu.x, cpu.y = a & 0xFFFF, x & 0xFFFF, y & 0xFFFF
        if p & X:
            cpu.x &= 0xFF
            cpu.y &= 0xFF
        cpu.d = d if d is not None else (self.program.dp_base if self.program else cpu.d)
        cpu.dbr = (addr >> 16) & 0xFF if dbr is None else dbr
        cpu.pbr, cpu.pc = (addr >> 16) & 0xFF, addr & 0xFFFF
        cpu.waiting = cpu.stopped = False
        start = cpu.processorCycles - JSL_CYCLES   # the JSL that would have called it
        outer_cut, cpu.cut_at = cpu.cut_at, NO_CUT  # (the routine runs to its end)
        self._call_depth += 1
        try:
            if between_ticks is None:
                cpu.run(max_cycles)
            else:
                self._run_while_input_can_come(max_cycles, between_ticks)
            reason, result = cpu.stop_reason, cpu.trap_result
            if reason == "trap" and result == "return":
                # the return trap's own WDM is the machine's, not the routine's
                out = Registers(cpu.a, cpu.x, cpu.y, cpu.sp, cpu.d, cpu.dbr, cpu.p, cpu.e,
                                cpu.processorCycles - start - WDM_CYCLES)
            elif reason == "cycles":
                raise self.crash(f"Routine at {addr >> 16:02X}/{addr & 0xFFFF:04X} did "
                                 f"not return", details=[
                                     f"Still running after {max_cycles} cycles"
                                     + (" in which no input could come." if between_ticks
                                        else ".")])
            elif reason == "trap":
                raise self.crash(f"Routine stopped the machine ({result})", details=[
                    f"Machine.call({addr:06X}) ended in trap result {result!r}."])
            else:
                raise self._stopped_on(reason)
        finally:
            self._call_depth -= 1
            cpu.cut_at = outer_cut
            if not self._call_depth and self._deferred_cut != NEVER:
                self._end_slice_at(self._deferred_cut)
                self._deferred_cut = NEVER
        (cpu.a, cpu.x, cpu.y, cpu.sp, cpu.p, cpu.pc, cpu.pbr, cpu.dbr, cpu.d, cpu.e,
         cpu.stop_reason, cpu.trap_result) = saved
        return out
