"""A whole game against Shark, the score-aware player: the native program must play him
exactly as the oracle does (his knock depends on both scores, his draw on look-ahead)."""
from __future__ import annotations

import pytest

from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import Shark
from gin_king.oracle.rules import Rules
from gk_table import SimpleHuman
from test_app_game import play_to_the_end
from test_app_settings import OK, P2_FIRST, click_item


# His own knocks: seed 31 has a catch and one near the target (a second game, 54, had only
# a catch: nothing 31 lacks). His shutout knock, rare in a whole game, and each decision
# of his over many positions are checked position by position:
# tests/native/test_native_shark.py, tests/native/test_native_decisions.py.
@pytest.mark.parametrize("seed", [31])
def test_app_full_game_against_shark_matches_the_oracle(table_factory, seed):
    t = table_factory(seed)
    t.choose("Settings", "Players...")
    click_item(t, P2_FIRST + 6)                          # player 2: Shark
    click_item(t, OK)
    t.choose("File", "New Game")
    assert t.word("Kind", 1) == 6
    per_hand = play_to_the_end(t)
    expected = play_game(SimpleHuman(), Shark(), Rules(), seed=seed)
    running, oracle_scores = [0, 0], []
    for h in expected.hands:
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        oracle_scores.append(tuple(running))
    assert per_hand == oracle_scores
    assert t.scores() == expected.scores and t.won() == expected.hands_won


def test_app_corrupt_personality_stops_with_a_report_not_a_move(table_factory):
    # GK_Decide refuses a personality out of range; the program must not play some other
    # personality's move instead: it stops the machine through SysFailMgr with a report.
    from iigs.report import MachineError
    t = table_factory(1234)
    t.choose("File", "New Game")
    t.poke_word("Kind", 9, 1)                            # player 2: no such personality
    with pytest.raises(MachineError) as failure:
        t.click_stock()                                  # refuse the upcard: Willy's turn
    report = failure.value.report
    assert "SysFailMgr $8001" in report and "refused a decision" in report
