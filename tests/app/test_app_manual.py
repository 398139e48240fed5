"""The manual's promises, driven the way a player meets them: the draw for deal shown and
chosen ("The player drawing the high card may deal or require his opponent to deal"), the
card just taken, Show History as a table, the About box, the score sheet's words."""
from __future__ import annotations

from gin_king.oracle.dealing import draw_for_deal, high_card_player
from gin_king.oracle.rng import Xorshift32

DEAL_ALERT_TOP, DEAL_ALERT_LEFT = 60, 100        # play.asm DealAlert (global)
DEAL_SELF_BUTTON = (30 + 6, 190)                 # its "Deal" button, local centre


def drawn(seed: int) -> tuple[int, int, int]:
    c0, c1, _ = draw_for_deal(Xorshift32(seed))
    return c0, c1, high_card_player(c0, c1)


def test_a_human_who_draws_high_may_deal(table_factory):
    seed = 2
    c0, c1, high = drawn(seed)
    assert high == 0
    t = table_factory(seed)
    t.s.choose("File", "New Game")                       # the question is up
    assert t.word("DealAsking") == 1
    text = " ".join(t.text())
    assert "Make Willy deal" in text and "Deal" in text and "drew high" in text
    assert (t.word("DrawCard0"), t.word("DrawCard1")) == (c0, c1)
    v, h = DEAL_SELF_BUTTON
    t.s.click(DEAL_ALERT_LEFT + h, DEAL_ALERT_TOP + v)   # Deal
    assert t.word("DealAsking") == 0
    assert t.word("Dealer") == 0 and t.word("FirstDealer") == 0
    assert "Drawn for deal:" in t.text()                 # both cards stay on the table


def test_a_human_who_draws_high_may_make_the_opponent_deal(table_factory):
    seed = 2
    t = table_factory(seed)
    t.s.choose("File", "New Game")
    assert t.word("DealAsking") == 1
    t.s.key("\r")                                        # the default: Make Willy deal
    assert t.word("Dealer") == 1 and t.word("FirstDealer") == 1
    t.check_cards()


def test_a_computer_who_draws_high_makes_the_human_deal(table_factory):
    seed = 1
    c0, c1, high = drawn(seed)
    assert high == 1
    t = table_factory(seed)
    t.s.choose("File", "New Game")                       # no question: Willy chose
    assert t.word("DealAsking") == 0
    assert (t.word("DrawCard0"), t.word("DrawCard1")) == (c0, c1)
    assert t.word("Dealer") == 0
    assert "Drawn for deal:" in t.text()


def sheet_after_play(table_factory, seed: int) -> str:
    from test_app_game import play_to_the_end
    t = table_factory(seed)
    t.choose("File", "New Game")
    play_to_the_end(t)
    return "\n".join(t.text()[-12:])


def test_the_score_sheet_shows_the_shutout_doubling_as_arithmetic(table_factory):
    # Seed 58: Willy wins 3 hands to none, 101 hand points (the oracle's game).
    sheet = sheet_after_play(table_factory, 58)
    assert "Willy: hand points 101, box bonus 75 (3 hands), game bonus 100, " \
        "total (101 + 100) x 2 + 75 = 477" in sheet
    assert "(0 hands)" in sheet and "Shutout" in sheet


# "box bonus 25 (1 hand)", never "(1 hands)": the whole games against Willy in
# test_app_game.py, where the player wins one hand.


def test_the_dealer_refusing_after_the_human_is_told(table_factory):
    from gk_table import PH_DISCARD, PH_OFFER
    t = table_factory(15)                                # Willy deals and refuses too
    t.choose("File", "New Game")
    assert t.word("Dealer") == 1 and t.phase == PH_OFFER and t.turn == 0
    up = t.pile()[-1]
    t.click_stock()                                      # the human refuses
    assert t.phase == PH_DISCARD and t.turn == 0 and t.pile()[-1] == up
    line = t.message(2)
    assert line.startswith("Willy refused the ") and " too. You drew the " in line


def test_the_about_box_has_the_copyright(table_factory):
    t = table_factory()
    t.s.clear_text_log()
    assert t.choose("@", "About Gin King...") == "held"
    text = " ".join(t.text())
    assert "version 1.0" in text and "Copyright (c) 2026" in text
    about = t.alert()                                   # a note alert sized to its text
    assert about.icon == "note" and "eight computer personalities" in t.alert_text()
    words, ok = about.item(100).rect, about.item(1).rect
    assert 2 * 10 <= words[2] - words[0] <= 3 * 10 + 4  # two lines (a third spare)
    assert ok[0] - words[2] == 8 and ok[3] == words[3]  # OK right under the text
    top, left, bottom, right = about.window.content
    assert bottom - top == ok[2] + 8 and right - left == words[3] + 16
    t.s.key("\r")


def test_the_table_says_a_tournament_game_is_on(table_factory):
    t = table_factory(1)
    t.choose("File", "New Game")
    assert not any("Tournament game" in x for x in t.text())
    t.choose("File", "End Game")
    t.choose("Settings", "Tournament Mode")
    t.s.clear_text_log()
    t.choose("File", "New Game")
    assert any("Tournament game" in x for x in t.text())


def test_an_empty_history_says_so(table_factory):
    t = table_factory()
    t.s.clear_text_log()
    assert t.choose("Options", "Show History") == "held"
    assert any("No tournament games yet for Player." in x for x in t.text())
    t.s.key("\r")


def test_the_advice_alert_is_sized_to_its_text(table_factory):
    from gk_table import APPLE
    t = table_factory(9)
    t.choose("File", "New Game")
    assert t.s.key("a", APPLE) == "held"
    dlg = t.s.tb.dlg.front()
    assert dlg.icon == "note"
    text = next(i for i in dlg.items if i.item_id == 100)
    ok = next(i for i in dlg.items if i.item_id == 1)
    lines = [x for x in t.text() if x.startswith("Advice from Willy")]
    assert lines                                        # one line of advice
    assert text.rect[2] - text.rect[0] <= 2 * 10 + 4     # a line or two tall, not 122
    assert ok.rect[0] >= text.rect[2] and ok.rect[2] - text.rect[2] <= 30
    t.s.key("\r")
