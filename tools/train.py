#!/usr/bin/env python3
"""Train a small Llama on the Brown corpus (plain PyTorch, CPU).

    /usr/bin/python3 tools/train.py --minutes 65          # fresh run
    /usr/bin/python3 tools/train.py --minutes 65 --resume # continue a stopped run
    /usr/bin/python3 tools/train.py --minutes 60 --dim 288 --n_heads 6 --n_kv_heads 6 --n_layers 6 \
        --out models/brown288-hf      # another shape (288-wide rows, as llama2.c stories15M)

Needs data/brown-{train,heldout}.txt (tools/prepare_corpus.py) and
models/brown-hf/tokenizer.model (tools/train_tokenizer.py).

Model: Llama architecture written out here (RMSNorm eps 1e-5, RoPE in the
Hugging Face rotate_half convention, theta 10000, GQA causal attention, SwiGLU
MLP, no biases, untied lm_head).  Module names equal the Hugging Face
LlamaForCausalLM names, so the state_dict keys are the HF tensor names.

The number of optimizer steps is planned from a wall-clock budget (--minutes):
throughput is measured during the first steps and the plan is refreshed at
every evaluation, so the cosine schedule ends at the deadline even if the
machine gets slower or faster.  The held-out loss is evaluated on all of
data/brown-heldout.txt (non-overlapping seq_len windows of the BOS-prefixed,
concatenated documents); the best model is exported in Hugging Face layout
(config.json + model.safetensors, written without the safetensors package)
each time it improves, so an interrupted run still leaves a usable model.
"""
import argparse
import json
import math
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


# ----------------------------------------------------------------------------
# model

class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rope_cos_sin(seq_len, head_dim, theta):
    inv_freq = 1.0 / (theta ** (torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim))
    t = torch.arange(seq_len, dtype=torch.float32)
    freqs = torch.outer(t, inv_freq)               # (T, hd/2)
    emb = torch.cat([freqs, freqs], dim=-1)        # (T, hd): pairs (i, i+hd/2)
    return emb.cos(), emb.sin()


def rotate_half(x):
    h = x.shape[-1] // 2
    return torch.cat([-x[..., h:], x[..., :h]], dim=-1)


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n_heads, self.n_kv_heads, self.head_dim = c["n_heads"], c["n_kv_heads"], c["head_dim"]
        d = c["dim"]
        self.q_proj = nn.Linear(d, self.n_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(d, self.n_kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(d, self.n_kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(self.n_heads * self.head_dim, d, bias=False)
        self.dropout = c["dropout"]

    def forward(self, x, cos, sin, mask):
        B, T, _ = x.shape
        q = self.q_proj(x).view(B, T, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(B, T, self.n_kv_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(B, T, self.n_kv_heads, self.head_dim).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        rep = self.n_heads // self.n_kv_heads
        if rep > 1:  # HF repeat_kv: kv head j serves q heads j*rep .. j*rep+rep-1
            k = k.repeat_interleave(rep, dim=1)
            v = v.repeat_interleave(rep, dim=1)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(self.head_dim))
        att = att + mask
        att = F.softmax(att, dim=-1)
        if self.training and self.dropout > 0:
            att = F.dropout(att, self.dropout)
        y = (att @ v).transpose(1, 2).reshape(B, T, self.n_heads * self.head_dim)
        return self.o_proj(y)


class MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.gate_proj = nn.Linear(c["dim"], c["hidden_dim"], bias=False)
        self.up_proj = nn.Linear(c["dim"], c["hidden_dim"], bias=False)
        self.down_proj = nn.Linear(c["hidden_dim"], c["dim"], bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class DecoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.input_layernorm = RMSNorm(c["dim"], c["norm_eps"])
        self.self_attn = Attention(c)
        self.post_attention_layernorm = RMSNorm(c["dim"], c["norm_eps"])
        self.mlp = MLP(c)
        self.dropout = c["dropout"]

    def forward(self, x, cos, sin, mask):
        h = self.self_attn(self.input_layernorm(x), cos, sin, mask)
        if self.training and self.dropout > 0:
            h = F.dropout(h, self.dropout)
        x = x + h
        h = self.mlp(self.post_attention_layernorm(x))
        if self.training and self.dropout > 0:
            h = F.dropout(h, self.dropout)
        return x + h


class LlamaBody(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embed_tokens = nn.Embedding(c["vocab_size"], c["dim"])
        self.layers = nn.ModuleList([DecoderLayer(c) for _ in range(c["n_layers"])])
        self.norm = RMSNorm(c["dim"], c["norm_eps"])


class Llama(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.model = LlamaBody(c)
        self.lm_head = nn.Linear(c["dim"], c["vocab_size"], bias=False)
        cos, sin = rope_cos_sin(c["seq_len"], c["head_dim"], c["rope_theta"])
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)
        mask = torch.full((c["seq_len"], c["seq_len"]), float("-inf")).triu(1)
        self.register_buffer("mask", mask, persistent=False)
        for n, p in self.named_parameters():
            if n.endswith("norm.weight"):
                continue
            std = 0.02
            if n.endswith("o_proj.weight") or n.endswith("down_proj.weight"):
                std = 0.02 / math.sqrt(2 * c["n_layers"])
            nn.init.normal_(p, mean=0.0, std=std)

    def forward(self, idx, targets=None, reduction="mean"):
        T = idx.shape[1]
        cos, sin, mask = self.cos[:T], self.sin[:T], self.mask[:T, :T]
        x = self.model.embed_tokens(idx)
        for layer in self.model.layers:
            x = layer(x, cos, sin, mask)
        logits = self.lm_head(self.model.norm(x))
        if targets is None:
            return logits
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1),
                               reduction=reduction)


# ----------------------------------------------------------------------------
# data

def load_tokens(path, sp):
    text = open(path, encoding="utf-8").read()
    docs = [d for d in text.split("\n\n") if d.strip()]
    ids = []
    for d in docs:
        ids.append(1)  # BOS
        ids.extend(sp.encode(d))
    return torch.tensor(ids, dtype=torch.long), len(docs)


@torch.no_grad()
def evaluate(model, toks, seq_len, batch):
    """Mean NLL per predicted token over non-overlapping windows of toks."""
    model.eval()
    n = toks.numel() - 1
    nfull = n // seq_len
    tot, cnt = 0.0, 0
    starts = list(range(0, nfull * seq_len, seq_len))
    for i in range(0, len(starts), batch):
        s = starts[i:i + batch]
        x = torch.stack([toks[a:a + seq_len] for a in s])
        y = torch.stack([toks[a + 1:a + seq_len + 1] for a in s])
        tot += model(x, y, reduction="sum").item()
        cnt += y.numel()
    rest = n - nfull * seq_len
    if rest > 0:  # final partial window
        a = nfull * seq_len
        x, y = toks[a:a + rest].unsqueeze(0), toks[a + 1:a + rest + 1].unsqueeze(0)
        tot += model(x, y, reduction="sum").item()
        cnt += y.numel()
    model.train()
    return tot / cnt, cnt


# ----------------------------------------------------------------------------
# export

def save_safetensors(path, tensors):
    """Minimal safetensors writer (F32 only)."""
    header, blobs, off = {}, [], 0
    for name in sorted(tensors):
        a = np.ascontiguousarray(tensors[name].detach().cpu().float().numpy()).astype("<f4")
        b = a.tobytes()
        header[name] = {"dtype": "F32", "shape": list(a.shape), "data_offsets": [off, off + len(b)]}
        blobs.append(b)
        off += len(b)
    header["__metadata__"] = {"format": "pt"}
    h = json.dumps(header, separators=(",", ":")).encode("utf-8")
    h += b" " * ((8 - len(h) % 8) % 8)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)
    os.replace(tmp, path)


def hf_config(c):
    return {
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_size": c["dim"],
        "intermediate_size": c["hidden_dim"],
        "num_hidden_layers": c["n_layers"],
        "num_attention_heads": c["n_heads"],
        "num_key_value_heads": c["n_kv_heads"],
        "head_dim": c["head_dim"],
        "vocab_size": c["vocab_size"],
        "max_position_embeddings": c["seq_len"],
        "rope_theta": c["rope_theta"],
        "rms_norm_eps": c["norm_eps"],
        "tie_word_embeddings": False,
        "bos_token_id": 1,
        "eos_token_id": 2,
        "torch_dtype": "float32",
        "hidden_act": "silu",
        "attention_bias": False,
        "attention_dropout": 0.0,
        "mlp_bias": False,
        "initializer_range": 0.02,
        "pretraining_tp": 1,
        "rope_scaling": None,
        "use_cache": True,
    }


def export_hf(outdir, c, state, log):
    os.makedirs(outdir, exist_ok=True)
    save_safetensors(os.path.join(outdir, "model.safetensors"), state)
    with open(os.path.join(outdir, "config.json.tmp"), "w") as f:
        json.dump(hf_config(c), f, indent=2)
        f.write("\n")
    os.replace(os.path.join(outdir, "config.json.tmp"), os.path.join(outdir, "config.json"))
    write_json(os.path.join(outdir, "train_log.json"), log)


def write_json(path, obj):
    with open(path + ".tmp", "w") as f:
        json.dump(obj, f, indent=2)
        f.write("\n")
    os.replace(path + ".tmp", path)


# ----------------------------------------------------------------------------
# training

def lr_at(step, total, a):
    if step < a.warmup:
        return a.lr * (step + 1) / a.warmup
    p = min(1.0, (step - a.warmup) / max(1, total - a.warmup))
    return a.lr * (a.min_lr_frac + (1 - a.min_lr_frac) * 0.5 * (1 + math.cos(math.pi * p)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=65.0, help="wall-clock budget of the whole run")
    ap.add_argument("--out", default=os.path.join(ROOT, "models", "brown-hf"))
    ap.add_argument("--tokenizer", default=None, help="default: <out>/tokenizer.model, else models/brown-hf/tokenizer.model")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--seq_len", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--min_lr_frac", type=float, default=0.1)
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--weight_decay", type=float, default=0.1)
    ap.add_argument("--grad_clip", type=float, default=1.0)
    ap.add_argument("--dropout", type=float, default=0.0)
    ap.add_argument("--n_evals", type=int, default=5, help="number of evaluations over the run")
    ap.add_argument("--eval_max_windows", type=int, default=None, help="smoke tests only: truncate the held-out set")
    ap.add_argument("--eval_batch", type=int, default=32)
    ap.add_argument("--log_every", type=int, default=10)
    ap.add_argument("--replan_every", type=int, default=20, help="steps between throughput re-estimates")
    ap.add_argument("--ckpt_every_s", type=float, default=300.0)
    ap.add_argument("--measure_steps", type=int, default=12)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1337)
    ap.add_argument("--dim", type=int, default=256)
    ap.add_argument("--hidden_dim", type=int, default=768)
    ap.add_argument("--n_layers", type=int, default=8)
    ap.add_argument("--n_heads", type=int, default=8)
    ap.add_argument("--n_kv_heads", type=int, default=4)
    ap.add_argument("--head_dim", type=int, default=None, help="default: dim / n_heads")
    a = ap.parse_args()
    t_start = time.time()
    torch.set_num_threads(a.threads)
    torch.manual_seed(a.seed)

    import sentencepiece as spm
    tok_path = a.tokenizer or os.path.join(a.out, "tokenizer.model")
    if not os.path.exists(tok_path):
        tok_path = os.path.join(ROOT, "models", "brown-hf", "tokenizer.model")
    sp = spm.SentencePieceProcessor(model_file=tok_path)
    c = dict(dim=a.dim, hidden_dim=a.hidden_dim, n_layers=a.n_layers, n_heads=a.n_heads, n_kv_heads=a.n_kv_heads,
             head_dim=a.head_dim or a.dim // a.n_heads,
             vocab_size=sp.get_piece_size(), seq_len=a.seq_len, norm_eps=1e-5,
             rope_theta=10000.0, dropout=a.dropout)
    assert c["vocab_size"] == 4096, c["vocab_size"]
    train, ntrain_docs = load_tokens(os.path.join(ROOT, "data", "brown-train.txt"), sp)
    held, nheld_docs = load_tokens(os.path.join(ROOT, "data", "brown-heldout.txt"), sp)
    print(f"train: {ntrain_docs} docs {train.numel()} tokens | heldout: {nheld_docs} docs "
          f"{held.numel()} tokens | tokenizer {tok_path}", flush=True)

    model = Llama(c)
    nparams = sum(p.numel() for p in model.parameters())
    print(f"model: {nparams} parameters ({nparams / 1e6:.3f} M), config {c}", flush=True)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": a.weight_decay},
                             {"params": no_decay, "weight_decay": 0.0}],
                            lr=a.lr, betas=(0.9, 0.95), eps=1e-8)

    ckdir = os.path.join(a.out, "ckpt")
    os.makedirs(ckdir, exist_ok=True)
    ckpath = os.path.join(ckdir, "ckpt.pt")
    step, total_steps, best, best_step, elapsed0 = 0, None, float("inf"), -1, 0.0
    eval_time, step_time = None, None
    history = []
    if a.resume and os.path.exists(ckpath):
        ck = torch.load(ckpath, map_location="cpu")
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        step, total_steps, best, best_step = ck["step"], ck["total_steps"], ck["best"], ck["best_step"]
        elapsed0, eval_time, step_time = ck["elapsed"], ck["eval_time"], ck["step_time"]
        history = ck.get("history", [])
        print(f"resumed from {ckpath} at step {step} (planned {total_steps}), best {best:.4f}", flush=True)
    best_state = None
    if best_step >= 0 and os.path.exists(os.path.join(ckdir, "best.pt")):
        best_state = torch.load(os.path.join(ckdir, "best.pt"), map_location="cpu")

    budget = a.minutes * 60.0
    B, T = a.batch, a.seq_len
    tok_per_step = B * T
    cmdline = " ".join([sys.executable] + sys.argv)

    def elapsed():
        return elapsed0 + time.time() - t_start

    def make_log(finished):
        return {
            "finished": finished,
            "command": cmdline,
            "parameters": nparams,
            "config": c,
            "train_docs": ntrain_docs, "train_tokens": int(train.numel()),
            "heldout_docs": nheld_docs, "heldout_tokens": int(held.numel()),
            "steps": step, "planned_steps": total_steps,
            "batch_size": B, "seq_len": T,
            "tokens_trained": step * tok_per_step,
            "epochs": step * tok_per_step / train.numel(),
            "wall_time_s": round(elapsed(), 1),
            "best_step": best_step,
            "best_heldout_loss": best,
            "best_heldout_ppl": math.exp(best) if best < 50 else None,
            "heldout_eval": "mean NLL per predicted token over non-overlapping %d-token windows of the "
                            "concatenated BOS-prefixed held-out documents" % T,
            "optimizer": dict(type="AdamW", lr=a.lr, betas=[0.9, 0.95], weight_decay=a.weight_decay,
                              warmup=a.warmup, schedule="cosine to %g x lr" % a.min_lr_frac,
                              grad_clip=a.grad_clip, dropout=a.dropout),
            "history": history,
        }

    def do_eval():
        nonlocal best, best_step, best_state, eval_time
        t0 = time.time()
        loss, cnt = evaluate(model, held, T, a.eval_batch)
        eval_time = time.time() - t0
        rec = dict(step=step, tokens=step * tok_per_step, heldout_loss=loss, heldout_ppl=math.exp(loss),
                   elapsed=round(elapsed(), 1))
        history.append(rec)
        new_best = loss < best
        print(f"eval step {step} tokens {step * tok_per_step} heldout loss {loss:.4f} ppl {math.exp(loss):.2f} "
              f"({cnt} tokens, {eval_time:.1f}s){' NEW BEST' if new_best else ''} elapsed {elapsed():.0f}s",
              flush=True)
        if new_best:
            best, best_step = loss, step
            best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
            torch.save(best_state, os.path.join(ckdir, "best.pt.tmp"))
            os.replace(os.path.join(ckdir, "best.pt.tmp"), os.path.join(ckdir, "best.pt"))
            export_hf(a.out, c, best_state, make_log(False))

    def save_ckpt():
        torch.save(dict(model=model.state_dict(), opt=opt.state_dict(), step=step, total_steps=total_steps,
                        best=best, best_step=best_step, elapsed=elapsed(), eval_time=eval_time,
                        step_time=step_time, history=history, config=c, args=vars(a)), ckpath + ".tmp")
        os.replace(ckpath + ".tmp", ckpath)

    def plan():
        """Pick total_steps so that training + remaining evals end at the budget."""
        nonlocal total_steps
        evals_left = max(1, a.n_evals - len(history))
        remaining = budget - elapsed() - evals_left * (eval_time + 1.0)
        total_steps = max(step + 1, step + int(remaining / step_time))
        return total_steps

    if a.eval_max_windows:
        held = held[:a.eval_max_windows * T + 1]
    model.train()
    t_log, loss_acc, n_acc = time.time(), 0.0, 0
    t_meas = None
    t_plan, s_plan = time.time(), step   # window for the throughput estimate
    t_ckpt = time.time()

    def due_eval():
        k = len(history) + 1
        return step >= total_steps or step >= math.ceil(k * total_steps / a.n_evals)

    while total_steps is None or step < total_steps:
        g = torch.Generator().manual_seed(a.seed * 1000003 + step)
        ix = torch.randint(0, train.numel() - T - 1, (B,), generator=g)
        x = torch.stack([train[i:i + T] for i in ix])
        y = torch.stack([train[i + 1:i + T + 1] for i in ix])
        lr = lr_at(step, total_steps or 10 ** 9, a)
        for grp in opt.param_groups:
            grp["lr"] = lr
        loss = model(x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), a.grad_clip)
        opt.step()
        step += 1
        loss_acc += loss.item()
        n_acc += 1

        if total_steps is None:  # measuring throughput
            if step == 3:
                t_meas = time.time()
            elif step == a.measure_steps:
                step_time = (time.time() - t_meas) / (a.measure_steps - 3)
                if eval_time is None:  # guess (forward ~ 1/3 of a step) until the first eval
                    eval_time = 0.4 * step_time * held.numel() / tok_per_step
                plan()
                t_plan, s_plan = time.time(), step
                print(f"measured {step_time:.3f}s/step = {tok_per_step / step_time:.0f} tok/s, eval ~{eval_time:.1f}s; "
                      f"planned {total_steps} steps = {total_steps * tok_per_step} tokens "
                      f"({total_steps * tok_per_step / train.numel():.2f} epochs)", flush=True)
        elif step - s_plan >= a.replan_every and step < total_steps:
            # refresh the throughput estimate and the plan (keeps the deadline)
            step_time = 0.3 * step_time + 0.7 * (time.time() - t_plan) / (step - s_plan)
            t_plan, s_plan = time.time(), step
            old = total_steps
            plan()
            if abs(total_steps - old) > 0.01 * old:
                print(f"replanned: {old} -> {total_steps} steps (step time {step_time:.3f}s = "
                      f"{tok_per_step / step_time:.0f} tok/s)", flush=True)
            else:
                total_steps = old
        if step % a.log_every == 0 or step == total_steps:
            dt = time.time() - t_log
            print(f"step {step}/{total_steps} tokens {step * tok_per_step} train loss {loss_acc / n_acc:.4f} "
                  f"lr {lr:.2e} tok/s {n_acc * tok_per_step / dt:.0f} elapsed {elapsed():.0f}s", flush=True)
            t_log, loss_acc, n_acc = time.time(), 0.0, 0
        if total_steps is not None and due_eval():
            t0 = time.time()
            do_eval()
            save_ckpt()
            t_ckpt = time.time()
            t_plan += time.time() - t0  # keep eval time out of the step-time estimate
            t_log += time.time() - t0
        elif time.time() - t_ckpt > a.ckpt_every_s:
            t0 = time.time()
            save_ckpt()
            t_ckpt = time.time()
            t_plan += time.time() - t0
            t_log += time.time() - t0
    if not history or history[-1]["step"] != step:
        do_eval()
        save_ckpt()
    log = make_log(True)
    export_hf(a.out, c, best_state, log)
    print(f"done: {step} steps, {step * tok_per_step} tokens, {elapsed():.0f}s; best heldout loss {best:.4f} "
          f"ppl {math.exp(best):.2f} at step {best_step}; exported to {a.out}", flush=True)


if __name__ == "__main__":
    main()
