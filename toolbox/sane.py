"""SANE (tool set $0A): the Standard Apple Numerics Environment, exact in Python integers.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter "SANE Tool Set" and the Apple
Numerics Manual (the 65C816 interface), with the opwords of Apple's IIGS SANE macros
(the FOPRF / FOPRD / FOPRE macro file, Apple Computer 1986-87) and the call conventions
ORCA/C's libraries use (ORCALib fenv.asm, math2.asm; SysFloat fp.macros, stdlib.macros).
The opword tables below (FP816_OPWORDS, DECSTR816_OPWORDS, ELEMS816_OPWORDS) are the
whole of what this SANE accepts; docs/compatibility.md prints them with their sources.

- FP816 ($090A), Elems816 ($0B0A) and DecStr816 ($0A0A) take an opword as the last word
  pushed; its low byte is the operation, its high byte the source operand's format
  (0 extended, 1 double, 2 single, 3 longint, 4 integer, 5 comp: FL2X is $030E, FI2X
  $040E, FC2X $050E in Apple's macros and in ORCA/C's code; the 68000 SANE's longint
  format 6 is not a 65816 one). A two-operand operation
  has the source's address pushed first, then the destination's: PEA ^src / PEA src /
  PEA ^dst / PEA dst / PEA opword / LDX #$090A / JSL $E10000, and dst := dst op src.
  A one-operand operation pushes only the destination's address. FSETENV, FSETXCP,
  FPROCEXIT and FTESTXCP push a word value; FGETENV pushes nothing.
- The destination of arithmetic is extended (10 bytes: the 64-bit significand with its
  explicit integer bit, low byte first, then sign and 15-bit exponent biased by 16383).
  Every value is read and written bit for bit; results are computed exactly and rounded
  once, to 64 significant bits (or 53 / 24 under the rounding-precision control) in the
  environment's rounding direction, with infinities, denormals and NaNs carrying SANE's
  NaN codes (NaN(4) is $7FFF 4004 0000 0000 0000: quiet bit, code in bits 55-48).
- The environment word: rounding direction in bits 15-14 (to nearest, upward, downward,
  toward zero), exception flags in bits 12-8, rounding precision in bits 7-6, halt
  enables in bits 4-0 (invalid 1, underflow 2, overflow 4, divide-by-zero 8, inexact
  $10). The default, IEEE's, is 0: halts disabled. A halt that is enabled is not taken
  (the flag is set; the program carries on as with the halt disabled).
- FGETENV returns the environment in X and its high byte in Y. FCMP / FCPX set the N V Z C
  flags and X: N ($80) when the destination is greater than the source, V ($40) when it
  is less, Z ($02) when equal, C ($01) when unordered (ORCA/C's isless(x, y) pushes x as
  the source and tests $80). FCLASS returns in X's low byte $FC signaling NaN, $FD quiet
  NaN, $FE infinity, $FF zero, $00 normal, $01 denormal; X's bit 15 (and N) is the sign.
  FREM returns the low 7 bits of the quotient, with its sign, in X. FCPYSGN gives the
  source the destination's sign (SANE's order: sane.h's copysign(x, y) is y with the
  sign of x); FNEG and FABS change only the destination's sign bit, NaNs included.
- FX2DEC / FDEC2X (binary <-> decimal record) are exact and round once. DecStr816 turns
  a decimal record into text (FDEC2STR: decform, record, string pushed in that order)
  and reads the longest numeric prefix of a Pascal (FPSTR2DEC) or C (FCSTR2DEC) string:
  string, index, record, validPrefix pushed in that order. Its opwords are Apple's IIGS
  ones, FPSTR2DEC $0000, FDEC2STR $0001, FCSTR2DEC $0002 (SysFloat's fp.macros agree),
  and the Numerics Manual's 68000 numbering that ORCA/C's strtod and scanf use, FDEC2STR
  $0003 and FCSTR2DEC $0004 (SysFloat's stdlib.macros). $0002 stays FCSTR2DEC: Apple's
  IIGS macros and ORCA's own older code call it so (the 68000's FPSTR2DEC $0002 is not
  a 65816 opword).
  Decimal record: sgn:W, exp:W, sig (length byte + up to 28 digits); decform: style:W,
  digits:W.
- Elems816 (logarithms, exponentials, powers, trigonometry, compound and annuity,
  random) is computed in double precision and widened to extended (exact cases stay
  exact). The IIGS order is atan $18, sin $1A, cos $1C, tan $1E (Apple's IIGS macros;
  the 68000's is sin, cos, tan, atan). FCOMPOUND and FANNUITY take three addresses,
  rate (SRC2), periods (SRC) and the destination, pushed in that order.
- An opword outside the tables stops the machine with a report that names the call and
  the opword ("SANE opword $xxxx is not one this SANE knows").
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from iigs.memory import read_bytes, write_bytes
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import OpwordAnswer, OpwordFrame, UnknownOpword, opword_tool
from toolbox.toolbox import tool_state

TOOLSET = 0x0A
SANE_VERSION = 0x0202

# -- FP816 operations (opword low byte) -----------------------------------------------
FOADD, FOSUB, FOMUL, FODIV = 0x00, 0x02, 0x04, 0x06
FOCMP, FOCPX, FOREM = 0x08, 0x0A, 0x0C
FOZ2X, FOX2Z = 0x0E, 0x10
FOSQRT, FORTI, FOTTI, FOSCALB, FOLOGB, FOCLASS, FONEXT = 0x12, 0x14, 0x16, 0x18, 0x1A, 0x1C, 0x1E
FOSETENV, FOGETENV, FOSETHV, FOGETHV = 0x01, 0x03, 0x05, 0x07
FONEG, FOABS, FOCPYSGN = 0x0D, 0x0F, 0x11
FOSETXCP, FOPROCENTRY, FOPROCEXIT, FOTESTXCP = 0x15, 0x17, 0x19, 0x1B
FOD2B, FOB2D = 0x09, 0x0B                # decimal record to binary, binary to decimal

# DecStr816 operations: Apple's IIGS numbers, then the Numerics Manual's 68000 ones
FOPSTR2DEC, FODEC2STR, FOCSTR2DEC = 0x00, 0x01, 0x02
FODEC2STR_68K, FOCSTR2DEC_68K = 0x03, 0x04

# Decimal record: sgn:W, exp:W, sig: length byte + up to 28 characters + an unused byte;
# decform: style:W (0 floating, 1 fixed), digits:W.
DEC_SGN, DEC_EXP, DEC_SIG = 0, 2, 4
SIGDIGLEN = 28
DEC_SIZE = DEC_SIG + 1 + SIGDIGLEN + 1
FORM_STYLE, FORM_DIGITS = 0, 2
FLOAT_DECIMAL, FIXED_DECIMAL = 0, 1
MAX_DIGITS = 19                         # significant digits SANE delivers
DECSTROUTLEN = 80
DEC_EXP_LIMIT = 32767                    # the exp field is a signed word

# Elems816 operations
FOLNX, FOLOG2X, FOLN1X, FOLOG21X = 0x00, 0x02, 0x04, 0x06
FOEXPX, FOEXP2X, FOEXP1X, FOEXP21X = 0x08, 0x0A, 0x0C, 0x0E
FOXPWRI, FOXPWRY, FOCOMPOUND, FOANNUITY = 0x10, 0x12, 0x14, 0x16
FOATANX, FOSINX, FOCOSX, FOTANX, FORANDX = 0x18, 0x1A, 0x1C, 0x1E, 0x20

# Operand formats (opword high byte)
FFEXT, FFDBL, FFSGL, FFLONG, FFINT, FFCOMP = 0, 1, 2, 3, 4, 5
FORMAT_SUFFIX = {FFEXT: "X", FFDBL: "D", FFSGL: "S", FFLONG: "L", FFINT: "I", FFCOMP: "C"}
ALL_FORMATS = tuple(FORMAT_SUFFIX)
FLOAT_FORMATS = (FFEXT, FFDBL, FFSGL)

# Exceptions (bits of the flags and halt fields)
INVALID, UNDERFLOW, OVERFLOW, DIVBYZERO, INEXACT = 0x01, 0x02, 0x04, 0x08, 0x10
EXCEPTION_SHIFT = 8
ROUND_SHIFT, PRECISION_SHIFT = 14, 6
TO_NEAREST, UPWARD, DOWNWARD, TOWARD_ZERO = 0, 1, 2, 3
HALT_MASK = 0x001F
IEEE_DEFAULT_ENV = 0x0000

# Comparison results (X and the N V Z C flags)
CMP_GREATER, CMP_LESS, CMP_EQUAL, CMP_UNORDERED = 0x80, 0x40, 0x02, 0x01
NEGATIVE_FLAG = 0x80

# Class codes (X low byte)
CLASS_SNAN, CLASS_QNAN, CLASS_INFINITE, CLASS_ZERO = 0xFC, 0xFD, 0xFE, 0xFF
CLASS_NORMAL, CLASS_DENORMAL = 0x00, 0x01
CLASS_NEGATIVE = 0x8000

# NaN codes (Apple Numerics Manual)
NAN_SQRT, NAN_ADD, NAN_DIV, NAN_MUL, NAN_REM = 1, 2, 4, 8, 9
NAN_ASCII, NAN_COMP, NAN_ZERO, NAN_TRIG, NAN_INVTRIG = 17, 20, 21, 33, 34
NAN_LOG, NAN_POWER, NAN_FINANCE = 36, 37, 38
QUIET_BIT = 1 << 62                     # extended fraction: the quiet bit
NAN_CODE_SHIFT = 48                     # extended fraction: the code in bits 55-48
FRACTION_MASK = (1 << 63) - 1

EXT_SIZE = 10
RANDOM_MODULUS = (1 << 31) - 1          # Lehmer generator of the Numerics Manual
RANDOM_MULTIPLIER = 16807
MAX_EXACT_POWER = 64                    # FXPWRI multiplies out powers up to this


# -- the opwords this SANE knows, named as Apple's IIGS macros name them ---------------------
def _each_format(op: int, name: str, formats: tuple[int, ...]) -> dict[int, str]:
    """One opword per source format: `name` with {s} standing for the format's letter."""
    return {fmt << 8 | op: name.format(s=FORMAT_SUFFIX[fmt]) for fmt in formats}


FP816_OPWORDS: dict[int, str] = {
    **_each_format(FOADD, "FADD{s}", ALL_FORMATS),
    **_each_format(FOSUB, "FSUB{s}", ALL_FORMATS),
    **_each_format(FOMUL, "FMUL{s}", ALL_FORMATS),
    **_each_format(FODIV, "FDIV{s}", ALL_FORMATS),
    **_each_format(FOCMP, "FCMP{s}", ALL_FORMATS),
    **_each_format(FOCPX, "FCPX{s}", ALL_FORMATS),
    **_each_format(FOREM, "FREM{s}", ALL_FORMATS),
    **_each_format(FOZ2X, "F{s}2X", ALL_FORMATS),
    **_each_format(FOX2Z, "FX2{s}", ALL_FORMATS[1:]),
    **_each_format(FOD2B, "FDEC2{s}", ALL_FORMATS),
    **_each_format(FOB2D, "F{s}2DEC", ALL_FORMATS),
    **_each_format(FOCPYSGN, "FCPYSGN{s}", ALL_FORMATS),
    **_each_format(FOCLASS, "FCLASS{s}", ALL_FORMATS),
    **_each_format(FONEXT, "FNEXT{s}", FLOAT_FORMATS),
    FOSQRT: "FSQRTX", FORTI: "FRINTX", FOTTI: "FTINTX", FOSCALB: "FSCALBX",
    FOLOGB: "FLOGBX", FONEG: "FNEGX", FOABS: "FABSX",
    FOSETENV: "FSETENV", FOGETENV: "FGETENV", FOSETHV: "FSETHV", FOGETHV: "FGETHV",
    FOSETXCP: "FSETXCP", FOPROCENTRY: "FPROCENTRY", FOPROCEXIT: "FPROCEXIT",
    FOTESTXCP: "FTESTXCP",
}
DECSTR816_OPWORDS: dict[int, str] = {
    FOPSTR2DEC: "FPSTR2DEC", FODEC2STR: "FDEC2STR", FOCSTR2DEC: "FCSTR2DEC",
    FODEC2STR_68K: "FDEC2STR", FOCSTR2DEC_68K: "FCSTR2DEC",
}
ELEMS816_OPWORDS: dict[int, str] = {
    FOLNX: "FLNX", FOLOG2X: "FLOG2X", FOLN1X: "FLN1X", FOLOG21X: "FLOG21X",
    FOEXPX: "FEXPX", FOEXP2X: "FEXP2X", FOEXP1X: "FEXP1X", FOEXP21X: "FEXP21X",
    FOXPWRI: "FXPWRI", FOXPWRY: "FXPWRY", FOCOMPOUND: "FCOMPOUND", FOANNUITY: "FANNUITY",
    FOATANX: "FATANX", FOSINX: "FSINX", FOCOSX: "FCOSX", FOTANX: "FTANX",
    FORANDX: "FRANDX",
}


def known_opword(opword: int, table: dict[int, str]) -> str:
    """The macro name of a known opword; an unknown one stops the machine with a report."""
    name = table.get(opword)
    if name is None:
        raise UnknownOpword(opword, f"SANE opword ${opword:04X} is not one this SANE knows")
    return name


@dataclass(frozen=True)
class Num:
    """An unpacked value: kind 'zero', 'finite', 'inf' or 'nan'; sign 0 or 1. A finite
    value is mant * 2**exp (mant > 0); a NaN keeps its 63-bit extended fraction."""
    kind: str
    sign: int
    mant: int = 0
    exp: int = 0


@dataclass(frozen=True)
class Format:
    """A binary floating format: significand bits, leading-bit exponent range, bias."""
    p: int
    emin: int
    emax: int
    bias: int
    fbits: int           # stored fraction bits (extended: 63, after its integer bit)
    size: int
    ebits: int

    @property
    def qmin(self) -> int:
        return self.emin - (self.p - 1)


EXTENDED = Format(64, -16382, 16383, 16383, 63, 10, 15)
DOUBLE = Format(53, -1022, 1023, 1023, 52, 8, 11)
SINGLE = Format(24, -126, 127, 127, 23, 4, 8)
FLOATS = {FFEXT: EXTENDED, FFDBL: DOUBLE, FFSGL: SINGLE}
INTEGERS = {FFINT: 2, FFLONG: 4, FFCOMP: 8}
PRECISION_BITS = {0: 64, 1: 53, 2: 24}


def nan(code: int, sign: int = 0) -> Num:
    return Num("nan", sign, QUIET_BIT | (code & 0xFF) << NAN_CODE_SHIFT)


# -- reading and writing the formats ---------------------------------------------------
def unpack(fmt: int, raw: bytes) -> Num:
    """The value of `raw` in operand format `fmt`."""
    if fmt in INTEGERS:
        size = INTEGERS[fmt]
        value = int.from_bytes(raw[:size], "little", signed=True)
        if fmt == FFCOMP and value == -(1 << 63):
            return nan(NAN_COMP)
        return from_int(value)
    f = FLOATS[fmt]
    if f is EXTENDED:
        sig = int.from_bytes(raw[:8], "little")
        head = int.from_bytes(raw[8:10], "little")
        sign, e = head >> 15, head & 0x7FFF
        if e == 0x7FFF:
            frac = sig & FRACTION_MASK
            return Num("nan", sign, frac) if frac else Num("inf", sign)
        if sig == 0:
            return Num("zero", sign)
        return Num("finite", sign, sig, max(e, 1) - f.bias - 63)
    bits = int.from_bytes(raw[:f.size], "little")
    ebits = f.ebits
    sign = bits >> (8 * f.size - 1)
    e = (bits >> f.fbits) & ((1 << ebits) - 1)
    frac = bits & ((1 << f.fbits) - 1)
    if e == (1 << ebits) - 1:
        return Num("nan", sign, frac << (63 - f.fbits)) if frac else Num("inf", sign)
    if e == 0:
        return Num("finite", sign, frac, 1 - f.bias - f.fbits) if frac else Num("zero", sign)
    return Num("finite", sign, frac | 1 << f.fbits, e - f.bias - f.fbits)


def from_int(value: int) -> Num:
    if value == 0:
        return Num("zero", 0)
    return Num("finite", int(value < 0), abs(value), 0)


def pack_float(f: Format, x: Num) -> bytes:
    """x (representable in f: rounded already) as f's bytes."""
    emask = (1 << f.ebits) - 1
    if x.kind == "zero":
        e, frac = 0, 0
    elif x.kind == "inf":
        e, frac = emask, 0
    elif x.kind == "nan":
        e, frac = emask, x.mant >> (63 - f.fbits)
        if frac == 0:                       # a code lost below the format's fraction
            frac = 1 << (f.fbits - 1)
    else:
        top = x.exp + x.mant.bit_length() - 1
        if top >= f.emin:
            sig = x.mant << (f.p - x.mant.bit_length())
            e, frac = top + f.bias, sig
        else:
            e, frac = 0, x.mant << (x.exp - f.qmin)
        if f is not EXTENDED:
            frac &= (1 << f.fbits) - 1
    if f is EXTENDED:
        if x.kind == "inf":
            frac = 0
        return frac.to_bytes(8, "little") + (x.sign << 15 | e).to_bytes(2, "little")
    bits = x.sign << (8 * f.size - 1) | e << f.fbits | frac
    return bits.to_bytes(f.size, "little")


# -- rounding ----------------------------------------------------------------------------
def _round_up(sign: int, odd: bool, rem: int, half: int, sticky: bool, mode: int) -> bool:
    """Whether a magnitude truncated to `rem` (out of 2*half) plus `sticky` rounds up."""
    if rem == 0 and not sticky:
        return False
    if mode == TO_NEAREST:
        if half == 0:                       # no bits dropped: only the sticky tail
            return False
        return rem > half or (rem == half and (sticky or odd))
    if mode == UPWARD:
        return sign == 0
    if mode == DOWNWARD:
        return sign == 1
    return False


def _shift_round(mant: int, shift: int, sign: int, sticky: bool, mode: int) -> tuple[int, bool]:
    """mant >> shift rounded in `mode` (sticky: nonzero bits below mant); (value, inexact)."""
    if shift <= 0:
        kept, rem, half = mant << -shift, 0, 0
    else:
        kept, rem, half = mant >> shift, mant & ((1 << shift) - 1), 1 << (shift - 1)
    inexact = rem != 0 or sticky
    if _round_up(sign, bool(kept & 1), rem, half, sticky, mode):
        kept += 1
    return kept, inexact


def round_to(x: Num, f: Format, mode: int, sticky: bool = False,
             p: int | None = None) -> tuple[Num, int]:
    """The exact value x (plus a sticky tail) rounded to format f; (result, exceptions).
    `p` narrows the significand (the rounding-precision control), f's range kept."""
    if x.kind != "finite":
        return x, 0
    p = p or f.p
    qmin = f.emin - (f.p - 1)
    top = x.exp + x.mant.bit_length() - 1
    q = max(top - (p - 1), qmin)
    kept, inexact = _shift_round(x.mant, q - x.exp, x.sign, sticky, mode)
    if kept >> p:                           # rounding carried into a new bit
        kept >>= 1
        q += 1
    flags = INEXACT if inexact else 0
    if top < f.emin and inexact:
        flags |= UNDERFLOW
    if kept == 0:
        return Num("zero", x.sign), flags
    if q + kept.bit_length() - 1 > f.emax:
        flags |= OVERFLOW | INEXACT
        to_infinity = (mode == TO_NEAREST or (mode == UPWARD and x.sign == 0)
                       or (mode == DOWNWARD and x.sign == 1))
        if to_infinity:
            return Num("inf", x.sign), flags
        return Num("finite", x.sign, (1 << p) - 1, f.emax - (p - 1)), flags
    return Num("finite", x.sign, kept, q), flags


def to_integer(x: Num, mode: int) -> tuple[int, bool]:
    """A finite x rounded to an integer in `mode`; (value, inexact)."""
    if x.kind == "zero":
        return 0, False
    kept, inexact = _shift_round(x.mant, -x.exp, x.sign, False, mode)
    return (-kept if x.sign else kept), inexact


# -- exact arithmetic ---------------------------------------------------------------------
def _quiet(x: Num) -> Num:
    return Num("nan", x.sign, x.mant | QUIET_BIT)


def _nan_result(a: Num, b: Num | None = None) -> tuple[Num, int] | None:
    """The NaN an operation with a NaN operand returns (the larger code when both are),
    with invalid for a signaling one; None when no operand is a NaN."""
    nans = [v for v in (a, b) if v is not None and v.kind == "nan"]
    if not nans:
        return None
    flags = INVALID if any(not v.mant & QUIET_BIT for v in nans) else 0
    pick = max(nans, key=lambda v: v.mant & ~QUIET_BIT & FRACTION_MASK)
    return _quiet(pick), flags


def _signed(x: Num) -> tuple[int, int]:
    """A finite or zero x as (signed mantissa, exponent)."""
    if x.kind == "zero":
        return 0, 0
    return (-x.mant if x.sign else x.mant), x.exp


def _make(value: int, exp: int, zero_sign: int) -> Num:
    if value == 0:
        return Num("zero", zero_sign)
    return Num("finite", int(value < 0), abs(value), exp)


def add(a: Num, b: Num, mode: int) -> tuple[Num, bool, int]:
    """a + b exactly: (value, sticky, exceptions before rounding)."""
    if (r := _nan_result(a, b)) is not None:
        return r[0], False, r[1]
    if a.kind == "inf" or b.kind == "inf":
        if a.kind == "inf" and b.kind == "inf" and a.sign != b.sign:
            return nan(NAN_ADD), False, INVALID
        return (a if a.kind == "inf" else b), False, 0
    if a.kind == "zero" and b.kind == "zero":
        sign = a.sign if a.sign == b.sign else int(mode == DOWNWARD)
        return Num("zero", sign), False, 0
    am, ae = _signed(a)
    bm, be = _signed(b)
    if a.kind == "zero":
        ae = be
    if b.kind == "zero":
        be = ae
    e = min(ae, be)
    total = (am << (ae - e)) + (bm << (be - e))
    return _make(total, e, int(mode == DOWNWARD)), False, 0


def negate(x: Num) -> Num:
    return Num(x.kind, x.sign ^ 1, x.mant, x.exp)


def multiply(a: Num, b: Num) -> tuple[Num, bool, int]:
    if (r := _nan_result(a, b)) is not None:
        return r[0], False, r[1]
    sign = a.sign ^ b.sign
    if "inf" in (a.kind, b.kind):
        if "zero" in (a.kind, b.kind):
            return nan(NAN_MUL), False, INVALID
        return Num("inf", sign), False, 0
    if "zero" in (a.kind, b.kind):
        return Num("zero", sign), False, 0
    return Num("finite", sign, a.mant * b.mant, a.exp + b.exp), False, 0


def divide(a: Num, b: Num) -> tuple[Num, bool, int]:
    """a / b: the quotient to 67+ bits with a sticky remainder."""
    if (r := _nan_result(a, b)) is not None:
        return r[0], False, r[1]
    sign = a.sign ^ b.sign
    if a.kind == "inf":
        if b.kind == "inf":
            return nan(NAN_DIV), False, INVALID
        return Num("inf", sign), False, 0
    if b.kind == "inf":
        return Num("zero", sign), False, 0
    if b.kind == "zero":
        if a.kind == "zero":
            return nan(NAN_DIV), False, INVALID
        return Num("inf", sign), False, DIVBYZERO
    if a.kind == "zero":
        return Num("zero", sign), False, 0
    k = max(0, EXTENDED.p + 3 + b.mant.bit_length() - a.mant.bit_length())
    quotient, rest = divmod(a.mant << k, b.mant)
    return Num("finite", sign, quotient, a.exp - k - b.exp), rest != 0, 0


def square_root(x: Num) -> tuple[Num, bool, int]:
    if (r := _nan_result(x)) is not None:
        return r[0], False, r[1]
    if x.kind == "zero":
        return x, False, 0
    if x.sign:
        return nan(NAN_SQRT), False, INVALID
    if x.kind == "inf":
        return x, False, 0
    k = max(0, 2 * EXTENDED.p + 4 - x.mant.bit_length())
    if (x.exp - k) & 1:
        k += 1
    radicand = x.mant << k
    root = math.isqrt(radicand)
    return Num("finite", 0, root, (x.exp - k) // 2), root * root != radicand, 0


def remainder(a: Num, b: Num) -> tuple[Num, int, int]:
    """IEEE remainder a - b*n, n the integer nearest a/b (ties to even); exact.
    (value, low 7 bits of n with its sign, exceptions)."""
    if (r := _nan_result(a, b)) is not None:
        return r[0], 0, r[1]
    if a.kind == "inf" or b.kind == "zero":
        return nan(NAN_REM), 0, INVALID
    if b.kind == "inf" or a.kind == "zero":
        return a, 0, 0
    e = min(a.exp, b.exp)
    x, y = a.mant << (a.exp - e), b.mant << (b.exp - e)
    n, rest = divmod(x, y)
    if 2 * rest > y or (2 * rest == y and n & 1):
        n += 1
    value = x - n * y
    sign = a.sign ^ b.sign
    quotient = (n & 0x7F) * (-1 if sign else 1)
    if value == 0:
        return Num("zero", a.sign), quotient, 0
    return Num("finite", a.sign ^ int(value < 0), abs(value), e), quotient, 0


def compare(a: Num, b: Num) -> int:
    """The relation of a to b: CMP_GREATER, CMP_LESS, CMP_EQUAL or CMP_UNORDERED."""
    if a.kind == "nan" or b.kind == "nan":
        return CMP_UNORDERED

    va, vb = _rational(a), _rational(b)
    if va == vb:
        return CMP_EQUAL
    return CMP_GREATER if va > vb else CMP_LESS


def _rational(x: Num):
    """A comparable key: infinities as +-inf floats, finite values as exact fractions."""
    from fractions import Fraction
    if x.kind == "zero":
        return Fraction(0)
    if x.kind == "inf":
        return -math.inf if x.sign else math.inf
    value = Fraction(x.mant) * (Fraction(2) ** x.exp)
    return -value if x.sign else value


def classify(x: Num, f: Format | None) -> int:
    if x.kind == "nan":
        code = CLASS_QNAN if x.mant & QUIET_BIT else CLASS_SNAN
    elif x.kind == "inf":
        code = CLASS_INFINITE
    elif x.kind == "zero":
        code = CLASS_ZERO
    else:
        top = x.exp + x.mant.bit_length() - 1
        code = CLASS_DENORMAL if f is not None and top < f.emin else CLASS_NORMAL
    return code | (CLASS_NEGATIVE if x.sign else 0)


# -- the environment and the tool set's state --------------------------------------------
@tool_state("sane")
class Sane:
    """SANE state: started flag, the environment word, the halt vector, and the seed."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.env = IEEE_DEFAULT_ENV
        self.halt_vector = 0

    def start_up(self, dpage: int) -> None:
        """SANEStartUp(dPageAddr): one page of direct page (unused here); the
        environment as SANEReset leaves it."""
        self.reset()

    def reset(self) -> None:
        """SANEReset: the environment back to IEEE's defaults."""
        self.env = IEEE_DEFAULT_ENV

    @property
    def mode(self) -> int:
        return self.env >> ROUND_SHIFT & 3

    @property
    def precision(self) -> int:
        return PRECISION_BITS.get(self.env >> PRECISION_SHIFT & 3, 64)

    def signal(self, exceptions: int) -> None:
        """Raise exception flags (halts are not taken: the flags stay for the program)."""
        self.env |= (exceptions & 0x1F) << EXCEPTION_SHIFT

    # memory helpers
    def read(self, fmt: int, addr: int) -> Num:
        size = INTEGERS.get(fmt) or FLOATS[fmt].size
        return unpack(fmt, read_bytes(self.tb.mem, addr, size))

    def write_ext(self, addr: int, x: Num) -> None:
        write_bytes(self.tb.mem, addr, pack_float(EXTENDED, x))

    def store_rounded(self, addr: int, x: Num, sticky: bool, flags: int) -> None:
        """Round an exact extended result (precision control), store it, signal."""
        result, more = round_to(x, EXTENDED, self.mode, sticky, self.precision)
        self.write_ext(addr, result)
        self.signal(flags | more)

    def convert_out(self, fmt: int, x: Num) -> tuple[bytes, int]:
        """x in destination format `fmt` (FX2D, FX2I, ...): (bytes, exceptions)."""
        if fmt in FLOATS:
            f = FLOATS[fmt]
            if x.kind == "nan":
                flags = 0 if x.mant & QUIET_BIT else INVALID
                return pack_float(f, _quiet(x)), flags
            result, flags = round_to(x, f, self.mode)
            return pack_float(f, result), flags
        size = INTEGERS[fmt]
        low, high = -(1 << (8 * size - 1)), (1 << (8 * size - 1)) - 1
        invalid_value = (1 << (8 * size - 1))             # $8000, $80000000, comp NaN
        if x.kind in ("nan", "inf"):
            return invalid_value.to_bytes(size, "little"), INVALID
        value, inexact = to_integer(x, self.mode)
        if not low <= value <= high:
            return invalid_value.to_bytes(size, "little"), INVALID
        return (value & ((1 << (8 * size)) - 1)).to_bytes(size, "little"), \
            INEXACT if inexact else 0


def next_after(x: Num, toward: Num, f: Format) -> tuple[Num, int]:
    """FNEXT: the neighbour of x in format f in the direction of `toward`."""
    if (r := _nan_result(x, toward)) is not None:
        return r
    relation = compare(toward, x)
    if relation == CMP_EQUAL:
        return x, 0
    up = relation == CMP_GREATER                  # toward the larger value
    if x.kind == "zero":
        result = Num("finite", int(not up), 1, f.qmin)
        return result, UNDERFLOW | INEXACT
    if x.kind == "inf":                           # toward a finite value: the largest
        return Num("finite", x.sign, (1 << f.p) - 1, f.emax - (f.p - 1)), 0
    top = x.exp + x.mant.bit_length() - 1
    q = max(top - (f.p - 1), f.qmin)
    units = x.mant << (x.exp - q)                 # x in units of its ulp
    if up != bool(x.sign):                        # away from zero
        units += 1
    else:
        if units == 1 << (f.p - 1) and top > f.emin:
            units, q = (units << 1) - 1, q - 1    # below a power of two: a finer ulp
        else:
            units -= 1
    if units == 0:
        return Num("zero", x.sign), UNDERFLOW | INEXACT
    if units >> f.p:                              # up to the next power of two
        units, q = units >> 1, q + 1
    result = Num("finite", x.sign, units, q)
    new_top = q + units.bit_length() - 1
    if new_top > f.emax:
        return Num("inf", x.sign), OVERFLOW | INEXACT
    return result, (UNDERFLOW | INEXACT) if new_top < f.emin else 0


# -- decimal conversions ------------------------------------------------------------------
def _round_ratio(num: int, den: int, sign: int, mode: int) -> tuple[int, bool]:
    """num / den (positive) rounded to an integer in `mode`; (value, inexact)."""
    q, r = divmod(num, den)
    if r and _round_up(sign, bool(q & 1), 2 * r, den, False, mode):
        q += 1
    return q, r != 0


def _scaled_by_ten(x: Num, power: int) -> tuple[int, int]:
    """|x| * 10**-power as the fraction (numerator, denominator)."""
    num, den = x.mant, 1
    if x.exp >= 0:
        num <<= x.exp
    else:
        den <<= -x.exp
    if power >= 0:
        den *= 10 ** power
    else:
        num *= 10 ** -power
    return num, den


def to_decimal(x: Num, style: int, digits: int, mode: int) -> tuple[int, int, bytes, int]:
    """FB2D: x as (sgn, exp, sig digits, exceptions) under the decform."""
    if x.kind == "nan":
        return x.sign, 0, b"N%04X" % (x.mant >> NAN_CODE_SHIFT & 0x7FFF), 0
    if x.kind == "inf":
        return x.sign, 0, b"I", 0
    if x.kind == "zero":
        return x.sign, 0, b"0", 0
    if style == FIXED_DECIMAL:
        value, inexact = _round_ratio(*_scaled_by_ten(x, -digits), x.sign, mode)
        text = str(value).encode()
        if len(text) > MAX_DIGITS:
            return x.sign, 0, b"?", 0
        return x.sign, -digits if value else 0, text, INEXACT if inexact else 0
    n = max(1, min(MAX_DIGITS, digits))
    top = x.exp + x.mant.bit_length() - 1
    power = int(math.floor(top * math.log10(2))) - (n - 1)
    while True:
        value, inexact = _round_ratio(*_scaled_by_ten(x, power), x.sign, mode)
        if value >= 10 ** n:
            power += 1
        elif value < 10 ** (n - 1):
            power -= 1
        else:
            break
    return x.sign, power, str(value).encode(), INEXACT if inexact else 0


def from_decimal(sgn: int, exp: int, sig: bytes, f: Format | None, mode: int,
                 p: int | None = None) -> tuple[Num, bool]:
    """FD2B: the decimal record's exact value, ready for rounding to f: (value, sticky)."""
    sign = 1 if sgn else 0
    if sig[:1] == b"I":
        return Num("inf", sign), False
    if sig[:1] == b"N":
        try:
            code = int(sig[1:].decode() or "0", 16) & 0xFF
        except ValueError:
            code = 0
        return nan(code or NAN_ZERO, sign), False
    digits = bytes(c for c in sig if 0x30 <= c <= 0x39)
    value = int(digits or b"0")
    if value == 0:
        return Num("zero", sign), False
    if exp >= 0:
        return Num("finite", sign, value * 10 ** exp, 0), False
    den = 10 ** -exp
    k = max(0, (p or EXTENDED.p) + 3 + den.bit_length() - value.bit_length())
    q, r = divmod(value << k, den)
    return Num("finite", sign, q, -k), r != 0


def decimal_string(form_style: int, digits: int, sgn: int, exp: int, sig: bytes) -> bytes:
    """FDEC2STR: the decimal record as text ('-' or a space first)."""
    lead = b"-" if sgn else b" "
    if sig[:1] == b"I":
        return lead + b"INF"
    if sig[:1] == b"N":
        code = int(sig[1:].decode() or "0", 16) & 0xFF if len(sig) > 1 else 0
        return lead + b"NAN(%03d)" % code
    if sig[:1] == b"?" or not sig:
        return b"?"
    if form_style == FIXED_DECIMAL:
        frac = max(0, digits)
        text = sig + b"0" * max(0, exp) if exp >= 0 else sig
        point = len(text) - (-exp if exp < 0 else 0)
        whole, part = text[:point] if point > 0 else b"", text[max(point, 0):]
        part = b"0" * max(0, -point) + part
        part = (part + b"0" * frac)[:frac]
        whole = whole.lstrip(b"0") or b"0"
        return lead + whole + (b"." + part if frac else b"")
    n = max(1, digits)
    body = (sig + b"0" * n)[:max(n, 1)] if sig != b"0" else b"0" * n
    e = 0 if sig == b"0" else exp + len(sig) - 1
    mantissa = body[:1] + (b"." + body[1:] if len(body) > 1 else b"")
    return lead + mantissa + b"e" + (b"-" if e < 0 else b"+") + str(abs(e)).encode()


def parse_decimal(text: bytes, start: int) -> tuple[int, int, int, bytes, bool]:
    """str2dec: the longest numeric prefix of text from `start`:
    (index after it, sgn, exp, sig, validPrefix)."""
    i, n = start, len(text)
    while i < n and text[i] in b" \t":
        i += 1
    sgn = 0
    if i < n and text[i] in b"+-":
        sgn = int(text[i] == ord("-"))
        i += 1
    upper = text[i:i + 3].upper()
    if upper == b"INF":
        return i + 3, sgn, 0, b"I", True
    if upper == b"NAN":
        j, code = i + 3, b""
        if j < n and text[j] == ord("("):
            k = j + 1
            while k < n and 0x30 <= text[k] <= 0x39:
                k += 1
            if k < n and text[k] == ord(")"):
                code, j = text[j + 1:k], k + 1
        value = int(code or b"0") & 0xFF
        return j, sgn, 0, b"N%04X" % (0x4000 | value), True
    digits, exp, seen, j = b"", 0, False, i
    while j < n and 0x30 <= text[j] <= 0x39:
        digits += text[j:j + 1]
        seen, j = True, j + 1
    if j < n and text[j] == ord("."):
        j += 1
        while j < n and 0x30 <= text[j] <= 0x39:
            digits += text[j:j + 1]
            exp -= 1
            seen, j = True, j + 1
    if not seen:
        return start, 0, 0, b"0", j >= n
    end = j
    if j < n and text[j] in b"eE":
        k = j + 1
        esign = 1
        if k < n and text[k] in b"+-":
            esign = -1 if text[k] == ord("-") else 1
            k += 1
        m = k
        while m < n and 0x30 <= text[m] <= 0x39:
            m += 1
        if m > k:
            exp += esign * int(text[k:m])
            end = m
        elif m >= n:
            return end, sgn, *_sig(digits, exp), True
    return end, sgn, *_sig(digits, exp), end >= n


def _sig(digits: bytes, exp: int) -> tuple[int, bytes]:
    """Digits without leading zeros, trailing zeros moved into the exponent, at most
    SIGDIGLEN kept (a dropped nonzero tail leaves a final 1, so rounding still sees it)."""
    digits = digits.lstrip(b"0")
    if not digits:
        return 0, b"0"
    stripped = digits.rstrip(b"0")
    exp += len(digits) - len(stripped)
    if len(stripped) > SIGDIGLEN:
        tail = stripped[SIGDIGLEN - 1:]
        exp += len(stripped) - SIGDIGLEN
        stripped = stripped[:SIGDIGLEN - 1] + (b"1" if tail.strip(b"0") else b"0")
    return exp, stripped


def read_decimal(mem, addr: int) -> tuple[int, int, bytes]:
    raw = read_bytes(mem, addr, DEC_SIZE)
    sgn = int.from_bytes(raw[DEC_SGN:DEC_SGN + 2], "little")
    exp = int.from_bytes(raw[DEC_EXP:DEC_EXP + 2], "little", signed=True)
    length = min(raw[DEC_SIG], SIGDIGLEN)
    return sgn & 1 if sgn & 0xFF else 0, exp, raw[DEC_SIG + 1:DEC_SIG + 1 + length]


def write_decimal(mem, addr: int, sgn: int, exp: int, sig: bytes) -> None:
    exp = max(-DEC_EXP_LIMIT, min(DEC_EXP_LIMIT, exp))     # '1e99999' stays huge
    write_bytes(mem, addr, sgn.to_bytes(2, "little") + (exp & 0xFFFF).to_bytes(2, "little")
                + bytes([len(sig)]) + sig)


# -- housekeeping ------------------------------------------------------------------------
register_housekeeping(TOOLSET, "SANE", "sane", SANE_VERSION, "W")


# -- FP816 -------------------------------------------------------------------------------
DST, SRC, SRC2 = 2, 6, 10    # operand addresses above the opword
THREE_OPERANDS, TWO_OPERANDS, ONE_OPERAND, WORD_VALUE, OPWORD_ONLY = 14, 10, 6, 4, 2


@opword_tool(TOOLSET, 0x09)
def SANEFP816(tb, frame: OpwordFrame) -> OpwordAnswer:
    """FP816(opword, operands): the arithmetic, conversions, comparisons, environment."""
    sane: Sane = tb.sane
    known_opword(frame.opword, FP816_OPWORDS)
    op, fmt = frame.opword & 0xFF, frame.opword >> 8 & 0xFF
    if op in (FOADD, FOSUB, FOMUL, FODIV):
        dst, src = frame.long(DST), frame.long(SRC)
        a, b = sane.read(FFEXT, dst), sane.read(fmt, src)
        if op == FOADD:
            value, sticky, flags = add(a, b, sane.mode)
        elif op == FOSUB:
            value, sticky, flags = add(a, negate(b) if b.kind != "nan" else b, sane.mode)
        elif op == FOMUL:
            value, sticky, flags = multiply(a, b)
        else:
            value, sticky, flags = divide(a, b)
        sane.store_rounded(dst, value, sticky, flags)
        return OpwordAnswer(TWO_OPERANDS)
    if op in (FOCMP, FOCPX):
        a, b = sane.read(FFEXT, frame.long(DST)), sane.read(fmt, frame.long(SRC))
        relation = compare(a, b)
        snan = any(v.kind == "nan" and not v.mant & QUIET_BIT for v in (a, b))
        if snan or (op == FOCPX and relation == CMP_UNORDERED):
            sane.signal(INVALID)
        return OpwordAnswer(TWO_OPERANDS, x=relation, flags=relation)
    if op == FOREM:
        dst = frame.long(DST)
        value, quotient, flags = remainder(sane.read(FFEXT, dst), sane.read(fmt, frame.long(SRC)))
        sane.store_rounded(dst, value, False, flags)
        return OpwordAnswer(TWO_OPERANDS, x=quotient & 0xFFFF)
    if op == FOZ2X:
        x = sane.read(fmt, frame.long(SRC))
        flags = 0
        if x.kind == "nan" and not x.mant & QUIET_BIT:
            x, flags = _quiet(x), INVALID
        sane.write_ext(frame.long(DST), x)
        sane.signal(flags)
        return OpwordAnswer(TWO_OPERANDS)
    if op == FOX2Z:
        data, flags = sane.convert_out(fmt, sane.read(FFEXT, frame.long(SRC)))
        write_bytes(tb.mem, frame.long(DST), data)
        sane.signal(flags)
        return OpwordAnswer(TWO_OPERANDS)
    if op == FOSCALB:
        dst = frame.long(DST)
        n = sane.read(FFINT, frame.long(SRC))
        x = sane.read(FFEXT, dst)
        scale = -n.mant if n.sign else n.mant
        if x.kind == "finite":
            x = Num("finite", x.sign, x.mant, x.exp + scale)
        quiet = _nan_result(x)
        sane.store_rounded(dst, quiet[0] if quiet else x, False, quiet[1] if quiet else 0)
        return OpwordAnswer(TWO_OPERANDS)
    if op == FOCPYSGN:                      # the sign bit is the top of the last byte
        src, dst = frame.long(SRC), frame.long(DST)
        sign = tb.mem[(dst + 9) & 0xFFFFFF] & 0x80
        size = INTEGERS.get(fmt) or FLOATS[fmt].size
        at = (src + size - 1) & 0xFFFFFF
        tb.mem[at] = (tb.mem[at] & 0x7F) | sign
        return OpwordAnswer(TWO_OPERANDS)
    if op in (FOSQRT, FORTI, FOTTI, FOLOGB):
        dst = frame.long(DST)
        x = sane.read(FFEXT, dst)
        if op == FOSQRT:
            value, sticky, flags = square_root(x)
            sane.store_rounded(dst, value, sticky, flags)
        elif (r := _nan_result(x)) is not None:
            sane.write_ext(dst, r[0])
            sane.signal(r[1])
        elif op == FOLOGB:
            if x.kind == "zero":
                sane.write_ext(dst, Num("inf", 1))
                sane.signal(DIVBYZERO)
            elif x.kind == "inf":
                sane.write_ext(dst, Num("inf", 0))
            else:
                sane.write_ext(dst, from_int(x.exp + x.mant.bit_length() - 1))
        elif x.kind == "finite":
            value, inexact = to_integer(x, TOWARD_ZERO if op == FOTTI else sane.mode)
            sane.write_ext(dst, from_int(value) if value else Num("zero", x.sign))
            sane.signal(INEXACT if inexact else 0)
        return OpwordAnswer(ONE_OPERAND)
    if op in (FONEG, FOABS):
        at = (frame.long(DST) + 9) & 0xFFFFFF
        tb.mem[at] = tb.mem[at] ^ 0x80 if op == FONEG else tb.mem[at] & 0x7F
        return OpwordAnswer(ONE_OPERAND)
    if op == FOCLASS:
        x = sane.read(fmt, frame.long(DST))
        code = classify(x, FLOATS.get(fmt))
        return OpwordAnswer(ONE_OPERAND, x=code, flags=NEGATIVE_FLAG if x.sign else 0)
    if op == FOGETENV:
        return OpwordAnswer(OPWORD_ONLY, x=sane.env, y=sane.env >> 8)
    if op == FOSETENV:
        sane.env = frame.word(2)
        return OpwordAnswer(WORD_VALUE)
    if op == FOSETXCP:
        sane.signal(frame.word(2))
        return OpwordAnswer(WORD_VALUE)
    if op == FOTESTXCP:
        raised = (sane.env >> EXCEPTION_SHIFT) & frame.word(2) & 0x1F
        return OpwordAnswer(WORD_VALUE, x=raised, flags=0 if raised else 0x02)
    if op == FOPROCENTRY:
        addr = frame.long(2)
        write_bytes(tb.mem, addr, sane.env.to_bytes(2, "little"))
        sane.env = IEEE_DEFAULT_ENV
        return OpwordAnswer(ONE_OPERAND)
    if op == FOPROCEXIT:
        raised = (sane.env >> EXCEPTION_SHIFT) & 0x1F
        sane.env = frame.word(2)
        sane.signal(raised)
        return OpwordAnswer(WORD_VALUE)
    if op == FOSETHV:
        sane.halt_vector = frame.long(2)
        return OpwordAnswer(ONE_OPERAND)
    if op == FOGETHV:
        return OpwordAnswer(OPWORD_ONLY, x=sane.halt_vector & 0xFFFF,
                            y=sane.halt_vector >> 16)
    if op == FONEXT:
        dst = frame.long(DST)
        value, flags = next_after(sane.read(fmt, dst), sane.read(fmt, frame.long(SRC)),
                                  FLOATS[fmt])
        write_bytes(tb.mem, dst, pack_float(FLOATS[fmt], value))
        sane.signal(flags)
        return OpwordAnswer(TWO_OPERANDS)
    if op == FOB2D:
        form = frame.long(10)
        style = read_bytes(tb.mem, form + FORM_STYLE, 2)
        digits = int.from_bytes(read_bytes(tb.mem, form + FORM_DIGITS, 2), "little", signed=True)
        sgn, exp, sig, flags = to_decimal(sane.read(fmt, frame.long(SRC)), style[0] & 1,
                                          digits, sane.mode)
        write_decimal(tb.mem, frame.long(DST), sgn, exp, sig)
        sane.signal(flags)
        return OpwordAnswer(TWO_OPERANDS + 4)
    if op == FOD2B:
        sgn, exp, sig = read_decimal(tb.mem, frame.long(SRC))
        f = FLOATS.get(fmt)
        value, sticky = from_decimal(sgn, exp, sig, f, sane.mode)
        if f is not None and value.kind != "nan":
            value, flags = round_to(value, f, sane.mode, sticky)
            write_bytes(tb.mem, frame.long(DST), pack_float(f, value))
        elif f is not None:
            write_bytes(tb.mem, frame.long(DST), pack_float(f, value))
            flags = 0
        else:
            data, flags = _decimal_to_integer(sane, fmt, value, sticky)
            write_bytes(tb.mem, frame.long(DST), data)
        sane.signal(flags)
        return OpwordAnswer(TWO_OPERANDS)
    raise AssertionError(f"FP816_OPWORDS lists {frame.opword:04X} without a handler")


def _decimal_to_integer(sane: Sane, fmt: int, value: Num, sticky: bool) -> tuple[bytes, int]:
    """FDEC2I / FDEC2L / FDEC2C: an exact decimal value (plus a sticky tail) rounded
    once to the integer format."""
    if value.kind != "finite":
        return sane.convert_out(fmt, value)
    kept, inexact = _shift_round(value.mant, -value.exp, value.sign, sticky, sane.mode)
    data, flags = sane.convert_out(fmt, from_int(-kept if value.sign else kept))
    return data, flags | (INEXACT if inexact and not flags & INVALID else 0)


# -- DecStr816 ---------------------------------------------------------------------------
@opword_tool(TOOLSET, 0x0A)
def SANEDecStr816(tb, frame: OpwordFrame) -> OpwordAnswer:
    """DecStr816(opword, operands): decimal records to and from strings."""
    mem = tb.mem
    name = known_opword(frame.opword, DECSTR816_OPWORDS)
    if name == "FDEC2STR":                  # decform, decimal record, string (Pascal)
        form, record, out = frame.long(10), frame.long(6), frame.long(2)
        style = read_bytes(mem, form + FORM_STYLE, 2)[0] & 1
        digits = int.from_bytes(read_bytes(mem, form + FORM_DIGITS, 2), "little", signed=True)
        text = decimal_string(style, digits, *read_decimal(mem, record))[:DECSTROUTLEN]
        write_bytes(mem, out, bytes([len(text)]) + text)
        return OpwordAnswer(14)
    pascal = name == "FPSTR2DEC"            # string, index, decimal record, validPrefix
    string, index_at = frame.long(14), frame.long(10)
    record, valid_at = frame.long(6), frame.long(2)
    index = int.from_bytes(read_bytes(mem, index_at, 2), "little")
    if pascal:
        length = mem[string]
        text = read_bytes(mem, string + 1, length)
        start = max(index, 1) - 1
    else:
        raw = read_bytes(mem, string, 256)
        text = raw.split(b"\0", 1)[0]
        start = index
    end, sgn, exp, sig, valid = parse_decimal(text, min(start, len(text)))
    write_decimal(mem, record, sgn, exp, sig)
    write_bytes(mem, index_at, (end + (1 if pascal else 0)).to_bytes(2, "little"))
    write_bytes(mem, valid_at, (1 if valid else 0).to_bytes(2, "little"))
    return OpwordAnswer(18)


# -- Elems816 ----------------------------------------------------------------------------
def _to_float(x: Num) -> float:
    if x.kind == "zero":
        return -0.0 if x.sign else 0.0
    if x.kind == "inf":
        return -math.inf if x.sign else math.inf
    if x.kind == "nan":
        return math.nan
    drop = max(0, x.mant.bit_length() - 60)
    try:
        value = math.ldexp(float(x.mant >> drop), x.exp + drop)
    except OverflowError:                         # beyond double: an infinity will do
        value = math.inf
    return -value if x.sign else value


def _from_float(value: float) -> Num:
    if math.isnan(value):
        return nan(NAN_TRIG)
    if math.isinf(value):
        return Num("inf", int(value < 0))
    if value == 0:
        return Num("zero", int(math.copysign(1, value) < 0))
    m, e = math.frexp(abs(value))
    return Num("finite", int(value < 0), int(m * (1 << 53)), e - 53)


ELEMENTARY = {
    FOLNX: (math.log, NAN_LOG), FOLOG2X: (math.log2, NAN_LOG),
    FOLN1X: (math.log1p, NAN_LOG), FOLOG21X: (lambda v: math.log1p(v) / math.log(2), NAN_LOG),
    FOEXPX: (math.exp, 0), FOEXP2X: (lambda v: 2.0 ** v, 0), FOEXP1X: (math.expm1, 0),
    FOEXP21X: (lambda v: 2.0 ** v - 1, 0),
    FOSINX: (math.sin, NAN_TRIG), FOCOSX: (math.cos, NAN_TRIG), FOTANX: (math.tan, NAN_TRIG),
    FOATANX: (math.atan, NAN_INVTRIG),
}


def compound(rate: float, periods: float) -> float:
    """(1 + rate) ** periods (Numerics Manual, "Compound")."""
    if rate < -1:
        raise ValueError("compound of a rate below -1")
    return math.exp(periods * math.log1p(rate)) if rate != -1 else math.pow(0.0, periods)


def annuity(rate: float, periods: float) -> float:
    """(1 - (1 + rate) ** -periods) / rate, periods when rate is 0 ("Annuity")."""
    if rate == 0:
        return periods
    if rate < -1:
        raise ValueError("annuity of a rate below -1")
    return -math.expm1(-periods * math.log1p(rate)) / rate


def _elementary(fn, value: float, code: int, *more: float) -> tuple[Num, int]:
    """fn(value, *more) as an extended, with SANE's exceptions for a domain or range error."""
    try:
        result = fn(value, *more)
    except ValueError:
        if fn in (math.log, math.log2) and value == 0:
            return Num("inf", 1), DIVBYZERO
        if value in (math.inf, -math.inf) and code == NAN_TRIG:
            return nan(NAN_TRIG), INVALID
        return nan(code), INVALID
    except OverflowError:
        return Num("inf", 0), OVERFLOW | INEXACT
    if isinstance(result, complex):
        return nan(code), INVALID
    num = _from_float(result)
    if num.kind == "zero" and value != 0 and fn not in (math.sin, math.tan, math.atan):
        return num, UNDERFLOW | INEXACT
    return num, 0 if result == value or float(result).is_integer() else INEXACT


@opword_tool(TOOLSET, 0x0B)
def SANEElems816(tb, frame: OpwordFrame) -> OpwordAnswer:
    """Elems816(opword, operands): logarithms, exponentials, powers, trigonometry,
    compound and annuity, random."""
    sane: Sane = tb.sane
    known_opword(frame.opword, ELEMS816_OPWORDS)
    op = frame.opword & 0xFF
    dst = frame.long(DST)
    x = sane.read(FFEXT, dst)
    if op in ELEMENTARY:
        fn, code = ELEMENTARY[op]
        if (r := _nan_result(x)) is not None:
            sane.write_ext(dst, r[0])
            sane.signal(r[1])
        elif op in (FOLNX, FOLOG2X) and x.kind == "finite" and not x.sign:
            log2 = math.log2(x.mant) + x.exp              # any extended, no overflow
            value, flags = _elementary(lambda v: v if op == FOLOG2X else v * math.log(2),
                                       log2, code)
            sane.write_ext(dst, value)
            sane.signal(INEXACT if flags or not float(log2).is_integer() else 0)
        else:
            value, flags = _elementary(fn, _to_float(x), code)
            sane.write_ext(dst, value)
            sane.signal(flags)
        return OpwordAnswer(ONE_OPERAND)
    if op in (FOXPWRI, FOXPWRY):
        exponent = sane.read(FFINT if op == FOXPWRI else FFEXT, frame.long(SRC))
        if (r := _nan_result(x, exponent)) is not None:
            sane.write_ext(dst, r[0])
            sane.signal(r[1])
        elif (op == FOXPWRI and x.kind == "finite" and exponent.kind in ("zero", "finite")
              and not exponent.sign and exponent.mant <= MAX_EXACT_POWER):
            value = Num("finite", 0, 1, 0)
            for _ in range(0 if exponent.kind == "zero" else exponent.mant):
                value, _, _ = multiply(value, x)                 # exact, one rounding
            sane.store_rounded(dst, value, False, 0)
        else:
            value, flags = _elementary(lambda v: math.pow(v, _to_float(exponent)),
                                       _to_float(x), NAN_POWER)
            sane.write_ext(dst, value)
            sane.signal(flags)
        return OpwordAnswer(TWO_OPERANDS)
    if op in (FOCOMPOUND, FOANNUITY):
        periods, rate = sane.read(FFEXT, frame.long(SRC)), sane.read(FFEXT, frame.long(SRC2))
        if (r := _nan_result(rate, periods)) is not None:
            value, flags = r
        else:
            value, flags = _elementary(
                compound if op == FOCOMPOUND else annuity, _to_float(rate),
                NAN_FINANCE, _to_float(periods))
        sane.write_ext(dst, value)
        sane.signal(flags)
        return OpwordAnswer(THREE_OPERANDS)
    seed, _ = to_integer(x, TO_NEAREST) if x.kind == "finite" else (1, False)   # FRANDX
    seed = seed * RANDOM_MULTIPLIER % RANDOM_MODULUS
    sane.write_ext(dst, from_int(seed))
    return OpwordAnswer(ONE_OPERAND)
