"""The host: where frames go out and the user's mouse, keys and beeps come in.

Two hosts with one interface (poll, present, wait, beep; sound_started, play_doc and
feed_doc for the DOC's sounds):
  * `WindowHost`, a resizable pygame window showing the Super Hi-Res screen 640 x 400
    (each scan line twice, for the IIGS's aspect), the mouse cursor drawn over it from
    the system's cursor state. The picture is scaled to the window keeping that
    aspect: an integer multiple where one fits, else the largest that keeps the
    aspect, centred with black bars (`fit_picture`). F11 switches full screen and
    back (the host takes that key; a IIGS program never sees it); the Control Panel's
    Display panel sets the scale and full screen through `set_display`, and the Mouse
    panel the tracking speed through `set_tracking`. F11 and a window the user resizes
    are told to the Event Manager (a "display" input), which keeps them in battery RAM
    as the Display panel does: full screen, and the picture's whole-number scale
    (`picture_scale`), so the next start opens at that size;
  * `HeadlessHost`, no window: input is pushed in by a script, frames are kept for
    screenshots. The automation layer and the tests use it. It hears nothing but keeps
    a `sound_log` of every sound the DOC started.

Frames: `present(mem, source)` keeps (the window also shows) the screen in `mem` as the
`source` (`iigs.framesource.FrameSource`, the system's toolbox) describes it: the machine
it runs on (the Apple II screen while Super Hi-Res is off, the palettes scan-line
interrupts set), the screen mode, the cursor; and it tells the source when the mouse moved.

Sound: whenever the DOC starts or stops a sound (a Sound Tool Set call, or a program
driving the DOC through the Sound GLU), and at the next tick when a program changed a
playing sound through the GLU, the window hands pygame's mixer what the DOC will play
from then on (`iigs.docstream.DocStream`: one-shots whole; a sound that runs free in
0.1 s chunks, the next queued once a tick, `feed_doc`), mixed with numpy and resampled
to the mixer's 22,050 Hz; the mixer is opened on first use, and with no audio device (or
SDL_AUDIODRIVER=dummy failing) the window stays silent.

Keys become IIGS key codes as the Apple IIGS Hardware Reference (keyboard, ch. 6) and the
Event Manager (Toolbox Reference vol. 1, ch. 7) give them: arrows left $08, right $15,
down $0A, up $0B; Return $0D; Enter $0D with the keypad flag; Delete (the key where a PC
has Backspace, and the PC's Delete) $7F; keypad Clear (Num Lock on a PC) $18 with the
keypad flag; Esc $1B; Tab $09. Modifiers (`WindowHost.modifiers`): on a Mac keyboard
both Option keys are Option and Command is the Apple (Command) key; on a PC keyboard the
left Alt and the Windows/Meta key are the Apple (Command) key and the right Alt (AltGr)
is Option. Shift, Control and Caps Lock as themselves.

Idling: `wait` sleeps in short naps while checking the window's event queue, so a
program waiting for the user costs well under 5 % of a core (`gin-king bench idle`).
"""
from __future__ import annotations

import os
import sys
import time
from collections import deque
from typing import Any

import numpy as np

from iigs import hostfile, textscreen, video
from iigs.bram import MAX_SCALE
from iigs.docstream import DocStream
from iigs.framesource import FrameSource
from iigs.hostinput import (APPLE_KEY, CAPS_LOCK, CONTROL_KEY, KEY_PAD, OPTION_KEY,
                            SHIFT_KEY, HostInput, MouseTracker)

FRAME_INTERVAL = 1 / 60          # presentation rate
WAIT_NAP = 0.004                 # seconds between event checks while waiting
MIXER_RATE = 22050               # the pygame mixer's rate; the DOC is resampled to it
WINDOW_TITLE = "Gin King GS"
MAC_HOST = sys.platform == "darwin"   # a Mac keyboard: Option is Option (host.modifiers)
PICTURE = (video.WIDTH, 2 * video.LINES)   # 640 x 400: the IIGS's aspect
FULL_SCREEN_KEY_NAME = "F11"               # full screen and back (README, keys)
STOP_KEY_NAME = "PAUSE"                    # stops the machine for the monitor (system.monitor)


def fit_picture(window: tuple[int, int]) -> tuple[int, int, int, int]:
    """Where the 640 x 400 picture goes in a window of that size: (x, y, w, h).

    An integer scale where one fits; otherwise the largest scale that keeps the
    aspect. Centred, the rest letterboxed."""
    width, height = window
    pw, ph = PICTURE
    whole = min(width // pw, height // ph)
    if whole >= 1:
        w, h = pw * whole, ph * whole
    else:
        ratio = min(width / pw, height / ph)
        w, h = max(1, int(pw * ratio)), max(1, int(ph * ratio))
    return (width - w) // 2, (height - h) // 2, w, h


def _shr_mode640(shr: np.ndarray, source: FrameSource | None) -> bool:
    """Screen mode for mouse mapping and the cursor: the system's (QuickDraw II's master
    SCB) once it has set one, else the SCB of line 0."""
    mode640 = source.screen_mode640() if source is not None else None
    if mode640 is not None:
        return mode640
    return bool(shr[video.SHR_SCBS - video.SHR_PIXELS] & video.SCB_640)


class _FrameKeeper:
    """What both hosts share: the last presented screen and the cursor over it."""

    def __init__(self) -> None:
        self.shr: np.ndarray | None = None        # 32 KB snapshot of $E1:2000-9FFF
        self.line_palettes: list[tuple[int, bytes]] = []   # (first line, palettes)
        self.cursor: tuple | None = None          # (shape, h, v) or None
        self.mouse = (0, 0)                       # (h, v) in SHR coordinates
        self.mode640 = True
        self._mouse_moved = False

    def _note_mouse(self, h: int, v: int) -> None:
        self._mouse_moved |= (h, v) != self.mouse
        self.mouse = (h, v)

    def _show_obscured_cursor(self, source: FrameSource | None) -> None:
        """ObscureCursor lasts until the mouse moves: tell the system it has."""
        if source is not None and self._mouse_moved:
            source.mouse_moved()
        self._mouse_moved = False

    def _snapshot(self, mem: Any, source: FrameSource | None
                  ) -> tuple[np.ndarray, tuple | None]:
        """The screen to keep: the 32 KB of Super Hi-Res and the cursor, or, while
        Super Hi-Res is off, the Apple II screen's frame (no cursor)."""
        hardware = source.screen_hardware() if source is not None else None
        if hardware is not None and textscreen.apple2_shown(hardware.io):
            return textscreen.render(mem, hardware.io, hardware.ticks), None
        shr = video.shr_bytes(mem).copy()
        self.mode640 = _shr_mode640(shr, source)
        # palettes a scan-line interrupt changed while the frame was drawn
        self.line_palettes = (list(hardware.interrupts.last_frame_palettes)
                              if hardware is not None else [])
        shape = source.visible_cursor() if source is not None else None
        cursor = (shape, self.mouse[0], self.mouse[1]) if shape is not None else None
        return shr, cursor

    def frame(self, with_cursor: bool = True) -> np.ndarray:
        """The last presented screen as a (200, 640, 3) frame."""
        if self.shr is None:
            return np.zeros((video.LINES, video.WIDTH, 3), dtype=np.uint8)
        if self.shr.ndim == 3:                    # the text screen, already a frame
            return self.shr.copy()
        frame = video.render_shr(self.shr, self.line_palettes)
        if with_cursor and self.cursor is not None:
            shape, h, v = self.cursor
            video.overlay_cursor(frame, self.shr, shape, h, v)
        return frame

    def screenshot(self, path: str, with_cursor: bool = False) -> None:
        """Save the last presented screen as a 640 x 400 PNG (what the window shows),
        making its missing folders; iigs.hostfile.HostPathRefused (nothing written)
        when the path is a folder, a FIFO or a device, or cannot be written."""
        picture = video.double_lines(self.frame(with_cursor))
        hostfile.write_file(path, video.png_bytes(picture), "a PNG file", make_folders=True)


class HeadlessHost(_FrameKeeper):
    """A host without a window: scripted input in, frames kept for screenshots."""

    interactive = False

    def __init__(self) -> None:
        super().__init__()
        self.queue: deque[HostInput] = deque()
        self.presents = 0
        self.beeps = 0
        self.sound_log: list = []     # toolbox.sound.SoundLogEntry, one per sound started

    def push(self, event: HostInput) -> None:
        """Queue one input for the next poll."""
        self.queue.append(event)

    def poll(self) -> list[HostInput]:
        """Everything queued so far (non-blocking)."""
        out = list(self.queue)
        self.queue.clear()
        for e in out:
            if e.kind in ("move", "down", "up"):
                self._note_mouse(e.h, e.v)
        return out

    def present(self, mem: Any, source: FrameSource | None = None) -> bool:
        """Keep the screen (a 32 KB copy; rendered only when asked for)."""
        self._show_obscured_cursor(source)
        self.shr, self.cursor = self._snapshot(mem, source)
        self.presents += 1
        return True

    def wait(self, seconds: float) -> None:
        """Scripted time does not pass in real time: returns at once."""

    def beep(self) -> None:
        """Silent; counted, so tests can see it."""
        self.beeps += 1

    def sound_started(self, entry: Any) -> None:
        """The DOC started a sound: logged (time, wave RAM address, length, frequency,
        volume), so tests and scripts can check what was heard."""
        self.sound_log.append(entry)


def _cursor_key(cursor: tuple | None) -> tuple | None:
    """What decides whether a cursor looks the same: its image, hot spot and place."""
    if cursor is None:
        return None
    shape, h, v = cursor
    return (shape.pixels.tobytes(), shape.mask.tobytes(), shape.pixels.shape,
            shape.hot_spot, h, v)


def _pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    return pygame


# The Extended Keyboard's function keys: F-number -> ADB key code (WindowHost.key_map).
FUNCTION_KEY_CODES = {1: 0x7A, 2: 0x78, 3: 0x63, 4: 0x76, 5: 0x60, 6: 0x61, 7: 0x62,
                      8: 0x64, 9: 0x65, 10: 0x6D, 11: 0x67, 12: 0x6F}


class WindowHost(_FrameKeeper):
    """A pygame window showing the screen; the user's input, mapped to the IIGS."""

    interactive = True

    def __init__(self, scale: int | None = None, title: str = WINDOW_TITLE) -> None:
        super().__init__()
        pg = self.pg = _pygame()
        pg.display.init()
        if scale is None:
            scale = self._fitting_scale()
        self.scale = max(1, scale)
        self.full_screen = False
        self.full_screen_key = getattr(pg, f"K_{FULL_SCREEN_KEY_NAME}")
        self.stop_key = getattr(pg, f"K_{STOP_KEY_NAME}")
        self.break_requested = False           # the stop key was pressed (system.monitor)
        self.tracker = MouseTracker(video.WIDTH, video.LINES)
        self.window = pg.display.set_mode(self._window_size(), pg.RESIZABLE)
        self.picture = fit_picture(self.window.get_size())
        self._cleared = False                  # letterbox bars painted
        pg.display.set_caption(title)
        pg.mouse.set_visible(False)      # the IIGS cursor is drawn in the frame
        # the frame's surface has the window's pixel format, so scaling can go straight
        # into the window
        self._keys_held: dict[int, int] = {}   # pygame key -> IIGS code, while down
        self.reports_key_releases = True       # so the Event Manager makes autoKey events
        self._surface = pg.Surface((video.WIDTH, 2 * video.LINES), 0, self.window)
        self._shown: tuple | None = None  # (shr bytes, cursor key) on screen now
        self._pending: tuple | None = None  # (mem, source) of a frame held back by the rate
        self._last_flip = 0.0
        self._sound = None
        self._sound_failed = False
        self._stream: DocStream | None = None   # what the mixer is handed of the DOC
        self._audio_until = 0.0         # when the mixer runs out of what it was handed
        self.key_map = self._build_key_map()

    def _fitting_scale(self) -> int:
        info = self.pg.display.Info()
        w, h = info.current_w or 0, info.current_h or 0
        if w <= 0 or h <= 0:
            return 1
        return max(1, min(int(w * 0.9) // video.WIDTH, int(h * 0.85) // (2 * video.LINES)))

    def _build_key_map(self) -> dict[int, tuple[int, int]]:
        """pygame key -> (IIGS code, extra modifier bits) for keys without plain text."""
        pg = self.pg
        table = {pg.K_LEFT: (0x08, 0), pg.K_RIGHT: (0x15, 0), pg.K_DOWN: (0x0A, 0),
                 pg.K_UP: (0x0B, 0), pg.K_RETURN: (0x0D, 0), pg.K_KP_ENTER: (0x0D, KEY_PAD),
                 pg.K_BACKSPACE: (0x7F, 0), pg.K_DELETE: (0x7F, 0), pg.K_ESCAPE: (0x1B, 0),
                 pg.K_TAB: (0x09, 0), pg.K_NUMLOCKCLEAR: (0x18, KEY_PAD),
                 pg.K_CLEAR: (0x18, KEY_PAD)}
        keypad = {pg.K_KP0: "0", pg.K_KP1: "1", pg.K_KP2: "2", pg.K_KP3: "3",
                  pg.K_KP4: "4", pg.K_KP5: "5", pg.K_KP6: "6", pg.K_KP7: "7",
                  pg.K_KP8: "8", pg.K_KP9: "9", pg.K_KP_PERIOD: ".", pg.K_KP_PLUS: "+",
                  pg.K_KP_MINUS: "-", pg.K_KP_MULTIPLY: "*", pg.K_KP_DIVIDE: "/",
                  pg.K_KP_EQUALS: "="}
        for key, ch in keypad.items():
            table[key] = (ord(ch), KEY_PAD)
        # The Apple Extended Keyboard's function keys reach the Event Manager as key-down
        # events whose message is the key's ADB key code, with the keypad bit set in the
        # modifiers (no keypad key sends a letter code, so a program tells them apart):
        # F1 $7A, F2 $78, F3 $63, F4 $76, F5 $60, F6 $61, F7 $62, F8 $64, F9 $65,
        # F10 $6D, F11 $67, F12 $6F. F11 never reaches the program: the host keeps it
        # for full screen (poll).
        for key, code in FUNCTION_KEY_CODES.items():
            table[getattr(pg, f"K_F{key}")] = (code, KEY_PAD)
        return table

    # ---- input -------------------------------------------------------------------------
    def modifiers(self, mods: int | None = None, mac: bool | None = None) -> int:
        """pygame modifier state -> Event Manager modifier bits. ``mac``: the keyboard's
        layout (default: the host's, macOS or not), see the module's notes."""
        pg = self.pg
        if mods is None:
            mods = pg.key.get_mods()
        if mac is None:
            mac = MAC_HOST
        command = pg.KMOD_META | pg.KMOD_GUI
        option = pg.KMOD_RALT | pg.KMOD_MODE
        if mac:
            option |= pg.KMOD_LALT
        else:
            command |= pg.KMOD_LALT
        out = 0
        if mods & command:
            out |= APPLE_KEY
        if mods & option:
            out |= OPTION_KEY
        if mods & pg.KMOD_SHIFT:
            out |= SHIFT_KEY
        if mods & pg.KMOD_CTRL:
            out |= CONTROL_KEY
        if mods & pg.KMOD_CAPS:
            out |= CAPS_LOCK
        return out

    def key_code(self, key: int, text: str, mods: int) -> tuple[int, int] | None:
        """A key press -> (IIGS code, extra modifier bits), or None (modifier keys...)."""
        if key in self.key_map:
            return self.key_map[key]
        if text and ord(text[0]) < 0x80:
            code = ord(text[0])
        elif 0x20 <= key < 0x7F:
            # No text (Command or Option held on some systems): the key's own character.
            code = key
            if mods & SHIFT_KEY and 0x61 <= code <= 0x7A:
                code -= 0x20
        else:
            return None
        if mods & CONTROL_KEY and 0x40 <= (code & 0x5F) <= 0x5F:
            code &= 0x1F                         # Control-letter = the control code
        return code, 0

    def _window_size(self) -> tuple[int, int]:
        return (PICTURE[0] * self.scale, PICTURE[1] * self.scale)

    def _new_window(self) -> None:
        pg = self.pg
        if self.full_screen:
            self.window = pg.display.set_mode((0, 0), pg.FULLSCREEN)
        else:
            self.window = pg.display.set_mode(self._window_size(), pg.RESIZABLE)
        self._resized(self.window.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        self.picture = fit_picture(size)
        self._shown = None                       # the new layout needs its frame
        self._cleared = False

    def picture_scale(self) -> int:
        """The whole-number scale of the picture the window shows now, 1 to MAX_SCALE
        (what battery RAM keeps of a window the user resized: the next start opens at
        that multiple of 640x400; a picture smaller than 1x counts as 1x)."""
        return max(1, min(MAX_SCALE, self.picture[2] // PICTURE[0]))

    def set_scale(self, scale: int) -> None:
        """Resize the window to `scale` times 640x400 (leaving full screen)."""
        self.scale = max(1, int(scale))
        self.full_screen = False
        self._new_window()

    def set_display(self, scale: int, full_screen: bool) -> None:
        """The Display panel's settings: scale 0 = the largest that fits the desktop,
        1-4 = that multiple of 640x400; full screen or a window."""
        scale = max(1, int(scale) or self._fitting_scale())
        if (scale, bool(full_screen)) == (self.scale, self.full_screen):
            return
        self.scale = scale
        self.full_screen = bool(full_screen)
        self._new_window()

    def toggle_full_screen(self) -> None:
        self.full_screen = not self.full_screen
        self._new_window()

    def set_tracking(self, factor: float) -> None:
        """The Mouse panel's tracking speed: host motion times `factor`."""
        self.tracker.factor = float(factor)

    def to_shr(self, x: int, y: int) -> tuple[int, int]:
        """Window pixel -> Super Hi-Res (h, v) in the current mode, clamped."""
        px, py, pw, ph = self.picture
        width = video.WIDTH if self.mode640 else video.WIDTH // 2
        h = (x - px) * width // pw
        v = (y - py) * video.LINES // ph
        return min(max(h, 0), width - 1), min(max(v, 0), video.LINES - 1)

    def poll(self) -> list[HostInput]:
        """What the user did since the last poll (non-blocking)."""
        pg = self.pg
        out: list[HostInput] = []
        for e in pg.event.get():
            if e.type == pg.QUIT:
                out.append(HostInput("quit"))
            elif e.type in (pg.VIDEOEXPOSE, pg.WINDOWEXPOSED):
                self._shown = None                 # the window needs its frame again
                self._cleared = False
            elif e.type == pg.VIDEORESIZE and not self.full_screen:
                self._resized(self.window.get_size())
                scale = self.picture_scale()
                if scale != self.scale:          # the user resized it: remembered
                    self.scale = scale           # (so battery RAM's echo keeps the size)
                    out.append(HostInput("display", key=0, scale=scale))
            elif e.type == pg.KEYDOWN and e.key == self.stop_key:
                self.break_requested = True        # the host's key: for the monitor
            elif e.type == pg.KEYDOWN and e.key == self.full_screen_key:
                self.toggle_full_screen()          # the host's key: the IIGS never sees it
                out.append(HostInput("display", key=int(self.full_screen)))
            elif e.type in (pg.MOUSEMOTION, pg.MOUSEBUTTONDOWN, pg.MOUSEBUTTONUP):
                self.tracker.size = (video.WIDTH if self.mode640 else video.WIDTH // 2,
                                     video.LINES)
                h, v = self.tracker.place(*self.to_shr(*e.pos))
                self._note_mouse(h, v)
                mods = self.modifiers()
                if e.type == pg.MOUSEMOTION:
                    out.append(HostInput("move", h, v, modifiers=mods))
                elif e.button == 1:
                    kind = "down" if e.type == pg.MOUSEBUTTONDOWN else "up"
                    out.append(HostInput(kind, h, v, modifiers=mods))
            elif e.type == pg.KEYDOWN:
                mods = self.modifiers(e.mod)
                got = self.key_code(e.key, getattr(e, "unicode", ""), mods)
                if got is not None:
                    code, extra = got
                    self._keys_held[e.key] = code    # its release ends auto-key
                    out.append(HostInput("key", *self.mouse, key=code,
                                         modifiers=mods | extra))
            elif e.type == pg.KEYUP and e.key in self._keys_held:
                out.append(HostInput("keyup", *self.mouse,
                                     key=self._keys_held.pop(e.key)))
        return out

    # ---- output ------------------------------------------------------------------------
    def present(self, mem: Any, source: FrameSource | None = None) -> bool:
        """Show the screen if it (or the cursor) changed, at most 60 times a second.

        Returns True when a new frame went to the window."""
        self._show_obscured_cursor(source)
        shr, cursor = self._snapshot(mem, source)
        key = _cursor_key(cursor)
        if (self._shown is not None and key == self._shown[1]
                and np.array_equal(shr, self._shown[0])):
            return False
        now = time.monotonic()
        if now - self._last_flip < FRAME_INTERVAL:
            self._pending = (mem, source)      # shown by a later present or by wait()
            return False
        self._pending = None
        self.shr, self.cursor = shr, cursor
        self._shown = (shr, key)
        frame = video.double_lines(self.frame(with_cursor=True))
        pg = self.pg
        pg.surfarray.blit_array(self._surface, frame.swapaxes(0, 1))
        x, y, w, h = self.picture
        if not self._cleared:
            self.window.fill((0, 0, 0))            # the letterbox bars
            self._cleared = True
        if (w, h) == PICTURE:
            self.window.blit(self._surface, (x, y))
        else:
            self.window.blit(pg.transform.scale(self._surface, (w, h)), (x, y))
        pg.display.flip()
        self._last_flip = now
        return True

    def wait(self, seconds: float) -> None:
        """Sleep until input arrives or `seconds` pass, in short naps (cheap on the CPU)."""
        pg = self.pg
        end = time.monotonic() + max(0.0, seconds)
        while True:
            if (self._pending is not None
                    and time.monotonic() - self._last_flip >= FRAME_INTERVAL):
                self.present(*self._pending)   # a change held back by the frame rate
            if pg.event.peek():
                return
            left = end - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(left, WAIT_NAP))

    def beep(self) -> None:
        """SysBeep is heard through the DOC (play_doc): nothing more to do here."""

    def sound_started(self, entry: Any) -> None:
        """Nothing kept: the window plays what the DOC plays (play_doc)."""

    def play_doc(self, doc: Any) -> None:
        """The DOC started, stopped or changed a sound: hand the mixer what it plays from
        now on (iigs.docstream: one-shots whole, or the first chunk of a sound that runs
        free), replacing what it had. Mixing happens only here and in `feed_doc`, so an
        idle window costs nothing; with no audio device the machine carries on silently."""
        channel = self._audio_channel()
        if channel is None:
            return
        try:
            stream = self._doc_stream()
            wave = stream.restart(doc)
            if wave.size == 0:
                channel.stop()
                return
            channel.play(self._mixer_sound(wave))
            self._audio_until = time.monotonic() + wave.size / stream.rate
        except (self.pg.error, ValueError, TypeError):
            self._sound_failed = True

    def feed_doc(self, doc: Any) -> None:
        """Once a tick: while a sound that runs free streams, queue its next chunk when
        the mixer has less than the stream's low mark left to play. What it has left is
        counted on the clock from the hand-overs, and is at most the chunk playing once
        pygame's one queued sound has started (so the count cannot drift)."""
        stream = self._stream
        channel = self._sound
        if stream is None or not stream.streaming or channel is None:
            return
        try:
            if channel.get_queue() is not None:
                return                  # the chunk queued last has not started yet
            now = time.monotonic()
            ahead = max(0.0, min(self._audio_until - now, stream.chunk / stream.rate))
            if not stream.wants_more(ahead * stream.rate):
                return
            wave = stream.next_chunk()
            if wave.size:
                channel.queue(self._mixer_sound(wave))   # plays at once if it ran dry
                self._audio_until = now + ahead + wave.size / stream.rate
        except (self.pg.error, ValueError, TypeError):
            self._sound_failed = True

    def _doc_stream(self) -> DocStream:
        """The stream at the open mixer's rate (made on first use)."""
        if self._stream is None:
            rate, _size, _channels = self.pg.mixer.get_init()
            self._stream = DocStream(rate)
        return self._stream

    def _mixer_sound(self, wave: np.ndarray):
        """A pygame Sound of mono samples, copied to each of the mixer's channels."""
        channels = self.pg.mixer.get_init()[2]
        if channels > 1:
            wave = np.repeat(wave[:, None], channels, axis=1)
        return self.pg.sndarray.make_sound(np.ascontiguousarray(wave))

    def _audio_channel(self):
        """pygame's mixer, started on first use; None when there is no audio device."""
        if self._sound is not None or self._sound_failed:
            return self._sound
        pg = self.pg
        try:
            if not pg.mixer.get_init():
                pg.mixer.init(frequency=MIXER_RATE, size=-16, channels=1)
            self._sound = pg.mixer.Channel(0)
        except (pg.error, ValueError, TypeError):
            self._sound_failed = True
        return self._sound

    def close(self) -> None:
        self.pg.display.quit()
