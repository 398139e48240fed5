"""Every implemented tool call against the Toolbox Reference's table of calls
(toolbox/reference_calls.txt): number, name, parameter signature and result size."""
from __future__ import annotations

import pytest

from toolbox.calls import TOOL_TABLE
from toolbox.reference import ReferenceCall, parse_row, reference_table, reference_toolsets
from toolbox.toolbox import load_tool_sets

load_tool_sets()


def _rows() -> list:
    return sorted(TOOL_TABLE.values(), key=lambda c: (c.toolset, c.function))


@pytest.mark.parametrize("call", _rows(), ids=lambda c: f"{c.number:04X}-{c.name}")
def test_implemented_call_matches_the_toolbox_reference(call):
    ref = reference_table().get(call.number)
    assert ref is not None, f"${call.number:04X} {call.name} is not in the Toolbox Reference"
    assert (call.name, call.params, call.result) == (ref.name, ref.params, ref.result)


@pytest.mark.parametrize("number, name, params, result", [
    (0x5204, "NotEmptyRect", "L", 2),       # TRUE when the rectangle is not empty
    (0x2115, "SelIText", "LWWW", 0),        # theDialog, itemID, startSel, endSel
    (0x060A, "SANEStatus", "", 2),          # ORCA/C's first call
    (0x1101, "TLMountVolume", "WWLLLL", 2),
    (0x0D03, "ReadTimeHex", "", 8),         # four result words
    (0x0911, "InitialLoad", "WLW", 10),
    (0x0910, "NewControl", "LLLWWWWLLL", 4),
])
def test_known_rows(number, name, params, result):
    ref = reference_table()[number]
    assert (ref.name, ref.params, ref.result) == (name, params, result)


def test_table_covers_the_documented_tool_sets():
    sets = reference_toolsets()
    assert sorted(sets) == [*range(0x01, 0x0D), *range(0x0E, 0x18), *range(0x19, 0x1F),
                            0x20, 0x21, 0x22, 0x23]
    for toolset, rows in sets.items():           # every set has its standard six calls
        assert [r.function for r in rows[:6]] == [1, 2, 3, 4, 5, 6], f"${toolset:02X}"


def test_names_are_unique():
    names = [r.name for r in reference_table().values()]
    assert len(names) == len(set(names))


def test_unknown_signature_and_bad_rows():
    assert parse_row("090A SANEFP816 ? ?") == ReferenceCall(0x0A, 0x09, "SANEFP816", None,
                                                            None)
    assert parse_row("090A SANEFP816 ? ?").param_bytes is None
    assert parse_row("6204 FrameArc LWW 0").param_bytes == 8
    with pytest.raises(ValueError):
        parse_row("6204 FrameArc LXW 0")
    with pytest.raises(ValueError):
        parse_row("6204 FrameArc LWW")


def test_coverage_counts_every_implemented_and_every_documented_call():
    from toolbox.reference import coverage_markdown, coverage_rows
    rows = coverage_rows(set(TOOL_TABLE))
    assert sum(r[3] for r in rows) == len(reference_table())
    assert sum(r[2] for r in rows) == len(TOOL_TABLE)      # every row is a documented one
    quickdraw = next(r for r in rows if r[0] == 0x04)
    assert quickdraw[1] == "QuickDraw II" and quickdraw[3] == 216
    assert f"| **{len(TOOL_TABLE)}** | **{len(reference_table())}** |" in \
        coverage_markdown(set(TOOL_TABLE))
