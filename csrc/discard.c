/* The discard (mirrors romme/_turn/checker.py: `_discard_problem` where it finds no problem,
 * with romme/_turn/ending.py's `locked_code` and `may_discard`; `_discard`; and
 * romme/_turn/engine.py's `apply` of a discard that ends the turn: `_carry_out`,
 * `_next_state`, `_next_turn`, `_enter_draw`).
 *
 * The slice: a Discard in the play phase of a GameState, by the seat to act, of a card
 * its hand holds, in a turn that borrowed no table card (Räuber-Rommé), is not bound to
 * go out (DRoV Nr. 10) and staged no meld towards an opening (rules §5): its verdict
 * where `may_discard` lets the card go (rules §4, §7). Its next state where the turn
 * simply ends: the hand keeps a card (going out and a round of jokers only end the round,
 * rules §7, §10) and the stock holds a card for the next seat (else `_enter_draw` refills
 * it or ends the round, rules §9); the table as `end_of_turn_table` leaves it (romme/_turn/
 * legal.py: no joker counts as laid this turn any more). Every other discard is the
 * Python core's.
 */
#include "position.h"

/* A card of the hand the slice reads, by code. */
typedef struct {
    rm_pos pos;
    PyObject *card; /* strong: the action's card */
    int code;
} rm_discard;

static void
discard_clear(rm_discard *move)
{
    rm_pos_clear(&move->pos);
    Py_CLEAR(move->card);
}

/* Whether some meld of the table (a tuple of TableMeld) has the attribute `name` true:
 * `any_staged` or `any_fresh` (romme/_turn/tables.py). 1, 0, or -1 with an exception set. */
static int
any_on_table(PyObject *table, PyObject *name)
{
    Py_ssize_t size = PyTuple_Size(table);
    if (size < 0) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        int truth = rm_flag(PyTuple_GetItem(table, i), name);
        if (truth != 0) {
            return truth;
        }
    }
    return 0;
}

/* The table attribute of `state`'s melds: `any_on_table` of the state's table. */
static int
table_has(PyObject *state, PyObject *name)
{
    PyObject *table = rm_attr(state, rm_names.s_table);
    if (table == NULL) {
        return -1;
    }
    int truth = any_on_table(table, name);
    Py_DECREF(table);
    return truth;
}

/* The code of the card the turn took that may not go back (`locked_code`): -1 for none,
 * -2 with an exception set. */
static int
locked_code(rm_pos *pos)
{
    int in_hand = rm_flag(pos->turn, rm_names.s_taken_in_hand);
    if (in_hand <= 0) {
        return in_hand < 0 ? -2 : -1;
    }
    int rediscard = rm_flag(pos->rules, rm_names.s_rediscard_taken);
    if (rediscard != 0) {
        return rediscard < 0 ? -2 : -1;
    }
    PyObject *taken = rm_attr(pos->turn, rm_names.s_taken);
    if (taken == NULL) {
        return -2;
    }
    int code = taken == Py_None ? -1 : rm_code_of(taken);
    Py_DECREF(taken);
    return code == -1 && PyErr_Occurred() ? -2 : code;
}

/* `may_discard`: whether the card of `code` may leave the hand counted in `pos->counts`.
 * 1, 0 (Reason.JOKER_DISCARD or Reason.REDISCARD_TAKEN), -1 with an exception set. */
static int
may_discard(rm_pos *pos, int code)
{
    if (code == RM_JOKER_CODE && pos->counts[RM_JOKER_CODE] < pos->hand_size) {
        /* a joker beside natural cards goes only as the last card (DRoV rule 4) */
        int last_only =
            rm_is(pos->rules, rm_names.s_joker_discard, rm_names.joker_last_card_only);
        if (last_only != 0) {
            return last_only < 0 ? -1 : 0;
        }
    }
    int locked = locked_code(pos);
    if (locked == -2) {
        return -1;
    }
    /* the card taken may not go straight back; with a second copy in hand the other may */
    return !(code == locked && pos->counts[code] == 1);
}

/* The slice's verdict on `action` by `player` in `state`: 1 where it decides the discard
 * and finds it legal (`move` read), 0 where the Python core answers, -1 with an exception
 * set. */
static int
decide(PyObject *state, PyObject *action, PyObject *player, rm_discard *move)
{
    int acts = rm_seat_move(state, action, rm_names.Discard, rm_names.phase_play, player);
    if (acts <= 0) {
        return acts;
    }
    rm_pos *pos = &move->pos;
    if (rm_read_position(state, pos) < 0 || rm_read_hand(pos) < 0) {
        return -1;
    }
    move->card = rm_attr(action, rm_names.s_card);
    move->code = move->card == NULL ? -1 : rm_code_of(move->card);
    if (move->code < 0) {
        return -1;
    }
    if (!pos->counts[move->code]) {
        return 0; /* Reason.CARD_NOT_IN_HAND */
    }
    PyObject *borrowed = rm_attr(pos->turn, rm_names.s_borrowed);
    Py_ssize_t borrowing = borrowed == NULL ? -1 : PyObject_Size(borrowed);
    Py_XDECREF(borrowed);
    if (borrowing != 0) {
        return borrowing < 0 ? -1 : 0; /* table cards to give back (Räuber-Rommé) */
    }
    int bound = rm_flag(pos->turn, rm_names.s_to_go_out);
    if (bound != 0) {
        return bound < 0 ? -1 : 0; /* a turn bound to go out (DRoV Nr. 10) */
    }
    int staged = table_has(state, rm_names.s_staged);
    if (staged != 0) {
        return staged < 0 ? -1 : 0; /* an opening staged this turn (rules §5, §8) */
    }
    return may_discard(pos, move->code);
}

int
rm_discard_legal(PyObject *state, PyObject *action, PyObject *player)
{
    rm_discard move = {0};
    int legal = decide(state, action, player, &move);
    discard_clear(&move);
    return legal;
}

/* Whether the discard read simply ends the turn, as the slice applies it: the hand keeps
 * a card and the stock holds a card. 1, 0, -1 with an exception set. */
static int
ends_turn(rm_discard *move)
{
    rm_pos *pos = &move->pos;
    if (pos->hand_size == 1 || pos->stock_size == 0) {
        return 0; /* Next.WENT_OUT; or `_enter_draw` refills the stock or ends the round */
    }
    if (move->code == RM_JOKER_CODE && pos->counts[RM_JOKER_CODE] == pos->hand_size) {
        int jokers_only = rm_flag(pos->rules, rm_names.s_jokers_only_ends_round);
        if (jokers_only != 0) {
            return jokers_only < 0 ? -1 : 0; /* Next.JOKERS_ONLY (rules §7) */
        }
    }
    return 1;
}

/* The table once the turn is over (romme/_turn/legal.py, `end_of_turn_table`): each table
 * meld holding a joker laid this turn made again with none (`table_meld(meld, owner,
 * staged, frozenset(), announced)`: its fields copied, `fresh` empty), the others as they
 * lie. A new reference, or NULL with an exception set; `table` itself where no joker was
 * laid this turn. */
static PyObject *
end_of_turn_table(PyObject *table)
{
    int fresh = any_on_table(table, rm_names.s_fresh);
    if (fresh <= 0) {
        if (fresh == 0) {
            Py_INCREF(table);
        }
        return fresh == 0 ? table : NULL;
    }
    Py_ssize_t size = PyTuple_Size(table);
    PyObject *result = PyTuple_New(size);
    PyObject *changes = result == NULL ? NULL : PyDict_New();
    PyObject *none = changes == NULL ? NULL : PyFrozenSet_New(NULL);
    int failed = none == NULL || PyDict_SetItem(changes, rm_names.s_fresh, none) < 0;
    for (Py_ssize_t i = 0; !failed && i < size; i++) {
        PyObject *entry = PyTuple_GetItem(table, i);
        int laid_now = entry == NULL ? -1 : rm_flag(entry, rm_names.s_fresh);
        PyObject *item = NULL;
        if (laid_now > 0) {
            item = rm_copy_with(rm_names.TableMeld, rm_names.table_fields, entry, changes);
        }
        else if (laid_now == 0) {
            item = entry;
            Py_INCREF(item);
        }
        failed = item == NULL || PyTuple_SetItem(result, i, item) < 0;
    }
    Py_XDECREF(none);
    Py_XDECREF(changes);
    if (failed) {
        Py_CLEAR(result);
    }
    return result;
}

/* `pos->hand` without its first card of `code` (romme/_turn/hands.py, `remove` of one
 * card): a new tuple, or NULL with an exception set. */
static PyObject *
hand_less(rm_pos *pos, int code)
{
    Py_ssize_t place = 0;
    for (int below = 0; below < code; below++) {
        place += pos->counts[below];
    }
    PyObject *rest = PyTuple_New(pos->hand_size - 1);
    for (Py_ssize_t i = 0, j = 0; rest != NULL && i < pos->hand_size; i++) {
        if (i == place) {
            continue;
        }
        PyObject *item = PyTuple_GetItem(pos->hand, i);
        if (item == NULL) {
            Py_CLEAR(rest);
            break;
        }
        Py_INCREF(item);
        PyTuple_SetItem(rest, j++, item);
    }
    return rest;
}

/* The next seat dealt in after `seat` (`_next_turn`): its number, or -1 with an exception
 * set. `dealt_in` is the state's tuple of bools; the seat itself if no other is dealt in. */
static Py_ssize_t
next_seat(PyObject *dealt_in, Py_ssize_t seat)
{
    Py_ssize_t players = PyTuple_Size(dealt_in);
    if (players < 0) {
        return -1;
    }
    for (Py_ssize_t step = 1; step <= players; step++) {
        Py_ssize_t candidate = (seat + step) % players;
        int truth = PyObject_IsTrue(PyTuple_GetItem(dealt_in, candidate));
        if (truth != 0) {
            return truth < 0 ? -1 : candidate;
        }
    }
    return seat;
}

/* `changes` of the state after the discard read ends the turn of the seat to act
 * (`_discard`'s effect carried out by `_next_state` and `_next_turn`): the seat's hand
 * without the card, the card on the pile, the next seat dealt in to draw in the turn
 * `turn_begun` begins. 1, 0 where the next seat is the same (the Python core keeps the
 * hand's key then), -1 with an exception set. */
static int
next_turn(rm_discard *move, PyObject *changes)
{
    rm_pos *pos = &move->pos;
    PyObject *state = pos->state;
    PyObject *seat_number = rm_attr(state, rm_names.s_current_player);
    Py_ssize_t seat = seat_number == NULL ? -1 : PyLong_AsSsize_t(seat_number);
    Py_XDECREF(seat_number);
    PyObject *dealt_in = seat < 0 ? NULL : rm_attr(state, rm_names.s_dealt_in);
    Py_ssize_t next = dealt_in == NULL ? -1 : next_seat(dealt_in, seat);
    Py_XDECREF(dealt_in);
    if (next < 0 || next == seat) {
        return next < 0 ? -1 : 0;
    }
    PyObject *rest = hand_less(pos, move->code);
    int failed = rest == NULL || rm_change_hand(state, seat, rest, changes) < 0;
    Py_XDECREF(rest);
    if (failed) {
        return -1;
    }
    PyObject *pile = rm_attr(state, rm_names.s_discard_pile);
    PyObject *card = PyTuple_Pack(1, move->card);
    PyObject *grown = pile == NULL || card == NULL ? NULL : PySequence_Concat(pile, card);
    Py_XDECREF(pile);
    Py_XDECREF(card);
    if (rm_change(changes, rm_names.s_discard_pile, grown) < 0) {
        return -1;
    }
    PyObject *table = rm_attr(state, rm_names.s_table);
    PyObject *after = table == NULL ? NULL : end_of_turn_table(table);
    Py_XDECREF(table);
    if (rm_change(changes, rm_names.s_table, after) < 0) {
        return -1;
    }
    PyObject *opened = rm_attr(state, rm_names.s_opened);
    PyObject *opened_before = opened == NULL ? NULL : PyTuple_GetItem(opened, next);
    PyObject *number = rm_attr(pos->turn, rm_names.s_number);
    PyObject *one = PyLong_FromLong(1);
    PyObject *following = number == NULL || one == NULL ? NULL : PyNumber_Add(number, one);
    PyObject *turn = following == NULL || opened_before == NULL
                         ? NULL
                         : PyObject_CallFunctionObjArgs(rm_names.turn_begun, following,
                                                        opened_before, NULL);
    Py_XDECREF(opened);
    Py_XDECREF(number);
    Py_XDECREF(one);
    Py_XDECREF(following);
    if (rm_change(changes, rm_names.s_turn, turn) < 0
        || rm_change(changes, rm_names.s_current_player, PyLong_FromSsize_t(next)) < 0
        || PyDict_SetItem(changes, rm_names.s_phase, rm_names.phase_draw) < 0) {
        return -1;
    }
    return 1;
}

PyObject *
rm_discard_apply(PyObject *state, PyObject *action, PyObject *player)
{
    rm_discard move = {0};
    PyObject *result = NULL;
    int decided = decide(state, action, player, &move);
    if (decided > 0) {
        decided = ends_turn(&move);
    }
    PyObject *changes = decided > 0 ? PyDict_New() : NULL;
    if (changes != NULL) {
        decided = next_turn(&move, changes);
        if (decided > 0) {
            result = rm_copy_with(rm_names.GameState, rm_names.state_fields, state, changes);
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
    discard_clear(&move);
    return result;
}
