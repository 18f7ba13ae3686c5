/* Laying down and laying off from the hand (mirrors romme/_turn/laying.py: `lay_off` and
 * `lay_down` where they find no problem, with `lay_off_fit`, `_extend`,
 * `_fresh_after_extend` and `lay_down_outcome`; romme/_turn/tables.py's `table_meld` and
 * `unstage`; romme/_turn/hands.py's `check_cards` and `add`; romme/_turn/checker.py's
 * `take` under immediate_use and `with_discard_taken`, `take_back_refused` and
 * `_take_back` of staged melds; and romme/_turn/engine.py's `apply`
 * of them where the turn goes on: `_carry_out`, `_next_state` with `first_to_open_after`,
 * `keep_hand_key`).
 *
 * The slice: a LayOff or a LayDown in the play phase of a GameState, or a TakeDiscard using
 * the top discard so in its draw phase under take_discard=immediate_use (rules §4), by the
 * seat to act, which has opened (a lay-off: and may lay off, `may_lay_off`, DRoV rule 9),
 * holding table cards or not (Räuber-Rommé, rules §13: see below), is not bound to go out
 * (DRoV Nr. 10), outside the first go-round (ASS S. 1), under rules that announce no joker
 * (Schmidt S. 3), of cards the hand holds that keep a card in hand (going out is the Python
 * core's): a lay-off's cards fit the table meld named as play.c's verdicts judge them
 * (play.h); a lay-down's cards are a meld as the validator judges them (romme.melds'
 * `meld_failure`, called from C: the one statement of a meld in a caller's order). Its
 * verdict, and its next state: the hand without the cards, the table meld replaced by the
 * meld the cards make with it (the validator's own `Meld`, cached: the same value the
 * Python core lays) with its fresh jokers' places moved as `_fresh_after_extend` moves
 * them, or the new meld last on the table; the turn after `after_use` (the taken card
 * melded is no longer in hand), marked as having laid off (`_laid_off_now`) for a lay-off,
 * naming the card taken for a take; the hand's packed key kept.
 *
 * Under Räuber-Rommé (`rearrange`, rules §13, ASS S. 2–3) the same lay-offs and lay-downs
 * by a seat that has opened while its turn holds cards taken from the table
 * (`TurnState.borrowed`) or has a table to restore (`TurnState.before`), with guards.py's
 * `after_use` of the cards held, play.c's (`rm_laying_after_use`, the listing's): a card of
 * the move that the turn holds counts as melded again first, so the taken card's lock is
 * freed only by a copy beyond them (`finish`, `goes_on`); the next state's turn holds the
 * cards left (`borrowed` less those melded again, the first copies, `hands.remove` with
 * `partly`), `before` and `table_takes` kept; the joker swaps likewise (below). A turn that
 * still holds one goes on; its end (the discard, `borrowed_failure`) is the Python core's,
 * the take-back (`restore`) rearranging.c's. So too the lay-down towards the opening of a seat that
 * has NOT opened (below), table cards held or a table to restore or neither: `after_use`
 * of the cards held in its verdict and next state, `borrowed` less those melded again
 * (`change_borrowed`), even by the meld that completes the opening.
 *
 * And the lay-down of a seat that has NOT opened, towards its opening (rules §5), alone or
 * as a take's use, in the positions whose play phase play.c lists so (nothing staged and
 * an opening that sums melds and needs no run, or melds staged this turn under any
 * opening; under Räuber-Rommé with table cards held or not, but not after a taken card
 * went back; no failed take: `rm_laying_read_unopened`), with the listing's
 * verdict (`rm_laying_towards_opening`: the opening search of csrc/opening.c, of what the
 * staged melds miss, and `finish`): a meld the rest of the hand can still complete the
 * opening after lies last on the table staged, the seat unopened (the take's card named as
 * taken and staged); a meld that completes the opening lies last final, every meld staged
 * before made final (`unstage`), the seat has opened (and is the first to, where nobody
 * was), the turn's `taken_staged` cleared. And the take-back of the melds staged by such a
 * seat (`TakeBack`): their cards back in the hand in card order, the table without them,
 * the taken card of a free take in hand again where it lay in one (rules §4). Every other
 * lay-down or lay-off, a lay-down that empties the hand, a take with melds staged, every
 * take that lays off under the indirect lay-off rule (DRoV Nr. 10), the take-back of a
 * taken card staged (back to the pile, `failed_take`), and every refusal, is the Python
 * core's; the take-back of a rearranged table (Räuber-Rommé's `restore`) is rearranging.c's.
 *
 * And a joker swap (romme/_turn/swapping.py's `swap`: `swap_joker`, `swapped`,
 * `place_joker`, rules §6) by a seat that has opened and may lay off, where play.c lists
 * swaps (joker swaps allowed, no announced joker; under Räuber-Rommé with table cards held
 * or not), with the listing's
 * verdict (`rm_laying_swap_place`): the position `swapped` makes (the meld the validator
 * makes with the card in the joker's place, its fresh places moved; the joker in hand,
 * last; `rm_laying_swapped`, with `after_use` of the card: a table card held is melded
 * again first, else the taken card's lock is freed), then nothing (to_hand, `finish`), or
 * a lay-down or lay-off holding the joker judged and applied as above on that position (the
 * turn's held cards less the swapped card and the cards laid, where held), or
 * (meld_or_discard) the joker's discard while no table card is held, checked here and
 * applied by the Python core (the turn ends).
 */
#include "play.h"

#include <limits.h>

static struct {
    PyObject *s_owner, *s_value, *s_then; /* its own names (the shared ones are rm_names') */
    PyObject *low; /* Side.LOW */
    PyObject *SwapJoker, *to_hand, *meld_or_discard; /* SwappedJoker.TO_HAND, MELD_OR_DISCARD */
    PyObject *LayOff, *LayDown, *TakeDiscard, *TakeBack, *run_kind, *meld_failure, *Meld;
} laying;

int
rm_laying_init(void)
{
    laying.s_value = PyUnicode_InternFromString("value");
    laying.s_then = PyUnicode_InternFromString("then");
    laying.SwapJoker = rm_module_attr("romme.game", "SwapJoker");
    PyObject *mode = rm_module_attr("romme.rules", "SwappedJoker");
    laying.to_hand = mode == NULL ? NULL : PyObject_GetAttrString(mode, "TO_HAND");
    laying.meld_or_discard = mode == NULL ? NULL : PyObject_GetAttrString(mode, "MELD_OR_DISCARD");
    Py_XDECREF(mode);
    laying.TakeDiscard = rm_module_attr("romme.game", "TakeDiscard");
    laying.TakeBack = rm_module_attr("romme.game", "TakeBack");
    laying.s_owner = PyUnicode_InternFromString("owner");
    laying.LayDown = rm_module_attr("romme.game", "LayDown");
    laying.LayOff = rm_module_attr("romme.game", "LayOff");
    laying.Meld = rm_module_attr("romme.melds", "Meld");
    laying.meld_failure = rm_module_attr("romme.melds", "meld_failure");
    PyObject *kind = rm_module_attr("romme.melds", "MeldKind");
    laying.run_kind = kind == NULL ? NULL : PyObject_GetAttrString(kind, "RUN");
    Py_XDECREF(kind);
    PyObject *side = rm_module_attr("romme.game", "Side");
    laying.low = side == NULL ? NULL : PyObject_GetAttrString(side, "LOW");
    Py_XDECREF(side);
    if (laying.LayOff == NULL || laying.Meld == NULL || laying.meld_failure == NULL
        || laying.run_kind == NULL || laying.low == NULL || laying.s_owner == NULL
        || laying.LayDown == NULL || laying.TakeDiscard == NULL || laying.TakeBack == NULL
        || laying.s_value == NULL || laying.s_then == NULL || laying.SwapJoker == NULL
        || laying.to_hand == NULL || laying.meld_or_discard == NULL) {
        return -1;
    }
    return 0;
}

/* A lay-off read: the position, the table meld named, the cards and the side they fit. */
typedef struct {
    rm_play *play;
    PyObject *use;    /* borrowed (from the action): the lay-down or lay-off */
    PyObject *cards;  /* strong: the action's cards */
    PyObject *card;   /* strong: the top discard taken to be used (a take), else NULL */
    PyObject *key;    /* strong: a take's packed hand with the card, else NULL */
    int added;        /* the code of the card taken, -1 for none */
    PyObject *entry;  /* borrowed (from the table): the TableMeld named */
    PyObject *meld;   /* strong: its meld */
    PyObject *side;   /* borrowed: the side the cards go to, None for a set */
    Py_ssize_t index;
    int run;
    int count;
    unsigned char codes[13];
    const int *target; /* the meld's codes, read by the verdict */
    int target_size;
    int unopened;     /* a lay-down by a seat that has not opened (rm_laying_read_unopened) */
    int outcome;      /* its verdict: 1 staged, RM_OPENING_COMPLETES the opening complete */
    int swap;         /* a joker swap (`SwapJoker`): its follow-up, `then` (SWAP_*) */
    int frees;        /* the swap's card was the taken card in hand (`after_use`) */
    int held;         /* the swap's card was a table card held, melded again: 1 + its code */
} rm_layoff;

/* What follows a joker swap (`place_joker`): none (the joker to the hand), a lay-down or a
 * lay-off holding it, its discard. */
enum { SWAP_NONE, SWAP_TO_HAND, SWAP_LAY_DOWN, SWAP_LAY_OFF, SWAP_DISCARD };

static void
layoff_clear(rm_layoff *move)
{
    rm_laying_free(move->play);
    move->play = NULL;
    Py_CLEAR(move->cards);
    Py_CLEAR(move->card);
    Py_CLEAR(move->key);
    Py_CLEAR(move->meld);
}

/* Read the action's cards into `move->codes`: 1 where they are 1 to 13 cards the hand
 * holds (`check_cards`), 0 where not, -1 with an exception set. */
static int
read_cards(rm_layoff *move, PyObject *action, const rm_pos *pos)
{
    move->cards = rm_attr(action, rm_names.s_cards);
    if (move->cards == NULL) {
        return -1;
    }
    Py_ssize_t count = PyTuple_Check(move->cards) ? PyTuple_Size(move->cards) : 0;
    if (count < 1 || count > 13) {
        return 0;
    }
    unsigned char used[RM_CODES] = {0};
    for (Py_ssize_t i = 0; i < count; i++) {
        int code = rm_code_of(PyTuple_GetItem(move->cards, i));
        if (code < 0) {
            return -1;
        }
        if (++used[code] > pos->counts[code]) {
            return 0; /* Reason.CARD_NOT_IN_HAND */
        }
        move->codes[i] = (unsigned char)code;
    }
    move->count = (int)count;
    return 1;
}

/* `with_discard_taken` (romme/_turn/checker.py, `take` under immediate_use, rules §4):
 * the position read with the top discard in hand (`hands.add`) and its packed key, the
 * turn to name it as taken, not in hand. 1, 0 where the Python core answers (the take is
 * refused, or the indirect lay-off of DRoV Nr. 10 is to be judged), -1. */
static int
read_take(rm_layoff *move, PyObject *state)
{
    rm_pos *pos = rm_laying_pos(move->play);
    int truth;
    int layoff = (PyObject *)Py_TYPE(move->use) == laying.LayOff; /* `indirect_take` asks */
    if ((truth = rm_is(pos->rules, rm_names.s_take_discard, rm_names.take_free)) != 0
        || (layoff && (truth = rm_flag(pos->rules, rm_names.s_indirect_only)) != 0)
        || (truth = rm_flag(pos->turn, rm_names.s_taken_in_hand)) != 0) {
        return truth < 0 ? -1 : 0; /* Reason.TAKE_IS_FREE; `indirect_take` */
    }
    if (pos->top_discard < 0) {
        return 0; /* Reason.DISCARD_PILE_EMPTY */
    }
    if (pos->hand_size == 1) {
        truth = rm_flag(pos->rules, rm_names.s_last_card_stock_only);
        if (truth != 0) {
            return truth < 0 ? -1 : 0; /* Reason.LAST_CARD_STOCK_ONLY */
        }
    }
    int code = pos->top_discard;
    /* the key first: packed from the counts read, before they hold the card */
    PyObject *key = rm_hand_key(pos);
    move->key = key == NULL ? NULL : PyNumber_Add(key, PyTuple_GetItem(rm_names.units, code));
    Py_XDECREF(key);
    PyObject *pile = move->key == NULL ? NULL : rm_attr(state, rm_names.s_discard_pile);
    move->card = pile == NULL ? NULL : PySequence_GetItem(pile, pos->pile_size - 1);
    Py_XDECREF(pile);
    if (move->card == NULL) {
        return -1;
    }
    Py_ssize_t place = 0; /* `add`: after the cards of its code and below (bisect_right) */
    for (int below = 0; below <= code; below++) {
        place += pos->counts[below];
    }
    PyObject *hand = PyTuple_New(pos->hand_size + 1);
    for (Py_ssize_t i = 0, j = 0; hand != NULL && j <= pos->hand_size; j++) {
        PyObject *item = j == place ? move->card : PyTuple_GetItem(pos->hand, i++);
        Py_INCREF(item);
        PyTuple_SetItem(hand, j, item);
    }
    if (hand == NULL) {
        return -1;
    }
    RM_SETREF(pos->hand, hand);
    pos->counts[code]++;
    pos->hand_size++;
    move->added = code;
    return 1;
}

/* What the lay-down and the lay-off ask first: `action` of class `cls`, or a TakeDiscard
 * that uses the top discard so under immediate_use (rules §4: `take`), in the play phase
 * (the draw phase for a take) of a GameState, by the seat to act (`rm_laying_read`), with
 * no announcement (refused where no joker is announced, Schmidt S. 3), of cards the hand
 * holds (the card taken among them). 1 (`move` read), 0 where the Python core answers, -1
 * with an exception set. */
static int
begin(PyObject *state, PyObject *action, PyObject *player, PyObject *cls, rm_layoff *move)
{
    move->added = -1;
    int take = (PyObject *)Py_TYPE(action) == laying.TakeDiscard;
    PyObject *use = action;
    if (take) {
        use = rm_attr(action, rm_names.s_use);
        if (use == NULL) {
            return -1;
        }
        Py_DECREF(use); /* held by the action */
    }
    move->use = use;
    int acts =
        rm_seat_move(state, use, cls, take ? rm_names.phase_draw : rm_names.phase_play, player);
    if (acts <= 0) {
        return acts;
    }
    move->play = rm_laying_new();
    if (move->play == NULL) {
        return -1;
    }
    int read = rm_laying_read(move->play, state);
    if (read == 0 && cls == laying.LayDown) {
        /* a seat that has not opened: its lay-down towards the opening (rules §5) */
        read = rm_laying_read_unopened(move->play, state);
        move->unopened = read > 0;
        if (read > 0 && take && rm_laying_staged_count(move->play) > 0) {
            read = 0; /* a take with melds staged: no listing reads it, the Python core's */
        }
    }
    if (read > 0 && take) {
        read = read_take(move, state);
    }
    if (read <= 0) {
        return read;
    }
    PyObject *announce = rm_attr(use, rm_names.s_announce);
    Py_ssize_t announced = announce == NULL ? -1 : PyObject_Size(announce);
    Py_XDECREF(announce);
    if (announced != 0) {
        return announced < 0 ? -1 : 0;
    }
    int held = read_cards(move, use, rm_laying_pos(move->play));
    for (int i = 0; held > 0 && take && i <= move->count; i++) {
        if (i == move->count) {
            return 0; /* Reason.TAKEN_CARD_NOT_USED */
        }
        if (move->codes[i] == move->added) {
            break;
        }
    }
    return held;
}

/* The slice's verdict on `action` by `player` in `state`: 1 where it decides the lay-off
 * and finds it legal (`move` read), 0 where the Python core answers, -1 with an exception
 * set. */
static int fit_layoff(rm_layoff *move);

static int
decide(PyObject *state, PyObject *action, PyObject *player, rm_layoff *move)
{
    int begun = begin(state, action, player, laying.LayOff, move);
    if (begun <= 0) {
        return begun;
    }
    if (!rm_laying_may_lay_off(move->play)) {
        return 0; /* Reason.NOT_IN_OPENING_TURN */
    }
    return fit_layoff(move);
}

/* `lay_off_fit` of the lay-off read (`move->use`, its cards read) onto the table meld it
 * names, on the table read: 1 where it fits and the turn goes on (`move->entry`, `meld`,
 * `side` and `target` set), 0 where the Python core answers, -1 with an exception set. */
static int
fit_layoff(rm_layoff *move)
{
    PyObject *table = rm_laying_table(move->play);
    PyObject *target = rm_attr(move->use, rm_names.s_target);
    move->index = target == NULL ? -1 : PyLong_AsSsize_t(target);
    Py_XDECREF(target);
    if (move->index == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (move->index < 0 || move->index >= PyTuple_Size(table)) {
        return 0; /* Reason.NO_SUCH_MELD */
    }
    move->entry = PyTuple_GetItem(table, move->index);
    move->meld = rm_attr(move->entry, rm_names.s_meld);
    int run = move->meld == NULL ? -1 : rm_is(move->meld, rm_names.s_kind, laying.run_kind);
    if (run < 0) {
        return -1;
    }
    move->run = run;
    PyObject *side = rm_attr(move->use, rm_names.s_side);
    if (side == NULL) {
        return -1;
    }
    Py_DECREF(side); /* None or a Side member: held by the action and the enum */
    move->side = side;
    return rm_laying_layoff_fit(move->play, move->index, move->meld, run, move->codes,
                                move->count, &move->side, &move->target, &move->target_size);
}

int
rm_layoff_legal(PyObject *state, PyObject *action, PyObject *player)
{
    rm_layoff move = {0};
    int legal = decide(state, action, player, &move);
    layoff_clear(&move);
    return legal;
}

/* The places of the jokers laid this turn once the cards read join the meld
 * (`_fresh_after_extend`), as bits, from `old` (the entry's): -1 where the entry's fresh
 * places are more than the set's jokers (the Python core's). */
static long
fresh_after(const rm_layoff *move, long old)
{
    int added = 0;
    long laid = 0; /* the joker places among the cards added */
    for (int p = 0; p < move->count; p++) {
        if (move->codes[p] == RM_JOKER_CODE) {
            added++;
            laid |= 1L << p;
        }
    }
    if (move->run) { /* the low end shifts the places; the high end adds after the meld */
        return move->side == laying.low ? old << move->count | laid
                                        : old | laid << move->target_size;
    }
    /* a set's jokers lie last: the last (fresh before + jokers added) of them are fresh */
    int length = move->target_size + move->count, jokers = added, count = added;
    for (int i = 0; i < move->target_size; i++) {
        jokers += move->target[i] == RM_JOKER_CODE;
    }
    for (long bits = old; bits; bits &= bits - 1) {
        count++;
    }
    if (count > jokers) {
        return -1;
    }
    long fresh = 0;
    for (int p = length - count; p < length; p++) {
        fresh |= 1L << p;
    }
    return fresh;
}

/* The entry's fresh places as bits; -1 with an exception set. */
static long
fresh_bits(PyObject *entry)
{
    PyObject *fresh = rm_attr(entry, rm_names.s_fresh);
    PyObject *places = fresh == NULL ? NULL : PyObject_GetIter(fresh);
    Py_XDECREF(fresh);
    if (places == NULL) {
        return -1;
    }
    long bits = 0;
    PyObject *item;
    while ((item = PyIter_Next(places)) != NULL) {
        long place = PyLong_AsLong(item);
        Py_DECREF(item);
        if (place < 0 || place > 13) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_SystemError, "a fresh place outside a meld");
            }
            Py_DECREF(places);
            return -1;
        }
        bits |= 1L << place;
    }
    Py_DECREF(places);
    return PyErr_Occurred() ? -1 : bits;
}

/* A frozenset of the places of `bits`, in order; NULL with an exception set. */
static PyObject *
places_of(long bits)
{
    PyObject *items = PyList_New(0);
    for (long p = 0; items != NULL && p < 32; p++) {
        if (bits >> p & 1) {
            PyObject *place = PyLong_FromLong(p);
            if (place == NULL || PyList_Append(items, place) < 0) {
                Py_CLEAR(items);
            }
            Py_XDECREF(place);
        }
    }
    PyObject *set = items == NULL ? NULL : PyFrozenSet_New(items);
    Py_XDECREF(items);
    return set;
}

/* The hand read without the cards read (`hands.remove`): a new tuple, or NULL. */
static PyObject *
hand_less(const rm_layoff *move, const rm_pos *pos)
{
    unsigned char drop[RM_CODES] = {0};
    for (int i = 0; i < move->count; i++) {
        drop[move->codes[i]]++;
    }
    PyObject *rest = PyTuple_New(pos->hand_size - move->count);
    for (Py_ssize_t i = 0, j = 0; rest != NULL && i < pos->hand_size; i++) {
        PyObject *card = PyTuple_GetItem(pos->hand, i);
        int code = card == NULL ? -1 : rm_code_of(card);
        if (code < 0) {
            Py_CLEAR(rest);
            break;
        }
        if (drop[code]) {
            drop[code]--;
            continue;
        }
        Py_INCREF(card);
        PyTuple_SetItem(rest, j++, card);
    }
    return rest;
}

/* The new table meld (`table_meld(meld, owner, staged, fresh, announced)`): the meld the
 * validator makes of the cards and the entry's, at the side found. A new reference,
 * Py_NotImplemented (new) where the fresh places are not the slice's, or NULL. */
static PyObject *
new_entry(const rm_layoff *move, PyObject *rules)
{
    PyObject *old = rm_attr(move->meld, rm_names.s_cards);
    PyObject *sequence = old == NULL ? NULL
                         : move->side == laying.low ? PySequence_Concat(move->cards, old)
                                                    : PySequence_Concat(old, move->cards);
    Py_XDECREF(old);
    PyObject *kind = sequence == NULL ? NULL : rm_attr(move->meld, rm_names.s_kind);
    PyObject *meld = kind == NULL ? NULL
                                  : PyObject_CallFunctionObjArgs(laying.meld_failure, sequence,
                                                                 rules, kind, NULL);
    Py_XDECREF(sequence);
    Py_XDECREF(kind);
    if (meld == NULL) {
        return NULL;
    }
    if ((PyObject *)Py_TYPE(meld) != laying.Meld) {
        Py_DECREF(meld);
        PyErr_SetString(PyExc_SystemError, "a lay-off the C core fits is no meld");
        return NULL;
    }
    long old_fresh = fresh_bits(move->entry);
    long fresh = old_fresh < 0 ? -1 : fresh_after(move, old_fresh);
    if (fresh < 0) {
        Py_DECREF(meld);
        if (old_fresh < 0) {
            return NULL;
        }
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *changes = PyDict_New();
    PyObject *entry = NULL;
    if (changes != NULL && PyDict_SetItem(changes, rm_names.s_meld, meld) == 0
        && rm_change(changes, rm_names.s_fresh, places_of(fresh)) == 0) {
        entry = rm_copy_with(rm_names.TableMeld, rm_names.table_fields, move->entry, changes);
    }
    Py_XDECREF(changes);
    Py_DECREF(meld);
    return entry;
}

/* Put into `turn_changes` the table cards `turn` holds (`TurnState.borrowed`, in card
 * order) less `melded` (by code), as `after_use` leaves them (`hands.remove` with
 * `partly`: the first copies go), where some are melded again. 0, or -1 with an exception
 * set. */
static int
change_borrowed(PyObject *turn, const unsigned char *melded, PyObject *turn_changes)
{
    int count = 0;
    for (int code = 0; code < RM_CODES; code++) {
        count += melded[code];
    }
    if (count == 0) {
        return 0; /* none of the move's cards was held from the table */
    }
    PyObject *borrowed = rm_attr(turn, rm_names.s_borrowed);
    Py_ssize_t size = borrowed == NULL ? -1 : PyTuple_Size(borrowed);
    PyObject *left = size < count ? NULL : PyTuple_New(size - count);
    unsigned char skip[RM_CODES];
    memcpy(skip, melded, sizeof skip);
    Py_ssize_t j = 0;
    for (Py_ssize_t i = 0; left != NULL && i < size; i++) {
        PyObject *card = PyTuple_GetItem(borrowed, i);
        int code = rm_code_of(card);
        if (code < 0 || (!skip[code] && j == size - count)) {
            Py_CLEAR(left);
            break;
        }
        if (skip[code]) {
            skip[code]--;
            continue;
        }
        Py_INCREF(card);
        PyTuple_SetItem(left, j++, card);
    }
    if (left != NULL && j != size - count) {
        Py_CLEAR(left); /* never: `melded` counts held cards only */
    }
    if (left == NULL && size >= 0 && !PyErr_Occurred()) {
        PyErr_SetString(PyExc_SystemError, "a table card melded again that the turn holds not");
    }
    Py_XDECREF(borrowed);
    return rm_change(turn_changes, rm_names.s_borrowed, left);
}

/* Put into `changes` the seat's hand without the cards read (`hands.remove`) and the turn
 * once they are used (`after_use`: the taken card melded is no longer in hand), marked as
 * having laid off where `laid_off` (`_laid_off_now`). 1, or -1 with an exception set. */
static int
hand_and_turn(const rm_layoff *move, PyObject *state, PyObject *changes, int laid_off)
{
    rm_pos *pos = rm_laying_pos(move->play);
    PyObject *seat_number = rm_attr(state, rm_names.s_current_player);
    Py_ssize_t seat = seat_number == NULL ? -1 : PyLong_AsSsize_t(seat_number);
    Py_XDECREF(seat_number);
    PyObject *rest = seat < 0 ? NULL : hand_less(move, pos);
    int failed = rest == NULL || rm_change_hand(state, seat, rest, changes) < 0;
    Py_XDECREF(rest);
    if (failed) {
        return -1;
    }
    PyObject *turn_changes = PyDict_New();
    laid_off = laid_off || move->swap; /* a swap counts as a lay-off (`_laid_off_now`) */
    if (turn_changes == NULL
        || (laid_off && PyDict_SetItem(turn_changes, rm_names.s_laid_off, Py_True) < 0)
        || (move->frees && PyDict_SetItem(turn_changes, rm_names.s_taken_in_hand, Py_False) < 0)) {
        Py_XDECREF(turn_changes);
        return -1;
    }
    /* `with_discard_taken`: the card named, staged where the seat has not opened and the
     * meld is staged (`_Laid.STAGED`); `after_use` of the cards that hold it: not in hand.
     * A meld that completes the opening leaves nothing staged (`_Laid.OPENED`). */
    PyObject *staged = move->unopened && move->outcome == 1 ? Py_True : Py_False;
    if (move->card != NULL
        && (PyDict_SetItem(turn_changes, rm_names.s_taken, move->card) < 0
            || PyDict_SetItem(turn_changes, rm_names.s_taken_in_hand, Py_False) < 0
            || PyDict_SetItem(turn_changes, rm_names.s_taken_staged, staged) < 0)) {
        Py_DECREF(turn_changes);
        return -1;
    }
    if (move->card == NULL && move->unopened && move->outcome == RM_OPENING_COMPLETES
        && PyDict_SetItem(turn_changes, rm_names.s_taken_staged, Py_False) < 0) {
        Py_DECREF(turn_changes);
        return -1;
    }
    /* `after_use`: the table cards held (Räuber-Rommé) melded again leave `borrowed`
     * (`before` and `table_takes` kept), and the taken card melded beyond them frees its
     * lock */
    unsigned char melded[RM_CODES];
    if (move->card == NULL && rm_laying_after_use(move->play, move->codes, move->count, melded)) {
        failed = PyDict_SetItem(turn_changes, rm_names.s_taken_in_hand, Py_False) < 0;
    }
    if (move->held) {
        melded[move->held - 1]++; /* the swap's card, melded again before the cards laid */
    }
    if (!failed && move->card == NULL
        && change_borrowed(pos->turn, melded, turn_changes) < 0) {
        failed = 1;
    }
    Py_ssize_t changed = failed ? -1 : PyDict_Size(turn_changes);
    PyObject *turn = changed <= 0 ? NULL
                                  : rm_copy_with(rm_names.TurnState, rm_names.turn_fields,
                                                 pos->turn, turn_changes);
    Py_DECREF(turn_changes);
    if (changed == 0) {
        return 1; /* the turn itself, as `after_use` returns it */
    }
    return rm_change(changes, rm_names.s_turn, turn) < 0 ? -1 : 1;
}

/* `changes` of the state after the lay-off read (`lay_off`'s effect carried out by
 * `_next_state`): the hand, the table, the turn. 1, 0 where the Python core applies it,
 * -1 with an exception set. */
static int
laid_off(const rm_layoff *move, PyObject *state, PyObject *changes)
{
    rm_pos *pos = rm_laying_pos(move->play);
    PyObject *entry = new_entry(move, pos->rules);
    if (entry == NULL || entry == Py_NotImplemented) {
        Py_XDECREF(entry);
        return entry == NULL ? -1 : 0;
    }
    PyObject *after = rm_tuple_with(rm_laying_table(move->play), move->index, entry);
    Py_DECREF(entry);
    if (rm_change(changes, rm_names.s_table, after) < 0) {
        return -1;
    }
    return hand_and_turn(move, state, changes, 1);
}

static PyObject *next_state(rm_layoff *move, PyObject *state, int decided,
                            int (*step)(const rm_layoff *, PyObject *, PyObject *));

/* The packed hand left (`pos.key - pack_cards(cards)`): a new reference, or NULL. */
static PyObject *
key_left(const rm_layoff *move)
{
    PyObject *key = move->key;
    Py_XINCREF(key);
    if (key == NULL) {
        key = rm_hand_key(rm_laying_pos(move->play));
    }
    for (int i = 0; key != NULL && i < move->count; i++) {
        PyObject *less = PyNumber_Subtract(key, PyTuple_GetItem(rm_names.units, move->codes[i]));
        RM_SETREF(key, less);
    }
    return key;
}

PyObject *
rm_layoff_apply(PyObject *state, PyObject *action, PyObject *player)
{
    rm_layoff move = {0};
    int decided = decide(state, action, player, &move);
    return next_state(&move, state, decided, laid_off);
}

/* -- laying down (`lay_down` of a seat that has opened) ------------------------------- */

/* The slice's verdict on the lay-down `action` by `player` in `state`: 1 where it decides
 * it and finds it legal (`move->meld` the validator's meld of the cards, `meld_failure`
 * with the action's kind), 0 where the Python core answers, -1 with an exception set. */
static int meld_laid(rm_layoff *move, PyObject *state);

static int
decide_lay_down(PyObject *state, PyObject *action, PyObject *player, rm_layoff *move)
{
    int begun = begin(state, action, player, laying.LayDown, move);
    if (begun <= 0) {
        return begun;
    }
    return meld_laid(move, state);
}

/* `lay_down_outcome` of the lay-down read (`move->use`, its cards read): 1 where its cards
 * are a meld of the kind named (`move->meld`) and the rules allow it with the turn going
 * on, 0 where the Python core answers, -1 with an exception set. */
static int
meld_laid(rm_layoff *move, PyObject *state)
{
    PyObject *kind = rm_attr(move->use, rm_names.s_kind);
    PyObject *meld = kind == NULL ? NULL
                                  : PyObject_CallFunctionObjArgs(
                                        laying.meld_failure, move->cards,
                                        rm_laying_pos(move->play)->rules, kind, NULL);
    Py_XDECREF(kind);
    if (meld == NULL) {
        return -1;
    }
    if ((PyObject *)Py_TYPE(meld) != laying.Meld) {
        Py_DECREF(meld);
        return 0; /* no meld: the reason and message are the Python core's */
    }
    move->meld = meld;
    if (move->unopened) {
        /* `lay_down_outcome` of a seat that has not opened: the meld's worth (`Worth`: its
         * value and jokers) staged towards the opening, judged by the opening search */
        PyObject *worth = rm_attr(meld, laying.s_value);
        long value = worth == NULL ? -1 : PyLong_AsLong(worth);
        Py_XDECREF(worth);
        PyObject *roles = value == -1 && PyErr_Occurred() ? NULL
                                                          : rm_attr(meld, rm_names.s_jokers);
        Py_ssize_t jokers = roles == NULL ? -1 : PyObject_Size(roles);
        Py_XDECREF(roles);
        if (jokers < 0) {
            return -1;
        }
        if (value < 0 || value > SHRT_MAX || jokers > 14) {
            return 0; /* no meld of a checked position: the Python core's */
        }
        PyObject *kind = rm_attr(meld, rm_names.s_kind);
        if (kind == NULL) {
            return -1;
        }
        int run = kind == laying.run_kind;
        Py_DECREF(kind);
        move->outcome = rm_laying_towards_opening(move->play, state, move->codes, move->count,
                                                  (int)value, (int)jokers, run,
                                                  move->card != NULL);
        return move->outcome < 0 ? -1 : move->outcome > 0;
    }
    /* `lay_down_outcome` of a seat that has opened: `finish` of the hand left */
    return rm_laying_goes_on(move->play, move->codes, move->count);
}

int
rm_lay_down_legal(PyObject *state, PyObject *action, PyObject *player)
{
    rm_layoff move = {0};
    int legal = decide_lay_down(state, action, player, &move);
    layoff_clear(&move);
    return legal;
}

/* The places of the meld's jokers (`role.position` of each of `meld.jokers`), as bits;
 * -1 with an exception set. */
static long
joker_places(PyObject *meld)
{
    PyObject *roles = rm_attr(meld, rm_names.s_jokers);
    Py_ssize_t count = roles == NULL ? -1 : PyTuple_Size(roles);
    long bits = count < 0 ? -1 : 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *place = rm_attr(PyTuple_GetItem(roles, i), rm_names.s_position);
        long p = place == NULL ? -1 : PyLong_AsLong(place);
        Py_XDECREF(place);
        if (p < 0 || p > 13) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_SystemError, "a joker's place outside its meld");
            }
            bits = -1;
            break;
        }
        bits |= 1L << p;
    }
    Py_XDECREF(roles);
    return bits;
}

/* Put into `changes` the seat's opening, complete (`_next_state`: `opened[seat]` set, and
 * `first_to_open_after`: the seat, where nobody had laid out before). 0, or -1. */
static int
opened_now(PyObject *state, PyObject *seat, PyObject *changes)
{
    Py_ssize_t at = PyLong_AsSsize_t(seat);
    PyObject *opened = at < 0 ? NULL : rm_attr(state, rm_names.s_opened);
    PyObject *after = opened == NULL ? NULL : rm_tuple_with(opened, at, Py_True);
    Py_XDECREF(opened);
    if (rm_change(changes, rm_names.s_opened, after) < 0) {
        return -1;
    }
    PyObject *first = rm_attr(state, rm_names.s_first_to_open);
    if (first == NULL) {
        return -1;
    }
    int failed = first == Py_None && PyDict_SetItem(changes, rm_names.s_first_to_open, seat) < 0;
    Py_DECREF(first);
    return failed ? -1 : 0;
}

/* `changes` of the state after the lay-down read (`lay_down`'s effect, carried out by
 * `_next_state`): the hand, the table with the new meld last (`table_meld(meld, seat,
 * staged, fresh, announce)`: staged where the seat has not opened and the meld does not
 * complete its opening; where it does, the melds staged before made final, `unstage`, and
 * the seat has opened), the turn. 1, or -1. */
static int
laid_down(const rm_layoff *move, PyObject *state, PyObject *changes)
{
    PyObject *staged = move->unopened && move->outcome == 1 ? Py_True : Py_False;
    long places = joker_places(move->meld);
    PyObject *entry_changes = places < 0 ? NULL : PyDict_New();
    PyObject *seat = entry_changes == NULL
                         ? NULL
                         : rm_attr(state, rm_names.s_current_player);
    PyObject *entry = NULL;
    if (seat != NULL && PyDict_SetItem(entry_changes, rm_names.s_meld, move->meld) == 0
        && PyDict_SetItem(entry_changes, laying.s_owner, seat) == 0
        && PyDict_SetItem(entry_changes, rm_names.s_staged, staged) == 0
        && rm_change(entry_changes, rm_names.s_fresh, places_of(places)) == 0
        && rm_change(entry_changes, rm_names.s_announced, PyTuple_New(0)) == 0) {
        entry = rm_copy_with(rm_names.TableMeld, rm_names.table_fields, NULL, entry_changes);
    }
    if (entry != NULL && move->unopened && move->outcome == RM_OPENING_COMPLETES
        && opened_now(state, seat, changes) < 0) {
        Py_CLEAR(entry);
    }
    Py_XDECREF(seat);
    Py_XDECREF(entry_changes);
    if (entry == NULL) {
        return -1;
    }
    PyObject *table = rm_laying_table(move->play);
    int unstaging = move->unopened && move->outcome == RM_OPENING_COMPLETES
                    && rm_laying_staged_count(move->play) > 0;
    Py_ssize_t size = PyTuple_Size(table);
    /* `unstage`: each staged meld made final, as `table_meld(meld, owner, False, fresh,
     * announced)` makes it */
    PyObject *final = unstaging ? PyDict_New() : NULL;
    PyObject *after = (unstaging && final == NULL) ? NULL : PyTuple_New(size + 1);
    if (final != NULL && PyDict_SetItem(final, rm_names.s_staged, Py_False) < 0) {
        Py_CLEAR(after);
    }
    for (Py_ssize_t i = 0; after != NULL && i < size; i++) {
        PyObject *item = PyTuple_GetItem(table, i);
        int truth = unstaging ? rm_flag(item, rm_names.s_staged) : 0;
        item = truth == 1   ? rm_copy_with(rm_names.TableMeld, rm_names.table_fields, item, final)
               : truth == 0 ? item
                            : NULL;
        if (item == NULL) {
            Py_CLEAR(after);
            break;
        }
        if (truth == 0) {
            Py_INCREF(item);
        }
        PyTuple_SetItem(after, i, item);
    }
    Py_XDECREF(final);
    if (after != NULL) {
        PyTuple_SetItem(after, size, entry); /* steals it */
    }
    else {
        Py_DECREF(entry);
    }
    if (rm_change(changes, rm_names.s_table, after) < 0) {
        return -1;
    }
    return hand_and_turn(move, state, changes, 0);
}

/* The next state of the move read, from `changes` that `step` puts (`laid_off` or
 * `laid_down`), keeping the packed hand of the seat, which goes on acting. A new
 * reference, Py_NotImplemented (new) where `step` leaves it to Python, or NULL. */
static PyObject *
next_state(rm_layoff *move, PyObject *state, int decided,
           int (*step)(const rm_layoff *, PyObject *, PyObject *))
{
    PyObject *result = NULL;
    PyObject *changes = decided > 0 ? PyDict_New() : NULL;
    if (changes != NULL) {
        decided = step(move, state, changes);
        if (decided > 0 && move->card != NULL) { /* the pile without the card; the play phase */
            rm_pos *pos = rm_laying_pos(move->play);
            PyObject *pile = rm_attr(state, rm_names.s_discard_pile);
            PyObject *rest = pile == NULL ? NULL : PyTuple_GetSlice(pile, 0, pos->pile_size - 1);
            Py_XDECREF(pile);
            if (rm_change(changes, rm_names.s_discard_pile, rest) < 0
                || PyDict_SetItem(changes, rm_names.s_phase, rm_names.phase_play) < 0) {
                decided = -1;
            }
        }
        PyObject *key = decided > 0 ? key_left(move) : NULL;
        if (key != NULL) {
            result = rm_copy_with(rm_names.GameState, rm_names.state_fields, state, changes);
            /* the seat goes on acting: the state keeps its packed hand (`keep_hand_key`) */
            if (result != NULL && PyObject_GenericSetAttr(result, rm_names.s_coded, key) < 0) {
                Py_CLEAR(result);
            }
            Py_DECREF(key);
        }
        else if (decided > 0) {
            decided = -1;
        }
        Py_DECREF(changes);
    }
    else if (decided > 0) {
        decided = -1; /* PyDict_New failed */
    }
    if (decided == 0) {
        result = Py_NotImplemented;
        Py_INCREF(result);
    }
    layoff_clear(move);
    return result;
}

PyObject *
rm_lay_down_apply(PyObject *state, PyObject *action, PyObject *player)
{
    rm_layoff move = {0};
    int decided = decide_lay_down(state, action, player, &move);
    return next_state(&move, state, decided, laid_down);
}

/* -- joker swaps (swapping.py's `swap`: `swap_joker`, `swapped`, `place_joker`) ---------- */

/* The fresh places of the swapped meld (`swapped`): a run's less the joker's place; a set's
 * jokers lie last, the last of them fresh as many as were but the one swapped out. */
static long
swapped_fresh(long old, int position, PyObject *meld)
{
    int run = rm_is(meld, rm_names.s_kind, laying.run_kind);
    if (run != 0) {
        return run < 0 ? -1 : old & ~(1L << position);
    }
    int count = 0;
    for (long bits = old & ~(1L << position); bits; bits &= bits - 1) {
        count++;
    }
    PyObject *cards = rm_attr(meld, rm_names.s_cards);
    Py_ssize_t size = cards == NULL ? -1 : PyTuple_Size(cards);
    long fresh = size < 0 ? -1 : 0;
    for (Py_ssize_t p = size - 1; p >= 0 && count > 0; p--) {
        int code = rm_code_of(PyTuple_GetItem(cards, p));
        if (code < 0) {
            fresh = -1;
            break;
        }
        if (code == RM_JOKER_CODE) {
            fresh |= 1L << p;
            count--;
        }
    }
    Py_XDECREF(cards);
    return fresh;
}

/* `swapped`: read into the move the position after the card `code` (`card`) took the joker
 * at `position` of table meld `index` (`entry`, `meld`): the table with the meld the
 * validator makes of it (`meld_failure`, the meld's kind), its fresh places moved; the hand
 * without the card and with the joker, in card order (last); its packed key. 1, 0 where
 * the Python core answers, -1 with an exception set. */
static int
read_swapped(rm_layoff *move, Py_ssize_t index, PyObject *entry, PyObject *meld,
             PyObject *card, int code, int position)
{
    rm_pos *pos = rm_laying_pos(move->play);
    PyObject *old = rm_attr(meld, rm_names.s_cards);
    Py_ssize_t size = old == NULL ? -1 : PyTuple_Size(old);
    if (size <= position) {
        Py_XDECREF(old);
        return size < 0 ? -1 : 0;
    }
    PyObject *joker = PyTuple_GetItem(old, position);
    Py_INCREF(joker);
    PyObject *cards = rm_tuple_with(old, position, card);
    Py_DECREF(old);
    PyObject *kind = cards == NULL ? NULL : rm_attr(meld, rm_names.s_kind);
    PyObject *result = kind == NULL ? NULL
                                    : PyObject_CallFunctionObjArgs(laying.meld_failure, cards,
                                                                   pos->rules, kind, NULL);
    Py_XDECREF(kind);
    Py_XDECREF(cards);
    if (result == NULL || (PyObject *)Py_TYPE(result) != laying.Meld) {
        Py_DECREF(joker);
        Py_XDECREF(result);
        return result == NULL ? -1 : 0; /* never: a swap breaks no meld */
    }
    long old_fresh = fresh_bits(entry);
    long fresh = old_fresh < 0 ? -1 : swapped_fresh(old_fresh, position, result);
    PyObject *changes = fresh < 0 ? NULL : PyDict_New();
    PyObject *swapped = NULL;
    if (changes != NULL && PyDict_SetItem(changes, rm_names.s_meld, result) == 0
        && rm_change(changes, rm_names.s_fresh, places_of(fresh)) == 0) {
        swapped = rm_copy_with(rm_names.TableMeld, rm_names.table_fields, entry, changes);
    }
    Py_XDECREF(changes);
    Py_DECREF(result);
    PyObject *after =
        swapped == NULL ? NULL : rm_tuple_with(rm_laying_table(move->play), index, swapped);
    Py_XDECREF(swapped);
    /* the key first: packed from the counts read, before they change (`hand_key`) */
    PyObject *key = after == NULL ? NULL : rm_hand_key(pos);
    PyObject *less = key == NULL ? NULL : PyNumber_Subtract(key, PyTuple_GetItem(rm_names.units, code));
    Py_XDECREF(key);
    move->key = less == NULL ? NULL
                             : PyNumber_Add(less, PyTuple_GetItem(rm_names.units, RM_JOKER_CODE));
    Py_XDECREF(less);
    /* the hand: `remove` the card (its first copy), `add` the joker (the last code) */
    PyObject *hand = move->key == NULL ? NULL : PyTuple_New(pos->hand_size);
    for (Py_ssize_t i = 0, j = 0, gone = 0; hand != NULL && i < pos->hand_size; i++) {
        PyObject *item = PyTuple_GetItem(pos->hand, i);
        int held = item == NULL ? -1 : rm_code_of(item);
        if (held < 0) {
            Py_CLEAR(hand);
            break;
        }
        if (held == code && !gone) {
            gone = 1;
            continue;
        }
        Py_INCREF(item);
        PyTuple_SetItem(hand, j++, item);
    }
    if (hand != NULL) {
        PyTuple_SetItem(hand, pos->hand_size - 1, joker); /* steals it */
        joker = NULL;
    }
    Py_XDECREF(joker);
    if (hand == NULL) {
        Py_XDECREF(after);
        return -1;
    }
    RM_SETREF(pos->hand, hand);
    int holds = rm_laying_holds(move->play);
    move->frees = rm_laying_swapped(move->play, after, code);
    move->held = rm_laying_holds(move->play) < holds ? code + 1 : 0; /* `after_use` */
    Py_DECREF(after);
    return 1;
}

/* The swap's follow-up `then` under the rules' `swapped_joker` (`place_joker`), on the
 * position `swapped` made: 1 where it is legal and the slice's (`move->swap` set), 0 where
 * the Python core answers, -1 with an exception set. */
static int
place_joker(rm_layoff *move, PyObject *then, Py_ssize_t source)
{
    rm_pos *pos = rm_laying_pos(move->play);
    PyObject *mode = rm_attr(pos->rules, rm_names.s_swapped_joker);
    if (mode == NULL) {
        return -1;
    }
    Py_DECREF(mode); /* an enum member: its class holds it */
    if (then == Py_None) {
        if (mode != laying.to_hand) {
            return 0; /* Reason.SWAPPED_JOKER_NOT_PLACED */
        }
        move->swap = SWAP_TO_HAND;
        return rm_laying_goes_on(move->play, move->codes, 0); /* `finish` */
    }
    if (mode == laying.to_hand) {
        return 0; /* Reason.SWAPPED_JOKER_TO_HAND */
    }
    PyObject *type = (PyObject *)Py_TYPE(then);
    if (type == rm_names.Discard) {
        PyObject *card = rm_attr(then, rm_names.s_card);
        int code = card == NULL ? -1 : rm_code_of(card);
        Py_XDECREF(card);
        if (code < 0) {
            return -1;
        }
        /* the joker discarded ends the turn: checked here, applied by the Python core */
        move->swap = SWAP_DISCARD;
        return mode == laying.meld_or_discard && code == RM_JOKER_CODE
               && !rm_laying_holds(move->play); /* else `borrowed_failure` */
    }
    if (type != laying.LayDown && type != laying.LayOff) {
        return 0;
    }
    move->use = then;
    PyObject *announce = rm_attr(then, rm_names.s_announce);
    Py_ssize_t announced = announce == NULL ? -1 : PyObject_Size(announce);
    Py_XDECREF(announce);
    if (announced != 0) {
        return announced < 0 ? -1 : 0;
    }
    int held = read_cards(move, then, pos);
    if (held <= 0) {
        return held;
    }
    int joker = 0;
    for (int i = 0; i < move->count; i++) {
        joker |= move->codes[i] == RM_JOKER_CODE;
    }
    if (!joker) {
        return 0; /* Reason.SWAPPED_JOKER_NOT_PLACED */
    }
    if (type == laying.LayDown) {
        move->swap = SWAP_LAY_DOWN;
        return meld_laid(move, pos->state);
    }
    move->swap = SWAP_LAY_OFF;
    PyObject *target = rm_attr(then, rm_names.s_target);
    Py_ssize_t index = target == NULL ? -1 : PyLong_AsSsize_t(target);
    Py_XDECREF(target);
    if (index == -1 && PyErr_Occurred()) {
        return -1;
    }
    int back = index == source ? rm_flag(pos->rules, rm_names.s_swap_back_same_meld) : 1;
    if (back <= 0) {
        return back; /* Reason.SWAP_BACK_SAME_MELD */
    }
    return fit_layoff(move);
}

/* The slice's verdict on the joker swap `action` by `player` in `state` (`swap`): 1 where
 * it decides it and finds it legal (the position `swapped` makes read into `move`), 0
 * where the Python core answers, -1 with an exception set. */
static int
decide_swap(PyObject *state, PyObject *action, PyObject *player, rm_layoff *move)
{
    move->added = -1;
    int acts = rm_seat_move(state, action, laying.SwapJoker, rm_names.phase_play, player);
    if (acts <= 0) {
        return acts;
    }
    move->play = rm_laying_new();
    if (move->play == NULL) {
        return -1;
    }
    int read = rm_laying_read(move->play, state);
    if (read <= 0) {
        return read; /* Reason.NOT_OPENED among them */
    }
    if (!rm_laying_may_lay_off(move->play)) {
        return 0; /* `may_lay_off`: Reason.NOT_IN_OPENING_TURN */
    }
    PyObject *table = rm_laying_table(move->play);
    PyObject *target = rm_attr(action, rm_names.s_target);
    Py_ssize_t source = target == NULL ? -1 : PyLong_AsSsize_t(target);
    Py_XDECREF(target);
    if (source == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (source < 0 || source >= PyTuple_Size(table)) {
        return 0; /* Reason.NO_SUCH_MELD */
    }
    PyObject *entry = PyTuple_GetItem(table, source);
    Py_INCREF(entry); /* the table read is replaced once swapped */
    PyObject *card = rm_attr(action, rm_names.s_card);
    int code = card == NULL ? -1 : rm_code_of(card);
    PyObject *announced = code < 0 ? NULL : rm_attr(entry, rm_names.s_announced);
    Py_ssize_t announcements = announced == NULL ? -1 : PyObject_Size(announced);
    Py_XDECREF(announced);
    PyObject *meld = announcements < 0 ? NULL : rm_attr(entry, rm_names.s_meld);
    int found = meld == NULL ? -1 : 0;
    if (meld != NULL && announcements == 0 && code != RM_JOKER_CODE
        && rm_laying_pos(move->play)->counts[code] > 0) {
        /* `swap_joker`: the listing's verdict (play.c) */
        int position = rm_laying_swap_place(move->play, entry, meld, code);
        found = position == -2 ? -1
                : position < 0 ? 0
                               : read_swapped(move, source, entry, meld, card, code, position);
    }
    Py_XDECREF(meld);
    Py_XDECREF(card);
    Py_DECREF(entry);
    if (found <= 0) {
        return found; /* a joker, a card not held, no joker for it: the Python core's */
    }
    PyObject *then = rm_attr(action, laying.s_then);
    if (then == NULL) {
        return -1;
    }
    int placed = place_joker(move, then, source);
    Py_DECREF(then); /* `move->use`, where set, is held by the action */
    return placed;
}

int
rm_swap_legal(PyObject *state, PyObject *action, PyObject *player)
{
    rm_layoff move = {0};
    int legal = decide_swap(state, action, player, &move);
    layoff_clear(&move);
    return legal;
}

/* `changes` of the state after a swap whose joker goes to the hand (`place_joker` under
 * to_hand): the table swapped, the hand with the joker, the turn after the card's use,
 * marked as having laid off. 1, or -1. */
static int
swapped_step(const rm_layoff *move, PyObject *state, PyObject *changes)
{
    PyObject *table = rm_laying_table(move->play);
    if (PyDict_SetItem(changes, rm_names.s_table, table) < 0) {
        return -1;
    }
    return hand_and_turn(move, state, changes, 1);
}

PyObject *
rm_swap_apply(PyObject *state, PyObject *action, PyObject *player)
{
    rm_layoff move = {0};
    int decided = decide_swap(state, action, player, &move);
    int (*step)(const rm_layoff *, PyObject *, PyObject *) = swapped_step;
    if (decided > 0 && move.swap == SWAP_LAY_DOWN) {
        step = laid_down;
    }
    else if (decided > 0 && move.swap == SWAP_LAY_OFF) {
        step = laid_off;
    }
    else if (decided > 0 && move.swap == SWAP_DISCARD) {
        decided = 0; /* the turn ends: the Python core's */
    }
    return next_state(&move, state, decided, step);
}

/* -- the take-back of the staged melds (checker.py's `_take_back`, rules §5) ------------ */

/* The slice's verdict on the take-back `action` by `player` in `state` (`take_back_refused`
 * and `_take_back`): 1 where it decides it and finds it legal (`*play_` the seat read by
 * rm_laying_read_unopened, with melds staged), 0 where the Python core answers (nothing
 * staged, a seat that has opened, Räuber-Rommé's restore, the taken card staged: it goes
 * back to the pile, `failed_take`), -1 with an exception set. */
static int
decide_take_back(PyObject *state, PyObject *action, PyObject *player, rm_play **play_)
{
    int truth = rm_seat_move(state, action, laying.TakeBack, rm_names.phase_play, player);
    if (truth <= 0) {
        return truth;
    }
    *play_ = rm_laying_new();
    if (*play_ == NULL) {
        return -1;
    }
    /* a seat that has not opened; with a table to restore (`turn.before`) the take-back
     * is Räuber-Rommé's `restore`, rearranging.c's */
    if ((truth = rm_laying_read_unopened(*play_, state)) <= 0) {
        return truth;
    }
    if (rm_laying_restores(*play_)) {
        return 0;
    }
    if (rm_laying_staged_count(*play_) == 0) {
        return 0; /* Reason.NOTHING_TO_TAKE_BACK */
    }
    truth = rm_flag(rm_laying_pos(*play_)->turn, rm_names.s_taken_staged);
    if (truth != 0) {
        return truth < 0 ? -1 : 0; /* the taken card back to the pile: the Python core's */
    }
    return 1;
}

int
rm_take_back_legal(PyObject *state, PyObject *action, PyObject *player)
{
    rm_play *play_ = NULL;
    int legal = decide_take_back(state, action, player, &play_);
    rm_laying_free(play_);
    return legal;
}

/* The state after the take-back read (`_take_back`'s effect, carried out by `_next_state`):
 * the staged melds' cards back in the hand in card order (`hands.add`), the table without
 * them, the turn as it was, or with the taken card in hand again where a free take's card
 * lay in a staged meld (rules §4); the packed hand kept (`keep_hand_key`). A new reference,
 * or NULL with an exception set. */
static PyObject *
taken_back(rm_play *play_, PyObject *state)
{
    rm_pos *pos = rm_laying_pos(play_);
    PyObject *table = rm_laying_table(play_);
    Py_ssize_t melds = PyTuple_Size(table);
    PyObject *kept = PyList_New(0);     /* the table melds not staged */
    PyObject *returned = PyList_New(0); /* the staged melds' cards, in table order */
    unsigned char back[RM_CODES] = {0};
    int failed = kept == NULL || returned == NULL;
    for (Py_ssize_t i = 0; !failed && i < melds; i++) {
        PyObject *entry = PyTuple_GetItem(table, i);
        int staged = rm_flag(entry, rm_names.s_staged);
        if (staged <= 0) {
            failed = staged < 0 || PyList_Append(kept, entry) < 0;
            continue;
        }
        PyObject *meld = rm_attr(entry, rm_names.s_meld);
        PyObject *cards = meld == NULL ? NULL : rm_attr(meld, rm_names.s_cards);
        Py_XDECREF(meld);
        Py_ssize_t count = cards == NULL ? -1 : PyTuple_Size(cards);
        failed = count < 0;
        for (Py_ssize_t j = 0; !failed && j < count; j++) {
            PyObject *card = PyTuple_GetItem(cards, j);
            int code = rm_code_of(card);
            failed = code < 0 || PyList_Append(returned, card) < 0;
            if (!failed) {
                back[code]++;
            }
        }
        Py_XDECREF(cards);
    }
    Py_ssize_t count = failed ? 0 : PyList_Size(returned);
    /* `add`: the hand and the cards back, sorted by code, each code's cards of the hand
     * first (a stable sort) */
    PyObject *hand = failed ? NULL : PyTuple_New(pos->hand_size + count);
    for (Py_ssize_t i = 0, at = 0, code = 0; hand != NULL && code < RM_CODES; code++) {
        for (; i < pos->hand_size; i++) {
            PyObject *card = PyTuple_GetItem(pos->hand, i);
            int held = rm_code_of(card);
            if (held < 0) {
                Py_CLEAR(hand);
                break;
            }
            if (held != code) {
                break;
            }
            Py_INCREF(card);
            PyTuple_SetItem(hand, at++, card);
        }
        for (Py_ssize_t j = 0; hand != NULL && back[code] && j < count; j++) {
            PyObject *card = PyList_GetItem(returned, j);
            if (rm_code_of(card) == code) {
                Py_INCREF(card);
                PyTuple_SetItem(hand, at++, card);
            }
        }
    }
    PyObject *changes = hand == NULL ? NULL : PyDict_New();
    PyObject *seat = changes == NULL ? NULL : rm_attr(state, rm_names.s_current_player);
    Py_ssize_t at = seat == NULL ? -1 : PyLong_AsSsize_t(seat);
    Py_XDECREF(seat);
    failed = at < 0 || rm_change_hand(state, at, hand, changes) < 0
             || rm_change(changes, rm_names.s_table, PyList_AsTuple(kept)) < 0;
    Py_XDECREF(hand);
    Py_XDECREF(kept);
    Py_XDECREF(returned);
    /* a free take's card laid in a staged meld is in the hand again (rules §4,
     * rediscard_taken's bookkeeping) */
    PyObject *taken = failed ? NULL : rm_attr(pos->turn, rm_names.s_taken);
    int code = taken == NULL || taken == Py_None ? -1 : rm_code_of(taken);
    Py_XDECREF(taken);
    int again = code >= 0 && back[code] ? rm_flag(pos->turn, rm_names.s_taken_in_hand) : 1;
    again = again < 0 ? -1 : !again ? rm_is(pos->rules, rm_names.s_take_discard, rm_names.take_free) : 0;
    if (taken == NULL || again < 0 || (code == -1 && PyErr_Occurred())) {
        failed = 1;
    }
    if (!failed && again) {
        PyObject *turn_changes = PyDict_New();
        failed = turn_changes == NULL
                 || PyDict_SetItem(turn_changes, rm_names.s_taken_in_hand, Py_True) < 0
                 || rm_change(changes, rm_names.s_turn,
                           rm_copy_with(rm_names.TurnState, rm_names.turn_fields, pos->turn,
                                        turn_changes)) < 0;
        Py_XDECREF(turn_changes);
    }
    /* the key first: packed from the counts read, with the cards back */
    PyObject *key = failed ? NULL : rm_hand_key(pos);
    for (int c = 0; key != NULL && c < RM_CODES; c++) {
        for (int n = 0; key != NULL && n < back[c]; n++) {
            RM_SETREF(key, PyNumber_Add(key, PyTuple_GetItem(rm_names.units, c)));
        }
    }
    PyObject *result = key == NULL ? NULL
                                   : rm_copy_with(rm_names.GameState, rm_names.state_fields,
                                                  state, changes);
    /* the seat goes on acting: the state keeps its packed hand (`keep_hand_key`) */
    if (result != NULL && PyObject_GenericSetAttr(result, rm_names.s_coded, key) < 0) {
        Py_CLEAR(result);
    }
    Py_XDECREF(key);
    Py_XDECREF(changes);
    return result;
}

PyObject *
rm_take_back_apply(PyObject *state, PyObject *action, PyObject *player)
{
    rm_play *play_ = NULL;
    int decided = decide_take_back(state, action, player, &play_);
    PyObject *result = NULL;
    if (decided == 0) {
        result = Py_NotImplemented;
        Py_INCREF(result);
    }
    else if (decided > 0) {
        result = taken_back(play_, state);
    }
    rm_laying_free(play_);
    return result;
}
