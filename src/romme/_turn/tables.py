"""The table as the turn core changes it (private): staged and fresh melds, a meld replaced where it lies.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Final

from romme.cards import Card
from romme.game import TableMeld
from romme.melds import (
    Meld,
)

if TYPE_CHECKING:
    pass


__all__ = [
    "any_fresh",
    "any_staged",
    "replace_at",
    "staged_melds",
    "table_meld",
    "unstage",
]


_is_staged: Final = operator.attrgetter("staged")

_fresh_of: Final = operator.attrgetter("fresh")


def any_staged(table: tuple[TableMeld, ...]) -> bool:
    """Whether a meld of `table` is staged: laid this turn towards an opening not yet complete (rules §5)."""
    return any(map(_is_staged, table))


def any_fresh(table: tuple[TableMeld, ...]) -> bool:
    """Whether a meld of `table` holds a joker laid this turn."""
    return any(map(_fresh_of, table))


def unstage(table: tuple[TableMeld, ...]) -> tuple[TableMeld, ...]:
    """The table with this turn's staged melds made final (the opening is complete)."""
    return tuple(
        table_meld(e.meld, e.owner, False, e.fresh, e.announced) if e.staged else e for e in table
    )


def table_meld(
    meld: Meld,
    owner: int,
    staged: bool,
    fresh: frozenset[int],
    announced: tuple[Card, ...] = (),
) -> TableMeld:
    """``TableMeld(meld, owner, staged, fresh, announced)`` of values the checker made, without checking them again."""
    return _new_table_meld(meld=meld, owner=owner, staged=staged, fresh=fresh, announced=announced)


_new_table_meld: Final = TableMeld._of


def replace_at(table: tuple[TableMeld, ...], index: int, entry: TableMeld) -> tuple[TableMeld, ...]:
    return (*table[:index], entry, *table[index + 1 :])


def staged_melds(table: tuple[TableMeld, ...]) -> list[Meld]:
    return [entry.meld for entry in table if entry.staged]
