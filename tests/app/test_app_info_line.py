"""The score line under the opponent's hand is laid out by what fits in the window
(issue 45): the game's terms in full after the scores, else in shorter words, else one a
line under the scores; the knock card's limit always shows. Widths are measured with the
font the program draws with, as QuickDraw's StringWidth does."""
from __future__ import annotations

from gk_table import boot_table
from test_app_settings import OK, OKLAHOMA, click_item
from gin_king.oracle.cards import Card
from iigs.font import encode, text_width

INFO_WIDTH = 606            # table.asm INFO_WIDTH: the table's width less a margin each side
LONG_NAME = "ABCDEFGHIJKLMNOPQRST"   # 20 characters, the most Enter Name takes


def info_lines(t) -> list[str]:
    """The score line as last drawn and the two strings drawn after it."""
    text = t.text()
    first = max(i for i, x in enumerate(text) if "Game to " in x)
    return text[first:first + 3]


def new_tournament_game(t, seed: int) -> list[str]:
    t.poke_word("SetSeedLo", seed)
    t.s.clear_text_log()
    t.choose("File", "New Game")
    return info_lines(t)


def test_the_knock_limit_always_shows_in_a_tournament_game(tmp_path, program):
    t = boot_table(tmp_path, program)
    t.choose("Settings", "Game Settings...")
    click_item(t, OKLAHOMA)
    click_item(t, OK)
    t.choose("Settings", "Tournament Mode")

    # Seed 3: the knock card is the 5♥. The default name: 121 characters, in full on the
    # line (the program cut it at 120 before: "Knock card 5♥: limit").
    line = new_tournament_game(t, 3)[0]
    assert line.endswith("      Tournament game      Knock card 5♥: limit 5")
    assert text_width(encode(line)) <= INFO_WIDTH and len(line) > 120

    def end_game() -> None:
        assert t.choose("File", "End Game") == "held"      # a tournament game: asked
        click_item(t, OK)

    # A 20-character name: in full it would be too wide; in shorter words it fits.
    end_game()
    t.choose("Settings", "Enter Name...")
    t.s.type(LONG_NAME)
    click_item(t, OK)
    lines = new_tournament_game(t, 3)
    line = lines[0]
    scores = line[:line.index("Game to 100") + len("Game to 100")]
    assert LONG_NAME in scores
    assert text_width(encode(scores + "      Tournament game      Knock card 5♥: limit 5")) \
        > INFO_WIDTH
    assert line == scores + "   Tournament   Knock 5♥: limit 5"
    assert text_width(encode(line)) <= INFO_WIDTH
    assert "Tournament game" not in lines[1:]

    # Seed 18: the 10♠, limit 10 and doubled. Too wide even in shorter words: the scores
    # alone, and each term in full on a line of its own under them.
    end_game()
    lines = new_tournament_game(t, 18)
    assert Card(t.word("Upcard")) == Card.parse("10♠") and t.word("KnockLimit") == 10
    assert text_width(encode(scores + "   Tournament   Knock 10♠: limit 10, doubled")) \
        > INFO_WIDTH
    assert lines == [scores, "Tournament game", "Knock card 10♠: limit 10, doubled"]
    t.s.close()
