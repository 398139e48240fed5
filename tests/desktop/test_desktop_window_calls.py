"""Window Manager: the calls a program's main loop and window handling make beyond
NewWindow/TaskMaster -- moving, sizing, zooming, growing, ordering, highlighting,
scrolling the content, the fields of the window record and the desktop."""
from iigs.memory import read_long, read_word, write_long, write_word
from toolbox import window
from toolbox.event import ACTIVATE_EVT, ACTIVE_FLAG, UPDATE_EVT
from toolbox.window import (F_ALLOCATED, F_GROW, F_HILITED, F_INFO, F_VIS, F_ZOOM, F_ZOOMED, W_CONTROLS,
                            W_FRAME, W_IN_GROW, W_IN_INFO, W_IN_ZOOM, W_STRUC_RGN,
                            W_UPDATE_RGN)

CONTENT = (40, 100, 140, 400)
MOUSE_DOWN_MASK = 0x0002
DOCUMENT = 0xC0A0 | F_ZOOM | F_GROW          # title, close, move, visible, zoom, grow


def new_window(tb, content=CONTENT, frame=DOCUMENT, fields=None) -> int:
    """NewWindow with the list's other fields (offset: word or long value)."""
    params = tb.scratch.window_params(content, b"Doc", frame=frame)
    for off, (kind, value) in (fields or {}).items():
        (write_long if kind == "L" else write_word)(tb.mem, params + off, value)
    return window.NewWindow(tb, params)


def press(tb) -> None:
    """Take the mouse-down the host was given, as a program's event loop does before
    it calls a tracking call."""
    assert tb.em.wait_for_event(MOUSE_DOWN_MASK).what == 1


def pixel(tb, v, h) -> int:
    return tb.qd.save_bits((v, h, v + 1, h + 1))[0]


def region(tb, handle):
    return tb.qd.region_rect(handle)


def test_new_window_keeps_its_list_and_the_getters_answer_low_word_vertical(tb):
    ptr = new_window(tb, fields={0x18: ("W", 5), 0x1A: ("W", 7), 0x1C: ("W", 300),
                            0x1E: ("W", 900), 0x20: ("W", 150), 0x22: ("W", 500),
                            0x24: ("W", 3), 0x26: ("W", 4), 0x28: ("W", 30),
                            0x2A: ("W", 40), 0x2C: ("L", 0x12345678),
                            0x32: ("L", 0x00ABCDEF)})
    assert window.GetContentOrigin(tb, ptr) == 7 << 16 | 5       # low y, high x
    assert window.GetDataSize(tb, ptr) == 900 << 16 | 300        # low height
    assert window.GetMaxGrow(tb, ptr) == 500 << 16 | 150
    assert window.GetScroll(tb, ptr) == 4 << 16 | 3
    assert window.GetPage(tb, ptr) == 40 << 16 | 30
    assert window.GetInfoRefCon(tb, ptr) == 0x12345678
    assert window.GetDefProc(tb, ptr) == 0xABCDEF == read_long(tb.mem, ptr + 0xAA)
    window.SetDataSize(tb, 640, 480, ptr)                        # width first
    window.SetMaxGrow(tb, 600, 180, ptr)
    window.SetScroll(tb, 8, 9, ptr)
    window.SetPage(tb, 80, 90, ptr)
    window.SetInfoRefCon(tb, 77, ptr)
    assert window.GetDataSize(tb, ptr) == 640 << 16 | 480
    assert window.GetMaxGrow(tb, ptr) == 600 << 16 | 180
    assert window.GetScroll(tb, ptr) == 8 << 16 | 9
    assert window.GetPage(tb, ptr) == 80 << 16 | 90
    assert window.GetInfoRefCon(tb, ptr) == 77
    assert window.GetWKind(tb, ptr) == 0
    window.SetContentDraw(tb, 0x045678, ptr)
    assert window.GetContentDraw(tb, ptr) == 0x045678 == read_long(tb.mem, ptr + 0xB2)
    assert window.GetFirstWindow(tb) == ptr
    assert window.PinRect(tb, 700, 5, tb.scratch.rect((10, 20, 100, 200))) == 199 << 16 | 10
    assert window.PinRect(tb, 50, 60, tb.scratch.rect((10, 20, 100, 200))) == 50 << 16 | 60


def test_hilite_window_and_w_frame_follow_the_window(tb):
    ptr = new_window(tb)
    frame = window.GetWFrame(tb, ptr)
    assert frame & (F_VIS | F_HILITED | F_ALLOCATED) == F_VIS | F_HILITED | F_ALLOCATED
    assert read_word(tb.mem, ptr + W_FRAME) == frame
    bar_row = tb.wm.window(ptr).title_bar()[0] + 2
    assert pixel(tb, bar_row, 150) == 0                       # the active stripes
    window.HiliteWindow(tb, 0, ptr)
    assert not window.GetWFrame(tb, ptr) & F_HILITED
    assert not read_word(tb.mem, ptr + W_FRAME) & F_HILITED
    assert pixel(tb, bar_row, 150) == 3                       # plain white
    window.HiliteWindow(tb, 1, ptr)
    assert pixel(tb, bar_row, 150) == 0
    window.SetWFrame(tb, DOCUMENT & ~F_GROW, ptr)
    assert window.GetWFrame(tb, ptr) & F_GROW == 0
    window.HideWindow(tb, ptr)
    assert not read_word(tb.mem, ptr + W_FRAME) & F_VIS


def test_move_size_and_zoom_keep_the_port_and_regions_in_step(tb):
    ptr = new_window(tb)
    win = tb.wm.window(ptr)
    struct, content, update = (window.GetStructRgn(tb, ptr), window.GetContentRgn(tb, ptr),
                               window.GetUpdateRgn(tb, ptr))
    assert read_long(tb.mem, ptr + W_STRUC_RGN) == struct
    assert read_long(tb.mem, ptr + W_UPDATE_RGN) == update
    assert region(tb, content) == CONTENT
    window.MoveWindow(tb, 200, 60, ptr)                       # x, y of the content
    assert win.content == (60, 200, 160, 500)
    assert region(tb, content) == (60, 200, 160, 500)
    assert region(tb, struct) == win.structure()
    window.StartDrawing(tb, ptr)
    assert tb.qd.LocalToGlobal((0, 0)) == (60, 200)
    assert pixel(tb, 45, 150) != 3 or pixel(tb, 45, 151) != 3   # the desktop is back
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    assert region(tb, update) == (0, 0, 0, 0)
    window.SizeWindow(tb, 200, 50, ptr)                       # width, height
    assert win.content == (60, 200, 110, 400)
    assert region(tb, update) == (60, 200, 110, 400)          # all waits for its update
    assert read_word(tb.mem, ptr + 0x10 + 4) == 50            # portRect's bottom
    # ZoomWindow: the zoom rectangle in, fZoomed on; again: back
    zoom = tb.scratch.rect((30, 20, 180, 600))
    window.SetZoomRect(tb, zoom, ptr)
    window.ZoomWindow(tb, ptr)
    assert win.content == (30, 20, 180, 600)
    assert window.GetWFrame(tb, ptr) & F_ZOOMED
    zoom_ptr = window.GetZoomRect(tb, ptr)
    assert [read_word(tb.mem, zoom_ptr + 2 * i) for i in range(4)] == [60, 200, 110, 400]
    window.ZoomWindow(tb, ptr)
    assert win.content == (60, 200, 110, 400)
    assert not window.GetWFrame(tb, ptr) & F_ZOOMED
    rect = tb.scratch.rect((50, 50, 120, 300))
    window.ResizeWindow(tb, 0, rect, ptr)
    assert win.content == (50, 50, 120, 300) and region(tb, content) == win.content


def test_bring_to_front_send_behind_and_show_hide_order_and_activation(tb):
    back = new_window(tb, (50, 60, 120, 300))
    front = new_window(tb, (70, 200, 150, 500))
    tb.wm.pending_activate.clear()
    window.BringToFront(tb, back)                             # first, not activated
    assert window.GetFirstWindow(tb) == back
    assert window.GetNextWindow(tb, back) == front
    assert not tb.wm.pending_activate
    assert not window.GetWFrame(tb, back) & F_HILITED
    window.SelectWindow(tb, front)
    tb.wm.pending_activate.clear()
    window.SendBehind(tb, 0xFFFFFFFE, front)                  # toBottom
    assert [w.ptr for w in tb.wm.windows] == [back, front]
    events = [(e.message, e.modifiers & ACTIVE_FLAG) for e in tb.wm.pending_activate]
    assert events == [(front, 0), (back, ACTIVE_FLAG)]
    window.SendBehind(tb, back, front)                        # behind `back`: no change
    assert [w.ptr for w in tb.wm.windows] == [back, front]
    tb.wm.pending_activate.clear()
    window.ShowHide(tb, 0, front)
    assert not tb.wm.window(front).visible and not tb.wm.pending_activate
    window.ShowHide(tb, 1, front)
    assert tb.wm.window(front).visible and not tb.wm.pending_activate


def test_check_update_writes_the_event_and_inval_rgn_valid_rgn(tb):
    ptr = new_window(tb)
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    rec = tb.scratch.take(16)
    assert window.CheckUpdate(tb, rec) == 0
    window.StartDrawing(tb, ptr)
    rgn = tb.qd.NewRgn()
    tb.qd.RectRgn(rgn, (10, 10, 20, 30))                      # local
    window.InvalRgn(tb, rgn)
    assert window.CheckUpdate(tb, rec) != 0
    assert read_word(tb.mem, rec) == UPDATE_EVT and read_long(tb.mem, rec + 2) == ptr
    assert tb.wm.window(ptr).update == (50, 110, 60, 130)     # global
    window.ValidRgn(tb, rgn)
    assert window.CheckUpdate(tb, rec) == 0


def test_set_content_origin_scrolls_the_pixels_and_invalidates_the_rest(tb):
    ptr = new_window(tb, frame=0xC0A0)
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    window.StartDrawing(tb, ptr)
    tb.qd.SetSolidPenPat(0)
    tb.qd.PaintRect((20, 0, 21, 10))                          # a black line at local v 20
    assert pixel(tb, 60, 100) == 0
    window.SetContentOrigin(tb, 0, 8, ptr)                    # scroll down 8 rows
    assert window.GetContentOrigin(tb, ptr) == 8
    assert pixel(tb, 52, 100) == 0 and pixel(tb, 60, 100) == 3
    assert tb.wm.window(ptr).update == (132, 100, 140, 400)   # the uncovered band
    window.StartDrawing(tb, ptr)
    assert tb.qd.LocalToGlobal((20, 0)) == (52, 100)
    window.SetOriginMask(tb, 0xFFFE, ptr)
    window.SetContentOrigin2(tb, 0, 5, 8, ptr)                # x masked even, no scroll
    assert window.GetContentOrigin(tb, ptr) == 4 << 16 | 8
    assert tb.wm.window(ptr).update == CONTENT


def test_zoom_box_and_grow_box_through_task_master(tb, host):
    ptr = new_window(tb, fields={0x20: ("W", 120), 0x22: ("W", 360)})
    win = tb.wm.window(ptr)
    box = win.zoom_box()
    assert tb.wm.find_window(box[0] + 1, box[1] + 1) == (W_IN_ZOOM, win)
    grow = win.grow_box()
    assert tb.wm.find_window(grow[0] + 2, grow[1] + 2) == (W_IN_GROW, win)
    assert pixel(tb, grow[0], grow[1] + 5) == 0              # the size box is drawn
    rec = tb.scratch.take(0x18)
    write_long(tb.mem, rec + 0x14, 0x13FF | 0x0600)          # + tmZoom, tmGrow
    tb.wm.pending_activate.clear()
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    # drag the size box 100 right and 200 down: the height stops at wMaxH
    host.drag(grow[1] + 2, grow[0] + 2, grow[1] + 102, grow[0] + 202)
    assert window.TaskMaster(tb, 0xFFFF, rec) == 0
    assert win.content == (40, 100, 160, 460)                # 120 high, 360 wide
    window.BeginUpdate(tb, ptr)
    window.EndUpdate(tb, ptr)
    box = win.zoom_box()
    host.click(box[1] + 1, box[0] + 1)
    assert window.TaskMaster(tb, 0xFFFF, rec) == 0
    assert window.GetWFrame(tb, ptr) & F_ZOOMED               # the screen under the bar
    assert win.structure()[0] == 13 and win.structure()[2] == 200


def test_grow_window_track_zoom_and_wind_drag_rect_follow_the_mouse(tb, host):
    ptr = new_window(tb)
    host.drag(395, 135, 300, 100)                            # 95 left, 35 up
    press(tb)
    size = window.GrowWindow(tb, 50, 30, 395, 135, ptr)
    assert size == (300 - 95) << 16 | (100 - 35)              # high width, low height
    assert tb.wm.window(ptr).content == CONTENT              # GrowWindow only measures
    box = tb.wm.window(ptr).zoom_box()
    host.drag(box[1] + 1, box[0] + 1, 300, 150)               # released outside
    press(tb)
    assert window.TrackZoom(tb, box[1] + 1, box[0] + 1, ptr) == 0
    drag = tb.scratch.rect((20, 20, 30, 60))
    limit = tb.scratch.rect((0, 0, 200, 640))
    host.drag(30, 25, 130, 45)
    press(tb)
    delta = window.WindDragRect(tb, 0, 0, 30, 25, drag, limit, 0, 0)
    assert delta == 100 << 16 | 20
    assert [read_word(tb.mem, drag + 2 * i) for i in range(4)] == [40, 120, 50, 160]
    assert window.GetDragRectPtr(tb) == drag
    host.drag(30, 45, 300, 45)
    press(tb)
    assert window.WindDragRect(tb, 0, 0, 30, 45, drag, limit, 0, 2) == 0   # vertical only


def test_information_bar_sits_between_title_and_content(tb):
    ptr = new_window(tb, frame=0xC0A0 | F_INFO, fields={0x30: ("W", 12), 0x2C: ("L", 5)})
    win = tb.wm.window(ptr)
    rect = tb.scratch.take(8)
    window.GetRectInfo(tb, rect, ptr)
    assert [read_word(tb.mem, rect + 2 * i) for i in range(4)] == [28, 100, 40, 400]
    assert win.title_bar()[2] == 28
    assert tb.wm.find_window(30, 200) == (W_IN_INFO, win)
    assert pixel(tb, 39, 200) == 0                           # its bottom line
    window.StartDrawing(tb, ptr)
    window.StartInfoDrawing(tb, rect, ptr)
    assert [read_word(tb.mem, rect + 2 * i) for i in range(4)] == [0, 0, 12, 300]
    tb.qd.SetSolidPenPat(0)
    tb.qd.PaintRect((2, 2, 3, 3))
    window.EndInfoDrawing(tb)
    assert pixel(tb, 30, 102) == 0
    assert tb.qd.LocalToGlobal((0, 0)) == (40, 100)          # the content's port again
    window.ResizeInfoBar(tb, 0, 20, ptr)
    assert win.content[0] == 48 and win.info_bar() == (28, 100, 48, 400)
    window.SetInfoDraw(tb, 0x123456, ptr)
    assert window.GetInfoDraw(tb, ptr) == 0x123456


def test_desktop_pattern_regions_and_the_small_calls(tb, host):
    pat = tb.scratch.bytes(bytes(32))                         # all black
    window.Desktop(tb, 5, pat)                                # SetDeskPat
    assert pixel(tb, 190, 5) == 0
    got = window.Desktop(tb, 4, 0)                            # GetDeskPat
    assert bytes(tb.mem[got:got + 32]) == bytes(32)
    assert region(tb, window.Desktop(tb, 2, 0)) == (13, 0, 200, 640)
    ptr = new_window(tb)
    assert window.GetWControls(tb, ptr) == 0
    old = window.WindowGlobal(tb, 3)
    assert window.WindowGlobal(tb, 0xFFFF) == 3 and old == 0
    assert window.SetWindowIcons(tb, 0x4000) == 0 and window.SetWindowIcons(tb, 0) == 0x4000
    colors = tb.scratch.take(10)
    window.GetFrameColor(tb, colors, ptr)
    assert read_word(tb.mem, colors + 2) == 0x0F00
    mine = tb.scratch.bytes(bytes(range(10)))
    window.SetFrameColor(tb, mine, ptr)
    window.GetFrameColor(tb, colors, ptr)
    assert bytes(tb.mem[colors:colors + 10]) == bytes(range(10))
    globals_ptr = window.GetWindowMgrGlobals(tb)
    assert read_long(tb.mem, globals_ptr) == window.GetWMgrPort(tb)
    aux = window.GetAuxWindInfo(tb, ptr)
    assert read_word(tb.mem, aux) == 0x20
    assert window.WindStatus(tb) == 0xFFFF
    assert window.MWSetMenuProc(tb, 0x5000) == 0 and window.MWGetCtlPart(tb) == 0
    # CompileText: *0/*1 substituted from an array of Pascal strings
    one, two = tb.scratch.pstring(b"Gin"), tb.scratch.pstring(b"King")
    subs = tb.scratch.take(8)
    write_long(tb.mem, subs, one)
    write_long(tb.mem, subs + 4, two)
    text = b"*0 and *1, #0"
    handle = window.CompileText(tb, 1, subs, tb.scratch.bytes(text), len(text))
    addr = tb.mm.deref(handle)
    assert bytes(tb.mem[addr:addr + 16]) == b"Gin and King, OK"
    host.key(13)                                              # Return: OK
    assert window.ErrorWindow(tb, 0, 0, 0x0048) == 0
    assert any(t == "The disk is full." for _, _, t, _ in tb.qd.text_log)
    window.CloseWindow(tb, ptr)                               # regions and block go too
    assert read_long(tb.mem, ptr + W_CONTROLS) == 0
