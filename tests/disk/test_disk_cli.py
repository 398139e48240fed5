"""`gin-king disk` sub-commands, through the top-level command table."""
from __future__ import annotations

from gin_king.cli import main


def test_disk_cli_build_info_ls_check_get_put(tmp_path, capsys):
    image = tmp_path / "GinKing.po"
    program = tmp_path / "GIN.KING"
    program.write_bytes(b"\x60" * 1000)
    assert main(["disk", "build", str(image), "--program", str(program)]) == 0
    assert main(["disk", "build", str(image)]) == 1                 # no overwrite
    capsys.readouterr()

    assert main(["disk", "info", str(image)]) == 0
    out = capsys.readouterr().out
    assert "/GINKING" in out and "1600 blocks (800K)" in out and "sound" in out

    prefs = tmp_path / "prefs.bin"
    prefs.write_bytes(b"\x01\x00")
    assert main(["disk", "put", str(image), "SETTINGS/PREFS", str(prefs),
                 "--type", "$5A", "--aux", "$8001"]) == 0
    assert main(["disk", "ls", str(image), "-R"]) == 0
    out = capsys.readouterr().out
    assert "GIN.KING" in out and " S16 $DB03" in out
    assert "  PREFS" in out and " CFG $8001" in out and "SETTINGS/" in out

    assert main(["disk", "ls", str(image), "/GINKING/SETTINGS"]) == 0
    assert "PREFS" in capsys.readouterr().out

    out_file = tmp_path / "copy"
    assert main(["disk", "get", str(image), "GIN.KING", "-o", str(out_file)]) == 0
    assert out_file.read_bytes() == b"\x60" * 1000

    assert main(["disk", "check", str(image)]) == 0
    assert "is sound" in capsys.readouterr().out


def test_disk_cli_reports_damage_and_missing_files(tmp_path, capsys):
    image = tmp_path / "bad.po"
    assert main(["disk", "build", str(image)]) == 0
    raw = bytearray(image.read_bytes())
    raw[6 * 512] = 0xFF                                # bitmap: blocks 0-7 "free"
    image.write_bytes(raw)
    capsys.readouterr()
    assert main(["disk", "check", str(image)]) == 1
    assert "marked free" in capsys.readouterr().out
    assert main(["disk", "info", str(image)]) == 1
    assert "damaged" in capsys.readouterr().err
    assert main(["disk", "info", str(tmp_path / "missing.po")]) == 1
    good = tmp_path / "good.po"
    main(["disk", "build", str(good)])
    assert main(["disk", "get", str(good), "NOPE"]) == 1
