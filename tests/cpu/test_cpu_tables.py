"""The opcode table (datasheet Table 5-4) and the handler tables generated from it."""
from __future__ import annotations

import pytest

from iigs import cpu_fast
from iigs.opcodes import MODES, OPCODES


def test_opcode_table_lists_256_rows_in_order() -> None:
    assert [row.code for row in OPCODES] == list(range(256))
    assert all(row.mode in MODES for row in OPCODES)


@pytest.mark.parametrize("code,mnemonic,mode,cycles", [
    (0x00, "BRK", "sig", 7),      # 7 (8 native, note 9)
    (0x22, "JSL", "absl", 8),
    (0x54, "MVN", "blk", 7),      # 7 per byte
    (0xB7, "LDA", "dpily", 6),    # 6 (+1 M=0, +1 DL)
    (0xFC, "JSR", "absix", 8),
])
def test_opcode_table_row_matches_datasheet(code: int, mnemonic: str, mode: str,
                                            cycles: int) -> None:
    row = OPCODES[code]
    assert (row.mnemonic, row.mode, row.cycles) == (mnemonic, mode, cycles)


@pytest.mark.parametrize("key", cpu_fast.STATES)
def test_fast_table_every_state_has_256_handlers(key: tuple[int, int, int]) -> None:
    table = cpu_fast.table_for(key, {})
    assert len(table) == 256 and all(callable(handler) for handler in table)


def test_a_handler_is_compiled_when_first_run_and_takes_its_place() -> None:
    # A state's table holds stand-ins: the first run of an opcode compiles its handler,
    # runs it and leaves it in the table; the opcodes not run stay uncompiled.
    from iigs.cpu import CPU65816
    key = (0, 0, 0)
    tables: dict = {}
    table = cpu_fast.table_for(key, tables)
    assert tables[key] is table
    stand_in = table[0xE8]
    mem = bytearray(1 << 24)
    mem[0x1000] = 0xE8                                   # INX (16-bit)
    cpu = CPU65816(mem, pc=0x1000)
    cpu.e, cpu.p, cpu.x = 0, 0x00, 0xFFFF
    assert stand_in(cpu, mem, 0x1000) == (2 << 24) | 0x1001
    assert (cpu.x, cpu.p & 0x02) == (0, 0x02)
    assert table[0xE8] is not stand_in and table[0xE8].__name__ == "op_E8"
    assert table[0xEA].__name__ != "op_EA"                  # NOP: never run, not compiled
    assert table[0xE8](cpu, mem, 0x1000) == (2 << 24) | 0x1001 and cpu.x == 1


# The registers of a vector's state, by the names `Opcode.reads`/`writes` use.
_VECTOR_REGISTERS = {"a": "a", "x": "x", "y": "y", "s": "sp", "d": "d", "dbr": "dbr",
                     "pbr": "pbr"}


def test_the_opcode_facts_agree_with_every_recorded_vector() -> None:
    # Each row's columns (`iigs.opcodes`: registers written, flags defined) are the
    # only registers and flags any of the recorded executions change (README section 6):
    # a column that left something out would let the analyses drop work that matters.
    from cpu_vector_harness import load_tests, vector_files
    seen = set()
    for path in vector_files("vectors"):
        for test in load_tests(path, limit=40):
            before, after = test["initial"], test["final"]
            ram = dict(before["ram"])
            at = (before["pbr"] << 16) | before["pc"]
            row = OPCODES[ram[at]]
            seen.add(row.code)
            changed = {name for key, name in _VECTOR_REGISTERS.items()
                       if before[key] != after[key]}
            if before["e"] and row.mnemonic in ("PLP", "REP", "SEP", "XCE", "RTI"):
                changed -= {"x", "y"}       # (emulation mode keeps them 8-bit)
            flags = before["p"] ^ after["p"]
            if before["e"] != after["e"]:
                flags &= ~0x30             # XCE: M and X follow E
            assert changed <= row.writes, (row.mnemonic, row.mode, changed - row.writes)
            defined = row.flags_defined(ram.get((at & 0xFF0000) | ((at + 1) & 0xFFFF)))
            assert flags & ~defined == 0, (row.mnemonic, row.mode, hex(flags & ~defined))
    assert len(seen) == 256


def test_the_stack_moves_agree_with_every_recorded_native_vector() -> None:
    # `Opcode.stack_move`: how far each row moves S in native mode, which a region
    # follows along an arm (`iigs.blocks._stack_after`); None only for rows that write S
    # otherwise (those leave S's offset unknown). A wrong move would let a return take
    # bytes its call did not push.
    from cpu_vector_harness import load_tests, vector_files
    for path in vector_files("vectors"):
        for test in load_tests(path, limit=40):
            before, after = test["initial"], test["final"]
            if before["e"]:
                continue
            ram = dict(before["ram"])
            row = OPCODES[ram[(before["pbr"] << 16) | before["pc"]]]
            m, x = before["p"] >> 5 & 1, before["p"] >> 4 & 1
            move = row.stack_move(m, x)
            if move is None:
                continue
            if row.mnemonic in ("BRK", "COP", "WDM", "STP", "WAI"):
                continue
            assert (after["s"] - before["s"]) & 0xFFFF == move & 0xFFFF, (
                row.mnemonic, row.mode, before["s"], after["s"], move)
    assert {row.mnemonic for row in OPCODES if row.stack_move(0, 0) is None} == {
        "TCS", "TXS", "XCE", "RTI", "BRK", "COP"}


def test_every_control_transfer_and_state_change_ends_a_block() -> None:
    # The run loop counts block starts after exactly these rows (`Opcode.ends_block`):
    # every row that may change the program counter other than by falling through, or
    # the state key.
    for row in OPCODES:
        moves_pc = row.mode in ("rel8", "rel16") or row.mnemonic in (
            "JMP", "JML", "JSR", "JSL", "RTS", "RTL", "RTI", "BRK", "COP")
        changes_state = row.mnemonic in ("REP", "SEP", "XCE", "PLP", "WAI", "STP", "WDM",
                                         "MVN", "MVP")
        assert row.ends_block == (moves_pc or changes_state) or row.mnemonic == "PER", row
