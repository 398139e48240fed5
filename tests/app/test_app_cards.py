"""User Supplied Cards (the native entry parser against the oracle's, and a whole deal
entered through the dialog), Show Cards, Help, the Control Panel."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from gk_table import PH_OFFER, boot_table, play_human_turn
from gin_king import app
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
    path, symbols = app.ensure_built()
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


def test_app_show_cards(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    for _ in range(6):
        play_human_turn(t)
    pile = t.pile()
    t.s.clear_text_log()
    assert t.choose("Options", "Show Cards") == "held"
    text = " ".join(t.text())
    assert "Willy picked up:" in text and "Player picked up:" in text
    from toolbox.font import decode  # noqa: F401
    from gin_king.oracle.cards import Card
    if len(pile) <= 16:
        assert "Discard pile: " + " ".join(str(Card(c)) for c in pile) in text
    t.s.key("\r")
    assert t.s.last_reason == "idle"


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
    assert click_item(t, 1) == "idle"                    # Exit
    assert t.s.tb.dlg.front() is None


def test_app_control_panel_opens_from_the_apple_menu(table_factory):
    t = table_factory()
    assert t.choose("@", "Control Panel") == "held"
    assert b"Control Panel" in [i.text for i in t.s.tb.dlg.front().items]
    t.s.key("\r")
    assert t.s.tb.dlg.front() is None
