/* The meld enumeration of a hand (mirrors romme/melds/_search/enumeration.py: `options_in`,
 * `meld_places`, `rank_options`, `suit_options`, `_joker_places`, and build.py's
 * `set_option`, `run_options`, `option_cards`).
 *
 * The options of a hand's card counts under the meld shape of the rules, in exactly the
 * order of `options_in`: the sets by rank, then the runs by suit, each in the order of
 * `rank_options` and `suit_options`. An option holds what a listing needs: its cards in
 * table order, its kind, value and jokers, and the recipe `options_in` keeps (a set's
 * natural cards, a run's suit, start, length and joker places).
 */
#ifndef ROMME_CTURN_MELDS_H
#define ROMME_CTURN_MELDS_H

#include "position.h"

/* One meld found (an `Option` of build.py, without its packed form). */
typedef struct {
    unsigned char run;        /* 1 a run, 0 a set */
    unsigned char size;       /* its cards */
    unsigned char jokers;     /* its jokers */
    unsigned char lowest;     /* the code of its lowest natural card */
    short value;              /* its value (rules §3) */
    signed char start;        /* a run's first ordinal: -1 the low ace, 0 the two … */
    unsigned char suit;       /* a run's suit index */
    unsigned short mask;      /* a run's joker places (bit p for place p) */
    unsigned char naturals;   /* a set's natural cards */
    unsigned char distinct;   /* a set's recipe: the shape's distinct suits */
    unsigned char codes[14];  /* its cards in table order, RM_JOKER_CODE for a joker */
} rm_option;

/* A growing array of options. */
typedef struct {
    rm_option *items;
    Py_ssize_t count, capacity;
} rm_options;

/* The meld shape of some rules (romme/rules/_shape.py, `MeldShape`), read once per call. */
typedef struct {
    int distinct_suits;
    int ace_wraps;
    int limit;     /* the index of its JokerLimit member in the class's order */
    int adjacency; /* the index of its AdjacentJokers member in the class's order */
} rm_shape;

/* Read the rules' meld shape through `shape_of` (romme.rules). 0, or -1 with an exception
 * set. */
int rm_shape_read(PyObject *rules, rm_shape *shape);

/* Append to `found` the options of the hand `counts` (copies of each card code) under
 * `shape`, in the order of `options_in`. 0, or -1 with an exception set (MemoryError). */
int rm_options_in(const unsigned char counts[RM_CODES], const rm_shape *shape,
                  rm_options *found);

/* The distinct choices of `size` cards of the sorted `pool` (card codes, `pooled` of them),
 * in the order of their first appearance among `itertools.combinations(pool, size)`: `at`
 * holds the indices of one choice. rm_first_choice sets the first (size 0: the empty one);
 * rm_next_choice moves to the next, skipping a card equal to the one before it at the same
 * place. Each returns 1, or 0 where there is none. */
int rm_first_choice(int *at, int size, int pooled);
int rm_next_choice(int *at, int size, const int *pool, int pooled);

/* Free the options' storage. */
void rm_options_clear(rm_options *found);

/* Whether two jokers may lie side by side in a run of `length` cards under `shape`
 * (romme.rules' `jokers_may_touch`, read from it at import): 1 or 0. */
int rm_jokers_may_touch(const rm_shape *shape, int length);

/* The most jokers a meld of `naturals` natural cards may hold under `shape` (romme.rules'
 * `most_jokers`, read from it at import; 99 for no limit). */
int rm_most_jokers(const rm_shape *shape, int naturals);

/* Whether no lay-down of a seat that has not opened, holding the hand `counts`, is possible,
 * by a sound bound on romme/_turn/opening.py's `lay_down_possible` (with `card` a code, no
 * lay-down holding that card, as `melds_with` finds them; -1 for any): 1 where it is proved
 * (no meld holds the card; or, with no meld staged on `table`, the value of every card some
 * meld takes, each at its highest, misses the opening, or the opening search finds no
 * packing worth it (`rm_lay_down_possible`), and the Hand-Rommé waiver is off or two cards
 * lie in no meld); 0 where the search must decide; -1 with an exception set. */
int rm_opening_out_of_reach(const unsigned char counts[RM_CODES], PyObject *rules,
                            PyObject *table, int card);

/* `rm_opening_out_of_reach` of any lay-down without the opening search: 1 where no meld of
 * the hand, or the bound, proves no lay-down possible (and the waiver is off or two cards
 * lie in no meld); 0 where a search must decide (the caller's: `rm_opening_within_any`
 * builds it once for `lay_down_possible` and the lay-downs), or melds are staged; -1 with an
 * exception set. */
int rm_opening_out_of_bound(const unsigned char counts[RM_CODES], PyObject *rules,
                            PyObject *table);

/* The card counts of the packed multiset `key` (romme/melds/_search/packed.py: five bits a
 * code); 0, or -1 with an exception set. */
int rm_counts_of_key(PyObject *key, unsigned char counts[RM_CODES]);

/* -- the opening search (opening.c) -- */

/* A search's answer that C does not give: the Python core decides. */
#define RM_PACK_UNDECIDED 2

/* The packing searches within one hand, the pool (romme/melds/_search/packing.py's
 * `Packer`, the plain values of its `search`). */
typedef struct rm_packer rm_packer;

/* The packer of the hand `pool` under `shape`, its melds without jokers unless `jokers_ok`;
 * NULL with an exception set, or NULL without one for a pool C does not search (more than
 * 40 cards, or more than 15 copies of a code). */
rm_packer *rm_packer_new(const unsigned char pool[RM_CODES], const rm_shape *shape,
                         int jokers_ok);

/* Free a packer (NULL too). */
void rm_packer_free(rm_packer *packer);

/* `packing_value` of `counts` (within the pool): the greatest value of disjoint melds of it,
 * every natural card melded with `cover` and every joker too with `use_jokers`, -1 where
 * none is as asked (`Packer.search(cover, use_jokers)`); RM_PACK_UNDECIDED where the search
 * would grow past its memo's bound. */
int rm_packer_value(rm_packer *packer, const unsigned char counts[RM_CODES], int cover,
                    int use_jokers);

/* Whether disjoint melds of the hand `counts` are worth `missing` (`Packer.reaches(key,
 * missing)` of the packer of the hand, with `jokers_ok`): 1 or 0, RM_PACK_UNDECIDED where
 * the search is the Python core's, -1 with an exception set. */
int rm_lay_down_possible(const unsigned char counts[RM_CODES], const rm_shape *shape,
                         int jokers_ok, long missing);

/* The opening search of a seat that has not opened, under any opening, with nothing staged
 * or with melds staged this turn, whose lay-downs the C core lists (`lay_down_allowed`,
 * `opening_completable`). */
typedef struct {
    rm_packer *packer; /* the searches within the hand (NULL: none) */
    int need;          /* the points missing: the threshold, or what the staged melds miss */
    int threshold;     /* `Opening.threshold` */
    int sums;          /* `Opening.sums_melds` (else one meld alone must reach it) */
    int run_missing;   /* a run still to lay (`Shortfall.run`) */
    int jokers_ok;     /* `Opening.allows_jokers` */
    int must_discard;  /* discard_to_go_out */
    int waiver;        /* `waiver_applies`: the Hand-Rommé waiver (DRoV Nr. 10) */
    int possible;      /* `lay_down_possible` */
} rm_opening_search;

/* A lay-down's verdict that completes the opening: `finisher` decides. */
#define RM_OPENING_COMPLETES 3

/* Set up `search` for the hand `counts` of the seat to act of `position`, which has not
 * opened, nothing staged, in `turn` (borrowing no table card) under `rules` (meld shape
 * `shape`), `locked` the card that may not be discarded (`locked_code`, -1 none): 1 where
 * the C core lists its lay-downs (an opening that sums melds and needs no run, no failed
 * take; `possible` says whether `lay_down_possible`), 0 where the Python core lists them,
 * -1 with an exception set. Clear it with `rm_opening_clear`. */
int rm_opening_within(const unsigned char counts[RM_CODES], const rm_shape *shape,
                      PyObject *position, PyObject *rules, PyObject *turn, int locked,
                      rm_opening_search *search);

/* `rm_opening_within` for any opening (`Rules.opening`: one that needs a run, or one meld
 * alone worth the threshold, too), with nothing staged (`staged` NULL) or with the melds
 * `staged` (a list of Meld) laid this turn towards it (rules §5): what is missing is what
 * they miss (`Opening.shortfall`), and a taken card out of the hand (in a staged meld, or
 * melded after a free take) leaves the search to C unless the take failed
 * (`failed_take_discards`). */
int rm_opening_within_any(const unsigned char counts[RM_CODES], const rm_shape *shape,
                          PyObject *position, PyObject *rules, PyObject *turn, int locked,
                          PyObject *staged, rm_opening_search *search);

/* Whether `lay_down_allowed` allows laying `option` from the hand `counts` towards the
 * opening (a search of `rm_opening_within`, or of `rm_opening_within_any` under any
 * opening: what the staged melds and the meld miss, `Opening.missing`), `locked` the card
 * that may not be discarded once it is laid (-1 none): 1, 0, RM_OPENING_COMPLETES where it
 * completes the opening (`finisher` decides), or RM_PACK_UNDECIDED where the search is the
 * Python core's. */
int rm_opening_allows(const rm_opening_search *search, const unsigned char counts[RM_CODES],
                      const rm_option *option, int locked);

/* Free the search's packer. */
void rm_opening_clear(rm_opening_search *search);

/* _cturn._reaches(key, rules, jokers_ok, need): `rm_lay_down_possible` of the packed
 * multiset `key`, None where it is undecided, for the tests. */
PyObject *rm_reaches_hook(PyObject *key, PyObject *rules, PyObject *jokers_ok, PyObject *need);

/* Read the tables of the meld shape's rules from romme.rules; 0, or -1 with an exception
 * set. Called once, at import. */
int rm_melds_init(void);

/* _cturn._options(key, rules): the options of the packed multiset `key` as tuples equal to
 * `options_in(key, rules)`'s, for the tests. */
PyObject *rm_options_hook(PyObject *key, PyObject *rules);

/* -- the play phase of a seat that has opened (play.c) -- */

/* Fill the names the play phase reads; 0, or -1 with an exception set. */
int rm_play_init(void);

/* The play phase's legal moves of a seat that has opened (mirrors romme/_turn/generator.py,
 * `legal_moves` in the play phase): a new tuple, Py_NotImplemented (a new reference) for a
 * position the slice does not decide, or NULL with an exception set. `position` is a
 * GameState in the play phase, or the PlayerView of the seat to act in one. */
PyObject *rm_play_phase_moves(PyObject *position);

/* The takes of a seat that has opened under take_discard=immediate_use (mirrors
 * romme/_turn/generator.py, `_takes`, where `take_refused` lets the card be taken): the
 * top discard with each lay-down and each direct lay-off holding it, as a list of
 * TakeDiscard, in the generator's order; Py_NotImplemented (a new reference) where the
 * first go-round, announced jokers, the indirect lay-off or a turn bound to go out need
 * the Python core; NULL with an exception set. `pos` is read (rm_read_position) from
 * `position`, a GameState or the acting seat's PlayerView in the draw phase. */
PyObject *rm_opened_takes(PyObject *position, rm_pos *pos);

/* The takes of a seat that has not opened under take_discard=immediate_use, whose opening
 * may be within reach with the top discard (mirrors `_takes`: the lay-downs of `melds_with`
 * the card that `lay_down_allowed` allows on `with_discard_taken`, judged by the opening
 * search, csrc/opening.c), as a list of TakeDiscard; Py_NotImplemented (a new reference)
 * where the first go-round, announced jokers, a staged meld or a search C gives up need the
 * Python core; NULL with an exception set.
 * `pos` is read as for `rm_opened_takes`. */
PyObject *rm_unopened_takes(PyObject *position, rm_pos *pos);

#endif
