"""The Gin King oracle: the manual's rules, scoring and seven computer personalities in
Python, the specification the 65816 program is checked against (docs/rules.md,
docs/personalities.md, docs/rng.md).

The public names are re-exported here.
"""
from gin_king.oracle.cards import Card, parse_cards
from gin_king.oracle.game import GameResult, play_game, replay_source
from gin_king.oracle.melds import best_melds, deadwood
from gin_king.oracle.personalities import PERSONALITIES
from gin_king.oracle.rules import Rules, ShuffleMode, Variant, parse_rules
from gin_king.oracle.scoring import final_score, score_hand

__all__ = ["Card", "parse_cards", "GameResult", "play_game", "replay_source", "best_melds",
           "deadwood", "PERSONALITIES", "Rules", "ShuffleMode", "Variant", "final_score",
           "parse_rules", "score_hand"]
