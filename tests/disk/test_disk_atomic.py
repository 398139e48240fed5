"""Host-level atomicity: a writer killed at any moment leaves a whole image.

A child process (forked, so it starts in a millisecond) opens the image and loops:
rewrite SETTINGS/COUNTER with a self-checking record of a growing size, commit,
tell the parent which counter is now on disk. The parent SIGKILLs it at a random
moment of its commit cycle, then checks the surviving image with a2til's checker
and demands that the counter on disk is the last one reported committed or the
one after it (the commit that was under way). The kill points are stratified over
the cycle (one in each equal slice of 0-6 ms, at a seeded place in it), so that
even CI's 40 kills land in every phase: editing the in-memory copy, writing the
temporary, fsync, rename. The full soak, hundreds of kills:

    GIN_KING_ATOMIC_KILLS=300 python -m pytest tests/disk/test_disk_atomic.py

(docs/disk.md has its figures). The same checks catch a writer that rewrites the
image in place: tried by hand, the first torn image fails a2til's check.
"""
from __future__ import annotations

import multiprocessing
import os
import random
import signal
import struct
import time
import zlib

import pytest

import disk
from iigs.hostfile import remove_stale_temporaries

# Kill points spread over the commit cycle (0-6 ms); more by the environment.
KILLS = int(os.environ.get("GIN_KING_ATOMIC_KILLS", "40"))
CYCLE = 0.006
COUNTER_PATH = "SETTINGS/COUNTER"


def record(counter: int) -> bytes:
    """counter, length, payload, crc: any torn or mixed file fails to parse."""
    payload = bytes([counter & 0xFF]) * (counter * 37 % 5000)
    body = struct.pack("<II", counter, len(payload)) + payload
    return body + struct.pack("<I", zlib.crc32(body))


def parse(data: bytes) -> int:
    counter, length = struct.unpack_from("<II", data)
    body = data[:8 + length]
    assert len(data) == 8 + length + 4
    assert struct.unpack_from("<I", data, 8 + length)[0] == zlib.crc32(body)
    return counter


def busy_wait(seconds: float) -> None:
    """Sub-millisecond delays: sleeping would round them up."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def writer(path: str, conn) -> None:
    volume = disk.Volume.open(path)
    counter = parse(volume.read_file(COUNTER_PATH))
    while True:
        counter += 1
        volume.write_file(COUNTER_PATH, record(counter), 0x06, 0, replace=True)
        # A second file appears and disappears so directory blocks change too.
        if counter % 3 == 0:
            volume.write_file("SETTINGS/SCRATCH", b"x" * (counter % 2000), 0x04, 0,
                              replace=True)
        elif volume.exists("SETTINGS/SCRATCH"):
            volume.remove("SETTINGS/SCRATCH")
        volume.commit()
        conn.send(counter)


def test_disk_atomic_commit_survives_sigkill(tmp_path):
    path = tmp_path / "GinKing.po"
    volume = disk.build_default(path, b"\x60" * 20000)
    volume.write_file(COUNTER_PATH, record(0), 0x06, 0)
    volume.commit()

    ctx = multiprocessing.get_context("fork")
    rng = random.Random(1987)
    committed = 0
    advanced = 0
    for kill in range(KILLS):
        receive, send = ctx.Pipe(duplex=False)
        child = ctx.Process(target=writer, args=(str(path), send), daemon=True)
        child.start()
        send.close()
        # Let the writer reach its loop (its first commit), then kill it a random
        # fraction of a commit cycle (about 2 ms here) later: the kill-th slice of it.
        last = committed
        if receive.poll(5.0):
            last = receive.recv()
        delay = (kill + rng.random()) * CYCLE / KILLS
        receive.poll(delay) if delay > CYCLE / 2 else busy_wait(delay)
        os.kill(child.pid, signal.SIGKILL)
        child.join()
        while receive.poll():
            try:
                last = receive.recv()
            except EOFError:
                break
        receive.close()

        survivor = disk.Volume.open(path)          # damaged: read_only, and check() says why
        assert survivor.check() == []
        on_disk = parse(survivor.read_file(COUNTER_PATH))
        assert last <= on_disk <= last + 1, (last, on_disk)
        assert survivor.read_file(disk.PROGRAM_NAME) == b"\x60" * 20000
        advanced += on_disk > committed
        committed = on_disk
    assert advanced >= KILLS * 9 // 10    # the writer really was making progress
    assert remove_stale_temporaries(path) == []   # open() already swept them
    assert sorted(p.name for p in tmp_path.iterdir()) == ["GinKing.po"]


def test_disk_atomic_write_leaves_old_image_when_write_fails(tmp_path, monkeypatch):
    path = tmp_path / "GinKing.po"
    volume = disk.build_default(path, b"old")
    before = path.read_bytes()
    volume.write_file(disk.PROGRAM_NAME, b"new", 0xB3, 0xDB03, replace=True)

    def broken_fsync(fd):
        raise OSError(5, "I/O error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        volume.commit()
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["GinKing.po"]
    assert volume.dirty
    assert volume.commit()
    assert disk.Volume.open(path).read_file(disk.PROGRAM_NAME) == b"new"
