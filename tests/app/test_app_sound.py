"""GIN.KING's sound effects (asm/app/sound.asm) heard through the headless host's
sound_log: one entry per sound the DOC started, in play order; none with Options > Sound
off (beeps included); and the waves the program synthesises, byte for byte."""
from __future__ import annotations

import pytest

from gk_table import PH_GAMEOVER, PH_HANDOVER, PH_KNOCKQ, play_human_turn

EFFECTS = ["shuffle", "deal", "draw", "discard", "knock", "gin", "undercut", "win", "lose"]
SFX_REC_WORDS = 4                   # SfxRec: seg, docBuf, bufLen, volume
RES_KNOCK, RES_GIN, RES_UNDERCUT = 0, 1, 2
HUMAN = 7


def effect_at(t) -> dict[int, str]:
    """DOC buffer address -> effect name, from the program's SfxTable."""
    return {t.word("SfxTable", i * SFX_REC_WORDS + 1): name for i, name in enumerate(EFFECTS)}


def heard(t) -> list[str]:
    names = effect_at(t)
    return [names.get(e.address, f"${e.address:04X}") for e in t.s.host.sound_log]


def play_hand(t) -> None:
    for _ in range(300):
        t.check_cards()
        if t.phase in (PH_HANDOVER, PH_GAMEOVER):
            return
        play_human_turn(t)
    raise AssertionError("the hand did not end")


def test_app_effects_are_heard_in_play_order(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    play_hand(t)
    got = heard(t)
    assert got[:2] == ["shuffle", "deal"]
    middle, end = got[2:-1], got[-1]
    draws = t.word("Draws", 0) + t.word("Draws", 1)
    assert middle[:2 * draws:2] == ["draw"] * draws          # each turn: draw, discard
    assert middle[1:2 * draws:2] == ["discard"] * draws
    assert len(middle) == 2 * draws
    assert end == {RES_KNOCK: "knock", RES_GIN: "gin", RES_UNDERCUT: "undercut"}[t.word("ResKind")]
    ticks = [e.ticks for e in t.s.host.sound_log]
    assert ticks == sorted(ticks)
    deal = t.s.host.sound_log[1]
    assert deal.frequency == 154 and deal.volume == 0xC0 and 0 < deal.length <= 0x800


def test_app_game_over_plays_the_fanfare_or_the_falling_tune(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    t.poke_word("Target", 1)                 # the first hand won ends the game
    play_hand(t)
    play_human_turn(t)                       # the click after the hand: the score sheet
    assert t.phase == PH_GAMEOVER
    human_won = t.word("Kind", t.word("GameWinner")) == HUMAN
    assert heard(t)[-1] == ("win" if human_won else "lose")


def test_app_sound_off_is_silent_beeps_included(table_factory):
    t = table_factory(1234)
    t.choose("Options", "Sound")
    assert t.word("SetSound") == 0
    t.choose("File", "New Game")
    while not (t.phase == PH_KNOCKQ and t.turn == 0):
        play_human_turn(t)
    beeps = t.s.tb.misc.beeps
    assert t.click_knock() == "held"         # too much deadwood: refused, no beep
    assert t.s.key("\r") == "idle"           # the caution alert's OK
    assert t.phase == PH_KNOCKQ and t.s.tb.misc.beeps == beeps
    play_hand(t)
    assert t.s.host.sound_log == []
    assert t.phase == PH_HANDOVER
    t.choose("Options", "Sound")             # back on: the next deal is heard
    play_human_turn(t)
    assert heard(t)[:2] == ["shuffle", "deal"]


def reference_wave(t, effect: int) -> bytes:
    """sound.asm's synthesizer in Python, over the program's own segment table."""
    seg = t.addr("SfxSegs") + t.word("SfxTable", effect * SFX_REC_WORDS)
    out, lfsr = bytearray(), 0xACE1
    while True:
        kind, half, count, amp, decay = (t.s.read_word(seg + 2 * i) for i in range(5))
        if kind == 0xFFFF:
            return bytes(out)
        seg += 10
        phase, half_left, decay_left = 0, half, decay
        for _ in range(count):
            out.append(0x80 + amp if phase == 0 else 0x80 - amp)
            half_left -= 1
            if half_left == 0:
                half_left = half
                if kind == 0:
                    phase ^= 1
                else:
                    lfsr = (lfsr >> 1) ^ (0xB400 if lfsr & 1 else 0)
                    phase = lfsr & 1
            decay_left -= 1
            if decay_left == 0:
                decay_left = decay
                amp = max(0, amp - 1)


def test_app_synthesised_waves_match_the_reference_and_fill_their_buffers(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    doc = t.s.machine.doc
    for effect, name in enumerate(EFFECTS[:2]):              # shuffle, deal: now in wave RAM
        want = reference_wave(t, effect)
        start = t.word("SfxTable", effect * SFX_REC_WORDS + 1)
        assert bytes(doc.ram[start:start + len(want)]) == want, name
        assert doc.ram[start + len(want)] == 0                 # the stop byte
        assert 0 not in want
    for effect, name in enumerate(EFFECTS):                    # every wave fits its buffer
        size = t.word("SfxTable", effect * SFX_REC_WORDS + 2)
        assert len(reference_wave(t, effect)) < size, name
        start = t.word("SfxTable", effect * SFX_REC_WORDS + 1)
        assert start % size == 0 and start + size <= 0xFC00, name   # SysBeep's KB kept


def test_app_card_entry_rejection_is_silent_with_sound_off(table_factory):
    from test_app_settings import OK, USER, click_item
    for sound_on in (True, False):
        t = table_factory(1234)
        if not sound_on:
            t.choose("Options", "Sound")
        t.choose("Settings", "Game Settings...")
        click_item(t, USER)
        click_item(t, OK)
        assert t.choose("File", "New Game") == "held"       # asked for the draw for deal
        beeps, log = t.s.tb.misc.beeps, len(t.s.host.sound_log)
        t.s.type("1x")                                       # unreadable: asked again
        assert t.s.key("\r") == "held" and t.word("EntryRejects") == 1
        assert t.s.tb.misc.beeps == beeps + sound_on
        assert len(t.s.host.sound_log) == log + sound_on    # SysBeep through the DOC


def test_app_script_checks_the_sounds_heard(table_factory):
    from gin_king.automation import AutomationError, run_script
    quiet = table_factory(1234)
    run_script(quiet.s, "expect-sounds 0\nchoose Options / Sound\n"
               "choose File / New Game\nexpect-sounds 0\n")
    t = table_factory(1234)
    run_script(t.s, "choose File / New Game")
    heard = len(t.s.host.sound_log)
    assert heard >= 2                                   # the shuffle and the deal at least
    assert run_script(t.s, f"expect-sounds {heard}")[-1].endswith(f"{heard} sounds")
    with pytest.raises(AutomationError, match=f"{heard} sounds started"):
        run_script(t.s, f"expect-sounds {heard + 1}")


def test_app_sound_off_mutes_the_toolbox_beeps_and_keeps_the_users_volume(table_factory):
    """Options > Sound off sets the system volume to 0 (SetSoundVolume), so the beeps the
    toolbox gives on its own are not heard: LineEdit refusing a key and a click outside
    the modal Enter Name dialog. Battery RAM keeps the Control Panel's volume, which comes
    back with Sound on and at Quit."""
    from iigs import bram as br
    from toolbox.event import APPLE_KEY
    CTRL_A = 0x01                                      # a key LineEdit does not take
    for sound_on in (True, False):
        t = table_factory(1234)
        snd, ram = t.s.tb.snd, t.s.tb.misc.bram
        user = ram.param(br.USER_VOLUME)
        assert user > 0 and snd.system_volume == user
        if not sound_on:
            t.choose("Options", "Sound")
            assert snd.system_volume == 0 and ram.param(br.USER_VOLUME) == user
        log = len(t.s.host.sound_log)
        assert t.choose("Settings", "Enter Name...") == "held"
        t.s.key(CTRL_A)
        assert t.s.click(4, 196) == "held"             # outside the dialog
        assert len(t.s.host.sound_log) == log + 2 * sound_on, sound_on
        assert t.s.host.beeps == 2 * sound_on
        t.s.key(0x1B)                                  # Cancel
        if not sound_on:
            assert t.s.key("q", APPLE_KEY) == "quit"   # Quit: the user's volume back
            assert snd.system_volume == user == ram.param(br.USER_VOLUME)


def test_app_waves_are_made_in_idle_time_before_the_first_action(table_factory):
    """While the player looks at the table (null events, one a tick) the program makes
    every wave, slice by slice (SoundIdle), the same bytes as made whole; nothing plays."""
    t = table_factory(1234)
    waves = t.addr("SfxWave")
    ticks = 0
    while not all(t.s.read_long(waves + 4 * i) for i in range(len(EFFECTS))):
        assert t.s.run_until_idle() == "idle"
        ticks += 1
        assert ticks <= 70, "idle time did not make the waves"
    assert ticks > len(EFFECTS)                 # slice by slice, not all at once
    mem = t.s.machine.mem
    for effect, name in enumerate(EFFECTS):
        want = reference_wave(t, effect)
        at = t.s.read_long(waves + 4 * effect)
        assert bytes(mem[at:at + len(want) + 1]) == want + b"\0", name
        assert t.word("SfxPages", effect) == (len(want) + 1 + 255) // 256, name
    assert t.s.host.sound_log == []
    t.choose("File", "New Game")                # played from the waves made
    assert heard(t)[:2] == ["shuffle", "deal"]
