"""One writer a disk (issue 44, `disk.lock`): the lock beside the image, held by another
process (`disk_holder.py`, a real second process), met by `open_or_recover` and by
`gin-king disk`; freed when its holder is killed."""
from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest

import disk
from disk import lock
from iigs.hostfile import remove_stale_temporaries, temp_stem
from gin_king.cli import main as gin_king


def made_disk(tmp_path: Path, name: str = "g.po") -> Path:
    path = tmp_path / name
    volume = disk.build_default(path, None)
    volume.write_file("SETTINGS/NOTE", b"first", 0x04)
    volume.commit()
    return path


def test_the_lock_file_is_beside_the_real_image_and_names_its_holder(tmp_path):
    real = made_disk(tmp_path / "images")
    link = tmp_path / "GinKing.po"
    link.symlink_to(real)
    assert lock.lock_path(os.path.realpath(link)) == tmp_path / "images" / ".g.po.lock"
    lock_file = tmp_path / "images" / ".g.po.lock"
    lock_file.write_text("99999999999\n")                    # a killed holder's, longer
    held = lock.claim(os.path.realpath(link), write=True)
    assert lock_file.read_text() == f"{os.getpid()}\n"
    stale = tmp_path / "images" / (temp_stem(real) + "0123abcd.tmp")  # a killed writer's
    stale.write_bytes(b"x")
    assert remove_stale_temporaries(real) == [stale]         # the lock is no temporary
    again = lock.claim(real, write=True)                     # this process: shared
    assert again is held and held.count == 2
    held.release()
    assert lock_file.exists()                                # one holder left
    again.release()
    assert not lock_file.exists() and not held.held          # the last one removes it
    assert sorted(p.name for p in (tmp_path / "images").iterdir()) == ["g.po"]


def test_another_writer_is_in_use_for_writers_and_readers(tmp_path, holder):
    path = made_disk(tmp_path)
    other = holder("open", path)
    assert other.read_only == "-"
    for write in (True, False):
        with pytest.raises(lock.InUse) as caught:
            lock.claim(path, write=write)
        assert caught.value.pid == other.pid
        assert caught.value.reason == f"it is in use by another session (pid {other.pid})"
    other.ask("release")                                     # its session ended
    with lock.claim(path, write=True) as mine:
        assert mine.held and mine.exclusive


def test_a_writer_waits_for_readers_and_readers_share(tmp_path, holder):
    path = made_disk(tmp_path)
    reader = holder("read", path)
    with lock.claim(path, write=False) as mine:              # readers share
        assert mine.held and not mine.exclusive
    with pytest.raises(lock.InUse) as caught:                # no waiting asked
        lock.claim(path, write=True, reader_wait=0)
    assert caught.value.holder == "another program reading it"
    got: list = []
    waiting = threading.Thread(target=lambda: got.append(
        lock.claim(path, write=True, reader_wait=120)))
    waiting.start()
    reader.ask("release")                                    # the reader finishes
    waiting.join()
    assert got[0].held and got[0].exclusive
    got[0].release()


@pytest.mark.parametrize("make, words", [
    (lambda p: p.mkdir(), "is a folder"),
    (lambda p: p.symlink_to("elsewhere"), "is a symbolic link"),
    (lambda p: os.mkfifo(p), "is a FIFO (named pipe)"),
])
def test_a_lock_file_that_is_no_file_makes_the_disk_read_only(tmp_path, capsys, make,
                                                              words):
    path = made_disk(tmp_path)
    lock_file = tmp_path / ".g.po.lock"
    make(lock_file)
    image = path.read_bytes()
    volume, message = disk.open_or_recover(path)
    assert volume.read_only == f"its lock file {lock_file} {words}"
    assert message == (f"The disk {path} is open read-only (its lock file {lock_file} "
                       f"{words}); settings and games will not be saved.")
    assert gin_king(["disk", "put", str(path), "NOTE", str(path)]) == 1
    assert capsys.readouterr().err == (f"gin-king disk: {path}: its lock file {lock_file} "
                                       f"{words}; nothing was changed\n")
    assert path.read_bytes() == image


def test_gin_king_disk_while_another_session_writes(tmp_path, holder, capsys):
    """put and build --force refuse in one line, changing nothing; ls, get, info and
    check look at the disk as last saved, leaving its temporaries alone."""
    path = made_disk(tmp_path)
    other = holder("open", path)
    other.ask("put SETTINGS/NOTE second")                   # the other session saves
    image = path.read_bytes()
    mid_save = tmp_path / (temp_stem(path) + "a1b2c3d4.tmp")  # a save of its in flight
    mid_save.write_bytes(b"half")
    new = tmp_path / "new.txt"
    new.write_bytes(b"mine")
    busy = f"{path} is in use by another session (pid {other.pid}); nothing was changed"
    for argv in (["put", str(path), "SETTINGS/NEW", str(new)],
                 ["build", str(path), "--force"]):
        assert gin_king(["disk", *argv]) == 1
        assert capsys.readouterr().err == f"gin-king disk: {busy}\n"
    out = tmp_path / "note"
    assert gin_king(["disk", "get", str(path), "SETTINGS/NOTE", "-o", str(out)]) == 0
    assert out.read_bytes() == b"second"
    assert gin_king(["disk", "ls", str(path), "SETTINGS"]) == 0
    assert "NOTE" in capsys.readouterr().out
    assert gin_king(["disk", "check", str(path)]) == 0
    assert gin_king(["disk", "info", str(path)]) == 0
    err = capsys.readouterr().err
    assert err == f"{path}: read-only: it is in use by another session (pid {other.pid})\n"
    assert path.read_bytes() == image and mid_save.read_bytes() == b"half"
    other.end()                                               # the session ends
    assert gin_king(["disk", "put", str(path), "SETTINGS/NEW", str(new)]) == 0
    volume = disk.Volume.open(path)
    assert volume.read_file("SETTINGS/NOTE") == b"second"    # both saves are there
    assert volume.read_file("SETTINGS/NEW") == b"mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.po", "new.txt", "note"]


def test_a_killed_holder_frees_the_disk(tmp_path, holder):
    path = made_disk(tmp_path)
    other = holder("open", path)
    other.ask("put SETTINGS/NOTE theirs")
    volume, message = disk.open_or_recover(path)
    assert volume.read_only and message == (
        f"The disk {path} is in use by another session (pid {other.pid}); it is open "
        "read-only; settings and games will not be saved.")
    with pytest.raises(disk.WriteProtected):
        volume.write_file("SETTINGS/NOTE", b"mine", 0x04, replace=True)
    assert not volume.commit() and not lock.holds(volume)
    os.kill(other.pid, signal.SIGKILL)
    assert other.process.wait(timeout=60) == -signal.SIGKILL
    assert (tmp_path / ".g.po.lock").exists()                # left behind, not in force
    volume, message = disk.open_or_recover(path)
    assert message is None and not volume.read_only and lock.holds(volume)
    assert volume.read_file("SETTINGS/NOTE") == b"theirs"    # its last save, whole
    volume.write_file("SETTINGS/NOTE", b"mine", 0x04, replace=True)
    assert volume.commit()
    lock.release(volume)
    assert not (tmp_path / ".g.po.lock").exists()
    assert disk.Volume.open(path).read_file("SETTINGS/NOTE") == b"mine"


def test_a_disk_made_while_another_makes_it(tmp_path, holder):
    """The first session makes a missing disk under the lock; one that starts meanwhile
    plays read-only, from the disk made or, before it is there, a fresh one in memory."""
    path = tmp_path / "new" / "g.po"
    other = holder("open", path)                             # made it, holds it
    assert path.exists()
    volume, message = disk.open_or_recover(path)
    assert volume.read_only and "in use by another session" in message
    os.rename(path, tmp_path / "elsewhere.po")                # as if not yet written
    volume, message = disk.open_or_recover(path)
    assert volume.read_only and "in use by another session" in message
    assert volume.path == path and volume.exists(disk.SETTINGS_DIR)
    assert not volume.commit() and not path.exists()          # nothing written for it
    other.end()
