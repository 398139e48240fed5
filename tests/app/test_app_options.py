"""Options that change what the player sees or hears: Sound, F/X, the Oklahoma knock
card on the table; the screenshots of docs/screens/."""
from __future__ import annotations

import numpy as np

from gk_table import CARD_W, CONTENT_LEFT, CONTENT_TOP, PH_DISCARD, PH_KNOCKQ
from test_app_game import start_and_draw
from test_app_settings import OK, OKLAHOMA, click_item

RED = np.array([0xDD, 0, 0])


def test_app_sound_off_silences_the_beep(table_factory):
    t = table_factory(9)
    t.choose("Options", "Sound")
    start_and_draw(t)
    t.click_card(max(t.hand(0)))
    beeps = t.s.tb.misc.beeps
    assert t.click_knock() == "held"                     # illegal: refused, silently
    assert t.alert().icon == "caution" and t.s.tb.misc.beeps == beeps
    t.s.key("\r")
    assert t.phase == PH_KNOCKQ
    assert "You cannot knock with" in t.message(2)


def top_edge(t, card):
    h, v = t.card_spot(card)
    return t.s.frame()[v + CONTENT_TOP, h + CONTENT_LEFT + CARD_W // 2]


def test_app_fx_frames_the_card_just_drawn(table_factory):
    t = table_factory(9)
    start_and_draw(t)
    assert t.phase == PH_DISCARD
    new = t.word("NewCard")
    assert new in t.hand(0)
    assert (top_edge(t, new) == RED).all()               # F/X is on by default
    others = [c for c in t.hand(0) if c != new]
    assert not (top_edge(t, others[0]) == RED).all()
    t.choose("Options", "F/X")
    assert not (top_edge(t, new) == RED).all()


def test_app_oklahoma_shows_the_knock_card(table_factory):
    t = table_factory(3)
    t.choose("Settings", "Game Settings...")
    click_item(t, OKLAHOMA)
    click_item(t, OK)
    t.choose("File", "New Game")
    up = t.word("Upcard")
    from gin_king.oracle.cards import Card
    info = [x for x in t.text() if "Knock card" in x][-1]
    assert f"Knock card {Card(up)}: " in info
    limit = t.word("KnockLimit")
    assert ("gin only" in info) if limit == 0 else (f"limit {limit}" in info)
    assert (", doubled" in info) == (up // 13 == 3)


def test_app_screens_are_refreshed(tmp_path, program):
    from gin_king import screens
    saved = screens.refresh(tmp_path)
    names = {p.name for p in saved}
    assert {"table.png", "table_matrix.png", "table_hand_over.png", "table_score_sheet.png",
            "gk_menu_options.png", "gk_dialog_game_settings.png", "gk_dialog_players.png",
            "gk_dialog_name.png", "gk_alert_advice.png", "gk_alert_about.png",
            "gk_dialog_help.png", "gk_window_show_cards.png", "gk_alert_history.png",
            "gk_alert_refusal.png",
            "gk_dialog_user_cards.png", "gk_dialog_user_stock.png", "gk_alert_draw_for_deal.png",
            "table_draw_for_deal.png", "table_score_sheet_shutout.png",
            "gk_dialog_score_sheet_hollywood.png", "gk_alert_resume.png",
            "table_score_sheet_hollywood.png", "gk_dialog_score_sheet_scrolled.png"} <= names
    for p in saved:
        assert p.stat().st_size > 2000


RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
KNOCK_LEFT, MID_TOP, STOCK_LEFT = 320, 38, 210
SLIDE_MOVE = 4


def slide_frames(h0: int, v0: int, h1: int, v1: int) -> list[tuple[int, int]]:
    """Where a card's rank is drawn (global) in the frames between (h0, v0) and (h1, v1):
    its corner at start + (end - start) * k / SLIDE_MOVE, the rank at (+3, +8)."""
    return [(CONTENT_LEFT + h0 + (h1 - h0) * k // SLIDE_MOVE + 3,
             CONTENT_TOP + v0 + (v1 - v0) * k // SLIDE_MOVE + 8) for k in range(1, SLIDE_MOVE)]


def drawn_at(t, text: str) -> set[tuple[int, int]]:
    return {(h, v) for h, v, x, _ in t.s.tb.qd.text_log if x == text}


def test_app_fx_slides_the_discard_from_the_hand_to_the_pile(table_factory):
    t = table_factory(9)
    start_and_draw(t)
    card = max(t.hand(0))
    frames = slide_frames(*t.card_spot(card), KNOCK_LEFT, MID_TOP)
    t.s.clear_text_log()
    t.click_card(card)                                  # F/X on: the card moves
    assert t.phase == PH_KNOCKQ
    assert set(frames) <= drawn_at(t, RANK_TEXT[card % 13])
    t.choose("Edit", "Undo")
    t.choose("Options", "F/X")                          # off: it jumps
    frames = slide_frames(*t.card_spot(card), KNOCK_LEFT, MID_TOP)
    t.s.clear_text_log()
    t.click_card(card)
    assert t.phase == PH_KNOCKQ
    assert not set(frames) & drawn_at(t, RANK_TEXT[card % 13])


def test_app_fx_deals_card_backs_to_the_hands(table_factory):
    """F/X on: each dealt card is drawn halfway from the stock to its place in its row,
    then at its place; off: never halfway."""
    from gk_table import CARD_H
    halfway = set()
    for row_left, row_top in ((40, 84), (40, 2)):        # HAND_LEFT/TOP, OPP_LEFT/TOP
        for slot in range(10):
            h = STOCK_LEFT + (row_left + 36 * slot - STOCK_LEFT) // 2
            v = MID_TOP + (row_top - MID_TOP) // 2
            halfway.add((v, h, v + CARD_H, h + CARD_W))
    t = table_factory(9)
    qd = t.s.tb.qd
    paint = qd.PaintRRect
    rects = []

    def spy(rect, *a, **k):                              # every round rect painted
        rects.append(tuple(rect))
        return paint(rect, *a, **k)
    qd.PaintRRect = spy
    try:
        t.choose("File", "New Game")
        assert halfway <= set(rects)
        t.choose("File", "End Game")
        t.choose("Options", "F/X")
        rects.clear()
        t.choose("File", "New Game")
        assert not halfway & set(rects)
    finally:
        qd.PaintRRect = paint


def play_hands(t, hands: int) -> list:
    """SimpleHuman's clicks for `hands` hands: the scores and the piles after each."""
    from gk_table import PH_HANDOVER, play_human_turn
    out = []
    while len(out) < hands:
        if t.phase == PH_HANDOVER:
            out.append((t.scores(), t.won(), t.pile(), t.hand(0), t.hand(1)))
        play_human_turn(t)
    return out


def test_app_fx_does_not_change_the_game(table_factory):
    on = table_factory(77)
    on.choose("File", "New Game")
    off = table_factory(77)
    off.choose("Options", "F/X")
    off.choose("File", "New Game")
    assert on.word("SetFX") == 1 and off.word("SetFX") == 0
    assert play_hands(on, 2) == play_hands(off, 2)
