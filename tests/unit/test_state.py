"""The values of a position: what their constructors check, and the engine's copies of them (docs/maintainers.md: immutable states)."""

from __future__ import annotations

import inspect
import random
from typing import Any

import attrs
import pytest

from romme import (
    GameState,
    InvalidDataError,
    InvalidPositionError,
    Phase,
    PlayerView,
    TableMeld,
    TakeDiscard,
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
from romme.state import replace_state


def test_replace_state_copies_every_field() -> None:
    state = new_game(find_rules("drov"), 4, seed=3)
    copy = replace_state(state)
    assert copy == state
    assert copy is not state
    for field in attrs.fields(GameState):
        assert getattr(copy, field.name) is getattr(state, field.name), field.name


def test_replace_state_parameters_are_state_fields() -> None:
    names = {field.name for field in attrs.fields(GameState)}
    parameters = set(inspect.signature(replace_state).parameters) - {"state"}
    assert parameters <= names
    # The fields the engine never changes within a round.
    assert names - parameters == {"rules", "seed", "dealer", "dealt_in"}


def test_replace_state_changes_only_what_it_is_given() -> None:
    state = new_game(find_rules("drov"), 3, seed=8)
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)
    after = replace_state(state, phase=Phase.PLAY, current_player=2)
    assert (after.phase, after.current_player) == (Phase.PLAY, 2)
    assert attrs.evolve(after, phase=Phase.DRAW, current_player=1) == state
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)  # the input is unchanged


def test_trusted_builder_sets_every_slot_as_the_checked_constructor_does() -> None:
    from romme._guard import builder

    build = builder(TurnState)
    fields: dict[str, Any] = {
        "number": 4,
        "opened_before": True,
        "taken": parse_card("7♥"),
        "taken_in_hand": True,
        "taken_staged": False,
        "laid_off": True,
        "to_go_out": False,
        "borrowed": (),
        "before": None,
        "claim": None,
        "table_takes": 2,
    }
    assert {field.name for field in attrs.fields(TurnState)} == set(fields)
    built = build(**fields)
    assert type(built) is TurnState
    assert built == TurnState(**fields)
    assert hash(built) == hash(TurnState(**fields))
    assert builder(TurnState) is build  # written once per class


def test_trusted_builder_refuses_a_field_left_out_or_unknown() -> None:
    from romme._guard import builder

    build = builder(TableMeld)
    meld = validate_meld(parse_cards("7♥ 8♥ 9♥"), find_rules("drov"))
    with pytest.raises(TypeError):
        build(meld=meld, owner=0, staged=False, fresh=frozenset())  # no `announced`
    with pytest.raises(TypeError):
        build(meld=meld, owner=0, staged=False, fresh=frozenset(), announced=(), colour="red")
    entry = build(meld=meld, owner=1, staged=True, fresh=frozenset(), announced=())
    assert entry == TableMeld(meld, 1, staged=True)


@attrs.frozen(kw_only=True)
class _Base:
    first: int
    second: str = "b"


@attrs.frozen(kw_only=True)
class _Derived(_Base):
    third: tuple[int, ...]


def test_trusted_builder_of_a_subclass_sets_its_bases_fields_too() -> None:
    from romme._guard import builder

    built = builder(_Derived)(first=1, second="two", third=(3,))
    assert built == _Derived(first=1, second="two", third=(3,))
    with pytest.raises(TypeError):
        builder(_Derived)(third=(3,))  # the base's fields are not optional either


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
