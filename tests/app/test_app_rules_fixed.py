"""A game keeps the house rules it began with (issue 39 §1, docs/rules.md "During a game
every rule is ghosted"): nothing changes them mid-game — not the House Rules dialog (its
check boxes, box modes and the five bonus fields are ghosted: the fields take no click,
key or Tab, and OK takes nothing), not Game Settings' Replay Cards chosen mid-game, not a
settings file with other rules loaded at a start before the game is resumed. Each game
is checked against the oracle's, hand by hand, under the rules it began with."""
from __future__ import annotations

from gk_table import PH_HANDOVER, boot_table, play_human_turn
from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import Sonia, Willy
from gin_king.oracle.rules import parse_rules
from test_app_house_rules import (BOX_OFF, CORNER, GIN, HOLLYWOOD, KNOCK_OFF, SHUTOUT,
                                  choose_rules, field, open_rules, rules_words, type_numbers)
from test_app_settings import OK, P1_FIRST, click_item

REPLAY = 17                                    # Game Settings' Replay Cards (GS_REPLAY)
RULES = "gin=10,undercut=30,box=20,game=50,shutout=75"
NUMBERS = [10, 30, 20, 50, 75]
GAME_RULES = [0, 0, 0, 0, 0, 0, 0, 10, 30, 20, 0, 50, 75]   # RulesRec, .points aside
SEED = 2315                                    # two short hands: a gin in hand 2


def sonia_against_willy(t) -> None:
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 2)
    click_item(t, OK)


def try_to_change_the_rules(t) -> None:
    """Everything a player might do in House Rules... mid-game, then OK."""
    dlg = open_rules(t)
    assert not any(dlg.item(i).enabled for i in range(KNOCK_OFF, SHUTOUT + 1))
    assert dlg.current_edit == 0                                  # no field takes keys
    before = [field(dlg, i) for i in range(GIN, SHUTOUT + 1)]
    assert before == [str(n).encode() for n in NUMBERS]
    type_numbers(t, [99, 99, 99, 99, "double"])                   # typed, tabbed: nothing
    r = dlg.item(GIN).rect
    t.s.click(dlg.window.content[1] + r[1] + 5, dlg.window.content[0] + r[0] + 5)
    t.s.type("99")                                                # clicked into: nothing
    click_item(t, CORNER)
    click_item(t, HOLLYWOOD)
    click_item(t, BOX_OFF)
    assert [field(dlg, i) for i in range(GIN, SHUTOUT + 1)] == before
    assert click_item(t, OK) == "idle"


def scores_by_hand(t, hands: int) -> list[tuple[int, int]]:
    """The game played on (computers) to the end of hand `hands`: the scores after each
    hand."""
    seen = []
    for _ in range(400):
        if t.phase == PH_HANDOVER and t.word("HandNum") > len(seen):
            seen.append(t.scores())
            if len(seen) == hands:
                return seen
        play_human_turn(t)
    raise AssertionError("the hands did not end")


def oracle_scores(seed: int) -> tuple[list[tuple[int, int]], object]:
    expected = play_game(Sonia(), Willy(), parse_rules(RULES), seed=seed)
    running, out = [0, 0], []
    for h in expected.hands:
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        out.append(tuple(running))
    return out, expected


def test_app_no_route_changes_the_rules_of_the_game_in_progress(tmp_path, program):
    """One game under house rules (gin 10, undercut 30 ...): at the end of hand 1 the
    player tries the House Rules dialog and Replay Cards, saves nothing, quits; the next
    start loads GIN.PREFS saved earlier with other rules (gin and undercut 99) and the
    game is resumed: hand 2, a gin, scores as the game's rules and the oracle say."""
    t = boot_table(tmp_path, program, seed=SEED)
    t.choose("Options", "F/X")                                    # no sliding cards
    choose_rules(t, numbers=[99, 99, 20, 50, 75])
    t.choose("File", "Save Settings")                             # the file: 99s
    choose_rules(t, numbers=NUMBERS)                              # the game: 10, 30
    sonia_against_willy(t)
    t.choose("File", "New Game")
    hand_one = scores_by_hand(t, 1)
    try_to_change_the_rules(t)                                    # the dialog
    t.choose("Settings", "Game Settings...")                      # Replay Cards
    click_item(t, REPLAY)
    click_item(t, OK)
    assert rules_words(t)[:13] == GAME_RULES
    assert rules_words(t, "RulesBlock")[:13] == GAME_RULES
    assert t.choose("File", "Quit") == "quit"                     # the game is kept
    t.s.close()
    again = boot_table(tmp_path, program)                         # a settings file loaded
    assert again.word("SettingsLoaded") == 1 and rules_words(again)[7:9] == [99, 99]
    assert again.word("ResumeAsking") == 1
    again.s.key("\r")                                             # Resume
    assert rules_words(again)[:13] == GAME_RULES
    assert rules_words(again, "RulesBlock")[:13] == GAME_RULES
    seen = hand_one + scores_by_hand(again, 2)[1:]
    want, expected = oracle_scores(SEED)
    assert expected.hands[1].score.kind.value == "gin"
    assert seen == want[:2]                                       # the gin: 10, not 99
    assert rules_words(again, "RulesBlock")[:13] == GAME_RULES
    again.choose("File", "End Game")
    dlg = open_rules(again)                                       # between games: editable
    assert dlg.item(GIN).enabled and dlg.current_edit == GIN
    again.s.type("40")
    click_item(again, OK)
    assert rules_words(again)[7] == 40
    again.s.close()
