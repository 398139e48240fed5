"""A game that survives quitting (issue 20, part 2): the game in progress is kept on the
disk (SETTINGS:GIN.GAME) after every hand and at Quit, offered at the next start (Resume,
or Not Now: it stays on the disk for File > Resume Game until a New Game replaces it), and
goes on exactly as if never interrupted — the same cards, decisions and scores, a
tournament still reaching the record; End Game discards it; File > Resume Game is ghosted
without one; a damaged one is reported and set aside as SETTINGS:GIN.GAME.BAD."""
from __future__ import annotations

from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import Willy
from gin_king.oracle.rules import Rules
from gk_table import (PH_GAMEOVER, PH_HANDOVER, PH_NONE, SimpleHuman, boot_table,
                      play_human_turn)
from test_app_files import history_columns
from test_app_settings import OK, click_item

GAME, BAD = "SETTINGS/GIN.GAME", "SETTINGS/GIN.GAME.BAD"
RESUME, NOT_NOW = 1, 2                      # the start's alert (files.asm ResumeAlert)
SHORT_SEED = 178                            # SimpleHuman against Willy: two hands


def snapshot(t) -> tuple:
    """What the rest of a game is made of, as the program holds it after a move."""
    return (t.word("HandNum"), t.phase, t.turn, tuple(t.hand(0)), tuple(t.hand(1)),
            tuple(t.pile()), tuple(t.stock()), t.scores(), t.won(), t.message(2))


def play_on(t, moves=None, hands=None, limit=1500) -> list[tuple]:
    """Play as SimpleHuman: `moves` decisions, or to the end of hand `hands`, or to the
    game's end; the state after each decision."""
    seen = []
    for _ in range(limit if moves is None else moves):
        if t.phase == PH_GAMEOVER:
            break
        if hands is not None and t.phase == PH_HANDOVER and t.word("HandNum") >= hands:
            break
        play_human_turn(t)
        seen.append(snapshot(t))
    return seen


def quick_table(tmp_path, program, seed, disk_name="g.po"):
    """A table without F/X (no sliding cards to wait for): the same game, sooner."""
    t = boot_table(tmp_path, program, seed=seed, disk_name=disk_name)
    t.choose("Options", "F/X")
    return t


def saved(t) -> bool:
    return t.s.machine.tb.gsos.volume.exists(GAME)


def test_app_quit_mid_hand_and_resume_plays_on_as_if_never_interrupted(tmp_path, program):
    plain = quick_table(tmp_path, program, 2024, "plain.po")
    plain.choose("File", "New Game")
    play_on(plain, 23)
    assert plain.phase not in (PH_NONE, PH_HANDOVER, PH_GAMEOVER)
    rest = play_on(plain, 20)                              # the rest of hand 1, into hand 2
    assert rest[-1][0] == 2
    plain.s.close()

    t = quick_table(tmp_path, program, 2024, "quit.po")
    t.choose("File", "New Game")
    play_on(t, 23)
    before = snapshot(t)
    assert t.choose("File", "Quit") == "quit"             # no question: the game is kept
    t.s.close()
    again = boot_table(tmp_path, program, disk_name="quit.po")
    assert again.word("ResumeAsking") == 1                 # Resume or Not Now?
    again.s.key("\r")                                      # Resume, the default button
    assert again.word("ResumeAsking") == 0
    assert snapshot(again) == before
    assert again.item("File", "End Game").enabled and not again.item("File", "New Game").enabled
    assert play_on(again, 20) == rest
    again.s.close()


def test_app_a_tournament_resumed_after_a_finished_hand_reaches_the_record(tmp_path, program):
    """The machine stops (no Quit) after the first hand: the hand's end was saved. At the
    start the player answers Not Now (nothing is lost, nothing recorded), then resumes the
    game with File > Resume Game: it ends as the oracle's does and is recorded once."""
    expected = play_game(SimpleHuman(), Willy(), Rules(), seed=SHORT_SEED)
    t = quick_table(tmp_path, program, SHORT_SEED)
    t.choose("Settings", "Tournament Mode")
    t.choose("File", "New Game")
    play_on(t, hands=1)
    assert t.phase == PH_HANDOVER and saved(t)
    at_hand_end = snapshot(t)
    t.s.close()                                            # no Quit: as if switched off
    again = boot_table(tmp_path, program)
    assert "Not Now keeps it for File > Resume Game." in again.alert_text()
    click_item(again, NOT_NOW)                             # a look around first
    assert again.alert() is None and again.phase == PH_NONE and saved(again)
    assert again.item("File", "Resume Game").enabled and again.item("File", "New Game").enabled
    again.choose("File", "Resume Game")
    assert snapshot(again) == at_hand_end
    assert again.word("SetTournament") == 1
    assert again.item("Settings", "Tournament Mode").mark == 0x12
    assert not again.item("Options", "Advice").enabled    # still a tournament game
    play_on(again)
    assert again.phase == PH_GAMEOVER and not saved(again)
    assert again.scores() == expected.scores and again.won() == expected.hands_won
    assert again.word("NetScore") == expected.final.net
    again.s.clear_text_log()
    assert again.choose("Options", "Show History") == "held"
    won = expected.winner == 0
    assert history_columns(again) == [
        ["Player", "Willy"], ["Won", str(int(won))], ["Lost", str(int(not won))],
        ["Points", f"{'+' if won else '-'}{expected.final.net}"]]
    again.s.close()


def test_app_end_game_discards_the_saved_game(tmp_path, program):
    t = quick_table(tmp_path, program, 2024)
    assert not t.item("File", "Resume Game").enabled      # nothing saved yet
    t.choose("File", "New Game")
    play_on(t, hands=1)
    assert saved(t)
    t.choose("File", "End Game")
    assert t.phase == PH_NONE and not saved(t)
    assert not t.item("File", "Resume Game").enabled
    t.choose("File", "Resume Game")                        # ghosted: nothing happens
    assert t.phase == PH_NONE
    t.s.close()
    again = boot_table(tmp_path, program)                  # nothing is offered
    assert again.word("ResumeAsking") == 0 and again.alert() is None
    again.s.close()


def test_app_not_now_keeps_the_saved_game_until_a_new_game_replaces_it(tmp_path, program):
    t = boot_table(tmp_path, program, seed=2024)
    t.choose("File", "New Game")
    play_on(t, 5)
    assert t.choose("File", "Quit") == "quit"
    kept = t.s.machine.tb.gsos.volume.read_file(GAME)
    t.s.close()
    again = boot_table(tmp_path, program, seed=77)
    assert again.s.key(0x1B) == "idle"                     # Escape: Not Now
    assert again.phase == PH_NONE and saved(again)
    assert again.item("File", "Resume Game").enabled
    again.choose("File", "New Game")                       # the saved game is replaced
    assert again.word("HandNum") == 1 and again.phase != PH_NONE and not saved(again)
    assert not again.item("File", "Resume Game").enabled
    assert again.choose("File", "Quit") == "quit"          # the new game is kept instead
    assert again.s.machine.tb.gsos.volume.read_file(GAME) != kept
    again.s.close()


def test_app_a_damaged_saved_game_is_reported_and_set_aside(tmp_path, program):
    t = boot_table(tmp_path, program, seed=2024)
    t.choose("File", "New Game")
    play_on(t, 5)
    assert t.choose("File", "Quit") == "quit"
    volume = t.s.machine.tb.gsos.volume
    good = volume.read_file(GAME)
    assert good[:4] == b"GR\x01\x00"
    t.s.close()
    phase_at = 4 + 58                                      # after the settings: GPhase
    damages = [good[:-10],                                 # short
               good[:100] + bytes([good[100] ^ 1]) + good[101:],   # a bit flipped
               good[:2] + b"\x09\x00" + good[4:],          # an unknown version
               with_sum(good[:phase_at] + b"\x09\x00" + good[phase_at + 2:])]  # phase 9
    for damaged in damages:
        volume.write_file(GAME, damaged, 0xF2, replace=True)
        volume.commit()
        again = boot_table(tmp_path, program)
        assert again.alert().icon == "caution" and again.alert_text() == (
            "The saved game is damaged: it is kept as SETTINGS:GIN.GAME.BAD and cannot "
            "be resumed.")
        again.s.key("\r")
        assert again.phase == PH_NONE and not again.item("File", "Resume Game").enabled
        v2 = again.s.machine.tb.gsos.volume
        assert not v2.exists(GAME) and v2.read_file(BAD) == damaged
        again.choose("File", "New Game")                   # the program goes on
        assert again.phase != PH_NONE
        again.s.close()
        volume = v2


def with_sum(data: bytes) -> bytes:
    """The checksum (the sum of the words before it) made right again."""
    total = sum(int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data) - 2, 2))
    return data[:-2] + (total & 0xFFFF).to_bytes(2, "little")


def test_app_a_save_cut_short_after_the_old_file_went_is_taken_from_the_new_file(
        tmp_path, program):
    """A save stopped between destroying GIN.GAME and renaming GIN.GAME.NEW leaves the new
    file alone: the next start offers it and puts it in place."""
    t = boot_table(tmp_path, program, seed=2024)
    t.choose("File", "New Game")
    play_on(t, 5)
    before = snapshot(t)
    assert t.choose("File", "Quit") == "quit"
    volume = t.s.machine.tb.gsos.volume
    volume.rename(GAME, GAME + ".NEW")
    volume.commit()
    t.s.close()
    again = boot_table(tmp_path, program)
    assert again.word("ResumeAsking") == 1
    again.s.key("\r")
    assert snapshot(again) == before
    v2 = again.s.machine.tb.gsos.volume
    assert v2.exists(GAME) and not v2.exists(GAME + ".NEW")
    again.s.close()


def test_soak_kill_rounds_leave_the_disk_clean_with_the_old_or_the_new_game(tmp_path, capsys):
    """`gin-king soak kill` (the 300-kill proof, docs/resume.md) in two rounds: each
    child process plays GIN.KING on one disk and is SIGKILLed during or just after a save
    (0 to 14 ms after it starts: a save takes 7 to 100 ms, so most kills land inside one);
    after each kill the image checks clean and holds the previous or the new game, and the
    second round starts from what the first kill left."""
    from gin_king import cli
    assert cli.main(["soak", "kill", "--times", "2", "--seed", "6", "--max-delay", "14",
                     "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "rounds: 2" in out and "failures: 0" in out
