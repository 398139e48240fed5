"""Settings: the Game Settings, Players and Enter Name dialogs, the hand display modes,
Computer Visible."""
from __future__ import annotations

from gk_table import play_human_turn
from gin_king.oracle.melds import best_melds

OK, CANCEL = 1, 2
STANDARD, OKLAHOMA = 3, 4
POINTS = {100: 5, 150: 6, 200: 7, 300: 8, 400: 9, 500: 10, 250: 11}
MATRIX, BY_RANK, BY_SUIT, BY_MELDS = 12, 13, 14, 15
SHUFFLE, REPLAY, USER = 16, 17, 18
P1_FIRST, P2_FIRST, TUTOR_FIRST = 3, 12, 20
KING_BUTTON, HUMAN_BUTTON = 7, 8                    # King listed after Shark, Human last


def click_item(t, item_id):
    dlg = t.s.tb.dlg.front()
    top, left, bottom, _ = dlg.item(item_id).rect
    c = dlg.window.content
    return t.s.click(c[1] + left + 6, c[0] + (top + bottom) // 2)


def settings(t):
    return [t.word(n) for n in ("SetVariant", "SetPoints", "SetDisplay", "SetShuffle")]


def test_app_game_settings_ok_applies(table_factory):
    t = table_factory()
    assert t.choose("Settings", "Game Settings...") == "held"
    click_item(t, OKLAHOMA)
    click_item(t, POINTS[300])
    click_item(t, MATRIX)
    click_item(t, REPLAY)
    assert click_item(t, OK) == "idle"
    assert settings(t) == [1, 3, 0, 1]
    t.choose("File", "New Game")
    assert t.word("Target") == 300
    up = t.word("Upcard")
    value = min(up % 13 + 1, 10)
    assert t.word("KnockLimit") == (0 if value == 1 else value)
    assert t.word("Mult") == (2 if up // 13 == 3 else 1)


def test_app_game_settings_cancel_restores(table_factory):
    t = table_factory()
    before = settings(t)
    t.choose("Settings", "Game Settings...")
    click_item(t, OKLAHOMA)
    click_item(t, POINTS[500])
    click_item(t, BY_RANK)
    assert click_item(t, CANCEL) == "idle"
    assert settings(t) == before


def test_app_variant_cannot_change_mid_game(table_factory):
    t = table_factory()
    t.choose("File", "New Game")
    t.choose("Settings", "Game Settings...")
    dlg = t.s.tb.dlg.front()
    assert not dlg.item(OKLAHOMA).enabled and not dlg.item(STANDARD).enabled
    click_item(t, OKLAHOMA)
    click_item(t, BY_RANK)                              # the display may change
    click_item(t, OK)
    assert t.word("SetVariant") == 0 and t.word("SetDisplay") == 1


def test_app_players_dialog(table_factory):
    t = table_factory()
    assert t.choose("Settings", "Players...") == "held"
    dlg = t.s.tb.dlg.front()
    assert len([i for i in dlg.items if i.kind == 0x0C]) == 9 + 8 + 8   # no Human for 2
    click_item(t, P2_FIRST + 6)                         # Shark
    click_item(t, TUTOR_FIRST + 5)                      # Phyllis
    click_item(t, OK)
    assert (t.word("SetP1"), t.word("SetP2"), t.word("SetTutor")) == (7, 6, 5)
    t.choose("File", "New Game")
    assert t.word("Kind", 1) == 6 and "Shark: 0 points" in " ".join(t.text())


def test_app_players_dialog_lists_king_after_shark(table_factory):
    t = table_factory()
    t.choose("Settings", "Players...")
    dlg = t.s.tb.dlg.front()
    for first in (P1_FIRST, P2_FIRST, TUTOR_FIRST):
        shark, king = dlg.item(first + 6), dlg.item(first + KING_BUTTON)
        assert shark.control.title == b"Shark" and king.control.title == b"King (new)"
        assert king.rect[0] == shark.rect[2] + 2                     # the row below Shark
    assert dlg.item(P1_FIRST + HUMAN_BUTTON).control.title == b"Human"
    assert dlg.item(P1_FIRST + HUMAN_BUTTON).value == 1             # player 1 is Human (7)
    click_item(t, P2_FIRST + KING_BUTTON)
    click_item(t, TUTOR_FIRST + KING_BUTTON)
    click_item(t, OK)
    assert (t.word("SetP1"), t.word("SetP2"), t.word("SetTutor")) == (7, 8, 8)
    t.choose("Settings", "Players...")                  # King's buttons are on again
    dlg = t.s.tb.dlg.front()
    assert dlg.item(P2_FIRST + KING_BUTTON).value == 1
    assert dlg.item(TUTOR_FIRST + KING_BUTTON).value == 1
    assert dlg.item(P1_FIRST + HUMAN_BUTTON).value == 1
    click_item(t, OK)
    t.choose("File", "New Game")
    assert t.word("Kind", 1) == 8 and "King: 0 points" in " ".join(t.text())
    for _ in range(12):                                 # King plays natively against you
        assert t.turn in (0, 1)
        t.check_cards()
        if t.phase == 6:
            break
        play_human_turn(t)


def test_app_players_change_mid_game_lets_the_computer_play_both(table_factory):
    t = table_factory(31)
    t.choose("File", "New Game")
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 0)                         # player 1: Irv
    click_item(t, OK)
    assert t.word("Kind", 0) == 0
    for _ in range(40):                                 # computer against computer
        assert t.turn in (0, 1)
        t.check_cards()
        if t.phase == 6:
            break
        play_human_turn(t)                              # only continues between hands
    assert t.word("HandNum") >= 2


def test_app_enter_name(table_factory):
    t = table_factory()
    assert t.choose("Settings", "Enter Name...") == "held"
    t.s.key(0x7F)                                       # the name is selected: delete it
    t.s.type("Ada")
    assert t.s.key("\r") == "idle"
    assert t.s.read_pstring(t.addr("PlayerName")) == b"Ada"
    t.choose("File", "New Game")
    assert any("Ada: 0 points" in x for x in t.text())


def test_app_enter_name_cancel_keeps_the_old_one(table_factory):
    t = table_factory()
    t.choose("Settings", "Enter Name...")
    t.s.type("Zed")
    t.s.key(0x1B)
    assert t.s.read_pstring(t.addr("PlayerName")) == b"Player"


def laid_out(t):
    return [(t.word("LayCard", i), t.word("LayH", i), t.word("LayV", i))
            for i in range(t.word("LayN") // 2)]


def set_display(t, item):
    t.choose("Settings", "Game Settings...")
    click_item(t, item)
    click_item(t, OK)


def test_app_hand_display_modes(table_factory):
    t = table_factory()
    t.choose("File", "New Game")
    hand = t.hand(0)
    set_display(t, BY_SUIT)
    assert [c for c, _, _ in laid_out(t)] == sorted(hand)
    set_display(t, BY_RANK)
    assert [c for c, _, _ in laid_out(t)] == sorted(hand, key=lambda c: (c % 13, c // 13))
    set_display(t, MATRIX)
    for c, h, v in laid_out(t):                          # spades on top, clubs at the bottom
        assert v == 84 + (3 - c // 13) * 24 and h == 100 + (c % 13) * 34
    set_display(t, BY_MELDS)
    arrangement = best_melds(hand)
    melded = [int(c) for m in arrangement.melds for c in m.cards]
    order = [c for c, _, _ in laid_out(t)]
    assert sorted(order[:len(melded)]) == sorted(melded)
    assert order[len(melded):] == sorted(set(hand) - set(melded), key=lambda c: (c % 13, c // 13))


def test_app_computer_visible_shows_the_opponents_hand(table_factory):
    t = table_factory()
    t.choose("File", "New Game")
    t.s.clear_text_log()
    t.choose("Options", "Computer Visible")
    drawn = t.text()
    ranks = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
    assert sum(1 for x in drawn if x in ranks) >= 20     # both hands face up now
    t.s.clear_text_log()
    t.choose("Options", "Computer Visible")
    assert sum(1 for x in t.text() if x in ranks) < 15


def test_app_players_change_at_the_knock_question(table_factory):
    from gk_table import PH_DISCARD, PH_KNOCKQ
    t = table_factory(9)
    t.choose("File", "New Game")
    while not (t.phase == PH_DISCARD and t.turn == 0):
        play_human_turn(t)
    t.click_card(t.hand(0)[0])
    assert t.phase == PH_KNOCKQ
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 1)                         # player 1 becomes Willy
    click_item(t, OK)
    t.check_cards()                                     # Willy answered the knock question
    assert t.phase != PH_KNOCKQ or t.turn != 0
    assert len(t.hand(0)) in (10, 11) and len(t.hand(1)) in (10, 11)
