"""SANE (toolbox/sane.py) called the way a program calls it: 65816 code that pushes the
operands' addresses and an opword and does LDX #$090A / JSL $E10000, with the extended
results compared byte for byte against worked values (and against the host's IEEE double
for the double and single conversions); and a small MPW IIgs program that starts SANE,
adds two extendeds with FP816 and checks the result as a program would."""
from __future__ import annotations

import math
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from system.machine import Machine
from iigs.memory import read_bytes, read_word, write_bytes
from toolbox import sane as sn
from toolbox.calls import TOOL_TABLE

CODE = 0x6000            # bank 0: the snippet that makes the call
DST = 0x7000             # the destination operand
SRC = 0x7010             # the source operand
ENV_OUT = 0x7020         # FPROCENTRY's environment

FP816, DECSTR816, ELEMS816 = 0x090A, 0x0A0A, 0x0B0A

_MACHINE: list[Machine] = []


def machine() -> Machine:
    if not _MACHINE:
        _MACHINE.append(Machine())
    return _MACHINE[0]


@pytest.fixture(autouse=True)
def default_environment():
    machine().tb.sane.env = sn.IEEE_DEFAULT_ENV
    yield


def fp(opword: int, dst: int | None = None, src: int | None = None, value: int | None = None,
       tool: int = FP816):
    """One FP816 (or Elems816) call: src address, dst address (or a word value), opword."""
    code = bytearray()
    for addr in (src, dst):
        if addr is not None:
            code += b"\xF4" + (addr >> 16).to_bytes(2, "little")        # PEA ^addr
            code += b"\xF4" + (addr & 0xFFFF).to_bytes(2, "little")     # PEA addr
    if value is not None:
        code += b"\xF4" + value.to_bytes(2, "little")
    code += b"\xF4" + opword.to_bytes(2, "little")                      # PEA opword
    code += b"\xA2" + tool.to_bytes(2, "little")                        # LDX #tool
    code += b"\x22\x00\x00\xE1\x6B"                                     # JSL; RTL
    m = machine()
    write_bytes(m.mem, CODE, bytes(code))
    sp_before = m.cpu.sp
    regs = m.call(CODE, x=0x1234, y=0x5678)
    assert regs.sp == sp_before                                         # operands dropped
    assert regs.a == 0
    return regs


def ext(value: float | int) -> bytes:
    """An exactly representable value as extended bytes (through the module's packer)."""
    if isinstance(value, int):
        return sn.pack_float(sn.EXTENDED, sn.from_int(value))
    return sn.pack_float(sn.EXTENDED, sn.unpack(sn.FFDBL, struct.pack("<d", value)))


def put(data: bytes, at: int) -> int:
    write_bytes(machine().mem, at, data)
    return at


def got(at: int = DST, size: int = sn.EXT_SIZE) -> bytes:
    return read_bytes(machine().mem, at, size)


def flags() -> int:
    return machine().tb.sane.env >> sn.EXCEPTION_SHIFT & 0x1F


def binary(op: int, a, b, fmt: int = sn.FFEXT, src_bytes: bytes | None = None) -> bytes:
    put(ext(a), DST)
    put(src_bytes if src_bytes is not None else ext(b), SRC)
    fp(op | fmt << 8, DST, SRC)
    return got()


def x80(hex_text: str) -> bytes:
    """'3FFF 8000000000000000' (sign/exponent, significand) as stored bytes."""
    head, sig = hex_text.split()
    return int(sig, 16).to_bytes(8, "little") + int(head, 16).to_bytes(2, "little")


# -- the table ---------------------------------------------------------------------------
def test_the_tool_set_is_registered_with_apples_numbers():
    names = {r.name: r.number for r in TOOL_TABLE.values() if r.toolset == 0x0A}
    assert names == {"SANEBootInit": 0x010A, "SANEStartUp": 0x020A, "SANEShutDown": 0x030A,
                     "SANEVersion": 0x040A, "SANEReset": 0x050A, "SANEStatus": 0x060A,
                     "SANEFP816": 0x090A, "SANEDecStr816": 0x0A0A, "SANEElems816": 0x0B0A}


# -- arithmetic, bit for bit -------------------------------------------------------------
def test_one_plus_two_is_three_exactly():
    assert binary(sn.FOADD, 1, 2) == x80("4000 C000000000000000")
    assert flags() == 0


def test_one_third_rounds_to_nearest_and_is_inexact():
    assert binary(sn.FODIV, 1, 3) == x80("3FFD AAAAAAAAAAAAAAAB")
    assert flags() == sn.INEXACT


def test_rounding_direction_from_the_environment():
    fp(sn.FOSETENV, value=sn.TOWARD_ZERO << sn.ROUND_SHIFT)
    assert binary(sn.FODIV, 1, 3) == x80("3FFD AAAAAAAAAAAAAAAA")
    fp(sn.FOSETENV, value=sn.UPWARD << sn.ROUND_SHIFT)
    assert binary(sn.FODIV, -1, 3) == x80("BFFD AAAAAAAAAAAAAAAA")
    fp(sn.FOSETENV, value=sn.DOWNWARD << sn.ROUND_SHIFT)
    assert binary(sn.FODIV, -1, 3) == x80("BFFD AAAAAAAAAAAAAAAB")
    assert binary(sn.FOSUB, 1, 1) == x80("8000 0000000000000000")      # -0 downward


def test_square_root_of_two():
    put(ext(2), DST)
    fp(sn.FOSQRT, DST)
    assert got() == x80("3FFF B504F333F9DE6484")
    assert flags() == sn.INEXACT


def test_subtract_multiply_and_integer_sources():
    assert binary(sn.FOSUB, 10, 0.25) == ext(9.75)
    assert binary(sn.FOMUL, 1.5, 4) == ext(6)
    assert binary(sn.FOMUL, 3, 0, sn.FFINT, (7).to_bytes(2, "little")) == ext(21)
    assert binary(sn.FOADD, 1, 0, sn.FFLONG, (-100000).to_bytes(4, "little", signed=True)) \
        == ext(-99999)
    assert binary(sn.FODIV, 1, 0, sn.FFDBL, struct.pack("<d", 0.5)) == ext(2)
    assert binary(sn.FOADD, 1, 0, sn.FFSGL, struct.pack("<f", 0.5)) == ext(1.5)
    assert flags() == 0


def test_zero_over_zero_is_nan_4_and_invalid():
    assert binary(sn.FODIV, 0, 0) == x80("7FFF 4004000000000000")
    assert flags() == sn.INVALID


def test_divide_by_zero_gives_infinity_with_its_flag():
    assert binary(sn.FODIV, -5, 0) == x80("FFFF 0000000000000000")
    assert flags() == sn.DIVBYZERO


def test_infinity_minus_infinity_and_nan_propagation():
    inf = x80("7FFF 0000000000000000")
    put(inf, DST)
    put(inf, SRC)
    fp(sn.FOSUB, DST, SRC)
    assert got() == x80("7FFF 4002000000000000") and flags() == sn.INVALID
    fp(sn.FOSETENV, value=0)
    assert binary(sn.FOMUL, 0, 0, src_bytes=x80("7FFF 4004000000000000")) == \
        x80("7FFF 4004000000000000")
    assert flags() == 0                                           # a quiet NaN: no flag


def test_overflow_and_underflow():
    big = x80("7FFE FFFFFFFFFFFFFFFF")                              # largest extended
    put(big, DST)
    put(ext(2), SRC)
    fp(sn.FOMUL, DST, SRC)
    assert got() == x80("7FFF 0000000000000000")
    assert flags() == sn.OVERFLOW | sn.INEXACT
    fp(sn.FOSETENV, value=0)
    tiny = x80("0001 8000000000000000")                             # smallest normal
    put(tiny, DST)
    put(ext(3), SRC)
    fp(sn.FODIV, DST, SRC)
    assert got()[8:] == b"\x00\x00"                                 # a denormal
    assert flags() == sn.UNDERFLOW | sn.INEXACT


def test_remainder_is_exact_and_returns_the_quotient_bits():
    put(ext(7), DST)
    put(ext(2), SRC)
    regs = fp(sn.FOREM, DST, SRC)
    assert got() == ext(-1)                                         # 7 - 2*4
    assert regs.x == 4
    assert binary(sn.FOREM, 5.5, 2) == ext(-0.5)
    assert binary(sn.FOREM, 1, 0) == x80("7FFF 4009000000000000")


def test_round_and_truncate_to_integer():
    put(ext(2.5), DST)
    fp(sn.FORTI, DST)
    assert got() == ext(2)                                          # ties to even
    put(ext(-2.5), DST)
    fp(sn.FOTTI, DST)
    assert got() == ext(-2)
    assert flags() == sn.INEXACT


# -- comparisons and classes -------------------------------------------------------------
@pytest.mark.parametrize("dst, src, relation", [
    (2, 1, sn.CMP_GREATER), (1, 2, sn.CMP_LESS), (3, 3, sn.CMP_EQUAL), (-0.0, 0.0, sn.CMP_EQUAL),
])
def test_compare_sets_x_and_the_flags(dst, src, relation):
    put(ext(dst), DST)
    put(ext(src), SRC)
    regs = fp(sn.FOCMP, DST, SRC)
    assert regs.x == relation
    assert regs.p & 0xC3 == relation
    assert flags() == 0


def test_unordered_compare_signals_invalid_only_for_fcpx():
    put(x80("7FFF 4001000000000000"), DST)
    put(ext(1), SRC)
    assert fp(sn.FOCMP, DST, SRC).x == sn.CMP_UNORDERED and flags() == 0
    regs = fp(sn.FOCPX, DST, SRC)
    assert regs.x == sn.CMP_UNORDERED and regs.carry and flags() == sn.INVALID


@pytest.mark.parametrize("raw, fmt, code", [
    (x80("7FFF 0001000000000000"), sn.FFEXT, sn.CLASS_SNAN),
    (x80("7FFF 4001000000000000"), sn.FFEXT, sn.CLASS_QNAN),
    (x80("FFFF 0000000000000000"), sn.FFEXT, sn.CLASS_INFINITE | sn.CLASS_NEGATIVE),
    (x80("0000 0000000000000000"), sn.FFEXT, sn.CLASS_ZERO),
    (x80("3FFF 8000000000000000"), sn.FFEXT, sn.CLASS_NORMAL),
    (x80("0000 0000000000000001"), sn.FFEXT, sn.CLASS_DENORMAL),
    (struct.pack("<d", 5e-324), sn.FFDBL, sn.CLASS_DENORMAL),
    (struct.pack("<f", -1.0), sn.FFSGL, sn.CLASS_NORMAL | sn.CLASS_NEGATIVE),
])
def test_classify(raw, fmt, code):
    put(raw, DST)
    assert fp(sn.FOCLASS | fmt << 8, DST).x == code


def test_negate_abs_and_copysign_touch_only_the_sign():
    put(ext(3), DST)
    fp(sn.FONEG, DST)
    assert got() == ext(-3)
    fp(sn.FOABS, DST)
    assert got() == ext(3)
    put(ext(-1), DST)
    put(ext(5), SRC)
    fp(sn.FOCPYSGN, DST, SRC)
    assert got(SRC) == ext(-5)


# -- conversions ---------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.floats(allow_nan=False, width=64))
def test_double_round_trips_through_extended(value):
    put(struct.pack("<d", value), SRC)
    fp(sn.FOZ2X | sn.FFDBL << 8, DST, SRC)
    fp(sn.FOX2Z | sn.FFDBL << 8, SRC + 16, DST)
    assert got(SRC + 16, 8) == struct.pack("<d", value)


@settings(max_examples=40, deadline=None)
@given(st.floats(allow_nan=False, width=64))
def test_extended_to_single_rounds_like_ieee(value):
    put(struct.pack("<d", value), SRC)
    fp(sn.FOZ2X | sn.FFDBL << 8, DST, SRC)
    fp(sn.FOX2Z | sn.FFSGL << 8, SRC + 16, DST)
    try:
        expected = struct.pack("<f", value)
    except OverflowError:
        expected = struct.pack("<f", math.copysign(math.inf, value))
    assert got(SRC + 16, 4) == expected


@pytest.mark.parametrize("fmt, size, value, expected, exceptions", [
    (sn.FFINT, 2, 2.5, 2, sn.INEXACT),
    (sn.FFINT, 2, -32768, -32768, 0),
    (sn.FFINT, 2, 32768, -32768, sn.INVALID),            # out of range: $8000
    (sn.FFLONG, 4, 1e9 + 0.5, 1_000_000_000, sn.INEXACT),
    (sn.FFCOMP, 8, -(2 ** 62), -(2 ** 62), 0),
    (sn.FFCOMP, 8, 2.0 ** 63, -(2 ** 63), sn.INVALID),   # comp NaN
])
def test_extended_to_integers(fmt, size, value, expected, exceptions):
    put(ext(value), SRC)
    fp(sn.FOX2Z | fmt << 8, DST, SRC)
    assert int.from_bytes(got(DST, size), "little", signed=True) == expected
    assert flags() == exceptions
    if exceptions != sn.INVALID:                         # and back, exactly
        fp(sn.FOZ2X | fmt << 8, SRC, DST)
        assert got(SRC) == ext(expected)


def test_comp_nan_converts_to_nan_20():
    put((1 << 63).to_bytes(8, "little"), SRC)
    fp(sn.FOZ2X | sn.FFCOMP << 8, DST, SRC)
    assert got() == x80("7FFF 4014000000000000")


# -- the environment -------------------------------------------------------------------
def test_environment_get_set_and_procentry_exit():
    regs = fp(sn.FOGETENV)
    assert (regs.x, regs.y) == (0, 0)                     # IEEE default: halts disabled
    binary(sn.FODIV, 1, 3)
    regs = fp(sn.FOGETENV)
    assert regs.x == sn.INEXACT << 8 and regs.y == sn.INEXACT
    fp(sn.FOPROCENTRY, ENV_OUT)
    assert read_word(machine().mem, ENV_OUT) == sn.INEXACT << 8
    assert fp(sn.FOGETENV).x == 0
    binary(sn.FODIV, 1, 0)
    fp(sn.FOPROCEXIT, value=sn.UPWARD << sn.ROUND_SHIFT)
    assert fp(sn.FOGETENV).x == sn.UPWARD << sn.ROUND_SHIFT | sn.DIVBYZERO << 8
    fp(sn.FOSETXCP, value=sn.OVERFLOW)
    assert fp(sn.FOTESTXCP, value=sn.OVERFLOW | sn.INVALID).x == sn.OVERFLOW


def test_rounding_precision_control_rounds_to_double():
    fp(sn.FOSETENV, value=1 << sn.PRECISION_SHIFT)
    assert binary(sn.FODIV, 1, 3) == ext(1 / 3)


# -- Elems816 ------------------------------------------------------------------------------
@pytest.mark.parametrize("op, arg, expected", [
    (sn.FOLNX, 1.0, 0.0), (sn.FOLOG2X, 8.0, 3.0), (sn.FOEXPX, 0.0, 1.0),
    (sn.FOEXP2X, 10.0, 1024.0), (sn.FOSINX, 0.0, 0.0), (sn.FOCOSX, 0.0, 1.0),
    (sn.FOATANX, 1.0, math.pi / 4), (sn.FOTANX, 0.5, math.tan(0.5)),
])
def test_elementary_functions(op, arg, expected):
    put(ext(arg), DST)
    fp(op, DST, tool=ELEMS816)
    assert got() == ext(expected)


def test_log_of_negative_is_nan_36_and_integer_power_is_exact():
    put(ext(-1), DST)
    fp(sn.FOLNX, DST, tool=ELEMS816)
    assert got() == x80("7FFF 4024000000000000") and flags() & sn.INVALID
    put(ext(3), DST)
    put((40).to_bytes(2, "little"), SRC)
    fp(sn.FOXPWRI, DST, SRC, tool=ELEMS816)
    three_40 = 3 ** 40
    assert got() == sn.pack_float(sn.EXTENDED, sn.from_int(three_40))


def test_random_follows_the_lehmer_generator():
    put(ext(1), DST)
    fp(sn.FORANDX, DST, tool=ELEMS816)
    assert got() == ext(16807)
    fp(sn.FORANDX, DST, tool=ELEMS816)
    assert got() == ext(16807 * 16807 % (2 ** 31 - 1))


# -- a program -------------------------------------------------------------------------
def test_a_program_starts_sane_and_adds_two_extendeds(build_program):
    data, labels = build_program("machine_sane")
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    dp = prog.dp_base

    def word(name: str) -> int:
        return read_word(m.mem, dp + labels[name])

    assert word("status") == 0xFFFF
    assert read_bytes(m.mem, dp + labels["sum"], 10) == x80("4000 C000000000000000")
    assert word("sumOK") == 1                       # the program's own FCMPX said equal
    assert word("quotient") == 2                    # FX2I of 7/3, rounded
    assert word("env") == sn.INEXACT << 8           # FGETENV after the inexact divide
    assert not m.tb.sane.started                    # SANEShutDown ran


# -- decimal conversions (FX2DEC, FDEC2X, DecStr816) --------------------------------------
FORM = 0x7040            # a decform
REC = 0x7050             # a decimal record
TEXT = 0x7100            # a string
INDEX, VALID = 0x7200, 0x7202


def x2dec(value: float, style: int, digits: int) -> tuple[int, int, bytes]:
    put(ext(value), SRC)
    put(style.to_bytes(2, "little") + digits.to_bytes(2, "little", signed=True), FORM)
    code = bytearray()
    for addr in (FORM, SRC, REC):
        code += b"\xF4\x00\x00\xF4" + addr.to_bytes(2, "little")
    code += b"\xF4" + sn.FOB2D.to_bytes(2, "little") + b"\xA2\x0A\x09\x22\x00\x00\xE1\x6B"
    _run(code)
    return sn.read_decimal(machine().mem, REC)


def _run(code: bytes):
    m = machine()
    write_bytes(m.mem, CODE, code)
    sp = m.cpu.sp
    regs = m.call(CODE)
    assert regs.sp == sp and regs.a == 0
    return regs


def dec2str(style: int, digits: int) -> bytes:
    put(style.to_bytes(2, "little") + digits.to_bytes(2, "little", signed=True), FORM)
    code = bytearray()
    for addr in (FORM, REC, TEXT):
        code += b"\xF4\x00\x00\xF4" + addr.to_bytes(2, "little")
    code += b"\xF4\x01\x00\xA2\x0A\x0A\x22\x00\x00\xE1\x6B"               # FDEC2STR
    _run(code)
    length = machine().mem[TEXT]
    return got(TEXT + 1, length)


@pytest.mark.parametrize("value, style, digits, record, text", [
    (3.14159, sn.FLOAT_DECIMAL, 7, (0, -6, b"3141590"), b" 3.141590e+0"),
    (3.14159, sn.FIXED_DECIMAL, 2, (0, -2, b"314"), b" 3.14"),
    (-0.05, sn.FIXED_DECIMAL, 3, (1, -3, b"50"), b"-0.050"),
    (1e30, sn.FLOAT_DECIMAL, 3, (0, 28, b"100"), b" 1.00e+30"),
    (0.0, sn.FLOAT_DECIMAL, 3, (0, 0, b"0"), b" 0.00e+0"),
    (1e30, sn.FIXED_DECIMAL, 2, (0, 0, b"?"), b"?"),
])
def test_binary_to_decimal_and_to_text(value, style, digits, record, text):
    assert x2dec(value, style, digits) == record
    assert dec2str(style, digits) == text


def test_infinity_and_nan_to_text():
    sn.write_decimal(machine().mem, REC, 1, 0, b"I")
    assert dec2str(sn.FLOAT_DECIMAL, 6) == b"-INF"
    sn.write_decimal(machine().mem, REC, 0, 0, b"N4011")
    assert dec2str(sn.FLOAT_DECIMAL, 6) == b" NAN(017)"


@pytest.mark.parametrize("text, fmt, expected", [
    (b"0.1", sn.FFDBL, struct.pack("<d", 0.1)),
    (b"-2.5e-3", sn.FFDBL, struct.pack("<d", -2.5e-3)),
    (b"3.4028235e38", sn.FFSGL, struct.pack("<f", 3.4028235e38)),
    (b"1e400", sn.FFDBL, struct.pack("<d", math.inf)),
    (b"1234.5", sn.FFINT, (1234).to_bytes(2, "little")),       # ties to even
    (b"0.3333333333333333333333", sn.FFEXT, x80("3FFD AAAAAAAAAAAAAAAB")),
])
def test_string_to_decimal_to_binary(text, fmt, expected):
    put(bytes([len(text)]) + text, TEXT)
    put((1).to_bytes(2, "little"), INDEX)
    code = bytearray()
    for addr in (TEXT, INDEX, REC, VALID):
        code += b"\xF4\x00\x00\xF4" + addr.to_bytes(2, "little")
    code += b"\xF4\x00\x00\xA2\x0A\x0A\x22\x00\x00\xE1\x6B"               # FPSTR2DEC
    _run(code)
    assert read_word(machine().mem, INDEX) == len(text) + 1
    assert read_word(machine().mem, VALID) == 1
    put(bytes(16), DST)
    fp(sn.FOD2B | fmt << 8, DST, REC)
    assert got(DST, len(expected)) == expected


def test_c_string_prefix_stops_at_the_first_non_numeric_character():
    put(b"  -12.5e3xyz\0", TEXT)
    put((0).to_bytes(2, "little"), INDEX)
    code = bytearray()
    for addr in (TEXT, INDEX, REC, VALID):
        code += b"\xF4\x00\x00\xF4" + addr.to_bytes(2, "little")
    code += b"\xF4\x02\x00\xA2\x0A\x0A\x22\x00\x00\xE1\x6B"               # FCSTR2DEC
    _run(code)
    assert read_word(machine().mem, INDEX) == 9
    assert read_word(machine().mem, VALID) == 0
    assert sn.read_decimal(machine().mem, REC) == (1, 2, b"125")


# -- scalb, logb, next -----------------------------------------------------------------------
def test_scalb_and_logb():
    put(ext(3), DST)
    put((-2).to_bytes(2, "little", signed=True), SRC)
    fp(sn.FOSCALB, DST, SRC)
    assert got() == ext(0.75)
    put(ext(1000), DST)
    fp(sn.FOLOGB, DST)
    assert got() == ext(9)
    put(ext(0), DST)
    fp(sn.FOLOGB, DST)
    assert got() == x80("FFFF 0000000000000000") and flags() == sn.DIVBYZERO


@pytest.mark.parametrize("value, toward, fmt", [
    (1.0, 2.0, sn.FFDBL), (1.0, 0.0, sn.FFDBL), (-1.0, 0.0, sn.FFDBL), (0.0, -1.0, sn.FFDBL),
    (5e-324, 0.0, sn.FFDBL), (1.7976931348623157e308, math.inf, sn.FFDBL),
    (2.2250738585072014e-308, 0.0, sn.FFDBL), (1.0, 2.0, sn.FFSGL),
])
def test_next_after_matches_the_host(value, toward, fmt):
    code = "<d" if fmt == sn.FFDBL else "<f"
    put(struct.pack(code, value), DST)
    put(struct.pack(code, toward), SRC)
    fp(sn.FONEXT | fmt << 8, DST, SRC)
    if fmt == sn.FFDBL:
        expected = struct.pack(code, math.nextafter(value, toward))
    else:
        expected = struct.pack(code, 1.0000001192092896)
    assert got(DST, struct.calcsize(code)) == expected


def test_next_after_in_extended_steps_one_unit():
    put(x80("3FFF 8000000000000000"), DST)
    put(ext(0), SRC)
    fp(sn.FONEXT, DST, SRC)
    assert got() == x80("3FFE FFFFFFFFFFFFFFFF")
    put(ext(2), SRC)
    fp(sn.FONEXT, DST, SRC)
    assert got() == x80("3FFF 8000000000000000")


def test_elementary_overflow_gives_infinity_with_its_flags():
    put(ext(100000), DST)
    fp(sn.FOEXPX, DST, tool=ELEMS816)
    assert got() == x80("7FFF 0000000000000000")
    assert flags() == sn.OVERFLOW | sn.INEXACT
    put(x80("7FFE 8000000000000000"), DST)                         # 2**16383
    fp(sn.FOLOG2X, DST, tool=ELEMS816)
    assert got() == ext(16383)                                      # beyond double, exact


def test_a_huge_decimal_exponent_stays_huge():
    sn.write_decimal(machine().mem, REC, 0, 0, b"0")
    put(b"\x071e99999", TEXT)
    put((1).to_bytes(2, "little"), INDEX)
    code = bytearray()
    for addr in (TEXT, INDEX, REC, VALID):
        code += b"\xF4\x00\x00\xF4" + addr.to_bytes(2, "little")
    code += b"\xF4\x00\x00\xA2\x0A\x0A\x22\x00\x00\xE1\x6B"               # FPSTR2DEC
    _run(code)
    assert sn.read_decimal(machine().mem, REC) == (0, 32767, b"1")
    fp(sn.FOD2B, DST, REC)
    assert got() == x80("7FFF 0000000000000000") and flags() & sn.OVERFLOW


# -- the opword tables and the calls as compiled code makes them -------------------------
def run_program(build_program, name: str):
    """Run programs/NAME.asm to its Quit; a reader of its Vars fields."""
    data, labels = build_program(name)
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=2_000_000) == "quit"

    def field(label: str, size: int) -> bytes:
        return read_bytes(m.mem, prog.dp_base + labels[label], size)
    return field


def ext_value(raw: bytes) -> float:
    return sn._to_float(sn.unpack(sn.FFEXT, raw))


@pytest.mark.parametrize("opword, name", [
    # Apple's IIGS SANE macros (FOPRF / FOPRD / FOPRE), as ORCA/C's libraries use them
    (0x030E, "FL2X"), (0x0310, "FX2L"), (0x040E, "FI2X"), (0x0410, "FX2I"),
    (0x050E, "FC2X"), (0x0510, "FX2C"), (0x010E, "FD2X"), (0x0110, "FX2D"),
    (0x020E, "FS2X"), (0x0210, "FX2S"), (0x0300, "FADDL"), (0x0502, "FSUBC"),
    (0x0404, "FMULI"), (0x0106, "FDIVD"), (0x0308, "FCMPL"), (0x000A, "FCPXX"),
    (0x030C, "FREML"), (0x0009, "FDEC2X"), (0x0309, "FDEC2L"), (0x000B, "FX2DEC"),
    (0x030B, "FL2DEC"), (0x0311, "FCPYSGNL"), (0x031C, "FCLASSL"), (0x021E, "FNEXTS"),
    (0x0012, "FSQRTX"), (0x0014, "FRINTX"), (0x0016, "FTINTX"), (0x0018, "FSCALBX"),
    (0x001A, "FLOGBX"), (0x000D, "FNEGX"), (0x000F, "FABSX"), (0x0001, "FSETENV"),
    (0x0003, "FGETENV"), (0x0005, "FSETHV"), (0x0007, "FGETHV"), (0x0015, "FSETXCP"),
    (0x0017, "FPROCENTRY"), (0x0019, "FPROCEXIT"), (0x001B, "FTESTXCP"),
])
def test_fp816_opwords_are_apples(opword, name):
    assert sn.FP816_OPWORDS[opword] == name


def test_the_68000_longint_format_and_odd_opwords_are_not_65816_ones():
    assert not any(op >> 8 >= 6 for op in sn.FP816_OPWORDS)       # 68K FFLONG is 6
    assert 0x0010 not in sn.FP816_OPWORDS or sn.FP816_OPWORDS[0x0010] != "FX2L"
    assert 0x031E not in sn.FP816_OPWORDS                           # FNEXT: S, D, X only
    assert sn.DECSTR816_OPWORDS == {0: "FPSTR2DEC", 1: "FDEC2STR", 2: "FCSTR2DEC",
                                    3: "FDEC2STR", 4: "FCSTR2DEC"}
    assert {op: n for op, n in sn.ELEMS816_OPWORDS.items() if op >= 0x18} == {
        0x18: "FATANX", 0x1A: "FSINX", 0x1C: "FCOSX", 0x1E: "FTANX", 0x20: "FRANDX"}


@pytest.mark.parametrize("tool, opword, call", [
    (FP816, 0x0610, "SANEFP816"),         # FX2L with the 68000's longint format
    (FP816, 0x0022, "SANEFP816"),
    (DECSTR816, 0x0005, "SANEDecStr816"),
    (ELEMS816, 0x0022, "SANEElems816"),
])
def test_an_unknown_opword_stops_with_a_report_in_words(tool, opword, call):
    from iigs.report import MachineError
    put(ext(1), DST)
    put(ext(1), SRC)
    cpu = machine().cpu
    sp, p, pc, pbr = cpu.sp, cpu.p, cpu.pc, cpu.pbr
    with pytest.raises(MachineError) as stop:
        fp(opword, DST, SRC, tool=tool)
    cpu.sp, cpu.p, cpu.pc, cpu.pbr = sp, p, pc, pbr                # the frame is abandoned
    report = stop.value.report
    assert f"{call}: SANE opword ${opword:04X} is not one this SANE knows" in report
    assert "Traceback" not in report and ".py:" not in report and "Error:" not in report


def test_fp816_conversions_as_orca_c_calls_them(build_program):
    field = run_program(build_program, "machine_sane_fp816")
    assert field("single", 4) == struct.pack("<f", -100000.0)
    assert int.from_bytes(field("long", 4), "little", signed=True) == 123457
    assert int.from_bytes(field("int", 2), "little", signed=True) == -1234
    assert int.from_bytes(field("comp", 8), "little", signed=True) == -(2 ** 40)
    assert int.from_bytes(field("sum", 4), "little", signed=True) == 40002
    assert int.from_bytes(field("less", 2), "little") == sn.CMP_LESS


def test_decstr816_as_orca_c_calls_it(build_program):
    field = run_program(build_program, "machine_sane_decstr816")
    assert field("strtod", 8) == struct.pack("<d", -12500.0)
    assert int.from_bytes(field("endAt", 2), "little") == 9
    assert field("tenth", 8) == struct.pack("<d", 0.1)
    assert int.from_bytes(field("half", 2), "little") == 2
    for label in ("text1", "text3"):
        text = field(label, 16)
        assert text[1:1 + text[0]] == b" 3.25"


def test_elems816_as_orca_c_calls_it(build_program):
    field = run_program(build_program, "machine_sane_elems816")
    for label, expected in [("atan", math.atan(1)), ("sin", math.sin(1)),
                            ("cos", math.cos(1)), ("tan", math.tan(1)),
                            ("exp", math.e), ("ln", math.log(2.5)),
                            ("pwry", 2.5 ** 2.5), ("annuity", 10 / 9)]:
        assert ext_value(field(label, 10)) == pytest.approx(expected, rel=1e-15), label
    assert field("pwri", 10) == ext(15.625)
    assert field("compnd", 10) == ext(2.25)
