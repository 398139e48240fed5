"""A shell tool through the machine (issue 48 §5): CreateGS with pCount 1 makes a file
with GS/OS's defaults (access $E3, so Open for writing is allowed), and the ORCA/Shell
ErrorGS call prints the GS/OS error's meaning on error output."""
from __future__ import annotations

import disk
from system.machine import Machine
from iigs.memory import read_word
from toolbox import gsos


def test_shell_tool_creates_writes_and_reports_an_error(build_program, tmp_path):
    image = tmp_path / "tool.po"
    disk.Volume.create(image, "WORK").commit()
    data, _ = build_program("machine_shelltool")
    m = Machine(disk=image)
    m.tb.gsos.set_launch("/WORK/TAR")
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    assert read_word(m.mem, prog.dp_base) == 0
    volume = disk.Volume.open(image)
    assert volume.read_file("NEW.TAR") == b"ustar"
    info = volume.info("NEW.TAR")
    assert (info.access, info.file_type, info.aux_type) == (gsos.DEFAULT_ACCESS, 0, 0)
    assert bytes(m.tb.text.console.streams["err"]) == b"GS/OS: File not found\r"
    assert "ORCA/Shell ErrorGS(pCount=1, $0046) -> $0000 noError" in m.tb.call_log


def test_orca_c_open_and_creat_blocks(build_program, tmp_path):
    """ORCA/C's openfile (ORCALib fcntl.asm): Create pCount 3 with the access its UNIX mode
    gives, Open pCount 2 (as permitted), SetEOF 0, Write. open()'s mode $7180 is access
    $E3: the file is written. creat(name, 0) is access $00: GS/OS keeps it, the Open as
    permitted grants nothing and the SetEOF is refused invalidAccess, as ORCA/C's EACCES."""
    image = tmp_path / "tool.po"
    disk.Volume.create(image, "WORK").commit()
    data, _ = build_program("machine_orcaopen")
    m = Machine(disk=image)
    m.tb.gsos.set_launch("/WORK/TAR")
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    dp = prog.dp_base
    assert read_word(m.mem, dp) == 0
    assert (read_word(m.mem, dp + 2), read_word(m.mem, dp + 4)) == (0, gsos.INVALID_ACCESS)
    volume = disk.Volume.open(image)
    assert volume.read_file("NEW.TAR") == b"ustar"
    info = volume.info("NEW.TAR")
    assert (info.access, info.file_type, info.aux_type) == (0xE3, 0x06, 0)
    locked = volume.info("LOCKED")
    assert (locked.access, locked.file_type, locked.eof) == (0x00, 0x04, 0)
