"""A damaged battery RAM file is said like the other damaged files (issue 45): once, in a
caution alert over the drawn table, the damaged file kept beside the disk as
NAME.bram.BAD and a file of the defaults, with its mode, in its place."""
from __future__ import annotations

import stat

from gin_king import app
from gk_table import boot_table
from iigs import bram as br

SAID = ("The battery RAM file g.bram was damaged: it is kept as g.bram.BAD and the "
        "Control Panel's settings start again from the defaults.")
GREEN = (0, 0x77, 0)                     # the table's baize (data.asm TablePalette $0070)
TEXT_ITEM = 3                            # AlertWindow's items: OK is 1, the text after


def damaged_bram(folder) -> bytes:
    """g.bram beside g.po: Fast speed, changed behind the checksum's back; mode 0640."""
    data = br.default_image()
    data[br.SYS_SPEED] = br.SPEED_FAST
    (folder / "g.bram").write_bytes(bytes(data))
    (folder / "g.bram").chmod(0o640)
    return bytes(data)


def kept_aside(folder, data: bytes) -> None:
    assert (folder / "g.bram.BAD").read_bytes() == data
    assert (folder / "g.bram").read_bytes() == br.default_image()
    assert stat.S_IMODE((folder / "g.bram").stat().st_mode) == 0o640


def test_app_a_damaged_battery_ram_is_said_once_over_the_table(tmp_path, program):
    data = damaged_bram(tmp_path)
    t = boot_table(tmp_path, program)
    alert = t.alert()
    assert alert is not None and alert.icon == "caution"
    assert alert.item(TEXT_ITEM).text.decode("mac_roman") == SAID
    frame = t.s.frame()                                           # over the table
    assert tuple(frame[150][20]) == GREEN and tuple(frame[195][620]) == GREEN
    assert t.s.tb.misc.bram.param(br.SYS_SPEED) == br.DEFAULTS[br.SYS_SPEED]
    kept_aside(tmp_path, data)
    t.s.key("\r")                                                 # said once
    assert t.alert() is None
    before = t.phase
    t.choose("File", "New Game")                                  # TaskMaster again
    assert t.alert() is None and t.phase != before                # the game goes on
    t.s.close()


def test_app_gin_king_script_sees_the_battery_ram_alert(tmp_path, program, capsys):
    """`gin-king --disk g.po --script S`: the alert's words drawn in the window, OK
    takes it away, the game goes on; the terminal has the same one line."""
    app.prepare_disk(tmp_path / "g.po", program)
    data = damaged_bram(tmp_path)
    script = tmp_path / "s.txt"
    script.write_text("""expect-text The battery RAM file g.bram was damaged
expect-text and the Control Panel's settings start
key return
choose File / New Game
expect-text for deal
""")
    assert app.main(["--disk", str(tmp_path / "g.po"), "--script", str(script)]) == 0
    out = capsys.readouterr()
    assert out.err.splitlines() == [SAID] and "Traceback" not in out.out
    kept_aside(tmp_path, data)
