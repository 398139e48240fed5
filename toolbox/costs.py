"""The emulated time of a tool call: how many CPU cycles the dispatcher charges for each
call, as the IIGS's ROM and RAM tools would take them (issue 48).

The toolbox runs in Python, so a call takes no emulated time of its own: without this
table a program that times its work with GetTick (a 3D viewer does) sees a loop of
SANE calls that takes seconds on a IIGS finish in a few ticks. The dispatcher charges

    cost = the call's entry in CALL_CYCLES (SANE's opword calls: their operation's
           entry in OPWORD_CYCLES), else its tool set's in TOOLSET_CYCLES, else
           DEFAULT_CYCLES
         + PER_BYTE_PARAM: cycles per byte a parameter counts (BlockMove's count)
         + QD_CYCLES_PER_BYTE for every byte of a pixel image QuickDraw II changed
           during the call (whichever tool set drew: the Window Manager's frames too;
           a call made inside it, from a procedure the toolbox runs, pays for its own)

Every figure includes the Tool Locator's dispatch (DISPATCH_CYCLES). Everything is a
function of the call and its parameters, so a run and its replay take the same cycles.

Sources, and how each estimate was made (docs/compatibility.md, "Tool call timing"):
- The 65C816 instruction timings are the WDC W65C816S data sheet's (table 5-7); MVN
  and MVP move a byte in 7 cycles. The machine runs at CPU_HZ = 2.8 MHz.
- DISPATCH_CYCLES: the ROM's dispatcher (JSL $E10000 to the function's RTL: the tool
  set's and the function's table look-ups, the jump through them) is about 60 cycles,
  counted over its path as the Toolbox Reference vol. 1 ch. 1 describes it.
- SANE: neither the Apple Numerics Manual nor the Toolbox Reference prints 65816
  timings (the Numerics Manual's performance notes are for the 68000 and the 6502),
  and no measured figure was found, so each operation is estimated from the work the
  65816 has to do without a multiply instruction, 16 bits at a time on a 64-bit
  significand: unpacking and packing the operands and rounding (~900 cycles together,
  ~80 per 10-byte operand copied through long indirect addressing), an add's alignment
  and normalisation shifts (~400), a multiply's 64 shift-and-add steps over a 128-bit
  product (~90 cycles each), a divide's or remainder's 64 restoring steps (~110 each), a
  square root's 64 bit-by-bit steps (~150 each). The elementary functions (Elems816)
  are argument reduction plus a rational approximation of some 8 multiplies, 8 adds and
  a divide (~70,000 cycles; a power is a logarithm, a multiply and an exponential; the
  compound and annuity functions a power and a few operations more). Binary-decimal
  conversion scales by powers of ten in multiple precision (~30,000). The result, about
  2.3 ms for an extended multiply and 27 ms for a sine at 2.8 MHz: a few hundred
  multiplies a second.
- QuickDraw II: a pattern fill's inner loop (LDA, ORA/EOR/AND, STA long indexed, INY
  INY, DEX, BNE) is ~16 cycles a word, and the screen (bank $E1, or $01 shadowed) is
  written at the Mega II's 1 MHz (~2.8 fast cycles a byte): ~10 cycles a byte changed.
  The call's fixed part is ~300 cycles (the port's clip and its pattern set up).
- Memory Manager: a handle's look-up walks the handle list (~400 cycles); NewHandle
  searches the free list and may compact (~1,500); the rest ~300.
- Integer Math: 16x16 Multiply is 16 shift-and-add steps (~20 cycles each) plus the
  dispatch; the divides 16 or 32 restoring steps; the Fix and Frac multiplies 32-bit
  products; FracSqrt, FracCos, FracSin and FixATan2 iterate (CORDIC-like) over 30 bits;
  the conversions to and from text loop over their digits.
- DEFAULT_CYCLES, for the rest (and a tool set without an entry): 100, the dispatch and
  a short routine; the Window, Menu, Control and Dialog Managers' drawing is charged by
  the pixels it changes, on top.
"""
from __future__ import annotations

from typing import Sequence

DISPATCH_CYCLES = 60
DEFAULT_CYCLES = 100

# Tool set -> the cycles of a call of it without its own entry.
TOOLSET_CYCLES: dict[int, int] = {
    0x02: 300,        # Memory Manager: a handle's look-up and its record
    0x04: 300,        # QuickDraw II: the port, its clip and pattern; pixels on top
    0x0A: 200,        # SANE's housekeeping (StartUp, Status, ...)
    0x0B: 200,        # Integer Math: the conversions of one word
}

# Call number (function << 8 | tool set) -> cycles.
CALL_CYCLES: dict[int, int] = {
    # Memory Manager ($02)
    0x0902: 1_500,    # NewHandle: the free list searched (a compaction is not counted)
    0x0A02: 1_500,    # ReAllocHandle
    0x1002: 400,      # DisposeHandle
    0x1902: 1_200,    # SetHandleSize
    0x1A02: 600,      # FindHandle: the handle list walked
    0x1F02: 3_000,    # CompactMem
    0x2B02: 150,      # BlockMove: MVN's 7 cycles a byte on top (PER_BYTE_PARAM)
    # Integer Math ($0B)
    0x090B: 400,      # Multiply: 16 shift-and-add steps
    0x0A0B: 550,      # SDivide: 16 restoring steps and the signs
    0x0B0B: 500,      # UDivide
    0x0C0B: 1_100,    # LongMul: 32 steps
    0x0D0B: 1_500,    # LongDivide: 32 steps
    0x0E0B: 1_500,    # FixRatio
    0x0F0B: 1_200,    # FixMul
    0x100B: 1_200,    # FracMul
    0x110B: 1_600,    # FixDiv
    0x120B: 1_600,    # FracDiv
    0x140B: 2_500,    # FracSqrt: 30 bit-by-bit steps
    0x150B: 3_000,    # FracCos: 30 rotation steps
    0x160B: 3_000,    # FracSin
    0x170B: 3_500,    # FixATan2
    0x260B: 900,      # Int2Dec: five digits, a divide by ten each
    0x270B: 2_000,    # Long2Dec: ten digits
    0x280B: 700,      # Dec2Int
    0x290B: 1_400,    # Dec2Long
}

# Opword calls: call number -> {operation (the opword's low byte) -> cycles}.
FP816, DECSTR816, ELEMS816 = 0x090A, 0x0A0A, 0x0B0A
OPWORD_CYCLES: dict[int, dict[int, int]] = {
    FP816: {
        0x00: 1_500,   # FADDX: unpack, align, add, normalise, round, pack
        0x02: 1_500,   # FSUBX
        0x04: 6_500,   # FMULX: 64 shift-and-add steps
        0x06: 8_000,   # FDIVX: 64 restoring steps
        0x08: 600,     # FCMPX
        0x0A: 600,     # FCPXX
        0x0C: 8_000,   # FREMX: as a divide
        0x0E: 800,     # FX2X (FZ2X: any format to extended)
        0x10: 800,     # FX2Z (extended to any format, rounded)
        0x12: 10_500,  # FSQRTX: 64 bit-by-bit steps
        0x14: 1_200,   # FRINTX
        0x16: 1_200,   # FTINTX
        0x18: 900,     # FSCALBX
        0x1A: 700,     # FLOGBX
        0x1C: 300,     # FCLASSX
        0x1E: 1_000,   # FNEXTX
        0x01: 150,     # FSETENV
        0x03: 150,     # FGETENV
        0x05: 150,     # FSETHV
        0x07: 150,     # FGETHV
        0x09: 30_000,  # FDEC2X: multiple-precision scaling by powers of ten
        0x0B: 30_000,  # FX2DEC
        0x0D: 200,     # FNEGX: the sign bit
        0x0F: 200,     # FABSX
        0x11: 250,     # FCPYSGNX
        0x15: 200,     # FSETXCP
        0x17: 200,     # FPROCENTRY
        0x19: 250,     # FPROCEXIT
        0x1B: 200,     # FTESTXCP
    },
    DECSTR816: {
        0x00: 5_000,   # FPSTR2DEC: a character at a time
        0x01: 5_000,   # FDEC2STR
        0x02: 5_000,   # FCSTR2DEC
        0x03: 5_000,   # FDEC2STR (the Numerics Manual's number)
        0x04: 5_000,   # FCSTR2DEC (likewise)
    },
    ELEMS816: {
        0x00: 70_000,  # FLNX: reduction and a rational approximation
        0x02: 70_000,  # FLOG2X
        0x04: 72_000,  # FLN1X
        0x06: 72_000,  # FLOG21X
        0x08: 70_000,  # FEXPX
        0x0A: 70_000,  # FEXP2X
        0x0C: 72_000,  # FEXP1X
        0x0E: 72_000,  # FEXP21X
        0x10: 20_000,  # FXPWRI: repeated multiplies (a few on average)
        0x12: 150_000, # FXPWRY: a logarithm, a multiply and an exponential
        0x14: 160_000, # FCOMPOUND
        0x16: 165_000, # FANNUITY
        0x18: 70_000,  # FATANX
        0x1A: 75_000,  # FSINX: the remainder by pi/2 first
        0x1C: 75_000,  # FCOSX
        0x1E: 85_000,  # FTANX: sine and cosine's approximations, then a divide
        0x20: 16_000,  # FRANDX: a multiply and a remainder, in extended
    },
}

# Calls that take time a byte at a time: call -> (parameter index in the call's
# declared order, cycles a byte). BlockMove(source, dest, count): MVN's 7 a byte.
PER_BYTE_PARAM: dict[int, tuple[int, int]] = {
    0x2B02: (2, 7),
}

QD_CYCLES_PER_BYTE = 10     # a byte of a pixel image QuickDraw II changed
OPWORD_OPERATION = 0xFF     # the opword's low byte names the operation


def call_cycles(number: int, args: Sequence[int] = (), opword: int | None = None) -> int:
    """The cycles a call takes, before the pixels it draws: its entry (an opword call's
    operation's), or its tool set's, or DEFAULT_CYCLES; plus its per-byte part."""
    if opword is not None and number in OPWORD_CYCLES:
        by_op = OPWORD_CYCLES[number]
        cycles = by_op.get(opword & OPWORD_OPERATION, DEFAULT_CYCLES)
    else:
        cycles = CALL_CYCLES.get(number, TOOLSET_CYCLES.get(number & 0xFF, DEFAULT_CYCLES))
    per_byte = PER_BYTE_PARAM.get(number)
    if per_byte is not None and per_byte[0] < len(args):
        cycles += per_byte[1] * args[per_byte[0]]
    return cycles


def drawing_cycles(bytes_changed: int) -> int:
    """The cycles QuickDraw II takes to change `bytes_changed` bytes of pixel images."""
    return QD_CYCLES_PER_BYTE * bytes_changed
