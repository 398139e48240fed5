"""Classic desk accessories: a CDA file ($B9) in SYSTEM/DESK.ACCS is loaded, listed in
the CDA menu that Control-Apple-Escape opens, and run from it with Return; the program
that was waiting for a key goes on afterwards with its screen as it was, and
DeskShutDown calls the CDA's shutdown routine. Programs: programs/echo_cda.asm (the
CDA) and programs/machine_events.asm (a program waiting for a key)."""
from __future__ import annotations

import pytest

from disk import Volume
from iigs.host import HeadlessHost
from iigs.hostinput import APPLE_KEY, CONTROL_KEY, HostInput
from system.machine import Machine
from iigs.memory import SHR_PIXELS, read_word

CDA, S16 = 0xB9, 0xB3
ESCAPE, RETURN, DOWN = 0x1B, 0x0D, 0x0A


def key(code: int, modifiers: int = 0) -> HostInput:
    return HostInput("key", key=code, modifiers=modifiers)


@pytest.fixture
def machine(tmp_path, build_program):
    build = build_program
    image = tmp_path / "cda.po"
    volume = Volume.create(image, "WORK", 1600)
    volume.mkdir("SYSTEM")
    volume.mkdir("SYSTEM/DESK.ACCS")
    volume.write_file("SYSTEM/DESK.ACCS/ECHO", build("echo_cda")[0], file_type=CDA)
    volume.write_file("SYSTEM/DESK.ACCS/SLEEPY", build("echo_cda")[0], file_type=CDA,
                      aux_type=0x8000)               # inactive: never loaded
    volume.write_file("EVENTS", build("machine_events")[0], file_type=S16)
    volume.commit()
    m = Machine(disk=image, host=HeadlessHost())
    m.load_from_disk(":WORK:EVENTS")
    return m


def test_control_apple_escape_runs_a_cda_from_the_menu(machine, build_program):
    assert machine.run(max_cycles=2_000_000) == "idle"       # waiting for a key
    screen = bytes(machine.mem[SHR_PIXELS:SHR_PIXELS + 32000])
    host = machine.host
    for inp in (key(ESCAPE, APPLE_KEY | CONTROL_KEY), key(RETURN), key(DOWN),
                key(RETURN), key(ord("z"))):
        host.push(inp)                                  # run it, then Quit, then z
    assert machine.run(max_cycles=5_000_000) == "quit"
    menu = machine.tb.desk.last_classic_menu
    assert menu.items == ["Echo CDA", "Quit"]           # the inactive one is not there
    assert "> Quit" in menu.shown
    assert "CDA ran" in machine.console.text()
    labels = build_program("echo_cda")[1]
    assert read_word(machine.mem, cda_base(machine, labels) + labels["Runs"]) == 1
    dp = machine.program.dp_base
    assert read_word(machine.mem, dp + 2) == ord("z")   # the program got only the z
    assert bytes(machine.mem[SHR_PIXELS:SHR_PIXELS + 32000]) == screen
    assert host.shr.ndim == 1                           # Super Hi-Res shown again


def test_the_cda_menu_is_drawn_on_the_80_column_text_screen(machine):
    """While it is open the menu is the text screen (Super Hi-Res off): its selected
    line inverse, white on black, each character the glyph table's 7 x 8 cell."""
    from iigs import textscreen
    machine.run(max_cycles=2_000_000)
    frames = []
    present = machine.host.present

    def keep(mem, tb=None):
        present(mem, tb)
        frames.append(machine.host.frame(with_cursor=False))
    machine.host.present = keep
    for inp in (key(ESCAPE, APPLE_KEY | CONTROL_KEY), key(ESCAPE), key(ord("q"))):
        machine.host.push(inp)
    assert machine.run(max_cycles=5_000_000) == "quit"
    menu_frame = frames[0]
    table = textscreen.glyph_table()[1]                  # the alternate set: ALTCHAR
    for row, text, inverse in ((0, "Desk Accessories", False), (2, "> Echo CDA", True)):
        for col, ch in enumerate(text):
            c = ord(ch)
            code = (c if c >= 0x60 else c & 0x3F) if inverse else c | 0x80
            top, left = 4 + 8 * row, 40 + 7 * col
            cell = menu_frame[top:top + 8, left:left + 7]
            assert (cell.all(axis=2) == table[code]).all(), (row, col, ch)
    assert (frames[-1] != menu_frame).any()          # afterwards: the program's screen
    assert machine.host.shr.ndim == 1                # Super Hi-Res again


def test_escape_leaves_the_menu_without_running_anything(machine):
    machine.run(max_cycles=2_000_000)
    for inp in (key(ESCAPE, APPLE_KEY | CONTROL_KEY), key(ESCAPE), key(ord("q"))):
        machine.host.push(inp)
    assert machine.run(max_cycles=5_000_000) == "quit"
    assert "CDA ran" not in machine.console.text()
    assert read_word(machine.mem, machine.program.dp_base + 2) == ord("q")
    assert not machine.io.keyboard.strobe           # each key taken once, from the latch


def cda_base(machine, labels: dict[str, int]) -> int:
    """Where the CDA's segment (its header, label offset 0) was loaded."""
    return machine.tb.desk.classic()[0].main - labels["Main"]


def test_desk_shutdown_calls_each_cdas_shutdown_routine(machine, build_program):
    desk = machine.tb.desk
    labels = build_program("echo_cda")[1]
    base = cda_base(machine, labels)
    desk.start()
    desk.shut_down()
    assert read_word(machine.mem, base + labels["Shuts"]) == 1
    assert read_word(machine.mem, base + labels["Runs"]) == 0


def test_a_high_bit_cda_name_is_listed_in_plain_ascii(tmp_path, build_program):
    """The CDA menu ignores bit 7 of the names, as the IIGS does (issue 48 §6)."""
    from toolbox.desk.cda import load_classic_accessories
    image = tmp_path / "high.po"
    volume = Volume.create(image, "WORK", 1600)
    volume.mkdir("SYSTEM")
    volume.mkdir("SYSTEM/DESK.ACCS")
    volume.write_file("SYSTEM/DESK.ACCS/ECHO", build_program("echo_cda", {"HIGH": 1})[0],
                      file_type=CDA)
    volume.commit()
    m = Machine(disk=image, host=HeadlessHost())
    assert [a.name for a in load_classic_accessories(m.tb)] == ["Echo CDA"]


def test_a_cda_that_polls_the_keyboard_runs_until_its_user_types_escape(tmp_path,
                                                                        build_program):
    """A CDA reading $C000 itself (programs/poll_cda.asm, its name in high-bit ASCII)
    runs for as long as it waits: Escape comes 56 million cycles after it started
    (past the old limit of a routine's run, 50 million), and it returns to the menu."""
    from system.runner import _keyed_host
    from iigs.options import keys_option
    from iigs.memory import read_long
    image = tmp_path / "poll.po"
    volume = Volume.create(image, "WORK", 1600)
    volume.mkdir("SYSTEM")
    volume.mkdir("SYSTEM/DESK.ACCS")
    volume.write_file("SYSTEM/DESK.ACCS/POLL", build_program("poll_cda")[0], file_type=CDA)
    volume.write_file("EVENTS", build_program("machine_events")[0], file_type=S16)
    volume.commit()
    host = _keyed_host([keys_option("20:Escape")])       # 20 s = 56 million cycles
    machine = Machine(disk=image, host=host)
    host.machine = machine
    machine.load_from_disk(":WORK:EVENTS")
    assert machine.run(max_cycles=2_000_000) == "idle"
    host.push(key(ESCAPE, APPLE_KEY | CONTROL_KEY))
    host.push(key(RETURN))
    started = machine.elapsed_cycles
    assert machine.run(max_cycles=5_000_000) == "idle"   # back in the program's loop
    assert machine.elapsed_cycles - started > 55_000_000    # past the old 50 million
    menu = machine.tb.desk.last_classic_menu
    assert menu.items == ["Poll CDA", "Quit"]
    labels = build_program("poll_cda")[1]
    base = machine.tb.desk.classic()[0].main - labels["Main"]
    assert read_word(machine.mem, base + labels["LastKey"]) == ESCAPE
    assert read_long(machine.mem, base + labels["Polls"]) > 2_000_000
    # the menu's own keys (Control-Apple-Escape, Return) never reached the CDA's latch
    assert read_word(machine.mem, machine.program.dp_base + 2) == 0


def test_control_apple_escape_opens_the_menu_over_a_program_that_polls_c000(
        tmp_path, build_program):
    """A program that never starts the Event Manager and reads $C000 itself
    (programs/key_poll.asm): Control-Apple-Escape still opens the CDA menu, as the
    firmware's keyboard interrupt does; the menu's keys (Return, Escape) never reach
    the latch, the key typed after it does."""
    image = tmp_path / "poll.po"
    volume = Volume.create(image, "WORK", 1600)
    volume.mkdir("SYSTEM")
    volume.mkdir("SYSTEM/DESK.ACCS")
    volume.write_file("SYSTEM/DESK.ACCS/ECHO", build_program("echo_cda")[0], file_type=CDA)
    volume.write_file("KEYS", build_program("key_poll")[0], file_type=S16)
    volume.commit()
    machine = Machine(disk=image, host=HeadlessHost())
    machine.load_from_disk(":WORK:KEYS")
    for inp in (key(ESCAPE, APPLE_KEY | CONTROL_KEY), key(RETURN), key(ESCAPE),
                key(ord("k"))):
        machine.host.push(inp)
    assert machine.run(max_cycles=5_000_000) == "quit"
    assert machine.tb.desk.last_classic_menu.items == ["Echo CDA", "Quit"]
    assert "CDA ran" in machine.console.text()
    assert read_word(machine.mem, machine.program.dp_base) == ord("k")
