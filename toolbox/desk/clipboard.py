"""The clipboard window ShowClipboard opens (Scrap Manager, System 6; scrap.h's
cpOpenWindow / cpCloseWindow): a system window the Desk Manager drives as it drives a
desk accessory's -- TaskMaster gives its clicks to SystemClick, its close box closes
it -- but not listed in the Apple menu. It shows the text scrap, one line per return,
drawn from the top left of its content in the system font; a scrap with no text shows
an empty window (pictures are not drawn here: docs/compatibility.md).
"""
from __future__ import annotations

from iigs.memory import write_pstring
from toolbox.desk.nda import NewDeskAccessory
from toolbox.quickdraw import Rect
from toolbox.window import F_CLOSE, F_MOVE, F_TITLE, F_VIS

TITLE = b"Clipboard"
DEFAULT_CONTENT: Rect = (40, 40, 150, 400)   # assumed: rectPtr NIL (top, left, bottom, right)
TEXT_SCRAP = 0x0000
LINE_HEIGHT = 10                  # the system font's 8 points and leading
MARGIN = 4
WHITE, BLACK = 3, 0               # 640-mode colours
CR = 0x0D


class ClipboardWindow(NewDeskAccessory):
    """The clipboard's system window (one per Toolbox)."""

    event_mask = 0                # it takes no events: clicks only drag and close it

    def __init__(self, tb) -> None:
        super().__init__(tb)
        self._title_ptr = 0

    def show(self, content: Rect | None) -> None:
        """Open it (content: its content rectangle, global; None the default), or bring
        it to the front and draw it again."""
        wm = self.tb.wm
        if self.window is not None:
            wm.select(self.window)
            self.draw()
            return
        if not self._title_ptr:
            _, self._title_ptr = wm.alloc(len(TITLE) + 1)
            write_pstring(self.tb.mem, self._title_ptr, TITLE)
        self.window = wm.new_window(F_TITLE | F_CLOSE | F_MOVE | F_VIS, self._title_ptr,
                                    0, content or DEFAULT_CONTENT)
        self.window.system = True
        self.draw()
        self.window.update = None

    def open(self) -> None:
        self.show(None)

    def draw(self) -> None:
        win = self.window
        if win is None or not win.visible:
            return
        wm, qd = self.tb.wm, self.tb.qd
        text = self.tb.scrap.current(TEXT_SCRAP)
        area = wm.local_content(win)
        with wm.window_drawing(win, area):
            qd.SetPenMode(0)
            qd.SetSolidPenPat(WHITE)
            qd.PaintRect(area)
            qd.SetForeColor(BLACK)
            qd.SetBackColor(WHITE)
            lines = text.split(bytes([CR]))
            for i, line in enumerate(lines[:(area[2] - area[0]) // LINE_HEIGHT + 1]):
                qd.MoveTo(MARGIN, (i + 1) * LINE_HEIGHT - 2)
                qd.DrawText(line)
