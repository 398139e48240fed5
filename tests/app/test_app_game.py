"""A whole game against Willy with the mouse, checked against the oracle; the moves a
player can get wrong (an illegal knock; the card just taken may not go straight back); Undo; advice."""
from __future__ import annotations

import pytest

from gk_table import (APPLE, NO_CARD, PH_DISCARD, PH_DRAW, PH_GAMEOVER, PH_HANDOVER,
                      PH_KNOCKQ, PH_OFFER, SimpleHuman, play_human_turn)
from gin_king.oracle.cards import Card
from gin_king.oracle.game import play_game
from gin_king.oracle.melds import deadwood_of_mask
from gin_king.oracle.personalities import Willy
from gin_king.oracle.rules import Rules


def play_to_the_end(t, limit: int = 1500, laid_off: list | None = None) -> list[tuple[int, int]]:
    """SimpleHuman's clicks until the score sheet; the scores after every hand (and, in
    `laid_off`, how many cards were marked "s" at the end of each hand)."""
    after_hands = []
    for _ in range(limit):
        t.check_cards()
        if t.phase == PH_GAMEOVER:
            return after_hands
        if t.phase == PH_HANDOVER:
            after_hands.append(t.scores())
            if laid_off is not None:
                laid_off.append(t.text().count("s"))
        t.s.clear_text_log()
        play_human_turn(t)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [1234, 77, 284])   # 284: the player undercuts and wins
def test_app_full_game_against_willy_matches_the_oracle(table_factory, seed):
    t = table_factory(seed)
    t.choose("File", "New Game")
    assert t.word("Kind", 1) == 1                       # Willy
    marks: list[int] = []
    per_hand = play_to_the_end(t, laid_off=marks)
    expected = play_game(SimpleHuman(), Willy(), Rules(), seed=seed)
    assert marks == [len(h.defence.laid_off) if h.defence else 0 for h in expected.hands]
    running, oracle_scores = [0, 0], []
    for h in expected.hands:
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        oracle_scores.append(tuple(running))
    assert per_hand == oracle_scores
    assert t.scores() == expected.scores and t.won() == expected.hands_won
    sheet = "\n".join(t.text()[-12:])
    f = expected.final
    assert f"total {f.totals[0]}" in sheet and f"total {f.totals[1]}" in sheet
    assert f"wins the game by {f.net} points." in sheet
    for won in expected.hands_won:                      # the box, "1 hand" (1234, 77)
        assert f"box bonus {25 * won} ({won} hand{'' if won == 1 else 's'})" in sheet
    assert "(1 hands)" not in sheet
    assert t.word("NetScore") == f.net
    for player, name in ((0, "Player"), (1, "Willy")):      # the statistics
        kinds = [h.score.kind.value for h in expected.hands if h.score.winner == player]
        assert (f"{name} won {kinds.count('knock')} by knocking, {kinds.count('gin')} by gin, "
                f"{kinds.count('undercut')} by undercut.") in sheet.split("\n") or \
            any(f"{name} won {kinds.count('knock')} by knocking" in x for x in t.text()[-12:])
    assert t.item("File", "New Game").enabled and not t.item("File", "End Game").enabled


def start_and_draw(t):
    """New game; refuse the offers until it is the human's turn to discard."""
    t.choose("File", "New Game")
    for _ in range(4):
        if t.phase == PH_DISCARD and t.turn == 0:
            return
        assert t.phase in (PH_OFFER, PH_DRAW) and t.turn == 0
        t.click_stock()
    assert t.phase == PH_DISCARD


def test_app_the_card_just_taken_may_not_go_straight_back(table_factory):
    """Help's rule, played (issue 45): a click on the card just taken from the pile is
    refused with a beep, a caution alert and the reason on the message line; the hand
    stays as it was, and Undo after another discard keeps the rule."""
    t = table_factory(5)
    t.choose("File", "New Game")
    while not (t.phase in (PH_OFFER, PH_DRAW) and t.turn == 0):
        play_human_turn(t)
    up = t.pile()[-1]
    t.click_pile()                                       # take the upcard
    assert t.phase == PH_DISCARD and up in t.hand(0) and t.word("Taken") == up
    hand, beeps = t.hand(0), t.s.tb.misc.beeps
    assert t.click_card(up) == "held"                    # and try to put it straight back
    said = f"You cannot discard the {Card(up)}: you just took it from the pile."
    assert t.alert().icon == "caution" and t.alert_text() == said
    assert t.s.tb.misc.beeps == beeps + 1
    assert t.s.key("\r") == "idle" and t.alert() is None
    assert t.phase == PH_DISCARD and t.hand(0) == hand and t.message(2) == said
    t.check_cards()
    other = next(c for c in hand if c != up)
    t.click_card(other)                                  # another card is discarded
    assert t.phase == PH_KNOCKQ and t.word("Pending") == other
    t.choose("Edit", "Undo")                             # taken back: still not the upcard
    assert t.phase == PH_DISCARD and t.hand(0) == hand
    t.click_card(up)
    assert t.alert_text() == said
    t.s.key("\r")
    assert t.phase == PH_DISCARD and t.hand(0) == hand
    t.check_cards()


def test_app_undo_takes_the_discard_back(table_factory):
    t = table_factory(9)
    start_and_draw(t)
    hand = t.hand(0)
    card = hand[0]
    t.click_card(card)
    assert t.phase == PH_KNOCKQ and t.word("Pending") == card
    assert t.item("Edit", "Undo").enabled
    t.check_cards()
    t.choose("Edit", "Undo")
    assert t.phase == PH_DISCARD and t.hand(0) == hand and t.word("Pending") == NO_CARD
    assert not t.item("Edit", "Undo").enabled
    t.click_card(card)                                   # again, and with the key
    t.s.key("z", APPLE)
    assert t.phase == PH_DISCARD and t.hand(0) == hand
    t.click_card(card)
    t.click_pile()                                       # discard without knocking
    assert card in t.pile() or card in t.hand(1)         # Willy may have taken it
    t.check_cards()


def test_app_illegal_knock_is_rejected(table_factory):
    t = table_factory(9)
    start_and_draw(t)
    t.click_card(max(t.hand(0)))
    assert deadwood_of_mask(t.hand_mask(0)) > 10
    beeps = t.s.tb.misc.beeps
    assert t.click_knock() == "held"                     # refused: a caution alert
    assert t.alert().icon == "caution" and t.s.tb.misc.beeps == beeps + 1
    said = t.alert_text()
    assert said.startswith("You cannot knock with ") and said.endswith("(the limit is 10).")
    assert said in " ".join(t.text())                    # drawn, beside the icon
    text, ok = t.alert().item(100).rect, t.alert().item(1).rect
    assert text[2] - text[0] <= 14 and ok[0] >= text[2]  # one line, OK under it
    top, left, bottom, right = t.alert().window.content   # as wide as the text needs,
    assert right - left == text[3] + 16 and abs(left + right - 640) <= 1  # centred
    assert bottom - top == ok[2] + 8
    assert t.s.key("\r") == "idle" and t.alert() is None  # OK: the game goes on
    assert t.phase == PH_KNOCKQ and t.message(2) == said
    t.click_pile()
    assert t.phase in (PH_DRAW, PH_OFFER, PH_DISCARD, PH_HANDOVER)
    t.check_cards()


def test_app_advice_comes_from_the_tutor(table_factory):
    t = table_factory(9)
    start_and_draw(t)
    assert t.item("Options", "Advice").enabled
    t.s.clear_text_log()
    assert t.s.key("a", APPLE) == "held"                 # the advice alert is up
    drawn = " ".join(t.text())
    assert "Advice from Willy:" in drawn and "Discard the" in drawn
    t.s.key("\r")
    assert t.phase == PH_DISCARD


@pytest.mark.parametrize("seed,points", [(1234, 150)])
def test_app_oklahoma_game_matches_the_oracle(table_factory, seed, points):
    from gin_king.oracle.rules import Variant
    from test_app_settings import OK, OKLAHOMA, POINTS, click_item
    t = table_factory(seed)
    t.choose("Settings", "Game Settings...")
    click_item(t, OKLAHOMA)
    click_item(t, POINTS[points])
    click_item(t, OK)
    t.choose("File", "New Game")
    per_hand = play_to_the_end(t)
    expected = play_game(SimpleHuman(), Willy(), Rules(Variant.OKLAHOMA, points), seed=seed)
    running, oracle_scores = [0, 0], []
    for h in expected.hands:
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        oracle_scores.append(tuple(running))
    assert per_hand == oracle_scores
    assert t.word("NetScore") == expected.final.net


def test_app_computer_against_computer_matches_the_oracle(table_factory):
    from gin_king.oracle.personalities import Sonia
    from test_app_settings import OK, P1_FIRST, click_item
    t = table_factory(2024)
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 2)                          # player 1: Sonia
    click_item(t, OK)
    t.choose("File", "New Game")                         # each hand plays itself out
    per_hand = play_to_the_end(t)
    expected = play_game(Sonia(), Willy(), Rules(), seed=2024)
    running, oracle_scores = [0, 0], []
    for h in expected.hands:
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        oracle_scores.append(tuple(running))
    assert per_hand == oracle_scores
    assert t.scores() == expected.scores


def expected_end_line(name: str, cards: list[int], laid_off: list[int]) -> str:
    """The oracle's canonical arrangement (best_melds) of the cards a player kept, in the
    words of the table's end-of-hand lines (deadwood by rank, as the table lays it)."""
    from gin_king.oracle.cards import Card
    from gin_king.oracle.melds import best_melds
    arr = best_melds([c for c in cards if c not in laid_off])
    line = f"{name}: " + (", ".join(str(m) for m in arr.melds) if arr.melds else "no melds")
    if laid_off:
        line += "; laid off " + " ".join(str(Card(c)) for c in sorted(laid_off))
    dead = sorted(arr.deadwood_cards, key=lambda c: (c % 13, c // 13))
    if dead:
        return line + "; deadwood " + " ".join(str(c) for c in dead) + f" ({arr.deadwood})"
    return line + "; no deadwood"


def test_app_end_of_hand_lists_melds_and_deadwood_in_words(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    hands = kinds = 0
    seen_layoff = False
    for _ in range(1500):
        if t.phase == PH_GAMEOVER or hands == 2:
            break
        if t.phase == PH_HANDOVER:
            knocker = t.word("Knocker")
            laid = [c for c in range(52) if t.hand_mask(0, "LaidOff") >> c & 1]
            wall = t.word("ResKind") == 3
            lines = [x for x in t.text() if x.startswith(("Willy:", "Player:")) and "deadwood" in x]
            expect = [expected_end_line(name, t.hand(p), [] if wall or p == knocker else laid)
                      for p, name in ((1, "Willy"), (0, "Player"))]
            assert lines == expect
            seen_layoff |= bool(laid) and not wall
            hands += 1
            kinds |= 1 << t.word("ResKind")
        t.s.clear_text_log()
        play_human_turn(t)
    assert hands == 2 and seen_layoff                    # a defender laid cards off
