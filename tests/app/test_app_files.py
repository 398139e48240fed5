"""The disk: Save Settings survives a restart (a second machine on the same disk), a
damaged settings file falls back to the defaults without touching other files, Replay
Cards deals the previous game's cards again, a tournament game updates the record."""
from __future__ import annotations

from gk_table import PH_GAMEOVER, boot_table, play_human_turn
from test_app_settings import OK, REPLAY, click_item


def finish_game(t, limit=1500):
    for _ in range(limit):
        if t.phase == PH_GAMEOVER:
            return
        t.check_cards()
        play_human_turn(t)
    raise AssertionError("the game did not end")


def decks(t, count):
    return [[t.byte("GameDecks", h * 52 + i) for i in range(52)] for h in range(count)]


def test_app_save_settings_survives_a_restart(tmp_path, program):
    t = boot_table(tmp_path, program, seed=4321)
    t.choose("Options", "Computer Visible")
    t.choose("Options", "Sound")
    t.choose("Settings", "Game Settings...")
    click_item(t, 8)                                    # 300 points
    click_item(t, OK)
    t.choose("File", "Save Settings")
    assert t.message(2) == "Settings saved."
    volume = t.s.machine.tb.gsos.volume
    info = volume.info("SETTINGS/GIN.PREFS")
    assert info.file_type == 0x5A
    t.s.close()
    again = boot_table(tmp_path, program)               # the same disk image
    assert again.word("SettingsLoaded") == 1
    assert again.word("SetVisible") == 1 and again.word("SetSound") == 0
    assert again.word("SetPoints") == 3
    assert again.item("Options", "Computer Visible").mark == 0x12
    again.s.close()


def test_app_damaged_settings_fall_back_to_defaults(tmp_path, program):
    t = boot_table(tmp_path, program)
    t.choose("Options", "Computer Visible")
    t.choose("File", "Save Settings")
    volume = t.s.machine.tb.gsos.volume
    volume.write_file("SETTINGS/NOTES", b"keep me", 0x04)
    data = bytearray(volume.read_file("SETTINGS/GIN.PREFS"))
    data[10] ^= 0xFF                                    # one byte off: the checksum fails
    volume.write_file("SETTINGS/GIN.PREFS", bytes(data), 0x5A, replace=True)
    volume.commit()
    t.s.close()
    again = boot_table(tmp_path, program)
    assert again.word("SettingsLoaded") == 0 and again.word("SetVisible") == 0
    v2 = again.s.machine.tb.gsos.volume
    assert v2.read_file("SETTINGS/NOTES") == b"keep me"
    assert v2.read_file("SETTINGS/GIN.PREFS") == bytes(data)   # left as it was
    again.s.close()


def test_app_replay_cards_deals_the_previous_game_again(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1234)
    t.choose("File", "New Game")
    first_dealer = t.word("FirstDealer")
    finish_game(t)
    count = t.word("GameDeckCount")
    played = decks(t, count)
    t.choose("File", "Save Settings")                   # the deals go with the settings
    t.s.close()
    again = boot_table(tmp_path, program, seed=999)     # another machine, another seed
    assert again.word("PrevCount") == count
    again.choose("Settings", "Game Settings...")
    click_item(again, REPLAY)
    click_item(again, OK)
    again.choose("File", "New Game")
    assert again.word("FirstDealer") == first_dealer
    assert decks(again, 1) == played[:1]
    finish_game(again)
    n = min(count, again.word("GameDeckCount"))
    assert decks(again, n) == played[:n]
    again.s.close()


def test_app_tournament_game_updates_the_record(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1234)
    t.choose("Settings", "Tournament Mode")
    assert t.item("Settings", "Tournament Mode").mark == 0x12
    t.choose("File", "New Game")
    assert not t.item("Options", "Advice").enabled      # no advice in a tournament
    assert not t.item("Settings", "Players...").enabled
    assert not t.item("Options", "Show Cards").enabled
    finish_game(t)
    net, winner = t.word("NetScore"), t.word("GameWinner")
    t.s.clear_text_log()
    assert t.choose("Options", "Show History") == "held"
    won, lost = (1, 0) if winner == 0 else (0, 1)
    sign = "+" if winner == 0 else "-"
    # A table: the player's name over the opponents, then games won, lost, net points.
    assert history_columns(t) == [["Player", "Willy"], ["Won", str(won)], ["Lost", str(lost)],
                                  ["Points", f"{sign}{net}"]]
    t.s.key("\r")
    volume = t.s.machine.tb.gsos.volume
    assert volume.info("SETTINGS/HISTORY").file_type == 0xF1
    t.s.close()
    again = boot_table(tmp_path, program, seed=77)      # a second game adds to it
    again.choose("Settings", "Tournament Mode")
    again.choose("File", "New Game")
    finish_game(again)
    again.s.clear_text_log()
    again.choose("Options", "Show History")
    cols = history_columns(again)
    assert cols[0] == ["Player", "Willy"]
    assert cols[1] == ["Won", str(won + (again.word("GameWinner") == 0))]
    again.s.close()


def history_columns(t) -> list[list[str]]:
    """The open Show History alert's four columns, line by line (its ^0..^3 texts)."""
    dlg = t.s.tb.dlg
    texts = [dlg.params[i] for i in range(4)]
    from toolbox.font import decode
    return [decode(x).split("\r") for x in texts]
