/* The play phase of a seat that has opened (mirrors romme/_turn/generator.py: `legal_moves`
 * in the play phase, `_plays`, `_hand_lay_downs`, `_layoffs`, `_layoff_candidates`,
 * `_run_layoffs`, `_extend_run`; the verdicts they ask: romme/_turn/checker.py's
 * `discardable` and `take_back_refused`, romme/_turn/laying.py's `lay_down_allowed` (a seat
 * that has opened), `may_lay_off` and `lay_off_fit` with its `_extend`, romme/_turn/
 * ending.py's `finish`, `finisher`, `locked_code`, `may_discard` and
 * `can_discard_something`, romme/_turn/guards.py's `first_go_round` and `after_use` (with
 * the table cards a turn holds, Räuber-Rommé); romme/_turn/rearranging.py's `robs` and
 * `_rob_refused`; and romme/melds/_meld.py's `_run_in_given_order` and `_set_meld`, the
 * meld checks a lay-off's cards meet).
 *
 * The slice: the legal moves of a GameState in the play phase, or of the PlayerView of the
 * seat to act, where that seat has opened (or has not, and no lay-down is possible, as a
 * bound on `lay_down_possible` or the opening search proves: `rm_opening_out_of_bound`, then
 * one search for `lay_down_possible` and the lay-downs, `rm_opening_out_of_reach` only
 * where that search is the Python core's; or
 * its lay-downs are the opening search's under any opening, csrc/opening.c:
 * `rm_opening_within_any`), in a turn
 * that is not bound to go out (DRoV Nr. 10), with no meld staged (rules §5; or with melds staged by a seat that has
 * not opened, `rm_opening_within_any`: their take-back, `take_back_refused`, no discard
 * but a Hand-Rommé's last card, checker.py's `_opening_short`, and the lay-downs the
 * search of what they miss allows), no joker announced
 * (`announced_jokers` off, Schmidt S. 3) and outside the first go-round (ASS S. 1), with
 * its joker swaps (rules §6: `_swaps`, romme/_turn/swapping.py's `swap_joker`, `swapped`,
 * `place_joker`, `back_to_its_meld`). Under Räuber-Rommé (rules §13, ASS S. 2–3:
 * `rearrange`) the same, with the table cards the turn holds (`TurnState.borrowed`) and a
 * table to restore (`TurnState.before`), for a seat that has opened and for one that has
 * not: no discard while cards are held (`discardable`, `borrowed_failure`), the take-back
 * once a card was taken (`take_back_refused`), the lay-downs, lay-offs and swaps judged
 * with `after_use` of the cards held (a held card of the move counts as melded again
 * before the taken card does), and after the lay-offs every card of every table meld not
 * staged (`robs`, `_rob_refused`). Every other position is the Python core's.
 *
 * What the Python core decides for a seat that has not opened and holds table cards or
 * has a table to restore (`rearrange` with `rearrange_needs_opened` off, so
 * `opening_counts_table_cards` on), with melds staged or not: `discardable` lists nothing
 * while `borrowed` holds a card (and, with melds staged, nothing but a last card under the
 * waiver, `_opening_short`); `take_back_refused` lets the table be restored (`before`);
 * `_plays` asks `lay_down_possible` of the hand, table cards and all (the pool of
 * `search_pool` holds the hand now, so C searches the hand), and `_hand_lay_downs` judges
 * each meld of `melds_in` (the order of `options_in`) by `lay_down_outcome` with
 * `after_use` of its cards: `_staged_with` and `_towards_opening` read the meld's value,
 * kind and jokers only (a table card counts at its value, as any card of the hand: no
 * rule reads `opening_counts_table_cards` there), and of the turn only the taken card's
 * lock (`kept_back`, `finish`), freed where the meld holds more copies of the taken card
 * than the turn holds from the table; `finish` does not read `borrowed` (a lay-down that
 * completes the opening with cards still held goes on). `waiver_applies` is off once a
 * table card was taken (`before` set), in `lay_down_possible`, `_towards_opening` and
 * `_opening_short` alike. No lay-off and no swap (not opened). `robs`: none under
 * `rearrange_needs_opened` (NOT_OPENED) or after a take that may have failed
 * (`failed_take_discards`, left to Python), else each card of each meld not staged,
 * up to `max_table_takes`. So C lists it as before a take, with `after_use` of the cards
 * held (`lay_downs`) and the waiver read with `before` (csrc/opening.c). And the takes of
 * a seat that has
 * opened under take_discard=immediate_use (`_takes`, `rm_opened_takes`), with the same
 * verdicts on the position `with_discard_taken` makes.
 *
 * The LayDown and LayOff values the listings build are kept (`built_move`, a direct-mapped
 * cache keyed by every field) and listed again, values equal to ones built anew, as the
 * TakeFromTable of the robs are.
 */
#include "play.h"
#include "rearranging.h"

/* The names and values the slice reads or builds, filled once at import. */
static struct {
    /* its own names (the names other slices read too are rm_names') */
    PyObject *s_shape, *s_joker_swap, *s_opening_turn_layoffs, *s_no_melds_first_go_round,
        *s_announced_jokers, *s_players_dealt_in, *s_swap_set_needs_four, *s_swap_own_new_joker,
        *s_swap_needs_complete_meld, *s_needs_opened, *s_max_table_takes;
    PyObject *TakeFromTable, *rob_fields; /* ("target", "position") */
    PyObject *SwapJoker, *swap_fields; /* ("target", "card", "then") */
    PyObject *to_hand, *meld_or_discard; /* SwappedJoker.TO_HAND, .MELD_OR_DISCARD */
    PyObject *LayDown, *LayOff, *TakeDiscard; /* built unchecked as their `_of` builds */
    PyObject *take_fields;            /* ("use",) */
    PyObject *lay_down_fields;        /* ("cards", "kind", "announce") */
    PyObject *lay_off_fields;         /* ("target", "cards", "side", "announce") */
    PyObject *discards;               /* generator.DISCARDS: the Discard of each card code */
    PyObject *set_kind, *run_kind;    /* MeldKind.SET, MeldKind.RUN */
    PyObject *high, *low;             /* Side.HIGH, Side.LOW */
    PyObject *nothing;                /* () */
    PyObject *meld_shape, *stood_for; /* romme.melds' functions */
    long RUN, LENGTH_SHIFT, LOW_SHIFT, HIGH_SHIFT, BASE_SHIFT, BASE_FIELD, LOW_JOKER,
        HIGH_JOKER, NIBBLE;
} play;

static int
constant(long *slot, const char *name)
{
    PyObject *value = rm_module_attr("romme.melds", name);
    *slot = value == NULL ? -1 : PyLong_AsLong(value);
    Py_XDECREF(value);
    return *slot == -1 && PyErr_Occurred() ? -1 : 0;
}

int
rm_play_init(void)
{
    if (rm_intern(&play.s_shape, "_shape") < 0 || rm_intern(&play.s_joker_swap, "joker_swap") < 0
        || rm_intern(&play.s_opening_turn_layoffs, "opening_turn_layoffs") < 0
        || rm_intern(&play.s_no_melds_first_go_round, "no_melds_first_go_round") < 0
        || rm_intern(&play.s_announced_jokers, "announced_jokers") < 0
        || rm_intern(&play.s_players_dealt_in, "players_dealt_in") < 0
        || rm_intern(&play.s_swap_set_needs_four, "swap_set_needs_four") < 0
        || rm_intern(&play.s_swap_own_new_joker, "swap_own_new_joker") < 0
        || rm_intern(&play.s_swap_needs_complete_meld, "swap_needs_complete_meld") < 0
        || rm_intern(&play.s_needs_opened, "rearrange_needs_opened") < 0
        || rm_intern(&play.s_max_table_takes, "max_table_takes") < 0) {
        return -1;
    }
    play.LayDown = rm_module_attr("romme.game", "LayDown");
    play.LayOff = rm_module_attr("romme.game", "LayOff");
    play.TakeDiscard = rm_module_attr("romme.game", "TakeDiscard");
    play.TakeFromTable = rm_module_attr("romme.game", "TakeFromTable");
    play.rob_fields = Py_BuildValue("(OO)", rm_names.s_target, rm_names.s_position);
    play.take_fields = Py_BuildValue("(O)", rm_names.s_use);
    play.SwapJoker = rm_module_attr("romme.game", "SwapJoker");
    play.swap_fields = Py_BuildValue("(sss)", "target", "card", "then");
    PyObject *swapped_joker = rm_module_attr("romme.rules", "SwappedJoker");
    play.to_hand = swapped_joker == NULL ? NULL : PyObject_GetAttrString(swapped_joker, "TO_HAND");
    play.meld_or_discard =
        swapped_joker == NULL ? NULL : PyObject_GetAttrString(swapped_joker, "MELD_OR_DISCARD");
    Py_XDECREF(swapped_joker);
    play.discards = rm_module_attr("romme._turn.generator", "DISCARDS");
    PyObject *kind = rm_module_attr("romme.melds", "MeldKind");
    play.set_kind = kind == NULL ? NULL : PyObject_GetAttrString(kind, "SET");
    play.run_kind = kind == NULL ? NULL : PyObject_GetAttrString(kind, "RUN");
    Py_XDECREF(kind);
    PyObject *side = rm_module_attr("romme.game", "Side");
    play.high = side == NULL ? NULL : PyObject_GetAttrString(side, "HIGH");
    play.low = side == NULL ? NULL : PyObject_GetAttrString(side, "LOW");
    Py_XDECREF(side);
    play.nothing = PyTuple_New(0);
    play.meld_shape = rm_module_attr("romme.melds", "meld_shape");
    play.stood_for = rm_module_attr("romme.melds", "stood_for");
    play.lay_down_fields =
        Py_BuildValue("(OOO)", rm_names.s_cards, rm_names.s_kind, rm_names.s_announce);
    play.lay_off_fields = Py_BuildValue("(OOOO)", rm_names.s_target, rm_names.s_cards,
                                        rm_names.s_side, rm_names.s_announce);
    if (play.LayDown == NULL || play.LayOff == NULL || play.TakeDiscard == NULL
        || play.TakeFromTable == NULL || play.rob_fields == NULL
        || play.take_fields == NULL || play.SwapJoker == NULL || play.swap_fields == NULL
        || play.to_hand == NULL || play.meld_or_discard == NULL || play.discards == NULL
        || play.set_kind == NULL || play.run_kind == NULL
        || play.high == NULL || play.low == NULL || play.nothing == NULL
        || play.meld_shape == NULL || play.stood_for == NULL || play.lay_down_fields == NULL
        || play.lay_off_fields == NULL) {
        return -1;
    }
    if (!PyTuple_Check(play.discards) || PyTuple_Size(play.discards) != RM_CODES) {
        PyErr_SetString(PyExc_SystemError, "the generator's DISCARDS is not 53 long");
        return -1;
    }
    if (constant(&play.RUN, "RUN") < 0 || constant(&play.LENGTH_SHIFT, "LENGTH_SHIFT") < 0
        || constant(&play.LOW_SHIFT, "LOW_SHIFT") < 0
        || constant(&play.HIGH_SHIFT, "HIGH_SHIFT") < 0
        || constant(&play.BASE_SHIFT, "BASE_SHIFT") < 0
        || constant(&play.BASE_FIELD, "BASE_FIELD") < 0
        || constant(&play.LOW_JOKER, "LOW_JOKER") < 0
        || constant(&play.HIGH_JOKER, "HIGH_JOKER") < 0
        || constant(&play.NIBBLE, "NIBBLE") < 0) {
        return -1;
    }
    return 0;
}

/* What the listing reads of the position once. */
typedef struct rm_play {
    rm_pos pos;
    PyObject *table;   /* strong: the table, a tuple of TableMeld */
    PyObject *moves;   /* strong: the list of moves built */
    rm_shape shape;
    int locked;        /* `locked_code`: the taken card that may not go back, -1 none */
    int taken;         /* the code of the taken card while in hand, -1 none */
    int joker_last;    /* joker_discard=last_card_only */
    int to_go_out_ok;  /* not discard_to_go_out: melding may empty the hand */
    int layoffs;       /* `may_lay_off` lets the seat lay off */
    int unopened;      /* the seat has not opened (no lay-down possible, or `opening` set) */
    int staged;        /* melds staged this turn towards its opening (rules §5) */
    rm_opening_search opening; /* its lay-downs' search, where the C core lists them */
    int undecided;     /* a verdict the C search left to the Python core */
    int only;          /* the code every move must hold (the top discard taken), -1 any */
    int takes;         /* each move is the use of the top discard: a TakeDiscard of it */
    /* Räuber-Rommé (rules §13): the table cards the turn holds (`borrowed`, by code), a
     * table a take-back restores (`before`), and whether its robs are listed (`robs`) */
    unsigned char borrowed[RM_CODES];
    int borrowing, restore, robs;
    int swaps;         /* a table joker stands for a card in hand (`_swaps`) */
    /* a joker swap being listed: each move is its follow-up (`SwapJoker.then`) */
    PyObject *swap_target, *swap_card; /* borrowed while set; NULL otherwise */
    /* the table after the swap: the meld swapped into, its cards and shape word, and the
     * meld the freed joker may not go back to (-1 none) */
    Py_ssize_t override, skip;
    long override_shape;
    int override_size;
    int override_codes[13];
    int wraps, no_adjacent;
    /* the table meld a lay-off is checked against: its index, and its cards once read */
    Py_ssize_t target;
    int target_read;
    int target_size;
    int target_codes[13];
} rm_play;

/* `can_discard_something` of the hand `rest` (`rest_size` cards) with the card `locked`
 * (-1 none) kept back: whether some card of it passes `may_discard`. */
static int
can_discard(const rm_play *play_, const unsigned char *rest, int rest_size, int locked)
{
    if (locked < 0) {
        return rest_size > 0; /* only a joker beside natural cards is refused, and they may go */
    }
    for (int code = 0; code < RM_CODES; code++) {
        if (!rest[code]) {
            continue;
        }
        if (code == RM_JOKER_CODE && play_->joker_last && rest[RM_JOKER_CODE] < rest_size) {
            continue; /* Reason.JOKER_DISCARD */
        }
        if (code == locked && rest[code] == 1) {
            continue; /* Reason.REDISCARD_TAKEN */
        }
        return 1;
    }
    return 0;
}

/* `after_use` (romme/_turn/guards.py) of `cards` (`count` codes) going to the table: the
 * table cards the turn holds count as melded again first (a copy from the hand and one
 * from the table are the same card), by code into `melded` where it is not NULL; 1 where a
 * copy beyond those melds the taken card in hand, which frees its lock, else 0. */
static int
after_use(const rm_play *play_, const unsigned char *cards, int count, unsigned char *melded)
{
    int taken = 0;
    for (int i = 0; i < count; i++) {
        taken += cards[i] == play_->taken;
    }
    if (melded != NULL) {
        memset(melded, 0, RM_CODES);
        for (int i = 0; i < count; i++) {
            if (melded[cards[i]] < play_->borrowed[cards[i]]) {
                melded[cards[i]]++;
            }
        }
    }
    return taken > 0 && taken > play_->borrowed[play_->taken];
}

/* `finish` of the hand left once `cards` (codes) went to the table, in a turn not bound to
 * go out, with `after_use`: the taken card among them frees the lock. 1 the turn goes on,
 * 0 a Failure. */
static int
goes_on(const rm_play *play_, const unsigned char *cards, int count)
{
    unsigned char rest[RM_CODES];
    memcpy(rest, play_->pos.counts, sizeof rest);
    int locked = play_->locked;
    for (int i = 0; i < count; i++) {
        rest[cards[i]]--;
    }
    if (after_use(play_, cards, count, NULL)) {
        locked = -1; /* the taken card is melded: nothing is kept back */
    }
    int rest_size = (int)play_->pos.hand_size - count;
    if (rest_size == 0) {
        return play_->to_go_out_ok; /* Reason.MUST_KEEP_A_CARD under discard_to_go_out */
    }
    return can_discard(play_, rest, rest_size, locked); /* else Reason.NO_DISCARD_LEFT */
}

/* `stood_for` (romme.melds) of `roles` (a meld's tuple of JokerRole values, or a 1-tuple
 * holding `key`, one of them): the codes some joker of them stands for. A meld and its
 * roles are immutable, so the answer is kept by the identity of `key` (the roles' tuple,
 * or the role), holding a strong reference to it, in a direct-mapped cache; each answer is
 * Python's own. A new reference, or NULL with an exception set. */
#define RM_STOOD 128
static struct {
    PyObject *key, *codes;
} stood_cache[RM_STOOD];

static PyObject *
stood_codes(PyObject *key, PyObject *roles)
{
    size_t at = ((size_t)key >> 4) % RM_STOOD;
    if (stood_cache[at].key != key) {
        PyObject *codes = PyObject_CallFunctionObjArgs(play.stood_for, roles, NULL);
        if (codes == NULL) {
            return NULL;
        }
        PyObject *old_key = stood_cache[at].key, *old_codes = stood_cache[at].codes;
        Py_INCREF(key);
        stood_cache[at].key = key;
        stood_cache[at].codes = codes;
        Py_XDECREF(old_key);
        Py_XDECREF(old_codes);
    }
    Py_INCREF(stood_cache[at].codes);
    return stood_cache[at].codes;
}

/* A tuple of the cards of `codes`. */
static PyObject *
cards_of(const unsigned char *codes, int count)
{
    PyObject *cards = PyTuple_New(count);
    for (int i = 0; cards != NULL && i < count; i++) {
        PyObject *card = PyTuple_GetItem(rm_names.cards, codes[i]);
        Py_INCREF(card);
        PyTuple_SetItem(cards, i, card);
    }
    return cards;
}

/* A new instance of the slotted attrs class `cls` with `values` for its fields `names`, set
 * through their slots as its `_of` sets them; appended to `moves`. 0, or -1. */
static int
append_built(PyObject *moves, PyObject *cls, PyObject *names, PyObject *const *values)
{
    PyObject *action = rm_build(cls, names, values);
    int failed = action == NULL || PyList_Append(moves, action) < 0;
    Py_XDECREF(action);
    return failed ? -1 : 0;
}

/* The LayDown and LayOff of each meld and target the listings have built, kept in a
 * direct-mapped cache of the module's life: a value, equal to a new one of the same fields
 * (the cards, the kind or the target and side, no announcement), that the listings of the
 * same hands and tables list again, as the robs are kept. Keyed by every field; a slot
 * taken by another key is built anew and replaces it. */
#define RM_BUILT 4096
static struct {
    PyObject *move;
    Py_ssize_t target; /* -1 a LayDown */
    int tag;           /* a LayDown's kind (1 run), a LayOff's side (0 none, 1 high, 2 low) */
    int count;
    unsigned char codes[14];
} built_cache[RM_BUILT];

/* The LayDown (`target` -1, `tag` 1 a run) or LayOff (`tag` its side) of `codes`, from the
 * cache or built. A new reference, or NULL with an exception set. */
static PyObject *
built_move(Py_ssize_t target, int tag, const unsigned char *codes, int count)
{
    size_t hash = (size_t)(target + 1) * 31u + (size_t)tag * 7u + (size_t)count;
    for (int i = 0; i < count; i++) {
        hash = hash * 131u + codes[i];
    }
    hash ^= hash >> 15;
    size_t at = hash % RM_BUILT;
    if (built_cache[at].move != NULL && built_cache[at].target == target
        && built_cache[at].tag == tag && built_cache[at].count == count
        && memcmp(built_cache[at].codes, codes, (size_t)count) == 0) {
        Py_INCREF(built_cache[at].move);
        return built_cache[at].move;
    }
    PyObject *values[4], *move = NULL;
    PyObject *cards = cards_of(codes, count);
    if (cards == NULL) {
        return NULL;
    }
    if (target < 0) {
        values[0] = cards;
        values[1] = tag ? play.run_kind : play.set_kind;
        values[2] = play.nothing;
        move = rm_build(play.LayDown, play.lay_down_fields, values);
    }
    else {
        values[0] = PyLong_FromSsize_t(target);
        values[1] = cards;
        values[2] = tag == 1 ? play.high : tag == 2 ? play.low : Py_None;
        values[3] = play.nothing;
        move = values[0] == NULL ? NULL : rm_build(play.LayOff, play.lay_off_fields, values);
        Py_XDECREF(values[0]);
    }
    if (move != NULL) {
        /* out of the cycle collector's sight, as a tuple of atoms leaves it: the move and
         * its cards hold the cards, kinds, sides and ints only, never a cycle, and kept
         * for the module's life they would only add to every collection's walk */
        PyObject_GC_UnTrack(cards);
        PyObject_GC_UnTrack(move);
    }
    Py_DECREF(cards);
    if (move == NULL || count > 14) {
        return move;
    }
    PyObject *old = built_cache[at].move;
    Py_INCREF(move);
    built_cache[at].move = move;
    built_cache[at].target = target;
    built_cache[at].tag = tag;
    built_cache[at].count = count;
    memcpy(built_cache[at].codes, codes, (size_t)count);
    Py_XDECREF(old);
    return move;
}

/* Append the lay-down or lay-off of `built_move`'s fields to the moves, as the use of the
 * top discard where the moves are takes (`_takes`: `TakeDiscard._of(use=...)`). 0, or -1. */
static int
emit(rm_play *play_, Py_ssize_t target, int tag, const unsigned char *codes, int count)
{
    PyObject *item = built_move(target, tag, codes, count);
    if (item == NULL) {
        return -1;
    }
    int failed;
    if (!play_->takes && play_->swap_card == NULL) {
        failed = PyList_Append(play_->moves, item) < 0;
    }
    else if (play_->takes) {
        failed = append_built(play_->moves, play.TakeDiscard, play.take_fields, &item) < 0;
    }
    else { /* `SwapJoker._of(target=..., card=..., then=...)` */
        PyObject *parts[3] = {play_->swap_target, play_->swap_card, item};
        failed = append_built(play_->moves, play.SwapJoker, play.swap_fields, parts) < 0;
    }
    Py_DECREF(item);
    return failed ? -1 : 0;
}

/* Whether `codes` hold the code the moves must hold (`only`), if any. */
static int
holds_only(const rm_play *play_, const unsigned char *codes, int count)
{
    if (play_->only < 0) {
        return 1;
    }
    for (int i = 0; i < count; i++) {
        if (codes[i] == play_->only) {
            return 1;
        }
    }
    return 0;
}

/* -- the lay-downs (`_hand_lay_downs`, `lay_down_allowed` of a seat that has opened) ---- */

static int
lay_downs(rm_play *play_)
{
    rm_options found = {NULL, 0, 0};
    if (rm_options_in(play_->pos.counts, &play_->shape, &found) < 0) {
        return -1;
    }
    int failed = 0;
    for (Py_ssize_t i = 0; !failed && i < found.count; i++) {
        const rm_option *option = &found.items[i];
        /* `finisher` of the turn once laid: `after_use` frees the lock where the meld holds
         * the taken card */
        if (!holds_only(play_, option->codes, option->size)) {
            continue; /* `melds_with` the card taken */
        }
        int allowed = RM_OPENING_COMPLETES;
        if (play_->opening.packer != NULL) {
            /* a seat that has not opened: towards the opening (`lay_down_allowed`, or
             * `lay_down_outcome` of each meld where table cards are held); `after_use`: the
             * taken card melded frees the lock, the table cards held counting as melded
             * again first */
            int frees = after_use(play_, option->codes, option->size, NULL);
            int locked = frees ? -1 : play_->locked;
            allowed = rm_opening_allows(&play_->opening, play_->pos.counts, option, locked);
            if (allowed == RM_PACK_UNDECIDED) {
                play_->undecided = 1;
                break;
            }
        }
        if (allowed == RM_OPENING_COMPLETES) {
            allowed = goes_on(play_, option->codes, option->size);
        }
        if (!allowed) {
            continue;
        }
        failed = emit(play_, -1, option->run != 0, option->codes, option->size) < 0;
    }
    rm_options_clear(&found);
    return failed ? -1 : 0;
}

/* -- the lay-offs (`_layoffs`, `_layoff_candidates`, `lay_off_fit`) --------------------- */

/* Read the codes of the target's cards into `play_`, once. 0, or -1. */
static int
read_target(rm_play *play_, PyObject *meld)
{
    if (play_->target_read) {
        return 0;
    }
    PyObject *cards = rm_attr(meld, rm_names.s_cards);
    Py_ssize_t size = cards == NULL ? -1 : PyObject_Size(cards);
    if (size < 0 || size > 13) {
        if (size > 13) {
            PyErr_SetString(PyExc_SystemError, "a table meld of more than 13 cards");
        }
        Py_XDECREF(cards);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        int code = rm_code_of(PyTuple_GetItem(cards, i));
        if (code < 0) {
            Py_DECREF(cards);
            return -1;
        }
        play_->target_codes[i] = code;
    }
    Py_DECREF(cards);
    play_->target_read = 1;
    play_->target_size = (int)size;
    return 0;
}

/* `_run_in_given_order` (romme/melds/_meld.py): whether `codes` in this order are a run
 * the shape allows. */
static int
run_in_given_order(const rm_play *play_, const int *codes, int length)
{
    if (length > 13) {
        return 0;
    }
    int suit = -1, offset = 0, jokers = 0, touching = 0, previous_joker = 0;
    for (int position = 0; position < length; position++) {
        int code = codes[position];
        if (code == RM_JOKER_CODE) {
            jokers++;
            touching |= previous_joker;
            previous_joker = 1;
            continue;
        }
        previous_joker = 0;
        int here = ((code - position) % 13 + 13) % 13;
        if (suit < 0) {
            suit = code / 13;
            offset = here;
        }
        else if (code / 13 != suit || here != offset) {
            return 0;
        }
    }
    if (suit < 0) {
        return 0;
    }
    int start = offset == 12 ? -1 : offset; /* a run that begins with the ace begins low */
    if (!play_->shape.ace_wraps && start + length - 1 > 12) {
        return 0;
    }
    if (jokers) {
        if (jokers > rm_most_jokers(&play_->shape, length - jokers)) {
            return 0;
        }
        if (jokers > 1 && !rm_jokers_may_touch(&play_->shape, length) && touching) {
            return 0;
        }
    }
    return 1;
}

/* `_set_meld`'s checks of the set the target and `cards` make (one rank, by construction):
 * four cards at most, each suit once under distinct suits, the joker limit. */
static int
set_fits(const rm_play *play_, const unsigned char *cards, int count)
{
    int length = play_->target_size + count;
    if (length > 4) {
        return 0;
    }
    int naturals = 0, suits = 0, repeated = 0;
    for (int i = 0; i < length; i++) {
        int code = i < play_->target_size ? play_->target_codes[i] : cards[i - play_->target_size];
        if (code == RM_JOKER_CODE) {
            continue;
        }
        naturals++;
        repeated |= suits >> (code / 13) & 1;
        suits |= 1 << (code / 13);
    }
    if (play_->shape.distinct_suits && repeated) {
        return 0; /* Reason.REPEATED_SUIT */
    }
    return length - naturals <= rm_most_jokers(&play_->shape, naturals); /* JOKER_LIMIT */
}

/* `_extend`'s verdict on the candidate `cards` onto the target read (`read_target`) at
 * `side` (NULL for a set, whose cards are of its rank): 1 they make a meld, 0 not. */
static int
fits_at(const rm_play *play_, const unsigned char *cards, int count, PyObject *side)
{
    int fits;
    if (side == NULL) {
        fits = set_fits(play_, cards, count);
    }
    else {
        int sequence[26];
        int length = play_->target_size + count;
        for (int i = 0; i < length; i++) {
            if (side == play.high) {
                sequence[i] = i < play_->target_size ? play_->target_codes[i]
                                                     : cards[i - play_->target_size];
            }
            else {
                sequence[i] = i < count ? cards[i] : play_->target_codes[i - count];
            }
        }
        fits = run_in_given_order(play_, sequence, length);
    }
    return fits;
}

/* Check the candidate `cards` onto the target at `side` (NULL for a set) as `lay_off_fit`
 * does, and list it as `_layoffs` does where it fits. 0, or -1. */
static int
offer(rm_play *play_, PyObject *meld, const unsigned char *cards, int count, PyObject *side)
{
    if (!holds_only(play_, cards, count)) {
        return 0; /* `_layoffs` with `only`: the lay-offs holding the card taken */
    }
    if (read_target(play_, meld) < 0) {
        return -1;
    }
    if (!fits_at(play_, cards, count, side) || !goes_on(play_, cards, count)) {
        return 0;
    }
    int tag = side == NULL ? 0 : side == play.high ? 1 : 2;
    return emit(play_, play_->target, tag, cards, count);
}

/* One end of a run (`_RunEnd`). */
typedef struct {
    PyObject *meld;
    PyObject *side;
    int suit_base, start, step, room;
} run_end;

/* `_extend_run`: extend `sequence` (`depth` cards) by one card beyond rank index
 * `previous` (a joker's, if `previous_joker`), offering each sequence. 0, or -1. */
static int
extend_run(rm_play *play_, const run_end *end, unsigned char *sequence, int depth,
           unsigned char *counts, int jokers, int previous, int previous_joker)
{
    if (depth >= end->room || (previous % 13 == 12 && !play_->wraps)) {
        return 0;
    }
    int here = ((end->start + end->step * depth) % 13 + 13) % 13;
    int code = end->suit_base + here;
    int joker_ok = jokers > 0 && !(previous_joker && play_->no_adjacent);
    for (int pass = 0; pass < 2; pass++) {
        int joker = pass == 1;
        if (joker ? !joker_ok : counts[code] == 0) {
            continue;
        }
        sequence[depth] = (unsigned char)(joker ? RM_JOKER_CODE : code);
        unsigned char cards[13];
        for (int i = 0; i <= depth; i++) {
            cards[i] = end->side == play.high ? sequence[i] : sequence[depth - i];
        }
        if (offer(play_, end->meld, cards, depth + 1, end->side) < 0) {
            return -1;
        }
        int failed;
        if (joker) {
            failed = extend_run(play_, end, sequence, depth + 1, counts, jokers - 1, here, 1);
        }
        else {
            counts[code]--;
            failed = extend_run(play_, end, sequence, depth + 1, counts, jokers, here, 0);
            counts[code]++;
        }
        if (failed < 0) {
            return -1;
        }
    }
    return 0;
}

/* The distinct choices of `size` of the sorted `pool`, in order (`sorted(set(combinations(
 * pool, size)))`), each with 0 to `extra_most` jokers but never no card: offered onto the
 * set. 0, or -1. */
static int
set_layoffs(rm_play *play_, PyObject *meld, const int *pool, int pooled, int jokers, int room)
{
    for (int size = 0; size <= room && size <= pooled; size++) {
        int at[4] = {0, 0, 0, 0};
        for (int more = rm_first_choice(at, size, pooled); more;
             more = rm_next_choice(at, size, pool, pooled)) {
            int most = jokers < room - size ? jokers : room - size;
            for (int extra = 0; extra <= most; extra++) {
                if (size + extra == 0) {
                    continue;
                }
                unsigned char cards[4];
                for (int i = 0; i < size; i++) {
                    cards[i] = (unsigned char)pool[at[i]];
                }
                for (int i = size; i < size + extra; i++) {
                    cards[i] = RM_JOKER_CODE;
                }
                if (offer(play_, meld, cards, size + extra, NULL) < 0) {
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* A table meld's shape word (`meld_shape`, read from the meld where kept); -1 with an
 * exception set. */
static long
shape_word(PyObject *meld)
{
    PyObject *word = PyObject_GenericGetAttr(meld, play.s_shape);
    if (word == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) {
            return -1;
        }
        PyErr_Clear(); /* a meld unpickled or copied */
    }
    long value = word == NULL ? 0 : PyLong_AsLong(word);
    Py_XDECREF(word);
    if (value == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (value == 0) {
        word = PyObject_CallFunctionObjArgs(play.meld_shape, meld, NULL);
        value = word == NULL ? -1 : PyLong_AsLong(word);
        Py_XDECREF(word);
    }
    return value;
}

static int
layoffs(rm_play *play_)
{
    const unsigned char *held = play_->pos.counts;
    int jokers = held[RM_JOKER_CODE];
    int copies = play_->shape.distinct_suits ? 1 : 4;
    Py_ssize_t count = PyTuple_Size(play_->table);
    for (Py_ssize_t index = 0; index < count; index++) {
        if (index == play_->skip) {
            continue; /* `back_to_its_meld`: the freed joker may not go back */
        }
        PyObject *meld = rm_attr(PyTuple_GetItem(play_->table, index), rm_names.s_meld);
        if (meld == NULL) {
            return -1;
        }
        long shape = index == play_->override ? play_->override_shape : shape_word(meld);
        int failed = shape < 0;
        play_->target = index;
        play_->target_read = 0; /* the cards are read at the first candidate */
        if (index == play_->override) { /* the meld as the swap left it */
            memcpy(play_->target_codes, play_->override_codes, sizeof play_->target_codes);
            play_->target_size = play_->override_size;
            play_->target_read = 1;
        }
        int length = (int)(shape >> play.LENGTH_SHIFT & play.NIBBLE);
        int low = (int)(shape >> play.LOW_SHIFT & play.NIBBLE);
        /* with a natural `only`, a set takes it if its rank is the card's, a run if its suit is */
        int wanted = play_->only >= 0 && play_->only < RM_JOKER_CODE ? play_->only : -1;
        if (!failed && shape & play.RUN
            && (wanted < 0
                || wanted - wanted % 13 == (int)(shape >> play.BASE_SHIFT & play.BASE_FIELD))) {
            int suit_base = (int)(shape >> play.BASE_SHIFT & play.BASE_FIELD);
            int high = (int)(shape >> play.HIGH_SHIFT & play.NIBBLE);
            if (jokers || held[suit_base + (high + 1) % 13]
                || held[suit_base + (low + 12) % 13]) {
                unsigned char counts[RM_CODES], sequence[13];
                memcpy(counts, held, sizeof counts);
                run_end up = {meld, play.high, suit_base, high + 1, 1, 13 - length};
                run_end down = {meld, play.low, suit_base, low - 1, -1, 13 - length};
                failed = extend_run(play_, &up, sequence, 0, counts, jokers, high,
                                    (shape & play.HIGH_JOKER) != 0)
                             < 0
                         || extend_run(play_, &down, sequence, 0, counts, jokers, low,
                                       (shape & play.LOW_JOKER) != 0)
                                < 0;
            }
        }
        else if (!failed && !(shape & play.RUN)) {
            int room = 4 - length;
            if (room > 0 && (wanted < 0 || wanted % 13 == low)) {
                int pool[16], pooled = 0;
                for (int code = low; code < RM_JOKER_CODE; code += 13) {
                    int n = held[code];
                    n = n < copies ? n : copies;
                    n = n < room ? n : room;
                    for (int c = 0; c < n; c++) {
                        pool[pooled++] = code;
                    }
                }
                if (pooled || jokers) {
                    failed = set_layoffs(play_, meld, pool, pooled, jokers, room) < 0;
                }
            }
        }
        Py_DECREF(meld);
        if (failed) {
            return -1;
        }
    }
    return 0;
}

/* -- the slice ------------------------------------------------------------------------ */

/* A Python bool attribute as a C int: 1, 0, or -1 (rm_flag). */
#define FLAG(obj, name) rm_flag((obj), (name))

/* Read what the verdicts of the lay-downs and lay-offs read, the turn's taken card as in
 * hand where `taken_in_hand` (`locked_code`, `after_use`). 1, or -1 with an exception set. */
static int
read_verdicts(rm_play *play_, PyObject *rules, PyObject *turn)
{
    /* what the verdicts read */
    int in_hand = FLAG(turn, rm_names.s_taken_in_hand);
    if (in_hand < 0) {
        return -1;
    }
    play_->taken = play_->locked = -1;
    if (in_hand) {
        PyObject *taken = rm_attr(turn, rm_names.s_taken);
        if (taken == NULL) {
            return -1;
        }
        play_->taken = taken == Py_None ? -1 : rm_code_of(taken);
        Py_DECREF(taken);
        if (play_->taken == -1 && PyErr_Occurred()) {
            return -1;
        }
        int rediscard = FLAG(rules, rm_names.s_rediscard_taken);
        if (rediscard < 0) {
            return -1;
        }
        play_->locked = rediscard ? -1 : play_->taken;
    }
    play_->joker_last = rm_is(rules, rm_names.s_joker_discard, rm_names.joker_last_card_only);
    int must_discard = FLAG(rules, rm_names.s_discard_to_go_out);
    int opened_before = FLAG(turn, rm_names.s_opened_before);
    int opening_turn = FLAG(rules, play.s_opening_turn_layoffs);
    if (play_->joker_last < 0 || must_discard < 0 || opened_before < 0 || opening_turn < 0) {
        return -1;
    }
    play_->to_go_out_ok = !must_discard;
    play_->layoffs = opened_before || opening_turn; /* `may_lay_off` */
    if (rm_shape_read(rules, &play_->shape) < 0) {
        return -1;
    }
    play_->wraps = play_->shape.ace_wraps;
    play_->no_adjacent = !rm_jokers_may_touch(&play_->shape, 13); /* forbidden in every run */
    return 1;
}


/* `first_go_round` (romme/_turn/guards.py, ASS S. 1): whether the turn of `turn` among
 * `seats` seats is in the first go-round in which no meld is laid. 1, 0, or -1. */
static int
first_go_round(PyObject *rules, PyObject *turn, Py_ssize_t seats)
{
    int truth = FLAG(rules, play.s_no_melds_first_go_round);
    if (truth <= 0) {
        return truth;
    }
    PyObject *number = rm_attr(turn, rm_names.s_number);
    PyObject *players = number == NULL ? NULL : PyLong_FromSsize_t(seats);
    PyObject *dealt = players == NULL ? NULL
                                      : PyObject_CallMethodObjArgs(
                                            rules, play.s_players_dealt_in, players, NULL);
    Py_XDECREF(players);
    int first = dealt == NULL ? -1 : PyObject_RichCompareBool(number, dealt, Py_LT);
    Py_XDECREF(number);
    Py_XDECREF(dealt);
    return first;
}

/* Whether the seat to act in `position` has opened (`opened[current_player]`), with the
 * number of seats in `*seats`: 1, 0, or -1 with an exception set. */
static int
seat_opened(PyObject *position, Py_ssize_t *seats)
{
    PyObject *seat = rm_attr(position, rm_names.s_current_player);
    PyObject *opened = seat == NULL ? NULL : rm_attr(position, rm_names.s_opened);
    PyObject *flag = opened == NULL ? NULL : PyObject_GetItem(opened, seat);
    Py_XDECREF(seat);
    *seats = flag == NULL ? -1 : PyObject_Size(opened);
    Py_XDECREF(opened);
    int truth = *seats < 0 ? -1 : PyObject_IsTrue(flag);
    Py_XDECREF(flag);
    return truth;
}

/* Read the table cards the turn holds (`TurnState.borrowed`, Räuber-Rommé) into `play_`,
 * by code. 0, or -1 with an exception set. */
static int
read_borrowed(rm_play *play_, PyObject *turn)
{
    PyObject *borrowed = rm_attr(turn, rm_names.s_borrowed);
    Py_ssize_t size = borrowed == NULL ? -1 : PyObject_Size(borrowed);
    for (Py_ssize_t i = 0; i < size; i++) {
        PyObject *card = PySequence_GetItem(borrowed, i);
        int code = card == NULL ? -1 : rm_code_of(card);
        Py_XDECREF(card);
        if (code < 0) {
            size = -1;
            break;
        }
        play_->borrowed[code]++;
    }
    Py_XDECREF(borrowed);
    if (size < 0) {
        return -1;
    }
    play_->borrowing = (int)size;
    return 0;
}

/* `_rob_refused` (romme/_turn/rearranging.py) of the play phase read under `rearrange`,
 * outside the first go-round: `play_->robs` where a card may be taken from the table. 1,
 * 0 where the Python core answers (a seat that has not opened after a take that may have
 * failed: `failed_take_discards`), -1 with an exception set. */
static int
robs_listed(rm_play *play_, PyObject *rules, PyObject *turn)
{
    if (play_->unopened) {
        int needs = FLAG(rules, play.s_needs_opened);
        if (needs != 0) {
            return needs < 0 ? -1 : 1; /* NOT_OPENED (cardgames.zone §10) */
        }
        int truth = rm_is(turn, rm_names.s_taken, Py_None);
        int in_hand = FLAG(turn, rm_names.s_taken_in_hand);
        int staged = FLAG(turn, rm_names.s_taken_staged);
        if (truth < 0 || in_hand < 0 || staged < 0) {
            return -1;
        }
        if (!truth && !in_hand && !staged) {
            return 0; /* a taken card returned: perhaps only the discard is left */
        }
    }
    PyObject *takes = rm_attr(turn, rm_names.s_table_takes);
    PyObject *most = takes == NULL ? NULL : rm_attr(rules, play.s_max_table_takes);
    int spent = most == NULL ? -1 : PyObject_RichCompareBool(takes, most, Py_GE);
    Py_XDECREF(takes);
    Py_XDECREF(most);
    if (spent < 0) {
        return -1;
    }
    play_->robs = !spent; /* else TABLE_TAKES_SPENT */
    return 1;
}

/* The TakeFromTable of each table meld and position the listings have built, kept for the
 * module's life: a value, equal to a new one of the same fields, that every listing of
 * Räuber-Rommé lists again (as the generator's `DISCARDS` are shared). Past these bounds
 * each is built anew. */
#define ROB_TARGETS 64
#define ROB_POSITIONS 16
static PyObject *rob_moves[ROB_TARGETS][ROB_POSITIONS];

/* Append the TakeFromTable of `index` and `position` to `moves`. 0, or -1. */
static int
append_rob(PyObject *moves, Py_ssize_t index, Py_ssize_t position)
{
    int kept = index < ROB_TARGETS && position < ROB_POSITIONS;
    PyObject *move = kept ? rob_moves[index][position] : NULL;
    if (move == NULL) {
        PyObject *values[2] = {PyLong_FromSsize_t(index), PyLong_FromSsize_t(position)};
        move = values[0] == NULL || values[1] == NULL
                   ? NULL
                   : rm_build(play.TakeFromTable, play.rob_fields, values);
        Py_XDECREF(values[0]);
        Py_XDECREF(values[1]);
        if (move == NULL) {
            return -1;
        }
        if (!kept) {
            int failed = PyList_Append(moves, move);
            Py_DECREF(move);
            return failed;
        }
        rob_moves[index][position] = move; /* the reference kept */
    }
    return PyList_Append(moves, move);
}

/* `robs`: every card of every table meld not staged this turn, a TakeFromTable each. 0, or
 * -1 with an exception set. */
static int
robs(rm_play *play_)
{
    Py_ssize_t melds = PyTuple_Size(play_->table);
    for (Py_ssize_t index = 0; index < melds; index++) {
        PyObject *entry = PyTuple_GetItem(play_->table, index);
        int staged = FLAG(entry, rm_names.s_staged);
        if (staged != 0) {
            if (staged < 0) {
                return -1;
            }
            continue; /* a staged meld gives no card away */
        }
        PyObject *meld = rm_attr(entry, rm_names.s_meld);
        PyObject *cards = meld == NULL ? NULL : rm_attr(meld, rm_names.s_cards);
        Py_XDECREF(meld);
        Py_ssize_t size = cards == NULL ? -1 : PyObject_Size(cards);
        Py_XDECREF(cards);
        if (size < 0) {
            return -1;
        }
        for (Py_ssize_t position = 0; position < size; position++) {
            if (append_rob(play_->moves, index, position) < 0) {
                return -1;
            }
        }
    }
    return 0;
}

/* `_rob_refused`'s verdict for rearranging.c (declared in rearranging.h): the first go-round
 * and `robs_listed`, as the listing asks them. */
int
rm_play_rob_allowed(PyObject *rules, PyObject *turn, Py_ssize_t seats, int unopened)
{
    int truth = first_go_round(rules, turn, seats);
    if (truth != 0) {
        return truth < 0 ? -1 : 0; /* Reason.FIRST_GO_ROUND */
    }
    rm_play *play_ = rm_laying_new();
    if (play_ == NULL) {
        return -1;
    }
    play_->unopened = unopened;
    truth = robs_listed(play_, rules, turn);
    int allowed = truth < 0 ? -1 : truth == 1 && play_->robs;
    rm_laying_free(play_);
    return allowed;
}

/* Read the turn's state under Räuber-Rommé (rules §13) into `play_`: the table cards it
 * holds (`TurnState.borrowed`) and whether it has a table to restore (`TurnState.before`).
 * Sets `*rearrange` to the rules' `rearrange`. 1 where the slice may go on, 0 where the
 * Python core decides (table cards held or a table to restore without `rearrange`), -1
 * with an exception set. */
static int
read_raeuber(rm_play *play_, PyObject *rules, PyObject *turn, int *rearrange)
{
    memset(play_->borrowed, 0, sizeof play_->borrowed);
    play_->borrowing = 0;
    int truth;
    if ((*rearrange = FLAG(rules, rm_names.s_rearrange)) < 0 || read_borrowed(play_, turn) < 0
        || (truth = rm_is(turn, rm_names.s_before, Py_None)) < 0) {
        return -1;
    }
    play_->restore = !truth;
    return (play_->borrowing || play_->restore) && !*rearrange ? 0 : 1;
}


/* Whether the slice decides the position read: 1, 0 (the Python core's), -1. Reads what
 * the listing needs into `play_`. */
static int
decides(rm_play *play_, PyObject *position)
{
    rm_pos *pos = &play_->pos;
    if (rm_read_position(position, pos) < 0) {
        return -1;
    }
    Py_ssize_t seats;
    int has_opened = seat_opened(position, &seats);
    if (has_opened < 0) {
        return -1;
    }
    play_->unopened = !has_opened;
    PyObject *rules = pos->rules, *turn = pos->turn;
    int truth;
    /* Räuber-Rommé (rules §13): the table cards borrowed, a table to restore, of a seat
     * that has opened or not (the opening counts the table cards as any card of the hand);
     * without `rearrange` there are none */
    int rearrange;
    if ((truth = read_raeuber(play_, rules, turn, &rearrange)) != 1) {
        return truth;
    }
    /* a turn bound to go out (DRoV Nr. 10), announced jokers (Schmidt S. 3) */
    if ((truth = FLAG(turn, rm_names.s_to_go_out)) != 0) {
        return truth < 0 ? -1 : 0;
    }
    if ((truth = FLAG(rules, play.s_announced_jokers)) != 0) {
        return truth < 0 ? -1 : 0;
    }
    if ((truth = first_go_round(rules, turn, seats)) != 0) {
        return truth < 0 ? -1 : 0;
    }
    if (rearrange && (truth = robs_listed(play_, rules, turn)) != 1) {
        return truth;
    }
    /* the melds staged towards the opening (rules §5: `staged_melds`), of a seat that has
     * not opened */
    play_->table = rm_attr(position, rm_names.s_table);
    Py_ssize_t melds = play_->table == NULL ? -1 : PyTuple_Size(play_->table);
    if (melds < 0) {
        return -1;
    }
    PyObject *staged = NULL;
    for (Py_ssize_t i = 0; i < melds; i++) {
        PyObject *entry = PyTuple_GetItem(play_->table, i);
        if ((truth = FLAG(entry, rm_names.s_staged)) == 0) {
            continue;
        }
        PyObject *meld = truth < 0 || !play_->unopened ? NULL : rm_attr(entry, rm_names.s_meld);
        if (meld != NULL && staged == NULL) {
            staged = PyList_New(0);
        }
        if (meld == NULL || staged == NULL || PyList_Append(staged, meld) < 0) {
            Py_XDECREF(meld);
            Py_XDECREF(staged);
            return PyErr_Occurred() ? -1 : 0; /* staged by a seat that has opened: Python's */
        }
        Py_DECREF(meld);
    }
    if (rm_read_hand(pos) < 0) {
        Py_XDECREF(staged);
        return -1;
    }
    if (staged != NULL) {
        /* `take_back_refused` lets them be taken back; `discardable` lists no discard
         * unless the last card ends a Hand-Rommé (`_opening_short`); the lay-downs of
         * `lay_down_allowed`, judged by the search of what the staged melds miss
         * (csrc/opening.c) */
        play_->staged = 1;
        truth = read_verdicts(play_, rules, turn);
        if (truth == 1) {
            truth = rm_opening_within_any(pos->counts, &play_->shape, position, rules, turn,
                                          play_->locked, staged, &play_->opening);
        }
        Py_DECREF(staged);
        return truth;
    }
    if (play_->unopened) {
        /* `_plays` of a seat that has not opened lists its lay-downs where
         * `lay_down_possible`: none where the bound or the search proves it false; where it
         * is possible, those the opening search allows (csrc/opening.c) */
        /* the bound first (no search); then one search, built once, answers both
         * `lay_down_possible` and the lay-downs; where the Python core answers for that
         * search (a taken card out of the hand), the bound's own search may still prove
         * no lay-down possible */
        truth = rm_opening_out_of_bound(pos->counts, rules, play_->table);
        if (truth == 0 && (truth = read_verdicts(play_, rules, turn)) == 1) {
            truth = rm_opening_within_any(pos->counts, &play_->shape, position, rules, turn,
                                          play_->locked, NULL, &play_->opening);
            if (truth == 0) {
                truth = rm_opening_out_of_reach(pos->counts, rules, play_->table, -1);
            }
        }
        if (truth != 1) {
            return truth;
        }
    }
    /* a joker swap to list (`_swaps`, rules §6): a table joker stands for a card in hand */
    else if ((truth = FLAG(rules, play.s_joker_swap)) != 0) {
        if (truth < 0) {
            return -1;
        }
        for (Py_ssize_t i = 0; i < melds; i++) {
            PyObject *meld = rm_attr(PyTuple_GetItem(play_->table, i), rm_names.s_meld);
            PyObject *roles = meld == NULL ? NULL : rm_attr(meld, rm_names.s_jokers);
            Py_XDECREF(meld);
            Py_ssize_t count = roles == NULL ? -1 : PyObject_Size(roles);
            PyObject *codes = count > 0 ? stood_codes(roles, roles) : NULL;
            Py_XDECREF(roles);
            if (count < 0 || (count > 0 && codes == NULL)) {
                return -1;
            }
            Py_ssize_t stood = codes == NULL ? 0 : PyObject_Size(codes);
            int swap = 0;
            for (Py_ssize_t j = 0; j < stood && !swap; j++) {
                PyObject *item = PySequence_GetItem(codes, j);
                long code = item == NULL ? -1 : PyLong_AsLong(item);
                Py_XDECREF(item);
                if (code < 0 || code >= RM_CODES) {
                    Py_DECREF(codes);
                    if (!PyErr_Occurred()) {
                        PyErr_SetString(PyExc_SystemError, "a joker stands for no card");
                    }
                    return -1;
                }
                swap = pos->counts[code] > 0;
            }
            Py_XDECREF(codes);
            if (stood < 0) {
                return -1;
            }
            play_->swaps |= swap; /* `_swaps` lists them, after the other moves */
        }
    }
    return read_verdicts(play_, rules, turn);
}

/* `discardable`: the cards `may_discard` lets go, in card order. 0, or -1. */
static int
discards(rm_play *play_)
{
    const unsigned char *counts = play_->pos.counts;
    int size = (int)play_->pos.hand_size;
    for (int code = 0; code < RM_CODES; code++) {
        if (!counts[code]) {
            continue;
        }
        if (code == RM_JOKER_CODE && play_->joker_last && counts[RM_JOKER_CODE] < size) {
            continue;
        }
        if (code == play_->locked && counts[code] == 1) {
            continue;
        }
        if (PyList_Append(play_->moves, PyTuple_GetItem(play.discards, code)) < 0) {
            return -1;
        }
    }
    return 0;
}


/* -- joker swaps (`_swaps`; swapping.py's `swap_joker`, `swapped`, `place_joker`) ------ */

/* The codes a joker role stands for, as bits (`stood_for` of the one role); -1 failed. */
static long long
role_codes(PyObject *role)
{
    PyObject *one = PyTuple_Pack(1, role);
    PyObject *codes = one == NULL ? NULL : stood_codes(role, one);
    Py_XDECREF(one);
    Py_ssize_t count = codes == NULL ? -1 : PyObject_Size(codes);
    long long mask = count < 0 ? -1 : 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_GetItem(codes, i);
        long code = item == NULL ? -1 : PyLong_AsLong(item);
        Py_XDECREF(item);
        if (code < 0 || code >= RM_JOKER_CODE) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_SystemError, "a joker stands for no natural card");
            }
            mask = -1;
            break;
        }
        mask |= 1ll << code;
    }
    Py_XDECREF(codes);
    return mask;
}

/* The follow-ups of the swap of the card `code` for the joker at `position` of table meld
 * `index` (`meld`): the position `swapped` makes (the card on the table, the joker in
 * hand), and the places `place_joker` allows, each a SwapJoker. 0, or -1. */
static int
swap_follow_ups(rm_play *play_, Py_ssize_t index, PyObject *meld, int code, int position,
                int is_set, long shape, PyObject *mode, int back_allowed)
{
    if (read_target(play_, meld) < 0) {
        return -1;
    }
    /* `swapped`: the meld with the card in the joker's place, as `meld_failure` orders it
     * (a set: its natural cards by code, then its jokers; a run: in place) */
    int size = play_->target_size;
    int codes[13];
    memcpy(codes, play_->target_codes, sizeof codes);
    codes[position] = code;
    if (is_set) {
        int naturals[4], n = 0, jokers = 0;
        for (int i = 0; i < size; i++) {
            if (codes[i] == RM_JOKER_CODE) {
                jokers++;
            }
            else {
                naturals[n++] = codes[i];
            }
        }
        for (int i = 1; i < n; i++) { /* insertion sort: four cards at most */
            for (int j = i; j > 0 && naturals[j - 1] > naturals[j]; j--) {
                int t = naturals[j];
                naturals[j] = naturals[j - 1];
                naturals[j - 1] = t;
            }
        }
        for (int i = 0; i < size; i++) {
            codes[i] = i < n ? naturals[i] : RM_JOKER_CODE;
        }
        (void)jokers;
    }
    play_->override = index;
    play_->override_size = size;
    memcpy(play_->override_codes, codes, sizeof codes);
    play_->override_shape = (shape & ~(play.LOW_JOKER | play.HIGH_JOKER))
                            | (codes[0] == RM_JOKER_CODE ? play.LOW_JOKER : 0)
                            | (codes[size - 1] == RM_JOKER_CODE ? play.HIGH_JOKER : 0);
    /* the hand with the joker for the card; `after_use` of the card frees the lock */
    unsigned char *counts = play_->pos.counts;
    int taken = play_->taken, locked = play_->locked;
    counts[code]--;
    counts[RM_JOKER_CODE]++;
    /* `after_use` of the card: a table card held (Räuber-Rommé) counts as melded again
     * first, else the taken card melded frees the lock */
    unsigned char swapped = (unsigned char)code, melded[RM_CODES];
    int frees = after_use(play_, &swapped, 1, melded);
    int lent = melded[code] > 0;
    if (lent) {
        play_->borrowed[code]--;
        play_->borrowing--;
    }
    if (frees) {
        play_->taken = play_->locked = -1;
    }
    PyObject *card = PyTuple_GetItem(rm_names.cards, code);
    PyObject *target = PyLong_FromSsize_t(index);
    int failed = target == NULL;
    play_->swap_target = target;
    play_->swap_card = card;
    if (!failed && mode == play.to_hand) {
        /* the joker to the hand: `finish` of the hand as it is then */
        if (can_discard(play_, counts, (int)play_->pos.hand_size, play_->locked)) {
            PyObject *parts[3] = {target, card, Py_None};
            failed = append_built(play_->moves, play.SwapJoker, play.swap_fields, parts) < 0;
        }
    }
    else if (!failed) {
        /* laid down in a meld of the hand with a joker, laid off elsewhere (or back, where
         * the rules allow), or (meld_or_discard) discarded */
        int only = play_->only;
        play_->only = RM_JOKER_CODE;
        play_->skip = back_allowed ? -1 : index;
        failed = lay_downs(play_) < 0 || layoffs(play_) < 0;
        play_->only = only;
        play_->skip = -1;
        if (!failed && mode == play.meld_or_discard && !play_->borrowing) {
            /* the joker discarded: not while table cards are held (`borrowed_failure`) */
            PyObject *parts[3] = {target, card, PyTuple_GetItem(play.discards, RM_JOKER_CODE)};
            failed = append_built(play_->moves, play.SwapJoker, play.swap_fields, parts) < 0;
        }
    }
    play_->swap_target = play_->swap_card = NULL;
    Py_XDECREF(target);
    counts[code]++;
    counts[RM_JOKER_CODE]--;
    if (lent) {
        play_->borrowed[code]++;
        play_->borrowing++;
    }
    play_->taken = taken;
    play_->locked = locked;
    play_->override = -1;
    return failed ? -1 : 0;
}

/* A table meld's jokers as `swap_joker` reads them: each role's place and the codes it
 * stands for, the places of the jokers laid this turn, the meld's shape word. */
typedef struct {
    Py_ssize_t jokers;
    int places[13];
    long long stands[13], any;
    long fresh;
    long shape;
    int is_set, length;
} swap_meld;

/* Read the jokers of table meld `entry` (its `meld`) into `found`: 0 (`found->jokers` 0 for
 * a meld with none), or -1 with an exception set. */
static int
read_swap_meld(PyObject *entry, PyObject *meld, swap_meld *found)
{
    PyObject *roles = rm_attr(meld, rm_names.s_jokers);
    Py_ssize_t jokers = roles == NULL ? -1 : PyObject_Size(roles);
    int failed = jokers < 0;
    memset(found, 0, sizeof *found);
    found->jokers = jokers < 0 ? 0 : jokers;
    if (jokers > 0) {
        /* each role: its place and the codes it stands for; the fresh jokers' places */
        for (Py_ssize_t r = 0; !failed && r < jokers && r < 13; r++) {
            PyObject *role = PySequence_GetItem(roles, r);
            PyObject *place = role == NULL ? NULL : rm_attr(role, rm_names.s_position);
            found->places[r] = place == NULL ? -1 : (int)PyLong_AsLong(place);
            found->stands[r] = role == NULL ? -1 : role_codes(role);
            Py_XDECREF(place);
            Py_XDECREF(role);
            failed = found->places[r] < 0 || found->stands[r] < 0;
            found->any |= failed ? 0 : found->stands[r];
        }
        found->fresh = 0;
        PyObject *fresh = failed ? NULL : rm_attr(entry, rm_names.s_fresh);
        PyObject *iter = fresh == NULL ? NULL : PyObject_GetIter(fresh);
        failed = failed || iter == NULL;
        for (PyObject *item; !failed && (item = PyIter_Next(iter)) != NULL;) {
            long place = PyLong_AsLong(item);
            Py_DECREF(item);
            failed = place < 0 || place > 12;
            found->fresh |= failed ? 0 : 1l << place;
        }
        failed = failed || PyErr_Occurred() != NULL;
        Py_XDECREF(iter);
        Py_XDECREF(fresh);
        found->shape = failed ? -1 : shape_word(meld);
        failed = failed || found->shape < 0;
        found->is_set = !(found->shape & play.RUN);
        found->length = (int)(found->shape >> play.LENGTH_SHIFT & play.NIBBLE);
    }
    Py_XDECREF(roles);
    return failed ? -1 : 0;
}

/* `swap_joker`'s verdict on the card `code` (natural, in hand) swapped into the meld read:
 * the place of the first joker that stands for it and may go, or -1 where none may. */
static int
swap_place(const swap_meld *found, int code, int needs_four, int own_new, int complete)
{
    if (!(found->any >> code & 1)) {
        return -1; /* Reason.WRONG_SWAP_CARD */
    }
    if (needs_four && found->is_set && found->length < 4) {
        return -1; /* Reason.SWAP_NEEDS_FOUR (DRoV rule 9) */
    }
    if (complete && !(found->jokers == 1 && (!found->is_set || found->length == 4))) {
        return -1; /* Reason.SWAP_NOT_COMPLETE (Schmidt S. 3) */
    }
    for (Py_ssize_t r = 0; r < found->jokers && r < 13; r++) {
        if (found->stands[r] >> code & 1 && (own_new || !(found->fresh >> found->places[r] & 1))) {
            return found->places[r];
        }
    }
    return -1; /* Reason.SWAP_OWN_NEW_JOKER (DRoV Streitfall 20) */
}

static int
swaps(rm_play *play_)
{
    PyObject *rules = play_->pos.rules;
    int needs_four = FLAG(rules, play.s_swap_set_needs_four);
    int own_new = FLAG(rules, play.s_swap_own_new_joker);
    int complete = FLAG(rules, play.s_swap_needs_complete_meld);
    int back = FLAG(rules, rm_names.s_swap_back_same_meld);
    PyObject *mode = rm_attr(rules, rm_names.s_swapped_joker);
    Py_XDECREF(mode); /* an enum member: its class holds it */
    if (needs_four < 0 || own_new < 0 || complete < 0 || back < 0 || mode == NULL) {
        return -1;
    }
    Py_ssize_t count = PyTuple_Size(play_->table);
    for (Py_ssize_t index = 0; index < count; index++) {
        PyObject *entry = PyTuple_GetItem(play_->table, index);
        PyObject *meld = rm_attr(entry, rm_names.s_meld);
        swap_meld found;
        memset(&found, 0, sizeof found);
        int failed = meld == NULL || read_swap_meld(entry, meld, &found) < 0;
        /* the natural cards in hand some joker stands for, in card order */
        for (int code = 0; !failed && found.jokers > 0 && code < RM_JOKER_CODE; code++) {
            if (!play_->pos.counts[code]) {
                continue;
            }
            /* `swap_joker`: the first joker that stands for the card and may go */
            int position = swap_place(&found, code, needs_four, own_new, complete);
            if (position < 0) {
                continue;
            }
            play_->target = index; /* the lay-offs of a follow-up read other melds */
            play_->target_read = 0;
            failed = swap_follow_ups(play_, index, meld, code, position, found.is_set,
                                     found.shape, mode, back)
                     < 0;
        }
        Py_XDECREF(meld);
        if (failed) {
            return -1;
        }
    }
    return 0;
}

/* Keep the packed hand on a GameState as `hand_key` keeps it (not on a view). 0, or -1. */
static int
keep_key(rm_pos *pos)
{
    if ((PyObject *)Py_TYPE(pos->state) != rm_names.GameState) {
        return 0;
    }
    PyObject *key = rm_hand_key(pos);
    Py_XDECREF(key);
    return key == NULL ? -1 : 0;
}

PyObject *
rm_play_phase_moves(PyObject *position)
{
    rm_play play_;
    memset(&play_, 0, sizeof play_);
    play_.only = -1;
    play_.override = play_.skip = -1;
    PyObject *result = NULL;
    int decided = decides(&play_, position);
    if (decided == 0) {
        result = Py_NotImplemented;
        Py_INCREF(result);
    }
    else if (decided > 0) {
        /* `legal_moves`: the discards, the take-back, the lay-downs, the lay-offs, the
         * robs (Räuber-Rommé), the swaps; the state keeps its packed hand, as
         * `read_position` (`hand_key`) keeps it when the Python core lists its moves */
        play_.moves = keep_key(&play_.pos) < 0 ? NULL : PyList_New(0);
        /* with melds staged: the discard only of a last card that ends a Hand-Rommé
         * (`_opening_short`), then the take-back (`take_back_refused`); with table cards
         * held, no discard (`discardable`: `borrowed_failure`) and the take-back that
         * restores the table (`restore`) */
        int discarding = !play_.borrowing
                         && (!play_.staged
                             || (play_.pos.hand_size == 1 && play_.opening.waiver));
        int taking_back = play_.staged || play_.restore;
        if (play_.moves != NULL && (!discarding || discards(&play_) == 0)
            && (!taking_back || PyList_Append(play_.moves, rm_names.take_back) == 0)
            && (play_.unopened
                    ? !play_.opening.possible || lay_downs(&play_) == 0
                    : (lay_downs(&play_) == 0 && (!play_.layoffs || layoffs(&play_) == 0)))
            && (!play_.robs || robs(&play_) == 0)
            && (play_.unopened || !play_.swaps || !play_.layoffs || swaps(&play_) == 0)) {
            if (play_.undecided) {
                result = Py_NotImplemented; /* a verdict the C search left to Python */
                Py_INCREF(result);
            }
            else {
                result = PyList_AsTuple(play_.moves);
            }
        }
    }
    rm_opening_clear(&play_.opening);
    Py_XDECREF(play_.moves);
    Py_XDECREF(play_.table);
    rm_pos_clear(&play_.pos);
    return result;
}

/* -- the takes of a seat that has opened under immediate_use (`_takes`) ---------------- */

/* Whether the takes of `pos` (`_takes`) are the slice's: not where the first go-round
 * bars melds (ASS S. 1), announced jokers (Schmidt S. 3), a turn bound to go out, nor, with
 * `indirect` (a seat that has opened: its lay-offs), the indirect lay-off only to go out
 * (DRoV Nr. 10: `indirect_take`, and the turn it binds): 1, 0 (the Python core's), -1 with
 * an exception set. */
static int
takes_decided(const rm_pos *pos, int indirect)
{
    int truth;
    if ((truth = FLAG(pos->rules, play.s_no_melds_first_go_round)) != 0
        || (truth = FLAG(pos->rules, play.s_announced_jokers)) != 0
        || (indirect && (truth = FLAG(pos->rules, rm_names.s_indirect_only)) != 0)
        || (truth = FLAG(pos->turn, rm_names.s_to_go_out)) != 0) {
        return truth < 0 ? -1 : 0;
    }
    return 1;
}

/* `with_discard_taken`: `play_` lists from the hand of `pos` (read, and its packed key
 * kept) with the top discard, the turn's taken card, in hand as the turn had it
 * (`taken_in_hand`) and then locked unless rediscard_taken, and only the moves holding it.
 * 0, or -1 with an exception set. */
static int
with_discard_taken(rm_play *play_, rm_pos *pos)
{
    int card = pos->top_discard;
    int in_hand = FLAG(pos->turn, rm_names.s_taken_in_hand);
    int rediscard = FLAG(pos->rules, rm_names.s_rediscard_taken);
    if (in_hand < 0 || rediscard < 0 || rm_read_hand(pos) < 0 || keep_key(pos) < 0) {
        return -1;
    }
    play_->taken = in_hand ? card : -1;
    play_->locked = in_hand && !rediscard ? card : -1;
    play_->pos = *pos; /* borrowed: the caller clears `pos` */
    play_->pos.counts[card]++;
    play_->pos.hand_size++;
    play_->only = card;
    play_->takes = 1;
    return 0;
}

PyObject *
rm_opened_takes(PyObject *position, rm_pos *pos)
{
    rm_play play_;
    memset(&play_, 0, sizeof play_);
    play_.override = play_.skip = -1;
    PyObject *rules = pos->rules, *turn = pos->turn;
    int truth = takes_decided(pos, 1);
    if (truth <= 0) {
        if (truth < 0) {
            return NULL;
        }
        Py_RETURN_NOTIMPLEMENTED;
    }
    if (read_verdicts(&play_, rules, turn) < 0) {
        return NULL;
    }
    if (with_discard_taken(&play_, pos) < 0) {
        return NULL;
    }
    play_.table = rm_attr(position, rm_names.s_table);
    play_.moves = play_.table == NULL ? NULL : PyList_New(0);
    PyObject *result = NULL;
    if (play_.moves != NULL && lay_downs(&play_) == 0
        && (!play_.layoffs || layoffs(&play_) == 0)) {
        result = play_.moves;
        Py_INCREF(result);
    }
    Py_XDECREF(play_.moves);
    Py_XDECREF(play_.table);
    return result;
}

/* -- the verdicts laying.c shares (play.h) ------------------------------------------- */

rm_play *
rm_laying_new(void)
{
    rm_play *play_ = PyMem_Calloc(1, sizeof *play_);
    if (play_ == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    play_->only = -1;
    play_->override = play_->skip = -1;
    return play_;
}

void
rm_laying_free(rm_play *play_)
{
    if (play_ == NULL) {
        return;
    }
    rm_pos_clear(&play_->pos);
    Py_XDECREF(play_->table);
    PyMem_Free(play_);
}

int
rm_laying_read(rm_play *play_, PyObject *state)
{
    rm_pos *pos = &play_->pos;
    if (rm_read_position(state, pos) < 0) {
        return -1;
    }
    Py_ssize_t seats;
    int truth = seat_opened(state, &seats);
    if (truth <= 0) {
        return truth; /* Reason.NOT_OPENED */
    }
    PyObject *rules = pos->rules, *turn = pos->turn;
    if ((truth = FLAG(turn, rm_names.s_to_go_out)) != 0
        || (truth = FLAG(rules, play.s_announced_jokers)) != 0
        || (truth = first_go_round(rules, turn, seats)) != 0) {
        return truth < 0 ? -1 : 0;
    }
    /* the table cards the turn holds (Räuber-Rommé, rules §13), as `decides` reads them */
    if ((truth = FLAG(turn, rm_names.s_borrowed)) != 0
        && (truth < 0 || (truth = FLAG(rules, rm_names.s_rearrange)) != 1
            || (truth = read_borrowed(play_, turn)) < 0)) {
        return truth < 0 ? -1 : 0;
    }
    play_->table = rm_attr(state, rm_names.s_table);
    if (play_->table == NULL || !PyTuple_Check(play_->table) || rm_read_hand(pos) < 0
        || read_verdicts(play_, rules, turn) < 0) {
        return play_->table != NULL && !PyTuple_Check(play_->table) ? 0 : -1;
    }
    return 1;
}

int
rm_laying_may_lay_off(const rm_play *play_)
{
    return play_->layoffs;
}

int
rm_laying_goes_on(const rm_play *play_, const unsigned char *cards, int count)
{
    return count < play_->pos.hand_size && goes_on(play_, cards, count);
}

rm_pos *
rm_laying_pos(rm_play *play_)
{
    return &play_->pos;
}

PyObject *
rm_laying_table(rm_play *play_)
{
    return play_->table;
}

int
rm_laying_taken(const rm_play *play_)
{
    return play_->taken;
}

int
rm_laying_after_use(const rm_play *play_, const unsigned char *cards, int count,
                    unsigned char *melded)
{
    return after_use(play_, cards, count, melded);
}

int
rm_laying_layoff_fit(rm_play *play_, Py_ssize_t index, PyObject *meld, int run,
                     const unsigned char *cards, int count, PyObject **side,
                     const int **target, int *target_size)
{
    play_->target = index;
    play_->target_read = 0;
    if (count < 1 || count > 13 || read_target(play_, meld) < 0) {
        return count < 1 || count > 13 ? 0 : -1;
    }
    *target = play_->target_codes;
    *target_size = play_->target_size;
    int fits = 0;
    if (!run) {
        if (*side != Py_None) {
            return 0; /* a set has no low or high end */
        }
        int rank = -1;
        for (int i = 0; i < play_->target_size && rank < 0; i++) {
            rank = play_->target_codes[i] == RM_JOKER_CODE ? -1 : play_->target_codes[i] % 13;
        }
        for (int i = 0; i < count; i++) {
            if (cards[i] != RM_JOKER_CODE && cards[i] % 13 != rank) {
                return 0; /* Reason.MIXED_RANKS */
            }
        }
        fits = fits_at(play_, cards, count, NULL);
    }
    else {
        PyObject *ends[2] = {play.high, play.low};
        int tries = 2;
        if (*side != Py_None) {
            if (*side != play.high && *side != play.low) {
                return 0;
            }
            ends[0] = *side;
            tries = 1;
        }
        for (int i = 0; i < tries && !fits; i++) {
            fits = fits_at(play_, cards, count, ends[i]);
            *side = ends[i];
        }
    }
    return fits && rm_laying_goes_on(play_, cards, count);
}

/* -- the takes of a seat that has not opened under immediate_use (`_takes`) ------------- */

PyObject *
rm_unopened_takes(PyObject *position, rm_pos *pos)
{
    rm_play play_;
    memset(&play_, 0, sizeof play_);
    play_.override = play_.skip = -1;
    PyObject *rules = pos->rules, *turn = pos->turn;
    int truth = takes_decided(pos, 0);
    if (truth <= 0) {
        if (truth < 0) {
            return NULL;
        }
        Py_RETURN_NOTIMPLEMENTED;
    }
    /* a meld staged towards the opening (rules §5): the Python core's */
    play_.table = rm_attr(position, rm_names.s_table);
    Py_ssize_t melds = play_.table == NULL ? -1 : PyTuple_Size(play_.table);
    for (Py_ssize_t i = 0; i < melds; i++) {
        if ((truth = FLAG(PyTuple_GetItem(play_.table, i), rm_names.s_staged)) != 0) {
            Py_DECREF(play_.table);
            if (truth < 0) {
                return NULL;
            }
            Py_RETURN_NOTIMPLEMENTED;
        }
    }
    PyObject *result = NULL;
    if (melds < 0 || read_verdicts(&play_, rules, turn) < 0) {
        Py_XDECREF(play_.table);
        return NULL;
    }
    if (with_discard_taken(&play_, pos) < 0) {
        Py_DECREF(play_.table);
        return NULL;
    }
    /* the lay-downs holding the card, where `lay_down_possible` of the hand with it, each
     * judged by the opening search (csrc/opening.c) */
    truth = rm_opening_within_any(play_.pos.counts, &play_.shape, position, rules, turn,
                                  play_.locked, NULL, &play_.opening);
    if (truth == 0) {
        result = Py_NotImplemented;
        Py_INCREF(result);
    }
    else if (truth > 0) {
        play_.moves = PyList_New(0);
        if (play_.moves != NULL && (!play_.opening.possible || lay_downs(&play_) == 0)) {
            result = play_.undecided ? Py_NotImplemented : play_.moves;
            Py_INCREF(result);
        }
    }
    rm_opening_clear(&play_.opening);
    Py_XDECREF(play_.moves);
    Py_DECREF(play_.table);
    return result;
}

/* -- the lay-down of a seat that has not opened, towards its opening (laying.c) --------- */

int
rm_laying_read_unopened(rm_play *play_, PyObject *state)
{
    rm_pos *pos = &play_->pos;
    rm_pos_clear(pos); /* a reading rm_laying_read began */
    Py_CLEAR(play_->table);
    if (rm_read_position(state, pos) < 0) {
        return -1;
    }
    Py_ssize_t seats;
    int truth = seat_opened(state, &seats);
    if (truth != 0) {
        return truth < 0 ? -1 : 0; /* an opened seat: rm_laying_read's */
    }
    /* the positions whose play phase `decides` lists: no turn bound to go out, no announced
     * joker, not the first go-round; with melds staged or not; under Räuber-Rommé (rules
     * §13) with table cards held or a table to restore or neither, as `decides` reads them,
     * but not after a taken card went back (a take that may have failed: `robs_listed`) */
    PyObject *rules = pos->rules, *turn = pos->turn;
    play_->unopened = 1;
    int rearrange;
    if ((truth = read_raeuber(play_, rules, turn, &rearrange)) != 1) {
        return truth;
    }
    if ((truth = FLAG(turn, rm_names.s_to_go_out)) != 0
        || (truth = FLAG(rules, play.s_announced_jokers)) != 0
        || (truth = first_go_round(rules, turn, seats)) != 0
        || (rearrange && (truth = robs_listed(play_, rules, turn)) != 1)) {
        return truth < 0 ? -1 : 0;
    }
    play_->table = rm_attr(state, rm_names.s_table);
    if (play_->table == NULL) {
        return -1;
    }
    if (!PyTuple_Check(play_->table)) {
        return 0;
    }
    play_->staged = 0;
    for (Py_ssize_t i = 0; i < PyTuple_Size(play_->table); i++) {
        if ((truth = FLAG(PyTuple_GetItem(play_->table, i), rm_names.s_staged)) != 0) {
            if (truth < 0) {
                return -1;
            }
            play_->staged++; /* a meld staged towards the opening (rules §5) */
        }
    }
    if (rm_read_hand(pos) < 0 || read_verdicts(play_, rules, turn) < 0) {
        return -1;
    }
    return 1;
}

int
rm_laying_staged_count(const rm_play *play_)
{
    return play_->staged;
}

PyObject *
rm_laying_staged(rm_play *play_)
{
    PyObject *staged = PyList_New(0);
    Py_ssize_t melds = staged == NULL ? -1 : PyTuple_Size(play_->table);
    for (Py_ssize_t i = 0; i < melds; i++) {
        PyObject *entry = PyTuple_GetItem(play_->table, i);
        int truth = FLAG(entry, rm_names.s_staged);
        PyObject *meld = truth == 1 ? rm_attr(entry, rm_names.s_meld) : NULL;
        if (truth < 0 || (truth == 1 && (meld == NULL || PyList_Append(staged, meld) < 0))) {
            Py_XDECREF(meld);
            Py_CLEAR(staged);
            break;
        }
        Py_XDECREF(meld);
    }
    return staged;
}

int
rm_laying_towards_opening(rm_play *play_, PyObject *state, const unsigned char *cards,
                          int count, int value, int jokers, int run, int take)
{
    rm_pos *pos = &play_->pos;
    if (count < 1 || count > 14 || count >= pos->hand_size) {
        return 0; /* the hand emptied: going out, or a refusal, is the Python core's */
    }
    if (take) {
        /* `with_discard_taken`: the top discard is the turn's taken card, in hand as the
         * turn had it (`taken_in_hand`), and then locked unless rediscard_taken, as the
         * listing of the takes reads it (`rm_unopened_takes`) */
        int in_hand = FLAG(pos->turn, rm_names.s_taken_in_hand);
        int rediscard = FLAG(pos->rules, rm_names.s_rediscard_taken);
        if (in_hand < 0 || rediscard < 0) {
            return -1;
        }
        play_->taken = in_hand ? pos->top_discard : -1;
        play_->locked = in_hand && !rediscard ? pos->top_discard : -1;
    }
    rm_opening_search search;
    int truth;
    if (play_->staged) {
        /* melds staged (`staged_melds`): the search of what they miss, under any opening,
         * as `decides` lists their lay-downs */
        PyObject *staged = rm_laying_staged(play_);
        if (staged == NULL) {
            return -1;
        }
        truth = rm_opening_within_any(pos->counts, &play_->shape, state, pos->rules, pos->turn,
                                      play_->locked, staged, &search);
        Py_DECREF(staged);
    }
    else {
        truth = rm_opening_within(pos->counts, &play_->shape, state, pos->rules, pos->turn,
                                  play_->locked, &search);
    }
    if (truth <= 0) {
        return truth; /* one meld alone, a run, a failed take: the Python core's */
    }
    rm_option option;
    memset(&option, 0, sizeof option);
    option.size = (unsigned char)count;
    option.jokers = (unsigned char)jokers;
    option.value = (short)value;
    option.run = (unsigned char)(run != 0); /* a run laid supplies the run the opening needs */
    for (int i = 0; i < count; i++) {
        option.codes[i] = cards[i];
    }
    int locked = after_use(play_, cards, count, NULL) ? -1 : play_->locked;
    /* no lay-down is possible (`lay_down_possible`): every one is refused, by Python */
    int allowed = search.possible ? rm_opening_allows(&search, pos->counts, &option, locked)
                                  : 0;
    rm_opening_clear(&search);
    if (allowed == RM_OPENING_COMPLETES) {
        return goes_on(play_, cards, count) ? RM_OPENING_COMPLETES : 0;
    }
    return allowed == 1 ? 1 : 0; /* RM_PACK_UNDECIDED: the Python core's */
}

/* -- a joker swap by a seat that has opened (laying.c) --------------------------------- */

int
rm_laying_swap_place(rm_play *play_, PyObject *entry, PyObject *meld, int code)
{
    PyObject *rules = play_->pos.rules;
    int truth;
    /* the positions whose swaps `decides` lists: joker swaps allowed (under Räuber-Rommé
     * too, with table cards held or not) */
    if ((truth = FLAG(rules, play.s_joker_swap)) != 1) {
        return truth < 0 ? -2 : -1;
    }
    int needs_four = FLAG(rules, play.s_swap_set_needs_four);
    int own_new = FLAG(rules, play.s_swap_own_new_joker);
    int complete = FLAG(rules, play.s_swap_needs_complete_meld);
    swap_meld found;
    if (needs_four < 0 || own_new < 0 || complete < 0 || read_swap_meld(entry, meld, &found) < 0) {
        return -2;
    }
    return found.jokers > 0 ? swap_place(&found, code, needs_four, own_new, complete) : -1;
}

int
rm_laying_swapped(rm_play *play_, PyObject *table, int code)
{
    Py_INCREF(table);
    RM_SETREF(play_->table, table);
    play_->pos.counts[code]--;
    play_->pos.counts[RM_JOKER_CODE]++;
    /* `after_use` of the card: a table card held (Räuber-Rommé) is melded again first, else
     * the taken card melded frees the lock */
    unsigned char card = (unsigned char)code, melded[RM_CODES];
    int frees = after_use(play_, &card, 1, melded);
    if (melded[code]) {
        play_->borrowed[code]--;
        play_->borrowing--;
    }
    if (!frees) {
        return 0;
    }
    play_->taken = play_->locked = -1;
    return 1;
}

int
rm_laying_holds(const rm_play *play_)
{
    return play_->borrowing;
}

int
rm_laying_restores(const rm_play *play_)
{
    return play_->restore;
}
