/* romme._cturn, the optional accelerator of the turn core (mirrors romme/_turn/pure.py:
 * `legal_actions`, `check`, `is_legal`, `apply`).
 *
 * Each function answers in full for the positions a slice decides exactly and returns
 * NotImplemented for every other; romme/_turn/dispatch.py then asks the pure Python
 * function, which is the statement of every rule. The arguments come positionally from
 * the dispatch, `player` as None where the caller gave none; each function takes them
 * as the Python function does and checks nothing the Python function checks: a position
 * it does not recognise is the Python core's.
 *
 * Slices today: the draw phase (draw.c): its legal moves, and `check`, `is_legal` and
 * `apply` of a draw, a free take and a purchase where they are legal; the discard
 * (discard.c): `check` and `is_legal` of a discard, and `apply` of one that ends the turn;
 * the claim window (claims.c): its answers, their verdicts and their next states; the play
 * phase's moves of a seat that has opened, and of one whose opening is out of reach (play.c,
 * with the meld enumeration of melds.c); the lay-off and the lay-down of a seat that has
 * opened, alone or as the use of a take under immediate_use, and the lay-down towards the
 * opening of a seat that has not, with melds staged or none, the take-back of its staged
 * melds, and the joker swap of a seat that has opened (laying.c, with play.c's verdicts
 * and the opening search): `check`, `is_legal`, and `apply` where the turn goes on; a card
 * taken from the table under Räuber-Rommé, and the take-back that restores the table
 * (rearranging.c): `check`, `is_legal`, `apply`.
 * Written against the limited API
 * of Python 3.10 (Py_LIMITED_API), so that one build serves every later Python.
 */
#include "rearranging.h"

static int
arity(const char *name, Py_ssize_t nargs, Py_ssize_t expected)
{
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, expected,
                     nargs);
        return -1;
    }
    return 0;
}

/* legal_actions(position): the legal moves, or NotImplemented. */
static PyObject *
legal_actions(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (arity("legal_actions", nargs, 1) < 0) {
        return NULL;
    }
    PyObject *position = args[0];
    PyObject *type = (PyObject *)Py_TYPE(position);
    if (type == rm_names.PlayerView) {
        /* the view of the seat to act, as the state; another seat's view lists nothing */
        PyObject *viewer = rm_attr(position, rm_names.s_player);
        int acts = viewer == NULL ? -1 : rm_player_acts(position, viewer);
        Py_XDECREF(viewer);
        if (acts <= 0) {
            if (acts < 0) {
                return NULL;
            }
            Py_RETURN_NOTIMPLEMENTED;
        }
    }
    else if (type != rm_names.GameState) {
        Py_RETURN_NOTIMPLEMENTED; /* no position at all: the TypeError is Python's */
    }
    PyObject *phase = rm_attr(position, rm_names.s_phase);
    if (phase == NULL) {
        return NULL;
    }
    Py_DECREF(phase); /* an enum member: the Phase class holds it */
    if (phase == rm_names.phase_draw) {
        return rm_draw_phase_moves(position);
    }
    if (phase == rm_names.phase_claim) {
        return rm_claim_phase_moves(position);
    }
    if (phase == rm_names.phase_play) {
        return rm_play_phase_moves(position);
    }
    Py_RETURN_NOTIMPLEMENTED;
}

/* The verdict `legal_answer` (None for `check`, True for `is_legal`) where a slice finds
 * the action legal, else NotImplemented: a refusal, with its reason and message, is always
 * the Python core's (which says False from `is_legal`, as its check refuses). */
static PyObject *
verdict(const char *name, PyObject *const *args, Py_ssize_t nargs, PyObject *legal_answer)
{
    if (arity(name, nargs, 3) < 0) {
        return NULL;
    }
    int legal = rm_draw_phase_legal(args[0], args[1], args[2]);
    if (legal == 0) {
        legal = rm_discard_legal(args[0], args[1], args[2]);
    }
    if (legal == 0) {
        legal = rm_claim_legal(args[0], args[1], args[2]);
    }
    if (legal == 0) {
        legal = rm_layoff_legal(args[0], args[1], args[2]);
    }
    if (legal == 0) {
        legal = rm_lay_down_legal(args[0], args[1], args[2]);
    }
    if (legal == 0) {
        legal = rm_swap_legal(args[0], args[1], args[2]);
    }
    if (legal == 0) {
        legal = rm_take_back_legal(args[0], args[1], args[2]);
    }
    if (legal == 0) {
        legal = rm_rob_legal(args[0], args[1], args[2]);
    }
    if (legal == 0) {
        legal = rm_restore_legal(args[0], args[1], args[2]);
    }
    if (legal < 0) {
        return NULL;
    }
    PyObject *answer = legal ? legal_answer : Py_NotImplemented;
    Py_INCREF(answer);
    return answer;
}

/* check(position, action, player): None where the action is legal, else NotImplemented. */
static PyObject *
check(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    return verdict("check", args, nargs, Py_None);
}

/* is_legal(position, action, player): True where the action is legal, else NotImplemented. */
static PyObject *
is_legal(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    return verdict("is_legal", args, nargs, Py_True);
}

/* apply(state, action, player): the next state where the slice finds the action legal and
 * no claim window opens, else NotImplemented. */
static PyObject *
apply(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (arity("apply", nargs, 3) < 0) {
        return NULL;
    }
    PyObject *after = rm_draw_phase_apply(args[0], args[1], args[2]);
    if (after == Py_NotImplemented) {
        Py_DECREF(after);
        after = rm_discard_apply(args[0], args[1], args[2]);
    }
    if (after == Py_NotImplemented) {
        Py_DECREF(after);
        after = rm_claim_apply(args[0], args[1], args[2]);
    }
    if (after == Py_NotImplemented) {
        Py_DECREF(after);
        after = rm_layoff_apply(args[0], args[1], args[2]);
    }
    if (after == Py_NotImplemented) {
        Py_DECREF(after);
        after = rm_lay_down_apply(args[0], args[1], args[2]);
    }
    if (after == Py_NotImplemented) {
        Py_DECREF(after);
        after = rm_swap_apply(args[0], args[1], args[2]);
    }
    if (after == Py_NotImplemented) {
        Py_DECREF(after);
        after = rm_take_back_apply(args[0], args[1], args[2]);
    }
    if (after == Py_NotImplemented) {
        Py_DECREF(after);
        after = rm_rob_apply(args[0], args[1], args[2]);
    }
    if (after == Py_NotImplemented) {
        Py_DECREF(after);
        after = rm_restore_apply(args[0], args[1], args[2]);
    }
    return after;
}

/* _options(key, rules): the options of the packed multiset `key` under the rules' meld shape,
 * as `options_in(key, rules)` gives them (a private hook for the tests). */
static PyObject *
options(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (arity("_options", nargs, 2) < 0) {
        return NULL;
    }
    return rm_options_hook(args[0], args[1]);
}

/* _reaches(key, rules, jokers_ok, need): whether disjoint melds of the packed multiset `key`
 * are worth `need`, as `packer(key, rules, jokers_ok).reaches(key, need)` says, or None where
 * the C search leaves it to Python (a private hook for the tests). */
static PyObject *
reaches(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (arity("_reaches", nargs, 4) < 0) {
        return NULL;
    }
    return rm_reaches_hook(args[0], args[1], args[2], args[3]);
}

#define FASTCALL(fn) ((PyCFunction)(void (*)(void))(fn))

static PyMethodDef methods[] = {
    {"legal_actions", FASTCALL(legal_actions), METH_FASTCALL,
     "legal_actions(position): the legal moves of the player to act, or NotImplemented."},
    {"check", FASTCALL(check), METH_FASTCALL,
     "check(position, action, player): None, or NotImplemented."},
    {"is_legal", FASTCALL(is_legal), METH_FASTCALL,
     "is_legal(position, action, player): a bool, or NotImplemented."},
    {"apply", FASTCALL(apply), METH_FASTCALL,
     "apply(state, action, player): the next state, or NotImplemented."},
    {"_options", FASTCALL(options), METH_FASTCALL,
     "_options(key, rules): the C core's meld options of a packed hand, as options_in's."},
    {"_reaches", FASTCALL(reaches), METH_FASTCALL,
     "_reaches(key, rules, jokers_ok, need): the C opening search's verdict, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "romme._cturn",
    "The turn core's optional accelerator (private): see romme._turn.dispatch.",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__cturn(void)
{
    if (rm_names_init() < 0 || rm_melds_init() < 0 || rm_play_init() < 0
        || rm_laying_init() < 0 || rm_rearranging_init() < 0) {
        return NULL;
    }
    return PyModule_Create(&module_def);
}
