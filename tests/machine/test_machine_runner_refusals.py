"""`iigs run` never hangs or prints a traceback on what a user hands it (issue
44): option values it cannot use (nan, an infinity, 1e308, less than one frame between
screenshots, text the IIGS keyboard cannot type, a key name it has not, a --mouse
point off the screen or a button neither down nor up), a program or screenshot path that is
a FIFO, a device or a folder, a screenshot into a missing folder, and a hostile load
file. Each is refused in one line on stderr, exit status 2, before anything is
written; run as a user runs it (a subprocess of this worktree's code, with a timeout,
so a hang fails the test). Programs: programs/machine_hello.asm."""
from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings, strategies as st

import re

from iigs.options import (FRAME_SECONDS, MAX_EMULATED_SECONDS, NAMED_KEYS, KeyPress,
                          keys_option)
from system.machine import Machine
from system.runner import EXIT_BROKEN_PIPE, EXIT_USAGE, _Screenshots, main

ROOT = Path(__file__).resolve().parents[2]


def iigs_run(cwd: Path, *args: str, **how) -> subprocess.CompletedProcess:
    """`python -m system run ARGS` from `cwd`, this worktree's code first on the path;
    its output captured unless `how` says otherwise."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    how = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **how}
    return subprocess.run([sys.executable, "-m", "system", "run", *args], cwd=cwd, env=env,
                          text=True, timeout=60, stdin=subprocess.DEVNULL, **how)


def refused(done: subprocess.CompletedProcess, *words: str) -> str:
    """The one line a refusal printed (exit 2, no traceback, nothing on stdout)."""
    assert done.returncode == EXIT_USAGE, done
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def hello(tmp_path: Path, build_program, loop: int = 0) -> str:
    path = tmp_path / "hello.s16"
    path.write_bytes(build_program("machine_hello", {"LOOP": loop})[0])
    return str(path)


def test_seconds_that_are_no_time_are_refused(tmp_path, build_program):
    program = hello(tmp_path, build_program, loop=1)
    for option, value in (("--seconds", "nan"), ("--screenshot-every", "1e-9"),
                          ("--keys", "1e308:a")):
        line = refused(iigs_run(tmp_path, program, "--headless", f"{option}={value}"),
                       option, repr(value), "1,000,000", "nothing was run")
        if value == "1e-9":
            assert "one frame (1/60 s)" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hello.s16"]
    for spec in ("Apple", "/Control Panel", "Apple/ "):      # --choose MENU/ITEM
        refused(iigs_run(tmp_path, program, "--choose", spec),
                "--choose", repr(spec), "expected MENU/ITEM", "nothing was run")


def test_text_the_keyboard_cannot_type_is_refused_in_words(tmp_path, build_program):
    program = hello(tmp_path, build_program)
    refused(iigs_run(tmp_path, program, "--type", "caf\u00e9"),
            "--type: 'é' (U+00E9) is not on the IIGS keyboard", "ASCII only")
    refused(iigs_run(tmp_path, program, "--keys", "1:\u2603"), "--keys", "U+2603")
    refused(iigs_run(tmp_path, program, "--keys", "1:Command-Quit"),
            "--keys '1:Command-Quit': 'Quit' after 'Command-' is no key", "escape")
    refused(iigs_run(tmp_path, program, "--mouse", "1:640,5"),
            "--mouse '1:640,5': X '640' is not a point of the screen (0 to 639)")
    refused(iigs_run(tmp_path, program, "--mouse", "1:5,5,click"),
            "--mouse '1:5,5,click': expected T:X,Y or T:X,Y,down or T:X,Y,up")


def test_named_keys_are_the_keys_the_keyboard_gives():
    apple, option, control, shift = 0x0100, 0x0800, 0x1000, 0x0200
    assert keys_option("0.5:Escape") == (0.5, [KeyPress(0x1B)])
    assert keys_option("1:Command-Q") == (1.0, [KeyPress(ord("Q"), apple)])
    assert keys_option("1:control-c") == (1.0, [KeyPress(0x03, control)])   # the code
    assert keys_option("1:Shift-Tab")[1] == [KeyPress(0x09, shift)]
    assert keys_option("1:Option-Command-Left")[1] == [KeyPress(0x08, apple | option)]
    assert [keys_option(f"1:{name}")[1][0].code for name in
            ("Return", "Delete", "Right", "Up", "Down")] == [0x0D, 0x7F, 0x15, 0x0B, 0x0A]
    assert keys_option("1:Command--")[1] == [KeyPress(ord("-"), apple)]
    assert keys_option("1:Escaped")[1][0] == KeyPress(ord("E"))   # no name: text


def test_a_program_that_is_no_file_is_refused_unopened(tmp_path):
    fifo = tmp_path / "prog.fifo"
    os.mkfifo(fifo)                            # opening it would wait for a writer
    refused(iigs_run(tmp_path, str(fifo), "--headless"),
            f"{fifo} is a FIFO (named pipe), not a load file; nothing was run")
    refused(iigs_run(tmp_path, "/dev/zero", "--headless"), "a character device")


def test_a_screenshot_with_nowhere_to_go_is_refused_before_the_run(tmp_path, build_program):
    program = hello(tmp_path, build_program)
    folder = tmp_path / "pictures"
    folder.mkdir()
    fifo = tmp_path / "shot.fifo"
    os.mkfifo(fifo)
    refused(iigs_run(tmp_path, program, "--headless", "--screenshot", str(folder)),
            f"{folder} is a folder, not a PNG file; nothing was run")
    refused(iigs_run(tmp_path, program, "--headless", "--screenshot", str(fifo)),
            "is a FIFO (named pipe), not a PNG file")
    refused(iigs_run(folder, program, "--headless", "--screenshot-every", "0.5",
                     "--screenshot", "missing/a.png"),
            "missing/a.png: the folder", "missing does not exist")
    assert not (tmp_path / "missing").exists() and not any(folder.iterdir())
    assert fifo.is_fifo()


def test_screenshots_stop_at_their_limit_said_in_words(tmp_path, build_program, capsys):
    machine = Machine()
    machine.load(build_program("machine_hello", {"LOOP": 1})[0])
    shots = _Screenshots(str(tmp_path / "s.png"), 0.25, limit=2)
    shots.take(machine, 10.0)                 # 40 are due; the limit is 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s-0001.png", "s-0002.png"]
    assert capsys.readouterr().err == ("iigs: --screenshot-every: 2 screenshots taken, the "
                                       "most a run numbers; no more are taken\n")
    assert shots.next_cycles() is None


def hostile_load_file(segments: int, banksize: int) -> bytes:
    """`segments` one-byte segments, each claiming LENGTH $FFFFFF."""
    out = b""
    for segnum in range(1, segments + 1):
        name = b"\x04CODE"
        dispdata = 0x2C + 10 + len(name)
        body = b"\xF2\x01\x00\x00\x00\xEA\x00"          # LCONST 1 byte, END
        hdr = bytearray(0x2C)
        struct.pack_into("<III", hdr, 0, 0x2C + 10 + len(name) + len(body), 0, 0xFFFFFF)
        hdr[0x0D], hdr[0x0E], hdr[0x0F] = 0, 4, 2
        struct.pack_into("<IH", hdr, 0x10, banksize, 0)
        struct.pack_into("<HI", hdr, 0x22, segnum, 0)
        struct.pack_into("<HH", hdr, 0x28, 0x2C, dispdata)
        out += bytes(hdr) + b"LOADNAME  " + name + body
    return out


def test_a_load_file_claiming_more_than_the_memory_is_refused_at_once(tmp_path):
    for banksize, why in ((0, "LENGTH $FFFFFF does not fit in the machine's 8 MB of RAM "
                              "(8,388,608 bytes)"),
                          (0x10000, "LENGTH $FFFFFF cannot fit in its BANKSIZE $10000")):
        path = tmp_path / f"hostile-{banksize}.s16"
        path.write_bytes(hostile_load_file(1024, banksize))       # 64 KB
        assert path.stat().st_size > 60_000
        refused(iigs_run(tmp_path, str(path), "--headless"),
                f"iigs: cannot load {path}: {why}", "(segment 'CODE', file offset $0)")


# -- fuzzing the options (in-process: the parser and the checks, never a run) ------------

def _number_text() -> st.SearchStrategy[str]:
    return st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr),
                     st.sampled_from(["nan", "inf", "-inf", "1e308", "1e-9", "0", "-0",
                                      "1/60", "", "0x10", "1_0"]),
                     st.text(max_size=6))


MODIFIER = re.compile(r"(?i)(command|apple|option|control|shift)-")


def _good_keys(text: str) -> bool:
    """What --keys takes, said independently of the parser: ASCII, and after modifier
    names either a key's name or one character."""
    if not all(ord(c) < 0x80 for c in text):
        return False
    rest = text
    while MODIFIER.match(rest) and len(rest) > MODIFIER.match(rest).end():
        rest = rest[MODIFIER.match(rest).end():]
    return rest == text or len(rest) == 1 or rest.lower() in NAMED_KEYS


def _good_mouse(text: str) -> bool:
    point = re.fullmatch(r"([0-9]{1,9}),([0-9]{1,9})(,down|,up)?", text)
    return bool(point) and int(point[1]) < 640 and int(point[2]) < 200


def _mouse_text() -> st.SearchStrategy[str]:
    number = st.one_of(st.integers(-5, 700).map(str), st.text("0123456789-+ ", max_size=4))
    return st.one_of(st.builds(lambda x, y, a: f"{x},{y}{a}", number, number,
                               st.sampled_from(["", ",down", ",up", ",click", ","])),
                     st.text(max_size=8))


def _good_seconds(text: str, least: float) -> bool:
    try:
        value = float(text)
    except ValueError:
        return False
    return least <= value <= MAX_EMULATED_SECONDS


@settings(max_examples=150, deadline=None)
@given(seconds=_number_text(), every=_number_text(), when=_number_text(),
       typed=st.text(max_size=8),
       keyed=st.one_of(st.text(max_size=8), st.builds(
           "".join, st.lists(st.sampled_from(["Command-", "shift-", "Option-", "Tab", "Q",
                                              "Escape", "-", "é", "up"]), max_size=3))),
       pointed=_mouse_text())
def test_fuzzed_option_values_parse_or_are_refused_in_one_line(
        tmp_path_factory, seconds, every, when, typed, keyed, pointed):
    """Each value is good (the run gets as far as the missing program) or refused in
    one line naming the option; never an exception."""
    import contextlib
    import io
    missing = str(tmp_path_factory.getbasetemp() / "no-such-program.s16")
    argv = ["run", missing, "--headless", f"--seconds={seconds}",
            f"--screenshot-every={every}", "--keys", f"{when}:{keyed}", f"--type={typed}",
            "--mouse", f"1:{pointed}"]
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(argv) == EXIT_USAGE
    lines = err.getvalue().splitlines()
    assert len(lines) == 1, lines
    good = (_good_seconds(seconds, 0) and _good_seconds(every, FRAME_SECONDS)
            and _good_seconds(when, 0)
            and all(ord(c) < 0x80 for c in typed) and _good_keys(keyed)
            and _good_mouse(pointed))
    assert ("no such file; nothing was run" in lines[0]) == good, (argv, lines)


def test_output_nobody_reads_ends_the_run_quietly(tmp_path, build_program):
    """`iigs run X | head`: the reader goes away; no traceback, exit 141."""
    program = tmp_path / "crash.s16"                    # prints its report and stops
    program.write_bytes(build_program("machine_crashes", {"CRASH": 2, "TOOLNUM": 0})[0])
    read_end, write_end = os.pipe()
    os.close(read_end)                                   # nobody will read
    try:
        done = iigs_run(tmp_path, str(program), "--headless", stdout=write_end)
    finally:
        os.close(write_end)
    assert done.stderr == "" and done.returncode == EXIT_BROKEN_PIPE
