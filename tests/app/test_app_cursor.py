"""The pointer's shape on the table (manual, "Drawing": "position the arrow over the stock
to draw from the stock or position the hand over the upcard to take the upcard")."""
from __future__ import annotations

from gk_table import (CARD_H, CARD_W, CONTENT_LEFT, CONTENT_TOP, MID_TOP, PH_OFFER,
                      PILE_LEFT, STOCK_LEFT)


def hover(t, left: int) -> None:
    """Move over the card whose left edge is `left` (table-local) and let the program
    see it: one pass to take the move, one to act on the null event it made."""
    t.s.move(CONTENT_LEFT + left + CARD_W // 2, CONTENT_TOP + MID_TOP + CARD_H // 2)
    t.s.run_until_idle()
    t.s.run_until_idle()


def shape(t) -> str:
    qd = t.s.machine.tb.qd
    return "hand" if qd.GetCursorAdr() == t.addr("HandCursor") else "arrow"


def test_app_hand_over_the_upcard_arrow_over_the_stock(table_factory):
    t = table_factory(1234)
    hover(t, PILE_LEFT)
    assert shape(t) == "arrow"                         # no game: nothing to take
    t.choose("File", "New Game")
    assert t.phase == PH_OFFER and t.turn == 0         # the human is offered the upcard
    hover(t, PILE_LEFT)
    assert shape(t) == "hand" and t.s.machine.tb.qd.cursor_visible
    hover(t, STOCK_LEFT)
    assert shape(t) == "arrow"
    hover(t, PILE_LEFT)
    assert shape(t) == "hand"
    t.click_pile()                                     # take it: now a discard is due
    hover(t, PILE_LEFT)
    assert shape(t) == "arrow"
