"""A damaged SETTINGS:GIN.PREFS is said like the other files (issue 38 §4): whatever the
damage — bytes flipped, the file cut short or run long, zeros, empty — the program starts
with the defaults, says so once in a caution alert over the drawn table, and keeps the
damaged file as SETTINGS:GIN.PREFS.BAD (an older .BAD replaced). Every variant boots the
program's own LoadSettings on a disk holding that file; a handful start the whole program."""
from __future__ import annotations

import pytest

from gk_table import boot_table
from test_app_settings import POINTS, OK, click_item

PREFS, BAD = "SETTINGS/GIN.PREFS", "SETTINGS/GIN.PREFS.BAD"
SAID = ("The settings file was damaged: it is kept as SETTINGS:GIN.PREFS.BAD and the "
        "settings start again from the defaults.")
GREEN = (0, 0x77, 0)                     # the table's baize (data.asm TablePalette $0070)


def saved_prefs(tmp_path, program, house_rules: bool) -> bytes:
    """GIN.PREFS as File > Save Settings writes it: version 2 (the manual's game), or
    version 3 (250 points: a house choice). The disk source.po keeps the last one."""
    volume = tmp_path / "source.po"
    if volume.exists():
        volume.unlink()
    t = boot_table(tmp_path, program, disk_name="source.po")
    t.choose("Options", "Computer Visible")
    if house_rules:
        t.choose("Settings", "Game Settings...")
        click_item(t, POINTS[250])
        click_item(t, OK)
    t.choose("File", "Save Settings")
    data = t.s.machine.tb.gsos.volume.read_file(PREFS)
    t.s.close()
    return data


@pytest.fixture(scope="module")
def good_files(tmp_path_factory, program) -> tuple[bytes, bytes]:
    """A version 2 and a version 3 GIN.PREFS, as Save Settings wrote them."""
    folder = tmp_path_factory.mktemp("prefs")
    v2, v3 = saved_prefs(folder, program, False), saved_prefs(folder, program, True)
    assert v2[2] == 2 and v3[2] == 3 and len(v3) > len(v2)
    return v2, v3


def disk_with(tmp_path, program, data: bytes, name: str = "source.po"):
    """A disk holding GIN.PREFS = data."""
    from gin_king import app
    volume, _ = app.prepare_disk(tmp_path / name, program)
    volume.write_file(PREFS, data, 0x5A, replace=True)
    volume.commit()
    return volume


def variants(v2: bytes, v3: bytes) -> list[tuple[str, bytes]]:
    """Thirty damaged files: each byte flip, cut and padding at its own place."""
    out = []
    for name, good in (("v2", v2), ("v3", v3)):
        for at in (0, 2, 4, 30, len(good) // 2, len(good) - 1):       # flipped bytes
            bad = bytearray(good)
            bad[at] ^= 0xFF
            out.append((f"{name} byte {at} flipped", bytes(bad)))
        for keep in (1 if name == "v2" else 3, 4, len(good) // 3, len(good) - 2):  # cut
            out.append((f"{name} cut to {keep}", good[:keep]))
        out.append((f"{name} with a trailing byte", good + b"\x00"))   # too long
        out.append((f"{name} all zeros", bytes(len(good))))            # zeros
        half = len(good) // 2
        out.append((f"{name} zeros from the middle", good[:half] + bytes(len(good) - half)))
    out.append(("v3 cut to version 2's size", v3[:len(v2)]))
    out.append(("v2 with version 3's size", v2 + bytes(len(v3) - len(v2))))
    out.append(("two bytes of zeros", b"\x00\x00"))
    out.append(("empty", b""))
    return out


def test_app_every_damaged_settings_file_is_set_aside_for_the_defaults(tmp_path, program,
                                                                     good_files):
    """The thirty variants through the program's own LoadSettings (LoadSettingsL: no
    whole start each time): the defaults, PrefsDamaged for the alert, the file kept."""
    from gin_king import app, build
    v2, v3 = good_files
    cases = variants(v2, v3)
    assert len(cases) == 30 and len({data for _, data in cases}) == 30
    volume, _ = app.prepare_disk(tmp_path / "calls.po", program)
    machine = app.boot(volume)
    _, symbols = build.ensure_built()

    def word(name: str) -> int:
        a = build.symbol_address(machine.program, symbols, name)
        return machine.mem[a] | machine.mem[a + 1] << 8
    for what, data in cases + [("sound v2", v2), ("sound v3", v3)]:
        volume.write_file(PREFS, data, 0x5A, replace=True)
        a = build.symbol_address(machine.program, symbols, "PrefsDamaged")
        machine.mem[a] = machine.mem[a + 1] = 0
        machine.call(build.symbol_address(machine.program, symbols, "LoadSettingsL"))
        if what.startswith("sound"):
            assert word("PrefsDamaged") == 0 and volume.read_file(PREFS) == data, what
            assert word("SetVisible") == 1, what
            assert word("SetPoints") == (6 if data is v3 else 0), what
            continue
        assert word("PrefsDamaged") == 1, what
        assert word("SetVisible") == 0 and word("SetPoints") == 0, what   # the defaults
        assert volume.read_file(BAD) == data and not volume.exists(PREFS), what


def test_app_a_damaged_settings_file_is_said_once_over_the_table(tmp_path, program,
                                                                good_files):
    """A handful of them through a whole start: the caution alert over the drawn table,
    once; an older GIN.PREFS.BAD replaced; the next start says nothing."""
    cases = [c for c in variants(*good_files) if c[0] in (
        "v2 byte 30 flipped", "v3 cut to 4", "v3 with a trailing byte", "v2 all zeros",
        "empty")]
    assert len(cases) == 5
    for n, (what, data) in enumerate(cases):
        if n == 0:
            disk_with(tmp_path, program, data)
        else:
            volume = t.s.machine.tb.gsos.volume
            volume.write_file(PREFS, data, 0x5A, replace=True)
            volume.commit()
            t.s.close()
        t = boot_table(tmp_path, program, disk_name="source.po")
        alert = t.alert()
        assert alert is not None and alert.icon == "caution", what
        assert t.alert_text() == SAID, what
        assert t.word("SettingsLoaded") == 0 and t.word("SetVisible") == 0, what
        volume = t.s.machine.tb.gsos.volume
        assert volume.read_file(BAD) == data and not volume.exists(PREFS), what
        frame = t.s.frame()                                       # over the table
        assert tuple(frame[150][20]) == GREEN and tuple(frame[195][620]) == GREEN
        t.s.key("\r")                                             # said once
        assert t.alert() is None, what
    t.s.close()
    again = boot_table(tmp_path, program, disk_name="source.po")  # nothing more to say
    assert again.alert() is None and again.word("SettingsLoaded") == 0
    again.s.close()


@pytest.mark.parametrize("version", [2, 3])
def test_app_a_sound_settings_file_still_loads_without_a_word(tmp_path, program, good_files,
                                                              version):
    data = good_files[version - 2]
    disk_with(tmp_path, program, data)
    t = boot_table(tmp_path, program, disk_name="source.po")
    assert t.alert() is None and t.word("SettingsLoaded") == 1
    assert t.word("SetVisible") == 1 and t.word("SetPoints") == (6 if version == 3 else 0)
    volume = t.s.machine.tb.gsos.volume
    assert volume.read_file(PREFS) == data and not volume.exists(BAD)
    t.s.close()
