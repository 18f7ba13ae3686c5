"""The one boundary between the turn core and its accelerator (docs/maintainers.md, "The accelerator"; issue 34, point 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import attrs

import romme
from romme import (
    Buy,
    Card,
    Discard,
    Draw,
    GameState,
    Knock,
    LayDown,
    LayOff,
    MeldKind,
    Pass,
    Phase,
    Side,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    apply,
    find_rules,
    new_game,
    parse_cards,
    view,
)
from romme._turn import pure
from romme.melds import pack_cards
from romme.melds._search.enumeration import options_in
from tests.scenarios._helpers import position

_PROBE = (
    "import romme\n"
    "from romme._turn import pure\n"
    "print(romme.accelerated, romme.legal_actions is pure.legal_actions, "
    "romme.apply is pure.apply)\n"
)


def _probe(**env: str) -> str:
    """What a fresh interpreter says of the core in use, with `env` changed (``ROMME_PURE`` left out unless given)."""
    environment = {key: value for key, value in os.environ.items() if key != "ROMME_PURE"}
    source = str(Path(romme.__file__).parents[1])
    environment["PYTHONPATH"] = os.pathsep.join(
        [source, *filter(None, [environment.get("PYTHONPATH")])]
    )
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", _PROBE],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_romme_pure_forces_the_pure_core(cturn: ModuleType) -> None:
    """Issue 34, point 2: with ROMME_PURE=1 the accelerator is built but not used; the four names are the pure functions."""
    assert "False True True" == _probe(ROMME_PURE="1")


def test_a_built_accelerator_is_in_use(cturn: ModuleType) -> None:
    """Issue 34, point 2: where romme._cturn imports and ROMME_PURE is not set, the dispatch asks it first."""
    assert "True False False" == _probe()


def test_the_public_functions_keep_their_names_and_documentation() -> None:
    """Issue 34, point 2: whichever core answers, help() and the reference pages show the same functions."""
    for name in ("legal_actions", "check", "is_legal", "apply"):
        public, plain = getattr(romme, name), getattr(pure, name)
        assert (public.__name__, public.__doc__, public.__module__) == (
            name,
            plain.__doc__,
            plain.__module__,
        )


def _counts(watched: list[object]) -> list[int]:
    """The reference counts of `watched`, but of the interpreter's shared empty tuple and None: their counts move with any code that makes or drops one (until Python 3.12 makes them immortal), not with the C core."""
    return [
        sys.getrefcount(value)
        for value in watched
        if value is not None and not (type(value) is tuple and not value)
    ]


def test_the_c_core_leaks_no_reference(cturn: ModuleType) -> None:
    """Issue 34, point 4: an answer of the C core keeps no reference to the state, its parts, the moves it lists or the states it builds (a discard's and a claim window's too)."""
    state = new_game(find_rules("german-rummy"), 3, seed=5)
    while state.phase.value != "draw":
        state = apply(state, pure.legal_actions(state)[0])
    moves = cturn.legal_actions(state)
    assert moves == pure.legal_actions(state)
    watched = [
        state,
        state.rules,
        state.turn,
        state.hands,
        state.hand,
        state.discard_pile,
        state.stock,
    ]
    watched += moves
    assert moves[-1] == TakeDiscard()
    after = cturn.apply(state, moves[-1], None)  # the take: a new turn too
    assert after == pure.apply(state, moves[-1])
    watched += [after.turn, state.discard_pile[-1], state.stock[-1]]
    # the discard's slice: a discard that ends the turn, and one of the taken card it refuses
    discard, taken_back = Discard(after.hand[0]), Discard(after.turn.taken)
    ended = cturn.apply(after, discard, None)
    assert ended == pure.apply(after, discard)
    watched += [after, after.hand, after.hands, after.turn, after.hand[0], ended.turn]
    # the claim window's slice: a knocking window's answers, listed, checked and applied
    window = new_game(find_rules("ass-klopfen"), 4, seed=5)
    declining = window
    while window.phase.value != "claim":
        declining, window = window, apply(window, pure.legal_actions(window)[0])
    assert cturn.apply(declining, Draw(), None) == window  # the draw that opened it
    answers = cturn.legal_actions(window)
    assert answers == (Knock(), Pass())
    knocked = cturn.apply(window, Knock(), None)
    assert knocked == pure.apply(window, Knock())
    watched += [
        declining,
        declining.turn,
        window,
        window.turn,
        window.turn.claim,
        window.hands,
        window.discard_pile,
    ]
    watched += [window.stock, window.discard_pile[-1], window.stock[-1], *answers, knocked]
    views = (view(state, state.current_player), view(window, window.current_player))
    assert [cturn.legal_actions(each) for each in views] == [moves, answers]
    watched += [*views, views[0].hand]
    before = _counts(watched)
    for _ in range(1000):
        cturn.legal_actions(state)
        for action in (Draw(), TakeDiscard(), Buy()):
            cturn.check(state, action, None)
            cturn.is_legal(state, action, None)
            cturn.apply(state, action, None)
        cturn.check(state, Draw(), 1)
        for move in (discard, taken_back):
            cturn.check(after, move, None)
            cturn.is_legal(after, move, None)
            cturn.apply(after, move, None)
        cturn.apply(declining, Draw(), None)
        cturn.legal_actions(views[0])
        cturn.legal_actions(views[1])
        cturn.legal_actions(window)
        for answer in answers:
            cturn.check(window, answer, None)
            cturn.is_legal(window, answer, None)
            cturn.apply(window, answer, None)
        del answer  # the loop's name would hold one of the answers watched
    assert before == _counts(watched)


def test_the_play_phase_and_the_meld_enumeration_leak_no_reference(cturn: ModuleType) -> None:
    """Issue 34, point 4: the play phase of a seat that has opened (its joker swaps too), of one whose opening is out of reach (and its draw under immediate_use), the takes of an opened seat, the opening search (`_reaches`, the positions it shows out of reach, and the lay-downs and takes it allows) and `_options` keep no reference to the position, its table, the cards, the kinds and sides, or the moves they list."""
    rules = find_rules("german-rummy")
    state = position(
        rules,
        hands=["7♣ 7♦ 7♠ 6♥ JK 10♥ 8♣", "4♣ 6♦ 10♦"],
        table=[("7♥ 8♥ 9♥", 1), ("8♠ 8♥ 8♦", 1)],
        opened=[True, True],
        phase=Phase.PLAY,
    )
    seat_view = view(state, 0)
    moves = cturn.legal_actions(state)
    assert moves == pure.legal_actions(state) == cturn.legal_actions(seat_view)
    assert {type(move).__name__ for move in moves} == {"Discard", "LayDown", "LayOff"}
    swapping = position(
        rules, hands=["8♥ 2♣", "4♣ 6♦ 10♦"], table=[("7♥ JK 9♥", 1)], opened=[True, True]
    )
    swapping = attrs.evolve(swapping, phase=Phase.PLAY)
    swaps = cturn.legal_actions(swapping)
    assert swaps == pure.legal_actions(swapping)
    assert type(swaps[-1]).__name__ == "SwapJoker"
    # a seat whose opening is out of reach: its play phase and, under immediate_use, its draw
    unopened = position(
        rules, hands=["2♣ 3♣ 4♣ 9♦ K♥", "4♦ 6♦ 10♥"], opened=[False, True], phase=Phase.PLAY
    )
    drawing = position(find_rules("classic"), hands=["2♣ 3♣ 9♦ K♥", "4♦ 6♦ 10♥"], discard="4♣")
    taking = position(
        find_rules("classic"),
        hands=["J♥ 2♦ 5♠", "4♦ 6♦ 10♦"],
        discard="10♥",
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[True, True],
    )
    takes = cturn.legal_actions(taking)
    assert takes == pure.legal_actions(taking)
    assert len(takes) == 3
    assert cturn.legal_actions(unopened) == pure.legal_actions(unopened)
    assert cturn.legal_actions(drawing) == pure.legal_actions(drawing) == (Draw(),)
    # the same where the opening search, not the bound, shows the opening out of reach
    searched = position(
        rules, hands=["9♣ 10♣ J♣ 9♥ 9♦", "4♦ 6♦ 10♥"], opened=[False, True], phase=Phase.PLAY
    )
    search_drawing = position(
        find_rules("classic"), hands=["9♣ 10♣ 9♥ 9♦ 4♠", "4♦ 6♦ 10♥"], discard="J♣"
    )
    assert cturn.legal_actions(searched) == pure.legal_actions(searched)
    assert cturn.legal_actions(search_drawing) == pure.legal_actions(search_drawing) == (Draw(),)
    # and where it is within reach: the lay-downs and the takes the search allows
    within = position(
        rules, hands=["9♣ 10♣ J♣ 9♥ 9♦ 9♠ 2♦", "4♦ 6♦ 10♥"], opened=[False, True], phase=Phase.PLAY
    )
    within_drawing = position(
        find_rules("classic"), hands=["10♣ J♣ Q♣ 2♦", "4♦ 6♦ 10♥"], discard="K♣"
    )
    within_moves = cturn.legal_actions(within)
    within_takes = cturn.legal_actions(within_drawing)
    assert within_moves == pure.legal_actions(within)
    assert within_takes == pure.legal_actions(within_drawing)
    assert any(isinstance(move, TakeDiscard) for move in within_takes)
    # with melds staged towards the opening (rules §5): the take-back and the lay-downs,
    # the taken card in a staged meld, and the last card of a Hand-Rommé (DRoV Nr. 10)
    staged = apply(
        position(
            rules,
            hands=["2♣ 3♣ 4♣ 5♠ 5♥ 5♦ 6♠ 7♠ 8♠ 2♥", "4♦ 6♦ 10♥"],
            opened=[False, True],
            phase=Phase.PLAY,
        ),
        LayDown(parse_cards("2♣ 3♣ 4♣"), kind=MeldKind.RUN),
    )
    staged_take = apply(
        position(find_rules("classic"), hands=["2♣ 3♣ 9♠ 9♥ 9♦ K♥", "4♦ 6♦ 10♥"], discard="4♣"),
        TakeDiscard(LayDown(parse_cards("2♣ 3♣ 4♣"), kind=MeldKind.RUN)),
    )
    staged_last = position(
        find_rules("drov"),
        hands=["2♣ 3♣ 4♣ 5♥ 6♥ 7♥ 9♦", "4♦ 6♦ 10♥", "5♣ 8♣ J♦"],
        phase=Phase.PLAY,
    )
    for run in ("2♣ 3♣ 4♣", "5♥ 6♥ 7♥"):
        staged_last = apply(staged_last, LayDown(parse_cards(run), kind=MeldKind.RUN))
    staged_moves = [cturn.legal_actions(each) for each in (staged, staged_take, staged_last)]
    assert staged_moves == [pure.legal_actions(each) for each in (staged, staged_take, staged_last)]
    assert [len(moves) for moves in staged_moves] == [4, 2, 2]
    # an opening that needs a run, staged melds or not, and a take towards it; one meld alone
    with_run = attrs.evolve(rules, opening_requires_run=True)
    run_staged = apply(
        position(
            with_run,
            hands=["Q♠ Q♥ Q♦ K♠ K♥ K♦ 2♣ 3♣ 4♣", "4♦ 6♦ 10♥"],
            opened=[False, True],
            phase=Phase.PLAY,
        ),
        LayDown(parse_cards("Q♠ Q♥ Q♦"), kind=MeldKind.SET),
    )
    run_take = position(
        attrs.evolve(find_rules("classic"), opening_requires_run=True),
        hands=["Q♠ Q♥ K♠ K♥ K♦ 2♦ J♦", "4♦ 6♦ 10♥"],
        discard="Q♦",
        opened=[False, True],
    )
    one_meld = position(
        attrs.evolve(rules, opening_sums_melds=False),
        hands=["9♣ 10♣ J♣ Q♣ 8♥ 8♠ 8♦ 2♦", "4♦ 6♦ 10♥"],
        opened=[False, True],
        phase=Phase.PLAY,
    )
    staged_moves += [cturn.legal_actions(each) for each in (run_staged, run_take, one_meld)]
    assert staged_moves[3:] == [
        pure.legal_actions(each) for each in (run_staged, run_take, one_meld)
    ]
    assert [len(moves) for moves in staged_moves[3:]] == [2, 2, 11]
    staged_view = view(staged, 0)
    assert cturn.legal_actions(staged_view) == staged_moves[0]
    searched_key = pack_cards(searched.hand)
    assert cturn._reaches(searched_key, rules, True, 30) is False
    key = pack_cards(state.hand)
    options = cturn._options(key, rules)
    assert options == options_in(key, rules)
    watched: list[object] = [state, seat_view, swapping, rules, state.turn, state.hands]
    watched += [state.hand, state.table, *state.table, *(entry.meld for entry in state.table)]
    watched += [
        *state.hand,
        *moves,
        *(move.cards for move in moves if not isinstance(move, Discard)),
    ]
    watched += [swapping.table, swapping.table[0].meld, swapping.table[0].meld.jokers, *swaps]
    watched += [swaps[-1].then, swaps[-1].card, swapping.table[0].fresh]
    watched += [MeldKind.SET, MeldKind.RUN, Side.HIGH, Side.LOW, key, *options]
    watched += [unopened, unopened.table, unopened.turn, drawing, drawing.rules, drawing.table]
    watched += [drawing.hand, drawing.discard_pile[-1], unopened.rules.opening]
    watched += [taking, taking.table, taking.turn, taking.hand, *takes, takes[1].use]
    watched += [searched, searched.hand, searched.table, search_drawing, search_drawing.hand]
    watched += [search_drawing.discard_pile[-1], searched_key, rules.opening]
    watched += [within, within.hand, within_drawing, within_drawing.hand, *within_moves]
    watched += [*within_takes, within_drawing.discard_pile[-1], within_drawing.turn]
    watched += [staged, staged.table, *staged.table, staged.table[0].meld, staged.hand]
    watched += [staged_view, staged_take, staged_take.table, staged_take.turn, staged_last]
    watched += [staged_last.table, staged_last.hand, *(m for ms in staged_moves for m in ms)]
    watched += [run_staged, run_staged.table, run_take, run_take.turn, one_meld, one_meld.hand]
    watched += [with_run, with_run.opening, run_take.discard_pile[-1]]
    before = _counts(watched)
    for _ in range(1000):
        cturn.legal_actions(state)
        cturn.legal_actions(seat_view)
        cturn.legal_actions(swapping)
        cturn.legal_actions(unopened)
        cturn.legal_actions(drawing)
        cturn.legal_actions(taking)
        cturn._options(key, rules)
        cturn.legal_actions(searched)
        cturn.legal_actions(search_drawing)
        cturn._reaches(searched_key, rules, True, 30)
        cturn.legal_actions(within)
        cturn.legal_actions(within_drawing)
        for each in (staged, staged_view, staged_take, staged_last, run_staged, run_take, one_meld):
            cturn.legal_actions(each)
        del each  # the loop's name would hold one of the states watched
    assert before == _counts(watched)


def test_a_discard_that_settles_fresh_jokers_leaks_no_reference(cturn: ModuleType) -> None:
    """Issue 34, point 4: the discard that ends a turn in which a joker was laid (rules §6: the table written again with no fresh joker) keeps no reference to the position, its table or its melds."""
    state = position(
        find_rules("german-rummy"),
        hands=["3♣ 4♣ JK 9♥ 9♦", "4♣ 6♦ 10♥"],
        stock_top="K♠",
        phase=Phase.PLAY,
        opened=[True, True],
        table=[("Q♠ Q♥ JK", 1)],
    )
    laid = pure.apply(state, LayDown(cards=parse_cards("3♣ 4♣ JK")))
    discard = Discard(parse_cards("9♥")[0])
    assert cturn.apply(laid, discard, None) == pure.apply(laid, discard)
    watched: list[object] = [laid, laid.table, *laid.table, *(entry.meld for entry in laid.table)]
    watched += [entry.fresh for entry in laid.table]
    before = _counts(watched)
    for _ in range(1000):
        cturn.apply(laid, discard, None)
    assert before == _counts(watched)


def test_the_lay_downs_towards_the_opening_leak_no_reference(cturn: ModuleType) -> None:
    """Issue 34, point 4: checking and applying a lay-down towards the opening (staged, or completing it), a take that lays one down, and handing a refused one to Python keep no reference to the position, its table, its pile, the opening, the action, its cards or the meld laid."""
    german = find_rules("german-rummy")
    classic = find_rules("classic")
    staging = position(
        german, hands=["9♣ 10♣ J♣ 9♥ 9♦ 9♠ 2♦", "4♦ 6♦ 10♥"], opened=[False, True], phase=Phase.PLAY
    )
    opening = position(
        german, hands=["10♣ J♣ Q♣ K♣ 2♦", "4♦ 6♦ 10♥"], opened=[False, False], phase=Phase.PLAY
    )
    taking = position(classic, hands=["Q♠ Q♥ Q♦ 2♣ 3♣ 8♦", "4♦ 6♦ 10♥"], discard="4♣")
    take_opening = position(classic, hands=["J♣ Q♣ 5♦ 7♥", "4♦ 6♦ 10♥"], discard="K♣")
    moves: list[tuple[GameState, LayDown | TakeDiscard]] = [
        (staging, LayDown(parse_cards("9♠ 9♥ 9♦"))),
        (opening, LayDown(parse_cards("10♣ J♣ Q♣ K♣"), kind=MeldKind.RUN)),
        (taking, TakeDiscard(LayDown(parse_cards("2♣ 3♣ 4♣")))),
        (take_opening, TakeDiscard(LayDown(parse_cards("J♣ Q♣ K♣")))),
    ]
    refused = LayDown(parse_cards("9♣ 9♥ 9♦"))  # the opening out of reach (rules §5)
    expected = [pure.apply(state, action) for state, action in moves]
    assert [cturn.apply(state, action, None) for state, action in moves] == expected
    assert cturn.apply(staging, refused, None) is NotImplemented
    watched: list[object] = [german, classic, german.opening, classic.opening, refused]
    watched += [refused.cards, MeldKind.RUN, MeldKind.SET]
    for (state, action), after in zip(moves, expected, strict=True):
        watched += [state, state.hand, state.hands, state.table, state.turn, state.opened]
        watched += [state.discard_pile, *state.hand, action, after.table[-1].meld]
        watched += [action.cards if isinstance(action, LayDown) else action.use]
    before = _counts(watched)
    for _ in range(1000):
        for (state, action), after in zip(moves, expected, strict=True):
            assert cturn.apply(state, action, None) == after
            cturn.check(state, action, None)
            cturn.is_legal(state, action, 0)
        cturn.apply(staging, refused, None)
        cturn.check(staging, refused, None)
    assert before == _counts(watched)


def test_the_lay_downs_with_melds_staged_and_their_take_back_leak_no_reference(
    cturn: ModuleType,
) -> None:
    """Issue 34, point 4: with melds staged towards the opening (rules §5), checking and applying a lay-down (staged too, or completing the opening) and their take-back (a freely taken card among them too, rules §4), and handing a refused lay-down or a take's staged card to Python, keep no reference to the position, its table, its staged melds, its turn, the cards or the actions."""
    german = find_rules("german-rummy")
    classic = find_rules("classic")
    seats = ["2♣ 3♣ 4♣ 5♠ 5♥ 5♦ 6♠ 7♠ 8♠ 2♥ K♥", "4♦ 6♦ 10♥"]
    fresh = position(german, hands=seats, opened=[False, False], phase=Phase.PLAY)
    one = pure.apply(fresh, LayDown(parse_cards("2♣ 3♣ 4♣"), kind=MeldKind.RUN))
    two = pure.apply(one, LayDown(parse_cards("5♠ 5♥ 5♦")))
    free = position(german, hands=["2♣ 3♣ 5♠ 6♠ 7♠ 8♠ 9♠ K♥", "4♦ 6♦ 10♥"], discard="4♣")
    free = pure.apply(pure.apply(free, TakeDiscard()), LayDown(parse_cards("2♣ 3♣ 4♣")))
    take = position(classic, hands=["2♣ 3♣ 5♠ 6♠ 7♠ 8♠ 9♠ K♥", "4♦ 6♦ 10♥"], discard="4♣")
    take = pure.apply(take, TakeDiscard(LayDown(parse_cards("2♣ 3♣ 4♣"))))
    moves: list[tuple[GameState, LayDown | TakeBack]] = [
        (one, LayDown(parse_cards("5♠ 5♥ 5♦"))),
        (two, LayDown(parse_cards("6♠ 7♠ 8♠"), kind=MeldKind.RUN)),
        (two, TakeBack()),
        (free, TakeBack()),
        (free, LayDown(parse_cards("5♠ 6♠ 7♠ 8♠ 9♠"), kind=MeldKind.RUN)),
    ]
    python: list[tuple[GameState, LayDown | TakeBack]] = [
        (one, LayDown(parse_cards("5♠ 6♠ 7♠"), kind=MeldKind.RUN)),  # out of reach
        (take, TakeBack()),  # the taken card back to the pile (rules §4)
    ]
    expected = [pure.apply(state, action) for state, action in moves]
    assert [cturn.apply(state, action, None) for state, action in moves] == expected
    assert all(cturn.apply(state, action, None) is NotImplemented for state, action in python)
    watched: list[object] = [german, classic, german.opening, classic.opening]
    for state, action in (*moves, *python):
        watched += [state, state.hand, state.hands, state.table, state.turn, state.opened]
        watched += [*state.table, *(entry.meld for entry in state.table), *state.hand]
        watched += [state.discard_pile, action]
        watched += [action.cards] if isinstance(action, LayDown) else []
        watched += [] if state.turn.taken is None else [state.turn.taken]
    before = _counts(watched)
    for _ in range(1000):
        for (state, action), after in zip(moves, expected, strict=True):
            assert cturn.apply(state, action, None) == after
            cturn.check(state, action, None)
            cturn.is_legal(state, action, 0)
        for state, action in python:
            cturn.apply(state, action, None)
            cturn.check(state, action, None)
    assert before == _counts(watched)


def test_the_joker_swaps_leak_no_reference(cturn: ModuleType) -> None:
    """Issue 34, point 4: checking and applying a joker swap (the joker to the hand, laid down, laid off, or discarded: checked only), and handing a refused one to Python, keep no reference to the position, its table, its melds, the action, its cards or the melds made."""
    joker = parse_cards("JK")[0]
    eight = parse_cards("8♥")[0]
    house = position(
        find_rules("house"),
        hands=["8♥ 2♣ K♠", "4♦ 6♦ 10♦"],
        table=[("7♥ JK 9♥", 1)],
        opened=[True, True],
        phase=Phase.PLAY,
    )
    classic = position(
        find_rules("classic"),
        hands=["8♥ 5♣ 6♣ K♠", "4♦ 6♦ 10♦"],
        table=[("7♥ JK 9♥", 1), ("10♣ J♣ Q♣", 1)],
        opened=[True, True],
        phase=Phase.PLAY,
    )
    german = position(
        find_rules("german-rummy"),
        hands=["8♥ 5♣ K♠", "4♦ 6♦ 10♦"],
        table=[("7♥ JK 9♥", 1)],
        opened=[True, True],
        phase=Phase.PLAY,
    )
    moves = [
        (house, SwapJoker(0, eight, None)),
        (classic, SwapJoker(0, eight, LayDown(parse_cards("5♣ 6♣ JK")))),
        (classic, SwapJoker(0, eight, LayOff(1, (joker,), Side.HIGH))),
    ]
    discarded = SwapJoker(0, eight, Discard(joker))
    refused = SwapJoker(0, eight, None)  # the joker must be placed (cardgames.zone §9)
    expected = [pure.apply(state, action) for state, action in moves]
    assert [cturn.apply(state, action, None) for state, action in moves] == expected
    assert cturn.check(german, discarded, None) is None
    assert cturn.apply(german, discarded, None) is NotImplemented
    assert cturn.check(classic, refused, None) is NotImplemented
    watched: list[object] = [german, german.table, *german.table, discarded, discarded.then]
    watched += [refused, joker, eight, Side.HIGH, MeldKind.RUN]
    for (state, action), after in zip(moves, expected, strict=True):
        watched += [state, state.hand, state.hands, state.table, *state.table, state.turn]
        watched += [*(entry.meld for entry in state.table), *state.hand, action, action.then]
        watched += [*(entry.meld for entry in after.table), after.hand]
    before = _counts(watched)
    for _ in range(1000):
        for (state, action), after in zip(moves, expected, strict=True):
            assert cturn.apply(state, action, None) == after
            cturn.check(state, action, None)
            cturn.is_legal(state, action, 0)
        cturn.check(german, discarded, None)
        cturn.apply(german, discarded, None)
        cturn.apply(classic, refused, None)
        cturn.is_legal(classic, refused, None)
    assert before == _counts(watched)


def test_the_raeuber_play_phase_leaks_no_reference(cturn: ModuleType) -> None:
    """Issue 34, point 4: listing the play phase under Räuber-Rommé (rules §13, ASS S. 2–3), before a card is taken, with table cards held (a joker swap among the moves) and with the table laid again, of a seat that has not opened holding table cards (its lay-downs towards the opening, with a meld staged or not), checking and applying a lay-off, lay-downs and joker swaps of the cards held (all of them melded again, or some), and handing a position under announced jokers and a refused lay-off to Python, keep no reference to the position, its table, its melds, its turn, the cards held, the actions or the states made."""
    rules = find_rules("ass-raeuber")
    seats = ["4♦ 6♦ 10♦", "5♦ 7♦ J♦"]
    opened = position(
        rules,
        hands=["8♥ K♣ 2♦", *seats],
        table=[("7♥ JK 9♥", 1), ("3♠ 4♠ 5♠ 6♠", 1)],
        opened=[True, True, False],
        phase=Phase.PLAY,
    )
    held = pure.apply(opened, TakeFromTable(1, 0))
    split = pure.apply(opened, TakeFromTable(1, 1))  # the 4♠: 3♠ and 5♠ 6♠ come along
    again = pure.apply(split, LayDown(parse_cards("3♠ 4♠ 5♠ 6♠"), kind=MeldKind.RUN))
    unopened = position(
        rules,
        hands=["2♦ K♠ 5♣", *seats],
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    taken = pure.apply(unopened, TakeFromTable(0, 0))
    towards = position(  # the K♥ taken makes K♣ K♠ K♥ beside 10♣ 10♠ 10♦, 60 of 40
        rules,
        hands=["10♣ 10♠ 10♦ K♣ K♠ 2♦", *seats],
        table=[("10♥ J♥ Q♥ K♥", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    kings = pure.apply(towards, TakeFromTable(0, 3))
    staged = pure.apply(kings, LayDown(parse_cards("10♣ 10♠ 10♦"), kind=MeldKind.SET))
    announcing = position(
        attrs.evolve(rules, announced_jokers=True),
        hands=["2♦ K♠ 5♣", *seats],
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    left = pure.apply(announcing, TakeFromTable(0, 0))
    listed = [opened, held, again, unopened, taken, kings, staged]
    for state in listed:
        assert cturn.legal_actions(state) == pure.legal_actions(state)
        assert cturn.legal_actions(view(state, 0)) == pure.legal_actions(view(state, 0))
    assert cturn.legal_actions(left) is NotImplemented
    watched: list[object] = [rules, MeldKind.RUN, MeldKind.SET, Side.HIGH, Side.LOW]
    for state in (*listed, left):
        watched += [state, state.hand, state.hands, *state.table, state.turn]
        watched += [state.table] if state.table else []  # not the shared empty tuple
        watched += [*(entry.meld for entry in state.table), *state.hand, state.opened]
        if state.turn.before is not None:  # the table cards held, the table to restore
            watched += [state.turn.before]
            # (the cards held, unless none is: the shared empty tuple, whose count moves
            # with every empty tuple made anywhere before Python 3.12)
            watched += [state.turn.borrowed] if state.turn.borrowed else []
    # the lay-offs, joker swaps and lay-downs while table cards are held: every card held
    # melded again, or some (the 3♠, the 6♠ stay held), and a lay-off that fits nowhere
    # (Python's refusal)
    eight = parse_cards("8♥")[0]
    # and those of a seat that has not opened towards its opening, a table card held (the
    # K♥ staged in K♣ K♠ K♥, or completing the opening beside 10♣ 10♠ 10♦ staged), the top
    # discard taken and laid down so, and a lay-down that leaves the opening out of reach
    drawing = position(
        rules,
        hands=["10♣ 10♠ 10♦ K♣ K♠ 2♦", *seats],
        discard="5♣ K♥",
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[False, True, False],
    )
    kings_laid = LayDown(parse_cards("K♣ K♠ K♥"), kind=MeldKind.SET)
    laid: list[tuple[GameState, LayDown | LayOff | SwapJoker | TakeDiscard]] = [
        (held, LayOff(1, parse_cards("3♠"), Side.LOW)),
        (held, SwapJoker(0, eight, LayOff(1, parse_cards("JK 3♠"), Side.LOW))),
        (held, SwapJoker(0, eight, LayOff(1, parse_cards("JK"), Side.HIGH))),
        (split, LayDown(parse_cards("3♠ 4♠ 5♠ 6♠"), kind=MeldKind.RUN)),
        (split, LayDown(parse_cards("3♠ 4♠ 5♠"), kind=MeldKind.RUN)),
        (kings, kings_laid),
        (staged, kings_laid),
        (drawing, TakeDiscard(kings_laid)),
    ]
    refused = LayOff(0, parse_cards("3♠"))
    out_of_reach = LayDown(parse_cards("7♥ 8♥ 9♥"), kind=MeldKind.RUN)
    expected = [pure.apply(state, action) for state, action in laid]
    assert [cturn.apply(state, action, None) for state, action in laid] == expected
    assert expected[4].turn.borrowed == parse_cards("6♠")
    assert expected[5].table[-1].staged
    assert expected[6].opened[0]
    assert cturn.apply(held, refused, None) is NotImplemented
    assert cturn.apply(taken, out_of_reach, None) is NotImplemented
    watched += [refused, *refused.cards, out_of_reach, *out_of_reach.cards, drawing]
    watched += [drawing.hand, drawing.discard_pile, drawing.turn, *drawing.table]
    # (the actions alone: a loop name bound to a state laid would hold it past the counts)
    for action, made in zip([action for _, action in laid], expected, strict=True):
        placed = (
            action.then
            if isinstance(action, SwapJoker)
            else action.use
            if isinstance(action, TakeDiscard)
            else action
        )
        assert isinstance(placed, LayDown | LayOff)
        watched += [action, placed, placed.cards, *placed.cards, made.table, *made.table]
        watched += [made.hand]
        watched += [made.turn, made.turn.before]
    watched += [expected[4].turn.borrowed, expected[2].turn.borrowed, eight]
    for state in listed:  # the one-slot caches filled as the loop fills them
        cturn.legal_actions(state)
        cturn.legal_actions(view(state, 0))
    cturn.legal_actions(left)

    def lay() -> None:  # in a function: no name outlives the loop to hold a state watched
        for (state, action), after in zip(laid, expected, strict=True):
            assert cturn.apply(state, action, None) == after
            cturn.check(state, action, None)
            cturn.is_legal(state, action, 0)
        cturn.apply(held, refused, None)
        cturn.check(held, refused, None)
        cturn.apply(taken, out_of_reach, None)
        cturn.check(taken, out_of_reach, None)

    before = _counts(watched)
    for _ in range(300):
        for state in listed:
            cturn.legal_actions(state)
            cturn.legal_actions(view(state, 0))
        cturn.legal_actions(left)
        lay()
    assert before == _counts(watched)


def test_the_cards_taken_from_the_table_leak_no_reference(cturn: ModuleType) -> None:
    """Issue 34, point 4: checking and applying a card taken from the table (rules §13, ASS S. 2–3: from a set, with a joker laid this turn and without, from a run's end, from its middle, the run split or left to come along, a second take, by a seat that has not opened), and handing a refused one to Python, and the take-back that restores the table (an opening with table cards among them), keep no reference to the position, its table, its melds, its turn, the table before, the action or the cards taken."""
    rules = find_rules("ass-raeuber")
    seats = ["4♦ 6♦ 10♦", "5♦ 7♦ J♦"]
    opened = position(
        rules,
        hands=["7♣ 7♠ 7♥ JK K♣ 2♦", *seats],
        table=[("7♥ 8♥ 9♥", 1), ("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠", 1), ("Q♣ Q♠ Q♥ Q♦", 1)],
        opened=[True, True, False],
        phase=Phase.PLAY,
    )
    fresh = pure.apply(opened, LayDown(parse_cards("7♣ 7♠ 7♥ JK"), kind=MeldKind.SET))
    assert fresh.table[3].fresh
    first = pure.apply(opened, TakeFromTable(2, 0))
    unopened = position(
        rules,
        hands=["2♦ K♠ 5♣", *seats],
        table=[("7♥ 8♥ 9♥ 10♥", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    takes = [
        (opened, TakeFromTable(0, 1)),  # 7♥ and 9♥ come along
        (opened, TakeFromTable(1, 3)),  # the run split
        (opened, TakeFromTable(1, 0)),  # a run's end
        (opened, TakeFromTable(2, 1)),  # a set of four
        (fresh, TakeFromTable(3, 0)),  # the set keeps its fresh joker
        (first, TakeFromTable(1, 6)),  # a second take
        (unopened, TakeFromTable(0, 3)),
    ]
    refused = [(opened, TakeFromTable(4, 0)), (opened, TakeFromTable(0, 3))]
    expected = [pure.apply(state, action) for state, action in takes]
    assert [cturn.apply(state, action, None) for state, action in takes] == expected
    # the take-back that restores the table: the cards held, a meld laid again, an opening
    # with table cards taken back
    opening = position(
        rules,
        hands=["K♠ K♥ Q♠ Q♥ 5♣ 2♦", *seats],
        table=[("K♣ K♠ K♥ K♦", 1), ("Q♣ Q♠ Q♥ Q♦", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    opening = pure.apply(pure.apply(opening, TakeFromTable(0, 0)), TakeFromTable(1, 0))
    for meld in ("K♣ K♠ K♥", "Q♣ Q♠ Q♥"):
        opening = pure.apply(opening, LayDown(parse_cards(meld), kind=MeldKind.SET))
    assert opening.opened[0]
    laid = pure.apply(expected[0], LayDown(parse_cards("7♥ 8♥ 9♥"), kind=MeldKind.RUN))
    restoring = [expected[0], expected[5], laid, opening]
    restored = [pure.apply(state, TakeBack()) for state in restoring]
    assert [cturn.apply(state, TakeBack(), None) for state in restoring] == restored
    watched: list[object] = [rules, MeldKind.RUN, MeldKind.SET]
    for state, action in (*takes, *refused):
        watched += [state, state.hand, state.hands, state.table, *state.table, state.turn]
        watched += [*(entry.meld for entry in state.table), *state.hand, action, state.opened]
        watched += [entry.fresh for entry in state.table if entry.fresh]
    for after in expected:
        watched += [after.table, *after.table, after.turn.borrowed, after.turn.before]
    for state in restoring:
        kept = state.turn.before
        assert kept is not None
        watched += [state, state.hand, state.hands, state.table, *state.table, state.turn]
        watched += [kept, kept.turn, kept.table, *kept.table, state.opened, *state.hand]
    watched += [TakeBack(), opening.first_to_open]
    before = _counts(watched)
    for _ in range(1000):
        for (state, action), after in zip(takes, expected, strict=True):
            assert cturn.apply(state, action, None) == after
            cturn.check(state, action, None)
            cturn.is_legal(state, action, 0)
        for state, action in refused:
            cturn.check(state, action, None)
            cturn.apply(state, action, None)
        for state, after in zip(restoring, restored, strict=True):
            assert cturn.apply(state, TakeBack(), None) == after
            cturn.check(state, TakeBack(), None)
            cturn.is_legal(state, TakeBack(), 0)
    assert before == _counts(watched)


def test_the_lay_downs_and_lay_offs_kept_between_listings_leak_no_reference(
    cturn: ModuleType,
) -> None:
    """Issue 34, point 4: the LayDown and LayOff values the listings keep and list again (each equal to the one built anew) are shared, and listing positions whose moves take one another's places among them keeps no reference to the cards, kinds and sides or the positions: a second pass over the same listings leaves every count as the first left it."""
    rules = find_rules("ass-raeuber")
    states: list[GameState] = []
    for seed in range(12):
        state = new_game(rules, 4, seed=70_000 + seed, dealer=seed % 4)
        turns = 0
        while not state.is_over and turns < 400:
            moves = pure.legal_actions(state)
            if state.phase is Phase.PLAY and cturn.legal_actions(state) is not NotImplemented:
                states.append(state)
            state = pure.apply(state, moves[(turns * 7 + seed) % len(moves)])
            turns += 1
    first = [cturn.legal_actions(state) for state in states]
    assert first == [pure.legal_actions(state) for state in states]
    kept = {move for moves in first for move in moves if isinstance(move, LayDown | LayOff)}
    assert len(kept) > 4096  # more than the cache holds: some take others' places
    again = [cturn.legal_actions(state) for state in states[-20:]]
    assert again == first[-20:]
    shared = [
        (move, other)
        for moves, others in zip(first[-20:], again, strict=True)
        for move, other in zip(moves, others, strict=True)
        if isinstance(move, LayDown | LayOff)
    ]
    assert shared
    assert any(move is other for move, other in shared)
    del first, again, kept, shared, moves, state
    watched: list[object] = [rules, MeldKind.RUN, MeldKind.SET, Side.HIGH, Side.LOW]
    watched += [Card.from_code(code) for code in range(53)]  # the cards the moves are built of
    watched += states

    def listings() -> None:  # in a function: no name outlives the loop to hold a move
        for state in states:
            cturn.legal_actions(state)

    listings()
    before = _counts(watched)
    listings()
    assert before == _counts(watched)
