"""The directory-walk bound under random link damage (issue 44): random previous and
next block pointers and file counts written into the directory blocks of a real disk.
Every walk ends and says what is wrong rather than raising: the volume listing, the
checker, GS/OS GetDirEntry, and a write into a damaged folder."""
from __future__ import annotations

import struct

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import disk
from disk.walk import follow_chain
from gsos_helpers import GET_DIR_ENTRY, Machine
from toolbox import gsos
from toolbox.toolbox import Toolbox

TOTAL = 280                                  # a 5.25" volume: links past it are easy to hit


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """A volume whose tree has a chain of every kind: the four-block volume directory,
    SETTINGS grown to two blocks (16 files), and a folder SETTINGS:OLD inside it.
    (image bytes, {key block: folder path}, every directory block)."""
    m = Machine(tmp_path_factory.mktemp("walk") / "base.po", blocks=TOTAL)
    for n in range(16):
        m.save_file(f"9:SETTINGS:F{n}", bytes([n]) * (40 + 300 * n), 0x04)
    assert m.create("9:SETTINGS:OLD", 0x0F, storage=0x0D) == 0
    m.save_file("9:SETTINGS:OLD:NOTE", b"kept", 0x04)
    volume = m.on_host()
    keys = {2: "", **{volume._vol.entry_for(f"/GINKING/{p}").key_pointer: p
                      for p in ("SETTINGS", "SETTINGS/OLD")}}
    blocks = [b for key in keys
              for b in follow_chain(volume._vol._dev, key, TOTAL).blocks]
    assert len(blocks) == 4 + 2 + 1 and volume.check() == []
    return bytes(m.path.read_bytes()), keys, blocks


@pytest.fixture(scope="module")
def toolbox():
    """One Toolbox over bare RAM (16 MB) for every example."""
    return Toolbox(bytearray(1 << 24))


POINTER = st.one_of(st.integers(0, TOTAL + 4), st.just(0xFFFF), st.integers(0, 0xFFFF))


def raw_chain_breaks(image: bytes, key: int) -> bool:
    """Does the chain from `key`, followed by its `next` pointers alone, leave the
    volume or come back on itself? (The test's own reading of the rule.)"""
    seen, block = set(), key
    while block:
        if block >= TOTAL or block in seen:
            return True
        seen.add(block)
        block = struct.unpack_from("<H", image, block * 512 + 2)[0]
    return False


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_walk_ends_and_reports_damage_under_random_link_damage(pristine, toolbox,
                                                                     data):
    image, keys, blocks = pristine
    image = bytearray(image)
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        block = data.draw(st.sampled_from(blocks), label="block")
        field = data.draw(st.sampled_from(["prev", "next", "count"]), label="field")
        if field == "count" and block in keys:          # file_count: key blocks only
            struct.pack_into("<H", image, block * 512 + 0x25,
                             data.draw(st.integers(0, 0xFFFF), label="count"))
        else:
            value = data.draw(st.one_of(st.sampled_from(blocks), POINTER), label="link")
            struct.pack_into("<H", image, block * 512 + (2 if field == "next" else 0),
                             value)

    volume = disk.Volume(bytearray(image))            # writable: nothing refuses early
    problems = volume.check()                          # the checker ends, in words
    assert all(isinstance(p, str) for p in problems)
    if raw_chain_breaks(bytes(image), 2):
        assert problems, "a loop or a link off the volume is damage"

    walked = list(volume.walk())                       # the volume listing ends
    assert len(walked) <= TOTAL * 13
    folders = [""] + [i.path for i in walked if i.is_dir][:6]
    if not problems:
        assert all(volume.directory_damage(f) is None for f in folders)

    # GS/OS: Open each folder and step through it with GetDirEntry to its end.
    m = Machine.__new__(Machine)
    m.tb, m.path, m.volume, m._next_string = toolbox, None, volume, Machine.STRINGS
    m.tb.gsos.mount(volume)
    for folder in folders:
        m._next_string = Machine.STRINGS
        error, refnum = m.open(":GINKING:" + folder.replace("/", ":"), 1)
        if error:
            assert error == gsos.IO_ERROR               # a damaged entry on the way
            continue
        buffer = m.result_buffer(36)
        for _ in range(TOTAL * 13 + 2):
            code = m.call(GET_DIR_ENTRY, ("W", refnum), ("W", 0), ("W", 1), ("W", 1),
                          ("L", buffer))[0]
            if code:
                break
        expected = gsos.DIR_ERROR if volume.directory_damage(folder) else gsos.END_OF_DIR
        assert code in (expected, gsos.IO_ERROR, gsos.BUFF_TOO_SMALL)
        assert m.close(refnum) == 0

    # A change into a damaged folder ends too: done or refused (a file count at its
    # limit cannot grow: struct.error), never followed for ever. (Volume.open would
    # have made this disk read-only whenever the check found damage.)
    for folder in ("", "SETTINGS"):
        try:
            volume.write_file(f"{folder}/NEW".strip("/"), b"x" * 700, replace=True)
        except (OSError, ValueError, struct.error):
            pass

