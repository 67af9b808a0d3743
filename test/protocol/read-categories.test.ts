import { describe, expect, it } from 'vitest';
import type { Point } from '../../src/protocol/document.js';
import { readCategories, readCategory } from '../../src/protocol/read-categories.js';
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

describe('readCategory', () => {
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
    expect(readCategory(text)).toBe(category);
  });

  it.each([
    ['Agreed, will fix.', 'agreed'],
    ['I agree.', 'agreed'],
    ['Partially agree: the name yes, the split no.', 'partially-agreed'],
    ['partially  agreed', 'partially-agreed'],
    ['Disagree. It is covered.', 'disagreed'],
    ['Disagreed', 'disagreed'],
  ])('reads the plain word %j', (text, category) => {
    expect(readCategory(text)).toBe(category);
  });

  it.each([
    ['AGREED', 'agreed'],
    ['PARTIALLY AGREED', 'partially-agreed'],
    ['DisAgreed', 'disagreed'],
    ['**pArTiAlLy AgReEd**', 'partially-agreed'],
  ])('reads %j in any letter case', (text, category) => {
    expect(readCategory(text)).toBe(category);
  });

  it('prefers a bold label to an earlier plain word', () => {
    expect(readCategory('As agreed before, this one is **Disagreed**: it is tested.')).toBe('disagreed');
  });

  it('takes the first plain word when there is no bold label', () => {
    expect(readCategory('Disagreed with the fix, agreed with the diagnosis.')).toBe('disagreed');
  });

  it.each([
    'Will fix in a follow-up commit.',
    'There is no agreement yet.',
    'A disagreement about naming.',
    'I do not agree: the path is unreachable.',
    "I don't agree with this.",
    'I cannot agree.',
    'Not agreed.',
    '',
  ])('never guesses a category for %j', (text) => {
    expect(readCategory(text)).toBeNull();
  });

  it('reads the label after a negated word', () => {
    expect(readCategory("I don't agree. **Disagreed**.")).toBe('disagreed');
    expect(readCategory('I do not agree with all of it: partially agreed.')).toBe('partially-agreed');
  });
});

describe('readCategories', () => {
  it('reads the seed peer style `1. **Agreed** — ...`', () => {
    const body = '1. **Agreed** — my reasoning for point 1 is stated here.\n2. **Partially agreed** — my reasoning for point 2 is stated here.';
    expect(readCategories(body, twoPoints)).toEqual(
      new Map([
        ['R1', { category: 'agreed', text: '1. **Agreed** — my reasoning for point 1 is stated here.' }],
        ['R2', { category: 'partially-agreed', text: '2. **Partially agreed** — my reasoning for point 2 is stated here.' }],
      ]),
    );
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
    expect(readCategories('2. Will look into it.', threePoints).get('R2')).toEqual({ category: null, text: '2. Will look into it.' });
  });

  it('ignores replies to points it was not asked about, and a second reply to the same point', () => {
    expect(categoriesOf('1. **Agreed**\n2. **Disagreed**\n7. **Agreed**', [twoPoints[1] as Point])).toEqual({ R2: 'disagreed' });
    expect(categoriesOf('- R1: **Agreed**\n- R1: **Disagreed**')).toEqual({ R1: 'agreed' });
  });

  it('reads a prose reply to a single point as the reply to that point', () => {
    const [only] = readPoints('The whole change is risky.');
    expect(readCategories('\n**Partially agreed**: the risk is real but small.\n', [only as Point])).toEqual(
      new Map([['R1', { category: 'partially-agreed', text: '**Partially agreed**: the risk is real but small.' }]]),
    );
  });

  it('reads nothing from a prose reply to several points', () => {
    expect(readCategories('Agreed on everything.', twoPoints)).toEqual(new Map());
  });

  it('reads nothing when there are no points', () => {
    expect(readCategories('1. **Agreed**', [])).toEqual(new Map());
  });
});
