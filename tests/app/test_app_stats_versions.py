"""SETTINGS:STATS version 2 (issue 39 §2): a game under house rules that score or play
differently (here a gin bonus of 10) is counted on a line of its own ("Oklahoma, house
rules"), never in the manual's "Best"; a version 1 file (four variations) still loads and
is widened when the statistics are next written; a file with bytes after its record is
damaged (issue 38 §4): said and set aside."""
from __future__ import annotations

import struct

from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import Sonia, Willy
from gin_king.oracle.rules import Rules, Variant, parse_rules
from gk_table import boot_table
from test_app_house_rules import choose_rules
from test_app_stats import OKLAHOMA, computers, extra, play_out, statistics

STATS, BAD = "SETTINGS/STATS", "SETTINGS/STATS.BAD"
HUMAN, WILLY = 7, 1
NAMES, V1_CELLS, V2_CELLS, CELL = 16, 4, 8, 10       # stats.asm: entries, variations


def v1_file(entries: list[tuple[bytes, int, dict[int, tuple[int, int, int, int]]]]) -> bytes:
    """A version 1 STATS: (name, kind, {variation: (played, won, points, best)}) each."""
    body = bytearray(b"GS" + struct.pack("<HH", 1, len(entries)))
    for i in range(NAMES):
        entry = bytearray(32 + 2 + V1_CELLS * CELL)
        if i < len(entries):
            name, kind, cells = entries[i]
            entry[0] = len(name)
            entry[1:1 + len(name)] = name
            struct.pack_into("<H", entry, 32, kind)
            for v, (played, won, points, best) in cells.items():
                struct.pack_into("<HHIH", entry, 34 + v * CELL, played, won, points, best)
        body += entry
    words = struct.unpack(f"<{len(body) // 2}H", body)
    return bytes(body + struct.pack("<H", sum(words) & 0xFFFF))


def test_app_house_rule_games_get_their_own_line_and_version_1_still_loads(tmp_path, program):
    old = v1_file([(b"Ann", HUMAN, {0: (3, 2, 400, 180)}),
                   (b"", WILLY, {1: (2, 1, 300, 160)})])
    assert len(old) == 1192
    t = boot_table(tmp_path, program, seed=79)
    volume = t.s.machine.tb.gsos.volume
    volume.write_file(STATS, old, 0xF1, replace=True)
    volume.commit()
    t.s.close()
    t = boot_table(tmp_path, program, seed=79)
    before = [("Standard gin", "", "", "", ""), ("    Ann", "3", "2", "400", "180"),
              ("Oklahoma gin", "", "", "", ""), ("    Willy", "2", "1", "300", "160")]
    assert statistics(t) == before                       # version 1, as it was
    assert t.s.machine.tb.gsos.volume.read_file(STATS) == old   # (only read)
    choose_rules(t, numbers=[10, 25, 25, 100, "double"])  # a gin bonus of 10
    computers(t, OKLAHOMA)
    play_out(t, 79)                                      # one hand: Sonia's gin
    g = play_game(Sonia(), Willy(), parse_rules("gin=10", Rules(Variant.OKLAHOMA)), seed=79)
    manual = play_game(Sonia(), Willy(), Rules(Variant.OKLAHOMA), seed=79)
    assert g.final.totals != manual.final.totals          # scored differently
    sonia, willy = g.final.totals
    after = before + [("Oklahoma, house rules", "", "", "", ""),   # (in the file's order)
                      ("    Willy", "1", str(int(g.final.winner == 1)), str(willy), str(willy)),
                      ("    Sonia", "1", str(int(g.final.winner == 0)), str(sonia), str(sonia))]
    assert statistics(t) == after
    data = t.s.machine.tb.gsos.volume.read_file(STATS)
    assert data[:4] == b"GS\x02\x00" and len(data) == 6 + NAMES * (34 + V2_CELLS * CELL) + 2
    t.s.close()
    again = boot_table(tmp_path, program)                # version 2 read back
    assert statistics(again) == after
    volume = again.s.machine.tb.gsos.volume
    for damaged in (data + b"\x00\x00", old + b"junk"):  # a record that runs on: damaged
        volume.write_file(STATS, damaged, 0xF1, replace=True)
        assert again.choose("Options", "Statistics...") == "held"
        assert again.alert().icon == "caution"
        assert again.alert_text().startswith("The statistics file was damaged")
        assert volume.read_file(BAD) == damaged and not volume.exists(STATS)
        again.s.key("\r")
        assert extra(again) == ["No games have been played to the end yet."]
        again.s.key("\r")
    again.s.close()
