import { appendFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import type { EvalReport } from '../../src/eval/eval-report.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { writePlantedDataset } from '../helpers/eval-dataset.js';
import { startCli, type Exit } from '../helpers/run-cli.js';
import { startLlamaChatServer, type LlamaChatServer, type LlamaExchange } from './llama-chat-server.js';
import { model, modelInstalled, modelPath } from './model.mjs';

// `npm run test:model`: whole debates with a real small model (see model.mjs) served on 127.0.0.1
// by llama.cpp through an OpenAI-compatible server (llama-chat-server.ts), both sides
// `openai:<model>`: what a person with a local model gets, not what a stand-in scripted.
const repos = useDebateRepos();

/** One round keeps a debate to three or four model calls: a Review, a Response, a Follow-up or none, a CONSENSUS. */
const maxRounds = 1;
/**
 * A turn, re-asks included, takes seconds to a minute or two on two idle cores; these bounds leave
 * room for a busy machine (the peer's --turn-timeout must exceed --agent-timeout).
 */
const agentTimeout = '10m';
/** The longest answer asked for. */
const maxOutputTokens = 1_024;
const turnTimeout = '20m';
/** A debate's outer bound. */
const debateMs = 40 * 60_000;
let server: LlamaChatServer;

beforeAll(async () => {
  // Commits with fixed dates give every run the same hashes, so the same prompts.
  process.env.GIT_AUTHOR_DATE = process.env.GIT_COMMITTER_DATE = '2026-01-01T00:00:00Z';
  if (!modelInstalled()) throw new Error(`${model.name} is not installed: run \`node test/contract/install-model.mjs\` first (\`npm run test:model\` does)`);
  // Greedy sampling (llama-server --temp 0) makes a run repeatable. Each call is printed as it
  // ends, so a slow or looping model shows in the output while the debate still runs.
  // Every CPU by default; CODE_DEBATE_MODEL_THREADS=1 where other work shares them (README).
  const threads = Number(process.env.CODE_DEBATE_MODEL_THREADS ?? '') || undefined;
  const started = Date.now();
  server = await startLlamaChatServer({
    modelPath: modelPath(),
    modelName: model.name,
    contextSize: 8_192,
    temperature: 0,
    seed: 1,
    ...(threads === undefined ? {} : { threads }),
    onExchange: (call) => {
      console.log(describeCall(call));
      // CODE_DEBATE_MODEL_LOG=<file> keeps every call whole, prompt and answer, one JSON line each.
      if (process.env.CODE_DEBATE_MODEL_LOG) appendFileSync(process.env.CODE_DEBATE_MODEL_LOG, `${JSON.stringify(call)}\n`);
    },
  });
  console.log(`${model.name} served at ${server.origin} with ${threads ?? availableParallelism()} thread(s), loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function chat(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${server.origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: model.name, ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('the model server', () => {
  it('lists its model as llama-server does', async () => {
    const response = await fetch(`${server.origin}/v1/models`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: 'list', data: [{ id: model.name, object: 'model', owned_by: 'llamacpp' }] });
  });

  it('holds the model to a JSON Schema given as response_format: the answer parses and follows it', async () => {
    const schema = {
      type: 'object',
      properties: {
        verdict: { type: 'string', enum: ['Agreed', 'Partially agreed', 'Disagreed'] },
        reason: { type: 'string', minLength: 1, maxLength: 200 },
        lines: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 3 },
        fix: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['verdict', 'reason', 'lines', 'fix'],
      additionalProperties: false,
    };
    const { status, body } = await chat({
      messages: [
        { role: 'system', content: 'You review code.' },
        { role: 'user', content: 'Line 2 of src/app.js adds `console.log(name);` to a greeting function. Is "debug output left in" a fair review point? Answer in JSON.' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema, strict: true } },
      max_tokens: 300,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.choices[0].finish_reason).toBe('stop');
    const answer: unknown = JSON.parse(body.choices[0].message.content as string);
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    expect(body.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) });
    expect(body.usage.prompt_tokens).toBeGreaterThan(20);
    expect(body.usage.completion_tokens).toBeGreaterThan(3);
  });

  it('stops at max_tokens with finish_reason `length`, as llama-server does', async () => {
    const { status, body } = await chat({ messages: [{ role: 'user', content: 'Count from 1 to 100, one number a line.' }], max_tokens: 5 });
    expect(status).toBe(200);
    expect(body.choices[0].finish_reason).toBe('length');
    expect(body.usage.completion_tokens).toBe(5);
  });
});

interface DebateRun {
  exit: Exit;
  events: Array<Record<string, any>>;
  text: string;
  /** What the model said for each section, by heading: every try, in order. */
  said: Map<string, LlamaExchange[]>;
}

/** One whole debate, both sides the local model through `openai:`, in a fresh repository. */
async function debate(env: Record<string, string>, flags: readonly string[] = []): Promise<DebateRun> {
  const repo = await repos.repo();
  const first = server.exchanges.length;
  const started = Date.now();
  // --max-output-tokens as a person with a small local model sets it: its answers run 260 to 860
  // tokens, and one that loops stops at the limit within a minute or so.
  const args = [
    'duo',
    '--json',
    '--agent',
    `openai:${model.name}`,
    '--max-rounds',
    String(maxRounds),
    '--max-output-tokens',
    String(maxOutputTokens),
    '--agent-timeout',
    agentTimeout,
    '--turn-timeout',
    turnTimeout,
    ...flags,
    'HEAD',
  ];
  const exit = await startCli(args, {
    cwd: repo.dir,
    env: { OPENAI_BASE_URL: `${server.origin}/v1`, OPENAI_API_KEY: 'local-model', ...env },
  }).exited;
  const events = exit.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
  const text = await repo.readReply().catch(() => '');
  const said = new Map<string, LlamaExchange[]>();
  for (const exchange of server.exchanges.slice(first)) {
    const heading = sectionOf(exchange).replace(/^## /, '');
    said.set(heading, [...(said.get(heading) ?? []), exchange]);
  }
  printTurns(env, events, said, Date.now() - started);
  return { exit, events, text, said };
}

/** One model call's tokens, time and end, as a line: with the share of a JSON answer spent on whitespace between its fields. */
function describeCall(call: LlamaExchange, what = `call for ${sectionOf(call)}`): string {
  const seconds = call.ms / 1000;
  const padding = jsonPadding(call.content);
  return (
    `${what}: ${call.promptTokens} in / ${call.completionTokens} out tokens, ${seconds.toFixed(1)} s ` +
    `(${(call.completionTokens / Math.max(0.001, seconds)).toFixed(1)} tokens/s), finish_reason ${call.finishReason}${call.schema === null ? '' : ', with a schema'}` +
    `${call.neverTokens === 0 ? '' : `, ${call.neverTokens} line-break tokens forbidden`}` +
    `${call.streamed ? ', streamed' : ''}${padding === null ? '' : `, ${padding.whitespace} of ${padding.length} characters (${Math.round((100 * padding.whitespace) / Math.max(1, padding.length))}%) whitespace between JSON fields`}`
  );
}

/** How much of a JSON answer is whitespace outside its strings (indentation, line breaks); null when the answer is not JSON. */
function jsonPadding(content: string): { length: number; whitespace: number } | null {
  try {
    const compact = JSON.stringify(JSON.parse(content));
    return { length: content.length, whitespace: content.length - compact.length };
  } catch {
    return null;
  }
}

/** The section a call was for, as its prompt names it (`## Response 1`; the CONSENSUS's prompt names no heading, only the word); else a check of the server. */
function sectionOf(call: LlamaExchange): string {
  const prompt = call.messages.at(-1)?.content ?? '';
  const heading = /`## ([^`]+)`/.exec(prompt)?.[1] ?? (prompt.includes('CONSENSUS') ? 'CONSENSUS' : null);
  return heading === null ? 'a check of the server' : `## ${heading}`;
}

/** Tokens and seconds per turn and per call, in the suite's output: how fast the model runs here. */
function printTurns(env: Record<string, string>, events: Array<Record<string, any>>, said: Map<string, LlamaExchange[]>, ms: number): void {
  const mode = env.CODE_DEBATE_STRUCTURED_OUTPUT === 'off' ? 'structured output off' : 'structured output';
  const calls = [...said].flatMap(([heading, exchanges]) => exchanges.map((call, index) => `  ${describeCall(call, `## ${heading} #${index + 1}`)}`));
  const turns = events
    .filter((event) => event.type === 'agent-finished' || event.type === 'agent-reasked' || event.type === 'agent-retry')
    .map((event) =>
      event.type === 'agent-finished'
        ? `  turn ${event.role} ## ${event.heading}: ${(event.ms / 1000).toFixed(1)} s, ${event.usage?.inputTokens ?? '?'} in / ${event.usage?.outputTokens ?? '?'} out tokens` +
          `${describeProgress(events, event.heading)}`
        : `  turn ${event.role} ## ${event.heading}: ${event.type}: ${(event.problems ?? [event.reason]).join(' ').slice(0, 120)}…`,
    );
  console.log(`${model.name}, ${mode}: the debate took ${(ms / 1000).toFixed(1)} s\n${[...calls, ...turns].join('\n')}`);
}

/** What the side showed while the turn was written: its last `agent-progress` event. */
function describeProgress(events: Array<Record<string, any>>, heading: string): string {
  const last = events.filter((event) => event.type === 'agent-progress' && event.heading === heading).at(-1);
  if (last === undefined) return ', no progress shown';
  return `, progress shown: ${last.tokens ?? '?'} tokens${typeof last.tokensPerSecond === 'number' ? ` at ${last.tokensPerSecond.toFixed(1)} tokens/s` : ''} after ${(last.elapsedMs / 1000).toFixed(1)} s`;
}

/** Each `## Response N` with its body, as the file has it. */
function responses(text: string) {
  if (text === '') return { sections: [] };
  const parsed = parseDocument(text);
  if (!parsed.ok) throw new Error(`the debate file does not parse: ${JSON.stringify(parsed)}`);
  return { sections: parsed.document.sections.filter((section) => section.kind === 'response') };
}

/** The `### <id> — <Label>` answers of a section in the canonical form code-debate writes, in order. */
function canonicalAnswers(body: string): Array<[id: string, label: string]> {
  return body.split('\n').flatMap((line) => {
    const answer = /^### ([RF]\d+) — (Agreed|Partially agreed|Disagreed)$/.exec(line);
    return answer === null ? [] : [[answer[1] ?? '', answer[2] ?? ''] as [string, string]];
  });
}

/** Whether `text` says `label` as a label of its own: "Agreed" is not found in "Partially agreed" or "Disagreed". */
function says(text: string, label: string): boolean {
  const pattern = label === 'Agreed' ? /(?<!partially[\s*_]*)\bagreed\b/i : new RegExp(`\\b${label.replace(' ', '[\\s*_]+')}\\b`, 'i');
  return pattern.test(text);
}

/** The structured-output debate, run once: its tests read the same run. */
let structured: Promise<DebateRun> | null = null;
// The whole debates ask for no reproduction (`--reproductions off`): asked for one, the 0.5B model writes a
// test until --max-output-tokens cuts its Review off. The eval below asks for them, whatever comes of it.
const noReproductions = ['--reproductions', 'off'];
const structuredRun = () => (structured ??= debate({}, noReproductions));

/**
 * How a debate may end: a CONSENSUS (0, or 1 for a confirmed point at or above --block-on, the
 * model's call), or a section the model could not write (4): unusable after its re-asks, or cut
 * off at the server's -n (finish_reason `length`). Never a timeout, a protocol error or a crash.
 */
function expectDocumentedEnd(run: DebateRun): void {
  expect(run.events.at(-1), run.exit.stderr).toMatchObject({ type: 'duo-ended', exitCode: run.exit.code });
  if (run.exit.code === 4) {
    expect(run.exit.stderr).toMatch(/could not write a usable `## [^`]+` in \d+ tries|the answer was cut off by the model's output or context limit \(finish_reason `length`\)/);
  } else {
    expect([0, 1], run.exit.stderr).toContain(run.exit.code);
    expect(headingsOf(run.text).at(-1)).toBe('## CONSENSUS');
  }
  if (run.text !== '') expect(parseDocument(run.text).ok).toBe(true);
}

/** Each section's tokens are what the server reported for its calls, re-asks included. */
function expectUsageFromServer(run: DebateRun): void {
  const finished = run.events.filter((event) => event.type === 'agent-finished');
  expect(finished.length, run.exit.stderr).toBeGreaterThan(0);
  for (const event of finished) {
    const calls = run.said.get(event.heading) ?? [];
    expect(event.usage, `## ${event.heading}`).toMatchObject({
      inputTokens: calls.reduce((sum, call) => sum + call.promptTokens, 0),
      outputTokens: calls.reduce((sum, call) => sum + call.completionTokens, 0),
    });
  }
}

describe(`whole debates with ${model.name} on both sides`, () => {
  it(
    'structured output (the default): the debate ends as documented, each turn’s tokens read from the server',
    async () => {
      const run = await structuredRun();
      expectDocumentedEnd(run);
      expectUsageFromServer(run);
    },
    debateMs,
  );

  it(
    'structured output: every call is streamed, and each turn shows the tokens the model has written while it writes',
    async () => {
      const run = await structuredRun();
      expect(
        [...run.said.values()].flat().map((call) => call.streamed),
        'each call asked as a stream',
      ).not.toContain(false);
      const finished = run.events.filter((event) => event.type === 'agent-finished');
      expect(finished.length, run.exit.stderr).toBeGreaterThan(0);
      for (const event of finished) {
        const shown = run.events.filter((progress) => progress.type === 'agent-progress' && progress.heading === event.heading && progress.role === event.role);
        expect(shown.length, `agent-progress for ## ${event.heading}`).toBeGreaterThan(0);
        expect(shown.every((progress) => typeof progress.tokens === 'number' && progress.tokens > 0)).toBe(true);
      }
    },
    debateMs,
  );

  it(
    'structured output: the debate reaches its CONSENSUS',
    async () => {
      const run = await structuredRun();
      expect([0, 1], run.exit.stderr).toContain(run.exit.code);
      expect(headingsOf(run.text).at(-1)).toBe('## CONSENSUS');
    },
    debateMs,
  );

  it(
    'structured output: each section is asked with its schema and valid at its first try (no `agent-reasked` event)',
    async () => {
      const run = await structuredRun();
      // An answer sent back for its own words (an agreement that repeats the Review, a Disagreed that ignores a reproduction) was valid: that is the debate's rule, not the schema's.
      const ownWords = /repeats the (?:Reviewer|Responder)'s own text|does not address the reproduction/;
      const reasked = run.events.filter((event) => event.type === 'agent-reasked' && !(event.problems as string[]).every((problem) => ownWords.test(problem)));
      expect(reasked, JSON.stringify(reasked, null, 2)).toEqual([]);
      for (const [heading, calls] of run.said) {
        // One call, and one more for each time its answer was sent back for its own words.
        const sentBack = run.events.filter((event) => event.type === 'agent-reasked' && event.heading === heading).length;
        if (heading !== 'CONSENSUS')
          expect(
            calls.map((call) => call.schema !== null),
            `## ${heading} asked with a response_format`,
          ).toEqual(Array.from({ length: 1 + sentBack }, () => true));
      }
    },
    debateMs,
  );

  it(
    'structured output: each `## Response N` has one `### R<n> — <Label>` heading per point open before it',
    async () => {
      const run = await structuredRun();
      const { sections } = responses(run.text);
      expect(sections.length).toBeGreaterThan(0);
      for (const section of sections) {
        // The open points are the ids the turn's schema let it answer (an enum).
        const schema = run.said.get(section.heading)?.at(-1)?.schema as { properties?: { answers?: { items?: { properties?: { id?: { enum?: string[] } } } } } } | null | undefined;
        const open = schema?.properties?.answers?.items?.properties?.id?.enum;
        expect(open, `the ids ## ${section.heading} was asked to answer`).toBeDefined();
        expect(
          canonicalAnswers(section.body).map(([id]) => id),
          section.body,
        ).toEqual(open);
      }
    },
    debateMs,
  );

  it(
    'structured output with --reproductions off: no turn is asked for a reproduction, none is written, and none runs',
    async () => {
      const run = await structuredRun();
      for (const [heading, calls] of run.said) for (const call of calls) expect(JSON.stringify(call.schema ?? {}), `## ${heading}'s schema`).not.toContain('"reproduction"');
      expect(run.text.split('\n').filter((line) => line.startsWith('**Reproduction:** '))).toEqual([]);
      expect(run.events.filter((event) => event.type === 'reproduction-ran')).toEqual([]);
    },
    debateMs,
  );

  it(
    'structured output off: the free text goes through the fallback, the debate ends as documented, and no label is one the model did not write',
    async () => {
      const run = await debate({ CODE_DEBATE_STRUCTURED_OUTPUT: 'off' }, noReproductions);
      expect(
        [...run.said.values()].flat().every((call) => call.schema === null),
        'no response_format sent with structured output off',
      ).toBe(true);
      expectDocumentedEnd(run);
      expectUsageFromServer(run);
      for (const section of responses(run.text).sections) {
        const written = run.said.get(section.heading)?.at(-1)?.content;
        expect(written, `what the model said for ## ${section.heading}`).toBeDefined();
        for (const [id, label] of canonicalAnswers(section.body)) {
          expect(says(written ?? '', label), `${id} in ## ${section.heading} is ${label}, which the model did not write:\n${written}`).toBe(true);
        }
      }
    },
    debateMs,
  );
});

describe(`code-debate eval with ${model.name} on both sides`, () => {
  it(
    'debates a small planted bug in one round and scores it with the tokens the server reported',
    async () => {
      // One tiny case, one round: each turn of a real model costs a minute on two cores, and CI has 25 (the
      // figures themselves are checked against scripted agents, test/e2e).
      const dataset = await writePlantedDataset(
        {
          'sql-concat': {
            spec: {
              title: 'Find users by name',
              language: 'javascript',
              expected: [{ file: 'src/users.js', line: 4, minSeverity: 'medium', kind: 'sql-injection', what: 'the name is pasted into the SQL' }],
            },
            before: { 'src/users.js': "import { db } from './db.js';\n" },
            after: {
              'src/users.js': 'import { db } from \'./db.js\';\n\nexport function findUser(name) {\n  return db.query("SELECT * FROM users WHERE name = \'" + name + "\'");\n}\n',
            },
          },
        },
        { name: 'model-smoke' },
      );
      repos.onCleanup(dataset.cleanup);
      const args = [
        'eval',
        dataset.dir,
        '--json',
        '--agent',
        `openai:${model.name}`,
        '--max-rounds',
        '1',
        '--max-output-tokens',
        String(maxOutputTokens),
        '--agent-timeout',
        agentTimeout,
        '--turn-timeout',
        turnTimeout,
      ];
      const exit = await startCli(args, { cwd: dataset.scratch, env: { OPENAI_BASE_URL: `${server.origin}/v1`, OPENAI_API_KEY: 'local-model' } }).exited;
      console.log(exit.stderr);
      // 0 when the debate ended; 4 when the model could not write a section (see expectDocumentedEnd).
      expect([0, 4], exit.stderr).toContain(exit.code);
      const report = JSON.parse(exit.stdout) as EvalReport;
      expect(report.cases.map((result) => result.id)).toEqual(['sql-concat']);
      const scored = report.cases.flatMap((result) => (result.status === 'scored' ? [result] : []));
      for (const result of report.cases) if (result.status === 'failed') expect(result.code, result.output.join('\n')).toBe(4);
      expect(report.totals.scored).toBe(scored.length);
      // The figures are the sums of the cases', whatever the model said.
      // Asked for reproductions (sandboxed, as by default): what the reproduced view made of them, whatever it is.
      console.log(`eval with reproductions asked for: ${JSON.stringify(report.totals.views)}`);
      for (const view of ['review', 'confirmed', 'gate'] as const) {
        expect(report.totals.views[view].points).toBe(scored.reduce((sum, result) => sum + result.score.views[view].points, 0));
        expect(report.totals.views[view].found).toBe(scored.reduce((sum, result) => sum + result.score.views[view].found, 0));
      }
      // A model server reports its tokens: each scored debate's are in the report, and in the total.
      for (const result of scored) {
        expect(result.rounds).toBe(1);
        expect(result.usage.inputTokens).toBeGreaterThan(0);
      }
      if (scored.length > 0) expect(report.totals.usage.inputTokens).toBe(scored.reduce((sum, result) => sum + (result.usage.inputTokens ?? 0), 0));
    },
    debateMs,
  );
});
