"""A whole QuickDraw II scene rendered to RGB and compared with a reference PNG.

The reference (qd_reference_scene.png, 640 x 200, kept beside this file) was made by
this drawing and checked by eye; the test allows a small share of pixels to differ so
that a deliberate one-pixel glyph tweak fails loudly only when it matters. To remake
it after a deliberate change:
    python -c "import sys; sys.path.insert(0, 'tests/quickdraw'); \
import test_qd_screenshot as t; t.save_reference()"
"""
from pathlib import Path

import numpy as np

from iigs import video
from toolbox import quickdraw as q
from toolbox.toolbox import Toolbox

REFERENCE = Path(__file__).with_name("qd_reference_scene.png")
MAX_DIFFERENT_PIXELS = 0.002          # share of the 128,000 pixels


def draw_scene() -> np.ndarray:
    """A desktop: menu bar, a window with a table of cards, a dialog-ish box."""
    tb = Toolbox(bytearray(1 << 24))
    qd = tb.qd
    qd.QDStartUp(0x1000, q.MODE_640, 0, 0x1001)
    # desktop: the Finder's dithered blue-grey (pattern of 1s and 2s)
    qd.FillRect((0, 0, 200, 640), bytes([0x66, 0x66, 0x99, 0x99] * 4) + bytes(16))
    # menu bar
    qd.SetSolidPenPat(3)
    qd.PaintRect((0, 0, 12, 640))
    qd.SetSolidPenPat(0)
    qd.PaintRect((12, 0, 13, 640))
    for h, title in ((10, "@"), (30, "File"), (70, "Edit"), (110, "Options"),
                     (170, "Players")):
        qd.MoveTo(h, 9)
        qd.DrawString(title)
    # a window: frame, title bar with its stripes, content
    win = (24, 20, 190, 420)
    qd.SetSolidPenPat(3)
    qd.PaintRect(win)
    qd.SetSolidPenPat(0)
    qd.FrameRect(win)
    qd.PaintRect((win[0] + 11, win[1], win[0] + 12, win[3]))
    for v in range(win[0] + 2, win[0] + 10, 2):
        qd.MoveTo(win[1] + 2, v)
        qd.LineTo(win[3] - 3, v)
    qd.SetSolidPenPat(3)
    qd.PaintRect((win[0] + 1, 180, win[0] + 11, 260))
    qd.MoveTo(190, win[0] + 9)
    qd.DrawString("Gin King")
    # the table: green felt inside the window
    qd.OpenPort(tb.mm.deref(tb.mm.new_handle(q.PORT_SIZE, 0x1001, 0)))
    qd.SetPortRect((0, 0, 153, 398))
    qd.MovePortTo(21, 36)
    qd.SetSolidPenPat(2)
    qd.PaintRect((0, 0, 153, 398))
    for i, card in enumerate(("A♠", "10♥", "J♦", "Q♣", "K♥")):
        r = (10, 10 + 44 * i, 60, 50 + 44 * i)
        qd.SetSolidPenPat(3)
        qd.PaintRRect(r, 10, 8)
        qd.SetSolidPenPat(0)
        qd.FrameRRect(r, 10, 8)
        qd.SetForeColor(1 if card[-1] in "♥♦" else 0)
        qd.SetBackColor(3)
        qd.MoveTo(r[1] + 4, r[0] + 10)
        qd.DrawString(card)
    qd.SetForeColor(3)
    qd.SetBackColor(2)
    qd.SetTextFace(q.BOLD)
    qd.MoveTo(10, 90)
    qd.DrawString("Willy knocks with 6.")
    qd.SetTextFace(0)
    qd.SetTextMode(q.MODE_FORE_COPY)
    qd.MoveTo(10, 104)
    qd.DrawString("Deadwood: 6   Score 37 - 112")
    qd.SetSolidPenPat(1)
    qd.PaintOval((110, 300, 145, 380))
    qd.SetSolidPenPat(0)
    qd.SetPenSize(2, 1)
    qd.FrameOval((110, 300, 145, 380))
    qd.PenNormal()
    qd.MoveTo(10, 120)
    qd.LineTo(250, 145)
    qd.InvertRect((125, 20, 140, 120))
    # a dialog on the screen port, over everything
    qd.SetPort(0x1000 + q.DP_SCREEN_PORT)
    box = (120, 380, 180, 620)
    qd.SetSolidPenPat(3)
    qd.PaintRect(box)
    qd.SetSolidPenPat(0)
    qd.SetPenSize(2, 1)
    qd.FrameRect(box)
    qd.PenNormal()
    qd.MoveTo(392, 136)
    qd.DrawString("Play another hand?")
    qd.FrameRRect((150, 540, 166, 600), 12, 8)
    qd.MoveTo(558, 161)
    qd.DrawString("OK")
    return video.render(tb.mem)


def save_reference() -> None:
    video.save_png(draw_scene(), REFERENCE)


def test_scene_matches_reference_png():
    frame = draw_scene()
    reference = video.load_png(REFERENCE)
    assert reference.shape == frame.shape
    different = np.any(np.abs(frame.astype(int) - reference.astype(int)) > 8, axis=2)
    assert different.mean() <= MAX_DIFFERENT_PIXELS, different.sum()


def test_scene_has_the_expected_colours():
    # 640-mode standard table: black, red/blue, green/yellow and white all appear
    frame = draw_scene()
    colours = {tuple(c) for c in frame.reshape(-1, 3)[::7]}
    for want in ((0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 0, 255), (0, 255, 0),
                 (255, 255, 0)):
        assert want in colours
