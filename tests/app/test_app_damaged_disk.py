"""`gin-king --disk` on damaged disks (issue 44): the game starts, plays read-only and
ends; the player is told once, on one line; the image and every file beside it stay as
they were. The damage is written into the bytes of a disk the project's builder made:
the SETTINGS folder's block linking to itself, the volume directory linking past the
end of the volume (on a read-only image), a volume name with '/', NUL and a newline."""
from __future__ import annotations

import struct

from gin_king import app

VOLUME_HEADER = 2 * 512

SAVE_SETTINGS = """expect-text Choose New Game from the File menu to deal.
choose File / Save Settings
expect-text The settings could not be saved.
key return
choose File / New Game
wait
key q apple
"""


def damaged_disk(tmp_path, program, damage):
    """A fresh disk (the builder's, with this GIN.KING) whose bytes `damage(volume, raw)`
    changes; its path."""
    path = tmp_path / "g.po"
    volume, _ = app.prepare_disk(path, program)
    raw = bytearray(path.read_bytes())
    damage(volume, raw)
    path.write_bytes(raw)
    return path


def play(tmp_path, path, capsys) -> str:
    """Run the Save Settings script on `path`; stderr, checked to be one line and the
    folder's files unchanged byte for byte."""
    script = tmp_path / "s.txt"
    script.write_text(SAVE_SETTINGS)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert app.main(["--disk", str(path), "--script", str(script)]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err + out and "fault" not in out
    assert "read-only" in err and "settings and games will not be saved" in err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    return err


def test_save_settings_in_a_folder_that_links_to_itself_ends(tmp_path, program, capsys):
    def loop(volume, raw):
        key = volume._vol.entry_for("/GINKING/SETTINGS").key_pointer
        struct.pack_into("<H", raw, key * 512 + 2, key)          # next: itself
    err = play(tmp_path, damaged_disk(tmp_path, program, loop), capsys)
    assert "SETTINGS" in err and "loop" in err


def test_a_read_only_disk_whose_volume_directory_leaves_the_volume_plays(tmp_path, program,
                                                                          capsys):
    def past_the_end(volume, raw):
        struct.pack_into("<H", raw, VOLUME_HEADER + 2, 0xFFFF)   # next: block 65535
    path = damaged_disk(tmp_path, program, past_the_end)
    path.chmod(0o444)
    err = play(tmp_path, path, capsys)
    assert "its mode has no write permission" in err


def test_a_volume_name_prodos_does_not_allow_plays_read_only(tmp_path, program, capsys):
    def bad_name(volume, raw):
        name = b"GIN/K\x00\nG"
        raw[VOLUME_HEADER + 4:VOLUME_HEADER + 5 + len(name)] = bytes([0xF0 | len(name)]) + name
    err = play(tmp_path, damaged_disk(tmp_path, program, bad_name), capsys)
    assert "'GIN/K\\x00\\nG' is not one ProDOS allows" in err
