"""GS/OS writes and the host image: full disks and crashes lose nothing."""
from __future__ import annotations

import multiprocessing
import os
import random
import signal

import disk
from gsos_helpers import SET_EOF, Machine
from toolbox import gsos

KILLS = 60


def test_gsos_full_disk_returns_volume_full_and_loses_nothing(tmp_path):
    m = Machine(tmp_path / "small.po", blocks=48)
    m.save_file("KEEP", b"k" * 2000)
    assert m.create("FILL") == 0
    _, refnum = m.open("FILL", 3)
    chunk = bytes(range(256)) * 8                      # 2 KB, four blocks
    written = 0
    while True:
        error, count = m.write(refnum, chunk)
        if error:
            break
        written += count
    assert error == gsos.VOLUME_FULL and count == 0
    assert written > 0
    assert m.get_position(0x2019, refnum) == (0, written)   # EOF: nothing half-done
    # Growing by SetEOF is refused the same way.
    assert m.set_position(SET_EOF, refnum, 0, written + 64 * 512) == gsos.VOLUME_FULL
    assert m.close(refnum) == 0
    host = m.on_host()
    assert host.check() == []
    assert host.read_file("FILL") == (chunk * (written // len(chunk) + 1))[:written]
    assert host.read_file("KEEP") == b"k" * 2000
    assert host.read_file("GIN.KING") == m.volume.read_file("GIN.KING")
    # Creating files (one block each) until none fits fails cleanly too.
    errors = [m.create(f"F{n}") for n in range(m.on_host().free_blocks + 1)]
    assert errors[-1] == gsos.VOLUME_FULL and set(errors[:-1]) <= {0, gsos.VOLUME_FULL}
    assert m.on_host().free_blocks == 0 and m.on_host().check() == []


def test_gsos_volume_directory_full(tmp_path):
    m = Machine(tmp_path / "d.po")
    # The volume directory has 4 blocks: 51 entries; GIN.KING and SETTINGS use 2.
    errors = [m.create(f"F{n}") for n in range(50)]
    assert errors[:49] == [0] * 49 and errors[49] == gsos.VOL_DIR_FULL
    assert m.create("9:SETTINGS:STILL.OK") == 0      # folders grow
    assert m.on_host().check() == []


def gsos_writer(path: str, conn) -> None:
    """Append a numbered record to LOG through Open/Write/Close, forever, and
    report each number once Close has returned."""
    m = Machine.__new__(Machine)
    from toolbox.toolbox import Toolbox
    m.tb = Toolbox(bytearray(1 << 24))
    m.path = path
    m.volume = disk.Volume.open(path)
    m.tb.gsos.mount(m.volume)
    m.tb.gsos.set_launch("/GINKING/GIN.KING")
    m._next_string = m.STRINGS
    n = len(m.volume.read_file("SETTINGS/LOG")) // 8
    while True:
        m._next_string = m.STRINGS
        error, refnum = m.open("9:SETTINGS:LOG", 3)
        assert error == 0
        m.set_position(0x2016, refnum, gsos.BASE_EOF_MINUS, 0)
        m.write(refnum, b"%07d\r" % n)
        assert m.close(refnum) == 0
        conn.send(n)
        n += 1


def test_gsos_data_survives_sigkill_after_close(tmp_path):
    path = tmp_path / "GinKing.po"
    m = Machine(path)
    m.save_file("9:SETTINGS:LOG", b"")
    ctx = multiprocessing.get_context("fork")
    rng = random.Random(66)
    closed = -1
    for _ in range(KILLS):
        receive, send = ctx.Pipe(duplex=False)
        child = ctx.Process(target=gsos_writer, args=(str(path), send), daemon=True)
        child.start()
        send.close()
        if receive.poll(5.0):                  # the writer is in its loop
            closed = receive.recv()
        receive.poll(rng.uniform(0, 0.01))
        os.kill(child.pid, signal.SIGKILL)
        child.join()
        while receive.poll():
            try:
                closed = receive.recv()
            except EOFError:
                break
        receive.close()
        log = disk.Volume.open(path).read_file("SETTINGS/LOG")
        records = [int(r) for r in log.split(b"\r") if r]
        assert records == list(range(len(records)))     # whole records, in order
        assert len(records) - 1 >= closed                # every closed write is there
    assert closed >= KILLS - 1                  # every writer got a Close done


def test_gsos_calls_on_fuzzed_disks_only_return_error_codes(tmp_path):
    """Images that open after random damage (sound, with lost blocks, or damaged and so
    read-only): every GS/OS call on every entry returns a code (no exception escapes
    `call`); a read-only one answers writes with drvrWrtProt and is never written."""
    base = Machine(tmp_path / "base.po", blocks=280)
    base.save_file("9:SETTINGS:HISTORY", b"h" * 9000, 0x04)
    base.save_file("9:SETTINGS:PREFS", b"p" * 40, 0x5A)
    good = (tmp_path / "base.po").read_bytes()
    rng = random.Random(2)
    mounted = 0
    for n in range(100):
        image = bytearray(good)
        for _ in range(rng.randint(1, 8)):
            image[rng.randrange(2 * 512, 40 * 512)] = rng.randrange(256)
        path = tmp_path / f"fuzz{n}.po"
        path.write_bytes(image)
        volume, message = disk.open_or_recover(path, None)
        if message is not None and not volume.read_only:
            continue
        mounted += 1
        m = Machine.__new__(Machine)
        from toolbox.toolbox import Toolbox
        m.tb, m.path, m.volume, m._next_string = Toolbox(bytearray(1 << 24)), path, \
            volume, Machine.STRINGS
        m.tb.gsos.mount(volume)
        for info in volume.walk():
            m._next_string = Machine.STRINGS
            name = ":GINKING:" + info.path.replace("/", ":")
            error, refnum = m.open(name, 0)
            if error == 0 and not info.is_dir:
                m.read(refnum, 20000)
                if m.tb.gsos.files[refnum].access & 2:
                    written = m.write(refnum, b"more")[0]
                    assert (written == gsos.WRITE_PROTECTED) == bool(volume.read_only)
                assert m.close(refnum) in (0, gsos.VOLUME_FULL, gsos.IO_ERROR)
            elif error == 0:
                buffer = m.result_buffer(36)
                for _ in range(20):
                    code = m.call(0x201C, ("W", refnum), ("W", 0), ("W", 1), ("W", 1),
                                  ("L", buffer))[0]
                    if code:
                        assert code in (gsos.END_OF_DIR, gsos.DIR_ERROR, gsos.IO_ERROR)
                        break
                m.close(refnum)
        if volume.read_only:
            assert path.read_bytes() == image
        else:
            assert disk.Volume.open(path).damage() == []
    assert mounted > 15
