"""`gin-king screens`: refresh the screenshots of the Gin King desktop in docs/screens/.

Plays a scripted session of the real program (booted from a scratch disk, headless) and
saves the table, a pulled-down menu and each dialog as 640 x 400 PNGs:

    table.png                 a hand in progress (sorted by suit)
    table_matrix.png          the matrix display, Computer Visible on
    table_hand_over.png       the end of a hand: both hands by melds, each player's melds
                              and deadwood in words, the score
    table_hand_over_layoff.png  the end of a knock with lay-offs: which card went on
                              which meld, in words under the two hands
    table_score_sheet.png     the final score sheet
    gk_dialog_score_sheet.png Options > Score Sheet at the end of that game: the hands
                              with running totals, the winners starred, the bonuses
    gk_dialog_statistics.png  Options > Statistics... after two games
    gk_alert_reset.png        its Reset asks first: a caution alert, Cancel the default
    gk_alert_end_game.png     End Game during a tournament game: recorded as lost? Cancel
                              the default
    gk_menu_options.png       the Options menu pulled down
    gk_dialog_game_settings.png, gk_dialog_players.png, gk_dialog_name.png
    gk_dialog_house_rules.png Settings > House Rules...: every house rule and bonus
    gk_alert_advice.png       the tutor's advice
    gk_alert_about.png        About Gin King
    gk_alert_refusal.png      a knock refused: a caution alert
    gk_dialog_help.png        Help, its first page
    gk_window_show_cards.png  Show Cards: the pile and the picked-up cards as pictures
    gk_alert_history.png      Show History after a tournament game
    gk_dialog_user_cards.png  User Supplied Cards asking for a hand
    gk_dialog_user_stock.png  ... asking for a stock card as it is drawn, an entry refused
    gk_nda_control_panel_display.png, _sound, _mouse, _speed, _time
                              the Control Panel desk accessory over a game, each panel
    gk_alert_draw_for_deal.png  the player drew high for deal: Deal, or Make Willy deal
    table_draw_for_deal.png   the first hand with both cards drawn for deal on the table
    table_score_sheet_shutout.png  a score sheet with a shutout's doubling
    gk_dialog_score_sheet_hollywood.png  Options > Score Sheet under Hollywood scoring,
                              the hand after game 1 ended: the three games' columns,
                              game 1's line with its bonuses under them
    table_score_sheet_hollywood.png  the Hollywood match's final sheet: each game's hand
                              points, box and game bonuses, the match
    gk_dialog_score_sheet_scrolled.png  Options > Score Sheet at the match's end scrolled
                              to hand 1 (its scroll bar's thumb dragged to the top), the
                              Total row and the final sheet still in view
    gk_alert_resume.png       the next start after Quit during a game: Resume, or Not Now

    gin-king screens [--out DIR]
"""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from gin_king import app, build

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "docs" / "screens"
SEED = 1234
DRAW_SEED = 2               # the player draws high for deal
SHUTOUT_SEED = 58           # the player loses without winning a hand
APPLE = 0x0100
PH_OFFER, PH_DRAW, PH_DISCARD, PH_KNOCKQ, PH_HANDOVER, PH_GAMEOVER = 1, 2, 3, 4, 5, 6
WALL = 3                    # ResKind of a tie
LAYOFF_SEED = 2024          # Sonia against Willy: a lay-off in the first hands
SONIA_ITEM, HUMAN_ITEM = 5, 11      # Players dialog: player 1's buttons
HOLLYWOOD_ITEM = 9                  # House Rules dialog: Hollywood scoring
HOLLY_CLOSED = 16                   # HollyBlock's word Holly.closed (a bit per game over)
MATRIX_ITEM, SUIT_ITEM, USER_ITEM, OK_ITEM = 12, 14, 18, 1
RESET_ITEM = 3                      # Statistics: Reset (stats.asm TD_RESET)
CONTROL_PANEL_PANELS = (b"Display", b"Sound", b"Mouse", b"Speed", b"Time")


SCROLL_ITEM = 4                     # the Score Sheet's scroll bar (stats.asm TD_SCROLL)


def _scroll_to_top(s) -> bool:
    """The Score Sheet up: drag its scroll bar's thumb to the top, as a player does;
    False when all the hands fit (no scroll bar)."""
    from toolbox.control import scroll_geometry
    dlg = s.tb.dlg.front()
    bars = [it.control for it in dlg.items if it.item_id == SCROLL_ITEM]
    if not bars:
        return False
    geo = scroll_geometry(bars[0])
    top, left, _, right = bars[0].rect
    content = dlg.window.content
    h = content[1] + (left + right) // 2
    s.drag(h, content[0] + sum(geo.thumb) // 2, h, content[0] + top)
    return True


class _Game:
    """Just enough of the program's state (through the symbol map) to play it."""

    def __init__(self, s, symbols) -> None:
        self.s, self.symbols = s, symbols

    def word(self, name: str, i: int = 0) -> int:
        return self.s.read_word(build.symbol_address(self.s.program, self.symbols, name) + 2 * i)

    def poke(self, name: str, value: int) -> None:
        a = build.symbol_address(self.s.program, self.symbols, name)
        self.s.machine.mem[a], self.s.machine.mem[a + 1] = value & 0xFF, value >> 8

    def click_local(self, h: int, v: int) -> str:
        return self.s.click(h + 2, v + 13)

    def click_item(self, item_id: int) -> None:
        dlg = self.s.tb.dlg.front()
        top, left, bottom, _ = dlg.item(item_id).rect
        c = dlg.window.content
        self.s.click(c[1] + left + 6, c[0] + (top + bottom) // 2)

    def card_spot_of_last(self) -> tuple[int, int]:
        """Where to click the last card laid out (local)."""
        i = self.word("LayN") // 2 - 1
        return self.word("LayH", i) + 15, self.word("LayV", i) + 4

    def step(self) -> None:
        """One move of a plain player: refuse/draw the stock, discard the last card laid
        out, knock when the program allows it."""
        ph = self.word("GPhase")
        if ph in (PH_OFFER, PH_DRAW):
            self.click_local(225, 49)                       # the stock
        elif ph == PH_DISCARD:
            n = self.word("LayN") // 2
            for i in reversed(range(n)):
                if self.word("LayCard", i) != self.word("Taken"):
                    self.click_local(self.word("LayH", i) + 15, self.word("LayV", i) + 4)
                    return
        elif ph == PH_KNOCKQ:
            if self.click_local(335, 49) == "held":         # try to knock: refused,
                self.s.key("\r")                            #   the caution alert's OK
            if self.word("GPhase") == PH_KNOCKQ:
                self.click_local(275, 49)                   # ... else discard
        else:
            self.click_local(300, 150)


def refresh(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []

    def shot(name: str) -> None:
        path = out / name
        s.screenshot(path)
        saved.append(path)

    laid_off_shown = []

    def play_to_the_end(until_layoff: bool = False) -> None:
        """Play on to the score sheet (or the first end of a knock with lay-offs, which
        is shot)."""
        for _ in range(3000):
            if g.word("GPhase") == PH_GAMEOVER:
                return
            if g.word("GPhase") == PH_HANDOVER and not laid_off_shown and \
                    g.word("ResKind") != WALL and any(g.word("LaidOff", i) for i in range(4)):
                shot("table_hand_over_layoff.png")
                laid_off_shown.append(True)
            if until_layoff and laid_off_shown:
                return
            g.step()

    with tempfile.TemporaryDirectory() as tmp:
        volume, _ = app.prepare_disk(Path(tmp) / "screens.po")
        s = app.session(volume)
        _, symbols = build.ensure_built()
        g = _Game(s, symbols)
        try:
            s.run_until_idle()
            g.poke("SetSeedLo", SEED)
            s.choose("@", "About Gin King...")
            shot("gk_alert_about.png")
            s.key("\r")
            s.choose("Settings", "Game Settings...")
            shot("gk_dialog_game_settings.png")
            s.key(0x1B)
            s.choose("Settings", "Players...")
            shot("gk_dialog_players.png")
            s.key(0x1B)
            s.choose("Settings", "House Rules...")
            shot("gk_dialog_house_rules.png")
            s.key(0x1B)
            s.choose("Settings", "Enter Name...")
            shot("gk_dialog_name.png")
            s.key(0x1B)
            s.choose("@", "Help...")
            shot("gk_dialog_help.png")
            s.key("\r")
            g.poke("SetSeedLo", DRAW_SEED)
            s.choose("File", "New Game")
            shot("gk_alert_draw_for_deal.png")
            s.key("\r")                                 # Make Willy deal
            shot("table_draw_for_deal.png")
            s.choose("File", "End Game")
            g.poke("SetSeedLo", SEED)
            s.choose("File", "New Game")
            for _ in range(6):
                if g.word("GPhase") == PH_DISCARD and g.word("Turn") == 0:
                    break
                g.step()
            shot("table.png")
            g.click_local(*g.card_spot_of_last())          # a discard, then a knock
            if g.click_local(335, 49) != "held":            #   the program refuses
                raise RuntimeError("the knock was not refused: the screens' seed changed?")
            shot("gk_alert_refusal.png")
            s.key("\r")
            s.choose("Edit", "Undo")                        # the discard back in hand
            s.choose("@", "Control Panel")
            panel = s.tb.desk.by_name(b"Control Panel")   # its window, over the table
            for name in CONTROL_PANEL_PANELS:
                s.click(*panel.panel_point(name))
                shot(f"gk_nda_control_panel_{name.decode().lower()}.png")
            box = panel.window.close_box()
            s.click(box[1] + 3, box[0] + 3)
            s.key("a", APPLE)
            shot("gk_alert_advice.png")
            s.key("\r")
            s.pull_down("Options")
            shot("gk_menu_options.png")
            s.release(600, 150)
            s.choose("Options", "Computer Visible")
            s.choose("Settings", "Game Settings...")
            g.click_item(MATRIX_ITEM)
            g.click_item(OK_ITEM)
            shot("table_matrix.png")
            s.choose("Settings", "Game Settings...")
            g.click_item(SUIT_ITEM)
            g.click_item(OK_ITEM)
            s.choose("Options", "Computer Visible")
            s.choose("Options", "F/X")                 # no card motion while playing on
            for _ in range(400):
                if g.word("GPhase") == PH_HANDOVER:
                    break
                g.step()
            shot("table_hand_over.png")
            play_to_the_end()
            shot("table_score_sheet.png")
            s.key("t", APPLE)                           # Options > Score Sheet
            shot("gk_dialog_score_sheet.png")
            s.key("\r")
            s.choose("Settings", "Tournament Mode")    # a game for the record
            s.choose("File", "New Game")
            play_to_the_end()
            s.choose("Options", "Show History")
            shot("gk_alert_history.png")
            s.key("\r")
            s.choose("Options", "Statistics...")      # the two games so far
            shot("gk_dialog_statistics.png")
            g.click_item(RESET_ITEM)                    # Reset asks first: Cancel default
            shot("gk_alert_reset.png")
            s.key("\r")                                 # Return: Cancel, the table again
            s.key("\r")
            s.choose("File", "New Game")                # a tournament game ended early:
            if g.word("DealAsking"):
                s.key("\r")
            s.choose("File", "End Game")                #   asked first
            shot("gk_alert_end_game.png")
            s.key("\r")                                 # Return: Cancel, the game goes on
            s.choose("File", "End Game")
            g.click_item(OK_ITEM)                       # End Game: recorded as lost
            s.choose("Settings", "Tournament Mode")
            s.choose("File", "New Game")
            for _ in range(12):
                g.step()
            s.choose("Options", "Show Cards")
            shot("gk_window_show_cards.png")
            s.key("\r")
            s.choose("File", "End Game")
            g.poke("SetSeedLo", SHUTOUT_SEED)
            s.choose("File", "New Game")
            if g.word("DealAsking"):
                s.key("\r")                             # Make Willy deal
            for _ in range(3000):
                if g.word("GPhase") == PH_GAMEOVER:
                    break
                g.step()
            shot("table_score_sheet_shutout.png")
            g.step()
            s.choose("Settings", "Players...")         # Sonia against Willy: lay-offs
            g.click_item(SONIA_ITEM)
            g.click_item(OK_ITEM)
            g.poke("SetSeedLo", LAYOFF_SEED)
            s.choose("File", "New Game")
            play_to_the_end(until_layoff=True)
            s.choose("File", "End Game")
            s.choose("Settings", "House Rules...")     # Hollywood, the same deal
            g.click_item(HOLLYWOOD_ITEM)
            g.click_item(OK_ITEM)
            s.choose("File", "New Game")
            for over in range(2):                       # the hand after game 1's end
                for _ in range(3000):
                    if g.word("GPhase") == PH_HANDOVER and \
                            (over or g.word("HollyBlock", HOLLY_CLOSED)):
                        break
                    g.step()
                if not over:
                    g.step()
            s.key("t", APPLE)
            shot("gk_dialog_score_sheet_hollywood.png")
            s.key("\r")
            play_to_the_end()                           # the match's end: its sheet,
            shot("table_score_sheet_hollywood.png")     #   and every hand by scrolling
            s.key("t", APPLE)
            if not _scroll_to_top(s):
                raise RuntimeError("the match's hands all fit: the screens' seed changed?")
            shot("gk_dialog_score_sheet_scrolled.png")
            s.key("\r")
            s.choose("File", "End Game")
            s.choose("Settings", "House Rules...")
            g.click_item(HOLLYWOOD_ITEM)
            g.click_item(OK_ITEM)
            s.choose("Settings", "Players...")
            g.click_item(HUMAN_ITEM)
            g.click_item(OK_ITEM)
            g.poke("SetSeedLo", SHUTOUT_SEED)           # (the next screens as before)
            s.choose("Settings", "Game Settings...")
            g.click_item(USER_ITEM)
            g.click_item(OK_ITEM)
            s.choose("File", "New Game")
            s.key("\r")                                 # the draw for deal: at random
            s.key("\r")
            if g.word("DealAsking"):
                s.key("\r")                             # Make Willy deal
            s.type("AS 2H 5C 5D 10S QH")
            shot("gk_dialog_user_cards.png")
            for _ in range(3):                          # the two hands and the upcard
                s.key("\r")
            for _ in range(40):                         # to the first draw from the stock
                if s.tb.dlg.front() is not None:
                    break
                g.step()
            s.type("AS QH")                             # two cards for one: refused
            s.key("\r")
            shot("gk_dialog_user_stock.png")
            s.key(0x7F)
            s.key("\r")
            s.choose("File", "Quit")                    # the game is kept on the disk
            s.close()
            volume, _ = app.prepare_disk(Path(tmp) / "screens.po")
            s = app.session(volume)                     # the next start offers it
            s.run_until_idle()
            shot("gk_alert_resume.png")
            s.key(0x1B)                                 # Not Now: it stays there
        finally:
            s.close()
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-king screens",
                                     description="Refresh docs/screens/ from the program.")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="folder for the PNGs")
    args = parser.parse_args(argv)
    for path in refresh(Path(args.out)):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
