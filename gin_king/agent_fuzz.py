"""Hostile and legal lines for `gin-king agent`, each with the one reply it must get
(docs/agent-protocol.md, "Errors"): the generator behind tests/test_agent_fuzz.py and
`gin-king bench agent`, and a driver that feeds them to the real subprocess.

Legal lines are the engine's own views (whole games of the simple player against itself,
whose histories carry repeated events), sent as they are or with what a client may leave
out or write otherwise; impossible lines are made from them by one corruption each (a card
in two places, more than 52 cards, a boolean that is not one ...); the rest are bytes and
JSON of every shape. Each line's kind is named, so a failure says what was sent.
"""
from __future__ import annotations

import json
import os
import queue
import random
import subprocess
import sys
import threading
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable

from gin_king.agent import (HISTORY_FIELDS, MESSAGE_PHASES, MESSAGE_TYPES, NAME_MAX,
                            ProtocolError, message_of, view_from_json, view_to_json)
from gin_king.oracle.cards import Card
from gin_king.oracle.game import play_game
from gin_king.oracle.rules import Rules
from gin_king.oracle.state import Phase
from gin_king.oracle.tournament import make_agent
from gin_king.oracle.view import PlayerView, observe

ERROR = "error"
NO_REPLY = "none"                       # a blank line is skipped
MESSAGE_OF_PHASE = {Phase.FIRST_UPCARD: "draw", Phase.DRAW: "draw",
                    Phase.DISCARD: "discard", Phase.KNOCK: "knock"}
INT_FIELDS = ("stock_size", "my_draws", "opponent_draws", "points_per_game", "knock_limit")
OPTIONAL_FIELDS = (*HISTORY_FIELDS, "my_draws", "opponent_draws", "scores", "hands_won",
                   "points_per_game", "knock_limit", "opponent_name", "stock_size",
                   "taken_from_pile", "first_upcard_offer")
HUGE = "\x00huge\x00"                   # replaced by a number of thousands of digits
NOT_A_CARD = ("Zz", "", "11h", "A", "♠A", 52, -1, 3.0, True, None, [], {}, "1" * 40)
NOT_A_BOOL = ("no", "yes", "true", 1, 0, [1], [], {}, None, 0.0)
NOT_A_NAME = (1, None, [], {}, True, ["x"], "", "a" * (NAME_MAX + 1), "x" * 5000,
              "line\nbreak", "tab\there", "nul\x00", "\ud800")
NOT_AN_INT = (-1, 10**6, 1.5, "3", True, None, [], {}, HUGE)


@dataclass(frozen=True)
class FuzzLine:
    """One input line (bytes, without its newline) and the reply it must get: ``error``,
    the type of the reply (``draw``, ``discard``, ``knock``, ``hello``, ``new_game``), or
    ``none`` for a blank line."""
    raw: bytes
    expect: str
    kind: str


def engine_decisions(seeds: Iterable[int]) -> list[tuple[PlayerView, dict]]:
    """Every decision of whole games of the simple player against itself (game seed s,
    players 2s+1 and 2s+2): the engine's own view and the protocol's message for it."""
    decisions: list[tuple[PlayerView, dict]] = []

    def record(state) -> None:
        if state.is_over() or state.is_automatic():
            return
        view = observe(state, state.current_player)
        message = {"type": MESSAGE_OF_PHASE[state.phase], "view": view_to_json(view)}
        if state.phase is Phase.KNOCK:
            message["discard"] = str(Card(state.hand.pending_discard))
        decisions.append((view, message))

    for seed in seeds:
        play_game(make_agent("simple", 2 * seed + 1), make_agent("simple", 2 * seed + 2),
                  Rules(), seed, state_check=record)
    return decisions


def engine_messages(seeds: Iterable[int]) -> list[dict]:
    """The protocol's messages for every decision of ``engine_decisions(seeds)``."""
    return [message for _, message in engine_decisions(seeds)]


def read_back(view: PlayerView, message: dict) -> str:
    """What differs when the agent reads ``message`` back (``view_from_json``) from the
    engine's ``view``: empty when it is the same view, else the refusal or "differs"."""
    phase, size = MESSAGE_PHASES[message["type"]]
    discard = Card.parse(message["discard"]) if "discard" in message else None
    try:
        back = view_from_json(message["view"], phase, size, discard)
    except ProtocolError as error:
        return str(error)
    return "" if replace(back, player=view.player) == view else "differs"


def repeated_fields(message: dict) -> list[str]:
    """The history lists of a message's view in which a card recurs."""
    view = message["view"]
    return [f for f in HISTORY_FIELDS if len(set(view.get(f, []))) != len(view.get(f, []))]


def _dumps(message: Any) -> bytes:
    """A message as one line: UTF-8, or escapes where it holds a lone surrogate; HUGE as
    a number of 5,000 digits."""
    text = json.dumps(message, ensure_ascii=False)
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        raw = json.dumps(message).encode("ascii")
    return raw.replace(json.dumps(HUGE).encode(), b"9" * 5000)


def _copy(message: dict) -> dict:
    return json.loads(json.dumps(message))


def _unplaced(view: dict, rnd: random.Random, count: int) -> list[str]:
    """``count`` cards neither in the hand nor on the pile."""
    placed = {int(Card.parse(c)) for c in view["hand"] + view["discard_pile"]}
    return [str(Card(c)) for c in rnd.sample([c for c in range(52) if c not in placed], count)]


class LineMaker:
    """Lines of every kind from a pool of legal messages; ``line(rnd)`` picks a kind."""

    def __init__(self, legal: list[dict]) -> None:
        self.legal = legal
        self.with_repeats = [m for m in legal if repeated_fields(m)]
        self.kinds: dict[str, tuple[int, Callable[[random.Random], FuzzLine]]] = {
            "legal": (12, self.legal_line),
            "legal with repeats": (10, self.repeats_line),
            "legal, written otherwise": (8, self.rewritten_line),
            "card in two places": (10, self.two_places_line),
            "more than 52 cards": (6, self.too_many_line),
            "history no game makes": (3, self.history_line),
            "not a boolean": (4, self.boolean_line),
            "not a name": (4, self.name_line),
            "not a number": (6, self.number_line),
            "not a card": (6, self.card_line),
            "wrong shape": (6, self.shape_line),
            "hello and new game": (3, self.hello_line),
            "bytes": (8, self.bytes_line),
            "nested": (2, self.nested_line),
            "json value": (8, self.json_line),
            "blank": (1, self.blank_line),
        }
        self._names = list(self.kinds)
        self._weights = [w for w, _ in self.kinds.values()]

    def line(self, rnd: random.Random) -> FuzzLine:
        kind = rnd.choices(self._names, self._weights)[0]
        return self.kinds[kind][1](rnd)

    def lines(self, count: int, seed: int) -> list[FuzzLine]:
        rnd = random.Random(seed)
        return [self.line(rnd) for _ in range(count)]

    # ---- legal ----------------------------------------------------------------------
    def legal_line(self, rnd: random.Random) -> FuzzLine:
        message = rnd.choice(self.legal)
        return FuzzLine(_dumps(message), message["type"], "legal")

    def repeats_line(self, rnd: random.Random) -> FuzzLine:
        """An engine view whose history repeats a card, or one given a repeated event."""
        message = _copy(rnd.choice(self.with_repeats or self.legal))
        view = message["view"]
        for name in rnd.sample(HISTORY_FIELDS, rnd.randint(1, 4)):
            events = view[name]
            if events:
                events.insert(rnd.randint(0, len(events)), rnd.choice(events))
        return FuzzLine(_dumps(message), message["type"], "legal with repeats")

    def rewritten_line(self, rnd: random.Random) -> FuzzLine:
        """What a client may write otherwise: optional fields left out, cards as numbers,
        the knocking discard on top of the pile."""
        message = _copy(rnd.choice(self.legal))
        view = message["view"]
        for name in rnd.sample(OPTIONAL_FIELDS, rnd.randint(0, 4)):
            view.pop(name, None)
        if rnd.random() < 0.5:
            for name in ("hand", "discard_pile", *HISTORY_FIELDS):
                if name in view:
                    view[name] = [int(Card.parse(c)) for c in view[name]]
        if message["type"] == "knock" and rnd.random() < 0.5:
            view["discard_pile"] = view["discard_pile"] + [message["discard"]]
        return FuzzLine(_dumps(message), message["type"], "legal, written otherwise")

    # ---- impossible views -----------------------------------------------------------
    def _corrupt(self, rnd: random.Random, kind: str,
                 change: Callable[[dict, dict], bool]) -> FuzzLine:
        """A legal message with one change that makes it impossible (``change`` returns
        False when it does not apply to the message drawn; another is drawn)."""
        while True:
            message = _copy(rnd.choice(self.legal))
            if change(message, message["view"]):
                return FuzzLine(_dumps(message), ERROR, kind)

    def two_places_line(self, rnd: random.Random) -> FuzzLine:
        def change(message: dict, view: dict) -> bool:
            hand, pile = view["hand"], view["discard_pile"]
            way = rnd.randrange(6)
            if way == 0 and pile:                       # a pile card also in the hand
                hand[rnd.randrange(len(hand))] = rnd.choice(pile)
            elif way == 1:                              # a hand card also on the pile
                pile.insert(rnd.randint(0, len(pile)), rnd.choice(hand))
            elif way == 2:                              # twice in the hand
                i, j = rnd.sample(range(len(hand)), 2)
                hand[i] = hand[j]
            elif way == 3 and pile:                     # twice on the pile
                pile.insert(rnd.randint(0, len(pile)), rnd.choice(pile))
            elif way == 4 and message["type"] == "knock":   # the knocking discard held
                message["discard"] = rnd.choice(hand)
            elif way == 5:                              # taken from the pile, not held
                view["taken_from_pile"] = _unplaced(view, rnd, 1)[0]
                if message.get("discard") == view["taken_from_pile"]:
                    return False
            else:
                return False
            return True
        return self._corrupt(rnd, "card in two places", change)

    def too_many_line(self, rnd: random.Random) -> FuzzLine:
        """The engine's views hold all 52 cards (hand, pile, stock, the opponent's ten and
        a knocking discard): a bigger stock, or more cards on the pile, is one too many."""
        def change(message: dict, view: dict) -> bool:
            if rnd.random() < 0.5:
                if view["stock_size"] >= 32:
                    return False
                view["stock_size"] = rnd.randint(view["stock_size"] + 1, 32)
            else:
                free = 52 - len(view["hand"]) - len(view["discard_pile"])
                view["discard_pile"] = (_unplaced(view, rnd, rnd.randint(1, free))
                                        + view["discard_pile"])
            return True
        return self._corrupt(rnd, "more than 52 cards", change)

    def history_line(self, rnd: random.Random) -> FuzzLine:
        """More cards out of the hand and the pile in the history than the opponent holds."""
        def change(message: dict, view: dict) -> bool:
            cards = [c for c in _unplaced(view, rnd, 11) if c != message.get("discard")]
            if len(cards) < 11:
                return False
            name = rnd.choice(HISTORY_FIELDS)
            view[name] = view[name] + cards
            return True
        return self._corrupt(rnd, "history no game makes", change)

    def boolean_line(self, rnd: random.Random) -> FuzzLine:
        def change(message: dict, view: dict) -> bool:
            view["first_upcard_offer"] = rnd.choice(NOT_A_BOOL)
            return True
        return self._corrupt(rnd, "not a boolean", change)

    def name_line(self, rnd: random.Random) -> FuzzLine:
        def change(message: dict, view: dict) -> bool:
            view["opponent_name"] = rnd.choice(NOT_A_NAME)
            return True
        return self._corrupt(rnd, "not a name", change)

    def number_line(self, rnd: random.Random) -> FuzzLine:
        def change(message: dict, view: dict) -> bool:
            if rnd.random() < 0.3:
                pair = [rnd.choice(NOT_AN_INT), 0] if rnd.random() < 0.8 else [0]
                view[rnd.choice(("scores", "hands_won"))] = pair[::rnd.choice((1, -1))]
            else:
                view[rnd.choice(INT_FIELDS)] = rnd.choice(NOT_AN_INT)
            return True
        return self._corrupt(rnd, "not a number", change)

    def card_line(self, rnd: random.Random) -> FuzzLine:
        def change(message: dict, view: dict) -> bool:
            bad = rnd.choice(NOT_A_CARD)
            name = rnd.choice(("hand", "discard_pile", *HISTORY_FIELDS, "taken_from_pile",
                               "discard"))
            if name == "discard":
                if message["type"] != "knock":
                    return False
                message["discard"] = bad
            elif name == "taken_from_pile":
                if bad is None:
                    return False
                view[name] = bad
            else:
                cards = view[name]
                if cards and rnd.random() < 0.5:
                    cards[rnd.randrange(len(cards))] = bad
                else:
                    cards.insert(rnd.randint(0, len(cards)), bad)
            return True
        return self._corrupt(rnd, "not a card", change)

    def shape_line(self, rnd: random.Random) -> FuzzLine:
        """A field of the wrong shape, a part missing, a type that is not a string."""
        def change(message: dict, view: dict) -> bool:
            way = rnd.randrange(6)
            odd = rnd.choice((None, 1, "x", True, {}, {"a": 1}, 2.5, HUGE))
            if way == 0:
                message["view"] = odd
            elif way == 1:
                del view["hand"]
            elif way == 2:
                view[rnd.choice(("hand", "discard_pile", *HISTORY_FIELDS))] = odd
            elif way == 3:
                message["type"] = rnd.choice((None, 1, [], {}, ["draw"], "Draw", "", HUGE))
            elif way == 4:                              # a hand of the wrong size
                hand = view["hand"]
                del hand[rnd.randrange(len(hand))]
            else:                                       # a hand of the other size
                if message["type"] != "discard":
                    return False
                message["type"] = "draw"
            return True
        return self._corrupt(rnd, "wrong shape", change)

    # ---- other messages -------------------------------------------------------------
    def hello_line(self, rnd: random.Random) -> FuzzLine:
        if rnd.random() < 0.3:
            return FuzzLine(b'{"type": "hello"}', "hello", "hello and new game")
        seed = rnd.choice((0, 1, 2**32 - 1, rnd.randrange(2**32), -1, 2**32, 1.0, "5",
                           None, True, HUGE))
        good = isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**32
        return FuzzLine(_dumps({"type": "new_game", "seed": seed}),
                        "new_game" if good else ERROR, "hello and new game")

    def bytes_line(self, rnd: random.Random) -> FuzzLine:
        """Random bytes (never a newline), invalid UTF-8 among them."""
        raw = bytes(rnd.choice((0xFF, 0xC3, 0x80, 0xED, 0xA0, 0x7B, 0x22, 0x5B, 0x00, 0x0D,
                                rnd.randrange(256)))
                    for _ in range(rnd.randint(1, 60))).replace(b"\n", b"\xff")
        return FuzzLine(b"\xff" + raw if not raw.strip(b" \t\r") else raw, ERROR, "bytes")

    def nested_line(self, rnd: random.Random) -> FuzzLine:
        depth = rnd.choice((rnd.randint(1, 3000), 100_000))
        open_, close = rnd.choice(((b"[", b"]"), (b'{"a":', b"}")))
        inner = open_ * depth + b"1" + close * depth * rnd.randint(0, 1)
        if rnd.random() < 0.5:                          # inside a real message
            inner = b'{"type": "draw", "view": {"hand": ' + inner + b"}}"
        return FuzzLine(inner, ERROR, "nested")

    def json_line(self, rnd: random.Random) -> FuzzLine:
        """A JSON value of any shape that is not a message (an object's type, if any, is
        not one of the protocol's)."""
        value = _random_json(rnd, 3)
        if isinstance(value, dict) and value.get("type") in ("hello", "new_game", "quit",
                                                             "draw", "discard", "knock"):
            value["type"] = 0
        return FuzzLine(_dumps(value), ERROR, "json value")

    def blank_line(self, rnd: random.Random) -> FuzzLine:
        return FuzzLine(bytes(rnd.choice(b" \t\r") for _ in range(rnd.randint(0, 5))),
                        NO_REPLY, "blank")


def _random_json(rnd: random.Random, depth: int) -> Any:
    pick = rnd.randrange(10 if depth > 0 else 7)
    if pick == 0:
        return None
    if pick == 1:
        return rnd.random() < 0.5
    if pick == 2:
        return rnd.choice((0, -1, 2**64, rnd.randrange(-10**9, 10**9), HUGE))
    if pick == 3:
        return rnd.choice((1.5, -0.0, 1e300, float("inf"), float("nan")))
    if pick in (4, 5, 6):
        return "".join(chr(rnd.choice((rnd.randrange(32, 127), rnd.randrange(0x80, 0x3000),
                                       0x2660, 0xD800, 0x0A)))
                       for _ in range(rnd.randint(0, 12)))
    if pick in (7, 8):
        return [_random_json(rnd, depth - 1) for _ in range(rnd.randint(0, 4))]
    keys = ("type", "view", "hand", "seed", "x", "")
    return {rnd.choice(keys): _random_json(rnd, depth - 1) for _ in range(rnd.randint(0, 4))}


# ---- the driver ---------------------------------------------------------------------------

@dataclass
class Tally:
    """What a run of lines got: lines sent, replies by kind, and every wrong reply."""
    lines: int = 0
    by_kind: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


class AgentProcess:
    """`gin-king agent --player NAME` as a subprocess, fed many lines, its replies read by a
    thread (so a missing reply is a timeout, never a hang)."""

    REPLY_TIMEOUT = 60.0

    def __init__(self, player: str, seed: int = 1) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gin_king.cli", "agent", "--player", player,
             "--seed", str(seed)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=dict(os.environ))
        self.replies: queue.Queue[bytes] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.replies.put(line)
        self.replies.put(b"")

    def reply(self) -> bytes:
        try:
            return self.replies.get(timeout=self.REPLY_TIMEOUT)
        except queue.Empty:
            return b""

    def exchange(self, lines: list[FuzzLine], tally: Tally) -> None:
        """Send ``lines`` and a closing hello; check one reply each, of the kind expected,
        and then the hello's."""
        batch = b"".join(line.raw + b"\n" for line in lines) + b'{"type": "hello"}\n'
        self.proc.stdin.write(batch)
        self.proc.stdin.flush()
        for line in lines:
            tally.lines += 1
            tally.by_kind[line.kind] += 1
            if line.expect == NO_REPLY:
                continue
            problem = _judge(self.reply(), line.expect)
            if problem:
                tally.failures.append(f"{line.kind}: {line.raw[:300]!r} -> {problem}")
                self._skip_to_hello()
                return
        problem = _judge(self.reply(), "hello")
        if problem:
            tally.failures.append(f"after the batch, a hello -> {problem} (a reply too many)")

    def _skip_to_hello(self) -> None:
        """After a wrong reply: read on to the batch's closing hello, so the next batch's
        replies are its own."""
        while (reply := self.reply()) and b'"type": "hello"' not in reply:
            pass

    def close(self) -> tuple[int, bytes]:
        """End the session with quit; the exit status and whatever went to stderr."""
        try:
            self.proc.stdin.write(b'{"type": "quit"}\n')
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        quit_reply = self.reply()
        status = self.proc.wait(timeout=self.REPLY_TIMEOUT)
        err = self.proc.stderr.read()
        self.proc.stderr.close()
        self.reader.join(timeout=self.REPLY_TIMEOUT)
        self.proc.stdout.close()
        if json.loads(quit_reply or b"null") != {"type": "quit"}:
            err += b"quit got " + quit_reply
        return status, err


def expected_reply(raw: bytes) -> str:
    """The reply any line must get, read from the line itself (for lines nobody built on
    purpose: random bytes, random JSON): ``none`` for a blank line, ``hello``, ``new_game``
    or ``error`` where the line decides it, ``draw|error`` (one or the other) for a
    decision message whose view may or may not be legal. ``quit`` for quit."""
    if not raw.strip(b" \t\r"):
        return NO_REPLY
    try:
        message = message_of(raw)
    except ProtocolError:
        return ERROR
    kind = message.get("type") if isinstance(message, dict) else None
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        return ERROR
    if kind == "new_game":
        seed = message.get("seed", 1)
        good = isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**32
        return "new_game" if good else ERROR
    return kind if kind in ("hello", "quit") else f"{kind}|{ERROR}"


def _judge(reply: bytes, expect: str) -> str:
    """What is wrong with ``reply`` (one output line) for a line expecting ``expect``;
    empty when it is right. An error must name its field ("FIELD: ..."), and never be
    the last resort of a player that could not answer."""
    if not reply:
        return "no reply (the process ended or was silent)"
    try:
        data = json.loads(reply)
    except ValueError:
        return f"a reply that is not JSON: {reply[:200]!r}"
    if not isinstance(data, dict):
        return f"a reply that is not an object: {reply[:200]!r}"
    if "error" in data and ERROR in expect.split("|"):
        text = data.get("error")
        if set(data) != {"error"} or not isinstance(text, str):
            return f"expected an error, got {reply[:200]!r}"
        head, colon, _ = text.partition(": ")
        if not colon or " " in head or head == "player":
            return f"an error that names no field, or the player failed: {text[:200]!r}"
        return ""
    if data.get("type") not in expect.split("|"):
        return f"expected a {expect} reply, got {reply[:200]!r}"
    return ""


def run(lines: Iterable[FuzzLine], player: str = "king", batch: int = 200) -> Tally:
    """Feed ``lines`` to one long-lived agent in batches; the tally of what came back, with
    the clean exit checked at the end."""
    tally = Tally()
    agent = AgentProcess(player)
    pending: list[FuzzLine] = []
    for line in lines:
        pending.append(line)
        if len(pending) == batch:
            agent.exchange(pending, tally)
            pending = []
            if tally.failures:
                break
    if pending and not tally.failures:
        agent.exchange(pending, tally)
    status, err = agent.close()
    if status != 0 or err:
        tally.failures.append(f"exit status {status}, stderr {err[-2000:]!r}")
    return tally
