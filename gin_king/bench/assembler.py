"""A small 65816 assembler for the CPU benchmark's workloads, driven by `iigs.opcodes`.

The opcode is found in the datasheet's Table 5-4 (`iigs.opcodes.OPCODES`) by mnemonic and
addressing-mode name, so a line reads like assembly: `a.op("LDA", "dpily", 0x04)` is
`LDA [$04],Y`. Labels may be used before they are defined (branches, JSR/JSL/JMP targets,
operands that name an address); `assemble()` resolves them.
"""
from __future__ import annotations

from iigs.opcodes import MODES, OPCODES

_CODES = {(row.mnemonic, row.mode): row.code for row in OPCODES}


class Assembler:
    """Assembles into `image` (a bytearray of the 16 MB address space) from `origin`."""

    def __init__(self, image: bytearray, origin: int) -> None:
        self.image = image
        self.pc = origin
        self.labels: dict[str, int] = {}
        self._fixups: list[tuple[int, str, str, int]] = []   # (at, label, kind, offset)

    def label(self, name: str) -> int:
        self.labels[name] = self.pc
        return self.pc

    def op(self, mnemonic: str, mode: str = "imp", value: int | str = 0, *,
           wide: bool = False, offset: int = 0) -> int:
        """Emit one instruction; `wide` sizes immm/immx operands to 16 bits; a str
        `value` names a label (plus `offset`). Returns the instruction's address."""
        at = self.pc
        self.image[at] = _CODES[mnemonic, mode]
        size = MODES[mode][0]
        if size is None:
            size = 2 if wide else 1
        if isinstance(value, str):
            kind = mode if mode in ("rel8", "rel16") else str(size)
            self._fixups.append((at + 1, value, kind, offset))
            value = 0
        for i in range(size):
            self.image[at + 1 + i] = (value >> (8 * i)) & 0xFF
        self.pc = at + 1 + size
        return at

    def data(self, values: bytes) -> int:
        at = self.pc
        self.image[at:at + len(values)] = values
        self.pc += len(values)
        return at

    def assemble(self) -> dict[str, int]:
        for at, name, kind, offset in self._fixups:
            target = self.labels[name] + offset
            if kind == "rel8":
                delta = target - (at + 1)
                assert -128 <= delta <= 127, f"branch to {name} out of range"
                self.image[at] = delta & 0xFF
            elif kind == "rel16":
                self.image[at:at + 2] = ((target - (at + 2)) & 0xFFFF).to_bytes(2, "little")
            else:
                size = int(kind)
                self.image[at:at + size] = (target & ((1 << (8 * size)) - 1)).to_bytes(
                    size, "little")
        return self.labels


def native_program(origin: int, widths: str = "REP", bits: int = 0x30
                   ) -> tuple[bytearray, Assembler]:
    """The 16 MB address space and an assembler at `origin` whose program starts in
    native mode (CLC, XCE), then `widths` (REP or SEP) #`bits`: how the test and
    benchmark programs begin."""
    image = bytearray(1 << 24)
    a = Assembler(image, origin)
    a.op("CLC")
    a.op("XCE")
    a.op(widths, "imm8", bits)
    return image, a
