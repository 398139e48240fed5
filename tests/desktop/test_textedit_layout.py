"""TextEdit's records in memory pinned to the layout of ORCA/C's `ORCACDefs/textedit.h`
(Apple's TextEdit interface): the TERecord, the TEParamBlock (the TextEdit control
template), TEStyle, TERuler, TEInfoRec. Each table names every field with the offset
the header's struct gives it (ORCA/C sizes: Word and Boolean 2, pointers, handles and
LongWord 4, Rect 8, no padding); the test checks the table is gapless and that the
module's constants are those offsets."""
from __future__ import annotations

from toolbox.textedit import calls, record

# (field, offset, size) in the header's order
TE_RECORD = [
    ("ctrlNext", 0x00, 4), ("inPort", 0x04, 4), ("boundsRect", 0x08, 8),
    ("ctrlFlag", 0x10, 1), ("ctrlHilite", 0x11, 1), ("lastErrorCode", 0x12, 2),
    ("ctrlProc", 0x14, 4), ("ctrlAction", 0x18, 4), ("filterProc", 0x1C, 4),
    ("ctrlRefCon", 0x20, 4), ("colorRef", 0x24, 4), ("textFlags", 0x28, 4),
    ("textLength", 0x2C, 4), ("blockList", 0x30, 8), ("ctrlID", 0x38, 4),
    ("ctrlMoreFlags", 0x3C, 2), ("ctrlVersion", 0x3E, 2), ("viewRect", 0x40, 8),
    ("totalHeight", 0x48, 4), ("lineSuper", 0x4C, 12), ("styleSuper", 0x58, 12),
    ("styleList", 0x64, 4), ("rulerList", 0x68, 4), ("lineAtEndFlag", 0x6C, 2),
    ("selectionStart", 0x6E, 4), ("selectionEnd", 0x72, 4),
    ("selectionActive", 0x76, 2), ("selectionState", 0x78, 2), ("caretTime", 0x7A, 4),
    ("nullStyleActive", 0x7E, 2), ("nullStyle", 0x80, 12), ("topTextOffset", 0x8C, 4),
    ("topTextVPos", 0x90, 2), ("vertScrollBar", 0x92, 4), ("vertScrollPos", 0x96, 4),
    ("vertScrollMax", 0x9A, 4), ("vertScrollAmount", 0x9E, 2),
    ("horzScrollBar", 0xA0, 4), ("horzScrollPos", 0xA4, 4), ("horzScrollMax", 0xA8, 4),
    ("horzScrollAmount", 0xAC, 2), ("growBoxHandle", 0xAE, 4),
    ("maximumChars", 0xB2, 4), ("maximumLines", 0xB6, 4), ("maxCharsPerLine", 0xBA, 2),
    ("maximumHeight", 0xBC, 2), ("textDrawMode", 0xBE, 2), ("wordBreakHook", 0xC0, 4),
    ("wordWrapHook", 0xC4, 4), ("keyFilter", 0xC8, 4), ("theFilterRect", 0xCC, 8),
    ("theBufferVPos", 0xD4, 2), ("theBufferHPos", 0xD6, 2), ("theKeyRecord", 0xD8, 14),
    ("cachedSelcOffset", 0xE6, 4), ("cachedSelcVPos", 0xEA, 2),
    ("cachedSelcHPos", 0xEC, 2), ("mouseRect", 0xEE, 8), ("mouseTime", 0xF6, 4),
    ("mouseKind", 0xFA, 2), ("lastClick", 0xFC, 4), ("savedHPos", 0x100, 2),
    ("anchorPoint", 0x102, 4),
]

TE_PARAM_BLOCK = [
    ("pCount", 0x00, 2), ("controlID", 0x02, 4), ("boundsRect", 0x06, 8),
    ("procRef", 0x0E, 4), ("flags", 0x12, 2), ("moreflags", 0x14, 2),
    ("refCon", 0x16, 4), ("textFlags", 0x1A, 4), ("indentRect", 0x1E, 8),
    ("vertBar", 0x26, 4), ("vertAmount", 0x2A, 2), ("horzBar", 0x2C, 4),
    ("horzAmount", 0x30, 2), ("styleRef", 0x32, 4), ("textDescriptor", 0x36, 2),
    ("textRef", 0x38, 4), ("textLength", 0x3C, 4), ("maxChars", 0x40, 4),
    ("maxLines", 0x44, 4), ("maxCharsPerLine", 0x48, 2), ("maxHeight", 0x4A, 2),
    ("colorRef", 0x4C, 4), ("drawMode", 0x50, 2), ("filterProcPtr", 0x52, 4),
]

TE_STYLE = [("styleFontID", 0x00, 4), ("foreColor", 0x04, 2), ("backColor", 0x06, 2),
            ("userData", 0x08, 4)]

TE_RULER = [("leftMargin", 0x00, 2), ("leftIndent", 0x02, 2), ("rightMargin", 0x04, 2),
            ("just", 0x06, 2), ("extraLS", 0x08, 2), ("flags", 0x0A, 2),
            ("userData", 0x0C, 4), ("tabType", 0x10, 2)]   # then the tabs, if any

TE_INFO_REC = [("charCount", 0x00, 4), ("lineCount", 0x04, 4), ("formatMemory", 0x08, 4),
               ("totalMemory", 0x0C, 4), ("styleCount", 0x10, 4), ("rulerCount", 0x14, 4)]


def offsets(table) -> dict[str, int]:
    return {name: offset for name, offset, _ in table}


def end(table) -> int:
    _, offset, size = table[-1]
    return offset + size


def test_each_table_is_its_struct_laid_field_after_field():
    for table in (TE_RECORD, TE_PARAM_BLOCK, TE_STYLE, TE_RULER, TE_INFO_REC):
        at = 0
        for name, offset, size in table:
            assert offset == at, name
            at += size


def test_the_te_record_fields_textedit_keeps_are_at_the_headers_offsets():
    want = offsets(TE_RECORD)
    assert {
        "lastErrorCode": record.TE_LAST_ERROR, "textFlags": record.TE_TEXT_FLAGS,
        "textLength": record.TE_TEXT_LENGTH, "ctrlID": record.TE_CTL_ID,
        "ctrlMoreFlags": record.TE_MORE_FLAGS, "viewRect": record.TE_VIEW_RECT,
        "totalHeight": record.TE_TOTAL_HEIGHT, "selectionStart": record.TE_SEL_START,
        "selectionEnd": record.TE_SEL_END, "selectionActive": record.TE_SEL_ACTIVE,
        "vertScrollBar": record.TE_VERT_BAR, "vertScrollPos": record.TE_VERT_POS,
        "vertScrollMax": record.TE_VERT_MAX, "vertScrollAmount": record.TE_VERT_AMOUNT,
        "maximumChars": record.TE_MAX_CHARS,
    } == {name: want[name] for name in (
        "lastErrorCode", "textFlags", "textLength", "ctrlID", "ctrlMoreFlags",
        "viewRect", "totalHeight", "selectionStart", "selectionEnd", "selectionActive",
        "vertScrollBar", "vertScrollPos", "vertScrollMax", "vertScrollAmount",
        "maximumChars")}
    assert record.TE_RECORD_END == end(TE_RECORD)
    assert record.TE_RECORD_SIZE >= end(TE_RECORD)


def test_the_param_block_style_ruler_and_info_record_are_at_the_headers_offsets():
    want = offsets(TE_PARAM_BLOCK)
    assert (calls.P_ID, calls.P_RECT, calls.P_PROC, calls.P_FLAG, calls.P_MORE_FLAGS,
            calls.P_REFCON, calls.P_TEXT_FLAGS, calls.P_INDENT, calls.P_VERT_BAR,
            calls.P_VERT_AMOUNT, calls.P_STYLE_REF, calls.P_TEXT_DESC, calls.P_TEXT_REF,
            calls.P_TEXT_LENGTH, calls.P_MAX_CHARS) == tuple(want[name] for name in (
                "controlID", "boundsRect", "procRef", "flags", "moreflags", "refCon",
                "textFlags", "indentRect", "vertBar", "vertAmount", "styleRef",
                "textDescriptor", "textRef", "textLength", "maxChars"))
    # the pCount a field needs: its place among the fields after pCount
    place = {offset: i for i, (_, offset, _) in enumerate(TE_PARAM_BLOCK)}
    assert all(calls.NEED[offset] == place[offset] for offset in calls.NEED)
    assert calls.STYLE_SIZE == end(TE_STYLE)
    assert calls.RULER_SIZE == end(TE_RULER)
    assert calls.TEXT_INFO_FIELDS * 4 == end(TE_INFO_REC)


def test_styles_and_rulers_go_to_memory_at_the_headers_offsets():
    from toolbox.textedit.model import Ruler, Style
    block = bytearray(end(TE_STYLE))
    calls.write_style(block, 0, Style(0x0016, 0x01, 12, 0x1111, 0x2222, 0x33445566))
    style = offsets(TE_STYLE)
    assert block[style["styleFontID"]:style["styleFontID"] + 4] == bytes([0x16, 0, 1, 12])
    assert block[style["foreColor"]:style["foreColor"] + 2] == b"\x11\x11"
    assert block[style["backColor"]:style["backColor"] + 2] == b"\x22\x22"
    assert block[style["userData"]:style["userData"] + 4] == bytes.fromhex("66554433")
    block = bytearray(end(TE_RULER))
    calls.write_ruler(block, 0, Ruler(left_margin=5, left_indent=7, right_margin=9,
                                      just=0xFFFF, extra_ls=2, flags=0, user=0x01020304))
    ruler = offsets(TE_RULER)
    for name, value in (("leftMargin", 5), ("leftIndent", 7), ("rightMargin", 9),
                        ("just", 0xFFFF), ("extraLS", 2), ("tabType", 0)):
        assert int.from_bytes(block[ruler[name]:ruler[name] + 2], "little") == value
    assert block[ruler["userData"]:ruler["userData"] + 4] == bytes.fromhex("04030201")
