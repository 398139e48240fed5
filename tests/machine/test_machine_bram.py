"""Battery RAM: the ROM's checksum, the file beside the disk (round trips, a damaged file
kept aside as NAME.bram.BAD and the defaults back, said once; what is not a battery RAM
file left alone), and the Misc Tool Set calls that reach it. The paths a user may give
are run through gin-king and iigs in tests/disk/test_disk_bram.py."""
from __future__ import annotations

import os
import stat

import pytest

import disk
from iigs import bram as br
from system.machine import Machine
from iigs.memory import read_bytes, write_bytes
from toolbox import misc
from toolbox.toolbox import Toolbox


def test_the_checksum_rotates_and_adds_words_from_the_top_down():
    data = bytearray(br.BRAM_SIZE)
    assert br.checksum(data) == 0
    data[0] = 1                      # the last word added: not rotated
    assert br.checksum(data) == 1
    data[0] = 0
    data[250] = 1                    # low byte of the first word added (rotated 250
    # times, 16-bit) and high byte of the next (rotated 249 times): words overlap
    assert br.checksum(data) == (1 << (250 % 16)) + (1 << ((8 + 249) % 16))
    data[250] = 0
    data[0xFB] = 0x80                # high byte of the first word, rotated out and in
    assert br.checksum(data) == 1 << ((15 + 250) % 16)


def test_a_sealed_image_keeps_the_sum_and_its_complement_in_the_last_four_bytes():
    image = br.default_image()
    total = br.checksum(image)
    assert image[0xFC] | image[0xFD] << 8 == total
    assert image[0xFE] | image[0xFF] << 8 == total ^ 0xAAAA
    assert br.is_sealed(image)
    image[br.USER_VOLUME] ^= 1
    assert not br.is_sealed(image)


def test_parameters_round_trip_through_the_file_beside_the_disk(tmp_path):
    path = br.bram_path(tmp_path / "games.po")
    assert path == tmp_path / "games.bram"
    ram = br.BatteryRAM(path)
    assert not path.exists()                     # nothing written until something changes
    ram.set_param(br.DBL_CLK_TIME, 4)
    ram.set_param(br.USER_VOLUME, 3)
    data = path.read_bytes()
    assert len(data) == 256 and br.is_sealed(data)
    again = br.BatteryRAM(path)
    assert (again.param(br.DBL_CLK_TIME), again.param(br.USER_VOLUME)) == (4, 3)
    assert again.take_message() is None


def test_a_damaged_file_brings_the_defaults_back_and_says_so_once(tmp_path):
    path = tmp_path / "GinKing.bram"
    ram = br.BatteryRAM(path)
    ram.set_param(br.SYS_SPEED, br.SPEED_FAST)
    data = bytearray(path.read_bytes())
    data[br.SYS_SPEED] = br.SPEED_NORMAL         # changed behind the checksum's back
    path.write_bytes(bytes(data))
    path.chmod(0o604)
    damaged = br.BatteryRAM(path)
    assert damaged.param(br.SYS_SPEED) == br.DEFAULTS[br.SYS_SPEED]
    assert damaged.take_message() == (
        "The battery RAM file GinKing.bram was damaged: it is kept as GinKing.bram.BAD "
        "and the Control Panel's settings start again from the defaults.")
    assert damaged.take_message() is None                     # said once
    bad = tmp_path / "GinKing.bram.BAD"
    assert bad.read_bytes() == data                           # renamed, byte for byte
    assert path.read_bytes() == br.default_image()            # the defaults, kept
    assert stat.S_IMODE(path.stat().st_mode) == 0o604         # with the damaged one's mode
    assert br.BatteryRAM(path).take_message() is None         # the file is sound again
    path.write_bytes(b"short")
    assert "damaged" in br.BatteryRAM(path).take_message()
    assert bad.read_bytes() == b"short"                       # an older .BAD replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["GinKing.bram", "GinKing.bram.BAD"]


def snapshot(folder) -> dict:
    """Each name under `folder`: lstat's mode, and a file's bytes or a link's target."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        st = os.lstat(path)
        content = (os.readlink(path) if stat.S_ISLNK(st.st_mode) else
                   path.read_bytes() if stat.S_ISREG(st.st_mode) else None)
        seen[str(path.relative_to(folder))] = (st.st_mode, content)
    return seen


def unsealed() -> bytes:
    data = br.default_image()
    data[0] ^= 1
    return bytes(data)


@pytest.mark.parametrize("case", ["read-only disk", "no write bit", ".BAD a folder",
                                  "over 4 KB", "link to a damaged one", "link to nothing"])
def test_what_may_not_be_replaced_is_left_alone_and_said(tmp_path, case):
    """Each: the file system unchanged even after a setting changes; one line said."""
    path = tmp_path / "g.bram"
    path.write_bytes(unsealed())
    read_only = case == "read-only disk"
    if case == "no write bit":
        path.chmod(0o444)
    elif case == ".BAD a folder":
        (tmp_path / "g.bram.BAD").mkdir()
    elif case == "over 4 KB":
        path.write_bytes(bytes(br.MAX_DAMAGED_BYTES + 1))
    elif case.startswith("link"):
        path.rename(tmp_path / "other")
        path.symlink_to("other" if case == "link to a damaged one" else "nowhere")
    before = snapshot(tmp_path)
    ram = br.BatteryRAM(path, read_only=read_only)
    ram.set_param(br.SYS_SPEED, br.SPEED_FAST)
    assert ram.param(br.SYS_SPEED) == br.SPEED_FAST             # in memory
    assert snapshot(tmp_path) == before
    message = ram.take_message()
    assert "g.bram" in message and "\n" not in message and ram.take_message() is None


def test_a_sound_file_without_write_permission_is_read_and_never_written(tmp_path):
    path = tmp_path / "g.bram"
    br.BatteryRAM(path).set_param(br.USER_VOLUME, 3)
    path.chmod(0o444)
    ram = br.BatteryRAM(path)
    assert ram.param(br.USER_VOLUME) == 3 and ram.take_message() is None
    ram.set_param(br.USER_VOLUME, 5)
    ram.set_param(br.USER_VOLUME, 6)
    assert "cannot be written (its mode has no write permission)" in ram.take_message()
    assert ram.take_message() is None and br.BatteryRAM(path).param(br.USER_VOLUME) == 3


def test_a_path_replaced_during_the_session_is_not_written_through(tmp_path):
    """A sound file, then a link to a letter put in its place: the letter is kept."""
    path = tmp_path / "g.bram"
    br.BatteryRAM(path).set_param(br.USER_VOLUME, 3)
    ram = br.BatteryRAM(path)
    path.unlink()
    (tmp_path / "letter").write_bytes(b"Dear ...")
    path.symlink_to("letter")
    ram.set_param(br.USER_VOLUME, 4)
    assert "is now 8 bytes, left as it is" in ram.take_message()
    assert (tmp_path / "letter").read_bytes() == b"Dear ..." and path.is_symlink()


def test_a_name_with_a_newline_is_said_on_one_line(tmp_path):
    folder = tmp_path / "two\nlines.bram"
    folder.mkdir()
    message = br.BatteryRAM(folder).take_message()
    assert "two\\nlines.bram is a folder" in message and "\n" not in message


def test_a_value_out_of_its_range_reads_as_the_default():
    ram = br.BatteryRAM()
    ram.set_param(br.DBL_CLK_TIME, 200)
    assert ram.param(br.DBL_CLK_TIME) == br.DEFAULTS[br.DBL_CLK_TIME]


def test_misc_tool_set_calls_read_and_write_battery_ram():
    tb = Toolbox(bytearray(1 << 24))
    misc.WriteBParam(tb, 0x1203, br.DBL_CLK_TIME)       # the low byte is the value
    assert misc.ReadBParam(tb, br.DBL_CLK_TIME) == 3
    buf = 0x020000
    misc.ReadBRam(tb, buf)
    image = bytearray(read_bytes(tb.mem, buf, 256))
    assert br.is_sealed(image) and image[br.DBL_CLK_TIME] == 3
    image[br.USER_VOLUME] = 0
    image[0xFC:] = b"\0\0\0\0"                           # WriteBRam computes the checksum
    write_bytes(tb.mem, buf, bytes(image))
    misc.WriteBRam(tb, buf)
    assert misc.ReadBParam(tb, br.USER_VOLUME) == 0 and tb.snd.system_volume == 0
    assert br.is_sealed(tb.misc.bram.read_all())


def test_a_machine_keeps_its_battery_ram_beside_its_disk(tmp_path):
    volume = disk.build_default(tmp_path / "m.po")
    m = Machine(disk=volume)
    assert m.tb.misc.bram.path == tmp_path / "m.bram"
    misc.WriteBParam(m.tb, 1, br.HI_MOUSE_RES)
    other = Machine(disk=disk.Volume.open(tmp_path / "m.po"))
    assert misc.ReadBParam(other.tb, br.HI_MOUSE_RES) == 1


def test_the_speed_setting_decides_whether_a_busy_program_is_paced():
    m = Machine()
    assert m.paced                                           # Normal: 2.8 MHz real time
    misc.WriteBParam(m.tb, br.SPEED_FAST, br.SYS_SPEED)
    assert not m.paced                                       # Fast: flat out
    misc.WriteBParam(m.tb, br.SPEED_SLOW_IIGS, br.SYS_SPEED)
    assert m.paced                                           # the IIGS's 1 MHz: Normal


def test_a_native_program_reaches_battery_ram_through_the_tool_dispatcher():
    m = Machine()
    code = 0x030000
    write_bytes(m.mem, code, bytes([
        0xF4, 0x04, 0x00,            # PEA 4          theData
        0xF4, 0x2E, 0x00,            # PEA $2E        paramRefNum (dblClkTime)
        0xA2, 0x03, 0x0B,            # LDX #$0B03     WriteBParam
        0x22, 0x00, 0x00, 0xE1,      # JSL $E10000
        0xF4, 0x00, 0x00,            # PEA 0          result space
        0xF4, 0x2E, 0x00,            # PEA $2E
        0xA2, 0x03, 0x0C,            # LDX #$0C03     ReadBParam
        0x22, 0x00, 0x00, 0xE1,      # JSL $E10000
        0x68,                        # PLA            the parameter
        0x6B]))                      # RTL
    regs = m.call(code)
    assert regs.a == 4 and not regs.carry
    assert m.tb.em.double_time == br.DOUBLE_CLICK_TICKS[4]


class _PacedHost:
    """An interactive host whose clock moves only when the machine waits."""

    interactive = True

    def __init__(self) -> None:
        self.now = 100.0
        self.waits: list[float] = []

    def present(self, mem, tb=None) -> None:
        pass

    def poll(self) -> list:
        return []

    def wait(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds


def _busy_ticks(speed: int, monkeypatch) -> list[float]:
    """Run a busy loop (BRA to itself) for 6 ticks in a window; the host's waits."""
    import iigs.machine as machine_module
    host = _PacedHost()
    monkeypatch.setattr(machine_module.time, "monotonic", lambda: host.now)
    m = Machine(host=host)
    misc.WriteBParam(m.tb, speed, br.SYS_SPEED)
    write_bytes(m.mem, 0x030000, bytes([0x80, 0xFE]))
    m.cpu.pbr, m.cpu.pc = 0x03, 0x0000
    m.run(max_cycles=6 * machine_module.CYCLES_PER_TICK)
    return host.waits


def test_normal_speed_holds_a_busy_program_to_real_time_and_fast_does_not(monkeypatch):
    waits = _busy_ticks(br.SPEED_NORMAL, monkeypatch)
    assert len(waits) >= 5 and all(abs(w - 1 / 60) < 1e-9 for w in waits[1:])
    assert _busy_ticks(br.SPEED_FAST, monkeypatch) == []
