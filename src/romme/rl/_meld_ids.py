"""The numbering of lay-downs and lay-offs (private): the part of `romme.rl.spaces.ActionSpace`
that turns a meld of the catalog, a lay-off pattern or an announcement into an id and back.

`MeldNumbering` holds the catalog of one `romme.Rules` (set and run shapes,
lay-off patterns) and the ids' arithmetic; `ActionSpace` adds the ranges,
the swaps and the masks. The range starts (``_start``) are the subclass's.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Final

from romme import JOKER, Action, Card, LayDown, LayOff, MeldKind, Rank, RommeError, Rules, Side
from romme.rl._catalog import (
    SET_PATTERNS,
    index_of,
    natural,
    rank_index,
    run_patterns,
    run_shapes,
    set_shapes,
    suit_index,
)

if TYPE_CHECKING:
    from romme import GameState, PlayerView

__all__ = ["ANNOUNCE_WIDTH", "ActionSpaceError", "MeldNumbering"]

_ANNOUNCEMENTS: Final = tuple(
    tuple(itertools.combinations_with_replacement(range(4), jokers)) for jokers in range(4)
)
"""The suit indexes a set's jokers may be announced as, by the number of jokers laid (Schmidt S. 3)."""
_ANNOUNCE_INDEX: Final = tuple(
    {suits: index for index, suits in enumerate(combinations)} for combinations in _ANNOUNCEMENTS
)
ANNOUNCE_WIDTH: Final = len(_ANNOUNCEMENTS[-1])
"""Ids one set of the catalog takes in the ``announce`` range: every announcement of three jokers."""


class ActionSpaceError(RommeError, ValueError):
    """An action or id the action space cannot encode or decode (not in its layout, or not legal)."""


class MeldNumbering:
    """The catalog of one `romme.Rules` and the ids of lay-downs, lay-offs and announcements."""

    _start: dict[str, int]
    _runs_start: int

    def __init__(self, rules: Rules) -> None:
        self._sets = set_shapes(rules)
        self._runs = run_shapes(rules)
        self._set_index = index_of(self._sets)
        self._run_index = index_of(self._runs)
        self._patterns = run_patterns(rules)
        self._pattern_index = index_of(self._patterns)
        self._slot_ids = SET_PATTERNS + 2 * len(self._patterns)
        self._slot_count = rules.deck_size // 3  # as many melds as the deck can lie in

    def _meld_id(self, action: LayDown) -> int:
        cards = action.cards
        naturals = [card for card in cards if not card.is_joker]
        jokers = len(cards) - len(naturals)
        if not naturals:
            raise ActionSpaceError(f"{action}: no meld of the catalog")
        if action.kind is MeldKind.SET:
            suits = tuple(sorted(suit_index(card) for card in naturals))
            canonical = (*sorted(naturals, key=lambda card: card.code), *(JOKER,) * jokers)
            shape = self._set_index.get((suits, jokers))
            if shape is None or canonical != cards or len({c.rank for c in naturals}) != 1:
                raise ActionSpaceError(f"{action}: no set of the catalog in table order")
            meld = rank_index(naturals[0]) * len(self._sets) + shape
            if action.announce:
                return (
                    self._start_of("announce", action)
                    + meld * ANNOUNCE_WIDTH
                    + (self._combination(action.announce, naturals[0], jokers, action))
                )
            return self._start["lay_down"] + meld
        if action.kind is MeldKind.RUN:
            first = next(p for p, card in enumerate(cards) if not card.is_joker)
            suit = suit_index(cards[first])
            start = (rank_index(cards[first]) - first) % 13
            mask = sum(1 << p for p, card in enumerate(cards) if card.is_joker)
            run = self._run_index.get((start, len(cards), mask))
            if run is None or any(
                card != natural(start + p, suit)
                for p, card in enumerate(cards)
                if not card.is_joker
            ):
                raise ActionSpaceError(f"{action}: no run of the catalog in table order")
            return self._runs_start + suit * len(self._runs) + run
        raise ActionSpaceError(f"{action}: a lay-down is encoded with its kind")

    def _start_of(self, name: str, action: Action) -> int:
        """The first id of range `name`, which these rules must have for `action`."""
        start = self._start.get(name)
        if start is None:
            raise ActionSpaceError(f"{action} is no action of the layout under these rules")
        return start

    @staticmethod
    def _combination(
        announce: tuple[Card, ...], natural_card: Card, jokers: int, action: Action
    ) -> int:
        """The index of the suits `announce` names among the announcements of `jokers` jokers."""
        suits = tuple(suit_index(card) for card in announce)
        if (
            len(announce) != jokers
            or any(card.rank is not natural_card.rank for card in announce)
            or suits != tuple(sorted(suits))
        ):
            raise ActionSpaceError(f"{action}: no announcement of the layout, one card per joker")
        return _ANNOUNCE_INDEX[jokers][suits]

    def _lay_off_id(self, action: LayOff) -> int:
        if action.target >= self._slot_count:
            raise ActionSpaceError(f"{action}: the deck lies in at most {self._slot_count} melds")
        if action.announce:
            if action.cards != (JOKER,) or len(action.announce) != 1:
                raise ActionSpaceError(f"{action}: an announced lay-off is one joker onto a set")
            return (
                self._start_of("announce_off", action)
                + action.target * 4
                + suit_index(action.announce[0])
            )
        base = self._start["lay_off"] + action.target * self._slot_ids
        cards = action.cards
        if action.side is None:
            if len(cards) != 1:
                raise ActionSpaceError(f"{action}: a set takes one card at a time")
            card = cards[0]
            return base + (SET_PATTERNS - 1 if card.is_joker else suit_index(card))
        mask = sum(1 << p for p, card in enumerate(cards) if card.is_joker)
        pattern = self._pattern_index.get((len(cards), mask))
        if pattern is None:
            raise ActionSpaceError(f"{action}: no lay-off pattern of the layout")
        side = 0 if action.side is Side.LOW else 1
        return base + SET_PATTERNS + side * len(self._patterns) + pattern

    def _decode_use(
        self, name: str, offset: int, position: GameState | PlayerView
    ) -> LayDown | LayOff:
        if name == "lay_down":
            return self._decode_meld(offset)
        if name == "announce":
            set_id, combination = divmod(offset, ANNOUNCE_WIDTH)
            laid = self._decode_meld(set_id)
            jokers = laid.cards.count(JOKER)
            if not jokers or combination >= len(_ANNOUNCEMENTS[jokers]):
                raise ActionSpaceError(f"announcement {combination} of {jokers} jokers")
            rank = rank_index(laid.cards[0])
            announce = tuple(natural(rank, suit) for suit in _ANNOUNCEMENTS[jokers][combination])
            return LayDown(laid.cards, MeldKind.SET, announce=announce)
        if name == "announce_off":
            slot, suit = divmod(offset, 4)
            if slot >= len(position.table) or position.table[slot].meld.kind is not MeldKind.SET:
                raise ActionSpaceError(f"an announced joker onto slot {slot}, which holds no set")
            rank = int(position.table[slot].meld.ranks[0]) - 2
            return LayOff(slot, (JOKER,), None, announce=(natural(rank, suit),))
        slot, pattern = divmod(offset, self._slot_ids)
        if slot >= len(position.table):
            raise ActionSpaceError(f"lay-off onto slot {slot}, but the table holds fewer melds")
        meld = position.table[slot].meld
        if pattern < SET_PATTERNS:
            if meld.kind is not MeldKind.SET:
                raise ActionSpaceError(f"a set lay-off onto slot {slot}, which holds a run")
            if pattern == SET_PATTERNS - 1:
                return LayOff(slot, (JOKER,), None)
            return LayOff(slot, (natural(int(meld.ranks[0]) - 2, pattern),), None)
        if meld.kind is not MeldKind.RUN or meld.suit is None:
            raise ActionSpaceError(f"a run lay-off onto slot {slot}, which holds a set")
        side_index, run_pattern = divmod(pattern - SET_PATTERNS, len(self._patterns))
        count, mask = self._patterns[run_pattern]
        suit = suit_index(Card(Rank.TWO, meld.suit))
        if side_index == 1:
            first = int(meld.ranks[-1]) - 1
            ranks = [first + p for p in range(count)]
            side = Side.HIGH
        else:
            low = int(meld.ranks[0]) - 2
            ranks = [low - (count - p) for p in range(count)]
            side = Side.LOW
        cards = tuple(
            JOKER if mask >> p & 1 else natural(rank % 13, suit) for p, rank in enumerate(ranks)
        )
        return LayOff(slot, cards, side)

    def _decode_meld(self, offset: int) -> LayDown:
        sets = 13 * len(self._sets)
        if offset < sets:
            rank, shape = divmod(offset, len(self._sets))
            suits, jokers = self._sets[shape]
            cards = (*(natural(rank, s) for s in suits), *(JOKER,) * jokers)
            return LayDown(cards, MeldKind.SET)
        suit, run = divmod(offset - sets, len(self._runs))
        start, length, mask = self._runs[run]
        cards = tuple(JOKER if mask >> p & 1 else natural(start + p, suit) for p in range(length))
        return LayDown(cards, MeldKind.RUN)
