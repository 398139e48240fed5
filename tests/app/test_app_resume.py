"""A game that survives quitting (issue 20, part 2): the game in progress is kept on the
disk (SETTINGS:GIN.GAME) after every hand and at Quit, offered at the next start and by
File > Resume Game, and goes on exactly as if never interrupted; End Game discards it; a
damaged one is reported and set aside."""
from __future__ import annotations

from gk_table import (PH_DISCARD, PH_GAMEOVER, PH_HANDOVER, PH_NONE, boot_table,
                      play_human_turn)

GAME = "SETTINGS/GIN.GAME"


def snapshot(t) -> tuple:
    """What the rest of a game is made of, as the program holds it after a move."""
    return (t.word("HandNum"), t.phase, t.turn, tuple(t.hand(0)), tuple(t.hand(1)),
            tuple(t.pile()), tuple(t.stock()), t.scores(), t.won(), t.message(2))


def play_on(t, moves=None, limit=1500) -> list[tuple]:
    """Play as SimpleHuman (`moves` decisions, or to the game's end), the state after each."""
    seen = []
    for _ in range(limit if moves is None else moves):
        if t.phase == PH_GAMEOVER:
            break
        play_human_turn(t)
        t.check_cards()
        seen.append(snapshot(t))
    return seen


def boot_again(tmp_path, program, disk_name):
    """The program started again on the same disk: the saved game is offered."""
    t = boot_table(tmp_path, program, disk_name=disk_name)
    return t


def test_app_quit_mid_hand_and_resume_plays_on_as_if_never_interrupted(tmp_path, program):
    plain = boot_table(tmp_path, program, seed=2024, disk_name="plain.po")
    plain.choose("File", "New Game")
    play_on(plain, 23)
    assert plain.phase not in (PH_NONE, PH_HANDOVER, PH_GAMEOVER)
    rest = play_on(plain)
    final = plain.word("NetScore"), plain.word("GameWinner")
    plain.s.close()

    t = boot_table(tmp_path, program, seed=2024, disk_name="quit.po")
    t.choose("File", "New Game")
    play_on(t, 23)
    before = snapshot(t)
    assert t.choose("File", "Quit") == "quit"             # no question: the game is kept
    t.s.close()
    again = boot_again(tmp_path, program, "quit.po")
    assert again.word("ResumeAsking") == 1                 # Resume or New Game?
    again.s.key("\r")                                      # Resume, the default button
    assert snapshot(again) == before
    assert play_on(again) == rest
    assert (again.word("NetScore"), again.word("GameWinner")) == final
    assert not again.s.machine.tb.gsos.volume.exists(GAME)  # a finished game is gone
    again.s.close()
