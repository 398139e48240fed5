"""Random input over whole games: thousands of clicks and keys anywhere (the table, the
menu bar, dialogs that open) never crash the machine, never lose or double a card, and
never corrupt the disk (settings are saved along the way; the image is checked at the end).

CI runs 2,500 events; the full soak is `GIN_KING_SOAK_EVENTS=20000 python -m pytest
tests/app/test_app_soak.py`."""
from __future__ import annotations

import os
import random

from disk import Volume

from gk_table import APPLE, PH_GAMEOVER, PH_NONE

EVENTS = int(os.environ.get("GIN_KING_SOAK_EVENTS", "2500"))
SAVE_EVERY = 500                                         # Save Settings this often
KEYS = "anesz \r" + "1234567890"


def settle(t) -> None:
    """Close whatever dialog or alert random input opened."""
    for _ in range(6):
        if t.s.last_reason != "held":
            return
        t.s.key(0x1B)                                    # Escape: Cancel
        if t.s.last_reason == "held":
            t.s.key("\r")                                # Return: OK
    assert t.s.last_reason != "held"


def test_app_random_input_soak(table_factory, tmp_path):
    rng = random.Random(20261121)
    t = table_factory(seed=555)
    t.choose("File", "New Game")
    games = 1
    for n in range(EVENTS):
        r = rng.random()
        if r < 0.80:                                     # the table, mostly cards
            h, v = rng.randrange(0, 640), rng.randrange(13, 200)
            if rng.random() < 0.6:
                h, v = rng.choice([(225, 62), (275, 62), (335, 62)] +
                                  [(57 + 36 * i, 110) for i in range(11)])
            reason = t.s.click(h, v)
        elif r < 0.95:
            mods = APPLE if rng.random() < 0.3 else 0
            reason = t.s.key(rng.choice(KEYS), mods)
        else:                                            # the menu bar
            reason = t.s.click(rng.randrange(0, 300), 5)
        assert reason in ("idle", "held"), (n, reason)
        settle(t)
        t.check_cards()
        if t.phase in (PH_NONE, PH_GAMEOVER):
            t.choose("File", "New Game")
            games += 1
        if n % SAVE_EVERY == SAVE_EVERY - 1:
            t.choose("File", "Save Settings")
            settle(t)
    assert games >= 1 and t.word("HandNum") >= 1
    image = Volume.open(tmp_path / "g.po")                 # the disk the program booted
    assert image.check() == []
    assert "SETTINGS/GIN.PREFS" in {f"SETTINGS/{e.name}" for e in image.listdir("SETTINGS")}
