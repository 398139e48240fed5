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


def test_help_lists_every_option_of_every_command(capsys):
    """`gin-king --help` gives each command's, sub-command's and benchmark's options."""
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    parsers = []
    for command in cli.COMMANDS:
        parsers.append(([command], _parser_of([command])))
        for sub in cli.SUBCOMMANDS.get(command, ()):
            parsers.append(([command, sub], _parser_of([command, sub])))
    for bench in cli.BENCHES:
        parsers.append((["bench", bench], _parser_of(["bench", bench])))
    for argv, options in parsers:
        assert options is not None, f"{argv}: no argparse help"
        for option in options:
            assert option in out, f"gin-king {' '.join(argv)} {option} is not in --help"
    for key in ("F3", "F6", "Clear", "keypad Enter", "Escape", "Option", "Command"):
        assert key in out


def _parser_of(argv):
    """The option strings a command's own --help shows (parsed from its text)."""
    import re
    text = cli._own_help(argv)
    if "usage:" not in text:
        return None
    return sorted(set(re.findall(r"(?<![\w-])--?[A-Za-z][\w-]*", text)))


def test_disk_subcommands_are_all_named():
    import disk.cli
    import re
    text = disk.cli.parser().format_help()
    names = re.search(r"\{([a-z,]+)\}", text).group(1).split(",")
    assert tuple(names) == cli.SUBCOMMANDS["disk"]


def test_readme_lists_the_keys():
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    for key in ("F3", "F6", "Clear", "keypad Enter", "Escape", "left Option", "Command"):
        assert key in readme


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
