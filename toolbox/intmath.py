"""Integer Math Tool Set (tool set $0B): integer, Fixed and Frac arithmetic, conversions.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 9 "Integer Math Tool Set", with
the call numbers of ORCA/C `intmath.h` and its error codes (imBadInptParam ... imStrOverflow).
Every call of the tool set is here, done with Python's own integer arithmetic:

- Multiply / UDivide / LongMul / LongDivide work on unsigned values, SDivide on signed
  words (quotient truncated toward zero, remainder with the dividend's sign). The two
  results of a divide come back quotient first (nearest the stack pointer), remainder
  after; LongMul's 64-bit product comes back low long first.
- Fixed is 16.16 signed, Frac is 2.30 signed. FixRatio, FixMul, FracMul, FixDiv, FracDiv,
  the conversions and the trigonometry round to nearest and pin a result that does not
  fit to $7FFFFFFF / $80000000 (the manual's "pinned" overflow values, maxFixed / minFixed);
  a division by zero pins by the numerator's sign the same way.
- FracSqrt takes its argument as an unsigned 2.30 value (0 <= x < 4); FracCos / FracSin
  take a Fixed angle in radians; FixATan2(x, y) is the angle of the point (x, y) in radians.
- Fix2X / Frac2X / X2Fix / X2Frac read and write SANE's 80-bit extended (10 bytes: the
  64-bit significand with its explicit integer bit, low byte first, then sign and 15-bit
  exponent biased by 16383) bit for bit.
- Int2Hex / Long2Hex / Int2Dec / Long2Dec fill a caller's buffer right-justified (hex with
  leading zeros, decimal with leading spaces and a '-' for a negative signed value);
  imStrOverflow when the number does not fit (the buffer is left as it was).
  Hex2Int / Hex2Long / Dec2Int / Dec2Long read such a string (leading spaces allowed;
  a sign only for a signed decimal): imIllegalChar for any other character, imOverflow for
  a value out of range. HexIt returns four hex digits as a long in memory order.
- SDivide / UDivide / LongDivide by zero return imBadInptParam and leave the result space.
"""
from __future__ import annotations

import math

from iigs.memory import read_bytes, write_bytes
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, s16, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x0B

# Error codes (intmath.h)
IM_BAD_INPT_PARAM = 0x0B01    # imBadInptParam: bad input parameter (a zero divisor)
IM_ILLEGAL_CHAR = 0x0B02      # imIllegalChar: a character that is not a digit
IM_OVERFLOW = 0x0B03          # imOverflow: the number does not fit an integer or long
IM_STR_OVERFLOW = 0x0B04      # imStrOverflow: the string is too short for the number

# Limit values (intmath.h): pinned results of Fixed and Frac overflow.
MAX_FIXED = MAX_FRAC = MAX_LONGINT = 0x7FFFFFFF
MIN_FIXED = MIN_FRAC = MIN_LONGINT = 0x80000000
FIXED_ONE = 1 << 16
FRAC_ONE = 1 << 30

IM_VERSION = 0x0300

# SANE extended: 64-bit significand (explicit integer bit), then sign + exponent.
EXTENDED_SIZE = 10
EXTENDED_BIAS = 16383
EXTENDED_SIGN = 0x8000
EXTENDED_MAX_EXPONENT = 0x7FFF

HEX_DIGITS = b"0123456789ABCDEF"
SPACE, MINUS, PLUS = 0x20, ord("-"), ord("+")


@tool_state("im")
class IntegerMath:
    """Integer Math state: only whether the tool set is started."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False


# -- arithmetic helpers ----------------------------------------------------------------
def s32(value: int) -> int:
    """A long read as a signed integer."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


def _div_round(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded to nearest, halves away from zero."""
    sign = -1 if (numerator < 0) != (denominator < 0) else 1
    n, d = abs(numerator), abs(denominator)
    return sign * ((2 * n + d) // (2 * d))


def _pin(value: int) -> int:
    """A signed result pinned to 32 bits, as the unsigned long the caller receives."""
    return max(-(1 << 31), min((1 << 31) - 1, value)) & 0xFFFFFFFF


def _pinned_quotient(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded and pinned; by zero, pinned by the sign."""
    if denominator == 0:
        return MIN_FIXED if numerator < 0 else MAX_FIXED
    return _pin(_div_round(numerator, denominator))


def _scaled(value: float, one: int) -> int:
    """A real value as a pinned fixed-point long with `one` as its unit."""
    if math.isnan(value):
        return MAX_FIXED
    if math.isinf(value):
        return MAX_FIXED if value > 0 else MIN_FIXED
    return _pin(int(math.floor(value * one + 0.5)))


# -- SANE extended ---------------------------------------------------------------------
def _write_extended(mem, addr: int, numerator: int, shift: int) -> None:
    """Store numerator / 2**shift (exact) as an 80-bit extended at `addr`."""
    if numerator == 0:
        write_bytes(mem, addr, bytes(EXTENDED_SIZE))
        return
    sign = EXTENDED_SIGN if numerator < 0 else 0
    magnitude = abs(numerator)
    top = magnitude.bit_length() - 1                  # value = magnitude * 2**-shift
    significand = magnitude << (63 - top)             # integer bit in bit 63
    exponent = EXTENDED_BIAS + top - shift
    write_bytes(mem, addr, significand.to_bytes(8, "little")
                + (sign | exponent).to_bytes(2, "little"))


def _read_extended(mem, addr: int) -> tuple[int, int, int] | None:
    """The extended at `addr` as (sign, significand, power of two) with the value
    sign * significand * 2**power, or None for a NaN; infinity gives power = None."""
    raw = read_bytes(mem, addr, EXTENDED_SIZE)
    significand = int.from_bytes(raw[:8], "little")
    head = int.from_bytes(raw[8:], "little")
    sign = -1 if head & EXTENDED_SIGN else 1
    exponent = head & EXTENDED_MAX_EXPONENT
    if exponent == EXTENDED_MAX_EXPONENT:
        if significand & ((1 << 63) - 1):
            return None
        return sign, 1, 1 << 20                       # infinity: larger than any pin
    return sign, significand, exponent - EXTENDED_BIAS - 63


def _extended_to_fixed_point(mem, addr: int, frac_bits: int) -> int:
    """X2Fix / X2Frac: the extended rounded to `frac_bits` fraction bits, pinned."""
    parts = _read_extended(mem, addr)
    if parts is None:
        return MAX_FIXED
    sign, significand, power = parts
    scale = power + frac_bits                         # value * 2**frac_bits
    if significand == 0:
        return 0
    if scale >= 0:
        scaled = significand << min(scale, 64)
    else:
        scaled = _div_round(significand, 1 << -scale) if -scale < 200 else 0
    return _pin(sign * scaled)


# -- strings -----------------------------------------------------------------------------
def _put_string(mem, addr: int, length: int, text: bytes, pad: int) -> None:
    """Write `text` right-justified in `length` bytes, padded on the left with `pad`."""
    if len(text) > length:
        raise ToolError(IM_STR_OVERFLOW, f"{text!r} needs {len(text)} characters")
    write_bytes(mem, addr, bytes([pad]) * (length - len(text)) + text)


def _decimal_text(value: int) -> bytes:
    return str(value).encode("ascii")


def _parse_hex(mem, addr: int, length: int, bits: int) -> int:
    """Hex2Int / Hex2Long: the unsigned value of a hex string (leading spaces skipped)."""
    text = read_bytes(mem, addr, length).lstrip(b" ")
    value = 0
    for ch in text:
        digit = HEX_DIGITS.find(bytes([ch]).upper())
        if digit < 0:
            raise ToolError(IM_ILLEGAL_CHAR, f"{chr(ch)!r} is not a hex digit")
        value = value * 16 + digit
        if value >> bits:
            raise ToolError(IM_OVERFLOW, f"hex string over {bits} bits")
    return value


def _parse_decimal(mem, addr: int, length: int, signed: bool, bits: int) -> int:
    """Dec2Int / Dec2Long: the value of a decimal string, as the unsigned result."""
    text = read_bytes(mem, addr, length).lstrip(b" ")
    negative = False
    if signed and text[:1] in (b"-", b"+"):
        negative, text = text[:1] == b"-", text[1:]
    if not text:
        raise ToolError(IM_ILLEGAL_CHAR, "no digits")
    value = 0
    for ch in text:
        if not 0x30 <= ch <= 0x39:
            raise ToolError(IM_ILLEGAL_CHAR, f"{chr(ch)!r} is not a decimal digit")
        value = value * 10 + ch - 0x30
        if value > (1 << bits):
            break
    if negative:
        value = -value
    low, high = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if not low <= value <= high:
        raise ToolError(IM_OVERFLOW, f"{value} does not fit {bits} bits")
    return value & ((1 << bits) - 1)


# -- housekeeping ------------------------------------------------------------------------
register_housekeeping(TOOLSET, "IM", "im", IM_VERSION)


# -- integer arithmetic ------------------------------------------------------------------
@tool(TOOLSET, 0x09, "WW", 4)
def Multiply(tb, multiplicand: int, multiplier: int) -> int:
    """Multiply(multiplicand:W, multiplier:W): product:L (unsigned)"""
    return (multiplicand & 0xFFFF) * (multiplier & 0xFFFF)


@tool(TOOLSET, 0x0A, "WW", 4)
def SDivide(tb, dividend: int, divisor: int) -> int:
    """SDivide(dividend:W, divisor:W): quotient:W, remainder:W (signed)"""
    n, d = s16(dividend), s16(divisor)
    if d == 0:
        raise ToolError(IM_BAD_INPT_PARAM, "SDivide by zero")
    quotient = abs(n) // abs(d) * (1 if (n < 0) == (d < 0) else -1)
    remainder = n - quotient * d
    return (quotient & 0xFFFF) | (remainder & 0xFFFF) << 16


@tool(TOOLSET, 0x0B, "WW", 4)
def UDivide(tb, dividend: int, divisor: int) -> int:
    """UDivide(dividend:W, divisor:W): quotient:W, remainder:W (unsigned)"""
    if divisor & 0xFFFF == 0:
        raise ToolError(IM_BAD_INPT_PARAM, "UDivide by zero")
    quotient, remainder = divmod(dividend & 0xFFFF, divisor & 0xFFFF)
    return quotient | remainder << 16


@tool(TOOLSET, 0x0C, "LL", 8)
def LongMul(tb, multiplicand: int, multiplier: int) -> int:
    """LongMul(multiplicand:L, multiplier:L): lsResult:L, msResult:L (unsigned 64-bit)"""
    return (multiplicand & 0xFFFFFFFF) * (multiplier & 0xFFFFFFFF)


@tool(TOOLSET, 0x0D, "LL", 8)
def LongDivide(tb, dividend: int, divisor: int) -> int:
    """LongDivide(dividend:L, divisor:L): quotient:L, remainder:L (unsigned)"""
    if divisor & 0xFFFFFFFF == 0:
        raise ToolError(IM_BAD_INPT_PARAM, "LongDivide by zero")
    quotient, remainder = divmod(dividend & 0xFFFFFFFF, divisor & 0xFFFFFFFF)
    return quotient | remainder << 32


# -- Fixed and Frac arithmetic -----------------------------------------------------------
@tool(TOOLSET, 0x0E, "WW", 4)
def FixRatio(tb, numerator: int, denominator: int) -> int:
    """FixRatio(numerator:W, denominator:W): fixedValue:L"""
    return _pinned_quotient(s16(numerator) << 16, s16(denominator))


@tool(TOOLSET, 0x0F, "LL", 4)
def FixMul(tb, multiplicand: int, multiplier: int) -> int:
    """FixMul(multiplicand:L, multiplier:L): fixedValue:L"""
    return _pin(_div_round(s32(multiplicand) * s32(multiplier), FIXED_ONE))


@tool(TOOLSET, 0x10, "LL", 4)
def FracMul(tb, multiplicand: int, multiplier: int) -> int:
    """FracMul(multiplicand:L, multiplier:L): fracValue:L"""
    return _pin(_div_round(s32(multiplicand) * s32(multiplier), FRAC_ONE))


@tool(TOOLSET, 0x11, "LL", 4)
def FixDiv(tb, dividend: int, divisor: int) -> int:
    """FixDiv(dividend:L, divisor:L): fixedValue:L"""
    return _pinned_quotient(s32(dividend) * FIXED_ONE, s32(divisor))


@tool(TOOLSET, 0x12, "LL", 4)
def FracDiv(tb, dividend: int, divisor: int) -> int:
    """FracDiv(dividend:L, divisor:L): fracValue:L"""
    return _pinned_quotient(s32(dividend) * FRAC_ONE, s32(divisor))


@tool(TOOLSET, 0x13, "L", 2)
def FixRound(tb, fixed_value: int) -> int:
    """FixRound(fixedValue:L): roundedValue:W (to nearest; halves up)"""
    return ((s32(fixed_value) + FIXED_ONE // 2) >> 16) & 0xFFFF


@tool(TOOLSET, 0x14, "L", 4)
def FracSqrt(tb, frac_value: int) -> int:
    """FracSqrt(fracValue:L): fracValue:L (the argument unsigned, 0 <= x < 4)"""
    radicand = (frac_value & 0xFFFFFFFF) << 30          # result**2 in units of 2**-60
    root = math.isqrt(radicand)
    if radicand - root * root > root:                   # nearer root + 1
        root += 1
    return _pin(root)


@tool(TOOLSET, 0x15, "L", 4)
def FracCos(tb, angle: int) -> int:
    """FracCos(angle:L): fracValue:L (angle a Fixed in radians)"""
    return _scaled(math.cos(s32(angle) / FIXED_ONE), FRAC_ONE)


@tool(TOOLSET, 0x16, "L", 4)
def FracSin(tb, angle: int) -> int:
    """FracSin(angle:L): fracValue:L (angle a Fixed in radians)"""
    return _scaled(math.sin(s32(angle) / FIXED_ONE), FRAC_ONE)


@tool(TOOLSET, 0x17, "LL", 4)
def FixATan2(tb, x: int, y: int) -> int:
    """FixATan2(input1:L, input2:L): arcTanAngle:L -- the angle of (x, y) in radians"""
    x, y = s32(x), s32(y)
    if x == 0 and y == 0:
        return 0
    return _scaled(math.atan2(y, x), FIXED_ONE)


@tool(TOOLSET, 0x18, "L", 2)
def HiWord(tb, long_value: int) -> int:
    """HiWord(longValue:L): highWord:W"""
    return (long_value >> 16) & 0xFFFF


@tool(TOOLSET, 0x19, "L", 2)
def LoWord(tb, long_value: int) -> int:
    """LoWord(longValue:L): lowWord:W"""
    return long_value & 0xFFFF


# -- conversions -------------------------------------------------------------------------
@tool(TOOLSET, 0x1A, "L", 4)
def Long2Fix(tb, long_value: int) -> int:
    """Long2Fix(longValue:L): fixedValue:L"""
    return _pin(s32(long_value) * FIXED_ONE)


@tool(TOOLSET, 0x1B, "L", 4)
def Fix2Long(tb, fixed_value: int) -> int:
    """Fix2Long(fixedValue:L): longValue:L (rounded)"""
    return _pin(_div_round(s32(fixed_value), FIXED_ONE))


@tool(TOOLSET, 0x1C, "L", 4)
def Fix2Frac(tb, fixed_value: int) -> int:
    """Fix2Frac(fixedValue:L): fracValue:L"""
    return _pin(s32(fixed_value) * (FRAC_ONE // FIXED_ONE))


@tool(TOOLSET, 0x1D, "L", 4)
def Frac2Fix(tb, frac_value: int) -> int:
    """Frac2Fix(fracValue:L): fixedValue:L (rounded)"""
    return _pin(_div_round(s32(frac_value), FRAC_ONE // FIXED_ONE))


@tool(TOOLSET, 0x1E, "LL")
def Fix2X(tb, fixed_value: int, extend_ptr: int) -> None:
    """Fix2X(fixedValue:L, extendPtr:L) -- stores the value as a SANE extended"""
    _write_extended(tb.mem, extend_ptr & 0xFFFFFF, s32(fixed_value), 16)


@tool(TOOLSET, 0x1F, "LL")
def Frac2X(tb, frac_value: int, extend_ptr: int) -> None:
    """Frac2X(fracValue:L, extendPtr:L) -- stores the value as a SANE extended"""
    _write_extended(tb.mem, extend_ptr & 0xFFFFFF, s32(frac_value), 30)


@tool(TOOLSET, 0x20, "L", 4)
def X2Fix(tb, extend_ptr: int) -> int:
    """X2Fix(extendPtr:L): fixedValue:L"""
    return _extended_to_fixed_point(tb.mem, extend_ptr & 0xFFFFFF, 16)


@tool(TOOLSET, 0x21, "L", 4)
def X2Frac(tb, extend_ptr: int) -> int:
    """X2Frac(extendPtr:L): fracValue:L"""
    return _extended_to_fixed_point(tb.mem, extend_ptr & 0xFFFFFF, 30)


# -- strings -----------------------------------------------------------------------------
@tool(TOOLSET, 0x22, "WLW")
def Int2Hex(tb, int_value: int, str_ptr: int, str_length: int) -> None:
    """Int2Hex(intValue:W, strAddr:L, strLength:W) -- right-justified, leading zeros"""
    _put_string(tb.mem, str_ptr & 0xFFFFFF, str_length,
                b"%X" % (int_value & 0xFFFF), ord("0"))


@tool(TOOLSET, 0x23, "LLW")
def Long2Hex(tb, long_value: int, str_ptr: int, str_length: int) -> None:
    """Long2Hex(longValue:L, strAddr:L, strLength:W) -- right-justified, leading zeros"""
    _put_string(tb.mem, str_ptr & 0xFFFFFF, str_length,
                b"%X" % (long_value & 0xFFFFFFFF), ord("0"))


@tool(TOOLSET, 0x24, "LW", 2)
def Hex2Int(tb, str_ptr: int, str_length: int) -> int:
    """Hex2Int(strAddr:L, strLength:W): intValue:W"""
    return _parse_hex(tb.mem, str_ptr & 0xFFFFFF, str_length, 16)


@tool(TOOLSET, 0x25, "LW", 4)
def Hex2Long(tb, str_ptr: int, str_length: int) -> int:
    """Hex2Long(strAddr:L, strLength:W): longValue:L"""
    return _parse_hex(tb.mem, str_ptr & 0xFFFFFF, str_length, 32)


@tool(TOOLSET, 0x26, "WLWW")
def Int2Dec(tb, int_value: int, str_ptr: int, str_length: int, signed_flag: int) -> None:
    """Int2Dec(intValue:W, strAddr:L, strLength:W, signedFlag:W) -- right-justified,
    leading spaces; signedFlag nonzero reads intValue as signed"""
    value = s16(int_value) if signed_flag else int_value & 0xFFFF
    _put_string(tb.mem, str_ptr & 0xFFFFFF, str_length, _decimal_text(value), SPACE)


@tool(TOOLSET, 0x27, "LLWW")
def Long2Dec(tb, long_value: int, str_ptr: int, str_length: int, signed_flag: int) -> None:
    """Long2Dec(longValue:L, strAddr:L, strLength:W, signedFlag:W) -- right-justified,
    leading spaces; signedFlag nonzero reads longValue as signed"""
    value = s32(long_value) if signed_flag else long_value & 0xFFFFFFFF
    _put_string(tb.mem, str_ptr & 0xFFFFFF, str_length, _decimal_text(value), SPACE)


@tool(TOOLSET, 0x28, "LWW", 2)
def Dec2Int(tb, str_ptr: int, str_length: int, signed_flag: int) -> int:
    """Dec2Int(strAddr:L, strLength:W, signedFlag:W): intValue:W"""
    return _parse_decimal(tb.mem, str_ptr & 0xFFFFFF, str_length, bool(signed_flag), 16)


@tool(TOOLSET, 0x29, "LWW", 4)
def Dec2Long(tb, str_ptr: int, str_length: int, signed_flag: int) -> int:
    """Dec2Long(strAddr:L, strLength:W, signedFlag:W): longValue:L"""
    return _parse_decimal(tb.mem, str_ptr & 0xFFFFFF, str_length, bool(signed_flag), 32)


@tool(TOOLSET, 0x2A, "W", 4)
def HexIt(tb, int_value: int) -> int:
    """HexIt(intValue:W): hexValue:L -- four ASCII hex digits, first digit lowest byte"""
    return int.from_bytes(b"%04X" % (int_value & 0xFFFF), "little")
