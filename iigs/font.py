"""The built-in system font: an 8-pixel proportional bitmap font, with its metrics.

It lives with the hardware, as a IIGS keeps its system font in ROM: QuickDraw II and
the Font Manager (`toolbox/`) draw with it, and so do the text screen and the "system
death" report here.

QuickDraw II draws text in the port's font; this project has one font, designed for the
project in the spirit of the IIGS system font (Shaston 8, Toolbox Reference vol. 2,
ch. 16 "Text" and Apple IIGS Technical Note #41 on font families). Its numbers are what
GetFontInfo reports (a FontInfoRecord: ascent, descent, widMax, leading):

    ascent 6   rows above the baseline (capitals and digits fill all six)
    descent 2  rows below it (g j p q y , ;)
    leading 1  blank row recommended between lines

Character set: printable ASCII ($20-$7E) plus the four card suits, which take the
control codes $01-$04 so that a Pascal string can carry them:

    $01 = ♣ clubs    $02 = ♦ diamonds    $03 = ♥ hearts    $04 = ♠ spades

`encode` / `decode` translate between Python text (with the suit symbols) and these bytes.
Any other code draws the "missing character" box, as the IIGS Font Manager does.

Glyphs are drawn below as bit strings, eight glyphs to a block: the block's first line
names the characters (`space`, `clubs` ... for the unprintable ones), each following
line is one pixel row of every glyph in turn ('#' = ink). A glyph's advance width is its
bitmap width plus one column of spacing.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

ASCENT = 6
DESCENT = 2
LEADING = 1
HEIGHT = ASCENT + DESCENT

SUIT_CODES = {"♣": 0x01, "♦": 0x02, "♥": 0x03, "♠": 0x04}
_CODE_SUITS = {code: symbol for symbol, code in SUIT_CODES.items()}
_NAMED = {"space": 0x20, "clubs": 0x01, "diamonds": 0x02, "hearts": 0x03, "spades": 0x04,
          "missing": -1}

_GLYPH_BLOCKS = """
A      B      C      D      E      F      G      H
.###.  ####.  .###.  ####.  #####  #####  .###.  #...#
#...#  #...#  #...#  #...#  #....  #....  #....  #...#
#...#  ####.  #....  #...#  ####.  ####.  #.###  #####
#####  #...#  #....  #...#  #....  #....  #...#  #...#
#...#  #...#  #...#  #...#  #....  #....  #...#  #...#
#...#  ####.  .###.  ####.  #####  #....  .###.  #...#
.....  .....  .....  .....  .....  .....  .....  .....
.....  .....  .....  .....  .....  .....  .....  .....

I    J      K      L      M      N      O      P
###  ....#  #...#  #....  #...#  #...#  .###.  ####.
.#.  ....#  #..#.  #....  ##.##  ##..#  #...#  #...#
.#.  ....#  ###..  #....  #.#.#  #.#.#  #...#  #...#
.#.  ....#  #..#.  #....  #...#  #..##  #...#  ####.
.#.  #...#  #...#  #....  #...#  #...#  #...#  #....
###  .###.  #...#  #####  #...#  #...#  .###.  #....
...  .....  .....  .....  .....  .....  .....  .....
...  .....  .....  .....  .....  .....  .....  .....

Q      R      S      T      U      V      W      X
.###.  ####.  .####  #####  #...#  #...#  #...#  #...#
#...#  #...#  #....  ..#..  #...#  #...#  #...#  .#.#.
#...#  #...#  .###.  ..#..  #...#  #...#  #...#  ..#..
#...#  ####.  ....#  ..#..  #...#  #...#  #.#.#  ..#..
#..#.  #..#.  ....#  ..#..  #...#  .#.#.  ##.##  .#.#.
.##.#  #...#  ####.  ..#..  .###.  ..#..  #...#  #...#
.....  .....  .....  .....  .....  .....  .....  .....
.....  .....  .....  .....  .....  .....  .....  .....

Y      Z      a     b     c     d     e     f
#...#  #####  ....  #...  ....  ...#  ....  .##
.#.#.  ...#.  ....  #...  ....  ...#  ....  #..
..#..  ..#..  .###  ###.  .###  .###  .##.  ###
..#..  .#...  #..#  #..#  #...  #..#  ####  #..
..#..  #....  #..#  #..#  #...  #..#  #...  #..
..#..  #####  .###  ###.  .###  .###  .###  #..
.....  .....  ....  ....  ....  ....  ....  ...
.....  .....  ....  ....  ....  ....  ....  ...

g     h     i  j   k     l  m      n
....  #...  #  .#  #...  #  .....  ....
....  #...  .  ..  #...  #  .....  ....
.###  ###.  #  .#  #..#  #  ####.  ###.
#..#  #..#  #  .#  #.#.  #  #.#.#  #..#
#..#  #..#  #  .#  ###.  #  #.#.#  #..#
.###  #..#  #  .#  #..#  #  #.#.#  #..#
...#  ....  .  .#  ....  .  .....  ....
.##.  ....  .  #.  ....  .  .....  ....

o     p     q     r    s     t    u     v
....  ....  ....  ...  ....  ...  ....  .....
....  ....  ....  ...  ....  .#.  ....  .....
.##.  ###.  .###  #.#  .###  ###  #..#  #...#
#..#  #..#  #..#  ##.  ##..  .#.  #..#  #...#
#..#  #..#  #..#  #..  ..##  .#.  #..#  .#.#.
.##.  ###.  .###  #..  ###.  ..#  .###  ..#..
....  #...  ...#  ...  ....  ...  ....  .....
....  #...  ...#  ...  ....  ...  ....  .....

w      x     y     z     0      1      2      3
.....  ....  ....  ....  .###.  ..#..  .###.  ####.
.....  ....  ....  ....  #...#  .##..  #...#  ....#
#...#  #..#  #..#  ####  #..##  ..#..  ...#.  .###.
#.#.#  .##.  #..#  ..#.  ##..#  ..#..  ..#..  ....#
#.#.#  .##.  #..#  .#..  #...#  ..#..  .#...  ....#
.#.#.  #..#  .###  ####  .###.  .###.  #####  ####.
.....  ....  ...#  ....  .....  .....  .....  .....
.....  ....  .##.  ....  .....  .....  .....  .....

4      5      6      7      8      9      space  !
...#.  #####  .###.  #####  .###.  .###.  ...    #
..##.  #....  #....  ....#  #...#  #...#  ...    #
.#.#.  ####.  ####.  ...#.  .###.  #...#  ...    #
#..#.  ....#  #...#  ..#..  #...#  .####  ...    #
#####  ....#  #...#  .#...  #...#  ....#  ...    .
...#.  ####.  .###.  .#...  .###.  .###.  ...    #
.....  .....  .....  .....  .....  .....  ...    .
.....  .....  .....  .....  .....  .....  ...    .

"    #      $      %      &      '  (   )
#.#  .#.#.  ..#..  ##..#  .##..  #  .#  #.
#.#  #####  .####  ##.#.  #..#.  #  #.  .#
...  .#.#.  #.#..  ..#..  .##..  .  #.  .#
...  #####  .###.  .#...  #.#.#  .  #.  .#
...  .#.#.  ..#.#  #.##.  #..#.  .  #.  .#
...  .....  ####.  #..#.  .##.#  .  .#  #.
...  .....  ..#..  .....  .....  .  ..  ..
...  .....  .....  .....  .....  .  ..  ..

*      +      ,   -     .  /      :  ;
.....  .....  ..  ....  .  ....#  .  ..
#.#.#  ..#..  ..  ....  .  ...#.  .  ..
.###.  ..#..  ..  ....  .  ..#..  #  .#
#.#.#  #####  ..  ####  .  .#...  .  ..
.....  ..#..  ..  ....  .  #....  .  ..
.....  ..#..  .#  ....  #  .....  #  .#
.....  .....  #.  ....  .  .....  .  #.
.....  .....  ..  ....  .  .....  .  ..

<     =     >     ?      @      [   \\      ]
...#  ....  #...  .###.  .###.  ##  #....  ##
..#.  ....  .#..  #...#  #...#  #.  .#...  .#
.#..  ####  ..#.  ...#.  #.###  #.  ..#..  .#
..#.  ....  .#..  ..#..  #.##.  #.  ...#.  .#
...#  ####  #...  .....  #....  #.  ....#  .#
....  ....  ....  ..#..  .###.  ##  .....  ##
....  ....  ....  .....  .....  ..  .....  ..
....  ....  ....  .....  .....  ..  .....  ..

^      _      `   {    |  }    ~      missing
..#..  .....  #.  ..#  #  #..  .##.#  ####
.#.#.  .....  .#  .#.  #  .#.  #.##.  #..#
#...#  .....  ..  ##.  #  .##  .....  #..#
.....  .....  ..  .#.  #  .#.  .....  #..#
.....  .....  ..  .#.  #  .#.  .....  #..#
.....  .....  ..  ..#  #  #..  .....  ####
.....  #####  ..  ...  #  ...  .....  ....
.....  .....  ..  ...  #  ...  .....  ....

clubs    diamonds  hearts   spades
..###..  ..#..     .##.##.  ...#...
..###..  .###.     #######  ..###..
##.#.##  #####     #######  .#####.
#######  #####     .#####.  #######
##.#.##  .###.     ..###..  ##.#.##
..###..  ..#..     ...#...  ..###..
.......  .....     .......  .......
.......  .....     .......  .......
"""


@dataclass(frozen=True)
class Glyph:
    """One character: `bits` is a (HEIGHT, bitmap width) bool array, `width` the advance."""

    bits: np.ndarray
    width: int


def _parse_glyphs(text: str) -> dict[int, Glyph]:
    glyphs: dict[int, Glyph] = {}
    blocks = [b for b in text.strip("\n").split("\n\n") if b.strip()]
    for block in blocks:
        lines = block.split("\n")
        names = lines[0].split()
        rows = [line.split() for line in lines[1:]]
        if len(rows) != HEIGHT or any(len(r) != len(names) for r in rows):
            raise ValueError(f"malformed glyph block starting {lines[0]!r}")
        for i, name in enumerate(names):
            code = _NAMED.get(name, ord(name) if len(name) == 1 else None)
            if code is None:
                raise ValueError(f"unknown glyph name {name!r}")
            bitmap = np.array([[c == "#" for c in r[i]] for r in rows], dtype=bool)
            glyphs[code] = Glyph(bitmap, bitmap.shape[1] + 1)
    return glyphs


GLYPHS: dict[int, Glyph] = _parse_glyphs(_GLYPH_BLOCKS)
MISSING: Glyph = GLYPHS.pop(-1)
WID_MAX: int = max(g.width for g in GLYPHS.values())


def glyph(code: int) -> Glyph:
    """The glyph for a character code (the missing-character box if the font lacks it)."""
    return GLYPHS.get(code & 0xFF, MISSING)


def char_width(code: int) -> int:
    """Advance width in pixels of one character (plain face)."""
    return glyph(code).width


def text_width(data: bytes) -> int:
    """Advance width in pixels of a run of characters (plain face)."""
    return sum(glyph(c).width for c in data)


@lru_cache(maxsize=1024)
def text_bits(data: bytes, bold: bool = False, underline: bool = False) -> np.ndarray:
    """The ink of a run of characters: a (HEIGHT, width) bool array, row 0 = top of ascent.

    Bold draws each glyph a second time one pixel to the right and widens it by one,
    as QuickDraw II's bold style does; underline inks the row below the baseline.
    Programs draw the same strings again and again, so results are cached (and
    read-only).
    """
    extra = 1 if bold else 0
    widths = [glyph(c).width + extra for c in data]
    out = np.zeros((HEIGHT, sum(widths)), dtype=bool)
    x = 0
    for c, w in zip(data, widths):
        bits = glyph(c).bits
        out[:, x:x + bits.shape[1]] |= bits
        if bold:
            out[:, x + 1:x + 1 + bits.shape[1]] |= bits
        x += w
    if underline and out.shape[1]:
        out[ASCENT, :] = True
    out.setflags(write=False)
    return out


def encode(text: str) -> bytes:
    """Python text -> font codes (the suit symbols become $01-$04)."""
    return bytes(SUIT_CODES.get(ch, ord(ch) if ord(ch) < 0x100 else 0x3F) for ch in text)


def decode(data: bytes) -> str:
    """Font codes -> Python text (codes $01-$04 become the suit symbols)."""
    return bytes(data).decode("latin-1").translate(_CODE_SUITS)
