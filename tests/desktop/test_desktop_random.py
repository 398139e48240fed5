"""Robustness: a seeded random stream of clicks, drags and keys against the demo never
crashes the machine, and the toolbox's bookkeeping stays consistent."""
import random

from gin_king.automation import Session
from iigs.hostinput import APPLE_KEY
from system.demo import build

KEYS = "abcxyz 123" + "\r\x1b\t\x08\x15\x7f"


def test_random_events_never_crash_the_demo():
    rng = random.Random(1986)
    s = Session(build().load_file)
    try:
        assert s.run_until_idle() == "idle"
        for step in range(250):
            roll = rng.random()
            if roll < 0.5:
                s.click(rng.randrange(640), rng.randrange(200))
            elif roll < 0.65:
                s.drag(rng.randrange(640), rng.randrange(200), rng.randrange(640),
                       rng.randrange(200))
            elif roll < 0.9:
                s.key(rng.choice(KEYS))
            else:
                s.key(rng.choice("nsx"), APPLE_KEY)     # menu keys, never Quit
            assert s.last_reason in ("idle", "held"), (step, s.last_reason)
            # at most one modal dialog, and it is the front window
            dialogs = list(s.tb.dlg.dialogs.values())
            assert len(dialogs) <= 1
            if dialogs:
                assert s.tb.wm.front() is dialogs[0].window
            # every control belongs to a window that exists
            owners = {w.ptr for w in s.tb.wm.windows}
            assert all(c.owner in owners for c in s.tb.ctl.controls.values())
    finally:
        s.close()
