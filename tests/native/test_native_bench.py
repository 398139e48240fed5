"""`gin-king bench native` runs and holds its budgets on a small seeded set."""
from __future__ import annotations

from gin_king.bench import native as bench_native


def test_bench_native_prints_every_personality_within_budget(capsys):
    assert bench_native.main(["--positions", "2", "--hands", "50"]) == 0
    out = capsys.readouterr().out
    for label in ("deadwood, 11 cards", "corner deadwood, 11", "willy discard", "shark knock", "king discard", "irv draw"):
        assert label in out
    assert "not native" not in out


def test_bench_native_measures_the_decisions_under_house_rules(capsys):
    assert bench_native.main(["--positions", "1", "--hands", "20", "--rules",
                              "around-corner,simple"]) == 0
    out = capsys.readouterr().out
    assert "decisions under --rules around-corner,simple" in out
    assert "king discard" in out and "not native" not in out
