"""Observation (Beobachtung): a fixed-shape array and a stable string of what one player sees.

Both are built from a `romme.PlayerView` alone, so they hold no hidden card.
Seats are counted from the viewer: offset 0 is the viewer, 1 the seat on
its left, and so on. The array's layout (version `OBSERVATION_VERSION`),
block by block in this order:

- ``hand`` (53): copies of each card code in the own hand;
- ``discard_counts`` (53): copies of each card code in the discard pile;
- ``discard_top`` (53): the top discard, one-hot;
- ``piles`` (3): discard pile size and stock size over the deck size; reshuffles over 20;
- ``phase`` (3): draw, play, round over (one-hot);
- ``seats`` (5 × players): per seat: hand size over the most cards a hand may hold
  (hand_size + 2, one more under ``joker_at_cut``; the deck size under ``knocking``,
  ``buying`` or ``rearrange``, where a hand grows), opened, dealt in, to act, dealer;
- ``turn`` (57): the card taken this turn (53, one-hot), taken card in hand, in a staged meld,
  laid off, opened before;
- ``table`` (slots × (5 + players + 53)): per table slot: filled, set, run, staged, fresh joker,
  owner (one-hot by offset), copies of each card code;
- ``claims`` (1 + 4 × players under ``knocking`` or ``buying``, else 0): a claim window
  open (the phase block is then all zero), and per seat by offset: whose turn it is,
  passed, buying, consented;
- ``rearranged`` (1 + 53 under ``rearrange``, else 0): the table was rearranged this turn
  (a `romme.TakeBack` would restore it), and copies of each card code taken from the table
  that the hand holds (Räuber-Rommé). The table before the rearrangement is in the string
  form only.

``slots`` is ``rules.deck_size // 3``, as for `romme.rl.spaces.ActionSpace`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from romme.rl._extra import needs_extra

with needs_extra(__name__, "rl"):
    import numpy as np

from romme import ClaimWindow, Phase, PlayerView, Rules, _guard, format_cards
from romme.game import most_cards

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from romme import Card, TableMeld

__all__ = ["OBSERVATION_VERSION", "Block", "Observation", "encode_view", "view_string"]

OBSERVATION_VERSION: Final = 1
"""The version of the observation layout."""

_CODES: Final = 53
_PHASES: Final = (Phase.DRAW, Phase.PLAY, Phase.ROUND_OVER)
_PHASE_INDEX: Final = {phase: index for index, phase in enumerate(_PHASES)}
_SEAT: Final = 5
_TURN: Final = _CODES + 4
_MAX_RESHUFFLES: Final = 20
_BYTE: Final = np.dtype(np.uint8)
_FLOAT: Final = np.dtype(np.float32)


class Block(NamedTuple):
    """One block of the observation array: its name, first index and length."""

    name: str
    """The block (``hand``, ``table``, …)."""
    start: int
    """Its first index."""
    size: int
    """Its length."""


class Observation:
    """The observation layout of one `romme.Rules` and number of seats.

    >>> from romme import find_rules, new_game, view
    >>> rules = find_rules("classic")
    >>> layout = Observation(rules, 2)
    >>> array = layout.encode(view(new_game(rules, 2, seed=1), 0))
    >>> array.shape == (layout.size,), int(array[:53].sum())
    (True, 13)

    Raises:
        TypeError: If ``rules`` is not a `romme.Rules` value.
        ValueError: If ``players`` is not 2 to 6.
    """

    def __init__(self, rules: Rules, players: int) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
        if type(players) is not int or not 2 <= players <= 6:
            raise ValueError(f"players must be 2 to 6, not {_guard.shown(players)}")
        self.rules: Final = rules
        self.players: Final = players
        self.slots: Final = rules.deck_size // 3
        self._slot = 5 + players + _CODES
        sizes = (
            ("hand", _CODES),
            ("discard_counts", _CODES),
            ("discard_top", _CODES),
            ("piles", 3),
            ("phase", len(_PHASES)),
            ("seats", _SEAT * players),
            ("turn", _TURN),
            ("table", self.slots * self._slot),
            ("claims", 1 + 4 * players if rules.claims_played else 0),
            ("rearranged", 1 + _CODES if rules.rearrange else 0),
        )
        blocks: list[Block] = []
        start = 0
        for name, size in sizes:
            blocks.append(Block(name, start, size))
            start += size
        self.blocks: Final = tuple(blocks)
        """The blocks in layout order."""
        self.size: Final = start
        """The length of the array."""
        self._table_size = self.slots * self._slot
        self._tables: list[tuple[tuple[TableMeld, ...], bytes] | None] = [None] * players
        """Per seat, the last table it saw and its block (`_table_block`)."""
        self.high: Final = float(max(rules.decks, rules.jokers, 1))
        """The largest value any entry takes (copies of one card)."""
        self._at = {block.name: block.start for block in blocks}
        piles, seats = self._at["piles"], self._at["seats"]
        self._seats_at = seats
        self._phase_at = self._at["phase"]
        self._turn_at = self._at["turn"]
        self._table_at = self._at["table"]
        self._rearranged_at = self._at["rearranged"]
        self._order = tuple(
            tuple((me + offset) % players for offset in range(players)) for me in range(players)
        )
        """Per viewer, the seats in the order of their offsets from it."""
        self._pile: tuple[tuple[Card, ...], bytes] = ((), bytes(_CODES))
        """The last discard pile counted and its counts (`_pile_counts`)."""
        self._fraction_at = (
            piles,
            piles + 1,
            piles + 2,
            *(seats + _SEAT * offset for offset in range(players)),
        )
        """Where the entries that are fractions lie: the piles and each seat's hand size."""
        deck, limit = rules.deck_size, most_cards(rules)
        if rules.rearrange:  # cards taken from the table wait in the hand (Räuber-Rommé)
            limit = deck
        self._divisors = (deck, deck, _MAX_RESHUFFLES, *(limit for _ in range(players)))
        """What each of them is divided by."""

    def __repr__(self) -> str:
        return f"Observation(size={self.size}, version={OBSERVATION_VERSION})"

    def _check(self, seen: PlayerView) -> None:
        if not isinstance(seen, PlayerView):
            raise TypeError(f"expected a PlayerView, not {type(seen).__name__}")
        if (seen.rules is not self.rules and seen.rules != self.rules) or len(
            seen.hand_sizes
        ) != self.players:
            raise ValueError("the view is of other rules or another number of seats")

    def encode(self, seen: PlayerView) -> NDArray[np.float32]:
        """Return the array of `seen` (float32, length `size`), a fresh array each call.

        The entries that count (cards, flags) are counted in one byte
        buffer, which becomes the float32 array in one conversion; then the
        few fractions are set. The table block is
        kept per seat while the table stays the same, so
        a layout used through a round encodes the table anew only after
        it changed, and the discard pile's counts are moved by the card
        put on or taken off; the result is the same as a
        fresh layout's.

        Raises:
            TypeError: If `seen` is not a `romme.PlayerView`.
            ValueError: If the view is of other rules or seats than the layout.
        """
        self._check(seen)
        players, me = self.players, seen.player
        counted = bytearray(self.size)  # no entry counts past a few copies of one card
        for card in seen.hand:  # the hand block comes first
            counted[card.code] += 1
        pile = seen.discard_pile
        if pile:
            counted[_CODES : 2 * _CODES] = self._pile_counts(pile)
            counted[2 * _CODES + pile[-1].code] = 1
        turn = seen.turn
        claim = turn.claim
        if claim is None:
            counted[self._phase_at + _PHASE_INDEX[seen.phase]] = 1
        else:
            for place in self._claim_ones(claim, me):
                counted[place] += 1
        seats = self._seats_at
        opened, dealt_in = seen.opened, seen.dealt_in
        for offset, seat in enumerate(self._order[me]):
            if opened[seat]:
                counted[seats + _SEAT * offset + 1] = 1
            if dealt_in[seat]:
                counted[seats + _SEAT * offset + 2] = 1
        if not seen.is_over:
            counted[seats + _SEAT * ((seen.current_player - me) % players) + 3] = 1
        counted[seats + _SEAT * ((seen.dealer - me) % players) + 4] = 1
        turn_at = self._turn_at
        if turn.taken is not None:
            counted[turn_at + turn.taken.code] = 1
        if turn.taken_in_hand:
            counted[turn_at + _CODES] = 1
        if turn.taken_staged:
            counted[turn_at + _CODES + 1] = 1
        if turn.laid_off:
            counted[turn_at + _CODES + 2] = 1
        if turn.opened_before:
            counted[turn_at + _CODES + 3] = 1
        if turn.before is not None:
            rearranged = self._rearranged_at
            counted[rearranged] = 1
            for card in turn.borrowed:
                counted[rearranged + 1 + card.code] += 1
        table = self._table_at
        counted[table : table + self._table_size] = self._table_block(seen.table, me)
        out = np.frombuffer(counted, _BYTE).astype(_FLOAT)
        sizes = seen.hand_sizes
        fractions = (len(pile), seen.stock_size, seen.reshuffles, *sizes[me:], *sizes[:me])
        for place, value, divisor in zip(self._fraction_at, fractions, self._divisors, strict=True):
            out[place] = value / divisor
        return out

    def _pile_counts(self, pile: tuple[Card, ...]) -> bytes:
        """The copies of each card code in the discard pile `pile`, as 53 bytes.

        The pile changes by one card a step, so the counts of the last pile
        seen are kept and moved by the card put on or taken off when the new
        pile is the old one with a card more or less on top; any other pile
        is counted anew. The kept pair is replaced whole, as the table's.
        """
        kept, counts = self._pile
        if pile is not kept:
            grown = len(pile) - len(kept)
            if grown == 1 and pile[:-1] == kept:
                moved = bytearray(counts)
                moved[pile[-1].code] += 1
                counts = bytes(moved)
            elif grown == -1 and kept[:-1] == pile:
                moved = bytearray(counts)
                moved[kept[-1].code] -= 1
                counts = bytes(moved)
            else:
                moved = bytearray(_CODES)
                for card in pile:
                    moved[card.code] += 1
                counts = bytes(moved)
            self._pile = (pile, counts)
        return counts

    def _table_block(self, table: tuple[TableMeld, ...], me: int) -> bytes:
        """The table block of the array as bytes, for the table `table` seen by seat `me`.

        The table changes only when a meld is laid or changed, so the block
        of the last table each seat saw is kept and given again while the
        table is that very tuple (a position's values never change). Each
        kept entry is replaced whole, so threads sharing a layout read
        either the old pair or the new one.
        """
        kept = self._tables[me]
        if kept is not None and kept[0] is table:
            return kept[1]
        players, slot = self.players, self._slot
        block = bytearray(self._table_size)
        for index, entry in enumerate(table[: self.slots]):
            base = index * slot
            meld = entry.meld
            block[base] = 1
            block[base + (1 if meld.kind.value == "set" else 2)] = 1
            if entry.staged:
                block[base + 3] = 1
            if entry.fresh:
                block[base + 4] = 1
            block[base + 5 + (entry.owner - me) % players] = 1
            cards = base + 5 + players
            for card in meld.cards:
                block[cards + card.code] += 1
        found = bytes(block)
        self._tables[me] = (table, found)
        return found

    def _claim_ones(self, claim: ClaimWindow, me: int) -> list[int]:
        """The entries of the claims block that an open claim window sets."""
        base, players = self._at["claims"], self.players
        ones = [base, base + 1 + 4 * ((claim.turn_of - me) % players)]
        ones.extend(base + 2 + 4 * ((seat - me) % players) for seat in claim.passed)
        if claim.buyer is not None:
            ones.append(base + 3 + 4 * ((claim.buyer - me) % players))
        ones.extend(base + 4 + 4 * ((seat - me) % players) for seat in claim.consented)
        return ones

    def string(self, seen: PlayerView) -> str:
        """Return the stable text of `seen`, like OpenSpiel's information-state strings.

        One line per fact, seats by offset from the viewer; equal views
        give equal strings and views that differ give different ones.

        Raises:
            TypeError: If `seen` is not a `romme.PlayerView`.
            ValueError: If the view is of other rules or seats than the layout.
        """
        self._check(seen)
        players = self.players

        def rel(seat: int) -> int:
            return (seat - seen.player) % players

        turn = seen.turn
        lines = [
            f"romme observation v{OBSERVATION_VERSION}",
            (
                f"phase: {seen.phase.value}; to act: +{rel(seen.current_player)}; "
                f"dealer: +{rel(seen.dealer)}"
            ),
            f"hand: {format_cards(seen.hand)}",
            f"discard pile: {format_cards(seen.discard_pile)}",
            f"stock: {seen.stock_size}; reshuffles: {seen.reshuffles}",
            "seats: "
            + " | ".join(
                f"+{offset}: {seen.hand_sizes[s]} cards"
                f"{', opened' if seen.opened[s] else ''}"
                f"{'' if seen.dealt_in[s] else ', sits out'}"
                for offset in range(players)
                for s in [(seen.player + offset) % players]
            ),
            (
                f"turn: taken {turn.taken if turn.taken is not None else '-'}"
                f"{', in hand' if turn.taken_in_hand else ''}"
                f"{', staged' if turn.taken_staged else ''}"
                f"{', laid off' if turn.laid_off else ''}"
                f"{', opened before' if turn.opened_before else ''}"
            ),
        ]
        for index, entry in enumerate(seen.table):
            fresh = f" fresh {sorted(entry.fresh)}" if entry.fresh else ""
            staged = " staged" if entry.staged else ""
            lines.append(
                f"table {index}: {entry.meld.kind.value} {entry.meld} by +{rel(entry.owner)}"
                f"{staged}{fresh}"
            )
        claim = turn.claim
        if claim is not None:
            buyer = "-" if claim.buyer is None else f"+{rel(claim.buyer)}"
            lines.append(
                f"claim: turn of +{rel(claim.turn_of)}; passed "
                f"{[rel(s) for s in claim.passed]}; buyer {buyer}; consented "
                f"{[rel(s) for s in claim.consented]}"
            )
        before = turn.before
        if before is not None:
            lines.append(f"taken from the table: {format_cards(turn.borrowed)}")
            lines.extend(
                f"table before {index}: {entry.meld.kind.value} {entry.meld} by +{rel(entry.owner)}"
                for index, entry in enumerate(before.table)
            )
        if seen.result is not None:
            lines.append(f"result: {seen.result.end.value}; penalties {seen.result.penalties}")
        return "\n".join(lines)


def encode_view(seen: PlayerView) -> NDArray[np.float32]:
    """Return the observation array of `seen` (the layout of its rules and seats).

    Raises:
        TypeError: If `seen` is not a `romme.PlayerView`.
    """
    if not isinstance(seen, PlayerView):
        raise TypeError(f"expected a PlayerView, not {type(seen).__name__}")
    return Observation(seen.rules, seen.players).encode(seen)


def view_string(seen: PlayerView) -> str:
    """Return the stable text of `seen` (see `Observation.string`).

    Raises:
        TypeError: If `seen` is not a `romme.PlayerView`.
    """
    if not isinstance(seen, PlayerView):
        raise TypeError(f"expected a PlayerView, not {type(seen).__name__}")
    return Observation(seen.rules, seen.players).string(seen)
