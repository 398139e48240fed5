"""`gin-king agent` never dies (docs/agent-protocol.md, "Errors"): about a thousand generated
lines thrown at one real subprocess -- bytes, JSON of every shape, views with a card in two
places or more than 52 cards, legal views whose histories repeat events -- each gets exactly
one reply line (an error naming its field for the impossible, a decision for the legal),
and the session ends with a clean exit and nothing on stderr.

CI's smoke: 500 seeded lines (each of the 16 kinds 11 times or more) and 15 hypothesis
runs of 20 to 60 lines. The long run is `gin-king bench agent --lines 100000`.
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin_king.agent import HISTORY_FIELDS
from gin_king.agent_fuzz import (ERROR, AgentProcess, FuzzLine, LineMaker, Tally,
                                 engine_decisions, expected_reply, read_back, repeated_fields)

# Games of simple against simple whose views repeat a card in every history list
# (seed 24: took and discarded; 31 and 35: declined at the offer and again).
REPEAT_SEEDS = (24, 31, 35)
DECISIONS = engine_decisions(REPEAT_SEEDS)
LEGAL = [message for _, message in DECISIONS]
MAKER = LineMaker(LEGAL)


def test_the_legal_pool_carries_every_kind_of_repeat():
    repeated = {name for message in LEGAL for name in repeated_fields(message)}
    assert repeated == set(HISTORY_FIELDS)


def _hypothesis_line(raw: bytes) -> FuzzLine:
    """A line hypothesis made, its reply read from the line (never a quit: the session
    goes on)."""
    raw = raw.replace(b"\n", b"\xff")
    expect = expected_reply(raw)
    if expect == "quit":
        raw, expect = b"!" + raw, ERROR
    return FuzzLine(raw, expect, "hypothesis")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "view", "hand", "seed", "x"]) | st.text(max_size=5),
                      inner, max_size=4),
    max_leaves=12)


LINES = st.one_of(
    st.randoms(use_true_random=False).map(MAKER.line),
    st.binary(max_size=80).map(_hypothesis_line),
    JSON_VALUES.map(lambda v: _hypothesis_line(json.dumps(v).encode())))


@pytest.fixture(scope="module")
def agent():
    process = AgentProcess("king")
    yield process
    status, err = process.close()
    assert (status, err.decode(errors="replace")) == (0, "")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, min_size=20, max_size=60))
def test_every_line_gets_its_one_reply(agent, lines):
    tally = Tally()
    agent.exchange(lines, tally)
    assert tally.failures == []


def test_a_seeded_run_of_every_kind_gets_its_replies(agent):
    lines = MAKER.lines(500, seed=38)
    tally = Tally()
    agent.exchange(lines, tally)
    assert tally.failures == []
    assert set(tally.by_kind) == set(MAKER.kinds)


def test_every_engine_view_is_read_back_as_the_same_view():
    # view_to_json -> view_from_json on every decision of the pool's games, repeats and all
    # (`gin-king bench agent` does the same for 200 games).
    assert [read_back(view, message) for view, message in DECISIONS] == [""] * len(DECISIONS)
