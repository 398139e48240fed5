"""The line the first start shows while GIN.KING is assembled (issue 38 §5).

Building takes from 20 s to a minute on a slow machine, once per install (and again
only when a source changes): `ensure_built` says so on stderr in one line, what is being
built and why, with a bar that fills as the units are assembled and the time it took:

    Building GIN.KING (first start only)… [############------------] 13/25

On a terminal the bar is redrawn in place (carriage return); into a pipe or a log the
line is written once, and the time appended when the build is done, so a log holds one
line, not one per unit.
"""
from __future__ import annotations

import sys
import time
from typing import TextIO

BAR_WIDTH = 24


class BuildProgress:
    """One progress line on `stream` for building `name`, `reason` in brackets."""

    def __init__(self, name: str, reason: str, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.head = f"Building {name} ({reason}){self._ellipsis()}"
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.started = time.perf_counter()
        self._write(self.head + ("" if self.live else " "))

    def _ellipsis(self) -> str:
        try:
            "…".encode(getattr(self.stream, "encoding", None) or "ascii")
            return "…"
        except (UnicodeEncodeError, LookupError):
            return "..."

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):      # a closed or broken stderr must not stop a build
            pass

    @staticmethod
    def bar(done: int, total: int) -> str:
        """`[#####-----] 5/10`"""
        filled = BAR_WIDTH * done // total if total else BAR_WIDTH
        return f"[{'#' * filled}{'-' * (BAR_WIDTH - filled)}] {done}/{total}"

    def step(self, done: int, total: int) -> None:
        """`done` of `total` steps are finished."""
        if self.live:
            self._write(f"\r{self.head} {self.bar(done, total)}")

    def finish(self, ok: bool = True) -> None:
        """End the line: the time it took, or that it failed."""
        seconds = time.perf_counter() - self.started
        end = f"done in {seconds:.0f} s" if ok else "failed"
        self._write((" " if self.live else "") + end + "\n")
