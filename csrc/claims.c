/* The claim window (mirrors romme/_turn/claiming.py: `claim_answers`, `_claim_refused`
 * where it finds no problem, `claim_effect`, `_answered`; and romme/_turn/engine.py's
 * `apply` of an answer: `_carry_out`, `_next_state`, `_claim_step`).
 *
 * The slice: a GameState in the claim phase (knocking or buying, rules §13), answered by
 * the seat asked. Its moves: a knock (``knocking``), a purchase (``buying``) and a pass
 * while nobody is buying the card, a consent and a refusal while somebody is (ASS S. 3),
 * in that order. Their verdict, and the next state: the window goes on asking the seat
 * that `romme.game.asked_seat` names (called from C, so that the order of the seats asked
 * is stated once), or closes, the top discard and the top stock card going to the seat
 * that knocked or bought it, and the seat whose turn it is plays on. Every refusal is the
 * Python core's.
 */
#include "position.h"

/* The answers of a claim window, in the generator's order (`claiming._ANSWERS`). */
enum { KNOCK = 1, BUY, PASS, CONSENT, REFUSE };

/* Which answer `action` is, or 0 for none. */
static int
answer_kind(PyObject *action)
{
    PyTypeObject *type = Py_TYPE(action);
    if (type == Py_TYPE(rm_names.knock)) {
        return KNOCK;
    }
    if (type == Py_TYPE(rm_names.buy)) {
        return BUY;
    }
    if (type == Py_TYPE(rm_names.pass)) {
        return PASS;
    }
    if (type == Py_TYPE(rm_names.consent)) {
        return CONSENT;
    }
    if (type == Py_TYPE(rm_names.refuse)) {
        return REFUSE;
    }
    return 0;
}

/* The answer value of each kind, as the generator lists it. */
static PyObject *
answer_value(int kind)
{
    switch (kind) {
    case KNOCK:
        return rm_names.knock;
    case BUY:
        return rm_names.buy;
    case PASS:
        return rm_names.pass;
    case CONSENT:
        return rm_names.consent;
    default:
        return rm_names.refuse;
    }
}

/* The window of the claim phase read from `turn` (`turn.claim`, a new reference) and
 * whether somebody is buying the card; NULL with an exception set. */
static PyObject *
open_window(PyObject *turn, int *pending)
{
    PyObject *claim = rm_attr(turn, rm_names.s_claim);
    if (claim == NULL) {
        return NULL;
    }
    if (claim == Py_None) {
        Py_DECREF(claim);
        PyErr_SetString(PyExc_SystemError, "a claim phase without its window");
        return NULL;
    }
    PyObject *buyer = rm_attr(claim, rm_names.s_buyer);
    if (buyer == NULL) {
        Py_DECREF(claim);
        return NULL;
    }
    *pending = buyer != Py_None;
    Py_DECREF(buyer);
    return claim;
}

/* `_claim_refused` finds no problem with the answer `kind`, the window's purchase
 * `pending` or not: 1, 0 (the Python core's refusal), -1 with an exception set. */
static int
answer_allowed(PyObject *rules, int kind, int pending)
{
    if (kind == CONSENT || kind == REFUSE) {
        return pending; /* else Reason.NO_PURCHASE */
    }
    if (pending) {
        return 0; /* Reason.CONSENT_PENDING */
    }
    if (kind == KNOCK) {
        return rm_flag(rules, rm_names.s_knocking); /* else Reason.CLAIM_NOT_PLAYED */
    }
    if (kind == BUY) {
        return rm_flag(rules, rm_names.s_buying);
    }
    return 1;
}

/* Whether `state` is a GameState in the claim phase: 1, 0, or -1 with an exception set. */
static int
claim_phase(PyObject *state)
{
    if ((PyObject *)Py_TYPE(state) != rm_names.GameState) {
        return 0;
    }
    return rm_is(state, rm_names.s_phase, rm_names.phase_claim);
}

PyObject *
rm_claim_phase_moves(PyObject *state)
{
    PyObject *rules = rm_attr(state, rm_names.s_rules);
    PyObject *turn = rules == NULL ? NULL : rm_attr(state, rm_names.s_turn);
    int pending = 0;
    PyObject *claim = turn == NULL ? NULL : open_window(turn, &pending);
    PyObject *list = claim == NULL ? NULL : PyList_New(0);
    for (int kind = KNOCK; list != NULL && kind <= REFUSE; kind++) {
        int allowed = answer_allowed(rules, kind, pending);
        if (allowed < 0 || (allowed && PyList_Append(list, answer_value(kind)) < 0)) {
            Py_CLEAR(list);
        }
    }
    PyObject *moves = list == NULL ? NULL : PyList_AsTuple(list);
    Py_XDECREF(list);
    Py_XDECREF(claim);
    Py_XDECREF(turn);
    Py_XDECREF(rules);
    return moves;
}

/* The slice's verdict on `action` by `player` in `state`: the answer's kind where it
 * decides the answer and finds it legal, with the state's rules, turn and window read
 * (new references, through the pointers), 0 where the Python core answers, -1 with an
 * exception set. */
static int
decide(PyObject *state, PyObject *action, PyObject *player, PyObject **rules, PyObject **turn,
       PyObject **claim)
{
    int kind = answer_kind(action);
    if (kind == 0) {
        return 0;
    }
    int inside = claim_phase(state);
    if (inside > 0) {
        inside = rm_player_acts(state, player);
    }
    if (inside <= 0) {
        return inside;
    }
    int pending = 0;
    *rules = rm_attr(state, rm_names.s_rules);
    *turn = *rules == NULL ? NULL : rm_attr(state, rm_names.s_turn);
    *claim = *turn == NULL ? NULL : open_window(*turn, &pending);
    if (*claim == NULL) {
        return -1;
    }
    int allowed = answer_allowed(*rules, kind, pending);
    return allowed <= 0 ? allowed : kind;
}

int
rm_claim_legal(PyObject *state, PyObject *action, PyObject *player)
{
    PyObject *rules = NULL, *turn = NULL, *claim = NULL;
    int kind = decide(state, action, player, &rules, &turn, &claim);
    Py_XDECREF(rules);
    Py_XDECREF(turn);
    Py_XDECREF(claim);
    return kind < 0 ? -1 : kind > 0;
}

/* `tuple` (a tuple of ints) with `item` (an int) appended: a new tuple, or NULL. */
static PyObject *
appended(PyObject *tuple, PyObject *item)
{
    PyObject *one = PyTuple_Pack(1, item);
    PyObject *longer = one == NULL ? NULL : PySequence_Concat(tuple, one);
    Py_XDECREF(one);
    return longer;
}

/* The window after the answer `kind` by `seat` (`claim_effect`'s `_trusted_window`): a new
 * ClaimWindow, or NULL with an exception set. Buying names the buyer and no consent yet;
 * a pass and a consent add the seat to those that passed or consented. */
static PyObject *
window_after(PyObject *claim, int kind, PyObject *seat)
{
    PyObject *changes = PyDict_New();
    if (changes == NULL) {
        return NULL;
    }
    PyObject *name = kind == PASS ? rm_names.s_passed : rm_names.s_consented;
    PyObject *value;
    if (kind == BUY) {
        value = PyTuple_New(0);
    }
    else {
        PyObject *before = rm_attr(claim, name);
        value = before == NULL ? NULL : appended(before, seat);
        Py_XDECREF(before);
    }
    int failed = value == NULL || PyDict_SetItem(changes, name, value) < 0
                 || (kind == BUY && PyDict_SetItem(changes, rm_names.s_buyer, seat) < 0);
    Py_XDECREF(value);
    PyObject *window =
        failed ? NULL
               : rm_copy_with(rm_names.ClaimWindow, rm_names.claim_fields, claim, changes);
    Py_DECREF(changes);
    return window;
}

/* `state`'s tuple attribute `name` without its last item, put into `changes`; that item
 * (a new reference), or NULL with an exception set. */
static PyObject *
pop_into(PyObject *state, PyObject *name, PyObject *changes)
{
    PyObject *cards = rm_attr(state, name);
    if (cards == NULL) {
        return NULL;
    }
    Py_ssize_t size = PyTuple_Size(cards);
    PyObject *rest = size > 0 ? PyTuple_GetSlice(cards, 0, size - 1) : NULL;
    PyObject *top = rest == NULL ? NULL : PyTuple_GetItem(cards, size - 1);
    if (size == 0) {
        PyErr_SetString(PyExc_SystemError, "a claim given from an empty pile or stock");
    }
    if (top != NULL && PyDict_SetItem(changes, name, rest) == 0) {
        Py_INCREF(top);
    }
    else {
        top = NULL;
    }
    Py_XDECREF(rest);
    Py_DECREF(cards);
    return top;
}

/* `list` (cards in card order) with `card` put in its place: after every card whose code
 * is not above its own, as a stable sort by code puts it. 0, or -1 with an exception set. */
static int
insert_in_order(PyObject *list, PyObject *card)
{
    int code = rm_code_of(card);
    Py_ssize_t place = PyList_Size(list);
    if (code < 0 || place < 0) {
        return -1;
    }
    while (place > 0) {
        int below = rm_code_of(PyList_GetItem(list, place - 1));
        if (below < 0) {
            return -1;
        }
        if (below <= code) {
            break;
        }
        place--;
    }
    return PyList_Insert(list, place, card);
}

/* `hand` (a tuple of cards in card order) with `first` and then `second` added, in card
 * order (romme/_turn/hands.py, `add` of two cards: a stable sort by code): a new tuple,
 * or NULL with an exception set. */
static PyObject *
hand_with_two(PyObject *hand, PyObject *first, PyObject *second)
{
    PyObject *list = PySequence_List(hand);
    if (list == NULL || insert_in_order(list, first) < 0 || insert_in_order(list, second) < 0) {
        Py_XDECREF(list);
        return NULL;
    }
    PyObject *grown = PyList_AsTuple(list);
    Py_DECREF(list);
    return grown;
}

/* `changes` of the state as the window closes: the top discard and then the top stock
 * card go to `gives` (None for nobody), and the seat whose turn it is (`turn_of`) plays
 * on. 0, or -1 with an exception set. */
static int
window_closes(PyObject *state, PyObject *claim, PyObject *gives, PyObject *changes)
{
    if (gives != Py_None) {
        PyObject *discard = pop_into(state, rm_names.s_discard_pile, changes);
        PyObject *drawn = discard == NULL ? NULL : pop_into(state, rm_names.s_stock, changes);
        PyObject *hands = drawn == NULL ? NULL : rm_attr(state, rm_names.s_hands);
        Py_ssize_t at = hands == NULL ? -1 : PyLong_AsSsize_t(gives);
        PyObject *hand = at < 0 ? NULL : PyTuple_GetItem(hands, at);
        PyObject *grown = hand == NULL ? NULL : hand_with_two(hand, discard, drawn);
        int failed = grown == NULL || rm_change_hand(state, at, grown, changes) < 0;
        Py_XDECREF(grown);
        Py_XDECREF(hands);
        Py_XDECREF(drawn);
        Py_XDECREF(discard);
        if (failed) {
            return -1;
        }
    }
    PyObject *turn_of = rm_attr(claim, rm_names.s_turn_of);
    int failed = turn_of == NULL || PyDict_SetItem(changes, rm_names.s_current_player, turn_of) < 0
                 || PyDict_SetItem(changes, rm_names.s_phase, rm_names.phase_play) < 0;
    Py_XDECREF(turn_of);
    return failed ? -1 : 0;
}

/* `changes` of the state after the answer `kind` by the seat asked (`claim_effect`, then
 * `_claim_step`): the turn with the window after it, or with none once it closes. 0, or
 * -1 with an exception set. */
static int
answered(PyObject *state, PyObject *rules, PyObject *turn, PyObject *claim, int kind,
         PyObject *changes)
{
    PyObject *seat = rm_attr(state, rm_names.s_current_player);
    if (seat == NULL) {
        return -1;
    }
    PyObject *window = NULL; /* the window after the answer, while it stays open */
    PyObject *gives = Py_None;
    PyObject *ask = NULL;
    int failed = 0;
    if (kind == KNOCK) {
        gives = seat; /* the knocker gets the card (and a penalty card) */
    }
    else if (kind != REFUSE) {
        window = window_after(claim, kind, seat);
        PyObject *opened = window == NULL ? NULL : rm_attr(state, rm_names.s_opened);
        PyObject *dealt_in =
            opened == NULL ? NULL : rm_attr(state, rm_names.s_dealt_in);
        ask = dealt_in == NULL ? NULL
                               : PyObject_CallFunctionObjArgs(rm_names.asked_seat, rules,
                                                              window, opened, dealt_in, NULL);
        Py_XDECREF(opened);
        Py_XDECREF(dealt_in);
        failed = ask == NULL;
        if (!failed && ask == Py_None) {
            /* every seat passed (the card stays), or consented (the buyer gets it) */
            PyObject *buyer = rm_attr(window, rm_names.s_buyer);
            failed = buyer == NULL;
            if (!failed) {
                gives = buyer;
                Py_DECREF(buyer); /* the window holds it while it lives */
            }
        }
    }
    int opens = !failed && ask != NULL && ask != Py_None;
    PyObject *turn_changes = failed ? NULL : PyDict_New();
    failed = turn_changes == NULL
             || PyDict_SetItem(turn_changes, rm_names.s_claim, opens ? window : Py_None) < 0;
    PyObject *next_turn =
        failed ? NULL : rm_copy_with(rm_names.TurnState, rm_names.turn_fields, turn, turn_changes);
    failed = next_turn == NULL || PyDict_SetItem(changes, rm_names.s_turn, next_turn) < 0;
    if (!failed && opens) {
        failed = PyDict_SetItem(changes, rm_names.s_current_player, ask) < 0
                 || PyDict_SetItem(changes, rm_names.s_phase, rm_names.phase_claim) < 0;
    }
    else if (!failed) {
        failed = window_closes(state, claim, gives, changes) < 0;
    }
    Py_XDECREF(next_turn);
    Py_XDECREF(turn_changes);
    Py_XDECREF(ask);
    Py_XDECREF(window);
    Py_DECREF(seat);
    return failed ? -1 : 0;
}

/* Where the seat that answered acts on in `after` (the seat whose turn it is, refusing or
 * consenting last: its play phase), `after` keeps that seat's packed hand, unchanged by
 * the answer, as `_carry_out` keeps it (`keep_hand_key`). 0, or -1 with an exception set. */
static int
keeps_seat(PyObject *state, PyObject *after)
{
    PyObject *seat = rm_attr(state, rm_names.s_current_player);
    PyObject *next = seat == NULL ? NULL : rm_attr(after, rm_names.s_current_player);
    int same = next == NULL ? -1 : PyObject_RichCompareBool(seat, next, Py_EQ);
    Py_XDECREF(seat);
    Py_XDECREF(next);
    if (same <= 0) {
        return same;
    }
    rm_pos pos = {0};
    PyObject *key = NULL;
    if (rm_read_position(state, &pos) == 0 && rm_read_hand(&pos) == 0) {
        key = rm_hand_key(&pos);
    }
    int failed = key == NULL || PyObject_GenericSetAttr(after, rm_names.s_coded, key) < 0;
    Py_XDECREF(key);
    rm_pos_clear(&pos);
    return failed ? -1 : 0;
}

PyObject *
rm_claim_apply(PyObject *state, PyObject *action, PyObject *player)
{
    PyObject *rules = NULL, *turn = NULL, *claim = NULL, *result = NULL;
    int kind = decide(state, action, player, &rules, &turn, &claim);
    if (kind == 0) {
        result = Py_NotImplemented;
        Py_INCREF(result);
    }
    PyObject *changes = kind > 0 ? PyDict_New() : NULL;
    if (changes != NULL) {
        if (answered(state, rules, turn, claim, kind, changes) == 0) {
            result = rm_copy_with(rm_names.GameState, rm_names.state_fields, state, changes);
        }
        Py_DECREF(changes);
    }
    if (result != NULL && result != Py_NotImplemented && keeps_seat(state, result) < 0) {
        Py_CLEAR(result);
    }
    Py_XDECREF(rules);
    Py_XDECREF(turn);
    Py_XDECREF(claim);
    return result;
}
