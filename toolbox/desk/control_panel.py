"""The Control Panel: a new desk accessory that sets the machine's battery RAM.

Like the IIGS Control Panel NDA, a list of panels down the left side and the chosen
panel's controls (Control Manager radio buttons, check boxes and buttons) on the right:

    Display  window scale, full screen (F11 does the same), the screen's colours
    Sound    the system volume (0-15), with a beep to hear it
    Mouse    tracking speed, double-click time
    Speed    Normal (2.8 MHz paced in real time) or Fast (as fast as the host runs)
    Time     the clock (ReadAsciiTime, from the host's time), date and clock formats

Each control writes its battery RAM parameter through the Misc Tool Set
(`MiscTools.write_param`, as WriteBParam does), so the setting takes effect at once
and every program sees it. The panels are tables (`PANELS`): what a panel shows is
data, the drawing and the clicks are one routine for all of them.
"""
from __future__ import annotations

from dataclasses import dataclass

from iigs import bram as br
from iigs.memory import write_pstring
from toolbox.control import CHECK_PROC, RADIO_PROC, SIMPLE_PROC
from toolbox.desk.nda import EVENT_ACTION, RUN_ACTION, NewDeskAccessory, nda
from toolbox.event import AUTO_KEY_EVT, KEY_DOWN_EVT, MOUSE_DOWN_EVT
from toolbox.quickdraw import Rect
from toolbox.window import F_CLOSE, F_MOVE, F_TITLE, F_VIS

TITLE = b"Control Panel"
CONTENT: Rect = (40, 150, 140, 490)          # global; the window can be dragged
LIST_WIDTH = 80                              # the panel list down the left side
ROW_HEIGHT = 16
PANEL_LEFT = 90
BLACK, WHITE = 0, 3
KEY_UP, KEY_DOWN, KEY_ESC = 0x0B, 0x0A, 0x1B
CLOCK_AT = (12, 150)                         # (v, h) of the Time panel's clock

RADIO, CHECK, STEP, BEEP = "radio", "check", "step", "beep"


@dataclass(frozen=True)
class Setting:
    """One control of a panel: what it looks like and which parameter it sets.

    radio: sets `param` to `value`; check: toggles `param`; step: adds `value` to
    `param` within its range; beep: sounds the system beep."""

    kind: str
    rect: Rect                 # local to the window
    title: bytes
    param: int = 0
    value: int = 0
    family: int = 0            # radio buttons of one family exclude each other


@dataclass(frozen=True)
class Panel:
    name: bytes
    labels: tuple[tuple[int, int, bytes], ...]     # (v, h, text)
    settings: tuple[Setting, ...]


def _radios(v: int, h: int, width: int, param: int, family: int,
            titles: tuple[bytes, ...]) -> tuple[Setting, ...]:
    """A row of radio buttons setting `param` to 0, 1, 2 ..."""
    return tuple(Setting(RADIO, (v, h + i * width, v + 12, h + (i + 1) * width - 4), t,
                         param, i, family) for i, t in enumerate(titles))


PANELS: tuple[Panel, ...] = (
    Panel(b"Display", ((12, PANEL_LEFT, b"Scale:"), (62, PANEL_LEFT, b"Colours:")),
          _radios(4, 136, 40, br.HOST_SCALE, 1, (b"Fit", b"1x", b"2x", b"3x", b"4x"))
          + (Setting(CHECK, (20, PANEL_LEFT, 32, 300), b"Full screen (F11)",
                     br.HOST_FULL_SCREEN),)),
    Panel(b"Sound", ((12, PANEL_LEFT, b"Volume:"),),
          (Setting(STEP, (4, 150, 16, 170), b"-", br.USER_VOLUME, -1),
           Setting(STEP, (4, 196, 16, 216), b"+", br.USER_VOLUME, 1),
           Setting(BEEP, (30, PANEL_LEFT, 43, 150), b"Beep"))),
    Panel(b"Mouse", ((12, PANEL_LEFT, b"Tracking:"), (34, PANEL_LEFT, b"Double-click:"),
                     (58, PANEL_LEFT, b"slow"), (58, 292, b"fast")),
          _radios(4, 160, 70, br.HI_MOUSE_RES, 1, (b"Normal", b"Fast"))
          + _radios(50, 124, 34, br.DBL_CLK_TIME, 2, (b"", b"", b"", b"", b""))),
    Panel(b"Speed", (),
          (Setting(RADIO, (4, PANEL_LEFT, 16, 330), b"Normal: 2.8 MHz, as a IIGS",
                   br.SYS_SPEED, br.SPEED_NORMAL, 1),
           Setting(RADIO, (20, PANEL_LEFT, 32, 330), b"Fast: as fast as it can run",
                   br.SYS_SPEED, br.SPEED_FAST, 1))),
    Panel(b"Time", ((12, PANEL_LEFT, b"Now:"), (34, PANEL_LEFT, b"Date:"),
                    (56, PANEL_LEFT, b"Clock:")),
          _radios(26, 130, 70, br.DATE_FORMAT, 1, (b"m/d/y", b"d/m/y", b"y/m/d"))
          + _radios(48, 130, 70, br.CLOCK_FORMAT, 2, (b"AM/PM", b"24 hour"))),
)

PROCS = {RADIO: RADIO_PROC, CHECK: CHECK_PROC, STEP: SIMPLE_PROC, BEEP: SIMPLE_PROC}


@nda
class ControlPanel(NewDeskAccessory):
    """The Control Panel NDA (see the module doc)."""

    menu_name = b"Control Panel"
    period = 60                                 # the Time panel's clock, once a second

    def __init__(self, tb) -> None:
        super().__init__(tb)
        self.panel = 0
        self._title_ptr = 0
        self._controls: dict[int, Setting] = {}  # control handle -> its setting

    # -- values ---------------------------------------------------------------------------
    def value(self, param: int) -> int:
        """A parameter as the panel shows it (the IIGS's 1 MHz speed reads as Normal)."""
        value = self.tb.misc.bram.param(param)
        if param == br.SYS_SPEED and value == br.SPEED_SLOW_IIGS:
            return br.SPEED_NORMAL
        return value

    def control_value(self, setting: Setting) -> int:
        if setting.kind == RADIO:
            return int(self.value(setting.param) == setting.value)
        if setting.kind == CHECK:
            return int(bool(self.value(setting.param)))
        return 0

    # -- the window -----------------------------------------------------------------------
    def open(self) -> None:
        wm = self.tb.wm
        if not self._title_ptr:
            _, self._title_ptr = wm.alloc(len(TITLE) + 1)
            write_pstring(self.tb.mem, self._title_ptr, TITLE)
        self.window = wm.new_window(F_TITLE | F_CLOSE | F_MOVE | F_VIS, self._title_ptr,
                                    0, CONTENT)
        self.window.system = True
        self._make_controls()
        self.draw()
        self.window.update = None

    def close(self) -> None:
        self._controls.clear()
        super().close()

    def show_panel(self, index: int) -> None:
        """Switch to another panel: its controls replace the old ones."""
        self.panel = index % len(PANELS)
        if self.window is None:
            return
        self.tb.ctl.kill_controls(self.window.ptr)
        self._make_controls()
        self.draw()

    def _make_controls(self) -> None:
        ctl = self.tb.ctl
        self._controls.clear()
        for setting in PANELS[self.panel].settings:
            c = ctl.new_control(self.window.ptr, setting.rect, setting.title,
                                setting.family, self.control_value(setting),
                                PROCS[setting.kind])
            self._controls[c.handle] = setting

    # -- where things are (global points, for scripts that click them) -------------------
    def panel_point(self, name: bytes) -> tuple[int, int]:
        """(h, v) of a panel's name in the list."""
        index = [p.name for p in PANELS].index(name)
        top, left = self.window.content[:2]
        return left + LIST_WIDTH // 4, top + index * ROW_HEIGHT + ROW_HEIGHT // 2

    def setting_point(self, name: bytes, title: bytes | None = None,
                      param: int | None = None, value: int | None = None) -> tuple[int, int]:
        """(h, v) of a control of panel `name`: the one with `title`, or the one that
        sets `param` to `value`."""
        panel = PANELS[[p.name for p in PANELS].index(name)]
        for s in panel.settings:
            if (title is not None and s.title == title) or \
                    (title is None and (s.param, s.value) == (param, value)):
                t, l, b, _ = s.rect
                top, left = self.window.content[:2]
                return left + l + 5, top + (t + b) // 2
        raise KeyError(f"no such control in the {name.decode()} panel")

    # -- drawing --------------------------------------------------------------------------
    def draw(self) -> None:
        win = self.window
        if win is None or not win.visible:
            return
        wm, qd = self.tb.wm, self.tb.qd
        with wm.window_drawing(win, wm.local_content(win)):
            qd.SetPenMode(0)
            qd.SetTextFace(0)
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(wm.local_content(win))
            qd.SetForeColor(BLACK)
            qd.SetBackColor(WHITE)
            for i, panel in enumerate(PANELS):
                qd.MoveTo(8, i * ROW_HEIGHT + 12)
                qd.DrawString(panel.name)
                if i == self.panel:
                    qd.InvertRect((i * ROW_HEIGHT + 1, 2, (i + 1) * ROW_HEIGHT,
                                   LIST_WIDTH - 4))
            qd.SetSolidPenPat(BLACK)
            qd.PaintRect((0, LIST_WIDTH, CONTENT[2] - CONTENT[0], LIST_WIDTH + 1))
            for v, h, text in PANELS[self.panel].labels:
                qd.MoveTo(h, v)
                qd.DrawString(text)
            self._draw_extras()
        self.tb.ctl.draw_all(win.ptr)

    def _draw_extras(self) -> None:
        """What a panel shows besides its controls: the volume, colours, clock."""
        qd = self.tb.qd
        name = PANELS[self.panel].name
        if name == b"Sound":
            volume = self.value(br.USER_VOLUME)
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect((2, 172, 16, 194))
            qd.MoveTo(176, 13)
            qd.DrawString(str(volume).encode())
            qd.SetSolidPenPat(BLACK)
            bar = (5, 224, 15, 224 + br.MAX_VOLUME * 6 + 2)
            qd.FrameRect(bar)
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect((bar[0] + 1, bar[1] + 1, bar[2] - 1, bar[3] - 1))
            qd.SetSolidPenPat(BLACK)
            qd.PaintRect((bar[0] + 1, bar[1] + 1, bar[2] - 1, bar[1] + 1 + volume * 6))
        elif name == b"Display":
            self._draw_colours()
        elif name == b"Time":
            self._draw_clock()

    def _draw_colours(self) -> None:
        """The screen's mode and the colours a line can show in it, as swatches."""
        qd = self.tb.qd
        mode640 = bool(qd.master_scb & 0x80)
        qd.MoveTo(150, 62)
        qd.DrawString(b"640 x 200, 4 a line" if mode640 else b"320 x 200, 16 a line")
        count = 4 if mode640 else 16
        width = 64 // count
        for i in range(count):
            h = PANEL_LEFT + i * width
            qd.SetSolidPenPat(i)
            qd.PaintRect((70, h, 82, h + width))
        qd.SetSolidPenPat(BLACK)
        qd.FrameRect((69, PANEL_LEFT - 1, 83, PANEL_LEFT + count * width + 1))

    def _draw_clock(self) -> None:
        qd = self.tb.qd
        text = bytes(c & 0x7F for c in self.tb.misc.ascii_time())
        qd.SetSolidPenPat(WHITE)
        qd.PaintRect((CLOCK_AT[0] - 10, CLOCK_AT[1], CLOCK_AT[0] + 3, 338))
        qd.MoveTo(CLOCK_AT[1], CLOCK_AT[0])
        qd.DrawString(text.rstrip())

    def clock_text(self) -> str:
        """What the Time panel's clock shows now."""
        return bytes(c & 0x7F for c in self.tb.misc.ascii_time()).decode().rstrip()

    # -- actions --------------------------------------------------------------------------
    def action(self, code: int, event=None) -> bool:
        if code == RUN_ACTION:
            if PANELS[self.panel].name == b"Time" and self.window is not None:
                with self.tb.wm.window_drawing(self.window,
                                               self.tb.wm.local_content(self.window)):
                    self._draw_clock()
            return True
        if code != EVENT_ACTION or event is None:
            return False
        if event.what == MOUSE_DOWN_EVT:
            self.click(*self.window.to_local(event.v, event.h))
            return True
        if event.what in (KEY_DOWN_EVT, AUTO_KEY_EVT):
            return self.key(event.message & 0xFF)
        return False

    def key(self, code: int) -> bool:
        """Up and down arrows choose the panel; Esc closes the Control Panel."""
        if code in (KEY_UP, KEY_DOWN):
            self.show_panel(self.panel + (1 if code == KEY_DOWN else -1))
            return True
        if code == KEY_ESC:
            self.close()
            return True
        return False

    def click(self, v: int, h: int) -> None:
        if h < LIST_WIDTH:
            row = v // ROW_HEIGHT
            if 0 <= row < len(PANELS) and row != self.panel:
                self.show_panel(row)
            return
        ctl = self.tb.ctl
        _, hit = ctl.find(self.window.ptr, v, h)
        if hit is None or not ctl.track(hit):
            return
        self.apply(self._controls[hit.handle], hit)

    def apply(self, setting: Setting, control) -> None:
        """Make a control's setting take effect and show it."""
        misc = self.tb.misc
        if setting.kind == BEEP:
            misc.beep()
            return
        if setting.kind == RADIO:
            misc.write_param(setting.param, setting.value)
        elif setting.kind == CHECK:
            misc.write_param(setting.param, 1 - self.control_value(setting))
        elif setting.kind == STEP:
            limit = br.LIMITS[setting.param]
            misc.write_param(setting.param,
                             min(max(self.value(setting.param) + setting.value, 0), limit))
        if self.window is None:
            return
        for handle, other in self._controls.items():
            if other.kind in (RADIO, CHECK):
                c = self.tb.ctl.control(handle)
                if c.value != self.control_value(other):
                    self.tb.ctl.set_value(c, self.control_value(other))
        with self.tb.wm.window_drawing(self.window, self.tb.wm.local_content(self.window)):
            self._draw_extras()
