"""The tournament record cannot be dodged (End Game during a tournament game records it
as lost, after a confirmation; a game kept at Quit and not resumed likewise; the name is
fixed while one is on), and the Enter Name dialog re-prompts for an empty name."""
from __future__ import annotations

from gk_table import boot_table
from test_app_files import history_columns
from test_app_settings import CANCEL, OK, click_item

# Show History's table after one game lost to Willy, forfeited: no points
ONE_FORFEIT = [["Player", "Willy"], ["Won", "0"], ["Lost", "1"], ["Points", "0"]]


def record_line(t) -> str:
    t.s.clear_text_log()
    assert t.choose("Options", "Show History") == "held"
    line = " ".join(t.text())
    t.s.key("\r")
    return line


def record_table(t) -> list[list[str]]:
    assert t.choose("Options", "Show History") == "held"
    columns = history_columns(t)
    t.s.key("\r")
    return columns


def start_tournament_game(t) -> None:
    t.choose("Settings", "Tournament Mode")
    t.choose("File", "New Game")
    assert t.word("GPhase") != 0


def alert_text(t) -> str:
    dlg = t.s.tb.dlg.front()
    return " ".join(str(getattr(item, "text", "")) for item in dlg.items)


def test_app_end_game_in_a_tournament_records_a_loss_after_asking(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1234)
    start_tournament_game(t)
    assert not t.item("Settings", "Enter Name...").enabled     # the name is fixed
    t.s.clear_text_log()
    assert t.choose("File", "End Game") == "held"              # the confirmation
    said = " ".join(t.text())
    assert "recorded as a game lost" in said and "end it" in said
    click_item(t, CANCEL)                                       # the game goes on
    assert t.word("GPhase") != 0
    assert "No tournament games yet for Player." in record_line(t)
    assert t.choose("File", "End Game") == "held"
    click_item(t, OK)
    assert t.word("GPhase") == 0
    assert record_table(t) == ONE_FORFEIT
    assert t.item("Settings", "Enter Name...").enabled         # between games again
    t.s.close()


def test_app_quit_in_a_tournament_keeps_the_game_and_replacing_it_records_a_loss(
        tmp_path, program):
    """Quit keeps a tournament game on the disk (no question: it resumes). Not Now at the
    next start records nothing; a New Game that would replace it asks first (Cancel: the
    saved game stays) and then records it as lost for the saved game's player, though
    Tournament Mode is off now and another name was entered meanwhile."""
    t = boot_table(tmp_path, program, seed=1234)
    start_tournament_game(t)
    assert t.choose("File", "Quit") == "quit"
    t.s.close()
    again = boot_table(tmp_path, program)                       # Resume or Not Now?
    assert again.word("ResumeAsking") == 1
    click_item(again, 2)                                        # Not Now
    assert "No tournament games yet for Player." in record_line(again)
    assert again.word("SetTournament") == 0                     # the settings saved: off
    again.choose("Settings", "Enter Name...")
    again.s.type("Ann")
    click_item(again, OK)
    again.s.clear_text_log()
    assert again.choose("File", "New Game") == "held"           # the confirmation
    said = again.alert_text()
    assert said == ("The saved game is a tournament game: start a new one now and it is "
                    "recorded as a game lost (no points). Go on?")
    click_item(again, CANCEL)                                   # nothing replaced
    assert again.word("GPhase") == 0 and again.item("File", "Resume Game").enabled
    assert again.choose("File", "New Game") == "held"
    click_item(again, OK)
    if again.word("DealAsking"):
        again.s.key("\r")
    assert again.word("GPhase") != 0 and not again.item("File", "Resume Game").enabled
    assert again.s.read_pstring(again.addr("PlayerName")) == b"Ann"
    assert "No tournament games yet for Ann." in record_line(again)
    again.choose("File", "End Game")                            # (not a tournament game)
    again.choose("Settings", "Enter Name...")
    again.s.type("Player")
    click_item(again, OK)
    assert record_table(again) == ONE_FORFEIT
    again.s.close()


def test_app_end_game_outside_a_tournament_asks_nothing(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1234)
    t.choose("File", "New Game")
    assert t.item("Settings", "Enter Name...").enabled
    assert t.choose("File", "End Game") == "idle"
    assert t.word("GPhase") == 0
    t.s.close()


def test_app_enter_name_reprompts_for_an_empty_name(tmp_path, program):
    t = boot_table(tmp_path, program)
    assert t.choose("Settings", "Enter Name...") == "held"
    t.s.key(0x7F)                                               # the name is selected
    beeps = t.s.machine.tb.snd.beeps
    assert click_item(t, OK) == "held"                          # refused: a caution alert
    assert t.alert().icon == "caution" and "cannot be empty" in t.alert_text()
    assert t.s.machine.tb.snd.beeps == beeps + 1
    assert t.s.key("\r") == "held"                             # OK: asked again
    assert t.alert() is None and t.s.tb.dlg.front() is not None
    assert t.s.read_pstring(t.addr("PlayerName")) == b"Player"
    t.s.type("Ann")
    assert click_item(t, OK) == "idle"
    assert t.s.read_pstring(t.addr("PlayerName")) == b"Ann"
    t.s.close()


def test_app_escape_closes_help_and_show_cards(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1234)
    assert t.choose("Apple", "Help...") == "held"
    assert t.s.key(0x1B) == "idle"
    t.choose("File", "New Game")
    assert t.choose("Options", "Show Cards") == "held"
    assert t.s.key(0x1B) == "idle"
    assert t.word("GPhase") != 0                                # the game goes on
    t.s.close()


def test_app_points_per_game_are_ghosted_during_a_game(tmp_path, program):
    """Nothing silently ignored: the points per game, like the variant, cannot be changed
    while a game is on (the game keeps the target it started with)."""
    from test_app_settings import POINTS
    t = boot_table(tmp_path, program, seed=1234)
    t.choose("File", "New Game")
    assert t.choose("Settings", "Game Settings...") == "held"
    dlg = t.s.tb.dlg.front()
    assert all(not dlg.item(i).enabled for i in POINTS.values())
    click_item(t, POINTS[300])                                  # a ghosted button: no effect
    click_item(t, OK)
    assert t.word("SetPoints") == 0 and t.word("Target") == 100
    t.choose("File", "End Game")
    t.choose("Settings", "Game Settings...")                    # between games: offered
    assert t.s.tb.dlg.front().item(POINTS[300]).enabled
    click_item(t, POINTS[300])
    click_item(t, OK)
    assert t.word("SetPoints") == 3
    t.s.close()


def test_app_computer_visible_is_ghosted_in_tournament_mode(tmp_path, program):
    t = boot_table(tmp_path, program, seed=1234)
    assert t.item("Options", "Computer Visible").enabled
    t.choose("Settings", "Tournament Mode")
    assert not t.item("Options", "Computer Visible").enabled
    t.choose("File", "New Game")
    assert not t.item("Options", "Computer Visible").enabled
    t.s.close()
