"""The coded slots (private): room for what the turn core keeps of a state or a meld in coded form."""

from __future__ import annotations

__all__ = ["Coded", "CodedMeld"]


class Coded:
    """A base class with one slot, ``_coded``, that is never part of the value.

    Not an attrs field: equality, hashing, `repr`, `attrs.evolve`, pickling
    and the JSON documents never see it. `romme.GameState` derives from it;
    `romme._turn` fills the slot (the hand of the seat that acts, as a
    packed multiset) and `romme.apply` hands it on to the next state while
    the same seat goes on acting, so that a turn packs its hand once.
    """

    __slots__ = ("_coded",)


class CodedMeld:
    """A base class with two slots, ``_key`` and ``_shape``, that are never part of the value.

    Not attrs fields: equality, hashing, `repr`, `attrs.evolve`, pickling
    and the JSON documents never see them. `romme.melds.Meld` derives
    from it: ``_key`` holds the meld's cards as a packed multiset
    (`romme.melds._search.meld_key`), ``_shape`` its shape word
    (`romme.melds._search.meld_shape`), each filled when first asked, so a
    table meld is coded once in its life. A meld built holds 0 in both
    (no meld codes to 0), so that the first read raises nothing; one
    unpickled or copied holds neither, and its first read is the slower
    `AttributeError`. Both depend on the meld alone, so two threads that
    code one meld at once store the same integer.
    """

    __slots__ = ("_key", "_shape")
    _key: int
    _shape: int
