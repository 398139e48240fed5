"""`gin-king --script FILE`: the text script format drives the program headless; and
`gin-king --headless` boots the program from its disk (made on first run, refreshed when
the build changes, replaced when damaged)."""
from __future__ import annotations

from gin_king import app


def test_app_script_plays_and_checks(tmp_path, program):
    shot = tmp_path / "table.png"
    script = tmp_path / "s.txt"
    script.write_text(f"""# a short session
expect-text Choose New Game from the File menu to deal.
choose File / New Game
expect-text Game to 100
click 225 62
screenshot {shot}
key q apple
""")
    assert app.main(["--disk", str(tmp_path / "g.po"), "--script", str(script)]) == 0
    assert shot.exists() and shot.stat().st_size > 1000


def test_app_script_meets_a_refusal_and_goes_on(tmp_path, program):
    # an empty name: a caution alert, then again; then a game (who draws high depends on
    # the clock's seed, so only words both draws show are looked for)
    script = tmp_path / "s.txt"
    script.write_text("""choose Settings / Enter Name...
key delete
key return
expect-text Please type a name: it cannot be empty.
key return
type Ann
key return
choose File / New Game
expect-text for deal
key return
key q apple
""")
    assert app.main(["--disk", str(tmp_path / "g.po"), "--script", str(script)]) == 0


def test_app_script_fails_on_missing_text(tmp_path, program, capsys):
    script = tmp_path / "s.txt"
    script.write_text("expect-text No such words anywhere\n")
    assert app.main(["--disk", str(tmp_path / "g.po"), "--script", str(script)]) == 1
    err = capsys.readouterr().err
    assert "line 1: no drawn text contains 'No such words anywhere'; the script stopped" in err


def test_app_disk_is_made_refreshed_and_recovered(tmp_path, program):
    import disk
    path = tmp_path / "g.po"
    volume, message = app.prepare_disk(path, program)
    assert message is None and volume.read_file(disk.PROGRAM_NAME) == program
    assert volume.exists(disk.SETTINGS_DIR)
    disk.install_program(volume, b"an older build")
    volume, _ = app.prepare_disk(path, program)      # a newer GIN.KING is copied on
    assert volume.read_file(disk.PROGRAM_NAME) == program
    path.write_bytes(b"not a disk at all")
    volume, message = app.prepare_disk(path, program)
    assert message and "kept unchanged" in message
    assert volume.read_file(disk.PROGRAM_NAME) == program
    assert list(tmp_path.glob("g.damaged-*.po"))


def test_app_headless_boot_runs_until_time_is_up(tmp_path, program):
    assert app.main(["--disk", str(tmp_path / "g.po"), "--headless", "--seconds", "2"]) == 0


def test_app_boot_is_strict_in_the_suite_and_as_asked(tmp_path, program, monkeypatch):
    volume, _ = app.prepare_disk(tmp_path / "g.po", program)
    assert app.boot(volume).strict                        # IIGS_STRICT=1 in the suite
    monkeypatch.delenv("IIGS_STRICT")
    assert not app.boot(volume).strict                    # `gin-king play` by default
    assert app.boot(volume, strict=True).strict           # `gin-king play --strict`
