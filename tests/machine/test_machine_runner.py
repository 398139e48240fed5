"""`iigs run`: exit statuses, the QuickDraw text log, the crash report on
screen, and the screenshot."""
from __future__ import annotations

import subprocess
import sys

import numpy as np

from system.runner import EXIT_CRASH, EXIT_QUIT, EXIT_TIME_UP, main


def write(tmp_path, build_program, name, **defines):
    data, _ = build_program(name, defines or None)
    path = tmp_path / f"{name}.s16"
    path.write_bytes(data)
    return str(path)


def test_program_that_quits_exits_0_and_prints_what_quickdraw_drew(
        tmp_path, build_program, capsys):
    program = write(tmp_path, build_program, "machine_hello", LOOP=0)
    assert main(["run", program, "--headless", "--seconds", "5"]) == EXIT_QUIT
    out = capsys.readouterr().out
    assert "(20, 30) Hello, IIGS" in out


def test_time_up_exits_124(tmp_path, build_program, capsys):
    program = write(tmp_path, build_program, "machine_hello", LOOP=1)
    assert main(["run", program, "--headless", "--seconds", "0.2"]) == EXIT_TIME_UP
    assert "time up" in capsys.readouterr().out


def test_crash_prints_the_report_and_shows_it_on_screen(tmp_path, build_program, capsys):
    program = write(tmp_path, build_program, "machine_crashes", CRASH=2, TOOLNUM=0)
    shot = tmp_path / "crash.png"
    status = main(["run", program, "--headless", "--screenshot", str(shot)])
    assert status == EXIT_CRASH
    out = capsys.readouterr().out
    assert "*** SYSTEM FAILURE ***" in out and "BRK $42" in out
    from iigs.video import load_png
    frame = load_png(str(shot))
    colours = {tuple(c) for c in frame.reshape(-1, 3)}
    assert len(colours) == 2                        # white text on the blue report screen
    assert np.asarray(frame)[0, 0].tolist() == [0, 0, 153]


def test_unreadable_program_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.s16"
    bad.write_bytes(b"not an OMF file")
    assert main(["run", str(bad), "--headless"]) == 2


def test_module_entry_point(tmp_path, build_program):
    program = write(tmp_path, build_program, "machine_crashes", CRASH=2, TOOLNUM=0)
    done = subprocess.run([sys.executable, "-m", "system", "run", program, "--headless"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == EXIT_CRASH
    assert "BRK $42 executed" in done.stdout
