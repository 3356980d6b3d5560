/* Freed memory arenas of Python's small-object allocator, kept for the next allocation.

   pymalloc hands an arena (1 MiB) back to the system as soon as its last object is freed. The
   analysis of a file makes hundreds of thousands of small objects and frees them together when
   the next version replaces it, so every re-analysis asked the kernel for the same memory again,
   and each fresh page costs a fault and its clearing: a fifth of a 5,000-line file's analysis.
   Arenas freed while fewer than the limit are kept are held here instead and handed back to
   pymalloc on its next request; `release` returns them all to the system (the server's idle
   memory release calls it). The allocator is called with the GIL held, as pymalloc is. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MOST_KEPT 1024

static PyObjectArenaAllocator underlying;
static int installed = 0;
static void *kept[MOST_KEPT];
static size_t kept_size[MOST_KEPT];
static Py_ssize_t kept_count = 0;
static size_t kept_bytes = 0;
static size_t limit_bytes = 0;

static void *arena_alloc(void *ctx, size_t size) {
    (void)ctx;
    for (Py_ssize_t i = kept_count - 1; i >= 0; i--) {
        if (kept_size[i] == size) {
            void *arena = kept[i];
            kept_count--;
            kept[i] = kept[kept_count];
            kept_size[i] = kept_size[kept_count];
            kept_bytes -= size;
            return arena;
        }
    }
    return underlying.alloc(underlying.ctx, size);
}

static void arena_free(void *ctx, void *arena, size_t size) {
    (void)ctx;
    if (kept_count < MOST_KEPT && kept_bytes + size <= limit_bytes) {
        kept[kept_count] = arena;
        kept_size[kept_count] = size;
        kept_count++;
        kept_bytes += size;
        return;
    }
    underlying.free(underlying.ctx, arena, size);
}

static PyObject *release(PyObject *self, PyObject *unused) {
    size_t released = kept_bytes;
    while (kept_count > 0) {
        kept_count--;
        underlying.free(underlying.ctx, kept[kept_count], kept_size[kept_count]);
    }
    kept_bytes = 0;
    return PyLong_FromSize_t(released);
}

static PyObject *keep(PyObject *self, PyObject *args) {
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "n", &limit))
        return NULL;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "the limit must not be negative");
        return NULL;
    }
    if (!installed) {
        PyObjectArenaAllocator ours = {NULL, arena_alloc, arena_free};
        PyObject_GetArenaAllocator(&underlying);
        PyObject_SetArenaAllocator(&ours);
        installed = 1;
    }
    limit_bytes = (size_t)limit;
    if (kept_bytes > limit_bytes) {
        PyObject *released = release(self, NULL);
        Py_XDECREF(released);
    }
    Py_RETURN_NONE;
}

static PyObject *kept_now(PyObject *self, PyObject *unused) { return PyLong_FromSize_t(kept_bytes); }

static PyMethodDef methods[] = {
    {"keep", keep, METH_VARARGS, "Keep freed arenas, up to a limit in bytes, for the next allocation."},
    {"release", release, METH_NOARGS, "Return every kept arena to the system; how many bytes."},
    {"kept", kept_now, METH_NOARGS, "How many bytes of freed arenas are kept now."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_carenas", NULL, -1, methods};

PyMODINIT_FUNC PyInit__carenas(void) { return PyModule_Create(&module); }
