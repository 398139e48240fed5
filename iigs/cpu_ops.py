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
    source: str = ""               # let, set: the temporary whose value it is, alone
    depth: int = 0                 # nesting under the `if` ops before it
    base: str = ""                 # flags: P's old value
    keep: int = 0                  # flags: the bits of `base` kept
    parts: tuple[tuple[int, str], ...] = ()   # flags: (bits defined, expression)
    part_uses: tuple[frozenset[str], ...] = ()   # flags: the temporaries each part reads
    p: str = ""                    # flags: P's rendered name
    timed: bool = False            # reads a TIMED register (`{now}` in a region)
    decimal: bool = False          # ADC/SBC's decimal-mode test and bail-out

    def defines(self) -> int:
        """The P bits a flags op writes whatever their old value."""
        if self.kind != "flags":
            return 0
        return 0xFF & ~self.keep if self.base == self.p else 0

    def statement(self) -> str:
        """The op as one line of Python (no indentation), for kinds with text of their own."""
        kind = self.kind
        if kind in ("let", "set"):
            return f"{self.target} = {self.expr}"
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
    if op.part_uses:      # (what the parts kept read; the base is P itself)
        uses = frozenset().union(*(used for part, used in zip(op.parts, op.part_uses)
                                   if part in parts))
        return op._replace(parts=parts, keep=keep, uses=uses,
                           part_uses=tuple(used for part, used in zip(op.parts, op.part_uses)
                                           if part in parts))
    return op._replace(parts=parts, keep=keep)


def without_dead_temps(ops: list[Op]) -> list[Op]:
    """`let v = expr` then `set r = v` as `set r = expr` when nothing after reads `v`
    (once a dead flag update that read it is gone): a store and a load fewer; and a
    temporary assigned at the top level that nothing reads is left out."""
    out = list(ops)
    k = 0
    while k + 1 < len(out):
        first, second = out[k], out[k + 1]
        if (first.kind == "let" and second.kind == "set" and second.source == first.target
                and first.depth == second.depth == 0
                and not any(reads(op, first.target) for op in out[k + 2:])):
            out[k:k + 2] = [second._replace(expr=first.expr, uses=first.uses, source="")]
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


def render(ops: list[Op], leave: Callable[[Op], list[str]],
           bail: Callable[[Op], list[str]], fields: Callable[[str], str] | None) -> list[str]:
    """The source lines of `ops`: `leave`/`bail` give the lines of those kinds (before
    indentation), `fields` fills a template's format fields (None: there are none)."""
    lines: list[str] = []
    looked_up = Fields(fields) if fields else None
    for op in ops:
        indent = "    " * op.depth
        if op.kind == "leave":
            body = leave(op)
        elif op.kind == "bail":
            body = bail(op)
        else:
            body = [op.statement()]
        for line in body:
            lines.append(indent + (line if looked_up is None else line.format_map(looked_up)))
    return lines


class Fields(dict):
    """A template's format fields, looked up by a function when the source is made."""

    def __init__(self, lookup: Callable[[str], str]) -> None:
        super().__init__()
        self.lookup = lookup

    def __missing__(self, name: str) -> str:
        return self.lookup(name)
