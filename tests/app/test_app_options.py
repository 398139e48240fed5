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
    t.click_knock()                                      # illegal: refused, silently
    assert t.phase == PH_KNOCKQ and t.s.tb.misc.beeps == beeps
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
            "gk_dialog_help.png", "gk_alert_show_cards.png", "gk_alert_history.png",
            "gk_dialog_user_cards.png"} <= names
    for p in saved:
        assert p.stat().st_size > 2000
