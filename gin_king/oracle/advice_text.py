"""The sentences of the personalities' advice (manual, "Computer Personalities"; the exact
templates are in docs/personalities.md section 6).
"""
from __future__ import annotations

from typing import Iterable

from gin_king.oracle.cards import Card, count_cards, format_card_list
from gin_king.oracle.melds import Arrangement

# Pronouns of the personalities as opponents in Mort's advice ("so he can't use the K♠").
PRONOUNS = {"Irv": "he", "Willy": "he", "Mort": "he", "Bernie": "he", "Shark": "he", "King": "he",
            "Sonia": "she", "Phyllis": "she"}


def pronoun(name: str) -> str:
    return PRONOUNS.get(name, "they")


def sentence_start(name: str) -> str:
    """A name opening a sentence: a lower-case first letter capitalised ("your opponent" ->
    "Your opponent"); only a..z, as the engine's TxtOppNameCap does."""
    if name[:1] and "a" <= name[0] <= "z":
        return name[0].upper() + name[1:]
    return name


def points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def draws(n: int) -> str:
    return "1 draw" if n == 1 else f"{n} draws"


def no_take_opening(first_upcard_offer: bool, upcard: Card) -> str:
    return f"Refuse the {upcard}." if first_upcard_offer else "Draw from the stock."


def melds_after_discard(card: Card, arrangement: Arrangement) -> str:
    if arrangement.melds:
        melds = f"your melds are: {arrangement.melds_text()}."
    else:
        melds = "you have no melds."
    return (f"Discard the {card}. After discarding the {card}, {melds} "
            f"This leaves {points(arrangement.deadwood)} in deadwood.")


def knocking_text(arrangement: Arrangement) -> str:
    """The knock sentence without its leading "Knock. "."""
    if arrangement.deadwood == 0:
        return f"You have gin: {arrangement.melds_text()}."
    if arrangement.melds:
        opening = f"You can knock with: {arrangement.melds_text()}."
    else:
        opening = "You can knock with no melds."
    return (f"{opening} This leaves {format_card_list(arrangement.deadwood_cards)} "
            f"({points(arrangement.deadwood)}) in deadwood.")


def mort_sentence(m: Card, r: Card | None, measure_m, measure_r, opponent: str) -> str:
    """MORT(m, r) of docs/personalities.md section 6."""
    if measure_m.live == 0:
        return (f"{sentence_start(opponent)} does not have {_cards(measure_m.dead_partners, 'or')}, "
                f"so {pronoun(opponent)} can't use the {m}.")
    if r is not None and count_cards(measure_r.opp_partners) > count_cards(measure_m.opp_partners):
        return (f"{sentence_start(opponent)} is holding {_cards(measure_r.opp_partners, 'and')}, so the {m} is "
                f"a better discard than the {r}.")
    n = measure_m.live
    if r is not None and measure_r.live > n:
        there = "There is only 1 missing meld" if n == 1 else f"There are only {n} missing melds"
        other = "1 meld" if measure_r.live == 1 else f"{measure_r.live} melds"
        return (f"{there} that can be formed by {opponent} with the {m}, compared with {other} "
                f"with the {r}.")
    there = "There is 1 missing meld" if n == 1 else f"There are {n} missing melds"
    return f"{there} that can be formed by {opponent} with the {m}."


def bernie_sentence(m: Card, r: Card | None, helpers_m: int, helpers_r: int) -> str:
    """BERNIE(m, r) of docs/personalities.md section 6."""
    if helpers_m == 0:
        words = "No cards"
    elif helpers_m == 1:
        words = "Only 1 card"
    else:
        words = f"Only {helpers_m} cards"
    if r is not None and helpers_r > helpers_m:
        that = "1 card" if helpers_r == 1 else f"{helpers_r} cards"
        return f"{words} will help the {m} in your hand, compared with {that} that will help the {r}."
    return f"{words} will help the {m} in your hand."


def _cards(mask: int, conjunction: str) -> str:
    return format_card_list([c for c in range(52) if mask >> c & 1], conjunction)


def card_names(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def tenths(total: int, count: int) -> str:
    """total / count to one decimal, halves rounded up ("12.4")."""
    q, r = divmod(10 * total, count)
    if 2 * r >= count:
        q += 1
    return f"{q // 10}.{q % 10}"


def _gins(gins: int) -> str:
    if gins == 0:
        return ""
    return " (1 card gives gin)" if gins == 1 else f" ({gins} cards give gin)"


def outlook_sentence(m: Card, r: Card | None, mine, runner, unseen: int,
                     why: str | None = None) -> str:
    """Shark's discard advice (docs/personalities.md section 6): the expected deadwood after
    the next draw and the draws that give gin (``mine``, ``runner``: lookahead.Outlook),
    against the runner-up's when they are written differently; ``why``, a clause on what
    else speaks against the runner-up."""
    average = tenths(mine.total, unseen)
    advice = (f"Discard the {m}. After your next draw your deadwood should average {average} "
              f"points{_gins(mine.gins)}")
    if r is not None:
        other = tenths(runner.total, unseen)
        if (other, runner.gins) != (average, mine.gins):
            advice += f", against {other}{_gins(runner.gins)} if you discard the {r}"
            if why is not None:
                advice += f", {why}"
    return advice + "."
