"""TextEdit's tool calls (tool set $22), as the Toolbox Reference vol. 3 ch. 49 gives
them, with the numbers, descriptors and flag bits of ORCA/C textedit.h.

Text comes and goes by a descriptor word: bits 0-2 the data's form (0 a Pascal string,
1 a C string, 2 a class 1 GS/OS input string, 3 a class 1 output buffer, 5 a text
block whose length is the call's textLength), bits 3-4 how the reference refers to it
(0 a pointer, 1 a handle, 3 for TEGetText a new handle TextEdit makes and stores at the
pointer given). A handle of 0 names the current port's TextEdit control.
"""
from __future__ import annotations

from iigs.hostinput import SHIFT_KEY
from iigs.memory import (read_bytes, read_long, read_word, write_bytes, write_long,
                         write_word)
from toolbox.calls import ToolError, s16, tool
from toolbox.event import read_event
from toolbox.resource import ref_address
from toolbox.scrap import TEXT_SCRAP
from toolbox.textedit.model import (REPLACE_BACK, REPLACE_FACE, REPLACE_FONT, REPLACE_FORE,
                                    REPLACE_SIZE, REPLACE_USER, Ruler, Style, with_changes)
from toolbox.textedit.record import (F_SINGLE_STYLE, LINE_HEIGHT, TE_INVALID_DESCRIPTOR,
                                     TE_INVALID_PCOUNT, TOOLSET, TERecord, TextEditManager)
from toolbox.window import read_rect

TE_VERSION = 0x0100

# data formats (descriptor bits 0-2) and reference kinds (bits 3-4)
DATA_PSTRING, DATA_CSTRING, DATA_C1_INPUT, DATA_C1_OUTPUT, DATA_TEXT_BLOCK = 0, 1, 2, 3, 5
REF_POINTER, REF_HANDLE, REF_RESOURCE, REF_NEW_HANDLE = 0, 1, 2, 3
# the resource a text descriptor's resource ID names, by data form (Apple's type list)
TEXT_RESOURCE_TYPES = {DATA_PSTRING: 0x8006, DATA_CSTRING: 0x801D, DATA_C1_INPUT: 0x8005,
                       DATA_TEXT_BLOCK: 0x8016}
R_STYLE_BLOCK = 0x8012           # rStyleBlock: a TEFormat

# TEParamBlock offsets (the TextEdit control template) and the pCount each needs: ORCA/C
# textedit.h's TEParamBlock (ORCA/Pascal's editTextControl agrees), pinned by
# tests/desktop/test_textedit_layout.py
P_ID, P_RECT, P_PROC, P_FLAG, P_MORE_FLAGS, P_REFCON = 0x02, 0x06, 0x0E, 0x12, 0x14, 0x16
P_TEXT_FLAGS, P_INDENT, P_VERT_BAR, P_VERT_AMOUNT = 0x1A, 0x1E, 0x26, 0x2A
P_STYLE_REF, P_TEXT_DESC, P_TEXT_REF, P_TEXT_LENGTH, P_MAX_CHARS = (
    0x32, 0x36, 0x38, 0x3C, 0x40)
NEED = {P_FLAG: 4, P_MORE_FLAGS: 5, P_REFCON: 6, P_TEXT_FLAGS: 7, P_INDENT: 8,
        P_VERT_BAR: 9, P_VERT_AMOUNT: 10, P_STYLE_REF: 13, P_TEXT_DESC: 14, P_TEXT_REF: 15,
        P_TEXT_LENGTH: 16, P_MAX_CHARS: 17}

# TEScroll descriptors
SCROLL_ABS_TOP, SCROLL_ABS_CENTER, SCROLL_LINE_TOP, SCROLL_LINE_CENTER = 0, 1, 2, 3
SCROLL_ABS_UNIT, SCROLL_REL_UNIT = 4, 5

# TERuler and TEStyle in memory (textedit.h; a ruler of tabType 0 ends at tabType)
RULER_SIZE = 18                  # leftMargin leftIndent rightMargin just extraLS flags
STYLE_SIZE = 12                  #   userData:L tabType:W; teFont:L fore:W back:W user:L
TEXT_INFO_FIELDS = 6             # charCount lineCount formatMemory totalMemory styles
                                 #   rulerCount
ALL_STYLE_FLAGS = (REPLACE_FONT | REPLACE_SIZE | REPLACE_FORE | REPLACE_BACK |
                   REPLACE_USER | REPLACE_FACE)


def _te(tb) -> TextEditManager:
    return tb.te


def _s32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


# -- text in and out by descriptor ---------------------------------------------------------

def read_text(tb, desc: int, ref: int, length: int) -> bytes:
    """The text a descriptor and reference name."""
    kind, data = (desc >> 3) & 3, desc & 7
    if kind == REF_POINTER:
        addr = ref & 0xFFFFFF
    elif kind == REF_HANDLE:
        addr = tb.mm.deref(ref)
    elif kind == REF_RESOURCE and data in TEXT_RESOURCE_TYPES:
        handle = tb.rm.load(TEXT_RESOURCE_TYPES[data], ref)
        addr = tb.mm.deref(handle)
        if data == DATA_TEXT_BLOCK:
            length = tb.mm.size_of(handle)
    else:
        raise ToolError(TE_INVALID_DESCRIPTOR, f"text reference kind {kind}")
    mem = tb.mem
    if data == DATA_PSTRING:
        return read_bytes(mem, addr + 1, mem[addr])
    if data == DATA_CSTRING:
        end = addr
        while mem[end]:
            end += 1
        return read_bytes(mem, addr, end - addr)
    if data == DATA_C1_INPUT:
        return read_bytes(mem, addr + 2, read_word(mem, addr))
    if data == DATA_C1_OUTPUT:
        return read_bytes(mem, addr + 4, read_word(mem, addr + 2))
    if data == DATA_TEXT_BLOCK:
        if kind == REF_HANDLE and not length:
            length = tb.mm.size_of(ref)
        return read_bytes(mem, addr, length)
    raise ToolError(TE_INVALID_DESCRIPTOR, f"text data format {data}")


def write_text(tb, desc: int, ref: int, size: int, text: bytes) -> None:
    """TEGetText's output: `text` in the form and place the descriptor names (a
    pointer's buffer holds `size` bytes at most; a handle is resized to fit)."""
    kind, data = (desc >> 3) & 3, desc & 7
    if data == DATA_PSTRING:
        body = bytes([min(len(text), 255)]) + text[:255]
    elif data == DATA_CSTRING:
        body = text + b"\0"
    elif data == DATA_C1_INPUT:
        body = len(text).to_bytes(2, "little") + text
    elif data == DATA_C1_OUTPUT:
        body = ((len(text) + 4).to_bytes(2, "little") + len(text).to_bytes(2, "little")
                + text)
    elif data == DATA_TEXT_BLOCK:
        body = text
    else:
        raise ToolError(TE_INVALID_DESCRIPTOR, f"text data format {data}")
    mm = tb.mm
    if kind == REF_POINTER:
        if data == DATA_C1_OUTPUT:
            room = read_word(tb.mem, ref)
            body = body[:2] + body[2:room] if room >= 4 else body[:0]
        elif size and len(body) > size:
            body = body[:size]
        write_bytes(tb.mem, ref & 0xFFFFFF, body)
        return
    if kind == REF_HANDLE:
        handle = ref
    elif kind == REF_NEW_HANDLE:
        handle = mm.new_handle(len(body), tb.wm.user_id or 0x1000, 0)
        write_long(tb.mem, ref, handle)
    else:
        raise ToolError(TE_INVALID_DESCRIPTOR, f"text reference kind {kind}")
    mm.set_size(handle, len(body))
    if body:
        write_bytes(tb.mem, mm.deref(handle), body)


# -- styles in memory ----------------------------------------------------------------------

def read_style(mem, addr: int) -> Style:
    font_long = read_long(mem, addr)
    return Style(font_long & 0xFFFF, (font_long >> 16) & 0xFF, font_long >> 24,
                 read_word(mem, addr + 4), read_word(mem, addr + 6),
                 read_long(mem, addr + 8))


def write_style(mem, addr: int, style: Style) -> None:
    write_long(mem, addr, style.font_long)
    write_word(mem, addr + 4, style.fore)
    write_word(mem, addr + 6, style.back)
    write_long(mem, addr + 8, style.user)


# -- TEFormat: a ruler, a style list and the style items that lay it on the text -----------
# version:W, rulerListLength:L, the rulers; styleListLength:L, the TEStyles;
# numberOfStyles:L, the StyleItems (dataLength:L, dataOffset:L -- the style's byte
# offset in the style list), in text order.

def format_address(tb, desc: int, ref: int) -> int:
    """Where a style reference's TEFormat is (styleDesc: pointer, handle, resource):
    the Resource Manager's reading of a reference, TextEdit's error for any other."""
    if desc not in (REF_POINTER, REF_HANDLE, REF_RESOURCE):
        raise ToolError(TE_INVALID_DESCRIPTOR, f"style descriptor {desc}")
    return ref_address(tb, desc, ref, R_STYLE_BLOCK)


def read_format(tb, desc: int, ref: int) -> tuple[Ruler | None, list[Style]]:
    """A TEFormat's first ruler and its styles, one a character of the text it lays."""
    mem = tb.mem
    addr = format_address(tb, desc, ref)
    ruler_len = read_long(mem, addr + 2)
    ruler = read_ruler(mem, addr + 6) if ruler_len >= RULER_SIZE else None
    styles_at = addr + 6 + ruler_len
    style_len = read_long(mem, styles_at)
    items_at = styles_at + 4 + style_len
    out: list[Style] = []
    for i in range(read_long(mem, items_at)):
        item = items_at + 4 + 8 * i
        length, offset = read_long(mem, item), read_long(mem, item + 4)
        if offset + STYLE_SIZE > style_len:
            raise ToolError(TE_INVALID_DESCRIPTOR, f"style item {i} outside the style list")
        out += [read_style(mem, styles_at + 4 + offset)] * length
    return ruler, out


def format_bytes(ruler: Ruler, runs: list[tuple[int, Style]]) -> bytes:
    """A TEFormat of a ruler (no tabs) and style runs."""
    distinct = list(dict.fromkeys(st for _, st in runs))
    styles = bytearray()
    for st in distinct:
        block = bytearray(STYLE_SIZE)
        write_style(block, 0, st)
        styles += block
    ruler_block = bytearray(RULER_SIZE)
    write_ruler(ruler_block, 0, ruler)
    items = bytearray()
    for length, st in runs:
        items += length.to_bytes(4, "little")
        items += (distinct.index(st) * STYLE_SIZE).to_bytes(4, "little")
    return (b"\0\0" + RULER_SIZE.to_bytes(4, "little") + bytes(ruler_block)
            + len(styles).to_bytes(4, "little") + bytes(styles)
            + len(runs).to_bytes(4, "little") + bytes(items))


def read_ruler(mem, addr: int) -> Ruler:
    words = [read_word(mem, addr + 2 * i) for i in range(6)]
    return Ruler(s16(words[0]), s16(words[1]), s16(words[2]), words[3], words[4], words[5],
                 read_long(mem, addr + 12), read_word(mem, addr + 16))


def write_ruler(mem, addr: int, r: Ruler) -> None:
    for i, value in enumerate((r.left_margin, r.left_indent, r.right_margin, r.just,
                               r.extra_ls, r.flags)):
        write_word(mem, addr + 2 * i, value & 0xFFFF)
    write_long(mem, addr + 12, r.user)
    write_word(mem, addr + 16, 0)          # tabType 0: no tabs


def styled_text(tb, desc: int, ref: int, length: int, style_desc: int,
                style_ref: int) -> tuple[bytes, list[Style] | None, Ruler | None]:
    """The text a call names and, when it gives a TEFormat, its styles and ruler."""
    text = read_text(tb, desc, ref, length)
    if not style_ref:
        return text, None, None
    ruler, styles = read_format(tb, style_desc, style_ref)
    return text, styles, ruler


# -- housekeeping --------------------------------------------------------------------------

@tool(TOOLSET, 0x01)
def TEBootInit(tb) -> None:
    """TEBootInit()"""


@tool(TOOLSET, 0x02, "WW")
def TEStartUp(tb, user_id: int, dpage: int) -> None:
    """TEStartUp(userID:W, directPage:W)"""
    _te(tb).started = True


@tool(TOOLSET, 0x03)
def TEShutDown(tb) -> None:
    """TEShutDown(): the records stay until their windows close or TEKill"""
    _te(tb).started = False


@tool(TOOLSET, 0x04, "", 2)
def TEVersion(tb) -> int:
    """TEVersion() -> versionInfo:W"""
    return TE_VERSION


@tool(TOOLSET, 0x05)
def TEReset(tb) -> None:
    """TEReset()"""


@tool(TOOLSET, 0x06, "", 2)
def TEStatus(tb) -> int:
    """TEStatus() -> activeFlag:W"""
    return 0xFFFF if _te(tb).started else 0


# -- records -------------------------------------------------------------------------------

def new_from_param_block(tb, owner: int, addr: int) -> TERecord:
    """A record (and its control) from a TEParamBlock, which is also the TextEdit
    control template NewControl2 takes."""
    mem = tb.mem
    count = read_word(mem, addr)
    if count < 3:
        raise ToolError(TE_INVALID_PCOUNT, f"TEParamBlock pCount {count}")

    def field(offset: int, long: bool = False, default: int = 0) -> int:
        if count < NEED.get(offset, 0):
            return default
        return read_long(mem, addr + offset) if long else read_word(mem, addr + offset)

    indent = read_rect(mem, addr + P_INDENT) if count >= NEED[P_INDENT] else (0xFFFF,) * 4
    indent = tuple(v & 0xFFFF for v in indent)
    mgr = _te(tb)
    rec = mgr.new(owner, read_rect(mem, addr + P_RECT), indent,
                  field(P_TEXT_FLAGS, True), field(P_VERT_BAR, True),
                  field(P_VERT_AMOUNT), field(P_FLAG), field(P_REFCON, True),
                  read_long(mem, addr + P_ID), field(P_MORE_FLAGS))
    rec.model.max_chars = field(P_MAX_CHARS, True)
    style_ref = field(P_STYLE_REF, True)
    if style_ref:                      # its ruler, and its first style as the default
        ruler, styles = read_format(tb, field(P_MORE_FLAGS) & 3, style_ref)
        rec.ruler = ruler or rec.ruler
        rec.model.default = styles[0] if styles else rec.model.default
    text_ref = field(P_TEXT_REF, True)
    if text_ref:
        text, styles, _ = styled_text(tb, field(P_TEXT_DESC), text_ref,
                                      field(P_TEXT_LENGTH, True),
                                      field(P_MORE_FLAGS) & 3, style_ref)
        rec.model.replace_selection(text, rec.model.default, styles)
        rec.model.select(0, 0)
    mgr.changed(rec, draw=False)
    return rec


@tool(TOOLSET, 0x09, "L", 4)
def TENew(tb, param_block: int) -> int:
    """TENew(paramBlockPtr:L) -> teH:L: in the current port"""
    port = tb.qd.GetPort()
    return new_from_param_block(tb, port, param_block).handle


@tool(TOOLSET, 0x0A, "L")
def TEKill(tb, handle: int) -> None:
    """TEKill(teH:L): the record (and its control and scroll bar) gone"""
    mgr = _te(tb)
    mgr.dispose(mgr.record(handle))


# -- text ----------------------------------------------------------------------------------

@tool(TOOLSET, 0x0B, "WLLWLL")
def TESetText(tb, desc: int, ref: int, length: int, style_desc: int, style_ref: int,
              handle: int) -> None:
    """TESetText(textDesc:W, textRef:L, textLength:L, styleDesc:W, styleRef:L, teH:L)"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    text, styles, ruler = styled_text(tb, desc, ref, length, style_desc, style_ref)
    rec.model.set_text(b"", rec.model.default)
    rec.model.replace_selection(text, rec.model.default, styles)
    if ruler is not None:
        rec.ruler = ruler
    rec.model.select(0, 0)
    rec.vert_pos = 0
    mgr.changed(rec)


@tool(TOOLSET, 0x0C, "WLLWLL", 4)
def TEGetText(tb, desc: int, ref: int, length: int, style_desc: int, style_ref: int,
              handle: int) -> int:
    """TEGetText(bufferDesc:W, bufferRef:L, bufferLength:L, styleDesc:W, styleRef:L,
    teH:L) -> textLength:L (the whole text's, whatever the buffer held)"""
    rec = _te(tb).record(handle)
    text = bytes(rec.model.text)
    write_text(tb, desc, ref, length, text)
    if style_ref:
        write_text(tb, DATA_TEXT_BLOCK | style_desc << 3, style_ref, 0,
                   format_bytes(rec.ruler, rec.model.style_runs()))
    return len(text)


@tool(TOOLSET, 0x0D, "LWL")
def TEGetTextInfo(tb, info_ptr: int, count: int, handle: int) -> None:
    """TEGetTextInfo(infoRecPtr:L, pCount:W, teH:L): charCount, lineCount,
    formatMemory, totalMemory, styleCount, rulerCount (longs), as many as pCount"""
    rec = _te(tb).record(handle)
    if not 1 <= count <= TEXT_INFO_FIELDS:
        raise ToolError(TE_INVALID_PCOUNT, f"TEGetTextInfo pCount {count}")
    runs = rec.model.style_runs()
    fmt = len(runs) * STYLE_SIZE + RULER_SIZE
    values = [len(rec.model.text), len(rec.layout().starts), fmt,
              fmt + len(rec.model.text), len(set(st for _, st in runs)) or 1, 1]
    for i in range(count):
        write_long(tb.mem, info_ptr + 4 * i, values[i])


def _insert(tb, desc: int, ref: int, length: int, style_desc: int, style_ref: int,
            handle: int, replace: bool) -> None:
    mgr = _te(tb)
    rec = mgr.record(handle)
    data, styles, _ = styled_text(tb, desc, ref, length, style_desc, style_ref)
    m = rec.model
    if not replace:                       # TEInsert: before the selection, kept
        s, e = m.sel_start, m.sel_end
        m.select(s, s)
        m.replace_selection(data, styles=styles)
        m.select(s + len(data), e + len(data))
    else:
        m.replace_selection(data, styles=styles)
    mgr.changed(rec)


@tool(TOOLSET, 0x1A, "WLLWLL")
def TEInsert(tb, desc: int, ref: int, length: int, style_desc: int, style_ref: int,
             handle: int) -> None:
    """TEInsert(textDesc:W, textRef:L, textLength:L, styleDesc:W, styleRef:L, teH:L):
    the text goes in before the selection, which stays selected"""
    _insert(tb, desc, ref, length, style_desc, style_ref, handle, replace=False)


@tool(TOOLSET, 0x1B, "WLLWLL")
def TEReplace(tb, desc: int, ref: int, length: int, style_desc: int, style_ref: int,
              handle: int) -> None:
    """TEReplace(...same as TEInsert...): the text replaces the selection"""
    _insert(tb, desc, ref, length, style_desc, style_ref, handle, replace=True)


# -- events --------------------------------------------------------------------------------

@tool(TOOLSET, 0x0E, "L")
def TEIdle(tb, handle: int) -> None:
    """TEIdle(teH:L): the caret blinks"""
    mgr = _te(tb)
    mgr.idle(mgr.record(handle))


def _set_active(tb, handle: int, active: bool) -> None:
    mgr = _te(tb)
    rec = mgr.record(handle)
    rec.active = active
    mgr.sync(rec)
    mgr.draw(rec)


@tool(TOOLSET, 0x0F, "L")
def TEActivate(tb, handle: int) -> None:
    """TEActivate(teH:L)"""
    _set_active(tb, handle, True)


@tool(TOOLSET, 0x10, "L")
def TEDeactivate(tb, handle: int) -> None:
    """TEDeactivate(teH:L)"""
    _set_active(tb, handle, False)


@tool(TOOLSET, 0x11, "LL")
def TEClick(tb, event_ptr: int, handle: int) -> None:
    """TEClick(eventPtr:L, teH:L): the event's `where` is global"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    ev = read_event(tb.mem, event_ptr)
    v, h = tb.wm.local_point(rec.owner, ev.v, ev.h)
    mgr.click(rec, v, h, extend=bool(ev.modifiers & SHIFT_KEY))


@tool(TOOLSET, 0x14, "LL")
def TEKey(tb, event_ptr: int, handle: int) -> None:
    """TEKey(eventPtr:L, teH:L): a key-down (or auto-key) event's character"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    ev = read_event(tb.mem, event_ptr)
    if not rec.model.key(ev.message & 0xFF, ev.modifiers, rec.layout()):
        tb.snd.beep()
    mgr.changed(rec)


@tool(TOOLSET, 0x12, "L")
def TEUpdate(tb, handle: int) -> None:
    """TEUpdate(teH:L)"""
    mgr = _te(tb)
    mgr.draw(mgr.record(handle))


@tool(TOOLSET, 0x13, "LLLWL", 4)
def TEPaintText(tb, port: int, first_line: int, rect_ptr: int, flags: int,
                handle: int) -> int:
    """TEPaintText(grafPortPtr:L, startingLine:L, destRectPtr:L, flags:W, teH:L) ->
    nextLine:L: the lines from startingLine laid from the rect's top, as many as fit;
    the next line to paint, or 0 when the text is all painted"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    qd = tb.qd
    saved = qd.GetPort()
    win = tb.wm.find(port)
    if win is not None:
        tb.wm.set_window_port(win)             # the window's origin and clip
    else:
        qd.SetPort(port)
    rect = read_rect(tb.mem, rect_ptr)
    try:
        return mgr.paint_lines(rec, first_line, rect)
    finally:
        qd.SetTextFace(0)
        if saved:
            qd.SetPort(saved)


# -- selection and the scrap ---------------------------------------------------------------

@tool(TOOLSET, 0x1C, "LLL")
def TEGetSelection(tb, start_ptr: int, end_ptr: int, handle: int) -> None:
    """TEGetSelection(selStartPtr:L, selEndPtr:L, teH:L)"""
    m = _te(tb).record(handle).model
    write_long(tb.mem, start_ptr, m.sel_start)
    write_long(tb.mem, end_ptr, m.sel_end)


@tool(TOOLSET, 0x1D, "LLL")
def TESetSelection(tb, start: int, end: int, handle: int) -> None:
    """TESetSelection(selStart:L, selEnd:L, teH:L): -1 (or past the end) is the end"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    n = len(rec.model.text)
    rec.model.select(min(start, n), min(end, n))
    mgr.changed(rec)


def _copy(tb, rec: TERecord) -> None:
    scrap = tb.scrap
    scrap.zero()
    scrap.put(TEXT_SCRAP, rec.model.selected)


@tool(TOOLSET, 0x16, "L")
def TECut(tb, handle: int) -> None:
    """TECut(teH:L): the selection to the desk scrap (textScrap), and out of the text"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    if rec.model.has_selection and not rec.model.read_only:
        _copy(tb, rec)
        rec.model.replace_selection(b"")
        mgr.changed(rec)


@tool(TOOLSET, 0x17, "L")
def TECopy(tb, handle: int) -> None:
    """TECopy(teH:L): the selection to the desk scrap"""
    rec = _te(tb).record(handle)
    if rec.model.has_selection:
        _copy(tb, rec)


@tool(TOOLSET, 0x18, "L")
def TEPaste(tb, handle: int) -> None:
    """TEPaste(teH:L): the desk scrap's text for the selection (nothing when the scrap
    has no text)"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    if rec.model.read_only:
        return
    try:
        data = tb.scrap.data(TEXT_SCRAP)
    except ToolError:
        return
    rec.model.replace_selection(data)
    mgr.changed(rec)


@tool(TOOLSET, 0x19, "L")
def TEClear(tb, handle: int) -> None:
    """TEClear(teH:L): the selection removed, the scrap untouched"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    if not rec.model.read_only:
        rec.model.replace_selection(b"")
        mgr.changed(rec)


# -- styles and rulers ---------------------------------------------------------------------

@tool(TOOLSET, 0x1E, "LLL", 2)
def TEGetSelectionStyle(tb, style_ptr: int, style_handle: int, handle: int) -> int:
    """TEGetSelectionStyle(commonStylePtr:L, styleHandle:L, teH:L) -> commonFlags:W:
    the TEStyle the selection's characters share (the caret's: the style typing
    gets), its flag bits naming the fields they all have alike; a styleHandle given
    is resized to hold every distinct style of the selection (TEStyles, in order)"""
    m = _te(tb).record(handle).model
    styles = m.styles[m.sel_start:m.sel_end] or [m.style_at(m.sel_start)]
    first = styles[0]
    flags = 0
    for bit, attr in ((REPLACE_FONT, "family"), (REPLACE_SIZE, "size"),
                      (REPLACE_FORE, "fore"), (REPLACE_BACK, "back"),
                      (REPLACE_USER, "user"), (REPLACE_FACE, "face")):
        if all(getattr(st, attr) == getattr(first, attr) for st in styles):
            flags |= bit
    write_style(tb.mem, style_ptr, first)
    if style_handle:
        distinct = list(dict.fromkeys(styles))
        mm = tb.mm
        mm.set_size(style_handle, len(distinct) * STYLE_SIZE)
        for i, st in enumerate(distinct):
            write_style(tb.mem, mm.deref(style_handle) + i * STYLE_SIZE, st)
    return flags


@tool(TOOLSET, 0x1F, "WLL")
def TEStyleChange(tb, flags: int, style_ptr: int, handle: int) -> None:
    """TEStyleChange(flags:W, newStylePtr:L, teH:L): the fields the flags name set on
    the selection (teSwitchAttributes toggles the face bits given); with fSingleStyle,
    on the whole text"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    new = read_style(tb.mem, style_ptr)
    m = rec.model
    if rec.flags & F_SINGLE_STYLE:           # one style for the whole text
        m.default = with_changes(m.default, flags, new)
        m.styles = [m.default] * len(m.text)
        m.null_style = None
    else:
        m.change_style(lambda st: with_changes(st, flags, new))
    mgr.changed(rec)


def _ruler_address(tb, desc: int, ref: int, size: int = RULER_SIZE) -> int:
    if desc == REF_POINTER:
        return ref & 0xFFFFFF
    if desc == REF_HANDLE:
        return tb.mm.deref(ref)
    if desc == 2:                          # refIsNewHandle for TEGetRuler
        handle = tb.mm.new_handle(size, tb.wm.user_id or 0x1000, 0)
        write_long(tb.mem, ref, handle)
        return tb.mm.deref(handle)
    raise ToolError(TE_INVALID_DESCRIPTOR, f"ruler descriptor {desc}")


@tool(TOOLSET, 0x23, "WLL")
def TEGetRuler(tb, desc: int, ref: int, handle: int) -> None:
    """TEGetRuler(rulerDescriptor:W, rulerRef:L, teH:L): the TERuler (no tabs)"""
    rec = _te(tb).record(handle)
    write_ruler(tb.mem, _ruler_address(tb, desc, ref), rec.ruler)


@tool(TOOLSET, 0x24, "WLL")
def TESetRuler(tb, desc: int, ref: int, handle: int) -> None:
    """TESetRuler(rulerDescriptor:W, rulerRef:L, teH:L): margins and justification"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    if desc not in (REF_POINTER, REF_HANDLE):
        raise ToolError(TE_INVALID_DESCRIPTOR, f"ruler descriptor {desc}")
    rec.ruler = read_ruler(tb.mem, _ruler_address(tb, desc, ref))
    mgr.changed(rec)


# -- scrolling and geometry ----------------------------------------------------------------

@tool(TOOLSET, 0x25, "WLLL", 4)
def TEScroll(tb, desc: int, vert: int, horz: int, handle: int) -> int:
    """TEScroll(scrollDescriptor:W, vertAmount:L, horzAmount:L, teH:L) -> the new
    vertical position (pixels from the text's top): 0 to a pixel position, 1 that
    position centred, 2 line vertAmount at the top, 3 that line centred, 4 to
    vertAmount units of the scroll amount, 5 by vertAmount units"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    t, _, b, _ = rec.view
    half = (b - t) // 2
    v = _s32(vert)
    pos = {SCROLL_ABS_TOP: v, SCROLL_ABS_CENTER: v - half,
           SCROLL_LINE_TOP: v * LINE_HEIGHT, SCROLL_LINE_CENTER: v * LINE_HEIGHT - half,
           SCROLL_ABS_UNIT: v * rec.vert_amount,
           SCROLL_REL_UNIT: rec.vert_pos + v * rec.vert_amount}.get(desc)
    if pos is None:
        raise ToolError(TE_INVALID_DESCRIPTOR, f"scroll descriptor {desc}")
    mgr.scroll_to(rec, pos)
    return rec.vert_pos


@tool(TOOLSET, 0x20, "LLLL")
def TEOffsetToPoint(tb, offset: int, vert_ptr: int, horz_ptr: int, handle: int) -> None:
    """TEOffsetToPoint(textOffset:L, vertPosPtr:L, horzPosPtr:L, teH:L): the caret's
    place before that character, local: v its line's baseline"""
    rec = _te(tb).record(handle)
    v, h = rec.point_of(min(offset, len(rec.model.text)))
    if vert_ptr:
        write_long(tb.mem, vert_ptr, v & 0xFFFFFFFF)
    if horz_ptr:
        write_long(tb.mem, horz_ptr, h & 0xFFFFFFFF)


@tool(TOOLSET, 0x21, "LLL", 4)
def TEPointToOffset(tb, vert: int, horz: int, handle: int) -> int:
    """TEPointToOffset(vertPos:L, horzPos:L, teH:L) -> textOffset:L (local point)"""
    rec = _te(tb).record(handle)
    return rec.offset_at(_s32(vert), _s32(horz))


@tool(TOOLSET, 0x27, "WL", 2)
def TEGetLastError(tb, clear: int, handle: int) -> int:
    """TEGetLastError(clearFlag:W, teH:L) -> lastError:W"""
    mgr = _te(tb)
    rec = mgr.record(handle)
    err = rec.last_error
    if clear:
        rec.last_error = 0
        mgr.sync(rec)
    return err


@tool(TOOLSET, 0x28, "L")
def TECompactRecord(tb, handle: int) -> None:
    """TECompactRecord(teH:L): nothing to compact here (the record is checked)"""
    _te(tb).record(handle)



# TEGetDefProc's routine: TextEdit's control definition procedure, for a program that
# sends a TextEdit control a message itself. Called as the Control Manager calls a
# definition (Toolbox Reference vol. 1 ch. 4; ORCA/Pascal: function defProc(message:
# integer; theControl: ctlRecHndl; param: longint): longint): result:L, message:W,
# theControl:L, param:L pushed in that order, then JSL. Its code is WDM n (the trap) and
# RTL; the trap answers as CallCtlDefProc does for that control and drops the 10 bytes.
DEF_PROC_PARAMS = 10             # message:W + theControl:L + param:L
RTL = 0x6B
LOCKED_FIXED = 0xC000            # attrLocked | attrFixed
SYSTEM_OWNER = 0x1000            # the routine's owner when no program has a user ID yet


def _def_proc_trap(tb, cpu) -> None:
    """The definition procedure's body: read the frame over the return address, answer
    the message through the Control Manager (0 for a handle that is no control), put
    the return address over the parameters and pop them, so the RTL that follows
    returns to the caller with the result on top."""
    mem, s = tb.mem, cpu.sp
    param = read_long(mem, s + 4)
    handle = read_long(mem, s + 8)
    message = read_word(mem, s + 12)
    ctl_mgr = tb.ctl
    result = (ctl_mgr.message(ctl_mgr.control(handle), message, param)
              if handle in ctl_mgr.controls else 0)
    write_long(mem, s + 14, result & 0xFFFFFFFF)
    ret = read_bytes(mem, s + 1, 3)
    write_bytes(mem, s + 1 + DEF_PROC_PARAMS, ret)
    cpu.sp = (s + DEF_PROC_PARAMS) & 0xFFFF


@tool(TOOLSET, 0x22, "", 4)
def TEGetDefProc(tb) -> int:
    """TEGetDefProc() -> defProcPtr:L: TextEdit's control definition procedure, made once
    (a trap routine in a locked block): messages sent to it are answered for the
    control as CallCtlDefProc answers them."""
    mgr = _te(tb)
    if not mgr.def_proc:
        owner = tb.mm.app_user_id or SYSTEM_OWNER
        addr = tb.mm.deref(tb.mm.new_handle(4, owner, LOCKED_FIXED))
        tb.machine.trap(addr, lambda cpu: _def_proc_trap(tb, cpu))
        tb.mem[addr + 2] = RTL
        mgr.def_proc = addr
    return mgr.def_proc
