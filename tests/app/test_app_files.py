"""The disk: Save Settings survives a restart (a second machine on the same disk), a
damaged settings file falls back to the defaults (said, and kept as GIN.PREFS.BAD)
without touching other files, Replay
Cards deals the previous game's cards again, a tournament game updates the record."""
from __future__ import annotations

from gk_table import PH_GAMEOVER, boot_table, play_human_turn
from test_app_settings import OK, POINTS, REPLAY, click_item


def finish_game(t, limit=1500, hand=None):
    """Play to the game's end (or, given `hand`, until that hand is dealt)."""
    for _ in range(limit):
        if t.phase == PH_GAMEOVER or (hand is not None and t.word("HandNum") >= hand):
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
    assert v2.read_file("SETTINGS/GIN.PREFS.BAD") == bytes(data)   # kept aside, and said
    assert not v2.exists("SETTINGS/GIN.PREFS")
    assert again.alert().icon == "caution"
    assert again.alert_text().startswith("The settings file was damaged")
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
    finish_game(again, hand=4)                          # three hands over, the fourth dealt:
    n = min(count, again.word("GameDeckCount"))         #   each dealt as in the first game
    assert n >= 3 and decks(again, n) == played[:n]
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
    again = boot_table(tmp_path, program, seed=77)      # read back by the next start (a
    again.s.clear_text_log()                            #   game added to a record read
    again.choose("Options", "Show History")             #   back: the test below)
    assert history_columns(again) == [["Player", "Willy"], ["Won", str(won)],
                                      ["Lost", str(lost)], ["Points", f"{sign}{net}"]]
    again.s.close()


def play_recording_deals(t, well=True, limit=1500, hands=None):
    """Play to the game's end (or until `hands` hands have been dealt) as SimpleHuman (or,
    not ``well``, never knocking and discarding to the most deadwood); per hand: the
    dealer and what each seat, the upcard and the stock received, read from the deck the
    program dealt."""
    from gk_table import PH_DISCARD, PH_KNOCKQ
    from gin_king.oracle.melds import deadwood_of_mask
    deals = {}
    for _ in range(limit):
        if t.phase == PH_GAMEOVER:
            return deals
        hand = t.word("HandNum")
        if hands is not None and hand > hands:
            return deals
        if hand not in deals:
            deck = [t.byte("Deck", i) for i in range(52)]
            dealer = t.word("Dealer")
            seats = tuple(sorted(deck[(1 if seat == dealer else 0):20:2]) for seat in (0, 1))
            deals[hand] = (dealer, seats, deck[20], deck[21:])
        if not well and t.phase == PH_KNOCKQ:
            t.click_pile()
            continue
        if not well and t.phase == PH_DISCARD:
            mask, taken = t.hand_mask(0), t.word("Taken")
            worst = max((c for c in t.hand(0) if c != taken),
                        key=lambda c: (deadwood_of_mask(mask & ~(1 << c)), c))
            t.click_card(worst)
            continue
        play_human_turn(t)
    raise AssertionError("the game did not end")


def test_app_replay_cards_is_duplicate_gin(tmp_path, program):
    """The same deals replayed with the hands going another way: every hand gives each
    seat the cards it had in the original game, whoever deals it now."""
    t = boot_table(tmp_path, program, seed=14)
    t.choose("Settings", "Game Settings...")
    click_item(t, POINTS[100])
    click_item(t, OK)
    t.choose("File", "New Game")
    original = play_recording_deals(t)
    t.poke_word("SetSeedLo", 99)
    t.choose("Settings", "Game Settings...")
    click_item(t, REPLAY)
    click_item(t, POINTS[300])                          # room for the hands compared
    click_item(t, OK)
    t.choose("File", "New Game")
    again = play_recording_deals(t, well=False, hands=4)
    shared = sorted(set(original) & set(again))
    assert len(shared) >= 3
    assert any(original[h][0] != again[h][0] for h in shared), "no hand changed dealer"
    for h in shared:
        assert original[h][1:] == again[h][1:], f"hand {h} dealt other cards"


def test_app_an_older_settings_file_replays_its_deck_orders_as_they_lie(tmp_path, program):
    """A version-1 GIN.PREFS holds the deals as deck orders: they still load and are dealt
    as they lie, and saving again keeps them in that form."""
    t = boot_table(tmp_path, program, seed=1234)
    t.choose("File", "New Game")
    t.choose("File", "Save Settings")                   # a version-2 file, by seat
    volume = t.s.machine.tb.gsos.volume
    data = bytearray(volume.read_file("SETTINGS/GIN.PREFS"))
    assert data[2:4] == b"\x02\x00"
    data[2:4] = b"\x01\x00"                            # the older form: deck orders
    total = sum(int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data) - 2, 2))
    data[-2:] = (total & 0xFFFF).to_bytes(2, "little")
    volume.write_file("SETTINGS/GIN.PREFS", bytes(data), 0x5A, replace=True)
    volume.commit()
    deck_at = len(data) - 2 - 32 * 52                   # the deals end the file, then the sum
    stored = list(data[deck_at:deck_at + 52])
    t.s.close()
    again = boot_table(tmp_path, program, seed=999)
    assert again.word("SettingsLoaded") == 1 and again.word("PrevBySeat") == 0
    again.choose("File", "Save Settings")               # still deck orders: still version 1
    v2 = again.s.machine.tb.gsos.volume
    assert v2.read_file("SETTINGS/GIN.PREFS")[2:4] == b"\x01\x00"
    again.choose("Settings", "Game Settings...")
    click_item(again, REPLAY)
    click_item(again, OK)
    again.choose("File", "New Game")
    assert [again.byte("Deck", i) for i in range(52)] == stored
    again.s.close()


def _history_v1(entries):
    """A SETTINGS:HISTORY record as the program wrote it before King: version 1, seven
    columns (Irv .. Shark) of won, lost and net points per player."""
    import struct
    body = b""
    for name, won, lost, points in entries:
        body += bytes([len(name)]) + name.encode() + bytes(31 - len(name))
        body += struct.pack("<7H", *won) + struct.pack("<7H", *lost)
        body += struct.pack("<7h", *points)
    body += bytes(12 * 74 - len(body))
    words = struct.pack("<3H", 0x4847, 1, len(entries)) + body
    return words + struct.pack("<H", sum(struct.unpack(f"<{len(words) // 2}H", words)) & 0xFFFF)


def test_app_record_from_before_king_loads_and_gains_a_king_column(tmp_path, program):
    from test_app_settings import KING_BUTTON, P2_FIRST
    t = boot_table(tmp_path, program)
    volume = t.s.machine.tb.gsos.volume
    old = _history_v1([("Player", (0, 3, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 5),
                        (0, 57, 0, 0, 0, 0, -40))])
    volume.write_file("SETTINGS/HISTORY", old, 0xF1)
    volume.commit()
    t.s.close()
    again = boot_table(tmp_path, program, seed=43)        # a game of two hands
    again.choose("Options", "Show History")
    assert history_columns(again) == [["Player", "Willy", "Shark"], ["Won", "3", "0"],
                                      ["Lost", "1", "5"], ["Points", "+57", "-40"]]
    again.s.key("\r")
    again.choose("Settings", "Players...")
    click_item(again, P2_FIRST + KING_BUTTON)
    click_item(again, OK)
    again.choose("Settings", "Tournament Mode")
    again.choose("File", "New Game")
    finish_game(again)
    won = again.word("GameWinner") == 0
    again.choose("Options", "Show History")
    player, wins, losses, points = history_columns(again)
    assert player == ["Player", "Willy", "Shark", "King"]
    assert wins[:3] == ["Won", "3", "0"] and losses[:3] == ["Lost", "1", "5"]
    assert (wins[3], losses[3]) == (str(int(won)), str(int(not won)))
    assert points[:3] == ["Points", "+57", "-40"]
    again.s.key("\r")
    saved = again.s.machine.tb.gsos.volume.read_file("SETTINGS/HISTORY")
    assert len(saved) == 6 + 12 * (32 + 3 * 2 * 9) + 2 and saved[2:4] == b"\x02\x00"
    again.s.close()


def test_app_settings_keep_king_and_refuse_a_human_player_2(tmp_path, program):
    import struct
    from test_app_settings import KING_BUTTON, P2_FIRST
    t = boot_table(tmp_path, program)
    t.choose("Settings", "Players...")
    click_item(t, P2_FIRST + KING_BUTTON)
    click_item(t, OK)
    t.choose("File", "Save Settings")
    volume = t.s.machine.tb.gsos.volume
    data = bytearray(volume.read_file("SETTINGS/GIN.PREFS"))
    t.s.close()
    again = boot_table(tmp_path, program)
    assert again.word("SettingsLoaded") == 1 and again.word("SetP2") == 8   # King
    v = again.s.machine.tb.gsos.volume
    p2 = 4 + 2 * 9                                      # magic, version, then SetP2
    assert struct.unpack_from("<H", data, p2)[0] == 8

    def rewrite(volume, p2_kind):
        struct.pack_into("<H", data, p2, p2_kind)
        words = len(data) // 2 - 1
        struct.pack_into("<H", data, len(data) - 2,
                         sum(struct.unpack_from(f"<{words}H", data)) & 0xFFFF)
        volume.write_file("SETTINGS/GIN.PREFS", bytes(data), 0x5A, replace=True)
        volume.commit()

    rewrite(v, 6)                                       # Shark: a sound file, as ever
    again.s.close()
    third = boot_table(tmp_path, program)
    assert third.word("SettingsLoaded") == 1 and third.word("SetP2") == 6
    rewrite(third.s.machine.tb.gsos.volume, 7)          # player 2 Human: not allowed
    third.s.close()
    fourth = boot_table(tmp_path, program)
    assert fourth.word("SettingsLoaded") == 0 and fourth.word("SetP2") == 1   # the defaults
    assert fourth.alert_text().startswith("The settings file was damaged")
    fourth.s.close()


def history_columns(t) -> list[list[str]]:
    """The open Show History alert's four columns, line by line (its ^0..^3 texts)."""
    dlg = t.s.tb.dlg
    texts = [dlg.params[i] for i in range(4)]
    from iigs.font import decode
    return [decode(x).split("\r") for x in texts]


def test_app_settings_the_disk_refuses_are_said_in_a_caution_alert(tmp_path, program):
    t = boot_table(tmp_path, program)
    volume = t.s.machine.tb.gsos.volume                 # a locked GIN.PREFS.NEW in the way:
    volume.write_file("SETTINGS/GIN.PREFS.NEW", b"", 0x5A, access=0x01)  # no destroy
    assert t.choose("File", "Save Settings") == "held"
    dlg = t.s.tb.dlg.front()
    said = t.s.tb.dlg.expand(dlg.item(100).text)
    assert dlg.icon == "caution" and said == b"The settings could not be saved."
    assert t.s.key("\r") == "idle"
    assert t.message(2) == "The settings could not be saved."
    assert not volume.exists("SETTINGS/GIN.PREFS")
    t.s.close()


def test_app_a_damaged_record_is_said_and_kept_aside_not_overwritten(tmp_path, program):
    """A SETTINGS:HISTORY that does not read back sound (bytes after the record, cut
    short, a flipped byte) is said in a caution alert and kept as HISTORY.BAD: the next
    game starts a new record instead of writing over the damaged one."""
    good = _history_v1([("Player", (0, 3, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 5),
                         (0, 57, 0, 0, 0, 0, -40))])
    flipped = bytearray(good)
    flipped[40] ^= 0xFF
    t = boot_table(tmp_path, program)
    volume = t.s.machine.tb.gsos.volume
    for damaged in (good + b"\x00", good[:-4], bytes(flipped)):
        volume.write_file("SETTINGS/HISTORY", damaged, 0xF1, replace=True)
        t.s.clear_text_log()
        assert t.choose("Options", "Show History") == "held"
        assert t.alert().icon == "caution"
        assert t.alert_text() == ("The tournament record was damaged: it is kept as "
                                  "SETTINGS:HISTORY.BAD and the record starts again.")
        assert volume.read_file("SETTINGS/HISTORY.BAD") == damaged
        assert not volume.exists("SETTINGS/HISTORY")
        t.s.key("\r")
        assert "No tournament games yet for Player." in t.alert_text()   # then the note
        t.s.key("\r")
    assert t.choose("Options", "Show History") == "held"  # nothing more to say
    assert t.alert_text() == "No tournament games yet for Player."
    t.s.key("\r")
    t.s.close()
