"""Meld packing (private): one search for disjoint melds of greatest value, and the queries on it.

A `Packer` holds the melds of one hand (the pool) as the search reads
them, and one memo per kind of search (every natural card melded or not,
every joker or not); every multiset searched is a sub-multiset of the
pool. Its searches answer the opening checks (rules §5, §8) and, read
off meld by meld, `best_melds` (the greatest value, then the fewest
jokers, then the first found).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, Final, TypeVar

from romme.cards import JOKER_CODE, Card
from romme.melds._meld import Meld
from romme.melds._search.build import RANK_VALUES, Option, build
from romme.melds._search.enumeration import (
    meld_options,
    meld_places,
)
from romme.melds._search.packed import (
    BITS,
    FIELD,
    GUARD,
    JOKER_FIELD,
    JOKER_SHIFT,
    JOKER_UNIT,
    NATURAL_FIELDS,
    UNITS,
    codes_in,
    count,
    occupied,
    pack_cards,
)
from romme.melds._search.parts import NONE, ROUND_UP, SCALE_BITS, part_tables
from romme.rules import MeldShape, Rules, shape_of

# -- the search --------------------------------------------------------------------------------

_Search = Callable[[int], int]
"""A search as a function of the key: its score (`Packer._search`) or its value (`Packer.search`)."""


class SearchTooLargeError(Exception):
    """A search of a `Packer` made with a `limit` would make more memo lookups than the limit (`LimitedMemo`)."""


class LimitedMemo(dict[int, int]):
    """A search's memo that answers at most `limit` lookups, then raises `SearchTooLargeError`.

    The search looks a multiset up once for every meld that fits in the
    multiset it solves, so the lookups count its work: a bound that a
    machine's speed and the searches made before do not move. Only a
    `Packer` made with a `limit` uses it; the others keep a plain dict.
    """

    __slots__ = ("left",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.left = limit

    def get(self, key: int, default: Any = None) -> Any:
        self.left -= 1
        if self.left < 0:
            raise SearchTooLargeError
        return dict.get(self, key, default)


class Packer:
    """The packing searches within one packed multiset, the pool (a hand): its melds and memos.

    Every multiset searched is a sub-multiset of the pool, so the searches
    draw on the pool's melds (those that fit in a sub-multiset are its
    melds) and keep one memo per kind of search: a sub-multiset's best
    packing does not depend on which key the search started from, so the
    checks of one position (each lay-down, each card kept back) reuse one
    another's work. `packer` keeps one for each recent pool.

    There is one search (`_new_search`): it finds the greatest score of
    disjoint melds, and `_read_off` reads a packing of that score off it.
    The opening checks ask it for values (`search`, `free`, `at_least`);
    there a meld's score is its value, small numbers quick to add, and the
    melds come merged by the pool's parts (the sets of a rank, the runs of
    a suit, cached across hands). With `every_meld`, as `best_melds` asks
    (`best`), a meld's score is its value, then the fewer jokers
    (`parts._SCALE_BITS`), and the melds come straight from the list of the
    pool's melds: quicker for a pool searched once.
    """

    __slots__ = (
        "_all_but_one",
        "_best",
        "_by_lowest",
        "_decisions",
        "_exact",
        "_jokers_ok",
        "_limit",
        "_live",
        "_melds",
        "_packing",
        "_pool",
        "_runs",
        "_scaled",
        "_searches",
        "_shape",
        "_starting",
        "_without",
        "_worth",
        "free",
        "top",
    )

    def __init__(
        self,
        pool: int,
        shape: MeldShape,
        jokers_ok: bool,
        *,
        every_meld: bool = False,
        limit: int | None = None,
    ) -> None:
        self._pool = pool
        self._limit = limit
        self._shape = shape
        self._jokers_ok = jokers_ok
        self._scaled = every_meld  # scores (value, then fewer jokers) or plain values
        # starting[c]: (packed, score) of the melds whose lowest natural card
        # has the code c. live[k]: the fields of the natural cards that the
        # melds with k jokers or fewer take, and the joker's field.
        self._by_lowest: list[list[Option] | None] | None = None
        if every_meld:
            # Every meld, each joker arrangement too, as `best` reads them:
            # for one search of the pool, quicker than merging by parts.
            by_lowest: list[list[Option] | None] = [None] * JOKER_CODE
            scored: list[list[tuple[int, int]] | None] = [None] * JOKER_CODE
            live = [0] * ((pool >> JOKER_SHIFT) + 1)
            top = 0
            seen: dict[int, int] = {}  # packed: the best score of a meld of those cards
            for option in meld_options(pool, shape):
                packed, value, jokers, lowest, _, _ = option
                if jokers and not jokers_ok:
                    continue
                same = by_lowest[lowest]
                if same is None:
                    by_lowest[lowest] = [option]
                else:
                    same.append(option)
                score = (value << SCALE_BITS) - jokers  # `_option_score`
                if score > seen.get(packed, 0):
                    # Of melds with the same cards (a joker in other places)
                    # only the most valuable counts for the search.
                    seen[packed] = score
                live[jokers] |= packed
                if value > top:
                    top = value
            for packed, score in seen.items():
                naturals = packed & NATURAL_FIELDS
                lowest = ((naturals & -naturals).bit_length() - 1) // BITS
                found = scored[lowest]
                if found is None:
                    scored[lowest] = [(packed, score)]
                else:
                    found.append((packed, score))
            self._by_lowest = by_lowest
            starting: Sequence[Sequence[tuple[int, int]] | None] = scored
            covered = fields = 0
            for jokers, packed in enumerate(live):
                if packed | covered != covered:
                    covered |= packed
                    fields = occupied(covered) | JOKER_FIELD
                live[jokers] = fields or JOKER_FIELD
        else:
            starting, live, top = self._merged_parts()
        self._starting = starting
        self._live = live
        self.top: Final = top
        """The greatest value of one meld from the pool (0 without melds)."""
        free = self._new_search(False, False)
        self._searches: dict[tuple[bool, bool], tuple[_Search, _Search]] = {(False, False): free}
        self.free: Final = free[1]
        """`packing_value` of a key within the pool (neither `cover` nor `use_jokers`)."""
        self._decisions: dict[tuple[bool, bool], Callable[[int, int], bool]] = {}
        self._exact = _size(pool) <= SEARCH_POOL
        self._best: tuple[Option, ...] | None = None
        self._packing: tuple[tuple[int, int], ...] | None = None
        self._melds: tuple[tuple[int, int, bool], ...] | None = None
        self._worth: dict[int, tuple[tuple[int, int, bool], ...]] = {}
        self._runs: tuple[tuple[int, int, bool], ...] | None = None
        self._without: dict[int, bool] = {}
        self._all_but_one: Callable[[int, int | None], bool] | None = None

    def _merged_parts(
        self,
    ) -> tuple[Sequence[Sequence[tuple[int, int]] | None], list[int], int]:
        """`starting`, `live` and `top` from the melds of the pool's parts, merged by cards."""
        pool, shape, jokers_ok = self._pool, self._shape, self._jokers_ok
        starting: list[tuple[tuple[int, int], ...] | None] = [None] * JOKER_CODE
        live = [JOKER_FIELD] * ((pool >> JOKER_SHIFT) + 1)
        ranks, suits = meld_places(pool, shape)
        rank_table, suit_table = part_tables(shape, jokers_ok)
        parts = list(map(rank_table, ranks))
        parts.extend(map(suit_table, suits))
        top = 0
        for groups, fields, most in parts:
            for lowest, options in groups:
                found = starting[lowest]
                starting[lowest] = options if found is None else found + options
            for jokers, taken in enumerate(fields):
                live[jokers] |= taken
            top = max(top, most)
        for jokers in range(1, len(live)):
            live[jokers] |= live[jokers - 1]  # a part allowing fewer jokers takes its cards still
        return starting, live, top

    def _melds_by_lowest(self) -> list[list[Option] | None]:
        """The pool's melds (without jokers unless `jokers_ok`) by the code of their lowest natural card."""
        if self._by_lowest is None:
            jokers_ok = self._jokers_ok
            by_lowest: list[list[Option] | None] = [None] * JOKER_CODE
            for option in meld_options(self._pool, self._shape):
                if jokers_ok or not option[2]:
                    options = by_lowest[option[3]]
                    if options is None:
                        by_lowest[option[3]] = [option]
                    else:
                        options.append(option)
            self._by_lowest = by_lowest
        return self._by_lowest

    @property
    def melds(self) -> tuple[tuple[int, int, bool], ...]:
        """The pool's melds as (packed cards, value, whether a run), in the order of `melds_in`."""
        if self._melds is None:
            jokers_ok = self._jokers_ok
            self._melds = tuple(
                (packed, value, is_run)
                for packed, value, jokers, _, is_run, _ in meld_options(self._pool, self._shape)
                if jokers_ok or not jokers
            )
        return self._melds

    @property
    def runs(self) -> tuple[tuple[int, int, bool], ...]:
        """The pool's runs, as `melds` gives them."""
        if self._runs is None:
            self._runs = tuple(meld for meld in self.melds if meld[2])
        return self._runs

    def melds_worth(self, least: int) -> tuple[tuple[int, int, bool], ...]:
        """The pool's melds (as `melds`) worth `least` or more, runs first (kept per value)."""
        found = self._worth.get(least)
        if found is None:
            worth = [meld for meld in self.melds if meld[1] >= least]
            worth.sort(key=lambda meld: not meld[2])
            found = self._worth.setdefault(least, tuple(worth))
        return found

    @property
    def pool(self) -> int:
        """The packed multiset whose sub-multisets the searches answer for."""
        return self._pool

    def melds_all_but(self, code: int) -> bool:
        """Whether every card of the pool but one card of `code` (in the pool) can be melded, every joker too.

        ``reaches(pool - unit(code), 0, cover=True, use_jokers=True)``, kept
        per code: a question of the pool, asked once for every multiset
        within it. Where the cards of the pool outside a multiset can be
        melded themselves, the multiset without a card of `code` can be
        melded completely only if the pool without it can (rules §8).
        """
        found = self._without.get(code)
        if found is None:
            found = self._without.setdefault(
                code, self.reaches(self._pool - UNITS[code], 0, cover=True, use_jokers=True)
            )
        return found

    def dead(self, key: int) -> int:
        """Return the natural cards of `key` (packed, within the pool) that no meld fitting its jokers takes.

        Only melds with more jokers than `key` holds might take them (or
        none at all), so no meld fitting in `key` holds one: leaving one out
        changes no packing of `key`.
        """
        return key & ~self._live[key >> JOKER_SHIFT]

    def search(self, cover: bool, use_jokers: bool) -> Callable[[int], int]:
        """Return `packing_value` with `cover` and `use_jokers`, as a function of `key` only."""
        found = self._searches.get((cover, use_jokers))
        if found is None:
            found = self._search(cover, use_jokers)
        return found[1]

    def _search(self, cover: bool, use_jokers: bool) -> tuple[_Search, _Search]:
        """The search with `cover` and `use_jokers`: its scores and its values (made once)."""
        found = self._searches.get((cover, use_jokers))
        if found is None:
            # Made at most once per pool and kind, whichever thread asks first:
            # `setdefault` keeps the first one stored, so every caller
            # shares one memo.
            found = self._searches.setdefault(
                (cover, use_jokers), self._new_search(cover, use_jokers)
            )
        return found

    def _new_search(self, cover: bool, use_jokers: bool) -> tuple[_Search, _Search]:
        """Set up the search with `cover` and `use_jokers`: its scores, and its values."""
        starting = self._starting
        live = self._live
        scaled = self._scaled
        memo: dict[int, int] = {} if self._limit is None else LimitedMemo(self._limit)
        units = UNITS
        guard = GUARD

        # Cards that no meld with the jokers left can take: without `cover`
        # they change nothing (leaving them out first makes more multisets
        # alike), with it the packing is impossible. Every key is trimmed so
        # before its memo is read.

        # Where the pool holds two jokers or more, a multiset is searched only
        # by the melds with no more jokers than it holds (the others cannot
        # fit); with fewer the lists would cost more than they save.
        jokered = self._pool >> JOKER_SHIFT > 1
        within: dict[int, list[tuple[int, int]]] = {}

        def fitting(code: int, jokers: int) -> list[tuple[int, int]]:
            found = within.get(code << 8 | jokers)
            if found is None:
                found = within[code << 8 | jokers] = [
                    entry for entry in starting[code] or () if entry[0] >> JOKER_SHIFT <= jokers
                ]
            return found

        def solve(remaining: int) -> int:
            # The best score of `remaining`, trimmed and not in the memo yet.
            given = remaining
            result = NONE
            while True:
                naturals = remaining & NATURAL_FIELDS
                if not naturals:
                    # Every natural card melded or left out; the jokers left over.
                    if not (use_jokers and remaining >> JOKER_SHIFT):
                        result = 0
                    memo[given] = result
                    return result
                lowest = ((naturals & -naturals).bit_length() - 1) // BITS
                options: Sequence[tuple[int, int]] | None
                if jokered:
                    options = within.get(lowest << 8 | remaining >> JOKER_SHIFT)
                    if options is None:
                        options = fitting(lowest, remaining >> JOKER_SHIFT)
                else:
                    options = starting[lowest]
                fitted = False
                if options is not None:
                    # The lowest natural card in each meld that takes it …
                    high = remaining | guard
                    for packed, score in options:
                        if (high - packed) & guard == guard:  # fits(packed, remaining)
                            fitted = True
                            rest = remaining - packed
                            fields = live[rest >> JOKER_SHIFT]
                            if rest & ~fields:
                                if cover:
                                    continue
                                rest &= fields
                            after = memo.get(rest)
                            if after is None:
                                after = solve(rest)
                            if after != NONE and score + after > result:
                                result = score + after
                if fitted or cover:
                    break
                # No meld takes the lowest card, nor will one with fewer cards
                # left: leave every copy of it out.
                remaining &= ~(FIELD * units[lowest])
            if not cover:
                # … or one copy of it left out (the jokers stay: nothing to trim).
                rest = remaining - units[lowest]
                after = memo.get(rest)
                if after is None:
                    after = solve(rest)
                if after > result:
                    result = after
            memo[given] = result
            return result

        def scores(key: int) -> int:
            fields = live[key >> JOKER_SHIFT]
            if key & ~fields:
                if cover:
                    return NONE
                key &= fields
            found = memo.get(key)
            return solve(key) if found is None else found

        def values(key: int) -> int:
            # `scores`, written out again: the opening checks call this most.
            fields = live[key >> JOKER_SHIFT]
            if key & ~fields:
                if cover:
                    return NONE
                key &= fields
            found = memo.get(key)
            if found is None:
                found = solve(key)
            if found <= 0 or not scaled:
                return found
            return (found + ROUND_UP) >> SCALE_BITS  # the value of the score: jokers dropped

        return scores, values

    def reaches(self, key: int, need: int, cover: bool = False, use_jokers: bool = False) -> bool:
        """Return whether disjoint melds from `key` (packed, within the pool) are worth `need` or more.

        The same verdict as ``search(cover, use_jokers)(key) >= need``, and
        none where `key` cannot be melded as asked: with `cover` (and
        `use_jokers`) every natural card (and joker) of `key` must be melded.
        The opening checks ask only this (rules §5). A pool of up to
        `SEARCH_POOL` cards asks that search, quick there, whose memos serve
        every check of the hand; a larger one, a hand grown by claims out of
        turn (rules §13), whose greatest value would take a search beyond
        bounds, is decided without it (`decide`).
        """
        if not self._exact or self._scaled:
            return self.decide(key, need, cover, use_jokers)
        if not (cover or use_jokers):
            if key == self._pool:
                # `at_least` of the pool reads its packing off this very search.
                return self.free(key) >= need
            # A packing found without a search may do already (`at_least`).
            return self.at_least(key) >= need or self.free(key) >= need
        value = self.search(cover, use_jokers)(key)
        return value >= 0 and value >= need

    def decide(self, key: int, need: int, cover: bool = False, use_jokers: bool = False) -> bool:
        """`reaches` without the greatest value, for a pool of any size.

        A search that stops at the first packing worth `need`, tries the
        most valuable melds first, and gives up a branch as soon as the
        cards left, each at its greatest worth (`_worth_at_most`), cannot
        make up what is missing. With `cover` it first asks whether the
        cards can be melded at all, an answer kept once for every need, and
        branches on every meld that takes a card, a rank's cards one after
        another, the ranks the fewest melds take first: once a rank is
        melded, what is left is the same whichever sets took it. Once no
        joker is left, the cards split into parts that no meld spans
        (`_components`), each melded or not on its own and its answer kept
        for every multiset that holds it. A branch tries only the melds
        with no more jokers than are left. The richer
        the hand, the sooner a packing worth `need` is found. What it learns of each multiset (the most it is
        known to reach, the least it is known to fall short of) is kept for
        the pool's later questions.
        """
        if self._scaled:
            raise ValueError("decide() decides plain values; this Packer scores every_meld")
        decide = self._decisions.get((cover, use_jokers))
        if decide is None:
            decide = self._decisions.setdefault(
                (cover, use_jokers), self._new_decision(cover, use_jokers)
            )
        return decide(key, need)

    def _new_decision(self, cover: bool, use_jokers: bool) -> Callable[[int, int], bool]:
        """Set up `decide` with `cover` and `use_jokers`: a search for a packing worth a need."""
        starting = self._starting
        live = self._live
        units = UNITS
        guard = GUARD
        # What is known of a multiset: the most it is known to reach, and
        # the least it is known to fall short of.
        reached: dict[int, int] = {}
        short: dict[int, int] = {}
        free = not (cover or use_jokers)  # any packing counts, the empty one too
        distinct = self._shape.distinct_suits
        if cover:
            # Every natural card must be melded: branch on a card over every
            # meld that takes it (not only those it is the lowest card of), so
            # that a card no meld left can take ends the branch at once.
            taking: list[list[tuple[int, int]]] = [[] for _ in range(JOKER_CODE)]
            for options in starting:
                for entry in options or ():
                    for code in codes_in(entry[0] & NATURAL_FIELDS):
                        taking[code].append(entry)
            ordered = [sorted(entries, key=lambda entry: -entry[1]) for entries in taking]
            # A rank's cards one after another (a set takes only one rank), the
            # ranks whose cards the fewest melds take first: once a rank's
            # cards are melded, what is left is the same whichever sets took
            # them, and its search is known.
            held = [code for code in range(JOKER_CODE) if count(self._pool, code)]
            fewest = {code % 13: 1 << 30 for code in held}
            for code in held:
                fewest[code % 13] = min(fewest[code % 13], len(taking[code]))
            order = sorted(held, key=lambda code: (fewest[code % 13], code % 13, len(taking[code])))
            branch = [(code, FIELD * units[code]) for code in order]
        else:
            ordered = [
                [] if options is None else sorted(options, key=lambda entry: -entry[1])
                for options in starting
            ]
            branch = []

        # The melds of `ordered[code]` that hold `jokers` jokers or fewer, in
        # its order: a meld with more cannot fit, and is not tried.
        within: dict[int, list[tuple[int, int]]] = {}

        def fitting(code: int, jokers: int) -> list[tuple[int, int]]:
            found = within.get(code << 8 | jokers)
            if found is None:
                found = within[code << 8 | jokers] = [
                    entry for entry in ordered[code] if entry[0] >> JOKER_SHIFT <= jokers
                ]
            return found

        def trimmed(key: int) -> int:
            # `key` without the cards no meld with its jokers can take; -1
            # where `cover` needs them melded.
            fields = live[key >> JOKER_SHIFT]
            if key & ~fields:
                return -1 if cover else key & fields
            return key

        # Whether a multiset can be melded as `cover` asks at all, whatever its
        # value: known once for every need.
        melded: dict[int, bool] = {}

        def meldable(remaining: int) -> bool:
            # Whether every natural card (and with `use_jokers` every joker)
            # of the trimmed `remaining` can be melded.
            naturals = remaining & NATURAL_FIELDS
            if not naturals:
                return not (use_jokers and remaining >> JOKER_SHIFT)
            found = melded.get(remaining)
            if found is None:
                if remaining >> JOKER_SHIFT:
                    found = branches(remaining, naturals)
                else:
                    # No joker left: the parts no meld spans are melded each
                    # on its own, and each part's answer is kept for every
                    # multiset that holds it.
                    parts = _components(remaining, distinct)
                    if parts is None:
                        found = False
                    elif len(parts) == 1:
                        found = branches(remaining, naturals)
                    else:
                        found = all(map(part_meldable, parts))
                melded[remaining] = found
            return found

        def part_meldable(part: int) -> bool:
            # `meldable` of a part without jokers that no meld spans.
            found = melded.get(part)
            if found is None:
                found = melded[part] = branches(part, part)
            return found

        def branches(remaining: int, naturals: int) -> bool:
            # `meldable` by the melds that take the first card to branch on.
            code = next(code for code, mask in branch if naturals & mask)
            high = remaining | guard
            for packed, _ in fitting(code, remaining >> JOKER_SHIFT):
                if (high - packed) & guard == guard:  # fits(packed, remaining)
                    rest = trimmed(remaining - packed)
                    if rest >= 0 and meldable(rest):
                        return True
            return False

        def decide(remaining: int, need: int) -> bool:
            # Whether the trimmed `remaining` makes `need`.
            if need <= 0 and free:
                return True
            if need <= reached.get(remaining, -1 << 30):
                return True
            if (
                need >= short.get(remaining, 1 << 30)
                or (need > 0 and _worth_at_most(remaining) < need)
                or (cover and not meldable(remaining))
            ):
                return False
            naturals = remaining & NATURAL_FIELDS
            if not naturals:
                found = need <= 0 and not (use_jokers and remaining >> JOKER_SHIFT)
            else:
                found = False
                if cover:
                    lowest = next(code for code, mask in branch if naturals & mask)
                else:
                    lowest = ((naturals & -naturals).bit_length() - 1) // BITS
                high = remaining | guard
                for packed, score in fitting(lowest, remaining >> JOKER_SHIFT):
                    if (high - packed) & guard == guard:  # fits(packed, remaining)
                        rest = trimmed(remaining - packed)
                        if rest >= 0 and decide(rest, need - score):
                            found = True
                            break
                if not (found or cover):
                    # The lowest card left out (one copy; the rest trims itself).
                    found = decide(trimmed(remaining - units[lowest]), need)
            if found:
                reached[remaining] = max(need, reached.get(remaining, need))
            else:
                short[remaining] = min(need, short.get(remaining, need))
            return found

        def reaches(key: int, need: int) -> bool:
            key = trimmed(key)
            if key < 0:
                return False
            if free and self.at_least(key) >= need:
                return True  # a packing found without a search will do
            return decide(key, need)

        if cover and use_jokers:
            spared: dict[tuple[int, int], bool] = {}

            def spare_one(remaining: int, kept: int) -> bool:
                # Whether every card of `remaining` but one natural card, none
                # of the fields `kept`, can be melded, every joker too: the
                # first card to branch on is the one left out, or melded.
                found = spared.get((remaining, kept))
                if found is not None:
                    return found
                found = False
                naturals = remaining & NATURAL_FIELDS
                if naturals:
                    dead = naturals & ~live[remaining >> JOKER_SHIFT]
                    if dead:
                        # A card no meld with the jokers left takes is the one left out.
                        bit = dead.bit_length() - 1
                        found = (
                            dead == 1 << bit
                            and bit % BITS == 0
                            and not dead & kept
                            and meldable(remaining - dead)
                        )
                    else:
                        code = next(code for code, mask in branch if naturals & mask)
                        if not kept & units[code]:
                            rest = trimmed(remaining - units[code])
                            found = rest >= 0 and meldable(rest)
                        if not found:
                            high = remaining | guard
                            for packed, _ in fitting(code, remaining >> JOKER_SHIFT):
                                if (high - packed) & guard == guard and spare_one(
                                    remaining - packed, kept
                                ):
                                    found = True
                                    break
                spared[remaining, kept] = found
                return found

            def all_but_one(key: int, kept: int | None) -> bool:
                if key >> JOKER_SHIFT and kept != JOKER_CODE:
                    rest = trimmed(key - JOKER_UNIT)  # a joker left out
                    if rest >= 0 and meldable(rest):
                        return True
                return spare_one(key, 0 if kept is None else FIELD * units[kept])

            self._all_but_one = all_but_one

        return reaches

    def melds_all_but_one(self, key: int, kept: int | None) -> bool:
        """Whether every card of `key` (packed, within the pool) but one, not of the code `kept`, can be melded.

        Every joker too: the verdict of
        ``any(reaches(key - unit(code), 0, cover=True, use_jokers=True))``
        over the codes of `key` but `kept` (rules §7, §8), found in one
        search: the card to branch on is either the one left out or
        melded, so the searches for each card left out share their work.
        """
        if self._all_but_one is None:
            self.decide(0, 0, cover=True, use_jokers=True)  # sets it up
        return self._all_but_one is not None and self._all_but_one(key, kept)

    @property
    def exact(self) -> bool:
        """Whether the pool holds up to `SEARCH_POOL` cards, where `reaches` asks the search for the greatest value."""
        return self._exact

    def best(self) -> tuple[Option, ...]:
        """Return the melds of the best packing of the pool, read off the search.

        The greatest value, then the fewest jokers, then the first found:
        the lowest natural card left out when that is as good, else in the
        first meld (in the order of `melds_in`) that is as good. Without
        `jokers_ok` only melds without jokers count.
        """
        if not self._scaled:
            raise ValueError("best() reads the scores of a Packer made with every_meld")
        if self._best is None:
            self._best = tuple(self._read_off(self._melds_by_lowest(), _option_score, True))
        return self._best

    def _read_off(
        self,
        choices: Sequence[Sequence[_E] | None],
        score_of: Callable[[_E], int] | None,
        out_first: bool,
    ) -> list[_E]:
        """The choices of a best packing of the pool, read off the search (see `best`).

        `choices[c]` holds the melds whose lowest natural card has the code
        c, in the order to try them, as entries whose first item is the
        meld's packed cards and whose score `score_of` gives (the second
        item without it). With `out_first` the lowest card is left out when
        that is as good, else it goes in the first meld that is as good.
        """
        solve = self._search(False, False)[0]
        live = self._live
        chosen = []
        remaining = self._pool
        goal = solve(remaining)
        while goal > 0:
            remaining &= live[remaining >> JOKER_SHIFT]
            naturals = remaining & NATURAL_FIELDS
            lowest = ((naturals & -naturals).bit_length() - 1) // BITS
            rest = remaining - UNITS[lowest]
            if out_first and solve(rest) == goal:
                remaining = rest  # the lowest card left out is as good
                continue
            high = remaining | GUARD
            for entry in choices[lowest] or ():
                packed = entry[0]
                if (high - packed) & GUARD == GUARD:  # fits(packed, remaining)
                    score = entry[1] if score_of is None else score_of(entry)
                    if score + solve(remaining - packed) == goal:
                        chosen.append(entry)
                        remaining -= packed
                        goal -= score
                        break
            else:
                remaining = rest  # no meld as good: the lowest card is left out
        return chosen

    def at_least(self, key: int) -> int:
        """Return a value of disjoint melds from `key` (packed, within the pool), at most its best.

        The melds of a packing of the whole pool that still fit in `key`,
        taken greedily: a packing of `key`, found without a search of
        `key`. For a pool of up to `SEARCH_POOL` cards that is a best
        packing of the pool, read off the search's own tables; for a larger
        one, whose search grows beyond bounds (a hand grown by claims out of
        turn, rules §13), the pool's melds taken greedily, the most valuable
        first (`_greedy`).
        """
        packing = self._packing
        if packing is None:
            chosen = self._read_off(self._starting, None, False) if self._exact else self._greedy()
            packing = self._packing = tuple(
                (packed, (score + ROUND_UP) >> SCALE_BITS if self._scaled else score)
                for packed, score in chosen
            )
        total = 0
        high = key | GUARD
        for packed, value in packing:
            if (high - packed) & GUARD == GUARD:  # fits(packed, key)
                high -= packed
                total += value
        return total

    def _greedy(self) -> list[tuple[int, int]]:
        """Disjoint melds of the pool without a search: its melds (as the search reads them), the greatest score first."""
        entries = (entry for options in self._starting if options is not None for entry in options)
        return _greedily(self._pool, sorted(entries, key=lambda entry: -entry[1]))


SEARCH_POOL: Final = 16
"""The most cards of a pool whose opening checks (`Packer.reaches`) ask the search for the greatest value.

The search for the greatest value grows with its melds' overlaps, jokers
most: a pool of 16 cards takes at most a few milliseconds, but one of 20
to 26 cards with a joker or more up to 160 ms, where `Packer.decide`, which
stops at the first packing worth what is asked, takes at most a few tens
(`bench/big_hands.py`). Past it the opening checks decide without the
greatest value, and `Packer.at_least` takes the pool's melds greedily.
"""


GREEDY_POOL: Final = 26
"""The most cards of a hand that the bots may judge by its best packing (`quick_packing_value`, `quick_best_melds`).

The search for the greatest value grows with its melds' overlaps, some
eightfold for four cards more: about 10 ms for 30 cards, 1.5 s for 37 and
80 s for 46. Past it the bots take the hand's melds greedily.
"""


JUDGED_LOOKUPS: Final = 40_000
"""The most memo lookups of a search by which the bots judge a hand of more than `SEARCH_POOL` cards.

A lookup is made for every meld that fits in a multiset searched, so their
number counts the search's work, the same on every machine and whatever
was searched before: about 1 to 2 microseconds each. Random hands of 17 to
26 cards, with up to six jokers, take at most about 16,000; hands built
rich in overlapping melds with four to six jokers up to 400,000 (up to
300 ms). Past the limit the bots take the hand's melds greedily, as past
`GREEDY_POOL` cards (`bench/big_hands.py`, its bots' columns).
"""


_PLANES: Final = tuple(
    (1 << bit, sum(1 << (BITS * code + bit) for code in range(JOKER_CODE + 1)))
    for bit in range(BITS - 1)
)
"""Each bit of a field's count (below 16, so four bits): its weight and its mask over every field."""


def _size(key: int) -> int:
    """The number of cards in the packed multiset `key`: its counts' bits, plane by plane."""
    return sum(weight * (key & plane).bit_count() for weight, plane in _PLANES)


_WORTH_PLANES: Final = tuple(
    (
        weight * value,
        plane
        & sum(
            FIELD << (BITS * code) for code in range(JOKER_CODE) if RANK_VALUES[code % 13] == value
        ),
    )
    for weight, plane in _PLANES
    for value in range(2, 12)
)
"""Each bit of a natural card's count by the card's value (rules §3): its worth and its mask."""


def _worth_at_most(key: int) -> int:
    """An upper bound of the value of disjoint melds from the packed multiset `key`.

    Every card melded at its greatest worth (rules §3): a natural card its
    value (an ace 11), a joker 11, the most any card it stands for is worth.
    """
    total = 11 * (key >> JOKER_SHIFT)
    for worth, mask in _WORTH_PLANES:
        total += worth * (key & mask).bit_count()
    return total


def _greedily(pool: int, entries: Iterable[_E]) -> list[_E]:
    """The `entries` (each led by its packed cards) taken in their order while they fit in what is left of `pool`."""
    high = pool | GUARD
    chosen = []
    for entry in entries:
        packed = entry[0]
        if (high - packed) & GUARD == GUARD:  # fits(packed, what is left)
            high -= packed
            chosen.append(entry)
    return chosen


# -- the independent parts of a multiset without jokers ------------------------------------------

_ROW: Final = 13 * BITS
"""The bits of one suit's thirteen fields."""
_RANK_LOW: Final = sum(1 << (_ROW * suit) for suit in range(4))
"""The lowest bit of each suit's two (rank index 0)."""
_RANK_HIGH: Final = _RANK_LOW << (12 * BITS)
"""The lowest bit of each suit's ace (rank index 12)."""
_ROW_LOW: Final = sum(1 << (BITS * rank) for rank in range(13))
"""The lowest bit of every field of the clubs' row (the first suit)."""
_NATURAL_LOW: Final = _ROW_LOW * _RANK_LOW
"""The lowest bit of every natural card's field."""


def _up(flags: int) -> int:
    """`flags` (a bit at the lowest bit of a card's field) moved one rank up in the suit, the ace to the two."""
    return ((flags << BITS) & ~_RANK_LOW & _NATURAL_LOW) | ((flags & _RANK_HIGH) >> (12 * BITS))


def _down(flags: int) -> int:
    """`flags` moved one rank down in the suit, the two to the ace."""
    return ((flags >> BITS) & ~_RANK_HIGH) | ((flags & _RANK_LOW) << (12 * BITS))


_TWO_LOW: Final = _RANK_LOW | _RANK_LOW << BITS
"""The lowest bit of each suit's two and three (rank indices 0 and 1)."""
_TWO_HIGH: Final = _RANK_HIGH | _RANK_HIGH >> BITS
"""The lowest bit of each suit's king and ace (rank indices 11 and 12)."""
_UP_KEPT: Final = _NATURAL_LOW & ~_RANK_LOW
_UP_TWO_KEPT: Final = _NATURAL_LOW & ~_TWO_LOW
_DOWN_KEPT: Final = _NATURAL_LOW & ~_RANK_HIGH
_DOWN_TWO_KEPT: Final = _NATURAL_LOW & ~_TWO_HIGH


def _with_two_below(flags: int) -> int:
    """`flags` with each flag moved one and two ranks down too: ``flags | _down(flags) | _down(_down(flags))``, in one step."""
    return (
        flags
        | (flags >> BITS & _DOWN_KEPT)
        | (flags & _RANK_LOW) << (12 * BITS)
        | (flags >> (2 * BITS) & _DOWN_TWO_KEPT)
        | (flags & _TWO_LOW) << (11 * BITS)
    )


def _with_two_above(flags: int) -> int:
    """`flags` with each flag moved one and two ranks up too: ``flags | _up(flags) | _up(_up(flags))``, in one step."""
    return (
        flags
        | (flags << BITS & _UP_KEPT)
        | (flags & _RANK_HIGH) >> (12 * BITS)
        | (flags << (2 * BITS) & _UP_TWO_KEPT)
        | (flags & _TWO_HIGH) >> (11 * BITS)
    )


def _components(key: int, distinct_suits: bool) -> list[int] | None:
    """The parts of the packed multiset `key` without jokers that no meld without jokers spans.

    Two cards share a meld without jokers only if they are of one rank
    held in two suits at least (three under `distinct_suits`), or lie in
    three cards in a row of one suit (the corner passed, as if every run
    wrapped: a part may be larger than it must, never smaller). Each part
    is melded completely or not independently of the others, so whether
    `key` can be melded completely is whether each part can (rules §3).
    ``None`` where a card lies in no such set or row: no meld without
    jokers takes it.
    """
    present = (key | key >> 1 | key >> 2 | key >> 3) & _NATURAL_LOW
    # Sets: the ranks held in enough suits, by adding the suits' rows bit by bit.
    clubs = present & _ROW_LOW
    spades = present >> _ROW & _ROW_LOW
    hearts = present >> (2 * _ROW) & _ROW_LOW
    diamonds = present >> (3 * _ROW) & _ROW_LOW
    carry_low, carry_high = clubs & spades, hearts & diamonds
    low, high = clubs ^ spades, hearts ^ diamonds
    ones, carry = low ^ high, low & high
    twos = carry_low ^ carry_high ^ carry
    fours = (carry_low & carry_high) | (carry & (carry_low | carry_high))
    settable = ((twos & ones) | fours) if distinct_suits else (twos | fours)
    in_sets = settable * _RANK_LOW & present
    # Runs: the first cards of three in a row of a suit.
    starts = present & _down(present) & _down(_down(present))
    in_runs = _with_two_above(starts)
    if present & ~(in_sets | in_runs):
        return None
    parts = []
    left = present
    while left:
        part = left & -left
        while True:
            ranks = (part | part >> _ROW | part >> (2 * _ROW) | part >> (3 * _ROW)) & settable
            grown = part | (ranks * _RANK_LOW & in_sets)
            grown |= _with_two_above(starts & _with_two_below(grown))
            if grown == part:
                break
            part = grown
        left &= ~part
        parts.append(key & part * FIELD)
    return parts


_E = TypeVar("_E", bound=Sequence[Any])


def _option_score(option: Option) -> int:
    """The score of the meld of `option` (see `parts._SCALE_BITS`)."""
    return (option[1] << SCALE_BITS) - option[2]


def packer(pool: int, rules: Rules, jokers_ok: bool) -> Packer:
    """Return the packing searches within the packed multiset `pool` (see `Packer`).

    Without `jokers_ok` only melds without jokers count. Cached by the
    meld shape of `rules`: rules that differ in no meld rule share them.
    """
    return _packer(pool, shape_of(rules), jokers_ok)


@lru_cache(maxsize=32)
def _packer(pool: int, shape: MeldShape, jokers_ok: bool) -> Packer:
    return Packer(pool, shape, jokers_ok)


def packing_value(
    key: int,
    rules: Rules,
    *,
    jokers_ok: bool = True,
    cover: bool = False,
    use_jokers: bool = False,
    pool: int | None = None,
) -> int:
    """Return the greatest total value of disjoint melds from the packed multiset `key`.

    With `cover`, every natural card must be melded, and with `use_jokers`
    every joker too; the result is -1 when that is impossible. Without
    `jokers_ok` only melds without jokers count. `pool` is a packed
    multiset that contains `key`: the search then draws on its melds and
    shares its memo with every other search within `pool` (see `Packer`).
    """
    return packer(key if pool is None else pool, rules, jokers_ok).search(cover, use_jokers)(key)


@lru_cache(maxsize=1024)
def _best(key: int, shape: MeldShape) -> tuple[Meld, ...]:
    """The best packing of the packed multiset `key` (see `best_melds`)."""
    return tuple(map(build, Packer(key, shape, True, every_meld=True).best()))


def best_melds(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    """Return disjoint melds of greatest total value (fewest jokers on ties)."""
    return _best(pack_cards(cards), shape_of(rules))


def quick_packing_value(key: int, rules: Rules) -> int:
    """`packing_value` of the packed multiset `key`, or, where its search is too large, that of a packing found greedily.

    For the bots, which judge hands of any size. Up to `SEARCH_POOL` cards
    the value is `packing_value`. Of up to `GREEDY_POOL` cards it is that
    too where the search ends within `JUDGED_LOOKUPS`, and of more cards,
    or past that limit, that of `Packer.at_least` (at most the best), found
    without the search that grows beyond bounds there. The answer depends
    on `key` and the meld rules of `rules` only.
    """
    size = _size(key)
    if size <= SEARCH_POOL:
        return packing_value(key, rules)
    return _judged_value(key, shape_of(rules), size <= GREEDY_POOL)


@lru_cache(maxsize=256)
def _judged_value(key: int, shape: MeldShape, searched: bool) -> int:
    """`quick_packing_value` of a packed multiset `key` of more than `SEARCH_POOL` cards, in a search of its own."""
    return _judged(key, shape, searched, (key,))[0]


def _judged(key: int, shape: MeldShape, searched: bool, keys: Sequence[int]) -> tuple[int, ...]:
    """The values of `keys` (within `key`) as the bots judge them: one search within `key`, bounded as a whole.

    With `searched`, `packing_value` of each while the search stays within
    `JUDGED_LOOKUPS`; without it, or past the limit, `Packer.at_least` of
    each, found greedily.
    """
    judge = Packer(key, shape, True, limit=JUDGED_LOOKUPS)
    if searched:
        try:
            return tuple(map(judge.free, keys))
        except SearchTooLargeError:
            pass
    return tuple(map(judge.at_least, keys))


def quick_values_without_one(key: int, rules: Rules) -> dict[int, int]:
    """`quick_packing_value` of the packed multiset `key` without one card, for each code `key` holds, in one search.

    For the bots' choice of a discard, which judges the hand without each
    card. Of up to `SEARCH_POOL` cards each value is `packing_value`, found
    in one search within `key` as `packing_value`'s `pool` finds it. Of
    more, one search within `key` serves every card left out, and the
    `JUDGED_LOOKUPS` limit bounds it as a whole: past the limit, or past
    `GREEDY_POOL` cards, each value is that of `Packer.at_least` within
    `key`. The answer depends on `key` and the meld rules of `rules` only.
    """
    size = _size(key)
    if size <= SEARCH_POOL:
        # One search within `key` (its melds found once, its memo shared) values every
        # hand of one card less: the melds within each are among `key`'s.
        within = packer(key, rules, True).free
        return {code: within(key - UNITS[code]) for code in codes_in(key)}
    return dict(_judged_without_one(key, shape_of(rules), size <= GREEDY_POOL + 1))


@lru_cache(maxsize=64)
def _judged_without_one(key: int, shape: MeldShape, searched: bool) -> tuple[tuple[int, int], ...]:
    """`quick_values_without_one` of a packed multiset `key` of more than `SEARCH_POOL` cards, as (code, value) pairs."""
    codes = tuple(codes_in(key))
    values = _judged(key, shape, searched, [key - UNITS[code] for code in codes])
    return tuple(zip(codes, values, strict=True))


def quick_best_melds(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    """`best_melds`, or, where its search is too large, disjoint melds taken greedily, the most valuable first.

    For the bots, as `quick_packing_value`: greedily past `GREEDY_POOL`
    cards or `JUDGED_LOOKUPS`, among melds of equal value the fewer jokers
    first, then the order of `melds_in`.
    """
    key = pack_cards(cards)
    size = _size(key)
    if size <= SEARCH_POOL:
        return _best(key, shape_of(rules))
    return _judged_melds(key, shape_of(rules), size <= GREEDY_POOL)


@lru_cache(maxsize=64)
def _judged_melds(key: int, shape: MeldShape, searched: bool) -> tuple[Meld, ...]:
    """`quick_best_melds` of a packed multiset `key` of more than `SEARCH_POOL` cards, in a search of its own."""
    if searched:
        try:
            judge = Packer(key, shape, True, every_meld=True, limit=JUDGED_LOOKUPS)
            return tuple(map(build, judge.best()))
        except SearchTooLargeError:
            pass
    return _greedy_melds(key, shape)


@lru_cache(maxsize=64)
def _greedy_melds(key: int, shape: MeldShape) -> tuple[Meld, ...]:
    """Disjoint melds of the packed multiset `key` taken greedily, the most valuable first (see `quick_best_melds`)."""
    options = sorted(meld_options(key, shape), key=lambda option: (-option[1], option[2]))
    return tuple(map(build, _greedily(key, options)))
