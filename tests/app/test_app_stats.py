"""Options > Statistics... (SETTINGS:STATS: games, wins, points and the best game per
player and variation, Reset, a restart, a damaged file set aside), Options > Score Sheet
(Apple-T: the hands so far with running totals and a Total row, the final sheet at the
end, a scroll bar reaching every hand of a long game: issue 39) and the lay-off list at
the end of a knock, each checked against the oracle's play_game."""
from __future__ import annotations

from gk_table import (APPLE, PH_GAMEOVER, PH_HANDOVER, boot_table, play_human_turn)
from gin_king.oracle.cards import Card
from gin_king.oracle.game import play_game
from gin_king.oracle.melds import best_melds
from gin_king.oracle.personalities import Sonia, Willy
from gin_king.oracle.rules import Rules, Variant
from test_app_settings import CANCEL, OK, OKLAHOMA, P1_FIRST, STANDARD, click_item
from toolbox.control import DOWN_ARROW, PAGE_UP, THUMB, UP_ARROW, scroll_geometry
from iigs.font import decode

RESET = 3                      # stats.asm TD_RESET
FIRST_COLUMN = 10              # stats.asm TD_FIRST_COL: the columns' items, 10 ..
EXTRA = 18                     # the text under the columns (TD_EXTRA 8)
BESIDE = 19                    # its last lines beside OK at the game's end (TD_BESIDE 9)
NAMES = ["Sonia", "Willy"]
HEADING = ("", "Games", "Won", "Points", "Best")   # the variations' lines head the names


def columns(t) -> list[list[str]]:
    """The table dialog up: its columns, each a list of lines."""
    dlg = t.s.tb.dlg.front()
    cols = [it for it in dlg.items if FIRST_COLUMN <= it.item_id < EXTRA]
    return [decode(it.text).split("\r") for it in sorted(cols, key=lambda i: i.item_id)]


def extra(t) -> list[str]:
    """The text under the columns, its last lines beside OK (TD_BESIDE) included."""
    dlg = t.s.tb.dlg.front()
    return [line for it in sorted(dlg.items, key=lambda i: i.item_id)
            if it.item_id in (EXTRA, BESIDE) for line in decode(it.text).split("\r")]


def rows(t) -> list[tuple[str, ...]]:
    return list(zip(*columns(t)))


SCROLL = 4                      # stats.asm TD_SCROLL: the scroll bar's item


def bar(t):
    """The Score Sheet's scroll bar (a control), or None when all the hands fit."""
    dlg = t.s.tb.dlg.front()
    items = [it for it in dlg.items if it.item_id == SCROLL]
    return items[0].control if items else None


def click_part(t, part: int) -> None:
    """Click the scroll bar where `part` is (its arrows, a page area above the thumb)."""
    ctl = bar(t)
    geo = scroll_geometry(ctl)
    top, left, bottom, right = ctl.rect
    v = {UP_ARROW: top + 3, DOWN_ARROW: bottom - 3,
         PAGE_UP: (geo.track_start + geo.thumb[0]) // 2}[part]
    assert t.s.tb.ctl.part_at(ctl, v, (left + right) // 2) == part
    content = t.s.tb.dlg.front().window.content
    t.s.click(content[1] + (left + right) // 2, content[0] + v)


def drag_thumb(t, to_v: int) -> None:
    """Drag the thumb by its middle to local v (clamped by the track)."""
    ctl = bar(t)
    geo = scroll_geometry(ctl)
    top, left, bottom, right = ctl.rect
    h, v0 = (left + right) // 2, (geo.thumb[0] + geo.thumb[1]) // 2
    assert t.s.tb.ctl.part_at(ctl, v0, h) == THUMB
    content = t.s.tb.dlg.front().window.content
    t.s.drag(content[1] + h, content[0] + v0, content[1] + h, content[0] + to_v)


def hand_rows(t, heading: int) -> tuple[list[tuple[str, ...]], tuple[str, ...]]:
    """(the hand rows in view, the Total row)."""
    got = rows(t)
    assert got[-1][0] == "Total"
    return got[heading:-1], got[-1]


def every_row(t, heading: int) -> list[tuple[str, ...]]:
    """Every hand row the sheet up can show: the thumb dragged to the top, then the
    down arrow clicked until the bar's end; the Total row the same all the way."""
    ctl = bar(t)
    total = hand_rows(t, heading)[1]
    drag_thumb(t, ctl.rect[0])
    assert ctl.value == 0
    reached = {}
    while True:
        shown, again = hand_rows(t, heading)
        assert again == total and len(shown) == ctl.view_size
        for r in shown:
            reached[int(r[0])] = r
        if ctl.value == ctl.max_value:
            break
        click_part(t, DOWN_ARROW)
    assert sorted(reached) == list(range(1, ctl.data_size + 1))
    return [reached[n] for n in sorted(reached)]


def statistics(t) -> list[tuple[str, ...]]:
    """Options > Statistics...: its rows (the heading left out); then OK."""
    assert t.choose("Options", "Statistics...") == "held"
    got = rows(t)
    assert got[0] == HEADING
    t.s.key("\r")
    assert t.s.tb.dlg.front() is None
    return got[1:]


def computers(t, variant=STANDARD) -> None:
    """Sonia against Willy, the variant chosen in Game Settings."""
    t.choose("Settings", "Players...")
    click_item(t, P1_FIRST + 2)                          # player 1: Sonia
    click_item(t, OK)
    t.choose("Settings", "Game Settings...")
    click_item(t, variant)
    click_item(t, OK)


def play_out(t, seed: int, at_hand_end=None) -> None:
    t.poke_word("SetSeedLo", seed)
    t.choose("File", "New Game")                         # the hands play themselves
    for _ in range(400):
        if t.phase == PH_GAMEOVER:
            return
        if t.phase == PH_HANDOVER and at_hand_end is not None:
            at_hand_end(t)
        t.s.clear_text_log()
        play_human_turn(t)                               # a click: the next hand
    raise AssertionError("the game did not end")


def expected_rows(games) -> list[tuple[str, ...]]:
    """The statistics table the oracle's games make: (variation, seed) in order."""
    table: dict[str, dict[str, list[int]]] = {}
    for variant, seed in games:
        g = play_game(Sonia(), Willy(), Rules(variant), seed=seed)
        for p, name in enumerate(NAMES):
            cell = table.setdefault(variant.name, {}).setdefault(name, [0, 0, 0, 0])
            total = g.final.totals[p]
            cell[0] += 1
            cell[1] += g.final.winner == p
            cell[2] += total
            cell[3] = max(cell[3], total)
    out = []
    for variant, heading in ((Variant.STANDARD, "Standard gin"), (Variant.OKLAHOMA, "Oklahoma gin")):
        if variant.name in table:
            out.append((heading, "", "", "", ""))
            out += [("    " + name, *map(str, table[variant.name][name])) for name in NAMES]
    return out


def test_app_statistics_after_games_a_restart_and_reset(tmp_path, program):
    t = boot_table(tmp_path, program)
    assert t.choose("Options", "Statistics...") == "held"
    assert rows(t) == [HEADING]
    assert extra(t) == ["No games have been played to the end yet."]
    t.s.key("\r")
    computers(t)
    play_out(t, 54)                                      # 4 hands, Sonia wins
    computers(t, OKLAHOMA)
    play_out(t, 79)                                      # 1 hand
    want = expected_rows([(Variant.STANDARD, 54), (Variant.OKLAHOMA, 79)])
    assert statistics(t) == want
    volume = t.s.machine.tb.gsos.volume
    assert volume.info("SETTINGS/STATS").file_type == 0xF1
    assert not volume.exists("SETTINGS/STATS.NEW")
    t.s.close()
    again = boot_table(tmp_path, program)                # the same disk: kept
    assert statistics(again) == want
    assert again.choose("Options", "Statistics...") == "held"
    click_item(again, RESET)                             # Reset asks first
    said = " ".join(again.text())
    assert "Reset the statistics of every player and variation to zero?" in said
    click_item(again, CANCEL)                            # no: the table again, as it was
    assert rows(again)[1:] == want
    click_item(again, RESET)
    click_item(again, OK)                                # yes: all zero
    assert rows(again) == [HEADING]
    assert extra(again) == ["No games have been played to the end yet."]
    again.s.key("\r")
    data = again.s.machine.tb.gsos.volume.read_file("SETTINGS/STATS")
    assert data[:6] == b"GS\x02\x00\x00\x00"              # magic, version 2, no players
    again.s.close()
    third = boot_table(tmp_path, program)
    assert statistics(third) == []
    third.s.close()


def test_app_a_damaged_statistics_file_is_reported_and_set_aside(tmp_path, program):
    t = boot_table(tmp_path, program)
    computers(t, OKLAHOMA)
    play_out(t, 79)
    volume = t.s.machine.tb.gsos.volume
    data = bytearray(volume.read_file("SETTINGS/STATS"))
    data[40] ^= 0x55                                     # the checksum fails
    volume.write_file("SETTINGS/STATS", bytes(data), 0xF1, replace=True)
    volume.commit()
    t.s.close()
    again = boot_table(tmp_path, program)
    again.s.clear_text_log()
    assert again.choose("Options", "Statistics...") == "held"
    assert again.alert().icon == "caution"
    assert again.alert_text().startswith("The statistics file was damaged: it is kept as "
                                         "SETTINGS:STATS.BAD")
    v2 = again.s.machine.tb.gsos.volume
    assert v2.read_file("SETTINGS/STATS.BAD") == bytes(data)
    assert not v2.exists("SETTINGS/STATS")
    again.s.key("\r")                                    # then the (empty) table
    assert extra(again) == ["No games have been played to the end yet."]
    again.s.key("\r")
    computers(again, OKLAHOMA)                           # a game makes a new file
    play_out(again, 79)
    assert statistics(again) == expected_rows([(Variant.OKLAHOMA, 79)])
    v2.write_file("SETTINGS/STATS", b"GS\x01\x00", 0xF1, replace=True)   # cut short
    assert again.choose("Options", "Statistics...") == "held"
    assert again.alert_text().startswith("The statistics file was damaged")
    assert v2.read_file("SETTINGS/STATS.BAD") == b"GS\x01\x00"         # the older one gone
    again.s.key("\r")
    assert rows(again) == [HEADING]
    again.s.key("\r")
    again.s.close()


SEED_11_HANDS = 7               # Sonia against Willy: a game of eleven hands


def test_app_score_sheet_during_and_after_a_game_matches_the_oracle(tmp_path, program):
    """The hands so far after each hand (all fit: no scroll bar), then at the end of an
    eleven-hand game, fewer rows than hands: the sheet opens on the last hands, a hand up
    by the up arrow, a view by the page area, hand 1 by the thumb, then every hand 1 ..
    11 by the down arrow, the Total row in view all the time."""
    t = boot_table(tmp_path, program)
    assert not t.item("Options", "Score Sheet").enabled  # no game
    t.choose("File", "New Game")                         # the human: none ended yet
    assert t.item("Options", "Score Sheet").enabled
    assert t.s.key("t", APPLE) == "held"
    assert rows(t) == [("Hand", "Player", "Willy", "Result")]
    assert extra(t) == ["No hand has ended yet."]
    t.s.key("\r")
    t.choose("File", "End Game")
    computers(t)
    expected = play_game(Sonia(), Willy(), Rules(), seed=SEED_11_HANDS)
    want = [("Hand", "Sonia", "Willy", "Result")]
    running = [0, 0]
    for n, h in enumerate(expected.hands, 1):
        cells = []
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        for p in range(2):
            cells.append(f"{running[p]}" + (" *" if h.score.winner == p else ""))
        how = "tie" if h.score.winner is None else f"{h.score.kind.value} {h.score.points}"
        want.append((str(n), *cells, how))
    assert len(want) == 12
    seen, totals, running = [], [], [0, 0]
    for h in expected.hands:                              # the Total row after each
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        totals.append(("Total", str(running[0]), str(running[1]), ""))

    def look(t):                                          # each hand's end, by the key
        assert t.s.key("t", APPLE) == "held"
        seen.append((rows(t), bar(t)))
        t.s.key("\r")
    play_out(t, SEED_11_HANDS, look)
    assert seen == [(want[:n + 1] + [totals[n - 1]], None) for n in range(1, len(want))]
    assert t.choose("Options", "Score Sheet") == "held"  # the game over: the last hands
    ctl = bar(t)
    view = ctl.view_size
    assert ctl.data_size == 11 and 0 < view < 11
    assert ctl.value == ctl.max_value == 11 - view
    assert rows(t) == want[:1] + want[-view:] + [totals[-1]]
    click_part(t, UP_ARROW)                               # a hand up
    assert ctl.value == 11 - view - 1
    assert hand_rows(t, 1)[0] == want[-view - 1:-1]
    click_part(t, PAGE_UP)                                # a view up
    assert ctl.value == max(0, 11 - 2 * view - 1)
    assert hand_rows(t, 1)[0] == want[1 + ctl.value:1 + ctl.value + view]
    assert every_row(t, heading=1) == want[1:]           # hand 1 .. 11, all of them
    click_part(t, DOWN_ARROW)                             # at the bottom: it stays
    assert ctl.value == ctl.max_value
    f = expected.final
    lines = extra(t)
    assert lines[0] == (f"Sonia: hand points {f.hand_points[0]}, box bonus {25 * f.boxes[0]} "
                        f"({f.boxes[0]} hands), game bonus 100, total {f.totals[0]}")
    assert lines[1].endswith(f"total {f.totals[1]}")
    assert lines[2] == f"Sonia wins the game by {f.net} points."
    t.s.key("\r")
    t.s.close()


def layoff_line(name: str, knocker_cards: list[int], laid: list[int]) -> str:
    """Which laid-off card went on which of the knocker's melds (his canonical
    arrangement, in order; a set takes its missing card, a run the cards next to it one
    after another; a card that fits two melds goes to the first)."""
    left = set(laid)
    parts = []
    for meld in best_melds(knocker_cards).melds:
        cards = [int(c) for c in meld.cards]
        suits, ranks = {c // 13 for c in cards}, {c % 13 for c in cards}
        took = []
        if len(suits) > 1:                               # a set
            took = [c for c in sorted(left) if c % 13 in ranks]
        else:
            suit, grow = suits.pop(), set(ranks)
            while True:
                near = [c for c in left if c // 13 == suit and c not in took
                        and (c % 13 - 1 in grow or c % 13 + 1 in grow)]
                if not near:
                    break
                took += near
                grow |= {c % 13 for c in near}
            took.sort(key=lambda c: c % 13)
        if took:
            left -= set(took)
            parts.append(" ".join(str(Card(c)) for c in took) + " on " +
                         " ".join(str(c) for c in meld_cards_in_table_order(meld)))
    return f"{name} laid off " + "; ".join(parts) + "."


def meld_cards_in_table_order(meld):
    """A run by rank, a set by suit (clubs first): the table's order (LayMelds)."""
    return sorted(meld.cards, key=lambda c: (int(c) // 13, int(c) % 13)) \
        if len({int(c) // 13 for c in meld.cards}) == 1 else \
        sorted(meld.cards, key=lambda c: int(c) // 13)


def test_app_the_end_of_a_knock_lists_the_lay_offs(table_factory):
    t = table_factory(224)                               # 5 hands, 4 with lay-offs
    computers(t)
    lines, expect = [], []

    def look(t):
        if t.word("ResKind") == 3:
            return
        knocker = t.word("Knocker")
        laid = [c for c in range(52) if t.hand_mask(0, "LaidOff") >> c & 1]
        said = [x for x in t.text() if x.startswith(("Sonia laid off", "Willy laid off"))]
        lines.append(said[0] if said else None)
        expect.append(layoff_line(NAMES[1 - knocker], t.hand(knocker), laid) if laid else None)
    play_out(t, 224, look)
    assert lines == expect and sum(x is not None for x in lines) >= 4


def test_app_the_new_items_join_the_options_menu_with_a_key_of_their_own(table_factory):
    t = table_factory()
    menus = t.s.tb.menu.menus
    keys = [item.keys[:1].upper() for m in menus for item in m.items if item.keys]
    assert len(keys) == len(set(keys))                   # no key equivalent twice
    options = [m for m in menus if m.title.strip() == b"Options"][0]
    assert [i.text for i in options.items][-2:] == [b"Statistics...", b"Score Sheet"]
    assert t.item("Options", "Score Sheet").keys[:1].upper() == b"T"
    assert t.item("Options", "Statistics...").enabled    # any time, games or not
