"""Helpers of the application tests: the real GIN.KING booted from a fresh ProDOS disk,
driven headless through `gin_king.automation` the way a player drives it, with the game's
state read through the symbol map (`Table`).
"""
from __future__ import annotations

from pathlib import Path

from gin_king import app, build
from gin_king.oracle.melds import deadwood_of_mask
from iigs.font import decode

CONTENT_TOP = 13            # the table window's content, global (data.asm TableParams)
CONTENT_LEFT = 2
# table geometry (app.records)
CARD_W, CARD_H = 30, 22
MID_TOP = 38
STOCK_LEFT, PILE_LEFT, KNOCK_LEFT = 210, 260, 320
PH_NONE, PH_OFFER, PH_DRAW, PH_DISCARD, PH_KNOCKQ, PH_HANDOVER, PH_GAMEOVER = range(7)
HUMAN = 7
NO_CARD = 0xFFFF
OPEN = 0xFF                 # a stock slot User Supplied Cards decides when it is drawn
APPLE = 0x0100              # the Apple key modifier of automation.key
ALERT_TEXT = 100            # the text item of the program's alerts (dialogs.asm TellMsg)


class Table:
    """A session of GIN.KING and the game's state as the program holds it."""

    def __init__(self, session, symbols: dict) -> None:
        self.s = session
        self.symbols = symbols

    # -- memory through the symbol map ------------------------------------------------
    def addr(self, name: str) -> int:
        return build.symbol_address(self.s.program, self.symbols, name)

    def word(self, name: str, index: int = 0) -> int:
        return self.s.read_word(self.addr(name) + 2 * index)

    def poke_word(self, name: str, value: int, index: int = 0) -> None:
        a = self.addr(name) + 2 * index
        self.s.machine.mem[a] = value & 0xFF
        self.s.machine.mem[a + 1] = value >> 8 & 0xFF

    def byte(self, name: str, index: int = 0) -> int:
        return self.s.machine.mem[self.addr(name) + index]

    def hand_mask(self, player: int, name: str = "Hands") -> int:
        mask = 0
        for suit in range(4):
            mask |= self.word(name, player * 4 + suit) << (13 * suit)
        return mask

    def hand(self, player: int) -> list[int]:
        m = self.hand_mask(player)
        return [c for c in range(52) if m >> c & 1]

    def pile(self) -> list[int]:
        return [self.byte("Pile", i) for i in range(self.word("PileLen"))]

    def stock(self) -> list[int]:
        """The stock's cards, top first; OPEN for a card not decided yet (User Supplied
        Cards asks for it when it is drawn)."""
        return [self.byte("Deck", i) for i in range(self.word("StockIdx"), 52)]

    @property
    def phase(self) -> int:
        return self.word("GPhase")

    @property
    def turn(self) -> int:
        return self.word("Turn")

    def scores(self) -> tuple[int, int]:
        return self.word("Score", 0), self.word("Score", 1)

    def won(self) -> tuple[int, int]:
        return self.word("Won", 0), self.word("Won", 1)

    def all_cards(self) -> list[int]:
        """Every card where the program keeps it: hands, pile, waiting discard, stock."""
        cards = self.hand(0) + self.hand(1) + self.pile() + self.stock()
        if self.phase == PH_KNOCKQ:
            cards.append(self.word("Pending"))
        return cards

    def check_cards(self) -> None:
        if self.phase in (PH_NONE, PH_GAMEOVER):
            return
        cards = self.all_cards()
        known = sorted(c for c in cards if c != OPEN)
        free = [c for c in range(52) if c not in known]
        assert len(known) == len(set(known)) and len(cards) == 52 \
            and len(free) == cards.count(OPEN), f"cards lost or doubled: {sorted(cards)}"

    # -- gestures ------------------------------------------------------------------------
    def click_local(self, h: int, v: int) -> str:
        return self.s.click(h + CONTENT_LEFT, v + CONTENT_TOP)

    def click_stock(self) -> str:
        return self.click_local(STOCK_LEFT + CARD_W // 2, MID_TOP + CARD_H // 2)

    def click_pile(self) -> str:
        return self.click_local(PILE_LEFT + CARD_W // 2, MID_TOP + CARD_H // 2)

    def click_knock(self) -> str:
        return self.click_local(KNOCK_LEFT + CARD_W // 2, MID_TOP + CARD_H // 2)

    def card_spot(self, card: int) -> tuple[int, int]:
        """Where the bottom hand shows `card` (local), from the program's layout."""
        for i in range(self.word("LayN") // 2):
            if self.word("LayCard", i) == card:
                return self.word("LayH", i), self.word("LayV", i)
        raise AssertionError(f"card {card} is not laid out: {self.hand(0)}")

    def click_card(self, card: int) -> str:
        h, v = self.card_spot(card)
        return self.click_local(h + CARD_W // 2, v + 4)

    def choose(self, menu: str, item: str) -> str:
        """A menu item; after New Game, a human who drew high for deal answers the
        question with Return (Make <opponent> deal, the computer's own choice)."""
        out = self.s.choose(menu, item)
        if (menu, item) == ("File", "New Game") and self.word("DealAsking"):
            out = self.s.key("\r")
        return out

    def text(self) -> list[str]:
        return [decode(t) if isinstance(t, bytes) else str(t) for t in self.s.drawn_text()]

    def message(self, line: int = 1) -> str:
        raw = self.s.read_pstring(self.addr(f"MsgLine{line}"))
        return decode(raw)

    def alert(self):
        """The alert up (the front dialog, drawn with an alert icon), or None."""
        dlg = self.s.tb.dlg.front()
        return dlg if dlg is not None and dlg.icon else None

    def alert_text(self) -> str:
        """The text of the alert up (its static text, ParamText's parts in place)."""
        dm = self.s.tb.dlg
        return decode(dm.expand(self.alert().item(ALERT_TEXT).text))

    def item(self, menu: str, text: str):
        m, index = self.s.find_menu_item(menu, text)
        return m.items[index]


def boot_table(tmp_path: Path, program: bytes, seed: int | None = None,
               disk_name: str = "g.po") -> Table:
    volume, _ = app.prepare_disk(tmp_path / disk_name, program)
    s = app.session(volume)
    s.run_until_idle()
    _, symbols = build.ensure_built()
    t = Table(s, symbols)
    if seed is not None:
        t.poke_word("SetSeedLo", seed & 0xFFFF)
        t.poke_word("SetSeedHi", seed >> 16)
    return t


# -- a simple, deterministic human: the same in the program and in the oracle --------------

def best_discard(hand: list[int], taken: int | None) -> int:
    """The card whose discard leaves the least deadwood; ties: the highest card number."""
    mask = sum(1 << c for c in hand)
    best = None
    for c in sorted(hand, reverse=True):
        if c == taken:
            continue
        dw = deadwood_of_mask(mask & ~(1 << c))
        if best is None or dw < best[0]:
            best = (dw, c)
    return best[1]


class SimpleHuman:
    """Never takes the upcard, discards to the least deadwood, knocks when it may."""
    name = "Player"

    def wants_upcard(self, view) -> bool:
        return False

    def choose_discard(self, view):
        from gin_king.oracle.cards import Card
        taken = view.taken_from_pile
        return Card(best_discard([int(c) for c in view.hand], None if taken is None else int(taken)))

    def wants_knock(self, view, discard) -> bool:
        return True


def play_human_turn(t: Table) -> None:
    """One decision of SimpleHuman, by clicks."""
    ph = t.phase
    if ph == PH_OFFER or ph == PH_DRAW:
        t.click_stock()
    elif ph == PH_DISCARD:
        taken = t.word("Taken")
        t.click_card(best_discard(t.hand(0), None if taken == NO_CARD else taken))
    elif ph == PH_KNOCKQ:
        if deadwood_of_mask(t.hand_mask(0)) <= t.word("KnockLimit"):
            t.click_knock()
        else:
            t.click_pile()
    elif ph == PH_HANDOVER:
        t.click_local(300, 150)
