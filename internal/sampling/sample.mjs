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
// the text ends with the start of one.
const closers = ['"', "]", "}", ")", "'"];
function biasFor(text, finishers) {
    const bias = new TokenBias(model.tokenizer);
    const set = new Map();
    for (const c of closers) set.set(c.charCodeAt(0), 5);
    for (const c of [" ", "\t", "\n", ","]) set.set(c.charCodeAt(0), -2);
    for (const {open, close} of finishers) {
        const o = text.lastIndexOf(open), c = text.lastIndexOf(close);
        if (o < 0) continue;
        if (open === close) {
            // One mark opens and closes (Gemma's <|"|>): inside after an
            // odd number of them.
            if (text.split(open).length % 2 === 1) continue;
        } else if (c >= o + open.length) continue; // not inside such a value
        if (text.length - o > open.length + 16) set.set(close.charCodeAt(0), 6);
        for (let k = Math.min(close.length - 1, text.length - o - open.length); k > 0; k--) {
            if (text.endsWith(close.slice(0, k))) {
                set.set(close.charCodeAt(k), 12);
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
    for (const seed of job.seeds) {
        const t0 = Date.now();
        let text = "";
        const res = await completion.generateCompletionWithMeta("x", {
            grammar, seed, temperature: 1, maxTokens: job.maxTokens,
            tokenBias: () => biasFor(text, job.finishers ?? []), repeatPenalty: false,
            onTextChunk: (chunk) => { text += chunk; }, trimWhitespaceSuffix: false,
        });
        out.push({id: job.id, seed, text: res.response, stop: res.metadata.stopReason, ms: Date.now() - t0});
    }
}
writeFileSync(outPath, JSON.stringify(out));
await context.dispose();
await model.dispose();
