"""video.render against the Hardware Reference's Super Hi-Res rules (ch. 4)."""
import numpy as np

from iigs import video

PIXELS, SCBS, PALETTES = 0xE12000, 0xE19D00, 0xE19E00


def _mem() -> bytearray:
    return bytearray(1 << 24)


def _set_palette(mem, n, colors):
    for i, c in enumerate(colors):
        mem[PALETTES + 32 * n + 2 * i] = c & 0xFF
        mem[PALETTES + 32 * n + 2 * i + 1] = c >> 8


def _distinct(n=0):
    # entry i -> $0RGB with red = i, green = 15 - i, blue = n: every entry different
    return [(i << 8) | ((15 - i) << 4) | n for i in range(16)]


def _rgb(c):
    return [((c >> 8) & 15) * 17, ((c >> 4) & 15) * 17, (c & 15) * 17]


def test_render_shape_and_type():
    frame = video.render(_mem())
    assert frame.shape == (200, 640, 3) and frame.dtype == np.uint8


def test_render_640_mode_column_selects_quarter_of_palette():
    # "entry = value + (8, 12, 0, 4)[x & 3]": byte %00 01 10 11 = values 0,1,2,3
    mem = _mem()
    colors = _distinct()
    _set_palette(mem, 0, colors)
    mem[SCBS] = 0x80
    mem[PIXELS] = 0b00011011
    frame = video.render(mem)
    assert [list(frame[0, x]) for x in range(4)] == [
        _rgb(colors[8]), _rgb(colors[13]), _rgb(colors[2]), _rgb(colors[7])]


def test_render_320_mode_high_nibble_first_each_pixel_doubled():
    mem = _mem()
    colors = _distinct()
    _set_palette(mem, 0, colors)
    mem[SCBS + 5] = 0x00
    mem[PIXELS + 5 * 160 + 1] = 0x5A
    frame = video.render(mem)
    assert [list(frame[5, x]) for x in range(4, 8)] == [
        _rgb(colors[5]), _rgb(colors[5]), _rgb(colors[10]), _rgb(colors[10])]


def test_render_scb_low_bits_pick_the_palette():
    mem = _mem()
    _set_palette(mem, 3, _distinct(7))
    mem[SCBS + 10] = 0x03
    mem[PIXELS + 10 * 160] = 0x10
    assert list(video.render(mem)[10, 0]) == _rgb(_distinct(7)[1])


def test_render_320_fill_mode_repeats_previous_colour():
    # "a pixel value 0 repeats the colour of the previous pixel"
    mem = _mem()
    colors = _distinct()
    _set_palette(mem, 0, colors)
    mem[SCBS] = 0x20
    mem[PIXELS:PIXELS + 3] = bytes([0x30, 0x00, 0x50])
    frame = video.render(mem)
    assert [list(frame[0, 2 * p]) for p in range(6)] == [
        _rgb(colors[3])] * 4 + [_rgb(colors[5])] * 2
    # without fill mode a 0 pixel is palette entry 0
    mem[SCBS] = 0x00
    assert list(video.render(mem)[0, 2]) == _rgb(colors[0])


def test_render_ignores_fill_bit_in_640_mode():
    mem = _mem()
    colors = _distinct()
    _set_palette(mem, 0, colors)
    mem[SCBS] = 0xA0
    mem[PIXELS] = 0b11000000
    frame = video.render(mem)
    assert list(frame[0, 1]) == _rgb(colors[12])


def test_render_shr_of_a_snapshot_equals_render():
    mem = _mem()
    rng = np.random.default_rng(3)
    mem[PIXELS:PIXELS + video.SHR_SIZE] = rng.integers(0, 256, video.SHR_SIZE,
                                                       dtype=np.uint8).tobytes()
    snap = bytes(mem[PIXELS:PIXELS + video.SHR_SIZE])
    assert np.array_equal(video.render(mem), video.render_shr(snap))


def test_render_random_screen_matches_a_per_pixel_reference():
    mem = _mem()
    rng = np.random.default_rng(7)
    mem[PIXELS:PIXELS + video.SHR_SIZE] = rng.integers(0, 256, video.SHR_SIZE,
                                                       dtype=np.uint8).tobytes()
    frame = video.render(mem)
    for v in rng.integers(0, 200, 12):
        scb = mem[SCBS + v]
        pal = scb & 15
        prev = None
        for x in range(640):
            byte = mem[PIXELS + v * 160 + x // 4]
            if scb & 0x80:
                value = (byte >> (6 - 2 * (x & 3))) & 3
                entry = value + (8, 12, 0, 4)[x & 3]
            else:
                b = mem[PIXELS + v * 160 + x // 4]
                nib = (b >> 4) if (x // 2) % 2 == 0 else (b & 15)
                entry = nib
                if scb & 0x20:
                    entry = prev if (nib == 0 and prev is not None) else nib
                    prev = entry
            word = mem[PALETTES + 32 * pal + 2 * entry] | (
                mem[PALETTES + 32 * pal + 2 * entry + 1] << 8)
            assert list(frame[v, x]) == _rgb(word & 0xFFF), (v, x)


def test_png_round_trip(tmp_path):
    mem = _mem()
    _set_palette(mem, 0, _distinct())
    mem[PIXELS:PIXELS + 160] = bytes(range(160))
    frame = video.render(mem)
    video.save_png(frame, tmp_path / "f.png")
    assert np.array_equal(video.load_png(tmp_path / "f.png"), frame)


def test_double_lines():
    frame = video.render(_mem())
    assert video.double_lines(frame).shape == (400, 640, 3)
