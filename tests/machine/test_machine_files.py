"""GS/OS through the machine: a program creates, opens, writes and closes a file on a
ProDOS disk image, then quits; the image holds the file afterwards."""
from __future__ import annotations

import disk
from system.machine import Machine
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


def test_mounting_a_damaged_image_keeps_it_aside_and_says_so(tmp_path):
    # A damaged disk is reported (Machine.disk_message), kept aside untouched, and the
    # machine carries on with a fresh volume in the drive.
    from system.machine import Machine
    image = tmp_path / "GinKing.po"
    image.write_bytes(b"\x00not a prodos volume" * 100)
    machine = Machine(disk=image)
    assert machine.disk_message
    kept = [p for p in tmp_path.iterdir() if "damaged" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"\x00not a prodos")
    assert machine.tb.gsos.volume is not None
