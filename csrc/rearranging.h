/* Räuber-Rommé's table cards (rules §13, ASS S. 2–3): the take of a card from a table meld,
 * in C (rearranging.c), and the verdict of play.c that it asks.
 */
#ifndef ROMME_CTURN_REARRANGING_H
#define ROMME_CTURN_REARRANGING_H

#include "play.h"

/* -- play.c ------------------------------------------------------------------------ */

/* `_rob_refused` (romme/_turn/rearranging.py) past `rearrange` and the phase, as play.c's
 * listing asks it: outside the first go-round (ASS S. 1), not after a take that may have
 * failed by a seat that has not opened (`unopened`), not refused to such a seat by
 * `rearrange_needs_opened`, with a table take left (`max_table_takes`), for `turn` among
 * `seats` seats under `rules`: 1 where a card may be taken from the table, 0 where not or
 * where the Python core answers, -1 with an exception set. */
int rm_play_rob_allowed(PyObject *rules, PyObject *turn, Py_ssize_t seats, int unopened);

/* -- rearranging.c ----------------------------------------------------------------- */

/* Fill the names rearranging.c reads; 0, or -1 with an exception set. */
int rm_rearranging_init(void);

/* Whether the slice decides the TakeFromTable `action` by `player` in `state` and finds it
 * legal (mirrors romme/_turn/rearranging.py, `rob` where it finds no problem): 1, 0 where
 * it does not decide it or would refuse it, -1 with an exception set. */
int rm_rob_legal(PyObject *state, PyObject *action, PyObject *player);

/* The state after the TakeFromTable `action` by `player` in `state` (mirrors
 * romme/_turn/engine.py, `apply` of `rob`'s effect: the turn goes on): a new GameState,
 * Py_NotImplemented (a new reference), or NULL with an exception set. */
PyObject *rm_rob_apply(PyObject *state, PyObject *action, PyObject *player);

/* Whether the slice decides the TakeBack `action` by `player` in `state`, in a turn that
 * took table cards (`turn.before`), and finds it legal (mirrors romme/_turn/checker.py,
 * `take_back_refused` and `_take_back` where it restores the table): 1, 0, -1. */
int rm_restore_legal(PyObject *state, PyObject *action, PyObject *player);

/* The state after that take-back (mirrors romme/_turn/rearranging.py's `restore` and
 * engine.py's `apply` of it: the turn goes on): a new GameState, Py_NotImplemented (a new
 * reference), or NULL with an exception set. */
PyObject *rm_restore_apply(PyObject *state, PyObject *action, PyObject *player);

#endif
