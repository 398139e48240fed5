"""`gin-king bench idle`: CPU used by an idle window waiting for input.

Budget in docs/architecture.md: <= 5 % of one core. A WindowHost (SDL's dummy video driver
unless a display is wanted with --display) shows a QuickDraw II desktop with the cursor
visible and loops present() + poll() + wait(1/60) for a few seconds with no input, as
the Event Manager does while the program waits; process CPU time / wall time is the
share of a core. A SysBeep through the DOC first opens the audio mixer (SDL's dummy
audio driver unless --display), so the idle figure includes sound being available.
"""
from __future__ import annotations

import argparse
import os
import time

BUDGET_PERCENT = 5.0


def measure(seconds: float) -> float:
    """Percent of one core used while idling for `seconds`."""
    from iigs.host import WindowHost
    from toolbox.toolbox import Toolbox

    host = WindowHost(scale=1)
    tb = Toolbox(bytearray(1 << 24), host=host)
    tb.qd.QDStartUp(0x1000, 0x80, 0, 0)
    tb.qd.InitCursor()
    try:
        tb.misc.beep()                     # the mixer opens and plays the beep
        host.present(tb.mem, tb)
        cpu0, wall0 = time.process_time(), time.monotonic()
        while time.monotonic() - wall0 < seconds:
            host.present(tb.mem, tb)
            host.poll()
            host.wait(1 / 60)
        cpu, wall = time.process_time() - cpu0, time.monotonic() - wall0
    finally:
        host.close()
    return 100 * cpu / wall


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gin-king bench idle")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--display", action="store_true",
                        help="use the real display instead of SDL's dummy driver")
    args = parser.parse_args(argv)
    if not args.display:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    percent = measure(args.seconds)
    print(f"idle {percent:.2f} % of a core over {args.seconds:.1f} s, budget "
          f"{BUDGET_PERCENT:.0f} %: ratio {BUDGET_PERCENT / max(percent, 1e-9):.2f}x "
          f"{'OK' if percent <= BUDGET_PERCENT else 'OVER'}")
    return 0 if percent <= BUDGET_PERCENT else 1
