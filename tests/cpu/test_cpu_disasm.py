"""iigs.disasm: the listing follows REP/SEP widths and the WDC operand spellings."""
from __future__ import annotations

from iigs.cpu import CPU65816
from iigs.disasm import disassemble, format_listing, format_registers
from iigs.opcodes import OPCODES


def listing_of(code: bytes, org: int = 0x021000, **widths: int) -> list[str]:
    mem = bytearray(1 << 24)
    mem[org:org + len(code)] = code
    count = widths.pop("count", 50)
    return [text for _, _, text in disassemble(mem, org, count=count, **widths)]


def test_disassemble_rep_sep_tracks_widths() -> None:
    code = bytes([0xC2, 0x30,              # REP #$30
                  0xA9, 0x34, 0x12,        # LDA #$1234
                  0xE2, 0x20,              # SEP #$20
                  0xA9, 0x12,              # LDA #$12
                  0xA2, 0x34, 0x12])       # LDX #$1234 (X still 16-bit)
    assert listing_of(code, count=5) == ["REP #$30", "LDA #$1234", "SEP #$20", "LDA #$12",
                                         "LDX #$1234"]


def test_disassemble_addressing_mode_spellings() -> None:
    code = bytes([0xB7, 0x10,              # LDA [$10],Y
                  0xB3, 0x03,              # LDA ($03,S),Y
                  0xBF, 0x00, 0x80, 0xE1,  # LDA $E18000,X
                  0x54, 0x04, 0x03,        # MVN $03,$04 (bytes: dest, source)
                  0xFC, 0x00, 0x20,        # JSR ($2000,X)
                  0xDC, 0x00, 0x30,        # JML [$3000]
                  0xF4, 0xCD, 0xAB,        # PEA $ABCD
                  0x42, 0x05])             # WDM $05
    assert listing_of(code, count=8) == [
        "LDA [$10],Y", "LDA ($03,S),Y", "LDA $E18000,X", "MVN $03,$04", "JSR ($2000,X)",
        "JML [$3000]", "PEA #$ABCD", "WDM $05"]


def test_disassemble_branch_targets_relative() -> None:
    code = bytes([0xD0, 0xFE,              # $1000 BNE $1000
                  0x82, 0xFD, 0xFF])       # $1002 BRL $1002
    assert listing_of(code, count=2) == ["BNE $1000", "BRL $1002"]


def test_disassemble_every_opcode_has_text_and_length() -> None:
    for row in OPCODES:
        mem = bytearray(16)
        mem[0] = row.code
        (addr, raw, text), = disassemble(mem, 0, m=0, x=1)
        assert text.startswith(row.mnemonic)
        assert len(raw) == row.operand_size(0, 1) + 1


def test_format_listing_and_registers() -> None:
    mem = bytearray(1 << 24)
    mem[0x021000:0x021002] = bytes([0xA9, 0x05])
    assert format_listing(disassemble(mem, 0x021000)) == "02/1000: A9 05        LDA #$05"
    cpu = CPU65816(mem, pc=0x1000)
    cpu.pbr = 2
    text = format_registers(cpu)
    assert text.startswith("PC=02/1000 A=0000 X=0000 Y=0000 S=01FF D=0000 DBR=00 P=34")
    assert text.endswith("E=1")
