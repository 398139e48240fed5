"""Random input over whole games: thousands of clicks and keys anywhere (the table, the
menu bar, dialogs that open) never crash the machine and never lose or double a card."""
from __future__ import annotations

import random

from gk_table import APPLE, PH_GAMEOVER, PH_NONE

EVENTS = 2500
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


def test_app_random_input_soak(table_factory):
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
    assert games >= 1 and t.word("HandNum") >= 1
