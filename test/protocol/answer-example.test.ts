import { describe, expect, it } from 'vitest';
import { exampleAnswer } from '../../src/protocol/answer-example.js';
import { answerJsonSchema, checkAnswerData, type AnswerScope } from '../../src/protocol/answer-schema.js';

const scopes: AnswerScope[] = [
  { turn: 'review', role: 'reviewer', toAnswer: [], toHold: [] },
  { turn: 'response', role: 'responder', toAnswer: ['R1', 'R2'], toHold: ['F1'] },
  { turn: 'follow-up', role: 'reviewer', toAnswer: ['F1'], toHold: ['R1', 'R2'] },
  { turn: 'response', role: 'responder', toAnswer: [], toHold: [] },
];

describe('exampleAnswer', () => {
  it.each(scopes)('fills the schema of a $turn answering $toAnswer so that it validates as it is', (scope) => {
    const example = exampleAnswer(answerJsonSchema(scope).schema, 'src/app.js');
    expect(checkAnswerData(example, scope, 1)).toMatchObject({ ok: true });
  });

  it('answers each open point once, shows evidence with one place, and leaves nullable fields null', () => {
    const example = exampleAnswer(answerJsonSchema(scopes[1] as AnswerScope).schema, 'src/app.js') as {
      answers: Array<{ id: string; label: string; evidence: unknown[] }>;
      newPoints: unknown[];
    };
    expect(example.answers.map((answer) => [answer.id, answer.label])).toEqual([
      ['R1', 'Agreed'],
      ['R2', 'Agreed'],
    ]);
    expect(example.answers[0]?.evidence).toEqual([{ path: 'src/app.js', line: 1, endLine: null }]);
    expect(example.newPoints).toEqual([]);
    const review = exampleAnswer(answerJsonSchema(scopes[0] as AnswerScope).schema, 'src/app.js') as { points: Array<{ severity: string }> };
    expect(review.points).toHaveLength(1);
    expect(review.points[0]?.severity).toBe('medium');
  });
});
