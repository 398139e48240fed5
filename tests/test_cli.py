"""The command-line table names modules that exist."""
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
