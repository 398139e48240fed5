"""The translator works on operations (`iigs.cpu_ops.Op`), not on its own Python text.

`_Gen` emits operations whose fields say what the analyses need (the temporary or
register assigned, the temporaries read, the flags a flag update defines, the exits);
the analyses read those fields and the opcode table, and Python source is made last.
These tests fail if a translator module reads text back (it would need `re`), or if an
analysis depends on how an operation is worded.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from iigs import blocks
from iigs.cpu_fast import STATES
from iigs.cpu_ops import KINDS, Op, without_dead_flags, without_dead_temps
from iigs.opcodes import OPCODES

TRANSLATOR = ("cpu.py", "cpu_fast.py", "cpu_ops.py", "blocks.py", "tiers.py", "opcodes.py")
KEYS = list(STATES) + [state + (kind,) for state in STATES for kind in (1, 2)]


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_translator_module_can_match_text() -> None:
    # Reading generated code back means matching it: none of these modules imports `re`.
    folder = Path(blocks.__file__).parent
    for name in TRANSLATOR:
        assert not _imports(folder / name) & {"re", "regex", "fnmatch"}, name


def _templates():
    for key in KEYS:
        for row in OPCODES:
            if row.ends_region_block:
                continue
            for imm in ((0x20, 0x30, 0x08) if row.mnemonic in ("REP", "SEP") else
                        (0, 1) if row.mnemonic == "XCE" else (None,)):
                yield row, key, imm, blocks.template(row.code, key, imm)


def _reworded(op: Op) -> Op:
    """The same operation worded otherwise (every expression in parentheses)."""
    return op._replace(text=f"{op.text}  # reworded" if op.kind == "code" else op.text,
                       expr=f"({op.expr})" if op.expr else "",
                       parts=tuple((bits, f"({expr})") for bits, expr in op.parts))


def _structure(ops: list[Op]) -> list[tuple]:
    return [(o.kind, o.target, o.keep, tuple(bits for bits, _ in o.parts), o.depth)
            for o in ops]


def test_templates_are_operations_and_the_analyses_ignore_their_wording() -> None:
    # Every template of every opcode in every state is a list of operations, and what
    # the analyses keep of it (dead flags, dead temporaries) is the same however its
    # operations are worded: rewording a line cannot change what is optimised.
    checked = 0
    for row, key, imm, t in _templates():
        assert all(isinstance(o, Op) and o.kind in KINDS for o in t.ops + t.decimal)
        for dead in (0x01, 0x82, 0xC3):
            plain = blocks._instruction_ops(t, True, dead)
            reworded = blocks._instruction_ops(
                t._replace(ops=tuple(map(_reworded, t.ops)),
                           decimal=tuple(map(_reworded, t.decimal))), True, dead)
            assert _structure(plain) == _structure(reworded), (row.mnemonic, key, dead)
        checked += 1
    assert checked > 1000


def test_flag_updates_are_trimmed_by_the_bits_they_define() -> None:
    # Opaque expressions: only the fields decide.
    update = Op("flags", base="P", p="P", keep=0x7C, parts=((0x01, "X1"), (0x82, "X2")))
    assert without_dead_flags(update, 0x82).parts == ((0x01, "X1"),)
    assert without_dead_flags(update, 0x82).keep == 0xFE
    assert without_dead_flags(update, 0x83) is None
    assert without_dead_flags(update, 0x02) is update            # N still read
    # an update from a copy of P (ADC's `p`) keeps everything
    from_copy = update._replace(base="Q")
    assert without_dead_flags(from_copy, 0xC3) is from_copy


def test_a_temporary_is_folded_only_when_nothing_reads_it_after() -> None:
    let = Op("let", target="v", expr="E")
    store = Op("set", target="R", expr="v", uses=frozenset({"v"}), source="v")
    assert [(o.kind, o.target, o.expr) for o in without_dead_temps([let, store])] == \
        [("set", "R", "E")]
    reader = Op("flags", base="P", p="P", keep=0x7D, parts=((0x82, "T"),),
                uses=frozenset({"v"}))
    assert without_dead_temps([let, store, reader]) == [let, store, reader]
    unknown = Op("code", "S")                                     # may read anything
    assert without_dead_temps([let, store, unknown]) == [let, store, unknown]


def test_a_temporary_read_once_at_a_known_place_is_forwarded_there() -> None:
    # An 8-bit load's `set r_a = (r_a & 0xFF00) | v` (`Op.around`): the let's expression
    # goes where `v` was, in parentheses, when nothing after reads `v`.
    let = Op("let", target="v", expr="E | F", uses=frozenset({"w"}))
    load = Op("set", target="R", expr="(R & 0xFF00) | v", uses=frozenset({"v"}), source="v",
              around=("(R & 0xFF00) | ", ""))
    assert [(o.kind, o.target, o.expr, o.uses, o.around) for o in
            without_dead_temps([let, load])] == \
        [("set", "R", "(R & 0xFF00) | (E | F)", frozenset({"w"}), ())]
    reader = Op("flags", base="P", p="P", keep=0x7D, parts=((0x82, "T"),),
                uses=frozenset({"v"}))
    assert without_dead_temps([let, load, reader]) == [let, load, reader]


@pytest.mark.parametrize("code, flags", [(0xA9, 0x82), (0x2A, 0x83), (0x69, 0xC3),
                                         (0x18, 0x01), (0x89, 0x02)])
def test_flag_updates_define_what_the_opcode_table_says(code: int, flags: int) -> None:
    # The generator's flag updates and the table column the liveness analysis reads
    # agree (LDA, ROL A, ADC, CLC, BIT #).
    t = blocks.template(code, (0, 1, 1))
    defined = 0
    for o in t.ops:
        if o.kind == "flags":
            defined |= sum(bits for bits, _ in o.parts) | (0xFF & ~o.keep)
    assert defined & 0xC3 == flags == OPCODES[code].flags_defined() & 0xC3
