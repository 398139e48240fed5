"""The OpenSpiel bridge with OpenSpiel as referee (docs/openspiel.md). Needs the
``openspiel`` extra, which CI installs (.ci/run)."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

from gin_king import openspiel as bridge  # noqa: E402
from gin_king.oracle.cards import DECK, Card  # noqa: E402
from gin_king.oracle.melds import ALL_MELDS  # noqa: E402


def test_cards_translate_both_ways_by_name():
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    for card in DECK:
        os_card = bridge.to_openspiel(card)
        assert bridge.from_openspiel(os_card) == card
        # OpenSpiel's name, e.g. "Ts" for our "10♠".
        rank, suit = utils.card_string(os_card)
        assert Card.parse(rank + suit) == card


def test_every_openspiel_meld_is_one_of_ours_and_long_runs_go_down_in_pieces():
    table = bridge.melds_table()
    assert len(table.by_id) == pyspiel.gin_rummy.NUM_MELD_ACTIONS
    six = next(m for m in ALL_MELDS if m.is_run and len(m.cards) == 6)
    pieces = table.action_pieces(six)
    laid = [c for a in pieces for c in table.by_id[a - bridge.MELD_BASE].cards]
    assert sorted(laid) == sorted(six.cards) and len(pieces) == 2


def _hands(names, count, seed):
    outcomes = []
    for i in range(count):
        seat = i % 2
        pair = names if seat == 0 else names[::-1]
        bots = [bridge.make_bot(pair[s], s, seed + i) for s in (0, 1)]
        outcomes.append(bridge.play_hand(bots, random.Random(seed * 7919 + i)))
    return outcomes


@pytest.mark.parametrize("player", sorted(bridge.our_players()))
def test_every_action_is_legal_and_scores_agree_against_the_simple_bot(player):
    outcomes = _hands((player, "simple"), 24, 11)   # play_hand asserts every action legal
    compared = [o for o in outcomes if o.comparable]
    assert compared
    for o in compared:
        assert o.returns[0] == o.oracle_points, o
    assert all(o.returns[0] == -o.returns[1] for o in outcomes)


def test_our_players_against_each_other_knock_lay_off_and_score_as_the_oracle():
    outcomes = _hands(("shark", "phyllis"), 40, 3) + _hands(("bernie", "willy"), 40, 5)
    knocks = [o for o in outcomes if o.knocker is not None]
    assert len(knocks) > 40
    compared = [o for o in knocks if o.comparable]
    assert len(compared) > 0.7 * len(knocks)
    for o in compared:
        assert o.returns[0] == o.oracle_points, o


def test_equal_deadwood_is_no_undercut_in_openspiel_and_not_compared():
    outcomes = _hands(("sonia", "simple"), 200, 1)
    equal = [o for o in outcomes if o.knocker is not None and not o.wall_knock
             and o.knocker_deadwood and o.knocker_deadwood == o.defender_deadwood]
    assert equal                                       # seed 1 meets one in 200 hands
    for o in equal:
        assert o.returns == (0, 0) and not o.comparable


def test_the_command_prints_its_figures_as_json():
    out = subprocess.run([sys.executable, "-m", "gin_king.cli", "openspiel", "--p1", "mort",
                          "--p2", "simple", "--hands", "30", "--seed", "2", "--json"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["hands"] == 30 and data["p1"] == "mort" and data["p2"] == "simple"
    assert data["p1_wins"] + data["p2_wins"] + data["ties"] == 30
    lo, hi = data["win_rate_ci"]
    assert lo <= data["win_rate"] <= hi
    lo, hi = data["mean_points_ci"]
    assert lo <= data["mean_points"] <= hi
    assert data["disagreements"] == 0 and data["comparable"] > 0
    again = subprocess.run([sys.executable, "-m", "gin_king.cli", "openspiel", "--p1", "mort",
                            "--hands", "30", "--seed", "2", "--json"],
                           capture_output=True, text=True, check=True).stdout
    assert json.loads(again) == data                  # a seed reproduces the hands


def test_an_unknown_player_is_a_clear_error():
    run = subprocess.run([sys.executable, "-m", "gin_king.cli", "openspiel", "--p1", "nobody",
                          "--hands", "3"], capture_output=True, text=True)
    assert run.returncode == 2 and "unknown player 'nobody'" in run.stderr
    assert "Traceback" not in run.stderr
