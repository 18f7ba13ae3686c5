"""Encoders and decoders per kind of value (private): rules, melds, the table, turns, results, states, views.

Each ``_x_out`` writes a value as the body of its JSON document and each
``_x_in`` reads one back through a `Reader`, checking it. `romme.documents._serialize`
registers them per document type; `romme.documents._records` and `romme.play._match` build
their documents from the ones listed in ``__all__``.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from romme._turn import stuck_problem
from romme.documents._reader import (
    JSON,
    Reader,
    T,
    read_bools,
    read_card,
    read_cards,
    read_enum,
    read_int,
    read_ints,
)
from romme.errors import InvalidDataError, InvalidPositionError, RommeError
from romme.game import (
    ASS_FIRST_OUT_BONUS,
    MAX_SEED,
    MAX_TURNS,
    ClaimWindow,
    EndReason,
    GameState,
    Phase,
    PlayerView,
    RoundResult,
    TableBefore,
    TableMeld,
    TurnState,
    first_on_table,
)
from romme.melds import PERMISSIVE_RULES, Meld, MeldKind, meld_failure
from romme.rules import (
    MAX_RESHUFFLES,
    MAX_SEATS,
    MAX_TABLE_TAKES,
    PRESETS,
    Rules,
    find_rules,
    preset_name,
)

PositionT = TypeVar("PositionT", GameState, PlayerView)

__all__ = [
    "construct",
    "meld_in",
    "meld_out",
    "result_in",
    "result_out",
    "rules_in",
    "rules_out",
    "state_in",
    "state_out",
    "view_in",
    "view_out",
]

# -- writers and readers per type ----------------------------------------------------


def rules_out(rules: Rules) -> JSON:
    name = preset_name(rules)
    if name is not None:
        return {"preset": name}
    # The preset with the fewest differences, and those differences.
    best_name, best_diff = None, rules_diff(Rules(), rules)
    for candidate, preset in PRESETS.items():
        diff = rules_diff(preset, rules)
        if len(diff) < len(best_diff):
            best_name, best_diff = candidate, diff
    return {"preset": best_name, **best_diff}


def rules_diff(base: Rules, rules: Rules) -> JSON:
    out: JSON = {}
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if value != getattr(base, field.name):
            out[field.name] = value.value if hasattr(value, "value") else value
    return out


def rules_in(reader: Reader) -> Rules:
    preset = reader.raw("preset") if reader.has("preset") else None
    if preset is None:
        base = Rules()
    elif isinstance(preset, str):
        try:
            base = find_rules(preset)
        except RommeError as error:
            raise InvalidDataError(f"{reader.where('preset')}: {error}") from None
    else:
        raise InvalidDataError(f"{reader.where('preset')}: expected a preset name or null")
    changes: dict[str, Any] = {}
    fields = {field.name: field for field in attrs.fields(Rules)}
    for key, value in reader.data.items():
        if key == "preset":
            continue
        if not isinstance(key, str) or key not in fields:
            raise InvalidDataError(f"{reader.path}: unknown field {key!r}")
        default = fields[key].default
        if isinstance(default, str):  # an enum field (the enums subclass str)
            changes[key] = read_enum(type(default), value, reader.where(key))
        else:
            changes[key] = value
    try:
        return attrs.evolve(base, **changes)
    except (RommeError, TypeError, ValueError) as error:
        raise InvalidDataError(f"{reader.path}: {error}") from None


def meld_out(meld: Meld) -> JSON:
    return {
        "kind": meld.kind.value,
        "cards": [str(card) for card in meld.cards],
        "value": meld.value,
        "jokers": [
            {
                "position": role.position,
                "rank": role.rank.symbol,
                "suits": sorted(s.value for s in role.suits),
            }
            for role in meld.jokers
        ],
    }


def meld_in(reader: Reader, rules: Rules | None) -> Meld:
    kind = read_enum(MeldKind, reader.get_str("kind"), reader.where("kind"))
    cards = read_cards(reader.raw("cards"), reader.where("cards"))
    stored_jokers = reader.get_list("jokers") if reader.has("jokers") else None
    if rules is None:
        # A meld alone: rebuild it under the most permissive rules (sets with
        # distinct suits or not), then check the stored details agree.
        candidates = [meld_failure(cards, rules, kind) for rules in PERMISSIVE_RULES]
        melds = [m for m in candidates if isinstance(m, Meld)]
        matching = [
            m for m in melds if stored_jokers is None or meld_out(m)["jokers"] == stored_jokers
        ]
        result: Meld | tuple[object, str] = (matching or melds or candidates)[0]
    else:
        result = meld_failure(cards, rules, kind)
    if not isinstance(result, Meld):
        raise InvalidDataError(
            f"{reader.path}: not a valid meld under the document's rules: {result[1]}"
        )
    if result.cards != cards:
        raise InvalidDataError(
            f"{reader.path}: the cards are not in table order ({result} expected)"
        )
    if reader.has("value") and reader.raw("value") != result.value:
        raise InvalidDataError(f"{reader.where('value')}: the meld is worth {result.value}")
    if stored_jokers is not None and stored_jokers != meld_out(result)["jokers"]:
        raise InvalidDataError(
            f"{reader.where('jokers')}: does not match what the jokers stand for"
        )
    return result


def table_out(entry: TableMeld) -> JSON:
    out: JSON = {
        "kind": entry.meld.kind.value,
        "cards": [str(card) for card in entry.meld.cards],
        "owner": entry.owner,
        "staged": entry.staged,
        "fresh": sorted(entry.fresh),
    }
    if entry.announced:  # written only when announced, so other documents stay as they were
        out["announced"] = [str(card) for card in entry.announced]
    return out


def table_in(value: object, path: str, rules: Rules, players: int) -> TableMeld:
    reader = Reader(value, path)
    meld = meld_in(reader, rules)
    owner = reader.get_int("owner", minimum=0, maximum=players - 1)
    staged = reader.get_bool("staged")
    fresh_raw = reader.get_list("fresh")
    fresh = frozenset(
        read_int(p, f"{path}.fresh[{i}]", 0, len(meld) - 1) for i, p in enumerate(fresh_raw)
    )
    if any(not meld.cards[p].is_joker for p in fresh):
        raise InvalidDataError(f"{path}.fresh: names a position that holds no joker")
    announced = (
        read_cards(reader.raw("announced"), reader.where("announced"))
        if reader.has("announced")
        else ()
    )
    reader.done()
    return construct(
        TableMeld, path, meld=meld, owner=owner, staged=staged, fresh=fresh, announced=announced
    )


def turn_out(turn: TurnState) -> JSON:
    out: JSON = {
        "number": turn.number,
        "opened_before": turn.opened_before,
        "taken": None if turn.taken is None else str(turn.taken),
        "taken_in_hand": turn.taken_in_hand,
        "taken_staged": turn.taken_staged,
        "laid_off": turn.laid_off,
    }
    # Written only when the player must go out this turn (DRoV Nr. 10), so that
    # every other document stays as it was.
    if turn.to_go_out:
        out["to_go_out"] = True
    # Written only when a card was taken from the table (Räuber-Rommé), so that
    # every document of the other rules stays as it was; a document without
    # table_takes counts none.
    if turn.borrowed:
        out["borrowed"] = [str(card) for card in turn.borrowed]
    if turn.table_takes:
        out["table_takes"] = turn.table_takes
    if turn.before is not None:
        out["before"] = {
            "table": [table_out(entry) for entry in turn.before.table],
            "opened": turn.before.opened,
            "turn": turn_out(turn.before.turn),
        }
    claim = turn.claim
    if claim is not None:
        # Written only while a window is open, so documents without one read as before.
        out["claim"] = {
            "turn_of": claim.turn_of,
            "passed": list(claim.passed),
            "buyer": claim.buyer,
            "consented": list(claim.consented),
        }
    return out


def _seat_list(reader: Reader, key: str) -> tuple[int, ...]:
    raw = reader.get_list(key)
    return tuple(
        read_int(seat, f"{reader.where(key)}[{i}]", 0, MAX_SEATS - 1) for i, seat in enumerate(raw)
    )


def _claim_in(reader: Reader) -> ClaimWindow:
    fields = {
        "turn_of": reader.get_int("turn_of", minimum=0, maximum=MAX_SEATS - 1),
        "passed": _seat_list(reader, "passed"),
        "buyer": reader.get_optional_int("buyer", minimum=0),
        "consented": _seat_list(reader, "consented"),
    }
    reader.done()
    return construct(ClaimWindow, reader.path, **fields)


def turn_in(reader: Reader, rules: Rules, players: int, *, nested: bool = False) -> TurnState:
    taken = reader.raw("taken")
    fields: dict[str, Any] = {
        "number": reader.get_int("number", minimum=0, maximum=MAX_TURNS),
        "opened_before": reader.get_bool("opened_before"),
        "taken": None if taken is None else read_card(taken, reader.where("taken")),
        "taken_in_hand": reader.get_bool("taken_in_hand"),
        "taken_staged": reader.get_bool("taken_staged"),
        "laid_off": reader.get_bool("laid_off"),
        "to_go_out": reader.get_bool("to_go_out") if reader.has("to_go_out") else False,
        "claim": _claim_in(reader.get_object("claim")) if reader.has("claim") else None,
    }
    if reader.has("borrowed"):
        fields["borrowed"] = read_cards(reader.raw("borrowed"), reader.where("borrowed"))
    if reader.has("table_takes"):
        fields["table_takes"] = reader.get_int("table_takes", minimum=0, maximum=MAX_TABLE_TAKES)
    if reader.has("before") and not nested:
        fields["before"] = _before_in(reader.get_object("before"), rules, players)
    reader.done()
    return construct(TurnState, reader.path, **fields)


def _before_in(reader: Reader, rules: Rules, players: int) -> TableBefore:
    """The table and turn before the first card was taken from the table (Räuber-Rommé)."""
    if len(reader.get_list("table")) > rules.deck_size // 3:
        raise InvalidDataError(f"{reader.where('table')}: more melds than the deck can make")
    table = tuple(
        table_in(item, f"{reader.where('table')}[{i}]", rules, players)
        for i, item in enumerate(reader.get_list("table"))
    )
    opened = reader.get_bool("opened")
    turn = turn_in(reader.get_object("turn"), rules, players, nested=True)
    reader.done()
    return construct(TableBefore, reader.path, table=table, opened=opened, turn=turn)


def result_out(result: RoundResult) -> JSON:
    out: JSON = {
        "end": result.end.value,
        "winner": result.winner,
        "hand_romme": result.hand_romme,
        "penalties": list(result.penalties),
        "dealt_in": list(result.dealt_in),
        "opened": list(result.opened),
    }
    if result.bonuses:  # only under ass_bonuses: documents of other rules keep their shape
        out["bonuses"] = list(result.bonuses)
    return out


def result_in(reader: Reader) -> RoundResult:
    penalties_raw = reader.get_list("penalties")
    players = len(penalties_raw)
    if not 2 <= players <= 6:
        raise InvalidDataError(f"{reader.where('penalties')}: expected 2 to 6 seats")
    end = read_enum(EndReason, reader.get_str("end"), reader.where("end"))
    winner = reader.get_optional_int("winner", minimum=0)
    if winner is not None and winner >= players:
        raise InvalidDataError(f"{reader.where('winner')}: no seat {winner}")
    if (winner is None) != (end is not EndReason.WENT_OUT):
        raise InvalidDataError(
            f"{reader.path}: a round that ended by {end.value!r} has {'no' if winner is None else 'a'} winner"
        )
    result = construct(
        RoundResult,
        reader.path,
        end=end,
        winner=winner,
        hand_romme=reader.get_bool("hand_romme"),
        penalties=read_ints(penalties_raw, reader.where("penalties"), players),
        dealt_in=read_bools(reader.raw("dealt_in"), reader.where("dealt_in"), players),
        opened=read_bools(reader.raw("opened"), reader.where("opened"), players),
        bonuses=_bonuses_in(reader, players),
    )
    reader.done()
    if winner is not None and not (result.opened[winner] and result.dealt_in[winner]):
        raise InvalidDataError(f"{reader.path}: the winner must have been dealt in and opened")
    if winner is not None and result.penalties[winner] != 0:
        raise InvalidDataError(f"{reader.path}.penalties: the winner scores 0")
    if result.hand_romme and winner is None:
        raise InvalidDataError(f"{reader.path}: a Hand-Rommé needs a winner")
    return result


def _bonuses_in(reader: Reader, players: int) -> tuple[int, ...]:
    """A result's optional ``bonuses`` (written only under ``ass_bonuses``)."""
    if not reader.has("bonuses"):
        return ()
    value, path = reader.raw("bonuses"), reader.where("bonuses")
    if not isinstance(value, list) or len(value) != players:
        raise InvalidDataError(f"{path}: expected a list of {players} integers")
    limit = ASS_FIRST_OUT_BONUS
    return tuple(read_int(item, f"{path}[{i}]", -limit, limit) for i, item in enumerate(value))


def position_out(position: GameState | PlayerView) -> JSON:
    """The fields a state and a view share.

    ``first_to_open`` is written only where the table does not show it
    (`first_on_table`): a meld broken up under Räuber-Rommé; other
    documents keep their shape.
    """
    out: JSON = {
        "rules": rules_out(position.rules),
        "dealer": position.dealer,
        "current_player": position.current_player,
        "phase": position.phase.value,
        "discard_pile": [str(card) for card in position.discard_pile],
        "table": [table_out(entry) for entry in position.table],
        "opened": list(position.opened),
        "dealt_in": list(position.dealt_in),
        "turn": turn_out(position.turn),
        "reshuffles": position.reshuffles,
        "result": None if position.result is None else result_out(position.result),
    }
    if position.first_to_open != first_on_table(position):
        out["first_to_open"] = position.first_to_open
    return out


def state_out(state: GameState) -> JSON:
    return {
        **position_out(state),
        "seed": state.seed,
        "hands": [[str(card) for card in hand] for hand in state.hands],
        "stock": [str(card) for card in state.stock],
    }


def common_position(reader: Reader, players: int) -> dict[str, Any]:
    """Fields a state and a view share, read and checked."""
    rules = rules_in(reader.get_object("rules"))
    if not 2 <= players <= rules.max_players:
        raise InvalidDataError(
            f"{reader.path}: these rules seat 2 to {rules.max_players}, not {players}"
        )
    fields: dict[str, Any] = {
        "rules": rules,
        "dealer": reader.get_int("dealer", minimum=0, maximum=players - 1),
        "current_player": reader.get_int("current_player", minimum=0, maximum=players - 1),
        "phase": read_enum(Phase, reader.get_str("phase"), reader.where("phase")),
        "discard_pile": read_cards(reader.raw("discard_pile"), reader.where("discard_pile")),
        "opened": read_bools(reader.raw("opened"), reader.where("opened"), players),
        "dealt_in": read_bools(reader.raw("dealt_in"), reader.where("dealt_in"), players),
        "turn": turn_in(reader.get_object("turn"), rules, players),
        "reshuffles": reader.get_int("reshuffles", minimum=0, maximum=MAX_RESHUFFLES),
    }
    if len(reader.get_list("table")) > rules.deck_size // 3:
        raise InvalidDataError(f"{reader.where('table')}: more melds than the deck can make")
    fields["table"] = tuple(
        table_in(item, f"{reader.where('table')}[{i}]", rules, players)
        for i, item in enumerate(reader.get_list("table"))
    )
    result = reader.raw("result")
    fields["result"] = None if result is None else result_in(Reader(result, reader.where("result")))
    if reader.has("first_to_open"):  # else read off the table (the field's default)
        first = reader.raw("first_to_open")
        fields["first_to_open"] = (
            None
            if first is None
            else reader.get_int("first_to_open", minimum=0, maximum=players - 1)
        )
    return fields


def state_in(reader: Reader) -> GameState:
    hands_raw = reader.get_list("hands")
    players = len(hands_raw)
    if not 2 <= players <= 6:
        raise InvalidDataError(f"{reader.where('hands')}: expected 2 to 6 hands, got {players}")
    fields = common_position(reader, players)
    hands = tuple(
        read_cards(hand, f"{reader.where('hands')}[{i}]") for i, hand in enumerate(hands_raw)
    )
    seed = reader.get_int("seed", minimum=1 - MAX_SEED, maximum=MAX_SEED - 1)
    stock = read_cards(reader.raw("stock"), reader.where("stock"))
    reader.done()
    state = construct(GameState, reader.path, seed=seed, hands=hands, stock=stock, **fields)
    return _playable(state, reader.path)


def construct(cls: type[T], path: str, **fields: Any) -> T:
    """Build `cls` from fields read, turning what its constructor refuses into `InvalidDataError`.

    The constructors of `GameState` and `PlayerView` check the structure
    of the position as a whole (`romme._turn.deal.state_problem`); the error's
    ``where`` names the field at fault below `path`.
    """
    try:
        return cls(**fields)
    except InvalidPositionError as error:
        where = f"{path}.{error.where}" if error.where else path
        raise InvalidDataError(f"{where}: {error.detail}") from None
    except (TypeError, ValueError) as error:
        raise InvalidDataError(f"{path}: {error}") from None


def _playable(position: PositionT, path: str) -> PositionT:
    """`position`, read from a document, unless its player to act has no legal action (`stuck_problem`).

    Asked of every state and view a document holds, after the
    constructor's checks of structure, as `InvalidDataError` at `path`.
    """
    problem = stuck_problem(position)
    if problem is not None:
        raise InvalidDataError(f"{path}: {problem[1]}")
    return position


def view_out(seen: PlayerView) -> JSON:
    return {
        **position_out(seen),
        "player": seen.player,
        "hand": [str(card) for card in seen.hand],
        "hand_sizes": list(seen.hand_sizes),
        "stock_size": seen.stock_size,
    }


def view_in(reader: Reader) -> PlayerView:
    sizes_raw = reader.get_list("hand_sizes")
    players = len(sizes_raw)
    if not 2 <= players <= 6:
        raise InvalidDataError(
            f"{reader.where('hand_sizes')}: expected 2 to 6 seats, got {players}"
        )
    fields = common_position(reader, players)
    player = reader.get_int("player", minimum=0, maximum=players - 1)
    hand = tuple(sorted(read_cards(reader.raw("hand"), reader.where("hand"))))
    sizes = read_ints(sizes_raw, reader.where("hand_sizes"), players)
    stock_size = reader.get_int("stock_size", minimum=0)
    reader.done()
    seen = construct(
        PlayerView,
        reader.path,
        player=player,
        hand=hand,
        hand_sizes=sizes,
        stock_size=stock_size,
        **fields,
    )
    return _playable(seen, reader.path)
