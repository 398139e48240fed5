"""The personalities' native decisions and advice text against the oracle (gin_king.compare),
on seeded random positions and whole seeded games; the cycle budgets."""
from __future__ import annotations

import pytest

from gin_king import compare
from gin_king.native import NativeEngine

# What GK_Decide decides natively (the rest reports "not native").
NATIVE = {
    "irv": ("draw", "discard", "knock"),
    "willy": ("draw", "discard", "knock"),
    "sonia": ("draw", "discard", "knock"),
    "mort": ("draw", "discard", "knock"),
    "bernie": ("draw", "discard", "knock"),
    "phyllis": ("draw", "discard", "knock"),
    "shark": ("draw", "discard", "knock"),
    "king": ("draw", "discard", "knock"),
}
POSITIONS_EACH = 150
MEAN_BUDGET = 100_000                 # Willy .. Phyllis, docs/architecture.md, "Budgets"
KING_WORST_BUDGET = 1_400_000          # King inherits the look-ahead's budget


@pytest.fixture(scope="module")
def engine() -> NativeEngine:
    return NativeEngine()


@pytest.mark.parametrize("personality, decision",
                         [(p, d) for p, ds in NATIVE.items() for d in ds])
def test_native_positions_agree_with_the_oracle(engine, personality, decision):
    report = compare.Report()
    compare.compare_positions(engine, report, POSITIONS_EACH, seed=3,
                              personalities=(personality,), decisions=(decision,))
    tally = report.positions[f"{personality}:{decision}"]
    assert report.disagreements == []
    assert (tally.agree, tally.not_native) == (POSITIONS_EACH, 0)
    if personality == "king":
        assert max(tally.cycles) <= KING_WORST_BUDGET
    elif personality != "irv":
        assert sum(tally.cycles) / len(tally.cycles) <= MEAN_BUDGET


def test_an_unknown_personality_or_decision_is_refused(engine):
    from gin_king.native import POS, Position
    from iigs.memory import write_word
    engine._write_decide(Position("willy", "draw", tuple(range(10)), upcard=20))
    for field, bad in (("personality", 7), ("personality", 9), ("decision", 3)):
        saved = engine.read_word("PosBlock", POS[field])
        write_word(engine.memory, engine.address("PosBlock") + POS[field], bad)
        engine.call("GK_Decide")
        assert engine.read_word("DecBlock") == 1                   # status: not native
        write_word(engine.memory, engine.address("PosBlock") + POS[field], saved)


def test_whole_games_agree_decision_by_decision(engine):
    report = compare.Report()
    compare.compare_games(engine, report, games=3, seed=5)
    assert report.disagreements == []
    assert report.games_agree == 3
    asked = {k for k, t in report.game_decisions.items() if t.agree}
    assert asked                                      # the native side really answered
    engine_checks = {k: t.agree for k, t in report.game_engine.items()}
    assert engine_checks["deal"] >= 3 and engine_checks["final score"] == 3
    assert engine_checks.get("showdown", 0) >= 1


def test_disagreement_is_reported_with_a_reproducing_command(engine, monkeypatch):
    real = compare.oracle_decision

    def skewed(personality, decision, view, discard, rng_seed=1):
        choice, text, rng = real(personality, decision, view, discard, rng_seed)
        return choice, text + "!", rng

    monkeypatch.setattr(compare, "oracle_decision", skewed)
    report = compare.Report()
    compare.compare_positions(engine, report, 1, seed=9, personalities=("willy",),
                              decisions=("draw",))
    (d,) = report.disagreements
    assert d["reproduce"].startswith("gin-king compare --only willy:draw:")
    assert d["oracle"]["text"] == d["native"]["text"] + "!"
    assert not report.ok()
