"""GS/OS through the machine: a program creates, opens, writes and closes a file on a
ProDOS disk image, then quits; the image holds the file afterwards."""
from __future__ import annotations

import disk
from iigs.machine import Machine
from iigs.memory import read_word


def test_create_open_write_close_quit(build_program, tmp_path):
    image = tmp_path / "files.po"
    data, _ = build_program("machine_files")
    m = Machine(disk=image)
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    assert read_word(m.mem, prog.dp_base) == 0            # no GS/OS error seen
    volume = disk.Volume.open(image)
    assert volume.read_file("NOTES") == b"GIN RUMMY!\r"
    assert volume.info("NOTES").file_type == 0x04
