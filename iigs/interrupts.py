"""Interrupts as the IIGS delivers them: the IRQ line, its sources at exact cycles, and
the dispatch the firmware's interrupt handler does in ROM.

Follows the *Apple IIGS Hardware Reference* for the sources and their registers, and
the *Apple IIGS Firmware Reference* (interrupt handling) and the Toolbox Reference's
Miscellaneous Tool Set (the vectors at $E1/0000 + 4 x number, each a JML) for the
dispatch. There is no ROM here, so the machine does what the ROM's handler does.

Sources (each a status latch, set at its cycle when its enable bit is on; the IRQ line
is the OR of the enabled statuses):
    VBL            INTEN $C041 bit 3, status $C046 bit 3, cleared by $C047; at the start
                   of each vertical blank (the 60 Hz tick, line 200)
    quarter-second INTEN bit 4, status $C046 bit 4, cleared by $C047; every 15th VBL
    one-second     VGCINT $C023 bit 2, status $C023 bit 6, cleared by writing $C032 bit 6
                   = 0; every CPU_HZ cycles (the clock chip's second)
    scan line      VGCINT bit 1, status $C023 bit 5, cleared by writing $C032 bit 5 = 0;
                   at the end of each line 0-199 whose SCB ($E1/9D00 + line) has bit 6
                   set (when the next line's count begins)
    mouse          the ADB GLU's: KMSTATUS $C027 bit 6; raised when the mouse register
                   fills (the host's pointer moved or its button changed: `mouse_data`),
                   status $C027 bit 7; cleared by reading $C024's Y byte when no more
                   motion waits (level: while motion waits after the handler, it is
                   raised again). The Mega II mouse's: INTEN $C041 bit 1 (movement) and
                   bit 2 (button), status $C046 bits 1 and 2, cleared with the ADB one
    keyboard       KMSTATUS bit 2; a key latched; status $C027 bit 3, cleared by $C010
    ADB data       KMSTATUS bit 4 (IntSource adbEnable); a key transition reaches the
                   keyboard's register 0 (its service request), status $C027 bit 5;
                   reading $C026 (the interrupt byte: $08, a service request) clears it
    sound          the DOC's oscillator interrupt (`attach_sound`): asserted when an
                   oscillator with its interrupt enabled halts (or, free-running,
                   passes its table's end), at its exact cycle;
                   de-asserted by the read of $E0 (through the Sound GLU) that leaves
                   none pending. Level-triggered: after the program's handler, a DOC
                   interrupt still pending asserts it again. The sound GLU has no
                   enable of its own (the DOC's control bit 3 is the enable).
    external VGC   VGCINT bit 0 (nothing raises it here)

Timing (docs/cpu.md, "Interrupts"): the machine's run loop ends each CPU slice at the
next source's cycle, so the CPU (either tier) stops at the first instruction boundary at
or after it and the machine takes the interrupt there: a delay of at most one
instruction. While the line is held with the I flag set, slices are at most one scan
line long, so an interrupt unmasked (CLI, PLP, RTI, REP) is taken within one scan line
(SLICE_MASKED cycles). A write to the DOC through the GLU that brings its next
interrupt nearer than the slice's end tells `on_nearer` its cycle (the machine ends the
slice there). The host's input (mouse, keys) is taken at the 60 Hz tick: its
interrupts come within a tick of the input. Everything is a function of the cycle
count, so a run and its replay interrupt at the same instructions.

The firmware (`firmware_irq`, reached through the IRQ vectors $FFEE / $FFFE, which point
at a stub `WDM n; RTI` in bank $00): with the interrupted state already pushed by the
CPU, for each pending enabled source in the order above it calls the source's vector
(JSL to the JML at $E1/0000 + 4n, native mode, 8-bit registers, D = $0000, B = $00, the
interrupted stack) and then clears that source's status; then RTI. A vector's default
target is a firmware routine (`WDM n; RTL`) that does what the ROM's does: the handler
the toolbox registered for that source (`set_firmware`: the Misc Tool Set's heartbeat on
VBL), or nothing. A program may chain to it (GetVector, then JML there). The default
sound handler, with no Sound Tool Set handler in this toolbox, reads nothing: the
interrupt is taken once and not asserted again until the DOC raises another (an
unclaimed interrupt repeated forever would hang the machine; $E0 keeps the oscillator
for a program that polls it); the default mouse handler likewise.

The busy flag ($E1/00FF) and the firmware's IncBusyFlg/DecBusyFlg (vectors $19/$1A)
live here too: `system_busy`, `inc_busy`, `dec_busy` (which runs the "not_busy"
firmware handler, the Scheduler's, when it brings the flag to 0).
"""
from __future__ import annotations

from typing import Any, Callable

NEVER = 1 << 62

# Sources in the firmware's dispatch order: name -> SetVector number.
SOURCES: dict[str, int] = {
    "vbl": 0x0C, "quarter": 0x0E, "one_second": 0x15, "scan_line": 0x0A,
    "mouse": 0x0D, "keyboard": 0x0F, "adb_data": 0x14, "sound": 0x0B, "external": 0x16,
}
VECTOR_BASE = 0xE10000             # vector n: JML at $E1/0000 + 4n
JML = 0x5C
RTI, RTL = 0x40, 0x6B

# Register bits (Hardware Reference).
VGC_EXTERNAL, VGC_SCAN, VGC_SECOND = 0x01, 0x02, 0x04          # $C023 enables
VGC_SCAN_STATUS, VGC_SECOND_STATUS, VGC_ANY = 0x20, 0x40, 0x80  # $C023 status
# $C041 INTEN: bit 0 the Mega II mouse on, 1 its movement and 2 its button interrupts,
# 3 VBL, 4 quarter-second; $C046 INTFLAG: the same bits 1-4 as statuses, bit 0 the line.
INTEN_MOUSE_ON, INTEN_MOUSE_MOVE, INTEN_MOUSE_SWITCH = 0x01, 0x02, 0x04
INTEN_VBL, INTEN_QUARTER = 0x08, 0x10
INTFLAG_MOVE, INTFLAG_SWITCH, INTFLAG_VBL, INTFLAG_QUARTER = 0x02, 0x04, 0x08, 0x10
INTFLAG_IRQ = 0x01
# $C027 KMSTATUS: 7 mouse register full, 6 mouse interrupt enable, 5 data register full,
# 4 data interrupt enable, 3 key register full, 2 key interrupt enable.
KM_MOUSE_FULL, KM_MOUSE_ENABLE, KM_DATA_FULL, KM_DATA_ENABLE = 0x80, 0x40, 0x20, 0x10
KM_KEY_FULL, KM_KEY_ENABLE = 0x08, 0x04
ADB_SRQ = 0x08                     # $C026's interrupt byte: a device asks for service

# The busy flag (Toolbox Reference vol. 2, "Scheduler"; Firmware Reference): a byte the
# system keeps non-zero while it must not be re-entered (GS/OS in a call, a tool that is
# not reentrant), raised and lowered through the firmware's IncBusyFlg ($E1/0064, vector
# $19) and DecBusyFlg ($E1/0068, vector $1A).
BUSY_FLAG = 0xE100FF
BUSY_VECTORS = {"inc_busy": 0x19, "dec_busy": 0x1A}

QUARTER_FRAMES = 15                # VBLs in a quarter second
SCB_INTERRUPT = 0x40               # SCB bit 6: interrupt at the end of this line
SCBS = 0xE19D00
PALETTES = 0xE19E00
SHR_LINES = 200
LINES_PER_FRAME = 262              # (iigs.io's beam: the tick starts line 200)


class Interrupts:
    """The IRQ line's sources and the firmware's dispatch; see the module docstring.

    `clock()` is the emulated cycle count since power-on, exact at a register access.
    """

    def __init__(self, mem: bytearray, clock: Callable[[], int], cycles_per_frame: int,
                 cycles_per_second: int) -> None:
        self.mem = mem
        self.clock = clock
        self.cpf = cycles_per_frame
        self.cps = cycles_per_second
        self.vgc_enable = 0             # $C023 bits 0-2
        self.inten = 0                  # $C041 bits 0-4
        self.km_enable = 0              # $C027 bits 2, 4, 6
        self.status: set[str] = set()   # latched sources (before their enables)
        self.seen = 0                   # events up to this cycle are latched
        self.scan_fired = -1            # the last line whose interrupt was latched
        self.firmware: dict[str, Callable[[], None]] = {}
        self.taken = 0                  # interrupts delivered (tests, the monitor)
        self.busy = False               # dispatched from inside a tool call
        # Per-line palettes of the frame being drawn and of the last one: (first line,
        # 512 palette bytes), recorded around scan-line handlers (`iigs.video`).
        self.frame_palettes: list[tuple[int, bytes]] = []
        self.last_frame_palettes: list[tuple[int, bytes]] = []
        self.sound_line = False
        self.sound_chip: Any = None     # the DOC, once `attach_sound` wires it
        self._unclaimed: set[str] = set()   # sources whose default handler ran
        self.mouse_flags = 0            # $C046 bits 1-2 (the Mega II mouse's statuses)
        # The ADB GLU's mouse register is full (`iigs.io` sets it: motion or a button
        # change waits): the level the mouse interrupt follows.
        self.mouse_waiting: Callable[[], bool] = lambda: False
        # Told the cycle of a source's next event when it moves nearer in the middle
        # of the CPU's slice (a program programmed the DOC): the machine ends the
        # slice there (None: nobody listens, the slice's end sees it).
        self.on_nearer: Callable[[int], None] | None = None

    # ---------------------------------------------------------------- enables
    @property
    def enabled(self) -> set[str]:
        """The sources whose enable bit is on."""
        on = set()
        if self.inten & INTEN_VBL:
            on.add("vbl")
        if self.inten & INTEN_QUARTER:
            on.add("quarter")
        if self.vgc_enable & VGC_SECOND:
            on.add("one_second")
        if self.vgc_enable & VGC_SCAN:
            on.add("scan_line")
        if self.vgc_enable & VGC_EXTERNAL:
            on.add("external")
        if self.km_enable & KM_MOUSE_ENABLE or self.inten & (INTEN_MOUSE_MOVE
                                                             | INTEN_MOUSE_SWITCH):
            on.add("mouse")
        if self.km_enable & KM_KEY_ENABLE:
            on.add("keyboard")
        if self.km_enable & KM_DATA_ENABLE:
            on.add("adb_data")
        on.add("sound")                 # the sound GLU's own enables are the DOC's
        return on

    @property
    def input_interrupts_on(self) -> bool:
        """A mouse, keyboard or ADB data interrupt is enabled."""
        return bool(self.km_enable
                    or self.inten & (INTEN_MOUSE_MOVE | INTEN_MOUSE_SWITCH))

    @property
    def active(self) -> bool:
        """True when any timed source is enabled or anything is latched: only then
        does the run loop slice time for interrupts (nothing is paid otherwise)."""
        return bool(self.inten & (INTEN_VBL | INTEN_QUARTER)
                    or self.vgc_enable & (VGC_SECOND | VGC_SCAN) or self.status
                    or self._sound_armed())

    # ---------------------------------------------------------------- the DOC
    def attach_sound(self, chip: Any) -> None:
        """Wire the DOC's IRQ line to the sound source (`iigs.doc`): its oscillator
        interrupts assert it, the read of $E0 that leaves none pending de-asserts it,
        and the run loop ends a slice at its `next_interrupt_cycle()`."""
        self.sound_chip = chip
        chip.irq_source = lambda osc: self.raise_sound()
        chip.irq_cleared = self.clear_sound
        chip.timing_changed = self._sound_reprogrammed

    def _sound_reprogrammed(self) -> None:
        """The DOC's oscillators were written: its next interrupt may come sooner
        than the CPU's slice ends, so the run loop is told its cycle."""
        if self.on_nearer is not None:
            due = self._sound_due()
            if due < NEVER:
                self.on_nearer(due)

    def _sound_armed(self) -> bool:
        chip = self.sound_chip
        return chip is not None and chip.interrupts_armed()

    def _sound_due(self) -> int:
        """The cycle of the DOC's next oscillator interrupt (NEVER: none coming)."""
        if not self._sound_armed():
            return NEVER
        due = self.sound_chip.next_interrupt_cycle()
        return NEVER if due is None else due

    def set_source(self, name: str, on: bool) -> None:
        """Turn a source's enable bit on or off (IntSource, and the registers)."""
        self.advance(self.clock())
        bits = {"vbl": ("inten", INTEN_VBL), "quarter": ("inten", INTEN_QUARTER),
                "one_second": ("vgc_enable", VGC_SECOND),
                "scan_line": ("vgc_enable", VGC_SCAN),
                "external": ("vgc_enable", VGC_EXTERNAL),
                "mouse": ("km_enable", KM_MOUSE_ENABLE),
                "keyboard": ("km_enable", KM_KEY_ENABLE),
                "adb_data": ("km_enable", KM_DATA_ENABLE)}
        field, bit = bits[name]
        value = getattr(self, field)
        setattr(self, field, value | bit if on else value & ~bit)
        self._scan_off()

    def _scan_off(self) -> None:
        """Scan-line interrupts off: the frames show the palettes as they are."""
        if not self.vgc_enable & VGC_SCAN:
            self.frame_palettes, self.last_frame_palettes = [], []

    def set_firmware(self, name: str, handler: Callable[[], None]) -> None:
        """The routine the firmware runs for a source whose vector is the default
        (the toolbox's interface: the Misc Tool Set registers its heartbeat on VBL),
        or, as "not_busy", when DecBusyFlg brings the busy flag to 0 (the Scheduler)."""
        self.firmware[name] = handler

    # ---------------------------------------------------------------- timing
    def _second_due(self, after: int) -> int:
        return (after // self.cps + 1) * self.cps

    def _line_cycle(self, frame: int, line: int) -> int:
        """The cycle the interrupt of `line` (0-199) of frame `frame` falls on: when the
        next line's count begins (frame f's line 200 is cycle f x cpf)."""
        count = ((line + 1 - SHR_LINES) % LINES_PER_FRAME) * 65
        phase = -(-count * self.cpf // (LINES_PER_FRAME * 65))
        return frame * self.cpf + phase

    def _next_scan(self, after: int) -> tuple[int, int]:
        """(cycle, line) of the first scan-line interrupt after `after`, from the SCBs
        as they are now; (NEVER, -1) when no SCB asks for one."""
        scbs = self.mem[SCBS:SCBS + SHR_LINES]
        lines = [line for line in range(SHR_LINES) if scbs[line] & SCB_INTERRUPT]
        if not lines:
            return NEVER, -1
        frame = after // self.cpf
        for f in (frame, frame + 1):
            for line in lines:
                cycle = self._line_cycle(f, line)
                if cycle > after:
                    return cycle, line
        return NEVER, -1   # (not reached: every line falls within a frame)

    def next_event(self, now: int) -> int:
        """The cycle of the next enabled source's event after `now` (NEVER if none)."""
        due = NEVER
        if self.inten & (INTEN_VBL | INTEN_QUARTER):
            due = (now // self.cpf + 1) * self.cpf
        if self.vgc_enable & VGC_SECOND:
            due = min(due, self._second_due(now))
        if self.vgc_enable & VGC_SCAN:
            due = min(due, self._next_scan(now)[0])
        return min(due, self._sound_due())

    def advance(self, now: int) -> None:
        """Latch every enabled source's events in (seen, now]."""
        if self._sound_armed():
            self.sound_chip.catch_up(now)   # an interrupt due by now asserts the line
        seen = self.seen
        if now <= seen:
            return
        self.seen = now
        if self.inten & (INTEN_VBL | INTEN_QUARTER):
            first, last = seen // self.cpf + 1, now // self.cpf
            if first <= last:
                self._end_frame()
                if self.inten & INTEN_VBL:
                    self.status.add("vbl")
                if self.inten & INTEN_QUARTER and (
                        last // QUARTER_FRAMES > (first - 1) // QUARTER_FRAMES):
                    self.status.add("quarter")
        elif now // self.cpf > seen // self.cpf:
            self._end_frame()
        if self.vgc_enable & VGC_SECOND and now // self.cps > seen // self.cps:
            self.status.add("one_second")
        if self.vgc_enable & VGC_SCAN:
            # (a long idle skip latches one status: look at its last frame only)
            cycle, line = self._next_scan(max(seen, now - self.cpf))
            while cycle <= now:
                self.status.add("scan_line")
                self.scan_fired = line
                cycle, line = self._next_scan(cycle)

    def _end_frame(self) -> None:
        if self.frame_palettes or self.last_frame_palettes:
            self.last_frame_palettes, self.frame_palettes = self.frame_palettes, []

    def line(self) -> bool:
        """The IRQ line: some enabled source is latched."""
        return bool(self.status) and bool(self.status & self.enabled)

    def pending(self) -> list[str]:
        """The latched, enabled sources in dispatch order."""
        on = self.enabled
        return [name for name in SOURCES if name in self.status and name in on]

    def acknowledge(self, name: str) -> None:
        self.status.discard(name)
        if name == "mouse":
            self.mouse_flags = 0

    # ---------------------------------------------------------------- host-side hooks
    def key_latched(self) -> None:
        """A key reached the keyboard latch ($C000)."""
        if self.km_enable & KM_KEY_ENABLE:
            self.status.add("keyboard")

    def mouse_data(self, moved: bool, switched: bool) -> None:
        """The host's mouse moved and/or its button changed: the ADB GLU's mouse
        register fills (its interrupt, when enabled), and the Mega II mouse's movement
        and button interrupts, when theirs are."""
        if self.km_enable & KM_MOUSE_ENABLE:
            self.status.add("mouse")
        inten = self.inten
        flags = ((INTFLAG_MOVE if moved and inten & INTEN_MOUSE_MOVE else 0)
                 | (INTFLAG_SWITCH if switched and inten & INTEN_MOUSE_SWITCH else 0))
        if flags:
            self.mouse_flags |= flags
            self.status.add("mouse")

    def mouse_read(self) -> None:
        """The program read the pair from $C024: the interrupt drops unless more motion
        waits."""
        if not self.mouse_waiting():
            self.acknowledge("mouse")

    def adb_data(self) -> None:
        """A key transition reached the ADB keyboard's register 0 (a service request)."""
        if self.km_enable & KM_DATA_ENABLE:
            self.status.add("adb_data")

    def read_interrupt_byte(self) -> int:
        """$C026 read while no command is under way: the ADB interrupt byte ($08: a
        device asks for service), which clears the data interrupt."""
        if "adb_data" in self.status:
            self.acknowledge("adb_data")
            return ADB_SRQ
        return 0

    def raise_sound(self) -> None:
        """The sound GLU asserts IRQ (a DOC oscillator interrupt)."""
        self.status.add("sound")

    def clear_sound(self) -> None:
        self.status.discard("sound")

    # ---------------------------------------------------------------- registers
    def read_vgcint(self) -> int:
        """$C023: enables in bits 0-2, scan-line status bit 5, one-second bit 6, any
        VGC interrupt bit 7."""
        self.advance(self.clock())
        value = self.vgc_enable
        if "scan_line" in self.status:
            value |= VGC_SCAN_STATUS
        if "one_second" in self.status:
            value |= VGC_SECOND_STATUS
        if value & (VGC_SCAN_STATUS | VGC_SECOND_STATUS):
            value |= VGC_ANY
        return value

    def write_vgcint(self, value: int) -> None:
        self.advance(self.clock())
        self.vgc_enable = value & (VGC_EXTERNAL | VGC_SCAN | VGC_SECOND)
        self._scan_off()

    def write_scanint(self, value: int) -> None:
        """$C032: a 0 in bit 5 clears the scan-line status, in bit 6 the one-second."""
        self.advance(self.clock())
        if not value & VGC_SCAN_STATUS:
            self.status.discard("scan_line")
        if not value & VGC_SECOND_STATUS:
            self.status.discard("one_second")

    def read_inten(self) -> int:
        return self.inten

    def write_inten(self, value: int) -> None:
        self.advance(self.clock())
        self.inten = value & 0x1F

    def read_intflag(self, button: bool) -> int:
        """$C046: bit 7 the mouse button, 4 quarter-second, 3 VBL, 2 and 1 the Mega II
        mouse's button and movement, 0 the line."""
        self.advance(self.clock())
        value = (0x80 if button else 0) | self.mouse_flags
        for name, bit in (("quarter", INTFLAG_QUARTER), ("vbl", INTFLAG_VBL)):
            if name in self.status:
                value |= bit
        return value | (INTFLAG_IRQ if self.line() else 0)

    def clear_vbl(self) -> None:
        """$C047: clears the VBL and quarter-second statuses."""
        self.advance(self.clock())
        self.status.discard("vbl")
        self.status.discard("quarter")

    def read_kmstatus(self) -> int:
        value = self.km_enable
        if "mouse" in self.status:
            value |= KM_MOUSE_FULL
        if "keyboard" in self.status:
            value |= KM_KEY_FULL
        if "adb_data" in self.status:
            value |= KM_DATA_FULL
        return value

    def write_kmstatus(self, value: int) -> None:
        """$C027: the enables; a mouse interrupt enabled while the mouse register is
        full is raised at once (the line follows the register)."""
        was = self.km_enable
        self.km_enable = value & (KM_MOUSE_ENABLE | KM_DATA_ENABLE | KM_KEY_ENABLE)
        if self.km_enable & ~was & KM_MOUSE_ENABLE and self.mouse_waiting():
            self.status.add("mouse")

    # ---------------------------------------------------------------- vectors
    @staticmethod
    def vector_address(number: int) -> int:
        return VECTOR_BASE + 4 * number

    def vector(self, number: int) -> int:
        """The target of vector `number`'s JML."""
        at = self.vector_address(number)
        return int.from_bytes(self.mem[at + 1:at + 4], "little")

    def set_vector(self, number: int, target: int) -> None:
        at = self.vector_address(number)
        self.mem[at] = JML
        self.mem[at + 1:at + 4] = (target & 0xFFFFFF).to_bytes(3, "little")

    # ---------------------------------------------------------------- the busy flag
    @property
    def system_busy(self) -> bool:
        """The busy flag is set, or the firmware's dispatch runs from inside a tool
        call of this toolbox's that waits tick after tick (its Python is not
        reentrant, as GS/OS is not): the Scheduler's queue must wait."""
        return self.busy or bool(self.mem[BUSY_FLAG])

    def inc_busy(self) -> None:
        """IncBusyFlg: the busy flag goes up by one."""
        self.mem[BUSY_FLAG] = (self.mem[BUSY_FLAG] + 1) & 0xFF

    def dec_busy(self, run_tasks: bool = True) -> None:
        """DecBusyFlg: the busy flag goes down by one (never below 0); when that brings
        it to 0 the Scheduler's queue runs (the handler registered as "not_busy"),
        unless `run_tasks` is False (a call that failed: the machine stops)."""
        flag = self.mem[BUSY_FLAG]
        if not flag:
            return
        self.mem[BUSY_FLAG] = flag - 1
        handler = self.firmware.get("not_busy")
        if flag == 1 and run_tasks and handler is not None and not self.busy:
            handler()

    def default_handler(self, name: str) -> None:
        """What the ROM's own handler for a source does: the toolbox's routine, if it
        registered one."""
        self._unclaimed.add(name)
        handler = self.firmware.get(name)
        if handler is not None:
            handler()

    def dispatch(self, call: Callable[[int], Any]) -> None:
        """The firmware's interrupt handler, after the CPU pushed the interrupted
        state: call each pending source's vector (`call(target)` runs it as a JSL and
        returns when it RTLs), then clear the source. Scan-line handlers have the
        palettes recorded around them for the frame's picture."""
        for name in self.pending():
            if name == "scan_line":
                line = self.scan_fired
                if not self.frame_palettes:
                    self.frame_palettes.append((0, self._palettes()))
                call(self.vector(SOURCES[name]))
                if 0 <= line < SHR_LINES - 1:
                    self.frame_palettes.append((line + 1, self._palettes()))
            else:
                self._unclaimed.discard(name)
                call(self.vector(SOURCES[name]))
            self.acknowledge(name)
            if name not in self._unclaimed:
                if name == "sound":
                    self._reassert_sound()
                elif name == "mouse" and self.km_enable & KM_MOUSE_ENABLE \
                        and self.mouse_waiting():
                    self.status.add("mouse")   # level: motion still waits

    def _reassert_sound(self) -> None:
        """Level-triggered: a DOC interrupt the handler left pending (it read $E0
        once, and two oscillators had halted) holds the line again."""
        chip = self.sound_chip
        if chip is not None and chip.irq_asserted:
            self.raise_sound()

    def _palettes(self) -> bytes:
        return bytes(self.mem[PALETTES:PALETTES + 512])
