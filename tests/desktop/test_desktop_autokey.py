"""autoKey events: a key the host reports as still down repeats (Toolbox Reference vol. 1,
Event Manager: "autoKey: a key held down"), first after the repeat delay, then at the
repeat rate; its release ends the repeats. Hosts that report no releases (scripts) never
repeat a key."""
from iigs.hostinput import HostInput
from toolbox.event import (AUTO_KEY_DELAY, AUTO_KEY_EVT, AUTO_KEY_RATE, KEY_DOWN_EVT,
                           NULL_EVT)

EVERY = 0xFFFF


def next_what(tb) -> int:
    ev = tb.em.next_event(EVERY)
    return NULL_EVT if ev is None else ev.what


def wait_ticks(tb, n: int) -> None:
    for _ in range(n):
        tb.em.idle()                       # no machine: one tick per idle


def test_held_key_repeats_after_the_delay_at_the_rate(tb, host):
    host.reports_key_releases = True
    host.push(HostInput("key", key=ord("x")))
    assert next_what(tb) == KEY_DOWN_EVT
    wait_ticks(tb, AUTO_KEY_DELAY - 1)
    assert next_what(tb) == NULL_EVT                  # not yet: the delay
    wait_ticks(tb, 1)
    ev = tb.em.next_event(EVERY)
    assert ev.what == AUTO_KEY_EVT and ev.message == ord("x")
    wait_ticks(tb, AUTO_KEY_RATE - 1)
    assert next_what(tb) == NULL_EVT                  # then at the rate
    wait_ticks(tb, 1)
    assert next_what(tb) == AUTO_KEY_EVT


def test_release_ends_the_repeats(tb, host):
    host.reports_key_releases = True
    host.push(HostInput("key", key=ord("x")))
    assert next_what(tb) == KEY_DOWN_EVT
    host.push(HostInput("keyup", key=ord("x")))
    wait_ticks(tb, AUTO_KEY_DELAY * 2)
    assert next_what(tb) == NULL_EVT


def test_a_script_key_press_never_repeats(tb, host):
    # ScriptHost reports no releases: each key is a whole keystroke.
    host.push(HostInput("key", key=ord("x")))
    assert next_what(tb) == KEY_DOWN_EVT
    wait_ticks(tb, AUTO_KEY_DELAY * 2)
    assert next_what(tb) == NULL_EVT
