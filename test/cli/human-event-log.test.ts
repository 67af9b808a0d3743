import { describe, expect, it } from 'vitest';
import { createHumanEventLog } from '../../src/cli/human-event-log.js';
import type { SideEvent } from '../../src/session/side-events.js';

function report(event: SideEvent): string[] {
  const lines: string[] = [];
  createHumanEventLog(
    (line) => lines.push(line),
    () => new Date('2026-11-22T10:02:03.456Z'),
  )(event);
  return lines;
}

describe('createHumanEventLog', () => {
  it.each<[string, SideEvent, string]>([
    [
      'claimed',
      { type: 'claimed', role: 'reviewer', agent: 'builtin', file: 'reply.md', subject: 'the diff against main', tookOverFrom: null },
      `10:02:03 Reviewer   I am the Reviewer (pid ${process.pid}, agent builtin) · reply.md · the diff against main\n`,
    ],
    [
      'claimed after a takeover',
      { type: 'claimed', role: 'responder', agent: 'cmd:x', file: 'docs/r.md', subject: 'commit abc1234', tookOverFrom: 4242 },
      `10:02:03 Responder  I am the Responder (pid ${process.pid}, agent cmd:x) · docs/r.md · commit abc1234 · took the role over from dead pid 4242\n`,
    ],
    ['waiting', { type: 'waiting', role: 'reviewer', for: 'responder', round: 1, timeoutMs: 600_000 }, "10:02:03 Reviewer   waiting for the Responder's turn (up to 10m)\n"],
    [
      'not-a-turn',
      { type: 'not-a-turn', role: 'responder', for: 'reviewer' },
      "10:02:03 Responder  the file changed, but it is still the Reviewer's turn: not a turn, still waiting\n",
    ],
    [
      'turn-started',
      { type: 'turn-started', role: 'reviewer', turn: 'review', heading: 'Review', agent: 'builtin', round: 0, interactive: false },
      '10:02:03 Reviewer   my turn: builtin is writing ## Review…\n',
    ],
    [
      'turn-written',
      { type: 'turn-written', role: 'responder', heading: 'Response 1', bytes: 1234, ms: 90_000, promptBytes: 3584 },
      '10:02:03 Responder  wrote ## Response 1 in 1m30s (1234 bytes, prompt 3.5 KB)\n',
    ],
    [
      'turn-discarded',
      { type: 'turn-discarded', role: 'reviewer', heading: 'Reviewer Follow-up 1', reason: 'the file changed meanwhile' },
      '10:02:03 Reviewer   did not write ## Reviewer Follow-up 1: the file changed meanwhile; deciding again\n',
    ],
    [
      'agent-retry',
      { type: 'agent-retry', role: 'reviewer', heading: 'Review', reason: 'rate limited', delayMs: 2_000 },
      '10:02:03 Reviewer   the agent failed (rate limited); trying ## Review once more in 2s\n',
    ],
    [
      'agent-reasked',
      { type: 'agent-reasked', role: 'responder', heading: 'Response 1', problems: ['It does not answer R2.'], attempt: 2, of: 3 },
      "10:02:03 Responder  the agent's ## Response 1 could not be used (It does not answer R2.); asking again (try 2 of 3)\n",
    ],
    ['agent-chosen', { type: 'agent-chosen', role: null, message: '--agent auto: using `builtin`' }, '10:02:03 code-debate  --agent auto: using `builtin`\n'],
    ['round-state', { type: 'round-state', role: 'reviewer', round: 2, state: 'NARROWING' }, '10:02:03 Reviewer   round 2 done: NARROWING\n'],
    [
      'warning without a role',
      { type: 'warning', role: null, message: 'the Review was written for another diff' },
      '10:02:03 code-debate  warning: the Review was written for another diff\n',
    ],
    [
      'ended',
      { type: 'ended', role: 'reviewer', outcome: 'consensus', message: 'The debate ended with CONSENSUS: every point is resolved. See reply.md.' },
      '10:02:03 Reviewer   The debate ended with CONSENSUS: every point is resolved. See reply.md.\n',
    ],
  ])('writes one line for %s', (_type, event, line) => {
    expect(report(event)).toEqual([line]);
  });

  it('writes the time of each event as now() gives it, in UTC', () => {
    const lines: string[] = [];
    const times = [new Date('2026-11-22T23:59:59.999Z'), new Date('2026-11-23T00:00:00.000Z')];
    const log = createHumanEventLog(
      (line) => lines.push(line),
      () => times.shift()!,
    );
    log({ type: 'warning', role: 'reviewer', message: 'one' });
    log({ type: 'warning', role: 'reviewer', message: 'two' });
    expect(lines).toEqual(['23:59:59 Reviewer   warning: one\n', '00:00:00 Reviewer   warning: two\n']);
  });
});

describe('one line a turn', () => {
  function run(events: SideEvent[]): string[] {
    const lines: string[] = [];
    const log = createHumanEventLog(
      (line) => lines.push(line),
      () => new Date('2026-11-22T10:02:03.456Z'),
    );
    for (const event of events) log(event);
    return lines;
  }
  const usage = { inputTokens: 12_300, outputTokens: 800, cachedInputTokens: 0, costUsd: 0.042 };

  it('says what the agent took and spent on the line of the section it wrote', () => {
    expect(
      run([
        { type: 'agent-finished', role: 'reviewer', heading: 'Review', agent: 'claude', ms: 41_000, promptBytes: 1_400, usage },
        { type: 'turn-written', role: 'reviewer', heading: 'Review', bytes: 1_470, ms: 41_300, promptBytes: 1_400 },
      ]),
    ).toEqual(['10:02:03 Reviewer   wrote ## Review in 41s: claude took 41s (12,300 in / 800 out tokens, $0.0420); 1470 bytes, prompt 1.4 KB\n']);
  });

  it("says a model's progress once a minute of its turn, not at every report", () => {
    const progress = (elapsedMs: number, tokens: number | null) =>
      ({ type: 'agent-progress', role: 'reviewer', heading: 'Review', agent: 'ollama:m', elapsedMs, tokens, tokensPerSecond: tokens === null ? null : 2.14, steps: null }) as const;
    expect(
      run([
        { type: 'turn-started', role: 'reviewer', turn: 'review', heading: 'Review', agent: 'ollama:m', round: 1, interactive: false },
        progress(5_000, 10),
        progress(55_000, 100),
        progress(61_000, 112),
        progress(66_000, 124),
        progress(125_000, 250),
        progress(190_000, null),
      ]).slice(1),
    ).toEqual([
      '10:02:03 Reviewer   ollama:m is writing ## Review: 112 tokens, 2.1 tokens/s after 1m1s\n',
      '10:02:03 Reviewer   ollama:m is writing ## Review: 250 tokens, 2.1 tokens/s after 2m5s\n',
    ]);
  });

  it('speaks to a person as you', () => {
    expect(
      run([
        { type: 'claimed', role: 'responder', agent: 'human', file: 'reply.md', subject: 'HEAD', tookOverFrom: null },
        { type: 'turn-started', role: 'responder', turn: 'response', heading: 'Response 1', agent: 'human', round: 1, interactive: true },
        { type: 'agent-reasked', role: 'responder', heading: 'Response 1', problems: ['R2 has no position.'], attempt: 2, of: 3 },
        { type: 'agent-finished', role: 'responder', heading: 'Response 1', agent: 'human', ms: 125_000, promptBytes: 900, usage: null },
        { type: 'turn-written', role: 'responder', heading: 'Response 1', bytes: 640, ms: 125_400, promptBytes: 900 },
        { type: 'ended', role: 'responder', outcome: 'consensus', message: 'The debate ended with CONSENSUS. See reply.md.', prompts: [{ heading: 'Response 1', bytes: 3_482 }] },
      ]).slice(1),
    ).toEqual([
      '10:02:03 Responder  your turn: you are writing ## Response 1 in your editor…\n',
      '10:02:03 Responder  your ## Response 1 could not be used (R2 has no position.); opening it again (try 2 of 3)\n',
      '10:02:03 Responder  you wrote ## Response 1 in 2m5s (640 bytes)\n',
      '10:02:03 Responder  The debate ended with CONSENSUS. See reply.md.\n',
    ]);
  });

  it("lists the prompts sent to an agent when its side ends, and only the agent's", () => {
    const prompts = [
      { heading: 'Review', bytes: 1_400 },
      { heading: 'Follow-up 1', bytes: 0 },
    ];
    expect(
      run([
        { type: 'claimed', role: 'reviewer', agent: 'claude', file: 'reply.md', subject: 'HEAD', tookOverFrom: null },
        { type: 'ended', role: 'reviewer', outcome: 'consensus', message: 'The debate ended with CONSENSUS. See reply.md.', prompts },
      ]).slice(1),
    ).toEqual(['10:02:03 Reviewer   The debate ended with CONSENSUS. See reply.md.\n  prompts sent to the agent: Review 1.4 KB\n']);
  });
});
