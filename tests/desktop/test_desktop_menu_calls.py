"""The Menu Manager calls beyond the ones GIN.KING makes, made through the dispatcher as a
program makes them (JSL $E10000 from 65816 code, results popped from the stack): items
inserted, deleted and set from item lines, flags, styles and IDs; bars made and switched;
title start and widths; bar colours, FlashMenuBar, HideMenuBar/ShowMenuBar checked on the
screen's pixels; pop-up menus drawn and chosen from by mouse; itemStructs, icons and
InsertPathMItems checked in the records a program reads."""
from iigs.hostinput import APPLE_KEY, HostInput
from iigs.memory import read_long, read_pstring, read_word, write_bytes, write_long
from machine_desktop import Host, call_tool, start_desktop
from system.machine import Machine
from toolbox.calls import TOOL_TABLE
from toolbox.menu import ITEM_HEIGHT, MENU_BAR_HEIGHT
from toolbox.window import W_IN_MENU_BAR

ROWS = {row.name: row for row in TOOL_TABLE.values() if row.toolset == 0x0F}
MENU_ITEM_NOT_FOUND, MENU_NO_STRUCT = 0x0F02, 0x0F03
WHITE, BLACK = 3, 0
EDIT = b">> Edit \\N2\0--Undo\\N300*Zz\0--Cut\\N301\0--Clear\\N303X\0.\0"
SIZE = b">>Size\\N10\0--Small\\N20\0--Medium\\N21\0--Large\\N22D\0.\0"


class FrameHost(Host):
    """The scripted host, remembering the bar's first row of pixels at each frame."""

    def __init__(self):
        super().__init__()
        self.bar_frames = []

    def present(self, mem, tb):
        self.bar_frames.append(tb.qd.save_bits((5, 0, 6, 640)))


def call(m, name, *values):
    """Tool `name` with its declared parameters: (error, result as one integer)."""
    row = ROWS[name]
    error, words = call_tool(m, row.number, list(zip(row.params, values)), row.result // 2)
    return error, sum(w << (16 * i) for i, w in enumerate(words))


def ok(m, name, *values):
    error, result = call(m, name, *values)
    assert error == 0, f"{name}: error ${error:04X}"
    return result


def put(tb, data: bytes) -> int:
    _, ptr = tb.wm.alloc(len(data) + 2)
    write_bytes(tb.mem, ptr, data)
    return ptr


def desktop(host=None):
    m = Machine(host=host or Host())
    return m, start_desktop(m)


def new_menu(m, tb, text: bytes, after: int | None = None) -> int:
    handle = ok(m, "NewMenu", put(tb, text))
    if after is not None:
        ok(m, "InsertMenu", handle, after)
    return handle


def ids(tb, menu_id):
    return [i.item_id for i in tb.menu.menu(menu_id).items]


def test_items_flags_styles_ids_and_titles():
    m, tb = desktop()
    assert ok(m, "MenuStatus") != 0
    ok(m, "MenuBootInit")
    ok(m, "MenuReset")
    edit = new_menu(m, tb, EDIT, 1)
    new_menu(m, tb, b">> File \\N3\0--Quit\\N310\0.\0", 2)
    ok(m, "FixMenuBar")
    # InsertMItem: an item line after an item, first ($0000) and last ($FFFF)
    ok(m, "InsertMItem", put(tb, b"--Copy\\N302C\x12\0"), 301, 2)
    ok(m, "InsertMItem", put(tb, b"--Again\\N299\r"), 0, 2)
    ok(m, "InsertMItem", put(tb, b"--All\\N304*Aa\0"), 0xFFFF, 2)
    assert ids(tb, 2) == [299, 300, 301, 302, 303, 304]
    assert ok(m, "CountMItems", 2) == 6
    assert tb.menu.key(ord("a"), APPLE_KEY) == (2, 304)       # its key equivalent
    ok(m, "HiliteMenu", 0, 2)
    assert ok(m, "GetMItemMark", 302) == 0x12
    assert read_word(tb.mem, tb.mm.deref(edit) + 12) == 6     # the record's item count
    ok(m, "DeleteMItem", 299)
    assert ids(tb, 2) == [300, 301, 302, 303, 304]
    assert call(m, "DeleteMItem", 299)[0] == MENU_ITEM_NOT_FOUND
    # SetMItem changes the text only: the ID and state stay
    ok(m, "DisableMItem", 301)
    ok(m, "SetMItem", put(tb, b"--Paste\\N999\0"), 301)
    assert read_pstring(tb.mem, ok(m, "GetMItem", 301)) == b"Paste"
    assert ids(tb, 2)[1] == 301
    # itemFlag: XOR highlighting unless "X", disabled bit, styles as QuickDraw's face
    assert ok(m, "GetMItemFlag", 300) == 0x0020
    assert ok(m, "GetMItemFlag", 301) == 0x00A0
    assert ok(m, "GetMItemFlag", 303) == 0x0000
    ok(m, "SetMItemStyle", 0x0009, 300)                       # bold, outline
    assert ok(m, "GetMItemStyle", 300) == 0x0009
    assert ok(m, "GetMItemFlag", 300) == 0x0821
    ok(m, "SetMItemStyle", 0x0012, 300)                       # italic, shadow
    assert ok(m, "GetMItemFlag", 300) == 0x1022
    # IDs
    ok(m, "SetMenuID", 5, 2)
    assert ok(m, "GetMHandle", 5) == edit and read_word(tb.mem, tb.mm.deref(edit)) == 5
    ok(m, "SetMItemID", 401, 301)
    assert ids(tb, 5)[1] == 401 and call(m, "GetMItemFlag", 301)[0] == MENU_ITEM_NOT_FOUND
    # the menu's flag, selected while its title is highlighted
    ok(m, "SetMenuFlag", 0x0080, 5)
    assert ok(m, "GetMenuFlag", 5) == 0x00A0
    ok(m, "HiliteMenu", 1, 5)
    assert ok(m, "GetMenuFlag", 5) == 0x00E0
    ok(m, "HiliteMenu", 0, 5)
    assert read_pstring(tb.mem, ok(m, "GetMenuTitle", 5)) == b" Edit "
    # title widths and the title start move the titles after them
    edit_menu, file_menu = tb.menu.menu(5), tb.menu.menu(3)
    ok(m, "SetMTitleWidth", 50, 5)
    assert ok(m, "GetMTitleWidth", 5) == 50
    assert file_menu.title_left == edit_menu.title_left + 50
    ok(m, "SetMTitleStart", 0x94)                             # bits 0-6: 20
    assert ok(m, "GetMTitleStart") == 20 and tb.menu.menus[0].title_left == 20
    # MenuGlobal: positive sets bits, negative clears them, 0 just answers
    assert ok(m, "MenuGlobal", 0x0080) == 0x0080
    assert ok(m, "MenuGlobal", 0x0000) == 0x0080
    assert ok(m, "MenuGlobal", 0xFF7F) == 0x0000
    ok(m, "SetMItemBlink", 2)
    assert ok(m, "GetMItemBlink") == 2


def test_bar_colours_flash_hide_show_and_bars():
    host = FrameHost()
    m, tb = desktop(host)
    new_menu(m, tb, EDIT, 1)
    ok(m, "FixMenuBar")
    ok(m, "DrawMenuBar")
    screen = tb.qd.save_bits((0, 0, 40, 640))
    assert ok(m, "GetBarColors") == 0x00000FF0
    ok(m, "SetBarColors", 0xFFFF, 0xFFFF, 0xFFFF)
    assert ok(m, "GetBarColors") == 0x00000FF0
    # white text on black, the line under the bar white
    ok(m, "SetBarColors", 0x000F, 0xFFFF, 0x00F0)
    assert ok(m, "GetBarColors") == 0x00F00F0F
    ok(m, "DrawMenuBar")
    assert set(tb.qd.save_bits((5, 500, 6, 640))) == {BLACK}
    assert set(tb.qd.save_bits((MENU_BAR_HEIGHT - 1, 0, MENU_BAR_HEIGHT, 640))) == {WHITE}
    ok(m, "SetBarColors", 0x00F0, 0xFFFF, 0x0000)
    ok(m, "DrawMenuBar")
    assert tb.qd.save_bits((0, 0, 40, 640)) == screen
    # FlashMenuBar: one frame with the colours swapped, then the bar as it was
    host.bar_frames.clear()
    ok(m, "FlashMenuBar")
    assert set(host.bar_frames[0][500:]) == {BLACK}
    assert tb.qd.save_bits((0, 0, 40, 640)) == screen
    assert ok(m, "GetBarColors") == 0x00000FF0
    # HideMenuBar: the desktop where the bar was, clicks there not the menus'
    ok(m, "HideMenuBar")
    hidden = tb.qd.save_bits((0, 0, MENU_BAR_HEIGHT, 640))
    assert hidden == tb.qd.save_bits((20, 0, 20 + MENU_BAR_HEIGHT, 640))   # the pattern
    assert tb.wm.find_window(5, 300)[0] != W_IN_MENU_BAR
    ok(m, "DrawMenuBar")                                       # a hidden bar stays hidden
    assert tb.qd.save_bits((0, 0, MENU_BAR_HEIGHT, 640)) == hidden
    ok(m, "ShowMenuBar")
    assert tb.qd.save_bits((0, 0, 40, 640)) == screen
    assert tb.wm.find_window(5, 300)[0] == W_IN_MENU_BAR
    # the Menu Manager's port; MenuRefresh's routine is kept; MenuNewRes redraws
    assert ok(m, "GetMenuMgrPort") == tb.wm.port != 0
    ok(m, "MenuRefresh", 0x123456)
    assert tb.menu.redraw_routine == 0x123456
    ok(m, "MenuNewRes")
    assert tb.qd.save_bits((0, 0, 40, 640)) == screen
    # a second bar: its record, made current, menus of its own; the first one back
    system_menus = [mn.menu_id for mn in tb.menu.menus]
    bar = ok(m, "NewMenuBar", 0)
    rec = tb.mm.deref(bar)
    assert read_long(tb.mem, rec + 4) == tb.wm.port           # ctlOwner: the port
    assert [read_word(tb.mem, rec + 8 + 2 * i) for i in range(4)] == [0, 0, 13, 640]
    first = ok(m, "GetMenuBar")
    ok(m, "SetMenuBar", bar)
    assert ok(m, "GetMenuBar") == bar and tb.menu.menus == []
    new_menu(m, tb, b">> Tools \\N7\0--Hammer\\N700\0.\0", 0)
    assert [mn.menu_id for mn in tb.menu.menus] == [7]
    ok(m, "SetMenuBar", first)
    assert [mn.menu_id for mn in tb.menu.menus] == system_menus
    ok(m, "SetSysBar", bar)
    assert ok(m, "GetSysBar") == bar
    window_bar = ok(m, "NewMenuBar", 0x00123400)
    assert read_long(tb.mem, tb.mm.deref(window_bar) + 4) == 0x80123400


def test_pop_up_menus_drawn_and_chosen_by_mouse():
    host = Host()
    m, tb = desktop(host)
    size = new_menu(m, tb, SIZE)                              # not in the bar
    # DrawPopUp in the current port: the title, a framed box with a drop shadow and
    # the selected item's text
    tb.qd.SetPort(tb.wm.port)
    tb.qd.text_log.clear()
    ok(m, "DrawPopUp", 21, 0, 300, 60, 150, 46, size)
    drawn = [t for _, _, t, _ in tb.qd.text_log]
    assert "Size" in drawn and "Medium" in drawn
    assert set(tb.qd.save_bits((58, 250, 59, 298))) == {BLACK}     # the box's bottom
    assert set(tb.qd.save_bits((59, 250, 60, 300))) == {BLACK}     # its shadow
    assert tb.qd.save_bits((50, 299, 51, 300)) == bytes([BLACK])
    screen = tb.qd.save_bits((0, 0, 200, 640))

    def choose(selection, release_v, release_h=220):
        host.inputs += [HostInput("move", release_h, release_v),
                        HostInput("up", release_h, release_v)]
        tb.em.button_down = True
        return ok(m, "PopUpMenuSelect", selection, 200, 100, 0, size)

    # the selected item (Medium, the second) is over (100, 200): Small is above it
    assert choose(21, 100 - ITEM_HEIGHT + 4) == 20
    assert tb.qd.save_bits((0, 0, 200, 640)) == screen        # the pop-up left no trace
    assert choose(21, 100 + 4) == 21
    assert choose(21, 100 + 2 * ITEM_HEIGHT + 4) == 0         # Large is disabled
    assert choose(21, 100 + 4, release_h=600) == 0            # outside the menu
    assert choose(99, 100 + 4) == 20                          # unknown: the first item
    assert tb.qd.save_bits((0, 0, 200, 640)) == screen
    # GetPopUpDefProc: a routine a program can call (result:L, message:W, ctlHandle:L,
    # param:L), which answers 0 and leaves the stack as it was
    proc = ok(m, "GetPopUpDefProc")
    assert proc and ok(m, "GetPopUpDefProc") == proc
    code = bytearray(b"\x3B\x8D\x00\x71")                     # TSC; STA $7100
    code += b"\xF4\xFF\xFF" * 2 + b"\xF4\x05\x00" + b"\xF4\x00\x00" * 4
    code += b"\x22" + proc.to_bytes(3, "little")              # JSL proc
    code += b"\x68\x8D\x02\x71\x68\x8D\x04\x71"               # PLA; STA $7102; (x2)
    code += b"\x3B\x8D\x06\x71\x6B"                           # TSC; STA $7106; RTL
    write_bytes(m.mem, 0x6800, bytes(code))
    m.call(0x6800)
    assert read_word(m.mem, 0x7106) == read_word(m.mem, 0x7100)
    assert read_word(m.mem, 0x7102) == read_word(m.mem, 0x7104) == 0


def test_item_structs_icons_and_path_items():
    m, tb = desktop()
    new_menu(m, tb, EDIT, 1)
    # an itemStruct by pointer: the item's name moves into it, its flags say so
    struct = put(tb, bytes(10))
    icon = put(tb, bytes(16))
    assert ok(m, "GetMItemStruct", 300) == 0 and ok(m, "GetMItemFlag2", 300) == 0
    assert call(m, "SetMItemIcon", 0, icon, 300)[0] == MENU_NO_STRUCT
    assert call(m, "GetMItemIcon", 300)[0] == MENU_NO_STRUCT
    ok(m, "SetMItemFlag2", 0x1234, 300)                       # no itemStruct: no effect
    ok(m, "SetMItemStruct", 0, struct, 300)
    assert ok(m, "GetMItemStruct", 300) == struct
    assert ok(m, "GetMItemFlag", 300) == 0x0420
    assert read_pstring(tb.mem, read_long(tb.mem, struct + 2)) == b"Undo"
    assert ok(m, "GetMItemIcon", 300) == 0
    ok(m, "SetMItemIcon", 0, icon, 300)
    assert ok(m, "GetMItemIcon", 300) == icon == read_long(tb.mem, struct + 6)
    assert ok(m, "GetMItemFlag2", 300) == 0x8000 == read_word(tb.mem, struct)
    ok(m, "SetMItemFlag2", 0x1234, 300)
    assert read_word(tb.mem, struct) == 0x1234 and ok(m, "GetMItemIcon", 300) == 0
    ok(m, "RemoveMItemStruct", 300)
    assert ok(m, "GetMItemStruct", 300) == 0 and ok(m, "GetMItemFlag", 300) == 0x0020
    assert read_pstring(tb.mem, ok(m, "GetMItem", 300)) == b"Undo"
    # InsertPathMItems: one item per name, the volume at the bottom (flags bit 0
    # clear) or the top (set), each with an itemStruct; the result record
    path = b":GAMES:CARDS:GIN.KING"
    path_ptr = put(tb, len(path).to_bytes(2, "little") + path)
    result = put(tb, bytes(10))
    ok(m, "InsertPathMItems", 0, path_ptr, 0, 2, 0, 500, result)
    assert ids(tb, 2)[:3] == [502, 501, 500]
    assert [i.text for i in tb.menu.menu(2).items[:3]] == [b"GIN.KING", b"CARDS", b"GAMES"]
    assert read_word(tb.mem, result) == 502
    structs, names = read_long(tb.mem, result + 2), read_long(tb.mem, result + 6)
    first = tb.mm.deref(structs)
    assert ok(m, "GetMItemStruct", 500) == first
    assert ok(m, "GetMItemFlag2", 501) == 0x8000
    assert read_pstring(tb.mem, read_long(tb.mem, first + 10 + 2)) == b"CARDS"
    assert read_pstring(tb.mem, tb.mm.deref(names)) == b"GAMES"
    ok(m, "InsertPathMItems", 1, path_ptr, 0, 2, 0xFFFF, 600, result)
    assert ids(tb, 2)[-3:] == [600, 601, 602] and read_word(tb.mem, result) == 602
    bad = b"::X"
    assert call(m, "InsertPathMItems", 0, put(tb, len(bad).to_bytes(2, "little") + bad),
                0, 2, 0, 700, result)[0] != 0
