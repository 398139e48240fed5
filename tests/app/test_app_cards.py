"""User Supplied Cards (the native entry parser against the oracle's, and a whole deal
entered through the dialog), Show Cards, Help, the Control Panel."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from gk_table import PH_DISCARD, PH_OFFER, boot_table, play_human_turn
from gin_king import build
from gin_king.oracle.dealing import UserSuppliedDecks
from gin_king.oracle.entry import CardEntryError, parse_entry
from gin_king.oracle.rules import Rules
from gin_king.oracle.state import GameState
from test_app_settings import OK, USER, click_item
from toolbox.font import encode


@pytest.fixture(scope="module")
def parser():
    """GIN.KING loaded in a bare machine: ParseEntryL called directly."""
    from iigs.machine import Machine
    path, symbols = build.ensure_built()
    m = Machine()
    prog = m.load(path.read_bytes())

    def parse(text: str, limit: int):
        data = encode(text)
        buf = prog.address_of(1, symbols["EntryBuf"]["offset"])
        m.mem[buf] = len(data)
        m.mem[buf + 1:buf + 1 + len(data)] = data
        lim = prog.address_of(1, symbols["EntryLimit"]["offset"])
        m.mem[lim], m.mem[lim + 1] = limit & 0xFF, limit >> 8
        r = m.call(prog.address_of(1, symbols["ParseEntryL"]["offset"]))
        if r.carry:
            return None
        word = lambda name, i: int.from_bytes(   # noqa: E731
            m.mem[prog.address_of(1, symbols[name]["offset"]) + 2 * i:][:2], "little")
        n = word("ReqN", 0)
        return [(word("ReqRank", i), None if word("ReqSuit", i) == 0xFFFF else word("ReqSuit", i))
                for i in range(n)]
    return parse


def oracle_parse(text: str, limit: int):
    try:
        return [(r.rank, r.suit) for r in parse_entry(text, limit)]
    except CardEntryError:
        return None


EXAMPLES = ["AS, 2H, 5C, 5D, 10S, QH", "A 5 6 4D 3D", "4H56", "", "  ", "tc jd Qh ks",
            "1", "10", "101", "1x", "A♠ 10♥,,K", "ZZ", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
            "2,3;4", "9s9S9c", "k", "Q Q Q Q Q"]


@pytest.mark.parametrize("text", EXAMPLES)
def test_app_entry_parser_matches_the_oracle_on_examples(parser, text):
    assert parser(text, 10) == oracle_parse(text, 10)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="A23456789TJQKacdhsCDHS10 ,x♣♥", max_size=30),
       st.sampled_from([1, 10, 31]))
def test_app_entry_parser_matches_the_oracle(parser, text, limit):
    assert parser(text, limit) == oracle_parse(text, limit)


def test_app_user_supplied_cards_deal_as_the_oracle_does(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1234)
    t.choose("Settings", "Game Settings...")
    click_item(t, USER)
    click_item(t, OK)
    assert t.choose("File", "New Game") == "held"       # asked for the first hand
    assert any("Enter the hand of" in x for x in t.text())
    beeps = t.s.tb.misc.beeps
    entries = ["AS, 2H, 5C, 5D, 10S, QH", "A 5 6 4D 3D", "1x", "4H", ""]
    for entry in entries[:2]:
        t.s.type(entry)
        assert t.s.key("\r") == "held"
    # The upcard's prompt in good English: "1 card", not "up to 1 cards".
    assert any("Enter the first upcard (1 card, e.g. 4H)." in x for x in t.text())
    assert not any("up to 1 cards" in x for x in t.text())
    t.s.type(entries[2])                                 # unreadable: beep, asked again
    assert t.s.key("\r") == "held" and t.s.tb.misc.beeps == beeps + 1
    assert t.word("EntryRejects") == 1
    t.s.key(0x7F)
    t.s.type(entries[3])
    t.s.key("\r")
    assert t.s.key("\r") == "idle"                       # the stock: all at random
    answers = iter(entries)
    state = GameState(Rules(), 1234, UserSuppliedDecks(lambda what, n: next(answers)))
    state.advance()
    assert [t.byte("Deck", i) for i in range(52)] == [int(c) for c in state.hand.deck]
    assert t.phase == PH_OFFER or t.phase > PH_OFFER
    t.check_cards()
    t.s.close()


SUITS = "♣♦♥♠"
RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}


def faces_in(t, port: int) -> list[tuple[str, int, int]]:
    """The card faces DrawCard drew in `port` (its rank, then its suit on the same
    baseline), as (card text, global h, global v) in drawing order."""
    log = [e for e in t.s.tb.qd.text_log if e[3] == port]
    return [(text + nxt[2], h, v) for (h, v, text, _), nxt in zip(log, log[1:])
            if text in RANKS and nxt[2] in SUITS and nxt[1] == v]


def show_rows(t) -> tuple[list[str], list[list[str]]]:
    """Options/Show Cards is open: (the window's texts, its rows of card pictures)."""
    port = t.word("DlgPtr") | t.word("DlgPtr", 1) << 16
    texts = [e[2] for e in t.s.tb.qd.text_log if e[3] == port]
    rows: dict[int, list[tuple[int, str]]] = {}
    for card, h, v in faces_in(t, port):
        rows.setdefault(v, []).append((h, card))
    for row in rows.values():                      # left to right, one SHOW_STEP apart
        assert [h for h, _ in row] == list(range(row[0][0], row[0][0] + 24 * len(row), 24))
    return texts, [[c for _, c in rows[v]] for v in sorted(rows)]


def names(cards) -> list[str]:
    from gin_king.oracle.cards import Card
    return [str(Card(c)) for c in cards]


def expect_rows(t, first: list[str], rows: list[list[str]]) -> None:
    """rows == first, the opponent's picks, the player's picks (empty rows not drawn)."""
    took1 = [c for c in range(52) if t.hand_mask(1, "Took") >> c & 1]
    took0 = [c for c in range(52) if t.hand_mask(0, "Took") >> c & 1]
    assert rows == [r for r in (first, names(took1), names(took0)) if r]


def test_app_show_cards(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    for _ in range(6):
        play_human_turn(t)
    t.s.clear_text_log()
    assert t.choose("Options", "Show Cards") == "held"
    texts, rows = show_rows(t)
    assert "Discard pile:" in texts and "Willy picked up from the pile:" in texts
    assert "Player picked up from the pile:" in texts
    expect_rows(t, names(t.pile()), rows)
    assert len(rows[0]) >= 2                           # the pile, as pictures
    t.s.key("\r")
    assert t.s.last_reason == "idle"


def test_app_show_cards_a_long_pile_shows_the_unseen_cards(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    for _ in range(4):
        play_human_turn(t)
    while t.phase != PH_DISCARD:
        play_human_turn(t)
    # 26 cards go from the stock to the pile: more than a row holds
    start, n = t.word("StockIdx"), t.word("PileLen")
    for i in range(26):
        t.s.machine.mem[t.addr("Pile") + n + i] = t.byte("Deck", start + i)
    t.poke_word("PileLen", n + 26)
    t.poke_word("StockIdx", start + 26)
    t.check_cards()
    t.s.clear_text_log()
    assert t.choose("Options", "Show Cards") == "held"
    texts, rows = show_rows(t)
    assert "The discard pile is too long to show; the cards not yet seen:" in texts
    seen = t.hand_mask(0) | t.hand_mask(1, "Took") & t.hand_mask(1)
    for c in t.pile():
        seen |= 1 << c
    unseen = [c for c in range(52) if not seen >> c & 1]
    assert len(unseen) == 52 - 11 - len(t.pile()) - bin(t.hand_mask(1, "Took") & t.hand_mask(1)).count("1")
    expect_rows(t, names(unseen), rows)
    t.s.key("\r")
    assert t.s.last_reason == "idle"


def test_app_function_keys_f6_shows_cards_and_f3_undoes(table_factory):
    from iigs.host import FUNCTION_KEY_CODES
    from iigs.hostinput import KEY_PAD
    t = table_factory(9)
    t.choose("File", "New Game")
    while t.phase != PH_DISCARD:
        play_human_turn(t)
    t.s.clear_text_log()
    assert t.s.key(FUNCTION_KEY_CODES[6], KEY_PAD) == "held"        # F6
    texts, rows = show_rows(t)
    assert "Discard pile:" in texts
    t.s.key("\r")
    hand = t.hand(0)
    t.click_card(hand[0])
    assert t.word("Pending") == hand[0]
    t.s.key(FUNCTION_KEY_CODES[3], KEY_PAD)                          # F3 = Undo
    assert t.phase == PH_DISCARD and t.hand(0) == hand
    t.s.key("5", KEY_PAD)              # the keypad's 5: no command
    assert t.phase == PH_DISCARD and t.s.last_reason == "idle"


def test_app_window_host_maps_f3_and_f6():
    """The pygame window's key map gives the Extended Keyboard's F-keys their codes."""
    import pygame
    from iigs.host import FUNCTION_KEY_CODES, WindowHost
    from iigs.hostinput import KEY_PAD
    host = WindowHost(scale=1)
    try:
        assert host.key_code(pygame.K_F3, "", 0) == (FUNCTION_KEY_CODES[3], KEY_PAD) == (0x63, KEY_PAD)
        assert host.key_code(pygame.K_F6, "", 0) == (FUNCTION_KEY_CODES[6], KEY_PAD) == (0x61, KEY_PAD)
    finally:
        host.close()


def page_line(t):
    return [x for x in t.text() if ": page " in x][-1]


def test_app_help_pages(table_factory):
    t = table_factory()
    assert t.choose("@", "Help...") == "held"
    assert "Rules of Gin: page 1 of 3" in t.text()
    click_item(t, 10)                                    # Next
    assert page_line(t) == "Rules of Gin: page 2 of 3"
    click_item(t, 9)                                     # Prev
    assert page_line(t) == "Rules of Gin: page 1 of 3"
    for topic, name, pages in [(4, "Playing", 3), (5, "Menus", 3),
                               (6, "Computer Players", 2), (7, "Scoring", 2)]:
        click_item(t, topic)
        assert page_line(t) == f"{name}: page 1 of {pages}"
        for _ in range(pages + 1):                       # Next stops at the last page
            click_item(t, 10)
        assert page_line(t) == f"{name}: page {pages} of {pages}"
        items = {i.item_id: i for i in t.s.tb.dlg.front().items}
        assert items[9].enabled and not items[10].enabled  # Next dimmed on the last page
    click_item(t, 3)
    items = {i.item_id: i for i in t.s.tb.dlg.front().items}
    assert not items[9].enabled and items[10].enabled      # Prev dimmed on the first
    assert click_item(t, 1) == "idle"                    # Exit
    assert t.s.tb.dlg.front() is None


def test_app_user_supplied_random_hands_leave_a_named_upcard_free(tmp_path, program):
    """A random fill never takes a card named in a later prompt of the same deal: hands
    dealt at random, then the 4♥ asked for as the upcard is the 4♥."""
    for seed in (1234, 7, 99):
        t = boot_table(tmp_path, program, seed=seed, disk_name=f"u{seed}.po")
        t.choose("Settings", "Game Settings...")
        click_item(t, USER)
        click_item(t, OK)
        assert t.choose("File", "New Game") == "held"
        t.s.key("\r")                                    # both hands at random
        t.s.key("\r")
        t.s.type("4H")
        t.s.key("\r")
        assert t.s.key("\r") == "idle"                   # the stock at random
        assert t.byte("Deck", 20) == 2 * 13 + 3          # the 4♥
        answers = iter(["", "", "4H", ""])
        state = GameState(Rules(), seed, UserSuppliedDecks(lambda what, n: next(answers)))
        state.advance()
        assert [t.byte("Deck", i) for i in range(52)] == [int(c) for c in state.hand.deck]
        t.check_cards()
        t.s.close()
