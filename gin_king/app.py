"""`gin-king` (play): build GIN.KING if needed, put it on the ProDOS disk, boot the machine
from that disk and run the program until it quits.

    gin-king [--disk IMG] [--script FILE] [--headless] [--seconds N]

The disk is the default one (`disk.default_disk_path()`) unless `--disk` names another
(docs/disk.md). A missing disk is made with the program on it; a file that is no disk is
renamed aside and replaced; what cannot be a disk (a device, a FIFO, a folder) is refused
with one line and left alone; a read-only or damaged disk is played from read-only, the
player told once that nothing will be saved (`disk.open_or_recover`). When the build has
changed, the newer GIN.KING is copied onto a writable disk before it boots (a read-only
one boots the current build from memory). GS/OS launches the program from the
disk: prefixes 8 and 9 are the volume's root, so the program finds its SETTINGS folder.

A script (`--script FILE`, run by `gin_king.automation.run_script`) drives the session
headless, one step a line; blank lines and lines starting with `#` are ignored:

    click H V                 press and release the button at (H, V) (screen pixels,
                              H 0-639, V 0-199)
    drag H V H V              press at the first point, move to the second, release
    key C [apple]             type the character C (`space`, `return` name those keys),
                              with the Apple key held when `apple` follows
    type TEXT                 type the rest of the line (ASCII, as the IIGS keyboard)
    choose MENU / ITEM        pull down MENU and release on ITEM ("Apple" or "@" for the
                              Apple menu), e.g. `choose File / New Game`
    screenshot PATH           save the screen as a 640 x 400 PNG
    expect-text TEXT          fail unless QuickDraw has drawn TEXT (suits as ♣♦♥♠)
    expect-sounds N           fail unless the DOC has started exactly N sounds so far
    wait                      run until the program waits for input

The script is read and checked whole before the disk is opened: a file that is not a
regular one (a folder, a FIFO, a device), or not UTF-8 text, or a line that is no
command or has an argument of the wrong kind, is refused in one line on stderr naming
the line, and nothing runs. The exit statuses (EXIT_*) are docs/playing.md's.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gin_king import build

LAUNCH_PATH = ":GINKING:GIN.KING"
EMULATED_HZ = 2_800_000

# Exit statuses (docs/playing.md "Scripts").
EXIT_OK = 0
EXIT_FAILED = 1        # a script's step found something else; the disk or build refused
EXIT_USAGE = 2         # a bad option, or a script that cannot be read or does not parse
EXIT_CRASH = 3         # the machine stopped on a crash (its report on stderr)

MAX_SCRIPT_BYTES = 1 << 20


# ---------------------------------------------------------------------------------------
# building

def program_bytes() -> bytes:
    """The current GIN.KING (built, or taken from the build cache)."""
    return build.ensure_built()[0].read_bytes()


# ---------------------------------------------------------------------------------------
# the disk and the machine

def prepare_disk(path: str | Path | None = None, program: bytes | None = None) -> tuple[Any, str | None]:
    """Open (or make, or recover) the disk and make sure it holds this GIN.KING (a
    read-only disk is left as it is). Returns (volume, what to tell the player or
    None); disk.DiskError when the path cannot hold a disk (before any build)."""
    import disk
    from disk.host_path import check_image_path
    path = Path(path) if path is not None else disk.default_disk_path()
    check_image_path(path)                  # refuse a device or a folder before building
    program = program if program is not None else program_bytes()
    volume, message = disk.open_or_recover(path, program)
    if volume.read_only:
        return volume, message
    try:
        current = volume.read_file(disk.PROGRAM_NAME)
    except Exception:           # not on the disk (or unreadable): put it there
        current = None
    if current != program:
        disk.install_program(volume, program)
    if not volume.exists(disk.SETTINGS_DIR):
        volume.mkdir(disk.SETTINGS_DIR)
        volume.commit()
    return volume, message


def boot(volume: Any, host: Any = None, strict: bool | None = None,
         program: bytes | None = None) -> Any:
    """A Machine with `volume` in its drive and GIN.KING loaded from it (or `program`,
    the current build, which a read-only disk may not hold), launched as GS/OS
    launches an application (prefixes 8 and 9 = the program's folder). `strict`: a
    tool call the toolbox lacks stops the machine (None: IIGS_STRICT decides)."""
    import disk
    from system.machine import Machine
    machine = Machine(disk=volume, host=host, strict=strict)
    machine.load(program if program is not None else volume.read_file(disk.PROGRAM_NAME))
    machine.tb.gsos.set_launch(LAUNCH_PATH)
    message = machine.tb.misc.bram.message   # the battery RAM beside the disk: said
    if message:                              # here, and once in the window (TaskMaster)
        print(message, file=sys.stderr)
    return machine


def session(volume: Any, program: bytes | None = None) -> Any:
    """A scripted session (gin_king.automation) of the program booted from `volume`."""
    from gin_king.automation import ScriptedHost, Session
    host = ScriptedHost()
    machine = boot(volume, host, program=program)
    s = Session(machine=machine, host=host)
    s.program = machine.program
    return s


# ---------------------------------------------------------------------------------------
# the command

def read_script(path: str) -> list[Any]:
    """The checked steps of the script file at `path`; ScriptError in one line when it
    cannot be read, is not UTF-8 text, or a line does not parse (gin_king.automation)."""
    from gin_king.automation import ScriptError, parse_script
    from iigs.hostfile import HostPathRefused, read_file, shown
    try:
        data = read_file(path, "a script", MAX_SCRIPT_BYTES)
        text = data.decode("utf-8-sig")
    except HostPathRefused as err:
        raise ScriptError(str(err)) from None
    except UnicodeDecodeError as err:
        raise ScriptError(f"{shown(path)} is not UTF-8 text (byte ${data[err.start]:02X} "
                          f"at offset {err.start})") from None
    try:
        return parse_script(text)
    except ScriptError as err:
        raise ScriptError(f"{shown(path)} {err}") from None


def run_script_session(volume: Any, program: bytes | None, steps: list[Any],
                       script: str) -> int:
    """Boot the program from `volume` and run the checked `steps`; the exit status. A
    step that finds something else, or a crash (its report), is said on stderr."""
    from gin_king.automation import AutomationError, run_steps
    from iigs.hostfile import shown
    from iigs.machine import MachineError
    s = session(volume, program)
    try:
        s.run_until_idle()                       # to the menu bar, then the steps
        run_steps(s, steps)
    except AutomationError as exc:
        print(f"gin-king: {shown(script)} {exc}; the script stopped", file=sys.stderr)
        return EXIT_FAILED
    except MachineError as err:
        print(err.report, file=sys.stderr)
        return EXIT_CRASH
    finally:
        s.close()
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    from iigs.options import OneLineParser, seconds_option
    parser = OneLineParser(prog="gin-king", description="Play Gin King.")
    parser.add_argument("--disk", help="ProDOS disk image (default: the user's own)")
    parser.add_argument("--script", help="run a script of automation steps, headless")
    parser.add_argument("--headless", action="store_true", help="no window")
    parser.add_argument("--seconds", type=seconds_option(), metavar="N",
                        help="stop after N s of emulated time")
    parser.add_argument("--strict", action="store_true", default=None,
                        help="stop at a tool call the toolbox lacks (with the report)")
    args = parser.parse_args(argv)
    from disk import DiskError, one_line
    steps = None
    if args.script is not None:
        from gin_king.automation import ScriptError
        try:
            steps = read_script(args.script)
        except ScriptError as exc:
            print(f"gin-king: {exc}; nothing was run", file=sys.stderr)
            return EXIT_USAGE
    try:
        volume, message = prepare_disk(args.disk)
    except build.BuildError as exc:
        print(f"gin-king: the program does not build:\n{exc}", file=sys.stderr)
        return EXIT_FAILED
    except DiskError as exc:
        print(one_line(f"gin-king: {exc}"), file=sys.stderr)
        return EXIT_FAILED
    if message:
        print(message, file=sys.stderr)
    try:
        return play(args, volume, steps)
    finally:
        from disk import lock
        lock.release(volume)        # the session is over: another may write the disk


def play(args: argparse.Namespace, volume: Any, steps: list[Any] | None) -> int:
    """The session on the prepared disk: the checked script `steps`, or the machine in
    a window (or headless); the exit status."""
    # a read-only disk may hold an older GIN.KING, or none: boot the current build
    program = program_bytes() if volume.read_only else None
    if steps is not None:
        return run_script_session(volume, program, steps, args.script)
    from iigs.host import HeadlessHost, WindowHost
    from iigs.machine import MachineError
    host = HeadlessHost() if args.headless else WindowHost()
    machine = boot(volume, host, strict=args.strict, program=program)
    budget = None if args.seconds is None else int(args.seconds * EMULATED_HZ)
    if budget is None and args.headless:
        budget = 10 * EMULATED_HZ
    status = 0
    try:
        while True:
            reason = machine.run(max_cycles=budget)
            if reason in ("quit", "closed", "returned", "cycles"):
                break
            if reason == "idle" and args.headless:
                break
    except MachineError as err:
        print(err.report, file=sys.stderr)
        status = EXIT_CRASH
    if hasattr(host, "close"):
        host.close()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
