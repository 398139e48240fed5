"""GS/OS on an extended file's resource fork (issue 48 §5): Open with resourceNumber 1
for writing, Write, SetEOF, Read and Close reach the fork; the data fork stays as it
was; each fork is busy on its own; a read-only disk answers drvrWrtProt ($2B)."""
from __future__ import annotations

import disk
from gsos_helpers import GET_EOF, SET_EOF, Machine
from toolbox import gsos

RSRC = 1


def test_a_resource_fork_opens_for_writing_and_keeps_the_data_fork(tmp_path):
    m = Machine(tmp_path / "g.po")
    assert m.create("9:DOC", 0x50, 0x5445, storage=gsos.STORAGE_EXTENDED) == 0
    _, data_ref = m.open("9:DOC", 3)
    error, fork_ref = m.open("9:DOC", 3, fork=RSRC)           # both forks, writing:
    assert error == 0 and fork_ref != data_ref                # each busy on its own
    assert m.open("9:DOC", 2, fork=RSRC)[0] == gsos.FILE_BUSY
    assert m.write(data_ref, b"the words") == (0, 9)
    assert m.write(fork_ref, b"R" * 700) == (0, 700)          # past one block
    assert m.set_position(SET_EOF, fork_ref, gsos.BASE_START_PLUS, 600) == 0
    assert m.get_position(GET_EOF, fork_ref) == (0, 600)
    assert m.close(data_ref) == 0 and m.close(fork_ref) == 0
    host = m.on_host()
    assert host.read_file("DOC") == b"the words"
    assert host.read_file("DOC", "rsrc") == b"R" * 600
    info = host.info("DOC")
    assert (info.storage_type, info.file_type, info.aux_type, info.resource_eof) == (
        gsos.STORAGE_EXTENDED, 0x50, 0x5445, 600)
    _, fork_ref = m.open("9:DOC", 1, fork=RSRC)               # read back through GS/OS
    assert m.read(fork_ref, 1000) == (0, b"R" * 600)
    assert m.close(fork_ref) == 0
    _, data_ref = m.open("9:DOC", 3)                          # the data fork rewritten
    assert m.write(data_ref, b"THE") == (0, 3)
    assert m.close(data_ref) == 0
    assert m.on_host().read_file("DOC") == b"THE words"
    assert m.on_host().read_file("DOC", "rsrc") == b"R" * 600
    assert m.on_host().check() == []


def test_a_resource_fork_on_a_read_only_disk_answers_write_protected(tmp_path):
    m = Machine(tmp_path / "g.po")
    assert m.create("9:DOC", 0x50, storage=gsos.STORAGE_EXTENDED) == 0
    image = m.path.read_bytes()
    volume = disk.Volume.open(m.path, read_only="a test locks it")
    m.tb.gsos.mount(volume)
    error, fork_ref = m.open("9:DOC", 3, fork=RSRC)
    assert error == 0
    assert m.write(fork_ref, b"x") == (gsos.WRITE_PROTECTED, 0)
    assert m.set_position(SET_EOF, fork_ref, gsos.BASE_START_PLUS, 9) \
        == gsos.WRITE_PROTECTED
    assert m.close(fork_ref) == 0
    assert m.path.read_bytes() == image                       # never written
