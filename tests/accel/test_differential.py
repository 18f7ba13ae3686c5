"""The accelerator proved equal to the pure turn core, decision by decision (docs/maintainers.md, "The accelerator").

Random rounds under every preset and under random `Rules`
(`romme.testing.rules`: every field, claims and Räuber-Rommé included) are
played with random legal moves. At every decision the accelerator
(`romme._cturn`, the pure function wherever it answers ``NotImplemented``,
as `romme._turn.dispatch` does) and the pure core (`romme._turn.pure`) must
give the same `legal_actions` (the same moves in the same order, for the
state and for the acting player's view), the same verdict of `check` and
`is_legal` (legal, or the same `Reason`, message and seat) for every listed
action and for a near miss (`romme.testing.near_miss_actions`), and `apply`
the same next state (``==``, and the same packed hand kept for the seat
that goes on acting) or the same refusal. Each test counts the
decisions the C core answered itself, per function and per kind of move,
and fails if a function of its slices (the draw phase: `legal_actions`,
`check`, `is_legal`, `apply`; the discard: `check`, `is_legal`, `apply`;
the claim window: all four; the play phase of a seat that has opened: its
listing, of the state and of the view; a lay-off and a lay-down of such a
seat: `check`, `is_legal`, `apply`; a seat whose opening the C search
shows out of reach, or within reach, with melds staged or not: its
listing; a lay-down towards the opening with nothing staged, and a take
that lays the card down so, and with melds staged a lay-down and their
take-back: `check`, `is_legal`, `apply`; a joker swap of
a seat that has opened: `check`, `is_legal`, `apply`; the play phase under
Räuber-Rommé, with table cards held or not: its listing, the robs and the
take-back, and the lay-downs, lay-offs and joker swaps of a seat that has
opened while it holds table cards: `apply`; a card taken from the table,
by a seat that has opened or not: `check`, `is_legal`, `apply`, and `apply` of the take-back that restores
the table; the lay-downs towards the opening of one that has not:
`apply`) was never answered
where a slice applies. Under each preset whose opening C searches, every
such lay-down after which the turn goes on, staged or completing the
opening (with melds staged before or not), and every take-back of staged
melds but a taken card's, must have been applied by C; under each whose play phase of an
opened seat is C's, every joker swap after which the turn goes on; under
Räuber-Rommé, every lay-down, lay-off and joker swap of a seat that has
opened while it holds table cards, after which the turn goes on, and every
card taken from the table that C decides, every take-back that restores
the table, and every lay-down towards the opening of one that has not (table
cards held or not, a take's too) after which the turn goes on.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import hypothesis
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from romme import (
    PRESETS,
    Action,
    GameState,
    IllegalActionError,
    JokerDiscard,
    LayDown,
    LayOff,
    Phase,
    PlayerView,
    Rules,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeDiscardMode,
    TakeFromTable,
    find_rules,
    new_game,
    view,
)
from romme import testing as romme_testing
from romme._turn import pure
from romme._turn.position import kept_hand_key
from romme.cards import JOKER_CODE
from romme.melds import codes_in, count, field, pack_cards
from romme.melds._search.build import RANK_VALUES
from romme.melds._search.enumeration import options_in
from tests.conftest import examples

Outcome = tuple[Any, ...]


def _outcome(call: Callable[[], object]) -> Outcome:
    """What a call gives: its value, or the refusal's reason, message, seat and action."""
    try:
        return ("value", call())
    except IllegalActionError as error:
        return ("refused", error.reason, str(error), error.player, error.action)


def _beyond_the_bound(state: GameState) -> bool:
    """Whether the sound bound of C's `rm_opening_out_of_reach` cannot exclude the opening of the seat to act (rules §5).

    The cards of its hand (with the top discard in the draw phase) that
    some meld takes, each at its highest value (a joker an ace's), are
    worth what the opening misses with nothing staged: where C lists
    such a seat as out of reach, its opening search decided it.
    """
    cards = state.hands[state.current_player]
    if state.phase is Phase.DRAW:
        if not state.discard_pile:
            return False
        cards = (*cards, state.discard_pile[-1])
    key = pack_cards(cards)
    live = 0
    for option in options_in(key, state.rules):
        live |= option[0]
    worth = sum(
        count(key, code) * (RANK_VALUES[12] if code == JOKER_CODE else RANK_VALUES[code % 13])
        for code in codes_in(key)
        if live & field(code)
    )
    return worth >= state.rules.opening.shortfall(()).points


def _goes_on(state: GameState, after: GameState) -> bool:
    """Whether the seat that acted in `state` acts on in `after`, in its play phase."""
    return after.phase is Phase.PLAY and after.current_player == state.current_player


def _towards_the_opening(state: GameState, after: GameState) -> bool:
    """Whether a lay-down in `state` that made `after` was laid towards the opening with nothing staged before, and the turn goes on (rules §5)."""
    return (
        not state.opened[state.current_player]
        and not any(entry.staged for entry in state.table)
        and after.phase is Phase.PLAY
        and after.current_player == state.current_player
    )


def _staged_before(state: GameState, after: GameState) -> bool:
    """Whether a move in `state` that made `after` was made by a seat that has not opened, with melds staged towards its opening (rules §5), and the turn goes on."""
    return (
        not state.opened[state.current_player]
        and any(entry.staged for entry in state.table)
        and after.phase is Phase.PLAY
        and after.current_player == state.current_player
    )


def _unopened_kind(action: Action) -> str | None:
    """How a lay-down is counted by the seat that has not opened: "LayDown", "take" (the use of a take), or ``None`` for another move."""
    if isinstance(action, LayDown):
        return "LayDown"
    if isinstance(action, TakeDiscard) and isinstance(action.use, LayDown):
        return "take"
    return None


class Differ:
    """Asks the accelerator and the pure core the same questions, and counts who answered."""

    def __init__(self, cturn: ModuleType) -> None:
        self.cturn = cturn
        self.answered: Counter[str] = Counter()
        self.deferred: Counter[str] = Counter()
        self.occurred: Counter[str] = Counter()
        self.decisions = 0

    def _accelerated(
        self, name: str, *args: object, move: str | None = None
    ) -> tuple[bool, Outcome]:
        """The accelerator's answer to `name` (with the pure fallback), and whether C gave it.

        Counted by `name`, and with `move` (the action's class) by both.
        """
        function_name = name.split()[0]
        counted = (name,) if move is None else (name, f"{name} {move}")
        fallback = getattr(pure, function_name)
        function = getattr(self.cturn, function_name)
        first = _outcome(lambda: function(*args))
        if first == ("value", NotImplemented):
            self.deferred.update(counted)
            if function_name == "legal_actions":
                return False, _outcome(lambda: fallback(*args))
            return False, _outcome(lambda: fallback(*args[:2], player=args[2]))
        self.answered.update(counted)
        return True, first

    def legal_actions(self, position: GameState | PlayerView) -> tuple[Action, ...]:
        expected = _outcome(lambda: pure.legal_actions(position))
        if isinstance(position, GameState):
            by_c, got = self._accelerated("legal_actions", position, move=position.phase.value)
        else:
            by_c, got = self._accelerated(
                "legal_actions of a view", position, move=position.phase.value
            )
        assert expected == got, f"legal_actions differs (C answered: {by_c})"
        if _raeuber_opened_play(position):
            # Räuber-Rommé's play phase of a seat that has opened (rules §13): C's, every one
            self.occurred["Räuber opened play"] += 1
            self.answered["Räuber opened play"] += by_c
        if _raeuber_unopened_held(position):
            # a seat that has not opened holding table cards or with a table to restore
            # (rules §13, ASS S. 2–3): its lay-downs towards the opening, which counts them
            held = ["Räuber unopened play, table cards held"]
            if any(entry.staged for entry in position.table):
                held.append("Räuber unopened play, table cards held, staged")
            self.occurred.update(held)
            if by_c:
                self.answered.update(held)
                self.answered.update(
                    "listed Räuber unopened LayDown, table cards held"
                    for move in expected[1]
                    if isinstance(move, LayDown)
                )
        if by_c and position.phase is Phase.PLAY:  # the kinds of move C listed itself
            self.answered.update(f"listed {type(move).__name__}" for move in expected[1])
            if position.rules.rearrange:
                # Räuber-Rommé (rules §13): the robs, and the turn with table cards held
                self.answered["listed Räuber play"] += 1
                if position.turn.borrowed:
                    self.answered["listed Räuber play, table cards held"] += 1
                if position.turn.before is not None:  # the take-back restores the table
                    self.answered.update(
                        "listed Räuber TakeBack"
                        for move in expected[1]
                        if isinstance(move, TakeBack)
                    )
        if by_c and position.phase is Phase.DRAW:  # the takes that use the card (rules §4)
            self.answered.update(
                f"listed take {type(move.use).__name__}"
                for move in expected[1]
                if isinstance(move, TakeDiscard) and move.use is not None
            )
        if (
            by_c
            and position.phase in (Phase.DRAW, Phase.PLAY)
            and not position.opened[position.current_player]
        ):
            # a seat that has not opened, its opening out of reach (rules §5), or its
            # lay-downs towards the opening, allowed by the opening search
            self.answered[f"listed unopened {position.phase.value}"] += 1
            self.answered.update(
                f"listed unopened {type(move).__name__}"
                for move in expected[1]
                if isinstance(move, LayDown)
            )
            self.answered.update(  # the takes towards the opening (immediate_use)
                f"listed unopened take {type(move.use).__name__}"
                for move in expected[1]
                if isinstance(move, TakeDiscard) and move.use is not None
            )
            if not _points_only(position.rules):
                # an opening that needs a run or one meld alone (rules §5)
                self.answered.update(
                    "listed unopened LayDown, a run or one meld"
                    for move in expected[1]
                    if isinstance(move, LayDown)
                    or (isinstance(move, TakeDiscard) and move.use is not None)
                )
            if position.phase is Phase.PLAY and any(entry.staged for entry in position.table):
                # melds staged towards the opening (rules §5): the take-back and the
                # lay-downs that complete it or leave it within reach
                self.answered["listed staged play"] += 1
                self.answered.update(f"listed staged {type(move).__name__}" for move in expected[1])
            if (
                isinstance(position, GameState)
                and (position.phase is Phase.PLAY or not _free_takes(position.rules))
                and _beyond_the_bound(position)
            ):
                # the opening search's verdict, where the bound could not tell: out of
                # reach, or within reach with the lay-downs it allows
                self.answered[f"listed unopened {position.phase.value} by the search"] += 1
        return expected[1]  # type: ignore[no-any-return]

    def verdicts(self, state: GameState, action: Action, player: int | None) -> None:
        for name in ("check", "is_legal"):
            expected = _outcome(
                lambda name=name: getattr(pure, name)(state, action, player=player)  # type: ignore[misc]
            )
            by_c, got = self._accelerated(name, state, action, player, move=type(action).__name__)
            assert expected == got, f"{name}({action}, player={player}) differs (C: {by_c})"
            self._count_take(name, action, by_c)
            self._count_unopened(name, state, action, by_c)

    def apply(self, state: GameState, action: Action, player: int | None) -> Outcome:
        expected = _outcome(lambda: pure.apply(state, action, player=player))
        by_c, got = self._accelerated("apply", state, action, player, move=type(action).__name__)
        assert expected == got, f"apply({action}, player={player}) differs (C: {by_c})"
        self._count_take("apply", action, by_c)
        if (
            isinstance(action, SwapJoker)
            and expected[0] == "value"
            and _goes_on(state, expected[1])
            and _opened_play(state.rules)
        ):
            # a joker swap after which the turn goes on (rules §6): C's where it lists swaps
            self.occurred["applied swap"] += 1
            self.answered["applied swap"] += by_c
        if (
            isinstance(action, LayDown | LayOff | SwapJoker)
            and state.turn.borrowed
            and expected[0] == "value"
            and _goes_on(state, expected[1])
            and _raeuber_opened_play(state)
        ):
            # Räuber-Rommé (rules §13, ASS S. 2–3): a lay-down, lay-off or joker swap by a seat
            # that has opened while it holds table cards, after which the turn goes on: C's,
            # every one
            held = f"apply Räuber {type(action).__name__}, table cards held"
            self.occurred[held] += 1
            self.answered[held] += by_c
        kind = _unopened_kind(action)
        if (
            kind is not None
            and expected[0] == "value"
            and _raeuber_unopened_laid(state, expected[1])
        ):
            # Räuber-Rommé (rules §13, ASS S. 2–3): a lay-down towards the opening by a seat
            # that has not opened, table cards held or a table to restore or neither, after
            # which the turn goes on: C's, every one
            applied = [f"apply Räuber unopened {kind}"]
            if state.turn.borrowed:
                applied.append(f"apply Räuber unopened {kind}, table cards held")
            if expected[1].opened[state.current_player]:
                applied.append(f"apply Räuber unopened {kind} opening")
            self.occurred.update(applied)
            if by_c:
                self.answered.update(applied)
        if kind is not None and expected[0] == "value" and _towards_the_opening(state, expected[1]):
            # a lay-down towards the opening (rules §5), staged or completing it
            applied = [f"apply unopened {kind}"]
            if expected[1].opened[state.current_player]:
                applied.append(f"apply unopened {kind} opening")
            self.occurred.update(applied)
            if by_c:
                self.answered.update(applied)
        if (
            isinstance(action, LayDown | TakeBack)
            and expected[0] == "value"
            and _staged_before(state, expected[1])
            and (isinstance(action, LayDown) or not state.turn.taken_staged)
        ):
            # with melds staged towards the opening (rules §5): a lay-down, staged too or
            # completing the opening, or their take-back, the taken card not staged with them
            applied = [f"apply staged {type(action).__name__}"]
            if expected[1].opened[state.current_player]:
                applied.append("apply staged LayDown opening")
            self.occurred.update(applied)
            if by_c:
                self.answered.update(applied)
        if isinstance(action, TakeFromTable) and expected[0] == "value" and _c_takes(state):
            # a card taken from the table (rules §13, ASS S. 2–3), by a seat that has opened
            # or not: C's wherever it is legal
            opened = "opened" if state.opened[state.current_player] else "unopened"
            applied = ["apply Räuber TakeFromTable", f"apply Räuber TakeFromTable {opened}"]
            self.occurred.update(applied)
            if by_c:
                self.answered.update(applied)
        if isinstance(action, TakeBack) and expected[0] == "value" and state.turn.before:
            # the take-back that restores the table (rules §13, ASS S. 2–3), by a seat that
            # has opened or not: C's, every one
            opened = "opened" if state.opened[state.current_player] else "unopened"
            applied = ["apply Räuber TakeBack", f"apply Räuber TakeBack {opened}"]
            self.occurred.update(applied)
            if by_c:
                self.answered.update(applied)
        if expected[0] == "value":  # the packed hand the new state keeps (`keep_hand_key`)
            assert kept_hand_key(expected[1]) == kept_hand_key(got[1]), f"{action}'s kept key"
        return expected

    def _count_take(self, name: str, action: Action, by_c: bool) -> None:
        """Count, as `name` "take", a take that uses the card (rules §4) that C answered."""
        if by_c and isinstance(action, TakeDiscard) and action.use is not None:
            self.answered[f"{name} take"] += 1

    def _count_unopened(self, name: str, state: GameState, action: Action, by_c: bool) -> None:
        """Count, as `name` "unopened LayDown" or "unopened take", a lay-down by a seat that has not opened (rules §5), or a take that uses the card so (rules §4), that C answered."""
        kind = _unopened_kind(action)
        if by_c and kind is not None and not state.opened[state.current_player]:
            staged = any(entry.staged for entry in state.table)
            self.answered[f"{name} {'staged' if staged else 'unopened'} {kind}"] += 1

    def decide(
        self, state: GameState, data: st.DataObject | None, rng: random.Random, every: bool
    ) -> GameState:
        """Compare the questions at this decision, and play a random legal move.

        With `every`, the verdicts of every listed move; else of the move played.
        """
        self.decisions += 1
        moves = self.legal_actions(state)
        self.legal_actions(view(state, state.current_player))
        chosen = rng.choice(moves)
        for move in moves if every else (chosen,):
            self.verdicts(state, move, None)
        if data is not None:
            miss = data.draw(romme_testing.near_miss_actions(state), label="near miss")
            self.verdicts(state, miss.action, miss.player)
            self.apply(state, miss.action, miss.player)
        outcome = self.apply(state, chosen, None)
        assert outcome[0] == "value", f"{chosen} is listed but apply refuses it"
        return outcome[1]  # type: ignore[no-any-return]

    def play(
        self,
        rules: Rules,
        players: int,
        seed: int,
        rng: random.Random,
        data: st.DataObject | None = None,
        max_steps: int = 400,
        every: bool = True,
    ) -> None:
        state = new_game(rules, players, seed=seed, dealer=rng.randrange(players))
        for _ in range(max_steps):
            if state.is_over:
                return
            state = self.decide(state, data, rng, every)

    def unanswered(self, slices: tuple[str, ...] = ()) -> list[str]:
        """The functions of the draw phase's slice, and of `slices` (from `_DISCARD_SLICE`), that C never answered itself."""
        return [name for name in (*_SLICE_FUNCTIONS, *slices) if not self.answered[name]]

    def unanswered_of(self, names: tuple[str, ...]) -> list[str]:
        """The functions and kinds of move of `names` that C never answered itself."""
        return [name for name in names if not self.answered[name]]

    def report(self, what: str) -> str:
        return (
            f"{what}: {self.decisions} decisions, C answered {dict(self.answered)}, "
            f"deferred {dict(self.deferred)}, occurred {dict(self.occurred)}"
        )


_SLICE_FUNCTIONS = ("legal_actions", "check", "is_legal", "apply")
"""The functions the C core's draw-phase slice answers."""
_DISCARD_SLICE = ("check Discard", "is_legal Discard", "apply Discard")
"""The functions the C core's discard slice answers, with the kind of move counted."""
_CLAIM_SLICE = (
    "legal_actions claim",
    "legal_actions of a view claim",
    "check Pass",
    "is_legal Pass",
    "apply Pass",
)
"""The functions the C core's claim window answers (the listing counted by phase)."""
_PLAY_SLICE = (
    "legal_actions play",
    "legal_actions of a view play",
    "listed Discard",
    "listed LayDown",
    "listed LayOff",
    "listed SwapJoker",
    "listed unopened play",
    "listed take LayDown",
    "listed take LayOff",
)
"""The play phase of a seat that has opened: its listing, of the state and of the view, and the kinds of move C listed in it; a seat whose opening is out of reach; the takes of an opened seat under ``immediate_use``."""
_LAYING_SLICE = (
    "check LayOff",
    "is_legal LayOff",
    "apply LayOff",
    "check LayDown",
    "is_legal LayDown",
    "apply LayDown",
)
"""A lay-off and a lay-down by a seat that has opened: their verdicts and next states, answered by C."""


_OPENING_SEARCH = (
    "listed unopened play by the search",
    "listed unopened draw by the search",
    "listed unopened LayDown",
    "listed unopened take LayDown",
    "listed staged play",
    "listed staged TakeBack",
    "listed staged LayDown",
)
"""A seat that has not opened whose opening C's search shows out of reach where the bound cannot (rules §5): its discards, and under ``immediate_use`` its draw phase without a take; the lay-downs C lists of one within reach, and its takes under ``immediate_use``; and the play phase of one with melds staged: their take-back and the lay-downs towards the opening."""


_RAEUBER_SLICE = (
    "listed Räuber play",
    "listed Räuber play, table cards held",
    "listed TakeFromTable",
    "listed Räuber TakeBack",
    "apply Räuber LayDown, table cards held",
    "apply Räuber LayOff, table cards held",
    "apply Räuber SwapJoker, table cards held",
)
"""The play phase under Räuber-Rommé (rules §13, ASS S. 2–3) of a seat that has opened, with table cards held or not, or of one that has not before it took any: the cards taken from the table and the take-back, listed by C; and the lay-downs, lay-offs and joker swaps of a seat that has opened while it holds table cards, applied by C."""
_RAEUBER_APPLIED = (
    "apply Räuber LayDown, table cards held",
    "apply Räuber LayOff, table cards held",
    "apply Räuber SwapJoker, table cards held",
)
"""The lay-downs, lay-offs and joker swaps of a seat that has opened while it holds table cards (rules §13), where the turn goes on: applied by C wherever they occur."""


def _raeuber_applied_by_python(differ: Differ) -> list[str]:
    """The kinds of `_RAEUBER_APPLIED` that the Python core applied at least once (none should be)."""
    return [name for name in _RAEUBER_APPLIED if differ.answered[name] < differ.occurred[name]]


_RAEUBER_TAKES = (
    "check TakeFromTable",
    "is_legal TakeFromTable",
    "apply Räuber TakeFromTable opened",
    "apply Räuber TakeFromTable unopened",
    "apply Räuber TakeBack opened",
    "apply Räuber TakeBack unopened",
)
"""A card taken from the table (rules §13, ASS S. 2–3) by a seat that has opened and by one that has not: its verdicts and its next state, and the take-back that restores the table, answered by C."""


def _c_takes(state: GameState) -> bool:
    """Whether C decides a card taken from the table in `state`: every one but a take by a seat that has not opened after a take of the discard that may have failed (DRoV Streitfall 1, 3), whose verdict C leaves to Python."""
    turn = state.turn
    return state.opened[state.current_player] or not (
        turn.taken is not None and not turn.taken_in_hand and not turn.taken_staged
    )


def _every_take_in_c(differ: Differ) -> bool:
    """Whether C applied every card taken from the table that it decides, and every take-back that restores the table (rules §13)."""
    return all(
        differ.answered[name] == differ.occurred[name]
        for name in ("apply Räuber TakeFromTable", "apply Räuber TakeBack")
    )


_OPENING_LAYING = ("check unopened LayDown", "is_legal unopened LayDown")
"""A lay-down towards the opening by a seat that has not opened, nothing staged (rules §5): its verdicts answered by C."""
_OPENING_TAKES = ("check unopened take", "is_legal unopened take")
"""A take under ``immediate_use`` whose use lays the card down towards the opening (rules §4, §5): its verdicts answered by C."""
_OPENING_APPLIED = (
    "apply unopened LayDown",
    "apply unopened LayDown opening",
    "apply unopened take",
    "apply unopened take opening",
)
"""The next states of both with nothing staged before, where the turn goes on: staged, or completing the opening, applied by C."""
_STAGED_LAYING = (
    "check staged LayDown",
    "is_legal staged LayDown",
    "check TakeBack",
    "is_legal TakeBack",
)
"""With melds staged towards the opening (rules §5): the verdicts of a lay-down and of their take-back, answered by C."""
_STAGED_APPLIED = ("apply staged LayDown", "apply staged LayDown opening", "apply staged TakeBack")
"""Their next states where the turn goes on: the meld staged too, or completing the opening, and the melds taken back (the taken card not staged with them), applied by C."""


_SWAP_SLICE = ("check SwapJoker", "is_legal SwapJoker", "apply SwapJoker")
"""A joker swap by a seat that has opened (rules §6), where C lists swaps: its verdicts and, where the turn goes on, its next state, answered by C."""


def _raeuber_opened_play(position: GameState | PlayerView) -> bool:
    """Whether `position` is the play phase of a seat that has opened under Räuber-Rommé (rules §13), table cards held or not, outside what C leaves to Python: announced jokers (Schmidt S. 3), the first go-round (ASS S. 1), a turn bound to go out (DRoV Nr. 10)."""
    rules = position.rules
    return (
        rules.rearrange
        and position.phase is Phase.PLAY
        and position.opened[position.current_player]
        and (isinstance(position, GameState) or position.player == position.current_player)
        and not rules.announced_jokers
        and not (
            rules.no_melds_first_go_round
            and position.turn.number < rules.players_dealt_in(len(position.opened))
        )
        and not position.turn.to_go_out
    )


def _raeuber_unopened_held(position: GameState | PlayerView) -> bool:
    """Whether `position` is the play phase of a seat that has not opened under Räuber-Rommé (rules §13) that holds table cards or has a table to restore (`TurnState.borrowed`, `TurnState.before`), with melds staged or not."""
    return (
        position.rules.rearrange
        and position.phase is Phase.PLAY
        and not position.opened[position.current_player]
        and (isinstance(position, GameState) or position.player == position.current_player)
        and (bool(position.turn.borrowed) or position.turn.before is not None)
    )


def _raeuber_unopened_laid(state: GameState, after: GameState) -> bool:
    """Whether a lay-down (or a take that lays the card down) in `state` that made `after` was laid towards the opening under Räuber-Rommé (rules §5, §13) where C applies it: in the positions whose play phase (or takes) C lists, nothing staged under an opening that sums melds and needs no run, or melds staged under any, and the turn goes on."""
    rules = state.rules
    turn = state.turn
    staged = any(entry.staged for entry in state.table)
    return (
        rules.rearrange
        and not state.opened[state.current_player]
        and not rules.announced_jokers
        and not (
            rules.no_melds_first_go_round
            and turn.number < rules.players_dealt_in(len(state.opened))
        )
        and not turn.to_go_out
        # a taken card returned (a take that may have failed): the Python core's
        and not (
            not rules.rearrange_needs_opened
            and turn.taken is not None
            and not turn.taken_in_hand
            and not turn.taken_staged
        )
        and (state.phase is Phase.PLAY or not staged)
        and (staged or _points_only(rules))
        and _goes_on(state, after)
    )


_RAEUBER_UNOPENED_APPLIED = (
    "apply Räuber unopened LayDown",
    "apply Räuber unopened LayDown, table cards held",
    "apply Räuber unopened LayDown opening",
    "apply Räuber unopened take",
)
"""The lay-downs towards the opening by a seat that has not opened under Räuber-Rommé (rules §5, §13, ASS S. 2–3), alone or a take's use, with table cards held or not, staged or completing the opening, where the turn goes on: applied by C wherever they occur."""


def _raeuber_unopened_by_python(differ: Differ) -> list[str]:
    """The kinds of `_RAEUBER_UNOPENED_APPLIED` (a take's opening too) that the Python core applied at least once (none should be)."""
    names = (*_RAEUBER_UNOPENED_APPLIED, "apply Räuber unopened take opening")
    return [name for name in names if differ.answered[name] < differ.occurred[name]]


_RAEUBER_UNOPENED = (
    "Räuber unopened play, table cards held",
    "Räuber unopened play, table cards held, staged",
    "listed Räuber unopened LayDown, table cards held",
)
"""The play phase under Räuber-Rommé of a seat that has not opened, holding table cards or with a table to restore (rules §13, ASS S. 2–3): listed by C, with melds staged too, and its lay-downs towards the opening."""


def _held_but_not_listed(differ: Differ) -> int:
    """How many positions of `_raeuber_unopened_held` the C core left to Python (the report's count)."""
    name = _RAEUBER_UNOPENED[0]
    return differ.occurred[name] - differ.answered[name]


def _every_application_in_c(differ: Differ) -> list[str]:
    """The kinds of `_OPENING_APPLIED` and `_STAGED_APPLIED` that the Python core applied at least once (none should be)."""
    return [
        name
        for name in (*_OPENING_APPLIED, *_STAGED_APPLIED)
        if differ.answered[name] < differ.occurred[name]
    ]


def _opened_play(rules: Rules) -> bool:
    """Whether the play phase of a seat that has opened is the C core's slice: no Räuber-Rommé (rules §13), no announced jokers (Schmidt S. 3)."""
    return not rules.rearrange and not rules.announced_jokers


def _opening_searched(rules: Rules) -> bool:
    """Whether the play phase of a seat within reach of its opening is the C core's: under any opening (rules §5), where the play phase is (`_opened_play`)."""
    return _opened_play(rules)


def _points_only(rules: Rules) -> bool:
    """Whether the opening sums melds and needs no run (rules §5): no run to lay, no meld alone."""
    opening = rules.opening
    return opening.sums_melds and not opening.requires_run


def _free_takes(rules: Rules) -> bool:
    """Whether the draw phase's moves are the C core's slice (rules §4: ``take_discard=free``)."""
    return rules.take_discard is TakeDiscardMode.FREE


@pytest.mark.long
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_the_same_on_both_cores(preset: str, cturn: ModuleType) -> None:
    """Issue 34, point 3 (every preset): random rounds give the same moves, verdicts and states on both cores.

    Under every preset the C core checks and applies a discard that ends
    the turn (rules §4), in every round; where claims are played (rules
    §13) it lists, checks and applies the claim window's answers. Under a preset whose top discard is
    taken freely (rules §4) it answers the draw phase's `legal_actions` itself, at some decision of
    every round, and `check`, `is_legal` and `apply` of its moves; under
    the others `check`, `is_legal` and `apply` of the draw, a claim window
    opening or not (rules §13).
    """
    rules = find_rules(preset)
    differ = Differ(cturn)
    rng = random.Random(f"differential {preset}")
    rounds = examples(2, 6)
    for _ in range(rounds):
        players = rng.randint(3 if rules.dealer_sits_out else 2, min(4, rules.max_players))
        differ.play(rules, players, rng.randrange(2**32), rng)
    print(differ.report(preset))
    # A discard that simply ends the turn (rules §4) is C's under every preset.
    assert not differ.unanswered_of(_DISCARD_SLICE), differ.report(preset)
    assert differ.answered["apply Discard"] >= rounds, differ.report(preset)
    if rules.claims_played:  # rules §13: the claim window's answers are C's
        assert not differ.unanswered_of(_CLAIM_SLICE), differ.report(preset)
        assert differ.answered["legal_actions claim"] >= rounds, differ.report(preset)
    if _opened_play(rules):  # the play phase of a seat that has opened is C's
        assert not differ.unanswered_of(_PLAY_SLICE[:2]), differ.report(preset)
        assert differ.answered["listed LayDown"], differ.report(preset)
        # a lay-off and a lay-down of an opened seat (rules §4, §6): checked and applied by C
        assert not differ.unanswered_of(_LAYING_SLICE), differ.report(preset)
        # a joker swap (rules §6): checked by C, and applied by C wherever the turn goes on
        assert not differ.unanswered_of(_SWAP_SLICE[:2]), differ.report(preset)
        assert differ.answered["applied swap"] == differ.occurred["applied swap"], differ.report(
            preset
        )
    if _opening_searched(rules):  # the lay-downs of a seat within reach of its opening
        assert differ.answered["listed unopened LayDown"], differ.report(preset)
        # checked by C; applied by C wherever the turn goes on, staged or completing the
        # opening (rules §5), a take's too (rules §4)
        assert all(differ.answered[name] for name in _OPENING_LAYING), differ.report(preset)
        assert not _every_application_in_c(differ), differ.report(preset)
        # and, with melds staged towards it (rules §5), their take-back and the lay-downs:
        # listed by C, and applied by C (above) wherever they occur and the turn goes on
        for name in ("listed staged play", "listed staged TakeBack", "listed staged LayDown"):
            assert differ.answered[name], differ.report(preset)
    if rules.rearrange:  # Räuber-Rommé's play phase (rules §13), table cards held or not
        assert not differ.unanswered_of(_RAEUBER_SLICE), differ.report(preset)
        assert differ.answered["Räuber opened play"] == differ.occurred["Räuber opened play"], (
            differ.report(preset)
        )
        # a seat that has not opened holding table cards (ASS S. 2–3), with melds staged or
        # not: listed by C, every one under the presets
        assert not differ.unanswered_of(_RAEUBER_UNOPENED), differ.report(preset)
        assert not _held_but_not_listed(differ), differ.report(preset)
        # its lay-downs, lay-offs and swaps while table cards are held: applied by C, each one
        assert not _raeuber_applied_by_python(differ), differ.report(preset)
        # a card taken from the table, by a seat that has opened or not: checked and
        # applied by C, every one
        assert not differ.unanswered_of(_RAEUBER_TAKES), differ.report(preset)
        assert _every_take_in_c(differ), differ.report(preset)
        # the lay-downs towards the opening of a seat that has not opened (rules §5), table
        # cards held or not, staged or completing it, a take's too: applied by C, each one
        assert all(differ.answered[name] for name in _RAEUBER_UNOPENED_APPLIED), differ.report(
            preset
        )
        assert not _raeuber_unopened_by_python(differ), differ.report(preset)
    if _free_takes(rules):
        assert differ.answered["legal_actions"] >= rounds
        assert differ.answered["legal_actions of a view draw"] >= rounds, differ.report(preset)
        assert not differ.unanswered(), differ.report(preset)
    else:
        # The moves are listed by Python (a take lays the card down), but the draw
        # itself is C's: checked and applied, a claim window opening or not.
        for name in ("check Draw", "is_legal Draw", "apply Draw"):
            assert differ.answered[name] >= rounds, differ.report(preset)
        # A seat that has not opened, where no lay-down can hold the top discard (rules §5),
        # its opening search's verdict among them, and the takes of one that has, which
        # lay the card down or off (rules §4).
        assert differ.answered["listed unopened draw"], differ.report(preset)
        assert differ.answered["listed unopened draw by the search"], differ.report(preset)
        # the takes towards an opening within reach (rules §4, §5), listed by the search
        assert differ.answered["listed unopened take LayDown"], differ.report(preset)
        assert differ.answered["listed take LayOff"], differ.report(preset)
        if _opened_play(rules):  # and their verdicts and next states (rules §4)
            for name in ("check take", "is_legal take", "apply take"):
                assert differ.answered[name], differ.report(preset)
        if _opening_searched(rules):  # a take laid down towards the opening (rules §4, §5)
            assert all(differ.answered[name] for name in _OPENING_TAKES), differ.report(preset)


def _slice_variants() -> dict[str, Rules]:
    """Rules that send the C core's slice down each of its branches (rules §4, §13)."""
    free = find_rules("german-rummy")
    return {
        "ass-kaufen with a free take (the next player's purchase listed)": attrs.evolve(
            find_rules("ass-kaufen"), take_discard=TakeDiscardMode.FREE, next_player_buys=True
        ),
        "german-rummy, the taken card may go back": attrs.evolve(free, rediscard_taken=True),
        "german-rummy, one card left draws from the stock": attrs.evolve(
            free, last_card_stock_only=True
        ),
        "german-rummy, a joker goes only as the last card": attrs.evolve(
            free, joker_discard=JokerDiscard.LAST_CARD_ONLY
        ),
        "german-rummy without joker swaps (the play phase of an opened seat in C)": attrs.evolve(
            free, joker_swap=False
        ),
        "german-rummy, melding may empty the hand (no last discard)": attrs.evolve(
            free, discard_to_go_out=False
        ),
        "german-rummy, an opening with a run (cardgames.zone §10)": attrs.evolve(
            free, opening_requires_run=True
        ),
        "german-rummy, an opening of one meld alone": attrs.evolve(free, opening_sums_melds=False),
        "classic, an opening of one meld alone with a run": attrs.evolve(
            find_rules("classic"), opening_sums_melds=False, opening_requires_run=True
        ),
    }


@pytest.mark.long
@pytest.mark.parametrize("variant", sorted(_slice_variants()))
def test_the_slices_branches_play_the_same_on_both_cores(variant: str, cturn: ModuleType) -> None:
    """Issue 34, point 4: under rules that take the C core's slice down each branch (the purchase, rules §13; the taken card's and the joker's discard, the one-card rule, rules §4; no joker swap, rules §6; melding the last card, DRoV Streitfall 7; an opening that needs a run or one meld alone, rules §5) both cores agree, and C answers."""
    rules = _slice_variants()[variant]
    differ = Differ(cturn)
    rng = random.Random(f"differential {variant}")
    for _ in range(examples(2, 6)):
        differ.play(rules, rng.randint(2, 4), rng.randrange(2**32), rng)
    print(differ.report(variant))
    assert not differ.unanswered(), differ.report(variant)
    if not _points_only(rules):
        # the lay-downs (and takes) towards the opening, with melds staged or not, listed by C
        for name in (
            "listed unopened LayDown, a run or one meld",
            "listed staged play",
            "listed staged LayDown",
        ):
            assert differ.answered[name], differ.report(variant)


def _play_drawn(differ: Differ, rules: Rules, data: st.DataObject) -> None:
    """Play a round of `rules` with `differ`: its seats, deal and moves drawn from `data`."""
    players = data.draw(
        st.integers(3 if rules.dealer_sits_out else 2, min(4, rules.max_players)),
        label="players",
    )
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = data.draw(st.randoms(use_true_random=False), label="moves")
    differ.play(rules, players, seed, rng, data, max_steps=200)


@pytest.mark.long
def test_random_rules_play_the_same_on_both_cores(cturn: ModuleType) -> None:
    """Issue 34, point 3 (random rules, claims and Räuber-Rommé included): the same at every decision, near misses too."""
    differ = Differ(cturn)

    @settings(max_examples=examples(10, 30))
    @given(rules=romme_testing.rules(max_hand_size=11), data=st.data())
    def plays_the_same(rules: Rules, data: st.DataObject) -> None:
        _play_drawn(differ, rules, data)

    plays_the_same()
    print(differ.report("random rules"))
    assert differ.decisions > 0
    assert not differ.unanswered_of(_DISCARD_SLICE), differ.report("random")
    # The play phase of a seat that has opened, listed by C, the state's and the view's.
    assert not differ.unanswered_of(_PLAY_SLICE[:2]), differ.report("random")
    # A lay-off and a lay-down of a seat that has opened (rules §4, §6), checked and applied by C.
    assert not differ.unanswered_of(_LAYING_SLICE), differ.report("random")
    # A seat whose opening the search (not the bound) shows out of reach (rules §5), and
    # the lay-downs of one within reach, with melds staged or not (under an opening that needs
    # a run or one meld alone too, which random rules draw seldom: the variants above count
    # those).
    assert not differ.unanswered_of(_OPENING_SEARCH), differ.report("random")
    # A lay-down towards the opening, a take that lays the card down so (rules §4, §5) and a
    # joker swap (rules §6), checked by C; and applied by C, at least one of the lay-downs
    # (alone or taken) and one swap (the random examples vary: the slow run asks each kind).
    verdicts = (*_OPENING_LAYING, *_OPENING_TAKES, *_SWAP_SLICE[:2], *_STAGED_LAYING)
    assert not differ.unanswered_of(verdicts), differ.report("random")
    assert differ.answered["apply unopened LayDown"] + differ.answered["apply unopened take"], (
        differ.report("random")
    )
    assert differ.answered["apply SwapJoker"], differ.report("random")
    # Räuber-Rommé's play phase of a seat that has opened (rules §13), table cards held or
    # not, listed by C wherever the random rules play it (the slow run asks each kind)
    assert differ.answered["Räuber opened play"] == differ.occurred["Räuber opened play"], (
        differ.report("random")
    )
    # and of one that has not opened, holding table cards (ASS S. 2–3), where the random
    # rules play it (the test below draws Räuber-Rommé's rules only)
    if differ.occurred[_RAEUBER_UNOPENED[0]]:
        assert differ.answered[_RAEUBER_UNOPENED[0]], differ.report("random")
    # and the lay-downs, lay-offs and swaps while table cards are held, applied by C, every
    # one that occurs (the slow run asks each kind)
    assert not _raeuber_applied_by_python(differ), differ.report("random")
    # and the lay-downs towards the opening of a seat that has not opened (rules §5, §13),
    # applied by C where they occur: at least one
    if differ.occurred[_RAEUBER_UNOPENED_APPLIED[0]]:
        assert differ.answered[_RAEUBER_UNOPENED_APPLIED[0]], differ.report("random")

    # and every card taken from the table that C decides, applied by C (rules §13)
    assert _every_take_in_c(differ), differ.report("random")


@pytest.mark.long
def test_random_raeuber_rules_play_the_same_on_both_cores(cturn: ModuleType) -> None:
    """Rules §13, ASS S. 2–3 (random rules under which a seat that has not opened takes table cards, `opening_counts_table_cards`): the same at every decision, near misses too, and C lists the play phase of such a seat holding table cards."""
    differ = Differ(cturn)

    @settings(max_examples=examples(6, 20))
    @given(
        rules=romme_testing.rules(max_hand_size=11).filter(
            lambda rules: rules.opening_counts_table_cards
        ),
        data=st.data(),
    )
    def plays_the_same(rules: Rules, data: st.DataObject) -> None:
        _play_drawn(differ, rules, data)

    plays_the_same()
    print(differ.report("random Räuber rules"))
    print(f"{_held_but_not_listed(differ)} of them left to Python")
    assert differ.answered[_RAEUBER_UNOPENED[0]], differ.report("random Räuber rules")
    # the lay-downs towards the opening of such a seat (rules §5), applied by C: one at least
    assert differ.answered[_RAEUBER_UNOPENED_APPLIED[0]], differ.report("random Räuber rules")
    assert differ.answered[_RAEUBER_UNOPENED_APPLIED[1]], differ.report("random Räuber rules")
    assert differ.answered["Räuber opened play"] == differ.occurred["Räuber opened play"], (
        differ.report("random Räuber rules")
    )


_MANY: int = int(os.environ.get("ROMME_DIFFERENTIAL_DECISIONS", "1000000"))
"""The decisions of the slow run: issue 34's million, half under the presets and half under random rules.

``ROMME_DIFFERENTIAL_DECISIONS`` sets another count, for a shorter run
while working on the C core; `.ci/run` runs the million.
"""

_QUOTA = 500
"""The decisions each random `Rules` of the slow run plays: rounds under it, one after another, until it has played as many."""


@pytest.mark.slow
def test_many_decisions_under_the_presets_play_the_same_on_both_cores(cturn: ModuleType) -> None:
    """Issue 34, point 3 (the slow run): half a million decisions of random play under the presets in turn, the same on both cores.

    Each decision compares `legal_actions` (state and view), the verdicts
    of the move played and the state `apply` returns; the long tests above
    compare the verdicts of every listed move and of near misses.
    """
    differ = Differ(cturn)
    rng = random.Random("differential, the slow run")
    presets = sorted(PRESETS)
    half = _MANY // 2
    rounds = 0
    while differ.decisions < half:
        rules = find_rules(presets[rounds % len(presets)])
        rounds += 1
        players = rng.randint(3 if rules.dealer_sits_out else 2, min(4, rules.max_players))
        differ.play(rules, players, rng.randrange(2**32), rng, every=False)
    print(differ.report("slow run, the presets"))
    assert differ.answered["legal_actions"] > half // 50
    assert differ.answered["apply Discard"] > half // 10
    assert not differ.unanswered(
        (
            *_DISCARD_SLICE,
            *_CLAIM_SLICE,
            *_PLAY_SLICE,
            *_LAYING_SLICE,
            *_OPENING_SEARCH,
            *_OPENING_LAYING,
            *_OPENING_TAKES,
            *_OPENING_APPLIED,
            *_SWAP_SLICE,
            *_STAGED_LAYING,
            *_STAGED_APPLIED,
            *_RAEUBER_SLICE,
            *_RAEUBER_UNOPENED,
            *_RAEUBER_TAKES,
        )
    ), differ.report("slow run, the presets")
    assert not _held_but_not_listed(differ), differ.report("slow run, the presets")
    assert differ.answered["Räuber opened play"] == differ.occurred["Räuber opened play"], (
        differ.report("slow run, the presets")
    )
    assert not _raeuber_applied_by_python(differ), differ.report("slow run, the presets")
    assert _every_take_in_c(differ), differ.report("slow run, the presets")
    assert all(differ.answered[name] for name in _RAEUBER_UNOPENED_APPLIED), differ.report(
        "slow run, the presets"
    )
    assert not _raeuber_unopened_by_python(differ), differ.report("slow run, the presets")


@pytest.mark.slow
def test_many_decisions_under_random_rules_play_the_same_on_both_cores(cturn: ModuleType) -> None:
    """Issue 34, point 3 (the slow run): half a million decisions under random `Rules` (every field's whole domain, claims and Räuber-Rommé included), the same on both cores.

    Each of a fixed sequence of random rules (``derandomize``) plays
    `_QUOTA` decisions; the questions are those of the presets' half.
    """
    differ = Differ(cturn)
    half = _MANY // 2

    @settings(
        max_examples=-(-half // _QUOTA),
        derandomize=True,
        database=None,
        phases=[hypothesis.Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(rules=romme_testing.rules(), seed=st.integers(0, 2**32 - 1))
    def plays_the_same(rules: Rules, seed: int) -> None:
        rng = random.Random(seed)
        quota = differ.decisions + _QUOTA
        while differ.decisions < quota:
            players = rng.randint(3 if rules.dealer_sits_out else 2, min(4, rules.max_players))
            differ.play(rules, players, rng.randrange(2**32), rng, every=False)

    plays_the_same()
    print(differ.report("slow run, random rules"))
    assert differ.decisions >= half, differ.report("slow run, random rules")
    assert not differ.unanswered(
        (
            *_DISCARD_SLICE,
            *_CLAIM_SLICE,
            *_PLAY_SLICE,
            *_LAYING_SLICE,
            *_OPENING_SEARCH,
            *_OPENING_LAYING,
            *_OPENING_TAKES,
            *_OPENING_APPLIED,
            *_STAGED_LAYING,
            *_STAGED_APPLIED,
            *_RAEUBER_SLICE,
            *_RAEUBER_UNOPENED,
            *_RAEUBER_TAKES,
        )
    ), differ.report("slow run, random rules")
    assert differ.answered["Räuber opened play"] == differ.occurred["Räuber opened play"], (
        differ.report("slow run, random rules")
    )
    assert not _raeuber_applied_by_python(differ), differ.report("slow run, random rules")
    assert _every_take_in_c(differ), differ.report("slow run, random rules")
    assert differ.answered[_RAEUBER_UNOPENED_APPLIED[0]], differ.report("slow run, random rules")
