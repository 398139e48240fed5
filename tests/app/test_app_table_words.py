"""What the table says (issue 39, "what a player sees"): every house rule in force on
the table's bottom line; counts that agree with their nouns ("1 point", "1 hand") in
every message that counts; Eleven/Ten's opening discard told with its subject; Show
Cards' first title drawn whole."""
from __future__ import annotations

import re
from pathlib import Path

from gin_king.oracle.cards import Card
from gk_table import PH_DRAW
from test_app_house_rules import (BOX_DIFFERENCE, CORNER, ELEVEN, HOLLYWOOD, KNOCK_OFF,
                                  LAYOFF_GIN, SPADES, choose_rules)
from iigs.font import decode

APP_SOURCES = Path(__file__).resolve().parents[2] / "gin_king" / "asm" / "app"
RES_KNOCK = 0                   # app.records: how a hand ended
JSR, RTL = 0x20, 0x6B


def rules_lines(t) -> list[str]:
    return [x for x in t.text() if x.startswith(("House rules: ", "Scoring: "))]


def test_app_the_table_shows_every_house_rule_in_force(table_factory):
    plain = table_factory(1234)
    plain.choose("File", "New Game")
    assert rules_lines(plain) == []                       # the manual's rules: silent
    t = table_factory(1234)
    choose_rules(t, checks=(LAYOFF_GIN, CORNER, ELEVEN))
    t.choose("File", "New Game")
    assert rules_lines(t)[-1:] == [
        "House rules: lay off on gin, around the corner (ace 15), Eleven/Ten deal"]
    gin = table_factory(1234)
    choose_rules(gin, checks=(KNOCK_OFF, SPADES))
    gin.choose("File", "New Game")
    assert rules_lines(gin)[-1] == \
        "House rules: gin only (no knocking), no laying off, spades double"
    many = table_factory(1234)                           # too long for a line: two
    choose_rules(many, checks=(LAYOFF_GIN, CORNER, SPADES, ELEVEN, HOLLYWOOD),
                 box=BOX_DIFFERENCE, numbers=(30, 20, 30, 150, 50))
    many.choose("File", "New Game")
    assert rules_lines(many)[-2:] == [
        "House rules: lay off on gin, around the corner (ace 15), spades double, "
        "Eleven/Ten deal",
        "Scoring: Hollywood 0-0 0-0 0-0, box: difference, bonuses: gin 30, undercut 20, "
        "box 30, game 150, shutout +50"]


def test_app_eleven_ten_opening_discard_has_its_subject(table_factory):
    """Seed 1234: the human deals, Willy holds the eleven cards and opens with a
    discard: "Willy discarded the X." (no leading " and")."""
    t = table_factory(1234)
    choose_rules(t, checks=(ELEVEN,))
    t.choose("File", "New Game")
    assert t.phase == PH_DRAW and t.turn == 0 and len(t.pile()) == 1
    assert t.message(2) == f"Willy discarded the {Card(t.pile()[0])}."


def test_app_show_cards_draws_its_first_title_whole(table_factory):
    from gk_table import play_human_turn
    t = table_factory(1234)
    t.choose("File", "New Game")
    for _ in range(6):
        play_human_turn(t)
    assert t.choose("Options", "Show Cards") == "held"
    dlg = t.s.tb.dlg.front()
    titles = {it.item_id: decode(t.s.tb.dlg.expand(it.text)) for it in dlg.items
              if it.kind == 0x0F}
    assert sorted(titles.values()) == ["Discard pile:", "Player picked up from the pile:",
                                       "Willy picked up from the pile:"]
    top, left, _, _ = dlg.window.content
    frame = t.s.frame()                                  # "Disc": ink at the title's start
    start = frame[top + 4:top + 12, left + 8:left + 24]
    assert (start.sum(axis=2) == 0).sum() > 10
    t.s.key("\r")


def call_routine(t, name: str, a: int = 0, x: int = 0) -> None:
    """JSR to one of the program's routines (they end in RTS) through a JSR/RTL pair
    written into a buffer of the code's bank the program uses only while its History
    is up."""
    tramp, target = t.addr("HistCol0"), t.addr(name)
    assert tramp >> 16 == target >> 16
    for i, b in enumerate((JSR, target & 0xFF, target >> 8 & 0xFF, RTL)):
        t.s.machine.mem[tramp + i] = b
    t.s.machine.call(tramp, a=a, x=x)


def pstring(t, name: str) -> str:
    return decode(t.s.read_pstring(t.addr(name)))


def agrees(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def test_app_every_count_agrees_with_its_noun(table_factory):
    """Each message template that counts, with 0, 1 and 2: the nouns' own routine
    (MsgQuantity, every noun of CountNouns), the score line (InfoFor), the end of a
    knocked hand (TellKnock), the final sheet (BuildSheet: hands won, the net, a
    shutout's points); and no count in the program's sources bypasses MsgQuantity."""
    t = table_factory(1234)
    t.choose("File", "New Game")
    nouns, at = [], t.addr("CountNouns")
    while t.s.read_word(at):
        nouns.append(decode(t.s.read_pstring(t.s.read_word(at) | at & 0xFF0000)))
        at += 2
    assert nouns == ["point", "hand", "card"]
    rules = t.addr("RulesBlock")
    for n in (0, 1, 2):
        for noun in nouns:
            t.poke_word("Build", 0)
            call_routine(t, "MsgQuantity", a=n, x=t.addr("Noun" + noun.title()) & 0xFFFF)
            assert pstring(t, "Build") == agrees(n, noun)
        t.poke_word("Score", n)
        t.poke_word("Won", n)
        t.poke_word("Build", 0)
        call_routine(t, "InfoFor", a=0)
        assert pstring(t, "Build") == f"Player: {agrees(n, 'point')}, {agrees(n, 'hand')}"
        for word, value in (("Knocker", 0), ("ResKind", RES_KNOCK), ("KnockDw", n),
                            ("DefDw", n), ("ResWinner", 0), ("ResPoints", n)):
            t.poke_word(word, value)
        call_routine(t, "TellKnock")
        assert pstring(t, "MsgLine1") == (f"Player knocks with {agrees(n, 'point')}. "
                                          f"Willy has {agrees(n, 'point')} of deadwood.")
        # the final sheet: no box, no game bonus, a shutout adding n points; Player
        # won n hands by n points (net n), Willy one hand (no shutout) ...
        for i, value in enumerate((0, 0, 0, 0, 0, 0, 0, 25, 25, 25, 2, 0, n, 100)):
            t.s.machine.mem[rules + 2 * i] = value & 0xFF
            t.s.machine.mem[rules + 2 * i + 1] = value >> 8
        t.poke_word("GameWinner", 0)
        t.poke_word("Score", n)
        t.poke_word("Score", 0, 1)
        t.poke_word("Won", n)
        t.poke_word("Won", 1, 1)
        call_routine(t, "BuildSheet")
        lines = [decode(t.s.read_pstring(t.addr("SheetLines") + 128 * i))
                 for i in range(t.word("SheetN") // 2)]
        assert f"({agrees(n, 'hand')})" in lines[1]
        assert lines[3] == f"Player wins the game by {agrees(n, 'point')}."
        t.poke_word("Won", 0, 1)                         # ... or a shutout of Willy
        call_routine(t, "BuildSheet")
        lines = [decode(t.s.read_pstring(t.addr("SheetLines") + 128 * i))
                 for i in range(t.word("SheetN") // 2)]
        assert lines[3] == f"Shutout: the winner gets {agrees(n, 'point')} more."
    bypass = []
    for path in sorted(APP_SOURCES.glob("*.asm")):
        lines = path.read_text(encoding="latin-1").splitlines()
        for i, line in enumerate(lines[:-1]):
            if re.search(r"JSR\s+MsgNum\b", line) and \
                    re.search(r"Msg\s+' (points?|hands?|cards?)\b", lines[i + 1]):
                bypass.append(f"{path.name}:{i + 2}: {lines[i + 1].strip()}")
    assert bypass == []
