"""Action space (Aktionsraum): one fixed integer id for every action of one `romme.Rules`, and the legality mask.

The ids are laid out in ranges, in this order (layout version
`LAYOUT_VERSION`); a later version appends ranges for new kinds of
action after the last one, so existing ids keep their meaning:

- ``draw`` (1 id): `romme.Draw`;
- ``take`` (1): `romme.TakeDiscard` without a use (``take_discard = free``);
- ``takeback`` (1): `romme.TakeBack`;
- ``discard`` (53): `romme.Discard` of the card with that code (0–51 naturals, 52 the joker);
- ``lay_down`` (the catalog): `romme.LayDown` of one meld of the catalog of every meld the deck can form;
- ``lay_off`` (slots × patterns): `romme.LayOff` onto one table slot, by the pattern of cards laid off;
- ``swap`` (pairs × follow-ups): `romme.SwapJoker`, a (meld, card) pair of the table and the freed joker's place;
- ``claim`` (5, only under ``knocking`` or ``buying``): `romme.Knock`, `romme.Buy`,
  `romme.Pass`, `romme.Consent`, `romme.Refuse`, the answers of a claim window.
  Rules without claims have no such range, so their ids and size are unchanged;
- ``rob`` (slots × ``ROB_POSITIONS``, only under ``rearrange``): `romme.TakeFromTable` of
  one card position of one table slot (Räuber-Rommé); other rules have no such range.
- ``announce`` (sets of the catalog × 20) and ``announce_off`` (slots × 4), only under
  ``announced_jokers`` (Schmidt S. 3): a set laid down with its jokers announced (the
  set's id, then the announced suits among those of its number of jokers, in suit order),
  and one joker laid off onto a set announced as a suit.

A take under ``immediate_use`` shares the id of its use: in the draw
phase a ``lay_down`` or ``lay_off`` id means `romme.TakeDiscard` with that use,
in the play phase the use alone (the two never both apply).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from romme.rl._extra import needs_extra

with needs_extra(__name__, "rl"):
    import numpy as np

from romme import (
    JOKER,
    Action,
    Buy,
    Card,
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
    Refuse,
    Rules,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    legal_actions,
)
from romme.melds import stood_for
from romme.rl._catalog import CARDS
from romme.rl._meld_ids import ANNOUNCE_WIDTH, ActionSpaceError, MeldNumbering

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = [
    "FOLLOW_UPS",
    "LAYOUT_VERSION",
    "ROB_POSITIONS",
    "ActionSpace",
    "ActionSpaceError",
    "Range",
]

LAYOUT_VERSION: Final = 1
"""The version of the id layout; it changes only when ranges are added or change."""

ROB_POSITIONS: Final = 16
"""Card positions one ``rob`` id range holds per table slot: a meld holds at most 14 cards (a run
from ace to ace around the corner)."""

FOLLOW_UPS: Final = 256
"""Places of a freed joker one swap id range holds: none, a discard, and 254 lay-downs or lay-offs."""

_MEMO_SIZE: Final = 1 << 14  # ids of lay-downs and lay-offs remembered per space (a few MB at most)


class Range(NamedTuple):
    """One range of ids: its name, first id and size."""

    name: str
    """The kind of action (``draw``, ``lay_down``, …)."""
    start: int
    """The first id."""
    size: int
    """The number of ids."""


Position = GameState | PlayerView
_CLAIM_ANSWERS: Final = (Knock(), Buy(), Pass(), Consent(), Refuse())
_CLAIM_TYPES: Final = (Knock, Buy, Pass, Consent, Refuse)


def checked_id(value: object, size: int, what: str) -> int:
    """Return `value` as an int if it is an integer id from 0 to `size` - 1 (`ActionSpace.checked_id`).

    A Python ``int`` or a numpy integer; a bool, a float, text or anything
    else is a `TypeError`, an integer outside the range an `ActionSpaceError`.
    """
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}")
    number = int(value)
    if not 0 <= number < size:
        raise ActionSpaceError(f"{what} {number} is outside 0 to {size - 1}"[:200])
    return number


class ActionSpace(MeldNumbering):
    """The fixed integer ids of every action under one `romme.Rules` (layout `LAYOUT_VERSION`).

    `encode` and `decode` translate between actions in the spelling
    `romme.legal_actions` lists and ids below `size`; `mask` marks the
    legal ids of a position. Ids of a lay-down name a meld of the
    catalog of every set and run the deck can form under the rules; ids
    of a lay-off name a table slot and the pattern of cards (a natural of
    the set's rank in one suit or a joker; for a run the end and which of
    the cards laid off are jokers, the naturals being the next ranks);
    ids of a swap name the pair (table meld, card) by its place among
    the pairs the table offers and the freed joker's place by its place
    among the legal ones, so a swap is encoded against the position.

    >>> from romme import find_rules, legal_actions, new_game
    >>> space = ActionSpace(find_rules("classic"))
    >>> state = new_game(find_rules("classic"), 2, seed=1)
    >>> action = legal_actions(state)[0]
    >>> space.decode(space.encode(action), state) == action
    True
    >>> int(space.mask(state).sum()) == len(legal_actions(state))
    True

    Raises:
        TypeError: If ``rules`` is not a `romme.Rules` value.
    """

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
        self.rules: Final = rules
        super().__init__(rules)
        self.slots: Final = self._slot_count
        """Table slots a lay-off can address: as many melds as the deck can lie in."""
        self.pairs: Final = 4 * rules.jokers if rules.joker_swap else 0
        """Swappable (meld, card) pairs one table can offer: at most four cards per joker."""
        sizes: tuple[tuple[str, int], ...] = (
            ("draw", 1),
            ("take", 1),
            ("takeback", 1),
            ("discard", 53),
            ("lay_down", 13 * len(self._sets) + 4 * len(self._runs)),
            ("lay_off", self.slots * self._slot_ids),
            ("swap", self.pairs * FOLLOW_UPS),
        )
        if rules.claims_played:
            sizes = (*sizes, ("claim", len(_CLAIM_ANSWERS)))
        if rules.rearrange:
            sizes = (*sizes, ("rob", self.slots * ROB_POSITIONS))
        if rules.announced_jokers:
            sizes = (
                *sizes,
                ("announce", 13 * len(self._sets) * ANNOUNCE_WIDTH),
                ("announce_off", self.slots * 4),
            )
        ranges: list[Range] = []
        start = 0
        for name, size in sizes:
            ranges.append(Range(name, start, size))
            start += size
        self.ranges: Final = tuple(ranges)
        """The id ranges in layout order."""
        self.size: Final = start
        """The number of ids."""
        self._start = {entry.name: entry.start for entry in ranges}
        self._runs_start = self._start["lay_down"] + 13 * len(self._sets)
        self._memo: dict[Action, int] = {}
        self._last: tuple[Position, tuple[int, ...], tuple[Action, ...]] | None = None

    def __repr__(self) -> str:
        return f"ActionSpace(size={self.size}, layout={LAYOUT_VERSION})"

    @property
    def run_shapes(self) -> int:
        """The number of run shapes (first rank, length, joker places) of one suit in the catalog."""
        return len(self._runs)

    @property
    def melds(self) -> int:
        """The number of melds in the lay-down catalog."""
        return 13 * len(self._sets) + 4 * len(self._runs)

    # -- encoding ---------------------------------------------------------------------

    def encode(self, action: Action, position: Position | None = None) -> int:
        """Return the id of `action`, spelled as `romme.legal_actions` lists it.

        A `romme.SwapJoker` is numbered against the position it is played in, so
        it needs `position`; every other action is numbered alone.

        Raises:
            ActionSpaceError: For an action outside the layout (a spelling
                `romme.legal_actions` never lists, a slot beyond the deck's
                melds, a swap without its position or not legal there).
        """
        if isinstance(action, SwapJoker):
            if position is None:
                raise ActionSpaceError(f"{action}: a swap is encoded against its position")
            return self._swap_id(action, position, legal_actions(position))
        return self._plain_id(action)

    def encode_all(self, actions: Iterable[Action], position: Position) -> list[int]:
        """Return the ids of `actions`, all legal in `position` (one legality check for the swaps).

        Raises:
            ActionSpaceError: As `encode`.
        """
        chosen = tuple(actions)
        swaps = [a for a in chosen if isinstance(a, SwapJoker)]
        numbered = self._swap_ids(swaps, position, legal_actions(position)) if swaps else {}
        return [numbered[a] if isinstance(a, SwapJoker) else self._plain_id(a) for a in chosen]

    def _memo_id(self, action: Action) -> int:
        """The id of a non-swap action, remembered (a lay-down's or lay-off's id is costly to work out)."""
        found = self._memo.get(action)
        if found is None:
            found = self._plain_id(action)
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
            self._memo[action] = found
        return found

    def _plain_id(self, action: Action) -> int:
        if isinstance(action, Draw):
            return self._start["draw"]
        if isinstance(action, TakeBack):
            return self._start["takeback"]
        if isinstance(action, Discard):
            return self._start["discard"] + action.card.code
        if isinstance(action, TakeDiscard):
            if action.use is None:
                return self._start["take"]
            return self._plain_id(action.use)
        if isinstance(action, LayDown):
            return self._meld_id(action)
        if isinstance(action, LayOff):
            return self._lay_off_id(action)
        if isinstance(action, _CLAIM_TYPES) and "claim" in self._start:
            return self._start["claim"] + _CLAIM_TYPES.index(type(action))
        if isinstance(action, TakeFromTable) and "rob" in self._start:
            if action.target >= self.slots:
                raise ActionSpaceError(f"{action}: the deck lies in at most {self.slots} melds")
            if action.position >= ROB_POSITIONS:
                raise ActionSpaceError(f"{action}: no meld holds {action.position + 1} cards")
            return self._start["rob"] + action.target * ROB_POSITIONS + action.position
        raise ActionSpaceError(f"{action!r} is no action of layout {LAYOUT_VERSION}")

    # -- swaps ------------------------------------------------------------------------

    @staticmethod
    def table_pairs(position: Position) -> list[tuple[int, Card]]:
        """Return the (table meld, card) pairs a swap may name at `position`, in id order.

        Every card some joker of a table meld stands for, the melds in
        table order and each meld's cards in card order.
        """
        pairs: list[tuple[int, Card]] = []
        for index, entry in enumerate(position.table):
            roles = entry.meld.jokers
            if roles:
                pairs.extend((index, CARDS[code]) for code in stood_for(roles))
        return pairs

    def _follow_ups(
        self, pair: tuple[int, Card], legal: Sequence[Action]
    ) -> list[LayDown | LayOff | Discard | None]:
        """The legal places of the joker freed by `pair`, in follow-up order."""
        then = [
            a.then
            for a in legal
            if isinstance(a, SwapJoker) and (a.target, a.card) == pair and a.then is not None
        ]
        placed = sorted((t for t in then if not isinstance(t, Discard)), key=self._memo_id)
        return [None, Discard(JOKER), *placed]

    def _swap_id(self, action: SwapJoker, position: Position, legal: Sequence[Action]) -> int:
        return self._swap_ids([action], position, legal)[action]

    def _swap_ids(
        self, swaps: Sequence[SwapJoker], position: Position, legal: Sequence[Action]
    ) -> dict[SwapJoker, int]:
        """The ids of `swaps` in `position`, whose legal actions are `legal`.

        Every legal swap is numbered once (`_swap_numbers`); a swap that is
        not among them is an `ActionSpaceError`.
        """
        listed = [a for a in legal if isinstance(a, SwapJoker)]
        numbered = dict(zip(listed, self._swap_numbers(listed, position), strict=True))
        result: dict[SwapJoker, int] = {}
        for action in swaps:
            found = numbered.get(action)
            if found is None:
                if (action.target, action.card) not in self.table_pairs(position):
                    raise ActionSpaceError(f"{action}: the table offers no such joker to swap")
                raise ActionSpaceError(f"{action}: not legal in this position")
            result[action] = found
        return result

    def _swap_numbers(self, listed: Sequence[SwapJoker], position: Position) -> list[int]:
        """The ids of `listed`, every legal swap of `position` in the order listed.

        A swap's id is its (table meld, card) pair's place among the table's
        pairs (`table_pairs`) times `FOLLOW_UPS`, plus its follow-up: 0
        for the joker kept in hand, 1 for it discarded, then 2, 3, … for
        the places the joker is laid in, in the order of their own ids. The
        id of each place is worked out once, and no action is hashed but
        those places (whose ids are remembered between calls).
        """
        pair_index = {pair: i for i, pair in enumerate(self.table_pairs(position))}
        places: dict[tuple[int, Card], list[int]] = {}
        follows: list[int | None] = []
        for action in listed:
            then = action.then
            if then is None or isinstance(then, Discard):
                follows.append(None)
                continue
            laid = self._memo_id(then)
            places.setdefault((action.target, action.card), []).append(laid)
            follows.append(laid)
        rank = {
            pair: {place: 2 + order for order, place in enumerate(sorted(found))}
            for pair, found in places.items()
        }
        start = self._start["swap"]
        ids: list[int] = []
        for action, at in zip(listed, follows, strict=True):
            pair = (action.target, action.card)
            index = pair_index.get(pair)
            if index is None or index >= self.pairs:
                raise ActionSpaceError(f"{action}: the table offers no such joker to swap")
            # No place: 0 for the joker kept in hand, 1 for it discarded.
            follow = rank[pair][at] if at is not None else int(action.then is not None)
            if follow >= FOLLOW_UPS:
                raise ActionSpaceError(
                    f"{action}: more than {FOLLOW_UPS - 2} places for the freed joker"
                )
            ids.append(start + index * FOLLOW_UPS + follow)
        return ids

    # -- decoding ---------------------------------------------------------------------

    def checked_id(self, action_id: object) -> int:
        """Return `action_id` as an int if it is an id of this space.

        An id is a Python ``int`` or a numpy integer, never a bool, a float
        or text: ``"5"``, ``5.9`` and ``True`` are refused, not read as 5 or 1.

        Raises:
            TypeError: If `action_id` is no integer.
            ActionSpaceError: If it lies outside 0 to `size` - 1.
        """
        return checked_id(action_id, self.size, "an action id")

    def range_of(self, action_id: int) -> Range:
        """Return the range `action_id` lies in.

        Raises:
            TypeError: If `action_id` is no integer (`checked_id`).
            ActionSpaceError: If `action_id` is no id of this space.
        """
        action_id = self.checked_id(action_id)
        for entry in self.ranges:
            if entry.start <= action_id < entry.start + entry.size:
                return entry
        raise ActionSpaceError(f"action id {action_id} lies in no range")  # pragma: no cover

    def decode(self, action_id: int, position: Position) -> Action:
        """Return the action of `action_id` in `position` (the table and phase complete it).

        Raises:
            ActionSpaceError: If the id names nothing in this position (a
                lay-off onto an empty slot, a swap of no joker).
        """
        entry = self.range_of(action_id)
        offset = int(action_id) - entry.start
        if entry.name == "draw":
            return Draw()
        if entry.name == "take":
            return TakeDiscard()
        if entry.name == "takeback":
            return TakeBack()
        if entry.name == "discard":
            return Discard(CARDS[offset])
        if entry.name == "swap":
            return self._decode_swap(offset, position)
        if entry.name == "claim":
            return _CLAIM_ANSWERS[offset]
        if entry.name == "rob":
            return TakeFromTable(*divmod(offset, ROB_POSITIONS))
        use = self._decode_use(entry.name, offset, position)
        return TakeDiscard(use) if position.phase is Phase.DRAW else use

    def _decode_swap(self, offset: int, position: Position) -> SwapJoker:
        pair_index, follow = divmod(offset, FOLLOW_UPS)
        pairs = self.table_pairs(position)
        if pair_index >= len(pairs):
            raise ActionSpaceError(f"swap of pair {pair_index}, but the table offers fewer")
        target, card = pairs[pair_index]
        follow_ups = self._follow_ups((target, card), legal_actions(position))
        if follow >= len(follow_ups):
            raise ActionSpaceError(f"swap with follow-up {follow}, but fewer are legal")
        return SwapJoker(target, card, follow_ups[follow])

    # -- masks ------------------------------------------------------------------------

    def legal_ids(self, position: Position) -> list[int]:
        """Return the ids of `romme.legal_actions` (`position`), in its order."""
        return self.legal_ids_and_actions(position)[0]

    def legal_ids_and_actions(self, position: Position) -> tuple[list[int], tuple[Action, ...]]:
        """Return the ids of `romme.legal_actions` (`position`) and those actions, both in its order.

        One call of `romme.legal_actions` serves both, and the space keeps
        them for the last position asked about, so an environment can build
        the mask, list the legal ids and turn the chosen id back into its
        action (`action_of`) without working any of them out twice.
        """
        ids, actions = self._numbered(position)
        return list(ids), actions

    def _numbered(self, position: Position) -> tuple[tuple[int, ...], tuple[Action, ...]]:
        """The legal ids and actions of `position`; those of the last position asked about are kept."""
        last = self._last
        if last is None or last[0] is not position:
            legal = legal_actions(position)
            last = (position, tuple(self._ids_of_legal(legal, position)), legal)
            self._last = last
        return last[1], last[2]

    def action_of(self, action_id: int, position: Position) -> Action:
        """Return the action `action_id` names in `position`, as `decode` does.

        For a legal id this is the action `romme.legal_actions` lists,
        found in the numbering of the position (`legal_ids_and_actions`,
        kept for the last position asked about) rather than decoded anew;
        any other id is decoded.

        Raises:
            ActionSpaceError: As `decode`.
        """
        given: object = action_id  # an int or a numpy integer; never a bool or a float
        if type(given) is int or isinstance(given, np.integer):
            ids, actions = self._numbered(position)
            try:
                return actions[ids.index(action_id)]
            except ValueError:
                pass
        return self.decode(action_id, position)

    def _ids_of_legal(self, legal: Sequence[Action], position: Position) -> list[int]:
        """The ids of `legal`, which must be all of `romme.legal_actions` (`position`), in its order.

        The ids of the swaps are worked out together (their follow-ups are
        numbered among all of `legal`); the ids of lay-downs and lay-offs
        are remembered between calls.
        """
        memo, discard = self._memo, self._start["discard"]
        ids: list[int] = []
        swaps: list[SwapJoker] = []
        for action in legal:
            if isinstance(action, Discard):
                ids.append(discard + action.card.code)
            elif isinstance(action, SwapJoker):
                swaps.append(action)
                ids.append(-1)
            else:
                found = memo.get(action)
                ids.append(found if found is not None else self._memo_id(action))
        if swaps:
            numbers = iter(self._swap_numbers(swaps, position))
            ids = [next(numbers) if i < 0 else i for i in ids]
        return ids

    def mask(self, position: Position) -> NDArray[np.bool_]:
        """Return the boolean array of length `size` true exactly at the legal ids of `position`.

        The work is in proportion to the number of legal actions: their ids
        are set in a fresh array, never searched for among all ids.
        """
        result = np.zeros(self.size, dtype=np.bool_)
        result[self.legal_ids(position)] = True
        return result
