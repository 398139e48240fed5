"""The machine's console: what programs print through Text Tools (slot 3) and GS/OS
`.CONSOLE`, the keys they read, and the 80-column text screen it shows.

The screen follows the control characters of the IIGS's 80-column firmware, which
the Text Tool Set passes through to the slot 3 Pascal device (Apple IIGS Firmware
Reference, "The 80-column firmware", control characters; the same codes as the Apple
IIe's enhanced 80-column card):

    $07 Ctrl-G  bell                       $0B Ctrl-K  clear to the end of the screen
    $08 Ctrl-H  cursor left                $0C Ctrl-L  clear the screen, cursor home
    $0A Ctrl-J  cursor down (line feed)    $0D Ctrl-M  return: column 0, next line
    $0E Ctrl-N  normal text                $0F Ctrl-O  inverse text
    $15 Ctrl-U  cursor right               $16 Ctrl-V  scroll down a line
    $17 Ctrl-W  scroll up a line           $19 Ctrl-Y  cursor home
    $1A Ctrl-Z  clear the line             $1C Ctrl-\\  cursor right (forward space)
    $1D Ctrl-]  clear to the end of line   $1E Ctrl-^  go to X, Y (next: X+32, Y+32)
    $1F Ctrl-_  cursor up

A line feed straight after a return adds nothing (CR LF is one new line, as C
programs print it). The text is kept twice: `text()` is the transcript (every line
printed, for tests and the terminal's scroll-back), `screen` the 80 x 24 screen as
the firmware leaves it. On a terminal the same codes become ANSI sequences (`ansi`).
"""
from __future__ import annotations

import sys
from collections import deque
from typing import Callable

CR, LF, BS, FF = 0x0D, 0x0A, 0x08, 0x0C
BELL, CLEAR_EOS, NORMAL, INVERSE = 0x07, 0x0B, 0x0E, 0x0F
RIGHT, SCROLL_DOWN, SCROLL_UP, HOME = 0x15, 0x16, 0x17, 0x19
CLEAR_LINE, FORWARD, CLEAR_EOL, GOTO_XY, UP = 0x1A, 0x1C, 0x1D, 0x1E, 0x1F
TAB = 0x09
ASCII = 0x7F
GOTO_BIAS = 32                        # Ctrl-^ takes X + 32, then Y + 32
SCREEN_ROWS, SCREEN_COLUMNS = 24, 80  # the 80-column screen
TAB_STOP = 8

# The terminal's view of the codes (ANSI/VT100), when echoing to one.
ANSI = {
    FF: "\x1b[2J\x1b[H", HOME: "\x1b[H", CLEAR_EOS: "\x1b[J", CLEAR_EOL: "\x1b[K",
    CLEAR_LINE: "\x1b[2K\r", INVERSE: "\x1b[7m", NORMAL: "\x1b[0m", UP: "\x1b[A",
    RIGHT: "\x1b[C", FORWARD: "\x1b[C", SCROLL_UP: "\x1b[S", SCROLL_DOWN: "\x1b[T",
    BELL: "\a",
}


class Decoder:
    """Bytes -> what they do, keeping the state a code spans (CR before LF, the two
    bytes after Ctrl-^): tokens ("print", ch), ("newline",), ("goto", x, y) and
    ("code", ch) for the other control characters."""

    def __init__(self) -> None:
        self._last = 0
        self._goto: list[int] | None = None

    def tokens(self, data: bytes) -> list[tuple]:
        out: list[tuple] = []
        for byte in data:
            ch = byte & ASCII
            if self._goto is not None:
                self._goto.append(ch - GOTO_BIAS)
                if len(self._goto) == 2:
                    out.append(("goto", *self._goto))
                    self._goto = None
            elif ch == GOTO_XY:
                self._goto = []
            elif ch == CR or (ch == LF and self._last != CR):
                out.append(("newline",))
            elif 0x20 <= ch < ASCII:
                out.append(("print", ch))
            elif ch != LF:
                out.append(("code", ch))
            self._last = ch
        return out


class TextScreen:
    """80 x 24 character cells, a cursor and the inverse flag, driven by bytes."""

    def __init__(self, rows: int = SCREEN_ROWS, columns: int = SCREEN_COLUMNS) -> None:
        self.rows, self.columns = rows, columns
        self.cells = [[" "] * columns for _ in range(rows)]
        self.inverse_cells = [[False] * columns for _ in range(rows)]
        self.row = self.col = 0
        self.inverse = False
        self._decoder = Decoder()
        self._dispatch: dict[int, Callable[[], None]] = {
            BS: self._left, FF: self._clear, CLEAR_EOS: self._clear_to_end,
            NORMAL: lambda: self._set_inverse(False),
            INVERSE: lambda: self._set_inverse(True), RIGHT: self._right,
            FORWARD: self._right, SCROLL_DOWN: self._scroll_down,
            SCROLL_UP: self._scroll_up, HOME: self._home, CLEAR_LINE: self._clear_line,
            CLEAR_EOL: self._clear_to_eol, UP: self._up, TAB: self._tab,
        }

    # -- the codes ---------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        for token in self._decoder.tokens(data):
            kind = token[0]
            if kind == "print":
                if self.col >= self.columns:
                    self._return()
                self.cells[self.row][self.col] = chr(token[1])
                self.inverse_cells[self.row][self.col] = self.inverse
                self.col += 1
            elif kind == "newline":
                self._return()
            elif kind == "goto":
                self.col = min(max(token[1], 0), self.columns - 1)
                self.row = min(max(token[2], 0), self.rows - 1)
            elif token[1] in self._dispatch:
                self._dispatch[token[1]]()

    def _set_inverse(self, on: bool) -> None:
        self.inverse = on

    def _return(self) -> None:
        self.col = 0
        self._down()

    def _down(self) -> None:
        if self.row == self.rows - 1:
            self._scroll_up()
        else:
            self.row += 1

    def _up(self) -> None:
        self.row = max(self.row - 1, 0)

    def _left(self) -> None:
        self.col = max(self.col - 1, 0)

    def _right(self) -> None:
        self.col = min(self.col + 1, self.columns - 1)

    def _tab(self) -> None:
        self.col = min((self.col // TAB_STOP + 1) * TAB_STOP, self.columns - 1)

    def _home(self) -> None:
        self.row = self.col = 0

    def _blank_row(self) -> tuple[list[str], list[bool]]:
        return [" "] * self.columns, [False] * self.columns

    def _scroll_up(self) -> None:
        cells, inverse = self._blank_row()
        self.cells = self.cells[1:] + [cells]
        self.inverse_cells = self.inverse_cells[1:] + [inverse]

    def _scroll_down(self) -> None:
        cells, inverse = self._blank_row()
        self.cells = [cells] + self.cells[:-1]
        self.inverse_cells = [inverse] + self.inverse_cells[:-1]

    def _clear_from(self, row: int, col: int, end_row: int) -> None:
        for r in range(row, end_row + 1):
            for c in range(col if r == row else 0, self.columns):
                self.cells[r][c] = " "
                self.inverse_cells[r][c] = False

    def _clear_to_eol(self) -> None:
        self._clear_from(self.row, self.col, self.row)

    def _clear_to_end(self) -> None:
        self._clear_from(self.row, self.col, self.rows - 1)

    def _clear_line(self) -> None:
        self._clear_from(self.row, 0, self.row)

    def _clear(self) -> None:
        self._clear_from(0, 0, self.rows - 1)
        self._home()

    # -- reading it ----------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The screen's rows down to the cursor's or the last one written, without
        trailing blanks."""
        last = max([self.row] + [r for r in range(self.rows) if "".join(self.cells[r]).strip()])
        return ["".join(self.cells[r]).rstrip() for r in range(last + 1)]


class Console:
    """The machine's console: text the program printed, keys it may read.

    output:  every byte written (stdout and stderr interleaved, as the screen shows them)
    streams: the same split by stream ("out", "err")
    screen:  the 80-column screen the bytes leave (`TextScreen`)
    input:   bytes waiting to be read (tests and `--type` feed it; keys follow)
    source:  where more input comes from once `input` is empty (`iigs run`
             reads its own standard input when that is not a terminal): called for a
             chunk of bytes, b"" at its end; None for none
    echo:    called with (text, stream) for each piece of text written (the host's
             terminal), or None; `ansi` makes the screen codes ANSI sequences there
    """

    def __init__(self) -> None:
        self.output = bytearray()
        self.streams: dict[str, bytearray] = {"out": bytearray(), "err": bytearray()}
        self.screen = TextScreen()
        self.input: deque[int] = deque()
        self.source: Callable[[], bytes] | None = None
        self.echo: Callable[[str, str], None] | None = None
        self.ansi = False
        self.writes = 0                   # counts writes, so the screen knows it is stale
        self._echo_decoder = Decoder()

    def feed(self, data: bytes | str) -> None:
        """Queue input as if typed (str is taken as ASCII; "\\n" becomes a return)."""
        if isinstance(data, str):
            data = data.replace("\n", "\r").encode("ascii")
        self.input.extend(data)

    def has_input(self) -> bool:
        """Is a byte waiting, asking the source for more if the queue is empty?"""
        if not self.input and self.source is not None:
            chunk = self.source()
            if chunk:
                self.feed(chunk.replace(b"\n", b"\r"))
            else:
                self.source = None        # its end: reading gives end of file now
        return bool(self.input)

    def write(self, data: bytes, stream: str = "out") -> None:
        """Bytes the program wrote to the console (any high bits are kept here)."""
        if not data:
            return
        self.output += data
        self.writes += 1
        self.streams.setdefault(stream, bytearray()).extend(data)
        self.screen.write(data)
        if self.echo is not None:
            shown = self._shown(data)
            if shown:
                self.echo(shown, stream)

    def _shown(self, data: bytes) -> str:
        """The terminal's view of some bytes: newlines for CR (and a lone LF); with
        `ansi` the screen codes as ANSI sequences, else printable text alone."""
        out = []
        for token in self._echo_decoder.tokens(data):
            kind = token[0]
            if kind == "print":
                out.append(chr(token[1]))
            elif kind == "newline":
                out.append("\n")
            elif kind == "goto":
                if self.ansi:
                    out.append(f"\x1b[{token[2] + 1};{token[1] + 1}H")
            elif token[1] in (BS, TAB):
                out.append(chr(token[1]))
            elif self.ansi and token[1] in ANSI:
                out.append(ANSI[token[1]])
        return "".join(out)

    def text(self, stream: str | None = None) -> str:
        """What was printed (or one stream of it) as text: a line per return, a
        backspace taking back the line's last character, other codes left out."""
        data = self.output if stream is None else self.streams.get(stream, b"")
        lines: list[list[str]] = [[]]
        for token in Decoder().tokens(bytes(data)):
            kind = token[0]
            if kind == "print" or (kind == "code" and token[1] == TAB):
                lines[-1].append(chr(token[1]))
            elif kind == "newline":
                lines.append([])
            elif kind == "code" and token[1] == BS and lines[-1]:
                lines[-1].pop()
        return "\n".join("".join(line) for line in lines)

    def screen_lines(self) -> list[str]:
        """The 80-column screen as the program left it (see `TextScreen.lines`)."""
        return self.screen.lines()


def terminal_echo(text: str, stream: str) -> None:
    """Console echo to the host's terminal: stdout, or stderr for the error stream."""
    out = sys.stderr if stream == "err" else sys.stdout
    out.write(text)
    out.flush()
