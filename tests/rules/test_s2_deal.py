"""Rules §2, deck, seats, deal: the hand sizes, the extra card, the upcard and the first draw of
every preset, the dealer who sits out, the first player, a deal reproducible from its seed.

Each test names the rule it pins and its source (rules §n, DRoV Nr. n, DRoV Streitfall n,
cardgames.zone §n, German Rummy page, house rules). Positions are set up from the cards the rule
needs (`tests.scenarios._helpers.position`); the expected hands, table, discard pile, phase, seat
to act and penalties are written out by hand. Unless a test says otherwise seat 0 acts, seat 1
holds ``K♥ 3♣`` (13 penalty points) and seat 2 holds ``A♦ 7♣ 8♣`` (26, or 30 with the German
Rummy page's ace at 15).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    PRESETS,
    Card,
    Discard,
    Draw,
    ExtraCard,
    FirstPlayer,
    GameState,
    Phase,
    Reason,
    Rules,
    apply,
    new_game,
)
from tests.scenarios._helpers import (
    CLASSIC,
    DROV,
    refusal,
)


def _natural(state: GameState) -> Card:
    """Return a natural card of the hand of the player to act (to end a turn in a test)."""
    return next(card for card in state.hand if not card.is_joker)


def _plain_turn(state: GameState) -> GameState:
    """Draw from the stock and discard a natural card."""
    state = apply(state, Draw())
    return apply(state, Discard(_natural(state)))


@pytest.mark.parametrize(
    ("name", "sizes", "upcards", "stock", "phase"),
    [
        # DRoV Nr. 2-3: the dealer (seat 0) sits out, 13 each, an upcard, everyone draws.
        ("drov", (0, 13, 13, 13), 1, 110 - 39 - 1, Phase.DRAW),
        # cardgames.zone §4: the first player gets 14, no upcard, the first player does not draw.
        ("classic", (13, 14, 13, 13), 0, 110 - 53, Phase.PLAY),
        ("cardgames-zone", (13, 14, 13, 13), 0, 110 - 53, Phase.PLAY),
        # German Rummy page: 13 each, an upcard.
        ("german-rummy", (13, 13, 13, 13), 1, 110 - 52 - 1, Phase.DRAW),
        # House rules: 13 each, an upcard, four jokers (108 cards).
        ("house", (13, 13, 13, 13), 1, 108 - 52 - 1, Phase.DRAW),
        # ASS and Schmidt leaflets: DRoV's deal with the dealer playing.
        ("ass", (13, 13, 13, 13), 1, 110 - 52 - 1, Phase.DRAW),
        ("schmidt", (13, 13, 13, 13), 1, 110 - 52 - 1, Phase.DRAW),
    ],
)
def test_deal_per_preset_RULES_2(
    name: str, sizes: tuple[int, ...], upcards: int, stock: int, phase: Phase
) -> None:
    """Rules §2 (DRoV Nr. 2-3, cardgames.zone §4, German Rummy page, house rules): hand sizes, extra card, upcard, first draw."""
    state = new_game(PRESETS[name], 4, seed=11, dealer=0)
    assert sizes == state.hand_sizes()
    assert upcards == len(state.discard_pile)
    assert stock == len(state.stock)
    assert 1 == state.current_player
    assert phase == state.phase
    assert (False, False, False, False) == state.opened
    assert () == state.table


def test_deal_dealer_sits_out_and_is_skipped_DRoV_Nr_2() -> None:
    """DRoV Nr. 2: under drov the dealer gets no cards and play passes over the dealer's seat."""
    state = new_game(DROV, 4, seed=5, dealer=2)
    assert (13, 13, 0, 13) == state.hand_sizes()
    assert (True, True, False, True) == state.dealt_in
    assert 3 == state.current_player
    seats = [state.current_player]
    for _ in range(4):
        state = _plain_turn(state)
        seats.append(state.current_player)
    assert [3, 0, 1, 3, 0] == seats
    assert 0 == state.hand_sizes()[2]


def test_deal_dealer_plays_under_default_rules_RULES_12() -> None:
    """Rules §12: Rules() is DRoV with the dealer playing: everyone gets 13 cards."""
    state = new_game(Rules(), 4, seed=5, dealer=2)
    assert (13, 13, 13, 13) == state.hand_sizes()
    assert (True, True, True, True) == state.dealt_in
    assert 3 == state.current_player


def test_deal_extra_card_to_the_dealer_RULES_2() -> None:
    """Rules §2: extra_card = dealer gives the dealer the 14th card; the player left of them starts."""
    rules = attrs.evolve(CLASSIC, extra_card=ExtraCard.DEALER)
    state = new_game(rules, 3, seed=5, dealer=1)
    assert (13, 14, 13) == state.hand_sizes()
    assert 2 == state.current_player


def test_deal_first_player_dealer_RULES_2() -> None:
    """Rules §2: first_player = dealer lets the dealer start (and get the first player's extra card)."""
    rules = attrs.evolve(CLASSIC, first_player=FirstPlayer.DEALER)
    state = new_game(rules, 3, seed=5, dealer=1)
    assert 1 == state.current_player
    assert (13, 14, 13) == state.hand_sizes()


def test_deal_first_turn_without_draw_cardgames_zone_4() -> None:
    """cardgames.zone §4: with first_turn_draws off the first player starts in the play phase and may not draw."""
    state = new_game(CLASSIC, 3, seed=5, dealer=0)
    assert Phase.PLAY == state.phase
    assert Reason.WRONG_PHASE == refusal(state, Draw())
    after = apply(state, Discard(_natural(state)))
    assert (13, 13, 13) == after.hand_sizes()
    assert 2 == after.current_player
    assert Phase.DRAW == after.phase


def test_deal_is_reproducible_from_the_seed_RULES_2() -> None:
    """Rules §2: the same seed gives the same deal; different seeds give different deals."""
    for rules in (DROV, CLASSIC):
        assert new_game(rules, 4, seed=2024) == new_game(rules, 4, seed=2024)
        assert new_game(rules, 4, seed=2024).hands != new_game(rules, 4, seed=2025).hands
    unseeded = new_game(CLASSIC, 3)
    assert unseeded == new_game(CLASSIC, 3, seed=unseeded.seed)
