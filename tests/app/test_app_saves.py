"""What a save cut short or refused leaves, and how the program takes it (issue 44 §1,
issue 45): every file (GIN.PREFS, GIN.GAME, HISTORY, STATS) is read one way (files.asm
LoadSaved): a sound NAME.NEW with no NAME is the file a kill cut off before its rename,
put in place and used; a .NEW that is not sound (a full disk, a kill while it was
written) is removed and nothing is said. A save the disk refuses leaves no .NEW and the
old file whole; at Quit it is said. A damaged file is never destroyed: NAME.BAD, past a
locked one NAME.BAD2, or, when neither can be had, it stays and the alert says so;
every alert names its file as SETTINGS:NAME."""
from __future__ import annotations

import struct

from disk.volume import blocks_for_size
from gin_king import app, build
from gk_table import PH_HANDOVER, boot_table
from test_app_files import _history_v1, history_columns
from test_app_house_rules import PREFS_V2
from test_app_resume import play_on, quick_table
from test_app_settings import click_item
from test_app_stats import extra, statistics
from test_app_stats_versions import HUMAN, WILLY, v1_file

S = "SETTINGS/"
PREFS, GAME, HISTORY, STATS = S + "GIN.PREFS", S + "GIN.GAME", S + "HISTORY", S + "STATS"
TYPES = {PREFS: 0x5A, GAME: 0xF2, HISTORY: 0xF1, STATS: 0xF1}
LOCKED = 0x01                              # read only: no destroy, rename or write
NO_GAMES = "No games have been played to the end yet."


def put(volume, path: str, data: bytes, access: int | None = None) -> None:
    """SETTINGS:NAME, NAME.NEW, NAME.BAD ... written with NAME's file type."""
    base = next(p for p in TYPES if path == p or path.startswith(p + "."))
    volume.write_file(path, data, TYPES[base], access=access, replace=True)


def disk(tmp_path, program, files: dict[str, bytes], locked: tuple[str, ...] = ()):
    """A fresh disk holding `files` (the `locked` ones locked), committed."""
    volume, _ = app.prepare_disk(tmp_path / "g.po", program)
    for path, data in files.items():
        put(volume, path, data, LOCKED if path in locked else None)
    volume.commit()
    return volume


def names(volume) -> list[str]:
    return sorted(f.name for f in volume.listdir("SETTINGS"))


OLD_HISTORY = _history_v1([("Player", (0, 3, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 5),
                            (0, 57, 0, 0, 0, 0, -40))])
OLD_STATS = v1_file([(b"Player", HUMAN, {0: (3, 2, 400, 180)}),
                     (b"", WILLY, {0: (3, 1, 300, 160)})])
STATS_ROWS = [("Standard gin", "", "", "", ""), ("    Player", "3", "2", "400", "180"),
              ("    Willy", "3", "1", "300", "160")]


def test_app_a_sound_new_file_alone_is_the_file_saved_and_a_partial_one_is_removed(
        tmp_path, program):
    """The kill window of a save: each file only as NAME.NEW. The sound ones (older
    versions too) are used and renamed into place without a word; GIN.GAME.NEW cut short
    is removed, no game offered. Later, a cut HISTORY.NEW and the empty STATS.NEW a full
    disk leaves are removed: an empty record, empty statistics, nothing said."""
    volume = disk(tmp_path, program, {PREFS + ".NEW": PREFS_V2.read_bytes(),
                                      HISTORY + ".NEW": OLD_HISTORY,
                                      STATS + ".NEW": OLD_STATS,
                                      GAME + ".NEW": b"GR\x01\x00" + bytes(600)})
    t = boot_table(tmp_path, program)
    assert t.alert() is None and t.word("ResumeAsking") == 0     # nothing said or offered
    assert t.word("SettingsLoaded") == 1                         # the settings saved
    assert t.word("SetVisible") == 1 and t.word("SetPoints") == 3
    assert t.item("Options", "Computer Visible").mark == 0x12
    volume = t.s.machine.tb.gsos.volume
    assert volume.read_file(PREFS) == PREFS_V2.read_bytes()
    assert volume.info(PREFS).file_type == 0x5A
    assert not t.item("File", "Resume Game").enabled
    assert t.choose("Options", "Show History") == "held"         # the record saved
    assert history_columns(t) == [["Player", "Willy", "Shark"], ["Won", "3", "0"],
                                  ["Lost", "1", "5"], ["Points", "+57", "-40"]]
    t.s.key("\r")
    assert statistics(t) == STATS_ROWS                            # the statistics saved
    assert names(volume) == ["GIN.PREFS", "HISTORY", "STATS"]     # every .NEW in place or gone
    assert volume.read_file(HISTORY) == OLD_HISTORY and volume.read_file(STATS) == OLD_STATS

    volume.remove(HISTORY)                                        # the same cut short
    volume.remove(STATS)
    put(volume, HISTORY + ".NEW", OLD_HISTORY[:300])
    put(volume, STATS + ".NEW", b"")
    t.s.clear_text_log()
    assert t.choose("Options", "Show History") == "held"
    assert t.alert_text() == "No tournament games yet for Player."
    t.s.key("\r")
    assert t.choose("Options", "Statistics...") == "held"
    assert t.alert() is None and extra(t) == [NO_GAMES]
    t.s.key("\r")
    assert names(volume) == ["GIN.PREFS"]
    t.s.close()


def test_app_every_settings_new_file_is_taken_when_sound_and_removed_when_not(tmp_path,
                                                                              program):
    """LoadSettings alone (LoadSettingsL) on GIN.PREFS.NEW in every state a save can leave
    it: sound (used, renamed), cut anywhere, zeros, empty (removed, the defaults, nothing
    to say); and beside a GIN.PREFS (the unfinished save removed, GIN.PREFS used)."""
    good = PREFS_V2.read_bytes()
    volume, _ = app.prepare_disk(tmp_path / "calls.po", program)
    machine = app.boot(volume)
    _, symbols = build.ensure_built()

    def word(name: str, index: int = 0) -> int:
        a = build.symbol_address(machine.program, symbols, name) + 2 * index
        return machine.mem[a] | machine.mem[a + 1] << 8

    def load() -> None:
        machine.call(build.symbol_address(machine.program, symbols, "LoadSettingsL"))
    for keep in (0, 1, 4, 100, 512, 513, len(good) // 2, len(good) - 2, len(good) - 1):
        put(volume, PREFS + ".NEW", good[:keep])
        load()
        assert word("SettingsLoaded") == 0 and word("PrefsDamaged") == 0, keep
        assert word("SetVisible") == 0 and word("SetPoints") == 0, keep    # the defaults
        assert names(volume) == [], keep
    put(volume, PREFS + ".NEW", good[:len(good) // 2] + bytes(len(good) - len(good) // 2))
    load()
    assert names(volume) == [] and word("SettingsLoaded") == 0
    put(volume, PREFS + ".NEW", good)
    load()
    assert word("SettingsLoaded") == 1 and word("SetVisible") == 1 and word("SetPoints") == 3
    assert names(volume) == ["GIN.PREFS"] and volume.read_file(PREFS) == good
    put(volume, PREFS + ".NEW", good[:-1] + bytes([good[-1] ^ 1]))     # beside GIN.PREFS
    load()
    assert word("SettingsLoaded") == 2 and word("PrefsDamaged") == 0
    assert names(volume) == ["GIN.PREFS"] and volume.read_file(PREFS) == good
    put(volume, PREFS, good[:-1], access=LOCKED)     # damaged and locked: it cannot move,
    put(volume, PREFS + ".BAD", b"older")            #   and the older .BAD is not touched
    load()
    assert word("SettingsLoaded") == 2 and word("PrefsDamaged") == 1
    assert names(volume) == ["GIN.PREFS", "GIN.PREFS.BAD"]
    assert volume.read_file(PREFS) == good[:-1] and volume.read_file(PREFS + ".BAD") == b"older"
    assert word("PrefsFile", 8) == build.symbol_address(machine.program, symbols,
                                                        "PrefsPath") & 0xFFFF   # .kept


def fill_to(volume, free: int) -> None:
    """The disk left with `free` blocks: SETTINGS:FILLER takes the rest (not zeros:
    a2til keeps zero blocks sparse)."""
    if volume.exists(S + "FILLER"):
        volume.remove(S + "FILLER")
    want = volume.free_blocks - free
    size = max(n * 512 for n in range(1, want + 1) if blocks_for_size(n * 512) <= want)
    volume.write_file(S + "FILLER", b"\xAA" * size, 0x06)
    assert volume.free_blocks == free


def test_app_a_full_disk_leaves_the_old_files_whole_and_a_failed_save_at_quit_is_said(
        tmp_path, program):
    """Save Settings on a disk with 0 .. 5 blocks free (GIN.PREFS takes 5): each refused
    save is said and leaves GIN.PREFS as it was and no .NEW; with room it saves. Then Quit
    in a game on a full disk: the alert says why and that GIN.GAME keeps the game as the
    hand's end saved it, byte for byte; the program quits after it."""
    t = quick_table(tmp_path, program, 178)
    t.choose("File", "New Game")
    play_on(t, hands=1)
    assert t.phase == PH_HANDOVER
    t.choose("File", "Save Settings")
    volume = t.s.machine.tb.gsos.volume
    old_prefs, old_game = volume.read_file(PREFS), volume.read_file(GAME)
    need = blocks_for_size(len(old_prefs))
    assert need == 5                                              # 1,732 bytes
    t.choose("Options", "Computer Visible")                      # a change to save
    for free in range(need + 1):
        fill_to(volume, free)
        said = t.choose("File", "Save Settings")
        if free < need:
            assert said == "held" and t.alert_text() == "The settings could not be saved.", free
            t.s.key("\r")
            assert volume.read_file(PREFS) == old_prefs, free
        else:
            assert t.alert() is None and t.message(2) == "Settings saved."
            assert volume.read_file(PREFS)[4 + 12] == 1           # Computer Visible saved
        assert names(volume) == ["FILLER", "GIN.GAME", "GIN.PREFS"], free
        assert volume.free_blocks == free, free
    fill_to(volume, 2)
    assert t.choose("File", "Quit") == "held"
    assert t.alert().icon == "caution"
    assert t.alert_text() == ("The game could not be saved at Quit: the disk is full. "
                              "SETTINGS:GIN.GAME keeps it as it was saved last.")
    assert t.s.key("\r") == "quit"
    assert volume.read_file(GAME) == old_game and volume.free_blocks == 2
    assert names(volume) == ["FILLER", "GIN.GAME", "GIN.PREFS"]
    t.s.close()


def test_app_a_tournament_game_refused_at_quit_is_recorded_lost_and_not_kept(tmp_path,
                                                                           program):
    """The same refusal in a tournament game: the alert says why, then asks as End Game
    does; Quit records the game lost and discards the previous save (a game recorded lost
    is not resumed), whose room takes the record."""
    t = quick_table(tmp_path, program, 178)
    t.choose("Settings", "Tournament Mode")
    t.choose("File", "New Game")
    play_on(t, hands=1)
    volume = t.s.machine.tb.gsos.volume
    assert t.phase == PH_HANDOVER and names(volume) == ["GIN.GAME"]
    fill_to(volume, 2)
    assert t.choose("File", "Quit") == "held"
    assert t.alert_text() == "The game could not be saved at Quit: the disk is full."
    t.s.key("\r")
    assert t.alert_text() == ("This is a tournament game: quit now and it is recorded as a "
                              "game lost (no points). Go on?")
    assert click_item(t, 1) == "quit"                            # Quit
    assert names(volume) == ["FILLER", "HISTORY"]
    record = volume.read_file(HISTORY)
    assert record[:6] == b"GH\x02\x00\x01\x00" and record[6:13] == b"\x06Player"
    assert struct.unpack_from("<18H", record, 6 + 32) == (0,) * 9 + (0, 1) + (0,) * 7
    t.s.close()


def test_app_a_damaged_file_is_never_destroyed_and_the_alert_says_where_it_is(tmp_path,
                                                                             program):
    """Each file damaged with a locked NAME.BAD in the way. GIN.GAME, HISTORY, STATS go to
    NAME.BAD2 (an older unlocked STATS.BAD2 replaced); GIN.PREFS, with a locked .BAD2 too,
    stays where it is. Each alert says just that, every path as SETTINGS:NAME, and the
    locked files are untouched."""
    damaged = {PREFS: PREFS_V2.read_bytes()[:-1], GAME: b"GR\x01\x00 a damaged game",
               HISTORY: OLD_HISTORY + b"\x00", STATS: OLD_STATS[:-2]}
    locked = {path + ".BAD": b"locked " + path.encode() for path in damaged}
    locked[PREFS + ".BAD2"] = b"locked too"
    volume = disk(tmp_path, program, {**damaged, **locked, STATS + ".BAD2": b"older"},
                  locked=tuple(locked))
    t = boot_table(tmp_path, program)
    said = [t.alert_text()]                                     # at the start: two alerts
    t.s.key("\r")
    said.append(t.alert_text())
    t.s.key("\r")
    assert t.alert() is None and t.word("SettingsLoaded") == 0 and t.word("SetVisible") == 0
    assert t.choose("Options", "Show History") == "held"
    said.append(t.alert_text())
    t.s.key("\r")
    assert t.alert_text() == "No tournament games yet for Player."
    t.s.key("\r")
    assert t.choose("Options", "Statistics...") == "held"
    said.append(t.alert_text())
    t.s.key("\r")
    assert extra(t) == [NO_GAMES]
    t.s.key("\r")
    assert said == [
        "The settings file was damaged: it could not be renamed, so it stays as "
        "SETTINGS:GIN.PREFS until a save replaces it, and the settings start again from "
        "the defaults.",
        "The saved game is damaged: it is kept as SETTINGS:GIN.GAME.BAD2 and cannot be "
        "resumed.",
        "The tournament record was damaged: it is kept as SETTINGS:HISTORY.BAD2 and the "
        "record starts again.",
        "The statistics file was damaged: it is kept as SETTINGS:STATS.BAD2 and the "
        "statistics start again from zero."]
    volume = t.s.machine.tb.gsos.volume
    for path, data in locked.items():
        assert volume.read_file(path) == data and volume.info(path).access == LOCKED, path
    assert volume.read_file(PREFS) == damaged[PREFS]
    for path in (GAME, HISTORY, STATS):
        assert volume.read_file(path + ".BAD2") == damaged[path] and not volume.exists(path)
    assert not t.item("File", "Resume Game").enabled
    t.s.close()
