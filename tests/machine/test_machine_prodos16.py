"""ProDOS 16 (class 0) calls through the machine: a program in the shape of a ProDOS
16-era one reads a line of a file with class 0 calls and ends with QUIT, which stops
the run cleanly (issue 48 §5, issue 49 §2)."""
from __future__ import annotations

import disk
from system.machine import Machine
from iigs.memory import read_bytes, read_long, read_word
from toolbox import gsos


def pascal(mem, address: int) -> str:
    return read_bytes(mem, address + 1, mem[address]).decode("ascii")


def test_prodos16_program_reads_a_line_and_quits(build_program, tmp_path):
    image = tmp_path / "p16.po"
    volume = disk.Volume.create(image, "GINKING")
    volume.write_file("NOTE.TXT", b"FIRST LINE\rSECOND LINE\r", 0x04)
    volume.commit()
    data, labels = build_program("machine_prodos16")
    m = Machine(disk=image)
    m.tb.gsos.set_launch("/GINKING/P16.TEST")
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    assert read_word(m.mem, prog.dp_base) == 0                # no error seen
    at = {name: prog.entry + labels[name] for name in
          ("VersionP", "BootBuf", "NameBuf", "PrefixBuf", "Count", "Data", "Mark")}
    assert read_word(m.mem, at["VersionP"]) == gsos.GSOS_VERSION
    assert pascal(m.mem, at["BootBuf"]) == "/GINKING"
    assert pascal(m.mem, at["NameBuf"]) == "P16.TEST"
    assert pascal(m.mem, at["PrefixBuf"]) == "/GINKING/"
    assert read_long(m.mem, at["Count"]) == 11               # newline mode: one line
    assert read_bytes(m.mem, at["Data"], 11) == b"FIRST LINE\r"
    assert read_long(m.mem, at["Mark"]) == 11
    assert m.tb.gsos.files == {}
    log = [line for line in m.tb.call_log if line.startswith("ProDOS 16")]
    assert log[0] == "ProDOS 16 GET_VERSION() -> $0000 noError"
    assert log[-1] == "ProDOS 16 QUIT() -> $0000 noError"
