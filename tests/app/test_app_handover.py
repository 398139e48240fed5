"""The end of a hand on the table: the defender's cards in melds and deadwood like the
knocker's, the cards he laid off placed on the knocker's melds they joined (with the
"s" mark); Oklahoma's ace knock card refuses a knock with "gin only"."""
from __future__ import annotations

from gk_table import (CARD_H, CONTENT_LEFT, CONTENT_TOP, PH_DISCARD, PH_GAMEOVER, PH_HANDOVER,
                      PH_KNOCKQ, boot_table, play_human_turn)
from gin_king.oracle.melds import deadwood_of_mask
from test_app_settings import OK, OKLAHOMA, click_item


def first_layoff(t):
    """Play as SimpleHuman to the first hand that ends with cards laid off."""
    t.choose("File", "New Game")
    for _ in range(1500):
        assert t.phase != PH_GAMEOVER, "no cards were laid off this game"
        if t.phase == PH_HANDOVER:
            laid = sum(t.word("LaidOff", s) << (13 * s) for s in range(4))
            if laid:
                return [c for c in range(52) if laid >> c & 1]
        play_human_turn(t)
    raise AssertionError("the game did not end")


def bottom_row(t):
    """The bottom hand as the table lays it out: its cards, and its melds as lists."""
    cards = [t.word("LayCard", i) for i in range(t.word("LayN") // 2)]
    melds, start = [], 0
    for m in range(t.word("CnBestCount") // 2):
        end = t.word("LayEnds", m) // 2
        melds.append(cards[start:end])
        start = end
    return cards, melds


def is_meld(cards):
    ranks, suits = {c % 13 for c in cards}, {c // 13 for c in cards}
    if len(ranks) == 1:
        return len(cards) >= 3
    ordered = sorted(c % 13 for c in cards)
    return len(suits) == 1 and ordered == list(range(ordered[0], ordered[0] + len(cards)))


def test_app_cards_laid_off_go_on_the_knockers_melds(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1)           # the player knocks, Willy lays off
    laid = first_layoff(t)
    assert t.word("Knocker") == 0
    cards, melds = bottom_row(t)
    assert sorted(cards) == sorted(t.hand(0) + laid)
    in_melds = [c for meld in melds for c in meld]
    assert all(c in in_melds for c in laid)
    assert all(is_meld(meld) for meld in melds)
    marks = {(h, v) for h, v, text, _ in t.s.tb.qd.text_log if text == "s"}
    for card in laid:                                   # the manual's "s" on each of them
        h, v = t.card_spot(card)
        assert (h + 3 + CONTENT_LEFT, v + CARD_H - 4 + CONTENT_TOP) in marks
    t.s.close()


def test_app_the_defenders_row_shows_the_cards_he_kept(tmp_path, program):
    t = boot_table(tmp_path, program, seed=2)           # Willy knocks, the player lays off
    laid = first_layoff(t)
    assert t.word("Knocker") == 1
    cards, melds = bottom_row(t)
    assert sorted(cards) == sorted(set(t.hand(0)) - set(laid))
    assert all(is_meld(meld) for meld in melds)
    t.s.close()


def test_app_oklahoma_ace_knock_card_says_gin_only(tmp_path, program):
    t = boot_table(tmp_path, program, seed=5)           # the first upcard is the A♦
    t.choose("Settings", "Game Settings...")
    click_item(t, OKLAHOMA)
    click_item(t, OK)
    t.choose("File", "New Game")
    assert t.word("Upcard") % 13 == 0 and t.word("KnockLimit") == 0
    for _ in range(4):
        if t.phase == PH_DISCARD and t.turn == 0:
            break
        t.click_stock()
    assert t.phase == PH_DISCARD
    t.click_card(max(t.hand(0)))
    assert deadwood_of_mask(t.hand_mask(0)) > 0
    assert t.click_knock() == "held"                    # refused: a caution alert
    said = t.alert_text()
    assert "gin only" in said and "limit is 0" not in said
    t.s.key("\r")
    assert t.phase == PH_KNOCKQ and t.message(2) == said
    t.s.close()


def test_app_keypad_enter_continues_after_a_hand_like_return(tmp_path, program):
    from iigs.hostinput import KEY_PAD
    t = boot_table(tmp_path, program, seed=1)
    first_layoff(t)                                     # a hand is over
    hand = t.word("HandNum")
    t.s.key(0x0D, KEY_PAD)
    assert t.phase != PH_HANDOVER and t.word("HandNum") == hand + 1
    t.s.close()
