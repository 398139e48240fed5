"""Replay Cards deals the last game played to its end: an abandoned replay keeps those
deals for the next game (issue 45)."""
from __future__ import annotations

from gk_table import PH_GAMEOVER, PH_HANDOVER, boot_table, play_human_turn
from test_app_settings import HUMAN_BUTTON, OK, P1_FIRST, POINTS, REPLAY, click_item

IRV, SHARK = 0, 6                     # the Players dialog's buttons after P1_FIRST


def recorded_deals(t) -> list[list[int]]:
    """The deals recorded this game (by seat, as Replay Cards keeps them)."""
    return [[t.byte("GameDecks", h * 52 + i) for i in range(52)]
            for h in range(t.word("GameDeckCount"))]


def players(t, p1_button: int) -> None:
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + p1_button)
    click_item(t, OK)


def test_an_abandoned_replay_keeps_the_finished_games_deals(tmp_path, program):
    t = boot_table(tmp_path, program, seed=21)
    t.choose("Settings", "Game Settings...")
    click_item(t, POINTS[100])
    click_item(t, OK)
    players(t, IRV)                    # a finished game, computer against computer
    t.choose("File", "New Game")
    for _ in range(60):
        if t.phase == PH_GAMEOVER:
            break
        assert t.phase == PH_HANDOVER
        t.click_local(300, 150)        # the next hand
    assert t.phase == PH_GAMEOVER
    finished = recorded_deals(t)
    assert len(finished) >= 2
    t.click_local(300, 150)            # the table cleared

    # Replay Cards with Player 1 = Shark: one hand played, then End Game.
    t.choose("Settings", "Game Settings...")
    click_item(t, REPLAY)
    click_item(t, OK)
    players(t, SHARK)
    t.choose("File", "New Game")
    assert t.phase == PH_HANDOVER and t.word("HandNum") == 1
    assert recorded_deals(t) == finished[:1]
    t.choose("File", "End Game")
    assert t.phase == 0 and t.word("GameDeckCount") == 0

    # Player 1 = Human, New Game: hand 1 and hand 2 are the finished game's again.
    players(t, HUMAN_BUTTON)
    t.choose("File", "New Game")
    assert t.word("PrevCount") == len(finished)
    for _ in range(300):
        if t.word("HandNum") == 2 or t.phase == PH_GAMEOVER:
            break
        play_human_turn(t)
    assert t.word("HandNum") == 2
    assert recorded_deals(t) == finished[:2]
    t.s.close()
