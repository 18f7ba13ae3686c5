"""Errors (Fehler) raised by romme, and the `Reason` a rule gives for refusing something.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum

__all__ = [
    "IllegalActionError",
    "InputTooLargeError",
    "InvalidDataError",
    "InvalidInputError",
    "InvalidMeldError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRulesError",
    "Reason",
    "RommeError",
    "RoundNotOverError",
]


@enum.unique
class Reason(str, enum.Enum):
    """Why a meld is invalid or an action is illegal: one member per rule.

    The values are stable API (they appear in serialised data and in
    clients' code); a member is never renamed, only added.
    """

    # -- melds (rules §3) ------------------------------------------------
    TOO_FEW_CARDS = "too_few_cards"
    """A meld needs at least three cards (DRoV Nr. 8)."""
    ONLY_JOKERS = "only_jokers"
    """A meld needs at least one natural card to say what it is."""
    MIXED_RANKS = "mixed_ranks"
    """A set holds cards of more than one rank (DRoV Nr. 8)."""
    REPEATED_SUIT = "repeated_suit"
    """A set holds a suit twice (DRoV Nr. 8: "verschiedener Farben")."""
    SET_TOO_LARGE = "set_too_large"
    """A set holds more than four cards (DRoV Nr. 8)."""
    MIXED_SUITS = "mixed_suits"
    """A run holds cards of more than one suit (DRoV Nr. 8)."""
    REPEATED_RANK = "repeated_rank"
    """A run holds a rank twice."""
    GAP = "gap"
    """A run's cards are not consecutive and the jokers cannot fill the gaps."""
    RUN_TOO_LONG = "run_too_long"
    """A run would need more than thirteen ranks."""
    AROUND_THE_CORNER = "around_the_corner"
    """A run passes from king to two without ``ace_wraps`` (cardgames.zone §5)."""
    JOKER_LIMIT = "joker_limit"
    """The meld holds more jokers than ``joker_limit`` allows."""
    ADJACENT_JOKERS = "adjacent_jokers"
    """Two jokers lie next to each other in a run (cardgames.zone §5, DRoV Nr. 8)."""

    # -- turn structure (rules §4) ---------------------------------------
    ROUND_OVER = "round_over"
    """The round is over; no action is legal."""
    NOT_YOUR_TURN = "not_your_turn"
    """Someone other than the player to act tried to act."""
    WRONG_PHASE = "wrong_phase"
    """The action does not belong to this phase of the turn."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """The player does not hold the cards the action uses."""
    NO_SUCH_MELD = "no_such_meld"
    """The action names a table meld that does not exist."""
    STOCK_EMPTY = "stock_empty"
    """The stock is empty and cannot be refilled."""
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    """There is no discard to take."""
    LAST_CARD_STOCK_ONLY = "last_card_stock_only"
    """With one card in hand only the stock may be drawn from (DRoV Nr. 10)."""
    TAKEN_CARD_NOT_USED = "taken_card_not_used"
    """Under ``immediate_use`` the taken discard must be part of its first use (DRoV Nr. 4a/4b)."""
    REDISCARD_TAKEN = "rediscard_taken"
    """The card taken from the discard pile may not be discarded this turn (cardgames.zone §6)."""
    JOKER_DISCARD = "joker_discard"
    """A joker may be discarded only as the last card (DRoV Nr. 4, Streitfall 8)."""
    MUST_KEEP_A_CARD = "must_keep_a_card"
    """The last card must be discarded, so melding may not empty the hand (DRoV Streitfall 7)."""
    NO_DISCARD_LEFT = "no_discard_left"
    """The action would leave no card that may be discarded, so the turn could not end."""
    TAKE_IS_FREE = "take_is_free"
    """Under ``take_discard = free`` the taken card goes to the hand; its use is a separate action."""
    NOTHING_TO_TAKE_BACK = "nothing_to_take_back"
    """There are no staged melds to take back."""
    TURN_ENDS_WITH_DISCARD = "turn_ends_with_discard"
    """After a failed take under ``failed_take = discard`` only a discard ends the turn (DRoV Streitfall 1, 3)."""
    INDIRECT_LAYOFF_NOT_OUT = "indirect_layoff_not_out"
    """A discard that fits only with hand cards is taken only to go out (``indirect_layoff_only_to_go_out``, DRoV Nr. 10)."""

    # -- opening (rules §5) ----------------------------------------------
    NOT_OPENED = "not_opened"
    """Laying off and swapping need an opened player (DRoV Nr. 9)."""
    OPENING_BELOW_THRESHOLD = "opening_below_threshold"
    """The opening can no longer reach ``opening_threshold`` this turn (DRoV Nr. 6)."""
    OPENING_NEEDS_RUN = "opening_needs_run"
    """The opening must include a run (cardgames.zone §10 variant)."""
    OPENING_JOKER = "opening_joker"
    """No joker may be part of the opening (Schmidt variant)."""
    OPENING_SINGLE_MELD = "opening_single_meld"
    """Without ``opening_sums_melds`` one meld alone must reach the threshold."""
    NOT_IN_OPENING_TURN = "not_in_opening_turn"
    """Without ``opening_turn_layoffs`` no lay-off or swap in the turn of opening (house rules)."""
    FIRST_GO_ROUND = "first_go_round"
    """Nobody lays down or lays off before every seat has had a turn (``no_melds_first_go_round``, ASS S. 1)."""
    REARRANGE_OFF = "rearrange_off"
    """Table cards may not be taken to be melded anew under these rules (``rearrange`` off, Räuber-Rommé)."""
    NO_SUCH_TABLE_CARD = "no_such_table_card"
    """The table meld has no card at the position named (Räuber-Rommé)."""
    STAGED_TABLE_CARD = "staged_table_card"
    """A meld staged towards the opening this turn gives no card away; a take-back returns it whole (Räuber-Rommé)."""
    TABLE_CARDS_IN_HAND = "table_cards_in_hand"
    """The turn may not end while cards taken from the table are not melded again (ASS S. 2–3)."""
    TABLE_TAKES_SPENT = "table_takes_spent"
    """The turn has taken ``max_table_takes`` cards from the table, the most the rules allow a turn
    (Räuber-Rommé; a take-back gives none back)."""

    # -- claims on the discard out of turn (rules §13) -------------------
    CLAIM_NOT_PLAYED = "claim_not_played"
    """This kind of claim is not played under these rules (``knocking``, ``buying``; ASS S. 1–3)."""
    CONSENT_PENDING = "consent_pending"
    """A purchase waits for this seat's consent: consent or refuse (ASS S. 3)."""
    NO_PURCHASE = "no_purchase"
    """Nobody is buying, so there is nothing to consent to or refuse (ASS S. 3)."""

    # -- lay-off and joker swap (rules §6) -------------------------------
    LAYOFF_DOES_NOT_FIT = "layoff_does_not_fit"
    """The cards do not extend the table meld into a valid meld."""
    SWAP_NOT_ALLOWED = "swap_not_allowed"
    """Joker swaps are off under these rules."""
    NO_JOKER_THERE = "no_joker_there"
    """The table meld named holds no joker."""
    WRONG_SWAP_CARD = "wrong_swap_card"
    """The card is not the one the joker stands for (cardgames.zone §6)."""
    SWAP_NEEDS_FOUR = "swap_needs_four"
    """A joker in a set may be swapped only when the set has four cards (DRoV Nr. 9, Streitfall 14)."""
    SWAPPED_JOKER_NOT_PLACED = "swapped_joker_not_placed"
    """The freed joker must be melded in the same action (cardgames.zone §9, DRoV Nr. 6)."""
    SWAPPED_JOKER_TO_HAND = "swapped_joker_to_hand"
    """Under ``swapped_joker = to_hand`` the freed joker goes to the hand; no placement goes with the swap (house rules)."""
    SWAP_BACK_SAME_MELD = "swap_back_same_meld"
    """The freed joker may not return to the meld it came from (German Rummy page)."""
    SWAP_OWN_NEW_JOKER = "swap_own_new_joker"
    """A joker laid this turn may not be swapped this turn (DRoV Streitfall 20)."""
    JOKER_NOT_ANNOUNCED = "joker_not_announced"
    """Under ``announced_jokers`` a set's jokers are laid with the cards they stand for, one each,
    in card order, of suits the set can still take; nothing else is announced, and the card
    announced for a set's joker is not laid off onto that set (only a swap puts it there)
    (Schmidt S. 3)."""
    SWAP_NOT_ANNOUNCED = "swap_not_announced"
    """Under ``announced_jokers`` a joker is swapped only for the card announced for it (Schmidt S. 3)."""
    SWAP_NOT_COMPLETE = "swap_not_complete"
    """The meld would not be complete after the swap (``swap_needs_complete_meld``, Schmidt S. 3)."""


class RommeError(Exception):
    """Base class of every error romme raises on purpose."""


class InvalidInputError(RommeError, ValueError):
    """Base class of every refusal of what a player gives: one ``except`` for a user's text.

    Its subclasses: `InvalidNotationError` (text that is not cards or not a
    move), `InputTooLargeError` (more cards than a function reads),
    `InvalidMeldError` (cards that are no meld) and `IllegalActionError` (a
    move the rules do not allow here). A form that checks a meld, or a table
    that plays a typed move, catches this class and shows the message; the
    subclass and its ``reason`` tell the cases apart. The errors of the
    program's own values (`InvalidRulesError`, `InvalidPositionError`,
    `InvalidDataError`, `RoundNotOverError`) are not among them.
    """


class InvalidNotationError(InvalidInputError):
    """Text (a card, a list of cards, an action) that cannot be parsed.

    Attributes:
        token: The offending piece of text.
    """

    def __init__(self, message: str, *, token: str = "") -> None:
        super().__init__(message)
        self.token = token


class InputTooLargeError(InvalidInputError):
    """More cards than a meld function reads, refused before any work on them.

    `romme.MAX_MELD_CARDS` caps `validate_meld` and `is_valid_meld`,
    `romme.MAX_SEARCH_CARDS` caps `find_melds` and `best_melds`. (Over-long
    text raises `InvalidNotationError`, an over-long document
    `InvalidDataError`, an over-full hand in a position `InvalidPositionError`.)
    """


class InvalidRulesError(RommeError, ValueError):
    """A `Rules` value with impossible settings, or an unknown preset name."""


class InvalidMeldError(InvalidInputError):
    """Cards that do not form a valid meld under the given rules.

    Attributes:
        reason: The rule the cards break, a `Reason`.
    """

    def __init__(self, message: str, *, reason: Reason) -> None:
        super().__init__(message)
        self.reason = reason


class InvalidPositionError(RommeError, ValueError):
    """A position set up from explicit cards that cannot occur (e.g. cards that are not the deck).

    Attributes:
        where: The field at fault (``"table[0]"``, ``"turn.taken"``), or ``""``
            for the position as a whole.
    """

    def __init__(self, message: str, *, where: str = "") -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message


class InvalidDataError(RommeError, ValueError):
    """A document (dict or JSON text) that is malformed or inconsistent."""


class RoundNotOverError(RommeError, ValueError):
    """A round's result was asked for while the round is still being played."""


class IllegalActionError(InvalidInputError):
    """An action that the rules do not allow in this position.

    Attributes:
        reason: The rule that refuses the action, a `Reason`.
        action: The refused action.
        player: The seat that tried it.
    """

    def __init__(self, message: str, *, reason: Reason, action: object, player: int) -> None:
        super().__init__(message)
        self.reason = reason
        self.action = action
        self.player = player
