"""Hostile and damaged volumes as `gin-king disk` meets them (issue 44): each command
ends, says what is wrong in one line (no traceback, no raw control character), exits
as documented, and leaves the image and every file beside it as they were.

Each image is a fresh one from the project's builder with the damage written into its
bytes: a directory block's `next` pointer (+2), the volume header's bitmap pointer
(block 2 +$27) or its name (block 2 +$04, length in the low nibble)."""
from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import disk
from iigs.hostfile import temp_stem
from gin_king.cli import main

PROGRAM = b"\x60" * 3000
VOLUME_HEADER = 2 * 512


def fresh(folder: Path, name: str = "GinKing.po") -> Path:
    path = folder / name
    disk.build_default(path, PROGRAM)
    return path


def poke(path: Path, offset: int, data: bytes) -> None:
    raw = bytearray(path.read_bytes())
    raw[offset:offset + len(data)] = data
    path.write_bytes(raw)


def key_block(path: Path, folder: str) -> int:
    return disk.Volume(bytearray(path.read_bytes()))._vol.entry_for(
        f"/GINKING/{folder}").key_pointer


def files_in(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def gin_king_disk(*args: str) -> subprocess.CompletedProcess:
    """`gin-king disk ...` as a user runs it, in its own process (a hang would show
    as the timeout's failure, not as a test run that never ends)."""
    return subprocess.run([sys.executable, "-m", "gin_king.cli", "disk", *args],
                          capture_output=True, text=True, timeout=120)


def one_line(text: str) -> str:
    """The single line of `text`, checked to be one line and no traceback."""
    assert text.count("\n") == 1 and text.endswith("\n"), text
    assert "Traceback" not in text
    return text


def test_a_folder_whose_block_links_to_itself_ends_every_command(tmp_path, capsys):
    images, elsewhere = tmp_path / "images", tmp_path / "out"
    images.mkdir(), elsewhere.mkdir()
    image = fresh(images)
    settings = key_block(image, "SETTINGS")
    poke(image, settings * 512 + 2, struct.pack("<H", settings))   # next: itself
    (images / "note.txt").write_bytes(b"my note")
    before = files_in(images)

    put = gin_king_disk("put", str(image), "SETTINGS/NOTE", str(images / "note.txt"))
    assert put.returncode == 1 and put.stdout == ""
    line = one_line(put.stderr)
    assert str(image) in line and "SETTINGS" in line and "loop" in line
    assert "nothing was changed" in line

    check = gin_king_disk("check", str(image))
    assert check.returncode == 1 and check.stderr == ""
    assert "directory /GINKING/SETTINGS" in one_line(check.stdout) and "loop" in check.stdout

    assert main(["disk", "info", str(image)]) == 1
    out, err = capsys.readouterr()
    assert "damaged" in out and "loop" in out and "read-only" in one_line(err)
    assert main(["disk", "ls", str(image), "-R"]) == 0
    out, err = capsys.readouterr()
    assert "GIN.KING" in out and "SETTINGS/" in out and "damaged" in one_line(err)
    assert main(["disk", "get", str(image), "GIN.KING", "-o",
                 str(elsewhere / "copy")]) == 0
    assert (elsewhere / "copy").read_bytes() == PROGRAM
    assert files_in(images) == before


def test_only_the_programs_own_temporaries_are_removed(tmp_path, capsys):
    image = fresh(tmp_path)
    mine = [".GinKing.po.my-notes.tmp", ".GinKing.po.x.tmp", ".GinKing.po.tmp",
            temp_stem(tmp_path / "Other.po") + "0123abcd.tmp",      # another image's
            temp_stem(image) + "0123abcd.tmp.bak", temp_stem(image) + "XYZ.tmp"]
    for n, name in enumerate(mine):
        (tmp_path / name).write_bytes(b"user data %d" % n)
    stale = tmp_path / (temp_stem(image) + "0123abcd.tmp")          # a killed save's
    stale.write_bytes(b"half an image")
    link = tmp_path / (temp_stem(image) + "feedf00d.tmp")           # a link: not ours
    link.symlink_to(tmp_path / mine[0])
    users = files_in(tmp_path)
    del users[stale.name]
    out = tmp_path / "out"
    for command in (["info"], ["ls"], ["check"], ["get", "GIN.KING", "-o", str(out)]):
        assert main(["disk", command[0], str(image), *command[1:]]) == 0
        out.unlink(missing_ok=True)
    assert not stale.exists() and link.is_symlink()
    assert files_in(tmp_path) == users                            # byte for byte


def test_an_image_with_a_252_character_name_is_built_and_written(tmp_path, capsys):
    name = "g" * 249 + ".po"
    assert len(name) == 252
    src = tmp_path / "src"
    src.mkdir()
    (src / "prog").write_bytes(PROGRAM)
    assert main(["disk", "build", str(tmp_path / name), "--program", str(src / "prog")]) == 0
    note = src / "note"
    note.write_bytes(b"a note")
    assert main(["disk", "put", str(tmp_path / name), "SETTINGS/NOTE", str(note)]) == 0
    assert disk.Volume.open(tmp_path / name).read_file("SETTINGS/NOTE") == b"a note"
    assert sorted(os.listdir(tmp_path)) == sorted([name, "src"])   # no temporary left
    assert len(temp_stem(tmp_path / name).encode()) + 12 <= 255


def test_a_file_that_is_no_disk_and_has_a_long_name_is_kept_aside(tmp_path):
    path = tmp_path / ("d" * 250 + ".po")
    path.write_bytes(b"a letter, not a disk")
    volume, message = disk.open_or_recover(path, PROGRAM)
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == b"a letter, not a disk"
    assert len(kept[0].name.encode()) <= 255 and kept[0].suffix == ".po"
    assert "kept unchanged" in message and volume.read_file("GIN.KING") == PROGRAM


def test_a_volume_name_prodos_does_not_allow_is_damage_said_on_one_line(tmp_path, capsys):
    image = fresh(tmp_path)
    name = b"GIN/K\x00\nG"
    poke(image, VOLUME_HEADER + 4, bytes([0xF0 | len(name)]) + name)
    before = files_in(tmp_path)
    assert main(["disk", "check", str(image)]) == 1
    out, err = capsys.readouterr()
    assert "'GIN/K\\x00\\nG' is not one ProDOS allows" in one_line(out) and err == ""
    assert main(["disk", "info", str(image)]) == 1
    out, err = capsys.readouterr()
    assert out.count("\n") == 2 and "damaged" in out and "read-only" in one_line(err)
    assert main(["disk", "ls", str(image)]) == 0
    out, err = capsys.readouterr()
    assert "GIN.KING" in out and "SETTINGS/" in out and "damaged" in one_line(err)
    assert main(["disk", "get", str(image), "GIN.KING", "-o",
                 str(tmp_path.parent / "copy")]) == 0
    assert (tmp_path.parent / "copy").read_bytes() == PROGRAM
    assert files_in(tmp_path) == before


def test_a_bitmap_pointer_past_the_volume_is_damage_not_a_traceback(tmp_path, capsys):
    image = fresh(tmp_path)
    poke(image, VOLUME_HEADER + 0x27, struct.pack("<H", 5000))
    before = files_in(tmp_path)
    assert main(["disk", "info", str(image)]) == 1
    out, err = capsys.readouterr()
    assert "0 free" in out and "damaged" in out and "bitmap" in out
    assert "read-only" in one_line(err)
    assert main(["disk", "ls", str(image)]) == 0
    out, err = capsys.readouterr()
    assert "GIN.KING" in out and "bitmap" in one_line(err)
    assert main(["disk", "check", str(image)]) == 1
    assert "bitmap" in capsys.readouterr().out
    assert files_in(tmp_path) == before


def test_each_refusal_names_the_thing_the_problem_and_what_was_done(tmp_path, capsys):
    image = fresh(tmp_path)
    refusals = {
        ("get", str(image), "GIN.KINGS"): ["there is no GIN.KINGS on /GINKING",
                                           "nothing was copied"],
        ("get", str(image), "SETTINGS"): ["SETTINGS is a folder", "nothing was copied"],
        ("ls", str(image), "NOPE"): ["there is no folder NOPE", "nothing was listed"],
        ("put", str(image), "A", str(tmp_path / "gone")): ["cannot read", "gone",
                                                           "nothing was changed"],
        ("put", str(image), "A", str(image), "--type", "zz"): ["--type zz",
                                                              "nothing was changed"],
        ("info", str(tmp_path / "new\nline.po")): ["new\\nline.po", "no such file",
                                                  "nothing was changed"],
        ("build", str(image)): [str(image), "exists", "nothing was changed"],
    }
    before = files_in(tmp_path)
    for argv, words in refusals.items():
        assert main(["disk", *argv]) == 1, argv
        out, err = capsys.readouterr()
        line = one_line(err)
        assert line.startswith("gin-king disk: ") and out == "", argv
        assert all(w in line for w in words), (argv, line)
        if argv[0] in ("get", "ls"):
            assert str(image) in line, line
    assert files_in(tmp_path) == before
