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
    table = cpu_fast.table_for(key)
    assert len(table) == 256 and all(callable(handler) for handler in table)
