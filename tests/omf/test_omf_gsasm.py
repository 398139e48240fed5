"""The OMF loader against real gsasm output (the System Loader's algorithm).

Two PROCs in two source files: `Main` pushes a long pointer to its own string
(`PEA msg>>16 / PEA msg`), loads it (`LDA #msg / LDX #^msg`), calls and jumps into
`Other` (JSL/JML), reads `Other`'s exported `Table` (LDA >Table) and holds a
`DC.L msg`; `Other` reads its own `Table`, pushes its bank and holds
`DC.L Other / DC.W Table`.
"""
from __future__ import annotations

import gsasm.asm
import gsasm.expressload
import gsasm.linkiigs
import gsasm.omf
import pytest

from iigs import omf

MAIN_SRC = """\
\tCASE ON
Main\tPROC EXPORT
\tIMPORT Other
\tIMPORT Table
\tLONGA ON
\tLONGI ON
\tPEA msg>>16
\tPEA msg
\tLDA #msg
\tLDX #^msg
\tJSL Other
\tJML Other
\tLDA >Table
\tRTL
msg\tDC.B 'hello'
ptr\tDC.L msg
\tENDP
"""

OTHER_SRC = """\
\tCASE ON
Other\tPROC EXPORT
\tEXPORT Table
\tLONGA ON
\tLONGI ON
\tLDA >Table
\tPEA Table>>16
\tRTL
Table\tDC.L Other
\tDC.W Table
\tENDP
"""

# Offsets of the operands inside each PROC (from the instruction encodings above).
MAIN_PEA_BANK, MAIN_PEA_LOW, MAIN_LDA_IMM, MAIN_LDX_IMM = 1, 4, 7, 10
MAIN_JSL, MAIN_JML, MAIN_LDA_LONG, MAIN_DC_L = 13, 17, 21, 30
OTHER_LDA_LONG, OTHER_PEA_BANK, OTHER_DC_L, OTHER_DC_W = 1, 5, 8, 12
MAIN_LENGTH = 34          # Other follows Main when the linker merges them


@pytest.fixture(scope="module")
def objects(tmp_path_factory):
    folder = tmp_path_factory.mktemp("asm")
    out = []
    for name, src in (("main.asm", MAIN_SRC), ("other.asm", OTHER_SRC)):
        path = folder / name
        path.write_text(src)
        asm = gsasm.asm.assemble(str(path), [str(folder)])
        assert not asm.errors, asm.errors
        out.append((gsasm.omf.emit(asm), asm))
    return out


def symbols(objects) -> dict[str, int]:
    """PROC-relative offsets of every label, by name."""
    table = {}
    for _obj, asm in objects:
        table.update(asm.symbols)
    return table


def word(mem, addr):
    return mem[addr] | mem[addr + 1] << 8


def long3(mem, addr):
    return word(mem, addr) | mem[addr + 2] << 16


def at(address: int):
    return lambda segment: address


def check_main(mem, main: int, other: int, sym: dict[str, int]) -> None:
    msg = main + sym["msg"]
    table = other + sym["Table"]
    assert word(mem, main + MAIN_PEA_BANK) == msg >> 16           # PEA msg>>16
    assert word(mem, main + MAIN_PEA_LOW) == msg & 0xFFFF          # PEA msg
    assert word(mem, main + MAIN_LDA_IMM) == msg & 0xFFFF          # LDA #msg
    assert word(mem, main + MAIN_LDX_IMM) == msg >> 16             # LDX #^msg
    assert mem[main + MAIN_JSL - 1] == 0x22                        # JSL opcode
    assert long3(mem, main + MAIN_JSL) == other                    # JSL Other
    assert mem[main + MAIN_JML - 1] == 0x5C
    assert long3(mem, main + MAIN_JML) == other                    # JML Other
    assert long3(mem, main + MAIN_LDA_LONG) == table               # LDA >Table
    assert long3(mem, main + MAIN_DC_L) == msg                     # DC.L msg
    assert mem[main + MAIN_DC_L + 3] == 0


def check_other(mem, other: int, sym: dict[str, int]) -> None:
    table = other + sym["Table"]
    assert long3(mem, other + OTHER_LDA_LONG) == table             # LDA >Table
    assert word(mem, other + OTHER_PEA_BANK) == table >> 16        # PEA Table>>16
    assert long3(mem, other + OTHER_DC_L) == other                 # DC.L Other
    assert word(mem, other + OTHER_DC_W) == table & 0xFFFF         # DC.W Table


@pytest.mark.parametrize("base", [0x020000, 0x05A310])
def test_load_merged_super_relocates_every_reference(objects, base):
    data = gsasm.linkiigs.link(objects, {"merge": True, "super": True})
    segments = omf.read_load_file(data)
    assert [s.segnum for s in segments] == [1]
    mem = bytearray(1 << 24)
    program = omf.load(segments, mem, at(base))
    sym = symbols(objects)
    other = base + MAIN_LENGTH
    assert program.entry == base
    assert program.segments[1] == (segments[0].name, base, 48, 0)
    check_main(mem, base, other, sym)
    check_other(mem, other, sym)


@pytest.mark.parametrize("base", [0x020000, 0x05A310, 0x7F0000])
def test_load_merged_matches_linker_fixed_image(objects, base):
    """Relocating at `base` gives the bytes gsasm itself resolves for org = base."""
    data = gsasm.linkiigs.link(objects, {"merge": True, "super": True})
    mem = bytearray(1 << 24)
    omf.load_file(data, mem, at(base))
    fixed = gsasm.linkiigs.link(objects, {"merge": True, "org": base,
                                          "defer_shifts": False})
    image = omf.read_load_file(fixed)[0].image
    assert bytes(mem[base:base + len(image)]) == image


def test_expressload_single_segment_skips_directory(objects):
    data = gsasm.expressload.expressload(objects, {})
    segments = omf.read_load_file(data)
    assert [s.name for s in segments] == ["~ExpressLoad", "main"]
    assert segments[0].is_expressload and not segments[0].is_loadable
    assert segments[0].kind == 0x8001
    # The bank-byte references are SUPER type 27: segment 2, shift -16.
    banks = [r for r in segments[1].relocations if r.shift == -16]
    assert {r.target_segnum for r in banks} == {2}
    mem = bytearray(1 << 24)
    program = omf.load(segments, mem, at(0x03C000))
    assert list(program.segments) == [2]
    assert program.entry == 0x03C000
    check_main(mem, 0x03C000, 0x03C000 + MAIN_LENGTH, symbols(objects))
    check_other(mem, 0x03C000 + MAIN_LENGTH, symbols(objects))


def test_expressload_multisegment_cross_segment_references(objects):
    """One load segment per object: JSL/JML/LDA > into segment 3 are SUPER type 2
    (INTERSEG1, segment number in the third stored byte); banks are types 27/28."""
    data = gsasm.expressload.expressload(objects, {"multiseg": True})
    segments = omf.read_load_file(data)
    assert [(s.segnum, s.name) for s in segments] == [
        (1, "~ExpressLoad"), (2, "Main"), (3, "Other")]
    records = {r.record for s in segments for r in s.relocations}
    assert {"SUPER 2", "SUPER 27", "SUPER 28"} <= records
    sym = symbols(objects)
    for main, other in ((0x020000, 0x060000), (0x05A310, 0x02FF00)):
        addresses = {"Main": main, "Other": other}
        mem = bytearray(1 << 24)
        program = omf.load(segments, mem, lambda s: addresses[s.name])
        assert program.entry == main
        assert program.segment_named("Other").address == other
        check_main(mem, main, other, sym)
        check_other(mem, other, sym)


def test_segmented_link_keeps_fixed_origins(objects):
    """`merge: False` without ExpressLoad is a fixed image: segment 2 carries its
    ORG, and the loader refuses an allocator that ignores it."""
    data = gsasm.linkiigs.link(objects, {"merge": False})
    segments = omf.read_load_file(data)
    assert [(s.segnum, s.name, s.org, s.length) for s in segments] == [
        (1, "Main", 0, 34), (2, "Other", 34, 14)]
    assert all(s.banksize == 0x10000 and s.version == 2 and s.dispname == 0x2C
               for s in segments)
    mem = bytearray(1 << 24)
    program = omf.load(segments, mem, lambda s: s.org)
    assert program.address_of(2, 8) == 42
    with pytest.raises(omf.OMFError, match="ORG"):
        omf.load(segments, bytearray(1 << 24), at(0x020000))
