/* quantize.c - rewrite .higgs files: change number formats (and, in later
 * issues, quantize with HIGGS and the baselines), and describe what a file holds.
 *
 *   ./quantize --info model.higgs
 *   ./quantize in.higgs out.higgs --dtype f16      (f32 | f16 | bf16)
 *
 * Streams tensor by tensor: memory is one tensor, never the model. The output
 * is written to a temporary file and renamed, so a failure leaves nothing.
 */
#define HIGGS_IMPLEMENTATION
#include "higgs.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static hg_writer *g_writer;           /* removed on a fatal error or a signal */

static _Noreturn void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "quantize: error: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    if (g_writer) hg_writer_abort(g_writer);
    exit(1);
}

static void on_signal(int sig) {
    if (g_writer && g_writer->tmp_path[0]) unlink(g_writer->tmp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) die("out of memory allocating %zu bytes", n);
    return p;
}

/* ------------------------------------------------------------ metadata */

typedef struct { char *key, *value; } KV;
typedef struct { KV *v; int n; } KVList;

static void kv_set(KVList *l, const char *key, const char *value) {
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i].key, key)) {
            free(l->v[i].value);
            l->v[i].value = strdup(value);
            return;
        }
    l->v = realloc(l->v, (size_t)(l->n + 1) * sizeof(KV));
    if (!l->v) die("out of memory");
    l->v[l->n].key = strdup(key);
    l->v[l->n].value = strdup(value);
    l->n++;
}

static void kv_parse(KVList *l, const uint8_t *p, uint64_t n) {
    memset(l, 0, sizeof *l);
    if (!p) return;
    hg_rd r = {p, n, 0, 0};
    uint32_t count = hg_rd_u32(&r);
    for (uint32_t i = 0; i < count; i++) {
        uint16_t kl = hg_rd_u16(&r);
        const uint8_t *k = hg_rd_bytes(&r, kl);
        uint32_t vl = hg_rd_u32(&r);
        const uint8_t *v = hg_rd_bytes(&r, vl);
        if (r.bad || !k || !v) die("metadata section is corrupt");
        char *key = strndup((const char *)k, kl), *value = strndup((const char *)v, vl);
        kv_set(l, key, value);
        free(key);
        free(value);
    }
}

static uint8_t *kv_serialize(const KVList *l, uint64_t *size) {
    uint64_t n = 4;
    for (int i = 0; i < l->n; i++) n += 2 + strlen(l->v[i].key) + 4 + strlen(l->v[i].value);
    uint8_t *b = xmalloc(n), *p = b;
    uint32_t count = (uint32_t)l->n;
    memcpy(p, &count, 4); p += 4;
    for (int i = 0; i < l->n; i++) {
        uint16_t kl = (uint16_t)strlen(l->v[i].key);
        uint32_t vl = (uint32_t)strlen(l->v[i].value);
        memcpy(p, &kl, 2); p += 2;
        memcpy(p, l->v[i].key, kl); p += kl;
        memcpy(p, &vl, 4); p += 4;
        memcpy(p, l->v[i].value, vl); p += vl;
    }
    *size = n;
    return b;
}

static void kv_free(KVList *l) {
    for (int i = 0; i < l->n; i++) { free(l->v[i].key); free(l->v[i].value); }
    free(l->v);
}

/* ---------------------------------------------------------------- info */

static void info(const char *path) {
    hg_file f;
    char err[512];
    if (hg_open(&f, path, err, sizeof err)) die("%s", err);
    const hg_config *c = &f.cfg;
    printf("file %s: %.2f MB, format v%d, meta %llu bytes, data %llu bytes at %llu\n", path, f.size / 1e6, HG_VERSION,
           (unsigned long long)f.meta_size, (unsigned long long)f.data_size, (unsigned long long)f.data_offset);
    printf("config: arch %s, dim %d, hidden_dim %d, n_layers %d, n_heads %d, n_kv_heads %d, head_dim %d, vocab %d, seq_len %d\n",
           c->arch, c->dim, c->hidden_dim, c->n_layers, c->n_heads, c->n_kv_heads, c->head_dim, c->vocab_size, c->seq_len);
    printf("        rope_theta %g, rope scaling %s", (double)c->rope_theta, c->rope_scaling_type ? "llama3" : "none");
    if (c->rope_scaling_type)
        printf(" (factor %g, low %g, high %g, original %d)", (double)c->rope_factor, (double)c->rope_low_freq_factor,
               (double)c->rope_high_freq_factor, c->rope_original_max_pos);
    printf(", rms_norm_eps %g, tied %d, bos %d, eos %d\n", (double)c->rms_norm_eps, c->tied_embeddings, c->bos_id, c->eos_id);
    hg_rd r = {f.tok, f.tok_size, 0, 0};
    uint32_t ttype = hg_rd_u32(&r), npieces = hg_rd_u32(&r);
    printf("tokenizer: %s, %u pieces, %llu bytes\n", ttype == 1 ? "sentencepiece-bpe" : ttype == 2 ? "byte-level-bpe" : "unknown",
           npieces, (unsigned long long)f.tok_size);
    KVList kv;
    kv_parse(&kv, f.kv, f.kv_size);
    for (int i = 0; i < kv.n; i++) printf("meta: %s = %s\n", kv.v[i].key, kv.v[i].value);
    kv_free(&kv);
    uint64_t params = 0, linear_params = 0, linear_bytes = 0;
    printf("%-52s %-6s %-14s %12s\n", "tensor", "type", "shape", "bytes");
    for (int i = 0; i < f.n_tensors; i++) {
        const hg_tensor *t = &f.tensors[i];
        char shape[64];
        if (t->ndim == 2) snprintf(shape, sizeof shape, "%llux%llu", (unsigned long long)t->shape[0], (unsigned long long)t->shape[1]);
        else snprintf(shape, sizeof shape, "%llu", (unsigned long long)t->shape[0]);
        printf("%-52s %-6s %-14s %12llu\n", t->name, hg_type_name(t->type), shape, (unsigned long long)t->nbytes);
        params += t->rows * t->cols;
        if (strstr(t->name, "model.layers.") && t->ndim == 2) {
            linear_params += t->rows * t->cols;
            linear_bytes += t->nbytes;
        }
    }
    printf("%d tensors, %.3fM parameters, %.3f bits/parameter overall", f.n_tensors, params / 1e6, 8.0 * f.data_size / params);
    if (linear_params) printf(", %.3f bits/weight in the linear layers", 8.0 * linear_bytes / linear_params);
    printf("\n");
    hg_close(&f);
}

/* ---------------------------------------------------------- conversion */

static int parse_dtype(const char *s) {
    if (!strcmp(s, "f32")) return HG_F32;
    if (!strcmp(s, "f16")) return HG_F16;
    if (!strcmp(s, "bf16")) return HG_BF16;
    die("unknown --dtype '%s' (f32, f16 or bf16)", s);
}

/* one tensor -> new type, whole tensor in memory (never the whole model) */
static void *convert_tensor(const hg_tensor *t, uint32_t type, uint64_t *nbytes) {
    *nbytes = hg_tensor_bytes(type, t->params, t->rows, t->cols);
    uint8_t *out = xmalloc(*nbytes);
    float *row = xmalloc(t->cols * sizeof(float));
    for (uint64_t r = 0; r < t->rows; r++) {
        hg_dequant_row(row, t, (int)r);
        uint8_t *o = out + r * (*nbytes / t->rows);
        for (uint64_t i = 0; i < t->cols; i++) {
            if (type == HG_F32) memcpy(o + 4 * i, &row[i], 4);
            else {
                uint16_t h = type == HG_F16 ? hg_f32_to_f16(row[i]) : hg_f32_to_bf16(row[i]);
                memcpy(o + 2 * i, &h, 2);
            }
        }
    }
    free(row);
    return out;
}

static void convert(const char *in, const char *out, int dtype) {
    hg_file f;
    char err[512];
    if (hg_open(&f, in, err, sizeof err)) die("%s", err);
    if (!hg_verify_data(&f)) die("%s: weight checksum mismatch (file corrupt)", in);
    hg_writer w;
    if (hg_writer_begin(&w, out, err, sizeof err)) die("%s", err);
    g_writer = &w;
    for (int i = 0; i < f.n_tensors; i++) {
        const hg_tensor *t = &f.tensors[i];
        uint32_t type = t->ndim == 1 ? HG_F32 : (uint32_t)dtype;     /* norms stay f32 */
        if (hg_writer_add_tensor(&w, t->name, type, t->ndim, t->shape, t->params)) die("cannot add tensor %s", t->name);
    }
    uint8_t conf[HG_CONF_SIZE];
    hg_config_write(&f.cfg, conf);
    KVList kv;
    kv_parse(&kv, f.kv, f.kv_size);
    kv_set(&kv, "dtype", dtype == HG_F32 ? "f32" : dtype == HG_F16 ? "f16" : "bf16");
    kv_set(&kv, "converted_by", "quantize");
    uint64_t kv_size;
    uint8_t *kvb = kv_serialize(&kv, &kv_size);
    if (hg_writer_layout(&w, conf, f.tok, f.tok_size, kvb, kv_size)) die("writing %s: %s", out, strerror(errno));
    int verbose = f.size > (64u << 20);
    for (int i = 0; i < f.n_tensors; i++) {
        uint64_t nbytes;
        void *data = convert_tensor(&f.tensors[i], w.tensors[i].type, &nbytes);
        if (hg_writer_write_data(&w, data, nbytes)) die("writing %s: %s", out, strerror(errno));
        free(data);
        if (verbose) fprintf(stderr, "[%d/%d] %s -> %s\n", i + 1, f.n_tensors, f.tensors[i].name, hg_type_name(w.tensors[i].type));
    }
    if (hg_writer_finish(&w, err, sizeof err)) { g_writer = NULL; die("%s", err); }
    g_writer = NULL;
    printf("wrote %s: %d tensors, %.2f MB\n", out, f.n_tensors, (w.data_offset + w.data_size) / 1e6);
    free(kvb);
    kv_free(&kv);
    hg_close(&f);
}

static void usage(void) {
    fprintf(stderr,
            "Usage: quantize --info <model.higgs>\n"
            "       quantize <in.higgs> <out.higgs> --dtype f32|f16|bf16\n");
    exit(1);
}

int main(int argc, char **argv) {
    const char *in = NULL, *out = NULL, *dtype = NULL;
    int want_info = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--info")) want_info = 1;
        else if (!strcmp(argv[i], "--dtype")) {
            if (++i >= argc) die("--dtype needs a value");
            dtype = argv[i];
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) usage();
        else if (argv[i][0] == '-') die("unknown option '%s'", argv[i]);
        else if (!in) in = argv[i];
        else if (!out) out = argv[i];
        else die("unexpected argument '%s'", argv[i]);
    }
    if (want_info) {
        if (!in || out) usage();
        info(in);
        return 0;
    }
    if (!in || !out || !dtype) usage();
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    convert(in, out, parse_dtype(dtype));
    return 0;
}
