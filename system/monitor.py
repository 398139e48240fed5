"""Breakpoints and the monitor: stop a program, look, change, go on.

`--break ADDR` (`BB/AAAA` or `SEGNAME+OFFSET`), `--break-on brk,failure,tool:NAME,
io:$C0xx`, Control-C on the terminal or the Pause key in the window stop the machine
and the monitor takes commands: from `--monitor-script F` first, then from the terminal
when there is one; with neither left the run goes on. It speaks the IIGS monitor where
the IIGS monitor has the command (`00/2000L`, `E1/2000.20FF`, `2000: A9 00`, `1234=A`,
Control-E for the registers) and adds step, step over, continue, run to return,
breakpoints, the call history, the Memory Manager's handles, the GrafPort and the
screen as a PNG (docs/compatibility.md, "The monitor", lists them all).

How it runs: the monitor replaces this machine's `cpu.run` (nothing changes for a run
without it). With address breakpoints, an I/O break, or a step under way, the CPU runs
through the reference interpreter, checking before each instruction, so the state at a
stop is exact; otherwise it runs in its fast tiers and the monitor looks in between
slices (at most 1/60 s of emulated time): a BRK stops the fast tiers on the opcode,
a tool call is caught at the dispatcher, a failure as its report is built.
"""
from __future__ import annotations

import re
import signal
import sys
from collections import deque
from typing import Any, Callable, Iterable, TextIO

from iigs.disasm import disassemble, format_registers
from iigs.memory import TOOL_ENTRY, TOOL_ENTRY_2, USER_TOOL_ENTRY, USER_TOOL_ENTRY_2
from system.symbols import Symbols, bank_text

BRK, COP, WDM = 0x00, 0x02, 0x42
JSR, JSL, JSR_INDEXED = 0x20, 0x22, 0xFC
RTS, RTL, RTI = 0x60, 0x6B, 0x40
CALL_SIZES = {JSR: 3, JSL: 4, JSR_INDEXED: 3}
RETURNS = frozenset({RTS, RTL, RTI})
LIST_LINES = 20
DUMP_WIDTH = 16
DUMP_LIMIT = 0x10000                # bytes one dump shows at most
HISTORY_LINES = 20
PROMPT = "*"                      # the IIGS monitor's prompt
CONTROL_E = "\x05"
BREAK_ON_KINDS = ("brk", "failure", "tool:NAME", "io:$C0xx")
REGISTERS = {"A": "a", "X": "x", "Y": "y", "S": "sp", "D": "d", "B": "dbr", "K": "pbr",
             "P": "p", "PC": "pc", "E": "e"}
REGISTER_MASKS = {"a": 0xFFFF, "x": 0xFFFF, "y": 0xFFFF, "sp": 0xFFFF, "d": 0xFFFF,
                  "dbr": 0xFF, "pbr": 0xFF, "p": 0xFF, "pc": 0xFFFF, "e": 1}
HEX = r"\$?[0-9A-Fa-f]+"
# The trap result that ends a fast slice after a stop in a tool call, so that a step or
# a breakpoint asked for there is honoured from the next instruction (`Monitor.run`).
MONITOR_TRAP = "monitor"
ADDRESS = r"[^\s.:=+\-]+(?:\+\$?[0-9A-Fa-f]+)?"

HELP = """Monitor commands (IIGS monitor forms first):
  ADDRL / L          list 20 instructions from ADDR (BB/AAAA, AAAA, SEG+OFF) / go on
  ADDR               show the byte at ADDR
  ADDR.ADDR2         dump memory from ADDR to ADDR2
  ADDR: BB BB ...    store bytes from ADDR
  VAL=REG            set a register: A X Y S D B (data bank) K (program bank) P PC E
  = or Control-E     the registers and the next instruction
  VAL+VAL, VAL-VAL   hex arithmetic
  s [N]              step N instructions (default 1)
  n                  step over a JSL/JSR (run until it returns)
  c                  continue
  f                  run to return (until an RTS/RTL/RTI leaves this routine)
  b ADDR / bc ADDR / bl   set, clear, list breakpoints
  h [N]              the last N tool and GS/OS calls
  mm [USERID]        the Memory Manager's handles (of one user ID)
  port               the current GrafPort
  shot FILE.png      save the screen as a PNG
  q                  end the run
  ?                  this list"""


class MonitorQuit(BaseException):
    """The monitor's `q`: the run ends here. A BaseException, as KeyboardInterrupt is,
    so that no toolbox handler that reports Python faults takes it for one."""


def parse_break_on(specs: Iterable[str]) -> tuple[bool, bool, set[str], set[int]]:
    """--break-on values (comma-separated, repeatable) -> (brk, failure, tool names
    (lower case), I/O addresses' low bytes). ValueError naming what is wrong."""
    brk = failure = False
    tools: set[str] = set()
    io: set[int] = set()
    for spec in specs:
        for item in (s.strip() for s in spec.split(",")):
            kind, _, value = item.partition(":")
            kind = kind.lower()
            if kind == "brk" and not value:
                brk = True
            elif kind == "failure" and not value:
                failure = True
            elif kind == "tool" and value:
                tools.add(value.strip().lower())
            elif kind == "io" and re.fullmatch(r"\$?[Cc]0[0-9A-Fa-f]{2}", value.strip()):
                io.add(int(value.strip().lstrip("$"), 16) & 0xFF)
            else:
                raise ValueError(f"--break-on {item!r}: expected one of "
                                 f"{', '.join(BREAK_ON_KINDS)}")
    return brk, failure, tools, io


class Monitor:
    """Breakpoints, the stopping run loop and the command interpreter of one machine."""

    def __init__(self, machine: Any, symbols: Symbols | None = None,
                 script: Iterable[str] = (), out: TextIO | None = None,
                 terminal: bool | None = None) -> None:
        self.machine = machine
        self.cpu = machine.cpu
        self.symbols = symbols or Symbols(machine)
        self.script = deque(line.rstrip("\n") for line in script)
        self.out = out
        self.terminal = sys.stdin.isatty() if terminal is None else terminal
        self.breakpoints: dict[int, str] = {}
        self.break_brk = self.break_failure = False
        self.break_tools: set[str] = set()
        self.break_io: set[int] = set()
        self.stop_request: str | None = None
        self.steps = 0                           # instructions left to step
        self.over: tuple[int, int] | None = None  # (return address, S) of a step over
        self.finish_sp: int | None = None
        self.finish_hit = False
        self.resume_at: int | None = None        # where the run goes on (not stopped again)
        self.list_next: int | None = None
        self._fast_run: Callable[[int], int] | None = None
        self._old_sigint: Any = None

    # -- output ---------------------------------------------------------------------------
    def say(self, text: str) -> None:
        out = self.out or sys.stdout
        out.write(text + "\n")
        out.flush()

    # -- installing -----------------------------------------------------------------------
    def attach(self) -> None:
        """Take over this machine's `cpu.run`; catch tool calls, failures and I/O as
        the break-on conditions ask; Control-C stops the run (on a terminal)."""
        cpu, m = self.cpu, self.machine
        self._fast_run = cpu.run
        cpu.run = self.run
        if self.break_tools:
            for addr, frames in ((TOOL_ENTRY, 1), (TOOL_ENTRY_2, 2), (USER_TOOL_ENTRY, 1),
                                 (USER_TOOL_ENTRY_2, 2)):
                m.wrap_trap(addr, self._tool_breaker(frames))
        if self.break_failure:
            crash = m.crash

            def crash_and_stop(title: str, where: int | None = None,
                               details: Any = ()) -> Any:
                error = crash(title, where, details)
                self.stop(f"failure: {title}")
                return error
            m.crash = crash_and_stop
        for low in sorted(self.break_io):
            self._break_on_io(low)
        if self.terminal:
            try:
                self._old_sigint = signal.signal(signal.SIGINT, self._interrupted)
            except ValueError:                   # not the main thread
                self._old_sigint = None

    def detach(self) -> None:
        """Give Control-C back."""
        if self._old_sigint is not None:
            signal.signal(signal.SIGINT, self._old_sigint)
            self._old_sigint = None

    def _interrupted(self, signum: int, frame: Any) -> None:
        self.stop_request = "interrupted (Control-C)"

    def add_break(self, spec: str) -> int:
        address = self.symbols.resolve(spec, bank=self.cpu.pbr)
        self.breakpoints[address] = spec
        return address

    def _tool_breaker(self, frames: int) -> Callable[[Callable], Callable]:
        from system.trace import read_tool_frame

        def wrap(handler: Callable) -> Callable:
            def breaking(cpu: Any) -> str | None:
                frame = read_tool_frame(self.machine.mem, cpu, frames)
                if frame.name.lower() in self.break_tools:
                    self.stop(f"tool call {frame.name} (${frame.number:04X}) from "
                              f"{self.symbols.describe(frame.caller)}"
                              + (f" in {' '.join(frame.inputs)}" if frame.inputs else ""),
                              where=frame.caller)
                stop = handler(cpu)
                if stop is None and self._exact():
                    return MONITOR_TRAP      # leave the fast tiers: a step is under way
                return stop
            return breaking
        return wrap

    def _break_on_io(self, low: int) -> None:
        io = self.machine.io
        reader, writer = io.handlers[low]

        def read(addr: int) -> int:
            value = reader(addr) if reader is not None else io.read(addr)
            self.stop_request = f"I/O read of $C0{low:02X} = ${value & 0xFF:02X}"
            return value

        def write(addr: int, value: int) -> None:
            if writer is not None:
                writer(addr, value)
            elif reader is None:
                io._unmodelled(addr, "write")
            self.stop_request = f"I/O write of $C0{low:02X} = ${value & 0xFF:02X}"
        if reader is None:                        # unmodelled: the floating bus, noted
            def read(addr: int) -> int:            # noqa: F811
                io._unmodelled(addr, "read")
                self.stop_request = f"I/O read of $C0{low:02X} (unmodelled)"
                return 0
        io.handlers[low] = (read, write)

    # -- running --------------------------------------------------------------------------
    def _exact(self) -> bool:
        return bool(self.breakpoints or self.steps or self.over or self.break_io
                    or self.finish_sp is not None)

    def run(self, max_cycles: int) -> int:
        """`cpu.run` with stops: see the module docstring. A stop between the fast
        tiers' slices that lets the program go on runs the rest of the budget (in the
        interpreter when a step or a breakpoint asks for it), so `Machine.call` sees
        a routine run to its end."""
        cpu = self.cpu
        done = 0
        while True:
            exact = self._exact()
            done += (self._run_exact if exact else self._fast_run)(max_cycles - done)
            if not self._goes_on(exact):
                return done
            if done >= max_cycles:
                cpu.stop_reason = "cycles"
                return done

    def _goes_on(self, exact: bool) -> bool:
        """After a slice: stop for what the fast tiers left (a BRK, a tool call's stop,
        Control-C, the stop key); True when the slice should go on."""
        cpu = self.cpu
        if cpu.stop_reason == "trap" and cpu.trap_result == MONITOR_TRAP:
            cpu.trap_result = None
            return True
        if cpu.stop_reason == "brk" and self.break_brk and not exact:
            at = (cpu.pbr << 16) | cpu.pc
            self.stop(self._brk_text(at))
            return (cpu.pbr << 16) | cpu.pc != at or self.machine.mem[at] != BRK
        host = self.machine.host
        if getattr(host, "break_requested", False):
            host.break_requested = False
            self.stop_request = "the stop key"
        if self.stop_request and cpu.stop_reason not in ("brk", "cop", "stp"):
            reason, self.stop_request = self.stop_request, None
            self.stop(reason)
        return False

    def _brk_text(self, at: int) -> str:
        return f"BRK ${self.machine.mem[(at + 1) & 0xFFFFFF]:02X}"

    def _run_exact(self, max_cycles: int) -> int:
        """`run_reference` with a look before each instruction."""
        cpu, mem = self.cpu, self.machine.mem
        start = cpu.processorCycles
        cpu.stop_reason = None
        reason = "cycles"
        while True:
            if cpu.stopped:
                reason = "stp"
                break
            if cpu.waiting:
                reason = "wai"
                break
            if cpu.processorCycles - start >= max_cycles \
                    or cpu.processorCycles >= cpu.cut_at:   # a device's interrupt moved nearer
                break
            pc = (cpu.pbr << 16) | cpu.pc
            why = self._why_stop(pc)
            if why:
                self.stop(why)
                continue                       # the monitor may have changed anything
            op = mem[pc]
            if (op == BRK and cpu.stop_on_brk) or (op == COP and cpu.stop_on_cop):
                reason = "brk" if op == BRK else "cop"
                break
            cpu.step()
            if self.finish_sp is not None and op in RETURNS and cpu.sp > self.finish_sp:
                self.finish_sp = None
                self.finish_hit = True
            if cpu._trapped:
                cpu._trapped = False
                reason = "trap"
                break
        cpu.stop_reason = reason
        return cpu.processorCycles - start

    def _why_stop(self, pc: int) -> str | None:
        """Why to stop before the instruction at `pc`, or None."""
        if self.resume_at == pc:
            self.resume_at = None
            return None
        self.resume_at = None
        if self.stop_request:
            reason, self.stop_request = self.stop_request, None
            return reason
        mem = self.machine.mem
        trap = mem[pc] == WDM and (pc >> 16) == 0xE1   # the toolbox's own entry points
        if self.steps and not trap:
            self.steps -= 1
            if not self.steps:
                return "step"
        if self.over is not None and pc == self.over[0] and self.cpu.sp >= self.over[1]:
            self.over = None
            return "stepped over the call"
        if self.finish_hit:
            self.finish_hit = False
            return "returned to the caller"
        if pc in self.breakpoints:
            return f"breakpoint {self.breakpoints[pc]}"
        if mem[pc] == BRK and self.break_brk and self.cpu.stop_on_brk:
            return self._brk_text(pc)
        return None

    # -- a stop ---------------------------------------------------------------------------
    def stop(self, reason: str, where: int | None = None) -> None:
        """The machine stopped: say where, then take commands until one resumes.
        `where` is the instruction to show when it is not the PC's (a tool call's JSL,
        while the PC is in the dispatcher)."""
        cpu = self.cpu
        pc = (cpu.pbr << 16) | cpu.pc
        self.say(f"monitor: stopped at {self.symbols.describe(pc)}: {reason}")
        self.say(self.registers(where))
        self.list_next = where
        while True:
            line = self._next_command()
            if line is None:
                break
            try:
                if self.execute(line):
                    break
            except ValueError as err:
                self.say(f"monitor: {line.strip()!r}: {err}")
        self.resume_at = (cpu.pbr << 16) | cpu.pc

    def _next_command(self) -> str | None:
        if self.script:
            line = self.script.popleft()
            self.say(f"{PROMPT}{line}")
            return line
        if self.terminal:
            try:
                return input(PROMPT)
            except EOFError:
                return None
        return None                              # nothing to say: the run goes on

    def registers(self, where: int | None = None) -> str:
        """The register line, then the instruction at `where` (default: the PC)."""
        cpu = self.cpu
        if where is None:
            where = (cpu.pbr << 16) | cpu.pc
        return format_registers(cpu) + "\n" + self.listing(where, 1)

    # -- commands -------------------------------------------------------------------------
    def execute(self, line: str) -> bool:
        """Run one command; True when it resumes the machine. ValueError for a command
        the monitor cannot read."""
        text = line.strip()
        if not text or text.startswith(";") or text.startswith("#"):
            return False
        word, _, rest = text.partition(" ")
        command = WORDS.get(word.lower())
        if command is not None:
            return bool(command(self, rest.strip()))
        self.monitor_form(text)
        return False

    def monitor_form(self, text: str) -> None:
        """The IIGS monitor's own forms."""
        if text in ("=", CONTROL_E, "^E"):
            self.say(self.registers())
            return
        match = re.fullmatch(rf"({HEX}|{ADDRESS})\s*=\s*([A-Za-z]+)", text)
        if match and match.group(2).upper() in REGISTERS:
            self.set_register(match.group(2).upper(), match.group(1))
            return
        match = re.fullmatch(rf"({HEX})\s*([+\-])\s*({HEX})", text)
        if match:
            a, b = int(match.group(1).lstrip("$"), 16), int(match.group(3).lstrip("$"), 16)
            value = a + b if match.group(2) == "+" else a - b
            self.say(f"={value & 0xFFFFFF:04X}")
            return
        if text.upper() == "L":
            self.list_from(self.list_next)
            return
        if text.upper().endswith("L"):
            try:
                self.list_from(self.address(text[:-1].strip()))
                return
            except ValueError:
                pass                               # a name that ends in L: read on
        match = re.fullmatch(r"(.+?)\s*:\s*(.*)", text)
        if match:
            self.store(self.address(match.group(1)), match.group(2))
            return
        start, dot, end = text.partition(".")
        if dot:
            self.dump(self.address(start), self.address(end, bank_of=self.address(start)))
            return
        address = self.address(text)
        self.say(f"{bank_text(address)}- {self.machine.mem[address]:02X}")

    def address(self, text: str, bank_of: int | None = None) -> int:
        """An address typed at the monitor (a bare AAAA is in the program's bank)."""
        bank = (bank_of >> 16) if bank_of is not None else self.cpu.pbr
        return self.symbols.resolve(text, bank=bank) & 0xFFFFFF

    def set_register(self, name: str, value_text: str) -> None:
        attr = REGISTERS[name]
        cpu = self.cpu
        if attr == "pc":                 # any address form; a bare AAAA stays in K
            value = self.address(value_text)
            cpu.pbr, cpu.pc = value >> 16, value & 0xFFFF
        elif not re.fullmatch(HEX, value_text):
            raise ValueError(f"{value_text!r} is not a hex value")
        elif attr == "p":
            cpu.set_p(int(value_text.lstrip("$"), 16) & 0xFF)
        else:
            setattr(cpu, attr, int(value_text.lstrip("$"), 16) & REGISTER_MASKS[attr])
        self.say(format_registers(cpu))

    def store(self, address: int, data: str) -> None:
        values = [int(v.lstrip("$"), 16) & 0xFF for v in data.split()]
        if not values:
            raise ValueError("no bytes to store")
        for i, value in enumerate(values):
            self.machine.mem[(address + i) & 0xFFFFFF] = value

    def dump(self, start: int, end: int) -> None:
        mem = self.machine.mem
        if end < start:
            raise ValueError("the end is before the start")
        if end - start >= DUMP_LIMIT:
            raise ValueError(f"more than ${DUMP_LIMIT:X} bytes: dump a smaller range")
        for row in range(start, end + 1, DUMP_WIDTH):
            data = bytes(mem[row:min(row + DUMP_WIDTH, end + 1)])
            text = "".join(chr(b & 0x7F) if 0x20 <= (b & 0x7F) < 0x7F else "." for b in data)
            self.say(f"{bank_text(row)}: {data.hex(' ').upper():<{3 * DUMP_WIDTH}} {text}")

    def list_from(self, address: int | None) -> None:
        cpu = self.cpu
        if address is None:
            address = (cpu.pbr << 16) | cpu.pc
        self.say(self.listing(address, LIST_LINES))

    def listing(self, address: int, count: int) -> str:
        """Disassembly with the load segments' labels: a segment's start gets its name
        on a line of its own, a call's or jump's target its label."""
        cpu = self.cpu
        m = 1 if cpu.e or cpu.p & 0x20 else 0
        x = 1 if cpu.e or cpu.p & 0x10 else 0
        lines = []
        for addr, raw, text in disassemble(self.machine.mem, address, m, x, count):
            label = self.symbols.label(addr)
            if label and "+" not in label:
                lines.append(f"{label}:")
            note = ""
            if raw[0] in (0x22, 0x5C) and len(raw) == 4:           # JSL, JML long
                note = self.symbols.label(int.from_bytes(raw[1:4], "little"))
            elif raw[0] in (0x20, 0x4C) and len(raw) == 3:         # JSR, JMP absolute
                note = self.symbols.label((addr & 0xFF0000) | int.from_bytes(raw[1:3],
                                                                             "little"))
            lines.append(f"{bank_text(addr)}: {raw.hex(' ').upper():<12} "
                         + (f"{text:<16} ; {note}" if note else text))
            self.list_next = addr + len(raw)
        return "\n".join(lines)

    # the added commands
    def cmd_step(self, rest: str) -> bool:
        self.steps = int(rest) if rest else 1
        if self.steps < 1:
            raise ValueError("step needs a positive count")
        return True

    def cmd_over(self, rest: str) -> bool:
        cpu = self.cpu
        pc = (cpu.pbr << 16) | cpu.pc
        op = self.machine.mem[pc]
        if op in CALL_SIZES:
            self.over = ((pc & 0xFF0000) | ((pc + CALL_SIZES[op]) & 0xFFFF), cpu.sp)
        else:
            self.steps = 1
        return True

    def cmd_continue(self, rest: str) -> bool:
        return True

    def cmd_finish(self, rest: str) -> bool:
        self.finish_sp = self.cpu.sp
        return True

    def cmd_break(self, rest: str) -> bool:
        address = self.add_break(rest)
        self.say(f"breakpoint at {self.symbols.describe(address)}")
        return False

    def cmd_clear(self, rest: str) -> bool:
        address = self.address(rest)
        if self.breakpoints.pop(address, None) is None:
            raise ValueError(f"no breakpoint at {bank_text(address)}")
        return False

    def cmd_list_breaks(self, rest: str) -> bool:
        if not self.breakpoints:
            self.say("no breakpoints")
        for address, spec in sorted(self.breakpoints.items()):
            self.say(f"{self.symbols.describe(address)}  ({spec})")
        conditions = (["brk"] if self.break_brk else []) + (
            ["failure"] if self.break_failure else []) + [
            f"tool:{t}" for t in sorted(self.break_tools)] + [
            f"io:$C0{low:02X}" for low in sorted(self.break_io)]
        if conditions:
            self.say("break on: " + ", ".join(conditions))
        return False

    def cmd_history(self, rest: str) -> bool:
        count = int(rest) if rest else HISTORY_LINES
        for line in self.machine.tb.call_log[-count:]:
            self.say(line)
        return False

    def cmd_handles(self, rest: str) -> bool:
        user = int(rest.lstrip("$"), 16) if rest else None
        self.say("handle     address    size      attr   user")
        for block in sorted(self.machine.tb.mm.blocks.values(), key=lambda b: b.handle):
            if user is None or block.user_id == user:
                self.say(f"{bank_text(block.handle)}  {bank_text(block.address)}  "
                         f"${block.size:06X}  ${block.attr:04X}  ${block.user_id:04X}")
        return False

    def cmd_port(self, rest: str) -> bool:
        from iigs.memory import read_long, read_word
        from toolbox.quickdraw import records as r
        port = self.machine.tb.qd.port
        if not port:
            self.say("no current GrafPort (QuickDraw II not started, or no SetPort)")
            return False
        mem = self.machine.mem

        def rect(offset: int) -> str:
            top, left, bottom, right = (read_word(mem, port + offset + 2 * i) for i in range(4))
            signed = [v - 0x10000 if v & 0x8000 else v for v in (top, left, bottom, right)]
            return "({},{})-({},{})".format(signed[1], signed[0], signed[3], signed[2])
        self.say(f"GrafPort at {bank_text(port)}: SCB ${read_word(mem, port + r.PORT_SCB):04X}"
                 f" pixels {bank_text(read_long(mem, port + r.PORT_PIX_IMAGE))} width "
                 f"{read_word(mem, port + r.PORT_WIDTH)}")
        self.say(f"  bounds {rect(r.PORT_BOUNDS)} portRect {rect(r.PORT_RECT)} clipRgn "
                 f"${read_long(mem, port + r.PORT_CLIP_RGN):06X} visRgn "
                 f"${read_long(mem, port + r.PORT_VIS_RGN):06X}")
        h, v = read_word(mem, port + r.PORT_PN_LOC + 2), read_word(mem, port + r.PORT_PN_LOC)
        self.say(f"  pen at ({h},{v}) size {read_word(mem, port + r.PORT_PN_SIZE + 2)}x"
                 f"{read_word(mem, port + r.PORT_PN_SIZE)} mode "
                 f"${read_word(mem, port + r.PORT_PN_MODE):04X} pnVis "
                 f"{(read_word(mem, port + r.PORT_PN_VIS) ^ 0x8000) - 0x8000}; fg "
                 f"${read_word(mem, port + r.PORT_FG_COLOR):04X} bg "
                 f"${read_word(mem, port + r.PORT_BG_COLOR):04X}; font "
                 f"${read_long(mem, port + r.PORT_FONT_ID):08X} size "
                 f"{read_word(mem, port + r.PORT_TX_SIZE)}")
        return False

    def cmd_shot(self, rest: str) -> bool:
        from iigs import video
        if not rest:
            raise ValueError("shot needs a file name")
        self.machine.tb.text.present()
        video.save_png(video.render(self.machine.mem), rest)
        self.say(f"screen saved to {rest!r}")
        return False

    def cmd_registers(self, rest: str) -> bool:
        self.say(self.registers())
        return False

    def cmd_quit(self, rest: str) -> bool:
        raise MonitorQuit("the monitor ended the run")

    def cmd_help(self, rest: str) -> bool:
        self.say(HELP)
        return False


WORDS: dict[str, Callable[[Monitor, str], bool]] = {
    "s": Monitor.cmd_step, "step": Monitor.cmd_step,
    "n": Monitor.cmd_over, "next": Monitor.cmd_over, "over": Monitor.cmd_over,
    "c": Monitor.cmd_continue, "cont": Monitor.cmd_continue, "g": Monitor.cmd_continue,
    "f": Monitor.cmd_finish, "finish": Monitor.cmd_finish,
    "b": Monitor.cmd_break, "break": Monitor.cmd_break,
    "bc": Monitor.cmd_clear, "bl": Monitor.cmd_list_breaks, "breaks": Monitor.cmd_list_breaks,
    "h": Monitor.cmd_history, "history": Monitor.cmd_history,
    "mm": Monitor.cmd_handles, "handles": Monitor.cmd_handles,
    "port": Monitor.cmd_port, "shot": Monitor.cmd_shot, "screen": Monitor.cmd_shot,
    "r": Monitor.cmd_registers, "regs": Monitor.cmd_registers,
    "q": Monitor.cmd_quit, "quit": Monitor.cmd_quit,
    "?": Monitor.cmd_help, "help": Monitor.cmd_help,
}
