"""The operations generated code is made of, before it is Python source.

`iigs.cpu_fast._Gen` emits, per instruction, a list of `Op`: what it does, with the facts
the translator's analyses need held in fields (which temporary or register a statement
assigns, which temporaries it reads, the flags a flag update defines and how, which
statements leave the translated code). The analyses of `iigs.blocks` (flag liveness,
dead temporaries, decimal-mode tests, byte-work pairs) read those fields only, never the
text, and Python source is made once, at the end (`render`).

An op's text is a statement of the tier it was generated for (a handler's `cpu.a`, a
region's `r_a`); a region's templates hold format fields for what only the region knows:
`{A}` the instruction's address, `{B1}`/`{W1}`/`{L1}` its operands, `{K0}`/`{H2}`/`{O2}`
the bytes of a call's return address, `{now}` the cycle of a TIMED read and `{spent}` the
cycles run before a bail-out.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

# Op kinds:
#   code   a statement (`text`); `uses` the temporaries it reads (None: it may read any)
#   let    `target` (a temporary) = `expr`
#   set    `target` (a register, by its rendered name) = `expr` (`source`: the temporary
#          `expr` is, when it is one alone)
#   flags  P = (`base` & `keep`) | each of `parts`, a part (P bits it defines, expression)
#   if     `text` is the test (`if ...:` / `else:`); the ops one `depth` deeper are its body
#   bail   leave to `text` (a call returning a packed result: decimal-mode ADC/SBC)
#   leave  leave before the instruction, for `step()` (an I/O-page access, `io_exit`)
KINDS = frozenset({"code", "let", "set", "flags", "if", "bail", "leave"})


class Op(NamedTuple):
    kind: str
    text: str = ""                 # code, if, bail
    target: str = ""               # let, set
    expr: str = ""                 # let, set
    uses: frozenset[str] | None = None   # temporaries read (None: any)
    source: str = ""               # let, set: the temporary whose value it is, alone,
    # or, with `around` (the text before and after it in `expr`), the temporary (or the
    # register's own local, for a set) it reads once, where the expression that set it
    # may go instead (for a let of V's triple, r_vs: the old accumulator, which the
    # region may read from r_va instead, `iigs.blocks._va_forwarded`)
    around: tuple[str, str] = ()
    depth: int = 0                 # nesting under the `if` ops before it
    base: str = ""                 # flags: P's old value
    keep: int = 0                  # flags: the bits of `base` kept
    parts: tuple[tuple[int, str], ...] = ()   # flags: (bits defined, expression)
    part_uses: tuple[frozenset[str], ...] = ()   # flags: the temporaries each part reads
    p: str = ""                    # flags: P's rendered name
    leaves: bool = False           # may leave the region: reads a TIMED register (`{now}`
    # in a handler), or a call that may raise to the region's exits (the map's pages)
    decimal: bool = False          # ADC/SBC's decimal-mode test and bail-out
    # flags: parts a region may hold in a local instead of P, (bits, value, width): N/Z
    # (0x82) are those of `value` (an unsigned `width`-bit result), V (0x40) is bit
    # `width` - 1 of `value`, C (0x01) is `value` (width 0), see `FlagState`
    lazy: tuple[tuple[int, str, int], ...] = ()
    nz_register: bool = False      # flags: the N/Z value is a register's local (`alias`)
    # flags: the stores that hold V in the triple instead (`TRIPLE`: a 16-bit ADC/SBC's
    # old accumulator into r_va, and its operand into r_vv where no let put it there)
    v_stores: tuple[tuple[str, str], ...] = ()

    def defines(self) -> int:
        """The P bits a flags op writes whatever their old value."""
        if self.kind != "flags":
            return 0
        return 0xFF & ~self.keep if self.base == self.p else 0

    def statement(self) -> str:
        """The op as one line of Python (no indentation), for kinds with text of their own."""
        kind = self.kind
        if kind in ("let", "set"):
            expr = self.expr
            if expr[:1] == "(" and _enclosed(expr) and ":=" not in expr:
                expr = expr[1:-1]     # (a word read alone needs no parentheses)
            return f"{self.target} = {expr}"
        if kind == "flags":
            kept = f"{self.base} & {self.keep:#04x}"
            if not self.parts:
                return f"{self.p} = {kept}"
            return f"{self.p} = ({kept}) | " + " | ".join(expr for _, expr in self.parts)
        return self.text


def reads(op: Op, name: str) -> bool:
    """Does `op` read the temporary `name` (unknown reads count as reads)?"""
    return op.uses is None or name in op.uses


def without_dead_flags(op: Op, dead: int) -> Op | None:
    """A flags op with the parts that define only `dead` bits left out, and the dead
    bits it cleared kept from P instead (None: nothing of it is needed). Only an update
    of P from P itself can: nothing reads those bits before they are defined again."""
    if op.kind != "flags" or op.base != op.p or not dead:
        return op
    parts = tuple(part for part in op.parts if part[0] & ~dead)
    still = 0
    for bits, _ in parts:
        still |= bits
    keep = op.keep | (dead & 0xFF & ~still)    # (a dead bit is kept from P, as it was)
    if len(parts) == len(op.parts) and keep == op.keep:
        return op
    if not parts and keep == 0xFF:
        return None
    uses = op.uses
    if op.lazy:
        op = op._replace(lazy=tuple(form for form in op.lazy if form[0] & ~dead))
    if op.part_uses:      # (what the parts kept read; the base is P itself)
        uses = frozenset().union(*(used for part, used in zip(op.parts, op.part_uses)
                                   if part in parts))
        return op._replace(parts=parts, keep=keep, uses=uses,
                           part_uses=tuple(used for part, used in zip(op.parts, op.part_uses)
                                           if part in parts))
    return op._replace(parts=parts, keep=keep)


def operand(value: str) -> str:
    """`value` as the operand of a binary operator: in parentheses unless it is a name,
    a parameter's field (`{B1}`, `{O2}`...), a subscript of memory (`mem[ea + 1]`, a
    primary) or a region's direct-page operand field, which need none (each pair costs
    `compile()` as much as four tokens)."""
    if value.isidentifier() or (value[:1] == "{" and value[1:2] in "BWLKHO"
                                and value[2:-1].isdigit() and value[-1] == "}"):
        return value
    if value.startswith("mem[") and value.endswith("]") and value.count("[") == 1:
        return value
    if value.startswith("{DV") and value.endswith("}"):
        return value      # (a direct-page operand's read: `mem[Z8]`, or in parentheses)
    if value.startswith("(") and _enclosed(value):
        return value
    return f"({value})"


def _enclosed(value: str) -> bool:
    """Is `value`, which begins with "(", one group: its first parenthesis closed by its
    last character (a word read, `(mem[ea] | mem[ea + 1] << 8)`)?"""
    depth = 0
    for k, char in enumerate(value):
        depth += (char == "(") - (char == ")")
        if not depth:
            return k == len(value) - 1
    return False


def without_dead_temps(ops: list[Op]) -> list[Op]:
    """`let v = expr` then `set r = v` as `set r = expr` when nothing after reads `v`
    (once a dead flag update that read it is gone): a store and a load fewer; likewise
    `set r = f(v)` that reads `v` once at a known place (`Op.around`, an 8-bit load's
    `(r_a & 0xFF00) | v`) as `set r = f((expr))`; and a temporary assigned at the top
    level that nothing reads is left out. V's triple (`TRIPLE_LOCALS`) is read after the
    instruction (a branch, an exit): never folded."""
    out = list(ops)
    k = 0
    while k + 1 < len(out):
        first, second = out[k], out[k + 1]
        if (first.kind == "let" and second.kind == "set" and second.source == first.target
                and first.target not in TRIPLE_LOCALS
                and first.depth == second.depth == 0
                and not any(reads(op, first.target) for op in out[k + 2:])):
            expr, uses = first.expr, first.uses
            if second.around:
                before, after = second.around
                expr = f"{before}{operand(first.expr)}{after}"
                uses = (None if uses is None or second.uses is None
                        else uses | (second.uses - {first.target}))
            out[k:k + 2] = [second._replace(expr=expr, uses=uses, source="", around=())]
            continue
        k += 1
    k = 0
    while k < len(out):
        op = out[k]
        if (op.kind == "let" and op.depth == 0 and op.target == "c"
                and not any(reads(later, "c") for later in out[k + 1:])):
            del out[k]
            continue
        k += 1
    return out


# One op before its fields are filled: its indentation, its line (None for the kinds
# whose lines `render` asks for: leave, bail), whether the line has format fields, and
# the op itself.
Statement = tuple[str, "str | None", bool, Op]


def statements(ops: tuple[Op, ...] | list[Op]) -> tuple[Statement, ...]:
    """`ops` as `render_statements` takes them: what does not depend on the fields,
    made once where the same ops are rendered many times (a region's instructions)."""
    out = []
    for op in ops:
        text = None if op.kind in ("leave", "bail") else op.statement()
        out.append(("    " * op.depth, text, text is not None and "{" in text, op))
    return tuple(out)


def render(ops: list[Op], leave: Callable[[Op], list[str]],
           bail: Callable[[Op], list[str]], fields: Callable[[str], str] | None) -> list[str]:
    """The source lines of `ops`: `leave`/`bail` give the lines of those kinds (before
    indentation), `fields` fills a template's format fields (None: there are none)."""
    return render_statements(statements(ops), leave, bail, fields)


def render_statements(made: tuple[Statement, ...], leave: Callable[[Op], list[str]],
                      bail: Callable[[Op], list[str]],
                      fields: "Callable[[str], str] | Fields | None") -> list[str]:
    """`render` of ops made into `statements` (`fields`: a lookup, or the `Fields` of
    the instruction, shared by all the lines made of it, so each field is looked up
    once)."""
    lines: list[str] = []
    looked_up = (fields if isinstance(fields, Fields) else Fields(fields) if fields
                 else None)
    for indent, text, has_fields, op in made:
        if text is not None:
            # (a field may make a statement nothing: a direct-page address made at entry)
            if has_fields and looked_up is not None:
                text = text.format_map(looked_up)
            if text:
                lines.append(indent + text)
            continue
        for line in leave(op) if op.kind == "leave" else bail(op):
            if looked_up is not None:
                line = line.format_map(looked_up)
            if line:
                lines.append(indent + line)
    return lines


class Fields(dict):
    """A template's format fields, looked up by a function when the source is made
    (each once: a field names the same thing wherever it is in the lines rendered
    together), but for those in `volatile`, whose value may change between the lines
    (a carry read where the flags' state moved), looked up each time."""

    def __init__(self, lookup: Callable[[str], str],
                 volatile: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.lookup = lookup
        self.volatile = volatile

    def __missing__(self, name: str) -> str:
        value = self.lookup(name)
        if name not in self.volatile:
            self[name] = value
        return value


# ---------------------------------------------------------------- lazy flags
#
# A region keeps N/Z, C and V out of P where it can (issue 47): an instruction that
# defines them stores what defines them in a local, and P is made from the locals only
# where it is observed (leaving the region, PHP, an update of P that keeps some of a
# local's bits). Where each flag lives at a point is known when the region is made (a
# `FlagState`): branches test the locals, and an ADC followed by INX stores two values
# instead of building P twice.
#   r_nz  N and Z are those of the unsigned `nz`-bit value r_nz (N: its top bit, Z: it
#         is 0); N and Z both set has no such value, so a region that expects r_nz at its
#         entry is not entered in that state (`Region.enters`)
#   r_c   the carry, 0 or 1 (or False/True: CMP's `r >= 0`)
#   r_v   V is bit `v` - 1 of r_v (ADC/SBC's (a ^ s) & (v ^ s), or 0)
#   r_va, r_vv, r_vs  (`v` = TRIPLE) V is bit 15 of (r_va ^ r_vs) & (r_vv ^ r_vs): a
#         16-bit ADC/SBC's old accumulator, operand (SBC's inverted) and full sum.
#         The ADC makes r_vv and r_vs anyway (its operand and sum, named so) and
#         stores only `r_va = r_a` where V is read later, 2 bytecodes instead of the 8
#         of r_v; V is computed only where it is read (BVC/BVS, PHP, an exit). A value
#         X (bit 15 its V: P << 9 at entry) goes in as `r_va = r_vv = X`, `r_vs = 0`;
#         a clear (CLV, REP #$40) is `r_va = r_vs`. Only 16-bit ADC/SBC in a region
#         write r_vv and r_vs, so while V is in the triple nothing else changes it; an
#         ADC whose V is dead (defined again before any read or exit) writes r_vv and
#         r_vs but not r_va, which is right since nothing reads V before it is
#         defined again.

NZ_BITS, C_BIT, V_BIT = 0x82, 0x01, 0x40
TRIPLE = 3                  # FlagState.v: V in r_va, r_vv, r_vs (not a width)
TRIPLE_LOCALS = frozenset({"r_va", "r_vv", "r_vs"})
_TRIPLE_V = "((r_va ^ r_vs) & (r_vv ^ r_vs))"    # V is its bit 15


class FlagState(NamedTuple):
    """Where the flags live: `nz` 0 in P, 8 or 16 in r_nz of that width; `c` in r_c;
    `v` 0 in P, 8 or 16 in r_v of that width, TRIPLE in r_va/r_vv/r_vs. `alias`: a
    register's local that holds the N/Z value instead of r_nz (LDA, TAX, INX: no store;
    r_nz is set from it before the register changes, or at the block's end). The
    generator says which values are registers' locals (`Op.nz_register`); only `set`
    ops assign those."""
    nz: int = 0
    c: bool = False
    v: int = 0
    alias: str = ""

    def nz_value(self) -> str:
        return self.alias or "r_nz"

    def lazy_bits(self) -> int:
        return ((NZ_BITS if self.nz else 0) | (C_BIT if self.c else 0)
                | (V_BIT if self.v else 0))


IN_P = FlagState()


def materialised(state: FlagState, p: str = "r_p") -> str:
    """The expression of P with the flags held in locals put back."""
    lazy = state.lazy_bits()
    if not lazy:
        return p
    terms = [f"({p} & {0xFF & ~lazy:#04x})"]
    if state.nz:
        terms.append(f"NZ{state.nz}[{state.nz_value()}]")
    if state.c:
        terms.append("r_c")
    if state.v:
        value, width = _v_value(state.v)
        terms.append(f"({value} >> {width - 7} & 0x40)" if width > 7
                     else f"({value} << 1 & 0x40)")
    return " | ".join(terms)


def _v_value(v: int) -> tuple[str, int]:
    """The expression whose bit `width` - 1 is V where `FlagState.v` is `v` (not 0)."""
    return (_TRIPLE_V, 16) if v == TRIPLE else ("r_v", v)


def branch_test(flag: int, when_set: bool, state: FlagState, p: str = "r_p") -> str:
    """The Python test of a conditional branch on `flag` (`BRANCH_ON`) in `state`."""
    if flag == 0x02 and state.nz:
        return f"not {state.nz_value()}" if when_set else state.nz_value()
    if flag == 0x80 and state.nz:
        test = f"{state.nz_value()} & {1 << (state.nz - 1):#x}"
    elif flag == 0x01 and state.c:
        test = "r_c"
    elif flag == 0x40 and state.v:
        value, width = _v_value(state.v)
        test = f"{value} & {1 << (width - 1):#x}"
    else:
        test = f"{p} & {flag:#04x}"
    return test if when_set else f"not {test}"


def _nz_from(state: FlagState, width: int) -> str:
    """r_nz of `width` bits from what holds N/Z in `state` (never P: see `entry_lines`)."""
    if state.nz == width:
        return ""
    if state.nz == 8:
        return "r_nz = r_nz << 8"
    return "r_nz = (r_nz >> 8) | (1 if r_nz & 0xFF else 0)"


def _v_from(state: FlagState, v: int) -> list[str]:
    """The lines that move V from where `state` holds it (not P: see `converted`) to
    where `FlagState.v` `v` (not 0) does."""
    if state.v == v:
        return []
    if state.v == TRIPLE:
        return [f"r_v = {_TRIPLE_V}" if v == 16 else f"r_v = {_TRIPLE_V} >> 8"]
    if not state.v:
        # (only bit 15 of the triple's V is ever read: P's other bits may stay in it)
        value = "r_p << 9" if v == TRIPLE else f"(r_p & 0x40) << {v - 7}"
    elif v == TRIPLE:
        value = "r_v << 8" if state.v == 8 else "r_v"
    else:
        return ["r_v = r_v << 8" if state.v == 8 else "r_v = r_v >> 8"]
    if v == TRIPLE:       # (X's bit 15 is (X ^ 0) & (X ^ 0)'s)
        return [f"r_va = r_vv = {value}", "r_vs = 0"]
    return [f"r_v = {value}"]


def converted(state: FlagState, target: FlagState,
              nz_unread: bool = False) -> tuple[list[str], FlagState]:
    """Lines that move the flags from where `state` holds them to where `target` does
    (a region's state at every block boundary), and the state after them. N/Z are
    never moved from P into r_nz: a region whose blocks expect r_nz has no instruction
    that leaves N/Z in P (`nz_in_p`). `nz_unread`: N/Z are defined again before
    anything can read them, and are not moved."""
    lines = []
    if state.alias and target.nz and not nz_unread:
        lines.append(f"r_nz = {state.alias}")
    if target.nz != state.nz and not nz_unread:
        if not target.nz:
            lines.append(f"r_p = (r_p & 0x7d) | NZ{state.nz}[{state.nz_value()}]")
        elif not state.nz:
            raise ValueError("N/Z in P where the region expects them in r_nz")
        else:
            lines.append(_nz_from(state, target.nz))
    if target.c and not state.c:
        lines.append("r_c = r_p & 1")
    elif state.c and not target.c:
        lines.append("r_p = (r_p & 0xfe) | r_c")
    if target.v != state.v:
        if not target.v:
            lines.append(f"r_p = (r_p & 0xbf) | {materialised(FlagState(v=state.v), '0')}")
        else:
            lines += _v_from(state, target.v)
    return lines, target


def entry_lines(state: FlagState) -> list[str]:
    """The lines that move the flags from P (as the region is entered) to `state`."""
    lines = []
    if state.nz:
        # (`iigs.cpu_fast.NZ_OF_P8`/`16`: a value with P's N and Z)
        lines.append(f"r_nz = NZ_OF_P{state.nz}[r_p]")
    if state.c:
        lines.append("r_c = r_p & 1")
    if state.v:
        lines += _v_from(IN_P, state.v)
    return lines


def nz_in_p(op: Op, p: str) -> bool:
    """Does `op` leave N or Z in P otherwise than from a value (PLP, BIT, TSB/TRB, REP
    and SEP of those bits): an op after which r_nz cannot stand for them?"""
    if op.kind == "set" and op.target == p:
        return True
    if op.kind != "flags":
        return False
    defined = _written(op) if op.base == p else 0xFF
    held = sum(bits for bits, _, _ in op.lazy if bits == NZ_BITS)
    return bool(defined & NZ_BITS & ~held)


def _redefines_nz(ops: list[Op]) -> bool:
    """Do `ops` set N/Z from a value at the top level before anything may leave?"""
    for op in ops:
        if op.kind in ("leave", "bail") or op.leaves:
            return False
        if op.kind == "flags" and not op.depth and op.base == op.p and any(
                bits == NZ_BITS for bits, _, _ in op.lazy):
            return True
    return False


def nz_unread(rest: list[Op], dead: int, reads: int) -> bool:
    """Is nothing to read N/Z before they are defined again, after an instruction's op
    before `rest` (its ops after it; `dead`, `reads`: see `with_lazy_flags`)?"""
    return _redefines_nz(rest) or (
        dead & NZ_BITS == NZ_BITS and not reads & NZ_BITS
        and not any(op.kind in ("leave", "bail") or op.leaves for op in rest))


def _written(op: Op) -> int:
    """The P bits a flags op writes (those it clears, and those its parts set: SEP's
    part sets bits it also keeps)."""
    bits = 0xFF & ~op.keep
    for part, _ in op.parts:
        bits |= part
    return bits


def with_lazy_flags(ops: list[Op], state: FlagState, reads: int,
                    p: str = "r_p", dead: int = 0, triple: bool = False
                    ) -> tuple[list[tuple[Op, FlagState]], FlagState]:
    """An instruction's ops with its flag updates made into stores of the locals that
    hold them (`FlagState`), each op paired with the state it runs in, and the state
    after. `reads`: the P bits the instruction reads from P itself (PHP): those held in
    locals are put back first. N/Z are held only from a value (`Op.lazy`), a carry from
    a part of bit 0 alone (a 0/1 expression) or a clear, V from a value or a clear.
    `dead`: the flags nothing reads after the instruction before they are defined again
    (`iigs.blocks.dead_flags`): N/Z held in a register's local that the instruction
    writes are then not kept. `triple`: the region keeps V in r_va/r_vv/r_vs (`TRIPLE`):
    a 16-bit ADC/SBC stores it so (`Op.v_stores`), a clear as r_va = r_vs."""
    out: list[tuple[Op, FlagState]] = []

    def put_back(depth: int) -> None:
        out.append((Op("set", target=p, expr=materialised(state, p), uses=frozenset(),
                       depth=depth), state))
    def spill(depth: int) -> None:
        nonlocal state
        out.append((Op("set", target="r_nz", expr=state.alias, uses=frozenset(),
                       depth=depth), state))
        state = state._replace(alias="")
    # (an update of P under a test, or from a copy of P: everything back in P first)
    plain = any(op.kind == "flags" and (op.base != p or op.depth) for op in ops)
    if (reads or (0xFF if plain else 0)) & state.lazy_bits():
        put_back(0)
    if plain:
        state = IN_P
    if state.alias and any(op.kind == "set" and op.target == state.alias and op.depth
                           for op in ops):
        spill(0)          # (the register may change under a test: its value kept first)
    for n, op in enumerate(ops):
        if op.kind == "set" and op.target == p:      # PLP: P is all new
            out.append((op, state))
            state = IN_P
            continue
        if op.kind == "set" and state.alias and op.target == state.alias:
            if _redefines_nz(ops[n + 1:]):
                state = state._replace(alias="")     # (r_nz is set again before a read)
            elif nz_unread(ops[n + 1:], dead, reads):
                # (dead, and this instruction's own N/Z left out as dead too: r_nz is
                # not set, so N/Z are not said to be there, where P would be made from
                # it before an update that clears them, REP #$82; P's stale bits stand
                # for them, which nothing reads)
                state = state._replace(alias="", nz=0)
            else:
                spill(0)
        if op.kind != "flags" or plain:
            out.append((op, state))
            continue
        defined = _written(op)
        lazy = {bits: (value, width) for bits, value, width in op.lazy}
        stores: list[tuple[str, str]] = []
        parts = []
        held = 0
        nz, c, v, alias = state
        for bits, expr in op.parts:
            if bits == NZ_BITS and bits in lazy:
                value, nz = lazy[bits]
                if op.nz_register:
                    alias = value
                else:
                    stores.append(("r_nz", value))
                    alias = ""
            elif bits == C_BIT:
                stores.append(("r_c", lazy[bits][0] if bits in lazy else expr))
                c = True
            elif bits == V_BIT and bits in lazy:
                if triple and op.v_stores:
                    stores += op.v_stores
                    v = TRIPLE
                else:
                    value, v = lazy[bits]
                    stores.append(("r_v", value))
            else:
                parts.append((bits, expr))
                continue
            held |= bits
        cleared = defined & ~sum(bits for bits, _ in op.parts)
        if cleared & C_BIT:
            stores.append(("r_c", "0"))
            c, held = True, held | C_BIT
        if cleared & V_BIT:
            # (r_vs is set from the region's entry on: (r_vs ^ r_vs) & ... is 0)
            if triple:
                stores.append(("r_va", "r_vs"))
                v = TRIPLE
            else:
                stores.append(("r_v", "0"))
                v = 8 if v in (0, TRIPLE) else v
            held |= V_BIT
        # A flag held in a local and now defined in P: P is made whole first, so that
        # the bits the update keeps (and any group it defines in part) are right.
        eager = defined & ~held
        if eager & state.lazy_bits():
            put_back(op.depth)
        state = FlagState(0 if eager & NZ_BITS else nz, False if eager & C_BIT else c,
                          0 if eager & V_BIT else v, "" if eager & NZ_BITS else alias)
        for target, value in stores:
            out.append((Op("set", target=target, expr=value, uses=op.uses,
                           depth=op.depth), state))
        keep = op.keep | held
        if parts or keep != 0xFF:
            out.append((op._replace(keep=keep, parts=tuple(parts), lazy=()), state))
    return out, state
