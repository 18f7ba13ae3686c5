/* The coded position (mirrors romme/_turn/position.py: `read_position`, for a
 * GameState, or for the PlayerView of the seat to act; the seat to act is its current
 * player, as `seats_to_act` says for every phase but the round's end, which no slice
 * reads). */
#include "position.h"

rm_names_t rm_names;

int
rm_intern(PyObject **slot, const char *name)
{
    *slot = PyUnicode_InternFromString(name);
    return *slot == NULL ? -1 : 0;
}

PyObject *
rm_module_attr(const char *module, const char *name)
{
    PyObject *mod = PyImport_ImportModule(module);
    PyObject *found = mod == NULL ? NULL : PyObject_GetAttrString(mod, name);
    Py_XDECREF(mod);
    return found;
}

/* `getattr(import(module), name)`, and `.member` of that if `member` is given. */
static int
lookup(PyObject **slot, const char *module, const char *name, const char *member)
{
    PyObject *found = rm_module_attr(module, name);
    if (found == NULL) {
        return -1;
    }
    if (member != NULL) {
        PyObject *value = PyObject_GetAttrString(found, member);
        Py_DECREF(found);
        found = value;
        if (found == NULL) {
            return -1;
        }
    }
    *slot = found;
    return 0;
}

/* A value of an action class, built by calling the class with no arguments. */
static int
action(PyObject **slot, const char *name)
{
    PyObject *cls;
    if (lookup(&cls, "romme.game", name, NULL) < 0) {
        return -1;
    }
    *slot = PyObject_CallNoArgs(cls);
    Py_DECREF(cls);
    return *slot == NULL ? -1 : 0;
}

/* The Card of each code, `romme.cards.Card.from_code(code)` for codes 0 to 52, as a new
 * tuple in `slot`: 0, or -1 with an exception set. */
static int
card_table(PyObject **slot)
{
    PyObject *card_class;
    if (lookup(&card_class, "romme.cards", "Card", NULL) < 0) {
        return -1;
    }
    PyObject *from_code = PyObject_GetAttrString(card_class, "from_code");
    Py_DECREF(card_class);
    *slot = from_code == NULL ? NULL : PyTuple_New(RM_CODES);
    for (Py_ssize_t code = 0; *slot != NULL && code < RM_CODES; code++) {
        PyObject *number = PyLong_FromSsize_t(code);
        PyObject *card =
            number == NULL ? NULL : PyObject_CallFunctionObjArgs(from_code, number, NULL);
        Py_XDECREF(number);
        if (card == NULL || PyTuple_SetItem(*slot, code, card) < 0) { /* steals `card` */
            Py_CLEAR(*slot);
            break;
        }
    }
    Py_XDECREF(from_code);
    return *slot == NULL ? -1 : 0;
}

/* The names of the attrs fields of `cls`, in order, as a tuple of interned strings. */
static int
field_names(PyObject **slot, PyObject *cls)
{
    PyObject *fields;
    if (lookup(&fields, "attrs", "fields", NULL) < 0) {
        return -1;
    }
    PyObject *found = PyObject_CallFunctionObjArgs(fields, cls, NULL);
    Py_DECREF(fields);
    if (found == NULL) {
        return -1;
    }
    Py_ssize_t size = PyObject_Size(found);
    PyObject *names = size < 0 ? NULL : PyTuple_New(size);
    for (Py_ssize_t i = 0; names != NULL && i < size; i++) {
        PyObject *field = PySequence_GetItem(found, i);
        PyObject *name = field == NULL ? NULL : PyObject_GetAttrString(field, "name");
        Py_XDECREF(field);
        if (name != NULL) {
            PyUnicode_InternInPlace(&name);
        }
        if (name == NULL || PyTuple_SetItem(names, i, name) < 0) {
            Py_CLEAR(names);
        }
    }
    Py_DECREF(found);
    *slot = names;
    return names == NULL ? -1 : 0;
}

/* `field_names` for the other files (position.h). */
int
rm_field_names(PyObject **slot, PyObject *cls)
{
    return field_names(slot, cls);
}

int
rm_names_init(void)
{
    if (rm_intern(&rm_names.s_phase, "phase") < 0 || rm_intern(&rm_names.s_rules, "rules") < 0
        || rm_intern(&rm_names.s_hands, "hands") < 0
        || rm_intern(&rm_names.s_current_player, "current_player") < 0
        || rm_intern(&rm_names.s_stock, "stock") < 0
        || rm_intern(&rm_names.s_discard_pile, "discard_pile") < 0
        || rm_intern(&rm_names.s_turn, "turn") < 0 || rm_intern(&rm_names.s_code, "code") < 0
        || rm_intern(&rm_names.s_take_discard, "take_discard") < 0
        || rm_intern(&rm_names.s_next_player_buys, "next_player_buys") < 0
        || rm_intern(&rm_names.s_last_card_stock_only, "last_card_stock_only") < 0
        || rm_intern(&rm_names.s_rediscard_taken, "rediscard_taken") < 0
        || rm_intern(&rm_names.s_joker_discard, "joker_discard") < 0
        || rm_intern(&rm_names.s_to_go_out, "to_go_out") < 0
        || rm_intern(&rm_names.s_claims_played, "claims_played") < 0
        || rm_intern(&rm_names.s_use, "use") < 0
        || rm_intern(&rm_names.s_coded, "_coded") < 0 || rm_intern(&rm_names.s_taken, "taken") < 0
        || rm_intern(&rm_names.s_taken_in_hand, "taken_in_hand") < 0
        || rm_intern(&rm_names.s_card, "card") < 0 || rm_intern(&rm_names.s_table, "table") < 0
        || rm_intern(&rm_names.s_staged, "staged") < 0 || rm_intern(&rm_names.s_fresh, "fresh") < 0
        || rm_intern(&rm_names.s_borrowed, "borrowed") < 0
        || rm_intern(&rm_names.s_opened, "opened") < 0
        || rm_intern(&rm_names.s_dealt_in, "dealt_in") < 0
        || rm_intern(&rm_names.s_number, "number") < 0
        || rm_intern(&rm_names.s_jokers_only_ends_round, "jokers_only_ends_round") < 0
        || rm_intern(&rm_names.s_claim, "claim") < 0 || rm_intern(&rm_names.s_buyer, "buyer") < 0
        || rm_intern(&rm_names.s_passed, "passed") < 0
        || rm_intern(&rm_names.s_consented, "consented") < 0
        || rm_intern(&rm_names.s_turn_of, "turn_of") < 0
        || rm_intern(&rm_names.s_knocking, "knocking") < 0
        || rm_intern(&rm_names.s_buying, "buying") < 0 || rm_intern(&rm_names.s_hand, "hand") < 0
        || rm_intern(&rm_names.s_stock_size, "stock_size") < 0
        || rm_intern(&rm_names.s_player, "player") < 0
        || rm_intern(&rm_names.s_before, "before") < 0
        || rm_intern(&rm_names.s_rearrange, "rearrange") < 0
        || rm_intern(&rm_names.s_table_takes, "table_takes") < 0
        || rm_intern(&rm_names.s_target, "target") < 0 || rm_intern(&rm_names.s_meld, "meld") < 0
        || rm_intern(&rm_names.s_cards, "cards") < 0 || rm_intern(&rm_names.s_kind, "kind") < 0
        || rm_intern(&rm_names.s_position, "position") < 0
        || rm_intern(&rm_names.s_announce, "announce") < 0
        || rm_intern(&rm_names.s_announced, "announced") < 0
        || rm_intern(&rm_names.s_side, "side") < 0 || rm_intern(&rm_names.s_jokers, "jokers") < 0
        || rm_intern(&rm_names.s_laid_off, "laid_off") < 0
        || rm_intern(&rm_names.s_taken_staged, "taken_staged") < 0
        || rm_intern(&rm_names.s_first_to_open, "first_to_open") < 0
        || rm_intern(&rm_names.s_opened_before, "opened_before") < 0
        || rm_intern(&rm_names.s_discard_to_go_out, "discard_to_go_out") < 0
        || rm_intern(&rm_names.s_swapped_joker, "swapped_joker") < 0
        || rm_intern(&rm_names.s_swap_back_same_meld, "swap_back_same_meld") < 0
        || rm_intern(&rm_names.s_opening, "opening") < 0
        || rm_intern(&rm_names.s_allows_jokers, "allows_jokers") < 0
        || rm_intern(&rm_names.s_shortfall, "shortfall") < 0
        || rm_intern(&rm_names.s_points, "points") < 0
        || rm_intern(&rm_names.s_indirect_only, "indirect_layoff_only_to_go_out") < 0
        || rm_intern(&rm_names.s_waives, "hand_romme_waives_threshold") < 0) {
        return -1;
    }
    if (lookup(&rm_names.GameState, "romme.game", "GameState", NULL) < 0
        || lookup(&rm_names.PlayerView, "romme.game", "PlayerView", NULL) < 0
        || lookup(&rm_names.TurnState, "romme.game", "TurnState", NULL) < 0
        || lookup(&rm_names.phase_draw, "romme.game", "Phase", "DRAW") < 0
        || lookup(&rm_names.phase_play, "romme.game", "Phase", "PLAY") < 0
        || lookup(&rm_names.Discard, "romme.game", "Discard", NULL) < 0
        || lookup(&rm_names.ClaimWindow, "romme.game", "ClaimWindow", NULL) < 0
        || lookup(&rm_names.TableMeld, "romme.game", "TableMeld", NULL) < 0
        || lookup(&rm_names.phase_claim, "romme.game", "Phase", "CLAIM") < 0
        || lookup(&rm_names.asked_seat, "romme.game", "asked_seat", NULL) < 0
        || lookup(&rm_names.claimants, "romme.game", "claimants", NULL) < 0
        || lookup(&rm_names.turn_begun, "romme._turn.engine", "turn_begun", NULL) < 0
        || lookup(&rm_names.object_new, "builtins", "object", "__new__") < 0
        || lookup(&rm_names.units, "romme.melds._search.packed", "UNITS", NULL) < 0
        || lookup(&rm_names.take_free, "romme.rules", "TakeDiscardMode", "FREE") < 0
        || lookup(&rm_names.joker_last_card_only, "romme.rules", "JokerDiscard",
                  "LAST_CARD_ONLY") < 0) {
        return -1;
    }
    if (action(&rm_names.draw, "Draw") < 0 || action(&rm_names.take_discard, "TakeDiscard") < 0
        || action(&rm_names.buy, "Buy") < 0 || action(&rm_names.knock, "Knock") < 0
        || action(&rm_names.pass, "Pass") < 0 || action(&rm_names.consent, "Consent") < 0
        || action(&rm_names.refuse, "Refuse") < 0
        || action(&rm_names.take_back, "TakeBack") < 0 || card_table(&rm_names.cards) < 0) {
        return -1;
    }
    if (field_names(&rm_names.state_fields, rm_names.GameState) < 0
        || field_names(&rm_names.turn_fields, rm_names.TurnState) < 0
        || field_names(&rm_names.claim_fields, rm_names.ClaimWindow) < 0
        || field_names(&rm_names.table_fields, rm_names.TableMeld) < 0) {
        return -1;
    }
    if (!PyTuple_Check(rm_names.units) || PyTuple_Size(rm_names.units) != RM_CODES) {
        PyErr_SetString(PyExc_SystemError, "romme.melds' UNITS is not a tuple of 53 ints");
        return -1;
    }
    return 0;
}

int
rm_flag(PyObject *obj, PyObject *name)
{
    PyObject *value = rm_attr(obj, name);
    if (value == NULL) {
        return -1;
    }
    int truth = PyObject_IsTrue(value);
    Py_DECREF(value);
    return truth;
}

int
rm_is(PyObject *obj, PyObject *name, PyObject *expected)
{
    PyObject *value = rm_attr(obj, name);
    if (value == NULL) {
        return -1;
    }
    int same = value == expected;
    Py_DECREF(value);
    return same;
}

/* The length of the tuple attribute `name` of `obj`, and with `last` its last item's
 * card code (-1 if empty); -1 with an exception set. */
static Py_ssize_t
tuple_size(PyObject *obj, PyObject *name, int *last)
{
    PyObject *value = rm_attr(obj, name);
    if (value == NULL) {
        return -1;
    }
    Py_ssize_t size = PyObject_Size(value);
    if (size >= 0 && last != NULL) {
        *last = -1;
        if (size > 0) {
            PyObject *card = PySequence_GetItem(value, size - 1);
            PyObject *code = card == NULL ? NULL : rm_attr(card, rm_names.s_code);
            Py_XDECREF(card);
            long number = code == NULL ? -1 : PyLong_AsLong(code);
            Py_XDECREF(code);
            if (number == -1 && PyErr_Occurred()) {
                size = -1;
            }
            else {
                *last = (int)number;
            }
        }
    }
    Py_DECREF(value);
    return size;
}

int
rm_read_position(PyObject *state, rm_pos *pos)
{
    pos->state = state;
    pos->rules = rm_attr(state, rm_names.s_rules);
    if (pos->rules == NULL) {
        return -1;
    }
    pos->turn = rm_attr(state, rm_names.s_turn);
    if (pos->turn == NULL) {
        return -1;
    }
    if ((PyObject *)Py_TYPE(state) == rm_names.PlayerView) {
        /* the view of the seat to act: its own hand, and the stock by its size */
        pos->hand = rm_attr(state, rm_names.s_hand);
        pos->hand_size = pos->hand == NULL ? -1 : PyObject_Size(pos->hand);
        PyObject *stock_size = pos->hand_size < 0 ? NULL : rm_attr(state, rm_names.s_stock_size);
        pos->stock_size = stock_size == NULL ? -1 : PyLong_AsSsize_t(stock_size);
        Py_XDECREF(stock_size);
        if (pos->stock_size < 0) {
            return -1;
        }
        pos->pile_size = tuple_size(state, rm_names.s_discard_pile, &pos->top_discard);
        return pos->pile_size < 0 ? -1 : 0;
    }
    PyObject *hands = rm_attr(state, rm_names.s_hands);
    if (hands == NULL) {
        return -1;
    }
    PyObject *seat = rm_attr(state, rm_names.s_current_player);
    if (seat == NULL) {
        Py_DECREF(hands);
        return -1;
    }
    pos->hand = PyObject_GetItem(hands, seat);
    Py_DECREF(seat);
    Py_DECREF(hands);
    if (pos->hand == NULL) {
        return -1;
    }
    pos->hand_size = PyObject_Size(pos->hand);
    if (pos->hand_size < 0) {
        return -1;
    }
    pos->pile_size = tuple_size(state, rm_names.s_discard_pile, &pos->top_discard);
    if (pos->pile_size < 0) {
        return -1;
    }
    pos->stock_size = tuple_size(state, rm_names.s_stock, NULL);
    return pos->stock_size < 0 ? -1 : 0;
}

int
rm_read_hand(rm_pos *pos)
{
    memset(pos->counts, 0, sizeof pos->counts);
    for (Py_ssize_t i = 0; i < pos->hand_size; i++) {
        PyObject *card = PySequence_GetItem(pos->hand, i);
        int code = card == NULL ? -1 : rm_code_of(card);
        Py_XDECREF(card);
        if (code < 0) {
            return -1;
        }
        pos->counts[code]++;
    }
    return 0;
}

void
rm_pos_clear(rm_pos *pos)
{
    Py_CLEAR(pos->rules);
    Py_CLEAR(pos->turn);
    Py_CLEAR(pos->hand);
}

/* The card code of `card`; -1 with an exception set. */
int
rm_code_of(PyObject *card)
{
    PyObject *code = rm_attr(card, rm_names.s_code);
    if (code == NULL) {
        return -1;
    }
    long number = PyLong_AsLong(code);
    Py_DECREF(code);
    if (number < 0 || number >= RM_CODES) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_SystemError, "a card with code %ld in a checked state", number);
        }
        return -1;
    }
    return (int)number;
}

/* An attribute read as `PyObject_GetAttr` reads it, faster for the slots of the library's
 * values: where the object's type keeps the generic attribute lookup
 * (`PyObject_GenericGetAttr`, no __getattr__ or __getattribute__ of its own) and the first
 * class of its MRO whose __dict__ holds the name holds a slot's member descriptor (a data
 * descriptor, so no instance __dict__ could shadow it), the descriptor is kept, by type
 * and name, and read directly; any other attribute takes `PyObject_GetAttr`. The cache
 * holds strong references to the types, names and descriptors it keeps: two ways a set,
 * the one read last first, so that two pairs whose addresses fall in one set do not take
 * each other's place at every read. */
#define RM_ATTRS 512 /* entries: RM_ATTRS / 2 sets of two */
typedef struct {
    PyTypeObject *type;
    PyObject *name;
    PyObject *slot; /* NULL: the generic lookup */
} rm_attr_entry;
static rm_attr_entry attr_cache[RM_ATTRS];
static PyTypeObject *member_type; /* the type of a slot's descriptor, once one is found */
static descrgetfunc member_get;

static PyObject *found_in(PyObject *mro, PyObject *name);

/* The member descriptor of `name` in `type`, as above: a new reference, NULL with no
 * exception where the attribute takes the generic lookup, or NULL with an exception set. */
static PyObject *
slot_of_type(PyTypeObject *type, PyObject *name)
{
    if ((getattrofunc)PyType_GetSlot(type, Py_tp_getattro) != PyObject_GenericGetAttr) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *mro = PyObject_GetAttrString((PyObject *)type, "__mro__");
    if (mro == NULL) {
        return NULL;
    }
    PyObject *found = found_in(mro, name);
    Py_DECREF(mro);
    if (found == NULL) {
        return NULL;
    }
    if (member_type == NULL) {
        PyObject *kind_name = PyObject_GetAttrString((PyObject *)Py_TYPE(found), "__name__");
        if (kind_name == NULL) {
            Py_DECREF(found);
            return NULL;
        }
        int member = PyUnicode_CompareWithASCIIString(kind_name, "member_descriptor") == 0;
        Py_DECREF(kind_name);
        descrgetfunc get = member ? (descrgetfunc)PyType_GetSlot(Py_TYPE(found), Py_tp_descr_get) : NULL;
        if (get == NULL) {
            PyErr_Clear();
            Py_DECREF(found);
            return NULL;
        }
        member_get = get;
        member_type = Py_TYPE(found);
        Py_INCREF(member_type);
    }
    if (Py_TYPE(found) != member_type) {
        Py_DECREF(found);
        return NULL;
    }
    return found;
}

PyObject *
rm_attr(PyObject *obj, PyObject *name)
{
    PyTypeObject *type = Py_TYPE(obj);
    uint64_t hash = ((uint64_t)(size_t)type >> 4) * 0x9E3779B97F4A7C15u
                    ^ ((uint64_t)(size_t)name >> 4) * 0xC2B2AE3Du;
    rm_attr_entry *entry = &attr_cache[(hash >> 20) % (RM_ATTRS / 2) * 2];
    if (entry[1].type == type && entry[1].name == name) {
        rm_attr_entry other = entry[1]; /* the one read last first */
        entry[1] = entry[0];
        entry[0] = other;
    }
    else if (entry->type != type || entry->name != name) {
        PyObject *slot = slot_of_type(type, name);
        if (slot == NULL && PyErr_Occurred()) {
            return NULL;
        }
        Py_INCREF(type);
        Py_INCREF(name);
        PyTypeObject *old_type = entry[1].type; /* the second way leaves */
        PyObject *old_name = entry[1].name, *old_slot = entry[1].slot;
        entry[1] = entry[0];
        entry->type = type;
        entry->name = name;
        entry->slot = slot;
        Py_XDECREF(old_type);
        Py_XDECREF(old_name);
        Py_XDECREF(old_slot);
    }
    if (entry->slot != NULL) {
        return member_get(entry->slot, obj, (PyObject *)type);
    }
    return PyObject_GetAttr(obj, name);
}

/* The slots of a slotted attrs class, read once: its fields' member descriptors (in the
 * order of `names`), found in the class's MRO as attribute lookup finds them, with the
 * descriptor type's get and set and the class's allocator. An instance is made as
 * `object.__new__` makes one of a class that is not abstract (`tp_alloc(cls, 0)`), and a
 * field read and set as `PyObject_GenericGetAttr` and `PyObject_GenericSetAttr` do it
 * where the name's data descriptor is a slot's member descriptor, without looking the
 * name up in the class at every call. A class whose fields are not all slots of one
 * descriptor type, or an abstract one, has no layout: its copies take the generic path. */
typedef struct {
    PyObject *cls, *names; /* strong references, kept for the module's life */
    Py_ssize_t count;
    PyObject **slots; /* strong references */
    descrgetfunc get;
    descrsetfunc set;
    allocfunc alloc;
} rm_layout;

#define RM_LAYOUTS 32
static rm_layout layouts[RM_LAYOUTS];
static int layouts_used;
static int layouts_full; /* one class more: the generic path from then on */

/* `name`'s attribute in the first class of `mro` whose __dict__ holds it: a new reference,
 * NULL with no exception where none does, or NULL with an exception set. */
static PyObject *
found_in(PyObject *mro, PyObject *name)
{
    Py_ssize_t count = PyTuple_Size(mro);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *dict = PyObject_GetAttrString(PyTuple_GetItem(mro, i), "__dict__");
        if (dict == NULL) {
            return NULL;
        }
        PyObject *found = PyObject_GetItem(dict, name);
        Py_DECREF(dict);
        if (found != NULL || !PyErr_ExceptionMatches(PyExc_KeyError)) {
            return found;
        }
        PyErr_Clear();
    }
    return NULL;
}

/* Fills `layout` for `cls`: 1 where every field is a slot, 0 where one is not (or the
 * class is abstract), -1 with an exception set. */
static int
layout_fill(rm_layout *layout, PyObject *cls, PyObject *names)
{
    if (!PyType_Check(cls)
        || PyType_HasFeature((PyTypeObject *)cls, Py_TPFLAGS_IS_ABSTRACT)) {
        return 0;
    }
    PyObject *mro = PyObject_GetAttrString(cls, "__mro__");
    if (mro == NULL) {
        return -1;
    }
    Py_ssize_t count = PyTuple_Size(names);
    PyObject **slots = PyMem_Calloc((size_t)(count > 0 ? count : 1), sizeof(PyObject *));
    int status = slots == NULL ? -1 : 1;
    if (slots == NULL) {
        PyErr_NoMemory();
    }
    PyTypeObject *kind = NULL;
    for (Py_ssize_t i = 0; status == 1 && i < count; i++) {
        slots[i] = found_in(mro, PyTuple_GetItem(names, i));
        if (slots[i] == NULL) {
            status = PyErr_Occurred() ? -1 : 0;
        }
        else if (kind == NULL) {
            kind = Py_TYPE(slots[i]);
            PyObject *kind_name = PyObject_GetAttrString((PyObject *)kind, "__name__");
            if (kind_name == NULL) {
                status = -1;
            }
            else {
                int member = PyUnicode_CompareWithASCIIString(kind_name, "member_descriptor") == 0;
                Py_DECREF(kind_name);
                status = member ? 1 : 0;
            }
        }
        else if (Py_TYPE(slots[i]) != kind) {
            status = 0;
        }
    }
    Py_DECREF(mro);
    if (status == 1 && kind != NULL) {
        layout->get = (descrgetfunc)PyType_GetSlot(kind, Py_tp_descr_get);
        layout->set = (descrsetfunc)PyType_GetSlot(kind, Py_tp_descr_set);
        layout->alloc = (allocfunc)PyType_GetSlot((PyTypeObject *)cls, Py_tp_alloc);
        if (layout->get == NULL || layout->set == NULL || layout->alloc == NULL) {
            PyErr_Clear();
            status = 0;
        }
    }
    if (status != 1 || kind == NULL) {
        for (Py_ssize_t i = 0; slots != NULL && i < count; i++) {
            Py_XDECREF(slots[i]);
        }
        PyMem_Free(slots);
        return status == -1 ? -1 : 0;
    }
    Py_INCREF(cls);
    Py_INCREF(names);
    layout->cls = cls;
    layout->names = names;
    layout->count = count;
    layout->slots = slots;
    return 1;
}

/* The layout of `cls` with the fields `names`: read at its first copy and kept; NULL with
 * no exception where the class has none, or NULL with an exception set. */
static rm_layout *
layout_of(PyObject *cls, PyObject *names)
{
    for (int i = 0; i < layouts_used; i++) {
        if (layouts[i].cls == cls && layouts[i].names == names) {
            return &layouts[i];
        }
    }
    if (layouts_used == RM_LAYOUTS || layouts_full) {
        layouts_full = 1;
        return NULL;
    }
    int status = layout_fill(&layouts[layouts_used], cls, names);
    if (status == 1) {
        return &layouts[layouts_used++];
    }
    return NULL; /* with the exception, where status is -1 */
}

/* A new, empty instance of `cls` with the fields `names`, as `object.__new__` makes it (by
 * its layout's allocator where it has one, set in `*layout`): a new reference, or NULL with
 * an exception set. */
static PyObject *
new_instance(PyObject *cls, PyObject *names, rm_layout **layout)
{
    *layout = layout_of(cls, names);
    if (*layout == NULL && PyErr_Occurred()) {
        return NULL;
    }
    return *layout != NULL ? (*layout)->alloc((PyTypeObject *)cls, 0)
                           : PyObject_CallFunctionObjArgs(rm_names.object_new, cls, NULL);
}

PyObject *
rm_build(PyObject *cls, PyObject *names, PyObject *const *values)
{
    rm_layout *layout = NULL;
    PyObject *value = new_instance(cls, names, &layout);
    Py_ssize_t count = PyTuple_Size(names);
    for (Py_ssize_t i = 0; value != NULL && i < count; i++) {
        if ((layout != NULL ? layout->set(layout->slots[i], value, values[i])
                            : PyObject_GenericSetAttr(value, PyTuple_GetItem(names, i), values[i]))
            < 0) {
            Py_CLEAR(value);
        }
    }
    return value;
}

/* A new instance of `cls` (a slotted attrs class) whose fields `names` are those of `old`
 * but where `changes` (a dict of field name to value) says otherwise, each set through its
 * slot, as the classes' `_of` and `_copy` set them. A new reference, or NULL. */
PyObject *
rm_copy_with(PyObject *cls, PyObject *names, PyObject *old, PyObject *changes)
{
    rm_layout *layout = NULL;
    PyObject *value = new_instance(cls, names, &layout);
    Py_ssize_t count = PyTuple_Size(names);
    for (Py_ssize_t i = 0; value != NULL && i < count; i++) {
        PyObject *name = PyTuple_GetItem(names, i);
        PyObject *field = PyDict_GetItemWithError(changes, name); /* borrowed */
        if (field != NULL) {
            Py_INCREF(field);
        }
        else if (!PyErr_Occurred() && old != NULL) {
            field = layout != NULL ? layout->get(layout->slots[i], old, (PyObject *)Py_TYPE(old))
                                   : PyObject_GenericGetAttr(old, name);
        }
        else if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_SystemError, "no value for the field %R", name);
        }
        if (field == NULL
            || (layout != NULL ? layout->set(layout->slots[i], value, field)
                               : PyObject_GenericSetAttr(value, name, field))
                   < 0) {
            Py_CLEAR(value);
        }
        Py_XDECREF(field);
    }
    return value;
}

int
rm_player_acts(PyObject *state, PyObject *player)
{
    if (player == Py_None) {
        return 1;
    }
    if (!PyLong_CheckExact(player)) {
        return 0; /* the TypeError is the Python core's */
    }
    PyObject *seat = rm_attr(state, rm_names.s_current_player);
    if (seat == NULL) {
        return -1;
    }
    int same = PyObject_RichCompareBool(player, seat, Py_EQ);
    Py_DECREF(seat);
    return same; /* another seat: Reason.NOT_YOUR_TURN, the Python core's */
}

int
rm_seat_move(PyObject *state, PyObject *move, PyObject *type, PyObject *phase, PyObject *player)
{
    if ((PyObject *)Py_TYPE(move) != type || (PyObject *)Py_TYPE(state) != rm_names.GameState) {
        return 0; /* another move, a view, or no position at all */
    }
    int truth = rm_is(state, rm_names.s_phase, phase);
    if (truth <= 0) {
        return truth; /* Reason.WRONG_PHASE, or the round is over */
    }
    return rm_player_acts(state, player);
}

/* The hand's packed multiset (romme/_turn/position.py, `hand_key`): the key the state
 * keeps, or the hand's cards packed and kept on it as `hand_key` keeps them. A new
 * reference, or NULL with an exception set. `pos->counts` holds the hand. */
PyObject *
rm_hand_key(rm_pos *pos)
{
    PyObject *key = PyObject_GenericGetAttr(pos->state, rm_names.s_coded);
    if (key != NULL || !PyErr_ExceptionMatches(PyExc_AttributeError)) {
        return key;
    }
    PyErr_Clear();
    key = PyLong_FromLong(0);
    for (int code = 0; key != NULL && code < RM_CODES; code++) {
        for (int copies = pos->counts[code]; key != NULL && copies > 0; copies--) {
            PyObject *sum = PyNumber_Add(key, PyTuple_GetItem(rm_names.units, code));
            RM_SETREF(key, sum);
        }
    }
    if (key != NULL && PyObject_GenericSetAttr(pos->state, rm_names.s_coded, key) < 0) {
        Py_CLEAR(key);
    }
    return key;
}


PyObject *
rm_tuple_with(PyObject *tuple, Py_ssize_t at, PyObject *item)
{
    Py_ssize_t size = PyTuple_Size(tuple);
    PyObject *after = size < 0 ? NULL : PyTuple_New(size);
    for (Py_ssize_t i = 0; after != NULL && i < size; i++) {
        PyObject *each = i == at ? item : PyTuple_GetItem(tuple, i);
        Py_INCREF(each);
        PyTuple_SetItem(after, i, each);
    }
    return after;
}

int
rm_change(PyObject *changes, PyObject *name, PyObject *value)
{
    if (value == NULL) {
        return -1;
    }
    int failed = PyDict_SetItem(changes, name, value);
    Py_DECREF(value);
    return failed;
}

int
rm_change_hand(PyObject *state, Py_ssize_t seat, PyObject *hand, PyObject *changes)
{
    PyObject *hands = rm_attr(state, rm_names.s_hands);
    PyObject *after = hands == NULL ? NULL : rm_tuple_with(hands, seat, hand);
    Py_XDECREF(hands);
    int failed = after == NULL || PyDict_SetItem(changes, rm_names.s_hands, after) < 0;
    Py_XDECREF(after);
    return failed ? -1 : 0;
}
