"""The Apple II text screen (issue 49): a program that turns Super Hi-Res off and
writes text page 1 (tests/machine/programs/text_screen.asm, 40 and 80 columns, and
lo-res with mixed mode's four text rows) is
shown in `iigs run`'s screenshot as the IIGS shows it, compared pixel for
pixel with a rendering built here from the glyph table: its colours (TBCOLOR $F2,
border $09), normal, inverse and MouseText characters, 80 columns interleaved from the
auxiliary bank."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from iigs import textscreen, video

ROOT = Path(__file__).parents[2]
MAIN_ROW = [0xC8, 0xC5, 0xCC, 0xCC, 0xCF, 0xA0, 0x05, 0x16, 0x05, 0x0E, 0xA0, 0x41,
            0xA0, 0xE1, 0xE2, 0xE3]                    # text_screen.asm's MainRow
AUX_ROW = [0xD7, 0xCF, 0xD2, 0xCC, 0xC4, 0xA0, 0x09, 0x0E, 0x16, 0xA0, 0x41]
ORANGE, DARK_BLUE, WHITE = (0xFF, 0x66, 0x00), (0x00, 0x00, 0x99), (0xFF, 0xFF, 0xFF)
# The sixteen colours as $0RGB (Hardware Reference, ch. 4), for the lo-res blocks.
LORES = (0x000, 0xD03, 0x009, 0xD2D, 0x072, 0x555, 0x22F, 0x6AF,
         0x850, 0xF60, 0xAAA, 0xF98, 0x1D0, 0xFF0, 0x4F9, 0xFFF)


def build(defines):
    spec = importlib.util.spec_from_file_location(
        "machine_programs", ROOT / "tests" / "machine" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build("text_screen", defines)[0]


def expected(columns: int) -> np.ndarray:
    """The screen drawn cell by cell from the glyph table (alternate set: ALTCHAR is
    on): the border, then 24 rows of 7 x 8 cells, 40-column dots two pixels wide;
    `columns` 0: lo-res blocks of row 0's bytes above text rows 20-23. Memory the
    program did not write holds $00, an inverse @ (or a black block)."""
    lores = columns == 0
    columns = columns or 40
    codes = np.zeros((24, columns), dtype=int)
    if columns == 80:
        codes[0, 0:2 * len(AUX_ROW):2] = AUX_ROW
        codes[0, 1:2 * len(MAIN_ROW):2] = MAIN_ROW
    else:
        codes[0, :len(MAIN_ROW)] = MAIN_ROW
    table = textscreen.glyph_table()[1]
    frame = np.empty((200, 640, 3), dtype=np.uint8)
    frame[:] = ORANGE
    if lores:                            # lo-res, then text from row 20
        frame[4:4 + 160, 40:600] = 0
        for col, byte in enumerate(MAIN_ROW):
            for half, nibble in enumerate((byte & 15, byte >> 4)):
                word = LORES[nibble]
                colour = [((word >> s) & 15) * 17 for s in (8, 4, 0)]
                frame[4 + 4 * half:8 + 4 * half, 40 + 14 * col:54 + 14 * col] = colour
        first = 20
    else:
        first = 0
    dot = 560 // (columns * 7)
    for row in range(first, 24):
        for col in range(columns):
            for y in range(8):
                for x in range(7):
                    colour = WHITE if table[codes[row, col], y, x] else DARK_BLUE
                    left = 40 + (col * 7 + x) * dot
                    frame[4 + row * 8 + y, left:left + dot] = colour
    return frame


@pytest.mark.parametrize("columns", [40, 80, 0])
def test_a_text_screen_is_drawn_from_the_text_pages(tmp_path, columns):
    program = tmp_path / "TEXT"
    program.write_bytes(build({"COLS": columns}))
    shot = tmp_path / "screen.png"
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-m", "system", "run", str(program), "--headless",
                           "--seconds", "1", "--screenshot", str(shot)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    got = video.load_png(str(shot))
    want = expected(columns)
    assert got.shape == want.shape
    assert np.array_equal(got, want), np.argwhere((got != want).any(axis=2))[:5]


def test_inverse_and_mousetext_glyphs_of_the_table():
    table = textscreen.glyph_table()
    normal_a, inverse_a = table[0][0xC1], table[0][0x01]
    assert np.array_equal(inverse_a, ~normal_a)
    assert np.array_equal(table[0][0x41], normal_a)            # flashing A, shown normal
    assert not np.array_equal(table[1][0x41], normal_a)        # the open apple
    assert np.array_equal(table[1][0x61], ~table[0][0xE1])     # inverse lower-case a


def test_flashing_characters_change_every_sixteen_ticks():
    """$40-$7F in the primary set flash: normal, then inverse 16 ticks later; a normal
    character beside them stays."""
    from system.machine import Machine
    m = Machine()
    m.io.registers[0xC029] &= ~textscreen.NEWVIDEO_SHR
    m.mem[0x0400:0x0402] = bytes([0x41, 0xC1])           # flashing A, normal A
    first = textscreen.render(m.mem, m.io, ticks=0)
    later = textscreen.render(m.mem, m.io, ticks=textscreen.FLASH_TICKS)
    flashing, steady = (slice(40, 54), slice(54, 68))
    assert np.array_equal(first[4:12, flashing], first[4:12, steady])
    assert np.array_equal(later[4:12, steady], first[4:12, steady])
    white = (later[4:12, flashing] == 255).all(axis=2)
    assert np.array_equal(white, ~(first[4:12, flashing] == 255).all(axis=2))
