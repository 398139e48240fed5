"""The programmer's bench of `iigs run`: its options and one run's session.

`add_arguments` puts --trace, --trace-file, --profile, --break, --break-on and
--monitor-script on the run command; `BenchOptions.from_args` reads them (ValueError
for a bad one); `Session` installs, on one machine, only what was asked for (the
traces `system.trace`, the monitor `system.monitor`, the profile `system.profile`), so a
run without them is the run it always was.
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from system.symbols import Symbols


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The bench's options of the run command (docs/compatibility.md)."""
    p.add_argument("--trace", metavar="KINDS",
                   help="trace tools,gsos,io,irq,loader (one line per event)")
    p.add_argument("--trace-file", metavar="F", help="the trace goes to F, not stderr")
    p.add_argument("--profile", action="store_true",
                   help="print where the cycles went, by routine, and the tool calls")
    p.add_argument("--break", dest="breaks", action="append", default=[],
                   metavar="ADDR", help="stop at BB/AAAA or SEGNAME+OFFSET (repeatable)")
    p.add_argument("--break-on", action="append", default=[], metavar="WHAT",
                   help="stop on brk,failure,tool:NAME,io:$C0xx (repeatable)")
    p.add_argument("--monitor-script", metavar="F",
                   help="monitor commands to run at the stops, one a line")


@dataclass
class BenchOptions:
    """What the bench does in one run (empty: nothing)."""
    trace: frozenset[str] = frozenset()
    trace_file: str | None = None
    profile: bool = False
    breaks: list[str] = field(default_factory=list)
    break_on: list[str] = field(default_factory=list)
    script: list[str] = field(default_factory=list)
    keep_trace: bool = False          # keep the trace lines (`system.harness`)
    trace_sink: TextIO | None = None  # where the trace goes (default: the file or stderr)
    terminal: bool | None = None      # the monitor may read the terminal (None: a tty)
    session: Any = None               # the run's `Session`, once made

    @property
    def monitor(self) -> bool:
        return bool(self.breaks or self.break_on or self.script)

    @property
    def active(self) -> bool:
        return bool(self.trace or self.profile or self.monitor or self.keep_trace)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> "BenchOptions":
        from system.monitor import parse_break_on
        from system.trace import parse_kinds
        options = cls(profile=bool(args.profile), breaks=list(args.breaks),
                      break_on=list(args.break_on), trace_file=args.trace_file)
        if args.trace is not None:
            options.trace = parse_kinds(args.trace)
        elif args.trace_file:
            raise ValueError("--trace-file needs --trace KINDS")
        parse_break_on(options.break_on)           # refused now, before any run
        if args.monitor_script:
            try:
                options.script = Path(args.monitor_script).read_text(
                    errors="replace").splitlines()
            except OSError as err:
                raise ValueError(f"--monitor-script {args.monitor_script!r}: cannot be "
                                 f"read ({err.strerror or err})") from None
        return options


class Session:
    """The bench on one machine: created before the program loads, `after_load` once it
    has, `finish` at the end of the run."""

    def __init__(self, machine: Any, options: BenchOptions, window: bool = False) -> None:
        from system.monitor import Monitor, parse_break_on
        self.machine = machine
        self.options = options
        options.session = self
        self.symbols = Symbols(machine)
        self.tracer = self.monitor = self.profiler = None
        self._trace_file: TextIO | None = None
        if options.trace:
            from system.trace import Tracer
            sink = options.trace_sink
            if sink is None and options.trace_file:
                try:
                    sink = self._trace_file = open(options.trace_file, "w")
                except OSError as err:
                    raise ValueError(f"--trace-file {options.trace_file!r}: cannot be "
                                     f"written ({err.strerror or err})") from None
            self.tracer = Tracer(machine, options.trace,
                                 sink if sink is not None else sys.stderr,
                                 keep=options.keep_trace, symbols=self.symbols)
            self.tracer.attach()
        if options.monitor or window:
            self.monitor = Monitor(machine, self.symbols, options.script,
                                   terminal=options.terminal)
            (self.monitor.break_brk, self.monitor.break_failure, self.monitor.break_tools,
             self.monitor.break_io) = parse_break_on(options.break_on)
            self.monitor.attach()
        if options.profile:
            from system.profile import Profiler
            self.profiler = Profiler(machine, self.symbols)
            self.profiler.attach()

    def after_load(self) -> None:
        """Resolve --break addresses against the loaded segments (ValueError)."""
        if self.monitor is not None:
            for spec in self.options.breaks:
                try:
                    self.monitor.add_break(spec)
                except ValueError as err:
                    raise ValueError(f"--break {err}") from None

    @property
    def trace_lines(self) -> list[str]:
        return self.tracer.lines if self.tracer is not None else []

    def profile_report(self) -> str:
        return self.profiler.report() if self.profiler is not None else ""

    def finish(self) -> None:
        """The run is over: print the profile, then `close`."""
        if self.profiler is not None:
            print(self.profiler.report())
        self.close()

    def close(self) -> None:
        """Close the trace file, give Control-C back (a run that ends before it ran,
        too)."""
        if self._trace_file is not None:
            self._trace_file.close()
            self._trace_file = None
        elif self.tracer is not None and self.tracer.sink is not None:
            self.tracer.sink.flush()
        if self.monitor is not None:
            self.monitor.detach()
