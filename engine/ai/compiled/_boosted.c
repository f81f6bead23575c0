/* The trees of the boosted horizon (engine/ai/boosted.py) in C.
 *
 * The same features, the same trees and the same order of additions as the
 * pure-Python boosted_estimate, which stays the reference:
 * tests/engine/ai/test_boosted.py checks that both give the same values. Built at
 * install time (pip install -e .) as an optional extension; without a compiler the
 * Python path is used.
 *
 * load(feature, threshold, left, right, value, roots): the trees as flat arrays
 * (bytes of int32 / float64); a node with feature -1 is a leaf.
 * correction(h0, h1, s0, s1, pend0, pend1, t0, t1, lead, pos, trump_card, base, trump)
 * -> 0.5 * (trees(x) - trees(x with the seats swapped)).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NFEAT 31

typedef struct {
    int32_t *feat, *left, *right, *roots;
    double *thr, *val;
    Py_ssize_t nroots;
} Model;

static Model model;

static void *copy(Py_buffer *b) {
    void *p = malloc(b->len ? b->len : 1);
    if (p) memcpy(p, b->buf, b->len);
    return p;
}

static PyObject *load(PyObject *self, PyObject *args) {
    Py_buffer f, t, l, r, v, o;
    if (!PyArg_ParseTuple(args, "y*y*y*y*y*y*", &f, &t, &l, &r, &v, &o)) return NULL;
    Model *m = &model;
    free(m->feat); free(m->thr); free(m->left); free(m->right); free(m->val); free(m->roots);
    m->feat = copy(&f); m->thr = copy(&t); m->left = copy(&l); m->right = copy(&r);
    m->val = copy(&v); m->roots = copy(&o);
    m->nroots = o.len / (Py_ssize_t)sizeof(int32_t);
    PyBuffer_Release(&f); PyBuffer_Release(&t); PyBuffer_Release(&l);
    PyBuffer_Release(&r); PyBuffer_Release(&v); PyBuffer_Release(&o);
    if (!m->feat || !m->thr || !m->left || !m->right || !m->val || !m->roots) {
        m->nroots = 0;
        return PyErr_NoMemory();
    }
    Py_RETURN_NONE;
}

static double trees(const Model *m, const double *x) {
    double s = 0.0;
    for (Py_ssize_t i = 0; i < m->nroots; i++) {
        int32_t n = m->roots[i];
        while (m->feat[n] >= 0) n = x[m->feat[n]] < m->thr[n] ? m->left[n] : m->right[n];
        s += m->val[n];
    }
    return s;
}

static PyObject *correction(PyObject *self, PyObject *args) {
    long h0, h1, s0, s1, e0, e1, t0, t1, lead, pos, tc, trump;
    double base;
    if (!PyArg_ParseTuple(args, "llllllllllldl", &h0, &h1, &s0, &s1, &e0, &e1, &t0, &t1,
                          &lead, &pos, &tc, &base, &trump))
        return NULL;
    double x[NFEAT], y[NFEAT];
    for (int j = 0; j < 20; j++) {
        int b = ((j / 5 + trump) % 4) * 5 + j % 5;
        x[j] = (double)(((h0 >> b) & 1) - ((h1 >> b) & 1));
        y[j] = -x[j];
    }
    double a[11] = {s0, s1, e0, e1, t0, t1, lead, pos, tc, s0 - s1, base};
    double b[11] = {s1, s0, e1, e0, t1, t0, -lead, pos, tc, s1 - s0, -base};
    memcpy(x + 20, a, sizeof a);
    memcpy(y + 20, b, sizeof b);
    return PyFloat_FromDouble(0.5 * (trees(&model, x) - trees(&model, y)));
}

static PyMethodDef methods[] = {
    {"load", load, METH_VARARGS, "Load the trees (flat arrays, see boosted.py)."},
    {"correction", correction, METH_VARARGS, "The trees' correction of the staged estimate."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_boosted", NULL, -1, methods};

PyMODINIT_FUNC PyInit__boosted(void) { return PyModule_Create(&module); }
