"""The command-line table names modules that exist; compare and tournament know King."""
import importlib

import pytest

from gin_king import cli


def test_help_lists_every_bench(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in cli.BENCHES:
        assert name in out


def test_unknown_bench_is_an_error(capsys):
    assert cli.main(["bench", "nonesuch"]) == 2
    assert "usage" in capsys.readouterr().err


@pytest.mark.parametrize("name", cli.BENCHES)
def test_every_bench_has_a_main(name):
    assert callable(importlib.import_module(f"gin_king.bench.{name}").main)


@pytest.mark.parametrize("command", sorted(cli.COMMANDS))
def test_every_command_resolves(command):
    assert callable(cli._resolve(cli.COMMANDS[command]))


def test_compare_covers_king_and_the_manuals_shark(capsys):
    # A few positions of each decision for both, and two whole games, all in agreement.
    import json
    assert cli.main(["compare", "--personality", "king", "--personality", "shark",
                     "--positions", "3", "--games", "1", "--deadwood", "5",
                     "--seed", "201", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for name in ("king", "shark"):
        for decision in ("draw", "discard", "knock"):
            assert report["positions"][f"{name}:{decision}"]["agree"] == 3
    assert report["games"]["agree"] == 1 and report["disagreements"] == []


def test_tournament_plays_king(capsys):
    assert cli.main(["tournament", "--p1", "king", "--p2", "simple", "--games", "2",
                     "--seed", "201", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.startswith("king vs simple: 2 games, king wins ")
