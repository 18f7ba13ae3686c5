/* The verdicts of the play phase that play.c states and laying.c shares (mirrors
 * romme/_turn/laying.py's `may_lay_off` and `lay_off_fit` with its `_extend`,
 * romme/_turn/swapping.py's `swap_joker`,
 * romme/_turn/ending.py's `finish`, romme/_turn/guards.py's `first_go_round` and
 * `after_use`): the listing asks them of the moves it builds, laying.c of the move a
 * caller gives, so that each rule is stated once in C.
 */
#ifndef ROMME_CTURN_PLAY_H
#define ROMME_CTURN_PLAY_H

#include "melds.h"

/* What the verdicts read of a position (play.c's listing state, opaque here). */
typedef struct rm_play rm_play;

/* A new, empty reader; NULL with MemoryError set. Freed by rm_laying_free. */
rm_play *rm_laying_new(void);

/* Drop the references `play_` holds and free it (NULL is allowed). */
void rm_laying_free(rm_play *play_);

/* Read the seat to act in `state` (a GameState in the play phase) as the verdicts of its
 * lay-downs and lay-offs read it: 1 where the seat has opened, in a turn that is not bound
 * to go out (DRoV Nr. 10), outside the first go-round (ASS S. 1), under rules that
 * announce no joker (Schmidt S. 3), holding table cards (`TurnState.borrowed`) only under
 * Räuber-Rommé (`rearrange`, rules §13: read as the listing reads them); 0 where the
 * Python core answers; -1 with an exception set. */
int rm_laying_read(rm_play *play_, PyObject *state);

/* Whether `may_lay_off` lets the seat read lay off (DRoV rule 9, `opening_turn_layoffs`). */
int rm_laying_may_lay_off(const rm_play *play_);

/* `finish` of the hand read once `cards` (`count` codes, held) went to the table, with
 * `after_use`: 1 where the turn goes on with a card in hand (going out is the Python
 * core's), 0 where not. */
int rm_laying_goes_on(const rm_play *play_, const unsigned char *cards, int count);

/* The position read (rm_read_position, its hand counted), and its table (borrowed). */
rm_pos *rm_laying_pos(rm_play *play_);
PyObject *rm_laying_table(rm_play *play_);

/* The code of the card the turn took while it is in hand (`after_use` frees it once
 * melded), -1 for none. */
int rm_laying_taken(const rm_play *play_);

/* `after_use` (romme/_turn/guards.py) of `cards` (`count` codes, held) going to the table
 * in the turn read, as the listing judges it: the table cards held that count as melded
 * again, by code into `melded` (RM_CODES counts) where it is not NULL; 1 where the taken
 * card in hand is melded beyond them (its lock freed, `taken_in_hand` cleared), else 0. */
int rm_laying_after_use(const rm_play *play_, const unsigned char *cards, int count,
                        unsigned char *melded);

/* `lay_off_fit`'s verdict on `cards` (`count` codes, held) laid off onto the table meld
 * `index`, `meld`, a run where `run`, at `*side` (None: a run's high end first, then its
 * low end; a set takes None only): 1 where they make a meld and the turn goes on (`finish`
 * of the hand left, not emptied: going out is the Python core's), `*side` then the end
 * they go to (None for a set) and `*target`/`*target_size` the meld's codes; 0 where the
 * Python core refuses it; -1 with an exception set. */
int rm_laying_layoff_fit(rm_play *play_, Py_ssize_t index, PyObject *meld, int run,
                         const unsigned char *cards, int count, PyObject **side,
                         const int **target, int *target_size);

/* Read the seat to act in `state` (a GameState in the play phase, or in the draw phase for
 * a take) as the opening search reads a seat that has NOT opened, whose play phase the
 * listing decides (`decides`): 1 where it has not opened, is not bound to go out, outside
 * the first go-round, under rules that announce no joker, with melds staged this turn
 * (rules §5: rm_laying_staged_count says how many) or none; under Räuber-Rommé
 * (`rearrange`, rules §13) with the table cards the turn holds (`TurnState.borrowed`,
 * read for `after_use`) and a table to restore (`TurnState.before`: rm_laying_restores)
 * or neither, but not after a take that may have failed; 0 where the Python core answers
 * (an opened seat among them); -1 with an exception set. It reads afresh what
 * rm_laying_read may have begun. */
int rm_laying_read_unopened(rm_play *play_, PyObject *state);

/* How many melds of the table read by rm_laying_read_unopened are staged. */
int rm_laying_staged_count(const rm_play *play_);

/* The staged melds of the table read (`staged_melds`): a new list of Meld, or NULL. */
PyObject *rm_laying_staged(rm_play *play_);

/* `lay_down_outcome` of the seat read by rm_laying_read_unopened laying `cards` (`count`
 * codes, held: with `take`, the hand read holds the top discard, `with_discard_taken`),
 * a meld worth `value` with `jokers` jokers (a run where `run`: it supplies the run an
 * opening may need), judged by the listing's verdict: the opening
 * search's (`rm_opening_within`, or with melds staged `rm_opening_within_any` of what they
 * miss; `rm_opening_allows`, csrc/opening.c) and `finish`. 1 where
 * the meld is staged towards the opening and the turn goes on (`_Laid.STAGED`),
 * RM_OPENING_COMPLETES where it completes the opening and the turn goes on with a card in
 * hand (`_Laid.OPENED`), 0 where the Python core answers (a refusal, the hand emptied,
 * an opening the C search does not decide), -1 with an exception set. */
int rm_laying_towards_opening(rm_play *play_, PyObject *state, const unsigned char *cards,
                              int count, int value, int jokers, int run, int take);

/* `swap_joker`'s verdict (play.c's, as `_swaps` lists the swaps) on the natural card `code`,
 * held by the seat read (rm_laying_read, which may lay off), swapped into the table meld
 * `entry` (its `meld`, announcing no joker): the place of the joker it takes, -1 where the
 * Python core answers (no joker swap, no joker of it stands for the card or
 * may go: DRoV rule 9, Streitfall 20, Schmidt S. 3), -2 with an exception set. */
int rm_laying_swap_place(rm_play *play_, PyObject *entry, PyObject *meld, int code);

/* Read the position `swapped` makes into the reader: `table` (borrowed) the table then, the
 * card `code` out of the hand's counts and the freed joker in, and `after_use` of the card:
 * a table card the turn holds melded again (Räuber-Rommé), else the taken card's lock freed
 * where it is that card. 1 where it freed the taken card in hand, else 0. */
int rm_laying_swapped(rm_play *play_, PyObject *table, int code);

/* How many table cards the turn read holds (`TurnState.borrowed`, Räuber-Rommé), less those
 * a swap read melded again (rm_laying_swapped). */
int rm_laying_holds(const rm_play *play_);

/* Whether the turn read has a table to restore (`TurnState.before`, Räuber-Rommé): its
 * take-back is `restore`, not that of the staged melds. */
int rm_laying_restores(const rm_play *play_);

/* -- laying.c ---------------------------------------------------------------------- */

/* Fill the names laying.c reads; 0, or -1 with an exception set. */
int rm_laying_init(void);

/* Whether the lay-off slice decides `action` by `player` in `state` and finds it legal
 * (mirrors romme/_turn/laying.py, `lay_off` where it finds no problem): 1, 0 where it
 * does not decide it or would refuse it, -1 with an exception set. */
int rm_layoff_legal(PyObject *state, PyObject *action, PyObject *player);

/* Whether the lay-down slice decides `action` by `player` in `state` and finds it legal
 * (mirrors romme/_turn/laying.py, `lay_down` of a seat that has opened, or of one that has
 * not, with melds staged or none, where it finds no problem): 1, 0, -1 with an exception
 * set. */
int rm_lay_down_legal(PyObject *state, PyObject *action, PyObject *player);

/* The state after the lay-down `action` by `player` in `state` (mirrors
 * romme/_turn/engine.py, `apply` of a seat laying a meld down, after which the turn goes
 * on: a seat that has opened, or one that stages the meld or completes its opening): a new
 * GameState, Py_NotImplemented (a new reference), or NULL. */
PyObject *rm_lay_down_apply(PyObject *state, PyObject *action, PyObject *player);

/* The state after the lay-off `action` by `player` in `state` (mirrors
 * romme/_turn/engine.py, `apply` of a lay-off after which the turn goes on): a new
 * GameState, Py_NotImplemented (a new reference) where the slice does not decide it, or
 * NULL with an exception set. */
PyObject *rm_layoff_apply(PyObject *state, PyObject *action, PyObject *player);

/* Whether the joker swap slice decides `action` (a SwapJoker) by `player` in `state` and
 * finds it legal (mirrors romme/_turn/swapping.py, `swap` by a seat that has opened, where
 * play.c lists swaps, where it finds no problem): 1, 0, -1 with an exception set. */
int rm_swap_legal(PyObject *state, PyObject *action, PyObject *player);

/* The state after the joker swap `action` by `player` in `state` (mirrors
 * romme/_turn/engine.py, `apply` of a swap whose joker goes to the hand or is laid down or
 * off, after which the turn goes on): a new GameState, Py_NotImplemented (a new
 * reference), or NULL with an exception set. */
PyObject *rm_swap_apply(PyObject *state, PyObject *action, PyObject *player);

/* Whether the take-back slice decides `action` (a TakeBack) by `player` in `state` and finds
 * it legal (mirrors romme/_turn/checker.py, `_take_back` of the melds staged by a seat that
 * has not opened, the taken card not among them as staged: `take_back_refused` finds no
 * problem): 1, 0, -1 with an exception set. */
int rm_take_back_legal(PyObject *state, PyObject *action, PyObject *player);

/* The state after the take-back `action` by `player` in `state` (mirrors
 * romme/_turn/engine.py, `apply` of that take-back: the turn goes on): a new GameState,
 * Py_NotImplemented (a new reference), or NULL with an exception set. */
PyObject *rm_take_back_apply(PyObject *state, PyObject *action, PyObject *player);

#endif
