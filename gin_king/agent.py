"""`gin-king agent --player NAME`: one computer player on stdin/stdout, as JSON lines
(docs/agent-protocol.md).

Each input line is one message; each gets exactly one output line: the decision with the
player's advice text, or ``{"error": "..."}`` for a message that cannot be read (the
player carries on with the next line). ``quit`` or the end of input ends the session.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from gin_king.oracle.cards import Card, from_mask, to_mask
from gin_king.oracle.rules import HAND_SIZE, POINTS_PER_GAME, STANDARD_KNOCK_LIMIT, Rules
from gin_king.oracle.state import Phase
from gin_king.oracle.tournament import AGENTS, make_agent
from gin_king.oracle.view import PlayerView

PROTOCOL_VERSION = 1
# message type -> (phase of the view, cards in the hand)
MESSAGE_PHASES = {"draw": (Phase.DRAW, HAND_SIZE), "discard": (Phase.DISCARD, HAND_SIZE + 1),
                  "knock": (Phase.KNOCK, HAND_SIZE)}


class ProtocolError(ValueError):
    """A message the player cannot act on; its text goes back as the error line."""


def card_of(value: Any, field: str) -> Card:
    """A card written as text ("10♥", "Th", "A♠") or as our number 0..51 (docs/rng.md)."""
    if isinstance(value, bool):
        raise ProtocolError(f"{field}: not a card: {value!r}")
    if isinstance(value, int):
        if not 0 <= value < 52:
            raise ProtocolError(f"{field}: card number out of range: {value}")
        return Card(value)
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except ValueError:
            raise ProtocolError(f"{field}: not a card: {value!r}") from None
    raise ProtocolError(f"{field}: not a card: {value!r}")


def cards_of(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise ProtocolError(f"{field}: expected a list of cards")
    cards = tuple(card_of(v, field) for v in value)
    if len(set(cards)) != len(cards):
        raise ProtocolError(f"{field}: a card appears twice")
    return cards


def _int_of(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError(f"{field}: expected a whole number {low}..{high}")
    return value


def _pair_of(value: Any, field: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ProtocolError(f"{field}: expected [mine, opponent's]")
    return (_int_of(value[0], field, 0, 10_000), _int_of(value[1], field, 0, 10_000))


def view_from_json(data: Any, phase: Phase, hand_size: int) -> PlayerView:
    """The ``PlayerView`` a message describes (docs/agent-protocol.md, "The view")."""
    if not isinstance(data, dict):
        raise ProtocolError("view: expected an object")
    if "hand" not in data:
        raise ProtocolError("view: hand is missing")
    hand = cards_of(data["hand"], "hand")
    if len(hand) != hand_size:
        raise ProtocolError(f"hand: {hand_size} cards expected, {len(hand)} given")
    pile = cards_of(data.get("discard_pile", []), "discard_pile")
    if to_mask(pile) & to_mask(hand):
        raise ProtocolError("discard_pile: holds a card of the hand")
    if phase is Phase.DRAW and not pile:
        raise ProtocolError("discard_pile: the upcard (its last card) is needed to draw")
    taken = data.get("taken_from_pile")
    taken = None if taken is None else card_of(taken, "taken_from_pile")
    if taken is not None and taken not in hand:
        raise ProtocolError("taken_from_pile: not in the hand")
    points = _int_of(data.get("points_per_game", 100), "points_per_game", 0, 10_000)
    if points not in POINTS_PER_GAME:
        raise ProtocolError(f"points_per_game: one of {POINTS_PER_GAME}")
    first_offer = bool(data.get("first_upcard_offer", False))
    return PlayerView(
        player=0, phase=Phase.FIRST_UPCARD if first_offer and phase is Phase.DRAW else phase,
        hand=tuple(sorted(hand)), discard_pile=pile,
        stock_size=_int_of(data.get("stock_size", 31), "stock_size", 0, 52 - 2 * HAND_SIZE),
        taken_from_pile=taken, first_upcard_offer=first_offer,
        my_took=cards_of(data.get("my_took", []), "my_took"),
        opponent_took=cards_of(data.get("opponent_took", []), "opponent_took"),
        opponent_declined=cards_of(data.get("opponent_declined", []), "opponent_declined"),
        opponent_discarded=cards_of(data.get("opponent_discarded", []), "opponent_discarded"),
        my_draws=_int_of(data.get("my_draws", 0), "my_draws", 0, 1000),
        opponent_draws=_int_of(data.get("opponent_draws", 0), "opponent_draws", 0, 1000),
        scores=_pair_of(data.get("scores", [0, 0]), "scores"),
        hands_won=_pair_of(data.get("hands_won", [0, 0]), "hands_won"),
        rules=Rules(points_per_game=points),
        knock_limit=_int_of(data.get("knock_limit", STANDARD_KNOCK_LIMIT), "knock_limit", 0, 10),
        opponent_name=str(data.get("opponent_name", "your opponent")))


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
            raise ProtocolError("a message is a JSON object")
        kind = message.get("type")
        if kind == "hello":
            return {"type": "hello", "player": self.player, "protocol": PROTOCOL_VERSION}
        if kind == "new_game":
            seed = _int_of(message.get("seed", 1), "seed", 0, 2**32 - 1)
            self.agent = make_agent(self.player, seed)
            return {"type": "new_game", "player": self.player, "seed": seed}
        if kind == "quit":
            return {"type": "quit"}
        if kind not in MESSAGE_PHASES:
            raise ProtocolError(f"unknown message type {kind!r}; types: hello, new_game, "
                                + ", ".join(MESSAGE_PHASES) + ", quit")
        phase, size = MESSAGE_PHASES[kind]
        view = view_from_json(message.get("view"), phase, size)
        return getattr(self, "_" + kind)(view, message)

    def _draw(self, view: PlayerView, message: dict) -> dict:
        take = bool(self.agent.wants_upcard(view))
        decision = "upcard" if take else ("pass" if view.first_upcard_offer else "stock")
        advice = _advice(self.agent, "advise_draw", view) or (
            f"Take the {view.upcard}." if take else f"Don't take the {view.upcard}.")
        return {"type": "draw", "decision": decision, "advice": advice}

    def _discard(self, view: PlayerView, message: dict) -> dict:
        card = self.agent.choose_discard(view)
        advice = _advice(self.agent, "advise_discard", view) or f"Discard the {card}."
        kept = view.hand_mask & ~(1 << card)
        return {"type": "discard", "card": str(card), "number": int(card),
                "can_knock": view.counting.deadwood(kept) <= view.knock_limit, "advice": advice}

    def _knock(self, view: PlayerView, message: dict) -> dict:
        if view.counting.deadwood(view.hand_mask) > view.knock_limit:
            raise ProtocolError(f"knock: the hand's deadwood is over {view.knock_limit}")
        discard = card_of(message.get("discard"), "discard")
        if discard in view.hand or discard in view.discard_pile:
            raise ProtocolError("discard: must be the card just discarded, not held or on "
                                "the pile")
        knock = bool(self.agent.wants_knock(view, discard))
        advice = _advice(self.agent, "advise_knock", view, discard) or (
            "Knock." if knock else "Don't knock.")
        return {"type": "knock", "knock": knock, "advice": advice}


def serve(player: str, seed: int, lines: IO[str], out: IO[str]) -> int:
    """Answer every line of ``lines`` on ``out``; returns the exit status."""
    session = Session(player, seed)
    for line in lines:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            reply = {"error": f"not JSON: {error.msg} at column {error.colno}"}
        else:
            try:
                reply = session.handle(message)
            except ProtocolError as error:
                reply = {"error": str(error)}
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
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
    sys.stdout.reconfigure(encoding="utf-8")
    sys.stdin.reconfigure(encoding="utf-8")
    return serve(args.player, args.seed, sys.stdin, sys.stdout)
