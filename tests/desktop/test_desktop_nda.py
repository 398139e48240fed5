"""A new desk accessory from the disk: an NDA written in MPW IIgs assembly
(tests/machine/programs/nda_counter.asm) in SYSTEM/DESK.ACCS of a test disk, loaded by
the Desk Manager at DeskStartUp, listed in the Apple menu after the Control Panel,
opened by mouse, drawn on the Super Hi-Res screen, given run, event and edit actions,
closed by its close box and shut down."""
import pytest

from disk.volume import Volume
from iigs.hostinput import HostInput
from system.machine import Machine
from iigs.memory import read_word, write_long
from machine_desktop import Host, machine_build, start_desktop
from toolbox import event, window
from toolbox.desk import manager as desk

SHR = 0xE12000                         # the Super Hi-Res pixels, 160 bytes a line
CONTENT = (60, 200, 100, 440)          # the NDA's window (nda_counter.asm, wPosition)
COUNTER_ITEM = 2                       # after the Control Panel (item 1)
TASK_MASK = 0x13FF


@pytest.fixture
def nda_program():
    return machine_build("nda_counter")


def make_disk(path, files):
    vol = Volume.create(path, "NDADISK", 1600)
    with vol.transaction():
        vol.mkdir("SYSTEM")
        vol.mkdir("SYSTEM/DESK.ACCS")
        for name, data, ftype in files:
            vol.write_file(f"SYSTEM/DESK.ACCS/{name}", data, ftype, 0)
    vol.commit()
    return path


def task_master(tb, host):
    _, rec = tb.wm.alloc(0x16)
    write_long(tb.mem, rec + 0x14, TASK_MASK)
    codes = []
    idle = 0
    while idle < 3:                       # and a few more: the activate and update events
        idle = 0 if host.inputs or tb.em.backlog or tb.em.queue else idle + 1
        code = window.TaskMaster(tb, 0xFFFF, rec)
        if code != window.NULL_EVT:
            codes.append(code)
    return codes


def pixels(tb, v, h0, h1):
    """The SHR bytes of line v from 640-mode pixel h0 to h1."""
    return bytes(tb.mem[SHR + 160 * v + h0 // 4:SHR + 160 * v + h1 // 4])


def test_an_nda_from_the_disk_in_the_apple_menu_opened_run_and_closed(tmp_path,
                                                                    nda_program):
    data, labels = nda_program
    # a text file and a folder in DESK.ACCS are not desk accessories
    image = make_disk(tmp_path / "nda.po", [("COUNTER", data, 0xB8),
                                            ("README", b"not an NDA\r", 0x04)])
    host = Host()
    m = Machine(disk=image, host=host)
    tb = start_desktop(m)
    acc = tb.desk.ndas[1]
    counter = lambda name: read_word(tb.mem, acc.header + labels[name])
    # loaded by the System Loader under a desk accessory ID; init called with A <> 0
    assert acc.user_id & 0xF000 == 0x5000
    assert (counter("Inits"), counter("InitA")) == (1, 0xFFFF)
    assert (acc.period, acc.event_mask) == (0, 0xFFFF)
    items = tb.menu.menu(1).items
    assert [(i.text, i.item_id) for i in items] == [
        (b"About", 256), (b"Control Panel", 1), (b"Counter", COUNTER_ITEM)]
    assert desk.GetNumNDAs(tb) == 2

    # chosen from the Apple menu with the mouse
    apple = tb.menu.menu(1)
    item = apple.item_rect(2)
    h = apple.title_left + 20
    host.inputs += [HostInput("down", apple.title_left + 5, 5), HostInput("move", h, 5),
                    HostInput("move", h, item[0] + 4), HostInput("up", h, item[0] + 4)]
    task_master(tb, host)
    win = tb.wm.front()
    assert win is not None and win.system and win.content == CONTENT
    assert counter("Opens") == 1 and acc.is_open
    # its content on the screen: a white line above the title, the title drawn below it
    top, left = CONTENT[0], CONTENT[1]
    assert pixels(tb, top + 2, left, left + 200) == b"\xFF" * 50
    assert any(b != 0xFF for b in pixels(tb, top + 10, left + 10, left + 80))
    runs = counter("Runs")
    assert runs >= 1                                 # period 0: every SystemTask
    assert counter("Cursors") >= 1                   # in front: cursorAction too

    # a click in its content: an eventAction with the mouse-down event; it redraws
    before = pixels(tb, top + 24, left + 10, left + 120)
    host.click(left + 100, top + 30)
    task_master(tb, host)
    assert (counter("Clicks"), counter("LastWhat")) == (1, event.MOUSE_DOWN_EVT)
    assert pixels(tb, top + 24, left + 10, left + 120) != before   # "Clicks:    1"
    assert counter("Runs") > runs
    # a key while it is in front goes to it; SystemEdit gives it copy (editType 3 + 4)
    host.inputs.append(HostInput("key", key=ord("x")))
    task_master(tb, host)
    assert counter("Keys") == 1
    assert desk.SystemEdit(tb, 3) == 0xFFFF
    assert (counter("Edits"), counter("LastAction")) == (1, 7)

    # its close box: close routine, window gone
    box = win.close_box()
    host.click(box[1] + 3, box[0] + 3)
    assert task_master(tb, host) == [desk.W_CLOSED_NDA]
    assert counter("Closes") == 1 and not acc.is_open and tb.wm.front() is None
    assert desk.SystemEdit(tb, 3) == 0                # no desk accessory in front
    desk.DeskShutDown(tb)
    assert (counter("Inits"), counter("InitA")) == (2, 0)


def test_without_desk_accs_the_apple_menu_keeps_the_control_panel_only(tmp_path):
    image = tmp_path / "plain.po"
    Volume.create(image, "PLAIN", 1600).commit()
    tb = start_desktop(Machine(disk=image, host=Host()))
    assert [i.text for i in tb.menu.menu(1).items] == [b"About", b"Control Panel"]


def wind_param1(content, title_id):
    """An rWindParam1 template: a titled, visible window at `content` whose title is
    the rPString resource `title_id` (p1InDesc bits 9-8 = 2: by resource ID)."""
    t = bytearray(window.WIND_PARAM1_LENGTH)
    t[0:2] = window.WIND_PARAM1_LENGTH.to_bytes(2, "little")
    t[2:4] = (window.F_TITLE | window.F_CLOSE | window.F_MOVE | window.F_VIS).to_bytes(2, "little")
    t[window.P1_TITLE:window.P1_TITLE + 4] = title_id.to_bytes(4, "little")
    for i, edge in enumerate(content):
        t[window.P1_POSITION + 2 * i:window.P1_POSITION + 2 * i + 2] = edge.to_bytes(2, "little")
    t[window.P1_IN_DESC:window.P1_IN_DESC + 2] = (2 << window.TITLE_REF_SHIFT).to_bytes(2, "little")
    return bytes(t)


def test_an_nda_is_a_program_of_its_own_with_its_own_id_and_resource_fork(tmp_path):
    """Issue 49: MMStartUp called from an NDA's code answers the NDA's user ID, not the
    application's; OpenResourceFileByID under it opens the NDA's own file's fork, and
    NewWindow2 finds the window template and its title there, although the
    application's own fork has a template of the same ID elsewhere. Afterwards the
    application's resource search path is current again."""
    from toolbox import resource as rm
    data, labels = machine_build("nda_own")
    own, hosts = (50, 120, 110, 400), (20, 10, 60, 200)
    image = tmp_path / "own.po"
    vol = Volume.create(image, "NDADISK", 1600)
    with vol.transaction():
        vol.mkdir("SYSTEM")
        vol.mkdir("SYSTEM/DESK.ACCS")
        vol.write_file("SYSTEM/DESK.ACCS/OWN", data, 0xB8, 0, resource=rm.build_fork([
            (rm.R_WIND_PARAM1, 0x1000, wind_param1(own, 0x1000)),
            (rm.R_PSTRING, 0x1000, b"\x07Its own")]))
        vol.write_file("HOST", b"", 0xB3, 0, resource=rm.build_fork([
            (rm.R_WIND_PARAM1, 0x1000, wind_param1(hosts, 0x1000)),
            (rm.R_PSTRING, 0x1000, b"\x04Host")]))
    vol.commit()
    m = Machine(disk=image, host=Host())
    tb = start_desktop(m)
    m.tb.mm.app_user_id = 0x1001
    rm.ResourceStartUp(tb, 0x1001)                      # the application's own fork
    rm.ResourceManager.open(tb.rm, ":NDADISK:HOST", 1)
    acc = tb.desk.by_name(b"Own Window")
    field = lambda name: read_word(tb.mem, acc.header + labels[name])
    desk.OpenNDA(tb, tb.desk.item_of(acc))
    assert field("MyID") == acc.user_id != 0x1001
    assert (field("StartErr"), field("OpenErr"), field("WinErr")) == (0, 0, 0)
    win = tb.wm.front()
    assert win is not None and win.system and win.content == own
    assert tb.mem[win.title_ptr + 1:win.title_ptr + 8] == b"Its own"
    assert tb.rm.cur_app == 0x1001                      # the host's search path again
    from iigs.memory import read_gsstring
    from toolbox import loader                          # its own file, by its ID
    assert read_gsstring(tb.mem, loader.LGetPathname2(tb, field("MyID"), 1)) == \
        b":NDADISK:SYSTEM:DESK.ACCS:OWN"
    desk.CloseNDA(tb, tb.desk.item_of(acc))
    assert not acc.is_open


def test_choose_opens_an_nda_in_a_headless_run(tmp_path):
    """`iigs run --choose "Apple/Own Window"`: the demo program's Apple menu
    is pulled down with the mouse and the NDA chosen; its window, from its own
    resource fork, is drawn (the title QuickDraw drew is listed). An item the menu
    lacks is said in one line."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from system.demo import build
    from toolbox import resource as rm
    image = tmp_path / "choose.po"
    vol = Volume.create(image, "CHOOSE", 1600)
    with vol.transaction():
        vol.mkdir("SYSTEM")
        vol.mkdir("SYSTEM/DESK.ACCS")
        vol.write_file("SYSTEM/DESK.ACCS/OWN", machine_build("nda_own")[0], 0xB8, 0,
                       resource=rm.build_fork([
                           (rm.R_WIND_PARAM1, 0x1000, wind_param1((50, 120, 110, 400), 0x1000)),
                           (rm.R_PSTRING, 0x1000, b"\x07Its own")]))
        vol.write_file("DEMO", build().load_file, 0xB3, 0)
    vol.commit()
    root = Path(__file__).parents[2]
    env = dict(os.environ, PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")

    def run(choice):
        return subprocess.run([sys.executable, "-m", "system", "run", ":CHOOSE:DEMO",
                               "--disk", str(image), "--choose", choice, "--seconds", "2"],
                              cwd=root, env=env, capture_output=True, text=True)
    done = run("Apple/Own Window")
    assert done.returncode == 124, done.stderr           # the demo runs on: time up
    assert "(244, 47) Its own" in done.stdout.splitlines()
    wrong = run("Apple/Nothing")
    assert "Its own" not in wrong.stdout
    assert wrong.stderr.count("\n") == 1 and "has no such item" in wrong.stderr
