"""`iigs run PROGRAM` (or `python -m system run PROGRAM`): run any S16 load file on
the machine. The runner composes the hardware, the toolbox and the disk, so it lives
on the system floor (docs/architecture.md).

    iigs run PROGRAM [--disk IMG] [--headless] [--seconds N] [--screenshot PNG]
                     [--screenshot-every S] [--strict] [--type TEXT]
                     [--keys T:TEXT ...] [--mouse T:X,Y[,down|up] ...]
                     [--choose MENU/ITEM ...]
                     [--trace KINDS [--trace-file F]]
                     [--profile] [--break ADDR ...] [--break-on WHAT ...]
                     [--monitor-script F] [-- ARGS ...]

PROGRAM is a file on the host, or, with --disk, a GS/OS pathname of a file on that disk
(":VOLUME:FOLDER:NAME", or a partial one from the volume directory): it is launched
from there, so its resource fork is the one StartUpTools opens. The disk is a ProDOS
image, `.po` or `.2mg` (docs/disk.md); what is no image (a device, a FIFO, a folder)
is refused with one line and left alone, and a read-only image runs read-only.

What the program prints (Text Tools, GS/OS `.CONSOLE`: a C program's printf) appears
on this terminal as it runs, its error output on stderr; on a terminal the 80-column
firmware's screen codes (clear, cursor moves, inverse) become ANSI sequences. Runs
until the program quits (GS/OS Quit) or N seconds of emulated time have passed, then
prints a newline if the program's text did not end with one, the strings QuickDraw
drew and where, and the tool calls the program made that the toolbox lacks (each
answered as the Tool Locator does, with toolNotFoundErr or funcNotFoundErr). With
--strict such a call stops the machine instead. A crash prints the machine's report,
shows it on the screen, and exits non-zero.

Input for a run without anyone at the keyboard:
  --type TEXT      console input, read by the program as typed (`\n` is Return, `\t`
                   a tab, `\\` a backslash); when this runner's own standard input is
                   not a terminal, what it holds follows (a pipe, a file)
  --keys T:TEXT    key presses at emulated second T (repeatable): each character goes
                   down and up, as a person's would; TEXT that names a key, with
                   modifiers or without, is that key: Escape, Return, Tab, Delete,
                   Left, Right, Up, Down, Space, and Command-, Option-, Control-,
                   Shift- before a key or one character (`--keys 1:Command-Q`)
  --mouse T:X,Y[,down|up]  at emulated second T the pointer goes to X,Y of the
                   640 x 200 screen (repeatable), then the button goes down or up
                   (a run with --keys or --mouse is headless: they are its input)
  -- ARGS          a command line, as the ORCA and GS/OS shells hand one to a shell
                   program (ProDOS type $B5, which gets its own name alone without
                   ARGS): X/Y point to "BYTEWRKS" and the line "PROGRAM ARGS"
  --choose MENU/ITEM  a menu choice made with the mouse the first time the program
                   waits for input with that menu in its bar, in order (repeatable):
                   "Apple/NAME" opens a desk accessory; the run is headless
  --screenshot-every S   a PNG every S emulated seconds, NAME-0001.png ... beside the
                   --screenshot PATH (default screen.png)

A bad option value is refused in one line before anything runs: seconds (--seconds,
--keys T, --mouse T, --screenshot-every S) are finite numbers from 0 (S: one frame,
1/60 s) to 1,000,000; --type and --keys text is what the IIGS keyboard types
(ASCII), a --keys name one it has, --mouse a point of the screen and down or up.
PROGRAM must be a regular file (a FIFO, a device or a folder is named and refused, never
opened), and --screenshot a regular file or a new one in a folder that is there; a
--screenshot-every series stops, said in one line, at NAME-9999 or at a file it
cannot write.

The programmer's bench (docs/bench.md): --trace tools,gsos,io,irq,loader writes a line
per event (to stderr, or --trace-file F); --profile prints where the cycles went;
--break ADDR (BB/AAAA or SEGNAME+OFFSET), --break-on brk,failure,tool:NAME,io:$C0xx,
Control-C, or the Pause key in the window stop the machine in a monitor that takes
commands from --monitor-script F, then the terminal.

Exit status: 0 the program quit (or its window was closed), 1 it crashed, 2 bad usage
or unreadable file, 124 the time ran out first (as `timeout` does), 141 what reads this
runner's output went away (`| head`: the run stops quietly, as a shell reports a
program that SIGPIPE ended).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from iigs import hostfile
from system.menuchoice import parse_choice
from iigs.options import (FRAME_SECONDS, KeyPress, MouseStep, OneLineParser, keys_option,
                          mouse_option, seconds_option, typeable, unescape)

EXIT_QUIT = 0
EXIT_CRASH = 1
EXIT_USAGE = 2
EXIT_TIME_UP = 124
EXIT_BROKEN_PIPE = 128 + 13             # 128 + SIGPIPE

# A load file larger than the 24-bit address space cannot be one (it is refused before
# it is read); screenshots are numbered NAME-0001 ... NAME-9999.
MAX_LOAD_FILE_BYTES = 1 << 24
MAX_SCREENSHOTS = 9999

# Emulated seconds a headless run gets when no --seconds is given (it has no one to
# close its window).
HEADLESS_DEFAULT_SECONDS = 60.0
DEFAULT_SCREENSHOT = "screen.png"
SHELL_FILE_TYPE = 0xB5                     # ProDOS EXE: a shell program
COMMAND = "iigs"                           # the installed command (pyproject.toml)


def _make_host(headless: bool) -> Any:
    try:
        from iigs import host as host_mod
    except ImportError:
        return None
    cls = getattr(host_mod, "HeadlessHost" if headless else "WindowHost", None)
    return cls() if cls is not None else None


def _text_log_lines(tb: Any) -> list[str]:
    log = tb.qd.text_log
    lines = []
    for entry in log:
        if isinstance(entry, tuple) and len(entry) >= 3:     # (h, v, text, port)
            lines.append(f"({entry[0]}, {entry[1]}) {entry[2]}")
        else:
            lines.append(str(entry))
    return lines


def _screenshot(machine: Any, path: str | Path) -> None:
    """The screen as a PNG at `path`; hostfile.HostPathRefused when it cannot go there."""
    from iigs import textscreen, video
    hostfile.write_file(path, video.png_bytes(textscreen.screen_frame(machine)),
                        "a PNG file")


def _refusal(program: str, screenshot: str | None,
             screenshot_every: float | None, from_disk: bool) -> str | None:
    """The line refusing the run before anything is made, or None: the program must
    be a regular file of a load file's size (unless it is on the disk), and a
    screenshot must have somewhere to go, judged before the machine starts."""
    try:
        if not from_disk:
            hostfile.check_readable(program, "a load file", MAX_LOAD_FILE_BYTES)
        if screenshot or screenshot_every:
            hostfile.check_writable(screenshot or DEFAULT_SCREENSHOT, "a PNG file")
    except hostfile.HostPathRefused as err:
        return f"iigs: {err}; nothing was run"
    return None


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


def _stdin_source() -> Callable[[], bytes] | None:
    """This runner's standard input as the console's source, when it is a pipe or a
    file (never a terminal, whose keys go to the window); a line at a time, so a
    program's prompts and answers interleave as they would with a person."""
    try:
        stream = sys.stdin.buffer
        if sys.stdin.isatty():
            return None
    except (AttributeError, OSError, ValueError):       # no standard input at all
        return None

    def read_line() -> bytes:
        try:
            return stream.readline()
        except (OSError, ValueError):
            return b""
    return read_line


def _scripted_inputs(keys: Sequence[tuple[float, Sequence[KeyPress]]],
                     mouse: Sequence[MouseStep]) -> list[tuple[float, list[Any]]]:
    """The host inputs `--keys` and `--mouse` make, by emulated second: each key down
    and up, the pointer's move and then its button."""
    from iigs.hostinput import HostInput
    timed = [(t, [HostInput(kind, key=k.code, modifiers=k.modifiers)
                  for k in presses for kind in ("key", "keyup")]) for t, presses in keys]
    for step in mouse:
        moves = [HostInput("move", step.h, step.v)]
        if step.action:
            moves.append(HostInput(step.action, step.h, step.v))
        timed.append((step.seconds, moves))
    return timed


def _keyed_host(keys: Sequence[tuple[float, Sequence[KeyPress]]],
                mouse: Sequence[MouseStep] = ()) -> Any:
    """A headless host that gives `keys` (emulated second, key presses) and the
    `mouse` steps at their times."""
    from iigs.host import HeadlessHost
    from iigs.machine import CPU_HZ

    class KeyedHost(HeadlessHost):
        """Input due at emulated times: `due()` queues what is due; a program blocked
        reading the keyboard inside a tool call (ReadChar, ReadLine, a modal dialog)
        is not held up: the clock skips to the next input, as a person's pause would
        pass on a IIGS."""

        def __init__(self) -> None:
            super().__init__()
            self.machine: Any = None
            timed = _scripted_inputs(keys, mouse)
            self.schedule = sorted(((int(t * CPU_HZ), n, inputs)
                                    for n, (t, inputs) in enumerate(timed)),
                                   key=lambda entry: entry[:2])

        def due(self) -> None:
            now = self.machine.elapsed_cycles
            while self.schedule and self.schedule[0][0] <= now:
                for inp in self.schedule.pop(0)[2]:
                    self.push(inp)

        def next_at(self) -> int | None:
            return self.schedule[0][0] if self.schedule else None

        def block_until_input(self) -> bool:
            if not self.schedule:
                return False
            self.machine.skip_idle_to(self.schedule[0][0])
            self.due()
            return True

    return KeyedHost()


def _command_line(machine: Any, program: str, args: list[str] | None) -> None:
    """The shell's command line for a shell program (type $B5) or when ARGS are given."""
    shell_program = False
    gs = machine.tb.gsos
    if gs.volume is not None and not Path(program).is_file():
        # launched from the disk (load_from_disk found it), so its entry is there
        info = gs.volume.info(gs.on_volume(gs.resolve(program)))
        shell_program = info.file_type == SHELL_FILE_TYPE
    if args is None and not shell_program:
        return
    name = program.replace("\\", "/").split("/")[-1].split(":")[-1]
    words = [name] + [f'"{a}"' if (" " in a or not a) else a for a in args or []]
    machine.set_command_line(" ".join(words))


def run(program: str, disk: str | None = None, headless: bool = False,
        seconds: float | None = None, screenshot: str | None = None,
        strict: bool = False, typed: str = "",
        keys: Sequence[tuple[float, Sequence[KeyPress]]] = (),
        args: list[str] | None = None, screenshot_every: float | None = None,
        stdin: bool = False, bench: Any = None, mouse: Sequence[MouseStep] = (),
        choices: Sequence[tuple[str, str]] = ()) -> int:
    """The `run` command; returns the exit status. `typed` is console input, `keys`
    (second, key presses) and `mouse` the scripted input (`iigs.options`), `args` the
    shell command line's arguments, `stdin`
    whether this process's standard input follows `typed` as console input, `bench`
    the traces, profile and monitor asked for (`system.bench.BenchOptions`), `choices`
    the --choose menu choices (menu, item)."""
    from_disk = bool(disk) and not os.path.exists(program)
    refused = _refusal(program, screenshot, screenshot_every, from_disk)
    if refused:                              # before the machine is even imported
        print(refused, file=sys.stderr)
        return EXIT_USAGE
    from disk import DiskError
    from iigs.machine import CPU_HZ, MachineError
    from system.machine import Machine
    from system.monitor import MonitorQuit
    from iigs.omf import OMFError
    from toolbox.calls import ToolError
    from toolbox.console import terminal_echo
    from system.menuchoice import Choices
    menu_choices = Choices(list(choices))        # --choose: a headless run's input
    scripted = bool(keys or mouse)
    host = _keyed_host(keys, mouse) if scripted else _make_host(headless or bool(choices))
    machine = Machine(host=host, strict=strict)
    if scripted:
        host.machine = machine
    console = machine.console
    console.echo = terminal_echo             # what the program prints shows here too
    console.ansi = sys.stdout.isatty()
    console.feed(typed)
    if stdin:
        console.source = _stdin_source()
    interactive = bool(getattr(host, "interactive", False)) and not headless
    if seconds is None and not interactive:
        seconds = HEADLESS_DEFAULT_SECONDS
    try:
        if disk:
            machine.mount(disk)
            if machine.disk_message:
                print(f"iigs: {machine.disk_message}", file=sys.stderr)
            if machine.tb.misc.bram.message:      # the battery RAM beside the disk
                print(f"iigs: {machine.tb.misc.bram.message}", file=sys.stderr)
    except DiskError as err:
        print(f"iigs: --disk {disk}: {err}", file=sys.stderr)
        return EXIT_USAGE
    session = None                           # the bench (a window has its stop key)
    try:
        if (bench is not None and bench.active) or interactive:
            from system.bench import BenchOptions, Session
            session = Session(machine, bench or BenchOptions(), window=interactive)
    except ValueError as err:
        print(f"iigs: {err}", file=sys.stderr)
        machine.release_disk()
        return EXIT_USAGE
    try:
        if from_disk:
            machine.load_from_disk(program)  # a program on the disk, forks and all
        else:
            machine.load(program)
        _command_line(machine, program, args)
    except (OSError, ValueError, OMFError, ToolError) as err:
        print(f"iigs: cannot load {hostfile.shown(program)}: {err}", file=sys.stderr)
        if session is not None:
            session.close()
        machine.release_disk()
        return EXIT_USAGE
    try:
        if session is not None:
            session.after_load()             # --break addresses, in the loaded segments
    except ValueError as err:
        print(f"iigs: {err}", file=sys.stderr)
        session.close()
        machine.release_disk()
        return EXIT_USAGE
    status = EXIT_TIME_UP
    shots = _Screenshots(screenshot or DEFAULT_SCREENSHOT, screenshot_every)
    try:
        end = None if seconds is None else int(seconds * CPU_HZ)
        while True:
            now = machine.elapsed_cycles
            if scripted:
                host.due()
            shots.take(machine, now / CPU_HZ)
            left = None if end is None else end - now
            if left is not None and left <= 0:
                print(f"iigs: time up after {seconds:g} s of emulated time")
                break
            for stop in (host.next_at() if scripted else None, shots.next_cycles()):
                if stop is not None:     # come back when the next key or shot is due
                    left = max(1, stop - now) if left is None else max(1, min(left, stop - now))
            reason = machine.run(max_cycles=left)
            if reason in ("quit", "closed", "returned"):
                status = EXIT_QUIT
                break
            if reason == "idle":
                _choose(menu_choices, machine)
    except MachineError as err:
        print(err.report)
        _show_report(machine, err.report, interactive)
        status = EXIT_CRASH
    except MonitorQuit:
        print("iigs: the monitor ended the run")
        status = EXIT_QUIT
    for spec in menu_choices.unmade():
        print(f"iigs: --choose {spec}: the program never showed that menu; the choice "
              "was not made", file=sys.stderr)
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
        try:
            _screenshot(machine, screenshot)
        except hostfile.HostPathRefused as err:
            print(f"iigs: --screenshot: {err}; no screenshot was saved", file=sys.stderr)
    if session is not None:
        session.finish()
    if host is not None and hasattr(host, "close"):
        host.close()
    machine.release_disk()
    return status


def _choose(choices: Any, machine: Any) -> None:
    """The program waits for input: make the next --choose choice if its menu is in
    the bar; one whose menu lacks the item is said in one line, and no more are made."""
    try:
        choices.make_next(machine.tb, machine.host)
    except ValueError as err:
        print(f"iigs: {err}; no more choices are made", file=sys.stderr)
        choices.pending.clear()


class _Screenshots:
    """`--screenshot-every S`: PATH's stem + -0001 ... every S emulated seconds, at
    most MAX_SCREENSHOTS of them; one that cannot be written ends the series."""

    def __init__(self, path: str, every: float | None,
                 limit: int = MAX_SCREENSHOTS) -> None:
        self.path, self.every, self.limit = Path(path), every, limit
        self.count = 0
        self.next_at = every

    def next_cycles(self) -> int | None:
        from iigs.machine import CPU_HZ
        return None if self.next_at is None else int(self.next_at * CPU_HZ)

    def take(self, machine: Any, elapsed: float) -> None:
        while self.next_at is not None and elapsed >= self.next_at:
            if self.count == self.limit:
                self._stop(f"{self.limit:,} screenshots taken, the most a run numbers")
                return
            self.count += 1
            machine.tb.text.present()
            try:
                _screenshot(machine, self.path.with_name(
                    f"{self.path.stem}-{self.count:04d}{self.path.suffix or '.png'}"))
            except hostfile.HostPathRefused as err:
                self._stop(str(err))
                return
            self.next_at += self.every

    def _stop(self, why: str) -> None:
        print(f"iigs: --screenshot-every: {why}; no more are taken", file=sys.stderr)
        self.next_at = None


def main(argv: list[str] | None = None, prog: str = COMMAND) -> int:
    """The command line (`iigs`, or `python -m system` as `prog`); the exit status."""
    parser = OneLineParser(prog=prog, description="Run IIGS programs on the machine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="run an S16 load file")
    p.add_argument("program")
    p.add_argument("--disk", help="ProDOS disk image for GS/OS")
    p.add_argument("--headless", action="store_true", help="no window")
    p.add_argument("--seconds", type=seconds_option(), metavar="N",
                   help="stop after N seconds of emulated time")
    p.add_argument("--screenshot", help="save the screen as a PNG at the end")
    p.add_argument("--strict", action="store_true",
                   help="stop the machine at a tool call the toolbox lacks")
    p.add_argument("--type", default="", metavar="TEXT",
                   help="console input, as typed (\\n is Return)")
    p.add_argument("--keys", action="append", default=[], metavar="T:TEXT",
                   help="key presses at emulated second T (repeatable): text, or a "
                        "key's name such as Escape or Command-Q")
    p.add_argument("--mouse", action="append", default=[], metavar="T:X,Y[,down|up]",
                   help="at emulated second T the pointer to X,Y, then the button "
                        "down or up (repeatable)")
    p.add_argument("--choose", action="append", default=[], metavar="MENU/ITEM",
                   help='a menu choice made with the mouse when the program waits '
                        'for input ("Apple/NAME" opens a desk accessory; repeatable)')
    p.add_argument("--screenshot-every", type=seconds_option(FRAME_SECONDS), metavar="S",
                   help="a numbered PNG beside --screenshot every S emulated seconds "
                        "(at least one frame, 1/60 s; at most 9,999 of them)")
    p.add_argument("args", nargs="*", metavar="-- ARGS",
                   help="the command line a shell program gets")
    from system.bench import BenchOptions, add_arguments
    add_arguments(p)                         # --trace, --profile, --break ... (bench)
    argv = list(sys.argv[1:] if argv is None else argv)
    shell_args = None
    if "--" in argv:                         # everything after -- is the program's
        cut = argv.index("--")
        argv, shell_args = argv[:cut], argv[cut + 1:]
    try:
        args = parser.parse_args(argv)
        keys = [keys_option(spec) for spec in args.keys]
        mouse = [mouse_option(spec) for spec in args.mouse]
        choices = [parse_choice(spec) for spec in args.choose]
        typed = typeable("--type", unescape(args.type))
        bench = BenchOptions.from_args(args)
    except SystemExit as exc:
        return int(exc.code or 0) and EXIT_USAGE
    except ValueError as err:
        print(f"iigs: {err}; nothing was run", file=sys.stderr)
        return EXIT_USAGE
    if args.args:
        shell_args = list(args.args) + (shell_args or [])
    try:
        status = run(args.program, disk=args.disk, headless=args.headless,
                     seconds=args.seconds, screenshot=args.screenshot, strict=args.strict,
                     typed=typed, keys=keys, args=shell_args,
                     screenshot_every=args.screenshot_every, stdin=True, bench=bench,
                     mouse=mouse, choices=choices)
        sys.stdout.flush()                   # a pipe's buffer: its error comes here
        return status
    except BrokenPipeError:
        # Nobody reads standard output any more: stop without a word (there is no one
        # to tell), and keep Python's flush at exit from failing on it again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE

