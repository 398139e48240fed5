"""List Manager (toolbox/listmgr.py) as a desktop program uses it: a list of file
types in a modal dialog made with CreateList from a ListRec, drawn, scrolled by its
scroll bar, a member selected by a click and read back with ResetMember/NextMember;
ListKey, SortList, NewList, the *2 calls and the list control from a template."""
from __future__ import annotations

from iigs.hostinput import APPLE_KEY, SHIFT_KEY, HostInput
from iigs.memory import read_long, read_pstring, read_word, write_long, write_word
from toolbox import control, dialog, listmgr
from toolbox.dialog import BUTTON_ITEM
from toolbox.listmgr import MEM_DISABLED, MEM_SELECTED

BOUNDS = (30, 100, 130, 400)              # the dialog, global
LIST_RECT = (10, 20, 62, 200)             # local: 5 members of 10 pixels + frame
NAMES = [b"TXT", b"BIN", b"S16", b"SYS", b"PNT", b"PIC", b"FNT", b"ICN"]
MOUSE_DOWN = 1
MEM_SIZE = 6                              # memPtr, memFlag, a byte of the program's


def members(tb, names=NAMES) -> int:
    first = tb.scratch.take(MEM_SIZE * len(names))
    for i, name in enumerate(names):
        write_long(tb.mem, first + MEM_SIZE * i, tb.scratch.pstring(name))
        tb.mem[first + MEM_SIZE * i + 4] = 0
        tb.mem[first + MEM_SIZE * i + 5] = i
    return first


def list_rec(tb, first: int, size: int = len(NAMES), list_type: int = 2) -> int:
    rec = tb.scratch.take(0x28)
    for i, value in enumerate(LIST_RECT):
        write_word(tb.mem, rec + 2 * i, value)
    for offset, value in ((0x08, size), (0x0A, 5), (0x0C, list_type), (0x0E, 1),
                          (0x18, 10), (0x1A, MEM_SIZE)):
        write_word(tb.mem, rec + offset, value)
    for offset, value in ((0x14, 0), (0x1C, first), (0x20, 0x1234), (0x24, 0)):
        write_long(tb.mem, rec + offset, value)
    return rec


def dialog_with_list(tb):
    dlg = dialog.NewModalDialog(tb, tb.scratch.rect(BOUNDS), 1, 0)
    dialog.NewDItem(tb, dlg, 1, tb.scratch.rect((70, 220, 83, 290)), BUTTON_ITEM,
                    tb.scratch.pstring(b"OK"), 0, 0, 0)
    first = members(tb)
    rec = list_rec(tb, first)
    handle = listmgr.CreateList(tb, dlg, rec)
    return dlg, rec, first, handle


def member_pixel(tb, dlg, row: int) -> bytes:
    """A pixel inside the row-th visible member (0 = top), well left of its text."""
    win = tb.wm.find(dlg)
    v = win.content[0] + LIST_RECT[0] + 1 + 10 * row + 1
    h = win.content[1] + LIST_RECT[1] + 2
    return tb.qd.save_bits((v, h, v + 1, h + 1))


def drawn_names(tb) -> list[str]:
    """The member strings drawn, oldest first (the dialog's own texts left out)."""
    names = {n.decode() for n in NAMES} | {"ONE", "TWO"}
    return [t for _, _, t, _ in tb.qd.text_log if t in names]


def click_local(tb, host, dlg, v: int, h: int) -> None:
    win = tb.wm.find(dlg)
    host.click(win.content[1] + h, win.content[0] + v)


def test_a_list_in_a_dialog_is_drawn_scrolled_and_a_click_selects(tb, host):
    listmgr.ListStartUp(tb)
    assert listmgr.ListStatus(tb) == 0xFFFF
    dlg, rec, first, handle = dialog_with_list(tb)
    assert read_long(tb.mem, rec + 0x10) == handle            # listCtl filled in
    ctl = tb.mm.deref(handle)
    bar = read_long(tb.mem, ctl + listmgr.C_LIST_BAR)
    assert read_long(tb.mem, ctl + 0x14) == listmgr.LIST_CONTROL   # ctlProc
    assert read_long(tb.mem, ctl + 0x20) == 0x1234            # listRefCon -> ctlRefCon
    assert read_long(tb.mem, ctl + listmgr.C_LIST) == first
    assert read_word(tb.mem, ctl + listmgr.C_MEM_SIZE) == MEM_SIZE
    assert drawn_names(tb)[-5:] == ["TXT", "BIN", "S16", "SYS", "PNT"]  # five in view, in order
    assert member_pixel(tb, dlg, 2) == b"\x03"                # white: none selected

    # The down arrow scrolls one member; listStart follows in the ListRec.
    click_local(tb, host, dlg, LIST_RECT[2] - 4, LIST_RECT[3] - 10)
    host.key("\r")
    assert dialog.ModalDialog(tb, 0) == 1
    assert read_word(tb.mem, rec + 0x0E) == 2
    assert tb.ctl.control(bar).value == 1
    assert drawn_names(tb)[-5:] == ["BIN", "S16", "SYS", "PNT", "PIC"]

    # A click on the third member in view (SYS) selects it, drawn inverted.
    click_local(tb, host, dlg, LIST_RECT[0] + 1 + 25, LIST_RECT[1] + 30)
    host.key("\r")
    assert dialog.ModalDialog(tb, 0) == 1
    sys_member = first + 3 * MEM_SIZE
    assert tb.mem[sys_member + 4] == MEM_SELECTED
    assert member_pixel(tb, dlg, 2) == b"\x00"                # black: selected
    assert member_pixel(tb, dlg, 1) == b"\x03"
    assert listmgr.ResetMember(tb, rec) == sys_member
    assert listmgr.NextMember(tb, sys_member, rec) == 0
    assert listmgr.ResetMember2(tb, handle) == 4

    # SelectMember: one only (a single-select list), scrolled into view.
    listmgr.SelectMember(tb, first + 7 * MEM_SIZE, rec)
    assert tb.mem[sys_member + 4] == 0
    assert read_word(tb.mem, rec + 0x0E) == 4                 # ICN at the bottom
    assert listmgr.ResetMember2(tb, handle) == 8
    assert member_pixel(tb, dlg, 4) == b"\x00"


def press(tb, host, handle, h, v, to_v=None, modifiers=0, held=0) -> list[int]:
    """A click (or a drag to `to_v`, `held` polls there) on the list taken as a
    program takes it: the mouse-down event, then TrackControl. The members selected."""
    tb.em.flush(0xFFFF, 0)                      # the events earlier gestures left
    end = v if to_v is None else to_v
    host.push(HostInput("down", h, v, modifiers=modifiers))
    if to_v is not None:
        host.push(HostInput("move", h, (v + end) // 2))
    host.inputs += [HostInput("move", h, end)] * held
    host.push(HostInput("up", h, end, modifiers=modifiers))
    assert tb.em.wait_for_event(1 << MOUSE_DOWN).what == MOUSE_DOWN
    assert control.TrackControl(tb, h, v, 0, handle) == listmgr.LIST_PART
    return [n for n in range(1, 9) if tb.mem[tb.lm.by_control(handle).member(n) + 4]
            & MEM_SELECTED]


def test_list_keys_sorting_disabled_members_and_new_lists(tb, host):
    win = tb.wm.find(dialog.NewModalDialog(tb, tb.scratch.rect(BOUNDS), 1, 0))
    first = members(tb)
    tb.mem[first + 1 * MEM_SIZE + 4] = MEM_DISABLED           # BIN cannot be chosen
    rec = list_rec(tb, first, list_type=0)                    # several may be selected
    handle = listmgr.CreateList(tb, win.ptr, rec)
    event = tb.scratch.take(16)
    write_word(tb.mem, event, listmgr.KEY_DOWN)
    write_long(tb.mem, event + 2, ord("p"))
    listmgr.ListKey(tb, 0, event, handle)
    assert listmgr.ResetMember2(tb, handle) == 5              # PNT, first "p"
    write_long(tb.mem, event + 2, listmgr.UP_ARROW_KEY)
    for _ in range(3):
        listmgr.ListKey(tb, 0, event, handle)
    assert listmgr.ResetMember2(tb, handle) == 1              # SYS, S16, (BIN skipped) TXT
    # A drag from TXT to SYS selects the range, the disabled BIN left out.
    top = win.content[0] + LIST_RECT[0] + 1
    left = win.content[1] + LIST_RECT[1] + 30
    row = lambda n: top + 10 * (n - 1) + 5
    assert press(tb, host, handle, left, row(1), row(4)) == [1, 3, 4]
    # Apple-click S16 off (the others stay); Shift-click PNT: the range from S16.
    assert press(tb, host, handle, left, row(3), modifiers=APPLE_KEY) == [1, 4]
    assert press(tb, host, handle, left, row(5), modifiers=SHIFT_KEY) == [3, 4, 5]
    # A drag from TXT held below the list scrolls it: the range runs past the view.
    chosen = press(tb, host, handle, left, row(1), top + 5 * 10 + 4, held=2)
    start = read_word(tb.mem, rec + 0x0E)                     # listStart, scrolled
    assert start > 1 and chosen == [1, *range(3, start + 5)]  # to the last in view
    listmgr.SortList(tb, 0, rec)
    names = [tb.mem[first + MEM_SIZE * i + 5] for i in range(8)]
    assert [NAMES[i] for i in names] == sorted(NAMES)          # records moved whole
    s1, s2 = tb.scratch.pstring(b"gin"), tb.scratch.pstring(b"GIN KING")
    assert listmgr.CompareStrings(tb, 0, s1, s2) == 0xFFFF
    assert listmgr.CompareStrings(tb, 0, s2, s1) == 1
    assert listmgr.CompareStrings(tb, 0, s1, tb.scratch.pstring(b"GIN")) == 0
    assert listmgr.CompareStrings(tb, 1, s1, tb.scratch.pstring(b"GIN")) == 1
    # NewList: two members now, from the start.
    other = members(tb, [b"ONE", b"TWO"])
    write_word(tb.mem, rec + 0x08, 2)
    write_long(tb.mem, rec + 0x1C, other)
    listmgr.NewList(tb, other, rec)
    assert drawn_names(tb)[-2:] == ["ONE", "TWO"]
    assert listmgr.ResetMember2(tb, handle) == 0
    listmgr.NewList2(tb, 0, 1, first, 0, 3, handle)
    assert tb.ctl.control(handle).data_size == 3
    bar = tb.lm.by_control(handle).bar
    control.HideControl(tb, handle)
    assert not bar.visible                                    # hidden with its list
    control.ShowControl(tb, handle)
    assert bar.visible and tb.ctl.control(handle).flag == 0   # listType kept
    control.DisposeControl(tb, handle)
    assert not tb.ctl.in_window(win.ptr)                      # the bar went with it


def test_a_list_control_from_a_template(tb):
    win = tb.wm.find(dialog.NewModalDialog(tb, tb.scratch.rect(BOUNDS), 1, 0))
    first = members(tb)
    template = tb.scratch.take(0x32)
    write_word(tb.mem, template, 14)                          # pCount
    write_long(tb.mem, template + 2, 77)                      # ID
    for i, value in enumerate(LIST_RECT):
        write_word(tb.mem, template + 6 + 2 * i, value)
    write_long(tb.mem, template + 0x0E, listmgr.LIST_CONTROL)
    for offset, value in ((0x1A, 8), (0x1C, 5), (0x1E, 2), (0x20, 1), (0x26, 10),
                          (0x28, MEM_SIZE)):
        write_word(tb.mem, template + offset, value)
    write_long(tb.mem, template + 0x2A, first)
    handle = control.NewControl2(tb, win.ptr, 0, template)
    assert control.GetCtlID(tb, handle) == 77
    listmgr.SelectMember2(tb, 2, handle)
    assert tb.mem[first + MEM_SIZE + 4] == MEM_SELECTED
    assert control.GetCtlHandleFromID(tb, win.ptr, 77) == handle


def test_a_program_picks_from_a_list_in_a_dialog_and_prints_a_page(tmp_path):
    """tests/machine/programs/machine_listprint.asm: StartUpTools naming the new tool
    sets, a list in a modal dialog scrolled and clicked, a page printed to the disk's
    folder, all by JSL $E10000."""
    from disk import Volume
    from iigs.hostinput import HostInput
    from system.machine import Machine
    from iigs.video import load_png
    from machine_desktop import Host, machine_build
    data, labels = machine_build("machine_listprint")
    image = tmp_path / "work.po"
    Volume.create(image, "WORK", 1600).commit()
    host = Host()
    m = Machine(disk=image, host=host)
    top, left = BOUNDS[0] + LIST_RECT[0], BOUNDS[1] + LIST_RECT[1]
    host.click(BOUNDS[1] + LIST_RECT[3] - 10, BOUNDS[0] + LIST_RECT[2] - 4)   # down arrow
    host.click(left + 30, top + 1 + 25)          # the third in view: SYS
    host.inputs.append(HostInput("key", key=0x0D))   # Return: OK
    host.inputs.append(HostInput("key", key=0x0D))   # Print: OK
    prog = m.load(data)
    assert m.run(max_cycles=20_000_000) == "quit"
    word = lambda label, off=0: read_word(m.mem, prog.entry + labels[label] + off)
    assert word("StartErr") == 0
    assert [word("Statuses", 2 * i) for i in range(7)] == [0xFFFF] * 7
    assert word("ItemHit") == 1
    assert word("Chosen") == 4                   # SYS
    assert word("TypeList", 0x0E) == 2           # listStart after the arrow
    assert word("JobOK") == 0xFFFF and word("PrErr") == 0
    page = load_png(tmp_path / "PAGE-0001.png")[:, :, 0]
    assert page.shape == (756, 640)
    assert (page[100:140, 40:240] == 0).all()
    assert (page[190:203, 40:120] == 0).any()    # the heading
    assert (page[:90] == 255).all() and (page[210:] == 255).all()
    assert not m.missing_calls()


def test_a_program_sorts_a_list_with_its_own_comparison_routine(tmp_path):
    """tests/machine/programs/machine_sortlist.asm: SortList calls the program's
    routine (members by the length of their names, its answer in the carry) and moves
    the records whole; SortList2 with no routine sorts by the names."""
    from disk import Volume
    from system.machine import Machine
    from machine_desktop import Host, machine_build
    data, labels = machine_build("machine_sortlist")
    image = tmp_path / "work.po"
    Volume.create(image, "WORK", 1600).commit()
    m = Machine(disk=image, host=Host())
    prog = m.load(data)
    assert m.run(max_cycles=20_000_000) == "quit"
    at = lambda label, off=0: prog.entry + labels[label] + off
    assert read_word(m.mem, at("StartErr")) == 0
    names = {1: b"Hollywood", 2: b"Gin", 3: b"Oklahoma", 4: b"Knock", 5: b"Tens",
             6: b"Spades"}

    def order(label: str) -> list[bytes]:
        tags = [m.mem[at(label, 6 * i + 5)] for i in range(6)]
        for i, tag in enumerate(tags):         # each record moved whole
            assert read_pstring(m.mem, read_long(m.mem, at(label, 6 * i))) == names[tag]
        return [names[tag] for tag in tags]

    assert order("ByLen") == sorted(names.values(), key=len)
    assert order("ByLen")[:3] == [b"Gin", b"Tens", b"Knock"]
    assert order("ByName") == sorted(names.values(), key=bytes.lower)
    calls = read_word(m.mem, at("Calls"))
    assert 5 <= calls <= 15                      # one call a comparison: a sort of six
    assert not m.missing_calls()
