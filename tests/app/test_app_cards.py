"""User Supplied Cards (a deal entered through the dialog as the oracle deals it, a stock
card entered when it is drawn, entries refused with a beep and a reason), Show Cards, Help,
the Control Panel. The entry parser itself is the engine's (tests/native/test_native_entry.py)."""
from __future__ import annotations

from gk_table import (OPEN, PH_DISCARD, PH_HANDOVER, SimpleHuman, boot_table,
                      play_human_turn)
from gin_king.oracle.game import play_game
from gin_king.oracle.personalities import Willy
from gin_king.oracle.dealing import UserSuppliedDecks
from gin_king.oracle.entry import CardRequest, closest_available
from gin_king.oracle.rules import Rules
from gin_king.oracle.state import GameState
from test_app_settings import OK, USER, click_item
from iigs.font import decode


def entry_dialog(t):
    """The entry dialog up front: (its prompt, its "why asked again" line, the entry)."""
    items = {i.item_id: i for i in t.s.tb.dlg.front().items}
    dm = t.s.tb.dlg
    return decode(dm.params[0]), decode(dm.params[1]), decode(items[3].edit.model.text)


def user_supplied(t) -> None:
    t.choose("Settings", "Game Settings...")
    click_item(t, USER)
    click_item(t, OK)


def draw_at_random(t) -> None:
    """The draw for deal's two prompts answered with Return (drawn at random), then
    the draw's question, when the player drew high, with Return (Make Willy deal)."""
    for name in ("Player", "Willy"):
        assert entry_dialog(t)[0].startswith(f"Enter the card {name} draws for deal")
        t.s.key("\r")
    if t.word("DealAsking"):
        t.s.key("\r")


def oracle_deal(seed: int, answers: list[str]) -> GameState:
    """The oracle's first deal with the same entries (the stock still open; the draw
    for deal's two left to chance first)."""
    it = iter(["", ""] + answers)
    state = GameState(Rules(), seed, UserSuppliedDecks(lambda what, n: next(it)))
    state.advance()
    return state


def test_app_user_supplied_cards_deal_as_the_oracle_does(tmp_path, program):
    """The hands and the upcard are asked for at the deal; an unreadable entry or too
    many cards beep and ask again with the entry kept and a line saying why."""
    t = boot_table(tmp_path, program, seed=1234)
    user_supplied(t)
    assert t.choose("File", "New Game") == "held"       # asked for the draw for deal,
    draw_at_random(t)                                    #   then the first hand
    prompt, why, _ = entry_dialog(t)
    assert prompt.startswith("Enter the hand of ") and "(up to 10 cards, e.g." in prompt
    assert why == ""
    beeps = t.s.tb.misc.beeps
    entries = ["AS, 2H, 5C, 5D, 10S, QH", "A 5 6 4D 3D", "4H"]
    for entry in entries[:2]:
        t.s.type(entry)
        assert t.s.key("\r") == "held"
    # The upcard's prompt in good English: "1 card", not "up to 1 cards".
    prompt, _, _ = entry_dialog(t)
    assert prompt == "Enter the first upcard (1 card, e.g. 4H). Return alone deals it at random."
    t.s.type("1x")                                       # unreadable: beep, asked again
    assert t.s.key("\r") == "held" and t.s.tb.misc.beeps == beeps + 1
    prompt, why, entry = entry_dialog(t)
    assert why.startswith("Not understood.") and entry == "1x"   # nothing lost
    assert prompt.startswith("Enter the first upcard")
    t.s.type("4H 5H")                                    # replaces the selection: too many
    assert t.s.key("\r") == "held" and t.s.tb.misc.beeps == beeps + 2
    assert entry_dialog(t)[1] == "Too many cards: 1 at most."
    assert t.word("EntryRejects") == 2
    t.s.type(entries[2])
    assert t.s.key("\r") == "idle"                      # no stock entry at the deal
    state = oracle_deal(1234, entries)
    assert [t.byte("Deck", i) for i in range(21)] == [int(c) for c in state.hand.deck[:21]]
    assert t.stock() == [OPEN] * 31 and t.word("StockIdx") == 21  # card by card
    t.check_cards()
    t.s.close()


def card_text(card: int) -> str:
    """How a player types a card: "10H", "AS"."""
    return ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][card % 13] \
        + "CDHS"[card // 13]


def entry_up(t) -> bool:
    dlg = t.s.tb.dlg.front()
    return dlg is not None and any(i.item_id == 3 and i.edit is not None for i in dlg.items) \
        and decode(t.s.tb.dlg.params[0]).startswith("Enter ")


def play_until_stock_prompt(t, drawer: int, limit: int = 200) -> None:
    """SimpleHuman's clicks (other stock cards at random) until player `drawer` is asked
    for the card he draws from the stock."""
    for _ in range(limit):
        if entry_up(t):
            if "draws from the stock" in entry_dialog(t)[0] and t.turn == drawer:
                return
            t.s.key("\r")
            continue
        play_human_turn(t)
    raise AssertionError("no stock prompt")


def test_app_user_supplied_stock_card_entered_when_drawn(tmp_path, program):
    """Each stock card is asked for when a player draws it: the card entered arrives in
    the drawing player's hand, the computer's or the player's. An unreadable entry or one
    with too many cards is refused with a beep and the reason, the entry kept (with Sound
    off, no beep); a card already taken gives the closest available card (the manual)."""
    t = boot_table(tmp_path, program, seed=77)
    user_supplied(t)
    assert t.choose("File", "New Game") == "held"
    draw_at_random(t)
    for entry in ("AS 3S 5S 7S 9S JS KS 2H 4H 6H", "AC 3C 5C 7C 9C JC KC 2D 4D 6D", "QD"):
        t.s.type(entry)
        t.s.key("\r")
    who = {0: "Player", 1: "Willy"}
    for drawer in (1, 0):
        if drawer == 0:
            assert not entry_up(t)
            t.choose("Options", "Sound")                 # Sound off: refusals are silent
            assert t.word("SetSound") == 0
        play_until_stock_prompt(t, drawer)
        prompt, why, _ = entry_dialog(t)
        assert prompt == (f"Enter the card {who[drawer]} draws from the stock (1 card, "
                          "e.g. 4H). Return alone deals it at random.") and why == ""
        beeps, rejects = t.s.tb.misc.beeps, t.word("EntryRejects")
        t.s.type("QS QS" if drawer == 0 else "Z9")       # refused: asked again as typed
        assert t.s.key("\r") == "held"
        prompt, why, entry = entry_dialog(t)
        assert why == ("Too many cards: 1 at most." if drawer == 0 else
                       "Not understood. Cards are A 2..10 J Q K, each with C D H S or not.")
        assert entry == ("QS QS" if drawer == 0 else "Z9")
        beep = 1 if drawer == 1 else 0                   # Sound off for the player's draw
        assert t.s.tb.misc.beeps == beeps + beep and t.word("EntryRejects") == rejects + 1
        t.s.key(0x7F)                                    # the refused entry is selected
        used = t.pile()[-1] if drawer == 1 else t.hand(0)[0]    # taken: the pile, his hand
        placed = {t.byte("Deck", i) for i in range(52)} - {OPEN}
        taken = sum(1 << c for c in placed)
        card = closest_available(CardRequest(used % 13, used // 13), taken)
        assert card != used                              # the manual's closest available card
        slot = t.word("StockIdx")
        t.s.type(card_text(used))
        t.s.key("\r")
        assert not entry_up(t)
        assert t.byte("Deck", slot) == card and t.word("LastDrawn") == card
        if drawer == 0:
            assert t.phase == PH_DISCARD and t.turn == 0 and card in t.hand(0)
        else:                                            # Willy holds it, or threw it back
            assert card in t.hand(1) or card in t.pile() or t.word("Pending") == card
        t.check_cards()
    assert t.word("HandNum") == 1                        # all in the first hand
    t.s.close()


def test_app_user_supplied_hands_match_the_oracle(tmp_path, program):
    """Two hands in User Supplied Cards, every prompt answered from one script (Return, a
    rank alone, a card that may be taken, too many cards): the prompts, the deals as
    recorded (the stock card by card as drawn) and the scores are the oracle's, so an
    open slot takes the same random card natively and in the oracle."""
    script = ["", "7", "", "QH", "", "KS 2"]
    t = boot_table(tmp_path, program, seed=31)
    user_supplied(t)
    t.choose("File", "New Game")
    asked: list[str] = []
    scores = []
    for _ in range(600):
        if t.word("DealAsking"):                         # drew high: Make Willy deal
            t.s.key("\r")
            continue
        if entry_up(t):
            asked.append(entry_dialog(t)[0])
            t.s.key(0x7F)                                # the entry refused is selected
            t.s.type(script[(len(asked) - 1) % len(script)])
            t.s.key("\r")
            continue
        t.check_cards()
        if t.phase == PH_HANDOVER:
            scores.append(t.scores())
            if len(scores) == 2:
                break
        play_human_turn(t)
    assert len(scores) == 2
    oracle_asked: list[str] = []

    def ask(what, count):
        oracle_asked.append(what)
        return script[(len(oracle_asked) - 1) % len(script)]
    expected = play_game(SimpleHuman(), Willy(), Rules(), seed=31,
                         deck_source=UserSuppliedDecks(ask))
    running, oracle_scores = [0, 0], []
    for h in expected.hands[:2]:
        if h.score.winner is not None:
            running[h.score.winner] += h.score.points
        oracle_scores.append(tuple(running))
    assert scores == oracle_scores
    for hand in range(2):
        recorded = [t.byte("GameDecks", hand * 52 + i) for i in range(52)]
        assert recorded == [c & 0xFF for c in expected.deals[hand]]
        assert OPEN in recorded                         # the stock not drawn stays open
    kinds = {"player 1's card for deal": "Enter the card Player draws for deal",
             "player 2's card for deal": "Enter the card Willy draws for deal",
             "the non-dealer's hand": "Enter the hand of", "the dealer's hand": "Enter the hand of",
             "the first upcard": "Enter the first upcard", "the stock card": "Enter the card "}
    assert [kinds[w] for w in oracle_asked[:len(asked)]] == \
        [next(k for k in kinds.values() if a.startswith(k)) for a in asked]
    assert t.word("EntryRejects") > 0                  # some entry was refused and asked again
    t.s.close()


SUITS = "♣♦♥♠"
RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}


def faces_in(t, port: int) -> list[tuple[str, int, int]]:
    """The card faces DrawCard drew in `port` (its rank, then its suit on the same
    baseline), as (card text, global h, global v) in drawing order."""
    log = [e for e in t.s.tb.qd.text_log if e[3] == port]
    return [(text + nxt[2], h, v) for (h, v, text, _), nxt in zip(log, log[1:])
            if text in RANKS and nxt[2] in SUITS and nxt[1] == v]


def show_rows(t) -> tuple[list[str], list[list[str]]]:
    """Options/Show Cards is open: (the window's texts, its rows of card pictures)."""
    port = t.word("DlgPtr") | t.word("DlgPtr", 1) << 16
    texts = [e[2] for e in t.s.tb.qd.text_log if e[3] == port]
    rows: dict[int, list[tuple[int, str]]] = {}
    for card, h, v in faces_in(t, port):
        rows.setdefault(v, []).append((h, card))
    for row in rows.values():                      # left to right, one SHOW_STEP apart
        assert [h for h, _ in row] == list(range(row[0][0], row[0][0] + 24 * len(row), 24))
    return texts, [[c for _, c in rows[v]] for v in sorted(rows)]


def names(cards) -> list[str]:
    from gin_king.oracle.cards import Card
    return [str(Card(c)) for c in cards]


def expect_rows(t, first: list[str], rows: list[list[str]]) -> None:
    """rows == first, the opponent's picks, the player's picks (empty rows not drawn)."""
    took1 = [c for c in range(52) if t.hand_mask(1, "Took") >> c & 1]
    took0 = [c for c in range(52) if t.hand_mask(0, "Took") >> c & 1]
    assert rows == [r for r in (first, names(took1), names(took0)) if r]


def test_app_show_cards(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    for _ in range(6):
        play_human_turn(t)
    t.s.clear_text_log()
    assert t.choose("Options", "Show Cards") == "held"
    texts, rows = show_rows(t)
    assert "Discard pile:" in texts and "Willy picked up from the pile:" in texts
    assert "Player picked up from the pile:" in texts
    expect_rows(t, names(t.pile()), rows)
    assert len(rows[0]) >= 2                           # the pile, as pictures
    t.s.key("\r")
    assert t.s.last_reason == "idle"


def test_app_show_cards_a_long_pile_shows_the_unseen_cards(table_factory):
    t = table_factory(1234)
    t.choose("File", "New Game")
    for _ in range(4):
        play_human_turn(t)
    while t.phase != PH_DISCARD:
        play_human_turn(t)
    # 26 cards go from the stock to the pile: more than a row holds
    start, n = t.word("StockIdx"), t.word("PileLen")
    for i in range(26):
        t.s.machine.mem[t.addr("Pile") + n + i] = t.byte("Deck", start + i)
    t.poke_word("PileLen", n + 26)
    t.poke_word("StockIdx", start + 26)
    t.check_cards()
    t.s.clear_text_log()
    assert t.choose("Options", "Show Cards") == "held"
    texts, rows = show_rows(t)
    assert "The discard pile is too long to show; the cards not yet seen:" in texts
    seen = t.hand_mask(0) | t.hand_mask(1, "Took") & t.hand_mask(1)
    for c in t.pile():
        seen |= 1 << c
    unseen = [c for c in range(52) if not seen >> c & 1]
    assert len(unseen) == 52 - 11 - len(t.pile()) - bin(t.hand_mask(1, "Took") & t.hand_mask(1)).count("1")
    expect_rows(t, names(unseen), rows)
    t.s.key("\r")
    assert t.s.last_reason == "idle"


def test_app_function_keys_f6_shows_cards_and_f3_undoes(table_factory):
    from iigs.host import FUNCTION_KEY_CODES
    from iigs.hostinput import KEY_PAD
    t = table_factory(9)
    t.choose("File", "New Game")
    while t.phase != PH_DISCARD:
        play_human_turn(t)
    t.s.clear_text_log()
    assert t.s.key(FUNCTION_KEY_CODES[6], KEY_PAD) == "held"        # F6
    texts, rows = show_rows(t)
    assert "Discard pile:" in texts
    t.s.key("\r")
    hand = t.hand(0)
    t.click_card(hand[0])
    assert t.word("Pending") == hand[0]
    t.s.key(FUNCTION_KEY_CODES[3], KEY_PAD)                          # F3 = Undo
    assert t.phase == PH_DISCARD and t.hand(0) == hand
    t.s.key("5", KEY_PAD)              # the keypad's 5: no command
    assert t.phase == PH_DISCARD and t.s.last_reason == "idle"


def test_app_window_host_maps_f3_and_f6():
    """The pygame window's key map gives the Extended Keyboard's F-keys their codes."""
    import pygame
    from iigs.host import FUNCTION_KEY_CODES, WindowHost
    from iigs.hostinput import KEY_PAD
    host = WindowHost(scale=1)
    try:
        assert host.key_code(pygame.K_F3, "", 0) == (FUNCTION_KEY_CODES[3], KEY_PAD) == (0x63, KEY_PAD)
        assert host.key_code(pygame.K_F6, "", 0) == (FUNCTION_KEY_CODES[6], KEY_PAD) == (0x61, KEY_PAD)
    finally:
        host.close()


def page_line(t):
    return [x for x in t.text() if ": page " in x][-1]


def page_text(t) -> str:
    return t.s.tb.dlg.front().item(8).text.decode("latin-1")


def test_app_help_pages(table_factory):
    """Each topic's pages by Next and Prev; every page whole (a Pascal string of 255
    characters at most: a longer one would be cut short), the eight computer players
    all named."""
    t = table_factory()
    assert t.choose("@", "Help...") == "held"
    assert "Rules of Gin: page 1 of 3" in t.text()
    click_item(t, 10)                                    # Next
    assert page_line(t) == "Rules of Gin: page 2 of 3"
    click_item(t, 9)                                     # Prev
    assert page_line(t) == "Rules of Gin: page 1 of 3"
    pages_seen = []
    for topic, name, pages in [(3, "Rules of Gin", 3), (4, "Playing", 3), (5, "Menus", 4),
                               (6, "Computer Players", 2), (7, "Scoring", 2)]:
        click_item(t, topic)
        assert page_line(t) == f"{name}: page 1 of {pages}"
        pages_seen.append(page_text(t))
        for _ in range(pages):                           # Next stops at the last page
            click_item(t, 10)
            pages_seen.append(page_text(t))
        assert page_line(t) == f"{name}: page {pages} of {pages}"
        assert pages_seen[-1] == pages_seen[-2]
        del pages_seen[-1]
        items = {i.item_id: i for i in t.s.tb.dlg.front().items}
        assert items[9].enabled and not items[10].enabled  # Next dimmed on the last page
    assert len(pages_seen) == 14 and all(p.endswith(".") for p in pages_seen), pages_seen
    players = " ".join(pages_seen[10:12])
    assert players.startswith("Eight computer players")
    assert all(n in players for n in ("Irv", "Willy", "Sonia", "Mort", "Bernie", "Phyllis",
                                      "Shark", "King"))
    click_item(t, 3)
    items = {i.item_id: i for i in t.s.tb.dlg.front().items}
    assert not items[9].enabled and items[10].enabled      # Prev dimmed on the first
    assert click_item(t, 1) == "idle"                    # Exit
    assert t.s.tb.dlg.front() is None


def test_app_user_supplied_random_hands_leave_a_named_upcard_free(tmp_path, program):
    """A random fill never takes a card named in a later prompt of the same deal: hands
    dealt at random, then the 4♥ asked for as the upcard is the 4♥."""
    for seed in (1234, 7, 99):
        t = boot_table(tmp_path, program, seed=seed, disk_name=f"u{seed}.po")
        user_supplied(t)
        assert t.choose("File", "New Game") == "held"
        draw_at_random(t)
        t.s.key("\r")                                    # both hands at random
        t.s.key("\r")
        t.s.type("4H")
        assert t.s.key("\r") == "idle"
        assert t.byte("Deck", 20) == 2 * 13 + 3          # the 4♥
        state = oracle_deal(seed, ["", "", "4H"])
        assert [t.byte("Deck", i) for i in range(21)] == [int(c) for c in state.hand.deck[:21]]
        t.check_cards()
        t.s.close()
