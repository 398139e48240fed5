"""disk.Volume, the default disk and recovery from damaged images."""
from __future__ import annotations

from datetime import datetime

import pytest
from a2til import prodos
from hypothesis import HealthCheck, given, settings, strategies as st

import disk
from disk.default import PROGRAM_AUX_TYPE, PROGRAM_FILE_TYPE
from disk.volume import STORAGE_DIRECTORY, STORAGE_SAPLING, STORAGE_SEEDLING

PROGRAM = bytes(range(256)) * 20          # 5,120 bytes: a sapling file


def test_default_disk_path_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert disk.default_disk_path() == tmp_path / "xdg" / "gin-king" / "GinKing.po"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert disk.default_disk_path() == (tmp_path / "home" / ".local" / "share"
                                        / "gin-king" / "GinKing.po")
    assert disk.default_disk_path(tmp_path / "mine") == tmp_path / "mine" / "GinKing.po"


def test_build_default_makes_800k_ginking_volume(tmp_path):
    path = tmp_path / "data" / "GinKing.po"
    disk.build_default(path, PROGRAM)
    assert path.stat().st_size == 1600 * 512
    raw = prodos.Volume(path.read_bytes())     # a2til reads it directly
    assert raw.name == "GINKING" and raw.check() == []
    volume = disk.Volume.open(path)
    entries = {i.name: i for i in volume.listdir()}
    assert set(entries) == {"GIN.KING", "SETTINGS"}
    program = entries["GIN.KING"]
    assert (program.file_type, program.aux_type) == (PROGRAM_FILE_TYPE, PROGRAM_AUX_TYPE)
    assert (program.file_type, program.aux_type) == (0xB3, 0xDB03)
    assert program.storage_type == STORAGE_SAPLING and program.eof == len(PROGRAM)
    assert isinstance(program.created, datetime) and program.modified is not None
    assert entries["SETTINGS"].storage_type == STORAGE_DIRECTORY
    assert volume.read_file("GIN.KING") == PROGRAM
    assert volume.listdir("SETTINGS") == []


def test_build_default_without_program(tmp_path):
    volume = disk.build_default(tmp_path / "d.po", None)
    assert [i.name for i in volume.listdir()] == ["SETTINGS"]


def test_files_keep_types_dates_and_access(tmp_path):
    volume = disk.build_default(tmp_path / "d.po", None)
    made = datetime(1988, 6, 1, 9, 30)
    volume.write_file("SETTINGS/PREFS", b"\x01\x00", 0x5A, 0x8001, access=0xC3,
                      created=made, modified=made)
    volume.commit()
    info = disk.Volume.open(tmp_path / "d.po").info("SETTINGS/PREFS")
    assert (info.file_type, info.aux_type, info.access) == (0x5A, 0x8001, 0xC3)
    assert info.created == made and info.modified == made
    assert info.storage_type == STORAGE_SEEDLING
    # A rewrite keeps creation date and access; the modification date moves on.
    volume.write_file("SETTINGS/PREFS", b"\x02" * 600, 0x5A, 0x8001, replace=True)
    info = volume.info("SETTINGS/PREFS")
    assert info.created == made and info.access == 0xC3 and info.modified != made
    assert info.eof == 600


def test_uncommitted_changes_do_not_reach_the_host(tmp_path):
    path = tmp_path / "d.po"
    volume = disk.build_default(path, None)
    before = path.read_bytes()
    volume.write_file("NOTES", b"hello", 0x04, 0)
    assert path.read_bytes() == before and volume.dirty
    assert volume.commit() and not volume.commit()
    assert disk.Volume.open(path).read_file("NOTES") == b"hello"


def test_full_volume_raises_volume_full_and_keeps_old_file(tmp_path):
    volume = disk.build_default(tmp_path / "d.po", None, blocks=64)
    volume.write_file("KEEP", b"k" * 3000, 0x06, 0)
    with pytest.raises(disk.VolumeFull):
        volume.write_file("BIG", b"b" * 64 * 512, 0x06, 0)
    assert not volume.exists("BIG")
    with pytest.raises(disk.VolumeFull):
        volume.write_file("KEEP", b"z" * 64 * 512, 0x06, 0, replace=True)
    assert volume.read_file("KEEP") == b"k" * 3000
    assert volume.check() == []
    assert not volume.fits("KEEP", 64 * 512) and volume.fits("KEEP", 3000)


def test_open_or_recover_creates_missing_disk(tmp_path):
    path = tmp_path / "new" / "GinKing.po"
    volume, message = disk.open_or_recover(path, PROGRAM)
    assert message == f"Made the folder {tmp_path / 'new'} for the disk." and path.exists()
    assert volume.read_file("GIN.KING") == PROGRAM
    again, message = disk.open_or_recover(path, PROGRAM)
    assert message is None and again.read_file("GIN.KING") == PROGRAM


def test_open_or_recover_renames_a_file_that_is_no_disk_aside(tmp_path):
    path = tmp_path / "GinKing.po"
    path.write_bytes(b"a letter, not a disk" * 1000)
    path.chmod(0o640)
    inode = path.stat().st_ino
    volume, message = disk.open_or_recover(path, PROGRAM)
    assert message is not None and "could not be used" in message
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].suffix == ".po"
    assert kept[0].read_bytes() == b"a letter, not a disk" * 1000   # untouched
    assert kept[0].stat().st_ino == inode            # renamed, not copied
    assert kept[0].stat().st_mode & 0o777 == 0o640
    assert kept[0].name in message
    assert volume.check() == [] and disk.Volume.open(path).check() == []
    assert volume.read_file("GIN.KING") == PROGRAM


def test_open_or_recover_reports_garbage_and_truncated_files(tmp_path):
    for content in (b"", b"not a disk at all", bytes(1600 * 512)):
        path = tmp_path / "GinKing.po"
        path.write_bytes(content)
        volume, message = disk.open_or_recover(path, None)
        assert message and volume.name == "GINKING"
    assert len([p for p in tmp_path.iterdir() if ".damaged-" in p.name]) == 3


GOOD_IMAGE: bytes | None = None


def good_image(tmp_path_factory) -> bytes:
    global GOOD_IMAGE
    if GOOD_IMAGE is None:
        path = tmp_path_factory.mktemp("good") / "g.po"
        volume = disk.build_default(path, PROGRAM, blocks=280)
        volume.mkdir("SETTINGS/OLD")
        volume.write_file("SETTINGS/OLD/HISTORY", b"h" * 70000, 0x04, 0)
        volume.write_file("SETTINGS/PREFS", b"p" * 10, 0x5A, 0)
        volume.commit()
        GOOD_IMAGE = path.read_bytes()
    return GOOD_IMAGE


# Where the structure lives on a 280-block image: boot, volume directory, bitmap,
# and the first allocated blocks (index and directory blocks of the files above).
HOT_BYTES = st.integers(0, 40 * 512 - 1)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_fuzzed_images_never_crash_recovery(tmp_path_factory, data):
    image = bytearray(good_image(tmp_path_factory))
    for _ in range(data.draw(st.integers(1, 12))):
        image[data.draw(HOT_BYTES)] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        image = image[:data.draw(st.integers(0, len(image)))]
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "GinKing.po"
    path.write_bytes(image)
    volume, message = disk.open_or_recover(path, PROGRAM)
    assert volume.read_only or volume.damage() == []
    if volume.read_only:                     # damaged: opened read-only, never written
        assert message and "read-only" in message and path.read_bytes() == bytes(image)
    if volume.read_only or message is None:
        # Opened: everything on it must read without an exception other than the
        # ones a file system reports (a damaged one may fail part way).
        try:
            for info in volume.walk():
                if not info.is_dir:
                    try:
                        volume.read_file(info.path)
                    except (ValueError, OSError):
                        pass
        except (ValueError, OSError):
            assert volume.read_only
    else:
        kept = [p for p in folder.iterdir() if ".damaged-" in p.name]
        assert len(kept) == 1 and kept[0].read_bytes() == bytes(image)
