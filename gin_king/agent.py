"""`gin-king agent --player NAME`: one computer player on stdin/stdout, as JSON lines
(docs/agent-protocol.md).

Each input line is one message; each gets exactly one output line: the decision with the
player's advice text, or ``{"error": "FIELD: ..."}`` for a message that cannot be read or
describes a table no game can reach (the player carries on with the next line). Lines are
read as bytes and decoded one by one, so no input of any kind ends the session: only
``quit`` or the end of input does.

What a view may hold follows the manual's deal ("Rules of Gin": 52 cards, ten each, the rest
the stock) and the hand's end with two cards left in the stock: every card is in one place
(the hand, the pile, the stock, the opponent's hand, or just discarded), and the history
lists are events, not places, so a card may recur in them (docs/agent-protocol.md).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any, Iterable

from gin_king.oracle.cards import Card, to_mask
from gin_king.oracle.rules import (HAND_SIZE, POINTS_PER_GAME, STANDARD_KNOCK_LIMIT,
                                   WALL_STOCK_SIZE, Rules)
from gin_king.oracle.state import Phase
from gin_king.oracle.tournament import AGENTS, make_agent
from gin_king.oracle.view import PlayerView

PROTOCOL_VERSION = 1
DECK_SIZE = 52
# message type -> (phase of the view, cards in the hand)
MESSAGE_PHASES = {"draw": (Phase.DRAW, HAND_SIZE), "discard": (Phase.DISCARD, HAND_SIZE + 1),
                  "knock": (Phase.KNOCK, HAND_SIZE)}
MESSAGE_TYPES = ("hello", "new_game", *MESSAGE_PHASES, "quit")
# The history lists: events of this hand, in order; a card may recur (declined at the
# offer and again at the next draw; discarded, taken back, discarded again).
HISTORY_FIELDS = ("my_took", "opponent_took", "opponent_declined", "opponent_discarded")
# The program's own limit for a player's name (NAME_MAX in the engine's records): one line
# of the Advice window.
NAME_MAX = 31
# Numbers longer than this are never a valid field, so they are not converted at all
# (Python refuses to convert integers of more than 4,300 digits).
NUMBER_DIGITS_MAX = 20
# What an error line quotes of a bad value.
SHOWN_MAX = 40


class ProtocolError(ValueError):
    """A message the player cannot act on; its text ("FIELD: what is wrong") goes back
    as the error line."""


class LongNumber:
    """A JSON integer too long to be any field's value; kept as its length only."""

    def __init__(self, digits: str) -> None:
        self.digits = len(digits.lstrip("-"))

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"


def shown(value: Any) -> str:
    """A bad value as an error line quotes it: its repr, cut short."""
    text = repr(value) if isinstance(value, (str, int, float, LongNumber)) and \
        not isinstance(value, bool) else json_name(value)
    return text if len(text) <= SHOWN_MAX else text[:SHOWN_MAX - 1] + "…"


def json_name(value: Any) -> str:
    """What kind of JSON value ``value`` is, as an error line names it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return repr(value)


def _number(text: str) -> int | LongNumber:
    return LongNumber(text) if len(text) > NUMBER_DIGITS_MAX else int(text)


def message_of(raw: bytes) -> Any:
    """The JSON value of one input line (bytes, without its newline)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ProtocolError(f"line: not UTF-8 text (byte 0x{raw[error.start]:02x} at "
                            f"column {error.start + 1})") from None
    try:
        return json.loads(text, parse_int=_number)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"line: not JSON: {error.msg} at column {error.colno}") from None
    except RecursionError:
        raise ProtocolError("line: not JSON this program reads: nested too deeply") from None


def card_of(value: Any, field: str) -> Card:
    """A card written as text ("10♥", "Th", "A♠") or as our number 0..51 (docs/rng.md)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < DECK_SIZE:
            raise ProtocolError(f"{field}: card number out of range: {value}")
        return Card(value)
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except ValueError:
            pass
    raise ProtocolError(f"{field}: not a card: {shown(value)}")


def cards_of(value: Any, field: str) -> tuple[Card, ...]:
    """A list of cards, in order; a card may recur (the history lists are events)."""
    if not isinstance(value, list):
        raise ProtocolError(f"{field}: expected a list of cards, not {json_name(value)}")
    return tuple(card_of(v, field) for v in value)


def place_of(value: Any, field: str) -> tuple[Card, ...]:
    """The cards in one place of the table (the hand, the pile): each at most once."""
    cards = cards_of(value, field)
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ProtocolError(f"{field}: the {twice} is there twice")
    return cards


def _int_of(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(f"{field}: expected a whole number {low}..{high}, "
                            f"not {shown(value)}")
    return value


def _bool_of(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError(f"{field}: expected true or false, not {shown(value)}")
    return value


def _pair_of(value: Any, field: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ProtocolError(f"{field}: expected [mine, opponent's]")
    return (_int_of(value[0], field, 0, 10_000), _int_of(value[1], field, 0, 10_000))


def _name_of(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"{field}: expected a name (a string), not {json_name(value)}")
    if not 1 <= len(value) <= NAME_MAX:
        raise ProtocolError(f"{field}: a name of 1 to {NAME_MAX} characters, not {len(value)}")
    if not value.isprintable():
        raise ProtocolError(f"{field}: a name of printable characters, not {shown(value)}")
    return value


def view_from_json(data: Any, phase: Phase, hand_size: int,
                   knocking_discard: Card | None = None) -> PlayerView:
    """The ``PlayerView`` a message describes (docs/agent-protocol.md, "The view").

    Refused (``ProtocolError`` naming the field) is what no game reaches: a card in two
    places, more cards than the deck, a stock below the hand's end. For a knock,
    ``knocking_discard`` is the card just discarded: off the pile in the engine's own view,
    accepted on top of it too (then taken off)."""
    if not isinstance(data, dict):
        raise ProtocolError(f"view: expected an object, not {json_name(data)}")
    if "hand" not in data:
        raise ProtocolError("view: hand is missing")
    hand = place_of(data["hand"], "hand")
    if len(hand) != hand_size:
        raise ProtocolError(f"hand: {hand_size} cards expected, {len(hand)} given")
    pile = place_of(data.get("discard_pile", []), "discard_pile")
    if to_mask(pile) & to_mask(hand):
        raise ProtocolError("discard_pile: holds a card of the hand")
    if knocking_discard is not None:
        if knocking_discard in hand:
            raise ProtocolError("discard: must be the card just discarded, not one held")
        if pile and pile[-1] == knocking_discard:
            pile = pile[:-1]
        elif knocking_discard in pile:
            raise ProtocolError("discard: must be the card just discarded, not one under "
                                "the upcard")
    if phase is Phase.DRAW and not pile:
        raise ProtocolError("discard_pile: the upcard (its last card) is needed to draw")
    just_discarded = 0 if knocking_discard is None else 1
    # Manual, "Rules of Gin": 52 cards; the opponent holds ten while this player decides.
    room = DECK_SIZE - len(hand) - len(pile) - HAND_SIZE - just_discarded
    if room < WALL_STOCK_SIZE:
        raise ProtocolError(f"discard_pile: {len(pile)} cards and a hand of {len(hand)} leave "
                            f"fewer than {WALL_STOCK_SIZE} in the stock")
    # "If a hand continues until there are only two cards in the stock, the hand ends".
    stock_size = _int_of(data.get("stock_size", room), "stock_size", WALL_STOCK_SIZE,
                         DECK_SIZE - 2 * HAND_SIZE)
    if stock_size > room:
        raise ProtocolError(f"stock_size: {stock_size} cards with a hand of {len(hand)}, a pile "
                            f"of {len(pile)} and the opponent's {HAND_SIZE} make more than "
                            f"{DECK_SIZE}")
    taken = data.get("taken_from_pile")
    taken = None if taken is None else card_of(taken, "taken_from_pile")
    if taken is not None and taken == knocking_discard:
        # The common rule (Hoyle, OpenSpiel, the EAAI framework; docs/rules.md): the card
        # just taken from the pile may not go straight back.
        raise ProtocolError("discard: the card just taken from the pile (taken_from_pile) "
                            "may not be discarded in the same turn")
    if taken is not None and taken not in hand:
        raise ProtocolError("taken_from_pile: not in the hand")
    history = {field: cards_of(data.get(field, []), field) for field in HISTORY_FIELDS}
    _check_history(history, to_mask(hand) | to_mask(pile)
                   | (0 if knocking_discard is None else 1 << knocking_discard))
    points = _int_of(data.get("points_per_game", 100), "points_per_game", 0, 10_000)
    if points not in POINTS_PER_GAME:
        raise ProtocolError(f"points_per_game: one of {POINTS_PER_GAME}")
    first_offer = _bool_of(data.get("first_upcard_offer", False), "first_upcard_offer")
    return PlayerView(
        player=0, phase=Phase.FIRST_UPCARD if first_offer and phase is Phase.DRAW else phase,
        hand=tuple(sorted(hand)), discard_pile=pile, stock_size=stock_size,
        taken_from_pile=taken, first_upcard_offer=first_offer, **history,
        my_draws=_int_of(data.get("my_draws", 0), "my_draws", 0, 1000),
        opponent_draws=_int_of(data.get("opponent_draws", 0), "opponent_draws", 0, 1000),
        scores=_pair_of(data.get("scores", [0, 0]), "scores"),
        hands_won=_pair_of(data.get("hands_won", [0, 0]), "hands_won"),
        rules=Rules(points_per_game=points),
        knock_limit=_int_of(data.get("knock_limit", STANDARD_KNOCK_LIMIT), "knock_limit", 0, 10),
        opponent_name=_name_of(data.get("opponent_name", "your opponent"), "opponent_name"))


def _check_history(history: dict[str, tuple[Card, ...]], placed: int) -> None:
    """Every card in a history list was an upcard once, so it is in the hand, on the pile,
    just discarded, or in the opponent's hand: never in the stock. More such cards than the
    opponent holds is a history no game makes."""
    held = 0
    for field in HISTORY_FIELDS:
        held |= to_mask(history[field]) & ~placed
        if held.bit_count() > HAND_SIZE:
            raise ProtocolError(f"{field}: the opponent would hold {held.bit_count()} of "
                                f"these cards, more than his {HAND_SIZE}")


def view_to_json(view: PlayerView) -> dict:
    """A ``PlayerView`` as the protocol writes it (cards as text), e.g. for a client."""
    def cards(cs) -> list[str]:
        return [str(c) for c in cs]

    return {"hand": cards(view.hand), "discard_pile": cards(view.discard_pile),
            "stock_size": view.stock_size,
            "taken_from_pile": None if view.taken_from_pile is None else str(view.taken_from_pile),
            "first_upcard_offer": view.first_upcard_offer, "my_took": cards(view.my_took),
            "opponent_took": cards(view.opponent_took),
            "opponent_declined": cards(view.opponent_declined),
            "opponent_discarded": cards(view.opponent_discarded),
            "my_draws": view.my_draws, "opponent_draws": view.opponent_draws,
            "scores": list(view.scores), "hands_won": list(view.hands_won),
            "points_per_game": view.rules.points_per_game, "knock_limit": view.knock_limit,
            "opponent_name": view.opponent_name}


def _advice(agent, method: str, *args) -> str:
    """The player's own advice sentence; a player without advice methods (the simple
    baseline) gets a plain one from the caller."""
    advise = getattr(agent, method, None)
    return advise(*args) if advise is not None else ""


class Session:
    """One player answering messages; ``new_game`` gives it a fresh generator."""

    def __init__(self, player: str, seed: int = 1) -> None:
        self.player = player
        self.agent = make_agent(player, seed)

    def handle(self, message: Any) -> dict:
        if not isinstance(message, dict):
            raise ProtocolError(f"message: expected a JSON object, not {json_name(message)}")
        kind = message.get("type")
        if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
            what = "missing" if kind is None else f"unknown: {shown(kind)}"
            raise ProtocolError(f"type: {what}; types: " + ", ".join(MESSAGE_TYPES))
        if kind == "hello":
            return {"type": "hello", "player": self.player, "protocol": PROTOCOL_VERSION}
        if kind == "new_game":
            seed = _int_of(message.get("seed", 1), "seed", 0, 2**32 - 1)
            self.agent = make_agent(self.player, seed)
            return {"type": "new_game", "player": self.player, "seed": seed}
        if kind == "quit":
            return {"type": "quit"}
        phase, size = MESSAGE_PHASES[kind]
        discard = card_of(message.get("discard"), "discard") if kind == "knock" else None
        view = view_from_json(message.get("view"), phase, size, discard)
        return getattr(self, "_" + kind)(view, discard)

    def _draw(self, view: PlayerView, _discard: None) -> dict:
        take = bool(self.agent.wants_upcard(view))
        decision = "upcard" if take else ("pass" if view.first_upcard_offer else "stock")
        advice = _advice(self.agent, "advise_draw", view) or (
            f"Take the {view.upcard}." if take else f"Don't take the {view.upcard}.")
        return {"type": "draw", "decision": decision, "advice": advice}

    def _discard(self, view: PlayerView, _discard: None) -> dict:
        card = self.agent.choose_discard(view)
        advice = _advice(self.agent, "advise_discard", view) or f"Discard the {card}."
        kept = view.hand_mask & ~(1 << card)
        return {"type": "discard", "card": str(card), "number": int(card),
                "can_knock": view.counting.deadwood(kept) <= view.knock_limit, "advice": advice}

    def _knock(self, view: PlayerView, discard: Card) -> dict:
        if view.counting.deadwood(view.hand_mask) > view.knock_limit:
            raise ProtocolError(f"knock: the hand's deadwood is over {view.knock_limit}")
        knock = bool(self.agent.wants_knock(view, discard))
        advice = _advice(self.agent, "advise_knock", view, discard) or (
            "Knock." if knock else "Don't knock.")
        return {"type": "knock", "knock": knock, "advice": advice}


def reply_to(session: Session, raw: bytes) -> dict:
    """The one reply to one input line."""
    try:
        return session.handle(message_of(raw))
    except ProtocolError as error:
        return {"error": str(error)}
    except Exception as error:  # noqa: BLE001 - the protocol promises a line, never a traceback
        return {"error": f"player: could not answer this view ({type(error).__name__})"}


def is_blank(raw: bytes) -> bool:
    """A line of JSON whitespace only: skipped, with no reply."""
    return not raw.strip(b" \t\r\n")


def serve(player: str, seed: int, lines: Iterable[bytes], out: IO[bytes]) -> int:
    """Answer every line of ``lines`` (bytes, as read) on ``out``; returns the exit status."""
    session = Session(player, seed)
    for raw in lines:
        if is_blank(raw):
            continue
        reply = reply_to(session, raw.rstrip(b"\r\n"))
        # A lone surrogate (a "\\ud800" escape) can reach an error line; it goes out as
        # the same JSON escape.
        text = json.dumps(reply, ensure_ascii=False) + "\n"
        out.write(text.encode("utf-8", "backslashreplace"))
        out.flush()
        if reply.get("type") == "quit":
            break
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="gin-king agent",
        description="A computer player speaking JSON lines on stdin/stdout "
                    "(docs/agent-protocol.md).")
    parser.add_argument("--player", required=True, choices=sorted(AGENTS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        return serve(args.player, args.seed, sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
