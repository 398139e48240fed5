"""A resumed game brings its own rules for its duration; the player's preferences stay
the player's, and the player's house rules come back when it ends (issue 45)."""
from __future__ import annotations

from gk_table import PH_GAMEOVER, PH_NONE, boot_table, play_human_turn
from test_app_house_rules import GIN, KNOCK_OFF, MANUAL, choose_rules, rules_words
from test_app_resume import SHORT_SEED, play_on
from test_app_settings import OK, click_item

NOT_NOW = 2                                  # the start's alert (files.asm ResumeAlert)
CHECKED = 0x12
PREFS = "SETTINGS/GIN.PREFS"
SETTINGS_AT, SETTINGS_SIZE = 4, 58           # GIN.PREFS: the settings block
RULES_AT, RULES_SIZE = 1732, 28              # version 3: the house rules after the deals


def prefs_parts(t) -> tuple[bytes, bytes]:
    data = t.s.machine.tb.gsos.volume.read_file(PREFS)
    return (data[SETTINGS_AT:SETTINGS_AT + SETTINGS_SIZE],
            data[RULES_AT:RULES_AT + RULES_SIZE])


def test_a_resumed_game_keeps_the_players_preferences_and_gives_back_his_rules(
        tmp_path, program):
    # A game under the manual's rules, with Sound on, quit mid-hand: kept on the disk.
    t = boot_table(tmp_path, program, seed=SHORT_SEED)
    t.choose("File", "New Game")
    play_on(t, 6)
    assert t.choose("File", "Quit") == "quit"
    t.s.close()

    # Not Now; Sound off, House Rules gin 40 and knocking off; Save Settings; quit.
    t = boot_table(tmp_path, program)
    click_item(t, NOT_NOW)
    t.choose("Options", "Sound")
    choose_rules(t, checks=(KNOCK_OFF,), numbers=[40])
    t.choose("File", "Save Settings")
    saved = prefs_parts(t)
    players_rules = rules_words(t)            # knocking off (laying off off with it), gin 40
    assert t.word("SetSound") == 0 and players_rules[0] == 1 and players_rules[7] == 40
    assert t.choose("File", "Quit") == "quit"
    t.s.close()

    # Restart, Not Now, File > Resume Game: Sound stays off; the game plays by its rules.
    t = boot_table(tmp_path, program)
    assert t.word("SettingsLoaded") == 1
    click_item(t, NOT_NOW)
    assert t.phase == PH_NONE and t.item("File", "Resume Game").enabled
    t.choose("File", "Resume Game")
    assert t.phase != PH_NONE
    assert t.word("SetSound") == 0 and t.item("Options", "Sound").mark != CHECKED
    assert rules_words(t) == MANUAL and rules_words(t, "RulesBlock")[:13] == MANUAL[:13]
    beeps = t.s.tb.misc.beeps
    for _ in range(1500):                    # to its end (SimpleHuman's clicks)
        if t.phase == PH_GAMEOVER:
            break
        play_human_turn(t)
    assert t.phase == PH_GAMEOVER
    assert t.s.tb.misc.beeps == beeps        # never a sound meanwhile
    # The game over: the player's house rules are back, his Sound still off.
    assert rules_words(t) == players_rules and t.word("SetSound") == 0
    t.s.key("\r")                            # the table cleared
    t.choose("File", "Save Settings")        # and saved as he had them
    assert prefs_parts(t) == saved
    t.s.clear_text_log()
    t.choose("File", "New Game")
    assert any(x.endswith("Gin only") for x in t.text() if "Game to " in x)
    t.s.close()
