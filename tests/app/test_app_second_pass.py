"""The careful player's second pass (issue 45 §2-3): two copies of one personality named
apart, one order for the players' scores, the computer's move kept on the table through
Undo and Show Cards, the final sheet's rows, alerts and dialogs that say what they mean,
the name's length, and User Supplied Cards' draw for deal."""
from __future__ import annotations

import re

from gk_table import PH_DISCARD, PH_GAMEOVER, PH_HANDOVER, PH_KNOCKQ, play_human_turn
from test_app_settings import OK, P1_FIRST, P2_FIRST, click_item
from test_app_stats import HEADING, rows
from iigs.font import decode


def test_app_two_copies_of_a_personality_are_named_apart(table_factory):
    """Sonia against Sonia: the second seat is "Sonia 2" on the score line, in the draw for
    deal, Show Cards' titles, the Score Sheet's heading and the statistics."""
    t = table_factory(2)
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 2)                          # Sonia against Sonia
    click_item(t, P2_FIRST + 2)
    click_item(t, OK)
    t.choose("File", "New Game")
    assert t.word("Kind", 0) == t.word("Kind", 1) == 2
    text = t.text()
    assert any(re.match(r"Sonia 2: \d+ points?, \d hands?      Sonia: \d+ point", x)
               for x in text)
    assert "Sonia, Sonia 2" in text                          # the draw for deal
    assert t.choose("Options", "Show Cards") == "held"
    dlg = t.s.tb.dlg.front()
    titles = sorted(decode(t.s.tb.dlg.expand(it.text)) for it in dlg.items
                    if it.kind == 0x0F)
    assert {"Sonia 2 picked up from the pile:", "Sonia picked up from the pile:"} < set(titles)
    t.s.key("\r")
    for _ in range(400):
        if t.phase == PH_GAMEOVER:
            break
        play_human_turn(t)
    else:
        raise AssertionError("the game did not end")
    assert t.choose("Options", "Score Sheet") == "held"
    assert rows(t)[0][:3] == ("Hand", "Sonia", "Sonia 2")
    t.s.key("\r")
    assert t.choose("Options", "Statistics...") == "held"
    got = rows(t)
    assert got[0] == HEADING and got[1][0] == "Standard gin"
    winner = t.word("GameWinner")
    assert [r[:3] for r in got[2:]] == [("    Sonia", "1", str(int(winner == 0))),
                                        ("    Sonia 2", "1", str(int(winner == 1)))]
    t.s.key("\r")


def test_app_one_order_for_scores_and_the_computers_move_kept(table_factory):
    """Hollywood: the three games' scores on the rules line in the score line's order
    (player 2 first). Show Cards (F6) and Undo (F3) leave the computer's move on line 2,
    and bring it back when a refused knock's reason covered it."""
    from iigs.host import FUNCTION_KEY_CODES
    from iigs.hostinput import KEY_PAD
    from test_app_house_rules import HOLLYWOOD, choose_rules
    f3, f6 = FUNCTION_KEY_CODES[3], FUNCTION_KEY_CODES[6]
    t = table_factory(1234)
    choose_rules(t, checks=(HOLLYWOOD,))
    t.choose("File", "New Game")
    while not (t.phase == PH_DISCARD and t.message(2).startswith("Willy ")):
        play_human_turn(t)
    moved = t.message(2)                                 # "Willy drew ... discarded ..."
    t.s.key(f6, KEY_PAD)
    t.s.key("\r")
    assert t.message(2) == moved
    hand = t.hand(0)
    t.click_card(hand[0])                                # the discard waits: knock?
    assert t.phase == PH_KNOCKQ
    t.s.key(f3, KEY_PAD)                                 # Undo
    assert t.phase == PH_DISCARD and t.message(2) == moved
    for back in (f3, f6):                                # a knock refused, then back
        t.click_card(hand[0])
        t.click_knock()
        assert t.alert() is not None
        t.s.key("\r")
        assert t.message(2).startswith("You cannot knock with ")
        t.s.clear_text_log()
        t.s.key(back, KEY_PAD)
        if back == f6:
            t.s.key("\r")
        assert t.message(2) == moved and moved in t.text()
    t.choose("File", "Save Settings")                    # a notice of another kind
    assert t.message(2) == "Settings saved."
    t.s.key(f6, KEY_PAD)
    t.s.key("\r")
    assert t.message(2) == moved
    assert t.phase == PH_KNOCKQ
    while t.phase != PH_HANDOVER:
        play_human_turn(t)
    p1, p2 = t.scores()
    assert p1 != p2
    text = t.text()
    assert any(x.startswith(f"Game 1:  Willy: {p2} point") and f"Player: {p1} point" in x
               for x in text)
    assert any(x.endswith(f"Hollywood {p2}-{p1} 0-0 0-0") for x in text)


def test_app_dialogs_and_alerts_say_what_they_mean(table_factory):
    """Statistics with nothing to reset: Reset ghosted. A name longer than 20 characters:
    the entry line stops at 20 with a beep a key, and keeps what it shows. House Rules:
    the shutout's field says what it sets; under Oklahoma Eleven/Ten is shown unticked
    (and kept for the standard game). The tournament's End Game alert: its lines alike,
    no word alone on the last."""
    from test_app_alerts import assert_asks_with_cancel_the_default
    from test_app_house_rules import ELEVEN, HOLLYWOOD, choose_rules, open_rules
    from test_app_settings import CANCEL, OKLAHOMA, STANDARD
    from test_app_stats import RESET
    from toolbox.dialog import wrap_text
    t = table_factory(1234)
    assert t.choose("Options", "Statistics...") == "held"          # nothing to reset
    dlg = t.s.tb.dlg.front()
    assert not dlg.item(RESET).enabled and dlg.item(RESET).control.hilite == 255
    click_item(t, RESET)
    assert t.s.tb.dlg.front() is dlg and t.alert() is None        # no question asked
    t.s.key("\r")
    assert t.s.tb.dlg.front() is None

    assert t.choose("Settings", "Enter Name...") == "held"
    beeps = t.s.tb.snd.beeps                             # (LineEdit's: the Sound Tool's)
    t.s.type("Bartholomew Montgomery")                  # 22 characters: 2 refused
    shown = decode(t.s.tb.dlg.front().item(3).edit.model.text)
    assert shown == "Bartholomew Montgome" and t.s.tb.snd.beeps == beeps + 2
    t.s.key("\r")
    assert decode(t.s.read_pstring(t.addr("PlayerName"))) == shown

    dlg = open_rules(t)
    labels = [decode(it.text) for it in dlg.items if it.kind & 0xFF == 0x0F and it.text]
    assert "points a shutout adds, or double (the manual's)" in labels
    t.s.key(0x1B)
    choose_rules(t, checks=(ELEVEN,))
    t.choose("Settings", "Game Settings...")
    click_item(t, OKLAHOMA)
    click_item(t, OK)
    dlg = open_rules(t)
    assert dlg.item(ELEVEN).control.value == 0 and not dlg.item(ELEVEN).enabled
    click_item(t, HOLLYWOOD)                             # OK: the deal is kept
    click_item(t, OK)
    assert t.word("SetRules", 5) == 1 and t.word("SetRules", 6) == 1
    t.choose("Settings", "Game Settings...")
    click_item(t, STANDARD)
    click_item(t, OK)
    dlg = open_rules(t)
    assert dlg.item(ELEVEN).control.value == 1 and dlg.item(ELEVEN).enabled
    click_item(t, CANCEL)

    t.choose("Settings", "Tournament Mode")
    t.choose("File", "New Game")
    assert any(x.startswith(f"Willy: 0 points, 0 hands      {shown}: 0 points")
               for x in t.text())                        # the name whole on the table
    assert t.choose("File", "End Game") == "held"
    assert_asks_with_cancel_the_default(t, "End Game")
    text = t.alert().item(100)
    top, left, _, right = text.rect
    lines = wrap_text(t.s.tb.dlg.expand(text.text), right - left, t.s.tb.qd.StringWidth)
    widths = [t.s.tb.qd.StringWidth(line) for line in lines]
    assert len(lines) == 2 and len(lines[-1].split()) > 3 and widths[1] > widths[0] // 2
    t.s.key("\r")                                        # Cancel: the game goes on
    assert t.phase != 0


def test_app_user_supplied_cards_ask_for_the_draw_for_deal(table_factory):
    """User Supplied Cards asks for both cards of the draw for deal (the second, already
    taken, becomes the closest available card, as the oracle has it), shows them on the
    table, and deals as the oracle does with the same entries."""
    from gin_king.oracle.dealing import UserSuppliedDecks
    from gin_king.oracle.entry import CardRequest, closest_available
    from gin_king.oracle.rules import Rules
    from gin_king.oracle.state import GameState
    from test_app_cards import entry_dialog, user_supplied
    t = table_factory(1234)
    user_supplied(t)
    assert t.choose("File", "New Game") == "held"
    answers = ["KS", "KS", "", "", ""]
    for name, entry in (("Player", "KS"), ("Willy", "KS")):
        prompt, why, _ = entry_dialog(t)
        assert prompt == (f"Enter the card {name} draws for deal (1 card, e.g. 4H). "
                          "Return alone draws it at random.") and why == ""
        t.s.type(entry)
        t.s.key("\r")
    king = 3 * 13 + 12                                   # the K♠, high: the player asks
    second = closest_available(CardRequest(12, 3), 1 << king)
    assert (t.word("DrawCard0"), t.word("DrawCard1")) == (king, second)
    assert t.word("DealAsking")
    t.s.key("\r")                                        # Make Willy deal
    for _ in range(3):                                   # the hands and upcard: random
        assert entry_dialog(t)[0].startswith("Enter the ")
        t.s.key("\r")
    it = iter(answers)
    state = GameState(Rules(), 1234, UserSuppliedDecks(lambda what, n: next(it)))
    assert state.draw_cards == (king, second, 1)
    state.advance()
    assert [t.byte("Deck", i) for i in range(21)] == [int(c) for c in state.hand.deck[:21]]
    assert "Player, Willy" in t.text()                   # the draw shown on the table
