"""Options > Score Sheet reaches every hand of a long game: a Control Manager scroll bar
beside the rows (its arrows move a hand, its page areas a view, its thumb anywhere), a
Total row always in view, the sheet opening on the last hands (issue 39). Every row seen
is checked against the oracle's play_game. (A Hollywood match's sheet is scrolled the
same way in test_app_house_rules.py, with every_row.)"""
from __future__ import annotations

from gk_table import APPLE
from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import Sonia, Willy
from gin_king.oracle.rules import Rules
from test_app_stats import computers, extra, play_out, rows
from toolbox.control import DOWN_ARROW, PAGE_UP, THUMB, UP_ARROW, scroll_geometry

SCROLL = 4                      # stats.asm TD_SCROLL: the scroll bar's item
SEED_11_HANDS = 7               # Sonia against Willy: a game of eleven hands


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


def single_rows(seed: int):
    expected = play_game(Sonia(), Willy(), Rules(), seed=seed)
    want, running = [], [0, 0]
    for n, h in enumerate(expected.hands, 1):
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        cells = [f"{running[p]}" + (" *" if h.score.winner == p else "") for p in range(2)]
        how = "tie" if h.score.winner is None else f"{h.score.kind.value} {h.score.points}"
        want.append((str(n), *cells, how))
    return expected, want, running


def test_app_score_sheet_scrolls_to_every_hand_of_an_eleven_hand_game(table_factory):
    t = table_factory(SEED_11_HANDS)
    computers(t)
    expected, want, running = single_rows(SEED_11_HANDS)
    assert len(want) == 11
    seen_during = []

    def look(t):                                   # while the hands fit: no scroll bar
        assert t.s.key("t", APPLE) == "held"
        seen_during.append((bar(t) is None, len(hand_rows(t, 1)[0])))
        t.s.key("\r")
    play_out(t, SEED_11_HANDS, look)
    assert seen_during[0] == (True, 1)
    assert t.choose("Options", "Score Sheet") == "held"
    ctl = bar(t)
    view = ctl.view_size
    assert ctl.data_size == 11 and 0 < view < 11
    assert ctl.value == ctl.max_value == 11 - view      # opened on the last hands
    shown, total = hand_rows(t, 1)
    assert shown == want[-view:]
    assert total == ("Total", str(running[0]), str(running[1]), "")
    assert extra(t)[-1] == f"Hands played: 11, ties: {sum(h.score.winner is None for h in expected.hands)}."
    reached = {r[0]: r for r in shown}
    click_part(t, UP_ARROW)                        # a hand up
    assert ctl.value == 11 - view - 1
    assert hand_rows(t, 1)[0] == want[-view - 1:-1]
    click_part(t, PAGE_UP)                         # a view up
    assert ctl.value == max(0, 11 - 2 * view - 1)
    for r in hand_rows(t, 1)[0]:
        reached[r[0]] = r
    drag_thumb(t, ctl.rect[0])                     # the thumb to the top: hand 1
    assert ctl.value == 0
    shown, again = hand_rows(t, 1)
    assert shown == want[:view] and again == total  # the Total row stays
    for r in shown:
        reached[r[0]] = r
    while ctl.value < ctl.max_value:               # down, a hand at a time
        click_part(t, DOWN_ARROW)
        for r in hand_rows(t, 1)[0]:
            reached[r[0]] = r
    assert [reached[str(n)] for n in range(1, 12)] == want     # hand 1 .. 11, all
    click_part(t, DOWN_ARROW)                      # at the bottom: stays
    assert ctl.value == ctl.max_value
    t.s.key("\x1b")                                # Escape closes it
    assert t.s.tb.dlg.front() is None
