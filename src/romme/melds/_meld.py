"""The meld value (private): `Meld`, and what makes cards one under `Rules` (rules §3).

A `Meld` is valid by construction: its constructor checks its cards with
the validator here (`meld_failure`), and the validator builds the melds
it finds. The meld search (`romme.melds._search`) builds melds from here too;
`romme.melds` re-exports the public names.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import functools
import itertools
from typing import Final

import attrs

from romme import _guard
from romme._coded import CodedMeld
from romme.cards import JOKER, JOKER_CODE, Card, Rank, Suit, card_code, format_cards
from romme.errors import Reason
from romme.melds._parts import (
    ALL_SUITS,
    RANK_VALUES,
    RUN_JOKER_ROLES,
    SET_JOKER_ROLES,
    SUIT_BY_INDEX,
    WINDOWS,
    JokerRole,
    MeldKind,
)
from romme.rules import AdjacentJokers, JokerLimit, MeldShape, Rules, shape_of

__all__ = [
    "PERMISSIVE_RULES",
    "Failure",
    "Meld",
    "check",
    "meld_failure",
    "meld_value",
    "new_meld",
]


@attrs.frozen(kw_only=True)
class Meld(CodedMeld):
    """A valid set or run, in table order, with its value and its jokers' roles.

    Melds are made by `validate_meld` (or found by `find_melds`); their
    fields are derived from the cards and the rules, so build them through
    those functions rather than by hand.
    """

    kind: MeldKind
    """Set or run."""
    cards: tuple[Card, ...]
    """The cards in table order: a run low to high, a set by suit with jokers last."""
    ranks: tuple[Rank, ...]
    """The rank each position stands for (jokers included)."""
    suit: Suit | None
    """The suit of a run; ``None`` for a set."""
    value: int
    """The meld value: the sum of the values of the cards it stands for (rules §3)."""
    jokers: tuple[JokerRole, ...]
    """What each joker stands for, in table order."""

    def __attrs_post_init__(self) -> None:
        # Built by hand: the fields must be the ones validation gives these
        # cards (under some rules), or the value would not format or load back.
        _guard.instance(self.kind, MeldKind, "kind")
        _guard.instance(self.cards, tuple, "cards")
        if not any(
            meld_failure(self.cards, rules, self.kind) == self for rules in PERMISSIVE_RULES
        ):
            raise ValueError(
                f"{format_cards(self.cards)[:60]} with these fields is no meld; "
                "build melds with validate_meld"
            )
        _not_coded(self)

    @classmethod
    def _of(
        cls,
        *,
        kind: MeldKind,
        cards: tuple[Card, ...],
        ranks: tuple[Rank, ...],
        suit: Suit | None,
        value: int,
        jokers: tuple[JokerRole, ...],
    ) -> Meld:
        """The meld of these fields, unchecked: the validator's and the search's fast path.

        `Meld` has no converters, so filling its slots directly makes the
        same value as the constructor, without checking it against the
        validator again (`romme.GameState._of`); its codes start as not yet
        computed. Every field of `Meld` is a parameter (a test checks that
        none is missed).
        """
        meld = _new(cls)
        _put_kind(meld, kind)
        _put_cards(meld, cards)
        _put_ranks(meld, ranks)
        _put_suit(meld, suit)
        _put_value(meld, value)
        _put_jokers(meld, jokers)
        _put_key(meld, 0)
        _put_shape(meld, 0)
        return meld

    @property
    def rank(self) -> Rank | None:
        """The rank of a set; ``None`` for a run."""
        return self.ranks[0] if self.kind is MeldKind.SET else None

    @property
    def joker_count(self) -> int:
        """The number of jokers in the meld."""
        return len(self.jokers)

    @property
    def natural_count(self) -> int:
        """The number of natural (non-joker) cards in the meld."""
        return len(self.cards) - len(self.jokers)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)


# The slot setters of Meld's fields: they skip the frozen guard of attrs.
_MELD_SLOTS: Final = {field.name: getattr(Meld, field.name).__set__ for field in attrs.fields(Meld)}
_put_kind = _MELD_SLOTS["kind"]
_put_cards = _MELD_SLOTS["cards"]
_put_ranks = _MELD_SLOTS["ranks"]
_put_suit = _MELD_SLOTS["suit"]
_put_value = _MELD_SLOTS["value"]
_put_jokers = _MELD_SLOTS["jokers"]
_put_key: Final = vars(CodedMeld)["_key"].__set__
_put_shape: Final = vars(CodedMeld)["_shape"].__set__


def _not_coded(meld: Meld) -> None:
    """Mark `meld`'s codes as not yet computed (0: no meld codes to 0), so the first read raises nothing."""
    _put_key(meld, 0)
    _put_shape(meld, 0)


_new: Final = object.__new__
new_meld: Final = Meld._of
"""`Meld._of`, by the name the validator and the search build melds with."""


def meld_value(meld: Meld) -> int:
    """Return the value a meld counts for the opening (the same as ``meld.value``)."""
    return meld.value


# -- validation ---------------------------------------------------------------


class Failure:
    """Why cards are no meld; the message is written only when asked for."""

    __slots__ = ("cards", "detail", "reason")

    def __init__(self, reason: Reason, cards: tuple[Card, ...], detail: str) -> None:
        self.reason = reason
        self.cards = cards
        self.detail = detail

    @property
    def message(self) -> str:
        cards = self.cards
        text = (format_cards(cards[:20]) + (" …" if len(cards) > 20 else "")) or "no cards"
        return f"{text}: {self.detail}"


def _joker_limit_broken(jokers: int, naturals: int, shape: MeldShape) -> bool:
    return jokers > shape.most_jokers(naturals)


def _joker_limit_text(shape: MeldShape) -> str:
    return {
        JokerLimit.NONE: "any number of jokers",
        JokerLimit.ONE_PER_MELD: "at most one joker per meld",
        JokerLimit.NOT_MAJORITY: "no more jokers than natural cards",
        JokerLimit.MINORITY: "fewer jokers than natural cards",
    }[shape.joker_limit]


def _set_meld(cards: tuple[Card, ...], naturals: list[Card], shape: MeldShape) -> Meld | Failure:
    if len(cards) > 4:
        return Failure(Reason.SET_TOO_LARGE, cards, "a set holds at most four cards")
    suits = {card.suit for card in naturals}
    if shape.distinct_suits and len(suits) < len(naturals):
        return Failure(Reason.REPEATED_SUIT, cards, "a set may not hold a suit twice")
    jokers = len(cards) - len(naturals)
    if _joker_limit_broken(jokers, len(naturals), shape):
        return Failure(Reason.JOKER_LIMIT, cards, f"these rules allow {_joker_limit_text(shape)}")
    rank = naturals[0].rank
    assert rank is not None
    length = len(cards)
    if jokers:
        ordered = (*sorted(naturals, key=card_code), *(JOKER,) * jokers)
        free = ALL_SUITS - suits if shape.distinct_suits else ALL_SUITS
        roles = SET_JOKER_ROLES[rank, free][len(naturals) : length]
    else:
        ordered = tuple(sorted(naturals, key=card_code))
        roles = ()
    return new_meld(
        kind=MeldKind.SET,
        cards=ordered,
        ranks=(rank,) * length,
        suit=None,
        value=RANK_VALUES[rank] * length,
        jokers=roles,
    )


def _adjacent_jokers_forbidden(shape: MeldShape, length: int) -> bool:
    """Whether `shape` forbids two jokers side by side in a run of `length` cards."""
    return not shape.jokers_may_touch(length)


def _run_in_given_order(cards: tuple[Card, ...], shape: MeldShape) -> Meld | None:
    """Return the run `cards` make in the order given, or ``None``.

    ``None`` means the order given is no run that the rules of `shape` allow: no
    natural card, two suits, a gap, more than thirteen cards, too many
    jokers or jokers side by side where forbidden, or (without
    ``ace_wraps``) a run around the corner. Whether the cards form a meld
    in another order is then for `_run_meld` or `_set_meld` to say.

    When this returns a run, so would the full check (`_run_meld`): no
    other arrangement is nearer to the order given. That makes it the fast
    path `check` tries first.
    """
    length = len(cards)
    if length > 13:
        return None
    suit_index = -1  # no natural card seen yet
    offset = 0  # the start ordinal modulo 13 that the naturals so far agree on
    joker_places: list[int] = []
    for position, card in enumerate(cards):
        code = card.code
        if code == JOKER_CODE:
            joker_places.append(position)
        elif suit_index < 0:
            suit_index = code // 13
            offset = (code - position) % 13
        elif code // 13 != suit_index or (code - position) % 13 != offset:
            return None
    if suit_index < 0:
        return None
    start = -1 if offset == 12 else offset  # a run that begins with the ace begins low
    if not shape.ace_wraps and start + length - 1 > 12:
        return None
    jokers = len(joker_places)
    if jokers:
        if _joker_limit_broken(jokers, length - jokers, shape):
            return None
        if (
            jokers > 1
            and _adjacent_jokers_forbidden(shape, length)
            and any(b - a == 1 for a, b in itertools.pairwise(joker_places))
        ):
            return None
    return _run_from(cards, start, SUIT_BY_INDEX[suit_index], joker_places)


def _run_windows(
    cards: tuple[Card, ...], naturals: list[Card], wraps: bool
) -> list[tuple[int, list[int]]]:
    """Return every (start, natural positions) that places the naturals in a run of len(cards)."""
    length = len(cards)
    indices = [card.rank - 2 for card in naturals]  # type: ignore[operator]
    found = []
    for start in range(-1, 12):
        if not wraps and start + length - 1 > 12:
            break
        positions = [(index - start) % 13 for index in indices]
        if all(p < length for p in positions):
            found.append((start, positions))
    return found


def _inversions(order: list[int]) -> int:
    count = 0
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            if a > b:
                count += 1
    return count


def _run_meld(cards: tuple[Card, ...], naturals: list[Card], shape: MeldShape) -> Meld | Failure:
    """Return the run of `cards` (naturals of one suit) nearest to the order given, or why none.

    The caller has tried `_run_in_given_order` first: when the order given
    is a run these rules allow, that is the answer and this is not asked.
    """
    suit = naturals[0].suit
    assert suit is not None
    if len({card.rank for card in naturals}) < len(naturals):
        return Failure(Reason.REPEATED_RANK, cards, "a run may not hold a rank twice")
    length = len(cards)
    if length > 13:
        return Failure(Reason.RUN_TOO_LONG, cards, "a run holds at most thirteen cards")
    jokers = length - len(naturals)
    if _joker_limit_broken(jokers, len(naturals), shape):
        return Failure(Reason.JOKER_LIMIT, cards, f"these rules allow {_joker_limit_text(shape)}")
    check_adjacent = _adjacent_jokers_forbidden(shape, length)
    windows = _run_windows(cards, naturals, shape.ace_wraps)
    if not windows:
        if not shape.ace_wraps and _run_windows(cards, naturals, True):
            return Failure(
                Reason.AROUND_THE_CORNER,
                cards,
                "a run may not go around the corner (K-A-2) under these rules",
            )
        return Failure(Reason.GAP, cards, "the cards are not in sequence")
    best: tuple[tuple[int, int, int], tuple[Card, ...], list[int]] | None = None
    for start, positions in windows:
        arranged: list[Card] = [JOKER] * length
        for card, p in zip(naturals, positions, strict=True):
            arranged[p] = card
        if check_adjacent and any(
            arranged[p] is JOKER and arranged[p + 1] is JOKER for p in range(length - 1)
        ):
            continue
        # How far the window's order is from the order given: jokers are
        # matched to joker places in the order given.
        joker_places = [p for p in range(length) if arranged[p] is JOKER]
        joker_place = iter(joker_places)
        natural_place = iter(positions)
        order = [
            next(joker_place) if card.code == JOKER_CODE else next(natural_place) for card in cards
        ]
        key = (_inversions(order), -WINDOWS[start, length][1], start)
        if best is None or key < best[0]:
            best = (key, tuple(arranged), joker_places)
    if best is None:
        return Failure(
            Reason.ADJACENT_JOKERS, cards, "two jokers may not lie side by side in this run"
        )
    (_, _, start), arranged_cards, joker_places = best
    return _run_from(arranged_cards, start, suit, joker_places)


def _run_from(arranged: tuple[Card, ...], start: int, suit: Suit, joker_places: list[int]) -> Meld:
    """The run meld of cards in table order that start at `start`, jokers at `joker_places`."""
    ranks, value = WINDOWS[start, len(arranged)]
    if joker_places:
        roles = RUN_JOKER_ROLES[suit, start]
        table = list(arranged)
        for p in joker_places:
            table[p] = JOKER  # every joker is the one JOKER value, a caller's ``Card()`` too
        arranged = tuple(table)
        jokers = tuple([roles[p] for p in joker_places])
    else:
        jokers = ()
    return new_meld(
        kind=MeldKind.RUN,
        cards=arranged,
        ranks=ranks,
        suit=suit,
        value=value,
        jokers=jokers,
    )


PERMISSIVE_RULES: Final = tuple(
    Rules(
        joker_limit=JokerLimit.NONE,
        adjacent_jokers=AdjacentJokers.ALLOWED,
        ace_wraps=True,
        set_distinct_suits=distinct,
        jokers_only_ends_round=False,
    )
    for distinct in (True, False)
)
"""The most permissive rules, with sets of distinct suits and without: every meld of some rules
is a meld of one of them (a meld stored without its rules is checked under these)."""


def check(cards: tuple[Card, ...], shape: MeldShape, kind: MeldKind | None) -> Meld | Failure:
    if len(cards) < 3:
        return Failure(Reason.TOO_FEW_CARDS, cards, "a meld needs at least three cards")
    if kind is not MeldKind.SET:
        # The common case first. A run in the order given is the answer
        # whatever else the cards could form: it is preferred to a set and
        # to any other order of the cards.
        in_order = _run_in_given_order(cards, shape)
        if in_order is not None:
            return in_order
    naturals = [card for card in cards if card.code != JOKER_CODE]
    if not naturals:
        return Failure(Reason.ONLY_JOKERS, cards, "a meld needs at least one natural card")
    one_rank = len({card.rank for card in naturals}) == 1
    one_suit = len({card.suit for card in naturals}) == 1
    if kind is MeldKind.SET or (kind is None and one_rank and not one_suit):
        if not one_rank:
            return Failure(Reason.MIXED_RANKS, cards, "a set holds cards of one rank only")
        return _set_meld(cards, naturals, shape)
    if kind is MeldKind.RUN or (one_suit and not one_rank):
        if not one_suit:
            return Failure(Reason.MIXED_SUITS, cards, "a run holds cards of one suit only")
        return _run_meld(cards, naturals, shape)
    if not one_rank:  # and not one_suit: neither kind
        ranks = len({card.rank for card in naturals})
        suits = len({card.suit for card in naturals})
        reason = Reason.MIXED_RANKS if ranks <= suits else Reason.MIXED_SUITS
        return Failure(reason, cards, "neither a set (mixed ranks) nor a run (mixed suits)")
    # One natural card (or copies of one card) and jokers: either kind may fit.
    # A run in the order given is preferred (tried above), then a set, then a
    # re-ordered run.
    as_set = _set_meld(cards, naturals, shape)
    if isinstance(as_set, Meld):
        return as_set
    run = _run_meld(cards, naturals, shape)
    if isinstance(run, Meld) or len(naturals) == 1:
        return run
    return as_set


def meld_failure(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None = None
) -> tuple[Reason, str] | Meld:
    """Return the meld, or the reason and message why `cards` are none (no exception).

    Results are cached by the cards and the meld shape of `rules`: the
    engine asks about the same cards again and again.
    """
    return cached_check(cards, shape_of(rules), kind)


@functools.lru_cache(maxsize=4096)
def cached_check(
    cards: tuple[Card, ...], shape: MeldShape, kind: MeldKind | None
) -> tuple[Reason, str] | Meld:
    result = check(cards, shape, kind)
    if isinstance(result, Failure):
        return result.reason, result.message
    return result
