/* The draw phase (mirrors romme/_turn/generator.py, the draw branch of `_moves`, with
 * the verdicts it asks of romme/_turn/checker.py: `draw_refused`, `take_refused`,
 * `buy_refused`, `take` under ``take_discard=free``, and of romme/_turn/ending.py:
 * `finish`, `locked_code`, `may_discard`, `can_discard_something`; the checker's
 * `_draw`, `take` and `_buy` where they accept the move, with romme/_turn/claiming.py's
 * `claim_window` where a draw opens one; and romme/_turn/engine.py's `apply` of those
 * moves: `_carry_out`, `_next_state`, `_claim_step`).
 *
 * The slice: a GameState in the draw phase. Its moves are listed where the top discard,
 * if any, is taken freely (rules §4), with or without the next player's purchase (rules
 * §13); a draw and a purchase are checked and applied under either take mode, a take of
 * the top discard into the hand only where it is taken freely. A take under
 * ``take_discard=immediate_use`` needs the meld search, and a turn bound to go out
 * (DRoV Nr. 10) the search of `_goes_out`: those positions are the Python core's, but for
 * the listing of a seat that has opened (its takes listed by play.c, `rm_opened_takes`)
 * and of one that has not: where no lay-down with the top discard is possible, as a bound
 * or the opening search proves (`no_take_to_use`), only the draw and the purchase; else
 * its takes judged by the opening search (play.c, `rm_unopened_takes`).
 */
#include "melds.h"

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

/* Whether the seat to act has opened: 1, 0, or -1 with an exception set. */
static int
seat_opened(rm_pos *pos)
{
    PyObject *seat = rm_attr(pos->state, rm_names.s_current_player);
    PyObject *opened = seat == NULL ? NULL : rm_attr(pos->state, rm_names.s_opened);
    PyObject *flag = opened == NULL ? NULL : PyObject_GetItem(opened, seat);
    Py_XDECREF(seat);
    Py_XDECREF(opened);
    int has_opened = flag == NULL ? -1 : PyObject_IsTrue(flag);
    Py_XDECREF(flag);
    return has_opened;
}

/* Whether `_takes` provably lists nothing under ``take_discard=immediate_use`` for a seat
 * that has not opened: melding waits for no first go-round, and no lay-down holding the top
 * discard is possible with it in hand (`rm_opening_out_of_reach` of the hand with the
 * card, bounding `melds_with` and `lay_down_possible` of `with_discard_taken`). 1, 0 where
 * the Python core lists the takes, -1 with an exception set. */
static int
no_take_to_use(rm_pos *pos)
{
    PyObject *first = PyUnicode_FromString("no_melds_first_go_round");
    int waits = first == NULL ? -1 : rm_flag(pos->rules, first);
    Py_XDECREF(first);
    if (waits != 0) {
        return waits < 0 ? -1 : 0; /* `first_go_round` (ASS S. 1): the Python core's */
    }
    if (rm_read_hand(pos) < 0) {
        return -1;
    }
    PyObject *table = rm_attr(pos->state, rm_names.s_table);
    if (table == NULL) {
        return -1;
    }
    pos->counts[pos->top_discard]++; /* the hand with the card taken */
    int none = rm_opening_out_of_reach(pos->counts, pos->rules, table, pos->top_discard);
    pos->counts[pos->top_discard]--;
    Py_DECREF(table);
    if (none == 1 && (PyObject *)Py_TYPE(pos->state) == rm_names.GameState) {
        /* the state keeps its packed hand, as `hand_key` keeps it when Python lists */
        PyObject *key = rm_hand_key(pos);
        Py_XDECREF(key);
        if (key == NULL) {
            return -1;
        }
    }
    return none;
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
    int take_refused = pos->pile_size == 0;
    if (!take_refused && pos->hand_size == 1) {
        int stock_only = rm_flag(pos->rules, rm_names.s_last_card_stock_only);
        if (stock_only < 0) {
            return NULL;
        }
        take_refused = stock_only; /* DRoV rule 10 */
    }
    PyObject *takes = NULL; /* the takes that use the card (`_takes`), of a seat that opened */
    if (!take_refused && !free_take) {
        /* The takes that lay the card down need the meld search: for a seat that has
         * opened in C (play.c), for one that has not only where some lay-down with the
         * card may be possible (the Python core's). */
        int opened = seat_opened(pos);
        if (opened < 0) {
            return NULL;
        }
        if (opened) {
            takes = rm_opened_takes(pos->state, pos);
            if (takes == NULL || takes == Py_NotImplemented) {
                return takes;
            }
        }
        else {
            int none = no_take_to_use(pos);
            if (none < 0) {
                return NULL;
            }
            if (none == 0) { /* a lay-down may hold the card: the opening search (play.c) */
                takes = rm_unopened_takes(pos->state, pos);
                if (takes == NULL || takes == Py_NotImplemented) {
                    return takes;
                }
            }
        }
    }
    int take_listed = 0;
    if (!take_refused && free_take) {
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
    if (list == NULL
        || (!draw_refused && append(list, rm_names.draw) < 0)
        || (buys && !take_refused && !draw_refused && append(list, rm_names.buy) < 0)
        || (take_listed && append(list, rm_names.take_discard) < 0)
        || (takes != NULL && PyList_SetSlice(list, PY_SSIZE_T_MAX, PY_SSIZE_T_MAX, takes) < 0)) {
        Py_XDECREF(list);
        Py_XDECREF(takes);
        return NULL;
    }
    Py_XDECREF(takes);
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
    PyObject *use = rm_attr(action, rm_names.s_use);
    if (use == NULL) {
        return -1;
    }
    int kind = use == Py_None ? TAKE : NOT_DECIDED; /* a take that lays the card down */
    Py_DECREF(use);
    return kind;
}

/* Whether the slice reads `state` for `player` and the move `kind` as `position_for`
 * does: a GameState of exact type in the draw phase, `player` None or the seat to act (an
 * int, as the checker asks), and for a take a top discard taken freely (rules §4). A draw
 * and a purchase read nothing of the take mode (`draw_refused`, `buy_refused`, `_draw`,
 * `_buy`), so they are the slice's under `immediate_use` too. 1, 0, or -1 with an
 * exception set. */
static int
in_slice(PyObject *state, PyObject *player, int kind)
{
    if ((PyObject *)Py_TYPE(state) != rm_names.GameState) {
        return 0; /* a view, or no position at all */
    }
    int draw = rm_is(state, rm_names.s_phase, rm_names.phase_draw);
    if (draw <= 0) {
        return draw;
    }
    if (kind == TAKE) {
        PyObject *rules = rm_attr(state, rm_names.s_rules);
        if (rules == NULL) {
            return -1;
        }
        int free_take = rm_is(rules, rm_names.s_take_discard, rm_names.take_free);
        Py_DECREF(rules);
        if (free_take <= 0) {
            return free_take; /* a take that must lay the card down is the Python core's */
        }
    }
    return rm_player_acts(state, player);
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
    int inside = in_slice(state, player, kind);
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

/* `key` (stolen) with one card of `code` added; a new reference, or NULL. */
static PyObject *
key_plus(PyObject *key, int code)
{
    if (key == NULL) {
        return NULL;
    }
    PyObject *sum = PyNumber_Add(key, PyTuple_GetItem(rm_names.units, code));
    Py_DECREF(key);
    return sum;
}

/* `pos->hand` with `card` (of `code`) put in its place, after the cards of its code, as
 * romme/_turn/hands.py's `add` does; `pos->counts` gains the card. A new tuple or NULL. */
static PyObject *
hand_plus(rm_pos *pos, PyObject *hand, PyObject *card, int code)
{
    Py_ssize_t size = PyTuple_Size(hand);
    if (size < 0) {
        return NULL;
    }
    Py_ssize_t place = 0;
    for (int below = 0; below <= code; below++) {
        place += pos->counts[below];
    }
    pos->counts[code]++;
    PyObject *grown = PyTuple_New(size + 1);
    if (grown == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0, j = 0; j <= size; j++) {
        PyObject *item = j == place ? card : PyTuple_GetItem(hand, i++);
        Py_INCREF(item);
        PyTuple_SetItem(grown, j, item);
    }
    return grown;
}

/* The last item of the tuple attribute `name` of `obj` (a new reference, through
 * `*last`) and the tuple without it (returned, a new reference); NULL with an exception
 * set. The tuple holds an item (the checker said so). */
static PyObject *
popped(PyObject *obj, PyObject *name, PyObject **last)
{
    PyObject *cards = rm_attr(obj, name);
    if (cards == NULL) {
        return NULL;
    }
    Py_ssize_t size = PyTuple_Size(cards);
    PyObject *rest = NULL;
    if (size > 0) {
        *last = PyTuple_GetItem(cards, size - 1);
        Py_INCREF(*last);
        rest = PyTuple_GetSlice(cards, 0, size - 1);
        if (rest == NULL) {
            Py_CLEAR(*last);
        }
    }
    else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_SystemError, "a card taken from an empty pile");
    }
    Py_DECREF(cards);
    return rest;
}

/* The top card of the tuple attribute `name` of the state (the discard pile or the stock)
 * goes to the hand: `changes[name]` holds the tuple without it, `*hand` and `*key` (new
 * references, replaced) gain it, and `*card` is it (a new reference, or NULL). 0, or -1
 * with an exception set (`*hand` or `*key` may then be NULL). */
static int
to_hand(rm_pos *pos, PyObject *name, PyObject *changes, PyObject **hand, PyObject **key,
        PyObject **card)
{
    PyObject *rest = popped(pos->state, name, card);
    int code = rest == NULL ? -1 : rm_code_of(*card);
    int failed = code < 0 || PyDict_SetItem(changes, name, rest) < 0;
    Py_XDECREF(rest);
    if (failed) {
        return -1;
    }
    RM_SETREF(*hand, hand_plus(pos, *hand, *card, code));
    *key = key_plus(*key, code);
    return *hand == NULL || *key == NULL ? -1 : 0;
}

/* `changes` of the next state (the hands, stock, discard pile, turn) filled for `kind`,
 * and the next hand's key; the key (a new reference), or NULL with an exception set. */
static PyObject *
next_parts(rm_pos *pos, int kind, PyObject *changes)
{
    if (rm_read_hand(pos) < 0) {
        return NULL;
    }
    PyObject *key = rm_hand_key(pos);
    if (key == NULL) {
        return NULL;
    }
    PyObject *hand = pos->hand;
    Py_INCREF(hand);
    int failed = 0;
    if (kind == TAKE || kind == BUY) {
        /* romme/_turn/checker.py, `take` and `_buy`: the top discard goes to the hand */
        PyObject *card = NULL;
        failed = to_hand(pos, rm_names.s_discard_pile, changes, &hand, &key, &card) < 0;
        if (!failed && kind == TAKE) {
            /* turn._with_taken(taken=card, taken_in_hand=True, taken_staged=as it was) */
            PyObject *turn_changes = PyDict_New();
            PyObject *turn = NULL;
            if (turn_changes != NULL
                && PyDict_SetItem(turn_changes, rm_names.s_taken, card) == 0
                && PyDict_SetItem(turn_changes, rm_names.s_taken_in_hand, Py_True) == 0) {
                turn = rm_copy_with(rm_names.TurnState, rm_names.turn_fields, pos->turn,
                                 turn_changes);
            }
            Py_XDECREF(turn_changes);
            failed = turn == NULL || PyDict_SetItem(changes, rm_names.s_turn, turn) < 0;
            Py_XDECREF(turn);
        }
        Py_XDECREF(card);
    }
    if (!failed && (kind == DRAW || kind == BUY)) {
        /* romme/_turn/engine.py, `_carry_out`: the top stock card goes to the hand */
        PyObject *card = NULL;
        failed = to_hand(pos, rm_names.s_stock, changes, &hand, &key, &card) < 0;
        Py_XDECREF(card);
    }
    if (failed) {
        Py_XDECREF(hand);
        Py_XDECREF(key);
        return NULL;
    }
    /* romme/_turn/engine.py, `_next_state`: the seat holds the new hand */
    PyObject *seat = rm_attr(pos->state, rm_names.s_current_player);
    Py_ssize_t at = seat == NULL ? -1 : PyLong_AsSsize_t(seat);
    Py_XDECREF(seat);
    failed = at < 0 || rm_change_hand(pos->state, at, hand, changes) < 0;
    Py_DECREF(hand);
    if (failed) {
        Py_XDECREF(key);
        return NULL;
    }
    return key;
}

/* The seat a draw's claim window asks first (romme/_turn/claiming.py, `claim_window`): a
 * new reference to it, or to None where no window opens; NULL with an exception set. A
 * window opens where claims are played (`Rules.claims_played`, rules §13, read, not
 * restated), a top discard lies to claim, a stock card will be left after the draw, and
 * `romme.game.claimants` (called, so that who is asked is stated once) names a seat. */
static PyObject *
first_claimant(rm_pos *pos)
{
    int claims = rm_flag(pos->rules, rm_names.s_claims_played);
    if (claims <= 0 || pos->pile_size == 0 || pos->stock_size < 2) {
        if (claims < 0) {
            return NULL;
        }
        Py_RETURN_NONE;
    }
    PyObject *seat = rm_attr(pos->state, rm_names.s_current_player);
    PyObject *opened = seat == NULL ? NULL : rm_attr(pos->state, rm_names.s_opened);
    PyObject *dealt_in =
        opened == NULL ? NULL : rm_attr(pos->state, rm_names.s_dealt_in);
    PyObject *asked = dealt_in == NULL
                          ? NULL
                          : PyObject_CallFunctionObjArgs(rm_names.claimants, pos->rules, seat,
                                                         opened, dealt_in, NULL);
    Py_XDECREF(seat);
    Py_XDECREF(opened);
    Py_XDECREF(dealt_in);
    if (asked == NULL) {
        return NULL;
    }
    Py_ssize_t count = PyTuple_Size(asked);
    PyObject *first = count > 0 ? PyTuple_GetItem(asked, 0) : count == 0 ? Py_None : NULL;
    Py_XINCREF(first);
    Py_DECREF(asked);
    return first;
}

/* `changes` of the state after a draw that opens a claim window asking `first`
 * (`_draw`'s effect carried out by `_claim_step`): the turn with the window of the seat
 * to act, nobody asked yet, and the claim phase of the seat asked. 0, or -1 with an
 * exception set. */
static int
window_opens(rm_pos *pos, PyObject *first, PyObject *changes)
{
    PyObject *fields = PyDict_New();
    PyObject *seat = fields == NULL ? NULL : rm_attr(pos->state, rm_names.s_current_player);
    PyObject *none = seat == NULL ? NULL : PyTuple_New(0);
    int failed = none == NULL || PyDict_SetItem(fields, rm_names.s_turn_of, seat) < 0
                 || PyDict_SetItem(fields, rm_names.s_passed, none) < 0
                 || PyDict_SetItem(fields, rm_names.s_buyer, Py_None) < 0
                 || PyDict_SetItem(fields, rm_names.s_consented, none) < 0;
    PyObject *window =
        failed ? NULL : rm_copy_with(rm_names.ClaimWindow, rm_names.claim_fields, NULL, fields);
    Py_XDECREF(none);
    Py_XDECREF(seat);
    Py_XDECREF(fields);
    PyObject *turn_changes = window == NULL ? NULL : PyDict_New();
    failed = turn_changes == NULL || PyDict_SetItem(turn_changes, rm_names.s_claim, window) < 0;
    PyObject *turn = failed ? NULL
                            : rm_copy_with(rm_names.TurnState, rm_names.turn_fields, pos->turn,
                                           turn_changes);
    failed = turn == NULL || PyDict_SetItem(changes, rm_names.s_turn, turn) < 0
             || PyDict_SetItem(changes, rm_names.s_current_player, first) < 0
             || PyDict_SetItem(changes, rm_names.s_phase, rm_names.phase_claim) < 0;
    Py_XDECREF(turn);
    Py_XDECREF(turn_changes);
    Py_XDECREF(window);
    return failed ? -1 : 0;
}

PyObject *
rm_draw_phase_apply(PyObject *state, PyObject *action, PyObject *player)
{
    rm_pos pos = {0};
    PyObject *result = NULL;
    PyObject *first = NULL; /* a draw's: the seat its claim window asks first, or None */
    int kind = decide(state, action, player, &pos);
    if (kind == DRAW) {
        first = first_claimant(&pos);
        kind = first == NULL ? -1 : kind;
    }
    if (kind == NOT_DECIDED) {
        result = Py_NotImplemented;
        Py_INCREF(result);
    }
    PyObject *changes = kind > 0 ? PyDict_New() : NULL;
    if (changes != NULL) {
        PyObject *key = next_parts(&pos, kind, changes);
        if (key != NULL && first != NULL && first != Py_None) {
            /* declining the top discard opens a claim window on it (rules §13) */
            if (window_opens(&pos, first, changes) == 0) {
                result = rm_copy_with(rm_names.GameState, rm_names.state_fields, state, changes);
            }
        }
        else if (key != NULL
                 && PyDict_SetItem(changes, rm_names.s_phase, rm_names.phase_play) == 0) {
            result = rm_copy_with(rm_names.GameState, rm_names.state_fields, state, changes);
            /* the seat goes on acting: the state keeps its hand's key (`keep_hand_key`) */
            if (result != NULL && PyObject_GenericSetAttr(result, rm_names.s_coded, key) < 0) {
                Py_CLEAR(result);
            }
        }
        Py_XDECREF(key);
        Py_DECREF(changes);
    }
    Py_XDECREF(first);
    rm_pos_clear(&pos);
    return result;
}
