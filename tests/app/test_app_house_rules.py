"""Settings > House Rules...: the dialog (check boxes, the box's modes, the bonuses' edit
lines, Cancel, bad numbers, ghosting during a game), games under the house rules against
the oracle hand by hand, and GIN.PREFS version 3 (an older file: no house rules)."""
from __future__ import annotations

from pathlib import Path

import pytest

from gk_table import APPLE, PH_GAMEOVER, PH_HANDOVER, boot_table, play_human_turn
from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import Sonia, Willy
from gin_king.oracle.rules import Rules, parse_rules
from test_app_settings import OK, CANCEL, P1_FIRST, click_item

# item IDs of the House Rules dialog (dialogs.asm HR_...)
KNOCK_OFF, LAYOFF_OFF, LAYOFF_GIN, CORNER, SPADES, ELEVEN, HOLLYWOOD = range(3, 10)
BOX_EACH, BOX_DIFFERENCE, BOX_OFF = 10, 11, 12
GIN, UNDERCUT, BOX, GAME, SHUTOUT = range(13, 18)
RULE_WORDS = ("knockOff", "layoffOff", "layoffGin", "corner", "spadesDouble", "deal",
              "scoring", "ginBonus", "undercutBonus", "boxBonus", "box", "gameBonus",
              "shutout", "points")
MANUAL = [0, 0, 0, 0, 0, 0, 0, 25, 25, 25, 0, 100, 0xFFFF, 100]


def value(dlg, item):
    return dlg.item(item).control.value


def field(dlg, item):
    return bytes(dlg.item(item).edit.model.text)


def rules_words(t, name="SetRules"):
    return [t.word(name, i) for i in range(len(RULE_WORDS))]


def open_rules(t):
    assert t.choose("Settings", "House Rules...") == "held"
    return t.s.tb.dlg.front()


def type_numbers(t, numbers):
    """The five edit lines, first to last (the first is selected, Tab selects the next)."""
    for i, n in enumerate(numbers):
        if i:
            t.s.key("\t")
        t.s.type(str(n))


def choose_rules(t, checks=(), box=None, numbers=None):
    open_rules(t)
    for item in checks:
        click_item(t, item)
    if box is not None:
        click_item(t, box)
    if numbers is not None:
        type_numbers(t, numbers)
    assert click_item(t, OK) == "idle"


def computers_game(t, rules: Rules, seed: int):
    """Sonia against Willy under `rules`: the program's scores after every hand and at the
    end against the oracle's play_game, hand by hand."""
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 2)                          # player 1: Sonia
    click_item(t, OK)
    t.choose("File", "New Game")
    return game_matches_the_oracle(t, rules, seed)


def game_matches_the_oracle(t, rules: Rules, seed: int):
    """Sonia against Willy, the game begun: played to its end, its scores after every
    hand, its lay-offs and its end against the oracle's play_game."""
    per_hand, marks = [], []
    for _ in range(400):
        t.check_cards()
        if t.phase == PH_GAMEOVER:
            break
        if t.phase == PH_HANDOVER:
            per_hand.append(t.scores())
            marks.append(sum(bin(t.word("LaidOff", i)).count("1") for i in range(4))
                         if t.word("ResKind") != 3 else 0)
        t.s.clear_text_log()
        play_human_turn(t)
    else:
        raise AssertionError("the game did not end")
    expected = play_game(Sonia(), Willy(), rules, seed=seed)
    running, oracle = [0, 0], []
    for h in expected.hands:
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        oracle.append(tuple(running))
    assert per_hand == oracle
    assert t.scores() == expected.scores
    assert marks == [len(h.defence.laid_off) if h.defence else 0 for h in expected.hands]
    return expected


def test_app_house_rules_dialog_sets_every_rule(table_factory):
    t = table_factory()
    assert rules_words(t) == MANUAL
    dlg = open_rules(t)
    assert [dlg.item(i).kind for i in range(KNOCK_OFF, HOLLYWOOD + 1)] == [0x0B] * 7
    assert any("tournament plays the manual" in (i.text or b"").decode("latin-1")
               for i in dlg.items if hasattr(i, "text") and i.text)
    for item in (CORNER, SPADES, LAYOFF_GIN):
        click_item(t, item)
    click_item(t, BOX_DIFFERENCE)
    type_numbers(t, [30, 20, 10, 150, 200])
    assert click_item(t, OK) == "idle"
    assert rules_words(t) == [0, 0, 1, 1, 1, 0, 0, 30, 20, 10, 1, 150, 200, 100]
    dlg = open_rules(t)                                  # shown as they were chosen
    assert [value(dlg, i) for i in range(KNOCK_OFF, HOLLYWOOD + 1)] == [0, 0, 1, 1, 1, 0, 0]
    assert value(dlg, BOX_DIFFERENCE) == 1
    assert [field(dlg, i) for i in range(GIN, SHUTOUT + 1)] == [b"30", b"20", b"10", b"150", b"200"]
    click_item(t, CANCEL)


def test_app_house_rules_cancel_restores_and_links(table_factory):
    t = table_factory()
    dlg = open_rules(t)
    click_item(t, LAYOFF_GIN)
    click_item(t, KNOCK_OFF)                             # knocking off: laying off off too
    assert value(dlg, LAYOFF_OFF) == 1 and value(dlg, LAYOFF_GIN) == 0
    click_item(t, BOX_OFF)
    type_numbers(t, [1, 2, 3, 4, "double"])
    assert click_item(t, CANCEL) == "idle"
    assert rules_words(t) == MANUAL
    choose_rules(t, checks=(KNOCK_OFF,))
    assert rules_words(t)[:3] == [1, 1, 0]


def test_app_house_rules_bad_number_is_refused(table_factory):
    t = table_factory()
    open_rules(t)
    type_numbers(t, [25, "x1", 25, 100, "double"])
    click_item(t, OK)
    assert "number of points from 0 to 999" in t.alert_text()
    t.s.key("\r")                                        # the alert's OK: the dialog stays
    assert t.s.tb.dlg.front() is not None
    click_item(t, CANCEL)
    assert rules_words(t) == MANUAL
    open_rules(t)
    type_numbers(t, [25, 25, 25, 1000, 5])
    click_item(t, OK)
    assert "0 to 999" in t.alert_text()
    t.s.key("\r")
    click_item(t, CANCEL)
    assert rules_words(t) == MANUAL


def test_app_house_rules_ghosted_during_a_game(table_factory):
    t = table_factory()
    t.choose("File", "New Game")
    dlg = open_rules(t)
    assert not any(dlg.item(i).enabled for i in range(KNOCK_OFF, SHUTOUT + 1))
    assert dlg.item(OK).enabled and dlg.item(CANCEL).enabled
    click_item(t, CORNER)
    click_item(t, OK)
    assert rules_words(t) == MANUAL


# A Simple Gin game against the oracle: test_app_house_rules_kept.py, which plays it once
# for that and for its statistics.


@pytest.mark.parametrize("checks,box,numbers,names,seed", [
    ((SPADES,), None, None, "spades-double", 7),
    ((LAYOFF_GIN,), BOX_DIFFERENCE, [10, 30, 20, 50, 75],
     "layoff-on-gin,box-difference,gin=10,undercut=30,box=20,game=50,shutout=75", 15),
    ((LAYOFF_OFF,), BOX_OFF, None, "no-layoff,no-box", 5),
])
def test_app_house_rule_games_match_the_oracle(table_factory, checks, box, numbers, names, seed):
    t = table_factory(seed)
    choose_rules(t, checks=checks, box=box, numbers=numbers)
    expected = computers_game(t, parse_rules(names), seed)
    if LAYOFF_GIN in checks:                             # cards were laid off on a gin
        assert any(h.score.kind.value == "gin" and h.defence.laid_off for h in expected.hands)
    f = expected.final
    assert t.word("NetScore") == f.net
    assert [t.word("Total", p) for p in (0, 1)] == list(f.totals)


def end_line(name: str, cards: list[int], laid_off: list[int], rules: Rules) -> str:
    """The oracle's canonical arrangement under `rules`, in the words of the table's
    end-of-hand lines (runs from their first card, deadwood by rank)."""
    from gin_king.oracle.cards import Card
    from gin_king.oracle.melds import best_melds
    arr = best_melds([c for c in cards if c not in laid_off], rules)
    line = f"{name}: " + (", ".join(str(m) for m in arr.melds) if arr.melds else "no melds")
    if laid_off:
        line += "; laid off " + " ".join(str(Card(c)) for c in sorted(laid_off))
    dead = sorted(arr.deadwood_cards, key=lambda c: (c % 13, c // 13))
    if dead:
        return line + "; deadwood " + " ".join(str(c) for c in dead) + f" ({arr.deadwood})"
    return line + "; no deadwood"


def test_app_around_the_corner_table_and_scores_follow_the_oracle(table_factory):
    """Runs around the corner: each hand's end lines (Q K A runs in order, a dead ace 15)
    and points are the oracle's for the cards on the table (the computer players' own
    counting is not yet the oracle's under this rule, so the cards, not whole games, are
    compared)."""
    from gin_king.oracle.layoff import best_defence
    from gin_king.oracle.melds import best_melds
    from gin_king.oracle.scoring import score_hand
    rules = parse_rules("around-corner")
    t = table_factory(2024)
    choose_rules(t, checks=(CORNER,))
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 2)                          # Sonia against Willy
    click_item(t, OK)
    t.choose("File", "New Game")
    before, hands, corners = (0, 0), 0, 0
    for _ in range(400):
        if t.phase == PH_GAMEOVER:
            break
        if t.phase == PH_HANDOVER:
            hands += 1
            if t.word("ResKind") != 3:                   # not a wall
                k = t.word("Knocker")
                kc, dc = t.hand(k), t.hand(1 - k)
                km = best_melds(kc, rules)
                d = best_defence(dc, km.melds, km.deadwood == 0, around_corner=True)
                laid = [c for c in range(52) if t.hand_mask(0, "LaidOff") >> c & 1]
                assert sorted(laid) == sorted(int(c) for c in d.laid_off)
                hs = score_hand(k, km.deadwood, d.deadwood, t.word("Mult"), rules)
                after = t.scores()
                assert after[hs.winner] - before[hs.winner] == hs.points
                lines = [x for x in t.text() if x.startswith(("Sonia:", "Willy:")) and "deadwood" in x]
                assert lines == [end_line(n, t.hand(p), [] if p == k else laid, rules)
                                 for p, n in ((1, "Willy"), (0, "Sonia"))]
                corners += sum(1 for m in km.melds if m.is_run and int(m.cards[0]) % 13 > int(m.cards[-1]) % 13)
            before = t.scores()
        t.s.clear_text_log()
        play_human_turn(t)
    assert hands >= 2 and corners >= 1                   # Q-K-A runs were laid down


# GIN.PREFS as today's version-2 program wrote it (Computer Visible, 300 points, seed 4321)
PREFS_V2 = Path(__file__).parent / "data" / "gin_prefs_v2.bin"


def save_like_the_fixture(t):
    t.choose("Options", "Computer Visible")
    t.choose("Settings", "Game Settings...")
    click_item(t, 8)                                     # 300 points
    click_item(t, OK)
    t.choose("File", "Save Settings")
    return t.s.machine.tb.gsos.volume.read_file("SETTINGS/GIN.PREFS")


def test_app_no_house_rule_saves_the_version_2_file(tmp_path, program):
    t = boot_table(tmp_path, program, seed=4321)
    assert save_like_the_fixture(t) == PREFS_V2.read_bytes()
    t.s.close()


def test_app_version_2_prefs_load_with_no_house_rules(tmp_path, program):
    t = boot_table(tmp_path, program)
    volume = t.s.machine.tb.gsos.volume
    volume.write_file("SETTINGS/GIN.PREFS", PREFS_V2.read_bytes(), 0x5A, replace=True)
    volume.commit()
    t.s.close()
    again = boot_table(tmp_path, program)
    assert again.word("SettingsLoaded") == 1
    assert again.word("SetVisible") == 1 and again.word("SetPoints") == 3
    assert rules_words(again) == MANUAL
    again.s.close()


def test_app_house_rules_round_trip_in_prefs_version_3(tmp_path, program):
    t = boot_table(tmp_path, program, seed=4321)
    choose_rules(t, checks=(KNOCK_OFF, CORNER, HOLLYWOOD), box=BOX_OFF,
                 numbers=[10, 0, 5, 250, "Double"])
    chosen = rules_words(t)
    assert chosen == [1, 1, 0, 1, 0, 0, 1, 10, 0, 5, 2, 250, 0xFFFF, 100]
    data = save_like_the_fixture(t)
    old = PREFS_V2.read_bytes()
    assert data[2:4] == b"\x03\x00" and len(data) == len(old) + 2 * len(RULE_WORDS) + 2
    assert data[4:len(old) - 2] == old[4:-2]             # version 2's record, then the rules
    t.s.close()
    again = boot_table(tmp_path, program)
    assert again.word("SettingsLoaded") == 1 and rules_words(again) == chosen
    dlg = open_rules(again)
    assert value(dlg, HOLLYWOOD) == 1 and value(dlg, BOX_OFF) == 1
    assert field(dlg, GAME) == b"250" and field(dlg, SHUTOUT) == b"double"
    click_item(again, CANCEL)
    again.s.close()


def test_app_eleven_ten_game_matches_the_oracle(table_factory):
    t = table_factory(31)
    choose_rules(t, checks=(ELEVEN,))
    computers_game(t, parse_rules("eleven-ten"), 31)


def test_app_eleven_ten_the_human_opens_with_a_discard(table_factory):
    """Willy deals (seed 2): the human gets eleven cards, no upcard, and opens with a
    discard that becomes the first upcard (a spade doubles the hand under spades double);
    with seed 1234 the human deals, Willy opens and the human then draws."""
    from gk_table import PH_DISCARD, PH_DRAW, NO_CARD
    t = table_factory(2)
    choose_rules(t, checks=(ELEVEN, SPADES))
    t.choose("File", "New Game")
    assert t.word("Dealer") == 1 and t.turn == 0
    assert t.phase == PH_DISCARD and len(t.hand(0)) == 11 and len(t.hand(1)) == 10
    assert t.pile() == [] and t.word("Upcard") == NO_CARD
    assert t.message(1) == "Discard: click a card of your hand."
    spades = [c for c in t.hand(0) if c // 13 == 3]
    card = spades[0] if spades else t.hand(0)[0]
    t.click_card(card)
    if t.phase != PH_DRAW:                               # the knock question: no knock
        t.click_pile()
    assert t.word("Upcard") == card and len(t.hand(0)) == 10
    assert t.pile()[:1] == [card] or card in t.hand(1)   # Willy may have taken it
    assert t.word("Mult") == (2 if card // 13 == 3 else 1)
    assert any("Spade upcard: doubled" in x for x in t.text()) == (card // 13 == 3)
    other = table_factory(1234)
    choose_rules(other, checks=(ELEVEN,))
    other.choose("File", "New Game")
    assert other.word("Dealer") == 0 and other.phase == PH_DRAW and other.turn == 0
    assert len(other.hand(0)) == 10 and len(other.hand(1)) == 10
    assert other.pile() == [other.word("Upcard")]


SHEET_ROWS, HOLLYWOOD_HEADING = 14, 2   # stats.asm TD_MAX_ROWS; "Game g" over the names


def game_line(g: int, final, names=("Sonia", "Willy")) -> str:
    """A Hollywood game's line of the final sheet: each player's hand points, box bonus
    (the manual's 25 a hand won), the winner's game bonus (doubled with his hand points
    on a shutout), the totals, the winner."""
    parts = []
    for p in range(2):
        box = f" + box {25 * final.boxes[p]}"
        if p == final.winner and final.shutout:
            parts.append(f"{names[p]} ({final.hand_points[p]} + game 100) x 2{box} "
                         f"= {final.totals[p]}")
        elif p == final.winner:
            parts.append(f"{names[p]} {final.hand_points[p]}{box} + game 100 "
                         f"= {final.totals[p]}")
        else:
            parts.append(f"{names[p]} {final.hand_points[p]}{box} = {final.totals[p]}")
    return f"Game {g + 1}: {parts[0]}, {parts[1]} ({names[final.winner]} wins)"


def hollywood_sheets(hands, rules, names=("Sonia", "Willy"), every_hand=False):
    """What Options > Score Sheet shows after each hand of a Hollywood match, from the
    oracle's tally: two heading rows ("Game 1" .. "Game 3" over the names), then per hand
    its number, each game's running totals (blank once the game was over before the
    hand; " *" on the winner's total in the games the hand scored in: open, and entered
    by him), how it ended; the last hands that fit (14 rows less the heading, the Total
    row and the lines under the table: one per game over, game_line), or every hand;
    then the Total row (each game's points). Returns [(rows, lines under the table)] by
    hand."""
    from gin_king.oracle.scoring import HollywoodTally
    tally = HollywoodTally(rules)
    heading = [("", "Game 1", "", "Game 2", "", "Game 3", "", ""),
               ("Hand", *names * 3, "Result")]
    body, sheets = [], []
    for n, h in enumerate(hands, 1):
        over_before = set(g for g in range(3) if tally.finals[g] is not None)
        winner = h.score.winner
        if winner is not None:
            tally.record(winner, h.score.points)
            tally.close_games()
        cells = []
        for g in range(3):
            for p in range(2):
                if g in over_before:
                    cells.append("")
                    continue
                scored = p == winner and g in tally.entered[p]
                cells.append(f"{tally.scores[g][p]}" + (" *" if scored else ""))
        how = "tie" if winner is None else f"{h.score.kind.value} {h.score.points}"
        body.append((str(n), *cells, how))
        lines = [game_line(g, f, names) for g, f in enumerate(tally.finals) if f]
        total = ("Total", *(str(tally.scores[g][p]) for g in range(3) for p in range(2)), "")
        fit = len(body) if every_hand else SHEET_ROWS - HOLLYWOOD_HEADING - 1 - len(lines)
        sheets.append((heading + body[-fit:] + [total], lines))
    return sheets


def test_app_hollywood_match_matches_the_oracle(table_factory):
    """Hollywood: the three games' scores after every hand (the table's info line), the
    game shown, and the match sheet, against the oracle's tally hand by hand; Options >
    Score Sheet (Apple-T) after every hand and at the match's end: the three games in
    columns of their own, each number against the tally."""
    from gin_king.oracle.scoring import HollywoodTally
    from test_app_stats import extra, rows
    rules = parse_rules("hollywood")
    t = table_factory(2024)
    choose_rules(t, checks=(HOLLYWOOD,))
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 2)                          # Sonia against Willy
    click_item(t, OK)
    t.choose("File", "New Game")
    seen, sheets = [], []
    for _ in range(2000):
        if t.phase == PH_GAMEOVER:
            break
        if t.phase == PH_HANDOVER:                       # the score line, its game;
            info = [x for x in t.text() if x.startswith("Game ") and " points" in x]
            rule = [x for x in t.text() if x.startswith("House rules: Hollywood ")]
            seen.append((t.scores(), info[-1].split(":")[0],    # the rules line, the
                         rule[-1].split("Hollywood ")[1]))      #   three games' scores
            assert t.s.key("t", APPLE) == "held"         # the score sheet, by the key
            sheets.append((rows(t), extra(t)))
            t.s.key("\r")
        t.s.clear_text_log()
        play_human_turn(t)
    expected = play_game(Sonia(), Willy(), rules, seed=2024)
    tally, want = HollywoodTally(rules), []
    for h in expected.hands:
        if h.score.winner is not None:
            tally.record(h.score.winner, h.score.points)
            tally.close_games()
        g = tally.current()                              # "Game g:" names the game shown
        want.append((tuple(tally.scores[g]), f"Game {g + 1}",
                     " ".join(f"{b}-{a}" for a, b in tally.scores)))   # player 2 first
    assert seen == want
    f = expected.final
    assert len(f.games) == 3 and t.word("NetScore") == f.net
    assert [t.word("Total", p) for p in (0, 1)] == list(f.totals)
    sheet = t.text()
    for g, game in enumerate(f.games):                   # each game's box and bonuses
        assert game_line(g, game) in sheet
    assert any(f"wins the match by {f.net} points." in x for x in sheet)
    during = hollywood_sheets(expected.hands, rules)
    assert [lines for _, lines in during][:3] == [[], [], []]     # no game over yet
    assert any(len(lines) == 1 for _, lines in during)              # then game 1's
    assert sheets == during                              # the last hand's end too
    assert t.choose("Options", "Score Sheet") == "held"  # the match over: the last
    table, lines = during[-1]                             #   hands that fit, the Total
    assert rows(t) == table[:2] + table[-6:]              # room for 5 hands and the sheet
    every, _ = hollywood_sheets(expected.hands, rules, every_hand=True)[-1]
    from test_app_stats import every_row
    assert every_row(t, heading=2) == every[2:-1]         # every hand, by the scroll bar
    assert extra(t)[:3] == lines
    assert extra(t)[3:5] == [f"Match: Sonia {f.totals[0]}, Willy {f.totals[1]}",
                             f"{('Sonia', 'Willy')[f.winner]} wins the match by "
                             f"{f.net} points."]
    t.s.key("\r")


def test_app_250_points_and_a_tournament_plays_the_manual(table_factory):
    from test_app_settings import POINTS
    t = table_factory()
    t.choose("Settings", "Game Settings...")
    click_item(t, POINTS[250])
    click_item(t, OK)
    t.choose("File", "New Game")
    assert t.word("Target") == 250 and t.word("RulesBlock", 13) == 250
    assert any("Game to 250" in x for x in t.text())
    t.choose("File", "End Game")
    t.choose("File", "Save Settings")                    # 250 points: version 3
    assert t.s.machine.tb.gsos.volume.read_file("SETTINGS/GIN.PREFS")[2] == 3
    choose_rules(t, checks=(KNOCK_OFF, CORNER, HOLLYWOOD), box=BOX_OFF)
    t.choose("Settings", "Tournament Mode")              # the manual's rules only
    assert t.word("SetPoints") == 0
    t.choose("Settings", "Game Settings...")
    assert not t.s.tb.dlg.front().item(POINTS[250]).enabled
    click_item(t, CANCEL)
    t.choose("File", "New Game")
    assert rules_words(t, "RulesBlock") == MANUAL and t.word("KnockLimit") == 10
    assert rules_words(t)[:3] == [1, 1, 0]               # the choices are kept for later


def test_app_simple_gin_offers_no_knock_without_gin(table_factory):
    """Knocking off: the human's discard goes straight to the pile unless it makes gin
    (then the knock question says "gin only"); the info line says "Gin only"."""
    from gk_table import PH_DISCARD, PH_KNOCKQ, PH_OFFER, PH_DRAW
    from gin_king.oracle.melds import deadwood_of_mask
    t = table_factory(1234)
    choose_rules(t, checks=(KNOCK_OFF,))
    t.choose("File", "New Game")
    assert t.word("KnockLimit") == 0 and any("Gin only" in x for x in t.text())
    for _ in range(6):                                   # a few turns of the human
        while t.phase in (PH_OFFER, PH_DRAW) and t.turn == 0:
            t.click_stock()
        if t.phase != PH_DISCARD:
            break
        card = max(t.hand(0))
        gin = deadwood_of_mask(t.hand_mask(0) & ~(1 << card)) == 0
        t.click_card(card)
        assert (t.phase == PH_KNOCKQ) == gin
        if gin:
            assert "gin only" in t.message(1)
            break
        assert card in t.pile() or card in t.hand(1)


def test_app_random_input_under_house_rules(table_factory):
    """A short soak (as test_app_soak's) with the Eleven/Ten deal, runs around the corner,
    laying off on gin and Hollywood on: random clicks and keys never crash, lose or double
    a card, and hands end and are dealt again."""
    import random
    from gk_table import PH_NONE
    from test_app_soak import KEYS, settle
    rng = random.Random(20261125)
    t = table_factory(seed=556)
    choose_rules(t, checks=(CORNER, ELEVEN, HOLLYWOOD, LAYOFF_GIN))
    t.choose("File", "New Game")
    for n in range(80):
        r = rng.random()
        if r < 0.5 and t.phase != PH_NONE:               # the game moves on
            play_human_turn(t)
            reason = t.s.last_reason
        elif r < 0.85:
            h, v = rng.choice([(225, 62), (275, 62), (335, 62)] +
                              [(57 + 36 * i, 110) for i in range(11)])
            reason = t.s.click(h, v)
        else:
            reason = t.s.key(rng.choice(KEYS))
        assert reason in ("idle", "held"), (n, reason)
        settle(t)
        t.check_cards()
        if t.phase in (PH_NONE, PH_GAMEOVER):
            t.choose("File", "New Game")
    assert t.word("HandNum") >= 2


def test_app_around_the_corner_an_ace_counts_15(table_factory):
    """Around the corner a dead ace counts 15: a knock the manual would allow is refused
    with the deadwood counted so, and the end of the hand shows the ace's 15."""
    from gk_table import PH_KNOCKQ
    from gin_king.oracle.melds import best_melds, deadwood_of_mask
    rules = parse_rules("around-corner")
    t = table_factory(1)
    choose_rules(t, checks=(CORNER,))
    t.choose("File", "New Game")
    refused = ace_shown = False
    for _ in range(1500):
        if t.phase == PH_GAMEOVER or (refused and ace_shown):
            break
        if t.phase == PH_KNOCKQ:
            plain = deadwood_of_mask(t.hand_mask(0))
            corner = best_melds(t.hand(0), rules).deadwood
            if plain <= 10 < corner and not refused:      # an ace makes the difference
                t.click_knock()
                assert (f"You cannot knock with {corner} points of deadwood (the limit is 10)."
                        in t.alert_text())
                t.s.key("\r")
                refused = True
            if corner <= 10:
                t.click_knock()
            else:
                t.click_pile()
            continue
        if t.phase == PH_HANDOVER and t.word("ResKind") != 3 and not ace_shown:
            arr = best_melds(t.hand(0), rules)
            if any(int(c) % 13 == 0 for c in arr.deadwood_cards) and t.word("Knocker") == 1:
                line = [x for x in t.text() if x.startswith("Player:") and "deadwood" in x]
                laid = [c for c in range(52) if t.hand_mask(0, "LaidOff") >> c & 1]
                assert line == [end_line("Player", t.hand(0), laid, rules)]
                ace_shown = True
        t.s.clear_text_log()
        play_human_turn(t)
    assert refused and ace_shown
