"""The coded slot of a position (private): room for what the turn core keeps of a state in coded form."""

from __future__ import annotations

__all__ = ["Coded"]


class Coded:
    """A base class with one slot, ``_coded``, that is never part of the value.

    Not an attrs field: equality, hashing, `repr`, `attrs.evolve`, pickling
    and the JSON documents never see it. `romme.GameState` derives from it;
    `romme._turn` fills the slot (the hand of the seat that acts, as a
    packed multiset) and `romme.apply` hands it on to the next state while
    the same seat goes on acting, so that a turn packs its hand once.
    """

    __slots__ = ("_coded",)
