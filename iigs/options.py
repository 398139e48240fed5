"""Option values the runners take (`python -m iigs run`, `gin-king`), checked where they
are parsed so that a bad one is refused in one line before anything runs.

Seconds of emulated time become cycle counts (seconds x CPU_HZ); nan, an infinity or
1e308 would make that an error deep in the run, a negative count means nothing, and a
screenshot interval shorter than one frame would write thousands of identical files.
So a number of seconds is finite, from a least value (0, or one frame) up to
MAX_EMULATED_SECONDS.
"""
from __future__ import annotations

import argparse
import math
from typing import Callable

# About eleven and a half days of emulated time: far more than any run asks for, small
# enough that seconds x CPU_HZ is an ordinary integer.
MAX_EMULATED_SECONDS = 1_000_000.0
# One video frame (the IIGS refreshes the screen 60 times a second): the shortest
# interval between screenshots that can show something new.
FRAME_SECONDS = 1 / 60


def emulated_seconds(text: str, least: float = 0.0) -> float:
    """`text` as a number of emulated seconds; ValueError in words for anything else."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not least <= value <= MAX_EMULATED_SECONDS:
        low = "one frame (1/60 s)" if least == FRAME_SECONDS else f"{least:g}"
        raise ValueError(f"{text!r} seconds: give a number from {low} to "
                         f"{MAX_EMULATED_SECONDS:,.0f}")
    return value


def seconds_option(least: float = 0.0) -> Callable[[str], float]:
    """An argparse `type=` for a number of emulated seconds of at least `least`."""
    def parse(text: str) -> float:
        try:
            return emulated_seconds(text, least)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    parse.__name__ = "seconds"               # argparse names the type in its errors
    return parse


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusal is one line on stderr, exit status 2 (as
    argparse's own), without the usage block: `--help` shows that."""

    def error(self, message: str) -> None:    # type: ignore[override]
        self.exit(2, f"{self.prog}: {message}; nothing was run (--help lists the "
                     "options)\n")
