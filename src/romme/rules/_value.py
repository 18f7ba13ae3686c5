"""The `Rules` value (private): one frozen value with a field for every point on which the rule books differ.

Each field's docstring names its source; `_problem` refuses the values and
combinations that make no sense. `romme.rules` re-exports `Rules` (its
public home). "rules §N" cites section N of the rules page of the
documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

import attrs

from romme._guard import shown
from romme.errors import InvalidRulesError
from romme.rules._enums import (
    MAX_HAND_SIZE,
    MAX_JOKERS,
    MAX_OPENING_THRESHOLD,
    MAX_RESHUFFLES,
    MAX_SEATS,
    MAX_TABLE_TAKES,
    MIN_SEATS,
    AdjacentJokers,
    ExtraCard,
    FailedTake,
    FirstPlayer,
    IndirectLayoffOut,
    JokerDiscard,
    JokerLimit,
    MatchScoring,
    StockExhausted,
    SwappedJoker,
    TakeDiscardMode,
    to_adjacent_jokers,
    to_extra_card,
    to_failed_take,
    to_first_player,
    to_indirect_layoff_out,
    to_joker_discard,
    to_joker_limit,
    to_match_scoring,
    to_stock_exhausted,
    to_swapped_joker,
    to_take_discard_mode,
)
from romme.rules._opening import Opening

__all__ = ["Rules"]


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """The rules of one Rommé variant: every point on which the rule books differ.

    ``Rules()`` plays by the German Rommé association's tournament rules
    (DRoV) with the dealer playing, a home game under tournament rules;
    ``PRESETS`` holds the named rule books. Field names and values follow
    the rules page of the documentation; each field names its source.

    >>> Rules().opening_threshold
    40
    >>> Rules(opening_threshold=-1)
    Traceback (most recent call last):
    ...
    romme.errors.InvalidRulesError: opening_threshold must be 0 or more, not -1

    Raises:
        InvalidRulesError: For impossible values or combinations.
    """

    # -- deck, seats, deal (rules §2) --
    decks: int = 2
    """French packs of 52 in the deck: 1 or 2 (DRoV Nr. 1; the house rules allow one pack for two players)."""
    jokers: int = 6
    """Jokers in the deck, 0 to 8 (DRoV Nr. 1: 6; house rules: 2 to 4)."""
    hand_size: int = 13
    """Cards dealt to each player, 1 to 15 (DRoV Nr. 3: 13)."""
    max_players: int = MAX_SEATS
    """The most seats these rules are played with (2–6); the deck must deal them all."""
    extra_card: ExtraCard = attrs.field(default=ExtraCard.NONE, converter=to_extra_card)
    """Who gets one more card (cardgames.zone §4: the first player)."""
    upcard: bool = True
    """Whether the top stock card starts the discard pile (DRoV Nr. 3; cardgames.zone §4: no)."""
    first_player: FirstPlayer = attrs.field(
        default=FirstPlayer.LEFT_OF_DEALER, converter=to_first_player
    )
    """Who plays first (DRoV Nr. 3)."""
    first_turn_draws: bool = True
    """Whether the first player draws in the first turn (cardgames.zone §4: no)."""
    joker_at_cut: bool = False
    """Whether a joker the cutter finds at the cut is kept: the cutter starts with it as a card
    more (a variant the English Wikipedia's "German Rummy" page reports)."""
    dealer_sits_out: bool = False
    """Whether the dealer gets no cards this round (DRoV Nr. 2, tournament tables)."""

    # -- melds (rules §3) --
    set_distinct_suits: bool = True
    """Whether a set's suits must differ (DRoV Nr. 8)."""
    ace_wraps: bool = True
    """Whether a run may pass the corner, K-A-2 (DRoV Nr. 8; cardgames.zone §5: no)."""
    joker_limit: JokerLimit = attrs.field(default=JokerLimit.MINORITY, converter=to_joker_limit)
    """How many jokers a meld may hold (DRoV Nr. 8: fewer than natural cards)."""
    adjacent_jokers: AdjacentJokers = attrs.field(
        default=AdjacentJokers.FORBIDDEN, converter=to_adjacent_jokers
    )
    """Whether jokers may lie side by side in a run (DRoV Nr. 8, cardgames.zone §5; Schmidt S. 3 variant: in runs of four or more)."""

    # -- drawing (rules §4) --
    take_discard: TakeDiscardMode = attrs.field(
        default=TakeDiscardMode.IMMEDIATE_USE, converter=to_take_discard_mode
    )
    """When the top discard may be taken (DRoV Nr. 4a/4b, cardgames.zone §6)."""
    rediscard_taken: bool = False
    """Under ``free``: whether the card taken may be discarded again this turn (cardgames.zone §6)."""
    last_card_stock_only: bool = True
    """Whether a player holding one card may draw only from the stock (DRoV Nr. 10)."""
    failed_take: FailedTake = attrs.field(default=FailedTake.END_TURN, converter=to_failed_take)
    """What a take-back that returns a taken discard does (DRoV Nr. 4c, Streitfall 1, 3; cardgames.zone §9)."""
    indirect_layoff_only_to_go_out: bool = False
    """Under ``immediate_use``: whether a taken discard that fits only together with hand cards
    ("mauscheln", DRoV Nr. 10) may be laid off only to go out: the lay-off leaves at most the one
    card to discard (a variant reading of DRoV Nr. 10's "zum Beenden")."""
    indirect_layoff_out: IndirectLayoffOut = attrs.field(
        default=IndirectLayoffOut.LAYOFF_LEAVES_ONE, converter=to_indirect_layoff_out
    )
    """Under ``indirect_layoff_only_to_go_out``: what "to go out" asks of the take, that the lay-off
    leaves at most the card to discard (``layoff_leaves_one``) or that the player goes out this turn,
    the rest of the hand melded and one card discarded (``goes_out_this_turn``), DRoV Nr. 10."""

    # -- opening (rules §5) --
    opening_threshold: int = 40
    """Meld value a player's first lay-downs must reach (DRoV Nr. 6: 40; cardgames.zone: 30; Schmidt: 31)."""
    opening_sums_melds: bool = True
    """Whether all melds laid in the opening turn count together (DRoV Nr. 4a)."""
    opening_requires_run: bool = False
    """Whether the opening must include a run (cardgames.zone §10 variant)."""
    opening_allows_jokers: bool = True
    """Whether jokers may be part of the opening (Schmidt S. 3 variant: no)."""
    opening_turn_layoffs: bool = True
    """Whether the player may lay off and swap in the turn of opening (DRoV Nr. 6; house rules: no)."""
    no_melds_first_go_round: bool = False
    """Whether nobody may lay down or lay off until every seat has had a turn (ASS S. 1 variant)."""

    # -- claims on the discard out of turn (rules §13) --
    knocking: bool = False
    """Whether a seat may knock (klopfen) for a discard the next player declined, taking it with a
    penalty card from the stock (ASS S. 1–2)."""
    knock_needs_opened: bool = False
    """Under ``knocking``: whether only a seat that has opened may knock (Schmidt S. 4)."""
    buying: bool = False
    """Whether a seat may buy (kaufen) a discard the next player declined, with the consent of the
    seats in between, taking the top stock card with it (ASS S. 3)."""
    next_player_buys: bool = False
    """Under ``buying``: whether the next player may buy the top discard too, in its draw: it takes
    the discard and the top stock card into the hand instead of drawing (a reading of ASS S. 3's
    "Jeder darf die oberste abgeworfene Karte kaufen")."""

    # -- joker swap (rules §6) --
    joker_swap: bool = True
    """Whether a melded joker may be swapped for the card it stands for (DRoV Nr. 9)."""
    swap_set_needs_four: bool = True
    """Whether a joker in a set may be swapped only when the set has 4 cards (DRoV Nr. 9, Streitfall 14)."""
    swapped_joker: SwappedJoker = attrs.field(
        default=SwappedJoker.MELD_SAME_TURN, converter=to_swapped_joker
    )
    """Where the freed joker goes (DRoV Nr. 6; German Rummy page; house rules)."""
    swap_back_same_meld: bool = True
    """Whether the freed joker may go back into the meld it came from (German Rummy page: no)."""
    swap_own_new_joker: bool = False
    """Whether a joker laid this turn may be swapped this turn (DRoV Streitfall 20: no)."""
    announced_jokers: bool = False
    """Whether a joker's card is announced when it is laid, and only that card swaps it (Schmidt S. 3
    variant): a set's jokers are laid with the cards they stand for (`LayDown.announce`)."""
    swap_needs_complete_meld: bool = False
    """Whether a joker may be swapped only when its meld is complete afterwards: no joker left in
    it, and a set of four cards (Schmidt S. 3 variant: "Tausch erst, wenn die Kombination danach
    vollständig ist")."""

    # -- Räuber-Rommé: rearranging the table (rules §13) --
    rearrange: bool = False
    """Whether a player may take cards from the table melds to meld them anew (Räuber-Rommé: ASS S. 2–3,
    Schmidt S. 4, cardgames.zone §10 variant)."""
    rearrange_needs_opened: bool = False
    """Under ``rearrange``: whether only a player who has opened may take table cards (cardgames.zone §10)."""
    opening_counts_table_cards: bool = False
    """Under ``rearrange``: whether table cards melded anew count towards the opening (ASS S. 2–3, Schmidt S. 4)."""
    max_table_takes: int = 15
    """Under ``rearrange``: the most cards a turn may take from the table (`TakeFromTable`), 1 to 50,
    a take-back giving none back. No rule book limits them; the library does, so that every turn
    ends (rules §13)."""

    # -- discarding and going out (rules §4, §7) --
    joker_discard: JokerDiscard = attrs.field(
        default=JokerDiscard.LAST_CARD_ONLY, converter=to_joker_discard
    )
    """When a joker may be discarded (DRoV Nr. 4, Nr. 8)."""
    jokers_only_ends_round: bool = True
    """Whether discarding a joker from a hand of only jokers ends the round (DRoV Streitfall 8)."""
    discard_to_go_out: bool = True
    """Whether the last card must be discarded (DRoV Nr. 10, Streitfall 7; cardgames.zone §8)."""

    # -- Hand-Rommé (rules §8) --
    hand_romme_waives_threshold: bool = True
    """Whether a Hand-Rommé of own melds only needs no threshold (DRoV Nr. 10)."""
    hand_romme_first_at_table: bool = False
    """Whether a Hand-Rommé needs that nobody at the table has opened yet."""
    hand_romme_multiplier: int = 1
    """Factor on every other player's penalty after a Hand-Rommé (cardgames.zone §8, German Rummy page: 2)."""

    # -- stock (rules §9) --
    stock_exhausted: StockExhausted = attrs.field(
        default=StockExhausted.END_ROUND, converter=to_stock_exhausted
    )
    """What happens when the stock runs out (DRoV Nr. 5; cardgames.zone §9)."""
    max_reshuffles: int | None = None
    """Under ``reshuffle``: how often the stock may be refilled (0 to 20); ``None`` for as often as
    the rule books allow, which the library bounds at ``MAX_RESHUFFLES`` (20) so that every round ends."""

    # -- scoring (rules §10) --
    ace_penalty: int = 11
    """Penalty of an ace left in hand (DRoV Nr. 11: 11; German Rummy page: 15)."""
    joker_penalty: int = 20
    """Penalty of a joker left in hand (DRoV Nr. 11: 20)."""
    not_opened_penalty: int | None = None
    """Flat penalty of a player who never opened, instead of the hand (cardgames.zone §8 variant: 100)."""
    ass_bonuses: bool = False
    """Whether a round books the bonuses of ASS S. 2: −40 for going out, −20 for one joker left
    alone, +20 for the first to lay out who did not win (`RoundResult.bonuses`)."""

    # -- match (rules §11) --
    match_scoring: MatchScoring = attrs.field(
        default=MatchScoring.TOURNAMENT, converter=to_match_scoring
    )
    """How the match is scored (DRoV Nr. 12–14: tournament points)."""
    match_rounds: int | None = None
    """Rounds in a match; ``None`` for no fixed number (German Rummy page: 3)."""
    match_limit: int | None = None
    """Penalty total that ends the match when reached or passed (cardgames.zone §8: e.g. 500)."""

    def __attrs_post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            raise InvalidRulesError(problem)

    @property
    def deck_size(self) -> int:
        """The number of cards in the deck: ``decks`` × 52 + ``jokers``."""
        return self.decks * 52 + self.jokers

    @property
    def opening(self) -> Opening:
        """The opening rule (rules §5): what counts, whether staged melds reach it, what they miss.

        The one statement of the opening, from ``opening_threshold``,
        ``opening_sums_melds``, ``opening_requires_run`` and
        ``opening_allows_jokers``; the checker, the generator, the bots and
        the faces all read it.

        >>> from romme import validate_meld
        >>> rules = Rules(opening_requires_run=True)
        >>> melds = [validate_meld("K♣ K♥ K♠", rules), validate_meld("A♣ A♥ A♠", rules)]
        >>> rules.opening.reached(melds), str(rules.opening.missing(melds))
        (False, 'a run')
        """
        # Built straight from the fields, as `Opening._make` would: the
        # checker and the generator ask it at every lay-down.
        return _new_tuple(
            Opening,
            (
                self.opening_threshold,
                self.opening_sums_melds,
                self.opening_requires_run,
                self.opening_allows_jokers,
            ),
        )

    @property
    def claims_played(self) -> bool:
        """Whether a discard may be claimed out of turn: ``knocking`` or ``buying`` (rules §13).

        Only then does a claim window open, may a hand grow past the deal,
        and do the claim answers exist.
        """
        return self.knocking or self.buying

    def players_dealt_in(self, players: int) -> int:
        """Return how many of `players` seats get cards (all but the dealer under ``dealer_sits_out``)."""
        return players - 1 if self.dealer_sits_out else players

    def cards_dealt(self, players: int) -> int:
        """Return how many cards the deal uses for `players` seats, upcard included."""
        extra = 0 if self.extra_card is ExtraCard.NONE else 1
        return self.players_dealt_in(players) * self.hand_size + extra + int(self.upcard)


_new_tuple: Final = tuple.__new__
"""Makes a `NamedTuple` of its fields, as its ``_make`` does, without a call of its ``__new__``."""


_ENUM_FIELDS: Final = {
    "extra_card": ExtraCard,
    "first_player": FirstPlayer,
    "joker_limit": JokerLimit,
    "adjacent_jokers": AdjacentJokers,
    "take_discard": TakeDiscardMode,
    "failed_take": FailedTake,
    "indirect_layoff_out": IndirectLayoffOut,
    "swapped_joker": SwappedJoker,
    "joker_discard": JokerDiscard,
    "stock_exhausted": StockExhausted,
    "match_scoring": MatchScoring,
}
_INT_FIELDS: Final = frozenset(
    {
        "decks",
        "jokers",
        "hand_size",
        "max_players",
        "opening_threshold",
        "hand_romme_multiplier",
        "ace_penalty",
        "joker_penalty",
        "max_table_takes",
    }
)
_OPTIONAL_INT_FIELDS: Final = frozenset(
    {"max_reshuffles", "not_opened_penalty", "match_rounds", "match_limit"}
)


_INT_RANGES: Final = {
    "opening_threshold": (0, MAX_OPENING_THRESHOLD),
    "hand_romme_multiplier": (1, 10),
    "ace_penalty": (0, 1000),
    "joker_penalty": (0, 1000),
    "not_opened_penalty": (0, 10_000),
    "max_reshuffles": (0, MAX_RESHUFFLES),
    "match_rounds": (1, 1000),
    "match_limit": (1, 1_000_000),
    "max_table_takes": (1, MAX_TABLE_TAKES),
}
"""The bounds of the integer fields not checked on their own: no rule book comes near them,
and they keep every value small enough to write and read back."""


def _problem(rules: Rules) -> str | None:
    """Return what is impossible about `rules`, or ``None``."""
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if field.name in _ENUM_FIELDS:
            enum_type = _ENUM_FIELDS[field.name]
            if not isinstance(value, enum_type):
                return f"{field.name} must be a {enum_type.__name__}, not {value!r}"
        elif field.name in _INT_FIELDS or field.name in _OPTIONAL_INT_FIELDS:
            if value is None and field.name in _OPTIONAL_INT_FIELDS:
                continue
            if type(value) is not int:
                return f"{field.name} must be an integer, not {shown(value)}"
        elif type(value) is not bool:
            return f"{field.name} must be True or False, not {shown(value)}"
    if rules.decks not in (1, 2):
        return f"decks must be 1 or 2, not {shown(rules.decks)}"
    if not 0 <= rules.jokers <= MAX_JOKERS:
        return f"jokers must be between 0 and {MAX_JOKERS}, not {shown(rules.jokers)}"
    if not 1 <= rules.hand_size <= MAX_HAND_SIZE:
        return f"hand_size must be between 1 and {MAX_HAND_SIZE}, not {shown(rules.hand_size)}"
    if not MIN_SEATS <= rules.max_players <= MAX_SEATS:
        return f"max_players must be between {MIN_SEATS} and {MAX_SEATS}, not {shown(rules.max_players)}"
    if rules.players_dealt_in(rules.max_players) < MIN_SEATS:
        return "with dealer_sits_out, max_players must be 3 or more so that 2 players are dealt in"
    dealt = rules.cards_dealt(rules.max_players) + int(rules.joker_at_cut)  # and the cut joker
    if dealt >= rules.deck_size:
        return (
            f"the deal for {rules.max_players} players uses {dealt} cards, but the deck holds "
            f"{rules.deck_size} and the stock needs at least one"
        )
    for name, (low, high) in _INT_RANGES.items():
        value = getattr(rules, name)
        if value is None:
            continue
        if value < low:
            none = "None or " if name in _OPTIONAL_INT_FIELDS else ""
            return f"{name} must be {none}{low} or more, not {shown(value)}"
        if value > high:
            return f"{name} must be at most {high}, not {shown(value)}"
    if rules.dealer_sits_out and rules.first_player is FirstPlayer.DEALER:
        return (
            "a dealer who sits out cannot play first (dealer_sits_out with first_player='dealer')"
        )
    if rules.dealer_sits_out and rules.extra_card is ExtraCard.DEALER:
        return "a dealer who sits out gets no cards (dealer_sits_out with extra_card='dealer')"
    if rules.jokers_only_ends_round and rules.joker_discard is not JokerDiscard.LAST_CARD_ONLY:
        return "jokers_only_ends_round needs joker_discard='last_card_only' (DRoV Streitfall 8)"
    if not rules.rearrange and (rules.rearrange_needs_opened or rules.opening_counts_table_cards):
        return "rearrange_needs_opened and opening_counts_table_cards need rearrange (Räuber-Rommé)"
    if rules.rearrange and rules.rearrange_needs_opened == rules.opening_counts_table_cards:
        return (
            "under rearrange, table cards count towards the opening (opening_counts_table_cards, "
            "ASS S. 2–3) exactly when a player who has not opened may take them "
            "(rearrange_needs_opened off): set one of the two"
        )
    if rules.knock_needs_opened and not rules.knocking:
        return "knock_needs_opened needs knocking (Schmidt S. 4)"
    if (
        rules.indirect_layoff_out is not IndirectLayoffOut.LAYOFF_LEAVES_ONE
        and not rules.indirect_layoff_only_to_go_out
    ):
        return "indirect_layoff_out needs indirect_layoff_only_to_go_out (DRoV Nr. 10)"
    if rules.next_player_buys and not rules.buying:
        return "next_player_buys needs buying (ASS S. 3)"
    if rules.knocking and rules.buying:
        return (
            "knocking and buying are two answers to the same claim window; choose one (ASS S. 1–3)"
        )
    return None
