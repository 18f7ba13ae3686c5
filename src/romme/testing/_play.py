"""Strategies for play (private): positions reached by legal play, legal actions and near misses.

`romme.testing` re-exports the public strategies (their home, with the
documentation of the whole set). "rules §N" cites section N of the rules
page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Final, Literal, TypeAlias

import attrs
from hypothesis import strategies as st  # romme.testing says how to install it when missing

from romme import (
    Action,
    Buy,
    Consent,
    Discard,
    Draw,
    GameState,
    Knock,
    LayDown,
    LayOff,
    Pass,
    Phase,
    PlayerView,
    Reason,
    Refuse,
    Rules,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    apply,
    legal_actions,
    make_deck,
    new_game,
)
from romme._turn import only_discard_left
from romme.testing._values import MAX_SEED, PLAYABLE_SEATS, any_rules

__all__ = ["NearMiss", "NearMissKind", "actions", "near_miss_actions", "positions"]

# -- positions and actions -------------------------------------------------------------


def positions(
    rules: Rules | None = None,
    max_steps: int = 40,
    *,
    players: int | None = None,
    allow_over: bool = True,
) -> st.SearchStrategy[GameState]:
    """A position reached by legal play: a seeded `romme.new_game`, then random legal actions.

    The rules (from `rules()` if ``None``), the number of seats (2 to 4, 3
    or 4 when the dealer sits out), the seed, the dealer and the number of
    steps (0 to `max_steps`) are drawn, and each action is picked from
    `romme.legal_actions` by a hypothesis-controlled random, so failures
    shrink to short games. Each step costs a `romme.legal_actions` call
    (about 0.3–3 ms), so keep `max_steps` modest.

    Args:
        rules: The rules of the round.
        max_steps: The most actions played.
        players: The number of seats, instead of drawing it.
        allow_over: Whether the position may be a finished round; with
            ``False`` play stops before the action that would end it.

    >>> from hypothesis import given, settings
    >>> from romme import find_rules, legal_actions
    >>> @settings(max_examples=5, database=None, deadline=None)
    ... @given(state=positions(find_rules("classic"), max_steps=10, allow_over=False))
    ... def test_someone_can_act(state):
    ...     assert legal_actions(state)
    >>> test_someone_can_act()
    """
    if max_steps < 0:
        raise ValueError(f"max_steps must be 0 or more, not {max_steps}")
    return _positions(rules, max_steps, players, allow_over)


@st.composite
def _positions(
    draw: st.DrawFn, rules: Rules | None, max_steps: int, players: int | None, allow_over: bool
) -> GameState:
    chosen = draw(any_rules()) if rules is None else rules
    if players is None:
        fewest = 3 if chosen.dealer_sits_out else 2
        players = draw(st.integers(fewest, max(fewest, min(PLAYABLE_SEATS, chosen.max_players))))
    seed = draw(st.integers(0, MAX_SEED))
    dealer = draw(st.integers(0, players - 1))
    steps = draw(st.integers(0, max_steps))
    rng = draw(st.randoms(use_true_random=False))
    state = new_game(chosen, players, seed=seed, dealer=dealer)
    for _ in range(steps):
        if state.is_over:
            break
        after = apply(state, rng.choice(legal_actions(state)))
        if after.is_over and not allow_over:
            break
        state = after
    return state


def actions(position: GameState | PlayerView) -> st.SearchStrategy[Action]:
    """A legal action of the player to act: one of `romme.legal_actions` of `position`.

    Use with ``data.draw(actions(state))`` or ``positions(...).flatmap(actions)``.

    Raises:
        ValueError: If no action is legal (the round is over, or the view
            is not the one of the player to act).
    """
    legal = legal_actions(position)
    if not legal:
        raise ValueError(
            "no action is legal here: the round is over or the view is not the player's to act"
        )
    return st.sampled_from(legal)


NearMissKind: TypeAlias = Literal[
    "not_your_turn", "wrong_phase", "wrong_card", "wrong_meld", "round_over", "wrong_answer"
]
"""What makes a `NearMiss` illegal."""


@attrs.frozen
class NearMiss:
    """An action close to a legal one that the rules must refuse, and the seat that tries it.

    Pass it on as ``check(position, miss.action, player=miss.player)``.
    """

    action: Action
    """The action."""
    player: int | None
    """The seat that tries it; ``None`` for the player to act."""
    kind: NearMissKind
    """What is wrong: another seat acts, the action belongs to the other
    phase, a card is not in the hand, the table meld does not exist, or the
    round is over."""
    reasons: frozenset[Reason]
    """The `romme.Reason` values the refusal may give (the first rule broken
    decides; an unopened player, for instance, is refused a lay-off before
    the meld index is looked at)."""


_OPENING_FIRST: Final = frozenset(
    {Reason.NOT_OPENED, Reason.NOT_IN_OPENING_TURN, Reason.FIRST_GO_ROUND}
)  # checked before a lay-off's or swap's target and cards


def near_miss_actions(position: GameState | PlayerView) -> st.SearchStrategy[NearMiss]:
    """An action the rules refuse in `position`, close to a legal one (`NearMiss`).

    Four kinds of mistake: another seat tries a legal action (not your
    turn), an action of the other phase (drawing while playing, discarding
    before drawing), a card that is not in the hand (discarded, melded,
    laid off, swapped in), and a table meld that does not exist (an index
    past the end). In a finished round every action is refused.

    `position` is a state or the view of the player to act; for another
    seat's view every near miss is refused as not that seat's turn.

    >>> from hypothesis import given, settings
    >>> from romme import find_rules, is_legal, new_game
    >>> state = new_game(find_rules("drov"), 4, seed=3)
    >>> @settings(max_examples=20, database=None)
    ... @given(miss=near_miss_actions(state))
    ... def test_near_misses_are_refused(miss):
    ...     assert not is_legal(state, miss.action, player=miss.player)
    >>> test_near_misses_are_refused()
    """
    return _near_miss(position)


_ANSWERS: Final[tuple[Action, ...]] = (Knock(), Buy(), Pass(), Consent(), Refuse())
_ANSWER_REASONS: Final = frozenset(
    {Reason.CLAIM_NOT_PLAYED, Reason.CONSENT_PENDING, Reason.NO_PURCHASE}
)


@st.composite
def _claim_near_miss(draw: st.DrawFn, position: GameState | PlayerView) -> NearMiss:
    """A near miss in a claim window: another seat, a turn's action, or an answer not asked for (rules §13)."""
    legal = legal_actions(position)
    wrong = [answer for answer in _ANSWERS if answer not in legal]
    families: list[NearMissKind] = ["not_your_turn", "wrong_phase", "wrong_answer"]
    family = draw(st.sampled_from(families))
    if family == "not_your_turn":
        seat = draw(
            st.sampled_from([s for s in range(position.players) if s != position.current_player])
        )
        return NearMiss(
            draw(st.sampled_from(legal)), seat, family, frozenset({Reason.NOT_YOUR_TURN})
        )
    if family == "wrong_phase":
        hand = position.hand
        options: list[Action] = [Draw(), TakeDiscard(), TakeBack(), Discard(hand[0])]
        if len(hand) >= 3:
            options.append(LayDown(hand[:3]))
        return NearMiss(
            draw(st.sampled_from(options)), None, family, frozenset({Reason.WRONG_PHASE})
        )
    return NearMiss(draw(st.sampled_from(wrong)), None, family, _ANSWER_REASONS)


@st.composite
def _near_miss(draw: st.DrawFn, position: GameState | PlayerView) -> NearMiss:
    hand = position.hand
    deck = sorted(set(make_deck(position.rules)))
    anything: list[Action] = [Draw(), TakeDiscard(), TakeBack(), *(Discard(c) for c in deck)]
    if position.is_over:
        action: Action = draw(st.sampled_from(anything))
        return NearMiss(action, None, "round_over", frozenset({Reason.ROUND_OVER}))
    viewer = position.player if isinstance(position, PlayerView) else None
    if viewer is not None and viewer != position.current_player:
        action = draw(st.sampled_from(anything))
        return NearMiss(action, None, "not_your_turn", frozenset({Reason.NOT_YOUR_TURN}))
    if position.phase is Phase.CLAIM:
        return draw(_claim_near_miss(position))
    families: list[NearMissKind] = ["not_your_turn", "wrong_phase", "wrong_meld"]
    if position.phase is Phase.PLAY:
        families.append("wrong_card")
    family = draw(st.sampled_from(families))
    naturals = sorted({card for card in hand if not card.is_joker})
    if family == "not_your_turn":
        seat = draw(
            st.sampled_from([s for s in range(position.players) if s != position.current_player])
        )
        legal = legal_actions(position)
        action = draw(st.sampled_from(legal)) if legal else Draw()
        return NearMiss(action, seat, family, frozenset({Reason.NOT_YOUR_TURN}))
    if family == "wrong_phase":
        if position.phase is Phase.DRAW:
            options: list[Action] = [TakeBack(), *(Discard(c) for c in sorted(set(hand)))]
            # Under next_player_buys the player to draw may buy (rules §13).
            buys = position.rules.next_player_buys
            options += [a for a in _ANSWERS if not (buys and isinstance(a, Buy))]
            if len(hand) >= 3:
                options.append(LayDown(hand[:3]))
            if hand:
                options.append(LayOff(0, hand[:1]))
            options += [SwapJoker(0, card) for card in naturals[:2]]
        else:
            options = [Draw(), TakeDiscard(), *_ANSWERS]
            if len(hand) >= 2:
                options.append(TakeDiscard(LayDown((*hand[:2], hand[-1]))))
        action = draw(st.sampled_from(options))
        return NearMiss(action, None, family, frozenset({Reason.WRONG_PHASE}))
    tally = Counter(hand)
    absent = [card for card in deck if tally[card] == 0]
    # After a failed take only a discard ends the turn, and every other play is refused
    # for that before its cards or its table meld are looked at (DRoV Streitfall 1, 3).
    after_failed_take = (
        frozenset({Reason.TURN_ENDS_WITH_DISCARD}) if only_discard_left(position) else frozenset()
    )
    if family == "wrong_card":
        card = draw(st.sampled_from(absent))
        options = [Discard(card)]
        reasons = {Reason.CARD_NOT_IN_HAND} | after_failed_take
        if len(hand) >= 2:
            options.append(LayDown((*hand[:2], card)))
            reasons |= {Reason.FIRST_GO_ROUND}  # checked before a lay-down's cards
        if position.table:
            target = draw(st.integers(0, len(position.table) - 1))
            options.append(LayOff(target, (card,)))
            reasons |= _OPENING_FIRST
            absent_naturals = [c for c in absent if not c.is_joker]
            options.append(SwapJoker(target, draw(st.sampled_from(absent_naturals))))
            reasons |= {Reason.SWAP_NOT_ALLOWED}
        action = draw(st.sampled_from(options))
        return NearMiss(action, None, family, frozenset(reasons))
    # wrong_meld: a table meld index that does not exist.
    target = draw(st.integers(len(position.table), len(position.table) + 5))
    reasons = {Reason.NO_SUCH_MELD} | _OPENING_FIRST
    if position.phase is Phase.PLAY:
        options = [LayOff(target, hand[:1]), TakeFromTable(target, 0)]
        options += [SwapJoker(target, card) for card in naturals[:2]]
        # A take from the table is refused first once the turn has spent its takes (rules §13).
        reasons |= {
            Reason.SWAP_NOT_ALLOWED,
            Reason.REARRANGE_OFF,
            Reason.TABLE_TAKES_SPENT,
        } | after_failed_take
    else:
        # In the draw phase a lay-off comes only as the first use of the taken discard.
        top = position.discard_pile[-1] if position.discard_pile else hand[0]
        options = [TakeDiscard(LayOff(target, (top,)))]
        reasons |= {
            Reason.TAKE_IS_FREE,
            Reason.DISCARD_PILE_EMPTY,
            Reason.LAST_CARD_STOCK_ONLY,
        }
    action = draw(st.sampled_from(options))
    return NearMiss(action, None, family, frozenset(reasons))
