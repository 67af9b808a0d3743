import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Options, ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerJsonSchema, checkAnswerData, type AnswerScope, type TurnAnswer } from '../../src/protocol/answer-schema.js';
import { makeDebateRepo } from '../helpers/debate-repo.js';
import { answerFromSchema, hintsFor } from './answer-from-schema.js';

// What the contract suite's stand-ins answer under a schema must be what a model held to it could
// answer: valid for a JSON Schema validator (what the APIs enforce) and for code-debate's own check.
const require = createRequire(import.meta.url);
const Ajv = (require('ajv') as { default: new (options: Options) => { compile(schema: object): ValidateFunction } }).default;
const ajv = new Ajv({ allErrors: true, strict: false });

const scopes: Array<[string, AnswerScope, string]> = [
  ['review', { turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] }, '## Review'],
  ['response', { turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: ['F1'] }, '## Response 2'],
  ['follow-up', { turn: 'follow-up', role: 'reviewer', toAnswer: ['F1'], toHold: ['R1', 'R2'] }, '## Reviewer Follow-up 1'],
  ['review without hints', { turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] }, '## CONSENSUS'],
];

// The files of the repository the contract tests debate, by path: what a point's evidence must cite.
let repoFiles: (file: string) => Promise<string[]>;
let cleanup = async () => {};
beforeAll(async () => {
  const repo = await makeDebateRepo();
  cleanup = repo.cleanup;
  repoFiles = async (file) => (await readFile(path.join(repo.dir, file), 'utf8')).split('\n');
});
afterAll(() => cleanup());

describe('answerFromSchema', () => {
  it.each(scopes)('builds a %s answer that the JSON Schema and code-debate both accept, at its first try', async (_turn, scope, heading) => {
    const { schema } = answerJsonSchema(scope);
    const answer = answerFromSchema(schema, hintsFor(`Write \`${heading}\`.`));
    const validate = ajv.compile(schema);
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    const checked = checkAnswerData(answer, scope, 1);
    expect(checked, JSON.stringify(checked)).toMatchObject({ ok: true });
    const { answers, positions, newPoints } = (checked as { answer: TurnAnswer }).answer;
    // Meaningful for its turn: every id its enums allow answered or held; a review raises a point.
    expect(answers.map((item) => item.id)).toEqual(scope.toAnswer);
    expect(positions.map((item) => item.id)).toEqual(scope.toHold);
    if (scope.turn === 'review') expect(newPoints.map((point) => point.id)).toEqual(['R1']);
    // Every line it cites is one of the test repository's.
    for (const { path: file, line, endLine } of [...answers, ...newPoints].flatMap((item) => item.evidence)) {
      expect(file).toMatch(/^[^\s`:]+$/);
      expect((await repoFiles(file)).length, `${file}:${line}`).toBeGreaterThanOrEqual(endLine ?? line);
    }
  });

  it("cites the line the test repository's change adds", async () => {
    const review = answerJsonSchema({ turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] }).schema;
    const answer = answerFromSchema(review, hintsFor('Write `## Review`.')) as { points: Array<{ evidence: Array<{ path: string; line: number }> }> };
    const cited = answer.points.flatMap((point) => point.evidence);
    expect(cited.length).toBeGreaterThan(0);
    for (const { path: file, line } of cited) expect((await repoFiles(file))[line - 1]).toContain('console.log(name);');
  });

  it('answers every id of an enum, with the hinted label and reasoning', () => {
    const { schema } = answerJsonSchema({ turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: [] });
    expect(answerFromSchema(schema, hintsFor('Write `## Response 1`.'))).toEqual({
      summary: '',
      answers: [
        { id: 'R1', label: 'Agreed', reasoning: 'the log goes; it was left from debugging.', evidence: [], reproduction: null },
        { id: 'R2', label: 'Agreed', reasoning: 'the log goes; it was left from debugging.', evidence: [], reproduction: null },
      ],
      newPoints: [],
    });
  });

  it('raises the one point of the debate in a review, and accepts it in a follow-up', () => {
    const review = answerJsonSchema({ turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] }).schema;
    expect(answerFromSchema(review, hintsFor('Write `## Review`.'))).toEqual({
      summary: '',
      points: [
        {
          title: 'Debug output left in',
          severity: 'medium',
          evidence: [{ path: 'src/app.js', line: 2, endLine: null }],
          reasoning: 'The `console.log(name)` at `src/app.js:2` prints user input: remove it.',
          reproduction: null,
        },
      ],
    });
    const followUp = answerJsonSchema({ turn: 'follow-up', role: 'reviewer', toAnswer: [], toHold: ['R1'] }).schema;
    expect(answerFromSchema(followUp, hintsFor('Write `## Reviewer Follow-up 1`.'))).toEqual({
      summary: '',
      positions: [{ id: 'R1', position: 'Accepted', reasoning: 'fixed as agreed.', severity: null }],
      newPoints: [],
    });
  });

  it('takes the heading named last: a resumed conversation still holds the earlier prompts', () => {
    expect(hintsFor('Write `## Review`. ... Now write `## Reviewer Follow-up 1`.')).toMatchObject({ position: 'Accepted' });
    expect(hintsFor('Write `## Reviewer Follow-up 1`. ... Now write `## Response 2`.')).toMatchObject({ label: 'Agreed' });
    expect(hintsFor('Write `## CONSENSUS`.')).toEqual({});
  });
});
