/* The draw phase (mirrors romme/_turn/generator.py, the draw branch of `_moves`, with
 * the verdicts it asks of romme/_turn/checker.py: `draw_refused`, `take_refused`,
 * `buy_refused`, `take` under ``take_discard=free``, and of romme/_turn/ending.py:
 * `finish`, `locked_code`, `may_discard`, `can_discard_something`; the checker's
 * `_draw`, `take` and `_buy` where they accept the move).
 *
 * The slice: a GameState in the draw phase whose top discard, if any, is taken freely
 * (rules §4), with or without the next player's purchase (rules §13). A take under
 * ``take_discard=immediate_use`` needs the meld search, and a turn bound to go out
 * (DRoV Nr. 10) the search of `_goes_out`: those positions are the Python core's.
 */
#include "position.h"

/* Whether the top discard, taken freely into the hand, leaves the turn a way on: the
 * verdict of `finish` on the hand with the taken card, the taken card locked unless
 * ``rediscard_taken``. The turn is not bound to go out (the caller checked), and the
 * hand holds a card, so only whether some card may be the discard is asked.
 * 1, 0, or -1 with an exception set. */
static int
free_take_goes_on(rm_pos *pos)
{
    int rediscard = rm_flag(pos->rules, rm_names.s_rediscard_taken);
    if (rediscard != 0) {
        return rediscard; /* 1: no card is locked, and a hand with a card has a discard */
    }
    int locked = pos->top_discard;
    if (rm_read_hand(pos) < 0) {
        return -1;
    }
    pos->counts[locked]++; /* the hand with the taken card */
    int naturals = 0;
    for (int code = 0; code < RM_JOKER_CODE; code++) {
        naturals |= pos->counts[code] > 0;
    }
    int joker_last = -2; /* read once, only if a joker is in hand */
    int found = 0;
    for (int code = 0; code < RM_CODES && !found; code++) {
        if (!pos->counts[code]) {
            continue;
        }
        if (code == RM_JOKER_CODE && naturals) {
            if (joker_last == -2) {
                joker_last = rm_is(pos->rules, rm_names.s_joker_discard,
                                   rm_names.joker_last_card_only);
                if (joker_last < 0) {
                    return -1;
                }
            }
            if (joker_last) {
                continue; /* Reason.JOKER_DISCARD */
            }
        }
        if (code == locked && pos->counts[code] == 1) {
            continue; /* Reason.REDISCARD_TAKEN */
        }
        found = 1;
    }
    return found;
}

/* Append `item` to `list`; 0, or -1 with an exception set. */
static int
append(PyObject *list, PyObject *item)
{
    return PyList_Append(list, item);
}

static PyObject *
moves(rm_pos *pos)
{
    int buys = rm_flag(pos->rules, rm_names.s_next_player_buys);
    if (buys < 0) {
        return NULL;
    }
    int free_take = rm_is(pos->rules, rm_names.s_take_discard, rm_names.take_free);
    if (free_take < 0) {
        return NULL;
    }
    if (pos->pile_size > 0 && !free_take) {
        Py_RETURN_NOTIMPLEMENTED; /* the takes that lay the card down need the meld search */
    }
    int take_refused = pos->pile_size == 0;
    if (!take_refused && pos->hand_size == 1) {
        int stock_only = rm_flag(pos->rules, rm_names.s_last_card_stock_only);
        if (stock_only < 0) {
            return NULL;
        }
        take_refused = stock_only; /* DRoV rule 10 */
    }
    int take_listed = 0;
    if (!take_refused) {
        int bound = rm_flag(pos->turn, rm_names.s_to_go_out);
        if (bound < 0) {
            return NULL;
        }
        if (bound) {
            Py_RETURN_NOTIMPLEMENTED; /* `finish` would search the hand (DRoV Nr. 10) */
        }
        take_listed = free_take_goes_on(pos);
        if (take_listed < 0) {
            return NULL;
        }
    }
    int draw_refused = pos->stock_size == 0;
    PyObject *list = PyList_New(0);
    if (list == NULL) {
        return NULL;
    }
    if ((!draw_refused && append(list, rm_names.draw) < 0)
        || (buys && !take_refused && !draw_refused && append(list, rm_names.buy) < 0)
        || (take_listed && append(list, rm_names.take_discard) < 0)) {
        Py_DECREF(list);
        return NULL;
    }
    PyObject *result = PyList_AsTuple(list);
    Py_DECREF(list);
    return result;
}

PyObject *
rm_draw_phase_moves(PyObject *state)
{
    rm_pos pos = {0};
    PyObject *result = NULL;
    if (rm_read_position(state, &pos) == 0) {
        result = moves(&pos);
    }
    rm_pos_clear(&pos);
    return result;
}

/* The moves of the draw phase that the slice checks and applies. */
enum { NOT_DECIDED = 0, DRAW, TAKE, BUY };

/* Which of the draw phase's moves `action` is, for the slice: DRAW, TAKE (a TakeDiscard
 * with no use), BUY, or NOT_DECIDED; -1 with an exception set. */
static int
move_kind(PyObject *action)
{
    PyTypeObject *type = Py_TYPE(action);
    if (type == Py_TYPE(rm_names.draw)) {
        return DRAW;
    }
    if (type == Py_TYPE(rm_names.buy)) {
        return BUY;
    }
    if (type != Py_TYPE(rm_names.take_discard)) {
        return NOT_DECIDED;
    }
    PyObject *use = PyObject_GetAttr(action, rm_names.s_use);
    if (use == NULL) {
        return -1;
    }
    int kind = use == Py_None ? TAKE : NOT_DECIDED; /* a take that lays the card down */
    Py_DECREF(use);
    return kind;
}

/* Whether the slice reads `state` for `player` as `position_for` does: a GameState of exact
 * type in the draw phase whose top discard is taken freely (rules §4), `player` None or
 * the seat to act (an int, as the checker asks). 1, 0, or -1 with an exception set. */
static int
in_slice(PyObject *state, PyObject *player)
{
    if ((PyObject *)Py_TYPE(state) != rm_names.GameState) {
        return 0; /* a view, or no position at all */
    }
    int draw = rm_is(state, rm_names.s_phase, rm_names.phase_draw);
    if (draw <= 0) {
        return draw;
    }
    PyObject *rules = PyObject_GetAttr(state, rm_names.s_rules);
    if (rules == NULL) {
        return -1;
    }
    int free_take = rm_is(rules, rm_names.s_take_discard, rm_names.take_free);
    Py_DECREF(rules);
    if (free_take <= 0 || player == Py_None) {
        return free_take; /* the takes that lay the card down are the Python core's */
    }
    if (!PyLong_CheckExact(player)) {
        return 0; /* the TypeError is the Python core's */
    }
    PyObject *seat = PyObject_GetAttr(state, rm_names.s_current_player);
    if (seat == NULL) {
        return -1;
    }
    int same = PyObject_RichCompareBool(player, seat, Py_EQ);
    Py_DECREF(seat);
    return same; /* another seat: Reason.NOT_YOUR_TURN, the Python core's */
}

/* The verdict of the checker (romme/_turn/checker.py: `_draw`, `take` under a free take,
 * `_buy`) on the move `kind` in the position read (in the slice): 1 legal, 0 refused or not decided
 * (the Python core answers), -1 with an exception set. */
static int
legal(rm_pos *pos, int kind)
{
    if (kind == DRAW) {
        return pos->stock_size > 0; /* draw_refused: Reason.STOCK_EMPTY */
    }
    if (kind == BUY) {
        int buys = rm_flag(pos->rules, rm_names.s_next_player_buys);
        if (buys <= 0 || pos->stock_size == 0) {
            return buys; /* no purchase (a claim answer, rules §13), or the stock empty */
        }
    }
    /* take_refused, for the take and the purchase */
    if (pos->pile_size == 0) {
        return 0;
    }
    if (pos->hand_size == 1) {
        int stock_only = rm_flag(pos->rules, rm_names.s_last_card_stock_only);
        if (stock_only != 0) {
            return stock_only < 0 ? -1 : 0; /* DRoV rule 10 */
        }
    }
    if (kind == BUY) {
        return 1;
    }
    int bound = rm_flag(pos->turn, rm_names.s_to_go_out);
    if (bound != 0) {
        return bound < 0 ? -1 : 0; /* `finish` would search the hand (DRoV Nr. 10) */
    }
    return free_take_goes_on(pos);
}

/* The slice's verdict on `action` by `player` in `state`: the move's kind (DRAW, TAKE,
 * BUY) with `pos` read where it is legal, NOT_DECIDED where the Python core answers,
 * -1 with an exception set. */
static int
decide(PyObject *state, PyObject *action, PyObject *player, rm_pos *pos)
{
    int kind = move_kind(action);
    if (kind <= 0) {
        return kind;
    }
    int inside = in_slice(state, player);
    if (inside <= 0) {
        return inside;
    }
    if (rm_read_position(state, pos) < 0) {
        return -1;
    }
    int verdict = legal(pos, kind);
    return verdict <= 0 ? verdict : kind;
}

int
rm_draw_phase_legal(PyObject *state, PyObject *action, PyObject *player)
{
    rm_pos pos = {0};
    int kind = decide(state, action, player, &pos);
    rm_pos_clear(&pos);
    return kind < 0 ? -1 : kind > 0;
}
