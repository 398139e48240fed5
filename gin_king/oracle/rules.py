"""The game settings of the manual's "Settings Menu" (Game Settings dialog), the knock
limit of "Rules of Gin" / "Oklahoma Gin", and the house rules of issue 19 taken from the
other gin programs (docs/rules.md "House rules").

A ``Rules`` value is fixed for a whole game; per-hand facts that follow from it (the knock
limit, the spade doubling) are computed here once per hand rather than threaded through
the engine as flags. Every house rule is off by default: ``Rules()`` is the manual's game.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum

from gin_king.oracle.cards import card_value

POINTS_PER_GAME = (100, 150, 200, 300, 400, 500)  # manual, "Points Per Game"
HOUSE_POINTS_PER_GAME = (250,)                     # Dynamic Gin (seed 002): "100, 150, or 250"
GAME_BONUS = 100        # manual, "Scoring": game bonus
BOX_BONUS = 25          # per hand won ("box or line bonus")
GIN_BONUS = 25
UNDERCUT_BONUS = 25
STANDARD_KNOCK_LIMIT = 10
HAND_SIZE = 10          # cards dealt to each player
WALL_STOCK_SIZE = 2     # "only two cards in the stock": the hand is a tie
# Turns in a row that take the upcard (the stock never shrinks) before the hand is a tie:
# two programs could otherwise pass cards through the pile forever. No personality comes
# near it; in the desktop game the human can always draw from the stock.
PILE_TURNS_LIMIT = 52
CORNER_ACE_VALUE = 15   # Gin Champion (seed 003): "a dead wood Ace counts 15 points"
HOLLYWOOD_GAMES = 3     # GIN! (seed 004): "three games are played at once"

DEALS = ("ten", "eleven")
SCORINGS = ("single", "hollywood")
BOXES = ("each", "difference", "off")
SHUTOUT_DOUBLE = "double"


class Variant(Enum):
    STANDARD = "standard"
    OKLAHOMA = "oklahoma"


class ShuffleMode(Enum):
    SHUFFLE = "shuffle"
    REPLAY = "replay"
    USER = "user"


@dataclass(frozen=True)
class Rules:
    variant: Variant = Variant.STANDARD
    points_per_game: int = 100
    shuffle_mode: ShuffleMode = ShuffleMode.SHUFFLE
    # House rules (docs/rules.md "House rules"); the defaults are the manual's game.
    knocking: bool = True          # off: only gin ends a hand (Simple Gin, seeds 001/002)
    layoff: bool = True            # off: no laying off at all (001's "speculation")
    layoff_on_gin: bool = False    # on: the defender may lay off on a gin too (003)
    around_corner: bool = False    # runs through the ace (Q-K-A, K-A-2); dead ace 15 (003)
    spades_double: bool = False    # a spade first upcard doubles the hand (003)
    deal: str = "ten"              # "eleven": the first player gets 11 cards (002)
    scoring: str = "single"        # "hollywood": three games at once (004)
    gin_bonus: int = GIN_BONUS
    undercut_bonus: int = UNDERCUT_BONUS
    box_bonus: int = BOX_BONUS
    box: str = "each"              # "difference" (004) or "off" (001)
    game_bonus: int = GAME_BONUS
    shutout: str | int = SHUTOUT_DOUBLE   # or a number of points (004's Blitz bonus)

    def __post_init__(self) -> None:
        if self.points_per_game not in POINTS_PER_GAME + HOUSE_POINTS_PER_GAME:
            raise ValueError("points per game must be one of "
                             f"{tuple(sorted(POINTS_PER_GAME + HOUSE_POINTS_PER_GAME))}")
        for name, allowed in (("deal", DEALS), ("scoring", SCORINGS), ("box", BOXES)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}")
        for name in ("gin_bonus", "undercut_bonus", "box_bonus", "game_bonus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a number of points (0 or more)")
        if self.shutout != SHUTOUT_DOUBLE and (
                isinstance(self.shutout, bool) or not isinstance(self.shutout, int)
                or self.shutout < 0):
            raise ValueError('shutout must be "double" or a number of points')
        # 001: "If the knocking option is turned off, the speculation option is
        # automatically turned off as well"; with laying off off there is none on gin either.
        if not self.knocking or not self.layoff:
            object.__setattr__(self, "layoff", False)
            object.__setattr__(self, "layoff_on_gin", False)

    @property
    def is_default_play(self) -> bool:
        """True when deadwood, knocking and laying off are the manual's (scoring aside)."""
        return self.knocking and self.layoff and not self.layoff_on_gin \
            and not self.around_corner

    @property
    def eleven_ten(self) -> bool:
        """The Eleven/Ten deal is in force: never in Oklahoma (002: "Dealing in Oklahoma
        Gin is always by the standard method -- even when this option is selected")."""
        return self.deal == "eleven" and self.variant is Variant.STANDARD

    def may_lay_off(self, gin: bool) -> bool:
        """May the defender lay off on this knock (``gin``: the knocker went gin)?"""
        return self.layoff and (not gin or self.layoff_on_gin)

    def house_rules(self) -> str:
        """The house rules in force, in ``parse_rules`` names ("" for none)."""
        return format_rules(self)


DEFAULT_RULES = Rules()


@dataclass(frozen=True)
class HandTerms:
    """What the first upcard fixes for one hand."""

    knock_limit: int
    multiplier: int


def hand_terms(rules: Rules, first_upcard: int) -> HandTerms:
    spade = first_upcard // 13 == 3
    if rules.variant is Variant.STANDARD:
        limit, multiplier = STANDARD_KNOCK_LIMIT, 1
    else:
        # Oklahoma: the knock card's value is the limit; an Ace (value 1) means gin only
        # (manual, Glossary "Knock Card"); a spade doubles the hand.
        value = card_value(first_upcard)
        limit, multiplier = (0 if value == 1 else value), (2 if spade else 1)
    if rules.spades_double and spade:
        multiplier = 2       # 003: "all scores for the hand (including bonus scores)"
    if not rules.knocking:
        limit = 0            # Simple Gin: "the maximum knock score is zero" (002)
    return HandTerms(limit, multiplier)


# ---- house rule names for the command line ------------------------------------------------

# name -> the fields it sets
RULE_NAMES: dict[str, dict[str, object]] = {
    "simple": {"knocking": False},
    "no-layoff": {"layoff": False},
    "layoff-on-gin": {"layoff_on_gin": True},
    "around-corner": {"around_corner": True},
    "spades-double": {"spades_double": True},
    "eleven-ten": {"deal": "eleven"},
    "hollywood": {"scoring": "hollywood"},
    "box-difference": {"box": "difference"},
    "no-box": {"box": "off"},
}
# name=N -> the bonus field it sets
BONUS_NAMES: dict[str, str] = {
    "gin": "gin_bonus", "undercut": "undercut_bonus", "box": "box_bonus",
    "game": "game_bonus", "shutout": "shutout",
}


class RulesError(ValueError):
    """A house rule name or value that ``parse_rules`` cannot read."""


def parse_rules(text: str, base: Rules = DEFAULT_RULES) -> Rules:
    """``"simple,around-corner,gin=20,shutout=double"`` -> ``base`` with those house rules.

    Names are separated by commas (spaces around them are ignored; an empty text is no
    house rule). Raises ``RulesError`` naming the bad entry and the names allowed.
    """
    changes: dict[str, object] = {}
    for raw in text.split(","):
        item = raw.strip().lower()
        if not item:
            continue
        if "=" in item:
            name, _, value = (part.strip() for part in item.partition("="))
            if name not in BONUS_NAMES:
                raise RulesError(f"unknown bonus {name!r} in {raw.strip()!r}; bonuses: "
                                 + ", ".join(f"{n}=N" for n in BONUS_NAMES))
            if name == "shutout" and value == SHUTOUT_DOUBLE:
                changes["shutout"] = SHUTOUT_DOUBLE
                continue
            if not value.isdigit():
                raise RulesError(f"{name}= needs a number of points (0 or more), not "
                                 f"{value!r}" + (' (or "double")' if name == "shutout" else ""))
            changes[BONUS_NAMES[name]] = int(value)
        elif item in RULE_NAMES:
            changes.update(RULE_NAMES[item])
        else:
            raise RulesError(f"unknown house rule {raw.strip()!r}; rules: "
                             + ", ".join(RULE_NAMES) + ", "
                             + ", ".join(f"{n}=N" for n in BONUS_NAMES))
    try:
        return replace(base, **changes)
    except ValueError as error:
        raise RulesError(str(error)) from None


def format_rules(rules: Rules) -> str:
    """The ``parse_rules`` text for ``rules``' house rules (variant and points apart)."""
    names = [name for name, sets in RULE_NAMES.items()
             if all(getattr(rules, f) == v for f, v in sets.items())]
    if not rules.knocking:
        names = [n for n in names if n != "no-layoff"]   # implied by "simple"
    defaults = {f.name: f.default for f in fields(Rules)}
    for name, field_name in BONUS_NAMES.items():
        value = getattr(rules, field_name)
        if value != defaults[field_name]:
            names.append(f"{name}={value}")
    return ",".join(names)
