"""The deal builds its state unchecked; the checked constructor accepts every deal (rules §2).

`new_game` builds the state of a new round with `GameState._of`, as `apply`
builds its states, skipping the constructor's checks of a deal it made
itself. These properties hold it to them: under random rules, seats,
dealers and seeds the constructor accepts the deal field by field and
builds an equal state, and the deal is what rules §2 says.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import ExtraCard, GameState, Phase, make_deck, new_game
from romme._turn.legal import stuck_problem
from romme.testing import rules as any_rules


@st.composite
def deals(draw: st.DrawFn) -> GameState:
    """`new_game` under random rules, with a number of seats they allow, a dealer and a seed."""
    rules = draw(any_rules())
    players = draw(st.integers(3 if rules.dealer_sits_out else 2, rules.max_players))
    dealer = draw(st.integers(0, players - 1))
    return new_game(rules, players, seed=draw(st.integers(0, 2**64)), dealer=dealer)


@settings(max_examples=min(60, settings().max_examples), deadline=None)
@given(state=deals())
def test_the_checked_constructor_accepts_every_deal_rules_2(state: GameState) -> None:
    """Rules §2: every deal passes the constructor's checks unchanged (the hands in card order, the cards the deck), and its player to act has a legal action."""
    fields = {field.name: getattr(state, field.name) for field in attrs.fields(GameState)}
    rebuilt = GameState(**fields)
    assert rebuilt == state
    assert rebuilt.hands == state.hands  # the constructor sorts a hand; the deal sorted it already
    assert stuck_problem(state) is None


@settings(max_examples=min(60, settings().max_examples), deadline=None)
@given(state=deals())
def test_a_deal_gives_each_seat_dealt_in_its_cards_rules_2(state: GameState) -> None:
    """Rules §2: `hand_size` cards to each seat dealt in (none to a dealer who sits out), the extra card to its seat, the upcard on the pile, the rest the stock; together the deck."""
    rules, players, dealer = state.rules, len(state.hands), state.dealer
    sizes = [
        0 if rules.dealer_sits_out and seat == dealer else rules.hand_size
        for seat in range(players)
    ]
    if rules.extra_card is ExtraCard.FIRST_PLAYER:
        sizes[state.current_player] += 1
    elif rules.extra_card is ExtraCard.DEALER:
        sizes[dealer] += 1
    if rules.joker_at_cut:
        assert sum(map(len, state.hands)) - sum(sizes) in (0, 1)  # the cut's joker, if turned up
    else:
        assert [len(hand) for hand in state.hands] == sizes
    assert len(state.discard_pile) == (1 if rules.upcard else 0)
    everything = Counter(state.stock) + Counter(state.discard_pile)
    for hand in state.hands:
        everything.update(hand)
    assert everything == Counter(make_deck(rules))
    assert (state.table, state.phase) == ((), Phase.DRAW if rules.first_turn_draws else Phase.PLAY)
