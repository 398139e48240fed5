"""GIN.KING's two load segments: the code (segment 1) and the units of
build.DATA_SEGMENT_UNITS (segment 2, a data segment the code reaches by long address): the
generated tables and, in GIN.KING, the desktop program's Help pages and column buffers."""
from __future__ import annotations

import random

import pytest

from gin_king import build
from gin_king.native import NativeEngine, cards_to_masks
from gin_king.oracle.melds import deadwood
from iigs import omf
from system.machine import Machine
from native_reference import brute_deadwood_after_discard
from toolbox.memorymgr import ATTR_FIXED, ATTR_LOCKED

TABLES = {"RunDeadwood": build._suit_deadwood, "RunGain": build._suit_gain,
          "RunDeadwoodCorner": build._corner_suit_deadwood,
          "RunGainCorner": lambda: build._gain_table(build._corner_suit_deadwood()),
          "MeldPairsCorner": lambda: build._meld_pairs(corner=True)}

# labels of the desktop program's data units (text.asm, columns.asm)
APP_DATA = ("HelpP0", "HelpP12", "ColBuf0", "ColBufX", "ColBufB")


@pytest.mark.parametrize("engine_only", [True, False])
def test_the_tables_are_a_data_segment_of_their_own(engine_only):
    path, symbols = build.ensure_built(engine_only=engine_only)
    code, data = omf.read_load_file(path.read_bytes())
    assert (code.segnum, code.type, code.banksize) == (1, omf.KIND_CODE, 0x10000)
    assert (data.segnum, data.type, data.banksize) == (2, omf.KIND_DATA, 0x10000)
    assert not data.relocations                          # pure data
    for name, table in TABLES.items():
        values = bytes(table())
        at = symbols[name]
        assert at["segment"] == 2
        assert data.image[at["offset"]:at["offset"] + len(values)] == values
        assert values not in code.image
    # GIN.KING's hand-written data units come first, the tables after them
    first = min(symbols[n]["offset"] for n in TABLES)
    assert (first == 0) == engine_only
    assert data.length == first + sum(len(t()) for t in TABLES.values())
    if not engine_only:
        assert all(symbols[n]["segment"] == 2 and symbols[n]["offset"] < first
                   for n in APP_DATA)
    # every reference from the code goes to segment 2 through the loader, none by SUPER
    far = [r for r in code.relocations if r.target_segnum == 2]
    assert far and {r.record for r in far} == {"cINTERSEG"}
    # each table is reached at its start; a long reference may also name a word inside one
    # (MeldPairsCorner+2 ... +10: Measure copies a card's row word by word)
    spans = [(symbols[n]["offset"], symbols[n]["offset"] + len(t())) for n, t in TABLES.items()]
    spans.append((0, first))                             # the desktop program's data
    assert all(any(a <= r.target_offset < b for a, b in spans) for r in far)
    assert {symbols[n]["offset"] for n in TABLES} <= {r.target_offset for r in far}


def test_segment_1_is_smaller_by_the_tables(tmp_path, monkeypatch):
    path, _ = build.ensure_built(engine_only=True)
    code, data = omf.read_load_file(path.read_bytes())
    monkeypatch.setattr(build, "DATA_SEGMENT_UNITS", ())      # the tables back in the code
    one, _ = build.build(tmp_path, engine_only=True)
    (joint,) = omf.read_load_file(one.read_bytes())
    assert joint.length == code.length + data.length
    assert data.image in joint.image


def test_each_segment_fits_its_bank_and_the_build_refuses_one_that_does_not(
        tmp_path, monkeypatch, capsys):
    """A segment longer than its BANKSIZE is refused by the System Loader at launch: the
    build refuses it first, in one line naming the segment, its length and the bank."""
    path, _ = build.ensure_built()
    code, data = omf.read_load_file(path.read_bytes())
    assert code.length <= code.banksize and data.length <= data.banksize
    src = tmp_path / "big.asm"
    src.write_text("        MACHINE M65816\n        CASE    ON\nBig     PROC    EXPORT\n"
                   "        rtl\n        DS.B    $10000\n        ENDP\n        END\n")
    monkeypatch.setattr(build, "ASM_DIR", tmp_path)
    monkeypatch.setattr(build, "MACRO_DIR", tmp_path)
    monkeypatch.setattr(build, "SOURCES", [build.Source("big.asm", "a bank and a byte")])
    monkeypatch.setattr(build, "GENERATED", {"rungain.asm": build._generate_run_gain})
    monkeypatch.setattr(build, "LOCAL_BUILD_DIR", tmp_path / "out")
    assert build.main([]) == 1
    err = capsys.readouterr().err
    assert err == ("segment 1 'Big' is LENGTH $10001, more than its BANKSIZE $10000: move "
                   "data the code does not need in its own bank to the data segment "
                   "(DATA_SEGMENT_UNITS)\n")


def test_a_data_unit_may_not_hold_an_address(tmp_path, monkeypatch):
    src = tmp_path / "ptrs.asm"
    src.write_text("        MACHINE M65816\nUser    PROC    EXPORT\n        rtl\n        ENDP\n"
                   "Ptrs    PROC    EXPORT\n        IMPORT  User\n        DC.L    User\n"
                   "        ENDP\n        END\n")
    monkeypatch.setattr(build, "ASM_DIR", tmp_path)
    monkeypatch.setattr(build, "MACRO_DIR", tmp_path)
    monkeypatch.setattr(build, "SOURCES", [])
    monkeypatch.setattr(build, "GENERATED", {"ptrs.asm": src.read_text})
    monkeypatch.setattr(build, "DATA_SEGMENT_UNITS", ("ptrs.asm",))
    with pytest.raises(build.BuildError, match="data segment holds an address"):
        build.build(tmp_path / "out", engine_only=True)


def test_a_16_bit_address_of_a_table_is_refused(tmp_path, monkeypatch):
    src = tmp_path / "near.asm"
    src.write_text("        MACHINE M65816\n        CASE    ON\nNear    PROC    EXPORT\n"
                   "        IMPORT  RunGain\n        lda     RunGain,x\n        rtl\n"
                   "        ENDP\n        END\n")
    monkeypatch.setattr(build, "ASM_DIR", tmp_path)
    monkeypatch.setattr(build, "MACRO_DIR", tmp_path)
    monkeypatch.setattr(build, "SOURCES", [build.Source("near.asm", "absolute, not long")])
    monkeypatch.setattr(build, "GENERATED", {"rungain.asm": build._generate_run_gain})
    with pytest.raises(build.BuildError, match="long addressing"):
        build.build(tmp_path / "out", engine_only=True)


def test_the_engine_finds_its_tables_in_another_bank():
    """A block taken first leaves segment 1 just room at the end of its bank: segment 2
    (which may not cross a bank boundary) goes to the next bank, and the engine still
    reads its tables there."""
    path, symbols = build.ensure_built(engine_only=True)
    code, data = omf.read_load_file(path.read_bytes())
    m = Machine()
    mm = m.tb.mm
    start = min(s for s, e in mm.free if s >> 16 >= 2)
    room = 0x10000 - (start & 0xFFFF)
    mm.new_handle(room - code.length - 0x100, 0x1000, ATTR_LOCKED | ATTR_FIXED)
    engine = NativeEngine(path, symbols, machine=m)
    code_at = engine.program.address_of(1)
    data_at = engine.program.address_of(2)
    assert data_at >> 16 == (code_at >> 16) + 1
    assert (data_at & 0xFFFF) + data.length <= 0x10000
    assert engine.address("RunGain") == data_at + symbols["RunGain"]["offset"]
    rnd = random.Random(2)
    for _ in range(6):
        cards = rnd.sample(range(52), 11)
        masks = cards_to_masks(cards)
        assert engine.deadwood(cards_to_masks(cards[:10])).deadwood == deadwood(cards[:10])
        assert engine.deadwood_after_discard(masks)[0] == brute_deadwood_after_discard(cards)
    assert engine.hand_terms(4, "oklahoma") == (5, 1)      # the 5 of clubs: knock on 5
