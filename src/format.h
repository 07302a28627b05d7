/* higgs.c implementation part: the .higgs file format: reading, validation, the writer.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* ------------------------------------------------------------ the format */

const char *hg_type_name(uint32_t type) {
    switch (type) {
    case HG_F32: return "F32";
    case HG_F16: return "F16";
    case HG_BF16: return "BF16";
    case HG_HIGGS: return "HIGGS";
    case HG_RTN: return "RTN";
    case HG_NF4: return "NF4";
    case HG_AF4: return "AF4";
    default: return "?";
    }
}

static uint64_t hg_qtensor_bytes(uint32_t type, const uint32_t params[4], uint64_t rows, uint64_t cols);

uint64_t hg_tensor_bytes(uint32_t type, const uint32_t params[4], uint64_t rows, uint64_t cols) {
    uint64_t elt;
    switch (type) {
    case HG_F32: elt = 4; break;
    case HG_F16: case HG_BF16: elt = 2; break;
    default: return hg_qtensor_bytes(type, params, rows, cols);
    }
    if (cols == 0 || rows == 0 || cols > UINT64_MAX / elt / rows) return 0;
    return rows * cols * elt;
}

static void hg_put_u32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static void hg_put_u64(uint8_t *p, uint64_t v) { for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static void hg_put_f32(uint8_t *p, float f) { uint32_t u; memcpy(&u, &f, 4); hg_put_u32(p, u); }

int hg_config_parse(hg_config *c, const uint8_t *p, uint64_t n, char *err, size_t errlen) {
    hg_rd r = {p, n, 0, 0};
    memset(c, 0, sizeof *c);
    if (n < HG_CONF_SIZE) { hg_errf(err, errlen, "CONF section is %llu bytes, expected %d", (unsigned long long)n, HG_CONF_SIZE); return -1; }
    uint32_t v[8];
    for (int i = 0; i < 8; i++) v[i] = hg_rd_u32(&r);
    c->rope_theta = hg_rd_f32(&r);
    uint32_t scaling = hg_rd_u32(&r);
    c->rope_factor = hg_rd_f32(&r);
    c->rope_low_freq_factor = hg_rd_f32(&r);
    c->rope_high_freq_factor = hg_rd_f32(&r);
    uint32_t orig = hg_rd_u32(&r);
    c->rms_norm_eps = hg_rd_f32(&r);
    uint32_t tied = hg_rd_u32(&r);
    int32_t bos = (int32_t)hg_rd_u32(&r), eos = (int32_t)hg_rd_u32(&r);
    const uint8_t *arch = hg_rd_bytes(&r, 32);
    if (r.bad || !arch) { hg_errf(err, errlen, "CONF section truncated"); return -1; }
    static const char *names[8] = {"dim", "hidden_dim", "n_layers", "n_heads", "n_kv_heads", "head_dim", "vocab_size", "seq_len"};
    /* generous limits that still keep every size product far from overflow */
    static const uint32_t limits[8] = {1u << 16, 1u << 18, 1024, 1024, 1024, 4096, 1u << 22, 1u << 22};
    for (int i = 0; i < 8; i++)
        if (v[i] == 0 || v[i] > limits[i]) {
            hg_errf(err, errlen, "config: %s = %u is out of range (1..%u)", names[i], v[i], limits[i]);
            return -1;
        }
    c->dim = (int)v[0]; c->hidden_dim = (int)v[1]; c->n_layers = (int)v[2]; c->n_heads = (int)v[3];
    c->n_kv_heads = (int)v[4]; c->head_dim = (int)v[5]; c->vocab_size = (int)v[6]; c->seq_len = (int)v[7];
    if (c->n_heads % c->n_kv_heads) { hg_errf(err, errlen, "config: n_heads %d is not a multiple of n_kv_heads %d", c->n_heads, c->n_kv_heads); return -1; }
    if (c->head_dim % 2) { hg_errf(err, errlen, "config: head_dim %d must be even for RoPE", c->head_dim); return -1; }
    if ((uint64_t)c->n_heads * (uint64_t)c->head_dim > (1u << 18)) { hg_errf(err, errlen, "config: n_heads * head_dim too large"); return -1; }
    if (!(c->rope_theta > 1.0f && c->rope_theta < 1e12f)) { hg_errf(err, errlen, "config: rope_theta %g out of range", (double)c->rope_theta); return -1; }
    if (!(c->rms_norm_eps >= 0.0f && c->rms_norm_eps < 1.0f)) { hg_errf(err, errlen, "config: rms_norm_eps %g out of range", (double)c->rms_norm_eps); return -1; }
    if (scaling > 1) { hg_errf(err, errlen, "config: unknown rope scaling type %u", scaling); return -1; }
    c->rope_scaling_type = (int)scaling;
    if (scaling == 1 && !(c->rope_factor >= 1.0f && c->rope_factor < 1e6f && c->rope_low_freq_factor > 0 &&
                          c->rope_high_freq_factor > c->rope_low_freq_factor && orig > 0 && orig <= (1u << 24))) {
        hg_errf(err, errlen, "config: invalid llama3 rope scaling parameters");
        return -1;
    }
    c->rope_original_max_pos = (int)orig;
    if (tied > 1) { hg_errf(err, errlen, "config: tied_embeddings must be 0 or 1"); return -1; }
    c->tied_embeddings = (int)tied;
    if (bos < -1 || bos >= c->vocab_size || eos < -1 || eos >= c->vocab_size) {
        hg_errf(err, errlen, "config: bos/eos id (%d, %d) out of vocabulary range", bos, eos);
        return -1;
    }
    c->bos_id = bos; c->eos_id = eos;
    memcpy(c->arch, arch, 32);
    c->arch[32] = 0;
    return 0;
}

void hg_config_write(const hg_config *c, uint8_t o[HG_CONF_SIZE]) {
    memset(o, 0, HG_CONF_SIZE);
    int v[8] = {c->dim, c->hidden_dim, c->n_layers, c->n_heads, c->n_kv_heads, c->head_dim, c->vocab_size, c->seq_len};
    for (int i = 0; i < 8; i++) hg_put_u32(o + 4 * i, (uint32_t)v[i]);
    hg_put_f32(o + 32, c->rope_theta);
    hg_put_u32(o + 36, (uint32_t)c->rope_scaling_type);
    hg_put_f32(o + 40, c->rope_factor);
    hg_put_f32(o + 44, c->rope_low_freq_factor);
    hg_put_f32(o + 48, c->rope_high_freq_factor);
    hg_put_u32(o + 52, (uint32_t)c->rope_original_max_pos);
    hg_put_f32(o + 56, c->rms_norm_eps);
    hg_put_u32(o + 60, (uint32_t)c->tied_embeddings);
    hg_put_u32(o + 64, (uint32_t)c->bos_id);
    hg_put_u32(o + 68, (uint32_t)c->eos_id);
    memcpy(o + 72, c->arch, strnlen(c->arch, 32));
}

static int hg_parse_tdir(hg_file *f, const uint8_t *p, uint64_t n, uint32_t n_tensors, char *err, size_t errlen) {
    hg_rd r = {p, n, 0, 0};
    if (n_tensors > 100000) { hg_errf(err, errlen, "tensor directory: %u tensors is absurd", n_tensors); return -1; }
    f->tensors = (hg_tensor *)calloc(n_tensors ? n_tensors : 1, sizeof(hg_tensor));
    if (!f->tensors) { hg_errf(err, errlen, "out of memory"); return -1; }
    for (uint32_t i = 0; i < n_tensors; i++) {
        hg_tensor *t = &f->tensors[i];
        uint16_t len = hg_rd_u16(&r);
        const uint8_t *name = hg_rd_bytes(&r, len);
        t->type = hg_rd_u32(&r);
        t->ndim = hg_rd_u32(&r);
        for (int k = 0; k < 4; k++) t->shape[k] = hg_rd_u64(&r);
        for (int k = 0; k < 4; k++) t->params[k] = hg_rd_u32(&r);
        t->offset = hg_rd_u64(&r);
        t->nbytes = hg_rd_u64(&r);
        if (r.bad || !name) { hg_errf(err, errlen, "tensor directory truncated at entry %u", i); return -1; }
        if (len == 0 || len > HG_MAX_NAME || memchr(name, 0, len)) { hg_errf(err, errlen, "tensor %u: bad name", i); return -1; }
        memcpy(t->name, name, len);
        t->name[len] = 0;
        if (t->ndim < 1 || t->ndim > 2) { hg_errf(err, errlen, "tensor %s: ndim %u unsupported", t->name, t->ndim); return -1; }
        for (int k = 0; k < 4; k++)
            if (t->shape[k] == 0 || t->shape[k] > (1ull << 32) || (k >= (int)t->ndim && t->shape[k] != 1)) {
                hg_errf(err, errlen, "tensor %s: bad shape", t->name);
                return -1;
            }
        t->rows = t->ndim == 2 ? t->shape[0] : 1;
        t->cols = t->ndim == 2 ? t->shape[1] : t->shape[0];
        uint64_t expect = hg_tensor_bytes(t->type, t->params, t->rows, t->cols);
        if (!expect) { hg_errf(err, errlen, "tensor %s: unsupported type %u (%s) or parameters", t->name, t->type, hg_type_name(t->type)); return -1; }
        if (t->nbytes != expect) {
            hg_errf(err, errlen, "tensor %s: %llu bytes, expected %llu", t->name, (unsigned long long)t->nbytes, (unsigned long long)expect);
            return -1;
        }
        t->row_bytes = expect / t->rows;
        if (t->offset % HG_ALIGN || t->offset > f->data_size || t->nbytes > f->data_size - t->offset) {
            hg_errf(err, errlen, "tensor %s: offset %llu + %llu bytes lies outside the data (%llu bytes) or is unaligned",
                    t->name, (unsigned long long)t->offset, (unsigned long long)t->nbytes, (unsigned long long)f->data_size);
            return -1;
        }
        t->data = f->map + f->data_offset + t->offset;
        for (uint32_t j = 0; j < i; j++)
            if (!strcmp(f->tensors[j].name, t->name)) { hg_errf(err, errlen, "tensor %s appears twice", t->name); return -1; }
    }
    f->n_tensors = (int)n_tensors;
    if (r.pos != n) { hg_errf(err, errlen, "tensor directory has %llu trailing bytes", (unsigned long long)(n - r.pos)); return -1; }
    return 0;
}

static int hg_parse(hg_file *f, char *err, size_t errlen) {
    const uint8_t *m = f->map;
    if (f->size < HG_HEADER_SIZE) { hg_errf(err, errlen, "file too small for a .higgs header (%llu bytes)", (unsigned long long)f->size); return -1; }
    if (memcmp(m, HG_MAGIC, 8)) { hg_errf(err, errlen, "not a .higgs file (bad magic)"); return -1; }
    hg_rd r = {m, HG_HEADER_SIZE, 8, 0};
    uint32_t version = hg_rd_u32(&r), header_size = hg_rd_u32(&r);
    f->meta_size = hg_rd_u64(&r);
    f->data_offset = hg_rd_u64(&r);
    f->data_size = hg_rd_u64(&r);
    f->meta_crc = hg_rd_u32(&r);
    f->data_crc = hg_rd_u32(&r);
    uint32_t n_tensors = hg_rd_u32(&r);
    if (version != HG_VERSION) { hg_errf(err, errlen, "unsupported .higgs version %u (this build reads %d)", version, HG_VERSION); return -1; }
    if (header_size != HG_HEADER_SIZE) { hg_errf(err, errlen, "bad header size %u", header_size); return -1; }
    if (f->meta_size > f->size - HG_HEADER_SIZE) { hg_errf(err, errlen, "file truncated: meta block of %llu bytes does not fit", (unsigned long long)f->meta_size); return -1; }
    if (f->data_offset % HG_ALIGN || f->data_offset < HG_HEADER_SIZE + f->meta_size || f->data_offset > f->size ||
        f->data_size != f->size - f->data_offset) {
        hg_errf(err, errlen, "file truncated or corrupt: data at %llu + %llu bytes, file is %llu bytes",
                (unsigned long long)f->data_offset, (unsigned long long)f->data_size, (unsigned long long)f->size);
        return -1;
    }
    uint8_t head[HG_HEADER_SIZE];
    memcpy(head, m, HG_HEADER_SIZE);
    memset(head + 40, 0, 8);
    uint32_t crc = hg_crc32(hg_crc32(0, head, HG_HEADER_SIZE), m + HG_HEADER_SIZE, f->meta_size);
    if (crc != f->meta_crc) { hg_errf(err, errlen, "header/metadata checksum mismatch (file corrupt)"); return -1; }

    hg_rd s = {m + HG_HEADER_SIZE, f->meta_size, 0, 0};
    const uint8_t *tdir = NULL;
    uint64_t tdir_size = 0;
    while (s.pos < s.n) {
        const uint8_t *tag = hg_rd_bytes(&s, 4);
        hg_rd_u32(&s);
        uint64_t len = hg_rd_u64(&s);
        const uint8_t *payload = hg_rd_bytes(&s, len);
        if (s.bad || !tag || !payload) { hg_errf(err, errlen, "meta block truncated"); return -1; }
        const uint8_t **slot = NULL;
        uint64_t *slot_size = NULL;
        if (!memcmp(tag, "CONF", 4)) { slot = &f->conf; slot_size = &f->conf_size; }
        else if (!memcmp(tag, "TOKN", 4)) { slot = &f->tok; slot_size = &f->tok_size; }
        else if (!memcmp(tag, "KVMD", 4)) { slot = &f->kv; slot_size = &f->kv_size; }
        else if (!memcmp(tag, "TDIR", 4)) { slot = &tdir; slot_size = &tdir_size; }
        if (!slot) continue;          /* unknown section: skip */
        if (*slot) { hg_errf(err, errlen, "section %.4s appears twice", (const char *)tag); return -1; }
        *slot = payload;
        *slot_size = len;
    }
    if (!f->conf || !f->tok || !tdir) { hg_errf(err, errlen, "missing section %s", !f->conf ? "CONF" : !f->tok ? "TOKN" : "TDIR"); return -1; }
    if (hg_config_parse(&f->cfg, f->conf, f->conf_size, err, errlen)) return -1;
    return hg_parse_tdir(f, tdir, tdir_size, n_tensors, err, errlen);
}

/* the whole file into anonymous memory (huge pages where allowed); NULL on failure */
static void *hg_read_copy(int fd, uint64_t size, char *err, size_t errlen, const char *path) {
    void *mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) { hg_errf(err, errlen, "cannot allocate %llu bytes for %s", (unsigned long long)size, path); return NULL; }
#ifdef MADV_HUGEPAGE
    madvise(mem, size, MADV_HUGEPAGE);
#endif
    uint64_t got = 0;
    while (got < size) {
        size_t want = size - got < (1u << 30) ? (size_t)(size - got) : (size_t)1 << 30;
        ssize_t r = read(fd, (uint8_t *)mem + got, want);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            hg_errf(err, errlen, "cannot read %s: %s", path, r < 0 ? strerror(errno) : "file shrank while reading");
            munmap(mem, size);
            return NULL;
        }
        got += (uint64_t)r;
    }
    return mem;
}

int hg_open(hg_file *f, const char *path, char *err, size_t errlen) { return hg_open_ex(f, path, 0, err, errlen); }

int hg_open_ex(hg_file *f, const char *path, int flags, char *err, size_t errlen) {
    memset(f, 0, sizeof *f);
    int fd = open(path, O_RDONLY);
    if (fd < 0) { hg_errf(err, errlen, "cannot open %s: %s", path, strerror(errno)); return -1; }
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        hg_errf(err, errlen, "%s is not a regular file", path);
        close(fd);
        return -1;
    }
    if (st.st_size == 0) { hg_errf(err, errlen, "%s is empty", path); close(fd); return -1; }
    f->size = (uint64_t)st.st_size;
    void *map;
    if (flags & HG_OPEN_COPY) {
        map = hg_read_copy(fd, f->size, err, errlen, path);
        close(fd);
        if (!map) return -1;
        f->copied = 1;
    } else {
        map = mmap(NULL, f->size, PROT_READ, MAP_PRIVATE, fd, 0);
        close(fd);
        if (map == MAP_FAILED) { hg_errf(err, errlen, "cannot mmap %s: %s", path, strerror(errno)); return -1; }
    }
    f->map = (uint8_t *)map;
    char msg[400];
    if (hg_parse(f, msg, sizeof msg)) {
        hg_errf(err, errlen, "%s: %s", path, msg);
        hg_close(f);
        return -1;
    }
    return 0;
}

void hg_close(hg_file *f) {
    if (f->map) munmap(f->map, f->size);
    free(f->tensors);
    memset(f, 0, sizeof *f);
}

void hg_release(const hg_file *f, const void *p, uint64_t n) {
    if (f->copied) return;     /* anonymous memory: dropping it would lose the data */
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t start = (uint64_t)((const uint8_t *)p - f->map), end = start + n;
    start = (start + page - 1) / page * page;        /* whole pages inside the range only */
    end = end >= f->size ? (f->size + page - 1) / page * page : end / page * page;
    if (end > start) madvise(f->map + start, end - start, MADV_DONTNEED);
}

/* the data CRC in 64 MiB steps, releasing each step: checking a 7B file needs no 7B of RAM */
int hg_verify_data(const hg_file *f) {
    uint32_t crc = 0;
    const uint64_t step = 64ull << 20;
    for (uint64_t off = 0; off < f->data_size; off += step) {
        uint64_t n = f->data_size - off < step ? f->data_size - off : step;
        crc = hg_crc32(crc, f->map + f->data_offset + off, n);
        hg_release(f, f->map + f->data_offset + off, n);
    }
    return crc == f->data_crc;
}

const hg_tensor *hg_find(const hg_file *f, const char *name) {
    for (int i = 0; i < f->n_tensors; i++)
        if (!strcmp(f->tensors[i].name, name)) return &f->tensors[i];
    return NULL;
}

/* ---------------------------------------------------------------- writer */

int hg_writer_begin(hg_writer *w, const char *path, char *err, size_t errlen) {
    memset(w, 0, sizeof *w);
    if (strlen(path) >= sizeof w->path) { hg_errf(err, errlen, "output path too long"); return -1; }
    strcpy(w->path, path);
    snprintf(w->tmp_path, sizeof w->tmp_path, "%s.tmp.%ld", path, (long)getpid());
    w->fp = fopen(w->tmp_path, "wb");
    if (!w->fp) { hg_errf(err, errlen, "cannot create %s: %s", w->tmp_path, strerror(errno)); return -1; }
    return 0;
}

int hg_writer_add_tensor(hg_writer *w, const char *name, uint32_t type, uint32_t ndim,
                         const uint64_t shape[4], const uint32_t params[4]) {
    if (w->n_tensors == w->cap) {
        int cap = w->cap ? 2 * w->cap : 64;
        hg_tensor *t = (hg_tensor *)realloc(w->tensors, (size_t)cap * sizeof *t);
        if (!t) return -1;
        w->tensors = t;
        w->cap = cap;
    }
    hg_tensor *t = &w->tensors[w->n_tensors];
    memset(t, 0, sizeof *t);
    size_t len = strlen(name);
    if (len == 0 || len > HG_MAX_NAME || ndim < 1 || ndim > 2) return -1;
    memcpy(t->name, name, len + 1);
    t->type = type;
    t->ndim = ndim;
    for (int k = 0; k < 4; k++) t->shape[k] = k < (int)ndim ? shape[k] : 1;
    for (int k = 0; k < 4; k++) t->params[k] = params ? params[k] : 0;
    t->rows = ndim == 2 ? shape[0] : 1;
    t->cols = ndim == 2 ? shape[1] : shape[0];
    t->nbytes = hg_tensor_bytes(type, t->params, t->rows, t->cols);
    if (!t->nbytes) return -1;
    w->n_tensors++;
    return 0;
}

static void hg_section(uint8_t *p, uint64_t *pos, const char tag[4], const uint8_t *payload, uint64_t len) {
    memcpy(p + *pos, tag, 4);
    hg_put_u32(p + *pos + 4, 0);
    hg_put_u64(p + *pos + 8, len);
    if (len) memcpy(p + *pos + 16, payload, len);
    *pos += 16 + len;
}

int hg_writer_layout(hg_writer *w, const uint8_t conf[HG_CONF_SIZE], const uint8_t *tok, uint64_t tok_size,
                     const uint8_t *kv, uint64_t kv_size) {
    uint64_t tdir_size = 0, off = 0;
    for (int i = 0; i < w->n_tensors; i++) {
        hg_tensor *t = &w->tensors[i];
        tdir_size += 2 + strlen(t->name) + 4 + 4 + 32 + 16 + 8 + 8;
        t->offset = off;
        off += (t->nbytes + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    }
    w->data_size = off;
    w->meta_size = 16 + HG_CONF_SIZE + 16 + tok_size + (kv ? 16 + kv_size : 0) + 16 + tdir_size;
    w->data_offset = (HG_HEADER_SIZE + w->meta_size + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    w->meta = (uint8_t *)calloc(1, w->data_offset);
    uint8_t *tdir = (uint8_t *)malloc(tdir_size ? tdir_size : 1);
    if (!w->meta || !tdir) { free(tdir); return -1; }
    uint64_t p = 0;
    for (int i = 0; i < w->n_tensors; i++) {
        hg_tensor *t = &w->tensors[i];
        uint16_t len = (uint16_t)strlen(t->name);
        tdir[p] = (uint8_t)len; tdir[p + 1] = (uint8_t)(len >> 8); p += 2;
        memcpy(tdir + p, t->name, len); p += len;
        hg_put_u32(tdir + p, t->type); p += 4;
        hg_put_u32(tdir + p, t->ndim); p += 4;
        for (int k = 0; k < 4; k++) { hg_put_u64(tdir + p, t->shape[k]); p += 8; }
        for (int k = 0; k < 4; k++) { hg_put_u32(tdir + p, t->params[k]); p += 4; }
        hg_put_u64(tdir + p, t->offset); p += 8;
        hg_put_u64(tdir + p, t->nbytes); p += 8;
    }
    uint8_t *m = w->meta;
    memcpy(m, HG_MAGIC, 8);
    hg_put_u32(m + 8, HG_VERSION);
    hg_put_u32(m + 12, HG_HEADER_SIZE);
    hg_put_u64(m + 16, w->meta_size);
    hg_put_u64(m + 24, w->data_offset);
    hg_put_u64(m + 32, w->data_size);
    hg_put_u32(m + 48, (uint32_t)w->n_tensors);
    uint64_t pos = HG_HEADER_SIZE;
    hg_section(m, &pos, "CONF", conf, HG_CONF_SIZE);
    hg_section(m, &pos, "TOKN", tok, tok_size);
    if (kv) hg_section(m, &pos, "KVMD", kv, kv_size);
    hg_section(m, &pos, "TDIR", tdir, tdir_size);
    free(tdir);
    hg_put_u32(m + 40, hg_crc32(0, m, HG_HEADER_SIZE + w->meta_size));
    /* header is rewritten with data_crc at the end; reserve its space now */
    if (fwrite(m, 1, w->data_offset, (FILE *)w->fp) != w->data_offset) return -1;
    w->data_crc = 0;
    return 0;
}

int hg_writer_write_data(hg_writer *w, const void *data, uint64_t nbytes) {
    static const uint8_t zeros[HG_ALIGN];
    if (w->next_data >= w->n_tensors || w->tensors[w->next_data].nbytes != nbytes) return -1;
    FILE *fp = (FILE *)w->fp;
    if (fwrite(data, 1, nbytes, fp) != nbytes) return -1;
    w->data_crc = hg_crc32(w->data_crc, data, nbytes);
    uint64_t pad = (HG_ALIGN - nbytes % HG_ALIGN) % HG_ALIGN;
    if (pad && fwrite(zeros, 1, pad, fp) != pad) return -1;
    w->data_crc = hg_crc32(w->data_crc, zeros, pad);
    w->next_data++;
    return 0;
}

int hg_writer_finish(hg_writer *w, char *err, size_t errlen) {
    FILE *fp = (FILE *)w->fp;
    if (w->next_data != w->n_tensors) { hg_errf(err, errlen, "internal: %d of %d tensors written", w->next_data, w->n_tensors); goto fail; }
    uint8_t crc[4];
    hg_put_u32(crc, w->data_crc);
    if (fflush(fp) || fseek(fp, 44, SEEK_SET) || fwrite(crc, 1, 4, fp) != 4 || fflush(fp) || fsync(fileno(fp))) {
        hg_errf(err, errlen, "writing %s: %s", w->tmp_path, strerror(errno));
        goto fail;
    }
    if (fclose(fp)) { w->fp = NULL; hg_errf(err, errlen, "writing %s: %s", w->tmp_path, strerror(errno)); goto fail; }
    w->fp = NULL;
    if (rename(w->tmp_path, w->path)) { hg_errf(err, errlen, "rename to %s: %s", w->path, strerror(errno)); goto fail; }
    free(w->tensors); free(w->meta);
    w->tensors = NULL; w->meta = NULL;
    return 0;
fail:
    hg_writer_abort(w);
    return -1;
}

void hg_writer_abort(hg_writer *w) {
    if (w->fp) fclose((FILE *)w->fp);
    w->fp = NULL;
    if (w->tmp_path[0]) unlink(w->tmp_path);
    free(w->tensors); free(w->meta);
    w->tensors = NULL; w->meta = NULL;
}

