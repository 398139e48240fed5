"""`python -m iigs run PROGRAM`: run any S16 load file on the machine.

    python -m iigs run PROGRAM [--disk IMG] [--headless] [--seconds N] [--screenshot PNG]
                               [--strict]

PROGRAM is a file on the host, or, with --disk, a GS/OS pathname of a file on that disk
(":VOLUME:FOLDER:NAME", or a partial one from the volume directory): it is launched
from there, so its resource fork is the one StartUpTools opens. The disk is a ProDOS
image, `.po` or `.2mg` (docs/disk.md); what is no image (a device, a FIFO, a folder)
is refused with one line and left alone, and a read-only image runs read-only.

What the program prints (Text Tools, GS/OS `.CONSOLE`: a C program's printf) appears
on this terminal as it runs, its error output on stderr. Runs until the program quits
(GS/OS Quit) or N seconds of emulated time have passed, then prints a newline if the
program's text did not end with one, the strings QuickDraw drew and where, and the
tool calls the program made that the toolbox lacks (each answered as the Tool Locator
does, with toolNotFoundErr or funcNotFoundErr). With --strict such a call stops the machine instead. A crash prints
the machine's report, shows it on the screen, and exits non-zero.

Exit status: 0 the program quit (or its window was closed), 1 it crashed, 2 bad usage
or unreadable file, 124 the time ran out first (as `timeout` does).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EXIT_QUIT = 0
EXIT_CRASH = 1
EXIT_USAGE = 2
EXIT_TIME_UP = 124

# Emulated seconds a headless run gets when no --seconds is given (it has no one to
# close its window).
HEADLESS_DEFAULT_SECONDS = 60.0


def _make_host(headless: bool) -> Any:
    try:
        from iigs import host as host_mod
    except ImportError:
        return None
    cls = getattr(host_mod, "HeadlessHost" if headless else "WindowHost", None)
    return cls() if cls is not None else None


def _text_log_lines(tb: Any) -> list[str]:
    qd = getattr(tb, "qd", None)
    log = getattr(qd, "text_log", None) or []
    lines = []
    for entry in log:
        if isinstance(entry, tuple) and len(entry) >= 3:     # (h, v, text, port)
            lines.append(f"({entry[0]}, {entry[1]}) {entry[2]}")
        else:
            lines.append(str(entry))
    return lines


def _screenshot(machine: Any, path: str) -> None:
    from iigs import video
    video.save_png(video.render(machine.mem), path)


def _show_report(machine: Any, report: str, interactive: bool) -> None:
    """Put the report on the screen; in a window, keep it there until it is closed."""
    from iigs.report import render_report
    render_report(machine.mem, report)
    host = machine.host
    if host is None or not interactive:
        return
    host.present(machine.mem, machine.tb)
    while not any(i.kind == "quit" for i in host.poll()):
        host.wait(0.1)


def run(program: str, disk: str | None = None, headless: bool = False,
        seconds: float | None = None, screenshot: str | None = None,
        strict: bool = False) -> int:
    """The `run` command; returns the exit status."""
    from disk import DiskError
    from iigs.machine import Machine, MachineError
    from iigs.omf import OMFError
    from toolbox.calls import ToolError
    host = _make_host(headless)
    machine = Machine(host=host, strict=strict)
    from toolbox.text import terminal_echo
    machine.console.echo = terminal_echo     # what the program prints shows here too
    interactive = bool(getattr(host, "interactive", False)) and not headless
    if seconds is None and not interactive:
        seconds = HEADLESS_DEFAULT_SECONDS
    try:
        if disk:
            machine.mount(disk)
            if machine.disk_message:
                print(f"iigs: {machine.disk_message}", file=sys.stderr)
    except DiskError as err:
        print(f"iigs: --disk {disk}: {err}", file=sys.stderr)
        return EXIT_USAGE
    try:
        if disk and not Path(program).is_file():
            machine.load_from_disk(program)  # a program on the disk, forks and all
        else:
            machine.load(program)
    except (OSError, ValueError, OMFError, ToolError) as err:
        print(f"iigs: cannot load {program}: {err}", file=sys.stderr)
        return EXIT_USAGE
    status = EXIT_TIME_UP
    try:
        end = None if seconds is None else machine.elapsed_cycles + int(seconds * 2_800_000)
        while True:
            left = None if end is None else end - machine.elapsed_cycles
            if left is not None and left <= 0:
                print(f"iigs: time up after {seconds:g} s of emulated time")
                break
            reason = machine.run(max_cycles=left)
            if reason in ("quit", "closed", "returned"):
                status = EXIT_QUIT
                break
    except MachineError as err:
        print(err.report)
        _show_report(machine, err.report, interactive)
        status = EXIT_CRASH
    if machine.console.output and machine.console.text()[-1:] != "\n":
        print()                              # the program's last line is its own
    for line in _text_log_lines(machine.tb):
        print(line)
    if status != EXIT_CRASH:                 # a crash report lists them already
        from iigs.report import missing_lines
        for line in missing_lines(machine.missing_calls())[1:]:
            print(line)
    if screenshot:
        if status != EXIT_CRASH:
            machine.tb.text.present()        # the last of the program's text
        _screenshot(machine, screenshot)
    if host is not None and hasattr(host, "close"):
        host.close()
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iigs",
                                     description="Run IIGS programs on the machine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="run an S16 load file")
    p.add_argument("program")
    p.add_argument("--disk", help="ProDOS disk image for GS/OS")
    p.add_argument("--headless", action="store_true", help="no window")
    p.add_argument("--seconds", type=float, help="stop after N seconds of emulated time")
    p.add_argument("--screenshot", help="save the screen as a PNG at the end")
    p.add_argument("--strict", action="store_true",
                   help="stop the machine at a tool call the toolbox lacks")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) and EXIT_USAGE
    return run(args.program, disk=args.disk, headless=args.headless, seconds=args.seconds,
               screenshot=args.screenshot, strict=args.strict)


if __name__ == "__main__":
    raise SystemExit(main())
