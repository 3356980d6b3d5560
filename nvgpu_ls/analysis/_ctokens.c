/* The token scanner of nvgpu_ls/analysis/tokens.py, in C.
 *
 * tokens.py holds the reference: one regular expression and a loop over its matches. This
 * module makes the very same tokens (kinds, offsets in code points, texts, line-break flags)
 * from a scan of the string's code points, several times faster; tokens.py uses it when it was
 * built and tests/test_native_tokens.py holds the two equal on real files and random text.
 *
 * tokenize(text, start, end, token_type, kinds) -> list of token_type tuples, ending with EOF.
 * ``kinds`` is the tuple (ssa, caret, at, hash, bang, bare, int, float, string, split, error,
 * eof) of the kind strings tokens.py uses; punctuation tokens take their own text as kind.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

enum { K_SSA, K_CARET, K_AT, K_HASH, K_BANG, K_BARE, K_INT, K_FLOAT, K_STRING, K_SPLIT, K_ERROR, K_EOF,
       K_COUNT };

typedef struct {
    int kind;
    const void *data;
    Py_ssize_t end;
} Text;

static inline Py_UCS4 at(const Text *t, Py_ssize_t i) {
    return i < t->end ? PyUnicode_READ(t->kind, t->data, i) : 0;
}

static inline int is_space(Py_UCS4 c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n';
}
static inline int is_control(Py_UCS4 c) { return c <= 0x08 || (c >= 0x0E && c <= 0x1F) || c == 0x7F; }
static inline int is_alpha(Py_UCS4 c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
static inline int is_digit(Py_UCS4 c) { return c >= '0' && c <= '9'; }
static inline int is_hex(Py_UCS4 c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
/* [A-Za-z0-9_$.\-] */
static inline int is_id(Py_UCS4 c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '$' || c == '.' || c == '-'; }
/* [A-Za-z_$.\-]: the first character after # ! @ */
static inline int is_id_start(Py_UCS4 c) { return is_alpha(c) || c == '_' || c == '$' || c == '.' || c == '-'; }
/* [A-Za-z0-9_$.]: a bare word's later characters */
static inline int is_bare(Py_UCS4 c) { return is_alpha(c) || is_digit(c) || c == '_' || c == '$' || c == '.'; }

/* "(?:[^"\\\n]|\\.)*"? after an opening quote at i (DOTALL: a backslash takes any character). */
static Py_ssize_t quoted(const Text *t, Py_ssize_t i) {
    while (i < t->end) {
        Py_UCS4 c = at(t, i);
        if (c == '"')
            return i + 1;
        if (c == '\n')
            return i;
        if (c == '\\') {
            if (i + 1 >= t->end)
                return i;
            i += 2;
            continue;
        }
        i += 1;
    }
    return i;
}

/* "//[ \t]*-----" alone at the start of its line (indentation allowed). */
static int split_marker(const Text *t, Py_ssize_t begin, Py_ssize_t stop) {
    Py_ssize_t i = begin + 2;
    while (i < stop && (at(t, i) == ' ' || at(t, i) == '\t'))
        i++;
    if (i + 5 > stop)
        return 0;
    for (int k = 0; k < 5; k++)
        if (at(t, i + k) != '-')
            return 0;
    for (Py_ssize_t j = begin - 1; j >= 0; j--) {
        Py_UCS4 c = PyUnicode_READ(t->kind, t->data, j);
        if (c == '\n')
            return 1;
        if (c != ' ' && c != '\t')
            return 0;
    }
    return 1;
}

static PyObject *make_token(PyTypeObject *type, PyObject *kind, Py_ssize_t begin, Py_ssize_t stop, PyObject *text,
                            int newline) {
    PyObject *token = type->tp_alloc(type, 5);
    if (token == NULL) {
        Py_DECREF(text);
        return NULL;
    }
    PyObject *b = PyLong_FromSsize_t(begin), *e = PyLong_FromSsize_t(stop);
    if (b == NULL || e == NULL) {
        Py_XDECREF(b);
        Py_XDECREF(e);
        Py_DECREF(text);
        Py_DECREF(token);
        return NULL;
    }
    Py_INCREF(kind);
    PyObject *flag = newline ? Py_True : Py_False;
    Py_INCREF(flag);
    PyTuple_SET_ITEM(token, 0, kind);
    PyTuple_SET_ITEM(token, 1, b);
    PyTuple_SET_ITEM(token, 2, e);
    PyTuple_SET_ITEM(token, 3, text);
    PyTuple_SET_ITEM(token, 4, flag);
    return token;
}

static PyObject *tokenize(PyObject *self, PyObject *args) {
    PyObject *source, *kinds_tuple;
    Py_ssize_t start, end;
    PyTypeObject *type;
    if (!PyArg_ParseTuple(args, "UnnO!O!", &source, &start, &end, &PyType_Type, &type, &PyTuple_Type, &kinds_tuple))
        return NULL;
    if (PyTuple_GET_SIZE(kinds_tuple) != K_COUNT) {
        PyErr_SetString(PyExc_ValueError, "kinds must hold 12 strings");
        return NULL;
    }
    PyObject **kinds = &PyTuple_GET_ITEM(kinds_tuple, 0);
    Text t = {PyUnicode_KIND(source), PyUnicode_DATA(source), PyUnicode_GET_LENGTH(source)};
    if (end < t.end)
        t.end = end;
    if (start < 0)
        start = 0;
    PyObject *tokens = PyList_New(0);
    if (tokens == NULL)
        return NULL;
    int newline = start == 0;
    Py_ssize_t pos = start;
    for (;;) {
        while (pos < t.end && is_space(at(&t, pos))) {
            if (at(&t, pos) == '\n')
                newline = 1;
            pos++;
        }
        if (pos >= t.end)
            break;
        Py_ssize_t begin = pos;
        Py_UCS4 c = at(&t, pos);
        Py_UCS4 next = at(&t, pos + 1);
        int kind = -1;  /* -1: punctuation, the text is the kind */
        if (c == '%' && is_id(next)) {
            pos++;
            while (pos < t.end && is_id(at(&t, pos)))
                pos++;
            if (at(&t, pos) == '#' && is_digit(at(&t, pos + 1))) {
                pos++;
                while (pos < t.end && is_digit(at(&t, pos)))
                    pos++;
            }
            kind = K_SSA;
        } else if (is_alpha(c) || c == '_') {
            pos++;
            while (pos < t.end && is_bare(at(&t, pos)))
                pos++;
            kind = K_BARE;
        } else if (c == '-' && next == '>') {
            pos += 2;
        } else if (c == '.' && next == '.' && at(&t, pos + 2) == '.') {
            pos += 3;
        } else if (c == '/' && next == '/') {
            pos += 2;
            while (pos < t.end && at(&t, pos) != '\n')
                pos++;
            if (!split_marker(&t, begin, pos))
                continue;  /* a comment: the line-break flag carries over */
            kind = K_SPLIT;
        } else if (c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == '<' || c == '>' ||
                   c == ',' || c == ':' || c == '=' || c == '+' || c == '-' || c == '*' || c == '?' || c == '|' ||
                   c == '/') {
            pos++;
        } else if (is_digit(c)) {
            Py_ssize_t i = pos;
            while (i < t.end && is_digit(at(&t, i)))
                i++;
            if (at(&t, i) == '.') {  /* [0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)? */
                i++;
                while (i < t.end && is_digit(at(&t, i)))
                    i++;
                Py_UCS4 e = at(&t, i);
                if (e == 'e' || e == 'E') {
                    Py_ssize_t j = i + 1;
                    if (at(&t, j) == '-' || at(&t, j) == '+')
                        j++;
                    if (is_digit(at(&t, j))) {
                        while (j < t.end && is_digit(at(&t, j)))
                            j++;
                        i = j;
                    }
                }
                pos = i;
                kind = K_FLOAT;
            } else if (c == '0' && next == 'x' && is_hex(at(&t, pos + 2))) {
                pos += 2;
                while (pos < t.end && is_hex(at(&t, pos)))
                    pos++;
                kind = K_INT;
            } else {
                pos = i;
                kind = K_INT;
            }
        } else if (c == '^' && is_id(next)) {
            pos++;
            while (pos < t.end && is_id(at(&t, pos)))
                pos++;
            kind = K_CARET;
        } else if (c == '@' && next == '"') {
            pos = quoted(&t, pos + 2);
            kind = K_AT;
        } else if (c == '@' && is_id_start(next)) {
            pos++;
            while (pos < t.end && is_id(at(&t, pos)))
                pos++;
            kind = K_AT;
        } else if ((c == '#' || c == '!') && is_id_start(next)) {
            pos++;
            while (pos < t.end && is_id(at(&t, pos)))
                pos++;
            kind = c == '#' ? K_HASH : K_BANG;
        } else if (c == '"') {
            pos = quoted(&t, pos + 1);
            kind = K_STRING;
        } else if (is_control(c)) {
            /* A run of control characters is one token: no token starts with one. */
            pos++;
            while (pos < t.end && is_control(at(&t, pos)))
                pos++;
            kind = K_ERROR;
        } else {
            pos++;
            kind = K_ERROR;
        }
        PyObject *text = PyUnicode_Substring(source, begin, pos);
        if (text == NULL) {
            Py_DECREF(tokens);
            return NULL;
        }
        PyObject *kind_object = kind < 0 ? text : kinds[kind];
        PyObject *token = make_token(type, kind_object, begin, pos, text, newline);
        if (token == NULL || PyList_Append(tokens, token) < 0) {
            Py_XDECREF(token);
            Py_DECREF(tokens);
            return NULL;
        }
        Py_DECREF(token);
        newline = 0;
    }
    PyObject *empty = PyUnicode_New(0, 0);
    if (empty == NULL) {
        Py_DECREF(tokens);
        return NULL;
    }
    PyObject *eof = make_token(type, kinds[K_EOF], end, end, empty, 1);
    if (eof == NULL || PyList_Append(tokens, eof) < 0) {
        Py_XDECREF(eof);
        Py_DECREF(tokens);
        return NULL;
    }
    Py_DECREF(eof);
    return tokens;
}

static PyMethodDef methods[] = {
    {"tokenize", tokenize, METH_VARARGS, "The tokens of text[start:end] (see nvgpu_ls.analysis.tokens)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ctokens", NULL, -1, methods};

PyMODINIT_FUNC PyInit__ctokens(void) { return PyModule_Create(&module); }
