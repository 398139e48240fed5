"""The Control Panel desk accessory during a game: opened from the Apple menu, each panel
changed, closed, and the game goes on; the settings kept in the battery RAM beside the
disk, where the next session finds them."""
from __future__ import annotations

from gk_table import boot_table, play_human_turn
from iigs import bram as br
from toolbox import event


def test_app_control_panel_during_a_game(table_factory, tmp_path, program):
    t = table_factory(1234)
    t.choose("File", "New Game")
    for _ in range(3):
        play_human_turn(t)
    before = (t.phase, t.hand(0), t.pile())
    assert t.choose("@", "Control Panel") == "idle"       # no modal loop: the game runs
    cp = t.s.tb.desk.ndas[0]
    assert cp.is_open and t.s.tb.wm.front() is cp.window
    s = t.s
    s.click(*cp.panel_point(b"Display"))
    s.click(*cp.setting_point(b"Display", param=br.HOST_SCALE, value=2))
    s.click(*cp.setting_point(b"Display", b"Full screen (F11)"))
    s.click(*cp.panel_point(b"Sound"))
    s.click(*cp.setting_point(b"Sound", b"+"))
    s.click(*cp.panel_point(b"Mouse"))
    s.click(*cp.setting_point(b"Mouse", param=br.DBL_CLK_TIME, value=0))
    s.click(*cp.setting_point(b"Mouse", param=br.HI_MOUSE_RES, value=1))
    s.click(*cp.panel_point(b"Speed"))
    s.click(*cp.setting_point(b"Speed", param=br.SYS_SPEED, value=br.SPEED_FAST))
    s.click(*cp.panel_point(b"Time"))
    s.click(*cp.setting_point(b"Time", param=br.CLOCK_FORMAT, value=1))
    assert any(len(text) == 17 and text[2] == "/" for text in s.drawn_text())  # the clock
    ram = s.tb.misc.bram
    assert [ram.param(p) for p in (br.HOST_SCALE, br.HOST_FULL_SCREEN, br.USER_VOLUME,
                                   br.DBL_CLK_TIME, br.HI_MOUSE_RES, br.SYS_SPEED,
                                   br.CLOCK_FORMAT)] == [2, 1, 9, 0, 1, br.SPEED_FAST, 1]
    assert event.GetDblTime(s.tb) == br.DOUBLE_CLICK_TICKS[0]
    assert (t.phase, t.hand(0), t.pile()) == before        # nothing moved in the game
    box = cp.window.close_box()
    assert s.click(box[1] + 3, box[0] + 3) == "idle"
    assert not cp.is_open and s.tb.wm.front() is not None
    # the game goes on: the table was redrawn and takes the next moves
    s.clear_text_log()
    for _ in range(4):
        play_human_turn(t)
        t.check_cards()
    assert (t.phase, t.hand(0)) != before[:2]
    # the battery RAM is in a file beside the disk; another session sees the settings
    kept = br.BatteryRAM(br.bram_path(tmp_path / "g.po"))
    assert kept.param(br.DBL_CLK_TIME) == 0 and kept.param(br.SYS_SPEED) == br.SPEED_FAST
    again = boot_table(tmp_path, program, disk_name="g.po")
    try:
        assert event.GetDblTime(again.s.tb) == br.DOUBLE_CLICK_TICKS[0]
    finally:
        again.s.close()


def test_app_control_panel_stays_behind_the_table_when_the_table_is_clicked(table_factory):
    t = table_factory(77)
    t.choose("File", "New Game")
    t.choose("@", "Control Panel")
    cp = t.s.tb.desk.ndas[0]
    phase = t.phase
    t.s.click(20, 190)                   # a click on the table brings it to the front
    assert t.s.tb.wm.front() is not cp.window and t.phase == phase
    play_human_turn(t)                   # and the game takes clicks again
    assert t.phase != phase
    t.choose("@", "Control Panel")       # chosen again: back in front, still open
    assert t.s.tb.wm.front() is cp.window
