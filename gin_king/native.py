"""Running GIN.KING's engine and AI routines on the emulated IIGS.

`NativeEngine` loads the built engine (`gin_king.build.ensure_built(engine_only=True)`:
the engine units without the desktop program, so a change there never disturbs the
engine's checks; pass `load_file` to load the whole GIN.KING instead) into an
`system.machine.Machine` (relocated by the Memory Manager, as the System Loader would),
finds routines and data by the symbol map, writes inputs into the engine's own data areas,
`Machine.call`s a routine (JSL with a sentinel return) and reads the answer and the cycles
it took (the JSL and RTL included). The layouts it reads and writes are those of
docs/native-abi.md and `gin_king/asm/macros/engine.records`.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from system.machine import Machine
from iigs.memory import read_bytes, read_word, write_word

from gin_king import build

RANKS_PER_SUIT = 13
SUITS = 4
CARDS_IN_DECK = 52
HAND_SIZE = 10
CALL_CYCLE_LIMIT = 50_000_000    # a call that runs longer than this is a runaway

# Record layouts (engine.records): byte offsets.
HAND_BYTES = 2 * SUITS
DEALOUT_NONDEALER, DEALOUT_DEALER, DEALOUT_UPCARD, DEALOUT_STOCK = 0, 8, 16, 18
MELDOUT_DEADWOOD, MELDOUT_SETCOUNT, MELDOUT_SETRANK, MELDOUT_SETSUITS, MELDOUT_RUNS = (
    0, 2, 4, 10, 16)


class NativeError(RuntimeError):
    """A routine did not return normally (BRK, runaway, unknown symbol)."""


@dataclass
class CallResult:
    a: int
    x: int
    y: int
    cycles: int


Masks = tuple[int, int, int, int]


def cards_to_masks(cards) -> Masks:
    """Cards 0..51 (suit*13 + rank) -> four 13-bit suit masks, clubs first."""
    m = [0, 0, 0, 0]
    for c in cards:
        m[c // RANKS_PER_SUIT] |= 1 << (c % RANKS_PER_SUIT)
    return (m[0], m[1], m[2], m[3])


def masks_to_cards(masks) -> list[int]:
    return [s * RANKS_PER_SUIT + r for s in range(SUITS) for r in range(RANKS_PER_SUIT)
            if masks[s] >> r & 1]


@dataclass
class MeldResult:
    """What Deadwood reports: the value, the sets chosen and the cards left to runs."""
    deadwood: int
    sets: list[tuple[int, int]]      # (rank, suit bits 1=clubs 2=diamonds 4=hearts 8=spades)
    runs: Masks                      # per suit, the cards not in sets (runs + deadwood)
    cycles: int


class NativeEngine:
    """GIN.KING loaded into a Machine; its engine routines called one by one."""

    def __init__(self, load_file: Path | None = None, symbols: dict | None = None,
                 machine: Machine | None = None) -> None:
        if load_file is None:
            load_file, symbols = build.ensure_built(engine_only=True)
        self.machine = machine or Machine()
        self.program = self.machine.load(Path(load_file))
        self.memory = self.machine.mem
        self.cpu = self.machine.cpu
        self.symbols = symbols or {}

    # ------------------------------------------------------------------ plumbing

    def address(self, name: str) -> int:
        """The 24-bit address of an exported label."""
        try:
            return build.symbol_address(self.program, self.symbols, name)
        except KeyError:
            raise NativeError(f"no symbol {name!r} in GIN.KING") from None

    def call(self, name: str, a: int = 0, x: int = 0, y: int = 0) -> CallResult:
        """JSL to `name` (native mode, 16-bit registers); registers and cycles after."""
        try:
            r = self.machine.call(self.address(name), a=a, x=x, y=y,
                                  max_cycles=CALL_CYCLE_LIMIT)
        except NativeError:
            raise
        except Exception as exc:     # the machine's crash report (BRK, runaway, trap)
            raise NativeError(f"{name}: {exc}") from exc
        return CallResult(r.a, r.x, r.y, r.cycles)

    def read_word(self, name: str, offset: int = 0) -> int:
        return read_word(self.memory, self.address(name) + offset)

    def write_word(self, name: str, value: int, offset: int = 0) -> None:
        write_word(self.memory, self.address(name) + offset, value)

    def read_masks(self, name: str, offset: int = 0) -> Masks:
        base = self.address(name) + offset
        return tuple(read_word(self.memory, base + 2 * s) for s in range(SUITS))  # type: ignore

    def write_masks(self, name: str, masks, offset: int = 0) -> None:
        base = self.address(name) + offset
        for s in range(SUITS):
            write_word(self.memory, base + 2 * s, masks[s])

    # ------------------------------------------------------------------ rng.asm

    def seed(self, seed: int) -> None:
        self.call("GK_Seed", a=seed & 0xFFFF, x=(seed >> 16) & 0xFFFF)

    @property
    def rng_state(self) -> int:
        return self.read_word("RngLo") | self.read_word("RngHi") << 16

    def next(self) -> int:
        """One xorshift32 step; the new 32-bit state."""
        r = self.call("GK_Next")
        return r.a << 16 | r.x

    def below(self, n: int) -> int:
        return self.call("GK_Below", a=n & 0xFFFF).a

    def shuffle(self) -> list[int]:
        self.call("GK_Shuffle")
        return list(read_bytes(self.memory, self.address("Deck"), CARDS_IN_DECK))

    def deal(self) -> dict:
        """Shuffle and deal: both hands (masks), the upcard, the deck and the cycles."""
        r = self.call("GK_Deal")
        return {
            "nondealer": self.read_masks("Dealt", DEALOUT_NONDEALER),
            "dealer": self.read_masks("Dealt", DEALOUT_DEALER),
            "upcard": self.read_word("Dealt", DEALOUT_UPCARD),
            "stock_index": self.read_word("Dealt", DEALOUT_STOCK),
            "deck": list(read_bytes(self.memory, self.address("Deck"), CARDS_IN_DECK)),
            "cycles": r.cycles,
        }

    def deal_deck(self, deck: list[int]) -> dict:
        """Replay Cards: deal a recorded deck order as it lies (no shuffle)."""
        from iigs.memory import write_bytes
        write_bytes(self.memory, self.address("Deck"), bytes(deck))
        r = self.call("GK_DealDeck")
        return {
            "nondealer": self.read_masks("Dealt", DEALOUT_NONDEALER),
            "dealer": self.read_masks("Dealt", DEALOUT_DEALER),
            "upcard": self.read_word("Dealt", DEALOUT_UPCARD),
            "stock_index": self.read_word("Dealt", DEALOUT_STOCK),
            "cycles": r.cycles,
        }

    # ------------------------------------------------------------------ deadwood.asm

    def deadwood(self, masks) -> MeldResult:
        """Minimum deadwood of a hand (four suit masks) and the arrangement found."""
        self.write_masks("DwHand", masks)
        r = self.call("GK_Deadwood")
        return self._meld_result(r)

    def deadwood_after_discard(self, masks) -> tuple[int, int]:
        """(minimum deadwood after one discard, cycles) of an 11-card hand."""
        self.write_masks("DwHand", masks)
        r = self.call("GK_DeadwoodDiscard")
        return r.a, r.cycles

    def _meld_result(self, r: CallResult) -> MeldResult:
        count = self.read_word("DwOut", MELDOUT_SETCOUNT)
        sets = []
        for i in range(count):
            bit = self.read_word("DwOut", MELDOUT_SETRANK + 2 * i)
            sets.append((bit.bit_length() - 1, self.read_word("DwOut", MELDOUT_SETSUITS + 2 * i)))
        return MeldResult(r.a, sets, self.read_masks("DwOut", MELDOUT_RUNS), r.cycles)


# ------------------------------------------------------------------------------------------
# the house rules (rules.asm RulesBlock, the RulesRec record; docs/native-abi.md)

RULES_FIELDS = ("knockOff", "layoffOff", "layoffGin", "corner", "spadesDouble", "deal",
                "scoring", "ginBonus", "undercutBonus", "boxBonus", "box", "gameBonus",
                "shutout", "points")
RULES = {name: 2 * i for i, name in enumerate(RULES_FIELDS)}    # RulesRec byte offsets
RULES_BOX = {"each": 0, "difference": 1, "off": 2}
SHUTOUT_DOUBLE_WORD = 0xFFFF


def rules_words(rules) -> dict[str, int]:
    """The RulesRec words for an oracle ``Rules`` (``Rules()`` gives the block as loaded:
    the manual's game)."""
    from gin_king.oracle.rules import SHUTOUT_DOUBLE
    return {
        "knockOff": int(not rules.knocking), "layoffOff": int(not rules.layoff),
        "layoffGin": int(rules.layoff_on_gin), "corner": int(rules.around_corner),
        "spadesDouble": int(rules.spades_double), "deal": int(rules.deal == "eleven"),
        "scoring": int(rules.scoring == "hollywood"), "ginBonus": rules.gin_bonus,
        "undercutBonus": rules.undercut_bonus, "boxBonus": rules.box_bonus,
        "box": RULES_BOX[rules.box], "gameBonus": rules.game_bonus,
        "shutout": SHUTOUT_DOUBLE_WORD if rules.shutout == SHUTOUT_DOUBLE else rules.shutout,
        "points": rules.points_per_game}


def _write_rules(self: NativeEngine, rules) -> None:
    """Fill RulesBlock from an oracle ``Rules``: every later call plays by them."""
    for name, value in rules_words(rules).items():
        self.write_word("RulesBlock", value, RULES[name])


NativeEngine.write_rules = _write_rules


SET_KEY = 0x8000
SUIT_SHIFT = 13
SET_ORDER_SUITS = {0: 0b1111, 1: 0b0111, 2: 0b1011, 3: 0b1101, 4: 0b1110}


def decode_meld(hi: int, lo: int) -> tuple[int, ...]:
    """A meld key pair of Canon -> its cards in display order (run: rank ascending from
    its first card, Q-K-A-2 around the corner; set: clubs, diamonds, hearts, spades)."""
    if hi & SET_KEY:
        rank = (hi & 0x1FFF).bit_length() - 1
        suits = SET_ORDER_SUITS[lo]
        return tuple(s * RANKS_PER_SUIT + rank for s in range(SUITS) if suits >> s & 1)
    suit = hi >> SUIT_SHIFT
    block = ~lo & 0x1FFF
    start = (hi & 0x1FFF).bit_length() - 1      # runs around the corner go on past the King
    ranks = [(start + i) % RANKS_PER_SUIT for i in range(RANKS_PER_SUIT)]
    return tuple(suit * RANKS_PER_SUIT + r for r in ranks if block >> r & 1)


def _canon(self: NativeEngine, masks) -> tuple[int, list[tuple[int, ...]], list[int], int]:
    """(deadwood, melds in display order, deadwood cards, cycles) of the canonical
    arrangement (docs/personalities.md section 1)."""
    self.write_masks("DwHand", masks)
    r = self.call("GK_Canon")
    count = self.read_word("CnBestCount") // 2
    melds = [decode_meld(self.read_word("CnBestHi", 2 * i), self.read_word("CnBestLo", 2 * i))
             for i in range(count)]
    return r.a, melds, masks_to_cards(self.read_masks("CnDead")), r.cycles


NativeEngine.canon = _canon


# ------------------------------------------------------------------------------------------
# decisions (decide.asm): the position block in, the decision block out

# 7 is the desktop program's Human, never a personality: the numbers are also the player
# kinds of the settings file, and King came after Human (docs/native-abi.md).
PERSONALITY_NUMBERS = {"irv": 0, "willy": 1, "sonia": 2, "mort": 3, "bernie": 4,
                       "phyllis": 5, "shark": 6, "king": 8}
DEC_DRAW, DEC_DISCARD, DEC_KNOCK = 0, 1, 2
DECISION_NUMBERS = {"draw": DEC_DRAW, "discard": DEC_DISCARD, "knock": DEC_KNOCK}
NO_CARD = 0xFFFF
PRONOUNS = {"he": 0, "she": 1, "they": 2}
NAME_MAX = 31

# Pos record (engine.records), byte offsets
POS = dict(personality=0, decision=2, firstOffer=4, hand=6, upcard=14, taken=16, discard=18,
           pile=20, oppKnown=28, stockSize=36, myScore=38, oppScore=40, myWon=42, oppWon=44,
           target=46, knockLimit=48, oppDraws=50, rngLo=52, rngHi=54, oppPronoun=56,
           oppName=58)
POS_SIZE = 58 + NAME_MAX + 1
# Dec record
DEC_STATUS, DEC_CHOICE, DEC_TEXTLEN, DEC_TEXT = 0, 2, 4, 6
STATUS_NATIVE, STATUS_NOT_NATIVE = 0, 1


@dataclass
class Position:
    """Everything a decision sees (docs/native-abi.md, the Pos record)."""
    personality: str
    decision: str                      # "draw", "discard", "knock"
    hand: tuple[int, ...]
    upcard: int | None = None
    first_offer: bool = False
    taken: int | None = None
    discard: int | None = None
    pile: tuple[int, ...] = ()
    opp_known: tuple[int, ...] = ()
    stock_size: int = 20
    scores: tuple[int, int] = (0, 0)
    hands_won: tuple[int, int] = (0, 0)
    target: int = 100
    knock_limit: int = 10
    opp_draws: int = 0
    rng_state: int = 1
    opp_name: str = "your opponent"
    opp_pronoun: str = "they"


@dataclass
class Decision:
    native: bool
    choice: int                        # draw/knock: 1 yes, 0 no; discard: the card
    text: bytes                        # font codes (iigs/font.py)
    rng_state: int
    cycles: int


def _write_decide(self: NativeEngine, p: Position) -> None:
    base = self.address("PosBlock")
    mem = self.memory

    def w(field: str, value: int) -> None:
        write_word(mem, base + POS[field], value)

    def masks(field: str, cards) -> None:
        for s, m in enumerate(cards_to_masks(cards)):
            write_word(mem, base + POS[field] + 2 * s, m)

    w("personality", PERSONALITY_NUMBERS[p.personality])
    w("decision", DECISION_NUMBERS[p.decision])
    w("firstOffer", int(p.first_offer))
    masks("hand", p.hand)
    w("upcard", NO_CARD if p.upcard is None else p.upcard)
    w("taken", NO_CARD if p.taken is None else p.taken)
    w("discard", NO_CARD if p.discard is None else p.discard)
    masks("pile", p.pile)
    masks("oppKnown", p.opp_known)
    w("stockSize", p.stock_size)
    w("myScore", p.scores[0])
    w("oppScore", p.scores[1])
    w("myWon", p.hands_won[0])
    w("oppWon", p.hands_won[1])
    w("target", p.target)
    w("knockLimit", p.knock_limit)
    w("oppDraws", p.opp_draws)
    w("rngLo", p.rng_state & 0xFFFF)
    w("rngHi", p.rng_state >> 16 & 0xFFFF)
    w("oppPronoun", PRONOUNS[p.opp_pronoun])
    from iigs.font import encode
    name = encode(p.opp_name)[:NAME_MAX]
    mem[base + POS["oppName"]] = len(name)
    mem[base + POS["oppName"] + 1:base + POS["oppName"] + 1 + len(name)] = name


def _decide(self: NativeEngine, p: Position) -> Decision:
    """Run GK_Decide on a position; the answer, the advice text and the cycles."""
    self._write_decide(p)
    r = self.call("GK_Decide")
    dec = self.address("DecBlock")
    status = read_word(self.memory, dec + DEC_STATUS)
    n = read_word(self.memory, dec + DEC_TEXTLEN)
    text = read_bytes(self.memory, dec + DEC_TEXT, n)
    base = self.address("PosBlock")
    rng = read_word(self.memory, base + POS["rngLo"]) | read_word(self.memory, base + POS["rngHi"]) << 16
    return Decision(status == STATUS_NATIVE, read_word(self.memory, dec + DEC_CHOICE), text, rng,
                    r.cycles)


NativeEngine._write_decide = _write_decide
NativeEngine.decide = _decide


# ------------------------------------------------------------------------------------------
# the showdown, scoring and the terms of a hand (layoff.asm, scoring.asm)

SHOW = dict(knocker=0, defender=8, multiplier=16, knockerDw=18, laidOff=20, defenderDw=28,
            kind=30, winner=32, points=34)
GAMEEND = dict(winner=0, handPoints=2, boxes=6, shutout=10, totals=12, net=16)
HAND_KINDS = ("knock", "gin", "undercut")
VARIANTS = {"standard": 0, "oklahoma": 1}


@dataclass
class ShowdownResult:
    knocker_deadwood: int
    defender_deadwood: int
    laid_off: list[int]
    kind: str                          # "knock", "gin", "undercut"
    winner: int                        # 0 = the knocker, 1 = the defender
    points: int
    cycles: int


def _showdown(self: NativeEngine, knocker, defender, multiplier: int = 1) -> ShowdownResult:
    """Lay off and score a knock: the knocker's and the defender's 10 cards."""
    self.write_masks("ShowBlock", cards_to_masks(knocker), SHOW["knocker"])
    self.write_masks("ShowBlock", cards_to_masks(defender), SHOW["defender"])
    self.write_word("ShowBlock", multiplier, SHOW["multiplier"])
    r = self.call("GK_Showdown")
    w = lambda f: self.read_word("ShowBlock", SHOW[f])  # noqa: E731
    return ShowdownResult(w("knockerDw"), w("defenderDw"),
                          masks_to_cards(self.read_masks("ShowBlock", SHOW["laidOff"])),
                          HAND_KINDS[w("kind")], w("winner"), w("points"), r.cycles)


def _final_score(self: NativeEngine, winner: int, hand_points: tuple[int, int],
                 boxes: tuple[int, int]) -> dict:
    """The score sheet: shutout, totals and net (GK_FinalScore)."""
    self.write_word("GameEndBlock", winner, GAMEEND["winner"])
    for p in (0, 1):
        self.write_word("GameEndBlock", hand_points[p], GAMEEND["handPoints"] + 2 * p)
        self.write_word("GameEndBlock", boxes[p], GAMEEND["boxes"] + 2 * p)
    self.call("GK_FinalScore")
    r = lambda f, o=0: self.read_word("GameEndBlock", GAMEEND[f] + o)  # noqa: E731
    net = r("net")                      # signed: the loser's boxes can outweigh the game bonus
    return {"shutout": bool(r("shutout")), "totals": (r("totals"), r("totals", 2)),
            "net": net - 0x10000 if net & 0x8000 else net}


def _hand_terms(self: NativeEngine, first_upcard: int, variant: str) -> tuple[int, int]:
    """(knock limit, multiplier) fixed by the first upcard (GK_HandTerms)."""
    r = self.call("GK_HandTerms", a=first_upcard, x=VARIANTS[variant])
    return r.a, r.x


def _knock_legal(self: NativeEngine, cards, limit: int) -> bool:
    self.write_masks("DwHand", cards_to_masks(cards))
    return self.call("GK_KnockLegal", a=limit).a == 1


# Holly record (engine.records): Hollywood scoring's tally
HOLLYWOOD_GAMES = 3
HOLLY = dict(winner=0, points=2, scores=4, boxes=16, entered=28, closed=32, winners=34,
             current=40, totals=42, matchWinner=46, net=48)


def _hollywood_start(self: NativeEngine) -> None:
    """A new Hollywood match (GK_HollywoodStart)."""
    self.call("GK_HollywoodStart")


def _hollywood_hand(self: NativeEngine, winner: int, points: int) -> dict:
    """Record a won hand (GK_HollywoodHand); the tally after it: per game scores and boxes
    (pairs), the games over and their winners, the game shown."""
    self.write_word("HollyBlock", winner, HOLLY["winner"])
    self.write_word("HollyBlock", points, HOLLY["points"])
    self.call("GK_HollywoodHand")
    r = lambda f, o=0: self.read_word("HollyBlock", HOLLY[f] + o)  # noqa: E731
    closed = r("closed")
    return {"scores": [(r("scores", 4 * g), r("scores", 4 * g + 2)) for g in range(3)],
            "boxes": [(r("boxes", 4 * g), r("boxes", 4 * g + 2)) for g in range(3)],
            "winners": [r("winners", 2 * g) if closed >> g & 1 else None for g in range(3)],
            "current": r("current")}


def _hollywood_match(self: NativeEngine) -> dict:
    """The match sheet over the games that are over (GK_HollywoodMatch)."""
    self.call("GK_HollywoodMatch")
    r = lambda f, o=0: self.read_word("HollyBlock", HOLLY[f] + o)  # noqa: E731
    net = r("net")
    return {"winner": r("matchWinner"), "totals": (r("totals"), r("totals", 2)),
            "net": net - 0x10000 if net & 0x8000 else net}


NativeEngine.hollywood_start = _hollywood_start
NativeEngine.hollywood_hand = _hollywood_hand
NativeEngine.hollywood_match = _hollywood_match
NativeEngine.showdown = _showdown
NativeEngine.final_score = _final_score
NativeEngine.hand_terms = _hand_terms
NativeEngine.knock_legal = _knock_legal


# ------------------------------------------------------------------------------------------
# User Supplied Cards (entry.asm)

ENTRY_ERROR = 0xFFFF
NO_SUIT = 0xFFFF


def _parse_entry(self: NativeEngine, text: str, limit: int) -> list[tuple[int, int | None]] | None:
    """The (rank, suit or None) requests of an entry, or None when it is unreadable."""
    from iigs.font import encode
    data = encode(text)[:255]
    base = self.address("EntryText")
    self.memory[base] = len(data)
    self.memory[base + 1:base + 1 + len(data)] = data
    n = self.call("GK_ParseEntry", a=limit).a
    if n == ENTRY_ERROR:
        return None
    out = []
    for i in range(n):
        suit = self.read_word("EntrySuits", 2 * i)
        out.append((self.read_word("EntryRanks", 2 * i), None if suit == NO_SUIT else suit))
    return out


def _closest_card(self: NativeEngine, rank: int, suit: int | None, taken) -> int | None:
    """The requested card or the closest one not in `taken` (cards); None if none left."""
    self.write_masks("EntryTaken", cards_to_masks(taken))
    card = self.call("GK_ClosestCard", a=rank, x=NO_SUIT if suit is None else suit).a
    return None if card == NO_CARD else card


NativeEngine.parse_entry = _parse_entry
NativeEngine.closest_card = _closest_card
