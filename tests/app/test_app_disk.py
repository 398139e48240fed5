"""`gin-king --disk` as a player meets it (issue 38 §2): a read-only disk is played from
and never written, the player told once; a link to a `.2mg` image is followed, the game
saved into the image it points to, the link and the 2IMG header kept."""
from __future__ import annotations

import os
import stat

import disk
from gin_king import app

# Deal a game, then Quit: the game in progress is saved to SETTINGS:GIN.GAME.
DEAL_AND_QUIT = """choose File / New Game
wait
key q apple
"""


def files_under(folder) -> dict[str, tuple[int, bytes | str]]:
    seen = {}
    for path in sorted(folder.rglob("*")):
        st = os.lstat(path)
        content = os.readlink(path) if path.is_symlink() else path.read_bytes()
        seen[str(path.relative_to(folder))] = (st.st_mode, content)
    return seen


def test_app_plays_from_a_read_only_disk_and_never_writes_it(tmp_path, program, capsys):
    path = tmp_path / "g.po"
    volume, _ = app.prepare_disk(path, b"an older build")     # not the current GIN.KING
    path.chmod(0o444)
    script = tmp_path / "s.txt"
    script.write_text(DEAL_AND_QUIT)
    before = files_under(tmp_path)
    assert app.main(["--disk", str(path), "--script", str(script)]) == 0
    err = capsys.readouterr().err
    assert err.count("settings and games will not be saved") == 1 and "read-only" in err
    assert files_under(tmp_path) == before                 # no image, no battery RAM written
    assert not disk.Volume.open(path).exists("SETTINGS/GIN.GAME")


def test_app_follows_a_link_to_a_2mg_and_keeps_both(tmp_path, program, capsys):
    images = tmp_path / "images"
    images.mkdir()
    real = images / "games.2mg"
    link = tmp_path / "GinKing.2mg"
    link.symlink_to(real)                                   # dangling: made on first start
    script = tmp_path / "s.txt"
    script.write_text(DEAL_AND_QUIT)
    assert app.main(["--disk", str(link), "--script", str(script)]) == 0
    real.chmod(0o604)
    assert app.main(["--disk", str(link), "--script", str(script)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    raw = real.read_bytes()
    assert raw[:4] == b"2IMG" and len(raw) == 64 + 1600 * 512
    assert stat.S_IMODE(real.stat().st_mode) == 0o604
    volume = disk.Volume.open(link)
    assert volume.read_file(disk.PROGRAM_NAME) == program
    assert volume.exists("SETTINGS/GIN.GAME")
    assert sorted(p.name for p in images.iterdir()) == ["games.2mg"]      # no temporaries


def test_iigs_runs_gin_king_from_a_2mg(tmp_path, program, capsys):
    """`iigs run :GINKING:GIN.KING --disk game.2mg` (issue 37 §5)."""
    from system.runner import EXIT_TIME_UP, main
    path = tmp_path / "game.2mg"
    app.prepare_disk(path, program)
    image = path.read_bytes()
    assert image[:4] == b"2IMG"
    status = main(["run", ":GINKING:GIN.KING", "--disk", str(path), "--headless",
                   "--seconds", "1"])
    out = capsys.readouterr().out
    assert status == EXIT_TIME_UP, out
    assert "Choose New Game from the File menu to deal." in out    # the table is up
    assert path.read_bytes()[:64] == image[:64]
