"""The translating tier of `CPU65816.run()`: hot code compiled into Python regions.

A *region* is the code reachable from one hot address along direct edges: fall-through,
conditional branches (both ways), BRA/BRL/JMP/JML/JSR/JSL to constant targets, and RTS/RTL
back to a call made inside the region. Each basic block (an address and an (E, M, X) state)
becomes one arm of a `while True` dispatch on a local label, written once; the arm of an
innermost loop's head also holds the rest of the loop (`innermost_loops`), so a loop, a
function and the library routines it calls run in one Python call with the registers in
locals. An edge that leaves the region returns `cycles << 24 | next address` to the loop
in `iigs.tiers`; the rare exits raise to one handler that writes the registers back
(P made from the flags' locals where the exit is, before the raise).

What stays in a block rather than ending it (datasheet section 5 and Table 5-7 cycles):
- REP/SEP #imm: the operand is a constant, so the block goes on specialised for the new
  M/X widths; XCE when an earlier CLC/SEC/REP/SEP of the block has fixed the carry; PLP
  with a check that the pulled M/X bits are the widths the block assumed (the block is left
  when they are not). PHD/TCD, TSC/TCS prologues and epilogues are plain instructions.
- Rare or unknown-state instructions (BRK COP RTI MVN MVP WAI STP WDM, XCE with an unknown
  carry) end the block before them; `iigs.tiers` hands them to the interpreter.

Cheap translation: each instruction is a *template* made once per (opcode, state) by
`iigs.cpu_fast._Gen`: its operations (`iigs.cpu_ops.Op`), with format fields for its
address and operand bytes. The passes work on operations: flag liveness per basic block
(`dead_flags`, from the opcode table's flag columns), the flag updates and temporaries
that are then dead left out (`cpu_ops.without_dead_flags`/`without_dead_temps`), the
decimal-mode tests left out of a region in which nothing sets D, SEP/REP byte-work
pairs (`byte_work_pairs`), the flags held in locals and P made only where it is observed
(`cpu_ops.with_lazy_flags`, the region's `FlagState` at block boundaries:
`_region_flags`), then the budget heads of the arms (`_Writer`); the region's
source is made last, and its compiled code object is cached by the region's *shape*
(opcodes, states and edges, not addresses or operands), so unrolled code of one shape at a
thousand addresses compiles once: each region is the shape's factory called with that
region's addresses and operands.

Self-modifying code: a region checks its code bytes on entry (`Region.valid`), and a store
(or push) that lands in the region's own code ends the region right after it; the loop
then sees the changed bytes and drops just that region.

Memory access: every data access in a region is an operation `iigs.cpu_fast._Gen`
emitted (its `read`/`write`/stack emitters), so the I/O page's routing reaches this tier
unchanged. With an I/O page the state key has a fourth element (the memory map,
`state_key`), which REP/SEP/XCE carry unchanged; the region binds the map's names on entry
(`io_prologue`, from the templates' `io_names`), a TIMED read calls `timed_read` at the
exact cycle (the `{now}` field), and an op "leave" writes the registers back and raises
`_Exit` "io" (`io_exit`), after which `iigs.tiers` runs the instruction through `step()`
and picks the new key's tables and regions.
Templates have no operand bytes, so a region tests the page flag even for a constant
long address, as a handler does.
"""
from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import operator
import struct
import time
from types import CodeType, FunctionType
from typing import Any, Callable, NamedTuple

from iigs import cpu_fast
from iigs.cpu_fast import (NZ8, NZ16, Cycle, _Gen, io_leaves, io_prologue, io_read,
                            mapped_call_name, step_of_field)
from iigs.cpu_ops import (IN_P, TRIPLE, Fields, FlagState, Op, Statement, branch_test,
                          converted, entry_lines, materialised, nz_in_p, operand, render,
                          render_statements, statements, with_lazy_flags,
                          without_dead_flags, without_dead_temps)
from iigs.opcodes import BRANCH_ON, KEPT_IN_REGIONS, OPCODES, Opcode

Key = tuple  # (e, m, x, ...): `iigs.cpu_fast.state_key`; anything after x is kept as is

MAX_INSTRUCTIONS = 192     # instructions per region
MAX_BLOCKS = 24            # basic blocks per region

# What each opcode does (its control flow, whether it ends a block, the flags it reads
# and defines, whether it pushes or lands in bank 0) is read from its row of
# `iigs.opcodes.OPCODES`.
REGISTERS = ("a", "x", "y", "sp", "p", "d", "dbr", "pbr")


def with_widths(key: Key, e: int, m: int, x: int) -> Key:
    """`key` with new E/M/X (any further components, e.g. a memory map, kept)."""
    return (e, m, x) + tuple(key[3:])


# ---------------------------------------------------------------- instruction templates

# Long data addresses: the operand's bank byte says whether the address can wrap.
LONG_DATA = frozenset({"absl", "abslx"})


def _long_may_wrap(bank: int) -> bool:
    """May a long operand in `bank` reach past $FFFFFF (its second byte, or + X)? Only
    from bank $FF: from $FE:FFFF + $FFFF the sum's second byte is at $FF:FFFF at most."""
    return bank == 0xFF


class _TemplateGen(_Gen):
    """`_Gen` for a region: registers as locals, the address and operands as format
    fields, and the state-changing instructions a region keeps."""

    def __init__(self, row: Opcode, key: Key, inline: bool) -> None:
        super().__init__(row, key, inline, region=True)
        self.imm: int | None = None
        self.new_key = key

    def op_JSL(self) -> None:
        # (`imm` 1: the routine is in the call's own bank, so PBR, which is always the
        # bank of the code running, does not change: not set)
        if self.imm != 1:
            super().op_JSL()
            return
        self.push(self.return_address(4, long=True), new_style=True, bytes_=True)
        self.finish("")

    # The state-changing instructions a region keeps (see the module docstring).
    def op_REP(self) -> None:
        self._set_p(0xFF ^ self.imm, 0)

    def op_SEP(self) -> None:
        self._set_p(0xFF, self.imm)

    def _set_p(self, keep: int, bits: int) -> None:
        if self.e:
            bits |= 0x30
        self.flags(keep, *([(bits, f"{bits:#04x}")] if bits else []), uses=frozenset())
        if self.new_key[2] and not self.x:
            self.set("x", "r_x & 0xFF", uses=frozenset())
            self.set("y", "r_y & 0xFF", uses=frozenset())
        self.static_cycles = 3

    def op_XCE(self) -> None:
        carry = self.imm
        if carry != self.e:
            self.emit(f"cpu.e = {carry}", uses=frozenset())
            self.flags(0xFE, *([(0x01, "1")] if self.e else []), uses=frozenset())
            if carry:
                self.set("sp", "0x100 | (r_sp & 0xFF)", uses=frozenset())
                self.flags(0xCF, (0x30, "0x30"), uses=frozenset())
                self.set("x", "r_x & 0xFF", uses=frozenset())
                self.set("y", "r_y & 0xFF", uses=frozenset())
        self.static_cycles = 2

    def op_PLP(self) -> None:
        self.pull(1)
        self.set("p", "v | 0x30" if self.e else "v", uses=frozenset({"v"}))
        if self.e:
            self.set("x", "r_x & 0xFF", uses=frozenset())
            self.set("y", "r_y & 0xFF", uses=frozenset())
        else:
            self.when("if v & 0x10:")
            self.depth += 1
            self.set("x", "r_x & 0xFF", uses=frozenset())
            self.set("y", "r_y & 0xFF", uses=frozenset())
            self.depth -= 1
        self.static_cycles = 4


class Template(NamedTuple):
    ops: tuple[Op, ...]           # the instruction's operations (registers as r_ locals)
    ret: str | None               # a control transfer's target expression ("" if direct)
    static: int                   # cycles known at translation
    extras: tuple[Cycle, ...]     # cycle terms known at run time
    params: tuple[tuple[str, str, int], ...]   # (format field, kind, byte index)
    writes: frozenset[str]        # registers it may assign (`Opcode.writes`, P)
    data_write: bool              # stores through `ea`
    stack_write: bool             # pushes
    bound: int                    # the most cycles it can take
    decimal: tuple[Op, ...]       # ADC/SBC: the D test and bail-out, to run first
    io_names: frozenset[str]      # memory-map names its ops use
    leaves: bool                  # may leave before it runs (the I/O page)
    bails: bool                   # may bail out to the interpreter (decimal mode)
    # RTS/RTL: the bytes pulled, low first, read before S moves where it does not wrap,
    # the test that it does not ("": it cannot), and the op that moves S there (a return
    # whose call is known tests those bytes instead of making its target: `_Writer`)
    pulled: tuple[str, ...] = ()
    unwrapped: str = ""
    moves: tuple[Op, ...] = ()


def template(op: int, key: Key, imm: int | None = None) -> Template:
    """The operations of opcode `op` in state `key` (`imm`: REP/SEP's operand, XCE's
    known carry, 1 for a long data operand in bank $FF, 0 in another, 1 for a JSL to
    its own bank, 0 to another), made once per
    (opcode, state, imm): a function of the opcode table."""
    return _template(op, key, imm)


@functools.lru_cache(maxsize=None)
def _template(op: int, key: Key, imm: int | None) -> Template:
    row = OPCODES[op]
    if row.flow == "branch":   # the region writes conditional branches itself
        return Template((), None, 0, (), (), frozenset(), False, False, 4, (), frozenset(),
                        False, False)
    control = row.flow in ("direct", "computed")
    gen = _TemplateGen(row, key, inline=not control)
    gen.imm = imm
    if row.mode in LONG_DATA and not control:
        # a long operand in bank $FF may wrap past $FFFFFF; in another bank, indexed or
        # not, its two bytes cannot (`_decode` notes which)
        gen.long_wraps = imm != 0
    if row.mnemonic in KEPT_IN_REGIONS:
        gen.new_key = _key_after(row.mnemonic, key, imm) if imm is not None else key
        getattr(gen, "op_" + row.mnemonic)()
    else:
        gen.generate_body()
    # ADC/SBC's decimal-mode test and bail-out, kept apart: a region in which nothing sets
    # D leaves them out (`Region.entry_clear`), the others put them first.
    decimal = tuple(o for o in gen.ops if o.decimal)
    ops = tuple(o for o in gen.ops if not o.decimal)
    static = gen.base_cycles() if control else gen.static_cycles
    writes = row.writes | ({"p"} if row.flags_defined(imm) or row.mnemonic in KEPT_IN_REGIONS
                           else set())
    return Template(
        ops, gen.ret_target, static, tuple(gen.extra),
        tuple((name, kind, k) for name, (kind, k) in gen.params.items()),
        frozenset(writes) & set(REGISTERS),
        row.access in ("w", "rmw") and row.mode != "acc",
        row.pushes,
        static + len(gen.extra) + 2,
        decimal, frozenset(gen.io_names),
        any(o.kind == "leave" or o.leaves for o in gen.ops),
        any(o.kind == "bail" for o in gen.ops),
        *((gen.pulled, gen.unwrapped, (Op("set", target=gen.r["sp"], expr=gen.moved),))
          if row.mnemonic in ("RTS", "RTL") else ()))


def _key_after(mnemonic: str, key: Key, imm: int) -> Key:
    """The state after REP/SEP #imm or XCE with carry `imm`."""
    e, m, x = key[:3]
    if mnemonic == "XCE":
        return with_widths(key, imm, 1, 1) if imm != e else key
    if e:
        return key
    if mnemonic == "REP":
        return with_widths(key, 0, 0 if imm & 0x20 else m, 0 if imm & 0x10 else x)
    return with_widths(key, 0, 1 if imm & 0x20 else m, 1 if imm & 0x10 else x)


# ---------------------------------------------------------------- discovery

class Instruction(NamedTuple):
    at: int            # 24-bit address
    op: int
    key: Key           # state the instruction runs in
    imm: int | None    # REP/SEP operand, XCE carry, long operand may wrap, JSL to
                       # its own bank (shape's)
    size: int


class BasicBlock(NamedTuple):
    start: int
    key: Key
    instructions: list[Instruction]
    end: str           # "exit" | "branch" | "direct" | "computed" | "plp"
    targets: list[tuple[int, Key]]   # successors (branch: taken, fall-through)
    returns: list[tuple[int, Key]]   # RTS/RTL: calls in the region it may return to


def _decode(mem: Any, start: int, key: Key, budget: int,
            rewritten: set[int] | frozenset[int]) -> tuple[list[Instruction], str]:
    """Instructions of one basic block from `start`, and how it ends."""
    out: list[Instruction] = []
    pos = start
    carry: int | None = None
    while True:
        if len(out) >= budget:
            return out, "budget"
        if (pos & 0xFFFF) > 0xFFFB:
            return out, "exit"
        op = mem[pos]
        row = OPCODES[op]
        name = row.mnemonic
        if row.ends_region_block:
            return out, "exit"
        if rewritten and any(pos + k in rewritten
                             for k in range(row.operand_size(key[1], key[2]) + 1)):
            return out, "exit"   # code that rewrites this instruction: interpret it
        imm: int | None = None
        if name in ("REP", "SEP"):
            imm = mem[pos + 1]
        elif row.mode in LONG_DATA and not row.flow:
            imm = 1 if _long_may_wrap(mem[pos + 3]) else 0
        elif name == "XCE":
            if carry is None:
                return out, "exit"
            imm = carry
        elif name == "JSL":
            imm = 1 if mem[pos + 3] == pos >> 16 else 0
        size = row.operand_size(key[1], key[2]) + 1
        out.append(Instruction(pos, op, key, imm, size))
        pos += size
        if row.flow:
            return out, row.flow
        if name == "PLP" and not key[0]:
            return out, "plp"
        # The carry a later XCE would exchange.
        if name in ("CLC", "SEC"):
            carry = 1 if name == "SEC" else 0
        elif name in ("REP", "SEP"):
            if imm & 1:
                carry = 1 if name == "SEP" else 0
            key = _key_after(name, key, imm)
        elif name == "XCE":
            key, carry = _key_after(name, key, imm), key[0]
        elif row.flags_defined() & 0x01:
            carry = None


# Addresses of code bytes seen to change under a region (self-modifying code): the
# instructions holding them are left to the interpreter from then on.
REWRITTEN_BYTES = 8


def note_rewritten(mem: Any, region: "Region", rewritten: set[int]) -> None:
    """Record which of `region`'s code bytes have changed, when they are a few
    (operands rewritten in place; new code loaded over old is not self-modifying)."""
    for lo, hi, code in region.segments:
        now = mem[lo:hi]
        if now != code:
            changed = [lo + i for i in range(hi - lo) if now[i] != code[i]]
            if len(changed) <= REWRITTEN_BYTES:
                rewritten.update(changed)


def _target(mem: Any, ins: Instruction) -> int:
    """The constant target of a branch or direct jump."""
    row = OPCODES[ins.op]
    at = ins.at
    if row.mode == "rel8":
        o = mem[at + 1]
        return (at & 0xFF0000) | ((at + 2 + o - ((o & 0x80) << 1)) & 0xFFFF)
    if row.mode == "rel16":
        return (at & 0xFF0000) | ((at + 3 + mem[at + 1] + (mem[at + 2] << 8)) & 0xFFFF)
    if row.mode == "abs":
        return (at & 0xFF0000) | mem[at + 1] | (mem[at + 2] << 8)
    return mem[at + 1] | (mem[at + 2] << 8) | (mem[at + 3] << 16)


def discover(mem: Any, a0: int, key: Key, limit: int = MAX_INSTRUCTIONS,
             rewritten: set[int] | frozenset[int] = frozenset()) -> list[BasicBlock]:
    """The basic blocks reachable from `a0` along direct edges, within the limits
    (`rewritten`: code bytes seen to change, whose instructions end a block before them)."""
    blocks: list[BasicBlock] = []
    known: set[tuple[int, Key]] = set()
    calls: list[tuple[str, int]] = []   # ("RTS"/"RTL", return address) of calls seen
    used = 0

    def explore(work: list[tuple[int, Key]]) -> None:
        nonlocal used
        while work and len(blocks) < MAX_BLOCKS and used < limit:
            start, k = work.pop(0)
            if (start, k) in known:
                continue
            known.add((start, k))
            instructions, end = _decode(mem, start, k, limit - used, rewritten)
            if end == "budget":
                if blocks:
                    continue   # regions end between blocks, so unrolled ones line up
                end = "exit"
            if not instructions:
                continue
            used += len(instructions)
            last = instructions[-1]
            after = last.at + last.size
            name = OPCODES[last.op].mnemonic
            targets: list[tuple[int, Key]] = []
            if end == "branch":
                targets = [(_target(mem, last), last.key), (after, last.key)]
            elif end == "direct":
                targets = [(_target(mem, last), last.key)]
                call = ("RTS" if name == "JSR" else "RTL", after)
                if name in ("JSR", "JSL") and call not in calls:
                    calls.append(call)
            elif end == "exit":
                targets = [(after, _state_after(last))]
            elif end == "plp":
                targets = [(after, last.key)]
            blocks.append(BasicBlock(start, k, instructions, end, targets, []))
            work.extend(targets)

    explore([(a0, key)])
    if not blocks or blocks[0].start != a0:
        return []
    # RTS/RTL may go back to the instruction after a call made in the region (blocks
    # found that way may hold more calls and returns: repeat until none is new).
    done = 0
    while done < len(blocks):
        returns = []
        for block in blocks:
            name = OPCODES[block.instructions[-1].op].mnemonic
            if block.end == "computed" and name in ("RTS", "RTL"):
                found = [(address, block.instructions[-1].key)
                         for kind, address in calls if kind == name]
                block.returns[:] = found
                returns += found
        done = len(blocks)
        explore(returns)
    # A block decoded through the start of another (code falling into a loop found
    # first, say) ends there and goes on to it, so each instruction is written once.
    starts = {(b.start, b.key) for b in blocks}
    for n, block in enumerate(blocks):
        for k, ins in enumerate(block.instructions[1:], 1):
            if (ins.at, ins.key) in starts:
                blocks[n] = BasicBlock(block.start, block.key, block.instructions[:k], "exit",
                                       [(ins.at, ins.key)], [])
                break
    return blocks


def _patched_by_long_stores(mem: Any, blocks: list[BasicBlock]) -> set[int]:
    """The bytes of the blocks' instructions that a store among them with a constant long
    address (STA long: no register in the address) writes."""
    code: set[int] = set()
    written: set[int] = set()
    for block in blocks:
        for ins in block.instructions:
            code.update(range(ins.at, ins.at + ins.size))
            row = OPCODES[ins.op]
            if row.mode == "absl" and row.access in ("w", "rmw"):
                ea = mem[ins.at + 1] | (mem[ins.at + 2] << 8) | (mem[ins.at + 3] << 16)
                wide = not ins.key[1 if row.width == "m" else 2]
                written.update((ea, (ea + 1) & 0xFFFFFF) if wide else (ea,))
    return code & written


def _state_after(ins: Instruction) -> Key:
    name = OPCODES[ins.op].mnemonic
    if name in ("REP", "SEP", "XCE") and ins.imm is not None:
        return _key_after(name, ins.key, ins.imm)
    return ins.key


# ---------------------------------------------------------------- regions

class Region(NamedTuple):
    run: Callable[[Any, Any, int], int]   # run(cpu, mem, limit << 24) -> cycles << 24 | next
    segments: tuple[tuple[int, int, bytes], ...]   # (start, end, code bytes) it was made of
    max_cycles: int                       # the most it runs before its first budget check
    rekey: bool                           # it may leave in another (E, M, X) state
    # P bits that must be clear to enter it: D for a region whose ADC/SBC assume binary
    # mode (nothing in it sets D, so a test at entry stands for one per ADC/SBC).
    entry_clear: int = 0
    # For each value of P, may it be entered (`iigs.tiers` reads this): not with a bit
    # of `entry_clear` set, nor with N and Z both set when it holds them in r_nz
    # (`iigs.cpu_ops.FlagState`).
    enters: bytes = bytes([1]) * 256

    def valid(self, mem: Any) -> bool:
        for lo, hi, code in self.segments:
            if mem[lo:hi] != code:
                return False
        return True


NO_REGION = Region(lambda cpu, mem, limit: 0, (), 1 << 62, False)

MAX_SHAPES = 4096


# A shape's compiled code is a pure function of the shape (`_compile`), so the process
# keeps what it compiled for every translator that asks for the same shape: a memo of
# immutable code, no state. A Store made with share_compiled=False neither reads nor
# fills it (the CPU bench's cold runs pay for every shape they use).
COMPILED_SHAPES: dict[tuple, "Shape"] = {}


class Store:
    """What one CPU's translator (`iigs.tiers.Translator`) keeps between regions: the
    compiled shapes, the relocatable shapes of unrolled code, the code bytes seen to be
    rewritten, every region's entry points, and counters of the work done. No state is
    shared between CPUs; compiled code may be, through COMPILED_SHAPES."""

    def __init__(self, max_shapes: int = MAX_SHAPES, share_compiled: bool = True) -> None:
        self.max_shapes = max_shapes
        self.share_compiled = share_compiled
        # shape -> its compiled code, which makes a region of that shape from its parameters
        self.shapes: dict[tuple, Shape] = {}
        # (state, first opcode) -> relocatable shapes, newest first
        self.relocatable: dict[tuple, list[Relocatable]] = {}
        # addresses of code bytes seen to change under a region (self-modifying code):
        # the instructions holding them are left to the interpreter from then on
        self.rewritten: set[int] = set()
        # (address, state) -> (region, label, bound) of every block of the regions made
        # (bound 0: a block without an entry, `Shape.heads`)
        self.entry_points: dict[tuple[int, Key], tuple[Region, int, int]] = {}
        self.regions_made = 0        # regions decoded (not entered at a known block)
        self.regions_placed = 0      # regions of a relocatable shape placed
        self.shapes_compiled = 0
        self.instructions_compiled = 0   # instructions in the shapes compiled
        self.compile_seconds = 0.0       # host time in `_compile`

    def forget_entry_points(self) -> None:
        self.entry_points.clear()


def _segments(mem: Any, blocks: list[BasicBlock],
              rewritten: set[int]) -> tuple[tuple[int, int, bytes], ...]:
    spans = sorted((b.start, b.instructions[-1].at + b.instructions[-1].size) for b in blocks)
    merged: list[list[int]] = []
    for lo, hi in spans:
        # (a few bytes between blocks, say an RTL not reached, join them: checking them
        # too only means a change there also drops the region; not bytes known to be
        # rewritten, such as the operand of a JSL the program patches, left out before)
        if (merged and lo <= merged[-1][1] + 4 and (lo >> 16) == (merged[-1][0] >> 16)
                and not any(at in rewritten for at in range(merged[-1][1], lo))):
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    return tuple((lo, hi, bytes(mem[lo:hi])) for lo, hi in merged)


@contextlib.contextmanager
def _collection_paused() -> Any:
    """Python's cyclic garbage collector paused while a region is made: making one
    allocates some tens of thousands of objects, and every 700 would start a
    collection, some of them over the older generations too, which the emulated
    program's objects have grown by then (the compiled workload's translation, made
    after the program has run, 3-5 % cheaper; what it leaves is collected later)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def translate(mem: Any, a0: int, key: Key, store: Store | None = None,
              max_length: int = MAX_INSTRUCTIONS) -> Region:
    """The region at `a0` in state `key` (NO_REGION when nothing there can be translated),
    made with and remembered in `store` (None: a store of its own, kept by nobody)."""
    with _collection_paused():
        return _translate(mem, a0, key, store, max_length)


def _translate(mem: Any, a0: int, key: Key, store: Store | None,
               max_length: int) -> Region:
    if store is None:
        store = Store()
    if mem[a0] in (0x44, 0x54) and (a0 & 0xFFFF) <= 0xFFFC:
        return block_move(mem, a0, key)
    if max_length == MAX_INSTRUCTIONS:
        entry = store.entry_points.get((a0, key))
        if entry is not None and entry[0].valid(mem):
            region, label, bound = entry
            if not bound:
                # (a block followed in place in a loop's arm alone, with no entry:
                # reached from outside, the interpreter takes it on to the loop's head,
                # an entry, rather than a region of its own repeating the loop)
                return NO_REGION
            run = region.run
            start = FunctionType(run.__code__, run.__globals__, "region",
                                 (label,) + run.__defaults__[1:])   # entered at `label`
            return region._replace(run=start, max_cycles=bound)
        region = place(mem, a0, key, store)
        if region is not None:
            return region
    blocks = discover(mem, a0, key, max_length, store.rewritten)
    patched = _patched_by_long_stores(mem, blocks)
    if patched:
        # The region patches its own code at a constant address (a JSL whose operand it
        # sets): those bytes are rewritten code from the start, and the code they lead to
        # (the routine called) is not followed into this region.
        store.rewritten |= patched
        blocks = discover(mem, a0, key, max_length, store.rewritten)
    if not blocks:
        return NO_REGION
    segments = _segments(mem, blocks, store.rewritten)
    labels = {(b.start, b.key): i for i, b in enumerate(blocks)}
    shape, params, spec = _shape(mem, blocks, labels, segments)
    store.regions_made += 1
    compiled = store.shapes.get(shape)
    if compiled is None:
        if len(store.shapes) >= store.max_shapes:
            store.shapes.clear()   # a simple bound; regions already made keep their code
        compiled = COMPILED_SHAPES.get(shape) if store.share_compiled else None
        if compiled is None:
            began = time.perf_counter()
            compiled = _compile(shape)
            store.compile_seconds += time.perf_counter() - began
            store.shapes_compiled += 1
            store.instructions_compiled += sum(len(b.instructions) for b in blocks)
            if store.share_compiled:
                if len(COMPILED_SHAPES) >= store.max_shapes:
                    COMPILED_SHAPES.clear()
                COMPILED_SHAPES[shape] = compiled
        store.shapes[shape] = compiled
    run = compiled.make(store, 0, *params)
    rekey = any(OPCODES[i.op].mnemonic in ("REP", "SEP", "XCE", "PLP")
                for b in blocks for i in b.instructions)
    region = Region(run, segments, compiled.heads[0], rekey, compiled.entry_clear,
                    compiled.enters)
    if max_length == MAX_INSTRUCTIONS:
        # Every block of the region is an entry point: code reached at another of its
        # blocks runs this region from there, with no translation of its own.
        for label, (block, head) in enumerate(zip(blocks, compiled.heads)):
            store.entry_points.setdefault((block.start, block.key), (region, label, head))
        _remember_relocatable(mem, a0, key, blocks, spec, segments, compiled, region,
                              store.relocatable)
    return region




# A template parameter's value, by kind, from memory and the instruction's address `at0`
# (`at`: the byte it names): operand bytes, or the return address a call pushes.
PARAMETER_VALUES: dict[str, Callable[[Any, int, int], int]] = {
    "B": lambda mem, at0, at: mem[at],
    "W": lambda mem, at0, at: mem[at] | (mem[at + 1] << 8),
    "L": lambda mem, at0, at: mem[at] | (mem[at + 1] << 8) | (mem[at + 2] << 16),
    "K": lambda mem, at0, at: at0 >> 16,
    "H": lambda mem, at0, at: (at & 0xFFFF) >> 8,
    "O": lambda mem, at0, at: at & 0xFF,
}


def _shape(mem: Any, blocks: list[BasicBlock], labels: dict,
           segments: tuple) -> tuple[tuple, list[Any], list[tuple[str, int]]]:
    """The region's shape (what its source depends on), its parameters (what it does
    not: addresses, operands, code ranges) and what each parameter after the first five
    is: ("A", address) or an operand ("B"/"W"/"L", its address)."""
    params: list[Any] = [_hit_for(segments)]
    lo = min(s[0] for s in segments) - 1
    hi = max(s[1] for s in segments)
    params += [lo, hi]
    bank0 = [s for s in segments if s[0] < 0x10000]
    params += [min(s[0] for s in bank0) - 3, max(s[1] for s in bank0)] if bank0 else [0, 0]
    stack_in_page1 = any(s[0] < 0x200 and s[1] > 0xFD for s in bank0)
    # (one run of code: the range test alone is the test of a store against it)
    shape: list[Any] = [bool(bank0), stack_in_page1, len(segments) == 1]
    spec: list[tuple[str, int]] = []
    for block in blocks:
        items = []
        for ins in block.instructions:
            t = template(ins.op, ins.key, ins.imm)
            params.append(ins.at)
            spec.append(("A", ins.at))
            for _, kind, k in t.params:
                at = ins.at + k
                params.append(PARAMETER_VALUES[kind](mem, ins.at, at))
                spec.append((kind, at))
            items.append((ins.op, ins.key, ins.imm))
        last = block.instructions[-1]
        after = last.at + last.size
        params.append(after)
        spec.append(("A", after))
        ends: list[Any] = [block.end]
        for target in block.targets:
            params.append(target[0])
            spec.append(("A", target[0]))
            ends.append(labels.get(target))
        if block.end == "branch" or OPCODES[last.op].mnemonic == "BRA":
            taken = block.targets[0][0]
            cross = bool(last.key[0] and (taken ^ after) & 0xFF00)
            ends.append(cross)
        for r in block.returns:
            params.append(r[0])
            spec.append(("A", r[0]))
            params += _pushed(last, r[0])
            spec += [("R", r[0])] * 3
            ends.append(labels.get(r))
        # (the block after a call made here, for the loop analysis of `_Writer`)
        call = block.end == "direct" and OPCODES[last.op].mnemonic in ("JSR", "JSL")
        shape.append((tuple(items), tuple(ends), labels.get((after, last.key)) if call else None))
    return tuple(shape), params, spec


def _pushed(ret: Instruction, target: int) -> list[int]:
    """The bytes (low, high, bank) that RTS/RTL `ret` pulls when it goes to `target`: a
    call's return address is the target less one in the target's bank, and RTS stays in
    its own bank (a target in another is never reached: -1 is no byte)."""
    pushed = (target & 0xFF0000) | ((target - 1) & 0xFFFF)
    if OPCODES[ret.op].mnemonic == "RTS" and (ret.at ^ target) & 0xFF0000:
        return [-1, -1, -1]
    return [pushed & 0xFF, (pushed >> 8) & 0xFF, pushed >> 16]


# ---------------------------------------------------------------- unrolled code
#
# Unrolled code repeats one shape at thousands of addresses. A region whose code is one
# run of bytes, whose every edge is relative (branches, BRA/BRL) and that lies in one bank
# away from bank 0 and its ends, is *relocatable*: at another address whose bytes agree
# in every byte its discovery read (opcodes, REP/SEP operands, branch offsets, the opcode
# where a block stopped), discovery would find the same blocks, so the region there is
# the same factory called with the new addresses and operands, found without decoding.

class Relocatable(NamedTuple):
    length: int                  # bytes of code from the start
    span: int                    # bytes read to check it (a little past the code)
    reach: tuple[int, int]       # lowest and highest offset an edge reaches
    fixed: Callable[[bytes], tuple]   # the bytes discovery read ...
    expected: tuple              # ... and their values
    operands: struct.Struct      # the operand fields, in address order
    addresses: tuple[int, ...]   # offsets of the address parameters (those read)
    order: Callable[[list], tuple]   # addresses + operands -> parameter order
    first: tuple[int, ...]       # which of hit, lo, hi, lo0, hi0 the code reads
    factory: Callable[..., Callable[[Any, Any, int], int]]   # `Shape.make_of_used`
    bound: int
    rekey: bool
    entry_clear: int
    enters: bytes

    def place(self, mem: Any, a0: int, store: Store) -> Region | None:
        """This shape's region at `a0`, or None when the code there differs."""
        low = a0 & 0xFFFF
        if (low + self.reach[0] < 0 or low + max(self.reach[1], self.span) > 0xFFFB
                or a0 < 0x10000):
            return None
        code = bytes(mem[a0:a0 + self.span])
        if self.fixed(code) != self.expected:
            return None
        values = list(map(a0.__add__, self.addresses))
        values += self.operands.unpack_from(code)
        end = a0 + self.length
        segments = ((a0, end, code[:self.length]),)
        first = (_hit_for(segments), a0 - 1, end, 0, 0)   # hit, lo, hi, lo0, hi0
        params = tuple(first[i] for i in self.first) + self.order(values)
        return Region(self.factory(store, 0, *params), segments, self.bound, self.rekey,
                      self.entry_clear, self.enters)


def place(mem: Any, a0: int, key: Key, store: Store) -> Region | None:
    """A region of a shape already compiled, at `a0`, when the code there has it: no
    decoding, no compiling (cheaper than interpreting the code once)."""
    for candidate in store.relocatable.get((key, mem[a0]), ()):
        region = candidate.place(mem, a0, store)
        if region is not None:
            store.regions_placed += 1
            return region
    return None
RELOCATABLE_PER_OPCODE = 3


def _remember_relocatable(mem: Any, a0: int, key: Key, blocks: list[BasicBlock],
                          spec: list[tuple[str, int]], segments: tuple, compiled: Shape,
                          region: Region, relocatable: dict[tuple, list[Relocatable]]) -> None:
    if len(segments) != 1 or segments[0][0] != a0 or key[0] or a0 < 0x10000:
        return
    length = segments[0][1] - a0
    fixed: dict[int, int] = {}
    for block in blocks:
        for ins in block.instructions:
            row = OPCODES[ins.op]
            if row.flow == "direct" and row.mode in ("abs", "absl"):
                return   # an absolute target: not relocatable
            fixed[ins.at - a0] = ins.op
            if row.mnemonic in ("REP", "SEP") or row.mode in ("rel8", "rel16"):
                for k in range(1, ins.size):
                    fixed[ins.at - a0 + k] = mem[ins.at + k]
        if block.returns:
            return
        for target, _ in block.targets:   # where discovery read an opcode (or might)
            if target - a0 < 0:
                return
            fixed[target - a0] = mem[target]
    offsets = [tag_at[1] - a0 for tag_at in spec if tag_at[0] == "A"]
    if any((at >> 16) != (a0 >> 16) for _, at in spec):
        return
    low = a0 & 0xFFFF
    reach = (min(offsets + [0]), max(offsets + [length]))
    if low + reach[0] < 0 or low + reach[1] > 0xFFFB:
        return
    # Operand fields in address order, each once (a block may be decoded twice, from two
    # entries, so one field can feed several parameters).
    fields = sorted({(at - a0, kind) for kind, at in spec if kind != "A"})
    if any(kind not in ("B", "W") for _, kind in fields):
        return   # (long operands; return addresses: calls are absolute anyway)
    fmt, pos = "<", 0
    for off, kind in fields:
        if off < pos:
            return   # fields that overlap: not this way
        fmt += f"{off - pos}x" if off > pos else ""
        fmt += "B" if kind == "B" else "H"
        pos = off + (1 if kind == "B" else 2)
    # (spec entry i is parameter i + 5, after hit, lo, hi, lo0, hi0; only those the
    # code reads are made)
    used = set(compiled.used)
    address_index = [i for i, (kind, _) in enumerate(spec) if kind == "A" and i + 5 in used]
    # values = addresses (in spec order) + operands (in address order) -> spec order
    where = {spec_i: n for n, spec_i in enumerate(address_index)}
    field_index = {field: len(address_index) + n for n, field in enumerate(fields)}
    where.update({i: field_index[at - a0, kind] for i, (kind, at) in enumerate(spec)
                  if kind != "A"})
    order = [where[i] for i in range(len(spec)) if i + 5 in used]
    positions = sorted(fixed)
    span = max(length, positions[-1] + 1)
    if low + span > 0xFFFB:
        return
    entry = Relocatable(length, span, reach, _getter(positions),
                        _getter(positions)(bytes(mem[a0:a0 + span])),
                        struct.Struct(fmt), tuple(spec[i][1] - a0 for i in address_index),
                        _getter(order), tuple(i for i in compiled.used if i < 5),
                        compiled.make_of_used,
                        region.max_cycles, region.rekey, region.entry_clear,
                        region.enters)
    shapes = relocatable.setdefault((key, mem[a0]), [])
    shapes.insert(0, entry)
    del shapes[RELOCATABLE_PER_OPCODE:]


def _getter(indices: list[int]) -> Callable[[Any], tuple]:
    """A function picking `indices` out of a sequence, as a tuple (even for one)."""
    if not indices:
        return lambda seq: ()
    if len(indices) == 1:
        only = indices[0]
        return lambda seq: (seq[only],)
    return operator.itemgetter(*indices)


def _hit_for(segments: tuple) -> Callable[[int], bool]:
    """The region's test of a byte's address against its code (below); a 16-bit store
    asks for both its bytes (`_byte_store`)."""
    spans = [(lo, hi) for lo, hi, _ in segments]
    if len(spans) == 1:
        return range(*spans[0]).__contains__   # (made per region placed: cheap to make)

    def hit(ea: int) -> bool:
        """Is the byte at `ea` one of the region's code?"""
        for lo, hi in spans:
            if lo <= ea < hi:
                return True
        return False
    return hit


class _Arm(NamedTuple):
    """One basic block's source: its body, and how it ends (rendered by `_Writer`)."""
    body: list[str]        # instructions (`{before}` where the cycles before it go)
    kind: str              # "branch" | "direct" | "exit" | "plp" | "computed"
    static: int            # cycles known at translation, before the ending
    condition: str         # branch condition
    targets: list[tuple[int | None, str, int]]   # (label, parameter name, extra cycles)
    bound: int             # the most cycles the block can take (its slowest path)
    start: str             # the parameter holding its address
    size: int              # instructions
    penalty: int = 0       # direct-page penalty cycles after its last write of D, not in
                           # `body` (added by `_Writer` where the arm's path ends)
    writes_d: bool = False   # some instruction of it writes D (TCD, PLD)
    varies: bool = False   # its body adds run-time cycles to `done` (a page crossed)
    # A return (RTS/RTL): `body` ends before it; the bytes it pulls and the test that S
    # does not wrap (`Template.pulled`, `unwrapped`), the lines of the return where those
    # bytes are the ones a known call pushed (S moved, then the block's end), the lines
    # of the general return (`t` made, then the block's end), and per target the names
    # of the bytes its call pushed
    pulled: tuple[str, ...] = ()
    unwrapped: str = ""
    matched: tuple[str, ...] = ()
    general: tuple[str, ...] = ()
    pushed: tuple[tuple[str, str, str], ...] = ()
    # A block with one way on (direct, exit, plp): the lines that move the flags to the
    # region's places at its end, and those lines less N/Z's (`nz_first`); a branch
    # whose N/Z are a register's local it tests (`FlagState.alias`): r_nz set from it,
    # on the ways that need it
    ending: tuple[str, ...] = ()
    ending_nz_unread: tuple[str, ...] = ()
    # Per instruction of `body` (`_stack_fact`): how it moves S and what it writes; a
    # return's own (`returned`); a call's: whether PBR stays (a JSR, a JSL to its bank)
    stack: tuple[tuple, ...] = ()
    returned: tuple = (None, "other", True)
    keeps_bank: bool = False
    # Its INX..DEY, (register, up, mask), and the index registers it writes otherwise
    steps: tuple[tuple[str, bool, int], ...] = ()
    index_writes: frozenset[str] = frozenset()
    # Its stores to DBR:operand + X or Y watched for the region's code (`watches` in
    # `_compile`)
    watches: tuple[tuple[str, str, str, str], ...] = ()
    # A branch on the N/Z a register's local holds: (the register, the flag tested,
    # taken when it is set)
    tests: tuple[str, int, bool] | tuple[()] = ()



class Shape(NamedTuple):
    """A compiled region shape: `make(store, label, *params)` is a region entered at
    block `label` (`store` counts the compiling of the form its second region on
    shares); `heads[label]` the most cycles run there before the first budget check
    (0: no entry there, a block followed in place in a loop's arm alone)."""
    make: Callable[..., Callable[[Any, Any, int], int]]
    heads: tuple[int, ...]
    entry_clear: int          # `Region.entry_clear`
    used: tuple[int, ...]     # the parameters its code reads (indices into all of them)
    make_of_used: Callable[..., Callable[[Any, Any, int], int]]   # given only those
    enters: bytes = bytes([1]) * 256   # `Region.enters`


INDEX_STEPS = frozenset({"INX", "INY", "DEX", "DEY"})   # (`_Writer._steps_once`)
FAR = "0x7FFFFFFF"      # no bound on a counted loop's passes (`_Writer._counted`)
# The most instructions a loop's arm has whose passes, where they differ, are counted in
# batches (`_Writer._counted`): what a pass saves, a budget check and an addition, is
# less of a longer pass than its translation costs (the compiled workload's loop, 17
# instructions: 3 % fewer bytecodes, no faster, 5 % more translation; loop (a), 6:
# 10 % fewer, 6 % faster)
BATCHED_MOST = 12
Z_FLAG = 0x02
ONE_AMOUNT_NOT = "?"     # `_Writer._amount` of a path whose cycles a test chooses
INLINE_LINES = 300      # source lines an arm may grow to by following
INLINE_BLOCK = 8        # instructions of a block that may be followed (a loop's own
                        # blocks and small routines, not a long routine it calls)


# ---------------------------------------------------------------- flag liveness
#
# An instruction's N/Z (and C, V) result that a later instruction of the same basic block
# defines again before anything reads it is not computed. What each instruction reads and
# defines is its opcode's row (`Opcode.flags_read`, `Opcode.flags_defined`); the flags
# ops of its template (`iigs.cpu_ops.Op`, kind "flags") are what is left out. Conservative
# by construction: every flag is live at the end of a block (branches, calls, returns,
# leaving the region, an arm's budget check) and at every point where the region may be
# left mid-block (a store or push into its own code, PLP's width check, the I/O page's
# leaves).

FLAGS = 0xC3                  # N V Z C: the flags tracked


def _leaves_midway(t: Template, op: int, key: Key, bank0: bool) -> bool:
    """May the region be left inside this instruction (so every flag must be exact)?
    The same conditions `_compile` writes exits for."""
    row = OPCODES[op]
    if t.data_write and (bank0 or not row.bank0):
        return True
    if t.stack_write and bank0:
        return True
    if row.mnemonic == "PLP":
        return True
    # A decimal ADC/SBC left to `step()` computes the same flags, unless the I/O page's
    # stale clock sends it back (`stale_clock_step`): with an I/O page, an exit too.
    return t.leaves or (len(key) > 3 and bool(t.decimal))


def _stack_fact(op: int, key: Key, imm: int | None, t: Template,
                field: Callable[[str], str] | None) -> tuple:
    """How an instruction moves S and what it writes, for `_Writer`'s S along an arm:
    (bytes S moves in native mode, or None: not known, in emulation mode, or with the
    I/O page's rare map, which addresses the stack through `BANK`; what it writes:
    None, the names of the direct-page bytes it stores to where they are made at the
    arm's head or at entry (`field` given: a loop quiet about D, or a looping block of a
    region that never writes D), the offsets from S of the bytes
    it pushes, or "other"; whether it may change PBR)."""
    if t.data_write and field is not None and OPCODES[op].mode == "dp":
        move, _, changes_bank = _stack_fact_of(op, key, imm, True, t.stack_write)
        return move, (field("ZEB1"),) + (() if _byte_store(op, key) else (field("ZH1"),)
                                         ), changes_bank
    return _stack_fact_of(op, key, imm, t.data_write, t.stack_write)


@functools.lru_cache(maxsize=4096)
def _stack_fact_of(op: int, key: Key, imm: int | None, data_write: bool,
                   stack_write: bool) -> tuple:
    """`_stack_fact` but for a direct-page store's names: a function of the instruction
    alone, kept per process (every instruction of every shape asks)."""
    row = OPCODES[op]
    common = not key[0] and (len(key) == 3 or key[3] == 1)
    move = row.stack_move(key[1], key[2]) if common else None
    writes: Any = None
    if data_write:
        writes = "other"
    elif stack_write:
        writes = tuple(range(0, move, -1)) if move is not None and move < 0 else "other"
    changes_bank = "pbr" in row.writes and not (row.mnemonic == "JSL" and imm == 1)
    return move, writes, changes_bank


def _sets_from(op: Op, last: Op, between: int) -> bool:
    """Is `op` a set of the register `last` set, reading its old value once at a place
    it names (`Op.around`), with no line `between` them, so that the two are one
    statement (`last`'s expression put there)?"""
    return (not between and op.kind == "set" and op.depth == 0 == last.depth
            and bool(op.around) and op.source == op.target == last.target)


def _alias_alone(state: FlagState, region_flags: FlagState) -> bool:
    """Is N/Z in a register's local (`FlagState.alias`) all that differs between `state`
    at a block's end and the region's places for the flags?"""
    return bool(state.alias) and state._replace(alias="") == region_flags


def _va_forwarded(runs: tuple) -> tuple | None:
    """An instruction's runs (`_flag_runs`) with the old accumulator read from r_va: a
    16-bit ADC/SBC whose sum names the accumulator it reads once (`Op.source`) and which
    keeps it for V (`r_va = r_a` among its stores), with only its address, operand, sum
    and carry before that store (nothing that may leave, read the flags or the
    accumulator), so that the instruction before, whose set of the accumulator is the
    body's last line, sets r_va instead, and the store is left out: a store and a load
    fewer. None: not such an instruction."""
    out = []
    summed = stored = done = False
    for seen, run in runs:
        kept = []
        for statement in run:
            op = statement[3]
            if done:
                kept.append(statement)
                continue
            if stored:
                # (up to the accumulator's set, nothing may read it: an immediate
                # operand's r_vv alone)
                if op.kind != "set" or op.depth or op.target not in ("r_a", "r_vv"):
                    return None
                done = op.target == "r_a"
                kept.append(statement)
                continue
            # (an op that may leave, a read on a page the map moves, `Op.leaves`: the
            # exit writes back r_a, which would not yet hold the instruction before's)
            if op.depth or op.leaves or not (op.kind in ("code", "let") or
                                             (op.kind == "set" and op.target in ("r_c", "r_va"))):
                return None
            if op.kind == "set" and op.target == "r_va":
                if not summed or op.expr != "r_a":
                    return None
                stored = True
                continue
            if op.kind == "let" and op.target == "r_vs" and op.source == "r_a" and op.around:
                before, after = op.around
                text = f"r_vs = {before}r_va{after}"
                statement = (statement[0], text, "{" in text, op)
                summed = True
            kept.append(statement)
        out.append((seen, tuple(kept)))
    return tuple(out) if done else None


def _defines_nz_first(items: tuple, bank0: bool, binary: bool) -> bool:
    """Does this block define N and Z before anything of it can read them: before an
    instruction that reads them, may leave the region (every exit reads all the flags),
    bails out (its write-back reads P), changes P otherwise (REP/SEP/XCE/PLP) or
    transfers control? Then N/Z need not be moved to the region's places where a block
    followed into it ends (`_Writer`)."""
    for op, key, imm in items:
        t = template(op, key, imm)
        row = OPCODES[op]
        if (row.flags_read & 0x82 or _leaves_midway(t, op, key, bank0)
                or t.ret is not None or (t.bails and not binary)
                or row.mnemonic in KEPT_IN_REGIONS or row.flow):
            return False
        if row.flags_defined(imm) & 0x82 == 0x82:
            return True
    return False


def known_carries(items: tuple) -> list[int | None]:
    """For each instruction of a basic block, the carry before it when the block has
    fixed it (CLC, SEC, REP/SEP with bit 0), else None."""
    known: int | None = None
    out: list[int | None] = []
    for op, key, imm in items:
        out.append(known)
        row = OPCODES[op]
        if row.mnemonic in ("CLC", "SEC"):
            known = 1 if row.mnemonic == "SEC" else 0
        elif row.mnemonic in ("REP", "SEP") and imm is not None and imm & 0x01:
            known = 1 if row.mnemonic == "SEP" else 0
        elif row.mnemonic == "XCE" and imm is not None:
            known = key[0]
        elif row.flags_defined(imm) & 0x01 or row.mnemonic in ("REP", "SEP", "XCE"):
            known = None
    return out


def _constant_carry(op: int, known: int | None, binary: bool) -> int | None:
    """The carry an instruction's `{carry}` reads as a constant (None: from P). ADC/SBC
    only in a region in binary mode throughout: a decimal bail-out hands them to
    `step()`, which reads the carry from P."""
    name = OPCODES[op].mnemonic
    if known is None or name not in ("ADC", "SBC", "ROL", "ROR"):
        return None
    return known if binary or name in ("ROL", "ROR") else None


def dead_flags(items: tuple, bank0: bool, binary: bool = False) -> list[int]:
    """For each instruction of a basic block (op, key, imm), the flags among N V Z C
    that no later instruction can read before they are defined again (`binary`: the
    region leaves out ADC/SBC's decimal tests, so a known carry is their constant)."""
    live = FLAGS            # at the end of the block: everything
    dead = [0] * len(items)
    carries = known_carries(items)
    for i in range(len(items) - 1, -1, -1):
        op, key, imm = items[i]
        t = template(op, key, imm)
        if _leaves_midway(t, op, key, bank0) or t.ret is not None:
            live = FLAGS
            continue
        dead[i] = FLAGS & ~live
        row = OPCODES[op]
        reads = row.flags_read & FLAGS
        if _constant_carry(op, carries[i], binary) is not None:
            reads &= ~0x01             # (the carry it reads is a constant)
        live = (live & ~row.flags_defined(imm)) | reads
    return dead


def byte_work_pairs(items: tuple, bank0: bool) -> set[int]:
    """Indices of SEP #$20 ... REP #$20 pairs in a basic block (a compiler's byte work in
    native mode) whose M bit nothing between them can see: the state key has the widths,
    so the pair's writes to P cancel out. Seen means read (PHP: `Opcode.flags_read`),
    defined again (XCE, PLP), a bail-out that hands the instruction to `step()`, or the
    region left between them."""
    pairs: set[int] = set()
    opened: int | None = None
    for n, (op, key, imm) in enumerate(items):
        row = OPCODES[op]
        name = row.mnemonic
        if name in ("SEP", "REP"):
            if name == "REP" and imm == 0x20 and opened is not None:
                pairs |= {opened, n}
                opened = None
            elif name == "SEP" and imm == 0x20 and not key[0] and not key[1]:
                opened = n
            else:
                opened = None
            continue
        if opened is None:
            continue
        t = template(op, key, imm)
        if (_leaves_midway(t, op, key, bank0) or t.ret is not None or t.bails
                or (row.flags_read | row.flags_defined(imm)) & 0x20):
            opened = None
    return pairs


@functools.lru_cache(maxsize=4096)
def _block_facts(items: tuple, bank0: bool, binary: bool
                 ) -> tuple[tuple[int, ...], tuple[int | None, ...], frozenset[int], bool]:
    """A basic block's analyses, made once per process for each block (a routine
    recurs in many regions): its dead flags, known carries, byte-work pairs, and
    whether it adds a direct-page penalty."""
    return (tuple(dead_flags(items, bank0, binary)), tuple(known_carries(items)),
            frozenset(byte_work_pairs(items, bank0)),
            any(term.direct for (op, key, imm) in items
                for term in template(op, key, imm).extras))


@functools.lru_cache(maxsize=4096)
def _block_registers(items: tuple) -> tuple[frozenset[str], frozenset[str], frozenset[str],
                                            bool, bool]:
    """What a basic block's instructions write and read of the registers (a register
    written may be written in part, so it is read too), the memory-map names their
    ops use, whether one sets D (decimal mode) and whether one is ADC/SBC with a
    decimal-mode test: made once per process for each block, as `_block_facts`."""
    written: set[str] = set()
    loaded: set[str] = set()
    io_names: set[str] = set()
    sets_decimal = adds = False
    for op, key, imm in items:
        t = template(op, key, imm)
        written |= t.writes
        loaded |= OPCODES[op].reads | OPCODES[op].writes | t.writes
        io_names |= t.io_names
        sets_decimal = sets_decimal or OPCODES[op].sets_decimal(imm)
        adds = adds or bool(t.decimal)
    return (frozenset(written), frozenset(loaded), frozenset(io_names), sets_decimal, adds)


def forget_derived() -> None:
    """Drop what is kept per process of the analyses' results (`_block_facts`,
    `_flag_runs`, `_flag_facts`, `_block_registers`, `_block_flag_facts`, S's reach and
    stores per block's facts, an instruction's S facts): for a test that breaks an
    analysis on purpose."""
    for cached in (_block_facts, _flag_runs, _flag_facts, _block_registers,
                   _block_flag_facts, _stack_reach, _store_kinds, _stack_fact_of):
        cached.cache_clear()


def _instruction_ops(t: Template, binary: bool, dead: int) -> list[Op]:
    """A template's ops as the region runs them: the decimal test first unless the
    region is in binary mode throughout, the flag work of `dead` flags left out."""
    ops = list(t.ops) if binary else list(t.decimal + t.ops)
    if not dead or t.ret is not None:   # (a control transfer's flags are all live)
        return ops
    kept = [o for o in (without_dead_flags(x, dead) if x.depth == 0 else x for x in ops)
            if o is not None]
    return without_dead_temps(kept)


@functools.lru_cache(maxsize=4096)
def _flag_runs(op: int, key: Key, imm: int | None, binary: bool, dead: int,
               state: FlagState, carry_known: bool, triple: bool
               ) -> tuple[tuple[tuple[FlagState, tuple[Statement, ...]], ...], FlagState]:
    """An instruction's ops as a region runs them (`_instruction_ops`, then
    `with_lazy_flags` from the flags' `state` before it, V in the triple where `triple`),
    in runs of ops that see one state (each statement keeps its op: `_sets_from`, a
    return's lines), and the state after it: a pure function of its arguments, made
    once per process for each (the same instruction recurs in a region and across
    regions)."""
    paired, after = with_lazy_flags(_instruction_ops(template(op, key, imm), binary, dead),
                                    state, _reads_from_p(op, carry_known), dead=dead,
                                    triple=triple)
    runs: list[tuple[FlagState, list[Op]]] = []
    for o, seen in paired:
        if not runs or runs[-1][0] != seen:
            runs.append((seen, []))
        runs[-1][1].append(o)
    return tuple((seen, statements(run)) for seen, run in runs), after


def _stays(register: str, written: set[str]) -> bool:
    """Does `register` (DBR) keep its value at entry throughout the region (nothing
    in it writes the register: PLB), so an address made from it and an operand may be
    made once at entry? (D + operand is made again after a write: `_made_again`.)"""
    return register not in written


def _page_bound(operand: str) -> str:
    """The largest 8-bit index that reaches DBR:`operand` + index without crossing a
    page (DBR has no low byte): a read indexed above it costs one cycle more."""
    return f"0xFF - ({operand} & 0xFF)"


def _unmasked_from_dbr(written: set[str]) -> bool:
    """May a region's sums from DBR (DBR:operand + index, a word's second byte) go
    without the 24-bit mask? When nothing in it writes DBR: it is then entered with DBR
    $FF only to run one instruction through its handler (`_dbr_guard`), and from any
    other bank such a sum stays below $1000000."""
    return "dbr" not in written


def _dbr_guard() -> list[str]:
    """The prologue line of a region whose sums from DBR are unmasked: entered with DBR
    $FF, it runs the instruction at its entry (`STARTS`: each block's address, by
    label, a tuple of parameters the region is given as one, `_compile`) through its
    handler and returns, so that those sums never pass $FFFFFF."""
    return ["if r_dbr == 0xFF: return interpreted_step(cpu, mem, 'STARTS'[L])"]


def _made_again(hoisted: dict[str, str], penalties: bool) -> list[str]:
    """The lines that make the locals computed from D again after an instruction that
    writes it (TCD, PLD): each D + operand made at entry (`Z`, `Y`, `X` names) and, where
    the region adds direct-page penalties, D's low byte."""
    return ([f"{name} = {value}" for name, value in hoisted.items() if name[0] in "ZYX"] +
            (["r_dl = r_d & 0xFF"] if penalties else []))


def _made_from_d(made: dict[str, str], param: str, k: int) -> str:
    """The name of D + `param` + `k` (k 0, 1, 2: a direct-page operand's bytes, `Z`, `Y`,
    `X` names), put in `made` (name -> value) if not there: byte k > 0 made from the
    name of byte 0 (`(Z.. + k) & 0xFFFF`: one addition fewer, and a shorter line), which
    is put there first."""
    base = "Z" + param[2:-1]     # (`'P12'`: `Z12`)
    if base not in made:
        made[base] = f"r_d + {param} & 0xFFFF"
    if not k:
        return base
    name = "ZYX"[k] + param[2:-1]
    made[name] = f"{base} + {k} & 0xFFFF"
    return name


def _successors(blocks_of: tuple) -> list[set[int]]:
    """The blocks each block of a region's shape may go on to: its ends' labels (both
    ways of a branch, a jump's or call's target, a return's places) and, for a call,
    the block after it, as if returned (a loop around a call is a loop)."""
    return [{label for label in ends[1:] if isinstance(label, int)
             and not isinstance(label, bool)}
            | ({returns_to} if returns_to is not None else set())
            for _, ends, returns_to in blocks_of]


def _live_from_d(reads: list[list[set[str]]], successors: list[set[int]]
                 ) -> tuple[set[str], list[list[set[str]]]]:
    """Which names made from D (the direct-page addresses made at entry and after each
    TCD/PLD, D's low byte) are read before D is written again: at the region's entry
    (any block: every block is an entry point) and right after each write of D in each
    block (`after[i][j]`: after block i's j+1-th). `reads[i][j]`: the names block i
    reads between its j-th write of D and the next (j 0: from its start). A remake
    that nothing reads before the next write, or before the region is left, is not
    written (issue 47: after a C function's PLD, the caller's blocks make them again
    at its next TCD)."""
    # (the prologue's: the names any block reads before its first write, every block an
    # entry; after a block's last write, those its successors read first, and the
    # blocks after them, on through those that do not write D: a search from each
    # successor of a block that writes D, kept per successor)
    reached: dict[int, set[str]] = {}

    def first_reads(start: int) -> set[str]:
        found = reached.get(start)
        if found is None:
            found, seen, todo = set(), {start}, [start]
            while todo:
                k = todo.pop()
                found |= reads[k][0]
                if len(reads[k]) == 1:
                    for n in successors[k] - seen:
                        seen.add(n)
                        todo.append(n)
            reached[start] = found
        return found
    after = []
    for i, segments in enumerate(reads):
        if len(segments) == 1:
            after.append([])
            continue
        out = set().union(*map(first_reads, successors[i]))
        after.append([segments[j] | (out if j == len(segments) - 1 else set())
                      for j in range(1, len(segments))])
    return set().union(*(segments[0] for segments in reads)), after


def _d_names_by_block(reads: list[list[set[str]]], after: list[list[set[str]]],
                      low: str) -> tuple[list[set[str]], list[list[set[str]]]]:
    """Where something in the region writes D: the direct-page names (`Z`/`Y`/`X`) each
    block makes at its head, those it reads before its first write of D (`reads[i][0]`),
    and after each of its writes, those it reads after it (`reads[i][j + 1]`); not at
    entry and after every write for the blocks that follow (`_live_from_d`'s `after`,
    which D's low byte, `low`, one short line, still follows). Each name is a statement
    for `compile()`, 65 k host instructions: in the compiled workload's region, whose C
    function's TCD and PLD made the caller's names again, four fewer."""
    return ([block[0] - {low} for block in reads],
            [[(later & {low}) | reads[i][j + 1] for j, later in enumerate(ways)]
             for i, ways in enumerate(after)])


def _live_lines(lines: list[str], live: set[str]) -> list[str]:
    """The lines (`name = value`) of the names in `live`, and of the `Z` names the
    `Y`/`X` names among them are made from (`_made_from_d`)."""
    keep = live | {"Z" + name[1:] for name in live if name[0] in "YX"}
    return [line for line in lines if line.split(" = ", 1)[0] in keep]


def _paired(lines: list[str]) -> list[str]:
    """`lines` (`name = value`) with each `Y`/`X` name made right after the `Z` name it
    is made from (`_made_from_d`) in one statement, the `Z` name assigned inside it:
    `Y4 = (Z4 := r_d + P4 & 0xFFFF) + 1 & 0xFFFF`. The same bytecodes, a statement
    fewer for `compile()`."""
    out: list[str] = []
    for line in lines:
        if out and line[0] in "YX" and out[-1][0] == "Z":
            name, value = line.split(" = ", 1)
            base = "Z" + name[1:]
            made = out[-1]
            if made.startswith(base + " = ") and value.startswith(base + " + "):
                out[-1] = f"{name} = ({base} := {made[len(base) + 3:]}){value[len(base):]}"
                continue
        out.append(line)
    return out


def _looping_blocks(shape: tuple) -> set[int]:
    """The blocks of a region's shape that lie on a loop (reach themselves along the
    region's edges): the blocks each block reaches, as bits of an integer, grown to a
    fixed point (a region has at most `MAX_BLOCKS`: a few passes of a few blocks)."""
    successors = _successors(shape[3:])
    reach = [sum(1 << label for label in after) for after in successors]
    changed = True
    while changed:
        changed = False
        # (from the last block back: most edges go forward, so few passes)
        for i in range(len(successors) - 1, -1, -1):
            grown = reach[i]
            for label in successors[i]:
                grown |= reach[label]
            if grown != reach[i]:
                reach[i] = grown
                changed = True
    return {i for i, bits in enumerate(reach) if bits >> i & 1}


def _reads_from_p(op: int, carry_known: bool) -> int:
    """The flags an instruction of a region reads from P itself (PHP): branches test
    where the flags are, and the carry of ADC/SBC/ROL/ROR is the `{carry}` field (XCE's
    a constant of its template)."""
    row = OPCODES[op]
    if row.flow == "branch" or row.mnemonic == "XCE":
        return 0
    if row.mnemonic in ("ADC", "SBC", "ROL", "ROR"):
        return row.flags_read & ~0x01
    return row.flags_read


def _region_flags(shape: tuple, defines: bool) -> FlagState:
    """Where a region keeps N/Z, C and V at its block boundaries (and entry): in the
    locals of `FlagState` when some instruction of it defines them from a value (its
    flag updates' `Op.lazy`), of the width most of those have; N/Z only when no
    instruction leaves them in P otherwise (PLP, BIT, TSB/TRB, REP/SEP of N or Z),
    since r_nz cannot hold N and Z both set; V in the triple r_va/r_vv/r_vs
    (`cpu_ops.TRIPLE`) where most of its definers are 16-bit ADC/SBC, which then store
    the old accumulator alone. `defines`: the region writes P at all."""
    if not defines:
        return IN_P
    # (N/Z's definers in 8 and 16 bits, V's, V's that can be the triple, C defined,
    # N/Z left in P: summed over the blocks, `_block_flag_facts`)
    nz8 = nz16 = v8 = v16 = triples = 0
    carry = False
    nz_ok = True
    for items, _, _ in shape[3:]:
        counts, defines_carry, leaves_nz = _block_flag_facts(items)
        nz8 += counts[0]
        nz16 += counts[1]
        v8 += counts[2]
        v16 += counts[3]
        triples += counts[4]
        carry = carry or defines_carry
        nz_ok = nz_ok and not leaves_nz

    def pick(eight: int, sixteen: int) -> int:
        return 0 if not (eight or sixteen) else 16 if sixteen > eight else 8
    v = pick(v8, v16)
    if v and triples > v8:
        v = TRIPLE
    return FlagState(pick(nz8, nz16) if nz_ok else 0, carry, v)


@functools.lru_cache(maxsize=4096)
def _block_flag_facts(items: tuple) -> tuple[tuple[int, int, int, int, int], bool, bool]:
    """`_flag_facts` of a basic block's instructions summed, made once per process for
    each block (as `_block_facts`): the N/Z definers from a value in 8 and 16 bits, V's,
    the V definers that can hold it in the triple; does one define C; does one leave
    N/Z in P otherwise than from a value."""
    counts = [0, 0, 0, 0, 0]
    carry = leaves = False
    for op, key, imm in items:
        defines_carry, leaves_nz, held, stores = _flag_facts(op, key, imm)
        carry = carry or defines_carry
        leaves = leaves or leaves_nz
        for bits, wide in held:
            counts[(0 if bits == 0x82 else 2) + wide] += 1
        counts[4] += stores
    return (counts[0], counts[1], counts[2], counts[3], counts[4]), carry, leaves


@functools.lru_cache(maxsize=4096)
def _flag_facts(op: int, key: Key, imm: int | None
                ) -> tuple[bool, bool, tuple[tuple[int, bool], ...], int]:
    """What `_region_flags` reads of an instruction's template: does it define C, does
    it leave N/Z in P otherwise than from a value (`nz_in_p`), the N/Z and V it
    defines from a value (bits, 16 bits wide), and how many of its ops can hold V in
    the triple (`Op.v_stores`)."""
    carry = leaves_nz = False
    held = []
    stores = 0
    for o in template(op, key, imm).ops:
        if o.kind == "flags" and (0xFF & ~o.keep) & 0x01:
            carry = True
        leaves_nz = leaves_nz or nz_in_p(o, "r_p")
        held += [(bits, width == 16) for bits, _, width in o.lazy if bits in (0x82, 0x40)]
        stores += bool(o.v_stores)
    return carry, leaves_nz, tuple(held), stores


def _flags_for_raise(state: FlagState, region_flags: FlagState,
                     saved: tuple[str, ...]) -> tuple[list[str], str]:
    """What a raise to the exits' handlers needs first where the flags are in `state`:
    the lines that move them to where the region keeps them at its block boundaries
    (`region_flags`), from which the handlers make P once for every exit; or, where they
    cannot be moved so (N/Z in P), P itself as the raise's last argument (", P"). None
    when the region does not write P."""
    if "p" not in saved or state == region_flags:
        return [], ""
    try:
        lines, _ = converted(state, region_flags)
    except ValueError:
        return [], f", {materialised(state)}"
    return [line for line in lines if line], ""


# `_LeftForIo.p` from a call of the map's pages (`mapped_read`, `mapped_write`) where
# the flags are not where the region keeps them: the number of their state, this up
# (above any P a raise carries), by which the handler makes P from the flags' locals.
P_STATES = 0x100


def _p_at_handlers(region_flags: FlagState, saved: tuple[str, ...],
                   states: tuple[str, ...] = ()) -> list[str]:
    """The exits' handlers' line that makes P: from the flags' locals as the region keeps
    them at its block boundaries, or as it came with the raise (`_flags_for_raise`), or
    from them as `states` has them (P's expressions, by their numbers from `P_STATES`:
    the calls of the map's pages pass those)."""
    if "p" not in saved:
        return []
    chosen = "".join(f"({expr}) if out.p == {P_STATES + k} else "
                     for k, expr in enumerate(states))
    return [f"r_p = {materialised(region_flags)} if out.p is None else {chosen}out.p"]


# The fields of an instruction's lines whose value depends on where the flags are at
# the line (`_compile`'s `field`): not kept between the runs of lines of one state.
_STATE_FIELDS = frozenset({"carry", "plus_carry", "P_NOW"})


def _compile(shape: tuple) -> Shape:
    """The compiled code of one shape."""
    bank0, stack_in_page1, one_span = shape[:3]
    blocks_of = shape[3:]
    # The parameters in order: the code-range test `hit`, called, an argument; the others
    # as the source reads them, string constants (`'P12'`), which each region's code
    # object has replaced by their values (`_parameter_slots`, `_with_parameters`). Not
    # arguments: `compile()` parses no list of them (about 8 k host instructions each,
    # 60 in the compiled workload's region), and the code loads a constant where it
    # loaded a local. (`compile()` folds no operation of a string and a number: what
    # templates do with a parameter, tests/cpu/test_cpu_region_parameters.py checks.)
    hit = "P0"
    names = itertools.chain([hit], map("'P{}'".format, itertools.count(1)))
    used: set[str] = set()            # the parameters the source reads

    def use(name: str) -> str:
        used.add(name)
        return name
    hit, lo, hi, lo0, hi0 = (next(names) for _ in range(5))
    written: set[str] = set()
    io_names: set[str] = set()
    # Binary mode throughout when nothing sets D: ADC/SBC leave out their D tests.
    sets_decimal = adds = False
    # The registers the region's code reads or writes (`Opcode.reads`/`writes`, mode's
    # included; P always, for the branches): only those are loaded when it is entered.
    loaded = {"p"}
    for items, _, _ in blocks_of:
        writes, reads, io_used, sets, decimal = _block_registers(items)
        written |= writes
        loaded |= reads
        io_names |= io_used
        sets_decimal = sets_decimal or sets
        adds = adds or decimal
    binary = adds and not sets_decimal
    # Where the flags live at every block boundary (`region_flags`): the locals of
    # `iigs.cpu_ops.FlagState` where the region defines them from values.
    region_flags = _region_flags(shape, "p" in written)
    # Leaving the region writes the registers back: one call (`write_back`), so each
    # exit is one line (P made from the flags' locals where it is).
    saved = tuple(sorted(written))
    # D's low byte (note 2's penalty) in a local made at entry, and made again after
    # each instruction that writes D (TCD, PLD), as the addresses made from D are
    dlow = "r_dl"
    penalties = False     # (whether any block adds them)

    # (the write-back helpers the source calls: only those are made, each compiled
    # once per set of registers and flags' state)
    helpers: set[str] = set()

    def exits(state: FlagState) -> list[str]:
        if not saved:
            return []
        helpers.add("leave")
        values = (materialised(state) if r == "p" else "r_" + r for r in saved)
        return [f"leave(cpu, {', '.join(values)})"]

    # Leaving at a block's end (a target outside the region, at `target`), where the
    # registers are written back, P made from the flags' locals where the region keeps
    # them at its block boundaries: from an arm that does not loop (`straight`), the
    # address kept in `at` and the dispatch's loop left; from a loop's arm, `_Left`
    # raised, which its handler keeps in `at`; either way on to the one call after the
    # `try` (`leave_out`, `write_back_out`). One call in the source, not one per exit:
    # its 15 arguments cost `compile()` about 15 k host instructions each. (A raise
    # costs about 0.5 us more than leaving the loop, once a region's run: unrolled code
    # leaves each region at its end, a loop's arm only when the loop ends.)
    at_end = ", ".join(_exit_arguments(saved, region_flags))

    def out_to(target: str, straight: bool) -> list[str]:
        if not saved:
            return [f"return (done << 24) + {target}"]
        if straight:
            return [f"at = {target}", "break"]
        return [f"raise _Left(done, {target})"]

    # The rare ways out (a budget check that fails, a store or push into the region's
    # own code, PLP's width check) raise `_Left` with the cycles run and the address to
    # go on at, which the region catches once, around all its arms, to write the
    # registers back: one short statement per exit (two where P is made first)
    # instead of the call and a return.
    def leave_via(cycles: str, address: str,
                  state: FlagState = region_flags, kind: str = "_Left") -> list[str]:
        lines, p = _flags_for_raise(state, region_flags, saved)
        return lines + [f"raise {kind}({cycles}, {address}{p})"]
    io_leaves: list[Op] = []
    io_raises = False     # (a call of the map's pages may leave: `mapped_read`)
    p_states: dict[str, int] = {}   # (P's expressions where such calls are, numbered)
    arms: list[_Arm] = []
    # Absolute and direct-page addresses (DBR:operand, D + operand) of the blocks on a
    # loop, made at entry: name -> value. DBR:operand only when nothing in the region
    # writes DBR; D + operand also where something writes D, made again after each
    # such instruction (`remakes`: the block's lines and where they go in them).
    looping = _looping_blocks(shape)
    hoisted: dict[str, str] = {}
    remakes: list[tuple[list[str], int, int, int]] = []
    # per block: the names made from D (`Z`/`Y`/`X` names made at entry, `r_dl`) that
    # it reads before its first write of D, then after each (`_live_from_d`)
    d_reads: list[list[set[str]]] = []
    # Where something in the region writes D: the blocks of innermost loops that do not
    # make their direct-page addresses at the head of each arm they are written in
    # (`_Writer`), once per entry to the loop, and are not made again after each TCD/PLD
    # elsewhere in the region (the other looping blocks' are: `remakes`).
    successors, callees = _flow(blocks_of)
    loops_of = innermost_loops(successors, callees)
    d_fixed = _stays("d", written)     # (nothing in the region writes D)
    d_quiet = set() if d_fixed else _quiet_blocks(
        loops_of, {i for i, (items, _, _) in enumerate(blocks_of)
                   if "d" in _block_registers(items)[0]})
    arm_names: list[dict[str, str]] = []   # per block: names made at its arms' heads
    # Sums from DBR unmasked (`{DM}`) where nothing in the region writes DBR: entered
    # with DBR = $FF, the region runs its entry instruction through its handler.
    unmasked = _unmasked_from_dbr(written)
    dbr_sums = False

    # (the lookups of an instruction's fields and its exits' lines, made once: they
    # read the instruction being rendered, `mapping`, `carry`, `state`..., from the
    # loop over the blocks below)
    def spent() -> str:
        """The cycles run in the arm before this point: those of the blocks followed
        before this one, `{before}`, and their direct-page penalties not yet added
        with this block's, `{dl_<pending>}`, both filled in by `_Writer` (a test of
        r_dl where there are any: this block's read r_dl here, and those of the
        blocks before it, carried, are read by them, `_Arm.penalty`, with no write
        of D between)."""
        if pending:
            reading[-1].add(dlow)
        return f"{{before}}{static}{{dl_{pending}}}"

    def field(name: str) -> str:
        # A TIMED read at the exact cycle (the run's end - the budget at entry +
        # the cycles so far), a bail-out's cycles so far, `{before}` kept for
        # `_Writer`, the carry read, the instruction's address and operands
        # (those first: the most asked for, and no other field's name)
        if name in mapping:
            return use(mapping[name])
        if name in ("carry", "plus_carry"):
            if carry is None:
                value = "r_c" if state.c else "(r_p & 1)"
            else:
                value = str(carry)
            if name == "carry":
                return value
            return "" if value == "0" else " + " + value
        if name == "now":
            return f"cpu.run_end - limit + done + {spent()}"
        if name == "spent":
            return f"done + {spent()}"
        if name == "P_NOW":
            # (P as it is here, for a call that may leave the region: `mapped_read`;
            # None where the flags are where the region keeps them at its block
            # boundaries, from which the exits' handler makes P; else the number of
            # the flags' state here, `P_STATES` up, from whose locals, unchanged when
            # the call raises, the handler makes P: one token where P's expression
            # was, in a fifth of GIN.KING's statements)
            nonlocal io_raises
            io_raises = True
            if "p" not in saved or state == region_flags:
                return "None"
            return str(P_STATES + p_states.setdefault(materialised(state), len(p_states)))
        if name in ("before", "SM") or name.startswith(("dl_", "UP", "DOWN")):
            return "{" + name + "}"
        if name.startswith(("DW", "DS")):
            # DBR:operand, made once at entry in a loop when DBR stays (`DS`: an
            # address standing alone, `ea = ...`, needs no parentheses)
            alone = name[1] == "S"
            param = use(mapping[name[2:] if alone else name[1:]])
            if not (hoist and _stays("dbr", written)):
                return f"r_bank | {param}" if alone else f"(r_bank | {param})"
            hoisted["B" + param[2:-1]] = f"r_bank | {param}"
            return "B" + param[2:-1]
        if name == "DM":
            nonlocal dbr_sums
            dbr_sums = dbr_sums or unmasked
            return "" if unmasked else " & 0xFFFFFF"
        if name[0] == "C":
            # an 8-bit index crossing a page from DBR:operand: the index
            # above 0xFF - the operand's low byte, a bound made at entry in a
            # loop (DBR has no low byte)
            index, param = "r_" + name[1], use(mapping[name[2:]])
            if not hoist:
                return f"ea & 0xFF < {index}"
            hoisted["C" + param[2:-1]] = _page_bound(param)
            return f"{index} > C{param[2:-1]}"
        if name[:2] in ("LP", "DV"):
            # a long pointer's three bytes read (`{LP1}`: `[dp]`, `[dp],Y` in plain
            # memory) or a direct-page operand's one or two (`{DV1B1}`, `{DV2B1}`):
            # where their addresses are names fixed throughout the arm (`fixed_names`),
            # a `{LP_...}`/`{DV_...}` field `_Writer` fills, reading them at the head
            # where nothing in the arm can write them (`_Writer._read_once`); else here
            if name[:2] == "LP":
                names = [fields[f"Q{k}{name[2:]}"] for k in range(3)]
            else:
                byte = name[3:]
                names = [fields["ZE" + byte]] + (
                    [fields["ZH" + byte[1:]]] if name[2] == "2" else [])
            if fixed_names and all(n.isidentifier() for n in names):
                return "{" + name[:2] + "_" + "_".join(names) + "}"
            return _value_read(names)
        if name[0] == "Q":
            # the address of byte 0, 1 or 2 of a long pointer at D + operand
            # (`[dp]`, `[dp],Y`): made at entry in a loop, as `ZB`/`ZH` are
            k, param = int(name[1]), use(mapping[name[2:]])
            made = local if d_local else hoisted if hoist else None
            if made is None:
                return ((f"(t := r_d + {param}) & 0xFFFF") if k == 0
                        else f"(t + {k}) & 0xFFFF")
            return made_name(made, param, k)
        if name[:2] in ("ZB", "ZA", "ZE"):
            # D + operand (a direct-page address): in a loop, made at entry
            # (again after TCD/PLD) or, in a loop quiet about D, at an arm's head;
            # `ZA`: the statement making `ea` (none where the address is made
            # so), `ZE`: the address's name where accesses write `ea`
            param = use(mapping[name[1:] if name[:2] == "ZB" else name[2:]])
            made = local if d_local else hoisted if hoist else None
            if made is None:
                return {"ZB": f"(r_d + {param}) & 0xFFFF", "ZE": "ea",
                        "ZA": f"ea = r_d + {param} & 0xFFFF"}[name[:2]]
            base = made_name(made, param, 0)
            return "" if name[:2] == "ZA" else base
        if name.startswith("ZH"):
            # ... and the address of its second byte
            param = use(mapping["B" + name[2:]])
            made = local if d_local else hoisted if hoist else None
            if made is None:
                return "ea + 1 & 0xFFFF"
            return made_name(made, param, 1)
        return use(mapping[name])

    def made_name(made: dict[str, str], param: str, k: int) -> str:
        # (a name made at entry and after each TCD/PLD: noted read here)
        name = _made_from_d(made, param, k)
        if made is hoisted:
            reading[-1].add(name)
        return name

    def leave(o: Op) -> list[str]:
        # (an I/O-page access: leave to `step()`, the registers written back by
        # the handler of `_LeftForIo`, which calls `io_exit`)
        io_leaves.append(o)
        lines, p = _flags_for_raise(state, region_flags, saved)
        return lines + [f"raise _LeftForIo({{A}}, done + {spent()}{p})"]

    def bail(o: Op) -> list[str]:
        # (the bail-out's call reads the registers from the CPU: written first)
        return exits(state) + [f"return ((done + {spent()}) << 24) + {o.text}"]

    def exit_at() -> list[str]:
        # (on at the next instruction: the parameter after this one's own is its
        # address, or the address after the block, `_shape`: a name, not a sum)
        return leave_via(f"done + {spent()}", use(f"'P{int(own_last[2:-1]) + 1}'"), state)

    # (every line of an instruction fills its fields from one `Fields`, emptied for
    # the next: each field looked up once, but the carry's, which the flags' state of
    # a run of lines decides)
    fields = Fields(field, _STATE_FIELDS)
    for index, (items, ends, _) in enumerate(blocks_of):
        hoist = index in looping
        local: dict[str, str] = {}
        arm_names.append(local)
        d_local = index in d_quiet
        # (the direct-page names fixed throughout an arm through the block: made at the
        # arm's head in a loop quiet about D, or at entry in a region that never writes
        # D and the block loops: the names its stores and once-made reads go by)
        fixed_names = d_local or (d_fixed and hoist)
        body: list[str] = []
        static = 0
        bound = 0
        first = ""
        dead, carries, silent, direct = _block_facts(items, bank0, binary)
        # Direct-page penalties (D's low byte not 0) are added once per block, or before
        # an instruction that changes D; an exit in between counts those not yet added.
        pending = 0
        varies = False              # (whether the body adds run-time cycles itself)
        state = region_flags        # (where the flags are at this point of the block)
        # (the set op whose line ends the body, its expression as rendered, the body's
        # length then: `_sets_from`)
        last_set: tuple[Op, str, int] | None = None
        reading = [set()]
        d_reads.append(reading)
        # (per instruction: how it moves S and what it writes, for `_Writer`'s S:
        # `_stack_fact`)
        stack_facts: list[tuple] = []
        # (its steps of X and Y, INX..DEY: (register, up, mask); the index registers
        # its other instructions may write: `_Writer._counted`)
        steps: list[tuple[str, bool, int]] = []
        index_writes: set[str] = set()
        # (its stores to DBR:operand + X or Y: (register, the address's name, the
        # parameters of the code's bounds))
        watches: list[tuple[str, str, str, str]] = []
        penalties = penalties or direct
        for n, ((op, key, imm), unused) in enumerate(zip(items, dead)):
            t = template(op, key, imm)
            bound += t.bound
            mnemonic = OPCODES[op].mnemonic
            if mnemonic in INDEX_STEPS:
                steps.append((mnemonic[-1].lower(), mnemonic[:2] == "IN",
                              0xFF if key[0] or key[2] else 0xFFFF))
            else:
                index_writes |= t.writes & {"x", "y"}
            if pending and "d" in t.writes:
                body.append(f"if {dlow}: done += {pending}")
                reading[-1].add(dlow)
                pending = 0
            address = next(names)
            first = first or address
            mapping = {"A": address}
            own_last = address      # (the last of the instruction's own parameters)
            for name, _, _ in t.params:
                mapping[name] = own_last = next(names)
            if n in silent:
                static += t.static
                stack_facts.append((0, None, False))
                continue
            carry = (None if carries[n] is None
                     else _constant_carry(op, carries[n], binary))

            fields.clear()
            # (direct-page stores by name where the names are fixed: `fixed_names`)
            stack_facts.append(_stack_fact(op, key, imm, t,
                                           field if fixed_names else None))
            # (rendered in runs of ops that see one state: the exits' P is made from it)
            runs, after = _flag_runs(op, key, imm, binary, unused, state, carry is not None,
                                     region_flags.v == TRIPLE)
            if t.pulled:
                # (a return: its lines from here, and those of the path where the bytes
                # pulled are known, which moves S alone: `_Writer`)
                returning_at = len(body)
                moved = render([o for _, run in runs for *_, o in run if o not in t.ops] +
                               list(t.moves), leave, bail, fields)
            if (last_set is not None and runs and _sets_from(
                    runs[0][1][0][3], last_set[0], len(body) - last_set[2])):
                # (a register set by the instruction before, its line the last, read
                # once by this one's first op: one statement, the first expression put
                # where the register is read)
                first_op = runs[0][1][0][3]
                runs = ((runs[0][0], runs[0][1][1:]),) + runs[1:]
                before, rest = (text.format_map(fields) for text in first_op.around)
                merged = f"{before}{operand(last_set[1])}{rest}"
                body[-1] = f"{first_op.target} = {merged}"
                last_set = (first_op, merged, len(body))
            if (last_set is not None and last_set[0].target == "r_a"
                    and len(body) == last_set[2]):
                # (the accumulator set by the instruction before, its line the last, and
                # read once by this one for V's triple: set into r_va at once)
                forwarded = _va_forwarded(runs)
                if forwarded is not None:
                    runs = forwarded
                    body[-1] = f"r_va = {last_set[1]}"
            for state, run in runs:
                body += render_statements(run, leave, bail, fields)
            state = after
            # (the last op rendered: where a set, the next instruction's first may read it)
            last_op = None
            for _, run in runs:
                if run:
                    last_op = run[-1][3]
            if last_op is not None and last_op.kind == "set" and last_op.depth == 0:
                last_set = (last_op, last_op.expr.format_map(fields), len(body))
            elif last_op is not None:
                last_set = None
            if "d" in t.writes:
                last_set = None
                remakes.append((body, len(body), index, len(reading)))
                reading.append(set())
            if t.ret is not None:
                if OPCODES[op].flow == "direct":
                    # A constant target: its cycles are constants too (note 5 for BRA).
                    static += 3 if OPCODES[op].mnemonic == "BRA" else t.static
                else:
                    body.append(f"t = {t.ret.format_map(fields)}")
                    static += t.static
                    returned_at = len(body)
                continue
            static += t.static
            # (run-time terms go straight into `done`: the arm's budget check has
            # been passed, and an exit adds only the constant cycles)
            if t.extras:
                pending += sum(1 for term in t.extras if term.direct)
                tested = [f"if {term.test.format_map(fields)}: done += 1"
                          for term in t.extras if not term.direct]
                varies = varies or bool(tested)
                body += tested
            # (a direct-page or stack-relative store lands in bank 0: no check when
            # the region has no code there; the end first: data above the code, the
            # common case, costs one test; one run of code needs no `hit`)
            if t.data_write and (bank0 or not OPCODES[op].bank0):
                # (`lo` is the code's start - 1, where a 16-bit store's second byte is
                # the code's first: a byte there is no hit)
                byte = _byte_store(op, key)
                # (a direct-page store's address is its hoisted name, where it has one)
                mode = OPCODES[op].mode
                ea = fields["ZEB1"] if mode == "dp" else "ea"
                watch = _when(f"{ea} < {use(hi)} and {ea} {'>' if byte else '>='} {use(lo)}"
                              if one_span else
                              f"{ea} < {use(hi)} and {ea} >= {use(lo)} and " +
                              (f"{use(hit)}({ea})" if byte else
                               f"({use(hit)}({ea}) or {use(hit)}({ea} + 1))"), exit_at())
                if (one_span and mode in ("absx", "absy") and not fields["DM"]
                        and fields["DW1"].isidentifier()):
                    # (DBR:operand + X or Y, named at entry: a counted loop may test
                    # the addresses of all its passes at once, `_Writer._counted`,
                    # and leave these lines out, `{WATCH...}`)
                    watches.append((mode[-1], fields["DW1"], lo, hi))
                    field_name = f"{{WATCH{mode[-1]}_{fields['DW1']}}}"
                    watch = [field_name + line for line in watch]
                body += watch
            if t.stack_write and bank0:
                if key[0] and stack_in_page1:
                    body += exit_at()
                elif not key[0]:
                    body += _when(f"{use(lo0)} <= r_sp < {use(hi0)} or r_sp >= 0xFFFD",
                                  exit_at())
            if OPCODES[op].mnemonic == "PLP" and not key[0]:
                widths = (0x20 if key[1] else 0) | (0x10 if key[2] else 0)
                body += _when(f"(r_p & 0x30) != {widths}", exit_at())
        # (the penalties after the block's last write of D are `_Arm.penalty`: the
        # writer adds them with those of the blocks it follows, where the path ends,
        # with D's low byte as it is here: read here, for `_live_from_d`)
        if pending:
            reading[-1].add(dlow)
        writes_d = "d" in _block_registers(items)[0]
        kind, rest = ends[0], list(ends[1:])
        # (a block with one way on ends with the flags moved to the region's places, or,
        # where that way is followed to a block that defines N/Z before anything can
        # read them, without N/Z's: `_Writer`)
        ending = converted(state, region_flags)[0]
        tested = region_flags
        if kind in ("direct", "exit", "plp"):
            ending_nz_unread = converted(state, region_flags, nz_unread=True)[0]
        elif kind == "branch" and _alias_alone(state, region_flags):
            # (the branch tests the register, and r_nz is set from it on the ways
            # that need it: `_Writer._way`)
            tested = state
            ending_nz_unread = []
        else:
            body += ending
            ending = ending_nz_unread = []
        next(names)   # the address after the block (kept in the parameters)
        # (what `_Writer` reads of the block's instructions, whatever its end)
        facts = {"steps": tuple(steps), "index_writes": frozenset(index_writes),
                 "watches": tuple(watches)}
        if kind == "branch":
            taken_label, fall_label, cross = rest
            flag, when_set = BRANCH_ON[OPCODES[items[-1][0]].mnemonic]
            condition = branch_test(flag, when_set, tested)
            targets = [(taken_label, next(names), 4 if cross else 3),
                       (fall_label, next(names), 2)]
            arms.append(_Arm(body, kind, static, condition, targets, bound, first,
                             len(items), pending, writes_d, varies,
                             ending=tuple(ending), stack=tuple(stack_facts),
                             tests=(state.alias[2:], flag, when_set) if state.alias else (),
                             **facts))
        elif kind in ("direct", "exit", "plp"):
            extra = 1 if kind == "direct" and len(rest) > 1 and rest[1] else 0
            arms.append(_Arm(body, kind, static + extra, "", [(rest[0], next(names), 0)],
                             bound, first, len(items), pending, writes_d, varies,
                             ending=tuple(ending), ending_nz_unread=tuple(ending_nz_unread),
                             stack=tuple(stack_facts),
                             keeps_bank=OPCODES[items[-1][0]].mnemonic != "JSL"
                             or items[-1][2] == 1, **facts))
        else:
            # (a return's targets: each one's address, then the bytes its call pushed)
            targets, pushed = [], []
            for label in rest:
                targets.append((label, next(names), 0))
                pushed.append((next(names), next(names), next(names)))
            last = template(*items[-1])
            returning = last.pulled if kind == "computed" else ()
            matched = general = ()
            if returning:
                matched = tuple(moved + body[returned_at:])
                general = tuple(body[returning_at:])
                del body[returning_at:]
            arms.append(_Arm(body, kind, static, "", targets, bound, first, len(items),
                             pending, writes_d, varies, returning, last.unwrapped, matched,
                             general, tuple(pushed), stack=tuple(stack_facts[:-1]),
                             returned=stack_facts[-1], **facts))
    # (D + operand and D's low byte made again after each write of D, in the order
    # they are made at entry; from the end of a block first, so positions hold: D's low
    # byte where it is read before D is written again, `_live_from_d`; the names, where
    # something in the region writes D, those the block reads after it, and at a
    # block's head those it reads before its first, `_d_names_by_block`)
    again = _made_again(hoisted, penalties)
    live_at_entry, live_after = _live_from_d(d_reads, _successors(blocks_of))
    heads: list[set[str]] = []
    if not d_fixed:
        heads, live_after = _d_names_by_block(d_reads, live_after, dlow)
        live_at_entry &= {dlow}
    for lines_of_block, at, index, segment in reversed(remakes):
        lines_of_block[at:at] = _paired(_live_lines(again, live_after[index][segment - 1]))
    for arm, names in zip(arms, heads):
        if names:
            arm.body[0:0] = _paired(_live_lines(again, names))
    # (the loops in which nothing writes D: their arms add the direct-page penalties
    # with the constant cycles, in names made at the arm's head)
    writers = {index for index, arm in enumerate(arms) if arm.writes_d}
    folded = {head for head, body in loops_of.items() if not body & writers}
    # (the writer's exits are at block boundaries, the flags where `region_flags` has them)
    writer = _Writer(arms, out_to, use, loops_of, leave_via, arm_names,
                     [returns_to for _, _, returns_to in blocks_of], folded,
                     [_defines_nz_first(items, bank0, binary) for items, _, _ in blocks_of])
    # `done` and `limit` count plain cycles inside (results are cycles << 24 | address).
    # (an arm for each block but those followed in place in a loop's arm that nothing
    # dispatches to: code reaching one of those from outside the region goes on through
    # the interpreter to the loop's head, a region's entry; about a fifth of a region's
    # source, and of its `compile()`, fewer)
    inner = {b for head, body in loops_of.items() for b in body
             if b != head and b not in loops_of}
    rendered: dict[int, list[str]] = {}
    waiting = [i for i in range(len(arms)) if i not in inner or i == 0]
    while waiting:
        i = waiting.pop()
        if i not in rendered:
            rendered[i] = writer.arm(i)
            waiting += writer.dispatched
    for i in range(len(arms)):
        if i not in rendered:
            writer.heads[i] = 0        # (no entry: `Shape.heads`)
    dispatch = _dispatch(sorted(rendered.items()), " " * 3)
    # (the blocks' addresses, by label: where a region entered with DBR = $FF steps)
    starts = [use(arm.start) for arm in arms] if dbr_sums else []
    guard = _dbr_guard() if dbr_sums else []
    # The entry's own lines read registers too: DBR for r_bank and the guard, D for the
    # direct-page addresses and its low byte, P for the flags' locals (always loaded).
    banked = "r_bank" in "\n".join(itertools.chain(
        hoisted.values(), *(arm.body for arm in arms)))
    low_at_entry = penalties and dlow in live_at_entry
    made_at_entry = ((["r_bank = r_dbr << 16"] if banked else []) +
                     [f"{name} = {value}" for name, value in hoisted.items()
                      if name[0] not in "ZYX"] +
                     _paired(_live_lines([f"{name} = {value}"
                                          for name, value in hoisted.items()
                                          if name[0] in "ZYX"], live_at_entry)) +
                     (["r_dl = r_d & 0xFF"] if low_at_entry else []))
    loaded |= ({"dbr"} if banked or guard else set()) | (
        {"d"} if low_at_entry or any(name[0] in "ZYX" for name in hoisted) else set())
    lines = ([f"r_{r} = cpu.{r}" for r in REGISTERS if r in loaded] + guard +
             made_at_entry + entry_lines(region_flags) + io_prologue(io_names) +
             ["done = 0", "limit >>= 24"])
    # (a `try` costs nothing until something is raised; the function's body, the `try`'s
    # and the dispatch's levels indented one space further each, the arms' own lines
    # four: a block needs only more than its head, and `compile()` reads each space)
    lines += ["try:", " while True:"]
    # (`_Left`'s: one call, `write_back_out`, P made in it as `_p_at_handlers` says, and
    # `_Stepped`'s too where an arm raises it: its instruction stepped in that call, a
    # handler of three lines fewer for `compile()`)
    stepped = writer.stepped
    if saved:
        handlers = ["except _Left as out:", "    at = out"]
    else:
        handlers = ["except _Stepped as out:",
                    "    return (out.cycles << 24) + interpreted_step(cpu, mem, out.at)"
                    ] if stepped else []
        handlers += ["except _Left as out:", "    return (out.cycles << 24) + out.at"]
    if io_leaves or io_raises:
        # (the flags are where the region keeps them at its block boundaries, or P came
        # with the raise: `_flags_for_raise`; the handler makes P, writes back the locals)
        helpers.add("leave")
        plain = (_p_at_handlers(region_flags, saved, tuple(p_states)) +
                 [f"leave(cpu, {', '.join('r_' + r for r in saved)})"] if saved else [])
        handlers += (["except _LeftForIo as out:"] +
                     ["    " + line for line in plain + ["io_exit(cpu, out.at, out.cycles)"]])
    # (the dispatch's lines come indented for their place in the function)
    # (after the `try`, where the ways out that write back go on: `out_to`)
    after = [f"return leave_out(cpu, {'mem, ' if stepped else ''}done, at, {at_end})"
             ] if saved else []
    body_source = "\n".join([" " + line for line in lines] + dispatch +
                            [" " + line for line in handlers + after])
    # The parameters: those the source reads (an address only where the region may be
    # left), in the first region made constants of its code object (`names` above), in
    # the shape's others the function's argument defaults (no closure cells, little for
    # the garbage collector to walk; given when a region is made, `factory`).
    hit_used = hit in used
    constants = {int(name[2:-1]): name[1:-1] for name in used if name != hit}  # 12: P12
    order = sorted(constants)
    parameters = [0] * hit_used + order
    args = ", " + hit if hit_used else ""
    source = f"def region(cpu, mem, limit, L, NZ8, NZ16{args}):\n" + body_source + "\n"
    namespace = cpu_fast.generated_namespace()
    namespace["_Left"] = _Left
    namespace["_Stepped"] = _Stepped
    namespace["_LeftForIo"] = _LeftForIo
    if io_raises:
        namespace.update(MAPPED_CALLS)
    if saved:
        if "leave" in helpers:
            namespace["leave"] = write_back(saved)
        namespace["leave_out"] = write_back_out(saved, region_flags,
                                                tuple(_p_at_handlers(region_flags, saved)),
                                                stepped)
    exec(compile(source, "<iigs.blocks region>", "exec"), namespace)
    # (the function `exec` made taken out of its globals: no cycle of the two for the
    # collector; the regions' functions refer to the namespace, not it to them)
    code = namespace.pop("region").__code__
    pick = _getter(parameters)
    # (the parameters' values by their place among those used: `hit` an argument, its
    # place 0 when used, the others constants of the code)
    places: dict[str, Any] = {constants[n]: k for k, n in enumerate(order, hit_used)}
    # (the blocks' addresses as one tuple, `_dbr_guard`'s: one token for `compile()`
    # where each was two, as a folded tuple of constants is given its values)
    at_starts = tuple(places[start[1:-1]] for start in starts)
    if starts:
        places["STARTS"] = tuple((k, None) for k in at_starts)
    slots = _parameter_slots(code, places)
    called = (0,) if hit_used else ()
    # The shape's other regions (a second made, those placed) share one code object,
    # the parameters its arguments: CPython specialises a code object's instructions
    # as it runs them, and a region placed in many copies, each run a few times, would
    # run each copy unspecialised. That form is compiled when a second region is made
    # (the source's only quotes are its parameters': without them, the names).
    # (nothing yet; then None until the shared form is needed; then that code)
    shared: list[CodeType | None] = []

    def factory_of_used(store: Store, label: int, *params: Any
                        ) -> Callable[[Any, Any, int], int]:
        # The flag tables are arguments too: locals, the fastest names to read.
        if not shared:
            shared.append(None)
            return FunctionType(_with_parameters(code, slots, params), namespace, "region",
                                (label, NZ8, NZ16) + tuple(params[k] for k in called))
        if shared[0] is None:
            began = time.perf_counter()
            # (the guard's tuple written out: no tuple to make for each region placed)
            arguments = "".join([f", P{n}" for n in parameters])
            with _collection_paused():    # (placed, not made by `translate`)
                exec(compile(f"def region(cpu, mem, limit, L, NZ8, NZ16{arguments}):\n"
                             + body_source.replace("'STARTS'", f"({', '.join(starts)},)")
                             .replace("'", "") + "\n",
                             "<iigs.blocks region, shared>", "exec"), namespace)
            shared[0] = namespace.pop("region").__code__
            store.compile_seconds += time.perf_counter() - began
        return FunctionType(shared[0], namespace, "region", (label, NZ8, NZ16) + params)

    def factory(store: Store, label: int, *params: Any) -> Callable[[Any, Any, int], int]:
        return factory_of_used(store, label, *pick(params))
    entry_clear = 0x08 if binary else 0
    return Shape(factory, tuple(writer.heads), entry_clear, tuple(parameters),
                 factory_of_used, _enters(entry_clear, bool(region_flags.nz)))


def _parameter_slots(code: CodeType, places: dict[str, int]
                     ) -> tuple[tuple[int, Any], ...]:
    """Where a region's code holds its parameters' constants (`_compile`'s `names`):
    (index in `co_consts`, the parameter's place among those used, or, for a tuple of
    constants `compile()` folded with some in it, its elements as places or constants).
    A parameter read as a name is a template's mistake (its name, not its constant, in
    the source): refused. (A parameter used only in a line left out as a comment is in
    no slot.)"""
    slots: list[tuple[int, Any]] = []
    for at, value in enumerate(code.co_consts):
        if type(value) is str:
            slots.append((at, places[value]))
        elif type(value) is tuple and any(type(v) is str for v in value):
            slots.append((at, tuple((places[v], None) if type(v) is str else (None, v)
                                    for v in value)))
    if not (places.keys().isdisjoint(code.co_names)
            and places.keys().isdisjoint(code.co_varnames)):
        misread = places.keys() & {*code.co_names, *code.co_varnames}
        raise AssertionError(f"a region's parameters read as names: {sorted(misread)}")
    return tuple(slots)


def _with_parameters(code: CodeType, slots: tuple[tuple[int, Any], ...],
                     values: tuple) -> CodeType:
    """`code` with its parameters' constants replaced by `values` (`_parameter_slots`):
    a region's own code object (its own inline caches too)."""
    consts = list(code.co_consts)
    for at, place in slots:
        if type(place) is int:
            consts[at] = values[place]
        else:
            consts[at] = tuple(value if k is None else values[k] for k, value in place)
    return code.replace(co_consts=tuple(consts))


@functools.lru_cache(maxsize=None)
def _enters(entry_clear: int, nz_held: bool) -> bytes:
    """`Region.enters`: 1 for each P a region may be entered with (D clear where it is
    in binary mode throughout; not N and Z both set where it holds them in r_nz)."""
    return bytes(0 if p & entry_clear or (nz_held and (p & 0x82) == 0x82) else 1
                 for p in range(256))


@functools.lru_cache(maxsize=None)
def write_back(registers: tuple[str, ...]) -> Callable[..., None]:
    """`leave(cpu, *values)`: stores `registers`' values into the CPU, a region's way out.
    Made once per set of registers (a handful), a pure function of it, as templates are."""
    parameters = ", ".join("r_" + r for r in registers)
    source = (f"def leave(cpu, {parameters}):\n" +
              "".join(f"    cpu.{r} = r_{r}\n" for r in registers))
    namespace: dict[str, Any] = {}
    exec(compile(source, "<iigs.blocks leave>", "exec"), namespace)
    return namespace["leave"]


def _exit_arguments(registers: tuple[str, ...], flags: FlagState) -> list[str]:
    """The locals a region passes to `write_back_out`: its registers', P's and the
    flags' locals where `flags` has them in place of P's bits (V's triple its three)."""
    names = []
    for r in registers:
        names.append("r_" + r)
        if r == "p":
            names += (["r_nz"] if flags.nz else []) + (["r_c"] if flags.c else []) + (
                [] if not flags.v else ["r_va", "r_vv", "r_vs"] if flags.v == TRIPLE
                else ["r_v"])
    return names


@functools.lru_cache(maxsize=None)
def write_back_out(registers: tuple[str, ...], flags: FlagState,
                   p_lines: tuple[str, ...], stepped: bool = False) -> Callable[..., int]:
    """`leave_out(cpu, done, out, *locals)`: a region's way out that writes the
    registers back, its one call: `out` an address, where an arm that does not loop
    left at a block's end (`done` the cycles run, P made from the flags' locals where
    `flags` has them), or the `_Left` raised (a budget check that fails, a store into
    its code, PLP's check, a loop's arm leaving at a block's end: P made by `p_lines`,
    `_p_at_handlers`, from the flags' locals or the raise's P); returns the region's
    result. `stepped`: `leave_out(cpu, mem, done, out, *locals)`, which handles
    `_Stepped` too, the instruction at `out.at` then run through its handler
    (`cpu_fast.interpreted_step`) after the write-back."""
    source = (f"def leave_out(cpu, {'mem, ' if stepped else ''}done, out, "
              f"{', '.join(_exit_arguments(registers, flags))}, NZ8=NZ8, NZ16=NZ16):\n" +
              "    if type(out) is int:\n"
              "        cycles, at = done, out\n" +
              (f"        r_p = {materialised(flags)}\n" if "p" in registers else "") +
              "    else:\n"
              # (the region keeps the `_Left` in a local, `at`: its traceback holds the
              # region's frame, which holds `at`, a cycle for the collector per exit)
              "        out.__traceback__ = None\n"
              "        cycles, at = out.cycles, out.at\n" +
              "".join(f"        {line}\n" for line in p_lines) +
              "".join(f"    cpu.{r} = r_{r}\n" for r in registers) +
              ("    if type(out) is _Stepped:\n"
               "        return (cycles << 24) + interpreted_step(cpu, mem, at)\n"
               if stepped else "") +
              "    return (cycles << 24) + at\n")
    namespace: dict[str, Any] = {"NZ8": cpu_fast.NZ8, "NZ16": cpu_fast.NZ16,
                                 "_Stepped": _Stepped,
                                 "interpreted_step": cpu_fast.interpreted_step}
    exec(compile(source, "<iigs.blocks leave_out>", "exec"), namespace)
    return namespace["leave_out"]


class _Left(Exception):
    """Raised inside a region to leave it midway: the cycles it has run, the address to
    go on at."""

    def __init__(self, cycles: int, at: int, p: int | None = None) -> None:
        self.cycles = cycles
        self.at = at
        self.p = p          # P, when the flags were not left in the region's locals


class _Stepped(_Left):
    """`_Left` at an arm's head whose test of S's range failed (`_Writer.arm`): the
    registers written back, the instruction there runs through its handler
    (`cpu_fast.interpreted_step`), so the run loop, which would enter the region there
    again, goes on after it."""


class _LeftForIo(Exception):
    """Raised inside a region to leave it before an I/O-page access: `io_exit`'s
    arguments (the instruction's address, the cycles run), and P as `_Left` has it."""

    def __init__(self, at: int, cycles: int, p: int | None = None) -> None:
        self.at = at
        self.cycles = cycles
        self.p = p


def mapped_reader(mask: int, wide: int, rmw: int) -> Callable[..., int]:
    """`mapped_read(cpu, ea, at, spent, limit, p)`, a region's read on a page the map
    moves (its `RP`/`RP2` flag set) with these constants: through the map, or on the
    I/O page a TIMED register at the exact cycle (`io_read`), or, before a register
    `step()` must run (or any, for a read-modify-write, whose write will), the region
    left to `step()` (`_LeftForIo`: the instruction's address `at`, the cycles `spent`
    before it, P as it is there or the number of its flags' state, `P_STATES`).
    `limit`: the region's budget, from which the cycle count `step()` would have here
    is made."""
    def mapped_read(cpu: Any, ea: int, at: int, spent: int, limit: int,
                    p: int | None) -> int:
        io = cpu.io
        if (io.rpages2 if wide else io.rpages)[ea >> 8] & 2:
            if rmw or io_leaves(cpu, ea, wide):
                raise _LeftForIo(at, spent, p)
            return io_read(cpu, ea, mask, wide, cpu.run_end - limit + spent)
        return io.map_read16(ea, mask) if wide else io.read_byte(ea)
    return mapped_read


def mapped_writer(mask: int, wide: int) -> Callable[..., None]:
    """`mapped_write(cpu, ea, value, at, spent, p)`, a region's write on a page the map
    moves (`WP`/`WP2` set) with these constants: through the map, or on the I/O page
    the region left to `step()` before it (as `mapped_reader`'s)."""
    def mapped_write(cpu: Any, ea: int, value: int, at: int, spent: int,
                     p: int | None) -> None:
        io = cpu.io
        if (io.wpages2 if wide else io.wpages)[ea >> 8] & 2:
            raise _LeftForIo(at, spent, p)
        if wide:
            io.map_write16(ea, value, mask)
        else:
            io.write_byte(ea, value & 0xFF)
    return mapped_write


def _mapped_calls() -> dict[str, Callable[..., Any]]:
    """Every access's function on a page the map moves, by the name the source calls
    (`mapped_call_name`)."""
    calls: dict[str, Callable[..., Any]] = {}
    for wide, bank0 in itertools.product((0, 1), (False, True)):
        mask = 0xFFFF if bank0 else 0xFFFFFF
        for rmw in (0, 1):
            calls[mapped_call_name("read", wide, bank0, rmw)] = mapped_reader(mask, wide, rmw)
        calls[mapped_call_name("write", wide, bank0)] = mapped_writer(mask, wide)
    return calls


# (made once: a region's namespace takes them all where it calls any)
MAPPED_CALLS = _mapped_calls()


def _flow(blocks_of: tuple) -> tuple[list[list[int]], list[int | None]]:
    """The flow the loop analysis sees (`innermost_loops`), from the blocks' ends: a
    call goes to the routine and, as if it had returned, to the block after it; a
    return (a computed target) goes nowhere. Also the routine each block calls."""
    successors: list[list[int]] = []
    callees: list[int | None] = []
    for _, ends, returns_to in blocks_of:
        kind, rest = ends[0], ends[1:]
        targets = {"branch": rest[:2], "direct": rest[:1], "exit": rest[:1],
                   "plp": rest[:1]}.get(kind, ())
        labels = [label for label in targets if label is not None]
        successors.append(labels + ([returns_to] if returns_to is not None else []))
        callees.append(rest[0] if returns_to is not None else None)
    return successors, callees


def _quiet_blocks(loops_of: dict[int, frozenset[int]], writers: set[int]) -> set[int]:
    """The blocks every innermost loop around which (`loops_of`) has no block of
    `writers` (that write the register): an arm that holds such a block, its own or its
    loop's head's, sees the register unchanged from the arm's head on."""
    quiet: set[int] = set()
    noisy: set[int] = set()
    for body in loops_of.values():
        (noisy if body & writers else quiet).update(body)
    return quiet - noisy


def innermost_loops(successors: list[list[int]],
                    callees: list[int | None]) -> dict[int, frozenset[int]]:
    """The blocks of each innermost loop, by its head: for a block that a back edge
    (depth first from block 0) goes to, the smallest of its natural loops (the head and
    the blocks that reach the edge's source without passing the head, and the routines
    those call: `callees[u]` is the routine block u calls, `successors[u]` has the block
    after the call, none of a return), when no other loop's head is inside it. A
    self-loop is a loop of its head alone."""
    count = len(successors)
    predecessors: list[list[int]] = [[] for _ in range(count)]
    for u, targets in enumerate(successors):
        for v in targets:
            predecessors[v].append(u)
    back: list[tuple[int, int]] = []
    state = [0] * count            # 0 not seen, 1 on the search's stack, 2 done
    state[0] = 1
    stack = [(0, iter(successors[0]))]
    while stack:
        u, rest = stack[-1]
        for v in rest:
            if state[v] == 1:
                back.append((u, v))
            elif state[v] == 0:
                state[v] = 1
                stack.append((v, iter(successors[v])))
                break
        else:
            state[u] = 2
            stack.pop()
    smallest: dict[int, set[int]] = {}
    for u, head in back:
        body, work = {head}, [u]
        while work:
            w = work.pop()
            if w not in body:
                body.add(w)
                work.extend(predecessors[w])
        work = [callees[w] for w in body if callees[w] is not None]
        while work:
            w = work.pop()
            if w not in body:
                body.add(w)
                work.extend(successors[w])
        if head not in smallest or len(body) < len(smallest[head]):
            smallest[head] = body
    return {head: frozenset(body) for head, body in smallest.items()
            if not (body - {head}) & smallest.keys()}


class _Writer:
    """Renders each arm: a block's body, and, in the arm of an innermost loop's head, the
    other blocks of that loop followed in place, so the loop runs without going back to
    the dispatch (`innermost_loops`). Every other edge goes through the dispatch, so a
    block's code is written once, or twice when it is in an innermost loop.

    One budget check heads each arm, for the slowest path through the blocks it follows
    (`heads`): the blocks followed check nothing, and their constant cycles are added to
    `done` once, where the arm ends. So are their direct-page penalties (one cycle per
    access when D's low byte is not 0, `_Arm.penalty`), carried along the path up to a
    block that writes D, which adds those before it first: in the arm of a loop in which
    nothing writes D (`folded`), where a path ends the constant K and the penalties P
    are one addition of a name made at the arm's head, `K + P if r_dl else K`, since
    D's low byte does not change in the arm; elsewhere a test of `r_dl` chooses.

    An arm whose loop adds the same cycles C on every path back to its head, and adds
    nothing to `done` on those paths otherwise (no page crossed, no call's return
    tested, nothing writes D), is a counted loop: its passes K = ceil((budget - done)
    / C) are counted once per entry, `for it in range(K)` runs them with no budget
    check and no addition, and a path that leaves adds `it * C` with its own cycles."""

    def __init__(self, arms: list[_Arm], out: Callable[[str, bool], list[str]],
                 use: Callable[[str], str], loops_of: dict[int, frozenset[int]],
                 leave_via: Callable[[str, str], list[str]],
                 names: list[dict[str, str]], returns: list[int | None],
                 folded: set[int], nz_first: list[bool]) -> None:
        self.arms = arms
        self.nz_first = nz_first   # per block: `_defines_nz_first`
        self.names = names         # per block: the locals made at an arm's head for it
        self.returns = returns     # per block: the block after the call it ends in, or None
        self.leave_via = leave_via   # the lines of a rare exit (cycles, address)
        self.out = out             # the lines that leave at a block's end (to an address, from
                                   # an arm that loops or not: `out_to`)
        self.use = use             # marks a parameter the source reads
        self.heads = [0] * len(arms)
        self.loops_of = loops_of   # `innermost_loops`
        self.folded = folded       # heads of the loops in which nothing writes D
        self.stepped = False       # an arm leaves by `_Stepped`
        # per block, made once for all the arms that follow it: S and the bytes its
        # instructions push and pull (`_stack_reach`), and what they store to
        # (`_store_kinds`)
        self.reach = [_stack_reach(arm.stack) for arm in arms]
        self.stores = [_store_kinds(arm.stack) for arm in arms]
        # (and the lines of its body with fields `_CycleFields` fills, by index: the
        # others, the stack's mask alone or none, are taken as they are)
        self.cycle_lines = [tuple(k for k, line in enumerate(arm.body) if "{" in line and
                                  any(map(line.__contains__, CYCLE_FIELDS)))
                            for arm in arms]

    def arm(self, i: int) -> list[str]:
        # (its steps of X and Y checked, its stores watched, but in a counted loop
        # whose passes stop short: `_counted`)
        self.unchecked: frozenset[str] = frozenset()
        self.unwatched: frozenset[tuple[str, str]] = frozenset()
        self.batched = False                # its passes counted in batches: `_counted`
        self.dispatched: list[int] = []     # the labels it goes on to by the dispatch
        # (penalties folded into names only where the arm loops: made for one pass,
        # each name would cost more than the test it saves)
        self.forward = True
        # (an arm that does not loop: its lines are the dispatch's loop's own, which a
        # way out may leave, `out_to`; an arm whose head is no loop's is taken not to,
        # and made again if it does: a computed transfer's way back to its head)
        self.straight = i not in self.loops_of
        while True:
            for fold in (True, False) if i in self.folded else (False,):
                lines = self._render(i, fold, "")
                if self.forwarded and self.moved_back:
                    # (S at the head differs from pass to pass: the tests made at the
                    # head would not hold after the first)
                    self.forward = False
                    lines = self._render(i, fold, "")
                if self.loops:
                    break
            if not (self.loops and self.straight):
                break
            self.straight = False
        if (self.loops and len(self.passes) == 1 and not self.uncounted
                and not (self.varies and sum(self.arms[b].size for b in self.rendered)
                         > BATCHED_MOST)):
            count = self.passes.pop()
            if count not in (ONE_AMOUNT_NOT, "0"):
                return self._counted(i, count, batched=self.varies)
        # (+2: the margin every budget check has kept)
        self.heads[i] = head = self.slowest + 2
        # (an arm that loops tests `done` against its budget less its head, made once
        # per entry to the arm: one addition fewer a pass; `limit` stays in a region)
        test = f"done >= budget{i}" if self.loops else f"done + {head} >= limit"
        lines = _when(test, self.leave_via("done", self.use(self.arms[i].start))) + lines
        if not self.loops:
            # (made once per entry to the arm: nothing in it changes them)
            made = _paired([f"{name} = {value}" for name, value in self.made.items()])
            return made + self._pointers(lines, False, False, STACK_MASK)
        # (S at every push and pull of a loop's arm is S at its head plus an offset
        # known here, the same every pass: one test per entry that none of them leaves
        # bank 0's range, and their addresses go unmasked; where it fails, the head's
        # instruction runs through its handler, the region left after it, `_Stepped`,
        # when the budget allows it, as the budget check would; else the region is left
        # before it)
        ranged, check = self._stack_range(i, lines)
        lines = self._pointers(lines, True, ranged, "" if ranged else STACK_MASK)
        # (made once per entry to the arm, before its loop: nothing in it changes them)
        made = _paired([f"{name} = {value}" for name, value in self.made.items()])
        made += [f"{name} = {value}" for name, value in self.once.items()]
        made += [f"budget{i} = limit - {head}"] + check
        # A path back to the arm's own block (a loop closed within the blocks followed)
        # is a `continue` of a loop of its own, not a trip through the dispatch; every
        # other path ends in `L = ...` (then leaves this loop) or a return.
        return made + ["while True:"] + ["    " + x for x in lines] + ["    break"]

    def _stack_range(self, i: int, lines: list[str]) -> tuple[bool, list[str]]:
        """Whether the loop's arm `i` (its `lines`) tests S's range at its head, and the
        lines of that test: where S is known at every push and pull and the same at
        each pass's head."""
        if not (self.s_known and not self.moved_back and any("{SM}" in x for x in lines)):
            return False, []
        self.stepped = True
        check = _when(f"not {-self.s_lo} <= r_sp <= {0xFFFF - self.s_hi}", self.leave_via(
            "done", self.use(self.arms[i].start),
            kind=f"(_Left if done >= budget{i} else _Stepped)"))
        # (a return's test of its call's bytes need not test S's range again)
        for flag, call in self.forwards.items():
            self.made[flag] = _forward_test(call, ranged=True)
        return True, check

    def _pointers(self, lines: list[str], loops: bool, ranged: bool,
                  mask: str) -> list[str]:
        """An arm's lines with the stack's mask (`{SM}`: `mask`) and its reads of bytes
        at names made at its head filled in, a long pointer's (`{LP_<names>}`) and a
        direct-page operand's (`{DV_<names>}`): read where used, or, in a loop's arm
        (`loops`), once at the head where a test made there says nothing in the arm
        can write them (`_read_once`)."""
        out = []
        for line in lines:
            if "{" in line:
                if "{SM}" in line:
                    line = line.replace("{SM}", mask)
                for field, prefix in READ_ONCE.items():
                    while field in line:
                        start = line.index(field)
                        end = line.index("}", start)
                        names = line[start + 4:end].split("_")
                        line = (line[:start] + self._read_once(prefix, names, loops, ranged)
                                + line[end + 1:])
            out.append(line)
        return out

    def _read_once(self, prefix: str, names: list[str], loops: bool, ranged: bool) -> str:
        """The read of the bytes at `names` (made at the arm's head): read where used,
        but in a loop's arm (`loops`; a counted loop's, for a direct-page operand's)
        where the arm stores to memory through direct-page names made at the head,
        pushes (only where S's range is tested at the head, `ranged`) and a counted
        loop's stores bounded over its passes (`bounds`, `_counted`) alone, and to none
        of those names by name, read once at the head (`once`), where a test made there
        says none of those stores can write them."""
        read = _value_read(names)
        # (a direct-page operand only in a counted loop's arm that stores to no
        # direct-page name: two statements at the head for one read fewer a pass pay
        # where the passes are many and short and the test holds; an arm storing by
        # name most often stores to the operand's own bytes, `ADC sum / STA sum`, by
        # another name: in the compiled workload's loop, 7 % more syntax tree and the
        # test failing)
        if prefix == "dv" and (not self.count or self.stored_names):
            return read
        if (not loops or self.unbounded or (self.pushes and not ranged)
                or not self.watched <= self.bounds.keys()
                or not self.stored_names.isdisjoint(names)):
            return read
        value, kept = f"{prefix}{names[0]}", f"{prefix}ok{names[0]}"
        # (one intersection of the names' sets: a few syntax-tree nodes for
        # `compile()` where the pairs' comparisons were 8 a pair)
        stored = ", ".join(sorted(self.stored_names))
        tests = [f"not {{{', '.join(names)}}} & {{{stored}}}"] if stored else []
        if self.pushes:
            tests += [f"not r_sp{_offset(self.s_lo)} <= {name} <= r_sp{_offset(self.s_hi)}"
                      for name in names]
        tests += [f"not {lo} <= {name} <= {hi}"
                  for lo, hi in self.bounds.values() for name in names]
        self.once[value] = read
        self.once[kept] = " and ".join(tests) or "True"
        # (a direct-page operand's in parentheses: the field may be an operand,
        # `(...) ^ 0xFFFF`; a long pointer's is in its own, `ea = ({LP1}) + r_y ...`)
        if prefix == "lp":
            return f"{value} if {kept} else {read}"
        return f"({value} if {kept} else {read})"

    def _render(self, i: int, fold: bool, count: str, hold: bool = False) -> list[str]:
        """The blocks of arm `i` followed from its head (`count`: the cycles of one
        pass of a counted loop, which every path back adds; "" where it is not;
        `hold`: its paths back may leave r_nz to the end of the passes, `_way`)."""
        self.size = 0
        self.loops = False
        self.slowest = 0
        self.made: dict[str, str] = {}
        self.fold = fold
        self.count = count
        self.passes: set[str] = set()   # what the paths back to the head add
        # (the lines that set r_nz, left to the end of a counted loop's passes, of
        # the paths back to its head: `_way`; () for a path that left none)
        self.back_endings: set[tuple[str, ...]] = set()
        self.varies = False             # something else adds on a path that may loop
        # (what a pass may cost at most, by the blocks' bounds, `_go`; whether the arm's
        # passes cannot be counted at all: a write of D, a return's general way going
        # on within the arm, `_dispatched`)
        self.pass_bound = 0
        self.uncounted = False
        self.hold = hold
        # (the conditionals the block being rendered is under, and the register and
        # way out of a counted loop's last test, `_last_test`)
        self.nested = 0
        self.last: tuple[str, list[str]] | None = None
        self.rendered: list[int] = []   # the blocks rendered, once each time (`_body`)
        self.forwarded = 0              # returns whose bytes are known (`_returned`)
        self.forwards: dict[str, tuple] = {}   # ... their names and calls
        self.moved_back = False         # a path back to the head with S moved or unknown
        # (the lowest and highest offsets from S at the head of S and of the bytes
        # pushed and pulled on every path, where S is known on all: `_note_range`)
        self.s_lo = self.s_hi = 0
        self.s_known = True
        # (the direct-page names the arm's instructions store to, and whether it
        # pushes: `_read_once`)
        self.stored_names: set[str] = set()
        self.pushes = False
        # (whether it stores elsewhere but by the stores to DBR:operand + X or Y that
        # are watched for the region's code, and those, (register, the address's
        # name); a counted loop's bounds on the addresses of those it bounds, and the
        # reads made once at the head: `_read_once`)
        self.unbounded = False
        self.watched: set[tuple[str, str]] = set()
        self.bounds: dict[tuple[str, str], tuple[str, str]] = {}
        self.once: dict[str, str] = {}
        return self._block(i, (i,), 0, 0, 0, (0, ()))

    def _counted(self, i: int, count: str, batched: bool = False) -> list[str]:
        """Arm `i` as a counted loop of passes of `count` cycles each. Where every path
        back to the head ends with N/Z in the same register's local (the branch's
        `_Arm.ending`), the head defining them before any read, r_nz is set from it
        once, after the passes, instead of on every pass. `batched`: its passes add
        more on some paths (a page crossed, the longer way of a branch whose ways
        meet), added where they happen; the passes are then counted in batches, each
        of as many as may begin before the budget is spent were each to cost the most
        a pass can (`pass_bound`), until the budget is spent."""
        # (X or Y stepped once a pass, and written nowhere else in the arm, from the
        # blocks the render before this one followed, the same: the passes stop short
        # of its wrap, and the steps go unchecked; where that, not the budget, stops
        # them (the budget left: `done` short of it), the head's instruction is
        # stepped through its handler and the region left after it)
        steps = self._steps_once()
        room: list[str] = []
        if steps:
            self.unchecked = frozenset(register for register, _, _ in steps)
            self.stepped = True
            room = [f"0x{mask:X} - r_{register}" if up else f"r_{register}"
                    for register, up, mask in steps]
            # (a store to B + R, R stepped so: over the passes R stays between its
            # value at the head and that value moved by the passes, so the passes
            # stop short of the region's code [lo + 1, hi), one test per entry
            # instead of one per pass)
            ways = {register: up for register, up, _ in steps}
            unwatched = set()
            for register, base, lo, hi in sorted({watch for b in self.rendered
                                                  for watch in self.arms[b].watches}):
                if register in ways and (register, base) not in unwatched:
                    unwatched.add((register, base))
                    # (going up, the room is lo - 1 - (base + R): R subtracted too)
                    at = f"{base} + r_{register}"
                    room.append(f"({FAR} if {at} >= {hi} else {lo} - 1 - {base} - r_{register})"
                                if ways[register] else
                                f"({FAR} if {at} < {lo} else {at} - {hi})")
            self.unwatched = frozenset(unwatched)
        self.batched = batched
        lines = self._render(i, self.fold, count, hold=True)
        if len(self.back_endings) > 1:
            lines = self._render(i, self.fold, count)
        held = list(self.back_endings.pop()) if self.back_endings else []
        # (the stores bounded so: over the passes, between their addresses at the head
        # and those moved by the passes, a 16-bit store's second byte included)
        self.bounds = {(register, base): (
            (f"{base} + r_{register}", f"{base} + r_{register} + passes{i} + 1")
            if ways[register] else
            (f"{base} + r_{register} - passes{i}", f"{base} + r_{register} + 1"))
            for register, base in sorted(self.unwatched)}
        ranged, check = self._stack_range(i, lines)
        lines = self._pointers(lines, True, ranged, "" if ranged else STACK_MASK)
        self.heads[i] = head = self.slowest + 2
        made = _paired([f"{name} = {value}" for name, value in self.made.items()])
        made += [f"budget{i} = limit - {head}"] + check
        # (K from `done`: the passes that begin before the budget is spent, as the
        # budget check at each pass's head would allow, at the most a pass costs where
        # they are batched; K <= 0 runs none)
        wanted = (f"(budget{i} - done + {self.pass_bound - 1}) // {self.pass_bound}"
                  if batched else f"(budget{i} - done + {count} - 1) // {count}")
        counting = []
        kind = "_Left"
        if room:
            counting += [f"wanted{i} = {wanted}",
                         f"passes{i} = min(wanted{i}, {', '.join(room)})"]
            kind = f"(_Left if done >= budget{i} else _Stepped)"
        else:
            counting += [f"passes{i} = {wanted}"]
        # (the reads made once at the head after the passes, which their tests bound)
        counting += [f"{name} = {value}" for name, value in self.once.items()]
        pass_lines = [f"for it in range(passes{i}):"] + ["    " + x for x in lines]
        # (the passes run out: counted, then, batched, on to the next batch; none left,
        # the region is left)
        spent = ([f"if passes{i} > 0:"] + ["    " + x for x in held] +
                 [f"    done += passes{i} * {count}"] + ["    continue"] * batched +
                 self.leave_via("done", self.use(self.arms[i].start), kind=kind))
        if batched:
            return made + ["while True:"] + ["    " + x for x in counting + pass_lines + [
                "    break", "else:"] + ["    " + x for x in spent] + ["break"]]
        loop = made + counting + pass_lines
        if self.last is None:
            return loop + ["    break", "else:"] + ["    " + x for x in spent]
        # (the pass's last test made once, after the passes: `it` is the last pass's,
        # as the way out adds it; no pass breaks out, nothing but that test ending one)
        register, out = self.last
        return (loop + [f"if passes{i} > 0 and not r_{register}:"] +
                ["    " + x for x in out] + ["else:"] + ["    " + x for x in spent])

    def _steps_once(self) -> list[tuple[str, bool, int]]:
        """The index registers the arm last rendered steps in one block, rendered once,
        once, and writes nowhere else: at most once a pass, on every path. Not one
        whose wrap may be how the loop ends (INX / BNE, DEX / BPL: the last pass
        would leave the region each time), where a branch tests its N/Z, but a count
        down to 0 (DEY / BNE)."""
        out = []
        for register in ("x", "y"):
            if any(register in self.arms[b].index_writes for b in self.rendered):
                continue
            steps = [step for b in self.rendered for step in self.arms[b].steps
                     if step[0] == register]
            if len(steps) != 1:
                continue
            _, up, _ = steps[0]
            if any(self.arms[b].tests and self.arms[b].tests[0] == register
                   and (up or self.arms[b].tests[1] != Z_FLAG) for b in self.rendered):
                continue
            out.append(steps[0])
        return out

    def _block(self, i: int, chain: tuple[int, ...], before: int, penalty: int,
               slowest: int, sp: tuple) -> list[str]:
        """Block `i`, reached `before` constant cycles and `penalty` direct-page
        penalty cycles (not yet in `done`) and at most `slowest` cycles after the arm's
        budget check, with S as `sp` says (`_stack_after`)."""
        arm = self.arms[i]
        lines, penalty, slowest, sp = self._body(i, before, penalty, slowest, sp)
        if arm.kind == "branch":
            joined = self._joined(arm, chain, before, penalty, slowest, sp)
            if joined is not None:
                return lines + list(arm.ending) + joined
            if self._last_test(arm, chain, before, penalty, slowest, sp):
                return lines
            self.nested += 1
            for keyword, target in zip(("if", "else"), arm.targets):
                lines.append(f"if {arm.condition}:" if keyword == "if" else "else:")
                lines += ["    " + x for x in self._branch_way(arm, target, chain, before,
                                                               penalty, slowest, sp)]
            self.nested -= 1
        elif arm.kind == "computed":
            # (the call's return followed: its general way adds its cycles before its
            # tests, so the passes may differ; where one of its ways goes on within
            # the arm, the arm is not counted at all, `_dispatched`)
            self.varies = True
            self.nested += 1
            lines += self._returned(arm, chain, before, penalty, slowest, sp)
            self.nested -= 1
        else:
            label, name, _ = arm.targets[0]
            lines += self._ending(i, label, chain)
            lines += self._go(label, name, before + arm.static, penalty, chain, slowest, sp)
        return lines

    def _last_test(self, arm: _Arm, chain: tuple[int, ...], before: int, penalty: int,
                   slowest: int, sp: tuple) -> bool:
        """Is `arm` a branch that ends every pass of a counted loop (under no test) on
        whether the register it counts down is 0, back to the head where it is not?
        The passes stop short of that register's wrap (`_counted`), so it can be 0
        only at the end of the last: the pass ends with no test, and its way out is
        taken after the passes where the register is 0 (`self.last`, `_counted`)."""
        if not (self.count and not self.nested and not self.batched and arm.tests
                and arm.tests[0] in self.unchecked and arm.tests[1] == Z_FLAG):
            return False
        register, _, when_set = arm.tests
        # (BNE: taken where not 0; BEQ: taken where 0)
        back, out = arm.targets[::-1] if when_set else arm.targets
        if (back[0] != chain[0] or out[0] == chain[0] or self._inline(out[0], chain)
                or self._way(arm, back[0], chain)[0]):
            return False
        # (the way back, `continue`, noted as a pass's end; the way out kept)
        self._branch_way(arm, back, chain, before, penalty, slowest, sp)
        self.last = (register, self._branch_way(arm, out, chain, before, penalty, slowest,
                                                sp))
        return True

    def _branch_way(self, arm: _Arm, target: tuple, chain: tuple[int, ...], before: int,
                    penalty: int, slowest: int, sp: tuple) -> list[str]:
        """The lines of branch `arm`'s way to `target` (its label, parameter name and
        cycles): r_nz set where it must be (`_way`), then on (`_go`)."""
        label, name, cycles = target
        way, held = self._way(arm, label, chain)
        return way + self._go(label, name, before + arm.static + cycles, penalty, chain,
                              slowest, sp, held)

    def _body(self, i: int, before: int, penalty: int, slowest: int, sp: tuple
              ) -> tuple[list[str], int, int, tuple]:
        """Block `i`'s lines without its ending, the direct-page penalty cycles not yet
        in `done` at its end, the most cycles run at its end, and S there (a call's
        return bytes noted, `_stack_after`)."""
        arm = self.arms[i]
        self.rendered.append(i)
        self.made.update(self.names[i])
        lines: list[str] = []
        if arm.writes_d and penalty:
            # (D's low byte may change in the block: the penalties so far counted first)
            lines.append(f"if r_dl: done += {penalty}")
            penalty = 0
        self.varies = self.varies or arm.writes_d or arm.varies
        self.uncounted = self.uncounted or arm.writes_d
        # (`{before}` and `{dl_<n>}` are the only fields left in a block's lines,
        # `render` having filled the rest)
        fields = _CycleFields(before, penalty, self.count, self.unchecked, self.unwatched)
        at = len(lines)
        lines += arm.body
        for k in self.cycle_lines[i]:
            lines[at + k] = lines[at + k].format_map(fields)
        self.size += len(lines) + len(arm.general) + len(arm.ending)
        slowest += arm.bound
        self.slowest = max(self.slowest, slowest)
        self._note_range(sp[0], self.reach[i])
        others, pushes, names = self.stores[i]
        # (each watch is one of the block's stores elsewhere, `_compile`)
        self.unbounded = self.unbounded or others > len(arm.watches)
        self.watched.update((register, base) for register, base, _, _ in arm.watches)
        self.pushes = self.pushes or pushes
        self.stored_names.update(names)
        sp = _stack_after(sp, arm.stack)
        if self.returns[i] is not None and sp[0] is not None:
            size = -arm.stack[-1][0]
            sp = (sp[0], sp[1] + ((self.returns[i], sp[0] + size, size, frozenset(), True,
                                   arm.keeps_bank),))
        return lines, penalty + arm.penalty, slowest, sp

    def _note_range(self, offset: int | None, reach: tuple[bool, int, int]) -> None:
        """Widen the offsets from S at the arm's head that S and the bytes pushed and
        pulled reach (`s_lo`, `s_hi`) by instructions whose `_stack_reach` is `reach`,
        from S's `offset`."""
        known, lo, hi = reach
        if offset is None or not known:
            self.s_known = False
            return
        self.s_lo = min(self.s_lo, offset + lo)
        self.s_hi = max(self.s_hi, offset + hi)

    def _ending(self, i: int, label: int | None, chain: tuple[int, ...]) -> tuple[str, ...]:
        """The lines that end block `i` (one way on, to `label`): the flags moved to the
        region's places, N/Z left where they are when the block followed in place
        defines them first (no budget check or dispatch between reads them)."""
        arm = self.arms[i]
        unread = self._inline(label, chain) and self.nz_first[label]
        return arm.ending_nz_unread if unread else arm.ending

    def _way(self, arm: _Arm, label: int | None, chain: tuple[int, ...]
             ) -> tuple[list[str], tuple[str, ...]]:
        """The lines a branch's way to `label` begins with: r_nz set from the register
        the branch tested (`_Arm.ending`), but where the block it goes to defines N/Z
        before anything can read them, followed in place, or the head of a counted loop
        whose passes end with them (the lines held so, returned second: `_counted`)."""
        if not arm.ending or not (label is not None and self.nz_first[label]):
            return list(arm.ending), ()
        if self._inline(label, chain):
            return [], ()
        if label == chain[0] and self.hold:
            return [], arm.ending
        return list(arm.ending), ()

    def _through(self, label: int) -> int | None:
        """The block that block `label` goes straight on to (no branch, call, return,
        nor a write of D, after which the penalties carried are those of one way)."""
        arm = self.arms[label]
        if (arm.kind in ("direct", "exit", "plp") and self.returns[label] is None
                and not arm.writes_d):
            return arm.targets[0][0]
        return None

    def _joined(self, arm: _Arm, chain: tuple[int, ...], before: int, penalty: int,
                slowest: int, sp: tuple) -> list[str] | None:
        """A branch whose two ways, followed in place, meet at one block: one way goes
        there straight and the other through one block (a compiler's `if` without
        `else`), or each through one block of its own (`if`/`else`). The ways' own
        blocks go under the test and the block they meet at after it, once, instead
        of once per way (with all that follows it); the way whose constant cycles, or
        direct-page penalties, up to there are more adds the difference to `done` (then
        the passes of a loop through it differ: not a counted loop). None: not such a
        branch. `penalty`: the penalty cycles carried to the branch."""
        (taken, _, t_cycles), (fall, f_name, f_cycles) = arm.targets
        if taken == fall or not (self._inline(taken, chain) and self._inline(fall, chain)):
            return None
        if self._through(fall) == taken:
            join, ways = taken, ([], [fall])
        elif self._through(taken) == fall:
            join, ways = fall, ([taken], [])
        elif self._through(taken) is not None and self._through(taken) == self._through(fall):
            join, ways = self._through(taken), ([taken], [fall])
        else:
            return None
        if join in chain or not self._inline(join, chain):
            return None
        costs = [_way_cycles(self.arms, cycles, way)
                 for cycles, way in ((t_cycles, ways[0]), (f_cycles, ways[1]))]
        penalties = [penalty + sum(self.arms[b].penalty for b in way) for way in ways]
        base, least = min(costs), min(penalties)
        name = (self.arms[ways[0][0]].targets[0][1] if ways[0] else
                arm.targets[0][1]) if join != fall else f_name
        sides = []
        most = slowest
        met = []
        for cycles, way in zip((t_cycles, f_cycles), ways):
            lines, reached, s = [], slowest, sp
            for b in way:
                lines, _, reached, s = self._body(b, before + arm.static + cycles, penalty,
                                                  slowest, s)
            most = max(most, reached)
            sides.append(lines)
            met.append(s)
        # (the ways' blocks' endings, once both are written: the block they meet at is
        # followed in place unless they took the arm past its size; then the way with
        # more cycles adds the difference, a difference on a path that may loop: the
        # passes differ, not a counted loop)
        for lines, way, cost, paid in zip(sides, ways, costs, penalties):
            for b in way:
                lines += self._ending(b, join, chain)
            if cost > base or paid > least:
                self.varies = True
                lines += self._add(cost - base, paid - least, counted=False)
        taken_lines, fall_lines = sides
        if not taken_lines and not fall_lines:
            lines = []
        elif not taken_lines:
            head = [f"if not {arm.condition}:"] if arm.condition[:4] != "not " else [
                f"if {arm.condition[4:]}:"]
            lines = head + ["    " + x for x in fall_lines]
        else:
            lines = [f"if {arm.condition}:"] + ["    " + x for x in taken_lines]
            if fall_lines:
                lines += ["else:"] + ["    " + x for x in fall_lines]
        return lines + self._go(join, name, before + arm.static + base, least, chain, most,
                                _stack_met(*met))

    def _returned(self, arm: _Arm, chain: tuple[int, ...], before: int, penalty: int,
                  slowest: int, sp: tuple) -> list[str]:
        """The end of a computed transfer: for a return, tests of its target against the
        places after the region's calls, the place after the latest call of the chain
        first; every other target leaves the region. A return whose place is expected
        (followed from its call, or the only one it has) compares the bytes it pulls with
        those the call pushed, S moved and PBR the call's bank where they agree, and makes
        its target only where they do not."""
        cycles = before + arm.static
        # (the return addresses are distinct, so the order of the tests changes only
        # their number)
        latest = [self.returns[c] for c in reversed(chain) if self.returns[c] is not None]
        targets = sorted((target for target in zip(arm.targets, arm.pushed)
                          if target[0][0] is not None),
                         key=lambda target: (latest.index(target[0][0])
                                             if target[0][0] in latest else len(latest)))
        fields = _CycleFields(before, penalty - arm.penalty, self.count, self.unchecked,
                              self.unwatched)
        lines: list[str] = []
        call = _call_returned(sp, arm)
        self._note_range(sp[0], _stack_reach((arm.returned,)))
        after = _stack_after_return(sp, arm.returned, call is not None)
        if arm.pulled and targets and (targets[0][0][0] in latest or len(targets) == 1):
            (label, name, _), pushed = targets.pop(0)
            test = _return_test(arm.unwrapped, arm.pulled,
                                tuple(map(self.use, pushed[:len(arm.pulled)])))
            # (the call of this place, S where it left it: where nothing can have
            # written its bytes but direct-page stores to names made at the arm's head,
            # the bytes are those it pushed unless S wraps or one of those names is one
            # of them, which the arm's head tests once, `_forwarded`; where nothing
            # changed PBR since a JSL to its own bank, PBR is the call's bank already)
            ours = call is not None and call[0] == label
            if ours and self.forward and _forwarded(call, arm):
                self.forwarded += 1
                flag = f"fwd{chain[0]}_{self.forwarded}"
                self.made[flag] = _forward_test(call)
                self.forwards[flag] = call
                test = f"{flag} or {test}"     # (`_return_test`'s `and`s bind first)
            bank = [f"r_pbr = {self.use(pushed[2])}"] if len(arm.pulled) == 3 and not (
                ours and call[5]) else []
            lines.append(f"if {test}:")
            lines += ["    " + x for x in
                      [line.format_map(fields) for line in arm.matched] + bank +
                      self._go(label, name, cycles, penalty, chain, slowest, after)]
            lines.append("else:")
            general = ["    " + x for x in
                       self._dispatched(arm, targets, fields, cycles, penalty, chain,
                                        slowest, after)]
            return lines + general
        return self._dispatched(arm, targets, fields, cycles, penalty, chain, slowest, after)

    def _dispatched(self, arm: _Arm, targets: list, fields: "_CycleFields", cycles: int,
                    penalty: int, chain: tuple[int, ...], slowest: int, sp: tuple
                    ) -> list[str]:
        """The general end of a computed transfer: its target made (`t`), tested against
        `targets` in order, and left to when none is it."""
        lines = [line.format_map(fields) for line in arm.general]
        lines += self._add(cycles, penalty)
        keyword = "if"
        for (label, name, _), _ in targets:
            # (its cycles are added with the passes' before the tests: where a way goes
            # on within the arm, a counted pass would count them twice)
            self.uncounted = self.uncounted or label == chain[0] or self._inline(label, chain)
            lines.append(f"{keyword} t == {self.use(name)}:")
            lines += ["    " + x for x in self._go(label, name, 0, 0, chain, slowest, sp)]
            keyword = "elif"
        out = self.out("t", self.straight)
        if keyword == "elif":
            lines.append("else:")
            out = ["    " + x for x in out]
        return lines + out

    def _add(self, cycles: int, penalty: int, counted: bool = True) -> list[str]:
        """The lines adding `cycles` constant cycles and `penalty` direct-page penalty
        cycles to `done` (in a counted loop, the passes run before them too, unless
        not `counted`: a part of a pass, `_joined`)."""
        passes = f"it * {self.count} + " if self.count and counted else ""
        if not penalty:
            if passes:
                return [f"done += {passes}{cycles}"]
            return [f"done += {cycles}"] if cycles else []
        if self.fold:
            name = f"dl{cycles}_{penalty}"
            self.made[name] = f"{cycles + penalty} if r_dl else {cycles}"
            return [f"done += {passes}{name}"]
        if not cycles and not passes:
            return [f"if r_dl: done += {penalty}"]
        # (one statement: the bytecodes of an `if`/`else`, fewer syntax-tree nodes)
        return [f"done += {passes}{cycles + penalty} if r_dl else {passes}{cycles}"]

    def _amount(self, cycles: int, penalty: int) -> str:
        """What `_add` adds for a path back to the head, as one expression."""
        if not penalty:
            return str(cycles)
        if self.fold:
            return f"dl{cycles}_{penalty}"
        return ONE_AMOUNT_NOT     # (a test of `r_dl` chooses: not one amount)

    def _go(self, label: int | None, target: str, cycles: int, penalty: int,
            chain: tuple[int, ...], slowest: int, sp: tuple,
            held: tuple[str, ...] = ()) -> list[str]:
        """On to block `label` (inline when it may be), or out of the region to `target`,
        `cycles` constant cycles and `penalty` direct-page penalty cycles not yet in
        `done`, S as `sp` says (`held`: on a path back to a counted loop's head, the
        lines that set r_nz left to the end of its passes, `_way`)."""
        if self._inline(label, chain):
            return self._block(label, chain + (label,), cycles, penalty, slowest, sp)
        if label == chain[0]:
            self.back_endings.add(held)
            self.pass_bound = max(self.pass_bound, slowest)
            self.loops = True
            self.moved_back = self.moved_back or sp[0] != 0
            self.passes.add(self._amount(cycles, penalty))
            lines = self._add(cycles, penalty)   # (makes the amount's name, if it has one)
            return ["continue"] if self.count else lines + ["continue"]
        lines = self._add(cycles, penalty)
        if label is None:
            return lines + self.out(self.use(target), self.straight)
        self.dispatched.append(label)
        return lines + [f"L = {label}"]

    def _inline(self, label: int | None, chain: tuple[int, ...]) -> bool:
        """Is block `label` followed in place from the end of `chain`?"""
        return (label is not None and label != chain[0]
                and label in self.loops_of.get(chain[0], ()) and label not in chain
                and self.size < INLINE_LINES and self.arms[label].size <= INLINE_BLOCK)


# S along an arm's blocks (`_Writer`): (its offset from S at the arm's head, None where
# not known; the calls followed whose returns may come, latest last, each (the label of
# the place after it, the offset of S at it, the bytes it pushed, the direct-page names
# stored to since, nothing else written into its bytes since, PBR unchanged since)).
_S_UNKNOWN: tuple = (None, ())


@functools.lru_cache(maxsize=4096)
def _stack_reach(facts: tuple[tuple, ...]) -> tuple[bool, int, int]:
    """Whether S is known after each instruction of `facts` (`_stack_fact`) from S's
    offset 0, and the lowest and highest offsets S and the bytes pushed and pulled
    reach (0 among them: where S was)."""
    offset = lo = hi = 0
    for move, writes, _ in facts:
        if move is None:
            return False, lo, hi
        reached = [offset + move]
        if _write_kind(writes) == "pushes":
            reached += [offset + o for o in writes]
        reached += [offset + k for k in range(1, move + 1)]
        offset += move
        lo = min(lo, *reached)
        hi = max(hi, *reached)
    return True, lo, hi


@functools.lru_cache(maxsize=4096)
def _store_kinds(facts: tuple[tuple, ...]) -> tuple[int, bool, frozenset]:
    """What instructions of `facts` store to: how many store anywhere but the names
    below, whether they push, and the direct-page names made at an arm's head that they
    store to (`_write_kind`)."""
    elsewhere = 0
    pushes = False
    names: set = set()
    for _, writes, _ in facts:
        kind = _write_kind(writes)
        if kind == "other":
            elsewhere += 1
        elif kind == "pushes":
            pushes = True
        elif kind == "names":
            names.update(writes)
    return elsewhere, pushes, frozenset(names)


def _stack_after(sp: tuple, facts: tuple[tuple, ...]) -> tuple:
    """S after instructions of `facts` (`_stack_fact`), from `sp`."""
    offset, calls = sp
    for move, writes, changes_bank in facts:
        if offset is None:
            return _S_UNKNOWN
        if writes is not None or changes_bank:
            calls = tuple(_written(call, offset, writes, changes_bank) for call in calls)
        if move is None:
            return _S_UNKNOWN
        offset += move
    return offset, calls


def _written(call: tuple, offset: int, writes: Any, changes_bank: bool) -> tuple:
    """A call's entry (`_stack_after`) after an instruction at S `offset` wrote `writes`."""
    label, at, size, names, clean, bank = call
    kind = _write_kind(writes)
    if kind == "other":
        clean = False
    elif kind == "pushes":
        # (pushed bytes at S's offsets: one among the call's bytes spoils them)
        clean = clean and not any(at - size < offset + o <= at for o in writes)
    elif kind == "names":
        names = names | frozenset(writes)
    return label, at, size, names, clean, bank and not changes_bank


def _write_kind(writes: Any) -> str:
    """What an instruction's `writes` (`_stack_fact`) are: "none", "other" (memory the
    arm cannot name), "pushes" (offsets from S) or "names" (direct-page names)."""
    if not writes:
        return "none"
    if writes == "other":
        return "other"
    return "pushes" if isinstance(writes[0], int) else "names"


def _stack_met(a: tuple, b: tuple) -> tuple:
    """S where two ways of a branch meet (`_Writer._joined`): what holds on both."""
    if a[0] is None or a[0] != b[0] or len(a[1]) != len(b[1]):
        return _S_UNKNOWN
    return a[0], tuple((x[0], x[1], x[2], x[3] | y[3], x[4] and y[4], x[5] and y[5])
                       for x, y in zip(a[1], b[1]))


def _call_returned(sp: tuple, arm: _Arm) -> tuple | None:
    """The call whose bytes return `arm` pulls (its entry, `_stack_after`): the latest,
    where S is where it left it; None where not known."""
    offset, calls = sp
    if offset is None or not calls or arm.returned[0] is None:
        return None
    call = calls[-1]
    return call if call[1] - call[2] == offset and call[2] == arm.returned[0] else None


def _stack_after_return(sp: tuple, returned: tuple, known: bool) -> tuple:
    """S after a return (`returned`: its `_stack_fact`) at `sp`; its call's entry gone
    where `known` (`_call_returned`), every entry where not."""
    offset, calls = sp
    move = returned[0]
    if offset is None or move is None:
        return _S_UNKNOWN
    calls = tuple((*call[:5], False) for call in calls[:-1]) if known else ()
    return offset + move, calls


def _forwarded(call: tuple, arm: _Arm) -> bool:
    """May return `arm` take the bytes its call pushed as those it pulls, given the test
    at the arm's head (`_forward_test`)? Nothing but direct-page stores to names made
    at the head wrote into them, and an RTS's place is in its own bank (no PBR change
    since its JSR)."""
    _, _, size, _, clean, bank = call
    return clean and bool(arm.unwrapped) and (size == 3 or bank)


def _forward_test(call: tuple, ranged: bool = False) -> str:
    """The test, made at an arm's head (S there `r_sp`), that a call's bytes at S's
    offset `at` are in bank 0 without wrapping, so that its return does not wrap either
    and pulls them (unless `ranged`: the arm's head tests S's range itself), and that
    no direct-page name stored to since is one of them."""
    _, at, size, names, _, _ = call
    top, low = _offset(at), _offset(at - size + 1)
    return " and ".join([f"{size - at} <= r_sp <= {0xFFFF - at}"] * (not ranged) +
                        [f"not r_sp{low} <= {name} <= r_sp{top}" for name in sorted(names)]
                        ) or "True"


def _value_read(names: list[str]) -> str:
    """The read of the bytes at `names`, low first, as `cpu_fast` writes it: a
    direct-page operand's one or two (`{DV_...}`), a long pointer's three (`{LP_...}`)."""
    if len(names) == 1:
        return f"mem[{names[0]}]"
    if len(names) == 2:
        return f"(mem[{names[0]}] | mem[{names[1]}] << 8)"
    return f"mem[{names[0]}] | mem[{names[1]}] << 8 | mem[{names[2]}] << 16"


READ_ONCE = {"{LP_": "lp", "{DV_": "dv"}   # the fields `_Writer._read_once` fills


def _offset(n: int) -> str:
    return f" + {n}" if n > 0 else f" - {-n}" if n < 0 else ""


STACK_MASK = " & 0xFFFF"     # a native-mode stack address's mask (the `{SM}` field)


def _return_test(unwrapped: str, pulled: tuple[str, ...], pushed: tuple[str, ...]) -> str:
    """The test that a return pulls, where S does not wrap (`unwrapped`), the bytes
    `pulled` (low first) equal to those its call pushed (`pushed`, their names)."""
    return " and ".join([unwrapped] * bool(unwrapped) +
                        [f"{byte} == {value}" for byte, value in zip(pulled, pushed)])


# The fields of a block's lines `_CycleFields` fills (`{SM}`, `{LP_...}` and `{DV_...}`
# are the arm's, `_Writer._pointers`)
CYCLE_FIELDS = ("{before}", "{dl_", "{UP", "{DOWN", "{WATCH")


class _CycleFields(dict):
    """The fields of a block's body that `_Writer` fills: `{before}`, the constant
    cycles of the blocks followed before it (with " + "), and `{dl_<n>}`, the
    direct-page penalties not yet added at a point where the block has `n` of its own
    (those of the blocks before it too), as an expression on D's low byte; its steps
    of X and Y (`cpu_fast.step_field`), stepped alone for the registers `unchecked`;
    its stores' watches for the region's code, `{WATCH<R>_<base>}` before each of
    their lines, left out as comments for those `unwatched` ((R, base): a counted
    loop tests them once, `_Writer._counted`)."""

    def __init__(self, before: int, penalty: int, count: str = "",
                 unchecked: frozenset[str] = frozenset(),
                 unwatched: frozenset[tuple[str, str]] = frozenset()) -> None:
        passes = f"it * {count} + " if count else ""
        super().__init__(before=f"{passes}{before} + " if before else passes)
        self.penalty = penalty
        self.unchecked = unchecked
        self.unwatched = unwatched

    def __missing__(self, name: str) -> str:
        if name[:2] == "dl":
            count = int(name[3:]) + self.penalty
            return f" + ({count} if r_dl else 0)" if count else ""
        if name.startswith(("UP", "DOWN")):
            up = name[:2] == "UP"
            return step_of_field(name, name[2 if up else 4] in self.unchecked)
        if name.startswith("WATCH"):
            return "# " if (name[5], name[7:]) in self.unwatched else ""
        return "{" + name + "}"   # (the stack's mask, a read once: `_Writer._pointers`)


def _way_cycles(arms: list[_Arm], cycles: int, way: list[int]) -> int:
    """The constant cycles of one way of a branch to where it meets the other
    (`_Writer._joined`): the branch's own (`cycles`, taken or not) and those of the
    blocks on the way."""
    return cycles + sum(arms[b].static for b in way)


def _when(test: str, then: list[str]) -> list[str]:
    """`if test:` and its simple statements `then` in one line (`if t: a; b`): no
    indented block for `compile()` to read (its line's end and the indentation's
    tokens, about 11 k host instructions), as a region's ways out are written."""
    return [f"if {test}: {'; '.join(then)}"]


def _dispatch(arms: list[tuple[int, list[str]]], indent: str = "",
              out: list[str] | None = None) -> list[str]:
    """The arms, (label, lines) in the order of their labels, chosen by the label `L` in
    a balanced tree of tests, so a jump to any block of the region costs a few
    comparisons, not one per block before it (each line indented by `indent`, once,
    and appended to `out`, which is returned: no list copied at each level)."""
    if out is None:
        out = []
    if len(arms) == 1:
        out += [indent + x for x in arms[0][1]]
        return out
    deeper = indent + " "      # (one space: see `_compile`'s body)
    if len(arms) == 2:
        out.append(f"{indent}if L == {arms[0][0]}:")
        out += [deeper + x for x in arms[0][1]]
        out.append(f"{indent}else:")
        out += [deeper + x for x in arms[1][1]]
        return out
    mid = len(arms) // 2
    out.append(f"{indent}if L < {arms[mid][0]}:")
    _dispatch(arms[:mid], deeper, out)
    out.append(f"{indent}else:")
    return _dispatch(arms[mid:], deeper, out)


def _byte_store(op: int, key: Key) -> bool:
    """Does this data write store one byte (8-bit M, or X for STX/STY)? Its test against
    the region's code is of that byte alone, so a byte stored just before a run of
    code (a JSL's operand the program patches, say) does not leave the region; a 16-bit
    one tests both its bytes (`_hit_for`)."""
    return bool(key[0] or (key[2] if OPCODES[op].mnemonic in ("STX", "STY") else key[1]))


# ---------------------------------------------------------------- block moves

def block_move(mem: bytearray, a0: int, key: Key) -> Region:
    """MVN/MVP at `a0`: `iigs.cpu_fast.block_move`'s bulk move as a region."""
    move = cpu_fast.block_move(mem, a0, key)
    return Region(move.run, ((a0, move.end, move.code),), move.max_cycles, False)
