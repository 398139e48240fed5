"""Super Hi-Res memory -> an RGB frame.

Follows the Apple IIGS Hardware Reference, ch. 4 ("Super Hi-Res graphics"):

    $E1:2000-9CFF  pixels, 200 lines of 160 bytes
    $E1:9D00-9DC7  one scan-line control byte (SCB) a line:
                   bit 7 640 mode, bit 5 colour fill (320 only), bits 3-0 palette
    $E1:9E00-9FFF  16 palettes of 16 colours, $0RGB words (4 bits a gun)

320 mode: 4 bits a pixel (high nibble first); each pixel is shown two columns wide so
both modes fill 640 columns. Fill mode: a pixel of value 0 repeats the colour of the
pixel before it. 640 mode: 2 bits a pixel (bits 7-6 first); the pixel's column mod 4
picks which four palette entries its value indexes (8-11, 12-15, 0-3, 4-7: the
hardware's dithering rule).

The frame is a (200, 640, 3) uint8 array, one row per scan line; the host doubles lines
for the display's aspect. Rendering is table look-ups with numpy: tables built once give
every (palette, mode, byte) the palette entries of its four display columns; per frame
they become colours (a 32 KB table) and one take() expands all 32,000 bytes. Fill-mode
lines, whose colours depend on the pixels before them, are redone apart.
"""
from __future__ import annotations

import os
from typing import Any, Sequence

import numpy as np

SHR_PIXELS = 0xE12000
SHR_SCBS = 0xE19D00
SHR_PALETTES = 0xE19E00
LINES = 200
ROW_BYTES = 160
WIDTH = 640

SCB_640 = 0x80
SCB_FILL = 0x20

# Palette entries of the four display columns of each byte, per mode:
# 640 mode: value + (8, 12, 0, 4)[x & 3]; 320 mode: each 4-bit pixel shown twice.
_B = np.arange(256, dtype=np.intp)
_ENTRY_640 = np.stack([((_B >> s) & 3) + base for s, base in
                       ((6, 8), (4, 12), (2, 0), (0, 4))], axis=1)
_ENTRY_320 = np.stack([_B >> 4, _B >> 4, _B & 15, _B & 15], axis=1)
# For every (palette, mode, byte): the 256-colour index of its four display columns.
# Looking a whole byte up at once turns a frame into one take() of 32,000 elements.
_COLOUR_OF_BYTE = (np.arange(16)[:, None, None, None] * 16
                   + np.stack([_ENTRY_320, _ENTRY_640])[None]).reshape(16 * 2 * 256, 4)

# $0RGB words -> 8-bit guns: for every possible 12-bit colour, once.
_WORDS = np.arange(4096)
_RGB_OF_WORD = (np.stack([(_WORDS >> 8) & 15, (_WORDS >> 4) & 15, _WORDS & 15], axis=1)
                * 17).astype(np.uint8)

SHR_SIZE = SHR_PALETTES + 512 - SHR_PIXELS      # $E1:2000-$E1:9FFF, 32 KB
_SCB_OFFSET = SHR_SCBS - SHR_PIXELS
_PALETTE_OFFSET = SHR_PALETTES - SHR_PIXELS


def shr_bytes(mem: Any) -> np.ndarray:
    """$E1:2000-$E1:9FFF as a numpy array: a view when memory is a bytearray."""
    try:
        return np.frombuffer(mem, dtype=np.uint8)[SHR_PIXELS:SHR_PIXELS + SHR_SIZE]
    except (TypeError, ValueError):
        return np.array([mem[a] for a in range(SHR_PIXELS, SHR_PIXELS + SHR_SIZE)],
                        dtype=np.uint8)


def palettes_rgb(shr: np.ndarray) -> np.ndarray:
    """The 16 palettes of an SHR block (see shr_bytes) as a (16, 16, 3) uint8 array."""
    words = shr[_PALETTE_OFFSET:_PALETTE_OFFSET + 512].view("<u2") & 0x0FFF
    return _RGB_OF_WORD[words].reshape(16, 16, 3)


LinePalettes = Sequence[tuple[int, bytes]]


def render(mem: Any, line_palettes: LinePalettes = ()) -> np.ndarray:
    """The Super Hi-Res screen of a 24-bit memory as a (200, 640, 3) uint8 RGB frame."""
    return render_shr(shr_bytes(mem), line_palettes)


def render_shr(shr: Any, line_palettes: LinePalettes = ()) -> np.ndarray:
    """The same from a 32 KB copy of $E1:2000-$E1:9FFF (bytes or a uint8 array).

    `line_palettes`: the palettes as the beam met them, when a program changed them
    while the frame was drawn (a scan-line interrupt, `iigs.interrupts`): (first line,
    the 512 palette bytes from that line on), in line order.
    The result may be a strided view of a 4-bytes-a-pixel buffer (np.ascontiguousarray
    it if that matters)."""
    shr = np.frombuffer(shr, dtype=np.uint8) if isinstance(shr, (bytes, bytearray)) else shr
    if line_palettes:
        return _render_bands(shr, line_palettes)
    pixels = shr[:LINES * ROW_BYTES].reshape(LINES, ROW_BYTES)
    scbs = shr[_SCB_OFFSET:_SCB_OFFSET + LINES].astype(np.intp)
    # the 256 colours as R, G, B, 0 words, then every byte's four columns of them
    rgb0 = np.zeros((256, 4), dtype=np.uint8)
    rgb0[:, :3] = palettes_rgb(shr).reshape(256, 3)
    words = rgb0.view(np.uint32).ravel()
    byte_colours = np.take(words, _COLOUR_OF_BYTE)                 # (8192, 4)
    line = ((scbs & 15) << 9) | ((scbs & SCB_640) << 1)            # palette, mode
    out = np.take(byte_colours, pixels + line[:, None], axis=0)    # (200, 160, 4)
    out = out.reshape(LINES, WIDTH)
    fill = (scbs & (SCB_640 | SCB_FILL)) == SCB_FILL
    if fill.any():
        raw = pixels[fill]
        nibbles = np.stack([raw >> 4, raw & 15], axis=2).reshape(len(raw), 2 * ROW_BYTES)
        palette = ((scbs[fill] & 15) << 4)[:, None]
        colours = np.take(words, _apply_fill(nibbles) + palette)
        out[fill] = np.repeat(colours, 2, axis=1)
    return out.view(np.uint8).reshape(LINES, WIDTH, 4)[:, :, :3]


def _render_bands(shr: np.ndarray, line_palettes: LinePalettes) -> np.ndarray:
    """Each band of lines drawn with the palettes it was shown with."""
    out = np.array(render_shr(shr))
    starts = [first for first, _ in line_palettes] + [LINES]
    for (first, palettes), end in zip(line_palettes, starts[1:]):
        copy = np.array(shr)
        copy[_PALETTE_OFFSET:_PALETTE_OFFSET + 512] = np.frombuffer(palettes, np.uint8)
        out[first:end] = render_shr(copy)[first:end]
    return out


def _apply_fill(entries: np.ndarray) -> np.ndarray:
    """320 fill mode: a 0 pixel takes the colour of the nearest non-0 pixel to its left."""
    rows, cols = entries.shape
    # flat index of each pixel if it is non-0, else the row's start; the running maximum
    # along the row is then the flat index of the last non-0 pixel so far
    flat = np.arange(rows * cols, dtype=np.intp).reshape(rows, cols)
    last = np.where(entries != 0, flat, flat[:, :1])
    np.maximum.accumulate(last, axis=1, out=last)
    return entries.ravel()[last]


def pixel_rgb(shr: np.ndarray, x: int, v: int, value: int) -> tuple[int, int, int]:
    """The colour a pixel value would show at frame column x (0-639) of line v."""
    scb = int(shr[_SCB_OFFSET + v])
    if scb & SCB_640:
        entry = (value & 3) + (8, 12, 0, 4)[x & 3]
    else:
        entry = value & 15
    return tuple(int(c) for c in palettes_rgb(shr)[scb & 15, entry])  # type: ignore


def overlay_cursor(frame: np.ndarray, shr: np.ndarray, shape: Any, h: int, v: int) -> None:
    """Draw a cursor (an `iigs.framesource.CursorImage`) into a frame, hot spot at (h, v).

    `shr` is the screen's SHR block (shr_bytes). (h, v) are Super Hi-Res coordinates of
    the cursor's mode. Pixel values take the colours of the screen under them (the
    line's palette, and in 640 mode the column's quarter of it). A 320-mode cursor is
    shown with doubled columns, like its pixels."""
    height, width = shape.pixels.shape
    if height == 0:
        return
    xscale = 1 if shape.mode640 else 2
    top = v - shape.hot_spot[0]
    left = (h - shape.hot_spot[1]) * xscale
    palettes = palettes_rgb(shr)
    for row in range(height):
        y = top + row
        if not 0 <= y < LINES:
            continue
        scb = int(shr[_SCB_OFFSET + y])
        for col in range(width):
            if not shape.mask[row, col]:
                continue
            value = int(shape.pixels[row, col])
            for dx in range(xscale):
                x = left + col * xscale + dx
                if 0 <= x < WIDTH:
                    entry = ((value & 3) + (8, 12, 0, 4)[x & 3] if scb & SCB_640
                             else value & 15)
                    frame[y, x] = palettes[scb & 15, entry]


def double_lines(frame: np.ndarray) -> np.ndarray:
    """(200, 640, 3) -> (400, 640, 3): each scan line shown twice, for the aspect."""
    return np.repeat(frame, 2, axis=0)


def _pygame() -> Any:
    """pygame, imported without its greeting."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    return pygame


def _surface(frame: np.ndarray) -> Any:
    """A pygame surface of an RGB frame (rows, columns, 3)."""
    return _pygame().surfarray.make_surface(np.ascontiguousarray(frame.swapaxes(0, 1)))


def save_png(frame: np.ndarray, path: str) -> None:
    """Write an RGB frame (rows, columns, 3) to a PNG file."""
    _pygame().image.save(_surface(frame), str(path))


def png_bytes(frame: np.ndarray) -> bytes:
    """An RGB frame as the bytes of a PNG file, for a caller that writes the file
    itself (`iigs.hostfile.write_file`, which judges the path first)."""
    import io
    out = io.BytesIO()
    _pygame().image.save(_surface(frame), out, "screen.png")
    return out.getvalue()


def load_png(path: str) -> np.ndarray:
    """Read a PNG written by save_png back into a (rows, columns, 3) uint8 array."""
    pygame = _pygame()
    surface = pygame.image.load(str(path))
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).swapaxes(0, 1))
