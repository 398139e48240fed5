"""65C816 disassembler for traces, crash reports and the debugger.

Driven by the same opcode table as the CPU (`iigs.opcodes.OPCODES`, datasheet Table 5-4),
in the WDC assembler spelling of Table 5-3. Immediate operands are sized by the M and X
flags; the listing tracks REP/SEP (and XCE after SEC/CLC is not tracked: it cannot be
known statically) so a run of code reads right across width changes.
"""
from __future__ import annotations

from typing import Any

from iigs.opcodes import MODES, OPCODES


def _operand_text(mode: str, operand: bytes, next_pc: int) -> str:
    fmt = MODES[mode][1]
    if not fmt:
        return ""
    if mode == "blk":
        # Bytes are destination bank then source bank; the assembler writes src,dest.
        return fmt.format(s=operand[1], d=operand[0])
    value = int.from_bytes(operand, "little")
    if mode == "rel8":
        value = (next_pc + value - (0x100 if value & 0x80 else 0)) & 0xFFFF
    elif mode == "rel16":
        value = (next_pc + value) & 0xFFFF
    if mode in ("immm", "immx"):
        return "#$%0*X" % (2 * len(operand), value)
    return fmt.format(v=value)


def disassemble(mem: Any, addr24: int, m: int = 1, x: int = 1,
                count: int = 1) -> list[tuple[int, bytes, str]]:
    """Disassemble `count` instructions from `addr24` with the given M and X widths.

    Returns (address, instruction bytes, text) tuples. The program counter wraps within
    its bank, as the CPU's does.
    """
    bank = addr24 & 0xFF0000
    pc = addr24 & 0xFFFF
    listing = []
    for _ in range(count):
        row = OPCODES[mem[bank | pc]]
        size = row.operand_size(m, x)
        raw = bytes(mem[bank | ((pc + i) & 0xFFFF)] for i in range(size + 1))
        next_pc = (pc + size + 1) & 0xFFFF
        operand = _operand_text(row.mode, raw[1:], next_pc)
        text = f"{row.mnemonic} {operand}" if operand else row.mnemonic
        listing.append((bank | pc, raw, text))
        if row.mnemonic == "REP":
            m = 0 if raw[1] & 0x20 else m
            x = 0 if raw[1] & 0x10 else x
        elif row.mnemonic == "SEP":
            m = 1 if raw[1] & 0x20 else m
            x = 1 if raw[1] & 0x10 else x
        pc = next_pc
    return listing


def format_listing(listing: list[tuple[int, bytes, str]]) -> str:
    """One line per instruction: `BB/PPPP: bytes  text`."""
    return "\n".join(f"{addr >> 16:02X}/{addr & 0xFFFF:04X}: {raw.hex(' ').upper():<12} {text}"
                     for addr, raw, text in listing)


def format_registers(cpu: Any) -> str:
    """The registers on one line, flags spelled as the datasheet names them."""
    names = "NVMXDIZC" if not cpu.e else "NV1BDIZC"
    flags = "".join(n if cpu.p & (0x80 >> i) else n.lower() if n.isalpha() else "."
                    for i, n in enumerate(names))
    return (f"PC={cpu.pbr:02X}/{cpu.pc:04X} A={cpu.a:04X} X={cpu.x:04X} Y={cpu.y:04X} "
            f"S={cpu.sp:04X} D={cpu.d:04X} DBR={cpu.dbr:02X} P={cpu.p:02X} {flags} "
            f"E={cpu.e}")
