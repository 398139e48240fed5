"""Input for headless runs of `iigs run`: typed console input (--type), the
runner's own standard input, key presses at emulated times (--keys), a shell program's
command line (-- ARGS), numbered screenshots (--screenshot-every), and the console's
80-column screen codes. Programs: programs/machine_text.asm (asks a name, says hello),
programs/shell_echo.asm (prints its command line, moves the cursor)."""
from __future__ import annotations

import subprocess
import sys

from disk import Volume
from iigs.options import KeyPress, keys_option, unescape
from system.machine import Machine
from system.runner import EXIT_QUIT, EXIT_USAGE, main
from toolbox.console import Console

EXE = 0xB5


def program_file(tmp_path, build_program, name: str) -> str:
    path = tmp_path / f"{name}.s16"
    path.write_bytes(build_program(name)[0])
    return str(path)


def test_typed_text_is_read_by_the_program(tmp_path, build_program, capsys):
    program = program_file(tmp_path, build_program, "machine_text")
    assert main(["run", program, "--headless", "--type", r"Ann\n"]) == EXIT_QUIT
    assert "Hello, Ann" in capsys.readouterr().out


def test_the_runners_standard_input_is_the_consoles(tmp_path, build_program):
    program = program_file(tmp_path, build_program, "machine_text")
    done = subprocess.run([sys.executable, "-m", "system", "run", program, "--headless"],
                          input=b"Bob\n", capture_output=True, timeout=120)
    assert done.returncode == EXIT_QUIT
    assert b"Hello, Bob" in done.stdout


def test_keys_at_an_emulated_time_reach_a_program_waiting_for_them(
        tmp_path, build_program, capsys):
    program = program_file(tmp_path, build_program, "machine_text")
    assert main(["run", program, "--headless", "--keys", r"2:Cy\n",
                 "--seconds", "10"]) == EXIT_QUIT
    assert "Hello, Cy" in capsys.readouterr().out


def test_keys_wait_for_their_time(tmp_path, build_program):
    # ReadLine blocks for the keys: the clock skips ahead to them, never before.
    from system.runner import _keyed_host
    host = _keyed_host([keys_option(r"3:Di\n")])
    machine = Machine(host=host)
    host.machine = machine
    machine.load(build_program("machine_text")[0])
    assert machine.run(max_cycles=50_000_000) == "quit"
    assert "Hello, Di" in machine.console.text()
    assert machine.ticks >= 3 * 60


def test_the_harness_types_its_keys_too(build_program):
    from system.harness import run_program
    done = run_program(build_program("machine_text")[0], seconds=10, keys=[(1.0, "Zed\n")])
    assert done.exit == EXIT_QUIT and "Hello, Zed" in done.console


def test_bad_key_specs_are_usage_errors(tmp_path, build_program, capsys):
    program = program_file(tmp_path, build_program, "machine_text")
    assert main(["run", program, "--keys", "soon"]) == EXIT_USAGE
    assert "T:TEXT" in capsys.readouterr().err
    assert keys_option(r"1.5:a\n") == (1.5, [KeyPress(ord("a")), KeyPress(0x0D)])
    assert unescape(r"a\\n\tb") == "a\\n\tb"


def _shell_disk(tmp_path, build_program):
    image = tmp_path / "shell.po"
    volume = Volume.create(image, "WORK", 1600)
    volume.write_file("ECHOARGS", build_program("shell_echo")[0], file_type=EXE)
    volume.commit()
    return str(image)


def test_a_shell_program_gets_its_command_line(tmp_path, build_program, capsys):
    image = _shell_disk(tmp_path, build_program)
    assert main(["run", ":WORK:ECHOARGS", "--disk", image, "--headless", "--",
                 "one", "two words"]) == EXIT_QUIT
    assert 'ECHOARGS one "two words"' in capsys.readouterr().out
    assert main(["run", ":WORK:ECHOARGS", "--disk", image, "--headless"]) == EXIT_QUIT
    out = capsys.readouterr().out
    assert "ECHOARGS" in out and "no command line" not in out


def test_a_program_without_a_command_line_finds_no_identifier(tmp_path, build_program):
    machine = Machine()
    machine.load(build_program("shell_echo")[0])
    assert machine.run(max_cycles=5_000_000) == "quit"
    assert "no command line" in machine.console.text()


def test_the_console_screen_follows_the_80_column_firmware(tmp_path, build_program):
    machine = Machine(disk=_shell_disk(tmp_path, build_program))
    machine.load_from_disk(":WORK:ECHOARGS")
    machine.set_command_line("ECHOARGS hi")
    assert machine.run(max_cycles=5_000_000) == "quit"
    screen = machine.console.screen
    lines = machine.console.screen_lines()
    assert lines[0] == "ECHOARGS hi"                  # "junk" went with the form feed
    assert lines[5] == " " * 10 + "XINV"
    assert screen.inverse_cells[5][11:14] == [True] * 3 and not screen.inverse_cells[5][10]
    assert "junk" in machine.console.text()           # the transcript keeps it


def test_the_screen_codes_become_ansi_on_a_terminal():
    console = Console()
    shown: list[str] = []
    console.echo = lambda text, stream: shown.append(text)
    console.ansi = True
    console.write(b"a\x0c\x1e" + bytes([32 + 3, 32 + 1]) + b"\x0fb\x0e\x1d")
    assert "".join(shown) == "a\x1b[2J\x1b[H\x1b[2;4H\x1b[7mb\x1b[0m\x1b[K"
    console.ansi = False
    shown.clear()
    console.write(b"\x0cc\r")
    assert "".join(shown) == "c\n"


def test_screenshots_every_quarter_second(tmp_path, build_program):
    path = tmp_path / "hello.s16"                     # draws, then loops for good
    path.write_bytes(build_program("machine_hello", {"LOOP": 1})[0])
    shot = tmp_path / "shot.png"
    main(["run", str(path), "--headless", "--seconds", "1", "--screenshot", str(shot),
          "--screenshot-every", "0.25"])
    taken = sorted(p.name for p in tmp_path.glob("shot-*.png"))
    assert taken == [f"shot-{n:04d}.png" for n in (1, 2, 3, 4)]   # 0.25 s ... 1 s
    assert shot.exists()


# -- input as the hardware gives it (issues 48, 49) ----------------------------------------

def test_keys_the_latch_and_the_adb_as_a_program_reads_them(tmp_path, build_program, capsys):
    """programs/machine_input.asm: an Escape taken by GetNextEvent is not waiting at
    $C000 (the poll sees the next real key, which the Event Manager then never
    posts); named keys arrive with their codes and modifiers; the keyboard (2) and
    the mouse (3) answer Talk 0 and 3 and a Listen 3, the completion routine called
    each time; address 4 has no device."""
    program = program_file(tmp_path, build_program, "machine_input")
    assert main(["run", program, "--keys", "0.5:Escape", "--keys", "1:y",
                 "--keys", "1.5:Command-Q", "--mouse", "1.2:330,100,down",
                 "--seconds", "5"]) == EXIT_QUIT
    assert capsys.readouterr().out.splitlines() == [
        "E 1B 0080",             # Escape, the button up (btn0State)
        "L 79 00",               # $C000: the next key, "y", not the Escape again
        "E 51 0100",             # Command-Q (button down by then); "y" was not posted
        "A 2F 0000 02 62 02 01",  # keyboard register 3: SRQ on, address 2, handler 2
        "A 3F 0000 02 63 01 02",  # mouse register 3: address 3, handler 1
        "A 2C 0000 02 35 B5 03",  # keyboard register 0: Escape down, up
        "A 2C 0000 02 10 90 04",  # y down, up
        "A 2C 0000 02 37 0C 05",  # Command down, q down
        "A 3C 0000 02 00 8A 06",  # mouse register 0: button down, Y 0, X +10
        "A 3C 0000 00 00 00 07",  # nothing new: no data, the routine still called
        "A 4C 0983 EE EE EE 07",  # address 4: devNotAtAddr, the routine not called
        "A 3B 0000 00 00 00 08",  # Listen 3 (SyncADBReceive): handler 2 ...
        "A 3F 0000 02 63 02 09",  # ... which register 3 now says
    ]


def test_a_sprite_steered_with_the_mouse(tmp_path, build_program):
    """programs/machine_mouse.asm reads $C027/$C024 in a loop: the pointer's moves
    (from where it starts, 320, 100) steer its pixel; with the button down it leaves a
    red trail. In the 640-wide screenshot a 320-mode pixel is two wide."""
    from iigs import video
    from system.runner import EXIT_TIME_UP
    program = program_file(tmp_path, build_program, "machine_mouse")
    shot = tmp_path / "sprite.png"
    assert main(["run", program, "--mouse", "0.5:100,50", "--mouse", "1:200,80,down",
                 "--seconds", "1.5", "--screenshot", str(shot)]) == EXIT_TIME_UP
    frame = video.load_png(str(shot))
    lit = {(int(y), int(x)): tuple(int(c) for c in frame[y, x])
           for y, x in zip(*frame.any(axis=2).nonzero())}
    white, red = (255, 255, 255), (255, 0, 0)
    assert lit == {(80, 200): white, (80, 201): white,      # the pointer at 200, 80
                   (50, 100): red, (50, 101): red,          # pressed at 100, 50 ...
                   (80, 162): red, (80, 163): red}          # ... 63 counts at a read
