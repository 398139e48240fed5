"""Reference screenshots of the desktop look, compared with a tolerance.

docs/screens/ holds the references: the menu bar with the colour Apple, a pulled-down
menu with a checked and a dimmed item, the Settings dialog and the About alert. Set
GIN_KING_UPDATE_SCREENS=1 to write them again after a deliberate change of look."""
import os
from pathlib import Path

import numpy as np
import pytest

from gin_king.automation import Session
from iigs import video
from system.demo import build

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
UPDATE = os.environ.get("GIN_KING_UPDATE_SCREENS") == "1"
TOLERANCE = 0.001          # at most 0.1 % of the pixels may differ


@pytest.fixture(scope="module")
def session():
    s = Session(build().load_file)
    s.run_until_idle()
    yield s
    s.close()


def compare(session, name: str) -> None:
    frame = video.double_lines(session.frame())
    path = SCREENS / f"{name}.png"
    if UPDATE:
        SCREENS.mkdir(parents=True, exist_ok=True)
        video.save_png(frame, str(path))
    reference = video.load_png(str(path))
    assert reference.shape == frame.shape
    differing = np.any(reference != frame, axis=2).mean()
    assert differing <= TOLERANCE, f"{name}: {differing:.2%} of the pixels differ"


def test_menu_bar(session):
    compare(session, "menu_bar")


def test_pulled_down_menu_with_checked_and_dimmed_items(session):
    assert session.pull_down("Options") == "held"
    compare(session, "menu_options")
    session.release(600, 150)                      # let go outside: nothing chosen
    assert session.tb.menu.hilited == 0


def test_dialog(session):
    assert session.choose("Options", "Settings...") == "held"
    compare(session, "dialog_settings")
    session.key(0x1B)


def test_alert(session):
    assert session.choose("@", "About Demo...") == "held"
    compare(session, "alert_about")
    session.key(0x0D)
