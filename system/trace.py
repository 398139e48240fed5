"""`--trace tools,gsos,io,irq,loader`: one greppable line per event, stamped with the
emulated time and cycle (docs/compatibility.md, "Traces", gives the formats).

    0.000091s 256c tool $090B Multiply from 02/001D (Bench+$001D) in $0006 $0007 ...
        ... out $0000002A err $0000
    0.000041s 115c gsos $2010 Open from 02/0002 (Bench+$0002) pblock 02/0064 ...
        ... pCount=3 refNum=$0001 pathname=".CONSOLE" requestAccess=$0002 err $0000 noError
    0.000096s 268c io read $C035 SHADOW = $37 by 02/0023 (Bench+$0023)
    0.000098s 274c io write $C0A0 (unmodelled) = $37 by 02/0027 (Bench+$0027)
    0.000000s 0c loader "BENCH.S16" user $1001 seg 1 "Bench" at 02/0000 length $0088

Each kind is installed on its own: `tools` and `gsos` wrap the system entry points'
trap handlers (`Machine.wrap_trap`; a call's line is written as it returns), `io`
the hardware's I/O trace (`iigs.iotrace`: the I/O page's handler table, the CPU then
run through the interpreter so that each access has its instruction's address),
`loader` the System Loader's `watch`. This module names tool and GS/OS calls from the
toolbox's tables, so it lives on the system floor (docs/architecture.md).
Nothing is installed for a kind not asked for, so a run without --trace runs the same
code as ever. `irq` is accepted and traces nothing: the machine raises no interrupts yet.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TextIO

from iigs.memory import (GSOS_INLINE_ENTRY, GSOS_STACK_ENTRY, TOOL_ENTRY, TOOL_ENTRY_2,
                         USER_TOOL_ENTRY, USER_TOOL_ENTRY_2, read_gsstring, read_long,
                         read_word)
from system.symbols import Symbols, bank_text

KINDS = ("tools", "gsos", "io", "irq", "loader")
CARRY = 0x01

# GS/OS string fields: GS/OS input strings (a length word, then the text), unless the
# call fills them in (a ResultBuf: buffer size, length, text), read after the call.
INPUT_STRINGS = frozenset({"pathname", "newPathname", "prefix"})
OUTPUT_BUFFERS = frozenset({(0x200A, "prefix"), (0x201C, "name"), (0x2039, "pathname"),
                            (0x2027, "dataBuffer"), (0x2028, "dataBuffer")})
# ProDOS 16 (class 0) calls: name and the offsets of their pathname pointers (Pascal
# strings) in the parameter block (ProDOS 16 Reference; GS/OS Reference appendix).
PRODOS16: dict[int, tuple[str, tuple[int, ...]]] = {
    0x0001: ("CREATE", (0,)), 0x0002: ("DESTROY", (0,)), 0x0004: ("CHANGE_PATH", (0, 4)),
    0x0005: ("SET_FILE_INFO", (0,)), 0x0006: ("GET_FILE_INFO", (0,)),
    0x0008: ("VOLUME", ()), 0x0009: ("SET_PREFIX", (2,)), 0x000A: ("GET_PREFIX", ()),
    0x000B: ("CLEAR_BACKUP_BIT", (0,)), 0x0010: ("OPEN", (2,)), 0x0011: ("NEWLINE", ()),
    0x0012: ("READ", ()), 0x0013: ("WRITE", ()), 0x0014: ("CLOSE", ()),
    0x0015: ("FLUSH", ()), 0x0016: ("SET_MARK", ()), 0x0017: ("GET_MARK", ()),
    0x0018: ("SET_EOF", ()), 0x0019: ("GET_EOF", ()), 0x001A: ("SET_LEVEL", ()),
    0x001B: ("GET_LEVEL", ()), 0x001C: ("GET_DIR_ENTRY", ()), 0x0020: ("GET_DEV_NUM", (0,)),
    0x0021: ("GET_LAST_DEV", ()), 0x0022: ("READ_BLOCK", ()), 0x0023: ("WRITE_BLOCK", ()),
    0x0024: ("FORMAT", ()), 0x0027: ("GET_NAME", ()), 0x0028: ("GET_BOOT_VOL", ()),
    0x0029: ("QUIT", (0,)), 0x002A: ("GET_VERSION", ()),
}


def parse_kinds(spec: str) -> frozenset[str]:
    """"tools,gsos" -> the kinds; ValueError naming an unknown one."""
    kinds = {k.strip().lower() for k in spec.split(",") if k.strip()}
    unknown = sorted(kinds - set(KINDS))
    if unknown or not kinds:
        raise ValueError(f"--trace {spec!r}: unknown kind {', '.join(unknown) or '(none)'}"
                         f" (kinds: {','.join(KINDS)})")
    return frozenset(kinds)


def quoted(raw: bytes) -> str:
    """Text from the machine in double quotes, control characters escaped, so a trace
    line stays one line."""
    text = raw.decode("mac_roman", "replace")
    return '"' + "".join(c if " " <= c < "\x7f" and c not in '"\\'
                         else f"\\x{ord(c):02x}" for c in text) + '"'


@dataclass(frozen=True)
class ToolFrame:
    """What a tool call's stack says at the dispatcher: number, name, caller, inputs."""
    number: int
    name: str
    caller: int
    inputs: tuple[str, ...]
    result_size: int
    frames: int


def tool_name(number: int) -> str:
    """The Toolbox Reference's name of tool call `number`, or ""."""
    from toolbox.calls import TOOL_TABLE
    from toolbox.reference import reference_table
    row = TOOL_TABLE.get(number)
    if row is not None:
        return row.name
    ref = reference_table().get(number)
    return ref.name if ref is not None else ""


def read_tool_frame(mem: Any, cpu: Any, frames: int) -> ToolFrame:
    """Decode the call the dispatcher is about to make (X = number, the stack as
    `toolbox.dispatch` describes it): inputs as pushed, first parameter first."""
    from toolbox.calls import PARAM_BYTES, TOOL_TABLE
    from toolbox.reference import reference_table
    number = cpu.x & 0xFFFF
    s = cpu.sp
    ret = read_long(mem, (s + 1) & 0xFFFF) & 0xFFFFFF
    row = TOOL_TABLE.get(number)
    ref = reference_table().get(number)
    sizes: list[int] = []
    result = 0
    if row is not None and row.params is not None:
        sizes = [PARAM_BYTES[letter] for letter in row.params]
        result = row.result or 0
    elif row is None and ref is not None and ref.params is not None:
        sizes = [PARAM_BYTES.get(letter, 2) for letter in ref.params]
        result = ref.result or 0
    values, addr = [], s + 1 + 3 * frames
    for size in reversed(sizes):          # the last parameter pushed is nearest S
        value = read_word(mem, addr & 0xFFFF) if size == 2 else read_long(mem, addr & 0xFFFF)
        values.append(f"${value:0{2 * size}X}")
        addr += size
    values.reverse()
    if row is not None and row.params is None:        # an opword call (SANE)
        values = [f"opword ${read_word(mem, (s + 1 + 3 * frames) & 0xFFFF):04X}"]
    return ToolFrame(number, tool_name(number), (ret - 3) & 0xFFFFFF, tuple(values),
                     result, frames)


def gsos_name(callnum: int) -> str:
    """A GS/OS call's name (class 1), or a ProDOS 16 call's (class 0), or "?"."""
    from toolbox.gsos import CALLS
    if callnum < 0x2000:
        return PRODOS16.get(callnum, ("?", ()))[0]
    row = CALLS.get(callnum)
    return row.name if row is not None else "?"


def gsos_request(mem: Any, cpu: Any, inline: bool) -> tuple[int, int, int]:
    """(call number, parameter block, the caller's JSL) of the GS/OS call the entry
    point is about to make: in-line (the six bytes after the JSL) or stack form."""
    s = cpu.sp
    ret = read_long(mem, (s + 1) & 0xFFFF) & 0xFFFFFF
    if inline:
        inline_bytes = bytes(mem[(ret & 0xFF0000) | ((ret + k) & 0xFFFF)] for k in range(1, 6))
        callnum = int.from_bytes(inline_bytes[0:2], "little")
        pblock = int.from_bytes(inline_bytes[2:5], "little")
    else:
        callnum = read_word(mem, (s + 4) & 0xFFFF)
        pblock = read_long(mem, (s + 6) & 0xFFFF) & 0xFFFFFF
    return callnum, pblock, (ret - 3) & 0xFFFFFF


def result_words(mem: Any, cpu: Any, frame: ToolFrame) -> list[str]:
    """The call's result, as the caller will pull it (after the dispatcher's RTL)."""
    if not frame.result_size:
        return []
    base = cpu.sp + 1 + 3 * (frame.frames - 1)
    size = frame.result_size
    if size in (2, 4):
        value = read_word(mem, base & 0xFFFF) if size == 2 else read_long(mem, base & 0xFFFF)
        return [f"${value:0{2 * size}X}"]
    return [f"${read_word(mem, (base + i) & 0xFFFF):04X}" for i in range(0, size, 2)]


class Tracer:
    """Writes trace lines to `sink` (and keeps them in `lines` when `keep`)."""

    def __init__(self, machine: Any, kinds: frozenset[str], sink: TextIO | None,
                 keep: bool = False, symbols: Symbols | None = None) -> None:
        self.machine = machine
        self.kinds = kinds
        self.sink = sink
        self.keep = keep
        self.lines: list[str] = []
        self.symbols = symbols or Symbols(machine)

    # -- output ---------------------------------------------------------------------------
    def emit(self, kind: str, text: str) -> None:
        from iigs.machine import CPU_HZ
        cycles = self.machine.elapsed_cycles
        line = f"{cycles / CPU_HZ:.6f}s {cycles}c {kind} {text}"
        if self.sink is not None:
            self.sink.write(line + "\n")
        if self.keep:
            self.lines.append(line)

    def where(self, address: int) -> str:
        return self.symbols.describe(address)

    # -- installing -----------------------------------------------------------------------
    def attach(self) -> None:
        """Install the hooks of the kinds asked for (before the program is loaded, so
        the loader trace sees its segments placed)."""
        m = self.machine
        if "tools" in self.kinds:
            for addr, frames in ((TOOL_ENTRY, 1), (TOOL_ENTRY_2, 2), (USER_TOOL_ENTRY, 1),
                                 (USER_TOOL_ENTRY_2, 2)):
                m.wrap_trap(addr, self._tool_wrapper(frames, addr >= USER_TOOL_ENTRY))
        if "gsos" in self.kinds:
            m.wrap_trap(GSOS_INLINE_ENTRY, self._gsos_wrapper(inline=True))
            m.wrap_trap(GSOS_STACK_ENTRY, self._gsos_wrapper(inline=False))
        if "io" in self.kinds:
            self._trace_io()
        if "loader" in self.kinds:
            m.tb.loader.watch = self._loaded

    # -- tools ----------------------------------------------------------------------------
    def _tool_wrapper(self, frames: int, user: bool) -> Callable[[Callable], Callable]:
        def wrap(handler: Callable) -> Callable:
            def traced(cpu: Any) -> str | None:
                mem = self.machine.mem
                frame = read_tool_frame(mem, cpu, frames)
                native = self.machine.tb.tl.function_table(user, frame.number & 0xFF)
                head = (f"{'user ' if user else ''}${frame.number:04X} "
                        f"{frame.name or '?'} from {self.where(frame.caller)}"
                        + (f" in {' '.join(frame.inputs)}" if frame.inputs else ""))
                try:
                    stop = handler(cpu)
                except Exception as exc:
                    self.emit("tool", f"{head} failed: {getattr(exc, 'title', exc)}")
                    raise
                if native:
                    self.emit("tool", f"{head} -> native code at "
                                      f"{self.where((cpu.pbr << 16) | cpu.pc)}")
                    return stop
                error = cpu.a & 0xFFFF if cpu.p & CARRY else 0
                out = result_words(mem, cpu, frame) if not error else []
                self.emit("tool", head + (f" out {' '.join(out)}" if out else "")
                          + f" err ${error:04X}")
                return stop
            return traced
        return wrap

    # -- GS/OS ----------------------------------------------------------------------------
    def _gsos_wrapper(self, inline: bool) -> Callable[[Callable], Callable]:
        def wrap(handler: Callable) -> Callable:
            def traced(cpu: Any) -> str | None:
                callnum, pblock, caller = gsos_request(self.machine.mem, cpu, inline)
                strings = self._gsos_strings(callnum, pblock, before=True)
                try:
                    stop = handler(cpu)
                except Exception as exc:
                    self.emit("gsos", f"${callnum:04X} from {self.where(caller)} failed: "
                                      f"{getattr(exc, 'title', exc)}")
                    raise
                strings.update(self._gsos_strings(callnum, pblock, before=False))
                error = cpu.a & 0xFFFF if cpu.p & CARRY else 0
                self.emit("gsos", self._gsos_line(callnum, pblock, caller, strings, error))
                return stop
            return traced
        return wrap

    def _fields(self, callnum: int, pblock: int) -> list[tuple[str, int, int]]:
        """(name, offset, size) of the fields the caller's pCount gives (class 1)."""
        from toolbox.gsos import CALLS, LAYOUTS
        row = CALLS.get(callnum)
        if row is None:
            return []
        pcount = read_word(self.machine.mem, pblock)
        out, offset = [], 2
        for index, (name, size) in enumerate(LAYOUTS[row.layout]):
            if index >= pcount:
                break
            out.append((name, offset, size))
            offset += size
        return out

    def _gsos_strings(self, callnum: int, pblock: int, before: bool) -> dict[str, str]:
        """The call's pathnames as text: input strings before the call, the result
        buffers it fills after it."""
        mem = self.machine.mem
        out: dict[str, str] = {}
        if callnum < 0x2000:                                  # ProDOS 16
            if before:
                for k, offset in enumerate(PRODOS16.get(callnum, ("", ()))[1]):
                    pointer = read_long(mem, pblock + offset) & 0xFFFFFF
                    length = mem[pointer]
                    out[f"pathname{k + 1 if k else ''}"] = quoted(
                        bytes(mem[pointer + 1:pointer + 1 + length]))
            return out
        for name, offset, size in self._fields(callnum, pblock):
            pointer = read_long(mem, pblock + offset) & 0xFFFFFF if size == 4 else 0
            output = (callnum, name) in OUTPUT_BUFFERS
            if not pointer or size != 4 or (name not in INPUT_STRINGS and not output):
                continue
            if output and not before:
                length = read_word(mem, pointer + 2)
                out[name] = quoted(bytes(mem[pointer + 4:pointer + 4 + min(length, 255)]))
            elif not output and before:
                out[name] = quoted(read_gsstring(mem, pointer))
        return out

    def _gsos_line(self, callnum: int, pblock: int, caller: int, strings: dict[str, str],
                   error: int) -> str:
        from toolbox.gsos import CALLS, ERROR_NAMES
        mem = self.machine.mem
        name = gsos_name(callnum)
        if callnum < 0x2000:
            fields = [f"{k}={v}" for k, v in strings.items()]
        else:
            fields = [f"pCount={read_word(mem, pblock)}"] if callnum in CALLS else []
            for field_name, offset, size in self._fields(callnum, pblock):
                if field_name in strings:
                    fields.append(f"{field_name}={strings[field_name]}")
                elif size == 2:
                    fields.append(f"{field_name}=${read_word(mem, pblock + offset):04X}")
                elif size == 4:
                    fields.append(f"{field_name}=${read_long(mem, pblock + offset):08X}")
                else:
                    raw = bytes(mem[pblock + offset:pblock + offset + size])
                    fields.append(f"{field_name}={raw.hex()}")
        named = ERROR_NAMES.get(error, "") if error or callnum >= 0x2000 else ""
        return (f"${callnum:04X} {name} from {self.where(caller)} pblock "
                f"{bank_text(pblock)} " + " ".join(fields)
                + f" err ${error:04X}" + (f" {named}" if named else ""))

    # -- the I/O page ---------------------------------------------------------------------
    def _trace_io(self) -> None:
        """The hardware's I/O trace (`iigs.iotrace`), its addresses named here."""
        from iigs.iotrace import IOTrace
        IOTrace(self.machine, lambda text: self.emit("io", text), self.where).attach()

    # -- the System Loader ----------------------------------------------------------------
    def _loaded(self, lf: Any, segnum: int) -> None:
        seg = lf.segments.get(segnum)
        placed = lf.placed[segnum]
        name = seg.name.strip() if seg is not None else "?"
        length = seg.length if seg is not None else 0
        self.emit("loader", f"{quoted(lf.pathname.encode('mac_roman', 'replace'))} user "
                            f"${lf.user_id:04X} seg {segnum} {quoted(name.encode())} at "
                            f"{bank_text(placed.address)} length ${length:04X}")

