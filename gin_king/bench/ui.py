"""`gin-king bench ui`: how long the player waits for each action, headless (issue 40, "The
player's wait"; target <= 100 ms each, from the first one).

GIN.KING is booted from a fresh disk in a temporary folder and driven through
`gin_king.automation` as a player drives it: F/X off (Options menu, the first action), New
Game, Return at the draw-for-deal alert (the deal), then turns of the game -- a draw from
the stock, a discard and the computer's whole turn after it -- and a menu pulled down and
let go, a dialog opened and cancelled. Each action is the wall time of one automation
gesture: from the input to the program waiting for the next. Start-up is printed apart (it
is not a player's action).
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

TARGET_MS = 100.0
# The table's geometry (app.records, data.asm TableParams): the window's content origin on
# the screen, a card's size, the stock's place.
CONTENT_TOP, CONTENT_LEFT = 13, 2
CARD_W, CARD_H = 30, 22
MID_TOP, STOCK_LEFT = 38, 210
# GPhase values (app.records)
PH_OFFER, PH_DRAW, PH_DISCARD, PH_KNOCKQ, PH_HANDOVER, PH_GAMEOVER = 1, 2, 3, 4, 5, 6
PILE_LEFT = 260
HUMAN_SEAT = 0
SOUND_EFFECTS = 9           # sound.asm SFX_COUNT


class Player:
    """A session of GIN.KING and the clock: each gesture timed and recorded."""

    def __init__(self, folder: Path, seed: int) -> None:
        from gin_king import app, build
        volume, _ = app.prepare_disk(folder / "bench.po", app.program_bytes())
        self.s = app.session(volume)
        _, self.symbols = build.ensure_built()
        self.build = build
        start = time.perf_counter()
        self.s.run_until_idle()
        self.startup_ms = 1000 * (time.perf_counter() - start)
        self.poke("SetSeedLo", seed & 0xFFFF)
        self.poke("SetSeedHi", seed >> 16)
        self.times: list[tuple[str, float, int]] = []   # (action, ms, CPU cycles)
        self.look_ms, self.look_rounds, self.waves_made_after = 0.0, 0, None

    def waves_made(self) -> bool:
        """Every effect's wave made (sound.asm SfxWave)."""
        at = self.build.symbol_address(self.s.program, self.symbols, "SfxWave")
        return all(self.s.read_long(at + 4 * i) for i in range(SOUND_EFFECTS))

    def look(self, ticks: int) -> None:
        """The player looks at the table before acting: the program's idle time, one null
        event a tick (one `run_until_idle` with no input each), as a live window gives it."""
        start = time.perf_counter()
        for round_ in range(ticks + 1):
            if self.waves_made_after is None and self.waves_made():
                self.waves_made_after = round_
            if round_ < ticks:
                self.s.run_until_idle()
        self.look_ms += 1000 * (time.perf_counter() - start)
        self.look_rounds += ticks

    def word(self, name: str, index: int = 0) -> int:
        return self.s.read_word(self.build.symbol_address(self.s.program, self.symbols, name)
                                + 2 * index)

    def poke(self, name: str, value: int) -> None:
        at = self.build.symbol_address(self.s.program, self.symbols, name)
        self.s.machine.mem[at:at + 2] = bytes((value & 0xFF, value >> 8))

    def timed(self, name: str, gesture, *args) -> str:
        machine = self.s.machine
        cycles, start = machine.cpu.processorCycles, time.perf_counter()
        reason = gesture(*args)
        self.times.append((name, 1000 * (time.perf_counter() - start),
                           machine.cpu.processorCycles - cycles))
        return reason

    def click_local(self, h: int, v: int) -> str:
        return self.s.click(h + CONTENT_LEFT, v + CONTENT_TOP)

    def card_spot(self, card: int) -> tuple[int, int]:
        for i in range(self.word("LayN") // 2):
            if self.word("LayCard", i) == card:
                return self.word("LayH", i), self.word("LayV", i)
        raise RuntimeError(f"card {card} is not laid out")

    def hand(self) -> list[int]:
        mask = 0
        for suit in range(4):
            mask |= self.word("Hands", HUMAN_SEAT * 4 + suit) << (13 * suit)
        return [c for c in range(52) if mask >> c & 1]

    def discard_spot(self) -> tuple[int, int]:
        """Where to click to discard the card leaving the least deadwood (never the one
        just taken). The player's choice, made before the clock starts."""
        from gin_king.oracle.melds import deadwood_of_mask
        hand, taken = self.hand(), self.word("Taken")
        mask = sum(1 << c for c in hand)
        card = min((c for c in hand if c != taken),
                   key=lambda c: (deadwood_of_mask(mask & ~(1 << c)), -c))
        h, v = self.card_spot(card)
        return h + CARD_W // 2, v + 4

    def play_turns(self, turns: int) -> None:
        """The player's turns: draw from the stock, discard (the computer's turn follows);
        a knock question is answered by a click on the pile (no knock)."""
        done = 0
        while done < turns:
            phase = self.word("GPhase")
            if phase in (PH_HANDOVER, PH_GAMEOVER):
                self.timed("next hand (a click)", self.click_local, 300, 150)
            elif phase in (PH_OFFER, PH_DRAW):
                self.timed("draw from the stock", self.click_local,
                           STOCK_LEFT + CARD_W // 2, MID_TOP + CARD_H // 2)
            elif phase == PH_DISCARD:
                self.timed("discard + the computer's turn", self.click_local,
                           *self.discard_spot())
                done += 1
            elif phase == PH_KNOCKQ:
                self.timed("don't knock + the computer's turn", self.click_local,
                           PILE_LEFT + CARD_W // 2, MID_TOP + CARD_H // 2)
                done += 1
            else:
                raise RuntimeError(f"unexpected phase {phase}")


def measure(seed: int, turns: int, sound_off: bool = False, look_ticks: int = 90) -> Player:
    with tempfile.TemporaryDirectory() as folder:
        p = Player(Path(folder), seed)
        try:
            p.look(look_ticks)
            if sound_off:
                p.timed("Options > Sound (off)", p.s.choose, "Options", "Sound")
            p.timed("Options > F/X (a menu command)", p.s.choose, "Options", "F/X")
            reason = p.timed("File > New Game", p.s.choose, "File", "New Game")
            if reason == "held":
                p.timed("the deal (Return at the alert)", p.s.key, "\r")
            p.play_turns(turns)
            p.timed("a menu pulled down", p.s.pull_down, "Settings")
            p.timed("the menu let go", p.s.release, 600, 150)
            p.timed("a dialog (Game Settings...)", p.s.choose, "Settings", "Game Settings...")
            p.timed("the dialog cancelled (Escape)", p.s.key, 0x1B)
        finally:
            p.s.close()
    return p


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gin-king bench ui")
    parser.add_argument("--seed", type=int, default=2,
                        help="the game seed (2: the player draws high, so the deal is asked)")
    parser.add_argument("--turns", type=int, default=6, help="the player's turns to play")
    parser.add_argument("--look", type=int, default=90, metavar="TICKS",
                        help="the player's first look at the table: idle ticks before the "
                             "first action (90: a second and a half)")
    parser.add_argument("--sound-off", action="store_true",
                        help="Options > Sound off first (no effect is made or played)")
    args = parser.parse_args(argv)
    p = measure(args.seed, args.turns, args.sound_off, args.look)
    print(f"start-up (not an action) {p.startup_ms:7.1f} ms")
    made = ("not within them" if p.waves_made_after is None
            else f"all nine sound waves made after {p.waves_made_after}")
    print(f"the player's first look: {p.look_rounds} idle ticks in {p.look_ms:.1f} ms; {made}")
    print(f"  {'action':36s} {'wall':>10s} {'65816 cycles':>13s}")
    for name, ms, cycles in p.times:
        print(f"  {name:36s} {ms:7.1f} ms {cycles:13,}{'  OVER' if ms > TARGET_MS else ''}")
    worst = max(ms for _, ms, _ in p.times)
    print(f"every action <= {TARGET_MS:.0f} ms: worst {worst:.1f} ms "
          f"{'OK' if worst <= TARGET_MS else 'OVER'}")
    return 0 if worst <= TARGET_MS else 1
