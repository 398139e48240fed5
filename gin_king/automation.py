"""Scripted sessions: drive a native IIGS program the way a player would, headless.

A `Session` owns a `Machine` with a `HeadlessHost` (docs/architecture.md,
"Automation"). Every gesture is pushed into the host as raw input and the machine runs
until the program is idle again, so the input takes the same path as a live user's:
host -> Event Manager -> the program's TaskMaster loop -> the toolbox's own tracking
loops (MenuSelect, TrackControl, ModalDialog).

    s = Session(load_file_bytes)
    s.run_until_idle()
    s.choose("File", "New Game")
    s.click(320, 100); s.key("q", APPLE_KEY); s.type("Ada")
    s.screenshot("out.png"); s.drawn_text()

The machine runs in a worker thread. When a tool call that runs its own loop (an
alert, ModalDialog, a menu being tracked) needs more input than the script has given,
the host holds that call until the script pushes more, and `run_until_idle` returns
meanwhile; so a script can look at an open dialog, then click in it, exactly as a user.

`run_script` runs the same gestures from a text script (one command a line), the
form `gin-king --script FILE` takes; `parse_script` checks it whole first, each
command's arguments by the kinds the table `COMMANDS` gives them:

    # comments and blank lines are skipped
    choose "File" "New Game"        click 320 100          drag 10 20 200 150
    key q apple                     key return             type Ada Lovelace
    screenshot out/board.png        expect-text "Gin!"     run
    choose File / New Game          expect-text Willy's turn     wait
    expect-sounds 2

`click` and `drag` take screen points (H 0-639, V 0-199). `key` takes a printable
ASCII character or a name (return, enter, escape, tab, delete, left, right, up, down,
clear, space) and modifier words (apple, shift, option, control, keypad); `type` what
the IIGS keyboard types (ASCII). A line that does not parse is a ScriptError naming
the line before any step runs ("line 3: key takes KEY [MODIFIER ...]: 'foo' is not a key ...").

`type` and `expect-text` take the rest of the line as written; `run` and `wait` run
until the program waits for input; the script ends early when the program quits.
`expect-sounds N` fails unless the DOC has started exactly N sounds so far (the host's
sound_log; 0 with Options > Sound off).
`choose` finds the menu and item from the Menu Manager's state (titles and item texts
as shown, ignoring surrounding spaces; "@" or "Apple" for the Apple menu) and clicks
through the pull-down like a user: press on the title, move down to the item, release.
"""
from __future__ import annotations

import shlex
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from iigs.hostfile import HostPathRefused, check_writable
from iigs.hostinput import (APPLE_KEY, CONTROL_KEY, KEY_PAD, OPTION_KEY, SHIFT_KEY,
                            HostInput, untypeable)
from iigs.memory import read_bytes, read_long, read_word
from system.menuchoice import choice_inputs

DEFAULT_RUN_CYCLES = 400_000_000     # per run_until_idle: far more than any one step needs


class AutomationError(Exception):
    """A script asked for something the screen does not offer."""


def _headless_host_class() -> type:
    from iigs.host import HeadlessHost
    return HeadlessHost


class ScriptedHost(_headless_host_class()):
    """A HeadlessHost that can hold a tool call waiting for the script's next input.

    `block_until_input()` (called by the Event Manager inside an interactive tool call
    that has run out of input) waits until the script has pushed something *and* asked
    the program to go on (`resume()`, done by `Session.run_until_idle`), or the session
    closes; `blocked` tells the session the program is held there. Input pushed while
    the program is held waits for the next run: a gesture's events (move, press,
    release) always reach the program together, whatever the threads' timing, so a
    script plays the same game on a busy machine as on an idle one."""

    def __init__(self) -> None:
        super().__init__()
        self.cv = threading.Condition()
        self.blocked = False
        self.resumed = False
        self.closing = False

    def push(self, event: HostInput) -> None:
        with self.cv:
            super().push(event)

    def poll(self) -> list[HostInput]:
        with self.cv:
            return super().poll()

    def resume(self) -> None:
        """Let a held tool call take the input pushed so far (caller holds `cv`)."""
        self.resumed = True
        self.cv.notify_all()

    def block_until_input(self) -> bool:
        with self.cv:
            self.blocked = True
            self.resumed = False
            self.cv.notify_all()
            while not (self.queue and self.resumed) and not self.closing:
                self.cv.wait()
            self.blocked = False
            self.resumed = False
            return not self.closing


class Session:
    """A machine, a headless host and the program loaded in it."""

    def __init__(self, program: bytes | str | Path | None = None, *, machine: Any = None,
                 host: Any = None, disk: Any = None) -> None:
        from system.machine import Machine
        self.host = host if host is not None else ScriptedHost()
        self.machine = machine if machine is not None else Machine(disk=disk,
                                                                   host=self.host)
        self.program = self.machine.load(program) if program is not None else None
        self.last_reason = ""
        self._worker: threading.Thread | None = None
        self._worker_result: str | BaseException | None = None

    @property
    def tb(self) -> Any:
        return self.machine.tb

    # -- running ------------------------------------------------------------------------
    def _input_pending(self) -> bool:
        em = self.tb.em
        return bool(getattr(self.host, "queue", None) or em.backlog or em.queue)

    def run_until_idle(self, max_cycles: int = DEFAULT_RUN_CYCLES) -> str:
        """Run until the program waits for input with none left, or stops.

        Returns the machine's reason ("idle", "quit", "returned", "cycles" ...), or
        "held" when a tool call (an alert, a dialog, a menu) waits for more input."""
        host = self.host
        cv = getattr(host, "cv", None)
        if cv is None:                    # a plain host: run in this thread
            reason = self._run(max_cycles)
            self.last_reason = reason
            return reason
        with cv:
            host.resume()
            while True:
                result = self._worker_result
                if result is not None:
                    # The worker has finished (it does nothing after handing over its
                    # result). Input it did not see is run now, not left for later.
                    self._worker = None
                    self._worker_result = None
                    if result == "idle" and self._input_pending():
                        continue
                    break
                if self._worker is None:
                    self._worker = threading.Thread(target=self._work, args=(max_cycles,),
                                                    daemon=True)
                    self._worker.start()
                elif host.blocked and not host.queue:
                    host.resumed = False        # later pushes wait for the next run
                    break
                cv.wait()
        if isinstance(result, BaseException):
            raise result
        reason = "held" if result is None else result
        self.last_reason = reason
        self.host.present(self.machine.mem, self.tb)
        return reason

    def _run(self, max_cycles: int) -> str:
        while True:
            reason = self.machine.run(max_cycles=max_cycles)
            if reason == "idle" and self._input_pending():
                continue
            return reason

    def _work(self, max_cycles: int) -> None:
        try:
            result: str | BaseException = self._run(max_cycles)
        except BaseException as exc:      # handed to the script's thread
            result = exc
        with self.host.cv:
            self._worker_result = result
            self.host.cv.notify_all()

    def close(self) -> None:
        """Release a held tool call and let the worker end."""
        cv = getattr(self.host, "cv", None)
        if cv is not None:
            with cv:
                self.host.closing = True
                cv.notify_all()

    # -- gestures -----------------------------------------------------------------------
    def move(self, h: int, v: int) -> None:
        self.host.push(HostInput("move", h, v))

    def click(self, h: int, v: int, modifiers: int = 0, run: bool = True) -> str:
        """Press and release the button at (h, v)."""
        self.host.push(HostInput("move", h, v))
        self.host.push(HostInput("down", h, v, modifiers=modifiers))
        self.host.push(HostInput("up", h, v, modifiers=modifiers))
        return self.run_until_idle() if run else ""

    def drag(self, h0: int, v0: int, h1: int, v1: int, steps: int = 4,
             run: bool = True) -> str:
        """Press at (h0, v0), move there in `steps` moves to (h1, v1), release."""
        self.host.push(HostInput("move", h0, v0))
        self.host.push(HostInput("down", h0, v0))
        for i in range(1, steps + 1):
            self.host.push(HostInput("move", h0 + (h1 - h0) * i // steps,
                                     v0 + (v1 - v0) * i // steps))
        self.host.push(HostInput("up", h1, v1))
        return self.run_until_idle() if run else ""

    def key(self, ch: str | int, modifiers: int = 0, run: bool = True) -> str:
        """One key (a character or an IIGS key code) with modifier bits."""
        code = ord(ch) if isinstance(ch, str) else ch
        self.host.push(HostInput("key", key=code & 0xFF, modifiers=modifiers))
        return self.run_until_idle() if run else ""

    def type(self, text: str, run: bool = True) -> str:
        for ch in text:
            self.key(ch, run=False)
        return self.run_until_idle() if run else ""

    # -- menus --------------------------------------------------------------------------
    def find_menu_item(self, menu_title: str, item_text: str) -> tuple[Any, int]:
        """(menu, item index) by the texts a user reads."""
        want_title = menu_title.strip().encode("mac_roman")
        for menu in self.tb.menu.menus:
            title = menu.title.strip()
            if title == want_title or (menu.is_apple and want_title in (b"@", b"Apple")):
                for index, item in enumerate(menu.items):
                    if item.text.strip() == item_text.strip().encode("mac_roman"):
                        return menu, index
                raise AutomationError(f"menu {menu_title!r} has no item {item_text!r}: "
                                      f"{[i.text for i in menu.items]}")
        raise AutomationError(f"no menu {menu_title!r} in the bar: "
                              f"{[m.title for m in self.tb.menu.menus]}")

    def choose(self, menu_title: str, item_text: str, run: bool = True) -> str:
        """Pull down a menu and release on an item, as a user does."""
        menu, index = self.find_menu_item(menu_title, item_text)
        for inp in choice_inputs(menu, index):      # the runner's --choose does the same
            self.host.push(inp)
        return self.run_until_idle() if run else ""

    def pull_down(self, menu_title: str) -> str:
        """Press on a menu's title and keep the button down (the menu stays open;
        `release` ends it)."""
        menu = None
        for m in self.tb.menu.menus:
            if m.title.strip() == menu_title.strip().encode("mac_roman") or \
                    (m.is_apple and menu_title in ("@", "Apple")):
                menu = m
        if menu is None:
            raise AutomationError(f"no menu {menu_title!r} in the bar")
        top, left, bottom, right = menu.title_rect()
        h, v = (left + right) // 2, (top + bottom) // 2
        self.host.push(HostInput("move", h, v))
        self.host.push(HostInput("down", h, v))
        self.host.push(HostInput("move", h, v + 1))
        return self.run_until_idle()

    def release(self, h: int, v: int) -> str:
        """Move to (h, v) and let the button go."""
        self.host.push(HostInput("move", h, v))
        self.host.push(HostInput("up", h, v))
        return self.run_until_idle()

    # -- looking ------------------------------------------------------------------------
    def screenshot(self, path: str | Path) -> None:
        """The screen now, as a 640 x 400 PNG (its missing folders made);
        iigs.hostfile.HostPathRefused when it cannot be written there."""
        self.host.present(self.machine.mem, self.tb)
        self.host.screenshot(str(path))

    def frame(self) -> Any:
        """The screen now as a (200, 640, 3) RGB array."""
        self.host.present(self.machine.mem, self.tb)
        return self.host.frame(with_cursor=False)

    def drawn_text(self) -> list[str]:
        """Every string QuickDraw drew, oldest first."""
        return [text for _, _, text, _ in self.tb.qd.text_log]

    def clear_text_log(self) -> None:
        self.tb.qd.text_log.clear()

    # -- the program's memory -----------------------------------------------------------
    def read_word(self, addr: int) -> int:
        return read_word(self.machine.mem, addr)

    def read_long(self, addr: int) -> int:
        return read_long(self.machine.mem, addr)

    def read_pstring(self, addr: int) -> bytes:
        return read_bytes(self.machine.mem, addr + 1, self.machine.mem[addr])

    def dp_word(self, offset: int) -> int:
        """A word of the program's direct page (where small programs keep state)."""
        return self.read_word(self.program.dp_base + offset)


# -- text scripts -------------------------------------------------------------------------
#
# A script is checked whole before its first step runs: each line's command is looked up
# in COMMANDS, and each of its words parsed by the kind of argument the command takes
# there. A line that does not parse is a ScriptError naming the line, the command's
# usage and the word; nothing has run then. What can only be known by running (an
# expectation, a menu that is not in the bar, a screenshot that cannot be written) stops
# the script at that line with an AutomationError.

KEY_NAMES = {"return": 0x0D, "enter": 0x0D, "escape": 0x1B, "esc": 0x1B, "tab": 0x09,
             "delete": 0x7F, "left": 0x08, "right": 0x15, "up": 0x0B, "down": 0x0A,
             "clear": 0x18, "space": 0x20}
MODIFIER_NAMES = {"apple": APPLE_KEY, "command": APPLE_KEY, "shift": SHIFT_KEY,
                  "option": OPTION_KEY, "control": CONTROL_KEY, "keypad": KEY_PAD}
# A key given as itself: a printable ASCII character (space and the control keys by
# their names above).
KEY_CHARACTERS = range(0x21, 0x7F)
SCREEN_WIDTH, SCREEN_HEIGHT = 640, 200          # Super Hi-Res points (640 mode)


class ScriptError(AutomationError):
    """A script line the script language cannot take: no such command, or an argument
    of the wrong kind. Found before the script runs."""


@dataclass(frozen=True)
class ArgKind:
    """One kind of argument: its name in a usage line and how a word becomes a value
    (ValueError in words otherwise). `rest` kinds take all the remaining words
    (their parser gets the list); `raw` ones the rest of the line as written."""
    name: str
    parse: Callable[[Any, Path], Any]
    rest: bool = False
    raw: bool = False


def _whole_number(word: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise ValueError(f"{_quoted(word)} is not a whole number") from None


def _coordinate(limit: int, what: str) -> Callable[[str, Path], int]:
    def parse(word: str, _base: Path) -> int:
        value = _whole_number(word)
        if not 0 <= value < limit:
            raise ValueError(f"{_quoted(word)} is not a screen {what} (0 to {limit - 1})")
        return value
    return parse


def _key(word: str, _base: Path) -> int:
    code = KEY_NAMES.get(word.lower())
    if code is None and len(word) == 1 and ord(word) in KEY_CHARACTERS:
        code = ord(word)
    if code is None:
        raise ValueError(f"{_quoted(word)} is not a key (a character, or one of "
                         f"{', '.join(KEY_NAMES)})")
    return code


def _modifiers(words: list[str], _base: Path) -> int:
    bits = 0
    for word in words:
        if word.lower() not in MODIFIER_NAMES:
            raise ValueError(f"{_quoted(word)} is not a modifier key (one of "
                             f"{', '.join(MODIFIER_NAMES)})")
        bits |= MODIFIER_NAMES[word.lower()]
    return bits


def _typed(text: str, _base: Path) -> str:
    why = untypeable(text)
    if why is not None:
        raise ValueError(why)
    return text


def _sought(text: str, _base: Path) -> str:
    if not text:
        raise ValueError("nothing to look for")
    return text


def _menu_item(words: list[str], _base: Path) -> tuple[str, str]:
    """`File / New Game` (words around a lone slash) or `"File" "New Game"`."""
    if "/" in words:
        menu, _, item = " ".join(words).partition(" / ")
    elif len(words) == 2:
        menu, item = words
    else:
        raise ValueError("give a menu and an item, as File / New Game")
    if not menu.strip() or not item.strip():
        raise ValueError("give a menu and an item, as File / New Game")
    for name in (menu, item):                # menus hold Mac OS Roman text
        try:
            name.encode("mac_roman")
        except UnicodeEncodeError as err:
            raise ValueError(f"{_quoted(name)}: {err.object[err.start]!r} is no "
                             "character a menu can show (Mac OS Roman)") from None
    return menu, item


def _png_path(word: str, base: Path) -> Path:
    path = base / word
    try:
        check_writable(path, "a PNG file", make_folders=True)
    except HostPathRefused as err:
        raise ValueError(str(err)) from None
    return path


def _count(word: str, _base: Path) -> int:
    value = _whole_number(word)
    if value < 0:
        raise ValueError(f"{_quoted(word)} is not a count (0 or more)")
    return value


H = ArgKind("H", _coordinate(SCREEN_WIDTH, "column"))
V = ArgKind("V", _coordinate(SCREEN_HEIGHT, "row"))
KEY = ArgKind("KEY", _key)
MODIFIERS = ArgKind("[MODIFIER ...]", _modifiers, rest=True)
TEXT = ArgKind("TEXT", _typed, raw=True)
SOUGHT = ArgKind("TEXT", _sought, raw=True)
MENU_ITEM = ArgKind("MENU / ITEM", _menu_item, rest=True)
PNG = ArgKind("PATH", _png_path)
COUNT = ArgKind("N", _count)


def _screenshot(session: Session, path: Path) -> str:
    try:
        session.screenshot(path)
    except HostPathRefused as err:
        raise AutomationError(str(err)) from None
    return str(path)


def _expect_text(session: Session, want: str) -> str:
    if not any(want in t for t in session.drawn_text()):
        raise AutomationError(f"no drawn text contains {want!r}")
    return "found"


def _expect_sounds(session: Session, want: int) -> str:
    heard = len(session.host.sound_log)
    if heard != want:
        raise AutomationError(f"{heard} sounds started, not {want}")
    return f"{heard} sounds"


@dataclass(frozen=True)
class Command:
    """A script command: the kinds of its arguments, in order, and what it does with
    their values (returning the machine's reason, or what it found)."""
    args: tuple[ArgKind, ...]
    run: Callable[..., str]

    def usage(self, name: str) -> str:
        return " ".join((name, "takes") + tuple(kind.name for kind in self.args)) \
            if self.args else f"{name} takes nothing"


COMMANDS: dict[str, Command] = {
    "click": Command((H, V), lambda s, h, v: s.click(h, v)),
    "drag": Command((H, V, H, V), lambda s, *points: s.drag(*points)),
    "key": Command((KEY, MODIFIERS), lambda s, code, mods: s.key(code, mods)),
    "type": Command((TEXT,), lambda s, text: s.type(text)),
    "choose": Command((MENU_ITEM,), lambda s, menu_item: s.choose(*menu_item)),
    "screenshot": Command((PNG,), _screenshot),
    "expect-text": Command((SOUGHT,), _expect_text),
    "expect-sounds": Command((COUNT,), _expect_sounds),
    "run": Command((), lambda s: s.run_until_idle()),
    "wait": Command((), lambda s: s.run_until_idle()),
}


@dataclass(frozen=True)
class Step:
    """One parsed line: its number and text, its command and argument values."""
    number: int
    line: str
    command: Command
    values: tuple


def parse_script(text: str, base_dir: str | Path = ".") -> list[Step]:
    """Every step of a text script, checked; ScriptError (with the line number) for
    the first line that does not parse. Screenshot paths are relative to `base_dir`."""
    steps = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, rest = (line.split(None, 1) + [""])[:2]
        command = COMMANDS.get(name.lower())
        if command is None:
            raise ScriptError(f"line {number}: {_quoted(name)} is not a command (one of "
                              f"{', '.join(COMMANDS)})")
        try:
            values = _parse_args(command, rest, Path(base_dir))
        except ValueError as err:
            raise ScriptError(f"line {number}: {command.usage(name.lower())}: "
                              f"{err}") from None
        steps.append(Step(number, line, command, values))
    return steps


def _parse_args(command: Command, rest: str, base: Path) -> tuple:
    """The values of a line's arguments (the words after the command), by kind."""
    if command.args and command.args[0].raw:
        # `type` and `expect-text` take the rest of the line as it stands (one pair of
        # surrounding quotes dropped), so an apostrophe needs no quoting.
        return (command.args[0].parse(_unquote(rest.strip()), base),)
    try:
        words = shlex.split(rest, comments=True)
    except ValueError as err:                       # "No closing quotation"
        raise ValueError(str(err).lower()) from None
    values = []
    for place, kind in enumerate(command.args, 1):
        if kind.rest:
            values.append(kind.parse(words, base))
            words = []
        elif not words:
            raise ValueError(f"argument {place} ({kind.name}) is missing")
        else:
            values.append(kind.parse(words.pop(0), base))
    if words:
        raise ValueError(f"{_quoted(' '.join(words))} is more than it takes")
    return tuple(values)


def _quoted(text: str) -> str:
    """Words of the script as an error line quotes them: their repr, cut short."""
    quoted = repr(text)
    return quoted if len(quoted) <= 40 else quoted[:39] + "…"


def run_steps(session: Session, steps: list[Step]) -> list[str]:
    """Run parsed steps in a session; one log line per step. AutomationError with the
    line number when a step finds the screen otherwise than the script expects."""
    log: list[str] = []
    for step in steps:
        try:
            reason = step.command.run(session, *step.values)
        except AutomationError as exc:
            raise AutomationError(f"line {step.number}: {exc}") from None
        log.append(f"{step.number}: {step.line} -> {reason}")
        if reason in ("quit", "returned", "closed"):
            break                                   # the program has ended
    return log


def run_script(session: Session, text: str, base_dir: str | Path = ".") -> list[str]:
    """Check a text script (see the module doc), then run it in a session; one log
    line per command. ScriptError before anything runs for a line that does not
    parse, AutomationError at the step that found something else."""
    return run_steps(session, parse_script(text, base_dir))


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text
