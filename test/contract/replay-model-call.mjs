#!/usr/bin/env node
// Replays one model call of the model suite with the same model, greedy as the suite samples, and
// prints what it cost: prompt and completion tokens, tokens per second, the share of the answer
// that is whitespace between JSON fields, and the whitespace tokens the model generated. For
// measuring a change to a prompt or to the request without a whole debate (a debate's Review and
// Response take minutes each on a busy machine).
//
//   CODE_DEBATE_MODEL_LOG=/tmp/calls.jsonl npm run test:model     # keeps every call, one JSON line each
//   node test/contract/replay-model-call.mjs /tmp/calls.jsonl 1   # replays the first call
//   node test/contract/replay-model-call.mjs /tmp/calls.jsonl 1 --no-merged-line-breaks
//
// --no-merged-line-breaks forbids every token whose text joins a line break to other characters
// (`{\n`, `",\n`, ` [\n`): the tokens a model pretty-printing JSON starts each line with. A raw
// line break is never valid inside a JSON string, so a JSON answer never needs one of them.
// --line-break-tokens forbids the ones code-debate asks llama.cpp's server to forbid (the built
// dist/agents/chat/llama-line-breaks.js): those of a pretty-printed answer of the call's schema.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { modelInstalled, modelPath, runtimeEntry } from './model.mjs';

const [file, which = '1', ...flags] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node test/contract/replay-model-call.mjs <calls.jsonl> [<n>] [--no-merged-line-breaks | --line-break-tokens]');
  process.exit(2);
}
if (!modelInstalled()) {
  console.error('the model is not installed: run `node test/contract/install-model.mjs` first');
  process.exit(2);
}
const calls = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));
const call = calls[Number(which) - 1];
if (call === undefined) {
  console.error(`${file} holds ${calls.length} call(s); ask for one of 1 to ${calls.length}`);
  process.exit(2);
}

const threads = Number(process.env.CODE_DEBATE_MODEL_THREADS ?? '') || availableParallelism();
const { getLlama, LlamaChat, TokenBias } = await import(runtimeEntry());
const llama = await getLlama({ gpu: false, build: 'never', maxThreads: threads, logLevel: 'error', progressLogs: false });
const model = await llama.loadModel({ modelPath: modelPath() });
const context = await model.createContext({ contextSize: 8_192, threads, sequences: 1 });
const chat = new LlamaChat({ contextSequence: context.getSequence(), autoDisposeSequence: false });
const history = call.messages.map(({ role, content }) =>
  role === 'assistant' ? { type: 'model', response: [content] } : role === 'system' ? { type: 'system', text: content } : { type: 'user', text: content },
);
history.push({ type: 'model', response: [] });
const grammar = call.schema === null ? undefined : await llama.createGrammarForJsonSchema(call.schema);
let tokenBias;
if (flags.includes('--no-merged-line-breaks')) {
  tokenBias = new TokenBias(model.tokenizer);
  const vocabulary = model.fileInfo.metadata.tokenizer.ggml.tokens.length;
  for (let token = 0; token < vocabulary; token++) {
    const text = model.detokenize([token]);
    if (text.includes('\n') && /\S/.test(text)) tokenBias.set(token, 'never');
  }
}
if (flags.includes('--line-break-tokens') && call.schema !== null) {
  const { lineBreakSample, lineBreakTokenIds } = await import('../../dist/agents/chat/llama-line-breaks.js');
  // As the stand-in server's /tokenize answers: each token of the sample with its piece.
  const pieces = model.tokenize(lineBreakSample(call.schema)).map((id) => ({ id, piece: model.detokenize([id]) }));
  const ids = lineBreakTokenIds(pieces) ?? [];
  tokenBias = new TokenBias(model.tokenizer);
  for (const [token] of ids) tokenBias.set(token, 'never');
  console.log(`line-break tokens forbidden: ${ids.map(([token]) => JSON.stringify(model.detokenize([token]))).join(' ')}`);
}

const generated = [];
const meter = chat.sequence.tokenMeter;
const before = { input: meter.usedInputTokens, output: meter.usedOutputTokens };
const started = performance.now();
const result = await chat.generateResponse(history, {
  maxTokens: 1_024,
  temperature: 0,
  seed: 1,
  topK: 40,
  topP: 0.95,
  minP: 0.05,
  repeatPenalty: false,
  ...(grammar === undefined ? {} : { grammar }),
  ...(tokenBias === undefined ? {} : { tokenBias }),
  onToken: (tokens) => generated.push(...tokens),
});
const seconds = (performance.now() - started) / 1000;
const answer = result.response;
let whitespace = 'not JSON';
try {
  const padding = answer.length - JSON.stringify(JSON.parse(answer)).length;
  whitespace = `${padding} of ${answer.length} characters (${Math.round((100 * padding) / Math.max(1, answer.length))}%)`;
} catch {}
const spacing = new Map();
for (const token of generated) {
  const text = model.detokenize([token]);
  if (/^\s+$/.test(text) || text.includes('\n')) spacing.set(JSON.stringify(text), (spacing.get(JSON.stringify(text)) ?? 0) + 1);
}
const completion = meter.usedOutputTokens - before.output;
console.log(
  `call ${which}${tokenBias === undefined ? '' : flags.includes('--line-break-tokens') ? ', line-break tokens forbidden' : ', merged line breaks forbidden'}: ${meter.usedInputTokens - before.input} prompt tokens evaluated, ` +
    `${completion} completion tokens, ${seconds.toFixed(1)} s (${(completion / seconds).toFixed(1)} tokens/s), stop ${result.metadata.stopReason}, ` +
    `whitespace between JSON fields ${whitespace}`,
);
console.log(`whitespace tokens: ${[...spacing].map(([text, count]) => `${text}×${count}`).join(' ') || 'none'}`);
console.log(answer);
await llama.dispose();
