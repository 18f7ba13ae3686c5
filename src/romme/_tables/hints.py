"""A hint (private): what the hard computer player would play in a seat's place, and why.

Part of the interface of `romme.cli` as ``hint`` and ``Hint``; ``romme play``'s ``hint``
command and the web table's hint button show it. It reads the seat's
`PlayerView` only, so no card the seat cannot see goes into the move or its
reason: the search samples the hidden cards as `SearchBot` always does.
"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Final, NamedTuple

from romme._tables.words import move_words
from romme._turn import legal_actions
from romme.cards import Card, format_cards
from romme.errors import InvalidInputError
from romme.game import (
    Action,
    Buy,
    Consent,
    Draw,
    Knock,
    LayDown,
    LayOff,
    Pass,
    PlayerView,
    Refuse,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    card_penalty,
)
from romme.melds import MAX_SEARCH_CARDS, best_melds, validate_meld
from romme.play import GreedyBot, SearchBot

SEED: Final = 0
"""The hinting player's seed: the same view always gets the same hint."""

_GUESSES: Final = SearchBot().iterations
"""The samples of the hidden cards the hinting player looks ahead over, at a draw."""


class Hint(NamedTuple):
    """The move the hard computer player (`SearchBot`) would play, in words, and why."""

    action: Action
    """The move, one of the seat's legal moves."""
    words: str
    """The move in words (``romme.cli.move_words``)."""
    why: str
    """One line of why, in words that name only what the seat sees."""

    def __str__(self) -> str:
        return f"{self.words}: {self.why}"


def hint(seen: PlayerView) -> Hint:
    """Return what the hard computer player would play in `seen`'s seat, with one line of why.

    Raises:
        TypeError: If `seen` is no `PlayerView` (a hint never reads the full state).
        ValueError: If the seat is not to act (it has no legal move).
    """
    if not isinstance(seen, PlayerView):
        raise TypeError(f"a hint reads a PlayerView, not {type(seen).__name__}")
    action = SearchBot(SEED).choose(seen)
    taken = None
    if isinstance(action, TakeFromTable):
        taken = seen.table[action.target].meld.cards[action.position]
    return Hint(action, move_words(str(action), taken), _why(seen, action))


def _why(seen: PlayerView, action: Action) -> str:
    top = seen.top_discard
    if isinstance(action, Draw):
        return _why_draw(seen)
    if isinstance(action, TakeDiscard):
        placed = ""
        if isinstance(action.use, LayDown):
            placed = f" it goes into {format_cards(action.use.cards)} at once, and"
        elif isinstance(action.use, LayOff):
            placed = f" it goes onto table meld {action.use.target} at once, and"
        return (
            f"the {top} helps your melds:{placed} looking ahead over {_GUESSES} guesses of "
            "the hidden cards, taking it does better than drawing blind"
        )
    if isinstance(action, Knock | Buy):
        return (
            f"the {top} raises your best melds by at least {GreedyBot.CLAIM_GAIN} points, "
            "worth the extra card that comes with it"
        )
    if isinstance(action, Pass):
        return (
            f"the {top} raises your best melds by less than {GreedyBot.CLAIM_GAIN} points, "
            "not worth the extra card that comes with it"
        )
    if isinstance(action, Consent):
        return f"the {top} is worth less than {GreedyBot.CLAIM_GAIN} points to your melds"
    if isinstance(action, Refuse):
        return f"the {top} is worth at least {GreedyBot.CLAIM_GAIN} points to your melds"
    if isinstance(action, LayDown):
        return _why_lay_down(seen, action.cards)
    if isinstance(action, LayOff):
        points = sum(card_penalty(card, seen.rules) for card in action.cards)
        verb = "fits" if len(action.cards) == 1 else "fit"
        return (
            f"{format_cards(action.cards)} {verb} table meld {action.target}: "
            f"{points} penalty points fewer in your hand"
        )
    if isinstance(action, SwapJoker):
        return f"the joker of table meld {action.target} is yours to meld for the {action.card}"
    if isinstance(action, TakeFromTable):
        return "with that table card you can meld more of your own cards, and lay it all again"
    if isinstance(action, TakeBack):
        return "the cards taken from the table cannot all be laid again this turn"
    return _why_discard(seen, action.card)


def _why_draw(seen: PlayerView) -> str:
    top = seen.top_discard
    if top is None:
        return "the discard pile is empty"
    if not any(isinstance(action, TakeDiscard) for action in legal_actions(seen)):
        return f"the rules do not let you take the {top} now"
    return (
        f"the {top} does not help your melds enough: looking ahead over {_GUESSES} guesses "
        "of the hidden cards, drawing blind does better"
    )


def _why_lay_down(seen: PlayerView, cards: tuple[Card, ...]) -> str:
    try:
        value = validate_meld(cards, seen.rules).value
    except InvalidInputError:  # pragma: no cover - a legal lay-down is a meld
        value = 0
    if not seen.opened[seen.player]:
        return (
            f"it counts {value} points towards the {seen.rules.opening.threshold} you need to open"
        )
    return f"it lays {len(cards)} cards worth {value} points out of your hand"


def _why_discard(seen: PlayerView, card: Card) -> str:
    if len(seen.hand) == 1:
        return "it is your last card: you go out"
    penalty = card_penalty(card, seen.rules)
    if len(seen.hand) > MAX_SEARCH_CARDS:
        return f"it is the card your melds can spare best ({penalty} penalty points in hand)"
    melded = Counter(card for meld in best_melds(seen.hand, seen.rules) for card in meld.cards)
    if Counter(seen.hand)[card] <= melded[card]:
        return "every card of yours is in one of your best melds: this one costs them least"
    return (
        "it is in none of your best melds, and the fewest of your cards and table melds "
        f"could use it ({penalty} penalty points if it stays in your hand)"
    )
