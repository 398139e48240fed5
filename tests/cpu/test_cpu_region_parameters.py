"""A region's parameters (its addresses, operands, code range) are string constants in
its source, which the first region of a shape has replaced by their values in its own
code object (`blocks._parameter_slots`, `_with_parameters`), and the shape's other
regions share one code object with them as arguments: what `compile()` does with them
as constants must be what it does with them as arguments, operation for operation."""
from __future__ import annotations

import ast
import dis
import re
from types import CodeType, FunctionType

import pytest

from gin_king.bench import cpu as bench_cpu
from iigs import blocks
from iigs.tiers import Translator
from test_cpu_region_code import random_counted_loop, region_sources, stepped_loop
from test_cpu_run_vs_step import fresh, random_machine

PARAMETER = re.compile(r"P\d+|STARTS")   # (STARTS: the blocks' addresses, a tuple)


def _sources(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Region sources of every shape the bench's workloads and some random programs
    make."""
    def run() -> None:
        for _, workload, _, _ in bench_cpu.workloads(100_000, sprites=2):
            bench_cpu.workload_cpu(workload, Translator(share_compiled=False)).run(100_000)
        for seed in range(12):
            random_machine(seed, Translator(hot=1, batch_cycles=0,
                                            share_compiled=False)).run(3000)
            random_counted_loop(seed, fresh()).run(4000)
            stepped_loop(seed, fresh()).run(4000)
    return region_sources(monkeypatch, run)


def _as_arguments(source: str) -> str:
    """`source` with its parameters' constants made arguments again (as regions were
    compiled before they were constants)."""
    tree = ast.parse(source)
    region = tree.body[0]
    names: set[str] = set()

    class Named(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.AST:
            if isinstance(node.value, str):
                names.add(node.value)
                return ast.copy_location(ast.Name(node.value, ast.Load()), node)
            return node
    Named().visit(region)
    region.args.args += [ast.arg(name) for name in sorted(names)]
    return ast.unparse(ast.fix_missing_locations(tree))


def _operations(code: CodeType) -> list[tuple[str, str]]:
    """The region function's instructions, a parameter's load as one operation whether
    a constant or a local, a tuple of constants as its elements' loads and a build."""
    region = next(c for c in code.co_consts if isinstance(c, CodeType))
    out: list[tuple[str, str]] = []
    for ins in dis.get_instructions(region):
        if ins.opname == "EXTENDED_ARG":
            continue      # (a constant's or a local's index above 255: they differ)
        value = ins.argval
        if ins.opname in ("LOAD_CONST", "LOAD_FAST") and isinstance(value, str) \
                and PARAMETER.fullmatch(value):
            out.append(("PARAMETER", value))
        elif ins.opname == "LOAD_CONST" and isinstance(value, tuple):
            out += [("PARAMETER", v) if isinstance(v, str) else ("LOAD_CONST", repr(v))
                    for v in value]
            out.append(("BUILD_TUPLE", repr(len(value))))
        elif ins.opcode in dis.hasjrel or ins.opcode in dis.hasjabs:
            out.append((ins.opname, ""))   # (where to: offsets move with a tuple built)
        else:
            out.append((ins.opname, repr(value)))
    return out


def test_no_parameter_is_folded_or_read_as_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    sources = _sources(monkeypatch)
    assert len(sources) > 40
    for source in sources:
        code = compile(source, "<region>", "exec")
        region = next(c for c in code.co_consts if isinstance(c, CodeType))
        assert not [n for n in region.co_names if PARAMETER.fullmatch(n)], source
        assert _operations(code) == \
            _operations(compile(_as_arguments(source), "<region>", "exec")), source


def test_a_parameter_folded_away_would_be_caught() -> None:
    # (what the test above is for: `not` of a constant is folded by compile(), of an
    # argument it is not)
    source = "def region(cpu, L):\n    return not 'P5'\n"
    assert len(_operations(compile(source, "<region>", "exec"))) != \
        len(_operations(compile(_as_arguments(source), "<region>", "exec")))


def test_each_region_has_its_values_in_its_own_code() -> None:
    code = compile("def region(L):\n    x = ('P3', 'P4', 5)[L]\n    return 'P3' + x\n",
                   "<region>", "exec")
    region = next(c for c in code.co_consts if isinstance(c, CodeType))
    slots = blocks._parameter_slots(region, {"P3": 0, "P4": 1})
    ones = FunctionType(blocks._with_parameters(region, slots, (100, 200)), {})
    twos = FunctionType(blocks._with_parameters(region, slots, (1000, 2000)), {})
    assert (ones(0), ones(1), ones(2)) == (200, 300, 105)
    assert (twos(0), twos(1), twos(2)) == (2000, 3000, 1005)
    assert "P3" in region.co_consts      # (the shape's own code unchanged)


def test_a_parameter_left_as_a_name_is_refused() -> None:
    code = compile("def region(L):\n    return P7 + 'P8'\n", "<region>", "exec")
    region = next(c for c in code.co_consts if isinstance(c, CodeType))
    with pytest.raises(AssertionError, match="P7"):
        blocks._parameter_slots(region, {"P7": 0, "P8": 1})


def test_a_shapes_other_regions_share_one_code_with_arguments() -> None:
    # The unrolled workload: a few shapes, placed in many copies. The first region of a
    # shape has its parameters as constants; the others share one code object, the
    # parameters its arguments (specialised once, not once a copy); all alike to step().
    workload = next(w for name, w, _, _ in bench_cpu.workloads(100_000, sprites=2)
                    if name.startswith("unrolled"))
    translator = Translator(share_compiled=False)
    bench_cpu.check_against_step(workload, 150_000, translator)
    counts = translator.counters()
    assert counts["placed"] > 5 * counts["shapes"]
    codes: dict[CodeType, int] = {}
    for regions, _ in translator.caches.values():
        for region in regions.values():
            if region is not blocks.NO_REGION:
                codes[region.run.__code__] = codes.get(region.run.__code__, 0) + 1
    # (a region's own code: its constants' values in place, no parameter arguments)
    own = [code for code in codes if code.co_argcount <= 7]
    shared = [code for code in codes if code.co_argcount > 7]
    # (a region's code is also its entry points', each a region of the same code)
    assert len(own) == counts["shapes"]
    assert 0 < len(shared) <= counts["shapes"]
    assert sum(codes[code] for code in shared) >= counts["placed"]
    assert not any(type(c) is str for code in codes for c in code.co_consts)
    # (the DBR guard's tuple of the blocks' addresses written out there: no tuple made
    # for each region placed)
    assert not any("STARTS" in code.co_varnames for code in shared)
