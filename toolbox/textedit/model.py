"""TextEdit's editing model: the text, its style runs, the selection, the ruler, the keys,
and the lines the text wraps into -- all without QuickDraw, so it is tested alone.

A style is the Toolbox Reference's TEStyle (font family, face, size, fore and back
colour, user data). The text keeps one style per character; `style_runs` gives them as
the record keeps them, runs of equal style. Typing takes the style of the character
before the caret (or the "null style" a TEStyleChange on an empty selection set).

Lines: the text wraps at word boundaries (a word longer than the line is broken at a
character) inside the ruler's width; a Return ends a line and belongs to it. Widths come
from a `width(char, style)` function the caller gives (QuickDraw's, in the record).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from iigs.hostinput import APPLE_KEY, SHIFT_KEY

KEY_LEFT, KEY_RIGHT, KEY_UP, KEY_DOWN = 0x08, 0x15, 0x0B, 0x0A
KEY_DELETE, KEY_RETURN, KEY_TAB = 0x7F, 0x0D, 0x09

# Justification (TERuler.just)
JUST_LEFT, JUST_CENTER, JUST_RIGHT, JUST_FULL = 0, 1, 0xFFFF, 2

BOLD = 0x01                 # QuickDraw text face bits
SYSTEM_FAMILY = 0xFFFE      # the system font's family number
BLACK_COLOR, WHITE_COLOR = 0x0000, 0xFFFF

# TEStyleChange / TEGetSelectionStyle flag bits (textedit.h)
REPLACE_FONT, REPLACE_SIZE, REPLACE_FORE, REPLACE_BACK = 0x40, 0x20, 0x10, 0x08
REPLACE_USER, REPLACE_FACE, SWITCH_FACE = 0x04, 0x02, 0x01


@dataclass(frozen=True)
class Style:
    """TEStyle: teFont (family, face, size), foreColor, backColor, userData."""
    family: int = SYSTEM_FAMILY
    face: int = 0
    size: int = 8
    fore: int = BLACK_COLOR
    back: int = WHITE_COLOR
    user: int = 0

    @property
    def font_long(self) -> int:
        """teFont as a long: famNum in bits 0-15, fontStyle 16-23, fontSize 24-31."""
        return (self.family & 0xFFFF) | (self.face & 0xFF) << 16 | (self.size & 0xFF) << 24


@dataclass
class Ruler:
    """TERuler: margins (pixels inside the view), justification, extra line spacing."""
    left_margin: int = 0
    left_indent: int = 0
    right_margin: int = 0
    just: int = JUST_LEFT
    extra_ls: int = 0
    flags: int = 0
    user: int = 0
    tab_type: int = 0


Width = Callable[[int, Style], int]


@dataclass
class TEText:
    """The editing model: text, per-character styles, selection [start, end)."""
    text: bytearray = field(default_factory=bytearray)
    styles: list[Style] = field(default_factory=list)
    sel_start: int = 0
    sel_end: int = 0
    anchor: int = 0
    default: Style = field(default_factory=Style)
    null_style: Style | None = None     # set by a style change on an empty selection
    max_chars: int = 0                  # 0: no limit
    read_only: bool = False

    # -- selection ------------------------------------------------------------------------
    def select(self, start: int, end: int, anchor: int | None = None) -> None:
        n = len(self.text)
        start, end = min(max(start, 0), n), min(max(end, 0), n)
        self.sel_start, self.sel_end = min(start, end), max(start, end)
        self.anchor = self.sel_start if anchor is None else anchor
        self.null_style = None

    def extend_to(self, at: int) -> None:
        """Shift-click or drag: the selection from the anchor to `at`."""
        anchor = self.anchor
        self.select(anchor, at, anchor)

    def word_at(self, offset: int) -> tuple[int, int]:
        """The word (letters and digits) around `offset`, for a double click; the one
        character there when it is not in a word."""
        def in_word(i: int) -> bool:
            return 0 <= i < len(self.text) and (chr(self.text[i]).isalnum()
                                                or self.text[i] in b"'_")
        at = offset if in_word(offset) else offset - 1
        if not in_word(at):
            return offset, min(offset + 1, len(self.text))
        start, end = at, at + 1
        while in_word(start - 1):
            start -= 1
        while in_word(end):
            end += 1
        return start, end

    @property
    def has_selection(self) -> bool:
        return self.sel_end > self.sel_start

    @property
    def selected(self) -> bytes:
        return bytes(self.text[self.sel_start:self.sel_end])

    # -- styles ---------------------------------------------------------------------------
    def style_at(self, offset: int) -> Style:
        """The style typing at `offset` gets: the character before it, else after."""
        if self.null_style is not None and offset == self.sel_start:
            return self.null_style
        if 0 < offset <= len(self.styles):
            return self.styles[offset - 1]
        return self.styles[0] if self.styles else self.default

    def style_runs(self) -> list[tuple[int, Style]]:
        """(length, style) runs covering the text, in order."""
        runs: list[tuple[int, Style]] = []
        for st in self.styles:
            if runs and runs[-1][1] == st:
                runs[-1] = (runs[-1][0] + 1, st)
            else:
                runs.append((1, st))
        return runs

    def change_style(self, change: Callable[[Style], Style]) -> None:
        """Apply `change` to every selected character, or set the null style."""
        if not self.has_selection:
            self.null_style = change(self.style_at(self.sel_start))
            return
        for i in range(self.sel_start, self.sel_end):
            self.styles[i] = change(self.styles[i])

    # -- editing --------------------------------------------------------------------------
    def set_text(self, data: bytes, style: Style | None = None) -> None:
        data = self._fit(data, 0)
        self.text = bytearray(data)
        self.styles = [style or self.default] * len(data)
        self.select(len(data), len(data))

    def _fit(self, data: bytes, removed: int) -> bytes:
        if self.max_chars:
            room = self.max_chars - (len(self.text) - removed)
            return data[:max(room, 0)]
        return data

    def replace_selection(self, data: bytes, style: Style | None = None,
                          styles: list[Style] | None = None) -> None:
        """Insert `data` for the selection, in `styles` (one a character) or `style`
        (else the typing style); the caret after it."""
        s, e = self.sel_start, self.sel_end
        st = style or self.style_at(s)
        data = self._fit(data, e - s)
        self.text[s:e] = data
        given = (styles or [])[:len(data)]
        self.styles[s:e] = given + [st] * (len(data) - len(given))
        self.select(s + len(data), s + len(data))

    def delete(self) -> None:
        """The Delete key: the selection, or the character before the caret."""
        if not self.has_selection and self.sel_start > 0:
            self.select(self.sel_start - 1, self.sel_start)
        if self.has_selection:
            self.replace_selection(b"")

    def key(self, ch: int, modifiers: int, lines: "Lines") -> bool:
        """TEKey's core: False for a key TextEdit does not take."""
        shift = bool(modifiers & SHIFT_KEY)
        if ch in (KEY_LEFT, KEY_RIGHT, KEY_UP, KEY_DOWN):
            self._arrow(ch, shift, bool(modifiers & APPLE_KEY), lines)
            return True
        if modifiers & APPLE_KEY or self.read_only:
            return False
        if ch == KEY_DELETE:
            self.delete()
            return True
        if ch < 0x20 and ch not in (KEY_RETURN, KEY_TAB):
            return False
        if self.max_chars and len(self.text) - (self.sel_end - self.sel_start) >= \
                self.max_chars:
            return False                 # full: the key is refused (a beep)
        self.replace_selection(bytes([ch]))
        return True

    def _arrow(self, ch: int, shift: bool, apple: bool, lines: "Lines") -> None:
        """An arrow key: the caret moves (a selection collapses to its side), or with
        shift the selection's free end moves; with Apple, to the text's ends."""
        n = len(self.text)
        if shift:
            start = end = self.sel_end if self.anchor == self.sel_start else self.sel_start
        else:
            start, end = self.sel_start, self.sel_end
        collapse = not shift and self.has_selection
        if ch == KEY_LEFT:
            at = 0 if apple else (start if collapse else start - 1)
        elif ch == KEY_RIGHT:
            at = n if apple else (end if collapse else end + 1)
        elif apple:
            at = 0 if ch == KEY_UP else n
        else:
            frm = start if ch == KEY_UP else end
            target = lines.line_of(frm) + (1 if ch == KEY_DOWN else -1)
            if target < 0:
                at = 0
            elif target >= len(lines.starts):
                at = n
            else:
                at = lines.offset_in_line(target, lines.x_of(frm))
        if shift:
            self.extend_to(at)
        else:
            self.select(at, at)


@dataclass
class Lines:
    """The wrapped lines: starts[i] is line i's first offset; x positions by offset."""
    model: TEText
    width_of: Width
    wrap: int                      # pixels a line may hold (0: no wrapping)
    starts: list[int] = field(default_factory=list)
    xs: list[int] = field(default_factory=list)        # caret x before each offset

    def __post_init__(self) -> None:
        self.layout()

    def layout(self) -> None:
        text, styles = self.model.text, self.model.styles
        self.starts = [0]
        self.xs = []
        start, x, last_space = 0, 0, -1
        i = 0
        while i < len(text):
            ch = text[i]
            w = self.width_of(ch, styles[i])
            if ch == 0x0D:
                self.xs.append(x)
                start, x, last_space = i + 1, 0, -1
                self.starts.append(start)
                i += 1
                continue
            if self.wrap and x + w > self.wrap and ch != 0x20 and i > start:
                brk = last_space + 1 if last_space >= start else i
                del self.xs[brk:]
                self.starts.append(brk)
                start, x, last_space, i = brk, 0, -1, brk
                continue
            if ch == 0x20:
                last_space = i
            self.xs.append(x)
            x += w
            i += 1
        self.xs.append(x)

    def end_of(self, line: int) -> int:
        """The offset after line `line`'s last character (its Return included)."""
        if line + 1 < len(self.starts):
            return self.starts[line + 1]
        return len(self.model.text)

    def visible_end(self, line: int) -> int:
        """The end of the line's drawn characters (a Return is not drawn)."""
        end = self.end_of(line)
        if end > self.starts[line] and self.model.text[end - 1] == 0x0D:
            end -= 1
        return end

    def line_of(self, offset: int) -> int:
        """The line the caret at `offset` sits on (a wrap point belongs to the next)."""
        line = 0
        for i, s in enumerate(self.starts):
            if s <= offset:
                line = i
        return line

    def x_of(self, offset: int) -> int:
        """The caret's x at `offset`, from its line's start."""
        return self.xs[offset] if offset < len(self.xs) else 0

    def line_width(self, line: int) -> int:
        """The pixels line `line`'s drawn characters take."""
        s, e = self.starts[line], self.visible_end(line)
        if e <= s:
            return 0
        last = e - 1
        return self.xs[last] + self.width_of(self.model.text[last], self.model.styles[last])

    def offset_in_line(self, line: int, x: int) -> int:
        """The offset in line `line` whose caret is nearest to `x` (the end of a wrapped
        line is the next line's start, so it is not one of them)."""
        s, e = self.starts[line], self.visible_end(line)
        last = e if (e < self.end_of(line) or e == len(self.model.text)) else e - 1
        best, dist = s, abs(x)
        for i in range(s + 1, max(last, s) + 1):
            cx = self.xs[i] if i < e else self.line_width(line)
            if abs(cx - x) < dist:
                best, dist = i, abs(cx - x)
        return best


# The fields TEStyleChange replaces, by flag bit (textedit.h).
REPLACED_FIELDS = ((REPLACE_FONT, "family"), (REPLACE_SIZE, "size"), (REPLACE_FORE, "fore"),
                   (REPLACE_BACK, "back"), (REPLACE_USER, "user"), (REPLACE_FACE, "face"))


def with_changes(style: Style, flags: int, new: Style) -> Style:
    """TEStyleChange's rule for one character's style (the flag bits of textedit.h):
    each flagged field taken from `new`; SWITCH_FACE, without REPLACE_FACE, toggles the
    face bits `new` sets."""
    changes = {name: getattr(new, name) for bit, name in REPLACED_FIELDS if flags & bit}
    if flags & SWITCH_FACE and not flags & REPLACE_FACE:
        changes["face"] = style.face ^ new.face
    return replace(style, **changes)
