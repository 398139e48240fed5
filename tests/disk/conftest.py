"""Fixtures of the disk tests: other processes on a disk (`disk_holder.py`), ended at
the end of each test, so no lock outlives its test."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HOLDER = Path(__file__).with_name("disk_holder.py")
ROOT = Path(__file__).resolve().parents[2]        # this checkout's packages, not another's


class Holder:
    """A process holding a disk (`disk_holder.py`), driven a command at a time."""

    def __init__(self, mode: str, path: Path) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
        self.process = subprocess.Popen(
            [sys.executable, str(HOLDER), mode, str(path)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        ready = self.process.stdout.readline().split(" ", 2)
        assert ready[0] == "ready", ready + [self.process.stderr.read()]
        self.pid = int(ready[1])
        self.read_only = ready[2].strip()

    def ask(self, line: str) -> str:
        """Send one command; its answer (after "ok "), or fail with the error."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().rstrip("\n")
        assert answer.startswith("ok"), (line, answer)
        return answer[3:]

    def end(self) -> str:
        """Quit and wait; what it said on standard error."""
        if self.process.poll() is None:
            self.ask("quit")
        self.process.stdin.close()
        self.process.wait(timeout=60)
        return self.process.stderr.read()


@pytest.fixture
def holder():
    """start(mode, path) -> a Holder; every one still running is killed at the end."""
    started: list[Holder] = []

    def start(mode: str, path: Path) -> Holder:
        h = Holder(mode, path)
        started.append(h)
        return h

    yield start
    for h in started:
        if h.process.poll() is None:
            h.process.kill()
        h.process.wait(timeout=60)
        for stream in (h.process.stdin, h.process.stdout, h.process.stderr):
            if not stream.closed:
                stream.close()
