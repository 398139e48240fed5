"""Standard File: the Open and Save dialogs on a ProDOS disk, driven by mouse and keys
as a user drives them, checked through the reply records' bytes."""
import pytest

from disk.volume import Volume
from iigs.hostinput import APPLE_KEY, SHIFT_KEY, HostInput
from iigs.memory import read_bytes, read_long, read_pstring, read_word, write_long, \
    write_word
from toolbox import stdfile as sf
from toolbox.stdfile import GET_HEIGHT, LIST_RECT, ROW_HEIGHT

WHERE = (100, 40)                  # whereX, whereY: the dialog's top-left
RETURN, ESC, DOWN = 0x0D, 0x1B, 0x0A


@pytest.fixture
def disk(tb):
    vol = Volume.create(None, "WORK", 1600)
    with vol.transaction():
        vol.write_file("NOTES", b"notes\r", 0x04, 0x0000)
        vol.write_file("PICTURE", b"\0" * 600, 0xC1, 0x0002)
        vol.write_file("ALPHA", b"a\r", 0x04, 0x1234)
        vol.mkdir("DOCS")
        vol.write_file("DOCS/LETTER", b"Dear\r", 0x04, 0x0000)
        vol.write_file("DOCS/SHEET", b"1,2\r", 0x19, 0x0000)
    tb.gsos.mount(vol)
    sf.SFStartUp(tb, 0x1001, 0)
    return vol


def row_point(index):
    """The global (h, v) of row `index` of the list."""
    x, y = WHERE
    return x + LIST_RECT[1] + 30, y + LIST_RECT[0] + 1 + index * ROW_HEIGHT + 5


def button_point(top):
    x, y = WHERE
    return x + sf.BUTTON_LEFT + 30, y + top + 6


OPEN_BUTTON, CLOSE_BUTTON, GET_CANCEL = button_point(34), button_point(54), button_point(96)
SAVE_BUTTON, PUT_OPEN, PUT_CLOSE, PUT_CANCEL = (button_point(34), button_point(54),
                                                button_point(74), button_point(112))


def old_reply(tb, reply):
    mem = tb.mem
    return (read_word(mem, reply), read_word(mem, reply + 2), read_word(mem, reply + 4),
            read_pstring(mem, reply + 6), read_pstring(mem, reply + 0x16))


def type_list(tb, *types):
    return tb.scratch.bytes(bytes([len(types), *types]))


def test_the_open_dialog_lists_folders_and_the_types_asked_for(tb, host, disk):
    reply = tb.scratch.take(151)
    shown = []
    host.key(ESC)                               # look, then cancel
    real_run = tb.sf.run

    def run(put, judge):
        shown.append([(r.name, r.selectable) for r in tb.sf.rows])
        return real_run(put, judge)
    tb.sf.run = run
    sf.SFGetFile(tb, *WHERE, tb.scratch.pstring(b"Open which?"), 0, type_list(tb, 0x04),
                 reply)
    # in alphabetical order; folders always show; PICTURE ($C1) does not
    assert shown == [[("ALPHA", True), ("DOCS", True), ("NOTES", True)]]
    assert read_word(tb.mem, reply) == 0        # Cancel: good = FALSE
    assert tb.wm.front() is None                # the dialog is gone


def test_double_click_opens_a_file_and_fills_the_reply_record(tb, host, disk):
    reply = tb.scratch.take(151)
    host.click(*row_point(0))
    host.click(*row_point(0))
    sf.SFGetFile(tb, *WHERE, tb.scratch.pstring(b"Open"), 0, type_list(tb, 0x04), reply)
    assert old_reply(tb, reply) == (1, 0x04, 0x1234, b"ALPHA", b"/WORK/ALPHA")


def test_open_a_folder_then_a_file_in_it_then_close_back_up(tb, host, disk):
    reply = tb.scratch.take(151)
    host.click(*row_point(1))                   # DOCS
    host.click(*OPEN_BUTTON)                    # into DOCS: LETTER (SHEET is $19)
    host.click(*row_point(0))
    host.click(*OPEN_BUTTON)
    sf.SFGetFile(tb, *WHERE, 0, 0, type_list(tb, 0x04), reply)
    assert old_reply(tb, reply) == (1, 0x04, 0, b"LETTER", b"/WORK/DOCS/LETTER")
    # the next dialog starts in DOCS; Close goes up to the volume
    host.click(*CLOSE_BUTTON)
    host.key(DOWN)                              # ALPHA -> DOCS -> NOTES -> PICTURE
    host.key(DOWN)
    host.key(DOWN)
    host.key(RETURN)
    sf.SFGetFile(tb, *WHERE, 0, 0, 0, reply)
    assert old_reply(tb, reply) == (1, 0xC1, 0x0002, b"PICTURE", b"/WORK/PICTURE")


def test_the_save_dialog_answers_the_typed_name_in_the_current_folder(tb, host, disk):
    reply = tb.scratch.take(151)
    write_word(tb.mem, reply + 2, 0xBEEF)       # file type: the Save dialog leaves it
    host.click(*row_point(1))                   # DOCS (files are listed dimmed)
    host.click(*PUT_OPEN)
    for ch in "2ND":                            # a name cannot start with a digit...
        host.key(ch)
    host.key(RETURN)
    for _ in range(3):
        host.key(0x7F)                          # ...so the user rubs it out
    for ch in "MEMO.TXT":
        host.key(ch)
    host.key(RETURN)
    beeps = host.beeps
    sf.SFPutFile(tb, *WHERE, tb.scratch.pstring(b"Save as:"),
                 tb.scratch.pstring(b"UNTITLED"), 15, reply)
    assert host.beeps == beeps + 1
    good, ftype, _, name, path = old_reply(tb, reply)
    assert (good, ftype, name, path) == (1, 0xBEEF, b"MEMO.TXT", b"/WORK/DOCS/MEMO.TXT")


def test_the_save_dialog_offers_the_original_name_and_cancel_leaves_good_false(tb, host,
                                                                              disk):
    reply = tb.scratch.take(151)
    host.key(RETURN)                             # the original name, as offered
    sf.SFPutFile(tb, *WHERE, 0, tb.scratch.pstring(b"REPORT"), 15, reply)
    assert old_reply(tb, reply)[3:] == (b"REPORT", b"/WORK/REPORT")
    host.click(*PUT_CANCEL)
    write_word(tb.mem, reply, 0xFFFF)
    sf.SFPutFile(tb, *WHERE, 0, tb.scratch.pstring(b"REPORT"), 15, reply)
    assert read_word(tb.mem, reply) == 0
    host.key(".", APPLE_KEY)                     # Apple-period is Cancel too
    write_word(tb.mem, reply, 0xFFFF)
    sf.SFGetFile(tb, *WHERE, 0, 0, 0, reply)
    assert read_word(tb.mem, reply) == 0


def reply2(tb, name_desc, path_desc, name_ref=0, path_ref=0):
    reply = tb.scratch.take(0x14)
    write_word(tb.mem, reply + 8, name_desc)
    write_long(tb.mem, reply + 0x0A, name_ref)
    write_word(tb.mem, reply + 0x0E, path_desc)
    write_long(tb.mem, reply + 0x10, path_ref)
    return reply


def result_buf(tb, addr):
    """A ResultBuf255: (bufSize, the string)."""
    return read_word(tb.mem, addr), read_bytes(tb.mem, addr + 4, read_word(tb.mem, addr + 2))


def type_list2(tb, *entries):
    data = len(entries).to_bytes(2, "little")
    for flags, ftype, aux in entries:
        data += flags.to_bytes(2, "little") + ftype.to_bytes(2, "little") + \
            aux.to_bytes(4, "little")
    return tb.scratch.bytes(data)


def test_get_file2_new_handles_and_a_type_list2(tb, host, disk):
    reply = reply2(tb, sf.REF_IS_NEW_HANDLE, sf.REF_IS_NEW_HANDLE)
    # text files with aux type $1234 only; and $C1 files shown dimmed
    types = type_list2(tb, (sf.SF_MATCH_FILE_TYPE | sf.SF_MATCH_AUX_TYPE, 0x04, 0x1234),
                       (sf.SF_MATCH_FILE_TYPE | sf.SF_DISPLAY_GREY, 0xC1, 0))
    shown = []
    real_run = tb.sf.run

    def run(put, judge):
        shown.append([(r.name, r.selectable) for r in tb.sf.rows])
        return real_run(put, judge)
    tb.sf.run = run
    host.click(*row_point(2))                    # PICTURE is dimmed: not chosen
    host.click(*row_point(2))
    host.key("d")                                # type-select DOCS
    host.key(DOWN)                               # PICTURE is skipped: DOCS stays
    host.key(0x0B)                               # up: ALPHA
    host.key(RETURN)
    sf.SFGetFile2(tb, *WHERE, sf.REF_IS_POINTER, tb.scratch.pstring(b"Open:"), 0, types,
                  reply)
    assert shown == [[("ALPHA", True), ("DOCS", True), ("PICTURE", False)]]
    mem = tb.mem
    assert (read_word(mem, reply), read_word(mem, reply + 2), read_long(mem, reply + 4)) \
        == (1, 0x04, 0x1234)
    name_h, path_h = read_long(mem, reply + 0x0A), read_long(mem, reply + 0x10)
    assert result_buf(tb, tb.mm.deref(name_h)) == (9, b"ALPHA")
    assert result_buf(tb, tb.mm.deref(path_h)) == (15, b":WORK:ALPHA")
    assert tb.mm.size_of(path_h) == 15


def test_put_file2_into_the_program_buffers(tb, host, disk):
    name_buf, path_buf = tb.scratch.take(36), tb.scratch.take(8)
    write_word(tb.mem, name_buf, 36)
    write_word(tb.mem, path_buf, 8)              # too small for the path
    reply = reply2(tb, sf.REF_IS_POINTER, sf.REF_IS_POINTER, name_buf, path_buf)
    orig = tb.scratch.bytes(b"\x09\x00TEXT.FILE")  # a GS/OS input string
    host.click(*SAVE_BUTTON)
    sf.SFPutFile2(tb, *WHERE, sf.REF_IS_POINTER, tb.scratch.pstring(b"Save:"),
                  sf.REF_IS_POINTER, orig, reply)
    assert read_word(tb.mem, reply) == 1
    assert result_buf(tb, name_buf) == (36, b"TEXT.FILE")
    assert read_word(tb.mem, path_buf + 2) == len(b":WORK:TEXT.FILE")   # the length alone


def test_all_caps_and_the_version(tb, disk):
    assert sf.SFVersion(tb) == sf.SF_VERSION
    assert sf.SFStatus(tb) == 0xFFFF
    sf.SFAllCaps(tb, 1)
    assert tb.sf.display_name(sf.Row("Notes", 4, 0, False, True)) == b"NOTES"
    assert tb.sf.display_name(sf.Row("Docs", 15, 0, True, True)) == b"DOCS/"
    assert sf.SFShowInvisible(tb, 1) == 0 and sf.SFShowInvisible(tb, 0) == 1


# FUNCTION filter(entryPtr:L): Integer -- Pascal convention, in 65816 code: the entry's
# fileType (GS/OS DirEntry +$0E) $04 -> noDisplay, anything else -> displaySelect.
FILTER_PROC = bytes([
    0x0B, 0x3B, 0x5B,                   # PHD; TSC; TCD (entryPtr at DP 6, result at 10)
    0xA0, 0x0E, 0x00,                   # LDY #$000E
    0xB7, 0x06,                         # LDA [6],Y
    0xC9, 0x04, 0x00,                   # CMP #$0004
    0xF0, 0x05,                         # BEQ hide
    0xA9, 0x02, 0x00,                   # LDA #displaySelect
    0x80, 0x03,                         # BRA store
    0xA9, 0x00, 0x00,                   # hide: LDA #noDisplay
    0x85, 0x0A,                         # store: STA 10 (the result)
    0x2B,                               # PLD
    0xA3, 0x02, 0x83, 0x06,             # move the return address over the parameter
    0xA3, 0x01, 0x83, 0x05,
    0x68, 0x68, 0x6B,                   # PLA; PLA; RTL
])


def test_the_programs_filter_procedure_decides_what_shows(tmp_path):
    from system.machine import Machine
    from iigs.memory import write_bytes
    from machine_desktop import Host, call_tool, start_desktop
    image = tmp_path / "work.po"
    vol = Volume.create(image, "WORK", 1600)
    with vol.transaction():
        vol.write_file("NOTES", b"n\r", 0x04, 0)
        vol.write_file("PICTURE", b"\0" * 32, 0xC1, 0)
        vol.write_file("TOOL", b"\0" * 32, 0xB3, 0)
    vol.commit()
    host = Host()
    m = Machine(disk=image, host=host)
    tb = start_desktop(m)
    _, proc = tb.wm.alloc(len(FILTER_PROC))
    write_bytes(tb.mem, proc, FILTER_PROC)
    _, reply = tb.wm.alloc(0x14)
    write_word(tb.mem, reply + 8, sf.REF_IS_NEW_HANDLE)
    write_word(tb.mem, reply + 0x0E, sf.REF_IS_NEW_HANDLE)
    shown = []
    real_run = tb.sf.run

    def run(put, judge):
        shown.append([r.name for r in tb.sf.rows])
        return real_run(put, judge)
    tb.sf.run = run
    host.click(*row_point(1))                    # TOOL
    host.click(*OPEN_BUTTON)
    # made as a program makes it: JSL $E10000 with the parameters on the stack
    error, _ = call_tool(m, 0x0E17, [("W", WHERE[0]), ("W", WHERE[1]),
                                     ("W", sf.REF_IS_POINTER), ("L", 0), ("L", proc),
                                     ("L", 0), ("L", reply)])
    assert error == 0
    assert shown == [["PICTURE", "TOOL"]]        # NOTES ($04) refused by the filter
    handle = read_long(tb.mem, reply + 0x10)
    assert (read_word(tb.mem, reply), read_word(tb.mem, reply + 2)) == (1, 0xB3)
    assert result_buf(tb, tb.mm.deref(handle))[1] == b":WORK:TOOL"


def test_in_320_mode_the_dialog_is_narrower_and_stays_on_the_screen(tb, host, disk):
    tb.qd.SetMasterSCB(0x00)
    reply = tb.scratch.take(151)
    seen = []
    real_run = tb.sf.run

    def run(put, judge):
        seen.append(tb.wm.front().content)
        return real_run(put, judge)
    tb.sf.run = run
    lay = sf.LAYOUT_320
    v0 = 40
    h0 = 320 - lay.width - 4                       # whereX 100 would run off the right
    # double-click the second name (DOCS) to open it, then the first there (LETTER)
    for index in (1, 1, 0, 0):
        host.click(h0 + lay.list_rect[1] + 30, v0 + lay.list_rect[0] + 1 + index * 10 + 5)
    sf.SFGetFile(tb, 100, v0, 0, 0, type_list(tb, 0x04), reply)
    assert seen == [(v0, h0, v0 + GET_HEIGHT, h0 + lay.width)]
    assert old_reply(tb, reply) == (1, 0x04, 0, b"LETTER", b"/WORK/DOCS/LETTER")


def test_saving_over_a_file_that_is_there_asks_to_replace_it(tb, host, disk):
    reply = tb.scratch.take(151)
    asked = []
    real = tb.sf.confirm_replace

    def confirm(name):
        asked.append(name)
        return real(name)
    tb.sf.confirm_replace = confirm
    x, y = WHERE
    ask_left = x + (sf.DIALOG_WIDTH - 280) // 2
    host.key(RETURN)                              # NOTES is there: asked...
    host.key(RETURN)                              # ...Return is Cancel: back to Save
    host.key(RETURN)                              # asked again...
    host.click(ask_left + 60, y + 20 + 40)        # ...Replace
    sf.SFPutFile(tb, *WHERE, 0, tb.scratch.pstring(b"NOTES"), 15, reply)
    assert asked == ["NOTES", "NOTES"]
    assert old_reply(tb, reply)[0::3] == (1, b"NOTES")


def test_a_long_folder_scrolls_with_the_scroll_bar(tb, host, disk):
    with disk.transaction():
        for n in range(12):
            disk.write_file(f"LOG{n:02d}", b"x", 0x04, 0)    # 3 + 12 + 1 folder = 16 names
    reply = tb.scratch.take(151)
    x, y = WHERE
    t, l, b, r = LIST_RECT
    arrow_h = x + r - sf.SCROLL_WIDTH // 2
    host.click(arrow_h, y + b - 3)                 # down arrow: one row
    host.click(arrow_h, y + b - 20)                # the track below the thumb: a page
    host.click(*row_point(6))                      # the last row shown, twice: opened
    host.click(*row_point(6))
    sf.SFGetFile(tb, *WHERE, 0, 0, type_list(tb, 0x04), reply)
    # ALPHA DOCS LOG00..LOG11 NOTES: from the top, 1 + 6 rows down, then row 6 = index 13
    assert old_reply(tb, reply)[3] == b"LOG11"
    host.click(*row_point(0))                      # the list starts at the top again
    host.click(*row_point(0))
    sf.SFGetFile(tb, *WHERE, 0, 0, type_list(tb, 0x04), reply)
    assert old_reply(tb, reply)[3] == b"ALPHA"


def test_a_program_asks_for_a_file_to_open_and_a_name_to_save(tmp_path):
    """tests/machine/programs/machine_stdfile.asm: its own tool start-up, SFGetFile2
    and SFPutFile2 by JSL $E10000, the replies in its own memory."""
    from system.machine import Machine
    from machine_desktop import Host, machine_build
    data, labels = machine_build("machine_stdfile")
    image = tmp_path / "work.po"
    vol = Volume.create(image, "WORK", 1600)
    with vol.transaction():
        vol.write_file("NOTES", b"n\r", 0x04, 0)
        vol.write_file("PICTURE", b"\0" * 32, 0xC1, 0)
        vol.mkdir("DOCS")
        vol.write_file("DOCS/LETTER", b"Dear\r", 0x04, 0x0001)
    vol.commit()
    host = Host()
    m = Machine(disk=image, host=host)
    host.click(*row_point(0))                    # DOCS, twice: opened
    host.click(*row_point(0))
    host.click(*row_point(0))                    # LETTER, then Open
    host.click(*OPEN_BUTTON)
    for ch in "MEMO":                            # typed over REPORT, then Save
        host.inputs.append(HostInput("key", key=ord(ch)))
    host.click(*SAVE_BUTTON)
    prog = m.load(data)
    assert m.run(max_cycles=5_000_000) == "quit"
    base = prog.entry
    mem = m.mem
    word = lambda label, off=0: read_word(mem, base + labels[label] + off)
    assert (word("GetErr"), word("PutErr")) == (0, 0)
    reply = base + labels["Reply"]
    assert (read_word(mem, reply), read_word(mem, reply + 2), read_long(mem, reply + 4)) \
        == (1, 0x04, 0x0001)
    name_handle = read_long(mem, reply + 0x0A)
    assert result_buf(m.tb, m.tb.mm.deref(name_handle)) == (10, b"LETTER")
    assert m.tb.mm.block(name_handle).user_id == prog.user_id   # SFStartUp's user ID
    assert result_buf(m.tb, base + labels["Path"]) == (68, b":WORK:DOCS:LETTER")
    assert word("Reply2") == 1
    assert result_buf(m.tb, base + labels["Name2"]) == (20, b"MEMO")
    assert result_buf(m.tb, base + labels["Path2"]) == (68, b":WORK:DOCS:MEMO")


def names_list(tb, handle):
    """SFMultiGet2's namesHandle: count, then GS/OS input strings."""
    addr = tb.mm.deref(handle)
    out, at = [], addr + 2
    for _ in range(read_word(tb.mem, addr)):
        length = read_word(tb.mem, at)
        out.append(read_bytes(tb.mem, at + 2, length))
        at += 2 + length
    return out


def test_multi_get2_chooses_several_files_with_shift_clicks(tb, host, disk):
    reply = tb.scratch.take(16)
    types = type_list2(tb, (sf.SF_MATCH_FILE_TYPE, 0x04, 0), (sf.SF_MATCH_FILE_TYPE, 0xC1, 0))
    shown = []
    real_run = tb.sf.run

    def run(put, judge):
        result = real_run(put, judge)
        shown.append(sorted(tb.sf.marked))
        return result
    tb.sf.run = run
    host.click(*row_point(3))                       # PICTURE
    host.click(*row_point(0), modifiers=SHIFT_KEY)  # + ALPHA
    host.click(*row_point(2), modifiers=SHIFT_KEY)  # + NOTES
    host.click(*row_point(1), modifiers=SHIFT_KEY)  # + DOCS: a folder, left out
    host.click(*row_point(3), modifiers=SHIFT_KEY)  # - PICTURE again
    host.click(*OPEN_BUTTON)
    sf.SFMultiGet2(tb, *WHERE, sf.REF_IS_POINTER, tb.scratch.pstring(b"Open which?"), 0,
                   types, reply)
    assert shown == [[0, 1, 2]]
    assert read_word(tb.mem, reply) == 1
    handle = read_long(tb.mem, reply + 2)
    assert names_list(tb, handle) == [b":WORK:ALPHA", b":WORK:NOTES"]
    # a plain click starts the selection again, and a folder alone opens: DOCS,
    # then LETTER and SHEET (a double-click on one answers that one alone)
    host.click(*row_point(0))
    host.click(*row_point(1))
    host.click(*OPEN_BUTTON)                        # into DOCS
    host.click(*row_point(1))                       # SHEET, double-clicked
    host.click(*row_point(1))
    sf.SFMultiGet2(tb, *WHERE, sf.REF_IS_POINTER, 0, 0, 0, reply)
    assert names_list(tb, read_long(tb.mem, reply + 2)) == [b":WORK:DOCS:SHEET"]
    host.key(ESC)                                   # Cancel: good = FALSE
    sf.SFMultiGet2(tb, *WHERE, sf.REF_IS_POINTER, 0, 0, 0, reply)
    assert read_word(tb.mem, reply) == 0
    assert tb.wm.front() is None


def test_the_p_forms_show_the_standard_dialogs(tb, host, disk):
    reply = tb.scratch.take(151)
    host.click(*row_point(0))
    host.click(*row_point(0))
    sf.SFPGetFile(tb, *WHERE, 0, 0, type_list(tb, 0x04), 0, 0, reply)
    assert old_reply(tb, reply) == (1, 0x04, 0x1234, b"ALPHA", b"/WORK/ALPHA")
    assert not any("SFPGetFile" in line for line in tb.call_log)
    host.key(ESC)
    sf.SFPPutFile(tb, *WHERE, 0, tb.scratch.pstring(b"NEW"), 15, 0x9000, 0x9100, reply)
    assert read_word(tb.mem, reply) == 0                 # Cancel: good = FALSE
    assert ("SFPPutFile: the standard dialog shown; the program's dialog template, "
            "dialog hook not used") in tb.call_log
