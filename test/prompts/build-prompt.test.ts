import { describe, expect, it } from 'vitest';
import type { Subject } from '../../src/subject/subject.js';
import { summarizeLedger } from '../../src/ledger/summarize-ledger.js';
import { trackPoints } from '../../src/protocol/track-points.js';
import { buildPrompt, promptValues, type PromptContext } from '../../src/prompts/build-prompt.js';
import { answerJsonSchema } from '../../src/protocol/answer-schema.js';
import { parseOk } from '../protocol/parse-ok.js';

const diff = 'diff --git a/src/app.js b/src/app.js\n--- a/src/app.js\n+++ b/src/app.js\n@@ -1 +1,2 @@\n+console.log(name);\n';
const subject: Subject = {
  text: 'the diff against main',
  kind: 'against',
  base: 'a'.repeat(40),
  head: 'b'.repeat(40),
  description: 'commits aaaaaaa..bbbbbbb',
  diff,
  diffSha256: 'c'.repeat(64),
  files: ['src/app.js'],
  summary: 'src/app.js (modified, +1 -0)',
  omitted: [],
  fileHashes: {},
};

const review = '# Code Debate: HEAD\n\n## Review\n\n### R1. Logs a name\n**Severity:** low\n`src/app.js:2`\n\n### R2. No test\nAdd one.\n';
const afterResponse = `${review}\n---\n\n## Response 1\n\n- R1: **Agreed**\n- R2: **Disagreed**, covered elsewhere.\n`;

function context(text: string, overrides: Partial<PromptContext> = {}): PromptContext {
  const document = parseOk(text);
  const states = trackPoints(document);
  return {
    turn: 'review',
    role: 'reviewer',
    round: 1,
    maxRounds: 5,
    heading: 'Review',
    file: 'reply.md',
    subject,
    document,
    documentText: text,
    states,
    ledger: summarizeLedger(states),
    standards: null,
    failedCitations: '',
    changedSinceReview: [],
    stance: 'default',
    maxPeerBytes: 65_536,
    reproductions: true,
    ...overrides,
  };
}

describe('promptValues', () => {
  it('fills the values from the debate', () => {
    const values = promptValues(context(afterResponse, { turn: 'follow-up', heading: 'Reviewer Follow-up 1', standards: 'Prefer small functions.' }));
    expect(values).toMatchObject({
      subject: 'the diff against main',
      subject_description: 'commits aaaaaaa..bbbbbbb',
      heading: 'Reviewer Follow-up 1',
      file: 'reply.md',
      role: 'Reviewer',
      round: '1',
      max_rounds: '5',
      diff: diff.trimEnd(),
      document: afterResponse,
      open_points: '### R2. No test\nAdd one.',
      last_section: '## Response 1\n\n- R1: **Agreed**\n- R2: **Disagreed**, covered elsewhere.',
      standards: "\nApply the repository's review standards (.prompts/pr-review.md):\n\nPrefer small functions.\n",
    });
  });

  it('sends each point once: the open points the latest section holds are named, not repeated', () => {
    const values = promptValues(context(review, { turn: 'response', role: 'responder', heading: 'Response 1' }));
    expect(values.last_section).toBe('## Review\n\n### R1. Logs a name\n**Severity:** low\n`src/app.js:2`\n\n### R2. No test\nAdd one.');
    expect(values.open_points).toBe("R1, R2: as written in the Reviewer's latest section below.");
  });

  it('says so when there is no diff, no open point and no section yet', () => {
    const values = promptValues(context('', { subject: { ...subject, diff: '\n' }, role: 'responder' }));
    expect(values).toMatchObject({ diff: '(the diff is empty)', open_points: '(none)', last_section: '(none)', standards: '', role: 'Responder' });
  });
});

describe('buildPrompt', () => {
  it('renders the Review prompt with the subject, the heading, the file and the diff', async () => {
    const prompt = await buildPrompt(context(''));
    expect(prompt).toContain('Review this change: the diff against main (commits aaaaaaa..bbbbbbb).');
    expect(prompt).toContain('Your answer becomes the `## Review` section of reply.md');
    expect(prompt).toContain(`\`\`\`diff\n${diff.trimEnd()}\n\`\`\``);
  });

  it('asks for one JSON object and shows the schema it must follow', async () => {
    const schema = { name: 'code_debate_review', schema: { type: 'object', properties: { points: { type: 'array' } } } };
    const prompt = await buildPrompt({ ...context(''), answerSchema: schema });
    expect(prompt).toContain('Answer with one JSON object and nothing else');
    expect(prompt).toContain(`\`\`\`json\n${JSON.stringify(schema.schema, null, 2)}\n\`\`\``);
    expect(prompt).not.toContain('compactly');
    expect(await buildPrompt(context(''))).not.toContain('Answer with one JSON object');
  });

  it('says nothing of reproductions to a side that runs none (reproductions: off), prompt and schema, and asks for them otherwise', async () => {
    const turns = [
      { turn: 'review', role: 'reviewer', heading: 'Review', text: '', toAnswer: [], toHold: [] },
      { turn: 'response', role: 'responder', heading: 'Response 1', text: review, toAnswer: ['R1', 'R2'], toHold: [] },
      { turn: 'follow-up', role: 'reviewer', heading: 'Reviewer Follow-up 1', text: afterResponse, toAnswer: [], toHold: ['R2'] },
    ] as const;
    for (const { turn, role, heading, text, toAnswer, toHold } of turns) {
      const scope = { turn, role, toAnswer, toHold };
      const prompt = async (reproductions: boolean) =>
        buildPrompt({ ...context(text, { turn, role, heading }), reproductions, answerSchema: answerJsonSchema(scope, { reproductions }) });
      expect({ turn, said: (await prompt(false)).match(/.*reproduc.*/gi) }).toEqual({ turn, said: null });
      expect({ turn, asked: /`reproduction`/.test(await prompt(true)) }).toEqual({ turn, asked: true });
    }
  });

  it('asks the CONSENSUS narrative for no list of what code-debate adds, and for an extra list only when there is work to put in it', async () => {
    const prompt = await buildPrompt(context(afterResponse, { turn: 'consensus', heading: 'CONSENSUS' }));
    expect(prompt).toContain('Do not list the points or their outcome: code-debate adds them after your text.');
    expect(prompt).toContain('otherwise write no list');
    expect(prompt).not.toContain('action items');
  });

  it.each(['response', 'follow-up', 'consensus'] as const)('renders the %s prompt with nothing left unfilled', async (turn) => {
    const prompt = await buildPrompt(context(afterResponse, { turn, role: turn === 'response' ? 'responder' : 'reviewer', heading: 'X' }));
    expect(prompt).not.toMatch(/\{\{|\}\}/);
    expect(prompt).toContain('the diff against main');
  });
});

describe('failed citations', () => {
  it('tell the next agent which citations do not hold, and nothing when all hold', () => {
    const failed = '- `src/app.js:120` (Review): src/app.js has 2 lines, not 120';
    expect(promptValues(context(afterResponse, { failedCitations: failed })).failed_citations).toBe(
      `\ncode-debate checked every \`path:line\` cited so far against the code under review; these do not hold. Do not rely on them, and correct your own:\n\n${failed}\n`,
    );
    expect(promptValues(context(afterResponse)).failed_citations).toBe('');
  });
});

describe('files and changes since the review', () => {
  it('carry the summary of every changed file, and name the files that moved since the Review', () => {
    const values = promptValues(context(afterResponse, { changedSinceReview: ['src/app.js'] }));
    expect(values.files).toBe('src/app.js (modified, +1 -0)');
    expect(values.changed_files).toBe(
      '\nThe change under review moved since the Review was written (the author pushed or edited); these files changed since then, so check points about them against the diff below:\n\n- src/app.js\n',
    );
    expect(promptValues(context(afterResponse)).changed_files).toBe('');
  });
});

describe('the stance and the continuation', () => {
  it("gives the Responder the devil's advocate instructions, and nobody else", () => {
    const responder = promptValues(context(review, { turn: 'response', role: 'responder', stance: 'devils-advocate' }));
    expect(responder.stance).toContain('**Assumptions:**');
    expect(responder.stance).toContain("argue the strongest case for the opposite of the Reviewer's position");
    expect(responder.stance).toContain('still give each point its label, Agreed, Partially agreed or Disagreed');
    expect(promptValues(context(review, { turn: 'review', role: 'reviewer', stance: 'devils-advocate' })).stance).toBe('');
    expect(promptValues(context(review, { turn: 'response', role: 'responder' })).stance).toBe('');
  });

  it('puts the stance into the rendered response prompt', async () => {
    const prompt = await buildPrompt(context(review, { turn: 'response', role: 'responder', heading: 'Response 1', stance: 'devils-advocate' }));
    expect(prompt).toContain("Your stance is devil's advocate (--stance devils-advocate).");
  });

  it('leaves the diff and the file list out of a continuation, and nothing else', async () => {
    const base = context(afterResponse, { turn: 'follow-up', heading: 'Reviewer Follow-up 1' });
    const full = await buildPrompt(base);
    const continued = await buildPrompt({ ...base, continued: true });
    expect(full).toContain(diff.trimEnd());
    expect(continued).not.toContain(diff.trimEnd());
    expect(continued).toContain('(unchanged: it is the diff you read earlier in this conversation)');
    expect(continued).toContain('(as listed earlier in this conversation)');
    expect(continued).toContain('- R2: **Disagreed**, covered elsewhere.');
    expect(continued.length).toBeLessThan(full.length);
  });
});
