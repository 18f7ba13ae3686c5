/* The opening search of a seat that has not opened (mirrors romme/melds/_search/packing.py's
 * `Packer.reaches`, `Packer.search`: the greatest value of disjoint melds of a hand;
 * romme/_turn/opening.py's `lay_down_possible`, `search_pool`, `opening_completable`,
 * `_points_completable` and `_run_or_meld_completable`; romme/_turn/laying.py's
 * `lay_down_allowed`, `_staged_with` and `_towards_opening` of a seat that has not opened;
 * romme/rules' `Opening.missing`; romme/_turn/guards.py's `failed_take_discards`), under
 * any opening (melds summed or one alone, a run needed or not), with nothing staged or
 * with melds staged this turn (rules §5): then what they miss (`Opening.shortfall`, called
 * on them) is what the lay-downs must make up. The pool of the searches is the hand: any
 * pool that holds it gives the same verdicts (`search_pool`).
 *
 * A packer holds the melds of one hand (the pool), as `rm_options_in` finds them (without
 * jokers where the opening admits none, `Opening.allows_jokers`), by the code of their
 * lowest natural card, and one memo of the searched sub-multisets of the pool and their
 * greatest value. The search is `Packer._new_search`'s: the lowest natural card left either
 * goes into a meld whose lowest natural card it is, or one copy of it is left out; with
 * `cover` every natural card must be melded, with `use_jokers` every joker too. Its answer
 * is exact or none: a pool of more than RM_PACK_CARDS cards, a count past a memo field, or a
 * search past RM_PACK_STATES multisets is left to the Python core (`RM_PACK_UNDECIDED`). The
 * recursion is at most one level a card deep, so at most RM_PACK_CARDS levels.
 */
#include "melds.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RM_PACK_CARDS 40      /* the most cards of a pool searched in C */
#define RM_PACK_STATES 131072 /* the most multisets one packer's memo holds */
#define RM_PACK_NONE (-1)     /* no packing as `cover` and `use_jokers` ask (packing.NONE) */

/* A multiset of card codes, four bits a code (a count of 15 at most), and the kind of the
 * search in the last word's top bits: the memo's key. */
typedef struct {
    uint64_t w[4];
} rm_pack_key;

/* A meld of the pool as the search reads it: its cards as (code, copies) and its value. */
typedef struct {
    unsigned char codes[14], copies[14], distinct, run;
    int value;
} rm_pack_meld;

typedef struct {
    rm_pack_key key;
    int value;
    int used;
} rm_pack_slot;

struct rm_packer {
    rm_pack_meld *melds;        /* the pool's melds, by their lowest natural card */
    int first[RM_JOKER_CODE + 1]; /* melds[first[c]:first[c + 1]] start at the code c */
    rm_pack_slot *slots;        /* the memo, open addressing */
    size_t capacity, used;
    int overflow;               /* the memo grew past RM_PACK_STATES */
    unsigned char counts[RM_CODES]; /* the multiset being searched, changed in place */
    rm_pack_key key;                /* its key */
};

static void
key_add(rm_pack_key *key, int code, int copies)
{
    key->w[code / 16] += (uint64_t)copies << (4 * (code % 16));
}

static void
key_sub(rm_pack_key *key, int code, int copies)
{
    key->w[code / 16] -= (uint64_t)copies << (4 * (code % 16));
}

static size_t
key_hash(const rm_pack_key *key)
{
    uint64_t h = key->w[0] * 0x9E3779B97F4A7C15u;
    h ^= (key->w[1] + (h >> 29)) * 0xBF58476D1CE4E5B9u;
    h ^= (key->w[2] + (h >> 31)) * 0x94D049BB133111EBu;
    h ^= (key->w[3] + (h >> 27)) * 0x9E3779B97F4A7C15u;
    return (size_t)(h ^ (h >> 32));
}

static rm_pack_slot *
slot_of(rm_pack_slot *slots, size_t capacity, const rm_pack_key *key)
{
    size_t at = key_hash(key) & (capacity - 1);
    while (slots[at].used && memcmp(&slots[at].key, key, sizeof *key) != 0) {
        at = (at + 1) & (capacity - 1);
    }
    return &slots[at];
}

/* Store `value` for `key`; 0, or -1 where the memo cannot grow (the search stops). */
static int
memo_put(rm_packer *packer, const rm_pack_key *key, int value)
{
    if (2 * (packer->used + 1) > packer->capacity) {
        if (packer->used + 1 > RM_PACK_STATES) {
            packer->overflow = 1;
            return -1;
        }
        size_t capacity = 2 * packer->capacity;
        rm_pack_slot *slots = calloc(capacity, sizeof *slots);
        if (slots == NULL) {
            packer->overflow = 1;
            return -1;
        }
        for (size_t i = 0; i < packer->capacity; i++) {
            if (packer->slots[i].used) {
                *slot_of(slots, capacity, &packer->slots[i].key) = packer->slots[i];
            }
        }
        free(packer->slots);
        packer->slots = slots;
        packer->capacity = capacity;
    }
    rm_pack_slot *slot = slot_of(packer->slots, packer->capacity, key);
    slot->key = *key;
    slot->value = value;
    slot->used = 1;
    packer->used++;
    return 0;
}

/* The greatest value of disjoint melds of `packer->counts` (kind in its key); RM_PACK_NONE
 * where none is as asked; -2 where the memo overflowed. At most one level a card. */
static int
solve(rm_packer *packer, int cover, int use_jokers)
{
    rm_pack_slot *found = slot_of(packer->slots, packer->capacity, &packer->key);
    if (found->used) {
        return found->value;
    }
    unsigned char *counts = packer->counts;
    int lowest = 0;
    while (lowest < RM_JOKER_CODE && !counts[lowest]) {
        lowest++;
    }
    int best = RM_PACK_NONE;
    if (lowest == RM_JOKER_CODE) {
        /* every natural card melded or left out; the jokers left over */
        best = use_jokers && counts[RM_JOKER_CODE] ? RM_PACK_NONE : 0;
    }
    else {
        for (int i = packer->first[lowest]; i < packer->first[lowest + 1]; i++) {
            const rm_pack_meld *meld = &packer->melds[i];
            int fits = 1;
            for (int j = 0; j < meld->distinct && fits; j++) {
                fits = counts[meld->codes[j]] >= meld->copies[j];
            }
            if (!fits) {
                continue;
            }
            for (int j = 0; j < meld->distinct; j++) {
                counts[meld->codes[j]] -= meld->copies[j];
                key_sub(&packer->key, meld->codes[j], meld->copies[j]);
            }
            int after = solve(packer, cover, use_jokers);
            for (int j = 0; j < meld->distinct; j++) {
                counts[meld->codes[j]] += meld->copies[j];
                key_add(&packer->key, meld->codes[j], meld->copies[j]);
            }
            if (after == -2) {
                return -2;
            }
            if (after != RM_PACK_NONE && meld->value + after > best) {
                best = meld->value + after;
            }
        }
        if (!cover) {
            /* one copy of the lowest card left out (the jokers stay) */
            counts[lowest]--;
            key_sub(&packer->key, lowest, 1);
            int after = solve(packer, cover, use_jokers);
            counts[lowest]++;
            key_add(&packer->key, lowest, 1);
            if (after == -2) {
                return -2;
            }
            if (after > best) {
                best = after;
            }
        }
    }
    return memo_put(packer, &packer->key, best) < 0 ? -2 : best;
}

rm_packer *
rm_packer_new(const unsigned char pool[RM_CODES], const rm_shape *shape, int jokers_ok)
{
    int cards = 0;
    for (int code = 0; code < RM_CODES; code++) {
        if (pool[code] > 15) {
            return NULL; /* past a memo field: the Python core's */
        }
        cards += pool[code];
    }
    if (cards > RM_PACK_CARDS) {
        return NULL;
    }
    rm_packer *packer = calloc(1, sizeof *packer);
    if (packer == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    rm_options found = {NULL, 0, 0};
    if (rm_options_in(pool, shape, &found) < 0) {
        free(packer);
        return NULL;
    }
    packer->melds = calloc(found.count ? (size_t)found.count : 1, sizeof *packer->melds);
    packer->capacity = 64; /* grows by doubling (memo_put): most searches keep a few states */
    packer->slots = calloc(packer->capacity, sizeof *packer->slots);
    if (packer->melds == NULL || packer->slots == NULL) {
        rm_options_clear(&found);
        rm_packer_free(packer);
        PyErr_NoMemory();
        return NULL;
    }
    /* the melds by their lowest natural card, in the order found (a counting sort) */
    int per[RM_JOKER_CODE + 1];
    memset(per, 0, sizeof per);
    for (Py_ssize_t i = 0; i < found.count; i++) {
        if (jokers_ok || !found.items[i].jokers) {
            per[found.items[i].lowest]++;
        }
    }
    int at = 0;
    for (int code = 0; code < RM_JOKER_CODE; code++) {
        packer->first[code] = at;
        at += per[code];
        per[code] = packer->first[code];
    }
    packer->first[RM_JOKER_CODE] = at;
    for (Py_ssize_t i = 0; i < found.count; i++) {
        const rm_option *option = &found.items[i];
        if (!jokers_ok && option->jokers) {
            continue;
        }
        rm_pack_meld *meld = &packer->melds[per[option->lowest]++];
        meld->value = option->value;
        meld->run = option->run;
        for (int j = 0; j < option->size; j++) {
            int code = option->codes[j], k = 0;
            while (k < meld->distinct && meld->codes[k] != code) {
                k++;
            }
            if (k == meld->distinct) {
                meld->codes[k] = (unsigned char)code;
                meld->distinct++;
            }
            meld->copies[k]++;
        }
    }
    rm_options_clear(&found);
    return packer;
}

void
rm_packer_free(rm_packer *packer)
{
    if (packer != NULL) {
        free(packer->melds);
        free(packer->slots);
        free(packer);
    }
}

int
rm_packer_value(rm_packer *packer, const unsigned char counts[RM_CODES], int cover,
                int use_jokers)
{
    if (packer->overflow) {
        return RM_PACK_UNDECIDED;
    }
    memcpy(packer->counts, counts, RM_CODES);
    memset(&packer->key, 0, sizeof packer->key);
    for (int code = 0; code < RM_CODES; code++) {
        key_add(&packer->key, code, counts[code]);
    }
    packer->key.w[3] |= (uint64_t)(cover | use_jokers << 1) << 60; /* the search's kind */
    int value = solve(packer, cover, use_jokers);
    return value == -2 ? RM_PACK_UNDECIDED : value;
}

int
rm_lay_down_possible(const unsigned char counts[RM_CODES], const rm_shape *shape,
                     int jokers_ok, long missing)
{
    if (missing <= 0) {
        return 1; /* the empty packing is worth what is missing */
    }
    rm_packer *packer = rm_packer_new(counts, shape, jokers_ok);
    if (packer == NULL) {
        return PyErr_Occurred() ? -1 : RM_PACK_UNDECIDED;
    }
    int value = rm_packer_value(packer, counts, 0, 0);
    rm_packer_free(packer);
    if (value == RM_PACK_UNDECIDED) {
        return RM_PACK_UNDECIDED;
    }
    return value >= missing;
}

PyObject *
rm_reaches_hook(PyObject *key, PyObject *rules, PyObject *jokers_ok, PyObject *need)
{
    rm_shape shape;
    unsigned char counts[RM_CODES];
    if (rm_shape_read(rules, &shape) < 0 || rm_counts_of_key(key, counts) < 0) {
        return NULL;
    }
    int jokers = PyObject_IsTrue(jokers_ok);
    long missing = PyLong_AsLong(need);
    if (jokers < 0 || (missing == -1 && PyErr_Occurred())) {
        return NULL;
    }
    int reaches = rm_lay_down_possible(counts, &shape, jokers, missing);
    if (reaches < 0) {
        return NULL;
    }
    if (reaches == RM_PACK_UNDECIDED) {
        Py_RETURN_NONE;
    }
    return PyBool_FromLong(reaches);
}

/* -- the lay-downs of a seat that has not opened (romme/_turn/laying.py's
 * `lay_down_allowed`, romme/_turn/opening.py's `opening_completable`, `_points_completable`
 * and `_run_or_meld_completable`) -- */

static PyObject *s_threshold, *s_sums_melds, *s_requires_run, *s_first_at_table,
    *s_failed_take, *s_run;
static PyObject *failed_take_discard; /* FailedTake.DISCARD */

static int
opening_names(void)
{
    if (s_threshold != NULL) {
        return 0;
    }
    if (failed_take_discard == NULL) {
        PyObject *failed = rm_module_attr("romme.rules", "FailedTake");
        failed_take_discard = failed == NULL ? NULL : PyObject_GetAttrString(failed, "DISCARD");
        Py_XDECREF(failed);
        if (failed_take_discard == NULL) {
            return -1;
        }
    }
    /* the names rm_names holds (position.c's, and those other files read too: taken, opened,
     * before, opening, points, taken_staged, ...) are read there */
    PyObject **slots[] = {&s_threshold,      &s_sums_melds,  &s_requires_run,
                          &s_first_at_table, &s_failed_take, &s_run};
    const char *names[] = {"threshold", "sums_melds", "requires_run", "hand_romme_first_at_table",
                           "failed_take", "run"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        *slots[i] = PyUnicode_InternFromString(names[i]);
        if (*slots[i] == NULL) {
            for (size_t j = 0; j < i; j++) {
                Py_CLEAR(*slots[j]);
            }
            return -1;
        }
    }
    return 0;
}

/* Whether `value` of the search reaches `need`; RM_PACK_UNDECIDED passed on. */
static int
reached(int value, int need)
{
    return value == RM_PACK_UNDECIDED ? RM_PACK_UNDECIDED : value >= need;
}

/* An attribute's truth: 1, 0, or -1 with an exception set. */
static int
truth_of(PyObject *obj, PyObject *name)
{
    PyObject *value = rm_attr(obj, name);
    int truth = value == NULL ? -1 : PyObject_IsTrue(value);
    Py_XDECREF(value);
    return truth;
}

/* `waiver_applies` (DRoV Nr. 10) of the seat to act of `position` in `turn`: 1, 0, or -1
 * with an exception set. */
static int
waiver_applies(PyObject *position, PyObject *rules, PyObject *turn)
{
    int truth = truth_of(rules, rm_names.s_waives);
    if (truth != 1) {
        return truth;
    }
    /* `hand_romme_possible`: not opened before this turn, and under
     * hand_romme_first_at_table nobody else has opened; no lay-off this turn, and no table
     * card taken (Räuber-Rommé: a table to restore, `TurnState.before`): own melds only */
    if ((truth = truth_of(turn, rm_names.s_opened_before)) != 0
        || (truth = truth_of(turn, rm_names.s_laid_off)) != 0
        || (truth = rm_is(turn, rm_names.s_before, Py_None)) != 1) {
        return truth < 0 ? -1 : 0;
    }
    if ((truth = truth_of(rules, s_first_at_table)) != 1) {
        return truth < 0 ? -1 : 1;
    }
    PyObject *opened = rm_attr(position, rm_names.s_opened);
    PyObject *seat = opened == NULL ? NULL : rm_attr(position, rm_names.s_current_player);
    Py_ssize_t player = seat == NULL ? -1 : PyLong_AsSsize_t(seat);
    Py_XDECREF(seat);
    Py_ssize_t seats = player < 0 ? -1 : PyObject_Size(opened);
    int applies = seats < 0 ? -1 : 1;
    for (Py_ssize_t i = 0; applies == 1 && i < seats; i++) {
        if (i != player) {
            PyObject *flag = PySequence_GetItem(opened, i);
            truth = flag == NULL ? -1 : PyObject_IsTrue(flag);
            Py_XDECREF(flag);
            applies = truth < 0 ? -1 : !truth;
        }
    }
    Py_XDECREF(opened);
    return applies;
}

/* `melds_all_but_a_discard` of `rest` (within the pool), `kept` the card that may not be
 * the discard (-1 none): every card melded but one, every joker too (or every card, where
 * `discard_to_go_out` is off). 1, 0, or RM_PACK_UNDECIDED. */
static int
all_but_a_discard(const rm_opening_search *search, unsigned char rest[RM_CODES], int kept)
{
    int found;
    if (!search->must_discard) {
        found = reached(rm_packer_value(search->packer, rest, 1, 1), 0);
        if (found != 0) {
            return found;
        }
    }
    for (int code = 0; code < RM_CODES; code++) {
        if (!rest[code] || code == kept) {
            continue;
        }
        rest[code]--;
        found = reached(rm_packer_value(search->packer, rest, 1, 1), 0);
        rest[code]++;
        if (found != 0) {
            return found;
        }
    }
    return 0;
}

/* `failed_take_discards` (DRoV Streitfall 1, 3) of a turn whose taken card is neither in
 * hand nor staged, of a seat that has not opened: 1, 0, or -1 with an exception set. */
static int
failed_take(PyObject *rules, PyObject *turn)
{
    int truth = rm_is(rules, s_failed_take, failed_take_discard);
    if (truth != 1) {
        return truth;
    }
    if ((truth = rm_is(rules, rm_names.s_take_discard, rm_names.take_free)) != 0) {
        return truth < 0 ? -1 : 0; /* only under immediate_use */
    }
    truth = truth_of(turn, rm_names.s_taken_staged);
    return truth < 0 ? -1 : !truth;
}

/* What the melds `staged` (a list) miss of `opening`
 * (`Opening.shortfall(staged)`): its points, and in `*run` whether a run is missing; -1
 * with an exception set. */
static long
shortfall_points(PyObject *opening, PyObject *staged, int *run)
{
    PyObject *short_ = PyObject_CallMethodObjArgs(opening, rm_names.s_shortfall, staged, NULL);
    PyObject *points = short_ == NULL ? NULL : rm_attr(short_, rm_names.s_points);
    *run = short_ == NULL ? -1 : truth_of(short_, s_run);
    Py_XDECREF(short_);
    long value = points == NULL || *run < 0 ? -1 : PyLong_AsLong(points);
    Py_XDECREF(points);
    return value;
}

static int
opening_within(const unsigned char counts[RM_CODES], const rm_shape *shape, PyObject *position,
               PyObject *rules, PyObject *turn, int locked, PyObject *staged, int any,
               rm_opening_search *search)
{
    memset(search, 0, sizeof *search);
    if (opening_names() < 0) {
        return -1;
    }
    /* the Hand-Rommé waiver (DRoV Nr. 10: `waiver_applies`, `hand_romme_completable`) */
    int truth = waiver_applies(position, rules, turn);
    if (truth < 0) {
        return -1;
    }
    search->waiver = truth;
    /* a taken card out of the hand: with nothing staged, a failed take
     * (`failed_take_discards`, DRoV Streitfall 1, 3); with melds staged, it lies in one of
     * them, or is melded after a free take, unless the take failed */
    PyObject *taken = rm_attr(turn, rm_names.s_taken);
    if (taken == NULL) {
        return -1;
    }
    int none = taken == Py_None;
    Py_DECREF(taken);
    if (!none && (truth = truth_of(turn, rm_names.s_taken_in_hand)) != 1) {
        if (truth < 0 || staged == NULL) {
            return truth < 0 ? -1 : 0;
        }
        if ((truth = failed_take(rules, turn)) != 0) {
            return truth < 0 ? -1 : 0;
        }
    }
    /* the opening (`Rules.opening`): without `any`, only one that sums melds and needs no
     * run (`_points_completable`) */
    PyObject *opening = rm_attr(rules, rm_names.s_opening);
    if (opening == NULL) {
        return -1;
    }
    int sums = truth_of(opening, s_sums_melds);
    int run = sums < 0 ? -1 : truth_of(opening, s_requires_run);
    int jokers_ok = run < 0 ? -1 : truth_of(opening, rm_names.s_allows_jokers);
    int searched = jokers_ok >= 0 && (any || (sums && !run));
    long threshold = -1, need = -1;
    int run_missing = 0;
    if (searched) {
        /* what the staged melds miss (`Opening.shortfall`); with none, the threshold and
         * the run where one is required */
        PyObject *value = rm_attr(opening, s_threshold);
        threshold = value == NULL ? -1 : PyLong_AsLong(value);
        Py_XDECREF(value);
        if (staged == NULL) {
            need = threshold < 0 ? 0 : threshold;
            run_missing = run;
        }
        else if (threshold != -1 || !PyErr_Occurred()) {
            need = shortfall_points(opening, staged, &run_missing);
        }
    }
    Py_DECREF(opening);
    if (jokers_ok < 0 || PyErr_Occurred()) {
        return -1;
    }
    if (!searched) {
        return 0; /* one meld alone, or a run: the Python core's */
    }
    int must_discard = truth_of(rules, rm_names.s_discard_to_go_out);
    if (must_discard < 0) {
        return -1;
    }
    if ((!any && need <= 0) || need < 0 || need > INT_MAX / 2 || threshold < INT_MIN / 2
        || threshold > INT_MAX / 2) {
        return 0; /* every meld completes it: no search to ask */
    }
    rm_packer *packer = rm_packer_new(counts, shape, jokers_ok);
    if (packer == NULL) {
        return PyErr_Occurred() ? -1 : 0;
    }
    search->packer = packer;
    search->need = (int)need;
    search->threshold = (int)threshold;
    search->sums = sums;
    search->run_missing = run_missing;
    search->jokers_ok = jokers_ok;
    search->must_discard = must_discard;
    /* `lay_down_possible`: melds of the hand worth what is missing, or under the waiver the
     * hand melded but for a last discard (`hand_romme_completable`; two cards in no meld
     * cannot be, `searches.dead`). The searches of the pool `search_pool` names (the hand
     * and the last staged meld) answer for the hand as those of the hand do: C searches the
     * hand. */
    int possible = need <= 0 ? 1 : reached(rm_packer_value(packer, counts, 0, 0), (int)need);
    if (possible == 0 && search->waiver) {
        unsigned char hand[RM_CODES];
        memcpy(hand, counts, sizeof hand);
        possible = all_but_a_discard(search, hand, locked >= 0 && hand[locked] == 1 ? locked : -1);
    }
    if (possible == RM_PACK_UNDECIDED) {
        rm_opening_clear(search);
        return 0;
    }
    search->possible = possible;
    return 1;
}

int
rm_opening_within(const unsigned char counts[RM_CODES], const rm_shape *shape,
                  PyObject *position, PyObject *rules, PyObject *turn, int locked,
                  rm_opening_search *search)
{
    return opening_within(counts, shape, position, rules, turn, locked, NULL, 0, search);
}

int
rm_opening_within_any(const unsigned char counts[RM_CODES], const rm_shape *shape,
                      PyObject *position, PyObject *rules, PyObject *turn, int locked,
                      PyObject *staged, rm_opening_search *search)
{
    return opening_within(counts, shape, position, rules, turn, locked, staged, 1, search);
}

/* `Packer.reaches(cards, need, cover, use_jokers)`: a packing of `cards` as `cover` and
 * `use_jokers` ask, worth `need` or more: 1, 0, or RM_PACK_UNDECIDED. */
static int
reaches(rm_packer *packer, const unsigned char cards[RM_CODES], int need, int cover,
        int use_jokers)
{
    int value = rm_packer_value(packer, cards, cover, use_jokers);
    if (value == RM_PACK_UNDECIDED) {
        return RM_PACK_UNDECIDED;
    }
    return value != RM_PACK_NONE && value >= need;
}

/* Whether `meld` lies within `cards` (`fits`). */
static int
meld_fits(const rm_pack_meld *meld, const unsigned char cards[RM_CODES])
{
    for (int j = 0; j < meld->distinct; j++) {
        if (cards[meld->codes[j]] < meld->copies[j]) {
            return 0;
        }
    }
    return 1;
}

/* Take `meld` out of `cards` (`sign` -1), or put it back (+1). */
static void
move_meld(const rm_pack_meld *meld, unsigned char cards[RM_CODES], int sign)
{
    for (int j = 0; j < meld->distinct; j++) {
        cards[meld->codes[j]] = (unsigned char)(cards[meld->codes[j]] + sign * meld->copies[j]);
    }
}

/* What a lay-down's staged melds miss (`Opening.shortfall`, as `_run_or_meld_completable`
 * reads it): the points, one meld alone worth `alone` (0: any), and whether a run. */
typedef struct {
    int points, alone, run;
} rm_short;

/* `_run_or_meld_completable`'s `reachable`: whether melds from `cards` (changed, and
 * restored) complete the opening as `short_` asks, with `cover` every natural card melded,
 * with `use_jokers` every joker too: 1, 0, or RM_PACK_UNDECIDED. The searches decide only
 * whether the rest reaches what is missing. */
static int
reachable(const rm_opening_search *search, unsigned char cards[RM_CODES], int cover,
          int use_jokers, const rm_short *short_)
{
    rm_packer *packer = search->packer;
    int melds = packer->first[RM_JOKER_CODE];
    int found = 0;
    for (int i = 0; i < melds && found == 0; i++) {
        const rm_pack_meld *meld = &packer->melds[i];
        if (search->sums ? !meld->run : meld->value < short_->alone) {
            continue; /* a run still to lay (`runs`), or one meld alone (`melds_worth`) */
        }
        if (!meld_fits(meld, cards)) {
            continue;
        }
        move_meld(meld, cards, -1);
        if (search->sums) {
            /* a run that fits, and the rest adds up */
            found = reaches(packer, cards, short_->points - meld->value, cover, use_jokers);
        }
        else {
            /* the meld alone, with a run among the melds where one is needed */
            int run_ready = !short_->run || meld->run;
            for (int j = 0; j < melds && !run_ready; j++) {
                run_ready = packer->melds[j].run && meld_fits(&packer->melds[j], cards);
            }
            found = !run_ready ? 0 : !cover ? 1 : reaches(packer, cards, 0, cover, use_jokers);
        }
        move_meld(meld, cards, 1);
    }
    return found;
}

/* `_run_or_meld_completable` of the hand `rest` (changed, and restored), `kept` the card
 * that may not be the discard (-1 none): 1, 0, or RM_PACK_UNDECIDED. A card no meld takes
 * leaves what is left packing as the whole (`searches.dead`): the loop over the natural
 * cards finds it. */
static int
run_or_meld_completable(const rm_opening_search *search, unsigned char rest[RM_CODES],
                        int kept, const rm_short *short_)
{
    int found;
    if (!search->must_discard) {
        /* everything laid: going out by melding */
        found = reachable(search, rest, 1, 1, short_);
        if (found != 0) {
            return found;
        }
    }
    for (int code = 0; code < RM_JOKER_CODE; code++) {
        if (!rest[code] || code == kept) {
            continue;
        }
        rest[code]--;
        found = reachable(search, rest, 0, 0, short_);
        rest[code]++;
        if (found != 0) {
            return found;
        }
    }
    if (rest[RM_JOKER_CODE] && kept != RM_JOKER_CODE) {
        /* keep only jokers: every natural card melded, at least one joker left */
        rest[RM_JOKER_CODE]--;
        found = reachable(search, rest, 1, 0, short_);
        rest[RM_JOKER_CODE]++;
        return found;
    }
    return 0;
}

/* `_towards_opening` of the hand left once `option` is laid from `counts`, where a run is
 * still to lay or one meld alone must reach the threshold (`short_`), `locked` the card
 * that may not be discarded (-1 none): 1, 0, or RM_PACK_UNDECIDED. */
static int
run_or_meld_allows(const rm_opening_search *search, const unsigned char counts[RM_CODES],
                   const rm_option *option, int locked, const rm_short *short_)
{
    unsigned char rest[RM_CODES];
    memcpy(rest, counts, sizeof rest);
    for (int i = 0; i < option->size; i++) {
        rest[option->codes[i]]--;
    }
    int empty = 1;
    for (int code = 0; code < RM_CODES && empty; code++) {
        empty = !rest[code];
    }
    if (empty) {
        /* the hand melded: refused under discard_to_go_out, else a Hand-Rommé where the
         * waiver applies (`opening_completable` of no card is false) */
        return !search->must_discard && search->waiver;
    }
    int kept = locked >= 0 && rest[locked] == 1 ? locked : -1; /* `kept_back` */
    int found = run_or_meld_completable(search, rest, kept, short_);
    if (found == 0 && search->waiver) {
        found = all_but_a_discard(search, rest, kept); /* `hand_romme_completable` */
    }
    return found;
}

int
rm_opening_allows(const rm_opening_search *search, const unsigned char counts[RM_CODES],
                  const rm_option *option, int locked)
{
    if (option->jokers && !search->jokers_ok) {
        return 0; /* `Opening.admits`: Reason.OPENING_JOKER */
    }
    /* what the staged melds miss once it is laid (`_staged_with`, `Opening.missing`): the
     * points its value leaves, summed or (one meld alone) the better of the two; a run,
     * unless it is one */
    rm_short short_ = {search->need - option->value, 0, search->run_missing && !option->run};
    if (!search->sums) {
        short_.points = search->threshold - option->value;
        short_.points = short_.points < search->need ? short_.points : search->need;
    }
    short_.points = short_.points < 0 ? 0 : short_.points;
    if (!short_.points && !short_.run) {
        return RM_OPENING_COMPLETES; /* `finisher` decides */
    }
    if (!search->sums || short_.run) {
        short_.alone = short_.points && !search->sums ? search->threshold : 0;
        return run_or_meld_allows(search, counts, option, locked, &short_);
    }
    int need = short_.points;
    /* `opening_completable` of the hand left (`_points_completable`) */
    unsigned char rest[RM_CODES];
    memcpy(rest, counts, sizeof rest);
    for (int i = 0; i < option->size; i++) {
        rest[option->codes[i]]--;
    }
    /* `kept_back`: the locked card, where the hand left holds it once */
    int kept = locked >= 0 && rest[locked] == 1 ? locked : -1;
    rm_packer *packer = search->packer;
    int found;
    if (!search->must_discard) {
        /* everything laid: going out by melding */
        found = reached(rm_packer_value(packer, rest, 1, 1), need);
        if (found != 0) {
            return found;
        }
    }
    found = reached(rm_packer_value(packer, rest, 0, 0), need);
    if (found != 1) {
        /* even melding every card left would not reach it: under the waiver, melding all
         * but a last discard (`hand_romme_completable`) */
        return found == 0 && search->waiver ? all_but_a_discard(search, rest, kept) : found;
    }
    /* a natural card discarded (one that no meld takes among them: `searches.dead`) */
    for (int code = 0; code < RM_JOKER_CODE; code++) {
        if (!rest[code] || code == kept) {
            continue;
        }
        rest[code]--;
        found = reached(rm_packer_value(packer, rest, 0, 0), need);
        rest[code]++;
        if (found != 0) {
            return found;
        }
    }
    if (rest[RM_JOKER_CODE] && kept != RM_JOKER_CODE) {
        /* keep only jokers: every natural card melded, at least one joker left */
        rest[RM_JOKER_CODE]--;
        found = reached(rm_packer_value(packer, rest, 1, 0), need);
        rest[RM_JOKER_CODE]++;
        if (found != 0) {
            return found;
        }
    }
    return search->waiver ? all_but_a_discard(search, rest, kept) : 0;
}

void
rm_opening_clear(rm_opening_search *search)
{
    rm_packer_free(search->packer);
    search->packer = NULL;
}
