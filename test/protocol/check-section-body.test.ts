import { describe, expect, it } from 'vitest';
import { checkSectionBody } from '../../src/protocol/check-section-body.js';
import { parseOk } from './parse-ok.js';

const review = '## Review\n\n### R1. Unchecked result\n**Severity:** high\n\n### R2. Missing test\n**Severity:** low\n';
const afterReview = parseOk(review);
const afterResponseText = `${review}\n---\n\n## Response 1\n\n### R1\n**Agreed**\n\n### R2\n**Disagreed**: it is tested.\n`;
const afterResponse = parseOk(afterResponseText);

describe('checkSectionBody: a review', () => {
  it('accepts numbered points that each have a severity', () => {
    expect(checkSectionBody('review', '### R1. A\n**Severity:** nit\n', parseOk(''))).toEqual([]);
  });

  it('refuses prose without a numbered point', () => {
    expect(checkSectionBody('review', 'Looks good to me.', parseOk(''))).toEqual([
      'It raises no numbered point: write each point under its own heading `### R1. <title>`, `### R2. <title>`, ...',
    ]);
  });

  it('names the points without a severity', () => {
    expect(checkSectionBody('review', '### R1. A\n**Severity:** high\n\n### R2. B\ntext\n\n### R3. C\ntext', parseOk(''))).toEqual([
      'R2: no severity could be read in "### R2. B ⏎ text". Add one line `**Severity:** critical|high|medium|low|nit` to it.',
      'R3: no severity could be read in "### R3. C ⏎ text". Add one line `**Severity:** critical|high|medium|low|nit` to it.',
    ]);
  });

  it('accepts the severities written in the other common places and scales', () => {
    expect(checkSectionBody('review', '### R1. A — Critical\nx\n\n### R2. B\nSeverity: Major\n\n### R3. C [P2]\ny', parseOk(''))).toEqual([]);
  });

  it('quotes both severities given to one point', () => {
    expect(checkSectionBody('review', '### R1. A (low)\n**Severity:** critical', parseOk(''))).toEqual([
      'R1 is given two different severities: low (in "### R1. A (low)") and critical (in "**Severity:** critical"). Keep only the one you mean.',
    ]);
  });
});

describe('checkSectionBody: a response', () => {
  it('accepts a categorized answer to every open point', () => {
    expect(checkSectionBody('response', '### R1\n**Agreed**\n\n### R2\n**Partially agreed**: half.', afterReview)).toEqual([]);
  });

  it('names open points left unanswered and answers without a category, never guessing', () => {
    expect(checkSectionBody('response', '### R1\nI see what you mean.', afterReview)).toEqual([
      'It does not answer R2: answer every open point under its own heading `### R1. <title>`.',
      'R1: no category could be read in "### R1 ⏎ I see what you mean.". Start the answer with exactly one of **Agreed**, **Partially agreed** or **Disagreed**, in bold (`**Agreed**: …`).',
    ]);
  });

  it('accepts a category in the heading, a table or a key line', () => {
    expect(checkSectionBody('response', '### R1. Agreed\nWill fix.\n\n### R2 — Disagreed\nIt is tested.', afterReview)).toEqual([]);
    expect(checkSectionBody('response', '| Point | Verdict |\n|---|---|\n| R1 | Agreed |\n| R2 | Partially agreed |', afterReview)).toEqual([]);
    expect(checkSectionBody('response', '### R1\n**Verdict:** Agreed\n\n### R2\nStatus: Disagreed — it is tested.', afterReview)).toEqual([]);
  });

  it('quotes both labels when a point is given two, and the prose that gave none', () => {
    expect(checkSectionBody('response', '### R1 — Agreed\nOn reflection, **Disagreed**: it is checked.\n\n### R2\nThe loader agreed to retry.', afterReview)).toEqual([
      'R1 is given two different categories: agreed (in "### R1 — Agreed") and disagreed (in "On reflection, **Disagreed**: it is checked."). Keep only the one you mean.',
      'R2: no category could be read in "### R2 ⏎ The loader agreed to retry.". Start the answer with exactly one of **Agreed**, **Partially agreed** or **Disagreed**, in bold (`**Agreed**: …`).',
    ]);
  });

  it('asks only about the points still open', () => {
    const afterFollowUp = parseOk(`${afterResponseText}\n---\n\n## Reviewer Follow-up 1\n\n### R2\n**Maintained**\n`);
    expect(checkSectionBody('response', '### R2\n**Agreed**', afterFollowUp)).toEqual([]);
  });
});

describe('checkSectionBody: a follow-up', () => {
  it('accepts replies to open points and a new point with the next id', () => {
    expect(checkSectionBody('follow-up', '### R2\n**Maintained**\n\n### R3. New\n**Severity:** low', afterResponse)).toEqual([]);
  });

  it('asks for the position of an open point it speaks of, and the severity of a point it raises', () => {
    expect(checkSectionBody('follow-up', '### R2\nThe config writer accepts user edits.\n\n### R3. New\nIt leaks.', afterResponse)).toEqual([
      'R2: no position could be read in "### R2 ⏎ The config writer accepts user edits.". Start the answer with exactly one of **Maintained**, **Accepted** or **Withdrawn**, in bold (`**Maintained**: …`).',
      'R3: no severity could be read in "### R3. New ⏎ It leaks.". Add one line `**Severity:** critical|high|medium|low|nit` to it.',
    ]);
    expect(checkSectionBody('follow-up', '### R2 — Withdrawn\nThe test exists.', afterResponse)).toEqual([]);
  });

  it('refuses to reopen a point already resolved', () => {
    expect(checkSectionBody('follow-up', '### R1\n**Maintained**\n\n### R2\n**Maintained**', afterResponse)).toEqual([
      'It addresses R1, already resolved: a follow-up speaks only of the points still open (or raises a new one with the next free id).',
    ]);
  });
});

it('takes any narrative for a CONSENSUS', () => {
  expect(checkSectionBody('consensus', 'All good.', afterResponse)).toEqual([]);
});

