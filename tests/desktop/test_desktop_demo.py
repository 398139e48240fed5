"""The native demo program driven through the automation layer, like a user.

Each action is checked on the screen (pixels, the QuickDraw text log) and in the
program's memory (its direct-page Vars record, offsets from the assembler)."""
import pytest

from gin_king.automation import AutomationError, Session
from iigs import bram as br
from iigs.hostinput import APPLE_KEY
from system.demo import build


@pytest.fixture(scope="module")
def demo():
    return build()


@pytest.fixture
def session(demo):
    s = Session(demo.load_file)
    assert s.run_until_idle() == "idle"
    yield s
    s.close()


def var(session, demo, name):
    return session.dp_word(demo.var(name))


def test_start_up_draws_menu_bar_and_window(session):
    text = session.drawn_text()
    assert "File" in " ".join(text) and "Options" in " ".join(text)
    assert "Gin King Demo" in text
    assert "Hello from the 65816." in text
    # TaskMaster drew the update through the window's content-draw routine: the
    # program itself never had to call BeginUpdate
    assert any(c.startswith("TaskMaster") for c in session.tb.call_log)
    assert not any(c.startswith("BeginUpdate") for c in session.tb.call_log)
    frame = session.frame()
    assert (frame[5, 300] == 255).all()            # white menu bar
    assert (frame[12, 300] == 0).all()             # its black bottom line
    # the colour Apple: several distinct colours where the apple is drawn
    apple = {tuple(p) for row in frame[2:11, 20:34] for p in row}
    assert len(apple) >= 4


def test_content_click_is_seen_in_local_coordinates(session, demo):
    session.click(300, 100)
    assert var(session, demo, "clicks") == 1
    assert (var(session, demo, "lastV"), var(session, demo, "lastH")) == (70, 260)
    assert "*" in session.drawn_text()


def test_menu_choice_toggles_the_check_mark(session, demo):
    assert session.tb.menu.find_item(261)[1].mark == 0x12
    session.choose("Options", "Sound")
    assert var(session, demo, "soundOn") == 0
    assert var(session, demo, "lastItem") == 261
    assert session.tb.menu.find_item(261)[1].mark == 0
    assert session.tb.menu.hilited == 0            # the program unhighlighted the title


def test_disabled_item_cannot_be_chosen(session, demo):
    session.choose("Options", "Large Cards")
    assert var(session, demo, "lastItem") == 0


def test_menu_key_equivalent(session, demo):
    session.key("s", APPLE_KEY)                    # Settings...
    assert session.last_reason == "held"           # the dialog waits for us
    assert session.tb.dlg.front() is not None
    session.key(0x1B)                              # Escape = Cancel
    assert session.tb.dlg.front() is None
    assert var(session, demo, "settingsOK") == 0


def item_point(session, item_id):
    dlg = session.tb.dlg.front()
    t, l, b, r = dlg.item(item_id).rect
    c = dlg.window.content
    return c[1] + l + 6, c[0] + (t + b) // 2


def test_settings_dialog_radio_check_and_edit_line(session, demo):
    session.choose("Options", "Settings...")
    assert session.last_reason == "held"
    assert {"Slow", "Medium", "Fast", "Show hints", "Player "} <= set(session.drawn_text())
    session.click(*item_point(session, 5))         # Fast
    dlg = session.tb.dlg.front()
    assert [dlg.item(i).control.value for i in (3, 4, 5)] == [0, 0, 1]
    session.click(*item_point(session, 6))         # Show hints
    assert dlg.item(6).control.value == 1
    session.type("Ada")                            # replaces the selected name
    session.click(*item_point(session, 1))         # OK
    assert session.tb.dlg.front() is None
    assert var(session, demo, "speed") == 5
    assert var(session, demo, "hints") == 1
    assert var(session, demo, "settingsOK") == 1
    name = session.read_pstring(session.program.dp_base + demo.var("nameBuf"))
    assert name == b"Ada"
    assert "Ada" in session.drawn_text()[-3:]      # the window redrew the name


def test_about_alert_with_param_text(session, demo):
    before = session.frame()
    session.choose("@", "About Demo...")
    assert session.last_reason == "held"
    assert "Gin King desktop demo, version 1.0. A native" in session.drawn_text()
    session.key(0x0D)
    assert var(session, demo, "aboutHit") == 1
    # the window under the alert, its frame and the menu bar are exactly as before
    assert (session.frame() == before).all()


def test_about_alert_filter_proc_takes_the_space_bar(session, demo):
    session.choose("@", "About Demo...")
    session.key("x")                               # the filter passes it on: no hit
    assert session.last_reason == "held"
    session.key(" ")                               # the program's filter: OK
    assert session.last_reason == "idle"
    assert var(session, demo, "aboutHit") == 1


def test_close_box_and_new_window(session, demo):
    win = session.tb.wm.front()
    box = win.close_box()
    session.click(box[1] + 3, box[0] + 3)
    assert session.tb.wm.front() is None
    assert session.read_long(session.program.dp_base + demo.var("winPtr")) == 0
    session.choose("File", "New Window")
    assert session.tb.wm.front() is not None


def test_drag_window_by_its_title_bar(session):
    win = session.tb.wm.front()
    before = win.content
    session.drag(200, before[0] - 5, 230, before[0] + 15)
    assert win.content == (before[0] + 20, before[1] + 30, before[2] + 20, before[3] + 30)


def test_control_panel_from_the_apple_menu(session):
    # The desk accessory opens in its own window; the program's loop goes on around it.
    assert session.choose("Apple", "Control Panel") == "idle"
    assert "Control Panel" in session.drawn_text()
    cp = session.tb.desk.ndas[0]
    session.click(*cp.panel_point(b"Mouse"))
    session.click(*cp.setting_point(b"Mouse", param=br.DBL_CLK_TIME, value=4))
    session.click(*cp.panel_point(b"Sound"))
    for _ in range(8):
        session.click(*cp.setting_point(b"Sound", b"-"))
    assert session.tb.em.double_time == br.DOUBLE_CLICK_TICKS[4]
    assert session.tb.snd.system_volume == 0            # volume 0: silent
    box = cp.window.close_box()
    session.click(box[1] + 3, box[0] + 3)
    assert not cp.is_open and session.last_reason == "idle"


def test_quit_by_key(session):
    assert session.key("q", APPLE_KEY) == "quit"


def test_unknown_menu_item_is_reported(session):
    with pytest.raises(AutomationError):
        session.choose("File", "Print")


def test_text_script(session, demo, tmp_path):
    from gin_king.automation import run_script
    script = """
        # the Settings dialog by script
        choose "Options" "Settings..."
        expect-text Show hints
        key clear keypad
        type Bo
        key return
        expect-text Bo
        screenshot shots/after.png
    """
    log = run_script(session, script, tmp_path)
    assert len(log) == 7
    assert (tmp_path / "shots" / "after.png").stat().st_size > 0
    assert session.read_pstring(session.program.dp_base + demo.var("nameBuf")) == b"Bo"
    with pytest.raises(AutomationError, match="line 1"):
        run_script(session, "expect-text Nowhere to be seen")
