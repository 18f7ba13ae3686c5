"""cardgames.zone §11: the worked example round of the classic rules page, played through the public API.

Player 1 (seat 0) deals to three players under the preset ``classic``:
Player 2 (seat 1, left of the dealer) gets 14 cards and starts without
drawing, Player 3 (seat 2) and Player 1 get 13 each (cardgames.zone §4). The cards
the example does not name are chosen so that nobody can do more than the
example says; the rest of the deck is the stock.
"""

from __future__ import annotations

from typing import Final

from romme import (
    Discard,
    Draw,
    EndReason,
    LayDown,
    LayOff,
    Phase,
    Reason,
    TakeDiscard,
    apply,
    legal_actions,
    score_round,
)
from tests.scenarios._helpers import CLASSIC, Summary, hand, play, position, refusal, summary

# Player 1 (seat 0, the dealer): 9♥ 9♦ and the 2♠ of the example; no other meld.
PLAYER_1: Final = "9♥ 9♦ 2♠ 3♣ 5♣ 7♣ 10♣ 4♠ 6♠ 8♠ 5♥ 4♦ 6♦"
# Player 2 (seat 1): K♣, A♥ A♦, 4♦, and the 10♦ 5♠ he still holds at the end; no meld.
PLAYER_2: Final = "K♣ A♥ A♦ 10♦ 5♠ 4♦ 7♣ 9♠ J♠ 2♥ 6♥ 8♦ Q♦ 3♠"
# Player 3 (seat 2): J♣ Q♣ and the 3♥ he discards.
PLAYER_3: Final = "J♣ Q♣ 3♥ 5♦ 7♦ 9♣ 10♠ Q♠ K♥ 8♥ 6♣ 3♦ 10♥"


def _deal() -> Summary:
    return Summary.of(
        hands=(PLAYER_1, PLAYER_2, PLAYER_3),
        opened=(False, False, False),
        current_player=1,
        phase=Phase.PLAY,
    )


def test_s000_s11_example_round_first_go_round() -> None:
    """cardgames.zone §11: the example's first four turns (K♣ taken for J♣ Q♣ K♣, 9♥ 9♦ JK too little, aces)."""
    state = position(
        CLASSIC,
        hands=(PLAYER_1, PLAYER_2, PLAYER_3),
        stock_top="A♠ JK",  # Player 1 draws the joker, then Player 2 the A♠.
        current_player=1,
        dealer=0,
        phase=Phase.PLAY,  # cardgames.zone §4: the first player does not draw.
    )
    assert _deal() == summary(state)
    assert (13, 14, 13) == state.hand_sizes()

    # Player 2 cannot come out yet: his only legal actions are discards.
    assert {Discard(card) for card in hand(PLAYER_2)} == set(legal_actions(state))
    state = apply(state, Discard("K♣"))
    assert Summary.of(
        hands=(PLAYER_1, "A♥ A♦ 10♦ 5♠ 4♦ 7♣ 9♠ J♠ 2♥ 6♥ 8♦ Q♦ 3♠", PLAYER_3),
        discard_pile="K♣",
        opened=(False, False, False),
        current_player=2,
        phase=Phase.DRAW,
    ) == summary(state)

    # Player 3 takes the K♣ for J♣ Q♣ K♣ (30): one action, and he has opened.
    state = apply(state, TakeDiscard(LayDown("J♣ Q♣ K♣")))
    assert Summary.of(
        hands=(
            PLAYER_1,
            "A♥ A♦ 10♦ 5♠ 4♦ 7♣ 9♠ J♠ 2♥ 6♥ 8♦ Q♦ 3♠",
            "3♥ 5♦ 7♦ 9♣ 10♠ Q♠ K♥ 8♥ 6♣ 3♦ 10♥",
        ),
        table=(("J♣ Q♣ K♣", 2, False),),
        opened=(False, False, True),
        current_player=2,
        phase=Phase.PLAY,
    ) == summary(state)
    state = apply(state, Discard("3♥"))

    # Player 1 draws a joker; 9♥ 9♦ JK is worth 27 < 30, so he cannot come out.
    state = apply(state, Draw())
    assert hand(PLAYER_1 + " JK") == state.hand
    assert Reason.OPENING_BELOW_THRESHOLD == refusal(state, LayDown("9♥ 9♦ JK"))
    assert {Discard(card) for card in hand(PLAYER_1 + " JK")} == set(legal_actions(state))
    assert not any(isinstance(action, LayDown) for action in legal_actions(state))
    state = apply(state, Discard("2♠"))

    # Player 2 draws the A♠ and comes out with A♠ A♥ A♦ (33), then discards the 4♦.
    state = play(state, Draw(), LayDown("A♠ A♥ A♦"), Discard("4♦"))
    assert Summary.of(
        hands=(
            "9♥ 9♦ JK 3♣ 5♣ 7♣ 10♣ 4♠ 6♠ 8♠ 5♥ 4♦ 6♦",
            "10♦ 5♠ 7♣ 9♠ J♠ 2♥ 6♥ 8♦ Q♦ 3♠",
            "5♦ 7♦ 9♣ 10♠ Q♠ K♥ 8♥ 6♣ 3♦ 10♥",
        ),
        table=(("J♣ Q♣ K♣", 2, False), ("A♠ A♥ A♦", 1, False)),
        discard_pile="3♥ 2♠ 4♦",
        opened=(False, True, True),
        current_player=2,
        phase=Phase.DRAW,
    ) == summary(state)
    assert (33, 30) == tuple(entry.meld.value for entry in reversed(state.table))


def test_s000_s11_example_round_player_3_goes_out() -> None:
    """cardgames.zone §11: Player 3 draws 6♦, lays off A♣ onto J♣ Q♣ K♣, discards 6♦ and wins; 38, 15, 0."""
    state = position(
        CLASSIC,
        hands=("9♥ 9♦ JK", "10♦ 5♠", "A♣"),
        stock_top="6♦",
        discard="K♦ 3♥ 2♠ 4♦",
        table=(("J♣ Q♣ K♣", 2), ("A♠ A♥ A♦", 1), ("7♥ 8♥ 9♥ 10♥", 1), ("2♣ 2♠ 2♥", 2)),
        current_player=2,
        dealer=0,
    )
    assert (False, True, True) == state.opened

    state = apply(state, Draw())
    assert hand("A♣ 6♦") == state.hand
    state = apply(state, LayOff(0, "A♣"))
    assert ("J♣ Q♣ K♣ A♣", 2, False) == summary(state).table[0]
    assert hand("6♦") == state.hand
    state = apply(state, Discard("6♦"))

    assert Phase.ROUND_OVER == state.phase
    assert (hand("9♥ 9♦ JK"), hand("10♦ 5♠"), ()) == state.hands
    assert "K♦ 3♥ 2♠ 4♦ 6♦" == summary(state).discard_pile
    result = score_round(state)
    assert (38, 15, 0) == result.penalties
    assert 2 == result.winner
    assert not result.hand_romme
    assert EndReason.WENT_OUT == result.end
