/* The coded position (mirrors romme/_turn/position.py: `Pos`, `read_position`).
 *
 * The C core reads a `GameState` into this struct, the fields the Python
 * core's `Pos` holds, in coded form: the hand as the count of each card
 * code (0-51 natural cards, 52 the joker: `romme.cards.Card.code`), the top
 * discard as its code. It reads only what the slices written so far need,
 * and only once a slice has said it will answer. Everything else stays
 * Python objects, read through the names in `rm_names`.
 */
#ifndef ROMME_CTURN_POSITION_H
#define ROMME_CTURN_POSITION_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define RM_JOKER_CODE 52
#define RM_CODES 53

/* Replace the strong reference in `slot` by `value` (CPython's Py_SETREF, which the
 * limited API lacks). */
#define RM_SETREF(slot, value)                                                             \
    do {                                                                                   \
        PyObject *rm_old_ = (PyObject *)(slot);                                            \
        (slot) = (value);                                                                  \
        Py_XDECREF(rm_old_);                                                               \
    } while (0)

/* The Python objects the C core compares with or builds: interned attribute
 * names, enum members and the action classes' values (romme.game,
 * romme.rules). Filled once when the module is imported (rm_names_init);
 * every entry is a strong reference held for the life of the process. */
typedef struct {
    /* attribute names: those position.c reads, and every name two or more slices read (a
     * name one slice alone reads is interned in its file) */
    PyObject *s_phase, *s_rules, *s_hands, *s_current_player, *s_stock, *s_discard_pile,
        *s_turn, *s_code, *s_take_discard, *s_next_player_buys, *s_last_card_stock_only,
        *s_rediscard_taken, *s_joker_discard, *s_to_go_out, *s_claims_played, *s_use,
        *s_coded, *s_taken, *s_taken_in_hand, *s_card, *s_table, *s_staged, *s_fresh,
        *s_borrowed, *s_opened, *s_dealt_in, *s_number, *s_jokers_only_ends_round, *s_claim,
        *s_buyer, *s_passed, *s_consented, *s_turn_of, *s_knocking, *s_buying, *s_hand,
        *s_stock_size, *s_player, *s_before, *s_rearrange, *s_table_takes, *s_target, *s_meld,
        *s_cards, *s_kind, *s_position, *s_announce, *s_announced, *s_side, *s_jokers,
        *s_laid_off, *s_taken_staged, *s_first_to_open, *s_opened_before, *s_discard_to_go_out,
        *s_swapped_joker, *s_swap_back_same_meld, *s_opening, *s_allows_jokers, *s_shortfall,
        *s_points;
    /* the names of two rule fields, shortened: "indirect_layoff_only_to_go_out" and
     * "hand_romme_waives_threshold" */
    PyObject *s_indirect_only, *s_waives;
    /* the classes and values the slices compare with */
    PyObject *GameState;
    PyObject *PlayerView;
    PyObject *TurnState;
    PyObject *Discard;
    PyObject *ClaimWindow;
    PyObject *TableMeld;
    PyObject *phase_claim;
    PyObject *phase_draw;
    PyObject *phase_play;
    PyObject *take_free;
    PyObject *joker_last_card_only;
    /* the actions the draw phase and the claim window list, built once by calling their
     * classes */
    PyObject *draw, *take_discard, *buy, *knock, *pass, *consent, *refuse;
    /* the TakeBack the play phase lists, built once by calling its class; and the Card of
     * each code (a tuple of 53, `Card.from_code`'s cards) */
    PyObject *take_back, *cards;
    /* the next state's parts: the attrs fields of GameState and TurnState, in order (tuples
     * of interned names), object.__new__, and romme.melds' UNITS (the packed multiset of
     * one card of each code, a tuple of 53 ints) */
    PyObject *state_fields, *turn_fields, *claim_fields, *table_fields, *object_new, *units;
    /* romme.game's `asked_seat` and `claimants`: the seat a claim window asks now, and the
     * seats a window opening asks */
    PyObject *asked_seat, *claimants;
    /* romme/_turn/engine.py's `turn_begun`: the bookkeeping of a turn as it begins */
    PyObject *turn_begun;
} rm_names_t;

extern rm_names_t rm_names;

/* Put the interned string `name` (a new reference) in `slot`: 0, or -1 with an exception
 * set. */
int rm_intern(PyObject **slot, const char *name);

/* `getattr(import(module), name)`: a new reference, or NULL with an exception set. */
PyObject *rm_module_attr(const char *module, const char *name);

/* The names of the attrs fields of `cls`, in order (a new tuple of interned str) in `slot`:
 * 0, or -1 with an exception set. */
int rm_field_names(PyObject **slot, PyObject *cls);

/* Fill `rm_names`; 0 on success, -1 with an exception set. */
int rm_names_init(void);

/* The position of the player to act, as the slices read it (a `Pos`). */
typedef struct {
    PyObject *state;      /* borrowed: the GameState (or PlayerView) read */
    PyObject *rules;      /* strong */
    PyObject *turn;       /* strong */
    PyObject *hand;       /* strong: the hand of the player to act, a tuple of cards */
    Py_ssize_t hand_size;
    unsigned char counts[RM_CODES]; /* copies of each card code in hand (read_hand) */
    Py_ssize_t pile_size;
    int top_discard;      /* the top discard's code, -1 for an empty pile */
    Py_ssize_t stock_size;
} rm_pos;

/* Read the fields of `state` (a GameState whose phase the caller read, or the PlayerView
 * of the seat to act, for the slices that list moves) that every slice needs: rules, turn, the hand to act, the discard pile's size and top card, the
 * stock's size. The hand's cards are counted by rm_read_hand, only when asked.
 * 0 on success, -1 with an exception set (rm_pos_clear is still to be called). */
int rm_read_position(PyObject *state, rm_pos *pos);

/* Count the hand's cards by code into `pos->counts`; 0, or -1 with an exception set. */
int rm_read_hand(rm_pos *pos);

/* The hand's packed multiset (romme/_turn/position.py, `hand_key`): the key the state
 * keeps, or the hand's cards (`pos->counts`, read) packed and kept on it as `hand_key`
 * keeps them. A new reference, or NULL with an exception set. */
PyObject *rm_hand_key(rm_pos *pos);

/* Put `value` (stolen: NULL is passed on as a failure) into `changes` under `name`, as the
 * next state's field; 0, or -1 with an exception set. */
int rm_change(PyObject *changes, PyObject *name, PyObject *value);

/* Put into `changes` (under "hands") the hands of `state` with the one of `seat` replaced
 * by `hand` (borrowed), as romme/_turn/engine.py's `_next_state` builds them. 0, or -1
 * with an exception set. */
int rm_change_hand(PyObject *state, Py_ssize_t seat, PyObject *hand, PyObject *changes);

/* Drop the references `pos` holds. */
void rm_pos_clear(rm_pos *pos);

/* `PyObject_GetAttr(obj, name)` with `name` an interned str: the same value, read directly
 * from its slot where `obj`'s type has the generic lookup and `name` is a slot of it (the
 * descriptor found once, by type and name). A new reference, or NULL with an exception set. */
PyObject *rm_attr(PyObject *obj, PyObject *name);

/* A bool attribute of `obj`: 1 true, 0 false, -1 with an exception set. */
int rm_flag(PyObject *obj, PyObject *name);

/* Whether attribute `name` of `obj` is `value` (an identity test, as the Python core's
 * `is`): 1, 0, or -1 with an exception set. */
int rm_is(PyObject *obj, PyObject *name, PyObject *value);

/* The code of `card` (a Card of a checked state or action): 0-52, or -1 with an
 * exception set. */
int rm_code_of(PyObject *card);

/* A new instance of `cls` (a slotted attrs class) with the fields `names` (a tuple of
 * interned names) of `old`, but where `changes` (a dict of field name to value) says
 * otherwise, each set through its slot, as the classes' `_of` and `_copy` set them; with
 * `old` NULL, `changes` names every field. A new reference, or NULL with an exception set. */
PyObject *rm_copy_with(PyObject *cls, PyObject *names, PyObject *old, PyObject *changes);

/* A new instance of `cls` (a slotted attrs class) with `values` (borrowed, one a name of
 * `names`) for its fields `names`, each set through its slot, as the classes' `_of` set
 * them. A new reference, or NULL with an exception set. */
PyObject *rm_build(PyObject *cls, PyObject *names, PyObject *const *values);

/* A new tuple of the items of `tuple` but `item` (borrowed) at `at`; NULL with an exception
 * set. */
PyObject *rm_tuple_with(PyObject *tuple, Py_ssize_t at, PyObject *item);

/* Whether `player` (None, or the seat the caller named) is the seat to act in `state`, as
 * `position_for` reads it: 1; 0 where the Python core answers (another seat, refused
 * with Reason.NOT_YOUR_TURN, or no int, its TypeError); -1 with an exception set. */
int rm_player_acts(PyObject *state, PyObject *player);

/* The prologue of each slice's verdict on a move: whether `move` is of the class `type`,
 * `state` a GameState in the phase `phase` and `player` the seat to act. 1; 0 where the
 * Python core answers (another move, a view, Reason.WRONG_PHASE, a round over, another
 * seat); -1 with an exception set. */
int rm_seat_move(PyObject *state, PyObject *move, PyObject *type, PyObject *phase,
                 PyObject *player);

/* The draw phase's legal moves (mirrors romme/_turn/generator.py, the draw branch
 * of `_moves`): a new tuple, Py_NotImplemented (a new reference) for a position the
 * slice does not decide, or NULL with an exception set. `state` is a GameState in
 * the draw phase. */
PyObject *rm_draw_phase_moves(PyObject *state);

/* Whether the draw phase's slice decides `action` by `player` (None, or the seat as the
 * checker reads it) in `state` and finds it legal: 1, 0 where the slice does not decide
 * it or would refuse it (the Python core then builds the refusal), -1 with an exception
 * set. `state` is any object; `action` and `player` are the caller's. */
int rm_draw_phase_legal(PyObject *state, PyObject *action, PyObject *player);

/* The state after `action` by `player` in `state` (mirrors romme/_turn/engine.py, `apply`
 * of a draw, a free take or a purchase): a new GameState, Py_NotImplemented (a new
 * reference) where the slice does not decide the action, finds it illegal or a claim
 * window would open, or NULL with an exception set. */
PyObject *rm_draw_phase_apply(PyObject *state, PyObject *action, PyObject *player);

/* Whether the discard's slice decides `action` by `player` in `state` and finds it legal
 * (mirrors romme/_turn/checker.py, `_discard_problem` where it finds no problem): 1, 0
 * where the slice does not decide it or would refuse it, -1 with an exception set. */
int rm_discard_legal(PyObject *state, PyObject *action, PyObject *player);

/* The state after the discard `action` by `player` in `state` (mirrors
 * romme/_turn/engine.py, `apply` of a discard that ends the turn): a new GameState,
 * Py_NotImplemented (a new reference) where the slice does not decide it, or NULL with
 * an exception set. */
PyObject *rm_discard_apply(PyObject *state, PyObject *action, PyObject *player);

/* The claim window's answers (mirrors romme/_turn/claiming.py, `claim_answers`): a new
 * tuple, or NULL with an exception set. `state` is a GameState in the claim phase. */
PyObject *rm_claim_phase_moves(PyObject *state);

/* Whether the claim window's slice decides the answer `action` by `player` in `state` and
 * finds it legal: 1, 0 where it does not decide it or would refuse it, -1 with an
 * exception set. */
int rm_claim_legal(PyObject *state, PyObject *action, PyObject *player);

/* The state after the answer `action` by `player` in `state` (mirrors
 * romme/_turn/engine.py, `apply` of a claim answer): a new GameState, Py_NotImplemented
 * (a new reference) where the slice does not decide it, or NULL with an exception set. */
PyObject *rm_claim_apply(PyObject *state, PyObject *action, PyObject *player);

#endif
