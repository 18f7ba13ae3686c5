"""The values of a position: what their constructors check, and the engine's copies of them (docs/maintainers.md: immutable states)."""

from __future__ import annotations

import inspect
import random
from typing import Any

import attrs
import pytest

from romme import (
    ClaimWindow,
    GameState,
    InvalidDataError,
    InvalidPositionError,
    LayDown,
    LayOff,
    Meld,
    Phase,
    PlayerView,
    SwapJoker,
    TableBefore,
    TableMeld,
    TakeDiscard,
    TakeFromTable,
    TurnState,
    apply,
    determinize,
    dumps,
    find_rules,
    from_dict,
    legal_actions,
    loads,
    make_deck,
    new_game,
    new_position,
    parse_card,
    parse_cards,
    to_dict,
    validate_meld,
    view,
)

_VALUES: tuple[type[Any], ...] = (
    GameState,
    PlayerView,
    TurnState,
    TableMeld,
    ClaimWindow,
    TableBefore,
    Meld,
    LayDown,
    LayOff,
    TakeDiscard,
    SwapJoker,
    TakeFromTable,
)
"""Every value the engine and the turn core build unchecked, through its ``_of``."""


def _samples() -> list[Any]:
    """One checked value of each kind in `_VALUES`, every field set to something but its default."""
    drov = find_rules("drov")
    meld = validate_meld(parse_cards("7♥ JK 9♥"), drov)
    entry = TableMeld(meld, 1, staged=True, fresh=frozenset({1}))
    window = ClaimWindow(turn_of=2, passed=(3,), buyer=0, consented=(2,))
    before = TableBefore(table=(entry,), opened=False, turn=TurnState(number=4))
    turn = TurnState(
        number=4,
        opened_before=True,
        taken=parse_card("7♥"),
        taken_in_hand=True,
        laid_off=True,
        borrowed=parse_cards("9♥"),
        before=before,
        table_takes=2,
    )
    state = new_game(drov, 4, seed=3)
    lay_down = LayDown("K♠ K♥ JK", kind="set", announce="K♣")
    lay_off = LayOff(1, "JK", side="low", announce="K♦")
    state = attrs.evolve(state, turn=attrs.evolve(state.turn, number=7), reshuffles=1)
    return [
        state,
        attrs.evolve(view(state, 2)),  # checked by the constructor
        turn,
        entry,
        window,
        before,
        meld,
        lay_down,
        lay_off,
        TakeDiscard(lay_off),
        SwapJoker(0, "8♥", then=lay_down),
        TakeFromTable(2, 1),
    ]


def test_each_fast_path_sets_every_slot_as_the_checked_constructor_does() -> None:
    """Maintainers' page, immutable values (issue 32, point 2): each value's one fast path, ``_of``, makes the value its constructor makes."""
    samples = _samples()
    assert [type(sample) for sample in samples] == list(_VALUES)
    for sample in samples:
        cls = type(sample)
        names = [field.name for field in attrs.fields(cls)]
        assert list(inspect.signature(cls._of).parameters) == names, cls
        built = cls._of(**{name: getattr(sample, name) for name in names})
        assert type(built) is cls
        assert built == sample
        assert hash(built) == hash(sample)
        for name in names:
            assert getattr(built, name) is getattr(sample, name), (cls, name)


def test_each_change_of_a_turn_sets_every_slot_as_the_checked_constructor_does() -> None:
    """Maintainers' page, immutable values (issue 32, repeated code): each change the turn core makes to a turn
    (``TurnState._with_claim`` and the others) makes the turn the constructor makes of the same fields, every slot set."""
    entry = TableMeld(validate_meld(parse_cards("7♥ JK 9♥"), find_rules("drov")), 1, staged=True)
    before = TableBefore(table=(entry,), opened=False, turn=TurnState(number=4))
    window = ClaimWindow(turn_of=2, passed=(3,))
    base = TurnState(
        number=4,
        opened_before=True,
        taken=parse_card("7♥"),
        taken_in_hand=True,
        borrowed=parse_cards("9♥"),
        before=before,
        table_takes=2,
    )
    later = TableBefore(table=(), opened=True, turn=TurnState(number=4, table_takes=1))
    # Each change, the fields it sets anew (to something other than the base's) and how it is called.
    changes: dict[str, tuple[dict[str, Any], Any]] = {
        "_copy": ({}, lambda turn, new: turn._copy()),
        "_with_claim": ({"claim": window}, lambda turn, new: turn._with_claim(new.claim)),
        "_with_taken": (
            {"taken": parse_card("8♥"), "taken_in_hand": False, "taken_staged": True},
            lambda turn, new: turn._with_taken(
                taken=new.taken, taken_in_hand=new.taken_in_hand, taken_staged=new.taken_staged
            ),
        ),
        "_laid_off_now": ({"laid_off": True}, lambda turn, new: turn._laid_off_now()),
        "_bound_to_go_out": ({"to_go_out": True}, lambda turn, new: turn._bound_to_go_out()),
        "_with_table_cards": (
            {"borrowed": parse_cards("8♥ 7♥"), "before": later, "table_takes": 3},
            lambda turn, new: turn._with_table_cards(
                borrowed=new.borrowed, before=new.before, table_takes=new.table_takes
            ),
        ),
    }
    # Every change a turn offers the core is proved here.
    offered = {name for name in vars(TurnState) if name.startswith("_") and name[1] != "_"}
    assert offered == {"_of", *changes}
    names = [field.name for field in attrs.fields(TurnState)]
    for method, (changed, call) in changes.items():
        for name, value in changed.items():
            assert getattr(base, name) != value, (method, name)
        new = TurnState(**{**{name: getattr(base, name) for name in names}, **changed})
        built = call(base, new)
        assert type(built) is TurnState
        assert built == new, method
        assert hash(built) == hash(new)
        for name in names:  # each slot holds the value given, or the base's, not a copy
            given = new if name in changed else base
            assert getattr(built, name) is getattr(given, name), (method, name)
    # A closing window: the claim set back to none.
    open_window = base._with_claim(window)
    assert open_window._with_claim(None) == base


def test_a_fast_path_refuses_a_field_left_out_or_unknown() -> None:
    """Maintainers' page, immutable values (issue 32, point 2): ``_of`` has no defaults and no placeholder values: every field is named."""
    meld = validate_meld(parse_cards("7♥ 8♥ 9♥"), find_rules("drov"))
    with pytest.raises(TypeError):
        TableMeld._of(meld=meld, owner=0, staged=False, fresh=frozenset())  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        TableMeld._of(  # type: ignore[call-arg]
            meld=meld, owner=0, staged=False, fresh=frozenset(), announced=(), colour="red"
        )
    entry = TableMeld._of(meld=meld, owner=1, staged=True, fresh=frozenset(), announced=())
    assert entry == TableMeld(meld, 1, staged=True)


def test_apply_carries_every_field_it_does_not_change() -> None:
    """Maintainers' page, immutable values: a state `apply` makes keeps the rules, seed, dealer and seats of the state before, and leaves that state as it was."""
    state = new_game(find_rules("drov"), 3, seed=8)
    copy = attrs.evolve(state)
    after = apply(state, legal_actions(state)[0])
    assert (after.phase, after.current_player) == (Phase.PLAY, 1)
    for name in ("rules", "seed", "dealer", "dealt_in", "table", "opened", "reshuffles"):
        assert getattr(after, name) is getattr(state, name), name
    assert state == copy
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)
    assert attrs.evolve(after) == after  # the constructor's checks accept what apply made


def _dead_table() -> GameState:
    """A position in which the player to act has no legal action (cardgames.zone rules, a free take).

    Seat 0 took the K♦ into its hand (rediscard_taken off) and holds nothing
    else: it may neither discard nor meld it. Built with ``attrs.evolve``
    from a state `apply` made, so only the constructor has judged it.
    """
    zone = find_rules("cardgames-zone")
    named = parse_cards("7♠ 8♠ 9♠ 3♣ 4♣ 5♣ 6♦ K♦ 2♠ 3♠ 4♠")
    stock = list(make_deck(zone))
    for card in named:
        stock.remove(card)
    state = new_position(
        zone,
        hands=["7♠ 8♠ 9♠", "3♣ 4♣", "5♣ 6♦"],
        stock=stock,
        discard_pile="K♦",
        table=[("2♠ 3♠ 4♠", 0)],
        opened=[True, False, False],
    )
    state = apply(state, TakeDiscard())
    return attrs.evolve(
        state,
        hands=(parse_cards("K♦"), *state.hands[1:]),
        stock=(*state.stock, *parse_cards("7♠ 8♠ 9♠")),
    )


def test_a_constructor_checks_structure_only_and_never_asks_for_a_legal_action() -> None:
    """Maintainers' page, values check their structure (issue 32, point 2): a dead table constructs, as a state and as a view."""
    stuck = _dead_table()
    assert stuck.phase is Phase.PLAY
    assert not stuck.is_over
    assert legal_actions(stuck) == ()
    seen = view(stuck, 0)
    assert PlayerView(**{f.name: getattr(seen, f.name) for f in attrs.fields(PlayerView)}) == seen


def test_a_dead_table_handed_in_from_outside_is_refused_as_before() -> None:
    """Maintainers' page, a position from outside plays on (issue 32, point 2): new_position, the documents and determinize refuse a dead table with the message the constructor gave."""
    stuck = _dead_table()
    with pytest.raises(InvalidPositionError, match=r"^the player to act has no legal action$"):
        new_position(
            stuck.rules,
            hands=stuck.hands,
            stock=stuck.stock,
            discard_pile=stuck.discard_pile,
            table=[(entry.meld.cards, entry.owner) for entry in stuck.table],
            opened=stuck.opened,
            phase=stuck.phase,
            turn=stuck.turn,
            seed=stuck.seed,
        )
    with pytest.raises(InvalidDataError, match=r"^state: the player to act has no legal action$"):
        loads(dumps(stuck))
    with pytest.raises(InvalidDataError, match=r"^view: the player to act has no legal action$"):
        from_dict(to_dict(view(stuck, 0)))
    with pytest.raises(InvalidPositionError, match=r"^the player to act has no legal action$"):
        determinize(view(stuck, 0), random.Random(1))
    # Another seat sees the whole hand to act (the taken K♦ alone): its view is judged too.
    with pytest.raises(InvalidDataError, match=r"^view: the player to act has no legal action$"):
        from_dict(to_dict(view(stuck, 1)))
    with pytest.raises(InvalidPositionError, match=r"^the player to act has no legal action$"):
        determinize(view(stuck, 1), random.Random(1))
