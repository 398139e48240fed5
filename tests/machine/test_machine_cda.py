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
from iigs.machine import Machine
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
