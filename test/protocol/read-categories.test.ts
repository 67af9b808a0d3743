import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/protocol/document.js';
import { readCategories } from '../../src/protocol/read-categories.js';
import { readPoints } from '../../src/protocol/read-points.js';

const twoPoints = readPoints('### R1. First\nx\n\n### R2. Second\ny');
const threePoints = readPoints('1. a\n2. b\n3. c');
const categoriesOf = (body: string, points: readonly Point[] = twoPoints) =>
  Object.fromEntries([...readCategories(body, points)].map(([id, reply]) => [id, reply.category]));

describe('readCategories: the reply, not the title', () => {
  it('does not read a heading title `Agreed-upon format` as the answer', () => {
    const points = readPoints('### R1. Agreed-upon format is broken\nx');
    expect(categoriesOf('### R1. Agreed-upon format is broken\n**Disagreed**: it works.', points)).toEqual({ R1: 'disagreed' });
  });
});

const onePoint = readPoints('The whole change is risky.');
/** The category of an answer to a one-point review written without a marker. */
const categoryOf = (text: string) => readCategories(text, onePoint).get('R1')?.category ?? null;

describe('the category of an answer, read by the label grammar', () => {
  it.each([
    ['**Agreed**', 'agreed'],
    ['**Agreed.** Will fix.', 'agreed'],
    ['**Agreed:** yes', 'agreed'],
    ['**Partially agreed** — the first half only.', 'partially-agreed'],
    ['**Partially agree**', 'partially-agreed'],
    ['**Partly agreed**', 'partially-agreed'],
    ['**Disagreed** — it is tested.', 'disagreed'],
    ['**Disagree**', 'disagreed'],
    ['** Agreed **', 'agreed'],
  ])('reads the bold label %j', (text, category) => {
    expect(categoryOf(text)).toBe(category);
  });

  it.each([
    ['Agreed.', 'agreed'],
    ['Agreed — will fix.', 'agreed'],
    ['Partially agree: the name yes, the split no.', 'partially-agreed'],
    ['partially  agreed', 'partially-agreed'],
    ['Disagree. It is covered.', 'disagreed'],
    ['Disagreed', 'disagreed'],
    ['✅ Agreed', 'agreed'],
  ])('reads the first words %j', (text, category) => {
    expect(categoryOf(text)).toBe(category);
  });

  it.each([
    ['AGREED', 'agreed'],
    ['PARTIALLY AGREED', 'partially-agreed'],
    ['DisAgreed', 'disagreed'],
    ['**pArTiAlLy AgReEd**', 'partially-agreed'],
  ])('reads %j in any letter case', (text, category) => {
    expect(categoryOf(text)).toBe(category);
  });

  it('reads a bold label after prose that uses the word', () => {
    expect(categoryOf('As agreed before, this one is **Disagreed**: it is tested.')).toBe('disagreed');
    expect(categoryOf("I don't agree. **Disagreed**.")).toBe('disagreed');
  });

  it.each([
    'Will fix in a follow-up commit.',
    'There is no agreement yet.',
    'A disagreement about naming.',
    'I do not agree: the path is unreachable.',
    "I don't agree with this.",
    'I cannot agree.',
    'Not agreed.',
    'I agree.',
    'Agreed, will fix.',
    'Disagreed with the fix, agreed with the diagnosis.',
    'I do not agree with all of it: partially agreed.',
    '',
  ])('never takes a category from the prose %j', (text) => {
    expect(categoryOf(text)).toBeNull();
  });
});

describe('readCategories', () => {
  it('reads the seed peer style `1. **Agreed** — ...`', () => {
    const body = '1. **Agreed** — my reasoning for point 1 is stated here.\n2. **Partially agreed** — my reasoning for point 2 is stated here.';
    const replies = readCategories(body, twoPoints);
    expect([...replies].map(([id, { category, text }]) => [id, category, text])).toEqual([
      ['R1', 'agreed', '1. **Agreed** — my reasoning for point 1 is stated here.'],
      ['R2', 'partially-agreed', '2. **Partially agreed** — my reasoning for point 2 is stated here.'],
    ]);
  });

  it('reads replies under `### R1` headings', () => {
    expect(categoriesOf('### R1. Unchecked parse\n**Disagreed** — it cannot fail.\n\n### R2. Missing test\nAgreed.')).toEqual({
      R1: 'disagreed',
      R2: 'agreed',
    });
  });

  it('reads replies marked `**R1**` and `- R2:`', () => {
    expect(categoriesOf('**R1** — Partially agreed: x.\n\n**R2** — **Disagreed**: y.')).toEqual({ R1: 'partially-agreed', R2: 'disagreed' });
    expect(categoriesOf('- R1: **Agreed**\n- R2: **Disagreed**')).toEqual({ R1: 'agreed', R2: 'disagreed' });
  });

  it('reads a lazily numbered reply in order', () => {
    expect(categoriesOf('1. **Agreed**\n1. **Disagreed**\n1. **Partially agreed**', threePoints)).toEqual({
      R1: 'agreed',
      R2: 'disagreed',
      R3: 'partially-agreed',
    });
  });

  it('reads replies written out of order by their numbers', () => {
    expect(categoriesOf('2. **Disagreed**\n1. **Agreed**')).toEqual({ R1: 'agreed', R2: 'disagreed' });
  });

  it('gives null for an uncategorized reply and leaves out a point the body does not mention', () => {
    expect(categoriesOf('1. Will look into it.', threePoints)).toEqual({ R1: null });
    expect(readCategories('2. Will look into it.', threePoints).get('R2')).toEqual({ category: null, reading: { state: 'missing' }, text: '2. Will look into it.' });
  });

  it('ignores replies to points it was not asked about, and the same label given twice', () => {
    expect(categoriesOf('1. **Agreed**\n2. **Disagreed**\n7. **Agreed**', [twoPoints[1] as Point])).toEqual({ R2: 'disagreed' });
    expect(categoriesOf('- R1: **Agreed**\n- R1: **Agreed**, again')).toEqual({ R1: 'agreed' });
  });

  it('reads a point answered twice with two different labels as a conflict', () => {
    expect(readCategories('- R1: **Agreed**\n- R1: **Disagreed**', twoPoints).get('R1')?.reading.state).toBe('conflict');
  });

  it('reads a prose reply to a single point as the reply to that point', () => {
    const [only] = readPoints('The whole change is risky.');
    const replies = readCategories('\n**Partially agreed**: the risk is real but small.\n', [only as Point]);
    expect([...replies].map(([id, { category, text }]) => [id, category, text])).toEqual([['R1', 'partially-agreed', '**Partially agreed**: the risk is real but small.']]);
  });

  it('reads nothing from a prose reply to several points', () => {
    expect(readCategories('Agreed on everything.', twoPoints)).toEqual(new Map());
  });

  it('reads nothing when there are no points', () => {
    expect(readCategories('1. **Agreed**', [])).toEqual(new Map());
  });
});
