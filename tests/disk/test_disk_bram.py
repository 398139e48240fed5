"""The battery RAM file beside the disk gets the disk image's care (issue 44): each case
built in the test's own folder, run as a user would (`gin-king --disk ... --headless`,
`iigs run --disk ...`; in a subprocess where a FIFO could make it wait), and
the file system checked afterwards byte for byte, mode for mode.

Each run is told to stop at once (`--seconds 0`): the battery RAM is judged when the
disk is mounted, before the program runs. Where the question is whether a later
Control Panel change could write through the path, the native program's WriteBParam
is called on a machine with that disk."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import disk
from gin_king import app
from gin_king.cli import main as gin_king
from iigs import bram as br
from system.machine import Machine
from system.runner import EXIT_TIME_UP, EXIT_USAGE, main as iigs_main
from test_disk_paths import refused_everywhere, snapshot
from toolbox import misc

ROOT = Path(__file__).resolve().parents[2]
RUN = ["--headless", "--seconds", "0"]


def played(tmp_path: Path, capsys, name: str = "g.po") -> str:
    """`gin-king --disk NAME` run headless: it must start (status 0); the one line it
    says about the battery RAM."""
    assert gin_king(["--disk", str(tmp_path / name)] + RUN) == 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    said = [line for line in err.splitlines() if ".bram" in line]
    assert len(said) == 1, err
    return said[0]


def a_disk(tmp_path: Path) -> Path:
    """g.po with the current GIN.KING on it, as gin-king leaves it (so a run does not
    change it)."""
    app.prepare_disk(tmp_path / "g.po")
    return tmp_path / "g.po"


def change_a_setting(disk_path: Path) -> Machine:
    """A machine with this disk, and the program's WriteBParam: Fast speed."""
    machine = Machine(disk=disk.Volume.open(disk_path))
    misc.WriteBParam(machine.tb, br.SPEED_FAST, br.SYS_SPEED)
    return machine


def test_a_disk_named_like_its_battery_ram_is_refused_untouched(tmp_path, capsys):
    """`--disk g.bram` would be its own battery RAM: refused in one line everywhere
    (gin-king 1, iigs run 2), the image at g.bram byte-identical; and none is made."""
    image = tmp_path / "g.bram"
    disk.build_default(image, b"GIN.KING")
    refused_everywhere(image, tmp_path, capsys, "ends in .bram")
    image.unlink()
    refused_everywhere(tmp_path / "new.BRAM", tmp_path, capsys, "ends in .bram")
    assert list(tmp_path.iterdir()) == []


def test_a_link_to_another_file_is_left_alone_and_a_link_to_battery_ram_followed(
        tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"a letter, not battery RAM\n" * 10)
    (tmp_path / "g.bram").symlink_to("notes.txt")
    a_disk(tmp_path)
    said = played(tmp_path, capsys)
    assert "links to" in said and "left as it is" in said
    before = snapshot(tmp_path)
    machine = change_a_setting(tmp_path / "g.po")
    assert machine.tb.misc.bram.param(br.SYS_SPEED) == br.SPEED_FAST   # in memory
    assert snapshot(tmp_path) == before                                 # nothing written
    # a link to a sound battery RAM file: followed, the file replaced, the link kept
    kept = tmp_path / "settings" / "mine.bram"
    kept.parent.mkdir()
    kept.write_bytes(bytes(br.default_image()))
    kept.chmod(0o640)
    (tmp_path / "g.bram").unlink()
    (tmp_path / "g.bram").symlink_to(Path("settings") / "mine.bram")
    change_a_setting(tmp_path / "g.po")
    assert os.readlink(tmp_path / "g.bram") == str(Path("settings") / "mine.bram")
    data = kept.read_bytes()
    assert br.is_sealed(data) and data[br.SYS_SPEED] == br.SPEED_FAST
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    assert sorted(p.name for p in kept.parent.iterdir()) == ["mine.bram"]
    assert br.BatteryRAM(tmp_path / "g.bram").take_message() is None


def test_a_fifo_battery_ram_never_makes_a_run_wait(tmp_path):
    """Subprocesses with a timeout (opening the FIFO would wait for a writer for good):
    gin-king starts (0), iigs runs its zero seconds (124, time up)."""
    a_disk(tmp_path)
    fifo = tmp_path / "g.bram"
    os.mkfifo(fifo, 0o640)
    before = snapshot(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    for argv, status in (
            (["-m", "gin_king.cli", "--disk", str(tmp_path / "g.po")] + RUN, 0),
            (["-m", "system", "run", app.LAUNCH_PATH, "--disk", str(tmp_path / "g.po")] + RUN,
             EXIT_TIME_UP)):
        done = subprocess.run([sys.executable] + argv, capture_output=True, text=True,
                              timeout=120, env=env, cwd=tmp_path)
        assert done.returncode == status, done.stderr
        said = [line for line in done.stderr.splitlines() if "g.bram" in line]
        assert len(said) == 1 and "is a FIFO (named pipe)" in said[0], done.stderr
        assert "Traceback" not in done.stderr + done.stdout
    assert snapshot(tmp_path) == before


def test_a_huge_sparse_battery_ram_is_refused_unread(tmp_path, capsys):
    a_disk(tmp_path)
    big = tmp_path / "g.bram"
    with open(big, "wb") as f:
        f.truncate(2 << 30)                   # 2 GiB, no blocks written
    before = snapshot(tmp_path)
    said = played(tmp_path, capsys)
    assert "2,147,483,648 bytes, too large to be a battery RAM file" in said
    change_a_setting(tmp_path / "g.po")
    assert snapshot(tmp_path) == before


def test_a_folder_at_the_battery_ram_path_is_refused_untouched(tmp_path, capsys):
    a_disk(tmp_path)
    (tmp_path / "g.bram").mkdir()
    (tmp_path / "g.bram" / "inside").write_bytes(b"keep me")
    before = snapshot(tmp_path)
    said = played(tmp_path, capsys)
    assert "is a folder, not a battery RAM file; it is left as it is" in said
    assert iigs_main(["run", "X", "--disk", str(tmp_path / "g.po")] + RUN) == EXIT_USAGE
    assert "is a folder" in capsys.readouterr().err      # said before the load fails
    change_a_setting(tmp_path / "g.po")
    assert snapshot(tmp_path) == before


def test_a_battery_ram_that_is_the_disk_itself_is_left_alone(tmp_path, capsys):
    """A hard link to the disk at g.bram: the same file, never battery RAM."""
    a_disk(tmp_path)
    os.link(tmp_path / "g.po", tmp_path / "g.bram")
    before = snapshot(tmp_path)
    machine = Machine(disk=tmp_path / "g.po")
    assert "is the disk itself" in machine.tb.misc.bram.message
    misc.WriteBParam(machine.tb, br.SPEED_FAST, br.SYS_SPEED)
    machine.release_disk()                   # its lock file goes with the session
    assert snapshot(tmp_path) == before
