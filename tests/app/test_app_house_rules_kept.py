"""The house rules live with a game: a Hollywood match quit in the middle of a hand
resumes under the same rules, with its three games' scores, and ends as the oracle's
match does; the statistics then count it as Hollywood gin, and a Simple Gin game as
Simple gin (issue 20: resume, statistics). A house rule's note on the table's info line
("Gin only", "Hollywood" and the three scores) goes with its game: not on the line once
the game is over, nor after the rules are set back, nor in the next game under others."""
from __future__ import annotations

from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import Willy
from gin_king.oracle.rules import parse_rules
from gk_table import PH_GAMEOVER, PH_HANDOVER, SimpleHuman, boot_table, play_human_turn
from test_app_house_rules import (HOLLYWOOD, KNOCK_OFF, LAYOFF_OFF, choose_rules,
                                  game_matches_the_oracle, rules_words)
from test_app_settings import OK, P1_FIRST, click_item
from test_app_stats import statistics

SEED = 2024                     # a Simple Gin game of several hands
HOLLYWOOD_SEED = 44             # a Hollywood match of six hands, the player winning it


def sonia_against_willy(t) -> None:
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 2)                          # player 1: Sonia
    click_item(t, OK)


def info_line(t) -> str:
    """The table's info line as last drawn (names, points, the target, the notes)."""
    return [x for x in t.text() if "Game to " in x][-1]


def play_until(t, done, limit=2000) -> None:
    for _ in range(limit):
        if done(t):
            return
        t.s.clear_text_log()
        play_human_turn(t)
    raise AssertionError("never got there")


def test_app_a_hollywood_match_resumes_under_its_rules_and_counts_as_hollywood(tmp_path, program):
    """The player (SimpleHuman's clicks) against Willy, quit in the second hand."""
    expected = play_game(SimpleHuman(), Willy(), parse_rules("hollywood"),
                         seed=HOLLYWOOD_SEED).final
    t = boot_table(tmp_path, program, seed=HOLLYWOOD_SEED)
    choose_rules(t, checks=(HOLLYWOOD,))
    t.choose("File", "New Game")
    play_until(t, lambda t: t.word("HandNum") >= 2 and t.phase != PH_HANDOVER)
    play_until(t, lambda t: t.word("Draws") + t.word("Draws", 1) >= 3)   # into the hand
    assert t.phase not in (PH_HANDOVER, PH_GAMEOVER)
    rules, holly = rules_words(t, "RulesBlock"), [t.word("HollyBlock", i) for i in range(12)]
    assert rules[6] == 1                                 # Hollywood scoring in the engine
    assert t.choose("File", "Quit") == "quit"
    t.s.close()

    again = boot_table(tmp_path, program)
    again.s.key("\r")                                    # Resume
    assert rules_words(again, "RulesBlock") == rules
    assert rules_words(again, "SetRules")[6] == 1
    assert [again.word("HollyBlock", i) for i in range(12)] == holly
    play_until(again, lambda t: t.phase == PH_GAMEOVER)
    assert [again.word("Total", p) for p in (0, 1)] == list(expected.totals)
    assert again.word("NetScore") == expected.net
    got = statistics(again)
    assert got[0] == ("Hollywood gin", "", "", "", "")
    won = [int(row[2]) for row in got[1:]]
    assert won == [expected.winner == 0, expected.winner == 1]
    assert "Hollywood" not in info_line(again)           # the sheet up: the game is over
    choose_rules(again, checks=(HOLLYWOOD, KNOCK_OFF))   # Simple Gin for the next game
    again.s.clear_text_log()
    again.choose("File", "New Game")
    line = info_line(again)
    assert line.endswith("Gin only") and "Hollywood" not in line
    again.s.close()


def test_app_a_simple_gin_game_matches_the_oracle_and_counts_as_simple_gin(table_factory):
    """One Simple Gin game, Sonia against Willy: hand by hand the oracle's, the engine
    playing by the rule (no knock limit), then counted as Simple gin."""
    t = table_factory(SEED)
    choose_rules(t, checks=(KNOCK_OFF,))
    sonia_against_willy(t)
    t.choose("File", "New Game")
    assert info_line(t).endswith("Gin only")
    final = game_matches_the_oracle(t, parse_rules("simple"), SEED).final
    assert t.word("KnockLimit") == 0 and t.word("RulesBlock") == 1
    assert "Gin only" not in info_line(t) and "Game to 100" in info_line(t)
    got = statistics(t)
    assert got[0] == ("Simple gin", "", "", "", "")
    assert [row[3] for row in got[1:]] == [str(x) for x in final.totals]
    t.s.clear_text_log()
    choose_rules(t, checks=(KNOCK_OFF, LAYOFF_OFF))      # back to no house rule
    assert rules_words(t)[:7] == [0] * 7
    assert "Gin only" not in info_line(t)                # the line drawn again
    t.s.clear_text_log()
    t.choose("File", "New Game")
    assert "Gin only" not in info_line(t) and t.word("KnockLimit") == 10
