/* The meld enumeration of a hand (mirrors romme/melds/_search/enumeration.py: `options_in`,
 * `meld_places`, `rank_options`, `suit_options`, `_joker_places`; and build.py's
 * `set_option`, `run_options`, `option_cards`).
 *
 * The rules of a meld's shape (rules §3) are read from their one Python place,
 * romme/rules/_shape.py, at import: `most_jokers` for every joker limit and number of
 * natural cards, `jokers_may_touch` for every adjacency and run length, and build.py's
 * `RANK_VALUES`. The tables enumeration.py derives from them (`_SET_SHAPES`,
 * `_RUN_JOKERS`, `_SHORTEST_RUN`, `_APART`) are derived here the same way.
 */
#include "melds.h"

#define RM_MAX_MEMBERS 8
#define RM_NO_LIMIT 99

static int limit_count, adjacency_count;
static PyObject *limit_members[RM_MAX_MEMBERS];     /* JokerLimit, in the class's order */
static PyObject *adjacency_members[RM_MAX_MEMBERS]; /* AdjacentJokers, in its order */
static PyObject *shape_of;                          /* romme.rules.shape_of */
/* most_jokers(limit, naturals), naturals 0-14 */
static int most[RM_MAX_MEMBERS][15];
/* not jokers_may_touch(adjacency, length), length 0-13 (`_APART`) */
static int apart[RM_MAX_MEMBERS][14];
/* adjacency is AdjacentJokers.FORBIDDEN */
static int always_apart[RM_MAX_MEMBERS];
/* most_jokers_among(limit, length), length 0-13 (`_RUN_JOKERS`) */
static int run_jokers[RM_MAX_MEMBERS][14];
/* the fewest cards of a run with k jokers, k 0-14, 14 for none (`_SHORTEST_RUN`) */
static int shortest_run[RM_MAX_MEMBERS][15];
/* the value of a card of each rank index (build.py's RANK_VALUES) */
static int rank_values[13];

/* `_SET_SHAPES[limit][jokers]`: (natural cards, fewest jokers, most jokers) of each set size
 * that `jokers` jokers allow, by size. */
typedef struct {
    int count;
    int size[4], fewest[4], most[4];
} set_shapes_t;
static set_shapes_t set_shapes[RM_MAX_MEMBERS][4];

static int
members(const char *name, PyObject **into, int *count)
{
    PyObject *mod = PyImport_ImportModule("romme.rules");
    PyObject *cls = mod == NULL ? NULL : PyObject_GetAttrString(mod, name);
    Py_XDECREF(mod);
    PyObject *listed = cls == NULL ? NULL : PySequence_List(cls);
    Py_XDECREF(cls);
    if (listed == NULL) {
        return -1;
    }
    Py_ssize_t size = PyList_Size(listed);
    if (size > RM_MAX_MEMBERS) {
        PyErr_Format(PyExc_SystemError, "%s has more than %d members", name, RM_MAX_MEMBERS);
        Py_DECREF(listed);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        into[i] = PyList_GetItem(listed, i);
        Py_INCREF(into[i]); /* an enum member: held for the life of the process */
    }
    *count = (int)size;
    Py_DECREF(listed);
    return 0;
}

/* An int answer of `function(member, number)`; -1 with an exception set (no answer is
 * negative). */
static long
ask(PyObject *function, PyObject *member, int number)
{
    PyObject *argument = PyLong_FromLong(number);
    PyObject *answer = argument == NULL
                           ? NULL
                           : PyObject_CallFunctionObjArgs(function, member, argument, NULL);
    Py_XDECREF(argument);
    if (answer == NULL) {
        return -1;
    }
    long value = PyLong_AsLong(answer);
    Py_DECREF(answer);
    return value;
}

int
rm_melds_init(void)
{
    if (members("JokerLimit", limit_members, &limit_count) < 0
        || members("AdjacentJokers", adjacency_members, &adjacency_count) < 0) {
        return -1;
    }
    PyObject *rules = PyImport_ImportModule("romme.rules");
    if (rules == NULL) {
        return -1;
    }
    PyObject *most_jokers = PyObject_GetAttrString(rules, "most_jokers");
    PyObject *may_touch = PyObject_GetAttrString(rules, "jokers_may_touch");
    PyObject *adjacency = PyObject_GetAttrString(rules, "AdjacentJokers");
    PyObject *forbidden = adjacency == NULL ? NULL : PyObject_GetAttrString(adjacency, "FORBIDDEN");
    shape_of = PyObject_GetAttrString(rules, "shape_of");
    Py_DECREF(rules);
    Py_XDECREF(adjacency);
    PyObject *values = NULL;
    PyObject *build = PyImport_ImportModule("romme.melds._search.build");
    if (build != NULL) {
        values = PyObject_GetAttrString(build, "RANK_VALUES");
        Py_DECREF(build);
    }
    int failed = most_jokers == NULL || may_touch == NULL || forbidden == NULL
                 || shape_of == NULL || values == NULL;
    for (int i = 0; !failed && i < 13; i++) {
        PyObject *item = PySequence_GetItem(values, i);
        long value = item == NULL ? -1 : PyLong_AsLong(item);
        Py_XDECREF(item);
        failed = value < 0;
        rank_values[i] = (int)value;
    }
    for (int l = 0; !failed && l < limit_count; l++) {
        for (int n = 0; !failed && n < 15; n++) {
            long value = ask(most_jokers, limit_members[l], n);
            failed = value == -1 && PyErr_Occurred();
            most[l][n] = value > RM_NO_LIMIT ? RM_NO_LIMIT : (int)value;
        }
    }
    for (int a = 0; !failed && a < adjacency_count; a++) {
        always_apart[a] = adjacency_members[a] == forbidden;
        for (int length = 0; !failed && length < 14; length++) {
            PyObject *argument = PyLong_FromLong(length);
            PyObject *answer = argument == NULL ? NULL
                                                : PyObject_CallFunctionObjArgs(
                                                      may_touch, adjacency_members[a], argument, NULL);
            Py_XDECREF(argument);
            int touch = answer == NULL ? -1 : PyObject_IsTrue(answer);
            Py_XDECREF(answer);
            failed = touch < 0;
            apart[a][length] = !touch;
        }
    }
    Py_XDECREF(most_jokers);
    Py_XDECREF(may_touch);
    Py_XDECREF(forbidden);
    Py_XDECREF(values);
    if (failed) {
        return -1;
    }
    for (int l = 0; l < limit_count; l++) {
        /* `most_jokers_among`: the most k < size with k <= most_jokers(size - k) */
        for (int size = 0; size < 14; size++) {
            int best = 0;
            for (int k = 0; k < size; k++) {
                if (k <= most[l][size - k]) {
                    best = k;
                }
            }
            run_jokers[l][size] = best;
        }
        for (int k = 0; k < 15; k++) {
            shortest_run[l][k] = 14;
            for (int length = 3; length < 14; length++) {
                if (run_jokers[l][length] >= k) {
                    shortest_run[l][k] = length;
                    break;
                }
            }
        }
        for (int jokers = 0; jokers < 4; jokers++) {
            set_shapes_t *shapes = &set_shapes[l][jokers];
            shapes->count = 0;
            for (int size = 1; size < 5; size++) {
                int top = jokers < 4 - size ? jokers : 4 - size;
                if (most[l][size] < top) {
                    top = most[l][size];
                }
                if (top >= 3 - size) {
                    shapes->size[shapes->count] = size;
                    shapes->fewest[shapes->count] = 3 - size > 0 ? 3 - size : 0;
                    shapes->most[shapes->count] = top;
                    shapes->count++;
                }
            }
        }
    }
    return 0;
}

static int
member_index(PyObject *value, PyObject **among, int count, const char *what)
{
    for (int i = 0; i < count; i++) {
        if (among[i] == value) {
            return i;
        }
    }
    PyErr_Format(PyExc_SystemError, "%R is no %s", value, what);
    return -1;
}

/* The rules read last, by a weak reference (the cache keeps no `Rules` alive), and their
 * shape: a `Rules` value is immutable, so while it lives it has the same shape. */
static PyObject *shape_rules;
static rm_shape shape_last;

int
rm_shape_read(PyObject *rules, rm_shape *shape)
{
    if (shape_rules != NULL) {
        PyObject *last = PyObject_CallNoArgs(shape_rules);
        if (last == NULL) {
            return -1;
        }
        int same = last == rules;
        Py_DECREF(last);
        if (same) {
            *shape = shape_last;
            return 0;
        }
    }
    PyObject *found = PyObject_CallFunctionObjArgs(shape_of, rules, NULL);
    if (found == NULL) {
        return -1;
    }
    PyObject *distinct = PySequence_GetItem(found, 0);
    PyObject *wraps = distinct == NULL ? NULL : PySequence_GetItem(found, 1);
    PyObject *limit = wraps == NULL ? NULL : PySequence_GetItem(found, 2);
    PyObject *adjacency = limit == NULL ? NULL : PySequence_GetItem(found, 3);
    Py_DECREF(found);
    int failed = adjacency == NULL;
    if (!failed) {
        shape->distinct_suits = distinct == Py_True;
        shape->ace_wraps = wraps == Py_True;
        shape->limit = member_index(limit, limit_members, limit_count, "JokerLimit");
        shape->adjacency =
            member_index(adjacency, adjacency_members, adjacency_count, "AdjacentJokers");
        failed = shape->limit < 0 || shape->adjacency < 0;
    }
    Py_XDECREF(distinct);
    Py_XDECREF(wraps);
    Py_XDECREF(limit);
    Py_XDECREF(adjacency);
    if (!failed) {
        PyObject *ref = PyWeakref_NewRef(rules, NULL);
        if (ref == NULL) {
            PyErr_Clear(); /* rules that take no weak reference: read each time */
        }
        PyObject *before = shape_rules;
        shape_rules = ref;
        Py_XDECREF(before);
        shape_last = *shape;
    }
    return failed ? -1 : 0;
}

int
rm_jokers_may_touch(const rm_shape *shape, int length)
{
    return !apart[shape->adjacency][length > 13 ? 13 : length];
}

int
rm_most_jokers(const rm_shape *shape, int naturals)
{
    return most[shape->limit][naturals > 14 ? 14 : naturals];
}

void
rm_options_clear(rm_options *found)
{
    PyMem_Free(found->items);
    found->items = NULL;
    found->count = found->capacity = 0;
}

static rm_option *
grow(rm_options *found)
{
    if (found->count == found->capacity) {
        Py_ssize_t capacity = found->capacity ? 2 * found->capacity : 64;
        rm_option *items = PyMem_Realloc(found->items, (size_t)capacity * sizeof(rm_option));
        if (items == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        found->items = items;
        found->capacity = capacity;
    }
    rm_option *option = &found->items[found->count++];
    memset(option, 0, sizeof *option);
    return option;
}

/* -- sets (`rank_options`, `set_option`) ------------------------------------------------ */

static int
set_options(int rank, const unsigned char *counts, int jokers, const rm_shape *shape,
            rm_options *found)
{
    /* The pool of natural cards: each suit once under distinct suits, else up to four
     * copies, by code. */
    int pool[16], pooled = 0;
    for (int suit = 0; suit < 4; suit++) {
        int n = counts[suit * 13 + rank];
        int copies = shape->distinct_suits ? (n > 0) : (n < 4 ? n : 4);
        for (int c = 0; c < copies; c++) {
            pool[pooled++] = suit * 13 + rank;
        }
    }
    const set_shapes_t *shapes = &set_shapes[shape->limit][jokers];
    for (int s = 0; s < shapes->count; s++) {
        int size = shapes->size[s];
        if (size > pooled) {
            break;
        }
        int at[4];
        for (int more = rm_first_choice(at, size, pooled); more;
             more = rm_next_choice(at, size, pool, pooled)) {
            for (int extra = shapes->fewest[s]; extra <= shapes->most[s]; extra++) {
                rm_option *option = grow(found);
                if (option == NULL) {
                    return -1;
                }
                option->run = 0;
                option->size = (unsigned char)(size + extra);
                option->jokers = (unsigned char)extra;
                option->naturals = (unsigned char)size;
                option->distinct = (unsigned char)shape->distinct_suits;
                option->lowest = (unsigned char)pool[at[0]];
                option->value = (short)(rank_values[rank] * (size + extra));
                for (int i = 0; i < size; i++) {
                    option->codes[i] = (unsigned char)pool[at[i]];
                }
                for (int i = size; i < size + extra; i++) {
                    option->codes[i] = RM_JOKER_CODE;
                }
            }
        }
    }
    return 0;
}

int
rm_first_choice(int *at, int size, int pooled)
{
    if (size > pooled) {
        return 0;
    }
    for (int i = 0; i < size; i++) {
        at[i] = i;
    }
    return 1;
}

int
rm_next_choice(int *at, int size, const int *pool, int pooled)
{
    for (int depth = size - 1; depth >= 0; depth--) {
        int next = at[depth] + 1;
        while (next < pooled && pool[next] == pool[at[depth]]) {
            next++;
        }
        if (next <= pooled - (size - depth)) {
            at[depth] = next;
            for (int i = depth + 1; i < size; i++) {
                at[i] = at[i - 1] + 1;
            }
            return 1;
        }
    }
    return 0;
}

/* -- runs (`suit_options`, `_joker_places`, `run_options`) ------------------------------ */

static int
popcount(unsigned long long bits)
{
    return __builtin_popcountll(bits);
}

static int
lowest_bit(unsigned long long bits)
{
    return __builtin_ctzll(bits);
}

/* The runs of `suit` from the ordinal `start`, `length` cards long, with jokers at the bits
 * of each of `masks`, in that order (`run_options`). */
static int
run_options(int suit, int start, int length, const unsigned int *masks, int count,
            rm_options *found)
{
    int value = 0;
    int codes[14];
    int least = RM_CODES, least_place = 0;
    for (int place = 0; place < length; place++) {
        int ordinal = start + place;
        int rank = ((ordinal % 13) + 13) % 13;
        value += ordinal == -1 ? 1 : rank_values[rank];
        codes[place] = suit * 13 + rank;
        if (codes[place] < least) {
            least = codes[place];
            least_place = place;
        }
    }
    for (int m = 0; m < count; m++) {
        unsigned int mask = masks[m];
        rm_option *option = grow(found);
        if (option == NULL) {
            return -1;
        }
        option->run = 1;
        option->size = (unsigned char)length;
        option->value = (short)value;
        option->suit = (unsigned char)suit;
        option->start = (signed char)start;
        option->mask = (unsigned short)mask;
        option->jokers = (unsigned char)popcount(mask);
        int lowest = RM_CODES;
        for (int place = 0; place < length; place++) {
            int joker = mask >> place & 1;
            option->codes[place] = (unsigned char)(joker ? RM_JOKER_CODE : codes[place]);
            if (!joker && codes[place] < lowest) {
                lowest = codes[place];
            }
        }
        /* the window's lowest code, or the lowest natural card where a joker takes it */
        option->lowest = (unsigned char)(mask >> least_place & 1 ? lowest : least);
    }
    return 0;
}

/* Where the jokers of a run window may stand (`_joker_places`), into `masks` (room for
 * 8,192): every mask covers the `holes`, holds at most `most` jokers and, with `apart_here`,
 * no two side by side, in the order of a choice place by place from the lowest, the natural
 * card before the joker. The number of masks. */
static int
joker_places(unsigned int holes, int length, int most_here, int apart_here, unsigned int *masks,
             int *spares, unsigned int *next_masks, int *next_spares)
{
    int count = 1;
    masks[0] = 0;
    spares[0] = most_here - popcount(holes);
    for (int place = 0; place < length; place++) {
        unsigned int bit = 1u << place;
        int extended = 0;
        for (int i = 0; i < count; i++) {
            unsigned int mask = masks[i];
            int spare = spares[i];
            int beside = apart_here && (mask & (bit >> 1));
            if (holes & bit) {
                if (!beside) {
                    next_masks[extended] = mask | bit;
                    next_spares[extended++] = spare;
                }
            }
            else {
                next_masks[extended] = mask;
                next_spares[extended++] = spare;
                if (spare != 0 && !beside) { /* Python's truth of a count */
                    next_masks[extended] = mask | bit;
                    next_spares[extended++] = spare - 1;
                }
            }
        }
        memcpy(masks, next_masks, (size_t)extended * sizeof *masks);
        memcpy(spares, next_spares, (size_t)extended * sizeof *spares);
        count = extended;
    }
    return count;
}

#define RM_MASKS 8192

static int
suit_options(int suit, unsigned int have, int jokers, const rm_shape *shape, rm_options *found)
{
    const int *budget = run_jokers[shape->limit];
    const int *shortest = shortest_run[shape->limit];
    const int *apart_at = apart[shape->adjacency];
    int always = always_apart[shape->adjacency];
    unsigned long long lacking = ~(unsigned long long)have & 0x1FFF;
    /* bit o + 1: no card at ordinal o */
    unsigned long long gaps = lacking << 1 | lacking >> 12 | lacking << 14;
    /* A run begins with a natural card or with `lead` jokers at most before the first one … */
    int lead = always ? (jokers < 1 ? jokers : 1) : (jokers < budget[13] ? jokers : budget[13]);
    unsigned long long starts = ~gaps;
    for (int i = 0; i < lead; i++) {
        starts |= starts >> 1;
    }
    starts &= 0x1FFF; /* bit s + 1: a run may start at the ordinal s, -1 <= s <= 11 */
    unsigned int *masks = PyMem_Malloc(4 * RM_MASKS * sizeof(unsigned int));
    if (masks == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    unsigned int *next_masks = masks + RM_MASKS;
    int *spares = (int *)(masks + 2 * RM_MASKS);
    int *next_spares = (int *)(masks + 3 * RM_MASKS);
    int failed = 0;
    while (starts && !failed) {
        int start = lowest_bit(starts) - 1;
        starts &= starts - 1;
        unsigned long long holes = gaps >> (start + 1); /* bit p: no card at place p */
        /* … and a run with k jokers holds the shortest run for k jokers, which must then
         * lack k cards at most. */
        int begins = 0;
        for (int k = 0; k <= jokers; k++) {
            if (shortest[k] > 13) {
                continue;
            }
            unsigned long long window = (1ull << shortest[k]) - 1;
            if (popcount(holes & window) <= k) {
                begins = 1;
                break;
            }
        }
        if (!begins) {
            continue;
        }
        int longest = shape->ace_wraps ? 13 : (13 - start < 13 ? 13 - start : 13);
        unsigned long long later = holes & ((1ull << longest) - 1);
        int first = 3, previous = -2;
        for (int passed = 0; passed <= jokers && !failed; passed++) {
            int place;
            if (later) {
                place = lowest_bit(later);
                later &= later - 1;
            }
            else {
                place = longest;
            }
            int from = first > shortest[passed] ? first : shortest[passed];
            for (int length = from; length <= place && !failed; length++) {
                unsigned int window = (unsigned int)(holes & ((1ull << length) - 1));
                if (apart_at[length] && (window & (window >> 1))) {
                    continue;
                }
                int most_here = jokers < budget[length] ? jokers : budget[length];
                if (passed == most_here) {
                    failed = run_options(suit, start, length, &window, 1, found) < 0;
                    continue;
                }
                int count = joker_places(window, length, most_here, apart_at[length], masks,
                                         spares, next_masks, next_spares);
                failed = run_options(suit, start, length, masks, count, found) < 0;
            }
            if (place == longest || shortest[passed + 1] > longest
                || (always && place == previous + 1)) {
                break; /* no longer window, or no valid one */
            }
            first = place + 1;
            previous = place;
        }
    }
    PyMem_Free(masks);
    return failed ? -1 : 0;
}

/* -- the hand (`meld_places`, `meld_options`) ------------------------------------------- */

int
rm_options_in(const unsigned char counts[RM_CODES], const rm_shape *shape, rm_options *found)
{
    int jokers = counts[RM_JOKER_CODE];
    int set_jokers = jokers < 3 ? jokers : 3;
    int fewest = set_shapes[shape->limit][set_jokers].size[0]; /* `_may_hold_set` */
    for (int rank = 0; rank < 13; rank++) {
        int usable = 0;
        for (int suit = 0; suit < 4; suit++) {
            int n = counts[suit * 13 + rank];
            usable += shape->distinct_suits ? (n > 0) : (n < 4 ? n : 4);
        }
        if (usable >= fewest && set_options(rank, counts, set_jokers, shape, found) < 0) {
            return -1;
        }
    }
    int run_jokers_held = jokers < 13 ? jokers : 13;
    for (int suit = 0; suit < 4; suit++) {
        unsigned int have = 0;
        for (int rank = 0; rank < 13; rank++) {
            if (counts[suit * 13 + rank]) {
                have |= 1u << rank;
            }
        }
        if (have && suit_options(suit, have, run_jokers_held, shape, found) < 0) {
            return -1;
        }
    }
    return 0;
}

/* -- the test hook ---------------------------------------------------------------------- */

/* The packed multiset of the option's cards (a Python int). */
static PyObject *
packed_of(const rm_option *option)
{
    PyObject *key = PyLong_FromLong(0);
    for (int i = 0; key != NULL && i < option->size; i++) {
        PyObject *sum = PyNumber_Add(key, PyTuple_GetItem(rm_names.units, option->codes[i]));
        RM_SETREF(key, sum);
    }
    return key;
}

/* The option as `options_in` gives it: (packed, value, jokers, lowest, is_run, recipe). */
static PyObject *
option_tuple(const rm_option *option)
{
    PyObject *recipe;
    if (option->run) {
        recipe = Py_BuildValue("(iiiI)", option->suit, option->start, option->size,
                               (unsigned int)option->mask);
    }
    else {
        PyObject *naturals = PyTuple_New(option->naturals);
        for (int i = 0; naturals != NULL && i < option->naturals; i++) {
            PyObject *code = PyLong_FromLong(option->codes[i]);
            if (code == NULL || PyTuple_SetItem(naturals, i, code) < 0) {
                Py_CLEAR(naturals);
            }
        }
        recipe = naturals == NULL ? NULL
                                  : Py_BuildValue("(NiO)", naturals, option->jokers,
                                                  option->distinct ? Py_True : Py_False);
    }
    PyObject *packed = recipe == NULL ? NULL : packed_of(option);
    if (packed == NULL) {
        Py_XDECREF(recipe);
        return NULL;
    }
    return Py_BuildValue("(NiiiON)", packed, option->value, option->jokers, option->lowest,
                         option->run ? Py_True : Py_False, recipe);
}

int
rm_counts_of_key(PyObject *key, unsigned char counts[RM_CODES])
{
    /* the key's fields, five bits a code (romme/melds/_search/packed.py) */
    PyObject *field = PyLong_FromLong(31);
    if (field == NULL) {
        return -1;
    }
    for (int code = 0; code < RM_CODES; code++) {
        PyObject *shift = PyLong_FromLong(5 * code);
        PyObject *moved = shift == NULL ? NULL : PyNumber_Rshift(key, shift);
        PyObject *count = moved == NULL ? NULL : PyNumber_And(moved, field);
        long value = count == NULL ? -1 : PyLong_AsLong(count);
        Py_XDECREF(shift);
        Py_XDECREF(moved);
        Py_XDECREF(count);
        if (value < 0) {
            Py_DECREF(field);
            return -1;
        }
        counts[code] = (unsigned char)value;
    }
    Py_DECREF(field);
    return 0;
}

PyObject *
rm_options_hook(PyObject *key, PyObject *rules)
{
    rm_shape shape;
    unsigned char counts[RM_CODES];
    if (rm_shape_read(rules, &shape) < 0 || rm_counts_of_key(key, counts) < 0) {
        return NULL;
    }
    rm_options found = {NULL, 0, 0};
    PyObject *result = NULL;
    if (rm_options_in(counts, &shape, &found) == 0) {
        result = PyTuple_New(found.count);
        for (Py_ssize_t i = 0; result != NULL && i < found.count; i++) {
            PyObject *item = option_tuple(&found.items[i]);
            if (item == NULL || PyTuple_SetItem(result, i, item) < 0) {
                Py_CLEAR(result);
            }
        }
    }
    rm_options_clear(&found);
    return result;
}

/* -- the opening out of reach (a bound on romme/_turn/opening.py's `lay_down_possible`) -- */

static PyObject *no_melds; /* (), made at the first use; the names read are rm_names' */

/* What the opening misses with nothing staged (`Opening.shortfall(()).points`), and in
 * `jokers_ok` whether it admits jokers (`Opening.allows_jokers`); -1 with an exception set. */
static long
missing_points(PyObject *rules, int *jokers_ok)
{
    PyObject *opening = rm_attr(rules, rm_names.s_opening);
    PyObject *short_ =
        opening == NULL
            ? NULL
            : PyObject_CallMethodObjArgs(opening, rm_names.s_shortfall, no_melds, NULL);
    *jokers_ok = short_ == NULL ? -1 : rm_flag(opening, rm_names.s_allows_jokers);
    Py_XDECREF(opening);
    PyObject *points = short_ == NULL ? NULL : rm_attr(short_, rm_names.s_points);
    Py_XDECREF(short_);
    long value = points == NULL || *jokers_ok < 0 ? -1 : PyLong_AsLong(points);
    Py_XDECREF(points);
    return value;
}

/* `rm_opening_out_of_reach`, and without `search` `rm_opening_out_of_bound`. */
static int
out_of_reach(const unsigned char counts[RM_CODES], PyObject *rules, PyObject *table, int card,
             int search)
{
    if (no_melds == NULL && (no_melds = PyTuple_New(0)) == NULL) {
        return -1;
    }
    /* melds staged: what they miss, and the pool they leave, are the search's */
    Py_ssize_t melds = PyTuple_Size(table);
    if (melds < 0) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < melds; i++) {
        int staged = rm_flag(PyTuple_GetItem(table, i), rm_names.s_staged);
        if (staged != 0) {
            return staged < 0 ? -1 : 0;
        }
    }
    int jokers_ok;
    long missing = missing_points(rules, &jokers_ok);
    if (missing < 0) {
        return -1;
    }
    rm_shape shape;
    if (rm_shape_read(rules, &shape) < 0) {
        return -1;
    }
    rm_options found = {NULL, 0, 0};
    if (rm_options_in(counts, &shape, &found) < 0) {
        return -1;
    }
    /* The cards some meld of the hand takes (the packer's live cards hold no more: it
     * counts the melds of the hand, and without jokers where the opening admits none). */
    unsigned char live[RM_CODES];
    memset(live, 0, sizeof live);
    int holds_card = card < 0;
    for (Py_ssize_t i = 0; i < found.count; i++) {
        const rm_option *option = &found.items[i];
        for (int j = 0; j < option->size; j++) {
            live[option->codes[j]] = 1;
            holds_card |= option->codes[j] == card;
        }
    }
    rm_options_clear(&found);
    if (!holds_card) {
        return 1; /* `melds_with` the card finds nothing */
    }
    if (missing <= 0) {
        return 0;
    }
    /* No packing of the hand is worth more than each live card at its highest value: a
     * natural card its rank's (the ace 11, never more in a low run), a joker an ace's. */
    long bound = 0;
    int dead = 0;
    for (int code = 0; code < RM_JOKER_CODE; code++) {
        if (live[code]) {
            bound += (long)counts[code] * rank_values[code % 13];
        }
        else {
            dead += counts[code];
        }
    }
    if (live[RM_JOKER_CODE]) {
        bound += (long)counts[RM_JOKER_CODE] * rank_values[12];
    }
    if (bound >= missing) {
        if (!search) {
            return 0; /* the caller's search decides */
        }
        /* the bound cannot exclude it: the search (`searches.reaches`, csrc/opening.c) */
        int reaches = rm_lay_down_possible(counts, &shape, jokers_ok, missing);
        if (reaches != 0) {
            return reaches < 0 ? -1 : 0; /* possible, or the Python core's */
        }
    }
    /* Under the Hand-Rommé waiver (DRoV Nr. 10) the hand may meld all but a last discard:
     * not with two cards no meld takes (`searches.dead`, of which these are a part). */
    int waives = rm_flag(rules, rm_names.s_waives);
    if (waives < 0) {
        return -1;
    }
    return !waives || dead >= 2;
}

int
rm_opening_out_of_reach(const unsigned char counts[RM_CODES], PyObject *rules, PyObject *table,
                        int card)
{
    return out_of_reach(counts, rules, table, card, 1);
}

int
rm_opening_out_of_bound(const unsigned char counts[RM_CODES], PyObject *rules, PyObject *table)
{
    return out_of_reach(counts, rules, table, -1, 0);
}
