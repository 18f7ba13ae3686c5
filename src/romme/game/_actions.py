"""Actions (Spielzüge): one frozen class per kind of move, and their text form.

| text | action |
|---|---|
| ``draw`` | `Draw`: take the top stock card |
| ``take`` | `TakeDiscard`: take the top discard into the hand (``take_discard = free``) |
| ``take meld 7♠ 8♠ 9♠`` / ``take layoff 2 9♠`` | `TakeDiscard` with its first use (``immediate_use``) |
| ``meld 7♠ 8♠ 9♠`` / ``meld set 5♣ JK JK`` | `LayDown` (auslegen) |
| ``layoff 2 Q♥`` / ``layoff 2 high JK Q♥`` / ``layoff 0 low 4♥`` | `LayOff` (anlegen) onto table meld 2 |
| ``swap 1 7♣`` / ``swap 1 7♣ then meld JK 8♦ 9♦`` / ``swap 1 7♣ then discard JK`` | `SwapJoker` |
| ``rob 2 0`` | `TakeFromTable`: take the card at position 0 of table meld 2 into the hand (Räuber-Rommé) |
| ``takeback`` | `TakeBack`: return this turn's staged melds (or restore the table rearranged this turn) |
| ``discard K♣`` | `Discard` (abwerfen) |
| ``knock`` | `Knock`: claim the top discard out of turn (``knocking``) |
| ``buy`` | `Buy`: ask to buy the top discard (``buying``) |
| ``pass`` | `Pass`: do not claim the top discard |
| ``consent`` / ``refuse`` | `Consent` / `Refuse`: answer another seat's purchase |

Table melds are numbered from 0 in the order they were laid.
"""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from romme import _guard
from romme.cards import MAX_NOTATION_LENGTH, Card, format_cards, parse_card, parse_cards
from romme.errors import InvalidNotationError
from romme.game import _fields
from romme.melds import MeldKind

__all__ = [
    "Action",
    "Buy",
    "Consent",
    "Discard",
    "Draw",
    "Knock",
    "LayDown",
    "LayOff",
    "Pass",
    "Refuse",
    "Side",
    "SwapJoker",
    "TakeBack",
    "TakeDiscard",
    "TakeFromTable",
    "parse_action",
]


@enum.unique
class Side(str, enum.Enum):
    """The end of a run a lay-off goes to."""

    LOW = "low"
    """Before the first card."""
    HIGH = "high"
    """After the last card."""


def _side(value: Side | str | None) -> Side | None:
    return None if value is None else _guard.member(Side, value, "a lay-off's side")


@attrs.frozen
class Draw:
    """Take the top card of the stock (vom Stapel ziehen)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class LayDown:
    """Lay a new meld from the hand on the table (auslegen).

    `cards` are in the order given to `validate_meld`; `kind` chooses set
    or run where the cards could form both.
    """

    cards: tuple[Card, ...] = attrs.field(converter=_fields.to_some_cards)
    """The meld's cards (at least one)."""
    kind: MeldKind | None = attrs.field(default=None, converter=_fields.to_kind)
    """Set or run, when the cards could form both (``"set"`` and ``"run"`` are accepted too)."""
    announce: tuple[Card, ...] = attrs.field(default=(), converter=_fields.to_announced)
    """Under ``announced_jokers``: the cards a set's jokers stand for, one per joker, in card order
    (Schmidt S. 3); empty otherwise, and for a run, whose jokers' cards their places fix."""

    @classmethod
    def _of(
        cls, *, cards: tuple[Card, ...], kind: MeldKind | None, announce: tuple[Card, ...]
    ) -> LayDown:
        """The lay-down of these fields, unchecked: the generator's fast path (`romme.GameState._of`)."""
        action = _new(cls)
        _set_lay_down_cards(action, cards)
        _set_lay_down_kind(action, kind)
        _set_lay_down_announce(action, announce)
        return action

    def __str__(self) -> str:
        kind = f"{self.kind.value} " if self.kind is not None else ""
        return f"meld {kind}{format_cards(self.cards)}{_as(self.announce)}"

    def __repr__(self) -> str:
        announce = f", announce={self.announce!r}" if self.announce else ""
        return f"LayDown(cards={self.cards!r}, kind={self.kind!r}{announce})"


@attrs.frozen
class LayOff:
    """Add cards from the hand to a meld on the table (anlegen).

    The cards go, in the order given, before the first card (``Side.LOW``)
    or after the last card (``Side.HIGH``) of a run; with `side` ``None``
    they go where they fit, the high end first. For a set the side does
    not matter.
    """

    target: int = attrs.field(converter=_fields.to_index)
    """The index of the table meld."""
    cards: tuple[Card, ...] = attrs.field(converter=_fields.to_some_cards)
    """The cards to add, jokers included (DRoV Streitfall 2: JK and Q♥ together); at least one."""
    side: Side | None = attrs.field(default=None, converter=_side)
    """The end of a run the cards go to (``"low"`` and ``"high"`` are accepted too)."""
    announce: tuple[Card, ...] = attrs.field(default=(), converter=_fields.to_announced)
    """Under ``announced_jokers``: the cards the jokers laid off onto a set stand for, one per
    joker, in card order (Schmidt S. 3); empty otherwise."""

    @classmethod
    def _of(
        cls, *, target: int, cards: tuple[Card, ...], side: Side | None, announce: tuple[Card, ...]
    ) -> LayOff:
        """The lay-off of these fields, unchecked: the generator's fast path (`romme.GameState._of`)."""
        action = _new(cls)
        _set_lay_off_target(action, target)
        _set_lay_off_cards(action, cards)
        _set_lay_off_side(action, side)
        _set_lay_off_announce(action, announce)
        return action

    def __str__(self) -> str:
        side = f"{self.side.value} " if self.side is not None else ""
        return f"layoff {self.target} {side}{format_cards(self.cards)}{_as(self.announce)}"

    def __repr__(self) -> str:
        announce = f", announce={self.announce!r}" if self.announce else ""
        return f"LayOff(target={self.target!r}, cards={self.cards!r}, side={self.side!r}{announce})"


def _as(announce: tuple[Card, ...]) -> str:
    return f" as {format_cards(announce)}" if announce else ""


@attrs.frozen
class Discard:
    """Put one card from the hand on the discard pile, ending the turn (abwerfen)."""

    card: Card = attrs.field(converter=_fields.to_card)
    """The card discarded."""

    def __str__(self) -> str:
        return f"discard {self.card}"


def _use(value: object) -> LayDown | LayOff | None:
    if isinstance(value, str):
        value = parse_action(value)
    if value is None or isinstance(value, LayDown | LayOff):
        return value
    raise TypeError(f"the use of a taken discard is a LayDown or a LayOff, not {value!r}")


def _then(value: object) -> LayDown | LayOff | Discard | None:
    if isinstance(value, str):
        value = parse_action(value)
    if value is None or isinstance(value, LayDown | LayOff | Discard):
        return value
    raise TypeError(f"the freed joker's place is a LayDown, a LayOff or a Discard, not {value!r}")


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile.

    Under ``take_discard = immediate_use`` the card must be used at once,
    so the action carries that first use, a `LayDown` or `LayOff` whose
    cards include the taken card (DRoV Nr. 4a/4b/4d); under ``free`` the
    card goes to the hand and `use` is ``None``.
    """

    use: LayDown | LayOff | None = attrs.field(default=None, converter=_use)
    """The first use of the taken card, under ``immediate_use`` (also accepted as text)."""

    @classmethod
    def _of(cls, *, use: LayDown | LayOff | None) -> TakeDiscard:
        """The take of this use, unchecked: the generator's fast path (`romme.GameState._of`)."""
        action = _new(cls)
        _set_take_use(action, use)
        return action

    def __str__(self) -> str:
        return "take" if self.use is None else f"take {self.use}"


@attrs.frozen
class SwapJoker:
    """Replace a melded joker by the card it stands for (Joker tauschen).

    `then` is where the freed joker goes in the same action: a `LayDown`
    or `LayOff` holding a joker (``swapped_joker = meld_same_turn``), also
    a `Discard` of the joker (``meld_or_discard``), or ``None`` when the
    joker goes to the hand (``to_hand``).
    """

    target: int = attrs.field(converter=_fields.to_index)
    """The index of the table meld holding the joker."""
    card: Card = attrs.field(converter=_fields.to_card)
    """The natural card that takes the joker's place."""
    then: LayDown | LayOff | Discard | None = attrs.field(default=None, converter=_then)
    """The freed joker's new place (also accepted as text)."""

    @classmethod
    def _of(cls, *, target: int, card: Card, then: LayDown | LayOff | Discard | None) -> SwapJoker:
        """The swap of these fields, unchecked: the generator's fast path (`romme.GameState._of`)."""
        action = _new(cls)
        _set_swap_target(action, target)
        _set_swap_card(action, card)
        _set_swap_then(action, then)
        return action

    def __str__(self) -> str:
        then = "" if self.then is None else f" then {self.then}"
        return f"swap {self.target} {self.card}{then}"


@attrs.frozen
class TakeFromTable:
    """Take one card from a table meld into the hand, to meld it anew this turn (Räuber-Rommé, ASS S. 2–3).

    Under ``rearrange`` only. What is left of the meld must still be a
    meld, or two melds where a card from inside a run splits it (ASS S.
    2–3: no group of fewer than three cards may be left). The card must
    go back to the table, in a `LayDown` or a `LayOff`, before the turn
    ends; a `TakeBack` restores the table as it was before the first
    card was taken.
    """

    target: int = attrs.field(converter=_fields.to_index)
    """The index of the table meld."""
    position: int = attrs.field(converter=_fields.to_position)
    """The card's position in the meld's cards, from 0."""

    @classmethod
    def _of(cls, *, target: int, position: int) -> TakeFromTable:
        """The take from the table of these fields, unchecked: the generator's fast path (`romme.GameState._of`)."""
        action = _new(cls)
        _set_rob_target(action, target)
        _set_rob_position(action, position)
        return action

    def __str__(self) -> str:
        return f"rob {self.target} {self.position}"


_new: Final = object.__new__
# The slot setters of the fields of the actions the generator builds, in field order, for their
# `_of`: a field added to one makes its unpacking fail at import until its `_of` sets it too.
_set_lay_down_cards, _set_lay_down_kind, _set_lay_down_announce = (
    getattr(LayDown, field.name).__set__ for field in attrs.fields(LayDown)
)
_set_lay_off_target, _set_lay_off_cards, _set_lay_off_side, _set_lay_off_announce = (
    getattr(LayOff, field.name).__set__ for field in attrs.fields(LayOff)
)
(_set_take_use,) = (getattr(TakeDiscard, field.name).__set__ for field in attrs.fields(TakeDiscard))
_set_swap_target, _set_swap_card, _set_swap_then = (
    getattr(SwapJoker, field.name).__set__ for field in attrs.fields(SwapJoker)
)
_set_rob_target, _set_rob_position = (
    getattr(TakeFromTable, field.name).__set__ for field in attrs.fields(TakeFromTable)
)


@attrs.frozen
class TakeBack:
    """Take back this turn's staged melds before the opening is complete (cardgames.zone §9, DRoV Streitfall 1).

    After a `TakeFromTable` it restores the table, the hand and the turn as
    they were before the first card was taken from the table this turn.
    """

    def __str__(self) -> str:
        return "takeback"


@attrs.frozen
class Knock:
    """Claim the top discard out of turn, with a penalty card from the stock (klopfen; ``knocking``, ASS S. 1–2)."""

    def __str__(self) -> str:
        return "knock"


@attrs.frozen
class Buy:
    """Ask to buy the top discard with the top stock card, if the seats in between consent (kaufen; ``buying``, ASS S. 3)."""

    def __str__(self) -> str:
        return "buy"


@attrs.frozen
class Pass:
    """Decline to claim the top discard in a claim window (``knocking``, ``buying``)."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Consent:
    """Let another seat buy the top discard (``buying``, ASS S. 3)."""

    def __str__(self) -> str:
        return "consent"


@attrs.frozen
class Refuse:
    """Refuse another seat's purchase of the top discard, which ends it (``buying``, ASS S. 3)."""

    def __str__(self) -> str:
        return "refuse"


Action: TypeAlias = (
    Draw
    | TakeDiscard
    | LayDown
    | LayOff
    | SwapJoker
    | TakeBack
    | Discard
    | Knock
    | Buy
    | Pass
    | Consent
    | Refuse
    | TakeFromTable
)
"""Any action."""

ACTION_TYPES: Final = (
    Draw,
    TakeDiscard,
    LayDown,
    LayOff,
    SwapJoker,
    TakeBack,
    Discard,
    TakeFromTable,
    Knock,
    Buy,
    Pass,
    Consent,
    Refuse,
)

# -- parsing ------------------------------------------------------------------

_VERBS: Final = {
    "draw": "draw",
    "stock": "draw",
    "take": "take",
    "pick": "take",
    "meld": "meld",
    "lay": "meld",
    "laydown": "meld",
    "layoff": "layoff",
    "lay-off": "layoff",
    "add": "layoff",
    "swap": "swap",
    "takeback": "takeback",
    "take-back": "takeback",
    "undo": "takeback",
    "discard": "discard",
    "drop": "discard",
    "rob": "rob",
    "steal": "rob",
    "knock": "knock",
    "klopfen": "knock",
    "buy": "buy",
    "kaufen": "buy",
    "pass": "pass",
    "consent": "consent",
    "refuse": "refuse",
}
_WORDLESS: Final[dict[str, Action]] = {
    "draw": Draw(),
    "takeback": TakeBack(),
    "knock": Knock(),
    "buy": Buy(),
    "pass": Pass(),
    "consent": Consent(),
    "refuse": Refuse(),
}


def _bad(text: str, why: str, token: str = "") -> InvalidNotationError:
    return InvalidNotationError(f"cannot read action {text!r}: {why}", token=token or text)


def _split_as(words: list[str], text: str) -> tuple[list[str], tuple[Card, ...]]:
    """The words before ``as`` and the cards announced after it (none without ``as``)."""
    lowered = [word.lower() for word in words]
    if "as" not in lowered:
        return words, ()
    at = lowered.index("as")
    if at + 1 == len(words):
        raise _bad(text, "'as' needs the cards the jokers stand for, e.g. 'as K♥'")
    return words[:at], parse_cards(" ".join(words[at + 1 :]))


def _parse_meld(words: list[str], text: str) -> LayDown:
    words, announce = _split_as(words, text)
    kind = None
    if words and words[0].lower() in ("set", "run"):
        kind = MeldKind(words.pop(0).lower())
    if not words:
        raise _bad(text, "'meld' needs cards, e.g. 'meld 7♠ 8♠ 9♠'")
    return LayDown(parse_cards(" ".join(words)), kind, announce)


def _parse_target(words: list[str], text: str, verb: str) -> int:
    if not words or not words[0].isdigit() or not words[0].isascii():
        raise _bad(text, f"'{verb}' needs a table meld number first, e.g. '{verb} 0 …'")
    if len(words[0]) > 6:
        raise _bad(text, "no table holds that many melds", words[0])
    return int(words.pop(0))


def _parse_layoff(words: list[str], text: str) -> LayOff:
    words, announce = _split_as(words, text)
    target = _parse_target(words, text, "layoff")
    side = None
    if words and words[0].lower() in ("low", "high"):
        side = Side(words.pop(0).lower())
    if not words:
        raise _bad(text, "'layoff' needs cards, e.g. 'layoff 0 Q♥'")
    return LayOff(target, parse_cards(" ".join(words)), side, announce)


def _parse(words: list[str], text: str, *, nested: bool = False) -> Action:
    if not words:
        raise _bad(text, "no action given")
    verb = _VERBS.get(words[0].lower())
    if verb is None:
        raise _bad(
            text, f"unknown verb {words[0]!r}; verbs are {sorted(set(_VERBS.values()))}", words[0]
        )
    rest = words[1:]
    if verb in _WORDLESS:
        if rest:
            raise _bad(text, f"'{verb}' takes nothing after it", rest[0])
        return _WORDLESS[verb]
    if verb == "discard":
        if len(rest) != 1:
            raise _bad(text, "'discard' takes exactly one card, e.g. 'discard K♣'")
        return Discard(parse_card(rest[0]))
    if verb == "meld":
        return _parse_meld(rest, text)
    if verb == "layoff":
        return _parse_layoff(rest, text)
    if verb == "rob":
        target = _parse_target(rest, text, "rob")
        if len(rest) != 1 or not rest[0].isdigit() or not rest[0].isascii() or len(rest[0]) > 3:
            raise _bad(text, "'rob' takes a table meld and a card's position in it, e.g. 'rob 2 0'")
        return TakeFromTable(target, int(rest[0]))
    if verb == "take":
        if not rest:
            return TakeDiscard()
        if nested:
            # A take's use is a lay-down or a lay-off; reading no further
            # keeps text such as "take take … draw" from nesting deeper.
            raise _bad(text, "a 'take' cannot follow 'take' or 'then'", words[0])
        use = _parse(rest, text, nested=True)
        if not isinstance(use, LayDown | LayOff):
            raise _bad(text, "'take' is followed by nothing, a 'meld …' or a 'layoff …'")
        return TakeDiscard(use)
    # swap <n> <card> [then …]
    target = _parse_target(rest, text, "swap")
    if not rest:
        raise _bad(text, "'swap' needs the card that replaces the joker, e.g. 'swap 0 7♣'")
    card = parse_card(rest.pop(0))
    then: LayDown | LayOff | Discard | None = None
    if rest:
        if rest[0].lower() != "then" or len(rest) < 2 or nested:
            raise _bad(
                text,
                "after 'swap N CARD' only 'then meld …', 'then layoff …' or 'then discard JK' may follow",
            )
        follow = _parse(rest[1:], text, nested=True)
        if not isinstance(follow, LayDown | LayOff | Discard):
            raise _bad(text, "'then' is followed by 'meld …', 'layoff …' or 'discard …'")
        then = follow
    return SwapJoker(target, card, then)


def parse_action(text: str) -> Action:
    """Parse an action from its text form; ``str(action)`` reads back.

    The verbs: ``draw``, ``take [meld …|layoff …]``, ``meld [set|run] CARDS``,
    ``layoff N [low|high] CARDS``, ``swap N CARD [then meld …|layoff …|discard JK]``,
    ``takeback``, ``discard CARD``, ``rob N POSITION``, and in a claim window
    ``knock``, ``buy``, ``pass``, ``consent``, ``refuse`` (the documentation has the full table).

    >>> parse_action("meld 7♠ 8♠ 9♠")
    LayDown(cards=(Card(7♠), Card(8♠), Card(9♠)), kind=None)
    >>> str(parse_action("Swap 1 7c then Layoff 0 high jk"))
    'swap 1 7♣ then layoff 0 high JK'

    Raises:
        InvalidNotationError: If the text is not an action; the message says why.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"expected action text, got {type(text).__name__}")
    if len(text) > MAX_NOTATION_LENGTH:
        raise InvalidNotationError(
            f"action text of {len(text)} characters is longer than {MAX_NOTATION_LENGTH}",
            token=text[:20],
        )
    try:
        return _parse(text.split(), text)
    except InvalidNotationError:
        raise
    except ValueError as error:
        # Words that read as an action but make none (``meld ,`` names no card).
        raise _bad(text, str(error)) from None
