"""Two sessions on one disk (issue 44): GIN.KING in another process holds the disk and
saves its settings; `gin-king --script` and `iigs run` started meanwhile are
told in one line and play read-only, saving nothing; the first session's saves are all
on the disk, and once it has ended the next session saves as usual."""
from __future__ import annotations

import os

import pytest

import disk
from gin_king import app
from system.runner import EXIT_TIME_UP, main as iigs_main

PREFS = "SETTINGS/GIN.PREFS"


@pytest.fixture(scope="module")
def program() -> bytes:
    return app.program_bytes()           # built here, so the other process finds it


def folder_state(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def save_settings_script(tmp_path, refused: bool):
    """Sound off, then Save Settings; `refused`: the caution alert a read-only disk
    brings is expected, and closed."""
    script = tmp_path / "second.txt"
    alert = "expect-text The settings could not be saved.\nkey return\n" if refused else ""
    script.write_text(f"choose Options / Sound\nchoose File / Save Settings\n{alert}"
                      "key q apple\n")
    return script


def test_a_second_session_plays_read_only_and_the_first_keeps_its_saves(
        tmp_path, holder, program, capsys):
    (tmp_path / "disk").mkdir()
    path = tmp_path / "disk" / "g.po"
    first = holder("game", path)                 # makes the disk, holds it, plays
    assert first.read_only == "-"
    first.ask("step choose Options / Computer Visible")
    first.ask("step choose File / Save Settings")
    saved = bytes.fromhex(first.ask(f"read {PREFS}"))
    assert disk.Volume.open(path).read_file(PREFS) == saved
    before = folder_state(path.parent)

    script = save_settings_script(tmp_path, refused=True)
    assert app.main(["--disk", str(path), "--script", str(script)]) == 0
    in_use = (f"The disk {path} is in use by another session (pid {first.pid}); it is "
              "open read-only; settings and games will not be saved.")
    assert capsys.readouterr().err == in_use + "\n"
    status = iigs_main(["run", ":GINKING:GIN.KING", "--disk", str(path), "--headless",
                        "--seconds", "1"])
    assert status == EXIT_TIME_UP
    assert capsys.readouterr().err == f"iigs: {in_use}\n"
    assert folder_state(path.parent) == before      # no image, battery RAM or lock written

    first.ask("step choose Options / Sound")     # the first session saves again
    first.ask("step choose File / Save Settings")
    again = bytes.fromhex(first.ask(f"read {PREFS}"))
    assert again != saved
    assert first.end() == ""                     # it was told nothing
    assert disk.Volume.open(path).read_file(PREFS) == again
    assert not (path.parent / ".g.po.lock").exists()

    script = save_settings_script(tmp_path, refused=False)
    assert app.main(["--disk", str(path), "--script", str(script)]) == 0
    assert capsys.readouterr().err == ""         # the disk is free: saved as usual
    last = disk.Volume.open(path).read_file(PREFS)
    assert last != again and last == saved       # it loaded "again", turned Sound on
    assert os.listdir(path.parent) == ["g.po"]           # no lock, no temporaries left
