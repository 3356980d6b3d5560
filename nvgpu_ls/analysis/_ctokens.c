/* The token scanner of nvgpu_ls/analysis/tokens.py, in C.
 *
 * tokens.py holds the reference: one regular expression and a loop over its matches. This
 * module makes the very same tokens (kinds, offsets in code points, texts, line-break flags)
 * from a scan of the string's code points, several times faster; tokens.py uses it when it was
 * built and tests/test_native_tokens.py holds the two equal on real files and random text.
 *
 * tokenize(text, start, end, token_type, kinds) -> list of token_type tuples, ending with EOF;
 * tokens with the same text (of 2 to INTERN_MAX characters) share one string.
 * ``kinds`` is the tuple (ssa, caret, at, hash, bang, bare, int, float, string, split, error,
 * eof) of the kind strings tokens.py uses; punctuation tokens take their own text as kind.
 *
 * matching_brace(text, at) -> the offset of the '}' that closes the '{' at ``at`` (-1: none), as
 * tokens.matching_brace_python finds it.
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

/* The texts of one tokenize call, each made once: a file spells a few hundred distinct words
 * (op names, types, value names) tens of thousands of times, and each token holding the one string
 * saves making it again — and the memory of every name the model keeps. An open-addressing table
 * keyed by the code points of the span; texts longer than INTERN_MAX are made afresh. */
#define INTERN_MAX 64

typedef struct {
    PyObject **texts;
    Py_hash_t *hashes;
    Py_ssize_t size; /* a power of two, at least twice ``used`` */
    Py_ssize_t used;
} Interned;

static Py_hash_t span_hash(const Text *t, Py_ssize_t begin, Py_ssize_t stop) {
    Py_uhash_t h = 14695981039346656037ULL;
    for (Py_ssize_t i = begin; i < stop; i++) {
        h ^= PyUnicode_READ(t->kind, t->data, i);
        h *= 1099511628211ULL;
    }
    return (Py_hash_t)(h ^ (Py_uhash_t)(stop - begin));
}

static int span_equals(const Text *t, Py_ssize_t begin, Py_ssize_t stop, PyObject *text) {
    Py_ssize_t length = stop - begin;
    if (PyUnicode_GET_LENGTH(text) != length)
        return 0;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    if (kind == t->kind)
        return memcmp(data, (const char *)t->data + begin * kind, (size_t)(length * kind)) == 0;
    for (Py_ssize_t i = 0; i < length; i++)
        if (PyUnicode_READ(kind, data, i) != PyUnicode_READ(t->kind, t->data, begin + i))
            return 0;
    return 1;
}

static int intern_grow(Interned *in) {
    Py_ssize_t size = in->size ? in->size * 2 : 1024;
    PyObject **texts = PyMem_Calloc((size_t)size, sizeof(PyObject *));
    Py_hash_t *hashes = PyMem_Calloc((size_t)size, sizeof(Py_hash_t));
    if (texts == NULL || hashes == NULL) {
        PyMem_Free(texts);
        PyMem_Free(hashes);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < in->size; i++) {
        if (in->texts[i] == NULL)
            continue;
        Py_ssize_t j = (Py_ssize_t)((Py_uhash_t)in->hashes[i] & (Py_uhash_t)(size - 1));
        while (texts[j] != NULL)
            j = (j + 1) & (size - 1);
        texts[j] = in->texts[i];
        hashes[j] = in->hashes[i];
    }
    PyMem_Free(in->texts);
    PyMem_Free(in->hashes);
    in->texts = texts;
    in->hashes = hashes;
    in->size = size;
    return 0;
}

static void intern_free(Interned *in) {
    for (Py_ssize_t i = 0; i < in->size; i++)
        Py_XDECREF(in->texts[i]);
    PyMem_Free(in->texts);
    PyMem_Free(in->hashes);
}

/* source[begin:stop], the one string of this call for that text (a new reference). */
static PyObject *span_text(Interned *in, PyObject *source, const Text *t, Py_ssize_t begin, Py_ssize_t stop) {
    if (stop - begin <= 1 || stop - begin > INTERN_MAX)
        return PyUnicode_Substring(source, begin, stop);  /* one character: CPython's own cached strings */
    if (in->used * 2 >= in->size && intern_grow(in) < 0)
        return NULL;
    Py_hash_t h = span_hash(t, begin, stop);
    Py_ssize_t j = (Py_ssize_t)((Py_uhash_t)h & (Py_uhash_t)(in->size - 1));
    while (in->texts[j] != NULL) {
        if (in->hashes[j] == h && span_equals(t, begin, stop, in->texts[j])) {
            Py_INCREF(in->texts[j]);
            return in->texts[j];
        }
        j = (j + 1) & (in->size - 1);
    }
    PyObject *text = PyUnicode_Substring(source, begin, stop);
    if (text == NULL)
        return NULL;
    Py_INCREF(text);
    in->texts[j] = text;
    in->hashes[j] = h;
    in->used++;
    return text;
}

/* The offset object last made: a token that starts where the one before it ends shares it. */
typedef struct {
    Py_ssize_t value;
    PyObject *object;  /* borrowed: the previous token holds it */
} LastOffset;

static PyObject *offset_object(LastOffset *last, Py_ssize_t value) {
    if (last->object != NULL && last->value == value) {
        Py_INCREF(last->object);
        return last->object;
    }
    return PyLong_FromSsize_t(value);
}

static PyObject *make_token(PyTypeObject *type, PyObject *kind, Py_ssize_t begin, Py_ssize_t stop, PyObject *text,
                            int newline, LastOffset *last) {
    PyObject *token = type->tp_alloc(type, 5);
    if (token == NULL) {
        Py_DECREF(text);
        return NULL;
    }
    PyObject *b = offset_object(last, begin), *e = PyLong_FromSsize_t(stop);
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
    last->value = stop;
    last->object = e;
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
    Interned interned = {NULL, NULL, 0, 0};
    LastOffset last = {0, NULL};
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
        PyObject *text = span_text(&interned, source, &t, begin, pos);
        if (text == NULL) {
            intern_free(&interned);
            Py_DECREF(tokens);
            return NULL;
        }
        PyObject *kind_object = kind < 0 ? text : kinds[kind];
        PyObject *token = make_token(type, kind_object, begin, pos, text, newline, &last);
        if (token == NULL || PyList_Append(tokens, token) < 0) {
            Py_XDECREF(token);
            intern_free(&interned);
            Py_DECREF(tokens);
            return NULL;
        }
        Py_DECREF(token);
        newline = 0;
    }
    intern_free(&interned);
    PyObject *empty = PyUnicode_New(0, 0);
    if (empty == NULL) {
        Py_DECREF(tokens);
        return NULL;
    }
    PyObject *eof = make_token(type, kinds[K_EOF], end, end, empty, 1, &last);
    if (eof == NULL || PyList_Append(tokens, eof) < 0) {
        Py_XDECREF(eof);
        Py_DECREF(tokens);
        return NULL;
    }
    Py_DECREF(eof);
    return tokens;
}

/* matching_brace(text, at) -> offset of the '}' closing the '{' at ``at``, or -1: braces in strings
 * (which end with their line when unterminated) and in // comments not counted. */
static PyObject *matching_brace(PyObject *self, PyObject *args) {
    PyObject *source;
    Py_ssize_t open_at;
    if (!PyArg_ParseTuple(args, "Un", &source, &open_at))
        return NULL;
    Text t = {PyUnicode_KIND(source), PyUnicode_DATA(source), PyUnicode_GET_LENGTH(source)};
    Py_ssize_t depth = 0;
    for (Py_ssize_t i = open_at < 0 ? 0 : open_at; i < t.end; i++) {
        Py_UCS4 c = PyUnicode_READ(t.kind, t.data, i);
        if (c == '{') {
            depth++;
        } else if (c == '}') {
            if (--depth == 0)
                return PyLong_FromSsize_t(i);
        } else if (c == '"') {
            i = quoted(&t, i + 1) - 1; /* on the closing quote, or before the line break */
        } else if (c == '/' && at(&t, i + 1) == '/') {
            while (i < t.end && PyUnicode_READ(t.kind, t.data, i) != '\n')
                i++;
        }
    }
    return PyLong_FromSsize_t(-1);
}

/* Where each line of text starts: 0, then one past every '\n'. */
static PyObject *line_starts(PyObject *self, PyObject *args) {
    PyObject *source;
    if (!PyArg_ParseTuple(args, "U", &source))
        return NULL;
    int kind = PyUnicode_KIND(source);
    const void *data = PyUnicode_DATA(source);
    Py_ssize_t length = PyUnicode_GET_LENGTH(source);
    PyObject *starts = PyList_New(0);
    if (starts == NULL)
        return NULL;
    Py_ssize_t next = 0;
    for (;;) {
        PyObject *start = PyLong_FromSsize_t(next);
        if (start == NULL || PyList_Append(starts, start) < 0) {
            Py_XDECREF(start);
            Py_DECREF(starts);
            return NULL;
        }
        Py_DECREF(start);
        Py_ssize_t i = next;
        if (kind == PyUnicode_1BYTE_KIND) {
            const char *found = memchr((const char *)data + i, '\n', (size_t)(length - i));
            i = found == NULL ? length : found - (const char *)data;
        } else {
            while (i < length && PyUnicode_READ(kind, data, i) != '\n')
                i++;
        }
        if (i >= length)
            return starts;
        next = i + 1;
    }
}

static PyMethodDef methods[] = {
    {"line_starts", line_starts, METH_VARARGS, "Where each line of text starts (see nvgpu_ls.analysis.tokens)."},
    {"tokenize", tokenize, METH_VARARGS, "The tokens of text[start:end] (see nvgpu_ls.analysis.tokens)."},
    {"matching_brace", matching_brace, METH_VARARGS, "Where the '{' at an offset closes (see nvgpu_ls.analysis.tokens)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ctokens", NULL, -1, methods};

PyMODINIT_FUNC PyInit__ctokens(void) { return PyModule_Create(&module); }
