"""The Integer Math Tool Set (toolbox/intmath.py) called the way a program calls it: 65816
code that pushes the result space and parameters and does JSL $E10000, with each call's
result and error code (intmath.h's numbers), worked values and Python-arithmetic
properties; and a small MPW IIgs program that uses the tool set and stores its results."""
from __future__ import annotations

import math
import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from system.machine import Machine
from iigs.memory import read_bytes, read_long, read_word, write_bytes
from toolbox import intmath as im
from toolbox.calls import TOOL_TABLE

import toolcall

STR = 0x7100             # a string buffer
EXT = 0x7200             # a SANE extended

CALLS = {                # Apple's numbers (Toolbox Reference vol. 1 ch. 9, intmath.h)
    "IMBootInit": 0x010B, "IMStartUp": 0x020B, "IMShutDown": 0x030B,
    "IMVersion": 0x040B, "IMReset": 0x050B, "IMStatus": 0x060B,
    "Multiply": 0x090B, "SDivide": 0x0A0B, "UDivide": 0x0B0B, "LongMul": 0x0C0B,
    "LongDivide": 0x0D0B, "FixRatio": 0x0E0B, "FixMul": 0x0F0B, "FracMul": 0x100B,
    "FixDiv": 0x110B, "FracDiv": 0x120B, "FixRound": 0x130B, "FracSqrt": 0x140B,
    "FracCos": 0x150B, "FracSin": 0x160B, "FixATan2": 0x170B, "HiWord": 0x180B,
    "LoWord": 0x190B, "Long2Fix": 0x1A0B, "Fix2Long": 0x1B0B, "Fix2Frac": 0x1C0B,
    "Frac2Fix": 0x1D0B, "Fix2X": 0x1E0B, "Frac2X": 0x1F0B, "X2Fix": 0x200B,
    "X2Frac": 0x210B, "Int2Hex": 0x220B, "Long2Hex": 0x230B, "Hex2Int": 0x240B,
    "Hex2Long": 0x250B, "Int2Dec": 0x260B, "Long2Dec": 0x270B, "Dec2Int": 0x280B,
    "Dec2Long": 0x290B, "HexIt": 0x2A0B,
}

_MACHINE: list[Machine] = []


def machine() -> Machine:
    """One machine for the whole module: the calls keep no state between them."""
    if not _MACHINE:
        _MACHINE.append(Machine())
    return _MACHINE[0]


def call(name: str, *params: int) -> tuple[int, int]:
    """Call Integer Math's `name` through JSL $E10000; (error, result)."""
    row = TOOL_TABLE[CALLS[name]]
    assert row.name == name
    return call_row(row, *params)


def call_row(row, *params: int) -> tuple[int, int]:
    """Call a tool-table row with its declared parameters on the module's machine."""
    return toolcall.call_row(machine(), row, *params)


def ok(name: str, *params: int) -> int:
    error, result = call(name, *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


def u16(v: int) -> int:
    return v & 0xFFFF


def u32(v: int) -> int:
    return v & 0xFFFFFFFF


def fixed(x: float) -> int:
    return u32(round(x * 65536))


def frac(x: float) -> int:
    return u32(round(x * (1 << 30)))


def put(text: bytes, at: int = STR) -> int:
    write_bytes(machine().mem, at, text)
    return at


def got(length: int, at: int = STR) -> bytes:
    return read_bytes(machine().mem, at, length)


# -- the table ---------------------------------------------------------------------------
def test_every_call_is_registered_with_apples_number_and_name():
    rows = {r.name: r.number for r in TOOL_TABLE.values() if r.toolset == 0x0B}
    assert rows == CALLS


def test_signatures_match_the_manual():
    sig = {r.name: (r.params, r.result) for r in TOOL_TABLE.values() if r.toolset == 0x0B}
    assert sig["SDivide"] == ("WW", 4) and sig["LongMul"] == ("LL", 8)
    assert sig["LongDivide"] == ("LL", 8) and sig["Int2Dec"] == ("WLWW", 0)
    assert sig["Long2Dec"] == ("LLWW", 0) and sig["Dec2Long"] == ("LWW", 4)
    assert sig["Fix2X"] == ("LL", 0) and sig["X2Frac"] == ("L", 4)
    assert sig["FixRound"] == ("L", 2) and sig["HexIt"] == ("W", 4)


def test_start_up_status_version_and_shut_down():
    ok("IMBootInit")
    ok("IMStartUp")
    assert ok("IMStatus") == 0xFFFF
    assert ok("IMVersion") == im.IM_VERSION
    ok("IMReset")
    ok("IMShutDown")
    assert ok("IMStatus") == 0


def test_tool_locator_knows_the_tool_set():
    table = 0x7300
    write_bytes(machine().mem, table, struct.pack("<HHH", 1, 0x000B, 0x0100))
    error, _ = call_locator("LoadTools", table)
    assert error == 0
    assert call_locator("LoadOneTool", 0x000B, 0x0100)[0] == 0


def call_locator(name: str, *params: int) -> tuple[int, int]:
    return call_row(next(r for r in TOOL_TABLE.values() if r.name == name), *params)


# -- integer arithmetic ------------------------------------------------------------------
def test_multiply_is_unsigned_16_by_16():
    assert ok("Multiply", 300, 400) == 120000
    assert ok("Multiply", 0xFFFF, 0xFFFF) == 0xFFFE0001


def test_sdivide_quotient_first_then_remainder_with_the_dividends_sign():
    assert ok("SDivide", 7, 2) == 3 | 1 << 16
    assert ok("SDivide", u16(-7), 2) == u16(-3) | u16(-1) << 16
    assert ok("SDivide", 7, u16(-2)) == u16(-3) | 1 << 16


def test_udivide_and_divides_by_zero():
    assert ok("UDivide", 0xFFFF, 16) == 0x0FFF | 15 << 16
    for name in ("SDivide", "UDivide"):
        assert call(name, 5, 0)[0] == im.IM_BAD_INPT_PARAM
    assert call("LongDivide", 5, 0)[0] == im.IM_BAD_INPT_PARAM


def test_long_mul_and_long_divide():
    assert ok("LongMul", 0xFFFFFFFF, 0xFFFFFFFF) == 0xFFFFFFFE00000001
    assert ok("LongMul", 100000, 300000) == 30_000_000_000
    assert ok("LongDivide", 1_000_000_007, 1000) == 1_000_000 | 7 << 32


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 0xFFFF), st.integers(0, 0xFFFF))
def test_word_arithmetic_matches_python(a, b):
    assert ok("Multiply", a, b) == a * b
    if b:
        q, r = divmod(a, b)
        assert ok("UDivide", a, b) == q | r << 16
        sa, sb = a - (a >> 15 << 16), b - (b >> 15 << 16)
        if not (sa == -32768 and sb == -1):
            sq = int(sa / sb)
            assert ok("SDivide", a, b) == u16(sq) | u16(sa - sq * sb) << 16


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 0xFFFFFFFF), st.integers(1, 0xFFFFFFFF))
def test_long_arithmetic_matches_python(a, b):
    assert ok("LongMul", a, b) == a * b
    q, r = divmod(a, b)
    assert ok("LongDivide", a, b) == q | r << 32


def test_hi_word_and_lo_word():
    assert ok("HiWord", 0x12345678) == 0x1234
    assert ok("LoWord", 0x12345678) == 0x5678


# -- Fixed and Frac ----------------------------------------------------------------------
def test_fix_ratio_worked_values_and_pins():
    assert ok("FixRatio", 1, 3) == 0x00005555
    assert ok("FixRatio", 2, 3) == 0x0000AAAB                 # rounded
    assert ok("FixRatio", u16(-1), 2) == 0xFFFF8000
    assert ok("FixRatio", 5, 0) == im.MAX_FIXED
    assert ok("FixRatio", u16(-5), 0) == im.MIN_FIXED


def test_fix_mul_frac_mul_and_their_overflow():
    assert ok("FixMul", fixed(1.5), fixed(2.5)) == fixed(3.75)
    assert ok("FixMul", fixed(-2), fixed(0.25)) == fixed(-0.5)
    assert ok("FixMul", fixed(30000), fixed(2)) == im.MAX_FIXED
    assert ok("FixMul", fixed(-30000), fixed(2)) == im.MIN_FIXED
    assert ok("FracMul", frac(0.5), frac(0.5)) == frac(0.25)
    assert ok("FracMul", frac(-0.5), frac(1.5)) == frac(-0.75)


def test_frac_mul_pins_beyond_two():
    assert ok("FracMul", frac(1.5), frac(1.5)) == im.MAX_FRAC
    assert ok("FracMul", frac(1.5), frac(-1.5)) == im.MIN_FRAC


def test_fix_div_frac_div_and_division_by_zero():
    assert ok("FixDiv", fixed(1), fixed(3)) == 0x00005555
    assert ok("FixDiv", fixed(-7.5), fixed(2.5)) == fixed(-3)
    assert ok("FixDiv", fixed(1), 0) == im.MAX_FIXED
    assert ok("FixDiv", fixed(-1), 0) == im.MIN_FIXED
    assert ok("FixDiv", fixed(20000), fixed(0.5)) == im.MAX_FIXED
    assert ok("FracDiv", fixed(1), fixed(2)) == frac(0.5)       # any two like units
    assert ok("FracDiv", 3, 4) == frac(0.75)
    assert ok("FracDiv", 3, 1) == im.MAX_FRAC


def test_fix_round():
    assert ok("FixRound", fixed(2.5)) == 3
    assert ok("FixRound", fixed(2.49)) == 2
    assert ok("FixRound", fixed(-2.25)) == u16(-2)
    assert ok("FixRound", fixed(-2.75)) == u16(-3)


def test_frac_sqrt():
    assert ok("FracSqrt", frac(1)) == frac(1)
    assert ok("FracSqrt", frac(0.25)) == frac(0.5)
    assert ok("FracSqrt", 0x80000000) == 0x5A82799A           # Frac 2.0 (unsigned): sqrt 2
    assert ok("FracSqrt", 0) == 0


def test_frac_cos_and_frac_sin():
    assert ok("FracCos", 0) == 0x40000000
    assert ok("FracSin", 0) == 0
    half_pi = fixed(math.pi / 2)
    assert abs(ok("FracSin", half_pi) - 0x40000000) < 4
    assert ok("FracCos", fixed(math.pi)) in range(0xBFFFFFF0, 0xC0000010)  # about -1
    assert ok("FracSin", u32(-half_pi)) in range(0xBFFFFFF0, 0xC0000010)


def test_fix_atan2_quadrants():
    pi = fixed(math.pi)
    assert ok("FixATan2", 1, 0) == 0
    assert ok("FixATan2", 1, 1) == fixed(math.pi / 4)
    assert ok("FixATan2", 0, 5) == fixed(math.pi / 2)
    assert ok("FixATan2", u32(-1), 1) == fixed(3 * math.pi / 4)
    assert ok("FixATan2", u32(-1), 0) == pi
    assert ok("FixATan2", u32(-1), u32(-1)) == fixed(-3 * math.pi / 4)
    assert ok("FixATan2", 1, u32(-1)) == fixed(-math.pi / 4)
    assert ok("FixATan2", 0, 0) == 0


def test_long_fix_frac_conversions():
    assert ok("Long2Fix", 5) == 0x00050000
    assert ok("Long2Fix", u32(-3)) == 0xFFFD0000
    assert ok("Long2Fix", 40000) == im.MAX_FIXED
    assert ok("Long2Fix", u32(-40000)) == im.MIN_FIXED
    assert ok("Fix2Long", fixed(2.5)) == 3
    assert ok("Fix2Long", fixed(-2.5)) == u32(-3)
    assert ok("Fix2Frac", fixed(0.5)) == 0x20000000
    assert ok("Fix2Frac", fixed(3)) == im.MAX_FRAC
    assert ok("Fix2Frac", fixed(-3)) == im.MIN_FRAC
    assert ok("Frac2Fix", 0x40000000) == 0x00010000
    assert ok("Frac2Fix", frac(-0.5)) == fixed(-0.5)


# -- SANE extended -----------------------------------------------------------------------
def extended(value: float) -> bytes:
    """The 80-bit extended of an exactly representable value, built by hand."""
    if value == 0:
        return bytes(10)
    mantissa, exponent = math.frexp(abs(value))          # value = m * 2**e, 0.5 <= m < 1
    significand = int(mantissa * (1 << 64))
    head = (0x8000 if value < 0 else 0) | (exponent - 1 + 16383)
    return significand.to_bytes(8, "little") + head.to_bytes(2, "little")


def test_fix2x_and_frac2x_write_the_extended_bit_for_bit():
    ok("Fix2X", fixed(1), EXT)
    assert got(10, EXT) == bytes([0, 0, 0, 0, 0, 0, 0, 0x80, 0xFF, 0x3F])
    ok("Fix2X", fixed(-2.5), EXT)
    assert got(10, EXT) == extended(-2.5)
    ok("Fix2X", 1, EXT)
    assert got(10, EXT) == extended(2.0 ** -16)
    ok("Fix2X", 0, EXT)
    assert got(10, EXT) == bytes(10)
    ok("Frac2X", 0x40000000, EXT)
    assert got(10, EXT) == extended(1.0)
    ok("Frac2X", 0x80000000, EXT)
    assert got(10, EXT) == extended(-2.0)


def test_x2fix_and_x2frac_read_the_extended_with_rounding_and_pins():
    put(extended(3.25), EXT)
    assert ok("X2Fix", EXT) == fixed(3.25)
    assert ok("X2Frac", EXT) == im.MAX_FRAC
    put(extended(-0.75), EXT)
    assert ok("X2Frac", EXT) == frac(-0.75)
    put(extended(1e6), EXT)
    assert ok("X2Fix", EXT) == im.MAX_FIXED
    put(extended(-1e6), EXT)
    assert ok("X2Fix", EXT) == im.MIN_FIXED
    put(extended(1 / 3 + 0.0), EXT)
    assert ok("X2Fix", EXT) == 0x5555
    put(bytes(8) + b"\xFF\x7F", EXT)                           # +infinity
    assert ok("X2Fix", EXT) == im.MAX_FIXED


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 0xFFFFFFFF))
def test_fixed_and_frac_survive_a_trip_through_extended(value):
    ok("Fix2X", value, EXT)
    assert ok("X2Fix", EXT) == value
    ok("Frac2X", value, EXT)
    assert ok("X2Frac", EXT) == value


# -- strings -----------------------------------------------------------------------------
def test_int2hex_and_long2hex_right_justify_with_zeros():
    put(b"########")
    ok("Int2Hex", 0x2AF, STR, 6)
    assert got(8) == b"0002AF##"
    ok("Long2Hex", 0xDEADBEEF, STR, 8)
    assert got(8) == b"DEADBEEF"
    put(b"######")
    assert call("Int2Hex", 0x12345, STR, 3)[0] == im.IM_STR_OVERFLOW
    assert got(6) == b"######"                                  # left as it was


def test_int2dec_and_long2dec_right_justify_with_spaces_and_sign():
    ok("Int2Dec", u16(-123), STR, 6, 1)
    assert got(6) == b"  -123"
    ok("Int2Dec", u16(-123), STR, 6, 0)
    assert got(6) == b" 65413"
    ok("Long2Dec", u32(-2147483648), STR, 11, 1)
    assert got(11) == b"-2147483648"
    ok("Long2Dec", 4294967295, STR, 12, 0)
    assert got(12) == b"  4294967295"
    assert call("Long2Dec", 123456, STR, 5, 0)[0] == im.IM_STR_OVERFLOW


def test_hex2int_and_hex2long():
    assert ok("Hex2Int", put(b"  2aF"), 5) == 0x2AF
    assert ok("Hex2Long", put(b"DEADBEEF"), 8) == 0xDEADBEEF
    assert call("Hex2Int", put(b"12G4"), 4)[0] == im.IM_ILLEGAL_CHAR
    assert call("Hex2Int", put(b"12345"), 5)[0] == im.IM_OVERFLOW
    assert call("Hex2Long", put(b"123456789"), 9)[0] == im.IM_OVERFLOW


def test_dec2int_and_dec2long():
    assert ok("Dec2Int", put(b"  -123"), 6, 1) == u16(-123)
    assert ok("Dec2Int", put(b"+32767"), 6, 1) == 32767
    assert ok("Dec2Int", put(b"65535"), 5, 0) == 65535
    assert call("Dec2Int", put(b"32768"), 5, 1)[0] == im.IM_OVERFLOW
    assert call("Dec2Int", put(b"65536"), 5, 0)[0] == im.IM_OVERFLOW
    assert call("Dec2Int", put(b"-5"), 2, 0)[0] == im.IM_ILLEGAL_CHAR   # no sign unsigned
    assert call("Dec2Int", put(b"1x3"), 3, 1)[0] == im.IM_ILLEGAL_CHAR
    assert ok("Dec2Long", put(b"-2147483648"), 11, 1) == 0x80000000
    assert call("Dec2Long", put(b"4294967296"), 10, 0)[0] == im.IM_OVERFLOW


@settings(max_examples=30, deadline=None)
@given(st.integers(-(1 << 31), (1 << 31) - 1))
def test_long2dec_and_dec2long_round_trip(value):
    ok("Long2Dec", u32(value), STR, 11, 1)
    assert got(11) == str(value).rjust(11).encode()
    assert ok("Dec2Long", STR, 11, 1) == u32(value)


def test_hexit_gives_four_digits_in_memory_order():
    assert ok("HexIt", 0x12AB).to_bytes(4, "little") == b"12AB"
    assert ok("HexIt", 0x000F).to_bytes(4, "little") == b"000F"


# -- a program -------------------------------------------------------------------------
def test_a_program_starts_the_tool_set_and_uses_it(build_program):
    data, labels = build_program("machine_intmath")
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    dp = prog.dp_base

    def word(name: str) -> int:
        return read_word(m.mem, dp + labels[name])

    def long(name: str) -> int:
        return read_long(m.mem, dp + labels[name])

    assert word("status") == 0xFFFF
    assert long("product") == 120000
    assert (word("quotient"), word("remainder")) == (u16(-3), u16(-1))
    assert long("ratio") == 0x5555
    assert long("cosine") == 0x40000000
    assert word("parsed") == u16(-1234)
    assert word("parseErr") == im.IM_ILLEGAL_CHAR
    assert word("divErr") == im.IM_BAD_INPT_PARAM
    text = read_bytes(m.mem, dp + labels["decText"], 6)
    assert text == b"  -321"
    assert read_bytes(m.mem, dp + labels["hexText"], 4) == b"BEEF"
    assert not m.tb.im.started                                  # IMShutDown ran
