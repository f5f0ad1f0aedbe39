// sample.mjs MODEL JOBS OUT: llama.cpp (through node-llama-cpp's CPU build)
// samples under each job's GBNF grammar from the tiny model, once per seed,
// and writes the samples as JSON. The Go test makes the model and the jobs
// and reads the samples back.
import {readFileSync, writeFileSync} from "node:fs";
import {getLlama, LlamaCompletion, TokenBias} from "node-llama-cpp";

const [modelPath, jobsPath, outPath] = process.argv.slice(2);
const jobs = JSON.parse(readFileSync(jobsPath, "utf8"));
const llama = await getLlama({gpu: false, build: "never", logLevel: "error"});
const model = await llama.loadModel({modelPath});
// One thread: on two cores, llama.cpp's spinning worker threads and node's
// own make every token cost hundreds of milliseconds.
const context = await model.createContext({contextSize: 4096, batchSize: 512, threads: 1});
const completion = new LlamaCompletion({contextSequence: context.getSequence()});

// Byte b is token 3+b; token 2 ends the text. Nudge toward what ends
// strings, values, lists and objects, so that samples finish: the closers
// always, and the next byte of a job's finisher (a value's close tag) once
// the text ends with the start of one. The finishers are matched as UTF-8
// bytes, the tokens' own, so that a close tag beyond ASCII (DSML's U+FF5C)
// is nudged byte by byte too: node-llama-cpp reports no token of a
// character it has not all of, so the tokens since the last report
// (stalls) are the bytes of the character begun, and the nudge goes on
// with the byte after them.
const closers = ['"', "]", "}", ")", "'"];
const utf8 = new TextEncoder();

// lastIndexOf returns where needle last stands in hay, or -1.
function lastIndexOf(hay, needle) {
    outer: for (let i = hay.length - needle.length; i >= 0; i--) {
        for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
        return i;
    }
    return -1;
}

// count returns how many times needle stands in hay, apart.
function count(hay, needle) {
    let n = 0;
    outer: for (let i = 0; i + needle.length <= hay.length; i++) {
        for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
        n++;
        i += needle.length - 1;
    }
    return n;
}

// endsWith reports whether hay ends with the first k bytes of needle.
function endsWith(hay, needle, k) {
    if (hay.length < k) return false;
    for (let j = 0; j < k; j++) if (hay[hay.length - k + j] !== needle[j]) return false;
    return true;
}

function biasFor(bytes, stalls, finishers) {
    const bias = new TokenBias(model.tokenizer);
    const set = new Map();
    for (const c of closers) set.set(c.charCodeAt(0), 5);
    for (const c of [" ", "\t", "\n", ","]) set.set(c.charCodeAt(0), -2);
    for (const {open, close} of finishers) {
        const o = lastIndexOf(bytes, open), c = lastIndexOf(bytes, close);
        if (o < 0) continue;
        if (open.join() === close.join()) {
            // One mark opens and closes (Gemma's <|"|>): inside after an
            // odd number of them.
            if (count(bytes, open) % 2 === 0) continue;
        } else if (c >= o + open.length) continue; // not inside such a value
        if (bytes.length - o > open.length + 16) set.set(close[0], 6);
        for (let k = Math.min(close.length - 1, bytes.length - o - open.length); k > 0; k--) {
            if (endsWith(bytes, close, k)) {
                if (k + stalls < close.length) set.set(close[k + stalls], 12);
                break;
            }
        }
    }
    for (const [b, v] of set) bias.set(3 + b, {logit: v});
    return bias;
}

const out = [];
for (const job of jobs) {
    const grammar = await llama.createGrammar({grammar: job.grammar});
    const finishers = (job.finishers ?? []).map(({open, close}) => ({open: utf8.encode(open), close: utf8.encode(close)}));
    for (const seed of job.seeds) {
        const t0 = Date.now();
        const bytes = [];
        let seen = 0, stalls = 0; // bytes at the last bias, and tokens since they grew
        const res = await completion.generateCompletionWithMeta("x", {
            grammar, seed, temperature: 1, maxTokens: job.maxTokens,
            tokenBias: () => {
                stalls = bytes.length === seen ? stalls + 1 : 0;
                seen = bytes.length;
                return biasFor(bytes, stalls, finishers);
            },
            repeatPenalty: false,
            onToken: (tokens) => { for (const t of tokens) if (t >= 3) bytes.push(t - 3); }, trimWhitespaceSuffix: false,
        });
        out.push({id: job.id, seed, text: res.response, stop: res.metadata.stopReason, ms: Date.now() - t0});
    }
}
writeFileSync(outPath, JSON.stringify(out));
await context.dispose();
await model.dispose();
