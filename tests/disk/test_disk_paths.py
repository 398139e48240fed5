"""`--disk PATH` never harms what it is pointed at (issue 38 §2): one test per kind of
path, each checking the file system afterwards byte for byte and mode for mode.

No test touches a real device (the suite runs as root): the device case goes through
the path check itself, handed a made-up stat result; FIFOs, sockets, links and files
are made in the test's own folder.
"""
from __future__ import annotations

import os
import signal
import socket
import stat
import struct
from contextlib import contextmanager
from pathlib import Path

import pytest
from a2til import prodos

import disk
from disk.host_path import MAX_IMAGE_BYTES, check_image_path
from disk.two_img import FLAG_LOCKED, HEADER_SIZE
from gin_king.cli import main as gin_king
from system.runner import EXIT_USAGE, main as iigs_main

PROGRAM = bytes(range(256)) * 20


def snapshot(folder: Path) -> dict[str, tuple]:
    """Everything under `folder` as lstat sees it: kind and mode, a file's bytes (its
    size and allocated blocks when it is too big to read), a link's target."""
    seen = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                content = os.readlink(path)
            elif stat.S_ISREG(st.st_mode):
                content = (path.read_bytes() if st.st_size <= MAX_IMAGE_BYTES
                           else (st.st_size, st.st_blocks))
            else:
                content = None
            seen[str(path.relative_to(folder))] = (st.st_mode, st.st_uid, st.st_gid, content)
    return seen


@contextmanager
def no_hang(seconds: int = 10):
    """Fail instead of waiting for good (opening a FIFO would)."""
    def alarm(*_):
        raise TimeoutError("waited on the path")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refused_everywhere(path: Path, folder: Path, capsys, words: str) -> None:
    """`gin-king --disk`, `iigs run --disk`, `gin-king disk ...` and
    open_or_recover all refuse `path` with one line naming what it is, and nothing
    under `folder` changes."""
    before = snapshot(folder)
    with no_hang():
        with pytest.raises(disk.ImagePathRefused, match=words):
            disk.open_or_recover(path, PROGRAM)
        assert gin_king(["--disk", str(path), "--headless", "--seconds", "0"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err and str(path) in err
        assert iigs_main(["run", "X", "--disk", str(path), "--headless"]) == EXIT_USAGE
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err
        for command in (["ls"], ["check"], ["info"], ["get", "A"],
                        ["put", "A", str(folder / "nothing")], ["build", "--force"]):
            argv = ["disk", command[0], str(path)] + command[1:]
            assert gin_king(argv) == 1, argv
            assert words in capsys.readouterr().err
    assert snapshot(folder) == before


def test_a_device_is_refused_through_the_path_check(tmp_path):
    for kind, words in ((stat.S_IFCHR, "a character device"),
                        (stat.S_IFBLK, "a block device")):
        fake = os.stat_result((kind | 0o666, 1, 5, 1, 0, 0, 0, 0, 0, 0))
        with pytest.raises(disk.ImagePathRefused, match=words) as err:
            check_image_path(tmp_path / "null", fake)
        assert "nothing was changed" in str(err.value) and "\n" not in str(err.value)
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_is_refused_without_waiting(tmp_path, capsys):
    fifo = tmp_path / "pipe.po"
    os.mkfifo(fifo, 0o640)
    refused_everywhere(fifo, tmp_path, capsys, "a FIFO")


def test_a_socket_is_refused(tmp_path, capsys):
    path = tmp_path / "s.po"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(str(path))
        refused_everywhere(path, tmp_path, capsys, "a socket")
    finally:
        listener.close()


def test_a_folder_is_refused(tmp_path, capsys):
    folder = tmp_path / "games.po"
    folder.mkdir()
    (folder / "inside").write_bytes(b"keep me")
    refused_everywhere(folder, tmp_path, capsys, "a folder")


def test_a_link_to_a_fifo_is_refused_as_what_it_points_to(tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "link.po").symlink_to(tmp_path / "pipe")
    refused_everywhere(tmp_path / "link.po", tmp_path, capsys, "a FIFO")


def test_a_big_sparse_file_is_refused_untouched(tmp_path, capsys):
    big = tmp_path / "huge.po"
    with open(big, "wb") as f:
        f.truncate(1 << 30)                   # 1 GiB, no blocks written
    big.chmod(0o644)
    refused_everywhere(big, tmp_path, capsys, "larger than a ProDOS volume")


def test_a_symlink_is_followed_and_stays_a_link(tmp_path):
    real_dir = tmp_path / "images"
    real_dir.mkdir()
    real = real_dir / "game.po"
    disk.build_default(real, b"old")
    real.chmod(0o640)
    link = tmp_path / "GinKing.po"
    link.symlink_to(Path("images") / "game.po")
    volume, message = disk.open_or_recover(link, PROGRAM)
    assert message is None and not volume.read_only
    volume.write_file("SETTINGS/PREFS", b"p" * 100, 0x5A, 0)
    assert volume.commit()
    assert link.is_symlink() and os.readlink(link) == str(Path("images") / "game.po")
    assert disk.Volume.open(real).read_file("SETTINGS/PREFS") == b"p" * 100
    assert stat.S_IMODE(real.stat().st_mode) == 0o640       # kept, not mkstemp's 0600
    # the session's lock beside the real image (issue 44), gone when it ends
    assert sorted(p.name for p in real_dir.iterdir()) == [".game.po.lock", "game.po"]
    disk.lock.release(volume)
    assert sorted(p.name for p in real_dir.iterdir()) == ["game.po"]   # no temporaries
    assert sorted(p.name for p in tmp_path.iterdir()) == ["GinKing.po", "images"]


def test_a_dangling_link_makes_the_image_where_it_points(tmp_path):
    link = tmp_path / "GinKing.po"
    link.symlink_to(tmp_path / "elsewhere" / "real.po")
    volume, message = disk.open_or_recover(link, PROGRAM)
    assert message == f"Made the folder {tmp_path / 'elsewhere'} for the disk."
    assert link.is_symlink() and (tmp_path / "elsewhere" / "real.po").is_file()
    assert disk.Volume.open(link).read_file("GIN.KING") == PROGRAM


def test_a_rewritten_image_keeps_its_mode_and_a_new_one_gets_the_usual(tmp_path):
    path = tmp_path / "g.po"
    old = os.umask(0o027)
    try:
        disk.build_default(path, PROGRAM)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640        # 0666 less the umask
    path.chmod(0o604)
    owner = path.stat().st_uid, path.stat().st_gid
    volume = disk.Volume.open(path)
    volume.write_file("NOTE", b"n", 0x04, 0)
    volume.commit()
    assert stat.S_IMODE(path.stat().st_mode) == 0o604
    assert (path.stat().st_uid, path.stat().st_gid) == owner


@pytest.mark.parametrize("mode", [0o444, 0o400, 0o555])
def test_a_read_only_image_opens_read_only_and_is_never_written(tmp_path, mode):
    path = tmp_path / "g.po"
    disk.build_default(path, PROGRAM)
    path.chmod(mode)
    before = snapshot(tmp_path)
    volume, message = disk.open_or_recover(path, b"a newer build")
    assert volume.read_only and volume.read_file("GIN.KING") == PROGRAM
    assert message.count("\n") == 0 and "read-only" in message \
        and "settings and games will not be saved" in message
    with pytest.raises(disk.WriteProtected):
        volume.write_file("SETTINGS/PREFS", b"p", 0x5A, 0)
    with pytest.raises(disk.WriteProtected):
        volume.mkdir("MORE")
    assert not volume.commit()
    assert snapshot(tmp_path) == before


def test_a_read_only_image_is_refused_by_disk_put_and_read_by_the_rest(tmp_path, capsys):
    path = tmp_path / "g.po"
    disk.build_default(path, PROGRAM)
    path.chmod(0o444)
    (tmp_path / "f").write_bytes(b"data")
    before = snapshot(tmp_path)
    assert gin_king(["disk", "put", str(path), "F", str(tmp_path / "f")]) == 1
    assert "read-only" in capsys.readouterr().err
    assert gin_king(["disk", "build", str(path), "--force"]) == 1
    assert gin_king(["disk", "ls", str(path)]) == 0
    assert gin_king(["disk", "check", str(path)]) == 0
    assert gin_king(["disk", "get", str(path), "GIN.KING", "-o", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out").read_bytes() == PROGRAM
    (tmp_path / "out").unlink()
    assert snapshot(tmp_path) == before


def test_a_read_only_file_that_is_no_disk_is_refused_not_replaced(tmp_path):
    path = tmp_path / "g.po"
    path.write_bytes(b"my letter")
    path.chmod(0o444)
    before = snapshot(tmp_path)
    with pytest.raises(disk.ImagePathRefused, match="not a disk image"):
        disk.open_or_recover(path, PROGRAM)
    assert snapshot(tmp_path) == before


def test_a_missing_folder_is_made_and_said(tmp_path, capsys):
    path = tmp_path / "a" / "b" / "g.po"
    volume, message = disk.open_or_recover(path, PROGRAM)
    assert message == f"Made the folder {tmp_path / 'a' / 'b'} for the disk."
    assert volume.read_file("GIN.KING") == PROGRAM and path.is_file()
    assert gin_king(["disk", "build", str(tmp_path / "c" / "h.po")]) == 0
    assert f"made the folder {tmp_path / 'c'}" in capsys.readouterr().out
    with pytest.raises(disk.ImagePathRefused, match="a folder on the way is a file"):
        disk.open_or_recover(path / "x.po", PROGRAM)         # under a file


# -- .2mg ------------------------------------------------------------------------------

def two_img(blocks: bytes, comment: bytes = b"", flags: int = 0) -> bytes:
    """A 2IMG file as CiderPress writes one: header, blocks, then a comment chunk."""
    header = bytearray(HEADER_SIZE)
    struct.pack_into("<4s4sHHIIIIIIIII", header, 0, b"2IMG", b"CdrP", HEADER_SIZE, 1, 1,
                     flags, len(blocks) // 512, HEADER_SIZE, len(blocks),
                     HEADER_SIZE + len(blocks) if comment else 0, len(comment), 0, 0)
    return bytes(header) + blocks + comment


def test_a_2mg_image_opens_and_keeps_its_header_and_comment(tmp_path, capsys):
    path = tmp_path / "game.2mg"
    blocks = prodos.format_image("GAMES", 1600)
    path.write_bytes(two_img(blocks, b"made by hand"))
    head, tail = path.read_bytes()[:HEADER_SIZE], b"made by hand"
    (tmp_path / "notes").write_bytes(b"NOTES" * 300)
    assert gin_king(["disk", "put", str(path), "NOTES", str(tmp_path / "notes"),
                     "--type", "$04"]) == 0
    assert gin_king(["disk", "ls", str(path)]) == 0
    assert "/GAMES" in capsys.readouterr().out
    assert gin_king(["disk", "get", str(path), "NOTES", "-o", str(tmp_path / "back")]) == 0
    assert (tmp_path / "back").read_bytes() == b"NOTES" * 300
    assert gin_king(["disk", "check", str(path)]) == 0
    assert "is sound" in capsys.readouterr().out
    raw = path.read_bytes()
    assert raw[:HEADER_SIZE] == head and raw.endswith(tail)
    assert len(raw) == HEADER_SIZE + 1600 * 512 + len(tail)
    assert prodos.Volume(bytearray(raw)).read_file("/GAMES/NOTES") == b"NOTES" * 300


def test_a_new_2mg_gets_a_header_and_runs_a_program_from_iigs(tmp_path, capsys):
    path = tmp_path / "new.2mg"
    assert gin_king(["disk", "build", str(path)]) == 0
    raw = path.read_bytes()
    assert raw[:4] == b"2IMG" and len(raw) == HEADER_SIZE + 1600 * 512
    assert struct.unpack_from("<I", raw, 0x14)[0] == 1600             # blocks
    volume, message = disk.open_or_recover(path, PROGRAM)
    assert message is None and volume.name == "GINKING"
    # iigs run --disk new.2mg: a missing program on it is one line, exit 2
    assert iigs_main(["run", ":GINKING:NOPE", "--disk", str(path), "--headless"]) \
        == EXIT_USAGE
    assert "not a file on the disk" in capsys.readouterr().err


def test_a_locked_2mg_opens_read_only(tmp_path):
    path = tmp_path / "locked.2mg"
    path.write_bytes(two_img(prodos.format_image("LOCKED", 280), flags=FLAG_LOCKED))
    before = snapshot(tmp_path)
    volume, message = disk.open_or_recover(path, PROGRAM)
    assert volume.read_only and "locked" in message
    assert snapshot(tmp_path) == before


# -- harmless and harmful inconsistencies ----------------------------------------------

def entry_offset(image: bytes | bytearray, name: bytes) -> int:
    """Where the volume directory entry for `name` starts (block 2, 39-byte entries)."""
    for slot in range(1, 13):
        at = 2 * 512 + 4 + slot * 39
        if image[at] & 0x0F == len(name) and image[at + 1:at + 1 + len(name)] == name:
            return at
    raise KeyError(name)


def image_with_files(tmp_path: Path) -> Path:
    path = tmp_path / "g.po"
    volume = disk.build_default(path, PROGRAM)
    volume.write_file("A", b"a" * 300, 0x04, 0)
    volume.write_file("B", b"b" * 300, 0x04, 0)
    volume.commit()
    return path


def test_lost_blocks_open_and_disk_check_warns(tmp_path, capsys):
    path = image_with_files(tmp_path)
    raw = bytearray(path.read_bytes())
    raw[6 * 512 + 1500 // 8] &= ~(0x80 >> (1500 % 8))        # block 1500 "used"
    path.write_bytes(raw)
    volume, message = disk.open_or_recover(path, PROGRAM)
    assert message is None and not volume.read_only
    assert volume.warnings == ["block 1500 is marked used but unreferenced"]
    assert gin_king(["disk", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "warning: block 1500 is marked used but unreferenced" in out and "sound" in out
    volume.write_file("C", b"c" * 2000, 0x04, 0)              # writes go on
    assert volume.commit()
    again = disk.Volume.open(path)
    assert again.read_file("C") == b"c" * 2000 and again.damage() == []
    disk.lock.release(volume)                  # the session ends: its lock goes
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.po"]


@pytest.mark.parametrize("damage, words", [
    ("shared", "also used by"),              # B's data block is A's: two owners
    ("past", "out of range"),                # B's data block lies past the volume
])
def test_damage_that_would_lose_data_opens_read_only_with_the_reason(tmp_path, capsys,
                                                                      damage, words):
    path = image_with_files(tmp_path)
    raw = bytearray(path.read_bytes())
    a, b = entry_offset(raw, b"A"), entry_offset(raw, b"B")
    key = raw[a + 0x11:a + 0x13] if damage == "shared" else struct.pack("<H", 5000)
    raw[b + 0x11:b + 0x13] = key
    path.write_bytes(raw)
    path.chmod(0o644)
    before = snapshot(tmp_path)
    volume, message = disk.open_or_recover(path, PROGRAM)
    assert volume.read_only and words in volume.read_only
    assert message.count("\n") == 0 and words in message and "read-only" in message
    assert volume.read_file("A") == b"a" * 300              # what is there still reads
    with pytest.raises(disk.WriteProtected):
        volume.write_file("C", b"c", 0x04, 0)
    assert gin_king(["disk", "check", str(path)]) == 1
    assert words in capsys.readouterr().out
    (tmp_path / "f").write_bytes(b"f")
    assert gin_king(["disk", "put", str(path), "F", str(tmp_path / "f")]) == 1
    (tmp_path / "f").unlink()
    assert snapshot(tmp_path) == before


def test_a_dos_order_floppy_image_keeps_what_is_written(tmp_path):
    """a2til edits a 5.25" DOS-order image in a ProDOS-order copy: a commit must carry
    the change back into the image's own order."""
    path = tmp_path / "floppy.do"
    path.write_bytes(bytes(prodos._interleave(memoryview(bytearray(
        prodos.format_image("FLOPPY", 280))))))
    volume = disk.Volume.open(path)
    volume.write_file("A", b"x" * 700, 0x04, 0)
    assert volume.commit()
    again = disk.Volume.open(path)
    assert again.read_file("A") == b"x" * 700 and again.check() == []


def test_the_machine_mounts_a_read_only_disk_and_keeps_its_battery_ram_unwritten(tmp_path):
    """`iigs run --disk g.po` on a read-only image: the battery RAM beside it
    is read, and a Control Panel change stays in memory."""
    from iigs.bram import BatteryRAM, bram_path
    from system.machine import Machine
    path = tmp_path / "g.po"
    disk.build_default(path, PROGRAM)
    BatteryRAM(bram_path(path)).set_param(0x20, 1)          # a setting saved before
    path.chmod(0o444)
    before = snapshot(tmp_path)
    machine = Machine(disk=path)
    assert "will not be saved" in machine.disk_message
    bram = machine.tb.misc.bram
    assert bram.param(0x20) == 1
    bram.set_param(0x20, 2)
    assert bram.param(0x20) == 2 and snapshot(tmp_path) == before


def test_an_image_this_user_may_not_write_opens_read_only(tmp_path, monkeypatch):
    """As root every file is writable, so `access(2)` is made to answer as it does for
    another user's 0644 file."""
    path = tmp_path / "g.po"
    disk.build_default(path, PROGRAM)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == path and
                        mode & os.W_OK else real_access(p, mode))
    before = snapshot(tmp_path)
    volume, message = disk.open_or_recover(path, b"newer")
    assert volume.read_only == "this user may not write it" and "read-only" in message
    assert snapshot(tmp_path) == before


def test_an_image_that_cannot_be_read_is_refused_not_set_aside(tmp_path, monkeypatch):
    """As root every file is readable, so the open is made to fail as it does for
    another user's 0600 file: it may be a good disk, and must not be taken for a
    damaged one."""
    path = tmp_path / "g.po"
    disk.build_default(path, PROGRAM)
    real_open = os.open

    def no_read(p, flags, *args):
        if Path(p) == path:
            raise PermissionError(13, "Permission denied")
        return real_open(p, flags, *args)
    monkeypatch.setattr(os, "open", no_read)
    before = snapshot(tmp_path)
    with pytest.raises(disk.ImagePathRefused, match="Permission denied"):
        disk.open_or_recover(path, PROGRAM)
    assert snapshot(tmp_path) == before
