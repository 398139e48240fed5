"""The interpreting tier of `CPU65816.run()`: handlers generated per (E, M, X) state.

`_Gen` emits the operations (`iigs.cpu_ops.Op`) of an instruction from its row of
`iigs.opcodes` (datasheet Table 5-4) with the register widths, the stack rule and the
Table 5-7 cycle count (and its notes, as in `CPU65816.base_cycles`) folded in as
constants; Python source is made from the operations last. It serves both generated
tiers:

1. Handlers (this module): one function per opcode and state, compiled once per state.
   `handler(cpu, mem, a0) -> cycles << 24 | next`, where `a0` is the 24-bit address of
   the opcode and `next` that of the next instruction; the loop keeps the program counter
   in a local and writes `cpu.pc` back when it stops (handlers that change the program
   bank also set `cpu.pbr`). The loop never lets an instruction's bytes cross the end of
   the program bank (the reference `step()` does those), so operands are `mem[a0 + 1]`...
2. Regions (`iigs.blocks`): the same operations per instruction (`region=True`), with
   registers in locals and operands as constants, joined into one function for hot code.

Every data memory access of generated code comes from `_Gen`'s emitters (`read`,
`write`, the addressing modes' pointer reads, `push`/`pull`), so both tiers see one
memory path. The choice between the tiers is made in `iigs.tiers`.

Rare or state-changing instructions (BRK COP RTI MVN MVP XCE PLP REP SEP WAI STP WDM, and
decimal-mode ADC/SBC) run here through the reference interpreter `CPU65816.step()`; when
one of them changes the state, ends the run (WAI, STP, a trap) or is a BRK/COP the caller
asked to stop on, it raises `_Exit` and the loop picks the right table or returns.

The memory map (`iigs.io`): a CPU with an I/O page (`cpu.io`, the machine's) runs tables
and regions of its own (`state_key` gains a fourth element: 1 common map, 2 rare map),
in which every data access goes through `_Gen.read`/`_Gen.write`: a test of the page's
flag (`RP`/`WP`, `RP2`/`WP2` for 16 bits) and, when set, `MAP_READ`/`MAP_WRITE` (the I/O
page's `read_byte`/`write_byte`). On the I/O page, a write or a read of a `LEAVES`
register (the map may change) leaves before the instruction (an op "leave": `io_exit`,
then `step()` and a new key); a read of a `TIMED` register (VBL, counters) goes to
`timed_read` with the exact cycle in a region, `io_exit` in a handler, and an instruction
handed to `step()` from inside the loop (`stale_clock_step`) is run again once the cycle
count is brought up to date if it reads one. Stack accesses and the pointers of indirect
modes (`_Gen.stack`) are plain memory in the common map and go through `BANK`
(`IOPage.stack`) in the rare one; instruction fetches are plain memory, as in `step()`.
"""
from __future__ import annotations

import functools
from types import CodeType, FunctionType
from typing import Any, Callable, NamedTuple

from iigs.stale_clock import StaleClock
from iigs.cpu_ops import Op, operand, render
from iigs.opcodes import BRANCH_ON, IMMEDIATE_MODES, MODES, OPCODES, Opcode

# N and Z for every 8-bit and 16-bit result.
NZ8 = tuple((v & 0x80) | (0 if v else 0x02) for v in range(0x100))
NZ16 = tuple((0x80 if v & 0x8000 else 0) | (0 if v else 0x02) for v in range(0x10000))
# ... and back: for every P, an 8-bit and a 16-bit value with its N and Z (Z and N both
# set has none: a region holding N/Z in r_nz is not entered so, `Region.enters`).
NZ_OF_P8 = tuple((p & 0x80) | (0 if p & 0x02 else 1) for p in range(0x100))
NZ_OF_P16 = tuple((p & 0x80) << 8 | (0 if p & 0x02 else 1) for p in range(0x100))

# The (e, m, x) states a table exists for; in emulation mode M and X are always 1.
STATES = ((1, 1, 1), (0, 1, 1), (0, 1, 0), (0, 0, 1), (0, 0, 0))

Handler = Callable[[Any, Any, int], int]


class _Exit(Exception):
    """Raised by a handler to leave the loop: `reason` None means "state changed"."""

    def __init__(self, cycles: int, reason: str | None) -> None:
        self.cycles = cycles
        self.reason = reason


def state_key(cpu: Any) -> tuple[int, ...]:
    """(e, m, x), and a fourth element when the CPU has an I/O page (`cpu.io`): the
    memory-map dimension of the tables and regions (see `_Gen.read`): 1 in the common
    map, 2 when bank $00's stack and pointers are remapped (`IOPage.rare_map`)."""
    io = cpu.io
    if io is not None:
        kind = 2 if io.rare_map else 1
        if cpu.e:
            return (1, 1, 1, kind)
        return (0, 1 if cpu.p & 0x20 else 0, 1 if cpu.p & 0x10 else 0, kind)
    if cpu.e:
        return (1, 1, 1)
    return (0, 1 if cpu.p & 0x20 else 0, 1 if cpu.p & 0x10 else 0)


def reference_step(cpu: Any) -> int:
    """One instruction through `step()`; returns its cycles without counting them."""
    before = cpu.processorCycles
    cpu.step()
    cycles = cpu.processorCycles - before
    cpu.processorCycles = before
    return cycles


def io_exit(cpu: Any, at: int, cycles: int) -> None:
    """Leave a handler before the instruction at `at` reads a TIMED register: the
    loop brings the cycle count up to date and runs it through `step()`, so the soft
    switch sees the exact cycle (VBL, counters)."""
    cpu.pc = at & 0xFFFF
    raise _Exit(cycles, "io")


def timed_read(cpu: Any, ea: int, mask: int, wide: int, now: int) -> int:
    """A region's read of a TIMED register: `now` is the cycle count `step()` would
    have at this instruction (`cpu.run_end` - what is left of the budget + the
    region's cycles so far), given to the I/O page's clock for the read."""
    io, saved = cpu.io, cpu.processorCycles
    cpu.processorCycles = now
    try:
        if wide or not io.rpages[ea >> 8] & 2:
            return io.map_read16(ea, mask) if wide else io.read_byte(ea)
        return io.handlers[ea & 0xFF][0](ea)
    finally:
        cpu.processorCycles = saved


def io_read(cpu: Any, ea: int, mask: int, wide: int, now: int) -> int:
    """A region's read on the I/O page, where it has not left (`io_leaves`): a TIMED
    register read at the exact cycle `now` (`timed_read`), anything else through the
    map (`iigs.blocks.mapped_reader`'s, a region's one call for a page the map moves)."""
    io = cpu.io
    if wide:
        if io.rpages2[ea >> 8] & 2 and (io.timed[ea & 0xFF] or io.timed[(ea + 1) & 0xFF]):
            return timed_read(cpu, ea, mask, 1, now)
        return io.map_read16(ea, mask)
    if io.rpages[ea >> 8] & 2 and io.timed[ea & 0xFF]:
        return timed_read(cpu, ea, mask, 0, now)
    return io.read_byte(ea)


def io_leaves(cpu: Any, ea: int, wide: int) -> bool:
    """Does a region's read at `ea`, on the I/O page, read a register that `step()`
    must run (LEAVES: it may reshape the map)? (`iigs.blocks.mapped_reader`'s)"""
    io = cpu.io
    if wide:
        return bool(io.rpages2[ea >> 8] & 2 and (io.leaves[ea & 0xFF]
                                                  or io.leaves[(ea + 1) & 0xFF]))
    return bool(io.rpages[ea >> 8] & 2 and io.leaves[ea & 0xFF])


def decimal_step(cpu: Any, a0: int, spent: int = 0) -> int:
    """Decimal-mode ADC/SBC through the reference interpreter, as a packed result
    (`spent`: the cycles the region ran before it, for `stale_clock_step`)."""
    cpu.pc = a0 & 0xFFFF
    cycles = stale_clock_step(cpu, a0, spent) if cpu.io is not None else reference_step(cpu)
    return (cycles << 24) | (cpu.pbr << 16) | cpu.pc


def mapped_call_name(kind: str, wide: bool, bank0: bool, rmw: bool = False) -> str:
    """The name a region's source calls for its access on a page the map moves: one
    function per access's constants (`iigs.blocks.mapped_reader`, `mapped_writer`), so
    that the call passes only what varies, three arguments fewer for `compile()`'s
    parser (`mapped_read16_bank0`, `mapped_write8`, ...; a byte's write masks nothing)."""
    return (f"mapped_{kind}{16 if wide else 8}{'_rmw' if rmw else ''}"
            f"{'_bank0' if bank0 and (wide or kind == 'read') else ''}")


def interpreted_step(cpu: Any, mem: Any, a0: int) -> int:
    """The instruction at `a0` through its handler (the interpreter's tier), as a packed
    result: a region whose sums from DBR are unmasked runs its entry instruction this
    way when DBR is $FF (`iigs.blocks`), the registers still the CPU's own."""
    return table_for(state_key(cpu), cpu.translator.tables)[mem[a0]](cpu, mem, a0)


def stale_clock_step(cpu: Any, a0: int, spent: int = 0) -> int:
    """`reference_step` from inside the fast loop, where `cpu.processorCycles` lags the
    loop's count: a read of a TIMED register, which needs the exact cycle, stops the
    step before the instruction has changed anything (`iigs.stale_clock.StaleClock`),
    and the loop runs it again with the count brought up to date (`_Exit` "io")."""
    io, dbr = cpu.io, cpu.dbr
    io.clock_exact = False
    try:
        return reference_step(cpu)
    except StaleClock:
        cpu.pc, cpu.dbr = a0 & 0xFFFF, dbr       # MVN/MVP set B before they read
        raise _Exit(spent, "io") from None
    finally:
        io.clock_exact = True


def _delegate_for(key: tuple[int, int, int]) -> Handler:
    io_key = len(key) > 3

    def delegate(cpu: Any, mem: Any, a0: int) -> int:
        cpu.pc = a0 & 0xFFFF
        cycles = stale_clock_step(cpu, a0) if io_key else reference_step(cpu)
        if cpu._trapped:
            cpu._trapped = False
            raise _Exit(cycles, "trap")
        if cpu.waiting:
            raise _Exit(cycles, "wai")
        if cpu.stopped:
            raise _Exit(cycles, "stp")
        if state_key(cpu) != key:
            raise _Exit(cycles, None)
        return (cycles << 24) | (cpu.pbr << 16) | cpu.pc
    return delegate


def _wdm_for(key: tuple[int, int, int]) -> Handler:
    def wdm(cpu: Any, mem: Any, a0: int) -> int:
        """WDM: a 2-byte no-op, or a trap the loop hands to `step()` and the hook."""
        if cpu.trap_hook is None:
            return 0x2000000 + (a0 & 0xFF0000) + ((a0 + 2) & 0xFFFF)
        cpu.pc = a0 & 0xFFFF
        raise _Exit(0, "wdm")
    return wdm


# Opcodes whose handlers stay in charge even at the end of a bank (they check stops).
LOOP_CHECKED = frozenset({0x00, 0x02, 0x42})


def _software_interrupt_for(key: tuple[int, int, int], reason: str) -> Handler:
    delegate = _delegate_for(key)
    flag = "stop_on_" + reason

    def interrupt(cpu: Any, mem: Any, a0: int) -> int:
        if getattr(cpu, flag):
            cpu.pc = a0 & 0xFFFF
            raise _Exit(0, reason)   # stop with PC at the opcode, not executed
        return delegate(cpu, mem, a0)
    return interrupt


# ---------------------------------------------------------------- operations

# The memory-map names generated code uses when the state has an I/O page, bound from
# `cpu.io` (an `iigs.io.IOPage`) on entry to a handler or region.
IO_NAMES = {"RP": "rpages", "RP2": "rpages2", "WP": "wpages", "WP2": "wpages2",
            "TIMED": "timed", "LEAVES": "leaves", "MAP_READ": "read_byte",
            "MAP_READ16": "map_read16", "MAP_WRITE": "write_byte",
            "MAP_WRITE16": "map_write16", "BANK": "stack"}


def io_prologue(names: set[str] | frozenset[str]) -> list[str]:
    """Lines binding the memory-map names `names` (those the ops use; none: no lines)."""
    used = [name for name in IO_NAMES if name in names]
    if not used:
        return []
    return ["io = cpu.io"] + [f"{name} = io.{IO_NAMES[name]}" for name in used]


def branch_condition(mnemonic: str, p: str) -> str:
    """The Python test of a conditional branch (`iigs.opcodes.BRANCH_ON`) on `p`."""
    flag, when_set = BRANCH_ON[mnemonic]
    return f"{p} & {flag:#04x}" if when_set else f"not {p} & {flag:#04x}"


# Data addressing modes whose address is DBR's bank and a 16-bit offset (+ an index).
DBR_MODES = frozenset({"abs", "absx", "absy", "dpi", "dpiy", "dpix", "sriy"})


class Cycle(NamedTuple):
    """A run-time cycle term: one cycle more when `test` holds (`direct`: note 2, the
    direct-page low byte, which a region adds once per block)."""
    test: str
    direct: bool = False


def _stepped(value: str, delta: str, mask: str) -> str:
    """`value` (a local, read twice) plus or minus 1, wrapped to `mask`: a test instead
    of a mask, since `(x + 1) & 0xFFFF` makes two integers and `x + 1 if x != 0xFFFF
    else 0` one (a region's INX..DEY, INC/DEC: about 10 ns a step less on CPython)."""
    if delta == "+ 1":
        return f"{value} + 1 if {value} != {mask} else 0"
    return f"{value} - 1 if {value} else {mask}"


def step_field(register: str, delta: str, mask: str) -> str:
    """A region's field for INX..DEY: `{UPx_0xFFFF}`, `{DOWNy_0xFF}`."""
    return "{" + ("UP" if delta == "+ 1" else "DOWN") + register + "_" + mask + "}"


def step_of_field(name: str, unchecked: bool) -> str:
    """The expression of a `step_field` (its name without braces): the register's local
    stepped and wrapped (`_stepped`), or, `unchecked`, stepped alone."""
    up = name[:2] == "UP"
    register, mask = name[2 if up else 4:].split("_")
    own = "r_" + register
    if unchecked:
        return f"{own} + 1" if up else f"{own} - 1"
    return _stepped(own, "+ 1" if up else "- 1", mask)


class _Gen:
    """Emits the operations (`iigs.cpu_ops.Op`) of one opcode in one (e, m, x) state:
    for a handler (`region` False: registers are `cpu.a`..., operands read from memory,
    the result returned), or for a region's template (`region` True, see
    `iigs.blocks`: registers are the locals `r_a`..., the address and operands format
    fields)."""

    def __init__(self, row: Opcode, key: tuple, inline: bool = False,
                 region: bool = False) -> None:
        # `inline`: a block's straight-line member, which does not return.
        self.row = row
        self.inline = inline
        self.region = region
        self.static_cycles = 0
        self.e, self.m, self.x = key[:3]
        self.io = len(key) > 3 and bool(key[3])   # data accesses consult the memory map
        self.rare = len(key) > 3 and key[3] == 2  # ... and so do stack and pointers
        self.ops: list[Op] = []
        self.depth = 0
        self.size = row.operand_size(self.m, self.x) + 1
        self.bank0 = row.bank0
        # a long operand's address (+ X) may pass $FFFFFF and wrap; a region's template
        # is told when the operand's bank is not $FF (`iigs.blocks`), so it cannot
        self.long_wraps = True
        self.extra: list[Cycle] = []      # run-time cycle terms
        self.io_names: set[str] = set()   # memory-map names the ops use
        self.ret_target: str | None = None   # a control transfer's target (a region's)
        # the bytes a pull reads, low first, as read before S moves, where S does not
        # wrap, and the test that it does not ("": it cannot): a region's return compares
        # them with those its call pushed (`iigs.blocks._Writer`)
        self.pulled: tuple[str, ...] = ()
        self.unwrapped = ""
        self.moved = ""     # ... and S after the pull there
        self.ea = "ea"      # the effective address's name (a region's direct page: a field)
        # a region's operand fields: name -> (kind, byte index), see `iigs.blocks`
        self.params: dict[str, tuple[str, int]] = {}
        # How registers, the instruction's address and stack/pointer memory are named.
        self.r = {name: (f"r_{name}" if region else f"cpu.{name}")
                  for name in ("a", "x", "y", "sp", "p", "d", "dbr", "pbr")}
        # DBR << 16: a region's local r_bank (set at entry and by PLB), a handler's
        # expression
        self.r["bank"] = "r_bank" if region else "(cpu.dbr << 16)"
        self.a0 = "{A}" if region else "a0"
        self.stack = "BANK" if self.rare else "mem"
        if self.rare:
            self.io_names.add("BANK")

    # ------------------------------------------------ emitting
    def emit(self, *lines: str, uses: frozenset[str] | None = None) -> None:
        """Statements of no structure the analyses need (they may read any temporary)."""
        for line in lines:
            self.ops.append(Op("code", line, uses=uses, depth=self.depth))

    def let(self, target: str, expr: str, uses: frozenset[str] | None = None,
            source: str = "", around: tuple[str, str] = ()) -> None:
        """The temporary `target` = `expr` (`source`, `around`: the register's local it
        reads once and the text before and after it, where a region may read it from
        another local: a 16-bit ADC/SBC's sum, `iigs.blocks._va_forwarded`)."""
        self.ops.append(Op("let", target=target, expr=expr, uses=uses, depth=self.depth,
                           source=source, around=around))

    def set(self, register: str, expr: str, uses: frozenset[str] | None = None,
            source: str = "", around: tuple[str, str] = ()) -> None:
        """`register` = `expr` (`source`: the temporary `expr` is, when it is one alone,
        or, with `around`, the text before and after it, the one it reads once)."""
        self.ops.append(Op("set", target=self.r[register], expr=expr, uses=uses,
                           depth=self.depth, source=source, around=around))

    def update(self, register: str, before: str, after: str,
               uses: frozenset[str] | None = None) -> None:
        """`register` = `before` + its own local + `after` (read once: a region may put
        the expression that set it just before in its place, `iigs.blocks`)."""
        own = self.r[register]
        self.set(register, before + own + after, uses=uses, source=own,
                 around=(before, after))

    def take(self, register: str, temp: str) -> None:
        """`register` = the temporary `temp`."""
        self.set(register, temp, uses=frozenset({temp}), source=temp)

    def when(self, test: str) -> None:
        """`if test:` (or `else:`); the caller deepens `self.depth` for its body."""
        self.ops.append(Op("if", test, uses=None, depth=self.depth))

    def flags(self, keep: int, *parts: tuple, base: str | None = None,
              uses: frozenset[str] | None = None,
              lazy: tuple[tuple[int, str, int], ...] = (),
              nz_register: bool = False,
              v_stores: tuple[tuple[str, str], ...] = ()) -> None:
        """P = (base & keep) | parts; a part is (bits, expression) or (bits, expression,
        the temporaries it reads), which lets a pass that drops it know what is left.
        `lazy`: the parts a region may hold in a local (`iigs.cpu_ops.FlagState`), as
        (bits, value, width); `nz_register`: the N/Z value is a register's local;
        `v_stores`: the stores that hold V in a region's triple (`Op.v_stores`)."""
        p = self.r["p"]
        part_uses = tuple(part[2] for part in parts) if all(len(x) == 3 for x in parts) \
            else ()
        self.ops.append(Op("flags", base=base or p, keep=keep,
                           parts=tuple(part[:2] for part in parts), p=p, uses=uses,
                           depth=self.depth, part_uses=part_uses if parts else (),
                           lazy=lazy if self.region else (),
                           nz_register=nz_register and self.region,
                           v_stores=v_stores if self.region else ()))

    def copy(self, temp: str, register: str) -> str:
        """A temporary holding `register`: in a region the register's local itself (the
        callers read it only before they assign that register), in a handler `temp`."""
        if self.region:
            return self.r[register]
        self.let(temp, self.r[register], uses=frozenset())
        return temp

    def carry(self) -> str:
        """The carry an operation reads: in a region the `{carry}` field, which is the
        constant 0 or 1 where the translator knows it (`iigs.blocks.known_carries`)."""
        return "{carry}" if self.region else f"({self.r['p']} & 1)"

    def plus_carry(self) -> str:
        """` + carry` for a sum, which a region leaves out where the carry is known 0
        (the `{plus_carry}` field)."""
        return "{plus_carry}" if self.region else f" + ({self.r['p']} & 1)"

    def low(self, register: str, wide: bool) -> str:
        """The register's low 8 or all 16 bits (16-bit registers are kept masked)."""
        return self.r[register] if wide else f"({self.r[register]} & 0xFF)"

    # operand bytes: read from memory by a handler, a region's parameters (constants)
    def _param(self, kind: str, k: int) -> str:
        self.params[f"{kind}{k}"] = (kind, k)
        return f"{{{kind}{k}}}"

    def byte(self, k: int = 1) -> str:
        if self.region:
            return self._param("B", k)
        return f"mem[a0 + {k}]"

    def word(self, k: int = 1) -> str:
        if self.region:
            return self._param("W", k)
        return f"(mem[a0 + {k}] | (mem[a0 + {k + 1}] << 8))"

    def long(self) -> str:
        if self.region:
            return self._param("L", 1)
        return "(mem[a0 + 1] | (mem[a0 + 2] << 8) | (mem[a0 + 3] << 16))"

    # ------------------------------------------------ addressing modes -> `ea`
    def _dp_indexed(self, reg: str, d: str) -> None:
        index = self.r[reg]
        if self.e:
            self.emit(f"if {d} & 0xFF: t = ({d} + {self.byte()} + {index}) & 0xFFFF",
                      f"else: t = {d} | (({self.byte()} + {index}) & 0xFF)")
        else:
            self.emit(f"t = ({d} + {self.byte()} + {index}) & 0xFFFF")

    def address(self) -> None:
        mode = self.row.mode
        dp = MODES[mode][2]
        r, stack = self.r, self.stack
        d = ""
        if dp:
            d = self.copy("d", "d")
            self.extra.append(Cycle(f"{d} & 0xFF", direct=True))
        if mode == "dp":
            # (a region's `{ZB1}` field: D + operand, made once at its entry where the
            # instruction is in a loop and nothing writes D, see `iigs.blocks`)
            # (and `{ZE1}`, the address's name where accesses write `ea`: that hoisted
            # name, with `{ZA1}`, the statement making `ea`, left out; else `ea`)
            byte = self.byte()
            if self.region:
                self.emit("{ZA" + byte[1:-1] + "}", uses=frozenset())
                self.ea = "{ZE" + byte[1:-1] + "}"
            else:
                self.emit(f"ea = ({d} + {byte}) & 0xFFFF")
        elif mode in ("dpx", "dpy"):
            self._dp_indexed(mode[-1], d)
            self.emit("ea = t")
        elif mode in ("dpi", "dpiy"):
            if self.e:
                self.emit("o = " + self.byte())
                self.emit(f"if {d} & 0xFF: t = ({d} + o) & 0xFFFF; "
                          f"ptr = {stack}[t] | ({stack}[(t + 1) & 0xFFFF] << 8)",
                          f"else: ptr = {stack}[{d} | o] | ({stack}[{d} | ((o + 1) & 0xFF)] << 8)")
                ptr = "ptr"
            else:
                # (the pointer read where it is used: one statement fewer)
                self.emit(f"t = ({d} + {self.byte()}) & 0xFFFF")
                ptr = f"{stack}[t] | ({stack}[(t + 1) & 0xFFFF] << 8)"
            if mode == "dpi":
                self.emit(f"ea = {r['bank']} | {ptr}")
            else:
                self._indexed(f"{r['bank']} | {ptr}", r["y"])
        elif mode == "dpix":
            self._dp_indexed("x", d)
            self.emit(f"ea = {r['bank']} | {stack}[t] | ({stack}[(t + 1) & 0xFFFF] << 8)")
        elif mode in ("dpil", "dpily"):
            if self.region:
                # (a region's `{Q0B1}`..`{Q2B1}` fields: the pointer's three bytes'
                # addresses, made at entry with `{ZB1}` in a loop, see `iigs.blocks`)
                b = self.byte()[1:-1]
                pointer = (f"{stack}[{{Q0{b}}}] | {stack}[{{Q1{b}}}] << 8 | "
                           f"{stack}[{{Q2{b}}}] << 16")
                if stack == "mem":
                    # (in plain memory, the `{LP}` field: a loop's arm may read the
                    # pointer once at its head where nothing in it can write it)
                    pointer = f"{{LP{b}}}"
            else:
                self.emit(f"t = {d} + {self.byte()}")
                pointer = (f"{stack}[t & 0xFFFF] | ({stack}[(t + 1) & 0xFFFF] << 8) | "
                           f"({stack}[(t + 2) & 0xFFFF] << 16)")
            # (Y added in the statement that reads the pointer: one statement fewer)
            self.emit(f"ea = ({pointer}) + {r['y']} & 0xFFFFFF" if mode == "dpily"
                      else f"ea = {pointer}")
        elif mode == "abs":
            self.emit(f"ea = {self.absolute(alone=True)}")
        elif mode in ("absx", "absy"):
            self._indexed(self.absolute(), r[mode[-1]])
        elif mode == "absl":
            self.emit(f"ea = {self.long()}")
        elif mode == "abslx":
            self.emit(f"ea = ({self.long()} + {r['x']}) & 0xFFFFFF" if self.long_wraps
                      else f"ea = {self.long()} + {r['x']}")
        elif mode == "sr":
            self.emit(f"ea = {r['sp']} + {self.byte()} & 0xFFFF")
        elif mode == "sriy":
            self.emit(f"t = ({r['sp']} + {self.byte()}) & 0xFFFF")
            self.emit(f"ea = (({r['bank']} | {stack}[t] | ({stack}[(t + 1) & 0xFFFF] << 8))"
                      f" + {r['y']}){self.bank_mask()}")
        else:
            raise ValueError(f"no data address for mode {mode}")

    def absolute(self, alone: bool = False) -> str:
        """DBR:operand, an absolute mode's address: in a region the `{DW1}` field, which
        the region fills with a local made once at its entry where the instruction is in
        a loop and nothing writes DBR (`iigs.blocks`), else with `(r_bank | {W1})`;
        `alone`, the address a statement's whole value, the `{DSW1}` field, without the
        parentheses (each pair costs `compile()` as much as four tokens)."""
        word = self.word()
        if self.region:
            return "{D" + ("S" if alone else "") + word[1:-1] + "}"
        return f"{self.r['bank']} | {word}"

    def bank_mask(self) -> str:
        """The 24-bit mask of a sum from DBR (DBR:operand + index, its second byte): in a
        region the `{DM}` field, which the region leaves empty where it never runs with
        DBR = $FF (from $FE:FFFF + $FFFF the second byte is at $FF:FFFF at most)."""
        return "{DM}" if self.region else " & 0xFFFFFF"

    def _indexed(self, base: str, index: str) -> None:
        """`ea` = `base` + `index`, 24 bits. Note 4: an 8-bit index that crosses a page
        costs one more cycle on a read (only then is the base kept, to compare)."""
        # (`+` binds before the mask's `&`; a region's `{DW1}` is a name or in
        # parentheses already: none added, each pair costs `compile()` time)
        total = f"{base} + {index}" if base.startswith("{DW") else f"({base}) + {index}"
        if self.row.access == "r" and self.x:
            # (an 8-bit index crosses a page exactly when the low byte of the sum is
            # below it; in a region's absolute mode the `{CxW1}` field, which the
            # region may fill with a test of the index against a bound made at entry)
            self.emit(f"ea = {total}{self.bank_mask()}")
            if self.region and base.startswith("{DW"):
                register = "x" if index == self.r["x"] else "y"
                self.extra.append(Cycle("{C" + register + base[2:-1] + "}"))
            else:
                self.extra.append(Cycle(f"ea & 0xFF < {index}"))
        else:
            self.emit(f"ea = {total}{self.bank_mask()}")

    # ------------------------------------------------ operands
    def wide(self, width: str) -> bool:
        return not (self.m if width == "m" else self.x)

    # Every data access of generated code goes through `read`/`write`. With an I/O page
    # (`self.io`) the access first tests its page's flag (`iigs.io`): 0 = RAM, as
    # without; otherwise it goes through MAP_READ/MAP_WRITE (RAMRD/RAMWRT, language
    # card, shadowing, soft switches), except a read of a register that needs the exact
    # cycle (TIMED: VBL, the counters), which a handler leaves before (`io_exit`) so that
    # `step()` runs it, and a region reads through `timed_read` at the exact cycle (on
    # the I/O page a region calls `io_leaves` and `io_read`). A
    # 16-bit access tests the RP2/WP2 flag of its first page, which covers the second
    # byte's page too. A write, or a read of a LEAVES register, leaves before the
    # instruction (op "leave").
    def read(self, wide: bool) -> str:
        """Expression of the operand value (immediate or at `ea`)."""
        if self.row.mode in IMMEDIATE_MODES:
            return self.word() if wide else self.byte()
        mask = "0xFFFF" if self.bank0 else "0xFFFFFF"
        ea = self.ea
        # (`<<` binds before `|`: the high byte's shift needs no parentheses; `word`,
        # the read bare, `plain` as an operand)
        if wide:
            word = f"mem[{ea}] | mem[{self.next_byte(mask)}] << 8"
            plain = f"({word})"
        else:
            word = plain = f"mem[{ea}]"
        if not self.io:
            if self.region and self.row.mode == "dp":
                # (a region's `{DV1B1}`/`{DV2B1}` field: the direct-page operand's one
                # or two bytes, which a loop's arm may read once at its head where
                # nothing in it can write them, see `iigs.blocks`)
                return "{DV" + ("2" if wide else "1") + self.byte()[1:-1] + "}"
            return plain
        if wide:
            flags, slow = "RP2", f"MAP_READ16({ea}, {mask})"
            timed = f"TIMED[{ea} & 0xFF] or TIMED[({ea} + 1) & 0xFF]"
            leaves = f"LEAVES[{ea} & 0xFF] or LEAVES[({ea} + 1) & 0xFF]"
            names = ["RP2", "MAP_READ16", "TIMED"]
        else:
            flags, slow = "RP", f"MAP_READ({ea})"
            timed, leaves = f"TIMED[{ea} & 0xFF]", f"LEAVES[{ea} & 0xFF]"
            names = ["RP", "MAP_READ", "TIMED"]
        if self.row.access == "rmw":
            leaves = "True"           # its write will leave: leave before the read
        else:
            names.append("LEAVES")
        if self.region:
            # A region's rare path, a page the map moves, is one call (`iigs.blocks.
            # mapped_reader`'s): the map's read, or on the I/O page a TIMED register's
            # at the exact cycle, or the region left before a register `step()` must
            # run (P as it is here, `{P_NOW}`: None, or its flags' state's number), so
            # one statement: a fifth of GIN.KING's regions' syntax tree fewer for
            # `compile()` than the tests written out.
            self.io_names.add(flags)
            rmw = int(leaves == "True")   # (its write will leave: on the I/O page, now)
            self.ops.append(Op(
                "let", target="mv", depth=self.depth, leaves=True,
                # (a conditional binds last: the word read needs no parentheses, each
                # pair the parser's tuple-or-group trial; whoever reads the let's
                # expression in another puts it in parentheses, or takes it whole)
                expr=f"{word} if not {flags}[{ea} >> 8] else "
                     f"{mapped_call_name('read', wide, self.bank0, bool(rmw))}(cpu, {ea}, "
                     f"{{A}}, {{spent}}, limit, {{P_NOW}})"))
            return "mv"
        self.io_names.update(names)
        self.when(f"if {flags}[{ea} >> 8]:")
        self.depth += 1
        self.when(f"if {flags}[{ea} >> 8] & 2 and ({leaves}):")
        self.depth += 1
        self.ops.append(Op("leave", depth=self.depth))
        self.depth -= 1
        self.ops.append(Op("let", target="mv", depth=self.depth, leaves=True,
                           expr=f"(io_exit(cpu, a0, 0) if {flags}[{ea} >> 8] & 2 and "
                                f"({timed}) else {slow})"))
        self.depth -= 1
        self.when("else:")
        self.depth += 1
        self.let("mv", plain)
        self.depth -= 1
        return "mv"

    def write(self, value: str, wide: bool, uses: frozenset[str] | None = None,
              carried: bool = False) -> None:
        """Store `value` at `ea` (`uses`: the temporaries `value` reads, None: unknown;
        `carried`: a 16-bit value with the carry still above it, its high byte masked)."""
        mask = "0xFFFF" if self.bank0 else "0xFFFFFF"
        ea = self.ea
        reads = None if uses is None else uses | {"ea", "w"}
        if wide:
            # (a plain name needs no temporary: a region's register local, a
            # temporary or 0)
            if self.region and (value in self.r.values() or value.isalnum()):
                w = value
            else:
                self.let("w", value)
                w = "w"
            high = f"{w} >> 8 & 0xFF" if carried else f"{w} >> 8"
            plain = ([f"mem[{ea}] = {w} & 0xFF", f"mem[{self.next_byte(mask)}] = {high}"]
                     if w != "0" else [f"mem[{ea}] = 0", f"mem[{self.next_byte(mask)}] = 0"])
            flags, slow = "WP2", f"MAP_WRITE16({ea}, {w}, {mask})"
        else:
            plain = [f"mem[{ea}] = {value} & 0xFF" if value != "0" else f"mem[{ea}] = 0"]
            flags, slow = "WP", f"MAP_WRITE({ea}, {value} & 0xFF)"
        if not self.io:
            self.emit(*plain, uses=reads)
            return
        self.when(f"if {flags}[{ea} >> 8]:")
        if self.region:
            # (as `read`: the map's write, or the region left before one on the I/O
            # page, one call, `iigs.blocks.mapped_writer`'s)
            self.io_names.add(flags)
            call = mapped_call_name("write", wide, self.bank0)
            self.ops.append(Op("code", f"{call}(cpu, {ea}, {w if wide else value}, "
                                       f"{{A}}, {{spent}}, {{P_NOW}})",
                               uses=reads, depth=self.depth + 1, leaves=True))
        else:
            self.io_names.update((flags, slow.split("(")[0]))
            self.depth += 1
            self.when(f"if {flags}[{ea} >> 8] & 2:")
            self.ops.append(Op("leave", depth=self.depth + 1))
            self.emit(slow)
            self.depth -= 1
        self.when("else:")
        self.depth += 1
        self.emit(*plain)
        self.depth -= 1

    def next_byte(self, mask: str) -> str:
        """The address of a 16-bit operand's second byte: in a region's direct-page
        instruction the `{ZH1}` field (made at entry with `{ZB1}`), else `ea` + 1."""
        if self.region and self.row.mode == "dp":
            return "{ZH" + self.byte()[2:-1] + "}"
        if not self.long_wraps:
            return "ea + 1"
        # (a subscript: `+` binds before `&`, and parentheses cost `compile()` time)
        if self.row.mode in DBR_MODES and not self.bank0:
            return "ea + 1" + self.bank_mask()
        return f"ea + 1 & {mask}"

    def set_nz(self, value: str, wide: bool, uses: frozenset[str] | None = None) -> None:
        table = "NZ16" if wide else "NZ8"
        part = (0x82, f"{table}[{value}]")
        self.flags(0x7D, part if uses is None else part + (uses,), uses=uses,
                   lazy=((0x82, value, 16 if wide else 8),),
                   nz_register=value in self.r.values())

    def set_a(self, value: str, wide: bool, uses: frozenset[str] | None = None) -> None:
        if uses is not None and uses == {value}:
            if wide:
                self.take("a", value)
            else:
                # (the temporary read once, after B: a pass may put its expression there)
                # (`&` binds before `|`: B's mask needs no parentheses)
                high = f"{self.r['a']} & 0xFF00 | "
                self.set("a", high + value, uses=uses, source=value, around=(high, ""))
        else:
            self.set("a", value if wide else f"{self.r['a']} & 0xFF00 | {operand(value)}",
                     uses=uses)

    # ------------------------------------------------ stack
    def push(self, values: list[str], new_style: bool = False, bytes_: bool = False) -> None:
        """Push bytes in order (`bytes_`: the values are bytes already). Emulation mode
        keeps S in page 1 byte by byte, except for the 65816-only instructions, which
        address with the full S and fix SH after."""
        # (no parentheses that precedence makes redundant, `-` before `&` before `|`:
        # each pair costs `compile()` time)
        sp = self.copy("sp", "sp")
        mask = self.stack_mask()
        for i, v in enumerate(values):
            if self.e and not new_style:
                addr = sp if i == 0 else f"0x100 | {sp} - {i} & 0xFF"
            else:
                addr = sp if i == 0 else f"{sp} - {i}{mask}"
            # (a value shifted right by 8 is the high byte of a 16-bit one, by 16 the
            # bank of a 24-bit address: a byte already)
            self.emit(f"{self.stack}[{addr}] = {v}" if bytes_ or v.endswith((" >> 8", " >> 16"))
                      else f"{self.stack}[{addr}] = {operand(v)} & 0xFF")
        n = len(values)
        if self.e:
            self.set("sp", f"0x100 | {sp} - {n} & 0xFF")
        else:
            self.set("sp", f"{sp} - {n}{mask}")

    def stack_mask(self) -> str:
        """The mask of a native-mode stack address or S: a region's `{SM}` field, which
        `iigs.blocks._Writer` leaves out in an arm that tested at its head that S stays
        in bank 0's range at every push and pull in it."""
        return "{SM}" if self.region and not self.e else " & 0xFFFF"

    def pull(self, count: int, new_style: bool = False, into: str = "v") -> None:
        """Pull `count` bytes little-endian into `into`."""
        sp = self.copy("sp", "sp")
        mask = self.stack_mask()
        wrapped = [f"0x100 | {sp} + {i} & 0xFF" if self.e and not new_style
                   else f"{sp} + {i}{mask}" for i in range(1, count + 1)]
        parts = [f"{self.stack}[{addr}] << {8 * i}" if i else f"{self.stack}[{addr}]"
                 for i, addr in enumerate(wrapped)]
        self.let(into, " | ".join(parts))
        # (S in page 1 in emulation mode: a 65816-only pull, addressed with all of S,
        # cannot pass $FFFF; the others wrap in their page or bank)
        self.pulled = tuple(f"{self.stack}[{sp} + {i}]" for i in range(1, count + 1))
        end = 0x200 if self.e else 0x10000
        self.unwrapped = "" if self.e and new_style else f"{sp} < {end - count:#x}"
        self.moved = f"{sp} + {count}" if self.unwrapped else ""
        if self.e:
            self.set("sp", f"0x100 | {sp} + {count} & 0xFF")
        else:
            self.set("sp", f"{sp} + {count}{mask}")
        self.moved = self.moved or self.ops[-1].expr

    # ------------------------------------------------ cycles
    def base_cycles(self) -> int:
        row = self.row
        cycles = row.cycles
        if row.width and (row.access or row.mode in IMMEDIATE_MODES or row.mode == "imp"):
            if self.wide(row.width):
                cycles += 2 if row.access == "rmw" else 1
        if MODES[row.mode][3] and row.access == "r" and not self.x:
            cycles += 1
        return cycles

    def finish(self, target: str | None = None) -> None:
        """Return cycles << 24 | the 24-bit address of the next instruction (a region's
        template records a control transfer's target instead)."""
        if self.inline:
            self.static_cycles = self.base_cycles()
            return
        if self.region:
            self.ret_target = target
            return
        if target is None:
            packed = f"a0 + {(self.base_cycles() << 24) + self.size:#x}"
        else:
            # (a return's address, `t = ...` alone in a region, has no parentheses)
            packed = f"({target}) + {self.base_cycles() << 24:#x}"
        self.emit("return " + " + ".join(
            [packed] + [f"(0x1000000 if {term.test} else 0)" for term in self.extra]))

    # ------------------------------------------------ a handler
    def generate(self) -> str:
        """The handler's source, made from its operations."""
        self.generate_body()
        lines = render(self.ops, leave=lambda op: ["io_exit(cpu, a0, 0)"],
                       bail=lambda op: ["return " + op.text], fields=None)
        body = "\n".join("    " + line for line in io_prologue(self.io_names) + lines)
        return f"def op_{self.row.code:02X}(cpu, mem, a0):\n{body}\n"

    def generate_body(self) -> None:
        name = self.row.mnemonic
        getattr(self, "op_" + GROUPS.get(name, name))()

    # ------------------------------------------------ operations
    def op_load(self) -> None:
        name = self.row.mnemonic
        wide = self.wide(self.row.width)
        if self.row.mode not in IMMEDIATE_MODES:
            self.address()
        register = "a" if name == "LDA" else name[-1].lower()
        if self.region and (register != "a" or wide):
            # (a region's register local holds the whole value: N/Z read it there)
            self.set(register, self.read(wide))
            self.set_nz(self.r[register], wide, uses=frozenset())
            self.finish()
            return
        self.let("v", self.read(wide))
        v = frozenset({"v"})
        if name == "LDA":
            self.set_a("v", wide, uses=v)
        else:
            self.take(name[-1].lower(), "v")
        self.set_nz("v", wide, uses=v)
        self.finish()

    def op_store(self) -> None:
        name = self.row.mnemonic
        wide = self.wide(self.row.width)
        self.address()
        source = {"STA": self.r["a"], "STX": self.r["x"], "STY": self.r["y"],
                  "STZ": "0"}[name]
        self.write(source, wide, uses=frozenset())
        self.finish()

    def op_logic(self) -> None:
        wide = self.wide("m")
        operator = {"ORA": "|", "AND": "&", "EOR": "^"}[self.row.mnemonic]
        if self.row.mode not in IMMEDIATE_MODES:
            self.address()
        if wide and self.region:        # (N/Z read the accumulator's local)
            self.update("a", "", f" {operator} {self.read(wide)}")
            self.set_nz(self.r["a"], wide, uses=frozenset())
            self.finish()
            return
        self.let("v", f"{self.low('a', wide)} {operator} {self.read(wide)}")
        v = frozenset({"v"})
        self.set_a("v", wide, uses=v)
        self.set_nz("v", wide, uses=v)
        self.finish()

    def op_ADC(self) -> None:
        self._add(subtract=False)

    def op_SBC(self) -> None:
        self._add(subtract=True)

    def _add(self, subtract: bool) -> None:
        wide = self.wide("m")
        mask, sign = ("0xFFFF", "0x8000") if wide else ("0xFF", "0x80")
        # Decimal mode is rare: the reference interpreter owns its corrections.
        p = self.copy("p", "p")
        spent = ", {spent}" if self.io and self.region else (", 0" if self.io else "")
        self.ops.append(Op("if", f"if {p} & 0x08:", depth=self.depth, decimal=True))
        self.ops.append(Op("bail", f"decimal_step(cpu, {self.a0}{spent})",
                           depth=self.depth + 1, decimal=True))
        # A 16-bit region's operand and sum are V's triple r_vv, r_vs (`cpu_ops.TRIPLE`),
        # which a region may keep V in by storing the old accumulator alone.
        triple = wide and self.region
        v, s = ("r_vv", "r_vs") if triple else ("v", "s")
        if self.row.mode not in IMMEDIATE_MODES:
            self.address()
        operand = self.read(wide)
        if self.region and subtract:
            self.let(v, f"{operand} ^ {mask}")     # (one statement: no `v ^= mask`)
        elif self.region and self.row.mode in IMMEDIATE_MODES:
            v = operand                 # (a region's operand field: no temporary)
        else:
            self.let(v, operand)
            if subtract:
                self.emit(f"v ^= {mask}")
        table = "NZ16" if wide else "NZ8"
        if triple:
            a = self.r["a"]
        else:
            self.let("a", f"{self.r['a']} & {mask}")
            a = "a"
        rest = f" + {v}{self.plus_carry()}"
        if triple:
            # (the old accumulator read once, where the sum's V keeps it: r_va)
            self.let(s, a + rest, source=a, around=("", rest))
        else:
            self.let(s, a + rest)
        # (s has at most one bit above the width: the carry; V is the sign of
        # (a ^ s) & (v ^ s), which a region may keep as it is)
        width = 16 if wide else 8
        if triple:
            # C and V from the old accumulator, then the accumulator, whose local N/Z
            # are read from
            self.flags(0xBE, (0x01, f"{s} >> 16"),
                       (0x40, f"(0x40 if ~({a} ^ {v}) & ({a} ^ {s}) & {sign} else 0)"),
                       base=p, lazy=((0x40, f"({a} ^ {s}) & ({v} ^ {s})", 16),),
                       v_stores=(("r_va", a),) + ((("r_vv", v),) if v != "r_vv" else ()))
            self.set("a", f"{s} & 0xFFFF", uses=frozenset({s}))
            self.set_nz(a, True, uses=frozenset())
            self.finish()
            return
        self.let("r", f"s & {mask}")
        self.flags(0x3C, (0x01, f"s >> {width}"), (0x82, f"{table}[r]"),
                   (0x40, f"(0x40 if ~({a} ^ {v}) & ({a} ^ s) & {sign} else 0)"), base=p,
                   lazy=((0x82, "r", width), (0x40, f"({a} ^ s) & ({v} ^ s)", width)))
        self.set_a("r", wide, uses=frozenset({"r"}))
        self.finish()

    def op_compare(self) -> None:
        name = self.row.mnemonic
        width = self.row.width
        wide = self.wide(width)
        mask = "0xFFFF" if wide else "0xFF"
        if self.row.mode not in IMMEDIATE_MODES:
            self.address()
        reg = {"CMP": "a", "CPX": "x", "CPY": "y"}[name]
        table = "NZ16" if wide else "NZ8"
        self.let("r", f"{self.low(reg, wide)} - {self.read(wide)}")
        self.flags(0x7C, (0x01, "(1 if r >= 0 else 0)"), (0x82, f"{table}[r & {mask}]"),
                   uses=frozenset({"r"}),
                   lazy=((0x01, "r >= 0", 0), (0x82, f"r & {mask}", 16 if wide else 8)))
        self.finish()

    def op_BIT(self) -> None:
        wide = self.wide("m")
        mask = "0xFFFF" if wide else "0xFF"
        a = self.r["a"]
        if self.row.mode in IMMEDIATE_MODES:
            # BIT #imm changes only Z.
            self.flags(0xFD, (0x02, f"(0 if {a} & {self.read(wide)} & {mask} else 2)"),
                       uses=frozenset())
        else:
            self.address()
            self.let("v", self.read(wide))
            nv = "((v >> 8) & 0xC0)" if wide else "(v & 0xC0)"
            self.flags(0x3D, (0xC0, nv), (0x02, f"(0 if {a} & v & {mask} else 2)"),
                       uses=frozenset({"v"}))
        self.finish()

    def op_rmw(self) -> None:
        name = self.row.mnemonic
        wide = self.wide("m")
        mask, top = ("0xFFFF", "0x8000") if wide else ("0xFF", "0x80")
        acc = self.row.mode == "acc"
        if acc and wide and self.region:
            # (a region's 16-bit A is a local: the operation reads and writes it, with
            # no temporary copied in and out)
            self._rmw_register(name, mask)
            return
        v = frozenset({"v"})
        if wide and self.region and not acc and not self.io and name in ("ASL", "ROL"):
            # (a region's 16-bit shift of memory keeps the carry as bit 16 of its
            # value: no copy of the top bit first, and no mask but the high byte's)
            self.address()
            read = self.read(wide)
            # (`<<` binds before `|`, and a word read is in parentheses already)
            self.let("v", f"{operand(read)} << 1" if name == "ASL"
                     else f"{operand(read)} << 1 | {self.carry()}")
            self.write("v", wide, uses=v, carried=True)
            self.flags(0x7C, (0x01, "v >> 16", v), (0x82, "NZ16[v & 0xFFFF]", v), uses=v,
                       lazy=((0x82, "v & 0xFFFF", 16),))
            self.finish()
            return
        if acc:
            self.let("v", self.low("a", wide))
        else:
            self.address()
            self.let("v", self.read(wide))
        if name == "INC":
            self.let("v", _stepped("v", "+ 1", mask) if self.region else f"(v + 1) & {mask}",
                     uses=v)
        elif name == "DEC":
            self.let("v", _stepped("v", "- 1", mask) if self.region else f"(v - 1) & {mask}",
                     uses=v)
        elif name == "ASL":
            self.let("c", f"v >> {15 if wide else 7}", uses=v)
            self.let("v", f"(v << 1) & {mask}", uses=v)
        elif name == "LSR":
            self.let("c", "v & 1", uses=v)
            self.emit("v >>= 1", uses=v)
        elif name == "ROL":
            self.let("c", f"v >> {15 if wide else 7}", uses=v)
            self.let("v", f"((v << 1) | {self.carry()}) & {mask}", uses=v)
        elif name == "ROR":
            self.let("c", "v & 1", uses=v)
            self.let("v", f"(v >> 1) | ({self.carry()} << {15 if wide else 7})", uses=v)
        if acc:
            self.set_a("v", wide, uses=v)
        else:
            self.write("v", wide, uses=v)
        table = "NZ16" if wide else "NZ8"
        if name in ("ASL", "LSR", "ROL", "ROR"):
            self.flags(0x7C, (0x01, "c", frozenset({"c"})), (0x82, f"{table}[v]", frozenset({"v"})),
                       uses=frozenset({"c", "v"}), lazy=((0x82, "v", 16 if wide else 8),))
        else:
            self.set_nz("v", wide, uses=v)
        self.finish()

    def _rmw_register(self, name: str, mask: str) -> None:
        """INC/DEC/ASL/LSR/ROL/ROR of a 16-bit A held in a region's local."""
        a = self.r["a"]
        none: frozenset[str] = frozenset()
        if name in ("ASL", "ROL"):
            self.let("c", f"{a} >> 15", uses=none)
        elif name in ("LSR", "ROR"):
            self.let("c", f"{a} & 1", uses=none)
        if name in ("INC", "DEC"):
            self.set("a", _stepped(a, "+ 1" if name == "INC" else "- 1", mask), uses=none,
                     source=a)
            self.set_nz(a, True, uses=none)
            self.finish()
            return
        # (`<<`/`>>` bind before `&`, before `|`: no parentheses but the carry's `|`'s)
        self.update("a", *{"ASL": ("", f" << 1 & {mask}"), "LSR": ("", " >> 1"),
                           "ROL": ("(", f" << 1 | {self.carry()}) & {mask}"),
                           "ROR": ("", f" >> 1 | {self.carry()} << 15")}[name],
                    uses=none)
        if name in ("INC", "DEC"):
            self.set_nz(a, True, uses=none)
        else:
            self.flags(0x7C, (0x01, "c", frozenset({"c"})), (0x82, f"NZ16[{a}]", none),
                       uses=frozenset({"c"}), lazy=((0x82, a, 16),), nz_register=True)
        self.finish()

    def op_testbits(self) -> None:
        wide = self.wide("m")
        self.address()
        self.let("v", self.read(wide))
        if wide and self.region:
            a = self.r["a"]
        else:
            self.let("a", f"{self.r['a']} & {'0xFFFF' if wide else '0xFF'}")
            a = "a"
        self.flags(0xFD, (0x02, f"(0 if {a} & v else 2)"), uses=frozenset({"a", "v"}))
        self.write(f"v | {a}" if self.row.mnemonic == "TSB" else f"v & ~{a}", wide)
        self.finish()

    def op_index_step(self) -> None:
        name = self.row.mnemonic
        wide = self.wide("x")
        mask = "0xFFFF" if wide else "0xFF"
        reg = name[-1].lower()
        delta = "+ 1" if name.startswith("IN") else "- 1"
        v = frozenset({"v"})
        if self.region:                  # (N/Z read the register's local)
            # (a field the region fills: `_stepped`, or the step alone in a counted
            # loop whose passes stop short of the wrap, `iigs.blocks._Writer._counted`)
            own = self.r[reg]
            self.set(reg, step_field(reg, delta, mask), uses=frozenset(), source=own)
            self.set_nz(own, wide, uses=frozenset())
            self.finish()
            return
        self.let("v", f"({self.r[reg]} {delta}) & {mask}", uses=frozenset())
        self.take(reg, "v")
        self.set_nz("v", wide, uses=v)
        self.finish()

    def op_transfer(self) -> None:
        name = self.row.mnemonic
        source = {"A": "a", "X": "x", "Y": "y", "S": "sp", "C": "a", "D": "d"}[name[1]]
        dest = name[2]
        r = self.r
        if dest in "XYA":
            wide = self.wide("x" if dest in "XY" else "m")
            if wide and self.region:
                v = r[source]                     # (a 16-bit register is kept masked)
            else:
                self.let("v", f"{r[source]} & {'0xFFFF' if wide else '0xFF'}",
                         uses=frozenset())
                v = "v"
            uses = frozenset({v}) if v == "v" else frozenset()
            if dest == "A":
                self.set_a(v, wide, uses=uses)
            elif v == "v":
                self.take(dest.lower(), v)
            else:
                self.set(dest.lower(), v, uses=uses)
            self.set_nz(v, wide, uses=uses)
        elif dest == "S":
            self.set("sp", f"0x100 | ({r[source]} & 0xFF)" if self.e else r[source])
        else:                                      # TSC, TDC -> C; TCD -> D
            v = self.copy("v", source)
            uses = frozenset({v}) if v == "v" else frozenset()
            if v == "v":
                self.take("a" if dest == "C" else "d", v)
            else:
                self.set("a" if dest == "C" else "d", v, uses=uses)
            self.set_nz(v, True, uses=uses)
        self.finish()

    def op_XBA(self) -> None:
        a = self.r["a"]
        self.let("a", a, uses=frozenset())
        self.set("a", "((a >> 8) | (a << 8)) & 0xFFFF", uses=frozenset({"a"}))
        self.set_nz("a >> 8", False, uses=frozenset({"a"}))
        self.finish()

    def op_flag(self) -> None:
        bit = {"C": 0x01, "I": 0x04, "D": 0x08, "V": 0x40}[self.row.mnemonic[2]]
        if self.row.mnemonic.startswith("SE"):
            self.flags(0xFF ^ bit, (bit, f"{bit:#04x}"), uses=frozenset())
        else:
            self.flags(0xFF ^ bit, uses=frozenset())
        self.finish()

    def op_NOP(self) -> None:
        self.finish()

    def op_branch(self) -> None:
        # (a region writes its branches itself, and follows BRA to its constant target)
        if self.region:
            self.ret_target = ""
            return
        if self.row.mnemonic != "BRA":
            condition = branch_condition(self.row.mnemonic, "cpu.p")
            self.emit(f"if not ({condition}): return a0 + 0x2000002")
        self.emit("npc = (a0 + 2) & 0xFFFF",
                  f"o = {self.byte()}",
                  "t = (npc + o - ((o & 0x80) << 1)) & 0xFFFF")
        # Note 5: a taken branch costs one more cycle, and in emulation mode one more
        # again when it crosses a page.
        if self.e:
            self.emit("return (a0 & 0xFF0000) + t + (0x4000000 if (t ^ npc) & 0xFF00 else 0x3000000)")
        else:
            self.emit("return (a0 & 0xFF0000) + t + 0x3000000")

    def op_BRL(self) -> None:
        a0 = self.a0
        self.finish(f"({a0} & 0xFF0000) + (({a0} + 3 + {self.word()}) & 0xFFFF)")

    def op_JMP(self) -> None:
        mode = self.row.mode
        if mode == "abs":
            if self.region:       # (a constant target: the region goes there itself)
                self.finish("")
                return
            self.let("v", self.word())
        elif mode == "absi":
            self.emit(f"t = {self.word()}")
            self.emit(f"v = {self.stack}[t] | ({self.stack}[(t + 1) & 0xFFFF] << 8)")
        else:
            self._indexed_pointer()
        self.finish(f"({self.a0} & 0xFF0000) + v")

    def _indexed_pointer(self) -> None:
        self.emit(f"bank = {self.a0} & 0xFF0000", f"t = ({self.word()} + {self.r['x']}) & 0xFFFF")
        self.emit(f"v = {self.stack}[bank | t] | ({self.stack}[bank | ((t + 1) & 0xFFFF)] << 8)")

    def op_JML(self) -> None:
        if self.row.mode == "absl":
            if self.region:       # (a constant target: only its bank is set)
                self.set("pbr", self.byte(3))
                self.finish("")
                return
            self.emit(f"t = {self.long()}")
        else:
            s = self.stack
            self.emit(f"o = {self.word()}")
            self.emit(f"t = {s}[o] | ({s}[(o + 1) & 0xFFFF] << 8) | ({s}[(o + 2) & 0xFFFF] << 16)")
        self.set("pbr", "t >> 16")
        self.finish("t")

    def op_JSR(self) -> None:
        if self.row.mode != "abs":
            self._indexed_pointer()
        elif not self.region:     # (a region goes to a constant target itself)
            self.let("v", self.word())
        if self.region and self.row.mode == "abs":
            self.push(self.return_address(3, long=False), bytes_=True)
        else:
            self.let("r", f"({self.a0} + 2) & 0xFFFF")
            self.push(["r >> 8", "r"])
        self.finish(f"({self.a0} & 0xFF0000) + v")

    def op_JSL(self) -> None:
        if self.region:           # (a constant target: only its bank is set)
            self.push(self.return_address(4, long=True), new_style=True, bytes_=True)
            self.set("pbr", self.byte(3))
            self.finish("")
            return
        self.emit(f"t = {self.long()}")
        self.emit("r = (a0 + 3) & 0xFFFF")
        self.push(["a0 >> 16", "r >> 8", "r"], new_style=True)
        self.set("pbr", "t >> 16")
        self.finish("t")

    def return_address(self, size: int, long: bool) -> list[str]:
        """The bytes a call of `size` bytes pushes (its last byte's address: bank if
        `long`, high, low), as a region's format fields."""
        return (([self._param("K", 0)] if long else [])
                + [self._param("H", size - 1), self._param("O", size - 1)])

    def op_RTS(self) -> None:
        self.pull(2)
        # (`+` binds before `&`, `&` before `|`: no parentheses, `t = ...` in a region)
        self.finish(f"{self.a0} & 0xFF0000 | v + 1 & 0xFFFF")

    def op_RTL(self) -> None:
        self.pull(3, new_style=True)
        self.set("pbr", "v >> 16", uses=frozenset({"v"}))
        self.finish("v & 0xFF0000 | v + 1 & 0xFFFF")

    def op_push_register(self) -> None:
        name = self.row.mnemonic
        register = {"PHA": "a", "PHX": "x", "PHY": "y", "PHP": "p", "PHB": "dbr"}.get(name)
        wide = bool(self.row.width) and self.wide(self.row.width)
        if register is None:                       # PHK
            self.let("v", f"({self.a0} >> 16)")
            v = "v"
        else:
            v = self.copy("v", register)
        self.push([f"{v} >> 8", v] if wide else [v])
        self.finish()

    def op_pull_register(self) -> None:
        name = self.row.mnemonic
        v = frozenset({"v"})
        if name == "PLB":
            self.pull(1)
            self.take("dbr", "v")
            if self.region:
                self.set("bank", "v << 16", uses=frozenset({"v"}))
            self.set_nz("v", False, uses=v)
        else:
            wide = self.wide(self.row.width)
            self.pull(2 if wide else 1)
            register = "a" if name == "PLA" else name[-1].lower()
            if self.region and (wide or name != "PLA"):
                # (in a region, where the register is the whole value pulled, the pull
                # goes straight into the register's local, before S is moved, and N/Z
                # are made from that local: no temporary)
                sp_update = self.ops.pop()
                self.set(register, self.ops.pop().expr, uses=frozenset())
                self.ops.append(sp_update)
                self.set_nz(self.r[register], wide, uses=frozenset())
            else:
                if name == "PLA":
                    self.set_a("v", wide, uses=v)
                else:
                    self.take(register, "v")
                self.set_nz("v", wide, uses=v)
        self.finish()

    def op_PHD(self) -> None:
        v = self.copy("v", "d")
        self.push([f"{v} >> 8", v], new_style=True)
        self.finish()

    def op_PLD(self) -> None:
        self.pull(2, new_style=True)
        v = frozenset({"v"})
        self.take("d", "v")
        self.set_nz("v", True, uses=v)
        self.finish()

    def op_PEA(self) -> None:
        if self.region:     # (the operand is a field: pushed as it is, no temporary)
            word = self.word()
            self.push([f"{word} >> 8", word], new_style=True)
        else:
            self.let("v", self.word())
            self.push(["v >> 8", "v"], new_style=True)
        self.finish()

    def op_PEI(self) -> None:
        d = self.copy("d", "d")
        self.emit(f"t = {d} + {self.byte()}")
        self.emit(f"v = {self.stack}[t & 0xFFFF] | ({self.stack}[(t + 1) & 0xFFFF] << 8)")
        self.extra.append(Cycle(f"{d} & 0xFF", direct=True))
        self.push(["v >> 8", "v"], new_style=True)
        self.finish()

    def op_PER(self) -> None:
        self.let("v", f"({self.a0} + 3 + {self.word()}) & 0xFFFF")
        self.push(["v >> 8", "v"], new_style=True)
        self.finish()


# Mnemonic -> generator method, where one method serves a family.
GROUPS: dict[str, str] = {
    **{n: "load" for n in ("LDA", "LDX", "LDY")},
    **{n: "store" for n in ("STA", "STX", "STY", "STZ")},
    **{n: "logic" for n in ("ORA", "AND", "EOR")},
    **{n: "compare" for n in ("CMP", "CPX", "CPY")},
    **{n: "rmw" for n in ("ASL", "LSR", "ROL", "ROR", "INC", "DEC")},
    **{n: "testbits" for n in ("TSB", "TRB")},
    **{n: "index_step" for n in ("INX", "INY", "DEX", "DEY")},
    **{n: "transfer" for n in ("TAX", "TAY", "TXA", "TYA", "TXY", "TYX", "TSX", "TXS",
                               "TCS", "TSC", "TCD", "TDC")},
    **{n: "flag" for n in ("CLC", "SEC", "CLI", "SEI", "CLD", "SED", "CLV")},
    **{n: "branch" for n in ("BPL", "BMI", "BVC", "BVS", "BCC", "BCS", "BNE", "BEQ", "BRA")},
    **{n: "push_register" for n in ("PHA", "PHX", "PHY", "PHP", "PHB", "PHK")},
    **{n: "pull_register" for n in ("PLA", "PLX", "PLY", "PLB")},
}


def _compiled_when_first_run(key: tuple, row: Opcode, table: list[Handler],
                             namespace: dict[str, Any]) -> Handler:
    """A stand-in for one opcode's handler that compiles it when first run and puts it
    in its place: a state's table costs only the opcodes a program runs in it (all 256
    at once took ~30 ms, on the path of the first action that entered the state)."""
    def first_run(cpu: Any, mem: Any, a0: int) -> int:
        handler = table[row.code] = FunctionType(handler_code(row.code, key), namespace)
        return handler(cpu, mem, a0)
    return first_run


@functools.lru_cache(maxsize=None)
def handler_code(code: int, key: tuple) -> CodeType:
    """The compiled code of opcode `code`'s handler in state `key`: a function of the
    opcode table alone, so made once per process (each CPU's table binds it afresh)."""
    namespace: dict[str, Any] = {}
    exec(compile(_Gen(OPCODES[code], key).generate(), f"<iigs.cpu_fast {key}>", "exec"),
         namespace)
    return namespace[f"op_{code:02X}"].__code__


def generated_namespace() -> dict[str, Any]:
    """The names generated code (handlers and `iigs.blocks` regions) may use."""
    return {"NZ8": NZ8, "NZ16": NZ16, "NZ_OF_P8": NZ_OF_P8, "NZ_OF_P16": NZ_OF_P16,
            "decimal_step": decimal_step, "io_exit": io_exit,
            "interpreted_step": interpreted_step}


def table_for(key: tuple[int, int, int], tables: dict[tuple, list[Handler]]) -> list[Handler]:
    """The 256 handlers of one state, each compiled when first run, kept in `tables`
    (a CPU's own: `iigs.tiers.Translator.tables`)."""
    table = tables.get(key)
    if table is None:
        namespace = generated_namespace()
        delegate = _delegate_for(key)
        table = []
        for row in OPCODES:
            if row.mnemonic == "BRK":
                table.append(_software_interrupt_for(key, "brk"))
            elif row.mnemonic == "COP":
                table.append(_software_interrupt_for(key, "cop"))
            elif row.mnemonic == "WDM":
                table.append(_wdm_for(key))
            elif row.delegated:
                table.append(delegate)
            else:
                table.append(_compiled_when_first_run(key, row, table, namespace))
        tables[key] = table
    return table


# ---------------------------------------------------------------- block moves
#
# MVN/MVP as one bulk move per entry (`iigs.blocks` runs it as a region).


class Block(NamedTuple):
    run: Callable[[Any, Any, int], int]   # run(cpu, mem, limit) -> cycles << 24 | next
    end: int                         # address after the block's last byte
    code: bytes                      # the bytes it was translated from
    max_cycles: int                  # its slowest path


MOVE_CHUNK = 1024   # bytes a block-move block moves per entry (7 cycles each)


def block_move(mem: bytearray, a0: int, key: tuple[int, int, int]) -> Block:
    """MVN/MVP at `a0` as a block that moves up to MOVE_CHUNK bytes per entry.

    The result is the same as MOVE_CHUNK executions of the instruction (datasheet 5.3:
    one byte per execution, C decremented, X and Y stepped, DBR = destination bank):
    slices copy when the regions do not overlap in the direction of the move, bytes
    are copied one by one when they do.
    """
    code = bytes(mem[a0:a0 + 3])
    dest, src = code[1] << 16, code[2] << 16
    step = 1 if code[0] == 0x54 else -1
    mask = 0xFF if key[2] else 0xFFFF

    def move(cpu: Any, mem: bytearray, limit: int) -> int:
        count = min(cpu.a + 1, MOVE_CHUNK)
        x, y = cpu.x, cpu.y
        io = cpu.io
        if io is not None and _move_flags(io, src, x, dest, y, count, step, mask):
            return _mapped_move(cpu, io, a0, src, dest, count, step, mask)
        if step == 1:
            if x + count <= mask + 1 and y + count <= mask + 1 and (dest | y) <= (src | x):
                mem[dest | y:(dest | y) + count] = mem[src | x:(src | x) + count]
            else:
                for i in range(count):
                    mem[dest | ((y + i) & mask)] = mem[src | ((x + i) & mask)]
        else:
            if x - count >= -1 and y - count >= -1 and (dest | y) >= (src | x):
                lo_d, lo_s = (dest | y) - count + 1, (src | x) - count + 1
                mem[lo_d:lo_d + count] = mem[lo_s:lo_s + count]
            else:
                for i in range(count):
                    mem[dest | ((y - i) & mask)] = mem[src | ((x - i) & mask)]
        cpu.x = (x + step * count) & mask
        cpu.y = (y + step * count) & mask
        cpu.a = a = (cpu.a - count) & 0xFFFF
        cpu.dbr = dest >> 16
        return (7 * count << 24) | (a0 + 3 if a == 0xFFFF else a0)

    return Block(move, a0 + 3, code, 7 * MOVE_CHUNK)


def _move_flags(io: Any, src: int, x: int, dest: int, y: int, count: int, step: int,
                mask: int) -> int:
    """The memory-map flags of the pages a block move's chunk reads and writes."""
    flags = 0
    for base, index, pages in ((src, x, io.rpages), (dest, y, io.wpages)):
        end = index + step * (count - 1)
        low, high = (min(index, end), max(index, end)) if 0 <= end <= mask else (0, mask)
        flags |= max(pages[(base | low) >> 8:((base | high) >> 8) + 1])
    return flags


def _mapped_move(cpu: Any, io: Any, a0: int, src: int, dest: int, count: int, step: int,
                 mask: int) -> int:
    """A block move through the memory map, byte by byte (RAMRD/RAMWRT, shadowing)."""
    x, y = cpu.x, cpu.y
    if _move_flags(io, src, x, dest, y, count, step, mask) & 2:
        io_exit(cpu, a0, 0)   # the I/O page: a byte per `step()`, the map may change
    read, write = io.read_byte, io.write_byte
    for i in range(count):
        write(dest | ((y + step * i) & mask), read(src | ((x + step * i) & mask)))
    cpu.x = (x + step * count) & mask
    cpu.y = (y + step * count) & mask
    cpu.a = a = (cpu.a - count) & 0xFFFF
    cpu.dbr = dest >> 16
    return (7 * count << 24) | (a0 + 3 if a == 0xFFFF else a0)
