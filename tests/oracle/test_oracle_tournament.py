"""The tournament command runs games and reports them (tiny sizes: wall-clock free)."""
import pytest

from gin_king.oracle.rules import Rules
from gin_king.oracle.tournament import main, run_match


def test_run_match_counts_every_game():
    result = run_match("willy", "irv", games=4, seed=2, rules=Rules(), jobs=1)
    assert result.p1_wins + result.p2_wins + result.no_result == 4
    low, high = result.interval()
    assert 0.0 <= low <= result.p1_rate <= high <= 1.0


def test_main_prints_a_line(capsys):
    assert main(["--p1", "sonia", "--p2", "simple", "--games", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sonia vs simple: 2 games")


def test_house_rules_on_the_command_line(capsys):
    # Simple Gin: every hand won is a gin, so the winner's net is large.
    assert main(["--p1", "willy", "--p2", "irv", "--games", "2", "--jobs", "1",
                 "--rules", "simple,gin=30"]) == 0
    assert capsys.readouterr().out.startswith("willy vs irv: 2 games")
    with pytest.raises(SystemExit) as stop:
        main(["--rules", "simple,sideways", "--games", "1"])
    assert stop.value.code == 2
    assert "unknown house rule 'sideways'" in capsys.readouterr().err
