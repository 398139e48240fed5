"""`gin-king soak kill`: kill GIN.KING while it saves the game, many times, and check the disk.

    gin-king soak kill [--times N] [--seed S] [--dir DIR] [--max-delay MS]

Issue 20's proof for Resume: "300 SIGKILLs while the game state is being saved: the disk
always checks clean and holds either the previous or the new state". Each round starts a
fresh process (`python -m gin_king.soak child`) that boots GIN.KING from one disk image
kept across the rounds, resumes the game saved there (a new game the first time, F/X and
Sound off) and plays on as a simple human (never takes the upcard, discards to the least
deadwood, knocks when it may). The program saves the game at every hand's end
(files.asm SaveGame: GIN.GAME.NEW written, GIN.GAME destroyed, the new one renamed),
each GS/OS change committing the image to the host file atomically (iigs.hostfile.atomic_write).

The child watches the program's GS/OS calls on the game's files: it tells the parent when
a save (or a discard) starts, and logs the state that save is writing (the bytes of the
Write to GIN.GAME.NEW) or that a discard is removing it, before the call runs. The parent
kills the child (SIGKILL) a random time after a save starts (the first of the round) (0 .. --max-delay ms: a save
takes a few milliseconds to a few tens), then opens the image and checks:
  * the image opens and a2til's structural check finds nothing (`Volume.check`);
  * the saved game on it, read as the program reads it (GIN.GAME, else a sound
    GIN.GAME.NEW), is the state before the last logged change or the one after it.
The next round resumes from that disk, so a state that would not load shows too (the
child reports the program's damaged-game alert). The figures: rounds, kills inside a
save, old/new state found, GIN.GAME.NEW taken over, the GS/OS call each kill fell in.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

GAME = "SETTINGS/GIN.GAME"
GAME_NEW = "SETTINGS/GIN.GAME.NEW"
GAME_MAGIC = b"GR\x01\x00"
CONTENT_TOP, CONTENT_LEFT = 13, 2
STOCK = (210 + 15, 38 + 11)
PILE = (260 + 15, 38 + 11)
KNOCK = (320 + 15, 38 + 11)
PH_OFFER, PH_DRAW, PH_DISCARD, PH_KNOCKQ, PH_HANDOVER, PH_GAMEOVER = range(1, 7)
NO_CARD = 0xFFFF
CALL_NAMES = {0x2001: "Create", 0x2002: "Destroy", 0x2004: "ChangePath", 0x2010: "Open",
              0x2013: "Write", 0x2014: "Close"}


# ---------------------------------------------------------------------------------------
# the saved game as the program reads it (files.asm GameOnDisk)

def sound(data: bytes | None) -> bool:
    if data is None or len(data) < 6 or len(data) % 2 or data[:4] != GAME_MAGIC:
        return False
    words = struct.unpack(f"<{len(data) // 2}H", data)
    return sum(words[:-1]) & 0xFFFF == words[-1]


def saved_state(volume) -> bytes | None:
    """GIN.GAME's bytes; when it is missing, a sound GIN.GAME.NEW's; else None."""
    if volume.exists(GAME):
        return volume.read_file(GAME)
    if volume.exists(GAME_NEW):
        data = volume.read_file(GAME_NEW)
        if sound(data):
            return data
    return None


# ---------------------------------------------------------------------------------------
# the child: GIN.KING on the disk, played until it is killed

class Child:
    def __init__(self, disk_path: Path, log_path: Path, seed: int) -> None:
        from gin_king import app, build
        volume, _ = app.prepare_disk(disk_path, app.program_bytes())
        self.s = app.session(volume)
        self.gs = self.s.machine.tb.gsos
        self.mem = self.s.machine.mem
        _, self.symbols = build.ensure_built()
        self.build = build
        self.log = open(log_path, "ab")
        self.saving = False
        self.started = 0.0
        plain_call = self.gs.call
        self.gs.call = lambda callnum, pblock: self.watch(plain_call, callnum, pblock)
        self.s.run_until_idle()
        self.seed = seed

    # -- GS/OS calls on the game's files -----------------------------------------------
    def path_at(self, pblock: int, offset: int) -> str:
        try:
            return self.gs.locate(self.read_long(pblock + offset)).upper()
        except Exception:
            return ""

    def read_long(self, a: int) -> int:
        m = self.mem
        return m[a] | m[a + 1] << 8 | m[a + 2] << 16

    def say(self, text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def record(self, kind: bytes, data: bytes = b"") -> None:
        self.log.write(kind + struct.pack("<I", len(data)) + data)
        self.log.flush()

    def watch(self, plain_call, callnum: int, pblock: int) -> int:
        name = None
        if callnum == 0x2002:                                   # Destroy
            path = self.path_at(pblock, 2)
            if path == GAME_NEW:                                # a save or a discard starts
                name = "Destroy .NEW"
                if PH_OFFER <= self.word("GPhase") <= PH_HANDOVER:   # a save, not a discard
                    self.started = time.perf_counter()
                    self.say("S")
            elif path == GAME:
                name = "Destroy GIN.GAME"
                if not self.saving:                             # a discard: no game after
                    self.record(b"D")
        elif callnum in (0x2001, 0x2010) and self.path_at(pblock, 2) == GAME_NEW:
            name = CALL_NAMES[callnum] + " .NEW"
        elif callnum == 0x2013:                                 # Write
            refnum = self.mem[pblock + 2] | self.mem[pblock + 3] << 8
            f = self.gs.files.get(refnum)
            if f is not None and f.path.upper() == GAME_NEW:
                name = "Write .NEW"
                buf, count = self.read_long(pblock + 4), self.read_long(pblock + 8)
                self.record(b"W", bytes(self.mem[buf:buf + count]))
                self.saving = True
        elif callnum == 0x2014 and self.saving:
            name = "Close .NEW"
        elif callnum == 0x2004 and self.path_at(pblock, 2) == GAME_NEW:
            name = "ChangePath"
        if name:
            self.say("C " + name)
        code = plain_call(callnum, pblock)
        if name == "ChangePath":
            self.saving = False
            self.say(f"E {1000 * (time.perf_counter() - self.started):.1f}")
        return code

    # -- playing ----------------------------------------------------------------------
    def word(self, name: str, index: int = 0) -> int:
        a = self.build.symbol_address(self.s.program, self.symbols, name) + 2 * index
        return self.mem[a] | self.mem[a + 1] << 8

    def poke(self, name: str, value: int) -> None:
        a = self.build.symbol_address(self.s.program, self.symbols, name)
        self.mem[a], self.mem[a + 1] = value & 0xFF, value >> 8

    def click(self, hv: tuple[int, int]) -> None:
        self.s.click(hv[0] + CONTENT_LEFT, hv[1] + CONTENT_TOP)

    def hand_mask(self) -> int:
        return sum(self.word("Hands", s) << (13 * s) for s in range(4))

    def choose(self, menu: str, item: str) -> None:
        self.s.choose(menu, item)
        if self.word("DealAsking"):
            self.s.key("\r")

    def start(self) -> None:
        if self.word("ResumeAsking"):
            self.say("R")
            self.s.key("\r")                                    # Resume
        if self.s.tb.dlg.front() is not None:                   # the damaged-game alert
            self.say("D")
            self.s.key("\r")
        if self.word("GPhase") == 0:
            self.poke("SetSeedLo", self.seed & 0xFFFF)
            self.poke("SetSeedHi", self.seed >> 16)
            if self.word("SetFX"):
                self.s.choose("Options", "F/X")
            if self.word("SetSound"):
                self.s.choose("Options", "Sound")
            self.choose("File", "New Game")

    def play(self, moves: int) -> None:
        """`moves` decisions (a hand's end saves on the way), then File > Quit (it saves)."""
        from gin_king.oracle.melds import deadwood_of_mask
        for _ in range(moves):
            ph = self.word("GPhase")
            if ph in (PH_OFFER, PH_DRAW):
                self.click(STOCK)
            elif ph == PH_DISCARD:
                mask, taken = self.hand_mask(), self.word("Taken")
                card = min((c for c in range(52) if mask >> c & 1 and c != taken),
                           key=lambda c: (deadwood_of_mask(mask & ~(1 << c)), -c))
                for i in range(self.word("LayN") // 2):
                    if self.word("LayCard", i) == card:
                        self.click((self.word("LayH", i) + 15, self.word("LayV", i) + 4))
                        break
            elif ph == PH_KNOCKQ:
                legal = deadwood_of_mask(self.hand_mask()) <= self.word("KnockLimit")
                self.click(KNOCK if legal else PILE)
            elif ph in (PH_HANDOVER, PH_GAMEOVER):
                self.click((300, 150))
            else:                                               # the table is empty
                self.choose("File", "New Game")
        if not PH_OFFER <= self.word("GPhase") <= PH_HANDOVER:
            self.choose("File", "New Game")                     # a game to keep
        self.s.choose("File", "Quit")


def child_main(argv: list[str]) -> int:
    disk_path, log_path = Path(argv[0]), Path(argv[1])
    seed, moves = int(argv[2]), int(argv[3])
    c = Child(disk_path, log_path, seed)
    c.say("B")
    c.start()
    c.play(moves)
    return 0


# ---------------------------------------------------------------------------------------
# the parent: rounds of start, wait for a save, kill, check

def read_log(path: Path) -> list[bytes | None]:
    """The states the child's changes led to, in order (None: no saved game)."""
    out: list[bytes | None] = []
    raw = path.read_bytes() if path.exists() else b""
    at = 0
    while at + 5 <= len(raw):
        kind = raw[at:at + 1]
        (n,) = struct.unpack("<I", raw[at + 1:at + 5])
        if at + 5 + n > len(raw):
            break                                  # a record cut by the kill: not begun
        out.append(raw[at + 5:at + 5 + n] if kind == b"W" else None)
        at += 5 + n
    return out


def add_kill_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--times", type=int, default=300, help="rounds (kills)")
    p.add_argument("--seed", type=int, default=1, help="the game's and the delays' seed")
    p.add_argument("--dir", help="where the disk image and logs go (default: a temporary)")
    p.add_argument("--moves", type=int, default=12,
                   help="each round plays 0 .. this many decisions, then quits")
    p.add_argument("--max-delay", type=float, default=110.0,
                   help="the kill comes 0 .. this many ms after a save starts")


def kill(args: argparse.Namespace) -> int:
    import disk
    from gin_king import app
    work = Path(args.dir or tempfile.mkdtemp(prefix="gk-soak-"))
    work.mkdir(parents=True, exist_ok=True)
    image = work / "soak.po"
    if image.exists():
        image.unlink()
    volume, _ = app.prepare_disk(image, app.program_bytes())
    disk.lock.release(volume)                  # the children are the sessions on it
    rng = random.Random(args.seed)
    figures: Counter = Counter()
    steps: Counter = Counter()
    failures: list[str] = []
    disk_state: bytes | None = None
    save_ms: list[float] = []
    t0 = time.time()
    for round_ in range(args.times):
        log = work / "round.log"
        if log.exists():
            log.unlink()
        errors = open(work / "child.err", "w")
        child = subprocess.Popen(
            [sys.executable, "-m", "gin_king.soak", "child", str(image), str(log),
             str(args.seed), str(rng.randrange(args.moves + 1))],
            stdout=subprocess.PIPE, stderr=errors, text=True)
        last_call, killed_in_save, resumed = "", False, False
        delay = rng.uniform(0, args.max_delay) / 1000
        saw_save = False
        while True:
            line = child.stdout.readline()
            if not line:
                break                               # the child ended on its own
            line = line.strip()
            if line == "R":
                resumed = True
            elif line == "D":
                failures.append(f"round {round_}: the program found the saved game damaged")
            elif line.startswith("C "):
                last_call = line[2:]
            elif line == "S":
                saw_save = True
                time.sleep(delay)
                break
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        errors.close()
        if not saw_save:
            failures.append(f"round {round_}: the child ended before a save: "
                            + (work / "child.err").read_text()[-500:])
            break
        for line in rest.splitlines():              # what ran before the kill landed
            if line.startswith("C "):
                last_call = line[2:]
            if line.startswith("E "):
                killed_in_save = True
                save_ms.append(float(line[2:]))
        changes = read_log(log)
        states = [disk_state] + changes
        allowed = states[-2:]
        try:
            volume = disk.Volume.open(image)
            problems = volume.check()
        except Exception as err:                    # the image does not even open
            failures.append(f"round {round_}: the image does not open: {err}")
            break
        if problems:
            failures.append(f"round {round_}: the check finds {problems[:3]}")
        found = saved_state(volume)
        if found not in allowed:
            failures.append(f"round {round_}: the saved game is neither the previous "
                            f"nor the new state (killed after {last_call})")
        figures["rounds"] += 1
        figures["resumed"] += resumed
        figures["killed after the save completed" if killed_in_save
                else "killed inside a save"] += 1
        if len(allowed) == 2 and allowed[0] != allowed[1]:
            figures["previous state found" if found == allowed[0]
                    else "new state found"] += 1
        if not volume.exists(GAME) and volume.exists(GAME_NEW):
            figures["GIN.GAME.NEW alone (taken over at the next start)"] += 1
        steps[last_call or "(before the first call)"] += 1
        disk_state = found
        if (round_ + 1) % 25 == 0:
            print(f"{round_ + 1} rounds, {len(failures)} failures, "
                  f"{time.time() - t0:.0f} s", flush=True)
    elapsed = time.time() - t0
    print(f"gin-king soak kill: {figures['rounds']} SIGKILLs in {elapsed:.0f} s "
          f"({elapsed / max(1, figures['rounds']):.1f} s a round), seed {args.seed}")
    if save_ms:
        print(f"  a save (Destroy .NEW to ChangePath done) took {min(save_ms):.1f} .. "
              f"{max(save_ms):.1f} ms in the rounds it completed")
    for key, n in sorted(figures.items()):
        print(f"  {key}: {n}")
    print("  the GS/OS call on the game's files each kill came after:")
    for key, n in steps.most_common():
        print(f"    {key}: {n}")
    print(f"  failures: {len(failures)}")
    for f in failures[:20]:
        print("   ", f)
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "child":                  # a round's process (kill starts it)
        return child_main(argv[1:])
    parser = argparse.ArgumentParser(prog="gin-king soak",
                                     description="Soaks of the desktop program.")
    sub = parser.add_subparsers(dest="soak", required=True)
    add_kill_options(sub.add_parser(
        "kill", help="SIGKILL GIN.KING while it saves the game; check the disk",
        description="SIGKILL GIN.KING while it saves the game, round after round on one "
                    "disk; check the image and the saved state (docs/resume.md)."))
    args = parser.parse_args(argv)
    return kill(args)


if __name__ == "__main__":
    raise SystemExit(main())
