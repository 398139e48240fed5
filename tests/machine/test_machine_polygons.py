"""QuickDraw II polygons called the way a program calls them: programs/machine_polygons.asm
(MPW IIgs) records a concave arrow with OpenPoly / MoveTo / LineTo / ClosePoly, paints and
frames it, writes a polygon record into a handle of its own, offsets, fills, maps and
inverts it, in 320 and in 640 mode. The screen must be, pixel for pixel, what the same
calls made on the toolbox's core draw (the core's interior is checked against a reference
scan converter in tests/quickdraw/test_qd_polygons.py); the calls carry Apple's numbers
and the Toolbox Reference's signatures."""
from __future__ import annotations

import numpy as np
import pytest

from system.machine import Machine
from iigs.memory import read_bytes, read_long
from toolbox import quickdraw as q
from toolbox.calls import TOOL_TABLE
from toolbox.reference import reference_table
from toolbox.toolbox import Toolbox

CALLS = {"FramePoly": 0xBC04, "PaintPoly": 0xBD04, "ErasePoly": 0xBE04,
         "InvertPoly": 0xBF04, "FillPoly": 0xC004, "OpenPoly": 0xC104, "ClosePoly": 0xC204,
         "KillPoly": 0xC304, "OffsetPoly": 0xC404, "MapPoly": 0xC504}
ARROW = [(5, 5), (25, 45), (45, 5), (25, 20)]                  # (v, h), as the program
FACE = [(20, 10), (20, 40), (50, 30), (40, 10)]
STRIPES = bytes([0x12] * 4 + [0x34] * 4) * 4


def test_the_calls_have_apples_numbers_and_the_references_signatures():
    for name, number in CALLS.items():
        row, ref = TOOL_TABLE[number], reference_table()[number]
        assert (row.name, row.params, row.result) == (name, ref.params, ref.result)


def screen(mem, mode640: bool) -> np.ndarray:
    raw = np.frombuffer(bytes(mem[0xE12000:0xE19D00]), dtype=np.uint8).reshape(200, 160)
    return q.unpack_pixels(raw, mode640)


def drawn_by_the_core(mode: int) -> np.ndarray:
    """The program's drawing, made by calling the core directly."""
    tb = Toolbox(bytearray(1 << 24))
    qd = tb.qd
    qd.QDStartUp(0x1000, mode, 0, 0x1001)
    arrow = qd.OpenPoly()
    qd.MoveTo(ARROW[0][1], ARROW[0][0])
    for v, h in ARROW[1:]:
        qd.LineTo(h, v)
    qd.ClosePoly()
    qd.SetSolidPenPat(2)
    qd.PaintPoly(arrow)
    qd.SetSolidPenPat(1)
    qd.SetPenSize(2, 1)
    qd.FramePoly(arrow)
    face = tb.mm.new_handle(10 + 4 * len(FACE), 0x1001, 0)
    qd.write_polygon(face, FACE)
    qd.OffsetPoly(face, 40, 10)
    qd.FillPoly(face, STRIPES)
    qd.MapPoly(face, (0, 0, 100, 100), (0, 0, 200, 100))
    qd.SetPenMode(q.MODE_XOR)
    qd.InvertPoly(face)
    return screen(tb.mem, mode == 0x80)


@pytest.mark.parametrize("mode", [0x00, 0x80])
def test_a_program_draws_polygons_as_the_core_does(build_program, mode):
    data, labels = build_program("machine_polygons", {"MASTER_SCB": mode})
    m = Machine()
    prog = m.load(data)
    assert m.run(max_cycles=3_000_000) == "quit"
    drawn = screen(m.mem, mode == 0x80)
    expected = drawn_by_the_core(mode)
    assert np.array_equal(drawn, expected)
    assert (drawn == 2).any() and (drawn == 1).any()           # painted and framed
    block = read_long(m.mem, prog.dp_base + labels["ptr"]) & 0xFFFFFF
    record = read_bytes(m.mem, block, 26)
    assert record == q.polygon_record([(60, 50), (60, 80), (120, 70), (100, 50)])
