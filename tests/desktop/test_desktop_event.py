"""Event Manager: the queue, event records in memory, mouse state, time order."""
from iigs.hostinput import APPLE_KEY, BTN0_STATE, SHIFT_KEY, HostInput
from iigs.memory import read_long, read_word
from toolbox import event
from toolbox.event import (KEY_DOWN_EVT, MOUSE_DOWN_EVT, MOUSE_UP_EVT, NULL_EVT,
                           EVERY_EVENT)

KEYS_ONLY = 1 << KEY_DOWN_EVT
MOUSE_ONLY = (1 << MOUSE_DOWN_EVT) | (1 << MOUSE_UP_EVT)


def test_get_next_event_writes_the_16_byte_record(tb, host):
    host.key("q", APPLE_KEY | SHIFT_KEY)
    rec = tb.scratch.take(16)
    assert event.GetNextEvent(tb, EVERY_EVENT, rec) == 1
    assert read_word(tb.mem, rec) == KEY_DOWN_EVT
    assert read_long(tb.mem, rec + 2) == ord("q")
    mods = read_word(tb.mem, rec + 14)
    assert mods & APPLE_KEY and mods & SHIFT_KEY
    assert mods & BTN0_STATE          # set while the button is up


def test_no_event_gives_a_null_record_and_false(tb):
    rec = tb.scratch.take(16)
    assert event.GetNextEvent(tb, EVERY_EVENT, rec) == 0
    assert read_word(tb.mem, rec) == NULL_EVT


def test_mouse_down_carries_where_it_happened_not_where_the_mouse_went(tb, host):
    host.push(HostInput("down", 100, 50))
    host.push(HostInput("move", 300, 150))
    host.push(HostInput("up", 300, 150))
    rec = tb.scratch.take(16)
    event.GetNextEvent(tb, MOUSE_ONLY, rec)
    assert read_word(tb.mem, rec) == MOUSE_DOWN_EVT
    assert (read_word(tb.mem, rec + 10), read_word(tb.mem, rec + 12)) == (50, 100)
    assert not read_word(tb.mem, rec + 14) & BTN0_STATE
    # the button is still down at this point of the script
    assert event.Button(tb, 0) == 1


def test_event_mask_skips_but_keeps_other_events(tb, host):
    host.click(10, 20)
    host.key("a")
    rec = tb.scratch.take(16)
    tb.em.pump(until_event=False)
    assert event.GetNextEvent(tb, KEYS_ONLY, rec) == 1
    assert read_word(tb.mem, rec) == KEY_DOWN_EVT
    assert event.GetNextEvent(tb, MOUSE_ONLY, rec) == 1
    assert read_word(tb.mem, rec) == MOUSE_DOWN_EVT


def test_event_avail_leaves_the_event_queued(tb, host):
    host.key("x")
    rec = tb.scratch.take(16)
    assert event.EventAvail(tb, EVERY_EVENT, rec) == 1
    assert event.EventAvail(tb, EVERY_EVENT, rec) == 1
    assert event.GetNextEvent(tb, EVERY_EVENT, rec) == 1
    assert event.GetNextEvent(tb, KEYS_ONLY, rec) == 0


def test_flush_events_stops_at_the_stop_mask(tb, host):
    host.key("a")
    host.click(5, 5)
    host.key("b")
    stopped = event.FlushEvents(tb, KEYS_ONLY, 1 << MOUSE_DOWN_EVT)
    assert stopped == MOUSE_DOWN_EVT
    whats = [e.what for e in tb.em.queue]
    assert whats == [MOUSE_DOWN_EVT, MOUSE_UP_EVT, KEY_DOWN_EVT]


def test_post_event_and_a_full_queue(tb):
    tb.em.queue_size = 2
    assert event.PostEvent(tb, 12, 0x1234) == 0
    assert event.PostEvent(tb, 13, 0) == 0
    assert event.PostEvent(tb, 14, 0) == 1     # no room
    assert tb.em.queue[0].message == 0x1234


def test_still_down_and_wait_mouse_up(tb, host):
    host.push(HostInput("down", 1, 1))
    tb.em.pump()
    assert event.StillDown(tb, 0) == 0         # the mouse-down is still pending
    event.GetNextEvent(tb, MOUSE_ONLY, tb.scratch.take(16))
    assert event.StillDown(tb, 0) == 1
    host.push(HostInput("up", 1, 1))
    assert event.WaitMouseUp(tb, 0) == 0
    assert all(e.what != MOUSE_UP_EVT for e in tb.em.queue)


def test_track_follows_every_move_until_release(tb, host):
    host.push(HostInput("down", 0, 0))
    tb.em.pump()
    host.push(HostInput("move", 10, 20))
    host.push(HostInput("move", 30, 40))
    host.push(HostInput("up", 50, 60))
    points = list(tb.em.track())
    assert points == [(0, 0), (20, 10), (40, 30)]
    assert tb.em.mouse == (60, 50) and not tb.em.button_down


def test_track_releases_when_a_script_runs_out(tb, host):
    host.push(HostInput("down", 5, 5))
    tb.em.pump()
    assert len(list(tb.em.track())) >= 1
    assert not tb.em.button_down


def test_mouse_is_clamped_to_the_start_up_bounds(tb, host):
    host.push(HostInput("move", 900, -20))
    tb.em.pump()
    assert tb.em.mouse == (0, 639)


def test_tick_count_and_double_click_time(tb):
    assert event.GetDblTime(tb) == 30
    before = event.TickCount(tb)
    tb.em.idle()
    assert event.TickCount(tb) == before + 1


def test_masked_events_behind_others_are_still_found(tb, host):
    host.click(10, 10)
    host.key("k")
    rec = tb.scratch.take(16)
    assert event.GetNextEvent(tb, KEYS_ONLY, rec) == 1
    assert read_long(tb.mem, rec + 2) == ord("k")
    assert [e.what for e in tb.em.queue] == [MOUSE_DOWN_EVT, MOUSE_UP_EVT]
