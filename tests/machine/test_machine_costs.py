"""Tool calls take the cycles a IIGS takes (toolbox/costs.py, issue 48): a program that
times a loop of SANE calls with GetTick sees the ticks the table gives, and every entry
of the table is one the dispatcher charges (a call or an operation it has, charged
exactly as the table says)."""
from __future__ import annotations

import struct

from iigs.machine import CYCLES_PER_TICK
from system.machine import Machine
from iigs.memory import read_long, write_bytes
from toolbox import costs
from toolbox import sane as sn
from toolbox.calls import TOOL_TABLE
from toolcall import call_row

LOOPS = 50                            # machine_sane_timing.asm's passes
PASS_OPS = ((costs.FP816, sn.FOMUL), (costs.FP816, sn.FOADD), (costs.FP816, sn.FODIV),
            (costs.FP816, sn.FOSQRT), (costs.ELEMS816, 0x1A))     # FSINX
PASS_INSTRUCTIONS = 600               # a pass's own 65816 code, generously (~300)
TOOL_ENTRY = 0xE10000
PAINT_RECT, RECT = 0x5404, 0x7100
ACCEPT_REQUESTS, SEND_REQUEST = 0x1B01, 0x1C01
PROC, NAME = 0x7200, 0x7300           # a request procedure that paints RECT, its name
PAINT_PROC = bytes([0xF4, 0x00, 0x00,              # PEA ^RECT
                    0xF4, RECT & 0xFF, RECT >> 8,  # PEA RECT
                    0xA2, PAINT_RECT & 0xFF, PAINT_RECT >> 8,   # LDX #PaintRect
                    0x22, 0x00, 0x00, 0xE1,        # JSL $E10000
                    0x6B])                         # RTL (Machine.call restores S)

CODE = 0x6000                         # bank 0: a snippet that makes one opword call
SAVED_S = 0x6F00                      # ... keeping S here, so any drop is undone
OPERANDS = (0x7000, 0x7040, 0x7080, 0x70C0)   # four operand blocks, 0.5 in each
OPWORD_TABLES = {costs.FP816: sn.FP816_OPWORDS, costs.DECSTR816: sn.DECSTR816_OPWORDS,
                 costs.ELEMS816: sn.ELEMS816_OPWORDS}


def charged(m: Machine) -> list[int]:
    """The cycles each tool call's trap adds, in order (the trace hook the monitor uses)."""
    seen: list[int] = []

    def wrap(handler):
        def timed(cpu):
            before = cpu.processorCycles
            result = handler(cpu)
            seen.append(cpu.processorCycles - before)
            return result
        return timed

    m.wrap_trap(TOOL_ENTRY, wrap)
    return seen


def test_a_loop_of_sane_calls_timed_with_gettick_takes_the_table_s_ticks(build_program):
    data, labels = build_program("machine_sane_timing")
    m = Machine()
    prog = m.load(data)
    seen = charged(m)
    assert m.run(max_cycles=20_000_000) == "quit"
    at = lambda name: read_long(m.mem, prog.dp_base + labels[name])   # noqa: E731
    ticks = at("after") - at("before")
    per_pass = sum(costs.call_cycles(call, opword=op) for call, op in PASS_OPS)
    assert per_pass == 6_500 + 1_500 + 8_000 + 10_500 + 75_000
    low = LOOPS * per_pass // CYCLES_PER_TICK
    high = (LOOPS * (per_pass + PASS_INSTRUCTIONS)) // CYCLES_PER_TICK + 1
    assert low <= ticks <= high                 # 108 or 109 ticks: nearly two seconds
    assert ticks > 100                          # (a flat 100 cycles a call: 0 ticks)
    # the dispatcher charged each call its entry: GetTick, then 5 calls a pass, GetTick
    passes = seen[2:2 + 5 * LOOPS]
    assert passes == [costs.call_cycles(c, opword=op) for c, op in PASS_OPS] * LOOPS


def opword_snippet(number: int, opword: int) -> bytes:
    """TSC/STA: keep S; push four operand addresses and the opword; LDX/JSL; then S
    back and RTL (an operation drops what its frame has, whatever was pushed)."""
    code = bytearray(b"\x3B\x8D" + SAVED_S.to_bytes(2, "little"))        # TSC; STA
    for addr in reversed(OPERANDS):
        code += b"\xF4\x00\x00\xF4" + addr.to_bytes(2, "little")          # PEA 0; PEA
    code += b"\xF4" + opword.to_bytes(2, "little")                        # PEA opword
    code += b"\xA2" + number.to_bytes(2, "little") + b"\x22\x00\x00\xE1"  # LDX; JSL
    code += b"\xAD" + SAVED_S.to_bytes(2, "little") + b"\x1B\x6B"         # LDA; TCS; RTL
    return bytes(code)


def test_every_entry_of_the_table_is_charged_by_the_dispatcher():
    m = Machine()
    seen = charged(m)
    half = sn.pack_float(sn.EXTENDED, sn.unpack(sn.FFDBL, struct.pack("<d", 0.5)))
    # an operation of each opword call: its entry is what the call costs
    for number, by_op in costs.OPWORD_CYCLES.items():
        assert TOOL_TABLE[number].params is None            # an opword call the table has
        for op, cycles in by_op.items():
            opword = min(w for w in OPWORD_TABLES[number]      # an opword it knows
                         if w & costs.OPWORD_OPERATION == op)
            for addr in OPERANDS:
                write_bytes(m.mem, addr, half + bytes(54))
            write_bytes(m.mem, CODE, opword_snippet(number, opword))
            seen.clear()
            m.call(CODE)
            assert seen == [cycles], (hex(number), hex(op))
    # a call with its own entry, or its tool set's: the call as a program makes it
    for number, cycles in [*costs.CALL_CYCLES.items(), *(
            (next(n for n, r in sorted(TOOL_TABLE.items()) if r.toolset == toolset
                  and n not in costs.CALL_CYCLES and r.params == ""), cycles)
            for toolset, cycles in costs.TOOLSET_CYCLES.items())]:
        row = TOOL_TABLE[number]                             # a call the dispatcher has
        seen.clear()
        call_row(m, row, *([0] * len(row.params)))
        assert seen == [cycles], (hex(number), row.name)


def test_blockmove_takes_seven_cycles_a_byte_and_drawing_ten():
    m = Machine()
    seen = charged(m)
    call_row(m, TOOL_TABLE[0x2B02], 0x2000, 0x3000, 0x400)     # BlockMove 1 KB
    assert seen == [costs.CALL_CYCLES[0x2B02] + 7 * 0x400]
    m.tb.qd.QDStartUp(0x1000, 0x80, 0, 0x1001)                 # 640 mode: 4 pixels a byte
    write_bytes(m.mem, RECT, struct.pack("<4h", 10, 21, 30, 60))   # top left bottom right
    seen.clear()
    call_row(m, TOOL_TABLE[PAINT_RECT], RECT)
    # 20 rows of bytes 5-14 (pixels 21-59): 200 bytes changed
    painted = costs.TOOLSET_CYCLES[0x04] + 10 * 20 * 10
    assert seen == [painted]
    # a call that runs the program's code, which draws: the drawing is charged once,
    # to the PaintRect inside (SendRequest calling an AcceptRequests procedure)
    write_bytes(m.mem, PROC, PAINT_PROC)
    write_bytes(m.mem, NAME, b"\x04Cost")
    call_row(m, TOOL_TABLE[ACCEPT_REQUESTS], NAME, 0x1001, PROC)
    seen.clear()
    error, _ = call_row(m, TOOL_TABLE[SEND_REQUEST], 0x8000, 0, 0, 0, 0)
    assert error != 0                          # the procedure did not accept: it painted
    inner, outer = seen                        # the inner call ends first
    assert inner == painted
    # SendRequest: its own 100, and the procedure's run inside it (its handful of
    # instructions and the PaintRect), not its 2,000 cycles of drawing a second time
    assert costs.DEFAULT_CYCLES + painted <= outer < costs.DEFAULT_CYCLES + painted + 50
