"""`system.run_program`: run a IIGS program from a Python test, as `iigs run --headless`
does, and get back what it did: the exit status, what it printed, the screen, the
trace, the profile and what the monitor said (docs/compatibility.md, "Testing your
own program").

    from system import run_program

    def test_prints_six(tmp_path):
        run = run_program("hello.s16", seconds=5, trace="gsos")
        assert run.exit == 0 and run.console == "6\\r"
        assert any('pathname=".CONSOLE"' in line for line in run.trace)
"""
from __future__ import annotations

import contextlib
import io
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np


@dataclass
class ProgramRun:
    """What one run did."""
    exit: int                         # 0 quit, 1 crashed, 2 bad usage, 124 time up
    console: str                      # what the program printed (Text Tools, .CONSOLE)
    output: str                       # the runner's standard output: QuickDraw's strings,
                                      # a crash report, the monitor, the profile
    errors: str                       # the runner's error output
    trace: list[str]                  # --trace lines
    profile: str                      # the --profile table ("" without it)
    screen: np.ndarray | None         # the screen at the end, (200, 640, 3)
    screenshots: list[Path] = field(default_factory=list)   # screenshot_every's PNGs
    machine: Any = None               # the machine, to look at memory and the toolbox


def run_program(program: str | Path | bytes, *, disk: str | Path | None = None,
                seconds: float = 10.0, typed: str = "",
                keys: Sequence[tuple[float, str]] = (), args: list[str] | None = None,
                trace: str = "", profile: bool = False, breaks: Iterable[str] = (),
                break_on: Iterable[str] = (), monitor: Iterable[str] = (),
                screenshot_every: float | None = None,
                screenshot_dir: str | Path | None = None) -> ProgramRun:
    """Run `program` (a load file's path or its bytes) headless for up to `seconds` of
    emulated time. `typed` is console input, `keys` (second, text) key presses, `args`
    a shell command line; `trace` the kinds to trace ("tools,gsos,io,loader"),
    `profile` the profile, `breaks`/`break_on` the stops and `monitor` the commands the
    monitor runs at them (as --monitor-script lines); `screenshot_every` seconds a PNG
    in `screenshot_dir` (default: a temporary folder that is kept)."""
    from system.runner import run
    from system.bench import BenchOptions
    from iigs.options import text_keys
    from system.trace import parse_kinds
    if isinstance(program, (bytes, bytearray)):
        with tempfile.TemporaryDirectory(prefix="iigs-run-") as folder:
            path = Path(folder) / "PROGRAM"
            path.write_bytes(bytes(program))
            return run_program(path, disk=disk, seconds=seconds, typed=typed, keys=keys,
                               args=args, trace=trace, profile=profile, breaks=breaks,
                               break_on=break_on, monitor=monitor,
                               screenshot_every=screenshot_every,
                               screenshot_dir=screenshot_dir)
    options = BenchOptions(trace=parse_kinds(trace) if trace else frozenset(),
                           profile=profile, breaks=list(breaks), break_on=list(break_on),
                           script=list(monitor), keep_trace=True, terminal=False)
    options.trace_sink = io.StringIO()
    shot = None
    if screenshot_every is not None:
        folder = Path(screenshot_dir or tempfile.mkdtemp(prefix="iigs-shots-"))
        folder.mkdir(parents=True, exist_ok=True)
        shot = str(folder / "screen.png")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = run(str(program), disk=str(disk) if disk else None, headless=True,
                     seconds=seconds, typed=typed, args=args,
                     keys=[(when, text_keys(text)) for when, text in keys],
                     screenshot_every=screenshot_every, screenshot=shot, bench=options)
    session = options.session
    machine = session.machine if session is not None else None
    screen = None
    if machine is not None:
        from iigs import video
        screen = video.render(machine.mem)
    shots = sorted(Path(shot).parent.glob("screen-*.png")) if shot else []
    return ProgramRun(status, machine.console.text() if machine is not None else "",
                      out.getvalue(), err.getvalue(),
                      session.trace_lines if session is not None else [],
                      session.profile_report() if session is not None else "",
                      screen, shots, machine)
