"""The WDC 65C816 opcode table: one row per opcode, read by dispatch, timing and disassembly.

Follows the W65C816S datasheet (WDC, 2018), Table 5-4 "Opcode Matrix" and Table 5-7
"Instruction Operation" cycle column. The base cycle count of each row is the datasheet's
count for 8-bit registers (M=1, X=1), DL=0, no page crossing, branch not taken, and
emulation mode. The datasheet notes that add cycles are applied by `base_cycles` rules in
`iigs.cpu` (one helper per note):

  note 1  +1 when M=0 (16-bit memory/accumulator operand), +2 for read-modify-write
  note 2  +1 when DL (low byte of D) is not zero, for direct-page modes
  note 4  +1 for indexing across a page boundary, or a write, or X=0
  note 5  +1 (+1 more in emulation mode when the page is crossed) for a taken branch
  note 9  +1 in native mode for BRK, COP, RTI (the program bank is pushed/pulled)
  note 10 +1 when X=0 (16-bit index operand)
  MVN/MVP take 7 cycles per byte moved.
"""
from __future__ import annotations

from dataclasses import dataclass

# Addressing modes, named after the datasheet (Table 5-4 column headings), with the
# operand byte count and the assembler spelling used by the disassembler.
#   name:  (operand bytes, format, direct-page based, indexed-read page penalty)
# An operand byte count of None means "sized by M or X" (immediate operands).
MODES: dict[str, tuple[int | None, str, bool, bool]] = {
    "imp":   (0, "", False, False),              # implied / stack
    "acc":   (0, "A", False, False),             # accumulator
    "immm":  (None, "#${v}", False, False),      # immediate, M-sized
    "immx":  (None, "#${v}", False, False),      # immediate, X-sized
    "imm8":  (1, "#${v:02X}", False, False),     # REP/SEP
    "sig":   (1, "${v:02X}", False, False),      # BRK/COP/WDM signature byte
    "dp":    (1, "${v:02X}", True, False),
    "dpx":   (1, "${v:02X},X", True, False),
    "dpy":   (1, "${v:02X},Y", True, False),
    "dpi":   (1, "(${v:02X})", True, False),
    "dpix":  (1, "(${v:02X},X)", True, False),
    "dpiy":  (1, "(${v:02X}),Y", True, True),
    "dpil":  (1, "[${v:02X}]", True, False),
    "dpily": (1, "[${v:02X}],Y", True, False),
    "abs":   (2, "${v:04X}", False, False),
    "absx":  (2, "${v:04X},X", False, True),
    "absy":  (2, "${v:04X},Y", False, True),
    "absl":  (3, "${v:06X}", False, False),
    "abslx": (3, "${v:06X},X", False, False),
    "sr":    (1, "${v:02X},S", False, False),
    "sriy":  (1, "(${v:02X},S),Y", False, False),
    "rel8":  (1, "${v:04X}", False, False),
    "rel16": (2, "${v:04X}", False, False),
    "absi":  (2, "(${v:04X})", False, False),
    "absil": (2, "[${v:04X}]", False, False),
    "absix": (2, "(${v:04X},X)", False, False),
    "blk":   (2, "${s:02X},${d:02X}", False, False),
    "pei":   (1, "(${v:02X})", True, False),
    "pea":   (2, "#${v:04X}", False, False),
}

# Which register width sizes an operation's operand ("m" or "x"), and how it touches
# memory (r: read, w: write, rmw: read-modify-write).
OPERATION_WIDTH: dict[str, str] = {
    **{n: "m" for n in "ORA AND EOR ADC SBC CMP BIT LDA STA STZ ASL LSR ROL ROR INC DEC "
                       "TSB TRB PHA PLA".split()},
    **{n: "x" for n in "LDX LDY STX STY CPX CPY PHX PHY PLX PLY".split()},
}
OPERATION_ACCESS: dict[str, str] = {
    **{n: "r" for n in "ORA AND EOR ADC SBC CMP BIT LDA LDX LDY CPX CPY".split()},
    **{n: "w" for n in "STA STX STY STZ".split()},
    **{n: "rmw" for n in "ASL LSR ROL ROR INC DEC TSB TRB".split()},
}

# Modes whose data address is in bank 0 and whose 16-bit operand wraps at $FFFF (direct
# page and stack relative, datasheet 7.2 and 7.3); every other data address is 24 bits.
BANK0_MODES = frozenset({"dp", "dpx", "dpy", "sr"})
IMMEDIATE_MODES = frozenset({"immm", "immx"})

# Status bits (datasheet 2.6, Figure 2-3).
N, V, M, X, D, I, Z, C = 0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01
ALL_FLAGS = 0xFF

# ---------------------------------------------------------------- per-opcode facts
#
# What each operation does beyond its operand, one fact per column of `Opcode` (below),
# read by the interpreter (`iigs.cpu`), the generator (`iigs.cpu_fast`), the region
# translator and its analyses (`iigs.blocks`) and the run loop (`iigs.tiers`).

# Control flow: "branch" (conditional, rel8), "direct" (a constant target the translator
# follows), "computed" (a target read at run time: RTS/RTL may go back to a call).
_FLOW: dict[tuple[str, str], str] = {
    **{(n, "rel8"): "branch" for n in "BPL BMI BVC BVS BCC BCS BNE BEQ".split()},
    ("BRA", "rel8"): "direct", ("BRL", "rel16"): "direct", ("JMP", "abs"): "direct",
    ("JML", "absl"): "direct", ("JSR", "abs"): "direct", ("JSL", "absl"): "direct",
    ("RTS", "imp"): "computed", ("RTL", "imp"): "computed", ("JMP", "absi"): "computed",
    ("JMP", "absix"): "computed", ("JML", "absil"): "computed",
    ("JSR", "absix"): "computed",
}
# A conditional branch's test: (the flag, taken when it is set).
BRANCH_ON: dict[str, tuple[int, bool]] = {
    "BPL": (0x80, False), "BMI": (0x80, True), "BVC": (0x40, False), "BVS": (0x40, True),
    "BCC": (0x01, False), "BCS": (0x01, True), "BNE": (0x02, False), "BEQ": (0x02, True),
}
# Rare or state-changing: the generated tiers hand them to the interpreter (`step()`);
# a region keeps REP/SEP/XCE/PLP (`KEPT_IN_REGIONS`), and ends its block before the rest.
DELEGATED = frozenset("BRK COP RTI MVN MVP XCE PLP REP SEP WAI STP WDM".split())
KEPT_IN_REGIONS = frozenset("REP SEP XCE PLP".split())
# The stack: operations that push (a push may land in a region's own code).
PUSHES = frozenset("PHA PHX PHY PHP PHB PHK PHD PEA PEI PER JSR JSL".split())
# How far each operation moves S in native mode (bytes pulled, negative: pushed; "m"/"x":
# 1 or 2 by that flag's width): a region follows S along the blocks of an arm
# (`iigs.blocks._Writer`). Absent: 0. `None`: S written otherwise (not known).
STACK_MOVES: dict[str, int | str | None] = {
    "PHA": "-m", "PHX": "-x", "PHY": "-x", "PHP": -1, "PHB": -1, "PHK": -1, "PHD": -2,
    "PEA": -2, "PEI": -2, "PER": -2, "JSR": -2, "JSL": -3,
    "PLA": "m", "PLX": "x", "PLY": "x", "PLP": 1, "PLB": 1, "PLD": 2, "RTS": 2, "RTL": 3,
    "TCS": None, "TXS": None, "XCE": None, "RTI": None, "BRK": None, "COP": None,
}

# Flags each operation reads (beyond the address), and flags it defines: every flag it
# writes, whatever its old value (REP/SEP: by their operand, see `flags_defined`).
_NZ, _NZC = N | Z, N | Z | C
_FLAGS_DEFINED: dict[str, int] = {
    **{n: _NZ for n in "LDA LDX LDY ORA AND EOR INC DEC INX INY DEX DEY TAX TAY TXA TYA "
                       "TXY TYX TSX TSC TDC TCD XBA PLA PLX PLY PLB PLD".split()},
    **{n: _NZC for n in "CMP CPX CPY ASL LSR ROL ROR".split()},
    "ADC": N | V | Z | C, "SBC": N | V | Z | C, "BIT": N | V | Z, "TSB": Z, "TRB": Z,
    "CLC": C, "SEC": C, "CLI": I, "SEI": I, "CLD": D, "SED": D, "CLV": V,
    "PLP": ALL_FLAGS, "RTI": ALL_FLAGS, "XCE": C | M | X,
    "BRK": D | I, "COP": D | I,
}
_FLAGS_READ: dict[str, int] = {
    "ADC": C | D, "SBC": C | D, "ROL": C, "ROR": C, "XCE": C,
    "BPL": N, "BMI": N, "BVC": V, "BVS": V, "BCC": C, "BCS": C, "BNE": Z, "BEQ": Z,
    "PHP": ALL_FLAGS, "BRK": ALL_FLAGS, "COP": ALL_FLAGS,
    # widths: every operation sized by M or X reads it (the state key carries them)
}
# Registers each operation reads and writes (a x y sp d dbr pbr; p is in the flags).
_REGISTERS: dict[str, tuple[str, str]] = {
    **{n: ("a", "a") for n in "ORA AND EOR ADC SBC ASL LSR ROL ROR INC DEC XBA".split()},
    "LDA": ("", "a"), "LDX": ("", "x"), "LDY": ("", "y"),
    "STA": ("a", ""), "STX": ("x", ""), "STY": ("y", ""), "STZ": ("", ""),
    "CMP": ("a", ""), "CPX": ("x", ""), "CPY": ("y", ""), "BIT": ("a", ""),
    "TSB": ("a", ""), "TRB": ("a", ""),
    "INX": ("x", "x"), "INY": ("y", "y"), "DEX": ("x", "x"), "DEY": ("y", "y"),
    "TAX": ("a", "x"), "TAY": ("a", "y"), "TXA": ("x", "a"), "TYA": ("y", "a"),
    "TXY": ("x", "y"), "TYX": ("y", "x"), "TSX": ("sp", "x"), "TXS": ("x", "sp"),
    "TCS": ("a", "sp"), "TSC": ("sp", "a"), "TCD": ("a", "d"), "TDC": ("d", "a"),
    "PHA": ("a sp", "sp"), "PHX": ("x sp", "sp"), "PHY": ("y sp", "sp"),
    "PHP": ("sp", "sp"), "PHB": ("dbr sp", "sp"), "PHK": ("pbr sp", "sp"),
    "PHD": ("d sp", "sp"), "PEA": ("sp", "sp"), "PEI": ("d sp", "sp"),
    "PER": ("sp", "sp"),
    "PLA": ("sp", "a sp"), "PLX": ("sp", "x sp"), "PLY": ("sp", "y sp"),
    "PLB": ("sp", "dbr sp"), "PLD": ("sp", "d sp"), "PLP": ("sp", "sp x y"),
    "JSR": ("sp", "sp"), "JSL": ("sp pbr", "sp pbr"), "RTS": ("sp", "sp"),
    "RTL": ("sp", "sp pbr"), "JML": ("", "pbr"), "RTI": ("sp", "sp pbr x y"),
    "MVN": ("a x y", "a x y dbr"), "MVP": ("a x y", "a x y dbr"),
    "REP": ("", "x y"), "SEP": ("", "x y"), "XCE": ("", "sp x y"),
    "BRK": ("sp pbr", "sp pbr"), "COP": ("sp pbr", "sp pbr"),
}
# Modes that read an index register or D (for `Opcode.reads`).
_MODE_READS: dict[str, str] = {
    "dp": "d", "dpx": "d x", "dpy": "d y", "dpi": "d dbr", "dpix": "d x dbr",
    "dpiy": "d y dbr", "dpil": "d", "dpily": "d y", "abs": "dbr", "absx": "dbr x",
    "absy": "dbr y", "abslx": "x", "sr": "sp", "sriy": "sp y dbr", "absix": "x",
    "pei": "d",
}

# Table 5-4, row by row: "opcode mnemonic mode base-cycles".
_MATRIX = """
00 BRK sig 7   01 ORA dpix 6  02 COP sig 7   03 ORA sr 4    04 TSB dp 5    05 ORA dp 3
06 ASL dp 5    07 ORA dpil 6  08 PHP imp 3   09 ORA immm 2  0A ASL acc 2   0B PHD imp 4
0C TSB abs 6   0D ORA abs 4   0E ASL abs 6   0F ORA absl 5
10 BPL rel8 2  11 ORA dpiy 5  12 ORA dpi 5   13 ORA sriy 7  14 TRB dp 5    15 ORA dpx 4
16 ASL dpx 6   17 ORA dpily 6 18 CLC imp 2   19 ORA absy 4  1A INC acc 2   1B TCS imp 2
1C TRB abs 6   1D ORA absx 4  1E ASL absx 7  1F ORA abslx 5
20 JSR abs 6   21 AND dpix 6  22 JSL absl 8  23 AND sr 4    24 BIT dp 3    25 AND dp 3
26 ROL dp 5    27 AND dpil 6  28 PLP imp 4   29 AND immm 2  2A ROL acc 2   2B PLD imp 5
2C BIT abs 4   2D AND abs 4   2E ROL abs 6   2F AND absl 5
30 BMI rel8 2  31 AND dpiy 5  32 AND dpi 5   33 AND sriy 7  34 BIT dpx 4   35 AND dpx 4
36 ROL dpx 6   37 AND dpily 6 38 SEC imp 2   39 AND absy 4  3A DEC acc 2   3B TSC imp 2
3C BIT absx 4  3D AND absx 4  3E ROL absx 7  3F AND abslx 5
40 RTI imp 6   41 EOR dpix 6  42 WDM sig 2   43 EOR sr 4    44 MVP blk 7   45 EOR dp 3
46 LSR dp 5    47 EOR dpil 6  48 PHA imp 3   49 EOR immm 2  4A LSR acc 2   4B PHK imp 3
4C JMP abs 3   4D EOR abs 4   4E LSR abs 6   4F EOR absl 5
50 BVC rel8 2  51 EOR dpiy 5  52 EOR dpi 5   53 EOR sriy 7  54 MVN blk 7   55 EOR dpx 4
56 LSR dpx 6   57 EOR dpily 6 58 CLI imp 2   59 EOR absy 4  5A PHY imp 3   5B TCD imp 2
5C JML absl 4  5D EOR absx 4  5E LSR absx 7  5F EOR abslx 5
60 RTS imp 6   61 ADC dpix 6  62 PER rel16 6 63 ADC sr 4    64 STZ dp 3    65 ADC dp 3
66 ROR dp 5    67 ADC dpil 6  68 PLA imp 4   69 ADC immm 2  6A ROR acc 2   6B RTL imp 6
6C JMP absi 5  6D ADC abs 4   6E ROR abs 6   6F ADC absl 5
70 BVS rel8 2  71 ADC dpiy 5  72 ADC dpi 5   73 ADC sriy 7  74 STZ dpx 4   75 ADC dpx 4
76 ROR dpx 6   77 ADC dpily 6 78 SEI imp 2   79 ADC absy 4  7A PLY imp 4   7B TDC imp 2
7C JMP absix 6 7D ADC absx 4  7E ROR absx 7  7F ADC abslx 5
80 BRA rel8 2  81 STA dpix 6  82 BRL rel16 4 83 STA sr 4    84 STY dp 3    85 STA dp 3
86 STX dp 3    87 STA dpil 6  88 DEY imp 2   89 BIT immm 2  8A TXA imp 2   8B PHB imp 3
8C STY abs 4   8D STA abs 4   8E STX abs 4   8F STA absl 5
90 BCC rel8 2  91 STA dpiy 6  92 STA dpi 5   93 STA sriy 7  94 STY dpx 4   95 STA dpx 4
96 STX dpy 4   97 STA dpily 6 98 TYA imp 2   99 STA absy 5  9A TXS imp 2   9B TXY imp 2
9C STZ abs 4   9D STA absx 5  9E STZ absx 5  9F STA abslx 5
A0 LDY immx 2  A1 LDA dpix 6  A2 LDX immx 2  A3 LDA sr 4    A4 LDY dp 3    A5 LDA dp 3
A6 LDX dp 3    A7 LDA dpil 6  A8 TAY imp 2   A9 LDA immm 2  AA TAX imp 2   AB PLB imp 4
AC LDY abs 4   AD LDA abs 4   AE LDX abs 4   AF LDA absl 5
B0 BCS rel8 2  B1 LDA dpiy 5  B2 LDA dpi 5   B3 LDA sriy 7  B4 LDY dpx 4   B5 LDA dpx 4
B6 LDX dpy 4   B7 LDA dpily 6 B8 CLV imp 2   B9 LDA absy 4  BA TSX imp 2   BB TYX imp 2
BC LDY absx 4  BD LDA absx 4  BE LDX absy 4  BF LDA abslx 5
C0 CPY immx 2  C1 CMP dpix 6  C2 REP imm8 3  C3 CMP sr 4    C4 CPY dp 3    C5 CMP dp 3
C6 DEC dp 5    C7 CMP dpil 6  C8 INY imp 2   C9 CMP immm 2  CA DEX imp 2   CB WAI imp 3
CC CPY abs 4   CD CMP abs 4   CE DEC abs 6   CF CMP absl 5
D0 BNE rel8 2  D1 CMP dpiy 5  D2 CMP dpi 5   D3 CMP sriy 7  D4 PEI pei 6   D5 CMP dpx 4
D6 DEC dpx 6   D7 CMP dpily 6 D8 CLD imp 2   D9 CMP absy 4  DA PHX imp 3   DB STP imp 3
DC JML absil 6 DD CMP absx 4  DE DEC absx 7  DF CMP abslx 5
E0 CPX immx 2  E1 SBC dpix 6  E2 SEP imm8 3  E3 SBC sr 4    E4 CPX dp 3    E5 SBC dp 3
E6 INC dp 5    E7 SBC dpil 6  E8 INX imp 2   E9 SBC immm 2  EA NOP imp 2   EB XBA imp 3
EC CPX abs 4   ED SBC abs 4   EE INC abs 6   EF SBC absl 5
F0 BEQ rel8 2  F1 SBC dpiy 5  F2 SBC dpi 5   F3 SBC sriy 7  F4 PEA pea 5   F5 SBC dpx 4
F6 INC dpx 6   F7 SBC dpily 6 F8 SED imp 2   F9 SBC absy 4  FA PLX imp 4   FB XCE imp 2
FC JSR absix 8 FD SBC absx 4  FE INC absx 7  FF SBC abslx 5
"""


@dataclass(frozen=True)
class Opcode:
    """One row of the opcode matrix."""

    code: int
    mnemonic: str
    mode: str
    cycles: int          # base count: M=1, X=1, DL=0, no page cross, emulation mode
    width: str           # "m", "x" or "" (which status flag sizes the operand)
    access: str          # "r", "w", "rmw" or "" (how the operand is touched)
    flow: str = ""       # "branch", "direct", "computed" or "" (falls through)
    delegated: bool = False   # run by the interpreter in the generated tiers
    bank0: bool = False  # the data address is in bank 0 (BANK0_MODES)
    pushes: bool = False      # writes the stack
    flags_read: int = 0       # P bits read
    flags_written: int = 0    # P bits defined (REP/SEP: by the operand, `flags_defined`)
    reads: frozenset[str] = frozenset()    # registers read (mode's included)
    writes: frozenset[str] = frozenset()   # registers written

    @property
    def ends_block(self) -> bool:
        """Does a basic block end after it (control flow, or a state change)?"""
        return bool(self.flow) or self.delegated

    @property
    def ends_region_block(self) -> bool:
        """Does a region's block end *before* it (the interpreter runs it)?"""
        return self.delegated and self.mnemonic not in KEPT_IN_REGIONS

    @property
    def reads_carry(self) -> bool:
        return bool(self.flags_read & C)

    def flags_defined(self, imm: int | None = None) -> int:
        """The P bits it writes whatever their old value (REP/SEP: `imm`'s bits)."""
        if self.mnemonic in ("REP", "SEP"):
            return imm if imm is not None else 0
        return self.flags_written

    def sets_decimal(self, imm: int | None = None) -> bool:
        """May it set D (so ADC/SBC after it may run in decimal mode)?"""
        if self.mnemonic == "SEP":
            return imm is None or bool(imm & D)
        return self.mnemonic in ("SED", "PLP", "RTI")

    def stack_move(self, m: int, x: int) -> int | None:
        """How far it moves S in native mode (`STACK_MOVES`), given the M and X flags
        (1 = 8-bit); None: S written otherwise."""
        move = STACK_MOVES.get(self.mnemonic, 0)
        if not isinstance(move, str):
            return move
        bytes_ = 1 if (m if move[-1] == "m" else x) else 2
        return -bytes_ if move[0] == "-" else bytes_

    def operand_size(self, m: int, x: int) -> int:
        """Operand bytes after the opcode, given the M and X flags (1 = 8-bit)."""
        size = MODES[self.mode][0]
        if size is None:
            flag = m if self.mode == "immm" else x
            return 1 if flag else 2
        return size


def _parse(matrix: str) -> tuple[Opcode, ...]:
    words = matrix.split()
    rows: dict[int, Opcode] = {}
    for i in range(0, len(words), 4):
        code, name, mode, cycles = words[i:i + 4]
        width = OPERATION_WIDTH.get(name, "")
        access = OPERATION_ACCESS.get(name, "") if mode != "acc" else ""
        reads, writes = _REGISTERS.get(name, ("", ""))
        if OPERATION_ACCESS.get(name) or mode in ("absix", "pei"):   # a data address
            reads += " " + _MODE_READS.get(mode, "")
        reads = frozenset(reads.split())
        rows[int(code, 16)] = Opcode(
            int(code, 16), name, mode, int(cycles), width, access,
            flow=_FLOW.get((name, mode), ""), delegated=name in DELEGATED,
            bank0=mode in BANK0_MODES, pushes=name in PUSHES,
            flags_read=_FLAGS_READ.get(name, 0),
            flags_written=_FLAGS_DEFINED.get(name, 0) if not (name == "BIT" and mode == "immm")
            else Z,
            reads=reads, writes=frozenset(writes.split()))
    assert sorted(rows) == list(range(256)), "opcode matrix must list all 256 opcodes"
    return tuple(rows[c] for c in range(256))


OPCODES: tuple[Opcode, ...] = _parse(_MATRIX)
