/* Taking a card from the table, and taking it back (mirrors romme/_turn/rearranging.py:
 * `rob` where it finds no problem, `_rob_refused`, `rob_parts` with `_run_part`, `_robbed`,
 * `restore`; romme/game's `hand_before`; romme/_turn/checker.py's `take_back_refused` and
 * `_take_back` where the turn took table cards; romme/_turn/hands.py's `add`; and
 * romme/_turn/engine.py's `apply` of their effects: `_carry_out`, `_next_state` with
 * `first_to_open_after`, `keep_hand_key`).
 *
 * The slice: a TakeFromTable in the play phase of a GameState under Räuber-Rommé
 * (`rearrange`, rules §13, ASS S. 2–3), by the seat to act, whether it has opened or not,
 * where `_rob_refused` lets a card be taken (play.c's verdict, `rm_play_rob_allowed`:
 * outside the first go-round, not after a take that may have failed, `rearrange_needs_opened`,
 * a table take left under `max_table_takes`), of a card of a table meld not staged. Its
 * verdict, and its next state, as `rob_parts` and `_robbed` build it: what is left of the
 * meld and is still a meld stays, what is not comes along into the hand with the card (ASS
 * S. 2–3: no group of fewer than three cards stays behind). A set's other cards are a set
 * as the validator judges them (romme.melds' `meld_failure`, called from C: the one
 * statement of a meld), in its order, its jokers laid this turn the last of its jokers; a
 * run's cards on either side of the card are each a run where the validator makes one of
 * them in their order (`_run_part`), its fresh places kept on their side. The part left
 * keeps the meld's place (the right one where no left one is left), a run's right part of
 * two goes last on the table, a meld that leaves nothing behind leaves the table. The hand
 * and the turn's `borrowed` hold the card and the cards that came along, in card order
 * (`hands.add`); the turn keeps the table as it was before its first take
 * (`TableBefore._of(table, opened, turn)`) and counts the take (`table_takes`); the hand's
 * packed key kept. The parts of a set whose jokers are announced (Schmidt S. 3) are
 * `rob_parts`' own, called from C.
 *
 * And a TakeBack in the play phase of a GameState, by the seat to act, in a turn that took
 * table cards (`turn.before`: `take_back_refused` finds nothing to refuse), whether the
 * seat has opened or not: `restore`'s effect, the table as it was before the first take,
 * the hand then (`hand_before`: the hand now less the cards that left the table since,
 * with those that came to it, counted by code over both tables, in card order), the seat's
 * opening then (`first_to_open_after`, called from C, where it changes), the turn then
 * counting the takes of now; the hand's packed key kept. Every refusal, and every other
 * position (a view among them), is the Python core's.
 */
#include "rearranging.h"

static struct {
    PyObject *TakeFromTable, *TableBefore, *before_fields, *Meld, *meld_failure, *set_kind,
        *run_kind;
    PyObject *TakeBack, *first_to_open_after;
    PyObject *rob_parts; /* romme._turn.rearranging.rob_parts, imported at its first use */
} rob;

int
rm_rearranging_init(void)
{
    rob.TakeFromTable = rm_module_attr("romme.game", "TakeFromTable");
    rob.TableBefore = rm_module_attr("romme.game", "TableBefore");
    rob.TakeBack = rm_module_attr("romme.game", "TakeBack");
    rob.first_to_open_after = rm_module_attr("romme.game", "first_to_open_after");
    rob.Meld = rm_module_attr("romme.melds", "Meld");
    rob.meld_failure = rm_module_attr("romme.melds", "meld_failure");
    PyObject *kind = rm_module_attr("romme.melds", "MeldKind");
    rob.set_kind = kind == NULL ? NULL : PyObject_GetAttrString(kind, "SET");
    rob.run_kind = kind == NULL ? NULL : PyObject_GetAttrString(kind, "RUN");
    Py_XDECREF(kind);
    if (rob.TakeFromTable == NULL || rob.TableBefore == NULL || rob.Meld == NULL
        || rob.meld_failure == NULL || rob.set_kind == NULL || rob.run_kind == NULL
        || rob.TakeBack == NULL || rob.first_to_open_after == NULL
        || rm_field_names(&rob.before_fields, rob.TableBefore) < 0) {
        return -1;
    }
    return 0;
}

/* A take read: the position, the table, the meld named and the card's place in it. */
typedef struct {
    rm_pos pos;
    PyObject *table;  /* strong */
    PyObject *entry;  /* borrowed (from the table): the TableMeld named */
    PyObject *meld;   /* strong: its meld */
    PyObject *cards;  /* strong: its cards */
    PyObject *opened; /* strong: the seat's `opened` flag */
    Py_ssize_t seat, target, position;
} rm_rob;

static void
rob_clear(rm_rob *take)
{
    rm_pos_clear(&take->pos);
    Py_CLEAR(take->table);
    Py_CLEAR(take->meld);
    Py_CLEAR(take->cards);
    Py_CLEAR(take->opened);
}

/* An int field of `obj`, >= 0; -1 with an exception set. */
static Py_ssize_t
index_of(PyObject *obj, PyObject *name)
{
    PyObject *value = rm_attr(obj, name);
    Py_ssize_t index = value == NULL ? -1 : PyLong_AsSsize_t(value);
    Py_XDECREF(value);
    if (index < 0 && !PyErr_Occurred()) {
        PyErr_SetString(PyExc_SystemError, "a negative index of a checked value");
    }
    return index;
}

/* `rob`'s verdict on `action` by `player` in `state`: 1 where the slice decides it and finds
 * it legal (`take` read), 0 where the Python core answers, -1 with an exception set. */
static int
decide(PyObject *state, PyObject *action, PyObject *player, rm_rob *take)
{
    int truth = rm_seat_move(state, action, rob.TakeFromTable, rm_names.phase_play, player);
    if (truth <= 0) {
        return truth;
    }
    if (rm_read_position(state, &take->pos) < 0) {
        return -1;
    }
    if ((truth = rm_flag(take->pos.rules, rm_names.s_rearrange)) != 1) {
        return truth; /* Reason.REARRANGE_OFF */
    }
    take->seat = index_of(state, rm_names.s_current_player);
    PyObject *opened = take->seat < 0 ? NULL : rm_attr(state, rm_names.s_opened);
    Py_ssize_t seats = opened == NULL ? -1 : PyTuple_Size(opened);
    take->opened = seats < 0 ? NULL : PySequence_GetItem(opened, take->seat);
    Py_XDECREF(opened);
    truth = take->opened == NULL ? -1 : PyObject_IsTrue(take->opened);
    if (truth < 0) {
        return -1;
    }
    if ((truth = rm_play_rob_allowed(take->pos.rules, take->pos.turn, seats, !truth)) != 1) {
        return truth; /* FIRST_GO_ROUND, TURN_ENDS_WITH_DISCARD, NOT_OPENED, TABLE_TAKES_SPENT */
    }
    take->table = rm_attr(state, rm_names.s_table);
    Py_ssize_t melds = take->table == NULL ? -1 : PyTuple_Size(take->table);
    take->target = melds < 0 ? -1 : index_of(action, rm_names.s_target);
    take->position = take->target < 0 ? -1 : index_of(action, rm_names.s_position);
    if (take->position < 0) {
        return -1;
    }
    if (take->target >= melds) {
        return 0; /* Reason.NO_SUCH_MELD */
    }
    take->entry = PyTuple_GetItem(take->table, take->target);
    take->meld = rm_attr(take->entry, rm_names.s_meld);
    take->cards = take->meld == NULL ? NULL : rm_attr(take->meld, rm_names.s_cards);
    Py_ssize_t size = take->cards == NULL ? -1 : PyTuple_Size(take->cards);
    if (size < 0) {
        return -1;
    }
    if (take->position >= size) {
        return 0; /* Reason.NO_SUCH_TABLE_CARD */
    }
    truth = rm_flag(take->entry, rm_names.s_staged);
    return truth < 0 ? -1 : !truth; /* Reason.STAGED_TABLE_CARD */
}

int
rm_rob_legal(PyObject *state, PyObject *action, PyObject *player)
{
    rm_rob take = {0};
    int legal = decide(state, action, player, &take);
    rob_clear(&take);
    return legal;
}

/* -- what the card's removal leaves (`rob_parts`) -------------------------------------- */

/* What is left of the meld: the left part (a set's rest), the right part, each a TableMeld
 * or NULL for none, and the cards that come along (a tuple); strong references. */
typedef struct {
    PyObject *left, *right, *along;
} rm_parts;

static void
parts_clear(rm_parts *parts)
{
    Py_CLEAR(parts->left);
    Py_CLEAR(parts->right);
    Py_CLEAR(parts->along);
}

/* `meld_failure(cards, rules, kind)`: 1 with `*meld` (a new reference) where it makes a
 * Meld, 0 where not, -1 with an exception set. */
static int
meld_of(PyObject *cards, PyObject *rules, PyObject *kind, PyObject **meld)
{
    PyObject *result = PyObject_CallFunctionObjArgs(rob.meld_failure, cards, rules, kind, NULL);
    if (result == NULL) {
        return -1;
    }
    if ((PyObject *)Py_TYPE(result) != rob.Meld) {
        Py_DECREF(result);
        return 0; /* a Failure */
    }
    *meld = result;
    return 1;
}

/* The frozenset of the places in `fresh` (a frozenset of ints) for which `keep(place)`
 * holds, each moved by `shift`; the same set where it is empty. A new reference, or NULL. */
static PyObject *
places_where(PyObject *fresh, Py_ssize_t low, Py_ssize_t high, Py_ssize_t shift)
{
    if (PyObject_Size(fresh) == 0) {
        Py_INCREF(fresh);
        return fresh;
    }
    PyObject *kept = PyList_New(0);
    PyObject *places = kept == NULL ? NULL : PyObject_GetIter(fresh);
    PyObject *item;
    while (places != NULL && (item = PyIter_Next(places)) != NULL) {
        Py_ssize_t place = PyLong_AsSsize_t(item);
        Py_DECREF(item);
        PyObject *moved = NULL;
        if ((place == -1 && PyErr_Occurred())
            || (place >= low && place < high
                && ((moved = PyLong_FromSsize_t(place - shift)) == NULL
                    || PyList_Append(kept, moved) < 0))) {
            Py_XDECREF(moved);
            Py_CLEAR(places);
            break;
        }
        Py_XDECREF(moved);
    }
    PyObject *result = places == NULL || PyErr_Occurred() ? NULL : PyFrozenSet_New(kept);
    Py_XDECREF(places);
    Py_XDECREF(kept);
    return result;
}

/* `table_meld(meld, owner, staged, fresh, announced)` of the entry read's owner and staged
 * flag: the entry with `meld`, `fresh` and `announced` (borrowed) replaced. A new
 * reference, or NULL. */
static PyObject *
entry_with(PyObject *entry, PyObject *meld, PyObject *fresh, PyObject *announced)
{
    PyObject *changes = PyDict_New();
    PyObject *made = NULL;
    if (changes != NULL && PyDict_SetItem(changes, rm_names.s_meld, meld) == 0
        && PyDict_SetItem(changes, rm_names.s_fresh, fresh) == 0
        && PyDict_SetItem(changes, rm_names.s_announced, announced) == 0) {
        made = rm_copy_with(rm_names.TableMeld, rm_names.table_fields, entry, changes);
    }
    Py_XDECREF(changes);
    return made;
}

/* A set's rest (`rob_parts`, a set): the set the validator makes of the other cards, its
 * jokers laid this turn the last of its jokers, as many as were but the card's; or, where
 * they are no set, all of them along. 0, or -1 with an exception set. */
static int
set_parts(const rm_rob *take, PyObject *announced, rm_parts *parts)
{
    Py_ssize_t size = PyTuple_Size(take->cards);
    PyObject *head = PyTuple_GetSlice(take->cards, 0, take->position);
    PyObject *tail = head == NULL ? NULL : PyTuple_GetSlice(take->cards, take->position + 1, size);
    PyObject *rest = tail == NULL ? NULL : PySequence_Concat(head, tail);
    Py_XDECREF(head);
    Py_XDECREF(tail);
    if (rest == NULL) {
        return -1;
    }
    PyObject *meld = NULL;
    int made = size - 1 >= 3 ? meld_of(rest, take->pos.rules, rob.set_kind, &meld) : 0;
    if (made <= 0) {
        parts->along = rest; /* no group of fewer than three stays behind (ASS S. 2–3) */
        return made;
    }
    Py_DECREF(rest);
    /* `count = len(entry.fresh - {position})`: the last `count` of the set's jokers */
    PyObject *fresh = rm_attr(take->entry, rm_names.s_fresh);
    PyObject *place = fresh == NULL ? NULL : PyLong_FromSsize_t(take->position);
    Py_ssize_t count = place == NULL ? -1 : PyObject_Size(fresh);
    int there = count < 0 ? -1 : PySequence_Contains(fresh, place);
    Py_XDECREF(place);
    PyObject *cards = there < 0 ? NULL : rm_attr(meld, rm_names.s_cards);
    Py_ssize_t length = cards == NULL ? -1 : PyTuple_Size(cards);
    PyObject *places = NULL;
    if (length >= 0 && count == 0) {
        places = fresh; /* `frozenset()` */
        Py_INCREF(places);
    }
    else if (length >= 0) {
        count -= there;
        Py_ssize_t jokers[14];
        Py_ssize_t found = 0;
        for (Py_ssize_t p = 0; p < length && found >= 0; p++) {
            int code = rm_code_of(PyTuple_GetItem(cards, p));
            if (code < 0) {
                found = -1;
            }
            else if (code == RM_JOKER_CODE && found < 14) {
                jokers[found++] = p;
            }
        }
        PyObject *list = found < 0 ? NULL : PyList_New(0);
        /* `jokers[len(jokers) - count:]`, a negative start counted from the end */
        Py_ssize_t start = found - count;
        if (start < 0) {
            start = start + found < 0 ? 0 : start + found;
        }
        for (Py_ssize_t i = count ? start : found; list != NULL && i < found; i++) {
            PyObject *at = PyLong_FromSsize_t(jokers[i]);
            if (at == NULL || PyList_Append(list, at) < 0) {
                Py_CLEAR(list);
            }
            Py_XDECREF(at);
        }
        places = list == NULL ? NULL : PyFrozenSet_New(list);
        Py_XDECREF(list);
    }
    Py_XDECREF(cards);
    Py_XDECREF(fresh);
    parts->left = places == NULL ? NULL : entry_with(take->entry, meld, places, announced);
    Py_XDECREF(places);
    Py_DECREF(meld);
    parts->along = parts->left == NULL ? NULL : PyTuple_New(0);
    return parts->along == NULL ? -1 : 0;
}

/* `_run_part` of `cards` (a tuple): 1 with `*meld` (new) where the validator makes a run of
 * them in this order, 0 where not (too short, no run, or a run in another order), -1. */
static int
run_part(PyObject *cards, PyObject *rules, PyObject **meld)
{
    if (PyTuple_Size(cards) < 3) {
        return 0;
    }
    int made = meld_of(cards, rules, rob.run_kind, meld);
    if (made <= 0) {
        return made;
    }
    PyObject *laid = rm_attr(*meld, rm_names.s_cards);
    int same = laid == NULL ? -1 : PyObject_RichCompareBool(laid, cards, Py_EQ);
    Py_XDECREF(laid);
    if (same <= 0) {
        Py_CLEAR(*meld);
    }
    return same;
}

/* A run's parts (`rob_parts`, a run): the cards on either side of the card, each a table
 * meld where they are a run in their order, its fresh places those on its side, else along
 * with the card. 0, or -1 with an exception set. */
static int
run_parts(const rm_rob *take, PyObject *announced, rm_parts *parts)
{
    Py_ssize_t size = PyTuple_Size(take->cards);
    PyObject *sides[2] = {PyTuple_GetSlice(take->cards, 0, take->position),
                          PyTuple_GetSlice(take->cards, take->position + 1, size)};
    PyObject **kept[2] = {&parts->left, &parts->right};
    PyObject *fresh = sides[0] == NULL || sides[1] == NULL
                          ? NULL
                          : rm_attr(take->entry, rm_names.s_fresh);
    PyObject *along = fresh == NULL ? NULL : PyList_New(0);
    int failed = along == NULL;
    for (int side = 0; !failed && side < 2; side++) {
        PyObject *meld = NULL;
        int made = run_part(sides[side], take->pos.rules, &meld);
        if (made == 0) {
            Py_ssize_t end = PyList_Size(along);
            failed = PyList_SetSlice(along, end, end, sides[side]) < 0;
            continue;
        }
        PyObject *places = made < 0 ? NULL
                           : side == 0 ? places_where(fresh, 0, take->position, 0)
                                       : places_where(fresh, take->position + 1, size,
                                                      take->position + 1);
        *kept[side] = places == NULL ? NULL : entry_with(take->entry, meld, places, announced);
        Py_XDECREF(places);
        Py_XDECREF(meld);
        failed = *kept[side] == NULL;
    }
    parts->along = failed ? NULL : PyList_AsTuple(along);
    Py_XDECREF(along);
    Py_XDECREF(fresh);
    Py_XDECREF(sides[0]);
    Py_XDECREF(sides[1]);
    return parts->along == NULL ? -1 : 0;
}

/* `rob_parts(entry, position, rules)` itself, called from C (a set whose jokers are
 * announced, Schmidt S. 3: their announcements go with them). 0, or -1. */
static int
python_parts(const rm_rob *take, rm_parts *parts)
{
    if (rob.rob_parts == NULL) {
        rob.rob_parts = rm_module_attr("romme._turn.rearranging", "rob_parts");
        if (rob.rob_parts == NULL) {
            return -1;
        }
    }
    PyObject *position = PyLong_FromSsize_t(take->position);
    PyObject *result = position == NULL ? NULL
                                        : PyObject_CallFunctionObjArgs(rob.rob_parts, take->entry,
                                                                       position, take->pos.rules,
                                                                       NULL);
    Py_XDECREF(position);
    if (result == NULL) {
        return -1;
    }
    if (!PyTuple_Check(result) || PyTuple_Size(result) != 3) {
        Py_DECREF(result);
        PyErr_SetString(PyExc_SystemError, "rob_parts gave no three parts");
        return -1;
    }
    PyObject **slots[3] = {&parts->left, &parts->right, &parts->along};
    for (int i = 0; i < 3; i++) {
        PyObject *item = PyTuple_GetItem(result, i);
        if (item != Py_None) {
            Py_INCREF(item);
            *slots[i] = item;
        }
    }
    Py_DECREF(result);
    return 0;
}

/* `rob_parts` of the take read. 0, or -1 with an exception set. */
static int
parts_of(const rm_rob *take, rm_parts *parts)
{
    PyObject *announced = rm_attr(take->entry, rm_names.s_announced);
    Py_ssize_t size = announced == NULL ? -1 : PyObject_Size(announced);
    int set = size < 0 ? -1 : rm_is(take->meld, rm_names.s_kind, rob.set_kind);
    int done = set < 0              ? -1
               : size > 0           ? python_parts(take, parts)
               : set                ? set_parts(take, announced, parts)
                                    : run_parts(take, announced, parts);
    Py_XDECREF(announced);
    return done;
}

/* -- the effect (`_robbed`) and the next state ------------------------------------------ */

/* `hands.add(cards, *extra)`: `cards` (a tuple in card order) with the `count` cards of
 * `extra` (borrowed), each after the cards of its code and those of it before it. A new
 * tuple, or NULL. */
static PyObject *
added(PyObject *cards, PyObject *const *extra, int count)
{
    Py_ssize_t size = PyTuple_Size(cards);
    int codes[14];
    int order[14]; /* `extra`'s places by code, stable */
    for (int i = 0; i < count; i++) {
        codes[i] = rm_code_of(extra[i]);
        if (codes[i] < 0) {
            return NULL;
        }
        int j = i;
        for (; j > 0 && codes[order[j - 1]] > codes[i]; j--) {
            order[j] = order[j - 1];
        }
        order[j] = i;
    }
    PyObject *result = PyTuple_New(size + count);
    for (Py_ssize_t i = 0, at = 0; result != NULL && i <= size; i++) {
        int code = RM_CODES;
        PyObject *card = i < size ? PyTuple_GetItem(cards, i) : NULL;
        if (card != NULL && (code = rm_code_of(card)) < 0) {
            Py_CLEAR(result);
            break;
        }
        for (; at - i < count && codes[order[at - i]] < code; at++) {
            PyObject *more = extra[order[at - i]];
            Py_INCREF(more);
            PyTuple_SetItem(result, at, more);
        }
        if (card != NULL) {
            Py_INCREF(card);
            PyTuple_SetItem(result, at++, card);
        }
    }
    return result;
}

/* The table once the parts lie in it (`_robbed`): the left part in the meld's place, or the
 * right one where no left one is left, or neither, the melds after it moving up; a right
 * part of two last. A new tuple, or NULL. */
static PyObject *
table_after(const rm_rob *take, rm_parts *parts)
{
    if (parts->left == NULL) {
        parts->left = parts->right;
        parts->right = NULL;
    }
    PyObject *table;
    if (parts->left == NULL) {
        PyObject *head = PyTuple_GetSlice(take->table, 0, take->target);
        PyObject *tail = head == NULL ? NULL
                                      : PyTuple_GetSlice(take->table, take->target + 1,
                                                         PyTuple_Size(take->table));
        table = tail == NULL ? NULL : PySequence_Concat(head, tail);
        Py_XDECREF(head);
        Py_XDECREF(tail);
    }
    else {
        table = rm_tuple_with(take->table, take->target, parts->left);
    }
    if (table != NULL && parts->right != NULL) {
        PyObject *last = PyTuple_Pack(1, parts->right);
        PyObject *longer = last == NULL ? NULL : PySequence_Concat(table, last);
        Py_XDECREF(last);
        RM_SETREF(table, longer);
    }
    return table;
}

/* The turn after the take (`_robbed`): the cards held from the table with `taken`, the table
 * before its first take (`TableBefore._of(table, opened, turn)`), one more take. A new
 * reference, or NULL. */
static PyObject *
turn_after(const rm_rob *take, PyObject *const *taken, int count)
{
    PyObject *turn = take->pos.turn;
    PyObject *before = rm_attr(turn, rm_names.s_before);
    if (before == Py_None) {
        PyObject *fields = PyDict_New();
        Py_DECREF(before);
        before = NULL;
        if (fields != NULL && PyDict_SetItem(fields, rm_names.s_table, take->table) == 0
            && PyDict_SetItem(fields, rm_names.s_opened, take->opened) == 0
            && PyDict_SetItem(fields, rm_names.s_turn, turn) == 0) {
            before = rm_copy_with(rob.TableBefore, rob.before_fields, NULL, fields);
        }
        Py_XDECREF(fields);
    }
    PyObject *held = before == NULL ? NULL : rm_attr(turn, rm_names.s_borrowed);
    PyObject *takes = held == NULL ? NULL : rm_attr(turn, rm_names.s_table_takes);
    PyObject *one = takes == NULL ? NULL : PyLong_FromLong(1);
    PyObject *changes = one == NULL ? NULL : PyDict_New();
    PyObject *after = NULL;
    if (changes != NULL && rm_change(changes, rm_names.s_borrowed, added(held, taken, count)) == 0
        && PyDict_SetItem(changes, rm_names.s_before, before) == 0
        && rm_change(changes, rm_names.s_table_takes, PyNumber_Add(takes, one)) == 0) {
        after = rm_copy_with(rm_names.TurnState, rm_names.turn_fields, turn, changes);
    }
    Py_XDECREF(changes);
    Py_XDECREF(one);
    Py_XDECREF(takes);
    Py_XDECREF(held);
    Py_XDECREF(before);
    return after;
}

/* The state after the take read (`_robbed`'s effect, carried out by `_next_state`): the
 * hand with the card and the cards that came along (`hands.add`), the table with the
 * parts, the turn; the seat acts on, the state keeping its packed hand (`keep_hand_key`).
 * A new reference, or NULL with an exception set. */
static PyObject *
robbed(rm_rob *take, PyObject *state)
{
    rm_parts parts = {0};
    if (parts_of(take, &parts) < 0) {
        parts_clear(&parts);
        return NULL;
    }
    Py_ssize_t along = PyTuple_Size(parts.along);
    if (along < 0 || along > 13) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_SystemError, "more cards along than a meld holds");
        }
        parts_clear(&parts);
        return NULL;
    }
    PyObject *taken[14];
    int count = 0;
    taken[count++] = PyTuple_GetItem(take->cards, take->position);
    for (Py_ssize_t i = 0; i < along; i++) {
        taken[count++] = PyTuple_GetItem(parts.along, i);
    }
    PyObject *changes = PyDict_New();
    PyObject *hand = changes == NULL ? NULL : added(take->pos.hand, taken, count);
    int failed = hand == NULL || rm_change_hand(state, take->seat, hand, changes) < 0
                 || rm_change(changes, rm_names.s_table, table_after(take, &parts)) < 0
                 || rm_change(changes, rm_names.s_turn, turn_after(take, taken, count)) < 0;
    Py_XDECREF(hand);
    /* the key: the position's, with the cards taken */
    PyObject *key = failed || rm_read_hand(&take->pos) < 0 ? NULL : rm_hand_key(&take->pos);
    for (int i = 0; key != NULL && i < count; i++) {
        int code = rm_code_of(taken[i]);
        RM_SETREF(key, code < 0 ? NULL
                                : PyNumber_Add(key, PyTuple_GetItem(rm_names.units, code)));
    }
    PyObject *result = key == NULL ? NULL
                                   : rm_copy_with(rm_names.GameState, rm_names.state_fields,
                                                  state, changes);
    if (result != NULL && PyObject_GenericSetAttr(result, rm_names.s_coded, key) < 0) {
        Py_CLEAR(result);
    }
    Py_XDECREF(key);
    Py_XDECREF(changes);
    parts_clear(&parts);
    return result;
}

PyObject *
rm_rob_apply(PyObject *state, PyObject *action, PyObject *player)
{
    rm_rob take = {0};
    int decided = decide(state, action, player, &take);
    PyObject *result = NULL;
    if (decided == 0) {
        result = Py_NotImplemented;
        Py_INCREF(result);
    }
    else if (decided > 0) {
        result = robbed(&take, state);
    }
    rob_clear(&take);
    return result;
}

/* -- the take-back of a turn that took table cards (`restore`) ----------------------- */

/* Count the card codes of the melds of `table` (a tuple of TableMeld) into `counts`. 0, or
 * -1 with an exception set. */
static int
count_table(PyObject *table, int *counts)
{
    Py_ssize_t melds = PyTuple_Size(table);
    for (Py_ssize_t i = 0; i < melds; i++) {
        PyObject *meld = rm_attr(PyTuple_GetItem(table, i), rm_names.s_meld);
        PyObject *cards = meld == NULL ? NULL : rm_attr(meld, rm_names.s_cards);
        Py_XDECREF(meld);
        Py_ssize_t size = cards == NULL ? -1 : PyTuple_Size(cards);
        for (Py_ssize_t j = 0; j < size; j++) {
            int code = rm_code_of(PyTuple_GetItem(cards, j));
            if (code < 0) {
                size = -1;
                break;
            }
            counts[code]++;
        }
        Py_XDECREF(cards);
        if (size < 0) {
            return -1;
        }
    }
    return melds < 0 ? -1 : 0;
}

/* `take_back_refused`'s verdict on the TakeBack `action` by `player` in `state` where the
 * turn took table cards (`turn.before`, Räuber-Rommé): 1 where the slice decides it, legal
 * (`pos` read, `*before` its TableBefore, a new reference), 0 where the Python core answers
 * or laying.c (no table to restore: the staged melds' take-back), -1. */
static int
decide_restore(PyObject *state, PyObject *action, PyObject *player, rm_pos *pos,
               PyObject **before)
{
    int truth = rm_seat_move(state, action, rob.TakeBack, rm_names.phase_play, player);
    if (truth <= 0) {
        return truth;
    }
    if (rm_read_position(state, pos) < 0) {
        return -1;
    }
    *before = rm_attr(pos->turn, rm_names.s_before);
    if (*before == NULL) {
        return -1;
    }
    return *before != Py_None;
}

int
rm_restore_legal(PyObject *state, PyObject *action, PyObject *player)
{
    rm_pos pos = {0};
    PyObject *before = NULL;
    int legal = decide_restore(state, action, player, &pos, &before);
    Py_XDECREF(before);
    rm_pos_clear(&pos);
    return legal;
}

/* Put into `changes` the seat's opening `then` where it differs from now (`_next_state`:
 * `opened[seat]`, and `first_to_open_after`, called from C). 0, or -1. */
static int
opened_then(PyObject *state, PyObject *seat, PyObject *then, PyObject *changes)
{
    PyObject *opened = rm_attr(state, rm_names.s_opened);
    Py_ssize_t at = opened == NULL ? -1 : PyLong_AsSsize_t(seat);
    PyObject *now = at < 0 ? NULL : PySequence_GetItem(opened, at);
    int same = now == NULL ? -1 : PyObject_RichCompareBool(now, then, Py_EQ);
    Py_XDECREF(now);
    int failed = same < 0;
    if (same == 0) {
        PyObject *first = rm_attr(state, rm_names.s_first_to_open);
        PyObject *after = first == NULL ? NULL
                                        : PyObject_CallFunctionObjArgs(rob.first_to_open_after,
                                                                       first, seat, then, NULL);
        Py_XDECREF(first);
        failed = after == NULL || rm_change(changes, rm_names.s_first_to_open, after) < 0
                 || rm_change(changes, rm_names.s_opened, rm_tuple_with(opened, at, then)) < 0;
    }
    Py_XDECREF(opened);
    return failed ? -1 : 0;
}

/* The state `restore`'s effect makes (`_carry_out`, `_next_state`): the table as it was
 * before the first take, the hand then (`hand_before`: the hand now less the cards that
 * left the table since, with those that came to it, in card order), the seat's opening
 * then, the turn then counting the takes of now; the seat acts on, the state keeping its
 * packed hand. A new reference, Py_NotImplemented (new) where the hand lacks a card that
 * left the table (no position's: the Python core's AssertionError), or NULL. */
static PyObject *
restored(PyObject *state, rm_pos *pos, PyObject *before)
{
    int now[RM_CODES] = {0}, then[RM_CODES] = {0}, counts[RM_CODES];
    PyObject *table = rm_attr(state, rm_names.s_table);
    PyObject *old = table == NULL ? NULL : rm_attr(before, rm_names.s_table);
    int failed = old == NULL || count_table(table, now) < 0 || count_table(old, then) < 0
                 || rm_read_hand(pos) < 0;
    Py_XDECREF(table);
    Py_ssize_t size = 0;
    for (int code = 0; !failed && code < RM_CODES; code++) {
        counts[code] = pos->counts[code] + now[code] - then[code];
        if (counts[code] < 0) {
            Py_DECREF(old);
            Py_RETURN_NOTIMPLEMENTED;
        }
        size += counts[code];
    }
    PyObject *hand = failed ? NULL : PyTuple_New(size);
    PyObject *key = hand == NULL ? NULL : PyLong_FromLong(0);
    for (int code = 0, at = 0; key != NULL && code < RM_CODES; code++) {
        for (int n = 0; key != NULL && n < counts[code]; n++) {
            PyObject *card = PyTuple_GetItem(rm_names.cards, code);
            Py_INCREF(card);
            PyTuple_SetItem(hand, at++, card);
            RM_SETREF(key, PyNumber_Add(key, PyTuple_GetItem(rm_names.units, code)));
        }
    }
    PyObject *changes = key == NULL ? NULL : PyDict_New();
    PyObject *seat = changes == NULL ? NULL : rm_attr(state, rm_names.s_current_player);
    PyObject *opened = seat == NULL ? NULL : rm_attr(before, rm_names.s_opened);
    PyObject *turn = opened == NULL ? NULL : rm_attr(before, rm_names.s_turn);
    PyObject *takes = turn == NULL ? NULL : rm_attr(pos->turn, rm_names.s_table_takes);
    PyObject *turn_changes = takes == NULL ? NULL : PyDict_New();
    failed = turn_changes == NULL
             || rm_change_hand(state, PyLong_AsSsize_t(seat), hand, changes) < 0
             || PyDict_SetItem(changes, rm_names.s_table, old) < 0
             || opened_then(state, seat, opened, changes) < 0
             || PyDict_SetItem(turn_changes, rm_names.s_table_takes, takes) < 0
             || rm_change(changes, rm_names.s_turn,
                       rm_copy_with(rm_names.TurnState, rm_names.turn_fields, turn,
                                    turn_changes)) < 0;
    Py_XDECREF(turn_changes);
    Py_XDECREF(takes);
    Py_XDECREF(turn);
    Py_XDECREF(opened);
    Py_XDECREF(seat);
    Py_XDECREF(hand);
    Py_XDECREF(old);
    PyObject *result = failed ? NULL
                              : rm_copy_with(rm_names.GameState, rm_names.state_fields, state,
                                             changes);
    if (result != NULL && PyObject_GenericSetAttr(result, rm_names.s_coded, key) < 0) {
        Py_CLEAR(result);
    }
    Py_XDECREF(key);
    Py_XDECREF(changes);
    return result;
}

PyObject *
rm_restore_apply(PyObject *state, PyObject *action, PyObject *player)
{
    rm_pos pos = {0};
    PyObject *before = NULL;
    int decided = decide_restore(state, action, player, &pos, &before);
    PyObject *result = NULL;
    if (decided == 0) {
        result = Py_NotImplemented;
        Py_INCREF(result);
    }
    else if (decided > 0) {
        result = restored(state, &pos, before);
    }
    Py_XDECREF(before);
    rm_pos_clear(&pos);
    return result;
}
