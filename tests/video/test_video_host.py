"""The hosts: HeadlessHost (scripted) and WindowHost (pygame, SDL dummy driver here)."""
import time

from types import SimpleNamespace

import numpy as np
import pygame
import pytest

from iigs import textscreen, video
from iigs.host import HeadlessHost, WindowHost
from iigs.machine import Hardware
from iigs.hostinput import APPLE_KEY, CONTROL_KEY, KEY_PAD, OPTION_KEY, SHIFT_KEY, HostInput
from toolbox.toolbox import Toolbox


def _desktop(mode=0x80):
    tb = Toolbox(bytearray(1 << 24))
    tb.qd.QDStartUp(0x1000, mode, 0, 0)
    tb.qd.SetSolidPenPat(3)
    tb.qd.PaintRect((0, 0, 200, 640))
    return tb


# ---- HeadlessHost ------------------------------------------------------------------------

def test_headless_poll_returns_pushed_input_once():
    host = HeadlessHost()
    host.push(HostInput("down", 10, 20))
    host.push(HostInput("key", key=0x41))
    assert [e.kind for e in host.poll()] == ["down", "key"]
    assert host.poll() == []
    assert host.mouse == (10, 20)


def test_headless_present_keeps_the_frame_of_that_moment(tmp_path):
    tb = _desktop()
    host = HeadlessHost()
    host.present(tb.mem, tb)
    tb.qd.SetSolidPenPat(0)
    tb.qd.PaintRect((0, 0, 200, 640))         # after present: not in the kept frame
    frame = host.frame()
    assert frame.shape == (200, 640, 3) and (frame == 255).all()
    host.screenshot(str(tmp_path / "s.png"))
    assert video.load_png(tmp_path / "s.png").shape == (400, 640, 3)


def test_headless_frame_with_cursor_when_visible():
    tb = _desktop()
    host = HeadlessHost()
    host.push(HostInput("move", 100, 50))
    host.poll()
    host.present(tb.mem, tb)                   # cursor hidden until InitCursor
    assert (host.frame(with_cursor=True) == 255).all()
    tb.qd.InitCursor()
    host.present(tb.mem, tb)
    frame = host.frame(with_cursor=True)
    assert (frame[51, 101] == 0).all()         # the arrow's black inside, by its tip
    assert (host.frame(with_cursor=False) == 255).all()


def test_headless_wait_and_beep():
    host = HeadlessHost()
    host.wait(5.0)                              # returns at once
    host.beep()
    assert host.beeps == 1 and not host.interactive


# ---- WindowHost --------------------------------------------------------------------------

@pytest.fixture
def window():
    host = WindowHost(scale=1)
    yield host
    host.close()


def test_window_size_and_mouse_mapping(window):
    assert window.window.get_size() == (640, 400)
    assert window.to_shr(639, 399) == (639, 199)
    assert window.to_shr(-5, 1000) == (0, 199)
    window.mode640 = False
    assert window.to_shr(639, 10) == (319, 5)


@pytest.mark.parametrize("key,code,extra", [
    (pygame.K_LEFT, 0x08, 0), (pygame.K_RIGHT, 0x15, 0), (pygame.K_DOWN, 0x0A, 0),
    (pygame.K_UP, 0x0B, 0), (pygame.K_RETURN, 0x0D, 0), (pygame.K_KP_ENTER, 0x0D, KEY_PAD),
    (pygame.K_BACKSPACE, 0x7F, 0), (pygame.K_ESCAPE, 0x1B, 0), (pygame.K_TAB, 0x09, 0),
    (pygame.K_NUMLOCKCLEAR, 0x18, KEY_PAD), (pygame.K_KP5, 0x35, KEY_PAD)])
def test_window_special_keys(window, key, code, extra):
    assert window.key_code(key, "", 0) == (code, extra)


def test_window_text_keys_and_modifiers(window):
    assert window.key_code(pygame.K_a, "a", 0) == (0x61, 0)
    assert window.key_code(pygame.K_a, "A", SHIFT_KEY) == (0x41, 0)
    # Command-N arrives without text on some systems: the key's own character
    assert window.key_code(pygame.K_n, "", APPLE_KEY) == (0x6E, 0)
    assert window.key_code(pygame.K_q, "", APPLE_KEY | SHIFT_KEY) == (0x51, 0)
    assert window.key_code(pygame.K_c, "c", CONTROL_KEY) == (0x03, 0)
    assert window.key_code(pygame.K_LSHIFT, "", SHIFT_KEY) is None
    mods = window.modifiers(pygame.KMOD_LALT | pygame.KMOD_LSHIFT, mac=False)
    assert mods == APPLE_KEY | SHIFT_KEY
    assert window.modifiers(pygame.KMOD_RALT | pygame.KMOD_LCTRL) == OPTION_KEY | CONTROL_KEY


@pytest.mark.parametrize("mods, mac, bits", [
    ("LALT", True, OPTION_KEY), ("RALT", True, OPTION_KEY), ("LGUI", True, APPLE_KEY),
    ("RGUI", True, APPLE_KEY), ("LMETA", True, APPLE_KEY),
    ("LALT", False, APPLE_KEY), ("RALT", False, OPTION_KEY), ("LGUI", False, APPLE_KEY),
    ("LMETA", False, APPLE_KEY)])
def test_window_command_and_option_on_mac_and_pc_keyboards(window, mods, mac, bits):
    """On a Mac, left Option is Option (not Command) and Command is Command; on a PC the
    left Alt is Command as the README says, AltGr is Option."""
    assert window.modifiers(getattr(pygame, f"KMOD_{mods}"), mac=mac) == bits


def test_window_poll_maps_mouse_keys_and_close(window):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 101), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 101), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(202, 103), button=1))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0,
                                         unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    got = window.poll()
    assert [(e.kind, e.h, e.v) for e in got[:3]] == [
        ("move", 200, 50), ("down", 200, 50), ("up", 202, 51)]
    assert got[3].kind == "key" and got[3].key == 0x0B
    assert got[4].kind == "quit"


def test_window_present_only_when_something_changed(window):
    tb = _desktop()
    assert window.present(tb.mem, tb) is True
    window._last_flip = 0.0                    # as if 1/60 s had passed
    assert window.present(tb.mem, tb) is False
    tb.qd.SetSolidPenPat(0)
    tb.qd.PaintRect((10, 10, 20, 20))
    assert window.present(tb.mem, tb) is True
    shown = pygame.surfarray.array3d(window.window).swapaxes(0, 1)
    assert (shown[20:40, 10:20] == 0).all() and (shown[0:20] == 255).all()


def test_window_draws_cursor_and_hides_it(window):
    tb = _desktop()
    tb.qd.InitCursor()
    window.mouse = (300, 100)
    window.present(tb.mem, tb)
    shown = pygame.surfarray.array3d(window.window).swapaxes(0, 1)
    assert (shown[202, 301] == 0).all() and (shown[203, 301] == 0).all()
    tb.qd.HideCursor()
    window._last_flip = 0.0
    assert window.present(tb.mem, tb) is True
    shown = pygame.surfarray.array3d(window.window).swapaxes(0, 1)
    assert (shown == 255).all()


def test_window_obscured_cursor_returns_when_mouse_moves(window):
    tb = _desktop()
    tb.qd.InitCursor()
    tb.qd.ObscureCursor()
    assert not tb.qd.cursor_visible
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    window.poll()
    window.present(tb.mem, tb)
    assert tb.qd.cursor_visible


def test_window_wait_returns_early_on_input(window):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0,
                                         unicode="a", scancode=0))
    window.wait(30.0)                           # would take 30 s without the event
    assert window.poll()[0].key == 0x61
    window.wait(0.01)


def test_window_beep_does_not_fail(window):
    window.beep()
    window.beep()


def _one_shot_doc():
    from iigs import doc as d
    doc = d.DOC()
    doc.ram[0:0x400] = b"\xC0" * 0x400
    for reg, value in ((d.REG_FREQ_LO, 0), (d.REG_FREQ_HI, 2), (d.REG_VOLUME, 0xFF),
                       (d.REG_POINTER, 0), (d.REG_TABLE, 2 << 3 | 2)):
        doc.write_register(reg, value)
    doc.write_register(d.REG_CONTROL, d.MODE_ONE_SHOT << 1)
    return doc


def test_window_plays_what_the_doc_will_play_through_the_mixer(window):
    doc = _one_shot_doc()                      # 1 KB at one byte a period: ~39 ms
    window.play_doc(doc)
    channel = window._audio_channel()
    assert channel is not None                 # SDL's dummy audio driver is a device
    sound = channel.get_sound()
    assert sound is not None
    assert abs(sound.get_length() - 0x400 / doc.sample_rate) < 0.005
    from iigs import doc as d
    doc.write_register(d.REG_CONTROL, d.CTL_HALT)
    window.play_doc(doc)                       # nothing left to play: the channel stops
    assert channel.get_sound() is None


def _free_running_doc():
    """A note running free (a square wave) beside the Note Synthesizer's clock
    (oscillator 31, free-running at volume 0)."""
    from iigs import doc as d
    doc = d.DOC()
    doc.ram[0:0x100] = bytes([0xC0] * 0x80 + [0x40] * 0x80)
    for osc, volume in ((31, 0), (0, 0x80)):
        for reg, value in ((d.REG_FREQ_LO, 0x10), (d.REG_FREQ_HI, 1),
                           (d.REG_VOLUME, volume), (d.REG_POINTER, 0), (d.REG_TABLE, 0)):
            doc.write_register(reg + osc, value)
        doc.write_register(d.REG_CONTROL + osc, d.MODE_FREE << 1)
    return doc


class _PlayedChannel:
    """pygame's Channel as the window uses it (play, queue, stop and what it holds),
    playing only when the test says a sound has ended: the dummy audio device's own
    pace on a loaded machine is not the test's business."""

    def __init__(self) -> None:
        self.playing = self.queued = None

    def play(self, sound) -> None:
        self.playing, self.queued = sound, None

    def queue(self, sound) -> None:
        if self.playing is None:
            self.playing = sound               # queued on an idle channel: it plays
        else:
            self.queued = sound

    def stop(self) -> None:
        self.playing = self.queued = None

    def get_queue(self):
        return self.queued

    def get_sound(self):
        return self.playing

    def ended(self) -> None:
        """The sound playing has played to its end: the queued one starts."""
        self.playing, self.queued = self.queued, None


def test_window_streams_a_sound_that_runs_free_in_chunks_that_join(window, monkeypatch):
    import iigs.host as host_module
    handed = []                                # every wave made into a mixer Sound
    make = window._mixer_sound
    monkeypatch.setattr(window, "_mixer_sound", lambda wave: handed.append(wave) or make(wave))
    now = [100.0]                              # the window's clock, moved by the test
    monkeypatch.setattr(host_module, "time", SimpleNamespace(
        monotonic=lambda: now[0], sleep=time.sleep))
    assert window._audio_channel() is not None  # SDL's dummy audio driver is a device
    channel = window._sound = _PlayedChannel()
    doc, twin = _free_running_doc(), _free_running_doc()
    window.play_doc(doc)
    stream = window._doc_stream()
    chunk = stream.chunk / stream.rate         # seconds a chunk plays
    assert [w.size for w in handed] == [stream.chunk]       # a chunk, not 8 s
    window.feed_doc(doc)                       # a whole chunk ahead: nothing more yet
    assert len(handed) == 1 and channel.get_queue() is None
    now[0] += chunk / 2                        # half of it played: under the low mark
    window.feed_doc(doc)
    assert len(handed) == 2 and channel.get_queue() is not None
    window.feed_doc(doc)                       # one is queued already: nothing more
    assert len(handed) == 2
    channel.ended()                            # the first ends, the second plays
    now[0] += chunk
    window.feed_doc(doc)
    assert len(handed) == 3 and channel.get_queue() is not None
    channel.ended()
    channel.ended()                            # the mixer ran dry (a late tick)
    now[0] += 2 * chunk
    window.feed_doc(doc)                       # queued on an idle channel: it plays
    assert [w.size for w in handed] == [stream.chunk] * 4
    assert channel.get_sound() is not None and channel.get_queue() is None
    heard = np.concatenate(handed)             # the chunks join into the DOC's own mix
    assert np.array_equal(heard, twin.mix(heard.size, stream.rate))
    from iigs import doc as d
    doc.write_register(d.REG_CONTROL, d.CTL_HALT)          # the note stops: so does the sound
    window.play_doc(doc)
    now[0] += 10 * chunk
    window.feed_doc(doc)
    assert channel.get_sound() is None and len(handed) == 4


def test_window_without_an_audio_device_stays_silent(window, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    window.play_doc(_one_shot_doc())           # no exception: the machine carries on
    assert window._sound_failed and window._audio_channel() is None


def test_window_change_held_back_by_the_frame_rate_is_shown_by_wait(window):
    tb = _desktop()
    assert window.present(tb.mem, tb) is True
    tb.qd.SetSolidPenPat(0)
    tb.qd.PaintRect((0, 0, 200, 640))
    window._last_flip = time.monotonic() + 3600   # as if a frame had just been shown
    assert window.present(tb.mem, tb) is False
    window._last_flip = 0.0
    window.poll()
    window.wait(0.02)
    shown = pygame.surfarray.array3d(window.window).swapaxes(0, 1)
    assert (shown == 0).all()


def test_headless_obscured_cursor_returns_when_the_script_moves_the_mouse():
    tb = _desktop()
    tb.qd.InitCursor()
    host = HeadlessHost()
    tb.qd.ObscureCursor()
    host.present(tb.mem, tb)
    assert not tb.qd.cursor_visible
    host.push(HostInput("move", 5, 5))
    host.poll()
    host.present(tb.mem, tb)
    assert tb.qd.cursor_visible


def test_window_integer_scaling():
    host = WindowHost(scale=2)
    try:
        assert host.window.get_size() == (1280, 800)
        assert host.to_shr(1279, 799) == (639, 199) and host.to_shr(3, 3) == (1, 0)
        tb = _desktop()
        tb.qd.SetSolidPenPat(0)
        tb.qd.PaintRect((1, 1, 2, 2))            # one pixel: 2 x 4 window pixels
        assert host.present(tb.mem, tb)
        shown = pygame.surfarray.array3d(host.window).swapaxes(0, 1)
        assert (shown[4:8, 2:4] == 0).all()
        assert (shown[3, 2:4] == 255).all() and (shown[4:8, 4] == 255).all()
    finally:
        host.close()


def test_window_host_set_scale_resizes_and_maps_the_mouse():
    # The Control Panel's display scale goes through WindowHost.set_display.
    host = WindowHost(scale=1)
    try:
        host.set_display(2, False)
        assert host.window.get_size() == (1280, 800)
        assert host.to_shr(1279, 799) == (639, 199)
    finally:
        host.close()


def test_fit_picture_keeps_the_aspect_integer_where_it_fits_else_letterboxed():
    from iigs.host import fit_picture
    assert fit_picture((640, 400)) == (0, 0, 640, 400)
    assert fit_picture((1400, 820)) == (60, 10, 1280, 800)          # 2x, centred
    assert fit_picture((1920, 1080)) == (320, 140, 1280, 800)       # 2x: 3x is too tall
    assert fit_picture((500, 400)) == (0, 44, 500, 312)             # smaller: 500/640
    x, y, w, h = fit_picture((320, 600))
    assert (w, h) == (320, 200) and (x, y) == (0, 200)


def test_a_letterboxed_window_maps_the_mouse_through_the_picture():
    host = WindowHost(scale=1)
    try:
        host._resized((1400, 820))               # as a resize by the user does
        assert host.picture == (60, 10, 1280, 800)
        assert host.to_shr(60, 10) == (0, 0) and host.to_shr(1339, 809) == (639, 199)
        assert host.to_shr(0, 0) == (0, 0)       # in the bars: clamped to the edge
    finally:
        host.close()


def test_f11_switches_full_screen_and_tells_the_event_manager():
    from iigs import bram as br
    host = WindowHost(scale=1)
    try:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0,
                                             unicode=""))
        got = host.poll()
        assert host.full_screen and [(i.kind, i.key) for i in got] == [("display", 1)]
        tb = Toolbox(bytearray(1 << 24), None, host)
        tb.em.apply_input(got[0])
        assert tb.misc.bram.param(br.HOST_FULL_SCREEN) == 1   # remembered
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0,
                                             unicode=""))
        assert [(i.kind, i.key) for i in host.poll()] == [("display", 0)]
        assert not host.full_screen
    finally:
        host.close()


def _resize_by_hand(size):
    """What a window manager does when the user drags the window's corner."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                         h=size[1]))


def test_a_window_resized_by_the_user_is_remembered_in_battery_ram(tmp_path):
    from iigs import bram as br
    path = tmp_path / "g.bram"
    host = WindowHost(scale=1)
    try:
        tb = Toolbox(bytearray(1 << 24), None, host)
        tb.misc.use_bram(br.BatteryRAM(path))
        _resize_by_hand((1400, 820))
        got = host.poll()
        assert [(i.kind, i.key, i.scale) for i in got] == [("display", 0, 2)]
        for inp in got:
            tb.em.apply_input(inp)
        assert host.window.get_size() == (1400, 820)       # left as the user made it
        assert host.picture == (60, 10, 1280, 800)
        assert br.BatteryRAM(path).param(br.HOST_SCALE) == 2
        assert br.BatteryRAM(path).param(br.HOST_FULL_SCREEN) == 0
        _resize_by_hand((1300, 900))                       # still a 2x picture
        assert host.poll() == []
    finally:
        host.close()
    host = WindowHost(scale=1)                             # the next start
    try:
        tb = Toolbox(bytearray(1 << 24), None, host)
        tb.misc.use_bram(br.BatteryRAM(path))
        assert host.window.get_size() == (1280, 800) and host.scale == 2
        _resize_by_hand((1280, 800))                       # the echo of our own resize
        assert host.poll() == []
    finally:
        host.close()


def test_mouse_tracking_speed_multiplies_motion_and_meets_the_edges():
    from iigs.hostinput import MouseTracker
    tracker = MouseTracker(640, 200)
    assert tracker.place(100, 50) == (100, 50)
    tracker.factor = 2.0
    assert tracker.place(110, 55) == (120, 60)      # 10, 5 of host motion: twice that
    assert tracker.place(639, 60) == (639, 70)      # the host's edge is the IIGS's edge
    assert tracker.place(600, 60) == (561, 70)


def test_window_host_reports_the_release_of_a_key_it_reported():
    # Key releases let the Event Manager turn a held key into autoKey events.
    import pygame
    from iigs.host import WindowHost
    host = WindowHost(scale=1)
    try:
        assert host.reports_key_releases
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0,
                                             unicode="a"))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0))
        kinds = [(i.kind, i.key) for i in host.poll()]
        assert kinds == [("key", ord("a")), ("keyup", ord("a"))]
    finally:
        host.close()


class _FrameSourceOnly:
    """A frame source that is not the Toolbox: `iigs.framesource.FrameSource`'s four
    members and nothing else (slots), so the host can ask it nothing more."""

    __slots__ = ("hardware", "mode640", "cursor", "moves")

    def __init__(self, hardware, mode640, cursor):
        self.hardware, self.mode640, self.cursor, self.moves = hardware, mode640, cursor, 0

    def screen_hardware(self):
        return self.hardware

    def screen_mode640(self):
        return self.mode640

    def visible_cursor(self):
        return self.cursor

    def mouse_moved(self):
        self.moves += 1


def test_the_host_presents_from_any_frame_source_on_the_bare_hardware():
    """The host needs of the system only its FrameSource; the screen, the Apple II
    screen's switches and the scan-line palettes are the hardware's."""
    hw = Hardware()                             # no toolbox: SCBs 0 (320 mode), black
    hw.mem[0xE19E1E:0xE19E20] = b"\xFF\x0F"                 # colour 15: white
    blue = bytearray(hw.mem[0xE19E00:0xE1A000])
    blue[0:2] = b"\x0F\x00"                                 # colour 0 from line 100: blue
    hw.interrupts.last_frame_palettes = [(0, bytes(hw.mem[0xE19E00:0xE1A000])),
                                         (100, bytes(blue))]
    white_dot = SimpleNamespace(pixels=np.array([[15]], np.uint8),
                                mask=np.array([[True]]), hot_spot=(0, 0), mode640=False)
    source = _FrameSourceOnly(hw, True, white_dot)
    host = HeadlessHost()
    host.push(HostInput("move", 10, 20))
    host.poll()
    host.present(hw.mem, source)
    assert source.moves == 1 and host.mode640      # the system's mode, not line 0's SCB
    frame = host.frame(with_cursor=True)
    assert (frame[20, 20:22] == 255).all() and (frame[20, 22] == 0).all()
    assert tuple(frame[50, 0]) == (0, 0, 0) and tuple(frame[150, 0]) == (0, 0, 255)
    host.present(hw.mem, source)                 # the mouse did not move again
    assert source.moves == 1
    source.cursor = None                         # hidden: no cursor in the frame
    host.present(hw.mem, source)
    assert host.cursor is None
    hw.io.registers[0xC029] &= ~textscreen.NEWVIDEO_SHR   # the Apple II screen shows
    host.present(hw.mem, source)
    assert np.array_equal(host.frame(), textscreen.render(hw.mem, hw.io, hw.ticks))
    hw.io.registers[0xC029] |= textscreen.NEWVIDEO_SHR
    host.present(hw.mem)                         # no source: line 0's SCB, no cursor
    assert not host.mode640 and host.cursor is None and host.line_palettes == []
