"""Golden playthroughs: seeded games whose every hand result is frozen here. The 65816
program is compared against the oracle, so a change in these numbers is a change of the
specification and belongs in docs/personalities.md "Changes" (or docs/rules.md)."""
from gin_king.oracle import PERSONALITIES, play_game
from gin_king.oracle.dealing import UserSuppliedDecks


def hand_results(result):
    return [(h.score.kind.value, h.score.winner, h.score.points) for h in result.hands]


def test_golden_willy_vs_sonia_seed_1():
    r = play_game(PERSONALITIES["willy"](seed=1), PERSONALITIES["sonia"](seed=2), seed=1)
    assert r.first_dealer == 0
    assert r.decks[0][:21] == (25, 2, 40, 36, 8, 38, 20, 10, 37, 3, 0, 22, 15, 51, 6, 14, 50,
                               46, 48, 39, 24)
    assert hand_results(r) == [
        ("knock", 1, 19), ("knock", 0, 22), ("knock", 0, 6), ("knock", 0, 4), ("knock", 1, 4),
        ("knock", 0, 28), ("knock", 1, 17), ("knock", 0, 20), ("knock", 1, 12), ("knock", 0, 8),
        ("knock", 0, 6), ("knock", 0, 27)]
    assert r.final.totals == (421, 152) and r.final.net == 269


def test_golden_king_vs_phyllis_seed_1():
    # Shark's golden game until the manual's Shark (2026-11-25): King plays it unchanged.
    r = play_game(PERSONALITIES["king"](seed=1), PERSONALITIES["phyllis"](seed=2), seed=1)
    assert hand_results(r) == [
        ("undercut", 0, 29), ("gin", 0, 28), ("undercut", 0, 28), ("undercut", 0, 31)]
    assert r.winner == 0 and r.final.totals == (532, 0)


def test_golden_shark_vs_phyllis_seed_1():
    # The manual's Shark: Phyllis's draw and discard, his knock on the score.
    r = play_game(PERSONALITIES["shark"](seed=1), PERSONALITIES["phyllis"](seed=2), seed=1)
    assert hand_results(r) == [
        ("knock", 1, 12), ("knock", 0, 17), ("knock", 0, 6), ("undercut", 1, 30),
        ("knock", 0, 17), ("gin", 1, 40), ("undercut", 0, 27), ("undercut", 1, 28)]
    assert r.winner == 1 and r.final.totals == (167, 310) and r.final.net == 143


def test_user_supplied_cards_with_empty_entries_deal_a_full_game():
    asked = []

    def ask(what, count):
        asked.append((what, count))
        return ""

    r = play_game(PERSONALITIES["willy"](), PERSONALITIES["mort"](), seed=4,
                  deck_source=UserSuppliedDecks(ask))
    assert asked[:6] == [("player 1's card for deal", 1), ("player 2's card for deal", 1),
                         ("the non-dealer's hand", 10), ("the dealer's hand", 10),
                         ("the first upcard", 1), ("the stock card", 1)]
    # the draw for deal's two, one prompt per hand's deal sections and one per card
    # drawn from the stock
    drawn = [sum(c >= 0 for c in d[21:]) for d in r.decks]
    assert len(asked) == 2 + 3 * len(r.decks) + sum(drawn)
    for d, n in zip(r.decks, drawn):      # the stock decided card by card, in order
        assert all(c >= 0 for c in d[:21 + n]) and all(c == -1 for c in d[21 + n:])
        assert len(set(d[:21 + n])) == 21 + n
