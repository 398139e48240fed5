"""GS/OS on a read-only disk (issue 38 §2): files open and read, and every call that
would change the disk answers drvrWrtProt ($2B) as a write-protected floppy does; the
image file on the host is never written."""
from __future__ import annotations

import stat

import disk
from gsos_helpers import (CHANGE_PATH, DESTROY, SET_EOF, SET_FILE_INFO, Machine)
from toolbox import gsos


def read_only_machine(tmp_path) -> tuple[Machine, bytes]:
    m = Machine(tmp_path / "g.po")
    m.save_file("9:SETTINGS:PREFS", b"p" * 40, 0x5A)
    m.path.chmod(0o444)
    image = m.path.read_bytes()
    volume, message = disk.open_or_recover(m.path, None)
    assert volume.read_only and "will not be saved" in message
    m.volume = volume
    m.tb.gsos.mount(volume)
    return m, image


def test_a_read_only_disk_reads_and_answers_every_change_with_write_protected(tmp_path):
    m, image = read_only_machine(tmp_path)
    assert gsos.WRITE_PROTECTED == 0x2B
    error, refnum = m.open("9:SETTINGS:PREFS", 3)         # read and write asked
    assert error == 0
    assert m.read(refnum, 100) == (0, b"p" * 40)
    assert m.write(refnum, b"more") == (gsos.WRITE_PROTECTED, 0)
    assert m.set_position(SET_EOF, refnum, 0, 0) == gsos.WRITE_PROTECTED
    assert m.close(refnum) == 0
    assert m.create("9:SETTINGS:GIN.GAME", 0x5A) == gsos.WRITE_PROTECTED
    assert m.create("9:NEWDIR", 0x0F, storage=0x0D) == gsos.WRITE_PROTECTED
    assert m.call(DESTROY, ("L", m.string("9:SETTINGS:PREFS")))[0] == gsos.WRITE_PROTECTED
    assert m.call(CHANGE_PATH, ("L", m.string("9:SETTINGS:PREFS")),
                  ("L", m.string("9:SETTINGS:OLD")))[0] == gsos.WRITE_PROTECTED
    assert m.call(SET_FILE_INFO, ("L", m.string("9:SETTINGS:PREFS")), ("W", 0xC3),
                  ("W", 0x5A))[0] == gsos.WRITE_PROTECTED
    assert m.volume.read_file("SETTINGS/PREFS") == b"p" * 40
    assert not m.volume.exists("SETTINGS/GIN.GAME")
    assert m.path.read_bytes() == image and stat.S_IMODE(m.path.stat().st_mode) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.po"]
